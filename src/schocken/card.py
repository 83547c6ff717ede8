"""The strategy card: a way to play simple enough to remember at the pub, and how much it costs.

A card is one member of a small family of threshold rules (:class:`Card`): where the round's first
player stops after one throw and after two, when a later player stops, whether to turn sixes, and
which dice to keep. :class:`CardBot` plays a card. ``bench/card.py`` searched the family by
simulation, a card bot against three pub regulars, and :data:`CARDS` keeps the card it chose for
each preset with the figures it measured; ``schocken card PRESET`` prints them in German and
English (:mod:`schocken.card_words`: :func:`~schocken.card_words.card_text`,
:func:`~schocken.card_words.cost_text`).

>>> from schocken.card_words import card_text
>>> from schocken.rules import find_preset
>>> print(card_text(REGULAR_CARD, "en")[0])
Opener: stop on a Straße or better; otherwise throw again, up to three times.
>>> CARDS["tsv99"].card.first in LADDER
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from schocken.actions import STOP, THROW_BLIND, THROWS, TURN_SIXES, Action, Stop, Throw, TurnSixes
from schocken.errors import RefusalError
from schocken.intervals import Z95, wilson
from schocken.results import Result, ResultKind, ResultTable, result_table, sort_dice
from schocken.rules import Rules
from schocken.texts import refused
from schocken.views import PlayerView


class Level(StrEnum):
    """A rung of the ladder of results a card's thresholds are taken from, worst first."""

    ANY = "any"
    """Anything at all."""
    FIVE = "5xx"
    """A plain number of 5-x-x (500) or better."""
    SIX = "6xx"
    """A plain number of 6-x-x (600) or better."""
    SIX_FIVE = "65x"
    """6-5-x (650) or better."""
    SIX_SIX = "66x"
    """6-6-x (660) or better."""
    STRASSE = "strasse"
    """A Straße or better (anything but a plain number)."""
    GENERAL = "general"
    """A General or better."""
    SCHOCK = "schock"
    """A Schock or better."""
    SCHOCK_AUS = "schock_aus"
    """Only a Schock-Aus: otherwise throw to the limit."""


LADDER: tuple[Level, ...] = tuple(Level)
"""The levels, worst first."""

_PLAIN_FLOORS = {
    Level.ANY: 0,
    Level.FIVE: 500,
    Level.SIX: 600,
    Level.SIX_FIVE: 650,
    Level.SIX_SIX: 660,
}
_KIND_OF_LEVEL = {
    Level.STRASSE: ResultKind.STRASSE,
    Level.GENERAL: ResultKind.GENERAL,
    Level.SCHOCK: ResultKind.SCHOCK,
    Level.SCHOCK_AUS: ResultKind.SCHOCK_AUS,
}


def level_floors(table: ResultTable) -> dict[Level, int]:
    """The least rank that reaches each level under the table's rules.

    A kind the rules do not have (no General, say) takes the floor of the next level up.
    """
    floors: dict[Level, int] = dict(_PLAIN_FLOORS)
    above = max(r.rank for r in table.by_key.values())
    for level in reversed(LADDER[len(_PLAIN_FLOORS) :]):
        ranks = [r.rank for r in table.by_key.values() if r.kind is _KIND_OF_LEVEL[level]]
        above = min(ranks) if ranks else above
        floors[level] = above
    return floors


class Sixes(StrEnum):
    """When the card turns two or three sixes into ones (where the rules allow it)."""

    ALWAYS = "always"
    """Whenever it may, before asking whether to stop (the pub regular's habit)."""
    UNLESS_STOPPING = "unless_stopping"
    """Only when the dice are not good enough to stop on."""
    NEVER = "never"


class Keep(StrEnum):
    """Which dice the card keeps out of the cup when it throws again."""

    ONES = "ones"
    """Its ones (the pub regular's habit); everything else goes back into the cup."""
    ONES_ELSE_SIXES = "ones_else_sixes"
    """Its ones; with no one showing, its sixes."""
    CHASE = "chase"
    """Its ones; but behind a plain number (the worst result shown before it is one), its sixes
    and never a one."""


