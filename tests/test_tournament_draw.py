"""The draw: tables of even size from 3 to 6, Springer tables for counts that do not divide,
teammates apart, the same draw for the same seed, few repeated pairs, late changes that move
only whom they must."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from schocken.errors import TournamentError
from schocken.texts import t as text
from schocken.tournament.draw import (
    BIG,
    adjust,
    draw_tables,
    random_tables,
    springer_in_turn,
    table_sizes,
)
from schocken.tournament.meetings import lower_bound, meetings, repeated_pairs

NAMES = [f"P{i:03}" for i in range(200)]


@pytest.mark.parametrize("count", range(3, 61))
@pytest.mark.parametrize(("size", "smallest"), [(4, 3), (5, 3), (6, 3), (6, 5), (3, 3)])
def test_tables_are_even_and_from_3_to_6(count: int, size: int, smallest: int) -> None:
    try:
        sizes = table_sizes(count, size, smallest)
    except TournamentError as exc:
        # Refused only when no even split fits: fewer tables would be too large, more too small.
        assert str(exc).startswith(f"{count} player")
        tables = -(-count // size)
        assert count // tables < smallest
        return
    assert sum(sizes) == count
    assert all(smallest <= s <= size for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert len(sizes) == -(-count // size)  # as many tables as full tables need
    assert list(sizes) == sorted(sizes, reverse=True)


def test_springer_tables_for_fourteen_as_fiebel_t_says() -> None:
    # "zwei Tische à vier Spieler und zwei Tische à drei Spieler"
    assert table_sizes(14, 4, 3) == (4, 4, 3, 3)
    assert table_sizes(20, 4, 3) == (4,) * 5
    assert table_sizes(16, 4, 3) == (4,) * 4
    with pytest.raises(TournamentError, match="5 players cannot sit at tables of 3 to 4"):
        table_sizes(5, 4, 3)
    with pytest.raises(TournamentError, match="2 players cannot fill a table of 3 to 4"):
        table_sizes(2, 4, 3)


def test_springer_take_turns_at_the_smaller_tables() -> None:
    players = NAMES[:14]
    history: list[tuple[tuple[str, ...], ...]] = []
    for r in range(4):
        tables = draw_tables(players, size=4, smallest=3, seed=f"s/{r}", history=history)
        assert sorted(len(t) for t in tables) == [3, 3, 4, 4]
        history.append(tables)
        short = Counter(p for rnd in history for t in rnd if len(t) == 3 for p in t)
        # 6 seats at the smaller tables a round: after two rounds 12 of the 14 sat there once
        # and nobody twice; after three, everyone once before anyone a third time.
        assert max(short.values(), default=0) - min(short.get(p, 0) for p in players) <= 1


def test_the_same_seed_gives_the_same_draw_and_another_seed_another() -> None:
    players = NAMES[:24]
    first = draw_tables(players, size=4, smallest=3, seed="Werl 2025/1")
    assert draw_tables(players, size=4, smallest=3, seed="Werl 2025/1") == first
    assert draw_tables(players, size=4, smallest=3, seed="Werl 2025/2") != first
    history = [first]
    second = draw_tables(players, size=4, smallest=3, seed=2, history=history)
    assert draw_tables(players, size=4, smallest=3, seed=2, history=history) == second


def test_teammates_never_sit_together() -> None:
    players = NAMES[:30]
    teams = {p: f"team {i % 6}" for i, p in enumerate(players)}  # six teams of five
    history: list[tuple[tuple[str, ...], ...]] = []
    for r in range(6):
        tables = draw_tables(players, size=6, smallest=3, seed=r, history=history, teams=teams)
        for t in tables:
            assert len({teams[p] for p in t}) == len(t)
        history.append(tables)


def test_a_team_larger_than_the_tables_is_refused() -> None:
    players = NAMES[:12]
    teams = {p: "Rot" for p in players[:4]}
    with pytest.raises(TournamentError, match="team 'Rot' has 4 players at 3 tables"):
        draw_tables(players, size=4, smallest=3, seed=1, teams=teams)


def test_a_player_named_twice_is_refused() -> None:
    with pytest.raises(TournamentError, match="a player is named twice"):
        draw_tables(["A", "B", "C", "A"], size=4, smallest=3, seed=1)


@pytest.mark.parametrize("size", [4, 6])
@pytest.mark.parametrize("count", [24, 48, 120])
def test_repeated_pairs_are_not_worse_than_a_plain_random_draw(count: int, size: int) -> None:
    players = NAMES[:count]
    sizes = table_sizes(count, size, 3)
    ours: list[tuple[tuple[str, ...], ...]] = []
    plain: list[tuple[tuple[str, ...], ...]] = []
    for r in range(8):
        seed = f"{count}/{r}"
        ours.append(draw_tables(players, size=size, smallest=3, seed=seed, history=ours))
        plain.append(random_tables(players, sizes, random.Random(f"{count}/{r}")))
        if r + 1 >= 4:
            bound = lower_bound(count, [[len(t) for t in rnd] for rnd in ours])
            assert bound <= repeated_pairs(ours) <= repeated_pairs(plain)
    if size == 4:
        assert repeated_pairs(ours[:4]) == 0  # four rounds: nobody meets anyone twice


def test_the_lower_bound_counts_what_no_draw_avoids() -> None:
    # 24 players at 6 tables of 4 for 8 rounds meet 3 opponents a round: 24 > 23 possible
    # opponents, so each repeats at least once, and a repeat is two players': 24 / 2 = 12.
    assert lower_bound(24, [[4] * 6] * 8) == 12
    # 24 at 4 tables of 6: a table of 6 from the 4 tables of round 1 holds two pairs of
    # earlier tablemates (6 = 2 + 2 + 1 + 1), so 4 tables x 2 = 8 a round after the first.
    assert lower_bound(24, [[6] * 4] * 2) == 8
    assert lower_bound(120, [[4] * 30] * 8) == 0
    # Teammates never meet: fewer opponents to meet.
    assert lower_bound(8, [[4, 4]] * 3, {"A": 2, "B": 2, "C": 2, "D": 2}) >= lower_bound(
        8, [[4, 4]] * 3
    )


def test_repeated_pairs_count_meetings_after_the_first() -> None:
    rounds = [[("A", "B", "C")], [("A", "B", "D")], [("A", "B", "C")]]
    assert meetings(rounds)[frozenset(("A", "B"))] == 3
    assert repeated_pairs(rounds) == 2 + 1 + 1  # A-B twice more, A-C and B-C once more


# ---------------------------------------------------------------------- late changes


def _round() -> dict[int, tuple[str, ...]]:
    return {n + 1: t for n, t in enumerate(draw_tables(NAMES[:15], size=4, smallest=3, seed=9))}


def _moved(before: dict[int, tuple[str, ...]], after: dict[int, tuple[str, ...]]) -> set[str]:
    where = {p: n for n, t in before.items() for p in t}
    return {p for n, t in after.items() for p in t if where.get(p) != n}


def test_a_leaver_changes_nothing_else_while_the_tables_stay_even() -> None:
    tables = _round()  # 4, 4, 4, 3
    leaver = tables[1][0]
    after = adjust(tables, leave=[leaver], size=4, smallest=3)
    assert after[1] == tables[1][1:]
    assert _moved(tables, after) == set()
    assert sorted(len(t) for t in after.values()) == [3, 3, 4, 4]


def test_a_table_left_too_small_takes_one_player_from_a_full_table() -> None:
    tables = _round()  # 4, 4, 4, 3
    short = tables[4]
    after = adjust(tables, leave=short[:1], size=4, smallest=3)
    # table 4 has two left: one player of a table of four sits down there, nobody else moves
    assert len(_moved(tables, after)) == 1
    assert sorted(len(t) for t in after.values()) == [3, 3, 4, 4]


def test_a_late_arrival_takes_a_free_seat_and_nobody_moves() -> None:
    tables = _round()  # 4, 4, 4, 3
    after = adjust(tables, arrive=["Late"], size=4, smallest=3)
    assert after[4] == (*tables[4], "Late")
    assert _moved(tables, after) == {"Late"}


def test_a_late_arrival_with_no_free_seat_opens_a_table_with_as_few_moves_as_can_be() -> None:
    tables = {n: t for n, t in _round().items()}
    full = adjust(tables, arrive=["Late"], size=4, smallest=3)  # now 4, 4, 4, 4
    after = adjust(full, arrive=["Later"], size=4, smallest=3)
    # a new table 5 needs three: the late one and two from full tables
    assert sorted(after[5]).count("Later") == 1 and len(after[5]) == 3
    assert len(_moved(full, after)) == 3
    assert all(3 <= len(t) <= 4 for t in after.values())


def test_tables_that_have_played_are_never_changed() -> None:
    tables = _round()  # 4, 4, 4, 3
    after = adjust(tables, leave=tables[4][:1], played=[1], size=4, smallest=3)
    assert after[1] == tables[1]
    assert len(_moved(tables, after)) == 1  # from table 2 or 3, which have not played
    # With every other table played, table 4 can neither be filled nor shared out.
    with pytest.raises(TournamentError, match="table 4 is left with too few players"):
        adjust(tables, leave=tables[4][:1], played=[1, 2, 3], size=4, smallest=3)


def test_late_changes_keep_teammates_apart_and_refuse_strangers() -> None:
    tables = _round()
    teams = {tables[4][0]: "Rot", "Late": "Rot"}
    after = adjust(tables, arrive=["Late"], size=4, smallest=3, teams=teams)
    assert "Late" not in after[4]
    with pytest.raises(TournamentError, match="'Nobody' has no seat in the round"):
        adjust(tables, leave=["Nobody"], size=4, smallest=3)
    with pytest.raises(TournamentError, match="has a seat in the round already"):
        adjust(tables, arrive=[tables[1][0]], size=4, smallest=3)


def test_the_draw_of_120_players_over_8_rounds_is_the_same_on_every_run() -> None:
    players = NAMES[:120]
    history: list[tuple[tuple[str, ...], ...]] = []
    for r in range(3):
        history.append(draw_tables(players, size=4, smallest=3, seed=r, history=history))
    again: list[tuple[tuple[str, ...], ...]] = []
    for r in range(3):
        again.append(draw_tables(players, size=4, smallest=3, seed=r, history=again))
    assert again == history


def test_a_big_field_keeps_every_rule_of_the_draw() -> None:
    # More than BIG players take the big field's way (around each player's earlier opponents):
    # the same rules, and four rounds of tables of 4 without a repeated pair.
    count = BIG + 6
    players = [f"Q{i:05}" for i in range(count)]
    teams = {p: f"team {i % 100}" for i, p in enumerate(players[:500])}
    sizes = table_sizes(count, 4, 3)
    assert 3 in sizes and 4 in sizes
    ours: list[tuple[tuple[str, ...], ...]] = []
    plain: list[tuple[tuple[str, ...], ...]] = []
    for r in range(4):
        tables = draw_tables(players, size=4, smallest=3, seed=r, history=ours, teams=teams)
        assert sorted(len(t) for t in tables) == sorted(sizes)
        assert sorted(p for t in tables for p in t) == players
        for t in tables:
            in_teams = [teams[p] for p in t if p in teams]
            assert len(set(in_teams)) == len(in_teams)
        assert draw_tables(players, size=4, smallest=3, seed=r, history=ours, teams=teams) == (
            tables
        )
        ours.append(tables)
        plain.append(random_tables(players, sizes, random.Random(r)))
        short = Counter(p for rnd in ours for t in rnd if len(t) == 3 for p in t)
        assert max(short.values()) - min(short.get(p, 0) for p in players) <= 1
    assert repeated_pairs(ours) == 0 < repeated_pairs(plain)


def test_springer_take_turns_with_teams_where_the_teams_allow_it() -> None:
    # sfreunde, 13 players in four teams of 3 and one alone, seed 11: the table of 4 went to
    # P013 in all 3 rounds, and P007, P008, P011 sat at a table of 3 each time. Fair draws
    # that keep teammates apart exist: the draw finds them.
    players = [f"P{i:03}" for i in range(1, 14)]
    teams = {p: f"team {i // 3}" for i, p in enumerate(players[:12])}
    history: list[tuple[tuple[str, ...], ...]] = []
    for r in range(1, 4):
        tables = draw_tables(
            players, size=4, smallest=3, seed=f"11/{r}", history=history, teams=teams
        )
        assert springer_in_turn(history, tables)
        for t in tables:
            in_teams = [teams[p] for p in t if p in teams]
            assert len(set(in_teams)) == len(in_teams)
        history.append(tables)
    short = Counter(p for rnd in history for t in rnd if len(t) == 3 for p in t)
    assert max(short.values()) - min(short.get(p, 0) for p in players) <= 1
    assert repeated_pairs(history[:2]) >= lower_bound(13, [[4, 3, 3, 3]] * 2) == 2


def test_where_the_teams_do_not_allow_turns_the_draw_says_so() -> None:
    # Ten players at tables of 4, 3, 3: three teams of three, one player alone. The table of
    # 4 can hold one of each team, and so the one alone sits there every round.
    players = [f"P{i:03}" for i in range(1, 11)]
    teams = {p: f"team {i // 3}" for i, p in enumerate(players[:9])}
    history: list[tuple[tuple[str, ...], ...]] = []
    turns = []
    for r in range(1, 4):
        tables = draw_tables(players, size=4, smallest=3, seed=r, history=history, teams=teams)
        turns.append(springer_in_turn(history, tables))
        assert "P010" in tables[0] and len(tables[0]) == 4
        history.append(tables)
    assert turns == [True, False, False]
    assert "teammates are kept apart first" in text("tournament_springer_uneven", "en")
    assert "Teamkameraden werden zuerst getrennt" in text("tournament_springer_uneven", "de")


def test_the_lower_bound_counts_what_the_springer_rule_forces() -> None:
    # werl's two rounds: the full table's players share out over the tables of 3, and the
    # next full table is filled from the tables of 3 only.
    assert lower_bound(13, [[4, 3, 3, 3]] * 2) == 2
    assert lower_bound(17, [[4, 4, 3, 3, 3]] * 2) == 4
    assert lower_bound(14, [[4, 4, 3, 3]] * 2) == 0  # 8 full seats, 6 smaller: no rule forces
