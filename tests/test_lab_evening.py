"""The lab's evening (schocken.lab.evening): the same counts for the same games on both engines."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from schocken.lab.evening import play_fast, play_reference, round_counts
from schocken.record import replay
from schocken.rules import find_preset


def test_fast_counts_agree_with_the_reference_engine_game_by_game() -> None:
    """The batch simulator's new counts (rounds that gave Deckel, Schock-Aus, opener lost) are
    the reference engine's for the very same games (replayed from their records)."""
    from schocken import fast
    from schocken.fast import kernel

    for preset in ("tsv99", "allgemein", "knobelrunde", "schock4life"):
        rules = find_preset(preset)
        bots = ["regular"] * 4
        rows = fast.play_rows(rules, bots, 0, 40, seed=5)
        for g in range(40):
            game = replay(fast.play_record(rules, bots, seed=5, game=g))
            paid, schock_aus, opener_lost, finale = round_counts(game.events)
            row = rows[g]
            assert (row[kernel.O_PAID], row[kernel.O_SCHOCK_AUS], row[kernel.O_OPENER_LOST]) == (
                paid,
                schock_aus,
                opener_lost,
            ), (preset, g)
            halves = int((row[kernel.O_HALF_LOSER :] >= 0).sum())
            assert (row[kernel.O_SECTIONS] > halves) == finale


def test_both_engines_count_every_game_of_a_lineup() -> None:
    """Each list holds one entry per game, whatever the engine; the lab's notebook keeps them
    as plain numbers and gives the same games back."""
    rules = find_preset("tsv99")
    lineup = ["regular"] * 4
    for play in (play_fast, play_reference):
        told: list[int] = []
        games = play(rules, lineup, 60, 2, told.append)
        lists = games.lists()
        assert {len(v) for v in lists.values()} == {60}
        assert set(lists["finale"]) <= {0, 1}
        assert type(games).from_lists(lists) == games
        assert all(p <= r for p, r in zip(games.paid, games.rounds, strict=True))
    assert told[-1] == 50  # the reference engine tells every 50 games
