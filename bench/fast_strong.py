"""Benchmark: a strong bot (half or solver) and three pub regulars in the batch simulator.

Usage: python bench/fast_strong.py [--presets tsv99,schock4life] [--bots half,solver]
                                   [--warm 2000] [--games 2000] [--every-core] [--fresh]

For each preset and strong bot it plays ``--warm`` games with the memo as it starts (empty, or
the one kept on disk under ``SCHOCKEN_CACHE_DIR`` when that is set: :mod:`schocken.fast.strong`)
and prints the time that took (the build: nearly all of it the reference bots filling the memo),
how many keys the memo holds, its size in memory and on disk. Then it prints turns per second on
one thread (and with ``--every-core`` on every core) for the same games again (every decision they
meet is in the memo: the speed of the compiled loop with the strong bot's decisions looked up) and
for ``--games`` new games (new situations still fill the memo, and that time counts; with
``--every-core`` other new games than the one thread's). Compiling is
not timed (a run of a line-up of regulars first; numba caches the compiled code on disk). Four
regulars are timed first on the same games, as a yardstick of how busy the machine is.
With ``SCHOCKEN_CACHE_DIR`` set, the Finale's solutions too are read from what earlier runs kept
there (:mod:`schocken.finale_shared`): the setup then costs nothing.

The build is split: first what the reference bots compute once per rule set before their first
decision (the setup: the half bot's model of the half, with its 400 games of regulars, and the
Finale's solutions), then the games, with their turns per second. With ``--fresh`` each preset and
bot runs in a process of its own (nothing of another run in its caches: a rule set new to the
process, the memo empty, unless ``SCHOCKEN_CACHE_DIR`` is set).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from schocken import fast
from schocken.bots.half_bot import _model, _two_player_bot
from schocken.bots.solver_bot import _finale_bot
from schocken.fast import strong
from schocken.rules import PRESETS, Rules, find_preset


def _ends_solved(rules: Rules) -> int:
    """Situations whose ends of the round the half bot's filling has solved: those its store
    holds (``round_ends``)."""
    return strong.memo(rules).situations


def _timed(rules: Rules, lineup: list[str], games: int, seed: int, threads: int | None) -> str:
    memo = strong.memo(rules)
    before, ends = memo.seconds, _ends_solved(rules)
    started = time.perf_counter()
    counts = fast.run(rules, lineup, games, seed=seed, threads=threads)
    elapsed = time.perf_counter() - started
    return (
        f"{games:,} games, {counts.turns:,} turns in {elapsed:.2f} s = "
        f"{counts.turns / elapsed:,.0f} turns/s ({memo.seconds - before:.2f} s filling the memo; "
        f"now {memo.keys_held:,} keys; {_ends_solved(rules) - ends:,} situations' ends solved)"
    )


def _setup(rules: Rules, bot: str, players: int) -> float:
    """The seconds of what the reference bot computes once per rule set (see the module)."""
    started = time.perf_counter()
    _finale_bot(rules)
    if bot == "half":
        _model(rules, players)
        _two_player_bot(rules)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--bots", default="half,solver")
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--warm", type=int, default=2_000)
    parser.add_argument("--every-core", action="store_true")
    parser.add_argument("--fresh", action="store_true", help="each preset and bot in a process")
    args = parser.parse_args()
    if args.fresh:
        for preset in args.presets.split(","):
            for bot in args.bots.split(","):
                options = ["--presets", preset, "--bots", bot, "--warm", str(args.warm)]
                options += ["--games", str(args.games)]
                options += ["--every-core"] if args.every_core else []
                subprocess.run([sys.executable, __file__, *options], check=True)
        return
    threads: list[tuple[int | None, str]] = [(1, "1 thread")]
    if args.every_core:
        threads.append((None, "every core"))
    for preset in args.presets.split(","):
        rules = find_preset(preset)
        fast.run(rules, ["regular"] * 4, 100, seed=99, threads=1)  # compiled (or loaded) here
        print(f"preset {preset}, 4 players: one strong bot and three regulars", flush=True)
        for n, label in threads:  # the yardstick, as loaded now
            started = time.perf_counter()
            counts = fast.run(rules, ["regular"] * 4, args.warm, seed=7, threads=n)
            elapsed = time.perf_counter() - started
            print(
                f"  four regulars, {label}: {args.warm:,} games, "
                f"{counts.turns / elapsed:,.0f} turns/s",
                flush=True,
            )
        for bot in args.bots.split(","):
            lineup = [bot, "regular", "regular", "regular"]
            started = time.perf_counter()
            memo = strong.memo(rules)
            held, before = memo.keys_held, memo.seconds
            loaded = time.perf_counter() - started
            setup = _setup(rules, bot, len(lineup))
            ends = _ends_solved(rules)
            started = time.perf_counter()
            counts = fast.run(rules, lineup, args.warm, seed=7, threads=1)
            elapsed = time.perf_counter() - started
            on_disk = memo.path.stat().st_size if memo.path is not None else 0
            print(
                f"  {bot}: memo of {held:,} keys at the start (loaded in {loaded:.1f} s); "
                f"setup {setup:.2f} s; build: {args.warm:,} games in {elapsed:.2f} s = "
                f"{counts.turns / elapsed:,.0f} turns/s ({memo.seconds - before:.2f} s of it "
                f"filling the memo; {counts.turns:,} turns); with the setup "
                f"{counts.turns / (elapsed + setup):,.0f} turns/s; memo: {memo.keys_held:,} keys, "
                f"{memo.nbytes / 1e6:.1f} MB in memory, {on_disk / 1e6:.1f} MB on disk; "
                f"{_ends_solved(rules) - ends:,} situations' ends solved",
                flush=True,
            )
            for i, (n, label) in enumerate(threads):  # each its own new games
                print(f"    {label:>10}, same games: {_timed(rules, lineup, args.warm, 7, n)}")
                print(f"    {label:>10},  new games: {_timed(rules, lineup, args.games, 8 + i, n)}")


if __name__ == "__main__":
    main()
