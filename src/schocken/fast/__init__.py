"""The batch simulator: whole games of bots, compiled with numba, on every core.

It plays the full rules of any rule set (every preset and house rule) for 2 to 20 players with
the ``random`` and ``regular`` bots, many million turns a second, and the ``solver`` and ``half``
bots from a memo of their decisions filled on demand, computed as the reference bots compute
them (:mod:`schocken.fast.strong`),
and can write any of its games as a :class:`~schocken.record.GameRecord` that the reference
engine replays to the same outcome.
It needs the ``fast`` extra (numba and numpy); the core package never imports it:
:func:`schocken.simulate.simulate` does, when asked to or allowed to.

>>> from schocken.rules import find_preset
>>> counts = run(find_preset("tsv99"), ["regular", "random"], 200, seed=1, threads=1)
>>> counts.games, sum(counts.games_lost)
(200, 200)
>>> from schocken.record import replay
>>> record = play_record(find_preset("tsv99"), ["regular", "random"], seed=1, game=7)
>>> replay(record).loser == record.outcome["loser"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np
from numba import config as numba_config

from schocken.actions import action_from_code
from schocken.events import Section
from schocken.fast import batch, kernel, strong
from schocken.fast.tables import BOT_KINDS, R_ADDS, R_DECKEL, Int64Array, RuleTables, rule_tables
from schocken.players import MAX_PLAYERS, MIN_PLAYERS, seat_names
from schocken.record import GameRecord, RecordStep
from schocken.rules import Rules

FAST_BOTS = frozenset(BOT_KINDS)
"""The bots the batch simulator plays."""

STRONG_BOTS = frozenset({"solver", "half"})
"""The bots it plays from a memo of the reference bots' decisions (:mod:`schocken.fast.strong`)."""

CHUNK = 20_000
"""Games per call of the compiled loop (between two progress reports)."""

RECORD_STEPS = 4096
"""Room for a record's steps at first (a longer game is played again with room for all)."""

PARALLEL_CHUNK = 64
"""Games a thread takes at a time from a chunk."""

SERIAL_BELOW = 1_000
"""Games played again after the memo's filling, fewer than this, are played on one thread (on a
busy machine, waking the other threads costs more than they save)."""

_SECTIONS = (Section.FIRST_HALF, Section.SECOND_HALF, Section.FINALE, Section.EXTRA_HALF)
"""The sections by their number in the compiled loop (``kernel.FIRST_HALF`` ...)."""


def supports(bots: Sequence[str]) -> bool:
    """Whether the batch simulator plays this line-up (every bot one it knows)."""
    return all(b in FAST_BOTS for b in bots)


@dataclass(frozen=True, slots=True)
class BatchCounts:
    """What a batch of games came to, by line-up place (the seat, unless the line-up rotates)."""

    games: int
    halves: int
    rounds: int
    turns: int
    games_lost: tuple[int, ...]
    halves_lost: tuple[int, ...]


def _check(bots: Sequence[str]) -> list[int]:
    n = len(bots)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Schocken needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    unknown = [b for b in bots if b not in FAST_BOTS]
    if unknown:
        raise ValueError(
            f"the batch simulator plays the bots {', '.join(sorted(FAST_BOTS))}, "
            f"not {', '.join(unknown)}"
        )
    return [BOT_KINDS[b] for b in bots]


def _seed(seed: int) -> np.uint64:
    return np.uint64(seed % (1 << 64))


@contextmanager
def on_threads(threads: int | None) -> Iterator[None]:
    """Run the compiled loop on ``threads`` threads (None: numba's default, every core)."""
    if threads is None:
        yield
        return
    before = numba.get_num_threads()
    # numba.config sets its options at run time (invisible to mypy): read it as a namespace.
    most = int(vars(numba_config)["NUMBA_NUM_THREADS"])
    numba.set_num_threads(max(1, min(threads, most)))
    try:
        yield
    finally:
        numba.set_num_threads(before)


