"""The schocken command: watch, simulate, replay, rules."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

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


ONLINE = Path(__file__).resolve().parent / "records" / "online-tsv99.json"
"""The record of a real online game, as ``GET /api/tables/{key}/record`` gave it: an unseeded
``schocken serve`` (fresh secret seed), tsv99, Anna and two bots; 252 dice."""


def _online(tmp_path: Path, change: Any = None) -> Path:
    data = json.loads(ONLINE.read_text(encoding="utf-8"))
    if change is not None:
        change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_verify_passes_a_real_online_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "verify", str(ONLINE))
    commitment = json.loads(ONLINE.read_text(encoding="utf-8"))["dice"]["commitment"]
    assert code == 0 and err == ""
    assert out == (
        f"{ONLINE}: fair: all 252 dice follow from the seed committed at the start "
        f"(commitment {commitment})\n"
    )
    code, out, _ = run(capsys, "verify", str(ONLINE), "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] is True and data["fair"] is True and data["dice"] == 252
    assert data["commitment"] == commitment and data["scheme"] == "hmac-sha256-v1"


def _change_die(data: dict[str, Any]) -> None:
    """The second die of step 7 shows one pip more (a six becomes a one)."""
    pips = data["steps"][7]["pips"]
    pips[1] = pips[1] % 6 + 1


def test_verify_fails_on_one_die_changed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    original = json.loads(ONLINE.read_text(encoding="utf-8"))
    before = sum(len(s.get("pips", [])) for s in original["steps"][:7])
    recorded = original["steps"][7]["pips"][1]
    path = _online(tmp_path, _change_die)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 1 and err == ""
    assert out == (
        f"{path}: NOT fair: step 7 ({original['steps'][7]['action']} by seat "
        f"{original['steps'][7]['seat']}): die 2 of {len(original['steps'][7]['pips'])} shows "
        f"{recorded % 6 + 1}, the seed gives {recorded} (die {before + 2} of the game)\n"
    )
    code, out, _ = run(capsys, "verify", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and data["fair"] is False
    assert (data["step"], data["die"], data["index"]) == (7, 1, before + 1)
    assert (data["recorded"], data["derived"]) == (recorded % 6 + 1, recorded)


def test_verify_fails_on_the_seed_changed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def other_seed(data: dict[str, Any]) -> None:
        seed = data["dice"]["seed"]
        data["dice"]["seed"] = ("1" if seed[0] == "0" else "0") + seed[1:]

    path = _online(tmp_path, other_seed)
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 1
    assert out.startswith(f"{path}: NOT fair: the seed does not match the commitment made at")
    code, out, _ = run(capsys, "verify", str(path), "--json")
    assert code == 1 and json.loads(out)["fair"] is False and json.loads(out)["step"] is None


def test_verify_fails_when_the_dice_follow_but_the_game_is_not_legal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def move_a_stop(data: dict[str, Any]) -> None:
        at = next(i for i, s in enumerate(data["steps"]) if s["action"] == "stop")
        data["steps"][at]["seat"] = (data["steps"][at]["seat"] + 1) % 3

    path = _online(tmp_path, move_a_stop)
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 1 and f"{path}: NOT fair: step " in out and "turn" in out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("dice"), "the record has no dice commitment ('dice')"),
        (lambda d: d["dice"].pop("seed"), "the record does not reveal its seed"),
        (lambda d: d.update(version=True), "record version True is not supported"),
        (lambda d: d["dice"].update(seed="xyz"), "'dice': 'seed' must be 64 lowercase hex"),
    ],
)
def test_verify_refuses_what_it_cannot_check_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Any, message: str
) -> None:
    path = _online(tmp_path, change)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"schocken verify: {path}: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    code, out, _ = run(capsys, "verify", str(path), "--json")
    assert code == 2 and out.count("\n") == 1
    data = json.loads(out)
    assert data["ok"] is False and data["fair"] is None and message in data["error"]
    code, _, err = run(capsys, "verify", str(tmp_path / "missing.json"))
    assert code == 2 and err.startswith("schocken verify: cannot read")


def test_verify_refuses_a_local_game_without_commitment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "verify", str(_saved_game(tmp_path)))
    assert code == 2 and "has no dice commitment" in err


def test_the_verdicts_in_docs_fair_dice_md_are_the_real_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/fair-dice.md shows schocken verify on the online record, with a die changed, the seed
    changed and a step moved: each line is what the command prints."""
    docs = (Path(__file__).resolve().parents[1] / "docs" / "fair-dice.md").read_text("utf-8")

    def other_seed(data: dict[str, Any]) -> None:
        data["dice"]["seed"] = "0" * 64

    def move_a_stop(data: dict[str, Any]) -> None:
        at = next(i for i, s in enumerate(data["steps"]) if s["action"] == "stop")
        data["steps"][at]["seat"] = (data["steps"][at]["seat"] + 1) % 3

    monkeypatch.chdir(tmp_path)
    for name, change in (
        ("game.json", None),
        ("changed.json", _change_die),
        ("seed.json", other_seed),
        ("illegal.json", move_a_stop),
    ):
        _online(tmp_path, change).rename(name)
        _, out, _ = run(capsys, "verify", name)
        if name == "illegal.json":  # quoted within a sentence, wrapped
            assert " ".join(out.split()) in " ".join(docs.split()).replace("`", "")
        else:
            assert f"$ schocken verify {name}\n{out}```" in docs


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


