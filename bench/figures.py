"""The bots' figures in the docs, measured and stored: docs/figures.json.

Usage: python bench/figures.py [--games 100000] [--seed 1] [--procs 2] [--only NAME,...]
       [--json docs/figures.json]
       python bench/figures.py --print [--json docs/figures.json]

Every run is ``schocken simulate --preset P --players 4 --games G --seed S --bots B --rotate
--engine reference`` (``schocken.simulate.simulate``, one process per run; ``--procs`` runs side
by side): for every preset the solver bot, the half bot and the preset's strategy card, each with
three pub regulars, and four pub regulars in tsv99. Each run's counts (games, halves and rounds
played, turns, every line-up place's lost games and halves) are written to ``--json`` as soon as
it ends, with the date, the commit measured and the seconds it took; runs already in the file
with the same games and seed are kept (so a stopped measurement goes on where it stopped).

docs/bots.md, docs/strategy.md, docs/odds.md and ``schocken.card.CARDS`` quote these runs;
``--print`` prints every piece of those docs made from them (:func:`pieces`: the outputs of
``schocken simulate``, the tables' rows, the sentences that quote figures), and
tests/test_docs_figures.py checks that each piece is in its doc as printed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from schocken.card import CARDS, Measured
from schocken.intervals import Z95, wilson
from schocken.rules import PRESETS, find_preset
from schocken.simulate import SeatStats, SimulationReport, simulate

ROOT = Path(__file__).resolve().parent.parent
REGULARS = ["regular", "regular", "regular"]
FIGURES = ROOT / "docs" / "figures.json"
SEARCH = ROOT / "docs" / "strategy.json"
"""The card search (bench/card.py --json): its candidates, games and CPU time."""


def runs() -> dict[str, list[str]]:
    """Every run by its name (``bot:preset``), with its line-up, in the order they are made."""
    out: dict[str, list[str]] = {}
    for preset in PRESETS:
        out[f"solver:{preset}"] = ["solver", *REGULARS]
    for preset in PRESETS:
        out[f"card:{preset}"] = ["card", *REGULARS]
    out["regular:tsv99"] = ["regular", *REGULARS]
    for preset in PRESETS:
        out[f"half:{preset}"] = ["half", *REGULARS]
    return out


def measure(name: str, bots: list[str], games: int, seed: int, commit: str) -> dict[str, Any]:
    """One run, as stored."""
    preset = name.split(":")[1]
    started = time.perf_counter()
    report = simulate(find_preset(preset), bots, games, seed, rotate=True, engine="reference")
    seconds = time.perf_counter() - started
    return {
        "preset": preset,
        "bots": bots,
        "games": games,
        "seed": seed,
        "halves": report.halves,
        "rounds": report.rounds,
        "turns": report.turns,
        "games_lost": [s.games_lost for s in report.seats],
        "halves_lost": [s.halves_lost for s in report.seats],
        "seconds": round(seconds, 1),
        "date": datetime.date.today().isoformat(),
        "commit": commit,
    }


def _commit() -> str:
    out = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    )
    dirty = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no", "src"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return out.stdout.strip() + ("+changes" if dirty else "")


# -- The docs' pieces ------------------------------------------------------------------------


def report(run: dict[str, Any]) -> SimulationReport:
    """A stored run as ``schocken simulate`` reported it."""
    seats = tuple(
        SeatStats(i, bot, lost, halves)
        for i, (bot, lost, halves) in enumerate(
            zip(run["bots"], run["games_lost"], run["halves_lost"], strict=True)
        )
    )
    return SimulationReport(
        find_preset(run["preset"]),
        run["games"],
        run["halves"],
        run["rounds"],
        run["turns"],
        seats,
        rotate=True,
    )


def printed(run: dict[str, Any]) -> str:
    """What ``schocken simulate ... --rotate --engine reference`` printed for the run (its
    seconds: those of the simulation alone, as measured here)."""
    return (
        f"{report(run).format()}\n({run['turns']} turns in {run['seconds']:.1f} s, "
        "reference engine)"
    )


def _pct(x: float, digits: int = 2) -> str:
    return f"{100 * x:.{digits}f}%"


def _share(run: dict[str, Any], seat: int = 0) -> float:
    return int(run["games_lost"][seat]) / int(run["games"])


def _halves(run: dict[str, Any], seat: int = 0) -> float:
    return int(run["halves_lost"][seat]) / int(run["halves"])


def _ci(run: dict[str, Any], seat: int = 0) -> tuple[float, float]:
    return wilson(run["games_lost"][seat], run["games"])


def _regulars(run: dict[str, Any]) -> tuple[float, float]:
    shares = [_share(run, seat) for seat in (1, 2, 3)]
    return min(shares), max(shares)


def solver_row(preset: str, run: dict[str, Any]) -> str:
    """The row of docs/bots.md's table of the solver bot against three pub regulars."""
    lo, hi = _ci(run)
    r_lo, r_hi = _regulars(run)
    less = 1 - _share(run) / 0.25
    return (
        f"| `{preset}` | {_pct(_share(run))} | {_pct(lo)} to {_pct(hi)} | **{less:.0%}** "
        f"({_pct(1 - hi / 0.25, 1)} to {_pct(1 - lo / 0.25, 1)}) | {_pct(r_lo)} to {_pct(r_hi)} "
        f"| {_pct(_halves(run))} |"
    )


