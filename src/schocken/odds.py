"""Exact odds of a turn: the probability, as a fraction, of every final result.

A turn is walked through the engine's own turn mechanics (:mod:`schocken.turn`) and judged by the
engine's own result table (:mod:`schocken.results`); rolls are multisets with their exact
probabilities (56 outcomes for three dice). Nothing of the rules is written again here.

A *policy* chooses an action in a turn state. :data:`POLICIES` has the ones the command offers:

- ``optimal``: the policy that maximises the result: the largest expected place of the final
  result in the rules' order of results (every distinct result one place; under a tie rule that
  counts throws, fewer throws is a better place).
- ``keep-ones``: the pub regular's keeps: turn sixes when possible, keep the ones, throw the rest,
  and use every throw allowed.
- ``throw-all``: throw all three dice every time, every throw allowed.

>>> from schocken.rules import find_preset
>>> odds = turn_odds(find_preset("tsv99"), 1, "throw-all")
>>> odds.probability("Schock-Aus")
Fraction(1, 216)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from schocken.actions import STOP, THROW_BLIND, THROWS, TURN_SIXES, Action, Throw
from schocken.dice import RandomDice
from schocken.events import TurnEnded
from schocken.game import Game
from schocken.play import NOTHING_ASKED, apply_decision, next_decision
from schocken.results import Result, ResultKind, ResultTable, result_table, roll_probabilities
from schocken.rules import MAX_THROWS, Rules
from schocken.texts import counted, t
from schocken.turn import TurnState, remove
from schocken.views import PlayerView, TurnView

Policy = Callable[[TurnState, tuple[Action, ...]], Action]
"""Chooses one of the legal actions in a turn state (after at least one throw)."""

START = TurnState()


def _keep_ones(state: TurnState, legal: tuple[Action, ...]) -> Action:
    if TURN_SIXES in legal:
        return TURN_SIXES
    throws = [a for a in legal if isinstance(a, Throw)]
    if not throws:
        return STOP
    if state.dice() == (1, 1, 1):
        return STOP if STOP in legal else throws[0]
    return max(throws, key=lambda a: (a.keep.count(1), -len(a.keep)))


def _throw_all(state: TurnState, legal: tuple[Action, ...]) -> Action:
    throws = [a for a in legal if isinstance(a, Throw)]
    return min(throws, key=lambda a: len(a.keep)) if throws else STOP


@dataclass(frozen=True, slots=True)
class TurnOdds:
    """The exact distribution of a turn's final result under one policy."""

    rules: Rules
    limit: int
    policy: str
    results: dict[Result, Fraction]
    """Each final result (dice, one throw or not, throws used) with its probability."""

    def by_name(self) -> dict[str, Fraction]:
        """Probabilities by result name ("Schock 4", "Straße 6-5-4", "652"), best first."""
        out: dict[str, Fraction] = {}
        for r in sorted(self.results, key=lambda r: (r.rank, -r.throws), reverse=True):
            out[r.name] = out.get(r.name, Fraction(0)) + self.results[r]
        return out

    def by_kind(self) -> dict[ResultKind, Fraction]:
        """Probabilities by kind of result."""
        out = {k: Fraction(0) for k in ResultKind}
        for r, p in self.results.items():
            out[r.kind] += p
        return out

    def probability(self, name: str) -> Fraction:
        """The probability of the results of that name (0 if none)."""
        return self.by_name().get(name, Fraction(0))

    def expected_deckel(self) -> Fraction:
        """The expected Deckel value of the result (a Schock-Aus counted as 0 here)."""
        return sum((p * (r.deckel or 0) for r, p in self.results.items()), Fraction(0))


def places(table: ResultTable) -> dict[Result, int]:
    """Each result's place in the rules' order (0 worst); equal results share a place."""
    keys = {r: table.order_code(r) for r in table.by_key.values()}
    order = {k: i for i, k in enumerate(sorted(set(keys.values())))}
    return {r: order[k] for r, k in keys.items()}


