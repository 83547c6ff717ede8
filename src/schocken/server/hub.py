"""The live hub: every table's connections, and the bots and timers that act on their own.

Every client gets its own state after every change, made from its own view and from events
censored for it. Every client has a send queue of its own: a change is put on the queues of its
table's clients and the table goes on; a client that lets its queue fill up is dropped. The
WebSocket endpoint that opens the connections is :mod:`schocken.server.routes.live`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from schocken.coach import Advice, advise, moves, note, ranking_lines
from schocken.record import outcome_of
from schocken.server.protocol import (
    History,
    ProtocolError,
    encode,
    own_covered,
    own_covered_view,
    parse_client_message,
    view_json,
)
from schocken.server.refusals import StorageError
from schocken.server.settings import Limits, Site
from schocken.server.table import Table
from schocken.server.tables import Tables
from schocken.server.thinking import Thinker

log = logging.getLogger("schocken.server")

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
        self.route: str | None = None
        """This worker's route through the proxy (``/w/<name>``, ``--worker-name``), told to
        every client in its states; ``None``: the server is reached at its plain paths."""
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
        if self.route is not None:
            message["route"] = self.route
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
            task = asyncio.create_task(close_quietly(conn.ws, CLOSE_TOO_SLOW))
            task.add_done_callback(lambda _: None)

    async def _sender(self, conn: Conn) -> None:
        ws = conn.ws
        while True:
            item = await conn.queue.get()
            if isinstance(item, int):
                await close_quietly(ws, item)
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


async def close_quietly(ws: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=code), 5)
