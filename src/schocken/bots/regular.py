"""The pub regular: sensible thresholds, as a seasoned player at the Stammtisch plays.

It turns sixes whenever it may, keeps its ones, and throws the rest. The round's first player
stops on a Straße or better; everyone after stops as soon as they are not the worst of the results
they can see, and throws again while they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from schocken.actions import STOP, THROW_BLIND, TURN_SIXES, Action, Stop, Throw, TurnSixes
from schocken.results import ResultKind, ResultTable, result_table
from schocken.rules import Rules
from schocken.views import PlayerView

WEAK = 600
"""Below this rank a plain number is weak (lower than 6-x-x): with only covered results before it,
the regular throws again on a weak plain number and stops on anything else."""


class PubRegular:
    """Plays sensible thresholds; never buys back in."""

    name = "regular"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # plays deterministically
        self._rules: Rules | None = None
        self._table: ResultTable | None = None
        """The result table of the rules it last played (a table is found by the rules' hash,
        which takes longer than a decision)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if legal[-1] is THROW_BLIND:
            return legal[0]  # never opens a round blind (docs/bots.md)
        # The engine lists a turn's legal actions as throws, then turning sixes, then stopping
        # (Game.legal_actions): it turns sixes whenever it may, and looks for the throw that keeps
        # its ones only when it throws.
        if not isinstance(legal[-1], Stop):
            return _keep_ones(legal)  # it may not stop (it just turned sixes)
        if len(legal) > 1 and isinstance(legal[-2], TurnSixes):
            return TURN_SIXES
        return STOP if self._stops(view) else _keep_ones(legal)

    def _stops(self, view: PlayerView) -> bool:
        """Whether the turn in progress is good enough to stop (see the module's docstring)."""
        table = self._table
        if table is None or view.rules is not self._rules:
            self._rules = view.rules
            table = self._table = result_table(view.rules)
        turns = view.turns
        place = len(turns) - 1
        mine = turns[place]
        assert mine.showing is not None
        result = table.by_key.get((mine.showing, mine.one_throw, mine.throws))
        if result is None:  # dice not sorted as the engine shows them
            result = table.result(mine.showing, one_throw=mine.one_throw, throws=mine.throws)
        if place == 0 and view.limit is None:
            # The round's first player stops on anything better than a plain number.
            return result.kind is not ResultKind.PLAIN
        lowest: int | None = None  # the order key of the worst result shown before it
        for i in range(place):
            shown = turns[i].result
            if shown is not None:
                key = table.order_key(shown, i)
                if lowest is None or key < lowest:
                    lowest = key
        if lowest is None:
            # Only covered results before it: stop on anything but a weak plain number.
            return result.rank >= WEAK
        return table.order_key(result, place) > lowest  # not the worst so far: stop

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False


def _keep_ones(legal: Sequence[Action]) -> Action:
    """The legal throw that keeps the most ones and the fewest other dice (the first such)."""
    best: Action | None = None
    most_ones = fewest = 0
    for action in legal:
        if isinstance(action, Throw):
            keep = action.keep
            ones = keep.count(1)
            if best is None or ones > most_ones or (ones == most_ones and len(keep) < fewest):
                best, most_ones, fewest = action, ones, len(keep)
    assert best is not None, "a turn's legal actions hold a throw until it may stop"
    return best
