"""Make the browser table's screenshots in Debian's Chromium, against a real (seeded) server:

- docs/web-phone.png: a phone, German, six at the table: sixes turned, the die that must go back
  into the cup locked, with the reason;
- docs/web-desktop.png: a desktop, English, a turn mid-game with a die kept out;
- docs/web-reveal.png: the same phone: "Becher hoch!", every cup lifted at the round's end;
- docs/web-half.png: a phone, German: the moment a half ends (who lost it, with its Deckel);
- docs/web-end.png: a desktop, English: the game's end, its summary from the engine's outcome
  and the rematch button.

- docs/web-coach.png: a phone, German: the coach on, and its note on a costly stop made against
  its ranking (in the coach's card while the round goes on; in the round's reveal when the stop
  ended it).
- docs/web-countdown.png: a desktop, English: the turn timer counting down at Anna's seat and in
  her tray, under 10 seconds (urgent); the log says the stand-in played for her when her time
  ran out before; a latecomer waits for the next game.

Usage: .venv/bin/python scripts/screenshot_web.py [sixes] [mid] [end] [coach] [countdown]
(all by default)
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Error, Page, sync_playwright

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
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 1,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 860}}

RIGGED = """
import schocken.server.table_state as tables
from schocken.dice import RandomDice

class Rigged(RandomDice):
    script = [(2, 2, 1), (6, 5, 3), (5, 4, 2), (6, 4, 3), (6, 5, 2), (5, 3, 3), (6, 6, 4)]

    def roll(self, n):
        if n == 3 and Rigged.script:
            return Rigged.script.pop(0)
        return super().roll(n)

tables.RandomDice = Rigged
"""
"""The opening throws of six (Anna's 2-2-1 is the lowest: she opens), then Anna's 6-6-4."""


def start(page: Page, url: str, seats: int) -> None:
    page.goto(url + "/")
    page.fill("#name", "Anna")
    page.select_option("#preset", "schock4life")
    page.fill("#seats", str(seats))
    page.fill("#bots", str(seats - 1))
    page.click("button[type=submit]")
    page.click("#start")
    page.wait_for_selector("#players")


def tap(page: Page, selector: str) -> None:
    """Click if nothing is in the way (a round's reveal may open at any moment)."""
    with contextlib.suppress(Error):
        page.locator(selector).click(timeout=1500)


def close_reveal(page: Page) -> bool:
    if page.locator("#reveal-go").count():
        page.locator("#reveal-go").click()
        return True
    return False


def sixes_turned(browser: Browser) -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=31, bot_delay=0.3, prelude=RIGGED) as server,
    ):
        page = browser.new_context(locale="de-DE", **PHONE).new_page()
        start(page, server.url, 6)
        page.locator("#throw").click()  # the opening throw
        page.wait_for_selector("#reveal-go", timeout=30000)
        close_reveal(page)
        page.wait_for_selector("#throw")
        page.locator("#throw").click()
        page.wait_for_selector("#turn")
        page.locator("#turn").click()
        page.wait_for_selector("#die-1.locked")
        page.locator("#die-1").click(force=True)  # refused: the reason shows
        page.wait_for_timeout(400)
        page.screenshot(path=str(ROOT / "docs" / "web-phone.png"))
        # Throw once more, stop, and let the others play: the round ends with every cup lifted.
        page.locator("#throw").click()
        page.wait_for_selector("#stop")
        page.locator("#stop").click()
        page.wait_for_selector("#reveal .reveal-row", timeout=60000)
        page.wait_for_timeout(1800)  # the dice have rolled, the Deckel moved
        page.screenshot(path=str(ROOT / "docs" / "web-reveal.png"))


def mid_game(browser: Browser) -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=31, bot_delay=0.05) as server,
    ):
        desk = browser.new_context(locale="en-GB", **DESKTOP).new_page()
        start(desk, server.url, 4)
        deadline = time.monotonic() + 120
        rounds = 0
        while time.monotonic() < deadline:
            if close_reveal(desk):
                rounds += 1
                continue
            stop = desk.locator("#stop").count()
            dice = desk.locator("#dice button.die").count()
            if stop and dice == 3 and rounds >= 3:
                desk.locator("#dice button.die:not(.locked)").first.click()
                desk.wait_for_timeout(500)
                desk.screenshot(path=str(ROOT / "docs" / "web-desktop.png"))
                break
            if stop and dice == 3:
                tap(desk, "#stop")
            elif not stop and desk.locator("#throw").count():
                tap(desk, "#throw")
            desk.wait_for_timeout(60)


