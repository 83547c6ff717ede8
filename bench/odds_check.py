"""Benchmark-size cross-check: exact turn odds against a million turns played by the engine.

Usage: python bench/odds_check.py [--turns 1000000] [--limit 3] [--policy optimal] [--preset all]

For every final result it prints nothing but the worst deviation, in standard errors, over all
results, and how long the exact table and the simulation took.
"""

from __future__ import annotations

import argparse
import math
import time

from schocken.odds import simulate_turns, turn_odds
from schocken.rules import PRESETS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1_000_000)
    parser.add_argument("--limit", type=int, default=3)
    parser.add_argument("--policy", default="optimal")
    parser.add_argument("--preset", default="all", choices=["all", *PRESETS])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    for name in PRESETS if args.preset == "all" else [args.preset]:
        rules = PRESETS[name]
        started = time.perf_counter()
        exact = turn_odds(rules, args.limit, args.policy).results
        exact_s = time.perf_counter() - started
        started = time.perf_counter()
        counts = simulate_turns(rules, args.limit, args.policy, args.turns, seed=args.seed)
        sim_s = time.perf_counter() - started
        worst = 0.0
        for result, p in exact.items():
            q = float(p)
            se = math.sqrt(q * (1 - q) / args.turns)
            worst = max(worst, abs(counts.get(result, 0) / args.turns - q) / se)
        impossible = sum(n for r, n in counts.items() if r not in exact)
        print(
            f"{name:<12} limit {args.limit}, {args.policy}: {len(exact)} results, "
            f"{args.turns} turns: worst deviation {worst:.2f} standard errors, "
            f"{impossible} impossible results (exact {exact_s:.2f} s, simulation {sim_s:.0f} s)"
        )


if __name__ == "__main__":
    main()
