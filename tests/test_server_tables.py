"""The table's server side of issue 23 against a real server: latecomers who watch and wait for a
seat in the next game, the turn timer everyone sees, the stand-in's moves in the log, and a seat
handed to a bot only for a player who is away and still in play."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from schocken.players import MAX_PLAYERS
from server_helpers import GENEROUS, Client, Server, play_until_over, running, simple_choice
from test_server import new_table

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

SHORT = {"preset": "schock4life", "overrides": {"deckel_per_half": 2, "deckel_in_finale": 2}}
"""schock4life (covered cups) with two Deckel a half: a whole game in a few rounds."""


async def until(client: Client, kind: str, timeout: float = 15) -> dict[str, Any]:
    """The next message of this kind the client gets."""
    while True:
        message = await client.recv(timeout)
        if message["type"] == kind:
            return message


def no_covered_dice(messages: list[dict[str, Any]]) -> None:
    """Nothing a watcher got shows a covered throw's dice (hidden stays hidden)."""
    for message in messages:
        for event in message.get("events") or []:
            if event["type"] in ("Thrown", "TurnEnded") and event["covered"]:
                assert event.get("dice") is None and event.get("result") is None, event
        view = message.get("view") or {"turns": []}
        for turn in view["turns"]:
            if turn["covered"] and view["phase"] != "over":
                assert turn["showing"] is None and turn["result"] is None, turn


async def test_a_latecomer_watches_at_once_and_the_rematch_seats_them(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=5, bot_delay=0.02) as server:
        table = new_table(server, ["Anna", "Ben"], preset=SHORT)
        tid, code, (anna_token, ben_token) = table["id"], table["code"], table["tokens"]
        lobby = server.post(f"/api/tables/{tid}/wait", {"name": "Carla"})
        assert lobby.status_code == 400
        assert lobby.json()["error"] == "the game has not started: take a seat at the table (join)"
        anna = await Client(server, tid, anna_token).connect()
        ben = await Client(server, tid, ben_token).connect()
        server.post(f"/api/tables/{tid}/start", {"token": anna_token})
        await asyncio.gather(anna.next_state(), ben.next_state())
        # The invite link mid-game: no seat now ...
        late = server.post(f"/api/tables/{code}/join", {"name": "Carla"})
        assert late.status_code == 400 and late.json()["error"].startswith("the game has started")
        # ... but a seat in the next game, under a name nobody at the table has.
        for name, says in (("anna", "the name 'anna' is taken"), ("", "a name is")):
            taken = server.post(f"/api/tables/{code}/wait", {"name": name})
            assert taken.status_code == 400 and says in taken.json()["error"], taken.text
        waits = server.post(f"/api/tables/{code}/wait", {"name": "Carla"})
        assert waits.status_code == 200, waits.text
        carla_token = waits.json()["token"]
        assert waits.json()["waiting"] == 0 and waits.json()["table"]["waiting"] == ["Carla"]
        again = server.post(f"/api/tables/{code}/wait", {"name": "CARLA"})
        assert again.status_code == 400 and "taken" in again.json()["error"]
        # The table's clients (the host too) see who waits.
        told = await until(anna, "table")
        assert told["table"]["waiting"] == ["Carla"]
        assert "token_hash" not in str(told) and carla_token not in str(told)
        # Carla watches at once with her token, the whole history so far; she cannot act.
        carla = await Client(server, tid, carla_token, lang="de").connect()
        assert carla.state is not None
        assert carla.state["you"] == {"seat": None, "host": False, "bot": False, "waiting": "Carla"}
        assert carla.state["legal"] == [] and carla.state["view"] is not None
        assert carla.state["seq"] == anna.state["seq"]  # type: ignore[index]
        assert len(carla.state["events"]) == carla.state["seq"]
        await carla.act("throw")
        assert (await carla.error())["code"] == "spectator"
        # Whoever has the invite code watches too (any case), without a name.
        dora = await Client(server, tid, code.lower()).connect()
        assert dora.state is not None and dora.state["you"]["seat"] is None
        assert dora.state["you"]["waiting"] is None
        await play_until_over([anna, ben])
        for watcher in (carla, dora):
            while watcher.state["view"]["loser"] is None:  # type: ignore[index]
                await watcher.next_state()
            no_covered_dice(watcher.messages)
        # The rematch seats Carla, with the token she has.
        made = server.post(f"/api/tables/{tid}/rematch", {"token": anna_token})
        assert made.status_code == 200, made.text
        new = made.json()
        assert [s["name"] for s in new["table"]["seats"]] == ["Anna", "Ben", "Carla"]
        assert new["table"]["seats"][2]["human"] is True and new["table"]["waiting"] == []
        followed = await until(carla, "table")
        assert followed["table"]["rematch"] == new["id"]
        seated = await Client(server, new["id"], carla_token).connect()
        assert seated.state is not None and seated.state["you"]["seat"] == 2
        assert seated.state["you"]["waiting"] is None
        # The old table's rematch is made: nobody waits for it any more.
        after = server.post(f"/api/tables/{code}/wait", {"name": "Emil"})
        assert after.status_code == 400 and "rematch" in after.json()["error"]
        # The invite code of the old table is no token of the new one.
        refused = await Client(server, new["id"], code).ws_connect_error()
        assert refused["code"] == "denied"
        for c in (anna, ben, carla, dora, seated):
            await c.close()


