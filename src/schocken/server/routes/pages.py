"""The browser's pages (one page for every path of the browser's app), its service worker and
the words it shows (``/api/texts/{lang}``). The static files are mounted by
:func:`schocken.server.app.create_app`."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from schocken.catalogue import CATALOGUES
from schocken.server.refusals import refuse as refuse_request
from schocken.server.requests import web_page
from schocken.texts import CATALOGUE, LANGUAGES

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter()


def static_version() -> str:
    """A short hash of the web front end's files (the page, modules, styles, icons): the
    service worker's cache is named by it."""
    digest = hashlib.sha256()
    for path in sorted(STATIC.rglob("*")):  # the views' modules live in folders (club/, table/)
        if path.is_file():
            digest.update(path.relative_to(STATIC).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@cache
def service_worker_script() -> str:
    """The service worker's script, its cache named by :func:`static_version`."""
    worker = (STATIC / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", static_version())
    return worker.replace(
        '"__TEXTS__",', ", ".join(f'"/api/texts/{lang}"' for lang in LANGUAGES) + ","
    )


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> str:
    return web_page(request)


@router.get("/review", response_class=HTMLResponse)
async def review_upload_page(request: Request) -> str:
    return web_page(request)


@router.get("/review/{key}", response_class=HTMLResponse)
async def review_page(key: str, request: Request) -> str:
    return web_page(request)


@router.get("/join/{code}", response_class=HTMLResponse)
async def join_page(code: str, request: Request) -> str:
    return web_page(request)


@router.get("/t/{key}", response_class=HTMLResponse)
async def table_page(key: str, request: Request) -> str:
    return web_page(request)


@router.get("/sw.js")
async def service_worker() -> Response:
    """The service worker, its cache named by the static files' version: a new version
    of the app brings a new cache, the old one is dropped."""
    worker = service_worker_script()
    return Response(worker, media_type="text/javascript", headers={"cache-control": "no-cache"})


@router.get("/api/languages")
async def languages() -> list[dict[str, str]]:
    """The languages the server speaks, one catalogue each, with each one's own name
    (docs/translating.md): the page's language button goes through them in this order."""
    return [{"code": lang, "name": CATALOGUE[lang]["language_name"]} for lang in LANGUAGES]


@router.get("/api/texts/{lang}")
async def texts(lang: str) -> dict[str, object]:
    """Key to text (a plural entry's form for one under its key, its last form under its other
    key), and for counts the language's plural rule (``@plural``: the ``Plural-Forms`` C
    expression of ``n``) and every plural entry's forms by both of its keys (``@forms``)."""
    if lang not in CATALOGUE:
        raise refuse_request("server_refuse_language", 404, lang=lang, langs=", ".join(LANGUAGES))
    cat = CATALOGUES[lang]
    return {**CATALOGUE[lang], "@plural": cat.plural_rule, "@forms": cat.forms}
