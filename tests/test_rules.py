"""Tests of schocken.rules: presets, validation, overrides, TOML house rules, sources."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schocken.errors import RulesError, SchockenError
from schocken.rule_sources import OPTION_SOURCES, REGIONAL_SOURCES, SILENT, SOURCES
from schocken.rules import (
    PRESETS,
    Covered,
    FinaleOpener,
    JuleRank,
    Opening,
    Rules,
    SetAside,
    SixesRethrow,
    SixesTurn,
    Tiebreak,
    find_preset,
    load_rules,
    parse_rules,
    resolve_rules,
    rules_from_data,
    rules_to_data,
)

PRESET_NAMES = ("tsv99", "schock4life", "knobelrunde", "allgemein")
OPTIONS = [f.name for f in dataclasses.fields(Rules) if f.name != "preset"]

# RULES.md, "Where they differ", one row per option, columns tsv99 / schock4life / knobelrunde /
# allgemein. (value, silent): silent means the text says nothing and the value is our reading.
S = True
WHERE_THEY_DIFFER: dict[str, tuple[tuple[object, bool], ...]] = {
    "deckel_per_half": ((14, False), (13, False), (13, False), (13, S)),
    "deckel_in_finale": ((13, False), (13, False), (13, S), (13, S)),
    "opening": (
        ("plain_round", False),
        ("lowest_takes", False),
        ("plain_round", S),
        ("plain_round", S),
    ),
    "finale_opener": (
        ("last_round_loser", S),
        ("first_half_loser", False),
        ("last_round_loser", S),
        ("last_round_loser", S),
    ),
    "put_back": ((True, False), (False, False), (True, S), (True, False)),
    "strasse_one_throw": ((False, S), (False, False), (True, False), (True, False)),
    "general_one_throw": ((False, S), (False, False), (True, False), (True, False)),
    "general_beats_schock_2": ((False, S), (False, False), (True, False), (False, False)),
    "tiebreak": (
        ("later_loses", False),
        ("more_throws_then_later", False),
        ("later_loses", False),
        ("more_throws_then_later", False),
    ),
    "hand_aus_beats": ((False, S), (True, False), (True, S), (False, S)),
    "sixes_rethrow": (
        ("other_sixes", False),
        ("all_remaining", False),
        ("other_sixes", False),
        ("other_sixes", False),
    ),
    "covered": (
        ("never", S),
        ("last_throw", False),
        ("never", S),
        ("third_throw", False),
    ),
    "einwuerfeln": ((False, False), (True, False), (False, False), (False, False)),
}
"""Every option of RULES.md's table (``finale`` is not a row: all four texts play a Finale)."""

REGIONAL_OPTIONS: dict[str, object] = {
    "jule": False,
    "jule_deckel": 7,
    "jule_rank": "top",
    "jule_one_throw": False,
    "general": True,
    "set_aside": "any",
    "sixes_turn": "any_throw",
    "first_round_one_throw": "never",
    "strassen": "all",
    "strasse_rank": "by_pips",
    "nutte": False,
    "nutte_deckel": 9,
    "nutte_rank": "top",
    "nutte_one_throw": False,
    "one_throw_while_middle": False,
    "schock_aus": "half",
    "schock_aus_deckel": 7,
    "achter": False,
    "achter_deckel": 8,
    "plain_rank": "digits",
    "later_opener": "loser",
    "more_halves": False,
    "einwuerfeln_form": "from_each_holder",
    "deckel_owed": "best",
    "blind": False,
    "blind_double": False,
    "open_round": False,
}
"""The options added from other pubs' rules (shared/REGIONAL.md), with the value all four presets
keep: none of the four texts has a Jule, and each has a General, lets any die be set aside and
turns the sixes of any throw with a throw left; none plays its first round with one throw; all
count the four Straßen, the higher better; none has a Nutte (2-2-1 is tsv99's worst throw); none
plays one throw while Deckel are in the middle; in all a Schock-Aus ends the half; none has an
Achter (3-3-1 is a plain number); in all the loser takes the best result's worth; none plays blind
or open rounds; in all the loser of a round opens the next; all play a Finale, not further
halves."""


def _expected(preset: str) -> dict[str, object]:
    col = PRESET_NAMES.index(preset)
    values = {option: row[col][0] for option, row in WHERE_THEY_DIFFER.items()}
    values["finale"] = True
    values.update(REGIONAL_OPTIONS)
    return values


# --- find_preset ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_find_preset(name: str) -> None:
    rules = find_preset(name)
    assert isinstance(rules, Rules)
    assert rules.preset == name
    assert rules is PRESETS[name]


