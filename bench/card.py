"""The search for each preset's strategy card, and the card's measured cost.

Usage: python bench/card.py [--preset all] [--games 3000] [--remeasure 20000] [--final 100000]
       [--json FILE]

Every candidate is a :class:`schocken.card.Card` played by a card bot against three pub regulars,
the line-up moving one seat on after every game (``schocken.simulate.simulate`` with ``rotate``,
the reference engine, one process). All candidates of a stage play the same seeds (the same dice
as long as they decide alike), which makes their differences less noisy than their shares.

1. The opener: every pair of thresholds after throw 1 and after throw 2 from six rungs of the
   ladder (5-x-x, 6-x-x, 6-5-x, Straße, Schock, Schock-Aus), the rest as the pub regular plays.
2. The habits for the best so far: when to turn sixes (always, unless stopping, never) and what
   to keep (ones; ones, else sixes; ones, but sixes behind a plain number); then the later
   player's threshold (anything, 6-x-x, 6-5-x, Straße).
3. Where cups can be covered (schock4life, allgemein): the threshold with nothing shown.
4. The opener's thresholds once more, a rung up and down the whole ladder from the best so far.
5. The five best of all stages measured again with ``--remeasure`` games on a fresh seed; the
   best of these is the preset's card.
6. ``--press FILE`` (on the figures of stages 1 to 5 that ``--json FILE`` wrote): where cups can
   be covered, the card with higher thresholds for nothing shown (General, Schock, Schock-Aus:
   stage 3 found the highest it tried best); then the best so far with each threshold below
   which a safe later player presses on (Straße, Schock, Schock-Aus). The two best of these are
   measured again like the finalists, and the best of all finalists is the card. (This stage
   came after the first search: ``bench/card_diff.py`` showed that the solver bot mostly differs
   from the pub regular where a safe later player throws on for a better result.)

The final figure: ``--final`` games of the card and three regulars, seed 1, rotating: the same
games as ``schocken simulate --preset P --players 4 --games 100000 --seed 1 --bots
card,regular,regular,regular --rotate`` once the card is stored in ``schocken.card.CARDS``. Its
cost against the solver bot is its share minus the solver bot's in the stored run of
docs/figures.json (``bench/figures.py``: the same command with ``solver``), with a 95% interval
of the difference of two independent shares. It prints every candidate's figure, and the
``CARDS`` entries to store.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from schocken.card import LADDER, REGULAR_CARD, SOLVER_SOURCE, Card, Keep, Level, Measured, Sixes
from schocken.intervals import wilson
from schocken.rules import PRESETS, Rules, find_preset
from schocken.simulate import simulate

FIGURES = Path(__file__).resolve().parent.parent / "docs" / "figures.json"


def solver_run(preset: str) -> tuple[int, int]:
    """The solver bot's games and lost games with three pub regulars in the preset: the stored
    run of docs/figures.json (bench/figures.py: seed 1, rotating; docs/bots.md quotes it)."""
    run = json.loads(FIGURES.read_text(encoding="utf-8"))[f"solver:{preset}"]
    return run["games"], run["games_lost"][0]


OPENER = (Level.FIVE, Level.SIX, Level.SIX_FIVE, Level.STRASSE, Level.SCHOCK, Level.SCHOCK_AUS)
"""The opener's rungs of stage 1 (stage 4 looks at the rungs between them)."""
LATER = (Level.ANY, Level.SIX, Level.SIX_FIVE, Level.STRASSE)
COVERED = (Level.ANY, Level.SIX, Level.SIX_FIVE, Level.STRASSE)
SEARCH_SEED = 1000
REMEASURE_SEED = 2000
FINAL_SEED = 1


@dataclass
class Figure:
    card: Card
    stage: str
    games: int
    lost: int

    @property
    def share(self) -> float:
        return self.lost / self.games


def measure(rules: Rules, card: Card, games: int, seed: int) -> tuple[int, int]:
    """Games the card lost and games the three regulars lost, together."""
    report = simulate(
        rules, [f"card:{card.code}", "regular", "regular", "regular"], games, seed, rotate=True
    )
    lost = report.seats[0].games_lost
    return lost, games - lost


