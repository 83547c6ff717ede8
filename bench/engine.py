"""Benchmark: bot-vs-bot full games with the engine; prints turns per second.

Usage: python bench/engine.py [--preset all] [--players 4] [--games 2000] [--bots regular]
                              [--procs N] [--against SRC [--pairs 3]]

A turn is one player's turn in one round (opening rounds included). Every game is played through
the public interface (schocken.simulate.play_game): each decision asks for the player's view and
the legal actions, and every action is checked and applied by the engine, events, record steps and
all. A turn's first throw, the one legal action then, is applied without asking the bot.

It prints the figure for one process, then for ``--procs`` processes side by side (default: one per
core), each playing its own share of the games: the machine's throughput.

``--against SRC`` measures this tree and another source tree (e.g. a checkout of an older main)
side by side in one run: ``--pairs`` times each, alternating, each in a fresh process running its
own tree's ``bench/engine.py`` with ``--procs 1``; it prints every run and each tree's median.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.rules import PRESETS, find_preset
from schocken.simulate import play_game, seat_names, turn_count


def run(preset: str, players: int, games: int, bot: str, seed: int = 1) -> tuple[int, float]:
    rules = find_preset(preset)
    names = seat_names(players)
    turns = 0
    started = time.perf_counter()
    for g in range(games):
        strategies = [make_bot(bot, seed + g * 31 + i) for i in range(players)]
        game = play_game(Game(rules, names, RandomDice(seed + g)), strategies)
        turns += turn_count(game)
    return turns, time.perf_counter() - started


def _run_star(args: tuple[str, int, int, str, int]) -> tuple[int, float]:
    return run(*args)


def run_parallel(preset: str, players: int, games: int, bot: str, procs: int) -> tuple[int, float]:
    """Turns played and wall-clock seconds with ``procs`` processes sharing ``games``."""
    share = [(preset, players, games // procs, bot, 1 + 7919 * i) for i in range(procs)]
    with ProcessPoolExecutor(procs) as pool:
        list(pool.map(_run_star, [(p, n, max(1, g // 20), b, s) for p, n, g, b, s in share]))
        started = time.perf_counter()
        results = list(pool.map(_run_star, share))
        elapsed = time.perf_counter() - started
    return sum(t for t, _ in results), elapsed


def one_process(src: Path, args: argparse.Namespace) -> float:
    """The 'all' (or single preset) figure of ``src``'s own bench/engine.py, one process."""
    command = [sys.executable, str(src.parent / "bench" / "engine.py"), "--procs", "1"]
    command += ["--preset", args.preset, "--players", str(args.players)]
    command += ["--games", str(args.games), "--bots", args.bots]
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    figures = re.findall(r"([\d,]+) turns/s", out)
    return float(figures[-1].replace(",", ""))


def against(args: argparse.Namespace) -> None:
    here = Path(__file__).resolve().parent.parent / "src"
    other = Path(args.against).resolve()
    runs: dict[Path, list[float]] = {here: [], other: []}
    for pair in range(args.pairs):
        for src in (other, here) if pair % 2 else (here, other):
            figure = one_process(src, args)
            runs[src].append(figure)
            print(f"{src!s:<40} {figure:>10,.0f} turns/s (one process)", flush=True)
    a, b = statistics.median(runs[here]), statistics.median(runs[other])
    print(f"median: this tree {a:,.0f}, {other} {b:,.0f} turns/s: ratio {a / b:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="all", choices=["all", *PRESETS])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bots", default="regular")
    parser.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--against", help="another source tree to measure side by side")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    if args.against:
        against(args)
        return
    presets = list(PRESETS) if args.preset == "all" else [args.preset]
    total_turns, total_time = 0, 0.0
    for preset in presets:
        run(preset, args.players, max(1, args.games // 20), args.bots)  # warm caches
        turns, elapsed = run(preset, args.players, args.games, args.bots)
        total_turns += turns
        total_time += elapsed
        print(
            f"{preset:<12} {args.players} players, {args.games} games, bots {args.bots}: "
            f"{turns} turns in {elapsed:.2f} s = {turns / elapsed:,.0f} turns/s"
        )
    if len(presets) > 1:
        print(f"{'all':<12} {total_turns / total_time:,.0f} turns/s (one process)")
    if args.procs > 1:
        total_turns, total_time = 0, 0.0
        for preset in presets:
            turns, elapsed = run_parallel(preset, args.players, args.games, args.bots, args.procs)
            total_turns += turns
            total_time += elapsed
        print(
            f"{'all':<12} {total_turns / total_time:,.0f} turns/s "
            f"({args.procs} processes, one per core)"
        )


if __name__ == "__main__":
    main()