@pytest.mark.parametrize("name", ["kneipe", "", "TSV99", "custom", " tsv99"])
def test_find_preset_unknown(name: str) -> None:
    with pytest.raises(RulesError) as info:
        find_preset(name)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, SchockenError)
    message = str(info.value)
    assert repr(name) in message
    for known in PRESET_NAMES:
        assert known in message


def test_presets_are_exactly_four() -> None:
    assert tuple(PRESETS) == PRESET_NAMES


# --- The presets match RULES.md -------------------------------------------------------------------


def test_table_covers_every_option() -> None:
    assert set(WHERE_THEY_DIFFER) | {"finale"} | set(REGIONAL_OPTIONS) == set(OPTIONS)
    assert not set(WHERE_THEY_DIFFER) & set(REGIONAL_OPTIONS)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_preset_matches_rules_md(preset: str) -> None:
    actual = find_preset(preset).to_dict()
    assert actual.pop("preset") == preset
    assert actual == _expected(preset)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_preset_option_types(preset: str) -> None:
    rules = find_preset(preset)
    assert isinstance(rules.opening, Opening)
    assert isinstance(rules.finale_opener, FinaleOpener)
    assert isinstance(rules.tiebreak, Tiebreak)
    assert isinstance(rules.sixes_rethrow, SixesRethrow)
    assert isinstance(rules.covered, Covered)
    assert type(rules.deckel_per_half) is int
    assert type(rules.put_back) is bool


# --- Immutability ---------------------------------------------------------------------------------


def test_rules_frozen() -> None:
    rules = find_preset("tsv99")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.deckel_per_half = 20  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.put_back = False  # type: ignore[misc]
    assert rules.deckel_per_half == 14
    assert find_preset("tsv99").deckel_per_half == 14


def test_rules_hashable_and_equal_by_value() -> None:
    a = find_preset("allgemein").with_overrides({"deckel_per_half": 15})
    b = find_preset("allgemein").with_overrides({"deckel_per_half": 15})
    assert a == b
    assert hash(a) == hash(b)
    assert a != find_preset("allgemein")


# --- with_overrides and validation ----------------------------------------------------------------


def test_with_overrides() -> None:
    base = find_preset("tsv99")
    rules = base.with_overrides({"put_back": False, "deckel_per_half": 9, "covered": "third_throw"})
    assert rules.put_back is False
    assert rules.deckel_per_half == 9
    assert rules.covered is Covered.THIRD_THROW
    assert rules.preset == "tsv99"
    # the rest unchanged, and the preset itself untouched
    assert rules.deckel_in_finale == base.deckel_in_finale
    assert rules.tiebreak is base.tiebreak
    assert base.put_back is True
    assert base.with_overrides({}) == base


def test_with_overrides_accepts_enum_members() -> None:
    rules = find_preset("tsv99").with_overrides({"tiebreak": Tiebreak.MORE_THROWS_THEN_LATER})
    assert rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER


def test_with_overrides_unknown_option() -> None:
    with pytest.raises(RulesError, match="schnaps_per_round") as info:
        find_preset("tsv99").with_overrides({"schnaps_per_round": 2})
    assert "unknown" in str(info.value)


def test_with_overrides_refuses_preset() -> None:
    with pytest.raises(RulesError, match="preset"):
        find_preset("tsv99").with_overrides({"preset": "allgemein"})


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("deckel_per_half", 0),
        ("deckel_per_half", -3),
        ("deckel_per_half", 1000),
        ("deckel_per_half", True),
        ("deckel_per_half", "13"),
        ("deckel_per_half", 13.0),
        ("deckel_in_finale", 0),
        ("deckel_in_finale", None),
        ("covered", "sometimes"),
        ("covered", 1),
        ("tiebreak", "LATER_LOSES"),
        ("opening", None),
        ("finale_opener", "first"),
        ("sixes_rethrow", True),
        ("put_back", "yes"),
        ("put_back", 1),
        ("put_back", None),
        ("hand_aus_beats", "true"),
        ("einwuerfeln", 0),
        ("finale", "no"),
        ("jule", "yes"),
        ("jule", 7),
        ("jule_deckel", 0),
        ("jule_deckel", 1000),
        ("jule_deckel", 7.5),
        ("jule_deckel", False),
        ("jule_rank", "second"),
        ("jule_one_throw", "false"),
        ("general", None),
        ("set_aside", "only_ones"),
        ("set_aside", 1),
        ("sixes_turn", False),
        ("sixes_turn", "second_throw"),
    ],
)
def test_with_overrides_bad_value(option: str, value: object) -> None:
    with pytest.raises(RulesError) as info:
        find_preset("schock4life").with_overrides({option: value})
    assert repr(option) in str(info.value)
    assert isinstance(info.value, ValueError)