def test_rules_lists_the_options_from_other_pubs_with_sources(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for option in ("jule", "jule_deckel", "jule_rank", "jule_one_throw", "general"):
        assert out.count(f"  {option} = ") == 4, option  # once per preset
    assert out.count('  set_aside = "any"') == out.count('  sixes_turn = "any_throw"') == 4
    assert "elsewhere: 7 [mad, papr, tsw, greher, shaw]; 8 [monopoly]; 9 [casino]." in out
    assert "000: no Jule:" in out
    house = tmp_path / "hessen.toml"
    house.write_text('preset = "tsv99"\njule = true\njule_deckel = 9\n', encoding="utf-8")
    code, out, _ = run(capsys, "rules", str(house))
    assert code == 0 and "  jule = true\n" in out and "  jule_deckel = 9\n" in out
    code, out, _ = run(capsys, "rules", "--markdown")
    assert "## `jule`" in out and "- `mad`: github.com/madmaddin/schocken" in out


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
    assert code == 2 and "Schocken needs 2 to 20 players, not 1" in err
    code, _, err = run(capsys, "play", "--players", "Anna,Anna", "--bots", "0")
    assert code == 2 and "names must differ" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "play", "--resume", str(bad))
    assert code == 2 and "'format' must be" in err


# ------------------------------------------------------------ bad input: one line, nothing done


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == "schocken 0.1.0\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "schocken-record", "version": ' + "9" * 5000 + "}", "more than 4300 digits"),
        ("VERSION_TRUE", "record version True is not supported"),
        ("OVERRIDES_PRESET", "'rules': 'preset' is not an option to override"),
        ("UNKNOWN_KEY", "unknown field 'outcom'"),
    ],
)
def test_replay_refuses_a_bad_record_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = _saved_game(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    if text == "VERSION_TRUE":
        data["version"] = True
    elif text == "OVERRIDES_PRESET":
        data["rules"]["overrides"] = {"preset": "schock4life"}
    elif text == "UNKNOWN_KEY":
        data["outcom"] = data.pop("outcome")
    path.write_text(json.dumps(data) if text.isupper() else text, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert err.startswith(f"schocken replay: {path}: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1 and out.count("\n") == 1
    assert json.loads(out)["ok"] is False and message in json.loads(out)["error"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["watch", "--delay", "-1"], "seconds are 0 or more, not -1"),
        (["watch", "--delay", "nan"], "seconds are 0 or more"),
        (["watch", "--delay", "soon"], "not a number of seconds: 'soon'"),
        (["play", "--pace", "-0.5"], "seconds are 0 or more"),
        (["play", "--bots", "-1"], "a count is 0 or more, not -1"),
        (["serve", "--port", "99999"], "a port is 1 to 65535 (or 0: any free port), not 99999"),
        (["serve", "--port", "-1"], "a port is 1 to 65535"),
        (["serve", "--bot-delay", "-1"], "seconds are 0 or more"),
    ],
)
def test_bad_options_are_refused_before_anything_happens(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err


def test_watch_checks_where_it_saves_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "watch", "--seed", "1", "--save", "/no/such/dir/x.json")
    assert code == 2 and out == ""  # no game played
    assert (
        err == "schocken watch: cannot save to /no/such/dir/x.json: no such folder: /no/such/dir\n"
    )
    code, out, err = run(capsys, "watch", "--seed", "1", "--save", str(tmp_path))
    assert code == 2 and out == "" and "it is a folder" in err
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "watch", "--seed", "1", "--save", str(blocker / "x.json"))
    assert code == 2 and out == "" and "no such folder" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_a_failed_save_leaves_the_old_file_as_it_was(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("the old record", encoding="utf-8")

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("schocken.files.os.replace", refuse)
    code, _, err = run(capsys, "watch", "--seed", "1", "--save", str(path))
    assert code == 2
    assert err == f"schocken watch: cannot save to {path}: No space left on device\n"
    assert path.read_text(encoding="utf-8") == "the old record"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no scratch file left


@pytest.mark.parametrize(("after", "ok"), [(-1, False), (0, True), (19, True), (20, False)])
def test_hint_after_is_within_a_round_of_twenty(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, after: int, ok: bool
) -> None:
    import schocken.solver

    asked: list[int] = []

    def solve(sit: Any) -> list[Any]:
        asked.append(sit.after)
        return []

    monkeypatch.setattr(schocken.solver, "solve", solve)
    code, out, err = run(capsys, "hint", "--after", str(after))
    if ok:
        assert code == 0 and asked == ([after] if after else [])  # alone: the outlook
    else:
        assert code == 2 and out == "" and asked == []
        assert err == (
            "schocken hint: --after is 0 to 19: a round has at most 20 players, you and 0 "
            f"before you among them; not {after}\n"
        )
    code, _, err = run(capsys, "hint", "--shown", "6-5-2,4-4-1", "--after", "50")
    assert code == 2 and "--after is 0 to 17" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--limit", "7"], "--limit is 1 to 3, not 7"),
        (["--dice", "1-1-4", "--throws", "5"], "--throws is 0 to 3 (the throw limit), not 5"),
        (["--dice", "1-1-4", "--throws", "3", "--limit", "2"], "--throws is 0 to 2"),
        (["--middle", "-1"], "--middle and --deckel are 0 or more"),
    ],
)
def test_hint_refuses_other_impossible_situations(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "hint", *args)
    assert code == 2 and out == "" and message in err