@dataclass(frozen=True, slots=True)
class Card:
    """A rule to remember: thresholds from :data:`LADDER` and two habits.

    The round's first player stops after throw 1 on ``first`` or better and after throw 2 on
    ``second`` or better. A later player stops as soon as their result is not the worst of the
    results shown before them and is ``later`` or better (the round's last player: as soon as it
    is not the worst); with no result shown before them (covered cups only), on ``covered`` or
    better. A player on the round's last allowed throw stops, as everyone must.
    """

    first: Level
    second: Level
    later: Level = Level.ANY
    covered: Level = Level.SIX
    sixes: Sixes = Sixes.ALWAYS
    keep: Keep = Keep.ONES
    press: Level = Level.ANY
    """A later player who is safe (not the worst shown) and below ``press`` throws on for a
    better result, keeping 1-1 (at least a Schock) or a 6 (at least 6-2-1) where that keeps it
    safe whatever it throws; ``ANY``: never."""

    def __post_init__(self) -> None:
        for name, kind in (
            ("first", Level),
            ("second", Level),
            ("later", Level),
            ("covered", Level),
            ("sixes", Sixes),
            ("keep", Keep),
            ("press", Level),
        ):
            value = getattr(self, name)
            if not isinstance(value, kind):
                try:
                    object.__setattr__(self, name, kind(value))
                except ValueError:
                    values = ", ".join(k.value for k in kind)
                    raise refused(
                        RefusalError, "card_refuse_part", name=name, values=values, value=value
                    ) from None

    @property
    def code(self) -> str:
        """A short text form: ``first/second/later/covered/sixes/keep[/press]`` (``press`` only
        when it is not ``any``)."""
        parts = [self.first, self.second, self.later, self.covered, self.sixes, self.keep]
        if self.press is not Level.ANY:
            parts.append(self.press)
        return "/".join(parts)

    @classmethod
    def from_code(cls, code: str) -> Card:
        """A card from its :attr:`code`; a malformed code is refused, saying why."""
        parts = code.split("/")
        if len(parts) not in (6, 7):
            raise refused(RefusalError, "card_refuse_code", code=code)
        return cls(*parts)  # type: ignore[arg-type]  # checked in __post_init__


REGULAR_CARD = Card(Level.STRASSE, Level.STRASSE, Level.ANY, Level.SIX, Sixes.ALWAYS, Keep.ONES)
"""The pub regular's way of playing (:class:`schocken.bots.regular.PubRegular`) as a card: the
search starts from it, and a test holds the two to the same games."""


@cache
def _floors(rules: Rules) -> dict[Level, int]:
    return level_floors(result_table(rules))


class CardBot:
    """Plays a card; never buys back in.

    Without a card it plays the card of the game's preset from :data:`CARDS` (the tsv99 card for
    rules that start from no preset).
    """

    name = "card"

    def __init__(self, card: Card | None = None, seed: int | None = None) -> None:
        del seed  # plays deterministically
        self.card = card
        self._rules: Rules | None = None
        self._table: ResultTable | None = None
        self._floors: dict[Level, int] = {}
        self._playing: Card = card if card is not None else REGULAR_CARD

    def _prepare(self, rules: Rules) -> None:
        if rules is self._rules:
            return
        self._rules = rules
        self._table = result_table(rules)
        self._floors = _floors(rules)
        if self.card is None:
            self._playing = card_for(rules).card

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if legal[-1] is THROW_BLIND:
            return legal[0]  # never opens a round blind (docs/bots.md)
        # The engine lists the throws first, then turning sixes, then stopping.
        self._prepare(view.rules)
        card = self._playing
        if not isinstance(legal[-1], Stop):
            return self._throw(view, legal, card)  # it may not stop (it just turned sixes)
        can_turn = len(legal) > 1 and isinstance(legal[-2], TurnSixes)
        if can_turn and card.sixes is Sixes.ALWAYS:
            return TURN_SIXES
        if self._stops(view, card):
            if card.press is not Level.ANY:
                pressed = self._press(view, legal, card)
                if pressed is not None:
                    return pressed
            return STOP
        if can_turn and card.sixes is Sixes.UNLESS_STOPPING:
            return TURN_SIXES
        return self._throw(view, legal, card)

    def _throw(self, view: PlayerView, legal: Sequence[Action], card: Card) -> Action:
        keep = card.keep
        if keep is Keep.CHASE:
            worst = self._worst_shown(view)[1]
            keep = Keep.ONES if worst is None or worst.kind is not ResultKind.PLAIN else Keep.CHASE
        return _keep(legal, keep)

    def _press(self, view: PlayerView, legal: Sequence[Action], card: Card) -> Action | None:
        """The throw a safe later player below ``card.press`` makes to play on (keeping 1-1, else
        a 6, where every outcome keeps it above the worst shown), or ``None``: stop."""
        table = self._table
        assert table is not None
        turns = view.turns
        place = len(turns) - 1
        mine = turns[place]
        if place == 0 or mine.showing is None:
            return None
        lowest = self._worst_shown(view)[0]
        result = _result(table, mine.showing, mine.one_throw, mine.throws)
        if lowest is None or result.rank >= self._floors[card.press]:
            return None
        for keep in ((1, 1), (6,)):
            throw = THROWS[keep]
            if throw in legal and _always_above(table, keep, mine.throws + 1, place, lowest):
                return throw
        return None

    def _worst_shown(self, view: PlayerView) -> tuple[int | None, Result | None]:
        """The order key and the result of the worst result shown before the turn in progress
        (``None, None`` if none is shown)."""
        table = self._table
        assert table is not None
        turns = view.turns
        lowest: int | None = None
        worst: Result | None = None
        for i in range(len(turns) - 1):
            shown = turns[i].result
            if shown is not None:
                key = table.order_key(shown, i)
                if lowest is None or key < lowest:
                    lowest, worst = key, shown
        return lowest, worst

    def _stops(self, view: PlayerView, card: Card) -> bool:
        """Whether the turn in progress is good enough to stop on, by the card."""
        table = self._table
        assert table is not None
        floors = self._floors
        turns = view.turns
        place = len(turns) - 1
        mine = turns[place]
        assert mine.showing is not None
        result = _result(table, mine.showing, mine.one_throw, mine.throws)
        if place == 0 and view.limit is None:
            level = card.first if mine.throws == 1 else card.second
            return result.rank >= floors[level]
        lowest = self._worst_shown(view)[0]
        if lowest is None:
            return result.rank >= floors[card.covered]
        if table.order_key(result, place) < lowest:
            return False  # the worst so far: throw again
        return len(turns) >= len(view.order) or result.rank >= floors[card.later]

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False


