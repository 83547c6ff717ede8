"""A Gymnasium environment of Schocken: one seat learns, built-in bots play the others.

>>> e = SchockenGymEnv("tsv99", bots=("regular", "regular", "regular"))
>>> obs, info = e.reset(seed=1)
>>> sorted(obs), info["seat"] in range(4)
(['action_mask', 'observation'], True)
>>> done = False
>>> while not done:
...     obs, reward, done, truncated, info = e.step(int(obs["action_mask"].nonzero()[0][-1]))
>>> reward in (-1.0, 0.0)
True

- **Seats**: the learner and one seat per bot (``bots``: the names ``schocken.bots.make_bot``
  takes: ``random``, ``regular``, ``half``, ``solver``, ``card``, ...), the learner in ``seat``,
  or, by default, in a seat drawn anew for every game (so it plays every seat).
- **Observations and actions** as in :mod:`schocken.rl.pettingzoo_env`: a dict of the learner's
  own view as a vector and the mask of its legal actions; ``Discrete(33)``.
- **An illegal action** is refused: nothing is played, the reward is 0, and ``info["refused"]``
  says why (the same observation comes back).
- **Rewards** ``reward="game"``: -1 when the learner loses the game, else 0, at its end.
  ``reward="deckel"`` adds, at every step, the Deckel the learner gave away less those it took,
  over the Deckel of a half (a denser signal for learning; the game's -1 stays).
- **Seeds** ``reset(seed=...)`` deals the same dice and seats, and seeds the bots, so the same
  actions give the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.events import DeckelMoved, Event
from schocken.rl.observe import Encoder, Observation, action_mask
from schocken.rl.table import ACTIONS, Table, rules_of
from schocken.rules import Rules

REWARDS = ("game", "deckel")


class SchockenGymEnv(gym.Env[dict[str, Any], np.int64]):
    """One learner at a table of built-in bots (see the module's text)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012 (gymnasium.make reads the class's)

    def __init__(
        self,
        rules: Rules | str = "tsv99",
        bots: Sequence[str] = ("regular", "regular", "regular"),
        seat: int | None = None,
        render_mode: str | None = None,
        reward: str = "game",
        lang: str = "en",
    ) -> None:
        self.rules = rules_of(rules)
        self.bot_names = tuple(bots)
        for name in self.bot_names:
            make_bot(name)  # an unknown bot is refused now, with the known ones
        self.players = len(self.bot_names) + 1
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at a table of {self.players}")
        if reward not in REWARDS:
            raise ValueError(f"no reward {reward!r}; there are {', '.join(REWARDS)}")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"no render mode {render_mode!r}; there are 'human' and 'ansi'")
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.reward_kind = reward
        self.lang = lang
        self.encoder = Encoder(self.rules, self.players)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(ACTIONS)
        self.seat = 0
        self.table: Table | None = None
        self._scale = float(self.rules.deckel_per_half)

    def _observation(self) -> Observation:
        assert self.table is not None
        return {
            "observation": self.encoder.encode(self.table.view(self.seat)),
            "action_mask": action_mask(self.table.legal_codes()),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        while True:  # (a game in which the learner is never asked is dealt again)
            seat = self.fixed_seat
            if seat is None:
                seat = int(rng.integers(self.players))
            others = [s for s in range(self.players) if s != seat]
            bots = {
                s: make_bot(name, int(rng.integers(2**62)))
                for s, name in zip(others, self.bot_names, strict=True)
            }
            dice = RandomDice(int(rng.integers(2**62)))
            self.seat = seat
            self.table = Table(self.rules, self.players, dice, bots)
            if self.table.decision is not None:
                break
        return self._observation(), {"seat": seat}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self.table
        assert table is not None, "reset() the environment first"
        if table.decision is None:
            raise ValueError("the game is over: reset() the environment")
        try:
            events = table.play(int(action))
        except ValueError as refusal:
            info = {"seat": self.seat, "refused": str(refusal)}
            return self._observation(), 0.0, False, False, info
        over = table.decision is None
        reward = table.returns()[self.seat] if over else 0.0
        if self.reward_kind == "deckel":
            reward += self._deckel_reward(events)
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, {"seat": self.seat}

    def _deckel_reward(self, events: list[Event]) -> float:
        """The Deckel the learner gave away less those it took, over the Deckel of a half."""
        net = 0
        for e in events:
            if isinstance(e, DeckelMoved):
                if e.giver == self.seat:
                    net += e.amount
                if e.receiver == self.seat:
                    net -= e.amount
        return net / self._scale

    def render(self) -> str | None:
        """What happened since the last render, in words (the rounds' ends)."""
        return None if self.table is None else self.table.render(self.render_mode, self.lang)


ENV_ID = "schocken/Schocken-v0"
"""Its name for ``gymnasium.make`` (registered when this module is imported)."""
if ENV_ID not in gym.registry:
    gym.register(ENV_ID, entry_point="schocken.rl.gym_env:SchockenGymEnv")

__all__ = ["ENV_ID", "REWARDS", "SchockenGymEnv"]
