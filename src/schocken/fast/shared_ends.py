"""The half bot's ends of a round shared by the two processes of ``schocken lab A --against B``.

Rule sets alike in how their rounds are solved share one store of situations' ends
(:class:`~schocken.fast.round_ends.RoundEnds`). Side by side, A is measured in this process and
B in a child forked from it (:mod:`schocken.lab.beside`); the builder's rules are mostly a preset
with a house rule of the half ticked, so the two meet nearly the same situations (measured under
``allgemein`` with one Deckel fewer a half: of the 4,794 situations of both rule sets' 20,000
skill games, 4,280 are A's and B's alike), and each solving all it meets solved most of them
twice. A store shared (:meth:`RoundEnds.share`, before the fork) keeps its ends in memory both
processes see, each writing a region of its own, and a table of the situations (:class:`Shared`)
says for each whether it is solved (where: its index), or which process is solving it.

The two play the same games (the same seeds), so they meet a situation at about the same time.
A process that finds situations no one has claimed claims those of its own half of them (by
the situation, whatever the best result shown: :func:`halves`) and solves them; then those of
the other's half that are still unclaimed (the other met them not, or not yet); then it waits
for the ones the other has claimed, which the other solves before it waits for anything
(:meth:`Shared.wait`). Where the other solves nothing for :data:`STALL` seconds, or has left
(:meth:`Shared.leave`: its store full, the process done), the waiting process solves them itself.
Whichever process solves a situation, its ends are the same floats, so the figures are the same
as without the sharing; only the time differs.
"""

from __future__ import annotations

import mmap
import multiprocessing
import time
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from schocken.fast import kernel
from schocken.fast.memo import memo_get, memo_insert
from schocken.fast.tables import Int64Array

T = TypeVar("T", bound=np.generic)

SLOTS = 1 << 16
"""The situations' table's slots (it cannot grow once shared: the store's two regions hold at
most twice :data:`~schocken.fast.round_ends.MAX_SITUATIONS`, under half of these)."""

ABSENT = -1
"""A situation no process has claimed (what :func:`~schocken.fast.memo.memo_get` gives)."""

STALL = 0.5
"""Seconds without a situation solved by the other process after which a process waiting for
it solves what it waits for itself."""

POLL = 0.0005
"""Seconds between two looks at the table while waiting."""

_BEST_BITS = (1 << 21) - 1
"""Of a key's word 2 (``kernel._round_key``), the bits below the best result shown."""

_MIX = np.array([0x9E3779B97F4A7C15 >> k & 0x7FFFFFFFFFFFFFFF for k in range(8)], np.uint64)


def zeros(shape: tuple[int, ...], dtype: type[T], *, shared: bool = False) -> npt.NDArray[T]:
    """Zeros, in pages the system gives as they are first written, and small ones: numpy asks
    for huge pages (2 MB) for large arrays, and a process that has run a while waits for each
    (measured: 6 ms a page, a third of the half bot's filling under ``allgemein``). This
    process's own pages, or with ``shared`` pages a child forked later sees as this one does."""
    count = int(np.prod(shape))
    size = max(1, count * np.dtype(dtype).itemsize)
    if hasattr(mmap, "MAP_PRIVATE"):
        kind = mmap.MAP_SHARED if shared else mmap.MAP_PRIVATE
        pages = mmap.mmap(-1, size, flags=kind | mmap.MAP_ANONYMOUS)
    else:
        pages = mmap.mmap(-1, size)
    if hasattr(mmap, "MADV_NOHUGEPAGE"):
        pages.madvise(mmap.MADV_NOHUGEPAGE)
    a: npt.NDArray[T] = np.frombuffer(pages, dtype, count).reshape(shape)
    return a


def claimed_by(side: int) -> int:
    """The value of a situation claimed by the process of ``side`` (0 or 1)."""
    return -2 - side


