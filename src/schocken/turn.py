"""The mechanics of one turn, as pure functions: what may be kept, turning sixes, throwing.

The game (:mod:`schocken.game`) and the odds and solver (:mod:`schocken.odds`) both use these, so
a turn's rules are written once. A turn's state is a :class:`TurnState`: the dice set aside, the
dice of the last throw, the throws used, and what turning sixes left to do.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from schocken.actions import STOP, THROWS, TURN_SIXES, Action
from schocken.errors import (
    IllegalActionError,
    MustThrowError,
    PutBackError,
    ThrowLimitError,
    TurnSixesError,
)
from schocken.results import (
    DIE_RESULTS,
    Dice,
    Result,
    ResultTable,
    result_table,
    roll_probabilities,
)
from schocken.rules import Rules, SetAside, SixesRethrow, SixesTurn
from schocken.texts import refused

SORTED: dict[tuple[int, ...], Dice] = {
    pips: tuple(sorted(pips, reverse=True))
    for n in range(0, 4)
    for pips in itertools.product(range(1, 7), repeat=n)
}
"""Any one to three pips, to the multiset they make (a look-up instead of a sort per throw)."""


def one_throw(aside: Dice) -> bool:
    """Whether a turn whose dice out of the cup are ``aside`` shows a throw of all three dice (a
    result in one throw); :attr:`TurnView.one_throw <schocken.views.TurnView.one_throw>` for a
    view."""
    return not aside


def remove(big: Dice, small: Dice) -> Dice | None:
    """``big`` less the multiset ``small``, or ``None`` if ``small`` is not inside ``big``."""
    rest = list(big)
    for p in small:
        try:
            rest.remove(p)
        except ValueError:
            return None
    return tuple(rest)


def dice_text(dice: Sequence[int]) -> str:
    """Dice as players write them: ``6-4-1``."""
    return "-".join(str(p) for p in dice)


SETTABLE: dict[SetAside, frozenset[int]] = {
    SetAside.ANY: frozenset(range(1, 7)),
    SetAside.ONES: frozenset({1}),
    SetAside.ONES_AND_SIXES: frozenset({1, 6}),
}
"""The pips a die may show to be set aside, by the rules' ``set_aside``."""


def may_set_aside(keep: Dice, set_aside: SetAside) -> bool:
    """Whether every die of ``keep`` may be kept out of the cup under ``set_aside``."""
    allowed = SETTABLE[set_aside]
    return all(p in allowed for p in keep)


def may_turn_sixes(aside: Dice, thrown: Dice, sixes_turn: SixesTurn, first: bool = True) -> bool:
    """Whether the last throw's sixes may be turned (before the throw limit, checked apart):
    two or more of them, a throw of all three dice where the rules ask for one, and the turn's
    first throw (``first``) where the rules ask for that."""
    if sixes_turn is SixesTurn.NEVER or thrown.count(6) < 2:
        return False
    if sixes_turn is SixesTurn.FIRST_THROW:
        return first
    return sixes_turn is SixesTurn.ANY_THROW or not aside


@cache
def legal_keeps(
    aside: Dice,
    thrown: Dice,
    must_throw: Dice,
    turned_ones: int,
    put_back: bool,
    set_aside: SetAside = SetAside.ANY,
) -> frozenset[Dice]:
    """Every multiset a throw may keep out of the cup, given the dice showing.

    ``must_throw`` must go back into the cup and ``turned_ones`` ones (just turned from sixes)
    must stay out; without ``put_back`` every die set aside must stay out; ``set_aside`` names
    the pips a kept die may show.
    """
    free = remove(thrown, must_throw)
    assert free is not None
    pool = tuple(sorted(aside + free, reverse=True))
    keeps: set[Dice] = set()
    n = len(pool)
    candidates: list[Dice] = [()]
    candidates += [(pool[i],) for i in range(n)]
    candidates += [(pool[i], pool[j]) for i in range(n) for j in range(i + 1, n)]
    for keep in candidates:
        if not put_back and remove(keep, aside) is None:
            continue
        if keep.count(1) < turned_ones or not may_set_aside(keep, set_aside):
            continue
        keeps.add(keep)
    return frozenset(keeps)


