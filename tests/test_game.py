"""Tests of the game state machine (schocken.game), with every throw scripted.

Scenarios follow ``shared/RULES.md``. Seats are A (Anna), B (Ben), C (Cem), D (Dora), clockwise.
Every refused action goes through :func:`game_script.refuse`, which also checks that the game is
exactly as it was before.
"""

from __future__ import annotations

import itertools
import random
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game_script import (
    ALL_ACTIONS,
    NAMES,
    STOPS,
    TURN,
    A,
    B,
    C,
    D,
    Move,
    Table,
    once,
    pips,
    play_moves,
    preset,
    random_game,
    random_play,
    refuse,
    s4l_round_one,
    scripted_dice,
    shows,
    three_player_half,
    throw,
)
from schocken.actions import BUY_IN, STOP, THROW_BLIND, THROWS, TURN_SIXES, Action, Throw
from schocken.bots.random_bot import RandomBot
from schocken.dice import RandomDice, ScriptedDice
from schocken.errors import (
    GameOverError,
    IllegalActionError,
    MustThrowError,
    OutOfTurnError,
    PutBackError,
    ThrowLimitError,
    TurnSixesError,
)
from schocken.events import (
    BoughtIn,
    DeckelMoved,
    Event,
    GameEnded,
    PlayersOut,
    RoundEnded,
    RoundKind,
    RoundStarted,
    Section,
    SectionEnded,
    SectionStarted,
    SixesTurned,
    ThrowLimitFixed,
    Thrown,
    TurnEnded,
    censor,
)
from schocken.game import Game
from schocken.play import play_game
from schocken.record import record_of, replay
from schocken.results import DIE_RESULTS, Dice, Result, ResultKind, result_table, sort_dice
from schocken.rules import Rules, find_preset
from schocken.texts import explain, refusal_text
from schocken.views import Phase

TSV99 = find_preset("tsv99")
S4L = find_preset("schock4life")
KNOBEL = find_preset("knobelrunde")
ALLGEMEIN = find_preset("allgemein")


def res(rules: Rules, dice: str, *, throws: int = 1, one_throw: bool = True) -> Result:
    """The result of final dice under ``rules``."""
    return result_table(rules).result(sort_dice(pips(dice)), one_throw=one_throw, throws=throws)