async def test_a_latecomer_leaves_the_waiting_list_and_watches_on(tmp_path: Path) -> None:
    """Leaving the waiting list with one's token: the host hears who still waits, the latecomer's
    page watches on, the rematch does not seat them. A stranger's token, a second leave and a
    leave after the rematch are refused in the caller's language and change nothing."""
    with running(tmp_path / "db.sqlite3", seed=5, bot_delay=0.02) as server:
        table = new_table(server, ["Anna", "Ben"], preset=SHORT)
        tid, code, (anna_token, ben_token) = table["id"], table["code"], table["tokens"]
        anna = await Client(server, tid, anna_token).connect()
        ben = await Client(server, tid, ben_token).connect()
        server.post(f"/api/tables/{tid}/start", {"token": anna_token})
        await asyncio.gather(anna.next_state(), ben.next_state())
        carla_token = server.post(f"/api/tables/{code}/wait", {"name": "Carla"}).json()["token"]
        emil_token = server.post(f"/api/tables/{code}/wait", {"name": "Emil"}).json()["token"]
        assert (await until(anna, "table"))["table"]["waiting"] == ["Carla"]
        assert (await until(anna, "table"))["table"]["waiting"] == ["Carla", "Emil"]
        carla = await Client(server, tid, carla_token, lang="de").connect()
        assert carla.state is not None and carla.state["you"]["waiting"] == "Carla"
        # Nobody waits with the invite code, a seat's token or a made-up one: refused, in the
        # caller's language, and the list stays as it was.
        for token in (code, ben_token, "made-up", None, 7):
            for lang, says in (
                ("en", "nobody waits for the next game with this token"),
                ("de", "mit diesem Schlüssel wartet niemand auf das nächste Spiel"),
            ):
                refused = server.post(f"/api/tables/{tid}/leave?lang={lang}", {"token": token})
                assert refused.status_code == 403 and refused.json()["error"] == says
        assert server.get(f"/api/tables/{tid}").json()["waiting"] == ["Carla", "Emil"]
        left = server.post(f"/api/tables/{code}/leave", {"token": carla_token})
        assert left.status_code == 200, left.text
        assert left.json()["left"] == "Carla" and left.json()["table"]["waiting"] == ["Emil"]
        assert (await until(anna, "table"))["table"]["waiting"] == ["Emil"]
        told = await until(carla, "table")  # her page watches on, waiting for nothing
        assert told["you"] == {"seat": None, "host": False, "bot": False, "waiting": None}
        again = server.post(f"/api/tables/{tid}/leave", {"token": carla_token})
        assert again.status_code == 403
        # Her token is no key to the table any more; Emil's still is.
        assert (await Client(server, tid, carla_token).ws_connect_error())["code"] == "denied"
        emil = await Client(server, tid, emil_token).connect()
        assert emil.state is not None and emil.state["you"]["waiting"] == "Emil"
        await play_until_over([anna, ben])
        made = server.post(f"/api/tables/{tid}/rematch", {"token": anna_token})
        assert [s["name"] for s in made.json()["table"]["seats"]] == ["Anna", "Ben", "Emil"]
        # Once the rematch has seated him, Emil leaves no waiting list: his seat is there.
        late = server.post(f"/api/tables/{tid}/leave?lang=de", {"token": emil_token})
        assert late.status_code == 400
        assert late.json()["error"] == (
            "die Revanche hat schon begonnen, und du sitzt mit: dein Platz ist jetzt dort"
        )
        assert server.get(f"/api/tables/{tid}").json()["waiting"] == ["Emil"]
        for c in (anna, ben, carla, emil):
            await c.close()


