"""The game server: HTTP for tables and lobbies, a WebSocket per client for play.

Every client gets its own state after every change, made from its own view and from events
censored for it. An illegal, out-of-turn, malformed or oversized message is answered with an
error to that client only; the game stays as it was and the connection stays open.

Every change is stored before it is applied for good (:meth:`Tables.commit`); what cannot be
stored is refused and taken back. Every client has a send queue of its own: a change is put on
the queues of its table's clients and the table goes on; a client that lets its queue fill up is
dropped. The limits (:class:`~schocken.server.settings.Limits`) are checked where a client asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import hashlib
import io
import logging
import time
import weakref
from collections import Counter
from collections.abc import AsyncIterator
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketState

from schocken.coach import Advice, advise, moves, note, ranking_lines
from schocken.errors import IllegalActionError, RecordError
from schocken.record import check_dice, outcome_of
from schocken.server.club import Clubs
from schocken.server.protocol import (
    CLOSE_MOVED,
    PROTOCOL_VERSION,
    History,
    ProtocolError,
    encode,
    own_covered,
    own_covered_view,
    parse_client_message,
    view_json,
)
from schocken.server.pub import add_pub_routes
from schocken.server.requests import language, read_body, read_raw_body
from schocken.server.routes.clubs import router as clubs_router
from schocken.server.routes.rules import router as rules_router
from schocken.server.routes.tournament_pub import router as tournament_pub_router
from schocken.server.routes.tournaments import Tournaments
from schocken.server.routes.tournaments import router as tournaments_router
from schocken.server.settings import Limits, Site
from schocken.server.store import Store
from schocken.server.tables import (
    PerMinute,
    StorageError,
    Table,
    TableElsewhereError,
    TableError,
    Tables,
    refusal_of,
    rules_of_body,
)
from schocken.server.tables import refuse as refuse_request
from schocken.server.thinking import Thinker, Workers, review_record
from schocken.store import is_url
from schocken.texts import CATALOGUE, LANGUAGES, refusal_text, said, t

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("schocken.server")

GC_THRESHOLDS = (20_000, 50, 100)
"""The collector's thresholds (Python's default: 700, 10, 10)."""

CLOSE_DENIED = 4403
"""Unknown table or token, a removed seat, a foreign page's origin."""
CLOSE_HELLO = 4400
"""The first message was not a hello (or none came in time)."""
CLOSE_TOO_SLOW = 4408
"""The client did not read what it was sent (its send queue was full)."""
MESSAGE_ROOM = 4096
"""Bytes a message is counted as when the server checks what a client left unread."""
CLOSE_LIMIT = 4429
"""Too many connections, or too many messages."""

REVIEWS_WAITING = 8
"""Reviews asked for at once (one is made at a time); one more is refused (503)."""
REVIEWS_KEPT = 32
"""Finished tables' reviews kept in memory (a finished game does not change)."""
TABLE_FIELDS = frozenset({"name", "seats", "rules", "rules_toml", "turn_timer"})
"""What ``POST /api/tables`` reads; any other field (a ``seed``, ``dice``, a ``commitment``:
the server makes those) is refused, not silently dropped."""


def static_version() -> str:
    """A short hash of the web front end's files (the page, modules, styles, icons): the
    service worker's cache is named by it."""
    digest = hashlib.sha256()
    for path in sorted(STATIC.iterdir()):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; media-src 'self' data: blob:; connect-src 'self'; "
    "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Adds the security headers to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


@dataclass(eq=False)
class Conn:
    """One client connection: a seat (``None``: a spectator), its language, its send queue."""

    ws: WebSocket
    seat: int | None
    lang: str
    token_key: str
    address: str
    queue: asyncio.Queue[str | int]
    """Texts to send; an int is a close code (the last item)."""
    send_now: Any = None
    """Writes a text at once and says how many bytes wait to go out (None: the connection takes
    nothing more); where the server offers it (:class:`schocken.server.net.DroppableWebSocket`),
    texts go this way and the queue only takes the close."""
    sent: int = 0
    """How many of the game's events this client has been sent."""
    closed: bool = False
    sender: asyncio.Task[None] | None = None
    allowance: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    refused: int = 0
    coached: int = -1
    """The step whose coach's ranking this client has (its seat's coach)."""
    waiting: str | None = None
    """The name of a latecomer who waits for a seat in the next game (and watches meanwhile)."""