def halves(rows: Int64Array) -> Int64Array:
    """Each row's half (0 or 1) of the situations, by the situation alone (not the best result
    shown): a situation's rows are one process's to solve first."""
    words = rows.astype(np.uint64)
    words[:, 2] &= np.uint64(_BEST_BITS)
    with np.errstate(over="ignore"):
        h = (words * _MIX[: words.shape[1]]).sum(axis=1, dtype=np.uint64)
        h ^= h >> np.uint64(29)
    out: Int64Array = (h & np.uint64(1)).astype(np.int64)
    return out


class Shared:
    """The situations of a store shared between two processes: its table (a situation's index
    in the store once solved, or who claimed it), whether each process takes part, and how many
    situations each has solved; made before the fork (memory both then see), with the
    situations solved so far (``rows`` at ``indices``)."""

    def __init__(self, rows: Int64Array, indices: Int64Array) -> None:
        self.lock = multiprocessing.get_context("fork").Lock()
        self.keys = zeros((SLOTS, kernel.KW), np.int64, shared=True)
        self.values = zeros((SLOTS,), np.int64, shared=True)
        memo_insert(self.keys, self.values, rows, indices)
        self.state = zeros((4,), np.int64, shared=True)
        """Per side: whether it takes part (0, 1), then how many situations it solved (2, 3)."""
        self.held = zeros((1,), np.int64, shared=True)
        self.held[0] = len(rows)
        self.side = -1
        """This process's side (0 or 1; -1: none taken)."""

    def take(self, side: int) -> None:
        """This process takes part, on ``side``."""
        self.side = side
        with self.lock:
            self.state[side] = 1

    def leave(self) -> None:
        """This process takes part no more (the other then waits for none of its situations)."""
        if self.side >= 0:
            with self.lock:
                self.state[self.side] = 0
            self.side = -1

    @property
    def partnered(self) -> bool:
        """Whether this process takes part and the other does too."""
        return self.side >= 0 and bool(self.state[1 - self.side])

    def claim(self, rows: Int64Array, *, every: bool) -> Int64Array:
        """For each of ``rows`` (keys ``K_HALF_ENDS``, none twice): its index where solved;
        ``claimed_by(side)`` where this process claims it now (those no one has claimed, of its
        own half only but with ``every``, and any it claimed before and left unsolved);
        ``claimed_by(other)`` where the other process has; :data:`ABSENT` where no one has
        (the other's half, not ``every``). Where the table has no room for those claimed now,
        this process takes part no more (:meth:`leave`) and claims every one not solved: it
        solves them alone from now on."""
        mine = claimed_by(self.side)
        with self.lock:
            got: Int64Array = memo_get(self.keys, self.values, rows)
            take = got == ABSENT
            if not every:
                take &= halves(rows) == self.side
            new = int(np.count_nonzero(take))
            take |= got == mine
            if 2 * (int(self.held[0]) + new) <= SLOTS:
                self._mark(rows[take])
                self.held[0] += new
            else:
                self.state[self.side] = 0
                self.side = -1
                take = got < 0
        got[take] = mine
        return got

    def publish(self, rows: Int64Array, indices: Int64Array) -> None:
        """``rows`` solved by this process, at ``indices`` of the store (written already)."""
        with self.lock:
            memo_insert(self.keys, self.values, rows, indices)
            self.state[2 + self.side] += len(rows)

    def wait(self, rows: Int64Array) -> Int64Array:
        """The indices of ``rows``, claimed by the other process, once it has solved them; those
        it leaves unsolved (:data:`STALL`, or it left) claimed by this one instead
        (``claimed_by(side)``: to be solved here)."""
        other = 1 - self.side
        seen, since = -1, 0.0
        while True:
            with self.lock:
                got: Int64Array = memo_get(self.keys, self.values, rows)
                late = got < 0
                if not late.any():
                    return got
                solved, now = int(self.state[2 + other]), time.perf_counter()
                if solved != seen:
                    seen, since = solved, now
                if not self.state[other] or now - since > STALL:
                    self._mark(rows[late])
                    got[late] = claimed_by(self.side)
                    return got
            time.sleep(POLL)

    def _mark(self, rows: Int64Array) -> None:
        """``rows`` claimed by this process in the table (the lock held)."""
        memo_insert(self.keys, self.values, rows, np.full(len(rows), claimed_by(self.side)))
