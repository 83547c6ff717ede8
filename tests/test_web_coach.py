"""The coach switch on the web table (issue 16): off by default, on for everyone to see, the
ranking of each decision for the coached player alone, a note after a costly move. Debian's
Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Error, Page, expect

from server_helpers import running
from test_web import click_if_there, dismiss_reveal
from test_web_table import PHONE, new_page, start_table

PERCENT = re.compile(r"^(?:<|>)?(\d+\.\d)%$")
LOOK = """b => ({background: getComputedStyle(b).backgroundColor,
    mark: getComputedStyle(b, '::before').content})"""


def ranking(page: Page) -> list[tuple[str, float]]:
    """The coach's list as shown: each move with its chance to lose, best first."""
    rows = []
    for li in page.locator("#coach-moves li").all():
        move = li.locator(".move").inner_text().removeprefix("★ ").strip()
        shown = PERCENT.match(li.locator(".p").inner_text().strip())
        assert shown, li.inner_text()
        rows.append((move, float(shown.group(1)) / 100))
    return rows


def test_the_coach_switch_ranks_moves_and_notes_a_costly_stop(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path / "db.sqlite3", seed=41, bot_delay=0.05) as server:
        ctx, page = new_page(browser, "en-GB", PHONE)
        start_table(page, server, seats=3, preset="tsv99")
        toggle = page.locator("#coach-toggle")
        expect(toggle).to_have_attribute("aria-pressed", "false")  # off by default
        expect(page.locator("#coach-moves")).to_have_count(0)
        off_look = toggle.evaluate(LOOK)
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        expect(toggle).to_have_accessible_name("Advise me")  # the same name, on or off
        # On looks other than off (a later rule of the style sheet once made them alike).
        on_look = page.locator("#coach-toggle").evaluate(LOOK)
        assert on_look["background"] != off_look["background"], (on_look, off_look)
        assert on_look["mark"].startswith('"✓') and off_look["mark"] == "none"
        # Everyone sees that Anna's coach is on: a badge at her name in the player list.
        expect(page.locator("#coach-badge-0")).to_have_text("coach")
        ranked = noted = 0
        note_round, old_note, cleared = "", "", False
        for _ in range(3000):
            if page.locator("#summary").count() or (ranked >= 4 and noted and cleared):
                break
            if dismiss_reveal(page):
                continue
            if noted and not cleared and page.locator("#status-h").inner_text() != note_round:
                # The next round: the note on the last one's stop is gone.
                notes = page.locator("#coach-note").all_inner_texts()
                assert old_note not in notes, notes
                cleared = True
            if page.locator("#coach-moves").count():
                rows = ranking(page)
                assert len(rows) >= 2 and rows == sorted(rows, key=lambda r: r[1])
                best = page.locator("#coach-best")
                expect(best).to_have_text(re.compile(rf"^Coach: {re.escape(rows[0][0])} \("))
                ranked += 1
                stop = [p for move, p in rows if move == "stop"]
                if not noted and stop and stop[0] - rows[0][1] >= 0.055:
                    try:
                        page.click("#stop", timeout=3000)
                    except Error:  # a round's reveal came up meanwhile: close it, look again
                        continue
                    # The note: in the coach's card while the round goes on, or in the
                    # round's reveal when the stop ended it.
                    note = page.locator("#coach-note, #reveal-coach-note:not([hidden])")
                    expect(note).to_contain_text("Coach: Anna, “stop” was a", timeout=10_000)
                    old_note = note.inner_text()
                    note_round = page.locator("#status-h").inner_text()
                    noted += 1
                    continue
            if not (click_if_there(page, "#throw") or click_if_there(page, "#stop")):
                page.wait_for_timeout(40)
            else:
                page.wait_for_timeout(250)
        assert ranked >= 4 and noted == 1 and cleared
        # Off again: the list goes, the badge goes.
        page.locator("#coach-toggle").click()
        expect(page.locator("#coach-toggle")).to_have_attribute("aria-pressed", "false")
        expect(page.locator("#coach-badge-0")).to_have_count(0)
        expect(page.locator("#coach-moves")).to_have_count(0)
        assert page.errors == []  # type: ignore[attr-defined]
        ctx.close()
