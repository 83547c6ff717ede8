"""Copying a SQLite database into another database, table by table, and checking the copy.

What ``schocken migrate`` is made of (:mod:`schocken.migrate`): the target has the same tables
(made by the same migrations, in its engine's words); :func:`copy_tables` copies every row of
every table of the source into it in one transaction, parents before children (the tables'
references are kept on both engines), and tells the target where its ids go on;
:func:`table_digest` says a table's rows in one SHA-256, the same on both engines for the same
rows (whatever order the engine answers them in), so a copy is checked row for row.

>>> from schocken.store import open_database
>>> source = open_database(":memory:")
>>> source.migrate("example", {1: "CREATE TABLE example_items (id INTEGER PRIMARY KEY, name TEXT)"})
1
>>> with source.transaction():
...     source.insert("INSERT INTO example_items (name) VALUES (?)", ("Krone",))
1
>>> target = open_database(":memory:")
>>> target.migrate("example", {1: "CREATE TABLE example_items (id INTEGER PRIMARY KEY, name TEXT)"})
1
>>> copy_tables(source, target)
[('example_items', 1), ('schema_versions', 1)]
>>> table_digest(source, "example_items") == table_digest(target, "example_items")
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator

from schocken.store.base import Database, StoreError
from schocken.store.sqlite import SqliteDatabase
from schocken.texts import refused

BATCH = 1000
"""Rows written per statement batch."""


def source_tables(source: Database) -> list[str]:
    """The tables of a SQLite database, each after every table it refers to."""
    if not isinstance(source, SqliteDatabase):
        raise refused(StoreError, "store_copy_from", where=source.where)
    names = [
        str(r[0])
        for r in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        ).fetchall()
    ]
    parents = {
        name: {str(r[2]) for r in source.execute(f'PRAGMA foreign_key_list("{name}")')} - {name}
        for name in names
    }
    ordered: list[str] = []
    placed: set[str] = set()
    while len(ordered) < len(names):
        ready = [n for n in names if n not in placed and parents[n] <= placed]
        if not ready:
            cycle = ", ".join(n for n in names if n not in placed)
            raise refused(StoreError, "store_copy_circle", tables=cycle)
        ordered.extend(ready)
        placed.update(ready)
    return ordered


def columns(source: Database, table: str) -> list[str]:
    """A SQLite table's columns, in their order."""
    return [str(r[1]) for r in source.execute(f'PRAGMA table_info("{table}")').fetchall()]


def _has_id(source: Database, table: str) -> bool:
    """Whether the table's key is an ``id`` the database makes (``INTEGER PRIMARY KEY``)."""
    info = source.execute(f'PRAGMA table_info("{table}")').fetchall()
    keys = [r for r in info if r[5]]
    return len(keys) == 1 and keys[0][1] == "id" and str(keys[0][2]).upper() == "INTEGER"


def copy_tables(source: Database, target: Database) -> list[tuple[str, int]]:
    """Every row of every table of ``source`` (a SQLite database) into ``target``, which has the
    same tables; what the target held in them before is replaced. One transaction on each side:
    the source is read as one snapshot (nobody writes meanwhile), and the target gets all of it
    or (on any error) nothing. Each table with its number of rows."""
    tables = source_tables(source)
    missing = [t for t in tables if not target.has_table(t)]
    if missing:
        raise refused(
            StoreError, "store_copy_no_table", where=target.where, tables=", ".join(missing)
        )
    counts: list[tuple[str, int]] = []
    with source.transaction(), target.transaction():
        for table in reversed(tables):
            target.execute(f"DELETE FROM {table}")
        for table in tables:
            names = columns(source, table)
            listed = ", ".join(names)
            insert = f"INSERT INTO {table} ({listed}) VALUES ({', '.join('?' for _ in names)})"
            rows = source.execute(f"SELECT {listed} FROM {table}")
            count = 0
            while batch := rows.fetchmany(BATCH):
                target.executemany(insert, batch)
                count += len(batch)
            if _has_id(source, table):
                target.ids_written(table)
            counts.append((table, count))
    return counts


def _said(value: object) -> object:
    """A value as JSON says it alike on both engines (bytes as hex, a whole float as a float)."""
    if isinstance(value, bytes | bytearray | memoryview):
        return {"bytes": bytes(value).hex()}
    if isinstance(value, float):
        return {"float": repr(value)}
    return value


def _lines(db: Database, table: str, names: list[str]) -> Iterator[str]:
    for row in db.execute(f"SELECT {', '.join(names)} FROM {table}").fetchall():
        yield json.dumps([_said(v) for v in row], ensure_ascii=False)


def table_digest(db: Database, table: str, names: list[str] | None = None) -> str:
    """The SHA-256 of a table's rows (``names``: its columns; by default the SQLite table's),
    each said as JSON, in sorted order: equal on two databases exactly when they hold the same
    rows."""
    if names is None:
        names = columns(db, table)
    digest = hashlib.sha256()
    for line in sorted(_lines(db, table, names)):
        digest.update(line.encode())
        digest.update(b"\n")
    return digest.hexdigest()
