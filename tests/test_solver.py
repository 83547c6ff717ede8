"""The turn solver, checked against hand-countable situations."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from schocken.actions import STOP, THROWS
from schocken.cli import main
from schocken.results import Result, result_table
from schocken.rules import find_preset
from schocken.solver import Situation, solve
from schocken.turn import TurnState


def value_of(sit: Situation, action: object) -> tuple[Fraction, Fraction]:
    for v in solve(sit):
        if v.action == action:
            return v.p_lose, v.deckel
    raise AssertionError(f"{action} is not legal here")


def one_throw_results(preset: str, throws: int) -> list[Result]:
    table = result_table(find_preset(preset))
    return [
        table.result(pips, one_throw=True, throws=throws)
        for pips in itertools.product(range(1, 7), repeat=3)
    ]


@pytest.mark.parametrize("preset", ["tsv99", "allgemein"])
def test_last_player_throwing_all_three_against_one_result(preset: str) -> None:
    rules = find_preset(preset)
    table = result_table(rules)
    shown = table.result((6, 5, 2), one_throw=True, throws=1)
    # Anna (place 1, the last) threw once of two and throws all three again.
    sit = Situation(rules, TurnState((), (3, 2, 2), 1, 0, (), True), 2, (shown,), middle=13)
    p_lose, deckel = value_of(sit, THROWS[()])
    # Count the 216 throws by hand: worse than 6-5-2, or equal (later thrower, or more throws).
    losing = sum(
        1 for r in one_throw_results(preset, 2) if table.order_key(r, 1) < table.order_key(shown, 0)
    )
    assert p_lose == Fraction(losing, 216)
    assert p_lose == Fraction(147, 216)  # 6-5-2 is beaten by 69 of 216 throws; ties lose
    # She takes what the best (6-5-2, worth 1) is worth.
    assert deckel == p_lose * 1
    # Stopping on 3-2-2 loses for sure and costs a Deckel.
    assert value_of(sit, STOP) == (Fraction(1), Fraction(1))


def test_opener_of_a_tuetenrunde_against_later_throws() -> None:
    rules = find_preset("tsv99")
    table = result_table(rules)
    # Anna opens and stops after one throw on 6-4-2: two players follow with one throw each.
    sit = Situation(rules, TurnState((), (6, 4, 2), 1, 0, (), True), None, after=2, middle=13)
    mine = table.result((6, 4, 2), one_throw=True, throws=1)
    beat = sum(
        1 for r in one_throw_results("tsv99", 1) if table.order_key(r, 1) > table.order_key(mine, 0)
    )
    p_lose, _ = value_of(sit, STOP)
    assert p_lose == Fraction(beat, 216) ** 2


def test_a_covered_cup_before_counts_by_its_aside_dice() -> None:
    rules = find_preset("schock4life")
    table = result_table(rules)
    # Before Anna: a covered cup with 1-1 aside after 3 throws: 1-1-d, d unknown.
    # Anna stopped on an assembled Schock 4 after two throws; nobody after her.
    sit = Situation(
        rules,
        TurnState((1, 1), (4,), 2, 0, (), False),
        3,
        covered=(((1, 1), 3),),
        middle=13,
    )
    assert table.result((4, 1, 1), one_throw=False, throws=2).name == "Schock 4"
    p_lose, deckel = value_of(sit, STOP)
    # She loses to Schock 5, Schock 6 and the (assembled) Schock-Aus; Schock 4 with 3 throws
    # is worse than hers with 2.
    assert p_lose == Fraction(3, 6)
    # Losing, she takes 5, 6, or all 13 Deckel (Schock-Aus).
    assert deckel == Fraction(5 + 6 + 13, 6)


def test_the_best_gives_once_the_middle_is_empty() -> None:
    rules = find_preset("tsv99")
    table = result_table(rules)
    shown = table.result((4, 4, 1), one_throw=True, throws=1)
    sit = Situation(
        rules, TurnState((), (6, 1, 1), 1, 0, (), True), 3, (shown,), middle=0, deckel=4
    )
    # Schock 6 is best: she gives the 4 Deckel she holds (6 owed).
    assert value_of(sit, STOP) == (Fraction(0), Fraction(-4))


def test_best_action_comes_first_and_the_turn_must_not_be_over() -> None:
    rules = find_preset("tsv99")
    table = result_table(rules)
    shown = table.result((1, 1, 3), one_throw=False, throws=2)
    sit = Situation(rules, TurnState((), (4, 1, 1), 1, 0, (), True), 3, (shown,), after=1)
    values = solve(sit)
    assert values == sorted(values, key=lambda v: (v.p_lose, v.deckel))
    assert values[0].p_lose == 0  # keeping Schock 4 above Schock 3 is safe
    over = Situation(rules, TurnState((), (4, 1, 1), 3, 0, (), True), 3)
    with pytest.raises(ValueError, match="the turn is over"):
        solve(over)


def test_hint_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "hint",
            "--preset",
            "tsv99",
            "--dice",
            "1-1-4",
            "--throws",
            "1",
            "--shown",
            "6-5-2,1-1-3/2",
            "--after",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("keep 1-1 and throw one die: P(lose round) = 0.0000")
    assert any(li.startswith("throw all three: P(lose round) = 0.") for li in lines)
    assert main(["hint", "--dice", "1-1", "--throws", "1"]) == 2
    assert "three dice showing" in capsys.readouterr().err
    assert main(["hint", "--dice", "1-1-4", "--throws", "2", "--aside", "6"]) == 2
    assert "not among the dice" in capsys.readouterr().err
