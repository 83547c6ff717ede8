"""Tests of schocken.dice: seeded, system and scripted dice sources."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schocken.dice import DiceSource, RandomDice, ScriptedDice, SystemDice
from schocken.errors import DiceExhaustedError, SchockenError


def _sequence(dice: DiceSource, sizes: list[int]) -> list[tuple[int, ...]]:
    return [dice.roll(n) for n in sizes]


SIZES = [3, 2, 1, 3, 3, 1, 2, 3] * 5


# --- RandomDice -----------------------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=2**64))
def test_random_same_seed_same_sequence(seed: int) -> None:
    assert _sequence(RandomDice(seed), SIZES) == _sequence(RandomDice(seed), SIZES)


def test_random_different_seeds_differ() -> None:
    sequences = {tuple(_sequence(RandomDice(seed), SIZES)) for seed in range(20)}
    assert len(sequences) == 20


def test_random_keeps_its_seed() -> None:
    assert RandomDice(42).seed == 42
    assert RandomDice().seed is None


@pytest.mark.parametrize("n", [1, 2, 3])
def test_random_roll_length_and_pips(n: int) -> None:
    dice = RandomDice(1234)
    for _ in range(500):
        pips = dice.roll(n)
        assert isinstance(pips, tuple)
        assert len(pips) == n
        assert all(type(p) is int and 1 <= p <= 6 for p in pips)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_random_rough_uniformity(n: int) -> None:
    dice = RandomDice(2024 + n)
    counts: Counter[int] = Counter()
    for _ in range(60_000 // n):
        counts.update(dice.roll(n))
    assert sum(counts.values()) == 60_000
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9_500 <= counts[face] <= 10_500, (face, counts)


def test_random_dice_in_one_throw_are_independent() -> None:
    # every ordered pair of two dice shows up about equally often (36 cells, 36,000 throws)
    dice = RandomDice(7)
    pairs = Counter(dice.roll(2) for _ in range(36_000))
    assert len(pairs) == 36
    assert all(800 <= c <= 1_200 for c in pairs.values()), pairs


def test_random_is_a_dice_source() -> None:
    assert isinstance(RandomDice(0), DiceSource)


# --- SystemDice -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3])
def test_system_dice_valid(n: int) -> None:
    dice = SystemDice()
    seen: set[int] = set()
    for _ in range(300):
        pips = dice.roll(n)
        assert len(pips) == n
        assert all(type(p) is int and 1 <= p <= 6 for p in pips)
        seen.update(pips)
    assert seen == {1, 2, 3, 4, 5, 6}
    assert isinstance(dice, DiceSource)


# --- ScriptedDice ---------------------------------------------------------------------------------


def test_scripted_in_order() -> None:
    dice = ScriptedDice([6, 6, 3, 1, 2, 5])
    assert dice.remaining == 6
    assert dice.roll(3) == (6, 6, 3)
    assert dice.remaining == 3
    assert dice.roll(1) == (1,)
    assert dice.roll(2) == (2, 5)
    assert dice.remaining == 0
    assert isinstance(dice, DiceSource)


@given(st.lists(st.integers(1, 6), max_size=30), st.data())
def test_scripted_replays_the_list(pips: list[int], data: st.DataObject) -> None:
    dice = ScriptedDice(iter(pips))
    out: list[int] = []
    while dice.remaining:
        n = data.draw(st.integers(1, min(3, dice.remaining)))
        out.extend(dice.roll(n))
    assert out == pips
    with pytest.raises(DiceExhaustedError):
        dice.roll(1)


def test_scripted_exhausted() -> None:
    dice = ScriptedDice([4, 4])
    with pytest.raises(DiceExhaustedError, match="exhausted") as info:
        dice.roll(3)
    assert isinstance(info.value, SchockenError)
    # the refused roll took nothing
    assert dice.remaining == 2
    assert dice.roll(2) == (4, 4)
    with pytest.raises(DiceExhaustedError):
        dice.roll(1)
    with pytest.raises(DiceExhaustedError):
        ScriptedDice([]).roll(1)


@pytest.mark.parametrize(
    "bad",
    [[0], [7], [-1], [1, 2, 9], [True], [False], [2.0], ["3"], [None]],
)
def test_scripted_refuses_bad_pips(bad: list[object]) -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        ScriptedDice(bad)  # type: ignore[arg-type]