@cache
def covered_results(rules: Rules, aside: Dice, throws: int) -> tuple[tuple[Result, Fraction], ...]:
    """What a covered cup holds, for those who see only its ``aside`` dice: those dice and a fair
    throw of the others, after ``throws`` throws.

    One entry for each multiset the thrown dice may show, with its exact probability (two entries
    may be the same result). The solver, the solver bot and the Finale all judge a covered cup by
    this.
    """
    table = result_table(rules)
    full = one_throw(aside)
    return tuple(
        (table.by_key[SORTED[aside + roll], full, throws], p)
        for roll, p in roll_probabilities(3 - len(aside)).items()
    )


Options = tuple[tuple[Action, ...], frozenset[Dice]]


@cache
def turn_options(
    aside: Dice,
    thrown: Dice,
    must_throw: Dice,
    turned: int,
    put_back: bool,
    set_aside: SetAside = SetAside.ANY,
    sixes_turn: SixesTurn = SixesTurn.ANY_THROW,
    first: bool = True,
) -> Options:
    """The legal actions after a throw, and the multisets a further throw may keep.

    ``turned`` is how many ones were just turned from sixes (0: none, the player may stop).
    ``put_back``, ``set_aside`` and ``sixes_turn`` are the rules' options of those names;
    ``first``: whether the last throw was the turn's first.
    """
    keep_set = legal_keeps(aside, thrown, must_throw, turned, put_back, set_aside)
    keeps = sorted(keep_set, key=lambda k: (len(k), k))
    actions: list[Action] = [THROWS[k] for k in keeps]
    if not turned:
        if may_turn_sixes(aside, thrown, sixes_turn, first):
            actions.append(TURN_SIXES)
        actions.append(STOP)
    return tuple(actions), keep_set


def turn_sixes(aside: Dice, thrown: Dice, rethrow: SixesRethrow) -> tuple[Dice, Dice, Dice, int]:
    """Turn the sixes of the last throw: two give one 1, three give two.

    Returns the new aside dice (with the ones), the rest of the throw, what must go back into the
    cup, and how many ones were turned. The caller checks that turning is allowed.
    """
    sixes = thrown.count(6)
    count = sixes - 1
    rest = remove(thrown, (6,) * count)
    assert rest is not None
    must = rest if rethrow is SixesRethrow.ALL_REMAINING else (6,) * (sixes - count)
    return SORTED[aside + (1,) * count], rest, must, count


