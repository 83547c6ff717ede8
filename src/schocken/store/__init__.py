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

import abc
import contextlib
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from schocken.errors import SchockenError

Params = Sequence[Any]
Row = tuple[Any, ...]

VERSIONS_TABLE = "schema_versions"
"""Where :meth:`Database.migrate` keeps each component's version."""


class StoreError(SchockenError):
    """The database cannot be used for this (cannot be opened, written, or reached); the message
    says why in one line."""


class StoreFullError(StoreError):
    """The disk (or the database's quota) is full: nothing of the change was written."""


class StoreBusyError(StoreError):
    """Another process held the database's lock for longer than the wait allowed."""


class StoreConflictError(StoreError):
    """A change would break a uniqueness or reference rule of the tables (nothing written)."""


class Rows(Protocol):
    """What a statement answers: its rows, as tuples."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Database(abc.ABC):
    """A connection to one database, used from one thread at a time.

    Statements use ``?`` for parameters. Outside :meth:`transaction` every statement stands
    alone; inside it, all of them are committed together at the end, or none on any error.
    """

    dialect: str
    """``"sqlite"`` or ``"postgresql"``."""
    where: str
    """The database in words, for messages (a file's path; a URL without its password)."""

    @abc.abstractmethod
    def execute(self, sql: str, params: Params = ()) -> Rows:
        """Run one statement; its rows (if any)."""

    def insert(self, sql: str, params: Params = ()) -> int:
        """Run one ``INSERT`` into a table with an ``id`` column; the new row's id."""
        row = self.execute(sql + " RETURNING id", params).fetchone()
        return int(row[0])

    @abc.abstractmethod
    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """One transaction (it takes the write lock at once): committed whole when the block
        ends, rolled back whole on any error. Not nested."""

    @abc.abstractmethod
    def has_table(self, name: str) -> bool:
        """Whether the database has a table of that name."""

    @abc.abstractmethod
    def close(self) -> None: ...

    @abc.abstractmethod
    def translate_schema(self, script: str) -> str:
        """A schema script written for SQLite, in this engine's words."""

    def run_script(self, script: str) -> None:
        """Run the statements of a schema script (``;`` between them) in this engine's words,
        in the current transaction."""
        for statement in self.translate_schema(script).split(";"):
            if statement.strip():
                self.execute(statement)

    def migrate(self, component: str, migrations: Mapping[int, str]) -> int:
        """Bring ``component``'s tables to the highest version of ``migrations`` (the script
        that goes from version ``n - 1`` to ``n``; version 0 is no tables), in one transaction;
        its version after. A database written by a newer version is refused."""
        latest = max(migrations)
        if self._version(component) == latest:
            return latest
        with self.transaction():
            self.run_script(
                f"CREATE TABLE IF NOT EXISTS {VERSIONS_TABLE} "
                "(component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
            )
            version = self._version(component)
            if version > latest:
                raise StoreError(
                    f"the {component} tables in {self.where} are of version {version}, written "
                    f"by a newer schocken; this one reads version {latest}"
                )
            for v in range(version + 1, latest + 1):
                self.run_script(migrations[v])
            self.set_version(component, latest)
        return latest

    def _version(self, component: str) -> int:
        if not self.has_table(VERSIONS_TABLE):
            return 0
        row = self.execute(
            f"SELECT version FROM {VERSIONS_TABLE} WHERE component = ?", (component,)
        ).fetchone()
        return int(row[0]) if row else 0

    def version(self, component: str) -> int:
        """The version of ``component``'s tables (0: none yet)."""
        return self._version(component)

    def set_version(self, component: str, version: int) -> None:
        """Record ``component``'s version (in the current transaction)."""
        self.run_script(
            f"CREATE TABLE IF NOT EXISTS {VERSIONS_TABLE} "
            "(component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
        )
        self.execute(
            f"INSERT INTO {VERSIONS_TABLE} (component, version) VALUES (?, ?) "
            "ON CONFLICT(component) DO UPDATE SET version = excluded.version",
            (component, version),
        )


_URL = re.compile(r"postgres(?:ql)?://", re.IGNORECASE)


def is_url(target: str | Path) -> bool:
    """Whether ``target`` names a database server (a ``postgresql://`` URL), not a file."""
    return bool(_URL.match(str(target)))


def open_database(target: str | Path, *, timeout: float = 5.0) -> Database:
    """The database ``target`` names: a ``postgresql://`` URL (PostgreSQL), else a SQLite file
    (``":memory:"``: in memory). ``timeout``: seconds a write waits for another's lock."""
    if is_url(target):
        from schocken.store.postgres import PostgresDatabase

        return PostgresDatabase(str(target), timeout=timeout)
    from schocken.store.sqlite import SqliteDatabase

    return SqliteDatabase(target, timeout=timeout)


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
