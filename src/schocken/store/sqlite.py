"""The storage interface on SQLite: one file, nothing to install (the default).

The file uses the write-ahead journal with a full sync on every commit, so a process killed at
any moment keeps every committed change and nothing half-written; foreign keys are enforced. A
transaction takes the write lock at its start (``BEGIN IMMEDIATE``): a write that waits for
another process's lock waits up to ``timeout`` seconds, then fails with :class:`StoreBusyError`.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from schocken.errors import os_error_said, sqlite_error_said
from schocken.store.base import (
    Database,
    Params,
    Rows,
    StoreBusyError,
    StoreConflictError,
    StoreError,
    StoreFullError,
)
from schocken.texts import refused


def store_error(exc: sqlite3.Error) -> StoreError:
    """SQLite's error as the interface's, with a message in words (said in the page's language
    around what SQLite says, :mod:`schocken.connection_texts`)."""
    detail = str(exc)
    said = sqlite_error_said(exc)
    if isinstance(exc, sqlite3.IntegrityError):
        return refused(StoreConflictError, "store_detail", detail=said)
    if "full" in detail:
        return refused(StoreFullError, "store_full", detail=said)
    if "locked" in detail or "busy" in detail:
        return refused(StoreBusyError, "store_busy_file", detail=said)
    if "not a database" in detail:
        return refused(StoreError, "store_not_sqlite")
    if "readonly" in detail or "read-only" in detail:
        return refused(StoreError, "store_file_read_only", detail=said)
    return refused(StoreError, "store_detail", detail=said)


class SqliteDatabase(Database):
    """A SQLite file (``":memory:"``: in memory, for tests). With ``sync_every_commit=False``
    the file is synced at its checkpoints only, which the owner makes (:meth:`checkpoint`, from
    a connection of its own)."""

    dialect = "sqlite"

    def __init__(
        self, path: str | Path, *, timeout: float = 5.0, sync_every_commit: bool = True
    ) -> None:
        self.where = str(path)
        try:
            if self.where != ":memory:":
                Path(self.where).parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(
                self.where, isolation_level=None, timeout=timeout, check_same_thread=False
            )
        except OSError as exc:
            raise refused(
                StoreError, "store_cannot_open", where=self.where, why=os_error_said(exc)
            ) from None
        except sqlite3.Error as exc:
            raise refused(
                StoreError, "store_cannot_open", where=self.where, why=sqlite_error_said(exc)
            ) from None
        self.db = db
        try:
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA journal_mode=WAL")
            if sync_every_commit:
                db.execute("PRAGMA synchronous=FULL")
            else:  # synced at the checkpoints, which the caller makes (checkpoint())
                db.execute("PRAGMA synchronous=NORMAL")
                db.execute("PRAGMA wal_autocheckpoint=0")
        except sqlite3.Error as exc:
            db.close()
            raise refused(
                StoreError, "store_cannot_use", where=self.where, why=store_error(exc)
            ) from None

    def execute(self, sql: str, params: Params = ()) -> Rows:
        try:
            return self.db.execute(sql, params)
        except sqlite3.Error as exc:
            raise store_error(exc) from None

    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            self.db.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise store_error(exc) from None

    def ids_written(self, table: str) -> None:
        """Nothing to do: SQLite's next id is always after the highest."""

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        db = self.db
        if db.in_transaction:
            yield
            return
        self.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        db = self.db
        if db.in_transaction:
            yield
            return
        self.execute("BEGIN DEFERRED")  # the write-ahead journal's snapshot from the first read
        try:
            yield
        finally:
            if db.in_transaction:
                db.execute("COMMIT")

    def has_table(self, name: str) -> bool:
        row = self.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
        return row is not None

    def translate_schema(self, script: str) -> str:
        return script

    def checkpoint(self) -> None:
        """Copy the write-ahead journal into the file (without waiting for readers)."""
        self.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        self.db.close()
