"""Rules as data: one immutable rule set, the four presets, and house rules from TOML.

Every option of :class:`Rules` is one row of ``RULES.md``'s "Where they differ" table, one of
the numbers a house might change, or a switch that other pubs' rule pages and Schocken programs
play (a Jule, no General, which dice may be set aside, when sixes turn). :data:`OPTION_SOURCES`
gives, for each option and preset, the sentence of the rule text it comes from, or says that the
text is silent and names our reading; :data:`REGIONAL_SOURCES` what other rule pages and programs
play, by :data:`SOURCES` key.

>>> find_preset("tsv99").deckel_per_half
14
>>> find_preset("kneipe")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
schocken.errors.RulesError: unknown preset 'kneipe'; known presets: tsv99, schock4life, ...
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from pathlib import Path
from typing import Any

from schocken.errors import RulesError, said
from schocken.refusal_texts import english

MAX_THROWS = 3
"""Every text: the round's first player may throw up to three times."""


class Opening(StrEnum):
    """How the first round of the game gets its first player."""

    PLAIN_ROUND = "plain_round"
    """Everyone plays one normal round for no Deckel; the best result opens the first round."""
    LOWEST_TAKES = "lowest_takes"
    """Everyone throws once; the lowest takes Deckel worth the highest throw and opens; ties are
    thrown off (Stechen)."""
    WORST_OPENS = "worst_opens"
    """Everyone throws once; the lowest opens and takes no Deckel; ties are thrown off
    (Stechen)."""
    HIGH_DIE = "high_die"
    """Everyone throws one die; the highest opens, no Deckel; those tied throw their die again."""
    LOW_DIE = "low_die"
    """Everyone throws one die; the lowest opens, no Deckel; those tied throw their die again."""
    FIRST_SEAT = "first_seat"
    """No opening: the first player named opens the first round (the youngest, the club's
    König, the host, or one drawn by lot: the table names him first)."""


class FinaleOpener(StrEnum):
    """Who opens the Finale."""

    LAST_ROUND_LOSER = "last_round_loser"
    """The loser of the last round, as between any two rounds (the second half's loser)."""
    FIRST_HALF_LOSER = "first_half_loser"
    """The loser of the first half (Hinrunde)."""


class Tiebreak(StrEnum):
    """Which of two equal results is the worse one."""

    LATER_LOSES = "later_loses"
    """The later thrower is worse ("mit ist Schitt", "Nachgelegt")."""
    MORE_THROWS_THEN_LATER = "more_throws_then_later"
    """More throws is worse; with as many throws, the later thrower is worse."""
    ONE_THROW_THEN_LATER = "one_throw_then_later"
    """A result thrown with all three dice in one throw beats an equal one assembled over
    several throws; otherwise the later thrower is worse."""
    THROW_OFF = "throw_off"
    """Those tied for the round's worst result throw off: one open throw each, again among those
    tied for the lowest, until one is lowest; he takes what the round's best result is worth
    (a Schock-Aus: the half). Our reading for a tie on the best result: the earlier thrower is
    better, as under later_loses."""
    NO_DECKEL = "no_deckel"
    """A tie for the round's worst result: nobody takes Deckel. Our reading: the same player opens
    the next round again. Ties on the best result: the earlier thrower is better."""


class DeckelOwed(StrEnum):
    """What a round's loser takes."""

    BEST = "best"
    """What the round's best result is worth."""
    SUM = "sum"
    """The worths of every special result of the round added up (every player's, the loser's
    too; a plain number adds nothing; with no special result, 1). Our reading of monopoly's "pro
    Mitspieler mit Sonderwerten". A Schock-Aus that ends the half or game does so as ever; with
    ``schock_aus = "worth"`` its worth is added like any other."""


class SixesRethrow(StrEnum):
    """What must go back into the cup after sixes were turned into ones."""

    OTHER_SIXES = "other_sixes"
    """The six(es) of that throw that were not turned; the other dice may stay out."""
    ALL_REMAINING = "all_remaining"
    """Every die of that throw that was not turned."""


class Covered(StrEnum):
    """Which throw stays covered (under the cup) until the round is revealed."""

    NEVER = "never"
    """Every throw is shown."""
    LAST_THROW = "last_throw"
    """A player's throw that uses up the round's throw limit stays covered."""
    THIRD_THROW = "third_throw"
    """A third throw stays covered."""
    ALL = "all"
    """Every throw stays covered, stopping early too (spiele7). Our reading of what the table
    sees: the cup stays down, so the others see how often the player threw and the dice set
    aside (they stand outside the cup, turned sixes as ones), never the dice under the cup."""


class JuleRank(StrEnum):
    """Where a Jule (4-2-1) ranks among the results."""

    TOP = "top"
    """Right below a Schock-Aus, above every Schock."""
    BY_WORTH = "by_worth"
    """Among the Schocks by the Deckel it is worth: above every Schock worth less, below every
    Schock worth as much or more (worth 7 or more: above Schock 6, as ``top``; worth 1 or 2:
    below Schock 2). Our reading: it ranks above every Straße and plain number, and above a
    General unless the General ranks above Schock 2 and the Jule below it."""


class NutteRank(StrEnum):
    """Where a Nutte (2-2-1) ranks among the results."""

    TOP = "top"
    """Right below a Schock-Aus: above a Jule and every Schock."""
    BY_WORTH = "by_worth"
    """By the Deckel it is worth, as a Jule ranked ``by_worth``: worth 7 or more above Schock 6
    (a higher worth above a lower), less just below the Schock of its worth (Schock 2 for a
    worth of 1). A Jule and a Nutte both ranked by an equal worth are equal results."""


class SetAside(StrEnum):
    """Which dice may be set aside (kept out of the cup) for the next throw."""

    ANY = "any"
    """Any die."""
    ONES = "ones"
    """Only 1s (turned sixes included)."""
    ONES_AND_SIXES = "ones_and_sixes"
    """Only 1s and 6s."""


class SixesTurn(StrEnum):
    """When two or three sixes of a throw may be turned into ones (always with a throw left)."""

    ANY_THROW = "any_throw"
    """After any throw: the sixes of that throw, however many dice it threw."""
    ONE_THROW = "one_throw"
    """Only after a throw of all three dice (none set aside): "aus der Hand"."""
    FIRST_THROW = "first_throw"
    """Only after the turn's first throw (of all three dice; a later one of all three does not
    count)."""
    NEVER = "never"
    """Sixes are never turned."""


class FirstRoundOneThrow(StrEnum):
    """Where the first round for Deckel of a half (or the Finale) allows only one throw
    ("Erster Hoch")."""

    NEVER = "never"
    """The first round is like any other: its first player sets the limit."""
    HALVES = "halves"
    """The first round of each half is played with one throw."""
    HALVES_AND_FINALE = "halves_and_finale"
    """The first round of each half and of the Finale is played with one throw."""


class SchockAus(StrEnum):
    """What a Schock-Aus (1-1-1) does."""

    HALF = "half"
    """The round's worst takes every Deckel of the half (or Finale), those others hold too, and
    has lost it."""
    GAME = "game"
    """As ``half``, and the game ends at once: the round's worst has lost it; no second half or
    Finale follows."""
    WORTH = "worth"
    """A Schock-Aus is the best result, worth ``schock_aus_deckel`` Deckel like any other result
    (from the middle, then from the best player); the half goes on."""


class Strassen(StrEnum):
    """Which runs of three dice are a Straße."""

    ALL = "all"
    """All four: 1-2-3, 2-3-4, 3-4-5 and 4-5-6."""
    OUTER = "outer"
    """Only 1-2-3 and 4-5-6; 2-3-4 and 3-4-5 are plain numbers."""


class StrasseRank(StrEnum):
    """How two Straßen compare."""

    BY_PIPS = "by_pips"
    """The higher Straße is better: 4-5-6 above 3-4-5 above 2-3-4 above 1-2-3."""
    EQUAL = "equal"
    """Every Straße is as good as any other: the tie rule decides between two."""


class LaterOpener(StrEnum):
    """Who opens a round for Deckel once the middle is empty (before, the last round's loser)."""

    LOSER = "loser"
    """The loser of the last round, as while Deckel are in the middle."""
    MOST_DECKEL = "most_deckel"
    """The player who holds the most Deckel (of several, the last round's loser if he is one,
    else the first of them clockwise after him)."""
    AFTER_MOST_DECKEL = "after_most_deckel"
    """The player after that one, clockwise, who still plays (holds Deckel)."""


class EinwuerfelnForm(StrEnum):
    """How a player who is out buys back in (Einwürfeln); read only with ``einwuerfeln``."""

    FROM_EACH_HOLDER = "from_each_holder"
    """He takes one Deckel from each player who holds Deckel (schock4life)."""
    AT_RISK = "at_risk"
    """He joins the round taking nothing and keeps Deckel only if he loses it (board: "picks
    Deckel up again if he loses the round"); else he holds none after it and is out again. Our
    reading: if he throws the round's best result he has nothing to give, so the best result
    among the players who hold Deckel gives (the loser still takes what the round's best result
    is worth)."""


class PlainRank(StrEnum):
    """How plain numbers compare."""

    DIGITS = "digits"
    """As a three-digit number, the dice from high to low: 6-5-4 is 654, above 6-5-3."""
    PIP_SUM = "pip_sum"
    """By the sum of their pips: 6-5-4 (15) above 6-5-3 (14); equal sums are equal results
    (6-5-2 and 6-4-3, both 13), which the tie rule decides."""


_NEVER = Covered.NEVER
_THIRD_THROW = Covered.THIRD_THROW
_ALL = Covered.ALL
"""(Names of the module's own: an enum member found on its class costs more in Python 3.11.)"""


