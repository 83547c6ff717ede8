"""The half bot: legal play only, the exact two-player game where it is the Finale's, round ends
that add up to the solver bot's chances, and whole games (its model of the half:
``test_half_model.py``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy
import pytest

from schocken.actions import Action
from schocken.bots import half_bot as hb
from schocken.bots import make_bot
from schocken.bots import solver_bot as sb
from schocken.bots.finale_bot import FinaleBot
from schocken.dice import RandomDice
from schocken.events import Section
from schocken.finale import solve_finale
from schocken.game import Game
from schocken.rules import PRESETS
from schocken.simulate import play_game, seat_names, simulate
from schocken.views import PlayerView
from test_solver_bot import decisions


class _Checked:
    """A strategy that checks every answer of another against the legal actions."""

    def __init__(self, strategy: hb.HalfBot) -> None:
        self.strategy = strategy
        self.name = strategy.name
        self.decisions = 0
        self.two_player = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.strategy.choose(view, legal)
        assert action in legal, (view, action, legal)
        self.decisions += 1
        if view.section is not Section.FINALE and len(view.order) == 2:
            self.two_player += 1
        return action

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self.strategy.wants_buy_in(view)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_half_bot_plays_only_legal_actions_to_the_end(preset: str) -> None:
    rules = PRESETS[preset]
    for players, games in ((4, 6), (3, 4), (2, 3)):
        checked = [_Checked(hb.HalfBot(s)) for s in range(2)]
        for g in range(games):
            bots = [checked[0], make_bot("regular"), checked[1], make_bot("regular")][:players]
            game = play_game(Game(rules, seat_names(players), RandomDice(100 + g)), bots)
            assert game.loser is not None
        assert sum(c.decisions for c in checked) > 0


def test_the_half_bot_never_buys_back_in() -> None:
    rules = PRESETS["schock4life"]
    assert rules.einwuerfeln
    game = Game(rules, seat_names(3), RandomDice(1))
    assert hb.HalfBot().wants_buy_in(game.view(0)) is False


# ---------------------------------------------------------------------------- two players


def test_the_two_player_game_with_the_finales_deckel_is_the_finale() -> None:
    rules = next(r for r in PRESETS.values() if r.deckel_per_half == r.deckel_in_finale)
    finale = solve_finale(rules)
    half = hb._two_player_bot(rules).solution
    assert half.n == finale.n == rules.deckel_per_half
    assert numpy.allclose(half.values, finale.values, rtol=0.0, atol=1e-12, equal_nan=True)


def test_tsv99s_half_is_solved_with_its_own_fourteen_deckel() -> None:
    rules = PRESETS["tsv99"]
    assert (rules.deckel_per_half, rules.deckel_in_finale) == (14, 13)
    half = hb._two_player_bot(rules).solution
    assert half.n == 14
    # Even Deckel, each to open: the opener's chance and the responder's add up to one.
    assert half.p_loses(0, 7, 7, True) + half.p_loses(0, 7, 7, False) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="14"):
        half.p_opener_loses(0, 7, 6)
    with pytest.raises(ValueError, match="at least one Deckel"):
        solve_finale(rules, total=0)


def test_with_two_players_in_a_half_it_plays_the_finales_solution() -> None:
    """Where the half's Deckel are the Finale's, a half of two is played as the Finale is."""
    rules = PRESETS["allgemein"]
    assert rules.deckel_per_half == rules.deckel_in_finale
    finale = FinaleBot(solve_finale(rules), make_bot("regular"))
    bot = hb.HalfBot()
    checked = 0
    for view, legal in decisions(rules, 2, 5):
        assert bot.choose(view, legal) == finale.play(view, legal)
        checked += 1
        if checked >= 60:
            break
    assert checked >= 60


# ---------------------------------------------------------------------------- more players


@pytest.mark.parametrize("preset", list(PRESETS))
def test_round_ends_add_up_and_agree_with_the_solver_bots_chance_of_losing(preset: str) -> None:
    rules = PRESETS[preset]
    bot = hb.HalfBot()
    solver = sb.TurnSolverBot()
    n = len(hb._worths(rules).worths)
    checked = 0
    for view, legal in decisions(rules, 4, 40):
        if len(view.order) < 3:
            continue
        data = sb._rules_data(rules)
        turns = view.turns
        pos = len(turns) - 1
        shown = [data.code(t.result) for t in turns[:pos] if t.result is not None]
        covered = tuple((t.aside, t.throws) for t in turns[:pos] if t.result is None)
        ctx = sb._Context(
            0 if view.limit is None else view.limit,
            min(shown) if shown else None,
            covered,
            len(view.order) - pos - 1,
            False,
        )
        outcomes = hb._outcomes(data, ctx, max(shown) if shown else None)
        state = sb.turn_state_of(view)
        p_lose = [v[0] for v in solver.values(view, legal)]
        for action, p in zip(legal, p_lose, strict=True):
            ends = outcomes.action_ends(state, action)
            assert len(ends) == 3 * n
            assert min(ends) >= -1e-12
            assert sum(ends) == pytest.approx(1.0)
            assert sum(ends[:n]) == pytest.approx(p, abs=1e-9)
        values = bot.values(view, legal)
        assert all(0.0 <= v <= 1.0 for v in values)
        assert bot.choose(view, legal) == legal[values.index(min(values))]
        checked += 1
        if checked >= 40:
            break
    assert checked >= 40


def test_half_bot_simulation_runs() -> None:
    report = simulate(
        PRESETS["tsv99"], ["half", "regular", "regular", "regular"], 60, seed=2, rotate=True
    )
    assert report.games == 60
    assert sum(s.games_lost for s in report.seats) == 60
    assert report.seats[0].bot == "half"
    assert make_bot("half").name == "half"


def test_the_model_made_in_the_helper_process_is_the_same_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """model_ahead makes the model of the half in another process: the same worths and values,
    float for float, as made here; where the helper fails, it is made here."""
    rules = PRESETS["knobelrunde"].with_overrides({"deckel_per_half": 5})
    monkeypatch.setattr(hb, "_MODELS", {})
    monkeypatch.setattr(hb, "_AHEAD", {})
    hb.model_ahead(rules, 3)
    assert (rules, 3) in hb._AHEAD
    helped = hb._model(rules, 3)
    assert (rules, 3) not in hb._AHEAD and hb._model(rules, 3) is helped
    here = hb._make_model(rules, 3)
    assert helped is not here
    assert helped.worth == here.worth and helped._values == here._values
    # A helper that cannot start: made here, the same.
    monkeypatch.setattr("sys.executable", "/nonexistent/python")
    hb.model_ahead(rules, 4)
    assert hb._model(rules, 4)._values == hb._make_model(rules, 4)._values


def test_the_weights_ask_the_model_once_per_end_alike() -> None:
    """With Deckel in the middle the chance after a round is the loser's alone: ``_weights`` asks
    the model once per loser and adds the same value as often as the pairs it stands for, the
    very floats of asking for every pair."""
    from schocken.bots.half_bot import _model, _weights, _worths
    from schocken.bots.half_model import _after_round
    from schocken.rules import find_preset

    rules = find_preset("tsv99")
    model = _model(rules, 4)
    for middle, mine, others in ((5, 2, [4, 3]), (1, 1, [7, 5]), (0, 4, [7, 3]), (9, 1, [3, 1])):
        held = [mine, *others]
        plain: list[list[float]] = [[], [], []]
        for w in _worths(rules).worths:
            if w is None:
                for out, x in zip(plain, (1.0, 0.0, 0.0), strict=True):
                    out.append(x)
                continue
            groups = (
                [(0, j) for j in range(1, 3)],
                [(j, 0) for j in range(1, 3)],
                [(j, i) for j in range(1, 3) for i in range(1, 3) if i != j],
            )
            for out, pairs in zip(plain, groups, strict=True):
                total = 0.0
                for loser, winner in pairs:
                    total += model.value(*_after_round(middle, held, loser, winner, w))
                out.append(total / len(pairs))
        assert _weights(rules, 4, middle, mine, others) == (*plain[0], *plain[1], *plain[2])
