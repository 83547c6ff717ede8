"""The turn solver: for a turn in progress, each legal action's exact chance of losing the round.

The situation: the rules, the round's throw limit, the player's turn so far, the results shown
before them, the covered cups before them (known only by their aside dice and throw count), and
how many players come after. For every legal action the solver gives the probability that the
player ends as the round's loser, and the expected change of their Deckel from this round (taken
as the worst; given away as the best once the middle is empty), by dynamic programming over the
turn's states. It plays the turn through the engine's own mechanics (:mod:`schocken.turn`) and
judges results with the engine's own order (:mod:`schocken.results`).

The model of the round (``docs/odds.md``, "The model of a round", says more and why):

- A covered cup before the player was covered on its owner's last allowed throw, so its result is
  its aside dice plus a fair throw of the others (:func:`~schocken.turn.covered_results`).
- Each later player sees the table as it stands when this player's turn ends: the shown results,
  the covered cups (counted by that distribution), this player's result or covered cup. They play
  as if they were the last: they minimise their chance of being the worst of that table; where
  actions are equally good on it, they take the better expected place of the result in the rules'
  order (the ``optimal`` policy's aim), then the first in the engine's order of legal actions
  (:func:`later_distribution`). They do not react to one another's results.
- The player chooses what minimises their chance of losing the round, then the expected Deckel.
- Once the middle is empty, the best player gives what the best result is worth; the solver
  assumes the best player holds at least that many.
- Under ``tiebreak = "throw_off"`` a player tied with ``k - 1`` others for the worst result loses
  with probability ``1/k`` (the throw-off is fair); under ``"no_deckel"`` a tie for the worst loses
  nothing. P(lose) and the Deckel taken are exact for these; the later players' model and the
  Deckel given as the best still read a tie for the worst as ``later_loses`` does (except that a
  player tied with every later one under ``throw_off`` gives only when he wins the throw-off).
- Under ``deckel_owed = "sum"`` who loses is unchanged (P(lose) stays exact), but the Deckel are
  still counted as the best result's worth alone: the expected Deckel are an approximation.

The arithmetic is exact and in integers: a later player's turn is valued in whole multiples of
1/6**9 (:data:`SCALE`; at most nine dice are thrown in a turn), a covered cup in multiples of
1/6**n, and every figure of the player's turn over one common denominator; fractions are made
only for the answer.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from math import lcm
from operator import mul

from schocken.actions import STOP, TURN_SIXES, Action, Throw
from schocken.odds import places
from schocken.results import Dice, Result, result_table, roll_probabilities
from schocken.round import round_payment
from schocken.rules import MAX_THROWS, Rules, Tiebreak
from schocken.texts import action_name
from schocken.texts import t as text
from schocken.turn import TurnState, covered_results

Code = int
"""A result's place in the order of results apart from who threw it
(:meth:`~schocken.results.ResultTable.order_code`); at equal codes the earlier thrower is better."""
Cup = tuple[Dice, int]
"""A covered cup as the others see it: (aside dice, throws used)."""
Masses = tuple[tuple[Result, int], ...]
"""A result distribution: each result with its probability times :data:`SCALE`."""

SCALE = 6**9
"""Every probability within one turn is a multiple of 1/6**9 (at most nine dice are thrown)."""

_POW6 = (1, 6, 36, 216)


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
    covered: tuple[Cup, ...] = ()
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
    """The places of ``shown`` and ``covered`` in the round. Only that they come before this
    player matters (ties among the others change nothing for this player), so it is not used."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    """What one legal action leads to, played on optimally."""

    action: Action
    p_lose: Fraction
    """The probability of ending as the round's loser."""
    deckel: Fraction
    """The expected change of the player's Deckel from this round."""


# ---------------------------------------------------------------------------- a turn's graph


