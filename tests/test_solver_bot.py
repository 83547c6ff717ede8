"""The solver bot: the exact turn solver's choice at every decision, the Finale's solution in the
Finale, and fewer lost games than the pub regular."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from schocken.actions import Action
from schocken.bots import make_bot
from schocken.bots import solver_bot as sb
from schocken.dice import RandomDice
from schocken.events import RoundKind, Section
from schocken.game import Game
from schocken.play import NOTHING_ASKED, Ask, apply_decision, next_decision
from schocken.rules import PRESETS, Rules
from schocken.simulate import play_game, seat_names, simulate
from schocken.solver import Situation, solve
from schocken.views import PlayerView


def decisions(
    rules: Rules, players: int, seed: int
) -> Iterator[tuple[PlayerView, tuple[Action, ...]]]:
    """Every decision of the pub regulars' games in rounds for Deckel outside the Finale."""
    for g in range(seed, seed + 1000):
        game = Game(rules, seat_names(players), RandomDice(g))
        regular = make_bot("regular")
        bots = dict.fromkeys(range(players), regular)
        asked = NOTHING_ASKED
        while (decision := next_decision(game, bots, asked)) is not None:
            view = decision.view
            if (
                decision.kind is Ask.CHOOSE
                and view is not None
                and view.round_kind is RoundKind.NORMAL
                and view.section is not Section.FINALE
            ):
                yield view, decision.legal
            apply_decision(game, decision, decision.decide(regular))
            asked = decision.asked


def situation(view: PlayerView) -> Situation:
    """The exact solver's situation for the player whose turn it is."""
    seat = view.seat
    assert seat is not None
    turns = view.turns
    pos = len(turns) - 1
    shown = [(t.result, i) for i, t in enumerate(turns[:pos]) if t.result is not None]
    covered = [((t.aside, t.throws), i) for i, t in enumerate(turns[:pos]) if t.result is None]
    return Situation(
        view.rules,
        sb.turn_state_of(view),
        view.limit,
        tuple(r for r, _ in shown if r is not None),
        tuple(c for c, _ in covered),
        len(view.order) - pos - 1,
        view.middle,
        view.deckel[seat],
        positions=tuple(i for _, i in shown) + tuple(i for _, i in covered),
    )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_choices_are_the_exact_solvers_best(preset: str) -> None:
    """At sampled decisions the bot's action has exactly the best (P(lose), E[Deckel]) there is,
    including where actions tie on P(lose) and the Deckel decide."""
    rules = PRESETS[preset]
    rng = random.Random(preset)
    bot = sb.TurnSolverBot()
    checked = ties = 0
    for view, legal in decisions(rules, 3, seed=11):
        state = sb.turn_state_of(view)
        last_throw = view.limit is not None and state.throws >= view.limit - 1
        if not last_throw or rng.random() < 0.6:
            continue
        exact = solve(situation(view))
        values = bot.values(view, legal)
        choice = bot.choose(view, legal)
        got = next(v for v in exact if v.action == choice)
        assert (got.p_lose, got.deckel) == (exact[0].p_lose, exact[0].deckel), (view, choice)
        # The bot's figures are the solver's, in floating point.
        for action, (p, _) in zip(legal, values, strict=True):
            assert p == pytest.approx(float(next(v.p_lose for v in exact if v.action == action)))
        checked += 1
        ties += sum(1 for v in exact if v.p_lose == exact[0].p_lose) > 1
        if checked >= 25 and ties >= 3:
            break
    assert checked >= 25 and ties >= 3


def test_solver_bot_plays_whole_games_and_the_finale_by_its_solution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from schocken.bots.finale_bot import FinaleBot

    asked: list[int] = []
    original = FinaleBot.choose

    def counting(self: FinaleBot, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        asked.append(1)
        return original(self, view, legal)

    monkeypatch.setattr(FinaleBot, "choose", counting)
    for preset, rules in PRESETS.items():
        for g in range(6):
            game = play_game(
                Game(rules, seat_names(3), RandomDice(g)),
                [make_bot("solver"), make_bot("regular"), make_bot("solver")],
            )
            assert game.loser is not None, preset
    assert asked, "no Finale decision went to the Finale's solution"


def test_solver_bot_loses_less_often_than_the_pub_regular() -> None:
    report = simulate(
        PRESETS["tsv99"], ["solver", "regular", "regular", "regular"], 400, seed=2, rotate=True
    )
    regular = sum(report.loss_share(i) for i in (1, 2, 3)) / 3
    assert report.loss_share(0) < regular - 0.03
    assert report.loss_ci95(0)[0] < report.loss_share(0) < report.loss_ci95(0)[1]


def test_simulate_in_processes_gives_the_same_report() -> None:
    bots = ["regular", "random", "regular"]
    one = simulate(PRESETS["knobelrunde"], bots, 40, seed=5, rotate=True)
    two = simulate(PRESETS["knobelrunde"], bots, 40, seed=5, rotate=True, procs=2)
    assert one == two
    assert one.rotate and "moved one seat on" in one.format()
    # Rotating, each bot sat in each seat; the report counts by the bot, not the seat.
    assert sum(s.games_lost for s in one.seats) == 40
    with pytest.raises(ValueError, match="at least one process"):
        simulate(PRESETS["knobelrunde"], bots, 4, procs=0)
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        simulate(PRESETS["knobelrunde"], ["oracle", "regular"], 4)
