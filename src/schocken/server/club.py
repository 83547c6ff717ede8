"""The Schockbuch on the server: a club's book in the browser (``/club``, ``/api/clubs``).

The book is :class:`schocken.club.ClubBook`, kept in the server's database (its ``club_``
tables). A ClubBook is one connection for one thread: the book runs in the threads of the lanes
(:mod:`schocken.server.lanes`), each with a connection of its own, never on the event loop, so a
slow disk delays only club requests, and one club's work never waits behind another's. Every
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
book's message, in the caller's language (the key and fields of the book's refusal go along:
:func:`~schocken.server.refusals.refusal_of`), and changes nothing. The endpoints are the routes of
:mod:`schocken.server.routes.clubs`, listed in docs/protocol.md and docs/club.md.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from fastapi import Request

from schocken.club import (
    CheckedImport,
    ClubBook,
    check_import,
    slug_of,
    verify_access,
)
from schocken.errors import ClubAccessError, ClubError, ClubStoreError
from schocken.server.lanes import Lanes
from schocken.server.refusals import PerMinute, TableError, refusal_of, refuse
from schocken.server.settings import Limits
from schocken.server.store import Store
from schocken.server.thinking import Workers
from schocken.store import StoreError

log = logging.getLogger("schocken.server")

T = TypeVar("T")

SESSION_HEADER = "x-club-session"
"""The header that carries a club's session token."""
SECRET_HEADER = "x-club-secret"
"""The header that carries a club's secret (from its secret link)."""
ENTRY_HEADER = "x-entry-id"
"""The header that carries a change's entry id, made on the phone that entered it: the change is
applied once however often it is sent (:mod:`schocken.club.entries`)."""
MAX_IMPORT = 32 * 1024 * 1024
"""Bytes of a club's export sent to be imported (a club of many years, its games as records)."""
IMPORT_BUDGET = 120.0
"""Seconds a club's import may take to be checked (its records replayed, in a worker process);
then it is stopped and refused (503). A 30 MiB club of 5,400 games takes about 5 s."""
IMPORTS_WAITING = 2
"""Imports waiting for the one being checked, at most; one more is refused (503)."""

CHECKERS = 2
"""Threads that check secrets and passwords (scrypt: 50 ms and 16 MiB each), apart from the
book's threads, so a check holds up no other club's request."""
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
            raise refuse("server_refuse_guesses_wait", 429, seconds=wait)
        recent = self.recent.setdefault(address, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= GUESSES_PER_ADDRESS:
            raise refuse("server_refuse_guesses_minute", 429, count=GUESSES_PER_ADDRESS)
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


def _check_export(text: str) -> CheckedImport | TableError:
    """In a worker process: the export checked (:func:`schocken.club.check_import`), or its
    refusal (its key and fields go back to the server with it)."""
    try:
        return check_import(text)
    except ClubError as exc:
        return refusal_of(exc)
    except ClubStoreError as exc:  # no memory for the book of the check
        return refuse("server_refuse_import_now", 503, why=exc)


class Clubs:
    """The club book of the server's database, used in the threads of the lanes, and the sessions;
    the checks of keys (in threads of their own) and of imports (in a worker process)."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.created_by = PerMinute(limits.tables_per_minute, "clubs")
        """New clubs (made or imported) an address may ask for in a minute."""
        self.lanes = Lanes(
            lambda: ClubBook(store.target, timeout=store.timeout), limits.book_connections
        )
        """The threads the book runs in, each on a connection of its own, and the clubs'
        lanes (:mod:`schocken.server.lanes`)."""
        try:
            self.lanes.now(self.lanes.here)
        except ClubStoreError:
            self.lanes.close()
            raise
        self.book: ClubBook = self.lanes.book
        """The book of the thread a call runs in."""
        self._checks = ThreadPoolExecutor(CHECKERS, thread_name_prefix="schocken-club-check")
        self._checking = 0
        """Checks of keys running or waiting."""
        self.guesses = Guesses()
        self._path, self._timeout = store.target, store.timeout
        self.target, self.timeout = store.target, store.timeout
        """The database and how long a write waits for its lock (for worker processes that
        open it themselves)."""
        self._importer = Workers(1)
        self._import_writer = ThreadPoolExecutor(1, thread_name_prefix="schocken-club-import")
        self._import_slot = asyncio.Semaphore(1)
        self._importing = 0
        """Imports being checked, written or waiting."""

    def close(self) -> None:
        self._importer.kill()
        self._checks.shutdown(cancel_futures=True)
        self._import_writer.shutdown()
        self.lanes.close()

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a thread of the lanes, through the gate of the request's
        lane (:meth:`Lanes.run`); the book's refusals as errors of the request (400 with its
        message, 403 for access, 503 when the file cannot take a change)."""
        return await self._refused(self.lanes.run(lambda: fn(*args, **kwargs)))

    async def _run_in(self, thread: ThreadPoolExecutor, fn: Callable[[], T]) -> T:
        loop = asyncio.get_running_loop()
        return await self._refused(loop.run_in_executor(thread, fn))

    async def _refused(self, call: Awaitable[T]) -> T:
        try:
            return await call
        except ClubAccessError as exc:
            raise refusal_of(exc, 403) from None
        except ClubError as exc:
            raise refusal_of(exc) from None
        except ClubStoreError as exc:
            raise refuse("server_refuse_book", 503, why=exc) from None
        except StoreError as exc:  # a read the database could not answer (busy, gone)
            raise refuse("server_refuse_book_now", 503, why=exc) from None

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
            raise refuse("server_refuse_checking", 503)
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
            raise refuse("club_refuse_no_access", 403)
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
            raise refuse("server_refuse_importing", 503)
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
            raise refuse("server_refuse_import_slow", 503, seconds=f"{IMPORT_BUDGET:g}") from None
        except (BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("an import's worker failed (%s)", exc)
            raise refuse("server_refuse_import_failed", 503) from None
        if isinstance(checked, TableError):
            raise checked
        return checked

    async def open(self, slug: str, address: str, *, session: object, secret: object) -> str:
        """The club's slug, if ``session`` or ``secret`` opens it (403 otherwise)."""
        if isinstance(session, str) and session:
            club = await self.run(self.book.session_club, session)
            if club is not None:
                if club != slug_of(slug):
                    raise refuse("server_refuse_other_club", 403)
                return club
        if isinstance(secret, str) and secret:
            info = await self.check(address, slug, secret=secret)
            return str(info["slug"])
        raise refuse("server_refuse_members_only", 403)
