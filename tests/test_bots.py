"""Bots: they play only legal actions, through views, and the pub regular plays sensibly."""

from __future__ import annotations

import pytest

from schocken.actions import STOP, THROWS, TURN_SIXES, Action, Throw
from schocken.bots import BOTS, PubRegular, RandomBot, make_bot
from schocken.dice import ScriptedDice
from schocken.game import Game
from schocken.rules import find_preset
from schocken.simulate import simulate


def test_make_bot_knows_every_bot_and_refuses_others() -> None:
    for name in BOTS:
        assert make_bot(name, 1).name == name
    with pytest.raises(ValueError, match="unknown bot 'genius'; known bots: random, regular"):
        make_bot("genius")


def test_random_bot_is_seeded_and_legal() -> None:
    legal = tuple(THROWS.values())[:10]
    game = Game(find_preset("tsv99"), ["A", "B"], ScriptedDice([1, 2, 3]))
    view = game.view(0)
    a = [RandomBot(5).choose(view, legal) for _ in range(1)]
    bot1, bot2 = RandomBot(5), RandomBot(5)
    picks1 = [bot1.choose(view, legal) for _ in range(50)]
    picks2 = [bot2.choose(view, legal) for _ in range(50)]
    assert picks1 == picks2 and a[0] == picks1[0]
    assert set(picks1) <= set(legal) and len(set(picks1)) > 3


def _regular_after(pips: list[int], preset: str = "tsv99") -> object:
    game = Game(find_preset(preset), ["A", "B"], ScriptedDice(pips))
    game.apply(Throw())
    return PubRegular().choose(game.view(0), game.legal_actions())


def test_regular_turns_sixes_keeps_ones_and_stops_on_a_strasse() -> None:
    assert _regular_after([6, 6, 2]) == TURN_SIXES
    assert _regular_after([1, 4, 2]) == Throw((1,))
    assert _regular_after([1, 4, 1]) == STOP  # Schock 4
    assert _regular_after([2, 4, 5]) == Throw(())
    assert _regular_after([4, 5, 6]) == STOP  # the opener stops on a Strasse
    assert _regular_after([1, 1, 5]) == STOP  # and on a Schock


@pytest.mark.parametrize(("second", "expected"), [([4, 3, 3], Throw(())), ([6, 3, 2], STOP)])
def test_regular_throws_again_only_while_it_is_the_worst(
    second: list[int], expected: object
) -> None:
    # A opens (tsv99's opening round) with 5-3-2 twice and stops: the limit is 2.
    game = Game(find_preset("tsv99"), ["A", "B"], ScriptedDice([5, 3, 2, 5, 3, 2, *second]))
    game.apply(Throw())
    game.apply(Throw())
    game.apply(STOP)
    game.apply(Throw())
    # B has a throw left: worse than A's 532 it throws again, better it stops.
    assert PubRegular().choose(game.view(1), game.legal_actions()) == expected


def test_regular_beats_random_by_far() -> None:
    report = simulate(find_preset("tsv99"), ["regular", "random"], 400, seed=3)
    assert report.loss_share(1) > 0.8


@pytest.mark.parametrize("section", ["first_half", "finale"])
def test_only_the_random_bot_opens_a_round_blind(section: str) -> None:
    rules = find_preset("tsv99").with_overrides({"blind": True, "deckel_per_half": 1})
    # The opening round (Anna's 641 beats Ben's 522); the first half: Anna opens, blind offered.
    pips = [6, 4, 1, 5, 2, 2]
    if section == "finale":  # Ben loses the first half, Anna the second: the Finale, Anna opens
        pips += [6, 4, 1, 5, 3, 2, 6, 4, 1, 5, 3, 2]
    game = Game(rules, ["Anna", "Ben"], ScriptedDice(pips))
    plays: list[Action] = [THROWS[()], STOP, THROWS[()]]
    if section == "finale":
        plays += [THROWS[()], STOP, THROWS[()], THROWS[()], STOP, THROWS[()]]
    for action in plays:
        game.apply(action)
    legal = game.legal_actions()
    assert [str(a) for a in legal] == ["throw", "blind"]
    assert str(game.section) == section
    view = game.view(game.current_player)
    for name in BOTS:
        if name != "random":
            assert make_bot(name, 1).choose(view, legal) == THROWS[()], name
    chosen = {str(RandomBot(seed).choose(view, legal)) for seed in range(20)}
    assert chosen == {"throw", "blind"}