def test_play_checks_names_and_save_path_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import schocken.tui

    started: list[object] = []
    monkeypatch.setattr(schocken.tui, "make_app", lambda *a, **k: started.append(a))
    code, _, err = run(capsys, "play", "--players", "Anna,anna")
    assert code == 2 and "names must differ" in err
    code, _, err = run(capsys, "play", "--players", "N" * 41)
    assert code == 2 and "at most 40 characters" in err
    code, _, err = run(capsys, "play", "--save", "/no/such/dir/g.json")
    assert code == 2 and err.startswith("schocken play: cannot save to /no/such/dir/g.json:")
    assert started == []


@pytest.mark.parametrize(("lang", "name"), [("en", "Player"), ("de", "Spieler")])
def test_play_names_the_lone_human_not_with_a_pronoun(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    name: str,
) -> None:
    import schocken.tui

    sessions: list[Any] = []

    class App:
        saved_to = None

        def run(self) -> None:
            pass

    def make_app(session: Any, **_: Any) -> App:
        sessions.append(session)
        return App()

    monkeypatch.setattr(schocken.tui, "make_app", make_app)
    monkeypatch.chdir(tmp_path)
    code, _, _ = run(capsys, "play", "--lang", lang, "--seed", "1")
    assert code == 0
    assert sessions[0].game.players[0] == name
    assert list(tmp_path.iterdir()) == []  # checking the save path left nothing behind


def test_serve_refuses_a_busy_port_before_announcing(capsys: pytest.CaptureFixture[str]) -> None:
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        code, out, err = run(capsys, "serve", "--port", str(port), "--data", "/no/such/x")
    finally:
        busy.close()
    assert code == 2 and out == ""
    assert err.startswith(f"schocken serve: cannot listen on 127.0.0.1 port {port}: ")
    assert "in use" in err and err.count("\n") == 1


