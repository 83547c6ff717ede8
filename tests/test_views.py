"""Tests of what players see (schocken.views via Game.view): fields, immutability, covered cups.

Covered cups follow ``shared/RULES.md``: a covered result is known to its player only; the others
(and spectators) see the dice set aside and the number of throws; all results are revealed once
the last player of the round has finished. schock4life covers every throw that uses up the
player's limit, allgemein only third throws.
"""

from __future__ import annotations

from copy import deepcopy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game_script import (
    NAMES,
    STOPS,
    A,
    B,
    C,
    Table,
    once,
    pips,
    preset,
    random_game,
    random_play,
    s4l_covered,
    shows,
    three_player_half,
    throw,
)
from schocken.actions import STOP, Throw
from schocken.events import RoundEnded, RoundKind, Section, Thrown, TurnEnded
from schocken.game import Game
from schocken.results import Result, result_table, sort_dice
from schocken.rules import Covered, Rules, find_preset
from schocken.views import Phase, PlayerView, TurnView

TSV99 = find_preset("tsv99")
S4L = find_preset("schock4life")
ALLGEMEIN = find_preset("allgemein")


def res(rules: Rules, dice: str, *, throws: int = 1, one_throw: bool = True) -> Result:
    return result_table(rules).result(sort_dice(pips(dice)), one_throw=one_throw, throws=throws)


def hidden(seat: int, throws: int, aside: tuple[int, ...]) -> TurnView:
    """A finished covered turn as another player sees it."""
    return TurnView(seat, throws, aside, None, True, True, None, ())


def assert_fields(view: PlayerView, **expected: object) -> None:
    got = {name: getattr(view, name) for name in expected}
    assert got == expected


# ------------------------------------------------------------------ immutability


VIEW_FIELDS = (
    "seat",
    "players",
    "rules",
    "phase",
    "section",
    "round_kind",
    "round_number",
    "order",
    "limit",
    "current",
    "middle",
    "deckel",
    "playing",
    "turns",
    "half_losers",
    "loser",
)
TURN_FIELDS = ("seat", "throws", "aside", "showing", "covered", "done", "result", "must_throw")


def fields_of(value: PlayerView | TurnView) -> dict[str, object]:
    names = VIEW_FIELDS if isinstance(value, PlayerView) else TURN_FIELDS
    return {name: getattr(value, name) for name in names}


def test_player_view_and_turn_view_are_frozen() -> None:
    game = Table(TSV99, 2, [throw("541"), STOPS]).game
    game.apply(Throw())
    view = game.view(A)
    turn = view.turns[0]
    for name in VIEW_FIELDS:
        with pytest.raises(AttributeError):
            setattr(view, name, None)
    for name in TURN_FIELDS:
        with pytest.raises(AttributeError):
            setattr(turn, name, None)
    assert fields_of(view) == fields_of(game.view(A))
    assert isinstance(view.turns, tuple)
    assert isinstance(view.deckel, tuple)
    assert isinstance(view.playing, tuple)
    assert isinstance(view.order, tuple)
    assert hash(view.turns) == hash(game.view(A).turns)


def test_a_turn_view_says_whether_its_dice_showed_in_one_throw() -> None:
    fresh = TurnView(0, 1, (), (6, 5, 4), False, False, None)
    kept = fresh._replace(throws=2, aside=(6,))
    turned = fresh._replace(aside=(1,), turned=1, must_throw=(6,))
    assert fresh.one_throw
    assert not kept.one_throw
    assert not turned.one_throw  # a turned six is set aside as a one


def test_a_view_does_not_change_when_the_game_goes_on() -> None:
    table = three_player_half()
    game = table.game
    table.play(3)
    before = game.view(A)
    copy = deepcopy(before)
    game.apply(Throw())
    assert before == copy
    assert before.turns == (TurnView(B, 0, (), None, False, False, None, ()),)
    assert game.view(A).turns[0].throws == 1


# ------------------------------------------------------------------ fields at several points


