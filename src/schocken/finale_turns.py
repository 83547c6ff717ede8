"""One player's turn in the Finale as a graph (:mod:`schocken.finale` solves the Finale on it).

A turn with ``limit`` throws is walked through the engine's own mechanics
(:class:`schocken.turn.TurnState`) layer by layer (throws used). A throw keeping ``keep`` from a
state after ``j`` throws leads to ``after_throw(keep, roll)``, which depends on the keep, the
roll and ``j`` only, so the throws leaving a layer are shared "throw nodes", one per keep, and
the expectation over rolls is one matrix product per layer (:meth:`_TurnGraph.solve`). numpy is
imported here only, inside functions (:func:`_np`), so the engine itself stays free of it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from schocken.actions import STOP, TURN_SIXES, Throw
from schocken.results import Dice, Result, result_table, roll_probabilities
from schocken.rules import Rules
from schocken.turn import TurnState

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Array = NDArray[np.float64]
    IntArray = NDArray[np.int64]
else:
    Array = Any
    IntArray = Any


_NUMPY: list[Any] = []
"""numpy, once :func:`_np` has imported it."""


def _np() -> Any:
    # The Finale's matrices are small: one BLAS thread is fastest, and on a busy machine several
    # spin against each other (solve_finale took 14-41 s instead of 0.4-0.7 s with both cores
    # busy). This holds where numpy is first imported here, as in the solver bot. Once imported,
    # numpy is kept (the solution asks for it thousands of times).
    if _NUMPY:
        return _NUMPY[0]
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    import numpy

    _NUMPY.append(numpy)
    return numpy


@dataclass
class _Layer:
    """The states of a turn after ``j`` throws, with their options."""

    states: list[TurnState]
    index: dict[TurnState, int]
    results: list[Result]
    """Each state's result if the turn ends there (stopping, or the limit reached)."""
    opts: IntArray | None = None
    """Per state: indices into [throw nodes of this layer, turned states, -inf] (padded)."""
    turned: list[TurnState] = field(default_factory=list)
    turned_opts: IntArray | None = None
    """Per turned state (sixes just turned): indices into [throw nodes, -inf] (padded)."""
    node_keeps: list[Dice] = field(default_factory=list)
    """The keep of each throw node leaving this layer (a throw to layer j + 1)."""
    node_index: dict[Dice, int] = field(default_factory=dict)
    trans: Array | None = None
    """Throw nodes x states of layer j + 1: the probability of each outcome."""
    choices: _Choices | None = None
    """``opts`` as :func:`_best` reads it."""
    turned_choices: _Choices | None = None
    """``turned_opts`` as :func:`_best` reads it."""


@dataclass
class LayerActions:
    """The legal actions of a layer's states (:meth:`_TurnGraph.layer_actions`), in the order
    ``TurnState.actions`` gives them."""

    row: dict[TurnState, int]
    """Each state's row (the layer's states, then its turned states)."""
    codes: IntArray
    """``codes[row, i]``: the code of the i-th legal action (-1 past the last)."""
    sources: IntArray
    """``sources[row, i]``: where its value is, in the layer's values on stopping, then its
    turned states', then its throw nodes' (one array, in this order)."""


_Choices = tuple[list[Any], Any]
"""Option rows for :func:`_best`: the distinct rows' k-th options (one index array per k) and,
for each row, which distinct row it is."""


def _choices(opts: IntArray) -> _Choices:
    """``opts`` (rows of padded option indices) for :func:`_best`: of the 308 states after two
    throws only 68 have distinct options."""
    np = _np()
    if len(opts) == 0:
        return [np.zeros(0, dtype=np.int64)], np.zeros(0, dtype=np.int64)
    distinct, which = np.unique(opts, axis=0, return_inverse=True)
    columns = [np.ascontiguousarray(distinct[:, k]) for k in range(distinct.shape[1])]
    return columns, np.asarray(which).ravel()


def _best(values: Array, choices: _Choices) -> Array:
    """``values[opts].max(axis=1)``: each row's best option (rows of ``values`` per option),
    the same floats (a maximum is exact), taken for each distinct row once and one option at a
    time (five to six times faster than the gather of every row's every option)."""
    np = _np()
    columns, which = choices
    best: Any = values.take(columns[0], axis=0)
    for column in columns[1:]:
        np.maximum(best, values.take(column, axis=0), out=best)
    result: Array = best.take(which, axis=0)
    return result