class Hub:
    """The connections of every table, and the bots and timers that act on their own."""

    def __init__(
        self,
        tables: Tables,
        *,
        bot_delay: float,
        limits: Limits,
        site: Site,
        thinker: Thinker,
    ) -> None:
        self.tables = tables
        self.bot_delay = bot_delay
        self.limits = limits
        self.site = site
        self.thinker = thinker
        self.conns: dict[str, list[Conn]] = {}
        self.per_token: Counter[str] = Counter()
        self.per_address: Counter[str] = Counter()
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._histories: weakref.WeakKeyDictionary[Table, History] = weakref.WeakKeyDictionary()
        self._presence: weakref.WeakKeyDictionary[Table, list[str | None]] = (
            weakref.WeakKeyDictionary()
        )
        self._advice: weakref.WeakKeyDictionary[
            Table, dict[int, tuple[int, Advice | None, int]]
        ] = weakref.WeakKeyDictionary()
        """Per table and coached seat: the coach's advice for the decision at step ``n``, and
        the round it is in."""
        self._advising: set[tuple[str, int, int]] = set()
        self._coach_pool = ThreadPoolExecutor(1, thread_name_prefix="coach")
        """The coach thinks here, one decision at a time (a few ms; a large round up to half a
        second), so the event loop goes on meanwhile."""

    # ------------------------------------------------------------------ messages

    def invite_url(self, table: Table) -> str | None:
        """The link that invites to the table (``None``: a tournament's table has none)."""
        if table.tournament is not None:
            return None
        return f"{self.site.public_url}/join/{table.code}"

    def history(self, table: Table) -> History:
        """The table's game history as the wire carries it (made anew when the game is)."""
        game = table.game
        assert game is not None
        history = self._histories.get(table)
        if history is None or history.game is not game:
            history = self._histories[table] = History(game, _stand_ins_of(table))
        return history

    def you(self, table: Table, conn: Conn) -> dict[str, Any]:
        seat = conn.seat
        return {
            "seat": seat,
            "host": seat is not None and seat == table.host,
            "bot": seat is not None and table.seats[seat].bot is not None,
            "waiting": conn.waiting,
        }

    def clock(self, table: Table) -> dict[str, Any] | None:
        """The turn timer as everyone sees it: whose decision it counts down (``seat``), the
        seconds ``left`` now and its ``total``; ``None`` without a timer, before the start,
        after the end and while a bot is to move. The deadline is the table's, set with the
        step before the decision and stored with it (:meth:`Table.time_left`); the stand-in
        acts at it (:meth:`_restart_timer`)."""
        left = table.time_left()
        game = table.game
        if left is None or game is None or game.current_player is None:
            return None
        return {"seat": game.current_player, "left": round(left, 1), "total": table.turn_timer}

    def legal(self, table: Table, seat: int | None) -> list[str]:
        """What ``seat`` may do now (nothing for spectators, nor while a bot plays the seat)."""
        game = table.game
        if game is None or seat is None or table.seats[seat].bot is not None:
            return []
        return [str(a) for a in game.legal_actions(seat)]

    def state_for(self, table: Table, conn: Conn, since: int | None = None) -> str:
        """Everything a client needs, with the game's history after the first ``since`` events
        (all of it when ``None``)."""
        game = table.game
        seat = conn.seat
        message: dict[str, Any] = {
            "type": "state",
            "table": table.public(),
            "invite_url": self.invite_url(table),
            "you": self.you(table, conn),
            "presence": self.presence(table),
            "timer": self.clock(table),
        }
        if game is None:
            conn.sent = 0
            message.update(step=0, seq=0, since=0, events=[], log=[], view=None, legal=[])
            message["outcome"] = None
            return encode(message)
        history = self.history(table)
        total = history.total
        start = since if since is not None and since <= total else 0
        conn.sent = total
        message.update(
            step=len(game.steps),
            seq=total,
            since=start,
            events=history.events_for(seat, start),
            log=history.log_for(conn.lang, start),
            view=view_json(game.view(seat)),
            legal=self.legal(table, seat),
            outcome=outcome_of(game) if game.is_over else None,
        )
        return encode(message)

    def send_updates(self, table: Table) -> None:
        """Every client of the table gets what is new since its last message: the new events
        it may see, their explanations in its language, the view and what it may do now.
        Clients who see the same get the same text, made once."""
        conns = self.conns.get(table.id)
        game = table.game
        if not conns:
            return
        if game is None:
            for conn in list(conns):
                self.push(conn, self.state_for(table, conn))
            return
        history = self.history(table)
        total = history.total
        public = game.view(None)
        public_json: dict[str, Any] | None = None
        outcome = outcome_of(game) if game.is_over else None
        timer = self.clock(table)
        made: dict[tuple[Any, ...], str] = {}
        for conn in list(conns):
            seat = conn.seat
            own_view = own_covered_view(public, seat)
            own_events = any(own_covered(e, seat) for e in game.events[conn.sent :])
            legal = self.legal(table, seat)
            key = (conn.sent, conn.lang, seat if own_view or own_events else None, *legal)
            text = made.get(key)
            if text is None:
                if own_view:
                    view = view_json(game.view(seat))
                else:
                    view = public_json = public_json or view_json(public)
                message: dict[str, Any] = {
                    "type": "update",
                    "step": len(game.steps),
                    "seq": total,
                    "events": history.events_for(seat if own_events else None, conn.sent),
                    "log": history.log_for(conn.lang, conn.sent),
                    "view": view,
                    "legal": legal,
                    "timer": timer,
                }
                if outcome is not None:
                    message["outcome"] = outcome
                    message["dice"] = table.dice_public()  # the seed, now the game is over
                text = made[key] = encode(message)
            conn.sent = total
            self.push(conn, text)
        self.coach(table)

    # ------------------------------------------------------------------ the coach

    def stop_coach(self) -> None:
        self._coach_pool.shutdown(wait=False, cancel_futures=True)

    def coach(self, table: Table) -> None:
        """The coach (``docs/protocol.md``, "coach"): a coached player's connections, and only
        theirs, hear a note on a costly move they just made, and the ranked moves of the decision
        they face now. The advice comes from the player's own view (nobody else's covered dice)
        and is made once per decision, in the coach's thread."""
        game = table.game
        if game is None or not table.coached:
            return
        given = self._advice.setdefault(table, {})
        steps = len(game.steps)
        for seat, (at, advice, round_number) in list(given.items()):
            if at == steps:
                continue
            del given[seat]
            if advice is None or at >= steps or seat not in table.coached:
                continue
            made_by, made, _ = game.steps[at]
            if made_by != seat:
                continue
            for conn in self._seat_conns(table, seat):
                said = note(advice, made, game.players[seat], conn.lang)
                if said:
                    message = {"type": "coach_note", "step": at, "round": round_number}
                    self.push(conn, encode({**message, "text": said}))
        now = game.current_player
        if now is None or now not in table.coached or table.seats[now].bot is not None:
            return
        if now in given:
            self._send_advice(table, now)
        elif (table.id, now, steps) not in self._advising:
            self._advising.add((table.id, now, steps))
            task = asyncio.create_task(self._advise(table, now, steps))
            task.add_done_callback(_report_failure)

    async def _advise(self, table: Table, seat: int, steps: int) -> None:
        game = table.game
        assert game is not None
        view = game.view(seat)
        try:
            loop = asyncio.get_running_loop()
            advice = await loop.run_in_executor(self._coach_pool, advise, view)
        finally:
            self._advising.discard((table.id, seat, steps))
        if table.game is not game or len(game.steps) != steps or seat not in table.coached:
            return  # the decision was made (or the coach turned off) meanwhile
        self._advice.setdefault(table, {})[seat] = (steps, advice, view.round_number)
        self._send_advice(table, seat)

    def _send_advice(self, table: Table, seat: int) -> None:
        at, advice, _ = self._advice[table][seat]
        for conn in self._seat_conns(table, seat):
            if conn.coached == at or advice is None:
                continue
            conn.coached = at
            heading = ranking_lines(advice, conn.lang)[0]
            message = {"type": "coach", "step": at, "heading": heading}
            message["moves"] = moves(advice, conn.lang)
            self.push(conn, encode(message))

    def _seat_conns(self, table: Table, seat: int) -> list[Conn]:
        return [c for c in self.conns.get(table.id, []) if c.seat == seat]

    def send_table(self, table: Table) -> None:
        """The table's seats changed during the game (a bot plays a seat, the host role moved, a
        rematch is there): every client hears it, with what it may do now."""
        public = table.public()
        timer = self.clock(table)
        for conn in list(self.conns.get(table.id, [])):
            message = {
                "type": "table",
                "table": public,
                "you": self.you(table, conn),
                "legal": self.legal(table, conn.seat),
                "timer": timer,
            }
            self.push(conn, encode(message))
        self.coach(table)

    def seat_gone(self, table: Table, seat: int) -> None:
        """A player was removed from their seat (it is free, or a bot plays it): their pages
        are closed, everyone else hears of the new seats."""
        for conn in list(self.conns.get(table.id, [])):
            if conn.seat == seat and table.seats[seat].token_hash is None:
                self.close(conn, CLOSE_DENIED)
        self.changed_seats(table)

    def changed_seats(self, table: Table) -> None:
        """Seats changed (a bot took one over, a player came back, the host role moved): in the
        lobby everyone gets the new lobby, during the game the new table; bots go on."""
        if table.game is None:
            self.send_states(table)
            return
        self.send_table(table)
        self.tell_presence(table)
        self.kick(table)

    def presence(self, table: Table) -> list[str | None]:
        """Per seat: ``"here"`` (a client is connected, or left less than ``away_after`` ago),
        ``"away"``, or ``None`` (a bot's seat or an empty one)."""
        connected = {c.seat for c in self.conns.get(table.id, []) if c.seat is not None}
        now = time.monotonic()
        states: list[str | None] = []
        for i, seat in enumerate(table.seats):
            if seat.token_hash is None or (seat.bot is not None and i not in connected):
                states.append(None)
            elif i in connected or now - table.absent_since(i) < self.limits.away_after:
                states.append("here")
            else:
                states.append("away")
        return states

    def tell_presence(self, table: Table, joined: Conn | None = None) -> None:
        """Tell the table's clients who is there, if that changed (but the client that just
        ``joined``: its state said it)."""
        states = self.presence(table)
        if self._presence.get(table) == states:
            return
        self._presence[table] = states
        text = encode({"type": "presence", "presence": states})
        for conn in list(self.conns.get(table.id, [])):
            if conn is not joined:
                self.push(conn, text)

    # ------------------------------------------------------------------ connections

    def open(self, table: Table, conn: Conn) -> None:
        self.conns.setdefault(table.id, []).append(conn)
        self.per_token[conn.token_key] += 1
        conn.allowance = 2 * self.limits.msg_rate
        conn.sender = asyncio.create_task(self._sender(conn))
        table.last_seen = time.monotonic()

    def forget(self, table_id: str, conn: Conn) -> None:
        conns = self.conns.get(table_id, [])
        if conn in conns:
            conns.remove(conn)
            self.per_token[conn.token_key] -= 1
            if self.per_token[conn.token_key] <= 0:
                del self.per_token[conn.token_key]
            if not conns:
                del self.conns[table_id]
            table = self.tables.loaded(table_id)
            if table is not None:
                table.last_seen = time.monotonic()
                if conn.seat is not None:
                    table.left(conn.seat)
                    # Away once the player has been gone for a while (unless they come back).
                    loop = asyncio.get_running_loop()
                    loop.call_later(self.limits.away_after + 0.05, self.tell_presence, table)
        conn.closed = True
        if conn.sender is not None:
            conn.sender.cancel()

    def push(self, conn: Conn, text: str) -> None:
        """Send (or queue) a message for one client; never waits. A client that left more than
        ``send_queue`` messages unread (counted as :data:`MESSAGE_ROOM` bytes each where the
        message goes out at once, else in its queue) is dropped."""
        if conn.closed:
            return
        if conn.send_now is not None and conn.queue.empty():
            waiting = conn.send_now(text)
            if waiting is not None and waiting > self.limits.send_queue * MESSAGE_ROOM:
                log.warning(
                    "a client at %s left more than %d messages unread (%d KiB): dropped",
                    conn.address,
                    self.limits.send_queue,
                    waiting // 1024,
                )
                self.drop(conn)
            return
        try:
            conn.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning(
                "a client at %s left more than %d messages unread: dropped",
                conn.address,
                self.limits.send_queue,
            )
            self.drop(conn)

    def close(self, conn: Conn, code: int) -> None:
        """Close a connection once what is queued for it is sent."""
        if conn.closed:
            return
        try:
            conn.queue.put_nowait(code)
        except asyncio.QueueFull:
            self.drop(conn)
            return
        conn.closed = True

    def drop(self, conn: Conn) -> None:
        """End a connection at once, without waiting for the client."""
        conn.closed = True
        if conn.sender is not None:
            conn.sender.cancel()
        abort = conn.ws.scope.get("extensions", {}).get("schocken.abort", {}).get("abort")
        if abort is not None:
            abort()
        else:  # another server: close as well as it can, in the background
            task = asyncio.create_task(_close_quietly(conn.ws, CLOSE_TOO_SLOW))
            task.add_done_callback(lambda _: None)

    async def _sender(self, conn: Conn) -> None:
        ws = conn.ws
        while True:
            item = await conn.queue.get()
            if isinstance(item, int):
                await _close_quietly(ws, item)
                # Read nothing more from it: a client being closed may still be flooding.
                shut = ws.scope.get("extensions", {}).get("schocken.abort", {}).get("shut")
                if shut is not None:
                    shut()
                return
            if ws.client_state is not WebSocketState.CONNECTED:
                return
            try:
                await ws.send_text(item)
            except Exception:
                return

    def error(self, conn: Conn, code: str, message: str) -> None:
        self.push(conn, encode({"type": "error", "code": code, "message": message}))

    def send_states(self, table: Table) -> None:
        """Every client of the table gets everything anew (the lobby changed, the game began),
        then bots and timer go on."""
        for conn in list(self.conns.get(table.id, [])):
            self.push(conn, self.state_for(table, conn))
        self.kick(table)

    def broadcast(self, table: Table) -> None:
        """Every client of the table hears what changed (queued), then bots and timer go on."""
        self.send_updates(table)
        self.kick(table)

    def allow_message(self, conn: Conn) -> bool | None:
        """The message rate: ``True`` to go on, ``False`` to refuse this message, ``None`` to
        close the connection (it went on sending after being refused)."""
        rate = self._refill(conn)
        if conn.allowance >= 1:
            conn.allowance -= 1
            conn.refused = 0
            return True
        conn.refused += 1
        return None if conn.refused > 2 * rate else False

    async def wait_for_rate(self, table: Table, conn: Conn, text: str | None) -> bool:
        """Whether a message over the rate is taken after a wait instead of being refused: a
        legal move of the player whose turn it is (a client that acts as soon as it may is
        slowed to the rate, not refused; the game bounds how many such moves there are). It
        waits until the rate allows one more message, at most ``1 / msg_rate`` seconds."""
        if text is None or conn.seat is None:
            return False
        try:
            parsed = parse_client_message(text)
        except ProtocolError:
            return False
        if parsed["type"] != "action" or str(parsed["action"]) not in self.legal(table, conn.seat):
            return False
        rate = self._refill(conn)
        while conn.allowance < 1:
            await asyncio.sleep((1 - conn.allowance) / rate)
            self._refill(conn)
        conn.allowance -= 1
        conn.refused = 0
        return True

    def _refill(self, conn: Conn) -> float:
        """The connection's allowance grown by the time since it was last looked at; the rate."""
        now = time.monotonic()
        rate = self.limits.msg_rate
        conn.allowance = min(2 * rate, conn.allowance + (now - conn.stamp) * rate)
        conn.stamp = now
        return rate

    # ------------------------------------------------------------------ bots and timers

    def kick(self, table: Table) -> None:
        """Start the bots (if one is to move) and the turn timer (if the table has one)."""
        if self.tables.by_id.get(table.id) is not table:
            return
        if table.bot_to_move() is not None:
            task = self._bot_tasks.get(table.id)
            if task is None or task.done():
                task = asyncio.create_task(self._run_bots(table))
                task.add_done_callback(_report_failure)
                self._bot_tasks[table.id] = task
        self._restart_timer(table)

    async def _run_bots(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with table.lock:
                if self.tables.by_id.get(table.id) is not table:
                    return
                turn = table.bot_turn()
                if turn is None:
                    break
                kind, seed = table.bot_kind(turn.seat), table.bot_seed(turn.seat)
            action = await self.thinker.decide(kind, seed, turn.decision)
            try:
                await self.tables.commit(table, table.bot_play, turn, action)
            except StorageError:
                await asyncio.sleep(max(1.0, self.bot_delay))
                continue
            self.send_updates(table)
        self._restart_timer(table)

    def _restart_timer(self, table: Table) -> None:
        """The turn timer (if the table has one) runs for the human whose turn it is, to the
        table's deadline that everyone was told (:meth:`clock`), after a restart too."""
        if table.turn_timer and table.game is not None and not table.game.is_over:
            old = self._timers.pop(table.id, None)
            if old is not None:
                old.cancel()
            left = table.time_left()
            if left is not None:
                version = len(table.game.steps)
                self._timers[table.id] = asyncio.create_task(self._timer(table, version, left))

    async def _timer(self, table: Table, version: int, left: float) -> None:
        assert table.turn_timer is not None
        await asyncio.sleep(left)
        game = table.game
        if game is None or game.is_over or len(game.steps) != version:
            return
        if table.bot_to_move() is not None:
            return
        try:
            await self.tables.commit(table, table.stand_in)
        except StorageError:
            self._restart_timer(table)
            return
        self.broadcast(table)

    def stop(self, table: Table) -> None:
        for tasks in (self._bot_tasks, self._timers):
            task = tasks.pop(table.id, None)
            if task is not None:
                task.cancel()

    async def sweep(self) -> None:
        """Take out of memory the finished tables nobody is connected to, and the tables nobody
        has been connected to for ``idle_timeout`` (they rest in the store)."""
        now = time.monotonic()
        for table in list(self.tables.by_id.values()):
            if self.conns.get(table.id) or table.lock.locked():
                continue
            if table.finished or now - table.last_seen > self.limits.idle_timeout:
                self.stop(table)
                self.tables.unload(table)

    async def watch_loop(self) -> None:
        """Log when the event loop was held up (every client waits then)."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.05)
            late = time.monotonic() - before - 0.05
            if late > 0.1:
                log.warning("the event loop was held up for %.0f ms", late * 1000)

    async def sweeper(self) -> None:
        every = max(0.05, min(10.0, self.limits.idle_timeout / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:  # pragma: no cover - keep sweeping
                log.exception("sweeping tables failed")


_collecting: list[float] = []


def _time_full_collections(phase: str, info: dict[str, int]) -> None:
    """Log the collector's full passes that hold the event loop up noticeably."""
    if info.get("generation") != 2:
        return
    if phase == "start":
        _collecting[:] = [time.perf_counter()]
    elif _collecting:
        took = time.perf_counter() - _collecting.pop()
        if took > 0.05:
            log.warning("a full garbage collection took %.0f ms", took * 1000)


def _report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        exc = task.exception()
        log.error("a table's bots stopped: %s: %s", type(exc).__name__, exc, exc_info=exc)


def _stand_ins_of(table: Table) -> Any:
    """The table's stand-in moves, for its history (which must not keep the table alive: the
    hub keeps histories by table, weakly)."""
    ref = weakref.ref(table)

    def stand_ins() -> list[Any]:
        found = ref()
        return [] if found is None else list(found.stand_ins)

    return stand_ins


async def _close_quietly(ws: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=code), 5)


