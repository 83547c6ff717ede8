"""The storage interface, on both engines: statements, transactions, migrations, errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from schocken.store import StoreConflictError, StoreError, is_url, open_database
from schocken.store.base import StoreBusyError
from schocken.store.sqlite import SqliteDatabase
from schocken.texts import refusal_text

ITEMS = {
    1: "CREATE TABLE t_items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, cents INTEGER) "
    "STRICT",
    2: "ALTER TABLE t_items ADD COLUMN weight REAL; CREATE INDEX t_items_cents ON t_items(cents)",
}


def test_the_engine_follows_the_target(database: str) -> None:
    db = open_database(database)
    try:
        assert db.dialect == ("postgresql" if is_url(database) else "sqlite")
    finally:
        db.close()


def test_migrations_run_once_in_order_and_record_the_version(database: str) -> None:
    db = open_database(database)
    try:
        assert db.version("items") == 0
        assert db.migrate("items", {1: ITEMS[1]}) == 1
        assert db.migrate("items", ITEMS) == 2
        assert db.migrate("items", ITEMS) == 2  # nothing to do the second time
        assert db.version("items") == 2
        db.execute("INSERT INTO t_items (name, cents, weight) VALUES (?, ?, ?)", ("a", 1, 0.5))
        assert db.execute("SELECT name, cents, weight FROM t_items").fetchall() == [("a", 1, 0.5)]
    finally:
        db.close()


def test_a_newer_database_is_refused(database: str) -> None:
    db = open_database(database)
    try:
        db.migrate("items", ITEMS)
        with pytest.raises(StoreError, match="version 2, written by a newer schocken"):
            db.migrate("items", {1: ITEMS[1]})
    finally:
        db.close()


def test_a_transaction_is_all_or_nothing(database: str) -> None:
    db = open_database(database)
    try:
        db.migrate("items", ITEMS)
        with db.transaction():
            assert db.insert("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("a", 100)) == 1
        with pytest.raises(StoreConflictError), db.transaction():
            db.insert("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("b", 5))
            db.insert("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("a", 7))
        rows = db.execute("SELECT name FROM t_items ORDER BY id").fetchall()
        assert rows == [("a",)]
        with pytest.raises(RuntimeError), db.transaction():
            db.insert("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("c", 5))
            raise RuntimeError("the change fails half-way")
        assert db.execute("SELECT COUNT(*) FROM t_items").fetchone()[0] == 1
    finally:
        db.close()


def test_a_snapshot_sees_one_state_and_holds_up_no_write(database: str) -> None:
    reader, writer = open_database(database), open_database(database)
    try:
        writer.migrate("items", ITEMS)
        with writer.transaction():
            writer.insert("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("a", 1))

        def names() -> list[str]:
            return [r[0] for r in reader.execute("SELECT name FROM t_items ORDER BY id")]

        with reader.snapshot():
            assert names() == ["a"]
            with writer.transaction():  # another connection writes meanwhile, at once
                writer.insert("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("b", 2))
            assert names() == ["a"]  # the snapshot's state
        assert names() == ["a", "b"]
    finally:
        reader.close()
        writer.close()


def test_sums_of_whole_numbers_are_ints_and_percent_signs_stay(database: str) -> None:
    db = open_database(database)
    try:
        db.migrate("items", ITEMS)
        for name, cents in (("50% off", 3), ("b?", 4)):
            db.execute("INSERT INTO t_items (name, cents) VALUES (?, ?)", (name, cents))
        total = db.execute("SELECT COALESCE(SUM(cents), 0) FROM t_items").fetchone()[0]
        assert total == 7 and isinstance(total, int)
        assert db.execute("SELECT name FROM t_items WHERE name LIKE '%off'").fetchall() == [
            ("50% off",)
        ]
    finally:
        db.close()


def test_a_database_that_cannot_be_reached_is_refused_in_words() -> None:
    with pytest.raises(StoreError, match="cannot reach postgresql://nobody:\\*\\*\\*@"):
        open_database("postgresql://nobody:secret@/x?host=/nonexistent-socket-dir")
    with pytest.raises(StoreError, match="cannot open"):
        open_database("/proc/no/such/dir/x.sqlite3")


def test_rows_written_with_their_ids_are_followed_by_new_ids_after_them(database: str) -> None:
    db = open_database(database)
    try:
        db.migrate("items", ITEMS)
        with db.transaction():
            db.executemany(
                "INSERT INTO t_items (id, name, cents) VALUES (?, ?, ?)",
                [(7, "a", 1), (9, "b", 2)],
            )
            db.ids_written("t_items")
            with db.transaction():  # inside another: a part of it
                assert db.insert("INSERT INTO t_items (name) VALUES (?)", ("c",)) == 10
        assert db.execute("SELECT COUNT(*) FROM t_items").fetchone()[0] == 3
    finally:
        db.close()


def test_what_the_database_says_is_framed_in_the_pages_language(tmp_path: Path) -> None:
    """A file another program holds, a row twice: the sentence is said in German too, and what
    SQLite says in the catalogue's words (``errors.SQLITE_ERRORS``; in English as SQLite says
    it, a column's name as it is); it goes into the club's 503 "cannot be used now"."""
    path = tmp_path / "held.sqlite3"
    db = SqliteDatabase(path, timeout=0.05)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        db.migrate("items", ITEMS)
        db.execute("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("a", 1))
        with pytest.raises(StoreConflictError) as conflict:
            db.execute("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("a", 2))
        said = "UNIQUE constraint failed: t_items.name"
        assert str(conflict.value) == said
        german = "einen Wert gibt es schon (UNIQUE): t_items.name"
        assert refusal_text(conflict.value, "de") == german
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreBusyError) as busy:
            db.execute("INSERT INTO t_items (name, cents) VALUES (?, ?)", ("b", 2))
        assert str(busy.value) == "another program holds the file (database is locked)"
        german = "ein anderes Programm hält die Datei fest (die Datenbank ist gesperrt)"
        assert refusal_text(busy.value, "de") == german
        other.execute("ROLLBACK")
        assert db.execute("SELECT name FROM t_items").fetchall() == [("a",)]
    finally:
        other.close()
        db.close()
