"""The server's wire protocol (docs/protocol.md) against a real server: hostile messages, hidden
information in random games, and the validation of HTTP requests.

One ``schocken serve --seed 5`` subprocess (tests/server_helpers.py) serves the whole module; every
test makes its own tables on it. Three parts:

- fuzzing: malformed and hostile WebSocket messages from the player whose turn it is are each
  answered with an error (or a pong), change nothing, and leave the connection usable;
- hidden information: in random games with covered cups, no client ever gets another player's
  covered dice; every message is compared with a replay of the finished game's record;
- HTTP validation: bad requests get a 4xx with ``{"error": ...}`` and change nothing.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from conftest import ENGINES
from schocken.actions import KEEPS, THROWS, Action, parse_action
from schocken.dice import ScriptedDice
from schocken.events import Event, RoundStarted, Thrown, TurnEnded, censor
from schocken.game import Game
from schocken.record import GameRecord, parse_record
from schocken.results import Result
from schocken.store import Database, open_database
from schocken.texts import CATALOGUE, explain
from schocken.views import PlayerView, TurnView
from server_helpers import Client, Server, hello, running, stored_rows

MAX_MESSAGE = 4096
ACTION_TEXTS = ["throw", *(str(THROWS[k]) for k in KEEPS if k), "turn", "stop", "buyin"]
"""Every action's text form (31)."""


class Live:
    """A running server and one kept-alive HTTP client for it (a new one per request is slow)."""

    def __init__(self, server: Server, http: httpx.Client) -> None:
        self.server = server
        self.http = http
        self.port = server.port
        self.db = server.db
        self.url = server.url

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def post(self, path: str, body: object) -> httpx.Response:
        return self.http.post(path, json=body)

    def post_raw(self, path: str, content: bytes) -> httpx.Response:
        return self.http.post(path, content=content, headers={"content-type": "application/json"})


@contextmanager
def live(db: Path, seed: int | None, database: str | None = None) -> Iterator[Live]:
    with (
        running(db, seed=seed, database=database) as server,
        httpx.Client(base_url=server.url, timeout=10) as http,
    ):
        yield Live(server, http)


@pytest.fixture(scope="module", params=ENGINES)
def server(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Live]:
    """One server for the module's tests, on each engine in turn."""
    database = None
    if request.param == "postgresql":
        database = request.getfixturevalue("postgres_server").new_database()
    with live(tmp_path_factory.mktemp("protocol") / "db.sqlite3", seed=5, database=database) as s:
        yield s


# ------------------------------------------------------------------ helpers


@dataclass
class Seated:
    """A table made for a test: its id and code, the humans' tokens (host first)."""

    id: str
    code: str
    tokens: list[str]
    spectator: str


def make_table(
    server: Live,
    names: list[str],
    *,
    rules: object = "tsv99",
    seats: int | None = None,
    bots: tuple[str, ...] = (),
) -> Seated:
    created = server.post(
        "/api/tables", {"name": names[0], "seats": seats or len(names) + len(bots), "rules": rules}
    )
    assert created.status_code == 200, created.text
    data = created.json()
    tokens = [data["token"]]
    for name in names[1:]:
        joined = server.post(f"/api/tables/{data['code']}/join", {"name": name})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    for bot in bots:
        added = server.post(f"/api/tables/{data['id']}/bots", {"token": tokens[0], "bot": bot})
        assert added.status_code == 200, added.text
    return Seated(data["id"], data["code"], tokens, data["spectator_token"])


def start(server: Live, table: Seated) -> None:
    started = server.post(f"/api/tables/{table.id}/start", {"token": table.tokens[0]})
    assert started.status_code == 200, started.text


def ws_uri(server: Live, table: str, token: str, lang: str = "en") -> str:
    """Where to connect, and (after ``#``, which this module's :func:`connect` takes off) what
    to say in the hello: the token never goes into the URL."""
    return f"ws://127.0.0.1:{server.port}/ws/{table}#{token}#{lang}"


def connect(uri: str, **kwargs: Any) -> ClientConnection:
    """A WebSocket to ``ws_uri(...)`` that has said hello with the token."""
    address, token, lang = uri.split("#")
    ws: ClientConnection = ws_connect(address, **kwargs).__enter__()
    ws.send(hello(token, lang))
    return ws