def solver_sentence(run: dict[str, Any]) -> str:
    """docs/bots.md's sentence on the solver bot in the run's preset."""
    lo, hi = _ci(run)
    r_lo, r_hi = _regulars(run)
    less = 1 - _share(run) / 0.25
    return (
        f"So in `{run['preset']}` the solver bot loses **{_pct(_share(run))} of games (95% CI "
        f"{_pct(lo)} to {_pct(hi)})** where a pub regular in its seat would lose 25%: "
        f"**{less:.0%} less often (95% CI {_pct(1 - hi / 0.25, 1)} to {_pct(1 - lo / 0.25, 1)})"
        f"**. The three pub regulars at its table lose {_pct(r_lo, 1)} to {_pct(r_hi, 1)} each. "
        f"It also loses fewer halves: {_pct(_halves(run), 1)} of them against 25%."
    )


def half_row(preset: str, solver: dict[str, Any], half: dict[str, Any]) -> str:
    """The row of docs/bots.md's table of the half bot against the solver bot."""
    p, q = _share(solver), _share(half)
    se = (p * (1 - p) / solver["games"] + q * (1 - q) / half["games"]) ** 0.5
    s_lo, s_hi = _ci(solver)
    h_lo, h_hi = _ci(half)
    diff = p - q
    d_lo, d_hi = 100 * (diff - Z95 * se), 100 * (diff + Z95 * se)
    return (
        f"| `{preset}` | {_pct(p)} ({_pct(s_lo)} to {_pct(s_hi)}) | **{_pct(q)}** ({_pct(h_lo)} "
        f"to {_pct(h_hi)}) | {100 * diff:.2f} points, {diff / p:.0%} ({d_lo:.2f} to {d_hi:.2f} "
        f"points) | {_pct(_halves(solver))}, {_pct(_halves(half))} |"
    )


def measured(preset: str, card: dict[str, Any], solver: dict[str, Any]) -> Measured:
    """The card's :class:`~schocken.card.Measured`, from the stored runs."""
    lost = card["games_lost"][0]
    return Measured(
        card["games"],
        card["seed"],
        lost,
        sum(card["games_lost"][1:]),
        solver["games"],
        solver["games_lost"][0],
        CARDS[preset].measured.solver_source,
    )


def card_row(preset: str, m: Measured, search: dict[str, Any]) -> str:
    """The row of docs/strategy.md's table of the cards."""
    lo, hi = m.ci95
    c_lo, c_hi = m.cost_ci95
    figures = search["figures"]
    candidates = sum(1 for f in figures if f["stage"] != "remeasure")
    games = sum(f["games"] for f in figures)
    return (
        f"| `{preset}` | `{search['card']}` | {_pct(m.share)} ({_pct(lo)} to {_pct(hi)}) | "
        f"{_pct(m.regular_share)} | {_pct(m.solver_share)} | {100 * m.cost:+.2f} points "
        f"({100 * c_lo:+.2f} to {100 * c_hi:+.2f}) | {candidates} | {games:,} | "
        f"{search['cpu_seconds'] / 60:.0f} min |"
    )


def pieces(stored: dict[str, Any], search: dict[str, Any]) -> list[tuple[str, str]]:
    """Every piece of the docs made from the stored runs: (the doc, the text it holds)."""
    out: list[tuple[str, str]] = []
    solver = {p: stored[f"solver:{p}"] for p in PRESETS}
    for p in PRESETS:
        out.append(("docs/bots.md", printed(solver[p])))
        out.append(("docs/bots.md", solver_row(p, solver[p])))
    out.append(("docs/bots.md", printed(stored["regular:tsv99"])))
    out.append(("docs/bots.md", solver_sentence(solver["tsv99"])))
    for p in PRESETS:
        half = stored[f"half:{p}"]
        out.append(("docs/bots.md", printed(half)))
        out.append(("docs/bots.md", half_row(p, solver[p], half)))
    shares = sorted(_share(run) for run in solver.values())
    out.append(
        (
            "docs/odds.md",
            f"it loses {_pct(shares[0], 1)} to {_pct(shares[-1], 1)} of games",
        )
    )
    costs: dict[str, float] = {}
    for p in PRESETS:
        m = measured(p, stored[f"card:{p}"], solver[p])
        costs[p] = m.cost
        out.append(("docs/strategy.md", card_row(p, m, search[p])))
    low, high = min(costs, key=costs.__getitem__), max(costs, key=costs.__getitem__)
    out.append(
        (
            "docs/strategy.md",
            f"**The solver bot stays well ahead**: by {100 * costs[low]:.1f} ({low}) to "
            f"{100 * costs[high]:.1f} ({high}) points.",
        )
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--procs", type=int, default=2, help="runs side by side")
    parser.add_argument("--only", default="", help="comma-separated run names (bot:preset)")
    parser.add_argument("--json", default=str(FIGURES))
    parser.add_argument("--print", action="store_true", help="print the docs' pieces, run none")
    args = parser.parse_args()
    path = Path(args.json)
    stored: dict[str, Any] = json.loads(path.read_text("utf-8")) if path.exists() else {}
    if args.print:
        search = json.loads(SEARCH.read_text("utf-8"))
        for doc, text in pieces(stored, search):
            print(f"--- {doc}\n{text}\n")
        return
    todo = {
        name: bots
        for name, bots in runs().items()
        if (not args.only or name in args.only.split(","))
        and not (
            name in stored
            and stored[name]["games"] == args.games
            and stored[name]["seed"] == args.seed
        )
    }
    commit = _commit()
    with ProcessPoolExecutor(args.procs) as pool:
        pending: dict[Future[dict[str, Any]], str] = {
            pool.submit(measure, name, bots, args.games, args.seed, commit): name
            for name, bots in todo.items()
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                name = pending.pop(future)
                run = future.result()
                stored[name] = run
                path.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n", "utf-8")
                share = run["games_lost"][0] / run["games"]
                print(f"{name:<20} {share:.2%} in {run['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
