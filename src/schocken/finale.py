"""The Finale, solved: the exact 1-against-1 stochastic game, with optimal play on both sides.

The Finale is a finite stochastic game between two players (like the dice game Pig, which Neller
and Presser solved by value iteration). A situation is ``(m, o, r)``: ``m`` Deckel in the middle,
``o`` held by the round's opener, ``r`` by the responder (``m + o + r = rules.deckel_in_finale``).
:func:`solve_finale` gives ``P(the opener loses the Finale)`` for every situation, both players
playing optimally (the opener minimises it, the responder maximises it).

One round is a two-stage game solved by backward induction:

1. The responder's turn, with the throw limit ``t`` the opener used, is a dynamic programme over
   the responder's turn states, vectorised over everything the responder may see of the opener:
   the opener's result when shown, or, when the opener's last throw is covered, the opener's
   aside dice (the covered result is then the aside dice plus a fair throw of the others).
   Terminal payoffs come from the next Finale situation (who lost the round, and how many Deckel
   the round's best result is worth).
2. The opener's turn (up to three throws; stopping after ``k`` throws sets ``t = k``) is a
   dynamic programme over the opener's turn states whose terminal values are the responder's
   optimal replies.

Every turn is walked through the engine's own mechanics (:class:`schocken.turn.TurnState`:
``actions``, ``after_throw``, ``after_turn_sixes``, ``result``) and results are compared with the
engine's own order (:meth:`schocken.results.ResultTable.order_key`, opener at position 0).

Under ``tiebreak = "throw_off"`` equal results are thrown off: each player loses the round half
the time. Under ``"no_deckel"`` a tie is still read as ``later_loses`` reads it (an approximation:
a tie that moves nothing would make every layer cyclic).

Situations with ``m > 0`` only lead to situations with fewer Deckel in the middle; the ``m == 0``
layer is cyclic (Deckel go back and forth) and is solved by value iteration (sweeps from 0.5,
accelerated by Anderson's mixing of the last few: :func:`_fixed_point`) until a sweep changes no
value by more than :data:`TOLERANCE`; then the layers
``m = 1 .. N`` follow by backward induction. numpy is needed (the ``analysis`` extra); it is
imported here only, inside functions, so the engine itself stays free of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from schocken.actions import STOP, TURN_SIXES, Action, Throw
from schocken.finale_reads import finale_key
from schocken.finale_turns import Array, IntArray, LayerActions, _np, _TurnGraph
from schocken.results import Dice, Result, ResultTable, result_table
from schocken.round import round_payment
from schocken.rules import MAX_THROWS, Rules, Tiebreak
from schocken.turn import TurnState, covered_results

TOLERANCE = 1e-13
"""The m == 0 layer is iterated until one more Bellman step changes no value by more than this."""

OPENER, RESPONDER = 0, 1
"""Positions in a round; also the index of the round's loser in an outcome."""

SCHOCK_AUS_WORTH = 0
"""The worth of a round whose best result is a Schock-Aus that ends the Finale; any other worth is
the Deckel the best result is worth. A round model's ``worths`` lists those its rules have."""


# ---------------------------------------------------------------------------- the round model


def _opener_covered(rules: Rules, throws: int) -> bool:
    """Whether the opener's final throw (after ``throws`` throws) stays covered."""
    return rules.covers(throws, MAX_THROWS)  # the opener's limit is three throws


Column = tuple[str, Result | Dice]
"""What the responder sees of the opener's final: ("shown", result) or ("covered", aside)."""


