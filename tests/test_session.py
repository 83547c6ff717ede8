"""The table at one computer: humans and bots, the keyboard, picked dice, saving and resuming."""

from __future__ import annotations

import json
from typing import Any

import pytest

from schocken.dice import ScriptedDice
from schocken.errors import RecordError
from schocken.game import Game
from schocken.rules import find_preset
from schocken.session import Seat, Session, parse_seats
from schocken.texts import explain


def scripted(preset: str, seats: list[Seat], pips: list[int]) -> Session:
    game = Game(find_preset(preset), [s.name for s in seats], ScriptedDice(pips))
    session = Session(game=game, seats=tuple(seats), lang="en")
    session._start()
    return session


def test_parse_seats_names_bots_apart_from_humans() -> None:
    seats = parse_seats(["Bodo", "Anna"], 2, "regular")
    assert [s.name for s in seats] == ["Bodo", "Anna", "Kalle", "Uschi"]
    assert [s.is_human for s in seats] == [True, True, False, False]
    assert seats[2].bot == "regular"


def test_picked_dice_become_the_keep_and_aside_dice_stay_picked() -> None:
    s = scripted("tsv99", [Seat("Anna"), Seat("Ben")], [1, 5, 3, 2, 2])
    assert s.viewer == 0 and s.can("throw") and not s.can("stop")
    s.act("throw")
    assert s.dice_on_screen() == (5, 3, 1)
    s.toggle(2)  # the 1
    assert s.kept() == (1,)
    s.act("throw")
    # The 1 stays out and stays picked; the two new dice follow it.
    assert s.dice_on_screen() == (1, 2, 2)
    assert s.keep_marks == [True, False, False]


def test_a_refused_action_says_why_and_changes_nothing() -> None:
    # schock4life: dice set aside may not go back into the cup.
    pips = [6, 5, 4, 3, 2, 2]  # opening throw: Ben's 3-2-2 is lowest, he takes 2 and opens
    pips += [1, 5, 3, 2, 2]
    s = scripted("schock4life", [Seat("Anna"), Seat("Ben")], pips)
    s.act("throw")
    s.act("throw")
    assert "Ben threw lowest and takes 2 Deckel; Ben opens." in s.log
    assert s.current == 1 and s.viewer == 1
    s.act("throw")
    s.toggle(2)  # keep the 1
    s.act("throw")
    assert s.dice_on_screen() == (1, 2, 2) and s.keep_marks == [True, False, False]
    steps, events = list(s.game.steps), list(s.game.events)
    s.toggle(0)  # try to put the 1 back
    assert s.kept() == ()
    assert s.act("throw") == []
    assert "cannot put set-aside dice back into the cup" in s.message
    assert s.game.steps == steps and s.game.events == events
    s.act("stop")
    assert s.message == ""


def test_keyboard_passes_only_with_a_covered_result() -> None:
    # schock4life: Anna opens with three throws; the third is covered. Ben must not see it.
    pips = [6, 5, 4, 2, 2, 1]  # opening throw: Ben lowest, takes 2 and opens
    pips += [5, 4, 2, 5, 4, 2, 5, 4, 2]  # round 1: Ben three throws, the third covered
    s = scripted("schock4life", [Seat("Anna"), Seat("Ben")], pips)
    s.act("throw")  # Anna's opening throw
    assert s.viewer == 1 and not s.needs_pass  # nothing covered: the keyboard just moves
    s.act("throw")  # Ben's opening throw: lowest
    assert s.current == 1 and s.viewer == 1
    for _ in range(3):
        s.act("throw")
    view = s.game.view(None)
    assert view.turns[0].covered and view.turns[0].showing is None
    assert s.current == 0 and s.needs_pass
    # Until Anna takes the keyboard, the screen shows Ben's view or none; legal is empty.
    assert s.legal() == ()
    s.viewer = None
    assert s.view().turns[0].showing is None
    s.take_keyboard()
    assert s.viewer == 0 and s.view().turns[0].showing is None
    assert s.can("throw")


def test_bots_play_their_turns() -> None:
    s = Session.new(
        find_preset("tsv99"), [Seat("Anna"), Seat("Bodo", "regular")], lang="de", seed=4
    )
    steps = 0
    while not s.game.is_over and steps < 5000:
        if s.bot_to_move:
            s.bot_step()
        elif s.can("stop"):
            s.act("stop")
        else:
            s.act("throw")
        steps += 1
    assert s.game.is_over
    assert any("hat das Spiel verloren" in line or "Blattschuss" in line for line in s.log)


