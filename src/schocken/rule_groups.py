"""The options of :class:`~schocken.rules.Rules` in groups, as the rules builder and
``docs/rules.md`` show them: their names, kinds and choices, and which options the engine reads
only under others (:data:`ONLY_WITH`, :func:`is_read`).
"""

from __future__ import annotations

from dataclasses import fields

from schocken.rules import ENUM_OPTIONS, INT_OPTIONS, Rules, plain_value, refused_rules

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
        raise refused_rules("rules_refused_unknown_option", name=name, known=", ".join(OPTIONS))
    if name in ENUM_OPTIONS:
        return "choice"
    return "int" if name in INT_OPTIONS else "bool"


def option_choices(name: str) -> tuple[str, ...]:
    """The values an option of more than two choices takes (none for the others)."""
    enum = ENUM_OPTIONS.get(name)
    return () if enum is None else tuple(m.value for m in enum)


def is_read(rules: Rules, name: str) -> bool:
    """Whether the engine reads option ``name`` under these rules (:data:`ONLY_WITH`).

    >>> from schocken.rules import find_preset
    >>> is_read(find_preset("tsv99"), "jule_deckel")
    False
    """
    needs = ONLY_WITH.get(name, {})
    return all(plain_value(getattr(rules, other)) in values for other, values in needs.items())
