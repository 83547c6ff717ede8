"""The rules lab (schocken.lab): its figures, their intervals, the comparison and the command."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from schocken.cli import main
from schocken.lab import compare, measure
from schocken.lab.cli import number, read_rules, table
from schocken.lab.run import (
    Estimate,
    _percentile,
    _ratio,
    club_minutes_per_game,
)
from schocken.rules import Rules, find_preset, rules_from_data
from schocken.texts import CATALOGUE


def test_lab_texts_in_both_languages() -> None:
    en = {k for k in CATALOGUE["en"] if k.startswith("lab_")}
    de = {k for k in CATALOGUE["de"] if k.startswith("lab_")}
    assert en == de and "lab_skill" in en


def test_reference_figures_hold_together() -> None:
    f = measure(find_preset("tsv99"), games=40, skill_games=12, engine="reference", seed=3)
    assert f.engine == f.skill_engine == "reference"
    assert f.games == 40 and len(f.rounds_per_game) == 40 and f.skill.games == 12
    for name in ("rounds", "turns", "minutes", "schock_aus", "opener_lost", "p95_rounds"):
        e = f.get(name)
        assert e is not None and e.low <= e.value <= e.high, name
    assert f.turns.value > f.rounds.value  # four players: several turns a round
    assert math.isclose(f.minutes.value, f.turns.value * 15 / 60)
    assert f.finale is not None and 0 < f.finale.value < 1
    # The same seed, the same figures.
    again = measure(find_preset("tsv99"), games=40, skill_games=12, engine="reference", seed=3)
    assert again.rounds == f.rounds and again.skill == f.skill


def test_no_finale_no_finale_share() -> None:
    rules = rules_from_data({"preset": "allgemein", "overrides": {"finale": False}})
    f = measure(rules, games=10, skill_games=4, engine="reference", seconds_per_turn=20)
    assert f.finale is None and f.pace_from_club
    assert math.isclose(f.minutes.value, f.turns.value * 20 / 60)


def test_fast_engine_plays_twenty_thousand_games_by_default() -> None:
    f = measure(find_preset("allgemein"), skill_games=250, skill_seconds=0)
    assert f.engine == "fast" and f.games == 20_000 and f.skill.games == 100  # one chunk
    assert f.rounds.high - f.rounds.low < 0.5


def test_compare_flags_only_real_differences() -> None:
    a = measure(find_preset("tsv99"), games=3000, skill_games=250, skill_seconds=0)
    b = measure(find_preset("tsv99"), games=3000, skill_games=250, skill_seconds=0, seed=9)
    assert not any(d.beyond_chance for d in compare(a, b))
    no_finale = rules_from_data({"preset": "tsv99", "overrides": {"finale": False}})
    c = measure(no_finale, games=3000, skill_games=250, skill_seconds=0)
    diffs = {d.name: d for d in compare(a, c)}
    assert "finale" not in diffs  # c has no Finale to compare
    assert diffs["rounds"].beyond_chance and diffs["rounds"].difference > 0


def test_ratio_interval_counts_games_not_rounds() -> None:
    e = _ratio([1, 0, 3, 0], [10, 10, 10, 10])
    assert e.value == pytest.approx(0.1) and e.games == 4
    assert e.low < e.value < e.high
    assert _ratio([1, 1], [10, 10]).se == 0.0  # every game alike: no spread


def test_percentile_interval() -> None:
    e = _percentile(list(range(1, 1001)))
    assert e.value == 950 and e.low < 950 < e.high


def test_club_pace_from_the_book_log() -> None:
    log: list[dict[str, object]] = [
        {"at": f"2026-11-0{d}T20:{m:02d}:00+00:00", "action": "game_added",
         "detail": {"date": f"2026-11-0{d}", "number": i}}
        for d in (1, 2)
        for i, m in enumerate((0, 20, 41, 59))
    ]  # fmt: skip
    assert club_minutes_per_game(log) == (20.0, 6)  # gaps 20, 21, 18 each evening
    assert club_minutes_per_game(log[:3]) is None  # two gaps are not enough


def test_table_and_numbers_in_german() -> None:
    a = measure(find_preset("tsv99"), games=20, skill_games=4, engine="reference")
    rows = table(a, a, "de")
    assert rows[0][0] == "Kennzahl" and rows[1][0] == "Runden pro Spiel"
    assert all(r[-1] == "nein" for r in rows[1:])
    assert number("1,234.5", "de") == "1.234,5"


def test_read_rules_forms(tmp_path: Path) -> None:
    path = tmp_path / "ours.json"
    path.write_text(json.dumps({"preset": "tsv99", "overrides": {"deckel_per_half": 15}}))
    assert read_rules(str(path)).deckel_per_half == 15
    assert read_rules("allgemein").preset == "allgemein"
    with pytest.raises(ValueError, match="ours"):
        read_rules("ours")


def test_cli_side_by_side(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["lab", "tsv99", "--against", "allgemein", "--engine", "reference",
                 "--games", "20", "--skill-games", "4", "--lang", "en"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "tsv99" in out and "allgemein" in out and "Beyond chance?" in out
    assert ": TSV 99" not in out  # presets as they are: no line of what they change
    assert "Holm-corrected over 8 figures" in out
    assert "Skill: 4 games of the half bot" in out


def test_cli_json_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "lab.png"
    code = main(["lab", "schock4life", "--engine", "reference", "--games", "10",
                 "--skill-games", "4", "--json", "--plot", str(plot)])  # fmt: skip
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["games"] == 10 and data["rules"]["skill"]["games"] == 4
    assert plot.read_bytes().startswith(b"\x89PNG")


def test_the_plot_says_what_a_rule_sets_changes_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plot passed on says what its "+ N" names stand for, under the plots."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    said: list[str] = []
    save = Figure.savefig

    def savefig(self: Figure, *args: Any, **kwargs: Any) -> None:
        said.extend(text.get_text() for text in self.texts)
        save(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", savefig)
    ours = tmp_path / "ours.json"
    ours.write_text(json.dumps({"preset": "tsv99", "overrides": {"jule": True}}))
    plot = tmp_path / "lab.png"
    code = main(["lab", str(ours), "--against", "allgemein", "--engine", "reference", "--games",
                 "10", "--skill-games", "4", "--lang", "de", "--plot", str(plot)])  # fmt: skip
    assert code == 0 and plot.read_bytes().startswith(b"\x89PNG")
    assert said == ["tsv99 + 1: TSV 99, aber: Jule (4-2-1) zählt."]


def test_a_rule_sets_name_counts_what_the_engine_reads() -> None:
    """The "+ N" of a name counts the options the engine reads under the rules, as the line of
    words says them: a Jule's worth without the Jule changes nothing."""
    from schocken.lab.cli import changes_line, rules_name

    rules = find_preset("tsv99").with_overrides({"jule_deckel": 5, "deckel_per_half": 10})
    assert rules_name(rules) == "tsv99 + 1"
    assert changes_line(rules, "en") == "tsv99 + 1: TSV 99, but: 10 Deckel per half."
    unread = find_preset("tsv99").with_overrides({"jule_deckel": 5})
    assert rules_name(unread) == "tsv99" and changes_line(unread, "en") is None


