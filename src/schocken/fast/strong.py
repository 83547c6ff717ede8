"""The strong bots (solver and half) in the batch simulator: their decisions memoised on demand.

A strong bot's decision depends on the situation of the round (throw limit, the worst and best
results shown before it, the covered cups before it by their aside dice and throws, the players
still to come, its own turn) and on the Deckel (the middle, its own, the others'; where they
matter). The whole space is far too large for a table built in advance (every sequence of covered
cups, every Deckel situation of up to 20 players), but a game visits few of its points. So the
compiled loop looks each decision up in a memo under the smallest key that determines it, and a
game that reaches a key the memo lacks stops there (``kernel.O_MISS``); the memo is filled for
the missing keys, and those games are played again from their start (each game draws its own
dice: the same game again). The round's keys (``K_SOLVER``, ``K_SOLVER_FULL``, ``K_HALF_ENDS``)
are filled by the strong bots' turn compiled (:mod:`schocken.fast.solved`: the reference bots'
arithmetic operation for operation, the same floats), the others by the reference bots' own
functions (the half bot's weights, the Finale's solutions).

The keys, in ``kernel.strong_choice``:

- ``K_SOLVER``: the solver bot in a round for Deckel of a half. Its chance of losing the round
  depends on the round's situation and its turn only (:class:`TurnSolverBot`); the memo holds
  the choice on it, and whether the Deckel decide where actions tie on it
  (:func:`~schocken.bots.solver_bot.deckel_decides`), with the middle empty or always.
- ``K_SOLVER_FULL``: there, the choice on the full situation (with the best result shown, the
  middle and its own Deckel).
- ``K_HALF_ENDS`` and ``K_HALF_WEIGHTS``: the half bot weighs how the round can end
  (:class:`~schocken.bots.half_bot.Outcomes`, by the round's situation and the best result shown)
  by the chance of losing the half after each end (by the Deckel situation: the players, the
  middle, its own Deckel and the others' in the order of the round). The memo holds both as rows
  of floats, and the compiled loop adds up the products in the order the bot does and takes the
  first least, as :meth:`HalfBot.choose` does: the same floating-point operations, the same choice.
- ``K_FINALE`` and ``K_TWO``: the Finale's solution (both bots in the Finale) and the solution for
  a half's Deckel (the half bot in a round of two players), by the Deckel and, for the
  responder, the opener's final turn and the limit: the memo holds the choice of every state
  with a choice there (:meth:`FinaleChoices.column`, in :attr:`Memo.codes`), and the compiled
  loop finds the state's by :attr:`Memo.places`.

The memo is kept per rule set for the process (:func:`memo`); its size and the time spent filling
it are in :attr:`Memo.keys_held` and :attr:`Memo.seconds`. Once it holds :data:`MAX_KEYS` keys it
starts afresh, empty, at the next batch of games (:meth:`Memo.trim`; the games then fill it again,
and the decisions are the same): it holds at most that many and what one batch adds.

With the environment variable ``SCHOCKEN_CACHE_DIR`` set, the memo of a rule set is also kept on
disk there (:meth:`Memo.save`, one ``.npz`` file per rule set), under a fingerprint of the rules
and of the source of every module its decisions come from: a later process starts with what
earlier ones filled, and a change of the rules or of the bots' code starts an empty one.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import queue
import threading
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

from schocken.actions import KEEPS
from schocken.bots.finale_bot import FinaleBot
from schocken.bots.half_bot import _two_player_bot, _weights
from schocken.bots.solver_bot import _finale_bot, _rules_data
from schocken.fast import finale_choices, kernel, round_ends, stores, turns
from schocken.fast.finale_choices import FinaleChoices
from schocken.fast.memo import memo_new
from schocken.fast.round_ends import EndsArrays, RoundEnds, insert
from schocken.fast.shared_ends import ABSENT, Shared, claimed_by
from schocken.fast.solved import Context, Solved, round_rules
from schocken.fast.tables import (
    Float64Array,
    Int16Array,
    Int64Array,
    RuleTables,
    rule_tables,
)
from schocken.finale import Column
from schocken.results import result_table
from schocken.rules import Rules
from schocken.turn import TurnState

MAX_KEYS = 1 << 20
"""The keys beyond which a memo starts afresh at the next call of the compiled loop
(:meth:`Memo.trim`; never within one: the games of a call keep what they filled)."""

ENDS_PART = 32
"""Situations of a round made ready at a time for the half bot's ends (:meth:`Memo._half_ends`):
the thread that solves them begins with the first part while this one makes the next."""

CACHE_ENV = "SCHOCKEN_CACHE_DIR"
"""The environment variable naming the directory of the memos kept on disk (unset: none)."""

SOURCES = (
    "actions.py", "dice.py", "finale.py", "finale_reads.py", "finale_shared.py", "finale_turns.py",
    "game.py",
    "odds.py", "play.py", "results.py", "round.py", "rules.py", "solver.py", "turn.py", "views.py",
    "bots/finale_bot.py",
    "bots/half_bot.py", "bots/half_model.py", "bots/regular.py", "bots/solver_bot.py",
    "fast/kernel.py",
    "fast/later.py", "fast/memo.py", "fast/round_ends.py", "fast/solved.py", "fast/strong.py",
    "fast/tables.py",
    "fast/turns.py",
)  # fmt: skip
"""The modules (under ``src/schocken``) whose source goes into a memo file's fingerprint: the
reference bots, the engine they measure with, and the batch simulator's keys."""