def test_record_keeps_the_table_and_resume_goes_on() -> None:
    s = Session.new(
        find_preset("allgemein"),
        [Seat("Anna"), Seat("Bodo", "random"), Seat("Cem")],
        lang="de",
        seed=11,
    )
    for _ in range(12):
        if s.bot_to_move:
            s.bot_step()
        else:
            s.act("throw")
    text = s.record().to_json()
    again = Session.resume(text, seed=5)
    assert again.seats == s.seats
    assert again.lang == "de"
    assert again.game.steps == s.game.steps
    assert again.game.events == s.game.events
    assert again.current == s.current
    # It goes on with new dice.
    before = len(again.game.steps)
    if again.bot_to_move:
        again.bot_step()
    else:
        again.act("throw")
    assert len(again.game.steps) == before + 1


def test_unknown_action_key() -> None:
    s = scripted("tsv99", [Seat("Anna"), Seat("Ben")], [1, 2, 3])
    with pytest.raises(ValueError, match="unknown action key"):
        s.act("jump")


def test_solver_bots_play_a_whole_game_at_the_table() -> None:
    seats = parse_seats([], 3, "solver")
    session = Session.new(find_preset("knobelrunde"), seats, lang="de", seed=8)
    assert all(s.bot == "solver" for s in session.seats)
    while not session.game.is_over:
        assert session.bot_to_move
        session.bot_step()
    assert session.game.loser is not None


def test_parse_seats_names_no_bot_like_a_human_in_another_case() -> None:
    seats = parse_seats(["bodo", " Anna  Lena "], 2, "regular")
    assert [s.name for s in seats] == ["bodo", "Anna Lena", "Kalle", "Uschi"]


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([Seat("Anna")], "needs 2 to 20 players"),
        ([Seat("Anna"), Seat("ANNA", "regular")], "names must differ"),
        ([Seat("Anna"), Seat("B\x1ben")], "no control characters"),
        ([Seat("Anna"), Seat("Ben", "genius")], "unknown bot 'genius'"),
    ],
)
def test_a_table_that_cannot_play_is_refused(seats: list[Seat], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Session.new(find_preset("tsv99"), seats, seed=1)


def _saved(lang: str = "en") -> tuple[Session, str]:
    s = Session.new(
        find_preset("tsv99"), [Seat("Anna"), Seat("Bodo", "regular")], lang=lang, seed=4
    )
    while s.game.round_count < 3:
        if s.bot_to_move:
            s.bot_step()
        elif s.can("stop"):
            s.act("stop")
        else:
            s.act("throw")
    return s, s.record().to_json()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resume_tells_the_game_so_far_again(lang: str) -> None:
    s, text = _saved(lang)
    assert len(s.log) > 5
    again = Session.resume(text, seed=2)
    assert again.log == s.log
    # In the other language, too.
    other = "de" if lang == "en" else "en"
    assert Session.resume(text, lang=other, seed=2).log == explain(
        s.game.events, s.game.rules, s.game.players, other
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.update(seats=[{"name": "Anna", "bot": None}]), "must be a list of 2 seats"),
        (lambda t: t.update(seats="Anna,Bodo"), "must be a list of 2 seats"),
        (lambda t: t["seats"].__setitem__(1, "Bodo"), r"seats'\[1\] must be an object"),
        (lambda t: t["seats"][1].update(bot="genius"), r"seats'\[1\]: unknown bot 'genius'"),
        (lambda t: t.update(lang="fr"), "'meta.table.lang' must be one of de, en"),
        (lambda t: t.update(coach=[1]), "'meta.table.coach' must be a list of the human"),
        (lambda t: t.update(coach=[True]), "'meta.table.coach' must be a list of the human"),
        (lambda t: t.update(coach="Anna"), "'meta.table.coach' must be a list of the human"),
    ],
)
def test_resume_refuses_a_malformed_table(change: Any, message: str) -> None:
    _, text = _saved()
    data = json.loads(text)
    change(data["meta"]["table"])
    with pytest.raises(RecordError, match=message):
        Session.resume(json.dumps(data), seed=1)
    data["meta"]["table"] = []
    with pytest.raises(RecordError, match=r"'meta\.table' must be an object"):
        Session.resume(json.dumps(data), seed=1)


def test_the_coach_is_saved_with_the_table_and_resumed() -> None:
    s, text = _saved()
    assert json.loads(text)["meta"]["table"]["coach"] == []
    s.viewer = 0
    s.toggle_coach()
    assert s.coach_status() == "Coach on for: Anna"
    again = Session.resume(s.record().to_json(), seed=1)
    assert again.coached == {0}
