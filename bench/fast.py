"""Benchmark: the batch simulator against the reference engine, side by side; prints turns/s.

Usage: python bench/fast.py [--preset all] [--players 4] [--bots regular] [--games 2000]
                            [--fast-games 200000] [--reference-src DIR] [--hundred-million]

The reference engine is measured by running ``bench/engine.py`` of the source tree
``--reference-src`` (default: this tree's ``src``) in a subprocess, one process and one per core;
the batch simulator (:mod:`schocken.fast`) on the same presets, players and bots, on one thread,
on every core with threads (numba's ``prange``, what it uses) and with as many processes of one
thread each (to compare). It prints turns per second and the ratios. Compiling is not timed (a
warm-up run first; numba caches the compiled code on disk).

``--hundred-million`` instead times 100 million turns on every core (4 players of the preset's
rules, regular bots unless ``--bots`` says otherwise), including everything from the call on.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from schocken import fast
from schocken.fast import kernel
from schocken.rules import PRESETS, find_preset

HERE = Path(__file__).resolve().parent


def reference(
    src: Path, preset: str, players: int, games: int, bots: str, procs: int
) -> tuple[float, float]:
    """The reference engine's turns/s (one process, ``procs`` processes) by its own benchmark."""
    script = src.parent / "bench" / "engine.py"
    command = [sys.executable, str(script), "--preset", preset, "--players", str(players)]
    command += ["--games", str(games), "--bots", bots, "--procs", str(procs)]
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    print("  " + out.strip().replace("\n", "\n  "), flush=True)
    m = re.search(r"^all +([\d,]+) turns/s \(one process\)", out, re.M)
    if m is None:  # one preset: its own line
        m = re.search(r"= ([\d,]+) turns/s", out)
    assert m is not None, out
    one = float(m.group(1).replace(",", ""))
    m = re.search(r"([\d,]+) turns/s \(\d+ processes", out)
    every = float(m.group(1).replace(",", "")) if m is not None else 0.0
    return one, every


def _fast_share(job: tuple[str, int, str, int, int]) -> tuple[int, float]:
    preset, players, bots, first, games = job
    rules = find_preset(preset)
    lineup = bots.split(",") * players
    started = time.perf_counter()
    rows = fast.play_rows(rules, lineup[:players], first, games, threads=1)
    return int(rows[:, kernel.O_TURNS].sum()), time.perf_counter() - started


def batch(
    presets: list[str], players: int, games: int, bots: str, threads: int | None
) -> tuple[int, float]:
    """Turns and seconds of the batch simulator on ``threads`` threads (None: every core)."""
    turns = 0
    seconds = 0.0
    lineup = (bots.split(",") * players)[:players]
    for preset in presets:
        rules = find_preset(preset)
        fast.run(rules, lineup, 500, seed=99, threads=threads)  # compiled (or loaded) here
        started = time.perf_counter()
        counts = fast.run(rules, lineup, games, seed=1, threads=threads)
        elapsed = time.perf_counter() - started
        turns += counts.turns
        seconds += elapsed
        label = "1 thread" if threads == 1 else "every core"
        print(
            f"  {preset:<12} {players} players, {games} games, bots {bots}, {label}: "
            f"{counts.turns} turns in {elapsed:.2f} s = {counts.turns / elapsed:,.0f} turns/s",
            flush=True,
        )
    return turns, seconds


def batch_processes(
    presets: list[str], players: int, games: int, bots: str, procs: int
) -> tuple[int, float]:
    """Turns and wall-clock seconds with ``procs`` processes of one thread sharing the games."""
    turns = 0
    seconds = 0.0
    # Fresh processes (spawned): a process must not fork once numba's OpenMP threads run in it.
    with ProcessPoolExecutor(procs, mp_context=multiprocessing.get_context("spawn")) as pool:
        list(pool.map(_fast_share, [(p, players, bots, 0, 500) for p in presets for _ in "ab"]))
        for preset in presets:
            share = games // procs
            jobs = [(preset, players, bots, i * share, share) for i in range(procs)]
            started = time.perf_counter()
            done = list(pool.map(_fast_share, jobs))
            turns += sum(t for t, _ in done)
            seconds += time.perf_counter() - started
    return turns, seconds


def hundred_million(preset: str, players: int, bots: str) -> None:
    rules = find_preset(preset)
    lineup = (bots.split(",") * players)[:players]
    fast.run(rules, lineup, 500, seed=99)  # compiled (or loaded from the cache) before timing
    started = time.perf_counter()
    turns = games = 0
    while turns < 100_000_000:
        share = 200_000
        counts = fast.run(rules, lineup, share, seed=games + 1)
        turns += counts.turns
        games += share
    elapsed = time.perf_counter() - started
    print(
        f"{preset} {players} players, bots {bots}, every core: {turns:,} turns "
        f"({games:,} games) in {elapsed:.1f} s = {turns / elapsed:,.0f} turns/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="all", choices=["all", *PRESETS])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="regular", help="comma-separated, repeated to fill")
    parser.add_argument("--games", type=int, default=2000, help="games for the reference engine")
    parser.add_argument("--fast-games", type=int, default=200_000, help="for the batch simulator")
    parser.add_argument("--reference-src", type=Path, default=HERE.parent / "src")
    parser.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--hundred-million", action="store_true")
    args = parser.parse_args()
    if args.hundred_million:
        hundred_million("tsv99" if args.preset == "all" else args.preset, args.players, args.bots)
        return
    presets = list(PRESETS) if args.preset == "all" else [args.preset]
    print(f"reference engine ({args.reference_src}):", flush=True)
    ref_one, ref_all = reference(
        args.reference_src, args.preset, args.players, args.games, args.bots, args.procs
    )
    print("batch simulator:", flush=True)
    turns, seconds = batch(presets, args.players, args.fast_games, args.bots, 1)
    one = turns / seconds
    turns, seconds = batch(presets, args.players, args.fast_games, args.bots, None)
    every = turns / seconds
    turns, seconds = batch_processes(presets, args.players, args.fast_games, args.bots, args.procs)
    procs = turns / seconds
    print()
    print(f"{'turns/s, ' + ','.join(presets):<44} {'one process':>14} {'every core':>14}")
    print(f"{'reference engine':<44} {ref_one:>14,.0f} {ref_all:>14,.0f}")
    print(f"{'batch simulator (threads)':<44} {one:>14,.0f} {every:>14,.0f}")
    print(f"{'batch simulator (processes of one thread)':<44} {'':>14} {procs:>14,.0f}")
    every_ratio = every / ref_all if ref_all else float("nan")  # --procs 1: no every-core run
    print(f"{'ratio (threads)':<44} {one / ref_one:>14,.1f} {every_ratio:>14,.1f}")


if __name__ == "__main__":
    main()
