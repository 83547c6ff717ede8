"""Results: what the final dice of a turn are worth, and which of two results is better.

Dice are handled as multisets: a sorted tuple, highest pip first. Three dice have 56 such
outcomes. A result knows its kind, its Deckel value and a rank. The order of a round's results
(rank, then the tie rule) is written here only: :meth:`ResultTable.order_key` turns a result and
its place in the round into an integer whose maximum is the round's best and whose minimum is the
round's worst, honouring every option of the rules; :func:`best_and_worst` finds them, and
:func:`tie_decided` says which tie rule made the worst the worst.

>>> from schocken.rules import find_preset
>>> table = result_table(find_preset("allgemein"))
>>> table.result((4, 5, 6), one_throw=True, throws=1).name
'Straße 6-5-4'
>>> table.result((4, 5, 6), one_throw=False, throws=2).name
'654'
>>> table.result((1, 1, 4), one_throw=False, throws=2).deckel
4
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from schocken.rules import (
    MAX_THROWS,
    JuleRank,
    NutteRank,
    PlainRank,
    Rules,
    SchockAus,
    Strassen,
    StrasseRank,
    Tiebreak,
)

Dice = tuple[int, ...]
"""A multiset of pips, sorted highest first."""

PIPS = (1, 2, 3, 4, 5, 6)


def sort_dice(pips: Iterable[int]) -> Dice:
    """Pips as a multiset: sorted highest first."""
    return tuple(sorted(pips, reverse=True))


def all_rolls(n: int) -> tuple[Dice, ...]:
    """Every multiset of ``n`` dice, highest first (56 for three dice)."""
    return tuple(
        sorted(
            (sort_dice(c) for c in itertools.combinations_with_replacement(PIPS, n)), reverse=True
        )
    )


def roll_probabilities(n: int) -> dict[Dice, Fraction]:
    """The exact probability of each multiset outcome of throwing ``n`` dice (a fresh dict)."""
    return dict(_roll_probabilities(n))


@cache
def _roll_probabilities(n: int) -> dict[Dice, Fraction]:
    counts: dict[Dice, int] = {}
    for pips in itertools.product(PIPS, repeat=n):
        key = sort_dice(pips)
        counts[key] = counts.get(key, 0) + 1
    total = 6**n
    return {k: Fraction(v, total) for k, v in sorted(counts.items(), reverse=True)}


ROLLS3 = all_rolls(3)
"""The 56 multisets of three dice."""


class ResultKind(StrEnum):
    """The kinds of result, best first."""

    SCHOCK_AUS = "schock_aus"
    NUTTE = "nutte"
    """2-2-1, where the rules have a Nutte (it ranks by ``nutte_rank``)."""
    JULE = "jule"
    """4-2-1, where the rules have a Jule (it ranks by ``jule_rank``)."""
    ACHTER = "achter"
    """3-3-1, where the rules have an Achter (it ranks by its worth)."""
    SCHOCK = "schock"
    GENERAL = "general"
    STRASSE = "strasse"
    PLAIN = "plain"


@dataclass(frozen=True, slots=True)
class Result:
    """The final dice of a turn, judged under one rule set.

    ``one_throw`` is true when all three dice showed in the player's last throw (none set aside,
    no turned six among them); ``throws`` is how many throws the player used. ``deckel`` is the
    number of Deckel the result is worth, ``None`` for a Schock-Aus that takes the whole half
    (``schock_aus`` "half" or "game"; with "worth" it is worth ``schock_aus_deckel``).
    ``rank`` orders the results (higher is better); equal ranks are equal results, which the tie
    rule decides.
    """

    dice: Dice
    one_throw: bool
    throws: int
    kind: ResultKind
    rank: int
    deckel: int | None

    @property
    def is_schock_aus(self) -> bool:
        """Whether this is a Schock-Aus (1-1-1): it ends the half where ``deckel`` is ``None``."""
        return self.kind is ResultKind.SCHOCK_AUS

    @property
    def is_hand_aus(self) -> bool:
        """Whether this is a Schock-Aus thrown with all three dice in one throw."""
        return self.kind is ResultKind.SCHOCK_AUS and self.one_throw

    @property
    def beats_assembled_aus(self) -> bool:
        """Whether this Hand-Aus outranks an assembled Schock-Aus under its rules."""
        return self.kind is ResultKind.SCHOCK_AUS and self.rank > _SCHOCK_AUS_RANK

    @property
    def name(self) -> str:
        """A short German name: "Schock-Aus", "Nutte", "Jule", "Schock 4", "General 5",
        "Straße 6-5-4", "652".

        A Schock-Aus in one throw is named "Hand-Aus" where the rules rank it apart. A single
        die (:data:`DIE_RESULTS`) is named by its pips: "5".
        """
        if len(self.dice) == 1:
            return str(self.dice[0])
        a, b, c = self.dice
        if self.kind is ResultKind.SCHOCK_AUS:
            return "Hand-Aus" if self.beats_assembled_aus else "Schock-Aus"
        if self.kind is ResultKind.JULE:
            return "Jule"
        if self.kind is ResultKind.NUTTE:
            return "Nutte"
        if self.kind is ResultKind.ACHTER:
            return "Achter"
        if self.kind is ResultKind.SCHOCK:
            return f"Schock {a}"
        if self.kind is ResultKind.GENERAL:
            return f"General {a}"
        if self.kind is ResultKind.STRASSE:
            return f"Straße {a}-{b}-{c}"
        return f"{a}{b}{c}"

    def __str__(self) -> str:
        return self.name


_SCHOCK_AUS_RANK = 40_000

DIE_RESULTS: dict[Dice, Result] = {
    (p,): Result((p,), True, 1, ResultKind.PLAIN, p, 0) for p in range(1, 7)
}
"""The result of one die (the opening of one die each, ``opening`` high_die or low_die): its pips
are its rank, worth no Deckel. Apart from :attr:`ResultTable.by_key`, which holds three dice."""


_JULE = (4, 2, 1)
_OUTER_STRASSEN = (3, 6)
"""The top dice of the Straßen 1-2-3 and 4-5-6 (``strassen = "outer"``)."""


_NUTTE = (2, 2, 1)
_ACHTER = (3, 3, 1)
_TOP_RANKS = {ResultKind.NUTTE: 39_000, ResultKind.JULE: 38_000}
"""Where a special ranked "top" ranks: right below Schock-Aus, a Nutte above a Jule (tsw), both
above every special ranked by its worth."""


def _special_rank(kind: ResultKind, top: bool, worth: int) -> int:
    """The rank of a special result (a Jule, a Nutte or an Achter): right below Schock-Aus
    (``top``), or by its worth: worth 7 or more above Schock 6 (a higher worth above a lower),
    else just below the Schock of its worth (Schock 2 for a worth of 1)."""
    if top:
        return _TOP_RANKS[kind]
    if worth >= 7:
        return 30_061 + worth - 7
    return 30_000 + 10 * max(2, worth) - 1


def _is_strasse(rules: Rules, dice: Dice) -> bool:
    """Whether three dice are a run that the rules count as a Straße (``strassen``)."""
    a, b, c = dice
    return a == b + 1 == c + 2 and (rules.strassen is Strassen.ALL or a in _OUTER_STRASSEN)


def _classify(rules: Rules, dice: Dice, one_throw: bool) -> tuple[ResultKind, int, int | None]:
    """Kind, rank and Deckel value of three dice. The one place where results are judged."""
    a, b, c = dice
    if a == b == c == 1:
        hand = rules.hand_aus_beats and one_throw
        worth = rules.schock_aus_deckel if rules.schock_aus is SchockAus.WORTH else None
        return ResultKind.SCHOCK_AUS, _SCHOCK_AUS_RANK + (1 if hand else 0), worth
    if b == c == 1:
        return ResultKind.SCHOCK, 30_000 + 10 * a, a
    if dice == _NUTTE and rules.nutte and (one_throw or not rules.nutte_one_throw):
        rank = _special_rank(
            ResultKind.NUTTE, rules.nutte_rank is NutteRank.TOP, rules.nutte_deckel
        )
        return ResultKind.NUTTE, rank, rules.nutte_deckel
    if dice == _JULE and rules.jule and (one_throw or not rules.jule_one_throw):
        top = rules.jule_rank is JuleRank.TOP
        rank = _special_rank(ResultKind.JULE, top, rules.jule_deckel)
        return ResultKind.JULE, rank, rules.jule_deckel
    if dice == _ACHTER and rules.achter:
        rank = _special_rank(ResultKind.ACHTER, False, rules.achter_deckel)
        return ResultKind.ACHTER, rank, rules.achter_deckel
    if a == b == c and rules.general and (one_throw or not rules.general_one_throw):
        if rules.general_beats_schock_2:
            return ResultKind.GENERAL, 30_020 + a, 3
        return ResultKind.GENERAL, 20_000 + a, 3
    if _is_strasse(rules, dice) and (one_throw or not rules.strasse_one_throw):
        equal = rules.strasse_rank is StrasseRank.EQUAL
        return ResultKind.STRASSE, 10_000 + (0 if equal else a), 2
    if rules.plain_rank is PlainRank.PIP_SUM:
        return ResultKind.PLAIN, a + b + c, 1
    return ResultKind.PLAIN, 100 * a + 10 * b + c, 1


MAX_PLACES = 64
"""More places than a round can have (the engine seats at most 20): the place's share of an order
key."""


class ResultTable:
    """Every result under one rule set, computed once: ``result(dice, one_throw, throws)``."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.by_key: dict[tuple[Dice, bool, int], Result] = {}
        """Every result by (dice, one_throw, throws)."""
        for dice in ROLLS3:
            for one_throw in (True, False):
                kind, rank, deckel = _classify(rules, dice, one_throw)
                for throws in range(1, MAX_THROWS + 1):
                    self.by_key[dice, one_throw, throws] = Result(
                        dice, one_throw, throws, kind, rank, deckel
                    )
        self._more_throws_worse = rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER
        self._one_throw_better = rules.tiebreak is Tiebreak.ONE_THROW_THEN_LATER

    def result(self, dice: Sequence[int], *, one_throw: bool, throws: int) -> Result:
        """The result of these three final dice (in any order) after ``throws`` throws."""
        try:
            return self.by_key[tuple(sorted(dice, reverse=True)), bool(one_throw), throws]
        except KeyError:
            raise ValueError(
                f"no result for dice {tuple(dice)!r} after {throws!r} throws: "
                f"three dice of 1 to 6 pips, 1 to {MAX_THROWS} throws"
            ) from None

    def order_code(self, result: Result) -> int:
        """A result's place in the order of results, apart from who threw it: its rank, then
        (where more throws are worse) fewer throws, or (where one throw is better) all three dice
        in one throw. Equal codes tie: the later thrower is worse.
        """
        if self._more_throws_worse:
            return result.rank * 4 + MAX_THROWS - result.throws
        if self._one_throw_better:
            return result.rank * 4 + (1 if result.one_throw else 0)
        return result.rank * 4

    def order_key(self, result: Result, position: int) -> int:
        """An integer whose maximum is the round's best: rank, then the tie rule.

        ``position`` is the place in the round's order of play (0 for its first player, less than
        :data:`MAX_PLACES`). Keys of different places never tie.
        """
        return self.order_code(result) * MAX_PLACES - position


