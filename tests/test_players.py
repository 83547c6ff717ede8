"""Who may sit at a table: the number of players and what a name may be."""

from __future__ import annotations

from typing import Any

import pytest

from schocken import game
from schocken.players import (
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_name,
    check_players,
    name_key,
)


def test_the_limits() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS, MAX_NAME) == (2, 20, 40)
    # The engine's names for them still work.
    assert (game.MIN_PLAYERS, game.MAX_PLAYERS) == (MIN_PLAYERS, MAX_PLAYERS)


def test_good_names_come_back_unchanged() -> None:
    names = ["Anna", "Ben Müller", "Çağla", "李", "👨‍👩‍👧", "N" * 40, " Cem "]
    assert check_players(names) == tuple(names)
    assert check_players(("A", "B")) == ("A", "B")
    assert len(check_players([f"P{i}" for i in range(20)])) == 20


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Anna"], "Schocken needs 2 to 20 players, not 1"),
        ([], "Schocken needs 2 to 20 players, not 0"),
        ([f"P{i}" for i in range(21)], "Schocken needs 2 to 20 players, not 21"),
        ("Anna,Ben", "the players are a list of names, not a text"),
        (["Anna", ""], "a name is a non-empty text, not blank"),
        (["Anna", " \t "], "a name is a non-empty text, not blank"),
        (["Anna", 5], "a name is a non-empty text, not a number"),
        (["Anna", None], "a name is a non-empty text, not null"),
        (["Anna", "Ben\n"], r"no control characters: 'Ben\\n' has U\+000A at position 4"),
        (["Anna", "B\x1b[2Jen"], r"no control characters: .* has U\+001B at position 2"),
        (["Anna", "\u202eneB"], r"no control characters: .* has U\+202E at position 1"),
        (["Anna", "Be\u2028n"], r"U\+2028"),
        (["Anna", "B\ud800"], "must be valid Unicode text: .* has a lone surrogate"),
        (["Anna", "N" * 41], "a name has at most 40 characters, not 41"),
        (["Anna", "Anna"], "names must differ .*'Anna' and 'Anna'"),
        (["Anna", "anna"], "names must differ .*'Anna' and 'anna'"),
        (["Anna Lena", "Anna  Lena"], "names must differ"),
    ],
)
def test_bad_players_are_refused_saying_what_is_wrong(names: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        check_players(names)
    assert "\n" not in str(info.value)


def test_a_long_name_is_cut_short_in_the_message() -> None:
    with pytest.raises(ValueError) as info:
        check_players(["Anna", "N" * 10_000])
    assert len(str(info.value)) < 120


def test_one_name_is_tidied_then_checked() -> None:
    assert check_name("  Kalle \n\t Krause ") == "Kalle Krause"
    assert check_name("Anna") == "Anna"
    for bad, message in [
        ("", "non-empty text"),
        (" \n", "non-empty text"),
        (["A"], "non-empty text, not a list"),
        ("A\x00", "no control characters"),
        ("A\udc80", "lone surrogate"),
        ("N" * 41, "at most 40 characters"),
    ]:
        with pytest.raises(ValueError, match=message):
            check_name(bad)


def test_name_key_ignores_case_and_spacing() -> None:
    assert name_key("  ANNA   lena ") == name_key("anna lena")
    assert name_key("Anna") != name_key("Anne")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Anna", "\u0410nna"),  # Cyrillic capital A
        ("Anna", "ANNA"),
        ("Anna", "\uff21\uff4e\uff4e\uff41"),  # full-width letters
        ("Olga", "\u039flga"),  # Greek capital Omicron
        ("Kalle", "\u041a\u0430lle"),  # Cyrillic Ka and a
        ("Pepe", "\u0420\u0435\u0440\u0435"),  # all Cyrillic
        ("Bodo", "B0do"),  # a zero for an o
        ("Anna Lena", "Anna\u200dLena".replace("\u200d", " \u200d")),  # an invisible joiner
        ("Zoë", "Zoe\u0308"),  # composed and decomposed
    ],
)
def test_names_that_look_alike_are_the_same_name(first: str, second: str) -> None:
    assert name_key(first) == name_key(second)
    with pytest.raises(ValueError, match="look-alike"):
        check_players([first, second])


def test_names_that_only_look_different_stay_different() -> None:
    assert check_players(["Anna", "Anne", "Jörg", "Jorg", "李", "Łukasz"]) is not None


def test_a_letter_carries_at_most_three_accents() -> None:
    assert check_name("Zoe\u0308\u0301\u0300") == "Zoe\u0308\u0301\u0300"
    with pytest.raises(ValueError, match="at most 3 accents"):
        check_name("Zoe" + "\u0301" * 4)
    with pytest.raises(ValueError, match="at most 3 accents"):
        check_name("a" + "\u0300" * 39)
