"""The game's history at the server (protocol 3): every client gets the censored events with
their numbers and explanations, the whole history on a new connection and only what it missed
on a reconnection; seats handed to bots and back; players shown away; rematches."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.events import Thrown, TurnEnded
from schocken.game import Game
from schocken.play import play_game
from schocken.record import parse_record, replay
from schocken.rules import find_preset
from schocken.server.protocol import History, event_json, own_covered, own_covered_view, view_json
from schocken.texts import explain, explain_lines
from server_helpers import (
    GENEROUS,
    Client,
    Server,
    play_until_over,
    running,
    simple_choice,
    stored_rows,
)
from test_server import new_table

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

# ------------------------------------------------------------------ the history, without a server


def _bot_game(preset: str, seed: int, players: int = 3) -> Game:
    game = Game(find_preset(preset), [f"P{i}" for i in range(players)], RandomDice(seed))
    play_game(game, [make_bot("regular", seed + i) for i in range(players)])
    return game


@pytest.mark.parametrize("preset", ["tsv99", "schock4life", "knobelrunde", "allgemein"])
def test_the_log_made_step_by_step_is_the_whole_games_explanation(preset: str) -> None:
    """Explained after every step (as the server does for its clients), a game's log is the
    same as the whole game explained at once, each line numbered by the event that caused it."""
    whole = _bot_game(preset, 5)
    game = Game(whole.rules, whole.players, RandomDice(0))
    history = History(game)
    # The events of the game's start come before any step.
    pieces = {lang: history.log_for(lang, 0) for lang in ("de", "en")}
    for seat, action, pips in whole.steps:
        game.dice = _OneRoll(pips)
        before = history.total
        game.apply(action, seat)
        for lang, lines in pieces.items():
            lines += history.log_for(lang, before)
    for lang, lines in pieces.items():
        expected = explain_lines(whole.events, whole.rules, whole.players, lang)
        assert [(x["n"], x["key"], x["text"]) for x in lines] == [
            (line.event + 1, line.key, line.text) for line in expected
        ]
        assert history.log_for(lang, 0) == lines


class _OneRoll:
    def __init__(self, pips: tuple[int, ...]) -> None:
        self.pips = pips

    def roll(self, n: int) -> tuple[int, ...]:
        assert n == len(self.pips)
        return self.pips


@pytest.mark.parametrize("preset", ["schock4life", "allgemein"])
def test_a_seat_sees_more_than_a_spectator_only_under_its_own_cup(preset: str) -> None:
    """The server sends one view and one event list to every client that sees the same: a
    player's differ from the spectators' exactly where their own dice are covered."""
    whole = _bot_game(preset, 11, players=4)
    game = Game(whole.rules, whole.players, RandomDice(0))
    history = History(game)
    own_seen = 0
    for seat, action, pips in whole.steps:
        game.dice = _OneRoll(pips)
        game.apply(action, seat)
        public = game.view(None)
        for viewer in range(4):
            mine = view_json(game.view(viewer))
            if own_covered_view(public, viewer):
                own_seen += 1
            else:
                assert mine == view_json(public)
    viewers: list[int | None] = [None, 0, 1, 2, 3]
    for who in viewers:
        events = history.events_for(who, 0)
        for i, (e, sent) in enumerate(zip(game.events, events, strict=True)):
            assert sent == event_json(e, who, i + 1)
            if who is not None and isinstance(e, Thrown | TurnEnded) and e.covered:
                assert own_covered(e, who) == (e.seat == who)
    assert own_seen > 0


# ------------------------------------------------------------------ with a server


async def _play_some(clients: list[Client], steps: int) -> None:
    """The players act (simple_choice) until the game has taken ``steps`` steps."""
    while True:
        for c in clients:
            st = c.state
            if st is not None and st.get("view") is not None and st["step"] >= steps:
                return
        for c in clients:
            st = c.state
            if st and st.get("view") is not None and st["legal"]:
                action = simple_choice(st)
                if action is not None:
                    await c.act(action)
                    break
        await asyncio.gather(*(c.next_state(timeout=30) for c in clients))


async def test_new_connections_get_the_whole_history_and_reconnections_what_they_missed(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "db.sqlite3", seed=4) as server:
        table = new_table(server, ["Anna", "Ben"], preset="schock4life")
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await asyncio.gather(*(c.next_state() for c in clients))
        await _play_some(clients, 30)
        anna, ben = clients
        # Ben goes away and comes back, saying how much he has: he gets only what he missed.
        known = ben.state
        assert known is not None
        await ben.close()
        again = Client(server, table["id"], table["tokens"][1])
        again.state = known
        state = (await again.connect(since=known["seq"])).state
        assert state is not None and state["since"] == known["seq"]
        assert again.messages[-1]["events"] == []  # nothing happened meanwhile
        assert state["events"] == known["events"] and state["log"] == known["log"]
        await again.close()
        # A spectator who comes in now gets everything so far, without covered dice, and a
        # German client's log is German only.
        spectator = await Client(server, table["id"], table["spectator_token"], lang="de").connect()
        seen = spectator.state
        assert seen is not None and seen["since"] == 0
        assert [e["n"] for e in seen["events"]] == list(range(1, seen["seq"] + 1))
        for e in seen["events"]:
            if e["type"] == "Thrown" and e["covered"]:
                assert e["dice"] is None, e
            if e["type"] == "TurnEnded" and e["covered"]:
                assert e["result"] is None, e
        assert any(e.get("covered") for e in seen["events"]), "no covered cup yet: proves little"
        english = [x["text"] for x in anna.state["log"]]  # type: ignore[index]
        german = [x["text"] for x in seen["log"]]
        assert len(english) == len(german) > 3
        assert not set(english) & set(german)
        assert any("Deckel aus der Mitte" in line or "Deckel" in line for line in german)
        await spectator.close()
        await anna.close()


async def test_a_whole_game_heard_live_has_the_whole_explanation_and_the_outcome(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "db.sqlite3", seed=6) as server:
        table = new_table(server, ["Anna", "Ben", "Cem"], preset="allgemein")
        clients = [
            await Client(server, table["id"], t, lang=lang).connect()
            for t, lang in zip(table["tokens"], ["en", "de", "en"], strict=True)
        ]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await asyncio.gather(*(c.next_state() for c in clients))
        await play_until_over(clients)
        record = server.get(f"/api/tables/{table['id']}/record").text
        game = replay(parse_record(record))
        for client, lang in zip(clients, ["en", "de", "en"], strict=True):
            st = client.state
            assert st is not None
            assert [x["text"] for x in st["log"]] == explain(
                game.events, game.rules, game.players, lang
            )
            assert st["outcome"] == parse_record(record).outcome
            assert len(st["events"]) == len(game.events)
        # Reloaded after the end, the summary is all there (no log lines needed for it).
        late = await Client(server, table["id"], table["tokens"][1], lang="de").connect()
        assert late.state is not None and late.state["outcome"]["loser"] == game.loser
        assert late.state["log"] == clients[1].state["log"]  # type: ignore[index]
        for c in (*clients, late):
            await c.close()


async def test_the_host_hands_a_seat_to_a_bot_and_back(tmp_path: Path) -> None:
    extra = (*GENEROUS, "--away-after", "0.5")
    with running(tmp_path / "db.sqlite3", seed=2, bot_delay=0.02, extra=extra) as server:
        table = new_table(server, ["Anna", "Ben"])
        tid, (host, ben_token) = table["id"], table["tokens"]
        anna = await Client(server, tid, host).connect()
        ben = await Client(server, tid, ben_token).connect()
        # Not before the game.
        early = server.post(f"/api/tables/{tid}/seat", {"token": host, "seat": 1, "to": "bot"})
        assert early.status_code == 400 and "not started" in early.json()["error"]
        server.post(f"/api/tables/{tid}/start", {"token": host})
        await asyncio.gather(anna.next_state(), ben.next_state())
        # Only the host, with a known bot, for a seat that exists.
        for body, status, says in [
            ({"token": ben_token, "seat": 1, "to": "bot"}, 403, "only the host"),
            ({"token": host, "seat": 1, "to": "bot", "bot": "genius"}, 400, "unknown bot"),
            ({"token": host, "seat": 5, "to": "bot"}, 400, "no seat"),
            ({"token": host, "seat": 1, "to": "robot"}, 400, "'to'"),
            ({"token": host, "seat": 1, "to": "player"}, 400, "played by its player"),
        ]:
            answer = server.post(f"/api/tables/{tid}/seat", body)
            assert answer.status_code == status and says in answer.json()["error"], answer.text
        # Not while Ben is here: a bot takes a seat over only once its player is away.
        here = server.post(f"/api/tables/{tid}/seat", {"token": host, "seat": 1, "to": "bot"})
        assert here.status_code == 400, here.text
        assert here.json()["error"] == (
            "Ben is here: a bot takes over a seat only once its player is away"
        )
        await ben.close()
        message = await anna.recv()
        while message["type"] != "presence":
            message = await anna.recv()
        assert message["presence"] == ["here", "away"]
        handed = server.post(f"/api/tables/{tid}/seat", {"token": host, "seat": 1, "to": "bot"})
        assert handed.status_code == 200, handed.text
        assert handed.json()["table"]["seats"][1] == {
            "name": "Ben",
            "bot": "regular",
            "human": True,
        }
        message = await anna.recv()
        while message["type"] != "table":
            message = await anna.recv()
        assert message["table"]["seats"][1]["bot"] == "regular"
        # The game goes on: Anna plays, the bot plays Ben's turns.
        steps = anna.state["step"]  # type: ignore[index]
        await _play_some([anna], steps + 12)
        record_steps = [s for s in server_steps(server, tid) if s[0] == 1]
        assert record_steps, "the bot made no move for Ben"
        # Ben comes back: he sees that a bot plays for him and cannot act, then takes it back.
        ben = await Client(server, tid, ben_token).connect()
        assert ben.state is not None and ben.state["you"]["bot"] is True
        assert ben.state["legal"] == []
        back = server.post(
            f"/api/tables/{tid}/seat", {"token": ben_token, "seat": 1, "to": "player"}
        )
        assert back.status_code == 200, back.text
        message = await ben.recv()
        while message["type"] != "table":
            message = await ben.recv()
        assert message["you"] == {"seat": 1, "host": False, "bot": False, "waiting": None}
        await play_until_over([anna, ben])
        assert anna.state["view"]["loser"] is not None  # type: ignore[index]
        await anna.close()
        await ben.close()


def server_steps(server: Server, table_id: str) -> list[tuple[int, str]]:
    rows = stored_rows(
        server, "SELECT seat, action FROM steps WHERE table_id = ? ORDER BY idx", (table_id,)
    )
    return [(int(s), str(a)) for s, a in rows]


async def test_a_player_gone_for_a_while_is_shown_away(tmp_path: Path) -> None:
    extra = (*GENEROUS, "--away-after", "0.5")
    with running(tmp_path / "db.sqlite3", extra=extra) as server:
        table = new_table(server, ["Anna", "Ben"])
        anna = await Client(server, table["id"], table["tokens"][0]).connect()
        ben = await Client(server, table["id"], table["tokens"][1]).connect()
        assert anna.state is not None and anna.state["presence"] == ["here", "here"]
        await ben.close()
        message = await anna.recv(timeout=5)
        while message["type"] != "presence":
            message = await anna.recv(timeout=5)
        assert message["presence"] == ["here", "away"]
        ben = await Client(server, table["id"], table["tokens"][1]).connect()
        message = await anna.recv(timeout=5)
        while message["type"] != "presence":
            message = await anna.recv(timeout=5)
        assert message["presence"] == ["here", "here"]
        await anna.close()
        await ben.close()


async def test_a_finished_table_offers_a_rematch_everyone_follows(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=9) as server:
        table = new_table(server, ["Anna", "Ben"], preset="knobelrunde", turn_timer=60)
        tid, (host, ben_token) = table["id"], table["tokens"]
        clients = [await Client(server, tid, t).connect() for t in (host, ben_token)]
        early = server.post(f"/api/tables/{tid}/rematch", {"token": host})
        assert early.status_code == 400 and "finished" in early.json()["error"]
        server.post(f"/api/tables/{tid}/start", {"token": host})
        await asyncio.gather(*(c.next_state() for c in clients))
        await play_until_over(clients)
        refused = server.post(f"/api/tables/{tid}/rematch", {"token": ben_token})
        assert refused.status_code == 403
        answer = server.post(f"/api/tables/{tid}/rematch", {"token": host})
        assert answer.status_code == 200, answer.text
        new = answer.json()
        assert new["id"] != tid and new["table"]["started"] is True
        assert [s["name"] for s in new["table"]["seats"]] == ["Anna", "Ben"]
        assert new["table"]["rules"] == clients[0].state["table"]["rules"]  # type: ignore[index]
        assert new["table"]["turn_timer"] == 60
        for c in clients:
            message = await c.recv()
            while message["type"] != "table":
                message = await c.recv()
            assert message["table"]["rematch"] == new["id"]
        again = server.post(f"/api/tables/{tid}/rematch", {"token": host})
        assert again.status_code == 400 and "already" in again.json()["error"]
        # Both follow with the tokens they have, and play the new game to its end.
        followers = [await Client(server, new["id"], t).connect() for t in (host, ben_token)]
        assert [f.state["you"]["seat"] for f in followers] == [0, 1]  # type: ignore[index]
        assert followers[0].state["seq"] > 0  # type: ignore[index]
        await play_until_over(followers)
        # The old table still knows where its rematch is (after a restart too).
        assert server.get(f"/api/tables/{tid}").json()["rematch"] == new["id"]
        for c in (*clients, *followers):
            await c.close()
    with running(tmp_path / "db.sqlite3", seed=9) as server:
        assert server.get(f"/api/tables/{tid}").json()["rematch"] == new["id"]


async def test_messages_are_compressed_only_when_the_server_is_told_to(tmp_path: Path) -> None:
    """Clients may ask for permessage-deflate; the server agrees only with --compression."""
    for extra, compressed in (((), False), (("--compression",), True)):
        with running(tmp_path / f"db{compressed}.sqlite3", extra=(*GENEROUS, *extra)) as server:
            table = new_table(server, ["Anna", "Ben"])
            clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
            agreed = clients[0].ws.response.headers.get("Sec-WebSocket-Extensions") or ""
            assert ("permessage-deflate" in agreed) is compressed, agreed
            server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
            await asyncio.gather(*(c.next_state() for c in clients))
            await _play_some(clients, 10)
            for c in clients:
                await c.close()
