"""The game review: the solver's numbers, blunders labelled, another's covered dice never shown."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from schocken import solver
from schocken.actions import STOP, THROWS, TURN_SIXES, Action, Throw
from schocken.bots import make_bot
from schocken.bots.finale_bot import FinaleBot
from schocken.bots.regular import PubRegular
from schocken.cli import main
from schocken.dice import RandomDice, ScriptedDice
from schocken.errors import RecordError
from schocken.events import Section
from schocken.finale import solve_finale
from schocken.game import Game
from schocken.pub import NOTE_MADE_UP, PubGame, parse_turn
from schocken.record import GameRecord, RecordStep, parse_record, record_of, replay
from schocken.results import result_table
from schocken.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Decision,
    Label,
    Review,
    Stake,
    Unvalued,
    label_of,
    review,
    review_lines,
    situation_lines,
    unvalued_lines,
)
from schocken.rules import Rules, find_preset, rules_to_data
from schocken.simulate import play_game, seat_names
from schocken.turn import TurnState, remove

GOLDEN = Path(__file__).resolve().parent / "golden"
PRESETS = ("tsv99", "schock4life", "knobelrunde", "allgemein")


def golden(preset: str) -> GameRecord:
    return parse_record((GOLDEN / f"{preset}.json").read_text(encoding="utf-8"))


def dashed(dice: list[int]) -> str:
    return "-".join(map(str, dice))


def hint_argv(preset: str, d: dict[str, Any]) -> list[str]:
    """``schocken hint`` for a decision's situation as the review's JSON gives it."""
    sit = d["situation"]
    argv = ["hint", "--preset", preset, "--dice", dashed(sit["dice"])]
    argv += ["--throws", str(sit["throws"]), "--after", str(sit["after"])]
    argv += ["--middle", str(sit["middle"]), "--deckel", str(sit["deckel"][d["seat"]])]
    if sit["aside"]:
        argv += ["--aside", dashed(sit["aside"])]
    argv += ["--opener"] if sit["opener"] else ["--limit", str(sit["limit"])]
    shown = [
        f"{dashed(b['result']['dice'])}/{b['throws']}{'' if b['result']['one_throw'] else 'a'}"
        for b in sit["before"]
        if not b["covered"]
    ]
    covered = [f"{dashed(b['aside']) or '-'}/{b['throws']}" for b in sit["before"] if b["covered"]]
    if shown:
        argv += ["--shown", ",".join(shown)]
    if covered:
        argv += ["--covered=" + ",".join(covered)]
    return argv


def solver_situation(preset: str | Rules, d: dict[str, Any]) -> solver.Situation:
    """The solver's situation made by hand from a decision's JSON (what hint cannot take: a
    turn after turning sixes; house rules)."""
    rules = find_preset(preset) if isinstance(preset, str) else preset
    table = result_table(rules)
    sit = d["situation"]
    aside = tuple(sit["aside"])
    thrown = remove(tuple(sit["dice"]), aside)
    assert thrown is not None
    last_full = not aside and not sit["turned"]
    state = TurnState(
        aside, thrown, sit["throws"], sit["turned"], tuple(sit["must_throw"]), last_full
    )
    shown = tuple(
        table.result(
            tuple(b["result"]["dice"]),
            one_throw=b["result"]["one_throw"],
            throws=b["result"]["throws"],
        )
        for b in sit["before"]
        if not b["covered"]
    )
    covered = tuple((tuple(b["aside"]), b["throws"]) for b in sit["before"] if b["covered"])
    return solver.Situation(
        rules,
        state,
        None if sit["opener"] else sit["limit"],
        shown,
        covered,
        sit["after"],
        sit["middle"],
        sit["deckel"][d["seat"]],
    )


def solver_lines(d: Decision) -> list[str]:
    lines = []
    for v in d.values:
        assert v.exact is not None and v.deckel is not None
        lines.append(solver.describe(solver.ActionValue(v.action, v.exact, v.deckel)))
    return lines


@pytest.mark.parametrize("preset", PRESETS)
def test_the_review_of_a_golden_game_gives_the_solvers_numbers(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    r = review(golden(preset))
    data = r.to_data()
    rounds = [d for d in r.decisions if d.stake is Stake.ROUND]
    assert rounds and len(data["decisions"]) == len(r.decisions)
    hinted = 0
    for d, item in zip(r.decisions, data["decisions"], strict=True):
        assert item["step"] == d.step
        if d.stake is not Stake.ROUND:
            continue
        if item["situation"]["turned"]:
            expected = solver.solve(solver_situation(preset, item))
            assert [(v.action, v.p_lose, v.deckel) for v in expected] == [
                (v.action, v.exact, v.deckel) for v in d.values
            ]
            continue
        # What `schocken hint` prints for the situation as the JSON states it.
        assert main(hint_argv(preset, item)) == 0, capsys.readouterr().err
        out = capsys.readouterr().out.splitlines()
        assert out == solver_lines(d)
        hinted += 1
        made, best = d.made_value.exact, d.best.exact
        assert made is not None and best is not None
        loss = made - best
        assert d.exact_loss == loss and d.loss == float(loss)
        assert item["loss_exact"] == f"{loss.numerator}/{loss.denominator}"
        assert item["label"] == label_of(loss).value
    assert hinted


@pytest.mark.parametrize("name", ["regional-jule", "regional-ones"])
def test_the_review_of_a_game_under_regional_rules_gives_the_solvers_numbers(name: str) -> None:
    # House rules from other pubs: a Jule only from one throw; no General, only 1s set aside,
    # sixes turned only in a throw of all three dice.
    record = golden(name)
    r = review(record)
    data = r.to_data()
    assert data["rules"] == rules_to_data(record.rules)
    rounds = [d for d in r.decisions if d.stake is Stake.ROUND]
    assert rounds
    for d, item in zip(r.decisions, data["decisions"], strict=True):
        if d.stake is Stake.ROUND:
            expected = solver.solve(solver_situation(record.rules, item))
            assert [(v.action, v.p_lose, v.deckel) for v in expected] == [
                (v.action, v.exact, v.deckel) for v in d.values
            ]
    finale = [d for d in r.decisions if d.stake is Stake.GAME]
    assert finale
    bot = FinaleBot(solve_finale(record.rules), PubRegular(0))
    chosen: dict[int, Action] = {}

    def before(i: int, step: RecordStep, game: Game) -> None:
        if game.section is Section.FINALE and len(game.legal_actions()) > 1:
            chosen[i] = bot.choose(game.view(step.seat), game.legal_actions())

    replay(record, before=before)
    assert {d.step: d.best.action for d in finale} == chosen
    if record.rules.jule:  # Anna's Jule in one throw: stopping is best
        jule = r.decision_at(4)
        assert jule.state.thrown == (4, 2, 1) and jule.best.action == STOP
        assert result_table(record.rules).result((4, 2, 1), one_throw=True, throws=1).name == "Jule"


def test_a_golden_decision_stated_by_hand() -> None:
    # tsv99, step 8: Anna's first throw 5-3-2 (limit 3); Cem shown before her with Schock 4
    # assembled in three throws, Ben after her; 14 Deckel in the middle. She stopped.
    r = review(golden("tsv99"))
    d = r.decision_at(8)
    assert (d.seat, d.made) == (0, STOP)
    rules = find_preset("tsv99")
    cem = result_table(rules).result((4, 1, 1), one_throw=False, throws=3)
    sit = solver.Situation(rules, TurnState((), (5, 3, 2), 1), 3, (cem,), (), 1, 14, 0)
    expected = solver.solve(sit)
    assert [(v.action, v.exact, v.deckel) for v in d.values] == [
        (v.action, v.p_lose, v.deckel) for v in expected
    ]
    stop = next(v.p_lose for v in expected if v.action == STOP)
    assert d.exact_loss == stop - expected[0].p_lose
    assert d.label is Label.BLUNDER  # 0.984 against 0.644 by throwing all three


def test_finale_decisions_are_valued_by_the_finale_solution() -> None:
    record = golden("tsv99")
    r = review(record)
    finale = [d for d in r.decisions if d.stake is Stake.GAME]
    assert finale
    # Step 34: Ben opens the Finale (13 Deckel in the middle) and shows 5-1-1 after one throw.
    d = r.decision_at(34)
    solution = solve_finale(record.rules)
    expected = solution.action_values(13, 0, 0, TurnState((), (5, 1, 1), 1))
    assert [(v.action, v.p_lose) for v in d.values] == expected
    assert all(v.exact is None for v in d.values)
    # The best move is the Finale bot's choice from the same view, opener and responder.
    bot = FinaleBot(solution, PubRegular(0))
    chosen: dict[int, Action] = {}

    def before(i: int, step: RecordStep, game: Game) -> None:
        if game.section is Section.FINALE and len(game.legal_actions()) > 1:
            chosen[i] = bot.choose(game.view(step.seat), game.legal_actions())

    replay(record, before=before)
    assert {d.step for d in finale} == set(chosen)
    for d in finale:
        assert chosen[d.step] == d.best.action
        assert d.view.section is Section.FINALE


def _tsv99_blunder() -> GameRecord:
    """tsv99, Ben and Cem: the opening round (Ben 6-5-4 opens), then Ben shows a Schock 4 after
    two throws (limit 2) and Cem, whose first throw is 1-1-1, throws all three again."""
    pips = [6, 5, 4, 3, 2, 2, 6, 5, 2, 4, 1, 1, 1, 1, 1, 6, 5, 2]
    game = Game(find_preset("tsv99"), ["Ben", "Cem"], ScriptedDice(pips))
    moves: list[tuple[int, Action]] = [
        (0, Throw()),
        (0, STOP),
        (1, Throw()),  # the opening round's limit is 1
        (0, Throw()),
        (0, Throw()),
        (0, STOP),  # Schock 4 in two throws
        (1, Throw()),  # 1-1-1
        (1, Throw()),  # the blunder: 6-5-2
    ]
    for seat, action in moves:
        game.apply(action, seat)
    return record_of(game)


def test_a_known_blunder_is_labelled_a_blunder() -> None:
    record = _tsv99_blunder()
    r = review(record)
    d = r.decision_at(7)
    assert (d.seat, d.made, d.view.turns[-1].showing) == (1, THROWS[()], (1, 1, 1))
    # Stopping on 1-1-1 cannot lose. Throwing all three once more loses unless the throw beats
    # Ben's Schock 4: 1-1-5, 1-1-6 (three orders each) or 1-1-1.
    assert d.best.action == STOP and d.best.exact == 0
    assert d.made_value.exact == Fraction(216 - 7, 216)
    assert d.exact_loss == Fraction(209, 216)
    assert d.label is Label.BLUNDER
    assert r.summaries[1].costliest[0] == 7
    assert r.summaries[1].accuracy == 0.0
    assert [(u.step, u.reason) for u in r.unvalued] == [(1, Unvalued.OPENING)]
    text = "\n".join(review_lines(r, "en"))
    assert "step 7, Cem, first half (Hinrunde), round 2, throw 1 of 2: 1-1-1" in text
    assert "loss 0.9676: blunder" in text
    de = "\n".join(review_lines(r, "de"))
    assert "alle drei werfen 0,9676; am besten: stehen lassen 0,0000; Verlust 0,9676: Patzer" in de


def test_the_labels_thresholds() -> None:
    assert label_of(0) is Label.GOOD
    assert label_of(INACCURACY - Fraction(1, 10**12)) is Label.GOOD
    assert label_of(INACCURACY) is Label.INACCURACY
    assert label_of(MISTAKE) is Label.MISTAKE
    assert label_of(MISTAKE - Fraction(1, 10**12)) is Label.INACCURACY
    assert label_of(BLUNDER) is Label.BLUNDER
    assert label_of(0.0999) is Label.MISTAKE
    assert label_of(1) is Label.BLUNDER


def _schock4life_covered(last: tuple[int, int]) -> GameRecord:
    """schock4life, Anna and Ben: the opening throw (Anna lowest, she opens), then Anna's third
    throw stays covered with 1 aside (``last`` is what her other two dice show), and Ben plays
    his turn with two decisions."""
    pips = [6, 4, 2, 6, 6, 5, 5, 3, 1, 4, 2, *last, 6, 5, 2, 4, 4, 1]
    game = Game(find_preset("schock4life"), ["Anna", "Ben"], ScriptedDice(pips))
    moves: list[tuple[int, Action]] = [
        (0, Throw()),
        (1, Throw()),
        (0, Throw()),
        (0, Throw((1,))),
        (0, Throw((1,))),  # the limit: covered
        (1, Throw()),
        (1, Throw()),
        (1, STOP),
    ]
    for seat, action in moves:
        game.apply(action, seat)
    return record_of(game)


def test_the_review_never_shows_another_players_covered_dice() -> None:
    aus = review(_schock4life_covered((1, 1)))  # Anna's covered cup: 1-1-1, Schock-Aus
    plain = review(_schock4life_covered((6, 3)))  # 6-3-1
    ben = [d for d in aus.decisions if d.seat == 1]
    assert [d.step for d in ben] == [6, 7]
    # What Ben is shown and what his moves are worth do not depend on Anna's covered dice.
    assert aus.to_data(1)["decisions"] == plain.to_data(1)["decisions"]
    for d in ben:
        assert d.view.turns[0].covered and d.view.turns[0].showing is None
        text = "\n".join(situation_lines(d, aus.players, "en"))
        assert "Anna covered (aside 1, 3rd throw)" in text
        de = "\n".join(situation_lines(d, aus.players, "de"))
        assert "Anna verdeckt (draußen 1, 3. Wurf)" in de
        assert "Schock-Aus" not in text and "1-1-1" not in text
        sit = aus.to_data(1)["decisions"][ben.index(d)]["situation"]
        assert sit["before"] == [
            {"seat": 0, "player": "Anna", "throws": 3, "covered": True, "aside": [1]}
        ]
    assert "Schock-Aus" not in "\n".join(review_lines(aus, "en", seat=1))


def test_no_decision_holds_a_covered_die_of_another_player() -> None:
    rules = find_preset("allgemein")  # third throws are covered
    game = play_game(Game(rules, seat_names(4), RandomDice(3)), [make_bot("regular")] * 4)
    r = review(record_of(game))
    covered = 0
    for d in r.decisions:
        for turn in d.view.turns:
            if turn.seat != d.seat and turn.covered:
                covered += 1
                assert turn.showing is None and turn.result is None
    assert covered
    for item in r.to_data()["decisions"]:
        for b in item["situation"]["before"]:
            assert set(b) == (
                {"seat", "player", "throws", "covered", "aside"}
                if b["covered"]
                else {"seat", "player", "throws", "covered", "result"}
            )


def test_summary_counts_the_decisions_that_matter() -> None:
    r = review(golden("tsv99"))
    for s in r.summaries:
        mine = [d for d in r.decisions if d.seat == s.seat]
        counted = [d for d in mine if d.matters]
        assert s.decisions == len(mine) and s.counted == len(counted)
        assert s.good == sum(1 for d in counted if d.label is Label.GOOD)
        assert s.given_away == pytest.approx(sum(d.loss for d in mine))
        losses = sorted((d.loss for d in mine if d.loss > 0), reverse=True)[:3]
        assert [r.decision_at(step).loss for step in s.costliest] == losses
        if s.counted:
            assert s.accuracy == 100 * s.good / s.counted
    # Anna (tsv99 golden): step 37, the Finale against a Schock-Aus, loses whatever she does.
    assert not r.decision_at(37).matters


def test_a_buy_in_is_listed_as_not_valued() -> None:
    record = golden("schock4life")
    assert any(step.action.__class__.__name__ == "BuyIn" for step in record.steps)
    r = review(record)
    buy_ins = [i for i, step in enumerate(record.steps) if str(step.action) == "buyin"]
    assert [u.step for u in r.unvalued if u.reason is Unvalued.BUY_IN] == buy_ins


def test_without_numpy_the_finale_is_said_not_to_be_valued(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from schocken import review as module

    monkeypatch.setattr(module, "_finale", lambda rules: None)
    r = review(golden("tsv99"))
    assert not [d for d in r.decisions if d.stake is Stake.GAME]
    skipped = [u.step for u in r.unvalued if u.reason is Unvalued.NO_NUMPY]
    assert skipped == [34, 35, 37]
    assert "3 decisions of the Finale are not valued" in "\n".join(review_lines(r, "en"))


def test_decisions_after_throws_pub_mode_made_up_are_not_valued() -> None:
    # Pub mode with a Jule: only each turn's end is entered, the throws before it are made up.
    rules = find_preset("tsv99").with_overrides({"jule": True, "opening": "plain_round"})
    pub = PubGame(rules, ["Anna", "Ben", "Cem"])
    for line in ["6-5-4 3", "r jule 2", "5-5-1 1", "6-5-4 2", "r jule", "6-6-1"]:
        pub.enter(parse_turn(line))
    record = pub.record()
    r = review(record)
    made_up = [u.step for u in r.unvalued if u.reason is Unvalued.MADE_UP]
    assert made_up and all(record.steps[i - 1].note == NOTE_MADE_UP for i in made_up)
    for d in r.decisions:  # what is valued follows an entered throw
        assert record.steps[d.step - 1].note.startswith("pub: entered")
    # Ben's Jule opened round 2, where he has 6-5-4 in two throws: his keep after the made-up
    # 6-5-2 is not valued, his stop after the entered throw is.
    ben = [d for d in r.decisions if d.seat == 1 and d.view.round_number == 2]
    assert [(d.made, d.state.thrown, d.state.aside) for d in ben] == [(STOP, (4,), (6, 5))]
    keep = [i for i in made_up if record.steps[i].seat == 1][-1]
    assert str(record.steps[keep].action) == "throw keep 6-5"
    assert keep not in {d.step for d in r.decisions}
    assert "decisions after throws that pub mode made up are not valued" in "\n".join(
        review_lines(r, "en")
    )


def test_a_bad_record_is_refused_with_the_replays_error() -> None:
    record = _tsv99_blunder()
    steps = list(record.steps)
    steps[7] = RecordStep(1, TURN_SIXES)
    with pytest.raises(RecordError, match="step 7: illegal turn by seat 1"):
        review(GameRecord(record.rules, record.players, tuple(steps)))


def test_the_json_round_trips_and_says_what_a_page_needs() -> None:
    r: Review = review(_tsv99_blunder())
    data = json.loads(r.to_json())
    assert data["format"] == "schocken-review" and data["version"] == 1
    assert data["thresholds"] == {"inaccuracy": 0.02, "mistake": 0.05, "blunder": 0.1}
    blunder = next(d for d in data["decisions"] if d["step"] == 7)
    assert blunder["made"] == "throw" and blunder["best"] == "stop"
    assert blunder["loss_exact"] == "209/216" and blunder["label"] == "blunder"
    assert blunder["situation"]["dice"] == [1, 1, 1] and blunder["situation"]["limit"] == 2
    assert data["summary"][1]["costliest"] == [7]
    one = json.loads(r.to_json(0))
    assert {d["seat"] for d in one["decisions"]} == {0} and one["player"] == 0


def test_a_choice_to_open_blind_is_not_valued_and_the_review_says_so() -> None:
    golden = Path(__file__).resolve().parent / "golden" / "regional-blind.json"
    record = parse_record(golden.read_text(encoding="utf-8"))
    r = review(record)
    blind = [u for u in r.unvalued if u.reason is Unvalued.BLIND]
    # Anna's two blind openings and Ben's open one in the second half were such choices.
    assert [(u.step, u.seat, str(u.action)) for u in blind] == [
        (3, 0, "blind"),
        (5, 1, "throw"),
        (8, 0, "blind"),
    ]
    assert any("open a round blind are not valued" in line for line in unvalued_lines(r, "en"))
    assert all(d.step not in (3, 5, 8) for d in r.decisions)
