"""The tables of a server (:class:`Tables`): those in play in memory, the others loaded from the
store when they are asked for, restored after a restart.

:meth:`Tables.commit` runs a change of a table (:class:`schocken.server.table.Table`) and stores
what it changed before anyone hears of it, and takes the change back (the game rebuilt from its
stored steps) if it cannot be stored: a table is never ahead of its record. Nothing here knows of
HTTP or WebSockets.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar, cast

from schocken.errors import RulesError
from schocken.rules import Rules, find_preset, parse_rules, rules_from_data
from schocken.server.refusals import StorageError, elsewhere, refusal_of, refuse
from schocken.server.store import Fence, LeaseLostError, Op, Store, TableRow, hash_table_secrets
from schocken.server.table import Table
from schocken.server.table_state import Seat, StandIn, new_dice_seed
from schocken.texts import said

T = TypeVar("T")
log = logging.getLogger("schocken.server")


class Leases(Protocol):
    """What :class:`Tables` asks of the workers' leases (PostgreSQL with workers:
    :class:`schocken.server.workers.Cluster`): a table is loaded, and written, only by the
    worker that holds its lease."""

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease if it is free, run out, or new; whether this worker has it."""

    def fence(self, table_id: str) -> Fence:
        """The check that goes first into every write of the table."""

    def lost(self, table_id: str) -> None:
        """A write was refused: another worker holds the table now (drop it)."""

    def unloaded(self, table_id: str) -> None:
        """The table left memory: its lease is given back."""


