"""A tournament as plain values: the frozen picture the draw and the ranking read
(:class:`Tournament`), and the JSON-able dicts that go out to the command line and, later, to
web pages (:class:`typing.TypedDict`, like the club's book)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from schocken.rules import Rules
from schocken.tournament.formats import Format
from schocken.tournament.results import GameResult

# ---------------------------------------------------------------------- the picture


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player: their team (if any), when they registered (1, 2, ...), the first
    round they play (a late entry: later than 1) and the last round they played before they
    left (``None``: still in)."""

    name: str
    team: str | None
    number: int
    from_round: int = 1
    left_after: int | None = None

    def plays(self, round_number: int) -> bool:
        """Whether they are in the tournament in that round."""
        return self.from_round <= round_number and (
            self.left_after is None or round_number <= self.left_after
        )


@dataclass(frozen=True, slots=True)
class Seating:
    """A drawn round: its tables by number."""

    number: int
    tables: tuple[tuple[int, tuple[str, ...]], ...]

    def table(self, number: int) -> tuple[str, ...]:
        for n, players in self.tables:
            if n == number:
                return players
        raise KeyError(number)

    def table_of(self, player: str) -> int | None:
        for n, players in self.tables:
            if player in players:
                return n
        return None


@dataclass(frozen=True, slots=True)
class Entry:
    """A game entered at a table of a round: its number at the table (1, 2, ...), whether it
    came from a record or by hand, the result, the record's text if it had one, and when it
    was entered (UTC, ISO 8601; ``None``: not known, an imported game or an older one)."""

    round: int
    table: int
    number: int
    source: str
    result: GameResult
    record: str | None = None
    entered: str | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """Everything the draw and the ranking need to know of a tournament."""

    name: str
    format: Format
    rules: Rules
    seed: str
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[Seating, ...] = ()
    games: tuple[Entry, ...] = ()
    _by_table: dict[tuple[int, int], tuple[Entry, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    """The games by (round, table), made once: a big tournament asks for every table."""

    def __post_init__(self) -> None:
        at: dict[tuple[int, int], list[Entry]] = {}
        for g in self.games:
            at.setdefault((g.round, g.table), []).append(g)
        object.__setattr__(self, "_by_table", {k: tuple(v) for k, v in at.items()})

    def entrant(self, name: str) -> Entrant:
        for e in self.entrants:
            if e.name == name:
                return e
        raise KeyError(name)

    def games_at(self, round_number: int, table: int) -> tuple[Entry, ...]:
        return self._by_table.get((round_number, table), ())

    def games_of_round(self, round_number: int) -> tuple[Entry, ...]:
        return tuple(g for g in self.games if g.round == round_number)

    @property
    def teams(self) -> dict[str, str]:
        """Each player's team (players without one are left out)."""
        return {e.name: e.team for e in self.entrants if e.team is not None}


# ---------------------------------------------------------------------- plain data out


class TournamentInfo(TypedDict):
    slug: str
    name: str
    date: str
    place: str
    club: str | None
    format: str
    rules: dict[str, object]
    seed: str
    capacity: int | None
    players: int
    teams: int
    rounds: int
    games: int


class PlayerInfo(TypedDict):
    number: int
    name: str
    team: str | None
    from_round: int
    left_after: int | None


class TableInfo(TypedDict):
    number: int
    players: list[str]
    games: int
    springer: bool
    """A table of one player fewer than the round's largest (fiebel-t's "Springer")."""


class RoundInfo(TypedDict):
    number: int
    stage: str
    """``points``, ``lives``, ``knockout`` or ``final_table``."""
    tables: list[TableInfo]


class SectionData(TypedDict, total=False):
    section: str
    order: list[list[str]]
    schock_aus: str
    bought_in: list[str]


class GameInfo(TypedDict):
    round: int
    table: int
    number: int
    source: str
    players: list[str]
    loser: str
    sections: list[SectionData]


class Standing(TypedDict):
    """A player's line of a ranking. ``score``: points, loss points or lives kept (the
    ranking's ``score`` says which). ``final_round``/``final_place``: in a format with a final
    stage, the last of its rounds the player reached (1, 2, ...) and their place at that
    table."""

    place: int
    name: str
    team: str | None
    score: int
    rounds: int
    games: int
    games_lost: int
    halves_lost: int
    schock_aus: int
    schock_aus_taken: int
    final_round: int | None
    final_place: int | None


class TeamStanding(TypedDict):
    place: int
    team: str
    score: int
    players: list[str]


class SeatStanding(TypedDict):
    """A player at a table of the final stage: their place there, lives left or points, and
    whether they go on (or, in the last round, won)."""

    place: int
    name: str
    lives: int | None
    points: int | None
    goes_on: bool


class TableStanding(TypedDict):
    table: int
    decided: bool
    players: list[SeatStanding]


class RoundStanding(TypedDict):
    round: int
    stage: str
    players: list[Standing]
    teams: list[TeamStanding]
    tables: list[TableStanding]


class SchockAusLine(TypedDict):
    place: int
    name: str
    given: int
    taken: int


class RankingInfo(TypedDict):
    """A whole ranking: per round, the qualifying stage, everyone overall, the teams and the
    Schock-Aus side ranking (its first the Schock-Aus-König)."""

    tournament: str
    format: str
    score: str
    """``points``, ``loss_points`` or ``lives``."""
    tie_breaks: list[str]
    rounds: list[RoundStanding]
    qualifying: list[Standing]
    players: list[Standing]
    teams: list[TeamStanding]
    schock_aus: list[SchockAusLine]
