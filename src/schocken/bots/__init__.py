"""Bots: strategies that play through the same views and actions a human uses."""

from __future__ import annotations

from collections.abc import Callable

from schocken.bots.random_bot import RandomBot
from schocken.bots.regular import PubRegular
from schocken.errors import RefusalError
from schocken.play import Strategy


def _solver(seed: int | None) -> Strategy:
    from schocken.bots.solver_bot import SolverBot

    return SolverBot(seed)


def _half(seed: int | None) -> Strategy:
    from schocken.bots.half_bot import HalfBot

    return HalfBot(seed)


def _card(seed: int | None) -> Strategy:
    from schocken.card import CardBot

    return CardBot(None, seed)


BOTS: dict[str, Callable[[int | None], Strategy]] = {
    "random": RandomBot,
    "regular": PubRegular,
    "solver": _solver,
    "half": _half,
    "card": _card,
}
"""The bots by name."""


CARD_PREFIX = "card:"
"""``card:PRESET`` plays that preset's strategy card, ``card:CODE`` any card of the family
(:meth:`schocken.card.Card.from_code`); plain ``card`` plays the card of the game's preset."""


def make_bot(name: str, seed: int | None = None) -> Strategy:
    """The bot of that name; an unknown name is refused with the list of known ones."""
    if isinstance(name, str) and name.startswith(CARD_PREFIX):
        from schocken.card import card_bot

        return card_bot(name.removeprefix(CARD_PREFIX), seed)
    try:
        factory = BOTS[name]
    except (KeyError, TypeError):
        from schocken.texts import refused  # the words of a refusal (texts needs no bot)

        raise refused(RefusalError, "arena_refuse_bot", bot=name, known=", ".join(BOTS)) from None
    return factory(seed)


__all__ = ["BOTS", "CARD_PREFIX", "PubRegular", "RandomBot", "Strategy", "make_bot"]
