"""The club's pages and endpoints (``/club``, ``/api/clubs``): a router of its own, whose routes
declare what they need (the clubs of the server: :func:`the_clubs`; a request's body:
:func:`~schocken.server.requests.read_body`). The book and its guards are
:class:`schocken.server.club.Clubs`; the endpoints are listed in docs/protocol.md and
docs/club.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from schocken.club import CSV_KINDS, PRICE_ITEMS, ClubBook
from schocken.server.club import (
    ENTRY_HEADER,
    MAX_IMPORT,
    SECRET_HEADER,
    SESSION_HEADER,
    Clubs,
    device_of,
)
from schocken.server.lanes import enter_lane
from schocken.server.pub import TOKEN_HEADER as PUB_TOKEN_HEADER
from schocken.server.pub import record_of
from schocken.server.refusals import refuse
from schocken.server.requests import client_address, read_body, read_raw_body, web_page
from schocken.server.routes.pub import the_pub_games
from schocken.server.routes.tables import the_tables
from schocken.texts import said

router = APIRouter()


async def the_clubs(request: Request) -> Clubs:
    """The server's clubs (their book, sessions and guards); the request's lane is set
    (:func:`~schocken.server.lanes.enter_lane`: in the request's own context, so async)."""
    enter_lane(request)
    clubs: Clubs = request.app.state.clubs
    return clubs


ClubsDep = Annotated[Clubs, Depends(the_clubs)]


def _text(data: dict[str, Any], key: str, default: str = "") -> Any:
    value = data.get(key, default)
    return default if value is None else value


@router.get("/club", response_class=HTMLResponse)
async def club_start_page(request: Request) -> str:
    return web_page(request)


@router.get("/club/{slug}", response_class=HTMLResponse)
async def club_page(slug: str, request: Request) -> str:
    return web_page(request)


CLUB_VIEWS = ("money", "members", "stats", "settings")
"""The views of a club's page besides its home (Tonight): each its own address."""


@router.get("/club/{slug}/{view}", response_class=HTMLResponse)
async def club_view_page(slug: str, view: str, request: Request) -> str:
    if view not in CLUB_VIEWS:
        raise refuse("server_refuse_club_view", 404, view=view[:40], views=", ".join(CLUB_VIEWS))
    return web_page(request)


@router.post("/api/clubs")
async def create(request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A new club: ``name`` and, if wanted, ``password``. Answers its slug, its secret (for
    the secret link; shown only now) and a session."""
    book = clubs.book
    data = await read_body(request)
    address = client_address(request)
    clubs.created_by.check(address)
    password = data.get("password") or None
    device = device_of(request)

    def make() -> tuple[dict[str, Any], str, str]:
        with book.transaction():  # the club with its first session, or nothing
            info, secret = book.create_club(data.get("name"), password=password)  # type: ignore[arg-type]
            return dict(info), secret, book.new_session(info["slug"], device=device)

    info, secret, session = await clubs.run(make)
    clubs.created_by.note(address)
    return {"club": info, "secret": secret, "session": session}


@router.post("/api/clubs/import")
async def import_club(request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A new club from a club's export (``schocken club export``, or the page's download),
    sent as the request's body: checked as every change is (records replayed, in a worker
    process), then written whole in one short transaction, or not at all; a malformed file
    is refused with the reader's message. Every import counts against the address's new
    clubs a minute, refused ones too. The club keeps the secret link and password it had;
    this answers a session for it, like a new club."""
    address = client_address(request)
    clubs.created_by.check(address)
    clubs.created_by.note(address)
    raw = await read_raw_body(request, MAX_IMPORT, said("server_word_export"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise refuse("server_refuse_utf8", 400, what=said("server_word_export")) from None
    del raw
    info, session = await clubs.import_club(text, device_of(request))
    return {"club": info, "session": session}


@router.post("/api/clubs/{slug}/session")
async def session(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """Open a club by ``secret`` or ``password``: a session token for its requests."""
    data = await read_body(request)
    info = await clubs.check(
        client_address(request), slug, secret=data.get("secret"), password=data.get("password")
    )
    return {"club": info, "session": await clubs.new_session(info["slug"], request)}


def caller(request: Request, data: dict[str, Any] | None = None) -> object:
    """The session token a request carries (in its body, or in the header)."""
    return (data or {}).get("session") or request.headers.get(SESSION_HEADER)


@router.post("/api/clubs/{slug}/session/end")
async def end_session(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """Close the club on this device: its session (``session``, or the header) ends. A
    session that opens no club, or another club, is refused (403)."""
    book = clubs.book
    data = await read_body(request)
    token = caller(request, data)
    if not isinstance(token, str) or not token:
        raise refuse("server_refuse_which_session", 400, header=SESSION_HEADER)
    await clubs.open(slug, client_address(request), session=token, secret=None)
    await clubs.run(book.end_session, token)
    return {"ended": True}


@router.get("/api/clubs/{slug}/sessions")
async def sessions(slug: str, request: Request, clubs: ClubsDep) -> list[dict[str, Any]]:
    """The club's sessions (the browsers it is open on): a short id, the device, when it was
    opened and last used, when it expires, and which one asks. No token is sent."""
    book = clubs.book
    club = await opened(clubs, slug, request)
    listed = await clubs.run(book.sessions, club, current=caller(request))
    return [dict(s) for s in listed]


@router.post("/api/clubs/{slug}/sessions/end")
async def end_session_by_id(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """End one of the club's sessions by its ``id`` (from the list): that browser has to
    open the club again with the link or password. Answers what was ended and the list."""
    book = clubs.book
    data = await read_body(request)
    club = await opened(clubs, slug, request, data)
    ended = await clubs.run(book.end_session_by_id, club, data.get("id"))
    listed = await clubs.run(book.sessions, club, current=caller(request, data))
    return {"ended": dict(ended), "sessions": [dict(s) for s in listed]}


async def opened(
    clubs: Clubs, slug: str, request: Request, data: dict[str, Any] | None = None
) -> str:
    data = data or {}
    return await clubs.open(
        slug,
        client_address(request),
        session=caller(request, data),
        secret=data.get("secret") or request.headers.get(SECRET_HEADER),
    )


def overview(book: ClubBook, club: str) -> dict[str, Any]:
    return {
        "club": book.club(club),
        "members": book.members(club),
        "renamed": book.renamed(club),
        "balances": book.balances(club),
        "evenings": book.evenings(club),
        "games": book.games(club, with_void=True),
        "prices": book.prices(club),
        "price_items": list(PRICE_ITEMS),
        "ledger": book.ledger(club),
        "seasons": book.seasons(club),
        "expenses": book.expenses(club),
        "kitty": book.kitty(club),
        "fine_items": book.fine_items(club),
        "account": book.account(club),
        "rules": book.our_rules(club),
    }


@router.get("/api/clubs/{slug}")
async def get(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The club's book: members, balances, evenings, games, prices, the ledger, the
    kitty and its expenses."""
    club = await opened(clubs, slug, request)
    return await clubs.run(overview, clubs.book, club)


async def applied(
    clubs: Clubs, club: str, request: Request, do: Callable[[], object]
) -> dict[str, Any]:
    """``do`` (a change to ``club``) in the club's lane, and the answer of the change: what
    was done, the whole book after it, and, when the request carries an entry id (header
    :data:`~schocken.server.club.ENTRY_HEADER`, made on the phone), ``entry``: the id and
    whether it was applied before (``repeated``: then nothing was changed, and ``done`` is what
    the first time answered). An entry id is applied once (:meth:`ClubBook.once`)."""
    entry = request.headers.get(ENTRY_HEADER)
    if entry is None:
        done = await clubs.run(do)
        return {"done": done, **(await clubs.run(overview, clubs.book, club))}
    route = request.scope.get("route")
    what = getattr(route, "path", request.url.path)  # the address's pattern: the same each time
    once = await clubs.run(clubs.book.once, club, entry, what, do)
    return {
        "done": once.done,
        "entry": {"id": entry, "repeated": once.repeated},
        **(await clubs.run(overview, clubs.book, club)),
    }


async def change(
    clubs: Clubs, slug: str, request: Request, do: Callable[[str, dict[str, Any]], object]
) -> dict[str, Any]:
    data = await read_body(request)
    club = await opened(clubs, slug, request, data)
    return await applied(clubs, club, request, lambda: do(club, data))


async def rekey(
    clubs: Clubs, slug: str, request: Request, do: Callable[[str, dict[str, Any]], object]
) -> dict[str, Any]:
    """A change that ends every session of the club (a new secret or password): the caller
    gets a fresh session, made right after it in the same call."""
    book = clubs.book
    data = await read_body(request)
    club = await opened(clubs, slug, request, data)

    device = device_of(request)

    def both() -> tuple[object, str]:
        with book.transaction():  # the new key with the caller's session, or nothing
            done = do(club, data)
            return done, book.new_session(club, device=device)

    done, session = await clubs.run(both)
    return {"done": done, "session": session, **(await clubs.run(overview, clubs.book, club))}


@router.post("/api/clubs/{slug}/secret")
async def new_secret(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A new secret for the club's link, answered once as ``done.secret``: the old link no
    longer opens the club and every session ends; the caller gets a new ``session``."""
    book = clubs.book
    return await rekey(clubs, slug, request, lambda c, d: {"secret": book.new_secret(c)})


@router.post("/api/clubs/{slug}/password")
async def set_password(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """Set the club's ``password``, or remove it (``remove``: true; the secret link still
    opens the club). Either ends every session; the caller gets a new ``session``."""
    book = clubs.book

    def do(club: str, data: dict[str, Any]) -> object:
        # Only ``remove`` removes it: a missing password is a password too short.
        password = None if data.get("remove") is True else data.get("password") or ""
        book.set_password(club, password)
        return book.club(club)

    return await rekey(clubs, slug, request, do)


@router.post("/api/clubs/{slug}/members")
async def add_member(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A new member: ``name``, and ``guest`` (true or false)."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.add_member(c, d.get("name"), guest=d.get("guest", False)),  # type: ignore[arg-type]
    )


@router.post("/api/clubs/{slug}/members/rename")
async def rename_member(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A member's new name: ``name``, ``new_name``."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.rename_member(c, d.get("name"), d.get("new_name")),  # type: ignore[arg-type]
    )


@router.post("/api/clubs/{slug}/members/leave")
async def member_leaves(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A member leaves: ``name``, ``date`` (default today)."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.member_leaves(c, d.get("name"), d.get("date") or None),  # type: ignore[arg-type]
    )


@router.post("/api/clubs/{slug}/evenings")
async def add_evening(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A new evening: ``date``, ``place``, ``present`` (names)."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.add_evening(
            c,
            d.get("date"),  # type: ignore[arg-type]
            place=_text(d, "place"),
            note=_text(d, "note"),
            present=d.get("present") or [],
        ),
    )


@router.post("/api/clubs/{slug}/evenings/present")
async def add_present(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """More members who came to the evening ``date``: ``present`` (names); who was marked
    already stays marked."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.add_present(c, d.get("date"), d.get("present")),  # type: ignore[arg-type]
    )


@router.post("/api/clubs/{slug}/games")
async def add_game(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A game of the evening ``date``: from a finished online table (``table``: its id or
    code), a pub game (``pub`` and ``pub_token``), a ``record`` (JSON), or just its
    ``loser`` (with ``players``; default: who came)."""
    book = clubs.book
    data = await read_body(request)
    club = await opened(clubs, slug, request, data)
    record: Any = None
    source = None
    bots: list[int] = []
    if data.get("table") is not None:
        if not isinstance(data["table"], str):
            raise refuse("server_refuse_table_field")
        table = await the_tables(request).get(data["table"])
        record, source = table.record(), "online"
        # A seat no human ever had is a bot's (a player's seat a bot took over stays theirs).
        bots = [i for i, seat in enumerate(table.seats) if seat.token_hash is None]
    elif data.get("pub") is not None:
        if not isinstance(data["pub"], str):
            raise refuse("server_refuse_pub_field")
        token = data.get("pub_token") or request.headers.get(PUB_TOKEN_HEADER)
        kept = await the_pub_games(request).get(data["pub"], token)
        if kept.chain is not None:  # a tournament's table: the tournament books it
            raise refuse("server_refuse_pub_of_tournament")
        async with kept.lock:
            record = record_of(data["pub"], kept.pub)
        source = "pub"
    elif data.get("record") is not None:
        record = data["record"]
        source = data.get("source") or "online"
    players = data.get("players")
    day: Any = data.get("date")

    def do() -> object:
        if record is not None:
            return book.add_game(
                club, day, record=record, source=source, note=_text(data, "note"), bots=bots
            )
        return book.add_game(
            club,
            day,
            players=players,
            loser=data.get("loser"),
            halves=data.get("halves") or (),
            schock_aus=data.get("schock_aus") or (),
            note=_text(data, "note"),
        )

    return await applied(clubs, club, request, do)


@router.get("/api/clubs/{slug}/log")
async def log(slug: str, request: Request, clubs: ClubsDep) -> list[dict[str, Any]]:
    """Every change to the club, oldest first: ``at`` (UTC), ``action``, ``detail``."""
    book = clubs.book
    club = await opened(clubs, slug, request)
    return [dict(entry) for entry in await clubs.run(book.log, club)]


@router.get("/api/clubs/{slug}/export")
async def export(slug: str, request: Request, clubs: ClubsDep) -> Response:
    """The whole club as JSON (``schocken club export``), as a file to download."""
    book = clubs.book
    club = await opened(clubs, slug, request)
    text = await clubs.run(book.export_club, club)
    return Response(
        text,
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{club}.json"'},
    )


@router.get("/api/clubs/{slug}/stats")
async def stats(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The statistics of a ``season`` (query; none: all games), with 95% intervals."""
    book = clubs.book
    club = await opened(clubs, slug, request)
    season = request.query_params.get("season") or None
    return dict(await clubs.run(book.stats, club, season))


@router.get("/api/clubs/{slug}/csv/{kind}")
async def csv(slug: str, kind: str, request: Request, clubs: ClubsDep) -> Response:
    """One of :data:`~schocken.club.CSV_KINDS` as CSV, for a spreadsheet."""
    book = clubs.book
    club = await opened(clubs, slug, request)
    if kind not in CSV_KINDS:
        raise refuse("server_refuse_csv", 404, kind=kind[:40], kinds=", ".join(CSV_KINDS))
    season = request.query_params.get("season") or None
    text = await clubs.run(book.csv, club, kind, season)
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{club}-{kind}.csv"'},
    )
