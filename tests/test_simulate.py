"""Properties over thousands of random bot games of every preset, and the simulator's report."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schocken.bots import Strategy, make_bot
from schocken.dice import RandomDice
from schocken.events import (
    DeckelMoved,
    GameEnded,
    RoundEnded,
    Section,
    SectionEnded,
    SectionStarted,
)
from schocken.game import Game
from schocken.play import NOTHING_ASKED, Ask, apply_decision, next_decision
from schocken.record import parse_record, record_of, replay
from schocken.rules import PRESETS, Rules
from schocken.simulate import play_game, seat_names, simulate, wilson


def _section_total(rules: Rules, section: Section) -> int:
    return rules.deckel_in_finale if section is Section.FINALE else rules.deckel_per_half


def checked_game(rules: Rules, bots: list[str], seed: int) -> Game:
    """Play a game decision by decision (:mod:`schocken.play`), checking the invariants after
    every action."""
    n = len(bots)
    game = Game(rules, seat_names(n), RandomDice(seed))
    strategies: dict[int, Strategy] = {i: make_bot(b, seed * 7 + i) for i, b in enumerate(bots)}
    asked = NOTHING_ASKED
    while (decision := next_decision(game, strategies, asked)) is not None:
        if decision.kind is not Ask.BUY_IN:
            assert decision.seat == game.current_player
            assert decision.legal, "a player whose turn it is always has a legal action"
        answer = decision.decide(strategies[decision.seat])
        assert answer is None or answer in decision.legal
        apply_decision(game, decision, answer)
        asked = decision.asked
        _check_conserved(game)
    assert game.is_over
    return game


def _check_conserved(game: Game) -> None:
    """Deckel are conserved: the middle and the players' hold the section's total."""
    assert game.middle >= 0
    assert all(d >= 0 for d in game.deckel)
    if not game.is_over:
        assert game.middle + sum(game.deckel) == _section_total(game.rules, game.section)


def _check_game(game: Game) -> None:
    ends = [e for e in game.events if isinstance(e, GameEnded)]
    assert len(ends) == 1, "every game ends exactly once, with one loser"
    assert ends[0].loser == game.loser
    assert game.events[-1] == ends[0]
    sections = [e for e in game.events if isinstance(e, SectionEnded)]
    starts = [e for e in game.events if isinstance(e, SectionStarted)]
    assert len(sections) == len(starts)
    for ended in sections:
        total = _section_total(game.rules, ended.section)
        # A section ends only with one player holding all its Deckel...
        assert ended.deckel[ended.loser] == total
        assert sum(ended.deckel) == total
    # ...reached by Deckel moving, or at once by a Schock-Aus: check the Schock-Aus flag against
    # the round that ended it.
    last_round: RoundEnded | None = None
    for e in game.events:
        if isinstance(e, RoundEnded):
            last_round = e
        elif isinstance(e, SectionEnded):
            assert last_round is not None
            assert e.schock_aus == (last_round.deckel is None)
            if e.schock_aus:
                assert e.loser == last_round.worst
    halves = [e for e in sections if e.section is not Section.FINALE]
    finale = [e for e in sections if e.section is Section.FINALE]
    if not game.rules.finale:
        assert len(halves) == 1 and not finale and game.loser == halves[0].loser
    elif halves[0].loser == halves[1].loser:
        assert not finale and ends[0].blattschuss and game.loser == halves[0].loser
    else:
        assert len(finale) == 1 and not ends[0].blattschuss and game.loser == finale[0].loser
    for e in game.events:
        if isinstance(e, DeckelMoved):
            assert e.amount > 0 and e.giver != e.receiver


def _replays_identically(game: Game) -> None:
    text = record_of(game).to_json()
    again = replay(parse_record(text))
    assert again.events == game.events
    assert again.steps == game.steps
    assert again.loser == game.loser


BOT_MIXES = [["regular"], ["random"], ["regular", "random"]]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_thousand_games_per_preset_keep_every_invariant(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(preset)
    for i in range(1000):
        n = rng.randint(2, 6)
        mix = BOT_MIXES[i % len(BOT_MIXES)]
        bots = [mix[s % len(mix)] for s in range(n)]
        game = checked_game(rules, bots, rng.getrandbits(32))
        _check_game(game)
        if i % 10 == 0:
            _replays_identically(game)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(list(PRESETS)),
    bots=st.lists(st.sampled_from(["regular", "random"]), min_size=2, max_size=8),
    seed=st.integers(0, 2**63),
    finale=st.booleans(),
    deckel=st.integers(1, 20),
)
def test_random_games_with_house_rules(
    preset: str, bots: list[str], seed: int, finale: bool, deckel: int
) -> None:
    rules = PRESETS[preset].with_overrides(
        {"finale": finale, "deckel_per_half": deckel, "deckel_in_finale": max(1, deckel - 1)}
    )
    game = checked_game(rules, bots, seed)
    _check_game(game)
    _replays_identically(game)


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(list(PRESETS)), seed=st.integers(0, 2**63), n=st.integers(2, 6))
def test_same_seed_same_game(preset: str, seed: int, n: int) -> None:
    rules = PRESETS[preset]

    def one() -> Game:
        return play_game(
            Game(rules, seat_names(n), RandomDice(seed)),
            [make_bot("random", seed + i) for i in range(n)],
        )

    a, b = one(), one()
    assert a.events == b.events
    assert a.steps == b.steps


def test_different_seeds_give_different_games() -> None:
    rules = PRESETS["tsv99"]
    games = [
        play_game(Game(rules, seat_names(4), RandomDice(s)), [make_bot("regular")] * 4)
        for s in range(5)
    ]
    assert len({tuple(g.steps) for g in games}) == 5


def test_simulate_report_counts_every_game_and_half() -> None:
    report = simulate(PRESETS["schock4life"], ["regular", "random", "regular"], 300, seed=4)
    assert report.games == 300
    assert sum(s.games_lost for s in report.seats) == 300
    # Two halves per game.
    assert report.halves == 600
    assert sum(s.halves_lost for s in report.seats) == 600
    assert report.mean_rounds > 2
    # The random bot loses far more often than the pub regular.
    assert report.loss_share(1) > report.loss_share(0) + 0.2
    lo, hi = report.loss_ci95(1)
    assert lo < report.loss_share(1) < hi
    text = report.format()
    assert "300 games, preset schock4life, 3 players" in text
    assert "random" in text


def test_simulate_is_reproducible_and_refuses_zero_games() -> None:
    a = simulate(PRESETS["allgemein"], ["regular"] * 4, 50, seed=9)
    b = simulate(PRESETS["allgemein"], ["regular"] * 4, 50, seed=9)
    assert a == b
    with pytest.raises(ValueError, match="at least one game"):
        simulate(PRESETS["allgemein"], ["regular"] * 4, 0)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3)
    assert hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_play_game_needs_a_strategy_per_seat() -> None:
    game = Game(PRESETS["tsv99"], seat_names(3), RandomDice(1))
    with pytest.raises(ValueError, match="3 players need as many strategies"):
        play_game(game, [make_bot("regular")] * 2)
