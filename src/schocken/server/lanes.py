"""Lanes: one club's work never waits behind another club's (issue 29, item 1).

The club's book and its tournaments run in a pool of threads (``--book-connections``,
:data:`LANE_THREADS` by default), never on the event loop; each thread has a connection of its
own to the database (a :class:`~schocken.club.ClubBook` opened on first use), so threads read
and write at once: SQLite's write-ahead journal lets any number read while one writes,
PostgreSQL has a server process per connection. What a request may do in the pool depends on
its *lane* (:class:`Lane`): the club its address names and whether it only reads (``GET`` and
``HEAD``).

- A club's changes (every other method) take the club's write gate, one at a time: a club's
  changes run in the order they came, one after the other, as they did on the one thread
  before.
- A club's reads take neither the write gate nor another club's gate: at most
  :data:`READS_PER_CLUB` of them run at once (more wait for one of them), so a club whose
  screens ask a lot cannot take every thread.

So at most ``1 + READS_PER_CLUB`` threads work for one club at any time, and another club
finds a free thread unless five clubs are all at their busiest at once. Requests that name no
club (a new club, a game's end that a tournament takes) share the lane ``""``.

The lane of a request is set by the routes' dependencies (:func:`enter_lane`, in the request's
own context), and :meth:`Lanes.run` reads it; a call made outside a request (a task of a
finished game) is a change of the lane ``""``. :attr:`Lanes.book` is the book of the thread
that runs the call: ``clubs.run(book.members, slug)`` calls ``members`` on the connection of
the thread that takes the call.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from starlette.requests import HTTPConnection

from schocken.club import ClubBook, slug_of

T = TypeVar("T")

LANE_THREADS = 8
"""Threads of the pool by default (``schocken serve --book-connections``); each keeps a
connection of its own to the database (on PostgreSQL, a server process of the database's
``max_connections``)."""
READS_PER_CLUB = 2
"""Reads of one club that run at once; more wait for one of them (never for a change)."""


@dataclass(frozen=True)
class Lane:
    """Whose work a call is: the club (its slug; ``""``: none) and whether it only reads."""

    club: str
    read: bool


NO_CLUB = Lane("", read=False)
"""The lane of a call outside a request (a task of a finished game): a change of no club."""
LANE: ContextVar[Lane | None] = ContextVar("schocken_lane", default=None)
"""The lane of the request being answered (set by :func:`enter_lane`)."""


def enter_lane(request: HTTPConnection) -> Lane:
    """The lane of ``request`` (the club its address names: ``{slug}`` or ``{club}``; a read
    for ``GET`` and ``HEAD``), set for the rest of the request."""
    params = request.path_params
    named = params.get("slug") or params.get("club") or ""
    club = slug_of(named)[:100] if isinstance(named, str) and named else ""
    method = request.scope.get("method", "GET")
    lane = Lane(club, read=method in ("GET", "HEAD"))
    LANE.set(lane)
    return lane


class _Gates:
    """Per club, a gate that lets ``size`` calls through at once; a club's gate is forgotten
    when nobody holds or waits for it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._gates: dict[str, tuple[asyncio.Semaphore, int]] = {}

    async def take(self, club: str) -> None:
        gate, users = self._gates.get(club, (None, 0))
        if gate is None:
            gate = asyncio.Semaphore(self.size)
        self._gates[club] = (gate, users + 1)
        try:
            await gate.acquire()
        except BaseException:
            self._leave(club)
            raise

    def give(self, club: str) -> None:
        self._gates[club][0].release()
        self._leave(club)

    def _leave(self, club: str) -> None:
        gate, users = self._gates[club]
        if users <= 1:
            del self._gates[club]
        else:
            self._gates[club] = (gate, users - 1)


class ClubGate:
    """A gate per club (:meth:`Lanes.gate`), passed by the request's club."""

    def __init__(self, gates: _Gates) -> None:
        self._gates = gates

    @contextlib.asynccontextmanager
    async def held(self) -> AsyncIterator[None]:
        club = (LANE.get() or NO_CLUB).club
        await self._gates.take(club)
        try:
            yield
        finally:
            self._gates.give(club)


class _HereBook:
    """Stands for the club's book of the thread that uses it (:attr:`Lanes.book`)."""

    def __init__(self, lanes: Lanes) -> None:
        self._lanes = lanes

    def __getattr__(self, name: str) -> Any:
        here = self._lanes.book_here()
        if here is not None:
            return getattr(here, name)
        lanes = self._lanes

        def later(*args: Any, **kwargs: Any) -> Any:
            return getattr(lanes.here(), name)(*args, **kwargs)

        return later


class Lanes:
    """The pool of threads, their connections and the clubs' gates."""

    def __init__(self, open_book: Callable[[], ClubBook], threads: int = LANE_THREADS) -> None:
        self._open = open_book
        self._local = threading.local()
        self._books: list[ClubBook] = []
        self._books_lock = threading.Lock()
        self._pool = ThreadPoolExecutor(
            max(1, threads), thread_name_prefix="schocken-lane", initializer=self._mark
        )
        self._writes = _Gates(1)
        self._reads = _Gates(READS_PER_CLUB)
        self.book: ClubBook = cast(ClubBook, _HereBook(self))
        """The book of the thread a call runs in (see the module's words)."""

    def _mark(self) -> None:
        self._local.lane = True

    def book_here(self) -> ClubBook | None:
        """This thread's book, if it is a lane's thread and has one."""
        return cast(ClubBook | None, getattr(self._local, "book", None))

    def here(self) -> ClubBook:
        """The book of this thread of the pool, opened on first use."""
        book = self.book_here()
        if book is None:
            if not getattr(self._local, "lane", False):
                raise RuntimeError("the club's book is used in the threads of the lanes only")
            book = self._local.book = self._open()
            with self._books_lock:
                self._books.append(book)
        return book

    def kept(self, name: str, make: Callable[[ClubBook], T]) -> T:
        """What ``make`` makes of this thread's book, made once per thread (the tournaments'
        book on the same connection)."""
        kept: dict[str, Any] = self._local.__dict__.setdefault("kept", {})
        if name not in kept:
            kept[name] = make(self.here())
        return cast(T, kept[name])

    def now(self, fn: Callable[[], T]) -> T:
        """``fn()`` in a thread of the pool, waited for: what the server does before it
        answers anything (the tables made or brought up to date, once, not by several threads
        at once)."""
        return self._pool.submit(fn).result()

    def gate(self, size: int) -> ClubGate:
        """A gate of its own per club that lets ``size`` of the club's calls through at once
        (work done elsewhere: a view made in a worker process)."""
        return ClubGate(_Gates(size))

    async def run(self, fn: Callable[[], T]) -> T:
        """``fn()`` in a thread of the pool, through the gate of the request's lane: a club's
        change after its earlier changes, a read beside them."""
        lane = LANE.get() or NO_CLUB
        gates = self._reads if lane.read else self._writes
        await gates.take(lane.club)
        loop = asyncio.get_running_loop()

        def give(_: Future[T]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(gates.give, lane.club)

        try:
            done = self._pool.submit(fn)
        except BaseException:
            gates.give(lane.club)
            raise
        # Given back when the thread is done (not when a cancelled request stops waiting):
        # a club's next change never runs beside one still running.
        done.add_done_callback(give)
        return await asyncio.wrap_future(done)

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)
        with self._books_lock:
            books, self._books = self._books, []
        for book in books:
            with contextlib.suppress(Exception):
                book.close()
