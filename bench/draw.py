"""Benchmark: the tournament draw's repeated pairs and time (issue 24, item 3).

Usage: python bench/draw.py [--players 24 48 120] [--rounds 4 5 6 7 8] [--sizes 4 6]
                            [--seeds 10] [--markdown] [--no-big]

For each number of players and table size it draws 8 rounds, ``--seeds`` times with different
seeds (the tournament's seed and the round's number, as ``schocken tournament draw`` does),
and prints, after each of ``--rounds``:

* **draw**: the repeated pairs of :func:`schocken.tournament.draw.draw_tables` (a meeting of
  two players who met before counts once; the mean over the seeds);
* **random**: the same for a plain random draw: the players shuffled and cut into tables of
  the same sizes (:func:`schocken.tournament.draw.random_tables`), with the same seeds;
* **bound**: :func:`schocken.tournament.draw.lower_bound`, fewer than which no draw can have
  (its docstring and ``docs/tournament.md`` say why);
* the slowest single draw of a round, in milliseconds: wall time (time.perf_counter) and the
  process's CPU time (time.process_time, which other programs on a shared machine do not
  inflate); the drawing only.

``--markdown`` prints the table for ``docs/tournament.md``. Fields of more than
:data:`schocken.tournament.draw.BIG` players take the big field's draw; ``--no-big`` draws them
the small way too, to compare (``--players 501 1001 --rounds 4 6 8 --seeds 3``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from schocken.tournament import draw
from schocken.tournament.draw import draw_tables, random_tables, table_sizes
from schocken.tournament.meetings import lower_bound, repeated_pairs

Row = tuple[int, float, float, int, float, float]


def run(players: int, size: int, rounds: list[int], seeds: int) -> list[Row]:
    """(rounds, mean repeated pairs of the draw, of a random draw, the bound, slowest ms wall,
    slowest ms CPU)."""
    names = [f"P{i:03}" for i in range(players)]
    last = max(rounds)
    ours: dict[int, list[int]] = {r: [] for r in rounds}
    plain: dict[int, list[int]] = {r: [] for r in rounds}
    slowest: dict[int, float] = {r: 0.0 for r in rounds}
    slowest_cpu: dict[int, float] = {r: 0.0 for r in rounds}
    bound: dict[int, int] = {}
    sizes = table_sizes(players, size, 3)
    for seed in range(seeds):
        history: list[tuple[tuple[str, ...], ...]] = []
        randoms: list[tuple[tuple[str, ...], ...]] = []
        worst = worst_cpu = 0.0
        for r in range(1, last + 1):
            start, cpu = time.perf_counter(), time.process_time()
            tables = draw_tables(names, size=size, smallest=3, seed=f"{seed}/{r}", history=history)
            worst = max(worst, time.perf_counter() - start)
            worst_cpu = max(worst_cpu, time.process_time() - cpu)
            history.append(tables)
            randoms.append(random_tables(names, sizes, random.Random(f"{seed}/{r}")))
            if r in ours:
                ours[r].append(repeated_pairs(history))
                plain[r].append(repeated_pairs(randoms))
                slowest[r] = max(slowest[r], worst * 1000)
                slowest_cpu[r] = max(slowest_cpu[r], worst_cpu * 1000)
                bound[r] = lower_bound(players, [[len(t) for t in rnd] for rnd in history])
    return [
        (
            r,
            statistics.mean(ours[r]),
            statistics.mean(plain[r]),
            bound[r],
            slowest[r],
            slowest_cpu[r],
        )
        for r in rounds
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[24, 48, 120])
    parser.add_argument("--rounds", type=int, nargs="+", default=[4, 5, 6, 7, 8])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument(
        "--no-big",
        action="store_true",
        help="draw fields of more than draw.BIG players the small way too (to compare)",
    )
    args = parser.parse_args()
    if args.no_big:
        draw.BIG = 10**9
    if args.markdown:
        print("| players | tables of | rounds | draw | random | bound | slowest draw (wall, CPU) |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
    else:
        print("players size rounds    draw  random bound  ms wall  ms CPU")
    for players in args.players:
        for size in args.sizes:
            for r, ours, plain, bound, ms, cpu in run(players, size, args.rounds, args.seeds):
                if args.markdown:
                    cells = [players, size, r, f"{ours:.1f}", f"{plain:.1f}", bound]
                    print("| " + " | ".join(map(str, cells)) + f" | {ms:.0f} ms, {cpu:.0f} ms |")
                else:
                    print(
                        f"{players:>7} {size:>4} {r:>6} {ours:>7.1f} {plain:>7.1f} {bound:>5} "
                        f"{ms:>8.0f} {cpu:>7.0f}"
                    )


if __name__ == "__main__":
    main()
