"""Playing games with bots: one game to the end, or many, with statistics.

:func:`play_game` (one game to its end) is :func:`schocken.play.play_game`, kept here by name.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.events import SectionEnded
from schocken.game import Game
from schocken.play import play_game
from schocken.rules import Rules

__all__ = [
    "SeatStats",
    "SimulationReport",
    "play_game",
    "seat_names",
    "simulate",
    "turn_count",
    "wilson",
]


def seat_names(n: int) -> list[str]:
    """Default player names for ``n`` seats."""
    base = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gül", "Hans", "Ida", "Jonas"]
    return [base[i] if i < len(base) else f"Spieler {i + 1}" for i in range(n)]


@dataclass(frozen=True, slots=True)
class SeatStats:
    """How one seat of the line-up fared over many games.

    When the line-up rotates, ``seat`` is the bot's place in the line-up, and it sat in every seat
    of the table in turn.
    """

    seat: int
    bot: str
    games_lost: int
    halves_lost: int


@dataclass(frozen=True, slots=True)
class SimulationReport:
    """What many bot games came to."""

    rules: Rules
    games: int
    halves: int
    rounds: int
    turns: int
    seats: tuple[SeatStats, ...]
    rotate: bool = False
    """Whether the line-up moved one seat on after every game."""

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games

    def loss_share(self, seat: int) -> float:
        return self.seats[seat].games_lost / self.games

    def loss_ci95(self, seat: int) -> tuple[float, float]:
        """A 95% (Wilson) confidence interval for the seat's share of lost games."""
        return wilson(self.seats[seat].games_lost, self.games)

    def half_share(self, seat: int) -> float:
        return self.seats[seat].halves_lost / self.halves if self.halves else 0.0

    def format(self) -> str:
        n = len(self.seats)
        lines = [
            f"{self.games} games, preset {self.rules.preset}, {n} players: "
            f"{self.mean_rounds:.1f} rounds per game on average",
        ]
        if self.rotate:
            lines.append(
                f"the line-up moved one seat on after every game; an even share is 1/{n} = "
                f"{1 / n:.2%}"
            )
        label = "bot" if self.rotate else "seat"
        lines.append(
            f"{label:>4}  {'plays':<10} {'games lost':>11}  {'95% CI':>15}  {'halves lost':>11}"
        )
        for s in self.seats:
            lo, hi = self.loss_ci95(s.seat)
            lines.append(
                f"{s.seat:>4}  {s.bot:<10} {self.loss_share(s.seat):>10.2%}  "
                f"[{lo:6.2%}, {hi:6.2%}]  {self.half_share(s.seat):>10.2%}"
            )
        return "\n".join(lines)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(
    rules: Rules,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    procs: int = 1,
) -> SimulationReport:
    """Play ``games`` games of bots (one name per seat) and count who lost what.

    With ``rotate`` the line-up moves one seat on after every game, so that every bot sits in every
    seat equally often. ``procs`` processes share the games; the report is the same for any number.
    """
    if games < 1:
        raise ValueError(f"simulate at least one game, not {games}")
    if procs < 1:
        raise ValueError(f"simulate with at least one process, not {procs}")
    for b in bots:
        make_bot(b)  # an unknown bot is refused here, before any game
    master = random.Random(seed)
    seeds = [master.getrandbits(63) for _ in range(games)]
    jobs = [
        (rules, tuple(bots), rotate, start, procs, seeds[start::procs]) for start in range(procs)
    ]
    if procs == 1:
        counts = [_play_share(*jobs[0])]
    else:
        # Imported here: multiprocessing is only needed for several processes.
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(procs) as pool:
            counts = list(pool.map(_play_share_star, jobs))
    n = len(bots)
    halves = sum(c[0] for c in counts)
    rounds = sum(c[1] for c in counts)
    turns = sum(c[2] for c in counts)
    lost = [sum(c[3][i] for c in counts) for i in range(n)]
    halves_lost = [sum(c[4][i] for c in counts) for i in range(n)]
    seats = tuple(SeatStats(i, bots[i], lost[i], halves_lost[i]) for i in range(n))
    return SimulationReport(rules, games, halves, rounds, turns, seats, rotate)


_Counts = tuple[int, int, int, list[int], list[int]]


def _play_share(
    rules: Rules, bots: tuple[str, ...], rotate: bool, start: int, stride: int, seeds: list[int]
) -> _Counts:
    """Games ``start``, ``start + stride``, ... with their seeds: halves, rounds, turns, and each
    line-up place's lost games and halves."""
    n = len(bots)
    names = seat_names(n)
    games_lost = [0] * n
    halves_lost = [0] * n
    halves = rounds = turns = 0
    for k, game_seed in enumerate(seeds):
        shift = (start + k * stride) % n if rotate else 0
        # Seat s is played by line-up place (s - shift) % n.
        place = [(s - shift) % n for s in range(n)]
        strategies = [make_bot(bots[place[s]], game_seed + s + 1) for s in range(n)]
        game = play_game(Game(rules, names, RandomDice(game_seed)), strategies)
        assert game.loser is not None
        games_lost[place[game.loser]] += 1
        for e in game.events:
            if isinstance(e, SectionEnded) and e.section.value != "finale":
                halves_lost[place[e.loser]] += 1
                halves += 1
        rounds += game.round_count
        turns += turn_count(game)
    return halves, rounds, turns, games_lost, halves_lost


def _play_share_star(job: tuple[Rules, tuple[str, ...], bool, int, int, list[int]]) -> _Counts:
    return _play_share(*job)


def turn_count(game: Game) -> int:
    """How many turns were played in a game (every player's turn in every round)."""
    return game.turns_played