class _TurnGraph:
    """Every state of a turn with ``limit`` throws, numbered once per rule set and limit.

    A *node* is a throw: the dice kept and the throws used before it (what showed before does not
    matter once the dice are in the cup). A *state* is the turn after a throw or after turning
    sixes, as far as its choices go: states with the same choices are one (after a throw that
    puts every die back, the same dice showing give the same choices, whatever was kept). Its
    choices, in the engine's order of legal actions, are throws (nodes), turning sixes (another
    state) and stopping (a result); a state at the limit has only its result.
    """

    def __init__(self, rules: Rules, limit: int) -> None:
        table = result_table(rules)
        self.rules = rules
        self.limit = limit
        self.table = table
        self.results: list[Result] = []
        self._result_ids: dict[Result, int] = {}
        self.node_ids: dict[tuple[Dice, int], int] = {}
        self.node_rolls: list[list[tuple[int, int]]] = []
        """Per node: (number of the 6**n throws, state) for each roll, rolls to one state merged."""
        self.node_dice: list[int] = []
        self.choices: list[tuple[tuple[int, int], ...]] = []
        """Per state: (kind, index) with kind 0 a result, 1 a node, 2 a state."""
        self._state_ids: dict[tuple[tuple[int, int], ...], int] = {}
        self.state_of: dict[TurnState, int] = {}
        """Every turn state after a throw or after turning sixes, to its state."""
        self._counts = {
            n: [(roll, int(p * 6**n)) for roll, p in roll_probabilities(n).items()]
            for n in (1, 2, 3)
        }
        self.root = self._node((), 0)
        throws = [0] * len(self.node_rolls)
        for (_, t), i in self.node_ids.items():
            throws[i] = t
        self.order = sorted(range(len(throws)), key=throws.__getitem__)
        """The nodes, fewer throws used first."""
        self.codes = [table.order_code(r) for r in self.results]
        place = places(table)
        self.places = [place[r] for r in self.results]
        self.top = max(place.values()) + 1
        """More than any result's place."""

    def _result(self, r: Result) -> int:
        i = self._result_ids.get(r)
        if i is None:
            i = self._result_ids[r] = len(self.results)
            self.results.append(r)
        return i

    def _node(self, keep: Dice, throws: int) -> int:
        key = (keep, throws)
        i = self.node_ids.get(key)
        if i is not None:
            return i
        i = self.node_ids[key] = len(self.node_rolls)
        self.node_rolls.append([])
        n = 3 - len(keep)
        self.node_dice.append(n)
        start = TurnState(keep, (), throws)
        merged: dict[int, int] = {}
        for roll, c in self._counts[n]:
            s = self._state(start.after_throw(keep, roll))
            merged[s] = merged.get(s, 0) + c
        self.node_rolls[i] = [(c, s) for s, c in merged.items()]
        return i

    def _state(self, state: TurnState) -> int:
        out: list[tuple[int, int]] = []
        legal = state.actions(self.rules, self.limit)
        if not legal:
            out.append((0, self._result(state.result(self.table))))
        for a in legal:
            if a is STOP:
                out.append((0, self._result(state.result(self.table))))
            elif a is TURN_SIXES:
                out.append((2, self._state(state.after_turn_sixes(self.rules))))
            else:
                assert isinstance(a, Throw)
                out.append((1, self._node(a.keep, state.throws)))
        key = tuple(out)
        i = self._state_ids.get(key)
        if i is None:
            i = self._state_ids[key] = len(self.choices)
            self.choices.append(key)
        self.state_of[state] = i
        return i

    def play(self, cost: Sequence[int]) -> list[int]:
        """The final result's masses (times :data:`SCALE`, by result index) when each state
        takes its first choice of least expected ``cost`` (an integer per result index)."""
        return self.forward(self.choose(cost))

    def choose(self, cost: Sequence[int]) -> list[int]:
        """Each state's first choice of least expected ``cost`` (an integer per result index),
        by its place among the state's choices."""
        n_nodes = len(self.node_rolls)
        node_value = [0] * n_nodes
        state_value: list[int | None] = [None] * len(self.choices)
        best = [0] * len(self.choices)
        choices = self.choices
        dice = self.node_dice
        stop = [c * SCALE for c in cost]

        def state(s: int) -> int:
            v = state_value[s]
            if v is not None:
                return v
            opts = choices[s]
            chosen = 0
            low = 0
            for k, (kind, j) in enumerate(opts):
                if kind == 0:
                    v = stop[j]
                elif kind == 1:
                    v = node_value[j]
                else:
                    v = state(j)
                if k == 0 or v < low:
                    low, chosen = v, k
            best[s] = chosen
            state_value[s] = low
            return low

        for i in reversed(self.order):
            total = 0
            for c, s in self.node_rolls[i]:
                v = state_value[s]
                total += c * (state(s) if v is None else v)
            node_value[i] = total // _POW6[dice[i]]
        return best

    def forward(self, best: list[int]) -> list[int]:
        """The final result's masses (times :data:`SCALE`) when each state takes its choice in
        ``best``."""
        choices = self.choices
        dice = self.node_dice
        n_nodes = len(self.node_rolls)
        mass = [0] * len(self.results)
        node_mass = [0] * n_nodes
        node_mass[self.root] = SCALE
        for i in self.order:
            m = node_mass[i]
            if not m:
                continue
            per = m // _POW6[dice[i]]
            for c, s in self.node_rolls[i]:
                while True:
                    kind, j = choices[s][best[s]]
                    if kind == 2:
                        s = j
                        continue
                    if kind == 0:
                        mass[j] += per * c
                    else:
                        node_mass[j] += per * c
                    break
        return mass


