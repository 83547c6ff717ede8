"""The bot API (docs/bots-api.md, "The bot API"): a program takes a seat at an online table with a
bot token, is marked as a program for everyone, sees what a player in its seat sees and nothing
more, and plays a whole game through :mod:`schocken.client` (``schocken bot-play``)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schocken.client import ClientError, Known, TableClient, play, player_view, socket_url
from schocken.dice import RandomDice
from schocken.events import censor
from schocken.game import Game
from schocken.rules import find_preset
from schocken.server.protocol import event_json, view_json
from server_helpers import Server, running
from test_server_protocol import leaks, replay_record

ROOT = Path(__file__).resolve().parent.parent


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def host_table(server: Server, seats: int = 4, rules: str = "schock4life") -> dict[str, Any]:
    made = server.post("/api/tables", {"name": "Anna", "seats": seats, "rules": rules})
    assert made.status_code == 200, made.text
    return dict(made.json())


def add_program(server: Server, table: dict[str, Any], name: str) -> dict[str, Any]:
    made = server.post(
        f"/api/tables/{table['id']}/programs", {"token": table["token"], "name": name}
    )
    assert made.status_code == 200, made.text
    return dict(made.json())


# ------------------------------------------------------------------ the view, rebuilt


@pytest.mark.parametrize("preset", ["schock4life", "allgemein", "tsv99"])
def test_the_view_a_message_carries_is_the_engines_view_rebuilt(preset: str) -> None:
    """For every seat after every step of whole games: the wire's view (and the censored
    events) turned back into a PlayerView is the engine's view of that seat, sixes just turned
    included."""
    rules = find_preset(preset).with_overrides({"einwuerfeln": True})
    rng = random.Random(7)
    turned_seen = 0
    for game_seed in range(2):
        game = Game(rules, ["Anna", "Ben", "Cem"], RandomDice(game_seed))
        while not game.is_over:
            for seat in range(3):
                known = Known(state={"you": {"seat": seat}})
                known.events = [event_json(e, seat, n) for n, e in enumerate(game.events, 1)]
                data = view_json(game.view(seat))
                rebuilt = player_view(data, seat, game.players, rules, known.turned())
                assert rebuilt == game.view(seat)
                turned_seen += rebuilt.my_turn is not None and rebuilt.my_turn.turned > 0
            legal = game.legal_actions()
            game.apply(rng.choice(legal))
    assert turned_seen > 0  # sixes were turned and the view said so


def test_a_tables_address_is_read_from_any_of_its_links() -> None:
    assert socket_url("http://127.0.0.1:8000/t/abc#tok") == "ws://127.0.0.1:8000/ws/abc"
    assert socket_url("ws://h:1/ws/abc") == "ws://h:1/ws/abc"
    with pytest.raises(ClientError, match="not a table's address"):
        socket_url("127.0.0.1:8000")


# ------------------------------------------------------------------ a whole game


def finish(proc: subprocess.Popen[str], copy: Path, timeout: float = 120) -> tuple[str, str]:
    """What a program said once it ended; one that does not end in time is stopped, and the
    failure shows its last messages."""
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        last = copy.read_text(encoding="utf-8").splitlines()[-3:] if copy.exists() else []
        raise AssertionError(f"a program did not end: {err}\n{out}\n" + "\n".join(last)) from None


def check_messages(path: Path, seat: int, record: str) -> int:
    """Every message a program got: no other player's covered dice, and the view and events
    of every state and update are the engine's for that seat at that step. How many."""
    done = replay_record(record)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines, f"seat {seat} got no message"
    count = 0
    for line in lines:
        message = json.loads(line)
        if message["type"] not in ("state", "update"):
            assert message["type"] in ("table", "presence", "pong", "reconnect"), message
            continue
        count += 1
        assert leaks(message, seat) == [], message
        if message["view"] is None:
            continue
        step = message["step"]
        assert message["view"] == done.views[step][seat], (seat, step)
        assert message["legal"] == done.legal[step][seat] or message["legal"] == []
        for event in message["events"]:
            n = event["n"]
            assert n <= done.events_after[step]
            assert event == event_json(censor(done.events[n - 1], seat), seat, n)
    return count


