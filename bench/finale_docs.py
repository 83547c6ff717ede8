"""The Finale solution's tables (Markdown, to stdout) and plot (docs/finale.png) for docs/finale.md.

Usage: python bench/finale_docs.py [--plot docs/finale.png]

Needs numpy and matplotlib (the ``analysis`` extra).
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time

from schocken.finale import FinaleSolution, solve_finale
from schocken.rules import PRESETS


def tables(sols: dict[str, FinaleSolution]) -> str:
    names = list(sols)
    n = next(iter(sols.values())).n
    out: list[str] = []
    head = "| | " + " | ".join(f"`{p}`" for p in names) + " |"
    rule = "|---|" + "---:|" * len(names)
    out += ["### The start (13 Deckel in the middle)", "", head, rule]
    out.append(
        "| P(the opener loses the Finale) | "
        + " | ".join(f"{s.p_opener_loses(n, 0, 0):.4f}" for s in sols.values())
        + " |"
    )
    for k in range(3):
        out.append(
            f"| P(the opener uses {k + 1} throw{'s' if k else ''}) | "
            + " | ".join(f"{s.opener_summary(n, 0, 0).throws[k]:.3f}" for s in sols.values())
            + " |"
        )
    out.append("| solve time (s) | " + " | ".join(f"{s.seconds:.2f}" for s in sols.values()) + " |")
    out.append(
        "| sweeps of the m = 0 layer / last change | "
        + " | ".join(f"{s.iterations} / {s.residual:.1e}" for s in sols.values())
        + " |"
    )
    out += ["", "### The middle is empty (m = 0): P(player A loses), A holding a, B 13 − a", ""]
    out.append("| a | " + " | ".join(f"`{p}` A opens | `{p}` B opens" for p in names) + " |")
    out.append("|---:|" + "---:|---:|" * len(names))
    for a in range(1, n):
        cells = []
        for s in sols.values():
            cells.append(f"{s.p_loses(0, a, n - a, True):.4f}")
            cells.append(f"{s.p_loses(0, a, n - a, False):.4f}")
        out.append(f"| {a} | " + " | ".join(cells) + " |")
    out += ["", "### The opener's throws (optimal), m = 0, opener holding o", ""]
    out.append("| o | " + " | ".join(f"`{p}` 1 / 2 / 3 throws" for p in names) + " |")
    out.append("|---:|" + "---|" * len(names))
    for o in range(1, n):
        cells = []
        for s in sols.values():
            t = s.opener_summary(0, o, n - o).throws
            cells.append(" / ".join(f"{x:.2f}" for x in t))
        out.append(f"| {o} | " + " | ".join(cells) + " |")
    out += ["", "### When the opener stops at the start (13, 0, 0)", ""]
    for name, s in sols.items():
        summary = s.opener_summary(n, 0, 0)
        first, second = summary.stop_after
        out.append(f"- `{name}`, after throw 1 ({len(first)} results): {', '.join(first)}")
        out.append(f"  after throw 2: {len(second)} results, the weakest {second[-1]}")
    return "\n".join(out)


def plot(sols: dict[str, FinaleSolution], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    n = next(iter(sols.values())).n
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    a = list(range(1, n))
    for name, s in sols.items():
        (line,) = left.plot(a, [s.p_loses(0, x, n - x, True) for x in a], marker="o", label=name)
        left.plot(
            a,
            [s.p_loses(0, x, n - x, False) for x in a],
            ls="--",
            color=line.get_color(),
        )
    left.set_xlabel("Deckel held by A (middle empty; B holds the rest)")
    left.set_ylabel("P(A loses the Finale)")
    left.set_title("Middle empty: solid A opens, dashed B opens")
    left.grid(alpha=0.3)
    left.legend()
    s = sols["tsv99"]
    grid = np.full((n + 1, n + 1), np.nan)
    for m in range(n + 1):
        for o in range(n - m + 1):
            if m == 0 and o in (0, n):
                continue
            grid[m, o] = s.p_opener_loses(m, o, n - m - o)
    im = right.imshow(grid, origin="lower", cmap="viridis", vmin=0, vmax=1, aspect="auto")
    right.set_xlabel("Deckel held by the opener (the responder holds 13 − middle − that)")
    right.set_ylabel("Deckel in the middle")
    right.set_title("tsv99: P(the opener loses the Finale)")
    fig.colorbar(im, ax=right)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plot", default="docs/finale.png")
    args = parser.parse_args()
    started = time.perf_counter()
    sols = {name: solve_finale(rules) for name, rules in PRESETS.items()}
    print(tables(sols))
    print(f"\n(all four presets solved in {time.perf_counter() - started:.2f} s)")
    plot(sols, args.plot)


if __name__ == "__main__":
    main()
