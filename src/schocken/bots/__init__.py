"""Bots: strategies that play through the same views and actions a human uses."""

from __future__ import annotations

from collections.abc import Callable

from schocken.bots.random_bot import RandomBot
from schocken.bots.regular import PubRegular
from schocken.play import Strategy


def _solver(seed: int | None) -> Strategy:
    from schocken.bots.solver_bot import SolverBot

    return SolverBot(seed)


def _half(seed: int | None) -> Strategy:
    from schocken.bots.half_bot import HalfBot

    return HalfBot(seed)


BOTS: dict[str, Callable[[int | None], Strategy]] = {
    "random": RandomBot,
    "regular": PubRegular,
    "solver": _solver,
    "half": _half,
}
"""The bots by name."""


def make_bot(name: str, seed: int | None = None) -> Strategy:
    """The bot of that name; an unknown name is refused with the list of known ones."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "PubRegular", "RandomBot", "Strategy", "make_bot"]
