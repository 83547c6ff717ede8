"""The pub regular: sensible thresholds, as a seasoned player at the Stammtisch plays.

It turns sixes whenever it may, keeps its ones, and throws the rest. The round's first player
stops on a Straße or better; everyone after stops as soon as they are not the worst of the results
they can see, and throws again while they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from schocken.actions import STOP, TURN_SIXES, Action, Throw
from schocken.results import ResultKind, ResultTable, result_table
from schocken.rules import Rules
from schocken.views import PlayerView

_OPENER_STOPS = frozenset(
    {ResultKind.SCHOCK_AUS, ResultKind.SCHOCK, ResultKind.GENERAL, ResultKind.STRASSE}
)


@cache
def _keep_ones(legal: tuple[Action, ...]) -> Action:
    """The legal throw that keeps the most ones and the fewest other dice."""
    throws = [a for a in legal if isinstance(a, Throw)]
    return max(throws, key=lambda a: (a.keep.count(1), -len(a.keep)))


_Plan = tuple[Sequence[Action], bool, bool, Action]
_PLANS: dict[int, _Plan] = {}


def _plan(legal: Sequence[Action]) -> _Plan:
    """For a set of legal actions: may it turn sixes, may it stop, which throw keeps the ones.

    Kept by the identity of ``legal`` (the engine hands out the same tuple for the same
    situation), checked on every look-up, and cleared when it grows large.
    """
    plan = _PLANS.get(id(legal))
    if plan is not None and plan[0] is legal:
        return plan
    actions = tuple(legal)
    plan = (legal, TURN_SIXES in actions, STOP in actions, _keep_ones(actions))
    if len(_PLANS) > 4096:
        _PLANS.clear()
    _PLANS[id(legal)] = plan
    return plan


class PubRegular:
    """Plays sensible thresholds; never buys back in."""

    name = "regular"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # plays deterministically
        self._rules: Rules | None = None
        self._table: ResultTable | None = None

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        _, can_turn, can_stop, keep_ones = _plan(legal)
        if can_turn:
            return TURN_SIXES
        if not can_stop:
            return keep_ones
        table = self._table
        if table is None or view.rules is not self._rules:
            self._rules = view.rules
            table = self._table = result_table(view.rules)
        turns = view.turns
        mine = turns[-1]
        assert mine.showing is not None
        result = table.result(mine.showing, one_throw=not mine.aside, throws=mine.throws)
        pos = len(turns) - 1
        if pos == 0 and view.limit is None:
            return STOP if result.kind in _OPENER_STOPS else keep_ones
        visible = [
            table.order_key(t.result, i) for i, t in enumerate(turns[:pos]) if t.result is not None
        ]
        if not visible:
            # Only covered results before it: stop on anything but a weak plain number.
            return STOP if result.rank >= 600 else keep_ones
        if table.order_key(result, pos) < min(visible):
            return keep_ones  # the worst so far: throw again
        return STOP

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False
