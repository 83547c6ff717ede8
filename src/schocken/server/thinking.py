"""Bots' thinking and game reviews, bounded and kept apart from the event loop.

The pub regular and the random bot answer in microseconds: they decide in the event loop. The
solver bot may think long (its Finale is solved once per rule set, in time growing with the
square of the Deckel: with 999 Deckel over half an hour), so its decisions go to a pool of
worker processes, each with a time budget. A decision not made within the budget is made by the
pub regular's rule instead, the worker is ended (a process can be stopped; a thread cannot), and
the rule set is remembered: that situation is played by the pub regular from then on, without
waiting again. Other tables' bots never wait for it: they do not share the event loop with any
solve, and a solver bot that finds every worker busy with another table's solve for
:data:`WORKER_WAIT` seconds plays that decision by the pub regular's rule.

A game's review (:func:`review_record`: ``POST /api/review``, ``GET /api/tables/{key}/review``)
runs the same way, in a pool of its own with a time budget (``--review-budget``).

A worker runs at a lower CPU priority than the server (:data:`WORKER_NICENESS`): on a small
machine a solve takes no processor time the tables need. And it ends with its server, however the
server ends (:func:`_start_worker`): a worker left over from a killed server would otherwise go on
solving a Finale for half an hour, or wait for ever, and multiprocessing's resource tracker with
it (it ends once every process holding its pipe, the server and the workers, has ended).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import Any, TypeVar

from schocken.actions import Action, parse_action
from schocken.bots import BOTS, make_bot
from schocken.errors import RecordError
from schocken.events import RoundKind, Section
from schocken.play import Ask, Decision
from schocken.record import parse_record
from schocken.review import review
from schocken.rules import Rules

log = logging.getLogger("schocken.server")

T = TypeVar("T")

INLINE = frozenset({"regular", "random"})
"""Bots that decide at once, in the event loop."""

WORKER_WAIT = 0.1
"""Seconds a bot's decision waits for a free worker (busy with another table's solve); then the
pub regular's rule makes it, so that no table's bot waits on another's."""


WORKER_NICENESS = 10
"""How much lower a worker's CPU priority is than the server's (``nice``)."""

PARENT_POLL = 0.5
"""Seconds between a worker's looks at whether its server is still there (where the system
cannot end it with its parent at once)."""

_PR_SET_PDEATHSIG = 1
"""Linux's prctl option: a signal for this process when its parent ends."""


def _start_worker(server: int, niceness: int = WORKER_NICENESS) -> None:
    """In a new worker process (the pool's initializer): a priority ``niceness`` lower, and an
    end with the server ``server`` (its process id). On Linux the kernel kills the worker when
    the server ends (``PR_SET_PDEATHSIG``); everywhere a thread of the worker ends it within
    :data:`PARENT_POLL` seconds of the server's end (the worker then has another parent)."""
    with contextlib.suppress(OSError):
        if niceness:
            os.nice(niceness)
    if sys.platform == "linux":
        # (The signal comes when the thread that started the worker ends: the pools are used
        # from the event loop's thread, which lasts as long as the server.)
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != server:  # the server ended before any of that held
        os._exit(1)
    threading.Thread(target=_watch_server, args=(server,), name="watch-server", daemon=True).start()


