"""A club's tournaments in the browser (``/tournaments/{club}``, ``/api/clubs/{club}/tournaments``):
a router of its own. A club's tournament belongs to the club: the organiser's pages and every
change use the club's access (its session or secret, :func:`~schocken.server.routes.clubs.opened`).
The public views (the screen in the pub, the players' phones, the print views) are opened by the
tournament's view key (``?key=``, from the organiser's page), which shows the ranking and the
tables and changes nothing.

The tournaments are :class:`schocken.tournament.TournamentBook`, on the connection of the
club's book and in its thread (:class:`Tournaments`); a refusal of the tournament is answered
400 with its text in the caller's language, and changes nothing. Print views are HTML made by
:mod:`schocken.tournament.paper`, the same the command line prints as PDF. The endpoints are
listed in docs/tournament.md.
"""

from __future__ import annotations

import asyncio
import base64
import logging
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from schocken.club.transfer import draw_qr
from schocken.club.values import slug_of
from schocken.rules import Rules
from schocken.server.heavy import is_big
from schocken.server.lanes import enter_lane
from schocken.server.refusals import refuse
from schocken.server.requests import client_address, language, read_body, web_page
from schocken.server.routes.clubs import ClubsDep, opened
from schocken.server.settings import Limits, Site
from schocken.server.tables import rules_from_request
from schocken.server.tournament import Tournaments
from schocken.server.tournament_views import SHOWN_PLAYERS, _of_club, detail, organiser_change
from schocken.tournament import FORMATS, TournamentBook
from schocken.tournament.paper import PAPERS

router = APIRouter()
log = logging.getLogger("schocken.server")

PUBLIC_VIEWS = ("screen", "phone")
"""The tournament's pages opened by its view key."""
MOST_HIDDEN = 600
"""The most minutes the screen may hide."""


async def the_tournaments(request: Request) -> Tournaments:
    """The server's tournaments; the request's lane is set
    (:func:`~schocken.server.lanes.enter_lane`)."""
    enter_lane(request)
    tournaments: Tournaments = request.app.state.tournaments
    return tournaments


TournamentsDep = Annotated[Tournaments, Depends(the_tournaments)]


def _hide(request: Request) -> int:
    given = request.query_params.get("hide", "0")
    if not given.isdigit() or not 0 <= int(given) <= MOST_HIDDEN:
        raise refuse("server_refuse_tournament_hide", 400, value=given[:20], most=MOST_HIDDEN)
    return int(given)


# ---------------------------------------------------------------------- pages


@router.get("/tournaments/{club}", response_class=HTMLResponse)
async def list_page(club: str, request: Request) -> str:
    return web_page(request)


@router.get("/tournaments/{club}/{name}", response_class=HTMLResponse)
async def organiser_page(club: str, name: str, request: Request) -> str:
    return web_page(request)


@router.get("/tournaments/{club}/{name}/{view}", response_class=HTMLResponse)
async def public_page(club: str, name: str, view: str, request: Request) -> str:
    if view not in PUBLIC_VIEWS:
        raise refuse(
            "server_refuse_tournament_view", 404, view=view[:40], views=", ".join(PUBLIC_VIEWS)
        )
    return web_page(request)


@router.get("/tournaments/{club}/{name}/print/{what}", response_class=HTMLResponse)
async def print_page(
    club: str, name: str, what: str, request: Request, tournaments: TournamentsDep
) -> str:
    """A print view (``plan``, ``sheets``, ``ranking``, ``certificates``; ``round``: of that
    round, else the latest) as a page of its own, made for paper (docs/tournament.md)."""
    if what not in PAPERS:
        raise refuse("server_refuse_tournament_print", 404, view=what[:40], views=", ".join(PAPERS))
    key, lang = request.query_params.get("key"), language(request)
    given = request.query_params.get("round")
    if given is not None and not given.isdigit():
        raise refuse("server_refuse_tournament_round", 400, value=given[:20])
    tournaments.calls.take(name, key, client_address(request))
    number = None if given is None else int(given)
    return await tournaments.paper(club, name, key, what, lang, number)


# ---------------------------------------------------------------------- the organiser


