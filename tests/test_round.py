"""The round's and section's flow, function by function (schocken.round).

Whole games through these functions are tested in test_game.py, test_golden.py and test_corpus.py;
here each rule stands alone, with the rule text it comes from where one says it.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schocken.events import Section
from schocken.results import DIE_RESULTS, Result, result_table
from schocken.round import (
    NextSection,
    buy_in_givers,
    deckel_owed,
    fixed_limit,
    holds_every_deckel,
    is_blattschuss,
    next_opener,
    next_section,
    order_after_buy_in,
    out_players,
    round_giver,
    round_order,
    round_payment,
    stechen,
    takes_part,
)
from schocken.rules import find_preset

TSV99 = find_preset("tsv99")
SCHOCK4LIFE = find_preset("schock4life")
AT_RISK = SCHOCK4LIFE.with_overrides({"einwuerfeln_form": "at_risk"})


def test_a_round_is_played_clockwise_from_the_anchor_by_those_who_take_part() -> None:
    assert round_order(2, [True] * 5) == (2, 3, 4, 0, 1)
    assert round_order(2, [True, False, False, True, True]) == (3, 4, 0)
    assert round_order(0, [True, True]) == (0, 1)


@given(
    st.integers(2, 20).flatmap(
        lambda n: st.tuples(st.integers(0, n - 1), st.lists(st.booleans(), min_size=n, max_size=n))
    )
)
def test_the_order_holds_each_seat_that_takes_part_once_clockwise(
    case: tuple[int, list[bool]],
) -> None:
    anchor, part = case
    order = round_order(anchor, part)
    assert sorted(order) == [s for s, p in enumerate(part) if p]
    steps = [(s - anchor) % len(part) for s in order]
    assert steps == sorted(steps)


def test_while_deckel_are_in_the_middle_everyone_of_the_section_plays() -> None:
    in_section = [True, False, True, True]
    assert takes_part(in_section, [0, 0, 3, 0], middle=5) == in_section
    # once it is empty, only those who hold Deckel
    assert takes_part(in_section, [0, 0, 3, 10], middle=0) == [False, False, True, True]


def test_a_player_who_buys_in_takes_one_deckel_from_every_holder_or_from_the_middle() -> None:
    rules = SCHOCK4LIFE
    assert buy_in_givers(rules, [True] * 4, [0, 2, 0, 5], middle=0) == (1, 3)
    assert buy_in_givers(rules, [True, True, False], [0, 0, 4], middle=0) == ()  # not of it
    assert buy_in_givers(rules, [True] * 3, [0, 0, 0], middle=2) == (None,)


def test_a_player_who_buys_in_at_risk_takes_nothing() -> None:
    # board: "picks Deckel up again if he loses the round"
    assert buy_in_givers(AT_RISK, [True] * 4, [0, 2, 0, 5], middle=0) == ()
    # the form is read only with einwuerfeln
    assert not AT_RISK.with_overrides({"einwuerfeln": False}).buys_in_at_risk


def test_the_best_result_gives_or_the_next_best_if_it_lost_the_throw_off() -> None:
    for rules in (SCHOCK4LIFE, TSV99):
        assert round_giver(rules, [2, 0, 1], [0, 3, 2], middle=0, loser=1) == 2  # holds none
        assert round_giver(rules, [2, 0, 1], [1, 3, 2], middle=0, loser=2) == 0


def test_at_risk_the_best_result_among_the_holders_gives() -> None:
    # seat 2 bought in at risk and threw the best result: he has nothing to give (our reading)
    assert round_giver(AT_RISK, [2, 0, 1, 3], [2, 3, 0, 4], middle=0, loser=1) == 0
    assert round_giver(AT_RISK, [2, 0, 1, 3], [0, 0, 0, 4], middle=0, loser=1) == 3
    assert round_giver(AT_RISK, [2, 0, 1], [3, 2, 0], middle=0, loser=0) == 1
    # while Deckel are in the middle they come from there: the best is named, holding or not
    assert round_giver(AT_RISK, [2, 0, 1], [0, 0, 0], middle=5, loser=1) == 2


def test_a_player_who_buys_in_takes_their_place_clockwise_from_the_anchor() -> None:
    # the last round's loser (seat 2) bought back in: they open
    assert order_after_buy_in((3, 0), seat=2, anchor=2, seats=4) == (2, 3, 0)
    assert order_after_buy_in((2, 0), seat=3, anchor=2, seats=4) == (2, 3, 0)


def test_stechen_names_those_tied_for_the_lowest_opening_throw() -> None:
    table = result_table(TSV99)
    low = table.result((3, 2, 1), one_throw=True, throws=1)
    high = table.result((6, 6, 6), one_throw=True, throws=1)
    assert stechen([(0, low), (1, high), (2, low)]) == (0, 2)
    assert stechen([(0, low), (1, high)]) == ()


def test_stechen_for_the_highest_die_names_those_tied_for_it() -> None:
    one, five, six = DIE_RESULTS[(1,)], DIE_RESULTS[(5,)], DIE_RESULTS[(6,)]
    results = [(0, six), (1, one), (2, six), (3, one)]
    assert stechen(results, highest=True) == (0, 2)
    assert stechen(results) == (1, 3)
    assert stechen([(0, five), (1, six), (2, one)], highest=True) == ()


@pytest.mark.parametrize(
    ("owed", "middle", "best_holds", "expected"),
    [
        (3, 10, 0, (True, 3)),  # from the middle
        (3, 2, 9, (True, 2)),  # what is left there, if fewer (003: "die vorhandenen Deckel")
        (3, 0, 9, (False, 3)),  # then from the best player
        (3, 0, 1, (False, 1)),  # what they hold, if fewer
    ],
)
def test_where_a_rounds_loser_gets_their_deckel(
    owed: int, middle: int, best_holds: int, expected: tuple[bool, int]
) -> None:
    assert round_payment(owed, middle, best_holds) == expected


def test_the_section_is_lost_by_whoever_comes_to_hold_all_its_deckel() -> None:
    # 001: "Wer alle 13 Deckel bekommt, verliert die Runde."
    assert holds_every_deckel([0, 13, 0], total=13, receiver=1)
    assert not holds_every_deckel([6, 7, 0], total=13, receiver=1)
    assert not holds_every_deckel([0, 12, 0], total=13, receiver=1)  # one left in the middle


def test_a_buyer_who_takes_the_last_deckel_of_every_holder_holds_them_all() -> None:
    """schock4life with 14 players: once the middle is empty 13 may hold one each; the 14th
    buys in, takes one from each and holds all 13 (he has lost the half: test_game.py)."""
    deckel = [0] + [1] * 13
    givers = buy_in_givers(SCHOCK4LIFE, [True] * 14, deckel, middle=0)
    assert givers == tuple(range(1, 14))
    after = [len(givers)] + [held - 1 for held in deckel[1:]]
    assert holds_every_deckel(after, total=13, receiver=0)
    # at risk he takes nothing, so buying in never makes him hold them all
    assert buy_in_givers(AT_RISK, [True] * 14, deckel, middle=0) == ()


def test_players_without_deckel_are_out_once_the_middle_is_empty() -> None:
    assert out_players((2, 0, 1), [0, 4, 0]) == (2, 0)
    assert out_players((1,), [0, 4, 0]) == ()


def test_after_the_first_half_comes_the_second_opened_by_its_loser() -> None:
    assert next_section(TSV99, Section.FIRST_HALF, [2], 2, 4) == NextSection(
        Section.SECOND_HALF, (0, 1, 2, 3), 2
    )


def test_the_finale_between_the_two_half_losers_and_who_opens_it() -> None:
    after = next_section(TSV99, Section.SECOND_HALF, [3, 1], 1, 4)
    assert after is not None and after.section is Section.FINALE
    assert after.players == (1, 3)
    first_half_loser = TSV99.with_overrides({"finale_opener": "first_half_loser"})
    last_round_loser = TSV99.with_overrides({"finale_opener": "last_round_loser"})
    assert next_section(first_half_loser, Section.SECOND_HALF, [3, 1], 1, 4) == NextSection(
        Section.FINALE, (1, 3), 3
    )
    assert next_section(last_round_loser, Section.SECOND_HALF, [3, 1], 1, 4) == NextSection(
        Section.FINALE, (1, 3), 1
    )


def test_the_game_ends_after_a_blattschuss_a_finale_or_a_single_half() -> None:
    assert next_section(TSV99, Section.SECOND_HALF, [2, 2], 2, 4) is None  # Blattschuss
    assert next_section(TSV99, Section.FINALE, [2, 0], 0, 4) is None
    assert (
        next_section(TSV99.with_overrides({"finale": False}), Section.FIRST_HALF, [1], 1, 3) is None
    )


MORE_HALVES = TSV99.with_overrides({"more_halves": True})


def test_more_halves_follow_two_different_half_losers_until_one_lost_two() -> None:
    """keller: no Finale; whoever has lost two halves pays. The further half is everyone's,
    opened by the loser of the last round, like the second half."""
    assert next_section(MORE_HALVES, Section.FIRST_HALF, [2], 2, 4) == NextSection(
        Section.SECOND_HALF, (0, 1, 2, 3), 2
    )
    assert next_section(MORE_HALVES, Section.SECOND_HALF, [3, 1], 1, 4) == NextSection(
        Section.EXTRA_HALF, (0, 1, 2, 3), 1
    )
    assert next_section(MORE_HALVES, Section.EXTRA_HALF, [3, 1, 0], 0, 4) == NextSection(
        Section.EXTRA_HALF, (0, 1, 2, 3), 0
    )
    assert next_section(MORE_HALVES, Section.EXTRA_HALF, [3, 1, 0, 1], 1, 4) is None
    assert next_section(MORE_HALVES, Section.EXTRA_HALF, [3, 1, 3], 3, 4) is None
    assert next_section(MORE_HALVES, Section.SECOND_HALF, [2, 2], 2, 4) is None  # Blattschuss
    assert is_blattschuss([2, 2]) and not is_blattschuss([2, 1, 2])


def test_more_halves_is_read_only_with_a_finale_and_a_schock_aus_game_still_ends_it() -> None:
    single = MORE_HALVES.with_overrides({"finale": False})
    assert next_section(single, Section.FIRST_HALF, [1], 1, 3) is None
    game = MORE_HALVES.with_overrides({"schock_aus": "game"})
    assert next_section(game, Section.EXTRA_HALF, [1, 0, 2], 2, 3, schock_aus=True) is None
    assert next_section(game, Section.EXTRA_HALF, [1, 0, 2], 2, 3) is not None


def test_an_extra_half_has_the_throw_limits_of_a_half() -> None:
    rules = MORE_HALVES.with_overrides({"first_round_one_throw": "halves"})
    assert fixed_limit(rules, Section.EXTRA_HALF, first=True, middle=14) == 1
    assert fixed_limit(rules, Section.EXTRA_HALF, first=False, middle=14) is None


@pytest.mark.parametrize(
    ("where", "half", "finale"),
    [("never", None, None), ("halves", 1, None), ("halves_and_finale", 1, 1)],
)
def test_erster_hoch_fixes_one_throw_for_the_first_round_of_a_section(
    where: str, half: int | None, finale: int | None
) -> None:
    rules = TSV99.with_overrides({"first_round_one_throw": where})
    for section in (Section.FIRST_HALF, Section.SECOND_HALF):
        assert fixed_limit(rules, section, first=True, middle=14) == half
        assert fixed_limit(rules, section, first=False, middle=14) is None
    assert fixed_limit(rules, Section.FINALE, first=True, middle=13) == finale
    assert fixed_limit(rules, Section.FINALE, first=False, middle=0) is None


@pytest.mark.parametrize("where", ["never", "halves", "halves_and_finale"])
def test_anknobeln_fixes_one_throw_while_deckel_are_in_the_middle(where: str) -> None:
    rules = TSV99.with_overrides({"one_throw_while_middle": True, "first_round_one_throw": where})
    for section in Section:
        for middle in (14, 1):
            assert fixed_limit(rules, section, first=False, middle=middle) == 1
            assert fixed_limit(rules, section, first=True, middle=middle) == 1
        assert fixed_limit(rules, section, first=False, middle=0) is None
    without = rules.with_overrides({"one_throw_while_middle": False})
    assert fixed_limit(without, Section.FIRST_HALF, first=False, middle=5) is None


def test_a_schock_aus_ends_the_game_where_the_rules_say_so() -> None:
    game = TSV99.with_overrides({"schock_aus": "game"})
    for section, losers in ((Section.FIRST_HALF, [1]), (Section.SECOND_HALF, [1, 0])):
        assert next_section(game, section, losers, losers[-1], 3, schock_aus=True) is None
        assert next_section(game, section, losers, losers[-1], 3) is not None
        assert next_section(TSV99, section, losers, losers[-1], 3, schock_aus=True) is not None
    worth = TSV99.with_overrides({"schock_aus": "worth"})
    assert next_section(worth, Section.FIRST_HALF, [1], 1, 3, schock_aus=True) is not None


def test_a_blattschuss_is_one_player_losing_both_halves() -> None:
    assert is_blattschuss([2, 2])
    assert not is_blattschuss([2, 1])
    assert not is_blattschuss([2])


def test_what_the_loser_takes_the_best_worth_or_every_special_added_up() -> None:
    # REGIONAL.md row 38 [monopoly]: with deckel_owed = "sum" every player's special result adds
    # its worth (the loser's too); plain numbers add nothing; with none, 1.
    add = TSV99.with_overrides({"deckel_owed": "sum", "jule": True})
    table = result_table(add)

    def r(*dice: int) -> Result:
        return table.result(dice, one_throw=True, throws=1)

    schock_4, strasse, general, jule, plain = (
        r(4, 1, 1),
        r(6, 5, 4),
        r(3, 3, 3),
        r(4, 2, 1),
        r(6, 5, 2),
    )
    assert deckel_owed(add, [schock_4, strasse, plain], schock_4) == 6
    assert deckel_owed(add, [plain, general, strasse, schock_4, jule], jule) == 7 + 4 + 3 + 2
    assert deckel_owed(add, [plain, r(5, 3, 2)], plain) == 1
    assert deckel_owed(add, [strasse, r(5, 4, 3)], strasse) == 4  # both Straßen
    assert deckel_owed(TSV99, [schock_4, strasse, plain], schock_4) == 4
    # A Schock-Aus that ends the half does so as ever; one worth 7 adds its 7.
    aus = r(1, 1, 1)
    assert deckel_owed(add, [aus, schock_4], aus) is None
    worth = add.with_overrides({"schock_aus": "worth"})
    aus7 = result_table(worth).result((1, 1, 1), one_throw=True, throws=1)
    schock_4w = result_table(worth).result((4, 1, 1), one_throw=True, throws=1)
    assert deckel_owed(worth, [schock_4w, aus7], aus7) == 11


@pytest.mark.parametrize(
    ("later", "loser", "deckel", "middle", "opener"),
    [
        ("loser", 1, (3, 5, 0, 2), 0, 1),  # as everywhere: the loser
        ("most_deckel", 1, (3, 5, 0, 2), 3, 1),  # Deckel in the middle: still the loser
        ("most_deckel", 3, (3, 5, 0, 2), 0, 1),  # Ben holds the most
        ("after_most_deckel", 3, (3, 5, 0, 2), 0, 3),  # after Ben: Cem has none, so Dora
        ("most_deckel", 3, (5, 1, 0, 5), 0, 3),  # Anna and Dora hold 5: Dora lost the round
        ("most_deckel", 1, (5, 1, 0, 5), 0, 3),  # neither lost it: the first after Ben
        ("after_most_deckel", 1, (5, 1, 0, 5), 0, 0),  # after Dora: Anna
    ],
)
def test_who_opens_once_the_middle_is_empty(
    later: str, loser: int, deckel: tuple[int, ...], middle: int, opener: int
) -> None:
    rules = find_preset("tsv99").with_overrides({"later_opener": later})
    assert next_opener(rules, loser, deckel, middle) == opener
