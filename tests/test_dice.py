"""Tests of schocken.dice: seeded, system, committed and scripted dice sources."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schocken.bots import make_bot
from schocken.dice import (
    CommittedDice,
    DiceSource,
    RandomDice,
    ScriptedDice,
    SystemDice,
    commitment_of,
    derived_dice,
    derived_die,
    face_of,
)
from schocken.errors import DiceExhaustedError, SchockenError
from schocken.events import RoundKind, RoundStarted
from schocken.game import Game
from schocken.rules import find_preset, rules_from_data
from schocken.simulate import play_game


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


# --- CommittedDice --------------------------------------------------------------------------------

COUNTING = bytes(range(32))
"""The seed 00 01 02 ... 1f. The vectors below were computed once with OpenSSL, independently of
this code: ``printf 'schocken-die:0' | openssl dgst -sha256 -mac HMAC -macopt hexkey:0001..1f``
gives 4de89d4f..., whose first byte 0x4d = 77 is below 252: 1 + 77 % 6 = 6."""


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    # sha256sum of 32 zero bytes, and of 00 01 ... 1f (coreutils)
    assert commitment_of(bytes(32)) == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )
    assert commitment_of(COUNTING) == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    )
    assert CommittedDice(COUNTING).commitment == commitment_of(COUNTING)


def test_known_dice_of_known_seeds() -> None:
    # HMAC first bytes for zero seed, dice 0-2: 38 f5 9d; for COUNTING, dice 0-7:
    # 4d d2 2f 2b 22 29 8d 55 (OpenSSL)
    assert derived_dice(bytes(32), 3) == (3, 6, 2)
    assert derived_dice(COUNTING, 8) == (6, 1, 6, 2, 5, 6, 4, 2)
    assert derived_dice(COUNTING, 3, start=5) == (6, 4, 2)


def test_bytes_of_252_and_more_are_skipped() -> None:
    # Die 132 of COUNTING: HMAC fd e2 ... (0xfd = 253 is skipped; 0xe2 = 226 gives 1 + 4 = 5);
    # die 185: ff d0 ... (0xd0 = 208 gives 5); die 280: ff 95 ... (0x95 = 149 gives 6).
    assert derived_die(COUNTING, 132) == 5
    assert derived_die(COUNTING, 185) == 5
    assert derived_die(COUNTING, 280) == 6
    assert face_of(bytes([252, 253, 254, 255, 251])) == 1 + 251 % 6
    assert face_of(bytes([0])) == 1 and face_of(bytes([5])) == 6 and face_of(bytes([6])) == 1
    assert face_of(bytes([252] * 32)) is None
    # Of the 252 bytes that give a face, each face takes exactly 42.
    faces = Counter(face_of(bytes([b])) for b in range(256))
    assert faces == Counter({1: 42, 2: 42, 3: 42, 4: 42, 5: 42, 6: 42, None: 4})


def test_committed_dice_count_every_die_in_order() -> None:
    dice = CommittedDice(COUNTING)
    assert isinstance(dice, DiceSource)
    assert [dice.roll(3), dice.roll(1), dice.roll(2), dice.roll(2)] == [
        (6, 1, 6),
        (2,),
        (5, 6),
        (4, 2),
    ]
    assert dice.drawn == 8
    resumed = CommittedDice(COUNTING, drawn=5)
    assert resumed.roll(3) == (6, 4, 2)
    with pytest.raises(ValueError, match="1 to 3 dice"):
        dice.roll(4)
    assert dice.drawn == 8  # the refused roll drew nothing


@pytest.mark.parametrize("bad", [b"", bytes(31), bytes(33), "00" * 32, None])
def test_a_seed_is_32_bytes(bad: object) -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        CommittedDice(bad)  # type: ignore[arg-type]


def test_derived_die_numbers_are_whole_numbers_from_0() -> None:
    for bad in (-1, True, 1.0):
        with pytest.raises(ValueError, match="from 0"):
            derived_die(COUNTING, bad)  # type: ignore[arg-type]


def test_committed_faces_are_uniform() -> None:
    """A statistical sanity check with a fixed seed: 60,000 dice, each face within 5% of
    10,000 (more than 5 standard deviations), and seeds that differ deal differently."""
    counts = Counter(derived_dice(bytes(32), 60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9_500 <= counts[face] <= 10_500, (face, counts)
    assert derived_dice(bytes(32), 20) != derived_dice(COUNTING, 20)


def test_a_game_with_committed_dice_records_the_dice_in_the_order_drawn() -> None:
    """The pips of a game's steps, taken in order, are the seed's dice 0, 1, 2, ...: what a
    verifier recomputes. An opening of one die each and a throw-off draw from the same dice."""
    games = (
        (find_preset("tsv99"), COUNTING, None),
        (
            rules_from_data({"preset": "allgemein", "overrides": {"opening": "high_die"}}),
            COUNTING,
            RoundKind.OPENING_DIE,
        ),
        (
            rules_from_data({"preset": "tsv99", "overrides": {"tiebreak": "throw_off"}}),
            bytes(32),
            RoundKind.THROW_OFF,
        ),
    )
    for rules, seed, kind in games:
        game = Game(rules, ["A", "B", "C"], CommittedDice(seed))
        play_game(game, [make_bot("regular", bot_seed) for bot_seed in range(3)])
        pips = [p for _, _, step in game.steps for p in step]
        assert game.is_over and pips == list(derived_dice(seed, len(pips)))
        if kind is not None:
            assert any(isinstance(e, RoundStarted) and e.kind is kind for e in game.events)


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


def test_the_python_in_docs_fair_dice_md_deals_the_same_dice() -> None:
    """The dozen lines docs/fair-dice.md gives, for anyone to check a record without schocken."""
    docs = Path(__file__).resolve().parents[1] / "docs" / "fair-dice.md"
    code = docs.read_text(encoding="utf-8").split("```python\n", 1)[1].split("```", 1)[0]
    found: dict[str, Any] = {}
    exec(code, found)  # the documentation's own code, nothing else
    die, fair = found["die"], found["fair"]
    assert [die(COUNTING, i) for i in (0, 1, 7, 132, 185, 280)] == [
        derived_die(COUNTING, i) for i in (0, 1, 7, 132, 185, 280)
    ]
    online = Path(__file__).resolve().parent / "records" / "online-tsv99.json"
    record = json.loads(online.read_text(encoding="utf-8"))
    assert fair(record) is True
    record["steps"][7]["pips"][1] = record["steps"][7]["pips"][1] % 6 + 1
    assert fair(record) is False
