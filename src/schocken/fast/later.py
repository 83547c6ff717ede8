"""A later player's result distribution in the solver's model, compiled.

This is :func:`schocken.solver.later_distribution` (and its floats as
:meth:`schocken.bots.solver_bot._RulesData.later` makes them) on the reference's own turn graph
(:class:`schocken.solver._TurnGraph`, as arrays): the later player takes, in every state, the
first choice of least expected cost, and the result's masses follow. The reference counts the
cost in one exact integer, the chance of being the worst (times ``big``) less the place; here it
is the pair of the two, each exact in 64 bits and compared in that order, which is the same order
(the place part stays below ``big``). Where the covered cups' throws are too many for 64 bits
(:func:`fits`), the reference computes it (:mod:`schocken.fast.solved`).
``tests/test_fast_turns.py`` compares the floats with the reference's.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import numpy as np

from schocken.fast.jit import _jit
from schocken.fast.tables import Int64Array
from schocken.rules import Rules
from schocken.solver import SCALE, Cup, _cup_tail, _graph

LIMIT = 1 << 62


def fits(cups: tuple[Cup, ...]) -> bool:
    """Whether the cost of a situation with these covered cups fits the compiled arithmetic:
    its sums reach 6**12 times the cups' throws multiplied."""
    throws = 1
    for aside, _ in cups:
        throws *= 6 ** (3 - len(aside))
    return 6**12 * throws < LIMIT


class Graph(NamedTuple):
    """A later player's turn graph with ``limit`` throws (``_TurnGraph``) as arrays."""

    node_start: Int64Array
    node_count: Int64Array
    roll_count: Int64Array
    roll_state: Int64Array
    node_dice: Int64Array
    order: Int64Array
    choice_start: Int64Array
    choice_count: Int64Array
    choice_kind: Int64Array
    choice_index: Int64Array
    result_code: Int64Array
    """Each result's code index (its place among the rules' order codes)."""
    result_place: Int64Array
    root: int
    top: int


@cache
def graph(rules: Rules, limit: int, index: tuple[int, ...]) -> Graph:
    """The arrays of ``_graph(rules, limit)``; ``index`` the sorted order codes."""
    g = _graph(rules, limit)
    where = {c: i for i, c in enumerate(index)}
    starts: list[int] = []
    counts: list[int] = []
    rolls: list[int] = []
    states: list[int] = []
    for node in g.node_rolls:
        starts.append(len(rolls))
        counts.append(len(node))
        for c, s in node:
            rolls.append(c)
            states.append(s)
    c_start: list[int] = []
    c_count: list[int] = []
    kinds: list[int] = []
    targets: list[int] = []
    for choices in g.choices:
        # one turning of sixes at most (_state_value follows one)
        assert sum(kind == 2 for kind, _ in choices) <= 1
        c_start.append(len(kinds))
        c_count.append(len(choices))
        for kind, j in choices:
            kinds.append(kind)
            targets.append(j)

    def array(values: list[int]) -> Int64Array:
        return np.array(values, np.int64)

    return Graph(
        array(starts), array(counts), array(rolls), array(states), array(g.node_dice),
        array(g.order), array(c_start), array(c_count), array(kinds), array(targets),
        array([where[c] for c in g.codes]), array(g.places), g.root, g.top,
    )  # fmt: skip


@cache
def cup_at_least(rules: Rules, cup: Cup, index: tuple[int, ...]) -> Int64Array:
    """For each code index: how many of the covered cup's 6**n throws have that code or a
    higher one (``solver._at_least``)."""
    codes, suffix = _cup_tail(rules, cup)
    out = np.zeros(len(index), np.int64)
    j = 0
    for i, code in enumerate(index):
        while j < len(codes) and codes[j] < code:
            j += 1
        out[i] = suffix[j]
    return out


@_jit
def _state_value(
    s: int, g_cs: Any, g_cc: Any, g_kind: Any, g_idx: Any, stop_a: Any, stop_b: Any,
    node_a: Any, node_b: Any, done: Any, value_a: Any, value_b: Any, best: Any, chain: Any,
) -> None:  # fmt: skip
    """The value of state ``s`` (and of the states its choices turn into first): its first
    choice of least cost."""
    n = 0
    chain[0] = s
    while True:  # the states turning into one another, the last first
        t = chain[n]
        nxt = -1
        for k in range(g_cc[t]):
            if g_kind[g_cs[t] + k] == 2 and not done[g_idx[g_cs[t] + k]]:
                nxt = g_idx[g_cs[t] + k]
        if nxt < 0:
            break
        n += 1
        chain[n] = nxt
    for i in range(n, -1, -1):
        t = chain[i]
        low_a = low_b = 0
        chosen = 0
        for k in range(g_cc[t]):
            kind, j = g_kind[g_cs[t] + k], g_idx[g_cs[t] + k]
            if kind == 0:
                a, b = stop_a[j], stop_b[j]
            elif kind == 1:
                a, b = node_a[j], node_b[j]
            else:
                a, b = value_a[j], value_b[j]
            # cost = a * big - b: less where a is less, or a equal and b greater
            if k == 0 or a < low_a or (a == low_a and b > low_b):
                low_a, low_b, chosen = a, b, k
        value_a[t], value_b[t], best[t], done[t] = low_a, low_b, chosen, True