@cache
def _graph(rules: Rules, limit: int) -> _TurnGraph:
    return _TurnGraph(rules, limit)


@cache
def _cup_counts(rules: Rules, cup: Cup) -> tuple[int, tuple[tuple[Code, int], ...]]:
    """A covered cup's result codes, each with its number of the 6**n throws, and 6**n."""
    aside, throws = cup
    table = result_table(rules)
    n = 3 - len(aside)
    out: dict[Code, int] = {}
    for r, p in covered_results(rules, aside, throws):
        c = table.order_code(r)
        out[c] = out.get(c, 0) + int(p * 6**n)
    return 6**n, tuple(sorted(out.items()))


Tail = tuple[tuple[Code, ...], tuple[int, ...]]
"""A covered cup's result codes in order, and for each the number of its 6**n throws with that
code or a higher one (one more entry, 0, after the last): :func:`_at_least` in a bisection."""


@cache
def _cup_tail(rules: Rules, cup: Cup) -> Tail:
    """The covered cup's :data:`Tail`."""
    counts = _cup_counts(rules, cup)[1]
    suffix = [0] * (len(counts) + 1)
    for i in range(len(counts) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i][1]
    return tuple(c for c, _ in counts), tuple(suffix)


def _at_least(tail: Tail, code: Code) -> int:
    """How many of a covered cup's 6**n throws have ``code`` or a higher one."""
    codes, suffix = tail
    return suffix[bisect_left(codes, code)]


@lru_cache(maxsize=20_000)
def later_distribution(
    rules: Rules, limit: int, worst: Code | None, covered: tuple[Cup, ...] = ()
) -> Masses:
    """A later player's result distribution, in the model: they see the worst shown result's
    code ``worst`` (``None``: nothing shown) and the ``covered`` cups, all thrown before them, and
    play ``limit`` throws.

    They minimise their chance of being the worst of what they see (each covered cup by its
    distribution); among equally good actions they take the largest expected place of the result
    in the rules' order (as the ``optimal`` odds policy), then the first in the engine's order.
    Returns each result with its probability times :data:`SCALE`, exactly.
    """
    graph = _graph(rules, limit)
    mass = graph.play(_later_cost(rules, graph, worst, covered))
    return tuple((r, m) for r, m in zip(graph.results, mass, strict=True) if m)


@lru_cache(maxsize=2_000)
def later_policy(
    rules: Rules, limit: int, worst: Code | None, covered: tuple[Cup, ...] = ()
) -> Callable[[TurnState, Sequence[Action]], Action]:
    """The later player's choices behind :func:`later_distribution`, as a policy: the action it
    takes in a turn state (after a throw or after turning sixes) among the legal ``actions``."""
    graph = _graph(rules, limit)
    best = graph.choose(_later_cost(rules, graph, worst, covered))

    def choose(state: TurnState, legal: Sequence[Action]) -> Action:
        return legal[best[graph.state_of[state]]]

    return choose


def _later_cost(
    rules: Rules, graph: _TurnGraph, worst: Code | None, covered: tuple[Cup, ...]
) -> list[int]:
    """What a later player minimises, per result: the chance of being the worst of what they see
    (times the cups' 6**n), then the largest place (one chance's step is worth more than any
    place: exact lexicographic order in one integer)."""
    big = SCALE * graph.top
    cost: list[int] = []
    if covered:
        below = _below_cups(rules, graph.limit, tuple(sorted(covered)))
        cost = [
            (n * big if worst is None or code <= worst else 0) - place
            for n, code, place in zip(below, graph.codes, graph.places, strict=True)
        ]
    elif worst is None:
        cost = [big - place for place in graph.places]
    else:
        cost = [
            (big if code <= worst else 0) - place
            for code, place in zip(graph.codes, graph.places, strict=True)
        ]
    return cost


