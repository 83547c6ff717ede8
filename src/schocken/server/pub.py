"""Pub mode on the server: real dice on a real table, one phone keeps the game (``/pub``).

A pub game (:class:`schocken.pub.PubGame`) lives in the server's SQLite file (``pub_games``: its
id, its secret token's SHA-256 and :meth:`~schocken.pub.PubGame.to_data`), written through the
store's writer thread after every accepted entry; a refused entry is answered 400 with the
engine's reason (:class:`~schocken.errors.PubEntryError`) and changes nothing. Whoever holds the
token keeps the game: the token is checked by its hash, in constant time, like a seat's. Games
are kept in memory while used (at most :data:`KEPT` of them) and read back from the file when
asked for again, after a restart too. The endpoints are listed in docs/protocol.md and
docs/pub.md.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from schocken.errors import PubEntryError, SchockenError
from schocken.pub import PubGame, entry_from_data, parse_result
from schocken.server.requests import language
from schocken.server.settings import Limits
from schocken.server.store import SavePub, Store, token_hash
from schocken.server.tables import (
    PerMinute,
    StorageError,
    TableError,
    refusal_of,
    refuse,
    rules_of_body,
)

KEPT = 500
"""Pub games kept in memory at most (the least recently used leave; the file keeps them)."""
TOKEN_HEADER = "x-pub-token"
"""The header that carries a pub game's token on a GET."""

Body = Callable[[Request], Awaitable[dict[str, Any]]]


