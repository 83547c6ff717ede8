"""What comes next: the stage of a round, who plays the next round (the qualifiers, then those
who go on), and where a game may be entered."""

from __future__ import annotations

import dataclasses

import pytest

from schocken.errors import TournamentError
from schocken.rules import find_preset
from schocken.tournament.formats import (
    FinalTableStage,
    KnockoutStage,
    PointsStage,
    find_format,
)
from schocken.tournament.plan import check_entry, next_players, next_seating, stage_of
from schocken.tournament.results import GameResult, result_by_hand
from schocken.tournament.values import Entry, Tournament
from tournament_helpers import lost_by, tournament

P = [f"P{i}" for i in range(1, 9)]


def _sfreunde_small() -> Tournament:
    """sfreunde cut to one points round and two K.O. rounds (8 qualifiers), round 1 played:
    P1 and P5 lost their tables' game."""
    base = find_format("sfreunde")
    assert isinstance(base.qualifying, PointsStage)
    fmt = dataclasses.replace(
        base,
        qualifying=dataclasses.replace(base.qualifying, rounds=1),
        final=dataclasses.replace(base.final, rounds=2),  # type: ignore[type-var]
    )
    return tournament(
        fmt,
        [["P1 P2 P3 P4", "P5 P6 P7 P8"]],
        {(1, 1): [lost_by(P[:4], "P1")], (1, 2): [lost_by(P[4:], "P5")]},
    )


def test_the_stage_of_each_round() -> None:
    t = _sfreunde_small()
    assert stage_of(t, 1) is t.format.qualifying
    assert isinstance(stage_of(t, 2), KnockoutStage)
    with pytest.raises(TournamentError, match="the format has rounds 1 to 3, not 4"):
        stage_of(t, 4)


def test_the_knockout_begins_with_the_qualifiers_drawn_into_tables_of_four() -> None:
    t = _sfreunde_small()
    seating = next_seating(t, close=True)
    assert seating.number == 2
    assert sorted(len(p) for _, p in seating.tables) == [4, 4]
    assert sorted(p for _, players in seating.tables for p in players) == sorted(P)
    assert next_seating(t, close=True) == seating  # seeded


def _add(t: Tournament, number: int, table: int, games: list[GameResult]) -> Tournament:
    """``games`` entered at a table of a round, after those it has."""
    have = len(t.games_at(number, table))
    entries = [Entry(number, table, have + k + 1, "hand", g) for k, g in enumerate(games)]
    return dataclasses.replace(t, games=(*t.games, *entries))


def test_the_next_knockout_round_waits_until_every_table_is_decided() -> None:
    t = _sfreunde_small()
    seating = next_seating(t, close=True)
    t = dataclasses.replace(t, rounds=(*t.rounds, seating))
    (n1, table1), (n2, table2) = seating.tables
    t = _add(t, 2, n1, [lost_by(table1, table1[0])] * 2)  # out of lives: 2 lost games
    t = _add(t, 2, n2, [lost_by(table2, table2[1])] * 2)
    with pytest.raises(TournamentError, match=f"table {n1} of round 2 is not decided yet; "):
        next_seating(t)
    rest1 = [p for p in table1 if p != table1[0]]
    rest2 = [p for p in table2 if p != table2[1]]
    t = _add(t, 2, n1, [lost_by(rest1, rest1[0])] * 2)
    t = _add(t, 2, n2, [lost_by(rest2, rest2[1])] * 2)
    final = next_seating(t)
    assert final.number == 3 and len(final.tables) == 1
    assert set(final.tables[0][1]) == {*rest1[1:], rest2[0], rest2[2]}
    with pytest.raises(TournamentError, match="all 3 rounds of the format are drawn"):
        next_seating(dataclasses.replace(t, rounds=(*t.rounds, final)))


def test_a_round_is_drawn_only_when_every_table_played() -> None:
    t = _sfreunde_small()
    t = dataclasses.replace(t, games=t.games[:1])
    with pytest.raises(TournamentError, match="table 2 of round 1 has not played yet"):
        next_seating(t)


