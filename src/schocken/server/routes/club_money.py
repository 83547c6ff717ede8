"""A club's money (``/api/clubs/{slug}/...``): prices, payments, expenses, fines and charges,
a game voided, what a member pays by QR code, the ledger. A router of its own, with the club's
access and changes of :mod:`schocken.server.routes.clubs`; the book is
:class:`schocken.club.ClubBook`, the endpoints are listed in docs/club.md.
"""

from __future__ import annotations

import asyncio
import base64
from typing import Any

from fastapi import APIRouter, Request

from schocken.club.transfer import draw_qr
from schocken.server.routes.clubs import ClubsDep, _text, change, opened

router = APIRouter()


@router.post("/api/clubs/{slug}/prices")
async def set_price(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A price: ``item``, ``cents``, ``valid_from`` (a date, or none: from the start)."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.set_price(
            c,
            d.get("item"),  # type: ignore[arg-type]
            d.get("cents"),  # type: ignore[arg-type]
            valid_from=d.get("valid_from") or None,
        ),
    )


@router.post("/api/clubs/{slug}/payments")
async def pay(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A payment: ``member``, ``cents``, ``date`` (default today), ``note``."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.pay(
            c,
            d.get("member"),  # type: ignore[arg-type]
            d.get("cents"),  # type: ignore[arg-type]
            day=d.get("date") or None,
            note=_text(d, "note"),
        ),
    )


@router.post("/api/clubs/{slug}/expenses")
async def add_expense(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The kitty pays out: ``cents`` (negative: a correction), ``purpose`` (what it was
    for), ``date`` (default today), ``paid_by`` (the member who paid it out; optional)."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.add_expense(
            c,
            d.get("cents"),  # type: ignore[arg-type]
            d.get("purpose"),  # type: ignore[arg-type]
            day=d.get("date") or None,
            paid_by=d.get("paid_by") or None,
        ),
    )


@router.post("/api/clubs/{slug}/games/void")
async def void_game(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """Strike a game out: ``date``, ``number`` (in the evening), ``reason``."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.void_game(c, d.get("date"), d.get("number"), d.get("reason")),  # type: ignore[arg-type]
    )


@router.post("/api/clubs/{slug}/fine-items")
async def set_fine_item(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A fine into the club's catalogue, or its new price: ``name``, ``cents``."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.set_fine_item(c, d.get("name"), d.get("cents")),  # type: ignore[arg-type]
    )


@router.post("/api/clubs/{slug}/fine-items/remove")
async def remove_fine_item(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A fine out of the catalogue (what was booked stays): ``name``."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.remove_fine_item(c, d.get("name")),  # type: ignore[arg-type]
    )


@router.post("/api/clubs/{slug}/fines")
async def fine(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """Book a fine of the catalogue: ``member``, ``fine`` (its name), ``count`` (default 1),
    ``date`` (default today); ``anyway``: true books it on a member who had left by that day
    (the treasurer's decision on a held offline entry)."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.fine(
            c,
            d.get("member"),  # type: ignore[arg-type]
            d.get("fine"),  # type: ignore[arg-type]
            count=d.get("count", 1),
            day=d.get("date") or None,
            anyway=d.get("anyway", False),
        ),
    )


@router.post("/api/clubs/{slug}/charges")
async def charge(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """A fine or correction by hand: ``member``, ``cents`` (negative: a credit), ``reason``,
    ``date`` (default today)."""
    book = clubs.book
    return await change(
        clubs,
        slug,
        request,
        lambda c, d: book.charge(
            c,
            d.get("member"),  # type: ignore[arg-type]
            d.get("cents"),  # type: ignore[arg-type]
            d.get("reason"),  # type: ignore[arg-type]
            day=d.get("date") or None,
        ),
    )


@router.get("/api/clubs/{slug}/pay")
async def pay_by_qr(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """What ``member`` (query) pays to settle their balance: the transfer to the club's
    account and its QR code (EPC069-12, "GiroCode") as an SVG data URL."""
    book = clubs.book
    club = await opened(clubs, slug, request)
    member = request.query_params.get("member", "")
    transfer = await clubs.run(book.transfer, club, member)
    svg = await asyncio.to_thread(draw_qr, transfer["payload"], "svg")
    qr = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    return {**transfer, "qr": qr}


@router.get("/api/clubs/{slug}/ledger")
async def ledger(slug: str, request: Request, clubs: ClubsDep) -> dict[str, Any]:
    """The ledger of one ``member`` (query): their lines and their balance."""
    book = clubs.book
    club = await opened(clubs, slug, request)
    member = request.query_params.get("member", "")

    def one() -> dict[str, Any]:
        return {"lines": book.ledger(club, member), "balance": book.balance(club, member)}

    return await clubs.run(one)
