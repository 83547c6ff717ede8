"""Golden playthroughs: one hand-scripted full game per preset, checked in as a game record.

``tests/golden/<preset>.json`` is written by ``tests/golden/make_golden.py``; its notes cite the
rule texts (``docs/rule-texts/``) by file and line. These tests replay every file through the
engine, check the facts each game was written to show, check that every corrupted step is
refused at its own index, and check that the files are exactly what the script makes.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from schocken.actions import BUY_IN, STOP, TURN_SIXES, Throw
from schocken.cli import main as cli_main
from schocken.dice import ScriptedDice
from schocken.errors import RecordError
from schocken.events import (
    BlindOpened,
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
)
from schocken.game import Game
from schocken.record import GameRecord, RecordStep, outcome_of, parse_record, record_of, replay
from schocken.results import Result, ResultKind
from schocken.rules import find_preset

GOLDEN = Path(__file__).resolve().parent / "golden"
SEEDS = Path(__file__).resolve().parents[1] / "docs" / "rule-texts"
"""The rule texts, kept in the repository: a clone alone has everything its tests read."""

PRESETS = ("tsv99", "schock4life", "knobelrunde", "allgemein")
SEED_OF = {"tsv99": "000", "schock4life": "001", "knobelrunde": "002", "allgemein": "003"}
SEED_LINES = {"000": 47, "001": 170, "002": 28, "003": 35}
"""How many lines each rule text has (``nl -ba``): no citation may point past them."""
CITATION = re.compile(r"(\d{3}):(\d+)(?:-(\d+))? '([^']+)'")

ANNA, BEN, CEM, DORA = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class Facts:
    """What a golden game comes to, written out by hand."""

    players: tuple[str, ...]
    half_losers: tuple[int, int]
    schock_aus: tuple[bool, ...]
    """For each section played (halves, then the Finale): whether a Schock-Aus ended it."""
    finale: bool
    blattschuss: bool
    loser: int
    rounds: int
    steps: int


FACTS: dict[str, Facts] = {
    "tsv99": Facts(
        players=("Anna", "Ben", "Cem"),
        half_losers=(ANNA, BEN),
        schock_aus=(False, True, True),
        finale=True,
        blattschuss=False,
        loser=ANNA,
        rounds=7,
        steps=38,
    ),
    "schock4life": Facts(
        players=("Anna", "Ben", "Cem"),
        half_losers=(ANNA, CEM),
        schock_aus=(False, True, True),
        finale=True,
        blattschuss=False,
        loser=CEM,
        rounds=8,
        steps=42,
    ),
    "knobelrunde": Facts(
        players=("Anna", "Ben", "Cem", "Dora"),
        half_losers=(BEN, BEN),
        schock_aus=(False, True),
        finale=False,
        blattschuss=True,
        loser=BEN,
        rounds=6,
        steps=39,
    ),
    "allgemein": Facts(
        players=("Anna", "Ben", "Cem"),
        half_losers=(ANNA, BEN),
        schock_aus=(True, False, False),
        finale=True,
        blattschuss=False,
        loser=BEN,
        rounds=11,
        steps=55,
    ),
}


# ------------------------------------------------------------------------------------ helpers


def golden_text(preset: str) -> str:
    return (GOLDEN / f"{preset}.json").read_text(encoding="utf-8")


def load(preset: str) -> GameRecord:
    return parse_record(golden_text(preset))


@dataclass(frozen=True, slots=True)
class Played:
    """A golden game played step by step, with the events each step caused."""

    record: GameRecord
    game: Game
    caused: tuple[tuple[Event, ...], ...]

    def events_of(self, step: int) -> tuple[Event, ...]:
        return self.caused[step]

    def rounds(self) -> list[RoundEnded]:
        return [e for e in self.game.events if isinstance(e, RoundEnded)]

    def first(self, kind: type[Event], step: int) -> Event:
        """The first event of that type caused by ``step``."""
        for e in self.caused[step]:
            if isinstance(e, kind):
                return e
        raise AssertionError(f"step {step} caused no {kind.__name__}: {self.caused[step]}")


def play(preset: str) -> Played:
    record = load(preset)
    pips = [p for step in record.steps for p in step.pips]
    game = Game(record.rules, record.players, ScriptedDice(pips))
    caused = tuple(tuple(game.apply(step.action, step.seat)) for step in record.steps)
    return Played(record, game, caused)


def game_after(preset: str, steps: int) -> Game:
    """The golden game of ``preset`` after its first ``steps`` steps."""
    record = load(preset)
    return replay(dataclasses.replace(record, steps=record.steps[:steps]), check_outcome=False)


def results_of(ended: RoundEnded) -> dict[int, Result]:
    return dict(ended.results)


def with_step(record: GameRecord, index: int, step: RecordStep) -> GameRecord:
    steps = list(record.steps)
    steps[index] = step
    return dataclasses.replace(record, steps=tuple(steps))


def refused_at(record: GameRecord) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(record)
    return info.value


@cache
def make_golden() -> ModuleType:
    """tests/golden/make_golden.py, loaded as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("golden_make_golden", GOLDEN / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def citations(note: str) -> Iterator[tuple[str, int, int, str]]:
    for m in CITATION.finditer(note):
        yield m[1], int(m[2]), int(m[3] or m[2]), m[4]


# ------------------------------------------------------------------- replay and key facts


@pytest.mark.parametrize("preset", PRESETS)
def test_golden_record_replays_to_its_outcome(preset: str) -> None:
    record = load(preset)
    assert record.rules == find_preset(preset)
    assert record.rules.overrides() == {}
    assert record.outcome is not None
    game = replay(record)
    assert game.is_over
    assert outcome_of(game) == dict(record.outcome)


@pytest.mark.parametrize("preset", PRESETS)
def test_golden_key_facts(preset: str) -> None:
    facts = FACTS[preset]
    record = load(preset)
    assert record.players == facts.players
    assert len(record.steps) == facts.steps
    game = replay(record)
    assert game.half_losers == facts.half_losers
    assert game.loser == facts.loser
    outcome = outcome_of(game)
    assert outcome["finished"] is True
    assert outcome["finale"] is facts.finale
    assert outcome["blattschuss"] is facts.blattschuss
    assert outcome["loser"] == facts.loser
    assert outcome["loser_name"] == facts.players[facts.loser]
    assert outcome["rounds"] == facts.rounds
    sections = [s["section"] for s in outcome["sections"]]
    expected = ["first_half", "second_half"] + (["finale"] if facts.finale else [])
    assert sections == expected
    assert [s["schock_aus"] for s in outcome["sections"]] == list(facts.schock_aus)
    # Every section ends with its loser holding all of its Deckel, everyone else none.
    rules = find_preset(preset)
    for s in outcome["sections"]:
        total = rules.deckel_in_finale if s["section"] == "finale" else rules.deckel_per_half
        assert s["deckel"] == [
            total if seat == s["loser"] else 0 for seat in range(len(s["deckel"]))
        ]
    assert [s["loser"] for s in outcome["sections"][:2]] == list(facts.half_losers)
    ended = [e for e in game.events if isinstance(e, GameEnded)]
    assert len(ended) == 1
    assert (ended[0].loser, ended[0].blattschuss) == (facts.loser, facts.blattschuss)
    assert ended[0].half_losers == facts.half_losers
    started = [e.section for e in game.events if isinstance(e, SectionStarted)]
    assert (Section.FINALE in started) is facts.finale


# ---------------------------------------------------------------------------------- notes


@pytest.mark.parametrize("preset", PRESETS)
def test_every_note_cites_its_rule_text_by_line(preset: str) -> None:
    record = load(preset)
    own = SEED_OF[preset]
    noted = [s for s in record.steps if s.note]
    assert len(noted) >= 20
    for i, step in enumerate(record.steps):
        if not step.note:
            continue
        assert step.note.startswith(f"{own}:"), (i, step.note)
        found = list(citations(step.note))
        assert found, (i, step.note)
        for file, first, last, quote in found:
            assert file == own, (i, step.note)
            assert 1 <= first <= last <= SEED_LINES[file], (i, step.note)
            assert quote.strip(" ."), (i, step.note)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_quote_stands_on_the_cited_line(preset: str) -> None:
    assert SEEDS.is_dir(), f"the rule texts are not at {SEEDS}"
    name = make_golden().SEED_FILES[SEED_OF[preset]]
    lines = (SEEDS / name).read_text(encoding="utf-8").split("\n")
    assert len(lines) >= SEED_LINES[SEED_OF[preset]]
    assert make_golden().check_quotes(preset, load(preset).steps, SEEDS) == []
    # The check can fail: a quote that is not on its line, a line past the end, another text.
    own = SEED_OF[preset]
    other = SEED_OF["allgemein" if preset == "tsv99" else "tsv99"]
    for note in (f"{own}:1 'kein solcher Satz'", f"{own}:999 'Deckel'", f"{other}:1 'S'", "-"):
        bad = (RecordStep(0, STOP, (), note),)
        assert make_golden().check_quotes(preset, bad, SEEDS) != [], note


@pytest.mark.parametrize("preset", PRESETS)
def test_every_step_that_applies_a_rule_has_a_note(preset: str) -> None:
    played = play(preset)
    ruled = (
        RoundEnded,
        ThrowLimitFixed,
        SixesTurned,
        BoughtIn,
        PlayersOut,
        DeckelMoved,
        SectionEnded,
    )
    for i, step in enumerate(played.record.steps):
        if any(isinstance(e, ruled) for e in played.events_of(i)):
            assert step.note, f"step {i} ({step.action}) applies a rule but has no note"


# ---------------------------------------------------------------------- the files themselves


@pytest.mark.parametrize("preset", PRESETS)
def test_reserialising_the_replayed_game_gives_the_same_steps(preset: str) -> None:
    record = load(preset)
    again = record_of(replay(record))
    assert [(s.seat, s.action, s.pips) for s in again.steps] == [
        (s.seat, s.action, s.pips) for s in record.steps
    ]
    assert again.outcome == record.outcome
    # With the notes and meta put back, the record writes out to the checked-in text exactly.
    notes = tuple(
        dataclasses.replace(s, note=r.note) for s, r in zip(again.steps, record.steps, strict=True)
    )
    restored = dataclasses.replace(again, steps=notes, meta=record.meta)
    assert restored.to_json() == golden_text(preset)
    assert parse_record(restored.to_json(indent=None)) == record


def test_checked_in_files_are_what_the_script_makes() -> None:
    made = make_golden().build_all(SEEDS)
    assert sorted(made) == sorted(PRESETS)
    for preset in PRESETS:
        assert made[preset] == golden_text(preset), f"run tests/golden/make_golden.py ({preset})"


@pytest.mark.parametrize("preset", PRESETS)
def test_schocken_replay_command_on_a_golden_file(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(GOLDEN / f"{preset}.json")
    facts = FACTS[preset]
    assert cli_main(["replay", path]) == 0
    out = capsys.readouterr().out
    assert "the record is legal" in out
    assert f"the game's loser: {facts.players[facts.loser]}" in out
    assert f"Blattschuss: {'yes' if facts.blattschuss else 'no'}" in out
    assert cli_main(["replay", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data.pop("ok") is True
    assert data == dict(load(preset).outcome or {})


def test_schocken_replay_command_names_the_refused_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(golden_text("schock4life"))
    data["steps"][23]["action"] = "throw keep 5"  # put the set-aside 6 back: forbidden
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli_main(["replay", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["step"] == 23
    assert "back into the cup" in out["error"]
    assert cli_main(["replay", str(path)]) == 1
    assert "step 23:" in capsys.readouterr().err


# ------------------------------------------------------------------------ corrupted records


@pytest.mark.parametrize("preset", PRESETS)
def test_dropping_a_pip_is_refused_at_that_step(preset: str) -> None:
    record = load(preset)
    throws = [i for i, s in enumerate(record.steps) if s.pips]
    assert len(throws) > 20
    for i in throws:
        step = record.steps[i]
        error = refused_at(with_step(record, i, dataclasses.replace(step, pips=step.pips[:-1])))
        assert error.step == i
        assert "pips" in error.reason


@pytest.mark.parametrize("preset", PRESETS)
def test_an_extra_pip_is_refused_at_that_step(preset: str) -> None:
    record = load(preset)
    for i, step in enumerate(record.steps):
        error = refused_at(with_step(record, i, dataclasses.replace(step, pips=(*step.pips, 3))))
        assert error.step == i
        assert f"gives {len(step.pips) + 1} pips" in error.reason


@pytest.mark.parametrize("preset", PRESETS)
def test_a_step_by_the_wrong_seat_is_refused_at_that_step(preset: str) -> None:
    record = load(preset)
    n = len(record.players)
    for i, step in enumerate(record.steps):
        moved = dataclasses.replace(step, seat=(step.seat + 1) % n)
        error = refused_at(with_step(record, i, moved))
        assert error.step == i
        assert error.reason.startswith("illegal")


ILLEGAL: list[tuple[str, int, RecordStep, str]] = [
    # Anna's 6-4-2 has one six: nothing to turn.
    ("tsv99", 1, RecordStep(ANNA, TURN_SIXES), "two or three sixes"),
    # After turning sixes Ben must throw again, and the other six must go back into the cup.
    ("tsv99", 18, RecordStep(BEN, STOP), "must throw again"),
    ("tsv99", 18, RecordStep(BEN, Throw((6, 1)), (6,)), "must go back into the cup"),
    # tsv99 has no Einwürfeln.
    ("tsv99", 24, RecordStep(CEM, BUY_IN), "no Einwürfeln"),
    # A first throw throws all three dice.
    ("tsv99", 7, RecordStep(ANNA, Throw((5,)), (3, 2)), "first throw"),
    # The Tütenrunde: Anna's one throw was her last.
    ("schock4life", 8, RecordStep(ANNA, Throw((4,)), (4, 1)), "throws allowed"),
    # Put-back forbidden: the 6 set aside before must stay out.
    ("schock4life", 23, RecordStep(ANNA, Throw((5,)), (4, 4)), "back into the cup"),
    # After turning sixes every remaining die must be thrown again, the thrown 1 too.
    ("schock4life", 38, RecordStep(ANNA, Throw((1, 1)), (1,)), "must go back into the cup"),
    # Only a player who is out may buy in, and only before the round's first throw.
    ("schock4life", 17, RecordStep(ANNA, BUY_IN), "is not out"),
    ("schock4life", 18, RecordStep(BEN, BUY_IN), "is not out"),
    ("schock4life", 6, RecordStep(BEN, BUY_IN), "not out"),
    # A kept die must be showing.
    ("knobelrunde", 11, RecordStep(BEN, Throw((6, 6)), (5,)), "cannot keep 6-6"),
    # Cem is out once the middle is empty: Dora and Ben play on.
    ("knobelrunde", 29, RecordStep(CEM, Throw(), (1, 1, 1)), "it is Dora's turn"),
    # A turn begins with a throw.
    ("allgemein", 54, RecordStep(ANNA, STOP), "has not thrown yet"),
]


@pytest.mark.parametrize(("preset", "index", "step", "reason"), ILLEGAL)
def test_an_illegal_step_is_refused_at_its_index(
    preset: str, index: int, step: RecordStep, reason: str
) -> None:
    record = load(preset)
    assert record.steps[index] != step
    error = refused_at(with_step(record, index, step))
    assert error.step == index
    assert reason in error.reason
    assert str(error).startswith(f"step {index}: ")


@pytest.mark.parametrize("preset", PRESETS)
def test_a_step_after_the_end_is_refused(preset: str) -> None:
    record = load(preset)
    longer = dataclasses.replace(record, steps=(*record.steps, RecordStep(0, Throw(), (1, 2, 3))))
    error = refused_at(longer)
    assert error.step == len(record.steps)
    assert "already over" in error.reason


@pytest.mark.parametrize("preset", PRESETS)
def test_an_outcome_the_game_does_not_reach_is_refused(preset: str) -> None:
    record = load(preset)
    assert record.outcome is not None
    wrong = dict(record.outcome)
    wrong["loser"] = (FACTS[preset].loser + 1) % len(record.players)
    error = refused_at(dataclasses.replace(record, outcome=wrong))
    assert error.step is None
    assert "loser" in error.reason
    # A record cut short does not reach its outcome either.
    error = refused_at(dataclasses.replace(record, steps=record.steps[:-1]))
    assert error.step is None
    assert "finished" in error.reason


# ------------------------------------------------------------------------------- tsv99 (000)


def test_tsv99_game() -> None:
    played = play("tsv99")
    rounds = played.rounds()
    # Opening round for no Deckel: Cem's Schock 4 is best and opens.
    assert rounds[0].kind is RoundKind.OPENING_ROUND and rounds[0].best == CEM
    assert rounds[0].deckel == 0
    assert not any(isinstance(e, DeckelMoved) for step in played.caused[:4] for e in step)
    first = played.first(RoundStarted, 3)
    assert isinstance(first, RoundStarted) and first.order == (CEM, ANNA, BEN)
    # Cem puts the set-aside 5-5 back into the cup (000:21), and that sets the limit at 3.
    thrown = played.first(Thrown, 5)
    assert isinstance(thrown, Thrown) and thrown.kept == (5, 5)
    thrown = played.first(Thrown, 6)
    assert isinstance(thrown, Thrown) and thrown.kept == (1,) and thrown.dice == (4, 1)
    limit = played.first(ThrowLimitFixed, 6)
    assert isinstance(limit, ThrowLimitFixed) and limit.limit == 3
    record = played.record
    no_put_back = find_preset("tsv99").with_overrides({"put_back": False})
    error = refused_at(dataclasses.replace(record, rules=no_put_back, outcome=None))
    assert error.step == 6 and "back into the cup" in error.reason
    # Tütenrunde: Anna stops after one throw.
    limit = played.first(ThrowLimitFixed, 13)
    assert isinstance(limit, ThrowLimitFixed) and (limit.seat, limit.limit) == (ANNA, 1)
    # Equal results: the later thrower (Ben) loses (000:23).
    tie = rounds[2]
    res = results_of(tie)
    assert res[ANNA].rank == res[BEN].rank and tie.worst == BEN and tie.deckel == 6
    # Turning sixes: only the other six must go back; the thrown 1 may stay out (000:46).
    turned = played.first(SixesTurned, 17)
    assert isinstance(turned, SixesTurned) and turned.ones == 1 and turned.must_throw == (6,)
    assert Throw((1, 1)) in game_after("tsv99", 18).legal_actions()
    # The middle runs empty (4 left, 6 owed) and Cem, holding none, is out.
    assert DeckelMoved(None, ANNA, 4) in played.events_of(23)
    assert PlayersOut((CEM,)) in played.events_of(23)
    # Deckel between players; Anna collects all 14.
    assert DeckelMoved(BEN, ANNA, 6) in played.events_of(28)
    ended = played.first(SectionEnded, 28)
    assert isinstance(ended, SectionEnded) and not ended.schock_aus and ended.deckel == (14, 0, 0)
    # Second half opened by Anna; her Schock-Aus gives Ben, the worst, all 14.
    assert rounds[5].best == ANNA and rounds[5].worst == BEN and rounds[5].deckel is None
    # Finale with 13 Deckel, opened by Ben who lost the last round.
    start = played.first(SectionStarted, 32)
    assert isinstance(start, SectionStarted) and start.middle == 13 and start.players == (0, 1)
    opened = played.first(RoundStarted, 32)
    assert isinstance(opened, RoundStarted) and opened.order == (BEN, ANNA)


# -------------------------------------------------------------------------- schock4life (001)


def test_schock4life_game() -> None:
    played = play("schock4life")
    rounds = played.rounds()
    # Opening throw: Anna and Cem tie for the lowest; Stechen; Cem takes 3 (Ben's Schock 3).
    assert rounds[0].kind is RoundKind.OPENING_THROW
    assert rounds[0].stechen == (ANNA, CEM) and rounds[0].worst is None
    assert rounds[1].kind is RoundKind.STECHEN and rounds[1].worst == CEM
    assert DeckelMoved(None, CEM, 3) in played.events_of(4)
    opened = played.first(RoundStarted, 4)
    assert isinstance(opened, RoundStarted) and opened.order[0] == CEM
    # Covered last throws: Anna's and Ben's only throws in the Tütenrunde; Cem, who stopped
    # before his last allowed throw, showed his.
    covered = {
        i: e.covered for i in (5, 7, 8) for e in played.events_of(i) if isinstance(e, Thrown)
    }
    assert covered == {5: False, 7: True, 8: True}
    anna = game_after("schock4life", 8).view  # Anna's covered throw, before Ben's turn
    assert anna(ANNA).turns[1].showing == (4, 4, 1)
    assert anna(BEN).turns[1].showing is None and anna(None).turns[1].result is None
    # More throws is worse: Anna's 642 in two loses to Cem's 642 in one, though Cem threw later.
    tie = rounds[3]
    res = results_of(tie)
    assert res[ANNA].rank == res[CEM].rank
    assert (res[ANNA].throws, res[CEM].throws) == (2, 1) and tie.worst == ANNA
    assert PlayersOut((BEN,)) in played.events_of(15)
    # Einwürfeln: Ben takes one Deckel from each holder.
    bought = played.first(BoughtIn, 16)
    assert isinstance(bought, BoughtIn) and bought.seat == BEN and bought.givers == (ANNA, CEM)
    assert played.events_of(16)[1:] == (DeckelMoved(ANNA, BEN, 1), DeckelMoved(CEM, BEN, 1))
    # Ben, holding 2, owes 4 and gives his 2; he is out again.
    assert DeckelMoved(BEN, ANNA, 2) in played.events_of(20)
    assert PlayersOut((BEN,)) in played.events_of(20)
    # Put-back forbidden: every throw Anna may make keeps her set-aside 6.
    keeps = [a.keep for a in game_after("schock4life", 23).legal_actions() if isinstance(a, Throw)]
    assert keeps and all(6 in k for k in keeps)
    thrown = played.first(Thrown, 23)
    assert isinstance(thrown, Thrown) and thrown.covered
    # Assembled Straße counts (001:144).
    assert results_of(rounds[5])[ANNA].kind is ResultKind.STRASSE
    # Hand-Aus (three throws) beats Ben's assembled Schock-Aus (two throws).
    aus = rounds[6]
    res = results_of(aus)
    assert res[ANNA].is_hand_aus and res[ANNA].throws == 3
    assert res[BEN].is_schock_aus and not res[BEN].is_hand_aus and res[BEN].throws == 2
    assert aus.best == ANNA and aus.worst == CEM and aus.deckel is None
    # Without the Hand-Aus rule, Ben's fewer throws would make him best.
    plain_aus = find_preset("schock4life").with_overrides({"hand_aus_beats": False})
    other = replay(dataclasses.replace(played.record, rules=plain_aus, outcome=None))
    assert [e.best for e in other.events if isinstance(e, RoundEnded)][6] == BEN
    # Finale opened by the first-half loser (Anna), not by Cem who lost the last round.
    start = played.first(SectionStarted, 35)
    assert isinstance(start, SectionStarted) and start.section is Section.FINALE
    opened = played.first(RoundStarted, 35)
    assert isinstance(opened, RoundStarted) and opened.order == (ANNA, CEM)
    # Turning sixes: all remaining dice must be thrown again; only the turned 1 may stay out.
    turned = played.first(SixesTurned, 37)
    assert isinstance(turned, SixesTurned) and turned.must_throw == (6, 1)
    assert game_after("schock4life", 38).legal_actions() == (Throw((1,)),)


# -------------------------------------------------------------------------- knobelrunde (002)


def test_knobelrunde_game() -> None:
    played = play("knobelrunde")
    rounds = played.rounds()
    assert rounds[0].kind is RoundKind.OPENING_ROUND and rounds[0].best == CEM
    # A General (in one throw) beats Schock 2 and is worth 3.
    res = results_of(rounds[1])
    assert res[CEM].kind is ResultKind.GENERAL and res[DORA].kind is ResultKind.SCHOCK
    assert res[DORA].dice == (2, 1, 1)
    assert rounds[1].best == CEM and rounds[1].deckel == 3
    # Assembled, 5-5-5 and 6-5-4 are plain numbers; Anna's 5-5-5 in one throw is a General.
    res = results_of(rounds[2])
    assert res[BEN].dice == (5, 5, 5) and res[BEN].kind is ResultKind.PLAIN
    assert res[CEM].dice == (6, 5, 4) and res[CEM].kind is ResultKind.PLAIN
    assert res[ANNA].dice == (5, 5, 5) and res[ANNA].kind is ResultKind.GENERAL
    assert rounds[2].worst == BEN
    # Turning sixes: the other six must go back.
    turned = played.first(SixesTurned, 20)
    assert isinstance(turned, SixesTurned) and turned.must_throw == (6,)
    # "Mit ist Schitt": Dora's 542 equals Cem's; Dora threw later.
    res = results_of(rounds[3])
    assert res[CEM].rank == res[DORA].rank and rounds[3].worst == DORA
    assert PlayersOut((CEM, ANNA)) in played.events_of(28)
    # Dora gives Ben all she has; Ben collects all 13, then loses the second half by Hand Out.
    assert DeckelMoved(DORA, BEN, 4) in played.events_of(33)
    assert rounds[5].best == CEM and results_of(rounds[5])[CEM].is_hand_aus
    # Blattschuss: no Finale.
    assert not any(
        isinstance(e, SectionStarted) and e.section is Section.FINALE for e in played.game.events
    )
    ended = played.first(GameEnded, 38)
    assert isinstance(ended, GameEnded) and ended.blattschuss and ended.loser == BEN


# ---------------------------------------------------------------------------- allgemein (003)


def test_allgemein_game() -> None:
    played = play("allgemein")
    rounds = played.rounds()
    assert rounds[0].kind is RoundKind.OPENING_ROUND and rounds[0].best == BEN
    # Schock 2 beats a General and is worth 2.
    res = results_of(rounds[1])
    assert res[CEM].dice == (2, 1, 1) and res[BEN].kind is ResultKind.GENERAL
    assert rounds[1].best == CEM and rounds[1].deckel == 2
    # Turning sixes, then the third throw stays covered.
    turned = played.first(SixesTurned, 9)
    assert isinstance(turned, SixesTurned) and turned.must_throw == (6,)
    throws = {
        i: (e.throw, e.covered)
        for i in (10, 11, 40, 41)
        for e in played.events_of(i)
        if isinstance(e, Thrown)
    }
    assert throws == {10: (2, False), 11: (3, True), 40: (2, False), 41: (3, True)}
    view = game_after("allgemein", 12).view  # Anna's covered third throw, before Ben's turn
    assert view(ANNA).turns[0].showing == (5, 1, 1)
    assert view(CEM).turns[0].showing is None and view(None).turns[0].result is None
    # More throws is worse: Ben's 653 in two loses to Cem's in one.
    res = results_of(rounds[2])
    assert res[BEN].rank == res[CEM].rank and (res[BEN].throws, res[CEM].throws) == (2, 1)
    assert rounds[2].worst == BEN
    # Schock-Aus: the worst (Anna, assembled 6-5-4 = plain) takes the middle and Ben's Deckel.
    res = results_of(rounds[3])
    assert res[ANNA].kind is ResultKind.PLAIN and res[CEM].kind is ResultKind.STRASSE
    assert DeckelMoved(None, ANNA, 6) in played.events_of(23)
    assert DeckelMoved(BEN, ANNA, 5) in played.events_of(23)
    # Fewer Deckel in the stock than owed; Cem is out; Deckel between players.
    assert DeckelMoved(None, BEN, 1) in played.events_of(38)
    assert PlayersOut((CEM,)) in played.events_of(38)
    assert DeckelMoved(ANNA, BEN, 6) in played.events_of(43)
    # The Endkampf, collected by Ben.
    assert DeckelMoved(None, BEN, 1) in played.events_of(54)
    ended = played.first(SectionEnded, 54)
    assert isinstance(ended, SectionEnded) and ended.section is Section.FINALE
    assert not ended.schock_aus


# ------------------------------------------------------------------------- docs/record.md

DOC = Path(__file__).resolve().parents[1] / "docs" / "record.md"


def test_the_example_in_docs_record_md_replays_as_written() -> None:
    text = DOC.read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    record = parse_record(example)
    game = replay(record)
    assert game.is_over and game.loser == 1 and outcome_of(game)["blattschuss"] is True
    assert record.to_json() == example  # exactly what the engine writes
    assert record.meta == {"where": "Stammtisch, Tuesday"}
    assert [bool(s.note) for s in record.steps].count(True) == 2


def test_the_replay_output_in_docs_record_md_is_the_real_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DOC.read_text(encoding="utf-8")
    shown = text.split("$ schocken replay tests/golden/tsv99.json\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(DOC.parents[1])
    assert cli_main(["replay", "tests/golden/tsv99.json"]) == 0
    assert capsys.readouterr().out == shown


# ----------------------------------------------------------------- corners of the rule texts

CORNERS = ("schock4life-buys-every-deckel",)


def test_corner_files_are_what_the_script_makes() -> None:
    made = make_golden().build_corners(SEEDS)
    assert sorted(made) == sorted(CORNERS)
    for name in CORNERS:
        assert made[name] == golden_text(name), f"run tests/golden/make_golden.py ({name})"


@pytest.mark.parametrize("name", CORNERS)
def test_corner_notes_cite_the_presets_text_by_line(name: str) -> None:
    assert SEEDS.is_dir(), f"the rule texts are not at {SEEDS}"
    record = load(name)
    golden = make_golden().CORNER_GOLDEN[name]
    assert record.rules == golden.rules() and record.rules.overrides() != {}
    assert make_golden().check_quotes(golden.preset, record.steps, SEEDS) == []
    assert all(step.note.startswith(f"{SEED_OF[golden.preset]}:") for step in record.steps)


@pytest.mark.parametrize("name", CORNERS)
def test_corner_every_step_that_applies_a_rule_has_a_note(name: str) -> None:
    played = play(name)
    assert outcome_of(played.game) == dict(played.record.outcome or {})
    ruled = (RoundEnded, ThrowLimitFixed, BoughtIn, PlayersOut, DeckelMoved, SectionEnded)
    for i, step in enumerate(played.record.steps):
        if any(isinstance(e, ruled) for e in played.events_of(i)):
            assert step.note, f"step {i} ({step.action}) applies a rule but has no note"


def test_corner_a_buyer_who_holds_every_deckel_has_lost_the_half_at_once() -> None:
    """schock4life on 2 Deckel: Ben, out, buys in and takes the last Deckel of Anna and Cem;
    holding both he has lost the Hinrunde there, no round is played, and he opens the Rückrunde
    (docs/rules.md, "Einwürfeln")."""
    played = play("schock4life-buys-every-deckel")
    assert PlayersOut((BEN,)) in played.events_of(6)
    assert played.events_of(7) == (
        BoughtIn(BEN, (ANNA, CEM)),
        DeckelMoved(ANNA, BEN, 1),
        DeckelMoved(CEM, BEN, 1),
        SectionEnded(Section.FIRST_HALF, BEN, False, (0, 2, 0)),
        SectionStarted(Section.SECOND_HALF, (ANNA, BEN, CEM), 2),
        RoundStarted(RoundKind.NORMAL, 4, (BEN, CEM, ANNA)),
    )
    game = played.game
    assert game.half_losers == (BEN, CEM) and game.loser == BEN
    assert [e.order for e in game.events if isinstance(e, RoundStarted)][-1] == (BEN, CEM)
    assert game.round_count == 6 and len(played.rounds()) == 5  # round 3 was not played
    # The round the buy-in would have joined cannot be played: Anna, its opener, may not throw.
    record = played.record
    anna = RecordStep(ANNA, Throw(()), (6, 4, 3))
    error = refused_at(dataclasses.replace(record, steps=(*record.steps[:8], anna)))
    assert error.step == 8 and "it is Ben's turn, not Anna's" in error.reason


# ----------------------------------------------------------- rules from other pubs (REGIONAL.md)

REGIONAL = (
    "regional-jule",
    "regional-ones",
    "regional-erster-hoch",
    "regional-strassen",
    "regional-nutte",
    "regional-one-throw-tie",
    "regional-anknobeln",
    "regional-schock-aus-worth",
    "regional-achter",
    "regional-laden",
    "regional-pip-sum",
    "regional-high-die",
    "regional-low-die",
    "regional-throw-off",
    "regional-deckel-sum",
    "regional-blind",
    "regional-open-round",
    "regional-first-seat",
    "regional-no-deckel",
    "regional-schock-aus-game",
    "regional-most-deckel-opens",
    "regional-after-most-deckel-opens",
    "regional-sixes-first",
    "regional-einwuerfeln-at-risk",
    "regional-more-halves",
)


@dataclass(frozen=True, slots=True)
class RegionalFacts:
    half_losers: tuple[int, ...]
    loser: int
    rounds: int
    steps: int
    overrides: dict[str, object]


REGIONAL_FACTS = {
    "regional-jule": RegionalFacts(
        (BEN, ANNA),
        ANNA,
        8,
        26,
        {
            "deckel_per_half": 15,
            "deckel_in_finale": 15,
            "jule": True,
            "jule_one_throw": True,
        },
    ),
    "regional-ones": RegionalFacts(
        (ANNA, BEN),
        ANNA,
        4,
        20,
        {
            "deckel_per_half": 3,
            "deckel_in_finale": 3,
            "general": False,
            "set_aside": "ones",
            "sixes_turn": "one_throw",
        },
    ),
    "regional-erster-hoch": RegionalFacts(
        (BEN, ANNA),
        BEN,
        7,
        22,
        {
            "deckel_per_half": 3,
            "deckel_in_finale": 3,
            "first_round_one_throw": "halves_and_finale",
        },
    ),
    "regional-strassen": RegionalFacts(
        (BEN, ANNA),
        BEN,
        7,
        21,
        {
            "deckel_per_half": 3,
            "deckel_in_finale": 3,
            "strassen": "outer",
            "strasse_rank": "equal",
        },
    ),
    "regional-nutte": RegionalFacts(
        (ANNA, BEN),
        ANNA,
        7,
        23,
        {"deckel_per_half": 15, "deckel_in_finale": 15, "jule": True, "nutte": True},
    ),
    "regional-one-throw-tie": RegionalFacts(
        (ANNA, BEN),
        BEN,
        7,
        25,
        {"deckel_per_half": 2, "deckel_in_finale": 2, "tiebreak": "one_throw_then_later"},
    ),
    "regional-anknobeln": RegionalFacts(
        (ANNA, BEN),
        BEN,
        7,
        20,
        {"deckel_per_half": 3, "deckel_in_finale": 2, "one_throw_while_middle": True},
    ),
    "regional-schock-aus-worth": RegionalFacts(
        (BEN, BEN),
        BEN,
        6,
        18,
        {
            "deckel_per_half": 8,
            "deckel_in_finale": 8,
            "schock_aus": "worth",
        },
    ),
    "regional-achter": RegionalFacts(
        (ANNA, ANNA),
        ANNA,
        6,
        20,
        {
            "deckel_per_half": 13,
            "jule": True,
            "jule_rank": "by_worth",
            "nutte": True,
            "nutte_rank": "by_worth",
            "achter": True,
            "achter_deckel": 10,
        },
    ),
    "regional-laden": RegionalFacts(
        (ANNA, BEN),
        ANNA,
        5,
        13,
        {"deckel_per_half": 2, "deckel_in_finale": 2, "opening": "worst_opens"},
    ),
    "regional-pip-sum": RegionalFacts(
        (BEN, ANNA),
        BEN,
        7,
        21,
        {"deckel_per_half": 2, "deckel_in_finale": 2, "plain_rank": "pip_sum"},
    ),
    "regional-high-die": RegionalFacts(
        (BEN, ANNA),
        BEN,
        5,
        16,
        {"deckel_per_half": 2, "deckel_in_finale": 2, "opening": "high_die"},
    ),
    "regional-low-die": RegionalFacts(
        (BEN, ANNA), BEN, 6, 18, {"deckel_per_half": 2, "deckel_in_finale": 2, "opening": "low_die"}
    ),
    "regional-throw-off": RegionalFacts(
        (BEN, CEM),
        CEM,
        10,
        29,
        {"deckel_per_half": 2, "deckel_in_finale": 2, "tiebreak": "throw_off"},
    ),
    "regional-deckel-sum": RegionalFacts(
        (BEN, ANNA),
        BEN,
        7,
        21,
        {"deckel_per_half": 3, "deckel_in_finale": 3, "deckel_owed": "sum"},
    ),
    "regional-blind": RegionalFacts(
        (BEN, ANNA),
        BEN,
        4,
        10,
        {
            "deckel_per_half": 3,
            "deckel_in_finale": 3,
            "covered": "all",
            "blind": True,
            "blind_double": True,
        },
    ),
    "regional-open-round": RegionalFacts(
        (BEN, ANNA),
        BEN,
        4,
        14,
        {"deckel_per_half": 2, "deckel_in_finale": 2, "covered": "last_throw", "open_round": True},
    ),
    "regional-first-seat": RegionalFacts(
        (CEM, BEN),
        CEM,
        3,
        11,
        {"deckel_per_half": 2, "deckel_in_finale": 2, "opening": "first_seat"},
    ),
    "regional-no-deckel": RegionalFacts(
        (ANNA,),
        ANNA,
        3,
        10,
        {
            "deckel_per_half": 2,
            "finale": False,
            "tiebreak": "no_deckel",
            "set_aside": "ones_and_sixes",
            "sixes_turn": "never",
            "first_round_one_throw": "halves",
        },
    ),
    "regional-schock-aus-game": RegionalFacts(
        (ANNA, CEM),
        CEM,
        3,
        15,
        {
            "deckel_per_half": 3,
            "deckel_in_finale": 3,
            "schock_aus": "game",
            "nutte": True,
            "nutte_one_throw": True,
        },
    ),
    "regional-most-deckel-opens": RegionalFacts(
        (CEM,),
        CEM,
        7,
        30,
        {"deckel_per_half": 4, "finale": False, "later_opener": "most_deckel"},
    ),
    "regional-after-most-deckel-opens": RegionalFacts(
        (DORA,),
        DORA,
        6,
        27,
        {"deckel_per_half": 4, "finale": False, "later_opener": "after_most_deckel"},
    ),
    "regional-sixes-first": RegionalFacts(
        (BEN,),
        BEN,
        4,
        19,
        {"deckel_per_half": 3, "finale": False, "sixes_turn": "first_throw"},
    ),
    "regional-more-halves": RegionalFacts(
        (CEM, BEN, ANNA, BEN),
        BEN,
        5,
        20,
        {"deckel_per_half": 2, "more_halves": True},
    ),
    "regional-einwuerfeln-at-risk": RegionalFacts(
        (CEM,),
        CEM,
        8,
        38,
        {
            "deckel_per_half": 4,
            "finale": False,
            "einwuerfeln": True,
            "einwuerfeln_form": "at_risk",
        },
    ),
}


@pytest.mark.parametrize("name", REGIONAL)
def test_regional_record_replays_to_its_outcome_and_facts(name: str) -> None:
    facts = REGIONAL_FACTS[name]
    record = load(name)
    assert record.rules == make_golden().REGIONAL_GOLDEN[name].rules()
    assert record.rules.overrides() == facts.overrides
    assert len(record.steps) == facts.steps
    game = replay(record)
    assert outcome_of(game) == dict(record.outcome or {})
    assert game.half_losers == facts.half_losers and game.loser == facts.loser
    assert game.round_count == facts.rounds
    for s in outcome_of(game)["sections"]:
        rules = record.rules
        total = rules.deckel_in_finale if s["section"] == "finale" else rules.deckel_per_half
        assert s["deckel"][s["loser"]] == total == sum(s["deckel"])


@pytest.mark.parametrize("name", REGIONAL)
def test_regional_notes_cite_a_row_and_known_sources(name: str) -> None:
    check = make_golden().check_regional_notes
    steps = load(name).steps
    assert check(steps) == []
    assert sum(1 for s in steps if s.note) >= len(steps) - 2
    for bad in ("no row here", "row 48: too far", "row 33 [nowhere]: Jule"):
        assert check((RecordStep(0, STOP, (), bad),)) != [], bad


@pytest.mark.parametrize("name", REGIONAL)
def test_regional_every_step_that_applies_a_rule_has_a_note(name: str) -> None:
    played = play(name)
    ruled = (RoundEnded, ThrowLimitFixed, SixesTurned, PlayersOut, DeckelMoved, SectionEnded)
    for i, step in enumerate(played.record.steps):
        if any(isinstance(e, ruled) for e in played.events_of(i)):
            assert step.note, f"step {i} ({step.action}) applies a rule but has no note"


def test_regional_files_are_what_the_script_makes() -> None:
    made = make_golden().build_regional()
    assert sorted(made) == sorted(REGIONAL)
    for name in REGIONAL:
        assert made[name] == golden_text(name), f"run tests/golden/make_golden.py ({name})"


def test_regional_jule_game() -> None:
    played = play("regional-jule")
    rounds = played.rounds()
    # A Jule in one throw beats Schock 6 and is worth 7.
    res = results_of(rounds[1])
    assert res[ANNA].kind is ResultKind.JULE and res[ANNA].name == "Jule"
    assert res[BEN].kind is ResultKind.SCHOCK and rounds[1].deckel == 7
    assert DeckelMoved(None, BEN, 7) in played.events_of(5)
    # Assembled over two throws, 4-2-1 is the plain number 421 (jule_one_throw).
    res = results_of(rounds[2])
    assert res[BEN].dice == (4, 2, 1) and res[BEN].kind is ResultKind.PLAIN
    # A Jule worth 7 with 3 in the middle: the loser takes 3; later the best gives what it holds.
    assert DeckelMoved(None, ANNA, 3) in played.events_of(13)
    assert DeckelMoved(ANNA, BEN, 3) in played.events_of(16)
    # The Finale, 15 Deckel, and a Jule in it.
    start = played.first(SectionStarted, 19)
    assert isinstance(start, SectionStarted) and start.section is Section.FINALE
    assert start.middle == 15
    assert results_of(rounds[6])[ANNA].kind is ResultKind.JULE
    record = played.record
    # Without the Jule, Ben's Schock 6 wins round 1 and Anna, not Ben, opens round 2; with a Jule
    # that may be assembled, Ben's 4-2-1 wins round 2 and Anna opens round 3.
    for change, step in (({"jule": False}, 6), ({"jule_one_throw": False}, 11)):
        rules = record.rules.with_overrides(change)
        error = refused_at(dataclasses.replace(record, rules=rules))
        assert error.step == step and "it is Anna's turn, not Ben's" in error.reason


def test_regional_ones_game() -> None:
    played = play("regional-ones")
    rounds = played.rounds()
    # Without General, 5-5-5 is a plain number below Ben's Straße.
    assert results_of(rounds[0])[ANNA].kind is ResultKind.PLAIN and rounds[0].best == BEN
    # Turned sixes from a throw of all three dice; afterwards only the 1 may stay out.
    turned = played.first(SixesTurned, 4)
    assert isinstance(turned, SixesTurned) and turned.must_throw == (6,)
    assert game_after("regional-ones", 5).legal_actions() == (Throw((1,)),)
    # With a 1 set aside, two sixes of the next throw do not turn (the limit ended the turn too).
    assert results_of(rounds[1])[ANNA].dice == (6, 6, 1)
    # Hand-Aus (knobelrunde) beats Anna's Schock-Aus assembled from turned sixes.
    res = results_of(rounds[3])
    assert res[BEN].is_hand_aus and res[ANNA].is_schock_aus and not res[ANNA].is_hand_aus
    assert rounds[3].worst == ANNA
    record = played.record
    for index, step, reason in [
        (5, RecordStep(BEN, Throw((2, 1)), (4,)), "only 1s may be set aside"),
        (10, RecordStep(ANNA, Throw((2, 2)), (5,)), "only 1s may be set aside"),
    ]:
        error = refused_at(with_step(record, index, step))
        assert error.step == index and reason in error.reason
    never = record.rules.with_overrides({"sixes_turn": "never"})
    error = refused_at(dataclasses.replace(record, rules=never))
    assert error.step == 4 and "never turn sixes" in error.reason


def test_regional_erster_hoch_game() -> None:
    played = play("regional-erster-hoch")
    record = played.record
    # The opening round is no first round: Anna throws twice and sets the limit.
    assert [s.seat for s in record.steps[:5]] == [ANNA, ANNA, ANNA, BEN, BEN]
    # The first round for Deckel of each half and of the Finale: one throw each, no stop asked.
    for first in (5, 12, 20):
        assert [s.action for s in record.steps[first : first + 2]] == [Throw(()), Throw(())]
        assert record.steps[first].seat != record.steps[first + 1].seat
    assert game_after("regional-erster-hoch", 5).max_throws() == 1
    # Without Erster Hoch, Anna's first turn for Deckel goes on after one throw; with it only in
    # the halves, her turn in the Finale does.
    for change, step in (("never", 6), ("halves", 21)):
        rules = record.rules.with_overrides({"first_round_one_throw": change})
        error = refused_at(dataclasses.replace(record, rules=rules))
        assert error.step == step and "it is Anna's turn, not Ben's" in error.reason


def test_regional_strassen_game() -> None:
    played = play("regional-strassen")
    rounds = played.rounds()
    # Only the outer Straßen count: 5-4-3 and 2-3-4 are plain numbers.
    assert results_of(rounds[0])[ANNA].kind is ResultKind.PLAIN
    assert results_of(rounds[2])[ANNA].name == "432"
    # Equal Straßen: Anna's 4-5-6 after Ben's 1-2-3 is the worse (later loses).
    res = results_of(rounds[1])
    assert res[ANNA].kind is res[BEN].kind is ResultKind.STRASSE and rounds[1].worst == ANNA
    record = played.record
    # Ranked by pips, Anna's 4-5-6 wins round 2 and Ben, not Anna, opens round 3; with all four
    # Straßen, Anna's 5-4-3 beats Ben's 621 and she, not Ben, opens the first half.
    for change, step, reason in (
        ({"strasse_rank": "by_pips"}, 6, "it is Ben's turn, not Anna's"),
        ({"strassen": "all"}, 3, "it is Anna's turn, not Ben's"),
    ):
        rules = record.rules.with_overrides(change)
        error = refused_at(dataclasses.replace(record, rules=rules))
        assert error.step == step and reason in error.reason


def test_regional_nutte_game() -> None:
    played = play("regional-nutte")
    rounds = played.rounds()
    # The Nutte beats a Jule and a Schock and is worth 9; assembled it still counts.
    res = results_of(rounds[1])
    assert res[BEN].kind is ResultKind.NUTTE and res[BEN].name == "Nutte"
    assert res[ANNA].kind is ResultKind.JULE and rounds[1].deckel == 9
    res = results_of(rounds[2])
    assert res[ANNA].kind is ResultKind.NUTTE and not res[ANNA].one_throw
    # It ranks below a Schock-Aus.
    assert results_of(rounds[4])[BEN].kind is ResultKind.NUTTE and rounds[4].worst == BEN
    record = played.record
    # Without the Nutte, 2-2-1 is the worst throw: Ben's Jule opens the first half, not Anna;
    # from one throw only, Anna's assembled 2-2-1 loses round 3 and she, not Ben, opens round 4.
    for change, step, reason in (
        ({"nutte": False}, 3, "it is Ben's turn, not Anna's"),
        ({"nutte_one_throw": True}, 11, "it is Anna's turn, not Ben's"),
    ):
        rules = record.rules.with_overrides(change)
        error = refused_at(dataclasses.replace(record, rules=rules))
        assert error.step == step and reason in error.reason


def test_regional_one_throw_tie_game() -> None:
    played = play("regional-one-throw-tie")
    rounds = played.rounds()
    # Equal 652s: Ben's from one throw beats Anna's assembled one, though he threw later.
    res = results_of(rounds[0])
    assert res[ANNA].rank == res[BEN].rank and not res[ANNA].one_throw and res[BEN].one_throw
    assert rounds[0].best == BEN
    # Equal 553s, both from one throw: the later thrower is worse.
    assert rounds[2].worst == BEN
    # In the Finale Anna's 431 from one throw, with two throws, beats Ben's assembled 431.
    res = results_of(rounds[5])
    assert res[ANNA].throws == 2 and res[ANNA].one_throw and rounds[5].worst == BEN
    record = played.record
    # Under later_loses, Anna's earlier 652 beats Ben's and she opens the first half.
    rules = record.rules.with_overrides({"tiebreak": "later_loses"})
    error = refused_at(dataclasses.replace(record, rules=rules))
    assert error.step == 5 and "it is Anna's turn, not Ben's" in error.reason


def test_regional_anknobeln_game() -> None:
    played = play("regional-anknobeln")
    record = played.record
    # The opening round is for no Deckel: Anna throws twice and sets its limit.
    assert [s.seat for s in record.steps[:5]] == [ANNA, ANNA, ANNA, BEN, BEN]
    # While Deckel are in the middle each turn is one throw, no stop asked: in both halves
    # and in the Finale.
    for first in (5, 7, 14, 16, 18):
        assert [s.action for s in record.steps[first : first + 2]] == [Throw(()), Throw(())]
        assert record.steps[first].seat != record.steps[first + 1].seat
    assert game_after("regional-anknobeln", 7).max_throws() == 1  # one Deckel left
    # The middle empty, Anna opens and throws twice.
    assert [(s.seat, s.action) for s in record.steps[9:12]] == [
        (ANNA, Throw(())),
        (ANNA, Throw(())),
        (ANNA, STOP),
    ]
    # Without Anknobeln, Anna's first turn for Deckel goes on after one throw.
    rules = record.rules.with_overrides({"one_throw_while_middle": False})
    error = refused_at(dataclasses.replace(record, rules=rules))
    assert error.step == 6 and "it is Anna's turn, not Ben's" in error.reason


def test_regional_schock_aus_worth_game() -> None:
    played = play("regional-schock-aus-worth")
    ended = [e for e in played.game.events if isinstance(e, SectionEnded)]
    # No half ended by a Schock-Aus: each ended when Ben held all 8.
    assert [(e.loser, e.schock_aus) for e in ended] == [(BEN, False), (BEN, False)]
    rounds = played.rounds()
    assert results_of(rounds[1])[ANNA].kind is ResultKind.SCHOCK_AUS and rounds[1].deckel == 7
    # Where a Schock-Aus ends the half, the same throws make Ben lose the first half at once,
    # Anna the second, and Ben the Finale: no Blattschuss.
    record = played.record
    rules = record.rules.with_overrides({"schock_aus": "half"})
    half = replay(dataclasses.replace(record, rules=rules), check_outcome=False)
    assert half.half_losers == (BEN, ANNA) and half.section is Section.FINALE
    assert [e for e in half.events if isinstance(e, GameEnded)] == [
        GameEnded(BEN, False, (BEN, ANNA))
    ]


def test_regional_achter_game() -> None:
    played = play("regional-achter")
    rounds = played.rounds()
    # By worth, the Achter 10 beats a Nutte 9 and is worth 10; assembled it still counts.
    res = results_of(rounds[1])
    assert res[BEN].kind is ResultKind.ACHTER and res[BEN].name == "Achter"
    assert res[ANNA].kind is ResultKind.NUTTE and rounds[1].deckel == 10
    res = results_of(rounds[2])
    assert res[ANNA].kind is ResultKind.ACHTER and not res[ANNA].one_throw
    # It ranks below a Schock-Aus.
    assert results_of(rounds[3])[ANNA].kind is ResultKind.ACHTER and rounds[3].worst == ANNA
    record = played.record
    # Without the Achter, 3-3-1 is 331: Ben's Jule opens the first half, not Anna; worth 8 it
    # ranks below the Nutte 9: Ben loses round 2 and opens round 3, not Anna.
    for change, step, reason in (
        ({"achter": False}, 3, "it is Ben's turn, not Anna's"),
        ({"achter_deckel": 8}, 6, "it is Ben's turn, not Anna's"),
    ):
        rules = record.rules.with_overrides(change)
        error = refused_at(dataclasses.replace(record, rules=rules))
        assert error.step == step and reason in error.reason


def test_regional_laden_game() -> None:
    played = play("regional-laden")
    rounds = played.rounds()
    # One throw each; the tie for the lowest is thrown off; a Schock-Aus there moves nothing;
    # the lowest opens the first round, and no Deckel move before it.
    assert [r.kind for r in rounds[:2]] == [RoundKind.OPENING_THROW, RoundKind.STECHEN]
    assert rounds[0].stechen == (ANNA, BEN) and rounds[0].deckel == 0
    assert results_of(rounds[1])[ANNA].kind is ResultKind.SCHOCK_AUS
    assert rounds[1].worst == BEN and rounds[1].deckel == 0
    first_move = next(i for i, e in enumerate(played.game.events) if isinstance(e, DeckelMoved))
    assert first_move > played.game.events.index(rounds[2])
    assert rounds[2].kind is RoundKind.NORMAL and rounds[2].results[0][0] == BEN
    record = played.record
    # With tsv99's own opening round Anna may throw on after her first throw: Ben's is refused.
    rules = record.rules.with_overrides({"opening": "plain_round"})
    error = refused_at(dataclasses.replace(record, rules=rules))
    assert error.step == 1 and "it is Anna's turn, not Ben's" in error.reason
    # With lowest_takes the same throws make Ben take 1 Deckel (532's worth) after the Stechen.
    rules = record.rules.with_overrides({"opening": "lowest_takes"})
    taking = replay(
        dataclasses.replace(record, rules=rules, steps=record.steps[:4]), check_outcome=False
    )
    assert [e for e in taking.events if isinstance(e, DeckelMoved)] == [DeckelMoved(None, BEN, 1)]


@pytest.mark.parametrize(
    ("name", "opener"), [("regional-high-die", CEM), ("regional-low-die", CEM)]
)
def test_regional_one_die_each_game(name: str, opener: int) -> None:
    played = play(name)
    rounds = played.rounds()
    opening = [r for r in rounds if r.kind is RoundKind.OPENING_DIE]
    # One die each, no Deckel: ties throw again among themselves until one is alone.
    assert all(len(r.dice) == 1 for e in opening for _, r in e.results)
    assert all(e.deckel == 0 for e in opening) and [e.stechen for e in opening][-1] == ()
    assert all(e.stechen == (ANNA, CEM) for e in opening[:-1])
    assert [s for s, _ in opening[1].results] == [ANNA, CEM]
    first_move = next(i for i, e in enumerate(played.game.events) if isinstance(e, DeckelMoved))
    normal = rounds[len(opening)]
    assert first_move > played.game.events.index(normal)
    assert normal.kind is RoundKind.NORMAL and normal.results[0][0] == opener
    # Under the other one-die opening Ben's die, alone at the other end, opens at once: Anna's
    # second die is refused.
    other = "low_die" if name.endswith("high-die") else "high_die"
    rules = played.record.rules.with_overrides({"opening": other})
    error = refused_at(dataclasses.replace(played.record, rules=rules))
    assert error.step == 3 and "it is Ben's turn, not Anna's" in error.reason


def test_regional_throw_off_game() -> None:
    played = play("regional-throw-off")
    rounds = played.rounds()
    kinds = [r.kind for r in rounds]
    assert kinds.count(RoundKind.THROW_OFF) == 4
    # A tie for the worst: the tied throw off, again while tied, in the order they threw.
    assert (rounds[1].worst, rounds[1].stechen, rounds[1].deckel) == (None, (ANNA, BEN), 2)
    assert (rounds[2].kind, rounds[2].stechen) == (RoundKind.THROW_OFF, (ANNA, BEN))
    assert (rounds[3].worst, rounds[3].best, rounds[3].deckel) == (BEN, CEM, 2)
    # Under a Schock-Aus the throw-off's loser takes the half.
    assert rounds[5].deckel is None and rounds[5].worst == CEM
    # The best player lost the throw-off: the second best gave.
    assert (rounds[8].best, rounds[9].best, rounds[9].worst) == (CEM, BEN, CEM)
    assert played.game.events[-3:-1] == [
        DeckelMoved(BEN, CEM, 1),
        SectionEnded(Section.FINALE, CEM, False, (0, 0, 2)),
    ]
    record = played.record
    # Under later_loses Ben (the later) takes the Deckel of round 1 at once; under no_deckel
    # nobody does and Cem opens again: either way Anna's throw-off throw is refused.
    for tiebreak, whose in (("later_loses", "Ben"), ("no_deckel", "Cem")):
        rules = record.rules.with_overrides({"tiebreak": tiebreak})
        error = refused_at(dataclasses.replace(record, rules=rules))
        assert error.step == 8 and f"it is {whose}'s turn, not Anna's" in error.reason


def test_regional_deckel_sum_game() -> None:
    played = play("regional-deckel-sum")
    rounds = played.rounds()
    # What the loser takes: every special result's worth added up (Schock 2 + Straße, two
    # Generals), 1 for plain numbers; the middle or the best player's Deckel still cap it.
    assert [r.deckel for r in rounds[1:]] == [4, 1, 6, 5, 1, 4]
    assert DeckelMoved(None, BEN, 3) in played.game.events
    record = played.record
    # Taking only the best result's worth, Ben takes 2 in round 1 and has not lost the half.
    rules = record.rules.with_overrides({"deckel_owed": "best"})
    best = replay(
        dataclasses.replace(record, rules=rules, steps=record.steps[:6]), check_outcome=False
    )
    assert [e for e in best.events if isinstance(e, DeckelMoved)] == [DeckelMoved(None, BEN, 2)]
    assert best.half_losers == ()


def test_regional_blind_game() -> None:
    played = play("regional-blind")
    rounds = played.rounds()
    # covered = all: Anna's first throw and her turn, stopped early, stay covered until the reveal.
    thrown = played.first(Thrown, 0)
    assert isinstance(thrown, Thrown) and thrown.covered
    assert game_after("regional-blind", 2).view(BEN).turns[0].showing is None
    # The blind round: nobody sees a die before the reveal; the Deckel count double.
    assert any(isinstance(e, BlindOpened) for e in played.events_of(3))
    after_blind = game_after("regional-blind", 4)
    assert all(t.showing is None for t in after_blind.view(ANNA).turns)
    assert rounds[1].deckel == 4 and results_of(rounds[1])[ANNA].deckel == 2
    # Without blind_double Schock 2 is worth 2: Ben takes 2 and the half goes on.
    record = played.record
    plain = dataclasses.replace(record, rules=record.rules.with_overrides({"blind_double": False}))
    moved = [e for e in replay(plain, check_outcome=False).events if isinstance(e, DeckelMoved)]
    assert moved[0] == DeckelMoved(None, BEN, 2)
    # A blind Schock-Aus stays a Schock-Aus.
    assert rounds[3].deckel is None and results_of(rounds[3])[ANNA].is_schock_aus
    # Without blind play the opener may not throw blind.
    off = dataclasses.replace(record, rules=record.rules.with_overrides({"blind": False}))
    error = refused_at(off)
    assert error.step == 3 and "no blind play" in error.reason


def test_regional_open_round_game() -> None:
    played = play("regional-open-round")
    ended = [e for e in played.game.events if isinstance(e, TurnEnded)]
    # Only the first half's second round, whose opener threw twice, keeps a cup covered.
    assert [e.covered for e in ended] == [False, False, False, True, False, False, False, False]
    record = played.record
    closed = dataclasses.replace(record, rules=record.rules.with_overrides({"open_round": False}))
    shut = [e for e in replay(closed).events if isinstance(e, TurnEnded)]
    assert [e.covered for e in shut] == [False, True, False, True, False, True, False, True]


def test_regional_no_deckel_game() -> None:
    played = play("regional-no-deckel")
    record = played.record
    # The tie moved nothing and Anna opened again; without a Finale the half was the game.
    rounds = played.rounds()
    assert (rounds[1].worst, rounds[1].stechen) == (None, ())
    assert [s for s, _ in rounds[2].results] == [ANNA, BEN]
    assert not any(
        isinstance(e, SectionStarted) and e.section is Section.SECOND_HALF
        for e in played.game.events
    )
    # Under later_loses Ben takes the Deckel and opens: Anna's throw is refused.
    rules = record.rules.with_overrides({"tiebreak": "later_loses"})
    error = refused_at(dataclasses.replace(record, rules=rules))
    assert error.step == 5 and "it is Ben's turn, not Anna's" in error.reason
    # Where only 1s may be set aside, Anna may not keep her sixes.
    ones = dataclasses.replace(record, rules=record.rules.with_overrides({"set_aside": "ones"}))
    assert refused_at(ones).step == 6


def test_regional_schock_aus_game_ends_the_game_at_once() -> None:
    played = play("regional-schock-aus-game")
    ended = [e for e in played.game.events if isinstance(e, SectionEnded)]
    assert [(e.section, e.loser, e.schock_aus) for e in ended] == [
        (Section.FIRST_HALF, ANNA, False),
        (Section.SECOND_HALF, CEM, True),
    ]
    assert played.game.loser == CEM
    # With the half only (as most tables play it) a Finale would follow.
    record = played.record
    half = dataclasses.replace(record, rules=record.rules.with_overrides({"schock_aus": "half"}))
    game = replay(half, check_outcome=False)
    assert game.loser is None and game.section is Section.FINALE
    # An assembled 2-2-1 counts as a Nutte where it need not be thrown in one throw: then Anna
    # shares the Nutte with Cem and, the earlier thrower, is the best; Ben's 653 is worst.
    built = dataclasses.replace(
        record,
        rules=record.rules.with_overrides({"nutte_one_throw": False}),
        steps=record.steps[:11],
    )
    round1 = [e for e in replay(built, check_outcome=False).events if isinstance(e, RoundEnded)][1]
    assert (round1.best, round1.worst) == (ANNA, BEN)


def test_regional_the_holder_of_most_deckel_opens() -> None:
    played = play("regional-most-deckel-opens")
    record = played.record
    starts = [e for e in played.game.events if isinstance(e, RoundStarted)]
    assert [e.order[0] for e in starts[1:]] == [ANNA, DORA, CEM, DORA, CEM, BEN]
    # Where the loser opens (everywhere else), Ben opens the round Dora opened here.
    rules = record.rules.with_overrides({"later_opener": "loser"})
    error = refused_at(dataclasses.replace(record, rules=rules))
    assert error.step == 20 and "it is Ben's turn, not Dora's" in error.reason
    # Where the player after the holder opens (kerwe), that is Ben too: Cem has 1, Anna none.
    rules = record.rules.with_overrides({"later_opener": "after_most_deckel"})
    error = refused_at(dataclasses.replace(record, rules=rules))
    assert error.step == 20 and "it is Ben's turn, not Dora's" in error.reason


def test_regional_sixes_turn_only_after_the_first_throw() -> None:
    played = play("regional-sixes-first")
    record = played.record
    turned = [e for e in played.game.events if isinstance(e, SixesTurned)]
    assert turned == [SixesTurned(BEN, 1, (6,)), SixesTurned(BEN, 1, (6,))]
    # Anna's second throw 6-6-4 (all three dice) and Ben's 6-6 beside his 1 with a throw left:
    # no turning here; one_throw would turn Anna's, any_throw both.
    for steps, seat, others in ((5, ANNA, ("one_throw", "any_throw")), (12, BEN, ("any_throw",))):
        game = game_after("regional-sixes-first", steps)
        assert TURN_SIXES not in game.legal_actions()
        for other in others:
            rules = record.rules.with_overrides({"sixes_turn": other})
            early = dataclasses.replace(record, rules=rules, steps=record.steps[:steps])
            assert TURN_SIXES in replay(early, check_outcome=False).legal_actions(), other
        late = dataclasses.replace(
            record, steps=(*record.steps[:steps], RecordStep(seat, TURN_SIXES))
        )
        error = refused_at(late)
        assert error.step == steps and "only the sixes of a turn's first throw" in error.reason


def test_regional_einwuerfeln_at_risk() -> None:
    played = play("regional-einwuerfeln-at-risk")
    assert played.events_of(20) == (BoughtIn(ANNA, ()),)  # she takes nothing
    # Anna's Schock 6 is best, but Ben, the best of those holding Deckel, gives Dora
    assert played.first(RoundEnded, 25) == played.rounds()[4]
    assert (played.rounds()[4].best, played.rounds()[4].worst) == (ANNA, DORA)
    assert DeckelMoved(BEN, DORA, 1) in played.events_of(25)
    assert PlayersOut((BEN, ANNA)) in played.events_of(25)
    assert DeckelMoved(DORA, ANNA, 1) in played.events_of(30)  # she lost: she keeps it
    assert PlayersOut((ANNA,)) in played.events_of(34)
    # Where she takes one Deckel from each holder, she holds 3 and gives Dora them all: Dora
    # holds all 4 and has lost the half there.
    rules = played.record.rules.with_overrides({"einwuerfeln_form": "from_each_holder"})
    record = dataclasses.replace(played.record, rules=rules, steps=played.record.steps[:26])
    game = replay(record, check_outcome=False)
    assert DeckelMoved(ANNA, DORA, 3) in game.events
    assert game.loser == DORA


def test_regional_more_halves_until_one_player_lost_two() -> None:
    played = play("regional-more-halves")
    started = [e for e in played.game.events if isinstance(e, SectionStarted)]
    assert [(e.section, e.players) for e in started] == [
        (Section.FIRST_HALF, (ANNA, BEN, CEM)),
        (Section.SECOND_HALF, (ANNA, BEN, CEM)),
        (Section.EXTRA_HALF, (ANNA, BEN, CEM)),
        (Section.EXTRA_HALF, (ANNA, BEN, CEM)),
    ]
    assert played.record.outcome is not None
    assert played.record.outcome["finale"] is False
    assert played.record.outcome["blattschuss"] is False
    # With a Finale instead, Ben and Cem play it from step 12: Anna's throw after theirs is refused.
    rules = played.record.rules.with_overrides({"more_halves": False})
    error = refused_at(dataclasses.replace(played.record, rules=rules))
    assert error.step == 15 and "it is Ben's turn, not Anna's" in error.reason


def test_regional_the_player_after_the_holder_of_most_deckel_opens() -> None:
    played = play("regional-after-most-deckel-opens")
    record = played.record
    starts = [e for e in played.game.events if isinstance(e, RoundStarted)]
    assert [e.order[0] for e in starts[1:]] == [ANNA, DORA, BEN, BEN, CEM]
    # Where the holder of the most opens, Dora opens that round; where the loser, Cem.
    for later, whose in (("most_deckel", "Dora"), ("loser", "Cem")):
        rules = record.rules.with_overrides({"later_opener": later})
        error = refused_at(dataclasses.replace(record, rules=rules))
        assert error.step == 20 and f"it is {whose}'s turn, not Ben's" in error.reason
