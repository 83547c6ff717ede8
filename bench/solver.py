"""Benchmark: how long the exact turn computations take, and the slowest hints.

Usage: python bench/solver.py

Prints, per preset: the time for the full optimal turn policy and its exact distributions for
1, 2 and 3 throws (``schocken odds``); for one turn-solver hint (``schocken hint``) in a round
with two results shown and two players after; for the slowest kinds of hint, with nine players
after (an opener before the first throw: every result of every throw count matters, and a player
before the first throw of a round with covered cups); for the biggest rounds a hint takes (20
players: an opener with 19 after, one shown result and 18 after, and where cups are covered 1,
4, 8, 12 or 19 covered cups before the player and the rest after, the Deckel in play or not);
and the whole Finale solution (``schocken.finale.solve_finale``: every Deckel situation, optimal
play on both sides; needs numpy). Each is computed from a cold cache, through the command itself
(parsing included). Last, the slowest hint of all once more end to end, as a user waits for it:
``schocken hint`` in a new process (Python's start and the imports included), the best of three;
and so the hint issue 23 measured (eight covered cups, eleven players after).
"""

from __future__ import annotations

import os

# The Finale's matrices are small: BLAS threads only cost time (badly so on a busy machine).
# numpy is first imported by schocken.finale, after this line.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import contextlib
import io
import subprocess
import sys
import time

from schocken import finale, finale_shared, odds, solver
from schocken.cli import main as cli
from schocken.rules import PRESETS, Covered


def _clear() -> None:
    odds.turn_odds.cache_clear()
    solver.later_distribution.cache_clear()
    solver._graph.cache_clear()
    solver._cup_counts.cache_clear()
    solver._cup_tail.cache_clear()
    solver._below_cups.cache_clear()
    finale_shared.clear_caches()


def _hint(*args: str) -> float:
    """Seconds for one ``schocken hint`` from a cold cache."""
    _clear()
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli(["hint", *args])
    assert code == 0, args
    return time.perf_counter() - started


ISSUE_HINT = (
    "schocken hint --preset allgemein --limit 3 "
    "--covered 1/3,2/3,3/3,4/3,5/3,6/3,-/3,1-1/3 --after 11"
)
"""The hint issue 23 measured at 0.58 s end to end."""
COVERED = ("1/3", "2/3", "3/3", "4/3", "5/3", "6/3", "-/3", "1-1/3", "6-6/3", "1-6/3", "2-2/3")
"""Covered cups for the big hints: every aside die, none, and pairs (repeated for more)."""


def worst_hints(name: str) -> list[tuple[str, float]]:
    """The slowest hints of a preset: (command line, seconds)."""
    rules = PRESETS[name]
    cases = [
        ["--preset", name, "--opener", "--after", "9"],
        ["--preset", name, "--opener", "--throws", "1", "--dice", "6-4-2", "--after", "9"],
        ["--preset", name, "--shown", "6-5-2", "--after", "9"],
        ["--preset", name, "--shown", "4-2-1", "--after", "9", "--middle", "0", "--deckel", "5"],
        ["--preset", name, "--opener", "--after", "19"],
        ["--preset", name, "--shown", "6-5-2", "--after", "18", "--middle", "0", "--deckel", "5"],
    ]
    if rules.covered is not Covered.NEVER:
        cases.append(["--preset", name, "--covered", "1/3,-/3", "--shown", "3-2-2", "--after", "9"])
        for cups in (1, 4, 8, 12, 19):
            round_ = ["--limit", "3", "--covered", ",".join((COVERED * 2)[:cups])]
            for deckel in ([], ["--middle", "0", "--deckel", "5"]):
                cases.append(["--preset", name, *round_, "--after", str(19 - cups), *deckel])
    return [(" ".join(["schocken", "hint", *c]), _hint(*c)) for c in cases]


def end_to_end(command: str) -> float:
    """Seconds for ``command`` (``schocken hint ...``) in a new process, the best of three."""
    args = [sys.executable, "-m", "schocken.cli", *command.split()[1:]]
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    worst: tuple[float, str] = (0.0, "")
    for name, rules in PRESETS.items():
        _clear()
        started = time.perf_counter()
        for limit in (1, 2, 3):
            odds.turn_odds(rules, limit, "optimal")
        policy_s = time.perf_counter() - started
        hint_s = _hint(
            "--preset", name, "--dice", "4-1-1", "--throws", "1", "--shown", "6-5-2,1-1-3/2",
            "--after", "2",
        )  # fmt: skip
        _clear()
        started = time.perf_counter()
        sol = finale.solve_finale(rules)
        finale_s = time.perf_counter() - started
        slow = worst_hints(name)
        top = max(slow, key=lambda x: x[1])
        worst = max(worst, (top[1], top[0]))
        print(
            f"{name:<12} optimal turn policy, 1-3 throws: {policy_s:.2f} s; "
            f"hint (2 shown, 2 after): {hint_s:.2f} s; slowest of {len(slow)} big hints: "
            f"{top[1]:.2f} s; Finale ({sol.n} Deckel, {sol.iterations} sweeps of the m = 0 "
            f"layer): {finale_s:.2f} s"
        )
    print(f"worst hint: {worst[0]:.2f} s: {worst[1]}")
    print(f"the same end to end (a new process, best of 3): {end_to_end(worst[1]):.2f} s")
    print(f"end to end, best of 3: {end_to_end(ISSUE_HINT):.2f} s: {ISSUE_HINT}")


if __name__ == "__main__":
    main()
