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
from schocken.rules import MAX_THROWS, Rules, Tiebreak
from schocken.views import PlayerView, TurnView

_PLAIN = ResultKind.PLAIN
"""The round's first player stops on anything better than a plain number: Straße or better."""
_PLACES = 1024
"""More places than a round can have (the engine seats at most 20)."""


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


_Judged = tuple[TurnView, Rules, bool, bool, int]
_MINE: dict[int, _Judged] = {}
"""What a turn in progress is worth under a rule set, by the identity of its view (the engine
hands out the same view for the same turn): whether its result is a plain number, whether its rank
is at least 600, and its key for the round's order without the place. Checked on every look-up,
cleared when large."""


class PubRegular:
    """Plays sensible thresholds; never buys back in."""

    name = "regular"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # plays deterministically
        self._rules: Rules | None = None
        self._table: ResultTable | None = None
        self._more_throws_worse = False

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        plan = _PLANS.get(id(legal))
        if plan is None or plan[0] is not legal:
            plan = _plan(legal)
        _, can_turn, can_stop, keep_ones = plan
        if can_turn:
            return TURN_SIXES
        if not can_stop:
            return keep_ones
        rules = view.rules
        table = self._table
        if table is None or rules is not self._rules:
            self._rules = rules
            table = self._table = result_table(rules)
            self._more_throws_worse = rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER
        turns = view.turns
        mine = turns[-1]
        known = _MINE.get(id(mine))
        if known is None or known[0] is not mine or known[1] is not rules:
            known = self._judge(mine, rules, table)
        pos = len(turns) - 1
        if pos == 0 and view.limit is None:
            return keep_ones if known[2] else STOP
        # Keys that order results as table.order_key(result, place) does (rank, then fewer
        # throws where more are worse, then the earlier place), as plain integers.
        more_throws_worse = self._more_throws_worse
        lowest = None
        for i in range(pos):
            r = turns[i].result
            if r is not None:
                key = (
                    r.rank * 4 + (MAX_THROWS - r.throws if more_throws_worse else 0)
                ) * _PLACES - i
                if lowest is None or key < lowest:
                    lowest = key
        if lowest is None:
            # Only covered results before it: stop on anything but a weak plain number.
            return STOP if known[3] else keep_ones
        if known[4] - pos < lowest:
            return keep_ones  # the worst so far: throw again
        return STOP

    def _judge(self, mine: TurnView, rules: Rules, table: ResultTable) -> _Judged:
        """What the turn in progress ``mine`` is worth (see :data:`_MINE`)."""
        showing = mine.showing
        assert showing is not None
        one_throw = not mine.aside
        # The engine shows sorted dice: a look-up; anything else goes through result().
        result = table.by_key.get((showing, one_throw, mine.throws))
        if result is None:
            result = table.result(showing, one_throw=one_throw, throws=mine.throws)
        throws = MAX_THROWS - result.throws if self._more_throws_worse else 0
        known = (
            mine,
            rules,
            result.kind is _PLAIN,
            result.rank >= 600,
            (result.rank * 4 + throws) * _PLACES,
        )
        if len(_MINE) > 8192:
            _MINE.clear()
        _MINE[id(mine)] = known
        return known

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False
