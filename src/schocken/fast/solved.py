"""The strong bots' decisions in a round for Deckel, solved by the compiled turn
(:mod:`schocken.fast.turns`) for every turn state of a situation at once.

:class:`Solved` holds, per rule set, the tables the compiled turn walks (the legal actions of
every turn state, the throws' rolls, the results) and the distributions it reads: each covered
cup's and each later player's, as the reference bot has them (``_RulesData.covered`` and
``_RulesData.later``, in rows of floats over the result codes). A situation solved is kept
(a few thousand of them), so that the next decision in it is a look-up.

The situations are the memo's keys (:mod:`schocken.fast.strong`): the limit (0: the player opens
the round), the worst result shown (a code index, -1: none), the players after, the covered cups
before (aside dice, throws), and for the full solution the best result shown, the middle, the
player's Deckel and the half's.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from schocken.actions import KEEPS, TURN_SIXES
from schocken.bots.half_bot import _worths
from schocken.bots.solver_bot import _ROLLS, _rules_data
from schocken.fast import later, turns
from schocken.fast.tables import (
    MAX_LEGAL,
    R_CODE,
    R_DECKEL,
    Float64Array,
    Int64Array,
    RuleTables,
)
from schocken.results import Dice
from schocken.rules import MAX_THROWS, Rules
from schocken.solver import owed_to_loser
from schocken.turn import TurnState, one_throw

MAX_ROWS = 20_000
"""The later players' distributions kept (rows of floats over the codes); beyond, afresh."""
MAX_SOLUTIONS = 4_000
"""Solved situations kept (without the Deckel, and full); beyond, the one asked for longest ago
goes."""
Cups = tuple[tuple[Dice, int], ...]

Scratch = tuple[
    Float64Array, Float64Array, Float64Array, Int64Array, Float64Array, Float64Array, Float64Array
]
"""A situation's ends and solution written before they are kept (:meth:`Solved.scratch`)."""

HALF_OPTIONS = (
    "preset", "deckel_per_half", "deckel_in_finale", "finale", "opening", "more_halves",
    "finale_opener", "einwuerfeln", "einwuerfeln_form", "later_opener", "deckel_owed",
    "first_round_one_throw", "one_throw_while_middle",
)  # fmt: skip
"""The options that shape the half and the game around a round for Deckel but not its turns,
its results or the strong bots' model of it (:class:`Solved` reads none of them; a round's
throw limit, which two of them set, is part of every situation). Rule sets that differ only
in these have the same situations of a round solved alike: their memos share them
(:func:`round_rules`; ``tests/test_fast_solved.py`` holds every preset to it, option by
option)."""


def round_rules(rules: Rules) -> Rules:
    """``rules`` with every option of :data:`HALF_OPTIONS` as it is by default: the same for
    two rule sets whose rounds the strong bots solve alike."""
    defaults: dict[str, Any] = {
        f.name: f.default for f in dataclasses.fields(Rules) if f.name in HALF_OPTIONS
    }
    return dataclasses.replace(rules, **defaults)


class Context(NamedTuple):
    """A situation of the round, as the memo's keys have it."""

    limit: int
    worst: int
    after: int
    cups: Cups


class Solution(NamedTuple):
    """A situation's values: ``val[s, t]``, ``thr[k, t]``, ``term[s, t]`` (see
    :func:`schocken.fast.turns.solve_turn`)."""

    val: Float64Array
    thr: Float64Array
    term: Float64Array


class Ends(NamedTuple):
    """A situation's ends of the round (see :func:`schocken.fast.turns.round_ends`), as kept: what
    a decision reads of them (:meth:`Solved.action_ends`), the same floats. Of the ends on
    stopping, a row for each terminal of the turn alike (many states end alike: the same result,
    the same later players); of the ends from a state, those of the states turning sixes
    leads to."""

    throw: Float64Array
    """``throw[k, t]``: from each throw (keep ``k``) after ``t`` throws."""
    stop: Float64Array
    """The ends on stopping (rows: one for all terminals with the same result and later
    players)."""
    stop_at: Int64Array
    """``stop_at[s, t]``: the row of ``stop`` on stopping in state ``s`` after ``t`` throws (-1:
    never reached within the round's limit)."""
    turned: Float64Array
    """``turned[Solved.turned_at[s], t]``: from state ``s`` that turning sixes leads to."""

    @property
    def nbytes(self) -> int:
        return self.throw.nbytes + self.stop.nbytes + self.stop_at.nbytes + self.turned.nbytes