class _RoundModel:
    """Everything about one round that does not depend on the Finale situation."""

    def __init__(self, rules: Rules) -> None:
        np = _np()
        self.rules = rules
        self.table: ResultTable = result_table(rules)
        self.opener = _TurnGraph(rules, MAX_THROWS)
        self.responder = {t: _TurnGraph(rules, t) for t in range(1, MAX_THROWS + 1)}
        # The round's order over (result, position) pairs, as ordinals (same comparisons).
        results = list(self.table.by_key.values())
        self.res_index = {r: i for i, r in enumerate(results)}
        keys = {(r, p): self.table.order_key(r, p) for r in results for p in (0, 1)}
        ordinal = {k: i for i, k in enumerate(sorted(set(keys.values())))}
        ko = np.array([ordinal[keys[r, OPENER]] for r in results])
        kr = np.array([ordinal[keys[r, RESPONDER]] for r in results])
        worths = [SCHOCK_AUS_WORTH if r.deckel is None else r.deckel for r in results]
        self.worths: tuple[int, ...] = tuple(sorted(set(worths)))
        """The worths a round's best result can have, in the order of the outcome values."""
        n_worths = len(self.worths)
        place = {w: i for i, w in enumerate(self.worths)}
        worth = np.array([place[w] for w in worths])
        # outcome[y, x]: responder's result y, opener's result x -> loser * n_worths + the
        # place of the best result's worth in self.worths.
        opener_better = ko[None, :] > kr[:, None]
        best_worth = np.where(opener_better, worth[None, :], worth[:, None])
        loser = np.where(opener_better, RESPONDER, OPENER)
        self.outcome_all = (loser * n_worths + best_worth).astype(np.int64)
        # throw_off: equal results are thrown off, each loses half the time (opener_better is
        # then true: the other half of the weight goes to the opener losing).
        codes = np.array([self.table.order_code(r) for r in results])
        throw_off = rules.tiebreak is Tiebreak.THROW_OFF
        self.tie_half = 0.5 * (codes[None, :] == codes[:, None]) if throw_off else None
        self.outcome_tied = (OPENER * n_worths + best_worth).astype(np.int64)
        # The responder's columns for each limit t, and the opener's final -> column.
        self.columns: dict[int, list[Column]] = {}
        self.col_dist: dict[int, Array] = {}
        self.col_index: dict[int, dict[Column, int]] = {}
        self.r_results: dict[int, IntArray] = {}
        self.terminal_cols: list[IntArray] = []
        for t in range(1, MAX_THROWS + 1):
            cols: list[Column] = []
            index: dict[Column, int] = {}
            for s, x in zip(
                self.opener.layers[t].states, self.opener.layers[t].results, strict=True
            ):
                c: Column = ("covered", s.aside) if _opener_covered(rules, t) else ("shown", x)
                if c not in index:
                    index[c] = len(cols)
                    cols.append(c)
            dist = np.zeros((len(cols), len(results)))
            for i, (kind, what) in enumerate(cols):
                if kind == "shown":
                    assert isinstance(what, Result)
                    dist[i, self.res_index[what]] = 1.0
                else:
                    aside = what
                    assert isinstance(aside, tuple)
                    for x, p in covered_results(rules, aside, t):
                        dist[i, self.res_index[x]] += float(p)
            self.columns[t] = cols
            self.col_index[t] = index
            self.col_dist[t] = dist
            graph = self.responder[t]
            self.r_results[t] = np.array(
                sorted({self.res_index[y] for layer in graph.layers[1:] for y in layer.results}),
                dtype=np.int64,
            )
        # For the opener's DP: each state's column in the concatenation of all limits' columns.
        offset = {1: 0}
        for t in (2, 3):
            offset[t] = offset[t - 1] + len(self.columns[t - 1])
        self.n_columns = offset[3] + len(self.columns[3])
        self.offset = offset
        self.terminal_cols = [np.zeros(1, dtype=np.int64)]
        for t in range(1, MAX_THROWS + 1):
            layer = self.opener.layers[t]
            idx = [
                offset[t]
                + self.col_index[t][
                    ("covered", s.aside) if _opener_covered(rules, t) else ("shown", x)
                ]
                for s, x in zip(layer.states, layer.results, strict=True)
            ]
            self.terminal_cols.append(np.array(idx, dtype=np.int64))
        # The responder's terminal rows: per layer, each state's position in r_results[t].
        self.r_rows: dict[int, list[IntArray]] = {}
        for t, graph in self.responder.items():
            pos = {int(k): i for i, k in enumerate(self.r_results[t])}
            self.r_rows[t] = [np.zeros(1, dtype=np.int64)] + [
                np.array([pos[self.res_index[y]] for y in layer.results], dtype=np.int64)
                for layer in graph.layers[1:]
            ]
        # Outcome matrices per limit: responder results (rows) x all opener results.
        # mix[t][k, y, c]: P(outcome k | responder's result y, column c), so that the payoff is
        # linear in the outcome values.
        self.mix: dict[int, Array] = {}
        for t in self.responder:
            outcome = self.outcome_all[self.r_results[t]]
            onehot = (outcome[None, :, :] == np.arange(2 * n_worths)[:, None, None]).astype(float)
            if self.tie_half is not None:
                half = self.tie_half[self.r_results[t]][None, :, :]
                tied = self.outcome_tied[self.r_results[t]]
                swap = (tied[None, :, :] == np.arange(2 * n_worths)[:, None, None]).astype(float)
                onehot = (1 - half) * onehot + half * swap
            self.mix[t] = onehot @ self.col_dist[t].T

    def responder_payoff(self, g: Array, t: int) -> Array:
        """U[y, column]: P(opener loses the Finale) for the responder's result y (limit t)."""
        result: Array = _np().tensordot(g, self.mix[t], axes=1)
        return result

    def responder_terminal(self, u: Array, t: int) -> list[Array]:
        rows = self.r_rows[t]
        return [u[rows[j]] if j else u[:1] for j in range(t + 1)]

    def solve_round(self, g: Array) -> tuple[float, Array]:
        """P(opener loses the Finale) with optimal play, given the outcome values ``g``.

        Returns it and the responder's values per opener column (all limits concatenated)."""
        np = _np()
        w = np.concatenate(
            [
                self.responder[t].solve(self.responder_terminal(self.responder_payoff(g, t), t))[0]
                for t in (1, 2, 3)
            ]
        )
        value, _ = self.opener.solve([-w[c] for c in self.terminal_cols])
        return float(-value), w