def receive(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return message


def fresh_state(server: Live, table: str, token: str) -> dict[str, Any]:
    """The first message of a new connection: the full current state."""
    with connect(ws_uri(server, table, token)) as ws:
        return receive(ws)


def health(server: Live) -> dict[str, Any]:
    answer = server.get("/api/health")
    assert answer.status_code == 200
    data: dict[str, Any] = answer.json()
    return data


PING = json.dumps({"v": 3, "type": "ping"})
PONG = {"v": 3, "type": "pong"}


# ------------------------------------------------------------------ a. fuzzing


def expected_replies(message: str | bytes, legal: set[Action]) -> frozenset[str] | None:
    """What the server may answer (``pong`` or error codes), from docs/protocol.md; ``None`` for a
    legal action (which would change the game, so it is not sent)."""
    if isinstance(message, bytes):
        return frozenset({"binary"})
    if len(message.encode("utf-8")) > MAX_MESSAGE:
        return frozenset({"too_large"})
    if _depth(message) > 32:
        return frozenset({"malformed"})
    try:
        data = json.loads(message)
    except (ValueError, RecursionError):
        return frozenset({"malformed"})
    if not isinstance(data, dict):
        return frozenset({"malformed"})
    version = data.get("v")
    if version != 3:
        return frozenset({"version"})
    by_type = _by_type(data, legal)
    if version is True:
        # JSON true is not the number 1 (test_version_true_is_not_1); tolerated here so that the
        # fuzzer reports other faults.
        return None if by_type is None else by_type | {"version"}
    return by_type


def _depth(text: str) -> int:
    """How deep ``text`` nests arrays and objects (outside strings), as docs/protocol.md says."""
    deepest = depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _by_type(data: dict[str, Any], legal: set[Action]) -> frozenset[str] | None:
    kind = data.get("type")
    if kind == "ping":
        return frozenset({"pong"})
    if kind != "action":
        return frozenset({"unknown_type"})
    text = data.get("action")
    if not isinstance(text, str):
        return frozenset({"malformed"})
    try:
        action = parse_action(text)
    except ValueError:
        return frozenset({"bad_action"})
    return None if action in legal else frozenset({"illegal"})


JSON_LEAVES = (
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12) | st.just("1")
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
TYPES = st.sampled_from(["action", "ping", "pong", "state", "error", "Action", "PING", "", " ping"])


def _envelope(**fields: Any) -> str:
    return json.dumps({"v": 3, **fields}, ensure_ascii=False)


def _huge(size: int, char: str, as_action: bool) -> str:
    """A message of at least ``size`` bytes; as an action it would be a legal throw if it were
    short enough (the padding is whitespace around 'throw')."""
    pad = char * -(-size // len(char.encode("utf-8")))
    if as_action:
        return _envelope(type="action", action="throw" + (pad if char.isspace() else " " + pad))
    return pad


def _deep(depth: int, opener: str, closed: bool, where: str) -> str:
    closer = {"[": "]", '{"a":': "}"}[opener]
    inner = opener * depth + ("0" + closer * depth if closed else "")
    if where == "bare":
        return inner
    return '{"v":3,"type":"action",' + f'"{where}":' + inner + "}"


def _mutate(text: str, how: str) -> str:
    return {
        "upper": text.upper(),
        "spaces": "  " + text.replace(" ", "   ") + "\t",
        "dashes": text.replace("-", " - "),
        "extra die": text + "-1" if "keep" in text else text + " keep 1-1-1",
        "seven": text + " keep 7",
        "glued": text.replace(" ", ""),
        "punct": text + "!",
    }[how]


def hostile_messages(legal_texts: list[str], illegal_texts: list[str]) -> st.SearchStrategy[Any]:
    return st.one_of(
        # random text and random JSON
        st.text(max_size=300),
        JSON_VALUES.map(json.dumps),
        st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=5).map(json.dumps),
        st.fixed_dictionaries(
            {"v": st.just(3) | JSON_VALUES, "type": TYPES | JSON_VALUES},
            optional={
                "action": st.sampled_from(illegal_texts) | st.text(max_size=30) | JSON_VALUES,
                "x": JSON_VALUES,
            },
        ).map(json.dumps),
        # wrong versions, unknown types
        st.builds(
            lambda v, t: json.dumps({"v": v, "type": t}),
            JSON_VALUES.filter(lambda v: v != 3) | st.sampled_from([0, 1, 2, -1, "3", 3.5, [3]]),
            st.sampled_from(["ping", "action"]),
        ),
        (TYPES | st.text(max_size=20)).map(lambda t: _envelope(type=t)),
        # actions: random text, near misses of real ones, valid texts that are illegal now
        st.text(max_size=60).map(lambda a: _envelope(type="action", action=a)),
        JSON_VALUES.map(lambda a: _envelope(type="action", action=a)),
        st.builds(
            lambda t, how: _envelope(type="action", action=_mutate(t, how)),
            st.sampled_from(ACTION_TEXTS),
            st.sampled_from(["upper", "spaces", "dashes", "extra die", "seven", "glued", "punct"]),
        ),
        st.sampled_from(illegal_texts).map(lambda a: _envelope(type="action", action=a)),
        # huge messages (the server's frame limit is 64 KiB; these stay below it)
        st.builds(
            _huge,
            st.integers(MAX_MESSAGE + 1, 60_000),
            st.sampled_from(["x", " ", "ü", "€", "\U0001f3b2"]),
            st.booleans(),
        ),
        # binary frames, also ones holding a legal action or a ping
        st.binary(max_size=200),
        st.sampled_from(legal_texts).map(
            lambda a: _envelope(type="action", action=a).encode("utf-8")
        ),
        st.just(PING.encode("utf-8")),
        # deeply nested JSON
        st.builds(
            _deep,
            st.integers(1, 4000),
            st.sampled_from(["[", '{"a":']),
            st.booleans(),
            st.sampled_from(["bare", "action", "v", "type"]),
        ),
        # escaped lone surrogates and other odd text inside valid JSON
        st.sampled_from(
            [
                '{"v":3,"type":"action","action":"\\ud800"}',
                '{"v":"\\udfff","type":"ping"}',
                '{"v":3,"type":"\\ud83c"}',
                '{"v":3,"type":"action","action":"throw\\u0000"}',
                '{"v":3,"type":"action","action":"throw keep \\u0661"}',
                '{"v":3,"type":"action","action":"st\\u00f6p"}',
                '{"v":3,"v":1,"type":"ping"}',
                '{"v":NaN,"type":"ping"}',
                '{"v":Infinity,"type":"ping"}',
                '{"v":3,"type":"ping"',
                "",
            ]
        ),
        # valid pings with extra members: answered with a pong
        st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4).map(
            lambda d: json.dumps({**d, "v": 3, "type": "ping"})
        ),
    )


