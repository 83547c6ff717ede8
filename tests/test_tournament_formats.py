"""Tournament formats as data: the presets follow their sources, bad values are refused on
construction, a format goes to data and back."""

from __future__ import annotations

import dataclasses

import pytest

from schocken.errors import TournamentError
from schocken.tournament.formats import (
    FORMATS,
    Advance,
    FinalTableStage,
    KnockoutStage,
    LivesStage,
    Points,
    PointsStage,
    TieBreak,
    find_format,
    format_from_data,
    format_to_data,
)


def test_the_presets_are_the_five_sources_of_row_47() -> None:
    assert list(FORMATS) == ["werl", "sfreunde", "gonz", "velen", "fiebel-t"]
    for name, fmt in FORMATS.items():
        assert fmt.name == name
        assert fmt.source.startswith("http")


def test_werl_points_by_finishing_order_then_a_knockout_by_points() -> None:
    werl = find_format("werl")
    q = werl.qualifying
    assert isinstance(q, PointsStage)
    assert (q.rounds, q.games, q.table_size, q.smallest) == (2, 5, 4, 3)
    assert q.points.for_order(3) == (3, 1, 0)  # "alle 1. raus 3, alle 2. raus 1, verloren 0"
    assert q.points.for_order(4) == (3, 2, 1, 0)
    assert q.points.game_lost == -1  # a lost Finale or a "Durchmarsch"
    assert q.scharf
    assert isinstance(werl.final, KnockoutStage) and werl.final.by is Advance.POINTS
    assert werl.final.advance == 1  # "der beste Spieler eines Tisches"
    assert werl.final.qualifiers == 16


def test_sfreunde_victory_points_then_knockout_with_lives() -> None:
    fmt = find_format("sfreunde")
    q = fmt.qualifying
    assert isinstance(q, PointsStage) and (q.rounds, q.games) == (3, 6)
    assert (q.points.half_won, q.points.game_lost) == (1, -1)
    ko = fmt.final
    assert isinstance(ko, KnockoutStage)
    assert (ko.per_table, ko.advance, ko.by, ko.lives) == (4, 2, Advance.LIVES, 2)
    assert not ko.scharf_in_final  # "Im Finale gilt diese Regelung nicht"
    assert ko.qualifiers == 16  # 4 tables of 4 -> 2 tables -> the final table of 4


def test_gonz_loss_points_fewer_games_lost_then_a_final_table() -> None:
    fmt = find_format("gonz")
    q = fmt.qualifying
    assert isinstance(q, PointsStage) and q.table_size == 6
    assert (q.points.half_lost, q.points.game_lost, q.points.fewer_is_better) == (1, 1, True)
    assert fmt.tie_breaks[0] is TieBreak.FEWER_GAMES_LOST
    assert fmt.final == FinalTableStage(players=6, lives=2)
    assert fmt.rounds == 4


def test_velen_lives_and_buying_in_costs_one() -> None:
    q = find_format("velen").qualifying
    assert isinstance(q, LivesStage)
    assert q.lives == (3, 2) and q.rounds == 2 and q.buy_in_costs_life


def test_fiebel_thirteen_games_and_five_points_off_for_a_lost_game() -> None:
    q = find_format("fiebel-t").qualifying
    assert isinstance(q, PointsStage) and q.games == 13 and q.points.game_lost == -5


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PointsStage(table_size=7), "the size of a table is from 3 to 6, not 7"),
        (lambda: PointsStage(table_size=4, smallest=2), "the fewest at a table is from 3 to 4"),
        (lambda: PointsStage(rounds=0), "the number of points rounds is from 1 to 30, not 0"),
        (
            lambda: PointsStage(points=Points(by_order=((3, 2, 1, 0),))),
            "a points round: the points by order name no table of 3",
        ),
        (lambda: Points(by_order=((1, 0),)), "points by order are 3 to 6 numbers"),
        (lambda: Points(half_won=True), "the points 'half_won' is a whole number, not True"),
        (lambda: LivesStage(lives=()), "the lives are a list of 1 to 30 numbers"),
        (lambda: LivesStage(lives=(3, 0)), "a round's lives is from 1 to 99, not 0"),
        (lambda: KnockoutStage(advance=3), "3 of 4 going on leaves tables that do not fill"),
        (lambda: KnockoutStage(advance=4), "the players who go on is from 1 to 3, not 4"),
        (lambda: KnockoutStage(by=Advance.POINTS), "a knock-out by points needs its points"),
        (lambda: KnockoutStage(points=Points()), "a knock-out by lives has no points"),
        (lambda: FinalTableStage(players=7), "the players at the final table is from 2 to 6"),
        (
            lambda: dataclasses.replace(
                find_format("werl"), tie_breaks=(TieBreak.FEWER_GAMES_LOST,) * 2
            ),
            "a tie-break is named twice",
        ),
        (
            lambda: dataclasses.replace(find_format("werl"), qualifying=KnockoutStage()),  # type: ignore[arg-type]
            "a format begins with points rounds or rounds of lives",
        ),
    ],
)
def test_bad_values_are_refused_on_construction(make: object, message: str) -> None:
    with pytest.raises(TournamentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()  # type: ignore[operator]


def test_an_unknown_format_is_refused_with_the_known_ones() -> None:
    with pytest.raises(TournamentError, match="unknown format 'knobel'; the formats are werl"):
        find_format("knobel")


@pytest.mark.parametrize("name", list(FORMATS))
def test_a_format_goes_to_data_and_back(name: str) -> None:
    fmt = FORMATS[name]
    assert format_from_data(format_to_data(fmt)) == fmt


def test_data_of_a_format_is_checked() -> None:
    data = format_to_data(find_format("werl"))
    with pytest.raises(TournamentError, match="unknown key 'colour'"):
        format_from_data({**data, "colour": "red"})
    with pytest.raises(TournamentError, match="'kind' is one of points, lives"):
        format_from_data({**data, "qualifying": {"kind": "swiss"}})
    with pytest.raises(TournamentError, match="a tie-break is one of"):
        format_from_data({**data, "tie_breaks": ["coin"]})
    bad = dict(data["qualifying"])  # type: ignore[call-overload]
    bad["games"] = 0
    with pytest.raises(TournamentError, match="the games per round is from 1 to 99, not 0"):
        format_from_data({**data, "qualifying": bad})
