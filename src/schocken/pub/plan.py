"""The made-up throws of an entered turn (:func:`plan_turn`): the fewest legal steps that end in
exactly the entered result, and the notes that mark each step of the record as entered or made up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from schocken.actions import STOP, THROW_BLIND, THROWS, TURN_SIXES, Action
from schocken.pub.entries import TurnEntry
from schocken.results import Dice, sort_dice
from schocken.rules import SetAside, SixesTurn
from schocken.turn import may_set_aside

MADE_UP_THROWS: tuple[Dice, Dice] = ((5, 3, 2), (6, 4, 2))
"""What a made-up throw of all three dice shows: the first of these that is not the entered
dice."""
MADE_UP_DICE = (2, 3)
"""What the die shows that a made-up throw throws beside the two dice kept for the last throw:
the first of these that is not the die the last throw shows."""
MADE_UP_SIXES: dict[int, Dice] = {1: (6, 6, 2), 2: (6, 6, 6)}
"""What the made-up throw shows whose sixes were turned: two sixes give one 1, three give two."""

NOTE_MADE_UP = "pub: made up (not entered)"
NOTE_TURNED = "pub: sixes turned, as entered"


# ---------------------------------------------------------------------- making up the throws


class PlannedStep(NamedTuple):
    """One step of a turn as pub mode plays it: the action, the pips its throw shows, a note."""

    action: Action
    pips: tuple[int, ...]
    note: str


def plan_turn(
    entry: TurnEntry,
    limit: int,
    set_aside: SetAside = SetAside.ANY,
    sixes_turn: SixesTurn = SixesTurn.ANY_THROW,
) -> list[PlannedStep]:
    """The steps that end a turn in exactly the entered result, with ``limit`` throws allowed,
    ``set_aside`` (the rules' option) naming the dice that may be kept out of the cup and
    ``sixes_turn`` (the rules' option) when sixes may be turned.

    Only the last throw is entered; the throws before it are made up, the fewest there can be:

    - in one throw (``hand``): every throw before the last throws all three dice and shows
      :data:`MADE_UP_THROWS` (5-3-2, or 6-4-2 if the entered dice are 5-3-2); the last shows the
      entered dice;
    - with turned sixes: the throw before the last shows :data:`MADE_UP_SIXES` (6-6-2 for one
      turned six, 6-6-6 for two), the sixes are turned, and the last throw keeps the turned ones
      and shows the other entered dice; a throw before those shows 5-3-2 (or 6-4-2) as above,
      but where sixes turn only after the first throw (``first_throw``) the sixes throw is the
      first and a throw between it and the last keeps the turned ones and shows the other dice
      as made up below;
    - otherwise (assembled): the throw before the last shows two of the entered dice that may be
      set aside (its ones first, then the highest; only one where only one may be) and for each
      other die one of :data:`MADE_UP_DICE` (2, or 3 if the entered die it stands for is a 2);
      the last throw keeps those and shows the others; a throw before those shows 5-3-2
      (or 6-4-2) as above.

    A turn that used fewer throws than ``limit`` ends with a stop. The entry is taken as it is:
    :class:`PubGame` checks it first, and the engine checks every step.

    >>> [str(s.action) for s in plan_turn(TurnEntry((4, 1, 1), 2), 3)]
    ['throw', 'throw keep 1-1', 'stop']
    """
    dice, throws = entry.dice, entry.throws
    final = f"pub: entered {entry}"
    if entry.blind:  # one throw, nobody looks: the round's limit is 1
        return [PlannedStep(THROW_BLIND, dice, final)]
    steps: list[PlannedStep] = []
    before = 1 if entry.one_throw else 2  # the throws that make the entered dice
    sixes_first = entry.turned and sixes_turn is SixesTurn.FIRST_THROW
    made_up = next(m for m in MADE_UP_THROWS if m != sort_dice(dice))
    if not sixes_first:
        steps += [PlannedStep(THROWS[()], made_up, NOTE_MADE_UP)] * (throws - before)
    if entry.one_throw:
        steps.append(PlannedStep(THROWS[()], dice, final))
    elif entry.turned:
        ones = (1,) * entry.turned
        last = _without(dice, ones)
        steps.append(PlannedStep(THROWS[()], MADE_UP_SIXES[entry.turned], NOTE_MADE_UP))
        steps.append(PlannedStep(TURN_SIXES, (), NOTE_TURNED))
        if sixes_first:
            middle = tuple(next(p for p in MADE_UP_DICE if p != q) for q in last)
            steps += [PlannedStep(THROWS[ones], middle, NOTE_MADE_UP)] * (throws - before)
        steps.append(PlannedStep(THROWS[ones], last, final))
    else:
        settable = [p for p in dice if may_set_aside((p,), set_aside)]
        kept = tuple(sorted(settable, key=lambda p: (p != 1, -p))[:2])
        last = _without(dice, kept)
        made_up = tuple(next(p for p in MADE_UP_DICE if p != q) for q in last)
        steps.append(PlannedStep(THROWS[()], (*kept, *made_up), NOTE_MADE_UP))
        steps.append(PlannedStep(THROWS[sort_dice(kept)], last, final))
    if throws < limit:
        steps.append(PlannedStep(STOP, (), ""))
    return steps


def _without(dice: Sequence[int], some: Sequence[int]) -> tuple[int, ...]:
    """``dice`` (in their order) less the multiset ``some``."""
    rest = list(dice)
    for p in some:
        rest.remove(p)
    return tuple(rest)