def test_hostile_messages_get_errors_and_change_nothing(server: Live) -> None:
    table = make_table(server, ["Fuzz", "Quiet"])
    start(server, table)
    host = table.tokens[0]
    with (
        connect(ws_uri(server, table.id, host), max_size=2**22) as ws,
        connect(ws_uri(server, table.id, table.spectator)) as watcher,
    ):
        first = receive(ws)
        assert first["view"]["current"] == 0 and first["legal"] == ["throw"]
        receive(watcher)
        # One throw, so that many actions are legal, and many valid ones illegal.
        ws.send(_envelope(type="action", action="throw"))
        state = receive(ws)
        assert state["step"] == 1
        receive(watcher)
        legal_texts: list[str] = state["legal"]
        legal = {parse_action(a) for a in legal_texts}
        illegal_texts = [a for a in ACTION_TEXTS if parse_action(a) not in legal]
        assert len(legal) > 2 and len(illegal_texts) > 10 and "buyin" in illegal_texts
        player_before = fresh_state(server, table.id, host)
        spectator_before = fresh_state(server, table.id, table.spectator)
        replies: dict[str, int] = {}

        @settings(
            max_examples=100,
            deadline=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        )
        @given(hostile_messages(legal_texts, illegal_texts))
        def attack(message: str | bytes) -> None:
            expected = expected_replies(message, legal)
            assume(expected is not None)
            assert expected is not None
            ws.send(message)
            reply = receive(ws)
            # A state here would mean the game changed.
            assert reply["type"] in ("error", "pong"), (message[:200], reply)
            if reply["type"] == "pong":
                assert reply == PONG
                assert "pong" in expected, (message[:200], expected)
                replies["pong"] = replies.get("pong", 0) + 1
            else:
                assert set(reply) == {"v", "type", "code", "message"}, reply
                assert reply["v"] == 3 and isinstance(reply["message"], str) and reply["message"]
                assert reply["code"] in expected, (message[:200], reply, expected)
                replies[reply["code"]] = replies.get(reply["code"], 0) + 1
            # The connection stays usable, and the server answers.
            ws.send(PING)
            assert receive(ws) == PONG
            assert health(server)["ok"] is True

        attack()

        # Every kind of answer was provoked.
        assert set(replies) >= {
            "pong",
            "binary",
            "too_large",
            "malformed",
            "version",
            "unknown_type",
            "bad_action",
            "illegal",
        }, replies
        # Nobody else heard of any of it, and the game is as it was.
        with pytest.raises(TimeoutError):
            watcher.recv(timeout=0.3)
        assert fresh_state(server, table.id, table.spectator) == spectator_before
        again = fresh_state(server, table.id, host)
        assert again == player_before
        assert again["step"] == 1 and again["legal"] == legal_texts
        # A new connection hears the whole history: every event so far, numbered from 1.
        assert again["since"] == 0 and again["seq"] == len(again["events"]) > 0
        assert [e["n"] for e in again["events"]] == list(range(1, again["seq"] + 1))
        assert health(server)["ok"] is True
        # The game goes on from exactly there: the next action is step 2, with only its events.
        ws.send(_envelope(type="action", action="stop"))
        after = receive(ws)
        assert after["type"] == "update" and after["step"] == 2
        assert [e["n"] for e in after["events"]] == [again["seq"] + 1, again["seq"] + 2]
        assert [e["type"] for e in after["events"]] == ["TurnEnded", "ThrowLimitFixed"]
        ended = after["events"][0]
        assert ended["seat"] == 0 and ended["throws"] == 1 and not ended["covered"]
        assert ended["result"]["dice"] == state["view"]["turns"][0]["showing"]
        watched = receive(watcher)
        assert watched["step"] == 2 and watched["events"] == after["events"]


def test_out_of_turn_players_and_spectators_cannot_act(server: Live) -> None:
    table = make_table(server, ["Anna", "Ben"])
    start(server, table)
    with (
        connect(ws_uri(server, table.id, table.tokens[1])) as ben,
        connect(ws_uri(server, table.id, table.spectator)) as spectator,
    ):
        before = receive(ben)
        assert before["view"]["current"] == 0 and before["legal"] == []
        receive(spectator)
        for text in ACTION_TEXTS:
            ben.send(_envelope(type="action", action=text))
            refused = receive(ben)
            assert refused["type"] == "error" and refused["code"] == "illegal", refused
            spectator.send(_envelope(type="action", action=text))
            watched = receive(spectator)
            assert watched["type"] == "error" and watched["code"] == "spectator", watched
        ben.send(PING)
        assert receive(ben) == PONG
    assert fresh_state(server, table.id, table.spectator)["step"] == 0


def test_actions_before_the_start_are_refused(server: Live) -> None:
    table = make_table(server, ["Anna", "Ben"])
    with connect(ws_uri(server, table.id, table.tokens[0])) as ws:
        lobby = receive(ws)
        assert lobby["view"] is None and lobby["step"] == 0 and lobby["legal"] == []
        ws.send(_envelope(type="action", action="throw"))
        refused = receive(ws)
        assert refused["type"] == "error" and refused["code"] == "illegal", refused
        assert "not started" in refused["message"]
    assert server.get(f"/api/tables/{table.id}").json()["started"] is False


def test_action_texts_are_read_as_documented(server: Live) -> None:
    """Case and whitespace do not matter, nor the order of kept dice; `legal` is canonical."""
    table = make_table(server, ["Anna", "Ben"])
    start(server, table)
    with connect(ws_uri(server, table.id, table.tokens[0])) as ws:
        receive(ws)
        ws.send(_envelope(type="action", action="  THROW\t"))
        state = receive(ws)
        assert state["type"] == "update" and state["step"] == 1
        legal = state["legal"]
        assert legal == sorted(set(legal), key=legal.index)
        keeps = [a for a in legal if a.startswith("throw keep ")]
        assert keeps, legal
        for text in keeps:
            dice = [int(p) for p in text[len("throw keep ") :].split("-")]
            assert dice == sorted(dice, reverse=True), text
        two = next((a for a in keeps if len(a) == len("throw keep 6-1")), keeps[0])
        dice = two[len("throw keep ") :].split("-")
        ws.send(_envelope(type="action", action=" Throw  KEEP " + " - ".join(reversed(dice))))
        after = receive(ws)
        assert after["type"] == "update" and after["step"] == 2
        thrown = after["events"][0]
        assert thrown["type"] == "Thrown" and thrown["kept"] == [int(p) for p in dice]


def test_version_true_is_not_1(server: Live) -> None:
    """``"v": true`` is not protocol version 1 (Python's ``True == 1`` must not leak through)."""
    table = make_table(server, ["Anna", "Ben"])
    with connect(ws_uri(server, table.id, table.tokens[0])) as ws:
        receive(ws)
        ws.send('{"v": true, "type": "ping"}')
        reply = receive(ws)
        assert reply["type"] == "error" and reply["code"] == "version", reply


