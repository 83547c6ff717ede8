"""Benchmark: how long the rules lab takes for each preset (what ``schocken lab`` and the
builder's panel wait for); prints seconds.

Usage: python bench/lab.py [--preset all] [--games 20000] [--reference]

For each preset, in one process (as the server keeps it): the evening's figures (the games of
four regulars), the skill figure the first time the rule set is measured (the strong bot's
decisions not yet memoised: what a new rule set in the builder costs) and a second time (the
same games, the memo filled: what the server's second measurement of a rule set costs), and the
whole :func:`schocken.lab.measure` call after that. The batch
simulator's compiling is not timed (a warm-up run first, on a rule set none of the presets is, so
that their skill figures start new; numba caches the compiled code on disk). With
``--reference`` the reference engine's fewer games instead (the lab without the fast extra).
Also printed: how many skill games fitted into the skill figure's time (``SKILL_SECONDS``).
"""

from __future__ import annotations

import argparse
import time

from schocken.lab import measure
from schocken.lab.run import GAMES, REFERENCE_GAMES, SKILL_SECONDS
from schocken.rules import PRESETS, find_preset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="all", help=f"{', '.join(PRESETS)} or all")
    parser.add_argument("--games", type=int)
    parser.add_argument("--reference", action="store_true", help="the reference engine")
    args = parser.parse_args()
    presets = list(PRESETS) if args.preset == "all" else [args.preset]
    engine = "reference" if args.reference else "fast"
    games = args.games or (REFERENCE_GAMES if args.reference else GAMES)
    if not args.reference:  # compile (or load the cached code) first, on rules not measured here
        warm_up = find_preset("tsv99").with_overrides({"deckel_per_half": 12})
        measure(warm_up, games=100, skill_games=1, skill_seconds=0)
    print(f"{engine} engine, {games:,} games of four regulars, skill for {SKILL_SECONDS} s")
    print(f"{'preset':<12} {'evening s':>9} {'skill new s':>11} {'games':>6} "
          f"{'skill again s':>13} {'games':>6} {'whole s':>8}")  # fmt: skip
    for name in presets:
        rules = find_preset(name)
        # skill alone (the fewest evening games the lab takes), first for the new rule set
        started = time.perf_counter()
        first = measure(rules, games=2, engine=engine)
        skill_new = time.perf_counter() - started
        started = time.perf_counter()
        measure(rules, games=games, engine=engine, skill_games=1, skill_seconds=0)
        evening = time.perf_counter() - started
        started = time.perf_counter()
        again = measure(rules, games=2, engine=engine)  # the same games: the memo filled
        skill_again = time.perf_counter() - started
        started = time.perf_counter()
        measure(rules, games=games, engine=engine)
        whole = time.perf_counter() - started
        print(f"{name:<12} {evening:>9.2f} {skill_new:>11.2f} {first.skill.games:>6} "
              f"{skill_again:>13.2f} {again.skill.games:>6} {whole:>8.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
