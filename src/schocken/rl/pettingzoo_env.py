"""A PettingZoo AEC environment of Schocken: every seat an agent, each seeing its own view.

>>> e = env(players=3)
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'
>>> sorted(e.observe("player_0"))
['action_mask', 'observation']
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     action = None if termination else int(obs["action_mask"].nonzero()[0][-1])
...     e.step(action)
>>> e.agents
[]

- **Agents** ``player_0`` to ``player_{n-1}``, one per seat; the agent selected is the seat whose
  decision the game waits for: the player whose turn it is, or (Einwürfeln) one who is out and
  is asked before a round whether he buys back in. A turn's first throw, its only legal action,
  is made without asking (:class:`schocken.rl.table.Table`).
- **Observations** a dict: ``observation``, the agent's own view as a vector
  (:mod:`schocken.rl.observe`; another player's covered dice are never in it), and
  ``action_mask``, 1 at the legal actions of the selected agent (all 0 for the others).
- **Actions** ``Discrete(33)``: the engine's action codes (28 throws by the dice kept, turning
  sixes, stopping, buying in, opening blind) and 32, declining to buy in
  (:mod:`schocken.rl.table`). An illegal action is refused with a :class:`ValueError` and
  nothing is played.
- **Rewards** at the game's end: -1 for its loser, 0 for everyone else.
- **Seeds** ``reset(seed=...)`` deals the same dice, so the same actions give the same game;
  a reset without a seed draws the next game's dice from the last seed given.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from schocken.dice import RandomDice
from schocken.rl.observe import Encoder, Observation, action_mask
from schocken.rl.table import ACTIONS, Table, agent_name, rules_of
from schocken.rules import Rules


class SchockenEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # (PettingZoo: untyped)
    """The raw environment (:func:`env` wraps it in PettingZoo's checks of order and bounds)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "schocken_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str = "tsv99",
        players: int = 4,
        render_mode: str | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"no render mode {render_mode!r}; there are 'human' and 'ansi'")
        self.rules = rules_of(rules)
        self.players = players
        self.render_mode = render_mode
        self.lang = lang
        self.encoder = Encoder(self.rules, players)
        self.possible_agents = [agent_name(s) for s in range(players)]
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._seeds = random.Random()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.table = Table(self.rules, self.players, RandomDice(self._seeds.getrandbits(63)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        seat = self.table.seat
        assert seat is not None  # a game begins with a decision
        self.agent_selection = agent_name(seat)

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> Observation:
        assert self.table is not None, "reset() the environment first"
        seat = self._seat(agent)
        selected = self.table.seat == seat
        return {
            "observation": self.encoder.encode(self.table.view(seat)),
            "action_mask": action_mask(self.table.legal_codes() if selected else ()),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.table is not None
        if action is None:
            raise ValueError(f"{agent} is to act: None is no action")
        self.table.play(int(action))
        self._cumulative_rewards[agent] = 0.0
        seat = self.table.seat
        if seat is None:  # the game is over
            self.rewards = dict(zip(self.agents, self.table.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = agent_name(seat)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """What happened since the last render, in words (the rounds' ends: nothing covered is
        in them): printed for ``human``, returned for ``ansi``."""
        return None if self.table is None else self.table.render(self.render_mode, self.lang)

    def close(self) -> None:
        pass


def raw_env(
    rules: Rules | str = "tsv99",
    players: int = 4,
    render_mode: str | None = None,
    lang: str = "en",
) -> SchockenEnv:
    """The environment without PettingZoo's wrappers."""
    return SchockenEnv(rules, players, render_mode, lang)


def env(
    rules: Rules | str = "tsv99",
    players: int = 4,
    render_mode: str | None = None,
    lang: str = "en",
) -> AECEnv[str, Observation, int]:
    """The environment: ``rules`` (rules, a preset's name or a TOML file's path), ``players``
    seats, ``render_mode`` ``None``, ``"human"`` or ``"ansi"``, words in ``lang``."""
    e: AECEnv[str, Observation, int] = raw_env(rules, players, render_mode, lang)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["SchockenEnv", "env", "raw_env"]
