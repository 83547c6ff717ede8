"""The Schockbuch on the server (src/schocken/server/club.py): a club made and opened through the
API, members, evenings, a game from a finished online table and one by its loser, balances by the
price list, refused input, another club's secret refused, and a kill -9 during a burst of
writes. A real server (tests/server_helpers.py)."""

from __future__ import annotations

import base64
import contextlib
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import test_server_pub
from schocken.club import HALVES, ClubBook
from schocken.record import parse_record, replay
from server_helpers import Server, running
from test_web_history import Hand, make_table

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

HOUSE = 'preset = "tsv99"\ndeckel_per_half = 2\n'
"""Short games: two Deckel a half."""


def create(server: Server, name: str, **extra: Any) -> dict[str, Any]:
    r = server.post("/api/clubs", {"name": name, **extra})
    assert r.status_code == 200, r.text
    made: dict[str, Any] = r.json()
    return made


def post(server: Server, slug: str, what: str, session: str, **body: Any) -> httpx.Response:
    return server.post(f"/api/clubs/{slug}/{what}", {"session": session, **body})


def get(server: Server, path: str, **headers: str) -> httpx.Response:
    return httpx.get(server.url + path, headers=headers, timeout=10)


def finished_table_game(server: Server) -> dict[str, Any]:
    """A short online game, Anna (played from here) and two bots, played to its end."""
    table = make_table(server, ["Anna"], 2, rules_toml=HOUSE)
    hand = Hand(server, table["id"], table["tokens"][0])
    r = server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
    assert r.status_code == 200, r.text
    hand.read()
    hand.play_until(rounds=10_000)
    hand.close()
    return table


def fines(games: list[dict[str, Any]], game_lost: int, half_lost: int) -> dict[str, int]:
    """What the games cost each loser by the price list, counted here from the games."""
    owed: dict[str, int] = {}
    for game in games:
        owed[game["loser"]] = owed.get(game["loser"], 0) + game_lost
        for section in game["sections"]:
            if section["section"] in HALVES:
                owed[section["loser"]] = owed.get(section["loser"], 0) + half_lost
    return owed


def test_a_club_with_a_table_game_and_a_game_by_its_loser(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db, seed=7, bot_delay=0) as server:
        table = finished_table_game(server)
        record = parse_record(server.get(f"/api/tables/{table['id']}/record").text)
        assert replay(record).is_over
        made = create(server, "Stammtisch Krone", password="geheim123")
        slug, session = made["club"]["slug"], made["session"]
        assert slug == "stammtisch-krone" and made["club"]["has_password"]
        for name in [*record.players, "Dora"]:
            r = post(server, slug, "members", session, name=name)
            assert r.status_code == 200, r.text
        present = [*record.players, "Dora"]
        r = post(
            server, slug, "evenings", session, date="2026-11-20", place="Krone", present=present
        )
        assert r.status_code == 200, r.text
        r = post(server, slug, "games", session, date="2026-11-20", table=table["code"])
        assert r.status_code == 200, r.text
        assert r.json()["done"]["source"] == "online"
        assert r.json()["done"]["loser"] == record.players[replay(record).loser or 0]
        r = post(server, slug, "games", session, date="2026-11-20", loser="Dora")
        assert r.status_code == 200, r.text
        assert r.json()["done"]["players"] == present
        for item, cents in (("game_lost", 100), ("half_lost", 50)):
            r = post(server, slug, "prices", session, item=item, cents=cents)
            assert r.status_code == 200, r.text
        r = post(server, slug, "payments", session, member="Dora", cents=30, date="2026-11-21")
        assert r.status_code == 200, r.text
        book = r.json()
        # The table's two bots sat under names the club also has as members: a bot's seat is a
        # bot's all the same (the club's bot_seats, not_counted by default): what it lost
        # costs nobody.
        bots = set(record.players) - {"Anna"}
        owed = {k: v for k, v in fines(book["games"], 100, 50).items() if k not in bots}
        assert owed["Dora"] == 100
        assert len(book["games"]) == 2
        balances = {b["member"]: b for b in book["balances"]}
        for name in present:
            assert balances[name]["charged"] == owed.get(name, 0)
        assert balances["Dora"]["paid"] == 30 and balances["Dora"]["balance"] == 70
        assert sum(line["cents"] for line in book["ledger"]) == sum(owed.values()) - 30
        # the statistics and a CSV, by the password's session
        opened = server.post(f"/api/clubs/{slug}/session", {"password": "geheim123"})
        assert opened.status_code == 200, opened.text
        by_password = opened.json()["session"]
        stats = get(server, f"/api/clubs/{slug}/stats", **{"x-club-session": by_password})
        assert stats.status_code == 200, stats.text
        dora = next(m for m in stats.json()["members"] if m["name"] == "Dora")
        assert dora["games"] == 1 and dora["games_lost"] == 1  # not at the online table
        low, high = dora["games_lost_ci95"]
        assert 0 < low < 0.5 < high <= 1
        anna = next(m for m in stats.json()["members"] if m["name"] == "Anna")
        assert anna["games"] == 2
        csv = get(server, f"/api/clubs/{slug}/csv/balances", **{"x-club-secret": made["secret"]})
        assert csv.status_code == 200 and "Dora" in csv.text
        api_balances = book["balances"]
    with ClubBook(server.where) as own:  # the book's own sums, from the same file
        assert own.balances(slug) == api_balances
        assert own.games(slug)[0]["source"] == "online"


