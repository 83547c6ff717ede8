"""The lab's notebook (schocken.lab.notebook): a rule set measured before is given again at once,
the very same figures, and a note that is missing, damaged or of other code is passed over."""

from __future__ import annotations

import dataclasses
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba")

from schocken import helper
from schocken.cli import main
from schocken.fast import stores
from schocken.lab import evening, notebook, pair, run
from schocken.lab.cli import when_text
from schocken.lab.run import Figures, measure, refine
from schocken.rules import find_preset

OPTIONS: dict[str, Any] = {"games": 300, "skill_games": 200, "skill_seconds": 60.0, "seed": 4}
"""Few games, every skill game within its time: a whole measurement, noted."""

RULES = find_preset("knobelrunde").with_overrides({"deckel_per_half": 6})


@pytest.fixture
def book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A notebook of its own for the test (the suite runs without one: tests/conftest.py)."""
    folder = tmp_path / "notebook"
    monkeypatch.setenv(notebook.ENV, str(folder))
    run.forget_rule_sets()
    yield folder
    run.forget_rule_sets()
    stores.keep_stores(None)  # the batch simulator's stores kept nowhere again


def _no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, playing any game of the lab fails the test."""

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    for name in ("play_fast", "play_reference"):
        monkeypatch.setattr(evening, name, played)
    for name in ("_skill", "start_models"):
        monkeypatch.setattr(run, name, played)


