"""The game server: HTTP for tables and lobbies, a WebSocket per client for play.

Every client gets its own state after every change, made from its own view and from events
censored for it. An illegal, out-of-turn, malformed or oversized message is answered with an
error to that client only; the game stays as it was and the connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect, WebSocketState

from schocken.errors import IllegalActionError, RulesError
from schocken.events import censor
from schocken.rules import parse_rules
from schocken.server.protocol import (
    ProtocolError,
    encode,
    event_json,
    parse_client_message,
    view_json,
)
from schocken.server.store import Store
from schocken.server.tables import Table, TableError, Tables, rules_from_request
from schocken.texts import CATALOGUE, LANGUAGES, explain

MAX_BODY = 16_384
STATIC = Path(__file__).resolve().parent / "static"


@dataclass(eq=False)
class Conn:
    """One client connection: a seat (``None``: a spectator), its language, what it was sent."""

    ws: WebSocket
    seat: int | None
    lang: str
    sent: int = 0
    """How many of the game's events this client has been sent."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    """The connections of every table, and the bots and timers that act on their own."""

    def __init__(self, tables: Tables, *, bot_delay: float) -> None:
        self.tables = tables
        self.bot_delay = bot_delay
        self.conns: dict[str, list[Conn]] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}

    def state_for(self, table: Table, conn: Conn, *, fresh: bool = False) -> str:
        game = table.game
        seat = conn.seat
        message: dict[str, Any] = {
            "type": "state",
            "table": table.public(),
            "you": {"seat": seat, "host": seat is not None and seat == table.host},
        }
        if game is None:
            message.update(step=0, view=None, legal=[], events=[], explain=[])
            return encode(message)
        new = [] if fresh else game.events[conn.sent :]
        conn.sent = len(game.events)
        censored = [censor(e, seat) for e in new]
        seen = [event_json(e, seat) for e in new]
        message.update(
            step=len(game.steps),
            view=view_json(game.view(seat)),
            legal=[] if seat is None else [str(a) for a in game.legal_actions(seat)],
            events=seen,
            explain=explain(censored, game.rules, game.players, conn.lang),
        )
        return encode(message)

    async def send(self, conn: Conn, text: str) -> None:
        if conn.ws.client_state is not WebSocketState.CONNECTED:
            return
        with contextlib.suppress(Exception):
            await conn.ws.send_text(text)

    async def broadcast(self, table: Table) -> None:
        for conn in list(self.conns.get(table.id, [])):
            async with conn.lock:
                await self.send(conn, self.state_for(table, conn))
        self.kick(table)

    def kick(self, table: Table) -> None:
        """Start the bots (if one is to move) and the turn timer (if the table has one)."""
        if table.bot_to_move() is not None:
            task = self._bot_tasks.get(table.id)
            if task is None or task.done():
                self._bot_tasks[table.id] = asyncio.create_task(self._run_bots(table))
        self._restart_timer(table)

    async def _run_bots(self, table: Table) -> None:
        while table.bot_to_move() is not None:
            await asyncio.sleep(self.bot_delay)
            turn = table.bot_turn()
            if turn is None:
                break
            # A decision that needs thought (the solver bot's first in a rule set) is made in a
            # worker thread, so other tables go on meanwhile; it is played only if the game is
            # still where it was. (The bots that are out were asked about buying in by the table
            # as the round began.)
            action = await asyncio.to_thread(turn.decide) if turn.needs_thought else turn.decide()
            table.bot_play(turn, action)
            for conn in list(self.conns.get(table.id, [])):
                async with conn.lock:
                    await self.send(conn, self.state_for(table, conn))
        self._restart_timer(table)

    def _restart_timer(self, table: Table) -> None:
        """The turn timer (if the table has one) starts anew for the human whose turn it is."""
        if table.turn_timer and table.game is not None and not table.game.is_over:
            old = self._timers.pop(table.id, None)
            if old is not None:
                old.cancel()
            if table.bot_to_move() is None:
                version = len(table.game.steps)
                self._timers[table.id] = asyncio.create_task(self._timer(table, version))

    async def _timer(self, table: Table, version: int) -> None:
        assert table.turn_timer is not None
        await asyncio.sleep(table.turn_timer)
        game = table.game
        if game is None or game.is_over or len(game.steps) != version:
            return
        if table.bot_to_move() is not None:
            return
        table.stand_in()
        await self.broadcast(table)


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise TableError(f"a request body has at most {MAX_BODY} bytes", status=413)
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, numbers too long, nesting
        raise TableError("the request body is one JSON object") from None
    if not isinstance(data, dict):
        raise TableError("the request body is one JSON object")
    return data


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(f"{key!r} must be a whole number")
    return value


