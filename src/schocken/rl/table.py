"""The table: one game of the reference engine, driven one decision at a time for learning.

The decisions are :mod:`schocken.play`'s, asked of every seat: in a round's start, the buy-in
questions (Einwürfeln, where the rules have it) of the seats that may buy in, in seat order; then
the turn of the seat whose turn it is. Seats given a bot are played by it; the others are the
learners', and the table stops at each of their decisions. A turn's only legal action (its first
throw) is made without asking, unless the table is told not to (OpenSpiel makes its dice chance
nodes).

The actions are one fixed space of :data:`ACTIONS` integer codes: the engine's own codes
(:mod:`schocken.actions`: 28 throws by the dice they keep, turning sixes, stopping, buying in,
opening blind) and :data:`DECLINE`, the answer "no" to a buy-in question.

>>> from schocken.dice import RandomDice
>>> from schocken.rules import find_preset
>>> table = Table(find_preset("tsv99"), 2, RandomDice(3))
>>> table.seat, table.legal_codes()[-1] == 29  # stop
(0, True)
>>> while table.decision is not None:
...     _ = table.play(table.legal_codes()[-1])
>>> table.game.loser in (0, 1)
True
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from schocken.actions import (
    ACTION_COUNT,
    BUY_IN,
    THROW_BLIND,
    Action,
    Throw,
    action_from_code,
)
from schocken.dice import DiceSource
from schocken.events import Event, RoundKind
from schocken.game import Game
from schocken.play import (
    NOTHING_ASKED,
    Ask,
    Decision,
    Strategy,
    apply_decision,
    next_decision,
)
from schocken.rules import Rules, resolve_rules
from schocken.texts import explain
from schocken.views import PlayerView

DECLINE = ACTION_COUNT
"""The code of declining to buy back in (the answer "no" to a buy-in question)."""
ACTIONS = ACTION_COUNT + 1
"""How many action codes there are: the engine's 32 and :data:`DECLINE`."""


def rules_of(rules: Rules | str) -> Rules:
    """Rules given as rules, a preset's name or a house-rules TOML file's path."""
    return rules if isinstance(rules, Rules) else resolve_rules(rules)


def agent_name(seat: int) -> str:
    """The name of a seat's player and agent: ``player_0``, ``player_1``, ..."""
    return f"player_{seat}"


def action_text(code: int) -> str:
    """An action code in words: the engine's text form, or ``decline``."""
    return "decline" if code == DECLINE else str(action_from_code(code))


class _Learner:
    """Stands for a seat that a learner plays: the table stops at its decisions, never asks it."""

    name = "learner"

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        raise AssertionError("the table never asks a learner's seat")

    def wants_buy_in(self, view: PlayerView) -> bool:
        raise AssertionError("the table never asks a learner's seat")


_LEARNER = _Learner()


