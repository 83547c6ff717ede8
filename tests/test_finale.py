"""The Finale solution: sanity properties, the exact turn solver, and games with the engine."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import pytest

from schocken.actions import STOP, THROWS, TURN_SIXES
from schocken.bots import make_bot
from schocken.bots.finale_bot import FinaleBot
from schocken.dice import RandomDice
from schocken.events import RoundStarted, Section, SectionStarted
from schocken.finale import FinaleSolution, solve_finale
from schocken.game import Game
from schocken.results import result_table
from schocken.rules import PRESETS, Rules, find_preset
from schocken.simulate import play_game
from schocken.solver import Situation, solve
from schocken.turn import TurnState

pytest.importorskip("numpy")


@cache
def solved(name: str, n: int | None = None) -> FinaleSolution:
    rules = find_preset(name)
    if n is not None:
        rules = rules.with_overrides({"deckel_per_half": 1, "deckel_in_finale": n})
    return solve_finale(rules)


def situations(n: int) -> list[tuple[int, int, int]]:
    """Every (m, o, r) the Finale can be in before a round."""
    out = []
    for m in range(n + 1):
        for o in range(n - m + 1):
            r = n - m - o
            if m == 0 and (o == 0 or r == 0):
                continue
            out.append((m, o, r))
    return out


@pytest.mark.parametrize("name", list(PRESETS))
def test_probabilities_and_terminal_states(name: str) -> None:
    sol = solved(name)
    n = sol.n
    assert n == 13
    assert sol.residual <= 1e-13
    for m, o, r in situations(n):
        p = sol.p_opener_loses(m, o, r)
        assert 0.0 < p < 1.0
        # A's and B's view of the same situation add up to one.
        assert sol.p_loses(m, o, r, True) + sol.p_loses(m, r, o, False) == pytest.approx(1.0)
        assert sol.p_loses(m, r, o, False) == pytest.approx(1.0 - p)
    assert sol.p_opener_loses(0, n, 0) == 1.0
    assert sol.p_opener_loses(0, 0, n) == 0.0
    with pytest.raises(ValueError):
        sol.p_opener_loses(1, 1, 1)
    # The start: close to a coin toss, the opener slightly better off.
    assert 0.45 < sol.p_opener_loses(n, 0, 0) < 0.5


@pytest.mark.parametrize("name", list(PRESETS))
def test_more_deckel_is_worse(name: str) -> None:
    sol = solved(name)
    n = sol.n
    for m, o, r in situations(n):
        if r >= 1 and (m > 0 or o + 1 < n):
            # One Deckel moved from the responder to the opener: never better for the opener.
            assert sol.p_opener_loses(m, o + 1, r - 1) >= sol.p_opener_loses(m, o, r) - 1e-12


@pytest.mark.parametrize("name", list(PRESETS))
def test_value_is_the_best_actions_value(name: str) -> None:
    sol = solved(name)
    start = sol.action_values(13, 0, 0, TurnState())
    assert [a for a, _ in start] == [THROWS[()]]
    assert start[0][1] == pytest.approx(sol.p_opener_loses(13, 0, 0))
    # After 4-1-1 the opener keeps the 1-1 and throws one die.
    state = TurnState((), (4, 1, 1), 1, 0, (), True)
    values = sol.action_values(13, 0, 0, state)
    assert values[0][0] == THROWS[(1, 1)]
    assert {a for a, _ in values} == set(state.actions(sol.rules, 3))
    summary = sol.opener_summary(13, 0, 0)
    assert sum(summary.throws) == pytest.approx(1.0)
    # The responder facing a shown 6-5-2 after two throws: its values are P(it loses).
    table = result_table(sol.rules)
    x = table.result((6, 5, 2), one_throw=True, throws=2)
    reply = sol.action_values(13, 0, 0, state, opener_final=("shown", x), limit=2)
    assert all(0 < p < 1 for _, p in reply)
    assert STOP in {a for a, _ in reply}


@pytest.mark.parametrize("name", ["tsv99"])
def test_one_deckel_finale_equals_the_turn_solver(name: str) -> None:
    """With one Deckel the Finale is one round, and the round's loser loses: the turn solver
    (exact fractions; the responder plays to beat the shown result) gives the same figures."""
    sol = solved(name, 1)
    rules = sol.rules
    states = [
        TurnState((1, 1), (4,), 2, 0, (), False),
        TurnState((), (6, 6, 3), 2, 0, (), True),
        TurnState((5,), (4, 2), 2, 0, (), False),
        TurnState((), (3, 2, 1), 2, 0, (), True),
    ]
    for state in states:
        exact = solve(Situation(rules, state, None, after=1, middle=1, deckel=0, total=1))
        mine = dict(sol.action_values(1, 0, 0, state))
        assert set(mine) == {v.action for v in exact}
        for v in exact:
            assert mine[v.action] == pytest.approx(float(v.p_lose), abs=1e-12)
    assert TURN_SIXES in dict(sol.action_values(1, 0, 0, states[1]))


def finale_games(
    rules: Rules, sol: FinaleSolution, games: int, seed: int, mixed: bool
) -> tuple[int, int, int]:
    """Full two-player games with the engine (one Deckel a half, to reach the Finale soon).

    Returns the Finales played, how often their opener lost, and how often seat 0 lost. Seat 0
    plays the Finale by the solution; seat 1 too, or (``mixed``) the pub regular's way."""
    finales = opener_lost = seat0_lost = 0
    for g in range(games):
        seat1 = make_bot("regular", seed + 2 * g + 1)
        bots = [
            FinaleBot(sol, make_bot("regular", seed + 2 * g)),
            seat1 if mixed else FinaleBot(sol, seat1),
        ]
        game = play_game(Game(rules, ["Anna", "Ben"], RandomDice(seed * 1_000_003 + g)), bots)
        events = game.events
        start = next(
            (
                i
                for i, e in enumerate(events)
                if isinstance(e, SectionStarted) and e.section is Section.FINALE
            ),
            None,
        )
        if start is None:
            continue
        opener = next(e.order[0] for e in events[start:] if isinstance(e, RoundStarted))
        finales += 1
        opener_lost += game.loser == opener
        seat0_lost += game.loser == 0
    return finales, opener_lost, seat0_lost


