"""Pieces of the strong bots' memo filled in the helper process: the same decisions, the same
games, as filled here alone; made here where the helper fails or has not begun them."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken import fast, helper
from schocken.fast import away, kernel, strong
from schocken.rules import find_preset

RULES = find_preset("knobelrunde").with_overrides({"deckel_per_half": 7})
BOTS = ["half", "regular", "regular", "regular"]
GAMES = 300


def played(monkeypatch: pytest.MonkeyPatch, *, use: bool) -> tuple[np.ndarray[Any, Any], int]:
    """The games' rows from a memo filled with (``use``) or without the helper, and how many
    fillings it answered."""
    strong.clear_caches()
    answered = 0
    ask = away.ask

    def counted(*args: Any) -> Future[away.Answer]:
        nonlocal answered
        future = ask(*args)
        future.result()  # answered (or not: then made here, as the caller would)
        answered += 1
        return future

    monkeypatch.setattr(away, "ask", counted)
    monkeypatch.setenv(helper.ENV, "1" if use else "0")
    try:
        return fast.play_rows(RULES, BOTS, 0, GAMES, 11, rotate=True), answered
    finally:
        strong.clear_caches()


def test_the_games_are_the_same_with_a_share_filled_in_the_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone, none = played(monkeypatch, use=False)
    shared, answered = played(monkeypatch, use=True)
    assert none == 0 and answered > 0  # the helper filled a share
    assert np.array_equal(alone, shared)


def test_a_share_the_helper_does_not_answer_is_made_here(monkeypatch: pytest.MonkeyPatch) -> None:
    alone, _ = played(monkeypatch, use=False)
    failed = 0

    def fails(*args: Any) -> Future[away.Answer]:
        nonlocal failed
        failed += 1
        future: Future[away.Answer] = Future()
        future.set_exception(helper.HelperError("the helper process ended"))
        return future

    strong.clear_caches()
    monkeypatch.setattr(away, "ask", fails)
    monkeypatch.setenv(helper.ENV, "1")
    try:
        rows = fast.play_rows(RULES, BOTS, 0, GAMES, 11, rotate=True)
    finally:
        strong.clear_caches()
    assert failed > 0 and np.array_equal(rows, alone)


def test_pieces_not_begun_there_are_made_here(monkeypatch: pytest.MonkeyPatch) -> None:
    alone, _ = played(monkeypatch, use=False)
    waiting: list[Future[away.Answer]] = []

    def never_begun(*args: Any) -> Future[away.Answer]:
        future: Future[away.Answer] = Future()  # pending: cancelled, then made here
        waiting.append(future)
        return future

    strong.clear_caches()
    monkeypatch.setattr(away, "ask", never_begun)
    monkeypatch.setenv(helper.ENV, "1")
    try:
        rows = fast.play_rows(RULES, BOTS, 0, GAMES, 11, rotate=True)
    finally:
        strong.clear_caches()
    assert waiting and all(f.cancelled() for f in waiting)
    assert np.array_equal(rows, alone)


def piece_of(rows: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The piece of each of ``rows`` (:func:`away.pieces`)."""
    piece = np.full(len(rows), -1)
    for i, at in enumerate(away.pieces(rows)):
        piece[at] = i
    return piece


def test_a_situations_keys_go_to_one_piece_and_the_pieces_are_even() -> None:
    rng = np.random.default_rng(3)
    rows = np.zeros((4000, kernel.KW), np.int64)
    rows[:, 0] = rng.choice([kernel.K_HALF_ENDS, kernel.K_HALF_WEIGHTS, kernel.K_FINALE], 4000)
    rows[:, 2] = rng.integers(1, 40, 4000) | rng.integers(0, 8, 4000) << 21  # best shown: bit 21
    rows[:, 3] = rng.integers(1, 1 << 20, 4000)
    rows[:, 4] = rng.integers(0, 6, 4000)
    pieces = away.pieces(rows)
    assert len(pieces) == away.PIECES
    assert np.array_equal(np.sort(np.concatenate(pieces)), np.arange(len(rows)))  # each once
    sizes = [len(p) / len(rows) for p in pieces]
    assert all(0.5 / away.PIECES < size < 2 / away.PIECES for size in sizes)
    piece = piece_of(rows)
    ends = rows[:, 0] == kernel.K_HALF_ENDS
    situation = rows[:, 2] & (1 << 21) - 1, rows[:, 4]
    for key in set(zip(*(w[ends] for w in situation), strict=True)):
        at = ends & (situation[0] == key[0]) & (situation[1] == key[1])
        assert len(set(piece[at].tolist())) == 1  # every best result shown in one piece
    backwards = piece_of(rows[::-1].copy())[::-1]  # the same situation, the same piece, always
    assert np.array_equal(piece[ends], backwards[ends])
    few = away.pieces(rows[: away.SHARE_FROM - 1])
    assert len(few) == 1 and len(few[0]) == away.SHARE_FROM - 1  # too few: all here