class _Walker:
    """Walks every state of a turn with ``limit`` throws under the engine's mechanics."""

    def __init__(self, rules: Rules, limit: int) -> None:
        if not 1 <= limit <= MAX_THROWS:
            raise ValueError(f"a turn has 1 to {MAX_THROWS} throws, not {limit}")
        self.rules = rules
        self.limit = limit
        self.table = result_table(rules)
        self._place = places(self.table)

    def outcomes(self, state: TurnState, action: Action) -> list[tuple[Fraction, TurnState]]:
        """Where an action leads, with the probability of each next state."""
        if action is TURN_SIXES:
            return [(Fraction(1), state.after_turn_sixes(self.rules))]
        assert isinstance(action, Throw)
        n = 3 - len(action.keep)
        return [
            (p, state.after_throw(action.keep, roll)) for roll, p in roll_probabilities(n).items()
        ]

    def legal(self, state: TurnState) -> tuple[Action, ...]:
        return state.actions(self.rules, self.limit)

    def best_policy(self) -> Policy:
        """The policy with the largest expected place of the final result (exact)."""
        place = self._place
        table = self.table

        @cache
        def value(state: TurnState) -> Fraction:
            legal = self.legal(state)
            if not legal:
                return Fraction(place[state.result(table)])
            return max(action_value(state, a) for a in legal)

        @cache
        def action_value(state: TurnState, action: Action) -> Fraction:
            if action is STOP:
                return Fraction(place[state.result(table)])
            return sum((p * value(s) for p, s in self.outcomes(state, action)), Fraction(0))

        def policy(state: TurnState, legal: tuple[Action, ...]) -> Action:
            best = max(action_value(state, a) for a in legal)
            return next(a for a in legal if action_value(state, a) == best)

        return policy

    def distribution(self, policy: Policy) -> dict[Result, Fraction]:
        """The exact distribution of the final result when ``policy`` plays the turn."""
        table = self.table

        @cache
        def dist(state: TurnState) -> tuple[tuple[Result, Fraction], ...]:
            legal = self.legal(state)
            if not legal:
                return ((state.result(table), Fraction(1)),)
            action = legal[0] if len(legal) == 1 else policy(state, legal)
            if action not in legal:
                raise ValueError(f"the policy chose {action}, which is not legal here")
            if action is STOP:
                return ((state.result(table), Fraction(1)),)
            out: dict[Result, Fraction] = {}
            for p, nxt in self.outcomes(state, action):
                for r, q in dist(nxt):
                    out[r] = out.get(r, Fraction(0)) + p * q
            return tuple(out.items())

        return dict(dist(START))


POLICIES: dict[str, Callable[[_Walker], Policy]] = {
    "optimal": lambda walker: walker.best_policy(),
    "keep-ones": lambda walker: _keep_ones,
    "throw-all": lambda walker: _throw_all,
}


@cache
def turn_odds(rules: Rules, limit: int, policy: str = "optimal") -> TurnOdds:
    """The exact distribution of a turn's result with ``limit`` throws under a named policy."""
    try:
        make = POLICIES[policy]
    except KeyError:
        raise ValueError(f"unknown policy {policy!r}; known: {', '.join(POLICIES)}") from None
    walker = _Walker(rules, limit)
    return TurnOdds(rules, limit, policy, walker.distribution(make(walker)))


def policy_for(rules: Rules, limit: int, policy: str) -> Policy:
    """The named policy, ready to choose actions in turn states (for simulations)."""
    walker = _Walker(rules, limit)
    return POLICIES[policy](walker)


def format_table(rules: Rules, policy: str, *, full: bool = False, lang: str = "en") -> str:
    """The odds of a preset for 1, 2 and 3 throws, as a text table in ``lang``."""
    odds = [turn_odds(rules, n, policy) for n in (1, 2, 3)]
    lines = [
        t("odds_title", lang, preset=rules.preset, policy=policy),
        f"{t('odds_result', lang):<16}"
        + "".join(f"{counted('odds_n_throws', n, lang):>26}" for n in (1, 2, 3)),
    ]
    if full:
        names: list[str] = []
        for o in odds:
            for name in o.by_name():
                if name not in names:
                    names.append(name)
        rows = [(name, [o.probability(name) for o in odds]) for name in names]
    else:
        rows = []
        for kind in kinds_of(rules):
            rows.append((kind_name(kind, lang), [o.by_kind()[kind] for o in odds]))
        for name in ("Schock-Aus", "Hand-Aus", "Schock 6", "Schock 2", "General 6"):
            if any(o.probability(name) for o in odds):
                rows.append((f"  {name}", [o.probability(name) for o in odds]))
    for name, ps in rows:
        cells = "".join(f"{_fraction_text(p):>26}" for p in ps)
        lines.append(f"{name:<16}{cells}")
    lines.append(
        f"{t('odds_expected_deckel', lang):<16}"
        + "".join(f"{float(o.expected_deckel()):>26.4f}" for o in odds)
    )
    return "\n".join(lines)