@pytest.mark.parametrize(("name", "n"), [("tsv99", 2), ("allgemein", 2), ("schock4life", 3)])
def test_engine_games_match_the_value(name: str, n: int) -> None:
    """Both seats play the solution through the engine (the responder sees only its view):
    the opener's loss rate is the computed value within 4 standard errors."""
    sol = solved(name, n)
    finales, opener_lost, _ = finale_games(sol.rules, sol, 6000, 17, mixed=False)
    p = sol.p_opener_loses(n, 0, 0)
    se = math.sqrt(p * (1 - p) / finales)
    assert finales > 2000
    assert abs(opener_lost / finales - p) < 4 * se


def test_the_solution_beats_a_fixed_policy() -> None:
    """Against the pub regular (a fixed policy), the solution's player loses at most as often
    as the value says (minimax), within 4 standard errors; here clearly less often."""
    sol = solved("knobelrunde", 2)
    finales, _, seat0_lost = finale_games(sol.rules, sol, 6000, 29, mixed=True)
    # Seat 0 opens about half of the Finales; its value is at most the larger of the two.
    worst = max(sol.p_opener_loses(2, 0, 0), 1 - sol.p_opener_loses(2, 0, 0))
    se = math.sqrt(worst * (1 - worst) / finales)
    assert seat0_lost / finales < worst + 4 * se
    assert seat0_lost / finales < 0.5


def test_core_does_not_import_numpy() -> None:
    import subprocess
    import sys

    code = "import sys, schocken.game, schocken.solver; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("more", "enough"),
    [
        ({"jule": True, "jule_deckel": 9}, {"jule": True, "jule_deckel": 4}),
        (
            {"schock_aus": "worth", "schock_aus_deckel": 15},
            {"schock_aus": "worth", "schock_aus_deckel": 4},
        ),
    ],
)
def test_a_worth_above_the_finales_deckel_counts_as_all_of_them(
    more: dict[str, object], enough: dict[str, object]
) -> None:
    # With 4 Deckel a result worth 9 or 15 moves what a worth of 4 moves: the same Finale.
    np = pytest.importorskip("numpy")
    base = find_preset("tsv99").with_overrides({"deckel_in_finale": 4})
    high = solve_finale(base.with_overrides(more))
    four = solve_finale(base.with_overrides(enough))
    assert np.allclose(high.values, four.values, equal_nan=True)
    assert np.nanmin(high.values) >= 0.0 and np.nanmax(high.values) <= 1.0
    # A Schock-Aus worth its Deckel is not one that ends the Finale.
    if "schock_aus" in more:
        ends = solve_finale(base)
        assert not np.allclose(high.values, ends.values, equal_nan=True)


