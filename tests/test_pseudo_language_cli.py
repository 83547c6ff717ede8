"""Every command of ``schocken`` said in the pseudo-language ``qps`` (docs/translating.md): its
help, argparse's own words, its output and its refusals come from the catalogue.

The check is the one of tests/test_pseudo_language.py (tests/pseudo_helpers.py): every run of
letters is a pseudo word or an allowed name. Allowed besides the names there: what one types
as a command says it (the commands' and options' names, their values to choose from, their
placeholders such as ``FILE``, a preset's or a bot's id).
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pseudo_helpers import (
    GAME_WORDS,
    NAMES,
    PSEUDO,
    ROOT,
    foreign_words,
    pseudo_env,
    run,
    run_many,
)
from schocken.bots import BOTS
from schocken.cli import build_parser
from schocken.club import DEFAULT_DB
from schocken.club import SECTIONS as CLUB_SECTIONS
from schocken.odds import POLICIES
from schocken.rule_sources import NOTED_SOURCES, QUOTED, SOURCES
from schocken.tournament.formats import FORMATS
from schocken.tournament.paper import PAPERS
from schocken.tournament.results import SECTIONS


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pseudo")
    PSEUDO.write_pseudo(out)
    return out


def _parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every parser of the command line with its path of commands, the top one first."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


def _typed() -> set[str]:
    """The words one types: the commands', options' and values' names, the placeholders."""
    words: set[str] = set()
    for path, parser in _parsers(build_parser()):
        words.update(path)
        for action in parser._actions:
            said = [*action.option_strings, action.dest]
            metavar = action.metavar
            said += list(metavar) if isinstance(metavar, tuple) else [metavar or ""]
            said += [str(choice) for choice in action.choices or ()]
            words.update(w for text in said for w in re.findall(r"[^\W\d_]+", text))
            words.update(w.upper() for w in re.findall(r"[^\W\d_]+", action.dest))
    return words


CHOSEN = set(
    re.findall(r"[^\W\d_]+", " ".join([*BOTS, *SECTIONS, *CLUB_SECTIONS, *PAPERS, *POLICIES]))
)
"""The bots', sections', papers' and policies' ids (one types them)."""
TYPED = _typed() | CHOSEN | NAMES | GAME_WORDS | {"qps", "schocken"}


def _bad(output: str, allowed: set[str]) -> list[tuple[str, list[str]]]:
    """The lines of ``output`` with a word outside the catalogue, and those words."""
    output = re.sub(r"\b[0-9a-f]{16,}\b", "", output)  # a seed, a hash: not words
    found = [(line, foreign_words(line, allowed)) for line in output.splitlines()]
    return [(line, words) for line, words in found if words]


HELP_ALL = """
import argparse, sys
from schocken.cli import build_parser
from schocken.cli_words import speaking
def walk(parser, path=()):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from walk(sub, (*path, name))
with speaking():
    for path, parser in walk(build_parser()):
        print("\\f" + " ".join(path))
        print(parser.format_help())
"""


def test_the_help_of_every_command_is_the_catalogues(locale_dir: Path) -> None:
    """``--help`` of ``schocken`` and of every command and subcommand, argparse's words too."""
    done = run(locale_dir, "--help")
    assert done.returncode == 0
    assert "⟦ũšȧĝē:⟧ schocken" in done.stdout  # usage:
    assert "⟦ōƥŧĩōñš⟧:" in done.stdout  # options:
    assert "⟦šĥōŵ ŧĥĩš ĥēľƥ ɱēššȧĝē ȧñđ ēẋĩŧ⟧" in done.stdout
    assert _bad(done.stdout, TYPED) == []
    env_python = ["-c", HELP_ALL]
    helps = run_python(locale_dir, *env_python)
    pages = helps.split("\f")[1:]
    paths = [page.split("\n", 1)[0] for page in pages]
    assert len(pages) == len(list(_parsers(build_parser())))
    assert {"club member add", "tournament enter", "serve", "lab", "migrate"} <= set(paths)
    text = helps.replace(str(DEFAULT_DB), "")
    bad = {p.split("\n", 1)[0]: _bad(p.split("\n", 1)[1], TYPED) for p in text.split("\f")[1:]}
    assert {path: lines for path, lines in bad.items() if lines} == {}


