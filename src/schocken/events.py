"""Events: every change of a game's state, as immutable values.

Events are named tuples: immutable, cheap to make (the engine makes several per turn), with
named fields. Compare them by type and value (``type(a) is type(b) and a == b``).

:meth:`schocken.game.Game.apply` returns the events an action caused and appends them to the
game's log. Events about a covered throw carry its dice; :func:`censor` gives the copy of an event
that a given player (or a spectator) may see, with another player's covered dice taken out.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from schocken.results import Dice, Result


class Section(StrEnum):
    """The parts of a game: two halves and the Finale, or (``more_halves``) further halves."""

    FIRST_HALF = "first_half"
    SECOND_HALF = "second_half"
    FINALE = "finale"
    EXTRA_HALF = "extra_half"
    """A further half of every player after the second (``more_halves``), until one player has
    lost two halves."""


class RoundKind(StrEnum):
    """What a round is played for."""

    OPENING_ROUND = "opening_round"
    """A normal round for no Deckel; its best result opens the first real round."""
    OPENING_THROW = "opening_throw"
    """Everyone throws once; the lowest takes Deckel worth the highest and opens."""
    STECHEN = "stechen"
    """Those tied for the lowest opening throw throw again, until one is lowest."""
    OPENING_DIE = "opening_die"
    """Everyone throws one die (``opening`` high_die or low_die); those tied for the highest
    (high_die) or lowest (low_die) throw it again in a further such round, until one is alone."""
    NORMAL = "normal"
    """A round for Deckel."""
    THROW_OFF = "throw_off"
    """Those tied for a round's worst result throw once each, until one is lowest: he takes what
    that round's best result is worth (``tiebreak = "throw_off"``)."""


class SectionStarted(NamedTuple):
    """A half or the Finale begins, with ``middle`` Deckel in the middle."""

    section: Section
    players: tuple[int, ...]
    middle: int


class RoundStarted(NamedTuple):
    """A round begins; ``order`` is its order of play, its first player first."""

    kind: RoundKind
    number: int
    order: tuple[int, ...]


class BoughtIn(NamedTuple):
    """Einwürfeln: an out player took one Deckel from each of ``givers`` (None: the middle);
    nobody (``()``) where he buys in at risk (``einwuerfeln_form = "at_risk"``)."""

    seat: int
    givers: tuple[int | None, ...]


class Thrown(NamedTuple):
    """A throw: ``kept`` stayed out of the cup, ``dice`` is what the thrown dice showed.

    ``dice`` is ``None`` in the copy seen by another player when the throw is ``covered``, and
    in every copy (the game's own log too) in a round opened blind, until the round's reveal.
    """

    seat: int
    throw: int
    kept: Dice
    dice: Dice | None
    covered: bool


class BlindOpened(NamedTuple):
    """The round's opener threw blind: one throw each, every cup covered until the reveal."""

    seat: int


class SixesTurned(NamedTuple):
    """``ones`` sixes of the last throw became ones; ``must_throw`` has to go back into the cup."""

    seat: int
    ones: int
    must_throw: Dice


class TurnEnded(NamedTuple):
    """A player's turn is over. ``result`` is ``None`` for others while it is covered, and for
    everyone in a round opened blind (:class:`RoundEnded` reveals it)."""

    seat: int
    throws: int
    aside: Dice
    result: Result | None
    covered: bool


class ThrowLimitFixed(NamedTuple):
    """The round's first player used ``limit`` throws: the most anyone after them may use."""

    seat: int
    limit: int


class RoundEnded(NamedTuple):
    """A round is over and every result is revealed, in the round's order of play.

    ``best`` and ``worst`` are seats. ``deckel`` is what the best result is worth (``None`` for a
    Schock-Aus, worth the whole half); in a round for Deckel, what its loser takes
    (:func:`schocken.round.deckel_owed`). For a tied opening throw ``stechen`` names those who must
    throw again; ``worst`` is then ``None``. So for a round for Deckel (or a throw-off) whose worst
    result is tied under ``tiebreak = "throw_off"``: ``stechen`` names who throw off. A round for
    Deckel with ``worst`` ``None`` and no ``stechen`` moved no Deckel (``no_deckel``). A throw-off
    ends with ``best`` the player who gives once the middle is empty (the best of the round it
    decides; its second-best, should the best lose the throw-off) and ``deckel`` what that round's
    best result is worth. In a round of one die each (``OPENING_DIE``) the results are single
    dice and ``deckel`` is 0.
    """

    kind: RoundKind
    number: int
    results: tuple[tuple[int, Result], ...]
    best: int
    worst: int | None
    deckel: int | None
    stechen: tuple[int, ...] = ()


class DeckelMoved(NamedTuple):
    """``amount`` Deckel went from ``giver`` (``None``: the middle) to ``receiver``."""

    giver: int | None
    receiver: int
    amount: int


class PlayersOut(NamedTuple):
    """These players hold no Deckel once the middle is empty: out until the half ends."""

    seats: tuple[int, ...]


class SectionEnded(NamedTuple):
    """A half or the Finale is over; ``loser`` holds all its Deckel (``deckel``: each seat's).

    It follows the round that ended it, or a :class:`BoughtIn` whose buyer took the last Deckel of
    every holder: then the round begun is not played (it has no :class:`RoundEnded`)."""

    section: Section
    loser: int
    schock_aus: bool
    deckel: tuple[int, ...]


class GameEnded(NamedTuple):
    """The game is over. ``blattschuss``: one player lost both halves (the first two);
    ``half_losers``: the loser of each half, in order (more than two with ``more_halves``)."""

    loser: int
    blattschuss: bool
    half_losers: tuple[int, ...]


Event = (
    SectionStarted
    | RoundStarted
    | BoughtIn
    | Thrown
    | BlindOpened
    | SixesTurned
    | TurnEnded
    | ThrowLimitFixed
    | RoundEnded
    | DeckelMoved
    | PlayersOut
    | SectionEnded
    | GameEnded
)


def censor(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it (``None``: a spectator).

    A covered throw's dice and a covered turn's result are taken out for everyone but the
    player who threw them. Nothing else is hidden.
    """
    if isinstance(event, Thrown) and event.covered and event.seat != viewer:
        return event._replace(dice=None)
    if isinstance(event, TurnEnded) and event.covered and event.seat != viewer:
        return event._replace(result=None)
    return event


def _typed_eq(self: tuple[object, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _typed_ne(self: tuple[object, ...], other: object) -> bool:
    return not _typed_eq(self, other)


# Named tuples of different types with equal fields must not compare equal.
for _cls in (
    SectionStarted,
    RoundStarted,
    BoughtIn,
    Thrown,
    BlindOpened,
    SixesTurned,
    TurnEnded,
    ThrowLimitFixed,
    RoundEnded,
    DeckelMoved,
    PlayersOut,
    SectionEnded,
    GameEnded,
):
    setattr(_cls, "__eq__", _typed_eq)  # noqa: B010
    setattr(_cls, "__ne__", _typed_ne)  # noqa: B010
    setattr(_cls, "__hash__", tuple.__hash__)  # noqa: B010