@_jit
def later_rows(
    node_start: Any, node_count: Any, roll_count: Any, roll_state: Any, node_dice: Any,
    order: Any, choice_start: Any, choice_count: Any, choice_kind: Any, choice_index: Any,
    result_code: Any, result_place: Any, root: int, worst: int, below: Any, has_cups: bool,
    codes: int, gt: Any, cdf: Any,
) -> bool:  # fmt: skip
    """A later player's distribution into ``gt`` and ``cdf`` (by code index, as ``_Dist``):
    they see the worst shown code index ``worst`` (-1: none) and covered cups whose throws below
    each result are ``below`` (``has_cups``). False where a division was not exact (the
    reference must then compute it)."""
    n_results = result_code.shape[0]
    n_states = choice_start.shape[0]
    n_nodes = node_start.shape[0]
    stop_a = np.zeros(n_results, np.int64)
    stop_b = np.zeros(n_results, np.int64)
    for j in range(n_results):
        c = result_code[j]
        if has_cups:
            a = below[j] if worst < 0 or c <= worst else 0
        elif worst < 0:
            a = 1
        else:
            a = 1 if c <= worst else 0
        stop_a[j] = a * SCALE
        stop_b[j] = result_place[j] * SCALE
    node_a = np.zeros(n_nodes, np.int64)
    node_b = np.zeros(n_nodes, np.int64)
    value_a = np.zeros(n_states, np.int64)
    value_b = np.zeros(n_states, np.int64)
    done = np.zeros(n_states, np.bool_)
    best = np.zeros(n_states, np.int64)
    chain = np.zeros(n_states + 1, np.int64)
    for o in range(n_nodes - 1, -1, -1):
        i = order[o]
        total_a = total_b = 0
        for r in range(node_start[i], node_start[i] + node_count[i]):
            s = roll_state[r]
            if not done[s]:
                _state_value(
                    s, choice_start, choice_count, choice_kind, choice_index, stop_a, stop_b,
                    node_a, node_b, done, value_a, value_b, best, chain,
                )  # fmt: skip
            total_a += roll_count[r] * value_a[s]
            total_b += roll_count[r] * value_b[s]
        den = 6 ** node_dice[i]
        if total_a % den != 0 or total_b % den != 0:
            return False
        node_a[i] = total_a // den
        node_b[i] = total_b // den
    # forward: the final result's masses (times SCALE)
    mass = np.zeros(n_results, np.int64)
    node_mass = np.zeros(n_nodes, np.int64)
    node_mass[root] = SCALE
    for o in range(n_nodes):
        i = order[o]
        m = node_mass[i]
        if m == 0:
            continue
        per = m // 6 ** node_dice[i]
        for r in range(node_start[i], node_start[i] + node_count[i]):
            s = roll_state[r]
            while True:
                k = choice_start[s] + best[s]
                kind, j = choice_kind[k], choice_index[k]
                if kind == 2:
                    s = j
                    continue
                if kind == 0:
                    mass[j] += per * roll_count[r]
                else:
                    node_mass[j] += per * roll_count[r]
                break
    by_code = np.zeros(codes)
    for j in range(n_results):
        if mass[j] != 0:
            by_code[result_code[j]] += mass[j] / SCALE
    below_sum = 0.0
    for c in range(codes):
        below_sum += by_code[c]
        x = 1.0 - below_sum
        gt[c] = x if x > 0.0 else 0.0
        cdf[c] = below_sum
    return True


@_jit
def later_rows_many(
    node_start: Any, node_count: Any, roll_count: Any, roll_state: Any, node_dice: Any,
    order: Any, choice_start: Any, choice_count: Any, choice_kind: Any, choice_index: Any,
    result_code: Any, result_place: Any, root: int, worsts: Any, below: Any, has_cups: Any,
    codes: int, gt: Any, cdf: Any, rows: Any, exact: Any,
) -> None:  # fmt: skip
    """:func:`later_rows` for each worst shown ``worsts[i]`` and covered cups ``below[i]``
    (``has_cups[i]``), into row ``rows[i]`` of ``gt`` and ``cdf``, in one call; ``exact[i]``
    its answer."""
    for i in range(worsts.shape[0]):
        exact[i] = later_rows(
            node_start, node_count, roll_count, roll_state, node_dice, order, choice_start,
            choice_count, choice_kind, choice_index, result_code, result_place, root, worsts[i],
            below[i], has_cups[i], codes, gt[rows[i]], cdf[rows[i]],
        )  # fmt: skip
