"""The half bot's ends of a round's situations, as the batch simulator's memos keep them
(:class:`RoundEnds`): one store for every memo of rule sets whose rounds the strong bots solve
alike (:func:`schocken.fast.solved.round_rules`).

The builder's rules are mostly a preset with a house rule ticked, and most house rules shape the
half, not the round (the Deckel of a half, the Finale, the opening): the preset's situations of a
round, solved as the page opened (``POST /api/lab/warm``), then serve the rules being built as
they are. A situation's ends are the same floats whichever of the memos solved them; each memo
keeps, in its own table, the index of each situation it asked for, and the store keeps its own
table of them (:meth:`RoundEnds.find`) for the others.

Where a store is full (:meth:`RoundEnds.full`) the memo that finds it so starts it afresh and
itself with it; every other memo of the store starts afresh at its next batch of games (its
indices are then of another generation: :attr:`RoundEnds.generation`).
"""

from __future__ import annotations

import os
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from schocken.actions import KEEPS
from schocken.fast import kernel
from schocken.fast.memo import ends_batch, keep_ends, memo_get, memo_insert
from schocken.fast.shared_ends import Shared, zeros
from schocken.fast.solved import Ends, Solved
from schocken.fast.tables import Float64Array, Int64Array, RuleTables
from schocken.rules import MAX_THROWS

T = TypeVar("T", bound=np.generic)

EndsArrays = tuple[
    Int64Array,
    Int64Array,
    Int64Array,
    Float64Array,
    Float64Array,
    Int64Array,
    Int64Array,
    Float64Array,
]
"""The half bot's ends of the round as the compiled loop takes them (:attr:`RoundEnds.arrays`)."""

FIRST_SLOTS = 1 << 14
"""A key table's first size (slots; it doubles when half full)."""

DECIDING = slice(1, MAX_THROWS)
"""The throws after which a turn has a choice: of the ends by throws, those kept."""

MAX_SITUATIONS = 10_000
"""The half bot's situations (40 to 50 kB each) beyond which a store starts afresh (at the next
batch of games of one of its memos: :meth:`schocken.fast.strong.Memo.trim`)."""

MAX_STOP_ROWS = 1 << 21
"""The room for the half bot's ends on stopping (rows of :attr:`RoundEnds.stop`, 121 a situation
on average under ``allgemein``, 56 under ``tsv99``): a store whose situations use half of it
starts afresh in the same way (one batch of games may add more: the room then grows)."""


def insert(
    keys: Int64Array, values: Int64Array, held: int, rows: Int64Array, row_values: Int64Array
) -> tuple[Int64Array, Int64Array]:
    """``rows`` (keys, none held) with their values put into a key table holding ``held`` keys:
    the table, doubled as often as it needs to stay at most half full."""
    while 2 * (held + len(rows)) > len(keys):
        full = keys[:, 0] != 0
        old_keys, old_values = keys[full], values[full]
        keys = zeros((2 * len(keys), kernel.KW), np.int64)
        values = zeros((len(keys),), np.int64)
        memo_insert(keys, values, old_keys, old_values)
    memo_insert(keys, values, rows, row_values)
    return keys, values