@cache
def result_table(rules: Rules) -> ResultTable:
    """The (cached) result table of a rule set."""
    return ResultTable(rules)


def best_and_worst(table: ResultTable, results: Sequence[Result]) -> tuple[int, int]:
    """Indices (places in the round) of the best and the worst of a round's results, in its order
    of play."""
    keys = [table.order_key(result, place) for place, result in enumerate(results)]
    return keys.index(max(keys)), keys.index(min(keys))


def ranking(table: ResultTable, results: Sequence[Result]) -> list[int]:
    """Places (in the round's order of play) of a round's results, the best first."""
    keys = [table.order_key(result, place) for place, result in enumerate(results)]
    return sorted(range(len(keys)), key=keys.__getitem__, reverse=True)


def worst_tied(table: ResultTable, results: Sequence[Result]) -> tuple[int, ...]:
    """Places (in the round's order of play) of those tied for the worst of a round's results by
    the result table alone (equal order codes, before the later thrower loses); ``()`` when one
    result is the worst on its own. The tiebreaks ``throw_off`` and ``no_deckel`` act on it."""
    codes = [table.order_code(result) for result in results]
    lowest = min(codes)
    tied = tuple(place for place, code in enumerate(codes) if code == lowest)
    return tied if len(tied) > 1 else ()