_MODELS: dict[tuple[object, ...], _RoundModel] = {}
"""The round models made, by :func:`~schocken.finale_reads.finale_key` (rule sets that differ
only in options the Finale never reads share one)."""

_MODEL_OF: dict[Rules, _RoundModel] = {}
"""The same, by the rules asked for (a look-up without making the key)."""


def _round_model(rules: Rules) -> _RoundModel:
    """The round model of ``rules``, made once per :func:`finale_key`."""
    model = _MODEL_OF.get(rules)
    if model is None:
        key = finale_key(rules)
        model = _MODELS.get(key)
        if model is None:
            model = _MODELS[key] = _RoundModel(rules)
        _MODEL_OF[rules] = model
    return model


# ---------------------------------------------------------------------------- the Finale game


def _outcome_values(worths: Sequence[int], n: int, m: int, o: int, r: int, f: Array) -> Array:
    """The outcome values of a round in (m, o, r): P(opener loses the Finale) after it.

    Index ``loser * len(worths) + i``: the round's best result is worth ``worths[i]``;
    :data:`SCHOCK_AUS_WORTH` is a Schock-Aus (the round's loser loses the Finale), any other
    worth the Deckel the round's loser gets. ``f[m, o]`` is P(opener loses) in the situation
    (m, o, n - m - o). Deckel move by the engine's own :func:`round_payment`.
    """
    np = _np()
    k = len(worths)
    g = np.zeros(2 * k)
    for i, w in enumerate(worths):
        if w == SCHOCK_AUS_WORTH:
            g[OPENER * k + i] = 1.0
            g[RESPONDER * k + i] = 0.0
            continue
        # The opener loses the round: the opener takes the Deckel and opens again.
        from_middle, d = round_payment(w, m, r)
        m2, o2, r2 = (m - d, o + d, r) if from_middle else (0, o + d, r - d)
        g[OPENER * k + i] = 1.0 if (m2 == 0 and o2 == n) else f[m2, o2]
        # The responder loses the round: it takes the Deckel and opens the next round.
        from_middle, d = round_payment(w, m, o)
        m2, o2, r2 = (m - d, o, r + d) if from_middle else (0, o - d, r + d)
        g[RESPONDER * k + i] = 0.0 if (m2 == 0 and r2 == n) else 1.0 - f[m2, r2]
    result: Array = g
    return result


@dataclass(frozen=True)
class OpenerSummary:
    """How the opener plays a round in one situation, optimally."""

    throws: tuple[float, float, float]
    """P(the opener uses 1, 2, 3 throws)."""
    stop_after: tuple[tuple[str, ...], tuple[str, ...]]
    """The results the opener stops with after throw 1 and after throw 2 (names, best first)."""


