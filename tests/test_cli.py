"""The schocken command: watch, simulate, replay, rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from schocken.bots import make_bot
from schocken.cli import main
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.record import parse_record, record_of, replay
from schocken.rules import find_preset
from schocken.simulate import play_game, seat_names


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_watch_shows_a_whole_game_round_by_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "watch", "--players", "3", "--seed", "5", "--lang", "en")
    assert code == 0
    assert "The first half (Hinrunde) begins with 14 Deckel in the middle." in out
    assert "Opening round (for no Deckel):" in out
    assert "Round 2:" in out
    assert "takes" in out and "Deckel from the middle." in out
    assert "has lost the game." in out or "Blattschuss!" in out


def test_watch_in_german_and_saves_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        capsys,
        "watch",
        "--preset",
        "schock4life",
        "--seed",
        "2",
        "--lang",
        "de",
        "--save",
        str(path),
    )
    assert code == 0
    assert "Die Hinrunde beginnt mit 13 Deckeln in der Mitte." in out
    assert "Eröffnungswurf:" in out
    assert "hat das Spiel verloren." in out or "Blattschuss!" in out
    game = replay(parse_record(path.read_text(encoding="utf-8")))
    assert game.is_over


def test_simulate_prints_shares(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "--preset",
        "knobelrunde",
        "--players",
        "3",
        "--games",
        "60",
        "--seed",
        "1",
        "--bots",
        "regular,random,regular",
    )
    assert code == 0
    assert "60 games, preset knobelrunde, 3 players" in out
    assert "rounds per game on average" in out
    assert out.count("random") == 1 and out.count("regular") == 2


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--players", "2", "--games", "20", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 20
    assert sum(s["lost_games"] for s in data["seats"]) == pytest.approx(1.0)


def test_simulate_the_solver_bot_rotating_in_two_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--players", "3", "--games", "30", "--seed", "4", "--rotate"]
    args += ["--bots", "solver,regular,regular"]
    code, out, _ = run(capsys, *args, "--procs", "2")
    assert code == 0
    assert "the line-up moved one seat on after every game; an even share is 1/3" in out
    assert out.count("solver") == 1
    code, again, _ = run(capsys, *args, "--procs", "1")
    assert again.splitlines()[:-1] == out.splitlines()[:-1]  # all but the time taken
    code, _, err = run(capsys, *args, "--procs", "0")
    assert code == 2 and "at least one process" in err


def test_unknown_preset_and_bot_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--preset", "kneipe"])
    assert "unknown preset 'kneipe'" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="unknown bot 'genius'"):
        main(["simulate", "--bots", "genius"])
    with pytest.raises(SystemExit):
        main(["simulate", "--players", "1"])
    assert "players must be 2 to 20" in capsys.readouterr().err


def test_house_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = tmp_path / "stammtisch.toml"
    rules.write_text('preset = "tsv99"\ndeckel_per_half = 6\nfinale = false\n', encoding="utf-8")
    code, out, _ = run(capsys, "watch", "--rules", str(rules), "--seed", "1", "--lang", "en")
    assert code == 0
    assert "begins with 6 Deckel" in out
    assert "second half" not in out
    bad = tmp_path / "bad.toml"
    bad.write_text('preset = "tsv99"\nwuerfel = 4\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["watch", "--rules", str(bad)])
    assert "unknown rule option 'wuerfel'" in capsys.readouterr().err


def _saved_game(tmp_path: Path) -> Path:
    game = play_game(
        Game(find_preset("allgemein"), seat_names(3), RandomDice(8)), [make_bot("regular")] * 3
    )
    path = tmp_path / "record.json"
    path.write_text(record_of(game).to_json(), encoding="utf-8")
    return path


def test_replay_prints_the_outcome(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "the record is legal" in out
    assert "first half: lost by" in out
    assert "Finale:" in out and "Blattschuss:" in out
    assert "the game's loser:" in out
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert data["ok"] is True and data["finished"] is True
    assert data["sections"][0]["section"] == "first_half"


def test_replay_reports_an_illegal_step(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["steps"][0]["action"] = "stop"
    data["steps"][0].pop("pips")
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "step 0:" in err and "has not thrown yet" in err
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1
    assert json.loads(out)["step"] == 0
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_rules_prints_options_with_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "schock4life")
    assert code == 0
    assert "[schock4life]" in out
    assert 'covered = "last_throw"' in out
    assert "Nach dem letzten Wurf bleibt der Becher verdeckt." in out
    code, out, _ = run(capsys, "rules")
    assert all(f"[{p}]" in out for p in ("tsv99", "schock4life", "knobelrunde", "allgemein"))
    code, _, err = run(capsys, "rules", "kneipe")
    assert code == 2 and "unknown preset" in err


def test_installed_entry_point_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "schocken.cli", "simulate", "--games", "5", "--players", "3"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "5 games, preset tsv99, 3 players" in proc.stdout


def test_rules_in_words_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "allgemein", "--lang", "de")
    assert code == 0
    assert out.startswith("Regeln: allgemein\n")
    assert "Ein dritter Wurf bleibt verdeckt, bis die Runde aufgedeckt wird." in out
    assert "Gleiche Ergebnisse: mehr Würfe verlieren, dann wer später wirft." in out
    code, out, _ = run(capsys, "rules", "knobelrunde", "--lang", "en")
    assert "A General beats a Schock 2 (and is worth 3)." in out
    assert "A Straße counts only when thrown in one throw." in out


def test_play_refuses_bad_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "play", "--bots", "0", "--lang", "en")
    assert code == 2 and "1 players; Schocken needs 2 to 20" in err
    code, _, err = run(capsys, "play", "--players", "Anna,Anna", "--bots", "0")
    assert code == 2 and "names must differ" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "play", "--resume", str(bad))
    assert code == 2 and "'format' must be" in err