def play_rows(
    rules: Rules,
    bots: Sequence[str],
    first: int,
    count: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    threads: int | None = None,
    worths: Int64Array | None = None,
) -> Int64Array:
    """Games ``first`` to ``first + count - 1``: one row each of what it came to.

    The columns are :mod:`schocken.fast.kernel`'s ``O_*`` values, with the losers (of the game
    and of each half, -1 where none) given as line-up places. ``worths`` (``count`` 2-d arrays of
    zeros) is given each game's counts of its rounds for Deckel by size and worth (a line-up of
    regulars: :func:`worth_counts`).
    """
    place_bot = np.array(_check(bots), np.int64)
    t = rule_tables(rules)
    m = _memo(rules, bots)
    m.trim()
    out = np.zeros((count, kernel.O_SIZE), np.int64)
    games = np.arange(first, first + count, dtype=np.int64)
    places = np.arange(count)
    # a game that stops at a key the memo lacks goes on from the start of that round
    strong_bots = any(b in STRONG_BOTS for b in bots)
    saves = np.zeros((count, kernel.save_size(len(bots)) if strong_bots else 0), np.int64)
    with on_threads(threads):
        # Games differ in length: the threads take them a few at a time, not half each.
        before = numba.set_parallel_chunksize(PARALLEL_CHUNK)
        threads_before = numba.get_num_threads()
        try:
            while games.size:
                if games.size < SERIAL_BELOW and games.size < count:
                    numba.set_num_threads(1)
                rows = np.zeros((games.size, kernel.O_SIZE), np.int64)
                miss = np.zeros((games.size, kernel.KW), np.int64)
                batch.play_batch(
                    len(bots), t.params, t.legal, t.after, t.thrown, t.sixes, t.results,
                    t.regular, t.buy_in, t.aside, m.keys, m.values, m.ends, m.arrays, place_bot,
                    rotate, _seed(seed), games, rows, miss, saves, places,
                    _NO_WORTHS if worths is None else worths,
                )  # fmt: skip
                missed = rows[:, kernel.O_MISS] != 0
                out[places[~missed]] = rows[~missed]
                if missed.any():  # a strong bot met new situations: fill the memo, play on
                    m.fill(miss[missed])
                games, places = games[missed], places[missed]
        finally:
            numba.set_parallel_chunksize(before)
            numba.set_num_threads(threads_before)
    m.save()
    return out


_NO_WORTHS = np.zeros((0, 0, 0), np.int64)

_NO_MEMO: dict[int, strong.Memo] = {}


def _memo(rules: Rules, bots: Sequence[str]) -> strong.Memo:
    """The strong bots' memo of the rule set (an empty one where the line-up has none)."""
    if any(b in STRONG_BOTS for b in bots):
        return strong.memo(rules)
    if not _NO_MEMO:
        _NO_MEMO[0] = strong.Memo.empty()
    return _NO_MEMO[0]


def run(
    rules: Rules,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
) -> BatchCounts:
    """Play ``games`` games (numbers ``first`` to ``first + games - 1``) and count who lost what.

    ``bots`` names the bot of each line-up place; with ``rotate`` the line-up moves one seat on
    after every game. ``progress`` is called with the number of games done after each chunk.
    """
    if games < 1:
        raise ValueError(f"simulate at least one game, not {games}")
    n = len(bots)
    _check(bots)
    lost = np.zeros(n, np.int64)
    halves_lost = np.zeros(n, np.int64)
    halves = rounds = turns = 0
    done = 0
    while done < games:
        count = min(CHUNK, games - done)
        rows = play_rows(rules, bots, first + done, count, seed, rotate=rotate, threads=threads)
        lost += np.bincount(rows[:, kernel.O_LOSER], minlength=n)
        half = rows[:, kernel.O_HALF_LOSER :].ravel()
        half = half[half >= 0]
        halves += int(half.size)
        halves_lost += np.bincount(half, minlength=n)
        rounds += int(rows[:, kernel.O_ROUNDS].sum())
        turns += int(rows[:, kernel.O_TURNS].sum())
        done += count
        if progress is not None:
            progress(done)
    return BatchCounts(
        games,
        halves,
        rounds,
        turns,
        tuple(int(x) for x in lost),
        tuple(int(x) for x in halves_lost),
    )