@dataclass
class FinaleSolution:
    """P(the opener loses the Finale) for every situation, with optimal play on both sides."""

    rules: Rules
    n: int
    values: Array
    """``values[m, o]``: P(opener loses) in (m, o, n - m - o); nan where m + o > n."""
    residual: float
    """The largest change of one more Bellman step on the m == 0 layer (float precision)."""
    iterations: int
    seconds: float
    cache: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    """Solved rounds kept for :meth:`action_values` (filled on demand)."""

    def p_opener_loses(self, m: int, o: int, r: int) -> float:
        """P(the opener loses the Finale): middle m, opener holds o, responder r."""
        if m + o + r != self.n or min(m, o, r) < 0:
            raise ValueError(f"{m} + {o} + {r} Deckel is not the Finale's {self.n}")
        if m == 0 and o == self.n:
            return 1.0
        if m == 0 and r == self.n:
            return 0.0
        return float(self.values[m, o])

    def p_loses(self, m: int, a: int, b: int, a_opens: bool) -> float:
        """P(player A loses the Finale): middle m, A holds a, B holds b, A or B opens."""
        if a_opens:
            return self.p_opener_loses(m, a, b)
        return 1.0 - self.p_opener_loses(m, b, a)

    def outcome_values(self, m: int, o: int, r: int) -> Array:
        worths = _round_model(self.rules).worths
        return _outcome_values(worths, self.n, m, o, r, self.values)

    def action_values(
        self,
        m: int,
        own: int,
        other: int,
        state: TurnState,
        *,
        opener_final: Column | None = None,
        limit: int | None = None,
    ) -> list[tuple[Action, float]]:
        """Each legal action in a turn with its P(this player loses the Finale), best first.

        For the opener (``opener_final`` None): ``own``/``other`` are the opener's and the
        responder's Deckel. For the responder: ``opener_final`` is what it sees of the opener's
        final (``("shown", result)`` or ``("covered", aside)``), ``limit`` the opener's throws.
        """
        if opener_final is None:
            return _opener_actions(self, m, own, other, state)
        assert limit is not None
        return _responder_actions(self, m, other, own, state, opener_final, limit)

    def best_action(
        self,
        m: int,
        own: int,
        other: int,
        state: TurnState,
        *,
        opener_final: Column | None = None,
        limit: int | None = None,
    ) -> Action:
        """The optimal action (ties: the first legal one in the engine's order)."""
        return self.action_values(m, own, other, state, opener_final=opener_final, limit=limit)[0][
            0
        ]

    def best_action_codes(
        self,
        m: int,
        own: int,
        other: int,
        states: Sequence[TurnState],
        *,
        finals: Sequence[Column] | None = None,
        limit: int | None = None,
    ) -> list[int]:
        """:meth:`best_action` in each of ``states`` (their codes) for one situation, at once:
        the opener's (``finals`` None) or the responder's, who sees the opener's final
        ``finals[i]`` in ``states[i]``. The same values compared the same way: the same
        choices."""
        np = _np()
        model = _round_model(self.rules)
        if finals is None:
            graph = model.opener
            cols = np.zeros(len(states), dtype=np.int64)
        else:
            assert limit is not None and len(finals) == len(states)
            columns = model.col_index[limit]
            if any(f not in columns for f in finals):
                # the one-at-a-time way says which, as best_action does
                return [self.best_action(m, own, other, s, opener_final=f, limit=limit).code
                        for s, f in zip(states, finals, strict=True)]  # fmt: skip
            graph = model.responder[limit]
            cols = np.array([columns[f] for f in finals], dtype=np.int64)
        codes = [0] * len(states)
        for j in range(1, graph.limit):
            asked = [i for i, s in enumerate(states) if s.throws == j]
            if not asked:
                continue
            actions, joined = self.layer_values(m, own, other, j, limit=limit)
            rows = np.array([actions.row.get(states[i], -1) for i in asked], dtype=np.int64)
            if (rows < 0).any():
                stray = states[asked[int(np.argmin(rows))]]
                raise ValueError(f"{stray} is not a state of this turn")
            values = joined[actions.sources[rows], cols[asked][:, None]]
            # the opener minimises -value, the responder 1 - value (as action_values gives them)
            lose = -values if finals is None else 1.0 - values
            lose[actions.codes[rows] < 0] = np.inf
            best = actions.codes[rows, lose.argmin(axis=1)]  # the first of the least
            for i, code in zip(asked, best.tolist(), strict=True):
                codes[i] = code
        for i, s in enumerate(states):
            if not 0 < s.throws < graph.limit:  # the start, or the turn over: one at a time
                final = None if finals is None else finals[i]
                codes[i] = self.best_action(m, own, other, s, opener_final=final, limit=limit).code
        return codes

    def turn_graph(self, limit: int | None = None) -> _TurnGraph:
        """The opener's turn (``limit`` None) or the responder's with the opener's ``limit``."""
        model = _round_model(self.rules)
        return model.opener if limit is None else model.responder[limit]

    def columns(self, limit: int) -> dict[Column, int]:
        """The responder's columns with the opener's ``limit``: what it sees of the opener's
        final turn, by index."""
        return _round_model(self.rules).col_index[limit]

    def layer_values(
        self, m: int, own: int, other: int, j: int, *, limit: int | None = None
    ) -> tuple[LayerActions, Array]:
        """The legal actions of every state after ``j`` throws (``0 < j <`` the turn's limit)
        and the values they lead to, where :attr:`LayerActions.sources` points, for every
        column: the opener's (``limit`` None; one column) or the responder's (a column for
        each final of the opener, :meth:`columns`), as :meth:`action_values` compares them (the
        opener minimises -value, the responder 1 - value). Kept per situation and layer."""
        graph = self.turn_graph(limit)
        if limit is None:
            key: tuple[object, ...] = ("opener", m, own, other, j)
        else:
            key = ("responder", m, other, own, limit, j)
        joined = self.cache.get(key)
        if joined is None:
            if limit is None:
                solved = _opener_dp(self, m, own, other)
            else:
                solved = _responder_dp(self, m, other, own, limit)
            for i, (_, values) in enumerate(_layers(graph, solved), start=1):
                self.cache[(*key[:-1], i)] = values
            joined = self.cache[key]
        return graph.layer_actions(j), joined

    def round_values(
        self, m: int, o: int, r: int
    ) -> dict[int | None, list[tuple[LayerActions, Array]]]:
        """:meth:`layer_values` of every layer of a round in (m, o, r) (the opener holds ``o``,
        the responder ``r``): the opener's (key None) and the responder's for each limit of
        the opener (key the limit), solved at once (the opener's solution is made of the
        responder's) and not kept."""
        np = _np()
        model = _round_model(self.rules)
        g = self.outcome_values(m, o, r)
        found: dict[int | None, list[tuple[LayerActions, Array]]] = {}
        w = []
        for t in (1, 2, 3):
            solved = _responder_solved(model, g, t)
            w.append(solved[0][0][0][0])  # the value at the start, as solve_round has it
            found[t] = _layers(model.responder[t], solved)
        found[None] = _layers(model.opener, _opener_solved(model, np.concatenate(w)))
        return found

    def opener_summary(self, m: int, o: int, r: int) -> OpenerSummary:
        """How the opener plays optimally in (m, o, r)."""
        return _opener_summary(self, m, o, r)