async def test_the_next_game_has_at_most_twenty_seats(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=6, bot_delay=30) as server:
        table = new_table(server, ["Anna"], seats=MAX_PLAYERS - 1)
        for _ in range(MAX_PLAYERS - 2):
            added = server.post(f"/api/tables/{table['id']}/bots", {"token": table["token"]})
            assert added.status_code == 200, added.text
        assert server.post(f"/api/tables/{table['id']}/start", {"token": table["token"]}).is_success
        assert server.post(f"/api/tables/{table['id']}/wait", {"name": "Carla"}).is_success
        full = server.post(f"/api/tables/{table['id']}/wait", {"name": "Dora"})
        assert full.status_code == 400
        assert full.json()["error"] == "the next game is full: a table has at most 20 seats"


async def test_the_turn_timer_counts_down_for_everyone_and_the_stand_in_is_logged(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db, seed=4) as server:
        table = new_table(server, ["Anna", "Ben"], turn_timer=5)
        tid, tokens = table["id"], table["tokens"]
        anna = await Client(server, tid, tokens[0]).connect()
        ben = await Client(server, tid, tokens[1], lang="de").connect()
        assert anna.state is not None and anna.state["timer"] is None  # the lobby
        server.post(f"/api/tables/{tid}/start", {"token": tokens[0]})
        started = await anna.next_state()
        await ben.next_state()
        current = started["view"]["current"]
        clock = started["timer"]
        assert clock["seat"] == current and clock["total"] == 5 and 0 < clock["left"] <= 5
        # Nobody acts: the stand-in throws for whoever's turn it is, and the log says so.
        step = started["step"]
        while anna.state["step"] == step:
            await anna.next_state(timeout=15)
        while ben.state["step"] == step:  # type: ignore[index]
            await ben.next_state(timeout=15)
        name = ["Anna", "Ben"][current]
        english = [x for x in anna.state["log"] if x["key"] == "stand_in"]
        german = [x for x in ben.state["log"] if x["key"] == "stand_in"]  # type: ignore[index]
        assert [x["text"] for x in english] == [f"The stand-in played for {name}: throw all three."]
        assert [x["text"] for x in german] == [
            f"Die Vertretung spielte für {name}: alle drei werfen."
        ]
        # Whose move it was and which, for the page of a player who comes back (issue 34).
        assert (english[0]["seat"], english[0]["action"]) == (current, "throw all three")
        assert german[0]["action"] == "alle drei werfen"
        # The line carries the number of the first event of the stand-in's move: its throw.
        n = english[0]["n"]
        thrown = anna.state["events"][n - 1]
        assert thrown["type"] == "Thrown" and thrown["seat"] == current
        # The update that told it has the timer of the next decision, begun anew.
        assert anna.state["timer"]["left"] > 3  # type: ignore[index]
        # A player who reloads, and a spectator, read it in the history.
        for token in (tokens[0], table["spectator_token"]):
            late = await Client(server, tid, token).connect()
            assert late.state is not None
            assert [x for x in late.state["log"] if x["key"] == "stand_in"] == english
            await late.close()
        # Reconnected with what it had: only what came after (the line is not told twice).
        seq = anna.state["seq"]
        again = Client(server, tid, tokens[0])
        again.state = anna.state
        await again.connect(since=seq)
        assert [x for x in again.state["log"] if x["key"] == "stand_in"] == english
        for c in (anna, ben, again):
            await c.close()
    # After a restart, the stand-in's move is still told where it was.
    with running(db, seed=4) as server:
        back = await Client(server, tid, tokens[1], lang="en").connect()
        assert back.state is not None
        assert [x for x in back.state["log"] if x["key"] == "stand_in"][:1] == english
        await back.close()