def test_three_programs_play_a_whole_game_and_see_only_their_own_dice(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        table = host_table(server)
        programs = [add_program(server, table, name) for name in ("Robo", "Mecha", "Droid")]
        assert [p["seat"] for p in programs] == [1, 2, 3]
        public = server.get(f"/api/tables/{table['id']}").json()
        assert public["programs"] == [1, 2, 3]
        url = f"{server.url}/t/{table['id']}"
        procs = []
        for p, bot in zip(programs, ("regular", "random", "half"), strict=True):
            copy = tmp_path / f"seat{p['seat']}.jsonl"
            args = [sys.executable, "-m", "schocken.cli", "bot-play", url, p["token"]]
            args += ["--bot", bot, "--seed", str(p["seat"]), "--messages", str(copy)]
            procs.append(
                subprocess.Popen(
                    args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env()
                )
            )
        started = server.post(f"/api/tables/{table['id']}/start", {"token": table["token"]})
        assert started.status_code == 200, started.text
        # The host lets a bot play her own seat: the three programs play with it.
        to_bot = {"token": table["token"], "seat": 0, "to": "bot"}
        assert server.post(f"/api/tables/{table['id']}/seat", to_bot).status_code == 200
        outs: list[tuple[str, str]] = []
        try:
            for i, proc in enumerate(procs):
                outs.append(finish(proc, tmp_path / f"seat{i + 1}.jsonl"))
        except AssertionError as exc:
            outs.append(("", "(it did not end)"))
            for proc in procs[len(outs) :]:
                proc.kill()
                outs.append(proc.communicate())
            ended = "\n".join(
                f"seat {i + 1} (exit {proc.returncode}): {err}"
                for i, (proc, (_, err)) in enumerate(zip(procs, outs, strict=True))
            )
            raise AssertionError(
                f"{exc}\n{ended}\nthe server's log: {server.log.read_text()}"
            ) from None
        for proc, (said, err) in zip(procs, outs, strict=True):
            assert proc.returncode == 0, err
            assert "lost the game" in said
        record = server.get(f"/api/tables/{table['id']}/record")
        assert record.status_code == 200
        loser = record.json()["outcome"]["loser_name"]
        for p, (said, _) in zip(programs, outs, strict=True):
            assert f"{loser} lost the game" in said
            assert check_messages(tmp_path / f"seat{p['seat']}.jsonl", p["seat"], record.text) > 5
        # Every program's moves are in the record: each played its seat.
        seats = {step["seat"] for step in record.json()["steps"]}
        assert {1, 2, 3} <= seats


# ------------------------------------------------------------------ refusals


def test_bot_tokens_are_the_hosts_to_give_and_programs_are_marked(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        table = host_table(server, seats=4)
        key = table["id"]
        robo = add_program(server, table, "Robo")
        # Only the host makes bot tokens, in the lobby, with a name no seat has.
        other = server.post(f"/api/tables/{key}/programs", {"token": robo["token"], "name": "X"})
        assert other.status_code == 403
        assert other.json()["error"] == "only the host may do that"
        taken = server.post(
            f"/api/tables/{key}/programs?lang=de", {"token": table["token"], "name": "robo"}
        )
        assert taken.status_code == 400 and "robo" in taken.json()["error"]
        # Joining with the invite code as a program: marked too; a flag that is no flag refused.
        bad = server.post(f"/api/tables/{table['code']}/join", {"name": "Z", "program": "yes"})
        assert bad.status_code == 400
        assert bad.json()["error"] == "'program' is true (a program takes the seat) or false"
        german = server.post(
            f"/api/tables/{table['code']}/join?lang=de", {"name": "Z", "program": 1}
        )
        assert german.json()["code"] == "botapi_refuse_program_flag"
        assert "ein Programm nimmt den Platz" in german.json()["error"]
        joined = server.post(f"/api/tables/{table['code']}/join", {"name": "Zed", "program": True})
        assert joined.status_code == 200
        assert joined.json()["table"]["programs"] == [1, 2]
        # The host role goes to no program.
        hand = server.post(f"/api/tables/{key}/host", {"token": table["token"], "seat": 1})
        assert hand.status_code == 400
        assert hand.json()["error"] == "the host role goes to a human player"
        before = server.get(f"/api/tables/{key}").json()
        assert before["programs"] == [1, 2] and before["host"] == 0
        server.post(f"/api/tables/{key}/bots", {"token": table["token"]})
        assert server.post(f"/api/tables/{key}/start", {"token": table["token"]}).status_code == 200
        late = server.post(f"/api/tables/{key}/programs", {"token": table["token"], "name": "Q"})
        assert late.status_code == 400
        assert late.json()["error"].startswith("the game has started")
        # A bad token is refused in words, by the client and by bot-play.
        with pytest.raises(ClientError, match="unknown token for this table"):
            play(f"{server.url}/t/{key}", "nope", lambda turn: None)
        said = subprocess.run(
            [sys.executable, "-m", "schocken.cli", "bot-play", f"{server.url}/t/{key}", "nope"],
            capture_output=True,
            text=True,
            env=env(),
            timeout=60,
            check=False,
        )
        assert said.returncode == 1 and "unknown token for this table" in said.stderr
        # A bad action and one out of turn: refused in words, the game as it was.
        with TableClient(f"{server.url}/t/{key}", robo["token"]) as client:
            first = next(client.receive())
            assert first["type"] == "state" and first["you"]["seat"] == 1
            assert first["table"]["programs"] == [1, 2]
            step = first["step"]
            client.send("jump")
            client.send("stop")
            errors = []
            for message in client.receive():
                if message["type"] == "error":
                    errors.append(message)
                if len(errors) == 2:
                    break
            assert errors[0]["code"] == "bad_action" and "jump" in errors[0]["message"]
            assert errors[1]["code"] == "illegal"
            assert re.search(r"turn", errors[1]["message"])
        again = server.get(f"/api/tables/{key}").json()
        assert again["programs"] == [1, 2]
        with TableClient(f"{server.url}/t/{key}", robo["token"]) as client:
            now = next(client.receive())
            # Anna has not moved: the game waits for her, as it was; nothing of the program's.
            assert now["type"] == "state" and now["step"] == step
            assert all(s["seat"] != 1 for s in _steps_of(server, key))


def _steps_of(server: Server, key: str) -> list[dict[str, Any]]:
    """The steps the table stored so far (the record is served only at the end: read the
    store)."""
    from server_helpers import stored_rows

    rows = stored_rows(server, "SELECT seat FROM steps WHERE table_id = ?", (key,))
    return [{"seat": r[0]} for r in rows]


# ------------------------------------------------------------------ the example bot


def test_the_example_bot_in_the_docs_plays_a_whole_game(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "bots-api.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(# example_bot\.py.*?)```", text, re.S)
    assert block is not None, "docs/bots-api.md has the example bot"
    code = block.group(1)
    assert len(code.splitlines()) <= 35
    script = tmp_path / "example_bot.py"
    script.write_text(code, encoding="utf-8")
    with running(tmp_path / "db.sqlite3") as server:
        table = host_table(server, seats=3, rules="allgemein")
        robo = add_program(server, table, "Robo")
        bots = server.post(f"/api/tables/{table['id']}/bots", {"token": table["token"]})
        assert bots.status_code == 200
        proc = subprocess.Popen(
            [sys.executable, str(script), f"{server.url}/t/{table['id']}", robo["token"]],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env(),
        )
        assert server.post(f"/api/tables/{table['id']}/start", {"token": table["token"]}).is_success
        to_bot = {"token": table["token"], "seat": 0, "to": "bot"}
        assert server.post(f"/api/tables/{table['id']}/seat", to_bot).is_success
        out, err = proc.communicate(timeout=240)
        assert proc.returncode == 0, err
        record = server.get(f"/api/tables/{table['id']}/record").json()
        assert f"lost: {record['outcome']['loser_name']}" in out
        assert any(step["seat"] == 1 for step in record["steps"])


def test_a_slow_program_gets_the_stand_in_as_a_player_does(tmp_path: Path) -> None:
    """With a turn timer, a program that does not answer in time is played for by the stand-in,
    as a player is; the log says so, and the seat stays the program's."""
    with running(tmp_path / "db.sqlite3") as server:
        made = server.post(
            "/api/tables", {"name": "Anna", "seats": 2, "rules": "tsv99", "turn_timer": 5}
        )
        table = made.json()
        robo = add_program(server, table, "Robo")
        key = table["id"]
        assert server.post(f"/api/tables/{key}/start", {"token": table["token"]}).is_success
        to_bot = {"token": table["token"], "seat": 0, "to": "bot"}
        assert server.post(f"/api/tables/{key}/seat", to_bot).is_success
        with TableClient(f"{server.url}/t/{key}", robo["token"]) as client:
            for message in client.receive():  # the program never acts
                lines = message.get("log") or []
                if any(x["key"] == "stand_in" and x.get("seat") == 1 for x in lines):
                    break
        public = server.get(f"/api/tables/{key}").json()
        assert public["programs"] == [1] and public["seats"][1]["bot"] is None
