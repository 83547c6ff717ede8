"""The Schockbuch on the server: a club's book in the browser (``/club``, ``/api/clubs``).

The book is :class:`schocken.club.ClubBook`, kept in the server's SQLite file (its ``club_``
tables). A ClubBook is one connection for one thread: it runs in an executor of one thread of its
own (:class:`Clubs`), never on the event loop, so a slow disk delays only club requests. Every
change is one transaction of the book (committed with a full sync before it is answered), so a
server killed at any moment keeps every answered change; a change the file cannot take (a full
disk) is answered 503 and leaves nothing behind.

What takes long runs elsewhere, so that no club waits for another's: a secret's or password's
check (scrypt's 50 ms) in a small pool of threads of its own (:data:`CHECKERS`, at most
:data:`CHECKS_WAITING` waiting), a club's import (its records replayed) in a worker process
(:func:`schocken.club.check_import`; one at a time, :data:`IMPORTS_WAITING` waiting), whose rows
a connection of its own then writes in one short transaction. Wrong guesses are limited per club
and address (:class:`Guesses`).

A club is opened by its secret (from its secret link) or its password; either gives a session
token, kept in the book (``club_sessions``: its SHA-256, for :data:`~schocken.club.SESSION_DAYS`
days, renewed when used; ended by a new secret or password), so sessions outlive a restart. A
request for a club names it in its address and carries its session (header ``x-club-session``, or
``session`` in a POST's body) or its secret (``x-club-secret`` or ``secret``); a session of
another club is refused (403), like a wrong secret. Refused input is answered 400 with the
book's message and changes nothing. The endpoints are listed in docs/protocol.md and
docs/club.md.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import math
import sqlite3
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from schocken.club import (
    CSV_KINDS,
    NO_ACCESS,
    PRICE_ITEMS,
    CheckedImport,
    ClubBook,
    check_import,
    slug_of,
    verify_access,
)
from schocken.club.transfer import draw_qr
from schocken.errors import ClubAccessError, ClubError, ClubStoreError
from schocken.server.pub import TOKEN_HEADER as PUB_TOKEN_HEADER
from schocken.server.pub import PubGames
from schocken.server.settings import Limits
from schocken.server.store import Store
from schocken.server.tables import PerMinute, TableError, Tables
from schocken.server.thinking import Workers

log = logging.getLogger("schocken.server")

T = TypeVar("T")
Body = Callable[[Request], Awaitable[dict[str, Any]]]
RawBody = Callable[[Request, int, str], Awaitable[bytearray]]

SESSION_HEADER = "x-club-session"
"""The header that carries a club's session token."""
SECRET_HEADER = "x-club-secret"
"""The header that carries a club's secret (from its secret link)."""
MAX_IMPORT = 32 * 1024 * 1024
"""Bytes of a club's export sent to be imported (a club of many years, its games as records)."""
IMPORT_BUDGET = 120.0
"""Seconds a club's import may take to be checked (its records replayed, in a worker process);
then it is stopped and refused (503). A 30 MiB club of 5,400 games takes about 5 s."""
IMPORTS_WAITING = 2
"""Imports waiting for the one being checked, at most; one more is refused (503)."""

CHECKERS = 2
"""Threads that check secrets and passwords (scrypt: 50 ms and 16 MiB each), apart from the
book's thread, so a check holds up no other club's request."""
CHECKS_WAITING = 16
"""Checks waiting for one of the :data:`CHECKERS`, at most; one more is refused (503) before it
is counted or checked."""

FREE_GUESSES = 10
"""Wrong secrets or passwords for one club from one address that need no wait. Beyond them
each guess from there waits: 1 s after the 11th, then 2, 4, 8 ... up to :data:`MAX_GUESS_WAIT`.
A guess counts when it arrives, before it is checked: guesses sent at once count as well."""
MAX_GUESS_WAIT = 60
"""The longest wait (seconds) between two guesses for one club from one address."""
FORGET_GUESSES = 900
"""Seconds after its last guess that a club and address start afresh (as after a right key)."""
GUESSES_PER_ADDRESS = 30
"""Guesses (wrong or not yet checked) from one address in a minute, over all clubs: more are
refused (429) before they are checked."""


_BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Safari/", "Safari"),
)
"""Browser names by a mark of their User-Agent, the first that fits (Edge's and Opera's also
carry Chrome's; Chrome's also Safari's)."""
_SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Mac OS X", "Mac"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_of(request: Request) -> str:
    """A short name of the browser a request comes from, for the club's list of sessions:
    "Chrome on Android", "Safari on iPhone"; what cannot be told stays out. A name, not an
    identity: a browser says what it likes."""
    agent = request.headers.get("user-agent", "")
    browser = next((name for mark, name in _BROWSERS if mark in agent), "")
    system = next((name for mark, name in _SYSTEMS if mark in agent), "")
    if browser and system:
        return f"{browser} on {system}"
    return browser or system


@dataclass
class _Streak:
    """The guesses for one club from one address since its last right key."""

    tries: int = 0
    """Guesses that were wrong or are being checked."""
    wait_until: float = 0.0
    last: float = 0.0


class Guesses:
    """Wrong secrets and passwords, counted per club and address before they are checked.

    Per club AND address, so that an address that guesses makes only itself wait, not the club's
    members elsewhere, and members behind one pub's wifi (one address) share a generous
    :data:`FREE_GUESSES` for their typos. Beyond those the wait doubles with each guess, up to
    :data:`MAX_GUESS_WAIT` (about one guess a minute then); a right key, or
    :data:`FORGET_GUESSES` seconds without a guess, starts the club and address afresh. Over all
    clubs an address has :data:`GUESSES_PER_ADDRESS` a minute. A member with a session (every
    browser that opened the club in the last 30 days) needs no key at all.
    """

    def __init__(self) -> None:
        self.streaks: dict[tuple[str, str], _Streak] = {}
        self.recent: dict[str, deque[float]] = {}
        """When each address made its guesses of the last minute (wrong or being checked)."""
        self._forgotten = 0.0

    def take(self, club: str, address: str) -> float:
        """Count a guess for ``club`` from ``address``, before it is checked; refused (429,
        saying how long to wait) while the club and address wait or the address has guessed
        too often this minute. Answers the guess's time, for :meth:`right`."""
        now = time.monotonic()
        streak = self.streaks.get((club, address))
        if streak is not None and now - streak.last > FORGET_GUESSES:
            streak = None
        if streak is not None and now < streak.wait_until:
            wait = math.ceil(streak.wait_until - now)
            raise TableError(
                "too many wrong secrets or passwords for this club from your address; "
                f"try again in {wait} s",
                429,
            )
        recent = self.recent.setdefault(address, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= GUESSES_PER_ADDRESS:
            raise TableError(
                f"{GUESSES_PER_ADDRESS} wrong secrets or passwords from your address in a "
                "minute; try again in a minute",
                429,
            )
        if streak is None:
            streak = self.streaks[(club, address)] = _Streak()
        streak.tries += 1
        streak.last = now
        recent.append(now)
        beyond = streak.tries - FREE_GUESSES
        if beyond > 0:
            streak.wait_until = now + min(MAX_GUESS_WAIT, 2 ** min(beyond - 1, 16))
        many = len(self.streaks) > 10_000 or len(self.recent) > 10_000
        if many and now - self._forgotten > 1:
            self._forget(now)
        return now

    def right(self, club: str, address: str, at: float) -> None:
        """The guess made at ``at`` was right: the club and address start afresh, and the guess
        leaves the address's count."""
        self.streaks.pop((club, address), None)
        recent = self.recent.get(address)
        if recent is not None and at in recent:
            recent.remove(at)

    def _forget(self, now: float) -> None:
        """Forget the clubs and addresses that start afresh anyway (at most once a second)."""
        self._forgotten = now
        for key in [k for k, v in self.streaks.items() if now - v.last > FORGET_GUESSES]:
            del self.streaks[key]
        for address in [a for a, q in self.recent.items() if not q or now - q[-1] > 60]:
            del self.recent[address]


def _check_export(text: str) -> CheckedImport | tuple[int, str]:
    """In a worker process: the export checked (:func:`schocken.club.check_import`), or the
    status and message of its refusal."""
    try:
        return check_import(text)
    except ClubError as exc:
        return 400, str(exc)
    except ClubStoreError as exc:  # no memory for the book of the check
        return 503, f"the import cannot be checked now: {exc}"


class Clubs:
    """The club book of the server's file, used from one thread of its own, and the sessions;
    the checks of keys (in threads of their own) and of imports (in a worker process)."""

    def __init__(self, store: Store) -> None:
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="schocken-club")
        try:
            self.book: ClubBook = self._thread.submit(
                ClubBook, store.path, timeout=store.timeout
            ).result()
        except ClubStoreError:
            self._thread.shutdown()
            raise
        self._checks = ThreadPoolExecutor(CHECKERS, thread_name_prefix="schocken-club-check")
        self._checking = 0
        """Checks of keys running or waiting."""
        self.guesses = Guesses()
        self._path, self._timeout = store.path, store.timeout
        self._importer = Workers(1)
        self._import_writer = ThreadPoolExecutor(1, thread_name_prefix="schocken-club-import")
        self._import_slot = asyncio.Semaphore(1)
        self._importing = 0
        """Imports being checked, written or waiting."""

    def close(self) -> None:
        self._importer.kill()
        self._checks.shutdown(cancel_futures=True)
        self._import_writer.shutdown()
        self._thread.submit(self.book.close).result()
        self._thread.shutdown()

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in the book's thread; the book's refusals as errors of the
        request (400 with its message, 403 for access, 503 when the file cannot take a
        change)."""
        return await self._run_in(self._thread, lambda: fn(*args, **kwargs))

    async def _run_in(self, thread: ThreadPoolExecutor, fn: Callable[[], T]) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(thread, fn)
        except ClubAccessError as exc:
            raise TableError(str(exc), 403) from None
        except ClubError as exc:
            raise TableError(str(exc)) from None
        except ClubStoreError as exc:
            raise TableError(f"the club's book cannot be used: {exc}", 503) from None
        except sqlite3.OperationalError as exc:
            raise TableError(f"the club's book cannot be used now: {exc}", 503) from None

    async def new_session(self, slug: str, request: Request) -> str:
        """A session for the club (opened by its secret or password), kept in the book with
        the name of the browser that asked (:func:`device_of`)."""
        return await self.run(self.book.new_session, slug, device=device_of(request))

    async def check(
        self, address: str, slug: str, *, secret: object = None, password: object = None
    ) -> dict[str, Any]:
        """The club (``ClubInfo``) if ``secret`` or ``password`` opens it. The guess is counted
        for the club and ``address`` before it is checked (:class:`Guesses`), and checked in
        the threads of the checks, never in the book's."""
        if self._checking >= CHECKERS + CHECKS_WAITING:
            raise TableError(
                "the server is checking many passwords at once; try again in a moment", 503
            )
        club = slug_of(slug)[:100] if isinstance(slug, str) else ""
        at = self.guesses.take(club, address)
        self._checking += 1
        try:
            hashes = await self.run(self.book.access_hashes, slug)
            loop = asyncio.get_running_loop()
            ok = await loop.run_in_executor(
                self._checks, verify_access, secret, password, *(hashes or (None, None))
            )
        finally:
            self._checking -= 1
        if not ok or hashes is None:
            raise TableError(NO_ACCESS, 403)
        self.guesses.right(club, address, at)
        return dict(await self.run(self.book.club, slug))

    async def import_club(self, text: str, device: str) -> tuple[dict[str, Any], str]:
        """A club from its export, and a session for it (on ``device``); one import at a time.
        The export is checked in a worker process (records replayed, within
        :data:`IMPORT_BUDGET`), the book and the file free meanwhile; a bad one is refused
        (400) with the reader's message. The club and its session are then written in one
        short transaction, by a connection of its own in a thread of its own: the book's
        thread goes on serving the other clubs meanwhile."""
        if self._importing > IMPORTS_WAITING:
            raise TableError("the server is importing other clubs; try again in a minute", 503)
        self._importing += 1
        try:
            async with self._import_slot:
                checked = await self._check_import(text)

                def write() -> tuple[dict[str, Any], str]:
                    with ClubBook(self._path, timeout=self._timeout) as book, book.transaction():
                        info = book.write_import(checked)
                        return dict(info), book.new_session(info["slug"], device=device)

                return await self._run_in(self._import_writer, write)
        finally:
            self._importing -= 1

    async def _check_import(self, text: str) -> CheckedImport:
        try:
            checked = await self._importer.run(IMPORT_BUDGET, _check_export, text)
        except TimeoutError:
            raise TableError(
                f"checking the import took more than {IMPORT_BUDGET:g} s and was stopped", 503
            ) from None
        except (BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("an import's worker failed (%s)", exc)
            raise TableError("checking the import failed; try again", 503) from None
        if isinstance(checked, tuple):
            raise TableError(checked[1], checked[0])
        return checked

    async def open(self, slug: str, address: str, *, session: object, secret: object) -> str:
        """The club's slug, if ``session`` or ``secret`` opens it (403 otherwise)."""
        if isinstance(session, str) and session:
            club = await self.run(self.book.session_club, session)
            if club is not None:
                if club != slug_of(slug):
                    raise TableError("this session opens another club, not this one", 403)
                return club
        if isinstance(secret, str) and secret:
            info = await self.check(address, slug, secret=secret)
            return str(info["slug"])
        raise TableError(
            "this club's pages are for its members: open it by its secret link or password", 403
        )


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def _text(data: dict[str, Any], key: str, default: str = "") -> Any:
    value = data.get(key, default)
    return default if value is None else value


def add_club_routes(
    app: FastAPI,
    store: Store,
    body: Body,
    raw_body: RawBody,
    page: str,
    limits: Limits,
    tables: Tables,
    pub_games: PubGames,
) -> Clubs:
    """The club pages and endpoints on ``app``; ``body`` reads a state-changing request's JSON
    (origin and size checked), ``raw_body`` its bytes up to a limit (for an import), ``page`` is
    the web page."""
    clubs = Clubs(store)
    book = clubs.book
    created_by = PerMinute(limits.tables_per_minute, "clubs")
    app.state.clubs = clubs  # closed by the app's lifespan (schocken.server.app)

    @app.get("/club", response_class=HTMLResponse)
    async def club_start_page() -> str:
        return page

    @app.get("/club/{slug}", response_class=HTMLResponse)
    async def club_page(slug: str) -> str:
        return page

    @app.get("/club/{slug}/stats", response_class=HTMLResponse)
    async def club_stats_page(slug: str) -> str:
        return page

    @app.post("/api/clubs")
    async def create(request: Request) -> dict[str, Any]:
        """A new club: ``name`` and, if wanted, ``password``. Answers its slug, its secret (for
        the secret link; shown only now) and a session."""
        data = await body(request)
        address = _address(request)
        created_by.check(address)
        password = data.get("password") or None
        device = device_of(request)

        def make() -> tuple[dict[str, Any], str, str]:
            with book.transaction():  # the club with its first session, or nothing
                info, secret = book.create_club(data.get("name"), password=password)  # type: ignore[arg-type]
                return dict(info), secret, book.new_session(info["slug"], device=device)

        info, secret, session = await clubs.run(make)
        created_by.note(address)
        return {"club": info, "secret": secret, "session": session}

    @app.post("/api/clubs/import")
    async def import_club(request: Request) -> dict[str, Any]:
        """A new club from a club's export (``schocken club export``, or the page's download),
        sent as the request's body: checked as every change is (records replayed, in a worker
        process), then written whole in one short transaction, or not at all; a malformed file
        is refused with the reader's message. Every import counts against the address's new
        clubs a minute, refused ones too. The club keeps the secret link and password it had;
        this answers a session for it, like a new club."""
        address = _address(request)
        created_by.check(address)
        created_by.note(address)
        raw = await raw_body(request, MAX_IMPORT, "a club's export")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise TableError("a club's export is JSON text in UTF-8") from None
        del raw
        info, session = await clubs.import_club(text, device_of(request))
        return {"club": info, "session": session}

    @app.post("/api/clubs/{slug}/session")
    async def session(slug: str, request: Request) -> dict[str, Any]:
        """Open a club by ``secret`` or ``password``: a session token for its requests."""
        data = await body(request)
        info = await clubs.check(
            _address(request), slug, secret=data.get("secret"), password=data.get("password")
        )
        return {"club": info, "session": await clubs.new_session(info["slug"], request)}

    def caller(request: Request, data: dict[str, Any] | None = None) -> object:
        """The session token a request carries (in its body, or in the header)."""
        return (data or {}).get("session") or request.headers.get(SESSION_HEADER)

    @app.post("/api/clubs/{slug}/session/end")
    async def end_session(slug: str, request: Request) -> dict[str, Any]:
        """Close the club on this device: its session (``session``, or the header) ends. A
        session that opens no club, or another club, is refused (403)."""
        data = await body(request)
        token = caller(request, data)
        if not isinstance(token, str) or not token:
            raise TableError(f"which session ends? send it as 'session' or in {SESSION_HEADER}")
        await clubs.open(slug, _address(request), session=token, secret=None)
        await clubs.run(book.end_session, token)
        return {"ended": True}

    @app.get("/api/clubs/{slug}/sessions")
    async def sessions(slug: str, request: Request) -> list[dict[str, Any]]:
        """The club's sessions (the browsers it is open on): a short id, the device, when it was
        opened and last used, when it expires, and which one asks. No token is sent."""
        club = await opened(slug, request)
        listed = await clubs.run(book.sessions, club, current=caller(request))
        return [dict(s) for s in listed]

    @app.post("/api/clubs/{slug}/sessions/end")
    async def end_session_by_id(slug: str, request: Request) -> dict[str, Any]:
        """End one of the club's sessions by its ``id`` (from the list): that browser has to
        open the club again with the link or password. Answers what was ended and the list."""
        data = await body(request)
        club = await opened(slug, request, data)
        ended = await clubs.run(book.end_session_by_id, club, data.get("id"))
        listed = await clubs.run(book.sessions, club, current=caller(request, data))
        return {"ended": dict(ended), "sessions": [dict(s) for s in listed]}

    async def opened(slug: str, request: Request, data: dict[str, Any] | None = None) -> str:
        data = data or {}
        return await clubs.open(
            slug,
            _address(request),
            session=caller(request, data),
            secret=data.get("secret") or request.headers.get(SECRET_HEADER),
        )

    def overview(club: str) -> dict[str, Any]:
        return {
            "club": book.club(club),
            "members": book.members(club),
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
        }

    @app.get("/api/clubs/{slug}")
    async def get(slug: str, request: Request) -> dict[str, Any]:
        """The club's book: members, balances, evenings, games, prices, the ledger, the
        kitty and its expenses."""
        club = await opened(slug, request)
        return await clubs.run(overview, club)

    async def change(
        slug: str, request: Request, do: Callable[[str, dict[str, Any]], object]
    ) -> dict[str, Any]:
        data = await body(request)
        club = await opened(slug, request, data)
        done = await clubs.run(do, club, data)
        return {"done": done, **(await clubs.run(overview, club))}

    async def rekey(
        slug: str, request: Request, do: Callable[[str, dict[str, Any]], object]
    ) -> dict[str, Any]:
        """A change that ends every session of the club (a new secret or password): the caller
        gets a fresh session, made right after it in the book's thread."""
        data = await body(request)
        club = await opened(slug, request, data)

        device = device_of(request)

        def both() -> tuple[object, str]:
            with book.transaction():  # the new key with the caller's session, or nothing
                done = do(club, data)
                return done, book.new_session(club, device=device)

        done, session = await clubs.run(both)
        return {"done": done, "session": session, **(await clubs.run(overview, club))}

    @app.post("/api/clubs/{slug}/secret")
    async def new_secret(slug: str, request: Request) -> dict[str, Any]:
        """A new secret for the club's link, answered once as ``done.secret``: the old link no
        longer opens the club and every session ends; the caller gets a new ``session``."""
        return await rekey(slug, request, lambda c, d: {"secret": book.new_secret(c)})

    @app.post("/api/clubs/{slug}/password")
    async def set_password(slug: str, request: Request) -> dict[str, Any]:
        """Set the club's ``password``, or remove it (``remove``: true; the secret link still
        opens the club). Either ends every session; the caller gets a new ``session``."""

        def do(club: str, data: dict[str, Any]) -> object:
            # Only ``remove`` removes it: a missing password is a password too short.
            password = None if data.get("remove") is True else data.get("password") or ""
            book.set_password(club, password)
            return book.club(club)

        return await rekey(slug, request, do)

    @app.post("/api/clubs/{slug}/members")
    async def add_member(slug: str, request: Request) -> dict[str, Any]:
        """A new member: ``name``, and ``guest`` (true or false)."""
        return await change(
            slug,
            request,
            lambda c, d: book.add_member(c, d.get("name"), guest=d.get("guest", False)),  # type: ignore[arg-type]
        )

    @app.post("/api/clubs/{slug}/members/rename")
    async def rename_member(slug: str, request: Request) -> dict[str, Any]:
        """A member's new name: ``name``, ``new_name``."""
        return await change(
            slug,
            request,
            lambda c, d: book.rename_member(c, d.get("name"), d.get("new_name")),  # type: ignore[arg-type]
        )

    @app.post("/api/clubs/{slug}/members/leave")
    async def member_leaves(slug: str, request: Request) -> dict[str, Any]:
        """A member leaves: ``name``, ``date`` (default today)."""
        return await change(
            slug,
            request,
            lambda c, d: book.member_leaves(c, d.get("name"), d.get("date") or None),  # type: ignore[arg-type]
        )

    @app.post("/api/clubs/{slug}/evenings")
    async def add_evening(slug: str, request: Request) -> dict[str, Any]:
        """A new evening: ``date``, ``place``, ``present`` (names)."""
        return await change(
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

    @app.post("/api/clubs/{slug}/evenings/present")
    async def add_present(slug: str, request: Request) -> dict[str, Any]:
        """More members who came to the evening ``date``: ``present`` (names); who was marked
        already stays marked."""
        return await change(
            slug,
            request,
            lambda c, d: book.add_present(c, d.get("date"), d.get("present")),  # type: ignore[arg-type]
        )

    @app.post("/api/clubs/{slug}/games")
    async def add_game(slug: str, request: Request) -> dict[str, Any]:
        """A game of the evening ``date``: from a finished online table (``table``: its id or
        code), a pub game (``pub`` and ``pub_token``), a ``record`` (JSON), or just its
        ``loser`` (with ``players``; default: who came)."""
        data = await body(request)
        club = await opened(slug, request, data)
        record: Any = None
        source = None
        if data.get("table") is not None:
            if not isinstance(data["table"], str):
                raise TableError("'table' is a table's id or invite code")
            record, source = (await tables.get(data["table"])).record(), "online"
        elif data.get("pub") is not None:
            if not isinstance(data["pub"], str):
                raise TableError("'pub' is a pub game's id")
            token = data.get("pub_token") or request.headers.get(PUB_TOKEN_HEADER)
            kept = await pub_games.get(data["pub"], token)
            async with kept.lock:
                record = kept.pub.record()
            source = "pub"
        elif data.get("record") is not None:
            record = data["record"]
            source = data.get("source") or "online"
        players = data.get("players")
        day: Any = data.get("date")

        def do() -> object:
            if record is not None:
                return book.add_game(
                    club, day, record=record, source=source, note=_text(data, "note")
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

        done = await clubs.run(do)
        return {"done": done, **(await clubs.run(overview, club))}

    @app.post("/api/clubs/{slug}/prices")
    async def set_price(slug: str, request: Request) -> dict[str, Any]:
        """A price: ``item``, ``cents``, ``valid_from`` (a date, or none: from the start)."""
        return await change(
            slug,
            request,
            lambda c, d: book.set_price(
                c,
                d.get("item"),  # type: ignore[arg-type]
                d.get("cents"),  # type: ignore[arg-type]
                valid_from=d.get("valid_from") or None,
            ),
        )

    @app.post("/api/clubs/{slug}/payments")
    async def pay(slug: str, request: Request) -> dict[str, Any]:
        """A payment: ``member``, ``cents``, ``date`` (default today), ``note``."""
        return await change(
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

    @app.post("/api/clubs/{slug}/expenses")
    async def add_expense(slug: str, request: Request) -> dict[str, Any]:
        """The kitty pays out: ``cents`` (negative: a correction), ``purpose`` (what it was
        for), ``date`` (default today), ``paid_by`` (the member who paid it out; optional)."""
        return await change(
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

    @app.post("/api/clubs/{slug}/games/void")
    async def void_game(slug: str, request: Request) -> dict[str, Any]:
        """Strike a game out: ``date``, ``number`` (in the evening), ``reason``."""
        return await change(
            slug,
            request,
            lambda c, d: book.void_game(c, d.get("date"), d.get("number"), d.get("reason")),  # type: ignore[arg-type]
        )

    @app.post("/api/clubs/{slug}/fine-items")
    async def set_fine_item(slug: str, request: Request) -> dict[str, Any]:
        """A fine into the club's catalogue, or its new price: ``name``, ``cents``."""
        return await change(
            slug,
            request,
            lambda c, d: book.set_fine_item(c, d.get("name"), d.get("cents")),  # type: ignore[arg-type]
        )

    @app.post("/api/clubs/{slug}/fine-items/remove")
    async def remove_fine_item(slug: str, request: Request) -> dict[str, Any]:
        """A fine out of the catalogue (what was booked stays): ``name``."""
        return await change(
            slug,
            request,
            lambda c, d: book.remove_fine_item(c, d.get("name")),  # type: ignore[arg-type]
        )

    @app.post("/api/clubs/{slug}/fines")
    async def fine(slug: str, request: Request) -> dict[str, Any]:
        """Book a fine of the catalogue: ``member``, ``fine`` (its name), ``count`` (default 1),
        ``date`` (default today)."""
        return await change(
            slug,
            request,
            lambda c, d: book.fine(
                c,
                d.get("member"),  # type: ignore[arg-type]
                d.get("fine"),  # type: ignore[arg-type]
                count=d.get("count", 1),
                day=d.get("date") or None,
            ),
        )

    @app.post("/api/clubs/{slug}/charges")
    async def charge(slug: str, request: Request) -> dict[str, Any]:
        """A fine or correction by hand: ``member``, ``cents`` (negative: a credit), ``reason``,
        ``date`` (default today)."""
        return await change(
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

    @app.post("/api/clubs/{slug}/season-start")
    async def set_season_start(slug: str, request: Request) -> dict[str, Any]:
        """The day the club's seasons begin: ``season_start`` (``MM-DD``)."""

        def do(club: str, data: dict[str, Any]) -> object:
            book.set_season_start(club, data.get("season_start"))  # type: ignore[arg-type]
            return book.club(club)

        return await change(slug, request, do)

    @app.post("/api/clubs/{slug}/account")
    async def set_account(slug: str, request: Request) -> dict[str, Any]:
        """The club's bank account for payments by QR code: ``iban``, ``holder``, ``bic``
        (optional); or ``remove``: true."""

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

        return await change(slug, request, do)

    @app.get("/api/clubs/{slug}/pay")
    async def pay_by_qr(slug: str, request: Request) -> dict[str, Any]:
        """What ``member`` (query) pays to settle their balance: the transfer to the club's
        account and its QR code (EPC069-12, "GiroCode") as an SVG data URL."""
        club = await opened(slug, request)
        member = request.query_params.get("member", "")
        transfer = await clubs.run(book.transfer, club, member)
        svg = await asyncio.to_thread(draw_qr, transfer["payload"], "svg")
        qr = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
        return {**transfer, "qr": qr}

    @app.get("/api/clubs/{slug}/ledger")
    async def ledger(slug: str, request: Request) -> dict[str, Any]:
        """The ledger of one ``member`` (query): their lines and their balance."""
        club = await opened(slug, request)
        member = request.query_params.get("member", "")

        def one() -> dict[str, Any]:
            return {"lines": book.ledger(club, member), "balance": book.balance(club, member)}

        return await clubs.run(one)

    @app.get("/api/clubs/{slug}/log")
    async def log(slug: str, request: Request) -> list[dict[str, Any]]:
        """Every change to the club, oldest first: ``at`` (UTC), ``action``, ``detail``."""
        club = await opened(slug, request)
        return [dict(entry) for entry in await clubs.run(book.log, club)]

    @app.get("/api/clubs/{slug}/export")
    async def export(slug: str, request: Request) -> Response:
        """The whole club as JSON (``schocken club export``), as a file to download."""
        club = await opened(slug, request)
        text = await clubs.run(book.export_club, club)
        return Response(
            text,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{club}.json"'},
        )

    @app.get("/api/clubs/{slug}/stats")
    async def stats(slug: str, request: Request) -> dict[str, Any]:
        """The statistics of a ``season`` (query; none: all games), with 95% intervals."""
        club = await opened(slug, request)
        season = request.query_params.get("season") or None
        return dict(await clubs.run(book.stats, club, season))

    @app.get("/api/clubs/{slug}/csv/{kind}")
    async def csv(slug: str, kind: str, request: Request) -> Response:
        """One of :data:`~schocken.club.CSV_KINDS` as CSV, for a spreadsheet."""
        club = await opened(slug, request)
        if kind not in CSV_KINDS:
            raise TableError(f"no CSV {kind[:40]!r}; there are {', '.join(CSV_KINDS)}", 404)
        season = request.query_params.get("season") or None
        text = await clubs.run(book.csv, club, kind, season)
        return Response(
            text,
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{club}-{kind}.csv"'},
        )

    return clubs
