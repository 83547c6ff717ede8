"""Helpers for the game tests: scripted games, whole turns from (action, pips) pairs, refusals.

Every throw of a scripted game is given up front: a :class:`Table` takes the turns it will play,
feeds the pips of all their throws to :class:`~schocken.dice.ScriptedDice`, and plays them one turn
at a time, checking that each throw used exactly the pips written next to it.

:func:`refuse` applies an action that must be refused and checks that the game is exactly as it
was: every seat's view, the spectator's view, the event log, the steps, the legal actions, who may
buy in, and the scripted dice (no pip consumed).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pytest

from schocken.actions import (
    ACTION_COUNT,
    STOP,
    THROWS,
    TURN_SIXES,
    Action,
    action_from_code,
)
from schocken.bots import RandomBot
from schocken.dice import ScriptedDice
from schocken.errors import IllegalActionError
from schocken.events import Event, RoundKind, TurnEnded
from schocken.game import Game, Step
from schocken.play import NOTHING_ASKED, Strategy, apply_decision, next_decision
from schocken.results import Dice, sort_dice
from schocken.rules import Rules, find_preset
from schocken.views import PlayerView

NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil")
A, B, C, D = 0, 1, 2, 3
"""Seats, clockwise."""

Move = tuple[Action, Dice]
"""An action and the pips its throw shows, in the order they fall (``()`` for no throw)."""
Turn = Sequence[Move]

ALL_ACTIONS: tuple[Action, ...] = tuple(action_from_code(c) for c in range(ACTION_COUNT))


def pips(text: str) -> Dice:
    """``"641"`` -> ``(6, 4, 1)`` (in the order written)."""
    return tuple(int(c) for c in text)


def throw(shows: str, keep: str = "") -> Move:
    """A throw keeping ``keep`` out of the cup, whose dice fall as ``shows``."""
    return (THROWS[sort_dice(pips(keep))], pips(shows))


TURN: Move = (TURN_SIXES, ())
STOPS: Move = (STOP, ())


def shows(dice: str) -> list[Move]:
    """A turn of one throw, then stop (the dice are shown)."""
    return [throw(dice), STOPS]


def once(dice: str) -> list[Move]:
    """A turn of one throw that uses up a limit of one (the turn ends by itself)."""
    return [throw(dice)]


def preset(name: str, **overrides: object) -> Rules:
    """A preset, with some options changed."""
    return find_preset(name).with_overrides(overrides)


def scripted_dice(game: Game) -> ScriptedDice:
    dice = game.dice
    assert isinstance(dice, ScriptedDice)
    return dice


def play_moves(game: Game, moves: Turn) -> list[Event]:
    """Apply ``moves`` for the player whose turn it is; each throw must use exactly its pips."""
    seat = game.current_player
    assert seat is not None, "the game is over"
    dice = scripted_dice(game)
    out: list[Event] = []
    for action, shown in moves:
        assert game.current_player == seat, f"{NAMES[seat]}'s turn ended before {action}"
        before = dice.remaining
        out += game.apply(action)
        assert before - dice.remaining == len(shown), f"{action} should throw {shown}"
        assert game.steps[-1] == (seat, action, shown)
    return out


def play_turn(game: Game, moves: Turn) -> list[Event]:
    """A whole turn: ``moves`` must end it."""
    seat = game.current_player
    out = play_moves(game, moves)
    assert any(isinstance(e, TurnEnded) and e.seat == seat for e in out), "the turn did not end"
    return out


class Table:
    """A scripted game that plays the given turns one after another."""

    def __init__(self, rules: Rules, players: int, *turns: Turn) -> None:
        self.turns = list(turns)
        all_pips = [p for turn in turns for _, shown in turn for p in shown]
        self.dice = ScriptedDice(all_pips)
        self.game = Game(rules, NAMES[:players], self.dice)
        self._next = 0

    def play(self, count: int = 1) -> list[Event]:
        """Play the next ``count`` turns; the events they caused."""
        out: list[Event] = []
        for _ in range(count):
            out += play_turn(self.game, self.turns[self._next])
            self._next += 1
        return out

    def play_all(self) -> list[Event]:
        """Play every turn left."""
        return self.play(len(self.turns) - self._next)

    @property
    def left(self) -> int:
        """Turns not yet played."""
        return len(self.turns) - self._next


# ------------------------------------------------------------------ scenarios


def three_player_half(**replace: list[list[Move]]) -> Table:
    """tsv99 with 5 Deckel a half, Anna, Ben and Cem.

    Opening round: Ben best. R1: Anna worst, takes 4 (middle 1). R2: Ben worst, takes the last
    1; Cem holds none: out. R3: Anna's Schock 2 gives Ben 2. R4: Ben's Schock 6 owes 6, but Ben
    holds 3: Anna gets those 3 and holds all 5: the first half is hers. ``replace`` swaps the
    turns of a round ("r1" to "r4").
    """
    rounds = {
        "opening": [shows("322"), once("411"), once("643")],
        "r1": [shows("411"), once("643"), once("221")],  # B C A
        "r2": [shows("611"), once("221"), once("643")],  # A B C
        "r3": [shows("643"), once("211")],  # B A
        "r4": [shows("611"), once("221")],  # B A
    }
    rounds.update(replace)
    return Table(preset("tsv99", deckel_per_half=5), 3, *[t for r in rounds.values() for t in r])


def s4l_round_one(*turns: list[Move]) -> Table:
    """schock4life for Anna and Ben: the opening throw (Ben lowest), then ``turns``; Ben opens."""
    table = Table(find_preset("schock4life"), 2, once("654"), once("221"), *turns)
    table.play(2)
    assert table.game.current_player == B
    assert table.game.view(None).round_kind is RoundKind.NORMAL
    return table


def s4l_covered() -> Table:
    """schock4life for Anna, Ben, Cem. Opening throw: Ben lowest, opens round 1 (B C A).

    R1: Ben throws three times (the third covered), Cem three times (covered: his limit),
    Anna stops after one (shown). R2 (A B C): Anna stops after two (not covered, her limit was
    three); Ben's second throw uses up his limit (covered); Cem stops after one (shown).
    R3 (B C A): a Tütenrunde: Ben shows, Cem's and Anna's only throws are covered.
    """
    return Table(
        find_preset("schock4life"),
        3,
        once("654"),
        once("221"),
        once("643"),  # opening throw
        [throw("532"), throw("44", keep="5"), throw("6", keep="54")],  # B: 6-5-4 covered
        [throw("631"), throw("52", keep="6"), throw("1", keep="65")],  # C: 6-5-1 covered
        [throw("421"), STOPS],  # A: 4-2-1 shown, worst
        [throw("643"), throw("55", keep="6"), STOPS],  # A: 6-5-5 shown
        [throw("652"), throw("41", keep="6")],  # B: 6-4-1 covered
        [throw("211"), STOPS],  # C: Schock 2 shown, best; Ben is worst
        [throw("211"), STOPS],  # R3 B: shown
        once("643"),  # C: covered
        once("222"),  # A: covered
    )


# ------------------------------------------------------------------ refusals


@dataclass(frozen=True)
class Snapshot:
    """Everything about a game that a refused action must leave as it was."""

    views: tuple[PlayerView, ...]
    events: tuple[Event, ...]
    steps: tuple[Step, ...]
    legal: tuple[tuple[Action, ...], ...]
    buy_in: tuple[bool, ...]
    remaining: int
    current: int | None
    max_throws: int
    round_count: int
    deckel: tuple[int, ...]
    middle: int
    half_losers: tuple[int, ...]
    loser: int | None


def snapshot(game: Game) -> Snapshot:
    seats = range(len(game.players))
    return Snapshot(
        views=(game.view(None), *(game.view(s) for s in seats)),
        events=tuple(game.events),
        steps=tuple(game.steps),
        legal=(game.legal_actions(), *(game.legal_actions(s) for s in seats)),
        buy_in=tuple(game.can_buy_in(s) for s in seats),
        remaining=scripted_dice(game).remaining,
        current=game.current_player,
        max_throws=game.max_throws() if not game.is_over else 0,
        round_count=game.round_count,
        deckel=game.deckel,
        middle=game.middle,
        half_losers=game.half_losers,
        loser=game.loser,
    )


def refuse(
    game: Game,
    action: Action,
    seat: int | None = None,
    error: type[IllegalActionError] | None = IllegalActionError,
    match: str | None = None,
) -> IllegalActionError:
    """Apply an action that must raise exactly ``error``; the game must be unchanged.

    With ``error=None`` any :class:`IllegalActionError` will do.
    """
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=match) as info:
        game.apply(action, seat)
    if error is not None:
        assert type(info.value) is error, f"{type(info.value).__name__}: {info.value}"
    assert snapshot(game) == before, f"refused {action} changed the game"
    return info.value


def random_pips(seed: int, count: int = 30_000) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(1, 6) for _ in range(count)]


def random_game(rules: Rules, players: int, seed: int) -> tuple[Game, list[RandomBot]]:
    """A game fed with many random scripted pips, and a random bot per seat."""
    game = Game(rules, NAMES[:players], ScriptedDice(random_pips(seed)))
    bots = [RandomBot(seed * 31 + i, buy_in=0.5) for i in range(players)]
    return game, bots


class Played(NamedTuple):
    """One accepted action of a random game."""

    seat: int
    action: Action
    before: PlayerView
    """The spectator's view just before the action."""
    events: list[Event]


def random_play(game: Game, bots: Sequence[RandomBot]) -> Iterator[Played]:
    """Play ``game`` to its end through :mod:`schocken.play`, as ``play_game`` does, one step at
    a time.

    Yields each accepted action, before the next one is chosen. Buying in is offered before
    every round's first throw; a turn's first throw is made without asking.
    """
    strategies: dict[int, Strategy] = dict(enumerate(bots))
    asked = NOTHING_ASKED
    while (decision := next_decision(game, strategies, asked)) is not None:
        answer = decision.decide(strategies[decision.seat])
        asked = decision.asked
        if answer is None:
            continue
        before = game.view(None)
        events = apply_decision(game, decision, answer)
        assert events is not None
        yield Played(decision.seat, answer, before, events)
