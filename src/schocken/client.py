"""A small client of the game server for programs that play a seat (the bot API,
``docs/bots-api.md``): connect with a seat's token, get your view and the legal actions on each
of your decisions, answer with an action.

>>> def choose(turn: Turn) -> str:  # doctest: +SKIP
...     return "stop" if "stop" in turn.legal else turn.legal[0]
>>> play("http://127.0.0.1:8000/t/gsKssjDXPSED", "NArvD9crIgatilgx4SozjA", choose)  # doctest: +SKIP

The client speaks the same protocol as the web page (``docs/protocol.md``): one WebSocket, a
hello with the token, then ``state``, ``update`` and ``table`` messages, each made by the server
from this seat's own view, so a program sees what a player in its seat sees and nothing more.
It keeps the game's events and log as the page does (:meth:`Known.take`), connects again with
the number of events it has when the connection breaks, and turns the view it gets into the
engine's :class:`~schocken.views.PlayerView` (:func:`player_view`), so that any
:class:`~schocken.play.Strategy` (a built-in bot, a plug-in) can play through it
(:func:`strategy_chooser`). It needs ``websockets`` (the ``server`` extra).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO
from urllib.parse import urlsplit

from schocken.actions import BUY_IN, Action, parse_action
from schocken.events import RoundKind, Section
from schocken.play import Strategy
from schocken.results import Result, result_table
from schocken.rules import Rules
from schocken.texts import t
from schocken.views import Phase, PlayerView, TurnView

PROTOCOL = 3
"""The protocol version this client speaks."""
ROUTE = re.compile(r"/w/[a-z0-9][a-z0-9-]{0,31}")
"""A worker's route behind a proxy that routes by table (``docs/server.md``)."""
RETRIES = 5
"""Times the client connects again after its connection broke, before it gives up."""
GAME_MESSAGES = ("state", "update", "table", "presence")
"""The messages that change what a client knows of its table."""


class ClientError(Exception):
    """The server refused the program (an unknown token, a refused action) or could not be
    reached; the message says why, in the server's words where it gave them."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        """The server's error code (``docs/protocol.md``), when the server gave one."""


def socket_url(url: str, lang: str = "en") -> str:
    """The WebSocket address of a table from any link to it: the table's page
    (``http://host:8000/t/ID``), its invite link (``.../join/CODE``) or ``ws://host:8000/ws/ID``.

    >>> socket_url("http://127.0.0.1:8000/t/gsKssjDXPSED#secret")
    'ws://127.0.0.1:8000/ws/gsKssjDXPSED'
    >>> socket_url("https://schocken.example/join/H5WK2Y")
    'wss://schocken.example/ws/H5WK2Y'
    """
    parts = urlsplit(url.strip())
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    segments = [s for s in parts.path.split("/") if s]
    if scheme is None or not parts.netloc or len(segments) < 2:
        raise ClientError(t("client_not_a_table", lang, url=url))
    return f"{scheme}://{parts.netloc}/ws/{segments[-1]}"


def _result(rules: Rules, data: Mapping[str, Any] | None) -> Result | None:
    if data is None:
        return None
    table = result_table(rules)
    return table.result(data["dice"], one_throw=data["one_throw"], throws=data["throws"])


def _dice(data: list[int] | None) -> tuple[int, ...] | None:
    return None if data is None else tuple(data)


def player_view(
    data: Mapping[str, Any], seat: int | None, players: tuple[str, ...], rules: Rules, turned: int
) -> PlayerView:
    """The engine's view from the view a message carries (``docs/protocol.md``, "The view"),
    as :meth:`schocken.game.Game.view` makes it for ``seat``. ``turned`` is how many ones the
    player whose turn it is has just turned from sixes (the last event, ``SixesTurned``, says
    it: :meth:`Known.turned`)."""
    turns = []
    for turn in data["turns"]:
        turns.append(
            TurnView(
                turn["seat"],
                turn["throws"],
                tuple(turn["aside"]),
                _dice(turn["showing"]),
                turn["covered"],
                turn["done"],
                _result(rules, turn["result"]),
                tuple(turn["must_throw"]),
                0 if turn["done"] else turned,
            )
        )
    return PlayerView(
        seat,
        players,
        rules,
        Phase(data["phase"]),
        Section(data["section"]),
        RoundKind(data["round_kind"]),
        data["round"],
        tuple(data["order"]),
        data["limit"],
        data["current"],
        data["middle"],
        tuple(data["deckel"]),
        tuple(data["playing"]),
        tuple(turns),
        tuple(data["half_losers"]),
        data["loser"],
    )


