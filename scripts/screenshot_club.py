"""Make the Schockbuch's screenshots in Debian's Chromium, against a real server:

- docs/club-phone.png: a phone, German: a club's book (members and balances by the price list);
- docs/club-stats.png: the same phone: the club's statistics with 95% intervals and the chart;
- docs/club-fines.png: the same phone: the club's own fines, one just booked.

The club is filled through the API (members, two evenings, eight games entered by their loser,
prices, a payment), then the page is opened by the club's secret link.

Usage: .venv/bin/python scripts/screenshot_club.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
from screenshot_web import FLAGS, PHONE  # noqa: E402

from server_helpers import Server, running  # noqa: E402

LOSERS = ["Ben", "Anna", "Ben", "Cem", "Ben", "Dora", "Anna", "Ben"]


def fill(server: Server) -> dict[str, Any]:
    made: dict[str, Any] = server.post(
        "/api/clubs", {"name": "Stammtisch Krone", "password": "geheim-passwort"}
    ).json()
    slug, session = made["club"]["slug"], made["session"]
    names = ["Anna", "Ben", "Cem", "Dora"]

    def post(path: str, body: dict[str, Any]) -> None:
        answer = server.post(f"/api/clubs/{slug}/{path}", {"session": session, **body})
        assert answer.status_code == 200, answer.text

    for name in names:
        post("members", {"name": name})
    post("prices", {"item": "game_lost", "cents": 150})
    post("prices", {"item": "half_lost", "cents": 50})
    for day, losers in (("2026-11-13", LOSERS[:4]), ("2026-11-20", LOSERS[4:])):
        post("evenings", {"date": day, "place": "Krone", "present": names})
        for loser in losers:
            post("games", {"date": day, "loser": loser, "halves": [loser]})
    post("payments", {"member": "Ben", "cents": 300, "date": "2026-11-20"})
    for fine, cents in (("Würfel vom Tisch", 50), ("Spinksen", 100), ("Zu oft gewürfelt", 50)):
        post("fine-items", {"name": fine, "cents": cents})
    return made


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=None) as server,
        sync_playwright() as p,
    ):
        made = fill(server)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_context(locale="de-DE", **PHONE).new_page()
        page.goto(f"{server.url}/club/{made['club']['slug']}#{made['secret']}")
        page.locator("#club-balances tbody tr").first.wait_for()
        page.wait_for_timeout(400)
        page.screenshot(path=str(ROOT / "docs" / "club-phone.png"))
        part = page.locator("#club-fines-part")
        form = part.locator("#club-fine")
        form.locator("select[name=member]").select_option("Cem")
        form.locator("select[name=fine]").select_option("Würfel vom Tisch")
        form.locator("input[name=count]").fill("2")
        form.locator("button[type=submit]").click()
        page.locator("#club-said", has_text="Würfel vom Tisch").wait_for()
        part.scroll_into_view_if_needed()
        page.wait_for_timeout(400)
        page.screenshot(path=str(ROOT / "docs" / "club-fines.png"))
        page.click("#club-to-stats")
        page.locator("#club-chart rect").first.wait_for()
        page.wait_for_timeout(400)
        page.screenshot(path=str(ROOT / "docs" / "club-stats.png"))
        browser.close()


if __name__ == "__main__":
    main()
