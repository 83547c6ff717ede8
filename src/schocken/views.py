"""Views: the immutable picture of a game that one player (or a spectator) may see.

Views are named tuples: immutable and cheap to make, since bots get a fresh one for every decision.

:meth:`schocken.game.Game.view` builds them. Another player's covered dice are absent from a view,
not merely flagged: ``showing`` and ``result`` are ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import NamedTuple

from schocken.events import RoundKind, Section
from schocken.results import Dice, Result
from schocken.rules import MAX_THROWS, Rules
from schocken.turn import TurnState


class Phase(StrEnum):
    """Where the game is."""

    OPENING = "opening"
    """Finding the first player of the game (before the first real round)."""
    PLAYING = "playing"
    """Rounds for Deckel, in a half or the Finale."""
    OVER = "over"


class TurnView(NamedTuple):
    """One player's turn in the current round, as the viewer may see it.

    ``aside`` are the dice out of the cup, ``showing`` all three dice after the last throw (the
    one die in a round of one die each; ``None`` while covered from this viewer), ``result`` the
    result once the turn is over (``None`` while covered, or before the turn is over).
    """

    seat: int
    throws: int
    aside: Dice
    showing: Dice | None
    covered: bool
    done: bool
    result: Result | None
    must_throw: Dice = ()
    """Dice that must go back into the cup (after turning sixes)."""
    turned: int = 0
    """How many ones were just turned from sixes (they stay out for the next throw)."""

    @property
    def one_throw(self) -> bool:
        """Whether the dice showing were thrown in one throw: none set aside (a turned six is set
        aside as a one). What a result "in one throw" (Hand) needs."""
        return not self.aside


class PlayerView(NamedTuple):
    """What ``seat`` may see of a game (``seat`` is ``None`` for a spectator)."""

    seat: int | None
    players: tuple[str, ...]
    rules: Rules
    phase: Phase
    section: Section
    round_kind: RoundKind
    round_number: int
    order: tuple[int, ...]
    """The current round's order of play, its first player first."""
    limit: int | None
    """The round's throw limit, once its first player has fixed it."""
    current: int | None
    """Whose turn it is (``None`` when the game is over)."""
    middle: int
    deckel: tuple[int, ...]
    """Deckel each seat holds in the current half or Finale."""
    playing: tuple[bool, ...]
    """Whether each seat still takes part in the current half or Finale (not out)."""
    turns: tuple[TurnView, ...]
    """The turns of the current round so far, in its order of play."""
    half_losers: tuple[int, ...]
    loser: int | None

    @property
    def my_turn(self) -> TurnView | None:
        """The viewer's own turn in the current round, if any."""
        for t in self.turns:
            if t.seat == self.seat:
                return t
        return None

    @property
    def max_throws(self) -> int:
        """How many throws the player whose turn it is may use in this round."""
        return MAX_THROWS if self.limit is None else self.limit


def seen_turns(
    finished: Sequence[TurnView],
    covered: Mapping[int, TurnView],
    viewer: int | None,
    *,
    over: bool,
    blind: bool,
) -> list[TurnView]:
    """A round's ``finished`` turns as ``viewer`` sees them: a ``covered`` turn (by seat, as its
    player sees it) without its dice, but by its own player (not in a blind round: nobody has
    looked) and, once the game is ``over``, by everyone."""
    if not covered or not (over or (viewer in covered and not blind)):
        return list(finished)
    return [
        covered[t.seat] if t.seat in covered and (over or t.seat == viewer) else t for t in finished
    ]


def turn_in_progress(current: int, turn: TurnState, covered: bool, viewer: int | None) -> TurnView:
    """The ``current`` player's turn in progress as ``viewer`` sees it: without its dice while it
    is covered from him."""
    hidden = covered and viewer != current
    showing = None if hidden or not turn.throws else turn.dice()
    return TurnView(
        current,
        turn.throws,
        turn.aside,
        showing,
        covered,
        False,
        None,
        turn.must_throw,
        turn.turned,
    )
