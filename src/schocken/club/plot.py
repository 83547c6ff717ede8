"""Charts of a club's statistics (:mod:`schocken.club`), with matplotlib: the ``analysis`` extra.

:func:`plot_stats` draws, side by side, each member's share of games lost with its 95% interval
against the share chance alone would give, and who loses to whom as a grid of shares.
"""

from __future__ import annotations

from pathlib import Path

from schocken.club import ClubStats

TITLES = {
    "en": ("Games lost (share, 95% interval)", "by chance", "Who loses to whom",
           "lost", "at the table"),
    "de": ("Verlorene Spiele (Anteil, 95%-Intervall)", "per Zufall", "Wer verliert gegen wen",
           "verliert", "am Tisch"),
}  # fmt: skip


def plot_stats(stats: ClubStats, path: str | Path, lang: str = "en") -> None:
    """Save the chart of ``stats`` to ``path`` (PNG, SVG or PDF, by its suffix)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    title, chance, grid_title, rows_label, cols_label = TITLES.get(lang, TITLES["en"])
    members = [m for m in stats["members"] if m["games"]]
    names = [m["name"] for m in members]
    fig, (bars, grid) = plt.subplots(
        1, 2, figsize=(12, 0.5 * max(4, len(names)) + 1.5), constrained_layout=True
    )
    season = stats["season"] or ""
    fig.suptitle(f"{stats['club']} {season}".strip())
    ys = list(range(len(members)))
    shares = [m["games_lost"] / m["games"] for m in members]
    lows = [s - m["games_lost_ci95"][0] for s, m in zip(shares, members, strict=True)]
    highs = [m["games_lost_ci95"][1] - s for s, m in zip(shares, members, strict=True)]
    bars.barh(ys, shares, xerr=[lows, highs], color="#8c5a2b", capsize=3)
    bars.scatter(
        [m["games_lost_expected"] / m["games"] for m in members],
        ys,
        marker="|",
        s=300,
        color="black",
        label=chance,
        zorder=3,
    )
    bars.set_yticks(ys, names)
    bars.invert_yaxis()
    bars.set_xlim(0, 1)
    bars.set_title(title)
    bars.legend(loc="lower right")
    matrix = [
        [
            stats["loses_to"][a].get(b, 0) / stats["played_with"][a][b]
            if a != b and stats["played_with"][a].get(b)
            else float("nan")
            for b in names
        ]
        for a in names
    ]
    image = grid.imshow(matrix, cmap="Oranges", vmin=0, vmax=1)
    grid.set_xticks(range(len(names)), names, rotation=45, ha="right")
    grid.set_yticks(range(len(names)), names)
    grid.set_ylabel(rows_label)
    grid.set_xlabel(cols_label)
    grid.set_title(grid_title)
    fig.colorbar(image, ax=grid, shrink=0.8)
    fig.savefig(path)
    plt.close(fig)


__all__ = ["plot_stats"]
