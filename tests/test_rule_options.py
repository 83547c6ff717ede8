"""The rule options as the rules builder draws them (issue 23): every option of Rules once, in
its group, with words in German and English; what a rule set changes, in words; a link's code;
the engine's refusals in both languages."""

from __future__ import annotations

import base64
import json
from dataclasses import fields

import pytest

from schocken.errors import RulesError
from schocken.rule_groups import OPTIONS
from schocken.rule_options import (
    checked,
    differences,
    preset_line,
    read_rules,
    rule_options,
    rules_code,
    rules_of_code,
    said_value,
    summary,
)
from schocken.rule_sources import SOURCES
from schocken.rules import PRESETS, Rules, find_preset
from schocken.texts import CATALOGUE, refusal_text

HOUSE = {"jule": True, "deckel_per_half": 15, "finale": False}
"""The Stammtisch's house rules of the issue: Jule counts, 15 Deckel, no Finale."""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_option_of_rules_is_described_once_in_its_group(lang: str) -> None:
    described = rule_options(lang)
    names = [f.name for f in fields(Rules) if f.name != "preset"]
    grouped = [name for group in described["groups"] for name in group["options"]]
    assert sorted(grouped) == sorted(names) and len(grouped) == len(set(grouped))
    assert list(described["options"]) == grouped  # in the form's order, each once
    assert described["order"] == names
    assert [g["name"] for g in described["groups"]] == [
        "deckel",
        "throws",
        "specials",
        "ties",
        "opening",
        "halves",
        "schock_aus",
    ]
    for group in described["groups"]:
        assert (
            group["options"] and group["label"] == CATALOGUE[lang][f"rules_group_{group['name']}"]
        )
    for name, option in described["options"].items():
        assert option["label"] and option["help"], name
        assert set(option["defaults"]) == set(PRESETS)
        assert option["defaults"]["tsv99"] == PRESETS["tsv99"].to_dict()[name]
        assert option["sources"]["presets"].keys() == PRESETS.keys()
        assert option["sources"]["elsewhere"]
        assert set(option["sources"]["keys"]) <= set(SOURCES)
        if option["type"] == "bool":
            assert option["said"]["true"] != option["said"]["false"]
        elif option["type"] == "int":
            assert (option["min"], option["max"]) == (1, 999) and "{n}" in option["said"]
        else:
            assert option["type"] == "choice"
            values = [v["value"] for v in option["values"]]
            assert option["defaults"]["tsv99"] in values
            assert all(v["label"] for v in option["values"])


def test_the_words_are_there_in_german_and_english() -> None:
    de, en = rule_options("de"), rule_options("en")
    for name in OPTIONS:
        assert de["options"][name]["help"] != en["options"][name]["help"], name
    assert de["options"]["deckel_per_half"]["label"] == "Deckel je Hälfte"
    assert en["options"]["deckel_per_half"]["label"] == "Deckel per half"
    assert [p["label"] for p in de["presets"]] == [
        "TSV 99",
        "Schock4Life",
        "Knobelrunde",
        "Allgemeine Regeln",
    ]
    assert en["presets"][3]["label"] == "General rules"
    opening_de = {v["value"]: v["label"] for v in de["options"]["opening"]["values"]}
    assert opening_de["high_die"] == "ein Würfel jeder, der höchste eröffnet"
    assert de["options"]["jule"]["only_with"] == {}
    assert de["options"]["jule_deckel"]["only_with"] == {"jule": [True]}
    assert de["options"]["schock_aus_deckel"]["only_with"] == {"schock_aus": ["worth"]}
    assert "greher" in de["options"]["jule"]["sources"]["keys"]


def test_each_preset_has_its_name_and_what_sets_it_apart_in_both_languages() -> None:
    assert preset_line("tsv99", "de") == "TSV 99 – 14 Deckel je Hälfte"
    assert preset_line("tsv99", "en") == "TSV 99 – 14 Deckel per half"
    s4l = preset_line("schock4life", "de")
    assert s4l.startswith("Schock4Life – ")
    assert "Einwürfeln erlaubt" in s4l and "Rausgelegtes bleibt draußen" in s4l
    assert "Verdeckte Würfe: ein dritter Wurf" in preset_line("allgemein", "de")
    assert "General beats Schock 2" in preset_line("knobelrunde", "en")
    for preset in PRESETS:
        assert preset_line(preset, "de") != preset_line(preset, "en") or preset == "tsv99"