def run_python(locale_dir: Path, *args: str) -> str:
    """Python (``-c``) in the pseudo-language's environment: what it prints."""
    done = subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        env=pseudo_env(locale_dir),
        timeout=120,
        check=True,
    )
    return done.stdout


def test_argparses_refusals_are_the_catalogues(locale_dir: Path) -> None:
    """A missing argument, a value not among the choices, an unknown option or command, a bad
    number: argparse's refusal and our types' refusals, in the catalogue's words."""
    cases = [
        ("club", "member", "add"),  # the following arguments are required
        ("simulate", "--engine", "warp"),  # invalid choice
        ("simulate", "--games", "10", "--frobnicate"),  # unrecognized arguments
        ("nonsense",),  # invalid choice of a command
        ("simulate", "--players", "1"),  # players must be 2 to ...
        ("watch", "--delay", "x"),  # not a number of seconds
        ("serve", "--port", "70000"),  # a port is 1 to 65535
        ("serve", "--max-body", "0"),  # at least 1
        ("serve", "--msg-rate", "-1"),  # a number above 0
        ("play", "--bots", "x"),  # not a whole number
        ("simulate", "--preset", "nope"),  # unknown preset (a refusal of the rules)
        ("tournament", "print", "--pdf", "a.pdf", "--html", "a.html"),  # not allowed with
        ("hint", "--dice"),  # expected one argument
    ]
    done = run_many(locale_dir, [list(c) for c in cases])
    for case, (output, code) in zip(cases, done, strict=True):
        assert code == 2, case
        assert "⟦ũšȧĝē:⟧" in output and "ēŕŕōŕ" in output, case
        assert _bad(output, TYPED | {"warp", "frobnicate", "nonsense", "nope", "x"}) == [], case


RESULT_NAMES = {"Hand", "Straße"}
"""Result names as results.py names them in every language (Hand-Aus, Straße), like GAME_WORDS."""


ONLINE = Path(__file__).parent / "records" / "online-tsv99.json"


