"""Pub mode: real dice entered turn by turn, the engine as referee; undo, refusals, records,
the ``schocken pub`` command."""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from german import assert_german
from schocken.actions import STOP
from schocken.bots import RandomBot
from schocken.cli import main
from schocken.dice import RandomDice
from schocken.errors import DiceExhaustedError, PubEntryError, RecordError
from schocken.events import (
    BoughtIn,
    DeckelMoved,
    Event,
    GameEnded,
    PlayersOut,
    RoundEnded,
    RoundKind,
    RoundStarted,
    SectionEnded,
    SixesTurned,
    TurnEnded,
)
from schocken.game import Game
from schocken.play import play_game
from schocken.pub import (
    NOTE_MADE_UP,
    BuyInEntry,
    PubGame,
    TableDice,
    TurnEntry,
    entry_from_data,
    parse_result,
    parse_turn,
    plan_turn,
)
from schocken.record import parse_record, record_from_dict, replay
from schocken.results import ResultKind
from schocken.rules import PRESETS, SetAside, SixesTurn, find_preset
from schocken.simulate import seat_names

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Anna", "Ben", "Cem"]
SMALL = {"deckel_per_half": 3, "deckel_in_finale": 2}
"""Few Deckel: halves and the Finale end after a few rounds."""

WHOLE_GAME = [
    # the opening round (no Deckel): Anna's two throws are the limit; Cem's Schock 4 opens
    "6-4-2 2",
    "5-3-2",
    "r schock 4 2",
    # round 2: Cem throws once (a Tütenrunde); Anna's 2-2-1 is worst: 1 Deckel from the middle
    "6-6-5",
    "2-2-1",
    "4-3-1",
    # round 3: Anna's General (worth 3, 2 left in the middle); Ben and Cem tie, Cem threw later
    "r general 5 2",
    "6-3-2 2",
    "6-3-2 1",
    # round 4 (Ben is out): Cem's Schock 4 beats Anna's Straße; Cem gives Anna his 2 Deckel
    "4-1-1 3",
    "6-5-4 3 h",
    # the second half: Anna's Schock-Aus with a turned six; Ben is worst and loses the half
    "1-1-1 2 t",
    "3-2-2",
    "5-5-5 2",
    # the Finale, Ben against Anna, opened by Ben (the last round's loser)
    "2-2-1",
    "4-4-2",
    "6-5-3 2",
    "r schock 2 2",
]


def play(pub: PubGame, lines: Sequence[str]) -> list[Event]:
    events: list[Event] = []
    for line in lines:
        events += pub.enter(parse_turn(line))
    return events


def whole_game() -> tuple[PubGame, list[Event]]:
    rules = find_preset("tsv99").with_overrides(SMALL)
    pub = PubGame(rules, NAMES, half_stake="a Kurzer", game_stake="a round of Kurze")
    return pub, play(pub, WHOLE_GAME)


def test_a_whole_pub_game_is_refereed_by_the_engine() -> None:
    pub, events = whole_game()
    told = pub.explain(events, "en")
    assert "Cem has the best result (Schock 4) and opens round 2." in told
    assert "Anna takes 1 Deckel from the middle." in told
    assert "Cem ties with Ben and threw later: later is worse." in told
    assert "Cem takes 2 Deckel from the middle." in told
    assert "Out of this half, holding no Deckel: Ben." in told
    assert "Cem gives Anna 2 Deckel." in told
    assert "Schock-Aus by Anna! Ben has the worst result and takes all Deckel." in told
    assert "Finale: Anna against Ben." in told
    # what the losers owe follows the half or game they lost
    i = told.index("Anna has lost the first half (Hinrunde).")
    assert told[i + 2] == "Anna owes a Kurzer."
    assert told[-2:] == [told[-2], "Ben owes a round of Kurze."]
    assert told[-3] == "Ben has lost the game."
    state = pub.state()
    assert (state.ask, state.seat, state.loser, state.half_losers) == ("over", 1, 1, (0, 1))
    assert pub.prompt("en") == "Game over. Ben lost."
    sections = [e for e in events if isinstance(e, SectionEnded)]
    assert [(e.section.value, e.loser, e.schock_aus) for e in sections] == [
        ("first_half", 0, False),
        ("second_half", 1, True),
        ("finale", 1, False),
    ]
    with pytest.raises(PubEntryError, match=r"the game is over \(Ben lost it\)"):
        pub.enter_turn((6, 5, 4))


def test_a_round_tied_for_the_worst_under_throw_off_is_thrown_off_in_pub_mode() -> None:
    rules = find_preset("tsv99").with_overrides({"tiebreak": "throw_off"})
    pub = PubGame(rules, NAMES)
    play(pub, ["6-4-2", "5-3-2", "4-2-2"])  # the opening round: Anna opens
    told = pub.explain(play(pub, ["r schock 3 2", "6-3-2", "6-3-2 2"]), "en")
    assert told[-1] == (
        "Ben and Cem tie for the worst result and throw off, one throw each, for the round's "
        "Deckel."
    )
    assert pub.prompt("en") == "Throw-off: Ben throws once."
    with pytest.raises(PubEntryError):
        pub.enter_turn((6, 5, 4), throws=2)  # one throw each in a throw-off
    told = pub.explain(play(pub, ["5-5-2"]), "en")
    assert pub.prompt("de") == "Stechen um die Deckel: Cem wirft einmal."
    told = pub.explain(play(pub, ["4-4-2"]), "en")
    assert told[-3:] == [
        "Throw-off: Ben: 5-5-2, Cem: 4-4-2.",
        "Cem throws lowest in the throw-off (4-4-2).",
        "Cem takes 3 Deckel from the middle.",
    ]
    assert pub.prompt("en") == "Round 4: Cem opens, up to 3 throws."
    assert replay(parse_record(pub.record().to_json())).events == pub.game.events


def test_one_player_losing_both_halves_loses_by_blattschuss() -> None:
    pub = PubGame(find_preset("tsv99"), ["Anna", "Ben"], game_stake="the next round")
    play(pub, ["6-4-2", "5-3-2"])  # the opening round: Anna opens
    told = pub.explain(play(pub, ["r aus 2", "4-2-1 2"]), "en")
    assert "Ben has lost the first half (Hinrunde) by Schock-Aus." in told
    assert pub.prompt("en") == "Round 3: Ben opens, up to 3 throws."
    told = pub.explain(play(pub, ["3-2-2", "1-1-1"]), "en")
    assert told[-3:-1] == ["Blattschuss! Ben lost both halves and with them the game.", told[-2]]
    assert told[-1] == "Ben owes the next round."
    assert pub.state().loser == 1 and pub.state().section.value == "second_half"
    record = parse_record(pub.record().to_json())
    assert record.outcome is not None and record.outcome["blattschuss"] is True
    assert replay(record).events == pub.game.events


def test_further_halves_are_refereed_and_each_lost_one_owes_the_half_stake() -> None:
    rules = find_preset("tsv99").with_overrides({"more_halves": True, "deckel_per_half": 2})
    pub = PubGame(rules, NAMES, half_stake="a Kurzer", game_stake="the next round")
    play(pub, ["4-1-1 1", "2-2-1", "5-4-3"])  # the opening round: Anna's Schock 4 opens
    play(pub, ["r aus 1", "5-4-3", "2-2-1"])  # Cem loses the first half
    told = pub.explain(play(pub, ["r aus 1", "2-2-1", "5-4-3"]), "en")  # Anna the second
    assert "Another half begins with 2 Deckel in the middle." in told
    assert pub.standing("en") == "Another half: middle 2; nobody holds Deckel."
    assert pub.standing("de") == "Weitere Hälfte: Mitte 2; niemand hat Deckel."
    told = pub.explain(play(pub, ["r aus 1", "2-2-1", "5-4-3"]), "en")  # Ben a further one
    assert "Ben has lost another half by Schock-Aus." in told and "Ben owes a Kurzer." in told
    assert told[-1] == "Another half begins with 2 Deckel in the middle."
    told = pub.explain(play(pub, ["r aus 1", "2-2-1", "5-4-3"]), "en")  # Cem his second
    assert "Cem owes a Kurzer." in told and told[-1] == "Cem owes the next round."
    assert pub.state().loser == 2 and pub.state().half_losers == (2, 0, 1, 2)
    record = parse_record(pub.record().to_json())
    assert record.outcome is not None and record.outcome["finale"] is False
    assert replay(record).events == pub.game.events


