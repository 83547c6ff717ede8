"""The table page and the bot API (docs/bots-api.md): the host seats a program from the lobby
and gets its bot token, shown once with the command that plays it; the seat carries a robot mark
with an accessible name for everyone, in the lobby and in the game. Debian's Chromium driven by
Playwright, against a real server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser

from server_helpers import running
from test_web_table import DESKTOP, new_page

ROOT = Path(__file__).resolve().parent.parent


def test_the_host_seats_a_program_and_everyone_sees_its_mark(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path / "db.sqlite3", seed=4, bot_delay=0.05) as server:
        ctx, page = new_page(browser, "de-DE", DESKTOP)
        page.goto(server.url + "/")
        page.fill("#name", "Anna")
        page.fill("#seats", "3")
        page.fill("#bots", "1")
        page.click("button[type=submit]")
        page.wait_for_selector("#program-name")
        page.fill("#program-name", "Robo")
        page.click("#add-program")
        page.wait_for_selector("#program-token-value")
        token = page.locator("#program-token-value").input_value()
        assert len(token) >= 16
        command = page.locator("#program-command").input_value()
        assert command.startswith("schocken bot-play http://") and token in command
        assert "nur jetzt gezeigt" in page.locator("#program-token").inner_text()
        mark = page.locator("#program-2")  # seats: Anna, the bot, Robo
        assert mark.get_attribute("aria-label") == "ein Programm spielt diesen Platz"
        url = command.split()[2]
        proc = subprocess.Popen(
            [sys.executable, "-m", "schocken.cli", "bot-play", url, token],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )
        try:
            page.click("#start")
            page.wait_for_selector("#players #program-2")
            assert page.locator("#players #program-2").get_attribute("role") == "img"
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            proc.kill()
            proc.wait(timeout=10)
            ctx.close()
