"""Bots from other packages: plug-ins registered by an entry point of the group
:data:`GROUP` (``schocken.bots``), found by name wherever a bot is named (``schocken play``,
``watch``, ``simulate``, ``arena``, ``bot-play``, the server's tables that ``schocken serve
--bot-plugins`` lets use them). ``docs/bots-api.md``, "Plug-ins".

A plug-in's entry point names a factory: a callable that takes a seed (an ``int`` or ``None``)
and returns a :class:`~schocken.play.Strategy` (an object with ``name``, ``choose(view,
legal)`` and ``wants_buy_in(view)``), as the built-in bots' classes do::

    [project.entry-points."schocken.bots"]
    cautious = "mybots:Cautious"

One that cannot be imported, is not callable, fails to make its bot or makes something that is
not a strategy is refused in words (:class:`BotPluginError`) before any game. One that plays is
guarded (:class:`Guarded`): where it raises, answers something that is not one of the legal
actions, or takes longer than :data:`BUDGET` seconds, the pub regular answers for it, as the
turn timer's stand-in does for an absent player. A plug-in cannot take a built-in bot's name
(the built-in one plays).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from schocken.actions import Action, parse_action
from schocken.bots.regular import PubRegular
from schocken.errors import RefusalError
from schocken.play import Strategy
from schocken.texts import refused
from schocken.views import PlayerView

GROUP = "schocken.bots"
"""The entry point group of bot plug-ins."""

BUDGET = 5.0
"""Seconds a plug-in may take for one decision before the stand-in answers for it (the server
sets its ``--bot-budget``: :func:`set_budget`)."""

log = logging.getLogger("schocken.bots")
_warned: set[tuple[str, str]] = set()
_lock = threading.Lock()


class BotPluginError(RefusalError):
    """A bot plug-in that cannot be used (it does not import, is not callable, does not make a
    strategy); said in words, in the reader's language (:func:`schocken.texts.refusal_text`)."""


def set_budget(seconds: float) -> None:
    """How long a plug-in may take for one decision from now on (this process)."""
    global BUDGET
    BUDGET = seconds


@cache
def plugin_entries() -> dict[str, EntryPoint]:
    """The installed bot plug-ins by name (read once per process; of two with one name, the
    first). A plug-in with a built-in bot's name is never reached: the built-in comes first
    (:func:`schocken.bots.make_bot`)."""
    found: dict[str, EntryPoint] = {}
    for entry in entry_points(group=GROUP):
        found.setdefault(entry.name, entry)
    return found


def plugin_names() -> list[str]:
    """The installed plug-ins' names, sorted."""
    return sorted(plugin_entries())


def _factory(name: str) -> Callable[[int | None], Any]:
    entry = plugin_entries()[name]
    try:
        made = entry.load()
    except Exception as exc:  # anything at all may go wrong in another package's import
        raise refused(
            BotPluginError, "botapi_plugin_import", bot=name, target=entry.value, error=_why(exc)
        ) from None
    if not callable(made):
        raise refused(
            BotPluginError,
            "botapi_plugin_not_callable",
            bot=name,
            target=entry.value,
            what=type(made).__name__,
        )
    factory: Callable[[int | None], Any] = made
    return factory


def _why(exc: BaseException) -> str:
    said = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {said}" if said else type(exc).__name__


def is_strategy(made: object) -> bool:
    """Whether ``made`` can play: a ``name`` text, ``choose`` and ``wants_buy_in``."""
    return (
        isinstance(getattr(made, "name", None), str)
        and callable(getattr(made, "choose", None))
        and callable(getattr(made, "wants_buy_in", None))
    )


def check_plugin(name: str) -> None:
    """Refused in words (:class:`BotPluginError`) unless ``name`` is an installed plug-in that
    makes a strategy."""
    if name not in plugin_entries():
        known = ", ".join(plugin_names()) or "-"
        raise refused(BotPluginError, "botapi_plugin_unknown", bot=name, known=known)
    make_plugin(name)


def make_plugin(name: str, seed: int | None = None) -> Strategy:
    """The plug-in bot ``name`` (a :class:`KeyError` for no such plug-in), made with ``seed``
    and guarded (:class:`Guarded`); refused in words (:class:`BotPluginError`) where it cannot
    be made."""
    factory = _factory(name)
    target = plugin_entries()[name].value
    try:
        made = factory(seed)
    except Exception as exc:
        raise refused(
            BotPluginError, "botapi_plugin_failed", bot=name, target=target, error=_why(exc)
        ) from None
    if not is_strategy(made):
        raise refused(
            BotPluginError,
            "botapi_plugin_not_strategy",
            bot=name,
            target=target,
            what=type(made).__name__,
        )
    return Guarded(made, name)


class Guarded:
    """A plug-in's strategy with a stand-in: where it raises, answers something that is not
    one of the legal actions (or an action's text), or takes longer than :data:`BUDGET`
    seconds, the pub regular answers for it. Each reason is logged once per plug-in and
    process; :attr:`stood_in` counts them (by reason: ``raised``, ``illegal``, ``slow``)."""

    def __init__(self, inner: Any, name: str) -> None:
        self.inner = inner
        self.name = name
        self.stand_in = PubRegular()
        self.stood_in: dict[str, int] = {}

    def _ask(self, call: Callable[[], Any]) -> tuple[bool, Any]:
        """(whether it answered in time without raising, its answer or why not). The call runs
        in a daemon thread of its own: one that does not end in time is let go (it cannot hold
        the program up at its exit either)."""
        box: list[tuple[bool, Any]] = []

        def run() -> None:
            try:
                box.append((True, call()))
            except Exception as exc:
                box.append((False, ("raised", _why(exc))))

        thread = threading.Thread(target=run, name=f"bot-{self.name}", daemon=True)
        thread.start()
        thread.join(BUDGET)
        if not box:
            return False, ("slow", f"more than {BUDGET:g} s")
        return box[0]

    def _stood_in(self, reason: str, detail: str) -> None:
        self.stood_in[reason] = self.stood_in.get(reason, 0) + 1
        with _lock:
            if (self.name, reason) in _warned:
                return
            _warned.add((self.name, reason))
        log.warning(
            "the bot plug-in %r %s: the pub regular plays for it (%s)",
            self.name,
            {"raised": "raised an error", "illegal": "answered no legal action"}.get(
                reason, "took too long"
            ),
            detail,
        )

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        ok, answer = self._ask(lambda: self.inner.choose(view, legal))
        if not ok:
            self._stood_in(*answer)
            return self.stand_in.choose(view, legal)
        try:
            given = parse_action(answer) if isinstance(answer, str) else answer
        except Exception:
            given = answer
        for action in legal:  # the engine's own action (it compares some by identity)
            if action == given:
                return action
        self._stood_in("illegal", f"{answer!r} is none of {', '.join(map(str, legal))}")
        return self.stand_in.choose(view, legal)

    def wants_buy_in(self, view: PlayerView) -> bool:
        ok, answer = self._ask(lambda: self.inner.wants_buy_in(view))
        if not ok:
            self._stood_in(*answer)
            return self.stand_in.wants_buy_in(view)
        return bool(answer)