class _TurnGraph:
    """Every state of one player's turn with ``limit`` throws, layer by layer (throws used).

    A throw keeping ``keep`` from a state with ``j`` throws leads to ``after_throw(keep, roll)``,
    which depends on the keep, the roll and ``j`` only; so the throws leaving a layer are shared
    "throw nodes", one per keep.
    """

    def __init__(self, rules: Rules, limit: int) -> None:
        np = _np()
        self.rules = rules
        self.limit = limit
        table = result_table(rules)
        start = TurnState()
        self.layers: list[_Layer] = [_Layer([start], {start: 0}, [])]
        self._actions: dict[int, LayerActions] = {}
        for j in range(limit):
            layer = self.layers[j]
            nxt_states: list[TurnState] = []
            nxt_index: dict[TurnState, int] = {}
            rows: list[list[tuple[int, float]]] = []

            def node(
                keep: Dice,
                state: TurnState,
                layer: _Layer = layer,
                nxt_states: list[TurnState] = nxt_states,
                nxt_index: dict[TurnState, int] = nxt_index,
                rows: list[list[tuple[int, float]]] = rows,
            ) -> int:
                if keep in layer.node_index:
                    return layer.node_index[keep]
                n = 3 - len(keep)
                row: list[tuple[int, float]] = []
                for roll, p in roll_probabilities(n).items():
                    s = state.after_throw(keep, roll)
                    if s not in nxt_index:
                        nxt_index[s] = len(nxt_states)
                        nxt_states.append(s)
                    row.append((nxt_index[s], float(p)))
                layer.node_index[keep] = len(layer.node_keeps)
                layer.node_keeps.append(keep)
                rows.append(row)
                return layer.node_index[keep]

            per_state: list[tuple[list[int], TurnState | None]] = []
            for s in layer.states:
                legal = s.actions(rules, limit)
                throws = [node(a.keep, s) for a in legal if isinstance(a, Throw)]
                turned = s.after_turn_sixes(rules) if TURN_SIXES in legal else None
                per_state.append((throws, turned))
            turned_states: list[TurnState] = []
            turned_index: dict[TurnState, int] = {}
            turned_rows: list[list[int]] = []
            for _, t in per_state:
                if t is not None and t not in turned_index:
                    turned_index[t] = len(turned_states)
                    turned_states.append(t)
                    legal = t.actions(rules, limit)
                    assert STOP not in legal and TURN_SIXES not in legal
                    turned_rows.append([node(a.keep, t) for a in legal if isinstance(a, Throw)])
            n_nodes = len(layer.node_keeps)
            trans = np.zeros((n_nodes, len(nxt_states)))
            for i, row in enumerate(rows):
                for k, p in row:
                    trans[i, k] += p
            layer.trans = trans
            layer.turned = turned_states
            layer.turned_opts = _pad(turned_rows, n_nodes)
            layer.turned_choices = _choices(layer.turned_opts)
            layer.opts = _pad(
                [
                    throws + ([n_nodes + turned_index[t]] if t is not None else [])
                    for throws, t in per_state
                ],
                n_nodes + len(turned_states),
            )
            layer.choices = _choices(layer.opts)
            self.layers.append(_Layer(nxt_states, nxt_index, [s.result(table) for s in nxt_states]))

    def layer_actions(self, j: int) -> LayerActions:
        """The legal actions of every state after ``j`` throws (``0 < j < limit``), as arrays
        (made when first asked)."""
        found = self._actions.get(j)
        if found is not None:
            return found
        np = _np()
        layer = self.layers[j]
        n_states, n_turned = len(layer.states), len(layer.turned)
        row: dict[TurnState, int] = {}
        codes: list[list[int]] = []
        sources: list[list[int]] = []
        for state in [*layer.states, *layer.turned]:
            if state in row:
                continue
            row[state] = len(codes)
            codes.append([])
            sources.append([])
            for a in state.actions(self.rules, self.limit):
                codes[-1].append(a.code)
                if a is STOP:
                    sources[-1].append(layer.index[state])
                elif a is TURN_SIXES:
                    turned = state.after_turn_sixes(self.rules)
                    sources[-1].append(n_states + layer.turned.index(turned))
                else:
                    assert isinstance(a, Throw)
                    sources[-1].append(n_states + n_turned + layer.node_index[a.keep])
        width = max(len(c) for c in codes)
        found = LayerActions(
            row,
            np.array([c + [-1] * (width - len(c)) for c in codes], dtype=np.int64),
            np.array([c + [0] * (width - len(c)) for c in sources], dtype=np.int64),
        )
        self._actions[j] = found
        return found

    def solve(self, terminal: Sequence[Array], keep_all: bool = False) -> tuple[Array, list[Any]]:
        """Maximise: ``terminal[j]`` (states of layer j x columns) is the value of ending there.

        Returns the value at the turn's start (per column) and, with ``keep_all``, per layer the
        values of its throw nodes, turned states and states (for the best action)."""
        np = _np()
        v = terminal[self.limit]
        saved: list[Any] = [None] * (self.limit + 1)
        saved[self.limit] = (None, None, v)
        for j in range(self.limit - 1, -1, -1):
            layer = self.layers[j]
            assert layer.trans is not None
            q = layer.trans @ v
            if j == 0:
                saved[0] = (q, None, None)
                return q[0], saved
            cols = q.shape[1:]
            ninf = np.full((1, *cols), -np.inf)
            assert layer.choices is not None and layer.turned_choices is not None
            tv = _best(np.concatenate((q, ninf)), layer.turned_choices)
            ext = np.concatenate((q, tv, ninf))
            v = np.maximum(terminal[j], _best(ext, layer.choices))
            if keep_all:
                saved[j] = (q, tv, v)
        raise AssertionError("unreachable")


def _pad(rows: list[list[int]], sentinel: int) -> IntArray:
    np = _np()
    width = max([1, *(len(r) for r in rows)])
    out = np.full((len(rows), width), sentinel, dtype=np.int64)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
    result: IntArray = out
    return result