def test_a_frame_over_64_kib_closes_only_that_connection(server: Live) -> None:
    """Above the transport's limit (65536 bytes) the connection is closed with 1009; the server,
    the game and every other connection are unaffected, and the player may reconnect."""
    table = make_table(server, ["Anna", "Ben"])
    start(server, table)
    with connect(ws_uri(server, table.id, table.tokens[1])) as ben:
        receive(ben)
        with connect(ws_uri(server, table.id, table.tokens[0]), max_size=2**22) as ws:
            receive(ws)
            ws.send("x" * 70_000)
            with pytest.raises(ConnectionClosed) as closed:
                receive(ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        ben.send(PING)
        assert receive(ben) == PONG
    assert health(server)["ok"] is True
    with connect(ws_uri(server, table.id, table.tokens[0])) as ws:
        state = receive(ws)
        assert state["step"] == 0 and state["legal"] == ["throw"]
        ws.send(_envelope(type="action", action="throw"))
        assert receive(ws)["step"] == 1


def test_a_burst_of_messages_is_answered_one_by_one_in_order(server: Live) -> None:
    """Messages sent without waiting are each answered, in the order they were sent."""
    table = make_table(server, ["Anna", "Ben"])
    start(server, table)
    burst: list[tuple[str | bytes, str]] = [
        ("{", "malformed"),
        (PING, "pong"),
        (_envelope(type="action", action="stop"), "illegal"),
        ('{"v": 2, "type": "ping"}', "version"),
        (b"\x00", "binary"),
        (_envelope(type="chat"), "unknown_type"),
        (_envelope(type="action", action="jump"), "bad_action"),
        ("y" * 5000, "too_large"),
    ] * 25
    with connect(ws_uri(server, table.id, table.tokens[0])) as ws:
        receive(ws)
        for message, _ in burst:
            ws.send(message)
        for _, code in burst:
            reply = receive(ws)
            assert reply.get("code", reply["type"]) == code, reply
        ws.send(_envelope(type="action", action="throw"))
        assert receive(ws)["step"] == 1


@pytest.mark.parametrize("token", ["", "nope", "%C3%A9", "x" * 300])
def test_unknown_tokens_are_denied_with_an_error(server: Live, token: str) -> None:
    """A bad token gets ``{"type": "error", "code": "denied"}``, then a close with code 4403."""
    table = make_table(server, ["Anna", "Ben"])
    with connect(ws_uri(server, table.id, token)) as ws:
        denied = receive(ws)
        assert denied["type"] == "error" and denied["code"] == "denied", denied
        with pytest.raises(ConnectionClosed) as closed:
            receive(ws)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert health(server)["ok"] is True


def test_an_unknown_table_is_denied(server: Live) -> None:
    with connect(ws_uri(server, "no-such-table", "x")) as ws:
        denied = receive(ws)
        assert denied == {"v": 3, "type": "error", "code": "denied", "message": "no such table"}


# ------------------------------------------------------------------ b. hidden information


def _plain(value: object) -> object:
    """A value of an event as docs/protocol.md gives it in JSON."""
    if isinstance(value, Result):
        return result_json(value)
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "dice": list(result.dice),
        "name": result.name,
        "kind": result.kind.value,
        "deckel": result.deckel,
        "throws": result.throws,
        "one_throw": result.one_throw,
    }


def event_json(event: Event, n: int) -> dict[str, Any]:
    """An event as docs/protocol.md shows it: its type, its number in the game, its fields."""
    fields = {f: _plain(getattr(event, f)) for f in event._fields}
    return {"type": type(event).__name__, "n": n, **fields}


def turn_json(turn: TurnView) -> dict[str, Any]:
    return {
        "seat": turn.seat,
        "throws": turn.throws,
        "aside": list(turn.aside),
        "showing": None if turn.showing is None else list(turn.showing),
        "covered": turn.covered,
        "done": turn.done,
        "result": result_json(turn.result),
        "must_throw": list(turn.must_throw),
    }


def view_json(view: PlayerView) -> dict[str, Any]:
    return {
        "phase": view.phase.value,
        "section": view.section.value,
        "round_kind": view.round_kind.value,
        "round": view.round_number,
        "order": list(view.order),
        "limit": view.limit,
        "current": view.current,
        "middle": view.middle,
        "deckel": list(view.deckel),
        "playing": list(view.playing),
        "turns": [turn_json(t) for t in view.turns],
        "half_losers": list(view.half_losers),
        "loser": view.loser,
    }


@dataclass(frozen=True)
class CoveredThrow:
    """A covered throw of the finished game: its step, where its events are, what it showed."""

    step: int
    seat: int
    round: int
    thrown_at: int
    """Index of its Thrown event in the game's events (its TurnEnded follows)."""
    dice: list[int]
    showing: list[int]


@dataclass
class Replayed:
    """The finished game, step by step, from its record."""

    record: GameRecord
    events: list[Event]
    events_after: list[int]
    """How many events the game had after k steps."""
    views: list[dict[int | None, dict[str, Any]]]
    """What each seat (and a spectator, None) may see after k steps, as JSON."""
    legal: list[dict[int, list[str]]]
    covered: list[CoveredThrow] = field(default_factory=list)


def replay_record(text: str) -> Replayed:
    record = parse_record(text)
    pips = [p for step in record.steps for p in step.pips]
    game = Game(record.rules, record.players, ScriptedDice(pips))
    viewers: list[int | None] = [None, *range(len(record.players))]

    def snapshot() -> None:
        done.events_after.append(len(game.events))
        done.views.append({v: view_json(game.view(v)) for v in viewers})
        done.legal.append(
            {s: [str(a) for a in game.legal_actions(s)] for s in range(len(record.players))}
        )

    done = Replayed(record, game.events, [], [], [])
    snapshot()
    round_number = 0
    for k, step in enumerate(record.steps):
        before = len(game.events)
        game.apply(step.action, step.seat)
        for i in range(before, len(game.events)):
            event = game.events[i]
            if isinstance(event, RoundStarted):
                round_number = event.number
            if isinstance(event, Thrown) and event.covered:
                assert event.dice is not None
                ended = game.events[i + 1]
                assert isinstance(ended, TurnEnded) and ended.result is not None
                done.covered.append(
                    CoveredThrow(
                        k,
                        event.seat,
                        round_number,
                        i,
                        list(event.dice),
                        list(ended.result.dice),
                    )
                )
        snapshot()
    assert game.is_over
    return done


def leaks(message: dict[str, Any], viewer: int | None) -> list[str]:
    """Another player's covered dice in a state message for ``viewer`` (None: a spectator)."""
    found: list[str] = []
    view = message["view"]
    if view is not None and view["loser"] is None:
        for turn in view["turns"]:
            hidden = turn["showing"] is None and turn["result"] is None
            if turn["covered"] and turn["seat"] != viewer and not hidden:
                found.append(f"view turn {turn}")
    for event in message["events"]:
        if not event.get("covered") or event["seat"] == viewer:
            continue
        if event["type"] == "Thrown" and event["dice"] is not None:
            found.append(f"event {event}")
        if event["type"] == "TurnEnded" and event["result"] is not None:
            found.append(f"event {event}")
    return found


def stored_steps(db: Database, table: str) -> int:
    """How many steps of ``table`` the server has stored (read as another program would, on a
    connection of the test's own)."""
    row = db.execute("SELECT COUNT(*) FROM steps WHERE table_id = ?", (table,)).fetchone()
    return int(row[0])


