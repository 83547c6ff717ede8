"""The review page (issue 16): a record file uploaded on /review, stepped through with the keys,
the best move marked, each player's accuracy; and the review reached from a finished table's
summary. Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    FilePayload,
    Page,
    expect,
)

from schocken.record import parse_record
from schocken.review import review as reviewed
from server_helpers import Server, running
from test_server_review import finished_table
from test_web import dismiss_reveal

GOLDEN = Path(__file__).parent / "golden"
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3", seed=4, bot_delay=0.0) as s:
        yield s


def new_page(browser: Browser, locale: str, device: dict[str, Any]) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(locale=locale, **device)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return ctx, page


def test_an_uploaded_record_is_stepped_through_by_keyboard(
    browser: Browser, server: Server
) -> None:
    """schock4life's golden game on a phone: the accuracy of each player, the decisions one by
    one with ← and →, the best move and the move made marked, a covered cup shown as covered."""
    record = GOLDEN / "schock4life.json"
    review = json.loads(reviewed(parse_record(record.read_text(encoding="utf-8"))).to_json())
    decisions = review["decisions"]
    ctx, page = new_page(browser, "en-GB", PHONE)
    page.goto(server.url + "/")
    page.click("#to-review")
    page.wait_for_url("**/review")
    page.set_input_files("#rv-file", str(record))
    page.wait_for_selector("#rv-accuracy")
    rows = page.locator("#rv-accuracy tbody tr")
    assert rows.count() == 3
    assert rows.nth(0).inner_text().split("\t")[:2] == ["Anna", "44.4% (4 of 9)"]
    expect(page.get_by_text(re.compile("Einwürfeln"))).to_have_text(  # one, in the singular
        "1 buy-in (Einwürfeln) is not valued: buying in is no decision within a round."
    )
    live = page.locator("#rv-live")
    total = len(decisions)
    first = decisions[0]
    expect(live).to_have_text(
        f"Decision 1 of {total}: step {first['step']}, {first['player']}, good."
    )
    expect(page.locator("#rv-prev")).to_be_disabled()
    # The keys step through the decisions; the live region says where.
    for n in range(2, 10):
        page.keyboard.press("ArrowRight")
        d = decisions[n - 1]
        expect(live).to_contain_text(f"Decision {n} of {total}: step {d['step']}, {d['player']}")
    page.keyboard.press("ArrowLeft")
    expect(live).to_contain_text(f"Decision 8 of {total}")
    # Decision 9: a covered cup before the player, shown as covered, without its dice.
    page.keyboard.press("ArrowRight")
    expect(live).to_contain_text(f"Decision 9 of {total}")
    covered = page.locator(".rv-before li.covered")
    assert covered.count() >= 1
    assert covered.locator(".dice-row").count() == 0
    assert "covered" in covered.first.inner_text()
    # Which throw each cup before the player is at, counted in English ("(1. throw)" no more).
    before = page.locator(".rv-before li").all_inner_texts()
    assert before and all(re.search(r"\(.*\d(st|nd|rd) throw\)$", b) for b in before), before
    # Anna's costliest decision: the move made and the best move marked, with their P(lose).
    page.locator(".rv-costly button").first.click()
    costly = next(d for d in decisions if d["step"] == review["summary"][0]["costliest"][0])
    expect(page.locator("#rv-step-h")).to_have_text(f"Step {costly['step']}: Anna's decision")
    best = page.locator("#rv-moves tr.best")
    made = page.locator("#rv-moves tr.made")
    assert best.count() == 1 and made.count() == 1
    assert best.get_attribute("data-action") == costly["best"]
    assert made.get_attribute("data-action") == costly["made"]
    assert "best move" in best.inner_text() and "played" in made.inner_text()
    assert f"{costly['p_best'] * 100:.1f}%" in best.inner_text()
    expect(page.locator("#rv-verdict")).to_contain_text(costly["label"])
    # The phone's width holds the page; the buttons are named.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.get_by_role("button", name="Next")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()


def test_a_bad_file_is_refused_with_the_readers_message(browser: Browser, server: Server) -> None:
    ctx, page = new_page(browser, "de-DE", PHONE)
    page.goto(server.url + "/review")
    bad = FilePayload(name="x.json", mimeType="application/json", buffer=b'{"format": 1}')
    page.set_input_files("#rv-file", files=bad)
    expect(page.locator("#rv-error")).to_have_text("'format' muss 'schocken-record' sein")
    assert page.locator("#rv-accuracy").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()


def test_the_review_is_reached_from_a_finished_tables_summary(
    browser: Browser, server: Server
) -> None:
    key, token = finished_table(server)
    ctx, page = new_page(browser, "de-DE", {"viewport": {"width": 1280, "height": 800}})
    page.goto(server.url + f"/t/{key}#{token}")
    page.wait_for_selector("#summary", timeout=20_000)
    while dismiss_reveal(page):
        pass
    link = page.locator("#review-link")
    expect(link).to_have_text("Spiel analysieren")
    link.click()
    page.wait_for_url(f"**/review/{key}")
    page.wait_for_selector("#rv-accuracy")
    expect(page.locator("#rv-accuracy-h")).to_have_text("Genauigkeit")
    assert page.locator("#rv-accuracy tbody tr").count() == 3
    expect(page.locator("#rv-live")).to_contain_text("Entscheidung 1 von")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rv-live")).to_contain_text("Entscheidung 2 von")
    assert page.locator("#rv-moves tr.best").count() == 1
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()
