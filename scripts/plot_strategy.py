"""Draw docs/strategy.png from the figures bench/card.py wrote (docs/strategy.json).

Usage: python scripts/plot_strategy.py [docs/strategy.json] [docs/strategy.png]

One panel per preset: the share of games each finalist card lost against three pub regulars
(20,000 games each, with 95% intervals), the chosen card's final figure (100,000 games), and as
lines the pub regular's card measured the same way and the solver bot (docs/bots.md). Needs
matplotlib (the ``analysis`` extra).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.ticker import MultipleLocator

from schocken.intervals import wilson


def _bar(ax: Any, y: int, lost: int, games: int, colour: str) -> None:
    share = lost / games
    lo, hi = wilson(lost, games)
    ax.barh(y, share, xerr=[[share - lo], [hi - share]], color=colour, capsize=3)


def main(source: str = "docs/strategy.json", target: str = "docs/strategy.png") -> None:
    data: dict[str, Any] = json.loads(Path(source).read_text(encoding="utf-8"))
    fig, axes = plt.subplots(
        len(data), 1, figsize=(10, 3.2 * len(data)), constrained_layout=True, squeeze=False
    )
    fig.suptitle(
        "Strategy cards against three pub regulars: share of games lost (95% CI)\n"
        "dashed: the pub regular's card; dotted: the solver bot; grey: 25%"
    )
    for ax, (preset, d) in zip(axes[:, 0], data.items(), strict=True):
        finalists = [f for f in d["figures"] if f["stage"] == "remeasure"]
        labels = []
        for y, f in enumerate(finalists):
            chosen = f["card"] == d["card"]
            _bar(ax, y, f["lost"], f["games"], "#8c5a2b" if chosen else "#c8a27a")
            labels.append(f["card"] + (" (chosen)" if chosen else ""))
        y = len(finalists)
        _bar(ax, y, d["final"]["lost"], d["final"]["games"], "#4a2c10")
        labels.append(f"{d['card']}: final, {d['final']['games']:,} games")
        regular = d["regular_card_remeasure"]
        ax.axvline(regular["lost"] / regular["games"], color="#2b6c8c", linestyle="--")
        ax.axvline(d["solver_share"], color="#2b8c4a", linestyle=":")
        ax.axvline(0.25, color="grey", linewidth=0.8)
        ax.set_yticks(range(len(labels)), labels, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0.1, 0.3)
        ax.xaxis.set_major_locator(MultipleLocator(0.02))
        ax.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
        ax.set_title(preset, fontsize=10)
    fig.savefig(target, dpi=110)
    print(table(data))


def table(data: dict[str, Any]) -> str:
    """The figures as a Markdown table (docs/strategy.md)."""
    rows = [
        "| preset | card (code) | card loses (95% CI) | pub regular at its table | solver bot "
        "| cost (95% CI) | candidates | games searched | CPU |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for preset, d in data.items():
        final = d["final"]
        share = final["lost"] / final["games"]
        lo, hi = wilson(final["lost"], final["games"])
        q = d["solver_share"]
        se = (share * (1 - share) / final["games"] + q * (1 - q) / 100_000) ** 0.5
        cost = share - q
        regular = d["regulars_lost"] / (3 * final["games"])
        searched = [f for f in d["figures"] if f["stage"] != "remeasure"]
        games = sum(f["games"] for f in d["figures"])
        rows.append(
            f"| `{preset}` | `{d['card']}` | {share:.2%} ({lo:.2%} to {hi:.2%}) | {regular:.2%} "
            f"| {q:.2%} | {100 * cost:+.2f} points ({100 * (cost - 1.959964 * se):+.2f} to "
            f"{100 * (cost + 1.959964 * se):+.2f}) | {len(searched)} | {games:,} "
            f"| {d['cpu_seconds'] / 60:.0f} min |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    main(*sys.argv[1:3])