def choose(rng: random.Random, legal: list[str]) -> str:
    if "turn" in legal and rng.random() < 0.6:
        return "turn"
    if "stop" in legal and rng.random() < 0.3:
        return "stop"
    return rng.choice(legal)


MINE = {"Thrown", "SixesTurned", "TurnEnded", "BoughtIn"}
"""Each action's first event names its seat: a throw, turning sixes, a stop, a buy-in."""


async def random_player(
    client: Client, seat: int, rng: random.Random, check: Callable[[dict[str, Any]], None]
) -> None:
    """Plays random legal actions (buying in now and then when out) until the game is over.

    An action is sent only when the previous one was answered (its events seen, or an error), so
    only a buy-in can be overtaken by the game: only then is an "illegal" error expected.
    """
    waiting: str | None = None
    acted = -1
    while True:
        state = client.state
        if waiting is None and state is not None and state["view"] is not None:
            view, legal = state["view"], state["legal"]
            if view["loser"] is not None:
                return
            if legal and state["step"] != acted:
                if view["current"] == seat:
                    waiting = choose(rng, legal)
                elif legal == ["buyin"] and rng.random() < 0.5:
                    waiting = "buyin"
                if waiting is not None:
                    acted = state["step"]
                    await client.act(waiting)
        message = await client.recv(timeout=30)
        check(message)
        if message["type"] == "error":
            assert waiting == "buyin" and message["code"] == "illegal", (waiting, message)
            waiting = None
        elif message["type"] in ("state", "update") and any(
            e["type"] in MINE and e["seat"] == seat for e in message["events"]
        ):
            waiting = None


async def spectate(client: Client, check: Callable[[dict[str, Any]], None]) -> None:
    while (
        client.state is None
        or client.state["view"] is None
        or client.state["view"]["loser"] is None
    ):
        check(await client.recv(timeout=30))


GAMES = [
    pytest.param("schock4life", 2, ("regular",), 101, id="schock4life-2-humans-1-bot"),
    pytest.param("allgemein", 3, ("random",), 102, id="allgemein-3-humans-1-bot"),
    pytest.param("schock4life", 4, (), 103, id="schock4life-4-humans"),
    pytest.param("allgemein", 2, ("regular", "random"), 104, id="allgemein-2-humans-2-bots"),
    pytest.param(
        {"preset": "tsv99", "overrides": {"covered": "last_throw", "einwuerfeln": True}},
        3,
        ("regular",),
        105,
        id="tsv99-covered-einwuerfeln-3-humans-1-bot",
    ),
    pytest.param("schock4life", 3, ("random", "regular"), 106, id="schock4life-3-humans-2-bots"),
    pytest.param("allgemein", 4, (), 107, id="allgemein-4-humans"),
    pytest.param("schock4life", 2, (), 108, id="schock4life-2-humans"),
    pytest.param(
        {
            "preset": "schock4life",
            "overrides": {
                "jule": True,
                "jule_deckel": 9,
                "general": False,
                "set_aside": "ones",
                "sixes_turn": "one_throw",
            },
        },
        2,
        ("regular",),
        109,
        id="schock4life-jule-ones-2-humans-1-bot",
    ),
]


@pytest.mark.parametrize(("rules", "humans", "bots", "seed"), GAMES)
async def test_no_client_ever_sees_anothers_covered_dice(
    server: Live, rules: object, humans: int, bots: tuple[str, ...], seed: int
) -> None:
    names = ["Anna", "Ben", "Cem", "Dora"][:humans]
    table = make_table(server, names, rules=rules, bots=bots)
    langs = ["de", "en"]
    players = [
        await Client(server.server, table.id, t, lang=langs[i % 2]).connect()
        for i, t in enumerate(table.tokens)
    ]
    spectator = await Client(server.server, table.id, table.spectator, lang="de").connect()
    live: list[str] = []

    def checker(viewer: int | None) -> Callable[[dict[str, Any]], None]:
        def check(message: dict[str, Any]) -> None:
            if message["type"] not in ("state", "update"):
                return
            live.extend(leaks(message, viewer))
            # Stored before it was broadcast.
            if message["step"] > stored_steps(db, table.id):
                live.append(f"step {message['step']} broadcast before it was stored")

        return check

    start(server, table)
    rng = random.Random(seed)
    db = open_database(server.server.where)
    try:
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    random_player(c, seat, random.Random(rng.randrange(2**32)), checker(seat))
                    for seat, c in enumerate(players)
                ),
                spectate(spectator, checker(None)),
            ),
            timeout=300,
        )
    finally:
        db.close()
    for c in (*players, spectator):
        await c.close()
    assert live == []

    answer = server.get(f"/api/tables/{table.id}/record")
    assert answer.status_code == 200, answer.text
    game = replay_record(answer.text)
    assert game.covered, "no covered throw in this game: the test proves nothing"
    # The record is what the store holds.
    rows = stored_rows(
        server.server,
        "SELECT seat, action, pips FROM steps WHERE table_id = ? ORDER BY idx",
        (table.id,),
    )
    assert [(s.seat, str(s.action), list(s.pips)) for s in game.record.steps] == [
        (seat, action, json.loads(pips)) for seat, action, pips in rows
    ]

    outcome = game.record.outcome
    assert outcome is not None
    clients: list[tuple[Client, int | None]] = [(c, seat) for seat, c in enumerate(players)]
    clients.append((spectator, None))
    hidden_turns = hidden_events = 0
    for client, viewer in clients:
        states = [
            m for m in client.messages if m["type"] in ("state", "update") and m["view"] is not None
        ]
        seen: list[dict[str, Any]] = []
        for message in states:
            k = message["step"]
            if message["type"] == "state":
                # A state carries the history from ``since`` on (a new connection: all of it).
                del seen[message["since"] :]
                assert message["you"] == {
                    "seat": viewer,
                    "host": viewer == 0,
                    "bot": False,
                    "waiting": None,
                }
                assert message["table"]["seeded"] is True
            first = len(seen)
            new = game.events[first : game.events_after[k]]
            seen.extend(message["events"])
            censored = [censor(e, viewer) for e in new]
            # Exactly the events since the last message, censored for this viewer, ...
            expected = [event_json(e, first + i + 1) for i, e in enumerate(censored)]
            assert message["events"] == expected, (viewer, k)
            assert len(seen) == game.events_after[k] == message["seq"]
            # ... the viewer's own view and legal actions at that step, ...
            assert message["view"] == game.views[k][viewer], (viewer, k)
            legal = [] if viewer is None else game.legal[k][viewer]
            assert message["legal"] == legal, (viewer, k)
            # ... explained from the censored events only, each line with its event's number.
            lang = "de" if viewer is None else langs[viewer % 2]
            log = message["log"]
            assert [line["text"] for line in log] == explain(
                censored, game.record.rules, game.record.players, lang
            )
            assert all(first < line["n"] <= len(seen) for line in log), (viewer, k)
            # The real pips of a covered throw never reach another seat before its round ends.
            for cov in game.covered:
                if cov.seat == viewer or k <= cov.step:
                    continue
                view = message["view"]
                if view["round"] == cov.round and view["loser"] is None:
                    turn = next(t for t in view["turns"] if t["seat"] == cov.seat)
                    assert turn["covered"] and turn["showing"] is None, (viewer, k, turn)
                    assert turn["result"] is None, (viewer, k, turn)
                    hidden_turns += 1
                if len(seen) - len(message["events"]) <= cov.thrown_at < len(seen):
                    offset = cov.thrown_at - (len(seen) - len(message["events"]))
                    thrown = message["events"][offset]
                    assert thrown["type"] == "Thrown" and thrown["dice"] != cov.dice
                    assert thrown["dice"] is None, (viewer, k, thrown)
                    if offset + 1 < len(message["events"]):
                        ended = message["events"][offset + 1]
                        assert ended["type"] == "TurnEnded" and ended["result"] is None
                    hidden_events += 1
        assert len(seen) == len(game.events), viewer
        assert states[-1]["view"]["loser"] == outcome["loser"]
    # Both checks really ran (for other seats and the spectator).
    assert hidden_turns > 0 and hidden_events > 0