def test_view_fields_through_a_half() -> None:
    table = three_player_half()
    game = table.game
    for seat in (None, A, B, C):
        v = game.view(seat)
        assert v.seat == seat
        assert v.players == NAMES[:3]
        assert v.rules == game.rules
        assert_fields(
            v,
            phase=Phase.OPENING,
            section=Section.FIRST_HALF,
            round_kind=RoundKind.OPENING_ROUND,
            round_number=1,
            order=(A, B, C),
            limit=None,
            current=A,
            middle=5,
            deckel=(0, 0, 0),
            playing=(True, True, True),
            half_losers=(),
            loser=None,
        )
        assert v.max_throws == 3
        assert v.turns == (TurnView(A, 0, (), None, False, False, None, ()),)
    assert game.view(A).my_turn == game.view(A).turns[0]
    assert game.view(B).my_turn is None
    assert game.view(None).my_turn is None
    table.play()  # Anna shows 3-2-2 in one throw: the limit is 1
    v = game.view(C)
    assert_fields(v, limit=1, current=B, order=(A, B, C))
    assert v.max_throws == 1
    assert v.turns[0] == TurnView(A, 1, (), (3, 2, 2), False, True, res(TSV99, "322"), ())
    assert v.turns[1] == TurnView(B, 0, (), None, False, False, None, ())
    table.play(2)  # the opening round is over; Ben opens round 1
    assert_fields(
        game.view(None),
        phase=Phase.PLAYING,
        round_kind=RoundKind.NORMAL,
        round_number=2,
        order=(B, C, A),
        limit=None,
        current=B,
        middle=5,
        deckel=(0, 0, 0),
    )
    assert game.view(None).turns == (TurnView(B, 0, (), None, False, False, None, ()),)
    table.play(3)  # R1: Anna takes 4
    assert_fields(game.view(B), order=(A, B, C), current=A, middle=1, deckel=(4, 0, 0))
    table.play(3)  # R2: Ben takes the last one, Cem is out
    assert_fields(
        game.view(C),
        order=(B, A),
        current=B,
        middle=0,
        deckel=(4, 1, 0),
        playing=(True, True, False),
        half_losers=(),
    )
    table.play(2)  # R3
    assert_fields(game.view(A), deckel=(2, 3, 0), order=(B, A), playing=(True, True, False))
    table.play(2)  # R4: Anna loses the first half
    assert_fields(
        game.view(B),
        phase=Phase.PLAYING,
        section=Section.SECOND_HALF,
        round_number=6,
        order=(A, B, C),
        current=A,
        limit=None,
        middle=5,
        deckel=(0, 0, 0),
        playing=(True, True, True),
        half_losers=(A,),
        loser=None,
    )


def test_view_fields_when_the_game_is_over() -> None:
    table = Table(
        preset("tsv99", finale=False), 2, shows("411"), once("221"), shows("111"), once("221")
    )
    table.play_all()
    for seat in (None, A, B):
        v = table.game.view(seat)
        assert_fields(
            v,
            phase=Phase.OVER,
            current=None,
            loser=B,
            half_losers=(B,),
            section=Section.FIRST_HALF,
            deckel=(0, 14),
            middle=0,
        )


@pytest.mark.parametrize("seat", [-1, 2, 7])
def test_a_view_for_a_seat_that_does_not_exist_is_refused(seat: int) -> None:
    game = Table(TSV99, 2).game
    with pytest.raises(ValueError, match="no seat"):
        game.view(seat)


def test_a_player_sees_only_what_a_spectator_sees_while_nothing_is_covered() -> None:
    table = Table(TSV99, 3, [throw("541"), throw("32", keep="1"), STOPS], once("662"))
    game = table.game
    table.play()
    game.apply(Throw())
    spectator = game.view(None)
    for seat in (A, B, C):
        v = game.view(seat)
        assert v.turns == spectator.turns
        assert {**fields_of(v), "seat": None} == fields_of(spectator)


# ------------------------------------------------------------------ covered cups: schock4life