def _line(f: Figure) -> str:
    lo, hi = wilson(f.lost, f.games)
    return f"  {f.stage:<9} {f.card.code:<56} {f.share:7.2%}  [{lo:6.2%}, {hi:6.2%}]  {f.games}"


def search(rules: Rules, games: int, remeasure: int) -> tuple[Card, list[Figure]]:
    """The preset's best card and every figure measured on the way."""
    seen: dict[Card, Figure] = {}
    figures: list[Figure] = []

    def run(card: Card, stage: str) -> Figure:
        if card in seen:
            return seen[card]
        lost, _ = measure(rules, card, games, SEARCH_SEED)
        f = Figure(card, stage, games, lost)
        seen[card] = f
        figures.append(f)
        print(_line(f), flush=True)
        return f

    def best(k: int) -> list[Card]:
        return [f.card for f in sorted(seen.values(), key=lambda f: f.lost)[:k]]

    # 1. the opener
    for first in OPENER:
        for second in OPENER:
            run(replace(REGULAR_CARD, first=first, second=second), "opener")
    # 2. the habits, then the later player
    base = best(1)[0]
    for sixes in Sixes:
        for keep in Keep:
            run(replace(base, sixes=sixes, keep=keep), "habits")
    base = best(1)[0]
    for later in LATER:
        run(replace(base, later=later), "later")
    # 3. nothing shown (covered cups only)
    if rules.covered.value != "never":
        base = best(1)[0]
        for covered in COVERED:
            run(replace(base, covered=covered), "covered")
    # 4. the opener again, a rung up and down on the whole ladder
    base = best(1)[0]
    i, j = LADDER.index(base.first), LADDER.index(base.second)
    for di in (-1, 0, 1):
        for dj in (-1, 0, 1):
            a, b = i + di, j + dj
            if 0 <= a < len(LADDER) and 0 <= b < len(LADDER):
                run(replace(base, first=LADDER[a], second=LADDER[b]), "opener2")
    # 5. the five best again, on a fresh seed
    finalists: list[Figure] = []
    for card in best(5):
        lost, _ = measure(rules, card, remeasure, REMEASURE_SEED)
        f = Figure(card, "remeasure", remeasure, lost)
        finalists.append(f)
        figures.append(f)
        print(_line(f), flush=True)
    return min(finalists, key=lambda f: f.lost).card, figures


PRESS = (Level.STRASSE, Level.SCHOCK, Level.SCHOCK_AUS)
COVERED_HIGH = (Level.GENERAL, Level.SCHOCK, Level.SCHOCK_AUS)


