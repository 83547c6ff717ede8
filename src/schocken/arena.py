"""The arena: rank a set of bots over rotated line-ups, by share of games lost.

The line-ups for ``k`` bots at a table of ``p`` seats (:func:`line_ups`):

- ``k >= p``: every ``p`` of the ``k`` bots (every subset, once), each in the order the bots
  were given;
- ``k < p``: every way to fill the ``p`` seats from the ``k`` bots with repetition (a multiset,
  a bot's places side by side), leaving out the line-ups of one bot alone.

Every line-up plays the same number of games, a multiple of ``p``, and moves one seat on after
every game (:func:`schocken.simulate.simulate` with ``rotate``), so that each of its places sits
in each seat equally often; as every bot has the same places over all line-ups, every bot sits in
every seat equally often. The order of the bots around the table within a line-up (who sits after
whom) is not varied.

A bot's figure is its share of the games it lost per seat it played: the games lost at its places
over the games times its places. Where every bot sits once (``k >= p``) that is its share of games
lost; the even share is ``1/p`` either way. Standard library only: the batch simulator is chosen
by :func:`schocken.simulate.choose_engine` per line-up and imported only then.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from schocken.intervals import wilson
from schocken.rules import Rules
from schocken.simulate import choose_engine, simulate

MAX_LINE_UPS = 1000
"""The most line-ups one arena plays (20 bots at 4 seats make 4,845)."""


@dataclass(frozen=True, slots=True)
class LineUp:
    """One line-up: the bot of each place, the games it plays, and their seed."""

    bots: tuple[str, ...]
    games: int
    seed: int


@dataclass(frozen=True, slots=True)
class Played:
    """What a line-up's games came to: the games lost at each place, and the engine."""

    line_up: LineUp
    lost: tuple[int, ...]
    engine: str


@dataclass(frozen=True, slots=True)
class Standing:
    """A bot's figure: games lost over games played per seat, with a 95% (Wilson) interval."""

    bot: str
    lost: int
    played: int

    @property
    def share(self) -> float:
        return self.lost / self.played

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.lost, self.played)


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two bots over the games where both sat: how many each lost, per seat it played."""

    bot: str
    other: str
    games: int
    lost: int
    played: int
    other_lost: int
    other_played: int

    @property
    def share(self) -> float:
        return self.lost / self.played

    @property
    def other_share(self) -> float:
        return self.other_lost / self.other_played


def line_up_bots(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of ``bots`` at a table of ``players`` seats (see the module's text).

    >>> line_up_bots(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> line_up_bots(["a", "b"], 3)
    [('a', 'a', 'b'), ('a', 'b', 'b')]
    """
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    return [c for c in itertools.combinations_with_replacement(bots, players) if len(set(c)) > 1]


def line_up_count(bots: int, players: int) -> int:
    """How many line-ups :func:`line_up_bots` makes, without making them."""
    if bots >= players:
        return math.comb(bots, players)
    return math.comb(bots + players - 1, players) - bots


def line_ups(bots: Sequence[str], players: int, games: int, seed: int = 0) -> list[LineUp]:
    """The line-ups with their games and seeds: ``games`` shared out evenly, each line-up's share
    rounded up to a multiple of ``players`` (so the total may be a little more than asked)."""
    if len(bots) < 2:
        raise ValueError("an arena needs at least two bots")
    if games < 1:
        raise ValueError(f"play at least one game, not {games}")
    if line_up_count(len(bots), players) > MAX_LINE_UPS:
        raise ValueError(f"more than {MAX_LINE_UPS} line-ups")
    teams = line_up_bots(bots, players)
    each = math.ceil(games / (len(teams) * players)) * players
    master = random.Random(seed)
    return [LineUp(team, each, master.getrandbits(63)) for team in teams]


def play(
    rules: Rules,
    plan: Sequence[LineUp],
    *,
    engine: str = "auto",
    progress: Callable[[int], None] | None = None,
) -> list[Played]:
    """Play every line-up of ``plan`` (rotated), on the engine :func:`choose_engine` takes for
    it. ``progress`` is called with the games played so far over all line-ups."""
    out: list[Played] = []
    done = 0
    for lu in plan:
        chosen = choose_engine(engine, lu.bots)
        step = None if progress is None else functools.partial(_offset, progress, done)
        r = simulate(rules, lu.bots, lu.games, lu.seed, rotate=True, engine=chosen, progress=step)
        out.append(Played(lu, tuple(s.games_lost for s in r.seats), chosen))
        done += lu.games
        if progress is not None:
            progress(done)
    return out


def _offset(progress: Callable[[int], None], before: int, done: int) -> None:
    progress(before + done)


def standings(bots: Sequence[str], played: Sequence[Played]) -> list[Standing]:
    """Each bot's figure, the fewest lost first (by share; ties in the order given)."""
    lost = dict.fromkeys(bots, 0)
    seats = dict.fromkeys(bots, 0)
    for p in played:
        for bot, n in zip(p.line_up.bots, p.lost, strict=True):
            lost[bot] += n
            seats[bot] += p.line_up.games
    table = [Standing(b, lost[b], seats[b]) for b in bots]
    return sorted(table, key=lambda s: s.share)


def head_to_head(bots: Sequence[str], played: Sequence[Played]) -> list[HeadToHead]:
    """For every ordered pair of bots, the games where both sat: each one's lost games per seat."""
    out: list[HeadToHead] = []
    for a, b in itertools.permutations(bots, 2):
        games = lost_a = seats_a = lost_b = seats_b = 0
        for p in played:
            team = p.line_up.bots
            if a not in team or b not in team:
                continue
            games += p.line_up.games
            for bot, n in zip(team, p.lost, strict=True):
                if bot == a:
                    lost_a += n
                    seats_a += p.line_up.games
                elif bot == b:
                    lost_b += n
                    seats_b += p.line_up.games
        out.append(HeadToHead(a, b, games, lost_a, seats_a, lost_b, seats_b))
    return out


def seat_games(bots: Sequence[str], plan: Sequence[LineUp]) -> dict[str, list[int]]:
    """How many games each bot sits in each seat, by the rotation :func:`simulate` plays
    (game ``g`` of a line-up puts place ``j`` in seat ``(j + g) % p``)."""
    players = len(plan[0].bots)
    out = {b: [0] * players for b in bots}
    for lu in plan:
        full, rest = divmod(lu.games, players)
        for place, bot in enumerate(lu.bots):
            for seat in range(players):
                out[bot][seat] += full
            for g in range(rest):
                out[bot][(place + g) % players] += 1
    return out


__all__ = [
    "MAX_LINE_UPS",
    "HeadToHead",
    "LineUp",
    "Played",
    "Standing",
    "head_to_head",
    "line_up_bots",
    "line_up_count",
    "line_ups",
    "play",
    "seat_games",
    "standings",
]
