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
from schocken.fast.memo import (
    ends_batch,
    keep_ends,
    memo_get,
    memo_insert,
    situation_rows,
    table_rows,
)
from schocken.fast.shared_ends import Shared, zeros
from schocken.fast.solved import Ends, Solved
from schocken.fast.tables import Float64Array, Int64Array, RuleTables
from schocken.rules import MAX_THROWS

Int32Array = npt.NDArray[np.int32]

T = TypeVar("T", bound=np.generic)

EndsArrays = tuple[
    Int64Array,
    Int64Array,
    Int64Array,
    Float64Array,
    Int32Array,
    Int32Array,
    Int32Array,
]
"""The half bot's ends of the round as the compiled loop takes them (:attr:`RoundEnds.arrays`)."""

FIRST_SLOTS = 1 << 14
"""A key table's first size (slots; it doubles when half full)."""

DECIDING = slice(1, MAX_THROWS)
"""The throws after which a turn has a choice: of the ends by throws, those kept."""

MAX_SITUATIONS = 10_000
"""The half bot's situations (3 kB each, and their new rows of ends) beyond which a store starts
afresh (at the next batch of games of one of its memos: :meth:`schocken.fast.strong.Memo.trim`)."""

MAX_ROWS = 1 << 19
"""The room for the rows of the half bot's ends (:attr:`RoundEnds.rows`, each kept once: 10 new
ones a situation under ``allgemein`` and 20 under ``tsv99``, of the 120 to 200 its decisions
read; measured 2026-12-07 after 20,000 skill games): a store whose situations use half of it
starts afresh in the same way (one batch of games may add more: the room then grows)."""

