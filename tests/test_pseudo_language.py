"""The pseudo-language ``qps`` (scripts/pseudo_po.py): a command said in it shows no word that
does not come from the catalogue (docs/translating.md).

The check, per line of output: every run of letters is a pseudo word (all its letters accented
by the pseudo-language), or an allowed name: a player's or a bot's, a preset's or a tournament
format's id, a bot's kind (what the user typed or chose, said as it is), or a game word a result
is named by in every language (Schock, General, Jule: results.py names them, not the catalogue).
Numbers, dice (``6-5-4``), paths, links and a table's code have no letters or are taken out
before the check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from pseudo_helpers import GAME_WORDS, NAMES, PSEUDO, foreign_words, schocken
from server_helpers import running


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pseudo")
    PSEUDO.write_pseudo(out)
    return out


def test_the_check_finds_a_word_outside_the_catalogue() -> None:
    assert foreign_words("⟦Ŧĥŕōŵ⟧ 6-5-4, Anna: Schock 4", NAMES | GAME_WORDS) == []
    assert foreign_words("⟦Ŧĥŕōŵ⟧ round 2", NAMES) == ["round"]
    assert foreign_words("Ŧĥŕōw", NAMES) == ["Ŧĥŕōw"]  # one plain letter is enough


def test_watch_rules_and_review_say_every_word_from_the_catalogue(
    locale_dir: Path, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    outputs = {
        "watch": schocken(locale_dir, "watch", "--seed", "3", "--save", str(record)),
        "rules": schocken(locale_dir, "rules", "--lang", "qps"),
        "review": schocken(locale_dir, "review", str(record)),
    }
    for command, output in outputs.items():
        lines = output.replace(str(record), "").splitlines()
        assert len(lines) > 3, command
        bad = [(line, foreign_words(line, NAMES | GAME_WORDS)) for line in lines]
        assert [b for b in bad if b[1]] == [], command
    assert "⟦Šŧŕȧššē⟧" in outputs["watch"] or "⟦Šŧŕȧƨē⟧" in outputs["rules"]


def test_the_arena_says_every_word_from_the_catalogue(locale_dir: Path) -> None:
    output = schocken(
        locale_dir, "arena", "--bots", "random,regular", "--games", "6", "--engine", "reference"
    )
    lines = output.splitlines()
    assert len(lines) > 8
    bad = [(line, foreign_words(line, NAMES | {"random"})) for line in lines]
    assert [b for b in bad if b[1]] == []


def test_the_club_and_tournament_commands_say_every_word_from_the_catalogue(
    locale_dir: Path, tmp_path: Path
) -> None:
    db = str(tmp_path / "club.sqlite3")
    steps = [
        ("club", "create", "Krone"),
        ("club", "member", "add", "Anna"),
        ("club", "member", "add", "Ben"),
        ("club", "pay", "Anna", "5"),
        ("club", "price", "list"),
        ("club", "balance"),
        ("club", "kitty"),
        ("club", "stats"),
        ("tournament", "create", "Cup", "--date", "2025-06-01", "--club", "Krone"),
        ("tournament", "register", "Anna", "Ben"),
        ("tournament", "players"),
        ("tournament", "tables"),
        ("tournament", "rank"),
        ("tournament", "list"),
    ]
    for step in steps:
        output = schocken(locale_dir, *step, "--db", db)
        output = re.sub(r"[A-Za-z0-9_-]{20,}", "", output)  # the club's secret key
        output = re.sub(r"\b[0-9a-f]{8}\b", "", output)  # a draw's seed
        assert output.strip(), step
        assert foreign_words(output, NAMES | {"Krone", "krone", "Cup"}) == [], (
            step
        )  # krone: its slug


BOTS = {"Bodo", "Kalle", "Uschi", "Gisela", "Manni", "Heinz", "Rita", "Jupp", "Trude", "Fiete"}
"""The bots' seat names (server/tables.py): names, said as they are."""

SHOWN = """() => [document.body.innerText, document.title,
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder]')]
      .map(e => [e.getAttribute('aria-label'), e.getAttribute('title'),
                 e.getAttribute('placeholder')].filter(Boolean).join(' '))]"""
"""What a person sees or hears of the page: its text, its title, its controls' names and hints."""


