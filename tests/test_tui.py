"""The terminal game, driven by Textual's pilot: whole games by key presses, seeded dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Log, Static

from schocken.actions import STOP
from schocken.coach import ranking_lines
from schocken.dice import ScriptedDice
from schocken.events import RoundKind
from schocken.game import Game
from schocken.results import DIE_RESULTS
from schocken.review import MISTAKE
from schocken.rules import find_preset
from schocken.session import Seat, Session
from schocken.tui import FACES, PassScreen, SchockenApp, make_app, player_lines, turn_text
from schocken.views import TurnView


def text(app: SchockenApp, widget: str) -> str:
    return str(app.screen_stack[0].query_one(widget, Static).content)


def log_lines(app: SchockenApp) -> list[str]:
    return list(app.screen_stack[0].query_one("#log", Log).lines)


async def settle(pilot: Pilot[None], app: SchockenApp) -> None:
    """Let the bots move (at pace 0 they move on the next message) until a human is to act."""
    for _ in range(10_000):
        await pilot.pause()
        s = app.session
        if s.game.is_over or isinstance(app.screen, PassScreen) or not s.bot_to_move:
            return
    raise AssertionError("the bots did not finish their moves")


async def play_to_end(pilot: Pilot[None], app: SchockenApp, *, stop_early: bool) -> int:
    """A human policy by keys: throw, and stop after the first throw (or throw to the limit)."""
    s = app.session
    passes = 0
    for _ in range(20_000):
        await settle(pilot, app)
        if s.game.is_over:
            return passes
        if isinstance(app.screen, PassScreen):
            passes += 1
            await pilot.press("enter")
            continue
        if stop_early and s.can("stop"):
            await pilot.press("s")
        elif s.can("turn"):
            await pilot.press("t")
        elif s.can("throw"):
            await pilot.press("space")
        elif s.can("buyin"):
            await pilot.press("b")
        else:
            raise AssertionError(f"no key offered: {text(app, '#message')}")
    raise AssertionError("the game did not end")


async def test_a_human_against_two_bots_plays_a_whole_game(tmp_path: Path) -> None:
    session = Session.new(
        find_preset("tsv99"),
        [Seat("Anna"), Seat("Bodo", "regular"), Seat("Kalle", "regular")],
        lang="en",
        seed=21,
    )
    app = make_app(session, pace=0, save_path=tmp_path / "game.json")
    async with app.run_test(size=(110, 40)) as pilot:
        await settle(pilot, app)
        assert "first half (Hinrunde)" in text(app, "#status")
        # Before her first throw Anna is offered the throw only.
        if session.current == 0:
            assert app.check_action("throw", ()) is True
            assert app.check_action("stop", ()) is False
            assert app.check_action("turn", ()) is False
        await play_to_end(pilot, app, stop_early=True)
        lines = log_lines(app)
        assert any(line.startswith("Opening round (for no Deckel):") for line in lines)
        assert any(line.startswith("Round 2:") for line in lines)
        assert any("Deckel from the middle." in line for line in lines)
        assert any("Best:" in line and "worst:" in line for line in lines)
        assert any(
            li.endswith("has lost the game.") or li.startswith("Blattschuss!") for li in lines
        )
        assert lines[-1].startswith("Summary: first half (Hinrunde) lost by ")
        assert any(li.startswith("Summary of the first half (Hinrunde): ") for li in lines)
        loser = session.game.loser
        assert loser is not None
        assert f"Game over. {session.game.players[loser]} lost." in text(app, "#message")
        # The table shows the Deckel where they are.
        players = text(app, "#players")
        for seat, name in enumerate(session.game.players):
            line = next(li for li in players.splitlines() if name in li)
            assert f"{session.game.deckel[seat]} Deckel" in line
        await pilot.press("q")
    assert (tmp_path / "game.json").exists()


async def test_two_humans_hot_seat_pass_screen_hides_covered_dice() -> None:
    session = Session.new(
        find_preset("schock4life").with_overrides({"deckel_per_half": 5, "deckel_in_finale": 5}),
        [Seat("Anna"), Seat("Ben")],
        lang="de",
        seed=5,
    )
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        passes_seen = 0
        for _ in range(20_000):
            await settle(pilot, app)
            if session.game.is_over:
                break
            if isinstance(app.screen, PassScreen):
                passes_seen += 1
                # Behind the pass screen nobody's covered dice are on the table.
                public = session.game.view(None)
                covered = [tv for tv in public.turns if tv.covered]
                assert covered
                full = session.game.view(covered[0].seat).my_turn
                assert full is not None and full.showing is not None
                players = text(app, "#players")
                assert "verdeckt" in players
                assert "=" not in players  # no result shown for a covered turn
                assert "Während die Tastatur wechselt" in text(app, "#dice")
                nxt = session.game.players[session.current or 0]
                assert f"Gib die Tastatur an {nxt} weiter." in str(
                    app.screen.query_one("#pass", Static).content
                )
                await pilot.press("enter")
                assert session.viewer == session.current
                continue
            # Throw to the limit: every last throw stays covered under schock4life.
            if session.can("turn"):
                await pilot.press("t")
            elif session.can("throw"):
                await pilot.press("space")
            else:
                await pilot.press("s")
        assert session.game.is_over
        assert passes_seen > 3
        assert any("hat das Spiel verloren" in li or "Blattschuss" in li for li in log_lines(app))


async def test_a_refused_action_shows_why() -> None:
    # schock4life: Ben opens round 1 (lowest opening throw), keeps a 1, then tries to put it back.
    pips = [6, 5, 4, 3, 2, 2, 1, 5, 3, 2, 2]
    game = Game(find_preset("schock4life"), ["Anna", "Ben"], ScriptedDice(pips))
    session = Session(game=game, seats=(Seat("Anna"), Seat("Ben")), lang="en")
    session._start()
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("space")  # Anna's opening throw
        await pilot.press("space")  # Ben's: lowest, he takes 2 and opens
        assert "Ben threw lowest and takes 2 Deckel; Ben opens." in log_lines(app)
        await pilot.press("space")
        assert "[3] ⚀1" in text(app, "#dice")
        await pilot.press("3")  # keep the 1
        assert "⚀1 ⇡" in text(app, "#dice")
        await pilot.press("space")
        assert text(app, "#dice").endswith("[1] ⚀1 ⇡   [2] ⚁2   [3] ⚁2")
        await pilot.press("1")  # put the 1 back: not allowed here
        await pilot.press("space")
        assert "cannot put set-aside dice back into the cup" in text(app, "#message")
        assert len(game.steps) == 4
        await pilot.press("s")
        assert "cannot put" not in text(app, "#message")
        assert len(game.steps) == 5


async def test_save_on_demand_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    session = Session.new(
        find_preset("allgemein"), [Seat("Anna"), Seat("Bodo", "regular")], lang="en", seed=8
    )
    app = make_app(session, pace=0, save_path=path)
    async with app.run_test(size=(110, 40)) as pilot:
        await settle(pilot, app)
        for _ in range(3):
            await settle(pilot, app)
            if session.can("throw"):
                await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("ctrl+s")
        assert f"Saved to {path}." in text(app, "#message")
    steps = len(session.game.steps)
    resumed = Session.resume(path.read_text(encoding="utf-8"), seed=1)
    assert len(resumed.game.steps) == steps
    app2 = make_app(resumed, pace=0)
    async with app2.run_test(size=(110, 40)) as pilot:
        await play_to_end(pilot, app2, stop_early=False)
        assert resumed.game.is_over


def shown(app: SchockenApp, widget: str) -> str:
    """What a widget shows on screen (markup, if any, rendered away)."""
    rendered = app.screen.query_one(widget, Static).render()
    assert isinstance(rendered, Content)
    return rendered.plain


async def test_names_are_shown_as_they_are_not_read_as_markup() -> None:
    anna, bodo = "[red]Anna", "[bold]Bo[/bold]"
    session = Session.new(
        find_preset("tsv99"), [Seat(anna), Seat(bodo, "regular")], lang="en", seed=3
    )
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        await settle(pilot, app)
        assert anna in shown(app, "#players") and bodo in shown(app, "#players")
        assert shown(app, "#message") == f"{anna}, your turn: throw."
        assert f"Your cup ({anna})" in shown(app, "#dice")
        await play_to_end(pilot, app, stop_early=True)
        assert anna in shown(app, "#status") or bodo in shown(app, "#status")
        assert any(anna in line for line in log_lines(app))
        app.push_screen(PassScreen(anna, "en"))
        await pilot.pause()
        assert shown(app, "#pass").startswith(f"Pass the keyboard to {anna}.")


async def test_a_save_that_fails_says_why_and_keeps_the_game_open(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    path = blocker / "saved.json"
    session = Session.new(
        find_preset("tsv99"), [Seat("Anna"), Seat("Bodo", "regular")], lang="de", seed=8
    )
    app = make_app(session, pace=0, save_path=path)
    async with app.run_test(size=(110, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+s")
        message = shown(app, "#message")
        assert message.startswith(f"Nicht gespeichert: {path} lässt sich nicht schreiben: ")
        await pilot.press("q")
        assert app.is_running and app.saved_to is None
        assert shown(app, "#message") == message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


async def test_resume_shows_the_log_of_the_game_so_far(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    session = Session.new(
        find_preset("tsv99"), [Seat("Anna"), Seat("Bodo", "regular")], lang="en", seed=8
    )
    while session.game.round_count < 3:
        session.bot_step() if session.bot_to_move else session.act("throw")
    path.write_text(session.record().to_json(), encoding="utf-8")
    app = make_app(Session.resume(path.read_text(encoding="utf-8"), seed=1), pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        assert log_lines(app)[: len(session.log)] == session.log
        assert "Anna takes 2 Deckel from the middle." in log_lines(app)


async def test_after_the_game_r_shows_the_review() -> None:
    golden = Path(__file__).resolve().parent / "golden" / "tsv99.json"
    session = Session.resume(golden.read_text(encoding="utf-8"), lang="en", seed=1)
    assert session.game.is_over
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        assert "Game over. Anna lost. Press r for the review" in text(app, "#message")
        assert app.check_action("review", ()) is True
        await pilot.press("r")
        await pilot.pause()
        lines = log_lines(app)
        assert any(line.startswith("Anna: accuracy 33.3% (2 of 6 decisions") for line in lines)
        assert "Anna's costliest decisions (3), as Anna saw them:" in lines
        assert text(app, "#message") == "Game over. Anna lost."
        assert app.check_action("review", ()) is False
        shown = len(lines)
        await pilot.press("r")  # once is enough
        await pilot.pause()
        assert len(log_lines(app)) == shown


async def test_the_review_is_not_offered_during_the_game() -> None:
    session = Session.new(
        find_preset("tsv99"), [Seat("Anna"), Seat("Bodo", "regular")], lang="de", seed=3
    )
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        await settle(pilot, app)
        assert app.check_action("review", ()) is False
        before = len(log_lines(app))
        await pilot.press("r")
        await pilot.pause()
        assert len(log_lines(app)) == before
        assert "Analyse" not in text(app, "#message")


async def test_c_turns_the_coach_on_for_everyone_to_see_and_it_ranks_the_moves() -> None:
    session = Session.new(
        find_preset("tsv99"), [Seat("Anna"), Seat("Bodo", "regular")], lang="en", seed=7
    )
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 50)) as pilot:
        await settle(pilot, app)
        assert app.screen_stack[0].query_one("#coach", Static).display is False
        await pilot.press("c")
        assert "Anna turned the coach on: Anna sees the best moves." in log_lines(app)
        assert text(app, "#coach").startswith("Coach on for: Anna")
        noted = ranked = 0
        for _ in range(2_000):
            await settle(pilot, app)
            s = app.session
            if s.game.is_over:
                break
            advice = s.advice()
            if advice is not None:
                # The panel shows the ranking of exactly this decision.
                assert text(app, "#coach").splitlines()[1:] == ranking_lines(advice, "en")
                ranked += 1
                worst = advice.values[-1]
                if worst.action is STOP and advice.judge(STOP).loss >= MISTAKE and not noted:
                    await pilot.press("s")  # a costly stop: the coach says so in the log
                    assert any(
                        line.startswith("Coach: Anna, “stop” was a") for line in log_lines(app)
                    )
                    noted += 1
                    continue
            if s.can("turn"):
                await pilot.press("t")
            elif s.can("throw"):
                await pilot.press("space")
            elif s.can("stop"):
                await pilot.press("s")
        assert ranked > 5 and noted == 1
        assert app.check_action("coach", ()) is False  # the game is over


async def test_the_coach_is_off_by_default_and_turns_off_again() -> None:
    session = Session.new(
        find_preset("tsv99"), [Seat("Anna"), Seat("Bodo", "regular")], lang="de", seed=8
    )
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 50)) as pilot:
        await settle(pilot, app)
        assert session.coached == set() and session.coach_lines() == []
        await pilot.press("c")
        await pilot.press("c")
        assert log_lines(app)[-2:] == [
            "Anna hat den Coach eingeschaltet: Anna sieht die besten Züge.",
            "Anna hat den Coach ausgeschaltet.",
        ]
        assert app.screen_stack[0].query_one("#coach", Static).display is False


def test_one_die_each_shows_the_single_die() -> None:
    # The opening of one die each (high_die, low_die): a turn is one die, named by its pips.
    turn = TurnView(0, 1, (), (5,), False, True, DIE_RESULTS[(5,)])
    assert turn_text(turn, "en") == f"{FACES[5]}5 (1st throw)"
    session = Session.new(
        find_preset("tsv99").with_overrides({"opening": "low_die"}),
        [Seat("Anna"), Seat("Bodo", "regular")],
        lang="en",
        seed=21,
    )
    assert session.game.view(0).round_kind is RoundKind.OPENING_DIE
    session.act("throw")
    pip = session.game.view(0).turns[0].showing
    assert pip is not None and len(pip) == 1
    line = player_lines(session.game.view(0), "en")[0]
    assert line.endswith(f"  {FACES[pip[0]]}{pip[0]} (1st throw)") and "=" not in line


@pytest.mark.parametrize(
    ("lang", "nth", "foreign"),
    [
        ("en", ("1st throw", "2nd throw", "3rd throw"), ("Wurf", ". throw")),
        ("de", ("1. Wurf", "2. Wurf", "3. Wurf"), ("throw",)),
    ],
)
async def test_the_throws_are_counted_as_each_language_counts(
    lang: str, nth: tuple[str, str, str], foreign: tuple[str, ...]
) -> None:
    """The player list says which throw a turn is at in the screen's language: "1st throw" in
    English, "1. Wurf" in German (issue 23: "(1. throw)"), a covered cup too."""
    # schock4life: Anna's opening throw 6-5-4, Ben's 3-2-2 is lowest and he opens; he throws
    # three times (the last stays covered), then Anna throws once.
    pips = [6, 5, 4, 3, 2, 2, 1, 5, 3, 2, 2, 6, 4, 4, 2, 1, 1, 2]
    game = Game(find_preset("schock4life"), ["Anna", "Ben"], ScriptedDice(pips))
    session = Session(game=game, seats=(Seat("Anna"), Seat("Ben")), lang=lang)
    session._start()
    app = make_app(session, pace=0)
    seen: list[str] = []
    async with app.run_test(size=(110, 40)) as pilot:
        for _ in range(6):
            await pilot.press("space")
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
            seen.append(text(app, "#players"))
    anna, ben = (f"{FACES[p]}{p}" for p in (6, 2))
    assert f"{anna} {FACES[5]}5 {FACES[4]}4  = " in seen[0] and f"({nth[0]})" in seen[0]
    assert f"{FACES[5]}5 {FACES[3]}3 {FACES[1]}1 ({nth[0]})" in seen[2]
    assert f"{FACES[6]}6 {ben} {ben} ({nth[1]})" in seen[3]
    covered = "covered" if lang == "en" else "verdeckt"
    assert f"{covered} ({nth[2]})" in seen[4]
    assert f"{FACES[2]}2 {FACES[1]}1 {FACES[1]}1 ({nth[0]})" in seen[5]
    for screen in seen:
        assert not any(word in screen for word in foreign), screen


async def test_l_throws_blind_for_the_opener_and_nobody_sees_the_dice() -> None:
    # tsv99 with blind play: Anna's 641 beats Ben's 522 in the opening round; Anna opens round 1.
    pips = [6, 4, 1, 5, 2, 2, 3, 3, 1, 6, 4, 2]
    rules = find_preset("tsv99").with_overrides({"blind": True})
    game = Game(rules, ["Anna", "Ben"], ScriptedDice(pips))
    session = Session(game=game, seats=(Seat("Anna"), Seat("Ben")), lang="en")
    session._start()
    app = make_app(session, pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        assert not session.can("blind")  # the opening round is for no Deckel
        await pilot.press("l")
        assert game.steps == []
        await pilot.press("space")
        await pilot.press("s")
        await pilot.press("space")  # Ben's throw ends the opening round
        for _ in range(3):
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
        assert session.can("blind")
        assert "L throws blind" in text(app, "#message")
        await pilot.press("l")
        assert str(game.steps[-1][1]) == "blind"
        assert "Anna opens blind: one throw each" in " ".join(log_lines(app))
        assert "3" not in text(app, "#dice").replace("[3]", "")  # Anna does not see her 3-3-1