def kind_name(kind: ResultKind, lang: str = "en") -> str:
    """A kind of result as the odds' table names it ("Schock", "plain number")."""
    return t(f"odds_kind_{kind.value}", lang)


def kinds_of(rules: Rules) -> list[ResultKind]:
    """The kinds of result the rules have, best first (a Jule, a Nutte or an Achter only where
    they have one)."""
    missing = {
        ResultKind.JULE: not rules.jule,
        ResultKind.NUTTE: not rules.nutte,
        ResultKind.ACHTER: not rules.achter,
    }
    return [k for k in ResultKind if not missing.get(k, False)]


def _fraction_text(p: Fraction) -> str:
    if p == 0:
        return "0"
    return f"{p.numerator}/{p.denominator} {float(p):7.3%}"


def state_of(view_turn: TurnView) -> TurnState:
    """The turn state behind a player's own view of their turn in progress."""
    assert view_turn.showing is not None
    thrown = remove(view_turn.showing, view_turn.aside)
    assert thrown is not None
    return TurnState(
        view_turn.aside,
        thrown,
        view_turn.throws,
        view_turn.turned,
        view_turn.must_throw,
        view_turn.one_throw,
    )


def turn_state_of(view: PlayerView) -> TurnState:
    """The viewer's own turn in progress as a :class:`TurnState` (``TurnState()`` before its
    first throw, or when it is not the viewer's turn)."""
    turn = view.my_turn
    if turn is None or turn.throws == 0 or turn.showing is None:
        return TurnState()
    return state_of(turn)


class _PolicyPlayer:
    """A policy as a strategy: it chooses from its player's own turn in the view."""

    name = "policy"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if legal[-1] is THROW_BLIND:
            return legal[0]  # never opens a round blind (docs/bots.md)
        mine = view.my_turn
        assert mine is not None
        return self.policy(state_of(mine), tuple(legal))

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False


def simulate_turns(
    rules: Rules, limit: int, policy: str, turns: int, seed: int = 0
) -> dict[Result, int]:
    """Play ``turns`` turns with the engine itself and count their results.

    Each turn is the second player's turn of a fresh two-player game: the first player throws
    ``limit`` times (fixing the limit), then the second plays the policy from their own view.
    The game starts with an opening round (the opening procedure does not change a turn).
    """
    sim_rules = rules.with_overrides({"opening": "plain_round"})
    second = {1: _PolicyPlayer(policy_for(rules, limit, policy))}
    dice = RandomDice(seed)
    counts: dict[Result, int] = {}
    for _ in range(turns):
        game = Game(sim_rules, ("A", "B"), dice)
        for _ in range(limit):
            game.apply(THROWS[()])
        if limit < MAX_THROWS:
            game.apply(STOP)
        while game.round_count == 1 and (d := next_decision(game, second, NOTHING_ASKED)):
            apply_decision(game, d, d.decide(second[1]))
        ended = next(e for e in reversed(game.events) if isinstance(e, TurnEnded) and e.seat == 1)
        assert ended.result is not None
        counts[ended.result] = counts.get(ended.result, 0) + 1
    return counts


def plot_odds(rules: Rules, policy: str, path: str, lang: str = "en") -> None:
    """A bar chart (PNG) of the kinds of result for 1, 2 and 3 throws, its words in ``lang``.
    Needs the analysis extra."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    odds = [turn_odds(rules, n, policy) for n in (1, 2, 3)]
    kinds = kinds_of(rules)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.26
    for i, o in enumerate(odds):
        shares = [float(o.by_kind()[k]) for k in kinds]
        xs = [j + (i - 1) * width for j in range(len(kinds))]
        ax.bar(xs, shares, width, label=counted("odds_n_throws", o.limit, lang))
    ax.set_xticks(range(len(kinds)), [kind_name(k, lang) for k in kinds])
    ax.set_ylabel(t("odds_plot_y", lang))
    ax.set_title(t("odds_plot_title", lang, preset=rules.preset, policy=policy))
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
