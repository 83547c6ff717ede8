"""Letting strategies play: the one loop of bots' decisions that every caller uses.

A game asks its bots two things. Before a round's first throw, whether a bot that is out buys
back in (Einwürfeln); and in its turn, which of the legal actions it takes. :func:`next_decision`
says what is to be decided next (a :class:`Decision`), :meth:`Decision.decide` asks the strategy,
and :func:`apply_decision` plays the answer if the game is still where it was asked. The simulator
(:func:`play_game`), the terminal, the server's bots and the command's ``watch`` all play through
these, so every bot is asked the same questions everywhere:

- Once per round, before its first throw, each seat that may buy in (:meth:`Game.can_buy_in
  <schocken.game.Game.can_buy_in>`) and has a bot is asked, in seat order, each from its view after
  the answers before it. Which questions were asked is an :class:`Asked` the caller keeps.
- A turn's only legal action (its first throw) is made without asking and without a view.

>>> from schocken.dice import RandomDice
>>> from schocken.game import Game
>>> from schocken.rules import find_preset
>>> class FirstLegal:
...     name = "first"
...     def choose(self, view, legal):
...         return legal[0]
...     def wants_buy_in(self, view):
...         return False
>>> game = Game(find_preset("tsv99"), ["Anna", "Ben"], RandomDice(1))
>>> bots = {0: FirstLegal(), 1: FirstLegal()}
>>> first = next_decision(game, bots, NOTHING_ASKED)
>>> first.kind, first.seat, first.view is None
(<Ask.FORCED: 'forced'>, 0, True)
>>> [type(e).__name__ for e in apply_decision(game, first, first.decide(bots[0]))]
['Thrown']
>>> play_game(game, [bots[0], bots[1]]).is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple, Protocol

from schocken.actions import BUY_IN, Action
from schocken.events import Event
from schocken.views import PlayerView

if TYPE_CHECKING:
    from schocken.game import Game


class Strategy(Protocol):
    """A way of playing. Bots see only what their player may see: the view."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the player whose turn it is (``view.seat``)."""
        ...

    def wants_buy_in(self, view: PlayerView) -> bool:
        """Whether a player who is out buys back in (Einwürfeln) before this round."""
        ...


class Ask(StrEnum):
    """What a decision asks of a seat's strategy."""

    BUY_IN = "buy_in"
    """Whether the seat, out of the round, buys back in (``wants_buy_in``)."""
    CHOOSE = "choose"
    """Which of the legal actions the seat whose turn it is takes (``choose``)."""
    FORCED = "forced"
    """Nothing: the turn has one legal action (its first throw), made without asking."""


class Asked(NamedTuple):
    """Which buy-in questions were asked: those of round ``round`` for the seats up to ``seat``."""

    round: int
    seat: int


NOTHING_ASKED = Asked(-1, -1)
"""No buy-in question asked yet (a game's start, or a game taken up again)."""

_ALL_SEATS = 1 << 30
"""A seat after every seat: every buy-in question of the round was asked."""


class Decision(NamedTuple):
    """One decision of a bot, asked of an immutable view: it may be made anywhere (a worker
    thread) and is played only while the game is still where it was asked."""

    seat: int
    kind: Ask
    view: PlayerView | None
    """The seat's view when asked (``None`` for a forced action: nobody looks)."""
    legal: tuple[Action, ...]
    """The legal actions of the turn (for a buy-in question: buying in)."""
    step: int
    """How many steps the game had when the decision was asked."""
    asked: Asked
    """The buy-in questions asked once this decision is played."""

    def decide(self, strategy: Strategy) -> Action | None:
        """The strategy's answer: an action, or ``None`` for a buy-in it declines."""
        kind = self.kind
        if kind is _CHOOSE:
            assert self.view is not None
            return strategy.choose(self.view, self.legal)
        if kind is _FORCED:
            return self.legal[0]
        assert self.view is not None
        return BUY_IN if strategy.wants_buy_in(self.view) else None

    def is_current(self, game: Game) -> bool:
        """Whether ``game`` is still where the decision was asked (no step since)."""
        return len(game.steps) == self.step


_CHOOSE = Ask.CHOOSE
_FORCED = Ask.FORCED


