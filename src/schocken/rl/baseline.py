"""A baseline learner: a linear policy trained by policy gradient against three pub regulars.

The policy scores every action code by a linear function of the observation
(:mod:`schocken.rl.observe`) and takes a softmax over the legal ones (the mask). It learns by
REINFORCE with a linear value function as baseline, game after game on the Gymnasium
environment (:class:`schocken.rl.gym_env.SchockenGymEnv`) against three regulars, from the
``deckel`` reward: the Deckel it gave away less those it took, and -1 when it loses the game.
Only numpy; training stops after a time budget. Played greedily (its most likely legal action)
it is :class:`LinearBot`, a :class:`~schocken.play.Strategy` like any built-in bot.

>>> policy, stats = train(seconds=1.0, seed=1)
>>> stats.games > 0 and policy.weights.shape[0] == 33
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from schocken.actions import Action
from schocken.rl.gym_env import SchockenGymEnv
from schocken.rl.observe import Encoder, action_mask
from schocken.rl.table import ACTIONS, agent_name
from schocken.rules import Rules
from schocken.views import PlayerView

Array = npt.NDArray[np.float64]


_VALUE_STEP = 0.5
"""The value estimate's step, as a share of its error on each decision."""


class LinearPolicy:
    """Logits ``weights @ x + bias`` over the action codes, masked to the legal ones; a value
    estimate ``value @ x + value_bias`` for the baseline of the gradient."""

    def __init__(self, size: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.weights: Array = rng.normal(0.0, 0.01, (ACTIONS, size))
        self.bias: Array = np.zeros(ACTIONS)
        self.value: Array = np.zeros(size)
        self.value_bias = 0.0

    def probabilities(self, x: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> Array:
        """The chance of each action code (0 for the illegal ones)."""
        logits = self.weights @ x + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum(), dtype=np.float64)

    def greedy(self, x: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        """The most likely legal action code."""
        logits = np.where(mask > 0, self.weights @ x + self.bias, -np.inf)
        return int(np.argmax(logits))

    def save(self, path: str | Path) -> None:
        np.savez(
            path,
            weights=self.weights,
            bias=self.bias,
            value=self.value,
            value_bias=np.array(self.value_bias),
        )

    @classmethod
    def load(cls, path: str | Path) -> LinearPolicy:
        data = np.load(path)
        policy = cls(data["weights"].shape[1])
        policy.weights, policy.bias = data["weights"], data["bias"]
        policy.value, policy.value_bias = data["value"], float(data["value_bias"])
        return policy


@dataclass(frozen=True, slots=True)
class Training:
    """What training came to: games and decisions played, seconds taken, and the share of games
    the learner lost over the last quarter of them."""

    games: int
    decisions: int
    seconds: float
    late_lost: float


def train(
    rules: Rules | str = "tsv99",
    *,
    seconds: float = 600.0,
    seed: int = 0,
    learning_rate: float = 0.02,
    discount: float = 0.9,
    bots: Sequence[str] = ("regular", "regular", "regular"),
    progress: Callable[[int, float], None] | None = None,
) -> tuple[LinearPolicy, Training]:
    """Train a :class:`LinearPolicy` for ``seconds`` (wall clock) against ``bots``.

    Each game: the learner samples its actions, then every decision's discounted return of the
    ``deckel`` reward, less the value estimate, scales the gradient of its log-probability.
    ``progress`` is called after every game with the games played and the seconds taken.
    """
    env = SchockenGymEnv(rules, bots=bots, reward="deckel")
    policy = LinearPolicy(env.encoder.size, seed)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    games = decisions = 0
    lost: list[bool] = []
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=int(rng.integers(2**62)))
        xs: list[npt.NDArray[np.float32]] = []
        probs: list[Array] = []
        acts: list[int] = []
        rewards: list[float] = []
        done = False
        while not done:
            x, mask = obs["observation"], obs["action_mask"]
            p = policy.probabilities(x, mask)
            a = int(rng.choice(ACTIONS, p=p))
            obs, reward, done, _, _ = env.step(a)
            xs.append(x)
            probs.append(p)
            acts.append(a)
            rewards.append(float(reward))
        _update(policy, xs, probs, acts, rewards, learning_rate, discount)
        games += 1
        decisions += len(acts)
        assert env.table is not None
        lost.append(env.table.game.loser == env.seat)
        if progress is not None:
            progress(games, time.perf_counter() - start)
    late = lost[len(lost) * 3 // 4 :] or lost
    share = sum(late) / len(late) if late else 0.0
    return policy, Training(games, decisions, time.perf_counter() - start, share)


def _update(
    policy: LinearPolicy,
    xs: list[npt.NDArray[np.float32]],
    probs: list[Array],
    acts: list[int],
    rewards: list[float],
    learning_rate: float,
    discount: float,
) -> None:
    """One REINFORCE step over a game's decisions, with the value estimate as baseline."""
    n = len(acts)
    if n == 0:
        return
    returns = np.zeros(n)
    g = 0.0
    for i in range(n - 1, -1, -1):
        g = rewards[i] + discount * g
        returns[i] = g
    x = np.asarray(xs, dtype=np.float64)
    values = x @ policy.value + policy.value_bias
    advantage = returns - values
    p = np.asarray(probs)
    onehot = np.zeros_like(p)
    onehot[np.arange(n), acts] = 1.0
    grad = (onehot - p) * advantage[:, None]  # d log pi / d logits, times the advantage
    step = learning_rate / n
    policy.weights += step * grad.T @ x
    policy.bias += step * grad.sum(axis=0)
    # The value estimate by normalised least mean squares (a step that cannot overshoot).
    scaled = advantage / (1.0 + np.einsum("ij,ij->i", x, x))
    policy.value += _VALUE_STEP / n * scaled @ x
    policy.value_bias += _VALUE_STEP / n * float(scaled.sum())


class LinearBot:
    """A trained :class:`LinearPolicy` as a bot: its most likely legal action, from its view."""

    name = "linear"

    def __init__(self, policy: LinearPolicy, rules: Rules, players: int) -> None:
        self.policy = policy
        self.encoder = Encoder(rules, players)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        codes = {a.code: a for a in legal}
        x = self.encoder.encode(view)
        return codes[self.policy.greedy(x, action_mask(tuple(sorted(codes))))]

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False  # (buying in is a question about the whole half: it never does)


def evaluate(
    policy: LinearPolicy,
    rules: Rules | str = "tsv99",
    *,
    games: int = 2000,
    seed: int = 1,
    bots: Sequence[str] = ("regular", "regular", "regular"),
    progress: Callable[[int], None] | None = None,
) -> tuple[int, int]:
    """Games lost and played by the greedy policy against ``bots``, moving one seat on after
    every game (so it sits in every seat equally often, as ``simulate --rotate`` seats a bot)."""
    from schocken.bots import make_bot
    from schocken.dice import RandomDice
    from schocken.game import Game
    from schocken.play import play_game

    env = SchockenGymEnv(rules, bots=bots)
    players = len(bots) + 1
    bot = LinearBot(policy, env.rules, players)
    master = np.random.default_rng(seed)
    lost = 0
    for g in range(games):
        seat = g % players
        others = iter(bots)
        strategies = [
            bot if s == seat else make_bot(next(others), int(master.integers(2**62)))
            for s in range(players)
        ]
        dice = RandomDice(int(master.integers(2**62)))
        game = Game(env.rules, [agent_name(s) for s in range(players)], dice)
        play_game(game, strategies)
        lost += game.loser == seat
        if progress is not None:
            progress(g + 1)
    return lost, games


__all__ = ["LinearBot", "LinearPolicy", "Training", "evaluate", "train"]