def test_the_final_table_takes_the_best_of_the_qualifying() -> None:
    gonz = find_format("gonz")
    assert isinstance(gonz.qualifying, PointsStage)
    fmt = dataclasses.replace(gonz, qualifying=dataclasses.replace(gonz.qualifying, rounds=1))
    names = [f"Q{i}" for i in range(1, 8)]
    t = tournament(fmt, [[" ".join(names)]], {(1, 1): [lost_by(names, "Q3")]})
    seating = next_seating(t, close=True)
    assert isinstance(fmt.final, FinalTableStage)
    # Q3 has 3 loss points, the others 0: the six others, in the order they registered.
    assert seating.tables == ((1, ("Q1", "Q2", "Q4", "Q5", "Q6", "Q7")),)


def test_where_a_game_may_be_entered() -> None:
    t = _sfreunde_small()
    with pytest.raises(TournamentError, match="round 2 is not drawn yet"):
        check_entry(t, 2, 1, lost_by(P[:4], "P1"))
    with pytest.raises(TournamentError, match="round 1 has tables 1, 2, not 5"):
        check_entry(t, 1, 5, lost_by(P[:4], "P1"))
    scharf = result_by_hand(P[:4], halves=[[P[:3], ["P4"]]])
    check_entry(t, 1, 1, scharf)  # sfreunde plays scharf when time runs out
    rules = find_preset("allgemein")
    check_entry(t, 1, 1, scharf, rules.with_overrides({"finale": False}))
    with pytest.raises(TournamentError, match="other rules than the tournament's"):
        check_entry(t, 1, 1, scharf, find_preset("tsv99").with_overrides({"finale": False}))
    with pytest.raises(TournamentError, match="other rules than the tournament's"):
        check_entry(t, 1, 1, lost_by(P[:4], "P1"), rules.with_overrides({"finale": False}))


def test_who_plays_a_tables_next_game() -> None:
    """velen's round of three lives: after P1 lost three games, the next game at the table is
    the other three's, in their seating order; with one player left there is none. A points
    round's table whose games are all played has none either."""
    velen = find_format("velen")
    table = "P3 P1 P4 P2"
    t = tournament(velen, [[table]], {})
    assert next_players(t, 1, 1) == ("P3", "P1", "P4", "P2")
    t = tournament(velen, [[table]], {(1, 1): [lost_by(table.split(), "P1")] * 3})
    assert next_players(t, 1, 1) == ("P3", "P4", "P2")
    games = [lost_by(table.split(), "P1")] * 3 + [lost_by(["P3", "P4", "P2"], "P3")] * 3
    games += [lost_by(["P4", "P2"], "P4")] * 3
    with pytest.raises(TournamentError, match="fewer than two"):
        next_players(tournament(velen, [[table]], {(1, 1): games}), 1, 1)
    werl = find_format("werl")
    assert isinstance(werl.qualifying, PointsStage)
    done = {(1, 1): [lost_by(table.split(), "P1")] * werl.qualifying.games}
    with pytest.raises(TournamentError, match=f"has played its {werl.qualifying.games} games"):
        next_players(tournament(werl, [[table]], done), 1, 1)


# ---------------------------------------------------------------------- a round is a round


