"""The game server's app: :func:`create_app` builds the server's parts (the store, the tables,
the live hub, the clubs and tournaments), keeps them on the app (``app.state``, where the routes'
dependencies find them) and includes the routers:

- :mod:`schocken.server.routes.pages`: the browser's pages, its service worker and words;
- :mod:`schocken.server.routes.tables`: the tables' endpoints and the reviews;
- :mod:`schocken.server.routes.live`: the WebSocket of the live play (its connections, bots and
  timers are the hub's, :class:`schocken.server.hub.Hub`);
- :mod:`schocken.server.routes.clubs`, :mod:`~schocken.server.routes.tournaments`,
  :mod:`~schocken.server.routes.rules`, :mod:`~schocken.server.routes.tournament_pub` and pub
  mode (:mod:`schocken.server.pub`).

Every change is stored before it is applied for good (:meth:`Tables.commit`); what cannot be
stored is refused and taken back. The limits (:class:`~schocken.server.settings.Limits`) are
checked where a client asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from schocken.server.club import Clubs
from schocken.server.hub import Hub
from schocken.server.protocol import PROTOCOL_VERSION
from schocken.server.pub import PubGames
from schocken.server.refusals import PerMinute, TableError
from schocken.server.requests import language, refusal_answer
from schocken.server.routes.club_money import router as club_money_router
from schocken.server.routes.club_settings import router as club_settings_router
from schocken.server.routes.clubs import router as clubs_router
from schocken.server.routes.live import router as live_router
from schocken.server.routes.pages import STATIC, service_worker_script
from schocken.server.routes.pages import router as pages_router
from schocken.server.routes.pub import router as pub_router
from schocken.server.routes.rules import router as rules_router
from schocken.server.routes.tables import Reviews
from schocken.server.routes.tables import router as tables_router
from schocken.server.routes.tournament_pub import router as tournament_pub_router
from schocken.server.routes.tournaments import router as tournaments_router
from schocken.server.settings import Limits, Site
from schocken.server.store import Store
from schocken.server.tables import Tables
from schocken.server.thinking import Thinker
from schocken.server.tournament import Tournaments
from schocken.store import is_url
from schocken.texts import refusal_text

log = logging.getLogger("schocken.server")

GC_THRESHOLDS = (20_000, 50, 100)
"""The collector's thresholds (Python's default: 700, 10, 10)."""


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; media-src 'self' data: blob:; connect-src 'self'; "
    "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Adds the security headers to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


_collecting: list[float] = []


def _time_full_collections(phase: str, info: dict[str, int]) -> None:
    """Log the collector's full passes that hold the event loop up noticeably."""
    if info.get("generation") != 2:
        return
    if phase == "start":
        _collecting[:] = [time.perf_counter()]
    elif _collecting:
        took = time.perf_counter() - _collecting.pop()
        if took > 0.05:
            log.warning("a full garbage collection took %.0f ms", took * 1000)


