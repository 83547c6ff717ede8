"""The Finale's choices for the strong bots' memo (keys ``K_FINALE`` and ``K_TWO``): a table per
situation and throw, each key then a look-up.

The reference chooses in the Finale by its solution (:meth:`FinaleSolution.best_action_codes`):
in a Deckel situation, after ``j`` throws, each legal action's value from the solved turn
(:meth:`FinaleSolution.layer_values`), the first of the least lost taken. A game visits few
Deckel situations (about 250 in 20,000 games) but asks in each again and again, a few new turn
states at a time (about 6,000 times): so here the choice of *every* state of the layer, for every
column (the responder's: what it sees of the opener's final turn), is made at once, compiled
(:func:`best_table`), the first time a round's situation is asked, for the opener and the
responder alike (:meth:`FinaleSolution.round_values`: the opener's solution is made of the
responder's), and only the tables are kept (about 100 kB a situation, where its solved turns are
about 2 MB). The same values compared the same way (the opener's -value, the
responder's 1 - value, strictly less to replace): the reference's choices.
``tests/test_fast_finale_choices.py`` compares them state by state.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from schocken.fast.jit import _jit
from schocken.fast.tables import Int64Array
from schocken.finale import Column, FinaleSolution
from schocken.turn import TurnState

Int16Array = npt.NDArray[np.int16]


@_jit
def best_table(
    joined: npt.NDArray[np.float64], sources: Int64Array, codes: Int64Array, opener: bool
) -> Int16Array:
    """The code of the best action in every state (rows of ``sources`` and ``codes``, a layer's
    :class:`~schocken.finale_turns.LayerActions`) for every column of ``joined`` (the values
    where ``sources`` points): the least of -value (``opener``) or 1 - value, the first of the
    least; codes below 0 are no action."""
    rows, width = sources.shape
    columns = joined.shape[1]
    table = np.empty((rows, columns), np.int16)
    least = np.empty(columns)
    at = np.empty(columns, np.int64)
    for r in range(rows):
        first = joined[sources[r, 0]]
        for c in range(columns):
            least[c] = -first[c] if opener else 1.0 - first[c]
            at[c] = 0
        for a in range(1, width):
            if codes[r, a] < 0:
                continue
            values = joined[sources[r, a]]
            for c in range(columns):
                lose = -values[c] if opener else 1.0 - values[c]
                if lose < least[c]:
                    least[c] = lose
                    at[c] = a
        for c in range(columns):
            table[r, c] = codes[r, at[c]]
    return table


class FinaleChoices:
    """The choices of one solution (a Finale's, or a half's Deckel between two players), its
    tables made as asked."""

    def __init__(self, solution: FinaleSolution) -> None:
        self.solution = solution
        self._tables: dict[tuple[int, ...], tuple[dict[TurnState, int], Int16Array]] = {}
        self._limits: dict[int | None, int] = {}
        self._columns: dict[int, dict[Column, int]] = {}

    def code(
        self,
        m: int,
        own: int,
        other: int,
        state: TurnState,
        *,
        final: Column | None = None,
        limit: int | None = None,
    ) -> int:
        """The code of :meth:`FinaleSolution.best_action` in ``state`` with ``m`` Deckel in the
        middle, ``own`` and ``other`` held: the opener's (``limit`` None) or the responder's,
        who sees the opener's ``final`` turn, the opener's throws ``limit``."""
        j = state.throws
        turns = self._limits.get(limit)
        if turns is None:
            turns = self._limits[limit] = self.solution.turn_graph(limit).limit
        if 0 < j < turns:
            rows, table = self._table(m, own, other, j, limit)
            row = rows.get(state, -1)
            if limit is None:
                col = 0
            else:
                columns = self._columns.get(limit)
                if columns is None:
                    columns = self._columns[limit] = self.solution.columns(limit)
                col = columns.get(final, -1)  # type: ignore[arg-type]
            if row >= 0 and col >= 0:
                return int(table[row, col])
        # the start, the turn over, or what is no state or final here: one at a time (that
        # says what is wrong)
        best = self.solution.best_action(m, own, other, state, opener_final=final, limit=limit)
        return best.code

    def _table(
        self, m: int, own: int, other: int, j: int, limit: int | None
    ) -> tuple[dict[TurnState, int], Int16Array]:
        key = (m, own, other, j, -1 if limit is None else limit)
        found = self._tables.get(key)
        if found is None:  # the round's tables, the opener's and the responder's, at once
            o, r = (own, other) if limit is None else (other, own)
            for limit_of, layers in self.solution.round_values(m, o, r).items():
                for j_of, (actions, joined) in enumerate(layers, start=1):
                    table = best_table(joined, actions.sources, actions.codes, limit_of is None)
                    if limit_of is None:
                        self._tables[(m, o, r, j_of, -1)] = (actions.row, table)
                    else:
                        self._tables[(m, r, o, j_of, limit_of)] = (actions.row, table)
            found = self._tables[key]
        return found
