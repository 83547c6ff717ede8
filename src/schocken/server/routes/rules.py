"""The rules builder's page and endpoints (``/rules``, ``/api/rules``): the rule options as a
form draws them (:func:`schocken.rule_options.rule_options`), a rule set checked by the engine
(its refusal in the player's language), and the QR code of a rule set's link. A club's own
rules ("our rules") are the club's: ``/api/clubs/{slug}/rules`` in
:mod:`schocken.server.routes.clubs`. The endpoints are listed in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import json
from functools import cache, lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from schocken.club.transfer import draw_qr
from schocken.errors import RulesError
from schocken.rule_options import (
    checked,
    read_rules,
    refusal_in_words,
    rule_options,
    rules_code,
    rules_of_code,
)
from schocken.server.refusals import refusal_of
from schocken.server.requests import language, read_body, web_page
from schocken.server.settings import Site

router = APIRouter()


@cache
def _options_json(lang: str) -> bytes:
    return json.dumps(rule_options(lang), ensure_ascii=False, separators=(",", ":")).encode()


@lru_cache(maxsize=512)
def _rules_qr(url: str) -> bytes:
    return draw_qr(url, "svg")


@router.get("/rules", response_class=HTMLResponse)
async def rules_page(request: Request) -> str:
    return web_page(request)


@router.get("/api/rules/options")
async def options(request: Request) -> Response:
    """Every rule option with its group, kind, choices, defaults per preset, words (in the
    request's language: ``?lang=``, the page's cookie, Accept-Language) and sources; the
    presets with their names and what sets each apart."""
    return Response(_options_json(language(request)), media_type="application/json")


@router.post("/api/rules/check")
async def check(request: Request) -> dict[str, Any]:
    """A rule set checked by the engine: ``rules`` ({preset, overrides}), ``toml`` (house
    rules) or ``code`` (a link's). Answers ``ok`` with its data, TOML, link code and what it
    changes in words, or ``ok: false`` with the engine's refusal in the request's language."""
    data = await read_body(request)
    lang = language(request)
    try:
        rules = read_rules(data)
    except RulesError as exc:
        return {"ok": False, "error": refusal_in_words(exc, lang)}
    return checked(rules, lang)


@router.get("/api/rules/qr.svg")
async def qr(request: Request) -> Response:
    """The QR code of the link to the rule set of ``r`` (a link's code), from the server's
    public address (the code read and written anew, so only a rule set is ever drawn)."""
    try:
        rules = rules_of_code(request.query_params.get("r", ""))
    except RulesError as exc:
        raise refusal_of(exc) from None
    site: Site = request.app.state.site
    svg = await asyncio.to_thread(_rules_qr, f"{site.public_url}/rules#{rules_code(rules)}")
    return Response(svg, media_type="image/svg+xml")


# The rules lab's endpoint (POST /api/lab) belongs to the builder's page.
from schocken.server.routes.lab import router as lab_router  # noqa: E402

router.include_router(lab_router)