def test_what_house_rules_change_in_words() -> None:
    house = find_preset("tsv99").with_overrides(HOUSE)
    assert differences(house, "en") == [
        "15 Deckel per half",
        "Jule (4-2-1) counts",
        "one half, no Finale",
    ]
    assert summary(house, "de") == (
        "TSV 99, aber: 15 Deckel je Hälfte; Jule (4-2-1) zählt; eine Hälfte, kein Finale."
    )
    assert summary(find_preset("allgemein"), "en") == "Exactly General rules."
    # An option the engine does not read under these rules is no difference worth saying.
    unread = find_preset("tsv99").with_overrides({"jule_deckel": 9})
    assert differences(unread, "en") == []
    assert (
        said_value("opening", "high_die", "de")
        == "Eröffnung: ein Würfel jeder, der höchste eröffnet"
    )
    assert said_value("finale", True, "en") == "two halves and a Finale"


def test_a_link_code_round_trips_and_a_bad_one_is_refused_in_both_languages() -> None:
    house = find_preset("tsv99").with_overrides(HOUSE)
    code = rules_code(house)
    assert "=" not in code and "/" not in code and "+" not in code
    assert rules_of_code(code) == house
    data = json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    assert data == {
        "preset": "tsv99",
        "overrides": {"deckel_per_half": 15, "finale": False, "jule": True},
    }
    with pytest.raises(RulesError) as bad:
        rules_of_code("not base64 at all!")
    assert str(bad.value) == "the link holds no rule set"
    assert refusal_text(bad.value, "de") == "der Link enthält kein Regelwerk"
    wrong = base64.urlsafe_b64encode(b'{"preset":"kneipe"}').decode().rstrip("=")
    with pytest.raises(RulesError) as unknown:
        rules_of_code(wrong)
    assert refusal_text(unknown.value, "de").startswith("der Link: unbekanntes Regelwerk 'kneipe'")
    with pytest.raises(RulesError):
        rules_of_code("x" * 5000)


def test_the_engine_refuses_in_the_players_language() -> None:
    with pytest.raises(RulesError) as refused:
        read_rules({"rules": {"preset": "tsv99", "overrides": {"deckel_per_half": 1000}}})
    assert str(refused.value) == "option 'deckel_per_half' must be between 1 and 999, not 1000"
    assert refusal_text(refused.value, "en") == str(refused.value)
    assert (
        refusal_text(refused.value, "de")
        == "Option 'deckel_per_half' muss zwischen 1 und 999 liegen, nicht 1000"
    )
    with pytest.raises(RulesError) as toml:
        read_rules({"toml": 'preset = "tsv99"\njule = 7\n'})
    assert (
        refusal_text(toml.value, "de") == "TOML: Option 'jule' muss true oder false sein, nicht 7"
    )
    with pytest.raises(RulesError) as nothing:
        read_rules({})
    assert "'toml'" in refusal_text(nothing.value, "de")


def test_checked_rules_carry_their_toml_code_and_words() -> None:
    house = find_preset("tsv99").with_overrides(HOUSE)
    answer = checked(house, "en")
    assert answer["ok"] is True
    assert answer["rules"] == {
        "preset": "tsv99",
        "overrides": {"deckel_per_half": 15, "finale": False, "jule": True},
    }
    assert read_rules({"toml": answer["toml"]}) == house
    assert rules_of_code(answer["code"]) == house
    assert answer["changes"] == differences(house, "en")
    # Rules made from the plain defaults are shown on the first preset, with what they change.
    plain = checked(Rules(), "en")
    assert plain["rules"] == {"preset": "tsv99", "overrides": {"deckel_per_half": 13}}
