"""A big tournament's organiser work in worker processes (issue 29, item 1).

The lanes (:mod:`schocken.server.lanes`) keep one club's work from waiting behind another's
turn at the database, but their threads share the server's interpreter: while a thread spends a
second of Python on a 10,000-player registration, its answer or its draw, every other thread and
the event loop get the interpreter's lock back only at its switches (5 ms each), and a small
club's request, which gives the lock up at each of its dozens of calls to the database, waits
that long again each time (measured: a read of 8 players' tournament took 1.1 s beside a
registration of 1,000 into 9,000). So the organiser's work on a tournament of
:data:`BIG_FIELD` players or more (its answer, and every change by ``POST .../{action}``,
registering up to that many included) is done in worker processes (:data:`HEAVY_WORKERS`,
started when first needed), each with a connection of its own to the database:
the lane's thread sends it there and waits without the lock, through the same gates as before
(a club's changes one after the other, in their order; its reads beside them). The answer comes
back as its JSON, made in the worker.

At most one change and one read of a club's big tournaments run in the workers at a time (the
club's write gate, and a read slot of this module), so another big club waits at most for one
of them; a club with small tournaments never comes here.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor
from typing import Any

from schocken.errors import SchockenError
from schocken.server.refusals import refuse
from schocken.server.thinking import Workers
from schocken.tournament import TournamentBook

BIG_FIELD = 500
"""Players from which a tournament's work is done in worker processes: its views
(:mod:`schocken.server.routes.tournaments`) and its organiser's answers and changes (here).
Below it they take milliseconds, in a thread of the club's lane."""
log = logging.getLogger("schocken.server")

HEAVY_WORKERS = 2
"""Worker processes for the organiser's work on big tournaments (each a connection of its
own)."""


class Refused:
    """A refusal made in a worker, to be raised again in the lane's thread (its key and fields
    travel with it)."""

    def __init__(self, error: Exception) -> None:
        self.error = error


def is_big(book: TournamentBook, name: str, data: dict[str, Any] | None = None) -> bool:
    """Whether the organiser's work on the tournament ``name`` goes to the workers: it has
    :data:`BIG_FIELD` players, or will have with the names ``data`` registers."""
    names = (data or {}).get("names")
    coming = len(names) if isinstance(names, list) else 0
    return book.info(name)["players"] + coming >= BIG_FIELD


class Heavy:
    """The worker processes of the organiser's work on big tournaments, used from the lanes'
    threads."""

    def __init__(self, target: Any, timeout: float) -> None:
        self.target, self.timeout = target, timeout
        # At the server's priority: a worker that writes holds the database's write lock (on
        # SQLite, every club's changes wait for it), which a worker that the views' workers
        # outrank would hold for longer.
        self._workers = Workers(HEAVY_WORKERS, niceness=0)
        self._lock = threading.Lock()
        self._reading: dict[str, tuple[threading.Lock, int]] = {}

    def close(self) -> None:
        self._workers.kill()

    @contextlib.contextmanager
    def _read_slot(self, club: str) -> Iterator[None]:
        """One read of the club's big tournaments in the workers at a time."""
        with self._lock:
            slot, users = self._reading.get(club, (threading.Lock(), 0))
            self._reading[club] = (slot, users + 1)
        try:
            with slot:
                yield
        finally:
            with self._lock:
                slot, users = self._reading[club]
                if users <= 1:
                    del self._reading[club]
                else:
                    self._reading[club] = (slot, users - 1)

    def answer(
        self,
        book: TournamentBook,
        club: str,
        name: str,
        action: str,
        data: dict[str, Any],
        here: Callable[[], Any],
    ) -> bytes:
        """In a lane's thread: the organiser's ``action`` (``""``: only the answer) on the
        tournament ``name`` of the club ``club`` done in a worker, and its answer (the
        tournament's detail) as JSON. A worker that fails: a read, and a change the database
        shows was not made, are done here (``here()``) instead; a change that may have been
        made is answered 503, in words."""
        version = book.version(name)
        log.info("tournament %s: %s in a worker process", name, action or "answer")
        try:
            if action:
                done = self._call(club, name, action, data)
            else:
                with self._read_slot(club):
                    done = self._call(club, name, "", {})
        except (BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("an organiser's worker failed (%s)", exc)
            if action and book.version(name) != version:
                raise refuse("server_refuse_tournament_cut_off", 503) from None
            from schocken.server.tournament_views import _encoded

            return _encoded(here())
        if isinstance(done, Refused):
            raise done.error
        return done

    def _call(self, club: str, name: str, action: str, data: dict[str, Any]) -> bytes | Refused:
        return self._workers.call(_organise, self.target, self.timeout, club, name, action, data)


_BOOKS: dict[str, TournamentBook] = {}
"""In a worker process: its book of each database (a connection of its own, kept)."""


def _organise(
    target: Any, timeout: float, club: str, name: str, action: str, data: dict[str, Any]
) -> bytes | Refused:
    """In a worker process: the organiser's ``action`` on the tournament (as the server's
    route does it; ``""``: none), and its detail as JSON; or the refusal."""
    from schocken.server import tournament_views as views

    book = _BOOKS.get(str(target))
    if book is None:
        book = _BOOKS[str(target)] = TournamentBook(target, timeout=timeout)
    try:
        found = views._of_club(book, club, name)
        if action == "draw":  # drawn here: this is a worker process already
            book.draw(found, close=data.get("close", False))
        elif action:
            views.organiser_change(book, found, action, data)
        return views._encoded(views.detail(book, found))
    except SchockenError as exc:  # the book's, the tournament's, the server's refusals
        return Refused(exc)