def _layer_action_values(
    graph: _TurnGraph, saved: list[Any], term: Array, state: TurnState, col: int
) -> list[tuple[Action, float]]:
    """Values (maximised) of each legal action at ``state`` from a solved DP's saved layers.

    ``term`` is the value of stopping at each state of the state's layer; ``col`` the column."""
    rules = graph.rules
    j = state.throws
    legal = state.actions(rules, graph.limit)
    if not legal:
        raise ValueError("the turn is over: no action is left to choose")
    if j == 0:
        q0, _, _ = saved[0]
        return [(legal[0], float(q0[0, col]))]
    layer = graph.layers[j]
    if state not in layer.index and state not in layer.turned:
        raise ValueError(f"{state} is not a state of this turn")
    q, tv, _ = saved[j]
    out: list[tuple[Action, float]] = []
    for a in legal:
        if a is STOP:
            out.append((a, float(term[layer.index[state], col])))
        elif a is TURN_SIXES:
            t = state.after_turn_sixes(rules)
            out.append((a, float(tv[layer.turned.index(t), col])))
        else:
            assert isinstance(a, Throw)
            out.append((a, float(q[layer.node_index[a.keep], col])))
    return out


def _opener_dp(sol: FinaleSolution, m: int, o: int, r: int) -> tuple[list[Any], list[Array]]:
    """The opener's DP in (m, o, r), kept whole (cached): saved layers, negated terminals."""
    key = ("opener", m, o, r)
    if key not in sol.cache:
        model = _round_model(sol.rules)
        _, w = model.solve_round(sol.outcome_values(m, o, r))
        sol.cache[key] = _opener_solved(model, w)
    result: tuple[list[Any], list[Array]] = sol.cache[key]
    return result


