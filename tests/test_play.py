"""The one play loop: what bots are asked, when, from which view, and that the answer is played
only where it was asked."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from schocken.actions import BUY_IN, Action
from schocken.bots import PubRegular, RandomBot, Strategy, make_bot
from schocken.dice import RandomDice
from schocken.events import BoughtIn
from schocken.game import Game
from schocken.play import (
    NOTHING_ASKED,
    Ask,
    Asked,
    apply_decision,
    ask_buy_ins,
    next_decision,
    play_game,
    turn_decision,
)
from schocken.rules import PRESETS, find_preset
from schocken.simulate import seat_names
from schocken.views import PlayerView

EINWUERFELN = find_preset("schock4life").with_overrides(
    {"deckel_per_half": 3, "deckel_in_finale": 3}
)
"""Einwürfeln with few Deckel: players are out (and may buy back in) early and often."""


class BuysIn(PubRegular):
    def wants_buy_in(self, view: PlayerView) -> bool:
        return True


def plain_loop(game: Game, strategies: Sequence[Strategy]) -> Game:
    """The loop written out on the game's public methods, as the terminal and the simulator
    played before there was one: buying in asked once a round before its first throw, a single
    legal action made without asking."""
    checked = -1
    while not game.is_over:
        if game.rules.einwuerfeln and game.round_count != checked:
            checked = game.round_count
            for seat in range(len(game.players)):
                if game.can_buy_in(seat) and strategies[seat].wants_buy_in(game.view(seat)):
                    game.apply(BUY_IN, seat)
        legal = game.legal_actions()
        current = game.current_player
        assert current is not None
        game.apply(
            legal[0] if len(legal) == 1 else strategies[current].choose(game.view(current), legal)
        )
    return game


@pytest.mark.parametrize("preset", list(PRESETS))
def test_play_game_plays_the_games_the_plain_loop_plays(preset: str) -> None:
    rules = PRESETS[preset]

    def bots(seed: int) -> list[Strategy]:
        return [BuysIn(), make_bot("random", seed), make_bot("regular"), make_bot("solver")]

    for seed in range(8):
        played = play_game(Game(rules, seat_names(4), RandomDice(seed)), bots(seed))
        plain = plain_loop(Game(rules, seat_names(4), RandomDice(seed)), bots(seed))
        stepped = decision_loop(Game(rules, seat_names(4), RandomDice(seed)), bots(seed))
        for other in (plain, stepped):
            assert played.steps == other.steps
            assert played.events == other.events
            assert played.loser == other.loser


def decision_loop(game: Game, strategies: Sequence[Strategy]) -> Game:
    """One decision after another, as the terminal and the server play."""
    bots = dict(enumerate(strategies))
    asked = NOTHING_ASKED
    while (decision := next_decision(game, bots, asked)) is not None:
        assert apply_decision(game, decision, decision.decide(bots[decision.seat])) is not None
        asked = decision.asked
    return game


class Watching:
    """A random bot that checks, whenever it is asked, that the question is one it should get."""

    name = "watching"

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.bot = RandomBot(seed, buy_in=0.5)
        self.asked: list[tuple[int, int]] = []
        """(round, seat) of every buy-in question."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        assert len(legal) > 1, "a single legal action is made without asking"
        assert view.seat == self.game.current_player
        assert tuple(legal) == self.game.legal_actions()
        return self.bot.choose(view, legal)

    def wants_buy_in(self, view: PlayerView) -> bool:
        assert view.seat is not None and self.game.can_buy_in(view.seat)
        assert view == self.game.view(view.seat)
        self.asked.append((self.game.round_count, view.seat))
        return self.bot.wants_buy_in(view)


@pytest.mark.parametrize("seed", range(6))
def test_each_bot_that_may_buy_in_is_asked_once_a_round_before_its_first_throw(seed: int) -> None:
    game = Game(EINWUERFELN, seat_names(4), RandomDice(seed))
    bots = {s: Watching(game, seed * 10 + s) for s in range(4)}
    asked = NOTHING_ASKED
    missed = []
    while (decision := next_decision(game, bots, asked)) is not None:
        if decision.kind is not Ask.BUY_IN:
            # Whoever acts now: no bot that may still buy in was left unasked in this round.
            missed += [
                s for s in bots if game.can_buy_in(s) and (game.round_count, s) not in bots[s].asked
            ]
        apply_decision(game, decision, decision.decide(bots[decision.seat]))
        asked = decision.asked
    assert game.is_over and not missed
    questions = [q for b in bots.values() for q in b.asked]
    assert questions, "some player was out and could buy back in"
    assert len(questions) == len(set(questions)), "asked once per round and seat"


