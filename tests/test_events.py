"""Tests of the event log (schocken.events) and of censoring events for a viewer.

A covered throw's dice and a covered turn's result are known to their player only: ``censor``
takes them out for everyone else (players and spectators) and leaves everything else as it was.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game_script import (
    STOPS,
    TURN,
    A,
    B,
    C,
    Table,
    once,
    preset,
    random_game,
    random_play,
    s4l_covered,
    shows,
    throw,
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
from schocken.results import result_table
from schocken.rules import find_preset

S4L = find_preset("schock4life")
SCHOCK_2 = result_table(S4L).result((2, 1, 1), one_throw=True, throws=1)

ONE_OF_EACH: list[Event] = [
    SectionStarted(Section.FIRST_HALF, (A, B, C), 13),
    RoundStarted(RoundKind.NORMAL, 2, (B, C, A)),
    BoughtIn(A, (B, C)),
    Thrown(B, 3, (5, 4), (6,), True),
    SixesTurned(B, 1, (6,)),
    TurnEnded(B, 3, (5, 4), SCHOCK_2, True),
    ThrowLimitFixed(B, 3),
    RoundEnded(RoundKind.NORMAL, 2, ((B, SCHOCK_2),), B, C, 2),
    DeckelMoved(None, C, 2),
    PlayersOut((A,)),
    SectionEnded(Section.FIRST_HALF, C, False, (0, 0, 13)),
    GameEnded(C, False, (C,)),
]


# ------------------------------------------------------------------ the log


@pytest.mark.parametrize(
    ("name", "middle", "kind"),
    [
        ("tsv99", 14, RoundKind.OPENING_ROUND),
        ("schock4life", 13, RoundKind.OPENING_THROW),
        ("knobelrunde", 13, RoundKind.OPENING_ROUND),
        ("allgemein", 13, RoundKind.OPENING_ROUND),
    ],
)
def test_a_game_begins_with_the_first_half_and_its_opening(
    name: str, middle: int, kind: RoundKind
) -> None:
    game = Table(find_preset(name), 3).game
    assert game.events == [
        SectionStarted(Section.FIRST_HALF, (A, B, C), middle),
        RoundStarted(kind, 1, (A, B, C)),
    ]


def test_apply_returns_exactly_the_events_it_appends_to_the_log() -> None:
    table = s4l_covered()
    game = table.game
    log = list(game.events)
    while table.left:
        before = len(game.events)
        returned = table.play()
        log += returned
        assert game.events[before:] == returned
    assert game.events == log


def test_events_are_immutable() -> None:
    assert len({type(e) for e in ONE_OF_EACH}) == 12
    for event in ONE_OF_EACH:
        names = [n for n in dir(event) if not n.startswith("_")]
        names = [n for n in names if not callable(getattr(event, n))]
        assert names, event
        for name in names:
            with pytest.raises(AttributeError):
                setattr(event, name, None)


# ------------------------------------------------------------------ censor


def test_censor_takes_a_covered_throws_dice_out_for_others_and_spectators() -> None:
    thrown = Thrown(B, 3, (5, 4), (6,), True)
    assert censor(thrown, B) == thrown
    for viewer in (None, A, C):
        assert censor(thrown, viewer) == Thrown(B, 3, (5, 4), None, True)


def test_censor_takes_a_covered_turns_result_out_for_others_and_spectators() -> None:
    ended = TurnEnded(B, 3, (5, 4), SCHOCK_2, True)
    assert censor(ended, B) == ended
    for viewer in (None, A, C):
        assert censor(ended, viewer) == TurnEnded(B, 3, (5, 4), None, True)


def test_censor_leaves_shown_throws_and_every_other_event_alone() -> None:
    shown: list[Event] = [Thrown(B, 1, (), (6, 5, 4), False), TurnEnded(B, 1, (), SCHOCK_2, False)]
    others: list[Event] = [e for e in ONE_OF_EACH if not isinstance(e, Thrown | TurnEnded)]
    for event in shown + others:
        for viewer in (None, A, B, C):
            assert censor(event, viewer) == event


def test_censor_in_a_game_hides_covered_dice_until_the_round_reveals_them() -> None:
    table = s4l_covered()
    game = table.game
    table.play(3)
    events = table.play(3)  # round 1: Ben's and Cem's last throws are covered
    for viewer in (None, A, B, C):
        seen = [censor(e, viewer) for e in events]
        for mine, e in zip(seen, events, strict=True):
            covered_other = isinstance(e, Thrown | TurnEnded) and e.covered and e.seat != viewer
            if isinstance(e, Thrown) and covered_other:
                assert isinstance(mine, Thrown)
                assert mine.dice is None
                assert (mine.seat, mine.throw, mine.kept) == (e.seat, e.throw, e.kept)
            elif isinstance(e, TurnEnded) and covered_other:
                assert isinstance(mine, TurnEnded)
                assert mine.result is None
                assert (mine.seat, mine.throws, mine.aside) == (e.seat, e.throws, e.aside)
            else:
                assert mine == e
        hidden = [
            e for e in seen if isinstance(e, Thrown | TurnEnded) and e.covered and e.seat != viewer
        ]
        assert len(hidden) == {None: 4, A: 4, B: 2, C: 2}[viewer]
        # the round's end reveals every result, to everyone
        ended = next(e for e in seen if isinstance(e, RoundEnded))
        assert all(result is not None for _, result in ended.results)
        assert ended == next(e for e in events if isinstance(e, RoundEnded))
    assert game.view(None).round_number == 3


def test_nothing_is_censored_under_rules_without_covered_cups() -> None:
    table = Table(
        find_preset("tsv99"),
        2,
        [throw("532"), throw("44", keep="5"), throw("6", keep="54")],
        shows("221"),
    )
    events = table.play_all()
    assert not any(isinstance(e, Thrown | TurnEnded) and e.covered for e in events)
    for viewer in (None, A, B):
        assert [censor(e, viewer) for e in events] == events


def test_turned_sixes_are_never_covered() -> None:
    """Turning needs a throw left, so the throw it turns was not the covered last one."""
    table = Table(
        S4L,
        2,
        once("654"),
        once("221"),
        [throw("663"), TURN, throw("22", keep="1"), STOPS],
        shows("643"),
    )
    events = table.play_all()
    turned = [e for e in events if isinstance(e, SixesTurned)]
    assert turned == [SixesTurned(B, 1, (6, 3))]
    for viewer in (None, A):
        assert censor(turned[0], viewer) == turned[0]


# ------------------------------------------------------------------ random games


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["schock4life", "allgemein"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
)
def test_random_games_no_censored_event_carries_another_players_covered_dice(
    name: str, players: int, seed: int
) -> None:
    rules = preset(name)
    game, bots = random_game(rules, players, seed)
    covered = 0
    for step in random_play(game, bots):
        for e in step.events:
            if isinstance(e, Thrown | TurnEnded) and e.covered:
                covered += 1
                assert (e.dice if isinstance(e, Thrown) else e.result) is not None
            for viewer in (None, *range(players)):
                seen = censor(e, viewer)
                if isinstance(e, Thrown) and e.covered and e.seat != viewer:
                    assert seen == Thrown(e.seat, e.throw, e.kept, None, True)
                elif isinstance(e, TurnEnded) and e.covered and e.seat != viewer:
                    assert seen == TurnEnded(e.seat, e.throws, e.aside, None, True)
                else:
                    assert seen == e
    assert covered > 0
    assert [censor(e, None) for e in game.events if not isinstance(e, Thrown | TurnEnded)] == [
        e for e in game.events if not isinstance(e, Thrown | TurnEnded)
    ]
