"""The learning environment (``schocken.rl``, the ``rl`` extra): the table, the observations,
hidden dice staying hidden, seeds, and each library's own checks of its environment."""

from __future__ import annotations

import ast
import doctest
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from schocken.dice import RandomDice, ScriptedDice
from schocken.events import DeckelMoved
from schocken.game import Game
from schocken.results import result_table
from schocken.rl import observe, pettingzoo_env, table
from schocken.rl.observe import Encoder
from schocken.rl.pettingzoo_env import env
from schocken.rl.table import ACTIONS, DECLINE, Table
from schocken.rules import Rules, find_preset

SRC = Path(__file__).resolve().parent.parent / "src" / "schocken"

HIDING = find_preset("schock4life").with_overrides(
    {"covered": "all", "blind": True, "einwuerfeln": True}
)
"""Rules where much is covered: every throw (spiele7), blind rounds, and buying back in."""
RULE_SETS = [find_preset("tsv99"), find_preset("allgemein"), find_preset("schock4life"), HIDING]
RULE_IDS = ["tsv99", "allgemein", "schock4life", "hiding"]


def test_the_modules_examples_hold() -> None:
    from schocken.rl import gym_env, openspiel_game

    for module in (table, observe, pettingzoo_env, gym_env, openspiel_game):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_nothing_outside_the_package_imports_it() -> None:
    for path in SRC.rglob("*.py"):
        if "rl" in path.relative_to(SRC).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            assert not any(n == "schocken.rl" or n.startswith("schocken.rl.") for n in names), path


# ---------------------------------------------------------------------------- the table


def random_games(rules: Rules, players: int, games: int, seed: int) -> Iterator[Table]:
    """Tables of random games, yielded at every decision (the caller looks, then it plays on)."""
    pick = random.Random(seed)
    for g in range(games):
        t = Table(rules, players, RandomDice(seed * 1000 + g))
        while t.decision is not None:
            yield t
            t.play(pick.choice(t.legal_codes()))


def test_the_legal_codes_are_the_engines_legal_actions() -> None:
    kinds: set[str] = set()
    for t in random_games(HIDING, 4, 6, seed=1):
        d = t.decision
        assert d is not None
        codes = t.legal_codes()
        assert list(codes) == sorted(codes) and all(0 <= c < ACTIONS for c in codes)
        if d.kind.value == "buy_in":
            assert codes == (30, DECLINE) and t.game.can_buy_in(d.seat)
        else:
            assert d.seat == t.game.current_player
            assert set(codes) == {a.code for a in t.game.legal_actions()}
            assert len(codes) > 1  # the only legal action is made without asking
        kinds.add(d.kind.value)
    assert kinds == {"buy_in", "choose"}


def test_an_illegal_code_is_refused_and_changes_nothing() -> None:
    t = Table(find_preset("tsv99"), 3, RandomDice(5))
    steps = len(t.game.steps)
    illegal = next(c for c in range(ACTIONS) if c not in t.legal_codes())
    with pytest.raises(ValueError, match=r"not legal for player_0; legal: .*stop"):
        t.play(illegal)
    with pytest.raises(ValueError, match="not legal"):
        t.play(True)
    assert len(t.game.steps) == steps and t.seat == 0


def test_bots_play_their_seats_and_the_table_stops_only_at_the_learners() -> None:
    from schocken.bots import make_bot

    bots = {s: make_bot("regular") for s in (1, 2, 3)}
    t = Table(find_preset("tsv99"), 4, RandomDice(2), bots)
    pick = random.Random(0)
    while t.decision is not None:
        assert t.seat == 0
        t.play(pick.choice(t.legal_codes()))
    assert t.game.is_over and t.returns().count(-1.0) == 1


def test_the_dice_a_throw_needs() -> None:
    t = Table(find_preset("tsv99"), 2, RandomDice(1), forced=False)
    assert t.decision is not None and t.decision.kind.value == "forced"
    assert t.dice_needed(0) == 3  # the first throw (opening round: three dice)
    assert t.dice_needed(29) == 0  # stop
    die_rules = find_preset("tsv99").with_overrides({"opening": "high_die"})
    die = Table(die_rules, 2, RandomDice(1), forced=False)
    assert die.dice_needed(0) == 1