def test_cli_refuses_bad_rules_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "nosuchpreset", "--engine", "reference"]) == 2
    assert "nosuchpreset" in capsys.readouterr().err


def test_estimate_is_plain_data() -> None:
    assert Estimate(1.0, 0.5, 1.5, 0.2, 3).games == 3


def test_cli_ours_at_the_clubs_pace(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`ours` is the club's own rules; the minutes are at the pace of the games its book entered
    (the log's times: 20, 21 and 18 minutes apart on one evening)."""
    import sqlite3

    from schocken.club import ClubBook

    path = tmp_path / "book.sqlite3"
    with ClubBook(path) as book:
        book.create_club("Krone")
        book.set_our_rules("Krone", {"preset": "tsv99", "overrides": {"jule": True}})
    with sqlite3.connect(path) as db:
        (cid,) = db.execute("SELECT id FROM club_clubs").fetchone()
        for i, minute in enumerate((0, 20, 41, 59)):
            db.execute(
                "INSERT INTO club_log (club_id, at, action, detail) VALUES (?, ?, ?, ?)",
                (cid, f"2026-11-06T20:{minute:02d}:00+00:00", "game_added",
                 json.dumps({"date": "2026-11-06", "number": i + 1})),
            )  # fmt: skip
    db.close()
    code = main(["lab", "ours", "--club", "Krone", "--db", str(path), "--engine", "reference",
                 "--games", "20", "--skill-games", "4", "--lang", "en"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "Rules lab: tsv99 + 1" in out
    # what the "+ 1" stands for, in words, under the title
    assert out.splitlines()[1] == "tsv99 + 1: TSV 99, but: Jule (4-2-1) counts."
    assert "Minutes at the club's pace: 20 min per game (median of 3 games in the book)" in out
    minutes = next(line for line in out.splitlines() if line.startswith("Minutes per game"))
    assert minutes.split()[3] == "20.0"  # the club's own rules at its own pace: its 20 minutes


def test_without_the_fast_extra_the_lab_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import schocken.lab.cli
    import schocken.lab.run

    for module in (schocken.lab.run, schocken.lab.cli):
        monkeypatch.setattr(module, "fast_available", lambda: False)
    assert main(["lab", "tsv99", "--games", "10", "--skill-games", "4", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "10 games of four regulars on the reference engine." in out
    assert "The batch simulator (extra 'fast': numba) is not installed" in out
    assert main(["lab", "tsv99", "--engine", "fast"]) == 2
    assert "needs numba" in capsys.readouterr().err


def test_a_process_keeps_the_strong_bots_work_for_a_few_rule_sets_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past ``KEPT_RULE_SETS`` rule sets measured, what the strong bots made for them (the
    memos, the models, the Finale's solutions) is forgotten, and a rule set measured again gives
    the very same figures."""
    from schocken import finale_shared
    from schocken.bots import half_bot
    from schocken.fast import strong
    from schocken.lab import run

    monkeypatch.setattr(run, "KEPT_RULE_SETS", 2)
    run.forget_rule_sets()
    base = find_preset("knobelrunde")
    a, b, c = (base.with_overrides({"deckel_per_half": d}) for d in (4, 5, 6))
    assert not run.known(a)
    first = measure(a, games=200, skill_games=100, skill_seconds=0)
    assert run.known(a) and not run.known(a, "reference") and not run.known(b)
    measure(b, games=200, skill_games=100, skill_seconds=0)
    assert strong.memo.cache_info().currsize == 2
    assert {r for r, _ in half_bot._MODELS} == {a, b}
    measure(c, games=200, skill_games=100, skill_seconds=0)  # a third: a and b forgotten
    assert strong.memo.cache_info().currsize == 1
    assert not run.known(a) and run.known(c)
    assert {r for r, _ in half_bot._MODELS} == {c}
    assert all(sol.n != 4 for sol in finale_shared._SOLVED.values())
    again = measure(a, games=200, skill_games=100, skill_seconds=0)
    assert again.skill == first.skill and again.rounds == first.rounds
    run.forget_rule_sets()
    assert strong.memo.cache_info().currsize == 0 and not half_bot._MODELS


def test_the_skill_games_are_the_same_however_many_are_played_at_once() -> None:
    """On the batch simulator the skill chunks are played many at a time (new ones in growing
    batches, those played before all at once): the games and the figure are those of the chunks
    one by one, game numbers 0 to n-1 of one seed."""
    from schocken import fast
    from schocken.fast import kernel
    from schocken.lab import run

    rules = find_preset("knobelrunde").with_overrides({"deckel_per_half": 7})
    run.forget_rule_sets()
    try:
        first = run._skill(rules, "fast", 750, 60.0, 5)  # 1 chunk, then the 6 and the half one
        assert run._KNOWN[(rules, "fast")][0] == 7  # whole chunks played
        again = run._skill(rules, "fast", 750, 60.0, 5)  # 7 at once, then the half one
        bots = [run.STRONG_BOT] + [run.REGULAR_BOT] * (run.PLAYERS - 1)
        rows = np.concatenate(
            [fast.play_rows(rules, bots, g, 50, 5 + 7919, rotate=True) for g in range(0, 750, 50)]
        )
        lost = int((rows[:, kernel.O_LOSER] == 0).sum())
        assert first == again == run._share(lost, 750)
        assert first.games == 750
    finally:
        run.forget_rule_sets()


def test_the_skill_figure_refined_goes_on_with_the_same_games() -> None:
    """``refine``: the skill games counted before are counted as they were and new ones of the
    same seed follow, at least one chunk each time; refined to all, the figure is that of games
    0 to n-1, and a later measurement of the same rules counts them at once."""
    from schocken import fast
    from schocken.fast import kernel
    from schocken.lab import refine, run

    rules = find_preset("knobelrunde").with_overrides({"deckel_per_half": 6})
    run.forget_rule_sets()
    try:
        f = measure(rules, games=200, skill_games=450, skill_seconds=0, seed=3)
        assert f.skill.games == 100 and f.seed == 3  # the first chunk only
        seen = [f.skill.games]
        while f.skill.games < 450:
            f = refine(f, 450, seconds=0)  # no time: one new chunk each
            seen.append(f.skill.games)
        assert seen == [100, 200, 300, 400, 450]
        bots = [run.STRONG_BOT] + [run.REGULAR_BOT] * (run.PLAYERS - 1)
        rows = fast.play_rows(rules, bots, 0, 450, 3 + 7919, rotate=True)
        assert f.skill == run._share(int((rows[:, kernel.O_LOSER] == 0).sum()), 450)
        # The 400 games of whole chunks kept: measured again, counted at once, not played.
        again = measure(rules, games=200, skill_games=400, skill_seconds=0, seed=3)
        assert again.skill.games == 400
        assert refine(again, 400, seconds=0).skill == again.skill  # nothing left to play
        other = measure(rules, games=200, skill_games=450, skill_seconds=0, seed=4)
        assert other.skill.games == 400  # another seed: its games played (the memo holds them)
    finally:
        run.forget_rule_sets()


def test_cli_shows_the_skill_games_progress(capsys: pytest.CaptureFixture[str]) -> None:
    """More skill games asked for than a second gives: a bar for them too (here asked for with
    --progress), the evening's bar cleared first."""
    code = main(["lab", "knobelrunde", "--games", "10", "--skill-games", "300",
                 "--skill-seconds", "60", "--progress", "--lang", "en"])  # fmt: skip
    assert code == 0
    captured = capsys.readouterr()
    assert "10/10 games" in captured.err and "300/300 games" in captured.err
    assert captured.err.index("10/10 games") < captured.err.index("/300 games")
    assert "300 games of the half bot" in captured.out


def test_cli_refines_the_skill_figure_after_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``--refine``: the table as soon as the figures are there, then the rest of the skill
    games and the table again, the skill figure from all of them; with ``--json`` only the
    refined figures."""
    from schocken.lab import run

    run.forget_rule_sets()
    try:
        code = main(["lab", "knobelrunde", "--games", "200", "--skill-games", "700",
                     "--skill-seconds", "0", "--refine", "--lang", "en"])  # fmt: skip
        assert code == 0
        out = capsys.readouterr().out
        first, _, second = out.partition("The strong bot plays on: 600 more games")
        assert "Skill from 100 games only, not 700" in first and "Rounds per game" in first
        assert "Skill: 700 games of the half bot" in second and "Skill from" not in second
        assert main(["lab", "knobelrunde", "--games", "200", "--skill-games", "900",
                     "--skill-seconds", "0", "--refine", "--json"]) == 0  # fmt: skip
        data = json.loads(capsys.readouterr().out)
        assert data["rules"]["skill"]["games"] == 900
    finally:
        run.forget_rule_sets()


def test_cli_refine_gives_the_first_skill_games_less_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With ``--refine`` the first figures' skill games have ``REFINE_FIRST_SECONDS`` (the rest
    follow at once), without it ``SKILL_SECONDS``; ``--skill-seconds`` given is taken as it is."""
    from schocken.lab import cli, run

    asked: list[float] = []
    real = run.measure

    def noted(rules: Rules, **options: Any) -> run.Figures:
        asked.append(options["skill_seconds"])
        return real(rules, **options)

    monkeypatch.setattr(cli, "measure", noted)
    base = ["lab", "knobelrunde", "--games", "200", "--skill-games", "100", "--json"]
    for more in (["--refine"], [], ["--refine", "--skill-seconds", "0.5"]):
        assert main(base + more) == 0
    capsys.readouterr()
    assert asked == [cli.REFINE_FIRST_SECONDS, run.SKILL_SECONDS, 0.5]
    assert cli.REFINE_FIRST_SECONDS < run.SKILL_SECONDS


def test_cli_gives_the_first_figures_by_their_time_after_the_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--skill-seconds`` the skill games end ``FIGURES_BY`` after the program's start
    (the first chunk always): a program started long ago (a slow start) plays the first chunk
    only; ``--skill-seconds`` given is taken as it is, with no such end."""
    from schocken.lab import cli, run

    asked: list[float | None] = []
    real = run.measure

    def noted(rules: Rules, **options: Any) -> run.Figures:
        asked.append(options["skill_until"])
        return real(rules, **options)

    monkeypatch.setattr(cli, "measure", noted)
    monkeypatch.setattr(cli, "process_age", lambda: 100.0)
    run.forget_rule_sets()
    try:
        base = ["lab", "schock4life", "--games", "200", "--skill-games", "5000", "--lang", "en"]
        before = time.perf_counter()
        assert main(base) == 0
        assert "Skill: 100 games of the half bot" in capsys.readouterr().out
        due = asked[0]
        assert due is not None and before - 100 < due - cli.FIGURES_BY < time.perf_counter() - 100
        assert main([*base, "--skill-seconds", "60"]) == 0
        assert asked[1] is None
        assert "Skill: 5,000 games of the half bot" in capsys.readouterr().out
    finally:
        run.forget_rule_sets()


def test_process_age_counts_from_the_process_start() -> None:
    """A new Python's age, asked at once, is its start (well under a few seconds, more than
    nothing); this process's is more than the time since the lab's module was imported."""
    from schocken.lab import cli

    said = subprocess.run(
        [sys.executable, "-c", "from schocken.lab.cli import process_age; print(process_age())"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert 0 < float(said) < 10
    assert cli.process_age() >= time.perf_counter() - cli._IMPORTED - 0.02


def test_cli_says_how_to_get_the_skill_figure_from_all_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without ``--refine``, a skill figure from fewer games than asked says how to get all."""
    from schocken.lab import run

    run.forget_rule_sets()
    try:
        assert main(["lab", "knobelrunde", "--games", "200", "--skill-games", "700",
                     "--skill-seconds", "0", "--lang", "de"]) == 0  # fmt: skip
        out = capsys.readouterr().out
        assert "Können nur aus 100 statt 700 Spielen" in out
        assert out.rstrip().endswith("aus allen 700 Spielen: --refine (einige Sekunden mehr).")
    finally:
        run.forget_rule_sets()
