"""The server's store, on both engines (a SQLite file, a PostgreSQL server): writes asked for
together are committed together, and one that cannot be stored does not refuse the others."""

from __future__ import annotations

import asyncio

import pytest

from schocken.server.store import AddStep, SaveTable, Store, new_token
from schocken.store import StoreConflictError


async def test_writes_asked_for_together_are_all_stored_and_a_bad_one_alone_refused(
    database: str,
) -> None:
    store = Store(database)
    try:
        tables = [f"t{i}" for i in range(20)]
        await asyncio.gather(
            *(
                store.write([SaveTable(t, f"C{i:05}", 0.0, {"x": i}, False)])
                for i, t in enumerate(tables)
            )
        )
        steps = [store.write([AddStep(t, 0, 0, "throw", (1, 2, 3))]) for t in tables]
        # The same step of t3 again: its index is taken, it cannot be stored.
        steps.append(store.write([AddStep("t3", 0, 1, "stop", ())]))
        outcomes = await asyncio.gather(*steps, return_exceptions=True)
        assert outcomes[:-1] == [None] * len(tables)
        assert isinstance(outcomes[-1], StoreConflictError)
        for t in tables:
            assert await store.read(store.steps, t) == [(0, "throw", [1, 2, 3])]
        with pytest.raises(StoreConflictError):
            await store.write([AddStep("t5", 0, 0, "throw", (4, 5, 6))])
        assert await store.read(store.steps, "t5") == [(0, "throw", [1, 2, 3])]
    finally:
        store.close()


def test_a_tables_time_of_change_is_written_with_its_steps_at_most_once_a_while(
    database: str,
) -> None:
    """Every step is stored; the table's ``updated`` (which tables are resumed at start) only
    when it was last written ``touch_every`` seconds ago or more: not a second row per action."""

    def updated(store: Store, table_id: str) -> float:
        row = store.db.execute("SELECT updated FROM tables WHERE id = ?", (table_id,)).fetchone()
        return float(row[0])

    lazy = Store(database, touch_every=3600.0)
    try:
        lazy.write_now([SaveTable("t1", "ABC123", 0.0, {"x": 1}, False)])
        made = updated(lazy, "t1")
        for idx in range(3):
            lazy.write_now([AddStep("t1", idx, 0, "throw", (1, 2, 3))])
        assert len(lazy.steps("t1")) == 3
        assert updated(lazy, "t1") == made
    finally:
        lazy.close()
    eager = Store(database, touch_every=0.0)
    try:
        eager.write_now([AddStep("t1", 3, 0, "throw", (1, 2, 3))])
        assert len(eager.steps("t1")) == 4
        assert updated(eager, "t1") > made
    finally:
        eager.close()


def test_a_pub_game_is_written_only_over_the_version_read(database: str) -> None:
    """A pub game's write names the version it read: the stored game (and its token's hash:
    a new token replaces the old one for good) changes only over that version."""
    from schocken.server.store import PubChangedError, SavePub

    store = Store(database)
    try:
        store.write_now([SavePub("p1", "hash-1", {"n": 1}, 0)])
        store.write_now([SavePub("p1", "hash-2", {"n": 2}, 1)])
        assert store.pub_game("p1") == ("hash-2", {"n": 2}, 2)
        with pytest.raises(PubChangedError):  # written over an old copy
            store.write_now([SavePub("p1", "hash-3", {"n": 3}, 1)])
        with pytest.raises(PubChangedError):  # made twice
            store.write_now([SavePub("p1", "hash-3", {"n": 3}, 0)])
        assert store.pub_game("p1") == ("hash-2", {"n": 2}, 2)
        assert store.pub_version("p1") == 2 and store.pub_version("p2") is None
    finally:
        store.close()


def test_many_tables_are_read_with_their_steps_at_once(database: str) -> None:
    """What a worker taking over many tables reads in one go: each table's row with its steps
    in their order; an id without a table is left out."""
    store = Store(database)
    try:
        for i in range(3):
            store.write_now([SaveTable(f"t{i}", f"C{i:05}", float(i), {"x": i}, False)])
            for idx in range(i):
                store.write_now([AddStep(f"t{i}", idx, idx % 2, "throw", (idx + 1, 2, 3))])
        found = store.tables_with_steps(["t2", "nobody", "t0", "t1"])
        assert sorted(found) == [
            (("t0", "C00000", 0.0, {"x": 0}), []),
            (("t1", "C00001", 1.0, {"x": 1}), [(0, "throw", [1, 2, 3])]),
            (("t2", "C00002", 2.0, {"x": 2}), [(0, "throw", [1, 2, 3]), (1, "throw", [2, 2, 3])]),
        ]
        assert [(row, store.steps(row[0])) for row, _ in found] == found
    finally:
        store.close()


def test_a_new_token_never_begins_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """``schocken bot-play URL TOKEN`` would read a token that begins with ``-`` as an option
    (one in 64 did, and a program's seat was never played): such a draw is drawn again."""
    import secrets

    draws = iter(["-dash", "-again", "plain"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda nbytes: next(draws))
    assert new_token() == "plain"
    monkeypatch.undo()
    assert all(not new_token(1).startswith("-") for _ in range(2000))
