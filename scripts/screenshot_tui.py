"""Make docs/tui.svg (and docs/tui.png when rsvg-convert is there): the terminal game mid-round.

Usage: .venv/bin/python scripts/screenshot_tui.py
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

from schocken.rules import find_preset
from schocken.session import Seat, Session
from schocken.tui import PassScreen, make_app

DOCS = Path(__file__).resolve().parent.parent / "docs"


async def main() -> None:
    session = Session.new(
        find_preset("schock4life"),
        [Seat("Anna"), Seat("Bodo", "regular"), Seat("Kalle", "regular"), Seat("Uschi", "regular")],
        lang="de",
        seed=12,
    )
    app = make_app(session, pace=0)
    async with app.run_test(size=(100, 34)) as pilot:
        rounds_wanted = 9
        for _ in range(5000):
            await pilot.pause()
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                continue
            if session.bot_to_move:
                continue
            view = session.view()
            mine = view.my_turn
            if view.round_number >= rounds_wanted and mine is not None and mine.throws == 1:
                if session.can("keep"):
                    pass
                break
            if mine is not None and mine.throws >= 1 and session.can("stop"):
                await pilot.press("s")
            else:
                await pilot.press("space")
        dice = session.dice_on_screen()
        for i, pip in enumerate(dice):
            if pip == 1:
                await pilot.press(str(i + 1))
        await pilot.pause()
        app.save_screenshot(str(DOCS / "tui.svg"))
    if shutil.which("rsvg-convert"):
        subprocess.run(
            ["rsvg-convert", str(DOCS / "tui.svg"), "-o", str(DOCS / "tui.png")], check=True
        )


if __name__ == "__main__":
    asyncio.run(main())
