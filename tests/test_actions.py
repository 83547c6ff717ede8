"""Tests of schocken.actions: text forms, integer codes, values."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schocken.actions import (
    ACTION_COUNT,
    BUY_IN,
    KEEPS,
    STOP,
    THROW_BLIND,
    TURN_SIXES,
    Action,
    BuyIn,
    Stop,
    Throw,
    ThrowBlind,
    TurnSixes,
    action_from_code,
    parse_action,
)


def _keep_texts() -> list[str]:
    """Every canonical throw text, built by hand: keep nothing, one die, or two dice."""
    texts = ["throw"]
    texts += [f"throw keep {a}" for a in range(6, 0, -1)]
    texts += [f"throw keep {a}-{b}" for a in range(6, 0, -1) for b in range(a, 0, -1)]
    return texts


CANONICAL_TEXTS = [*_keep_texts(), "turn", "stop", "buyin", "blind"]
ALL_ACTIONS: list[Action] = [action_from_code(c) for c in range(ACTION_COUNT)]


def test_there_are_32_canonical_texts() -> None:
    assert len(CANONICAL_TEXTS) == len(set(CANONICAL_TEXTS)) == 32 == ACTION_COUNT


@pytest.mark.parametrize("text", CANONICAL_TEXTS)
def test_canonical_text_round_trip(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=str)
def test_every_action_round_trips_through_text(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert parse_action(str(action)) is action  # shared instances


def test_all_actions_have_distinct_texts() -> None:
    assert sorted(str(a) for a in ALL_ACTIONS) == sorted(CANONICAL_TEXTS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("throw", Throw()),
        ("throw", Throw(())),
        ("throw keep 1-1", Throw((1, 1))),
        ("throw keep 6", Throw((6,))),
        ("throw keep 1-6", Throw((6, 1))),
        ("throw keep 6-1", Throw((6, 1))),
        ("throw keep 2-5", Throw((5, 2))),
        ("  THROW   Keep  3 - 4 ", Throw((4, 3))),
        ("throw keep 1 -1", Throw((1, 1))),
        ("Throw\tkeep\t5", Throw((5,))),
        ("turn", TurnSixes()),
        (" Turn ", TurnSixes()),
        ("stop", Stop()),
        ("STOP", Stop()),
        ("buyin", BuyIn()),
        ("BuyIn", BuyIn()),
        ("blind", ThrowBlind()),
        (" BLIND ", ThrowBlind()),
    ],
)
def test_parse_action_forms(text: str, expected: Action) -> None:
    assert parse_action(text) == expected


def test_throw_keep_sorted_highest_first() -> None:
    action = parse_action("throw keep 1-6")
    assert isinstance(action, Throw)
    assert action.keep == (6, 1)
    assert str(action) == "throw keep 6-1"


@given(st.lists(st.integers(1, 6), min_size=1, max_size=2), st.sampled_from(["-", " - ", "- "]))
def test_throw_keep_any_order(pips: list[int], sep: str) -> None:
    action = parse_action("throw keep " + sep.join(map(str, pips)))
    assert isinstance(action, Throw)
    assert action.keep == tuple(sorted(pips, reverse=True))
    assert action.keep in KEEPS


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "throw keep",
        "throw keep ",
        "throw keep 7",
        "throw keep 0",
        "throw keep 1-1-1",
        "throw keep 6-6-6",
        "throw keep 16",
        "throw keep 1,1",
        "throw keep 1-",
        "throw 1-1",
        "keep 1-1",
        "throwkeep 1",
        "jump",
        "stop now",
        "turn 6",
        "buy in",
        "stopp",
    ],
)
def test_parse_action_bad_text(text: str) -> None:
    with pytest.raises(ValueError, match="not an action") as info:
        parse_action(text)
    assert repr(text) in str(info.value)


def test_parse_action_too_many_kept_dice_says_so() -> None:
    with pytest.raises(ValueError, match="at most two"):
        parse_action("throw keep 1-1-1")


@pytest.mark.parametrize("value", [None, 5, b"stop", ["stop"]])
def test_parse_action_not_text(value: object) -> None:
    with pytest.raises(ValueError, match="action"):
        parse_action(value)  # type: ignore[arg-type]


# --- Codes ----------------------------------------------------------------------------------------


def test_codes_are_0_to_31_and_unique() -> None:
    assert ACTION_COUNT == 32
    codes = [a.code for a in ALL_ACTIONS]
    assert codes == list(range(32))
    texts_by_code = {parse_action(t).code for t in CANONICAL_TEXTS}
    assert texts_by_code == set(range(32))


@pytest.mark.parametrize("code", range(32))
def test_action_from_code_round_trip(code: int) -> None:
    action = action_from_code(code)
    assert action.code == code
    assert action_from_code(action.code) is action


@pytest.mark.parametrize("text", CANONICAL_TEXTS)
def test_code_of_parsed_text_round_trips(text: str) -> None:
    action = parse_action(text)
    assert action_from_code(action.code) == action


def test_fixed_codes() -> None:
    assert TURN_SIXES.code == TurnSixes.CODE == 28
    assert STOP.code == Stop.CODE == 29
    assert BUY_IN.code == BuyIn.CODE == 30
    assert THROW_BLIND.code == ThrowBlind.CODE == 31
    assert Throw().code == 0
    assert len(KEEPS) == 28
    assert all(0 <= Throw(k).code < 28 for k in KEEPS)


@pytest.mark.parametrize("code", [-1, 32, 100, True, False, 1.0, "3", None])
def test_action_from_code_bad(code: object) -> None:
    with pytest.raises(ValueError, match="no action has the code") as info:
        action_from_code(code)  # type: ignore[arg-type]
    assert "0 to 31" in str(info.value)


# --- Values ---------------------------------------------------------------------------------------


def test_actions_hashable() -> None:
    assert len(set(ALL_ACTIONS)) == 32
    assert hash(Throw((6, 1))) == hash(parse_action("throw keep 1-6"))
    assert {Stop(): 1}[STOP] == 1
    assert Throw((1, 1)) != Throw((1,))
    assert len({Stop(), TurnSixes(), BuyIn(), Throw()}) == 4


def test_actions_frozen() -> None:
    throw = Throw((6, 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        throw.keep = (1, 1)  # type: ignore[misc]
    assert throw.keep == (6, 1)
    for action in (STOP, TURN_SIXES, BUY_IN, THROW_BLIND):
        with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
            action.extra = 1  # type: ignore[union-attr]


def test_keeps_are_sorted_multisets() -> None:
    assert KEEPS[0] == ()
    assert len(set(KEEPS)) == len(KEEPS)
    for keep in KEEPS:
        assert list(keep) == sorted(keep, reverse=True)
    expected: set[tuple[int, ...]] = {()} | {(a,) for a in range(1, 7)}
    expected |= {tuple(sorted(p, reverse=True)) for p in itertools.product(range(1, 7), repeat=2)}
    assert set(KEEPS) == expected