@dataclass(eq=False)
class _Kept:
    """A pub game in memory, its token's hash, and the lock that lets one request at a time
    change it."""

    token_hash: str
    pub: PubGame
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class PubGames:
    """The pub games: in memory while used, always in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.kept: OrderedDict[str, _Kept] = OrderedDict()

    async def create(self, pub: PubGame) -> tuple[str, str]:
        """Store a new pub game: its id and secret token."""
        pub_id, token = secrets.token_urlsafe(9), secrets.token_urlsafe(16)
        kept = _Kept(token_hash(token), pub)
        await self._save(pub_id, kept.token_hash, pub)
        self._keep(pub_id, kept)
        return pub_id, token

    async def get(self, pub_id: str, token: object) -> _Kept:
        """The pub game with this id, if ``token`` is its token."""
        kept = self.kept.get(pub_id)
        if kept is None:
            row = await self.store.read(self.store.pub_game, pub_id)
            if row is None:
                raise refuse("server_refuse_no_pub", 404, id=pub_id[:40])
            try:
                pub = await asyncio.to_thread(PubGame.from_data, row[1])
            except PubEntryError as exc:
                raise refuse("server_refuse_pub_damaged", 503, why=exc) from None
            kept = self.kept.get(pub_id) or _Kept(row[0], pub)  # another request may have won
            self._keep(pub_id, kept)
        self.kept.move_to_end(pub_id)
        given = token_hash(token) if isinstance(token, str) and token else ""
        if not given or not secrets.compare_digest(kept.token_hash, given):
            raise refuse("server_refuse_pub_token", 403)
        return kept

    def _keep(self, pub_id: str, kept: _Kept) -> None:
        self.kept[pub_id] = kept
        while len(self.kept) > KEPT:
            old_id, old = next(iter(self.kept.items()))
            if old.lock.locked():
                break  # in use: it leaves later
            del self.kept[old_id]

    async def change(
        self, pub_id: str, kept: _Kept, lang: str, change: Callable[[PubGame], list[str]]
    ) -> dict[str, Any]:
        """Apply ``change`` (under the game's lock; a :class:`PubEntryError` is refused with
        its reason, said in the caller's language, nothing changed), then store the game; what
        cannot be stored is taken back. Returns the :func:`view`, with what ``change`` said
        happened."""
        async with kept.lock:
            before = kept.pub.to_data()
            try:
                said = await asyncio.to_thread(change, kept.pub)
            except PubEntryError as exc:
                raise refusal_of(exc) from None
            try:
                await self._save(pub_id, kept.token_hash, kept.pub)
            except Exception:
                kept.pub = await asyncio.to_thread(PubGame.from_data, before)
                raise StorageError() from None
            return view(pub_id, kept.pub, lang, said)

    async def _save(self, pub_id: str, hashed: str, pub: PubGame) -> None:
        await self.store.write([SavePub(pub_id, hashed, pub.to_data())])


def view(pub_id: str, pub: PubGame, lang: str, said: list[str]) -> dict[str, Any]:
    """What the page shows: the state, the prompt and standing in words, what the rules let be
    entered (``covers``: whether a turn of 1, 2, ... throws stays covered), and ``said``: what
    the last entry did, in words. A cup still covered shows nowhere in it: its turn is said as
    covered until the round's reveal."""
    rules = pub.rules
    entries = pub.entries
    state = pub.state()
    limit = state.limit or 0
    return {
        "id": pub_id,
        "players": list(pub.players),
        "preset": rules.preset,
        "options": {
            "covered": rules.covered.value,
            "jule": rules.jule,
            "nutte": rules.nutte,
            "achter": rules.achter,
            "strassen": rules.strassen.value,
            "general": rules.general,
            "sixes_turn": rules.sixes_turn.value != "never",
            "hand_aus": rules.hand_aus_beats,
        },
        "covers": [rules.covers(n, limit) for n in range(1, limit + 1)],
        "blind": pub.may_open_blind(),
        "half_stake": pub.half_stake,
        "game_stake": pub.game_stake,
        "state": state.to_data(),
        "prompt": pub.prompt(lang),
        "standing": pub.standing(lang),
        "entries": len(entries),
        "last": pub.last_said(lang),
        "said": said,
    }


def _lang(request: Request) -> str:
    """The language of the page (``?lang=``, as pub.js asks): see
    :func:`~schocken.server.requests.language`."""
    return language(request)


def add_pub_routes(app: FastAPI, store: Store, body: Body, page: str, limits: Limits) -> PubGames:
    """Pub mode's page and endpoints on ``app``; ``body`` reads a state-changing request's JSON
    (origin and size checked), ``page`` is the web page."""
    games = PubGames(store)
    created_by = PerMinute(limits.tables_per_minute, "games")
    app.state.pub_games = games

    @app.get("/pub", response_class=HTMLResponse)
    async def pub_page() -> str:
        return page

    @app.get("/pub/{pub_id}", response_class=HTMLResponse)
    async def pub_game_page(pub_id: str) -> str:
        return page

    @app.post("/api/pub")
    async def create(request: Request) -> dict[str, Any]:
        data = await body(request)
        address = request.client.host if request.client is not None else "unknown"
        created_by.check(address)
        rules = rules_of_body(data)
        players = data.get("players")
        if not isinstance(players, list):
            raise refuse("server_refuse_pub_players")
        try:
            pub = PubGame(
                rules,
                players,
                half_stake=data.get("half_stake", ""),
                game_stake=data.get("game_stake", ""),
            )
        except (PubEntryError, ValueError) as exc:
            if isinstance(exc, SchockenError):  # the players' names, a stake
                raise refusal_of(exc) from None
            raise TableError(str(exc)) from None
        pub_id, token = await games.create(pub)
        created_by.note(address)
        return {"token": token, **view(pub_id, pub, _lang(request), [])}

    @app.get("/api/pub/{pub_id}")
    async def get(pub_id: str, request: Request) -> dict[str, Any]:
        """The game as :func:`view` shows it, with ``log``: what each entry did, in words,
        oldest first (the page shows it again after a reload)."""
        kept = await games.get(pub_id, request.headers.get(TOKEN_HEADER))
        lang = _lang(request)
        async with kept.lock:
            log = await asyncio.to_thread(kept.pub.log, lang)
            return {**view(pub_id, kept.pub, lang, []), "log": log}

    async def enter(
        pub_id: str, request: Request, make: Callable[[dict[str, Any]], object]
    ) -> dict[str, Any]:
        """One entry, made by ``make`` from the request's body (entry_from_data checks it)."""
        data = await body(request)
        lang = _lang(request)
        kept = await games.get(pub_id, data.get("token"))

        def change(pub: PubGame) -> list[str]:
            return pub.explain(pub.enter(entry_from_data(make(data))), lang)

        return await games.change(pub_id, kept, lang, change)

    @app.post("/api/pub/{pub_id}/turn")
    async def turn(pub_id: str, request: Request) -> dict[str, Any]:
        """A turn by its dice: ``dice``, ``throws``, and ``hand``, ``turned``, ``covered``,
        ``blind``."""
        fields = ("dice", "throws", "hand", "turned", "covered", "blind")
        return await enter(
            pub_id,
            request,
            lambda d: {"kind": "turn", **{k: d[k] for k in fields if d.get(k) is not None}},
        )

    @app.post("/api/pub/{pub_id}/result")
    async def result(pub_id: str, request: Request) -> dict[str, Any]:
        """A turn by its result's name: ``result``, ``throws``, and ``turned``, ``covered``,
        ``blind``."""
        fields = ("throws", "turned", "covered", "blind")
        return await enter(
            pub_id,
            request,
            lambda d: {
                "kind": "turn",
                "result": parse_result(d.get("result")).name,  # type: ignore[arg-type]
                **{k: d[k] for k in fields if d.get(k) is not None},
            },
        )

    @app.post("/api/pub/{pub_id}/buy_in")
    async def buy_in(pub_id: str, request: Request) -> dict[str, Any]:
        """The answer whether ``seat``, who is out, buys back in: ``buys_in`` true or false."""
        return await enter(
            pub_id,
            request,
            lambda d: {"kind": "buy_in", "seat": d.get("seat"), "buys_in": d.get("buys_in")},
        )

    @app.post("/api/pub/{pub_id}/undo")
    async def undo(pub_id: str, request: Request) -> dict[str, Any]:
        """Take back the last ``count`` entries (default 1)."""
        data = await body(request)
        lang = _lang(request)
        kept = await games.get(pub_id, data.get("token"))
        count = data.get("count", 1)

        def change(pub: PubGame) -> list[str]:
            return [pub.undo_said(count, lang)]

        return await games.change(pub_id, kept, lang, change)

    @app.get("/api/pub/{pub_id}/record")
    async def record(pub_id: str, request: Request) -> Response:
        """The game record (docs/record.md), as a file to download; not while a cup of the
        round is still covered (the record holds every entry's dice): 409 until the reveal."""
        kept = await games.get(pub_id, request.headers.get(TOKEN_HEADER))
        async with kept.lock:
            if kept.pub.covered_entries():
                raise refuse("pub_record_covered", 409)
            text = kept.pub.record().to_json()
        return Response(
            text,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="schocken-pub-{pub_id}.json"'},
        )

    return games