def test_a_pub_games_record_replays_identically_and_shows_the_same_standing() -> None:
    pub, _ = whole_game()
    record = parse_record(pub.record().to_json())
    again = replay(record)
    assert again.events == pub.game.events
    assert again.steps == pub.game.steps
    assert again.view(None) == pub.game.view(None)
    assert record.outcome is not None and record.outcome["loser_name"] == "Ben"
    taken_up = PubGame.from_record(record)
    assert taken_up.state() == pub.state()
    assert taken_up.entries == pub.entries
    # Every step says whether it was entered or made up.
    notes = [s.note for s in record.steps]
    assert notes.count(f"pub: entered {pub.entries[0]}") == 1
    assert NOTE_MADE_UP in notes
    assert all(
        n.startswith("pub: ") or (n == "" and s.action == STOP)
        for n, s in zip(notes, record.steps, strict=True)
    )


def test_an_unfinished_pub_game_replays_and_goes_on() -> None:
    pub, _ = whole_game()
    pub.undo(5)
    record = parse_record(pub.record().to_json())
    assert record.outcome is not None and record.outcome["finished"] is False
    assert replay(record).events == pub.game.events
    taken_up = PubGame.from_record(record)
    play(taken_up, WHOLE_GAME[-5:])
    assert taken_up.game.events == whole_game()[0].game.events


def test_a_record_whose_steps_are_not_its_entries_is_refused() -> None:
    pub, _ = whole_game()
    data = json.loads(pub.record().to_json())
    data["steps"][1]["pips"] = [3]  # Anna's opening 6-4-2 becomes 6-4-3
    del data["outcome"]
    with pytest.raises(RecordError, match="not those its pub entries make") as info:
        PubGame.from_record(record_from_dict(data))
    assert_german(info.value)
    data = json.loads(pub.record().to_json())
    data["meta"]["pub"]["entries"][0]["throws"] = 4
    with pytest.raises(RecordError, match="entry 0: a turn has 1 to 3 throws, not 4") as info:
        PubGame.from_record(record_from_dict(data))
    assert assert_german(info.value).startswith("'meta.pub': Eintrag 0: ")
    del data["meta"]["pub"]
    with pytest.raises(RecordError, match="no pub entries") as info:
        PubGame.from_record(record_from_dict(data))
    assert_german(info.value)


def test_the_table_dice_refuse_a_throw_of_other_dice_than_entered_in_german_too() -> None:
    dice = TableDice()
    dice.load((6, 4))
    with pytest.raises(DiceExhaustedError, match="the throw needs 3 dice; 64 were entered") as info:
        dice.roll(3)
    assert assert_german(info.value) == "der Wurf braucht 3 Würfel; eingegeben wurden 64"
    with pytest.raises(DiceExhaustedError, match="needs 1 dice; - were entered"):
        dice.roll(1)  # nothing loaded: no throw was expected


def test_a_pub_game_travels_as_plain_json_data() -> None:
    pub, _ = whole_game()
    data = json.loads(json.dumps(pub.to_data()))
    assert data["players"] == NAMES and data["game_stake"] == "a round of Kurze"
    assert data["entries"][2] == {
        "kind": "turn",
        "seat": 2,
        "dice": [4, 1, 1],
        "throws": 2,
        "result": "Schock 4",
    }
    again = PubGame.from_data(data)
    assert again.game.events == pub.game.events
    state = json.loads(json.dumps(pub.state().to_data()))
    assert state["ask"] == "over" and state["loser"] == 1 and state["deckel"] == [0, 2, 0]
    assert state["turns"] == [
        {"seat": 1, "throws": 2, "dice": [6, 5, 3], "result": "653"},
        {"seat": 0, "throws": 2, "dice": [2, 1, 1], "result": "Schock 2"},
    ]


def test_the_log_says_what_each_entry_said_also_after_undo_and_from_data() -> None:
    rules = find_preset("tsv99").with_overrides(SMALL)
    pub = PubGame(rules, NAMES, half_stake="a Kurzer", game_stake="a round of Kurze")
    said = [pub.explain(pub.enter(parse_turn(line)), "de") for line in WHOLE_GAME]
    assert pub.log("de") == said
    assert said[-1][-1] == "Ben schuldet a round of Kurze."
    again = PubGame.from_data(json.loads(json.dumps(pub.to_data())))
    assert again.log("de") == said
    assert again.log("en") == [pub.explain(e, "en") for e in per_entry(pub)]
    pub.undo(3)
    assert pub.log("de") == said[:-3]
    pub.enter(parse_turn(WHOLE_GAME[-3]))
    assert pub.log("de") == said[:-2]
    assert PubGame(rules, NAMES).log("en") == []


def per_entry(pub: PubGame) -> list[list[Event]]:
    """The game's events entry by entry, found by playing the entries again one at a time."""
    fresh = PubGame(pub.rules, pub.players)
    return [fresh.enter(entry) for entry in pub.entries]


# ---------------------------------------------------------------------- bot games as entries


def entered_as_pub(game: Game, *, turned: bool) -> PubGame:
    """The turns of a finished game entered in pub mode: each turn's final dice, throws and
    whether they were in one throw (or, with ``turned``, how many ones are turned sixes), and
    the same answers to the buy-in questions."""
    turns: list[tuple[TurnEnded, int]] = []
    buys: set[tuple[int, int]] = set()
    rnd = sixes = 0
    for e in game.events:
        if isinstance(e, RoundStarted):
            rnd = e.number
        elif isinstance(e, BoughtIn):
            buys.add((rnd, e.seat))
        elif isinstance(e, SixesTurned):
            sixes += e.ones
        elif isinstance(e, TurnEnded):
            assert e.result is not None
            ones = 0 if e.result.one_throw or not turned else min(sixes, e.result.dice.count(1))
            turns.append((e, ones))
            sixes = 0
    pub = PubGame(game.rules, game.players)
    todo = iter(turns)
    while (state := pub.state()).ask != "over":
        assert state.seat is not None
        if state.ask == "buy_in":
            pub.answer_buy_in(state.seat, (state.round, state.seat) in buys)
            continue
        ended, ones = next(todo)
        assert ended.result is not None and ended.seat == state.seat
        if ones:
            pub.enter_turn(ended.result.dice, ended.throws, turned=ones, covered=ended.covered)
        else:
            hand = ended.result.one_throw
            pub.enter_turn(ended.result.dice, ended.throws, hand=hand, covered=ended.covered)
    assert next(todo, None) is None
    return pub


REFEREED = (RoundStarted, RoundEnded, DeckelMoved, PlayersOut, BoughtIn, SectionEnded, GameEnded)
"""What the referee decides: rounds, results, Deckel, who is out or buys in, halves, the game."""


@pytest.mark.parametrize("preset", list(PRESETS))
def test_bot_games_entered_in_pub_mode_are_the_same_games(preset: str) -> None:
    rules = PRESETS[preset].with_overrides({"deckel_per_half": 5, "deckel_in_finale": 4})
    for seed in range(12):
        n = 3 + seed % 3
        bots = [RandomBot(seed * 10 + i, buy_in=0.6) for i in range(n)]
        game = play_game(Game(rules, seat_names(n), RandomDice(seed)), bots)
        pub = entered_as_pub(game, turned=seed % 2 == 1)
        assert pub.is_over
        assert [e for e in pub.game.events if isinstance(e, REFEREED)] == [
            e for e in game.events if isinstance(e, REFEREED)
        ]

        def turns(g: Game) -> list[tuple[Any, ...]]:
            return [
                (e.seat, e.throws, e.result, e.covered)
                for e in g.events
                if isinstance(e, TurnEnded)
            ]

        assert turns(pub.game) == turns(game)
        assert replay(parse_record(pub.record().to_json())).events == pub.game.events


