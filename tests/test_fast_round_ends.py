"""The half bot's ends of a round kept once for the memos of rule sets alike in their rounds
(``schocken.fast.round_ends``): the games are those each memo plays alone."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken import fast
from schocken.fast import round_ends, strong
from schocken.rules import find_preset

LINEUP = ["half", "regular", "regular", "regular"]
STARTS = (0, 10, 20, 30)


@pytest.fixture(autouse=True)
def _fresh() -> None:
    strong.clear_caches()


def test_rule_sets_alike_in_their_rounds_share_the_ends() -> None:
    """The builder's rules (the preset with fewer Deckel a half and no Finale) after the preset:
    one store, most of their situations taken from it, and the very games they play alone."""
    preset = find_preset("allgemein")
    ours = preset.with_overrides({"deckel_per_half": 9, "finale": False})
    alone = fast.play_rows(ours, LINEUP, 0, 300, seed=3, threads=1)
    solved_alone = strong.memo(ours).situations
    strong.clear_caches()

    fast.play_rows(preset, LINEUP, 0, 300, seed=3, threads=1)
    before = strong.memo(preset).situations
    after_preset = fast.play_rows(ours, LINEUP, 0, 300, seed=3, threads=1)
    assert strong.memo(ours).store is strong.memo(preset).store
    assert (after_preset == alone).all()
    added = strong.memo(ours).situations - before
    assert 0 <= added < solved_alone / 2  # most of them the preset's
    other = find_preset("allgemein").with_overrides({"jule": True})
    assert strong.memo(other).store is not strong.memo(preset).store  # the Jule: another round


def test_a_full_store_starts_afresh_for_every_memo_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A store held to few situations starts afresh when one of its memos finds it full; the
    other memo of it starts afresh at its next games too, and every game is the same."""
    preset = find_preset("tsv99")
    ours = preset.with_overrides({"deckel_per_half": 10})
    first = [fast.play_rows(r, LINEUP, 0, 40, seed=5, threads=1) for r in (preset, ours)]
    strong.clear_caches()

    monkeypatch.setattr(round_ends, "MAX_SITUATIONS", 30)
    store = strong.memo(preset).store
    generations = []
    for _ in range(2):
        for rules, expected in zip((preset, ours), first, strict=True):
            rows = [fast.play_rows(rules, LINEUP, g, 10, seed=5, threads=1) for g in STARTS]
            assert (np.concatenate(rows) == expected).all()
            generations.append(store.generation)
    assert strong.memo(ours).store is store
    assert generations[-1] > generations[0]  # started afresh on the way