# ------------------------------------------------------------------ c. HTTP validation


@dataclass(frozen=True)
class Lobbies:
    """Three tables: a lobby with a free seat, a full lobby, and a started game."""

    lobby: Seated
    full: Seated
    started: Seated


@pytest.fixture(scope="module")
def lobbies(server: Live) -> Lobbies:
    lobby = make_table(server, ["Host", "Guest"], seats=3)
    full = make_table(server, ["Host", "Guest"])
    started = make_table(server, ["Host", "Guest"])
    start(server, started)
    return Lobbies(lobby, full, started)


@dataclass(frozen=True)
class Bad:
    """A bad request: where to (``{lobby}`` etc. are filled in), its body, the answer expected."""

    path: str
    body: object
    status: int
    says: str
    method: str = "POST"


LONG = "x" * 17_000
CASES: dict[str, Bad] = {
    # creating a table: bodies
    "create not JSON": Bad("/api/tables", b'{"name": "A"', 400, "one JSON object"),
    "create array": Bad("/api/tables", b'[{"name": "A"}]', 400, "one JSON object"),
    "create string": Bad("/api/tables", b'"tsv99"', 400, "one JSON object"),
    "create null": Bad("/api/tables", b"null", 400, "one JSON object"),
    "create not UTF-8": Bad("/api/tables", b'{"name": "\xff"}', 400, "one JSON object"),
    "create oversized": Bad("/api/tables", {"name": "A", "pad": LONG}, 413, "at most 16384 bytes"),
    "create huge number": Bad(
        "/api/tables", b'{"name": "A", "seats": ' + b"1" * 5000 + b"}", 400, ""
    ),
    # creating a table: types and ranges
    "seats as text": Bad("/api/tables", {"name": "A", "seats": "3"}, 400, "'seats' must be"),
    "seats as float": Bad("/api/tables", {"name": "A", "seats": 3.5}, 400, "'seats' must be"),
    "seats as bool": Bad("/api/tables", {"name": "A", "seats": True}, 400, "'seats' must be"),
    "seats null": Bad("/api/tables", {"name": "A", "seats": None}, 400, "'seats' must be"),
    "one seat": Bad("/api/tables", {"name": "A", "seats": 1}, 400, "2 to 20 seats"),
    "21 seats": Bad("/api/tables", {"name": "A", "seats": 21}, 400, "2 to 20 seats"),
    "negative seats": Bad("/api/tables", {"name": "A", "seats": -3}, 400, "2 to 20 seats"),
    "no name": Bad("/api/tables", {"seats": 2}, 400, "a name is a non-empty text"),
    "empty body": Bad("/api/tables", b"", 400, "a name is a non-empty text"),
    "name as number": Bad("/api/tables", {"name": 5}, 400, "a name is a non-empty text"),
    "empty name": Bad("/api/tables", {"name": ""}, 400, "a name is a non-empty text"),
    "blank name": Bad("/api/tables", {"name": " \t\n"}, 400, "a name is a non-empty text"),
    "long name": Bad("/api/tables", {"name": "N" * 41}, 400, "at most 40 characters"),
    "unknown preset": Bad("/api/tables", {"name": "A", "rules": "nope"}, 400, "unknown preset"),
    "rules as number": Bad("/api/tables", {"name": "A", "rules": 5}, 400, "preset name or"),
    "unknown option": Bad(
        "/api/tables",
        {"name": "A", "rules": {"preset": "tsv99", "overrides": {"nope": True}}},
        400,
        "unknown rule option 'nope'",
    ),
    "overrides as list": Bad(
        "/api/tables",
        {"name": "A", "rules": {"preset": "tsv99", "overrides": ["finale"]}},
        400,
        "'overrides' must be an object",
    ),
    "bad option value": Bad(
        "/api/tables",
        {"name": "A", "rules": {"preset": "tsv99", "overrides": {"covered": "sometimes"}}},
        400,
        "must be one of",
    ),
    "option out of range": Bad(
        "/api/tables",
        {"name": "A", "rules": {"preset": "tsv99", "overrides": {"deckel_per_half": 0}}},
        400,
        "between 1 and 999",
    ),
    "option not a bool": Bad(
        "/api/tables",
        {"name": "A", "rules": {"preset": "tsv99", "overrides": {"finale": 1}}},
        400,
        "true or false",
    ),
    "rules without preset": Bad(
        "/api/tables", {"name": "A", "rules": {"overrides": {}}}, 400, "'preset' is missing"
    ),
    "rules with an unknown key": Bad(
        "/api/tables",
        {"name": "A", "rules": {"preset": "tsv99", "overides": {}}},
        400,
        "unknown key 'overides'",
    ),
    "overrides switching the preset": Bad(
        "/api/tables",
        {"name": "A", "rules": {"preset": "tsv99", "overrides": {"preset": "allgemein"}}},
        400,
        "'preset' is not an option to override",
    ),
    "name with a control character": Bad(
        "/api/tables", {"name": "A\u001b[2J"}, 400, "no control characters"
    ),
    "timer as text": Bad("/api/tables", {"name": "A", "turn_timer": "30"}, 400, "seconds or null"),
    "timer as bool": Bad("/api/tables", {"name": "A", "turn_timer": True}, 400, "seconds or null"),
    "timer too short": Bad("/api/tables", {"name": "A", "turn_timer": 4}, 400, "5 to 3600"),
    "timer too long": Bad("/api/tables", {"name": "A", "turn_timer": 3601}, 400, "5 to 3600"),
    # house rules as TOML
    "house rules not TOML": Bad(
        "/api/tables", {"name": "A", "rules_toml": "preset = "}, 400, "TOML"
    ),
    "house rules without preset": Bad(
        "/api/tables", {"name": "A", "rules_toml": "finale = true"}, 400, "name the preset"
    ),
    "house rules unknown option": Bad(
        "/api/tables",
        {"name": "A", "rules_toml": 'preset = "tsv99"\nnope = 1'},
        400,
        "unknown rule option 'nope'",
    ),
    "house rules nested deep": Bad(
        "/api/tables", {"name": "A", "rules_toml": 'preset = "tsv99"\nx = ' + "[" * 3000}, 400, ""
    ),
    "house rules huge number": Bad(
        "/api/tables",
        {"name": "A", "rules_toml": 'preset = "tsv99"\ndeckel_per_half = ' + "1" * 5000},
        400,
        "",
    ),
    # joining
    "join duplicate name": Bad("/api/tables/{lobby}/join", {"name": "Guest"}, 400, "is taken"),
    "join duplicate spaced": Bad(
        "/api/tables/{lobby}/join", {"name": "  Guest \n"}, 400, "is taken"
    ),
    "join empty name": Bad("/api/tables/{lobby}/join", {"name": ""}, 400, "non-empty text"),
    "join name as list": Bad("/api/tables/{lobby}/join", {"name": ["A"]}, 400, "non-empty text"),
    "join same name in other case": Bad(
        "/api/tables/{lobby}/join", {"name": "gUEST"}, 400, "is taken"
    ),
    "join long name": Bad("/api/tables/{lobby}/join", {"name": "N" * 41}, 400, "at most 40"),
    "join array": Bad("/api/tables/{lobby}/join", b"[]", 400, "one JSON object"),
    "join oversized": Bad("/api/tables/{lobby}/join", {"name": LONG}, 413, "at most 16384"),
    "join full table": Bad("/api/tables/{full}/join", {"name": "Third"}, 400, "the table is full"),
    "join started game": Bad("/api/tables/{started}/join", {"name": "Late"}, 400, "has started"),
    "join unknown table": Bad("/api/tables/NOPE42/join", {"name": "A"}, 404, "no such table"),
    # only the host
    "guest starts": Bad("/api/tables/{lobby}/start", {"token": "{guest}"}, 403, "only the host"),
    "guest adds bot": Bad("/api/tables/{lobby}/bots", {"token": "{guest}"}, 403, "only the host"),
    "guest removes": Bad(
        "/api/tables/{lobby}/remove", {"token": "{guest}", "seat": 1}, 403, "only the host"
    ),
    "guest hands host": Bad(
        "/api/tables/{lobby}/host", {"token": "{guest}", "seat": 1}, 403, "only the host"
    ),
    "start without token": Bad("/api/tables/{lobby}/start", {}, 403, "unknown token"),
    "start with empty token": Bad("/api/tables/{lobby}/start", {"token": ""}, 403, "unknown token"),
    "start with number token": Bad("/api/tables/{lobby}/start", {"token": 7}, 403, "unknown"),
    "start with other table's token": Bad(
        "/api/tables/{lobby}/start", {"token": "{full_host}"}, 403, "unknown token"
    ),
    "start with non-ASCII token": Bad(
        "/api/tables/{lobby}/start", {"token": "é"}, 403, "unknown token"
    ),
    "spectator token is no seat": Bad(
        "/api/tables/{lobby}/start", {"token": "{spectator}"}, 403, "unknown token"
    ),
    # the host, but not possible
    "start with empty seat": Bad(
        "/api/tables/{lobby}/start", {"token": "{host}"}, 400, "every seat must be taken"
    ),
    "unknown bot": Bad(
        "/api/tables/{lobby}/bots", {"token": "{host}", "bot": "nope"}, 400, "unknown bot"
    ),
    "bot as list": Bad(
        "/api/tables/{lobby}/bots", {"token": "{host}", "bot": ["regular"]}, 400, "unknown bot"
    ),
    "bot on taken seat": Bad(
        "/api/tables/{lobby}/bots", {"token": "{host}", "seat": 1}, 400, "seat 1 is not free"
    ),
    "bot on no seat": Bad(
        "/api/tables/{lobby}/bots", {"token": "{host}", "seat": 9}, 400, "seat 9 is not free"
    ),
    "bot seat as text": Bad(
        "/api/tables/{lobby}/bots", {"token": "{host}", "seat": "2"}, 400, "'seat' must be"
    ),
    "remove the host": Bad(
        "/api/tables/{lobby}/remove", {"token": "{host}", "seat": 0}, 400, "cannot remove"
    ),
    "remove no seat": Bad(
        "/api/tables/{lobby}/remove", {"token": "{host}", "seat": 7}, 400, "no seat 7"
    ),
    "remove seat as text": Bad(
        "/api/tables/{lobby}/remove", {"token": "{host}", "seat": "1"}, 400, "'seat' must be"
    ),
    "remove without seat": Bad(
        "/api/tables/{lobby}/remove", {"token": "{host}"}, 400, "'seat' must be"
    ),
    "host to empty seat": Bad(
        "/api/tables/{lobby}/host", {"token": "{host}", "seat": 2}, 400, "a human player"
    ),
    "host to no seat": Bad(
        "/api/tables/{lobby}/host", {"token": "{host}", "seat": -1}, 400, "no seat -1"
    ),
    "host seat as bool": Bad(
        "/api/tables/{lobby}/host", {"token": "{host}", "seat": True}, 400, "'seat' must be"
    ),
    "start twice": Bad(
        "/api/tables/{started}/start", {"token": "{started_host}"}, 400, "has started"
    ),
    "bot after the start": Bad(
        "/api/tables/{started}/bots", {"token": "{started_host}"}, 400, "has started"
    ),
    # the record: finished games only
    "record of a lobby": Bad(
        "/api/tables/{lobby}/record", None, 409, "once the game is finished", "GET"
    ),
    "record before the end": Bad(
        "/api/tables/{started}/record", None, 409, "once the game is finished", "GET"
    ),
    "record of no table": Bad("/api/tables/NOPE42/record", None, 404, "no such table", "GET"),
    "no table": Bad("/api/tables/NOPE42", None, 404, "no such table", "GET"),
}


