"""The bots' figures in the docs are those of the stored run (docs/figures.json, written by
bench/figures.py): a new run that changes a figure fails here until the docs quote it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from schocken.card import CARDS
from schocken.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent


def _bench_figures() -> Any:
    """bench/figures.py, which measured and stores the runs (loaded by its path: bench/ is not
    put on the import path)."""
    spec = importlib.util.spec_from_file_location("bench_figures", ROOT / "bench" / "figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


figures = _bench_figures()

STORED: dict[str, Any] = json.loads((ROOT / "docs" / "figures.json").read_text("utf-8"))
SEARCH: dict[str, Any] = json.loads((ROOT / "docs" / "strategy.json").read_text("utf-8"))


def _words(text: str) -> str:
    """The text with every run of white space one space (docs wrap their lines)."""
    return " ".join(text.split())


def test_every_run_the_docs_quote_is_stored_with_its_games_and_seed() -> None:
    assert set(STORED) == set(figures.runs())
    for name, run in STORED.items():
        assert run["games"] == 100_000, name
        assert run["seed"] == 1, name
        assert run["bots"] == figures.runs()[name], name
        assert sum(run["games_lost"]) == run["games"], name
        assert sum(run["halves_lost"]) == run["halves"], name
        assert len(run["commit"]) >= 40, name


@pytest.mark.parametrize(
    ("doc", "piece"),
    [pytest.param(doc, piece, id=f"{doc}-{i}") for i, (doc, piece) in
     enumerate(figures.pieces(STORED, SEARCH))],
)  # fmt: skip
def test_the_doc_quotes_the_stored_run(doc: str, piece: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    assert _words(piece) in _words(text), (
        f"{doc} does not quote the stored run; `python bench/figures.py --print` shows:\n{piece}"
    )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_cards_cost_is_measured_against_the_stored_runs(preset: str) -> None:
    card, solver = STORED[f"card:{preset}"], STORED[f"solver:{preset}"]
    m = CARDS[preset].measured
    assert CARDS[preset].card.code == SEARCH[preset]["card"]
    assert (m.games, m.seed, m.lost) == (card["games"], card["seed"], card["games_lost"][0])
    assert m.regulars_lost == sum(card["games_lost"][1:])
    assert (m.solver_games, m.solver_lost) == (solver["games"], solver["games_lost"][0])
    assert SEARCH[preset]["final"]["lost"] == card["games_lost"][0]
    assert SEARCH[preset]["solver_share"] == solver["games_lost"][0] / solver["games"]


def test_a_changed_run_is_caught() -> None:
    changed = json.loads(json.dumps(STORED))
    changed["solver:allgemein"]["games_lost"][0] += 1
    changed["solver:allgemein"]["games_lost"][1] -= 1
    text = "\n".join(
        (ROOT / doc).read_text(encoding="utf-8") for doc in ("docs/bots.md", "docs/strategy.md")
    )
    missing = [p for _, p in figures.pieces(changed, SEARCH) if _words(p) not in _words(text)]
    assert missing
