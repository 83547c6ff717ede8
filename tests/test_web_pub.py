"""Pub mode in the browser (issue 14): a whole game entered on a phone with one correction, the
record downloaded and replayed. Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from schocken.record import parse_record, replay
from server_helpers import Server, running

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
HOUSE = 'preset = "tsv99"\ndeckel_per_half = 2\n'


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3") as s:
        yield s


def pick_dice(page: Page, dice: tuple[int, int, int]) -> None:
    for i, pips in enumerate(dice):
        page.click(f"label[for=d{i}-{pips}]")


def saved(page: Page, entries: int) -> None:
    """Wait until the page shows the game after ``entries`` entries."""
    expect(page.locator(f".pub-bar[data-entries='{entries}']")).to_be_attached()


def test_a_whole_pub_game_on_a_phone_with_one_correction(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    ctx = browser.new_context(locale="en-US", accept_downloads=True, **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.click("text=Real dice at the pub?")
    expect(page).to_have_url(re.compile(r"/pub$"))
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "Ben")
    page.click("summary")
    page.fill("#house", HOUSE)
    page.fill("#game-stake", "a round")
    page.click("button[type=submit]")
    expect(page).to_have_url(re.compile(r"/pub/[\w-]+$"))
    title = page.locator("#pub-turn-title")
    expect(title).to_have_text("Anna's turn")
    expect(page.locator("#pub-prompt")).to_contain_text("Anna opens, up to 3 throws")
    # big touch targets: every die face and the bar's buttons
    for selector in ("label[for=d0-1]", "#pub-save", "#pub-undo"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, selector
    expect(page.locator("#pub-undo")).to_be_disabled()

    # Saving without dice is refused on the page
    page.click("#pub-save")
    expect(page.locator("#pub-error")).to_have_text("Pick all three dice first.")

    # Anna: 6-5-3 in one throw
    pick_dice(page, (6, 5, 3))
    page.click("#pub-save")
    saved(page, 1)
    expect(title).to_have_text("Ben's turn")
    expect(page.locator("#pub-prompt")).to_contain_text("one throw (opened by Anna)")
    expect(page.locator("#announce")).to_have_text("Anna: 6-5-3 (1 throw).")
    # only one throw is allowed
    expect(page.locator("#pub-throws input")).to_have_count(1)

    # Ben: a mistake (6-4-2), then undone
    pick_dice(page, (6, 4, 2))
    page.click("#pub-save")
    saved(page, 2)
    newest = page.locator(".pub-log li").first
    expect(newest).to_contain_text("Ben: 6-4-2 (1 throw).")
    expect(newest).to_contain_text("Anna has the best result (6-5-3) and opens round 2.")
    page.click("#pub-undo")
    saved(page, 1)
    expect(title).to_have_text("Ben's turn")
    expect(newest).to_have_text("Undone: Ben: 6-4-2 1.")

    # ... and the rest by result: Ben a Schock 2, Anna 6-5-3, until the game ends
    entries = 1
    for _ in range(30):
        if page.locator("#pub-record").count():
            break
        who = title.inner_text()
        if who == "Ben's turn":
            page.click("#pub-mode label:has-text('Result directly')")
            page.click("#pub-result label:has-text('Schock 2')")
        else:
            assert who == "Anna's turn", who
            page.click("#pub-mode label:has-text('Dice')")  # the page keeps the last way
            pick_dice(page, (6, 5, 3))
        page.click("#pub-save")
        entries += 1
        saved(page, entries)
    expect(title).to_have_text("Game over. Anna lost.")
    expect(page.locator(".pub-owes")).to_have_text("Anna owes a round.")
    expect(page.locator(".pub-log")).to_contain_text("Anna owes a round.")

    with page.expect_download() as info:
        page.click("#pub-record")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    record = parse_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.is_over and game.loser == 0
    assert len(record.meta["pub"]["entries"]) == entries
    assert record.meta["pub"]["entries"][1] == {
        "kind": "turn",
        "seat": 1,
        "dice": [2, 1, 1],
        "throws": 1,
        "result": "Schock 2",
    }
    assert errors == []
    ctx.close()


def test_the_game_comes_back_after_a_reload_in_german(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    page.goto(server.url + "/pub")
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "Ben")
    page.click("#add-player")
    page.fill("#player-3", "Cem")
    page.click("button[type=submit]")
    expect(page.locator("#pub-turn-title")).to_have_text("Anna ist dran")
    # with a keyboard: the arrow keys move through a die's faces, the focus stays on them
    page.focus("#d0-3")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    expect(page.locator("label[for=d0-4]")).to_have_class("pub-face on")
    assert page.evaluate("document.activeElement.id") == "d0-4"
    expect(page.get_by_role("radio", name="Würfel 1: 4")).to_be_checked()
    pick_dice(page, (4, 2, 1))
    page.click("#pub-save")
    saved(page, 1)
    log = page.locator(".pub-log li")
    expect(log).to_have_count(1)
    told = log.first.inner_text()
    assert told.startswith("Anna: ")
    page.reload()
    saved(page, 1)
    expect(page.locator("#pub-turn-title")).to_have_text("Ben ist dran")
    # the game's log comes back with it, from the server's events
    expect(log).to_have_count(1)
    expect(log.first).to_have_text(told)
    pick_dice(page, (6, 6, 6))
    page.click("#pub-save")
    saved(page, 2)
    expect(log).to_have_count(2)
    page.reload()
    saved(page, 2)
    expect(log).to_have_count(2)
    expect(log.nth(1)).to_have_text(told)  # newest first
    expect(page.locator("#pub-standing")).to_contain_text("Mitte")
    # another device without the secret cannot see the game
    other = browser.new_context(locale="de-DE", **PHONE).new_page()
    other.goto(page.url)
    expect(other.locator("[role=alert]")).to_contain_text("nicht gespeichert")
    other.context.close()
    ctx.close()


def test_one_die_each_is_entered_as_one_die_on_a_phone(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/pub")
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "Ben")
    page.click("summary")
    page.fill("#house", 'preset = "tsv99"\nopening = "high_die"\n')
    page.click("button[type=submit]")
    expect(page.locator("#pub-prompt")).to_have_text("One die each: Anna throws one die.")
    # one row of six faces, labelled for screen readers; no throws, no way to choose
    one = page.locator("#pub-one-die")
    expect(one.locator("legend")).to_have_text("The one die of the opening")
    expect(one.get_by_role("radiogroup", name="The one die of the opening")).to_have_count(1)
    expect(one.locator("input[type=radio]")).to_have_count(6)
    expect(page.locator("#pub-throws, #pub-mode, #d1-1")).to_have_count(0)
    box = page.locator("label[for=d0-1]").bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    page.click("#pub-save")
    expect(page.locator("#pub-error")).to_have_text("Pick the die first.")
    page.get_by_role("radio", name="The die: 4").check()
    page.click("#pub-save")
    saved(page, 1)
    expect(page.locator("#announce")).to_have_text("Anna: 4 (1 throw).")
    page.click("label[for=d0-4]")
    page.click("#pub-save")
    saved(page, 2)
    expect(page.locator(".pub-log li").first).to_contain_text(
        "Anna and Ben tie for the highest die and throw again."
    )
    page.click("label[for=d0-2]")
    page.click("#pub-save")
    saved(page, 3)
    page.click("label[for=d0-5]")
    page.click("#pub-save")
    saved(page, 4)
    expect(page.locator(".pub-log li").first).to_contain_text(
        "Ben threw the highest die (5) and opens round 3."
    )
    # the first round for Deckel: three dice again
    expect(page.locator("#pub-prompt")).to_contain_text("Ben opens, up to 3 throws")
    expect(page.locator("#d2-6")).to_be_attached()
    expect(page.locator("#pub-one-die")).to_have_count(0)
    assert errors == []
    ctx.close()


def test_the_scorer_opens_a_round_blind_with_the_switch(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/pub")
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "Ben")
    page.click("summary")
    page.fill("#house", HOUSE + "blind = true\n")
    page.click("button[type=submit]")
    expect(page).to_have_url(re.compile(r"/pub/[\w-]+$"))
    expect(page.locator("#pub-blind")).to_have_count(0)  # the opening round: no blind
    pick_dice(page, (6, 5, 3))
    page.click("#pub-save")
    saved(page, 1)
    pick_dice(page, (6, 5, 2))
    page.click("#pub-save")
    saved(page, 2)
    page.click("label[for=pub-blind]")  # Anna opens round 2 blind: one throw
    expect(page.locator("#pub-throws input")).to_have_count(1)
    pick_dice(page, (3, 3, 1))
    page.click("#pub-save")
    saved(page, 3)
    expect(page.locator("#announce")).to_contain_text("Anna opens blind")
    expect(page.locator("#pub-blind")).to_have_count(0)
    # the blind cup stays covered: in the log, read out, and when the entry is undone
    page.click("#pub-undo")
    saved(page, 2)
    expect(page.locator("#announce")).to_have_text("Undone: Anna: opened blind, covered.")
    expect(page.locator(".pub-log li").first).to_have_text("Undone: Anna: opened blind, covered.")
    shown = page.inner_text("body")
    assert "3-3-1" not in shown and "331" not in shown, shown
    assert errors == []
    ctx.close()
