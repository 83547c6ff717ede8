"""Pub mode's page and endpoints (``/pub``, ``/api/pub``): a router whose routes declare what
they need (the server's pub games: :data:`PubGamesDep`). The games themselves are
:class:`schocken.server.pub.PubGames`; the endpoints are listed in docs/protocol.md and
docs/pub.md.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from schocken.errors import PubEntryError, SchockenError
from schocken.pub import PubGame, entry_from_data, parse_result
from schocken.server.pub import TOKEN_HEADER, PubGames, _entry, _lang, record_of, view
from schocken.server.refusals import PerMinute, TableError, refusal_of, refuse
from schocken.server.requests import read_body, web_page
from schocken.server.tables import rules_of_body

router = APIRouter()


def the_pub_games(request: Request) -> PubGames:
    """The server's pub games."""
    games: PubGames = request.app.state.pub_games
    return games


PubGamesDep = Annotated[PubGames, Depends(the_pub_games)]


@router.get("/pub", response_class=HTMLResponse)
async def pub_page(request: Request) -> str:
    return web_page(request)


@router.get("/pub/{pub_id}", response_class=HTMLResponse)
async def pub_game_page(pub_id: str, request: Request) -> str:
    return web_page(request)


@router.post("/api/pub")
async def create(request: Request, games: PubGamesDep) -> dict[str, Any]:
    """A new pub game: ``players``, the rules, the stakes; and, made on the phone (a game
    started without a signal), its ``id`` and ``token``: the same request again answers
    the same game (``entry.repeated``)."""
    data = await read_body(request)
    address = request.client.host if request.client is not None else "unknown"
    created_by: PerMinute = request.app.state.pubs_made
    lang = _lang(request)

    def make() -> PubGame:
        rules = rules_of_body(data)
        players = data.get("players")
        if not isinstance(players, list):
            raise refuse("server_refuse_pub_players")
        try:
            return PubGame(
                rules,
                players,
                half_stake=data.get("half_stake", ""),
                game_stake=data.get("game_stake", ""),
            )
        except (PubEntryError, ValueError) as exc:
            if isinstance(exc, SchockenError):  # the players' names, a stake
                raise refusal_of(exc) from None
            raise TableError(str(exc)) from None

    if data.get("id") is not None or data.get("token") is not None:
        pub_id, token = data.get("id"), data.get("token")
        if not (isinstance(pub_id, str) and pub_id in games.kept):
            created_by.check(address)
        kept, repeated = await games.create_as(pub_id, token, make)
        if not repeated:
            created_by.note(address)
        assert isinstance(pub_id, str)
        async with kept.lock:
            answer = view(pub_id, kept.pub, lang, [], kept.chain)
        return {"token": token, **answer, "entry": {"id": pub_id, "repeated": repeated}}
    created_by.check(address)
    pub = make()
    pub_id, token = await games.create(pub)
    created_by.note(address)
    return {"token": token, **view(pub_id, pub, lang, [])}


@router.get("/api/pub/{pub_id}")
async def get(pub_id: str, request: Request, games: PubGamesDep) -> dict[str, Any]:
    """The game as :func:`view` shows it, with ``log``: what each entry did, in words,
    oldest first (the page shows it again after a reload)."""
    kept = await games.get(pub_id, request.headers.get(TOKEN_HEADER))
    lang = _lang(request)
    async with kept.lock:
        log = await asyncio.to_thread(kept.pub.log, lang)
        return {**view(pub_id, kept.pub, lang, [], kept.chain), "log": log}


async def enter(
    pub_id: str, request: Request, games: PubGames, make: Callable[[dict[str, Any]], object]
) -> dict[str, Any]:
    """One entry, made by ``make`` from the request's body (entry_from_data checks it)."""
    data = await read_body(request)
    lang = _lang(request)
    kept = await games.get(pub_id, data.get("token"))

    def change(pub: PubGame) -> list[str]:
        return pub.explain(pub.enter(entry_from_data(make(data))), lang)

    return await games.change(pub_id, kept, lang, change, _entry(request))


@router.post("/api/pub/{pub_id}/turn")
async def turn(pub_id: str, request: Request, games: PubGamesDep) -> dict[str, Any]:
    """A turn by its dice: ``dice``, ``throws``, and ``hand``, ``turned``, ``covered``,
    ``blind``; ``seat``: whose turn it is meant to be (a turn entered without a signal says
    so; another player's turn is refused)."""
    fields = ("dice", "throws", "hand", "turned", "covered", "blind", "seat")
    return await enter(
        pub_id,
        request,
        games,
        lambda d: {"kind": "turn", **{k: d[k] for k in fields if d.get(k) is not None}},
    )


@router.post("/api/pub/{pub_id}/result")
async def result(pub_id: str, request: Request, games: PubGamesDep) -> dict[str, Any]:
    """A turn by its result's name: ``result``, ``throws``, and ``turned``, ``covered``,
    ``blind``, ``seat`` (as for a turn by its dice)."""
    fields = ("throws", "turned", "covered", "blind", "seat")
    return await enter(
        pub_id,
        request,
        games,
        lambda d: {
            "kind": "turn",
            "result": parse_result(d.get("result")).name,  # type: ignore[arg-type]
            **{k: d[k] for k in fields if d.get(k) is not None},
        },
    )


@router.post("/api/pub/{pub_id}/buy_in")
async def buy_in(pub_id: str, request: Request, games: PubGamesDep) -> dict[str, Any]:
    """The answer whether ``seat``, who is out, buys back in: ``buys_in`` true or false."""
    return await enter(
        pub_id,
        request,
        games,
        lambda d: {"kind": "buy_in", "seat": d.get("seat"), "buys_in": d.get("buys_in")},
    )


@router.post("/api/pub/{pub_id}/next")
async def next_game(pub_id: str, request: Request, games: PubGamesDep) -> dict[str, Any]:
    """The next game of a chain (a tournament's table counted on one phone), once this one
    is over: the same players, rules and token; asked again, the same game. Answers its
    :func:`view`."""
    data = await read_body(request)
    lang = _lang(request)
    new_id = await games.next_game(pub_id, await games.get(pub_id, data.get("token")))
    kept = await games.get(new_id, data.get("token"))
    async with kept.lock:
        return view(new_id, kept.pub, lang, [], kept.chain)


@router.post("/api/pub/{pub_id}/undo")
async def undo(pub_id: str, request: Request, games: PubGamesDep) -> dict[str, Any]:
    """Take back the last ``count`` entries (default 1)."""
    data = await read_body(request)
    lang = _lang(request)
    kept = await games.get(pub_id, data.get("token"))
    count = data.get("count", 1)

    def change(pub: PubGame) -> list[str]:
        return [pub.undo_said(count, lang)]

    return await games.change(pub_id, kept, lang, change, _entry(request))


@router.get("/api/pub/{pub_id}/record")
async def record(pub_id: str, request: Request, games: PubGamesDep) -> Response:
    """The game record (docs/record.md), as a file to download; not while a cup of the
    round is still covered (the record holds every entry's dice): 409 until the reveal."""
    kept = await games.get(pub_id, request.headers.get(TOKEN_HEADER))
    async with kept.lock:
        if kept.pub.covered_entries():
            raise refuse("pub_record_covered", 409)
        text = record_of(pub_id, kept.pub).to_json()
    return Response(
        text,
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="schocken-pub-{pub_id}.json"'},
    )
