"""What every route reads of a request, as functions routes declare (FastAPI's dependencies):
who asks (the client's address), a state-changing request's body (from a page of this site,
JSON, within the size limit), and the server's parts kept on the app (``app.state``).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from schocken.server.settings import Limits, Site
from schocken.server.tables import TableError


def client_address(request: Request) -> str:
    """The address a request comes from (``"unknown"`` when the server cannot tell)."""
    return request.client.host if request.client is not None else "unknown"


def web_page(request: Request) -> str:
    """The web page (one page for every path of the browser's app)."""
    page: str = request.app.state.page
    return page


def check_origin(request: Request) -> None:
    """Refuse (403) a request made by a page of another site."""
    site: Site = request.app.state.site
    origin = request.headers.get("origin")
    if origin is not None and not site.allows(origin.lower()):
        raise TableError(f"requests from pages of {origin[:100]!r} are not accepted", 403)


async def read_raw_body(request: Request, limit: int, what: str) -> bytearray:
    """A state-changing request's body: from a page of this site, JSON, at most ``limit``
    bytes (counted while it is read)."""
    check_origin(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise TableError(f"{what} is JSON (Content-Type: application/json)", 415)
    too_big = TableError(f"{what} has at most {limit} bytes", 413)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise too_big
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise too_big
    return raw


async def read_body(request: Request) -> dict[str, Any]:
    """A state-changing request's JSON body (:func:`read_raw_body`), one object."""
    limits: Limits = request.app.state.limits
    raw = await read_raw_body(request, limits.max_body, "a request body")
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, numbers too long, nesting
        raise TableError("the request body is one JSON object") from None
    if not isinstance(data, dict):
        raise TableError("the request body is one JSON object")
    return data