def _result(table: ResultTable, showing: tuple[int, ...], one_throw: bool, throws: int) -> Result:
    result = table.by_key.get((showing, one_throw, throws))
    if result is None:  # dice not sorted as the engine shows them
        result = table.result(showing, one_throw=one_throw, throws=throws)
    return result


@cache
def _lowest_key(table: ResultTable, keep: tuple[int, ...], throws: int, place: int) -> int:
    """The least order key a turn can end with after keeping ``keep`` and throwing the rest once
    more (its ``throws``-th throw)."""
    return min(
        table.order_key(
            _result(table, sort_dice((*keep, *rolled)), False, throws),
            place,
        )
        for rolled in itertools.product(range(1, 7), repeat=3 - len(keep))
    )


def _always_above(
    table: ResultTable, keep: tuple[int, ...], throws: int, place: int, lowest: int
) -> bool:
    return _lowest_key(table, keep, throws, place) > lowest


def _keep(legal: Sequence[Action], keep: Keep) -> Action:
    """The legal throw that keeps the most ones (with none to keep and ``ONES_ELSE_SIXES``, the
    most sixes), and the fewest other dice (the first such). ``CHASE`` here means chasing: the
    most sixes, the fewest ones, and the fewest other dice."""
    throws = [a for a in legal if isinstance(a, Throw)]
    assert throws, "a turn's legal actions hold a throw until it may stop"
    if keep is Keep.CHASE:
        return max(throws, key=lambda a: (a.keep.count(6), -a.keep.count(1), -len(a.keep)))
    sixes = keep is Keep.ONES_ELSE_SIXES and max(a.keep.count(1) for a in throws) == 0
    return max(
        throws,
        key=lambda a: (a.keep.count(1), a.keep.count(6) if sixes else 0, -len(a.keep)),
    )


# -- The chosen cards ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Measured:
    """A card's measured cost: ``games`` games of the card bot and three pub regulars, the
    line-up moving one seat on after every game (``schocken simulate --rotate``), and the solver
    bot's figure from the same command with ``solver`` in place of ``card``."""

    games: int
    seed: int
    lost: int
    """Games the card bot lost."""
    regulars_lost: int
    """Games the three pub regulars lost, together."""
    solver_games: int
    solver_lost: int
    solver_source: str
    """Where the solver bot's figure comes from."""

    @property
    def share(self) -> float:
        return self.lost / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.lost, self.games)

    @property
    def regular_share(self) -> float:
        """A pub regular's share of lost games at the card bot's table."""
        return self.regulars_lost / (3 * self.games)

    @property
    def solver_share(self) -> float:
        return self.solver_lost / self.solver_games

    @property
    def cost(self) -> float:
        """How many more games (as a share) the card loses than the solver bot."""
        return self.share - self.solver_share

    @property
    def cost_ci95(self) -> tuple[float, float]:
        """A 95% interval of :attr:`cost` (normal approximation; the two runs are independent)."""
        p, q = self.share, self.solver_share
        se = math.sqrt(p * (1 - p) / self.games + q * (1 - q) / self.solver_games)
        return (self.cost - Z95 * se, self.cost + Z95 * se)