class RoundEnds:
    """The half bot's situations' ends of the round (:class:`~schocken.fast.solved.Ends`), one
    situation a row of each: ``throw[k]``, ``turned[k]``, ``stop_at[k]`` (a row of ``stop`` from
    ``stop_off[k]`` on), after the throws a turn decides after (:data:`DECIDING`: 1 and 2); and
    the compiled turn's solutions they come from (:attr:`solved`)."""

    def __init__(self, tables: RuleTables | None, size: int) -> None:
        self.tables = tables
        """The tables of the rule set it was made for (None: a store never asked to solve)."""
        self.size = size
        """The length of a half bot's ends (three per worth: see ``half_bot.Ends``)."""
        self.generation = 0
        """How often it started afresh (:meth:`clear`): a memo's indices into it are of one
        generation."""
        self._solved: Solved | None = None
        self.shared: Shared | None = None
        """Where it is shared with a process forked later (:meth:`share`): its situations'
        table, and the side this process writes."""
        self.first = self.first_stop = 0
        """Where this process's region begins: of the situations, of the rows of ``stop`` (0
        but on side 1 of a store shared)."""
        self.mixed = False
        """Whether it holds situations of two processes' regions (shared since it last started
        afresh): its memos' files are not written (:meth:`saved` keeps one region)."""
        self.keys: Int64Array
        self.values: Int64Array
        self.throw: Float64Array
        self.turned: Float64Array
        self.stop_at: Int64Array
        self.stop_off: Int64Array
        self.stop: Float64Array
        self.clear()

    def clear(self) -> None:
        """Start afresh: no situation (the memos' indices into it then stale); a store shared
        goes on as this process's own."""
        if self.shared is not None:
            self.shared.leave()
            self.shared = None
        self.first = self.first_stop = 0
        self.mixed = False
        self.generation += 1
        self.keys = np.zeros((FIRST_SLOTS, kernel.KW), np.int64)
        self.values = np.zeros(FIRST_SLOTS, np.int64)
        self.keys_held = 0
        self.situations = 0
        self.stop_rows = 0
        # the turn's tables (from Solved, once a situation's ends are added) and no situation
        self.opts = np.zeros((1, 1, 1), np.int64)
        self.sixes = np.zeros(1, np.int64)
        self.turned_at = np.zeros(1, np.int64)
        self.throw = np.zeros((0, 1, 1, self.size))
        self.turned = np.zeros((0, 1, 1, self.size))
        self.stop_at = np.zeros((0, 1, 1), np.int64)
        self.stop_off = np.zeros(0, np.int64)
        self.stop = np.zeros((0, self.size))

    @property
    def solved(self) -> Solved:
        """The compiled turn's solutions of the rounds (made when first asked)."""
        if self._solved is None:
            assert self.tables is not None, "a store without tables solves nothing"
            self._solved = Solved(self.tables)
        return self._solved

    @property
    def arrays(self) -> EndsArrays:
        """The ends as the compiled loop reads them (:func:`schocken.fast.memo.half_choice`)."""
        return (
            self.opts, self.sixes, self.turned_at, self.throw, self.stop, self.stop_at,
            self.stop_off, self.turned,
        )  # fmt: skip

    def full(self) -> bool:
        """Whether it holds :data:`MAX_SITUATIONS` situations or more, or half of
        :data:`MAX_STOP_ROWS` (a store shared: in this process's region)."""
        return (
            self.situations - self.first >= MAX_SITUATIONS
            or 2 * (self.stop_rows - self.first_stop) >= MAX_STOP_ROWS
        )

    # ------------------------------------------------------------------ shared by two processes

    def share(self) -> bool:
        """Have a process forked from now on share it (:mod:`~schocken.fast.shared_ends`): its
        arrays moved into memory both will see, twice as large (a region for each process),
        and its situations into a table both read. Where it holds no situation yet (no room
        made), or where processes are not forked (no ``os.fork``), it is not shared: False."""
        if self.situations == 0 or self.shared is not None or not hasattr(os, "fork"):
            return self.shared is not None
        held = self.keys[:, 0] != 0
        shared = Shared(self.keys[held], self.values[held])
        k, rows = self.situations, self.stop_rows
        throw, turned, stop_at, stop_off, stop = (
            self.throw, self.turned, self.stop_at, self.stop_off, self.stop
        )  # fmt: skip
        self.throw = zeros((2 * MAX_SITUATIONS, *throw.shape[1:]), np.float64, shared=True)
        self.turned = zeros((2 * MAX_SITUATIONS, *turned.shape[1:]), np.float64, shared=True)
        self.stop_at = zeros((2 * MAX_SITUATIONS, *stop_at.shape[1:]), np.int64, shared=True)
        self.stop_off = zeros((2 * MAX_SITUATIONS,), np.int64, shared=True)
        self.stop = zeros((2 * MAX_STOP_ROWS, self.size), np.float64, shared=True)
        self.throw[:k], self.turned[:k], self.stop_at[:k] = throw[:k], turned[:k], stop_at[:k]
        self.stop_off[:k], self.stop[:rows] = stop_off[:k], stop[:rows]
        self.shared, self.mixed = shared, True
        return True

    def take_side(self, side: int) -> None:
        """After the fork: this process writes the region of ``side`` (0: the process that
        shared it, 1: its child) and solves situations with the other."""
        assert self.shared is not None
        if side == 1:
            self.first, self.first_stop = MAX_SITUATIONS, MAX_STOP_ROWS
            self.situations, self.stop_rows = self.first, self.first_stop
        self.shared.take(side)

    @property
    def partner(self) -> Shared | None:
        """The table it shares with another process taking part now (None: none)."""
        shared = self.shared
        return shared if shared is not None and shared.partnered else None

    def publish(self, rows: Int64Array, indices: Int64Array) -> None:
        """``rows`` (keys ``K_HALF_ENDS``) solved at ``indices``, told the process it is shared
        with (where it is)."""
        if self.shared is not None and self.shared.side >= 0:
            self.shared.publish(rows, indices)

    def find(self, rows: Int64Array) -> Int64Array:
        """The index of each of ``rows`` (keys ``K_HALF_ENDS``) held, -1 where none."""
        found: Int64Array = memo_get(self.keys, self.values, rows)
        return found

    def note(self, rows: Int64Array, indices: Int64Array) -> None:
        """``rows`` (keys ``K_HALF_ENDS``) are situations ``indices`` (a key held takes its new
        index)."""
        self.keys, self.values = insert(self.keys, self.values, self.keys_held, rows, indices)
        self.keys_held += len(rows)

    def add(self, ends: Ends) -> int:
        """A situation's ends of the round (:meth:`Solved.ends`) added; its index (one at a
        time: the memo's fillings use :meth:`add_many`, which the tests hold to this)."""
        throw, turned = ends.throw[:, DECIDING].shape, ends.turned[:, DECIDING].shape
        self._room_for(throw, turned, ends.stop_at[:, DECIDING].shape, 1, len(ends.stop))
        k = self.situations
        # of the ends on stopping only the rows a decision reads (after the last throw none
        # does: a round that covers after it has as many rows again for that throw alone)
        self.stop_rows = keep_ends(
            k, ends.throw, ends.turned, ends.stop_at, ends.stop, self.throw, self.turned,
            self.stop_at, self.stop_off, self.stop, self.stop_rows,
        )  # fmt: skip
        self.situations += 1
        return k

    def add_many(
        self, situations: tuple[tuple[Int64Array, ...], Float64Array], ctx_of: Int64Array,
        bests: Int64Array,
    ) -> Int64Array:  # fmt: skip
        """Situations' ends of the round added, solved in one compiled call (or a few, where
        the room for their ends on stopping grows: :func:`~schocken.fast.memo.ends_batch`);
        their indices. Each is situation ``ctx_of[i]`` of ``situations`` (:meth:`Solved.many`)
        with the best result shown ``bests[i]``: the same ends as :meth:`add` of
        :meth:`Solved.ends`, float for float."""
        solved = self.solved
        shapes = (
            (len(KEEPS), MAX_THROWS - 1, self.size),
            (len(solved.turned_states), MAX_THROWS - 1, self.size),
            (len(solved.opts), MAX_THROWS - 1),
        )
        count = len(bests)
        self._room_for(*shapes, count, solved.terminals)
        first = done = self.situations
        ctx, cov = situations
        while done < first + count:
            # a store shared: this process's region of the rows on stopping only
            stop = self.stop[: self._stop_end]
            store = self.throw, self.turned, self.stop_at, self.stop_off, stop
            kept, self.stop_rows = ends_batch(
                solved.tables, ctx, cov, solved.pool, ctx_of[done - first :],
                bests[done - first :], solved.scratch(), store, done, self.stop_rows,
            )  # fmt: skip
            done += kept
            self.situations = done
            self._room_for(*shapes, 0, solved.terminals)  # room for the next one's rows
        return np.arange(first, first + count, dtype=np.int64)

    def _room_for(
        self,
        throw: tuple[int, ...],
        turned: tuple[int, ...],
        stop_at: tuple[int, ...],
        situations: int,
        stop_rows: int,
    ) -> None:
        """Room for ``situations`` more and ``stop_rows`` more rows of their ends on stopping, a
        situation's ends kept in the shapes ``throw``, ``turned`` and ``stop_at``."""
        if self.situations == 0:
            solved = self.solved
            self.opts, self.sixes, self.turned_at = solved.opts, solved.sixes, solved.turned_at
            # room for every situation a store holds (full): zeros the system gives as they
            # are first written, so that the arrays never move (copying them cost more than
            # filling)
            self.throw = zeros((MAX_SITUATIONS, *throw), np.float64)
            self.turned = zeros((MAX_SITUATIONS, *turned), np.float64)
            self.stop_at = zeros((MAX_SITUATIONS, *stop_at), np.int64)
            self.stop_off = zeros((MAX_SITUATIONS,), np.int64)
            self.stop = zeros((MAX_STOP_ROWS, self.size), np.float64)
        if self.shared is not None and (
            self.situations + situations > self.first + len(self.throw) // 2
            or self.stop_rows + stop_rows > self._stop_end
        ):  # no room left in this process's region: on as its own (the other's rows kept)
            self.shared.leave()
            self.shared = None
            self.throw, self.turned = room(self.throw), room(self.turned)
            self.stop_at, self.stop_off = room(self.stop_at), room(self.stop_off)
            self.stop = room(self.stop)
        while self.situations + situations > len(self.throw):  # loaded from disk: 3 times more
            self.throw, self.turned = room(self.throw), room(self.turned)
            self.stop_at, self.stop_off = room(self.stop_at), room(self.stop_off)
        while self.stop_rows + stop_rows > len(self.stop):
            self.stop = room(self.stop)

    @property
    def _stop_end(self) -> int:
        """The end of this process's rows of ``stop`` (a store shared: of its region)."""
        if self.shared is None:
            return len(self.stop)
        return self.first_stop + len(self.stop) // 2

    def saved(self) -> dict[str, npt.NDArray[np.generic]]:
        """What a memo's file keeps of it (:meth:`schocken.fast.strong.Memo.save`)."""
        k = self.situations
        return {
            "opts": self.opts,
            "sixes": self.sixes,
            "turned_at": self.turned_at,
            "throw": self.throw[:k],
            "turned": self.turned[:k],
            "stop_at": self.stop_at[:k],
            "stop_off": self.stop_off[:k],
            "stop": self.stop[: self.stop_rows],
        }

    def load(self, found: dict[str, npt.NDArray[np.generic]]) -> None:
        """Take what a memo's file kept (:meth:`saved`)."""
        self.situations, self.stop_rows = len(found["throw"]), len(found["stop"])
        if self.situations:
            self.opts, self.sixes, self.turned_at = (
                found["opts"].astype(np.int64),
                found["sixes"].astype(np.int64),
                found["turned_at"].astype(np.int64),
            )
            self.throw = room(found["throw"].astype(np.float64))
            self.turned = room(found["turned"].astype(np.float64))
            self.stop_at = room(found["stop_at"].astype(np.int64))
            self.stop_off = room(found["stop_off"].astype(np.int64))
            self.stop = room(found["stop"].astype(np.float64))

    @property
    def nbytes(self) -> int:
        """Its size in bytes: its situations as far as written (the rest of their room the
        system gives only once written)."""
        held = self.keys.nbytes + self.values.nbytes
        held += self.opts.nbytes + self.sixes.nbytes + self.turned_at.nbytes
        k = self.situations
        for a in (self.throw[:k], self.turned[:k], self.stop_at[:k], self.stop_off[:k]):
            held += a.nbytes
        return held + self.stop[: self.stop_rows].nbytes


def room(a: npt.NDArray[T]) -> npt.NDArray[T]:
    """``a`` with room for three times as many rows again (zeros), at least 1,024."""
    grown = zeros((len(a) + max(1024, 3 * len(a)), *a.shape[1:]), a.dtype.type)
    grown[: len(a)] = a
    return grown
