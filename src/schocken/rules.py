"""Rules as data: one immutable rule set, the four presets, and house rules from TOML.

Every option of :class:`Rules` is one row of ``RULES.md``'s "Where they differ" table, one of
the numbers a house might change, or a switch that other pubs' rule pages and Schocken programs
play (a Jule, no General, which dice may be set aside, when sixes turn). Beside this module:
:mod:`schocken.rule_choices` (the options' choices, imported here too),
:mod:`schocken.rule_groups` (the options in groups), :mod:`schocken.rule_sources` (where each
option comes from: the rule text's sentence, or that it is silent and our reading) and
:mod:`schocken.rule_docs` (the rules written out as TOML and as ``docs/rules.md``).

>>> find_preset("tsv99").deckel_per_half
14
>>> find_preset("kneipe")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
schocken.errors.RulesError: unknown preset 'kneipe'; known presets: tsv99, schock4life, ...
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from pathlib import Path
from typing import Any

from schocken.errors import RulesError, os_error_said, said, toml_error_said
from schocken.refusal_texts import english
from schocken.rule_choices import (
    Covered,
    DeckelOwed,
    EinwuerfelnForm,
    FinaleOpener,
    FirstRoundOneThrow,
    JuleRank,
    LaterOpener,
    NutteRank,
    Opening,
    PlainRank,
    SchockAus,
    SetAside,
    SixesRethrow,
    SixesTurn,
    Strassen,
    StrasseRank,
    Tiebreak,
)

__all__ = [
    "DECKEL_RANGE",
    "ENUM_OPTIONS",
    "INT_OPTIONS",
    "MAX_THROWS",
    "PRESETS",
    "RULES_DATA_KEYS",
    "Covered",
    "DeckelOwed",
    "EinwuerfelnForm",
    "FinaleOpener",
    "FirstRoundOneThrow",
    "JuleRank",
    "LaterOpener",
    "NutteRank",
    "Opening",
    "PlainRank",
    "Rules",
    "SchockAus",
    "SetAside",
    "SixesRethrow",
    "SixesTurn",
    "StrasseRank",
    "Strassen",
    "Tiebreak",
    "find_preset",
    "json_kind",
    "load_rules",
    "parse_rules",
    "plain_value",
    "refused_rules",
    "resolve_rules",
    "rules_from_data",
    "rules_to_data",
]


MAX_THROWS = 3
"""Every text: the round's first player may throw up to three times."""


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
                raise refused_rules("rules_refused_preset_option")
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
        return {f.name: plain_value(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """Rules from ``{"preset": name, ...overrides}``; missing options come from the preset."""
        if not isinstance(data, Mapping):
            raise refused_rules("rules_refused_not_table", what=type(data).__name__)
        rest = dict(data)
        name = rest.pop("preset", "custom")
        if not isinstance(name, str):
            raise refused_rules("rules_refused_preset_name", value=name)
        base = cls() if name == "custom" else find_preset(name)
        return base.with_overrides(rest)


def plain_value(value: object) -> object:
    """An option's value as plain JSON (an enum as its string)."""
    return value.value if isinstance(value, StrEnum) else value


ENUM_OPTIONS: dict[str, type[StrEnum]] = {
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
INT_OPTIONS = {
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
        raise refused_rules(
            "rules_refused_unknown_option", name=name, known=", ".join(_option_names())
        )
    if name in ENUM_OPTIONS:
        enum = ENUM_OPTIONS[name]
        if isinstance(raw, enum):
            return raw
        choices = ", ".join(m.value for m in enum)
        if not isinstance(raw, str) or raw not in {m.value for m in enum}:
            raise refused_rules("rules_refused_choice", name=name, choices=choices, value=raw)
        return enum(raw)
    return raw


def _check_value(name: str, value: object) -> None:
    if name == "preset":
        if not isinstance(value, str) or not value:
            raise refused_rules("rules_refused_preset_empty", value=value)
    elif name in ENUM_OPTIONS:
        if not isinstance(value, ENUM_OPTIONS[name]):
            choices = ", ".join(m.value for m in ENUM_OPTIONS[name])
            raise refused_rules("rules_refused_choice", name=name, choices=choices, value=value)
    elif name in INT_OPTIONS:
        if isinstance(value, bool) or not isinstance(value, int):
            raise refused_rules("rules_refused_whole_number", name=name, value=value)
        if not _MIN_DECKEL <= value <= _MAX_DECKEL:
            raise refused_rules(
                "rules_refused_range", name=name, low=_MIN_DECKEL, high=_MAX_DECKEL, value=value
            )
    elif not isinstance(value, bool):
        raise refused_rules("rules_refused_bool", name=name, value=value)


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
        raise refused_rules("rules_refused_unknown_preset", name=name, known=known) from None


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
        raise refused_rules("rules_data_not_object", where=named, what=json_kind(data))
    unknown = [k for k in data if k not in RULES_DATA_KEYS]
    if unknown:
        names = ", ".join(repr(k) for k in unknown)
        key = "rules_data_unknown_keys" if len(unknown) > 1 else "rules_data_unknown_key"
        raise refused_rules(key, where=named, names=names)
    known = ", ".join([*PRESETS, "custom"])
    if "preset" not in data:
        raise refused_rules("rules_data_no_preset", where=named, known=known)
    name = data["preset"]
    if not isinstance(name, str) or (name not in PRESETS and name != "custom"):
        raise refused_rules("rules_data_unknown_preset", where=named, name=name, known=known)
    overrides = data.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise refused_rules(
            "rules_data_overrides_not_object", where=named, what=json_kind(overrides)
        )
    if "preset" in overrides:
        raise refused_rules("rules_data_preset_in_overrides", where=named)
    base = Rules() if name == "custom" else PRESETS[name]
    try:
        return base.with_overrides(overrides)
    except RulesError as exc:
        if where is None:  # the option's refusal alone (a form of the options asks)
            raise
        raise refused_rules("rules_refused_in", where=where, reason=exc) from None


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


def refused_rules(key: str, **fields: object) -> RulesError:
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
        raise refused_rules(
            "rules_toml_invalid", source=source, detail=toml_error_said(exc)
        ) from None
    except (ValueError, RecursionError):  # numbers too long, nesting too deep
        raise refused_rules("rules_toml_too_deep", source=source) from None
    if "rules" in data and isinstance(data["rules"], dict) and len(data) == 1:
        data = data["rules"]
    if "preset" not in data:
        raise refused_rules("rules_toml_no_preset", source=source, known=", ".join(PRESETS))
    try:
        return Rules.from_dict(data)
    except RulesError as exc:
        raise refused_rules("rules_refused_in", where=source, reason=exc) from None


def load_rules(path: str | Path) -> Rules:
    """Rules from a house-rules TOML file (see :func:`parse_rules`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        path, why = repr(str(p)), os_error_said(exc)  # said in the catalogue's words elsewhere
        message = f"cannot read house rules {path}: {exc.strerror}"  # os_error_* is not a refusal
        raise RulesError(message, key="rules_cannot_read", path=path, why=why) from None
    except UnicodeDecodeError:
        raise refused_rules("rules_not_utf8", path=repr(str(p))) from None
    return parse_rules(text, source=str(p))


def resolve_rules(spec: str) -> Rules:
    """A preset name, or the path of a house-rules TOML file."""
    if spec in PRESETS:
        return PRESETS[spec]
    if spec.endswith(".toml") or Path(spec).is_file():
        return load_rules(spec)
    return find_preset(spec)