def of_type(events: list[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def keeps(actions: tuple[Action, ...]) -> set[Dice]:
    return {a.keep for a in actions if isinstance(a, Throw)}


def sub_multisets(dice: Dice, most: int = 2) -> set[Dice]:
    """Every multiset of at most ``most`` of ``dice`` (highest first)."""
    return {sort_dice(c) for n in range(most + 1) for c in itertools.combinations(dice, n)}


# ------------------------------------------------------------------ starting a game


@pytest.mark.parametrize(
    "players",
    [["Anna"], [f"P{i}" for i in range(21)], ["Anna", "Anna"], ["Anna", ""], ["Anna", "  "]],
)
def test_a_table_needs_2_to_20_players_with_distinct_names(players: list[str]) -> None:
    with pytest.raises(ValueError):
        Game(TSV99, players, ScriptedDice([]))


def test_2_and_20_players_are_accepted() -> None:
    assert Game(TSV99, ["A", "B"], ScriptedDice([])).players == ("A", "B")
    assert len(Game(TSV99, [f"P{i}" for i in range(20)], ScriptedDice([])).players) == 20


# ------------------------------------------------------------------ turn actions


def test_first_throw_throws_all_three_dice_and_a_keep_is_refused() -> None:
    game = Table(TSV99, 3, [throw("141"), STOPS]).game
    assert game.legal_actions() == (Throw(()),)
    refuse(game, Throw((1,)), match="first throw of a turn throws all three")
    refuse(game, Throw((6, 6)), match="first throw")
    refuse(game, STOP, match="has not thrown yet")
    refuse(game, TURN_SIXES, error=TurnSixesError, match="not thrown yet")
    events = game.apply(Throw())
    assert events == [Thrown(A, 1, (), (4, 1, 1), False)]
    assert game.steps == [(A, Throw(()), (1, 4, 1))]  # the pips as they fell
    assert scripted_dice(game).remaining == 0


def test_a_throw_keeps_a_multiset_of_the_dice_showing() -> None:
    game = Table(TSV99, 3, [throw("411"), throw("5", keep="11"), STOPS]).game
    game.apply(Throw())
    legal = game.legal_actions()
    assert keeps(legal) == {(), (4,), (1,), (4, 1), (1, 1)}
    assert STOP in legal
    assert TURN_SIXES not in legal
    refuse(game, Throw((4, 4)), match="cannot keep 4-4: the dice showing are 4-1-1")
    refuse(game, Throw((5,)), match="showing are 4-1-1")
    refuse(game, Throw((4, 1, 1)), match="at most two dice")
    refuse(game, Throw((7,)), match="at most two dice")
    events = game.apply(Throw((1, 1)))
    assert events == [Thrown(A, 2, (1, 1), (5,), False)]
    turn = game.view(A).turns[0]
    assert (turn.aside, turn.showing, turn.throws) == ((1, 1), (5, 1, 1), 2)
    assert game.apply(STOP) == [
        TurnEnded(A, 2, (1, 1), res(TSV99, "511", throws=2, one_throw=False), False),
        ThrowLimitFixed(A, 2),
    ]


def test_a_keep_may_mix_dice_set_aside_with_dice_just_thrown() -> None:
    game = Table(TSV99, 2, [throw("531"), throw("62", keep="1"), throw("3", keep="61")]).game
    game.apply(Throw())
    game.apply(Throw((1,)))
    assert keeps(game.legal_actions()) == {(), (6,), (2,), (1,), (6, 2), (6, 1), (2, 1)}
    events = game.apply(Throw((6, 1)))
    assert events[0] == Thrown(A, 3, (6, 1), (3,), False)
    assert events[1] == TurnEnded(A, 3, (6, 1), res(TSV99, "631", throws=3, one_throw=False), False)


def test_the_opener_fixes_the_throw_limit_for_everyone_after() -> None:
    table = Table(
        TSV99,
        3,
        [throw("532"), throw("43", keep="5"), STOPS],
        [throw("642"), throw("66", keep="4")],
        [throw("321"), STOPS],
    )
    game = table.game
    assert game.max_throws() == 3
    assert game.view(A).limit is None
    events = table.play()
    assert events[-2:] == [
        TurnEnded(A, 2, (5,), res(TSV99, "543", throws=2, one_throw=False), False),
        ThrowLimitFixed(A, 2),
    ]
    assert game.max_throws() == 2
    assert all(game.view(s).limit == 2 for s in (A, B, C))
    events = table.play()  # Ben's second throw ends his turn by itself
    assert events == [
        Thrown(B, 1, (), (6, 4, 2), False),
        Thrown(B, 2, (4,), (6, 6), False),
        TurnEnded(B, 2, (4,), res(TSV99, "664", throws=2, one_throw=False), False),
    ]
    assert game.current_player == C
    refuse(game, Throw(), B, ThrowLimitError, match="Ben has used all 2 of 2 throws")
    refuse(game, Throw((6, 6)), B, ThrowLimitError, match="2 of 2")
    refuse(game, TURN_SIXES, B, TurnSixesError, match="Ben cannot turn sixes on the last throw")
    refuse(game, STOP, B, OutOfTurnError, match="it is Cem's turn")
    table.play()
    assert of_type(game.events, ThrowLimitFixed) == [ThrowLimitFixed(A, 2)]  # fixed once


def test_the_opener_may_throw_three_times_and_then_the_turn_ends() -> None:
    table = Table(
        TSV99,
        2,
        [throw("542"), throw("31", keep="5"), throw("4", keep="53")],
        [throw("611"), STOPS],
    )
    events = table.play()
    assert [type(e) for e in events] == [Thrown, Thrown, Thrown, TurnEnded, ThrowLimitFixed]
    assert events[-1] == ThrowLimitFixed(A, 3)
    assert table.game.current_player == B
    refuse(table.game, Throw(), A, ThrowLimitError, match="3 of 3")
    assert table.game.max_throws() == 3
    table.play()


def test_a_tuetenrunde_ends_every_later_turn_after_one_throw() -> None:
    table = Table(TSV99, 3, shows("321"), once("661"), once("543"))
    assert table.play()[-1] == ThrowLimitFixed(A, 1)
    events = table.play()
    assert events == [
        Thrown(B, 1, (), (6, 6, 1), False),
        TurnEnded(B, 1, (), res(TSV99, "661"), False),
    ]
    # the six-six of Ben's only throw cannot be turned: he has no throw left
    refuse(table.game, TURN_SIXES, B, TurnSixesError, match="on the last throw .throw 1 of 1")
    table.play()


def test_a_later_player_may_use_fewer_throws_than_the_limit() -> None:
    table = Table(
        TSV99,
        2,
        [throw("542"), throw("31", keep="5"), throw("4", keep="53")],
        [throw("433"), STOPS],
    )
    table.play()
    events = table.play()
    ended = of_type(events, TurnEnded)
    assert ended == [TurnEnded(B, 1, (), res(TSV99, "433"), False)]


def test_out_of_turn_names_whose_turn_it_is() -> None:
    game = Table(TSV99, 3, shows("321")).game
    for action in (Throw(), STOP, TURN_SIXES):
        refuse(game, action, B, OutOfTurnError, match="it is Anna's turn, not Ben's")
    game.apply(Throw())
    refuse(game, Throw((3,)), C, OutOfTurnError, match="it is Anna's turn, not Cem's")
    refuse(game, STOP, C, OutOfTurnError, match="Anna's turn")


@pytest.mark.parametrize("seat", [3, -1, 99])
def test_an_unknown_seat_is_refused(seat: int) -> None:
    game = Table(TSV99, 3, shows("321")).game
    err = refuse(game, Throw(), seat, IllegalActionError, match="no seat")
    assert str(seat) in str(err)
    refuse(game, BUY_IN, seat, IllegalActionError, match="no seat")


def test_a_seat_that_is_not_an_int_is_refused() -> None:
    game = Table(TSV99, 3, shows("321")).game
    refuse(game, Throw(), cast(int, True), IllegalActionError, match="no seat")
    refuse(game, Throw(), cast(int, "1"), IllegalActionError, match="no seat")


def test_something_that_is_not_an_action_is_refused() -> None:
    game = Table(TSV99, 3, shows("321")).game
    refuse(game, cast(Action, "throw"), None, IllegalActionError, match="not an action")
    refuse(game, Throw(cast(Dice, "11")), None, IllegalActionError, match="cannot keep '11'")


def test_every_action_on_a_finished_game_raises_game_over() -> None:
    table = Table(
        preset("tsv99", finale=False), 2, shows("411"), once("221"), shows("111"), once("221")
    )
    table.play_all()
    game = table.game
    assert game.is_over
    assert game.current_player is None
    assert game.legal_actions() == ()
    assert game.legal_actions(A) == ()
    for seat in (None, A, B, 5):
        for action in ALL_ACTIONS:
            refuse(game, action, seat, GameOverError, match="the game is over .Ben lost")


# ------------------------------------------------------------------ putting back


def test_put_back_is_refused_in_schock4life() -> None:
    table = s4l_round_one([throw("541"), throw("32", keep="1"), throw("6", keep="31")])
    game = table.game
    play_moves(game, [throw("541"), throw("32", keep="1")])
    assert set(game.legal_actions()) == {THROWS[(1,)], THROWS[(3, 1)], THROWS[(2, 1)], STOP}
    for keep in [(3, 2), (), (3,), (2,)]:
        refuse(game, Throw(keep), error=PutBackError, match="1 must stay out")
    refuse(game, Throw((4, 1)), match="showing are 3-2-1")
    game.apply(Throw((3, 1)))
    assert game.view(B).turns[0].aside == (3, 1)


def test_put_back_is_allowed_in_tsv99() -> None:
    table = Table(TSV99, 2, [throw("541"), throw("32", keep="1"), throw("6", keep="32")])
    events = table.play()
    assert events[-2] == TurnEnded(
        A, 3, (3, 2), res(TSV99, "632", throws=3, one_throw=False), False
    )


@settings(max_examples=150, deadline=None)
@given(
    first=st.tuples(*[st.integers(1, 6)] * 3),
    second=st.tuples(*[st.integers(1, 6)] * 3),
    data=st.data(),
)
def test_without_put_back_the_legal_keeps_are_those_that_keep_every_die_set_aside(
    first: Dice, second: Dice, data: st.DataObject
) -> None:
    rules = preset("tsv99", put_back=False)
    shown = sort_dice(first)
    keep = data.draw(st.sampled_from(sorted(sub_multisets(shown) - {()})), label="keep")
    thrown = second[: 3 - len(keep)]
    game = Game(rules, NAMES[:2], ScriptedDice(first + thrown))
    game.apply(Throw())
    game.apply(Throw(keep))
    showing = sort_dice(keep + thrown)
    expected = {k for k in sub_multisets(showing) if _contains(k, keep)}
    assert keeps(game.legal_actions()) == expected
    other = data.draw(st.sampled_from(sorted(THROWS)), label="other keep")
    if other not in expected:
        refuse(game, Throw(other), error=_keep_error(showing, other))


def _contains(big: Dice, small: Dice) -> bool:
    rest = list(big)
    for p in small:
        if p not in rest:
            return False
        rest.remove(p)
    return True


def _keep_error(showing: Dice, keep: Dice) -> type[IllegalActionError]:
    return PutBackError if _contains(showing, keep) else IllegalActionError


@settings(max_examples=150, deadline=None)
@given(first=st.tuples(*[st.integers(1, 6)] * 3), data=st.data())
def test_with_put_back_any_multiset_of_the_dice_showing_may_be_kept(
    first: Dice, data: st.DataObject
) -> None:
    game = Game(TSV99, NAMES[:2], ScriptedDice((*first, 1, 1, 1)))
    game.apply(Throw())
    shown = sort_dice(first)
    expected = sub_multisets(shown)
    assert keeps(game.legal_actions()) == expected
    assert (TURN_SIXES in game.legal_actions()) == (shown.count(6) >= 2)
    keep = data.draw(st.sampled_from(sorted(THROWS)), label="keep")
    if keep in expected:
        events = game.apply(Throw(keep))
        assert events[0] == Thrown(A, 2, keep, (1,) * (3 - len(keep)), False)
        assert game.view(A).turns[0].aside == keep
    else:
        refuse(game, Throw(keep), match="cannot keep")


# ------------------------------------------------------------------ turning sixes


def test_turning_two_sixes_in_tsv99_only_the_other_six_must_go_back() -> None:
    game = Table(TSV99, 2, [throw("636"), TURN, throw("1", keep="31"), STOPS]).game
    game.apply(Throw())
    assert TURN_SIXES in game.legal_actions()
    assert game.apply(TURN_SIXES) == [SixesTurned(A, 1, (6,))]
    turn = game.view(B).turns[0]
    assert (turn.aside, turn.showing, turn.must_throw) == ((1,), (6, 3, 1), (6,))
    legal = game.legal_actions()
    assert STOP not in legal
    assert TURN_SIXES not in legal
    assert keeps(legal) == {(1,), (3, 1)}  # the turned 1 stays out, the 3 may
    refuse(game, STOP, error=MustThrowError, match="must throw again before stopping")
    refuse(game, Throw((6, 1)), error=MustThrowError, match="6 must go back into the cup")
    for keep in [(), (3,), (6,), (6, 3)]:
        refuse(game, Throw(keep), error=MustThrowError, match="the turned 1 stays out")
    refuse(game, TURN_SIXES, error=TurnSixesError, match="already turned")
    refuse(game, Throw((3, 3)), match="showing are 6-3-1")
    assert game.apply(Throw((3, 1)))[0] == Thrown(A, 2, (3, 1), (1,), False)
    ended = game.apply(STOP)[0]
    assert ended == TurnEnded(A, 2, (3, 1), res(TSV99, "311", throws=2, one_throw=False), False)
    assert isinstance(ended, TurnEnded)
    assert ended.result is not None
    assert (ended.result.kind, ended.result.deckel) == (ResultKind.SCHOCK, 3)


def test_turning_two_sixes_in_schock4life_all_remaining_dice_must_be_thrown() -> None:
    table = s4l_round_one([throw("663"), TURN, throw("22", keep="1"), STOPS])
    game = table.game
    game.apply(Throw())
    assert game.apply(TURN_SIXES) == [SixesTurned(B, 1, (6, 3))]
    assert game.view(B).turns[0].must_throw == (6, 3)
    assert game.legal_actions() == (THROWS[(1,)],)
    refuse(game, Throw((3, 1)), error=MustThrowError, match="6-3 must go back")
    refuse(game, Throw((6, 1)), error=MustThrowError, match="6-3 must go back")
    refuse(game, Throw((3,)), error=MustThrowError, match="the turned 1 stays out")
    refuse(game, Throw(()), error=MustThrowError, match="the turned 1 stays out")
    refuse(game, STOP, error=MustThrowError)
    assert game.apply(Throw((1,)))[0] == Thrown(B, 2, (1,), (2, 2), False)


def test_turning_three_sixes_gives_two_ones() -> None:
    game = Table(TSV99, 2, [throw("666"), TURN, throw("4", keep="11"), STOPS]).game
    game.apply(Throw())
    assert game.apply(TURN_SIXES) == [SixesTurned(A, 2, (6,))]
    turn = game.view(A).turns[0]
    assert (turn.aside, turn.showing, turn.must_throw) == ((1, 1), (6, 1, 1), (6,))
    assert keeps(game.legal_actions()) == {(1, 1)}
    refuse(game, Throw((6, 1)), error=MustThrowError, match="the turned 1-1 stays out")
    refuse(game, Throw((1,)), error=MustThrowError, match="the turned 1-1 stays out")
    game.apply(Throw((1, 1)))
    assert game.apply(STOP)[0] == TurnEnded(
        A, 2, (1, 1), res(TSV99, "411", throws=2, one_throw=False), False
    )


def test_sixes_set_aside_earlier_do_not_count_for_turning() -> None:
    game = Table(TSV99, 2, [throw("653"), throw("62", keep="6"), STOPS]).game
    game.apply(Throw())
    game.apply(Throw((6,)))
    assert game.view(A).turns[0].showing == (6, 6, 2)
    assert TURN_SIXES not in game.legal_actions()
    refuse(game, TURN_SIXES, error=TurnSixesError, match="last throw showed 6-2")


def test_one_six_cannot_be_turned() -> None:
    game = Table(TSV99, 2, [throw("612"), STOPS]).game
    game.apply(Throw())
    refuse(game, TURN_SIXES, error=TurnSixesError, match="showed 6-2-1")


def test_the_opener_cannot_turn_sixes_of_the_third_throw() -> None:
    table = Table(
        TSV99,
        3,
        [throw("543"), throw("32", keep="5"), throw("66", keep="5")],
        shows("321"),
    )
    events = table.play()
    assert of_type(events, SixesTurned) == []
    assert table.game.current_player == B
    refuse(table.game, TURN_SIXES, A, TurnSixesError, match="last throw .throw 3 of 3")


def test_sixes_of_a_new_throw_may_be_turned_again() -> None:
    table = Table(
        TSV99, 2, [throw("663"), TURN, throw("66", keep="1"), TURN, throw("4", keep="11")]
    )
    events = table.play()
    assert of_type(events, SixesTurned) == [SixesTurned(A, 1, (6,)), SixesTurned(A, 1, (6,))]
    assert events[-2] == TurnEnded(
        A, 3, (1, 1), res(TSV99, "411", throws=3, one_throw=False), False
    )


@pytest.mark.parametrize(
    ("rules", "kind", "deckel"),
    [
        (TSV99, ResultKind.STRASSE, 2),
        (KNOBEL, ResultKind.PLAIN, 1),
        (ALLGEMEIN, ResultKind.PLAIN, 1),
    ],
)
def test_a_result_after_turning_sixes_is_assembled(
    rules: Rules, kind: ResultKind, deckel: int
) -> None:
    table = Table(rules, 2, [throw("662"), TURN, throw("3", keep="21"), STOPS])
    ended = of_type(table.play(), TurnEnded)[0]
    assert isinstance(ended, TurnEnded)
    assert ended.result is not None
    assert ended.result.dice == (3, 2, 1)
    assert not ended.result.one_throw
    assert (ended.result.kind, ended.result.deckel) == (kind, deckel)


def test_a_schock_aus_after_turning_sixes_is_no_hand_aus() -> None:
    table = s4l_round_one([throw("661"), TURN, throw("11", keep="1"), STOPS])
    ended = of_type(table.play(), TurnEnded)[0]
    assert isinstance(ended, TurnEnded)
    assert ended.result is not None
    assert ended.result.is_schock_aus
    assert not ended.result.is_hand_aus


@pytest.mark.parametrize("name", ["tsv99", "knobelrunde", "allgemein"])
def test_after_turning_the_turned_one_cannot_go_back_into_the_cup(name: str) -> None:
    """Even where set-aside dice may go back, the 1 just turned stays out for the next throw:
    so a result after turning is always assembled."""
    rules = find_preset(name)
    table = Table(rules, 2, [throw("663"), TURN, throw("54", keep="1"), STOPS])
    game = table.game
    play_moves(game, table.turns[0][:2])
    refuse(game, Throw(()), error=MustThrowError, match="the turned 1 stays out")
    refuse(game, Throw((3,)), error=MustThrowError, match="the turned 1 stays out")
    play_moves(game, table.turns[0][2:])
    ended = of_type(game.events, TurnEnded)[0]
    assert ended == TurnEnded(A, 2, (1,), res(rules, "541", throws=2, one_throw=False), False)


@settings(max_examples=100, deadline=None)
@given(
    name=st.sampled_from(["tsv99", "schock4life"]),
    aside=st.sampled_from([(), (5,), (2,), (6,)]),
    other=st.integers(1, 5),
    three=st.booleans(),
)
def test_turning_sixes_sets_ones_aside_and_says_what_must_be_thrown(
    name: str, aside: Dice, other: int, three: bool
) -> None:
    """Sixes of the last throw become ones; the rule says what must go back into the cup."""
    rules = preset(name, opening="plain_round")  # the first turn is a normal one
    if three:
        aside = ()
    first = aside + ((other, other) if aside else (other, other, other))
    thrown = (6, 6, 6) if three else (6, 6) + ((other,) if not aside else ())
    game = Game(rules, NAMES[:2], ScriptedDice(first + thrown))
    game.apply(Throw())
    game.apply(Throw(aside))
    sixes = thrown.count(6)
    events = game.apply(TURN_SIXES)
    rest = thrown[sixes - 1 :]
    must = rest if name == "schock4life" else (6,)
    assert events == [SixesTurned(A, sixes - 1, must)]
    now_aside = sort_dice(aside + (1,) * (sixes - 1))
    turn = game.view(A).turns[0]
    assert turn.aside == now_aside
    assert turn.must_throw == must
    assert turn.showing == sort_dice(now_aside + rest)
    free = list(now_aside + rest)
    for p in must:
        free.remove(p)
    if name == "schock4life":  # no put back, every die of that throw again
        assert keeps(game.legal_actions()) == {now_aside}
    else:  # the turned ones stay out; the other sixes go back; any other die may stay out
        expected = {k for k in sub_multisets(sort_dice(free)) if k.count(1) >= sixes - 1}
        assert keeps(game.legal_actions()) == expected
    assert STOP not in game.legal_actions()


# ------------------------------------------------------------------ refusals leave no trace


@settings(max_examples=20, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["tsv99", "schock4life", "knobelrunde", "allgemein"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
)
def test_every_action_that_is_not_legal_is_refused_and_changes_nothing(
    name: str, players: int, seed: int
) -> None:
    """In random games, at random moments, every illegal action of every seat is refused."""
    rules = preset(name, deckel_per_half=5, deckel_in_finale=4)
    game, bots = random_game(rules, players, seed)
    rng = random.Random(seed)
    checked = 0
    for _ in random_play(game, bots):
        if game.is_over or rng.random() > 0.08:
            continue
        checked += 1
        for seat in range(players):
            legal = set(game.legal_actions(seat))
            if seat == game.current_player:
                assert legal == set(game.legal_actions())
            for action in ALL_ACTIONS:
                if action not in legal:
                    refuse(game, action, seat, None)
    assert checked > 0
    assert game.is_over
    for action in ALL_ACTIONS:
        refuse(game, action, None, GameOverError)


def test_refused_actions_leave_no_trace_scripted() -> None:
    """The comparison ``refuse`` makes, written out once: views, log, steps, legal, dice."""
    table = Table(TSV99, 2, [throw("663"), TURN, throw("1", keep="31"), STOPS])
    game = table.game
    game.apply(Throw())
    game.apply(TURN_SIXES)
    before = (
        [game.view(s) for s in (None, A, B)],
        list(game.events),
        list(game.steps),
        game.legal_actions(),
        scripted_dice(game).remaining,
    )
    for action in (STOP, TURN_SIXES, Throw((6,)), Throw((5,)), BUY_IN):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    with pytest.raises(OutOfTurnError):
        game.apply(Throw((3, 1)), B)
    after = (
        [game.view(s) for s in (None, A, B)],
        list(game.events),
        list(game.steps),
        game.legal_actions(),
        scripted_dice(game).remaining,
    )
    assert after == before
    assert before[4] == 1


# ------------------------------------------------------------------ the end of a round


def test_the_opening_round_is_for_no_deckel_and_its_best_opens_round_one() -> None:
    table = three_player_half()
    game = table.game
    assert game.view(None).phase is Phase.OPENING
    events = table.play(3)
    rules = game.rules
    assert events[-2:] == [
        RoundEnded(
            RoundKind.OPENING_ROUND,
            1,
            ((A, res(rules, "322")), (B, res(rules, "411")), (C, res(rules, "643"))),
            B,
            A,
            0,
        ),
        RoundStarted(RoundKind.NORMAL, 2, (B, C, A)),
    ]
    assert of_type(game.events, DeckelMoved) == []
    assert (game.middle, game.deckel) == (5, (0, 0, 0))
    assert game.view(A).phase is Phase.PLAYING
    assert game.current_player == B


def test_deckel_come_from_the_middle_then_from_the_best_and_players_go_out() -> None:
    table = three_player_half()
    game = table.game
    rules = game.rules
    table.play(3)
    # R1: Ben's Schock 4 is worth 4; Anna is worst
    events = table.play(3)
    assert events[-3:] == [
        RoundEnded(
            RoundKind.NORMAL,
            2,
            ((B, res(rules, "411")), (C, res(rules, "643")), (A, res(rules, "221"))),
            B,
            A,
            4,
        ),
        DeckelMoved(None, A, 4),
        RoundStarted(RoundKind.NORMAL, 3, (A, B, C)),  # the loser opens
    ]
    assert (game.middle, game.deckel) == (1, (4, 0, 0))
    # R2: Schock 6 owes 6, only 1 is left in the middle; Cem holds none and is out
    events = table.play(3)
    assert events[-4:] == [
        RoundEnded(
            RoundKind.NORMAL,
            3,
            ((A, res(rules, "611")), (B, res(rules, "221")), (C, res(rules, "643"))),
            A,
            B,
            6,
        ),
        DeckelMoved(None, B, 1),
        PlayersOut((C,)),
        RoundStarted(RoundKind.NORMAL, 4, (B, A)),
    ]
    assert (game.middle, game.deckel) == (0, (4, 1, 0))
    refuse(game, STOP, C, OutOfTurnError, match="it is Ben's turn, not Cem's")
    assert game.legal_actions(C) == ()
    assert game.view(A).playing == (True, True, False)
    # R3: the middle is empty: Anna (best, Schock 2) gives Ben (worst) 2
    events = table.play(2)
    assert events[-3:] == [
        RoundEnded(RoundKind.NORMAL, 4, ((B, res(rules, "643")), (A, res(rules, "211"))), A, B, 2),
        DeckelMoved(A, B, 2),
        RoundStarted(RoundKind.NORMAL, 5, (B, A)),
    ]
    assert game.deckel == (2, 3, 0)
    # R4: Ben owes 6 but holds 3: he gives those, Anna holds all 5 and lost the first half
    events = table.play(2)
    assert events[-5:] == [
        RoundEnded(RoundKind.NORMAL, 5, ((B, res(rules, "611")), (A, res(rules, "221"))), B, A, 6),
        DeckelMoved(B, A, 3),
        SectionEnded(Section.FIRST_HALF, A, False, (5, 0, 0)),
        SectionStarted(Section.SECOND_HALF, (A, B, C), 5),
        RoundStarted(RoundKind.NORMAL, 6, (A, B, C)),  # Cem plays again; Anna opens
    ]
    assert game.half_losers == (A,)
    assert (game.middle, game.deckel) == (5, (0, 0, 0))
    assert of_type(game.events, PlayersOut) == [PlayersOut((C,))]


def test_the_best_who_gives_away_all_deckel_is_out() -> None:
    """tsv99, 4 Deckel: all three hold Deckel when the middle empties; then Cem's Schock 3
    owes 3 but Cem holds 1: Ben gets that 1 and Cem is out."""
    table = Table(
        preset("tsv99", deckel_per_half=4),
        3,
        shows("322"),
        once("411"),
        once("543"),  # opening: Ben opens
        shows("211"),
        once("543"),
        once("221"),  # R1 B C A: Anna takes 2
        shows("643"),
        once("221"),
        once("532"),  # R2 A B C: Ben takes 1
        shows("643"),
        once("221"),
        once("532"),  # R3 B C A: Cem takes the last 1
        shows("311"),
        once("643"),
        once("221"),  # R4 C A B: Cem (best) owes 3, holds 1
    )
    game = table.game
    table.play(6)
    assert (game.middle, game.deckel) == (2, (2, 0, 0))
    table.play(3)
    assert (game.middle, game.deckel) == (1, (2, 1, 0))
    events = table.play(3)
    assert (game.middle, game.deckel) == (0, (2, 1, 1))
    assert of_type(events, PlayersOut) == []  # everyone holds Deckel: nobody is out
    assert events[-1] == RoundStarted(RoundKind.NORMAL, 5, (C, A, B))
    events = table.play(3)
    assert events[-3:] == [
        DeckelMoved(C, B, 1),
        PlayersOut((C,)),
        RoundStarted(RoundKind.NORMAL, 6, (B, A)),
    ]
    assert game.deckel == (2, 2, 0)
    assert game.view(A).playing == (True, True, False)


def test_equal_results_the_later_thrower_is_worse_tsv99() -> None:
    table = Table(TSV99, 3, shows("642"), once("642"), once("642"))
    ended = of_type(table.play(3), RoundEnded)[0]
    assert isinstance(ended, RoundEnded)
    assert (ended.best, ended.worst) == (A, C)


def test_equal_results_with_as_many_throws_the_later_thrower_is_worse_schock4life() -> None:
    table = s4l_round_one(shows("642"), once("642"))
    ended = of_type(table.play(2), RoundEnded)[0]
    assert isinstance(ended, RoundEnded)
    assert (ended.best, ended.worst) == (B, A)


def test_with_more_throws_worse_the_opener_with_more_throws_loses_a_tie() -> None:
    """allgemein: equal results, more throws is worse."""
    table = Table(ALLGEMEIN, 2, [throw("542"), throw("3", keep="54"), STOPS], shows("543"))
    ended = of_type(table.play(2), RoundEnded)[0]
    assert isinstance(ended, RoundEnded)
    assert (ended.best, ended.worst) == (B, A)


def test_a_schock_aus_ends_the_half_at_once_the_worst_taking_every_deckel() -> None:
    # R2 A B C: Anna throws Schock-Aus, Cem is worst
    table = three_player_half(r2=[shows("111"), once("643"), once("221")])
    game = table.game
    table.play(6)
    assert (game.middle, game.deckel) == (1, (4, 0, 0))
    events = table.play(3)
    rules = game.rules
    assert events[-6:] == [
        RoundEnded(
            RoundKind.NORMAL,
            3,
            ((A, res(rules, "111")), (B, res(rules, "643")), (C, res(rules, "221"))),
            A,
            C,
            None,
        ),
        DeckelMoved(None, C, 1),
        DeckelMoved(A, C, 4),
        SectionEnded(Section.FIRST_HALF, C, True, (0, 0, 5)),
        SectionStarted(Section.SECOND_HALF, (A, B, C), 5),
        RoundStarted(RoundKind.NORMAL, 4, (C, A, B)),
    ]
    assert game.half_losers == (C,)


def test_a_schock_aus_with_the_middle_empty_takes_from_every_player() -> None:
    # R3 B A: Anna throws Schock-Aus, Ben is worst
    table = three_player_half(r3=[shows("643"), once("111")])
    table.play(9)
    game = table.game
    assert (game.middle, game.deckel) == (0, (4, 1, 0))
    events = table.play(2)
    rules = game.rules
    assert events[-5:] == [
        RoundEnded(
            RoundKind.NORMAL, 4, ((B, res(rules, "643")), (A, res(rules, "111"))), A, B, None
        ),
        DeckelMoved(A, B, 4),
        SectionEnded(Section.FIRST_HALF, B, True, (0, 5, 0)),
        SectionStarted(Section.SECOND_HALF, (A, B, C), 5),
        RoundStarted(RoundKind.NORMAL, 5, (B, C, A)),
    ]


# ------------------------------------------------------------------ halves, Finale, Blattschuss


def test_two_halves_and_a_finale_between_the_two_half_losers() -> None:
    table = Table(
        preset("tsv99", deckel_in_finale=9),
        3,
        shows("411"),
        once("221"),
        once("543"),  # opening: Anna opens
        shows("111"),
        once("543"),
        once("221"),  # R1 A B C: Cem loses the first half
        shows("111"),
        once("221"),
        once("543"),  # R2 C A B: Anna loses the second half
        shows("111"),
        once("221"),  # Finale A C: Cem loses the game
    )
    game = table.game
    events = table.play(6)
    assert events[-4:] == [
        DeckelMoved(None, C, 14),
        SectionEnded(Section.FIRST_HALF, C, True, (0, 0, 14)),
        SectionStarted(Section.SECOND_HALF, (A, B, C), 14),
        RoundStarted(RoundKind.NORMAL, 3, (C, A, B)),  # the last round's loser opens
    ]
    assert game.half_losers == (C,)
    events = table.play(3)
    assert events[-4:] == [
        DeckelMoved(None, A, 14),
        SectionEnded(Section.SECOND_HALF, A, True, (14, 0, 0)),
        SectionStarted(Section.FINALE, (A, C), 9),
        RoundStarted(RoundKind.NORMAL, 4, (A, C)),  # tsv99: the second half's loser opens
    ]
    assert game.view(None).half_losers == (C, A)
    assert game.section is Section.FINALE
    assert (game.middle, game.deckel) == (9, (0, 0, 0))
    assert game.view(B).playing == (True, False, True)
    refuse(game, STOP, B, OutOfTurnError, match="Anna's turn")
    assert game.legal_actions(B) == ()
    events = table.play(2)
    assert events[-3:] == [
        DeckelMoved(None, C, 9),
        SectionEnded(Section.FINALE, C, True, (0, 0, 9)),
        GameEnded(C, False, (C, A)),
    ]
    assert (game.is_over, game.loser, game.current_player) == (True, C, None)
    assert game.view(A).phase is Phase.OVER


def test_the_same_loser_of_both_halves_loses_by_blattschuss_without_a_finale() -> None:
    table = Table(
        TSV99,
        2,
        shows("411"),
        once("221"),  # opening round: Anna opens
        shows("111"),
        once("221"),  # R1 A B: Ben loses the first half
        shows("643"),
        once("111"),  # R2 B A: Ben loses the second half too
    )
    events = table.play_all()
    assert events[-3:] == [
        DeckelMoved(None, B, 14),
        SectionEnded(Section.SECOND_HALF, B, True, (0, 14)),
        GameEnded(B, True, (B, B)),
    ]
    assert not any(isinstance(e, SectionStarted) and e.section is Section.FINALE for e in events)
    assert table.game.loser == B
    assert table.game.half_losers == (B, B)


def test_more_halves_instead_of_a_finale_until_one_player_lost_two() -> None:
    """keller: no Finale; further halves of everyone until one player has lost two halves."""
    table = Table(
        preset("tsv99", more_halves=True, deckel_per_half=5),
        3,
        shows("411"),
        once("221"),
        once("543"),  # opening: Anna opens
        shows("111"),
        once("543"),
        once("221"),  # R1 A B C: Cem loses the first half
        shows("111"),
        once("221"),
        once("543"),  # R2 C A B: Anna loses the second half
        shows("111"),
        once("221"),
        once("543"),  # R3 A B C, a further half: Ben loses it
        shows("111"),
        once("221"),
        once("543"),  # R4 B C A, another: Cem loses it, his second, and the game
    )
    game = table.game
    events = table.play(9)
    assert events[-4:] == [
        DeckelMoved(None, A, 5),
        SectionEnded(Section.SECOND_HALF, A, True, (5, 0, 0)),
        SectionStarted(Section.EXTRA_HALF, (A, B, C), 5),
        RoundStarted(RoundKind.NORMAL, 4, (A, B, C)),  # the last round's loser opens
    ]
    assert game.section is Section.EXTRA_HALF
    assert game.view(B).playing == (True, True, True)
    events = table.play(3)
    assert events[-3:] == [
        SectionEnded(Section.EXTRA_HALF, B, True, (0, 5, 0)),
        SectionStarted(Section.EXTRA_HALF, (A, B, C), 5),
        RoundStarted(RoundKind.NORMAL, 5, (B, C, A)),
    ]
    events = table.play_all()
    assert events[-2:] == [
        SectionEnded(Section.EXTRA_HALF, C, True, (0, 0, 5)),
        GameEnded(C, False, (C, A, B, C)),
    ]
    assert not any(isinstance(e, SectionStarted) and e.section is Section.FINALE for e in events)
    assert game.half_losers == (C, A, B, C)


def test_more_halves_after_a_blattschuss_ends_the_game_as_ever() -> None:
    table = Table(
        preset("tsv99", more_halves=True),
        2,
        shows("411"),
        once("221"),  # opening round: Anna opens
        shows("111"),
        once("221"),  # R1 A B: Ben loses the first half
        shows("643"),
        once("111"),  # R2 B A: Ben loses the second half too
    )
    events = table.play_all()
    assert events[-1] == GameEnded(B, True, (B, B))


def test_without_a_finale_the_game_is_one_half() -> None:
    table = Table(
        preset("tsv99", finale=False), 2, shows("411"), once("221"), shows("111"), once("221")
    )
    events = table.play_all()
    assert events[-3:] == [
        DeckelMoved(None, B, 14),
        SectionEnded(Section.FIRST_HALF, B, True, (0, 14)),
        GameEnded(B, False, (B,)),
    ]
    assert of_type(table.game.events, SectionStarted) == [
        SectionStarted(Section.FIRST_HALF, (A, B), 14)
    ]


def test_without_a_finale_a_half_lost_by_deckel_ends_the_game() -> None:
    table = Table(
        preset("tsv99", finale=False, deckel_per_half=1),
        2,
        shows("411"),
        once("221"),
        shows("411"),
        once("221"),
    )
    events = table.play_all()
    assert events[-3:] == [
        DeckelMoved(None, B, 1),
        SectionEnded(Section.FIRST_HALF, B, False, (0, 1)),
        GameEnded(B, False, (B,)),
    ]


@pytest.mark.parametrize(
    ("rules", "order"),
    [
        (S4L, (A, B)),  # schock4life: the first half's loser (Anna) opens the Finale
        (preset("schock4life", finale_opener="last_round_loser"), (B, A)),
    ],
)
def test_who_opens_the_finale(rules: Rules, order: tuple[int, ...]) -> None:
    table = Table(
        rules,
        2,
        once("654"),
        once("221"),  # opening throw: Ben lowest, takes 2, opens
        shows("111"),
        once("221"),  # R1 B A: Anna loses the first half
        shows("111"),
        once("221"),  # R2 A B: Ben loses the second half
    )
    events = table.play_all()
    assert table.game.half_losers == (A, B)
    assert events[-2:] == [
        SectionStarted(Section.FINALE, (A, B), 13),
        RoundStarted(RoundKind.NORMAL, 4, order),
    ]


def test_tsv99_can_be_told_to_let_the_first_half_loser_open_the_finale() -> None:
    table = Table(
        preset("tsv99", finale_opener="first_half_loser"),
        2,
        shows("411"),
        once("221"),
        shows("111"),
        once("221"),  # R1 A B: Ben loses the first half
        shows("111"),
        once("221"),  # R2 B A: Anna loses the second half
    )
    events = table.play_all()
    assert events[-1] == RoundStarted(RoundKind.NORMAL, 4, (B, A))


# ------------------------------------------------------------------ opening the game


def test_schock4life_opening_throw_lowest_takes_deckel_worth_the_highest_and_opens() -> None:
    table = Table(S4L, 3, once("654"), once("221"), once("543"))
    game = table.game
    assert game.events == [
        SectionStarted(Section.FIRST_HALF, (A, B, C), 13),
        RoundStarted(RoundKind.OPENING_THROW, 1, (A, B, C)),
    ]
    assert game.view(None).limit == 1
    assert game.max_throws() == 1
    first = table.play()
    assert first == [
        Thrown(A, 1, (), (6, 5, 4), False),
        TurnEnded(A, 1, (), res(S4L, "654"), False),
    ]
    events = table.play(2)
    assert events[-3:] == [
        RoundEnded(
            RoundKind.OPENING_THROW,
            1,
            ((A, res(S4L, "654")), (B, res(S4L, "221")), (C, res(S4L, "543"))),
            A,
            B,
            2,
        ),
        DeckelMoved(None, B, 2),
        RoundStarted(RoundKind.NORMAL, 2, (B, C, A)),
    ]
    assert (game.middle, game.deckel) == (11, (0, 2, 0))
    assert game.view(None).phase is Phase.PLAYING
    assert game.view(None).limit is None


def test_a_tie_for_the_lowest_opening_throw_is_thrown_off_in_stechen() -> None:
    table = Table(
        S4L,
        3,
        once("221"),
        once("611"),
        once("221"),  # Anna and Cem lowest; the highest is Schock 6
        once("543"),
        once("543"),  # Stechen: tied again
        once("432"),
        once("653"),  # Stechen: Cem lowest
    )
    game = table.game
    events = table.play(3)
    assert events[-2:] == [
        RoundEnded(
            RoundKind.OPENING_THROW,
            1,
            ((A, res(S4L, "221")), (B, res(S4L, "611")), (C, res(S4L, "221"))),
            B,
            None,
            6,
            (A, C),
        ),
        RoundStarted(RoundKind.STECHEN, 2, (A, C)),
    ]
    assert game.view(B).phase is Phase.OPENING
    assert game.view(B).order == (A, C)
    refuse(game, Throw(), B, OutOfTurnError, match="Anna's turn")
    events = table.play(2)
    assert events[-2:] == [
        RoundEnded(
            RoundKind.STECHEN, 2, ((A, res(S4L, "543")), (C, res(S4L, "543"))), A, None, 6, (A, C)
        ),
        RoundStarted(RoundKind.STECHEN, 3, (A, C)),
    ]
    events = table.play(2)
    assert events[-3:] == [
        RoundEnded(RoundKind.STECHEN, 3, ((A, res(S4L, "432")), (C, res(S4L, "653"))), A, C, 6),
        DeckelMoved(None, C, 6),  # worth the first opening throw's highest, not the Stechen's
        RoundStarted(RoundKind.NORMAL, 4, (C, A, B)),
    ]
    assert of_type(game.events, DeckelMoved) == [DeckelMoved(None, C, 6)]
    assert (game.middle, game.deckel) == (7, (0, 0, 6))


def test_worst_opens_the_lowest_opening_throw_opens_for_no_deckel() -> None:
    # REGIONAL.md row 8 (d), mad's "Laden": one throw each, the worst opens, no Deckel.
    rules = preset("tsv99", opening="worst_opens")
    table = Table(
        rules,
        3,
        once("221"),
        once("111"),  # a Schock-Aus here is only the best throw
        once("221"),  # Anna and Cem lowest: Stechen
        once("543"),
        once("653"),  # Stechen: Cem lowest (Anna's Straße beats 653)
    )
    game = table.game
    assert game.events[-1] == RoundStarted(RoundKind.OPENING_THROW, 1, (A, B, C))
    assert game.max_throws() == 1
    events = table.play(3)
    assert events[-2:] == [
        RoundEnded(
            RoundKind.OPENING_THROW,
            1,
            ((A, res(rules, "221")), (B, res(rules, "111")), (C, res(rules, "221"))),
            B,
            None,
            0,
            (A, C),
        ),
        RoundStarted(RoundKind.STECHEN, 2, (A, C)),
    ]
    events = table.play(2)
    assert events[-2:] == [
        RoundEnded(RoundKind.STECHEN, 2, ((A, res(rules, "543")), (C, res(rules, "653"))), A, C, 0),
        RoundStarted(RoundKind.NORMAL, 3, (C, A, B)),
    ]
    assert of_type(game.events, DeckelMoved) == []
    assert (game.middle, game.deckel) == (14, (0, 0, 0))
    assert game.view(None).phase is Phase.PLAYING and game.max_throws() == 3


def die(pips: int) -> Result:
    return DIE_RESULTS[(pips,)]


def test_high_die_one_die_each_the_highest_opens_ties_throw_again() -> None:
    # REGIONAL.md row 8 (a) [h2g2, keller, jusos, mortsch]: one die each, the highest opens.
    rules = preset("tsv99", opening="high_die")
    table = Table(
        rules, 4, once("6"), once("1"), once("6"), once("6"), once("5"), once("6"), once("1")
    )
    table.play(4)
    game = table.game
    assert of_type(game.events, Thrown)[0] == Thrown(A, 1, (), (6,), False)
    # Ben's 1 counts for nothing; Anna, Cem and Dora throw again, among themselves.
    assert game.events[-2:] == [
        RoundEnded(
            RoundKind.OPENING_DIE,
            1,
            ((A, die(6)), (B, die(1)), (C, die(6)), (D, die(6))),
            A,
            None,
            0,
            (A, C, D),
        ),
        RoundStarted(RoundKind.OPENING_DIE, 2, (A, C, D)),
    ]
    assert game.legal_actions() == (Throw(),) and game.max_throws() == 1
    assert game.view(B).turns[0].showing is None  # before Anna's throw
    events = table.play(3)
    assert events[-2:] == [
        RoundEnded(RoundKind.OPENING_DIE, 2, ((A, die(5)), (C, die(6)), (D, die(1))), C, D, 0),
        RoundStarted(RoundKind.NORMAL, 3, (C, D, A, B)),
    ]
    assert of_type(game.events, DeckelMoved) == []
    assert (game.middle, game.deckel) == (14, (0, 0, 0, 0))
    assert game.view(None).phase is Phase.PLAYING and game.max_throws() == 3


def test_first_seat_opens_the_first_round_without_an_opening() -> None:
    # REGIONAL.md row 8 (f) [burger, rsc03, kroeten, ohnetheke, spiele7]: a fixed first player.
    rules = preset("tsv99", opening="first_seat")
    game = Game(rules, NAMES[:3], ScriptedDice([4, 1, 1, 6, 5, 2, 6, 4, 2]))
    assert game.events == [
        SectionStarted(Section.FIRST_HALF, (A, B, C), 14),
        RoundStarted(RoundKind.NORMAL, 1, (A, B, C)),
    ]
    assert game.view(None).phase is Phase.PLAYING and game.current_player == A
    assert game.max_throws() == 3
    game.apply(Throw())
    game.apply(STOP)
    game.apply(Throw())
    events = game.apply(Throw())
    assert events[-3:] == [
        RoundEnded(
            RoundKind.NORMAL,
            1,
            ((A, res(rules, "411")), (B, res(rules, "652")), (C, res(rules, "642"))),
            A,
            C,
            4,
        ),
        DeckelMoved(None, C, 4),
        RoundStarted(RoundKind.NORMAL, 2, (C, A, B)),
    ]


def test_low_die_one_die_each_the_lowest_opens_ties_stechen() -> None:
    # REGIONAL.md row 8 (e) [papr]: one die each, the lowest opens, ties Stechen.
    rules = preset("schock4life", opening="low_die")
    table = Table(rules, 3, once("2"), once("2"), once("4"), once("3"), once("1"))
    events = table.play(3)
    assert events[-1] == RoundStarted(RoundKind.OPENING_DIE, 2, (A, B))
    view = table.game.view(C)
    assert view.round_kind is RoundKind.OPENING_DIE and view.phase is Phase.OPENING
    events = table.play(2)
    assert events[-2:] == [
        RoundEnded(RoundKind.OPENING_DIE, 2, ((A, die(3)), (B, die(1))), A, B, 0),
        RoundStarted(RoundKind.NORMAL, 3, (B, C, A)),
    ]
    assert table.game.deckel == (0, 0, 0) and table.game.middle == 13
    # Ben opens with three dice again.
    assert table.game.legal_actions() == (Throw(),) and table.game.max_throws() == 3


def test_one_die_each_rolls_one_die_and_nothing_else_is_legal() -> None:
    rules = preset("tsv99", opening="low_die")
    game = Game(rules, NAMES[:2], ScriptedDice([4]))
    refuse(
        game,
        THROWS[(1,)],
        error=IllegalActionError,
        match="one die in the opening: there is nothing",
    )
    refuse(game, STOP, match="has not thrown yet")
    refuse(game, TURN_SIXES, error=TurnSixesError)
    assert game.apply(Throw()) == [
        Thrown(A, 1, (), (4,), False),
        TurnEnded(A, 1, (), die(4), False),
    ]
    assert game.view(B).turns[0].showing == (4,) and die(4).name == "4"

    class ThreeDice:
        def roll(self, n: int) -> tuple[int, ...]:
            return (1, 2, 3)

    bad = Game(rules, NAMES[:2], ThreeDice())
    with pytest.raises(ValueError, match=r"gave \(1, 2, 3\) for 1 dice"):
        bad.apply(Throw())


@pytest.mark.parametrize("opening", ["high_die", "low_die"])
def test_the_one_die_opening_is_played_once_at_the_start(opening: str) -> None:
    rules = preset("tsv99", opening=opening, deckel_per_half=3, deckel_in_finale=3)
    for seed in range(5):
        game = Game(rules, NAMES[:4], RandomDice(seed))
        play_game(game, [RandomBot(seed * 7 + i) for i in range(4)])
        assert game.is_over
        starts = [i for i, e in enumerate(game.events) if isinstance(e, RoundStarted)]
        kinds = [cast(RoundStarted, game.events[i]).kind for i in starts]
        openings = kinds.index(RoundKind.NORMAL)
        assert openings >= 1 and set(kinds[:openings]) == {RoundKind.OPENING_DIE}
        assert RoundKind.OPENING_DIE not in kinds[openings:]
        before = game.events[: starts[openings]]
        thrown = [e for e in before if isinstance(e, Thrown)]
        assert thrown and all(len(e.dice or ()) == 1 and e.kept == () for e in thrown)


def test_tsv99_has_an_opening_round_not_an_opening_throw() -> None:
    game = Table(TSV99, 2).game
    assert game.events == [
        SectionStarted(Section.FIRST_HALF, (A, B), 14),
        RoundStarted(RoundKind.OPENING_ROUND, 1, (A, B)),
    ]
    assert game.max_throws() == 3


# ------------------------------------------------------------------ Einwürfeln


def _einwuerfeln_table(*r2: list[Move]) -> Table:
    """schock4life, 4 Deckel, Anna, Ben, Cem, Dora.

    Opening throw: Dora lowest, takes 2 (Ben's Straße). R1 D A B C: Ben worst, takes the last 2;
    Anna and Cem hold none: out. Then the turns ``r2``.
    """
    return Table(
        preset("schock4life", deckel_per_half=4),
        4,
        once("643"),
        once("654"),
        once("542"),
        once("221"),  # opening throw
        shows("643"),
        once("611"),
        once("221"),
        once("532"),  # R1 D A B C
        *r2,
    )


def test_einwuerfeln_takes_one_deckel_from_every_holder_and_joins_in_seat_order() -> None:
    # R2 B C D A: Cem's Schock 6 is best, Dora worst
    table = _einwuerfeln_table(shows("643"), once("611"), once("221"), once("532"))
    game = table.game
    events = table.play(8)
    assert events[-3:] == [
        DeckelMoved(None, B, 2),
        PlayersOut((A, C)),
        RoundStarted(RoundKind.NORMAL, 3, (B, D)),
    ]
    assert game.deckel == (0, 2, 0, 2)
    assert game.view(None).playing == (False, True, False, True)
    assert [game.can_buy_in(s) for s in (A, B, C, D)] == [True, False, True, False]
    assert game.legal_actions(C) == (BUY_IN,)
    assert game.legal_actions(D) == ()
    # Cem buys in: one Deckel from Ben and one from Dora; he plays between Ben and Dora
    events = game.apply(BUY_IN, C)
    assert events == [BoughtIn(C, (B, D)), DeckelMoved(B, C, 1), DeckelMoved(D, C, 1)]
    assert game.steps[-1] == (C, BUY_IN, ())
    assert game.deckel == (0, 1, 2, 1)
    assert game.view(A).order == (B, C, D)
    assert game.view(A).playing == (False, True, True, True)
    assert game.current_player == B
    refuse(game, BUY_IN, C, match="cannot buy in: Cem is not out")
    # Anna buys in too: one from each of the three; Ben and Dora are left with none
    events = game.apply(BUY_IN, A)
    assert events == [
        BoughtIn(A, (B, C, D)),
        DeckelMoved(B, A, 1),
        DeckelMoved(C, A, 1),
        DeckelMoved(D, A, 1),
    ]
    assert game.deckel == (3, 0, 1, 0)
    assert game.view(None).order == (B, C, D, A)
    assert game.view(None).playing == (True, True, True, True)  # Ben and Dora still play
    # R2: Cem gives his only Deckel to Dora. Ben got none and is out; Cem gave his last one and
    # is out; Dora, who got one, plays on.
    events = table.play(4)
    assert events[-3:] == [
        DeckelMoved(C, D, 1),
        PlayersOut((B, C)),
        RoundStarted(RoundKind.NORMAL, 4, (D, A)),
    ]
    assert game.deckel == (3, 0, 0, 1)
    assert game.view(B).playing == (True, False, False, True)


def _at_risk_table(*r2: list[Move]) -> Table:
    """:func:`_einwuerfeln_table` where a player buys in at risk (board): after round 1 Ben and
    Dora hold 2 each, Anna and Cem are out; round 2 is played by Ben, Dora and those who buy in,
    with the turns ``r2``."""
    table = _einwuerfeln_table(*r2)
    rules = preset("schock4life", deckel_per_half=4, einwuerfeln_form="at_risk")
    return Table(rules, 4, *table.turns)


def test_einwuerfeln_at_risk_takes_nothing_and_keeps_what_he_loses() -> None:
    # R2 B C D: Ben's 643 is best, Cem's 532 worst
    table = _at_risk_table(shows("643"), once("532"), once("542"))
    game = table.game
    table.play(8)
    assert game.deckel == (0, 2, 0, 2)
    assert game.apply(BUY_IN, C) == [BoughtIn(C, ())]  # he takes nothing
    assert game.deckel == (0, 2, 0, 2)
    assert game.view(None).order == (B, C, D)
    assert game.view(None).playing == (False, True, True, True)
    events = table.play(3)
    # as any loser he takes what the best result is worth, from the best player, and plays on
    assert events[-2:] == [DeckelMoved(B, C, 1), RoundStarted(RoundKind.NORMAL, 4, (C, D, B))]
    assert game.deckel == (0, 1, 1, 2)
    log = explain(game.events, game.rules, game.players, "en")
    said = "Cem buys back in at risk (Einwürfeln): takes no Deckel, and is out again after this "
    assert said + "round unless losing it." in log


def test_einwuerfeln_at_risk_is_out_again_unless_he_loses() -> None:
    # R2 B C D: Ben's 643 is best, Cem's 542 in between, Dora's 532 worst
    table = _at_risk_table(shows("643"), once("542"), once("532"))
    table.play(8)
    table.game.apply(BUY_IN, C)
    events = table.play(3)
    assert events[-3:] == [
        DeckelMoved(B, D, 1),
        PlayersOut((C,)),
        RoundStarted(RoundKind.NORMAL, 4, (D, B)),
    ]
    assert table.game.view(None).playing == (False, True, False, True)


def test_einwuerfeln_at_risk_best_result_the_best_holder_gives() -> None:
    # R2 B C D: Cem's Schock 6 is best but he holds nothing: Ben's 643, the best result among the
    # holders, gives Dora (worst) what Schock 6 is worth: all he holds (our reading)
    table = _at_risk_table(shows("643"), once("611"), once("221"))
    table.play(8)
    table.game.apply(BUY_IN, C)
    events = table.play(3)
    ended = [e for e in events if isinstance(e, RoundEnded)][-1]
    assert (ended.best, ended.worst, ended.deckel) == (C, D, 6)
    assert DeckelMoved(B, D, 2) in events
    assert SectionEnded(Section.FIRST_HALF, D, False, (0, 0, 0, 4)) in events
    # where he takes one Deckel from each holder, Cem holds some and gives them himself
    table = _einwuerfeln_table(shows("643"), once("611"), once("221"))
    table.play(8)
    table.game.apply(BUY_IN, C)
    assert DeckelMoved(C, D, 2) in table.play(3)


def test_einwuerfeln_only_before_the_rounds_first_throw() -> None:
    table = _einwuerfeln_table([throw("643"), STOPS])
    game = table.game
    table.play(8)
    assert game.can_buy_in(A)
    game.apply(Throw())
    assert not game.can_buy_in(A)
    assert game.legal_actions(A) == ()
    refuse(game, BUY_IN, A, match="cannot buy in: Einwürfeln is only possible before the round's")
    refuse(game, BUY_IN, C, match="only possible before the round's first throw")


def test_einwuerfeln_is_refused_to_a_player_who_is_not_out() -> None:
    table = _einwuerfeln_table()
    game = table.game
    # during the opening throw
    refuse(game, BUY_IN, A, match="only possible in a round for Deckel")
    table.play(4)
    # with Deckel in the middle everybody plays
    assert game.middle == 2
    for seat in (A, B, C, D):
        assert not game.can_buy_in(seat)
        refuse(game, BUY_IN, seat, match="is not out")
    table.play(4)
    refuse(game, BUY_IN, B, match="Ben is not out: Ben plays in this round")
    refuse(game, BUY_IN, D, match="Dora is not out")
    refuse(game, BUY_IN, None, match="Ben is not out")
    game.apply(BUY_IN, A)
    refuse(game, BUY_IN, A, match="Anna is not out")


def test_einwuerfeln_is_refused_under_rules_without_it() -> None:
    table = three_player_half()
    table.play(9)
    game = table.game
    assert game.view(None).playing == (True, True, False)
    assert not game.can_buy_in(C)
    assert game.legal_actions(C) == ()
    refuse(game, BUY_IN, C, match="these rules have no Einwürfeln")


def _bought_all_table(**overrides: object) -> Table:
    """schock4life, 2 Deckel, Anna, Ben, Cem: after round 1 Anna and Cem hold one each and Ben,
    who holds none, is out (round 2 is about to begin, played by Anna and Cem)."""
    return Table(
        preset("schock4life", deckel_per_half=2, **overrides),
        3,
        once("643"),
        once("542"),
        once("221"),  # opening throw: Cem takes 1 (a plain number is worth 1)
        shows("643"),
        once("221"),
        once("542"),  # R1 C A B: Anna takes the last 1; Ben is out
    )


def test_a_player_who_buys_in_and_holds_every_deckel_has_lost_the_half_at_once() -> None:
    """schock4life (our reading, docs/rules.md "Einwürfeln"): Ben buys in and takes the last
    Deckel of Anna and Cem; he holds all of them, and "Wer alle 13 Deckel bekommt, verliert die
    Runde" (001): the half ends at once, as any half lost, and the round is not played. Ben opens
    the second half, as any half's loser."""
    table = _bought_all_table()
    game = table.game
    events = table.play(6)
    assert events[-2:] == [PlayersOut((B,)), RoundStarted(RoundKind.NORMAL, 3, (A, C))]
    assert game.deckel == (1, 0, 1)
    assert game.apply(BUY_IN, B) == [
        BoughtIn(B, (A, C)),
        DeckelMoved(A, B, 1),
        DeckelMoved(C, B, 1),
        SectionEnded(Section.FIRST_HALF, B, False, (0, 2, 0)),
        SectionStarted(Section.SECOND_HALF, (A, B, C), 2),
        RoundStarted(RoundKind.NORMAL, 4, (B, C, A)),
    ]
    assert game.steps[-1] == (B, BUY_IN, ())
    assert game.half_losers == (B,)
    assert (game.section, game.middle, game.deckel) == (Section.SECOND_HALF, 2, (0, 0, 0))
    assert game.current_player == B
    assert game.legal_actions() == (THROWS[()],)
    assert not any(game.can_buy_in(s) for s in (A, B, C))
    assert game.view(None).playing == (True, True, True)
    outcome = record_of(game).outcome
    assert outcome is not None and outcome["sections"][0]["deckel"] == [0, 2, 0]
    log = explain(game.events, game.rules, game.players, "en")
    assert "Ben buys back in (Einwürfeln) and takes a Deckel from Anna and Cem." in log
    said = "Ben holds every Deckel of the first half (Hinrunde) by buying back in: Ben has lost "
    assert said + "it at once, and the round is not played." in log
    assert "Ben has lost the first half (Hinrunde)." not in log
    assert "Summary of the first half (Hinrunde): Ben holds all 2 Deckel." in log


def test_a_half_lost_by_buying_in_can_end_the_game() -> None:
    """Without a Finale the first half is the game: Ben's buying in ends it, and the record of
    the game replays to the same end."""
    table = _bought_all_table(finale=False)
    game = table.game
    table.play(6)
    assert game.apply(BUY_IN, B)[-2:] == [
        SectionEnded(Section.FIRST_HALF, B, False, (0, 2, 0)),
        GameEnded(B, False, (B,)),
    ]
    assert game.is_over and game.loser == B and game.current_player is None
    assert game.legal_actions(A) == game.legal_actions(B) == ()
    refuse(game, BUY_IN, A, error=GameOverError, match="the game is over")
    assert game.view(B).phase is Phase.OVER
    assert replay(record_of(game)).loser == B


def test_buying_in_at_risk_never_ends_the_half() -> None:
    """At risk (board) the buyer takes nothing, so he cannot hold every Deckel by buying in: the
    round is played by Anna, Ben and Cem."""
    table = _bought_all_table(einwuerfeln_form="at_risk")
    game = table.game
    table.play(6)
    assert game.apply(BUY_IN, B) == [BoughtIn(B, ())]
    assert game.deckel == (1, 0, 1)
    assert (game.section, game.view(None).order) == (Section.FIRST_HALF, (A, B, C))


def test_schock4life_with_14_players_a_buyer_can_take_all_13_deckel() -> None:
    """schock4life unchanged, 14 players: 13 of them lose a round each while Deckel are in the
    middle (the lowest opening throw takes one, then each round's worst one), so P0 alone holds
    none and is out once the middle is empty. P0 buys in, takes one Deckel from each of the 13
    and holds all 13: "Gespielt wird, bis eine Person alle 13 Deckel hat" (001)."""
    n = 14
    moves: list[tuple[int, Move]] = []
    for s in range(n):  # the opening throw: P13 lowest, takes 1 and opens
        moves.append((s, throw("542" if s == n - 1 else "665")))
    for k in range(1, 13):  # round k: opened by its last loser P(14-k); P(13-k) is worst
        anchor, worst = n - k, n - 1 - k
        for place, s in enumerate(list(range(anchor, n)) + list(range(anchor))):
            moves.append((s, throw("542" if s == worst else "665")))
            if place == 0:
                moves.append((s, STOPS))  # the opener stops: one throw each
    names = [f"P{i}" for i in range(n)]
    game = Game(S4L, names, ScriptedDice([p for _, (_, shown) in moves for p in shown]))
    for seat, (action, _) in moves:
        assert game.current_player == seat
        game.apply(action)
    assert (game.middle, game.deckel) == (0, (0,) + (1,) * 13)
    assert game.view(None).order == tuple(range(1, 14))
    events = game.apply(BUY_IN, 0)
    assert events[0] == BoughtIn(0, tuple(range(1, 14)))
    assert events[14:16] == [
        SectionEnded(Section.FIRST_HALF, 0, False, (13,) + (0,) * 13),
        SectionStarted(Section.SECOND_HALF, tuple(range(n)), 13),
    ]
    assert game.half_losers == (0,) and game.current_player == 0


def test_no_round_is_played_while_one_player_holds_every_deckel() -> None:
    """In random games with many buy-ins (3 players, 2 Deckel), after every action either the
    game is over or nobody holds every Deckel of the half: a buyer who takes them all has lost
    it at once, and the next half (or the game's end) follows."""
    rules = preset("schock4life", deckel_per_half=2, deckel_in_finale=2)
    lost_by_buying_in = 0
    for seed in range(60):
        game, bots = random_game(rules, 3, seed)
        for played in random_play(game, bots):
            total = game.middle + sum(game.deckel)
            assert game.is_over or total not in game.deckel, (seed, played)
            if played.action == BUY_IN and any(isinstance(e, SectionEnded) for e in played.events):
                lost_by_buying_in += 1
        assert game.is_over
    assert lost_by_buying_in > 5


def test_a_player_whose_turn_ended_at_the_limit_is_out_of_turn_in_the_next_round() -> None:
    """Ben's only throw ends the opening round; in round 1 it is Anna's turn, and Ben, who has
    not thrown in that round, is simply out of turn."""
    table = Table(TSV99, 2, shows("411"), once("221"))
    table.play(2)
    game = table.game
    assert game.view(None).round_kind is RoundKind.NORMAL
    assert game.current_player == A
    refuse(game, Throw(), B, OutOfTurnError, match="it is Anna's turn, not Ben's")
    refuse(game, TURN_SIXES, B, OutOfTurnError, match="it is Anna's turn, not Ben's")


def test_a_player_who_is_out_is_out_of_turn_not_past_a_throw_limit() -> None:
    """Cem's only throw ended round 2, in which he went out; round 3 is Ben's and Anna's."""
    table = three_player_half()
    table.play(9)
    game = table.game
    assert game.view(None).order == (B, A)
    refuse(game, Throw(), C, OutOfTurnError, match="it is Ben's turn, not Cem's")


# ------------------------------------------------------------------ invariants of random games


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["tsv99", "schock4life", "knobelrunde", "allgemein"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    small=st.booleans(),
)
def test_random_games_keep_the_rules_invariants(
    name: str, players: int, seed: int, small: bool
) -> None:
    rules = preset(name, deckel_per_half=4, deckel_in_finale=3) if small else find_preset(name)
    game, bots = random_game(rules, players, seed)
    total = rules.deckel_per_half
    opener_throws: int | None = None
    for seat, action, _, events in random_play(game, bots):
        for e in events:
            if isinstance(e, SectionStarted):
                total = e.middle
            elif isinstance(e, RoundStarted):
                assert len(e.order) >= 2, e
                assert len(set(e.order)) == len(e.order)
                opener_throws = None
            elif isinstance(e, DeckelMoved):
                assert e.amount > 0 and e.giver != e.receiver, e
            elif isinstance(e, ThrowLimitFixed):
                opener_throws = e.limit
            elif isinstance(e, Thrown) and opener_throws is not None:
                assert e.throw <= opener_throws, e
                if e.throw == opener_throws:  # the limit ends the turn by itself
                    assert any(
                        isinstance(t, TurnEnded) and (t.seat, t.throws) == (e.seat, e.throw)
                        for t in events
                    ), events
            elif isinstance(e, SectionEnded):
                assert e.deckel[e.loser] == total
                assert sum(e.deckel) == total
            elif isinstance(e, GameEnded):
                assert e.blattschuss == (
                    len(e.half_losers) == 2 and e.half_losers[0] == e.half_losers[1]
                )
        if isinstance(action, Throw) and events:
            assert isinstance(events[0], Thrown) and events[0].seat == seat
        if game.is_over:
            break
        view = game.view(None)
        assert sum(game.deckel) + game.middle == total
        assert game.current_player in view.order
        assert all(view.playing[s] for s in view.order)
    assert game.is_over
    assert game.loser is not None
    assert scripted_dice(game).remaining > 0


def test_a_round_for_deckel_is_played_clockwise_from_the_last_rounds_loser_buyers_in_included() -> (
    None
):
    """The reading of schock4life's Einwürfeln (docs/rules.md): the last round's loser opens
    whenever they play in the round, also when they have just bought back in with no Deckel left,
    and a player who bought in takes their seat's place in that clockwise order."""
    from schocken.bots.random_bot import RandomBot

    rules = preset("schock4life", deckel_per_half=5, deckel_in_finale=5)
    loser_bought_in_and_opened = 0
    for seed in range(150):
        n = 3 + seed % 4
        game = Game(rules, [f"P{i}" for i in range(n)], RandomDice(seed))
        bots = [RandomBot(seed * 7 + s, buy_in=0.6) for s in range(n)]
        anchor: int | None = None  # the last round's loser, while the round follows one
        bought: set[int] = set()
        checked = -1
        while not game.is_over:
            if game.round_count != checked:
                checked = game.round_count
                bought = set()
                for s in range(n):
                    if game.can_buy_in(s) and bots[s].wants_buy_in(game.view(s)):
                        game.apply(BUY_IN, s)
                        bought.add(s)
                order = game.view(None).order
                if anchor is not None and game.view(None).round_kind is RoundKind.NORMAL:
                    first = anchor
                    assert list(order) == sorted(order, key=lambda s: (s - first) % n)
                    if anchor in order:
                        assert order[0] == anchor
                        if anchor in bought:
                            loser_bought_in_and_opened += 1
            legal = game.legal_actions()
            seat = game.current_player
            assert seat is not None
            before = len(game.events)
            game.apply(legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat), legal))
            for e in game.events[before:]:
                if isinstance(e, RoundEnded):
                    anchor = e.worst if e.kind is RoundKind.NORMAL else None
                elif isinstance(e, SectionStarted):
                    anchor = None
    assert loser_bought_in_and_opened > 0


# ------------------------------------------------------------------ options from other pubs' rules


def test_with_set_aside_ones_only_ones_may_stay_out_of_the_cup() -> None:
    rules = preset("tsv99", set_aside="ones")
    game = Table(rules, 2, [throw("541"), throw("63", keep="1"), STOPS]).game
    game.apply(Throw())
    assert keeps(game.legal_actions()) == {(), (1,)}
    refuse(game, Throw((5,)), error=IllegalActionError, match="only 1s may be set aside")
    refuse(game, Throw((5, 1)), error=IllegalActionError, match="cannot keep 5-1: under these")
    game.apply(Throw((1,)))
    assert game.view(B).turns[0].showing == (6, 3, 1)
    assert keeps(game.legal_actions()) == {(), (1,)}  # the 1 may go back (put_back)
    assert STOP in game.legal_actions()


def test_with_set_aside_ones_and_sixes_a_six_may_stay_out() -> None:
    rules = preset("tsv99", set_aside="ones_and_sixes")
    game = Table(rules, 2, [throw("641"), throw("5", keep="61"), STOPS]).game
    game.apply(Throw())
    assert keeps(game.legal_actions()) == {(), (1,), (6,), (6, 1)}
    refuse(game, Throw((4,)), match="only 1s and 6s may be set aside")
    game.apply(Throw((6, 1)))
    assert game.view(B).turns[0].showing == (6, 5, 1)


def test_turned_ones_stay_out_whatever_may_be_set_aside() -> None:
    rules = preset("tsv99", set_aside="ones")
    game = Table(rules, 2, [throw("663"), TURN, throw("1", keep="1"), STOPS]).game
    game.apply(Throw())
    game.apply(TURN_SIXES)
    assert game.legal_actions() == (THROWS[(1,)],)  # the 3 may not stay out, the 6 goes back
    refuse(game, Throw((3, 1)), match="only 1s may be set aside")


def test_with_sixes_turn_never_sixes_are_never_turned() -> None:
    rules = preset("tsv99", sixes_turn="never")
    game = Table(rules, 2, [throw("663"), STOPS]).game
    game.apply(Throw())
    assert TURN_SIXES not in game.legal_actions()
    refuse(game, TURN_SIXES, error=TurnSixesError, match="these rules never turn sixes")


def test_with_sixes_turn_one_throw_only_a_throw_of_all_three_dice_turns() -> None:
    rules = preset("tsv99", sixes_turn="one_throw")
    game = Table(rules, 2, [throw("635"), throw("66", keep="3"), STOPS]).game
    game.apply(Throw())
    game.apply(Throw((3,)))
    assert game.view(B).turns[0].showing == (6, 6, 3)
    assert TURN_SIXES not in game.legal_actions()
    refuse(game, TURN_SIXES, error=TurnSixesError, match="of all three dice turn, and 3 was set")
    # Thrown with all three dice, the sixes turn.
    game = Table(rules, 2, [throw("663"), TURN, throw("1", keep="31"), STOPS]).game
    game.apply(Throw())
    assert TURN_SIXES in game.legal_actions()
    assert game.apply(TURN_SIXES) == [SixesTurned(A, 1, (6,))]


def test_with_sixes_turn_first_throw_only_the_first_throw_turns() -> None:
    rules = preset("tsv99", sixes_turn="first_throw")
    # A second throw of all three dice shows two sixes: too late to turn them.
    game = Table(rules, 2, [throw("532"), throw("663"), STOPS]).game
    game.apply(Throw())
    game.apply(Throw())
    assert game.view(B).turns[0].showing == (6, 6, 3)
    assert TURN_SIXES not in game.legal_actions()
    refuse(game, TURN_SIXES, error=TurnSixesError, match="a turn's first throw turn, and this was")
    events = game.apply(STOP)
    assert of_type(events, SixesTurned) == []
    # The first throw's sixes turn, and the turned one stays out for the throws after it.
    game = Table(rules, 2, [throw("663"), TURN, throw("23", keep="1"), throw("41", keep="1")]).game
    game.apply(Throw())
    assert TURN_SIXES in game.legal_actions()
    assert game.apply(TURN_SIXES) == [SixesTurned(A, 1, (6,))]
    game.apply(Throw((1,)))
    game.apply(Throw((1,)))
    assert game.view(B).turns[0].showing == (4, 1, 1)


def test_refusal_of_late_sixes_in_german() -> None:
    rules = preset("tsv99", sixes_turn="first_throw")
    game = Table(rules, 2, [throw("532"), throw("663"), STOPS]).game
    game.apply(Throw())
    game.apply(Throw())
    with pytest.raises(TurnSixesError) as info:
        game.apply(TURN_SIXES)
    assert refusal_text(info.value, "de") == (
        "Anna kann keine Sechsen drehen: nach diesen Regeln nur die Sechsen des ersten Wurfs, "
        "und das war Wurf 2"
    )


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["tsv99", "schock4life", "knobelrunde", "allgemein"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    set_aside=st.sampled_from(["any", "ones", "ones_and_sixes"]),
    sixes_turn=st.sampled_from(["any_throw", "one_throw", "first_throw", "never"]),
    jule=st.booleans(),
    general=st.booleans(),
)
def test_random_games_under_the_new_options_follow_them(
    name: str,
    players: int,
    seed: int,
    set_aside: str,
    sixes_turn: str,
    jule: bool,
    general: bool,
) -> None:
    rules = preset(
        name,
        deckel_per_half=4,
        deckel_in_finale=3,
        set_aside=set_aside,
        sixes_turn=sixes_turn,
        jule=jule,
        general=general,
    )
    allowed = {"any": set(range(1, 7)), "ones": {1}, "ones_and_sixes": {1, 6}}[set_aside]
    game, bots = random_game(rules, players, seed)
    rng = random.Random(seed)
    for _, action, before, events in random_play(game, bots):
        if isinstance(action, Throw):
            assert all(p in allowed for p in action.keep), (action, set_aside)
        if action == TURN_SIXES:
            assert sixes_turn != "never"
            if sixes_turn == "one_throw":
                assert before.turns[-1].aside == ()
            if sixes_turn == "first_throw":
                assert before.turns[-1].throws == 1
        for e in events:
            if isinstance(e, TurnEnded) and e.result is not None:
                if e.result.dice == (4, 2, 1):
                    expected = ResultKind.JULE if jule else ResultKind.PLAIN
                    assert e.result.kind is expected
                if len(set(e.result.dice)) == 1 and e.result.dice[0] != 1 and not general:
                    assert e.result.kind is ResultKind.PLAIN
        if not game.is_over and rng.random() < 0.1:
            for s in range(players):
                legal = set(game.legal_actions(s))
                for other in ALL_ACTIONS:
                    if other not in legal:
                        refuse(game, other, s, None)
    assert game.is_over


@pytest.mark.parametrize("deckel", [1, 2, 11, 26, 150])
def test_a_half_of_any_size_is_played_to_its_end(deckel: int) -> None:
    rules = preset("tsv99", deckel_per_half=deckel, deckel_in_finale=deckel)
    game, bots = random_game(rules, 3, deckel)
    sections = [e for _, _, _, events in random_play(game, bots) for e in events]
    ended = [e for e in sections if isinstance(e, SectionEnded)]
    assert game.is_over and len(ended) in (2, 3)
    for e in ended:
        assert e.deckel[e.loser] == deckel == sum(e.deckel)


# ------------------------------------------------- Erster Hoch: first_round_one_throw (row 12)


def test_erster_hoch_the_first_round_of_each_half_has_one_throw_not_the_finale() -> None:
    rules = preset("tsv99", first_round_one_throw="halves", deckel_per_half=3, deckel_in_finale=3)
    table = Table(
        rules,
        2,
        [throw("322"), throw("411"), STOPS],  # the opening round: the opener may throw 3 times
        [throw("221"), throw("332")],
        once("322"),  # round 2, the first for Deckel: one throw, for the opener too
        once("654"),
        [throw("521"), throw("411"), STOPS],  # round 3: the opener sets the limit again
        [throw("111"), STOPS],
        once("665"),  # the second half's first round: one throw
        once("221"),
        [throw("432"), throw("542"), STOPS],
        [throw("111"), STOPS],
        [throw("322"), throw("411"), STOPS],  # the Finale's first round: up to three throws
        [throw("221"), throw("332")],
    )
    game = table.game
    limits: list[tuple[int, int | None]] = []
    while table.left:
        view = game.view(game.current_player)
        if not view.turns or not view.turns[0].done:
            limits.append((view.round_number, view.limit))
        table.play()
    assert limits == [(1, None), (2, 1), (3, None), (4, 1), (5, None), (6, None)]
    fixed = of_type(game.events, ThrowLimitFixed)
    assert fixed == [ThrowLimitFixed(A, 2), ThrowLimitFixed(A, 2)] + [ThrowLimitFixed(B, 2)] * 2
    ended = [e for e in game.events if isinstance(e, RoundEnded)]
    assert [(e.best, e.worst, e.deckel) for e in ended] == [
        (A, B, 0),
        (B, A, 2),  # Straße 6-5-4 beats 322
        (B, A, None),
        (A, B, 1),
        (A, B, None),
        (B, A, 4),
    ]
    assert game.is_over and game.loser == A and game.half_losers == (A, B)


def test_erster_hoch_the_opener_of_a_first_round_cannot_throw_twice() -> None:
    rules = preset("tsv99", first_round_one_throw="halves")
    table = Table(rules, 2, shows("411"), once("221"), once("322"), once("654"))
    table.play(2)
    game = table.game
    assert game.max_throws() == 1
    events = table.play()  # one throw ends Anna's turn by itself
    assert [e.throws for e in events if isinstance(e, TurnEnded)] == [1]
    assert game.current_player == B and game.max_throws() == 1


@settings(max_examples=20, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["tsv99", "schock4life", "knobelrunde", "allgemein"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    where=st.sampled_from(["never", "halves", "halves_and_finale"]),
)
def test_random_games_play_the_first_round_of_a_section_as_the_option_says(
    name: str, players: int, seed: int, where: str
) -> None:
    rules = preset(name, deckel_per_half=4, deckel_in_finale=3, first_round_one_throw=where)
    game, bots = random_game(rules, players, seed)
    for _ in random_play(game, bots):
        pass
    section = Section.FIRST_HALF
    first = limited = False
    checked = 0
    for e in game.events:
        if isinstance(e, SectionStarted):
            section, first = e.section, True
        elif isinstance(e, RoundStarted) and e.kind is RoundKind.NORMAL:
            limited = first and (
                where == "halves_and_finale"
                or (where == "halves" and section is not Section.FINALE)
            )
            first = False
        elif isinstance(e, TurnEnded) and limited:
            assert e.throws == 1, (section, e)
            checked += 1
        elif isinstance(e, ThrowLimitFixed):
            assert not limited
    if where != "never":
        assert checked >= players  # the first half's first round at least


# ----------------------------------------------------- Anknobeln: one_throw_while_middle (row 6)


def test_anknobeln_one_throw_while_deckel_are_in_the_middle_then_the_opener_sets_it() -> None:
    rules = preset("tsv99", one_throw_while_middle=True, deckel_per_half=3)
    table = Table(
        rules,
        2,
        [throw("322"), throw("411"), STOPS],  # the opening round: no Deckel, up to three throws
        [throw("221"), throw("332")],
        once("654"),  # round 2, middle 3: one throw, for the opener too
        once("532"),
        once("432"),  # round 3, middle 1: still one throw
        once("631"),
        [throw("332"), throw("553"), STOPS],  # round 4, the middle empty: Anna sets the limit
        [throw("221"), throw("411")],
    )
    game = table.game
    limits: list[tuple[int, int | None, int]] = []
    while table.left:
        view = game.view(game.current_player)
        if not view.turns or not view.turns[0].done:
            limits.append((view.round_number, view.limit, view.middle))
        table.play()
    assert limits == [(1, None, 3), (2, 1, 3), (3, 1, 1), (4, None, 0)]
    assert of_type(game.events, ThrowLimitFixed) == [ThrowLimitFixed(A, 2)] * 2
    ended = [e for e in game.events if isinstance(e, RoundEnded)]
    assert [(e.best, e.worst, e.deckel) for e in ended] == [
        (A, B, 0),
        (A, B, 2),
        (B, A, 2),  # Anna takes the 1 Deckel left
        (B, A, 4),  # Schock 4 from Ben, who holds 2: Anna holds all 3
    ]
    assert game.half_losers == (A,) and game.section is Section.SECOND_HALF


@settings(max_examples=20, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["tsv99", "schock4life", "knobelrunde", "allgemein"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
)
def test_random_games_play_one_throw_exactly_while_deckel_are_in_the_middle(
    name: str, players: int, seed: int
) -> None:
    rules = preset(name, deckel_per_half=5, deckel_in_finale=4, one_throw_while_middle=True)
    game, bots = random_game(rules, players, seed)
    for _ in random_play(game, bots):
        pass
    middle = 0
    limited = False
    checked = 0
    for e in game.events:
        if isinstance(e, SectionStarted):
            middle = e.middle
        elif isinstance(e, DeckelMoved) and e.giver is None:
            middle -= e.amount
        elif isinstance(e, RoundStarted):
            limited = e.kind is RoundKind.NORMAL and middle > 0
        elif isinstance(e, TurnEnded) and limited:
            assert e.throws == 1, e
            checked += 1
        elif isinstance(e, ThrowLimitFixed):
            assert not limited
    assert game.is_over and checked >= players  # the first half's first round at least


# ------------------------------------------------------- schock_aus: half, game, worth (row 25)


def test_schock_aus_game_ends_the_game_in_the_first_half() -> None:
    rules = preset("tsv99", schock_aus="game")
    table = Table(rules, 2, shows("411"), once("221"), shows("111"), once("221"))
    events = table.play_all()
    assert events[-3:] == [
        DeckelMoved(None, B, 14),
        SectionEnded(Section.FIRST_HALF, B, True, (0, 14)),
        GameEnded(B, False, (B,)),
    ]
    assert table.game.loser == B and table.game.half_losers == (B,)
    assert not any(isinstance(e, SectionStarted) for e in events)  # none after the first


def test_schock_aus_game_on_the_first_half_loser_is_a_blattschuss() -> None:
    rules = preset("tsv99", schock_aus="game", deckel_per_half=2)
    table = Table(
        rules,
        2,
        shows("411"),
        once("221"),  # opening round: Anna opens
        shows("611"),
        once("221"),  # R1 A B: Schock 6: Ben takes both and loses the first half
        shows("643"),
        once("111"),  # R2 B A: Anna's Schock-Aus: Ben loses the second half and the game
    )
    events = table.play_all()
    assert events[-2:] == [
        SectionEnded(Section.SECOND_HALF, B, True, (0, 2)),
        GameEnded(B, True, (B, B)),
    ]


def test_schock_aus_game_ends_the_game_for_a_second_half_loser_other_than_the_first() -> None:
    rules = preset("tsv99", schock_aus="game", deckel_per_half=2)
    table = Table(
        rules,
        2,
        shows("411"),
        once("221"),  # opening round: Anna opens
        shows("611"),
        once("221"),  # R1 A B: Ben takes both and loses the first half
        shows("111"),
        once("643"),  # R2 B A: Ben's Schock-Aus: Anna takes all, loses the half and the game
    )
    events = table.play_all()
    assert events[-2:] == [
        SectionEnded(Section.SECOND_HALF, A, True, (2, 0)),
        GameEnded(A, False, (B, A)),
    ]
    assert not any(isinstance(e, SectionStarted) and e.section is Section.FINALE for e in events)
    half = preset("tsv99", deckel_per_half=2)  # the same throws with a Schock-Aus ending a half
    table = Table(
        half, 2, shows("411"), once("221"), shows("611"), once("221"), shows("111"), once("643")
    )
    table.play_all()
    assert table.game.section is Section.FINALE and not table.game.is_over


def test_schock_aus_worth_is_a_result_worth_its_deckel_and_the_half_goes_on() -> None:
    rules = preset("tsv99", schock_aus="worth", schock_aus_deckel=7, deckel_per_half=15)
    table = Table(rules, 2, shows("411"), once("221"), shows("111"), once("221"))
    events = table.play_all()
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert ended[-1].best == A and ended[-1].worst == B and ended[-1].deckel == 7
    assert events[-2:] == [
        DeckelMoved(None, B, 7),
        RoundStarted(RoundKind.NORMAL, 3, (B, A)),
    ]
    assert not any(isinstance(e, SectionEnded) for e in events)
    game = table.game
    assert (game.middle, game.deckel) == (8, (0, 7))


def test_schock_aus_worth_the_whole_stock_chicago_from_the_best_player() -> None:
    # 3 Deckel: Ben takes 2 and Anna 1 from the middle; then Anna's Schock-Aus worth 3 gives
    # Ben what she holds (1): he holds all 3 and has lost the half, but not "by Schock-Aus".
    rules = preset("tsv99", schock_aus="worth", schock_aus_deckel=3, deckel_per_half=3)
    table = Table(
        rules,
        2,
        shows("411"),
        once("221"),  # opening round: Anna opens
        shows("654"),
        once("221"),  # R1 A B: Ben takes 2
        shows("432"),
        once("631"),  # R2 B A: Anna takes the last one
        shows("111"),
        once("665"),  # R3 A B: Schock-Aus worth 3: Anna gives Ben her 1
    )
    events = table.play_all()
    assert DeckelMoved(A, B, 1) in events
    assert SectionEnded(Section.FIRST_HALF, B, False, (0, 3)) in events
    assert table.game.section is Section.SECOND_HALF


# ------------------------------------------------------------------ ties for the worst result


def _tied_r1(rules: Rules, *throw_off: list[Move]) -> Table:
    """Anna, Ben, Cem, 5 Deckel. Opening round: Ben best. R1 (B C A): Ben's Schock 4, Cem and
    Anna both 6-4-3: tied for the worst. Then the turns of ``throw_off``."""
    opening = [shows("322"), once("411"), once("643")]
    r1 = [shows("411"), once("643"), once("643")]
    return Table(rules, 3, *opening, *r1, *throw_off)


def test_throw_off_the_tied_throw_once_and_the_lowest_takes_what_the_best_is_worth() -> None:
    rules = preset("tsv99", deckel_per_half=5, tiebreak="throw_off")
    table = _tied_r1(rules, once("654"), once("221"))  # the throw-off: Cem 6-5-4, Anna 2-2-1
    table.play(3)
    r1 = table.play(3)
    results = ((B, res(rules, "411")), (C, res(rules, "643")), (A, res(rules, "643")))
    assert r1[-2:] == [
        RoundEnded(RoundKind.NORMAL, 2, results, B, None, 4, (C, A)),
        RoundStarted(RoundKind.THROW_OFF, 3, (C, A)),
    ]
    game = table.game
    assert game.view(None).round_kind is RoundKind.THROW_OFF
    assert game.max_throws() == 1 and game.middle == 5
    assert not game.can_buy_in(B)  # no Einwürfeln in a throw-off (nor are the rules for it)
    events = table.play(2)
    off = ((C, res(rules, "654")), (A, res(rules, "221")))
    assert events[-3:] == [
        RoundEnded(RoundKind.THROW_OFF, 3, off, B, A, 4),
        DeckelMoved(None, A, 4),
        RoundStarted(RoundKind.NORMAL, 4, (A, B, C)),
    ]


def test_a_tied_throw_off_is_thrown_again_by_those_tied_for_the_lowest() -> None:
    rules = preset("tsv99", deckel_per_half=5, tiebreak="throw_off")
    table = _tied_r1(rules, once("654"), once("654"), once("221"), once("642"))
    table.play(6)
    events = table.play(2)
    off = ((C, res(rules, "654")), (A, res(rules, "654")))
    assert events[-2:] == [
        RoundEnded(RoundKind.THROW_OFF, 3, off, B, None, 4, (C, A)),
        RoundStarted(RoundKind.THROW_OFF, 4, (C, A)),
    ]
    events = table.play(2)
    assert DeckelMoved(None, C, 4) in events
    assert events[-1] == RoundStarted(RoundKind.NORMAL, 5, (C, A, B))


def test_a_throw_off_after_a_schock_aus_decides_who_takes_the_half() -> None:
    rules = preset("tsv99", deckel_per_half=5, tiebreak="throw_off")
    opening = [shows("322"), once("411"), once("643")]
    r1 = [shows("111"), once("643"), once("643")]
    table = Table(rules, 3, *opening, *r1, once("221"), once("654"))
    table.play(6)
    events = table.play(2)
    ended = of_type(events, RoundEnded)[-1]
    assert isinstance(ended, RoundEnded)
    assert (ended.kind, ended.best, ended.worst, ended.deckel) == (RoundKind.THROW_OFF, B, C, None)
    assert SectionEnded(Section.FIRST_HALF, C, True, (0, 0, 5)) in events


def test_when_the_best_loses_the_throw_off_the_second_best_gives() -> None:
    # 2 Deckel, Anna and Ben. Opening round: Ben opens. R1 B A: Anna takes 1; R2 A B: Ben takes
    # the last. R3 B A: both Schock 2 (best: Ben, the earlier); Ben loses the throw-off, so Anna
    # (the second best) gives him her Deckel and he holds both: the first half is his.
    rules = preset("tsv99", deckel_per_half=2, tiebreak="throw_off")
    table = Table(
        rules,
        2,
        shows("322"),
        once("411"),
        shows("643"),
        once("221"),
        shows("643"),
        once("221"),
        shows("211"),
        once("211"),
        once("221"),
        once("654"),
    )
    events = table.play_all()
    off = ((B, res(rules, "221")), (A, res(rules, "654")))
    i = events.index(RoundEnded(RoundKind.THROW_OFF, 5, off, A, B, 2))
    assert events[i + 1 : i + 4] == [
        DeckelMoved(A, B, 1),
        SectionEnded(Section.FIRST_HALF, B, False, (0, 2)),
        SectionStarted(Section.SECOND_HALF, (A, B), 2),
    ]


def test_no_deckel_on_a_tie_for_the_worst_and_the_same_player_opens_again() -> None:
    rules = preset("tsv99", deckel_per_half=5, tiebreak="no_deckel")
    table = _tied_r1(rules)
    table.play(3)
    events = table.play(3)
    results = ((B, res(rules, "411")), (C, res(rules, "643")), (A, res(rules, "643")))
    assert events[-2:] == [
        RoundEnded(RoundKind.NORMAL, 2, results, B, None, 4),
        RoundStarted(RoundKind.NORMAL, 3, (B, C, A)),
    ]
    assert (table.game.middle, table.game.deckel) == (5, (0, 0, 0))


@pytest.mark.parametrize("tiebreak", ["throw_off", "no_deckel"])
def test_a_tie_for_the_best_alone_the_earlier_is_best_and_the_worst_takes(tiebreak: str) -> None:
    rules = preset("tsv99", deckel_per_half=5, tiebreak=tiebreak)
    opening = [shows("322"), once("411"), once("643")]
    table = Table(rules, 3, *opening, shows("411"), once("411"), once("643"))
    events = table.play_all()
    ended = of_type(events, RoundEnded)[-1]
    assert isinstance(ended, RoundEnded)
    assert (ended.kind, ended.best, ended.worst, ended.stechen) == (RoundKind.NORMAL, B, A, ())
    assert DeckelMoved(None, A, 4) in events


def test_with_deckel_owed_sum_the_loser_takes_every_special_results_worth() -> None:
    # REGIONAL.md row 38 [monopoly]: Ben's Schock 4 and Cem's Straße add up to 6 for Anna; a
    # round of plain numbers costs 1.
    rules = preset("tsv99", deckel_owed="sum")
    opening = [shows("322"), once("411"), once("643")]
    r1 = [shows("411"), once("654"), once("632")]  # B C A
    r2 = [shows("643"), once("652"), once("532")]  # A B C
    events = Table(rules, 3, *opening, *r1, *r2).play_all()
    ended = [e for e in of_type(events, RoundEnded) if isinstance(e, RoundEnded)]
    assert [(e.best, e.worst, e.deckel) for e in ended[1:]] == [(B, A, 6), (B, C, 1)]
    assert of_type(events, DeckelMoved) == [DeckelMoved(None, A, 6), DeckelMoved(None, C, 1)]


# --- covered = "all" and blind rounds (REGIONAL.md rows 14, 17, 18) -------------------------------


def blind(dice: str) -> list[Move]:
    """The opener's blind throw: one throw of all three dice, the turn over at once."""
    return [(THROW_BLIND, pips(dice))]


def test_covered_all_keeps_a_throw_covered_even_after_stopping_early() -> None:
    table = Table(
        preset("tsv99", covered="all"),
        2,
        [throw("652"), throw("61", keep="5"), STOPS],  # the opening round: Anna, two throws
    )
    game = table.game
    play_moves(game, [throw("652")])
    assert game.view(B).turns[0].showing is None  # after the first throw: covered
    assert game.view(B).turns[0].throws == 1
    assert game.view(A).turns[0].showing == (6, 5, 2)
    play_moves(game, [throw("61", keep="5"), STOPS])
    others, own = game.view(B).turns[0], game.view(A).turns[0]
    assert others.covered and others.showing is None and others.result is None
    assert others.aside == (5,) and others.throws == 2  # the dice set aside stand on the table
    assert own.showing == (6, 5, 1)
    ended = game.events[-2]
    assert isinstance(ended, TurnEnded) and ended.covered
    assert censor(ended, B) == ended._replace(result=None)


def test_blind_is_offered_only_to_the_opener_of_a_round_for_deckel() -> None:
    rules = preset("tsv99", blind=True)
    table = Table(rules, 2, shows("641"), once("522"), blind("331"), once("642"))
    game = table.game
    assert THROW_BLIND not in game.legal_actions()  # the opening round is for no Deckel
    refuse(game, THROW_BLIND, match="only the opener of a round for Deckel")
    table.play(2)
    assert game.legal_actions() == (THROWS[()], THROW_BLIND)
    refuse(game, THROW_BLIND, B, OutOfTurnError)
    off = Table(preset("tsv99"), 2, shows("641"), once("522"))
    off.play(2)
    assert THROW_BLIND not in off.game.legal_actions()
    refuse(off.game, THROW_BLIND, match="these rules have no blind play")


@pytest.mark.parametrize(("double", "owed"), [(False, 1), (True, 2)])
def test_a_blind_round_is_one_covered_throw_each_until_the_reveal(double: bool, owed: int) -> None:
    rules = preset("tsv99", blind=True, blind_double=double)
    table = Table(
        rules, 3, shows("641"), once("522"), once("532"), blind("331"), once("642"), once("221")
    )
    game = table.game
    table.play(3)
    assert game.current_player == A
    events = table.play(1)
    assert [type(e).__name__ for e in events] == [
        "BlindOpened",
        "Thrown",
        "TurnEnded",
        "ThrowLimitFixed",
    ]
    assert events[1] == Thrown(A, 1, (), None, True)  # nobody saw it, not even Anna
    assert events[2] == TurnEnded(A, 1, (), None, True)
    for seat in (A, B, C, None):
        turn = game.view(seat).turns[0]
        assert turn.covered and turn.showing is None and turn.result is None
    assert game.max_throws() == 1
    assert game.legal_actions() == (THROWS[()],)  # Ben: one throw, no blind
    refuse(game, THROW_BLIND, match="only the opener")
    table.play(1)
    assert game.view(B).turns[1].showing is None  # Ben does not see his own blind cup
    assert "".join(explain(game.events, rules, NAMES[:3], "en")).count("opens blind") == 1
    events = table.play(1)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert [r.dice for _, r in ended.results] == [(3, 3, 1), (6, 4, 2), (2, 2, 1)]
    assert ended.worst == C and ended.deckel == owed
    assert game.deckel[C] == owed
    assert THROW_BLIND in game.legal_actions()  # Cem opens the next round, may go blind


def test_a_blind_schock_aus_stays_a_schock_aus() -> None:
    rules = preset("tsv99", blind=True, blind_double=True)
    table = Table(rules, 2, shows("641"), once("522"), blind("111"), once("642"))
    table.play_all()
    game = table.game
    ended = next(e for e in game.events if isinstance(e, RoundEnded) and e.kind is RoundKind.NORMAL)
    assert ended.deckel is None and ended.worst == B
    assert any(isinstance(e, SectionEnded) and e.schock_aus for e in game.events)


@given(st.integers(0, 10_000))
@settings(max_examples=15, deadline=None)
def test_random_games_with_blind_rounds_replay(seed: int) -> None:
    rules = preset("schock4life", blind=True, blind_double=True, covered="all")
    game, bots = random_game(rules, 3, seed)
    for _ in random_play(game, bots):
        pass
    assert game.is_over
    assert any(str(a) == "blind" for _, a, _ in game.steps)
    assert replay(record_of(game)).events == game.events


@pytest.mark.parametrize("open_round", [False, True])
def test_an_opener_who_leaves_his_first_throw_open_makes_the_round_open(open_round: bool) -> None:
    rules = preset("tsv99", covered="last_throw", open_round=open_round)
    table = Table(rules, 3, shows("641"), once("522"), once("532"))
    table.play(2)
    ben = table.game.view(C).turns[1]
    assert ben.covered is not open_round
    assert (ben.showing is None) is not open_round
    # An opener who throws twice leaves nothing open: the last throws are covered as ever.
    two = Table(rules, 3, [throw("641"), throw("652"), STOPS], [throw("522"), throw("432")])
    two.play(2)
    assert two.game.view(A).turns[1].covered
