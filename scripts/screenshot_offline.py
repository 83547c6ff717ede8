"""Make the screenshots of the club's pages and pub mode without a signal, in Debian's Chromium
on a 390x844 phone (German), against a real server:

- docs/club-offline-phone.png: Tonight offline: the status line, a fine, a payment and a game
  kept on the phone and shown as waiting, and a pub game whose turns wait;
- docs/pub-offline-phone.png: pub mode offline: who threw, the dice, the turns waiting;
- docs/club-settle-phone.png: the connection back, two entries held for the treasurer (a member
  who left meanwhile, perhaps the same game twice) with their choices.

Usage: .venv/bin/python scripts/screenshot_offline.py
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT / "tests"))
from server_helpers import running  # noqa: E402
from test_web import CHROMIUM, FLAGS  # noqa: E402
from test_web_club_tasks import PHONE, small_club  # noqa: E402
from test_web_offline import enter_turn, ready_offline, turns  # noqa: E402

HOUSE = 'preset = "tsv99"\ndeckel_per_half = 2\n'


def shoot(page: Page, name: str, full: bool = False) -> None:
    page.wait_for_timeout(400)
    page.screenshot(path=str(DOCS / name), full_page=full)
    print("wrote", DOCS / name)


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3") as server,
        sync_playwright() as p,
    ):
        members = ["Anna", "Ben", "Cem", "Dora", "Emil"]
        slug, secret = small_club(server, "Stammtisch Krone", members)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        ctx = browser.new_context(locale="de-DE", **PHONE, device_scale_factor=1)
        page = ctx.new_page()
        page.goto(f"{server.url}/club/{slug}#{secret}")
        page.locator("#club-start").wait_for()
        ready_offline(page)
        for name in members:
            page.locator("#club-start").get_by_role("button", name=name, exact=True).click()
        page.locator("#club-start-button").click()
        page.locator("#club-tonight-h").wait_for()
        ctx.set_offline(True)
        page.locator("#club-fine-members").get_by_role("button", name="Dora", exact=True).click()
        page.locator("#club-fine").get_by_role("button", name=re.compile("Spinksen")).click()
        page.get_by_role("button", name="Nur Verlierer").click()
        page.get_by_role("button", name="Cem hat verloren").click()
        page.get_by_role("button", name="Neues Kneipenspiel").click()
        page.locator("#pub-for-club").wait_for()
        fields = page.locator("input[name=player]")
        for i in range(fields.count()):
            fields.nth(i).fill(["Anna", "Ben"][i] if i < 2 else "")
        page.locator("details summary").click()
        page.locator("#house").fill(HOUSE)
        page.locator("form button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/pub/[\w-]+$"))
        for n, (seat, dice) in enumerate(turns(["Anna", "Ben"])[:3], start=2):
            enter_turn(page, dice, seat)
            expect(page.locator("#pub-waiting li")).to_have_count(n)
        page.locator("label[for=d0-6]").click()
        page.locator("label[for=d1-6]").click()
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, "pub-offline-phone.png")
        page.goto(f"{server.url}/club/{slug}")
        page.locator("#club-queue").wait_for()
        shoot(page, "club-offline-phone.png")
        # Another phone meanwhile: Dora leaves today, Cem's game entered there too.
        other = browser.new_context(locale="de-DE", **PHONE).new_page()
        other.goto(f"{server.url}/club/{slug}#{secret}")
        other.get_by_role("button", name="Nur Verlierer").click()
        other.get_by_role("button", name="Cem hat verloren").click()
        other.locator("#club-said", has_text="Cem").wait_for()
        other.goto(f"{server.url}/club/{slug}/members")
        other.get_by_role("button", name="Dora ändern").click()
        other.locator("#club-leave button").click()
        other.locator("#club-said", has_text="Dora").wait_for()
        ctx.set_offline(False)
        page.locator("#club-queue-list li.held").nth(1).wait_for(timeout=30_000)
        page.locator("#club-queue").evaluate("e => window.scrollTo(0, e.offsetTop - 90)")
        shoot(page, "club-settle-phone.png")
        browser.close()


if __name__ == "__main__":
    main()
