"""Make the Schockbuch's screenshots in Debian's Chromium, against a real server: each view of a
club's book on a phone (390x844, German) and on a desktop (1280x800, German).

- docs/club-phone.png: Tonight on a phone (the evening under way: who came, the games with a
  finished pub game of this phone ready for the book, fines, tonight's totals);
- docs/club-fines.png: the same phone, a fine just booked in two taps;
- docs/club-money-phone.png, docs/club-members-phone.png, docs/club-stats.png (Statistics),
  docs/club-settings-phone.png: the other views on the phone;
- docs/club-welcome-phone.png: the first screen after a club is made (how the others get in);
- docs/club-tonight-desktop.png (Tonight beside Money), docs/club-money-desktop.png,
  docs/club-members-desktop.png, docs/club-stats-desktop.png, docs/club-settings-desktop.png.

The club is the tests' season (tests/test_web_club_tasks.py: 12 members, 40 evenings, the
last one tonight), made straight in the server's book, then opened by its secret link.

Usage: .venv/bin/python scripts/screenshot_club.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
from screenshot_web import FLAGS, PHONE  # noqa: E402

import test_server_pub  # noqa: E402
from schocken.club import ClubBook  # noqa: E402
from server_helpers import running  # noqa: E402
from test_web_club_tasks import season_club, today  # noqa: E402

DOCS = ROOT / "docs"
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}


def shoot(page: Page, name: str) -> None:
    page.wait_for_timeout(500)
    page.screenshot(path=str(DOCS / name))
    print("wrote", DOCS / name)


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=None) as server,
        sync_playwright() as p,
    ):
        slug, secret = season_club(server.db)
        with ClubBook(server.db) as book:
            book.set_account(slug, "DE89 3704 0044 0532 0130 00", "Stammtisch Krone")
        # A pub game of tonight, entered on this phone and over: ready for the book.
        pub = test_server_pub.create(server, players=["Anna", "Cem"])
        test_server_pub.play_out(server, pub["id"], pub["token"], pub)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_context(locale="de-DE", **PHONE).new_page()
        page.goto(f"{server.url}/club/{slug}#{secret}")
        page.locator("#club-app").wait_for()
        page.evaluate(
            "([id, token, club, date]) => { localStorage.setItem(`schocken:pub:${id}`, token);"
            " localStorage.setItem(`schocken:pub-club:${id}`,"
            " JSON.stringify({ club, name: 'Stammtisch Krone', date })); }",
            [pub["id"], pub["token"], slug, today().isoformat()],
        )
        page.reload()
        page.locator("#club-ready button").wait_for()
        shoot(page, "club-phone.png")
        page.locator("#club-fine-members").get_by_role("button", name="Dora").click()
        page.get_by_role("button", name="Einmal mehr").click()
        page.locator("#club-fine").get_by_role("button", name="Spinksen").click()
        page.locator("#club-said", has_text="Spinksen").wait_for()
        page.locator("#club-fines").evaluate("e => window.scrollTo(0, e.offsetTop - 90)")
        shoot(page, "club-fines.png")
        page.goto(f"{server.url}/club/{slug}/money")
        page.locator("#club-balances").get_by_role("button", name="Ilse").click()
        page.get_by_role("button", name="Per QR-Code zahlen").click()
        page.locator(".club-pay-qr img").wait_for()
        page.locator("#club-member-panel").evaluate("e => window.scrollTo(0, e.offsetTop - 60)")
        shoot(page, "club-money-phone.png")
        page.goto(f"{server.url}/club/{slug}/members")
        page.get_by_role("button", name="Dora ändern").click()
        shoot(page, "club-members-phone.png")
        page.goto(f"{server.url}/club/{slug}/stats")
        page.locator("#club-chart rect").first.wait_for()
        shoot(page, "club-stats.png")
        page.goto(f"{server.url}/club/{slug}/settings")
        page.locator("#club-link-qr img").wait_for()
        shoot(page, "club-settings-phone.png")
        fresh = browser.new_context(locale="de-DE", **PHONE).new_page()
        fresh.goto(f"{server.url}/club")
        fresh.locator("#club-create").get_by_label("Name des Vereins").fill("Kegelclub Eiche")
        fresh.locator("#club-create button").click()
        fresh.locator("#club-secret-qr img").wait_for()
        shoot(fresh, "club-welcome-phone.png")
        desk = browser.new_context(locale="de-DE", **DESKTOP).new_page()
        desk.goto(f"{server.url}/club/{slug}#{secret}")
        desk.locator("#club-app").wait_for()  # the secret read and a session kept
        for view, name in (
            ("", "tonight"),
            ("/money", "money"),
            ("/members", "members"),
            ("/stats", "stats"),
            ("/settings", "settings"),
        ):
            desk.goto(f"{server.url}/club/{slug}{view}")
            desk.locator("#club-view .card").first.wait_for()
            if view == "/stats":
                desk.locator("#club-chart rect").first.wait_for()
            if view == "/money":
                desk.locator("#club-balances").get_by_role("button", name="Ilse").click()
            if view == "/settings":
                desk.locator("#club-link-qr img").wait_for()
            shoot(desk, f"club-{name}-desktop.png")
        browser.close()


if __name__ == "__main__":
    main()
