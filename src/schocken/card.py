"""The strategy card: a way to play simple enough to remember at the pub, and how much it costs.

A card is one member of a small family of threshold rules (:class:`Card`): where the round's first
player stops after one throw and after two, when a later player stops, whether to turn sixes, and
which dice to keep. :class:`CardBot` plays a card. ``bench/card.py`` searched the family by
simulation, a card bot against three pub regulars, and :data:`CARDS` keeps the card it chose for
each preset with the figures it measured; ``schocken card PRESET`` prints them in German and
English (:func:`card_text`, :func:`cost_text`).

>>> from schocken.rules import find_preset
>>> print(card_text(REGULAR_CARD, "en")[0])
Opener: stop on a Straße or better; otherwise throw again, up to three times.
>>> CARDS["tsv99"].card.first in LADDER
True
"""

from __future__ import annotations

import itertools
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from schocken.actions import STOP, THROW_BLIND, THROWS, TURN_SIXES, Action, Stop, Throw, TurnSixes
from schocken.intervals import Z95, wilson
from schocken.results import Result, ResultKind, ResultTable, result_table, sort_dice
from schocken.rules import PRESETS, Covered, Rules
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
                    raise ValueError(
                        f"a card's {name} must be one of {', '.join(k.value for k in kind)}, "
                        f"not {value!r}"
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
            raise ValueError(
                f"not a card: {code!r} (expected first/second/later/covered/sixes/keep[/press], "
                "like strasse/strasse/any/6xx/always/ones)"
            )
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
        raise ValueError(
            f"unknown bot 'card:{spec}': after 'card:' a preset ({', '.join(CARDS)}) "
            "or a card's code, like strasse/strasse/any/6xx/always/ones"
        )
    try:
        card = Card.from_code(spec)
    except ValueError as exc:
        raise ValueError(f"unknown bot 'card:{spec}': {exc}") from None
    return CardBot(card, seed)


def card_for(rules: Rules) -> ChosenCard:
    """The card of the rules' preset (the tsv99 card for rules that start from none)."""
    return CARDS.get(rules.preset, CARDS["tsv99"])


def find_card(preset: str) -> ChosenCard:
    """The card of the preset of that name; an unknown name is refused with the known ones."""
    try:
        return CARDS[preset]
    except KeyError:
        raise ValueError(f"unknown preset {preset!r}; known presets: {', '.join(CARDS)}") from None


# -- The card in words -----------------------------------------------------------------------

_LEVEL_WORDS: dict[str, dict[Level, str]] = {
    "en": {
        Level.ANY: "anything",
        Level.FIVE: "5-x-x",
        Level.SIX: "6-x-x",
        Level.SIX_FIVE: "6-5-x",
        Level.SIX_SIX: "6-6-x",
        Level.STRASSE: "a Straße",
        Level.GENERAL: "a General",
        Level.SCHOCK: "a Schock",
        Level.SCHOCK_AUS: "a Schock-Aus",
    },
    "de": {
        Level.ANY: "alles",
        Level.FIVE: "5-x-x",
        Level.SIX: "6-x-x",
        Level.SIX_FIVE: "6-5-x",
        Level.SIX_SIX: "6-6-x",
        Level.STRASSE: "einer Straße",
        Level.GENERAL: "einem General",
        Level.SCHOCK: "einem Schock",
        Level.SCHOCK_AUS: "einem Schock-Aus",
    },
    "de_acc": {
        Level.ANY: "irgendwas",
        Level.FIVE: "5-x-x",
        Level.SIX: "6-x-x",
        Level.SIX_FIVE: "6-5-x",
        Level.SIX_SIX: "6-6-x",
        Level.STRASSE: "eine Straße",
        Level.GENERAL: "einen General",
        Level.SCHOCK: "einen Schock",
        Level.SCHOCK_AUS: "einen Schock-Aus",
    },
}
"""Words for the levels; German has them after "bei" and, for a later player, after "hast"."""

_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Strategy card, {preset}",
        "or_better": "{level} or better",
        "opener_same": "Opener: stop on {level}; otherwise throw again, up to three times.",
        "opener_any": "Opener: stop after the first throw.",
        "opener_all": "Opener: use all three throws (stop early only on a Schock-Aus).",
        "opener_first": "Opener: after throw 1 stop on {first}; otherwise use all three throws.",
        "opener_two": "Opener: after throw 1 stop on {first}, after throw 2 on {second}.",
        "opener_one_any": "Opener: after throw 1 stop on {first}, after throw 2 always.",
        "later_any": "Later in the round: stop as soon as you are not the worst shown",
        "later_level": "Later in the round: stop as soon as you are not the worst shown and have "
        "at least {level} (the last player: as soon as you are not the worst)",
        "covered": "; with nothing shown, on {level}.",
        "covered_any": "; with nothing shown, after the first throw.",
        "sixes_always": "Turn sixes whenever you may; keep your ones",
        "sixes_unless": "Turn sixes when you do not stop; keep your ones",
        "sixes_never": "Never turn sixes; keep your ones",
        "keep_sixes": " (no ones: your sixes)",
        "keep_chase": " (behind a plain number: your sixes, not your ones)",
        "keep_end": " and throw the rest.",
        "press": " Below {level}, where keeping 1-1 or a 6 means no throw can make you the "
        "worst, keep them and throw on instead.",
        "press_all": " But where keeping 1-1 or a 6 means no throw can make you the worst, keep "
        "them and throw on instead.",
        "covered_all": "; with nothing shown, use all your throws (stop early only on a "
        "Schock-Aus).",
        "cost": "Loses {share} of games with three pub regulars (95% CI {lo} to {hi}), "
        "{cost} points more than the solver bot (95% CI {cost_lo} to {cost_hi}); "
        "a pub regular at that table loses {regular}.",
        "measured": "Measured: {games} games, seed {seed}; solver bot: {solver} of "
        "{solver_games} games, from {source}.",
    },
    "de": {
        "title": "Spickzettel, {preset}",
        "or_better": "{level} oder besser",
        "opener_same": "Wer eröffnet: bei {level} stehen bleiben, sonst weiter würfeln, "
        "bis zu dreimal.",
        "opener_any": "Wer eröffnet: nach dem ersten Wurf stehen bleiben.",
        "opener_all": "Wer eröffnet: alle drei Würfe nutzen (vorher nur bei Schock-Aus "
        "stehen bleiben).",
        "opener_first": "Wer eröffnet: nach Wurf 1 bei {first} stehen bleiben, sonst alle drei "
        "Würfe nutzen.",
        "opener_two": "Wer eröffnet: nach Wurf 1 bei {first} stehen bleiben, nach Wurf 2 bei "
        "{second}.",
        "opener_one_any": "Wer eröffnet: nach Wurf 1 bei {first} stehen bleiben, nach Wurf 2 "
        "immer.",
        "later_any": "Später in der Runde: stehen bleiben, sobald du nicht der Schlechteste bist",
        "later_level": "Später in der Runde: stehen bleiben, sobald du nicht der Schlechteste "
        "bist und mindestens {level} hast (als Letzter: sobald du nicht der Schlechteste bist)",
        "covered": "; ist nichts aufgedeckt, bei {level}.",
        "covered_any": "; ist nichts aufgedeckt, nach dem ersten Wurf.",
        "sixes_always": "Sechsen drehen, wann immer es geht; Einsen liegen lassen",
        "sixes_unless": "Sechsen drehen, wenn du nicht stehen bleibst; Einsen liegen lassen",
        "sixes_never": "Nie Sechsen drehen; Einsen liegen lassen",
        "keep_sixes": " (keine Einsen: die Sechsen)",
        "keep_chase": " (hinter einer einfachen Zahl: die Sechsen, nicht die Einsen)",
        "keep_end": " und den Rest würfeln.",
        "press": " Unter {level}: Wenn du mit 1-1 oder einer 6 draußen durch keinen Wurf mehr "
        "Schlechtester werden kannst, lass sie liegen und würfle weiter.",
        "press_all": " Aber: Wenn du mit 1-1 oder einer 6 draußen durch keinen Wurf mehr "
        "Schlechtester werden kannst, lass sie liegen und würfle weiter.",
        "covered_all": "; ist nichts aufgedeckt, alle Würfe nutzen (vorher nur bei Schock-Aus "
        "stehen bleiben).",
        "cost": "Verliert {share} der Spiele gegen drei Stammtischler (95%-KI {lo} bis {hi}), "
        "{cost} Punkte mehr als der Solver-Bot (95%-KI {cost_lo} bis {cost_hi}); "
        "ein Stammtischler an diesem Tisch verliert {regular}.",
        "measured": "Gemessen: {games} Spiele, Seed {seed}; Solver-Bot: {solver} von "
        "{solver_games} Spielen, aus {source}.",
    },
}
"""The card's own small catalogue of texts, German and English (as :mod:`schocken.texts`)."""

