"""What every route reads of a request, as functions routes declare (FastAPI's dependencies):
who asks (the client's address) and in which language (:func:`language`), a state-changing
request's body (from a page of this site, JSON, within the size limit), and the server's parts
kept on the app (``app.state``).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from schocken.server.refusals import refuse
from schocken.server.settings import Limits, Site
from schocken.texts import LANGUAGES, Said, said


def client_address(request: HTTPConnection) -> str:
    """The address a request (or a WebSocket) comes from (``"unknown"`` when the server cannot
    tell)."""
    return request.client.host if request.client is not None else "unknown"


LANG_COOKIE = "schocken-lang"
"""The cookie in which the web page keeps the language it shows (``de`` or ``en``)."""


def language(request: HTTPConnection) -> str:
    """The language a request (or a WebSocket's handshake) is answered in (its refusals, its
    words): ``lang`` in the query (``?lang=de``), else the page's cookie :data:`LANG_COOKIE`,
    else the first of the request's ``Accept-Language`` that the server speaks, else English."""
    for given in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if given in LANGUAGES:
            return given
    return accepted_language(request.headers.get("accept-language", ""))


def accepted_language(header: str) -> str:
    """The language an ``Accept-Language`` header asks for first, of those the server speaks
    (English when it asks for none of them).

    >>> accepted_language("fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7")
    'de'
    >>> accepted_language("en-US,de;q=0.5"), accepted_language("*"), accepted_language("")
    ('en', 'en', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                q = float(value)
            except ValueError:
                continue
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and q > 0:
            ranked.append((-q, i, lang))
    return min(ranked)[2] if ranked else "en"


def web_page(request: Request) -> str:
    """The web page (one page for every path of the browser's app)."""
    page: str = request.app.state.page
    return page


def refusal_answer(message: str, status: int = 400, code: str | None = None) -> JSONResponse:
    """A refused request's answer: ``error``, why in words, and ``code``, the key of its text
    in the catalogue (where it has one)."""
    answer = {"error": message} if code is None else {"error": message, "code": code}
    return JSONResponse(answer, status_code=status)


def check_origin(request: Request) -> None:
    """Refuse (403) a request made by a page of another site."""
    site: Site = request.app.state.site
    origin = request.headers.get("origin")
    if origin is not None and not site.allows(origin.lower()):
        raise refuse("server_refuse_origin", 403, origin=origin[:100])


async def read_raw_body(request: Request, limit: int, what: Said) -> bytearray:
    """A state-changing request's body: from a page of this site, JSON, at most ``limit``
    bytes (counted while it is read); ``what`` names it in a refusal."""
    check_origin(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise refuse("server_refuse_body_json", 415, what=what)
    too_big = refuse("server_refuse_body_size", 413, what=what, most=limit)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise too_big
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise too_big
    return raw


async def read_body(request: Request, limit: int | None = None) -> dict[str, Any]:
    """A state-changing request's JSON body (:func:`read_raw_body`), one object; at most
    ``limit`` bytes (default: the server's ``max_body``)."""
    limits: Limits = request.app.state.limits
    most = limits.max_body if limit is None else limit
    raw = await read_raw_body(request, most, said("server_word_body"))
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, numbers too long, nesting
        raise refuse("server_refuse_body_object") from None
    if not isinstance(data, dict):
        raise refuse("server_refuse_body_object")
    return data