REGIONAL = [
    {"jule": True, "set_aside": "ones", "sixes_turn": "one_throw", "general": False},
    {
        "jule": True,
        "jule_one_throw": True,
        "jule_rank": "by_worth",
        "jule_deckel": 4,
        "set_aside": "ones_and_sixes",
        "sixes_turn": "never",
    },
    {"first_round_one_throw": "halves_and_finale", "covered": "last_throw"},
    {"strassen": "outer", "strasse_rank": "equal", "tiebreak": "later_loses"},
    {"nutte": True, "nutte_deckel": 3, "nutte_one_throw": True, "jule": True},
    {"achter": True, "achter_deckel": 10, "jule": True, "jule_rank": "by_worth"},
    {"tiebreak": "one_throw_then_later", "covered": "third_throw"},
    {"one_throw_while_middle": True, "covered": "last_throw", "opening": "plain_round"},
    {"schock_aus": "game", "hand_aus_beats": False},
    {"schock_aus": "worth", "schock_aus_deckel": 5},
    {"opening": "worst_opens", "einwuerfeln": True},
    {"opening": "high_die", "covered": "last_throw"},
    {"opening": "first_seat", "tiebreak": "throw_off"},
    {"opening": "low_die", "einwuerfeln": True},
    {"tiebreak": "throw_off", "opening": "lowest_takes"},
    {"tiebreak": "no_deckel", "covered": "last_throw"},
    {"deckel_owed": "sum", "tiebreak": "throw_off", "jule": True},
    {"sixes_turn": "first_throw", "covered": "last_throw"},
    {"einwuerfeln_form": "at_risk", "tiebreak": "throw_off"},
]
"""House rules from other pubs (``rules``' regional options), for pub mode to referee."""


@pytest.mark.parametrize("overrides", REGIONAL)
def test_bot_games_under_regional_rules_entered_in_pub_mode_are_the_same_games(
    overrides: dict[str, object],
) -> None:
    rules = PRESETS["schock4life"].with_overrides(
        {"deckel_per_half": 5, "deckel_in_finale": 4, **overrides}
    )
    for seed in range(12):
        n = 3 + seed % 3
        bots = [RandomBot(seed * 10 + i, buy_in=0.6) for i in range(n)]
        game = play_game(Game(rules, seat_names(n), RandomDice(seed)), bots)
        pub = entered_as_pub(game, turned=seed % 2 == 1)
        assert [e for e in pub.game.events if isinstance(e, REFEREED)] == [
            e for e in game.events if isinstance(e, REFEREED)
        ]
        assert replay(parse_record(pub.record().to_json())).events == pub.game.events


# ---------------------------------------------------------------------- made-up throws


@pytest.mark.parametrize(
    ("entry", "limit", "steps"),
    [
        ("6-5-4", 3, ["throw 6-5-4", "stop"]),
        ("6-5-4", 1, ["throw 6-5-4"]),
        ("6-5-4 3 h", 3, ["throw 5-3-2", "throw 5-3-2", "throw 6-5-4"]),
        ("5-3-2 2 h", 3, ["throw 6-4-2", "throw 5-3-2", "stop"]),
        ("4-1-1 2", 3, ["throw 1-1-2", "throw keep 1-1 4", "stop"]),
        ("6-4-2 2", 2, ["throw 6-4-3", "throw keep 6-4 2"]),
        ("6-6-1 2 t", 3, ["throw 6-6-2", "turn", "throw keep 1 6-6", "stop"]),
        ("5-1-1 3 tt", 3, ["throw 5-3-2", "throw 6-6-6", "turn", "throw keep 1-1 5"]),
    ],
)
def test_the_throws_before_the_entered_one_are_made_up(
    entry: str, limit: int, steps: list[str]
) -> None:
    shown = [
        f"{s.action} {'-'.join(map(str, s.pips))}".strip()
        for s in plan_turn(parse_turn(entry), limit)
    ]
    assert shown == steps


@pytest.mark.parametrize(
    ("entry", "set_aside", "steps"),
    [
        ("6-5-1 2", SetAside.ONES, ["throw 1-2-2", "throw keep 1 6-5", "stop"]),
        ("6-5-2 2", SetAside.ONES_AND_SIXES, ["throw 6-2-3", "throw keep 6 5-2", "stop"]),
        ("4-1-1 2", SetAside.ONES, ["throw 1-1-2", "throw keep 1-1 4", "stop"]),
    ],
)
def test_made_up_throws_keep_only_dice_the_rules_let_be_set_aside(
    entry: str, set_aside: SetAside, steps: list[str]
) -> None:
    shown = [
        f"{s.action} {'-'.join(map(str, s.pips))}".strip()
        for s in plan_turn(parse_turn(entry), 3, set_aside)
    ]
    assert shown == steps


def test_a_turn_with_no_die_that_may_be_set_aside_was_thrown_in_one_throw() -> None:
    rules = find_preset("allgemein").with_overrides({"set_aside": "ones"})  # Straße: one throw
    pub = PubGame(rules, NAMES)
    pub.enter(parse_turn("6-5-4 2"))  # nothing could be set aside: all three in the last throw
    assert pub.entries[-1] == TurnEntry((6, 5, 4), 2, True, seat=0)
    with pytest.raises(PubEntryError, match=r"6-5-4 cannot have been assembled.*only 1s may be"):
        pub.enter(parse_turn("6-5-4 2 a"))
    pub.enter(parse_turn("6-5-1 2"))  # the 1 was set aside: assembled, and legal
    turns = [e for e in pub.game.events if isinstance(e, TurnEnded)]
    assert turns[0].result is not None and turns[0].result.name == "Straße 6-5-4"
    assert turns[1].aside == (1,)


def test_a_jule_is_entered_by_its_dice_or_its_name() -> None:
    rules = find_preset("tsv99").with_overrides({"jule": True, "opening": "plain_round"})
    pub = PubGame(rules, NAMES)
    pub.enter(parse_turn("4-2-1 2"))
    pub.enter(parse_turn("r schock 6 2"))
    lines = pub.explain(pub.enter(parse_turn("r jule 2")), "en")
    assert "Cem: Jule (2 throws)." in lines
    ended = [e for e in pub.game.events if isinstance(e, RoundEnded)][-1]
    assert [r.name for _, r in ended.results] == ["Jule", "Schock 6", "Jule"]
    assert ended.worst == 1  # a Jule ranks above every Schock (the opening round: no Deckel)
    play(pub, ["r jule", "6-5-3", "6-6-4"])  # Anna opens; her Jule is worth 7 Deckel
    moved = [e for e in pub.game.events if isinstance(e, DeckelMoved)][-1]
    assert (moved.giver, moved.receiver, moved.amount) == (None, 1, 7)
    without = PubGame(find_preset("tsv99"), NAMES)
    with pytest.raises(PubEntryError, match="Jule in one throw after 1 throw counts as 421"):
        without.enter(parse_turn("r jule"))
    assert without.entries == ()


@pytest.mark.parametrize(
    ("entry", "steps"),
    [
        ("6-6-1 2 t", ["throw 6-6-2", "turn", "throw keep 1 6-6", "stop"]),
        ("4-1-1 3 t", ["throw 6-6-2", "turn", "throw keep 1 2-2", "throw keep 1 4-1"]),
        ("5-1-1 3 tt", ["throw 6-6-6", "turn", "throw keep 1-1 2", "throw keep 1-1 5"]),
        ("6-5-4 3 h", ["throw 5-3-2", "throw 5-3-2", "throw 6-5-4"]),
    ],
)
def test_made_up_sixes_come_first_where_only_the_first_throw_turns(
    entry: str, steps: list[str]
) -> None:
    first = SixesTurn.FIRST_THROW
    shown = [
        f"{s.action} {'-'.join(map(str, s.pips))}".strip()
        for s in plan_turn(parse_turn(entry), 3, SetAside.ANY, first)
    ]
    assert shown == steps


