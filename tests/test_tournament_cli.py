"""``schocken tournament`` end to end: a club's tournament from registration to the ranking and
the export, in German and English; refusals in one line that change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from schocken.cli import main
from schocken.rules import find_preset
from tournament_helpers import bot_record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["tournament", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_clubs_tournament_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "schocken.sqlite3")
    opts = ("--db", db, "--lang", "en")
    assert main(["club", "create", "Krone", "--db", db]) == 0
    names = [f"P{i}" for i in range(1, 9)]
    assert main(["club", "member", "add", *names, "--db", db]) == 0
    capsys.readouterr()

    code, out, _ = run(
        capsys, "create", "Kronen-Cup", "--date", "2025-06-01", "--club", "Krone",
        "--format", "werl", "--seed", "42", "--capacity", "10", *opts,
    )  # fmt: skip
    assert code == 0 and out == "Tournament Kronen-Cup created: werl, 2025-06-01, draw seed 42.\n"
    code, out, _ = run(capsys, "formats", "werl", *opts)
    assert "werl: Schockerturnier Werl" in out and '"by_order": [[3, 1, 0], [3, 2, 1, 0]]' in out
    assert "Equal scores: fewer games lost, fewer halves lost" in out

    assert run(capsys, "register", "P1,P2", "--team", "Stammtisch", *opts)[0] == 0
    code, out, _ = run(capsys, "register", "P3", "P4", "P5", "P6", "P7", "P8", *opts)
    assert out == "Registered: P3, P4, P5, P6, P7, P8.\n"
    code, _, err = run(capsys, "register", "P9", *opts)
    assert code == 1
    assert err == "schocken tournament: 'P9' is not a member of Krone (register them as a " \
        "guest, or add them to the club first)\n"  # fmt: skip
    code, _, err = run(capsys, "register", "P9", "P10", "P11", "--guest", *opts)
    assert code == 1 and "takes 10 players: 8 are registered, 2 more can be" in err
    code, out, _ = run(capsys, "players", *opts)
    assert out.splitlines()[0].split() == [
        "No.",
        "player",
        "team",
        "from",
        "round",
        "left",
        "after",
    ]
    assert "Stammtisch" in out

    code, out, _ = run(capsys, "draw", "--json", *opts)
    drawn = json.loads(out)
    assert [len(t["players"]) for t in drawn["tables"]] == [4, 4]
    for t in drawn["tables"]:
        assert sum(1 for p in t["players"] if p in ("P1", "P2")) == 1  # teammates apart
    first, second = drawn["tables"][0]["players"], drawn["tables"][1]["players"]

    # By hand: the first half's order out, the second's, the Finale's loser, a Schock-Aus.
    a, b, c, d = first
    code, out, _ = run(
        capsys, "enter", "1", "1", "--half", f"{a}, {b} > {c} > {d}", "--half",
        f"{c} > {a} > {d} > {b}", "--finale-loser", d, "--schock-aus", f"finale={b}", *opts,
    )  # fmt: skip
    assert code == 0 and out == f"Game 1 at table 1 of round 1: {d} lost.\n"
    # From a record file.
    record = bot_record(second, find_preset("allgemein"), 11)
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "enter", "1", "2", "--record", str(path), "--source", "pub", *opts)
    assert code == 0 and out.endswith("lost.\n")
    # Refusals: one line, exit 1, nothing changed.
    code, out, err = run(capsys, "enter", "1", "1", "--half", f"{a} > {b} > {c}", *opts)
    assert code == 1 and err == (
        f"schocken tournament: {d!r} of table 1 of round 1 is missing from the game\n"
    )
    code, out, err = run(capsys, "enter", "1", "2", "--record", str(path), *opts)
    assert code == 1 and "this game is entered already: game 1 of table 2 in round 1" in err
    code, out, err = run(capsys, "enter", "1", "1", *opts)
    assert code == 1 and err.count("\n") == 1
    code, out, _ = run(capsys, "games", *opts)
    assert out.splitlines()[0] == f"Round 1, table 1, game 1 (hand): {d} lost"
    assert out.splitlines()[1].startswith("Round 1, table 2, game 1 (pub):")
    # A mistake taken back, and the game entered again.
    code, out, _ = run(
        capsys, "remove", "1", "1", "--reason", "Tippfehler", "--lang", "de", "--db", db
    )
    assert code == 0 and out == "Spiel 1 an Tisch 1 in Runde 1 zurückgenommen.\n"
    code, out, _ = run(
        capsys, "enter", "1", "1", "--half", f"{a}, {b} > {c} > {d}", "--half",
        f"{c} > {a} > {d} > {b}", "--finale-loser", d, "--schock-aus", f"finale={b}", *opts,
    )  # fmt: skip
    assert code == 0

    code, out, _ = run(capsys, "rank", *opts)
    lines = out.splitlines()
    assert lines[0] == "Overall"
    assert lines[1].split()[:4] == ["Place", "player", "team", "points"]
    # a and b out first in half 1 (3 each), c next (2), d lost (0); half 2: c 3, a 2, d 1,
    # b 0; d lost the Finale (-1): a 5, b 3, c 5, d 0; b threw the Finale's Schock-Aus.
    points = {ln.split()[1]: int(ln.split()[3]) for ln in lines[2:10] if ln.split()[1] in first}
    assert points == {a: 5, b: 3, c: 5, d: 0}
    assert "Equal scores: fewer games lost, fewer halves lost; then a shared place." in out
    assert "Teams" in out and "Stammtisch" in out
    code, out, _ = run(capsys, "rank", "--lang", "de", "--db", db)
    assert out.startswith("Gesamt\nPlatz")
    assert "Bei Gleichstand: weniger verlorene Spiele" in out
    assert "Schock-Aus-König:" in out
    code, out, _ = run(capsys, "rank", "--json", *opts)
    ranking = json.loads(out)
    assert ranking["format"] == "werl" and ranking["score"] == "points"
    code, out, _ = run(capsys, "rank", "--round", "1", *opts)
    assert out.startswith("Round 1: points round\n")

    # The games are in the club's book, on the tournament's evening.
    assert main(["club", "game", "list", "--db", db, "--lang", "en"]) == 0
    club_games = capsys.readouterr().out
    assert "2025-06-01" in club_games

    export = tmp_path / "cup.json"
    code, out, _ = run(capsys, "export", str(export), *opts)
    assert code == 0 and out == f"Kronen-Cup exported to {export}.\n"
    club_export = tmp_path / "club.json"
    assert main(["club", "export", str(club_export), "--db", db]) == 0
    other = str(tmp_path / "other.sqlite3")
    assert main(["club", "import", str(club_export), "--db", other]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "import", str(export), "--db", other, "--lang", "en")
    assert code == 0 and out == f"Kronen-Cup imported from {export}.\n"
    again = tmp_path / "again.json"
    assert run(capsys, "export", str(again), "--db", other)[0] == 0
    assert again.read_bytes() == export.read_bytes()

    code, out, _ = run(capsys, "tables", *opts)
    assert out == (
        f"Round 1: points round\n  Table 1 [games: 1]: {', '.join(first)}\n"
        f"  Table 2 [games: 1]: {', '.join(second)}\n"
    )
    code, out, _ = run(capsys, "withdraw", a, *opts)
    assert out == f"{a} has left the tournament after round 1.\n"
    code, out, _ = run(capsys, "log", *opts)
    actions = [line.split()[1] for line in out.splitlines()]
    assert actions == ["created", "registered", "registered", "drawn", "game_entered",
                       "game_entered", "game_removed", "game_entered", "withdrawn"]  # fmt: skip
    code, out, _ = run(capsys, "list", *opts)
    assert "Kronen-Cup" in out and "Krone" in out
    # A round is a round: the next is drawn when the tables have played their games, or when
    # the round is closed on purpose (the server refuses the same: the rule is plan.py's).
    code, _, err = run(capsys, "draw", *opts)
    assert code == 1 and "table 1 of round 1 has played 1 of its 5 games" in err
    code, _, err = run(capsys, "draw", *opts, "--lang", "de")
    assert code == 1 and "Tisch 1 in Runde 1 hat 1 von 5 Spielen gespielt" in err
    assert run(capsys, "tables", *opts)[1].count("Round") == 1
    code, out, _ = run(capsys, "draw", "--close", "--json", *opts)
    assert code == 0 and json.loads(out)["number"] == 2
    round2 = json.loads(out)["tables"]
    half = f"{', '.join(second[:3])} > {second[3]}"
    code, _, err = run(capsys, "enter", "1", "2", "--half", half, *opts)
    assert code == 1 and "round 1 is over: round 2 is drawn" in err
    # On purpose: round 2's draw taken back (no game yet), round 1 takes its game, and round 2
    # is drawn again (the same seed and history: the same tables).
    code, out, _ = run(capsys, "undraw", "--reason", "a sheet of table 2 found", *opts)
    assert code == 0 and out == "The draw of round 2 is taken back; it is drawn again by 'draw'.\n"
    assert run(capsys, "enter", "1", "2", "--half", half, *opts)[0] == 0
    code, out, _ = run(capsys, "draw", "--close", "--json", *opts)
    assert json.loads(out)["tables"] == round2
    players = round2[0]["players"]
    whole = f"{', '.join(players[1:])} > {players[0]}"
    assert run(capsys, "enter", "2", "1", "--half", whole, "--half", whole, *opts)[0] == 0
    code, _, err = run(capsys, "undraw", "--reason", "again", *opts, "--lang", "de")
    assert code == 1 and "Runde 2 hat schon Spiele: ihre Auslosung wird nicht" in err
    code, out, _ = run(capsys, "log", *opts)
    assert "draw_taken_back" in out and "a sheet of table 2 found" in out


def test_refusals_name_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.sqlite3")
    code, _, err = run(capsys, "draw", "--db", db)
    assert code == 1 and err == (
        "schocken tournament: there is no tournament here yet (schocken tournament create NAME "
        "--date YYYY-MM-DD)\n"
    )
    code, _, err = run(capsys, "draw", "--db", db, "--lang", "de")
    assert code == 1 and err == (
        "schocken tournament: hier gibt es noch kein Turnier (schocken tournament create NAME "
        "--date JJJJ-MM-TT)\n"
    )
    code, _, err = run(capsys, "create", "Cup", "--date", "2025-06-01", "--format", "x", "--db", db)
    assert code == 1 and "unknown format 'x'; the formats are werl, sfreunde" in err
    code, _, err = run(
        capsys, "create", "Cup", "--date", "2025-06-01", "--rules", "nope", "--db", db
    )
    assert code == 1 and err.startswith("schocken tournament: cannot read house rules 'nope'")
    assert run(capsys, "create", "A", "--date", "2025-06-01", "--db", db)[0] == 0
    assert run(capsys, "create", "B", "--date", "2025-06-02", "--db", db)[0] == 0
    code, _, err = run(capsys, "players", "--db", db)
    assert code == 1 and "there are 2 tournaments here: name one with --tournament (A, B)" in err
    code, out, _ = run(capsys, "players", "--db", db, "-t", "B", "--lang", "de")
    assert code == 0 and out.startswith("Nr.")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is no database" * 100)
    code, _, err = run(capsys, "list", "--db", str(junk))
    assert code == 2 and err.startswith("schocken tournament:")


def test_a_big_registration_says_how_many(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    opts = ("--db", str(tmp_path / "schocken.sqlite3"), "--lang", "de")
    assert run(capsys, "create", "Stadtpokal", "--date", "2025-06-01", *opts)[0] == 0
    names = [f"Spieler {i:03}" for i in range(1, 52)]
    code, out, _ = run(capsys, "register", *names, *opts)
    assert code == 0 and out == "Angemeldet: 51 Spieler.\n"
    code, out, _ = run(capsys, "register", "Anna", *opts)
    assert code == 0 and out == "Angemeldet: Anna.\n"
