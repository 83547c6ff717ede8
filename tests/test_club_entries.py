"""Entries applied once by their id (src/schocken/club/entries.py), on each storage engine: the
same entry again answers what it answered first and changes nothing; a refused entry keeps no
id; an id names one kind of change; a bad id is refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from schocken.club import MIGRATIONS, SCHEMA_VERSION, ClubBook, check_entry_id
from schocken.errors import ClubError

ID = "0b6f3c1e-9a8d-4c55-b1f2-7e0d2a4c9e31"


def club(book: ClubBook) -> str:
    info, _ = book.create_club("Krone")
    for name in ("Anna", "Ben"):
        book.add_member("Krone", name)
    book.set_fine_item("Krone", "Spinksen", 100)
    book.add_evening("Krone", "2026-11-20", present=["Anna", "Ben"])
    return info["slug"]


def test_an_entry_sent_twice_is_applied_once(database: str) -> None:
    with ClubBook(database) as book:
        slug = club(book)
        runs: list[int] = []

        def fine() -> object:
            runs.append(1)
            return book.fine(slug, "Ben", "Spinksen", count=2, day="2026-11-20")

        first = book.once(slug, ID, "/api/clubs/{slug}/fines", fine)
        again = book.once(slug, ID, "/api/clubs/{slug}/fines", fine)
        assert not first.repeated and again.repeated
        assert again.done == first.done and len(runs) == 1
        assert book.balance(slug, "Ben")["balance"] == 200
        assert book.entry_applied(slug, ID) is not None
        assert book.entry_applied(slug, "another-entry-id") is None


def test_a_refused_entry_keeps_no_id_and_may_come_again(database: str) -> None:
    with ClubBook(database) as book:
        slug = club(book)
        with pytest.raises(ClubError, match="'Cem' is not a member"):
            book.once(slug, ID, "fines", lambda: book.fine(slug, "Cem", "Spinksen"))
        assert book.entry_applied(slug, ID) is None
        book.add_member(slug, "Cem")
        applied = book.once(slug, ID, "fines", lambda: book.fine(slug, "Cem", "Spinksen"))
        assert not applied.repeated and book.balance(slug, "Cem")["balance"] == 100


def test_an_id_names_one_change_and_bad_ids_are_refused(database: str) -> None:
    with ClubBook(database) as book:
        slug = club(book)
        book.once(slug, ID, "payments", lambda: book.pay(slug, "Anna", 500))
        with pytest.raises(ClubError, match="was payments, not fines"):
            book.once(slug, ID, "fines", lambda: book.fine(slug, "Anna", "Spinksen"))
        assert book.balance(slug, "Anna")["balance"] == -500
        for bad in ("short", "x" * 65, "has space in it", "-leading-dash", 12345678, None):
            with pytest.raises(ClubError, match="an entry id is 8 to 64"):
                book.once(slug, bad, "payments", lambda: book.pay(slug, "Anna", 1))  # type: ignore[arg-type]
        assert book.balance(slug, "Anna")["balance"] == -500
        assert check_entry_id("book-pub-abcDEF123456") == "book-pub-abcDEF123456"


def test_the_same_id_in_two_clubs_is_two_entries(database: str) -> None:
    with ClubBook(database) as book:
        slug = club(book)
        book.create_club("Adler")
        book.add_member("Adler", "Anna")
        book.once(slug, ID, "payments", lambda: book.pay(slug, "Anna", 500))
        again = book.once("Adler", ID, "payments", lambda: book.pay("Adler", "Anna", 300))
        assert not again.repeated
        balances = [book.balance(c, "Anna")["balance"] for c in (slug, "Adler")]
        assert balances == [-500, -300]


def test_a_book_of_version_7_gets_its_entries_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        for version in range(1, 8):
            db.executescript(MIGRATIONS[version])
        db.execute("INSERT INTO club_meta (key, value) VALUES ('schema', '7')")
    with ClubBook(path) as book:
        slug = club(book)
        book.once(slug, ID, "payments", lambda: book.pay(slug, "Anna", 500))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM club_meta").fetchone() == (str(SCHEMA_VERSION),)
        assert db.execute("SELECT entry_id, what FROM club_entries").fetchall() == [
            (ID, "payments")
        ]
