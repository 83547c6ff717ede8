"""A bot that plays a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence

from schocken.actions import Action
from schocken.views import PlayerView


class RandomBot:
    """Random legal play; buys back in (where the rules allow) with probability ``buy_in``."""

    name = "random"

    def __init__(self, seed: int | None = None, *, buy_in: float = 0.2) -> None:
        self._random = random.Random(seed)
        self._buy_in = buy_in

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[int(self._random.random() * len(legal))]

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self._random.random() < self._buy_in
