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

The memo takes a whole column at a time (:meth:`FinaleChoices.column`: every state's choice in
one Deckel situation, for the opener or for the responder facing one final), and the compiled
loop finds a state's in it by :meth:`FinaleChoices.places`: a game in the Finale then asks the
memo once a Deckel situation, not once a state (2026-12-07: 44,000 keys of 20,000 games of
tsv99 were 103 Deckel situations of the Finale and 12 of two players in a half).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from schocken.fast.jit import _jit
from schocken.fast.tables import Int16Array, Int64Array
from schocken.finale import Column, FinaleSolution
from schocken.finale_reads import finale_key
from schocken.turn import TurnState


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
        if 0 < j < self._turns(limit):
            rows, table = self._table(m, own, other, j, limit)
            row = rows.get(state, -1)
            col = 0 if limit is None else self._column(limit, final)
            if row >= 0 and col >= 0:
                return int(table[row, col])
        # the start, the turn over, or what is no state or final here: one at a time (that
        # says what is wrong)
        best = self.solution.best_action(m, own, other, state, opener_final=final, limit=limit)
        return best.code

    def column(
        self, m: int, own: int, other: int, *, final: Column | None = None, limit: int | None = None
    ) -> Int64Array:
        """The code of :meth:`code` in every state with a choice (after 1 to the turn's limit - 1
        throws, each layer's states in their table's order: :meth:`places`), with ``m`` Deckel
        in the middle, ``own`` and ``other`` held, for the opener or the responder who sees
        the opener's ``final`` (as :meth:`code`)."""
        col = 0 if limit is None else self._column(limit, final)
        parts = [np.zeros(0, np.int64)]
        for j in range(1, self._turns(limit)):
            rows, table = self._table(m, own, other, j, limit)
            if col >= 0:
                parts.append(table[:, col].astype(np.int64))
            else:  # a final the responder never sees: one at a time (code says what is wrong)
                codes = [self.code(m, own, other, s, final=final, limit=limit) for s in rows]
                parts.append(np.array(codes, np.int64))
        return np.concatenate(parts)

    def places(
        self, turn: Callable[[int], TurnState], words: int, limit: int | None = None
    ) -> Int64Array:
        """Where each state's choice is in a :meth:`column` (-1: no state with a choice), by the
        state's number below ``words`` (``turn``: the state of a number)."""
        graph = self.solution.turn_graph(limit)
        found = np.full(words, -1, np.int64)
        first = 0
        for j in range(1, graph.limit):
            rows = graph.layer_actions(j).row  # a table's rows (the layer's: every situation's)
            for word in range(j, words, 4):
                row = rows.get(turn(word))
                if row is not None:
                    found[word] = first + row
            first += len(rows)
        return found

    def _column(self, limit: int, final: Column | None) -> int:
        """The responder's column of the opener's ``final`` with the opener's ``limit`` (-1:
        none)."""
        columns = self._columns.get(limit)
        if columns is None:
            columns = self._columns[limit] = self.solution.columns(limit)
        return columns.get(final, -1)  # type: ignore[arg-type]

    def _turns(self, limit: int | None) -> int:
        turns = self._limits.get(limit)
        if turns is None:
            turns = self._limits[limit] = self.solution.turn_graph(limit).limit
        return turns

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


_KEPT: dict[tuple[object, ...], FinaleChoices] = {}
"""The choices made, by :func:`~schocken.finale_reads.finale_key` and Deckel count."""


def choices_of(solution: FinaleSolution) -> FinaleChoices:
    """The choices of ``solution``, one per :func:`~schocken.finale_reads.finale_key` and Deckel
    count as the solutions themselves are (:func:`~schocken.finale_shared.finale_solution`):
    a rule set's Finale and its halves' rounds of two where their Deckel are as many, and rule
    sets alike in what the Finale reads, share the tables."""
    key = (finale_key(solution.rules), solution.n)
    choices = _KEPT.get(key)
    if choices is None:
        choices = _KEPT[key] = FinaleChoices(solution)
    return choices


def forget() -> None:
    """Forget the choices made (:func:`choices_of`)."""
    _KEPT.clear()
