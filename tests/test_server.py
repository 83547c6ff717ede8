"""The game server, for real: uvicorn on 127.0.0.1, WebSocket clients, SQLite on disk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from schocken.actions import BUY_IN
from schocken.bots import make_bot
from schocken.dice import ScriptedDice
from schocken.game import Game
from schocken.record import parse_record, replay
from server_helpers import Client, Server, play_until_over, running, simple_choice

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""


def new_table(
    server: Server, names: list[str], preset: str | dict[str, Any] = "tsv99", **extra: Any
) -> dict[str, Any]:
    """A table with the first name as host and the others joined; returns ids and tokens."""
    created = server.post(
        "/api/tables",
        {"name": names[0], "seats": extra.pop("seats", len(names)), "rules": preset, **extra},
    )
    assert created.status_code == 200, created.text
    data = created.json()
    tokens = [data["token"]]
    for name in names[1:]:
        joined = server.post(f"/api/tables/{data['code']}/join", {"name": name})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return {**data, "tokens": tokens}


async def test_four_clients_play_a_whole_game(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=11) as server:
        table = new_table(server, ["Anna", "Ben", "Cem", "Dora"])
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        # Before the start: the lobby, no view.
        assert clients[1].state is not None and clients[1].state["view"] is None
        assert clients[1].state["table"]["seats"][3]["name"] == "Dora"
        # Only the host may start.
        refused = server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][1]})
        assert refused.status_code == 403 and "only the host" in refused.json()["error"]
        assert (
            server.post(
                f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]}
            ).status_code
            == 200
        )
        # No record while the game goes on (it would show covered dice).
        early = server.get(f"/api/tables/{table['id']}/record")
        assert early.status_code == 409
        await play_until_over(clients)
        loser = clients[0].state["view"]["loser"]  # type: ignore[index]
        assert all(c.state["view"]["loser"] == loser for c in clients)  # type: ignore[index]
        explained = [line["text"] for line in clients[0].state["log"]]  # type: ignore[index]
        assert any("Deckel from the middle." in line for line in explained)
        # Every client heard the whole game: the same log, and every event in order.
        assert all(c.state["log"] == clients[0].state["log"] for c in clients)  # type: ignore[index]
        final = clients[0].state
        assert final is not None and final["outcome"]["loser"] == loser
        assert final["seq"] == len(final["events"]) and final["events"][-1]["type"] == "GameEnded"
        record = server.get(f"/api/tables/{table['id']}/record")
        assert record.status_code == 200
        game = replay(parse_record(record.text))
        assert game.loser == loser and game.players == ("Anna", "Ben", "Cem", "Dora")
        for c in clients:
            await c.close()


async def test_two_clients_and_two_bots(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=3) as server:
        table = new_table(server, ["Anna", "Ben"], preset="schock4life", seats=4)
        host = table["tokens"][0]
        for bot in ("regular", "random"):
            added = server.post(f"/api/tables/{table['id']}/bots", {"token": host, "bot": bot})
            assert added.status_code == 200, added.text
        seats = server.get(f"/api/tables/{table['code']}").json()["seats"]
        assert [s["bot"] for s in seats] == [None, None, "regular", "random"]
        assert (
            server.post(f"/api/tables/{table['id']}/bots", {"token": host}).json()["error"]
            == "the table is full"
        )
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        assert server.post(f"/api/tables/{table['id']}/start", {"token": host}).status_code == 200
        await play_until_over(clients)
        game = replay(parse_record(server.get(f"/api/tables/{table['id']}/record").text))
        assert game.is_over
        # The bots played too.
        assert {seat for seat, _, _ in game.steps} == {0, 1, 2, 3}
        for c in clients:
            await c.close()


async def test_a_solver_bot_plays_at_the_table(tmp_path: Path) -> None:
    """The solver bot, added like any bot, makes every decision the solver makes in its place."""
    with running(tmp_path / "db.sqlite3", seed=5) as server:
        table = new_table(server, ["Anna"], preset="tsv99", seats=3)
        host = table["tokens"][0]
        for bot in ("solver", "regular"):
            added = server.post(f"/api/tables/{table['id']}/bots", {"token": host, "bot": bot})
            assert added.status_code == 200, added.text
        clients = [await Client(server, table["id"], host).connect()]
        assert server.post(f"/api/tables/{table['id']}/start", {"token": host}).status_code == 200
        await play_until_over(clients)
        record = parse_record(server.get(f"/api/tables/{table['id']}/record").text)
        await clients[0].close()
    game = Game(
        record.rules, record.players, ScriptedDice([p for s in record.steps for p in s.pips])
    )
    solver = make_bot("solver")
    decided = 0
    for step in record.steps:
        legal = game.legal_actions()
        if step.seat == 1 and len(legal) > 1 and game.current_player == 1:
            assert solver.choose(game.view(1), legal) == step.action
            decided += 1
        game.apply(step.action, step.seat)
    assert game.is_over and decided > 5


ALWAYS_BUYS_IN = (
    "from schocken.bots import BOTS, RandomBot\n"
    "BOTS['random'] = lambda seed: RandomBot(seed, buy_in=1.0)"
)
"""Run in the server: its random bots buy back in whenever they are asked."""


async def test_bots_are_asked_about_buying_in_at_the_table(tmp_path: Path) -> None:
    """Random bots that always buy back in do so at a real table: before every round's first
    throw, each bot that may buy in was asked (and bought in), whoever opens the round."""
    rules = {"preset": "schock4life", "overrides": {"deckel_per_half": 3, "deckel_in_finale": 3}}
    with running(tmp_path / "db.sqlite3", seed=3, prelude=ALWAYS_BUYS_IN) as server:
        table = new_table(server, ["Anna"], preset=rules, seats=4)
        host = table["tokens"][0]
        for _ in range(3):
            added = server.post(f"/api/tables/{table['id']}/bots", {"token": host, "bot": "random"})
            assert added.status_code == 200, added.text
        clients = [await Client(server, table["id"], host).connect()]
        assert server.post(f"/api/tables/{table['id']}/start", {"token": host}).status_code == 200
        await play_until_over(clients)
        record = parse_record(server.get(f"/api/tables/{table['id']}/record").text)
        await clients[0].close()
    game = Game(
        record.rules, record.players, ScriptedDice([p for s in record.steps for p in s.pips])
    )
    bought = 0
    for step in record.steps:
        if step.action == BUY_IN:
            assert step.seat != 0, "Anna (simple_choice) never buys in"
            bought += 1
        else:
            # Anyone about to act in a round that a bot could still buy into: it would have.
            assert not [s for s in (1, 2, 3) if game.can_buy_in(s)], step
        game.apply(step.action, step.seat)
    assert game.is_over and bought > 0


async def test_reconnect_in_the_middle_of_a_turn(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=5) as server:
        table = new_table(server, ["Anna", "Ben"])
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        for c in clients:
            await c.next_state()
        current = clients[0].state["view"]["current"]  # type: ignore[index]
        me = clients[current]
        await me.act("throw")
        await me.next_state()
        mine = next(t for t in me.state["view"]["turns"] if t["seat"] == current)
        assert mine["throws"] == 1 and mine["showing"] is not None
        await me.close()
        # The same token takes the seat back and gets the full current view.
        again = await Client(server, table["id"], table["tokens"][current]).connect()
        view = again.state["view"]  # type: ignore[index]
        assert view["current"] == current
        assert next(t for t in view["turns"] if t["seat"] == current) == mine
        assert "stop" in again.state["legal"]  # type: ignore[index]
        clients[current] = again
        await play_until_over(clients)
        for c in clients:
            await c.close()


async def test_spectator_sees_what_everyone_sees_and_cannot_act(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=8) as server:
        table = new_table(server, ["Anna", "Ben"], preset="allgemein")
        spectator = await Client(server, table["id"], table["spectator_token"]).connect()
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await spectator.next_state()
        you = spectator.state["you"]  # type: ignore[index]
        assert you == {"seat": None, "host": False, "bot": False, "waiting": None}
        assert spectator.state["legal"] == []  # type: ignore[index]
        await spectator.act("throw")
        error = await spectator.error()
        assert error["code"] == "spectator"
        await play_until_over(clients)
        # The spectator followed the game to its end, without covered dice.
        while spectator.state["view"]["loser"] is None:  # type: ignore[index]
            await spectator.next_state()
        for m in spectator.messages:
            # (Once the game is over, its last round is revealed to all.)
            if m["type"] == "state" and m["view"] and m["view"]["loser"] is None:
                for t in m["view"]["turns"]:
                    if t["covered"]:
                        assert t["showing"] is None and t["result"] is None
        bad = await Client(server, table["id"], "not-a-token").ws_connect_error()
        assert bad["code"] == "denied"
        for c in [spectator, *clients]:
            await c.close()


async def _play_to(
    server: Server, table: dict[str, Any], clients: list[Client], steps: int
) -> None:
    """Play with the deterministic choice until at least ``steps`` steps are accepted."""
    import asyncio

    async def run(c: Client) -> None:
        acted = -1
        while True:
            st = c.state
            if st is not None and st.get("view") is not None:
                if st["step"] >= steps or st["view"]["loser"] is not None:
                    return
                if st["step"] != acted:
                    action = simple_choice(st)
                    if action is not None:
                        acted = st["step"]
                        await c.act(action)
            await c.next_state(timeout=30)

    await asyncio.gather(*(run(c) for c in clients))


async def test_host_removes_a_player_and_hands_on_the_host_role(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=2) as server:
        table = new_table(server, ["Anna", "Ben", "Cem"])
        host = table["tokens"][0]
        # Before the start a removed player's seat is free again.
        assert (
            server.post(f"/api/tables/{table['id']}/remove", {"token": host, "seat": 2}).status_code
            == 200
        )
        assert server.get(f"/api/tables/{table['id']}").json()["seats"][2]["name"] is None
        cem = server.post(f"/api/tables/{table['code']}/join", {"name": "Cem"}).json()
        table["tokens"][2] = cem["token"]
        # The host role goes to Ben; Anna may no longer start.
        assert (
            server.post(f"/api/tables/{table['id']}/host", {"token": host, "seat": 1}).status_code
            == 200
        )
        assert server.post(f"/api/tables/{table['id']}/start", {"token": host}).status_code == 403
        ben = table["tokens"][1]
        assert server.post(f"/api/tables/{table['id']}/start", {"token": ben}).status_code == 200
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"][:2]]
        # During the game, a removed player's seat is played by a bot.
        assert (
            server.post(f"/api/tables/{table['id']}/remove", {"token": ben, "seat": 2}).status_code
            == 200
        )
        assert server.get(f"/api/tables/{table['id']}").json()["seats"][2]["bot"] == "regular"
        await play_until_over(clients)
        for c in clients:
            await c.close()


async def test_turn_timer_lets_a_stand_in_act(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=4) as server:
        table = new_table(server, ["Anna", "Ben"], turn_timer=5)
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        state = await clients[0].next_state()
        step = state["step"]
        # Nobody acts: within the timer (5 s) a stand-in moves for the absent player.
        while clients[0].state["step"] == step:  # type: ignore[index]
            await clients[0].next_state(timeout=15)
        assert clients[0].state["step"] > step  # type: ignore[index]
        for c in clients:
            await c.close()


async def test_a_refusal_is_said_in_the_players_language(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=12) as server:
        table = new_table(server, ["Anna", "Ben"])
        tid, (anna_token, ben_token) = table["id"], table["tokens"]
        server.post(f"/api/tables/{tid}/start", {"token": anna_token})
        ben = await Client(server, tid, ben_token, lang="de").connect()
        anna = await Client(server, tid, anna_token, lang="en").connect()
        current = ben.state["view"]["current"]  # type: ignore[index]
        # Whoever's turn it is not stops: refused in their own language.
        if current == 0:
            await ben.act("stop")
            assert (await ben.error())["message"] == "Anna ist dran, nicht Ben"
        else:
            await anna.act("stop")
            assert (await anna.error())["message"] == "it is Ben's turn, not Anna's"
        await ben.close()
        await anna.close()


def blind_choice(state: dict[str, Any]) -> str | None:
    """Open every round blind that may be; otherwise as :func:`simple_choice`."""
    return "blind" if "blind" in (state.get("legal") or []) else simple_choice(state)


async def test_blind_dice_are_in_no_message_until_the_reveal(tmp_path: Path) -> None:
    rules = {"preset": "tsv99", "overrides": {"blind": True, "covered": "all"}}
    with running(tmp_path / "db.sqlite3", seed=5) as server:
        table = new_table(server, ["Anna", "Ben"], rules)
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        spectator = await Client(server, table["id"], table["spectator_token"]).connect()
        start = server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        assert start.status_code == 200
        await play_until_over(clients, blind_choice)
        while spectator.state["view"] is None or spectator.state["view"]["loser"] is None:  # type: ignore[index]
            await spectator.next_state()
        blind_rounds = revealed = 0
        for client in (*clients, spectator):
            blind = False
            for message in client.messages:
                if message.get("type") not in ("state", "update"):
                    continue
                for event in message["events"]:
                    if event["type"] == "BlindOpened":
                        blind = True
                        blind_rounds += 1
                    elif event["type"] == "RoundEnded":
                        revealed += blind
                        blind = False
                    elif blind and event["type"] == "Thrown":
                        assert event["dice"] is None and event["covered"], event
                    elif blind and event["type"] == "TurnEnded":
                        assert event["result"] is None and event["covered"], event
                view = message["view"]
                if blind and view is not None:
                    for turn in view["turns"]:
                        assert turn["showing"] is None and turn["result"] is None, turn
        assert blind_rounds >= 3 and revealed == blind_rounds  # every blind round was revealed
        record = server.get(f"/api/tables/{table['id']}/record")
        game = replay(parse_record(record.text))
        assert any(str(action) == "blind" for _, action, _ in game.steps)
        for c in (*clients, spectator):
            await c.close()


def test_joining_is_refused_in_the_pages_language(tmp_path: Path) -> None:
    """The join page's refusals (a full table, a started one, a name taken, no such table) in
    the language of the page (its cookie, or Accept-Language), with their key (issue 22)."""
    german = {"cookie": "schocken-lang=de", "accept-language": "en"}
    with running(tmp_path / "db.sqlite3") as server:
        full = new_table(server, ["Anna", "Ben"])
        started = new_table(server, ["Cem", "Dora"], seats=3)
        host = started["tokens"][0]
        server.post(f"/api/tables/{started['id']}/bots", {"token": host})
        assert server.post(f"/api/tables/{started['id']}/start", {"token": host}).is_success
        lobby = new_table(server, ["Emil"], seats=3)

        def join(code: str, name: str, headers: dict[str, str]) -> httpx.Response:
            return httpx.post(
                f"{server.url}/api/tables/{code}/join", json={"name": name}, headers=headers
            )

        for code, name, status, key, english, words in (
            (
                full["code"],
                "Zoe",
                400,
                "server_refuse_full",
                "the table is full",
                "der Tisch ist voll",
            ),
            (
                started["code"],
                "Zoe",
                400,
                "server_refuse_started",
                "the game has started: watch it with the invite code, or wait for a seat in the "
                "next game",
                "das Spiel hat schon begonnen: schau mit dem Einladungscode zu oder warte auf "
                "einen Platz im nächsten Spiel",
            ),
            (
                lobby["code"],
                "EMIL",
                400,
                "server_refuse_name_taken",
                "the name 'EMIL' is taken at this table",
                "den Namen „EMIL“ gibt es an diesem Tisch schon",
            ),
            (
                lobby["code"],
                " ",
                400,
                "refuse_name_blank",
                "a name is a non-empty text, not blank",
                "ein Name darf nicht leer sein",
            ),
            (
                "NOSUCH",
                "Zoe",
                404,
                "server_refuse_no_table",
                "no such table",
                "diesen Tisch gibt es nicht",
            ),
        ):
            r = join(code, name, german)
            assert r.status_code == status and r.json() == {"error": words, "code": key}
            r = join(code, name, {})
            assert r.status_code == status and r.json() == {"error": english, "code": key}


def test_a_join_asked_again_with_its_token_seats_nobody_twice(tmp_path: Path) -> None:
    """A join with a token of the joiner's own (the page proposes one): asked again (its answer
    lost, say with a worker that died answering), the same seat and token come back and nobody
    is seated twice; the same name with another token is refused as taken; a malformed token is
    refused in words, seating nobody."""
    with running(tmp_path / "db.sqlite3") as server:
        table = new_table(server, ["Anna"], seats=3)
        code = table["code"]
        mine = "Ben-s-own-token_0123456789"

        def join(body: dict[str, object]) -> httpx.Response:
            return server.post(f"/api/tables/{code}/join", body)

        first = join({"name": "Ben", "token": mine})
        assert first.status_code == 200 and first.json()["token"] == mine
        again = join({"name": "ben", "token": mine})  # the name as the server compares it
        assert again.status_code == 200
        assert (again.json()["seat"], again.json()["token"]) == (first.json()["seat"], mine)
        other = join({"name": "Ben", "token": "someone-elses-token_0123"})
        assert other.status_code == 400 and other.json()["code"] == "server_refuse_name_taken"
        for bad in ("short", "-starts-with-a-dash-0123456", 12345, "spaces are not 22 chars ok"):
            r = join({"name": "Cem", "token": bad})
            assert r.status_code == 400 and r.json()["code"] == "server_refuse_join_token", bad
        used = join({"name": "Cem", "token": mine})  # Ben's token for another seat: no
        assert used.status_code == 400 and used.json()["code"] == "server_refuse_join_token"
        seats = server.get(f"/api/tables/{table['id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Anna", "Ben", None]
        assert join({"name": "Cem"}).status_code == 200  # without a token: the server's own