@lru_cache(maxsize=4_096)
def _below_cups(rules: Rules, limit: int, covered: tuple[Cup, ...]) -> tuple[int, ...]:
    """For each result of the later player's turn graph (by index): in how many of the covered
    cups' throws together (6**n per cup, multiplied) every cup has that result's code or a higher
    one, so that the later player is below them all. Built one cup at a time on the cups before
    it (``covered`` sorted), so that situations that differ in one cup share the rest."""
    graph = _graph(rules, limit)
    tail = _cup_tail(rules, covered[-1])
    last = [_at_least(tail, code) for code in graph.codes]
    if len(covered) == 1:
        return tuple(last)
    return tuple(map(mul, _below_cups(rules, limit, covered[:-1]), last))


# ---------------------------------------------------------------------------- the round


class _Round:
    """Everything about the others that the solver needs, for one situation.

    Every chance is an integer over the common denominator :attr:`denominator`: the covered
    cups' 6**n times SCALE for each later player.
    """

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.rules = sit.rules
        self.table = result_table(sit.rules)
        code = self.table.order_code
        self.shown_codes = [code(r) for r in sit.shown]
        self.worst_shown = min(self.shown_codes) if self.shown_codes else None
        self.best_shown = max(self.shown_codes) if self.shown_codes else None
        self.cups = [_cup_counts(self.rules, cup) for cup in sit.covered]
        self.tails = [_cup_tail(self.rules, cup) for cup in sit.covered]
        self.cup_maps = [dict(counts) for _, counts in self.cups]
        self.tie_rule = sit.rules.tiebreak in (Tiebreak.THROW_OFF, Tiebreak.NO_DECKEL)
        self.share = 1
        """Every chance is also times this: lcm(1..players) under throw_off (a 1/k share)."""
        if sit.rules.tiebreak is Tiebreak.THROW_OFF:
            self.share = lcm(*range(1, len(sit.shown) + len(sit.covered) + sit.after + 2))
        self.denominator = SCALE**sit.after * self.share
        for den, _ in self.cups:
            self.denominator *= den
        self.total = sit.total if sit.total is not None else sit.rules.deckel_per_half
        self.codes = sorted({code(r) for r in self.table.by_key.values()})
        self.worth = {code(r): r for r in self.table.by_key.values()}
        self._later: dict[tuple[int, Code | None, tuple[Cup, ...]], dict[Code, int]] = {}
        self._upto_cache: dict[Code, tuple[list[Code], list[int], list[int]]] = {}

    def later(self, limit: int, worst: Code | None, covered: tuple[Cup, ...]) -> dict[Code, int]:
        """The later players' result codes with their masses (times SCALE)."""
        key = (limit, worst, covered)
        out = self._later.get(key)
        if out is None:
            out = {}
            for r, m in later_distribution(self.rules, limit, worst, covered):
                c = self.table.order_code(r)
                out[c] = out.get(c, 0) + m
            self._later[key] = out
        return out

    def value_of(self, x: Result, limit_after: int, visible: bool, aside: Dice) -> tuple[int, int]:
        """P(lose) and E[Deckel change] when this player's turn ends with ``x``, times
        :attr:`denominator`. ``aside`` is the cup's aside dice when the result is covered."""
        sit = self.sit
        xc = self.table.order_code(x)
        later: dict[Code, int] = {}
        if sit.after:
            worst: Code | None
            if visible:
                worst = xc if self.worst_shown is None else min(self.worst_shown, xc)
                cups = tuple(sorted(sit.covered))
            else:
                worst = self.worst_shown
                cups = tuple(sorted((*sit.covered, (aside, x.throws))))
            later = self.later(limit_after, worst, cups)
        if self.tie_rule:
            return self._tied_value(x, xc, later)
        # Those before are above x at equal codes; those after only at higher ones.
        if self.worst_shown is not None and self.worst_shown < xc:
            p_lose = 0
        else:
            p_lose = 1
            for tail in self.tails:
                p_lose *= _at_least(tail, xc)
            if sit.after:
                p_lose *= sum(m for c, m in later.items() if c > xc) ** sit.after
        taken = self._taken(xc, later) if p_lose else 0
        given = 0
        if sit.middle == 0 and (self.best_shown is None or self.best_shown < xc):
            p_best = 1
            for (den, _), tail in zip(self.cups, self.tails, strict=True):
                p_best *= den - _at_least(tail, xc)
            if sit.after:
                p_best *= sum(m for c, m in later.items() if c <= xc) ** sit.after
            worth = sit.deckel if x.deckel is None else min(x.deckel, sit.deckel)
            given = p_best * worth
        return p_lose, taken - given

    def _tied_value(self, x: Result, xc: Code, later: dict[Code, int]) -> tuple[int, int]:
        """:meth:`value_of` where a tie for the worst is thrown off or loses nothing."""
        sit = self.sit
        p_lose = self._lose_up_to(xc, later, None)
        taken = 0
        previous = 0
        for y in self.codes:
            if y < xc or (self.best_shown is not None and self.best_shown > y):
                continue
            now = self._lose_up_to(xc, later, y)
            if now != previous:
                taken += (now - previous) * self._owed(self.worth[y])
                previous = now
        given = 0
        if sit.middle == 0 and (self.best_shown is None or self.best_shown < xc):
            p_best = self.share
            for (den, _), tail in zip(self.cups, self.tails, strict=True):
                p_best *= den - _at_least(tail, xc)
            if sit.after:
                p_best *= sum(m for c, m in later.items() if c <= xc) ** sit.after
            if sit.rules.tiebreak is Tiebreak.THROW_OFF and not sit.shown and not sit.covered:
                # Tied with every later player: he gives only if he wins the throw-off.
                p_best -= later.get(xc, 0) ** sit.after * self.share // (sit.after + 1)
            worth = sit.deckel if x.deckel is None else min(x.deckel, sit.deckel)
            given = p_best * worth
        return p_lose, taken - given

    def _lose_up_to(self, xc: Code, later: dict[Code, int], top: Code | None) -> int:
        """P(this player, ending with code ``xc``, loses the round and no other result's code is
        above ``top``) times :attr:`denominator`, under ``throw_off`` or ``no_deckel``."""
        sit = self.sit
        if self.worst_shown is not None and self.worst_shown < xc:
            return 0
        if top is not None and self.best_shown is not None and self.best_shown > top:
            return 0
        tied_shown = self.shown_codes.count(xc)
        ways = [1]  # ways[j]: the others' throws with j of the cups and later players tied
        factors = [
            (sum(q for c, q in counts if c > xc and (top is None or c <= top)), dict(counts))
            for _, counts in self.cups
        ]
        for above, counts in factors:
            ways = _times(ways, above, counts.get(xc, 0))
        above = sum(m for c, m in later.items() if c > xc and (top is None or c <= top))
        for _ in range(sit.after):
            ways = _times(ways, above, later.get(xc, 0))
        if sit.rules.tiebreak is Tiebreak.NO_DECKEL:
            return ways[0] if tied_shown == 0 else 0
        return sum(w * (self.share // (1 + tied_shown + j)) for j, w in enumerate(ways))

    def _taken(self, xc: Code, later: dict[Code, int]) -> int:
        """E[Deckel owed; every other result above x] times the denominator: the best of the
        others sets what is owed."""
        sit = self.sit
        ys, cups_upto, owed = self._upto(xc)
        expected = 0
        previous = 0
        cum_later = 0
        seen: tuple[int, int] | None = None
        for y, cups, owe in zip(ys, cups_upto, owed, strict=True):
            if y > xc:
                cum_later += later.get(y, 0)
            if self.best_shown is not None and self.best_shown > y:
                continue
            if seen == (cum_later, cups):
                continue  # the same chance as at the code before: nothing more is owed
            seen = (cum_later, cups)
            now = cum_later**sit.after * cups if sit.after else cups
            if now != previous:
                expected += (now - previous) * owe
                previous = now
        return expected

    def _upto(self, xc: Code) -> tuple[list[Code], list[int], list[int]]:
        """For :meth:`_taken`: the codes ``y`` from ``xc`` up; for each, the covered cups' throws
        (multiplied) with every code from ``xc`` to ``y``; and the Deckel owed when ``y`` is
        the best result. Kept per ``xc``: it does not depend on the later players."""
        out = self._upto_cache.get(xc)
        if out is None:
            ys = [y for y in self.codes if y >= xc]
            cum_cups = [0] * len(self.cups)
            cups_upto: list[int] = []
            for y in ys:
                now = 1
                for i, m in enumerate(self.cup_maps):
                    cum_cups[i] += m.get(y, 0)
                    now *= cum_cups[i]
                cups_upto.append(now)
            owed = [self._owed(self.worth[y]) for y in ys]
            out = self._upto_cache[xc] = (ys, cups_upto, owed)
        return out

    def _owed(self, best: Result) -> int:
        return owed_to_loser(best, self.sit.middle, self.sit.deckel, self.total)


def _times(ways: list[int], above: int, tied: int) -> list[int]:
    """``ways`` (by how many are tied) after one more player who is above (``above`` ways) or
    tied (``tied`` ways)."""
    out = [w * above for w in ways] + [0]
    for j, w in enumerate(ways):
        out[j + 1] += w * tied
    return out


def owed_to_loser(best: Result, middle: int, deckel: int, total: int) -> int:
    """The Deckel a round's loser who holds ``deckel`` gets when ``best`` is the best result.

    A Schock-Aus gives them every Deckel of the half (``total``); otherwise the engine's
    :func:`~schocken.round.round_payment` decides, with the best player taken to hold at least what
    their result is worth (the solver does not know who will be best).
    """
    if best.deckel is None:
        return total - deckel
    return round_payment(best.deckel, middle, best.deckel)[1]


def solve(sit: Situation) -> list[ActionValue]:
    """Every legal action in the situation with its exact P(lose round) and E[Deckel change],
    best first."""
    rnd = _Round(sit)
    rules = sit.rules
    opener = sit.limit is None
    limit = MAX_THROWS if opener else sit.limit
    assert limit is not None
    table = rnd.table
    counts = {
        n: [(roll, int(p * 6**n)) for roll, p in roll_probabilities(n).items()] for n in (1, 2, 3)
    }
    terminals: dict[tuple[Result, bool, int, Dice], tuple[int, int]] = {}

    def terminal(state: TurnState) -> tuple[int, int]:
        after_limit = state.throws if opener else limit
        shown = not rules.covers(state.throws, limit)
        x = state.result(table)
        key = (x, shown, after_limit, () if shown else state.aside)
        v = terminals.get(key)
        if v is None:
            p, d = rnd.value_of(x, after_limit, shown, state.aside)
            v = terminals[key] = (p * SCALE, d * SCALE)
        return v

    @cache
    def value(state: TurnState) -> tuple[int, int]:
        legal = state.actions(rules, limit)
        if not legal:
            return terminal(state)
        return min(action_value(state, a) for a in legal)

    @cache
    def throw_value(keep: Dice, throws: int) -> tuple[int, int]:
        n = 3 - len(keep)
        start = TurnState(keep, (), throws)
        p = d = 0
        for roll, c in counts[n]:
            a, b = value(start.after_throw(keep, roll))
            p += c * a
            d += c * b
        return p // _POW6[n], d // _POW6[n]

    def action_value(state: TurnState, action: Action) -> tuple[int, int]:
        if action is STOP:
            return terminal(state)
        if action is TURN_SIXES:
            return value(state.after_turn_sixes(rules))
        assert isinstance(action, Throw)
        return throw_value(action.keep, state.throws)

    legal = sit.state.actions(rules, limit)
    if not legal:
        raise ValueError("the turn is over: no action is left to choose")
    den = rnd.denominator * SCALE
    values = []
    for a in legal:
        p, d = action_value(sit.state, a)
        values.append(ActionValue(a, Fraction(p, den), Fraction(d, den)))
    return sorted(values, key=lambda v: (v.p_lose, v.deckel))


def describe(value: ActionValue, lang: str = "en") -> str:
    """One line for a hint: "keep 1-1 and throw one die: P(lose round) = 0.18"."""
    return text(
        "hint_line",
        lang,
        action=action_name(value.action, lang),
        p=f"{float(value.p_lose):.4f}",
        fraction=str(value.p_lose),
        deckel=f"{float(value.deckel):+.3f}",
    )
