"""Dice anyone can check (docs/fair-dice.md), against a real server: every table commits to its
dice from the start, no message before the game's end carries the seed, the record afterwards
verifies, and a restart keeps the commitment."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from schocken.cli import main
from schocken.dice import commitment_of
from schocken.record import check_dice, parse_record, replay
from server_helpers import Client, Server, play_until_over, running, simple_choice
from test_server import new_table

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""


def seed_forms(seed: bytes) -> list[str]:
    """The seed written every way a message could carry it."""
    forms = [seed.hex(), seed.hex().upper()]
    for encode in (base64.b64encode, base64.urlsafe_b64encode):
        text = encode(seed).decode("ascii")
        forms += [text, text.rstrip("=")]
    return forms


def leaves(value: Any) -> Iterator[Any]:
    """Every string, and every list of whole numbers, anywhere in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from leaves(item)
    elif isinstance(value, list):
        if value and all(type(x) is int for x in value):
            yield value
        for item in value:
            yield from leaves(item)


def carries(message: Any, seed: bytes) -> bool:
    forms = seed_forms(seed)
    for leaf in leaves(message):
        if isinstance(leaf, list):
            if leaf == list(seed):
                return True
        elif any(form.lower() in leaf.lower() for form in forms if len(form) >= 40):
            return True
    return False