class Tables:
    """The tables of a server: those in play in memory, every one in the store."""

    def __init__(
        self,
        store: Store,
        *,
        seed: int | None = None,
        resume_within: float | None = None,
        leases: Leases | None = None,
        plugins: tuple[str, ...] = (),
    ) -> None:
        self.store = store
        self.plugins = plugins
        """The bot plug-ins the operator lets the tables use (``--bot-plugins``)."""
        self.leases = leases
        """The workers' leases (PostgreSQL): then no table is resumed at start (the workers take
        the tables of a worker that died, :mod:`schocken.server.workers`), and every table is
        claimed before it is loaded and fenced in every write."""
        self.seed = seed
        self.by_id: dict[str, Table] = {}
        self.by_code: dict[str, Table] = {}
        self.set_aside: dict[str, str] = {}
        """Tables whose stored record could not be read, by id: the reason (logged at start)."""
        self.when_finished: list[Callable[[Table], None]] = []
        """Called with a table whose game has just ended (once it is stored): a club's
        tournament takes the game of its online table (must not block: it schedules)."""
        self.before_start: list[Callable[[Table], Awaitable[None]]] = []
        """Asked before a game of a tournament's table starts (the host starts it, or asks for
        the next one): refuses (:class:`TableError`) a game the tournament would not count."""
        self._created = store.count()
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        """The tables being loaded, by id: who asks for one of them meanwhile waits for that
        load (a table is loaded once; different tables are loaded side by side)."""
        since = None if resume_within is None else time.time() - resume_within
        for row in [] if leases is not None else store.tables(since=since):
            self._resume(row, store.steps(row[0]))

    def _build(self, row: TableRow, steps: list[tuple[int, str, list[int]]]) -> Table:
        """A table from its stored row and steps (may raise anything on a bad record)."""
        table_id, code, created, data = row
        rules = rules_from_data(data["rules"], f"table {table_id}: 'rules'")
        table = Table(
            self.store,
            table_id,
            code,
            rules,
            len(data["seats"]),
            seed=data.get("seed"),
            dice_seed=None if data.get("dice_seed") is None else bytes.fromhex(data["dice_seed"]),
            turn_timer=data.get("turn_timer"),
            created=created,
        )
        rehashed = hash_table_secrets(data)  # a row an older version wrote (tokens as given)
        table.seats = [
            Seat(s["name"], s["token_hash"], s["bot"], bool(s.get("program", False)))
            for s in data["seats"]
        ]
        table.host = data["host"]
        table.spectator_hash = data["spectator_hash"]
        table.rematch = data.get("rematch")
        table.coached = set(data.get("coach", []))
        table.waiting = [Seat(w["name"], w["token_hash"], None) for w in data.get("waiting", [])]
        table.stand_ins = [StandIn(*x) for x in data.get("stand_ins", [])]
        clock = data.get("clock")  # none at a table stored before the deadline was
        table.clock = None if clock is None else (int(clock[0]), float(clock[1]))
        table.tournament = data.get("tournament")
        table.booked = data.get("booked")
        if data.get("started"):
            table.restore(steps)
        if rehashed:
            table._save()
        return table

    def _resume(self, row: TableRow, steps: list[tuple[int, str, list[int]]]) -> Table | None:
        """At start: one stored table back into memory; a bad record is reported and set aside,
        never the end of the start."""
        try:
            table = self._build(row, steps)
            pending = table.take_pending()
            if pending:
                self.store.write_now(pending)
        except Exception as exc:
            self._set_aside(row[0], exc)
            return None
        self._register(table)
        return table

    def _set_aside(self, table_id: str, exc: BaseException) -> None:
        why = " ".join(str(exc).split()) or type(exc).__name__
        self.set_aside[table_id] = why
        log.error("table %s set aside: its stored record cannot be played (%s)", table_id, why)

    def _register(self, table: Table) -> None:
        table.plugins = self.plugins
        self.by_id[table.id] = table
        self.by_code[table.code] = table

    def unload(self, table: Table) -> None:
        """Take a table out of memory (it stays in the store and is loaded when asked for)."""
        if self.by_id.get(table.id) is table:
            del self.by_id[table.id]
            self.by_code.pop(table.code, None)
            if self.leases is not None:
                self.leases.unloaded(table.id)

    def _fenced(self, table_id: str, ops: list[Op]) -> list[Op]:
        """``ops`` with the lease's check first (with workers; else as they are)."""
        return ops if self.leases is None or not ops else [self.leases.fence(table_id), *ops]

    async def commit(self, table: Table, change: Callable[..., T], *args: Any) -> T:
        """Make a change to ``table`` (``change(*args)``, a method of it) and store it, as one:
        if storing fails, the table goes back to how it was and :class:`StorageError` is raised.
        A change that raises (an illegal action, a full table) changes nothing."""
        async with table.lock:
            snap = table.snapshot()
            try:
                result = change(*args)
            except BaseException:
                table.rollback(snap)
                raise
            ops = self._fenced(table.id, table.take_pending())
            if ops:
                try:
                    await self.store.write(ops)
                except Exception as exc:
                    table.rollback(snap)
                    if isinstance(exc, LeaseLostError) and self.leases is not None:
                        self.leases.lost(table.id)
                    log.error(
                        "table %s: a change could not be stored and was taken back: %s",
                        table.id,
                        " ".join(str(exc).split()) or type(exc).__name__,
                    )
                    raise StorageError() from None
            if table._finished_saved and not snap.finished_saved:
                for hook in self.when_finished:
                    hook(table)
            return result

    async def check_start(self, table: Table) -> None:
        """Refused if a game of ``table`` may not start now (:attr:`before_start`)."""
        for check in self.before_start:
            await check(table)

    async def create(
        self,
        rules: Rules,
        seats: int,
        host_name: object,
        *,
        turn_timer: float | None = None,
        tournament: dict[str, Any] | None = None,
    ) -> tuple[Table, str, str]:
        """A new table, its creator seated as host; returns the table, the host's token and the
        spectator token (both given out only now: the table keeps their hashes). A
        ``tournament``'s table (:attr:`Table.tournament`) seats its first drawn player as host;
        the organiser seats the others (:meth:`Table.seat_drawn`)."""
        table_id = secrets.token_urlsafe(9)
        code = self._new_code()
        await self._count_again()
        seed = None if self.seed is None else self.seed + self._created
        if turn_timer is not None and not 5 <= turn_timer <= 3600:
            raise refuse("server_refuse_timer", 400, least=5, most=3600)
        table = Table(
            self.store,
            table_id,
            code,
            rules,
            seats,
            seed=seed,
            dice_seed=new_dice_seed(seed),
            turn_timer=turn_timer,
        )
        table.tournament = tournament
        table.plugins = self.plugins
        _, token = table._sit(host_name, 0)
        spectator = table.new_spectator_token()
        table.host = 0
        table._save()
        try:
            if self.leases is not None and not await self.leases.claim(table_id):
                raise LeaseLostError(table_id)
            await self.store.write(self._fenced(table_id, table.take_pending()))
        except Exception as exc:
            if self.leases is not None:
                self.leases.unloaded(table_id)  # its lease, if taken, given back
            log.error("a new table could not be stored: %s", " ".join(str(exc).split()))
            raise StorageError() from None
        self._created += 1
        self._register(table)
        return table, token, spectator

    async def rematch(self, table: Table, token: object) -> Table:
        """The next game of a finished table (:meth:`Table.next_game`), stored with the old
        table's pointer to it in one write."""
        async with table.lock:
            await self._count_again()
            snap = table.snapshot()
            seed = None if self.seed is None else self.seed + self._created
            new = table.next_game(
                token, secrets.token_urlsafe(9), self._new_code(), seed, new_dice_seed(seed)
            )
            try:
                if self.leases is not None and not await self.leases.claim(new.id):
                    raise LeaseLostError(new.id)
                ops = [*self._fenced(new.id, new.take_pending())]
                await self.store.write([*ops, *self._fenced(table.id, table.take_pending())])
            except Exception as exc:
                table.rollback(snap)
                if self.leases is not None:
                    self.leases.unloaded(new.id)  # its lease, if taken, given back
                log.error("a rematch could not be stored: %s", " ".join(str(exc).split()))
                raise StorageError() from None
            self._created += 1
            self._register(new)
            return new

    async def _count_again(self) -> None:
        """With workers, the tables made so far are counted in the database (a seeded server's
        next table's seed follows from it, whichever worker makes it)."""
        if self.leases is not None and self.seed is not None:
            self._created = await self.store.read(self.store.count)

    def _new_code(self) -> str:
        alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        while True:
            code = "".join(secrets.choice(alphabet) for _ in range(6))
            if code not in self.by_code:
                return code

    def loaded(self, key: str) -> Table | None:
        """The table in memory with this id or invite code, if it is there."""
        if not isinstance(key, str):
            return None
        return self.by_id.get(key) or self.by_code.get(key.upper())

    async def get(self, key: str) -> Table:
        """The table with this id or invite code: from memory, else loaded from the store."""
        table = await self._get(key)
        if table.tournament is not None and key != table.id:
            raise refuse("server_refuse_no_table", 404)  # a tournament's table: no invite code
        return table

    async def _get(self, key: str) -> Table:
        table = self.loaded(key)
        if table is not None:
            return table
        if not isinstance(key, str) or not 1 <= len(key) <= 64:
            raise refuse("server_refuse_no_table", 404)
        row = await self.store.read(self.store.table, key)
        if row is None:
            raise refuse("server_refuse_no_table", 404)
        table_id = row[0]
        if table_id in self.set_aside:
            raise refuse("server_refuse_damaged", 503)
        found = await self._load_once([table_id], self._claim_and_load, row)
        if found[table_id] is None:
            raise refuse("server_refuse_damaged", 503)
        return cast(Table, found[table_id])

    async def _claim_and_load(self, row: TableRow) -> dict[str, Table | None]:
        """The table of ``row``, its lease claimed first (with workers): :class:`Elsewhere`
        where another worker holds it."""
        claimed = self.by_id.get(row[0]) is not None or self.leases is None
        if not claimed and self.leases is not None and not await self.leases.claim(row[0]):
            raise elsewhere()
        return {row[0]: await self._load(row)}

    async def _load_once(
        self,
        table_ids: Sequence[str],
        load: Callable[..., Awaitable[dict[str, Table | None]]],
        *args: Any,
    ) -> dict[str, Table | None]:
        """``load(*args)`` for the tables ``table_ids``, unless they are in memory or being
        loaded already: those are waited for (two requests for the same table load it once;
        other tables are loaded meanwhile). By id, as ``load`` gives them; what ``load`` raised
        is raised to everyone who waited for it."""
        out: dict[str, Table | None] = {}
        waiting: dict[str, asyncio.Future[Table | None]] = {}
        mine: list[str] = []
        for table_id in table_ids:
            if table_id in self.by_id:
                out[table_id] = self.by_id[table_id]
            elif table_id in self._loading:
                waiting[table_id] = self._loading[table_id]
            else:
                mine.append(table_id)
        if mine:
            loop = asyncio.get_running_loop()
            futures = {t: loop.create_future() for t in mine}
            for table_id, future in futures.items():
                future.add_done_callback(_retrieved)
                self._loading[table_id] = future
            try:
                loaded = await load(*args)
            except BaseException as exc:
                for future in futures.values():
                    if isinstance(exc, asyncio.CancelledError):
                        future.cancel()
                    else:
                        future.set_exception(exc)
                raise
            finally:
                for table_id in mine:
                    del self._loading[table_id]
            for table_id, future in futures.items():
                future.set_result(loaded.get(table_id))
            out.update({t: loaded.get(t) for t in mine})
        for table_id, future in waiting.items():
            await asyncio.wait([future])
            if future.cancelled():  # who loaded it went away: ask again
                out.update(await self._load_once([table_id], load, *args))
            else:
                out[table_id] = future.result()
        return out

    async def _load(self, row: TableRow) -> Table | None:
        table = self.by_id.get(row[0])
        if table is not None:
            return table
        steps = await self.store.read(self.store.steps, row[0])
        try:
            # Replaying a long game takes a while: not in the event loop.
            table = await asyncio.to_thread(self._build, row, steps)
        except Exception as exc:
            self._set_aside(row[0], exc)
            return None
        pending = self._fenced(table.id, table.take_pending())
        if pending:
            try:
                await self.store.write(pending)
            except Exception:
                raise StorageError() from None
        self._register(table)
        return table

    async def adopt(self, table_ids: Sequence[str]) -> dict[str, Table | None]:
        """The tables whose leases this worker just took over (their worker died), loaded from
        their stored rows and steps, all in one read, one replay in a thread and one write
        (a take-over of hundreds of tables waits for the store three times, not three times per
        table); by id, ``None``: it is no more, or set aside. Raises what the store raised."""
        began = time.monotonic()
        spent: dict[str, float] = {}
        out = await self._load_once(table_ids, self._load_many, table_ids, spent)
        log.warning(
            "took over %d tables in %.2f s (%s)",
            sum(t is not None for t in out.values()),
            time.monotonic() - began,
            ", ".join(f"{part} {seconds:.2f} s" for part, seconds in spent.items()),
        )
        return out

    async def _load_many(
        self, table_ids: Sequence[str], spent: dict[str, float]
    ) -> dict[str, Table | None]:
        """The tables ``table_ids`` (not in memory) from one read of their rows and steps, one
        replay in a thread and one (group) write; ``spent`` is told the seconds of each."""
        ids = [t for t in table_ids if t not in self.by_id and t not in self.set_aside]
        began = time.monotonic()
        found = await self.store.read(self.store.tables_with_steps, ids)
        spent["read"] = time.monotonic() - began
        built = await asyncio.to_thread(self._build_each, found)
        spent["replayed"] = time.monotonic() - began - spent["read"]
        tables = [t for t in built.values() if not isinstance(t, BaseException)]
        for table_id, failed in built.items():
            if isinstance(failed, BaseException):
                self._set_aside(table_id, failed)
        writes = [self._fenced(t.id, t.take_pending()) for t in tables]
        stored = iter(
            await asyncio.gather(
                *(self.store.write(ops) for ops in writes if ops), return_exceptions=True
            )
        )
        spent["stored"] = time.monotonic() - began - spent["read"] - spent["replayed"]
        out: dict[str, Table | None] = {}
        for table, ops in zip(tables, writes, strict=True):
            if ops and isinstance(next(stored), BaseException):
                continue  # not stored: not taken; its lease runs out, another worker tries
            self._register(table)
            out[table.id] = table
        return out

    def _build_each(
        self, found: list[tuple[TableRow, list[tuple[int, str, list[int]]]]]
    ) -> dict[str, Table | BaseException]:
        """:meth:`_build` of each table (in a thread: replaying games takes a while); a table
        whose record cannot be played gives what it raised."""
        out: dict[str, Table | BaseException] = {}
        for row, steps in found:
            try:
                out[row[0]] = self._build(row, steps)
            except Exception as exc:
                out[row[0]] = exc
        return out


def _retrieved(future: asyncio.Future[Any]) -> None:
    """A load's outcome counted as seen (nobody may be waiting for it)."""
    if not future.cancelled():
        future.exception()


def rules_of_body(body: dict[str, Any]) -> Rules:
    """The rules a request asks for: house rules as TOML (``rules_toml``, when not blank), else
    ``rules`` (:func:`rules_from_request`; tsv99 when absent)."""
    house = body.get("rules_toml")
    if isinstance(house, str) and house.strip():
        try:
            return parse_rules(house, source=said("rules_where_house"))
        except RulesError as exc:  # the engine's refusal, said in the caller's language
            raise refusal_of(exc) from None
    return rules_from_request(body.get("rules", "tsv99"))


def rules_from_request(data: object) -> Rules:
    """Rules from a request: ``{"preset": "tsv99", "overrides": {...}}`` (read by
    :func:`schocken.rules.rules_from_data`) or a preset name."""
    try:
        if isinstance(data, str):
            return find_preset(data)
        if isinstance(data, dict):
            return rules_from_data(data)
    except RulesError as exc:
        raise refusal_of(exc) from None
    raise refuse("server_refuse_rules")
