"""The stores of the half bot's ends (schocken.fast.stores) kept on disk between processes."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken import fast
from schocken.fast import round_ends, stores, strong
from schocken.fast.solved import round_rules
from schocken.rules import Rules, find_preset


def test_the_round_ends_are_kept_for_rules_alike_in_their_rounds(tmp_path: Path) -> None:
    """With a folder to keep them in (:func:`stores.keep_stores`, the lab's notebook), a store of
    the half bot's ends is written whole and a later memo of rules alike in their rounds starts
    from it: it solves fewer situations and plays the very same games. A file not to be read
    is passed over; a store shared with another process is not written."""
    from schocken.fast.solved import round_rules

    a = find_preset("tsv99").with_overrides({"deckel_per_half": 3, "deckel_in_finale": 2})
    b = a.with_overrides({"deckel_per_half": 4})
    assert round_rules(a) == round_rules(b)
    lineup = ["half", "regular", "regular"]

    def play(rules: Rules) -> tuple[np.ndarray, int, int]:
        """The games; the situations its store holds after the first game and after all."""
        rows = fast.play_rows(rules, lineup, 0, 1, seed=3, threads=1)  # the store made
        before = strong.memo(rules).situations
        rows = fast.play_rows(rules, lineup, 0, 30, seed=3, threads=1)
        return rows, before, strong.memo(rules).situations

    strong.clear_caches()
    try:
        unkept, first_game, solved_alone = play(b)  # no folder: nothing read or written
        stores.save_stores()
        assert not list(tmp_path.iterdir())

        stores.keep_stores(tmp_path, "the code")
        strong.clear_caches()
        play(a)
        stores.save_stores()
        (kept,) = tmp_path.glob("ends-*.npz")
        held = strong.memo(a).situations
        modified = kept.stat().st_mtime_ns
        stores.save_stores()  # nothing new: not written again
        assert kept.stat().st_mtime_ns == modified

        strong.clear_caches()  # a new process: b's store starts from a's file
        again, started_with, now = play(b)
        assert started_with >= held > 0
        assert (again == unkept).all()
        assert now - started_with < solved_alone  # fewer situations solved than alone

        kept.write_bytes(b"not a store")
        strong.clear_caches()
        damaged, started_with, _ = play(b)
        assert started_with == first_game and (damaged == unkept).all()  # started empty

        # shared with a forked process: the first region kept, without the other's keys
        store = strong.memo(b).store
        own = store.situations
        assert store.share() and store.mixed
        mine = store.keys[store.keys[:, 0] != 0][:2].copy()
        theirs = mine.copy()
        theirs[:, 2] ^= 1 << 40  # keys no situation here has, as the other process's
        store.note(theirs, np.array([round_ends.MAX_SITUATIONS, round_ends.MAX_SITUATIONS + 1]))
        stores.save_stores()
        strong.clear_caches()
        again_store = strong.memo(b).store
        assert again_store.situations == own
        assert (again_store.find(theirs) == -1).all()
        assert (again_store.find(mine) >= 0).all()
        store.first = round_ends.MAX_SITUATIONS  # the other side's: not written
        before = kept.read_bytes()
        stores._STORED.clear()
        stores._STORES[round_rules(b)] = store
        stores.save_stores()
        assert kept.read_bytes() == before
    finally:
        stores.keep_stores(None)
        strong.clear_caches()


def test_the_folder_keeps_the_stores_used_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past ``STORES_KEPT`` stores, the one used longest ago goes (a store read counts as used)."""
    monkeypatch.setattr(stores, "STORES_KEPT", 2)
    lineup = ["half", "regular", "regular"]
    base = find_preset("tsv99").with_overrides({"deckel_per_half": 3, "deckel_in_finale": 2})
    rounds = [base.with_overrides({"jule": jule, "general": general})
              for jule, general in ((False, True), (True, True), (False, False))]  # fmt: skip
    strong.clear_caches()
    stores.keep_stores(tmp_path, "the code")
    try:
        for rules in rounds[:2]:
            fast.play_rows(rules, lineup, 0, 3, seed=3, threads=1)
            stores.save_stores()
        files = sorted(tmp_path.glob("ends-*.npz"))
        assert len(files) == 2
        for path in files:
            os.utime(path, (1, 1))
        strong.clear_caches()
        strong.memo(rounds[0])  # read: used now
        fast.play_rows(rounds[2], lineup, 0, 3, seed=3, threads=1)
        stores.save_stores()
        left = {p.name for p in tmp_path.glob("ends-*.npz")}
        read = stores._store_path(round_rules(rounds[0]), strong.memo(rounds[0]).size)
        assert read is not None and len(left) == 2 and read.name in left
    finally:
        stores.keep_stores(None)
        strong.clear_caches()