@given(st.integers(min_value=1, max_value=999))
def test_deckel_in_range_accepted(n: int) -> None:
    rules = find_preset("allgemein").with_overrides({"deckel_per_half": n, "deckel_in_finale": n})
    assert rules.deckel_per_half == n
    assert rules.deckel_in_finale == n


@given(st.one_of(st.integers(max_value=0), st.integers(min_value=1000)))
def test_deckel_out_of_range_refused(n: int) -> None:
    with pytest.raises(RulesError, match="deckel_per_half"):
        find_preset("allgemein").with_overrides({"deckel_per_half": n})


def test_constructor_validates() -> None:
    with pytest.raises(RulesError, match="deckel_per_half"):
        Rules(deckel_per_half=0)
    with pytest.raises(RulesError, match="covered"):
        Rules(covered="never")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="preset"):
        Rules(preset="")
    assert Rules().preset == "custom"


# --- overrides(), to_dict / from_dict -------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_overrides_of_a_preset_is_empty(preset: str) -> None:
    assert find_preset(preset).overrides() == {}


def test_overrides_returns_only_changed_options() -> None:
    rules = find_preset("schock4life").with_overrides(
        {"deckel_per_half": 15, "covered": "never", "put_back": False}  # put_back unchanged
    )
    assert rules.overrides() == {"deckel_per_half": 15, "covered": "never"}


def test_overrides_setting_back_to_preset_value() -> None:
    rules = (
        find_preset("tsv99").with_overrides({"put_back": False}).with_overrides({"put_back": True})
    )
    assert rules.overrides() == {}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_to_dict_from_dict_round_trip(preset: str) -> None:
    rules = find_preset(preset)
    data = rules.to_dict()
    assert set(data) == {"preset", *OPTIONS}
    assert Rules.from_dict(data) == rules
    changed = rules.with_overrides({"deckel_in_finale": 7, "tiebreak": "later_loses"})
    assert Rules.from_dict(changed.to_dict()) == changed
    # preset plus only the overrides is enough
    assert Rules.from_dict({"preset": preset, **changed.overrides()}) == changed


def test_to_dict_is_plain_json() -> None:
    import json

    data = find_preset("allgemein").to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["covered"] == "third_throw"
    assert type(data["covered"]) is str


@given(
    preset=st.sampled_from(PRESET_NAMES),
    deckel=st.integers(1, 999),
    put_back=st.booleans(),
    covered=st.sampled_from([c.value for c in Covered]),
    tiebreak=st.sampled_from([t.value for t in Tiebreak]),
)
def test_round_trip_property(
    preset: str, deckel: int, put_back: bool, covered: str, tiebreak: str
) -> None:
    rules = find_preset(preset).with_overrides(
        {"deckel_per_half": deckel, "put_back": put_back, "covered": covered, "tiebreak": tiebreak}
    )
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({"preset": preset, **rules.overrides()}) == rules


def test_from_dict_custom_and_bad() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"deckel_per_half": 5}).deckel_per_half == 5
    with pytest.raises(RulesError, match="kneipe"):
        Rules.from_dict({"preset": "kneipe"})
    with pytest.raises(RulesError, match="preset"):
        Rules.from_dict({"preset": 3})
    with pytest.raises(RulesError):
        Rules.from_dict(["preset", "tsv99"])  # type: ignore[arg-type]


# --- parse_rules ----------------------------------------------------------------------------------


def test_parse_rules_preset_only() -> None:
    assert parse_rules('preset = "knobelrunde"') == find_preset("knobelrunde")


def test_parse_rules_with_overrides() -> None:
    text = 'preset = "tsv99"\ndeckel_per_half = 10\nput_back = false\ncovered = "last_throw"\n'
    rules = parse_rules(text)
    assert rules.preset == "tsv99"
    assert rules.deckel_per_half == 10
    assert rules.put_back is False
    assert rules.covered is Covered.LAST_THROW
    assert rules.overrides() == {
        "deckel_per_half": 10,
        "put_back": False,
        "covered": "last_throw",
    }


def test_parse_rules_rules_table() -> None:
    text = '[rules]\npreset = "allgemein"\ndeckel_per_half = 15\n'
    rules = parse_rules(text)
    assert rules.preset == "allgemein"
    assert rules.deckel_per_half == 15


