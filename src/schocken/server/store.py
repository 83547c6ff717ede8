"""Storage for tables and pub games: every lobby change and every accepted action, written before
it is applied and broadcast, so a killed server resumes every table exactly where it was.

It goes through the project's storage interface (:mod:`schocken.store`): a SQLite file by default,
or a PostgreSQL database (``schocken serve --database postgresql://...``); the tables are made
and brought up to date by versioned migrations when the store is opened.

No secret is kept in the file as it was given out: a seat's token, a table's spectator token and
a pub game's token are kept as their SHA-256 (:func:`token_hash`), like the club's sessions. A
file of an older version, which kept them as given, has them replaced by their hashes when it is
opened (:func:`hash_secrets`); its tokens go on working.

All work on the file runs in one writer thread of its own (:meth:`Store.write`,
:meth:`Store.read`), never in the event loop: a file locked by another process (SQLite's busy
wait), a full disk or a slow one delays only the table that waits for it. A batch of writes is
one transaction: all of it is stored, or (on any error) none of it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from schocken.errors import SchockenError, sqlite_error_said
from schocken.store import Database, open_database
from schocken.store import StoreError as BackendError
from schocken.store.sqlite import SqliteDatabase
from schocken.texts import refused

T = TypeVar("T")
log = logging.getLogger("schocken.server")

CHECKPOINT_EVERY = 1.0
"""Seconds between checkpoints of the write-ahead journal."""
SLOW_WRITE = 0.1
"""A write taking longer than this (seconds) is logged."""
ROWS_AT_ONCE = 500
"""Steps inserted by one statement at most (2,500 values: far below SQLite's and PostgreSQL's
limits on a statement's parameters)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    code TEXT UNIQUE NOT NULL,
    created REAL NOT NULL,
    data TEXT NOT NULL,
    updated REAL NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    pips TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS pub_games (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    data TEXT NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

PUB_VERSIONS = "ALTER TABLE pub_games ADD COLUMN version INTEGER NOT NULL DEFAULT 0"
"""A pub game's version, counted up at every write: a worker writes a game only over the
version it read (:class:`SavePub`)."""
MIGRATIONS = {1: SCHEMA, 2: PUB_VERSIONS}
"""The server's tables by version (:meth:`schocken.store.Database.migrate`). Version 1 is what
SQLite files of before the storage interface had, made with ``IF NOT EXISTS``, so such a file is
taken as it is."""
WORKER_TABLES = """
CREATE TABLE IF NOT EXISTS workers (
    id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    started TIMESTAMPTZ NOT NULL,
    heartbeat TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    table_id TEXT PRIMARY KEY,
    worker TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    taken TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS leases_expires ON leases (expires);
CREATE INDEX IF NOT EXISTS leases_worker ON leases (worker);
CREATE TABLE IF NOT EXISTS relay_bodies (
    id BIGSERIAL PRIMARY KEY,
    body TEXT NOT NULL,
    made TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
)
"""
"""PostgreSQL only: the workers of a server (each with its heartbeat), the lease of each table
in play (which worker owns it, until when, and its ``epoch``, counted up at every take-over),
and the bodies of relayed messages too large for a ``NOTIFY`` (:mod:`schocken.server.relay`)."""
WORKER_LOCKS = "ALTER TABLE workers ADD COLUMN IF NOT EXISTS lock_key INTEGER"
"""The key of the advisory lock a worker holds on its database session while it lives
(:mod:`schocken.server.workers`): ``NULL`` for a worker of an older version, which holds none."""
WORKER_MIGRATIONS = {1: WORKER_TABLES, 2: WORKER_LOCKS}

COLUMNS = {"updated": "REAL NOT NULL DEFAULT 0", "finished": "INTEGER NOT NULL DEFAULT 0"}
"""Columns added to ``tables`` before the schema was versioned (added to an older SQLite file
when it is opened)."""

HASHED = "sha256"
"""The ``meta`` row ``tokens`` says the file's tokens are kept as their hashes (an older file,
without it, kept them as given)."""


def new_token(nbytes: int = 16) -> str:
    """A new secret token (``secrets.token_urlsafe``) that does not begin with ``-``: a program
    is given its token on a command line (``schocken bot-play URL TOKEN``), where a word that
    begins with ``-`` is read as an option. One token in 64 is drawn again."""
    while True:
        token = secrets.token_urlsafe(nbytes)
        if not token.startswith("-"):
            return token


def token_hash(token: str) -> str:
    """What the server keeps of a secret token: its SHA-256 in hex. A token is random (96 bits
    or more, ``secrets.token_urlsafe``), so no salt and no slow hash is needed: the hash cannot
    be turned back into a token, nor a token guessed from it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def hash_table_secrets(data: dict[str, Any]) -> bool:
    """A table's stored data (``tables.data``) with its tokens as an older version kept them
    (seats' ``token``, ``spectator_token``) changed into their hashes (``token_hash``,
    ``spectator_hash``), in place; whether anything changed."""
    changed = False
    for seat in data.get("seats") or []:
        if isinstance(seat, dict) and "token" in seat:
            token = seat.pop("token")
            seat["token_hash"] = token_hash(token) if isinstance(token, str) else None
            changed = True
    if "spectator_token" in data:
        token = data.pop("spectator_token")
        data["spectator_hash"] = token_hash(token) if isinstance(token, str) else ""
        changed = True
    return changed


class StoreError(SchockenError):
    """The file cannot be used (read-only, not SQLite, ...); the message says why (in the
    catalogue's words: :func:`schocken.texts.refusal_text` says it in any language)."""


class SaveTable(NamedTuple):
    """Write a table's lobby (its row), and when it was last changed."""

    table_id: str
    code: str
    created: float
    data: dict[str, Any]
    finished: bool


class AddStep(NamedTuple):
    """Write one step of a table's game."""

    table_id: str
    idx: int
    seat: int
    action: str
    pips: tuple[int, ...]


class Fence(NamedTuple):
    """Check, in the write's transaction, that this worker still holds the table's lease (at
    ``epoch``): else nothing of the write is stored (:class:`LeaseLostError`). Only on
    PostgreSQL with workers (:mod:`schocken.server.workers`). The lease row stays locked until
    the commit (``FOR KEY SHARE``: the owner's renewals, which change only ``expires``, never
    wait for it), so a worker taking the table over (``FOR UPDATE``) waits for the write and
    then reads it."""

    table_id: str
    worker: str
    epoch: int


class LeaseLostError(Exception):
    """Another worker took the table over: this worker's write was refused (nothing stored)."""


class SavePub(NamedTuple):
    """Write a pub game (:mod:`schocken.server.pub`): its secret token's hash and its data
    (:meth:`schocken.pub.PubGame.to_data`), as version ``version + 1``, only over ``version``
    (the one the writer read; 0: a new game): a game another worker wrote meanwhile is not
    overwritten (:class:`PubChangedError`, nothing of the write stored)."""

    pub_id: str
    token_hash: str
    data: dict[str, Any]
    version: int = 0


class PubChangedError(Exception):
    """The pub game was written (by another worker) since this one read it: nothing stored."""


Op = SaveTable | AddStep | SavePub | Fence

TableRow = tuple[str, str, float, dict[str, Any]]
"""A table's id, code, creation time and lobby data."""


class Store:
    """One SQLite file, used from one writer thread. Writes commit at once (WAL journal: a
    killed process loses nothing that was committed).

    ``timeout`` is how long a write waits for a lock another process holds on the file before
    it fails (SQLite's busy timeout).
    """

    def __init__(
        self, target: str | Path, *, timeout: float = 5.0, touch_every: float = 60.0
    ) -> None:
        self.target = str(target)
        """The SQLite file or the PostgreSQL URL (the club's book opens the same)."""
        self.timeout = timeout
        self.touch_every = touch_every
        """A table's time of change (``updated``: which tables are resumed at start) is written
        with a step at most once in this many seconds: not a second row written per action."""
        self._touched: dict[str, float] = {}
        """When the writer last wrote each table's ``updated`` (in the writer thread only)."""
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="schocken-store")
        self._asked: list[tuple[list[Op], asyncio.Future[None]]] = []
        """Writes asked for while the writer was busy (see :meth:`write`)."""
        self._writing = False
        self.db: Database = self._thread.submit(self._open).result()
        # A SQLite file's checkpoints (copying the journal into the file, with its fsync) run
        # in a thread of their own, so that a slow disk does not hold up the writes behind them.
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if isinstance(self.db, SqliteDatabase):
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="schocken-checkpoint", daemon=True
            )
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        db = SqliteDatabase(self.target, timeout=self.timeout, sync_every_commit=False)
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                try:
                    db.checkpoint()
                except BackendError as exc:  # busy, or the disk: the next one tries again
                    log.warning("a checkpoint of the database failed: %s", exc)
        finally:
            db.close()

    def _open(self) -> Database:
        try:
            db = open_database(self.target, timeout=self.timeout, sync_every_commit=False)
        except BackendError as exc:
            raise refused(StoreError, "store_detail", detail=exc) from None
        try:
            older = isinstance(db, SqliteDatabase) and db.has_table("tables")
            db.migrate("server", MIGRATIONS)
            if db.dialect == "postgresql":  # workers sharing the database (server/workers.py)
                db.migrate("workers", WORKER_MIGRATIONS)
            if older and isinstance(db, SqliteDatabase):
                # A file of before the versioned schema: its columns and tokens brought up to
                # date.
                have = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
                for name, kind in COLUMNS.items():
                    if name not in have:
                        db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
                hash_secrets(db.db)
            # A new database keeps hashes from the start.
            db.execute(
                "INSERT INTO meta (key, value) VALUES ('tokens', ?) ON CONFLICT(key) DO NOTHING",
                (HASHED,),
            )
            # A write, so that a database that can be read but not written is refused now, not
            # at the first action.
            db.execute(
                "INSERT INTO meta (key, value) VALUES ('opened', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (str(time.time()),),
            )
        except BackendError as exc:
            db.close()
            raise refused(StoreError, "store_detail", detail=exc) from None
        except sqlite3.Error as exc:
            db.close()
            raise refused(StoreError, "store_detail", detail=sqlite_error_said(exc)) from None
        return db

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join()
        self._thread.submit(self.db.close).result()
        self._thread.shutdown()

    # ------------------------------------------------------------------ in the writer thread

    def write_now(self, ops: Sequence[Op]) -> None:
        """Store ``ops`` in one transaction (in the calling thread: at start-up, or the
        writer's).

        The statements of one kind go together (``executemany``: on PostgreSQL one round trip
        for all of them, in psycopg's pipeline): the fences first, then the lobbies and pub
        games in the order given (a table's row before its steps), then the steps, then each
        table's time of change once.
        """
        db = self.db
        now = time.time()
        began = time.perf_counter()
        fences = [op for op in ops if isinstance(op, Fence)]
        steps = [op for op in ops if isinstance(op, AddStep)]
        with db.transaction():
            if fences:
                self._check_fences(fences)
            for op in ops:
                if isinstance(op, SavePub):
                    written = db.execute(
                        "INSERT INTO pub_games (id, token_hash, data, updated, version) "
                        "VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                        "token_hash = excluded.token_hash, data = excluded.data, "
                        "updated = excluded.updated, version = excluded.version "
                        "WHERE pub_games.version = ?",
                        (
                            op.pub_id,
                            op.token_hash,
                            json.dumps(op.data),
                            now,
                            op.version + 1,
                            op.version,
                        ),
                    )
                    if written.rowcount != 1:
                        raise PubChangedError(op.pub_id)
                elif isinstance(op, SaveTable):
                    db.execute(
                        "INSERT INTO tables (id, code, created, data, updated, finished) "
                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                        "data = excluded.data, updated = excluded.updated, "
                        "finished = excluded.finished",
                        (
                            op.table_id,
                            op.code,
                            op.created,
                            json.dumps(op.data),
                            now,
                            int(op.finished),
                        ),
                    )
            for start in range(0, len(steps), ROWS_AT_ONCE):
                # One statement for many rows: one plan and one round trip, not one a step.
                rows = steps[start : start + ROWS_AT_ONCE]
                db.execute(
                    "INSERT INTO steps (table_id, idx, seat, action, pips) VALUES "
                    + ", ".join(["(?, ?, ?, ?, ?)"] * len(rows)),
                    [
                        value
                        for op in rows
                        for value in (
                            op.table_id,
                            op.idx,
                            op.seat,
                            op.action,
                            json.dumps(list(op.pips)),
                        )
                    ],
                )
                touched = self._touched
                touch = [
                    table_id
                    for table_id in dict.fromkeys(op.table_id for op in steps)
                    if now - touched.get(table_id, 0.0) >= self.touch_every
                ]
                if touch:
                    db.executemany(
                        "UPDATE tables SET updated = ? WHERE id = ?", [(now, t) for t in touch]
                    )
        # Stored: what was written is remembered (a failed write leaves it as it was).
        for op in ops:
            if isinstance(op, SaveTable):
                self._touched[op.table_id] = now
        for op in steps:
            if now - self._touched.get(op.table_id, 0.0) >= self.touch_every:
                self._touched[op.table_id] = now
        took = time.perf_counter() - began
        if took > SLOW_WRITE:
            log.warning("a write took %.0f ms (%d steps and lobbies)", took * 1000, len(ops))

    def _check_fences(self, fences: list[Fence]) -> None:
        """Each fence's lease still held at its epoch (its row locked against a take-over until
        the transaction ends), else :class:`LeaseLostError` for the first that is not."""
        held: set[tuple[str, str, int]] = set()
        for worker in {f.worker for f in fences}:
            ids = list(dict.fromkeys(f.table_id for f in fences if f.worker == worker))
            rows = self.db.execute(
                f"SELECT table_id, epoch FROM leases WHERE worker = ? "
                f"AND table_id IN ({', '.join('?' * len(ids))}) FOR KEY SHARE",
                (worker, *ids),
            ).fetchall()
            held |= {(str(r[0]), worker, int(r[1])) for r in rows}
        for fence in fences:
            if (fence.table_id, fence.worker, fence.epoch) not in held:
                raise LeaseLostError(fence.table_id)

    def tables(self, *, since: float | None = None) -> list[TableRow]:
        """The tables to resume at start: not finished, changed at ``since`` or later."""
        query = "SELECT id, code, created, data FROM tables WHERE finished = 0"
        args: tuple[float, ...] = ()
        if since is not None:
            query += " AND updated >= ?"
            args = (since,)
        rows = self.db.execute(query + " ORDER BY created", args).fetchall()
        return [(r[0], r[1], r[2], _json(r[3])) for r in rows]

    def table(self, key: str) -> TableRow | None:
        """One table by id or invite code."""
        row = self.db.execute(
            "SELECT id, code, created, data FROM tables WHERE id = ? OR code = ?",
            (key, key.upper()),
        ).fetchone()
        return None if row is None else (row[0], row[1], row[2], _json(row[3]))

    def steps(self, table_id: str) -> list[tuple[int, str, list[int]]]:
        rows = self.db.execute(
            "SELECT seat, action, pips FROM steps WHERE table_id = ? ORDER BY idx", (table_id,)
        ).fetchall()
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

    def tables_with_steps(
        self, ids: Sequence[str]
    ) -> list[tuple[TableRow, list[tuple[int, str, list[int]]]]]:
        """Tables by id, each with its steps, in one read (a worker taking over many at once);
        an id with no table is left out."""
        out: list[tuple[TableRow, list[tuple[int, str, list[int]]]]] = []
        for start in range(0, len(ids), 500):
            part = list(ids[start : start + 500])
            marks = ", ".join("?" * len(part))
            rows = self.db.execute(
                f"SELECT id, code, created, data FROM tables WHERE id IN ({marks})", part
            ).fetchall()
            steps: dict[str, list[tuple[int, str, list[int]]]] = {}
            for table_id, seat, action, pips in self.db.execute(
                f"SELECT table_id, seat, action, pips FROM steps WHERE table_id IN ({marks}) "
                "ORDER BY table_id, idx",
                part,
            ):
                steps.setdefault(table_id, []).append((seat, action, json.loads(pips)))
            out += [((r[0], r[1], r[2], _json(r[3])), steps.get(r[0], [])) for r in rows]
        return out

    def pub_game(self, pub_id: str) -> tuple[str, dict[str, Any], int] | None:
        """A pub game's secret token's hash, data and version, by its id."""
        row = self.db.execute(
            "SELECT token_hash, data, version FROM pub_games WHERE id = ?", (pub_id,)
        ).fetchone()
        return None if row is None else (row[0], _json(row[1]), int(row[2]))

    def pub_version(self, pub_id: str) -> int | None:
        """A pub game's version (None: no such game)."""
        row = self.db.execute("SELECT version FROM pub_games WHERE id = ?", (pub_id,)).fetchone()
        return None if row is None else int(row[0])

    def count(self) -> int:
        row = self.db.execute("SELECT COUNT(*) FROM tables").fetchone()
        return int(row[0])

    # ------------------------------------------------------------------ from the event loop

    async def write(self, ops: Sequence[Op]) -> None:
        """Store ``ops`` in one transaction, in the writer thread. Raises what SQLite raised
        (nothing is stored then).

        Writes asked for while the writer is busy are stored together once it is free, in one
        transaction (a group commit: one commit for many tables' actions); if that fails, each
        is tried alone, so one bad write does not refuse the others.
        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._asked.append((list(ops), done))
        if not self._writing:
            self._writing = True
            self._write_batch(loop)
        await done

    def _write_batch(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._asked = self._asked, []
        work = self._thread.submit(self._write_many, [ops for ops, _ in batch])

        def finished(work: Future[list[BaseException | None]]) -> None:
            loop.call_soon_threadsafe(self._batch_written, loop, batch, work)

        work.add_done_callback(finished)

    def _batch_written(
        self,
        loop: asyncio.AbstractEventLoop,
        batch: list[tuple[list[Op], asyncio.Future[None]]],
        work: Future[list[BaseException | None]],
    ) -> None:
        try:
            outcomes = work.result()
        except BaseException as exc:  # pragma: no cover - the writer itself failed
            outcomes = [exc] * len(batch)
        for (_, done), failed in zip(batch, outcomes, strict=True):
            if done.done():
                continue
            if failed is None:
                done.set_result(None)
            else:
                done.set_exception(failed)
        if self._asked:
            self._write_batch(loop)
        else:
            self._writing = False

    def _write_many(self, batch: list[list[Op]]) -> list[BaseException | None]:
        """In the writer thread: every write of ``batch`` in one transaction, else each alone;
        what each raised (``None``: stored)."""
        if len(batch) > 1:
            try:
                self.write_now([op for ops in batch for op in ops])
                return [None] * len(batch)
            except Exception:  # one of them could not be stored: find which, alone
                pass
        outcomes: list[BaseException | None] = []
        for ops in batch:
            try:
                self.write_now(ops)
                outcomes.append(None)
            except Exception as exc:
                outcomes.append(exc)
        if self.db.broken:  # lost for good (a worker's database restarted): it stops
            from schocken.server.net import stop_server

            stop_server("the connection of its writes broke")
        return outcomes

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` (one of the reading methods) in the writer thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, fn, *args)


def hash_secrets(db: sqlite3.Connection) -> None:
    """The tokens of a file of an older version (kept as given) replaced by their hashes, in one
    transaction, once (the ``meta`` row ``tokens`` says it is done); nothing of the tokens as
    given is left in the file (it is written anew, the journal emptied)."""
    done = db.execute("SELECT value FROM meta WHERE key = 'tokens'").fetchone()
    pub_columns = {column[1] for column in db.execute("PRAGMA table_info(pub_games)")}
    if done is not None and done[0] == HASHED and "token" not in pub_columns:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        changed = 0
        if "token" in pub_columns:
            rows = db.execute("SELECT id, token FROM pub_games").fetchall()
            for pub_id, token in rows:
                db.execute(
                    "UPDATE pub_games SET token = ? WHERE id = ?", (token_hash(token), pub_id)
                )
            db.execute("ALTER TABLE pub_games RENAME COLUMN token TO token_hash")
            changed += len(rows)
        for table_id, text in db.execute("SELECT id, data FROM tables").fetchall():
            try:
                data = json.loads(text)
            except ValueError:
                continue  # a damaged record: set aside when it is loaded
            if isinstance(data, dict) and hash_table_secrets(data):
                db.execute("UPDATE tables SET data = ? WHERE id = ?", (json.dumps(data), table_id))
                changed += 1
        db.execute(
            "INSERT INTO meta (key, value) VALUES ('tokens', ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (HASHED,),
        )
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    if not changed:
        return
    log.warning(
        "the tokens of %d tables and pub games are now kept as their hashes (a server of an "
        "older version no longer knows them)",
        changed,
    )
    try:
        # The file is written anew (no old page or freed space keeps a token as it was), and
        # the journal emptied.
        db.execute("VACUUM")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error as exc:  # a full disk, say: the tokens work, the file is used as it is
        log.warning("the file could not be written anew after hashing its tokens: %s", exc)


def _json(text: str) -> dict[str, Any]:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("a table's data is not a JSON object")
    return data
