"""The tables' endpoints (``/api/tables``, ``/api/review``, ``/api/health``): a router whose
routes declare what they need (the server's tables and hub: :data:`TablesDep`, :data:`HubDep`).
The tables themselves are :class:`schocken.server.tables.Tables`; the live play over the
WebSocket is :mod:`schocken.server.routes.live`. The endpoints are listed in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from concurrent.futures import BrokenExecutor
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from schocken.errors import RecordError
from schocken.record import check_dice
from schocken.server.hub import Hub
from schocken.server.protocol import PROTOCOL_VERSION
from schocken.server.refusals import PerMinute, refusal_of
from schocken.server.refusals import refuse as refuse_request
from schocken.server.requests import client_address, read_body, read_raw_body
from schocken.server.settings import Limits
from schocken.server.tables import Tables, rules_of_body
from schocken.server.thinking import Workers, review_record
from schocken.texts import said

log = logging.getLogger("schocken.server")

REVIEWS_WAITING = 8
"""Reviews asked for at once (one is made at a time); one more is refused (503)."""
REVIEWS_KEPT = 32
"""Finished tables' reviews kept in memory (a finished game does not change)."""
TABLE_FIELDS = frozenset({"name", "seats", "rules", "rules_toml", "turn_timer"})
"""What ``POST /api/tables`` reads; any other field (a ``seed``, ``dice``, a ``commitment``:
the server makes those) is refused, not silently dropped."""

router = APIRouter()


def the_tables(request: Request) -> Tables:
    """The server's tables."""
    tables: Tables = request.app.state.tables
    return tables


def the_hub(request: Request) -> Hub:
    """The server's live hub (the tables' connections, bots and timers)."""
    hub: Hub = request.app.state.hub
    return hub


def the_limits(request: Request) -> Limits:
    """The server's limits."""
    limits: Limits = request.app.state.limits
    return limits


class Reviews:
    """The reviews of game records (``docs/review.md``): made in a worker process of their own,
    one at a time within ``--review-budget``, at most :data:`REVIEWS_WAITING` asked for at once;
    the reviews of finished tables kept (oldest first)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.reviewer = Workers(1)
        self.slot = asyncio.Semaphore(1)
        self.waiting = 0
        """Reviews asked for and not yet answered."""
        self.finished: dict[str, str] = {}

    def close(self) -> None:
        self.reviewer.kill()

    async def reviewed(self, text: str) -> str:
        """The review of the game record ``text`` (made in a worker process, within
        ``--review-budget``), or the record reader's message (400)."""
        limits = self.limits
        if self.waiting >= REVIEWS_WAITING:
            raise refuse_request("server_refuse_reviewing", 503)
        self.waiting += 1
        try:
            async with self.slot:
                out = await self.reviewer.run(limits.review_budget, review_record, text)
        except TimeoutError:
            raise refuse_request(
                "server_refuse_review_slow", 503, seconds=f"{limits.review_budget:g}"
            ) from None
        except (BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("a review's worker failed (%s)", exc)
            raise refuse_request("server_refuse_review_failed", 503) from None
        finally:
            self.waiting -= 1
        if isinstance(out, RecordError):  # said in the caller's language
            raise refusal_of(out)
        return out


def the_reviews(request: Request) -> Reviews:
    """The server's reviews."""
    reviews: Reviews = request.app.state.reviews
    return reviews


TablesDep = Annotated[Tables, Depends(the_tables)]
HubDep = Annotated[Hub, Depends(the_hub)]
LimitsDep = Annotated[Limits, Depends(the_limits)]
ReviewsDep = Annotated[Reviews, Depends(the_reviews)]


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse_request("server_refuse_whole_number", 400, field=key)
    return value


@lru_cache(maxsize=2048)
def _qr_svg(url: str) -> bytes:
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, dark="#111", light="#fff")
    return out.getvalue()


@router.get("/api/tables/{key}/qr.svg")
async def qr(key: str, tables: TablesDep, hub: HubDep) -> Response:
    table = await tables.get(key)
    # From the configured public address only (never the request's Host header); the
    # address is length-checked at start, the drawing cached and made off the event loop.
    invite = hub.invite_url(table)
    if invite is None:
        raise refuse_request("server_refuse_no_table", 404)
    svg = await asyncio.to_thread(_qr_svg, invite)
    return Response(svg, media_type="image/svg+xml")


@router.get("/api/health")
async def health(request: Request, tables: TablesDep) -> dict[str, Any]:
    cluster = request.app.state.cluster
    return {
        "ok": True,
        "protocol": PROTOCOL_VERSION,
        "seeded": request.app.state.seeded,
        "tables": len(tables.by_id),
        "set_aside": len(tables.set_aside),
        "worker": None if cluster is None else cluster.worker,
        "route": None if cluster is None else cluster.route,
        "relayed": None if cluster is None else cluster.relay.sent,
    }


@router.post("/api/tables")
async def create_table(
    request: Request, tables: TablesDep, hub: HubDep, limits: LimitsDep
) -> dict[str, Any]:
    data = await read_body(request)
    unknown = sorted(set(data) - TABLE_FIELDS)
    if unknown:  # a field the server would not use (a seed, dice) is not silently dropped
        raise refuse_request(
            "server_refuse_table_fields",
            fields=", ".join(repr(f) for f in unknown),
            known=", ".join(sorted(TABLE_FIELDS)),
        )
    address = client_address(request)
    created_by: PerMinute = request.app.state.tables_made
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