def test_parse_rules_missing_preset() -> None:
    with pytest.raises(RulesError, match="preset") as info:
        parse_rules("deckel_per_half = 10", source="haus.toml")
    message = str(info.value)
    assert message.startswith("haus.toml")
    for known in PRESET_NAMES:
        assert known in message


def test_parse_rules_invalid_toml() -> None:
    with pytest.raises(RulesError, match="not valid TOML") as info:
        parse_rules('preset = "tsv99\nput_back = ', source="kaputt.toml")
    assert "kaputt.toml" in str(info.value)


def test_parse_rules_unknown_key() -> None:
    with pytest.raises(RulesError, match="freibier") as info:
        parse_rules('preset = "tsv99"\nfreibier = true\n', source="haus.toml")
    assert "haus.toml" in str(info.value)


def test_parse_rules_unknown_preset_and_bad_value() -> None:
    with pytest.raises(RulesError, match="kneipe"):
        parse_rules('preset = "kneipe"')
    with pytest.raises(RulesError, match="deckel_per_half"):
        parse_rules('preset = "tsv99"\ndeckel_per_half = "viele"')
    with pytest.raises(RulesError, match="put_back"):
        parse_rules('preset = "tsv99"\nput_back = "yes"')


# --- load_rules and resolve_rules -----------------------------------------------------------------


def test_load_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "haus.toml"
    path.write_text('preset = "schock4life"\ndeckel_per_half = 11\n', encoding="utf-8")
    rules = load_rules(path)
    assert rules.preset == "schock4life"
    assert rules.deckel_per_half == 11
    assert load_rules(str(path)) == rules


def test_load_rules_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "haus.toml"
    path.write_text('preset = "schock4life"\nunbekannt = 1\n', encoding="utf-8")
    with pytest.raises(RulesError, match="unbekannt") as info:
        load_rules(path)
    assert str(path) in str(info.value)


def test_load_rules_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nicht_da.toml"
    with pytest.raises(RulesError, match="cannot read") as info:
        load_rules(path)
    assert str(path) in str(info.value)