def _fill(value: object, names: dict[str, str]) -> object:
    if isinstance(value, str):
        return value.format(**names) if value.startswith("{") else value
    if isinstance(value, dict):
        return {k: _fill(v, names) for k, v in value.items()}
    return value


def everything(server: Live, lobbies: Lobbies) -> tuple[object, ...]:
    """What a refused request must not change: the three tables and the number of tables stored
    (not of those in memory: a finished table of an earlier test leaves memory when it likes)."""
    tables = [lobbies.lobby, lobbies.full, lobbies.started]
    stored = stored_rows(server.server, "SELECT COUNT(*) FROM tables")[0][0]
    return (stored, *(server.get(f"/api/tables/{t.id}").json() for t in tables))


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_bad_requests_get_a_clear_error_and_change_nothing(
    server: Live, lobbies: Lobbies, case: Bad
) -> None:
    names = {
        "lobby": lobbies.lobby.id,
        "full": lobbies.full.code,
        "started": lobbies.started.id,
        "host": lobbies.lobby.tokens[0],
        "guest": lobbies.lobby.tokens[1],
        "full_host": lobbies.full.tokens[0],
        "started_host": lobbies.started.tokens[0],
        "spectator": lobbies.lobby.spectator,
    }
    path = case.path.format(**names)
    before = everything(server, lobbies)
    if case.method == "GET":
        answer = server.get(path)
    else:
        body = case.body if isinstance(case.body, bytes) else json.dumps(_fill(case.body, names))
        answer = server.post_raw(path, body.encode("utf-8") if isinstance(body, str) else body)
    assert answer.status_code == case.status, (answer.status_code, answer.text)
    data = answer.json()
    assert set(data) <= {"error", "code"} and isinstance(data["error"], str) and data["error"]
    assert case.says in data["error"]
    assert data.get("code") is None or data["code"] in CATALOGUE["de"]  # the key of its text
    assert everything(server, lobbies) == before