class TieRule(StrEnum):
    """What decided between two results of equal rank."""

    MORE_THROWS = "more_throws"
    """The worse used more throws (where the rules count throws)."""
    ASSEMBLED = "assembled"
    """The worse was assembled, the other thrown in one throw (where the rules prefer that)."""
    LATER = "later"
    """The worse was thrown later in the round (with as many throws, where throws count)."""


class Tie(NamedTuple):
    """The tie that made a round's worst result the worst: the place it tied with, and why."""

    other: int
    rule: TieRule


def tie_decided(table: ResultTable, results: Sequence[Result], worst: int) -> Tie | None:
    """Which tie rule made the result at place ``worst`` the worst of a round's ``results`` (in
    its order of play): against the first other place whose result has the same rank. ``None``
    when no other result has its rank (the rank alone decided).
    """
    mine = results[worst]
    for i, r in enumerate(results):
        if i == worst or r.rank != mine.rank:
            continue
        if table.rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER and r.throws != mine.throws:
            return Tie(i, TieRule.MORE_THROWS)
        if table.rules.tiebreak is Tiebreak.ONE_THROW_THEN_LATER and r.one_throw != mine.one_throw:
            return Tie(i, TieRule.ASSEMBLED)
        return Tie(i, TieRule.LATER) if i < worst else None
    return None
