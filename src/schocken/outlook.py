"""A turn played for its own result alone (``schocken hint`` with nobody else in the round): what
each action makes of the result, played on for the best result: the chance of a Schock or
better, of a Schock-Aus, and the expected place (:func:`outlook`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from schocken.actions import STOP, TURN_SIXES, Action, Throw
from schocken.odds import places
from schocken.results import Dice, Result, ResultKind, result_table, roll_probabilities
from schocken.rules import Rules
from schocken.solver import _POW6, SCALE
from schocken.texts import action_name, t
from schocken.turn import TurnState

_SCHOCK_OR_BETTER = frozenset(
    (ResultKind.SCHOCK, ResultKind.JULE, ResultKind.NUTTE, ResultKind.ACHTER, ResultKind.SCHOCK_AUS)
)
"""The kinds an :class:`Outlook` counts as "Schock or better"."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """What one legal action makes of the player's own result, played on for the best result."""

    action: Action
    place: Fraction
    """The expected place of the final result in the rules' order, 0 the worst and 1 the best."""
    schock: Fraction
    """The probability of a Schock, a Jule or a Schock-Aus."""
    schock_aus: Fraction
    """The probability of a Schock-Aus."""


def outlook(rules: Rules, state: TurnState, limit: int) -> list[Outlook]:
    """Each legal action's :class:`Outlook`, played on by the ``optimal`` odds policy (the
    largest expected place, then the first action in the engine's order), best first.

    What a hint can say of a turn when nobody else in the round is known: alone, a player loses
    any round.
    """
    table = result_table(rules)
    place = places(table)
    top = max(place.values())

    @cache
    def value(s: TurnState) -> int:
        legal = s.actions(rules, limit)
        if not legal:
            return place[s.result(table)] * SCALE
        return max(action_value(s, a) for a in legal)

    @cache
    def action_value(s: TurnState, a: Action) -> int:
        if a is STOP:
            return place[s.result(table)] * SCALE
        if a is TURN_SIXES:
            return value(s.after_turn_sixes(rules))
        assert isinstance(a, Throw)
        n = 3 - len(a.keep)
        total = sum(c * value(nxt) for c, nxt in _throws(s, a.keep))
        return total // _POW6[n]

    @cache
    def dist(s: TurnState) -> tuple[tuple[Result, int], ...]:
        legal = s.actions(rules, limit)
        if not legal:
            return ((s.result(table), SCALE),)
        best = max(action_value(s, a) for a in legal)
        return action_dist(s, next(a for a in legal if action_value(s, a) == best))

    def action_dist(s: TurnState, a: Action) -> tuple[tuple[Result, int], ...]:
        if a is STOP:
            return ((s.result(table), SCALE),)
        if a is TURN_SIXES:
            return dist(s.after_turn_sixes(rules))
        assert isinstance(a, Throw)
        n = 3 - len(a.keep)
        out: dict[Result, int] = {}
        for c, nxt in _throws(s, a.keep):
            for r, m in dist(nxt):
                out[r] = out.get(r, 0) + c * m
        return tuple((r, m // _POW6[n]) for r, m in out.items())

    legal = state.actions(rules, limit)
    if not legal:
        raise ValueError("the turn is over: no action is left to choose")
    out = []
    for a in legal:
        d = action_dist(state, a)
        schock = sum(m for r, m in d if r.kind in _SCHOCK_OR_BETTER)
        aus = sum(m for r, m in d if r.kind is ResultKind.SCHOCK_AUS)
        out.append(
            Outlook(
                a,
                Fraction(action_value(state, a), SCALE * top),
                Fraction(schock, SCALE),
                Fraction(aus, SCALE),
            )
        )
    return sorted(out, key=lambda o: -o.place)


def _throws(state: TurnState, keep: Dice) -> list[tuple[int, TurnState]]:
    """Throwing all but ``keep``: each next state with its number of the 6**n throws."""
    n = 3 - len(keep)
    return [
        (int(p * 6**n), state.after_throw(keep, roll)) for roll, p in roll_probabilities(n).items()
    ]


def describe_outlook(o: Outlook, lang: str = "en") -> str:
    """One line for a hint without other players (chances in per cent, as players say them)."""
    return t(
        "hint_outlook_line",
        lang,
        action=action_name(o.action, lang),
        schock=_percent(o.schock, lang),
        schock_aus=_percent(o.schock_aus, lang),
        place=f"{float(o.place):.3f}",
    )


def _percent(p: Fraction, lang: str = "en") -> str:
    """A chance in per cent with two decimals; "certain" and "never" only when exactly so."""
    if p == 1:
        return t("hint_certain", lang)
    if p == 0:
        return t("hint_never", lang)
    return f"{float(p):.2%}"
