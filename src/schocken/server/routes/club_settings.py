"""A club's settings (``/api/clubs/{slug}/...``): the season's start, the bots' seats, the
link to the club as a QR code, the club's account and its own rules. A router of its own, with
the club's access and changes of :mod:`schocken.server.routes.clubs`; the endpoints are listed in
docs/club.md.
"""

from __future__ import annotations

import asyncio
import base64
import re
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request

from schocken.club.transfer import draw_qr
from schocken.server.refusals import refuse
from schocken.server.requests import client_address, read_body
from schocken.server.routes.clubs import ClubsDep, change, opened

router = APIRouter()


@router.post("/api/clubs/{slug}/season-start")
async def set_season_start(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The day the club's seasons begin: ``season_start`` (``MM-DD``)."""
    book = clubs.book

    def do(club: str, data: dict[str, Any]) -> object:
        book.set_season_start(club, data.get("season_start"))  # type: ignore[arg-type]
        return book.club(club)

    return await change(clubs, slug, request, do)


@router.post("/api/clubs/{slug}/bot-seats")
async def set_bot_seats(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """What a bot's seat of an online table counts as from now on: ``bot_seats``
    (``not_counted`` or ``guest``; see docs/club.md)."""
    book = clubs.book

    def do(club: str, data: dict[str, Any]) -> object:
        book.set_bot_seats(club, data.get("bot_seats"))  # type: ignore[arg-type]
        return book.club(club)

    return await change(clubs, slug, request, do)


ORIGIN = re.compile(
    r"https?://[A-Za-z0-9.\-]+(:[0-9]{1,5})?|https?://\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?"
)
"""A web page's origin as a browser gives it (``location.origin``): scheme, host, port."""


@router.post("/api/clubs/{slug}/link-qr")
async def link_qr(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The club's secret link as a QR code, for a browser that holds the secret (the book keeps
    only its hash, so the browser sends it: ``secret``, with its ``origin``, the address the
    link begins with). The secret is checked like any key (a stale one is refused); answers
    the ``link`` and its QR code as an SVG data URL."""
    data = await read_body(request)
    # Opened by the browser's session; the secret sent is the one to draw, checked below.
    club = await opened(clubs, slug, request, {k: v for k, v in data.items() if k != "secret"})
    secret, origin = data.get("secret"), data.get("origin")
    if not isinstance(origin, str) or len(origin) > 200 or not ORIGIN.fullmatch(origin):
        raise refuse("server_refuse_origin_field")
    if not isinstance(secret, str) or not secret:
        raise refuse("server_refuse_secret_field")
    await clubs.check(client_address(request), club, secret=secret)
    link = f"{origin}/club/{club}#{quote(secret, safe='')}"
    svg = await asyncio.to_thread(draw_qr, link, "svg")
    return {
        "link": link,
        "qr": "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii"),
    }


@router.post("/api/clubs/{slug}/account")
async def set_account(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The club's bank account for payments by QR code: ``iban``, ``holder``, ``bic``
    (optional); or ``remove``: true."""
    book = clubs.book

    def do(club: str, data: dict[str, Any]) -> object:
        if data.get("remove") is True:
            book.remove_account(club)
            return None
        return book.set_account(
            club,
            data.get("iban"),  # type: ignore[arg-type]
            data.get("holder"),  # type: ignore[arg-type]
            bic=data.get("bic") or "",
        )

    return await change(clubs, slug, request, do)


@router.get("/api/clubs/{slug}/rules")
async def our_rules(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The club's own rules ("our rules", ``{preset, overrides}``, or null) and its name, for
    the start of a game on a device that has the club open."""
    book = clubs.book
    club = await opened(clubs, slug, request)

    def both() -> dict[str, Any]:
        info = book.club(club)
        return {"club": {"name": info["name"], "slug": info["slug"]}, "rules": book.our_rules(club)}

    return await clubs.run(both)


@router.post("/api/clubs/{slug}/rules")
async def set_our_rules(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """Keep ``rules`` (``{preset, overrides}``, as the rules builder makes them) as the club's
    own rules, or ``remove``: true."""
    book = clubs.book

    def do(club: str, data: dict[str, Any]) -> object:
        if data.get("remove") is True:
            book.remove_our_rules(club)
            return None
        return book.set_our_rules(club, data.get("rules"))

    return await change(clubs, slug, request, do)