def next_decision(game: Game, bots: Mapping[int, Strategy], asked: Asked) -> Decision | None:
    """What the bots (strategies by seat) are to decide next, ``None`` if nothing.

    First the buy-in questions of the round not yet in ``asked``, then the turn of the seat whose
    turn it is, if it has a bot. A view is made only where a strategy is asked.
    """
    if asked.round != game.round_count or asked.seat != _ALL_SEATS:
        question = _buy_in_question(game, bots, asked)
        if question is not None:
            return question
        asked = Asked(game.round_count, _ALL_SEATS)
    current = game.current_player
    if current is None or current not in bots:
        return None
    return _turn_decision(game, current, asked)


def _buy_in_question(game: Game, bots: Mapping[int, Strategy], asked: Asked) -> Decision | None:
    """The round's next buy-in question not yet in ``asked``, if any."""
    if not game.rules.einwuerfeln:
        return None
    rnd = game.round_count
    after = asked.seat if asked.round == rnd else -1
    for seat in sorted(bots):
        if seat > after and game.can_buy_in(seat):
            view = game.view(seat)
            return Decision(seat, Ask.BUY_IN, view, (BUY_IN,), len(game.steps), Asked(rnd, seat))
    return None


def turn_decision(game: Game, asked: Asked = NOTHING_ASKED) -> Decision | None:
    """The decision of the seat whose turn it is, whoever plays it (``None``: the game is over).

    ``asked`` is passed on as the decision's own (this asks no buy-in question).
    """
    seat = game.current_player
    return None if seat is None else _turn_decision(game, seat, asked)


def _turn_decision(game: Game, seat: int, asked: Asked) -> Decision:
    legal = game.legal_actions()
    if len(legal) == 1:
        return Decision(seat, _FORCED, None, legal, len(game.steps), asked)
    return Decision(seat, _CHOOSE, game.view(seat), legal, len(game.steps), asked)


def apply_decision(game: Game, decision: Decision, answer: Action | None) -> list[Event] | None:
    """Play ``answer`` to ``decision``: the events it caused (none for a declined buy-in).

    ``None`` when the game is no longer where the decision was asked: nothing is played, and the
    caller keeps its :class:`Asked` as it was. Otherwise the caller keeps ``decision.asked``.
    """
    if len(game.steps) != decision.step:
        return None
    if answer is None:
        return []
    if decision.kind is Ask.BUY_IN:
        return game.apply(answer, decision.seat)
    return game.apply(answer)


def ask_buy_ins(
    game: Game, bots: Mapping[int, Strategy], asked: Asked
) -> tuple[list[Event], Asked]:
    """Every buy-in question of the round not yet in ``asked``, asked and played now.

    Returns the events and the questions asked. Tables where people play call this after every
    action, so that the bots are asked before anyone may throw, whoever's turn it is.
    """
    events: list[Event] = []
    while (question := _buy_in_question(game, bots, asked)) is not None:
        played = apply_decision(game, question, question.decide(bots[question.seat]))
        assert played is not None  # asked of the game as it is
        events += played
        asked = question.asked
    return events, Asked(game.round_count, _ALL_SEATS)


def play_game(game: Game, strategies: Sequence[Strategy]) -> Game:
    """Play ``game`` to its end, each seat choosing with its strategy from its own view.

    The same as answering :func:`next_decision` after :func:`next_decision` until there is none,
    without making a :class:`Decision` for every action of a turn.
    """
    if len(strategies) != len(game.players):
        raise ValueError(
            f"{len(game.players)} players need as many strategies, not {len(strategies)}"
        )
    bots = dict(enumerate(strategies))
    asked = NOTHING_ASKED
    einwuerfeln = game.rules.einwuerfeln
    apply, legal_actions, view = game.apply, game.legal_actions, game.view
    while True:
        # The decisions next_decision() would give, one after another, with no Decision made
        # for a turn's actions (this is the simulator's loop, where every microsecond shows):
        # a round's buy-in questions first, then the turn, its only legal action made unasked.
        if einwuerfeln and asked.round != game.round_count:
            _, asked = ask_buy_ins(game, bots, asked)
        legal = legal_actions()
        if len(legal) == 1:
            apply(legal[0])
        elif legal:
            seat = game.current_player
            assert seat is not None
            apply(bots[seat].choose(view(seat), legal))
        else:
            return game