def test_a_rule_set_measured_before_is_taken_from_the_notebook(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = measure(RULES, **OPTIONS)
    assert first.skill.games == 200 and first.noted is None
    assert sorted(p.name.split("-")[0] for p in book.iterdir()) == ["evening", "skill"]
    _no_games(monkeypatch)
    again = measure(RULES, **OPTIONS)
    assert again.noted is not None and again.noted.endswith("+00:00")
    assert dataclasses.replace(again, noted=None) == first  # the very same figures
    # at another pace the evening is the same games: only the minutes differ
    slower = measure(RULES, **OPTIONS, seconds_per_turn=30.0)
    assert slower.minutes.value == pytest.approx(2 * first.minutes.value)
    assert slower.turns == first.turns


def test_fresh_plays_the_games_again_with_the_same_figures(book: Path) -> None:
    first = measure(RULES, **OPTIONS)
    run.forget_rule_sets()  # nothing kept in the process either
    fresh = measure(RULES, **OPTIONS, fresh=True)
    assert fresh == first and fresh.noted is None


def test_only_whole_measurements_are_noted_and_refining_notes_them(book: Path) -> None:
    options = OPTIONS | {"skill_games": 450, "skill_seconds": 0.0}
    short = measure(RULES, **options)
    assert short.skill.games == 100  # the first chunk only: not noted
    assert [p.name.split("-")[0] for p in book.iterdir()] == ["evening"]
    whole = short
    while whole.skill.games < 450:
        whole = refine(whole, 450, seconds=0)
    assert len(list(book.glob("skill-*.json"))) == 1
    run.forget_rule_sets()
    again = measure(RULES, **options)
    assert again.skill == whole.skill and again.noted is not None


def test_refine_takes_a_skill_figure_noted_meanwhile(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process noted the skill games while these figures were short of them."""
    whole = measure(RULES, **OPTIONS)
    short = dataclasses.replace(whole, skill=run._share(1, 100))
    _no_games(monkeypatch)
    assert refine(short, 200).skill == whole.skill


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: "not json at all {",
        lambda data: json.dumps(data | {"rounds": data["rounds"][:-1]}),  # a game short
        lambda data: json.dumps(data | {"turns": ["61"] * len(data["turns"])}),  # not numbers
        lambda data: json.dumps({k: v for k, v in data.items() if k != "measured"}),
        lambda data: json.dumps([1, 2, 3]),
    ],
)
def test_a_damaged_note_is_passed_over_and_written_anew(book: Path, damage: Any) -> None:
    first = measure(RULES, **OPTIONS)
    (path,) = book.glob("evening-*.json")
    path.write_text(damage(json.loads(path.read_text())))
    run.forget_rule_sets()
    again = measure(RULES, **OPTIONS)
    assert again == first and again.noted is None  # played again, the same figures
    assert notebook.evening(RULES, "fast", OPTIONS["games"], OPTIONS["seed"]) is not None


def test_a_skill_note_that_does_not_fit_is_passed_over(book: Path) -> None:
    measure(RULES, **OPTIONS)
    (path,) = book.glob("skill-*.json")
    for data in ({"lost": 201, "games": 200}, {"lost": 3, "games": 199}, {"lost": "3"}):
        path.write_text(json.dumps({"measured": "2026-12-08T00:00:00+00:00"} | data))
        assert notebook.skill(RULES, "fast", 200, OPTIONS["seed"]) is None


def test_other_code_other_games_or_other_rules_are_not_taken(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    measure(RULES, **OPTIONS)
    assert notebook.evening(RULES, "fast", 300, 4) is not None
    assert notebook.evening(RULES, "fast", 300, 5) is None  # another seed
    assert notebook.evening(RULES, "fast", 301, 4) is None  # other games
    assert notebook.evening(RULES.with_overrides({"jule": True}), "fast", 300, 4) is None
    assert notebook.evening(RULES, "reference", 300, 4) is None
    monkeypatch.setattr(notebook, "code", lambda: "other code")
    assert notebook.evening(RULES, "fast", 300, 4) is None
    assert not notebook.has(RULES, "fast", 300, 200, 4)


def test_the_code_fingerprint_covers_every_module(tmp_path: Path) -> None:
    """A change of any module of the package (a bot, the engine, the lab), a module more or
    one renamed is another code; files that are not modules are not."""
    package = tmp_path / "schocken"
    (package / "bots").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "bots" / "half_bot.py").write_text("WEIGHT = 1\n")
    seen = {notebook.fingerprint(package)}
    (package / "static.css").write_text("body {}")
    assert notebook.fingerprint(package) in seen
    (package / "bots" / "half_bot.py").write_text("WEIGHT = 2\n")
    seen.add(notebook.fingerprint(package))
    (package / "bots" / "solver_bot.py").write_text("")
    seen.add(notebook.fingerprint(package))
    (package / "bots" / "solver_bot.py").rename(package / "bots" / "finale_bot.py")
    seen.add(notebook.fingerprint(package))
    assert len(seen) == 4
    assert notebook.code() == notebook.fingerprint(Path(notebook.__file__).parent.parent)


def test_where_the_notebook_is(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(notebook.ENV, "")
    assert notebook.folder() is None
    monkeypatch.delenv(notebook.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert notebook.folder() == tmp_path / "schocken" / "lab"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert notebook.folder() == Path.home() / ".cache" / "schocken" / "lab"

    def nowhere() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", nowhere)
    assert notebook.folder() is None


def test_no_notebook_and_an_unwritable_one_cost_nothing_but_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(notebook.ENV, "")
    run.forget_rule_sets()
    first = measure(RULES, **OPTIONS)
    assert not notebook.has(RULES, "fast", 300, 200, 4)
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv(notebook.ENV, str(blocked / "notebook"))
    run.forget_rule_sets()
    assert measure(RULES, **OPTIONS) == first  # measured, nothing written, no error
    assert blocked.read_text() == ""


def test_the_command_says_where_figures_come_from_the_notebook(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["lab", "knobelrunde", "--games", "300", "--skill-games", "200",
            "--skill-seconds", "60", "--seed", "4"]  # fmt: skip
    assert main([*args, "--lang", "de"]) == 0
    first = capsys.readouterr().out
    assert "Notizbuch" not in first
    assert len(list(book.glob("ends-*.npz"))) == 1  # the round's ends kept once it was shown
    assert main([*args, "--lang", "de"]) == 0
    again = capsys.readouterr().out
    (line,) = [x for x in again.splitlines() if "Notizbuch" in x]
    assert line.startswith("Aus dem Notizbuch des Labors: dieselben Spiele, gespielt am ")
    assert again.replace(line + "\n", "") == first  # the same table, the same words
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"]["noted"] is not None
    assert main([*args, "--fresh", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"]["noted"] is None


def _watch_pairs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``schocken lab A --against B`` in this process as if forking were safe: the names of the
    rule sets a child would have measured (none forked: the recorder says it could not)."""
    from schocken.lab import cli

    asked: list[str] = []

    class Recorder:
        forked = False

        def __init__(self, rules: Any, **options: Any) -> None:
            asked.append(rules.preset)

        def close(self) -> None:
            pass

    monkeypatch.setattr(cli, "Beside", Recorder)
    monkeypatch.setattr(cli, "fork_safe", lambda: True)
    monkeypatch.setattr(cli, "load_before_fork", lambda rule_sets: None)
    monkeypatch.setattr(cli, "finales_first", lambda rule_sets: None)
    monkeypatch.setattr(helper, "forked", helper.disabled)
    return asked


def test_beside_a_noted_rule_set_the_other_is_measured_alone(
    book: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing to fork for a rule set the notebook holds whole: the other has the process."""
    asked = _watch_pairs(monkeypatch)
    args = ["--games", "300", "--skill-games", "200", "--skill-seconds", "60", "--lang", "en"]
    assert main(["lab", "knobelrunde", "--against", "tsv99", *args]) == 0
    assert asked == ["tsv99"]  # both new: the second for a child
    out = capsys.readouterr().out
    assert "knobelrunde: From the lab's notebook" not in out
    assert main(["lab", "allgemein", "--against", "tsv99", *args]) == 0
    assert asked == ["tsv99"]  # tsv99 noted: allgemein measured here, alone
    out = capsys.readouterr().out
    assert "tsv99: From the lab's notebook" in out
    assert "allgemein: From the lab's notebook" not in out
    assert main(["lab", "allgemein", "--against", "tsv99", *args, "--fresh"]) == 0
    assert asked == ["tsv99", "tsv99"]  # --fresh: both played, side by side
    assert "notebook" not in capsys.readouterr().out


def test_the_builder_sends_no_noted_rule_set_to_the_helper(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    preset = find_preset("allgemein")
    options: dict[str, Any] = {"games": 300, "skill_games": 200, "seed": 4}
    noted = measure(preset, **options, skill_seconds=60.0)
    real_call = helper.call

    def call(name: str, *args: object) -> Any:
        assert name != "schocken.lab.pair:_measured", f"sent to the helper: {args}"
        return real_call(name, *args)

    monkeypatch.setattr(pair, "_away", lambda rules, engine: True)
    monkeypatch.setattr(helper, "call", call)
    found: list[Figures] = pair.measure_pair([RULES, preset], skill_seconds=60.0, **options)
    assert found[1].noted is not None and dataclasses.replace(found[1], noted=None) == noted
    assert found[0].noted is None and found[0].skill.games == 200


def test_when_a_note_was_made_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the time zone of the machine (a Stammtisch in Berlin reads its own clock)."""
    for zone, de, en in (
        ("UTC", "8.12.2026, 01:58 UTC", "2026-12-08 01:58 UTC"),
        ("CET-1", "8.12.2026, 02:58 CET", "2026-12-08 02:58 CET"),  # no tzdata needed
    ):
        monkeypatch.setenv("TZ", zone)
        time.tzset()
        assert when_text("2026-12-08T01:58:30+00:00", "de") == de
        assert when_text("2026-12-08T01:58:30+00:00", "en") == en
    monkeypatch.undo()
    time.tzset()


def test_a_note_is_written_whole(book: Path) -> None:
    """Written to a scratch file and renamed: no scratch file stays behind."""
    measure(RULES, **OPTIONS)
    assert not [p for p in book.iterdir() if p.name.startswith(".")]
    assert all(os.access(p, os.R_OK) for p in book.iterdir())


def test_rules_alike_in_their_rounds_take_the_round_ends_solved_before(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The half bot's ends of the round solved for a rule set are kept beside its notes
    (:func:`run.save_stores`, once the figures are out); a house rule of the half measured
    later, in a new process, starts from them: the same figures as measured without."""
    from schocken.fast import strong
    from schocken.fast.solved import round_rules

    variant = RULES.with_overrides({"deckel_per_half": 9})
    assert round_rules(variant) == round_rules(RULES)
    monkeypatch.setenv(notebook.ENV, "")
    alone = measure(variant, **OPTIONS)  # no notebook: every situation solved here
    monkeypatch.setenv(notebook.ENV, str(book))
    run.forget_rule_sets()
    measure(RULES, **OPTIONS)
    run.save_stores()
    assert len(list(book.glob("ends-*.npz"))) == 1
    run.forget_rule_sets()  # as a new process
    run.keep_stores()
    held = strong.memo(variant).situations
    assert held > 0  # from the file, before a game is played
    assert measure(variant, **OPTIONS) == alone
    run.forget_rule_sets()
    monkeypatch.setenv(notebook.ENV, "")
    run.keep_stores()
    assert strong.memo(variant).situations == 0  # no notebook: nothing taken


def test_the_notebook_keeps_the_notes_used_last(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bounded cache: past ``NOTES_KEPT`` notes of a kind, the one used longest ago goes
    (reading a note counts as using it); a rule set whose note went is measured again."""
    monkeypatch.setattr(notebook, "NOTES_KEPT", 2)
    seeds = (1, 2, 3)
    for seed in seeds[:2]:
        measure(RULES, **OPTIONS | {"seed": seed})
    for path in book.glob("*.json"):  # written long ago, as far as the clock says
        os.utime(path, (1, 1))
    assert notebook.evening(RULES, "fast", 300, 1) is not None  # used: kept
    measure(RULES, **OPTIONS | {"seed": 3})
    assert len(list(book.glob("evening-*.json"))) == len(list(book.glob("skill-*.json"))) == 2
    assert notebook.evening(RULES, "fast", 300, 2) is None  # used longest ago: gone
    assert notebook.evening(RULES, "fast", 300, 1) is not None
    assert notebook.evening(RULES, "fast", 300, 3) is not None
