"""The corpus: 2,000 recorded games that the engine must replay exactly as it played them.

``tests/corpus/games.jsonl.xz`` was written by ``tests/corpus/make_corpus.py`` with the engine as it
was before the reference engine was rewritten to be read (every preset and 12 house-rule variants,
2 to 8 players, random bots that buy in often and pub regulars). Each game must replay to the
same outcome, and show the same events, views, legal actions and refusal messages at every step
(its fingerprint).
"""

from __future__ import annotations

import json
import lzma
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
sys.path.insert(0, str(CORPUS_DIR))

from fingerprint import fingerprint  # noqa: E402

from schocken.record import record_from_dict, replay  # noqa: E402

CHUNKS = 16


@cache
def corpus() -> tuple[dict[str, Any], ...]:
    text = lzma.decompress((CORPUS_DIR / "games.jsonl.xz").read_bytes()).decode()
    return tuple(json.loads(line) for line in text.splitlines())


def test_the_corpus_holds_2000_games_of_every_preset_and_2_to_8_players() -> None:
    games = corpus()
    assert len(games) == 2000
    presets = {g["record"]["rules"]["preset"] for g in games}
    assert presets == {"tsv99", "schock4life", "knobelrunde", "allgemein"}
    assert {len(g["record"]["players"]) for g in games} == set(range(2, 9))
    buy_ins = sum(1 for g in games for s in g["record"]["steps"] if s["action"] == "buyin")
    assert buy_ins > 1000


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_corpus_game_replays_to_its_outcome_and_fingerprint(chunk: int) -> None:
    games = corpus()
    size = len(games) // CHUNKS
    for k, entry in enumerate(games[chunk * size : (chunk + 1) * size]):
        record = record_from_dict(entry["record"])
        game = replay(record)  # checks every step and the outcome
        assert game.is_over
        assert fingerprint(record) == entry["fingerprint"], f"game {chunk * size + k}"
