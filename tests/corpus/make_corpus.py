"""Write the corpus of recorded games that every version of the engine must replay identically.

Run from the repository root::

    .venv/bin/python tests/corpus/make_corpus.py          # write tests/corpus/games.jsonl.xz
    .venv/bin/python tests/corpus/make_corpus.py --check  # compare with the file on disk

The games were made on 2026-11-23 with the engine of commit 9a86839 (the speed-tuned engine,
with the Einwürfeln reading of docs/rules.md), before the reference engine was rewritten to be
read: bots (random, buying in often, and the pub regular) play every preset and house-rule
variants with 2 to 8 players. Each line holds one game record and its fingerprint (see
``fingerprint.py``): every event, view, legal action and refusal message along the way. The
fingerprints were computed again with that engine (its checkout, on ``PYTHONPATH``) when views
came to be taken in without their rule set.
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fingerprint import fingerprint  # noqa: E402

from schocken.actions import BUY_IN  # noqa: E402
from schocken.bots.random_bot import RandomBot  # noqa: E402
from schocken.bots.regular import PubRegular  # noqa: E402
from schocken.dice import RandomDice  # noqa: E402
from schocken.game import Game  # noqa: E402
from schocken.record import record_of  # noqa: E402
from schocken.rules import PRESETS, Rules, find_preset  # noqa: E402

CORPUS = HERE / "games.jsonl.xz"
GAMES_PER_VARIANT = 125

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    *[(p, {}) for p in PRESETS],
    ("tsv99", {"opening": "lowest_takes", "deckel_per_half": 5, "deckel_in_finale": 4}),
    ("tsv99", {"put_back": False, "covered": "third_throw", "einwuerfeln": True}),
    ("schock4life", {"deckel_per_half": 4, "deckel_in_finale": 3}),
    ("schock4life", {"opening": "plain_round", "tiebreak": "later_loses", "covered": "never"}),
    ("knobelrunde", {"finale": False, "hand_aus_beats": True, "einwuerfeln": True}),
    ("knobelrunde", {"sixes_rethrow": "all_remaining", "general_beats_schock_2": True}),
    ("allgemein", {"strasse_one_throw": True, "general_one_throw": True, "deckel_per_half": 3}),
    ("allgemein", {"finale_opener": "first_half_loser", "covered": "last_throw"}),
    ("allgemein", {"einwuerfeln": True, "deckel_per_half": 6, "deckel_in_finale": 2}),
    (
        "tsv99",
        {
            "deckel_per_half": 20,
            "deckel_in_finale": 15,
            "tiebreak": "more_throws_then_later",
        },
    ),
    ("schock4life", {"finale": False, "deckel_per_half": 8}),
    ("knobelrunde", {"opening": "lowest_takes", "covered": "third_throw", "put_back": False}),
]


def play(rules: Rules, n: int, seed: int) -> Game:
    """A game of random bots (buying in half the time) and pub regulars, seat by seat."""
    game = Game(rules, [f"P{i}" for i in range(n)], RandomDice(seed))
    bots = [
        RandomBot(seed * 31 + s, buy_in=0.5) if (seed + s) % 3 else PubRegular() for s in range(n)
    ]
    asked = -1
    while not game.is_over:
        if game.round_count != asked:
            asked = game.round_count
            for s in range(n):
                if game.can_buy_in(s) and bots[s].wants_buy_in(game.view(s)):
                    game.apply(BUY_IN, s)
        legal = game.legal_actions()
        seat = game.current_player
        assert seat is not None
        game.apply(legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat), legal))
    return game


def lines() -> list[str]:
    out = []
    seed = 1
    for preset, overrides in VARIANTS:
        rules = find_preset(preset).with_overrides(overrides)
        for k in range(GAMES_PER_VARIANT):
            n = 2 + k % 7
            record = record_of(play(rules, n, seed))
            data = json.loads(record.to_json(indent=None))
            out.append(json.dumps({"record": data, "fingerprint": fingerprint(record)}))
            seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = "\n".join(lines()) + "\n"
    if args.check:
        on_disk = lzma.decompress(CORPUS.read_bytes()).decode()
        print("same" if on_disk == text else "DIFFERENT")
        sys.exit(0 if on_disk == text else 1)
    CORPUS.write_bytes(lzma.compress(text.encode(), preset=9))
    print(f"{CORPUS}: {text.count(chr(10))} games, {CORPUS.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