def test_load_rules_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('preset = "tsv99"\n# Würfel\n'.encode("latin-1"))
    with pytest.raises(RulesError, match="UTF-8") as info:
        load_rules(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_resolve_rules_preset_name(name: str) -> None:
    assert resolve_rules(name) is PRESETS[name]


def test_resolve_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "haus.toml"
    path.write_text('preset = "knobelrunde"\nput_back = false\n', encoding="utf-8")
    rules = resolve_rules(str(path))
    assert rules.preset == "knobelrunde"
    assert rules.put_back is False
    # a file without the .toml ending is read too
    other = tmp_path / "hausregeln"
    other.write_text('preset = "tsv99"\n', encoding="utf-8")
    assert resolve_rules(str(other)) == find_preset("tsv99")


def test_resolve_rules_unknown(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="known presets"):
        resolve_rules("kneipe")
    with pytest.raises(RulesError, match="cannot read"):
        resolve_rules(str(tmp_path / "fehlt.toml"))


# --- OPTION_SOURCES -------------------------------------------------------------------------------


def test_option_sources_cover_every_option_and_preset() -> None:
    assert set(OPTION_SOURCES) == set(OPTIONS)
    for option, by_preset in OPTION_SOURCES.items():
        assert set(by_preset) == set(PRESET_NAMES), option
        for preset, text in by_preset.items():
            assert isinstance(text, str)
            assert text.strip(), (option, preset)


def test_silent_constant() -> None:
    assert SILENT == "text silent: our reading"


@pytest.mark.parametrize("option", sorted(WHERE_THEY_DIFFER))
def test_silent_cells_documented_as_our_reading(option: str) -> None:
    for col, preset in enumerate(PRESET_NAMES):
        silent = WHERE_THEY_DIFFER[option][col][1]
        text = OPTION_SOURCES[option][preset]
        if silent:
            assert "text silent: our reading" in text, (option, preset, text)
        else:
            assert "text silent: our reading" not in text, (option, preset, text)


@pytest.mark.parametrize("option", sorted(WHERE_THEY_DIFFER))
def test_sources_cite_their_own_text(option: str) -> None:
    files = {"tsv99": "000", "schock4life": "001", "knobelrunde": "002", "allgemein": "003"}
    for preset, text in OPTION_SOURCES[option].items():
        assert text.startswith(files[preset] + ":"), (option, preset, text)


# ------------------------------------------------------------------ {preset, overrides} as data


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_rules_data_round_trip(preset: str) -> None:
    rules = find_preset(preset)
    assert rules_to_data(rules) == {"preset": preset, "overrides": {}}
    house = rules.with_overrides({"deckel_per_half": 9, "covered": "third_throw"})
    data = rules_to_data(house)
    assert data["preset"] == preset
    assert rules_from_data(data) == house
    assert rules_from_data({"preset": preset}) == rules  # no overrides: the preset


def test_rules_data_custom() -> None:
    custom = Rules(deckel_per_half=7)
    data = rules_to_data(custom)
    overrides = data["overrides"]
    assert data["preset"] == "custom"
    assert isinstance(overrides, dict) and len(overrides) == len(OPTIONS)
    assert rules_from_data(data) == custom
    # A preset name the reader would not know is written as custom, with every option.
    odd = dataclasses.replace(find_preset("tsv99"), preset="stammtisch")
    back = rules_from_data(rules_to_data(odd))
    assert back.preset == "custom"
    assert {k: v for k, v in back.to_dict().items() if k != "preset"} == {
        k: v for k, v in odd.to_dict().items() if k != "preset"
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("tsv99", "rules must be an object with 'preset' and 'overrides', not a text"),
        (None, "rules must be an object .*, not null"),
        ([1], "rules must be an object .*, not a list"),
        ({}, "rules: 'preset' is missing; known presets: tsv99, .*, custom"),
        ({"overrides": {}}, "rules: 'preset' is missing"),
        ({"preset": "kneipe"}, "rules: unknown preset 'kneipe'"),
        ({"preset": 5}, "rules: unknown preset 5"),
        ({"preset": "tsv99", "overides": {}}, "rules: unknown key 'overides'; a rule set has"),
        ({"preset": "tsv99", "a": 1, "b": 2}, "rules: unknown keys 'a', 'b'"),
        ({"preset": "tsv99", "put_back": False}, "unknown key 'put_back'"),
        ({"preset": "tsv99", "overrides": [1]}, "rules: 'overrides' must be an object .*a list"),
        ({"preset": "tsv99", "overrides": None}, "'overrides' must be an object .*null"),
        (
            {"preset": "tsv99", "overrides": {"preset": "schock4life"}},
            "rules: 'preset' is not an option to override",
        ),
        ({"preset": "tsv99", "overrides": {"dice": 4}}, "rules: unknown rule option 'dice'"),
        (
            {"preset": "tsv99", "overrides": {"put_back": "no"}},
            "rules: option 'put_back' must be true or false, not 'no'",
        ),
        (
            {"preset": "tsv99", "overrides": {"deckel_per_half": 0}},
            "option 'deckel_per_half' must be between 1 and 999",
        ),
        (
            {"preset": "tsv99", "overrides": {"deckel_per_half": True}},
            "option 'deckel_per_half' must be a whole number",
        ),
        (
            {"preset": "tsv99", "overrides": {"covered": "sometimes"}},
            "option 'covered' must be one of never, last_throw, third_throw",
        ),
    ],
)
def test_rules_data_refused(data: object, message: str) -> None:
    with pytest.raises(RulesError, match=message) as info:
        rules_from_data(data)
    assert "\n" not in str(info.value)


def test_rules_data_says_where() -> None:
    with pytest.raises(RulesError, match=r"^table x: 'rules': unknown preset 'kneipe'"):
        rules_from_data({"preset": "kneipe"}, "table x: 'rules'")


# --- Options from other pubs' rules (shared/REGIONAL.md) ---------------------------------------


def test_new_options_keep_every_preset_as_it_was() -> None:
    for name in PRESET_NAMES:
        rules = find_preset(name)
        for option, value in REGIONAL_OPTIONS.items():
            assert json_value_of(rules, option) == value, (name, option)
        assert rules_to_data(rules) == {"preset": name, "overrides": {}}


def json_value_of(rules: Rules, option: str) -> object:
    return rules.to_dict()[option]


def test_new_options_refused_with_their_choices() -> None:
    with pytest.raises(RulesError, match="'jule_rank' must be one of top, by_worth, not 'second'"):
        find_preset("tsv99").with_overrides({"jule_rank": "second"})
    with pytest.raises(RulesError, match="'set_aside' must be one of any, ones, ones_and_sixes"):
        find_preset("tsv99").with_overrides({"set_aside": "sixes"})
    with pytest.raises(
        RulesError, match="'sixes_turn' must be one of any_throw, one_throw, first_throw, never"
    ):
        find_preset("tsv99").with_overrides({"sixes_turn": "third"})
    with pytest.raises(RulesError, match="'jule_deckel' must be between 1 and 999, not 0"):
        find_preset("tsv99").with_overrides({"jule": True, "jule_deckel": 0})
    with pytest.raises(RulesError, match="'jule' must be true or false, not 7"):
        find_preset("tsv99").with_overrides({"jule": 7})


