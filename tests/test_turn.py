"""Tests of schocken.turn beyond what the game's tests cover: a covered cup's distribution and
what "in one throw" means for a turn's aside dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from schocken.actions import TURN_SIXES
from schocken.results import result_table, roll_probabilities
from schocken.rules import PRESETS, SixesTurn
from schocken.turn import TurnState, covered_results, may_turn_sixes, one_throw


def test_one_throw_is_no_die_aside() -> None:
    assert one_throw(())
    assert not one_throw((1,))
    assert not one_throw((6, 1))
    assert TurnState().after_throw((), (4, 5, 6)).last_full
    assert not TurnState().after_throw((1,), (4, 5)).last_full


@pytest.mark.parametrize(
    ("aside", "thrown", "first", "turns"),
    [
        ((), (6, 6, 3), True, {"any_throw", "one_throw", "first_throw"}),
        ((), (6, 6, 3), False, {"any_throw", "one_throw"}),  # all three again, but not the first
        ((1,), (6, 6), False, {"any_throw"}),
        ((), (6, 5, 3), True, set()),
    ],
)
def test_when_sixes_may_be_turned(
    aside: tuple[int, ...], thrown: tuple[int, ...], first: bool, turns: set[str]
) -> None:
    for sixes_turn in SixesTurn:
        expected = sixes_turn.value in turns
        assert may_turn_sixes(aside, thrown, sixes_turn, first) is expected, sixes_turn


def test_a_turn_state_counts_its_throws_for_turning_sixes() -> None:
    rules = PRESETS["tsv99"].with_overrides({"sixes_turn": "first_throw"})
    first = TurnState().after_throw((), (6, 6, 3))
    second = first.after_throw((), (6, 6, 3))
    assert TURN_SIXES in first.actions(rules, 3)
    assert TURN_SIXES not in second.actions(rules, 3)
    assert TURN_SIXES in second.actions(PRESETS["tsv99"], 3)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("aside", [(), (1,), (6,), (1, 1), (6, 1), (2, 2)])
@pytest.mark.parametrize("throws", [1, 2, 3])
def test_a_covered_cup_is_its_aside_dice_and_a_fair_throw(
    preset: str, aside: tuple[int, ...], throws: int
) -> None:
    rules = PRESETS[preset]
    table = result_table(rules)
    dist = covered_results(rules, aside, throws)
    assert sum(p for _, p in dist) == 1
    assert len(dist) == len(roll_probabilities(3 - len(aside)))
    for (result, p), (roll, q) in zip(
        dist, roll_probabilities(3 - len(aside)).items(), strict=True
    ):
        assert p == q
        dice = tuple(sorted(aside + roll, reverse=True))
        assert result == table.result(dice, one_throw=not aside, throws=throws)


def test_a_covered_cup_with_two_ones_aside() -> None:
    rules = PRESETS["tsv99"]
    dist = covered_results(rules, (1, 1), 3)
    schock_aus = sum((p for r, p in dist if r.is_schock_aus), Fraction(0))
    assert schock_aus == Fraction(1, 6)