# ---------------------------------------------------------------------------- hidden dice


def _other(dice: tuple[int, ...]) -> tuple[int, ...]:
    """Other pips for the same number of dice."""
    return tuple(sorted((p % 6 + 1 for p in dice), reverse=True))


@contextmanager
def other_hidden_dice(game: Game, seat: int) -> Iterator[bool]:
    """The game with ``seat``'s dice under the cup changed (its finished covered turn's and its
    covered turn in progress), then as it was. Yields whether there were any to change."""
    covered = dict(game._covered_turns)
    turn, changed = game._turn, False
    rules_table = result_table(game.rules)
    if seat in covered:
        own = covered[seat]
        assert own.showing is not None and own.result is not None
        rest = list(own.showing)
        for p in own.aside:
            rest.remove(p)
        dice = tuple(sorted(own.aside + _other(tuple(rest)), reverse=True))
        result = rules_table.by_key[dice, own.one_throw, own.throws] if len(dice) == 3 else None
        game._covered_turns = {**covered, seat: own._replace(showing=dice, result=result)}
        changed = True
    if game.current_player == seat and game._covered and turn.thrown:
        game._turn = turn._replace(thrown=_other(turn.thrown))
        changed = True
    try:
        yield changed
    finally:
        game._covered_turns, game._turn = covered, turn


@pytest.mark.parametrize("rules", [HIDING, find_preset("allgemein")], ids=["all", "third"])
def test_no_observation_holds_another_seats_covered_dice(rules: Rules) -> None:
    """Every observation of every seat, at every decision of random games, is the same when
    another seat's dice under the cup are changed in the engine; a seat's own covered dice
    (outside a blind round, where nobody has looked) do change its own observation."""
    players = 4
    enc = Encoder(rules, players)
    hidden = own = 0
    for t in random_games(rules, players, 12, seed=7):
        game = t.game
        for seat in range(players):
            seen = enc.encode(game.view(seat))
            for other in range(players):
                if other == seat:
                    continue
                with other_hidden_dice(game, other) as changed:
                    if changed:
                        hidden += 1
                        assert np.array_equal(enc.encode(game.view(seat)), seen)
            mine = game.view(seat).my_turn
            with other_hidden_dice(game, seat) as changed:
                if changed and mine is not None and mine.showing is not None:
                    own += 1
                    assert not np.array_equal(enc.encode(game.view(seat)), seen)
    assert hidden > 1000 and own > 100


def test_a_view_of_another_seats_covered_turn_has_no_dice() -> None:
    for t in random_games(HIDING, 3, 4, seed=3):
        for seat in range(3):
            for turn in t.view(seat).turns:
                if turn.covered and turn.seat != seat:
                    assert turn.showing is None and turn.result is None, turn


def test_the_observation_is_in_its_space_and_names_its_parts() -> None:
    enc = Encoder(HIDING, 4)
    assert sum(size for _, size in enc.parts) == enc.size
    for t in random_games(HIDING, 4, 2, seed=4):
        v = enc.encode(t.view(t.seat))
        assert v.shape == (enc.size,) and v.dtype == np.float32
        assert v.min() >= 0.0 and v.max() <= 1.0
    with pytest.raises(ValueError, match="spectator"):
        enc.encode(Table(HIDING, 4, RandomDice(0)).view(None))


# ---------------------------------------------------------------------------- PettingZoo


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_pettingzoo_api_test(rules: Rules) -> None:
    api_test(env(rules, players=4), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(HIDING, players=3), num_cycles=300)


def play_out(e: Any, seed: int) -> list[str]:
    """A game of ``e`` from ``reset(seed=seed)``, each agent taking its first legal action."""
    e.reset(seed=seed)
    trace: list[str] = []
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        trace.append(f"{agent} {reward} {obs['observation'].tobytes().hex()}")
        e.step(None if termination or truncation else int(np.flatnonzero(obs["action_mask"])[0]))
    return trace