def _error(message: str, status: int = 400, code: str | None = None) -> JSONResponse:
    """A refused request's answer: ``error``, why in words, and ``code``, the key of its text
    in the catalogue (where it has one)."""
    answer = {"error": message} if code is None else {"error": message, "code": code}
    return JSONResponse(answer, status_code=status)


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse_request("server_refuse_whole_number", 400, field=key)
    return value


def _viewer(table: Table, token: object, address: str) -> tuple[int | None, str, str | None]:
    """Who says hello with ``token``: their seat (``None``: they watch), the key their
    connections are counted by (``--conns-per-token``), and the name of a latecomer who waits
    for a seat in the next game (``None``: nobody waits). A seat token plays; the spectator
    token, a latecomer's token and the invite code watch (the code's watchers are counted per
    address). Anything else is refused (403)."""
    if table.is_spectator(token):
        return None, f"{table.id}:spectators", None
    place = table.waiter_of(token)
    if place is not None:
        waiter = table.waiting[place]  # counted by their token, whose place may move up
        return None, f"{table.id}:waiting:{waiter.token_hash}", waiter.name
    if table.is_code(token):
        return None, f"{table.id}:code:{address}", None
    seat = table.seat_of(token)
    return seat, f"{table.id}:{seat}", None


def _address(client: Any) -> str:
    return str(client.host) if client is not None else "unknown"