def test_house_rules_with_every_new_option(tmp_path: Path) -> None:
    path = tmp_path / "hessen.toml"
    path.write_text(
        'preset = "knobelrunde"\n'
        "deckel_per_half = 15\n"
        "deckel_in_finale = 15\n"
        "jule = true\n"
        "jule_deckel = 9\n"
        'jule_rank = "by_worth"\n'
        "jule_one_throw = true\n"
        "general = false\n"
        'set_aside = "ones"\n'
        'sixes_turn = "one_throw"\n',
        encoding="utf-8",
    )
    rules = load_rules(path)
    assert (rules.jule, rules.jule_deckel, rules.jule_rank, rules.jule_one_throw) == (
        True,
        9,
        JuleRank.BY_WORTH,
        True,
    )
    assert rules.general is False
    assert rules.set_aside is SetAside.ONES and rules.sixes_turn is SixesTurn.ONE_THROW
    data = rules_to_data(rules)
    assert data == {
        "preset": "knobelrunde",
        "overrides": {
            "deckel_per_half": 15,
            "deckel_in_finale": 15,
            "jule": True,
            "jule_deckel": 9,
            "jule_rank": "by_worth",
            "jule_one_throw": True,
            "general": False,
            "set_aside": "ones",
            "sixes_turn": "one_throw",
        },
    }
    assert rules_from_data(json.loads(json.dumps(data))) == rules
    assert resolve_rules(str(path)) == rules
    bad = tmp_path / "bad.toml"
    bad.write_text('preset = "tsv99"\nset_aside = "twos"\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"bad\.toml: option 'set_aside' must be one of"):
        load_rules(bad)


@given(
    preset=st.sampled_from(PRESET_NAMES),
    jule=st.booleans(),
    worth=st.integers(1, 999),
    rank=st.sampled_from([r.value for r in JuleRank]),
    one_throw=st.booleans(),
    general=st.booleans(),
    set_aside=st.sampled_from([a.value for a in SetAside]),
    sixes_turn=st.sampled_from([s.value for s in SixesTurn]),
)
def test_new_options_round_trip(
    preset: str,
    jule: bool,
    worth: int,
    rank: str,
    one_throw: bool,
    general: bool,
    set_aside: str,
    sixes_turn: str,
) -> None:
    rules = find_preset(preset).with_overrides(
        {
            "jule": jule,
            "jule_deckel": worth,
            "jule_rank": rank,
            "jule_one_throw": one_throw,
            "general": general,
            "set_aside": set_aside,
            "sixes_turn": sixes_turn,
        }
    )
    assert rules_from_data(rules_to_data(rules)) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("option", sorted(REGIONAL_OPTIONS))
def test_new_options_cite_each_preset_text(option: str) -> None:
    files = {"tsv99": "000", "schock4life": "001", "knobelrunde": "002", "allgemein": "003"}
    for preset, text in OPTION_SOURCES[option].items():
        assert text.startswith(files[preset] + ":"), (option, preset, text)


def test_every_option_says_what_other_pubs_play() -> None:
    assert set(REGIONAL_SOURCES) == set(OPTIONS)
    cited: set[str] = set()
    for option, text in REGIONAL_SOURCES.items():
        keys = [k for group in re.findall(r"\[([^\]]+)\]", text) for k in group.split(", ")]
        assert keys, option
        unknown = [k for k in keys if k not in SOURCES]
        assert not unknown, (option, unknown)
        cited |= set(keys)
    assert cited == set(SOURCES)  # no source listed that no option cites
    assert all(" " not in key for key in SOURCES)


def test_deckel_counts_in_use_all_fit() -> None:
    # 11, 13, 14, 15 and 26 Deckel a half, and about 10 a player at 20 players (REGIONAL.md row 1).
    for n in (1, 11, 13, 14, 15, 26, 200, 999):
        rules = find_preset("tsv99").with_overrides({"deckel_per_half": n, "deckel_in_finale": n})
        assert (rules.deckel_per_half, rules.deckel_in_finale) == (n, n)


@pytest.mark.parametrize(
    ("option", "bad", "choices"),
    [
        ("first_round_one_throw", "finale", "never, halves, halves_and_finale"),
        ("first_round_one_throw", True, "never, halves, halves_and_finale"),
        ("strassen", "inner", "all, outer"),
        ("schock_aus", "round", "half, game, worth"),
        ("schock_aus", False, "half, game, worth"),
        ("strassen", 4, "all, outer"),
        ("strasse_rank", "by_worth", "by_pips, equal"),
        ("nutte_rank", "second", "top, by_worth"),
        ("plain_rank", "sum", "digits, pip_sum"),
        ("later_opener", "winner", "loser, most_deckel, after_most_deckel"),
        ("einwuerfeln_form", "einkaufen", "from_each_holder, at_risk"),
        ("einwuerfeln_form", True, "from_each_holder, at_risk"),
        (
            "tiebreak",
            "stechen",
            "later_loses, more_throws_then_later, one_throw_then_later, throw_off, no_deckel",
        ),
    ],
)
def test_further_options_refuse_bad_values_naming_the_choices(
    option: str, bad: object, choices: str
) -> None:
    with pytest.raises(RulesError, match=f"option '{option}' must be one of {choices}, not"):
        find_preset("tsv99").with_overrides({option: bad})
    with pytest.raises(RulesError, match=f"house rules: option '{option}' must be one of"):
        parse_rules(f'preset = "tsv99"\n{option} = {json.dumps(bad)}\n')


@pytest.mark.parametrize(
    "overrides",
    [
        {"first_round_one_throw": "halves"},
        {"first_round_one_throw": "halves_and_finale", "opening": "lowest_takes"},
        {"strassen": "outer"},
        {"strassen": "outer", "strasse_rank": "equal", "strasse_one_throw": False},
        {"nutte": True},
        {"nutte": True, "nutte_deckel": 7, "nutte_rank": "by_worth", "nutte_one_throw": True},
        {"tiebreak": "one_throw_then_later"},
        {"tiebreak": "throw_off"},
        {"tiebreak": "no_deckel"},
        {"deckel_owed": "sum"},
        {"one_throw_while_middle": True},
        {"plain_rank": "pip_sum"},
        {"later_opener": "after_most_deckel"},
        {"more_halves": True},
        {"more_halves": True, "schock_aus": "game"},
        {"einwuerfeln": True, "einwuerfeln_form": "at_risk"},
        {"one_throw_while_middle": True, "first_round_one_throw": "halves_and_finale"},
        {"schock_aus": "game"},
        {"schock_aus": "worth", "schock_aus_deckel": 15},
        {"achter": True},
        {"opening": "worst_opens"},
        {"opening": "high_die"},
        {"opening": "low_die", "einwuerfeln": True},
        {"achter": True, "achter_deckel": 10, "nutte": True, "nutte_rank": "by_worth"},
    ],
)
def test_further_options_in_house_rules_and_as_data(overrides: dict[str, object]) -> None:
    toml = 'preset = "allgemein"\n' + "".join(
        f"{k} = {json.dumps(v)}\n" for k, v in overrides.items()
    )
    rules = parse_rules(toml)
    assert rules.to_dict() == {**find_preset("allgemein").to_dict(), **overrides}
    data = rules_to_data(rules)
    assert data == {"preset": "allgemein", "overrides": overrides}
    assert rules_from_data(json.loads(json.dumps(data))) == rules


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"nutte": "yes"}, "option 'nutte' must be true or false, not 'yes'"),
        ({"more_halves": 2}, "option 'more_halves' must be true or false, not 2"),
        ({"nutte_deckel": 0}, "option 'nutte_deckel' must be between 1 and 999, not 0"),
        ({"nutte_deckel": 1000}, "option 'nutte_deckel' must be between 1 and 999, not 1000"),
        ({"nutte_deckel": 9.5}, "option 'nutte_deckel' must be a whole number, not 9.5"),
        ({"nutte_one_throw": 1}, "option 'nutte_one_throw' must be true or false, not 1"),
        ({"schock_aus_deckel": 0}, "option 'schock_aus_deckel' must be between 1 and 999, not 0"),
        ({"achter": "ja"}, "option 'achter' must be true or false, not 'ja'"),
        ({"achter_deckel": 0}, "option 'achter_deckel' must be between 1 and 999, not 0"),
        ({"achter_deckel": 8.5}, "option 'achter_deckel' must be a whole number, not 8.5"),
        (
            {"one_throw_while_middle": "yes"},
            "option 'one_throw_while_middle' must be true or false, not 'yes'",
        ),
    ],
)
def test_nutte_options_refuse_bad_values(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        find_preset("tsv99").with_overrides(overrides)


# ------------------------------------------------------------ the options as a form sees them


def test_every_option_is_in_one_group_and_read_only_with_what_its_docstring_says() -> None:
    from schocken.rule_docs import _attribute_doc
    from schocken.rule_groups import GROUP_NAMES, GROUPS, ONLY_WITH, OPTIONS

    grouped = [name for names in GROUPS.values() for name in names]
    assert sorted(grouped) == sorted(OPTIONS) and len(grouped) == len(OPTIONS)
    assert GROUPS.keys() == GROUP_NAMES.keys()
    for name in OPTIONS:
        doc = " ".join(_attribute_doc(Rules, name).split())
        for other in re.findall(r"read only with ``(\w+)", doc):
            assert other in ONLY_WITH[name], (name, other)
    for name, needs in ONLY_WITH.items():
        assert name in OPTIONS and set(needs) <= set(OPTIONS)


def test_is_read_follows_only_with() -> None:
    from schocken.rule_groups import is_read

    tsv99 = find_preset("tsv99")
    assert not is_read(tsv99, "jule_deckel")
    assert is_read(tsv99.with_overrides({"jule": True}), "jule_deckel")
    assert is_read(tsv99, "deckel_in_finale")
    assert not is_read(tsv99.with_overrides({"finale": False}), "deckel_in_finale")
    assert not is_read(tsv99.with_overrides({"more_halves": True}), "finale_opener")
    assert not is_read(tsv99.with_overrides({"sixes_turn": "never"}), "sixes_rethrow")
    assert is_read(find_preset("schock4life"), "open_round")


def test_source_keys_name_known_sources_in_order() -> None:
    from schocken.rule_groups import OPTIONS
    from schocken.rule_sources import SOURCES, source_keys

    assert source_keys("hand_aus_beats") == ("tingting", "sr-en", "mad")
    for name in OPTIONS:
        assert set(source_keys(name)) <= set(SOURCES), name


def test_what_sets_each_preset_apart() -> None:
    from schocken.rule_sources import apart

    assert apart("tsv99") == ("deckel_per_half",)
    assert apart("knobelrunde") == (
        "general_one_throw",
        "general_beats_schock_2",
        "strasse_one_throw",
        "hand_aus_beats",
    )
    assert "einwuerfeln" in apart("schock4life") and "covered" in apart("allgemein")


def test_rules_to_toml_reads_back_as_the_same_rules() -> None:
    from schocken.rule_docs import rules_to_toml

    for preset in PRESETS:
        house = find_preset(preset).with_overrides(
            {"jule": True, "deckel_per_half": 15, "finale": False, "opening": "high_die"}
        )
        assert parse_rules(rules_to_toml(house)) == house
    assert rules_to_toml(find_preset("allgemein")) == 'preset = "allgemein"\n'


@pytest.mark.parametrize(
    ("overrides", "de"),
    [
        (
            {"deckel_per_half": 0},
            "Option 'deckel_per_half' muss zwischen 1 und 999 liegen, nicht 0",
        ),
        ({"put_back": "no"}, "Option 'put_back' muss true oder false sein, nicht 'no'"),
        ({"covered": "half"}, "Option 'covered' muss eins von never, last_throw, third_throw, all"),
        ({"dice": 4}, "unbekannte Regel-Option 'dice'; bekannte Optionen: preset, deckel_per_half"),
        ({"jule_deckel": 2.5}, "Option 'jule_deckel' muss eine ganze Zahl sein, nicht 2.5"),
    ],
)
def test_a_refused_rule_set_is_said_in_german_too(overrides: dict[str, object], de: str) -> None:
    from schocken.texts import refusal_text

    with pytest.raises(RulesError) as refused:
        rules_from_data({"preset": "tsv99", "overrides": overrides})
    assert refused.value.key is not None
    assert refusal_text(refused.value, "en") == str(refused.value)
    assert refusal_text(refused.value, "de").startswith(f"rules: {de}")
    with pytest.raises(RulesError) as toml:
        parse_rules(
            'preset = "tsv99"\n' + "".join(f"{k} = {json.dumps(v)}\n" for k, v in overrides.items())
        )
    assert refusal_text(toml.value, "de").startswith(f"house rules: {de}")


def test_the_rule_sets_refusals_are_in_the_catalogue_in_both_languages() -> None:
    from schocken.refusal_texts import REFUSALS
    from schocken.texts import CATALOGUE

    same = {"rules_refused_in", "rules_kind_null", "rules_where_toml"}
    keys = [
        k for k in REFUSALS["en"] if k.startswith(("rules_refused", "rules_data", "rules_kind"))
    ]
    assert len(keys) > 20
    for key in [*keys, "rules_where_link", "rules_where_club", "rules_where_toml"]:
        en, de = REFUSALS["en"][key], REFUSALS["de"][key]
        assert CATALOGUE["en"][key] == en and CATALOGUE["de"][key] == de
        assert (en == de) == (key in same), key