def test_serve_refuses_data_it_cannot_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("uvicorn")
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "serve", "--port", "0", "--data", str(blocker / "data"))
    assert code == 2 and out == ""
    assert err.startswith(f"schocken serve: cannot keep the tables in {blocker}/data/")
    assert err.count("\n") == 1
    code, out, err = run(capsys, "serve", "--port", "0", "--db", str(tmp_path))
    assert code == 2 and "it is a folder" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_serve_stops_on_ctrl_c_without_a_traceback(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    import httpx

    server = subprocess.Popen(
        [sys.executable, "-m", "schocken.cli", "serve", "--port", "0", "--data", str(tmp_path)],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as in a terminal
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("Schocken server on http://127.0.0.1:")
        url = first.split()[3]
        for _ in range(600):  # until it answers (uvicorn's signal handlers are in place)
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "api/health", timeout=5).status_code == 200:
                    break
            time.sleep(0.1)
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    finally:
        server.kill()
    assert server.returncode == 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "Finished server process" in err


def test_ctrl_c_stops_a_command_without_a_traceback() -> None:
    # As in a terminal, where Ctrl-C is not ignored (a background job, as CI runs, inherits
    # SIGINT ignored, and Python then leaves it so).
    watch = subprocess.Popen(
        [sys.executable, "-m", "schocken.cli", "watch", "--delay", "5", "--seed", "1"],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    try:
        assert watch.stdout is not None
        assert watch.stdout.readline() != ""  # it is watching
        watch.send_signal(signal.SIGINT)
        _, err = watch.communicate(timeout=60)
    finally:
        watch.kill()
    assert watch.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_serve_port_0_takes_a_free_port_and_says_which(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    served: list[int] = []

    def fake_run(self: Any, sockets: list[socket.socket]) -> None:
        served.extend(s.getsockname()[1] for s in sockets)

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    code, out, _ = run(capsys, "serve", "--port", "0", "--data", str(tmp_path / "d"))
    assert code == 0 and len(served) == 1 and served[0] != 0
    assert out.startswith(f"Schocken server on http://127.0.0.1:{served[0]}/ ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--limit", "2", "--shown", "6-5-2/3"],
            "--shown '6-5-2/3': 3 throws, more than the limit",
        ),
        (["--shown", "6-5-2/4"], "--shown '6-5-2/4': the throws after '/' are 1 to 3, not '4'"),
        (["--shown", "6-5-2/x"], "the throws after '/' are 1 to 3, not 'x'"),
        (["--shown", "6-5-2/1a"], "a result of one throw cannot be assembled"),
        (["--shown", "1a-1-1"], "dice are written like 1-1-4, not '1a-1-1'"),
        (["--dice", "1a-1-4", "--throws", "1"], "--dice: dice are written like 1-1-4"),
        (["--covered", "1/3"], "--covered: under tsv99 no throw is covered"),
        (["--preset", "knobelrunde", "--covered", "-/3"], "under knobelrunde no throw is covered"),
        (
            ["--preset", "schock4life", "--limit", "2", "--covered", "1/3"],
            "a cup is covered only after 2 throws, not 3",
        ),
        (["--preset", "allgemein", "--limit", "2", "--covered", "-/2"], "only after 3 throws"),
        (
            ["--preset", "allgemein", "--shown", "6-5-2/3"],
            "under allgemein a result after 3 throws of 3 is covered, not shown",
        ),
        (["--preset", "schock4life", "--limit", "2", "--shown", "6-5-2,4-4-1/2"], "is covered"),
        (["--preset", "schock4life", "--covered", "6-6-1/3"], "at most two dice stay out"),
        (["--preset", "schock4life", "--limit", "1", "--covered", "6/1"], "nothing is aside"),
        (["--dice", "1-1-4", "--throws", "1", "--aside", "1"], "before the first throw"),
        (["--dice", "1-1-4", "--throws", "2", "--aside", "1-1-4"], "at most two dice stay out"),
        (["--opener", "--shown", "6-5-2"], "--opener throws first in the round"),
        (["--opener", "--preset", "allgemein", "--covered", "-/3"], "--opener throws first"),
        (["--opener", "--limit", "2"], "give no --limit with it"),
        (["--shown", ",".join(["6-5-2"] * 20)], "a round has at most 20 players"),
    ],
)
def test_hint_refuses_every_impossible_round_and_says_why(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "hint", *args)
    assert code == 2 and out == ""
    assert err.startswith("schocken hint: ") and message in err and err.count("\n") == 1


def test_hint_takes_a_covered_cup_with_nothing_aside_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = "hint --preset schock4life --limit 2 --throws 1 --dice 6-5-2 --covered -/2"
    code, out, err = run(capsys, *command.split())
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith("keep 6-5 and throw one die: P(lose round) = 0.2801")
    assert run(capsys, *command.replace("--covered -/2", "--covered=-/2").split())[1] == out
    assert run(capsys, *command.replace("--covered -/2", "--covered /2").split())[1] == out
    assert run(capsys, *command.replace("--covered -/2", "--covered -").split())[1] == out


def test_hint_alone_says_so_and_shows_the_outlook(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hint", "--dice", "1-1-4", "--throws", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("nobody else in the round is given (--shown, --covered, --after)")
    assert "P(lose round)" not in out  # not 1.0000 for every move
    assert "1.0000" not in out
    assert lines[1] == (
        "keep 1-1 and throw one die: Schock or better certain, Schock-Aus 25.00%, "
        "expected place 0.968"
    )
    assert len(lines) == 7  # the six legal actions


def test_hint_help_states_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["hint", "--help"])
    out = capsys.readouterr().out
    assert "plays as if they were the last" in out and "expected place" in out


