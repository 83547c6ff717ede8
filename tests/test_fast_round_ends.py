"""The half bot's ends of a round kept once for the memos of rule sets alike in their rounds
(``schocken.fast.round_ends``): the games are those each memo plays alone."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken import fast
from schocken.fast import round_ends, stores, strong
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


@pytest.mark.parametrize("preset", ["tsv99", "allgemein"])
def test_ends_solved_many_at_once_are_those_solved_one_by_one(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The situations a filling solves at once on a thread of their own (``RoundEnds.add_many``,
    in compiled calls that stop where the room for the ends on stopping is short and go on once
    it has grown) keep the very ends, float for float, that ``Solved.ends`` gives one by one."""
    rules = find_preset(preset)
    fast.play_rows(rules, LINEUP, 0, 200, seed=7, threads=1)  # situations games meet
    memo = strong.memo(rules)
    many = memo.store
    held = many.situations
    keys = many.keys[many.keys[:, 0] != 0]
    keys = keys[np.argsort(many.find(keys))]  # in the order they were kept
    assert held > 50 and len(keys) == held

    one = round_ends.RoundEnds(memo.tables, memo.size)
    for key in keys:
        ctx, best = strong._context(key)
        one.add(one.solved.ends(ctx, best, scratch=True), ctx.limit)

    def alike(a: round_ends.RoundEnds, b: round_ends.RoundEnds) -> bool:
        """The same rows of ends, each once, named alike by each situation: after each
        throw before the round's limit, after turning sixes in states a turn can be in, on
        stopping where a decision reads it (else -1)."""
        if a.rows_used != b.rows_used:
            return False
        if not np.array_equal(a.rows[: a.rows_used], b.rows[: b.rows_used]):
            return False
        if len(np.unique(a.rows[: a.rows_used], axis=0)) != a.rows_used:
            return False  # a row twice
        return all(
            np.array_equal(getattr(a, name)[:held], getattr(b, name)[:held])
            for name in ("throw_at", "sixes_at", "stop_at")
        )

    assert alike(one, many)
    # -1 where no decision reads: after the round's limit, in states a turn is never in
    reach = one.solved.reach[one.solved.turned_states][:, round_ends.DECIDING]
    for k, key in enumerate(keys.tolist()):
        decides = np.arange(1, 3) < (key[2] & 3 or 3)  # after 1 and 2 throws
        assert ((one.throw_at[k] >= 0) == decides).all()
        assert ((one.sixes_at[k] >= 0) == (reach & decides)).all()

    # again at once, with room for few rows of ends: the calls stop and go on
    monkeypatch.setattr(round_ends, "MAX_ROWS", 2 * one.solved.terminals)
    monkeypatch.setattr(round_ends, "FIRST_ROW_SLOTS", 8)
    again = round_ends.RoundEnds(memo.tables, memo.size)
    ctxs = [strong._context(key) for key in keys]
    distinct = list(dict.fromkeys(ctx for ctx, _ in ctxs))
    ctx_of = np.array([distinct.index(ctx) for ctx, _ in ctxs], np.int64)
    bests = np.array([best for _, best in ctxs], np.int64)
    again.solved.hold_rows()
    indices = again.add_many(again.solved.many(distinct), ctx_of, bests)
    assert indices.tolist() == list(range(held))
    assert len(again.rows) > 2 * one.solved.terminals and len(again.table) > 8  # grown
    assert alike(again, many)


def test_a_store_shared_plays_the_games_played_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A store shared with a child (``schocken lab A --against B``), on the child's side, its
    situations claimed (the parent's half solved here too, where the parent claims none) and
    its region small: the very games played alone; once its region is full it goes on alone,
    and starts afresh as any store."""
    preset = find_preset("tsv99")
    ours = preset.with_overrides({"deckel_per_half": 10})
    alone = [fast.play_rows(r, LINEUP, 0, 60, seed=5, threads=1) for r in (preset, ours)]
    strong.clear_caches()

    monkeypatch.setattr(round_ends, "MAX_SITUATIONS", 200)
    for rules in (preset, ours):
        strong.load_code(rules)
    stores.share_stores([preset, ours])
    store = strong.memo(preset).store
    assert strong.memo(ours).store is store and store.shared is not None
    # its memos' files not written while it holds (or may hold) both regions' situations
    memo = strong.memo(preset)
    memo.path, memo.changed = tmp_path / "memo.npz", True
    memo.save()
    assert store.mixed and not memo.path.exists()
    memo.path = None
    stores.take_side(1)
    assert store.first == 200 and store.situations == 200  # the child's region
    table = store.shared
    table.state[0] = 1  # the parent takes part (it claims nothing here)
    assert store.partner is table
    games = [fast.play_rows(r, LINEUP, g, 20, seed=5, threads=1) for r in (preset, ours)
             for g in (0, 20, 40)]  # fmt: skip
    assert (np.concatenate(games[:3]) == alone[0]).all()
    assert (np.concatenate(games[3:]) == alone[1]).all()
    assert store.shared is None and table.side == -1  # gone on alone
    assert table.state[3] > 100 and table.state[1] == 0  # solved here, and said
