"""Benchmark: the learning environment's baseline against three pub regulars, beside the bots.

Usage: python bench/rl_baseline.py [--minutes 10] [--games 2000] [--rules tsv99] [--seed 0]
                                   [--save policy.npz]

Trains the baseline (``schocken.rl.baseline``: a linear policy by REINFORCE on the Gymnasium
environment against three regulars) for ``--minutes`` of wall-clock time (at most 10), then plays
it greedily in ``--games`` games against three regulars, moving one seat on after every game, and
prints its share of lost games with a 95% Wilson interval beside the shares of the ``random``,
``regular``, ``half`` and ``solver`` bots in as many games against three regulars (rotated the
same way; ``schocken.simulate``, on the batch simulator where the ``fast`` extra is installed).
It prints the date, the load average and the seconds each part took: the machine may be shared.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time

from schocken.intervals import wilson
from schocken.rl.baseline import evaluate, train
from schocken.rl.table import rules_of
from schocken.simulate import choose_engine, simulate

MAX_MINUTES = 10.0
BOTS = ("random", "regular", "half", "solver")


def line(name: str, lost: int, games: int, seconds: float, note: str = "") -> str:
    lo, hi = wilson(lost, games)
    return (
        f"{name:<9} {lost / games:6.1%}  [{lo:5.1%}; {hi:5.1%}]  {lost:>5} of {games:<5}"
        f"  {seconds:6.1f} s  {note}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=MAX_MINUTES)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rules", default="tsv99")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default=None)
    args = parser.parse_args(argv)
    if not 0 < args.minutes <= MAX_MINUTES:
        parser.error(f"--minutes is more than 0 and at most {MAX_MINUTES:g}, not {args.minutes:g}")
    rules = rules_of(args.rules)
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")

    last = [0.0]

    def tell(games: int, seconds: float) -> None:
        if seconds - last[0] >= 60:
            last[0] = seconds
            print(f"  training: {games} games in {seconds:.0f} s", file=sys.stderr, flush=True)

    policy, stats = train(rules, seconds=args.minutes * 60, seed=args.seed, progress=tell)
    print(
        f"trained {stats.seconds:.1f} s ({stats.seconds / 60:.2f} min): {stats.games} games, "
        f"{stats.decisions} decisions; the sampling policy lost {stats.late_lost:.1%} of the "
        "last quarter of them"
    )
    if args.save:
        policy.save(args.save)
    print(f"\nShare of games lost against three regulars ({rules.preset}, 4 seats, rotated):")
    print(f"{'bot':<9} {'lost':>6}  {'95% interval':<16}  {'games':<14}  {'time':>8}")
    start = time.perf_counter()
    lost, games = evaluate(policy, rules, games=args.games, seed=args.seed + 1)
    print(line("baseline", lost, games, time.perf_counter() - start, "(reference engine)"))
    for bot in BOTS:
        line_up = (bot, "regular", "regular", "regular")
        engine = choose_engine("auto", line_up)
        start = time.perf_counter()
        report = simulate(rules, line_up, args.games, args.seed + 2, rotate=True, engine=engine)
        seconds = time.perf_counter() - start
        print(line(bot, report.seats[0].games_lost, report.games, seconds, f"({engine})"))
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end; even share 25.0%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
