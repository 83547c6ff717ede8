"""The ranking of each format on cases worked out by hand (the comments show the arithmetic),
the Schock-Aus-König, and a property: a tournament of bot games ranks the same whether its
games were entered from their records or by hand."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schocken.errors import TournamentError
from schocken.rules import find_preset
from schocken.tournament import TournamentBook
from schocken.tournament.formats import (
    Advance,
    Format,
    KnockoutStage,
    PointsStage,
    find_format,
)
from schocken.tournament.plan import check_entry
from schocken.tournament.ranking import Ranker, game_points, lives_left, ranking
from schocken.tournament.results import result_of_record
from schocken.tournament.values import RankingInfo, Standing, Tournament
from tournament_helpers import bot_record, by_hand, game, lost_by, tournament


def _table(lines: list[Standing]) -> list[tuple[int, str, int]]:
    return [(s["place"], s["name"], s["score"]) for s in lines]


# ---------------------------------------------------------------------- werl


def test_werl_points_by_the_order_out_of_each_half() -> None:
    werl = find_format("werl")
    g1 = game("A B C D", "A, B > C > D", "C > A > B > D")
    # half 1 at a table of four (3-2-1-0): A and B out first 3 each, C next 2, D lost 0;
    # half 2: C 3, A 2, B 1, D 0; D lost both halves ("Durchmarsch"): -1.
    assert game_points(werl.qualifying.points, g1) == {"A": 5, "B": 4, "C": 5, "D": -1}  # type: ignore[union-attr]
    g2 = game("A B C D", "D > C > B > A", "A > D > C > B", "B")
    # half 1: D 3, C 2, B 1, A 0; half 2: A 3, D 2, C 1, B 0; B lost the Finale: -1.
    assert game_points(werl.qualifying.points, g2) == {"A": 3, "B": 0, "C": 3, "D": 5}  # type: ignore[union-attr]
    g3 = game("E F G", "E > F > G", "E, F > G", schock_aus={"second_half": "E"})
    # a table of three (3-1-0): half 1 E 3, F 1, G 0; half 2 E and F out together 3 each;
    # G lost both: -1. (A Schock-Aus earns nothing at Werl, but counts for the king.)
    t = tournament(werl, [["A B C D", "E F G"]], {(1, 1): [g1, g2], (1, 2): [g3]})
    r = ranking(t)
    # A 5+3 = 8, C 5+3 = 8, E 6, B 4+0 = 4, D -1+5 = 4, F 4, G -1.
    # A and C: no game lost either; halves lost: A 1 (half 1 of game 2), C 0: C first.
    # B, D, F at 4: games lost B 1, D 1, F 0: F first; B 1 half lost, D 2: B, then D.
    assert _table(r["players"]) == [
        (1, "C", 8),
        (2, "A", 8),
        (3, "E", 6),
        (4, "F", 4),
        (5, "B", 4),
        (6, "D", 4),
        (7, "G", -1),
    ]
    assert r["tie_breaks"] == ["fewer games lost", "fewer halves lost"]
    assert r["rounds"][0]["players"] == r["qualifying"]


def test_werl_knockout_by_points_the_best_go_on() -> None:
    # Werl's knock-out, smaller: tables of four, the best two by the round's points go on.
    werl = find_format("werl")
    assert isinstance(werl.qualifying, PointsStage)
    ko = dataclasses.replace(werl.final, advance=2, games=1)  # type: ignore[type-var]
    fmt = dataclasses.replace(
        werl, qualifying=dataclasses.replace(werl.qualifying, rounds=1), final=ko
    )
    assert ko.qualifiers == 8  # type: ignore[union-attr]
    # qualifying: one game at each table; A..D and E..H ranked by the order out
    q1 = game("A B C D", "A > B > C > D", "A > B > C > D")  # A 6, B 4, C 2, D 0-1 = -1
    q2 = game("E F G H", "E > F > G > H", "E > F > G > H")  # E 6, F 4, G 2, H -1
    ko1 = game("A D E H", "H > D > E > A", "H > D > A > E", "E")
    # H 3+3 = 6, D 2+2 = 4, E 1+0-1 = 0, A 0+1 = 1: H and D go on
    ko2 = game("B C F G", "B > C > F > G", "C > B > G > F", "F")
    # B 3+2 = 5, C 2+3 = 5, F 1+0-1 = 0, G 0+1 = 1: B and C go on (tied at 5: C lost no
    # half, B none either; B registered first)
    t = tournament(
        fmt,
        [["A B C D", "E F G H"], ["A D E H", "B C F G"]],
        {(1, 1): [q1], (1, 2): [q2], (2, 1): [ko1], (2, 2): [ko2]},
    )
    ranker = Ranker(t)
    assert ranker.qualifiers() == ["A", "E", "B", "F", "C", "G", "D", "H"]
    assert sorted(ranker.survivors(2)) == ["B", "C", "D", "H"]
    table = ranker.final_table(2, 1)
    assert [(s["name"], s["points"], s["goes_on"]) for s in table["players"]] == [
        ("H", 6, True),
        ("D", 4, True),
        ("A", 1, False),
        ("E", 0, False),
    ]


# ---------------------------------------------------------------------- sfreunde


def test_sfreunde_victory_points_and_the_finale_loser_gives_one_back() -> None:
    fmt = find_format("sfreunde")
    g1 = game("A B C D", "A > B > C > D", "A > B > D > C", "C")
    # a point a half for all but its loser: A 2, B 2, C 1, D 1; C lost the Finale: C 0
    g2 = game("A B C D", "B > C > D > A", "B > C > D > A")
    # B, C, D 2 each; A lost both halves and the game: 0 - 1 = -1
    t = tournament(fmt, [["A B C D"]], {(1, 1): [g1, g2]})
    # A 2-1 = 1, B 4, C 0+2 = 2, D 1+2 = 3
    assert _table(ranking(t)["players"]) == [(1, "B", 4), (2, "D", 3), (3, "C", 2), (4, "A", 1)]


def test_sfreunde_knockout_with_two_lives_two_of_four_go_on() -> None:
    # sfreunde with one points round and two K.O. rounds: 8 qualifiers, two tables of four,
    # two of each go on to the last table.
    base = find_format("sfreunde")
    assert isinstance(base.qualifying, PointsStage)
    fmt = dataclasses.replace(
        base,
        qualifying=dataclasses.replace(base.qualifying, rounds=1),
        final=dataclasses.replace(base.final, rounds=2),  # type: ignore[type-var]
    )
    p = [f"P{i}" for i in range(1, 9)]
    q1 = lost_by(p[:4], "P1")
    q2 = lost_by(p[4:], "P5")
    # round 2, table 1: P1, P2, P1 (out, no lives), P2 (out): P3 and P4 go on
    t1 = [
        lost_by(p[:4], "P1"),
        lost_by(p[:4], "P2"),
        lost_by(p[:4], "P1"),
        lost_by(["P2", "P3", "P4"], "P2"),
    ]
    # table 2: P5, P5 (out), P6, P7, P6 (out): P8 with 2 lives, P7 with 1 go on
    t2 = [
        lost_by(p[4:], "P5"),
        lost_by(p[4:], "P5"),
        lost_by(p[5:], "P6"),
        lost_by(p[5:], "P7"),
        lost_by(p[5:], "P6"),
    ]
    # round 3, the last table: P3, P3 (out), P4, P7, P4 (out), P7 (out): P8 wins
    last = ["P3", "P4", "P7", "P8"]
    t3 = [
        lost_by(last, "P3"),
        lost_by(last, "P3"),
        lost_by(["P4", "P7", "P8"], "P4"),
        lost_by(["P4", "P7", "P8"], "P7"),
        lost_by(["P4", "P7", "P8"], "P4"),
        lost_by(["P7", "P8"], "P7"),
    ]
    t = tournament(
        fmt,
        [["P1 P2 P3 P4", "P5 P6 P7 P8"], ["P1 P2 P3 P4", "P5 P6 P7 P8"], [" ".join(last)]],
        {(1, 1): [q1], (1, 2): [q2], (2, 1): t1, (2, 2): t2, (3, 1): t3},
    )
    ranker = Ranker(t)
    assert ranker.survivors(2) == ["P3", "P4", "P8", "P7"]
    table2 = ranker.final_table(2, 2)
    assert [(s["name"], s["lives"]) for s in table2["players"]] == [
        ("P8", 2),
        ("P7", 1),
        ("P6", 0),  # out after game 5
        ("P5", 0),  # out after game 2
    ]
    r = ranking(t)
    # The last table: P8 won; out last P7 (game 6), then P4 (game 5), then P3 (game 2).
    # Out in round 2 at place 3 of their table: P2 and P6 share 5th; at place 4: P1 and P5.
    assert [(s["place"], s["name"], s["final_round"], s["final_place"]) for s in r["players"]] == [
        (1, "P8", 2, 1),
        (2, "P7", 2, 2),
        (3, "P4", 2, 3),
        (4, "P3", 2, 4),
        (5, "P2", 1, 3),
        (5, "P6", 1, 3),
        (7, "P1", 1, 4),
        (7, "P5", 1, 4),
    ]
    # No game more in a round that is over, nor at a decided table.
    with pytest.raises(TournamentError, match="round 2 is over: round 3 is drawn"):
        check_entry(t, 2, 1, lost_by(["P3", "P4"], "P3"))
    t = dataclasses.replace(t, rounds=t.rounds[:2], games=tuple(g for g in t.games if g.round < 3))
    with pytest.raises(TournamentError, match="table 2 of round 2 is decided"):
        check_entry(t, 2, 2, lost_by(["P7", "P8"], "P7"))


# ---------------------------------------------------------------------- gonz


def test_gonz_loss_points_fewer_lost_games_first_on_a_tie() -> None:
    fmt = find_format("gonz")
    xy = game("X Y Z", "Z > X > Y", "X > Z > Y")  # Y lost both halves: Y 2 + 1 = 3
    # The source's example, "3 lost games + 2 halves beat 4 lost games", at 8 each:
    zyy = game("X Y Z", "X > Y > Z", "X > Z > Y", "Y")  # Z 1; Y 1 + 1 = 2
    zxx = game("X Y Z", "Y > X > Z", "Y > Z > X", "X")  # Z 1; X 1 + 1 = 2
    xzz = game("X Y Z", "Y > Z > X", "Y > X > Z", "Z")  # X 1; Z 1 + 1 = 2
    round1 = [zyy, zyy, zyy, zyy, zxx]  # Y 4 x 2 = 8 (4 games); X 2; Z 5
    round2 = [zxx, zxx, xzz, xzz]  # X 2 + 2 + 1 + 1 = 6; Z 2 + 2 + 2 = 6
    t = tournament(fmt, [["X Y Z"], ["X Y Z"]], {(1, 1): round1, (2, 1): round2})
    r = ranking(t)
    # X 2 + 6 = 8 (3 games lost, 2 halves more); Y 8 (4 games lost); Z 5 + 6 = 11.
    assert _table(r["players"]) == [(1, "X", 8), (2, "Y", 8), (3, "Z", 11)]
    assert r["score"] == "loss_points"
    assert game_points(fmt.qualifying.points, xy) == {"X": 0, "Y": 3, "Z": 0}  # type: ignore[union-attr]


def test_gonz_a_round_missed_does_not_pay_with_loss_points() -> None:
    fmt = find_format("gonz")
    t = tournament(
        fmt,
        [["A B C"], ["A B D"]],
        {(1, 1): [lost_by(["A", "B", "C"], "A")], (2, 1): [lost_by(["A", "B", "D"], "A")]},
    )
    # A 6 and B 0 played two rounds; C and D one round each with 0: they rank after B.
    assert [(s["name"], s["rounds"], s["score"]) for s in ranking(t)["players"]] == [
        ("B", 2, 0),
        ("A", 2, 6),
        ("C", 1, 0),
        ("D", 1, 0),
    ]


def test_gonz_final_table_out_after_two_lost_games() -> None:
    fmt = find_format("gonz")
    p = [f"P{i}" for i in range(1, 7)]
    alive = list(p)
    games = []
    for loser in ["P1", "P2", "P1", "P3", "P3", "P2", "P4", "P4", "P5", "P5"]:
        games.append(lost_by(alive, loser))
        if sum(1 for g in games if g.loser == loser) == 2:
            alive.remove(loser)
    empty = [" ".join(p)] * 3
    t = tournament(
        fmt,
        [empty[:1], empty[:1], empty[:1], [" ".join(p)]],
        {(1, 1): [lost_by(p, "P6")], (4, 1): games},
    )
    table = Ranker(t).final_table(4, 1)
    # out: P1 (game 3), P3 (game 5), P2 (game 6), P4 (game 8), P5 (game 10): P6 wins, then
    # the one out last first
    assert [s["name"] for s in table["players"]] == ["P6", "P5", "P4", "P2", "P3", "P1"]
    assert table["decided"]
    assert [s["name"] for s in ranking(t)["players"]][:6] == ["P6", "P5", "P4", "P2", "P3", "P1"]


# ---------------------------------------------------------------------- velen


def test_velen_lives_kept_buying_in_costs_one_and_teams() -> None:
    fmt = find_format("velen")
    teams = {"A": "Rot", "E": "Rot", "B": "Blau", "F": "Blau", "C": "Gelb", "G": "Gelb"}
    teams |= {"D": "Grün", "H": "Grün"}
    t1 = [
        lost_by(["A", "B", "C", "D"], "A"),  # A lost a game (and two halves)
        game("A B C D", "A > C > D > B", "B > C > D > A", "B"),  # B the game, A a half
        game(
            "A B C D",
            "A > B > D > C",
            "A > B > C > D",
            "D",
            schock_aus={"first_half": "B"},
            bought_in={"second_half": ["C"]},
        ),  # D the game, C a half (to B's Schock-Aus) and a life for buying in
    ]
    t2 = [lost_by(["E", "F", "G", "H"], "E")] * 3  # E loses all three lives
    t = tournament(fmt, [["A B C D", "E F G H"]], {(1, 1): t1, (1, 2): t2}, teams=teams)
    r = ranking(t)
    # 3 lives each: A 3-1 = 2, B 3-1 = 2, C 3-1 (bought in) = 2, D 3-1 = 2, E 0, F G H 3.
    # At 2: halves lost A 3, B 1, C 1, D 1; Schock-Aus thrown: B 1: B, then C and D, then A.
    assert _table(r["players"]) == [
        (1, "F", 3),
        (1, "G", 3),
        (1, "H", 3),
        (4, "B", 2),
        (5, "C", 2),
        (5, "D", 2),
        (7, "A", 2),
        (8, "E", 0),
    ]
    # Teams: Rot 2 + 0 = 2; Blau 2 + 3, Gelb 2 + 3, Grün 2 + 3 = 5; halves lost 1 each,
    # Blau threw a Schock-Aus.
    assert [(x["place"], x["team"], x["score"]) for x in r["teams"]] == [
        (1, "Blau", 5),
        (2, "Gelb", 5),
        (2, "Grün", 5),
        (4, "Rot", 2),
    ]
    assert lives_left(t, 1, 2) == {"E": 0, "F": 3, "G": 3, "H": 3}
    with pytest.raises(TournamentError, match="'E' has no lives left at table 2 of round 1"):
        check_entry(t, 1, 2, lost_by(["E", "F", "G", "H"], "F"))
    with pytest.raises(TournamentError, match="'F' of table 2 of round 1 is missing"):
        check_entry(t, 1, 2, lost_by(["G", "H"], "G"))
    check_entry(t, 1, 2, lost_by(["F", "G", "H"], "F"))


# ---------------------------------------------------------------------- fiebel-t


def test_fiebel_five_points_off_a_schock_aus_one_on_and_the_king() -> None:
    fmt = find_format("fiebel-t")
    g1 = game("A B C", "C > B > A", "C > A > B", "A", schock_aus={"first_half": "B"})
    g2 = game("A B C", "A > B > C", "B > A > C", schock_aus={"second_half": "A"})
    t = tournament(fmt, [["A B C"]], {(1, 1): [g1, g2]})
    r = ranking(t)
    # A: -5 (lost game 1) + 1 (Schock-Aus in game 2) = -4; B: +1; C: -5 (game 2)
    assert _table(r["players"]) == [(1, "B", 1), (2, "A", -4), (3, "C", -5)]
    # A and B threw one Schock-Aus each; A took one (half 1 of game 1), B none: B is king.
    assert [(k["place"], k["name"], k["given"], k["taken"]) for k in r["schock_aus"]] == [
        (1, "B", 1, 0),
        (2, "A", 1, 1),
    ]


def test_shared_places_for_equal_players() -> None:
    fmt = find_format("sfreunde")
    g = game("A B C D", "A, B, C > D", "A, B, C > D")
    t = tournament(fmt, [["A B C D"]], {(1, 1): [g]})
    # A, B, C 2 points each and no game or half lost: one place, listed as registered
    assert _table(ranking(t)["players"]) == [(1, "A", 2), (1, "B", 2), (1, "C", 2), (4, "D", -1)]


# ---------------------------------------------------------------------- records or by hand


def _small(fmt: Format) -> Format:
    """A preset cut to a quick tournament of 8 to 12 players: one qualifying round (velen:
    both), a final stage for 8 (or the final table of 6)."""
    q = fmt.qualifying
    if isinstance(q, PointsStage):
        q = dataclasses.replace(q, rounds=1, games=2)
    final = fmt.final
    if isinstance(final, KnockoutStage):
        final = dataclasses.replace(final, rounds=2, advance=2)
    return dataclasses.replace(fmt, qualifying=q, final=final)


def _play(fmt_name: str, preset: str, players: int, seed: int) -> tuple[RankingInfo, RankingInfo]:
    """One tournament of bot games entered twice: from the records into one book, by hand
    (what a score sheet says of each game) into another."""
    fmt = _small(find_format(fmt_name))
    rules = find_preset(preset)
    books = [TournamentBook(":memory:"), TournamentBook(":memory:")]
    names = [f"S{i:02}" for i in range(players)]
    for book in books:
        book.create("Cup", date="2025-05-01", format=fmt, rules=rules, seed=str(seed))
        book.register("Cup", names)
    game_seed = seed * 1000
    for _ in range(fmt.rounds):
        drawn = [book.draw("Cup", close=True) for book in books]
        assert drawn[0] == drawn[1]
        for table in drawn[0]["tables"]:
            n = drawn[0]["number"]
            while True:
                pic: Tournament = books[0].picture("Cup")
                stage_points = n <= fmt.qualifying_rounds and isinstance(
                    fmt.qualifying, PointsStage
                )
                knockout_points = (
                    isinstance(fmt.final, KnockoutStage) and fmt.final.by is Advance.POINTS
                )
                if stage_points or (n > fmt.qualifying_rounds and knockout_points):
                    if len(pic.games_at(n, table["number"])) >= 2:
                        break
                    at_table = table["players"]
                else:
                    if (
                        n > fmt.qualifying_rounds
                        and Ranker(pic).final_table(n, table["number"])["decided"]
                    ):
                        break
                    left = lives_left(pic, n, table["number"])
                    at_table = [p for p in table["players"] if left[p] > 0]
                    if len(at_table) < 2 or len(pic.games_at(n, table["number"])) >= 12:
                        break
                game_seed += 1
                record = bot_record(at_table, rules, game_seed)
                books[0].enter("Cup", n, table["number"], record=record)
                books[1].enter("Cup", n, table["number"], result=by_hand(result_of_record(record)))
    return books[0].rank("Cup"), books[1].rank("Cup")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fmt=st.sampled_from(["werl", "sfreunde", "gonz", "velen", "fiebel-t"]),
    preset=st.sampled_from(["allgemein", "schock4life", "tsv99"]),
    players=st.integers(min_value=8, max_value=12),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_records_or_by_hand_rank_the_same(fmt: str, preset: str, players: int, seed: int) -> None:
    from_records, from_sheets = _play(fmt, preset, players, seed)
    assert from_records == from_sheets
    assert from_records["players"]