@router.get("/api/clubs/{club}/tournaments")
async def tournaments_of(
    club: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The club's tournaments and the formats a new one may take."""
    slug = await opened(clubs, club, request)

    def listed(book: TournamentBook) -> dict[str, Any]:
        name = book.book.club(slug)["name"]
        return {
            "club": {"name": name, "slug": slug},
            "tournaments": [t for t in book.tournaments() if t["club"] == name],
            "formats": sorted(FORMATS),
            "our_rules": book.book.our_rules(slug),
        }

    return await tournaments.run(listed)


@router.post("/api/clubs/{club}/tournaments")
async def create(
    club: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A new tournament of the club: ``name``, ``date``, ``place``, ``format`` (a preset's
    name), ``capacity`` (or null), ``seed`` (or null: a random one), ``rules`` ({preset,
    overrides}, or null: the preset ``allgemein``). Answers its detail."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    # A preset's name or {preset, overrides}, as POST /api/tables takes them; refused in words.
    rules = None if data.get("rules") is None else rules_from_request(data.get("rules"))

    def make(book: TournamentBook) -> dict[str, Any]:
        info = book.create(
            data.get("name"),  # type: ignore[arg-type]
            date=data.get("date"),  # type: ignore[arg-type]
            place=data.get("place") or "",
            club=slug,
            format=data.get("format") or "werl",
            rules=rules,
            capacity=data.get("capacity"),
            seed=data.get("seed") or None,
        )
        return detail(book, info["name"])

    return await tournaments.run(make)


@router.get("/api/clubs/{club}/tournaments/{name}")
async def get(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> Any:
    slug = await opened(clubs, club, request)

    def one(book: TournamentBook) -> dict[str, Any] | Response:
        found = _of_club(book, slug, name)
        if is_big(book, found):  # in a worker process (schocken.server.heavy)
            heavy = tournaments.heavy
            answer = heavy.answer(book, slug, found, "", {}, lambda: detail(book, found))
            return Response(answer, media_type="application/json")
        return detail(book, found)

    return await tournaments.run(one)


@router.get("/api/clubs/{club}/tournaments/{name}/players")
async def players_page(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A page of the players (by number): ``from`` (default 0), at most
    :data:`SHOWN_PLAYERS`; and how many there are in all (``of``)."""
    slug = await opened(clubs, club, request)
    given = request.query_params.get("from", "0")
    if not given.isdigit() or len(given) > 6:
        raise refuse("server_refuse_tournament_from", 400, value=given[:20])
    first = int(given)

    def page(book: TournamentBook) -> dict[str, Any]:
        everyone = book.players(_of_club(book, slug, name))
        return {
            "from": first,
            "of": len(everyone),
            "players": everyone[first : first + SHOWN_PLAYERS],
        }

    return await tournaments.run(page)


ACTIONS = ("register", "withdraw", "draw", "undraw", "enter", "remove")
"""The organiser's changes, each ``POST /api/clubs/{club}/tournaments/{name}/{action}``."""


@router.post("/api/clubs/{club}/tournaments/{name}/online")
async def open_online(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A table of the latest round (``round``, ``table``) opened as an online table of the game
    server: the tournament's rules, a seat for each of its players and no other (no bots),
    each player seated by name with a link of their own to their seat (the first is the table's
    host, who starts the game). Answers the tournament's detail and the ``links`` with their QR
    codes: said this once (the server keeps the seats' tokens as hashes only)."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    number, table_no = data.get("round"), data.get("table")

    def check(book: TournamentBook) -> tuple[str, list[str], Rules]:
        found = _of_club(book, slug, name)
        return found, book.check_online(found, number, table_no), book.picture(found).rules  # type: ignore[arg-type]

    found, players, rules = await tournaments.run(check)
    tables = tournaments.tables
    limits: Limits = request.app.state.limits
    if len(tables.by_id) >= limits.max_tables:
        raise refuse("server_refuse_tables_full", 503)
    drawn = {"name": found, "round": number, "table": table_no, "players": players}
    table, token, _ = await tables.create(rules, len(players), players[0], tournament=drawn)
    tokens = [token]
    for seat in range(1, len(players)):
        tokens.append(await tables.commit(table, table.seat_drawn, seat))

    def keep(book: TournamentBook) -> dict[str, Any]:
        book.add_online(found, number, table_no, table.id, players)  # type: ignore[arg-type]
        return detail(book, found)

    answer = await tournaments.run(keep)
    return {**answer, "links": await _links(request, table.id, players, tokens)}


async def _links(
    request: Request, table_id: str, players: list[str], tokens: list[str]
) -> list[dict[str, str]]:
    """Each player's link to their seat, from the server's public address, with its QR code (an
    SVG data URL)."""
    site: Site = request.app.state.site
    out = []
    for player, token in zip(players, tokens, strict=True):
        link = f"{site.public_url}/t/{table_id}#{token}"
        svg = await asyncio.to_thread(draw_qr, link, "svg")
        qr = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
        out.append({"name": player, "link": link, "qr": qr})
    return out


@router.post("/api/clubs/{club}/tournaments/{name}/links")
async def new_links(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """New links to the seats of a table's online table (``round``, ``table``), for an organiser
    who needs them again: every seat gets a new token, and the old links open nothing (a seat a
    bot plays by the organiser's decision gets none). Answers the ``links`` with their QR
    codes."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)

    def online(book: TournamentBook) -> tuple[str, list[str]]:
        found = _of_club(book, slug, name)
        o = book.online_table(found, data.get("round"), data.get("table"))  # type: ignore[arg-type]
        return o["table_id"], o["players"]

    table_id, players = await tournaments.run(online)
    table = await tournaments.tables.get(table_id)
    seats = [i for i in range(len(players)) if table.seats[i].token_hash is not None]
    tokens = [await tournaments.tables.commit(table, table.new_token, seat) for seat in seats]
    return {"links": await _links(request, table_id, [players[i] for i in seats], tokens)}


@router.post("/api/clubs/{club}/tournaments/{name}/bot")
async def drawn_bot(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The organiser lets a bot play the seat of a drawn player (``name``) at a table's online
    table (``round``, ``table``), before its game or during it: the tournament keeps it (the
    online table's ``bots``, and its log), the player's link opens the seat no more, the seat
    keeps their name and the game counts for them (docs/tournament.md). Answers the detail."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    number, table_no, player = data.get("round"), data.get("table"), data.get("name")

    def check(book: TournamentBook) -> tuple[str, int, str]:
        found = _of_club(book, slug, name)
        seat = book.check_online_bot(found, number, table_no, player)  # type: ignore[arg-type]
        return found, seat, book.online_table(found, number, table_no)["table_id"]  # type: ignore[arg-type]

    found, seat, table_id = await tournaments.run(check)
    table = (await tournaments.chain(table_id))[-1]  # the game now played there
    await tournaments.tables.commit(table, table.drawn_bot, seat)

    def keep(book: TournamentBook) -> dict[str, Any]:
        book.online_bot(found, number, table_no, player)  # type: ignore[arg-type]
        return detail(book, found)

    try:
        answer = await tournaments.run(keep)  # logged: the views' version moves on
    finally:
        request.app.state.hub.seat_gone(table, seat)
    return answer


@router.post("/api/clubs/{club}/tournaments/{name}/take")
async def take_games(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The finished games of a table's online table (``round``, ``table``; its next games, the
    rematches, too) entered as the table's games from their records, each once (one entered
    before is passed over); they go into the club's book as well. Answers the detail and how
    many were ``taken``."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    found = await tournaments.run(lambda book: _of_club(book, slug, name))
    taken = await tournaments.take(found, data.get("round"), data.get("table"))  # type: ignore[arg-type]
    return {**await tournaments.run(lambda book: detail(book, found)), "taken": taken}


@router.post("/api/clubs/{club}/tournaments/{name}/{action}")
async def change(
    club: str,
    name: str,
    action: str,
    request: Request,
    clubs: ClubsDep,
    tournaments: TournamentsDep,
) -> Any:
    """A change by the organiser (:data:`ACTIONS`): ``register`` (``names``, ``team``,
    ``guest``: true, or the names of those who come as guests), ``withdraw`` (``name``),
    ``draw`` (``close``: true closes the round before on purpose), ``undraw`` the latest
    round's draw taken back before it has games (``reason``), ``enter`` a game by hand
    (``round``, ``table``, ``players``, ``halves``: each half's finishing order as groups of
    names, first out first, ``finale_loser``, ``schock_aus`` and ``bought_in`` by section),
    ``remove`` the table's last game (``round``, ``table``, ``reason``). Answers the
    tournament's detail."""
    if action not in ACTIONS:
        raise refuse(
            "server_refuse_tournament_action", 404, action=action[:40], actions=", ".join(ACTIONS)
        )
    limits: Limits = request.app.state.limits
    data = await read_body(request, limits.max_register if action == "register" else None)
    slug = await opened(clubs, club, request, data)

    def do(book: TournamentBook) -> dict[str, Any] | Response:
        found = _of_club(book, slug, name)
        if is_big(book, found, data):  # in a worker process (schocken.server.heavy)
            answer = tournaments.heavy.answer(book, slug, found, action, data, lambda: here(book))
            return Response(answer, media_type="application/json")
        return here(book)

    def here(book: TournamentBook) -> dict[str, Any]:
        found = _of_club(book, slug, name)
        if action == "draw":
            book.draw(found, close=data.get("close", False), seat=tournaments.seat)
        else:
            organiser_change(book, found, action, data)
        return detail(book, found)

    return await tournaments.run(do)


# ---------------------------------------------------------------------- the public views


@router.get("/api/tournaments/{club}/{name}/live")
async def live_view(
    club: str, name: str, request: Request, tournaments: TournamentsDep
) -> Response:
    """The screen's and the phones' data (``?key=``, the view key): every round's tables and
    the ranking, without the games of the last ``hide`` minutes (0 to 600)."""
    hide, key = _hide(request), request.query_params.get("key")
    tournaments.calls.take(name, key, client_address(request))
    return Response(await tournaments.live(club, name, key, hide), media_type="application/json")


@router.get("/api/clubs/{club}/tournaments/{name}/qr")
async def view_qr(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The phone view's link and its QR code (an SVG data URL), from the server's public
    address."""
    slug = await opened(clubs, club, request)

    def both(book: TournamentBook) -> tuple[str, str]:
        found = _of_club(book, slug, name)
        return found, book.view_key(found)

    found, key = await tournaments.run(both)
    site: Site = request.app.state.site
    link = (
        f"{site.public_url}/tournaments/{quote(slug)}/{quote(slug_of(found))}/phone"
        f"?key={quote(key)}"
    )
    svg = await asyncio.to_thread(draw_qr, link, "svg")
    return {"link": link, "qr": "data:image/svg+xml;base64," + base64.b64encode(svg).decode()}
