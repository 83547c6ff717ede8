"""Make the rules builder's screenshots in Debian's Chromium, against a real server:

- docs/web-rules-phone.png: a phone, German, the start form's "Build house rules" dialog with
  the Stammtisch's house rules (Jule counts, 15 Deckel, no Finale): what differs on top, the
  special throws with the Jule and its worth.
- docs/web-rules-desktop.png: a desktop, German, the builder's page /rules with the same rules:
  the preset, what differs, the groups in two columns.

Usage: .venv/bin/python scripts/screenshot_rules.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

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
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1}
SUMMARY = "TSV 99, aber: 15 Deckel je Hälfte; Jule (4-2-1) zählt; eine Hälfte, kein Finale."


def build(page: Page) -> None:
    page.get_by_label("Jule (4-2-1)", exact=True).check()
    page.get_by_label("Deckel je Hälfte").fill("15")
    page.get_by_label("Finale", exact=True).uncheck()
    expect(page.locator("#rb-summary")).to_have_text(SUMMARY)


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(Path(tmp) / "db.sqlite3") as server,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_context(locale="de-DE", **PHONE).new_page()
        page.goto(server.url + "/")
        page.fill("#name", "Anna")
        page.click("#house-rules-open")
        page.wait_for_selector("dialog #rb-h")
        build(page)
        # The special throws under what differs: the Jule ticked, its worth and rank shown.
        page.evaluate(
            "() => { const d = document.querySelector('dialog');"
            " const j = document.querySelector('[data-option=jule]');"
            " d.scrollTop = j.offsetTop - 150; }"
        )
        page.wait_for_timeout(300)
        page.screenshot(path=str(ROOT / "docs" / "web-rules-phone.png"))

        page = browser.new_context(locale="de-DE", **DESKTOP).new_page()
        page.goto(server.url + "/rules")
        page.wait_for_selector("#rb-preset")
        build(page)
        expect(page.locator("#rb-qr")).not_to_have_js_property("naturalWidth", 0)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(ROOT / "docs" / "web-rules-desktop.png"))
        browser.close()
    print("docs/web-rules-phone.png, docs/web-rules-desktop.png")


if __name__ == "__main__":
    main()