def before_the_end(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages a client got before the one that says the game is over."""
    for i, message in enumerate(messages):
        if message.get("outcome") is not None:
            return messages[:i]
    raise AssertionError("the game did not end")


def verify_cli(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["verify", str(path)])
    return code, capsys.readouterr().out


async def test_no_message_before_the_end_carries_the_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unseeded server (a fresh secret seed): two players, two bots and a spectator play a
    whole game. Every state and table message carries the commitment made when the table was
    made; no message and no answer before the end carries the seed; then it is revealed, and
    the record verifies (and fails with one die changed)."""
    with running(tmp_path / "db.sqlite3", seed=None) as server:
        table = new_table(server, ["Anna", "Ben"], seats=4)
        answers: list[Any] = [table]
        commitment = table["table"]["dice"]["commitment"]
        assert table["table"]["dice"] == {"scheme": "hmac-sha256-v1", "commitment": commitment}
        for _ in range(2):
            added = server.post(f"/api/tables/{table['id']}/bots", {"token": table["tokens"][0]})
            answers.append(added.json())
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        spectator = await Client(server, table["id"], table["spectator_token"]).connect()
        started = server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        answers.append(started.json())
        answers.append(server.get(f"/api/tables/{table['code']}").json())
        early = server.get(f"/api/tables/{table['id']}/verify")
        assert early.status_code == 409 and "once the game is finished" in early.json()["error"]
        answers.append(early.json())
        await play_until_over(clients)
        while spectator.state["view"] is None or spectator.state["view"]["loser"] is None:  # type: ignore[index]
            await spectator.next_state()

        record = server.get(f"/api/tables/{table['id']}/record")
        data = record.json()
        seed = bytes.fromhex(data["dice"]["seed"])
        assert data["dice"] == {
            "scheme": "hmac-sha256-v1",
            "commitment": commitment,
            "seed": seed.hex(),
        }
        assert commitment_of(seed) == commitment
        checked = 0
        for client in (*clients, spectator):
            early_messages = before_the_end(client.messages)
            assert len(early_messages) > 20
            for message in early_messages:
                assert not carries(message, seed), message
                if message["type"] in ("state", "table"):
                    assert message["table"]["dice"] == {
                        "scheme": "hmac-sha256-v1",
                        "commitment": commitment,
                    }
                    checked += 1
            # The message that ends the game reveals the seed.
            final = client.messages[len(early_messages)]
            assert final["dice"] == data["dice"]
        assert checked >= 3
        for answer in answers:
            assert not carries(answer, seed), answer
        # Afterwards the table says the seed too; the record verifies, on the server and here.
        assert server.get(f"/api/tables/{table['id']}").json()["dice"]["seed"] == seed.hex()
        verdict = server.get(f"/api/tables/{table['id']}/verify").json()
        assert verdict["fair"] is True and verdict["dice"] > 50
        assert verdict["commitment"] == commitment and verdict["seed"] == seed.hex()
        assert check_dice(parse_record(record.text)).fair
        replay(parse_record(record.text))
        path = tmp_path / "game.json"
        path.write_text(record.text, encoding="utf-8")
        code, out = verify_cli(path, capsys)
        assert code == 0 and f"fair: all {verdict['dice']} dice follow from the seed" in out
        # The secret seed is fresh, so which step is the first throw differs from run to run.
        step = next(i for i, s in enumerate(data["steps"]) if i >= 3 and s.get("pips"))
        data["steps"][step]["pips"][0] = data["steps"][step]["pips"][0] % 6 + 1
        path.write_text(json.dumps(data), encoding="utf-8")
        code, out = verify_cli(path, capsys)
        assert code == 1 and f"NOT fair: step {step}" in out
        for c in (*clients, spectator):
            await c.close()


async def test_a_restart_keeps_the_commitment_and_the_game_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The server killed with SIGKILL mid-game and started again: the table has the same
    commitment, deals on from the same seed, and the finished game verifies."""
    db = tmp_path / "db.sqlite3"
    server = Server(db, seed=None).start()
    try:
        # The dice are random (no server seed: the table's own seed must survive the restart),
        # so a game can end early (a Schock-out in each half); such a table is set aside and
        # another one dealt, until one is still running at step 12.
        for _ in range(20):
            table = new_table(server, ["Anna"], preset="schock4life", seats=2)
            token = table["tokens"][0]
            server.post(f"/api/tables/{table['id']}/bots", {"token": token})
            commitment = table["table"]["dice"]["commitment"]
            anna = await Client(server, table["id"], token).connect()
            server.post(f"/api/tables/{table['id']}/start", {"token": token})
            if await play_some(anna, 12):
                break
            await anna.close()
        else:
            raise AssertionError("20 games in a row over before step 12")
        played = anna.state["step"]  # type: ignore[index]
        server.kill()
        await anna.close()
        server = Server(db, seed=None).start()
        again = server.get(f"/api/tables/{table['id']}").json()
        assert again["dice"] == {"scheme": "hmac-sha256-v1", "commitment": commitment}
        anna = await Client(server, table["id"], token).connect()
        assert anna.state["table"]["dice"]["commitment"] == commitment  # type: ignore[index]
        assert anna.state["step"] >= played >= 12  # type: ignore[index]
        clients = [anna]
        await play_until_over(clients)
        record = server.get(f"/api/tables/{table['id']}/record").text
        assert parse_record(record).dice.commitment == commitment  # type: ignore[union-attr]
        path = tmp_path / "game.json"
        path.write_text(record, encoding="utf-8")
        code, out = verify_cli(path, capsys)
        assert code == 0 and "fair: all" in out
        for c in clients:
            await c.close()
    finally:
        server.stop()


async def play_some(client: Client, steps: int) -> bool:
    """Play on (as :func:`play_until_over`) until the game has taken ``steps`` steps and waits
    for this player: true then, false if the game ended first."""
    acted = -1
    while True:
        st = client.state
        assert st is not None
        if st["view"] is not None:
            if st["view"]["loser"] is not None:
                return False
            if st["step"] >= steps and simple_choice(st) is not None:
                return True  # the game waits for this player: nothing moves until the restart
            if st["step"] != acted:
                action = simple_choice(st)
                if action is not None:
                    acted = st["step"]
                    await client.act(action)
        await client.next_state(timeout=30)


def test_every_table_and_rematch_commits_to_a_seed_of_its_own(tmp_path: Path) -> None:
    """Tables get different seeds; a seeded server (``--seed``) derives them from its seed, so
    the same server seed commits to the same dice."""
    commitments: list[str] = []
    for seed in (None, None, 5, 5):
        with running(tmp_path / f"{len(commitments)}.sqlite3", seed=seed) as server:
            table = new_table(server, ["Anna"], seats=2)
            commitments.append(table["table"]["dice"]["commitment"])
    assert len(set(commitments[:3])) == 3 and commitments[2] == commitments[3]


async def test_a_rematch_deals_from_a_new_seed(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=None) as server:
        table = new_table(server, ["Anna"], seats=2)
        server.post(f"/api/tables/{table['id']}/bots", {"token": table["tokens"][0]})
        anna = await Client(server, table["id"], table["tokens"][0]).connect()
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await play_until_over([anna])
        first = server.get(f"/api/tables/{table['id']}/record").json()["dice"]
        rematch = server.post(f"/api/tables/{table['id']}/rematch", {"token": table["tokens"][0]})
        dice = rematch.json()["table"]["dice"]
        assert set(dice) == {"scheme", "commitment"}
        assert dice["commitment"] not in (first["commitment"], commitment_of(b""))
        assert first["seed"] not in rematch.text
        await anna.close()