@pytest.mark.parametrize("preset", ["tsv99", "schock4life"])
def test_turned_sixes_in_three_throws_where_only_the_first_throw_turns(preset: str) -> None:
    rules = find_preset(preset).with_overrides(
        {"opening": "plain_round", "sixes_turn": "first_throw"}
    )
    pub = PubGame(rules, NAMES)
    pub.enter_turn((4, 1, 1), 3, turned=1)
    assert [str(a) for _, a, _ in pub.game.steps] == [
        "throw",
        "turn",
        "throw keep 1",
        "throw keep 1",
    ]
    turn = [e for e in pub.game.events if isinstance(e, TurnEnded)][-1]
    assert turn.result is not None and turn.result.name == "Schock 4" and turn.throws == 3


def test_turned_sixes_are_refused_where_the_rules_never_turn_them() -> None:
    pub = PubGame(find_preset("tsv99").with_overrides({"sixes_turn": "never"}), NAMES)
    with pytest.raises(PubEntryError, match="cannot turn sixes: these rules never turn sixes"):
        pub.enter(parse_turn("6-6-1 2 t"))
    assert pub.entries == () and pub.game.steps == []


@pytest.mark.parametrize("preset", ["tsv99", "schock4life"])
def test_turned_sixes_are_played_as_the_rules_want_them(preset: str) -> None:
    # schock4life: all other dice go back into the cup after turning, nothing put back.
    pub = PubGame(find_preset(preset).with_overrides({"opening": "plain_round"}), NAMES)
    pub.enter_turn((6, 6, 1), 2, turned=1)
    turn = [e for e in pub.game.events if isinstance(e, TurnEnded)][-1]
    assert turn.result is not None and turn.result.name == "661" and turn.aside == (1,)
    pub.enter_turn((1, 1, 4), 2, turned=2)
    turn = [e for e in pub.game.events if isinstance(e, TurnEnded)][-1]
    assert turn.result is not None and turn.result.name == "Schock 4" and turn.aside == (1, 1)


def test_one_throw_decides_straße_general_and_hand_aus() -> None:
    pub = PubGame(find_preset("allgemein"), NAMES)  # Straße and General only in one throw
    pub.enter_turn((4, 5, 6), 2)  # assembled: the plain 654
    pub.enter_turn((4, 5, 6), 2, hand=True)  # all three in the last throw: a Straße
    pub.enter_result("General 3", 2)  # by name: in one throw, else it would be no General
    results = [e.result.name for e in pub.game.events if isinstance(e, TurnEnded) and e.result]
    assert results[-2:] == ["Straße 6-5-4", "General 3"]  # Anna's 654 is covered no more
    knobel = PubGame(find_preset("knobelrunde"), NAMES)  # a Hand-Aus beats an assembled one
    knobel.enter_result("Schock-Aus", 2)
    knobel.enter_result("Hand-Aus", 2)
    knobel.enter_turn((1, 1, 1), 1)
    ended = [e for e in knobel.game.events if isinstance(e, RoundEnded)][-1]
    assert [r.name for _, r in ended.results] == ["Schock-Aus", "Hand-Aus", "Hand-Aus"]
    assert ended.best == 1 and ended.worst == 0


def test_a_covered_turn_is_not_told_until_the_reveal() -> None:
    pub = PubGame(find_preset("allgemein"), NAMES)  # a third throw stays covered
    told = pub.explain(pub.enter_turn((6, 5, 2), 3, covered=True), "en")
    assert told == ["Anna: entered; the cup stays covered until the reveal."]
    assert pub.state().turns == ((0, 3, None, None),)
    told = pub.explain(pub.enter_turn((4, 4, 1), 2, covered=False), "de")
    assert told == ["Ben: 4-4-1 (2 Würfe)."]
    told = pub.explain(pub.enter_turn((3, 2, 1), 3, covered=True), "en")
    assert told[:2] == [
        "Cem: 3-2-1 (3 throws).",
        "Opening round (for no Deckel): Anna: 6-5-2, Ben: 4-4-1, Cem: 3-2-1.",
    ]


def dice_forms(dice: Sequence[int]) -> set[str]:
    """Every way a text or JSON could carry these dice: in any order, as 5-1-1, 511 within a
    word, a JSON list."""
    forms: set[str] = set()
    for order in itertools.permutations(dice):
        pips = [str(p) for p in order]
        forms |= {"-".join(pips), ", ".join(pips), ",".join(pips), f"{''.join(pips)} "}
    return forms


def tells(text: str, dice: Sequence[int], name: str) -> bool:
    """Whether ``text`` carries these dice or their result's ``name``."""
    return name in text or any(form in text for form in dice_forms(dice))


def everything_said(pub: PubGame, events: Sequence[Event]) -> str:
    """All that pub mode tells of the game now, in both languages: what the entry did, the
    last entry, the log, the prompt, the standing and the state."""
    told = [json.dumps(pub.state().to_data())]
    for lang in ("en", "de"):
        told += pub.explain(events, lang)
        told += [pub.last_said(lang) or "", pub.prompt(lang), pub.standing(lang)]
        told += [line for lines in pub.log(lang) for line in lines]
    return "\n".join(told)


def test_a_covered_cup_is_said_as_covered_everywhere_until_the_reveal() -> None:
    pub = PubGame(find_preset("allgemein"), NAMES)  # a third throw stays covered
    events = pub.enter_turn((1, 5, 1), 3)  # a Schock 5, covered by the rules
    assert pub.covered_entries() == {0}
    assert pub.last_said("en") == "Anna: covered, 3 throws"
    assert pub.last_said("de") == "Anna: verdeckt, 3 Würfe"
    assert not tells(everything_said(pub, events), (5, 1, 1), "Schock 5")
    events = pub.enter_turn((4, 4, 1), 2)
    assert pub.last_said("en") == "Ben: 4-4-1 2" and pub.covered_entries() == {0}
    assert not tells(everything_said(pub, events), (5, 1, 1), "Schock 5")
    assert pub.undo_said(2, "en") == "Undone: Anna: covered, 3 throws; Ben: 4-4-1 2."
    play(pub, ["1-5-1 3", "4-4-1 2"])
    assert pub.undo_said(1, "de") == "Zurückgenommen: Ben: 4-4-1 2."
    events = pub.enter_turn((4, 4, 1), 2)
    assert not tells(everything_said(pub, events), (5, 1, 1), "Schock 5")
    # Cem's third throw is covered too, and reveals the round: now the dice may be told
    events = pub.enter_turn((3, 2, 2), 3)
    assert pub.covered_entries() == set()
    assert "Opening round (for no Deckel): Anna: Schock 5, Ben: 4-4-1, Cem: 3-2-2." in pub.explain(
        events, "en"
    )
    assert pub.last_said("en") == "Cem: 3-2-2 3"
    # undoing the reveal says the dice the reveal showed; the round is covered again
    assert pub.undo_said(1, "en") == "Undone: Cem: 3-2-2 3."
    assert pub.covered_entries() == {0}
    assert pub.undo_said(2, "en") == "Undone: Anna: covered, 3 throws; Ben: 4-4-1 2."
    assert pub.last_said("en") is None and pub.covered_entries() == set()


def test_a_blind_round_is_said_as_covered_until_the_reveal() -> None:
    rules = find_preset("tsv99").with_overrides({"blind": True})
    pub = PubGame(rules, NAMES)
    play(pub, ["6-4-1", "5-2-2", "5-3-2"])  # Anna's 641 is best: she opens round 2
    events = pub.enter(parse_turn("1-4-1 b"))  # blind: a Schock 4 nobody has seen
    assert pub.last_said("en") == "Anna: opened blind, covered"
    assert pub.last_said("de") == "Anna: blind eröffnet, verdeckt"
    events += pub.enter_turn((3, 6, 6))
    assert pub.last_said("en") == "Ben: covered, 1 throw"
    assert pub.covered_entries() == {3, 4}
    told = everything_said(pub, events)
    assert not tells(told, (4, 1, 1), "Schock 4") and not tells(told, (6, 6, 3), "663")
    assert pub.undo_said(2, "en") == "Undone: Anna: opened blind, covered; Ben: covered, 1 throw."
    play(pub, ["1-4-1 b", "3-6-6"])
    revealed = pub.explain(pub.enter_turn((2, 2, 1)), "en")
    assert "Round 2: Anna: Schock 4, Ben: 6-6-3, Cem: 2-2-1." in revealed
    assert pub.covered_entries() == set()