class TurnState(NamedTuple):
    """A turn between actions: aside dice, the last throw's dice, throws used, turned sixes."""

    aside: Dice = ()
    thrown: Dice = ()
    throws: int = 0
    turned: int = 0
    must_throw: Dice = ()
    last_full: bool = True

    def actions(self, rules: Rules, limit: int) -> tuple[Action, ...]:
        """The legal actions in this state, with ``limit`` throws allowed (none once done)."""
        if self.throws >= limit:
            return ()
        if self.throws == 0:
            return (THROWS[()],)
        return self.options(rules)[0]

    def options(self, rules: Rules) -> Options:
        """:func:`turn_options` in this state (after a throw) under ``rules``."""
        return turn_options(
            self.aside,
            self.thrown,
            self.must_throw,
            self.turned,
            rules.put_back,
            rules.set_aside,
            rules.sixes_turn,
            self.throws == 1,
        )

    def after_throw(self, keep: Dice, pips: tuple[int, ...]) -> TurnState:
        """The state after throwing all dice but ``keep``; ``pips`` is what they showed."""
        return TurnState(keep, SORTED[pips], self.throws + 1, 0, (), one_throw(keep))

    def after_turn_sixes(self, rules: Rules) -> TurnState:
        """The state after turning the sixes of the last throw."""
        aside, rest, must, count = turn_sixes(self.aside, self.thrown, rules.sixes_rethrow)
        return TurnState(aside, rest, self.throws, count, must, False)

    def dice(self) -> Dice:
        return SORTED[self.aside + self.thrown]

    def throw_refusal(
        self, keep: object, limit: int, rules: Rules, name: str, *, one_die: bool = False
    ) -> IllegalActionError | None:
        """Why ``name`` may not throw keeping ``keep`` out of the cup now, with ``limit`` throws
        allowed (``one_die``: in the opening of one die each); ``None`` if the throw is legal."""
        if self.throws >= limit:
            return refused(
                ThrowLimitError, "refuse_limit", name=name, used=self.throws, limit=limit
            )
        if not isinstance(keep, tuple) or keep not in THROWS:
            return IllegalActionError(
                f"cannot keep {keep!r}: a throw keeps at most two dice, each showing 1 to 6 "
                "(highest first)"
            )
        if self.throws == 0:
            if keep and one_die:
                return refused(IllegalActionError, "refuse_one_die_keep", name=name)
            if keep:
                return refused(IllegalActionError, "refuse_first_throw_all", name=name)
            return None
        if keep not in self.options(rules)[1]:
            return self.refusal(keep, rules, name)
        return None

    def stop_refusal(self, name: str) -> IllegalActionError | None:
        """Why ``name`` may not stop now (``None``: he may)."""
        if self.throws == 0:
            return refused(IllegalActionError, "refuse_not_thrown", name=name)
        if self.turned:
            return refused(MustThrowError, "refuse_must_throw", name=name)
        return None

    def turn_sixes_refusal(self, limit: int, rules: Rules, name: str) -> IllegalActionError | None:
        """Why ``name`` may not turn sixes now, with ``limit`` throws allowed (``None``: he
        may)."""
        if self.throws == 0:
            return refused(TurnSixesError, "refuse_no_sixes_yet", name=name)
        if self.turned:
            return refused(TurnSixesError, "refuse_turned_already", name=name)
        if rules.sixes_turn is SixesTurn.NEVER:
            return refused(TurnSixesError, "refuse_never_turn", name=name)
        if self.thrown.count(6) < 2:
            return refused(
                TurnSixesError, "refuse_two_sixes", name=name, dice=dice_text(self.thrown)
            )
        if not may_turn_sixes(self.aside, self.thrown, rules.sixes_turn, self.throws == 1):
            if rules.sixes_turn is SixesTurn.FIRST_THROW:
                return refused(
                    TurnSixesError, "refuse_turn_first_throw", name=name, throws=self.throws
                )
            return refused(
                TurnSixesError, "refuse_turn_full_throw", name=name, aside=dice_text(self.aside)
            )
        if self.throws >= limit:  # not reached: a turn ends at its limit
            return refused(
                TurnSixesError, "refuse_turn_last", name=name, used=self.throws, limit=limit
            )
        return None

    def refusal(self, keep: Dice, rules: Rules, name: str) -> IllegalActionError:
        """Why ``name`` may not keep ``keep`` out of the cup for the next throw (a keep that is
        not among the legal ones), as the error to raise."""
        showing = self.dice()
        if remove(showing, keep) is None:
            return refused(
                IllegalActionError,
                "refuse_keep_showing",
                name=name,
                keep=dice_text(keep),
                dice=dice_text(showing),
            )
        if self.turned and keep.count(1) < self.turned:
            return refused(
                MustThrowError, "refuse_keep_turned", name=name, ones=dice_text((1,) * self.turned)
            )
        free = remove(self.thrown, self.must_throw)
        assert free is not None
        if self.must_throw and remove(SORTED[self.aside + free], keep) is None:
            return refused(
                MustThrowError, "refuse_keep_must_throw", name=name, dice=dice_text(self.must_throw)
            )
        if not may_set_aside(keep, rules.set_aside):
            return refused(
                IllegalActionError,
                f"refuse_set_aside_{rules.set_aside.value}",
                name=name,
                keep=dice_text(keep),
            )
        return refused(
            PutBackError,
            "refuse_put_back" if keep else "refuse_put_back_all",
            name=name,
            aside=dice_text(self.aside),
            keep=dice_text(keep),
        )

    def result(self, table: ResultTable) -> Result:
        """The result if the turn ends now (of one die: :data:`~schocken.results.DIE_RESULTS`)."""
        dice = SORTED[self.aside + self.thrown]
        if len(dice) == 1:
            return DIE_RESULTS[dice]
        return table.by_key[dice, self.last_full, self.throws]