@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set of Schocken. Immutable; validated on construction.

    Build one from a preset with :func:`find_preset`, change it with :meth:`with_overrides`, or
    read house rules from TOML with :func:`load_rules`.
    """

    preset: str = "custom"
    """The preset these rules start from ("custom" when built by hand)."""
    deckel_per_half: int = 13
    """Deckel in the middle at the start of a half: any whole number from 1 to 999."""
    deckel_in_finale: int = 13
    """Deckel in the middle at the start of the Finale: any whole number from 1 to 999."""
    finale: bool = True
    """Whether two halves and a Finale are played. Without a Finale the game is one half, whose
    loser loses the game (text silent: our reading)."""
    opening: Opening = Opening.PLAIN_ROUND
    """Who opens the first round of the game."""
    more_halves: bool = False
    """Whether, instead of a Finale, two different half-losers are followed by further halves of
    every player until one player has lost two halves, who loses the game (keller's "Hälfte"
    token); read only with ``finale``."""
    finale_opener: FinaleOpener = FinaleOpener.LAST_ROUND_LOSER
    """Who opens the Finale. The second half is always opened by the loser of the last round."""
    put_back: bool = True
    """Whether dice set aside in an earlier throw may go back into the cup."""
    strasse_one_throw: bool = False
    """Whether a Strasse counts only when thrown with all three dice in one throw."""
    general_one_throw: bool = False
    """Whether a General counts only when thrown with all three dice in one throw."""
    general_beats_schock_2: bool = False
    """Whether a General ranks above Schock 2 (and below Schock 3)."""
    tiebreak: Tiebreak = Tiebreak.LATER_LOSES
    """Which of two equal results is worse."""
    hand_aus_beats: bool = False
    """Whether a Schock-Aus thrown with all three dice in one throw (Hand-Aus) beats an
    assembled one, whatever the throw counts."""
    sixes_rethrow: SixesRethrow = SixesRethrow.OTHER_SIXES
    """What must be thrown again after turning sixes."""
    covered: Covered = Covered.NEVER
    """Which throw stays covered until the round is revealed."""
    einwuerfeln: bool = False
    """Whether a player who is out may buy back in (Einwuerfeln)."""
    einwuerfeln_form: EinwuerfelnForm = EinwuerfelnForm.FROM_EACH_HOLDER
    """How a player who is out buys back in: taking one Deckel from each holder, or at risk (taking
    nothing, keeping Deckel only if he loses the round); read only with ``einwuerfeln``."""
    jule: bool = False
    """Whether 4-2-1 is a Jule, a special result worth ``jule_deckel`` and ranked by
    ``jule_rank``; without it 4-2-1 is the plain number 421."""
    jule_deckel: int = 7
    """The Deckel a Jule is worth (1 to 999); read only with ``jule``."""
    jule_rank: JuleRank = JuleRank.TOP
    """Where a Jule ranks; read only with ``jule``."""
    jule_one_throw: bool = False
    """Whether a Jule counts only when thrown with all three dice in one throw (assembled, it is
    the plain number 421); read only with ``jule``."""
    general: bool = True
    """Whether three equal dice (not 1s) are a General; without it they are a plain number."""
    set_aside: SetAside = SetAside.ANY
    """Which dice may be set aside for the next throw."""
    sixes_turn: SixesTurn = SixesTurn.ANY_THROW
    """When sixes may be turned into ones."""
    first_round_one_throw: FirstRoundOneThrow = FirstRoundOneThrow.NEVER
    """Whether the first round for Deckel of a half (and of the Finale) is played with one
    throw for everyone, "Erster Hoch"; the opening procedure is not that round."""
    strassen: Strassen = Strassen.ALL
    """Which runs of three dice are a Straße (worth 2); the others are plain numbers."""
    strasse_rank: StrasseRank = StrasseRank.BY_PIPS
    """Whether a higher Straße beats a lower one, or all Straßen are equal results."""
    nutte: bool = False
    """Whether 2-2-1 is a Nutte (Siebener), a special result worth ``nutte_deckel`` and ranked
    by ``nutte_rank``; without it 2-2-1 is the plain number 221, the lowest of all."""
    nutte_deckel: int = 9
    """The Deckel a Nutte is worth (1 to 999); read only with ``nutte``."""
    nutte_rank: NutteRank = NutteRank.TOP
    """Where a Nutte ranks; read only with ``nutte``."""
    nutte_one_throw: bool = False
    """Whether a Nutte counts only when thrown with all three dice in one throw (assembled, it
    is the plain number 221); read only with ``nutte``."""
    one_throw_while_middle: bool = False
    """Whether every round for Deckel is played with one throw while Deckel are in the middle
    ("Anknobeln"); its first player sets a limit of up to three throws only once the middle is
    empty."""
    schock_aus: SchockAus = SchockAus.HALF
    """What a Schock-Aus does: end the half, end the game, or count a fixed worth."""
    schock_aus_deckel: int = 7
    """The Deckel a Schock-Aus is worth (1 to 999; "Julius" 7, "Chicago" the whole stock); read
    only with ``schock_aus = "worth"``."""
    achter: bool = False
    """Whether 3-3-1 is an Achter, a special result worth ``achter_deckel`` and ranked by that
    worth, as a Jule ranked ``by_worth``; without it 3-3-1 is the plain number 331."""
    achter_deckel: int = 8
    """The Deckel an Achter is worth (1 to 999); read only with ``achter``."""
    plain_rank: PlainRank = PlainRank.DIGITS
    """How plain numbers (worth 1 Deckel) compare: as three-digit numbers or by pip sum."""
    later_opener: LaterOpener = LaterOpener.LOSER
    """Who opens a round for Deckel once the middle is empty: the last round's loser, the holder
    of the most Deckel, or the player after him."""
    deckel_owed: DeckelOwed = DeckelOwed.BEST
    """What the loser of a round for Deckel takes: the best result's worth, or the worths of
    every special result of the round (the opening throw's lowest takes the best's worth)."""
    blind: bool = False
    """Whether the opener of a round for Deckel may open it blind ("Blind"): instead of his first
    throw he throws once and does not look. The round's throw limit is then 1, and every turn of
    it is one throw that stays covered to everyone, its own player included, until the reveal at
    the round's end (our reading of schockaus, rebel, ohnetheke: only the opener, only with his
    first throw, and only while he sets the limit, not in a round whose limit is fixed at 1)."""
    blind_double: bool = False
    """Whether, in a round opened blind, the Deckel the round's best result is worth count
    double (a Schock-Aus stays a Schock-Aus); read only with ``blind``."""
    open_round: bool = False
    """Whether a round whose opener left his first throw open (stopped after one shown throw) is
    played open: no cup of it is covered. It changes a round only where a later player's throw
    would be covered (``covered = "last_throw"``)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            _check_value(f.name, value)

    def covers(self, throws: int, limit: int) -> bool:
        """Whether a turn that ends after ``throws`` throws, with ``limit`` allowed, stays
        covered."""
        covered = self.covered
        if covered is _NEVER:
            return False
        if covered is _ALL:
            return True
        return throws == (MAX_THROWS if covered is _THIRD_THROW else limit)

    @property
    def buys_in_at_risk(self) -> bool:
        """Whether a player who is out buys back in at risk (``einwuerfeln_form = "at_risk"``)."""
        return self.einwuerfeln and self.einwuerfeln_form is EinwuerfelnForm.AT_RISK

    def with_overrides(self, overrides: Mapping[str, object]) -> Rules:
        """These rules with some options changed; an unknown option or bad value is refused.

        >>> find_preset("tsv99").with_overrides({"put_back": False}).put_back
        False
        """
        changes: dict[str, Any] = {}
        for name, raw in overrides.items():
            if name == "preset":
                raise _refused("rules_refused_preset_option")
            changes[name] = _coerce(name, raw)
        return dataclasses.replace(self, **changes)

    def overrides(self) -> dict[str, object]:
        """The options in which these rules differ from their preset, as plain JSON values."""
        base = PRESETS.get(self.preset)
        if base is None:
            return {k: v for k, v in self.to_dict().items() if k != "preset"}
        mine, theirs = self.to_dict(), base.to_dict()
        return {k: v for k, v in mine.items() if k != "preset" and theirs[k] != v}

    def to_dict(self) -> dict[str, object]:
        """All options as plain JSON values (enums as their string values)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """Rules from ``{"preset": name, ...overrides}``; missing options come from the preset."""
        if not isinstance(data, Mapping):
            raise _refused("rules_refused_not_table", what=type(data).__name__)
        rest = dict(data)
        name = rest.pop("preset", "custom")
        if not isinstance(name, str):
            raise _refused("rules_refused_preset_name", value=name)
        base = cls() if name == "custom" else find_preset(name)
        return base.with_overrides(rest)


def _plain(value: object) -> object:
    return value.value if isinstance(value, StrEnum) else value


_ENUMS: dict[str, type[StrEnum]] = {
    "opening": Opening,
    "finale_opener": FinaleOpener,
    "tiebreak": Tiebreak,
    "sixes_rethrow": SixesRethrow,
    "covered": Covered,
    "jule_rank": JuleRank,
    "set_aside": SetAside,
    "sixes_turn": SixesTurn,
    "first_round_one_throw": FirstRoundOneThrow,
    "strassen": Strassen,
    "strasse_rank": StrasseRank,
    "nutte_rank": NutteRank,
    "schock_aus": SchockAus,
    "plain_rank": PlainRank,
    "later_opener": LaterOpener,
    "einwuerfeln_form": EinwuerfelnForm,
    "deckel_owed": DeckelOwed,
}
_INTS = {
    "deckel_per_half",
    "deckel_in_finale",
    "jule_deckel",
    "nutte_deckel",
    "schock_aus_deckel",
    "achter_deckel",
}
_MIN_DECKEL = 1
_MAX_DECKEL = 999
DECKEL_RANGE = (_MIN_DECKEL, _MAX_DECKEL)
"""The whole numbers an option counting Deckel may take (its lowest and highest)."""


def _option_names() -> list[str]:
    return [f.name for f in fields(Rules)]


def _coerce(name: str, raw: object) -> object:
    """Turn a plain value (from TOML or JSON) into the option's type, or refuse it."""
    if name not in _option_names():
        raise _refused("rules_refused_unknown_option", name=name, known=", ".join(_option_names()))
    if name in _ENUMS:
        enum = _ENUMS[name]
        if isinstance(raw, enum):
            return raw
        choices = ", ".join(m.value for m in enum)
        if not isinstance(raw, str) or raw not in {m.value for m in enum}:
            raise _refused("rules_refused_choice", name=name, choices=choices, value=raw)
        return enum(raw)
    return raw


def _check_value(name: str, value: object) -> None:
    if name == "preset":
        if not isinstance(value, str) or not value:
            raise _refused("rules_refused_preset_empty", value=value)
    elif name in _ENUMS:
        if not isinstance(value, _ENUMS[name]):
            choices = ", ".join(m.value for m in _ENUMS[name])
            raise _refused("rules_refused_choice", name=name, choices=choices, value=value)
    elif name in _INTS:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refused("rules_refused_whole_number", name=name, value=value)
        if not _MIN_DECKEL <= value <= _MAX_DECKEL:
            raise _refused(
                "rules_refused_range", name=name, low=_MIN_DECKEL, high=_MAX_DECKEL, value=value
            )
    elif not isinstance(value, bool):
        raise _refused("rules_refused_bool", name=name, value=value)


