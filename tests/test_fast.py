"""The batch simulator against the reference engine: its games replay to the same outcome, and its
pub regular decides as :class:`PubRegular` does in every situation of those games."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

pytest.importorskip("numba")

from schocken import fast
from schocken.actions import BUY_IN, KEEPS, THROW_BLIND
from schocken.bots import half_bot
from schocken.bots.regular import PubRegular
from schocken.dice import ScriptedDice
from schocken.events import (
    BoughtIn,
    DeckelMoved,
    RoundEnded,
    RoundKind,
    RoundStarted,
    SectionEnded,
)
from schocken.fast import kernel
from schocken.fast.tables import CAT_OPENER, P_SIXES_FIRST, rule_tables
from schocken.game import Game
from schocken.record import GameRecord, replay
from schocken.rules import PRESETS, Rules, find_preset
from schocken.simulate import SimulationReport, simulate

VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("tsv99", {}),
    ("schock4life", {}),
    ("knobelrunde", {}),
    ("allgemein", {}),
    ("tsv99", {"opening": "lowest_takes", "deckel_per_half": 3, "deckel_in_finale": 2}),
    ("tsv99", {"put_back": False, "sixes_rethrow": "all_remaining", "covered": "last_throw"}),
    ("tsv99", {"einwuerfeln": True, "deckel_per_half": 4, "finale_opener": "first_half_loser"}),
    ("schock4life", {"deckel_per_half": 2, "deckel_in_finale": 1, "tiebreak": "later_loses"}),
    ("schock4life", {"finale": False, "put_back": True, "covered": "third_throw"}),
    ("knobelrunde", {"opening": "lowest_takes", "einwuerfeln": True, "deckel_per_half": 5}),
    ("allgemein", {"tiebreak": "later_loses", "general_beats_schock_2": True}),
    ("allgemein", {"hand_aus_beats": True, "strasse_one_throw": False, "deckel_in_finale": 40}),
    ("tsv99", {"tiebreak": "more_throws_then_later", "general_one_throw": True, "finale": False}),
    # Options from other pubs' rules (shared/REGIONAL.md): the tables come from the engine.
    ("tsv99", {"jule": True, "jule_deckel": 9, "set_aside": "ones", "deckel_per_half": 15}),
    (
        "knobelrunde",
        {
            "jule": True,
            "jule_rank": "by_worth",
            "jule_deckel": 4,
            "jule_one_throw": True,
            "general": False,
            "sixes_turn": "one_throw",
        },
    ),
    ("schock4life", {"sixes_turn": "never", "set_aside": "ones_and_sixes", "deckel_per_half": 3}),
    (
        "schock4life",
        {"first_round_one_throw": "halves_and_finale", "deckel_per_half": 3, "deckel_in_finale": 2},
    ),
    ("tsv99", {"first_round_one_throw": "halves", "covered": "last_throw", "deckel_per_half": 4}),
    ("allgemein", {"strassen": "outer", "strasse_rank": "equal", "deckel_per_half": 4}),
    ("tsv99", {"nutte": True, "jule": True, "nutte_deckel": 4, "nutte_rank": "by_worth"}),
    ("knobelrunde", {"tiebreak": "one_throw_then_later", "deckel_per_half": 4}),
    ("schock4life", {"one_throw_while_middle": True, "deckel_per_half": 4, "deckel_in_finale": 3}),
    ("tsv99", {"schock_aus": "game", "deckel_per_half": 3, "opening": "lowest_takes"}),
    ("allgemein", {"schock_aus": "worth", "schock_aus_deckel": 3, "deckel_per_half": 5}),
    ("knobelrunde", {"achter": True, "achter_deckel": 4, "nutte": True, "deckel_per_half": 5}),
    ("schock4life", {"opening": "worst_opens", "einwuerfeln": True, "deckel_per_half": 4}),
    ("allgemein", {"plain_rank": "pip_sum", "opening": "lowest_takes", "deckel_per_half": 4}),
    ("tsv99", {"opening": "high_die", "deckel_per_half": 3, "deckel_in_finale": 2}),
    ("knobelrunde", {"opening": "low_die", "einwuerfeln": True, "deckel_per_half": 4}),
    ("tsv99", {"tiebreak": "throw_off", "deckel_per_half": 4, "deckel_in_finale": 3}),
    ("allgemein", {"tiebreak": "throw_off", "opening": "lowest_takes", "einwuerfeln": True}),
    ("knobelrunde", {"tiebreak": "no_deckel", "deckel_per_half": 4, "einwuerfeln": True}),
    ("tsv99", {"deckel_owed": "sum", "jule": True, "schock_aus": "worth", "deckel_per_half": 9}),
    ("allgemein", {"deckel_owed": "sum", "tiebreak": "throw_off", "opening": "lowest_takes"}),
    (
        "knobelrunde",
        {"blind": True, "blind_double": True, "tiebreak": "throw_off", "deckel_owed": "sum"},
    ),
    ("tsv99", {"opening": "high_die", "covered": "all", "blind": True, "deckel_per_half": 3}),
    ("schock4life", {"opening": "first_seat", "first_round_one_throw": "halves"}),
    ("tsv99", {"later_opener": "most_deckel", "deckel_per_half": 6, "einwuerfeln": True}),
    ("knobelrunde", {"later_opener": "after_most_deckel", "tiebreak": "throw_off"}),
    ("schock4life", {"einwuerfeln_form": "at_risk", "deckel_per_half": 5}),
    (
        "tsv99",
        {"einwuerfeln": True, "einwuerfeln_form": "at_risk", "tiebreak": "throw_off"},
    ),
    ("tsv99", {"covered": "all", "blind": True, "blind_double": True, "deckel_per_half": 5}),
    ("allgemein", {"blind": True, "einwuerfeln": True, "deckel_per_half": 4}),
    ("schock4life", {"open_round": True, "covered": "last_throw", "deckel_per_half": 4}),
    ("tsv99", {"sixes_turn": "first_throw", "deckel_per_half": 5}),
    ("tsv99", {"more_halves": True, "deckel_per_half": 3}),
    ("schock4life", {"more_halves": True, "einwuerfeln": True, "schock_aus": "game"}),
]
LINEUPS: list[list[str]] = [
    ["random", "random"],
    ["regular", "regular", "regular"],
    ["random", "regular", "random", "regular"],
    ["regular", "random", "regular", "regular", "random"],
    ["random"] * 6,
    ["regular", "random"] * 4,
]
GAMES = 40
"""Games per rule set and line-up: 47 x 6 x 40 = 11,280 in all."""


def _rules(preset: str, overrides: dict[str, object]) -> Rules:
    return find_preset(preset).with_overrides(overrides)


def _step_through(record: GameRecord, bots: Sequence[str]) -> Game:
    """Replay ``record`` step by step; wherever a regular seat acts with a choice, require the
    step to be :meth:`PubRegular.choose`'s choice on the game's view (and no buy-in by one)."""
    pips = [p for step in record.steps for p in step.pips]
    game = Game(record.rules, record.players, ScriptedDice(pips))
    regular = PubRegular()
    for i, step in enumerate(record.steps):
        if bots[step.seat] == "regular":
            if step.action == BUY_IN:
                pytest.fail(f"step {i}: the pub regular never buys in")
            legal = game.legal_actions()
            if len(legal) > 1:
                chosen = regular.choose(game.view(step.seat), legal)
                assert chosen == step.action, f"step {i}: {record.to_json()}"
        game.apply(step.action, step.seat)
    assert game.is_over
    return game


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
def test_games_replay_to_the_same_outcome(preset: str, overrides: dict[str, object]) -> None:
    rules = _rules(preset, overrides)
    buy_ins = blinds = extra_halves = 0
    for k, bots in enumerate(LINEUPS):
        rows = fast.play_rows(rules, bots, 0, GAMES, seed=k, threads=1)
        for g in range(GAMES):
            record = fast.play_record(rules, bots, k, g)
            replayed = replay(record)  # checks the record's outcome
            assert replayed.loser == rows[g, kernel.O_LOSER]
            stepped = _step_through(record, bots)
            assert stepped.turns_played == rows[g, kernel.O_TURNS]
            assert record.outcome is not None
            assert stepped.round_count == rows[g, kernel.O_ROUNDS] == record.outcome["rounds"]
            assert list(stepped.half_losers) == [
                s for s in rows[g, kernel.O_HALF_LOSER :] if s >= 0
            ]
            extra_halves += stepped.half_losers[2:] != ()
            buy_ins += sum(1 for s in record.steps if s.action == BUY_IN)
            blinds += sum(1 for s in record.steps if s.action == THROW_BLIND)
    if rules.einwuerfeln and rules.deckel_per_half <= 5:
        assert buy_ins > 10  # the random bots bought back in, often
    if rules.blind:
        assert blinds > 20  # the random bots opened rounds blind, often
    if rules.more_halves:
        assert extra_halves > 20  # games went on past the second half, often


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
def test_the_half_bots_worth_counts_come_from_the_same_games(
    preset: str, overrides: dict[str, object]
) -> None:
    """The half bot's model of the half counts what rounds were worth in games of regulars: the
    batch simulator's count (the lab's) is the reference engine's, games thrown with the
    same SplitMix64 dice, for every rule set and round size."""
    rules = _rules(preset, overrides)
    for players in (2, 3, 5):
        counts = fast.worth_counts(rules, players, 30, seed=players)
        assert counts == half_bot.worth_counts(rules, players, 30, seed=players)
        assert sum(sum(per.values()) for per in counts.values()) > 30


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_half_bots_model_from_the_batch_simulator_is_the_same(preset: str) -> None:
    """All of the model's games (MEASURED_GAMES), as the lab takes them: the same frequencies."""
    rules = find_preset(preset)
    counts = fast.worth_counts(rules, 4, half_bot.MEASURED_GAMES)
    assert half_bot.frequencies(counts) == half_bot.worth_frequencies(rules, 4)


