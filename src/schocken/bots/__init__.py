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


def bot_names() -> list[str]:
    """Every bot's name: the built-in ones, then the installed plug-ins'
    (:mod:`schocken.bots.plugins`)."""
    from schocken.bots.plugins import plugin_names

    return [*BOTS, *(n for n in plugin_names() if n not in BOTS and not n.startswith(CARD_PREFIX))]


def is_bot(name: object) -> bool:
    """Whether ``name`` names a built-in bot or an installed plug-in (not a ``card:`` name)."""
    return isinstance(name, str) and (name in BOTS or name in bot_names())


def make_bot(name: str, seed: int | None = None) -> Strategy:
    """The bot of that name: a built-in one, a strategy card (``card:...``) or an installed
    plug-in (:mod:`schocken.bots.plugins`, guarded by a stand-in). An unknown name is refused
    with the list of known ones (:class:`ValueError`); a plug-in that cannot be used, in words
    (:class:`~schocken.bots.plugins.BotPluginError`, a :class:`ValueError` too)."""
    if isinstance(name, str) and name.startswith(CARD_PREFIX):
        from schocken.card import card_bot

        return card_bot(name.removeprefix(CARD_PREFIX), seed)
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is not None:
        return factory(seed)
    from schocken.bots.plugins import make_plugin, plugin_entries

    if isinstance(name, str) and name in plugin_entries():
        return make_plugin(name, seed)
    from schocken.texts import refused  # the words of a refusal (texts needs no bot)

    raise refused(RefusalError, "arena_refuse_bot", bot=name, known=", ".join(bot_names()))


__all__ = [
    "BOTS",
    "CARD_PREFIX",
    "PubRegular",
    "RandomBot",
    "Strategy",
    "bot_names",
    "is_bot",
    "make_bot",
]