@dataclass(frozen=True)
class Turn:
    """A decision of the program's seat: its view and the legal actions, as texts
    (``throw``, ``throw keep 1-1``, ``turn``, ``stop``; ``buyin`` when the seat is out and may
    buy back in)."""

    seat: int
    step: int
    """How many actions the game has taken (the decision's number)."""
    legal: tuple[str, ...]
    view: PlayerView
    """What the seat sees, as the engine's view (another player's covered dice are not in it)."""
    known: Known
    """Everything the client knows: the table, every event and log line so far."""

    @property
    def actions(self) -> tuple[Action, ...]:
        """The legal actions as the engine's actions."""
        return tuple(parse_action(a) for a in self.legal)

    @property
    def is_buy_in(self) -> bool:
        """Whether the seat is asked whether it buys back in (Einwürfeln), not to play a turn."""
        return self.view.current != self.seat


@dataclass
class Known:
    """What a client knows of its table after every message so far, as the web page keeps it:
    the last state with every change since, and the game's events and log lines in order."""

    state: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    def take(self, message: Mapping[str, Any]) -> bool:
        """Take a message in; ``False`` when its events do not follow on from those known (a
        message was missed: connect again with :attr:`since`)."""
        kind = message.get("type")
        if kind == "state":
            since = message["since"]
            self.events = self.events[:since] if since else []
            self.log = [x for x in self.log if x["n"] <= since] if since else []
            self.state = dict(message)
        elif self.state is None:
            return True  # nothing to add to yet
        elif kind == "update":
            self.state.update({k: message[k] for k in ("step", "seq", "view", "legal", "timer")})
            if "outcome" in message:
                self.state["outcome"] = message["outcome"]
        elif kind == "table":
            self.state.update({k: message[k] for k in ("table", "you", "legal", "timer")})
            return True
        elif kind == "presence":
            self.state["presence"] = message["presence"]
            return True
        else:
            return True
        for event in message["events"]:
            if event["n"] != len(self.events) + 1:
                return False
            self.events.append(event)
        self.log += message["log"]
        return len(self.events) == int(message["seq"])

    @property
    def since(self) -> int:
        """How many of the game's events the client has (for the hello's ``since``)."""
        return len(self.events)

    @property
    def seat(self) -> int | None:
        return None if self.state is None else self.state["you"]["seat"]

    @property
    def over(self) -> bool:
        view = None if self.state is None else self.state.get("view")
        return view is not None and view["loser"] is not None

    def turned(self) -> int:
        """How many ones the player whose turn it is has just turned from sixes (the game's
        last event)."""
        last = self.events[-1] if self.events else None
        if last is not None and last["type"] == "SixesTurned":
            return int(last["ones"])
        return 0

    def turn(self) -> Turn | None:
        """The decision the seat faces now, if any."""
        state = self.state
        if state is None or state.get("view") is None or not state["legal"]:
            return None
        seat = self.seat
        if seat is None or state["you"].get("bot"):
            return None
        table = state["table"]
        rules = Rules.from_dict(table["rules"])
        players = tuple(s["name"] or f"Seat {i + 1}" for i, s in enumerate(table["seats"]))
        view = player_view(state["view"], seat, players, rules, self.turned())
        return Turn(seat, state["step"], tuple(state["legal"]), view, self)


Chooser = Callable[[Turn], str | None]
"""What plays a seat: the action for a decision, as text (``None``: nothing, for a buy-in it
declines)."""


def strategy_chooser(strategy: Strategy) -> Chooser:
    """A :class:`~schocken.play.Strategy` (a built-in bot, a plug-in) as a chooser."""

    def choose(turn: Turn) -> str | None:
        if turn.is_buy_in:
            return str(BUY_IN) if strategy.wants_buy_in(turn.view) else None
        return str(strategy.choose(turn.view, turn.actions))

    return choose