def _watch_server(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _decide(kind: str, seed: int | None, decision: Decision) -> str | None:
    """In a worker process: the bot's answer, as text. (Actions travel as text: the engine
    compares some of them by identity, which pickling does not keep.)"""
    legal = tuple(parse_action(str(a)) for a in decision.legal)
    answer = decision._replace(legal=legal).decide(make_bot(kind, seed))
    return None if answer is None else str(answer)


def review_record(text: str) -> str | RecordError:
    """In a worker process: the review of the game record ``text`` as JSON (``docs/review.md``);
    or the record reader's refusal for a record that cannot be read or does not replay (its key
    and fields travel with it, so the server says it in the caller's language)."""
    try:
        record = parse_record(text)
        return review(record).to_json(indent=None)
    except RecordError as exc:
        return exc


def _situation(decision: Decision) -> tuple[Rules, str] | None:
    """What a long solve depends on: the rules and the part of the game (``None``: nothing
    worth remembering)."""
    view = decision.view
    if view is None:
        return None
    finale = view.section is Section.FINALE and view.round_kind is RoundKind.NORMAL
    return (view.rules, "finale" if finale else "turns")


class Workers:
    """A pool of worker processes whose work can be stopped: a task not done within its time
    is given up and the pool's processes are ended (a process can be stopped; a thread cannot);
    the next task starts a new pool."""

    def __init__(self, count: int = 1, *, niceness: int = WORKER_NICENESS) -> None:
        self.count = max(1, count)
        self.niceness = niceness
        """How much lower the workers' CPU priority is than the server's."""
        self._pool: ProcessPoolExecutor | None = None
        self._starting = threading.Lock()
        """Held while the pool is made (the lanes' threads may ask for it at once)."""

    def _executor(self) -> ProcessPoolExecutor:
        with self._starting:
            return self._pool or self._start()

    def _start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: the server has threads (the store's writer), which do not mix with fork.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.count,
                mp_context=context,
                initializer=_start_worker,
                initargs=(os.getpid(), self.niceness),
            )
        return self._pool

    def kill(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes: dict[Any, Any] = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    async def run(self, budget: float, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process; :class:`TimeoutError` (and the pool ended) if it
        is not done within ``budget`` seconds. A broken pool is ended and its error raised."""
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._executor(), fn, *args)
            return await asyncio.wait_for(future, budget)
        except (TimeoutError, BrokenExecutor, OSError, RuntimeError):
            self.kill()
            raise

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process, waited for in this thread (one of the lanes',
        never the event loop's). A broken pool is ended and its error raised."""
        try:
            return self._executor().submit(fn, *args).result()
        except (BrokenExecutor, OSError, RuntimeError):
            self.kill()
            raise


class Thinker:
    """Makes bots' decisions: at once for the quick bots, in worker processes for the others."""

    def __init__(self, *, workers: int = 1, budget: float = 5.0) -> None:
        self.workers = Workers(workers)
        self.budget = budget
        self._free = asyncio.Semaphore(self.workers.count)
        """Workers not thinking for a table now."""
        self._too_large: set[tuple[Rules, str]] = set()

    def close(self) -> None:
        self.workers.kill()

    async def decide(self, kind: str, seed: int | None, decision: Decision) -> Action | None:
        """The answer of a bot of ``kind`` (seeded with ``seed``) to ``decision``."""
        if kind in INLINE or decision.kind is not Ask.CHOOSE:
            return decision.decide(make_bot(kind, seed))
        situation = _situation(decision)
        if situation in self._too_large:
            return self._fallback(decision)
        try:
            await asyncio.wait_for(self._free.acquire(), WORKER_WAIT)
        except TimeoutError:
            log.info("every worker is busy with another table: the pub regular's rule plays")
            return self._fallback(decision)
        if situation in self._too_large:  # found too large while this one waited for a worker
            self._free.release()
            return self._fallback(decision)
        try:
            answer = await self.workers.run(self.budget, _decide, kind, seed, decision)
            return None if answer is None else parse_action(answer)
        except TimeoutError:
            if situation is not None and kind in BOTS:  # a plug-in is not judged by the rules
                self._too_large.add(situation)
            log.warning(
                "a %s bot did not decide within %.1f s (%s): the pub regular's rule plays it, "
                "here and in this situation from now on",
                kind,
                self.budget,
                "the Finale" if situation and situation[1] == "finale" else "a turn",
            )
            return self._fallback(decision)
        except (BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("a bot's worker failed (%s): the pub regular's rule plays this", exc)
            return self._fallback(decision)
        finally:
            self._free.release()

    @staticmethod
    def _fallback(decision: Decision) -> Action | None:
        return decision.decide(make_bot("regular"))