# ---------------------------------------------------------------------- Einwürfeln and opening


def test_the_opening_throw_the_stechen_and_covered_cups_of_schock4life() -> None:
    pub = PubGame(find_preset("schock4life"), NAMES)
    assert pub.prompt("en") == "Opening throw: Anna throws once."
    play(pub, ["4-3-1", "4-3-1", "6-5-3"])  # Anna and Ben tie for the lowest
    assert pub.prompt("en") == "Stechen: Anna throws once."
    told = pub.explain(play(pub, ["5-5-2", "5-3-2"]), "en")
    assert "Ben threw lowest and takes 1 Deckel; Ben opens." in told  # 6-5-3 is worth 1
    assert pub.state().deckel == (0, 1, 0)
    assert pub.prompt("en") == "Round 3: Ben opens, up to 3 throws."
    # the last throw stays covered: the opener's third, then the limit's (here 2)
    pub.enter_turn((6, 5, 2), 2, covered=False)
    assert pub.prompt("en") == "Round 3: Cem, up to 2 throws (opened by Ben)."
    pub.enter_turn((4, 4, 1), 2, covered=True)
    assert pub.state().turns == ((1, 2, (6, 5, 2), "652"), (2, 2, None, None))
    told = pub.explain(pub.enter_turn((2, 2, 1)), "en")
    assert "Round 3: Ben: 6-5-2, Cem: 4-4-1, Anna: 2-2-1." in told
    assert "Anna takes 1 Deckel from the middle." in told


def test_one_die_each_is_entered_as_one_die() -> None:
    # REGIONAL.md row 8 (a) and (e): the scorer enters one die per player in the opening.
    pub = PubGame(find_preset("tsv99").with_overrides({"opening": "high_die"}), NAMES)
    assert pub.prompt("en") == "One die each: Anna throws one die."
    assert pub.prompt("de") == "Jeder einen Würfel: Anna wirft einen Würfel."
    with pytest.raises(PubEntryError, match=r"one die of 1 to 6 pips, not \(6, 6, 1\)"):
        pub.enter(parse_turn("661"))
    with pytest.raises(PubEntryError, match="everyone throws one die once in the opening"):
        pub.enter(parse_turn("5 2"))
    told = pub.explain(play(pub, ["5", "3", "5"]), "en")
    assert told[-1] == "Anna and Cem tie for the highest die and throw again."
    assert pub.state().turns == () and pub.state().order == (0, 2)
    assert pub.prompt("en") == "One die each: Anna throws one die."
    told = pub.explain(play(pub, ["2", "6"]), "en")
    assert told[:2] == ["Anna: 2 (1 throw).", "Cem: 6 (1 throw)."]
    assert told[-1] == "Cem threw the highest die (6) and opens round 3."
    assert pub.prompt("en") == "Round 3: Cem opens, up to 3 throws."
    with pytest.raises(PubEntryError, match=r"three dice of 1 to 6 pips, not \(5,\)"):
        pub.enter(parse_turn("5"))
    assert pub.undo(1)[0] == TurnEntry((6,), 1, seat=2)
    assert pub.state().round_kind is RoundKind.OPENING_DIE
    low = PubGame(pub.rules.with_overrides({"opening": "low_die"}), NAMES)
    told = low.explain(play(low, ["5", "3", "5"]), "de")
    assert told[-1] == "Ben warf den niedrigsten Würfel (3) und eröffnet Runde 2."
    again = PubGame.from_record(parse_record(low.record().to_json()))
    assert again.state() == low.state()


def test_einwuerfeln_is_answered_and_can_be_undone() -> None:
    rules = find_preset("schock4life").with_overrides({"deckel_per_half": 4})
    pub = PubGame(rules, NAMES)
    play(pub, ["6-5-3", "6-4-2", "3-2-2"])  # opening throw: Cem lowest, takes 1 (6-5-3 is 1)
    play(pub, ["6-5-2", "6-5-1", "6-4-1"])  # Cem, Anna, Ben: Ben worst, 1
    play(pub, ["6-6-5", "4-2-2", "6-4-1"])  # Ben opens; Cem worst, 1; 1 left
    play(pub, ["6-5-2", "6-5-4", "r schock 2"])  # Cem opens; Schock 2 by Ben: Cem takes 1
    state = pub.state()
    assert state.middle == 0 and state.deckel == (0, 1, 3)
    assert state.ask == "buy_in" and state.seat == 0
    assert pub.prompt("en") == (
        "Anna is out: does Anna buy back in (Einwürfeln) before this round?"
    )
    with pytest.raises(PubEntryError, match="first say whether Anna, who is out, buys back in"):
        pub.enter_turn((6, 5, 4))
    with pytest.raises(PubEntryError, match="the question is whether Anna buys back in, not Ben"):
        pub.answer_buy_in(1, True)
    told = pub.explain(pub.answer_buy_in(0, True), "en")
    assert told == [
        "Anna buys back in (Einwürfeln) and takes a Deckel from Ben and Cem.",
        "Ben gives Anna 1 Deckel.",
        "Cem gives Anna 1 Deckel.",
    ]
    assert pub.state().deckel == (2, 0, 2)
    # Cem, the last round's loser, opens; Ben, left with none, still plays this round
    assert pub.state().order == (2, 0, 1)
    undone = pub.undo()
    assert undone == (BuyInEntry(0, True),)
    assert pub.state().ask == "buy_in" and pub.state().deckel == (0, 1, 3)
    pub.answer_buy_in(0, False)
    assert pub.state().ask == "turn" and pub.state().order == (2, 1)
    with pytest.raises(PubEntryError, match="nobody is asked about buying back in now"):
        pub.answer_buy_in(0, True)


def test_einwuerfeln_at_risk_the_engine_decides_who_gives() -> None:
    rules = find_preset("schock4life").with_overrides(
        {"deckel_per_half": 4, "einwuerfeln_form": "at_risk"}
    )
    pub = PubGame(rules, NAMES)
    play(pub, ["6-5-3", "6-4-2", "3-2-2"])  # opening throw: Cem lowest, takes 1 (6-5-3 is 1)
    play(pub, ["6-5-2", "6-5-1", "6-4-1"])  # Cem, Anna, Ben: Ben worst, 1
    play(pub, ["6-6-5", "4-2-2", "6-4-1"])  # Ben opens; Cem worst, 1; 1 left
    play(pub, ["6-5-2", "6-5-4", "r schock 2"])  # Cem opens; Schock 2 by Ben: Cem takes 1
    assert pub.state().deckel == (0, 1, 3) and pub.state().ask == "buy_in"
    told = pub.explain(pub.answer_buy_in(0, True), "de")
    assert told == [
        "Anna würfelt sich auf Risiko ein: nimmt keinen Deckel und ist nach dieser Runde wieder "
        "raus, außer wenn er sie verliert."
    ]
    assert pub.state().deckel == (0, 1, 3) and pub.state().order == (2, 0, 1)
    # Anna throws the best result but holds nothing: Ben, best among the holders, gives Cem
    told = pub.explain(play(pub, ["6-5-2", "6-1-1", "6-5-4"]), "en")
    assert "Ben gives Cem 1 Deckel." in told  # all he holds: Cem holds all 4 and lost the half
    assert pub.state().half_losers == (2,)


# ---------------------------------------------------------------------- undo


def test_undo_takes_back_entries_as_if_they_had_never_been_made() -> None:
    pub, _ = whole_game()
    for count in (1, 3, 4):
        before = PubGame.from_data({**pub.to_data(), "entries": pub.to_data()["entries"][:-count]})
        undone = pub.undo(count)
        assert len(undone) == count
        assert pub.game.events == before.game.events
        assert pub.state() == before.state()
        assert pub.record().to_json() == before.record().to_json()
    assert pub.describe(undone[0], "en") == "Anna: 6-5-4 3 h"