@pytest.mark.parametrize("tiebreak", ["throw_off", "no_deckel"])
def test_ties_for_the_worst_come_up_in_the_simulated_games(tiebreak: str) -> None:
    """The replays above cover throw-offs (several in a row too) and rounds without Deckel."""
    rules = _rules("tsv99", {"tiebreak": tiebreak})
    kinds: list[tuple[RoundKind, bool]] = []
    for g in range(GAMES):
        game = replay(fast.play_record(rules, ["regular"] * 5, 0, g))
        kinds += [(e.kind, e.worst is None) for e in game.events if isinstance(e, RoundEnded)]
    if tiebreak == "throw_off":
        assert kinds.count((RoundKind.THROW_OFF, False)) > 5
        assert (RoundKind.THROW_OFF, True) in kinds  # a tied throw-off, thrown again
    else:
        assert kinds.count((RoundKind.NORMAL, True)) > 5
        assert all(kind is not RoundKind.THROW_OFF for kind, _ in kinds)


def test_rotation_seats_every_place_in_turn() -> None:
    rules = find_preset("allgemein")
    bots = ["regular", "random", "random"]
    counts = fast.run(rules, bots, 300, seed=5, rotate=True, threads=2)
    lost = [0, 0, 0]
    for g in range(300):
        record = fast.play_record(rules, bots, 5, g, rotate=True)
        assert record.meta["bots"] == [bots[(s - g) % 3] for s in range(3)]
        loser = replay(record).loser
        assert loser is not None
        lost[(loser - g) % 3] += 1
    assert list(counts.games_lost) == lost


