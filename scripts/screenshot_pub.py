"""Make pub mode's screenshot in Debian's Chromium, against a real server:

- docs/pub-phone.png: a phone, German, schock4life with three players: the opening throw and a
  round entered, Ben's turn being entered (three dice picked, three throws, one six turned, the
  cup covered as the rules say).

Usage: .venv/bin/python scripts/screenshot_pub.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from server_helpers import running  # noqa: E402
from test_web import CHROMIUM, FLAGS  # noqa: E402

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 1,
}
ENTRIES: list[tuple[str, dict[str, Any]]] = [
    ("turn", {"dice": [6, 5, 3], "throws": 1}),  # the opening throw: Anna
    ("turn", {"dice": [6, 4, 2], "throws": 1}),  # Ben
    ("turn", {"dice": [5, 3, 2], "throws": 1}),  # Cem, the lowest: 1 Deckel, opens
    ("result", {"result": "Schock 4", "throws": 2}),  # round 2: Cem
    ("turn", {"dice": [6, 6, 3], "throws": 2}),  # Anna, covered
    ("turn", {"dice": [5, 5, 2], "throws": 1}),  # Ben: the worst, takes 4 Deckel
]


def main() -> None:
    out = ROOT / "docs" / "pub-phone.png"
    with tempfile.TemporaryDirectory() as tmp, running(Path(tmp) / "db.sqlite3") as server:
        made = httpx.post(
            server.url + "/api/pub?lang=de",
            json={
                "players": ["Anna", "Ben", "Cem"],
                "rules": "schock4life",
                "half_stake": "eine Runde Kurze",
                "game_stake": "einen Kranz",
            },
        ).json()
        pub_id, token = made["id"], made["token"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_context(locale="de-DE", **PHONE).new_page()
            page.goto(f"{server.url}/pub/{pub_id}#{token}")
            page.wait_for_selector(".pub-bar[data-entries='0']")
            for what, body in ENTRIES:  # with the token the page keeps
                page.evaluate(
                    """async ([what, body]) => {
                        const r = await fetch(`${location.pathname.replace("/pub/", "/api/pub/")}`
                            + `/${what}?lang=de`, {method: "POST",
                            headers: {"content-type": "application/json"},
                            body: JSON.stringify({token: localStorage.getItem(
                                `schocken:pub:${location.pathname.slice(5)}`), ...body})});
                        if (!r.ok) throw new Error(await r.text());
                    }""",
                    [what, body],
                )
            page.reload()
            page.wait_for_selector(f".pub-bar[data-entries='{len(ENTRIES)}']")
            for i, pips in enumerate((6, 1, 1)):
                page.click(f"label[for=d{i}-{pips}]")
            page.click("#pub-throws label:has-text('3')")
            page.click("#pub-turned label:has(span:text-is('eine'))")
            page.screenshot(path=str(out))
            browser.close()
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