def page_words(
    page: Page,
    state: str,
    *,
    leave_out: tuple[str, ...] = (),
    shown_by: str = SHOWN,
    allowed: set[str] | None = None,
) -> list[str]:
    """The foreign words of what ``shown_by`` (a script) finds on the page, leaving out the
    parts in ``leave_out``, those marked as another language's, links and the dice's commitment
    (a hash); ``allowed``: the names allowed (players', bots', the club's by default)."""
    shown: list[str] = page.evaluate(shown_by)
    lines = [line for text in shown for line in text.splitlines()]
    assert len(lines) > 3, state
    text = "\n".join(lines)
    # words marked as another language's (the language button says the next one's name in it)
    others: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('body [lang]')]
            .filter(e => e.lang !== document.documentElement.lang).map(e => e.innerText)"""
    )
    for part in [*others, *leave_out]:  # a table's code: letters, not words
        text = text.replace(part, "")
    text = re.sub(r"https?://\S+", "", text)  # a link (the invite, the spectators')
    text = re.sub(r"\b[0-9a-f]{64}\b", "", text)  # the dice's commitment (a hash)
    return foreign_words(text, NAMES | BOTS | {"Krone"} if allowed is None else allowed)


def _wait_pseudo(page: Page, selector: str, word: str = "⟦") -> None:
    page.wait_for_function(
        "([sel, word]) => document.querySelector(sel)?.innerText.includes(word)",
        arg=[selector, word],
    )


def test_the_pages_in_the_pseudo_language_show_only_catalogue_words(
    locale_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Browser
) -> None:
    """The lobby, a table waiting and in play, the rules builder, a club's page, its
    tournaments and pub mode, each in qps: every word on them is a pseudo word or a name."""
    monkeypatch.setenv("SCHOCKEN_LOCALE_PATH", str(locale_dir))
    found: dict[str, list[str]] = {}
    with running(tmp_path / "db.sqlite3", seed=9, bot_delay=0.02) as server:
        ctx = browser.new_context(locale="en-US")
        ctx.add_init_script("localStorage.setItem('schocken:lang', 'qps')")
        page = ctx.new_page()
        page.goto(server.url + "/")
        _wait_pseudo(page, "h1")
        assert page.evaluate("document.documentElement.lang") == "qps"
        found["lobby"] = page_words(page, "lobby")
        # the language button offers the next catalogue's language, in its own name
        languages = page.request.get(server.url + "/api/languages").json()
        assert [x["code"] for x in languages] == ["de", "en", "qps"]
        assert languages[2]["name"] == "⟦Ēñĝľĩšĥ⟧"
        assert page.locator("#lang").inner_text() == "Deutsch"
        assert page.locator("#lang").get_attribute("lang") == "de"
        worker = page.request.get(server.url + "/sw.js").text()  # kept for a pub without signal
        assert all(f'"/api/texts/{code}"' in worker for code in ("de", "en", "qps"))
        page.fill("#name", "Anna")
        page.fill("#seats", "3")
        page.fill("#bots", "2")
        page.click("button[type=submit]")
        page.wait_for_selector("#start")
        code = (page.locator("#code").inner_text(),)
        found["table waiting"] = page_words(page, "table waiting", leave_out=code)
        page.click("#start")
        page.wait_for_selector("#players")
        found["table in play"] = page_words(page, "table in play", leave_out=code)
        page.goto(server.url + "/rules")
        _wait_pseudo(page, "#rb-summary")
        found["rules builder"] = page_words(page, "rules builder")
        made = server.post("/api/clubs", {"name": "Krone", "password": None}).json()
        slug = made["club"]["slug"]
        page.goto(f"{server.url}/club/{slug}#{made['secret']}")
        _wait_pseudo(page, "h1", "Krone")
        found["club"] = page_words(page, "club")
        page.goto(f"{server.url}/tournaments/{slug}")
        _wait_pseudo(page, "h1", "Krone")
        found["tournaments"] = page_words(page, "tournaments")
        page.goto(server.url + "/pub")
        _wait_pseudo(page, "h1")
        found["pub mode"] = page_words(page, "pub mode")
        ctx.close()
    assert {state: words for state, words in found.items() if words} == {}
