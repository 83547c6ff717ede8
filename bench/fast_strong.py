"""Benchmark: a strong bot (half or solver) and three pub regulars in the batch simulator.

Usage: python bench/fast_strong.py [--preset tsv99] [--bots half,solver] [--warm 2000]
                                   [--games 2000]

For each strong bot it plays ``--warm`` games from an empty memo (the decisions the games meet
are computed by the reference bots' functions and memoised: :mod:`schocken.fast.strong`) and
prints the time that took, how many keys the memo holds and its size. Then, on one thread and on
every core, it prints turns per second for the same games again (the memo holds every decision
they meet: the speed of the compiled loop with the strong bot's decisions looked up) and for
``--games`` new games (new situations still fill the memo, and that time counts). Compiling is
not timed (a run of a line-up of regulars first; numba caches the compiled code on disk). Four
regulars are timed first on the same games, as a yardstick of how busy the machine is.
"""

from __future__ import annotations

import argparse
import time

from schocken import fast
from schocken.fast import strong
from schocken.rules import find_preset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="tsv99")
    parser.add_argument("--bots", default="half,solver")
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--warm", type=int, default=2_000)
    args = parser.parse_args()
    rules = find_preset(args.preset)
    fast.run(rules, ["regular"] * 4, 100, seed=99, threads=1)  # compiled (or loaded) here
    print(f"preset {args.preset}, 4 players: one strong bot and three regulars", flush=True)
    for threads, label in ((1, "1 thread"), (None, "every core")):  # the yardstick, as loaded now
        started = time.perf_counter()
        counts = fast.run(rules, ["regular"] * 4, args.warm, seed=7, threads=threads)
        elapsed = time.perf_counter() - started
        print(
            f"four regulars, {label}: {args.warm:,} games, {counts.turns / elapsed:,.0f} turns/s",
            flush=True,
        )
    first = args.warm
    for bot in args.bots.split(","):
        lineup = [bot, "regular", "regular", "regular"]
        memo = strong.memo(rules)
        before = memo.seconds
        started = time.perf_counter()
        counts = fast.run(rules, lineup, args.warm, seed=7, threads=None)
        elapsed = time.perf_counter() - started
        print(
            f"{bot}: {args.warm:,} games from an empty memo in {elapsed:.1f} s "
            f"({memo.seconds - before:.1f} s of it filling the memo; {counts.turns:,} turns); "
            f"memo: {memo.keys_held:,} keys, {memo.nbytes / 1e6:.1f} MB",
            flush=True,
        )
        for threads, label in ((1, "1 thread"), (None, "every core")):
            for games, seed, what in ((args.warm, 7, "same"), (args.games, first, "new")):
                before = memo.seconds
                started = time.perf_counter()
                counts = fast.run(rules, lineup, games, seed=seed, threads=threads)
                elapsed = time.perf_counter() - started
                filling = memo.seconds - before
                print(
                    f"  {label:>10}, {what:>4} games: {games:,} games, {counts.turns:,} turns in "
                    f"{elapsed:.2f} s = {counts.turns / elapsed:,.0f} turns/s ({filling:.2f} s "
                    f"filling the memo; now {memo.keys_held:,} keys)",
                    flush=True,
                )
            first += 1


if __name__ == "__main__":
    main()
