"""The strategy interface: a bot gets a player's view and the legal actions, returns an action.

It lives in :mod:`schocken.play`, the loop that asks it; it is named here too, where bots are.
"""

from __future__ import annotations

from schocken.play import Strategy

__all__ = ["Strategy"]