def test_a_throw_off_in_a_one_deckel_finale_is_lost_half_the_time() -> None:
    """Under ``tiebreak = "throw_off"`` a tie is lost half the time. The opener stops after one
    throw, so the responder has one throw and no choice: the turn solver's exact figure."""
    plain = find_preset("tsv99").with_overrides({"deckel_per_half": 1, "deckel_in_finale": 1})
    rules = plain.with_overrides({"tiebreak": "throw_off"})
    sol = solve_finale(rules)
    table = result_table(rules)
    for dice in ((6, 4, 2), (4, 1, 1), (6, 6, 6), (2, 2, 1)):
        state = TurnState((), dice, 1, 0, (), True)
        exact = solve(Situation(rules, state, None, after=1, middle=1, deckel=0, total=1))
        stop = next(v.p_lose for v in exact if v.action == STOP)
        mine = table.order_code(table.result(dice, one_throw=True, throws=1))
        codes = [
            table.order_code(table.result((a, b, c), one_throw=True, throws=1))
            for a in range(1, 7)
            for b in range(1, 7)
            for c in range(1, 7)
        ]
        assert stop * 216 == sum(1 for c in codes if c > mine) + Fraction(
            sum(1 for c in codes if c == mine), 2
        )
        assert dict(sol.action_values(1, 0, 0, state))[STOP] == pytest.approx(
            float(stop), abs=1e-12
        )
    # Under later_loses the opener wins every tie: a throw-off makes him lose more often.
    assert sol.p_opener_loses(1, 0, 0) > solve_finale(plain).p_opener_loses(1, 0, 0)


