"""The solver bot: plays every turn by the turn solver's choice, and the Finale by its solution.

Within a round it chooses, at every decision, the action with the least chance of losing the round,
then the least expected Deckel, in the model of :mod:`schocken.solver` (covered cups before it
known by their aside dice; every later player minimises their chance of being the worst of the
table as this turn ends, then takes the better expected place; the opener's throw count sets
their limit). It answers the same question as
:func:`schocken.solver.solve`, in floating point and with what a whole game needs to be fast:

- Only a result's rank and the tie rule's part of it matter between players, so results are
  compared as one integer code; a later player loses a tie to an earlier one.
- A throw's value depends only on the dice kept and the throws used so far, not on the dice that
  showed before it: a turn is solved once per situation as a table of those values (at most
  28 kept multisets times three throw counts) and kept for every later turn in the same
  situation.
- The chance of losing does not depend on the Deckel in play: it is solved in a situation made
  only of the throw limit, the worst shown result, the covered cups and the players after. Only
  where two actions come out equal on it does the bot solve the full situation (with the middle,
  the Deckel it holds and the best shown result) and let the expected Deckel decide.

In the Finale it plays the Finale's solution (:class:`schocken.bots.finale_bot.FinaleBot`, numpy
from the ``analysis`` extra). In rounds for no Deckel (the opening) and for Einwürfeln it plays
like the pub regular.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from schocken.actions import STOP, THROW_BLIND, TURN_SIXES, Action, Throw
from schocken.bots.regular import PubRegular
from schocken.events import RoundKind, Section
from schocken.odds import turn_state_of
from schocken.play import Strategy
from schocken.results import Dice, Result, ResultTable, result_table, roll_probabilities
from schocken.rules import MAX_THROWS, Rules
from schocken.solver import SCALE, Cup, later_distribution, owed_to_loser
from schocken.turn import TurnState, covered_results, one_throw
from schocken.views import PlayerView

__all__ = ["SolverBot", "TurnSolverBot", "turn_state_of"]

EPS = 1e-12
"""Two values closer than this are taken as equal (they are exact fractions, computed in floats)."""

Value = tuple[float, float]
"""(chance of losing the round, expected change of the player's Deckel)."""


def _better(a: Value, b: Value) -> bool:
    """Whether ``a`` is strictly better than ``b``: less chance of losing, then fewer Deckel."""
    if a[0] < b[0] - EPS:
        return True
    return a[0] <= b[0] + EPS and a[1] < b[1] - EPS


class _Dist:
    """A result distribution over codes, with its tails at every code of the rules."""

    __slots__ = ("cdf", "ge", "gt")

    def __init__(self, codes: Sequence[int], mass: dict[int, float]) -> None:
        self.ge: dict[int, float] = {}
        """P(code >= c) for each code c."""
        self.gt: dict[int, float] = {}
        """P(code > c)."""
        self.cdf: list[float] = []
        """P(code <= codes[i]), by index."""
        below = 0.0
        for c in codes:
            p = mass.get(c, 0.0)
            self.ge[c] = max(0.0, 1.0 - below)
            below += p
            self.gt[c] = max(0.0, 1.0 - below)
            self.cdf.append(below)


class _RulesData:
    """What the bot needs of one rule set, computed once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.table: ResultTable = result_table(rules)
        self.codes = sorted({self.code(r) for r in self.table.by_key.values()})
        self.index = {c: i for i, c in enumerate(self.codes)}
        self.result_of: dict[int, Result] = {self.code(r): r for r in self.table.by_key.values()}
        self._later: dict[tuple[int, int | None, tuple[Cup, ...]], _Dist] = {}
        self._covered: dict[tuple[Dice, int], _Dist] = {}

    def code(self, result: Result) -> int:
        """A result's place in the round's order, apart from who threw it first (the result
        table's :meth:`~schocken.results.ResultTable.order_code`)."""
        return self.table.order_code(result)

    def later(self, limit: int, worst: int | None, covered: tuple[Cup, ...]) -> _Dist:
        """A later player's result in the model (:func:`schocken.solver.later_distribution`):
        they see the worst shown code ``worst`` and the ``covered`` cups (sorted)."""
        key = (limit, worst, covered)
        dist = self._later.get(key)
        if dist is None:
            if len(self._later) >= 50_000:
                self._later.clear()
            mass: dict[int, float] = {}
            for r, m in later_distribution(self.rules, limit, worst, covered):
                c = self.code(r)
                mass[c] = mass.get(c, 0.0) + m / SCALE
            dist = self._later[key] = _Dist(self.codes, mass)
        return dist

    def covered(self, aside: Dice, throws: int) -> _Dist:
        """A covered cup's result: its aside dice and the throw of the others."""
        key = (aside, throws)
        dist = self._covered.get(key)
        if dist is None:
            mass: dict[int, float] = {}
            for r, p in covered_results(self.rules, aside, throws):
                c = self.code(r)
                mass[c] = mass.get(c, 0.0) + float(p)
            dist = self._covered[key] = _Dist(self.codes, mass)
        return dist


@cache
def _rules_data(rules: Rules) -> _RulesData:
    return _RulesData(rules)


class _Context(NamedTuple):
    """A turn's situation, as far as the decisions depend on it."""

    limit: int
    """The round's throw limit; 0 when this player opens the round (and fixes it)."""
    worst_shown: int | None
    """The code of the worst result shown before this player."""
    covered: tuple[tuple[Dice, int], ...]
    after: int
    full: bool
    """Whether the expected Deckel is wanted (else only the chance of losing)."""
    best_shown: int | None = None
    middle: int = 0
    deckel: int = 0
    total: int = 0


_ROLLS = {n: [(roll, float(p)) for roll, p in roll_probabilities(n).items()] for n in (1, 2, 3)}
"""Each multiset of one, two or three dice with its probability."""


class _TurnSolution:
    """One situation solved: the value of every throw (dice kept, throws used so far)."""

    def __init__(self, data: _RulesData, ctx: _Context) -> None:
        self.data = data
        self.ctx = ctx
        self.opener = ctx.limit == 0
        self.limit = MAX_THROWS if self.opener else ctx.limit
        self._covered = [data.covered(aside, throws) for aside, throws in ctx.covered]
        self._cups = tuple(sorted(ctx.covered))
        self._terminal: dict[tuple[Dice, Dice, bool, int], Value] = {}
        self._throw: dict[tuple[Dice, int], Value] = {}

    # ------------------------------------------------------------------ the turn

    def action_values(self, state: TurnState, legal: Sequence[Action]) -> list[Value]:
        return [self.action_value(state, a) for a in legal]

    def action_value(self, state: TurnState, action: Action) -> Value:
        if action is STOP:
            return self.terminal(state)
        if action is TURN_SIXES:
            return self.value(state.after_turn_sixes(self.data.rules))
        assert isinstance(action, Throw)
        return self.throw_value(action.keep, state.throws)

    def value(self, state: TurnState) -> Value:
        legal = state.actions(self.data.rules, self.limit)
        if not legal:
            return self.terminal(state)
        best: Value | None = None
        for a in legal:
            v = self.action_value(state, a)
            if best is None or _better(v, best):
                best = v
        assert best is not None
        return best

    def throw_value(self, keep: Dice, throws: int) -> Value:
        """Throwing every die but ``keep`` after ``throws`` throws, played on optimally."""
        key = (keep, throws)
        v = self._throw.get(key)
        if v is None:
            p = d = 0.0
            full = one_throw(keep)
            for roll, q in _ROLLS[3 - len(keep)]:
                a, b = self.value(TurnState(keep, roll, throws + 1, 0, (), full))
                p += q * a
                d += q * b
            v = self._throw[key] = (p, d)
        return v

    # ------------------------------------------------------------------ the round

    def terminal(self, state: TurnState) -> Value:
        key = (state.aside, state.thrown, state.last_full, state.throws)
        v = self._terminal.get(key)
        if v is None:
            v = self._terminal[key] = self._end(*self.ending(state))
        return v

    def ending(self, state: TurnState) -> tuple[Result, int, bool, Dice]:
        """The turn ended in ``state``: its result, the throw limit for the players after, whether
        the result is shown, and the dice aside."""
        after_limit = state.throws if self.opener else self.limit
        shown = not self.data.rules.covers(state.throws, self.limit)
        return state.result(self.data.table), after_limit, shown, state.aside

    def later_for(self, c: int, after_limit: int, visible: bool, aside: Dice, throws: int) -> _Dist:
        """Each later player's result once this turn ended with code ``c`` (shown if
        ``visible``, else covered with ``aside`` out of the cup after ``throws`` throws)."""
        ctx, m = self.ctx, self.ctx.worst_shown
        if visible:
            return self.data.later(after_limit, c if m is None else min(m, c), self._cups)
        cups = tuple(sorted((*ctx.covered, (aside, throws))))
        return self.data.later(after_limit, m, cups)

    def _end(self, x: Result, after_limit: int, visible: bool, aside: Dice) -> Value:
        """P(lose) and E[Deckel change] when this player's turn ends with ``x`` (covered with
        ``aside`` out of the cup unless ``visible``)."""
        ctx, data = self.ctx, self.data
        c = data.code(x)
        m = ctx.worst_shown
        later = self.later_for(c, after_limit, visible, aside, x.throws) if ctx.after else None
        p_lose = 0.0 if m is not None and m < c else 1.0
        for dist in self._covered:
            p_lose *= dist.ge[c]
        if later is not None:
            p_lose *= later.gt[c] ** ctx.after
        if not ctx.full:
            return p_lose, 0.0
        taken = self._taken(c, later) if p_lose > 0.0 else 0.0
        given = 0.0
        if ctx.middle == 0 and (ctx.best_shown is None or ctx.best_shown < c):
            p_best = 1.0
            for dist in self._covered:
                p_best *= 1.0 - dist.ge[c]
            if later is not None:
                p_best *= (1.0 - later.gt[c]) ** ctx.after
            worth = ctx.deckel if x.deckel is None else min(x.deckel, ctx.deckel)
            given = p_best * worth
        return p_lose, taken - given

    def _taken(self, c: int, later: _Dist | None) -> float:
        """E[Deckel owed; every other result above ``c``]: the best of them sets what is owed."""
        ctx, data = self.ctx, self.data
        codes = data.codes
        i0 = data.index[c]
        # P(an other's code in [c, y]) (before this player) or in (c, y] (after it).
        base_cov = [dist.cdf[i0] - (dist.ge[c] - dist.gt[c]) for dist in self._covered]
        base_later = later.cdf[i0] if later is not None else 0.0
        expected = 0.0
        previous = 0.0
        for i in range(i0, len(codes)):
            y = codes[i]
            if ctx.best_shown is not None and ctx.best_shown > y:
                continue
            now = 1.0
            for dist, base in zip(self._covered, base_cov, strict=True):
                now *= dist.cdf[i] - base
            if later is not None:
                now *= (later.cdf[i] - base_later) ** ctx.after
            if now != previous:
                expected += (now - previous) * self._owed(data.result_of[y])
                previous = now
        return expected

    def _owed(self, best: Result) -> int:
        ctx = self.ctx
        return owed_to_loser(best, ctx.middle, ctx.deckel, ctx.total)


class TurnSolverBot:
    """Plays every turn of a round for Deckel by the turn solver's choice (see the module)."""

    name = "solver"

    def __init__(self, seed: int | None = None) -> None:
        self.regular = PubRegular(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if legal[-1] is THROW_BLIND:
            return legal[0]  # never opens a round blind (docs/bots.md)
        if view.round_kind is not RoundKind.NORMAL:
            return self.regular.choose(view, legal)
        return legal[best_choice(self.values(view, legal))]

    def values(self, view: PlayerView, legal: Sequence[Action]) -> list[Value]:
        """Each legal action's (P(lose round), E[Deckel change]); the Deckel part only where the
        chance of losing alone does not decide (else 0.0)."""
        data = _rules_data(view.rules)
        seat = view.seat
        assert seat is not None
        turns = view.turns
        pos = len(turns) - 1
        assert turns[pos].seat == seat
        shown = [data.code(t.result) for t in turns[:pos] if t.result is not None]
        covered = tuple((t.aside, t.throws) for t in turns[:pos] if t.result is None)
        after = len(view.order) - pos - 1
        limit = 0 if view.limit is None else view.limit
        worst = min(shown) if shown else None
        state = turn_state_of(view)
        ctx = _Context(limit, worst, covered, after, False)
        values = _solution(data, ctx).action_values(state, legal)
        if deckel_decides(values, view.middle):
            section_total = (
                view.rules.deckel_in_finale
                if view.section is Section.FINALE
                else view.rules.deckel_per_half
            )
            full = ctx._replace(
                full=True,
                best_shown=max(shown) if shown else None,
                middle=view.middle,
                deckel=view.deckel[seat],
                total=section_total,
            )
            values = _solution(data, full).action_values(state, legal)
        return values

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self.regular.wants_buy_in(view)


def best_choice(values: Sequence[Value]) -> int:
    """The index of the action the bot takes: the first one no later one is better than."""
    best = 0
    for i in range(1, len(values)):
        if _better(values[i], values[best]):
            best = i
    return best


def deckel_decides(values: Sequence[Value], middle: int) -> bool:
    """Whether the expected Deckel must decide between actions valued on the chance of losing the
    round alone (``middle`` Deckel in the middle): where two or more tie on it."""
    best = min(v[0] for v in values)
    tied = sum(1 for v in values if v[0] <= best + EPS)
    # Actions that cannot lose the round differ in Deckel only once the middle is empty (the
    # best result gives some away); while it is not, every one of them changes nothing.
    return tied > 1 and not (best <= EPS and middle > 0)


_SOLUTIONS: tuple[dict[tuple[Rules, _Context], _TurnSolution], ...] = ({}, {})
"""Solved situations: without the Deckel, and full. The first recur often and are few; the full
ones (needed only where actions tie on the chance of losing) seldom recur, so fewer are kept."""
_MAX_SOLUTIONS = (20_000, 2_000)


def _solution(data: _RulesData, ctx: _Context) -> _TurnSolution:
    key = (data.rules, ctx)
    cache = _SOLUTIONS[ctx.full]
    sol = cache.get(key)
    if sol is None:
        if len(cache) >= _MAX_SOLUTIONS[ctx.full]:
            cache.clear()
        sol = cache[key] = _TurnSolution(data, ctx)
    return sol


class SolverBot:
    """The turn solver's choice in every round for Deckel, the solved Finale in the Finale.

    Needs numpy (the ``analysis`` extra) for the Finale's solution, which is computed once per rule
    set and process.
    """

    name = "solver"

    def __init__(self, seed: int | None = None) -> None:
        if importlib.util.find_spec("numpy") is None:  # pragma: no cover - tests have numpy
            raise ValueError(
                "the solver bot needs numpy for the Finale: pip install 'schocken[analysis]'"
            )
        self.turns = TurnSolverBot(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.section is Section.FINALE and view.round_kind is RoundKind.NORMAL:
            return _finale_bot(view.rules).choose(view, legal)
        return self.turns.choose(view, legal)

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self.turns.wants_buy_in(view)


@cache
def _finale_bot(rules: Rules) -> Strategy:
    from schocken.bots.finale_bot import FinaleBot
    from schocken.finale_shared import finale_solution

    return FinaleBot(finale_solution(rules), TurnSolverBot())


def clear_caches() -> None:
    """Forget every rule set's data, solved situations and Finale bot made."""
    for solutions in _SOLUTIONS:
        solutions.clear()
    _rules_data.cache_clear()
    _finale_bot.cache_clear()
