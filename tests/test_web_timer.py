"""The turn timer everyone sees (issue 23): a countdown at the player whose turn it is, a warning
at 10 seconds (in words, and with sound and a buzz where the player turned the sound on), and
the stand-in's move in the log, for everyone and after a reload. Debian's Chromium driven by
Playwright, on a phone and a desktop, against a real server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from server_helpers import running
from test_web_history import log_texts, make_table
from test_web_table import DESKTOP, PHONE, new_page

SENSES = """
window.__vibrated = null;
navigator.vibrate = (pattern) => { window.__vibrated = pattern; return true; };
window.__tones = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { window.__tones += 1; return super.createOscillator(); }
};
"""
"""Stand-ins for the phone's buzzer and a count of the tones the page makes."""


def seconds(page: Page, selector: str) -> int:
    name = page.locator(selector).get_attribute("aria-label") or ""
    found = re.search(r"(\d+) s$", name)
    assert found, name
    return int(found.group(1))


@pytest.mark.alone  # holds the server to a deadline
def test_the_countdown_warns_at_ten_seconds_and_the_stand_in_is_logged(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path / "db.sqlite3", seed=4, bot_delay=0.05) as server:
        table = make_table(server, ["Anna", "Ben"], 0, rules="tsv99", turn_timer=14)
        anna_ctx, anna = new_page(browser, "en-GB", PHONE)
        ben_ctx, ben = new_page(browser, "de-DE", DESKTOP)
        for page in (anna, ben):
            page.add_init_script(SENSES)
        anna.goto(server.url + "/")
        anna.evaluate("localStorage.setItem('schocken:sound', 'on')")  # Anna turned sound on
        anna.goto(f"{server.url}/t/{table['id']}#{table['tokens'][0]}")
        ben.goto(f"{server.url}/t/{table['id']}#{table['tokens'][1]}")
        anna.click("#start")
        # Anna opens: the countdown runs at her seat, for her and for Ben, in their languages.
        clock = anna.locator("#clock-0")
        expect(clock).to_have_attribute("role", "timer")
        expect(clock).to_have_accessible_name(re.compile(r"^Time left for Anna: \d+ s$"))
        expect(anna.locator("#tray-clock")).to_have_accessible_name(re.compile(r"^Time left"))
        expect(ben.locator("#clock-0")).to_have_accessible_name(
            re.compile(r"^Zeit für Anna: noch \d+ s$")
        )
        assert ben.locator("#clock-1").count() == 0
        first = seconds(anna, "#clock-0")
        assert 10 < first <= 14
        expect(clock).not_to_have_class(re.compile(r"\burgent\b"))
        # It counts down; at 10 seconds it turns urgent and Anna is warned.
        expect(clock).to_have_class(re.compile(r"\burgent\b"), timeout=10_000)
        assert seconds(anna, "#clock-0") <= 10
        expect(ben.locator("#clock-0")).to_have_class(re.compile(r"\burgent\b"))
        expect(anna.locator("#announce")).to_have_text(
            "Anna, 10 seconds left: then the stand-in plays for you."
        )
        assert anna.evaluate("window.__vibrated") == [200, 100, 200]
        assert anna.evaluate("window.__tones") >= 2  # two beeps
        # Ben hears nothing of Anna's warning (and his sound is off anyway).
        assert ben.evaluate("window.__vibrated") is None
        assert "10 Sekunden" not in ben.locator("#announce").inner_text()
        # Time is up: the stand-in throws for Anna, and everyone's log says so.
        english = "The stand-in played for Anna: throw all three."
        german = "Die Vertretung spielte für Anna: alle drei werfen."
        expect(anna.locator("#log li[data-key='stand_in']")).to_contain_text(
            english,
            timeout=20_000,  # the 10 seconds left, and some
        )
        expect(ben.locator("#log li[data-key='stand_in']")).to_contain_text(german)
        # Her next decision (throw again or stop) has its own time, counted anew.
        expect(anna.locator("#stop")).to_be_visible()
        assert seconds(anna, "#clock-0") > 10
        # A reload (and a spectator) reads it in the history.
        ben.reload()
        ben.wait_for_selector("#players")
        assert german in log_texts(ben)
        assert anna.errors == [] and ben.errors == []  # type: ignore[attr-defined]
        anna_ctx.close()
        ben_ctx.close()


def test_a_returning_player_is_told_what_the_stand_in_played_and_no_buzz_before_a_tap(
    browser: Browser, tmp_path: Path
) -> None:
    """Issue 34, item 4: Anna is away when the game starts; the stand-in throws for her. When
    she opens her seat's page on her phone again, a status message above the game says what
    was played for her (said once: a reload does not repeat it), and the page logs no error
    (no buzz before her first tap)."""
    with running(tmp_path / "db.sqlite3", seed=4, bot_delay=0.05) as server:
        table = make_table(server, ["Anna", "Ben"], 0, rules="tsv99", turn_timer=14)
        ben_ctx, ben = new_page(browser, "de-DE", DESKTOP)
        ben.goto(f"{server.url}/t/{table['id']}#{table['tokens'][1]}")
        r = server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        assert r.status_code == 200, r.text
        expect(ben.locator("#log li[data-key='stand_in']")).to_contain_text(
            "Die Vertretung spielte für Anna: alle drei werfen.", timeout=30_000
        )
        anna_ctx, anna = new_page(browser, "en-GB", PHONE)
        console: list[str] = []
        anna.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
        anna.goto(f"{server.url}/t/{table['id']}#{table['tokens'][0]}")
        note = anna.locator("#stand-in-away-text")
        expect(note).to_have_attribute("role", "status")
        expect(note).to_have_text(
            re.compile(
                r"^While you were away, the stand-in played (one move|\d+ moves) for you: "
                r"throw all three"
            )
        )
        expect(note).to_be_in_viewport()
        # Her turn again (throw again or stop): the page opened on it without a buzz.
        expect(anna.locator("#stop")).to_be_visible()
        anna.get_by_role("button", name="Got it").click()
        expect(anna.locator("#stand-in-away")).to_have_count(0)
        anna.locator("#stop").click()
        expect(anna.locator("#stop")).to_have_count(0)
        anna.reload()
        anna.wait_for_selector("#players")
        expect(anna.locator("#log li[data-key='stand_in']").first).to_be_attached()
        expect(anna.locator("#stand-in-away")).to_have_count(0)
        assert console == []
        assert anna.errors == [] and ben.errors == []  # type: ignore[attr-defined]
        anna_ctx.close()
        ben_ctx.close()