def _other_values(rules: Rules, name: str) -> list[object]:
    """Other values the option ``name`` can take than it has in ``rules``."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return [not value]
    return [v for v in type(value) if v != value]


def test_options_the_finale_never_reads_leave_its_solution_as_it_is() -> None:
    """Each option of NOT_IN_THE_FINALE (the Deckel counts given apart), set otherwise, gives the
    same solution, solved from scratch; so rule sets differing only there may share it."""
    from schocken import finale_shared as shared
    from schocken.finale_reads import NOT_IN_THE_FINALE, finale_key

    base = find_preset("tsv99").with_overrides({"covered": "third_throw"})
    shared.clear_caches()
    expected = solve_finale(base, total=4).values
    names = NOT_IN_THE_FINALE - {"preset", "deckel_per_half", "deckel_in_finale"}
    for name in sorted(names):
        for value in _other_values(base, name):
            variant = base.with_overrides({name: value})
            shared.clear_caches()
            assert finale_key(variant) == finale_key(base)
            got = solve_finale(variant, total=4).values
            assert got.tobytes() == expected.tobytes(), (name, value)


def test_finale_solution_is_shared_where_the_key_is_equal() -> None:
    from schocken import finale_shared as shared
    from schocken.finale_reads import finale_key

    shared.clear_caches()
    a = find_preset("schock4life")
    b = a.with_overrides({"deckel_per_half": 9, "blind": not a.blind})
    one, two = shared.finale_solution(a), shared.finale_solution(b, total=a.deckel_in_finale)
    assert one.values is two.values and one.rules == a and two.rules == b
    assert shared.finale_solution(a, total=3).n == 3
    other = a.with_overrides({"jule": not a.jule})
    assert finale_key(other) != finale_key(a)
    assert shared.finale_solution(other).values is not one.values


@pytest.mark.parametrize("name", ["tsv99", "allgemein"])
def test_the_accelerated_m0_layer_is_plain_value_iterations_fixed_point(name: str) -> None:
    """The m == 0 layer, solved with Anderson's mixing, holds the values plain value iteration
    (Jacobi sweeps from 0.5, as before the mixing) converges to, to its tolerance."""
    import numpy as np

    from schocken import finale

    rules = find_preset(name).with_overrides({"deckel_per_half": 1, "deckel_in_finale": 7})
    sol = solve_finale(rules)
    model = finale._round_model(rules)
    n = sol.n
    f = np.full((n + 1, n + 1), np.nan)
    inner = list(range(1, n))
    f[0, inner] = 0.5
    sweeps = 0
    while True:
        sweeps += 1
        new = np.array(
            [
                model.solve_round(finale._outcome_values(model.worths, n, 0, o, n - o, f))[0]
                for o in inner
            ]
        )
        change = float(np.max(np.abs(new - f[0, inner])))
        f[0, inner] = new
        if change <= finale.TOLERANCE:
            break
    assert sol.iterations < sweeps
    assert np.max(np.abs(sol.values[0, inner] - f[0, inner])) < 1e-12


def test_the_fixed_point_of_an_affine_contraction_and_its_refusal() -> None:
    import numpy as np

    from schocken.finale import _fixed_point

    a = np.array([[0.5, 0.3, 0.1], [0.2, 0.6, 0.1], [0.1, 0.1, 0.7]]) * 0.99
    b = np.array([0.05, 0.02, 0.03])
    exact = np.linalg.solve(np.eye(3) - a, b)
    values, residual, sweeps = _fixed_point(lambda x: a @ x + b, np.full(3, 0.5), 1e-13)
    assert residual <= 1e-13
    assert np.max(np.abs(values - exact)) < 1e-11
    assert sweeps < 20  # plain iteration needs hundreds (the largest eigenvalue is about 0.89)
    with pytest.raises(RuntimeError):
        _fixed_point(lambda x: x + 0.1, np.full(3, 0.25), 1e-13, limit=50)  # none in [0, 1]


@pytest.mark.parametrize("name", ["tsv99", "allgemein"])
def test_best_action_codes_are_best_action_in_every_state(name: str) -> None:
    """Many states at once (the batch simulator's way) choose as :meth:`best_action` does, for
    the opener and for the responder facing each final the opener can end with."""
    from schocken.finale import _round_model

    sol = solved(name)
    model = _round_model(sol.rules)
    for m, o, r in [(13, 0, 0), (3, 6, 4), (0, 7, 6), (1, 11, 1)]:
        graph = model.opener
        states = [s for j in (0, 1, 2) for s in graph.layers[j].states + graph.layers[j].turned]
        expected = [sol.best_action(m, o, r, s).code for s in states]
        assert sol.best_action_codes(m, o, r, states) == expected
        for limit in (1, 2, 3):
            graph = model.responder[limit]
            states = [s for j in range(limit) for s in graph.layers[j].states]
            finals = list(model.col_index[limit])
            cases = [(s, f) for i, s in enumerate(states) for f in finals[i % 3 :: 3]]
            codes = sol.best_action_codes(
                m, r, o, [s for s, _ in cases], finals=[f for _, f in cases], limit=limit
            )
            assert codes == [
                sol.best_action(m, r, o, s, opener_final=f, limit=limit).code for s, f in cases
            ]
    stray = TurnState((1, 1), (6,), 1, 0, (), False)  # dice aside after one throw: never
    with pytest.raises(ValueError, match="not a state of this turn"):
        sol.best_action_codes(13, 0, 0, [stray])


def test_the_solution_is_the_same_on_any_number_of_blas_threads() -> None:
    """The server (one BLAS thread) and a program that imported numpy first (its threads) find
    the same solution, bit for bit: a product split over threads may sum in another order, and a
    review would then differ from the server's in the last digit (once seen: a batched solve)."""
    from test_linear import printed_on_blas_threads

    code = (
        "import hashlib, numpy; from schocken.finale import solve_finale; "
        "from schocken.rules import find_preset; "
        "v = numpy.nan_to_num(solve_finale(find_preset('schock4life')).values); "
        "print(hashlib.sha256(v.tobytes()).hexdigest())"
    )
    assert len(printed_on_blas_threads(code)) == 1
