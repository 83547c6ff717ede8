"""The turn solver, checked against hand-countable situations."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from schocken.actions import STOP, THROWS, Action
from schocken.cli import main
from schocken.game import Game
from schocken.results import Result, result_table
from schocken.rules import find_preset
from schocken.solver import Situation, solve
from schocken.turn import TurnState


def value_of(sit: Situation, action: object) -> tuple[Fraction, Fraction]:
    for v in solve(sit):
        if v.action == action:
            return v.p_lose, v.deckel
    raise AssertionError(f"{action} is not legal here")


def one_throw_results(preset: str, throws: int) -> list[Result]:
    table = result_table(find_preset(preset))
    return [
        table.result(pips, one_throw=True, throws=throws)
        for pips in itertools.product(range(1, 7), repeat=3)
    ]


@pytest.mark.parametrize("preset", ["tsv99", "allgemein"])
def test_last_player_throwing_all_three_against_one_result(preset: str) -> None:
    rules = find_preset(preset)
    table = result_table(rules)
    shown = table.result((6, 5, 2), one_throw=True, throws=1)
    # Anna (place 1, the last) threw once of two and throws all three again.
    sit = Situation(rules, TurnState((), (3, 2, 2), 1, 0, (), True), 2, (shown,), middle=13)
    p_lose, deckel = value_of(sit, THROWS[()])
    # Count the 216 throws by hand: worse than 6-5-2, or equal (later thrower, or more throws).
    losing = sum(
        1 for r in one_throw_results(preset, 2) if table.order_key(r, 1) < table.order_key(shown, 0)
    )
    assert p_lose == Fraction(losing, 216)
    assert p_lose == Fraction(147, 216)  # 6-5-2 is beaten by 69 of 216 throws; ties lose
    # She takes what the best (6-5-2, worth 1) is worth.
    assert deckel == p_lose * 1
    # Stopping on 3-2-2 loses for sure and costs a Deckel.
    assert value_of(sit, STOP) == (Fraction(1), Fraction(1))


def test_opener_of_a_tuetenrunde_against_later_throws() -> None:
    rules = find_preset("tsv99")
    table = result_table(rules)
    # Anna opens and stops after one throw on 6-4-2: two players follow with one throw each.
    sit = Situation(rules, TurnState((), (6, 4, 2), 1, 0, (), True), None, after=2, middle=13)
    mine = table.result((6, 4, 2), one_throw=True, throws=1)
    beat = sum(
        1 for r in one_throw_results("tsv99", 1) if table.order_key(r, 1) > table.order_key(mine, 0)
    )
    p_lose, _ = value_of(sit, STOP)
    assert p_lose == Fraction(beat, 216) ** 2


def test_a_covered_cup_before_counts_by_its_aside_dice() -> None:
    rules = find_preset("schock4life")
    table = result_table(rules)
    # Before Anna: a covered cup with 1-1 aside after 3 throws: 1-1-d, d unknown.
    # Anna stopped on an assembled Schock 4 after two throws; nobody after her.
    sit = Situation(
        rules,
        TurnState((1, 1), (4,), 2, 0, (), False),
        3,
        covered=(((1, 1), 3),),
        middle=13,
    )
    assert table.result((4, 1, 1), one_throw=False, throws=2).name == "Schock 4"
    p_lose, deckel = value_of(sit, STOP)
    # She loses to Schock 5, Schock 6 and the (assembled) Schock-Aus; Schock 4 with 3 throws
    # is worse than hers with 2.
    assert p_lose == Fraction(3, 6)
    # Losing, she takes 5, 6, or all 13 Deckel (Schock-Aus).
    assert deckel == Fraction(5 + 6 + 13, 6)


def test_the_best_gives_once_the_middle_is_empty() -> None:
    rules = find_preset("tsv99")
    table = result_table(rules)
    shown = table.result((4, 4, 1), one_throw=True, throws=1)
    sit = Situation(
        rules, TurnState((), (6, 1, 1), 1, 0, (), True), 3, (shown,), middle=0, deckel=4
    )
    # Schock 6 is best: she gives the 4 Deckel she holds (6 owed).
    assert value_of(sit, STOP) == (Fraction(0), Fraction(-4))


def test_best_action_comes_first_and_the_turn_must_not_be_over() -> None:
    rules = find_preset("tsv99")
    table = result_table(rules)
    shown = table.result((1, 1, 3), one_throw=False, throws=2)
    sit = Situation(rules, TurnState((), (4, 1, 1), 1, 0, (), True), 3, (shown,), after=1)
    values = solve(sit)
    assert values == sorted(values, key=lambda v: (v.p_lose, v.deckel))
    assert values[0].p_lose == 0  # keeping Schock 4 above Schock 3 is safe
    over = Situation(rules, TurnState((), (4, 1, 1), 3, 0, (), True), 3)
    with pytest.raises(ValueError, match="the turn is over"):
        solve(over)


def test_hint_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "hint",
            "--preset",
            "tsv99",
            "--dice",
            "1-1-4",
            "--throws",
            "1",
            "--shown",
            "6-5-2,1-1-3/2",
            "--after",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("keep 1-1 and throw one die: P(lose round) = 0.0000")
    assert any(li.startswith("throw all three: P(lose round) = 0.") for li in lines)
    assert main(["hint", "--dice", "1-1", "--throws", "1"]) == 2
    assert "three dice showing" in capsys.readouterr().err
    assert main(["hint", "--dice", "1-1-4", "--throws", "2", "--aside", "6"]) == 2
    assert "not among the dice" in capsys.readouterr().err


def test_p_lose_is_the_same_as_before_where_the_model_did_not_change() -> None:
    """Where this player's result is shown and no throw is covered, a later player's chance to
    beat it is the most there is, whatever the tie rule: the integer arithmetic gives the
    fractions the Fraction solver gave (docs/odds.md's example, before the model was stated)."""
    rules = find_preset("tsv99")
    table = result_table(rules)
    shown = (
        table.result((6, 5, 2), one_throw=True, throws=1),
        table.result((1, 1, 3), one_throw=False, throws=2),
    )
    sit = Situation(rules, TurnState((), (4, 1, 1), 1, 0, (), True), 3, shown, after=2, middle=13)
    got = {v.action: v.p_lose for v in solve(sit)}
    assert got[THROWS[(1,)]] == Fraction(26556500933519, 90275517038592)
    assert got[THROWS[()]] == Fraction(13495060223869, 40122452017152)
    assert got[THROWS[(4,)]] == Fraction(36765034469, 92876046336)
    assert got[THROWS[(4, 1)]] == Fraction(3283001539649, 7522959753216)


def test_after_a_covered_opener_the_later_players_play_against_the_covered_cup() -> None:
    """docs/odds.md: allgemein, the opener has 6-6-2 after two throws, one player after. Keeping
    6-6 covers the third throw with 6-6 aside; the later player plays to beat 6-6 and a fair die
    (not the optimal policy, which would give another figure)."""
    from schocken import solver

    rules = find_preset("allgemein")
    table = result_table(rules)
    sit = Situation(rules, TurnState((), (6, 6, 2), 2), None, after=1)
    got = value_of(sit, THROWS[(6, 6)])[0]
    assert got == Fraction(18991, 31104)

    def p_lose(covered: tuple[tuple[tuple[int, ...], int], ...]) -> Fraction:
        later = solver.later_distribution(rules, 3, None, covered)
        start = TurnState((6, 6), (), 2)
        total = Fraction(0)
        for die in range(1, 7):
            mine = table.order_code(start.after_throw((6, 6), (die,)).result(table))
            above = sum(m for r, m in later if table.order_code(r) > mine)
            total += Fraction(above, solver.SCALE) / 6
        return total

    assert p_lose((((6, 6), 3),)) == got
    assert p_lose(()) == Fraction(301543, 559872) != got


def test_the_later_players_tie_rule_on_the_issues_example() -> None:
    """schock4life, limit 2: the opener showed a Schock-Aus in two throws; this player has 6-6-6
    after one throw, one player after. Turning sixes leaves 1-1 aside and the last throw covered:
    the later player cannot beat the Schock-Aus, so they play against the covered cup 1-1-d (d a
    fair die), then for the better expected place. Figures by hand: see below."""
    from schocken.actions import TURN_SIXES
    from schocken.solver import later_distribution

    rules = find_preset("schock4life")
    table = result_table(rules)
    aus = table.result((1, 1, 1), one_throw=True, throws=2)
    sit = Situation(rules, TurnState((), (6, 6, 6), 1, 0, (), True), 2, (aus,), after=1)
    p, _ = value_of(sit, TURN_SIXES)
    assert p == Fraction(1663, 15552)
    # The same from the later player's distribution: P(their result above 1-1-d), d fair.
    later = later_distribution(rules, 2, table.order_code(aus), (((1, 1), 2),))
    cup = [table.result((d, 1, 1), one_throw=False, throws=2) for d in range(1, 7)]
    above = sum(
        Fraction(m, 6**9)
        for r, m in later
        for c in cup
        if table.order_code(r) > table.order_code(c)
    )
    assert above / 6 == p


def test_the_model_against_the_engine_on_the_issues_example() -> None:
    """A small model check (bench/model_check.py): the issue's situation played through the
    engine, the later player by the model's policy; the share of lost rounds after turning
    sixes lies within the 99% interval of the exact 1663/15552."""
    import math
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    import model_check as mc
    from schocken.actions import TURN_SIXES

    rules = find_preset("schock4life")
    table = result_table(rules)
    aus = table.result((1, 1, 1), one_throw=True, throws=2)
    sit = Situation(rules, TurnState((), (6, 6, 6), 1, 0, (), True), 2, (aus,), after=1)
    actions: list[Action] = [THROWS[()], THROWS[()], STOP, THROWS[()]]
    setup = mc.Setup(rules, 3, actions, [(4, 3, 2), (1, 1, 1), (6, 6, 6)], sit, 1, 1)
    game = Game(mc._rules(rules), mc._names(3), mc.SetupDice(setup.pips, 0))
    for a in actions:
        game.apply(a)
    there = mc._situation(game.view(1))  # the engine is where the hint says
    assert (there.state, there.limit, there.shown, there.covered, there.after) == (
        sit.state,
        sit.limit,
        sit.shown,
        sit.covered,
        sit.after,
    )
    rows = mc.check(setup, 3000, seed=7)
    for action, p, played, lost, z in rows:
        assert z < mc.Z99, (action, p, lost / played)
    sixes = next(row for row in rows if row[0] is TURN_SIXES)
    assert sixes[1] == pytest.approx(1663 / 15552)
    assert abs(sixes[3] / sixes[2] - 1663 / 15552) < 3 * math.sqrt(0.1 * 0.9 / sixes[2])


def test_hint_command_with_a_jule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "jule.toml"
    house.write_text('preset = "tsv99"\njule = true\n', encoding="utf-8")
    args = ["hint", "--dice", "4-2-1", "--throws", "1", "--shown", "1-1-6"]
    # A Jule beats Schock 6: stopping cannot lose the round.
    assert main([*args, "--rules", str(house)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "stop: P(lose round) = 0.0000 (0), E[Deckel] = +0.000"
    # Without a Jule, 421 loses to it for sure.
    assert main([*args, "--rules", "tsv99"]) == 0
    out = capsys.readouterr().out
    assert "stop: P(lose round) = 1.0000 (1)" in out
    # Alone, the Jule counts as "Schock or better".
    assert main(["hint", "--rules", str(house), "--dice", "4-2-1", "--throws", "1"]) == 0
    out = capsys.readouterr().out
    assert "stop: Schock or better certain, Schock-Aus never" in out


def test_hint_command_with_equal_strassen(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "strassen.toml"
    house.write_text('preset = "tsv99"\nstrasse_rank = "equal"\n', encoding="utf-8")
    args = ["hint", "--dice", "6-5-4", "--throws", "1", "--shown", "3-2-1"]
    # By pips, 4-5-6 beats an earlier 1-2-3: stopping cannot lose.
    assert main([*args, "--rules", "tsv99"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("stop: P(lose round) = 0.0000")
    # Equal Straßen: the later one loses the tie, so stopping loses for sure.
    assert main([*args, "--rules", str(house)]) == 0
    out = capsys.readouterr().out
    assert "stop: P(lose round) = 1.0000 (1)" in out
    assert not out.startswith("stop")


def test_hint_command_with_a_nutte(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "nutte.toml"
    house.write_text('preset = "tsv99"\nnutte = true\n', encoding="utf-8")
    args = ["hint", "--dice", "2-2-1", "--throws", "1", "--shown", "1-1-6"]
    # A Nutte beats Schock 6: stopping cannot lose the round; without it 221 loses for sure.
    assert main([*args, "--rules", str(house)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "stop: P(lose round) = 0.0000 (0), E[Deckel] = +0.000"
    )
    assert main([*args, "--rules", "tsv99"]) == 0
    assert "stop: P(lose round) = 1.0000 (1)" in capsys.readouterr().out
    # Alone, the Nutte counts as "Schock or better".
    assert main(["hint", "--rules", str(house), "--dice", "2-2-1", "--throws", "1"]) == 0
    assert "stop: Schock or better certain, Schock-Aus never" in capsys.readouterr().out


def test_hint_command_with_the_one_throw_tie_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "tie.toml"
    house.write_text('preset = "tsv99"\ntiebreak = "one_throw_then_later"\n', encoding="utf-8")
    args = ["hint", "--dice", "6-5-2", "--throws", "1", "--limit", "2", "--after", "0"]
    args += ["--shown", "6-5-2/2a"]
    # The same 652 from one throw beats an earlier assembled one: stopping cannot lose.
    assert main([*args, "--rules", str(house)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "stop: P(lose round) = 0.0000 (0), E[Deckel] = +0.000"
    )
    # Under later_loses the later 652 loses, so stopping is not the best move.
    assert main([*args, "--rules", "tsv99"]) == 0
    out = capsys.readouterr().out
    assert not out.startswith("stop") and "stop: P(lose round) = 1.0000 (1)" in out


@pytest.mark.parametrize("tiebreak", ["throw_off", "no_deckel"])
def test_a_tie_for_the_worst_is_a_fair_throw_off_or_loses_nothing(tiebreak: str) -> None:
    # REGIONAL.md row 39: as test_last_player_throwing_all_three_against_one_result, but a tie
    # with 6-5-2 is thrown off (lost half the time) or moves no Deckel.
    rules = find_preset("tsv99").with_overrides({"tiebreak": tiebreak})
    table = result_table(rules)
    shown = table.result((6, 5, 2), one_throw=True, throws=1)
    sit = Situation(rules, TurnState((), (3, 2, 2), 1, 0, (), True), 2, (shown,), middle=13)
    throws = [
        table.result(p, one_throw=True, throws=2) for p in itertools.product(range(1, 7), repeat=3)
    ]
    lower = sum(1 for r in throws if table.order_code(r) < table.order_code(shown))
    tied = sum(1 for r in throws if table.order_code(r) == table.order_code(shown))
    assert (lower, tied) == (141, 6)
    share = Fraction(1, 2) if tiebreak == "throw_off" else Fraction(0)
    p_lose, deckel = value_of(sit, THROWS[()])
    assert p_lose == (lower + tied * share) / 216
    assert deckel == p_lose * 1  # 6-5-2, worth 1, is the best whenever she loses


def test_a_throw_off_with_the_later_players_and_a_covered_cup() -> None:
    rules = find_preset("tsv99").with_overrides({"tiebreak": "throw_off"})
    table = result_table(rules)
    # Anna opens and stops on 6-4-2; two players follow with one throw each (as the Tütenrunde
    # test): tied with j of them she loses 1/(j + 1) of the time. Brute force over both throws.
    sit = Situation(rules, TurnState((), (6, 4, 2), 1, 0, (), True), None, after=2, middle=13)
    mine = table.order_code(table.result((6, 4, 2), one_throw=True, throws=1))
    codes = [table.order_code(r) for r in one_throw_results("tsv99", 1)]
    expected = Fraction(0)
    for a, b in itertools.product(codes, repeat=2):
        if a >= mine and b >= mine:
            expected += Fraction(1, 1 + (a == mine) + (b == mine))
    assert value_of(sit, STOP)[0] == expected / 216**2
    # schock4life's covered cup 1-1-d (three throws) against Anna's Schock 4 in two: a Schock 4
    # there ties now (throws do not count) and is thrown off.
    s4l = find_preset("schock4life").with_overrides({"tiebreak": "throw_off"})
    cup = Situation(s4l, TurnState((1, 1), (4,), 2, 0, (), False), 3, covered=(((1, 1), 3),))
    p_lose, deckel = value_of(cup, STOP)
    assert p_lose == Fraction(3, 6) + Fraction(1, 12)
    assert deckel == Fraction(5 + 6 + 13, 6) + Fraction(4, 12)


def test_the_best_tied_with_every_later_player_gives_only_if_he_wins_the_throw_off() -> None:
    rules = find_preset("tsv99").with_overrides({"tiebreak": "throw_off"})
    table = result_table(rules)
    # Anna opens on a Schock 6 with the middle empty; Ben throws once after her. His Schock-Aus
    # (1 of 216) beats her; he ties with 3 (6-1-1 in any order): then each of them loses the
    # throw-off half the time.
    sit = Situation(rules, TurnState((), (6, 1, 1), 1, 0, (), True), None, after=1, deckel=4)
    p_lose, deckel = value_of(sit, STOP)
    assert table.result((6, 1, 1), one_throw=True, throws=1).deckel == 6
    half = Fraction(3, 216) / 2
    assert p_lose == Fraction(1, 216) + half
    # Losing she takes the rest of the half (Schock-Aus) or 6 (from Ben, taken to hold them);
    # best and winning the throw-off or alone, she gives her 4.
    rest = rules.deckel_per_half - 4
    assert deckel == Fraction(rest, 216) + half * 6 - (Fraction(212, 216) + half) * 4