def _opener_solved(model: _RoundModel, w: Array) -> tuple[list[Any], list[Array]]:
    """The opener's DP given the responder's values per opener column ``w``: saved layers,
    negated terminals."""
    terminal = [-w[c][:, None] for c in model.terminal_cols]
    _, saved = model.opener.solve(terminal, keep_all=True)
    return saved, terminal


def _responder_dp(
    sol: FinaleSolution, m: int, o: int, r: int, t: int
) -> tuple[list[Any], list[Array]]:
    """The responder's DP in (m, o, r) with limit t, for every column (cached)."""
    key = ("responder", m, o, r, t)
    if key not in sol.cache:
        sol.cache[key] = _responder_solved(_round_model(sol.rules), sol.outcome_values(m, o, r), t)
    result: tuple[list[Any], list[Array]] = sol.cache[key]
    return result


def _responder_solved(model: _RoundModel, g: Array, t: int) -> tuple[list[Any], list[Array]]:
    """The responder's DP with limit t given the outcome values ``g``: saved layers, terminals
    (the values at the turn's start: ``saved[0][0][0]``, as :meth:`_RoundModel.solve_round`
    takes them)."""
    terminal = model.responder_terminal(model.responder_payoff(g, t), t)
    _, saved = model.responder[t].solve(terminal, keep_all=True)
    return saved, terminal


def _layers(
    graph: _TurnGraph, solved: tuple[list[Any], list[Array]]
) -> list[tuple[LayerActions, Array]]:
    """Each layer's legal actions and their values, where ``LayerActions.sources`` points, of a
    turn's solved DP (layers 1 to the turn's limit - 1)."""
    saved, terminal = solved
    np = _np()
    return [
        (graph.layer_actions(j), np.concatenate((terminal[j], saved[j][1], saved[j][0])))
        for j in range(1, graph.limit)
    ]


def _opener_actions(
    sol: FinaleSolution, m: int, o: int, r: int, state: TurnState
) -> list[tuple[Action, float]]:
    saved, terminal = _opener_dp(sol, m, o, r)
    graph = _round_model(sol.rules).opener
    values = _layer_action_values(graph, saved, terminal[state.throws], state, 0)
    return sorted(((a, -v) for a, v in values), key=lambda av: av[1])


def _responder_actions(
    sol: FinaleSolution,
    m: int,
    o: int,
    r: int,
    state: TurnState,
    final: Column,
    limit: int,
) -> list[tuple[Action, float]]:
    model = _round_model(sol.rules)
    try:
        col = model.col_index[limit][final]
    except KeyError:
        raise ValueError(f"the opener cannot end with {final} after {limit} throws") from None
    saved, terminal = _responder_dp(sol, m, o, r, limit)
    graph = model.responder[limit]
    values = _layer_action_values(graph, saved, terminal[state.throws], state, col)
    # The responder maximises P(opener loses), i.e. minimises its own P(lose) = 1 - that.
    return sorted(((a, 1.0 - v) for a, v in values), key=lambda av: av[1])


def _opener_summary(sol: FinaleSolution, m: int, o: int, r: int) -> OpenerSummary:
    """Forward pass of the opener's optimal policy: P(throws used), stop sets."""
    np = _np()
    model = _round_model(sol.rules)
    saved, terminal = _opener_dp(sol, m, o, r)
    graph = model.opener
    reach = np.ones(1)
    used = [0.0, 0.0, 0.0]
    stops: list[tuple[str, ...]] = []
    for j in range(0, MAX_THROWS):
        layer = graph.layers[j]
        assert layer.trans is not None
        node_reach = np.zeros(len(layer.node_keeps))
        if j == 0:
            node_reach[0] = 1.0
        else:
            q, tv = saved[j][0][:, 0], saved[j][1][:, 0]
            assert layer.opts is not None and layer.turned_opts is not None
            term = terminal[j][:, 0]
            ext = np.concatenate((q, tv, [-np.inf]))
            best_opt = ext[layer.opts].max(axis=1)
            ext_nodes = np.concatenate((q, [-np.inf]))
            turned_choice = layer.turned_opts[
                np.arange(len(layer.turned)), ext_nodes[layer.turned_opts].argmax(axis=1)
            ]
            choice = layer.opts[np.arange(len(layer.states)), ext[layer.opts].argmax(axis=1)]
            stop = term >= best_opt
            used[j - 1] = float(reach[stop].sum())
            stopped = {layer.results[i] for i in np.nonzero(stop & (reach > 0))[0]}
            names = sorted(stopped, key=lambda x: (x.rank, -x.throws), reverse=True)
            seen: list[str] = []
            for x in names:
                if x.name not in seen:
                    seen.append(x.name)
            stops.append(tuple(seen))
            n_nodes = len(layer.node_keeps)
            for i in np.nonzero(~stop & (reach > 0))[0]:
                c = int(choice[i])
                if c >= n_nodes:
                    c = int(turned_choice[c - n_nodes])
                node_reach[c] += reach[i]
        reach = node_reach @ layer.trans
    used[MAX_THROWS - 1] = float(reach.sum())
    return OpenerSummary((used[0], used[1], used[2]), (stops[0], stops[1]))