class Memo:
    """The strong bots' decisions of one rule set, as far as games have asked for them."""

    def __init__(self, tables: RuleTables) -> None:
        self.tables = tables
        self.rules = tables.rules
        self.data = _rules_data(self.rules)
        self.size = 3 * len({r.deckel for r in self.data.result_of.values()})
        """The length of a half bot's ends (three per worth: see ``half_bot.Ends``)."""
        if len(self.data.codes) >= 511 or len(tables.states) >= 1024:
            # what the key words hold (kernel._round_key, kernel.strong_choice)
            raise ValueError(
                "the batch simulator's strong bots take at most 510 result codes and 1,023 "
                "turn situations"
            )
        self.keys: Int64Array
        self.values: Int64Array
        self.weights: Float64Array
        self.round = round_rules(self.rules)
        """The rules as far as they shape a round: the memos of rule sets alike in it share
        their situations' ends (:attr:`store`)."""
        self.store = stores.store_for(self.round, tables, self.size)
        """The half bot's situations' ends of the round (:mod:`schocken.fast.round_ends`)."""
        self.places = np.full((2, 4, 4 * len(tables.states)), -1, np.int64)
        """Where a state's choice is in a column of :attr:`codes`: by the kind (``K_FINALE``,
        ``K_TWO``), the side (0 the opener, else the responder by the opener's throws) and the
        state's number (:meth:`FinaleChoices.places`; -1: no choice there); filled as asked."""
        self._placed: set[tuple[int, int]] = set()
        self._clear()
        self.seconds = 0.0
        """Time spent filling the memo (the reference bots' computations)."""
        self.changed = False
        """Whether it holds keys its file on disk lacks."""
        self._turns: dict[int, TurnState] = {}
        self._finals: dict[int, Column] = {}
        self._finale_choices: dict[int, FinaleChoices] = {}
        self.path = _path(self.rules)
        if self.path is not None and self.path.exists():
            self._load(self.path)

    def _clear(self) -> None:
        """No key held (the store's situations kept: see :meth:`trim`)."""
        self.keys = np.zeros((round_ends.FIRST_SLOTS, kernel.KW), np.int64)
        self.values = np.zeros(round_ends.FIRST_SLOTS, np.int64)
        self.weights = np.zeros((64, self.size), np.float64)
        self.codes = np.zeros(1024, np.int16)
        """The Finale's choices (action codes) of the ``K_FINALE`` and ``K_TWO`` keys, a column
        each (keys of the same column share it: :attr:`columns`)."""
        self.columns: dict[tuple[int, int, int, int, Column | None, int | None], int] = {}
        """Where each column in :attr:`codes` begins, by the kind of its keys, the Deckel (the
        middle, its own, the other's) and for the responder what it sees of the opener's final
        turn and the opener's throws (many of the opener's final turns look alike)."""
        self.keys_held = 0
        self.weights_rows = 0
        self.codes_used = 0
        self.generation = self.store.generation
        """The store's generation its indices into it are of."""

    @property
    def arrays(self) -> tuple[Float64Array, Int64Array, Int16Array]:
        """The rows the values of its keys point to, as the compiled loop reads them
        (:func:`schocken.fast.memo.strong_choice`): the half bot's weights, the Finale's places
        and codes."""
        return self.weights, self.places, self.codes

    @property
    def ends(self) -> EndsArrays:
        """The half bot's situations' ends as the compiled loop reads them
        (:func:`schocken.fast.memo.half_choice`)."""
        return self.store.arrays

    @property
    def situations(self) -> int:
        """The situations its store holds."""
        return self.store.situations

    @property
    def rows_used(self) -> int:
        """The rows of ends its store holds (each once)."""
        return self.store.rows_used

    @classmethod
    def empty(cls) -> Memo:
        """A memo that holds nothing, for line-ups without a strong bot (the loop never asks)."""
        m = cls.__new__(cls)
        m.size = 1
        m.store = RoundEnds(None, 1)
        m._clear()
        m.keys = np.zeros((1, kernel.KW), np.int64)
        m.values = np.zeros(1, np.int64)
        m.weights = np.zeros((1, 1), np.float64)
        m.places = np.full((2, 4, 1), -1, np.int64)
        m.path, m.changed = None, False
        return m

    # ------------------------------------------------------------------ the table

    def fill(self, missing: Int64Array) -> None:
        """Add the values of the ``missing`` keys (rows of ``kernel.KW`` words; repeats
        allowed)."""
        started = time.perf_counter()
        rows = missing[memo_new(self.keys, missing)]
        self.changed = True
        values = np.zeros(len(rows), np.int64)
        # the half bot's ends of a round the store holds (solved for this memo or a sibling's)
        ends = np.flatnonzero(rows[:, 0] == kernel.K_HALF_ENDS)
        found = self.store.find(rows[ends])
        values[ends] = found
        todo = np.setdiff1d(np.arange(len(rows)), ends[found >= 0], assume_unique=True)
        values[todo] = self.values_of(rows[todo])
        self.keys, self.values = insert(self.keys, self.values, self.keys_held, rows, values)
        self.keys_held += len(rows)
        self.seconds += time.perf_counter() - started

    def values_of(self, rows: Int64Array) -> Int64Array:
        """The values of the keys ``rows`` (none of them twice): the half bot's ends and weights
        added to :attr:`ends` and :attr:`weights`."""
        values = np.zeros(len(rows), np.int64)
        kinds = np.unique(rows[:, 0]).tolist()
        ends = np.flatnonzero(rows[:, 0] == kernel.K_HALF_ENDS)
        later = ends[:0]
        partner = self.store.partner
        if partner is not None and len(ends):  # this process's half of them first
            mine = claimed_by(partner.side)  # (the side is left where the table is full)
            values[ends] = partner.claim(rows[ends], every=False)
            first = values[ends] == mine
            ends, later = ends[first], ends[~first]
        # the half bot's ends solved on another thread while this one makes the rest
        solving = self._half_ends(rows[ends]) if len(ends) else None
        try:
            self._other_values(rows, kinds, values)
        except BaseException:
            if solving is not None:  # the thread's end waited for
                with contextlib.suppress(BaseException):
                    solving()
            raise
        if solving is not None:
            values[ends] = solving()
        if partner is not None and len(later):
            values[later] = self._shared_ends(partner, rows[later], values[later])
        return values

    def _shared_ends(self, partner: Shared, rows: Int64Array, got: Int64Array) -> Int64Array:
        """The half bot's ends of ``rows`` (keys ``K_HALF_ENDS``), solved by the other process
        of a pair or left to it so far (``got``, :meth:`Shared.claim`): those solved since
        taken, those no one has claimed solved here, then those the other is solving waited
        for (and any it leaves solved here)."""
        mine = claimed_by(partner.side)
        if np.any(got == ABSENT):
            got = partner.claim(rows, every=True)
        solved_here = np.zeros(len(rows), np.bool_)
        for _ in range(2):  # what is still to solve here, then what the other left to it
            here = np.flatnonzero(got == mine)
            if len(here):
                got[here] = self._half_ends(rows[here])()  # noted in the store there
                solved_here[here] = True
            waiting = np.flatnonzero(got < 0)
            if not len(waiting):
                break
            got[waiting] = partner.wait(rows[waiting])
        assert np.all(got >= 0)
        self.store.note(rows[~solved_here], got[~solved_here])
        return got

    def _other_values(self, rows: Int64Array, kinds: list[int], values: Int64Array) -> None:
        """The values of the keys of ``kinds`` in ``rows`` (but the half bot's ends) into
        ``values``."""
        for kind in kinds:
            at = np.flatnonzero(rows[:, 0] == kind)
            if kind in (kernel.K_SOLVER, kernel.K_SOLVER_FULL):
                values[at] = self._solver(rows[at], full=kind == kernel.K_SOLVER_FULL)
            elif kind == kernel.K_HALF_ENDS:
                continue
            elif kind in (kernel.K_FINALE, kernel.K_TWO):
                values[at] = self._finales(rows[at])
            else:
                assert kind == kernel.K_HALF_WEIGHTS
                values[at] = [self._weights(row) for row in rows[at]]

    def trim(self) -> None:
        """Start afresh, empty, where the memo holds :data:`MAX_KEYS` keys or its store is full
        (:meth:`RoundEnds.full`: the store then starts afresh too), or where the store started
        afresh for another memo of it."""
        if self.store.full():
            self.store.clear()
        if self.keys_held >= MAX_KEYS or self.generation != self.store.generation:
            self._clear()

    # ------------------------------------------------------------------ on disk

    def save(self) -> None:
        """Write the memo to its file (where ``SCHOCKEN_CACHE_DIR`` is set and it changed; not
        while its store holds another process's situations: :attr:`RoundEnds.mixed`)."""
        if self.path is None or not self.changed or self.store.mixed:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        part = self.path.with_suffix(f".{os.getpid()}.part")
        arrays: dict[str, Any] = {
            "keys": self.keys,
            "values": self.values,
            "weights": self.weights[: self.weights_rows],
            "codes": self.codes[: self.codes_used],
            "places": self.places,
            "placed": np.array(sorted(self._placed), np.int64).reshape(-1, 2),
            **self.store.saved(),
        }
        with part.open("wb") as f:
            np.savez(f, **arrays)
        part.replace(self.path)  # whole or not at all, whoever else writes it
        self.changed = False

    def _load(self, path: Path) -> None:
        with np.load(path) as f:
            found = {name: f[name] for name in f.files}
        keys, weights = found["keys"], found["weights"]
        if (
            keys.shape[1:] != (kernel.KW,)
            or weights.shape[1:] != (self.size,)
            or "places" not in found
            or found["places"].shape != self.places.shape
        ):
            return  # another layout: start empty
        self.keys, self.values = keys, found["values"]
        self.keys_held = int(np.count_nonzero(keys[:, 0]))
        self.weights_rows = len(weights)
        self.weights = np.concatenate([weights, np.zeros((max(64, len(weights)), self.size))])
        codes = found["codes"]
        self.codes_used = len(codes)
        self.codes = np.concatenate([codes, np.zeros(max(1024, len(codes)), np.int16)])
        self.places = found["places"]
        self._placed = {(int(k), int(side)) for k, side in found["placed"].tolist()}
        self.store = RoundEnds(self.tables, self.size)  # its own: its keys' indices are into it
        self.store.load(found)
        self.generation = self.store.generation

    @property
    def nbytes(self) -> int:
        """The memo's size in bytes: its table as allocated, its store's situations as far as
        written (the rest of their room the system gives only once written; a store shared
        counted in each of its memos)."""
        own = self.keys, self.values, self.weights, self.places, self.codes
        return sum(a.nbytes for a in own) + self.store.nbytes

    # ------------------------------------------------------------------ the keys' values

    def _half_ends(self, rows: Int64Array) -> Callable[[], Int64Array]:
        """The half bot's ends of the round in the situations of ``rows`` (keys
        ``K_HALF_ENDS``), each solved once and added to its store (its index the value, noted
        there for the store's other memos): the compiled loop reads every turn state's from
        there. The situations are made ready here (:meth:`Solved.many`), :data:`ENDS_PART` at
        a time, and their ends solved part by part on a thread of its own, in compiled calls
        that let go of the interpreter (:meth:`RoundEnds.add_many`): it begins with the first
        part while this thread makes the next, and then the memo's other keys
        (:meth:`values_of`). Returns what gives the values, once solved."""
        stray = rows[rows[:, 1] != 0]
        if len(stray):  # strong_choice's key of a state the turn never reaches
            word = int(stray[0, 1])
            raise AssertionError(f"state {word >> 2} after {word & 3} throws is never reached")
        # a situation's rows with every best result shown one after another
        order = np.lexsort((rows[:, 2] >> 21, *rows[:, 4:].T[::-1], rows[:, 2] & (1 << 21) - 1))
        ctxs: dict[Context, int] = {}
        ctx_of = np.zeros(len(rows), np.int64)  # rising: a situation's rows together
        bests = np.zeros(len(rows), np.int64)
        for i, row in enumerate(order.tolist()):
            ctx, bests[i] = _context(rows[row])
            ctx_of[i] = ctxs.setdefault(ctx, len(ctxs))
        found = np.zeros(len(rows), np.int64)
        solved, store = self.solved, self.store
        parts: queue.SimpleQueue[tuple[int, int, Any] | None] = queue.SimpleQueue()
        failed: list[BaseException] = []

        def solve() -> None:  # the situations made ready, part by part, in their order
            try:
                while (part := parts.get()) is not None:
                    lo, hi, situations = part
                    first = ctx_of[lo]
                    at = order[lo:hi]
                    found[at] = store.add_many(situations, ctx_of[lo:hi] - first, bests[lo:hi])
                    store.publish(rows[at], found[at])  # to the other process of a pair
            except BaseException as exc:  # raised where the values are asked for
                failed.append(exc)

        thread = threading.Thread(target=solve)
        distinct = list(ctxs)
        starts = np.searchsorted(ctx_of, np.arange(0, len(distinct), ENDS_PART)).tolist()
        bounds: list[int] = [*starts, len(rows)]

        def values() -> Int64Array:
            """The values, once the thread has solved every part (raising what it raised)."""
            if thread.is_alive():
                thread.join()
            solved.rows_held = False
            if failed:
                raise failed[0]
            store.note(rows, found)
            return found

        solved.hold_rows()  # until they are solved: the rows a part names not written over
        try:
            thread.start()
            for p in range(len(bounds) - 1):
                some = distinct[p * ENDS_PART : (p + 1) * ENDS_PART]
                parts.put((bounds[p], bounds[p + 1], solved.many(some)))
        except BaseException:
            parts.put(None)
            with contextlib.suppress(BaseException):
                values()
            raise
        parts.put(None)
        return values

    def _solver(self, rows: Int64Array, *, full: bool) -> list[int]:
        """The solver bot's choices at ``rows`` (keys ``K_SOLVER``, or ``K_SOLVER_FULL`` where
        ``full``), a situation at a time: each solved once (:meth:`Solved.solution`), and the
        choice in each of its turn states compiled (:func:`~schocken.fast.turns.solver_choices`,
        as ``best_choice`` and ``deckel_decides`` make it)."""
        solved = self.solved
        # the situation: the round's words, the covered cups, then the Deckel (full) last, so
        # that the situations of one round come one after another
        columns = [2, *range(4, kernel.KW), 3] if full else [2, *range(4, kernel.KW)]
        order, first, bounds = _situations(rows, columns)
        words = np.ascontiguousarray(rows[order, 1])
        chosen = np.zeros(len(rows), np.int64)
        for g, row in enumerate(first):
            ctx, _ = _context(rows[row])
            lo, hi = int(bounds[g]), int(bounds[g + 1])
            if full:
                deckel = int(rows[row, 3])
                best_shown, middle = (deckel & 511) - 1, deckel >> 9 & 1023
                own = deckel >> 19 & 1023
                # the solver bot asks in halves only: a half's Deckel
                total = self.rules.deckel_per_half
                sol = solved.solution(ctx, best_shown, middle, own, total, full=True)
            else:
                sol = solved.solution(ctx)
            turns.solver_choices(
                solved.opts, solved.sixes, words[lo:hi], sol.val, sol.thr, sol.term, not full,
                chosen[lo:hi],
            )  # fmt: skip
        values = np.zeros(len(rows), np.int64)
        values[order] = chosen
        result: list[int] = values.tolist()
        return result

    @property
    def solved(self) -> Solved:
        """The compiled turn's solutions of the rule set's rounds (its store's)."""
        return self.store.solved

    def turn(self, word: int) -> TurnState:
        """The turn of a key's word 1 (state * 4 + throws)."""
        state = self._turns.get(word)
        if state is None:
            aside, thrown, must, turned, full = self.tables.states[word >> 2]
            state = self._turns[word] = TurnState(aside, thrown, word & 3, turned, must, full)
        return state

    def _weights(self, key: Int64Array) -> int:
        players, others_count, words = int(key[1]), int(key[2]), int(key[3])
        others = [
            int(key[4 + i // kernel.DECKEL_PER_WORD]) >> (10 * (i % kernel.DECKEL_PER_WORD)) & 1023
            for i in range(others_count)
        ]
        w = _weights(self.rules, players, words & 1023, words >> 10 & 1023, others)
        return self._add_weights(np.array([w], np.float64))

    def _add_weights(self, rows: Float64Array) -> int:
        """Rows of the half bot's weights added after those held; the index of the first."""
        first = self.weights_rows
        self.weights = _after(self.weights, first, rows)
        self.weights_rows += len(rows)
        return first

    def _finales(self, rows: Int64Array) -> list[int]:
        """The Finale's choices at ``rows`` (keys ``K_FINALE`` or ``K_TWO``), as
        :meth:`FinaleSolution.best_action` makes them (by tables: :mod:`.finale_choices`): each
        key's column of every state's choice added to :attr:`codes` once (where it begins the
        value; keys alike in it share it, :attr:`columns`)."""
        found: list[int] = []
        for kind, word, opener, words in rows[:, :4].tolist():
            choices = self._place(kind, opener)
            middle, own, other = words & 1023, words >> 10 & 1023, words >> 20 & 1023
            final, limit = None, None
            if opener & 1:  # the responder: the opener's final turn and limit
                final, limit = self._opener_final(opener), opener >> 14 & 3
            if word:  # strong_choice's key of a state without a choice there
                choices.code(middle, own, other, self.turn(word), final=final, limit=limit)
                raise AssertionError(f"state {word >> 2} after {word & 3} throws has no place")
            at = (kind, middle, own, other, final, limit)
            first = self.columns.get(at)
            if first is None:
                column = choices.column(middle, own, other, final=final, limit=limit)
                first = self.columns[at] = self._add_codes(column)
            found.append(first)
        return found

    def _place(self, kind: int, opener: int) -> FinaleChoices:
        """The Finale's choices of ``kind`` (``K_FINALE`` or ``K_TWO``), the places of the
        states of the side of a key's word 2 (``opener``) in :attr:`places` (made the first
        time)."""
        choices = self._finale_choices.get(kind)
        if choices is None:
            if kind == kernel.K_FINALE:
                bot = cast(FinaleBot, _finale_bot(self.rules))
            else:
                bot = _two_player_bot(self.rules)
            choices = self._finale_choices[kind] = finale_choices.choices_of(bot.solution)
        side = opener >> 14 & 3 if opener & 1 else 0
        if (kind, side) not in self._placed:
            found = choices.places(self.turn, self.places.shape[2], side or None)
            self.places[kind - kernel.K_FINALE, side] = found
            self._placed.add((kind, side))
        return choices

    def _add_codes(self, codes: Int16Array | Int64Array) -> int:
        """Codes added after those held (:attr:`codes`); the index of the first."""
        first = self.codes_used
        self.codes = _after(self.codes, first, codes)
        self.codes_used += len(codes)
        return first

    def _opener_final(self, opener: int) -> Column:
        """What the responder sees of the opener's final turn (a Finale key's word 2)."""
        final = self._finals.get(opener)
        if final is None:
            first = self.turn((opener >> 1 & 1023) << 2 | opener >> 11 & 3)
            if opener >> 13 & 1:
                final = ("covered", first.aside)
            else:
                final = ("shown", first.result(result_table(self.rules)))
            self._finals[opener] = final
        return final


A = TypeVar("A", bound=np.generic)


def _after(held: npt.NDArray[A], used: int, rows: npt.NDArray[Any]) -> npt.NDArray[A]:
    """``held`` (its first ``used`` rows in use) with ``rows`` written after those, twice as
    long as often as it takes to have room."""
    while used + len(rows) > len(held):
        held = np.concatenate([held, np.zeros_like(held)])
    held[used : used + len(rows)] = rows
    return held


def _situations(rows: Int64Array, columns: list[int]) -> tuple[Int64Array, list[int], Int64Array]:
    """``rows`` grouped by their words in ``columns`` (a situation): the order that puts each
    situation's rows together (situations in the order of those words), the first row of each,
    and where each begins in that order (and the end)."""
    _, first, which = np.unique(rows[:, columns], axis=0, return_index=True, return_inverse=True)
    order = np.argsort(which.ravel(), kind="stable")
    bounds = np.searchsorted(which.ravel()[order], np.arange(len(first) + 1))
    firsts: list[int] = first.tolist()
    return order, firsts, bounds


def _context(key: Int64Array) -> tuple[Context, int]:
    """The situation of a round key (``kernel._round_key``) and its best result shown (a code
    index, -1: none)."""
    limit, worst, after, ncov, best = _round_words(int(key[2]))
    cups = tuple(
        (KEEPS[c >> 2], c & 3)
        for c in (
            int(key[4 + i // kernel.CUPS_PER_WORD]) >> (8 * (i % kernel.CUPS_PER_WORD)) & 255
            for i in range(ncov)
        )
    )
    return Context(limit, worst, after, cups), best


def _round_words(word: int) -> tuple[int, int, int, int, int]:
    """Limit, worst code index, players after, covered cups and best code index (-1: none) of a
    round key's word 2 (``kernel._round_key``)."""
    return (
        word & 3,
        (word >> 2 & 511) - 1,
        word >> 11 & 31,
        word >> 16 & 31,
        (word >> 21 & 511) - 1,
    )


def fingerprint(rules: Rules) -> str:
    """What a memo's decisions depend on: the rules and the source of :data:`SOURCES`."""
    h = hashlib.sha256(json.dumps(rules.to_dict(), sort_keys=True, default=str).encode())
    root = Path(__file__).resolve().parent.parent
    for name in SOURCES:
        h.update(name.encode())
        h.update((root / name).read_bytes())
    return h.hexdigest()[:20]


def _path(rules: Rules) -> Path | None:
    folder = os.environ.get(CACHE_ENV)
    if not folder:
        return None
    return Path(folder) / f"strong-{fingerprint(rules)}.npz"


@cache
def memo(rules: Rules) -> Memo:
    """The (process-wide) memo of a rule set."""
    return Memo(rule_tables(rules))


def load_code(rules: Rules) -> None:
    """The compiled code the memo of ``rules`` is filled with loaded (from numba's cache) and
    its tables made, a situation of a round solved: a process that will measure rules soon
    does it while it has nothing else to do (the lab's helper process, :mod:`schocken.lab.pair`)."""
    m = memo(rules)
    m.trim()
    # a round's opener with three players after, solved as a filling solves: every compiled
    # function of the round's ends (memo.ends_batch and what it calls)
    m.solved.hold_rows()
    try:
        opener = m.solved.many([Context(0, -1, 3, ())])
        m.store.add_many(opener, np.zeros(1, np.int64), np.full(1, -1, np.int64))
    finally:
        m.solved.rows_held = False


def clear_caches() -> None:
    """Forget every rule set's memo (kept on disk where ``SCHOCKEN_CACHE_DIR`` says) and tables."""
    memo.cache_clear()
    stores.clear()
    finale_choices.forget()
    rule_tables.cache_clear()