def create_app(
    db_path: str | Path,
    *,
    seed: int | None = None,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    site: Site | None = None,
    listen: str | None = None,
    bot_plugins: tuple[str, ...] = (),
    worker_name: str | None = None,
) -> FastAPI:
    """The server's app, storing its tables in ``db_path``: a SQLite file, or a PostgreSQL
    database named by its ``postgresql://`` URL (then it is one of the server's workers,
    registered with ``listen``, the machine and address it listens on: a worker started again
    where another listened takes that one's tables at once). ``bot_plugins`` are the bot
    plug-ins its tables may seat (``docs/bots-api.md``, "Plug-ins"): each is made once here, so
    that one that cannot be used is refused (:class:`~schocken.bots.plugins.BotPluginError`)
    before the server starts. A worker given ``worker_name`` is reached through the proxy
    under ``/w/<worker_name>/`` too, and tells its clients so (:class:`~schocken.server.workers.
    Routes`)."""
    limits = limits or Limits()
    if bot_plugins:
        from schocken.bots.plugins import check_plugin, set_budget

        set_budget(limits.bot_budget)
        for name in bot_plugins:
            check_plugin(name)
    site = site or Site()
    store = Store(
        db_path, timeout=limits.write_timeout, touch_every=min(60.0, limits.idle_timeout / 10)
    )
    cluster = None
    if is_url(db_path):  # PostgreSQL: this process is one of the server's workers
        from schocken.server.workers import Cluster, Forward, Routes

        cluster = Cluster(str(db_path), listen or site.public_url, worker_name)
    tables = Tables(
        store,
        seed=seed,
        resume_within=limits.idle_timeout,
        leases=cluster,
        plugins=tuple(bot_plugins),
    )
    if cluster is not None:
        cluster.tables = tables
    thinker = Thinker(workers=limits.bot_workers, budget=limits.bot_budget)
    hub = Hub(tables, bot_delay=bot_delay, limits=limits, site=site, thinker=thinker)
    hub.route = None if cluster is None else cluster.route
    background: list[asyncio.Task[None]] = []

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        """At start: the restored tables' bots and timers go on, the sweeper and the event
        loop's watch begin; at the end: they stop, with the workers, and the club's book is
        closed."""
        for table in list(tables.by_id.values()):
            hub.kick(table)
        if cluster is not None:
            await cluster.start(hub, app)
        background.append(asyncio.create_task(hub.sweeper()))
        background.append(asyncio.create_task(hub.watch_loop()))
        # Everything made at start (tables restored, modules) is long-lived: the collector
        # need not go through it again and again (each full collection holds up every table).
        gc.collect()
        gc.freeze()
        # Fewer passes of the collector: a full one holds every table up for 100 ms or more
        # once a thousand players are connected (objects are mostly freed by reference
        # counting; the collector is only for cycles).
        gc.set_threshold(*GC_THRESHOLDS)
        gc.callbacks.append(_time_full_collections)
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            if cluster is not None:
                await cluster.stop()
            thinker.close()
            app.state.reviews.close()
            hub.stop_coach()
            app.state.tournaments.close()  # the draw's and the views' worker processes
            await asyncio.to_thread(clubs.close)  # the club's book (opened with its routes)

    app = FastAPI(title="schocken", version=str(PROTOCOL_VERSION), lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    if cluster is not None:  # outermost: a table another worker owns is its business
        app.add_middleware(Forward, cluster=cluster)
        app.add_middleware(Routes, route=cluster.route)  # the route's prefix off first
    app.state.tables = tables
    app.state.hub = hub
    app.state.seeded = seed is not None
    app.state.limits = limits
    app.state.site = site
    app.state.cluster = cluster
    app.state.tables_made = PerMinute(limits.tables_per_minute, "tables")
    app.state.reviews = Reviews(limits)

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        """A refused request, answered in the caller's language (:func:`language`)."""
        return refusal_answer(refusal_text(exc, language(request)), exc.status, exc.key)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    if seed is not None:
        page = page.replace('data-seeded="false"', 'data-seeded="true"')
    app.state.page = page

    pub_games = app.state.pub_games = PubGames(store)
    app.state.pubs_made = PerMinute(limits.tables_per_minute, "games")
    app.include_router(pub_router)
    clubs = app.state.clubs = Clubs(store, limits)  # closed by the lifespan
    # on the club's book, in the threads of its lanes
    app.state.tournaments = Tournaments(clubs, tables, pub_games)
    app.state.tournaments.tell = hub.send_table
    app.include_router(clubs_router)
    app.include_router(club_money_router)
    app.include_router(club_settings_router)
    app.include_router(rules_router)
    app.include_router(tournament_pub_router)  # before the tournaments' {action}
    app.include_router(tournaments_router)
    app.include_router(pages_router)
    app.include_router(tables_router)
    app.include_router(live_router)
    service_worker_script()  # read at start (a missing file is said at once)

    return app


def default_db(data_dir: str | Path) -> Path:
    return Path(data_dir) / "schocken.sqlite3"
