"""A table's game: read from its record exactly as it says, or entered by hand and checked for
consistency."""

from __future__ import annotations

import dataclasses

import pytest

from schocken.club.evenings import facts_of_record
from schocken.errors import TournamentError
from schocken.rules import find_preset
from schocken.texts import refusal_text
from schocken.tournament.results import (
    GameResult,
    SectionResult,
    check_game,
    parse_order,
    result_by_hand,
    result_from_data,
    result_of_record,
)
from tournament_helpers import bot_record, by_hand, game


def test_a_game_by_hand_with_a_finale() -> None:
    g = game("A B C D", "A, B > C > D", "C > A > B > D", schock_aus={"first_half": "C"})
    assert g.sections[0].order == (("A", "B"), ("C",), ("D",))
    assert g.sections[0].schock_aus == "C"
    assert g.loser == "D" and g.blattschuss  # D lost both halves: no Finale
    g = game("A B C", "A > B > C", "C > A > B", "B")
    assert [s.section for s in g.sections] == ["first_half", "second_half", "finale"]
    assert g.sections[2].order == (("C",), ("B",))
    assert g.loser == "B" and not g.blattschuss and not g.scharf


def test_a_game_played_scharf_is_one_half() -> None:
    g = game("A B C", "A > B > C")
    assert g.scharf and g.loser == "C"


@pytest.mark.parametrize(
    ("players", "halves", "finale", "schock_aus", "message"),
    [
        ("A B C", ["A > B > B"], None, {}, "'B' is named twice in the first half"),
        ("A B C", ["A > B"], None, {}, "the first half's finishing order leaves out 'C'"),
        ("A B C", ["A > B > C > D"], None, {}, "'D' in the first half is not a player"),
        ("A B C", ["A > B, C"], None, {}, "the first half has one loser, last and alone"),
        ("A B C", ["A > B > C", "A > C > B"], None, {}, "'C' and 'B' lost a half each: who"),
        ("A B C", ["A > B > C", "A > C > B"], "A", {}, "one of them lost it, not 'A'"),
        ("A B C", ["A > B > C", "A > B > C"], "C", {}, "there was no Finale"),
        ("A B C", ["A > B > C"], None, {"first_half": "C"}, "'C' lost the first half, so did"),
        ("A B C", ["A > B > C"], None, {"first_half": "X"}, "thrown by a player of it"),
        ("A B C", ["A > B > C"], None, {"finale": "A"}, "the Finale was not played"),
        ("A B C", ["A > B > C"], None, {"third": "A"}, "no section 'third'"),
        ("A A C", ["A > C"], None, {}, "'A' is named twice among the game's players"),
        ("A", ["A"], None, {}, "a game has 2 to 20 players, not 1"),
    ],
)
def test_an_inconsistent_game_by_hand_is_refused(
    players: str,
    halves: list[str],
    finale: str | None,
    schock_aus: dict[str, str],
    message: str,
) -> None:
    with pytest.raises(TournamentError, match=message):
        result_by_hand(players.split(), halves=halves, finale_loser=finale, schock_aus=schock_aus)


def test_a_finishing_order_as_text() -> None:
    assert parse_order("Anna, Cem > Ben > Dora") == (("Anna", "Cem"), ("Ben",), ("Dora",))
    with pytest.raises(TournamentError, match="has an empty place"):
        parse_order("Anna > > Ben")
    with pytest.raises(TournamentError, match="like 'Anna, Cem > Ben > Dora'"):
        parse_order("  ")


def test_a_finale_must_be_between_the_half_losers() -> None:
    g = game("A B C", "A > B > C", "A > C > B", "C")
    bad = dataclasses.replace(
        g, sections=(*g.sections[:2], SectionResult("finale", (("A",), ("C",))))
    )
    with pytest.raises(TournamentError, match="the Finale is played by the halves' losers"):
        check_game(bad)
    no_finale = dataclasses.replace(g, sections=g.sections[:2])
    with pytest.raises(TournamentError, match="their Finale is missing"):
        check_game(no_finale)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("preset", ["allgemein", "schock4life", "tsv99"])
def test_a_record_reads_as_its_events_say_and_by_hand_the_same(preset: str, seed: int) -> None:
    rules = find_preset(preset)
    record = bot_record(["Anna", "Ben", "Cem", "Dora"], rules, seed)
    result = result_of_record(record)
    facts = facts_of_record(record)
    # The same sections, losers and Schock-Aus givers as the club's book reads from it.
    assert [s.section for s in result.sections] == [s.section for s in facts.sections]
    assert [s.loser for s in result.sections] == [record.players[s.loser] for s in facts.sections]
    assert [s.schock_aus for s in result.sections] == [
        None if s.given_by is None else record.players[s.given_by] for s in facts.sections
    ]
    assert result.loser == record.players[facts.loser]
    # Entered anew by hand, from what a score sheet says of it: the same game.
    assert by_hand(result) == result
    assert result_from_data(result.to_data()) == result


def test_buying_back_in_is_read_from_the_record() -> None:
    rules = find_preset("schock4life")
    assert rules.einwuerfeln
    bought = [result_of_record(bot_record(["A", "B", "C", "D"], rules, seed)) for seed in range(60)]
    with_buy_ins = [g for g in bought if any(s.bought_in for s in g.sections)]
    assert with_buy_ins  # random bots buy in now and then
    for g in with_buy_ins:
        for s in g.sections:
            for p in s.bought_in:
                assert p in s.players


def test_a_scharf_game_is_a_record_without_finale() -> None:
    rules = find_preset("allgemein").with_overrides({"finale": False})
    result = result_of_record(bot_record(["A", "B", "C"], rules, 3))
    assert result.scharf and [s.section for s in result.sections] == ["first_half"]


def test_an_unfinished_or_bad_record_is_refused() -> None:
    record = bot_record(["A", "B", "C"], find_preset("allgemein"), 1)
    cut = dataclasses.replace(record, steps=record.steps[:5], outcome=None)
    with pytest.raises(TournamentError, match="the record's game is not finished"):
        result_of_record(cut)
    step = record.steps[3]
    wrong = dataclasses.replace(
        record, steps=(*record.steps[:3], dataclasses.replace(step, seat=(step.seat + 1) % 3))
    )
    with pytest.raises(TournamentError, match="the record is refused: step 3"):
        result_of_record(wrong)
    more = dataclasses.replace(record, rules=record.rules.with_overrides({"more_halves": True}))
    with pytest.raises(TournamentError, match="rules with further halves are not"):
        result_of_record(more)


def test_data_of_a_game_is_checked() -> None:
    g = game("A B C", "A > B > C", "A > C > B", "C")
    data = g.to_data()
    assert isinstance(result_from_data(data), GameResult)
    with pytest.raises(TournamentError, match="a game's result has players and sections"):
        result_from_data({**data, "winner": "A"})
    with pytest.raises(TournamentError, match="no section 'third'"):
        result_from_data({"players": ["A", "B"], "sections": [{"section": "third", "order": []}]})


def test_a_refusal_is_said_in_german_too() -> None:
    with pytest.raises(TournamentError) as caught:
        game("A B C", "A > B", "A > B > C", "C")
    error = caught.value
    assert error.key == "tournament_refuse_order_leaves_out"
    assert str(error) == "the first half's finishing order leaves out 'C'"
    assert refusal_text(error, "de") == "erste Hälfte: die Reihenfolge lässt „C“ aus"
