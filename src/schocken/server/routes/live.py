"""The live play: the WebSocket endpoint (``/ws/{key}``) through which a client says hello,
acts and hears every change of its table. An illegal, out-of-turn, malformed or oversized message
is answered with an error to that client only; the game stays as it was and the connection stays
open. The connections are the live hub's (:class:`schocken.server.hub.Hub`); the protocol is
docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fastapi import APIRouter, WebSocket

from schocken.errors import IllegalActionError
from schocken.server.hub import CLOSE_DENIED, CLOSE_HELLO, CLOSE_LIMIT, Conn, Hub, close_quietly
from schocken.server.protocol import CLOSE_MOVED, ProtocolError, encode, parse_client_message
from schocken.server.refusals import StorageError, TableElsewhereError, TableError
from schocken.server.requests import client_address, language, refusal_answer
from schocken.server.table import Table
from schocken.texts import LANGUAGES, refusal_text, t

log = logging.getLogger("schocken.server")

router = APIRouter()


@router.websocket("/ws/{key}")
async def play(websocket: WebSocket, key: str) -> None:
    hub: Hub = websocket.app.state.hub
    site, limits = hub.site, hub.limits
    origin = websocket.headers.get("origin")
    if origin is not None and not site.allows(origin.lower()):
        # Refused in the handshake (HTTP 403): a page of another site cannot play here.
        log.warning("a WebSocket from a page of %r refused", origin[:100])
        await websocket.close(code=CLOSE_DENIED)
        return
    # Counted from its upgrade, before the hello: a client that opens many connections and
    # says nothing is refused as one that says hello on each. One too many is refused in the
    # handshake (HTTP 429), before it is a WebSocket: it is gone at once.
    address = client_address(websocket)
    hub.per_address[address] += 1
    try:
        if hub.per_address[address] > limits.conns_per_address:
            most = limits.conns_per_address
            await deny(websocket, t("protocol_refuse_per_address", language(websocket), most=most))
            return
        await websocket.accept()
        await _session(websocket, key, address, hub)
    finally:
        hub.per_address[address] -= 1
        if hub.per_address[address] <= 0:
            del hub.per_address[address]


async def deny(websocket: WebSocket, message: str) -> None:
    """Refuse a WebSocket in its handshake: 429 with the reason (403 where the server cannot
    answer a handshake with a status of the app's choice)."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(refusal_answer(message, 429))
    else:
        await websocket.close(code=CLOSE_LIMIT)


async def refuse(websocket: WebSocket, code: str, message: str, close: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(encode({"type": "error", "code": code, "message": message}))
    await close_quietly(websocket, close)


async def _session(websocket: WebSocket, key: str, address: str, hub: Hub) -> None:
    tables, limits = hub.tables, hub.limits
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
        await close_quietly(websocket, CLOSE_MOVED)
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
