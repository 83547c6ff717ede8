"""The club's own rules (src/schocken/club/our_rules.py, issue 23): kept, replaced, removed and
refused as the engine refuses them; in the club's export and back through its import, on each
storage engine (the ``target`` fixture of tests/test_club.py); an older book gets the table."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from schocken.club import MIGRATIONS, SCHEMA_VERSION, ClubBook
from schocken.errors import ClubError
from test_club import CLUB, new_book, target

__all__ = ["target"]  # the fixture, used by name

HOUSE = {"preset": "tsv99", "overrides": {"jule": True, "deckel_per_half": 15, "finale": False}}


def test_a_club_keeps_its_own_rules(target: Callable[[], str]) -> None:
    book = new_book(target())
    assert book.our_rules(CLUB) is None
    kept = book.set_our_rules(CLUB, HOUSE)
    assert kept == {
        "preset": "tsv99",
        "overrides": {"deckel_per_half": 15, "finale": False, "jule": True},
    }
    assert book.our_rules(CLUB) == kept
    # Options the preset already has are no change: the book keeps only what differs.
    again = book.set_our_rules(
        CLUB, {"preset": "schock4life", "overrides": {"put_back": False, "jule": True}}
    )
    assert again == {"preset": "schock4life", "overrides": {"jule": True}}
    assert book.our_rules(CLUB) == again
    actions = [e["action"] for e in book.log(CLUB)]
    assert actions.count("rules_set") == 2
    book.remove_our_rules(CLUB)
    assert book.our_rules(CLUB) is None
    assert book.log(CLUB)[-1]["action"] == "rules_removed"


def test_bad_rules_are_refused_as_the_engine_refuses_them_and_change_nothing(
    target: Callable[[], str],
) -> None:
    book = new_book(target())
    book.set_our_rules(CLUB, HOUSE)
    before = book.export_club(CLUB)
    for bad, said in (
        ({"preset": "kneipe"}, "the club's rules: unknown preset 'kneipe'"),
        (
            {"preset": "tsv99", "overrides": {"deckel_per_half": 0}},
            "the club's rules: option 'deckel_per_half' must be between 1 and 999, not 0",
        ),
        ("tsv99", "the club's rules must be an object with 'preset' and 'overrides', not a text"),
    ):
        with pytest.raises(ClubError) as refused:
            book.set_our_rules(CLUB, bad)
        assert str(refused.value).startswith(said)
    assert book.export_club(CLUB) == before
    with pytest.raises(ClubError, match="there is no club 'Kegelclub'"):
        book.set_our_rules("Kegelclub", HOUSE)


def test_our_rules_go_out_with_the_export_and_come_back_in(target: Callable[[], str]) -> None:
    book = new_book(target())
    book.set_our_rules(CLUB, HOUSE)
    text = book.export_club(CLUB)
    assert json.loads(text)["rules"] == book.our_rules(CLUB)
    other = ClubBook(target())
    other.create_club("Kegelclub")  # another club first: the ids differ, the export does not
    other.set_our_rules("Kegelclub", {"preset": "allgemein", "overrides": {}})
    other.import_club(text)
    assert other.export_club(CLUB) == text
    assert other.our_rules(CLUB) == book.our_rules(CLUB)
    assert other.our_rules("Kegelclub") == {"preset": "allgemein", "overrides": {}}
    # A club without rules of its own exports none (as before), and imports so.
    plain = new_book(target())
    assert "rules" not in json.loads(plain.export_club(CLUB))


def test_an_import_with_bad_rules_is_refused_whole(target: Callable[[], str]) -> None:
    book = new_book(target())
    book.set_our_rules(CLUB, HOUSE)
    data = json.loads(book.export_club(CLUB))
    data["rules"] = {"preset": "tsv99", "overrides": {"jule": 7}}
    fresh = ClubBook(target())
    with pytest.raises(ClubError, match="'rules': the club's rules: option 'jule' must be true"):
        fresh.import_club(json.dumps(data))
    with pytest.raises(ClubError, match="there is no club"):
        fresh.club(CLUB)


def test_a_book_of_version_6_gets_the_rules_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript("".join(MIGRATIONS[v] for v in range(1, 7)))
        db.execute("INSERT INTO club_meta (key, value) VALUES ('schema', '6')")
        db.execute(
            "INSERT INTO club_clubs (slug, name, created, currency, season_start) "
            "VALUES ('krone', 'Krone', '2020-01-01T00:00:00+00:00', 'EUR', '01-01')"
        )
    db.close()
    with ClubBook(path) as book:
        assert book.our_rules("Krone") is None
        book.set_our_rules("Krone", HOUSE)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM club_meta").fetchone() == (str(SCHEMA_VERSION),)
        assert db.execute("SELECT count(*) FROM club_rules").fetchone() == (1,)
    db.close()