def test_a_pub_game_goes_into_the_book_by_its_token(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        pub = test_server_pub.create(server)
        made = create(server, "Kneipenrunde")
        slug, session = made["club"]["slug"], made["session"]
        for name in ("Anna", "Ben"):
            post(server, slug, "members", session, name=name)
        post(server, slug, "evenings", session, date="2026-11-20")
        body = {"date": "2026-11-20", "pub": pub["id"], "pub_token": pub["token"]}
        r = post(server, slug, "games", session, **body)
        assert r.status_code == 400 and "finished" in r.json()["error"]  # not over yet
        test_server_pub.play_out(server, pub["id"], pub["token"], pub)
        r = post(server, slug, "games", session, **{**body, "pub_token": "wrong"})
        assert r.status_code == 403
        r = post(server, slug, "games", session, **body)
        assert r.status_code == 200, r.text
        assert r.json()["done"]["source"] == "pub"
        assert r.json()["done"]["loser"] == "Anna"  # 6-5-3 loses to a Schock 2
        r = post(server, slug, "games", session, **body)
        assert r.status_code == 400  # the same record twice


def test_refused_input_changes_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub")
        slug, session = made["club"]["slug"], made["session"]
        post(server, slug, "members", session, name="Anna")
        before = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        for what, body, says in (
            ("members", {"name": "anna"}, "already"),
            ("evenings", {"date": "2026-02-30"}, "date"),
            ("games", {"date": "2026-11-20", "loser": "Anna"}, "no evening"),
            ("prices", {"item": "beer", "cents": 100}, "no price item"),
            ("payments", {"member": "Zoe", "cents": 100}, "not a member"),
            ("payments", {"member": "Anna", "cents": "ten"}, ""),
        ):
            r = post(server, slug, what, session, **body)
            assert r.status_code == 400, (what, r.text)
            assert says in r.json()["error"]
        after = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        assert after == before
        r = server.post("/api/clubs", {"name": "Kegelclub"})
        assert r.status_code == 400 and "already" in r.json()["error"]
        r = server.post("/api/clubs", {"name": "Neu", "password": "short"})
        assert r.status_code == 400 and "8" in r.json()["error"]
        assert server.post("/api/clubs/neu/session", {"secret": "x"}).status_code == 403


GERMAN: dict[str, dict[str, str]] = {
    "the page's cookie": {"cookie": "schocken-lang=de"},
    "Accept-Language": {"accept-language": "de-DE,de;q=0.9,en;q=0.5"},
    "the page's cookie over Accept-Language": {
        "cookie": "schocken-lang=de",
        "accept-language": "en-US,en;q=0.9",
    },
}
"""Ways a request asks for German (docs/protocol.md, "Languages")."""
ENGLISH: dict[str, dict[str, str]] = {
    "nothing said": {},
    "the page's cookie": {"cookie": "schocken-lang=en", "accept-language": "de"},
    "Accept-Language": {"accept-language": "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7"},
}


def test_refusals_are_answered_in_the_requests_language(tmp_path: Path) -> None:
    """The book's and the server's refusals in German for a German page, in English for an
    English one, with the key of their text as ``code`` (issue 22); nothing changes."""
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub", password="geheim-und-lang")
        slug, session = made["club"]["slug"], made["session"]
        post(server, slug, "members", session, name="Anna")
        before = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        asks: list[tuple[str, dict[str, Any], int, str, str, str]] = [
            (
                f"/api/clubs/{slug}/members",
                {"session": session, "name": "anna"},
                400,
                "club_refuse_member_twice",
                "the club has a member 'Anna' already; names must differ (also in case, "
                "spacing and look-alike letters)",
                "der Verein hat schon ein Mitglied „Anna“; Namen müssen sich unterscheiden "
                "(auch in Groß- und Kleinschreibung, Leerzeichen und ähnlich aussehenden "
                "Buchstaben)",
            ),
            (
                f"/api/clubs/{slug}/payments",
                {"session": session, "member": "Anna", "cents": "2,50"},
                400,
                "club_refuse_cents_kind",
                "a payment is a whole number of cents, not '2,50'",
                "eine Zahlung wird in ganzen Cent angegeben, nicht '2,50'",
            ),
            (
                f"/api/clubs/{slug}/prices",
                {"session": session, "item": "half_lost", "cents": -50},
                400,
                "club_refuse_cents_negative",
                "the price of half_lost cannot be negative (-50 cents)",
                "der Preis für „Hälfte verloren“ kann nicht negativ sein (-50 Cent)",
            ),
            (
                f"/api/clubs/{slug}/games",
                {"session": session, "date": "2026-11-20", "loser": "Anna"},
                400,
                "club_refuse_no_evening",
                "the club has no evening on 2026-11-20 (add the evening first)",
                "der Verein hat keinen Abend am 2026-11-20 (erst den Abend eintragen)",
            ),
            (
                "/api/clubs/stammtisch/session",
                {"password": "geheim-und-lang"},
                403,
                "club_refuse_no_access",
                "no such club, or the link or password does not fit",
                "diesen Verein gibt es nicht, oder der Link oder das Passwort passt nicht",
            ),
            (
                f"/api/clubs/{slug}/session",
                {"password": "falsch-und-lang"},
                403,
                "club_refuse_no_access",
                "no such club, or the link or password does not fit",
                "diesen Verein gibt es nicht, oder der Link oder das Passwort passt nicht",
            ),
            (
                "/api/clubs/stammtisch/members",
                {"session": session, "name": "Ben"},
                403,
                "server_refuse_other_club",
                "this session opens another club, not this one",
                "diese Sitzung öffnet einen anderen Verein, nicht diesen",
            ),
        ]
        for path, body, status, code, english, german in asks:
            for way, headers in GERMAN.items():
                r = httpx.post(server.url + path, json=body, headers=headers, timeout=10)
                assert r.status_code == status, (way, r.text)
                assert r.json() == {"error": german, "code": code}, way
            for way, headers in ENGLISH.items():
                r = httpx.post(server.url + path, json=body, headers=headers, timeout=10)
                assert r.status_code == status, (way, r.text)
                assert r.json() == {"error": english, "code": code}, way
        # ?lang= (as pub mode's page asks) goes before the cookie
        r = httpx.post(
            f"{server.url}/api/clubs/{slug}/members?lang=de",
            json={"session": session, "name": "ANNA"},
            headers={"cookie": "schocken-lang=en"},
            timeout=10,
        )
        assert r.json()["error"].startswith("der Verein hat schon ein Mitglied „Anna“")
        # an export checked in a worker process: its refusal comes back with its key
        r = httpx.post(
            f"{server.url}/api/clubs/import",
            content=b'{"format": "schocken-club", "version": 7}',
            headers={"content-type": "application/json", **GERMAN["the page's cookie"]},
            timeout=10,
        )
        assert r.status_code == 400
        assert r.json() == {
            "error": "die Export-Version 7 wird nicht unterstützt (diese Version liest 1)",
            "code": "club_refuse_export_version",
        }
        after = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        assert after == before


def test_a_foreign_club_is_refused(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        ours = create(server, "Unser Verein", password="unser-passwort")
        theirs = create(server, "Der andere Verein")
        post(server, theirs["club"]["slug"], "members", theirs["session"], name="Zoe")
        slug = theirs["club"]["slug"]
        for headers in (
            {"x-club-session": ours["session"]},
            {"x-club-secret": ours["secret"]},
            {},
            {"x-club-secret": "guessed"},
        ):
            for path in ("", "/stats", "/csv/ledger"):
                r = get(server, f"/api/clubs/{slug}{path}", **headers)
                assert r.status_code == 403, (headers, path, r.text)
                assert "Zoe" not in r.text
        r = post(server, slug, "members", ours["session"], name="Eve")
        assert r.status_code == 403 and "another club" in r.json()["error"]
        r = server.post(f"/api/clubs/{slug}/session", {"password": "unser-passwort"})
        assert r.status_code == 403
        r = server.post(f"/api/clubs/{slug}/session", {"secret": ours["secret"]})
        assert r.status_code == 403
        # their own secret opens it
        r = server.post(f"/api/clubs/{slug}/session", {"secret": theirs["secret"]})
        assert r.status_code == 200
        r = get(server, f"/api/clubs/{slug}", **{"x-club-session": r.json()["session"]})
        assert [m["name"] for m in r.json()["members"]] == ["Zoe"]
        # a page from another site cannot write
        r = httpx.post(
            f"{server.url}/api/clubs/{slug}/members",
            json={"session": theirs["session"], "name": "Eve"},
            headers={"origin": "https://evil.example"},
            timeout=10,
        )
        assert r.status_code == 403


def test_every_answered_write_survives_a_kill(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    server = Server(db).start()
    try:
        made = create(server, "Stammtisch")
        slug, secret = made["club"]["slug"], made["secret"]
        session = made["session"]
        post(server, slug, "members", session, name="Anna")
        answered: list[str] = []
        lock = threading.Lock()
        stop = threading.Event()

        def writer(n: int) -> None:
            with httpx.Client(timeout=10) as client:
                for i in range(10_000):
                    if stop.is_set():
                        return
                    note = f"w{n}-{i}"
                    try:
                        r = client.post(
                            f"{server.url}/api/clubs/{slug}/payments",
                            json={"session": session, "member": "Anna", "cents": 1, "note": note},
                        )
                    except httpx.HTTPError:
                        return  # the server is gone
                    if r.status_code == 200:
                        with lock:
                            answered.append(note)

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with lock:
                if len(answered) >= 40:
                    break
            time.sleep(0.01)
        server.kill()  # in the middle of the burst: writes are under way
        stop.set()
        for thread in threads:
            thread.join()
        if server.database is None:  # the SQLite file is whole (PostgreSQL checks itself)
            with contextlib.closing(sqlite3.connect(db)) as raw:
                assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        with ClubBook(server.where) as book:
            notes = {line["text"] for line in book.ledger(slug) if line["item"] == "payment"}
        assert set(answered) <= notes
        assert len(answered) >= 40
        server.start()  # the session is kept in the book: it opens the club again
        r = get(server, f"/api/clubs/{slug}", **{"x-club-session": session})
        assert r.status_code == 200, r.text
        assert r.json()["balances"][0]["paid"] == len(notes)
        r = get(server, f"/api/clubs/{slug}", **{"x-club-secret": secret})
        assert r.status_code == 200, r.text
    finally:
        server.stop()


def test_a_session_opens_its_club_after_a_restart_and_only_its_club(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db) as server:
        ours = create(server, "Unser Verein", password="unser-passwort")
        theirs = create(server, "Der andere Verein")
        by_password = server.post("/api/clubs/unser-verein/session", {"password": "unser-passwort"})
        assert by_password.status_code == 200, by_password.text
        post(server, "unser-verein", "members", ours["session"], name="Anna")
    with running(db) as server:  # a new server process on the same file
        for session in (ours["session"], by_password.json()["session"]):
            r = get(server, "/api/clubs/unser-verein", **{"x-club-session": session})
            assert r.status_code == 200, r.text
            assert [m["name"] for m in r.json()["members"]] == ["Anna"]
        r = post(server, "unser-verein", "members", ours["session"], name="Ben")
        assert r.status_code == 200, r.text
        r = get(server, "/api/clubs/der-andere-verein", **{"x-club-session": ours["session"]})
        assert r.status_code == 403 and "another club" in r.json()["error"]
        r = get(server, "/api/clubs/unser-verein", **{"x-club-session": theirs["session"]})
        assert r.status_code == 403
        r = get(server, "/api/clubs/unser-verein", **{"x-club-session": "made-up"})
        assert r.status_code == 403
    # a new password (here on the command line) ends every session of the club
    with ClubBook(server.where) as book:
        book.set_password("unser-verein", "neues-passwort")
    with running(db) as server:
        r = get(server, "/api/clubs/unser-verein", **{"x-club-session": ours["session"]})
        assert r.status_code == 403
        r = get(server, "/api/clubs/der-andere-verein", **{"x-club-session": theirs["session"]})
        assert r.status_code == 200, r.text


def test_a_renamed_member_is_found_by_her_old_name(tmp_path: Path) -> None:
    """A phone that was offline names a member as it knew her (issue 34, item 3): the book
    lists the old names that no member has now with her name now, and a change naming an old
    name is refused with her new name (nothing booked, no one added)."""
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub")
        slug, session = made["club"]["slug"], made["session"]
        for name in ("Anna", "Dora"):
            post(server, slug, "members", session, name=name)
        post(server, slug, "members/rename", session, name="Dora", new_name="Dorothea")
        r = post(server, slug, "members/rename", session, name="dorothea", new_name="Thea")
        assert r.status_code == 200, r.text
        assert r.json()["renamed"] == [
            {"name": "Dora", "now": "Thea"},
            {"name": "dorothea", "now": "Thea"},
        ]
        assert r.json()["games"] == [] and r.json()["members"][1]["name"] == "Thea"
        r = post(server, slug, "charges", session, member="DORA", cents=100, reason="Handy")
        assert r.status_code == 400
        assert "called 'Thea' now" in r.json()["error"]
        r = httpx.post(
            f"{server.url}/api/clubs/{slug}/charges",
            json={"session": session, "member": "Dora", "cents": 100, "reason": "Handy"},
            headers={"accept-language": "de"},
            timeout=10,
        )
        assert "heißt jetzt „Thea“" in r.json()["error"]
        # A new member takes an old name: it is hers, no longer an old name.
        r = post(server, slug, "members", session, name="Dora")
        assert r.json()["renamed"] == [{"name": "dorothea", "now": "Thea"}]
        r = post(server, slug, "charges", session, member="Dora", cents=100, reason="Handy")
        assert r.status_code == 200, r.text
        assert {b["member"]: b["balance"] for b in r.json()["balances"]} == {
            "Anna": 0,
            "Thea": 0,
            "Dora": 100,
        }
        assert [m["name"] for m in r.json()["members"]] == ["Anna", "Thea", "Dora"]


def test_a_treasurers_corrections_ledger_log_and_export(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Stammtisch Krone", password="geheim123")
        slug, session = made["club"]["slug"], made["session"]
        header = {"x-club-session": session}
        for name in ("Anna", "Ben", "Cem"):
            post(server, slug, "members", session, name=name)
        post(server, slug, "evenings", session, date="2026-11-20", present=["Anna", "Ben", "Cem"])
        post(server, slug, "prices", session, item="game_lost", cents=100)
        for loser in ("Ben", "Anna"):
            assert post(server, slug, "games", session, date="2026-11-20", loser=loser).is_success
        r = post(server, slug, "members/rename", session, name="Ben", new_name="Benno")
        assert r.status_code == 200, r.text
        assert r.json()["done"]["name"] == "Benno"
        assert [g["loser"] for g in r.json()["games"]] == ["Benno", "Anna"]
        assert [g["tournament"] for g in r.json()["games"]] == [None, None]  # no tournament's
        r = post(server, slug, "members/leave", session, name="Cem", date="2026-12-31")
        assert r.status_code == 200, r.text
        assert r.json()["done"]["left"] == "2026-12-31"
        r = post(
            server, slug, "charges", session, member="Anna", cents=50, reason="Würfel vom Tisch"
        )
        assert r.status_code == 200, r.text
        assert r.json()["done"] == {"member": "Anna", "charged": 150, "paid": 0, "balance": 150}
        r = post(server, slug, "games/void", session, date="2026-11-20", number=1, reason="doppelt")
        assert r.status_code == 200, r.text
        assert r.json()["done"]["void"] == "doppelt"
        balances = {b["member"]: b["balance"] for b in r.json()["balances"]}
        assert balances == {"Anna": 150, "Benno": 0, "Cem": 0}  # the struck-out game costs nothing
        r = get(server, f"/api/clubs/{slug}/ledger?member=anna", **header)
        assert r.status_code == 200, r.text
        lines = r.json()["lines"]
        assert [(x["item"], x["cents"], x["text"]) for x in lines] == [
            ("game_lost", 100, ""),
            ("charge", 50, "Würfel vom Tisch"),
        ]
        assert r.json()["balance"]["balance"] == 150
        r = get(server, f"/api/clubs/{slug}/log", **header)
        assert r.status_code == 200, r.text
        actions = [e["action"] for e in r.json()]
        assert actions[-4:] == ["member_renamed", "member_left", "charged", "game_voided"]
        assert r.json()[-1]["detail"]["reason"] == "doppelt"
        r = get(server, f"/api/clubs/{slug}/export", **header)
        assert r.status_code == 200, r.text
        assert r.headers["content-disposition"] == 'attachment; filename="stammtisch-krone.json"'
        exported = r.text
        with ClubBook(server.where) as book:
            assert exported == book.export_club(slug)
        # the same club cannot come in twice; nothing changes
        r = httpx.post(
            f"{server.url}/api/clubs/import",
            content=exported.encode(),
            headers={"content-type": "application/json"},
            timeout=10,
        )
        assert r.status_code == 400 and "already" in r.json()["error"], r.text
    # into another server's book: the same club, the same export, its old keys open it
    with running(tmp_path / "other.sqlite3") as other:
        r = httpx.post(
            f"{other.url}/api/clubs/import",
            content=exported.encode(),
            headers={"content-type": "application/json"},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        assert r.json()["club"]["slug"] == slug
        r = get(other, f"/api/clubs/{slug}/export", **{"x-club-session": r.json()["session"]})
        assert r.text == exported
        assert other.post(f"/api/clubs/{slug}/session", {"password": "geheim123"}).is_success
        assert other.post(f"/api/clubs/{slug}/session", {"secret": made["secret"]}).is_success


def import_raw(server: Server, content: bytes, **headers: str) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/clubs/import",
        content=content,
        headers={"content-type": "application/json", **headers},
        timeout=10,
    )


def test_refused_corrections_and_imports_change_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub")
        slug, session = made["club"]["slug"], made["session"]
        header = {"x-club-session": session}
        for name in ("Anna", "Ben"):
            post(server, slug, "members", session, name=name)
        post(server, slug, "members/leave", session, name="Ben", date="2026-12-31")
        post(server, slug, "evenings", session, date="2026-11-20", present=["Anna", "Ben"])
        post(server, slug, "games", session, date="2026-11-20", loser="Anna")
        post(server, slug, "games/void", session, date="2026-11-20", number=1, reason="Probe")
        before = get(server, f"/api/clubs/{slug}", **header).json()
        log_before = get(server, f"/api/clubs/{slug}/log", **header).json()
        for what, body, says in (
            ("members/rename", {"name": "Anna", "new_name": "ben"}, "already"),
            ("members/rename", {"name": "Zoe", "new_name": "Zora"}, "not a member"),
            ("members/rename", {"name": "Anna", "new_name": ""}, "name"),
            ("members/leave", {"name": "Zoe"}, "not a member"),
            ("members/leave", {"name": "Anna", "date": "2026-13-01"}, "no day 2026-13-01"),
            ("charges", {"member": "Anna", "cents": 50}, "reason"),
            ("charges", {"member": "Anna", "cents": 50, "reason": "  "}, "blank"),
            ("charges", {"member": "Anna", "cents": 0, "reason": "x"}, ""),
            ("charges", {"member": "Zoe", "cents": 50, "reason": "x"}, "not a member"),
            ("games/void", {"date": "2026-11-20", "number": 1, "reason": "again"}, "already"),
            ("games/void", {"date": "2026-11-20", "number": 2, "reason": "x"}, "no game 2"),
            ("games/void", {"date": "2026-11-20", "number": "1", "reason": "x"}, "number"),
            ("games/void", {"date": "2026-11-21", "number": 1, "reason": "x"}, "no evening"),
            ("games/void", {"date": "2026-11-20", "number": 1}, "reason"),
        ):
            r = post(server, slug, what, session, **body)
            assert r.status_code == 400, (what, body, r.text)
            assert says in r.json()["error"], (what, r.text)
        r = get(server, f"/api/clubs/{slug}/ledger?member=Zoe", **header)
        assert r.status_code == 400 and "not a member" in r.json()["error"]
        # malformed exports: the reader's message, no club made
        good = get(server, f"/api/clubs/{slug}/export", **header).text
        for content, says in (
            (b"this is no export", "not valid JSON"),
            (b"\xff\xfe", "UTF-8"),
            (b"[]", "an export must be a JSON object"),
            (b'{"format": "zip"}', "'format' must be"),
            (good.replace('"version": 1', '"version": 7').encode(), "version 7"),
            (good.replace("Kegelclub", "Neuer Club").replace('"Anna"', '"Zoe"', 1).encode(), ""),
        ):
            r = import_raw(server, content)
            assert r.status_code == 400, (content[:40], r.text)
            assert says in r.json()["error"], r.text
        assert import_raw(server, b"{}", origin="https://evil.example").status_code == 403
        r = httpx.post(f"{server.url}/api/clubs/import", content=good, timeout=10)
        assert r.status_code == 415
        with ClubBook(server.where) as book:
            assert [c["slug"] for c in book.clubs()] == [slug]
        assert get(server, f"/api/clubs/{slug}", **header).json() == before
        assert get(server, f"/api/clubs/{slug}/log", **header).json() == log_before


def test_a_foreign_clubs_corrections_log_and_export_are_refused(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        ours = create(server, "Unser Verein")
        theirs = create(server, "Der andere Verein")
        slug = theirs["club"]["slug"]
        for name in ("Zoe", "Yann"):
            post(server, slug, "members", theirs["session"], name=name)
        post(
            server, slug, "evenings", theirs["session"], date="2026-11-20", present=["Zoe", "Yann"]
        )
        post(server, slug, "games", theirs["session"], date="2026-11-20", loser="Zoe")
        for headers in ({"x-club-session": ours["session"]}, {"x-club-secret": ours["secret"]}, {}):
            for path in ("/log", "/export", "/ledger?member=Zoe"):
                r = get(server, f"/api/clubs/{slug}{path}", **headers)
                assert r.status_code == 403, (headers, path, r.text)
                assert "Zoe" not in r.text
        for what, body in (
            ("members/rename", {"name": "Zoe", "new_name": "Eve"}),
            ("members/leave", {"name": "Zoe"}),
            ("charges", {"member": "Zoe", "cents": 100, "reason": "x"}),
            ("games/void", {"date": "2026-11-20", "number": 1, "reason": "x"}),
        ):
            r = post(server, slug, what, ours["session"], **body)
            assert r.status_code == 403 and "another club" in r.json()["error"], (what, r.text)
        with ClubBook(server.where) as book:
            assert [m["name"] for m in book.members(slug)] == ["Zoe", "Yann"]
            assert book.balance(slug, "Zoe")["charged"] == 0  # no price: nothing charged
            assert book.games(slug)[0]["void"] is None


def test_the_club_pages_are_served(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        views = ("", "/money", "/members", "/stats", "/settings")
        for path in ("/club", *(f"/club/some-club{v}" for v in views), "/static/club.js"):
            assert server.get(path).status_code == 200, path
        assert server.get("/club/some-club/nothing").status_code == 404


def test_who_came_is_marked_after_the_evening(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub")
        slug, session = made["club"]["slug"], made["session"]
        header = {"x-club-session": session}
        for name in ("Anna", "Ben", "Cem"):
            post(server, slug, "members", session, name=name)
        post(server, slug, "evenings", session, date="2026-11-20", present=["Anna"])
        r = post(server, slug, "evenings/present", session, date="2026-11-20", present=["Cem"])
        assert r.status_code == 200, r.text
        assert r.json()["done"]["present"] == ["Anna", "Cem"]
        assert r.json()["evenings"][0]["present"] == ["Anna", "Cem"]
        # marked twice: still once
        r = post(server, slug, "evenings/present", session, date="2026-11-20", present=["anna"])
        assert r.status_code == 200, r.text
        assert r.json()["done"]["present"] == ["Anna", "Cem"]
        before = get(server, f"/api/clubs/{slug}", **header).json()
        log_before = get(server, f"/api/clubs/{slug}/log", **header).json()
        for body, says in (
            ({"date": "2026-11-21", "present": ["Ben"]}, "no evening"),
            ({"date": "2026-11-20", "present": ["Ben", "Zoe"]}, "'Zoe' is not a member"),
            ({"date": "2026-11-20", "present": "Ben"}, "not one text"),
            ({"date": "2026-11-20", "present": 3}, "a list of names"),
            ({"present": ["Ben"]}, "date"),
        ):
            r = post(server, slug, "evenings/present", session, **body)
            assert r.status_code == 400, (body, r.text)
            assert says in r.json()["error"], (body, r.text)
        assert get(server, f"/api/clubs/{slug}", **header).json() == before
        assert get(server, f"/api/clubs/{slug}/log", **header).json() == log_before
        assert log_before[-1]["action"] == "present_added"
        assert log_before[-1]["detail"] == {"date": "2026-11-20", "names": ["Cem"]}
        other = create(server, "Anderer Club")
        r = post(
            server, slug, "evenings/present", other["session"], date="2026-11-20", present=["Ben"]
        )
        assert r.status_code == 403 and "another club" in r.json()["error"]
        with ClubBook(server.where) as book:
            assert book.evening(slug, "2026-11-20")["present"] == ["Anna", "Cem"]


def test_the_season_start_is_set_and_bad_days_refused(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub")
        slug, session = made["club"]["slug"], made["session"]
        header = {"x-club-session": session}
        post(server, slug, "members", session, name="Anna")
        for day in ("2025-08-31", "2025-09-01"):
            post(server, slug, "evenings", session, date=day, present=["Anna"])
        assert get(server, f"/api/clubs/{slug}", **header).json()["seasons"] == ["2025"]
        r = post(server, slug, "season-start", session, season_start="09-01")
        assert r.status_code == 200, r.text
        assert r.json()["done"]["season_start"] == "09-01"
        assert r.json()["club"]["season_start"] == "09-01"
        assert r.json()["seasons"] == ["2024/25", "2025/26"]
        before = get(server, f"/api/clubs/{slug}", **header).json()
        log_before = get(server, f"/api/clubs/{slug}/log", **header).json()
        assert log_before[-1]["detail"] == {"season_start": "09-01"}
        for value, says in (
            ("9-1", "a season starts on a day written MM-DD, like 09-01, not '9-1'"),
            ("02-30", "a season cannot start on 02-30: no such day"),
            ("02-29", "not every year has it"),
            (None, "not None"),
            (901, "not 901"),
        ):
            r = post(server, slug, "season-start", session, season_start=value)
            assert r.status_code == 400, (value, r.text)
            assert says in r.json()["error"], (value, r.text)
        assert get(server, f"/api/clubs/{slug}", **header).json() == before
        assert get(server, f"/api/clubs/{slug}/log", **header).json() == log_before
        other = create(server, "Anderer Club")
        r = post(server, slug, "season-start", other["session"], season_start="01-01")
        assert r.status_code == 403 and "another club" in r.json()["error"]
        with ClubBook(server.where) as book:
            assert book.club(slug)["season_start"] == "09-01"


def test_a_new_secret_ends_every_session_but_gives_the_caller_one(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub", password="kegel-passwort")
        slug, session, old_secret = made["club"]["slug"], made["session"], made["secret"]
        post(server, slug, "members", session, name="Anna")
        elsewhere = server.post(f"/api/clubs/{slug}/session", {"secret": old_secret}).json()
        other = create(server, "Anderer Club")
        r = post(server, slug, "secret", other["session"])
        assert r.status_code == 403 and "another club" in r.json()["error"]
        assert server.post(f"/api/clubs/{slug}/session", {"secret": old_secret}).is_success
        r = post(server, slug, "secret", session)
        assert r.status_code == 200, r.text
        new_secret, new_session = r.json()["done"]["secret"], r.json()["session"]
        assert new_secret != old_secret and new_session not in (session, elsewhere["session"])
        assert [m["name"] for m in r.json()["members"]] == ["Anna"]
        for ended in (session, elsewhere["session"]):
            r = get(server, f"/api/clubs/{slug}", **{"x-club-session": ended})
            assert r.status_code == 403, r.text
            r = post(server, slug, "members", ended, name="Eve")
            assert r.status_code == 403, r.text
        r = server.post(f"/api/clubs/{slug}/session", {"secret": old_secret})
        assert r.status_code == 403
        r = get(server, f"/api/clubs/{slug}", **{"x-club-session": new_session})
        assert r.status_code == 200 and [m["name"] for m in r.json()["members"]] == ["Anna"]
        assert server.post(f"/api/clubs/{slug}/session", {"secret": new_secret}).is_success
        by_password = server.post(f"/api/clubs/{slug}/session", {"password": "kegel-passwort"})
        assert by_password.is_success  # the password is the same
        log = get(server, f"/api/clubs/{slug}/log", **{"x-club-session": new_session}).json()
        assert [e["action"] for e in log].count("secret_changed") == 1
        assert new_secret not in str(log)
        # the other club keeps its link and session
        r = get(server, "/api/clubs/anderer-club", **{"x-club-session": other["session"]})
        assert r.status_code == 200, r.text
    with ClubBook(server.where) as book:
        assert book.check_access(slug, secret=new_secret)["slug"] == slug
        assert book.session_club(new_session) == slug
        assert book.session_club(session) is None


def test_a_password_set_or_removed_ends_every_session_but_the_callers(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub")
        slug, session, secret = made["club"]["slug"], made["session"], made["secret"]
        assert not made["club"]["has_password"]
        elsewhere = server.post(f"/api/clubs/{slug}/session", {"secret": secret}).json()["session"]
        header = {"x-club-session": session}
        before = get(server, f"/api/clubs/{slug}", **header).json()
        for body, says in (
            ({"password": "kurz"}, "at least 8 characters"),
            ({"password": ""}, "at least 8 characters"),
            ({}, "at least 8 characters"),
            ({"password": 12345678}, "at least 8 characters"),
            ({"password": "x" * 1025}, "at most 1024"),
            ({"remove": "yes"}, "at least 8 characters"),  # only true removes it
        ):
            r = post(server, slug, "password", session, **body)
            assert r.status_code == 400, (body, r.text)
            assert says in r.json()["error"], (body, r.text)
        assert get(server, f"/api/clubs/{slug}", **header).json() == before  # sessions live
        assert get(server, f"/api/clubs/{slug}", **{"x-club-session": elsewhere}).is_success
        other = create(server, "Anderer Club")
        r = post(server, slug, "password", other["session"], password="fremdes-passwort")
        assert r.status_code == 403 and "another club" in r.json()["error"]
        r = post(server, slug, "password", session, password="kegel-passwort")
        assert r.status_code == 200, r.text
        assert r.json()["done"]["has_password"] and r.json()["club"]["has_password"]
        first = r.json()["session"]
        for ended in (session, elsewhere):
            assert get(server, f"/api/clubs/{slug}", **{"x-club-session": ended}).status_code == 403
        assert get(server, f"/api/clubs/{slug}", **{"x-club-session": first}).is_success
        opened = server.post(f"/api/clubs/{slug}/session", {"password": "kegel-passwort"})
        assert opened.is_success
        assert server.post(f"/api/clubs/{slug}/session", {"secret": secret}).is_success
        r = post(server, slug, "password", first, remove=True)
        assert r.status_code == 200, r.text
        assert not r.json()["done"]["has_password"]
        second = r.json()["session"]
        for ended in (first, opened.json()["session"]):
            assert get(server, f"/api/clubs/{slug}", **{"x-club-session": ended}).status_code == 403
        r = server.post(f"/api/clubs/{slug}/session", {"password": "kegel-passwort"})
        assert r.status_code == 403
        r = get(server, f"/api/clubs/{slug}/log", **{"x-club-session": second})
        actions = [e["action"] for e in r.json()]
        assert actions[-2:] == ["password_set", "password_removed"]
        assert "kegel-passwort" not in r.text
        assert get(
            server, "/api/clubs/anderer-club", **{"x-club-session": other["session"]}
        ).is_success
    with ClubBook(server.where) as book:
        assert not book.club(slug)["has_password"]
        assert book.session_club(second) == slug


def test_a_session_is_ended_by_its_browser_and_only_that_one(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub", password="kegel-passwort")
        slug, session = made["club"]["slug"], made["session"]
        other = create(server, "Anderer Club")
        second = server.post(f"/api/clubs/{slug}/session", {"secret": made["secret"]}).json()
        r = post(server, slug, "session/end", other["session"])
        assert r.status_code == 403 and "another club" in r.json()["error"]
        r = server.post(f"/api/clubs/{slug}/session/end", {})
        assert r.status_code == 400 and "which session" in r.json()["error"]
        r = server.post(f"/api/clubs/{slug}/session/end", {"secret": made["secret"]})
        assert r.status_code == 400  # a secret is no session to end
        r = post(server, slug, "session/end", session)
        assert r.status_code == 200 and r.json() == {"ended": True}
        r = get(server, f"/api/clubs/{slug}", **{"x-club-session": session})
        assert r.status_code == 403
        assert post(server, slug, "members", session, name="Eve").status_code == 403
        assert post(server, slug, "session/end", session).status_code == 403  # ended already
        # the club's other sessions, and the other club's, go on; the keys still open it
        r = get(server, f"/api/clubs/{slug}", **{"x-club-session": second["session"]})
        assert r.status_code == 200, r.text
        assert get(
            server, "/api/clubs/anderer-club", **{"x-club-session": other["session"]}
        ).is_success
        assert server.post(f"/api/clubs/{slug}/session", {"password": "kegel-passwort"}).is_success
        # by the header, as the page sends it
        r = httpx.post(
            f"{server.url}/api/clubs/{slug}/session/end",
            json={},
            headers={"x-club-session": second["session"]},
            timeout=10,
        )
        assert r.status_code == 200, r.text
    with ClubBook(server.where) as book:
        assert book.session_club(second["session"]) is None
        assert book.session_club(other["session"]) == "anderer-club"


def test_the_sessions_are_listed_with_their_devices_and_one_is_signed_out(
    tmp_path: Path,
) -> None:
    phone_agent = (
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Mobile Safari/537.36"
    )
    iphone_agent = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    )
    with running(tmp_path / "db.sqlite3") as server:
        r = httpx.post(
            f"{server.url}/api/clubs",
            json={"name": "Stammtisch Krone"},
            headers={"user-agent": phone_agent},
            timeout=10,
        )
        made = r.json()
        slug, phone = made["club"]["slug"], made["session"]
        r = httpx.post(
            f"{server.url}/api/clubs/{slug}/session",
            json={"secret": made["secret"]},
            headers={"user-agent": iphone_agent},
            timeout=10,
        )
        iphone = r.json()["session"]
        other = create(server, "Kegelclub")
        r = get(server, f"/api/clubs/{slug}/sessions", **{"x-club-session": phone})
        assert r.status_code == 200, r.text
        listed = r.json()
        assert sorted((s["device"], s["current"]) for s in listed) == [
            ("Chrome on Android", True),
            ("Safari on iPhone", False),
        ]
        assert phone not in r.text and iphone not in r.text  # no token is sent
        # a foreign club's session sees nothing and ends nothing here
        r = get(server, f"/api/clubs/{slug}/sessions", **{"x-club-session": other["session"]})
        assert r.status_code == 403
        target = next(s["id"] for s in listed if s["device"] == "Safari on iPhone")
        assert post(server, slug, "sessions/end", other["session"], id=target).status_code == 403
        # a bad id is refused with its reason, and ends nothing
        for wrong in (None, "", "zz", target[:-1] + ("0" if target[-1] != "0" else "1")):
            r = post(server, slug, "sessions/end", phone, id=wrong)
            assert r.status_code == 400 and "session" in r.json()["error"], r.text
        assert get(server, f"/api/clubs/{slug}", **{"x-club-session": iphone}).is_success
        # the lost iPhone is signed out from the phone
        r = post(server, slug, "sessions/end", phone, id=target)
        assert r.status_code == 200, r.text
        assert r.json()["ended"]["device"] == "Safari on iPhone"
        assert [s["device"] for s in r.json()["sessions"]] == ["Chrome on Android"]
        assert get(server, f"/api/clubs/{slug}", **{"x-club-session": iphone}).status_code == 403
        assert get(server, f"/api/clubs/{slug}", **{"x-club-session": phone}).is_success


def test_the_catalogue_of_fines_through_the_api_and_only_for_its_club(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        ours = create(server, "Stammtisch Krone")
        theirs = create(server, "Kegelclub")
        slug, session = ours["club"]["slug"], ours["session"]
        post(server, slug, "members", session, name="Ben")
        r = post(server, slug, "fine-items", session, name="Spinksen", cents=100)
        assert r.status_code == 200 and r.json()["fine_items"] == [
            {"name": "Spinksen", "cents": 100}
        ]
        r = post(server, slug, "fines", session, member="ben", fine="spinksen", count=2)
        assert r.status_code == 200, r.text
        assert r.json()["done"]["balance"] == 200
        for bad, message in (
            ({"member": "Ben", "fine": "Spinksen", "count": "2"}, "1 to 99 times"),
            ({"member": "Ben", "fine": "Lustwurf"}, "no fine 'Lustwurf'"),
            ({"member": "Zora", "fine": "Spinksen"}, "not a member"),
        ):
            r = post(server, slug, "fines", session, **bad)
            assert r.status_code == 400 and message in r.json()["error"], r.text
        r = post(server, slug, "fine-items", session, name="Schnaps", cents=0)
        assert r.status_code == 400 and "cannot be 0" in r.json()["error"]
        # another club's session neither books nor changes this club's fines
        other = theirs["session"]
        assert post(server, slug, "fines", other, member="Ben", fine="Spinksen").status_code == 403
        assert post(server, slug, "fine-items/remove", other, name="Spinksen").status_code == 403
        r = post(server, slug, "fine-items/remove", session, name="Spinksen")
        assert r.status_code == 200 and r.json()["fine_items"] == []
        book = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        assert [b["balance"] for b in book["balances"]] == [200]


def test_the_kitty_pays_out_through_the_api_and_only_for_its_club(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        ours = create(server, "Stammtisch Krone")
        theirs = create(server, "Kegelclub")
        slug, session = ours["club"]["slug"], ours["session"]
        for name in ("Anna", "Ben"):
            post(server, slug, "members", session, name=name)
        post(server, slug, "prices", session, item="game_lost", cents=150)
        post(server, slug, "evenings", session, date="2026-12-18", present=["Anna", "Ben"])
        post(server, slug, "games", session, date="2026-12-18", loser="Ben")
        post(server, slug, "payments", session, member="Anna", cents=3000, date="2026-12-18")
        r = post(
            server, slug, "expenses", session, cents=2250, purpose="Weihnachtsessen",
            date="2026-12-18", paid_by="anna",
        )  # fmt: skip
        assert r.status_code == 200, r.text
        book = r.json()
        assert book["done"] == {
            "date": "2026-12-18",
            "cents": 2250,
            "purpose": "Weihnachtsessen",
            "paid_by": "Anna",
        }
        assert book["kitty"] == {
            "paid_in": 3000,
            "paid_out": 2250,
            "balance": 750,
            "owed": 150,
            "credit": 3000,
        }
        # A correction without who paid it out (an empty paid_by is none), today by default.
        r = post(server, slug, "expenses", session, cents=-250, purpose="zu viel", paid_by="")
        assert r.status_code == 200, r.text
        (fix,) = [x for x in r.json()["expenses"] if x["purpose"] == "zu viel"]
        assert fix["paid_by"] is None and fix["cents"] == -250
        assert r.json()["kitty"]["balance"] == 1000
        before = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        for body, says in (
            ({"cents": 0, "purpose": "Bier"}, "an expense cannot be 0"),
            ({"cents": "12,50", "purpose": "Bier"}, "whole number of cents"),
            ({"cents": 100}, "what the expense was for is a text"),
            ({"cents": 100, "purpose": " "}, "what the expense was for must be given"),
            ({"cents": 100, "purpose": "Bier", "paid_by": "Zoe"}, "'Zoe' is not a member"),
            ({"cents": 100, "purpose": "Bier", "date": "2026-02-30"}, "no day 2026-02-30"),
        ):
            r = post(server, slug, "expenses", session, **body)
            assert r.status_code == 400 and says in r.json()["error"], (body, r.text)
        after = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        assert after == before
        # Without a session, or with another club's, nothing is paid out and nothing shown.
        for headers in ({}, {"x-club-session": theirs["session"]}, {"x-club-secret": "guessed"}):
            r = httpx.post(
                f"{server.url}/api/clubs/{slug}/expenses",
                json={"cents": 100, "purpose": "Bier"},
                headers=headers,
                timeout=10,
            )
            assert r.status_code == 403, (headers, r.text)
            r = get(server, f"/api/clubs/{slug}/csv/kitty", **headers)
            assert r.status_code == 403 and "Weihnachtsessen" not in r.text
        r = post(server, slug, "expenses", theirs["session"], cents=100, purpose="Bier")
        assert r.status_code == 403 and "another club" in r.json()["error"]
        assert get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json() == before
        r = get(server, f"/api/clubs/{slug}/csv/kitty", **{"x-club-session": session})
        assert r.status_code == 200
        assert r.text.splitlines()[0] == "date,kind,member,text,cents,balance"
        assert "2026-12-18,expense,Anna,Weihnachtsessen,-2250," in r.text
        log = get(server, f"/api/clubs/{slug}/log", **{"x-club-session": session}).json()
        assert [e["action"] for e in log[-2:]] == ["expense_added", "expense_added"]


def test_the_clubs_account_and_a_members_giro_code(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Krone")
        slug, session = made["club"]["slug"], made["session"]
        for name in ("Anna", "Ben"):
            assert post(server, slug, "members", session, name=name).is_success
        assert post(server, slug, "prices", session, item="game_lost", cents=150).is_success
        post(server, slug, "evenings", session, date="2024-03-05", present=["Anna", "Ben"])
        assert post(server, slug, "games", session, date="2024-03-05", loser="Ben").is_success
        no_account = get(server, f"/api/clubs/{slug}/pay?member=Ben", **{"x-club-session": session})
        assert no_account.status_code == 400 and "no bank account" in no_account.json()["error"]
        bad = post(server, slug, "account", session, iban="DE00 1234", holder="Krone")
        assert bad.status_code == 400 and "is not an IBAN" in bad.json()["error"]
        # ISO 13616 and EPC069-12 in words, in both languages; nothing kept
        short = {"iban": "DE64 3704 0044 0532 01", "holder": "Krone"}
        for lang, words in (
            ("en", "an IBAN of DE has 22 characters, this one has 18"),
            ("de", "eine IBAN aus DE hat 22 Zeichen, diese hat 18"),
        ):
            bad = httpx.post(
                f"{server.url}/api/clubs/{slug}/account",
                json={"session": session, **short},
                headers={"cookie": f"schocken-lang={lang}"},
                timeout=10,
            )
            assert bad.status_code == 400 and words in bad.json()["error"]
        holder = {"iban": "DE89370400440532013000", "holder": "Krone\u202e\u200b"}
        bad = post(server, slug, "account", session, **holder)
        assert bad.status_code == 400 and bad.json()["error"].endswith("not U+202E, U+200B")
        book = get(server, f"/api/clubs/{slug}", **{"x-club-session": session}).json()
        assert book["account"] is None
        set_ = post(server, slug, "account", session, iban="DE89370400440532013000", holder="K")
        assert set_.json()["account"] == {
            "iban": "DE89370400440532013000",
            "holder": "K",
            "bic": "",
        }
        pay = get(server, f"/api/clubs/{slug}/pay?member=ben", **{"x-club-session": session})
        assert pay.is_success
        data = pay.json()
        assert data["cents"] == 150 and data["payload"].split("\n")[7] == "EUR1.50"
        assert data["qr"].startswith("data:image/svg+xml;base64,")
        other = create(server, "Linde")
        foreign = get(
            server, f"/api/clubs/{slug}/pay?member=Ben", **{"x-club-session": other["session"]}
        )
        assert foreign.status_code == 403
        removed = post(server, slug, "account", session, remove=True)
        assert removed.json()["account"] is None


def test_a_finished_table_with_bots_goes_into_the_book_under_each_setting(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=7, bot_delay=0) as server:
        table = finished_table_game(server)  # Anna and the bots Bodo and Kalle
        record = parse_record(server.get(f"/api/tables/{table['id']}/record").text)
        assert record.players == ("Anna", "Bodo", "Kalle")
        loser = record.players[replay(record).loser or 0]
        books = {}
        for name, setting in (("Bots Zählen Nicht", "not_counted"), ("Bots Als Gäste", "guest")):
            made = create(server, name)
            slug, session = made["club"]["slug"], made["session"]
            assert made["club"]["bot_seats"] == "not_counted"  # the default
            post(server, slug, "members", session, name="Anna")
            post(server, slug, "evenings", session, date="2026-11-20", present=["Anna"])
            post(server, slug, "prices", session, item="game_lost", cents=100)
            r = post(server, slug, "bot-seats", session, bot_seats=setting)
            assert r.status_code == 200, r.text
            assert r.json()["club"]["bot_seats"] == setting
            r = post(server, slug, "games", session, date="2026-11-20", table=table["code"])
            assert r.status_code == 200, r.text
            books[setting] = r.json()
        counted, guests = books["not_counted"], books["guest"]
        assert counted["done"]["players"] == ["Anna", "Bodo", "Kalle"]
        assert counted["done"]["bots"] == ["Bodo", "Kalle"]
        assert [m["name"] for m in counted["members"]] == ["Anna"]
        assert counted["balances"][0]["balance"] == (100 if loser == "Anna" else 0)
        assert guests["done"]["bots"] == []
        assert [(m["name"], m["guest"]) for m in guests["members"]] == [
            ("Anna", False),
            ("Bodo", True),
            ("Kalle", True),
        ]
        owes = {b["member"]: b["balance"] for b in guests["balances"]}
        assert owes == {n: 100 if n == loser else 0 for n in ("Anna", "Bodo", "Kalle")}


def test_the_bot_setting_refused_and_the_links_qr_code_only_for_its_secret(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Kegelclub")
        slug, session, secret = made["club"]["slug"], made["session"], made["secret"]
        r = post(server, slug, "bot-seats", session, bot_seats="robots")
        assert r.status_code == 400
        assert "not_counted or guest" in r.json()["error"]
        with ClubBook(server.where) as book:
            assert book.club(slug)["bot_seats"] == "not_counted"
        origin = "http://192.168.1.20:8000"
        r = post(server, slug, "link-qr", session, secret=secret, origin=origin)
        assert r.status_code == 200, r.text
        assert r.json()["link"] == f"{origin}/club/{slug}#{secret}"
        svg = base64.b64decode(r.json()["qr"].removeprefix("data:image/svg+xml;base64,"))
        assert svg.startswith(b"<?xml") and b"<svg" in svg
        # a secret that is not the club's (an old one) is refused; so is a bad origin
        r = post(server, slug, "link-qr", session, secret="not-the-secret", origin=origin)
        assert r.status_code == 403
        for bad in ("javascript:alert(1)", "http://host/path", "", 5):
            r = post(server, slug, "link-qr", session, secret=secret, origin=bad)
            assert r.status_code == 400, bad
        # only for a browser that has the club open: the secret alone opens nothing here
        r = server.post(f"/api/clubs/{slug}/link-qr", {"secret": secret, "origin": origin})
        assert r.status_code == 403
        r = server.post(f"/api/clubs/{slug}/bot-seats", {"bot_seats": "guest"})
        assert r.status_code == 403
