"""Benchmark: how long the exact turn computations take.

Usage: python bench/solver.py

Prints, per preset: the time for the full optimal turn policy and its exact distributions for
1, 2 and 3 throws (``schocken odds``), and for one turn-solver hint (``schocken hint``) in a
round with two results shown and two players after, and the whole Finale solution
(``schocken.finale.solve_finale``: every Deckel situation, optimal play on both sides; needs
numpy). Each is computed from a cold cache.
"""

from __future__ import annotations

import os

# The Finale's matrices are small: BLAS threads only cost time (badly so on a busy machine).
# numpy is first imported by schocken.finale, after this line.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import time

from schocken import finale, odds, solver
from schocken.results import result_table
from schocken.rules import PRESETS
from schocken.turn import TurnState


def _clear() -> None:
    odds.turn_odds.cache_clear()
    solver.beat_distribution.cache_clear()
    finale._round_model.cache_clear()


def main() -> None:
    for name, rules in PRESETS.items():
        _clear()
        started = time.perf_counter()
        for limit in (1, 2, 3):
            odds.turn_odds(rules, limit, "optimal")
        policy_s = time.perf_counter() - started
        table = result_table(rules)
        shown = (
            table.result((6, 5, 2), one_throw=True, throws=1),
            table.result((1, 1, 3), one_throw=False, throws=2),
        )
        sit = solver.Situation(
            rules, TurnState((), (4, 1, 1), 1, 0, (), True), 3, shown, after=2, middle=13
        )
        _clear()
        started = time.perf_counter()
        solver.solve(sit)
        hint_s = time.perf_counter() - started
        _clear()
        started = time.perf_counter()
        sol = finale.solve_finale(rules)
        finale_s = time.perf_counter() - started
        print(
            f"{name:<12} optimal turn policy, 1-3 throws: {policy_s:.2f} s; "
            f"hint (2 shown, 2 after): {hint_s:.2f} s; "
            f"Finale ({sol.n} Deckel, {sol.iterations} sweeps of the m = 0 layer): {finale_s:.2f} s"
        )


if __name__ == "__main__":
    main()