def test_same_counts_for_any_threads_and_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = PRESETS["schock4life"]
    bots = ["random", "regular", "regular", "random"]
    one = fast.run(rules, bots, 2_500, seed=11, threads=1)
    monkeypatch.setattr(fast, "CHUNK", 700)
    seen: list[int] = []
    two = fast.run(rules, bots, 2_500, seed=11, threads=2, progress=seen.append)
    assert one == two
    assert seen == [700, 1400, 2100, 2500]
    assert fast.run(rules, bots, 2_500, seed=12, threads=1) != one


def test_twenty_players_and_long_finale(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = find_preset("tsv99").with_overrides({"deckel_in_finale": 999, "einwuerfeln": True})
    bots = ["random", "regular"] * 10
    monkeypatch.setattr(fast, "RECORD_STEPS", 16)  # every game outgrows it: played again
    for g in range(3):
        record = fast.play_record(rules, bots, 3, g)
        assert len(record.steps) > 16
        assert record.outcome is not None
        assert replay(record).loser == record.outcome["loser"]
        _step_through(record, bots)


def test_tables_come_from_the_reference_functions() -> None:
    t = rule_tables(PRESETS["tsv99"])
    assert t.states[0] == ((), (), (), 0, True)
    assert t.legal[0, 0] == 1 and t.legal[0, 1] == 0  # a turn begins with a throw of all three
    # Turning two sixes of 6-6-3 gives a one that stays out; the other six must be thrown again.
    s = t.after[0, (6 - 1) * 36 + (3 - 1) * 6 + (6 - 1)]
    assert t.states[s] == ((), (6, 6, 3), (), 0, True)
    assert t.states[t.sixes[s]] == ((1,), (6, 3), (6,), 1, False)


def test_simulate_chooses_the_engine() -> None:
    rules = PRESETS["knobelrunde"]
    bots = ["regular", "random", "regular"]
    quick = simulate(rules, bots, 500, seed=2, engine="fast")
    assert isinstance(quick, SimulationReport)
    assert quick == simulate(rules, bots, 500, seed=2, engine="auto")
    counts = fast.run(rules, bots, 500, seed=2)
    assert quick.turns == counts.turns and quick.halves == counts.halves
    assert [s.games_lost for s in quick.seats] == list(counts.games_lost)
    reference = simulate(rules, bots, 20, seed=2, engine="reference")
    assert reference.games == 20
    card = ["card", "regular"]
    with pytest.raises(ValueError, match="batch simulator plays the bots"):
        simulate(rules, card, 5, engine="fast")
    with pytest.raises(ValueError, match="engine"):
        simulate(rules, bots, 5, engine="quick")


def test_reference_engine_reports_progress_with_the_same_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import schocken.simulate as sim

    rules = PRESETS["tsv99"]
    bots = ["regular", "random", "regular"]
    plain = simulate(rules, bots, 24, seed=9, rotate=True)
    monkeypatch.setattr(sim, "_REFERENCE_CHUNK", 7)
    seen: list[int] = []
    assert simulate(rules, bots, 24, seed=9, rotate=True, progress=seen.append) == plain
    assert seen == [7, 14, 21, 24]
    seen.clear()
    assert simulate(rules, bots, 24, seed=9, rotate=True, procs=2, progress=seen.append) == plain
    assert seen == [7, 14, 21, 24]


def test_the_simulate_command_picks_and_names_the_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from schocken.cli import main

    args = ["simulate", "--players", "3", "--games", "300", "--seed", "1"]
    assert main([*args, "--progress"]) == 0
    out, err = capsys.readouterr()
    assert "300 games, preset tsv99, 3 players" in out and "fast engine)" in out
    assert "300/300 games" in err
    assert main([*args, "--bots", "card,regular,regular", "--games", "3"]) == 0
    assert "reference engine)" in capsys.readouterr().out
    assert main([*args, "--engine", "fast", "--bots", "card,regular,regular"]) == 2
    assert "plays the bots half, random, regular, solver, not card" in capsys.readouterr().err


def test_buying_in_at_risk_comes_up_in_the_simulated_games() -> None:
    """The replays above cover buying in at risk, also a buyer throwing the round's best result,
    where the best of those who hold Deckel gives instead."""
    rules = _rules("schock4life", {"einwuerfeln_form": "at_risk", "deckel_per_half": 5})
    bought = passed_over = 0
    for g in range(GAMES):
        game = replay(fast.play_record(rules, ["random"] * 4, 0, g))
        buyers: set[int] = set()
        best_buyer = None
        for e in game.events:
            if isinstance(e, RoundStarted):
                buyers, best_buyer = set(), None
            elif isinstance(e, BoughtIn):
                assert e.givers == ()  # he takes nothing
                buyers.add(e.seat)
                bought += 1
            elif isinstance(e, RoundEnded) and e.worst is not None and e.best in buyers:
                best_buyer = e.best
            elif isinstance(e, DeckelMoved) and best_buyer is not None:
                assert e.giver not in (None, best_buyer)
                passed_over += 1
    assert bought > 20
    assert passed_over > 5


def test_a_buyer_who_takes_every_deckel_comes_up_in_the_simulated_games() -> None:
    """The batch simulator plays the corner of docs/rules.md's "Einwürfeln" as the engine does: a
    player who buys in and takes the last Deckel of every holder has lost the half at once (3
    players and 2 Deckel: the two holding one each give both). The replays and the decisions are
    the same as ever, and it comes up often."""
    rules = _rules("tsv99", {"einwuerfeln": True, "deckel_per_half": 2, "deckel_in_finale": 2})
    bots = ["random"] * 3
    rows = fast.play_rows(rules, bots, 0, GAMES, seed=3, threads=1)
    lost_by_buying_in = 0
    for g in range(GAMES):
        record = fast.play_record(rules, bots, 3, g)
        game = replay(record)  # checks the record's outcome
        assert game.loser == rows[g, kernel.O_LOSER]
        assert game.round_count == rows[g, kernel.O_ROUNDS]
        assert game.turns_played == rows[g, kernel.O_TURNS]
        _step_through(record, bots)
        events = game.events
        for i, e in enumerate(events):
            bought = events[i - 3]
            if isinstance(e, SectionEnded) and isinstance(bought, BoughtIn):
                assert bought.seat == e.loser
                assert events[i - 2 : i] == [DeckelMoved(g, e.loser, 1) for g in bought.givers]
                lost_by_buying_in += 1
    assert lost_by_buying_in > 3


def test_tables_follow_the_options_from_other_pubs() -> None:
    never = rule_tables(find_preset("tsv99").with_overrides({"sixes_turn": "never"}))
    ones = rule_tables(find_preset("tsv99").with_overrides({"set_aside": "ones"}))
    for t in (never, ones):
        for i, (aside, _, _, _, _) in enumerate(t.states):
            codes = t.legal[i, 1 : 1 + t.legal[i, 0]]
            if t is never:
                assert kernel.TURN_SIXES not in codes
            else:
                keeps = [KEEPS[c] for c in codes if c < kernel.TURN_SIXES]
                assert all(set(k) <= {1} for k in keeps), (aside, keeps)
    first = rule_tables(find_preset("tsv99").with_overrides({"sixes_turn": "first_throw"}))
    assert first.params[P_SIXES_FIRST] == 1 and never.params[P_SIXES_FIRST] == 0
    s = first.after[0, (6 - 1) * 36 + (6 - 1) * 6 + (3 - 1)]  # a first throw of 6-6-3
    assert first.regular[s, 1, CAT_OPENER] == kernel.TURN_SIXES  # turned after the first throw
    assert first.regular[s, 2, CAT_OPENER] != kernel.TURN_SIXES  # not after a later one
    jule = rule_tables(find_preset("tsv99").with_overrides({"jule": True, "jule_deckel": 8}))
    s = jule.after[0, (4 - 1) * 36 + (2 - 1) * 6 + (1 - 1)]  # a first throw of 4-2-1
    assert jule.states[s][1] == (4, 2, 1)
    assert jule.results[s, 1, 1] == 8  # worth the Jule's 8 Deckel
    top = max(jule.results[i, 1, 2] for i in range(1, len(jule.states)))
    assert jule.results[s, 1, 2] == top - 1  # second only to a Schock-Aus