FIRST_ROW_SLOTS = 1 << 12
"""The first size of a store's table of its rows of ends (slots; it doubles when half
full)."""


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
    situation a row of each: ``throw_at[k]``, ``sixes_at[k]``, ``stop_at[k]`` (rows of
    :attr:`rows`, which holds each row of ends once: :attr:`table`;
    :func:`~schocken.fast.memo.keep_ends`), after the throws a turn decides after
    (:data:`DECIDING`: 1 and 2); and the compiled turn's solutions they come from
    (:attr:`solved`)."""

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
        self.first = self.first_row = 0
        """Where this process's region begins: of the situations, of the :attr:`rows` (0 but
        on side 1 of a store shared)."""
        self.mixed = False
        """Whether it holds situations of two processes' regions (shared since it last started
        afresh): its memos' files are not written (:meth:`saved` keeps one region)."""
        self.keys: Int64Array
        self.values: Int64Array
        self.throw_at: Int32Array
        self.sixes_at: Int32Array
        self.stop_at: Int32Array
        self.rows: Float64Array
        """The rows of ends, each once."""
        self.table: Int64Array
        """The rows this process wrote, by their floats (:func:`~schocken.fast.memo.row_slot`);
        ``table_held`` how many."""
        self.clear()

    def clear(self) -> None:
        """Start afresh: no situation (the memos' indices into it then stale); a store shared
        goes on as this process's own."""
        if self.shared is not None:
            self.shared.leave()
            self.shared = None
        self.first = self.first_row = 0
        self.mixed = False
        self.generation += 1
        self.keys = np.zeros((FIRST_SLOTS, kernel.KW), np.int64)
        self.values = np.zeros(FIRST_SLOTS, np.int64)
        self.keys_held = 0
        self.situations = 0
        self.rows_used = 0
        # the turn's tables (from Solved, once a situation's ends are added) and no situation
        self.opts = np.zeros((1, 1, 1), np.int64)
        self.sixes = np.zeros(1, np.int64)
        self.turned_at = np.zeros(1, np.int64)
        self.throw_at = np.zeros((0, 1, 1), np.int32)
        self.sixes_at = np.zeros((0, 1, 1), np.int32)
        self.stop_at = np.zeros((0, 1, 1), np.int32)
        self.rows = np.zeros((0, self.size))
        self.table = np.zeros(FIRST_ROW_SLOTS, np.int64)
        self.table_held = 0

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
            self.opts, self.sixes, self.turned_at, self.rows, self.throw_at, self.sixes_at,
            self.stop_at,
        )  # fmt: skip

    def full(self) -> bool:
        """Whether it holds :data:`MAX_SITUATIONS` situations or more, or half of
        :data:`MAX_ROWS` rows (a store shared: in this process's region)."""
        return (
            self.situations - self.first >= MAX_SITUATIONS
            or 2 * (self.rows_used - self.first_row) >= MAX_ROWS
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
        k, used = self.situations, self.rows_used
        throw_at, sixes_at, stop_at, rows = self.throw_at, self.sixes_at, self.stop_at, self.rows
        self.throw_at = zeros((2 * MAX_SITUATIONS, *throw_at.shape[1:]), np.int32, shared=True)
        self.sixes_at = zeros((2 * MAX_SITUATIONS, *sixes_at.shape[1:]), np.int32, shared=True)
        self.stop_at = zeros((2 * MAX_SITUATIONS, *stop_at.shape[1:]), np.int32, shared=True)
        self.rows = zeros((2 * MAX_ROWS, self.size), np.float64, shared=True)
        self.throw_at[:k], self.sixes_at[:k] = throw_at[:k], sixes_at[:k]
        self.stop_at[:k], self.rows[:used] = stop_at[:k], rows[:used]
        self.shared, self.mixed = shared, True
        return True

    def take_side(self, side: int) -> None:
        """After the fork: this process writes the region of ``side`` (0: the process that
        shared it, 1: its child) and solves situations with the other."""
        assert self.shared is not None
        if side == 1:
            self.first, self.first_row = MAX_SITUATIONS, MAX_ROWS
            self.situations, self.rows_used = self.first, self.first_row
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

    def add(self, ends: Ends, limit: int) -> int:
        """A situation's ends of the round (:meth:`Solved.ends`), its round's throw limit
        ``limit`` (0: the opener's), added; its index (one at a time: the memo's fillings use
        :meth:`add_many`, which the tests hold to this)."""
        shapes = (
            ends.throw[:, DECIDING].shape[:2],
            ends.turned[:, DECIDING].shape[:2],
            ends.stop_at[:, DECIDING].shape,
        )
        most = situation_rows(shapes[0][0], shapes[1][0], len(ends.stop))
        self._room_for(*shapes, 1, most)
        k, before = self.situations, self.rows_used
        # of the ends on stopping only the rows a decision reads (after the last throw none
        # does: a round that covers after it has as many rows again for that throw alone)
        lim = MAX_THROWS if limit == 0 else limit
        reach = self.solved.reach[self.solved.turned_states]
        self.rows_used = keep_ends(
            k, lim, ends.throw, ends.turned, reach, ends.stop_at, ends.stop, self.throw_at,
            self.sixes_at, self.stop_at, self.rows, self.table, self.rows_used,
        )  # fmt: skip
        self.table_held += self.rows_used - before
        self.situations += 1
        return k

    def add_many(
        self, situations: tuple[tuple[Int64Array, ...], Float64Array], ctx_of: Int64Array,
        bests: Int64Array,
    ) -> Int64Array:  # fmt: skip
        """Situations' ends of the round added, solved in one compiled call (or a few, where
        the room for their rows of ends grows: :func:`~schocken.fast.memo.ends_batch`);
        their indices. Each is situation ``ctx_of[i]`` of ``situations`` (:meth:`Solved.many`)
        with the best result shown ``bests[i]``: the same ends as :meth:`add` of
        :meth:`Solved.ends`, float for float."""
        solved = self.solved
        shapes = (
            (len(KEEPS), MAX_THROWS - 1),
            (len(solved.turned_states), MAX_THROWS - 1),
            (len(solved.opts), MAX_THROWS - 1),
        )
        most = situation_rows(len(KEEPS), len(solved.turned_states), solved.terminals)
        count = len(bests)
        self._room_for(*shapes, count, most)
        first = done = self.situations
        ctx, cov = situations
        while done < first + count:
            # a store shared: this process's region of the rows only
            rows = self.rows[: self._rows_end]
            store = self.throw_at, self.sixes_at, self.stop_at, rows, self.table
            before = self.rows_used
            kept, self.rows_used = ends_batch(
                solved.tables, ctx, cov, solved.pool, ctx_of[done - first :],
                bests[done - first :], solved.scratch(), store, done, self.rows_used,
                self.table_held,
            )  # fmt: skip
            self.table_held += self.rows_used - before
            done += kept
            self.situations = done
            self._room_for(*shapes, 0, most)  # room for the next one's rows
        return np.arange(first, first + count, dtype=np.int64)

    def _room_for(
        self,
        throw_at: tuple[int, ...],
        sixes_at: tuple[int, ...],
        stop_at: tuple[int, ...],
        situations: int,
        rows: int,
    ) -> None:
        """Room for ``situations`` more and ``rows`` more rows of ends (in :attr:`rows` and its
        :attr:`table`), a situation's rows named in the shapes ``throw_at``, ``sixes_at`` and
        ``stop_at``."""
        if self.situations == 0:
            solved = self.solved
            self.opts, self.sixes, self.turned_at = solved.opts, solved.sixes, solved.turned_at
            # room for every situation a store holds (full): zeros the system gives as they
            # are first written, so that the arrays never move (copying them cost more than
            # filling)
            self.throw_at = zeros((MAX_SITUATIONS, *throw_at), np.int32)
            self.sixes_at = zeros((MAX_SITUATIONS, *sixes_at), np.int32)
            self.stop_at = zeros((MAX_SITUATIONS, *stop_at), np.int32)
            self.rows = zeros((MAX_ROWS, self.size), np.float64)
        if self.shared is not None and (
            self.situations + situations > self.first + len(self.throw_at) // 2
            or self.rows_used + rows > self._rows_end
        ):  # no room left in this process's region: on as its own (the other's rows kept)
            self.shared.leave()
            self.shared = None
            self.throw_at, self.sixes_at = room(self.throw_at), room(self.sixes_at)
            self.stop_at, self.rows = room(self.stop_at), room(self.rows)
        while self.situations + situations > len(self.throw_at):  # loaded from disk
            self.throw_at, self.sixes_at = room(self.throw_at), room(self.sixes_at)
            self.stop_at = room(self.stop_at)
        while self.rows_used + rows > len(self.rows):
            self.rows = room(self.rows)
        if 2 * (self.table_held + rows) > len(self.table):
            self._table_for(self.table_held + rows)

    def _table_for(self, rows: int) -> None:
        """The table of this process's rows (its region's) made anew, with room for ``rows``
        rows (at most half full)."""
        size = len(self.table)
        while 2 * rows > size:
            size *= 2
        self.table = np.zeros(size, np.int64)
        table_rows(self.table, self.rows, self.first_row, self.rows_used)
        self.table_held = self.rows_used - self.first_row

    @property
    def _rows_end(self) -> int:
        """The end of this process's :attr:`rows` (a store shared: of its region)."""
        if self.shared is None:
            return len(self.rows)
        return self.first_row + len(self.rows) // 2

    def saved(self) -> dict[str, npt.NDArray[np.generic]]:
        """What a memo's file (:meth:`schocken.fast.strong.Memo.save`) or a store's
        (:func:`schocken.fast.stores.save_stores`) keeps of it: its situations, and which
        situation each key it was told of is (:meth:`note`). A store shared: the first region's
        (the process that shared it), which names rows of its own only, without the keys of the
        other's situations."""
        assert self.first == 0, "the second region of a store shared is not kept"
        k = self.situations
        held = (self.keys[:, 0] != 0) & (self.values < k)
        return {
            "opts": self.opts,
            "sixes": self.sixes,
            "turned_at": self.turned_at,
            "throw_at": self.throw_at[:k],
            "sixes_at": self.sixes_at[:k],
            "stop_at": self.stop_at[:k],
            "rows": self.rows[: self.rows_used],
            "store_keys": self.keys[held],
            "store_values": self.values[held],
        }

    def load(self, found: dict[str, npt.NDArray[np.generic]]) -> None:
        """Take what a file kept (:meth:`saved`; a memo's file of before 2026-12-08 keeps no
        keys of the store: its memo's keys name the situations)."""
        if "store_keys" in found:
            keys = found["store_keys"].astype(np.int64)
            if keys.ndim != 2 or keys.shape[1] != kernel.KW:
                raise ValueError("a store's keys of another layout")
            self.note(keys, found["store_values"].astype(np.int64))
        self.situations, self.rows_used = len(found["throw_at"]), len(found["rows"])
        if self.situations:
            self.opts, self.sixes, self.turned_at = (
                found["opts"].astype(np.int64),
                found["sixes"].astype(np.int64),
                found["turned_at"].astype(np.int64),
            )
            self.throw_at = room(found["throw_at"].astype(np.int32))
            self.sixes_at = room(found["sixes_at"].astype(np.int32))
            self.stop_at = room(found["stop_at"].astype(np.int32))
            self.rows = room(found["rows"].astype(np.float64))
            self._table_for(self.rows_used)

    @property
    def nbytes(self) -> int:
        """Its size in bytes: its situations as far as written (the rest of their room the
        system gives only once written)."""
        held = self.keys.nbytes + self.values.nbytes + self.table.nbytes
        held += self.opts.nbytes + self.sixes.nbytes + self.turned_at.nbytes
        k = self.situations
        for a in (self.throw_at[:k], self.sixes_at[:k], self.stop_at[:k]):
            held += a.nbytes
        return held + self.rows[: self.rows_used].nbytes


def room(a: npt.NDArray[T]) -> npt.NDArray[T]:
    """``a`` with room for three times as many rows again (zeros), at least 1,024."""
    grown = zeros((len(a) + max(1024, 3 * len(a)), *a.shape[1:]), a.dtype.type)
    grown[: len(a)] = a
    return grown
