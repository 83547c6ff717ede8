"""The pub regular: sensible thresholds, as a seasoned player at the Stammtisch plays.

It turns sixes whenever it may, keeps its ones, and throws the rest. The round's first player
stops on a Straße or better; everyone after stops as soon as they are not the worst of the results
they can see, and throws again while they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from schocken.actions import STOP, TURN_SIXES, Action, Throw
from schocken.results import ResultKind, result_table
from schocken.views import PlayerView

_OPENER_STOPS = frozenset(
    {ResultKind.SCHOCK_AUS, ResultKind.SCHOCK, ResultKind.GENERAL, ResultKind.STRASSE}
)


@cache
def _keep_ones(legal: tuple[Action, ...]) -> Action:
    """The legal throw that keeps the most ones and the fewest other dice."""
    throws = [a for a in legal if isinstance(a, Throw)]
    return max(throws, key=lambda a: (a.keep.count(1), -len(a.keep)))


class PubRegular:
    """Plays sensible thresholds; never buys back in."""

    name = "regular"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # plays deterministically

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        legal = tuple(legal)
        if TURN_SIXES in legal:
            return TURN_SIXES
        if STOP not in legal:
            return _keep_ones(legal)
        turns = view.turns
        mine = turns[-1]
        assert mine.showing is not None
        table = result_table(view.rules)
        result = table.result(mine.showing, one_throw=not mine.aside, throws=mine.throws)
        pos = len(turns) - 1
        if pos == 0 and view.limit is None:
            return STOP if result.kind in _OPENER_STOPS else _keep_ones(legal)
        visible = [
            table.order_key(t.result, i) for i, t in enumerate(turns[:pos]) if t.result is not None
        ]
        if not visible:
            # Only covered results before it (or none): stop on anything but a weak plain number.
            return STOP if result.rank >= 600 else _keep_ones(legal)
        if table.order_key(result, pos) < min(visible):
            return _keep_ones(legal)  # the worst so far: throw again
        return STOP

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False