CARD_LANGUAGES = tuple(_TEXTS)


def _check_lang(lang: str) -> None:
    if lang not in _TEXTS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(_TEXTS)}")


def _level(level: Level, lang: str, *, at_least: bool = False) -> str:
    """A level's words: "a Straße or better", or after "at least" ("have at least a Straße")."""
    words = _LEVEL_WORDS["de_acc" if at_least and lang == "de" else lang][level]
    if at_least or level in (Level.ANY, Level.SCHOCK_AUS):
        return words
    return _TEXTS[lang]["or_better"].format(level=words)


def card_text(card: Card, lang: str, *, covered: bool = True) -> list[str]:
    """The card as three short lines in ``lang`` ("de" or "en"); without what to do with nothing
    shown unless ``covered`` (the rules have covered cups)."""
    _check_lang(lang)
    text = _TEXTS[lang]
    if card.first is Level.ANY:
        opener = text["opener_any"]
    elif card.first is card.second is Level.SCHOCK_AUS:
        opener = text["opener_all"]
    elif card.second is Level.SCHOCK_AUS:
        opener = text["opener_first"].format(first=_level(card.first, lang))
    elif card.first == card.second:
        opener = text["opener_same"].format(level=_level(card.first, lang))
    elif card.second is Level.ANY:
        opener = text["opener_one_any"].format(first=_level(card.first, lang))
    else:
        opener = text["opener_two"].format(
            first=_level(card.first, lang), second=_level(card.second, lang)
        )
    if card.later is Level.ANY:
        later = text["later_any"]
    else:
        later = text["later_level"].format(level=_level(card.later, lang, at_least=True))
    if not covered:
        later += "."
    elif card.covered is Level.ANY:
        later += text["covered_any"]
    elif card.covered is Level.SCHOCK_AUS:
        later += text["covered_all"]
    else:
        later += text["covered"].format(level=_level(card.covered, lang))
    if card.press is Level.SCHOCK_AUS:
        later += text["press_all"]
    elif card.press is not Level.ANY:
        later += text["press"].format(level=_LEVEL_WORDS[lang][card.press])
    habits = text[f"sixes_{card.sixes.value.split('_')[0]}"]
    if card.keep is Keep.ONES_ELSE_SIXES:
        habits += text["keep_sixes"]
    elif card.keep is Keep.CHASE:
        habits += text["keep_chase"]
    habits += text["keep_end"]
    return [opener, later, habits]