def test_a_seed_reproduces_a_game_and_another_seed_deals_another() -> None:
    first = play_out(env("tsv99", players=3), seed=11)
    assert play_out(env("tsv99", players=3), seed=11) == first
    assert play_out(env("tsv99", players=3), seed=12) != first
    rewards = [float(line.split()[1]) for line in first[-3:]]
    assert sorted(rewards) == [-1.0, 0.0, 0.0]


def test_pettingzoo_renders_the_rounds_in_words() -> None:
    e = env("tsv99", players=2, render_mode="ansi")
    e.reset(seed=3)
    text = ""
    for _ in range(40):
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        text += e.render() or ""
    assert "player_" in text
    with pytest.raises(ValueError, match="render mode"):
        env("tsv99", render_mode="rgb_array")


# ---------------------------------------------------------------------------- Gymnasium


def test_gymnasium_check_env() -> None:
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    from schocken.rl.gym_env import ENV_ID, SchockenGymEnv

    check_env(SchockenGymEnv("schock4life", bots=("random", "regular")), skip_render_check=True)
    made = gym.make(ENV_ID, rules="tsv99", bots=("regular", "regular", "regular"))
    check_env(made.unwrapped)  # the render modes too, through the registered spec
    made.close()


def gym_game(e: Any, seed: int) -> tuple[list[str], float, int]:
    """A game of the Gymnasium env from ``reset(seed=seed)``, always the last legal action:
    its observations, the learner's summed reward, and its seat."""
    obs, info = e.reset(seed=seed)
    trace, total, done = [obs["observation"].tobytes().hex()], 0.0, False
    while not done:
        obs, reward, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        trace.append(obs["observation"].tobytes().hex())
        total += reward
    return trace, total, info["seat"]


@pytest.mark.parametrize("bots", [("regular",) * 3, ("random", "half", "solver")])
def test_gymnasium_plays_against_the_bots_and_a_seed_reproduces_the_game(
    bots: tuple[str, ...],
) -> None:
    from schocken.rl.gym_env import SchockenGymEnv

    e = SchockenGymEnv("tsv99", bots=bots)
    first = gym_game(e, 5)
    assert gym_game(SchockenGymEnv("tsv99", bots=bots), 5) == first
    assert gym_game(e, 6)[0] != first[0]
    assert first[1] in (-1.0, 0.0)


def test_gymnasium_seats_the_learner_in_every_seat() -> None:
    from schocken.rl.gym_env import SchockenGymEnv

    e = SchockenGymEnv("tsv99", bots=("regular",) * 3)
    assert {e.reset(seed=s)[1]["seat"] for s in range(16)} == {0, 1, 2, 3}


def test_gymnasium_refuses_an_illegal_action_and_plays_nothing() -> None:
    from schocken.rl.gym_env import SchockenGymEnv

    e = SchockenGymEnv("tsv99", bots=("regular",), seat=1)
    obs, info = e.reset(seed=2)
    assert info["seat"] == 1
    assert e.table is not None
    steps = len(e.table.game.steps)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, done, _, info = e.step(illegal)
    assert "not legal" in info["refused"] and reward == 0.0 and not done
    assert np.array_equal(again["observation"], obs["observation"])
    assert len(e.table.game.steps) == steps
    with pytest.raises(ValueError, match="unknown bot"):
        SchockenGymEnv(bots=("nobody",))
    with pytest.raises(ValueError, match="no reward"):
        SchockenGymEnv(reward="money")


def test_the_deckel_reward_counts_the_learners_deckel() -> None:
    from schocken.rl.gym_env import SchockenGymEnv

    e = SchockenGymEnv("tsv99", bots=("regular", "regular"), seat=0, reward="deckel")
    obs, _ = e.reset(seed=9)
    assert e.table is not None
    start = len(e.table.game.events)  # (what happened before the learner's first decision)
    total, done = 0.0, False
    while not done:
        obs, reward, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        total += reward
    game = e.table.game
    net = sum(
        (m.amount if m.giver == 0 else 0) - (m.amount if m.receiver == 0 else 0)
        for m in game.events[start:]
        if isinstance(m, DeckelMoved)
    )
    half = e.rules.deckel_per_half
    assert total == pytest.approx(net / half + (-1.0 if game.loser == 0 else 0.0))


