"""The strong bots of the batch simulator against the reference bots, over every rule set of the
batch simulator's tests: every decision compared.

Usage: python bench/fast_strong_agree.py [--games 30] [--bots solver,half] [--only 0,5,17]

For every preset and variant of ``tests/test_fast.py`` (``VARIANTS``) and each strong bot, it plays
``--games`` games in each of the line-ups of ``tests/test_fast_strong.py`` (rotating through the
seats) on the batch simulator, writes them as records and replays them step by step through the
reference engine, asking the reference bot for its choice at every decision of a solver, half or
regular seat (``test_fast_strong.decisions``). It prints the games and decisions checked per rule
set and in all, and stops at the first decision that differs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from schocken import fast
from schocken.record import replay
from schocken.rules import find_preset
from test_fast import VARIANTS
from test_fast_strong import LINEUPS, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--bots", default="solver,half")
    parser.add_argument("--only", default="", help="variant numbers (default: all)")
    args = parser.parse_args()
    only = {int(i) for i in args.only.split(",") if i}
    games = checked = 0
    started = time.perf_counter()
    for bot in args.bots.split(","):
        for i, (preset, overrides) in enumerate(VARIANTS):
            if only and i not in only:
                continue
            rules = find_preset(preset).with_overrides(overrides)
            here = 0
            t0 = time.perf_counter()
            for k, shape in enumerate(LINEUPS):
                lineup = [b.format(bot=bot) for b in shape]
                for g in range(args.games):
                    record = fast.play_record(rules, lineup, 100 + k, g, rotate=True)
                    replay(record)  # the same outcome
                    here += decisions(record, record.meta["bots"]).get(bot, 0)
                    games += 1
            checked += here
            label = preset + "".join(f" {k}={v}" for k, v in overrides.items())
            print(
                f"{bot:>6} {i:>2} {label}: {len(LINEUPS) * args.games} games, {here:,} "
                f"decisions equal ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
    print(
        f"all: {games:,} games, {checked:,} strong-bot decisions, every one the reference bot's "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