def test_schock4life_covers_the_openers_third_throw_and_a_later_players_last_throw() -> None:
    table = s4l_covered()
    game = table.game
    table.play(3)
    events = table.play()  # Ben
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False, False, True]
    straight = res(S4L, "654", throws=3, one_throw=False)
    assert TurnEnded(B, 3, (5, 4), straight, True) in events
    own = TurnView(B, 3, (5, 4), (6, 5, 4), True, True, straight, ())
    assert game.view(B).turns[0] == own
    assert game.view(A).turns[0] == hidden(B, 3, (5, 4))
    assert game.view(C).turns[0] == hidden(B, 3, (5, 4))
    assert game.view(None).turns[0] == hidden(B, 3, (5, 4))
    # Cem's turn is open while he throws
    game.apply(Throw())
    assert game.view(A).turns[1].showing == (6, 3, 1)
    assert game.view(None).turns[1].showing == (6, 3, 1)
    game.apply(Throw((6,)))
    assert game.view(B).turns[1].showing == (6, 5, 2)
    events = game.apply(Throw((6, 5)))  # his limit is 3: covered
    assert events[0] == Thrown(C, 3, (6, 5), (1,), True)
    plain = res(S4L, "651", throws=3, one_throw=False)
    assert events[1] == TurnEnded(C, 3, (6, 5), plain, True)
    # Anna's turn: she sees neither covered result; each owner sees their own
    assert game.view(A).turns[:2] == (hidden(B, 3, (5, 4)), hidden(C, 3, (6, 5)))
    assert game.view(None).turns[:2] == (hidden(B, 3, (5, 4)), hidden(C, 3, (6, 5)))
    assert game.view(B).turns[:2] == (own, hidden(C, 3, (6, 5)))
    assert game.view(C).turns[:2] == (
        hidden(B, 3, (5, 4)),
        TurnView(C, 3, (6, 5), (6, 5, 1), True, True, plain, ()),
    )
    # Anna stops after one throw: shown to all; the round ends and reveals every result
    game.apply(Throw())
    assert game.view(B).turns[2].showing == (4, 2, 1)
    events = game.apply(STOP)
    assert events[0] == TurnEnded(A, 1, (), res(S4L, "421"), False)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.results == ((B, straight), (C, plain), (A, res(S4L, "421")))
    assert (ended.best, ended.worst, ended.deckel) == (B, A, 2)


def test_schock4life_a_player_who_stops_before_the_limit_shows_and_a_later_limit_covers() -> None:
    table = s4l_covered()
    game = table.game
    table.play(6)
    events = table.play()  # Anna: two throws, then stop: shown
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False, False]
    assert game.view(C).turns[0].showing == (6, 5, 5)
    assert game.view(C).turns[0].result == res(S4L, "655", throws=2, one_throw=False)
    assert game.view(None).limit == 2
    events = table.play()  # Ben: his second throw uses up the limit of 2
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False, True]
    assert game.view(A).turns[1] == hidden(B, 2, (6,))
    assert game.view(C).turns[1] == hidden(B, 2, (6,))
    assert game.view(B).turns[1].showing == (6, 4, 1)
    events = table.play()  # Cem stops after one: shown
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False]
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert dict(ended.results)[B] == res(S4L, "641", throws=2, one_throw=False)


def test_schock4life_in_a_tuetenrunde_every_later_throw_is_covered() -> None:
    table = s4l_covered()
    game = table.game
    table.play(9)
    assert game.view(None).order == (B, C, A)
    events = table.play()  # Ben shows after one throw
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False]
    assert game.view(A).turns[0].showing == (2, 1, 1)
    events = table.play()  # Cem: covered
    assert [e.covered for e in events if isinstance(e, Thrown)] == [True]
    assert game.view(A).turns[1] == hidden(C, 1, ())
    assert game.view(B).turns[1] == hidden(C, 1, ())
    assert game.view(None).turns[1] == hidden(C, 1, ())
    assert game.view(C).turns[1] == TurnView(C, 1, (), (6, 4, 3), True, True, res(S4L, "643"), ())
    events = table.play()  # Anna: covered too; the round ends and reveals all
    assert [e.covered for e in events if isinstance(e, Thrown)] == [True]
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.results == (
        (B, res(S4L, "211")),
        (C, res(S4L, "643")),
        (A, res(S4L, "222")),
    )


# ------------------------------------------------------------------ covered cups: allgemein


