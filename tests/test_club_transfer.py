"""Paying the club by a QR code: the IBAN's check digits, the EPC069-12 payload, the book's
account and a member's transfer (on both engines), and ``schocken club pay-qr`` decoded by a real
QR reader (zbar)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import ENGINES
from postgres_helpers import Postgres
from schocken.cli import main
from schocken.club import ClubBook
from schocken.club.transfer import (
    IBAN_LENGTHS,
    SEPA_CHARACTERS,
    check_bic,
    check_holder,
    check_iban,
    epc_payload,
    reference,
)
from schocken.errors import ClubError

IBAN = "DE89370400440532013000"


@pytest.fixture(params=ENGINES)
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "book.sqlite3")
    server: Postgres = request.getfixturevalue("postgres_server")
    return server.new_database()


@pytest.mark.parametrize(
    "text", ["DE89 3704 0044 0532 0130 00", "de89370400440532013000", "GB82 WEST 1234 5698 7654 32"]
)
def test_an_iban_with_the_right_check_digits_is_taken_without_spaces(text: str) -> None:
    assert check_iban(text) == "".join(text.split()).upper()


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("DE89 3704 0044 0532 0130 01", "has a typo"),
        ("DE98 3704 0044 0532 0130 00", "has a typo"),
        ("3704 0044 0532 0130 00", "is not an IBAN"),
        ("DE89", "is not an IBAN"),
        ("DE89 3704-0044", "is not an IBAN"),
        (None, "is a text"),
        # the check digits fit, but not the country's length or the country (ISO 13616)
        ("DE64 3704 0044 0532 01", "an IBAN of DE has 22 characters, this one has 18"),
        ("DE28 3704 0044 0532 0130 0000 00", "an IBAN of DE has 22 characters, this one has 26"),
        ("XX46 3704 0044 0532 0130 00", "XX is no country with IBANs"),
    ],
)
def test_a_wrong_iban_is_refused_with_what_is_wrong(text: object, why: str) -> None:
    with pytest.raises(ClubError, match=why):
        check_iban(text)


def test_the_payload_has_the_twelve_fields_of_epc069_12() -> None:
    payload = epc_payload(
        IBAN, "Stammtisch Krone e.V.", 1234567, "Schockbuch Krone Ben", "COBADEFFXXX"
    )
    lines = payload.split("\n")
    assert lines == [
        "BCD", "002", "1", "SCT", "COBADEFFXXX", "Stammtisch Krone e.V.", IBAN, "EUR12345.67",
        "", "", "Schockbuch Krone Ben",
    ]  # fmt: skip
    assert len(payload.encode()) <= 331
    assert epc_payload(IBAN, "K", 5, "x").split("\n")[7] == "EUR0.05"
    for cents in (0, -100, 100_000_000_000):
        with pytest.raises(ClubError, match=r"0\.01 to 999,999,999\.99"):
            epc_payload(IBAN, "K", cents, "x")
    with pytest.raises(ClubError, match="BIC"):
        check_bic("NOPE")
    assert len(reference("K" * 100, "B" * 100)) == 140


def test_a_members_balance_becomes_a_transfer_to_the_clubs_account(target: str) -> None:
    book = ClubBook(target)
    book.create_club("Krone")
    for name in ("Anna", "Ben"):
        book.add_member("Krone", name)
    book.set_price("Krone", "game_lost", 150)
    book.add_evening("Krone", "2024-03-05", present=["Anna", "Ben"])
    book.add_game("Krone", "2024-03-05", loser="Ben")
    book.add_game("Krone", "2024-03-05", loser="Ben")
    with pytest.raises(ClubError, match="no bank account yet"):
        book.transfer("Krone", "Ben")
    with pytest.raises(ClubError, match="typo"):
        book.set_account("Krone", "DE89 3704 0044 0532 0130 01", "Krone")
    assert book.account("Krone") is None
    book.set_account("Krone", "de89 3704 0044 0532 0130 00", " Stammtisch  Krone ")
    assert book.account("Krone") == {"iban": IBAN, "holder": "Stammtisch Krone", "bic": ""}
    transfer = book.transfer("Krone", "ben")
    assert transfer["cents"] == 300 and transfer["member"] == "Ben"
    assert transfer["reference"] == "Schockbuch Krone Ben"
    assert transfer["payload"].split("\n")[5:8] == ["Stammtisch Krone", IBAN, "EUR3.00"]
    with pytest.raises(ClubError, match="Anna owes nothing"):
        book.transfer("Krone", "Anna")
    book.pay("Krone", "Ben", 300)
    with pytest.raises(ClubError, match="Ben owes nothing"):
        book.transfer("Krone", "Ben")
    book.remove_account("Krone")
    assert book.account("Krone") is None
    book.close()


def test_pay_qr_writes_a_code_a_qr_reader_decodes_to_the_payload(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "book.sqlite3")
    steps = [
        ["create", "Krone"],
        ["member", "add", "Anna", "Ben"],
        ["price", "set", "game_lost", "2,50"],
        ["evening", "add", "2024-03-05", "--present", "Anna,Ben"],
        ["game", "add", "--date", "2024-03-05", "--loser", "Ben"],
        ["account", "set", "DE89 3704 0044 0532 0130 00", "Stammtisch Krone"],
    ]
    for step in steps:
        assert main(["club", *step, "--db", db, "--lang", "en"]) == 0
    for kind in ("png", "svg"):
        out = tmp_path / f"ben.{kind}"
        assert main(["club", "pay-qr", "Ben", str(out), "--db", db, "--lang", "en"]) == 0
        assert "Ben pays €2.50 to DE89370400440532013000" in capsys.readouterr().out
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sbinary", str(tmp_path / "ben.png")],
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout.decode("utf-8")
    assert decoded.rstrip("\n").split("\n") == [
        "BCD", "002", "1", "SCT", "", "Stammtisch Krone", IBAN, "EUR2.50", "", "",
        "Schockbuch Krone Ben",
    ]  # fmt: skip
    assert (tmp_path / "ben.svg").read_text().startswith("<?xml")
    assert main(["club", "pay-qr", "Anna", str(tmp_path / "a.svg"), "--db", db]) == 1
    assert "Anna owes nothing" in capsys.readouterr().err
    assert not (tmp_path / "a.svg").exists()


def test_the_account_goes_with_the_clubs_export_and_comes_back(target: str) -> None:
    book = ClubBook(target)
    book.create_club("Krone")
    book.set_account("Krone", IBAN, "Stammtisch Krone", bic="COBADEFFXXX")
    text = book.export_club("Krone")
    assert '"account"' in text
    other = ClubBook(":memory:")
    other.import_club(text)
    assert other.account("Krone") == book.account("Krone")
    assert other.export_club("Krone") == text
    bad = text.replace(IBAN, "DE89370400440532013001")
    with pytest.raises(ClubError, match=r"account: the IBAN .* has a typo"):
        ClubBook(":memory:").import_club(bad)
    book.close()


def test_the_iban_lengths_table_has_each_country_once_with_a_length_iso_13616_allows() -> None:
    assert all(len(c) == 2 and c.isupper() and 15 <= n <= 34 for c, n in IBAN_LENGTHS.items())
    assert (IBAN_LENGTHS["DE"], IBAN_LENGTHS["AT"], IBAN_LENGTHS["NL"]) == (22, 20, 18)
    assert (IBAN_LENGTHS["BE"], IBAN_LENGTHS["NO"], IBAN_LENGTHS["FR"]) == (16, 15, 27)
    for iban in ("AT61 1904 3002 3457 3201", "NL91 ABNA 0417 1643 00", "BE68 5390 0754 7034"):
        assert check_iban(iban) == "".join(iban.split())


@pytest.mark.parametrize(
    ("holder", "shown"),
    [
        ("Krone\x00", "U+0000"),
        ("Krone\x1b[31m", "U+001B, '['"),
        ("Krone\x07", "U+0007"),
        ("\u202eenorK", "U+202E"),
        ("Kro\u200bne", "U+200B"),
        ("Krone 🎲", "'🎲'"),
        ("Société", "'é'"),
        ("Krone\nBCD", "U+000A"),
    ],
)
def test_a_holder_a_banking_app_would_not_take_is_refused_naming_the_character(
    holder: str, shown: str
) -> None:
    with pytest.raises(ClubError, match="letters A to Z") as refused:
        check_holder(holder)
    assert str(refused.value).endswith(f"not {shown}")
    with pytest.raises(ClubError):
        epc_payload(IBAN, holder, 100, "x")
    assert (
        check_holder("Schützenbrüder Süd & Co. (1950) e.V.")
        == "Schützenbrüder Süd & Co. (1950) e.V."
    )
    assert check_holder(" Kegelclub\u00a0Krone\t e.V. ") == "Kegelclub Krone e.V."  # pasted


def _fits(payload: str) -> None:
    """A payload EPC069-12 takes: eleven lines, at most 331 bytes, every name and text in the
    SEPA character set."""
    lines = payload.split("\n")
    assert len(lines) == 11 and len(payload.encode()) <= 331
    assert lines[:4] == ["BCD", "002", "1", "SCT"]
    for line in (lines[5], lines[10]):
        assert set(line) <= SEPA_CHARACTERS, line
    assert len(lines[5]) <= 70 and len(lines[10]) <= 140


def test_long_or_strange_names_give_a_reference_that_fits_and_says_so(target: str) -> None:
    """Names a member may have (emoji, a right-to-left override, zero-width spaces, accents,
    control characters) and the longest club and member names: the code keeps to EPC069-12
    (reached 594 bytes before), and the transfer says the reference was adjusted."""
    assert reference("Krone", "Zoë 🎲") == "Schockbuch Krone Zoe"
    assert reference("Kröne", "Ørjan\u202e\u200b\x07 Łukasz") == "Schockbuch Kröne Orjan Lukasz"
    assert reference("«Krone»", "Ben_B") == "Schockbuch 'Krone' Ben-B"
    holder = "Ä" * 70
    payload = epc_payload("LC55HEMM000100010012001200023015", holder, 99_999_999_999,
                          "Schockbuch " + "Ü" * 200, "COBADEFFXXX")  # fmt: skip
    _fits(payload)
    assert len(payload.encode()) == 331
    book = ClubBook(target)
    book.create_club("🎲" * 30 + " Ünterwegs")
    club = book.clubs()[0]["name"]
    members = ["Zoë 🎲🎲", "Ben🎲" + "ä" * 36]
    for name in members:
        book.add_member(club, name)
    book.set_price(club, "game_lost", 150)
    book.add_evening(club, "2024-03-05", present=members)
    for name in members:
        book.add_game(club, "2024-03-05", loser=name)
    book.set_account(club, IBAN, "Ünterwegs " + "Ä" * 59)
    for name in members:
        transfer = book.transfer(club, name)
        _fits(transfer["payload"])
        assert transfer["adjusted"] is True
        assert transfer["payload"].split("\n")[10] == transfer["reference"]
    assert book.transfer(club, members[0])["reference"] == "Schockbuch Ünterwegs Zoe"
    long_one = book.transfer(club, members[1])["reference"]
    assert long_one == "Schockbuch Ünterwegs Ben" + "ä" * 36
    book.close()


def test_a_refused_account_changes_nothing(target: str) -> None:
    book = ClubBook(target)
    book.create_club("Krone")
    book.set_account("Krone", IBAN, "Stammtisch Krone")
    for iban, holder, bic in (
        ("DE64 3704 0044 0532 01", "Krone", ""),
        ("XX46 3704 0044 0532 0130 00", "Krone", ""),
        (IBAN, "Krone\u202e", ""),
        (IBAN, "Krone", "COBA-DE-FF"),
    ):
        with pytest.raises(ClubError):
            book.set_account("Krone", iban, holder, bic=bic)
    assert book.account("Krone") == {"iban": IBAN, "holder": "Stammtisch Krone", "bic": ""}
    book.close()
