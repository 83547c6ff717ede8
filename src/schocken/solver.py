"""The turn solver: for a turn in progress, each legal action's exact chance of losing the round.

The situation: the rules, the round's throw limit, the player's turn so far, the results shown
before them, the covered cups before them (known only by their aside dice and throw count), and
how many players come after. For every legal action the solver gives the probability that the
player ends as the round's loser, and the expected change of their Deckel from this round (taken
as the worst; given away as the best once the middle is empty), by dynamic programming over the
turn's states with exact fractions. It plays the turn through the engine's own mechanics
(:mod:`schocken.turn`) and judges results with the engine's own order (:mod:`schocken.results`).

The model (``docs/solver.md`` says more):

- A covered cup before the player was covered on its owner's last allowed throw, so its result is
  its aside dice plus the throw of the others: an exact distribution, no guess about play.
- Each later player plays to beat the worst result they can see when this player's turn ends
  (the results shown, this player's own unless it is covered): the policy that maximises that
  chance, exactly. With nothing to beat they play the odds' "optimal" policy. When this player's
  result is the worst, this is exactly how each later player avoids losing.
- The player chooses what minimises their chance of losing the round, then the expected Deckel.
- Once the middle is empty, the best player gives what the best result is worth; the solver
  assumes the best player holds at least that many.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from schocken.actions import STOP, TURN_SIXES, Action, Throw
from schocken.odds import policy_for
from schocken.results import Dice, Result, ResultTable, result_table, roll_probabilities
from schocken.round import round_payment
from schocken.rules import MAX_THROWS, Rules
from schocken.turn import TurnState, covered_results

Key = int
"""A result's key in the round's order (:meth:`~schocken.results.ResultTable.order_key`)."""
Dist = tuple[tuple[Result, Fraction], ...]
ONE = Fraction(1)
ZERO = Fraction(0)


@dataclass(frozen=True)
class Situation:
    """A turn in progress, as its player sees it."""

    rules: Rules
    state: TurnState = field(default_factory=TurnState)
    """The player's turn so far (``TurnState()`` before the first throw)."""
    limit: int | None = None
    """The round's throw limit; ``None`` when this player opens the round (up to 3 throws)."""
    shown: tuple[Result, ...] = ()
    """The results of the players before, in order, that are shown."""
    covered: tuple[tuple[Dice, int], ...] = ()
    """Covered cups before this player: (aside dice, throws used), in order after ``shown``."""
    after: int = 0
    """How many players come after this one in the round."""
    middle: int = 0
    """Deckel left in the middle."""
    deckel: int = 0
    """Deckel this player holds."""
    total: int | None = None
    """Deckel in the half (what a Schock-Aus is worth); default: the rules' half."""
    positions: tuple[int, ...] = field(default=(), compare=False)
    """The places of ``shown`` and ``covered`` in the round (default: in that order)."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    """What one legal action leads to, played on optimally."""

    action: Action
    p_lose: Fraction
    """The probability of ending as the round's loser."""
    deckel: Fraction
    """The expected change of the player's Deckel from this round."""