def test_a_forced_action_is_made_without_a_view() -> None:
    game = Game(find_preset("tsv99"), seat_names(3), RandomDice(1))
    bots = {s: make_bot("regular") for s in range(3)}
    first = next_decision(game, bots, NOTHING_ASKED)
    assert first is not None
    assert first.kind is Ask.FORCED and first.view is None and len(first.legal) == 1
    assert first.decide(bots[0]) == first.legal[0]
    apply_decision(game, first, first.decide(bots[0]))
    after = next_decision(game, bots, first.asked)
    assert after is not None and after.kind is Ask.CHOOSE
    assert after.view == game.view(after.seat) and after.legal == game.legal_actions()
    assert after.step == len(game.steps) == 1


def test_a_decision_is_played_only_where_it_was_asked() -> None:
    game = Game(find_preset("tsv99"), seat_names(2), RandomDice(4))
    bots = {0: make_bot("regular"), 1: make_bot("regular")}
    first = next_decision(game, bots, NOTHING_ASKED)
    assert first is not None
    game.apply(first.legal[0])  # someone else played meanwhile
    steps = list(game.steps)
    assert not first.is_current(game)
    assert apply_decision(game, first, first.legal[0]) is None
    assert game.steps == steps


def test_nothing_to_decide_while_a_human_is_to_move() -> None:
    game = Game(find_preset("tsv99"), seat_names(3), RandomDice(2))
    assert game.current_player == 0
    assert next_decision(game, {1: make_bot("regular")}, NOTHING_ASKED) is None
    decision = turn_decision(game)  # a stand-in's decision for the human
    assert decision is not None and decision.seat == 0


def _round_with_a_seat_out(seed: int) -> tuple[Game, int]:
    """A game at a round's start where a seat other than the opener may buy back in."""
    game = Game(EINWUERFELN, seat_names(4), RandomDice(seed))
    bots: dict[int, Strategy] = {s: make_bot("regular") for s in range(4)}
    asked = NOTHING_ASKED
    while (decision := next_decision(game, bots, asked)) is not None:
        out = [s for s in range(4) if game.can_buy_in(s) and s != game.current_player]
        if out:
            return game, out[0]
        apply_decision(game, decision, decision.decide(bots[decision.seat]))
        asked = decision.asked
    raise AssertionError("nobody was out")


def test_bots_are_asked_about_buying_in_before_a_human_opens() -> None:
    game, out = _round_with_a_seat_out(0)
    bots: dict[int, Strategy] = {out: RandomBot(1, buy_in=1.0)}  # the opener is a human
    decision = next_decision(game, bots, NOTHING_ASKED)
    assert decision is not None
    assert decision.kind is Ask.BUY_IN and decision.seat == out and decision.legal == (BUY_IN,)
    assert decision.asked == Asked(game.round_count, out)
    events, asked = ask_buy_ins(game, bots, NOTHING_ASKED)
    assert isinstance(events[0], BoughtIn)
    assert game.steps[-1] == (out, BUY_IN, ())
    assert asked.round == game.round_count
    # Asked once: no second question in this round.
    assert ask_buy_ins(game, bots, asked) == ([], asked)


def test_a_declined_buy_in_is_not_asked_again_in_the_round() -> None:
    game, out = _round_with_a_seat_out(0)
    bots: dict[int, Strategy] = {out: RandomBot(1, buy_in=0.0)}
    decision = next_decision(game, bots, NOTHING_ASKED)
    assert decision is not None and decision.kind is Ask.BUY_IN
    assert decision.decide(bots[out]) is None
    assert apply_decision(game, decision, None) == []
    assert game.can_buy_in(out)
    assert next_decision(game, bots, decision.asked) is None  # the human opens
