"""Playing games with bots: one game to the end, or many, with statistics.

:func:`play_game` (one game to its end) is :func:`schocken.play.play_game`, kept here by name.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.errors import RefusalError
from schocken.events import SectionEnded
from schocken.game import Game
from schocken.intervals import wilson
from schocken.play import play_game
from schocken.players import seat_names
from schocken.rules import Rules
from schocken.texts import refused, t

__all__ = [
    "SeatStats",
    "SimulationReport",
    "play_game",
    "seat_names",
    "simulate",
    "turn_count",
    "wilson",
]


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

    def format(self, lang: str = "en") -> str:
        """The report as a table, in ``lang``."""
        n = len(self.seats)
        lines = [
            t(
                "sim_summary",
                lang,
                games=self.games,
                preset=self.rules.preset,
                players=n,
                rounds=f"{self.mean_rounds:.1f}",
            )
        ]
        if self.rotate:
            lines.append(t("sim_rotated", lang, n=n, share=f"{1 / n:.2%}"))
        label = t("sim_col_bot" if self.rotate else "sim_col_seat", lang)
        plays, lost, ci, halves = (
            t(key, lang)
            for key in ("sim_col_plays", "sim_col_lost", "sim_col_ci", "sim_col_halves")
        )
        # each column as wide as its heading in the language, at least as in English
        w = [max(4, len(label)), max(10, len(plays)), max(11, len(lost)), max(15, len(ci))]
        w.append(max(11, len(halves)))
        lines.append(
            f"{label:>{w[0]}}  {plays:<{w[1]}} {lost:>{w[2]}}  {ci:>{w[3]}}  {halves:>{w[4]}}"
        )
        for s in self.seats:
            lo, hi = self.loss_ci95(s.seat)
            interval = f"[{lo:6.2%}, {hi:6.2%}]"
            lines.append(
                f"{s.seat:>{w[0]}}  {s.bot:<{w[1]}} {self.loss_share(s.seat):>{w[2] - 1}.2%}  "
                f"{interval:>{w[3]}}  {self.half_share(s.seat):>{w[4] - 1}.2%}"
            )
        return "\n".join(lines)


ENGINES = ("auto", "fast", "reference")
"""The engines :func:`simulate` can play on: the batch simulator (:mod:`schocken.fast`, with the
``fast`` extra, for the random, regular, solver and half bots), the reference engine, or the first
of these that can play the bots."""


def choose_engine(engine: str, bots: Sequence[str]) -> str:
    """The engine that plays ``bots`` when ``engine`` is asked for: "fast" or "reference".

    "auto" takes the batch simulator when it is installed and plays every one of the bots; "fast"
    insists on it and says why it cannot, if it cannot.
    """
    if engine not in ENGINES:
        raise refused(RefusalError, "sim_refuse_engine", engine=engine, engines=", ".join(ENGINES))
    if engine == "reference":
        return "reference"
    if importlib.util.find_spec("numba") is None:
        if engine == "fast":
            raise refused(RefusalError, "sim_refuse_numba")
        return "reference"
    from schocken import fast  # the fast extra: imported only when it may play

    if fast.supports(bots) or engine == "fast":
        return "fast"
    return "reference"


def simulate(
    rules: Rules,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    procs: int = 1,
    engine: str = "reference",
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games of bots (one name per seat) and count who lost what.

    With ``rotate`` the line-up moves one seat on after every game, so that every bot sits in every
    seat equally often. ``procs`` processes share the games; the report is the same for any number.

    ``engine`` chooses what plays the games (see :func:`choose_engine`): the reference engine, or
    the batch simulator, which uses every core whatever ``procs`` says and draws its dice from its
    own generator (the same seed gives the same report on either engine again, but not the same
    report on both). ``progress`` is called with the number of games played so far, now and then.
    """
    if games < 1:
        raise refused(RefusalError, "sim_refuse_games", games=games)
    if procs < 1:
        raise refused(RefusalError, "sim_refuse_procs", procs=procs)
    for b in bots:
        make_bot(b)  # an unknown bot is refused here, before any game
    if choose_engine(engine, bots) == "fast":
        from schocken import fast

        c = fast.run(rules, bots, games, seed, rotate=rotate, progress=progress)
        seats = tuple(
            SeatStats(i, b, c.games_lost[i], c.halves_lost[i]) for i, b in enumerate(bots)
        )
        return SimulationReport(rules, games, c.halves, c.rounds, c.turns, seats, rotate)
    master = random.Random(seed)
    seeds = [master.getrandbits(63) for _ in range(games)]
    # Without progress reports, one share of the games per process; with them, the same shares
    # cut into chunks (the counts add up to the same report).
    step = games if progress is None else max(procs, _REFERENCE_CHUNK)
    chunks = [
        [
            (rules, tuple(bots), rotate, first + start, procs, seeds[first + start : last : procs])
            for start in range(procs)
        ]
        for first, last in ((f, min(f + step, games)) for f in range(0, games, step))
    ]
    counts: list[_Counts] = []
    if procs == 1:
        for jobs in chunks:
            counts.append(_play_share(*jobs[0]))
            if progress is not None:
                progress(min(games, len(counts) * step))
    else:
        # Imported here: multiprocessing is only needed for several processes.
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(procs) as pool:
            for i, jobs in enumerate(chunks):
                counts += pool.map(_play_share_star, jobs)
                if progress is not None:
                    progress(min(games, (i + 1) * step))
    n = len(bots)
    halves = sum(c[0] for c in counts)
    rounds = sum(c[1] for c in counts)
    turns = sum(c[2] for c in counts)
    lost = [sum(c[3][i] for c in counts) for i in range(n)]
    halves_lost = [sum(c[4][i] for c in counts) for i in range(n)]
    seats = tuple(SeatStats(i, bots[i], lost[i], halves_lost[i]) for i in range(n))
    return SimulationReport(rules, games, halves, rounds, turns, seats, rotate)


_REFERENCE_CHUNK = 1000
"""Games between two progress reports of the reference engine."""


class ProgressBar:
    """A one-line progress bar for ``total`` games on a text stream (stderr by default).

    Call it with the games done. Unless ``at_once``, it appears only once the run has taken half
    a second (short runs show nothing); :meth:`close` clears it.
    """

    def __init__(
        self, total: int, stream: TextIO | None = None, *, at_once: bool = False, width: int = 30
    ) -> None:
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.started = time.perf_counter()
        self.delay = 0.0 if at_once else 0.5
        self.shown = False

    def __call__(self, done: int) -> None:
        elapsed = time.perf_counter() - self.started
        if elapsed < self.delay:
            return
        filled = self.width * done // self.total
        rate = done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games, {rate:,.0f} games/s")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Clear the bar's line (if it was drawn)."""
        if self.shown:
            self.stream.write("\r" + " " * (self.width + 60) + "\r")
            self.stream.flush()
            self.shown = False


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
