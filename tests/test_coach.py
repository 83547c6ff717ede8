"""The coach: its ranking is hint's, its notes come at the mistake threshold, it sees only what
its player sees."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction

import pytest

from schocken.actions import STOP
from schocken.bots import make_bot
from schocken.cli import main
from schocken.coach import Advice, advise, moves, note, percent, ranking_lines
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.play import NOTHING_ASKED, Asked, apply_decision, next_decision
from schocken.review import MISTAKE, Stake
from schocken.rules import find_preset
from schocken.texts import action_name
from schocken.views import PlayerView


def decisions(preset: str, players: int, seed: int) -> Iterator[tuple[Game, PlayerView, Advice]]:
    """Every coached decision of a game of pub regulars, as the deciding player saw it."""
    game = Game(find_preset(preset), [f"P{i}" for i in range(players)], RandomDice(seed))
    bots = {i: make_bot("regular") for i in range(players)}
    asked: Asked = NOTHING_ASKED
    while not game.is_over:
        decision = next_decision(game, bots, asked)
        assert decision is not None
        seat = game.current_player
        if seat is not None:
            view = game.view(seat)
            advice = advise(view)
            if advice is not None:
                yield game, view, advice
        answer = decision.decide(bots[decision.seat])
        apply_decision(game, decision, answer)
        asked = decision.asked


def hint_args(view: PlayerView) -> list[str]:
    """``schocken hint`` for the viewer's decision, from their view alone."""
    turns = view.turns
    pos = next(i for i, turn in enumerate(turns) if turn.seat == view.seat)
    mine = turns[pos]
    assert mine.showing is not None and view.seat is not None
    args = ["hint", "--preset", view.rules.preset, "--dice", "-".join(map(str, mine.showing))]
    args += ["--throws", str(mine.throws)]
    if mine.aside:
        args += ["--aside", "-".join(map(str, mine.aside))]
    if pos == 0:
        args.append("--opener")
    else:
        assert view.limit is not None
        args += ["--limit", str(view.limit)]
    shown, covered = [], []
    for turn in turns[:pos]:
        if turn.result is not None:
            r = turn.result
            assembled = "" if r.one_throw or r.throws == 1 else "a"
            shown.append(f"{'-'.join(map(str, r.dice))}/{r.throws}{assembled}")
        else:
            covered.append(f"{'-'.join(map(str, turn.aside))}/{turn.throws}")
    if shown:
        args += ["--shown", ",".join(shown)]
    if covered:
        args.append(f"--covered={','.join(covered)}")
    args += ["--after", str(len(view.order) - pos - 1)]
    args += ["--middle", str(view.middle), "--deckel", str(view.deckel[view.seat])]
    return args


HINT_LINE = re.compile(r"^(.+): P\(lose round\) = [0-9.]+ \(([0-9/]+)\), E\[Deckel\]")


@pytest.mark.parametrize(("preset", "seed"), [("tsv99", 3), ("schock4life", 4), ("allgemein", 5)])
def test_the_coachs_ranking_is_hints(
    preset: str, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    checked = 0
    for _, view, advice in decisions(preset, 3, seed):
        mine = view.my_turn
        if advice.stake is not Stake.ROUND or mine is None or mine.turned or mine.must_throw:
            continue  # hint has no words for a turn whose sixes were turned
        assert main(hint_args(view)) == 0
        printed = [HINT_LINE.match(line) for line in capsys.readouterr().out.splitlines()]
        ranked = [(m.group(1), Fraction(m.group(2))) for m in printed if m]
        assert ranked == [(action_name(v.action, "en"), v.exact) for v in advice.values]
        lines = ranking_lines(advice, "en")
        assert [line.split(". ", 1)[1].split(":")[0] for line in lines[1:]] == [
            name for name, _ in ranked
        ]
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_a_costly_move_gets_a_note_and_a_good_one_none() -> None:
    noted = quiet = 0
    for _, _, advice in decisions("tsv99", 4, 11):
        for value in advice.values:
            loss = value.exact - advice.values[0].exact  # type: ignore[operator]
            said = note(advice, value.action, "Anna", "en")
            if loss >= MISTAKE:
                assert said is not None and said.startswith("Coach: Anna, “")
                assert percent(value.p_lose, "en") in said
                assert percent(advice.values[0].p_lose, "en") in said
                assert ("was a blunder" if loss >= Fraction(1, 10) else "was a mistake") in said
                noted += 1
            else:
                assert said is None
                quiet += 1
        if noted > 20 and quiet > 20:
            break
    assert noted > 20 and quiet > 20


def test_stopping_below_a_shown_result_says_why() -> None:
    for _, _, advice in decisions("tsv99", 4, 12):
        first = advice.values[0]
        if STOP not in [v.action for v in advice.values] or first.action is STOP:
            continue
        said = note(advice, STOP, "Anna", "de")
        if said is not None and "schlechter als" in said:
            assert "„stehen lassen“ war ein" in said
            return
    raise AssertionError("no stop below a shown result in the game")


def test_nothing_to_advise_but_the_deciding_players_choices() -> None:
    game = Game(find_preset("tsv99"), ["A", "B", "C"], RandomDice(1))
    assert advise(game.view(0)) is None  # the opening round: no Deckel at stake
    for game, view, advice in decisions("tsv99", 3, 2):
        others = [s for s in range(3) if s != view.seat]
        assert all(advise(game.view(s)) is None for s in others)
        assert advise(game.view(None)) is None
        assert len(advice.values) >= 2
        data = moves(advice, "de")
        assert data[0]["best"] and "%" in data[0]["percent"]
        break


def test_percent_never_rounds_a_chance_to_certainty() -> None:
    assert percent(0.0, "en") == "0.0%"
    assert percent(0.0001, "en") == "<0.1%"
    assert percent(0.9999, "de") == ">99,9 %"
    assert percent(1.0, "de") == "100,0 %"
    assert percent(0.3125, "de") == "31,2 %"