def _outputs(locale_dir: Path, runs: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """What each command of ``runs`` prints (stdout and stderr), by its name: all in one Python."""
    done = run_many(locale_dir, [list(args) for args in runs.values()])
    return {name: output for name, (output, _) in zip(runs, done, strict=True)}


def _check(outputs: dict[str, str], allowed: set[str]) -> None:
    """Every output has lines, and none of them a word outside the catalogue."""
    for command, output in outputs.items():
        assert output.strip(), command
    found = {command: _bad(output, allowed) for command, output in outputs.items()}
    assert {command: lines for command, lines in found.items() if lines} == {}


def test_simulate_replay_and_verify_say_every_word_from_the_catalogue(
    locale_dir: Path, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    run(locale_dir, "watch", "--seed", "3", "--save", str(record))
    unfair = tmp_path / "unfair.json"
    data = json.loads(ONLINE.read_text(encoding="utf-8"))
    data["steps"][0]["pips"][0] = data["steps"][0]["pips"][0] % 6 + 1
    unfair.write_text(json.dumps(data), encoding="utf-8")
    bad_seed = tmp_path / "seed.json"
    data = json.loads(ONLINE.read_text(encoding="utf-8"))
    data["dice"]["seed"] = "00" * 32
    bad_seed.write_text(json.dumps(data), encoding="utf-8")
    not_json = tmp_path / "bad.json"
    not_json.write_text('{"players": ["Anna",]}', encoding="utf-8")
    runs = {
        "simulate": ("simulate", "--games", "12", "--engine", "reference"),
        "simulate rotated": ("simulate", "--games", "8", "--rotate", "--engine", "reference"),
        "replay": ("replay", str(record)),
        "verify": ("verify", str(ONLINE)),
        "verify a die": ("verify", str(unfair)),
        "verify the seed": ("verify", str(bad_seed)),
        "verify no dice": ("verify", str(record)),
        "replay no file": ("replay", str(tmp_path / "none.json")),
        "review a folder": ("review", str(tmp_path)),
        "simulate no bot": ("simulate", "--bots", "nobody"),
        "simulate no game": ("simulate", "--games", "0"),
        "review no player": ("review", str(record), "--player", "Nobody"),
        "replay not JSON": ("replay", str(not_json)),
        "odds plot nowhere": ("odds", "--plot", str(tmp_path / "none" / "odds.png")),
    }
    outputs = {
        name: output.replace(str(tmp_path), "").replace(str(ONLINE), "")
        for name, output in _outputs(locale_dir, runs).items()
    }
    assert "ŧĥē ŕēçōŕđ ĩš ľēĝȧľ.⟧" in outputs["replay"]
    # a step's action is the record's own word (throw), a file's name is the user's
    words = {"throw", "game", "json", "none", "unfair", "seed", "nobody", "Nobody", "odds", "png"}
    words.add("bad")
    _check(outputs, TYPED | RESULT_NAMES | words)


def test_odds_hint_and_card_say_every_word_from_the_catalogue(locale_dir: Path) -> None:
    runs = {
        "odds": ("odds",),
        "odds full": ("odds", "--full", "--preset", "knobelrunde"),
        "hint alone": ("hint", "--dice", "6-5-4", "--throws", "1"),
        "hint": ("hint", "--dice", "6-5-4", "--throws", "1", "--shown", "6-6-1", "--after", "1"),
        "card": ("card", "--lang", "qps"),
        "odds no policy": ("odds", "--policy", "nope"),
        "hint bad dice": ("hint", "--dice", "7-7-7", "--throws", "1"),
        "hint covered": ("hint", "--covered", "1-1/3", "--preset", "tsv99"),
        "card no preset": ("card", "nope"),
        "rules no preset": ("rules", "nope"),
        "simulate no card": ("simulate", "--bots", "card:x/y"),
    }
    outputs = _outputs(locale_dir, runs)
    assert "⟦Ŝ" not in outputs["card"] and "⟦Šŧŕȧŧēĝý çȧŕđ, tsv99⟧" in outputs["card"]
    # the card's measurement cites where the solver's figure comes from (a file, a command)
    source = {"docs", "md", "seed", "rotate", "bots"}
    _check(outputs, TYPED | RESULT_NAMES | source | {"nope", "x", "y"})


CLUB_STEPS = """club create Krone
club list
club secret
club member add Anna Ben Cem Dora
club member add Gustav --guest
club member list
club member rename Dora Doris
club member leave Doris --date 2025-06-02
club evening add 2025-06-01 --present Anna,Ben,Cem
club evening present 2025-06-01 Gustav
club evening list
club game add --loser Anna --halves Anna,Ben
club game add --loser Ben
club game list
club game void 2025-06-01 2 --reason oops
club evening show
club price set game_lost 0,50
club price list
club pay Anna 5
club fine-item set Würfel 0,50
club fine-item list
club fine Ben Würfel
club fine-item remove Würfel
club charge Cem 1 --reason late
club expense add 10 --for beer
club expense list
club account set DE89370400440532013000 Krone
club account show
club pay-qr Cem {tmp}/pay.svg
club account remove
club kitty
club balance
club ledger
club ledger Anna
club stats
club csv balances {tmp}/balance.csv
club plot {tmp}/stats.png
club export {tmp}/club.json
club import {tmp}/club.json
club member rename Nobody X
club pay Nobody 5
club game add --loser Nobody
club evening add 2025-13-01
tournament create Cup --date 2025-06-01
tournament list
tournament register Anna Ben Cem Dora Erika Fritz Hans Ida Jan
tournament withdraw Jan
tournament players
tournament draw
tournament tables
tournament rank
tournament undraw --reason test
tournament draw --close
tournament export {tmp}/cup.json
tournament print --html {tmp}/cup.html
tournament import {tmp}/cup.json
tournament enter 9 9 --half A>B
tournament create Cup --date 2025-06-01
tournament create Cup3 --date 2025-06-01 --format nope"""
"""The club's and tournament's commands in a row (the first steps are in
tests/test_pseudo_language.py); the logs and the formats have their own tests below."""


def test_the_club_and_tournament_commands_say_every_word_from_the_catalogue(
    locale_dir: Path, tmp_path: Path
) -> None:
    db = str(tmp_path / "club.sqlite3")
    steps = [[*line.format(tmp=tmp_path).split(), "--db", db] for line in CLUB_STEPS.splitlines()]
    outputs = {}
    for step, (output, _) in zip(steps, run_many(locale_dir, steps), strict=True):
        output = re.sub(r"/[\w./-]+", "", output.replace(str(tmp_path), ""))  # a file's path
        output = re.sub(r"[A-Za-z0-9_-]{20,}", "", output)  # the club's secret key
        output = re.sub(r"\b[0-9a-f]{8}\b", "", output)  # a draw's seed
        outputs[" ".join(step[:4])] = output
    for password in ("geheim123", "short"):  # read from standard input; too short, refused
        done_pw = run(locale_dir, "club", "password", "--db", db, stdin=password + "\n")
        outputs[f"club password {len(password)}"] = done_pw.stdout + done_pw.stderr
    # a tournament drawn by its seed: table 1 is Ida, Anna, Erika, Dora; a game entered by hand
    cup = ["--tournament", "Open", "--db", db]
    halves = ["--half", "Ida,Anna>Erika>Dora", "--half", "Anna>Ida>Erika>Dora"]
    played = [
        ["tournament", "create", "Open", "--date", "2025-06-02", "--seed", "1", "--db", db],
        ["tournament", "register", "Anna,Ben,Cem,Dora,Erika,Fritz,Hans,Ida", *cup],
        ["tournament", "draw", *cup],
        ["tournament", "enter", "1", "1", *halves, "--schock-aus", "first_half=Ida", *cup],
        ["tournament", "games", *cup],
        ["tournament", "rank", *cup],
        ["tournament", "remove", "1", "1", "--reason", "mistake", *cup],
        ["tournament", "enter", "1", "1", "--half", "Ida>Nobody", *cup],
    ]
    done = run_many(locale_dir, played)
    assert [code for _, code in done] == [0, 0, 0, 0, 0, 0, 0, 1], done
    assert "Ida (1 " in done[5][0]  # the Schock-Aus king, in words
    for step, (output, _) in zip(played, done, strict=True):
        outputs[" ".join(step[:3])] = re.sub(r"\b[0-9a-f]{8}\b", "", output)
    players = {"Erika", "Fritz", "Hans", "Ida", "Jan", "Gustav", "Doris", "Nobody", "X", "A", "B"}
    players |= {"Open", "mistake"}
    typed = {"Krone", "krone", "Cup", "Würfel", "oops", "late", "beer", "DE", "nope"}
    typed.add("Schockbuch")  # a transfer's reference, quoted as the bank gets it
    _check(outputs, TYPED | players | typed)


PUB_ENTRIES = "?\n6-5-4/1\ns\nxyz\nu x\n4-4-2\nu\nq\n"
"""Pub mode's help, an entry refused, the standing, a turn and its undoing, quitting."""


def test_lab_pub_play_migrate_and_serve_say_every_word_from_the_catalogue(
    locale_dir: Path, tmp_path: Path
) -> None:
    saved = tmp_path / "pub.json"
    pub = ("pub", "--players", "Anna,Ben,Cem", "--save", str(saved))
    done = run(locale_dir, *pub, stdin=PUB_ENTRIES)
    outputs = {"pub": done.stdout + done.stderr}
    assert saved.is_file()
    club, copy, none = tmp_path / "club.sqlite3", tmp_path / "copy.sqlite3", tmp_path / "none"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        runs = {
            "lab": ("lab", "tsv99", "--games", "8", "--skill-games", "1", "--skill-seconds", "0"),
            "club": ("club", "create", "Krone", "--db", str(club)),
            "migrate": ("migrate", "--from", str(club), "--to", str(copy)),
            "lab no preset": ("lab", "nope"),
            "lab games": ("lab", "tsv99", "--games", "1"),
            "lab a file": ("lab", str(none / "rules.json")),
            "pub no players": ("pub",),
            "pub both": ("pub", "--players", "Anna,Ben", "--resume", "x.json"),
            "pub a file": ("pub", "--resume", str(none / "pub.json")),
            "play same names": ("play", "--players", "Anna,Anna"),
            "play a file": ("play", "--resume", str(none / "game.json")),
            "play no folder": ("play", "--save", str(none / "game.json")),
            "migrate no file": ("migrate", "--from", str(none), "--to", str(copy)),
            "migrate not empty": ("migrate", "--from", str(club), "--to", str(copy)),
            "serve a port taken": ("serve", "--port", port, "--data", str(tmp_path / "data")),
            "serve no url": ("serve", "--database", "x"),
        }
        done_all = run_many(locale_dir, [list(args) for args in runs.values()])
    for name, (output, code) in zip(runs, done_all, strict=True):
        assert (code == 0) == (name in ("lab", "club", "migrate")), (name, output)
        outputs[name] = output
    del outputs["club"]  # made for migrate; its words are checked with the club's
    # a table's name and its rows, as the database has them
    outputs["migrate"] = re.sub(r"(?m)^  \w+: \d+$", "", outputs["migrate"])
    outputs["migrate not empty"] = re.sub(r"\w+_\w+", "", outputs["migrate not empty"])
    data = ["--data", str(tmp_path / "data"), "--log-level", "warning"]
    server = subprocess.Popen(
        [sys.executable, "-m", "schocken.cli", "serve", "--port", "0", "--seed", "1", *data],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=pseudo_env(locale_dir),
    )
    try:
        assert server.stdout is not None and server.stderr is not None
        outputs["serve"] = server.stdout.readline() + server.stderr.readline()
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert "http://127.0.0.1:" in outputs["serve"]
    for name, output in outputs.items():
        output = output.replace(str(tmp_path), "")
        outputs[name] = re.sub(r"https?://\S+|/[\w./-]+", "", output)  # a link, a file's path
    # what one typed (a preset, an entry, a file); the bot the lab measured skill with
    _check(outputs, TYPED | RESULT_NAMES | {"x", "xyz", "u", "json", "nope", "half", "Krone"})


PLAY = """
import asyncio, html, re, sys
from pathlib import Path
from schocken.dice import ScriptedDice
from schocken.game import Game
from schocken.rules import find_preset
from schocken.session import Seat, Session
from schocken.tui import PassScreen, make_app

def screen(app):
    rows = {}
    svg = app.export_screenshot()
    for m in re.finditer(r'<text [^>]*x="([\\d.]+)" y="([\\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(m[2]), []).append((float(m[1]), html.unescape(m[3])))
    return "\\n".join("".join(t for _, t in sorted(r)) for _, r in sorted(rows.items()))

async def whole_game(screens):
    seats = [Seat("Anna"), Seat("Ben"), Seat("Bodo", "regular")]
    rules = find_preset("schock4life").with_overrides({"deckel_per_half": 5, "deckel_in_finale": 5})
    s = Session.new(rules, seats, lang="qps", seed=3)
    app = make_app(s, pace=0, save_path=Path(sys.argv[1]) / "none" / "game.json")
    async with app.run_test(size=(110, 50)) as pilot:
        await pilot.pause()
        screens.append(screen(app))
        await pilot.press("c")  # the coach on
        await pilot.press("ctrl+s")  # a save that fails
        screens.append(screen(app))
        for step in range(5000):
            for _ in range(1000):
                await pilot.pause()
                if s.game.is_over or isinstance(app.screen, PassScreen) or not s.bot_to_move:
                    break
            if step % 7 == 0 or isinstance(app.screen, PassScreen):
                screens.append(screen(app))
            if s.game.is_over:
                break
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
            elif s.can("stop") and step % 5 == 0:
                await pilot.press("s")
            elif s.can("turn"):
                await pilot.press("t")
            elif s.can("throw"):
                await pilot.press("space")
            elif s.can("buyin"):
                await pilot.press("b")
            else:
                raise AssertionError("no key offered")
        assert s.game.is_over
        screens.append(screen(app))
        await pilot.press("r")  # the review
        screens.append(screen(app))

async def refused(screens):
    pips = [6, 5, 4, 3, 2, 2, 1, 5, 3, 2, 2]
    game = Game(find_preset("schock4life"), ["Anna", "Ben"], ScriptedDice(pips))
    s = Session(game=game, seats=(Seat("Anna"), Seat("Ben")), lang="qps")
    s._start()
    app = make_app(s, pace=0)
    async with app.run_test(size=(110, 40)) as pilot:
        for key in ["space", "space", "space", "3", "space", "1", "space"]:
            await pilot.press(key)
        screens.append(screen(app))

screens = []
asyncio.run(whole_game(screens))
asyncio.run(refused(screens))
print("\\f".join(screens))
"""
"""``schocken play``'s screen (tests/test_tui.py's pilot): a whole game of two humans and a bot,
the pass screen, the coach, a save that fails, the review, a move refused; the screen's text
read from Textual's screenshot, line by line."""


def test_the_play_screen_says_every_word_from_the_catalogue(
    locale_dir: Path, tmp_path: Path
) -> None:
    screens = run_python(locale_dir, "-c", PLAY, str(tmp_path)).split("\f")
    assert len(screens) > 10
    outputs = {
        f"screen {i}": re.sub(r"/[\w./-]+", "", screen.replace(str(tmp_path), ""))  # a path
        for i, screen in enumerate(screens)
    }
    assert any("⟦ŌĶ⟧" in screen for screen in screens)  # the pass screen's key
    # the keys as Textual names them (space, ^s, q), the players' names
    keys = {"space", "s", "t", "b", "l", "c", "r", "q"}
    _check(outputs, NAMES | GAME_WORDS | RESULT_NAMES | keys | {"Bodo", "Ben"})


def test_the_formats_say_their_labels_from_the_catalogue(locale_dir: Path) -> None:
    """``tournament formats``: the labels and the tie-breaks from the catalogue; a format's title
    as its source names it, its source's address and its stages as data (JSON) stay data."""
    ((output, code),) = run_many(locale_dir, [["tournament", "formats"]])
    assert code == 0
    for fmt in FORMATS.values():
        assert f": {fmt.title}\n" in output and f"{fmt.source}⟧\n" in output
        output = output.replace(fmt.title, "").replace(fmt.source, "")
    output = re.sub(r"\{.*\}", "", output)  # a stage as data
    assert output.count("⟦Šōũŕçē: ⟧") == len(FORMATS)
    _check({"formats": output}, NAMES)


def test_a_tournament_exports_checks_on_import_say_their_words_from_the_catalogue(
    locale_dir: Path, tmp_path: Path
) -> None:
    """An export spoilt in several places, imported: where in the file and what is wrong, said
    in the catalogue's words (the file's keys and values, quoted, are data)."""
    db, export = str(tmp_path / "a.sqlite3"), tmp_path / "cup.json"
    made = [
        ["tournament", "create", "Cup", "--date", "2025-06-01", "--seed", "1", "--db", db],
        ["tournament", "register", "Anna,Ben,Cem,Dora,Erika,Fritz", "--db", db],
        ["tournament", "draw", "--db", db],
        ["tournament", "export", str(export), "--db", db],
    ]
    assert [code for _, code in run_many(locale_dir, made)] == [0, 0, 0, 0]
    good = json.loads(export.read_text(encoding="utf-8"))

    def spoilt(name: str, change: str) -> list[str]:
        data = json.loads(json.dumps(good))
        exec(change, {"d": data})  # the test's own statements
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        return ["tournament", "import", str(path), "--db", str(tmp_path / f"{name}.sqlite3")]

    changes = {
        "version": "d['version'] = 9",
        "unknown": "d['tournament']['colour'] = 1",
        "twice": "d['players'][1]['name'] = 'Anna'",
        "number": "d['players'][0]['number'] = 0",
        "stranger": "d['rounds'][0]['tables'][0]['players'][0] = 'Zed'",
        "game": "d['rounds'][0]['tables'][0]['games'] = [{'number': 1, 'source': 'pub'}]",
        "log": "d['log'].append({'at': 1})",
        "list": "d['rounds'] = 3",
    }
    runs = [spoilt(name, change) for name, change in changes.items()]
    outputs = {}
    for name, (output, code) in zip(changes, run_many(locale_dir, runs), strict=True):
        assert code == 1, (name, output)
        outputs[name] = re.sub(r"'[^']*'", "", output)  # the file's keys and values, quoted
    assert "⟦ŧĥē ēẋƥōŕŧ⟧" in outputs["version"]
    _check(outputs, TYPED | {"Cup", "Zed"})


def test_the_logs_label_each_change_from_the_catalogue(locale_dir: Path, tmp_path: Path) -> None:
    """``club log`` and ``tournament log``: each line's time and action id (data, as an export
    has them), its label from the catalogue, and its data (JSON)."""
    db = ["--db", str(tmp_path / "club.sqlite3")]
    steps = [
        ["club", "create", "Krone", *db],
        ["club", "member", "add", "Anna", "Ben", "Cem", *db],
        ["club", "evening", "add", "2025-06-01", "--present", "Anna,Ben,Cem", *db],
        ["club", "game", "add", "--loser", "Anna", *db],
        ["club", "pay", "Anna", "5", *db],
        ["club", "log", *db],
        ["tournament", "create", "Cup", "--date", "2025-06-01", "--seed", "1", *db],
        ["tournament", "register", "Anna,Ben,Cem,Dora,Erika,Fritz", *db],
        ["tournament", "draw", *db],
        ["tournament", "log", *db],
    ]
    done = run_many(locale_dir, steps)
    assert all(code == 0 for _, code in done), done
    outputs = {"club log": done[5][0], "tournament log": done[9][0]}
    for name, output in outputs.items():
        lines = output.splitlines()
        assert len(lines) >= 3 and all(re.match(r"\S+  \w+ +⟦", line) for line in lines), name
        outputs[name] = re.sub(r"(?m)^\S+  \w+ +|\{.*\}", "", output)  # when, the id, the data
    _check(outputs, set())


def test_rules_without_lang_says_every_word_from_the_catalogue(locale_dir: Path) -> None:
    """``schocken rules``: where each preset takes an option from (our readings) and what other
    pages and programs play are the catalogue's; left out of the check are only the data
    (``key = value``, the ``[preset]`` heads) and the rule texts' own sentences, quoted as written
    (:data:`QUOTED`)."""
    output = _outputs(locale_dir, {"rules": ("rules",)})["rules"]
    data = re.compile(r"^\s*(\[\w+\]|\w+ = .*)$")
    lines = [line for line in output.splitlines() if not data.match(line)]
    readings = [line for line in lines if re.match(r"\s+00\d: ⟦", line)]
    assert len(readings) > 100  # every "text silent", "not in the text", "no Jule" ... line
    text = "\n".join(lines)
    for quote in sorted(QUOTED, key=len, reverse=True):
        text = text.replace(quote, "")
    _check({"rules": text}, TYPED)


TOML_BROKEN = {
    "value": 'preset = "tsv99"\ndeckel_per_half = = 3\n',
    "twice": 'preset = "tsv99"\npreset = "allgemein"\n',
    "unterminated": 'preset = "tsv99\n',
    "table": '[rules\npreset = "tsv99"\n',
    "character": 'preset = "ts\x01v99"\n',
    "end": 'preset = "tsv99"\ndeckel_per_half = [13\n',
}
"""Rule files the TOML reader cannot read, each for another of its messages."""


def test_what_other_libraries_say_in_a_refusal_is_the_catalogues(
    locale_dir: Path, tmp_path: Path
) -> None:
    """A refusal that says what the TOML reader, SQLite or uvicorn reports says it in the
    catalogue's words (``errors.TOML_ERRORS``, ``errors.SQLITE_ERRORS``, ``net.UVICORN_LOG``): the
    reader's position is data, and so are a key the file names twice, a character it has, uvicorn's
    level name (``INFO:``) and the server's process number."""
    runs: dict[str, tuple[str, ...]] = {}
    for name, text in TOML_BROKEN.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        runs[f"rules {name}"] = ("rules", str(path))
    folder = tmp_path / "folder"
    folder.mkdir()
    (tmp_path / "latin.toml").write_bytes(b'preset = "tsv99"\n\xff\n')
    runs["rules not utf-8"] = ("rules", str(tmp_path / "latin.toml"))
    runs["rules no file"] = ("rules", str(tmp_path / "none.toml"))
    runs["rules a folder"] = ("rules", str(folder))
    runs["serve public url"] = ("serve", "--port", "0", "--public-url", "ftp://x")
    not_sqlite = tmp_path / "data" / "schocken.sqlite3"
    not_sqlite.parent.mkdir()
    not_sqlite.write_text("no database here, only words " * 20, encoding="utf-8")
    runs["club in a folder"] = ("club", "list", "--db", str(folder))
    runs["tournament not sqlite"] = ("tournament", "list", "--db", str(not_sqlite))
    runs["serve not sqlite"] = ("serve", "--port", "0", "--data", str(not_sqlite.parent))
    outputs = _outputs(locale_dir, runs)
    assert all("⟦" in output for output in outputs.values()), outputs
    server = subprocess.Popen(
        [sys.executable, "-m", "schocken.cli", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=pseudo_env(locale_dir),
        cwd=tmp_path,
    )
    try:
        assert server.stdout is not None and server.stderr is not None
        server.stdout.readline()
        log = [server.stderr.readline() for _ in range(3)]  # started, starting, started
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert all(line.startswith("INFO:") for line in log), log
    outputs["serve log"] = re.sub(r"(?m)^INFO: +|\[\d+\]", "", "".join(log))
    for name, output in outputs.items():
        output = output.replace(str(tmp_path), "")
        output = re.sub(r"\('\w+',\)|'\\\w+'|'ftp://x'", "", output)  # as written
        outputs[name] = re.sub(r"/[\w./-]+", "", output)  # a file's path
    _check(outputs, TYPED)


def test_rules_markdown_is_said_in_the_users_language(locale_dir: Path) -> None:
    """``schocken rules --markdown`` in the user's language: every heading, the introduction,
    each option's words (the rules builder's label and help), its choices, where each preset
    takes it from, what others play, our readings and the sources' notes come from the
    catalogue; left out of the check are the data: what is written as code (an option's key, a
    value, a preset's id, in backticks), the rule texts' own sentences (:data:`QUOTED`) and the
    sources' addresses (a name or a file in a repository after one, as it is)."""
    output = _outputs(locale_dir, {"markdown": ("rules", "--markdown")})["markdown"]
    assert output.startswith("# ⟦") and "## ⟦" in output
    for key, where in SOURCES.items():
        output = output.replace(where.split(" (")[0] if key in NOTED_SOURCES else where, "")
    for quote in sorted(QUOTED, key=len, reverse=True):
        output = output.replace(quote, "")
    _check({"rules --markdown": re.sub(r"`[^`\n]*`", "", output)}, TYPED)
    english = run_many(locale_dir, [["rules", "--markdown", "--lang", "en"]])[0][0]
    assert english == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
