"""The coach at a server table: opt-in per player, shown to everyone, heard only by its player,
its ranking the engine's, a note after a costly move."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from schocken.coach import advise, moves
from schocken.record import parse_record, replay
from server_helpers import Client, play_until_over, running, simple_choice
from test_server import new_table

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

V = 3


def deciding(state: dict[str, Any]) -> bool:
    """Whether the client faces a choice the coach ranks (a round for Deckel, after a throw)."""
    view = state["view"]
    legal = [a for a in state["legal"] if a != "buyin"]
    mine = next((t for t in view["turns"] if t["seat"] == view["seat"]), None)
    return (
        len(legal) >= 2
        and view["round_kind"] == "normal"
        and mine is not None
        and mine["throws"] > 0
    )


async def next_of(client: Client, kind: str) -> dict[str, Any]:
    while True:
        message = await client.recv()
        if message["type"] == kind:
            return message


async def test_a_coached_player_hears_the_ranking_and_notes_others_hear_only_that_it_is_on(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "db.sqlite3", seed=31) as server:
        table = new_table(server, ["Anna", "Ben"], preset="tsv99")
        tid, (anna_token, ben_token) = table["id"], table["tokens"]
        anna = await Client(server, tid, anna_token).connect()
        ben = await Client(server, tid, ben_token).connect()
        watcher = await Client(server, tid, table["spectator_token"]).connect()
        # Before the game: refused, nothing changes.
        await anna.send({"v": V, "type": "coach", "on": True})
        refused = await anna.error()
        assert refused["code"] == "illegal" and "not started" in refused["message"]
        server.post(f"/api/tables/{tid}/start", {"token": anna_token})
        await asyncio.gather(*(c.next_state() for c in (anna, ben, watcher)))
        # A malformed switch is refused by name.
        await anna.send({"v": V, "type": "coach", "on": "yes"})
        bad = await anna.error()
        assert bad["code"] == "malformed" and "'on': true or false" in bad["message"]
        # Anna turns her coach on: everyone sees it.
        await anna.send({"v": V, "type": "coach", "on": True})
        for c in (anna, ben, watcher):
            message = await next_of(c, "table")
            assert message["table"]["coach"] == [0]
        assert server.get(f"/api/tables/{tid}").json()["coach"] == [0]

        rankings: dict[int, list[dict[str, Any]]] = {}
        notes: list[dict[str, Any]] = []

        async def anna_plays() -> None:
            acted = -1
            bad_moves = 0
            while True:
                st = anna.state
                assert st is not None
                if st["view"]["loser"] is not None:
                    return
                step = st["step"]
                if step != acted and deciding(st):
                    coach = await next_of(anna, "coach")
                    assert coach["step"] == step
                    ranked = coach["moves"]
                    rankings[step] = ranked
                    assert sorted(m["action"] for m in ranked) == sorted(
                        a for a in st["legal"] if a != "buyin"
                    )
                    costly = ranked[-1]["p_lose"] - ranked[0]["p_lose"] >= 0.05
                    acted = step
                    if costly and bad_moves < 3:
                        bad_moves += 1
                        await anna.act(ranked[-1]["action"])
                        notes.append(await next_of(anna, "coach_note"))
                        assert notes[-1]["step"] == step
                        assert notes[-1]["round"] == st["view"]["round"]  # the move's round
                        continue
                    await anna.act(ranked[0]["action"])
                elif step != acted:
                    action = simple_choice(st)
                    if action is not None:
                        acted = step
                        await anna.act(action)
                await anna.next_state(timeout=30)

        await asyncio.gather(anna_plays(), play_until_over([ben]), watcher_until_over(watcher))
        assert len(rankings) > 5 and len(notes) == 3
        assert all(n["text"].startswith("Coach: Anna, “") for n in notes)
        # Nobody else heard the coach.
        for c in (ben, watcher):
            assert not [m for m in c.messages if m["type"] in ("coach", "coach_note")]
        # Each ranking is the engine's, from Anna's view at that step.
        record = parse_record(server.get(f"/api/tables/{tid}/record").text)
        for step, ranked in list(rankings.items())[:8]:
            game = replay(replace(record, steps=record.steps[:step]), check_outcome=False)
            advice = advise(game.view(0))
            assert advice is not None
            assert ranked == moves(advice, "en")
        for c in (anna, ben, watcher):
            await c.close()


async def watcher_until_over(client: Client) -> None:
    while client.state is None or client.state["view"]["loser"] is None:
        await client.next_state(timeout=30)


async def test_the_coach_survives_a_restart_and_turns_off(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db, seed=32) as server:
        table = new_table(server, ["Anna", "Ben"], preset="schock4life")
        tid, (anna_token, _) = table["id"], table["tokens"]
        server.post(f"/api/tables/{tid}/start", {"token": anna_token})
        anna = await Client(server, tid, anna_token).connect()
        await anna.send({"v": V, "type": "coach", "on": True})
        assert (await next_of(anna, "table"))["table"]["coach"] == [0]
        await anna.close()
    with running(db, seed=32) as server:
        assert server.get(f"/api/tables/{tid}").json()["coach"] == [0]
        anna = await Client(server, tid, anna_token).connect()
        await anna.send({"v": V, "type": "coach", "on": False})
        assert (await next_of(anna, "table"))["table"]["coach"] == []
        await anna.close()
