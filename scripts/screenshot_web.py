"""Make docs/web-phone.png and docs/web-desktop.png: the table mid-game, in Debian's Chromium.

Usage: .venv/bin/python scripts/screenshot_web.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from server_helpers import running  # noqa: E402

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def play_until_my_second_throw(page: Page, rounds: int) -> None:
    for _ in range(2000):
        text = page.locator("#status-h").inner_text() if page.locator("#status-h").count() else ""
        numbers = [int(w) for w in text.replace("·", " ").split() if w.isdigit()]
        late = numbers and numbers[-1] >= rounds
        dice = page.locator("#dice .die").count()
        if late and dice == 3 and page.locator("#stop").count():
            page.locator("#dice .die").nth(0).click()
            return
        if page.locator("#stop").count() and dice == 3 and not late:
            page.locator("#stop").click()
        elif page.locator("#throw").count():
            page.locator("#throw").click()
        else:
            page.wait_for_timeout(40)


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=31, bot_delay=0.05) as server,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for name, viewport, locale in (
            ("web-phone.png", {"width": 390, "height": 844}, "de-DE"),
            ("web-desktop.png", {"width": 1280, "height": 860}, "en-GB"),
        ):
            page = browser.new_context(viewport=viewport, locale=locale).new_page()
            page.goto(server.url + "/")
            page.fill("#name", "Anna")
            page.select_option("#preset", "schock4life")
            page.fill("#seats", "4")
            page.fill("#bots", "3")
            page.click("button[type=submit]")
            page.click("#start")
            page.wait_for_selector("#players")
            play_until_my_second_throw(page, 4)
            page.wait_for_timeout(600)
            page.screenshot(path=str(ROOT / "docs" / name), full_page=False)
        browser.close()


if __name__ == "__main__":
    main()
