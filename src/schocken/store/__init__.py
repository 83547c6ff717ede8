"""One storage interface for every application on the engine: the club's book first, and the
game server's tables, pub games and tournaments as they move onto it.

An application talks to a :class:`Database`: it runs its own statements (written once, in the
SQL both engines share: ``?`` placeholders, ``ON CONFLICT``, ``RETURNING``), one transaction per
change, and brings its tables up to date with versioned migrations (:meth:`Database.migrate`).
Each engine implements the interface once:

- :class:`schocken.store.sqlite.SqliteDatabase`: a file beside the server (the default: nothing
  to install), WAL journal, a full sync on every commit;
- :class:`schocken.store.postgres.PostgresDatabase`: a PostgreSQL server, through psycopg 3 (the
  ``postgres`` extra), for a server of many clubs or many workers.

:func:`open_database` picks the engine from what it is given: a ``postgresql://`` URL, or a file
path. What goes wrong in an engine comes out as one of this module's errors, with a message
that says what happened in words a server can answer with.

>>> db = open_database(":memory:")
>>> db.migrate("example", {1: "CREATE TABLE example_items (id INTEGER PRIMARY KEY, name TEXT)"})
1
>>> with db.transaction():
...     db.insert("INSERT INTO example_items (name) VALUES (?)", ("Krone",))
1
>>> db.execute("SELECT name FROM example_items").fetchall()
[('Krone',)]
"""

from __future__ import annotations

import re
from pathlib import Path

from schocken.store.base import (
    Database,
    Params,
    Row,
    Rows,
    StoreBusyError,
    StoreConflictError,
    StoreError,
    StoreFullError,
)

_URL = re.compile(r"postgres(?:ql)?://", re.IGNORECASE)


def is_url(target: str | Path) -> bool:
    """Whether ``target`` names a database server (a ``postgresql://`` URL), not a file."""
    return bool(_URL.match(str(target)))


def open_database(
    target: str | Path, *, timeout: float = 5.0, sync_every_commit: bool = True
) -> Database:
    """The database ``target`` names: a ``postgresql://`` URL (PostgreSQL), else a SQLite file
    (``":memory:"``: in memory). ``timeout``: seconds a write waits for another's lock.
    ``sync_every_commit=False`` lets a SQLite file sync at its checkpoints only (the game
    server's store, which checkpoints every second: a commit survives a killed process, and
    a power cut loses at most the last second)."""
    if is_url(target):
        from schocken.store.postgres import PostgresDatabase

        return PostgresDatabase(str(target), timeout=timeout)
    from schocken.store.sqlite import SqliteDatabase

    return SqliteDatabase(target, timeout=timeout, sync_every_commit=sync_every_commit)


__all__ = [
    "Database",
    "Params",
    "Row",
    "Rows",
    "StoreBusyError",
    "StoreConflictError",
    "StoreError",
    "StoreFullError",
    "is_url",
    "open_database",
]
