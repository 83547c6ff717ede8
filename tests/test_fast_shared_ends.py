"""The situations of the half bot's ends shared by the two processes of a pair
(``schocken.fast.shared_ends``): each claimed by one, its index seen by both once solved, and
nothing waited for that the other will not solve. The two processes' sides are two views of one
table here (the memory a fork would share); ``tests/test_lab_beside.py`` forks."""

from __future__ import annotations

import copy
import os
import time

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken.fast import kernel, shared_ends
from schocken.fast.shared_ends import ABSENT, Shared, claimed_by, halves


def _rows(count: int, bests: int = 1) -> np.ndarray:
    """Keys ``K_HALF_ENDS`` of ``count`` situations, each with ``bests`` best results shown."""
    rows = np.zeros((count * bests, kernel.KW), np.int64)
    rows[:, 0] = kernel.K_HALF_ENDS
    situation = np.repeat(np.arange(count), bests)
    best = np.tile(np.arange(bests), count)
    rows[:, 2] = 1 | (situation % 200 + 1) << 2 | 2 << 11 | (best + 1) << 21
    rows[:, 4] = situation // 200
    return rows


def _sides() -> tuple[Shared, Shared]:
    """The two processes' views of one table, both taking part."""
    zero = Shared(np.zeros((0, kernel.KW), np.int64), np.zeros(0, np.int64))
    one = copy.copy(zero)
    zero.take(0)
    one.take(1)
    return zero, one


def test_a_situation_is_one_sides_whatever_the_best_result_shown() -> None:
    rows = _rows(400, bests=3)
    half = halves(rows).reshape(400, 3)
    assert (half == half[:, :1]).all()
    share = half[:, 0].mean()
    assert 0.35 < share < 0.65  # about half each


def test_each_side_claims_its_half_first_and_the_rest_once_no_one_has() -> None:
    zero, one = _sides()
    rows = _rows(100)
    mine = halves(rows) == 0
    got = zero.claim(rows, every=False)
    assert (got[mine] == claimed_by(0)).all() and (got[~mine] == ABSENT).all()
    theirs = one.claim(rows, every=False)
    assert (theirs[mine] == claimed_by(0)).all()  # claimed by the other: to wait for
    assert (theirs[~mine] == claimed_by(1)).all()
    # the rest of a side's claim of every one: none left that no one has claimed
    again = zero.claim(rows, every=True)
    assert (again[mine] == claimed_by(0)).all() and (again[~mine] == claimed_by(1)).all()


def test_a_situation_solved_is_seen_by_the_other_at_its_index() -> None:
    zero, one = _sides()
    rows = _rows(30)
    zero.claim(rows, every=True)
    zero.publish(rows, np.arange(30, dtype=np.int64) + 7)
    assert one.claim(rows, every=True).tolist() == list(range(7, 37))
    assert one.wait(rows).tolist() == list(range(7, 37))
    assert zero.state[2] == 30 and zero.state[3] == 0  # solved by side 0


def test_waiting_ends_with_the_situations_left_claimed_here() -> None:
    """A side waits for the other's situations until it solves them; where it has left (its
    store full, its process done) or solved nothing for a while, the waiting one claims what it
    waits for and solves it itself."""
    zero, one = _sides()
    rows = _rows(20)
    one.claim(rows, every=True)
    one.publish(rows[:5], np.arange(5, dtype=np.int64))
    one.leave()
    assert not zero.partnered
    got = zero.wait(rows)
    assert got[:5].tolist() == list(range(5)) and (got[5:] == claimed_by(0)).all()
    assert (zero.claim(rows, every=False)[5:] == claimed_by(0)).all()  # its own now


def test_a_stalled_side_is_waited_for_a_while_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shared_ends, "STALL", 0.05)
    zero, one = _sides()
    rows = _rows(10)
    one.claim(rows, every=True)
    started = time.perf_counter()
    got = zero.wait(rows)
    assert (got == claimed_by(0)).all()
    assert time.perf_counter() - started < 5


def test_a_side_seen_solving_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """The other side solves the situations in a process of its own while this one waits (for
    as long as it takes here: a busy machine may hold the other back)."""
    monkeypatch.setattr(shared_ends, "STALL", 600.0)
    zero, one = _sides()
    rows = _rows(40)
    one.claim(rows, every=True)
    pid = os.fork()
    if pid == 0:  # the other side: solves them a few at a time
        status = 1
        try:
            for lo in range(0, 40, 10):
                time.sleep(0.02)
                one.publish(rows[lo : lo + 10], np.arange(lo, lo + 10, dtype=np.int64))
            status = 0
        finally:
            os._exit(status)
    got = zero.wait(rows)
    assert os.waitpid(pid, 0)[1] == 0
    assert got.tolist() == list(range(40))


def test_a_side_that_finds_the_table_full_goes_on_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the table has no room for the situations a side claims, it leaves: it claims every
    one not solved (to solve them itself), and the other waits for none of them."""
    monkeypatch.setattr(shared_ends, "SLOTS", 64)
    zero, one = _sides()
    first = _rows(40)[:30]
    zero.claim(first, every=True)
    zero.publish(first[:10], np.arange(10, dtype=np.int64))
    rows = _rows(40)
    got = zero.claim(rows, every=True)
    assert got[:10].tolist() == list(range(10)) and (got[10:] == claimed_by(0)).all()
    assert zero.side == -1 and not one.partnered
    assert (one.wait(rows[10:30]) == claimed_by(1)).all()  # left: not waited for