def play_record(
    rules: Rules, bots: Sequence[str], seed: int, game: int, *, rotate: bool = False
) -> GameRecord:
    """Game number ``game`` of a run seeded with ``seed``, as a record the engine can replay.

    It is the very game :func:`run` plays under that number (the same seat for each bot, the same
    dice), played again with every step written down. The record's outcome is what the batch
    simulator says the game came to; ``record.replay`` checks it.
    """

    kinds = _check(bots)
    n = len(bots)
    shift = game % n if rotate else 0
    seat_bot = np.array([kinds[(s - shift) % n] for s in range(n)], np.int64)
    t = rule_tables(rules)
    m = _memo(rules, bots)
    capacity = RECORD_STEPS
    while True:
        steps = np.zeros((capacity, kernel.S_SIZE), np.int64)
        sections = np.zeros((kernel.MAX_HALVES + 1, kernel.E_DECKEL + n), np.int64)
        out = np.zeros(kernel.O_SIZE, np.int64)
        miss = np.zeros(kernel.KW, np.int64)
        kernel.play_game(
            n, t.params, t.legal, t.after, t.thrown, t.sixes, t.results, t.regular, t.buy_in,
            t.aside, m.keys, m.values, m.ends, m.arrays, seat_bot,
            np.uint64(kernel.game_seed(_seed(seed), game)), True, steps, sections, out, miss,
            np.zeros(0, np.int64), np.zeros((0, 0), np.int64),
        )  # fmt: skip
        if out[kernel.O_MISS]:
            m.fill(miss[None, :])
            continue
        if out[kernel.O_STEPS] <= capacity:
            break
        capacity = int(out[kernel.O_STEPS])
    names = tuple(seat_names(n))
    return GameRecord(
        rules=rules,
        players=names,
        steps=_steps(steps[: out[kernel.O_STEPS]]),
        outcome=_outcome(out, sections, names),
        meta={
            "engine": "fast",
            "seed": seed,
            "game": game,
            "bots": [bots[(s - shift) % n] for s in range(n)],
        },
    )


def worth_counts(
    rules: Rules, players: int, games: int, seed: int = 0
) -> dict[int, dict[int | None, int]]:
    """What the best result of each round for Deckel was worth (``None``: a Schock-Aus), by the
    number of players in the round, counted in games ``0`` to ``games - 1`` of ``players`` pub
    regulars: the counts of :func:`schocken.bots.half_bot.worth_counts`, from the very same games
    (regulars draw nothing but their dice, so the reference engine throws these games' dice with
    :class:`schocken.dice.SplitMixDice`), in milliseconds instead of a second."""
    t = rule_tables(rules)
    most = max(int(t.results[..., R_DECKEL].max()), players * int(t.results[..., R_ADDS].max()), 1)
    worths = np.zeros((games, players + 1, 2 * most + 2), np.int64)  # a blind round's doubled
    play_rows(rules, ["regular"] * players, 0, games, seed, worths=worths)
    counted = worths.sum(axis=0)
    return {
        k: {None if w == 0 else w - 1: int(c) for w, c in enumerate(row.tolist()) if c}
        for k, row in enumerate(counted)
        if row.any()
    }


def _steps(rows: Any) -> tuple[RecordStep, ...]:
    steps = []
    for row in rows.tolist():
        seat, code, dice = row[kernel.S_SEAT], row[kernel.S_CODE], row[kernel.S_PIPS]
        pips = tuple(row[kernel.S_PIPS + 1 : kernel.S_PIPS + 1 + dice])
        steps.append(RecordStep(seat, action_from_code(code), pips))
    return tuple(steps)


def _outcome(out: Any, sections: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """What the game came to, in the form of :func:`schocken.record.outcome_of`."""
    ended = []
    for row in sections[: out[kernel.O_SECTIONS]].tolist():
        loser = row[kernel.E_LOSER]
        ended.append(
            {
                "section": _SECTIONS[row[kernel.E_SECTION]].value,
                "loser": loser,
                "loser_name": names[loser],
                "schock_aus": bool(row[kernel.E_SCHOCK_AUS]),
                "deckel": row[kernel.E_DECKEL :],
            }
        )
    loser = int(out[kernel.O_LOSER])
    return {
        "finished": True,
        "sections": ended,
        "finale": any(s["section"] == Section.FINALE.value for s in ended),
        "blattschuss": bool(out[kernel.O_BLATTSCHUSS]),
        "loser": loser,
        "loser_name": names[loser],
        "rounds": int(out[kernel.O_ROUNDS]),
    }


def play_records(
    rules: Rules,
    bots: Sequence[str],
    seed: int,
    games: int,
    *,
    first: int = 0,
    rotate: bool = False,
) -> list[GameRecord]:
    """Games ``first`` to ``first + games - 1`` as records (see :func:`play_record`)."""
    return [play_record(rules, bots, seed, g, rotate=rotate) for g in range(first, first + games)]


__all__ = [
    "FAST_BOTS",
    "BatchCounts",
    "RuleTables",
    "play_record",
    "play_records",
    "play_rows",
    "rule_tables",
    "run",
    "supports",
    "worth_counts",
]