ANDERSON_MEMORY = 5
"""How many earlier sweeps the m == 0 layer's iteration combines (:func:`_fixed_point`)."""


def _fixed_point(
    sweep: Callable[[Array], Array], start: Array, tolerance: float, limit: int = 20_000
) -> tuple[Array, float, int]:
    """The values ``x = sweep(x)`` of the m == 0 layer, to ``tolerance``.

    Value iteration, accelerated (Anderson's mixing, as in Walker and Ni 2011): the next values
    are the sweep's, corrected by the combination of the last :data:`ANDERSON_MEMORY` sweeps that
    best cancels their changes (least squares), kept within the probabilities' [0, 1]. Where a
    step changes the values more than the step before it did, the memory is dropped and the plain
    sweep taken. It stops, as plain value iteration does, at the first sweep that changes no value
    by more than ``tolerance``, and returns that sweep's values, its change and the number of
    sweeps (16 to 17 for the presets' 13 and 14 Deckel, against 33 to 38 plain sweeps).
    """
    np = _np()
    x = start
    changes: list[Array] = []
    steps: list[Array] = []
    last_value: Array | None = None
    last_change: Array | None = None
    for iterations in range(1, limit + 1):
        value = sweep(x)
        change = value - x
        residual = float(np.max(np.abs(change)))
        if residual <= tolerance:
            return value, residual, iterations
        if last_change is not None and last_value is not None:
            if residual > float(np.max(np.abs(last_change))):
                changes, steps = [], []  # no progress: start the mixing afresh
            else:
                changes = [*changes, change - last_change][-ANDERSON_MEMORY:]
                steps = [*steps, value - last_value][-ANDERSON_MEMORY:]
        last_value, last_change = value, change
        if changes:
            gamma = np.linalg.lstsq(np.array(changes).T, change, rcond=None)[0]
            x = np.clip(value - np.array(steps).T @ gamma, 0.0, 1.0)
        else:
            x = value
    raise RuntimeError("the m == 0 layer did not converge")


def solve_finale(
    rules: Rules, *, tolerance: float = TOLERANCE, total: int | None = None
) -> FinaleSolution:
    """Solve the Finale of ``rules`` exactly (to float precision): see the module's docstring.

    With ``total`` it solves the same game for that many Deckel instead of the Finale's: a half
    in which only two players are left is this game with the half's Deckel
    (``rules.deckel_per_half``), as long as nobody buys back in."""
    np = _np()
    started = time.perf_counter()
    model = _round_model(rules)
    n = rules.deckel_in_finale if total is None else total
    if n < 1:
        raise ValueError(f"a Finale needs at least one Deckel, not {n}")
    f = np.full((n + 1, n + 1), np.nan)
    # The m == 0 layer: o from 1 to n - 1.
    inner = list(range(1, n))

    def sweep(x: Array) -> Array:
        """One Bellman step of the m == 0 layer from the values ``x``."""
        f[0, inner] = x
        values: Array = np.array(
            [model.solve_round(_outcome_values(model.worths, n, 0, o, n - o, f))[0] for o in inner]
        )
        return values

    if inner:
        values, residual, iterations = _fixed_point(sweep, np.full(len(inner), 0.5), tolerance)
        f[0, inner] = values
    else:
        residual, iterations = 0.0, 0
    for m in range(1, n + 1):
        for o in range(0, n - m + 1):
            g = _outcome_values(model.worths, n, m, o, n - m - o, f)
            f[m, o] = model.solve_round(g)[0]
    return FinaleSolution(rules, n, f, residual, iterations, time.perf_counter() - started)
