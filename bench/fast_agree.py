"""Benchmark: the batch simulator's loss shares against the reference engine's, with 95% CIs.

Usage: python bench/fast_agree.py [--games 1000000] [--reference-games 20000] [--procs 2]

For each rule set and line-up below, it plays ``--games`` games on the batch simulator and
``--reference-games`` on the reference engine (``--procs`` processes), both through
:func:`schocken.simulate.simulate`, and prints each seat's share of lost games with its 95% (Wilson)
interval from both, whether the intervals overlap, and the difference in standard errors
(z). With 95% intervals, about one comparison in twenty shows |z| > 1.96 by chance alone.
"""

from __future__ import annotations

import argparse
import math
import os
import time

from schocken.rules import Rules, find_preset
from schocken.simulate import SimulationReport, simulate

CASES: list[tuple[str, dict[str, object], list[str]]] = [
    ("tsv99", {}, ["regular", "random", "regular", "random"]),
    ("schock4life", {}, ["regular", "random", "regular", "random"]),
    ("knobelrunde", {}, ["regular", "regular", "regular", "regular"]),
    ("schock4life", {"deckel_per_half": 5, "tiebreak": "later_loses"}, ["random"] * 3),
    ("allgemein", {}, ["random", "regular", "regular", "regular", "regular"]),
    (
        "tsv99",
        {"opening": "lowest_takes", "einwuerfeln": True, "put_back": False, "deckel_per_half": 7},
        ["random", "regular", "random"],
    ),
]


def _label(preset: str, overrides: dict[str, object]) -> str:
    if not overrides:
        return preset
    return preset + " + " + ", ".join(f"{k}={v}" for k, v in overrides.items())


def compare(
    rules: Rules, bots: list[str], games: int, reference_games: int, procs: int
) -> list[float]:
    """Print one table for a rule set and line-up; returns each seat's z."""
    started = time.perf_counter()
    quick = simulate(rules, bots, games, seed=1, engine="fast")
    fast_time = time.perf_counter() - started
    started = time.perf_counter()
    slow = simulate(rules, bots, reference_games, seed=1, procs=procs, engine="reference")
    slow_time = time.perf_counter() - started
    print(
        f"  batch simulator {games:,} games in {fast_time:.1f} s, reference engine "
        f"{reference_games:,} games in {slow_time:.1f} s; rounds per game "
        f"{quick.mean_rounds:.2f} vs {slow.mean_rounds:.2f}"
    )
    print(
        f"  {'seat':>4} {'bot':<8} {'batch simulator':>26} {'reference engine':>26} "
        f"{'overlap':>8} {'z':>6}"
    )
    zs = []
    for s in range(len(bots)):
        z = _z(quick, slow, s)
        zs.append(z)
        overlap = _overlap(quick.loss_ci95(s), slow.loss_ci95(s))
        print(
            f"  {s:>4} {bots[s]:<8} {_share(quick, s):>26} {_share(slow, s):>26} "
            f"{'yes' if overlap else 'NO':>8} {z:>6.2f}"
        )
    return zs


def _share(report: SimulationReport, seat: int) -> str:
    lo, hi = report.loss_ci95(seat)
    return f"{report.loss_share(seat):7.2%} [{lo:6.2%}, {hi:6.2%}]"


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def _z(a: SimulationReport, b: SimulationReport, seat: int) -> float:
    p, q = a.loss_share(seat), b.loss_share(seat)
    var = p * (1 - p) / a.games + q * (1 - q) / b.games
    return (p - q) / math.sqrt(var) if var > 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--reference-games", type=int, default=20_000)
    parser.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    zs: list[float] = []
    for preset, overrides, bots in CASES:
        rules = find_preset(preset).with_overrides(overrides)
        print(f"{_label(preset, overrides)}, {len(bots)} players:")
        zs += compare(rules, bots, args.games, args.reference_games, args.procs)
    outside = sum(1 for z in zs if abs(z) > 1.959964)
    print(f"{outside} of {len(zs)} seats differ by more than 1.96 standard errors")


if __name__ == "__main__":
    main()