def test_the_lobbies_still_work_after_all_bad_requests(server: Live, lobbies: Lobbies) -> None:
    """The refused requests left the lobby usable: its host fills it and starts."""
    lobby = lobbies.lobby
    added = server.post(f"/api/tables/{lobby.id}/bots", {"token": lobby.tokens[0]})
    assert added.status_code == 200 and added.json()["seat"] == 2
    start(server, lobby)
    state = fresh_state(server, lobby.id, lobby.tokens[0])
    assert state["step"] == 0 and state["legal"] == ["throw"]


@pytest.mark.parametrize("name", ["\ud800", "Ben\udfff", "\udc00\udbff"])
def test_a_name_with_a_lone_surrogate_is_refused(server: Live, name: str) -> None:
    """JSON may escape a lone surrogate (\\ud800); such a name is no text the server can send."""
    table = make_table(server, ["Anna", "Cem"], seats=3)
    escaped = json.dumps({"name": name}).encode("ascii")
    with connect(ws_uri(server, table.id, table.tokens[0])) as ws:
        receive(ws)
        joined = server.post_raw(f"/api/tables/{table.code}/join", escaped)
        assert joined.status_code == 400, joined.text
        assert "error" in joined.json()
        created = server.post_raw("/api/tables", escaped)
        assert created.status_code == 400, created.text
        # The table still answers, and its clients still get their states.
        assert server.get(f"/api/tables/{table.id}").status_code == 200
        assert server.post(f"/api/tables/{table.id}/join", {"name": "Dora"}).status_code == 200
        assert receive(ws)["table"]["seats"][2]["name"] == "Dora"


def test_bot_names_never_collide_with_players(server: Live) -> None:
    """With more bots than the bot name pool, a bot is called "Bot <n>"; that name may be taken."""
    table = make_table(server, ["Bot 11"], seats=11)
    for _ in range(10):
        added = server.post(f"/api/tables/{table.id}/bots", {"token": table.tokens[0]})
        assert added.status_code == 200, added.text
    names = [s["name"] for s in server.get(f"/api/tables/{table.id}").json()["seats"]]
    assert len(set(names)) == len(names), names
    started = server.post(f"/api/tables/{table.id}/start", {"token": table.tokens[0]})
    assert started.status_code == 200, started.text


def test_health_says_the_server_is_seeded(server: Live, lobbies: Lobbies) -> None:
    data = health(server)
    assert data["ok"] is True and data["protocol"] == 3 and data["seeded"] is True
    assert data["tables"] >= 3
    assert server.get(f"/api/tables/{lobbies.full.code.lower()}").json()["seeded"] is True


def test_an_unseeded_server_says_so(tmp_path: Path) -> None:
    with live(tmp_path / "db.sqlite3", seed=None) as unseeded:
        assert health(unseeded)["seeded"] is False
        table = make_table(unseeded, ["Anna", "Ben"])
        assert unseeded.get(f"/api/tables/{table.id}").json()["seeded"] is False


# ------------------------------------------------------------------ the document

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def test_the_protocol_doc_names_every_code_and_its_json_examples_parse() -> None:
    text = DOC.read_text(encoding="utf-8")
    codes = ["binary", "too_large", "malformed", "version", "unknown_type", "bad_action"]
    codes += ["spectator", "removed", "illegal", "denied"]
    for code in codes:
        assert f"| `{code}` |" in text, code
    blocks = text.split("```json\n")[1:]
    assert len(blocks) >= 10
    for block in blocks:
        body = block.split("```", 1)[0]
        if "{…}" in body:
            body = body.replace("{…}", "{}")
        if body.lstrip().startswith('{"type"'):
            for line in body.splitlines():
                json.loads(line)
        else:
            json.loads(body)