def press(
    rules: Rules, before: dict[str, Any], games: int, remeasure: int
) -> tuple[Card, list[Figure]]:
    """Stage 6, on a search (stages 1 to 5) made before: where cups can be covered, the card
    chosen then with higher thresholds for nothing shown; then the best so far with each
    ``press`` threshold. The two best new cards are measured again like the finalists of stage 5,
    and the best of all finalists is the card."""
    figures = [
        Figure(Card.from_code(f["card"]), f["stage"], f["games"], f["lost"])
        for f in before["figures"]
    ]
    base = Card.from_code(before["card"])
    earlier = [f for f in figures if f.card == base and f.stage != "remeasure"]
    best_so_far = earlier[0] if earlier else None
    new: list[Figure] = []

    def run(card: Card, stage: str) -> None:
        nonlocal best_so_far
        lost, _ = measure(rules, card, games, SEARCH_SEED)
        new.append(Figure(card, stage, games, lost))
        print(_line(new[-1]), flush=True)
        if best_so_far is None or lost < best_so_far.lost:
            best_so_far = new[-1]

    if rules.covered.value != "never":
        for level in COVERED_HIGH:
            run(replace(base, covered=level), "covered2")
    assert best_so_far is not None
    base = best_so_far.card
    for level in PRESS:
        run(replace(base, press=level), "press")
    figures += new
    for f in sorted(new, key=lambda f: f.lost)[:2]:
        lost, _ = measure(rules, f.card, remeasure, REMEASURE_SEED)
        figures.append(Figure(f.card, "remeasure", remeasure, lost))
        print(_line(figures[-1]), flush=True)
    finalists = [f for f in figures if f.stage == "remeasure"]
    return min(finalists, key=lambda f: f.lost).card, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="all", help="a preset or all (default)")
    parser.add_argument("--games", type=int, default=3000, help="games per candidate")
    parser.add_argument("--remeasure", type=int, default=20_000, help="games per finalist")
    parser.add_argument("--final", type=int, default=100_000, help="games of the chosen card")
    parser.add_argument("--json", metavar="FILE", help="write every figure to FILE")
    parser.add_argument(
        "--press", metavar="FILE", help="stage 6 on the search a --json FILE holds (see above)"
    )
    args = parser.parse_args()
    before: dict[str, Any] = {}
    if args.press:
        with open(args.press, encoding="utf-8") as fh:
            before = json.load(fh)
    presets = list(PRESETS) if args.preset == "all" else [args.preset]
    out: dict[str, object] = {}
    entries: list[str] = []
    for name in presets:
        rules = find_preset(name)
        started = time.process_time()
        if args.press:
            print(f"{name}: stage 6 on {before[name]['card']} ({args.games} games)", flush=True)
            card, figures = press(rules, before[name], args.games, args.remeasure)
            regular_lost = before[name]["regular_card_remeasure"]["lost"]
        else:
            print(f"{name}: search ({args.games} games per candidate, seed {SEARCH_SEED})")
            card, figures = search(rules, args.games, args.remeasure)
            regular_lost, _ = measure(rules, REGULAR_CARD, args.remeasure, REMEASURE_SEED)
        print(
            f"  the pub regular's card on the remeasure seed: {regular_lost / args.remeasure:.2%}"
        )
        if args.press and card.code == before[name]["card"]:
            print(f"{name}: {card.code} stays; its final run is the one before", flush=True)
            lost = before[name]["final"]["lost"]
            regulars_lost = before[name]["regulars_lost"]
        else:
            print(f"{name}: final run of {card.code}, {args.final} games, seed {FINAL_SEED}")
            lost, regulars_lost = measure(rules, card, args.final, FINAL_SEED)
        solver_games, solver_lost = solver_run(name)
        q = solver_lost / solver_games
        measured = Measured(
            args.final,
            FINAL_SEED,
            lost,
            regulars_lost,
            solver_games,
            solver_lost,
            SOLVER_SOURCE,
        )
        lo, hi = measured.ci95
        c_lo, c_hi = measured.cost_ci95
        cpu = time.process_time() - started
        print(
            f"{name}: the card {card.code} loses {measured.share:.2%} [{lo:.2%}, {hi:.2%}]; "
            f"the three regulars {measured.regular_share:.2%} each; solver bot {q:.2%} "
            f"(docs/figures.json); cost {100 * measured.cost:+.2f} points "
            f"[{100 * c_lo:+.2f}, {100 * c_hi:+.2f}]; {cpu:.0f} s of CPU",
            flush=True,
        )
        out[name] = {
            "card": card.code,
            "final": {"games": args.final, "seed": FINAL_SEED, "lost": lost},
            "regulars_lost": regulars_lost,
            "solver_share": q,
            "regular_card_remeasure": {"games": args.remeasure, "lost": regular_lost},
            "figures": [
                {"card": f.card.code, "stage": f.stage, "games": f.games, "lost": f.lost}
                for f in figures
            ],
            "cpu_seconds": cpu + (before[name]["cpu_seconds"] if args.press else 0.0),
        }
        entries.append(
            f'    "{name}": _chosen("{name}", "{card.code}", {args.final}, {FINAL_SEED}, '
            f"{lost}, {regulars_lost}, {solver_lost}),"
        )
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(out, fh, indent=1)
    print("CARDS entries for schocken/card.py:")
    print("\n".join(entries))


if __name__ == "__main__":
    main()
