"""The strategy interface: a bot gets a player's view and the legal actions, returns an action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from schocken.actions import Action
from schocken.views import PlayerView


class Strategy(Protocol):
    """A way of playing. Bots see only what their player may see: the view."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the player whose turn it is (``view.seat``)."""
        ...

    def wants_buy_in(self, view: PlayerView) -> bool:
        """Whether a player who is out buys back in (Einwürfeln) before this round."""
        ...
