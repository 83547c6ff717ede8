"""The storage interface itself: :class:`Database` and the errors every engine raises."""

from __future__ import annotations

import abc
import contextlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from schocken.errors import SchockenError
from schocken.texts import refused

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
    """What a statement answers: its rows, as tuples, and how many rows it changed."""

    @property
    def rowcount(self) -> int: ...

    @property
    def description(self) -> Any: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def fetchmany(self, size: int) -> list[Any]: ...

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

    @property
    def broken(self) -> bool:
        """Whether the connection is lost for good (a database server restarted): every
        statement from now on fails."""
        return False

    @abc.abstractmethod
    def execute(self, sql: str, params: Params = ()) -> Rows:
        """Run one statement; its rows (if any)."""

    @abc.abstractmethod
    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement for each of ``rows``."""

    @abc.abstractmethod
    def ids_written(self, table: str) -> None:
        """After rows were written into ``table`` with ids given (an import), the next id the
        database makes comes after them."""

    def insert(self, sql: str, params: Params = ()) -> int:
        """Run one ``INSERT`` into a table with an ``id`` column; the new row's id."""
        row = self.execute(sql + " RETURNING id", params).fetchone()
        return int(row[0])

    @abc.abstractmethod
    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """One transaction (it takes the write lock at once): committed whole when the block
        ends, rolled back whole on any error. Inside another, it is a part of that one."""

    @abc.abstractmethod
    def snapshot(self) -> contextlib.AbstractContextManager[None]:
        """Reads that see one state of the database (no change committed meanwhile shows in
        them), without taking the write lock: a page made of several reads while others
        write. Inside a transaction, a part of that one."""

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
                raise refused(
                    StoreError,
                    "store_newer",
                    component=component,
                    where=self.where,
                    version=version,
                    latest=latest,
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