@dataclass(frozen=True, slots=True)
class ChosenCard:
    """A preset's card and what it measured."""

    preset: str
    card: Card
    measured: Measured


SOLVER_SOURCE = "docs/bots.md (--seed 1 --rotate, 2026-11-27)"
"""Where the solver bot's figures come from: ``schocken simulate --preset P --players 4 --games
100000 --seed 1 --bots solver,regular,regular,regular --rotate``, stored in docs/figures.json
(``bench/figures.py``)."""


def _chosen(
    preset: str, code: str, games: int, seed: int, lost: int, regulars_lost: int, solver_lost: int
) -> ChosenCard:
    measured = Measured(games, seed, lost, regulars_lost, 100_000, solver_lost, SOLVER_SOURCE)
    return ChosenCard(preset, Card.from_code(code), measured)


CARDS: dict[str, ChosenCard] = {
    "tsv99": _chosen(
        "tsv99",
        "schock_aus/schock_aus/any/6xx/always/ones/schock_aus",
        100000,
        1,
        22556,
        77444,
        17746,
    ),
    "schock4life": _chosen(
        "schock4life",
        "schock_aus/schock_aus/any/strasse/always/chase/schock_aus",
        100000,
        1,
        19591,
        80409,
        15026,
    ),
    "knobelrunde": _chosen(
        "knobelrunde", "65x/general/6xx/6xx/always/ones/schock_aus", 100000, 1, 22808, 77192, 18002
    ),
    "allgemein": _chosen(
        "allgemein",
        "strasse/schock_aus/any/schock_aus/always/ones_else_sixes/schock_aus",
        100000,
        1,
        18829,
        81171,
        15753,
    ),
}
"""Each preset's card, with its measured cost, as ``bench/card.py`` printed them (2026-11-24;
the search, then its stage 6 with ``--press``; docs/strategy.md). ``_chosen`` takes the preset,
the card's code, the games, the seed, and the games lost by the card, by the three pub regulars
together and by the solver bot in its own run.

The card's figures: ``schocken simulate --preset P --players 4 --games 100000 --seed 1 --bots
card,regular,regular,regular --rotate`` (one process, the reference engine; measured again on
2026-11-27 with the very same counts). The solver bot's: the same command with ``solver``,
measured 2026-11-27 (docs/bots.md); both runs are stored in docs/figures.json, and
tests/test_docs_figures.py holds these counts to them.
"""


def card_bot(spec: str, seed: int | None = None) -> CardBot:
    """A card bot from a preset's name (its chosen card) or a card's code."""
    if spec in CARDS:
        return CardBot(CARDS[spec].card, seed)
    if "/" not in spec:
        raise refused(RefusalError, "card_refuse_bot", spec=spec, presets=", ".join(CARDS))
    try:
        card = Card.from_code(spec)
    except ValueError as exc:
        raise refused(RefusalError, "card_refuse_bot_code", spec=spec, why=exc) from None
    return CardBot(card, seed)


def card_for(rules: Rules) -> ChosenCard:
    """The card of the rules' preset (the tsv99 card for rules that start from none)."""
    return CARDS.get(rules.preset, CARDS["tsv99"])


def find_card(preset: str) -> ChosenCard:
    """The card of the preset of that name; an unknown name is refused with the known ones."""
    try:
        return CARDS[preset]
    except KeyError:
        raise refused(
            RefusalError, "rules_refused_unknown_preset", name=preset, known=", ".join(CARDS)
        ) from None


__all__ = [
    "CARDS",
    "LADDER",
    "REGULAR_CARD",
    "Card",
    "CardBot",
    "ChosenCard",
    "Keep",
    "Level",
    "Measured",
    "Sixes",
    "card_bot",
    "card_for",
    "find_card",
    "level_floors",
]
