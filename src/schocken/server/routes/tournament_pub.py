"""A tournament's table counted on one phone in pub mode (issue 24, item 4): the organiser opens
it from the table's card, the server makes a pub game (:mod:`schocken.server.pub`) with exactly
the table's players, in their seating order, and the tournament's rules, and the table's phone
keeps the game at ``/pub/ID#TOKEN``; when it is over, the phone makes the table's next game
(``POST /api/pub/ID/next``: the same players, rules and token). The tournament keeps which pub
game is the first (kind ``pub`` of its online tables), never its token: the server keeps the
token's hash only, so the link is said once, as it is made, and "new link" makes another (the
old one then opens none of the table's games). Each game counts as the table's next game once
it is over, by itself (:meth:`~schocken.server.routes.tournaments.Tournaments.pub_finished`)
or when the organiser takes the finished games; once.

Its own router, included before the tournaments' own (whose ``{action}`` would take its
addresses)."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

from fastapi import APIRouter, Request

from schocken.club.transfer import draw_qr
from schocken.errors import PubEntryError
from schocken.pub import PubGame
from schocken.rules import Rules
from schocken.server.refusals import refusal_of
from schocken.server.requests import read_body
from schocken.server.routes.clubs import ClubsDep, opened
from schocken.server.routes.tournaments import TournamentsDep
from schocken.server.settings import Site
from schocken.server.tournament_views import _of_club, detail
from schocken.tournament import TournamentBook

router = APIRouter()


@router.post("/api/clubs/{club}/tournaments/{name}/pub")
async def open_pub(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A table of the latest round (``round``, ``table``) counted on one phone in pub mode: a
    pub game of its players, in their seating order, under the tournament's rules. Answers the
    tournament's detail and the pub game's ``link`` with its QR code: said this once (the
    server keeps the pub game's token as a hash only)."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    number, table_no = data.get("round"), data.get("table")

    def check(book: TournamentBook) -> tuple[str, list[str], Rules]:
        found = _of_club(book, slug, name)
        book.check_online(found, number, table_no)  # type: ignore[arg-type]
        return found, book.pub_players(found, number, table_no), book.picture(found).rules  # type: ignore[arg-type]

    found, players, rules = await tournaments.run(check)
    try:
        pub = PubGame(rules, players)
    except PubEntryError as exc:
        raise refusal_of(exc) from None
    pub_id, token = await tournaments.pub_games.create(pub, chained=True)

    def keep(book: TournamentBook) -> dict[str, Any]:
        book.add_online(found, number, table_no, pub_id, players, kind="pub")  # type: ignore[arg-type]
        return detail(book, found)

    answer = await tournaments.run(keep)
    return {**answer, "link": await _link(request, pub_id, token)}


@router.post("/api/clubs/{club}/tournaments/{name}/pub_link")
async def new_pub_link(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A new link to the pub game of a table (``round``, ``table``), for an organiser who needs
    it again: the pub game gets a new token, and the old link opens nothing. Answers the
    ``link`` with its QR code."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)

    def pub_of(book: TournamentBook) -> str:
        found = _of_club(book, slug, name)
        return book.pub_table(found, data.get("round"), data.get("table"))["table_id"]  # type: ignore[arg-type]

    pub_id = await tournaments.run(pub_of)
    token = await tournaments.pub_games.new_token(pub_id)
    return {"link": await _link(request, pub_id, token)}


async def _link(request: Request, pub_id: str, token: str) -> dict[str, str]:
    """The pub game's link, from the server's public address, with its QR code (an SVG data
    URL)."""
    site: Site = request.app.state.site
    link = f"{site.public_url}/pub/{pub_id}#{token}"
    svg = await asyncio.to_thread(draw_qr, link, "svg")
    return {"link": link, "qr": "data:image/svg+xml;base64," + base64.b64encode(svg).decode()}