def test_allgemein_covers_third_throws_only() -> None:
    table = Table(
        ALLGEMEIN,
        3,
        [throw("532"), throw("44", keep="5"), throw("6", keep="54")],  # A: third throw covered
        [throw("631"), throw("52", keep="6"), throw("1", keep="65")],  # B: third throw covered
        [throw("421"), throw("33", keep="4"), STOPS],  # C: stops after two: shown
        shows("643"),  # R1 (A B C): Anna was best; a Tütenrunde
        once("651"),  # B: one throw, not a third: shown
        once("222"),
    )
    game = table.game
    events = table.play()
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False, False, True]
    assembled = res(ALLGEMEIN, "654", throws=3, one_throw=False)  # a plain 654 here
    assert game.view(B).turns[0] == hidden(A, 3, (5, 4))
    assert game.view(None).turns[0] == hidden(A, 3, (5, 4))
    assert game.view(A).turns[0] == TurnView(A, 3, (5, 4), (6, 5, 4), True, True, assembled, ())
    events = table.play()
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False, False, True]
    assert game.view(C).turns[:2] == (hidden(A, 3, (5, 4)), hidden(B, 3, (6, 5)))
    events = table.play()
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False, False]
    table.play()
    events = table.play()
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False]
    shown = TurnView(B, 1, (), (6, 5, 1), False, True, res(ALLGEMEIN, "651"), ())
    assert game.view(A).turns[1] == shown
    assert game.view(None).turns[1] == shown


def test_tsv99_covers_nothing() -> None:
    table = Table(TSV99, 2, [throw("532"), throw("44", keep="5"), throw("6", keep="54")])
    events = table.play()
    assert [e.covered for e in events if isinstance(e, Thrown)] == [False, False, False]
    assert table.game.view(B).turns[0].showing == (6, 5, 4)


def test_the_last_round_is_revealed_when_it_ends_the_game() -> None:
    """schock4life, one half: Anna's covered Hand-Aus ends the round, the half and the game.

    Once the last player of a round has finished, all results are revealed: the final picture of
    the game must not keep Anna's cup covered from Ben or a spectator.
    """
    table = Table(
        preset("schock4life", finale=False),
        2,
        once("654"),
        once("221"),  # opening throw: Ben lowest, opens
        shows("643"),
        once("111"),  # Anna: a covered Hand-Aus
    )
    events = table.play_all()
    game = table.game
    assert game.is_over
    hand_aus = res(S4L, "111")
    assert TurnEnded(A, 1, (), hand_aus, True) in events
    ended = [e for e in events if isinstance(e, RoundEnded)][-1]
    assert ended.results == ((B, res(S4L, "643")), (A, hand_aus))
    for viewer in (None, A, B):
        turns = {t.seat: t for t in game.view(viewer).turns}
        assert turns[A].result == hand_aus, viewer
        assert turns[A].showing == (1, 1, 1), viewer


# ------------------------------------------------------------------ covered cups: random games


def expected_covered(rules: Rules, kind: RoundKind, throw_no: int, limit: int) -> bool:
    """Whether a throw stays covered, from RULES.md (not from the engine)."""
    if kind in (RoundKind.OPENING_THROW, RoundKind.STECHEN):
        return False
    if rules.covered is Covered.LAST_THROW:
        return throw_no == limit
    if rules.covered is Covered.THIRD_THROW:
        return throw_no == 3
    return False


def check_views(game: Game) -> None:
    """No view shows another player's covered dice; every other finished turn is shown."""
    players = len(game.players)
    mine = [game.view(s).my_turn for s in range(players)]
    owners = {t.seat: t for t in mine if t is not None}
    for viewer in (None, *range(players)):
        for t in game.view(viewer).turns:
            if t.covered and t.seat != viewer:
                assert t == hidden(t.seat, t.throws, t.aside), (viewer, t)
            elif t.done:
                assert t.showing is not None and t.result is not None, (viewer, t)
            if t.covered:
                own = owners[t.seat]
                assert own.showing is not None and own.result is not None
                assert (own.throws, own.aside) == (t.throws, t.aside)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["schock4life", "allgemein"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
)
def test_random_games_never_show_a_covered_turn_to_anyone_else(
    name: str, players: int, seed: int
) -> None:
    rules = find_preset(name)
    game, bots = random_game(rules, players, seed)
    check_views(game)
    covered = 0
    for step in random_play(game, bots):
        before = step.before
        for e in step.events:
            if isinstance(e, Thrown):
                turn = before.turns[-1]
                assert turn.seat == e.seat and turn.throws + 1 == e.throw
                assert e.covered == expected_covered(
                    rules, before.round_kind, e.throw, before.max_throws
                ), (e, before.round_kind, before.max_throws)
                covered += e.covered
        if not game.is_over:
            check_views(game)
    assert covered > 0