@router.get("/api/tables/{key}")
async def get_table(key: str, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    table = await tables.get(key)
    return {**table.public(), "invite_url": hub.invite_url(table)}


@router.post("/api/tables/{key}/join")
async def join(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    data = await read_body(request)
    table = await tables.get(key)
    program = data.get("program", False)
    proposed = data.get("token")
    seat, token = await tables.commit(table, table.sit, data.get("name"), None, program, proposed)
    hub.send_states(table)
    return {"id": table.id, "seat": seat, "token": token, "table": table.public()}


@router.post("/api/tables/{key}/programs")
async def add_program(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    """The host seats a program of their own or someone else's (the bot API): a seat marked
    as a program's for everyone, and its bot token, given out only now."""
    data = await read_body(request)
    table = await tables.get(key)
    seat = data.get("seat")
    if seat is not None:
        seat = _int(data, "seat")
    seat, token = await tables.commit(
        table, table.add_program, data.get("token"), data.get("name"), seat
    )
    hub.send_states(table)
    return {"id": table.id, "seat": seat, "token": token, "table": table.public()}


@router.post("/api/tables/{key}/wait")
async def wait(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    """A latecomer, once the game has started: a seat in the next game (the rematch), and
    meanwhile the game to watch with the token they get."""
    data = await read_body(request)
    table = await tables.get(key)
    place, token = await tables.commit(table, table.wait, data.get("name"))
    hub.send_table(table)
    return {"id": table.id, "waiting": place, "token": token, "table": table.public()}


@router.post("/api/tables/{key}/leave")
async def leave_waiting(
    key: str, request: Request, tables: TablesDep, hub: HubDep
) -> dict[str, Any]:
    """A latecomer leaves the waiting list: the next game does not seat them. Their pages
    watch on (the host's list shows who still waits)."""
    data = await read_body(request)
    table = await tables.get(key)
    name = await tables.commit(table, table.leave_waiting, data.get("token"))
    for conn in hub.conns.get(table.id, []):
        if conn.waiting == name:
            conn.waiting = None
    hub.send_table(table)
    return {"id": table.id, "left": name, "table": table.public()}


@router.post("/api/tables/{key}/bots")
async def add_bot(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    data = await read_body(request)
    table = await tables.get(key)
    seat = data.get("seat")
    if seat is not None:
        seat = _int(data, "seat")
    seat = await tables.commit(
        table, table.add_bot, data.get("token"), data.get("bot", "regular"), seat
    )
    hub.send_states(table)
    return {"seat": seat, "table": table.public()}


@router.post("/api/tables/{key}/remove")
async def remove(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    data = await read_body(request)
    table = await tables.get(key)
    seat = _int(data, "seat")
    await tables.commit(table, table.remove, data.get("token"), seat)
    hub.seat_gone(table, seat)
    return {"table": table.public()}


@router.post("/api/tables/{key}/seat")
async def hand_seat(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    """During the game: a bot plays a player's seat (``"to": "bot"``), or the seat goes back
    to its player (``"to": "player"``)."""
    data = await read_body(request)
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


@router.post("/api/tables/{key}/rematch")
async def rematch(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    """The host starts the next game with the same seats and rules at a new table; everyone
    at the old table is told where it is."""
    data = await read_body(request)
    table = await tables.get(key)
    table.seat_of(data.get("token"))  # a stranger asks nothing of the tournament
    await tables.check_start(table)
    new = await tables.rematch(table, data.get("token"))
    hub.send_table(table)
    hub.kick(new)
    return {"id": new.id, "code": new.public()["code"], "table": new.public()}


@router.post("/api/tables/{key}/host")
async def hand_host(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    data = await read_body(request)
    table = await tables.get(key)
    await tables.commit(table, table.hand_host, data.get("token"), _int(data, "seat"))
    hub.changed_seats(table)
    return {"table": table.public()}


@router.post("/api/tables/{key}/start")
async def start(key: str, request: Request, tables: TablesDep, hub: HubDep) -> dict[str, Any]:
    data = await read_body(request)
    table = await tables.get(key)
    table.seat_of(data.get("token"))  # a stranger asks nothing of the tournament
    await tables.check_start(table)
    await tables.commit(table, table.start, data.get("token"))
    hub.send_states(table)
    return {"table": table.public()}


@router.get("/api/tables/{key}/record")
async def record(key: str, tables: TablesDep) -> Response:
    table = await tables.get(key)
    return Response(table.record().to_json(), media_type="application/json")


@router.get("/api/tables/{key}/verify")
async def verify(key: str, tables: TablesDep) -> dict[str, Any]:
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


@router.get("/api/tables/{key}/review")
async def table_review(key: str, tables: TablesDep, reviews: ReviewsDep) -> Response:
    """The review of a finished table's game (``docs/review.md``), kept for the next ask."""
    table = await tables.get(key)
    cached = reviews.finished.get(table.id)
    if cached is None:
        cached = await reviews.reviewed(table.record().to_json(indent=None))
        reviews.finished[table.id] = cached
        while len(reviews.finished) > REVIEWS_KEPT:
            reviews.finished.pop(next(iter(reviews.finished)))
    return Response(cached, media_type="application/json")


@router.post("/api/review")
async def review_upload(request: Request, limits: LimitsDep, reviews: ReviewsDep) -> Response:
    """The review of a game record sent as the body (at most ``--max-record`` bytes)."""
    raw = await read_raw_body(request, limits.max_record, said("server_word_record"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise refuse_request("server_refuse_utf8", 400, what=said("server_word_record")) from None
    return Response(await reviews.reviewed(text), media_type="application/json")
