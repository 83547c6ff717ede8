"""Exact odds of a turn, checked against known fractions and against the engine's simulation."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest

from schocken.cli import main
from schocken.odds import POLICIES, format_table, places, simulate_turns, turn_odds
from schocken.results import ResultKind, result_table
from schocken.rules import PRESETS, find_preset


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("limit", [1, 2, 3])
@pytest.mark.parametrize("policy", list(POLICIES))
def test_every_distribution_sums_to_one(preset: str, limit: int, policy: str) -> None:
    odds = turn_odds(PRESETS[preset], limit, policy)
    assert sum(odds.results.values()) == 1
    assert all(p > 0 for p in odds.results.values())
    assert all(r.throws <= limit for r in odds.results)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_one_throw_known_fractions(preset: str) -> None:
    odds = turn_odds(PRESETS[preset], 1, "optimal")
    name = "Hand-Aus" if PRESETS[preset].hand_aus_beats else "Schock-Aus"
    assert odds.probability(name) == Fraction(1, 216)
    for n in range(2, 7):
        assert odds.probability(f"Schock {n}") == Fraction(3, 216)
        assert odds.probability(f"General {n}") == Fraction(1, 216)
    assert odds.probability("Straße 6-5-4") == Fraction(6, 216)
    assert odds.probability("Straße 3-2-1") == Fraction(6, 216)
    assert odds.probability("665") == Fraction(3, 216)
    assert odds.probability("653") == Fraction(6, 216)
    assert odds.by_kind()[ResultKind.PLAIN] == Fraction(19, 24)
    assert odds.expected_deckel() == Fraction(49, 36)
    # With one throw there is no choice: every policy gives the same.
    for policy in POLICIES:
        assert turn_odds(PRESETS[preset], 1, policy).results == odds.results


def test_throwing_all_three_every_time_is_like_one_throw() -> None:
    rules = find_preset("tsv99")
    one = turn_odds(rules, 1, "throw-all").by_name()
    for limit in (2, 3):
        assert turn_odds(rules, limit, "throw-all").by_name() == one


def test_keep_ones_schock_aus_and_assembled_results() -> None:
    # Two throws, keeping ones, never turning in a way that matters for 1-1-1 by hand count.
    tsv = turn_odds(find_preset("tsv99"), 3, "keep-ones")
    assert tsv.probability("Schock-Aus") == Fraction(54271, 629856)
    # An assembled General counts in tsv99 ...
    assert tsv.by_kind()[ResultKind.GENERAL] > 0
    # ... but in allgemein a Straße needs one throw: a kept 1 and a thrown 3-2 is plain 321.
    allg = turn_odds(find_preset("allgemein"), 3, "keep-ones")
    assembled = [r for r in allg.results if not r.one_throw and r.dice == (3, 2, 1)]
    assert assembled and all(r.kind is ResultKind.PLAIN for r in assembled)
    assert all(
        r.kind is ResultKind.STRASSE for r in allg.results if r.one_throw and r.dice == (3, 2, 1)
    )
    # schock4life names a Hand-Aus apart, and keeps it apart in the odds.
    s4l = turn_odds(find_preset("schock4life"), 3, "keep-ones")
    assert s4l.probability("Hand-Aus") > 0 and s4l.probability("Schock-Aus") > 0


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("limit", [2, 3])
def test_optimal_policy_has_the_best_expected_place(preset: str, limit: int) -> None:
    rules = PRESETS[preset]
    place = places(result_table(rules))

    def expected(policy: str) -> Fraction:
        odds = turn_odds(rules, limit, policy)
        return sum((p * place[r] for r, p in odds.results.items()), Fraction(0))

    best = expected("optimal")
    assert best >= expected("keep-ones")
    assert best > expected("throw-all")


@pytest.mark.parametrize(
    ("preset", "limit", "policy"),
    [
        ("schock4life", 3, "optimal"),
        ("tsv99", 2, "keep-ones"),
        ("knobelrunde", 3, "keep-ones"),
        ("allgemein", 3, "optimal"),
    ],
)
def test_exact_odds_match_the_engines_simulation(preset: str, limit: int, policy: str) -> None:
    rules = PRESETS[preset]
    turns = 20_000
    counts = simulate_turns(rules, limit, policy, turns, seed=7)
    exact = turn_odds(rules, limit, policy).results
    assert set(counts) <= set(exact), "the engine reached a result the odds say is impossible"
    assert sum(counts.values()) == turns
    for result, p in exact.items():
        share = counts.get(result, 0) / turns
        se = math.sqrt(float(p) * (1 - float(p)) / turns)
        assert abs(share - float(p)) <= 4 * se + 1e-12, (result.name, share, float(p))


def test_unknown_policy_and_limit() -> None:
    with pytest.raises(ValueError, match="unknown policy 'lucky'"):
        turn_odds(find_preset("tsv99"), 2, "lucky")
    with pytest.raises(ValueError, match="a turn has 1 to 3 throws"):
        turn_odds(find_preset("tsv99"), 4, "optimal")


def test_odds_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "odds.png"
    assert main(["odds", "--preset", "tsv99", "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "tsv99: the result of one turn, policy optimal" in out
    assert "1/216" in out and "E[Deckel]" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["odds", "--preset", "allgemein", "--policy", "keep-ones", "--full"]) == 0
    out = capsys.readouterr().out
    assert "Straße 6-5-4" in out and "\n221 " in out
    assert main(["odds", "--policy", "lucky"]) == 2


def test_odds_with_a_jule() -> None:
    rules = find_preset("tsv99").with_overrides({"jule": True, "jule_deckel": 7})
    odds = turn_odds(rules, 1, "optimal")
    assert sum(odds.results.values()) == 1
    assert odds.probability("Jule") == Fraction(6, 216)  # 4-2-1 in any order
    assert odds.probability("421") == 0
    assert odds.by_kind()[ResultKind.JULE] == Fraction(1, 36)
    # The six 4-2-1 throws are worth 7 instead of 1: E[Deckel] grows by 6 * 6 / 216.
    plain = turn_odds(find_preset("tsv99"), 1, "optimal")
    assert odds.expected_deckel() - plain.expected_deckel() == Fraction(36, 216)
    # Only from one throw: a 4-2-1 assembled in two throws is the plain number 421.
    hand = rules.with_overrides({"jule_one_throw": True})
    two = turn_odds(hand, 2, "keep-ones")
    assert two.probability("421") > 0 and two.probability("Jule") > 0
    assert all(r.one_throw for r in two.results if r.kind is ResultKind.JULE)
    # The engine's own simulation agrees with the exact odds (to a few standard errors).
    counts = simulate_turns(rules, 2, "optimal", 3000, seed=4)
    share = sum(n for r, n in counts.items() if r.kind is ResultKind.JULE) / 3000
    exact = float(turn_odds(rules, 2, "optimal").by_kind()[ResultKind.JULE])
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / 3000)


def test_odds_command_shows_a_jule_only_where_the_rules_have_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "jule.toml"
    house.write_text('preset = "tsv99"\njule = true\njule_deckel = 9\n', encoding="utf-8")
    assert main(["odds", "--rules", str(house)]) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("Jule ") and "1/36" in line for line in out.splitlines())
    assert main(["odds", "--rules", "tsv99"]) == 0
    assert "Jule" not in capsys.readouterr().out


def test_odds_follow_which_strassen_count() -> None:
    tsv99 = find_preset("tsv99")
    outer = tsv99.with_overrides({"strassen": "outer"})
    assert turn_odds(tsv99, 1, "optimal").by_kind()[ResultKind.STRASSE] == Fraction(1, 9)
    assert turn_odds(outer, 1, "optimal").by_kind()[ResultKind.STRASSE] == Fraction(1, 18)
    assert turn_odds(outer, 1, "optimal").probability("Straße 5-4-3") == 0


def test_odds_show_a_nutte_only_under_rules_with_one() -> None:
    tsv99 = find_preset("tsv99")
    nutte = tsv99.with_overrides({"nutte": True})
    assert "Nutte" not in format_table(tsv99, "optimal")
    assert "Nutte" in format_table(nutte, "optimal")
    assert turn_odds(nutte, 1, "optimal").by_kind()[ResultKind.NUTTE] == Fraction(1, 72)
    assert turn_odds(tsv99, 1, "optimal").probability("221") == Fraction(1, 72)


def test_odds_show_an_achter_only_under_rules_with_one() -> None:
    tsv99 = find_preset("tsv99")
    achter = tsv99.with_overrides({"achter": True})
    assert "Achter" not in format_table(tsv99, "optimal")
    assert "Achter" in format_table(achter, "optimal")
    assert turn_odds(achter, 1, "optimal").by_kind()[ResultKind.ACHTER] == Fraction(1, 72)
    assert turn_odds(tsv99, 1, "optimal").probability("331") == Fraction(1, 72)