class _Round:
    """Everything about the others that the solver needs, for one situation."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.rules = sit.rules
        self.table: ResultTable = result_table(sit.rules)
        n_before = len(sit.shown) + len(sit.covered)
        positions = sit.positions or tuple(range(n_before))
        self.position = n_before
        self.known: list[tuple[Key, Result]] = [
            (self.key(r, positions[i]), r) for i, r in enumerate(sit.shown)
        ]
        self.covered: list[list[tuple[Key, Result, Fraction]]] = []
        for i, (aside, throws) in enumerate(sit.covered):
            pos = positions[len(sit.shown) + i]
            self.covered.append(
                [(self.key(r, pos), r, p) for r, p in covered_results(self.rules, aside, throws)]
            )
        self.total = sit.total if sit.total is not None else sit.rules.deckel_per_half

    def key(self, result: Result, position: int) -> Key:
        return self.table.order_key(result, position)

    def later_dists(
        self, target: Key | None, limit: int
    ) -> list[list[tuple[Key, Result, Fraction]]]:
        """Each later player's result distribution when they play to beat ``target``."""
        out = []
        for j in range(self.sit.after):
            pos = self.position + 1 + j
            dist = beat_distribution(self.rules, limit, pos, target)
            out.append([(self.key(r, pos), r, p) for r, p in dist])
        return out

    def value_of(self, x: Result, limit_after: int, visible: bool) -> tuple[Fraction, Fraction]:
        """P(lose) and E[Deckel change] when this player's turn ends with ``x``."""
        xk = self.key(x, self.position)
        shown_keys = [k for k, _ in self.known]
        if visible:
            target: Key | None = min([*shown_keys, xk])
        else:
            target = min(shown_keys) if shown_keys else None
        others = [[(k, r, ONE)] for k, r in self.known]
        others += self.covered
        others += self.later_dists(target, limit_after)
        # P(lose): every other result above x.
        above = [sum((p for k, _, p in d if k > xk), ZERO) for d in others]
        below = [sum((p for k, _, p in d if k < xk), ZERO) for d in others]
        p_lose = _product(above)
        p_best = _product(below)
        taken = ZERO
        if p_lose:
            taken = self._expected_owed_when_losing(others, xk)
        given = ZERO
        if p_best and self.sit.middle == 0:
            if x.deckel is None:
                given = p_best * self.sit.deckel
            else:
                given = p_best * min(x.deckel, self.sit.deckel)
        return p_lose, taken - given

    def _expected_owed_when_losing(
        self, others: list[list[tuple[Key, Result, Fraction]]], xk: Key
    ) -> Fraction:
        """E[Deckel taken; all others above x]: the best of the others sets what is owed."""
        keys = sorted({k for d in others for k, _, _ in d if k > xk})
        worth: dict[Key, int] = {}
        for d in others:
            for k, r, _ in d:
                if k > xk:
                    worth[k] = self._owed(r)
        expected = ZERO
        previous = ZERO
        # P(all others in (x, y]) for y rising: the jump at y is P(the best is y).
        cum = [ZERO for _ in others]
        masses: list[dict[Key, Fraction]] = []
        for d in others:
            mass: dict[Key, Fraction] = {}
            for k, _, p in d:
                if k > xk:
                    mass[k] = mass.get(k, ZERO) + p
            masses.append(mass)
        for y in keys:
            for i, m in enumerate(masses):
                cum[i] += m.get(y, ZERO)
            now = _product(cum)
            expected += (now - previous) * worth[y]
            previous = now
        return expected

    def _owed(self, best: Result) -> int:
        return owed_to_loser(best, self.sit.middle, self.sit.deckel, self.total)


def owed_to_loser(best: Result, middle: int, deckel: int, total: int) -> int:
    """The Deckel a round's loser who holds ``deckel`` gets when ``best`` is the best result.

    A Schock-Aus gives them every Deckel of the half (``total``); otherwise the engine's
    :func:`~schocken.round.round_payment` decides, with the best player taken to hold at least what
    their result is worth (the solver does not know who will be best).
    """
    if best.deckel is None:
        return total - deckel
    return round_payment(best.deckel, middle, best.deckel)[1]


def _product(xs: Sequence[Fraction]) -> Fraction:
    out = ONE
    for x in xs:
        out *= x
    return out


SCALE = 6**9
"""Every probability within a turn is a multiple of 1/6**9 (at most nine dice are thrown), so
the later players' turns are computed exactly in integers scaled by it."""


_POW6 = (1, 6, 36, 216)


@cache
def _roll_counts(n: int) -> tuple[tuple[Dice, int], ...]:
    """Each multiset of ``n`` dice with the number of the 6**n throws that show it."""
    return tuple((roll, int(p * 6**n)) for roll, p in roll_probabilities(n).items())