OPTIONS: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "preset")
"""Every option of :class:`Rules` (all but ``preset``), in the order of the class."""

GROUP_NAMES: dict[str, str] = {
    "deckel": "Deckel",
    "throws": "Throws and dice",
    "specials": "Special throws",
    "ties": "Ties",
    "opening": "Opening and Einwürfeln",
    "halves": "Halves and Finale",
    "schock_aus": "Schock-Aus",
}
"""The groups of options, as docs/rules.md heads them (the catalogue has them in German and
English: ``rules_group_<name>``)."""

GROUPS: dict[str, tuple[str, ...]] = {
    "deckel": ("deckel_per_half", "deckel_in_finale", "deckel_owed"),
    "throws": (
        "put_back",
        "set_aside",
        "sixes_turn",
        "sixes_rethrow",
        "covered",
        "open_round",
        "blind",
        "blind_double",
        "first_round_one_throw",
        "one_throw_while_middle",
    ),
    "specials": (
        "general",
        "general_one_throw",
        "general_beats_schock_2",
        "strassen",
        "strasse_one_throw",
        "strasse_rank",
        "plain_rank",
        "jule",
        "jule_deckel",
        "jule_rank",
        "jule_one_throw",
        "nutte",
        "nutte_deckel",
        "nutte_rank",
        "nutte_one_throw",
        "achter",
        "achter_deckel",
    ),
    "ties": ("tiebreak", "hand_aus_beats"),
    "opening": ("opening", "later_opener", "einwuerfeln", "einwuerfeln_form"),
    "halves": ("finale", "more_halves", "finale_opener"),
    "schock_aus": ("schock_aus", "schock_aus_deckel"),
}
"""Every option in one group, in the order a form shows them (a test holds it complete)."""

ONLY_WITH: dict[str, dict[str, tuple[object, ...]]] = {
    "deckel_in_finale": {"finale": (True,), "more_halves": (False,)},
    "more_halves": {"finale": (True,)},
    "finale_opener": {"finale": (True,), "more_halves": (False,)},
    "einwuerfeln_form": {"einwuerfeln": (True,)},
    "general_one_throw": {"general": (True,)},
    "general_beats_schock_2": {"general": (True,)},
    "jule_deckel": {"jule": (True,)},
    "jule_rank": {"jule": (True,)},
    "jule_one_throw": {"jule": (True,)},
    "nutte_deckel": {"nutte": (True,)},
    "nutte_rank": {"nutte": (True,)},
    "nutte_one_throw": {"nutte": (True,)},
    "achter_deckel": {"achter": (True,)},
    "schock_aus_deckel": {"schock_aus": ("worth",)},
    "blind_double": {"blind": (True,)},
    "sixes_rethrow": {"sixes_turn": ("any_throw", "one_throw", "first_throw")},
    "open_round": {"covered": ("last_throw",)},
}
"""The options the engine reads only when other options have these values (as JSON values):
without them the option changes nothing (a form hides it, docs say "read only with")."""


def option_type(name: str) -> str:
    """How an option is set: ``"bool"``, ``"int"`` (:data:`DECKEL_RANGE`) or ``"choice"``
    (:func:`option_choices`)."""
    if name not in OPTIONS:
        raise _refused("rules_refused_unknown_option", name=name, known=", ".join(OPTIONS))
    if name in _ENUMS:
        return "choice"
    return "int" if name in _INTS else "bool"


def option_choices(name: str) -> tuple[str, ...]:
    """The values an option of more than two choices takes (none for the others)."""
    enum = _ENUMS.get(name)
    return () if enum is None else tuple(m.value for m in enum)


def is_read(rules: Rules, name: str) -> bool:
    """Whether the engine reads option ``name`` under these rules (:data:`ONLY_WITH`).

    >>> is_read(find_preset("tsv99"), "jule_deckel")
    False
    """
    needs = ONLY_WITH.get(name, {})
    return all(_plain(getattr(rules, other)) in values for other, values in needs.items())


PRESETS: dict[str, Rules] = {
    "tsv99": Rules(
        preset="tsv99",
        deckel_per_half=14,
        deckel_in_finale=13,
        opening=Opening.PLAIN_ROUND,
        more_halves=False,
        finale_opener=FinaleOpener.LAST_ROUND_LOSER,
        put_back=True,
        strasse_one_throw=False,
        general_one_throw=False,
        general_beats_schock_2=False,
        tiebreak=Tiebreak.LATER_LOSES,
        hand_aus_beats=False,
        sixes_rethrow=SixesRethrow.OTHER_SIXES,
        covered=Covered.NEVER,
        einwuerfeln=False,
        einwuerfeln_form=EinwuerfelnForm.FROM_EACH_HOLDER,
        jule=False,
        jule_deckel=7,
        jule_rank=JuleRank.TOP,
        jule_one_throw=False,
        general=True,
        set_aside=SetAside.ANY,
        sixes_turn=SixesTurn.ANY_THROW,
        first_round_one_throw=FirstRoundOneThrow.NEVER,
        strassen=Strassen.ALL,
        strasse_rank=StrasseRank.BY_PIPS,
        nutte=False,
        nutte_deckel=9,
        nutte_rank=NutteRank.TOP,
        nutte_one_throw=False,
        one_throw_while_middle=False,
        schock_aus=SchockAus.HALF,
        schock_aus_deckel=7,
        achter=False,
        achter_deckel=8,
        plain_rank=PlainRank.DIGITS,
        later_opener=LaterOpener.LOSER,
        deckel_owed=DeckelOwed.BEST,
        blind=False,
        blind_double=False,
        open_round=False,
    ),
    "schock4life": Rules(
        preset="schock4life",
        deckel_per_half=13,
        deckel_in_finale=13,
        opening=Opening.LOWEST_TAKES,
        more_halves=False,
        finale_opener=FinaleOpener.FIRST_HALF_LOSER,
        put_back=False,
        strasse_one_throw=False,
        general_one_throw=False,
        general_beats_schock_2=False,
        tiebreak=Tiebreak.MORE_THROWS_THEN_LATER,
        hand_aus_beats=True,
        sixes_rethrow=SixesRethrow.ALL_REMAINING,
        covered=Covered.LAST_THROW,
        einwuerfeln=True,
        einwuerfeln_form=EinwuerfelnForm.FROM_EACH_HOLDER,
        jule=False,
        jule_deckel=7,
        jule_rank=JuleRank.TOP,
        jule_one_throw=False,
        general=True,
        set_aside=SetAside.ANY,
        sixes_turn=SixesTurn.ANY_THROW,
        first_round_one_throw=FirstRoundOneThrow.NEVER,
        strassen=Strassen.ALL,
        strasse_rank=StrasseRank.BY_PIPS,
        nutte=False,
        nutte_deckel=9,
        nutte_rank=NutteRank.TOP,
        nutte_one_throw=False,
        one_throw_while_middle=False,
        schock_aus=SchockAus.HALF,
        schock_aus_deckel=7,
        achter=False,
        achter_deckel=8,
        plain_rank=PlainRank.DIGITS,
        later_opener=LaterOpener.LOSER,
        deckel_owed=DeckelOwed.BEST,
        blind=False,
        blind_double=False,
        open_round=False,
    ),
    "knobelrunde": Rules(
        preset="knobelrunde",
        deckel_per_half=13,
        deckel_in_finale=13,
        opening=Opening.PLAIN_ROUND,
        more_halves=False,
        finale_opener=FinaleOpener.LAST_ROUND_LOSER,
        put_back=True,
        strasse_one_throw=True,
        general_one_throw=True,
        general_beats_schock_2=True,
        tiebreak=Tiebreak.LATER_LOSES,
        hand_aus_beats=True,
        sixes_rethrow=SixesRethrow.OTHER_SIXES,
        covered=Covered.NEVER,
        einwuerfeln=False,
        einwuerfeln_form=EinwuerfelnForm.FROM_EACH_HOLDER,
        jule=False,
        jule_deckel=7,
        jule_rank=JuleRank.TOP,
        jule_one_throw=False,
        general=True,
        set_aside=SetAside.ANY,
        sixes_turn=SixesTurn.ANY_THROW,
        first_round_one_throw=FirstRoundOneThrow.NEVER,
        strassen=Strassen.ALL,
        strasse_rank=StrasseRank.BY_PIPS,
        nutte=False,
        nutte_deckel=9,
        nutte_rank=NutteRank.TOP,
        nutte_one_throw=False,
        one_throw_while_middle=False,
        schock_aus=SchockAus.HALF,
        schock_aus_deckel=7,
        achter=False,
        achter_deckel=8,
        plain_rank=PlainRank.DIGITS,
        later_opener=LaterOpener.LOSER,
        deckel_owed=DeckelOwed.BEST,
        blind=False,
        blind_double=False,
        open_round=False,
    ),
    "allgemein": Rules(
        preset="allgemein",
        deckel_per_half=13,
        deckel_in_finale=13,
        opening=Opening.PLAIN_ROUND,
        more_halves=False,
        finale_opener=FinaleOpener.LAST_ROUND_LOSER,
        put_back=True,
        strasse_one_throw=True,
        general_one_throw=True,
        general_beats_schock_2=False,
        tiebreak=Tiebreak.MORE_THROWS_THEN_LATER,
        hand_aus_beats=False,
        sixes_rethrow=SixesRethrow.OTHER_SIXES,
        covered=Covered.THIRD_THROW,
        einwuerfeln=False,
        einwuerfeln_form=EinwuerfelnForm.FROM_EACH_HOLDER,
        jule=False,
        jule_deckel=7,
        jule_rank=JuleRank.TOP,
        jule_one_throw=False,
        general=True,
        set_aside=SetAside.ANY,
        sixes_turn=SixesTurn.ANY_THROW,
        first_round_one_throw=FirstRoundOneThrow.NEVER,
        strassen=Strassen.ALL,
        strasse_rank=StrasseRank.BY_PIPS,
        nutte=False,
        nutte_deckel=9,
        nutte_rank=NutteRank.TOP,
        nutte_one_throw=False,
        one_throw_while_middle=False,
        schock_aus=SchockAus.HALF,
        schock_aus_deckel=7,
        achter=False,
        achter_deckel=8,
        plain_rank=PlainRank.DIGITS,
        later_opener=LaterOpener.LOSER,
        deckel_owed=DeckelOwed.BEST,
        blind=False,
        blind_double=False,
        open_round=False,
    ),
}
"""The four presets, one per rule text in ``docs/rule-texts/``."""


