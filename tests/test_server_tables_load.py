"""Loading tables from the store (``server/tables.py``): a table asked for twice at once is
loaded once, a table being loaded does not hold up another, and a take-over's batch
(``Tables.adopt``) and a player's request for one of its tables share one load. In one
process, on a real SQLite file (the workers' side on PostgreSQL: tests/test_server_workers.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from schocken.rules import find_preset
from schocken.server.store import Store
from schocken.server.table import Table
from schocken.server.tables import Tables


async def stored_tables(path: Path, count: int) -> list[str]:
    """``count`` tables stored in a new file; their ids."""
    store = Store(str(path))
    try:
        tables = Tables(store)
        made = [await tables.create(find_preset("tsv99"), 3, f"Anna {i}") for i in range(count)]
        return [table.id for table, _, _ in made]
    finally:
        store.close()


def counted(tables: Tables) -> tuple[list[str], dict[str, asyncio.Event]]:
    """Every single load of ``tables`` written down (its table's id); a load of a table given
    an event waits for it first."""
    loads: list[str] = []
    holds: dict[str, asyncio.Event] = {}
    load = tables._load

    async def held_load(row: Any) -> Table | None:
        loads.append(row[0])
        if row[0] in holds:
            await holds[row[0]].wait()
        return await load(row)

    tables._load = held_load  # type: ignore[method-assign]
    return loads, holds


async def test_a_table_asked_for_twice_at_once_is_loaded_once(tmp_path: Path) -> None:
    (one,) = await stored_tables(tmp_path / "t.sqlite3", 1)
    store = Store(str(tmp_path / "t.sqlite3"))
    try:
        tables = Tables(store, resume_within=-3600)  # nothing resumed at start
        loads, _ = counted(tables)
        first, second = await asyncio.gather(tables.get(one), tables.get(one))
        assert first is second and loads == [one]
    finally:
        store.close()


async def test_a_table_being_loaded_does_not_hold_up_another(tmp_path: Path) -> None:
    slow, quick = await stored_tables(tmp_path / "t.sqlite3", 2)
    store = Store(str(tmp_path / "t.sqlite3"))
    try:
        tables = Tables(store, resume_within=-3600)
        loads, holds = counted(tables)
        holds[slow] = asyncio.Event()
        waiting = asyncio.create_task(tables.get(slow))
        while slow not in loads:
            await asyncio.sleep(0.01)
        got = await asyncio.wait_for(tables.get(quick), 10)  # while the slow one still loads
        assert got.id == quick and not waiting.done()
        again = asyncio.create_task(tables.get(slow))  # waits for the load under way
        holds[slow].set()
        assert await waiting is await again
        assert loads == [slow, quick]
    finally:
        store.close()


async def test_a_take_over_and_a_player_share_one_load(tmp_path: Path) -> None:
    ids = await stored_tables(tmp_path / "t.sqlite3", 4)
    store = Store(str(tmp_path / "t.sqlite3"))
    try:
        tables = Tables(store, resume_within=-3600)
        loads, _ = counted(tables)
        read = store.tables_with_steps
        reads: list[list[str]] = []

        def counted_read(table_ids: Sequence[str]) -> Any:
            reads.append(list(table_ids))
            return read(table_ids)

        store.tables_with_steps = counted_read  # type: ignore[method-assign,assignment]
        adopted, got = await asyncio.gather(
            tables.adopt([*ids, "no such table"]), tables.get(ids[2])
        )
        assert adopted[ids[2]] is got
        assert all(isinstance(adopted[t], Table) for t in ids)
        assert adopted["no such table"] is None
        assert reads == [[*ids, "no such table"]] and loads == []  # one read: the batch's
        assert await tables.get(ids[0]) is adopted[ids[0]] and loads == []
    finally:
        store.close()