class TableClient:
    """One program's connection to its table (``with TableClient(url, token) as c: ...``)."""

    def __init__(
        self,
        url: str,
        token: str,
        *,
        lang: str = "en",
        timeout: float = 10.0,
        copy_to: TextIO | None = None,
    ) -> None:
        self.uri = socket_url(url, lang)
        self._plain = self.uri
        self.route = ""
        """Behind a proxy that routes by table: the route of the table's worker (``/w/a``),
        as its states say it; the client connects there (``docs/server.md``)."""
        self.copy_to = copy_to
        """Where every message the server sends is written as it comes, one JSON a line (and a
        line ``{"type": "reconnect", "code": ..., "since": ...}`` where the client connects
        again)."""
        self.token = token
        self.lang = lang
        self.timeout = timeout
        self.known = Known()
        self.messages: list[dict[str, Any]] = []
        """Every message the server sent, in order (a program may look at them all)."""
        self._ws: Any = None

    def __enter__(self) -> TableClient:
        self.connect()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def connect(self) -> None:
        """Connect and say hello (with the events this client has: ``since``)."""
        try:
            from websockets.sync.client import connect
        except ImportError:  # pragma: no cover - the server extra is installed with the tests
            raise ClientError(t("client_needs_websockets", self.lang)) from None
        self.close()
        try:
            try:
                self._ws = connect(self.uri, max_size=2**22, open_timeout=self.timeout).__enter__()
            except Exception:
                if not self.route:
                    raise
                self.route, self.uri = "", self._plain  # the route's worker: not reached
                self._ws = connect(self.uri, max_size=2**22, open_timeout=self.timeout).__enter__()
        except (OSError, TimeoutError) as exc:
            raise ClientError(t("client_cannot_reach", self.lang, uri=self.uri, why=exc)) from None
        except Exception as exc:  # the handshake refused (429, 503, 403)
            raise ClientError(t("client_refused", self.lang, uri=self.uri, why=exc)) from None
        since = self.known.since if self.known.state is not None else None
        hello = {"v": PROTOCOL, "type": "hello", "token": self.token, "lang": self.lang}
        self._ws.send(json.dumps({**hello, "since": since}))

    def close(self) -> None:
        if self._ws is not None:
            ws, self._ws = self._ws, None
            ws.close()

    def _note(self, message: Mapping[str, Any]) -> None:
        """A message (or the client's own ``reconnect``) into :attr:`copy_to`, one JSON a line."""
        if self.copy_to is not None:
            self.copy_to.write(json.dumps(message, ensure_ascii=False) + "\n")
            self.copy_to.flush()

    def send(self, action: str) -> None:
        """Send an action (its text, as in ``legal``)."""
        self._ws.send(json.dumps({"v": PROTOCOL, "type": "action", "action": action}))

    def receive(self) -> Iterator[dict[str, Any]]:
        """The server's messages, one by one (each taken into :attr:`known` first); after a
        broken connection the client connects again and goes on. An ``error`` message is
        yielded like any other; a refused hello raises :class:`ClientError`."""
        from websockets.exceptions import ConnectionClosed

        broken = 0
        while True:
            try:
                raw = self._ws.recv()
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                if code in (1000, 4403, 4400, 4429) or broken >= RETRIES:
                    raise ClientError(t("client_closed", self.lang, code=code)) from None
                broken += 1
                self._note({"type": "reconnect", "code": code, "since": self.known.since})
                time.sleep(0.2 * 2**broken)
                self.connect()
                continue
            message: dict[str, Any] = json.loads(raw)
            self.messages.append(message)
            self._note(message)
            if message.get("type") == "error" and self.known.state is None:
                raise ClientError(message.get("message", ""), message.get("code"))
            if message.get("type") in GAME_MESSAGES and not self.known.take(message):
                self._note({"type": "reconnect", "code": None, "since": self.known.since})
                self.connect()  # a message was missed: the state brings what is missing
                continue
            broken = 0
            route = message.get("route") if message.get("type") == "state" else None
            if isinstance(route, str) and route != self.route and ROUTE.fullmatch(route):
                # Reached through another worker: to the table's own, under its route.
                self.route = route
                scheme, rest = self._plain.split("://", 1)
                host, path = rest.split("/", 1)
                self.uri = f"{scheme}://{host}{route}/{path}"
                self.connect()
            yield message

    def play(self, choose: Chooser) -> dict[str, Any]:
        """Play the seat until the game is over: ``choose`` answers each decision. Returns what
        the client knows at the end (``outcome``: who lost). A refused action of the seat's turn
        raises :class:`ClientError` with the server's reason (the game is as it was); a refused
        buy-in is let go (the round may have begun meanwhile)."""
        acted: tuple[int, tuple[str, ...]] | None = None
        sent: str | None = None
        for message in self.receive():
            if message.get("type") == "error":
                if sent == str(BUY_IN) and message.get("code") == "illegal":
                    sent = None
                    continue
                raise ClientError(message.get("message", ""), message.get("code"))
            if self.known.over:
                assert self.known.state is not None
                return self.known.state
            if message.get("type") == "state":
                acted = None  # a new connection: an action sent on the old one may be lost
            turn = self.known.turn()
            if turn is None or acted == (turn.step, turn.legal):
                continue
            acted = (turn.step, turn.legal)
            sent = choose(turn)
            if sent is not None:
                self.send(sent)
        raise AssertionError("unreachable")  # pragma: no cover


def play(
    url: str, token: str, choose: Chooser, *, lang: str = "en", copy_to: TextIO | None = None
) -> dict[str, Any]:
    """Connect to the table at ``url`` with the seat's ``token`` and play until the game is over
    (:meth:`TableClient.play`); what the client knows at the end. ``copy_to``: where every
    message the server sends is written, one JSON a line."""
    with TableClient(url, token, lang=lang, copy_to=copy_to) as client:
        return client.play(choose)