@pytest.mark.alone  # holds the server to a deadline
async def test_a_seat_back_from_the_bot_mid_turn_has_its_whole_time_also_after_a_restart(
    tmp_path: Path,
) -> None:
    """A seat handed to a bot and back in the middle of its decision gets the whole turn timer
    again, and that new deadline is the one a restarted server counts down to."""
    db, total = tmp_path / "db.sqlite3", 8
    extra = (*GENEROUS, "--away-after", "0.3")
    server = Server(db, seed=4, bot_delay=60, extra=extra).start()  # the bot does not move
    try:
        table = new_table(server, ["Anna", "Ben"], turn_timer=total)
        tid, host = table["id"], table["tokens"][0]
        anna = await Client(server, tid, host).connect()  # Ben is away
        server.post(f"/api/tables/{tid}/start", {"token": host})
        started = await anna.next_state()
        current = started["view"]["current"]
        await asyncio.sleep(max(0.0, started["timer"]["left"] - total + 3))  # 3 s of 8 gone
        seat = {"token": host, "seat": current}
        assert server.post(f"/api/tables/{tid}/seat", {**seat, "to": "bot"}).is_success
        while anna.state["timer"] is not None:  # type: ignore[index]
            await anna.next_state()
        assert server.post(f"/api/tables/{tid}/seat", {**seat, "to": "player"}).is_success
        while anna.state["timer"] is None:  # type: ignore[index]
            await anna.next_state()
        back = anna.state["timer"]
        assert back["seat"] == current and back["left"] > total - 1, back
        deadline = time.time() + back["left"]
        server.kill()
        await anna.close()
        await asyncio.sleep(max(0.0, deadline - total + 3 - time.time()))  # 3 s more gone
        server = Server(db, seed=4, bot_delay=60, extra=extra).start()
        again = await Client(server, tid, host).connect()
        timer = again.state["timer"]
        assert abs(time.time() + timer["left"] - deadline) < 1, (timer, deadline)
        await again.close()
    finally:
        server.stop()


async def _play_to_the_finale(clients: list[Client]) -> dict[str, Any]:
    """The players act until the Finale begins; what the first client knows then."""
    while True:
        for c in clients:
            st = c.state
            if st is not None and st.get("view") is not None:
                assert st["view"]["loser"] is None, "the game ended without a Finale"
                if st["view"]["section"] == "finale":
                    return st
        for c in clients:
            st = c.state
            if st and st.get("view") is not None and st["legal"]:
                action = simple_choice(st)
                if action is not None:
                    await c.act(action)
                    break
        await asyncio.gather(*(c.next_state(timeout=30) for c in clients))


async def test_a_seat_goes_to_a_bot_only_for_a_player_away_and_in_play(tmp_path: Path) -> None:
    extra = (*GENEROUS, "--away-after", "0.3")
    with running(tmp_path / "db.sqlite3", seed=3, extra=extra) as server:
        names = ["Anna", "Ben", "Cem", "Dora"]
        table = new_table(server, names, preset=SHORT)
        tid, tokens = table["id"], table["tokens"]
        clients = [await Client(server, tid, t).connect() for t in tokens]
        server.post(f"/api/tables/{tid}/start", {"token": tokens[0]})
        await asyncio.gather(*(c.next_state() for c in clients))
        finale = await _play_to_the_finale(clients)
        losers = finale["view"]["half_losers"]
        left_out = next(s for s in (1, 2, 3) if s not in losers)
        playing = next(s for s in (1, 2, 3) if s in losers)
        # Both go; once they are away, the one in the Finale may get a bot, the other not.
        for seat in (left_out, playing):
            await clients[seat].close()
        host = clients[0]
        while [host.state["presence"][s] for s in (left_out, playing)] != ["away", "away"]:  # type: ignore[index]
            await until(host, "presence")
        seat_url = f"/api/tables/{tid}/seat"
        out = server.post(seat_url, {"token": tokens[0], "seat": left_out, "to": "bot"})
        assert out.status_code == 400
        assert out.json()["error"] == (
            f"{names[left_out]} is not in the Finale: nothing is left to play for them"
        )
        handed = server.post(seat_url, {"token": tokens[0], "seat": playing, "to": "bot"})
        assert handed.status_code == 200, handed.text
        seats = server.get(f"/api/tables/{tid}").json()["seats"]
        assert seats[playing]["bot"] == "regular" and seats[left_out]["bot"] is None
        others = [c for s, c in enumerate(clients) if s not in (left_out, playing)]
        await play_until_over(others)
        for c in others:
            await c.close()
