"""docs/lab.md's table: what the common house rules of docs/regional.md do on each preset,
measured with the rules lab; writes the table into docs/lab.md (between its markers).

Usage: python bench/lab_table.py [--preset all] [--games 20000] [--skill-games 20000]
                                 [--skill-seconds 900] [--print]

Each row is a preset with one house rule (or none: the preset as it is), measured by
:func:`schocken.lab.measure` with seed 0: rounds per game and minutes at the default pace, the
share of games with a Finale, the share of rounds for Deckel ending in a Schock-Aus, and the
strong bot's share of lost games against three regulars (even: 25%). A figure marked * differs
from the preset's own beyond chance (:func:`schocken.lab.compare`: a two-sided z-test at 5%,
Holm-corrected over the figures). The same command gives the same table: every figure comes from
seeded games, and each row's 20,000 skill games take seconds, far within the ``--skill-seconds``
a row may take (fewer skill games where a row reaches it: their number is shown).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from schocken.lab import Figures, compare, measure
from schocken.lab.run import GAMES
from schocken.rules import PRESETS, Rules, find_preset

DOC = Path(__file__).resolve().parent.parent / "docs" / "lab.md"
START, END = "<!-- lab-table: start -->", "<!-- lab-table: end -->"

HOUSE_RULES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("the preset as it is", "-", {}),
    ("10 Deckel a half", "1", {"deckel_per_half": 10}),
    ("no Finale", "3", {"finale": False}),
    ("Anknobeln", "6", {"one_throw_while_middle": True}),
    ("Schock-Aus ends the game", "25", {"schock_aus": "game"}),
    ("Jule (4-2-1) counts", "33", {"jule": True}),
    ("Deckel add up", "38", {"deckel_owed": "sum"}),
    ("Einwürfeln", "41", {"einwuerfeln": True}),
)
"""(what, row of docs/regional.md, the options)."""


def cell(f: Figures, name: str, base: Figures | None, *, share: bool) -> str:
    e = f.get(name)
    if e is None:
        return "no Finale"
    text = f"{e.value:.1%}" if share else f"{e.value:.1f}"
    if base is not None and f is not base:
        marked = {d.name for d in compare(f, base) if d.beyond_chance}
        if name in marked:
            text += "*"
    return text


def rows(presets: list[str], games: int, skill_games: int, skill_seconds: float) -> list[str]:
    lines = [
        "| preset | house rule (regional.md row) | rounds | minutes | Finale | Schock-Aus "
        "| strong bot's lost games (n) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for preset in presets:
        base: Figures | None = None
        for what, row, options in HOUSE_RULES:
            rules: Rules = find_preset(preset).with_overrides(options)
            if options and rules == find_preset(preset):
                what += ", the preset's own"
            f = measure(rules, games=games, skill_games=skill_games, skill_seconds=skill_seconds)
            if base is None:
                base = f
            skill = f"{cell(f, 'skill', base, share=True)} ({f.skill.games:,})"
            lines.append(
                f"| {preset} | {what} ({row}) | {cell(f, 'rounds', base, share=False)} "
                f"| {cell(f, 'minutes', base, share=False)} "
                f"| {cell(f, 'finale', base, share=True)} "
                f"| {cell(f, 'schock_aus', base, share=True)} | {skill} |"
            )
            print(lines[-1], file=sys.stderr, flush=True)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="all", help=f"{', '.join(PRESETS)} or all")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--skill-games", type=int, default=20_000)
    parser.add_argument("--skill-seconds", type=float, default=900.0)
    parser.add_argument("--print", action="store_true", help="print the table, not into the doc")
    args = parser.parse_args()
    presets = list(PRESETS) if args.preset == "all" else [args.preset]
    table = "\n".join(rows(presets, args.games, args.skill_games, args.skill_seconds))
    if args.print:
        print(table)
        return
    doc = DOC.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    DOC.write_text(pattern.sub(lambda _: f"{START}\n{table}\n{END}", doc), encoding="utf-8")
    print(f"written into {DOC}")


if __name__ == "__main__":
    main()
