"""The strong bots' turn, compiled: the solver bot's solution of a situation and the half bot's
ends of a round, for every turn state at once.

These are the reference bots' computations (:class:`schocken.bots.solver_bot._TurnSolution`,
:class:`schocken.bots.half_bot.Outcomes`) written a second time, in numba, operation for
operation: the same products and sums of the same floats in the same order, ``pow`` where the
reference raises to a power, the same comparisons with ``EPS``; so every value is the very float
the reference computes, and every choice the same. What they take from the reference as it is:
the result distributions of the covered cups and of the later players (``_RulesData.covered``,
``_RulesData.later``), as rows of floats (:mod:`schocken.fast.solved` gathers them).
``tests/test_fast_turns.py`` compares every value with the reference's, and
``tests/test_fast_strong.py`` every decision of whole games.

The arrays (``S`` turn states of :func:`schocken.fast.tables.rule_tables`, ``C`` result codes):

- ``opts[s, t]``: the legal actions in state ``s`` after ``t`` throws (count, then codes), as
  ``TurnState.actions(rules, 3)`` lists them; ``kchild[k, r]``, ``kq[k, r]``: the state after the
  ``r``-th roll of a throw keeping ``KEEPS[k]`` and its probability (``_ROLLS`` order);
  ``sixes[s]``: the state after turning sixes; ``order``: the states, each after the state its
  sixes turn into; ``reach[s, t]``: whether a turn can be in state ``s`` after ``t`` throws (the
  others are skipped: nothing reads them).
- ``code[s, t]``, ``worth[s, t]``: the result's code and Deckel (-1: a Schock-Aus) if the turn ends
  there; ``aside[s]``: the keep index of its dice aside; ``covers[t, limit]``.
- The context: the covered cups' ``cov_ge``, ``cov_gt``, ``cov_cdf`` (rows in the order of the
  round); the later players' distribution by ``vis_id[after_limit, c]`` (this turn's result shown
  with code ``c``) or ``covd_id[after_limit, keep, t]`` (covered), rows of ``pool_*``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from schocken.fast.jit import _jit

EPS = 1e-12
"""As ``schocken.bots.solver_bot.EPS``."""
TURN_SIXES = 28
STOP = 29


@_jit
def _better(p1: float, d1: float, p2: float, d2: float) -> bool:
    if p1 < p2 - EPS:
        return True
    return p1 <= p2 + EPS and d1 < d2 - EPS


@_jit
def _later_row(
    s: int, t: int, opener: bool, limit: int, lim: int, covers: Any, code: Any, aside: Any,
    vis_id: Any, covd_id: Any,
) -> int:  # fmt: skip
    after_limit = t if opener else limit
    if covers[t, lim]:
        row: int = covd_id[after_limit, aside[s], t]
        return row
    found: int = vis_id[after_limit, code[s, t]]
    return found


@_jit
def _seen_size(codes: int) -> int:
    return (4 + 28 * 4) * codes


@_jit
def _seen_key(
    s: int, t: int, opener: bool, limit: int, lim: int, covers: Any, code: Any, aside: Any,
    codes: int,
) -> int:  # fmt: skip
    """What a terminal's value depends on besides its result's worth, as one number: its result
    and the later players' distribution (shown: the limit after it; covered: its aside dice and
    throws)."""
    if covers[t, lim]:
        found: int = (4 + aside[s] * 4 + t) * codes + code[s, t]
    else:
        found = (t if opener else limit) * codes + code[s, t]
    return found


@_jit
def _terminal(
    s: int, t: int, lid: int, after: int, worst: int, full: bool, best_shown: int, middle: int,
    deckel: int, owed: Any, code: Any, worth: Any, cov_ge: Any, cov_gt: Any, cov_cdf: Any,
    pool_gt: Any, pool_cdf: Any, base: Any,
) -> tuple[float, float]:  # fmt: skip
    """``_TurnSolution._end``: (P(lose), E[Deckel change]) when the turn ends in ``s`` after
    ``t`` throws."""
    c = code[s, t]
    ncov = cov_ge.shape[0]
    p_lose = 0.0 if worst >= 0 and worst < c else 1.0
    for i in range(ncov):
        p_lose *= cov_ge[i, c]
    if after > 0:
        p_lose *= math.pow(pool_gt[lid, c], float(after))
    if not full:
        return p_lose, 0.0
    taken = 0.0
    if p_lose > 0.0:
        for i in range(ncov):
            base[i] = cov_cdf[i, c] - (cov_ge[i, c] - cov_gt[i, c])
        base_later = pool_cdf[lid, c] if after > 0 else 0.0
        previous = 0.0
        for i in range(c, owed.shape[0]):
            if best_shown >= 0 and best_shown > i:
                continue
            now = 1.0
            for j in range(ncov):
                now *= cov_cdf[j, i] - base[j]
            if after > 0:
                now *= math.pow(pool_cdf[lid, i] - base_later, float(after))
            if now != previous:
                taken += (now - previous) * owed[i]
                previous = now
    given = 0.0
    if middle == 0 and (best_shown < 0 or best_shown < c):
        p_best = 1.0
        for i in range(ncov):
            p_best *= 1.0 - cov_ge[i, c]
        if after > 0:
            p_best *= math.pow(1.0 - pool_gt[lid, c], float(after))
        w = worth[s, t]
        given = p_best * (deckel if w < 0 else min(w, deckel))
    return p_lose, taken - given


@_jit
def solve_turn(
    opts: Any, kchild: Any, kq: Any, krolls: Any, sixes: Any, order: Any, reach: Any,
    code: Any, worth: Any, aside: Any, covers: Any, opener: bool, limit: int, after: int,
    worst: int, full: bool, best_shown: int, middle: int, deckel: int, owed: Any, cov_ge: Any,
    cov_gt: Any, cov_cdf: Any, vis_id: Any, covd_id: Any, pool_gt: Any, pool_cdf: Any, val: Any,
    thr: Any, term: Any,
) -> None:  # fmt: skip
    """The values of a situation (``_TurnSolution``): ``val[s, t]`` of each state after ``t``
    throws, ``thr[k, t]`` of throwing all but ``KEEPS[k]`` after ``t`` throws, ``term[s, t]`` of
    stopping there; each (P(lose), E[Deckel change]) in the last axis. ``limit`` is 0 where the
    player opens the round."""
    lim = 3 if opener else limit
    base = np.zeros(cov_ge.shape[0])
    seen = np.full(_seen_size(owed.shape[0]), -1, np.int64)  # where a terminal's value is
    n_states = opts.shape[0]
    for t in range(lim, 0, -1):
        if t < lim:
            for k in range(kchild.shape[0]):
                p = d = 0.0
                for r in range(krolls[k]):
                    q = kq[k, r]
                    child = kchild[k, r]
                    p += q * val[child, t + 1, 0]
                    d += q * val[child, t + 1, 1]
                thr[k, t, 0] = p
                thr[k, t, 1] = d
        for i in range(n_states):
            s = order[i]
            if not reach[s, t]:
                continue  # never after t throws
            lid = _later_row(s, t, opener, limit, lim, covers, code, aside, vis_id, covd_id)
            # the same result, worth and later players: the same value
            key = _seen_key(s, t, opener, limit, lim, covers, code, aside, owed.shape[0])
            was = seen[key]
            if was >= 0 and worth[was // 4, was % 4] == worth[s, t]:
                tp, td = term[was // 4, was % 4, 0], term[was // 4, was % 4, 1]
            else:
                tp, td = _terminal(
                    s, t, lid, after, worst, full, best_shown, middle, deckel, owed, code, worth,
                    cov_ge, cov_gt, cov_cdf, pool_gt, pool_cdf, base,
                )  # fmt: skip
                seen[key] = s * 4 + t
            term[s, t, 0] = tp
            term[s, t, 1] = td
            count = opts[s, t, 0] if t < lim else 0
            if count == 0:
                val[s, t, 0] = tp
                val[s, t, 1] = td
                continue
            bp = bd = 0.0
            for j in range(count):
                a = opts[s, t, 1 + j]
                if a == STOP:
                    vp, vd = tp, td
                elif a == TURN_SIXES:
                    vp, vd = val[sixes[s], t, 0], val[sixes[s], t, 1]
                else:
                    vp, vd = thr[a, t, 0], thr[a, t, 1]
                if j == 0 or _better(vp, vd, bp, bd):
                    bp, bd = vp, vd
            val[s, t, 0] = bp
            val[s, t, 1] = bd


@_jit
def action_values(
    opts: Any, sixes: Any, s: int, t: int, val: Any, thr: Any, term: Any, out: Any
) -> int:
    """The values of the legal actions in ``s`` after ``t`` throws into ``out``; their number."""
    count: int = opts[s, t, 0]
    for j in range(count):
        a = opts[s, t, 1 + j]
        if a == STOP:
            out[j, 0], out[j, 1] = term[s, t, 0], term[s, t, 1]
        elif a == TURN_SIXES:
            out[j, 0], out[j, 1] = val[sixes[s], t, 0], val[sixes[s], t, 1]
        else:
            out[j, 0], out[j, 1] = thr[a, t, 0], thr[a, t, 1]
    return count


@_jit
def solver_choices(
    opts: Any, sixes: Any, words: Any, val: Any, thr: Any, term: Any, flags: bool, out: Any
) -> None:
    """The solver bot's action in each of ``words`` (state * 4 + throws) of one solved
    situation, into ``out``: the code of ``best_choice`` of the actions' values, with ``flags``
    also where the Deckel decide between actions tied on the chance of losing
    (``deckel_decides``): 2 << 8 with Deckel in the middle, 1 << 8 only with it empty."""
    values = np.zeros((opts.shape[2], 2))
    for i in range(words.shape[0]):
        s, t = words[i] >> 2, words[i] & 3
        count = action_values(opts, sixes, s, t, val, thr, term, values)
        best = 0  # best_choice: the first one no later one is better than
        for j in range(1, count):
            if _better(values[j, 0], values[j, 1], values[best, 0], values[best, 1]):
                best = j
        choice = opts[s, t, 1 + best]
        if flags:
            if _deckel_decides(values, count, 1):
                choice |= 2 << 8
            elif _deckel_decides(values, count, 0):
                choice |= 1 << 8
        out[i] = choice


@_jit
def _deckel_decides(values: Any, count: int, middle: int) -> bool:
    """``schocken.bots.solver_bot.deckel_decides`` of the first ``count`` values."""
    best = values[0, 0]
    for j in range(1, count):
        best = min(best, values[j, 0])
    tied = 0
    for j in range(count):
        if values[j, 0] <= best + EPS:
            tied += 1
    return tied > 1 and not (best <= EPS and middle > 0)


@_jit
def ends_rows(
    opts: Any, sixes: Any, turned_at: Any, words: Any, throw: Any, stop: Any, stop_at: Any,
    turned: Any, rows: Any,
) -> int:  # fmt: skip
    """The half bot's ends of the round for each legal action (``Outcomes.action_ends``) in each
    of ``words`` (state * 4 + throws) of one situation (its ends as :class:`~schocken.fast.
    solved.Ends` keeps them), into ``rows[i]``: per action its ends, then (at ``size`` of the
    first) the number of actions and (at ``size + 1``) the action's code. Returns -1, or the
    index of a word whose state the turn never reaches after its throws."""
    size = throw.shape[2]
    for i in range(words.shape[0]):
        s, t = words[i] >> 2, words[i] & 3
        count = opts[s, t, 0]
        rows[i, 0, size] = count
        for j in range(count):
            a = opts[s, t, 1 + j]
            for e in range(size):
                if a == STOP:
                    if stop_at[s, t] < 0:
                        return i
                    rows[i, j, e] = stop[stop_at[s, t], e]
                elif a == TURN_SIXES:
                    rows[i, j, e] = turned[turned_at[sixes[s]], t, e]
                else:
                    rows[i, j, e] = throw[a, t, e]
            rows[i, j, size + 1] = a
    return -1


@_jit
def _ends(
    s: int, t: int, lid: int, after: int, worst: int, best_shown: int, code: Any, of_code: Any,
    runs: Any, cov_ge: Any, cov_gt: Any, cov_cdf: Any, pool_cdf: Any, below: Any, ends: Any,
) -> None:  # fmt: skip
    """``Outcomes._ends``: how the round ends when the turn ends in ``s`` after ``t`` throws."""
    c = code[s, t]
    ncov = cov_ge.shape[0]
    n = ends.shape[0] // 3
    for i in range(ncov):
        below[i] = cov_cdf[i, c] - (cov_ge[i, c] - cov_gt[i, c])
    later_below = pool_cdf[lid, c] if after > 0 else 0.0
    may_lose = worst < 0 or worst >= c
    may_be_best = best_shown < 0 or best_shown < c
    p_best = 0.0
    if may_be_best:
        p_best = 1.0
        for i in range(ncov):
            p_best *= below[i]
        if after > 0:
            p_best *= math.pow(later_below, float(after))
    ends[:] = 0.0
    ends[n + of_code[c]] = p_best
    lost_before = neither_before = 0.0
    for r in range(runs.shape[0]):
        top, slot = runs[r, 0], runs[r, 1]
        if top < c:
            continue
        if best_shown >= 0 and best_shown > top:
            continue
        every = 1.0
        lost = 1.0 if may_lose else 0.0
        for i in range(ncov):
            every *= cov_cdf[i, top]
            lost *= cov_cdf[i, top] - below[i]
        if after > 0:
            every *= math.pow(pool_cdf[lid, top], float(after))
            lost *= math.pow(pool_cdf[lid, top] - later_below, float(after))
        x = every - p_best - lost
        neither = x if x > 0.0 else 0.0
        ends[slot] += lost - lost_before
        ends[2 * n + slot] += neither - neither_before
        lost_before, neither_before = lost, neither


@_jit
def round_ends(
    opts: Any, kchild: Any, kq: Any, krolls: Any, sixes: Any, order: Any, reach: Any,
    code: Any, aside: Any, covers: Any, opener: bool, limit: int, after: int, worst: int,
    best_shown: int, of_code: Any, runs: Any, cov_ge: Any, cov_gt: Any, cov_cdf: Any, vis_id: Any,
    covd_id: Any, pool_cdf: Any, chosen: Any, st_ends: Any, th_ends: Any, te_rows: Any,
    te_at: Any,
) -> int:  # fmt: skip
    """How the round ends (``Outcomes``), the turn played on by the solver bot's choice on the
    values of :func:`solve_turn` (without the Deckel; :func:`round_choices`, the same for every
    best result shown): ``st_ends[s, t]`` from each state,
    ``th_ends[k, t]`` from each throw, and on stopping ``te_rows[te_at[s, t]]`` (``te_at`` comes
    filled with -1 and keeps it where the turn never is): one row for every terminal alike (the
    same result, the same later players), as many rows as it returns."""
    lim = 3 if opener else limit
    below = np.zeros(cov_ge.shape[0])
    seen = np.full(_seen_size(of_code.shape[0]), -1, np.int64)  # a terminal's row of te_rows
    rows = 0
    size = st_ends.shape[2]
    for t in range(lim, 0, -1):
        if t < lim:
            for k in range(kchild.shape[0]):
                for e in range(size):
                    th_ends[k, t, e] = 0.0
                for r in range(krolls[k]):
                    q = kq[k, r]
                    child = kchild[k, r]
                    for e in range(size):
                        th_ends[k, t, e] += q * st_ends[child, t + 1, e]
        for i in range(order.shape[0]):
            s = order[i]
            if not reach[s, t]:
                continue
            lid = _later_row(s, t, opener, limit, lim, covers, code, aside, vis_id, covd_id)
            # the same result and later players: the same ends
            key = _seen_key(s, t, opener, limit, lim, covers, code, aside, of_code.shape[0])
            row = seen[key]
            if row < 0:
                row = seen[key] = rows
                rows += 1
                _ends(
                    s, t, lid, after, worst, best_shown, code, of_code, runs, cov_ge, cov_gt,
                    cov_cdf, pool_cdf, below, te_rows[row],
                )  # fmt: skip
            te_at[s, t] = row
            count = opts[s, t, 0] if t < lim else 0
            if count == 0:
                _copy_row(st_ends, s, t, te_rows, row)
                continue
            best = chosen[s, t]
            if best == STOP:
                _copy_row(st_ends, s, t, te_rows, row)
            elif best == TURN_SIXES:
                _copy(st_ends, s, t, st_ends, sixes[s], t)
            else:
                _copy(st_ends, s, t, th_ends, best, t)
    return rows


@_jit
def round_choices(
    opts: Any, sixes: Any, order: Any, reach: Any, lim: int, val: Any, thr: Any, term: Any,
    chosen: Any,
) -> None:  # fmt: skip
    """The solver bot's choice (``Outcomes``: the least chance of losing the round, the first
    of those within ``EPS``) in each state it can be in after each throw before the round's
    limit ``lim`` with a choice, into ``chosen[s, t]`` (:func:`round_ends` plays on by it)."""
    for t in range(1, lim):
        for i in range(order.shape[0]):
            s = order[i]
            if not reach[s, t]:
                continue
            count = opts[s, t, 0]
            if count == 0:
                continue
            best = opts[s, t, 1]
            best_p = _p_of(best, s, t, sixes, val, thr, term)
            for j in range(1, count):
                a = opts[s, t, 1 + j]
                p = _p_of(a, s, t, sixes, val, thr, term)
                if p < best_p - EPS:
                    best, best_p = a, p
            chosen[s, t] = best


@_jit
def _copy_row(to: Any, i: int, j: int, source: Any, k: int) -> None:
    """``to[i, j] = source[k]``, element by element."""
    for e in range(to.shape[2]):
        to[i, j, e] = source[k, e]


@_jit
def _copy(to: Any, i: int, j: int, source: Any, k: int, m: int) -> None:
    """``to[i, j] = source[k, m]``, element by element (a slice copy allocates)."""
    for e in range(to.shape[2]):
        to[i, j, e] = source[k, m, e]


@_jit
def _p_of(a: int, s: int, t: int, sixes: Any, val: Any, thr: Any, term: Any) -> float:
    if a == STOP:
        p: float = term[s, t, 0]
    elif a == TURN_SIXES:
        p = val[sixes[s], t, 0]
    else:
        p = thr[a, t, 0]
    return p
