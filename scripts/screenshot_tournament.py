"""Make the tournament's screenshots in Debian's Chromium, against a real server: a club's
tournament of twelve players (format sfreunde, three rounds drawn, every table's games entered
by hand from seeded score sheets), in German.

- docs/tournament-draw.png: the organiser's page on a desktop (1280x900), round 3 drawn;
- docs/tournament-screen.png: the live ranking on a projector's screen (1920x1080);
- docs/tournament-phone.png: the players' phone view (390x844), a player's table found;
- docs/tournament-sheet.png: the score sheet of round 3's table 1, as printed (A4 at 96 dpi).

Usage: .venv/bin/python scripts/screenshot_tournament.py
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
from screenshot_web import FLAGS, PHONE  # noqa: E402

from schocken.club import ClubBook  # noqa: E402
from schocken.tournament import TournamentBook, result_by_hand  # noqa: E402
from server_helpers import running  # noqa: E402
from test_web_tournament import PLAYERS, a_game  # noqa: E402

DOCS = ROOT / "docs"
NAME = "Herbstpokal"


def shoot(page: Page, name: str, *, full: bool = False) -> None:
    page.wait_for_timeout(500)
    page.screenshot(path=str(DOCS / name), full_page=full)
    print("wrote", DOCS / name)


def fill(db: Path) -> tuple[str, str]:
    """The club, its tournament and three rounds of games by hand; its secret and view key."""
    with ClubBook(db) as book:
        info, secret = book.create_club("Schützenverein Krone", password="geheim-passwort")
        for m in PLAYERS:
            book.add_member(info["slug"], m)
    rng = random.Random(24)
    with TournamentBook(db) as t:
        t.create(
            NAME, date="2026-11-27", place="Krone", club=info["slug"], format="sfreunde", seed="7"
        )
        for i, team in enumerate(("Schützen", "Feuerwehr", "Kegelclub", "Stammtisch")):
            t.register(NAME, PLAYERS[3 * i : 3 * i + 3], team=team)
        for round_number in (1, 2, 3):
            for table in t.draw(NAME, close=True)["tables"]:
                for _ in range(3 if round_number < 3 else 2):
                    game = a_game(rng, table["players"])
                    halves = [[[p] for p in sorted(h, key=lambda p: h[p])] for h in game["halves"]]
                    result = result_by_hand(
                        table["players"],
                        halves=halves,
                        finale_loser=game["finale"],
                        schock_aus=game["schock_aus"],
                        bought_in=game["bought_in"],
                    )
                    t.enter(NAME, round_number, table["number"], result=result)
        return secret, t.view_key(NAME)


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3", seed=None) as server,
        sync_playwright() as p,
    ):
        secret, key = fill(server.db)
        base = f"{server.url}/tournaments/schuetzenverein-krone/herbstpokal"
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        desk = browser.new_context(
            locale="de-DE", viewport={"width": 1280, "height": 900}, device_scale_factor=1
        ).new_page()
        desk.goto(f"{server.url}/club/schuetzenverein-krone#{secret}")
        desk.wait_for_selector("#club-app")
        desk.goto(base)
        desk.get_by_role("heading", name="Tische der Runde 3").scroll_into_view_if_needed()
        shoot(desk, "tournament-draw.png")
        screen = browser.new_context(
            locale="de-DE", viewport={"width": 1920, "height": 1080}, device_scale_factor=1
        ).new_page()
        screen.goto(f"{base}/screen?key={key}")
        screen.wait_for_selector("table.tw-rank")
        shoot(screen, "tournament-screen.png")
        phone = browser.new_context(locale="de-DE", **PHONE).new_page()
        phone.goto(f"{base}/phone?key={key}")
        phone.get_by_label("Dein Name").fill("Frieda")
        shoot(phone, "tournament-phone.png")
        sheet = browser.new_context(
            locale="de-DE", viewport={"width": 794, "height": 1123}, device_scale_factor=1
        ).new_page()
        sheet.goto(f"{base}/print/sheets?key={key}&lang=de&round=3")
        sheet.emulate_media(media="print")
        shoot(sheet, "tournament-sheet.png")
        browser.close()


if __name__ == "__main__":
    main()