def find_preset(name: str) -> Rules:
    """The preset of that name; an unknown name is refused with the list of known ones."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise _refused("rules_refused_unknown_preset", name=name, known=known) from None


RULES_DATA_KEYS = ("preset", "overrides")
"""The keys of a rule set as data (:func:`rules_to_data`)."""


def rules_to_data(rules: Rules) -> dict[str, object]:
    """A rule set as plain JSON data: ``{"preset": name, "overrides": {option: value}}``, the
    options in which it differs from its preset. Rules whose preset is none of :data:`PRESETS`
    are written as ``"custom"`` with every option. :func:`rules_from_data` reads it back.

    >>> rules_to_data(find_preset("tsv99").with_overrides({"put_back": False}))
    {'preset': 'tsv99', 'overrides': {'put_back': False}}
    """
    if rules.preset in PRESETS:
        return {"preset": rules.preset, "overrides": rules.overrides()}
    return {
        "preset": "custom",
        "overrides": {k: v for k, v in rules.to_dict().items() if k != "preset"},
    }


def rules_from_data(data: object, where: object | None = "rules") -> Rules:
    """A rule set from the data :func:`rules_to_data` writes: an object with ``preset`` (one of
    :data:`PRESETS` or ``"custom"``, the defaults of :class:`Rules`) and, optionally,
    ``overrides`` (an object of options and plain JSON values).

    Refuses, with a :class:`~schocken.errors.RulesError` that begins with ``where`` (a text,
    or a text of :mod:`schocken.refusal_texts` said in the refusal's language, ``said()``;
    ``None``: a bad option or value is refused without it, as by :meth:`Rules.with_overrides`):
    anything but an object, a missing or unknown preset, keys beside ``preset`` and
    ``overrides``, overrides that are not an object, ``preset`` among the overrides, an unknown
    option or a bad value (naming the option).

    >>> rules_from_data({"preset": "allgemein", "overrides": {"finale": False}}).finale
    False
    >>> rules_from_data({"preset": "tsv99", "overides": {}})
    Traceback (most recent call last):
    ...
    schocken.errors.RulesError: rules: unknown key 'overides'; a rule set has only 'preset' and ...
    """
    named = "rules" if where is None else where
    if not isinstance(data, Mapping):
        raise _refused("rules_data_not_object", where=named, what=json_kind(data))
    unknown = [k for k in data if k not in RULES_DATA_KEYS]
    if unknown:
        names = ", ".join(repr(k) for k in unknown)
        key = "rules_data_unknown_keys" if len(unknown) > 1 else "rules_data_unknown_key"
        raise _refused(key, where=named, names=names)
    known = ", ".join([*PRESETS, "custom"])
    if "preset" not in data:
        raise _refused("rules_data_no_preset", where=named, known=known)
    name = data["preset"]
    if not isinstance(name, str) or (name not in PRESETS and name != "custom"):
        raise _refused("rules_data_unknown_preset", where=named, name=name, known=known)
    overrides = data.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise _refused("rules_data_overrides_not_object", where=named, what=json_kind(overrides))
    if "preset" in overrides:
        raise _refused("rules_data_preset_in_overrides", where=named)
    base = Rules() if name == "custom" else PRESETS[name]
    try:
        return base.with_overrides(overrides)
    except RulesError as exc:
        if where is None:  # the option's refusal alone (a form of the options asks)
            raise
        raise _refused("rules_refused_in", where=where, reason=exc) from None


def json_kind(value: object) -> object:
    """What a JSON value is, in words (a text of :mod:`schocken.refusal_texts`, said in the
    refusal's language; another type by its Python name): a refusal never quotes a value of
    any size. The record reader says it so too."""
    if value is None:
        return said("rules_kind_null")
    if isinstance(value, bool):
        return said("rules_kind_bool")
    if isinstance(value, str):
        return said("rules_kind_text")
    if isinstance(value, int | float):
        return said("rules_kind_number")
    if isinstance(value, list | tuple):
        return said("rules_kind_list")
    if isinstance(value, dict):
        return said("rules_kind_object")
    return type(value).__name__


def _refused(key: str, **fields: object) -> RulesError:
    """A refusal of a rule set: the text ``key`` of :mod:`schocken.refusal_texts` with its
    fields, the message in English (:func:`schocken.texts.refusal_text` says it in German)."""
    return RulesError(english(key, fields), key=key, **fields)


def parse_rules(text: str, *, source: object = "house rules") -> Rules:
    """Rules from TOML text: ``preset = "tsv99"`` plus any options to override; a refusal
    begins with ``source`` (as ``where`` of :func:`rules_from_data`).

    >>> parse_rules('preset = "allgemein"\\ndeckel_per_half = 15').deckel_per_half
    15
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _refused("rules_toml_invalid", source=source, detail=exc) from None
    except (ValueError, RecursionError):  # numbers too long, nesting too deep
        raise _refused("rules_toml_too_deep", source=source) from None
    if "rules" in data and isinstance(data["rules"], dict) and len(data) == 1:
        data = data["rules"]
    if "preset" not in data:
        raise _refused("rules_toml_no_preset", source=source, known=", ".join(PRESETS))
    try:
        return Rules.from_dict(data)
    except RulesError as exc:
        raise _refused("rules_refused_in", where=source, reason=exc) from None


def load_rules(path: str | Path) -> Rules:
    """Rules from a house-rules TOML file (see :func:`parse_rules`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"cannot read house rules {str(p)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RulesError(f"house rules {str(p)!r} are not UTF-8 text") from None
    return parse_rules(text, source=str(p))


def resolve_rules(spec: str) -> Rules:
    """A preset name, or the path of a house-rules TOML file."""
    if spec in PRESETS:
        return PRESETS[spec]
    if spec.endswith(".toml") or Path(spec).is_file():
        return load_rules(spec)
    return find_preset(spec)


SILENT = "text silent: our reading"
_PRESET_NUMBERS = (
    ("000", "tsv99"),
    ("001", "schock4life"),
    ("002", "knobelrunde"),
    ("003", "allgemein"),
)

OPTION_SOURCES: dict[str, dict[str, str]] = {
    "deckel_per_half": {
        "tsv99": '000: "14 Bierdeckel" ... "bis die 14 Bierdeckel ... verteilt sind"',
        "schock4life": '001: "13 Deckel starten in der Mitte."',
        "knobelrunde": '002: "In die Mitte der Runde kommt ein Stapel mit 13 Deckeln."',
        "allgemein": f"003: {SILENT} (13, the common count)",
    },
    "deckel_in_finale": {
        "tsv99": '000: "die 2 Looser untereinander mit den 13 Bierdeckeln den endgültigen '
        'Verlierer ausspielen"',
        "schock4life": '001: "Die beiden Verlierer*innen spielen 1 gegen 1 mit 13 Deckeln."',
        "knobelrunde": f"002: {SILENT} (13, as in a half)",
        "allgemein": f"003: {SILENT} (13, as in a half)",
    },
    "finale": {
        "tsv99": '000: "Beide Verlierer spielen schließlich den endgültigen Verlierer aus."',
        "schock4life": '001: "Finale (nur falls zwei verschiedene Personen Hin- und Rückrunde '
        'verloren haben)"',
        "knobelrunde": '002: "so spielen sie alleine in einer dritten Runde den Verlierer der '
        'gesamten Knobelrunde aus"',
        "allgemein": '003: "Sollten die beiden Hälften an zwei verschiedene Spieler gegangen '
        'sein, so entscheidet der Endkampf."',
    },
    "opening": {
        "tsv99": '000: "Es wird ein normaler Durchgang von allen Mitspielern gewürfelt. '
        "Derjenige, der den höchsten Wert gewürfelt hat ... darf die eigentliche 1. Runde "
        'eröffnen."',
        "schock4life": '001: "Alle würfeln einmal. Wer den niedrigsten Wurf hat, bekommt so '
        'viele Deckel wie der höchste Wurf zeigt. ... Bei Gleichstand: Stechen"',
        "knobelrunde": f"002: {SILENT} (as tsv99: a round for no Deckel, best result opens)",
        "allgemein": f"003: {SILENT} (as tsv99: a round for no Deckel, best result opens)",
    },
    "more_halves": {
        "tsv99": '000: "Beide Verlierer spielen schließlich den endgültigen Verlierer aus." (a '
        "Finale, no further half)",
        "schock4life": '001: "Finale (nur falls zwei verschiedene Personen Hin- und Rückrunde '
        'verloren haben)"',
        "knobelrunde": '002: "so spielen sie alleine in einer dritten Runde den Verlierer der '
        'gesamten Knobelrunde aus"',
        "allgemein": '003: "Sollten die beiden Hälften an zwei verschiedene Spieler gegangen '
        'sein, so entscheidet der Endkampf."',
    },
    "finale_opener": {
        "tsv99": f"000: {SILENT} (the loser of the last round, as between rounds)",
        "schock4life": '001: "Hinrunden-Verlierer*in beginnt das Finale."',
        "knobelrunde": f"002: {SILENT} (the loser of the last round)",
        "allgemein": f"003: {SILENT} (the loser of the last round)",
    },
    "put_back": {
        "tsv99": '000: "Auch Würfel, die bei vorhergehenden versuchen "draussen" ... waren, '
        'können wieder in den Becher gegeben werden."',
        "schock4life": '001: "Bereits rausgelegte Würfel dürfen nicht erneut gewürfelt werden."',
        "knobelrunde": f'002: {SILENT} (yes: "Jeder Würfel kann stehen gelassen werden" '
        "forbids nothing)",
        "allgemein": '003: "Auch Würfel, die bei vorhergehenden Versuchen draußen ... waren, '
        'können wieder in den Becher gegeben werden."',
    },
    "strasse_one_throw": {
        "tsv99": f"000: {SILENT} (no: a Strasse may be assembled)",
        "schock4life": '001: "Kombinationen dürfen über mehrere Würfe entstehen. z. B. 3-4 im '
        'ersten, 5 im zweiten → ergibt eine Straße"',
        "knobelrunde": '002: "Straße: ... (muß mit einem Wurf gewürfelt werden)"',
        "allgemein": '003: "Straßen und Generals sind in EINEM Wurf zu tätigen"',
    },
    "general_one_throw": {
        "tsv99": f"000: {SILENT} (no: a General may be assembled)",
        "schock4life": '001: "Kombinationen dürfen über mehrere Würfe entstehen."',
        "knobelrunde": '002: "General: ... (muß mit einem Wurf gewürfelt werden)"',
        "allgemein": '003: "Straßen und Generals sind in EINEM Wurf zu tätigen"',
    },
    "general_beats_schock_2": {
        "tsv99": f"000: {SILENT} (no: every Schock beats a General)",
        "schock4life": "001: the ranking table lists Schock 1-1-6 to 1-1-2 above the General",
        "knobelrunde": '002: "General ... ist höher als ein Schock 2 (auch Schock doof genannt)"',
        "allgemein": '003: "Sollten in einer Runde ein Schock 2 und ein General die höchsten '
        "Wertungen sein, erhält der unterlegene Spieler die Deckelanzahl der höchsten Wertung, "
        'also Schock 2"',
    },
    "tiebreak": {
        "tsv99": '000: "Haben mehrere Spieler das gleiche Ergebnis erwürfelt, so verliert '
        'derjenige, der als letzter geworfen hat (= Nachgelegt!!!)."',
        "schock4life": '001: "Bei Gleichstand zählt: 1. Wer mehr Würfe gebraucht hat, '
        'verliert. 2. Danach verliert die Person, die später geworfen hat."',
        "knobelrunde": '002: "Bei gleichen Würfen gilt "Mit ist Schitt"."',
        "allgemein": '003: "... so ist derjenige überlegen, der weniger Würfe angewandt hat."',
    },
    "hand_aus_beats": {
        "tsv99": f"000: {SILENT} (no: every Schock-Aus is equal)",
        "schock4life": '001: "Ein direkter Schock-Aus (1-1-1 in einem Wurf) schlägt einen '
        'vorherigen, selbst wenn die andere Person weniger Würfe gebraucht hat."',
        "knobelrunde": f'002: {SILENT} (yes: "Hand Out: drei mal 1 in einem Wurf" is named '
        'apart from "Schock Out")',
        "allgemein": f"003: {SILENT} (no: every Schock-Aus is equal)",
    },
    "sixes_rethrow": {
        "tsv99": '000: "Darüberhinaus muss die andere Sechs wieder zurück in den Würfelbecher."',
        "schock4life": '001: "2x Sechs in einem Wurf → 1 Würfel zu einer 1 drehen, die '
        'restlichen Würfel erneut würfeln"',
        "knobelrunde": '002: "Hat man nach dem ersten oder zweiten Wurf 2 Einsen und bspw. '
        '1 Sechs stehen, muss weitergewürfelt werden."',
        "allgemein": '003: "Die andere Sechs muss zurück in den Würfelbecher und ein weiterer '
        'Wurf muss folgen."',
    },
    "covered": {
        "tsv99": f"000: {SILENT} (no throw is covered)",
        "schock4life": '001: "Nach dem letzten Wurf bleibt der Becher verdeckt." ... "Am Ende '
        'decken alle ihre Würfe auf."',
        "knobelrunde": f"002: {SILENT} (no throw is covered)",
        "allgemein": '003: "Der erste Spieler hat bis zu drei Versuche, wobei der dritte Wurf '
        'nicht aufgedeckt werden darf."',
    },
    "einwuerfeln": {
        "tsv99": '000: not in the text ("Hat man keine Deckel mehr, so ist man aus dem Finale '
        'ausgeschieden")',
        "schock4life": '001: "Ausgeschiedene können sich einwürfeln."',
        "knobelrunde": "002: not in the text",
        "allgemein": '003: not in the text ("nehmen vorerst nicht mehr am Spiel teil")',
    },
    "einwuerfeln_form": {
        "tsv99": "000: not in the text (no Einwürfeln)",
        "schock4life": '001: "bekommen sie **von jeder Person einen Deckel**" (from_each_holder)',
        "knobelrunde": "002: not in the text (no Einwürfeln)",
        "allgemein": "003: not in the text (no Einwürfeln)",
    },
    "jule": {
        "tsv99": '000: no Jule: "Alles andere sind alle Würfe, die keine Strasse, kein General '
        'und kein Schock sind." (4-2-1 is the number 421)',
        "schock4life": "001: no Jule: the ranking table has Schock-Aus, Schock, General, Straße "
        'and "Einfach Zahl" only',
        "knobelrunde": '002: no Jule: "Einfacher Wurf: nach Augenzahl sortiert" (4-2-1 is 421)',
        "allgemein": '003: no Jule: the order ends with "normale Zahlen (1 Deckel)", 4-2-1 among '
        "them",
    },
    "jule_deckel": {
        "tsv99": "000: not in the text (no Jule); 7, the worth most sources give it",
        "schock4life": "001: not in the text (no Jule); 7, the worth most sources give it",
        "knobelrunde": "002: not in the text (no Jule); 7, the worth most sources give it",
        "allgemein": "003: not in the text (no Jule); 7, the worth most sources give it",
    },
    "jule_rank": {
        "tsv99": "000: not in the text (no Jule)",
        "schock4life": "001: not in the text (no Jule)",
        "knobelrunde": "002: not in the text (no Jule)",
        "allgemein": "003: not in the text (no Jule)",
    },
    "jule_one_throw": {
        "tsv99": "000: not in the text (no Jule)",
        "schock4life": "001: not in the text (no Jule)",
        "knobelrunde": "002: not in the text (no Jule)",
        "allgemein": "003: not in the text (no Jule)",
    },
    "general": {
        "tsv99": '000: "Generäle - dreimal dieselbe Zahl"',
        "schock4life": '001: "Jenny, General (Drilling) 6-6-6 3 Deckel"',
        "knobelrunde": '002: "General: drei mal 2,3,4,5 oder 6 -> 3 Deckel"',
        "allgemein": '003: "General (3 Deckel)"',
    },
    "set_aside": {
        "tsv99": '000: "Nach einem Wurf kann man alle Würfel zurück in den Becher geben, er kann '
        'aber auch zwei oder nur einen Würfel zurück in den Becher geben."',
        "schock4life": '001: "Nach jedem Wurf dürfen beliebige Würfel erneut geworfen werden."',
        "knobelrunde": '002: "Jeder Würfel kann stehen gelassen werden"',
        "allgemein": '003: "Nach einem Wurf kann der Spieler alle Würfel zurück in den Becher '
        'geben, er kann aber auch zwei oder nur einen Würfel zurück in den Becher geben."',
    },
    "sixes_turn": {
        "tsv99": '000: "Würfelt man mit einem Wurf zwei Sechsen, so kann man eine davon umdrehen '
        '(zur eins machen). Das geht aber nicht im dritten Wurf."',
        "schock4life": '001: "2x Sechs in einem Wurf → 1 Würfel zu einer 1 drehen" ... "Sechs '
        'drehen ist nur erlaubt, wenn noch mindestens ein Wurf in diesem Zug übrig ist."',
        "knobelrunde": '002: "Zwei mal die 6 in einem Wurf kann zu einer 1 umgedreht werden; drei '
        'mal die 6 zu zwei Einsen."',
        "allgemein": '003: "Würfelt man mit EINEM Wurf zwei Sechsen, so kann man eine davon zu '
        'einer 1 umdrehen. Dies gilt jedoch nicht beim dritten Wurf."',
    },
    "first_round_one_throw": {
        "tsv99": '000: never: every round alike, "Der erste Spieler hat bis zu drei Versuche."',
        "schock4life": '001: never: every round alike, "Bis zu **drei Würfe** sind erlaubt."',
        "knobelrunde": '002: never: every round alike, "Der Spieler, der den ersten Wurf der '
        '(Einzel-) Runde macht, legt durch die Anzahl seiner Würfe (max. 3) fest"',
        "allgemein": '003: never: every round alike, "Der erste Spieler hat bis zu drei Versuche"',
    },
    "strassen": {
        "tsv99": '000: "Strassen - eins zwei drei / zwei drei vier / drei vier fünf oder vier '
        'fünf sechs"',
        "schock4life": '001: "Straße 6-5-4, 3-2-1" names the highest and the lowest; "3-4 im '
        'ersten, 5 im zweiten → ergibt eine **Straße**": 3-4-5 is one too',
        "knobelrunde": '002: "Straße: 1,2,3 bis 4,5,6"',
        "allgemein": f'003: {SILENT} ("Straße (2 Deckel)" without a list: all four, as the '
        "other texts)",
    },
    "strasse_rank": {
        "tsv99": '000: "(=Kleine, 2 Mittlere und Große)"',
        "schock4life": '001: "Straße 6-5-4, 3-2-1", highest first as every row of the table',
        "knobelrunde": '002: "Straße: 1,2,3 bis 4,5,6", the order of the list of results',
        "allgemein": f"003: {SILENT} (the higher Straße is better, as in the other texts)",
    },
    "nutte": {
        "tsv99": '000: no Nutte: "das niedrigste zwei zwei eins (= DDR-Schock)", the worst throw',
        "schock4life": "001: no Nutte: the ranking table has Schock-Aus, Schock, General, Straße "
        'and "Einfach Zahl" only',
        "knobelrunde": '002: no Nutte: "Einfacher Wurf: nach Augenzahl sortiert" (2-2-1 is 221)',
        "allgemein": '003: no Nutte: the order ends with "normale Zahlen (1 Deckel)", 2-2-1 among '
        "them",
    },
    "nutte_deckel": {
        "tsv99": "000: not in the text (no Nutte); 9, the worth tsw gives it",
        "schock4life": "001: not in the text (no Nutte); 9, the worth tsw gives it",
        "knobelrunde": "002: not in the text (no Nutte); 9, the worth tsw gives it",
        "allgemein": "003: not in the text (no Nutte); 9, the worth tsw gives it",
    },
    "nutte_rank": {
        "tsv99": "000: not in the text (no Nutte)",
        "schock4life": "001: not in the text (no Nutte)",
        "knobelrunde": "002: not in the text (no Nutte)",
        "allgemein": "003: not in the text (no Nutte)",
    },
    "nutte_one_throw": {
        "tsv99": "000: not in the text (no Nutte)",
        "schock4life": "001: not in the text (no Nutte)",
        "knobelrunde": "002: not in the text (no Nutte)",
        "allgemein": "003: not in the text (no Nutte)",
    },
    "one_throw_while_middle": {
        "tsv99": '000: false: "Der erste Spieler hat bis zu drei Versuche." for every round, the '
        "middle full or empty",
        "schock4life": '001: false: "Bis zu **drei Würfe** sind erlaubt." while "Solange Deckel '
        'in der Mitte sind, **spielen alle mit**."',
        "knobelrunde": '002: false: "legt durch die Anzahl seiner Würfe (max. 3) fest" for every '
        "round",
        "allgemein": '003: false: "Der erste Spieler hat bis zu drei Versuche" for every round',
    },
    "schock_aus": {
        "tsv99": '000: half: "Würfelt jemand einen Schock out (eins eins eins), so verliert '
        "derjenige die jeweilige Hälfte, der in diesem Durchgang den niedrigsten Wert erzielt "
        'hat."',
        "schock4life": '001: half: "Schock-Aus 1-1-1 Runde endet sofort - schlechtester Wurf '
        'verliert"',
        "knobelrunde": '002: half: "Schock Out: drei mal 1 in zwei oder drei Würfen -> die '
        'Hälfte ist zu Ende und der Spieler mit dem niedrigsten Wurf dieser Runde hat verloren."',
        "allgemein": '003: half: "so erhält der Mitspieler mit der niedrigsten Wertung alle '
        'Deckel, ungeachtet der Tatsache, ob einige Deckel schon verteilt wurden oder nicht."',
    },
    "schock_aus_deckel": {
        "tsv99": '000: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
        "schock4life": '001: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
        "knobelrunde": '002: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
        "allgemein": '003: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
    },
    "achter": {
        "tsv99": '000: no Achter: "Alles andere sind alle Würfe, die keine Strasse, kein General '
        'und kein Schock sind." (3-3-1 is 331)',
        "schock4life": '001: no Achter: the ranking table ends with "Einfach Zahl"',
        "knobelrunde": '002: no Achter: "Einfacher Wurf: nach Augenzahl sortiert" (3-3-1 is 331)',
        "allgemein": '003: no Achter: the order ends with "normale Zahlen (1 Deckel)"',
    },
    "achter_deckel": {
        "tsv99": "000: not in the text (no Achter); 8, the lower worth shaw offers",
        "schock4life": "001: not in the text (no Achter); 8, the lower worth shaw offers",
        "knobelrunde": "002: not in the text (no Achter); 8, the lower worth shaw offers",
        "allgemein": "003: not in the text (no Achter); 8, the lower worth shaw offers",
    },
    "plain_rank": {
        "tsv99": '000: "Geordnet werden sie absteigend nach den Augenzahlen der Würfel."',
        "schock4life": '001: "Einfach Zahl 4-6-3 = 643"',
        "knobelrunde": '002: "Einfacher Wurf: nach Augenzahl sortiert: (z.B. 3,6,1 = 631)"',
        "allgemein": '003: "Das heißt in den oben gezeigten Beispielen liegen einmal '
        'Sechshundertfünfundsechzig und einmal Zweihunderteinundzwanzig (der kleinste Wurf)."',
    },
    "later_opener": {
        "tsv99": f"000: {SILENT} (the loser of a round opens the next, as in the other texts)",
        "schock4life": '001: "Die Person mit dem niedrigsten Wurf **beginnt** das Spiel." (the '
        "loser opens, the middle empty or not)",
        "knobelrunde": f"002: {SILENT} (the loser of a round opens the next)",
        "allgemein": f"003: {SILENT} (the loser of a round opens the next)",
    },
    "deckel_owed": {
        "tsv99": '000: "Er bekommt soviele deckel, wie es der höchste Wert (also das höchste '
        'Würfelergebnis) in dieser Runde vorschreibt."',
        "schock4life": '001: "Wer den niedrigsten Wurf hat, bekommt so viele Deckel wie der '
        'höchste Wurf zeigt."',
        "knobelrunde": '002: "bekommt eine entsprechende Anzahl von Deckeln, die vom höchsten Wurf '
        'der Runde abhängt"',
        "allgemein": '003: "bekommt der Spieler, der die niedrigste Wertung würfelt, ... die '
        'Anzahl der Deckel, die der Spieler mit der höchsten Wertung erzielt hat"',
    },
    "blind": {p: f"{n}: not in the text (no blind play)" for n, p in _PRESET_NUMBERS},
    "blind_double": {p: f"{n}: not in the text (no blind play)" for n, p in _PRESET_NUMBERS},
    "open_round": {p: f"{n}: not in the text (no open round)" for n, p in _PRESET_NUMBERS},
}
"""For each option (but ``preset``) and preset: the sentence of the text, or our reading."""

SOURCES: dict[str, str] = {
    "wiki": "https://de.wiki.li/Schocken (mirror of German Wikipedia)",
    "sackj": "http://sackjeseech.com/ (the text of the allgemein preset)",
    "tingting": "http://knobelklub-tingtingting.de/seite/spielregeln.html (the knobelrunde text)",
    "daha12": "http://www.daha12.de/?page_id=64",
    "jusos": "https://wiki.nrwjusos.de/wiki/schocken-heisst-der-antrag/",
    "spiele7": "https://www.spiele7.de/regeln/schocken.html",
    "tanneb": "http://bjoerntanneberger.de/schock.htm",
    "burger": "https://das-burgerwerk.de/schocken/",
    "kepler": "https://kepler-eck.de/spiele/schocken/",
    "ohnetheke": "http://schockenohnetheke.de/de/regeln",
    "liga": "https://schocken-liga.blogspot.com/p/blog-page.html",
    "bitzen": "http://www.bitzen-online.de/ (Schockclub Klabusterbären)",
    "rsc03": "https://rsc03.de.tl/Regelwerk.htm",
    "kroeten": "http://kroetenfluechter.de/schockregeln.html",
    "schockaus": "http://schockaus.de/seite4.html",
    "mortsch": "http://urlm.de/g/c/m/1502690 (Inter-Mortsche-nale)",
    "keller": "http://57865509.swh.strato-hosting.eu/Das-Spiel/ (Kellerschocker United Baden)",
    "niederrhein": "https://www.niederrhein-schockmeisterschaft.de/kopie-von-spielanleitung",
    "bvb": "https://www.bvb.de/de/en/general/campaign/schocken.html",
    "sr-en": "https://www.spielregeln.de/en/shock.html",
    "h2g2": "https://h2g2.com/edited_entry/A593183",
    "paua": "https://www.paua.store/blogs/news/paua-trinkspiele-3-schocken",
    "lustige": "https://www.lustige-trinkspiele.de/",
    "schockomania": "https://schockomania.de/game.html",
    "greher": "http://greher.de/jule/jule-spielregeln.htm",
    "kerwe": "https://www.kerweborsch-biebesheim.de/juleturnier/juleregeln/",
    "casino": "http://www.casinospiegel.net/die-jule.html",
    "monopoly": "http://monopoly-duesseldorf.de/knobeln.html",
    "velen": "https://schockenvelen.de/index.php/regeln",
    "mad": "github.com/madmaddin/schocken (src/game/rules/)",
    "tsw": "github.com/Wiiilmaa/Tele-Schocken (backend/app/rulesets.json)",
    "shaw": "github.com/shawdyy/schocken (src/types/Ruleset.ts)",
    "papr": "github.com/papr/schocken-discord-bot (src/schocken/wurf.py)",
    "rebel": "github.com/RebelMetal-dev/schocken-web-app (SCHOCKEN_RULES.md)",
    "board": "github.com/sNyteXx/Schockboard (src/domain/rules.ts)",
    "o2k": "github.com/O2kar1899/schocken (Schocken/rules.txt)",
    "seb": "github.com/Sebringl/Schocken_Online (server.js)",
    "holl": "github.com/benhollisch/dice_game_schocken",
    "leon": "github.com/leonweinrich99/schocken_app",
    "mats": "github.com/Mats-He/schocken",
    "weizhao": "https://www.weizhaoxiang.com/2020/10/23/app-571000955/ (an app's rules)",
}
"""Rule pages and other Schocken programs that :data:`REGIONAL_SOURCES` cites by key (read for
issue 14; ``shared/REGIONAL.md`` has the catalogue)."""

REGIONAL_SOURCES: dict[str, str] = {
    "deckel_per_half": "13 in most pages and programs [wiki, jusos, kepler, burger, bvb, mad, "
    "tsw, shaw]; 15 [papr, greher, schockomania, tsw]; 11 [monopoly]; 26 [schockaus]; about 10 "
    "a player [casino]. Any count from 1 to 999 may be set.",
    "deckel_in_finale": "as many as a half in most [daha12, bitzen, burger]; tsv99 plays 14 in a "
    "half and 13 in the Finale.",
    "finale": "a Finale almost everywhere; none, every lost half a lost game, in tsw's presets "
    "without Finale [tsw].",
    "opening": "lowest_takes [liga, rebel, tanneb]; a round for no Deckel, best opens (tsv99); "
    'worst_opens, one throw each, the worst opens for no Deckel ("Laden") [mad]; '
    "high_die, one die each, the highest opens, ties throw again [h2g2, keller, jusos, mortsch]; "
    "low_die, one die each, the lowest opens, ties Stechen [papr]; first_seat, a fixed first "
    'player: the youngest [burger], the club\'s "König" [rsc03] or "Präsident" [kroeten], the '
    "app's host [ohnetheke], one drawn by lot [spiele7].",
    "more_halves": 'a Finale almost everywhere; no Finale but a token ("Hälfte") for each lost '
    "half, whoever has lost two pays, so two different half-losers are followed by a further "
    "half of everyone [keller].",
    "finale_opener": "first_half_loser [rsc03, tanneb, bitzen, mad, mats].",
    "put_back": "allowed [sackj, monopoly, o2k, rebel]; forbidden [bvb, ohnetheke, mad].",
    "strasse_one_throw": "only from one throw in most [tingting, sackj, niederrhein, keller, "
    "jusos, h2g2, papr, board, mad, shaw]; may be assembled [mortsch].",
    "general_one_throw": "only from one throw in most [tingting, sackj, niederrhein, keller, "
    "jusos, h2g2, papr, board, mad, shaw]; may be assembled [mortsch].",
    "general_beats_schock_2": "above Schock 2 [tingting, niederrhein, bvb, board, casino]; below "
    "it [sackj, mad, tsw, papr, o2k, rebel, holl, leon]: an even split.",
    "tiebreak": "later_loses [tingting, niederrhein, paua, liga, board, greher, rebel, mad]; "
    "more_throws_then_later [sackj, greher, niederrhein, tsw, seb, papr]; "
    "one_throw_then_later, a result from one throw beating a built one [rebel, mad] (mad: a "
    "later one-throw result wins even against an earlier one; rebel: then the earlier wins; "
    "one_throw_then_later plays rebel's 'Goldene Mitte': a later one-throw result takes the best "
    "place from an earlier built one, which is saved); throw_off [kerwe, monopoly]; no_deckel, "
    "nobody takes Deckel on a tied worst result [o2k].",
    "hand_aus_beats": "true [tingting, sr-en]; a switch in [mad].",
    "sixes_rethrow": "other_sixes [tsw, ohnetheke]; all_remaining [rebel].",
    "covered": "third_throw [sackj, keller, mortsch]; last_throw [kroeten, lustige, bvb, tsw, "
    "mad]; all, every throw covered until the reveal [spiele7].",
    "einwuerfeln": "taking one Deckel from each holder (schock4life); at risk [board], see "
    "einwuerfeln_form; other ways back in [velen, rebel] are not offered.",
    "einwuerfeln_form": "from_each_holder (schock4life); at_risk: joins the round taking nothing "
    'and "picks Deckel up again if he loses the round" [board].',
    "jule": "4-2-1 is a Jule in Hessian and Knobel circles and some programs [greher, casino, "
    "monopoly, papr, tsw, shaw]; a switch, off by default, in [mad].",
    "jule_deckel": "7 [mad, papr, tsw, greher, shaw]; 8 [monopoly]; 9 [casino].",
    "jule_rank": "top: right below Schock-Aus [mad, tsw, papr]; by_worth: ranked by its worth "
    "[shaw].",
    "jule_one_throw": "true [papr]; a switch, off by default, in [mad].",
    "general": "three equal dice are a General worth 3 everywhere; [mad] can switch it off.",
    "set_aside": "ones [h2g2, schockaus, keller, rebel, mad]; ones_and_sixes [shaw]; any "
    "[tingting, sackj, monopoly, o2k], and [mad] with its switch.",
    "sixes_turn": "any_throw with a throw left [bvb, ohnetheke, greher, tsw, mad, keller, "
    'mortsch]; one_throw, "aus der Hand" [rebel, jusos] (our reading: all three dice thrown); '
    "first_throw, only after the turn's first throw [schockaus]; never: a switch in [mad, shaw].",
    "first_round_one_throw": '"Erster Hoch", a switch off by default in [mad]: halves; with its '
    'second switch "Erster Hoch im Finale", halves_and_finale. No other source has it.',
    "strassen": "all four in almost every source [wiki, tingting, sackj, tsw, mad, papr]; outer, "
    "only 1-2-3 and 4-5-6 [sr-en].",
    "strasse_rank": "by_pips, the higher Straße better, in most [tsw, casino, liga]; equal, "
    "the tie rule deciding, in a declared switch of [shaw].",
    "nutte": '2-2-1 as a top special: "Nutte" in tsw\'s Nutte presets (with 15 Deckel) [tsw], '
    '"Siebener" [shaw]; elsewhere it is the worst throw, in club ledgers booked as a penalty '
    "[greher, sr-en] (tsv99 too).",
    "nutte_deckel": "9 [tsw, shaw]; 7 [shaw].",
    "nutte_rank": "top: right below Schock-Aus, above a Jule [tsw]; by_worth: ranked by its worth "
    "among the specials and Schocks [shaw].",
    "nutte_one_throw": "true: specials only from one throw unless Pflücken is allowed, the "
    "default of [shaw]; tsw does not say (false).",
    "one_throw_while_middle": '"Anknobeln": one throw each while Deckel are in the middle, up '
    "to three once players give Deckel to each other [casino, weizhao]. No other source has it.",
    "schock_aus": "half, the worst taking every Deckel, in almost every source [wiki, burger, "
    "tingting, niederrhein, keller, bvb, tsw, mad, rebel, papr]; game, the game over at once "
    '[schockaus]; worth, a fixed worth: "Julius" 7 [casino, monopoly], "Chicago" the whole '
    "stock of 15 [greher]. Not offered: nobody throws after a Schock-Aus [o2k].",
    "schock_aus_deckel": '7 ("Julius") [casino, monopoly]; 15, the whole stock ("Chicago") '
    "[greher].",
    "achter": '3-3-1 as a special "Achter", ranked by its worth like every special there, and '
    "(unless Pflücken is allowed) only from one throw [shaw]. No other source has it.",
    "achter_deckel": "8 or 10 [shaw].",
    "plain_rank": "digits, read as a three-digit number, in almost every source [wiki, tsw, mad, "
    "papr, greher]; pip_sum, the sum of the pips [schockomania].",
    "later_opener": "loser in every source; once Deckel go between players, most_deckel, the "
    "holder of the most [keller], or after_most_deckel, the player after him [kerwe].",
    "deckel_owed": "best almost everywhere; sum, the worths of every player's special result "
    'added up ("pro Mitspieler mit Sonderwerten erhöht sich die Anzahl der Deckel") [monopoly]; '
    "the loser taking every point thrown in the round, 1 if no special was thrown [casino].",
    "blind": 'a player who does not lift his cup says "Blind"; those after him may look only '
    "up to his throw count, and the last throw is blind too [schockaus]; blind play [rebel, "
    "ohnetheke]. Not offered: going blind later than the opener's first throw.",
    "blind_double": "a first throw left blind counts double, Schock-Aus excepted [burger].",
    "open_round": '"offen spielen": an opener who leaves his first throw open makes the whole '
    "round open [rsc03, mortsch, rebel].",
}
"""For each option: what rule pages and other Schocken programs play, by :data:`SOURCES` key
(in brackets)."""


def source_keys(name: str) -> tuple[str, ...]:
    """The keys of :data:`SOURCES` that :data:`REGIONAL_SOURCES` cites for option ``name``, in
    the order it first names them (where the option is played beyond the four texts).

    >>> source_keys("jule_deckel")
    ('mad', 'papr', 'tsw', 'greher', 'shaw', 'monopoly', 'casino')
    """
    keys: list[str] = []
    for bracket in re.findall(r"\[([^\]]+)\]", REGIONAL_SOURCES[name]):
        for key in (k.strip() for k in bracket.split(",")):
            if key not in keys:
                keys.append(key)
    return tuple(keys)


def apart(preset: str) -> tuple[str, ...]:
    """The options in which preset ``preset`` differs from the others: from the value most of
    the four presets play (where two play one value and two another, from the default of
    :class:`Rules`), the engine reading it; in the order of :data:`GROUPS`.

    >>> apart("tsv99")
    ('deckel_per_half',)
    """
    rules = find_preset(preset)
    plain = Rules()
    found = []
    for name in (n for names in GROUPS.values() for n in names):
        values = [getattr(p, name) for p in PRESETS.values()]
        counts = sorted({values.count(v) for v in values}, reverse=True)
        common = [v for v in values if values.count(v) == counts[0]]
        usual = common[0] if len(set(common)) == 1 else getattr(plain, name)
        if getattr(rules, name) != usual and is_read(rules, name):
            found.append(name)
    return tuple(found)


def rules_to_toml(rules: Rules) -> str:
    """A rule set as house rules in TOML (:func:`parse_rules` reads it back): its preset and
    the options in which it differs from it.

    >>> print(rules_to_toml(find_preset("tsv99").with_overrides({"jule": True})), end="")
    preset = "tsv99"
    jule = true
    """
    data = rules_to_data(rules)
    overrides = data["overrides"]
    assert isinstance(overrides, dict)
    lines = [f'preset = "{data["preset"]}"']
    lines += [f"{name} = {json_value(value)}" for name, value in overrides.items()]
    return "\n".join(lines) + "\n"


READINGS: tuple[tuple[str, str], ...] = (
    (
        "One throw",
        'A Straße, a General or a Hand-Aus is "in one throw" when all three dice showed in the '
        "player's last throw: none set aside, no turned six among them, whatever the number of "
        "throws used. Assembled, a Straße or General counts as the plain number of its dice.",
    ),
    (
        "End of a turn",
        "A turn ends by itself when the player has used the round's throw limit; before that the "
        "player stops. The round's first player may use up to three throws; the throws they used "
        "are the limit for everyone after them.",
    ),
    (
        "Turning sixes",
        "Two sixes of the last throw become one 1, three sixes become two 1s (no other choice). "
        "The ones stay out of the cup; a throw must follow, and what must go back into the cup is "
        "set by sixes_rethrow. Sixes set aside before the last throw do not count.",
    ),
    (
        "Covered cup",
        "A covered result is known to its player only; the others see the dice set aside and the "
        "number of throws. All results are revealed when the round's last player has finished. A "
        "player who stops before the covered throw has shown their dice; with covered = all "
        "every throw is covered, so nothing under a cup is shown before the reveal. The opening "
        "throw and the Stechen are never covered.",
    ),
    (
        "Blind round",
        "With blind the opener of a round for Deckel may, instead of his first throw, throw blind "
        "(action blind): one throw he does not look at. The limit is 1, nobody turns sixes, and "
        "every turn of the round is one throw covered to everyone, its own player too, until the "
        "round's last player has thrown; then all are revealed as in any round. With "
        "blind_double the Deckel the best result is worth count double in that round (from the "
        "middle, then from the best player, as ever); a Schock-Aus stays a Schock-Aus. Erster "
        "Hoch and Anknobeln rounds, whose limit is fixed at 1 before the opener throws, are not "
        "opened blind.",
    ),
    (
        "Customs that need no switch",
        "Some tables throw the first throw of a round all at once and leave the cups down, each "
        "looking only on his turn (gleichzeitig laden [rsc03, daha12, kroeten, jusos]); some let "
        "a player who stopped early cover his dice again (wieder verdecken [mortsch, rebel]). In "
        "software neither changes what a player can decide or see: here each player's dice are "
        "thrown and seen only on his turn, which is what the cup down until then gives, and dice "
        "the table has already seen cannot be hidden again. Both are played as they are, with no "
        "option.",
    ),
    (
        "Opening round (plain_round)",
        "The first player at the table (seat 0) begins the opening round; it is a normal round, "
        "covering included, for no Deckel. Its best result, by the round's order and tie rule, "
        "opens the first round for Deckel.",
    ),
    (
        "Opening throw (lowest_takes)",
        "Everyone throws once, in seat order. The lowest takes, from the middle, as many Deckel as "
        "the highest opening throw is worth; a Schock-Aus there is worth the whole half, so the "
        "lowest loses the first half at once. Players tied for the lowest throw once more each "
        "(Stechen) until one is lowest; the count stays that of the first opening throw.",
    ),
    (
        "Opening throw (worst_opens)",
        "As with lowest_takes, everyone throws once in seat order and players tied for the lowest "
        "throw again (Stechen) until one is lowest, who opens the first round; no Deckel move, "
        "and a Schock-Aus there is only the best throw.",
    ),
    (
        "One die each (high_die, low_die)",
        "Everyone throws one die, in seat order, openly; its pips are all that counts. With "
        "high_die the highest die opens the first round, with low_die the lowest; no Deckel move. "
        "Players tied for that die throw their one die again among themselves until one is alone.",
    ),
    (
        "Second half and Finale",
        "The opening procedure is played once, at the start of the game. The second half is "
        "opened by the first half's loser (the loser of its last round, or a player who lost it "
        "by buying in, see Einwürfeln); the Finale by the player finale_opener names.",
    ),
    (
        "Einwürfeln",
        "A player who is out may buy back in before the first throw of a round: they take one "
        "Deckel from every player holding Deckel and play that round in their seat's place. A "
        "player left with no Deckel that way still plays the round, and is out after it unless "
        "they got Deckel in it. The round is played clockwise from the last round's loser: the "
        "loser opens whenever they play in it (also when they have just bought back in), and a "
        "player who bought in takes their seat's place in that order like any other (000: \"Der "
        'Spieler, der die letzte Runde verloren hat, darf die Nächste beginnen."; 003 says the '
        'same; 001: after buying in they "spielen ... wieder normal mit"). Our reading where the '
        "text is silent: a player who, buying in, takes the last Deckel of every holder (the "
        "middle is empty and each holder had one) holds every Deckel of the half and has lost it "
        "at once, as one who takes them all in a round: the round is not played, and the half "
        'ends as any half lost, its loser opening the next half (001: "Wer alle 13 Deckel '
        'bekommt, verliert die Runde."; "Gespielt wird, bis eine Person alle 13 Deckel hat."). '
        "With 3 players and 2 Deckel this comes up often; in schock4life as written, only with 14 "
        "players or more.",
    ),
    (
        "Einwürfeln at risk (einwuerfeln_form = at_risk)",
        "Where einwuerfeln_form is at_risk (board), a player who buys back in takes nothing: he "
        "plays the round in his seat's place with no Deckel. If he loses it he takes what it is "
        "worth, as any loser; if not, he holds none after it and is out again (so buying in "
        "never gives him every Deckel of the half). Our reading: if he throws the round's best "
        "result he has nothing to give, so the best result among the players who hold Deckel "
        "gives (the loser takes what the round's best result is worth, from that player).",
    ),
    (
        "Jule",
        "With jule = true a 4-2-1 is a Jule however it was thrown (with jule_one_throw, only from "
        "one throw), worth jule_deckel, also in the opening throw. Two Jules are equal results: "
        "the tie rule decides between them.",
    ),
    (
        "Nutte",
        "With nutte = true a 2-2-1 is a Nutte however it was thrown (with nutte_one_throw, only "
        "from one throw), worth nutte_deckel, also in the opening throw. Ranked top it is right "
        "below Schock-Aus and above a Jule ranked top (tsw: Nutte 9 above Jule 7); every special "
        "ranked top is above every one ranked by its worth. Two Nutten, or a Nutte and a Jule "
        "both ranked by the same worth, are equal results: the tie rule decides.",
    ),
    (
        "Achter",
        "With achter = true a 3-3-1 is an Achter however it was thrown (shaw counts specials only "
        "from one throw; that is not an option here), worth achter_deckel, also in the opening "
        "throw. The sources rank it only by its worth [shaw], so it has no rank option: it ranks "
        "as a Jule or Nutte ranked by_worth (worth 7 or more above Schock 6, a higher worth above "
        "a lower; less, just below the Schock of its worth), below every special ranked top. An "
        "Achter and a Jule or Nutte ranked by the same worth are equal results: the tie rule "
        "decides.",
    ),
    (
        "Setting dice aside",
        "set_aside limits the dice a throw may keep out of the cup, those already out included; "
        "the 1s turned from sixes always stay out. Stopping is always allowed, whatever the "
        "dice show.",
    ),
    (
        "Erster Hoch",
        "With first_round_one_throw the first round for Deckel of a half (and, with "
        "halves_and_finale, of the Finale) has a limit of one throw from its start: its opener "
        "throws once like everyone, no sixes are turned in it, and a covered cup covers that "
        "throw where the last throw is covered. The opening round or opening throw that finds "
        "the first half's opener is not that round: the round after it is.",
    ),
    (
        "Anknobeln",
        "With one_throw_while_middle every round for Deckel begun while Deckel are in the middle "
        "has a limit of one throw from its start, as with Erster Hoch; the first round begun with "
        "the middle empty is the first whose opener sets the limit. The opening round or opening "
        "throw is not such a round, and a Schock-Aus counts as ever.",
    ),
    (
        "Schock-Aus",
        'With schock_aus = "game" the round\'s worst takes every Deckel of the half as ever, '
        "loses it and with it the game: a Blattschuss only if they lost the first half too. With "
        'schock_aus = "worth" a Schock-Aus ranks as ever (a Hand-Aus above an assembled one where '
        "hand_aus_beats) and is worth schock_aus_deckel, also in the opening throw; a half ends "
        "only when one player holds all its Deckel.",
    ),
    (
        "Straßen",
        "With strassen = outer a run 2-3-4 or 3-4-5 is the plain number 432 or 543. With "
        "strasse_rank = equal two Straßen are equal results, also in the opening throw (a tie "
        "for the lowest is thrown off there).",
    ),
    (
        "Without a Finale",
        "With finale = false the game is a single half, whose loser loses the game: two "
        "half-losers could not otherwise be told apart.",
    ),
    (
        "Further halves (more_halves)",
        "With more_halves = true (and finale = true) no Finale is played: when two different "
        "players lost the two halves, a further half follows with every player, as the second "
        "half does (deckel_per_half Deckel, opened by the loser of the last round), and another "
        "after it, until one player has lost two halves; he loses the game. One who lost the "
        "first two halves lost by a Blattschuss, as ever (keller: a token per lost half, whoever "
        "has two pays; the rest is our reading).",
    ),
)
"""Our readings where the texts are silent or leave room, beyond the options' own notes."""


def rules_markdown() -> str:
    """The options of the rule set and the four presets, with sources, as Markdown."""
    presets = list(PRESETS)
    lines = [
        "# The rule options and the four presets",
        "",
        "Generated by `schocken rules --markdown` from `src/schocken/rules.py`; a test keeps this",
        "file equal to it. Each option is a place where the four rule texts differ (the texts are",
        "in `docs/rule-texts/`), a number a house might change, or a switch other pubs and",
        "Schocken programs play",
        "(Jule, Nutte, Achter, General, set_aside, sixes_turn, Erster Hoch, Anknobeln, "
        "Schock-Aus, Straßen, one die each, throw-off, cumulative Deckel, plain numbers by pip "
        "sum, covered and blind play, open rounds). For each preset: its value, then the sentence",
        "of its rule text (000 = tsv99, 001 = schock4life, 002 = knobelrunde, 003 = allgemein),",
        f'or "{SILENT}" with the reading the preset takes; then what other rule pages and',
        'programs play ("elsewhere", by source key; the keys are listed at the end). The options',
        "come in the groups the web page's rules builder shows (`GROUPS` in `rules.py`).",
        "",
        "| option | " + " | ".join(f"`{p}`" for p in presets) + " |",
        "|---|" + "---|" * len(presets),
    ]
    for group, names in GROUPS.items():
        lines.append(f"| **{GROUP_NAMES[group]}** |" + " |" * len(presets))
        for name in names:
            values = [json_value(getattr(PRESETS[p], name)) for p in presets]
            lines.append(f"| `{name}` | " + " | ".join(f"`{v}`" for v in values) + " |")
    lines.append("")
    for group, names in GROUPS.items():
        lines.append(f"## {GROUP_NAMES[group]}")
        lines.append("")
        for name in names:
            lines.append(f"### `{name}`")
            lines.append("")
            lines.append(" ".join(_attribute_doc(Rules, name).split()))
            lines.append("")
            if name in ONLY_WITH:
                needs = ", ".join(
                    f"`{other} = " + " or ".join(json_value(v) for v in values) + "`"
                    for other, values in ONLY_WITH[name].items()
                )
                lines.append(f"Read only with {needs}.")
                lines.append("")
            if name in _ENUMS:
                for member in _ENUMS[name]:
                    doc = " ".join(_attribute_doc(_ENUMS[name], member.name).split())
                    lines.append(f'- choice `"{member.value}"`: {doc}')
                lines.append("")
            for p in presets:
                value = json_value(getattr(PRESETS[p], name))
                lines.append(f"- `{p}` = `{value}`: {OPTION_SOURCES[name][p]}")
            lines.append(f"- elsewhere: {REGIONAL_SOURCES[name]}")
            lines.append("")
    lines.append("## Our readings")
    lines.append("")
    for title, text in READINGS:
        lines.append(f"- **{title}.** {text}")
    lines.append("")
    lines.append("## Sources beyond the four texts")
    lines.append("")
    lines.append(
        'The keys in brackets after "elsewhere" name rule pages of pubs, clubs and tournaments '
        "and other Schocken programs (read for issue 14):"
    )
    lines.append("")
    for key, where in SOURCES.items():
        lines.append(f"- `{key}`: {where}")
    lines.append("")
    return "\n".join(lines)


def json_value(value: object) -> str:
    """An option's value as TOML/JSON text."""
    plain = _plain(value)
    if isinstance(plain, bool):
        return "true" if plain else "false"
    if isinstance(plain, str):
        return f'"{plain}"'
    return str(plain)


def _attribute_doc(cls: type, name: str) -> str:
    """The docstring written under an attribute (an option, an enum member) in a class body."""
    import ast
    import inspect

    node = ast.parse(inspect.getsource(cls)).body[0]
    assert isinstance(node, ast.ClassDef)
    body = node.body
    for i, node in enumerate(body):
        target: ast.expr
        if isinstance(node, ast.AnnAssign):
            target = node.target
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        else:
            continue
        if isinstance(target, ast.Name) and target.id == name and i + 1 < len(body):
            doc = body[i + 1]
            if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant):
                return str(doc.value.value)
    return ""