def test_undo_of_more_entries_than_there_are_is_refused() -> None:
    pub = PubGame(find_preset("tsv99"), NAMES)
    with pytest.raises(PubEntryError, match="cannot take back 1 entries: there are 0 so far"):
        pub.undo()
    pub.enter_turn((6, 5, 4))
    with pytest.raises(PubEntryError, match="undo takes back 1 or more entries, not 0"):
        pub.undo(0)
    with pytest.raises(PubEntryError, match="there is 1 so far"):
        pub.undo(2)
    assert len(pub.entries) == 1


# ---------------------------------------------------------------------- refusals


def snapshot(pub: PubGame) -> tuple[Any, ...]:
    return (
        list(pub.game.events),
        list(pub.game.steps),
        pub.entries,
        pub.state(),
        pub.record().to_json(),
    )


Bad = Callable[[PubGame], object]

REFUSED: list[tuple[str, list[str], Bad, str]] = [
    (
        "tsv99",
        ["6-5-4 1"],
        lambda p: p.enter_turn((6, 6, 5), 2),
        "Ben may throw at most once in this round: Anna opened it with 1 throw",
    ),
    ("tsv99", ["6-5-4 1"], lambda p: p.enter_turn((6, 5, 4), 3, hand=True), "at most once"),
    (
        "tsv99",
        [],
        lambda p: p.enter_turn((6, 5, 4), 1, hand=False),
        "a turn of one throw shows all three dice",
    ),
    (
        "tsv99",
        [],
        lambda p: p.enter_turn((6, 1, 1), 1, turned=1),
        "cannot have turned sixes in a turn of one throw",
    ),
    ("tsv99", [], lambda p: p.enter_turn((6, 5, 1), 2, turned=2), "6-5-1 has 1 one, not 2 turned"),
    ("tsv99", [], lambda p: p.enter_turn((6, 5, 4), 2, turned=1), "6-5-4 has no ones"),
    (
        "tsv99",
        [],
        lambda p: p.enter_turn((4, 1, 1), 2, turned=1, hand=True),
        "a turned six stays out of the cup",
    ),
    (
        "tsv99",
        [],
        lambda p: p.enter_turn((1, 1, 1), 3, turned=3),
        "0, 1 or 2 of the dice can be turned sixes",
    ),
    (
        "schock4life",
        [],
        lambda p: p.enter_turn((6, 1, 1), 2, turned=1),
        "everyone throws once in the opening throw",
    ),
    ("tsv99", [], lambda p: p.enter_turn((6, 5, 4), seat=1), "it is Anna's turn, not Ben's"),
    ("tsv99", [], lambda p: p.enter_turn((6, 5, 4), seat=7), "it is Anna's turn, not seat 7's"),
    (
        "tsv99",
        [],
        lambda p: p.enter_turn((7, 1, 1)),
        "three dice of 1 to 6 pips, not \\(7, 1, 1\\)",
    ),
    ("tsv99", [], lambda p: p.enter_turn((6, 6)), "three dice of 1 to 6 pips"),
    ("tsv99", [], lambda p: p.enter_turn((6, 5, 4), 4), "a turn has 1 to 3 throws, not 4"),
    ("tsv99", [], lambda p: p.enter_turn((6, 5, 4), 0), "a turn has 1 to 3 throws, not 0"),
    (
        "allgemein",
        [],
        lambda p: p.enter_turn((6, 5, 4), 2, covered=True),
        "Anna's cup cannot have been covered after 2 throws with 3 allowed under these rules: "
        "a third throw stays covered",
    ),
    (
        "allgemein",
        [],
        lambda p: p.enter_turn((6, 5, 4), 3, covered=False),
        "cannot have been shown after 3 throws",
    ),
    ("tsv99", [], lambda p: p.enter_turn((6, 5, 4), covered=True), "cannot have been covered"),
    ("tsv99", [], lambda p: p.enter_result("Kniffel"), "not a result: 'Kniffel'"),
    (
        "tsv99",
        [],
        lambda p: p.enter(parse_turn("r hand-aus 2 a")),
        "a Hand-Aus shows 1-1-1 in one throw",
    ),
    (
        "allgemein",
        [],
        lambda p: p.enter(parse_turn("r straße 6 2 a")),
        "Straße 6-5-4 assembled after 2 throws counts as 654",
    ),
    (
        "tsv99",
        [],
        lambda p: p.answer_buy_in(0, True),
        "nobody is asked about buying back in now: it is Anna's turn",
    ),
    ("tsv99", [], lambda p: p.enter("6-5-4"), "not an entry"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("preset", "before", "bad", "message"), REFUSED)
def test_an_impossible_entry_is_refused_and_changes_nothing(
    preset: str, before: list[str], bad: Bad, message: str
) -> None:
    pub = PubGame(find_preset(preset), NAMES)
    play(pub, before)
    was = snapshot(pub)
    with pytest.raises(PubEntryError, match=message):
        bad(pub)
    assert snapshot(pub) == was
    play(pub, ["5-5-4 1"])  # and the game goes on
    assert len(pub.entries) == len(before) + 1


# ---------------------------------------------------------------------- text forms and data


def test_turns_have_a_short_text_form() -> None:
    assert parse_turn("661") == TurnEntry((6, 6, 1))
    assert parse_turn(" 6-6-1  2 t ") == TurnEntry((6, 6, 1), 2, turned=1)
    assert parse_turn("1-1-5 3 tt c") == TurnEntry((1, 1, 5), 3, turned=2, covered=True)
    assert parse_turn("654 2 h o") == TurnEntry((6, 5, 4), 2, hand=True, covered=False)
    assert parse_turn("r schock-aus 2").result == "Schock-Aus"
    assert parse_turn("r straße 6-5-4 2") == TurnEntry((6, 5, 4), 2, result="Straße 6-5-4")
    for text in ("6-6-1 2 t", "5-4-3 2 h c", "r Schock 4 2", "r General 5 1"):
        assert str(parse_turn(text)) == text
    for bad, why in [
        ("", "enter the dice"),
        ("6-6", "three dice are written like 6-6-1"),
        ("6-6-1 2 x", "unknown mark 'x'"),
        ("r kniffel", "not a result: 'kniffel'"),
    ]:
        with pytest.raises(PubEntryError, match=why):
            parse_turn(bad)


@pytest.mark.parametrize(
    ("text", "dice", "kind"),
    [
        ("Schock-Aus", (1, 1, 1), ResultKind.SCHOCK_AUS),
        ("aus", (1, 1, 1), ResultKind.SCHOCK_AUS),
        ("Hand-Aus", (1, 1, 1), ResultKind.SCHOCK_AUS),
        ("jule", (4, 2, 1), ResultKind.JULE),
        ("Schock 6", (6, 1, 1), ResultKind.SCHOCK),
        ("general 2", (2, 2, 2), ResultKind.GENERAL),
        ("Straße 3", (3, 2, 1), ResultKind.STRASSE),
        ("strasse 4-5-6", (6, 5, 4), ResultKind.STRASSE),
    ],
)
def test_results_by_name(text: str, dice: tuple[int, ...], kind: ResultKind) -> None:
    named = parse_result(text)
    assert (named.dice, named.kind) == (dice, kind)


@pytest.mark.parametrize(
    "text", ["Schock 1", "Schock 7", "General 1", "Straße 2", "Straße 6-4-3", ""]
)
def test_no_result_by_a_wrong_name(text: str) -> None:
    with pytest.raises(PubEntryError, match="results by name are Schock-Aus, Hand-Aus"):
        parse_result(text)


def test_entries_from_data_are_checked() -> None:
    assert entry_from_data({"kind": "turn", "dice": [6, 6, 1], "throws": 2, "turned": 1}) == (
        TurnEntry((6, 6, 1), 2, turned=1)
    )
    named = entry_from_data({"kind": "turn", "result": "Schock 3"})
    assert isinstance(named, TurnEntry) and named.dice == (3, 1, 1)
    assert entry_from_data({"kind": "buy_in", "seat": 2, "buys_in": False}) == BuyInEntry(2, False)
    for bad, why in [
        ([], "an entry is an object"),
        ({"kind": "throw"}, "'kind' is 'turn' or 'buy_in'"),
        ({"kind": "turn", "dice": [6, 6, 1], "pips": [1]}, "no field\\(s\\) pips"),
        ({"kind": "turn", "dice": "661"}, "'dice' is a list of three pips"),
        ({"kind": "turn", "dice": [6, 6, 1], "throws": "2"}, "'throws' is a whole number"),
        ({"kind": "turn", "dice": [6, 6, 1], "hand": 1}, "'hand' is true, false or absent"),
        ({"kind": "buy_in", "seat": 1}, "a buy_in entry has a 'seat' and 'buys_in'"),
        ({"kind": "buy_in", "seat": True, "buys_in": True}, "'seat' is a seat number"),
    ]:
        with pytest.raises(PubEntryError, match=why):
            entry_from_data(bad)


def test_stakes_and_players_are_checked() -> None:
    with pytest.raises(PubEntryError, match="game_stake is one line of at most 100"):
        PubGame(find_preset("tsv99"), NAMES, game_stake="x" * 101)
    with pytest.raises(ValueError, match="names must differ"):
        PubGame(find_preset("tsv99"), ["Anna", "anna"])
    with pytest.raises(PubEntryError, match="unknown preset 'kneipe'"):
        PubGame.from_data({"rules": {"preset": "kneipe"}, "players": NAMES})
    with pytest.raises(PubEntryError, match=r"the players cannot play: .*names must differ"):
        PubGame.from_data({"rules": {"preset": "tsv99"}, "players": ["Anna", "ANNA"]})
    with pytest.raises(PubEntryError, match="a pub game has no field\\(s\\) seed"):
        PubGame.from_data({"rules": {"preset": "tsv99"}, "players": NAMES, "seed": 1})


# ---------------------------------------------------------------------- schocken pub


def run_pub(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: Sequence[str],
    *args: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = main(["pub", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_schocken_pub_plays_a_whole_game_from_piped_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "pub.json"
    house = tmp_path / "house.toml"
    house.write_text('preset = "tsv99"\ndeckel_per_half = 3\ndeckel_in_finale = 2\n')
    lines = [*WHOLE_GAME[:4], "7-7-7", "6-6-1 2", "u", "?", "s", *WHOLE_GAME[3:]]
    code, out, err = run_pub(
        monkeypatch,
        capsys,
        lines,
        "--players",
        "Anna,Ben,Cem",
        "--rules",
        str(house),
        "--lang",
        "en",
        "--save",
        str(path),
        "--stake",
        "a round of Kurze",
    )
    assert code == 0, err
    assert "Pub mode: Anna, Ben, Cem; rules tsv99. Type ? for help." in out
    assert "Round 1 (opening round): Anna opens, up to 3 throws." in out
    assert "Round 2: Anna, one throw (opened by Cem)." in out
    assert "Not entered: three dice are written like 6-6-1 or 661, not '7-7-7'" in out
    assert "Not entered: Anna may throw at most once in this round" in out
    assert "Undone: Cem: 6-6-5 1." in out
    assert "Marks after the throws: h all three dice" in out
    assert "First half (Hinrunde): middle 13; nobody holds Deckel." not in out
    assert "First half (Hinrunde): middle 3; nobody holds Deckel." in out
    assert "  Cem ties with Ben and threw later: later is worse." in out
    assert "  Ben owes a round of Kurze." in out
    assert f"Saved to {path}." in out
    record = parse_record(path.read_text(encoding="utf-8"))
    assert replay(record).events == whole_game()[0].game.events


def test_schocken_pub_saves_when_the_input_ends_and_resumes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "pub.json"
    args = ("--lang", "de", "--save", str(path))
    code, out, _ = run_pub(monkeypatch, capsys, WHOLE_GAME[:5], "--players", "Anna,Ben,Cem", *args)
    assert code == 0
    assert "Die Eingabe endete vor dem Spiel." in out
    assert "Runde 2: Anna, ein Wurf (eröffnet von Cem)." in out
    saved = parse_record(path.read_text(encoding="utf-8"))
    assert saved.outcome is not None and saved.outcome["finished"] is False
    code, out, _ = run_pub(monkeypatch, capsys, ["q"], "--resume", str(path), "--lang", "de")
    assert code == 0 and "Runde 2: Ben, ein Wurf (eröffnet von Cem)." in out
    assert parse_record(path.read_text(encoding="utf-8")).steps == saved.steps


def test_schocken_pub_says_a_covered_cup_as_covered_until_the_reveal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = ["1-5-1 3", "u", "1-5-1 3", "4-4-1 2", "s", "3-2-2 3", "q"]
    args = ("--rules", "allgemein", "--lang", "en", "--save", str(tmp_path / "pub.json"))
    code, out, err = run_pub(monkeypatch, capsys, lines, "--players", "Anna,Ben,Cem", *args)
    assert code == 0, err
    before, reveal, after = out.partition("Opening round (for no Deckel):")
    assert reveal, out
    assert not tells(before, (5, 1, 1), "Schock 5")
    assert "Undone: Anna: covered, 3 throws." in before
    assert "Anna: Schock 5, Ben: 4-4-1, Cem: 3-2-2." in after


def test_schocken_pub_takes_one_die_each_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "tsv99"\nopening = "low_die"\n')
    path = tmp_path / "pub.json"
    lines = ["4", "4", "6-6-1", "6", "2", "1"]
    args = ("--rules", str(house), "--lang", "en", "--save", str(path))
    code, out, err = run_pub(monkeypatch, capsys, lines, "--players", "Anna,Ben,Cem", *args)
    assert code == 0, err
    assert "One die each: Anna throws one die." in out
    assert "Anna and Ben tie for the lowest die and throw again (Stechen)." in out
    assert "Not entered: in the opening each throws one die of 1 to 6 pips" in out
    assert "Ben threw the lowest die (1) and opens round 3." in out
    assert "Round 3: Ben opens, up to 3 throws." in out
    saved = parse_record(path.read_text(encoding="utf-8"))
    assert [len(step.pips) for step in saved.steps] == [1] * 5


def test_schocken_pub_refuses_bad_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_pub(monkeypatch, capsys, [], "--save", str(tmp_path / "x.json"))
    assert code == 2 and "name the players" in err
    code, _, err = run_pub(monkeypatch, capsys, [], "--players", "Anna,anna")
    assert code == 2 and "names must differ" in err
    code, _, err = run_pub(
        monkeypatch, capsys, [], "--players", "Anna,Ben", "--save", str(tmp_path / "no" / "x.json")
    )
    assert code == 2 and "cannot save to" in err
    bad = tmp_path / "bad.json"
    bad.write_text(whole_game()[0].record().to_json().replace('"pub"', '"kneipe"'))
    code, _, err = run_pub(monkeypatch, capsys, [], "--resume", str(bad))
    assert code == 2 and "the record has no pub entries" in err


def test_schocken_pub_reads_a_real_pipe(tmp_path: Path) -> None:
    path = tmp_path / "pipe.json"
    done = subprocess.run(
        [sys.executable, "-m", "schocken.cli", "pub", "--players", "Anna,Ben", "--save", str(path)],
        input="6-5-4\n5-5-2\n",
        env={**os.environ, "LANG": "en_GB.UTF-8", "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Anna has the best result (Strasse 6-5-4) and opens round 2." in done.stdout
    assert replay(parse_record(path.read_text(encoding="utf-8"))).round_count == 2


def test_erster_hoch_in_pub_mode_one_throw_in_the_first_round() -> None:
    rules = find_preset("tsv99").with_overrides({"first_round_one_throw": "halves"})
    pub = PubGame(rules, ["Anna", "Ben"])
    pub.enter_turn((4, 1, 1), 2)  # the opening round: Anna opens with two throws
    pub.enter_turn((6, 5, 2), 1)
    assert pub.prompt("en") == (
        "Round 2: Anna, one throw: the first round is played with one throw (Erster Hoch)."
    )
    assert pub.prompt("de").endswith(
        "ein Wurf: die erste Runde wird mit einem Wurf gespielt (Erster Hoch)."
    )
    with pytest.raises(
        PubEntryError,
        match="Anna may throw at most once in this round: the "
        "first round of the half or Finale has one throw",
    ):
        pub.enter_turn((6, 5, 4), 2)
    pub.enter_turn((6, 5, 4), 1)
    assert pub.prompt("en") == "Round 2: Ben, one throw (opened by Anna)."
    pub.enter_turn((3, 2, 2), 1)
    assert pub.prompt("en") == "Round 3: Ben opens, up to 3 throws."
    assert replay(parse_record(pub.record().to_json())).events == pub.game.events


def test_strassen_options_in_pub_mode() -> None:
    rules = find_preset("tsv99").with_overrides({"strassen": "outer", "strasse_rank": "equal"})
    pub = PubGame(rules, ["Anna", "Ben", "Cem"])
    pub.enter_turn((6, 6, 5), 1)  # the opening round, limit 1
    pub.enter_turn((6, 5, 5), 1)
    pub.enter_turn((6, 4, 4), 1)
    assert pub.prompt("en").startswith("Round 2: Anna opens")
    with pytest.raises(
        PubEntryError, match="Straße 5-4-3 in one throw after 1 throw counts as 543"
    ):
        pub.enter_result("Straße 5", 1)
    pub.enter_result("Straße 3", 1)
    pub.enter_turn((6, 5, 4), 1)
    events = pub.enter_turn((5, 4, 3), 1)  # a plain number: worst, takes 2 for a Straße
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert [r.name for _, r in ended.results] == ["Straße 3-2-1", "Straße 6-5-4", "543"]
    assert (ended.best, ended.worst, ended.deckel) == (0, 2, 2)  # equal Straßen: earlier is best
    assert replay(parse_record(pub.record().to_json())).events == pub.game.events


def test_a_nutte_is_entered_by_its_dice_or_its_name() -> None:
    rules = find_preset("tsv99").with_overrides({"nutte": True, "nutte_one_throw": True})
    pub = PubGame(rules, ["Anna", "Ben"])
    pub.enter_turn((6, 5, 4), 1)  # the opening round: Anna opens round 2
    pub.enter_turn((3, 2, 1), 1)
    pub.enter_result("Siebener", 1)
    entered = pub.game.view(None).turns[0].result
    assert entered is not None and entered.kind is ResultKind.NUTTE
    pub.undo()
    with pytest.raises(PubEntryError, match="Nutte assembled after 2 throws counts as 221"):
        pub.enter(TurnEntry((2, 2, 1), 2, False, 0, None, None, "Nutte"))
    pub.enter_turn((2, 2, 1), 2, hand=True)  # all three in the last throw: a Nutte worth 9
    events = pub.enter_turn((1, 1, 6), 2)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert [r.name for _, r in ended.results] == ["Nutte", "Schock 6"]
    assert (ended.best, ended.worst, ended.deckel) == (0, 1, 9)
    assert replay(parse_record(pub.record().to_json())).events == pub.game.events


def test_anknobeln_in_pub_mode_one_throw_while_deckel_are_in_the_middle() -> None:
    rules = find_preset("tsv99").with_overrides(
        {"one_throw_while_middle": True, "deckel_per_half": 3}
    )
    pub = PubGame(rules, ["Anna", "Ben"])
    pub.enter_turn((4, 1, 1), 2)  # the opening round, for no Deckel: Anna opens with two throws
    pub.enter_turn((6, 5, 2), 1)
    assert pub.prompt("en") == "Round 2: Anna, one throw: Deckel are in the middle (Anknobeln)."
    assert pub.prompt("de") == (
        "Runde 2: Anna, ein Wurf: es liegen noch Deckel in der Mitte (Anknobeln)."
    )
    pub.enter_turn((6, 5, 4), 1)
    assert pub.prompt("en") == "Round 2: Ben, one throw: Deckel are in the middle (Anknobeln)."
    with pytest.raises(
        PubEntryError,
        match="Ben may throw at most once in this round: while Deckel are in the middle every "
        "round has one throw",
    ):
        pub.enter_turn((3, 2, 2), 2)
    pub.enter_turn((3, 2, 2), 1)  # Ben takes 2 of the 3
    pub.enter_turn((4, 3, 2), 1)  # round 3, opened by Ben: one throw still
    pub.enter_turn((6, 3, 1), 1)  # Anna's 631 is worst: she takes the last one
    assert pub.state().middle == 0
    assert pub.prompt("en") == "Round 4: Anna opens, up to 3 throws."
    assert replay(parse_record(pub.record().to_json())).events == pub.game.events


def test_an_achter_is_entered_by_its_dice_or_its_name() -> None:
    rules = find_preset("tsv99").with_overrides({"achter": True})
    pub = PubGame(rules, ["Anna", "Ben"])
    pub.enter_turn((6, 5, 4), 1)  # the opening round: Anna opens round 2
    pub.enter_turn((3, 2, 1), 1)
    pub.enter_result("Achter", 2)  # assembled over two throws, it still counts
    entered = pub.game.view(None).turns[0].result
    assert entered is not None and entered.kind is ResultKind.ACHTER and not entered.one_throw
    events = pub.enter_turn((1, 1, 6), 2)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert [r.name for _, r in ended.results] == ["Achter", "Schock 6"]
    assert (ended.best, ended.worst, ended.deckel) == (0, 1, 8)
    assert replay(parse_record(pub.record().to_json())).events == pub.game.events
    # Without the option 3-3-1 is the plain number 331, not an Achter.
    plain = PubGame(find_preset("tsv99"), ["Anna", "Ben"])
    plain.enter_turn((6, 5, 4), 1)
    plain.enter_turn((3, 2, 1), 1)
    with pytest.raises(PubEntryError, match="Achter"):
        plain.enter_result("Achter", 1)


def test_the_scorer_marks_a_round_as_blind_and_each_turn_is_one_throw() -> None:
    rules = find_preset("tsv99").with_overrides({"blind": True, "blind_double": True})
    pub = PubGame(rules, ["Anna", "Ben", "Cem"])
    assert not pub.may_open_blind()  # the opening round is for no Deckel
    with pytest.raises(PubEntryError, match="only the opener of a round for Deckel"):
        pub.enter(parse_turn("6-4-1 1 b"))
    pub.enter_turn((6, 4, 1))
    pub.enter_turn((5, 2, 2))
    pub.enter_turn((5, 3, 2))  # Anna's 641 is best: she opens round 2
    assert pub.may_open_blind()
    with pytest.raises(PubEntryError, match="Anna opens blind with one throw, not 2"):
        pub.enter(TurnEntry((3, 3, 1), 2, blind=True))
    entry = parse_turn("331 b")
    assert entry.blind and str(entry) == "3-3-1 1 b"
    assert entry_from_data(entry.to_data()) == entry
    told = pub.explain(pub.enter(entry), "en")
    assert "Anna opens blind: one throw each, every cup stays covered until the reveal." in told
    assert "Anna: entered; the cup stays covered until the reveal." in told
    assert pub.state().limit == 1 and not pub.may_open_blind()
    with pytest.raises(PubEntryError, match="Ben may throw at most once"):
        pub.enter_turn((6, 4, 2), 2)
    pub.enter_turn((6, 4, 2))
    told = pub.explain(pub.enter_result("Schock 2"), "en")
    assert told[1:] == [
        "Round 2: Anna: 3-3-1, Ben: 6-4-2, Cem: Schock 2.",
        "Best: Cem (Schock 2); worst: Anna (3-3-1).",
        "Anna takes 4 Deckel from the middle.",
    ]
    assert pub.game.deckel[0] == 4  # Cem's Schock 2 is worth 2, doubled in a blind round
    record = pub.record()
    assert [str(s.action) for s in record.steps][4] == "blind"
    assert replay(record, check_outcome=False).deckel == pub.game.deckel
    again = PubGame.from_data(json.loads(json.dumps(pub.to_data())))
    assert again.game.deckel == pub.game.deckel and again.entries[3] == pub.entries[3]