def test_review_prints_every_decision_and_the_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golden = Path(__file__).resolve().parent / "golden" / "tsv99.json"
    code, out, err = run(capsys, "review", str(golden), "--lang", "en")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Review: tsv99, Anna, Ben, Cem; 38 steps.")
    assert (
        "step 8, Anna, first half (Hinrunde), round 2, throw 1 of 3: 5-3-2: stop 0.9839; "
        "best: throw all three 0.6436; loss 0.3403: blunder" in lines
    )
    assert "1 decision of the opening round is not valued: a round for no Deckel." in lines
    assert any(line.startswith("Anna: accuracy 33.3% (2 of 6 decisions") for line in lines)
    assert "Anna's costliest decisions (3), as Anna saw them:" in lines
    assert "    before: Cem Schock 4 (3rd throw)" in lines
    assert "  > stop: P(lose round) = 0.9839 (183611/186624)" in lines
    code, out, _ = run(capsys, "review", str(golden), "--lang", "de", "--player", "ben")
    assert code == 0
    assert "Schritt 8" not in out  # Anna's decision
    assert "Ben: Genauigkeit 87,5 %" in out
    assert "Anna: Genauigkeit" not in out
    code, out, _ = run(capsys, "review", str(golden), "--lang", "de")
    assert "1 Entscheidung der Eröffnungsrunde ist nicht bewertet: eine Runde ohne Deckel." in out
    code, out, _ = run(capsys, "review", str(golden), "--json", "--player", "Cem")
    data = json.loads(out)
    assert data["player"] == 2 and {d["player"] for d in data["decisions"]} == {"Cem"}
    assert [s["player"] for s in data["summary"]] == ["Cem"]


def test_review_refuses_a_bad_record_or_player_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved_game(tmp_path)
    code, _, err = run(capsys, "review", str(tmp_path / "missing.json"))
    assert code == 2 and err.startswith("schocken review: cannot read")
    from schocken import review

    def never(record: object) -> None:
        raise AssertionError("reviewed although the player is unknown")

    monkeypatch.setattr(review, "review", never)
    code, out, err = run(capsys, "review", str(path), "--player", "Zoe")
    assert code == 2 and out == ""
    assert err == "schocken review: no player 'Zoe' in this game; the players: Anna, Ben, Cem\n"
    monkeypatch.undo()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["steps"][0]["action"] = "stop"
    data["steps"][0].pop("pips")
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "step 0:" in err and "has not thrown yet" in err
    code, out, _ = run(capsys, "review", str(path), "--json")
    assert code == 1 and json.loads(out)["step"] == 0


def test_serve_database_is_a_postgresql_url_instead_of_db(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for args in (["--database", "/tmp/x.sqlite3"], ["--database", "postgresql://h/d", "--db", "x"]):
        assert main(["serve", "--port", "0", *args]) == 2
        assert "--database is a postgresql:// URL, instead of --db" in capsys.readouterr().err
    unreachable = "postgresql://nobody:secret@/x?host=/nonexistent-socket-dir"
    assert main(["serve", "--port", "0", "--database", unreachable]) == 2
    err = capsys.readouterr().err
    assert "cannot keep the tables in postgresql://nobody:***@" in err and "secret" not in err


def test_each_command_group_names_the_commands_its_module_adds() -> None:
    """``COMMANDS`` says which module adds which commands (a command imports only its own)."""
    import argparse

    from schocken.cli import COMMANDS, build_parser

    for group in COMMANDS:
        sub = argparse.ArgumentParser().add_subparsers()
        group.adder()(sub)
        assert tuple(sub.choices) == group.names, group.module
    every = [name for group in COMMANDS for name in group.names]
    assert len(every) == len(set(every))
    assert _commands(build_parser()) == every
    assert _commands(build_parser("lab")) == ["lab"]
    assert _commands(build_parser("no-such-command")) == every


def _commands(parser: Any) -> list[str]:
    """The command names a ``schocken`` parser offers."""
    for action in parser._actions:
        if isinstance(action.choices, dict):
            return list(action.choices)
    return []


def test_a_command_imports_only_its_own_group() -> None:
    """``schocken rules`` (in a new process) loads neither the arena nor the tournament."""
    code = (
        "import sys; from schocken.cli import main; main(['rules', 'tsv99', '--lang', 'en']);"
        "print(sorted(m for m in ('schocken.arena', 'schocken.tournament.cli', 'schocken.club.cli',"
        " 'schocken.lab.cli') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_an_unknown_command_is_refused_with_every_command_listed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["lap", "--lang", "en"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "lap" in err and "lab" in err and "tournament" in err
