"""Make the app's PNG icons (for the manifest: an installed app's home-screen icon) from
src/schocken/server/static/icon.svg, drawn by Debian's Chromium: icon-192.png and icon-512.png
beside it. Run again when the SVG changes; the PNGs are checked in.

Usage: .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "schocken" / "server" / "static"
sys.path.insert(0, str(ROOT / "tests"))
from test_web import CHROMIUM, FLAGS  # noqa: E402

SIZES = (192, 512)


def main() -> None:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<!doctype html><style>html,body{margin:0;background:transparent}"
                f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}"
            )
            out = STATIC / f"icon-{size}.png"
            page.locator("svg").screenshot(path=str(out), omit_background=True)
            page.close()
            print(out.relative_to(ROOT))
        browser.close()


if __name__ == "__main__":
    main()