def game_end(browser: Browser) -> None:
    house = 'preset = "tsv99"\ndeckel_per_half = 3\n'
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=12, bot_delay=0.05) as server,
    ):
        page = browser.new_context(locale="de-DE", **PHONE).new_page()
        page.goto(server.url + "/")
        page.fill("#name", "Anna")
        page.fill("#seats", "3")
        page.fill("#bots", "2")
        page.locator("summary").click()
        page.fill("#house", house)
        page.click("button[type=submit]")
        page.click("#start")
        page.wait_for_selector("#players")
        half_shot = False
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            if page.locator(".reveal-section").count():
                if not half_shot:
                    page.wait_for_timeout(600)
                    page.screenshot(path=str(ROOT / "docs" / "web-half.png"))
                    half_shot = True
                close_reveal(page)
                continue
            if close_reveal(page):
                continue
            if page.locator("#summary").count():
                page.wait_for_timeout(1500)  # the last moments open
                if page.locator("#reveal-go").count():
                    continue
                break
            if page.locator("#stop").count():
                tap(page, "#stop")
            elif page.locator("#throw").count():
                tap(page, "#throw")
            page.wait_for_timeout(60)
        page.click("#lang")  # English for the desktop picture
        page.set_viewport_size(DESKTOP["viewport"])
        page.wait_for_selector("text=Game over")
        page.wait_for_timeout(500)
        page.screenshot(path=str(ROOT / "docs" / "web-end.png"))


def coach(browser: Browser) -> None:
    """A phone, German: the coach on, its note on a costly stop (made against its ranking)."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=41, bot_delay=0.05) as server,
    ):
        page = browser.new_context(locale="de-DE", **PHONE).new_page()
        page.goto(server.url + "/")
        page.fill("#name", "Anna")
        page.select_option("#preset", "tsv99")
        page.fill("#seats", "3")
        page.fill("#bots", "2")
        page.click("button[type=submit]")
        page.click("#start")
        page.wait_for_selector("#coach-toggle")
        page.locator("#coach-toggle").click()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if close_reveal(page):
                continue
            if page.locator("#coach-moves").count():
                texts = page.locator("#coach-moves li").all_inner_texts()
                stop = [i for i, text in enumerate(texts) if text.startswith("stehen lassen")]
                if stop and stop[0] >= 2:
                    tap(page, "#stop")
                    # In the coach's card, or in the reveal of the round the stop ended.
                    page.wait_for_selector(
                        "#coach-note, #reveal-coach-note:not([hidden])", timeout=10000
                    )
                    page.wait_for_timeout(2000)  # the round may end meanwhile: its reveal
                    if page.locator("#reveal").count():
                        page.wait_for_timeout(1000)  # the dice have rolled in
                    else:
                        page.evaluate(
                            "window.scrollTo(0, document.getElementById('coach').offsetTop - 180)"
                        )
                    page.screenshot(path=str(ROOT / "docs" / "web-coach.png"))
                    return
            tap(page, "#throw") if page.locator("#throw").count() else tap(page, "#stop")
            page.wait_for_timeout(200)
        raise SystemExit("no costly stop in two minutes")


def countdown(browser: Browser) -> None:
    """A desktop, English: the countdown under 10 seconds, the stand-in's line in the log."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=4, bot_delay=0.3) as server,
    ):
        made = server.post(
            "/api/tables", {"name": "Anna", "seats": 3, "rules": "tsv99", "turn_timer": 15}
        ).json()
        server.post(f"/api/tables/{made['code']}/join", {"name": "Ben"})
        server.post(f"/api/tables/{made['id']}/bots", {"token": made["token"]})
        page = browser.new_context(locale="en-GB", **DESKTOP).new_page()
        page.goto(server.url + made["host_url"])
        page.click("#start")
        server.post(f"/api/tables/{made['code']}/wait", {"name": "Carla"})
        # Anna does not act: the stand-in plays for her when her 15 seconds are up.
        page.wait_for_selector("#log li[data-key='stand_in']", timeout=40000)
        page.wait_for_selector("#clock-0.urgent", timeout=20000)
        page.wait_for_timeout(1200)  # a second more of the countdown
        page.screenshot(path=str(ROOT / "docs" / "web-countdown.png"))


def main() -> None:
    shots = sys.argv[1:] or ["sixes", "mid", "end", "coach", "countdown"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        if "sixes" in shots:
            sixes_turned(browser)
        if "mid" in shots:
            mid_game(browser)
        if "end" in shots:
            game_end(browser)
        if "coach" in shots:
            coach(browser)
        if "countdown" in shots:
            countdown(browser)
        browser.close()


if __name__ == "__main__":
    main()
