"""Bots as plug-ins (docs/bots-api.md, "Plug-ins"): a real little distribution with entry points
of the group ``schocken.bots``, put on the path of subprocesses, plays in ``watch``,
``simulate``, ``arena``, a ``play`` session and at the server's tables the operator lists; a
broken one is refused in words (English and German), one that raises, answers what is not
legal or is too slow is stood in for by the pub regular."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from schocken.bots import PubRegular
from schocken.bots.plugins import Guarded, set_budget
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.play import play_game
from schocken.rules import find_preset
from server_helpers import running
from test_web_table import DESKTOP, new_page

ROOT = Path(__file__).resolve().parent.parent

TINYBOTS = '''
"""Little bots for the tests: one that plays, and ones that misbehave."""
import os
import time
from pathlib import Path


def _note(what):
    log = os.environ.get("TINYBOTS_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(what + "\\n")


class Cautious:
    """Stops as soon as it may; always buys back in."""

    name = "cautious"

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, view, legal):
        _note("choose")
        texts = [str(a) for a in legal]
        return "stop" if "stop" in texts else legal[0]

    def wants_buy_in(self, view):
        return True


class Raiser(Cautious):
    name = "raiser"

    def choose(self, view, legal):
        raise RuntimeError("my strategy is broken")


class Liar(Cautious):
    name = "liar"

    def choose(self, view, legal):
        return "throw keep 6-6-6"


class Sleeper(Cautious):
    """Too slow for its first few decisions (counted in a file), then quick."""

    name = "sleeper"

    def choose(self, view, legal):
        count = Path(os.environ["TINYBOTS_SLEEPS"])
        done = int(count.read_text()) if count.exists() else 0
        if done < 2:
            count.write_text(str(done + 1))
            time.sleep(3)
        return super().choose(view, legal)


class Hanger(Cautious):
    """Never answers its first decision (counted in a file), then quick."""

    name = "hanger"

    def choose(self, view, legal):
        count = Path(os.environ["TINYBOTS_HANGS"])
        if not count.exists():
            count.write_text("1")
            while True:
                time.sleep(1)
        return super().choose(view, legal)


def not_a_bot(seed=None):
    return 42


NOT_CALLABLE = "a text"
'''

ENTRY_POINTS = """\
[schocken.bots]
cautious = tinybots:Cautious
raiser = tinybots:Raiser
liar = tinybots:Liar
sleeper = tinybots:Sleeper
hanger = tinybots:Hanger
notabot = tinybots:not_a_bot
notcallable = tinybots:NOT_CALLABLE
broken = tinybots_missing:Bot
"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder with the distribution ``tinybots`` (its module and its dist-info with the entry
    points), on the path of every subprocess the test starts (the server's too)."""
    where = tmp_path / "site"
    (where / "tinybots-1.0.dist-info").mkdir(parents=True)
    (where / "tinybots.py").write_text(textwrap.dedent(TINYBOTS), encoding="utf-8")
    info = where / "tinybots-1.0.dist-info"
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: tinybots\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    path = os.pathsep.join([str(where), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])
    monkeypatch.setenv("PYTHONPATH", path)
    monkeypatch.setenv("TINYBOTS_LOG", str(tmp_path / "asked.txt"))
    monkeypatch.setenv("TINYBOTS_SLEEPS", str(tmp_path / "sleeps.txt"))
    monkeypatch.setenv("TINYBOTS_HANGS", str(tmp_path / "hangs.txt"))
    yield where


def schocken(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schocken.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def asked(site: Path) -> int:
    log = site.parent / "asked.txt"
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_a_plugin_plays_in_watch_simulate_arena_and_a_play_session(site: Path) -> None:
    watched = schocken("watch", "--bots", "cautious,regular,regular", "--players", "3")
    assert watched.returncode == 0, watched.stderr
    assert "(cautious)" in watched.stdout
    assert asked(site) > 0
    before = asked(site)
    simulated = schocken("simulate", "--bots", "cautious,regular", "--players", "2", "--games", "6")
    assert simulated.returncode == 0, simulated.stderr
    assert "cautious" in simulated.stdout and "reference engine" in simulated.stdout
    assert asked(site) > before
    arena = schocken("arena", "--bots", "cautious,regular", "--players", "2", "--games", "8")
    assert arena.returncode == 0, arena.stderr
    assert "cautious" in arena.stdout
    # `schocken play` seats it (--bot-level takes it) in the terminal's session.
    session = subprocess.run(
        [
            sys.executable,
            "-c",
            "from schocken.rules import find_preset\n"
            "from schocken.session import Seat, Session\n"
            "s = Session.new(find_preset('tsv99'), [Seat('A', 'cautious'), Seat('B', 'regular')],"
            " seed=3)\n"
            "while not s.game.is_over:\n"
            "    s.bot_step()\n"
            "print('loser', s.game.loser)\n",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert session.returncode == 0, session.stderr
    assert "loser" in session.stdout
    helped = schocken("play", "--bot-level", "nosuch", "--players", "A")
    assert helped.returncode == 2 and "unknown bot 'nosuch'" in helped.stderr
    assert "cautious" in helped.stderr  # the known bots include the plug-ins


@pytest.mark.parametrize(
    ("bot", "en", "de"),
    [
        ("broken", "cannot be loaded: ModuleNotFoundError", "lässt sich nicht laden"),
        ("notabot", "made an object of type int, not a strategy", "keine Strategie"),
        (
            "notcallable",
            "is an object of type str, not a maker of bots",
            "kein Hersteller von Bots",
        ),
    ],
)
def test_a_broken_plugin_is_refused_in_words(site: Path, bot: str, en: str, de: str) -> None:
    said = schocken("watch", "--bots", bot, "--players", "2", "--lang", "en")
    assert said.returncode != 0 and en in said.stderr, said.stderr
    assert f"the bot plug-in '{bot}'" in said.stderr
    german = schocken("watch", "--bots", bot, "--players", "2", "--lang", "de")
    assert german.returncode != 0 and de in german.stderr, german.stderr
    arena = schocken("arena", "--bots", f"{bot},regular", "--lang", "de")
    assert arena.returncode == 2 and de in arena.stderr, arena.stderr
    play = schocken("bot-play", "http://127.0.0.1:1/t/x", "token", "--bot", bot, "--lang", "en")
    assert play.returncode == 2 and en in play.stderr
    serve = schocken("serve", "--port", "0", "--bot-plugins", bot, timeout=60)
    assert serve.returncode == 2 and en in serve.stderr, serve.stderr


def test_serve_refuses_a_plugin_that_is_not_installed(site: Path) -> None:
    serve = schocken("serve", "--port", "0", "--bot-plugins", "nosuch", timeout=60)
    assert serve.returncode == 2
    assert "no bot plug-in 'nosuch' is installed; installed plug-ins: broken, cautious, hanger" in (
        serve.stderr
    )


@pytest.mark.parametrize("inner", ["raiser", "liar", "sleeper"])
def test_a_plugin_that_fails_is_stood_in_for_by_the_pub_regular(
    site: Path, inner: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(site))
    import tinybots  # type: ignore[import-not-found]

    made = {"raiser": tinybots.Raiser, "liar": tinybots.Liar, "sleeper": tinybots.Sleeper}
    bot = Guarded(made[inner](), inner)
    set_budget(0.2)
    try:
        rules = find_preset("tsv99")
        game = play_game(Game(rules, ["A", "B"], RandomDice(4)), [bot, PubRegular()])
    finally:
        set_budget(5.0)
    assert game.is_over  # the game went on to its end
    reason = {"raiser": "raised", "liar": "illegal", "sleeper": "slow"}[inner]
    assert bot.stood_in[reason] >= 1
    if inner != "sleeper":  # it never answered: every decision was the stand-in's
        assert set(bot.stood_in) == {reason}


def test_the_server_seats_the_plugins_its_operator_lists(site: Path, tmp_path: Path) -> None:
    extra = ("--msg-rate", "1000", "--bot-plugins", "cautious,raiser,sleeper", "--bot-budget", "1")
    with running(tmp_path / "db.sqlite3", extra=extra) as server:
        made = server.post("/api/tables", {"name": "Anna", "seats": 4, "rules": "schock4life"})
        table = made.json()
        key, token = table["id"], table["token"]
        for bot in ("cautious", "raiser", "sleeper"):
            added = server.post(f"/api/tables/{key}/bots", {"token": token, "bot": bot})
            assert added.status_code == 200, added.text
        other = server.post(f"/api/tables/{key}/bots", {"token": token, "bot": "liar"})
        assert other.status_code == 400
        assert other.json()["error"].startswith("unknown bot 'liar'; known bots: random")
        assert other.json()["error"].endswith("cautious, raiser, sleeper")
        after = server.get(f"/api/tables/{key}").json()
        assert after["plugins"] == ["cautious", "raiser", "sleeper"]  # the lobby offers them
        assert [s["bot"] for s in after["seats"]] == [None, "cautious", "raiser", "sleeper"]
        assert server.post(f"/api/tables/{key}/start", {"token": token}).status_code == 200
        to_bot = {"token": token, "seat": 0, "to": "bot"}
        assert server.post(f"/api/tables/{key}/seat", to_bot).status_code == 200
        deadline = time.monotonic() + 240
        while not server.get(f"/api/tables/{key}").json()["finished"]:
            assert time.monotonic() < deadline, server.log.read_text()
            time.sleep(0.5)
        record = server.get(f"/api/tables/{key}/record").json()
        assert {s["seat"] for s in record["steps"]} >= {1, 2, 3}
        log = server.log.read_text()
        assert "the bot plug-in 'raiser' raised an error: the pub regular plays for it" in log
        assert "did not decide within 1.0 s" in log  # the sleeper, stood in for
    assert asked(site) > 0  # the cautious plug-in itself was asked


def test_a_plugin_that_never_answers_holds_no_game_and_no_exit(site: Path) -> None:
    """Its first decision never ends: the stand-in plays it after the plug-in's time, the game
    goes on to its end, and the command ends (the thread it hangs in is let go)."""
    watched = schocken(
        "watch", "--bots", "hanger,regular", "--players", "2", "--lang", "en", timeout=120
    )
    assert watched.returncode == 0, watched.stderr
    assert "the bot plug-in 'hanger' took too long: the pub regular plays for it" in watched.stderr
    assert "Summary: first half" in watched.stdout  # the game's end


def test_the_lobby_offers_the_operators_plugins(
    site: Path, tmp_path: Path, browser: Browser
) -> None:
    """The host picks a plug-in from the lobby's bot choice, by its name, and it takes a seat."""
    extra = ("--msg-rate", "1000", "--bot-plugins", "cautious")
    with running(tmp_path / "db.sqlite3", extra=extra) as server:
        ctx, page = new_page(browser, "en-US", DESKTOP)
        try:
            page.goto(server.url + "/")
            page.fill("#name", "Anna")
            page.fill("#seats", "3")
            page.fill("#bots", "0")
            page.click("button[type=submit]")
            page.wait_for_selector("#lobby-bot")
            options = page.locator("#lobby-bot option").evaluate_all(
                "os => os.map(o => [o.value, o.textContent])"
            )
            assert [value for value, _ in options][-1] == "cautious"
            assert ["cautious", "cautious"] in options  # a plug-in by its name as it is
            assert len(options) == 5  # the four built-in kinds and the plug-in
            page.select_option("#lobby-bot", "cautious")
            page.get_by_role("button", name="Add bot").first.click()
            page.wait_for_function(
                "() => document.body.innerText.includes('cautious')"
                " && [...document.querySelectorAll('#lobby-bot option')].length === 5"
            )
            key = page.evaluate("() => location.pathname.split('/').pop()")
            seats = server.get(f"/api/tables/{key}").json()["seats"]
            assert "cautious" in [s["bot"] for s in seats]
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            ctx.close()