class Solved:
    """The compiled turn's tables and solved situations of one rule set (see the module)."""

    def __init__(self, tables: RuleTables) -> None:
        rules = tables.rules
        self.rules = rules
        self.data = data = _rules_data(rules)
        states = tables.states
        index = {s: i for i, s in enumerate(states)}
        n = len(states)
        self.opts = np.zeros((n, MAX_THROWS + 1, MAX_LEGAL), np.int64)
        self.sixes = np.full(n, -1, np.int64)
        for i, (aside, thrown, must, turned, full) in enumerate(states):
            if i == 0:
                continue
            for t in range(1, MAX_THROWS):
                state = TurnState(aside, thrown, t, turned, must, full)
                legal = state.actions(rules, MAX_THROWS)
                self.opts[i, t, 0] = len(legal)
                for j, a in enumerate(legal):
                    self.opts[i, t, 1 + j] = a.code
                    if a is TURN_SIXES:
                        b = state.after_turn_sixes(rules)
                        key = (b.aside, b.thrown, b.must_throw, b.turned, b.last_full)
                        self.sixes[i] = index[key]
        rolls = max(len(r) for r in _ROLLS.values())
        self.kchild = np.zeros((len(KEEPS), rolls), np.int64)
        self.kq = np.zeros((len(KEEPS), rolls), np.float64)
        self.krolls = np.zeros(len(KEEPS), np.int64)
        for k, keep in enumerate(KEEPS):
            full = one_throw(keep)
            self.krolls[k] = len(_ROLLS[3 - len(keep)])
            for r, (roll, q) in enumerate(_ROLLS[3 - len(keep)]):
                self.kchild[k, r] = index[keep, roll, (), 0, full]
                self.kq[k, r] = q
        self.order = np.array(sorted(range(n), key=self._depth), np.int64)
        self.reach = self._reach(n)
        targets = np.unique(self.sixes[self.sixes >= 0])
        self.turned_states = targets
        """The states turning sixes leads to."""
        self.turned_at = np.full(n, -1, np.int64)
        self.turned_at[targets] = np.arange(len(targets))
        self.terminals = int(self.reach.sum())
        """The most rows of ends on stopping a situation can have (one a state and throws)."""
        self.code = np.ascontiguousarray(tables.results[:, :, R_CODE])
        self.worth = np.ascontiguousarray(tables.results[:, :, R_DECKEL])
        self.aside = tables.aside
        self.covers = np.array(
            [[rules.covers(t, lim) for lim in range(MAX_THROWS + 1)] for t in range(4)], np.bool_
        )
        self.codes_at = [sorted({int(c) for c in self.code[1:, t]}) for t in range(4)]
        self.keeps_at = sorted({int(k) for k in self.aside[1:]})
        worths = _worths(rules)
        self.size = 3 * len(worths.worths)
        self.of_code = np.array(worths.of_code, np.int64)
        self.runs = np.array(worths.runs, np.int64).reshape(-1, 2)
        c = len(data.codes)
        self.codes = tuple(data.codes)
        self._rows: dict[tuple[int, int | None, Cups], int] = {}
        self._cups: dict[tuple[Dice, int], Float64Array] = {}
        self._scratch: Scratch | None = None
        self.rows_held = False
        """Whether the later players' rows are kept however many (:meth:`hold_rows`)."""
        self.pool_gt = np.zeros((256, c))
        self.pool_cdf = np.zeros((256, c))
        self._no_owed = np.zeros(c, np.int64)
        self._owed_of: dict[tuple[int, int, int], Int64Array] = {}
        self._chosen: dict[Context, Int64Array] = {}
        self._graphs: dict[int, later.Graph] = {}
        self._at_least: dict[tuple[Dice, int], Int64Array] = {}
        self._gathered: dict[tuple[int, int | None, Cups, int], Int64Array] = {}
        self._solutions: OrderedDict[tuple[object, ...], Solution] = OrderedDict()
        self._last: (
            tuple[
                Context,
                tuple[Float64Array, Float64Array, Float64Array, Int64Array, Int64Array],
            ]
            | None
        ) = None

    def _reach(self, n: int) -> npt.NDArray[np.bool_]:
        """Whether a turn can be in each state after each number of throws."""
        reach = np.zeros((n, MAX_THROWS + 1), np.bool_)
        now = {int(s) for s in self.kchild[0, : self.krolls[0]]}  # the first throw
        for t in range(1, MAX_THROWS + 1):
            todo = list(now)
            while todo:  # and the states turning sixes leads to
                s = todo.pop()
                codes = self.opts[s, t, 1 : 1 + self.opts[s, t, 0]]
                if turns.TURN_SIXES in codes and int(self.sixes[s]) not in now:
                    now.add(int(self.sixes[s]))
                    todo.append(int(self.sixes[s]))
            reach[sorted(now), t] = True
            after: set[int] = set()
            for s in now:
                for a in self.opts[s, t, 1 : 1 + self.opts[s, t, 0]]:
                    if a < turns.TURN_SIXES:
                        after.update(int(x) for x in self.kchild[a, : self.krolls[a]])
            now = after
        return reach

    def _depth(self, s: int) -> int:
        """How many turnings of sixes follow from state ``s`` (the states are solved fewest
        first: each after the state its sixes turn into)."""
        depth = 0
        while self.sixes[s] >= 0:
            s = int(self.sixes[s])
            depth += 1
        return depth

    # ------------------------------------------------------------------ the distributions

    def _row(self, limit: int, worst: int | None, cups: Cups) -> int:
        """The row of a later player's distribution (``_RulesData.later``): compiled
        (:mod:`schocken.fast.later`), or the reference's where the cups are too many for it."""
        return self._rows_of(limit, [(worst, cups)])[0]

    def _rows_of(self, limit: int, wanted: list[tuple[int | None, Cups]]) -> list[int]:
        """The rows (:meth:`_row`) for each of ``wanted`` (the worst shown and the covered cups)
        with the same limit, those not held yet made in one compiled call."""
        held = self._rows
        rows: list[int] = []
        new: list[tuple[int, int | None, Cups]] = []
        for worst, cups in wanted:
            key = (limit, worst, cups)
            row = held.get(key)
            if row is None:
                row = held[key] = len(held)
                new.append((row, worst, cups))
            rows.append(row)
        if new:
            while len(held) > len(self.pool_gt):
                self.pool_gt = np.concatenate([self.pool_gt, np.zeros_like(self.pool_gt)])
                self.pool_cdf = np.concatenate([self.pool_cdf, np.zeros_like(self.pool_cdf)])
            compiled: list[tuple[int, int | None, Cups]] = []
            inexact: list[tuple[int, int | None, Cups]] = []
            for n in new:  # too many cups for the compiled arithmetic: the reference's
                (compiled if later.fits(n[2]) else inexact).append(n)
            if compiled:
                inexact += self._later(limit, compiled)
            for row, worst, cups in inexact:
                dist = self.data.later(limit, worst, cups)
                gt = dist.gt
                self.pool_gt[row] = [gt[c] for c in self.data.codes]
                self.pool_cdf[row] = dist.cdf
        return rows

    def _later(
        self, limit: int, new: list[tuple[int, int | None, Cups]]
    ) -> list[tuple[int, int | None, Cups]]:
        """A later player's distributions into the ``new`` rows (row, worst shown, covered
        cups), compiled in one call; those where a division was not exact returned (the
        reference's to make)."""
        codes = self.codes
        g = self._graphs.get(limit)
        if g is None:  # kept here: the cache's key (the rules, the codes) is slow to hash
            g = self._graphs[limit] = later.graph(self.rules, limit, codes)
        # each row's covered cups: their throws below each result (all 1 without cups)
        below = np.ones((len(new), len(codes)), np.int64)
        for i, (_, _, cups) in enumerate(new):
            for cup in cups:
                at_least = self._at_least.get(cup)
                if at_least is None:
                    at_least = self._at_least[cup] = later.cup_at_least(self.rules, cup, codes)
                below[i] *= at_least
        index = self.data.index
        worsts = np.array([-1 if w is None else index[w] for _, w, _ in new], np.int64)
        rows = np.array([row for row, _, _ in new], np.int64)
        has_cups = np.array([bool(cups) for _, _, cups in new], np.bool_)
        exact = np.zeros(len(new), np.bool_)
        # C-ordered whatever the rows' number (a column pick of several rows is F-ordered, of
        # one both): one compiled version of the call, not two loaded in each process
        below = np.ascontiguousarray(below[:, g.result_code])
        later.later_rows_many(
            g.node_start, g.node_count, g.roll_count, g.roll_state, g.node_dice, g.order,
            g.choice_start, g.choice_count, g.choice_kind, g.choice_index, g.result_code,
            g.result_place, g.root, worsts, below, has_cups, len(codes),
            self.pool_gt, self.pool_cdf, rows, exact,
        )  # fmt: skip
        return [new[i] for i in np.flatnonzero(~exact).tolist()]

    def _context(
        self, ctx: Context
    ) -> tuple[Float64Array, Float64Array, Float64Array, Int64Array, Int64Array]:
        """The covered cups' rows and the later players' row numbers of a situation (the last
        one's kept: the half bot's ends ask for it again after the solution)."""
        if self._last is not None and self._last[0] == ctx:
            return self._last[1]
        found = self._gather(ctx)
        self._last = (ctx, found)
        return found

    def _covered(self, cup: tuple[Dice, int]) -> Float64Array:
        """A covered cup's P(at least), P(better than) and cdf over the codes, as rows (kept)."""
        rows = self._cups.get(cup)
        if rows is None:
            dist = self.data.covered(*cup)
            codes = self.data.codes
            rows = self._cups[cup] = np.array(
                [[dist.ge[x] for x in codes], [dist.gt[x] for x in codes], list(dist.cdf)]
            )
        return rows

    def _gather(
        self, ctx: Context
    ) -> tuple[Float64Array, Float64Array, Float64Array, Int64Array, Int64Array]:
        codes = self.data.codes
        ncov, c = len(ctx.cups), len(codes)
        cov = np.zeros((3, ncov, c))
        for i, cup in enumerate(ctx.cups):
            cov[:, i] = self._covered(cup)
        vis_id = np.full((MAX_THROWS + 1, c), -1, np.int64)
        covd_id = np.full((MAX_THROWS + 1, len(KEEPS), MAX_THROWS + 1), -1, np.int64)
        if ctx.after:
            opener = ctx.limit == 0
            lim = MAX_THROWS if opener else ctx.limit
            m = None if ctx.worst < 0 else codes[ctx.worst]
            cups = tuple(sorted(ctx.cups))
            for t in range(1, lim + 1):
                a = t if opener else ctx.limit
                if self.covers[t, lim]:
                    covd_id[a, self.keeps_at, t] = self._covered_rows(a, m, cups, t)
                else:
                    vis_id[a, self.codes_at[t]] = self._shown_rows(a, m, cups, t)
        return cov[0], cov[1], cov[2], vis_id, covd_id

    def _shown_rows(self, a: int, m: int | None, cups: Cups, t: int) -> Int64Array:
        """The later players' rows (:meth:`_row`) after a turn shows each result it can have
        after ``t`` throws (``codes_at[t]``), the limit ``a``, the worst shown before ``m`` and
        the covered ``cups`` (kept: many situations share them)."""
        key = (a, m, cups, t)
        found = self._gathered.get(key)
        if found is None:
            codes = self.codes
            wanted: list[tuple[int | None, Cups]] = [
                (codes[x] if m is None else min(m, codes[x]), cups) for x in self.codes_at[t]
            ]
            found = self._gathered[key] = np.array(self._rows_of(a, wanted), np.int64)
        return found

    def _covered_rows(self, a: int, m: int | None, cups: Cups, t: int) -> Int64Array:
        """The later players' rows after a turn covers after ``t`` throws with each of
        ``keeps_at`` aside (as :meth:`_shown_rows`)."""
        key = (a, m, cups, -t)
        found = self._gathered.get(key)
        if found is None:
            wanted = [(m, tuple(sorted((*cups, (KEEPS[k], t))))) for k in self.keeps_at]
            found = self._gathered[key] = np.array(self._rows_of(a, wanted), np.int64)
        return found

    # ------------------------------------------------------------------ solving

    def solution(
        self, ctx: Context, best: int = -1, middle: int = 0, deckel: int = 0, total: int = 0,
        *, full: bool = False,
    ) -> Solution:  # fmt: skip
        """A situation solved (``_TurnSolution``): without the Deckel, or ``full`` with the best
        result shown (a code index), the middle, the player's Deckel and the half's."""
        key = (ctx, full, best, middle, deckel, total) if full else (ctx,)
        sol = self._solutions.get(key)
        if sol is not None:
            self._solutions.move_to_end(key)
            return sol
        if len(self._solutions) >= MAX_SOLUTIONS:
            self._solutions.popitem(last=False)  # the one asked for longest ago
        if not self.rows_held:
            self._trim_rows()
        cov_ge, cov_gt, cov_cdf, vis_id, covd_id = self._context(ctx)
        owed = self._owed(middle, deckel, total) if full else self._no_owed
        n = len(self.opts)
        sol = Solution(
            np.zeros((n, MAX_THROWS + 1, 2)),
            np.zeros((len(KEEPS), MAX_THROWS + 1, 2)),
            np.zeros((n, MAX_THROWS + 1, 2)),
        )
        turns.solve_turn(
            self.opts, self.kchild, self.kq, self.krolls, self.sixes, self.order, self.reach,
            self.code, self.worth, self.aside, self.covers, ctx.limit == 0, ctx.limit, ctx.after,
            ctx.worst, full, best, middle, deckel, owed, cov_ge, cov_gt, cov_cdf, vis_id, covd_id,
            self.pool_gt, self.pool_cdf, sol.val, sol.thr, sol.term,
        )  # fmt: skip
        self._solutions[key] = sol
        return sol

    def _owed(self, middle: int, deckel: int, total: int) -> Int64Array:
        """What the loser gets with each code as the best result (``owed_to_loser``)."""
        key = (middle, deckel, total)
        owed = self._owed_of.get(key)
        if owed is None:
            owed = self._owed_of[key] = np.array(
                [owed_to_loser(self.data.result_of[c], middle, deckel, total) for c in self.codes],
                np.int64,
            )
        return owed

    def values(self, sol: Solution, state: int, throws: int) -> list[tuple[float, float]]:
        """Each legal action's (P(lose round), E[Deckel change]) in turn state ``state`` after
        ``throws`` throws, in the engine's order (``_TurnSolution.action_values``)."""
        out = np.zeros((MAX_LEGAL, 2))
        count = turns.action_values(
            self.opts, self.sixes, state, throws, sol.val, sol.thr, sol.term, out
        )
        return [(float(p), float(d)) for p, d in out[:count]]

    def ends(self, ctx: Context, best: int, *, scratch: bool = False) -> Ends:
        """How the round ends from each state of a situation (``Outcomes``), the best result
        shown being the code index ``best`` (-1: none); not kept here (the memo keeps them:
        :meth:`schocken.fast.strong.Memo.ends`). With ``scratch`` in arrays the next call with
        it writes over (for a caller that copies them at once: new ones each time, of a
        megabyte, cost the system's fresh pages, as much as the solving)."""
        sol = self.solution(ctx)
        cov_ge, cov_gt, cov_cdf, vis_id, covd_id = self._context(ctx)
        n = len(self.opts)
        # every entry a decision reads is written
        if scratch:
            state, throw, stop, stop_at = self.scratch()[:4]
            stop_at.fill(-1)
        else:
            state = np.empty((n, MAX_THROWS + 1, self.size))
            throw = np.empty((len(KEEPS), MAX_THROWS + 1, self.size))
            stop = np.empty((self.terminals, self.size))
            stop_at = np.full((n, MAX_THROWS + 1), -1, np.int64)
        rows = turns.round_ends(
            self.opts, self.kchild, self.kq, self.krolls, self.sixes, self.order, self.reach,
            self.code, self.aside, self.covers, ctx.limit == 0, ctx.limit, ctx.after, ctx.worst,
            best, self.of_code, self.runs, cov_ge, cov_gt, cov_cdf, vis_id, covd_id, self.pool_cdf,
            self._choices(ctx, sol), state, throw, stop, stop_at,
        )  # fmt: skip
        return Ends(throw, stop[:rows], stop_at, state[self.turned_states])

    def _trim_rows(self) -> None:
        """The later players' rows started afresh where :data:`MAX_ROWS` are held."""
        if len(self._rows) >= MAX_ROWS:
            self._rows.clear()
            self._gathered.clear()
            self._last = None

    def hold_rows(self) -> None:
        """Keep the later players' rows, however many, until :attr:`rows_held` is False again
        (started afresh first where :data:`MAX_ROWS` are held): the situations of :meth:`many`
        read them on another thread meanwhile."""
        self._trim_rows()
        self.rows_held = True

    def many(self, ctxs: list[Context]) -> tuple[tuple[Int64Array, ...], Float64Array]:
        """The situations ``ctxs`` (none twice) as :func:`~schocken.fast.memo.ends_batch` reads
        them: their limits, worst results shown, players after, covered cups, later players'
        rows, room for the solver bot's choices and whether they are made yet (none:
        ``ends_batch`` makes them, on its thread), and their covered cups' rows. After
        :meth:`hold_rows` (the later players' rows they name not written over while they are
        read)."""
        assert self.rows_held, "the later players' rows may be started afresh"
        count, c, n = len(ctxs), len(self.codes), len(self.opts)
        most = max(1, max(len(ctx.cups) for ctx in ctxs))
        words = np.zeros((4, count), np.int64)
        cov = np.zeros((3, count, most, c))
        vis_id = np.zeros((count, MAX_THROWS + 1, c), np.int64)
        covd_id = np.zeros((count, MAX_THROWS + 1, len(KEEPS), MAX_THROWS + 1), np.int64)
        chosen = np.zeros((count, n, MAX_THROWS + 1), np.int64)
        given = np.zeros(count, np.int64)
        for j, ctx in enumerate(ctxs):
            ge, gt, cdf, vis_id[j], covd_id[j] = self._context(ctx)
            words[:, j] = ctx.limit, ctx.worst, ctx.after, len(ctx.cups)
            cov[:, j, : len(ctx.cups)] = ge, gt, cdf
        return (*words, vis_id, covd_id, chosen, given), cov

    @property
    def tables(self) -> tuple[npt.NDArray[Any], ...]:
        """The turn's tables as :func:`~schocken.fast.memo.ends_batch` takes them."""
        return (
            self.opts, self.kchild, self.kq, self.krolls, self.sixes, self.order, self.reach,
            self.code, self.aside, self.covers, self.of_code, self.runs, self.turned_at,
            self.worth, self._no_owed,
        )  # fmt: skip

    @property
    def pool(self) -> tuple[Float64Array, Float64Array]:
        """The later players' rows (``gt``, ``cdf``) as :func:`~schocken.fast.memo.ends_batch`
        takes them."""
        return self.pool_gt, self.pool_cdf

    def scratch(self) -> Scratch:
        """The arrays a situation's ends are written into before they are kept (the same each
        time: see :meth:`ends`), and its solution (as :meth:`solution` makes it) where
        :func:`~schocken.fast.memo.ends_batch` solves it."""
        if self._scratch is None:
            n = len(self.opts)
            self._scratch = (
                np.empty((n, MAX_THROWS + 1, self.size)),
                np.empty((len(KEEPS), MAX_THROWS + 1, self.size)),
                np.empty((self.terminals, self.size)),
                np.full((n, MAX_THROWS + 1), -1, np.int64),
                np.zeros((n, MAX_THROWS + 1, 2)),
                np.zeros((len(KEEPS), MAX_THROWS + 1, 2)),
                np.zeros((n, MAX_THROWS + 1, 2)),
            )
        return self._scratch

    def _choices(self, ctx: Context, sol: Solution) -> Int64Array:
        """The solver bot's choices in a situation as the round's ends follow them
        (:func:`turns.round_choices`; kept: the same for every best result shown)."""
        chosen = self._chosen.get(ctx)
        if chosen is None:
            if len(self._chosen) >= MAX_SOLUTIONS:
                self._chosen.clear()
            chosen = self._chosen[ctx] = np.zeros((len(self.opts), MAX_THROWS + 1), np.int64)
            lim = MAX_THROWS if ctx.limit == 0 else ctx.limit
            turns.round_choices(
                self.opts, self.sixes, self.order, self.reach, lim, sol.val, sol.thr, sol.term,
                chosen,
            )  # fmt: skip
        return chosen

    def action_ends(self, ends: Ends, state: int, throws: int) -> Float64Array:
        """Each legal action's ends of the round (``Outcomes.action_ends``), one row each (as
        :func:`turns.ends_rows` writes them for the memo)."""
        rows = np.zeros((1, MAX_LEGAL, self.size + 2))
        words = np.array([state * 4 + throws], np.int64)
        stray = turns.ends_rows(
            self.opts, self.sixes, self.turned_at, words, ends.throw, ends.stop, ends.stop_at,
            ends.turned, rows,
        )  # fmt: skip
        if stray >= 0:
            raise AssertionError(f"state {state} after {throws} throws is never reached")
        out: Float64Array = rows[0, : self.opts[state, throws, 0], : self.size]
        return out