def _pct(share: float, lang: str) -> str:
    s = f"{100 * share:.2f}%"
    return s.replace(".", ",") if lang == "de" else s


def _points(points: float, lang: str) -> str:
    s = f"{100 * points:.2f}"
    return s.replace(".", ",") if lang == "de" else s


def cost_text(measured: Measured, lang: str) -> list[str]:
    """What the card costs, as measured, in ``lang``: two lines."""
    _check_lang(lang)
    text = _TEXTS[lang]
    lo, hi = measured.ci95
    cost_lo, cost_hi = measured.cost_ci95
    return [
        text["cost"].format(
            share=_pct(measured.share, lang),
            lo=_pct(lo, lang),
            hi=_pct(hi, lang),
            cost=_points(measured.cost, lang),
            cost_lo=_points(cost_lo, lang),
            cost_hi=_points(cost_hi, lang),
            regular=_pct(measured.regular_share, lang),
        ),
        text["measured"].format(
            games=measured.games,
            seed=measured.seed,
            solver=_pct(measured.solver_share, lang),
            solver_games=measured.solver_games,
            source=measured.solver_source,
        ),
    ]


def card_lines(chosen: ChosenCard, lang: str) -> list[str]:
    """A preset's card with its title and measured cost, in ``lang``."""
    _check_lang(lang)
    covered = PRESETS[chosen.preset].covered is not Covered.NEVER
    lines = [*card_text(chosen.card, lang, covered=covered), *cost_text(chosen.measured, lang)]
    return [
        _TEXTS[lang]["title"].format(preset=chosen.preset),
        *(
            textwrap.fill(
                line, 100, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
            )
            for line in lines
        ),
    ]


__all__ = [
    "CARDS",
    "CARD_LANGUAGES",
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
    "card_lines",
    "card_text",
    "cost_text",
    "find_card",
    "level_floors",
]