@cache
def beat_distribution(rules: Rules, limit: int, position: int, target: Key | None) -> Dist:
    """The result distribution of a player at ``position`` who plays to beat ``target``."""
    table = result_table(rules)
    if target is None:
        choose = policy_for(rules, limit, "optimal")
    else:

        @cache
        def value(state: TurnState) -> int:
            """The chance to beat the target from here on, times SCALE (exact)."""
            legal = state.actions(rules, limit)
            if not legal:
                return beats(state)
            return max(action_value(state, a) for a in legal)

        def beats(state: TurnState) -> int:
            return SCALE if table.order_key(state.result(table), position) > target else 0

        def action_value(state: TurnState, action: Action) -> int:
            if action is STOP:
                return beats(state)
            if action is TURN_SIXES:
                return value(state.after_turn_sixes(rules))
            assert isinstance(action, Throw)
            return throw_value(action.keep, state.throws)

        @cache
        def throw_value(keep: Dice, throws: int) -> int:
            """Throwing all but ``keep`` after ``throws`` throws: what showed before is gone."""
            n = 3 - len(keep)
            after = TurnState(keep, (), throws)
            total: int = sum(c * value(after.after_throw(keep, r)) for r, c in _roll_counts(n))
            return total // _POW6[n]

        def choose(state: TurnState, legal: tuple[Action, ...]) -> Action:
            best = max(action_value(state, a) for a in legal)
            return next(a for a in legal if action_value(state, a) == best)

    @cache
    def dist(state: TurnState) -> tuple[tuple[Result, int], ...]:
        """The final results from here on, each with its chance times SCALE."""
        legal = state.actions(rules, limit)
        if not legal:
            return ((state.result(table), SCALE),)
        action = legal[0] if len(legal) == 1 else choose(state, legal)
        if action is STOP:
            return ((state.result(table), SCALE),)
        if action is TURN_SIXES:
            return dist(state.after_turn_sixes(rules))
        assert isinstance(action, Throw)
        return throw_dist(action.keep, state.throws)

    @cache
    def throw_dist(keep: Dice, throws: int) -> tuple[tuple[Result, int], ...]:
        n = 3 - len(keep)
        after = TurnState(keep, (), throws)
        out: dict[Result, int] = {}
        for roll, c in _roll_counts(n):
            for r, q in dist(after.after_throw(keep, roll)):
                out[r] = out.get(r, 0) + c * q
        return tuple((r, q // _POW6[n]) for r, q in out.items())

    return tuple((r, Fraction(q, SCALE)) for r, q in dist(TurnState()))


def _outcomes(rules: Rules, state: TurnState, action: Action) -> list[tuple[Fraction, TurnState]]:
    if action is TURN_SIXES:
        return [(ONE, state.after_turn_sixes(rules))]
    assert isinstance(action, Throw)
    n = 3 - len(action.keep)
    return [(p, state.after_throw(action.keep, roll)) for roll, p in roll_probabilities(n).items()]


def solve(sit: Situation) -> list[ActionValue]:
    """Every legal action in the situation with its exact P(lose round) and E[Deckel change],
    best first."""
    rnd = _Round(sit)
    rules = sit.rules
    opener = sit.limit is None
    limit = MAX_THROWS if opener else sit.limit
    assert limit is not None

    @cache
    def terminal(state: TurnState) -> tuple[Fraction, Fraction]:
        after_limit = state.throws if opener else limit
        shown = not rules.covers(state.throws, limit)
        return rnd.value_of(state.result(rnd.table), after_limit, shown)

    @cache
    def value(state: TurnState) -> tuple[Fraction, Fraction]:
        legal = state.actions(rules, limit)
        if not legal:
            return terminal(state)
        return min(action_value(state, a) for a in legal)

    @cache
    def action_value(state: TurnState, action: Action) -> tuple[Fraction, Fraction]:
        if action is STOP:
            return terminal(state)
        p_lose = ZERO
        deckel = ZERO
        for p, nxt in _outcomes(rules, state, action):
            a, b = value(nxt)
            p_lose += p * a
            deckel += p * b
        return p_lose, deckel

    legal = sit.state.actions(rules, limit)
    if not legal:
        raise ValueError("the turn is over: no action is left to choose")
    values = [ActionValue(a, *action_value(sit.state, a)) for a in legal]
    return sorted(values, key=lambda v: (v.p_lose, v.deckel))


def describe(value: ActionValue, lang: str = "en") -> str:
    """One line for a hint: "keep 1-1 and throw one die: P(lose round) = 0.18"."""
    action = value.action
    if isinstance(action, Throw):
        n = 3 - len(action.keep)
        dice = {1: "one die", 2: "two dice", 3: "all three"}[n]
        what = (
            f"keep {'-'.join(map(str, action.keep))} and throw {dice}"
            if action.keep
            else ("throw all three")
        )
    elif action is STOP:
        what = "stop"
    else:
        what = "turn sixes"
    return (
        f"{what}: P(lose round) = {float(value.p_lose):.4f} ({value.p_lose}), "
        f"E[Deckel] = {float(value.deckel):+.3f}"
    )