def create_app(db_path: str | Path, *, seed: int | None = None, bot_delay: float = 0.6) -> FastAPI:
    """The server's app, storing its tables in the SQLite file ``db_path``."""
    store = Store(db_path)
    tables = Tables(store, seed=seed)
    hub = Hub(tables, bot_delay=bot_delay)
    app = FastAPI(title="schocken", version="1")
    app.state.tables = tables
    app.state.hub = hub
    app.state.seeded = seed is not None

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        return _error(str(exc), exc.status)

    @app.on_event("startup")
    async def resume_tables() -> None:
        for table in tables.by_id.values():
            hub.kick(table)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    if seed is not None:
        page = page.replace('data-seeded="false"', 'data-seeded="true"')

    @app.get("/", response_class=HTMLResponse)
    async def index() -> str:
        return page

    @app.get("/join/{code}", response_class=HTMLResponse)
    async def join_page(code: str) -> str:
        return page

    @app.get("/t/{key}", response_class=HTMLResponse)
    async def table_page(key: str) -> str:
        return page

    @app.get("/sw.js")
    async def service_worker() -> Response:
        return Response(
            (STATIC / "sw.js").read_text(encoding="utf-8"), media_type="text/javascript"
        )

    @app.get("/api/texts/{lang}")
    async def texts(lang: str) -> dict[str, str]:
        if lang not in CATALOGUE:
            raise TableError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}", 404)
        return CATALOGUE[lang]

    @app.get("/api/tables/{key}/qr.svg")
    async def qr(key: str, request: Request) -> Response:
        import segno

        table = tables.get(key)
        url = str(request.base_url).rstrip("/") + f"/join/{table.code}"
        out = io.BytesIO()
        segno.make(url, error="m").save(out, kind="svg", scale=6, dark="#111", light="#fff")
        return Response(out.getvalue(), media_type="image/svg+xml")

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "protocol": 1, "seeded": seed is not None, "tables": len(tables.by_id)}

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        data = await _body(request)
        house = data.get("rules_toml")
        if isinstance(house, str) and house.strip():
            try:
                rules = parse_rules(house, source="house rules")
            except RulesError as exc:
                raise TableError(str(exc)) from None
        else:
            rules = rules_from_request(data.get("rules", "tsv99"))
        seats = _int(data, "seats", 4)
        timer = data.get("turn_timer")
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, int | float)):
            raise TableError("'turn_timer' is a number of seconds or null")
        table, token = tables.create(
            rules, seats, data.get("name"), turn_timer=None if timer is None else float(timer)
        )
        return {
            "id": table.id,
            "code": table.code,
            "seat": 0,
            "token": token,
            "host_url": f"/t/{table.id}#{token}",
            "invite_url": f"/join/{table.code}",
            "spectator_url": f"/t/{table.id}#spectate={table.spectator_token}",
            "spectator_token": table.spectator_token,
            "table": table.public(),
        }

    @app.get("/api/tables/{key}")
    async def get_table(key: str) -> dict[str, Any]:
        return tables.get(key).public()

    @app.post("/api/tables/{key}/join")
    async def join(key: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        table = tables.get(key)
        seat, token = table.sit(data.get("name"))
        await hub.broadcast(table)
        return {"id": table.id, "seat": seat, "token": token, "table": table.public()}

    @app.post("/api/tables/{key}/bots")
    async def add_bot(key: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        table = tables.get(key)
        seat = data.get("seat")
        if seat is not None:
            seat = _int(data, "seat")
        seat = table.add_bot(data.get("token"), data.get("bot", "regular"), seat)
        await hub.broadcast(table)
        return {"seat": seat, "table": table.public()}

    @app.post("/api/tables/{key}/remove")
    async def remove(key: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        table = tables.get(key)
        table.remove(data.get("token"), _int(data, "seat"))
        for conn in list(hub.conns.get(table.id, [])):
            if conn.seat == _int(data, "seat") and table.seats[conn.seat].token is None:
                with contextlib.suppress(Exception):
                    await conn.ws.close(code=4403)
        await hub.broadcast(table)
        return {"table": table.public()}

    @app.post("/api/tables/{key}/host")
    async def hand_host(key: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        table = tables.get(key)
        table.hand_host(data.get("token"), _int(data, "seat"))
        await hub.broadcast(table)
        return {"table": table.public()}

    @app.post("/api/tables/{key}/start")
    async def start(key: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        table = tables.get(key)
        table.start(data.get("token"))
        for conn in hub.conns.get(table.id, []):
            conn.sent = 0
        await hub.broadcast(table)
        return {"table": table.public()}

    @app.get("/api/tables/{key}/record")
    async def record(key: str) -> Response:
        table = tables.get(key)
        return Response(table.record().to_json(), media_type="application/json")

    @app.websocket("/ws/{key}")
    async def play(websocket: WebSocket, key: str, token: str = "", lang: str = "en") -> None:
        await websocket.accept()
        try:
            table = tables.get(key)
            seat = None if table.is_spectator(token) else table.seat_of(token)
        except TableError as exc:
            await websocket.send_text(
                encode({"type": "error", "code": "denied", "message": str(exc)})
            )
            await websocket.close(code=4403)
            return
        conn = Conn(websocket, seat, lang if lang in LANGUAGES else "en")
        hub.conns.setdefault(table.id, []).append(conn)
        try:
            async with conn.lock:
                await hub.send(conn, hub.state_for(table, conn, fresh=True))
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    await _reply_error(hub, conn, "binary", "messages are JSON text, not binary")
                    continue
                try:
                    parsed = parse_client_message(text)
                except ProtocolError as exc:
                    await _reply_error(hub, conn, exc.code, str(exc))
                    continue
                if parsed["type"] == "ping":
                    async with conn.lock:
                        await hub.send(conn, encode({"type": "pong"}))
                    continue
                if conn.seat is None:
                    await _reply_error(hub, conn, "spectator", "spectators watch; they do not act")
                    continue
                if table.seats[conn.seat].token is None:
                    await _reply_error(hub, conn, "removed", "this seat is no longer yours")
                    continue
                try:
                    table.act(conn.seat, parsed["action"])
                except (IllegalActionError, TableError) as exc:
                    await _reply_error(hub, conn, "illegal", str(exc))
                    continue
                await hub.broadcast(table)
        except WebSocketDisconnect:
            pass
        finally:
            with contextlib.suppress(ValueError):
                hub.conns.get(table.id, []).remove(conn)

    return app


async def _reply_error(hub: Hub, conn: Conn, code: str, message: str) -> None:
    async with conn.lock:
        await hub.send(conn, encode({"type": "error", "code": code, "message": message}))


def default_db(data_dir: str | Path) -> Path:
    return Path(data_dir) / "schocken.sqlite3"