@lru_cache(maxsize=2048)
def _qr_svg(url: str) -> bytes:
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, dark="#111", light="#fff")
    return out.getvalue()


def create_app(
    db_path: str | Path,
    *,
    seed: int | None = None,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    site: Site | None = None,
    listen: str | None = None,
) -> FastAPI:
    """The server's app, storing its tables in ``db_path``: a SQLite file, or a PostgreSQL
    database named by its ``postgresql://`` URL (then it is one of the server's workers,
    registered with ``listen``, the machine and address it listens on: a worker started again
    where another listened takes that one's tables at once)."""
    limits = limits or Limits()
    site = site or Site()
    store = Store(
        db_path, timeout=limits.write_timeout, touch_every=min(60.0, limits.idle_timeout / 10)
    )
    cluster = None
    if is_url(db_path):  # PostgreSQL: this process is one of the server's workers
        from schocken.server.workers import Cluster, Forward

        cluster = Cluster(str(db_path), listen or site.public_url)
    tables = Tables(store, seed=seed, resume_within=limits.idle_timeout, leases=cluster)
    if cluster is not None:
        cluster.tables = tables
    thinker = Thinker(workers=limits.bot_workers, budget=limits.bot_budget)
    hub = Hub(tables, bot_delay=bot_delay, limits=limits, site=site, thinker=thinker)
    reviewer = Workers(1)
    review_slot = asyncio.Semaphore(1)
    review_queue = [0]  # reviews asked for and not yet answered
    finished_reviews: dict[str, str] = {}  # finished tables' reviews, oldest first
    background: list[asyncio.Task[None]] = []

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        """At start: the restored tables' bots and timers go on, the sweeper and the event
        loop's watch begin; at the end: they stop, with the workers, and the club's book is
        closed."""
        for table in list(tables.by_id.values()):
            hub.kick(table)
        if cluster is not None:
            await cluster.start(hub, app)
        background.append(asyncio.create_task(hub.sweeper()))
        background.append(asyncio.create_task(hub.watch_loop()))
        # Everything made at start (tables restored, modules) is long-lived: the collector
        # need not go through it again and again (each full collection holds up every table).
        gc.collect()
        gc.freeze()
        # Fewer passes of the collector: a full one holds every table up for 100 ms or more
        # once a thousand players are connected (objects are mostly freed by reference
        # counting; the collector is only for cycles).
        gc.set_threshold(*GC_THRESHOLDS)
        gc.callbacks.append(_time_full_collections)
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            if cluster is not None:
                await cluster.stop()
            thinker.close()
            reviewer.kill()
            hub.stop_coach()
            app.state.tournaments.close()  # the draw's and the views' worker processes
            await asyncio.to_thread(clubs.close)  # the club's book (opened with its routes)

    app = FastAPI(title="schocken", version=str(PROTOCOL_VERSION), lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    if cluster is not None:  # outermost: a table another worker owns is its business
        app.add_middleware(Forward, cluster=cluster)
    app.state.tables = tables
    app.state.hub = hub
    app.state.seeded = seed is not None
    app.state.limits = limits
    app.state.site = site
    created_by = PerMinute(limits.tables_per_minute, "tables")

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        """A refused request, answered in the caller's language (:func:`language`)."""
        return _error(refusal_text(exc, language(request)), exc.status, exc.key)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    if seed is not None:
        page = page.replace('data-seeded="false"', 'data-seeded="true"')
    app.state.page = page

    body, raw_body = read_body, read_raw_body

    async def reviewed(text: str) -> str:
        """The review of the game record ``text`` (made in a worker process, within
        ``--review-budget``), or the record reader's message (400)."""
        if review_queue[0] >= REVIEWS_WAITING:
            raise refuse_request("server_refuse_reviewing", 503)
        review_queue[0] += 1
        try:
            async with review_slot:
                out = await reviewer.run(limits.review_budget, review_record, text)
        except TimeoutError:
            raise refuse_request(
                "server_refuse_review_slow", 503, seconds=f"{limits.review_budget:g}"
            ) from None
        except (BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("a review's worker failed (%s)", exc)
            raise refuse_request("server_refuse_review_failed", 503) from None
        finally:
            review_queue[0] -= 1
        if isinstance(out, RecordError):  # said in the caller's language
            raise refusal_of(out)
        return out

    pub_games = add_pub_routes(app, store, body, page, limits)
    app.state.pub_games = pub_games
    clubs = app.state.clubs = Clubs(store, limits)  # closed by the lifespan
    # on the club's book, in the threads of its lanes
    app.state.tournaments = Tournaments(clubs, tables, pub_games)
    app.state.tournaments.tell = hub.send_table
    app.include_router(clubs_router)
    app.include_router(rules_router)
    app.include_router(tournament_pub_router)  # before the tournaments' {action}
    app.include_router(tournaments_router)

    @app.get("/", response_class=HTMLResponse)
    async def index() -> str:
        return page

    @app.get("/review", response_class=HTMLResponse)
    async def review_upload_page() -> str:
        return page

    @app.get("/review/{key}", response_class=HTMLResponse)
    async def review_page(key: str) -> str:
        return page

    @app.get("/join/{code}", response_class=HTMLResponse)
    async def join_page(code: str) -> str:
        return page

    @app.get("/t/{key}", response_class=HTMLResponse)
    async def table_page(key: str) -> str:
        return page

    worker = (STATIC / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", static_version())
    worker = worker.replace(
        '"__TEXTS__",', ", ".join(f'"/api/texts/{lang}"' for lang in LANGUAGES) + ","
    )

    @app.get("/sw.js")
    async def service_worker() -> Response:
        """The service worker, its cache named by the static files' version: a new version
        of the app brings a new cache, the old one is dropped."""
        return Response(worker, media_type="text/javascript", headers={"cache-control": "no-cache"})

    @app.get("/api/languages")
    async def languages() -> list[dict[str, str]]:
        """The languages the server speaks, one catalogue each, with each one's own name
        (docs/translating.md): the page's language button goes through them in this order."""
        return [{"code": lang, "name": CATALOGUE[lang]["language_name"]} for lang in LANGUAGES]

    @app.get("/api/texts/{lang}")
    async def texts(lang: str) -> dict[str, str]:
        if lang not in CATALOGUE:
            raise refuse_request(
                "server_refuse_language", 404, lang=lang, langs=", ".join(LANGUAGES)
            )
        return CATALOGUE[lang]

    @app.get("/api/tables/{key}/qr.svg")
    async def qr(key: str) -> Response:
        table = await tables.get(key)
        # From the configured public address only (never the request's Host header); the
        # address is length-checked at start, the drawing cached and made off the event loop.
        invite = hub.invite_url(table)
        if invite is None:
            raise refuse_request("server_refuse_no_table", 404)
        svg = await asyncio.to_thread(_qr_svg, invite)
        return Response(svg, media_type="image/svg+xml")

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {
            "ok": True,
            "protocol": PROTOCOL_VERSION,
            "seeded": seed is not None,
            "tables": len(tables.by_id),
            "set_aside": len(tables.set_aside),
            "worker": None if cluster is None else cluster.worker,
        }

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        data = await body(request)
        unknown = sorted(set(data) - TABLE_FIELDS)
        if unknown:  # a field the server would not use (a seed, dice) is not silently dropped
            raise refuse_request(
                "server_refuse_table_fields",
                fields=", ".join(repr(f) for f in unknown),
                known=", ".join(sorted(TABLE_FIELDS)),
            )
        address = _address(request.client)
        created_by.check(address)
        if len(tables.by_id) >= limits.max_tables:
            raise refuse_request("server_refuse_tables_full", 503)
        rules = rules_of_body(data)
        seats = _int(data, "seats", 4)
        timer = data.get("turn_timer")
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, int | float)):
            raise refuse_request("server_refuse_turn_timer")
        table, token, spectator = await tables.create(
            rules, seats, data.get("name"), turn_timer=None if timer is None else float(timer)
        )
        created_by.note(address)
        return {
            "id": table.id,
            "code": table.code,
            "seat": 0,
            "token": token,
            "host_url": f"/t/{table.id}#{token}",
            "invite_url": hub.invite_url(table),
            "spectator_url": f"/t/{table.id}#spectate={spectator}",
            "spectator_token": spectator,
            "table": table.public(),
        }

    @app.get("/api/tables/{key}")
    async def get_table(key: str) -> dict[str, Any]:
        table = await tables.get(key)
        return {**table.public(), "invite_url": hub.invite_url(table)}

    @app.post("/api/tables/{key}/join")
    async def join(key: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        table = await tables.get(key)
        seat, token = await tables.commit(table, table.sit, data.get("name"))
        hub.send_states(table)
        return {"id": table.id, "seat": seat, "token": token, "table": table.public()}

    @app.post("/api/tables/{key}/wait")
    async def wait(key: str, request: Request) -> dict[str, Any]:
        """A latecomer, once the game has started: a seat in the next game (the rematch), and
        meanwhile the game to watch with the token they get."""
        data = await body(request)
        table = await tables.get(key)
        place, token = await tables.commit(table, table.wait, data.get("name"))
        hub.send_table(table)
        return {"id": table.id, "waiting": place, "token": token, "table": table.public()}

    @app.post("/api/tables/{key}/leave")
    async def leave_waiting(key: str, request: Request) -> dict[str, Any]:
        """A latecomer leaves the waiting list: the next game does not seat them. Their pages
        watch on (the host's list shows who still waits)."""
        data = await body(request)
        table = await tables.get(key)
        name = await tables.commit(table, table.leave_waiting, data.get("token"))
        for conn in hub.conns.get(table.id, []):
            if conn.waiting == name:
                conn.waiting = None
        hub.send_table(table)
        return {"id": table.id, "left": name, "table": table.public()}

    @app.post("/api/tables/{key}/bots")
    async def add_bot(key: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        table = await tables.get(key)
        seat = data.get("seat")
        if seat is not None:
            seat = _int(data, "seat")
        seat = await tables.commit(
            table, table.add_bot, data.get("token"), data.get("bot", "regular"), seat
        )
        hub.send_states(table)
        return {"seat": seat, "table": table.public()}

    @app.post("/api/tables/{key}/remove")
    async def remove(key: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        table = await tables.get(key)
        seat = _int(data, "seat")
        await tables.commit(table, table.remove, data.get("token"), seat)
        hub.seat_gone(table, seat)
        return {"table": table.public()}

    @app.post("/api/tables/{key}/seat")
    async def hand_seat(key: str, request: Request) -> dict[str, Any]:
        """During the game: a bot plays a player's seat (``"to": "bot"``), or the seat goes back
        to its player (``"to": "player"``)."""
        data = await body(request)
        table = await tables.get(key)
        seat = _int(data, "seat")
        to = data.get("to")
        if to == "bot":
            kind = data.get("bot", "regular")
            away = 0 <= seat < len(table.seats) and hub.presence(table)[seat] == "away"
            await tables.commit(
                table,
                functools.partial(table.hand_to_bot, away=away),
                data.get("token"),
                seat,
                kind,
            )
        elif to == "player":
            await tables.commit(table, table.hand_back, data.get("token"), seat)
        else:
            raise refuse_request("server_refuse_hand_to")
        hub.changed_seats(table)
        return {"table": table.public()}

    @app.post("/api/tables/{key}/rematch")
    async def rematch(key: str, request: Request) -> dict[str, Any]:
        """The host starts the next game with the same seats and rules at a new table; everyone
        at the old table is told where it is."""
        data = await body(request)
        table = await tables.get(key)
        table.seat_of(data.get("token"))  # a stranger asks nothing of the tournament
        await tables.check_start(table)
        new = await tables.rematch(table, data.get("token"))
        hub.send_table(table)
        hub.kick(new)
        return {"id": new.id, "code": new.public()["code"], "table": new.public()}

    @app.post("/api/tables/{key}/host")
    async def hand_host(key: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        table = await tables.get(key)
        await tables.commit(table, table.hand_host, data.get("token"), _int(data, "seat"))
        hub.changed_seats(table)
        return {"table": table.public()}

    @app.post("/api/tables/{key}/start")
    async def start(key: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        table = await tables.get(key)
        table.seat_of(data.get("token"))  # a stranger asks nothing of the tournament
        await tables.check_start(table)
        await tables.commit(table, table.start, data.get("token"))
        hub.send_states(table)
        return {"table": table.public()}

    @app.get("/api/tables/{key}/record")
    async def record(key: str) -> Response:
        table = await tables.get(key)
        return Response(table.record().to_json(), media_type="application/json")

    @app.get("/api/tables/{key}/verify")
    async def verify(key: str) -> dict[str, Any]:
        """The server's own check of a finished game's dice (``docs/fair-dice.md``): for
        browsers that cannot compute HMAC-SHA256 themselves (no SubtleCrypto over plain HTTP)."""
        table = await tables.get(key)
        record = table.record()
        try:
            check = check_dice(record)
        except RecordError as exc:
            raise refusal_of(exc, 409) from None  # said in the caller's language
        assert record.dice is not None
        found: dict[str, Any] = {"fair": check.fair, "dice": check.dice, **record.dice.to_dict()}
        if not check.fair:
            found.update(step=check.step, die=check.die, index=check.index)
            found.update(recorded=check.recorded, derived=check.derived, error=check.reason)
        return found

    @app.get("/api/tables/{key}/review")
    async def table_review(key: str) -> Response:
        """The review of a finished table's game (``docs/review.md``), kept for the next ask."""
        table = await tables.get(key)
        cached = finished_reviews.get(table.id)
        if cached is None:
            cached = await reviewed(table.record().to_json(indent=None))
            finished_reviews[table.id] = cached
            while len(finished_reviews) > REVIEWS_KEPT:
                finished_reviews.pop(next(iter(finished_reviews)))
        return Response(cached, media_type="application/json")

    @app.post("/api/review")
    async def review_upload(request: Request) -> Response:
        """The review of a game record sent as the body (at most ``--max-record`` bytes)."""
        raw = await raw_body(request, limits.max_record, said("server_word_record"))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise refuse_request(
                "server_refuse_utf8", 400, what=said("server_word_record")
            ) from None
        return Response(await reviewed(text), media_type="application/json")

    @app.websocket("/ws/{key}")
    async def play(websocket: WebSocket, key: str) -> None:
        origin = websocket.headers.get("origin")
        if origin is not None and not site.allows(origin.lower()):
            # Refused in the handshake (HTTP 403): a page of another site cannot play here.
            log.warning("a WebSocket from a page of %r refused", origin[:100])
            await websocket.close(code=CLOSE_DENIED)
            return
        # Counted from its upgrade, before the hello: a client that opens many connections and
        # says nothing is refused as one that says hello on each. One too many is refused in the
        # handshake (HTTP 429), before it is a WebSocket: it is gone at once.
        address = _address(websocket.client)
        hub.per_address[address] += 1
        try:
            if hub.per_address[address] > limits.conns_per_address:
                most = limits.conns_per_address
                await deny(
                    websocket, t("protocol_refuse_per_address", language(websocket), most=most)
                )
                return
            await websocket.accept()
            await _session(websocket, key, address)
        finally:
            hub.per_address[address] -= 1
            if hub.per_address[address] <= 0:
                del hub.per_address[address]

    async def deny(websocket: WebSocket, message: str) -> None:
        """Refuse a WebSocket in its handshake: 429 with the reason (403 where the server cannot
        answer a handshake with a status of the app's choice)."""
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(_error(message, 429))
        else:
            await websocket.close(code=CLOSE_LIMIT)

    async def refuse(websocket: WebSocket, code: str, message: str, close: int) -> None:
        with contextlib.suppress(Exception):
            await websocket.send_text(encode({"type": "error", "code": code, "message": message}))
        await _close_quietly(websocket, close)

    async def _session(websocket: WebSocket, key: str, address: str) -> None:
        # The first message says who is connecting (the token never goes into a URL).
        try:
            first = await asyncio.wait_for(websocket.receive(), limits.hello_timeout)
        except TimeoutError:
            no_hello = t("protocol_refuse_no_hello", language(websocket))
            await refuse(websocket, "hello_first", no_hello, CLOSE_HELLO)
            return
        if first["type"] == "websocket.disconnect":
            return
        try:
            hello = parse_client_message(first.get("text") or first.get("bytes") or b"")
        except ProtocolError as exc:  # said in the page's language (its cookie, its browser's)
            await refuse(websocket, exc.code, refusal_text(exc, language(websocket)), CLOSE_HELLO)
            return
        if hello["type"] != "hello":
            first_hello = t("protocol_refuse_hello_first", language(websocket))
            await refuse(websocket, "hello_first", first_hello, CLOSE_HELLO)
            return
        token = hello["token"]
        lang = hello["lang"] if hello["lang"] in LANGUAGES else "en"
        try:
            table = await tables.get(key)
            seat, token_key, waiting = _viewer(table, token, address)
        except TableElsewhereError:  # another worker took the table meanwhile: connect again
            await _close_quietly(websocket, CLOSE_MOVED)
            return
        except TableError as exc:
            await refuse(websocket, "denied", refusal_text(exc, lang), CLOSE_DENIED)
            return
        if hub.per_token[token_key] >= limits.conns_per_token:
            most = t("protocol_refuse_per_token", lang, most=limits.conns_per_token)
            await refuse(websocket, "too_many_connections", most, CLOSE_LIMIT)
            return
        conn = Conn(websocket, seat, lang, token_key, address, asyncio.Queue(limits.send_queue))
        conn.waiting = waiting
        conn.send_now = websocket.scope.get("extensions", {}).get("schocken.abort", {}).get("send")
        async with table.lock:
            hub.open(table, conn)
            hub.push(conn, hub.state_for(table, conn, hello["since"]))
            hub.coach(table)
        hub.tell_presence(table, conn)
        hub.kick(table)  # a table loaded again from the store: its bots and timer go on
        try:
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                allowed = hub.allow_message(conn)
                if allowed is None:
                    hub.error(conn, "rate_limited", t("protocol_refuse_rate_closed", conn.lang))
                    hub.close(conn, CLOSE_LIMIT)
                    break
                if not allowed and not await hub.wait_for_rate(table, conn, message.get("text")):
                    rate = f"{limits.msg_rate:g}"
                    hub.error(conn, "rate_limited", t("protocol_refuse_rate", conn.lang, rate=rate))
                    continue
                text = message.get("text")
                if text is None:
                    hub.error(conn, "binary", t("protocol_refuse_binary", conn.lang))
                    continue
                try:
                    parsed = parse_client_message(text)
                except ProtocolError as exc:
                    hub.error(conn, exc.code, refusal_text(exc, conn.lang))
                    continue
                if parsed["type"] == "ping":
                    hub.push(conn, encode({"type": "pong"}))
                    continue
                if parsed["type"] == "hello":
                    hub.error(conn, "hello_again", t("protocol_refuse_hello_again", conn.lang))
                    continue
                if conn.seat is None:
                    hub.error(conn, "spectator", t("protocol_refuse_spectator", conn.lang))
                    continue
                if table.seats[conn.seat].token_hash is None:
                    hub.error(conn, "removed", t("protocol_refuse_removed", conn.lang))
                    continue
                if parsed["type"] == "coach":
                    try:
                        await tables.commit(table, table.set_coach, conn.seat, parsed["on"])
                    except StorageError as exc:
                        hub.error(conn, "unavailable", refusal_text(exc, conn.lang))
                    except TableError as exc:
                        hub.error(conn, "illegal", refusal_text(exc, conn.lang))
                    else:
                        for mine in hub._seat_conns(table, conn.seat):
                            mine.coached = -1  # on again: the ranking once more
                        hub.send_table(table)
                    continue
                try:
                    await tables.commit(table, table.act, conn.seat, parsed["action"])
                except StorageError as exc:
                    hub.error(conn, "unavailable", refusal_text(exc, conn.lang))
                    continue
                except (IllegalActionError, TableError) as exc:
                    hub.error(conn, "illegal", refusal_text(exc, conn.lang))
                    continue
                hub.broadcast(table)
            # Let what is queued (an error, the close) go out before the handler ends.
            if conn.closed and conn.sender is not None and not conn.sender.done():
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(conn.sender), 5)
        finally:
            hub.forget(table.id, conn)

    return app


def default_db(data_dir: str | Path) -> Path:
    return Path(data_dir) / "schocken.sqlite3"