def test_a_round_with_games_to_play_is_drawn_after_only_when_closed_on_purpose() -> None:
    """sfreunde's round 1 has six games a table: after one each, the next round is refused in
    words until the organiser closes the round; a knock-out table by lives that is not decided
    is closed as it stands (more lives first, then the qualifying ranking)."""
    t = _sfreunde_small()
    with pytest.raises(TournamentError, match="table 1 of round 1 has played 1 of its 6 games"):
        next_seating(t)
    t = dataclasses.replace(t, rounds=(*t.rounds, next_seating(t, close=True)))
    (n1, table1), (n2, table2) = t.rounds[1].tables
    t = _add(t, 2, n1, [lost_by(table1, table1[0])] * 2)  # table 1: one out, three with lives
    rest = [p for p in table1 if p != table1[0]]
    t = _add(t, 2, n1, [lost_by(rest, rest[0])])  # rest[0] has one life left
    t = _add(t, 2, n2, [lost_by(table2, p) for p in table2[:2] * 2])  # decided
    with pytest.raises(TournamentError, match=f"table {n1} of round 2 is not decided yet; "):
        next_seating(t)
    last = next_seating(t, close=True)
    # Table 1 closed: rest[1] and rest[2] have two lives, rest[0] one: the two go on.
    assert set(last.tables[0][1]) == {rest[1], rest[2], table2[2], table2[3]}
    # A round of lives (velen): played until fewer than two players have lives left.
    velen = find_format("velen")
    table = ["P1", "P2", "P3", "P4"]
    t = tournament(velen, [[" ".join(table)]], {(1, 1): [lost_by(table, "P1")] * 3})
    with pytest.raises(TournamentError, match="table 1 of round 1 is not decided yet; "):
        next_seating(t)
    games = [lost_by(table, "P1")] * 3 + [lost_by(table[1:], "P2")] * 3
    t = tournament(velen, [[" ".join(table)]], {(1, 1): [*games, *[lost_by(table[2:], "P3")] * 3]})
    assert next_seating(t).number == 2


def test_an_earlier_rounds_game_is_refused_once_the_next_is_drawn() -> None:
    t = _sfreunde_small()
    t = dataclasses.replace(t, rounds=(*t.rounds, next_seating(t, close=True)))
    with pytest.raises(TournamentError, match="round 1 is over: round 2 is drawn"):
        check_entry(t, 1, 2, lost_by(P[4:], "P6"))
    with pytest.raises(TournamentError, match="round 1 is over"):
        next_players(t, 1, 2)


def test_a_knockout_table_by_points_plays_the_rounds_games_and_no_more() -> None:
    """werl's knock-out by points: five games a table (our reading of "bis zu 5"); a sixth is
    refused, and the next round waits for the five (or the round closed on purpose)."""
    werl = find_format("werl")
    assert isinstance(werl.qualifying, PointsStage)
    assert isinstance(werl.final, KnockoutStage) and werl.final.games == 5
    fmt = dataclasses.replace(werl, qualifying=dataclasses.replace(werl.qualifying, rounds=1))
    names = [f"Q{i:02}" for i in range(1, 17)]
    q = [" ".join(names[i : i + 4]) for i in range(0, 16, 4)]
    t = tournament(
        fmt, [q], {(1, n + 1): [lost_by(x.split(), x.split()[0])] * 5 for n, x in enumerate(q)}
    )
    t = dataclasses.replace(t, rounds=(*t.rounds, next_seating(t)))
    for n, players in t.rounds[1].tables:
        t = _add(t, 2, n, [lost_by(players, players[0])] * (5 if n > 1 else 4))
    with pytest.raises(TournamentError, match="table 1 of round 2 has played 4 of its 5 games"):
        next_seating(t)
    table1 = t.rounds[1].table(1)
    t = _add(t, 2, 1, [lost_by(table1, table1[0])])
    with pytest.raises(TournamentError, match="table 1 of round 2 has played its 5 games"):
        check_entry(t, 2, 1, lost_by(table1, table1[0]))
    final = next_seating(t)
    assert final.number == 3 and [len(p) for _, p in final.tables] == [4]


def test_rules_of_one_half_without_a_finale_play_one_half_everywhere() -> None:
    """gonz plays no game "scharf"; with rules of one half (no Finale) every game is one half,
    and a game of two halves is refused in words."""
    gonz = find_format("gonz")
    one_half = find_preset("allgemein").with_overrides({"finale": False})
    players = "A B C"
    t = tournament(gonz, [[players]], {}, rules=one_half)
    check_entry(t, 1, 1, result_by_hand(players.split(), halves=["A > B > C"]), one_half)
    check_entry(t, 1, 1, result_by_hand(players.split(), halves=["A > B > C"]))
    with pytest.raises(TournamentError, match="plays one half without a Finale"):
        check_entry(t, 1, 1, lost_by(players.split(), "C"))
    t = tournament(gonz, [[players]], {})
    with pytest.raises(TournamentError, match="is not played at table 1"):
        check_entry(t, 1, 1, result_by_hand(players.split(), halves=["A > B > C"]))