class Table:
    """A game of ``players`` seats under ``rules`` with the dice of ``dice``; ``bots`` play some
    seats, the learners the others. ``forced``: whether a turn's only legal action is made without
    stopping (OpenSpiel stops there, to throw its dice as a chance node)."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        dice: DiceSource,
        bots: Mapping[int, Strategy] | None = None,
        *,
        forced: bool = True,
    ) -> None:
        self.game = Game(rules, [agent_name(s) for s in range(players)], dice)
        self.bots = dict(bots or {})
        for seat in self.bots:
            if not 0 <= seat < players:
                raise ValueError(f"no seat {seat} at a table of {players}")
        self.learners = tuple(s for s in range(players) if s not in self.bots)
        self._seats: dict[int, Strategy] = {s: self.bots.get(s, _LEARNER) for s in range(players)}
        self._asked = NOTHING_ASKED
        self._forced = forced
        self._told = 0
        self.decision: Decision | None = None
        """The learner's decision the table waits for (``None``: the game is over)."""
        self._advance()

    def render(self, mode: str | None, lang: str) -> str | None:
        """What happened since the last render, in words (the rounds' ends: nothing covered is in
        them): printed for ``human`` (and ``None`` returned), returned for ``ansi``, nothing for
        no mode. Both learning environments render through here."""
        if mode is None:
            return None
        game = self.game
        text = "\n".join(explain(game.events[self._told :], game.rules, game.players, lang))
        self._told = len(game.events)
        if mode == "human":
            if text:
                print(text)
            return None
        return text

    @property
    def seat(self) -> int | None:
        """The seat whose decision the table waits for (``None``: the game is over)."""
        return None if self.decision is None else self.decision.seat

    def legal_codes(self) -> tuple[int, ...]:
        """The codes of the legal answers to the decision, in ascending order."""
        d = self.decision
        if d is None:
            return ()
        if d.kind is Ask.BUY_IN:
            return (BUY_IN.code, DECLINE)
        return tuple(sorted(a.code for a in d.legal))

    def dice_needed(self, code: int) -> int:
        """How many dice the action of ``code`` throws now (0 for one that throws none)."""
        action = action_from_code(code) if code != DECLINE else None
        if action is THROW_BLIND:
            return 3
        if not isinstance(action, Throw):
            return 0
        if self.game.view(None).round_kind is RoundKind.OPENING_DIE:
            return 1
        return 3 - len(action.keep)

    def play(self, code: int) -> list[Event]:
        """Answer the decision with the action of ``code``, then play on (bots, forced throws) to
        the next learner's decision. Returns the events. An illegal code is refused with a
        :class:`ValueError` naming the legal ones, and nothing is played."""
        d = self.decision
        if d is None:
            raise ValueError("the game is over: no action is legal")
        legal = self.legal_codes()
        if isinstance(code, bool) or code not in legal:
            names = ", ".join(f"{c} ({action_text(c)})" for c in legal)
            raise ValueError(
                f"action {code!r} is not legal for {agent_name(d.seat)}; legal: {names}"
            )
        answer = None if code == DECLINE else action_from_code(code)
        events = apply_decision(self.game, d, answer)
        assert events is not None  # asked of the game as it is
        self._asked = d.asked
        return events + self._advance()

    def _advance(self) -> list[Event]:
        """Play the bots' decisions and the forced throws up to a learner's decision."""
        events: list[Event] = []
        while True:
            d = next_decision(self.game, self._seats, self._asked)
            self.decision = d
            if d is None:
                return events
            bot = self.bots.get(d.seat)
            if bot is None and not (self._forced and d.kind is Ask.FORCED):
                return events
            played = apply_decision(self.game, d, d.decide(bot or _LEARNER))
            assert played is not None
            events += played
            self._asked = d.asked

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A copy to play on apart (OpenSpiel clones states at every step): the game's state is
        immutable values but for its lists and dicts, copied one level deep; the dice source
        and the bots are copied deeply (``memo`` keeps a dice source shared with the caller's
        copy shared). A :class:`~schocken.dice.RandomDice` is not copied that way (its generator
        is a built-in method): the copy would draw from the original's generator."""
        new = copy.copy(self)
        game = new.game = copy.copy(self.game)
        for name, value in vars(game).items():
            if isinstance(value, list | dict | set):
                setattr(game, name, copy.copy(value))
        game.dice = copy.deepcopy(self.game.dice, memo)
        new.bots = copy.deepcopy(self.bots, memo)
        new._seats = {s: new.bots.get(s, _LEARNER) for s in self._seats}
        return new

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see (the engine's view: another's covered dice are absent)."""
        return self.game.view(seat)

    def returns(self) -> list[float]:
        """Each seat's reward for the game: -1 for its loser, 0 for the others (and for all while
        it is not over)."""
        loser = self.game.loser
        return [-1.0 if s == loser else 0.0 for s in range(len(self.game.players))]


__all__ = ["ACTIONS", "DECLINE", "Table", "action_text", "agent_name", "rules_of"]