# ---------------------------------------------------------------------------- OpenSpiel


@pytest.mark.parametrize(
    ("params", "sims", "serialize"),
    [
        ({"players": 4}, 2, False),
        ({"players": 3, "rules": "schock4life"}, 2, False),
        ({"players": 2, "rules": "allgemein"}, 1, True),
    ],
)
def test_openspiel_random_sim_test(params: dict[str, Any], sims: int, serialize: bool) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from schocken.rl import openspiel_game

    game = pyspiel.load_game(openspiel_game.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=serialize, verbose=False)


def test_openspiel_throws_dice_at_chance_nodes_and_observes_the_seats_view() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from schocken.rl import openspiel_game

    game = pyspiel.load_game("python_schocken", {"players": 3, "rules": "schock4life"})
    state = game.new_initial_state()
    pick = random.Random(2)
    sizes: set[int] = set()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            sizes.add(len(outcomes))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            ids, chances = zip(*outcomes, strict=True)
            state.apply_action(pick.choices(ids, chances)[0])
            continue
        seat = state.current_player()
        view = state.table.view(seat)
        assert np.array_equal(
            np.array(state.observation_tensor(seat), np.float32), game.encoder.encode(view)
        )
        assert state.information_state_string(seat) == openspiel_game.view_text(view)
        state.apply_action(pick.choice(state.legal_actions()))
    assert sizes <= {56, 21, 6} and 56 in sizes and 21 in sizes
    assert sorted(state.returns()) == [-1.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="2 to 20 players, not 1"):
        openspiel_game.SchockenGame({"players": 1})


def test_a_copied_table_plays_on_apart() -> None:
    import copy

    pips = random.Random(4)
    t = Table(find_preset("tsv99"), 3, ScriptedDice(pips.randint(1, 6) for _ in range(3000)))
    for _ in range(20):
        t.play(t.legal_codes()[0])
    twin = copy.deepcopy(t)
    events, steps = len(t.game.events), list(t.game.steps)
    first = [twin.play(twin.legal_codes()[-1]) for _ in range(10)]
    assert len(t.game.events) == events and t.game.steps == steps
    assert [t.play(t.legal_codes()[-1]) for _ in range(10)] == first  # the same dice follow


# ---------------------------------------------------------------------------- the baseline


def test_the_baseline_trains_and_its_bot_plays_legal_actions(tmp_path: Path) -> None:
    from schocken.bots import make_bot
    from schocken.play import play_game
    from schocken.rl.baseline import LinearBot, LinearPolicy, evaluate, train

    policy, stats = train(seconds=1.0, seed=3)
    assert stats.games >= 1 and stats.decisions >= stats.games and 0 <= stats.late_lost <= 1
    rules = find_preset("tsv99")
    bot = LinearBot(policy, rules, 4)
    for seed in range(3):  # the engine refuses an illegal action: these games play only legal ones
        game = Game(rules, ["a", "b", "c", "d"], RandomDice(seed))
        play_game(game, [bot, make_bot("regular"), make_bot("regular"), make_bot("regular")])
        assert game.is_over
    lost, games = evaluate(policy, rules, games=4, seed=2)
    assert games == 4 and 0 <= lost <= 4
    assert evaluate(policy, rules, games=4, seed=2) == (lost, games)  # the seed decides
    policy.save(tmp_path / "policy.npz")
    again = LinearPolicy.load(tmp_path / "policy.npz")
    assert np.array_equal(again.weights, policy.weights) and again.value_bias == policy.value_bias


def test_the_benchmark_refuses_more_than_ten_minutes(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    path = SRC.parent.parent / "bench" / "rl_baseline.py"
    spec = importlib.util.spec_from_file_location("bench_rl_baseline", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    with pytest.raises(SystemExit) as exit_:
        bench.main(["--minutes", "11"])
    assert exit_.value.code == 2 and "at most 10" in capsys.readouterr().err
