"""The game's summary checks the dice (docs/fair-dice.md): "Check the dice" recomputes every die
of the record in the browser (SubtleCrypto) against the commitment the page saw at the start,
says so in both languages on desktop and phone, and finds a changed die; without SubtleCrypto
the server checks. Debian's Chromium driven by Playwright, against a real unseeded server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from schocken.dice import commitment_of
from server_helpers import Server, running
from test_web import dismiss_reveal
from test_web_table import DESKTOP, PHONE, new_page, start_table


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3", seed=None, bot_delay=0) as s:
        yield s


def table_of(page: Page) -> tuple[str, str]:
    """The table's id and the page's seat token."""
    table_id = page.url.split("/t/")[1].split("#")[0]
    kept = page.evaluate(f"localStorage.getItem('schocken:table:{table_id}')")
    return table_id, json.loads(kept)["token"]


def bots_finish(server: Server, table_id: str, token: str) -> None:
    """The host hands her own seat to a bot: the bots play the game to its end."""
    handed = server.post(
        f"/api/tables/{table_id}/seat", {"token": token, "seat": 0, "to": "bot", "bot": "regular"}
    )
    assert handed.status_code == 200, handed.text


def verdict(page: Page) -> str:
    """Click "Check the dice" (the rounds' reveals closed first) and wait for the verdict."""
    while dismiss_reveal(page):
        page.wait_for_timeout(50)
    page.locator("#check-dice").click()
    expect(page.locator("#dice-verdict")).not_to_contain_text("…", timeout=20_000)
    return page.locator("#dice-verdict").inner_text()


def test_check_the_dice_on_the_summary(browser: Browser, server: Server) -> None:
    ctx, page = new_page(browser, "en-GB", DESKTOP)
    start_table(page, server, seats=2)
    table_id, token = table_of(page)
    commitment = server.get(f"/api/tables/{table_id}").json()["dice"]["commitment"]
    # The page keeps the commitment it saw before the first throw.
    seen = page.evaluate(f"localStorage.getItem('schocken:commitment:{table_id}')")
    assert seen == commitment
    phone_ctx, phone = new_page(browser, "de-DE", PHONE)
    phone.goto(f"{server.url}/t/{table_id}#{token}")
    phone.wait_for_selector("#players")
    bots_finish(server, table_id, token)
    page.wait_for_selector("#summary", timeout=120_000)
    phone.wait_for_selector("#summary", timeout=120_000)

    record = server.get(f"/api/tables/{table_id}/record").json()
    count = sum(len(s.get("pips", [])) for s in record["steps"])
    assert record["dice"]["commitment"] == commitment
    assert commitment_of(bytes.fromhex(record["dice"]["seed"])) == commitment

    # Desktop, English: the button by its name, the verdict, the screen reader hears it.
    summary = page.locator("#summary")
    expect(summary.get_by_role("button", name="Check the dice")).to_be_visible()
    assert commitment in summary.inner_text()
    said = verdict(page)
    assert said == (
        f"Fair: all {count} dice follow from the seed the server committed to at the start. "
        "Recomputed in this browser."
    )
    assert page.locator("#dice-verdict").get_attribute("data-fair") == "fair"
    expect(page.locator("#announce")).to_have_text(said)
    assert page.locator("#check-dice").get_attribute("aria-describedby") == "dice-about"

    # Phone, German: the same check, on a 390 px screen without sideways scrolling.
    while dismiss_reveal(phone):
        phone.wait_for_timeout(50)
    button = phone.get_by_role("button", name="Würfel prüfen")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["height"] >= 44
    assert verdict(phone).startswith(f"Fair: Alle {count} Würfel folgen aus dem Startwert")
    assert "In diesem Browser nachgerechnet." in phone.locator("#dice-verdict").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    # A record with one die changed: the page recomputes and finds it.
    at = next(i for i, s in enumerate(record["steps"]) if len(s.get("pips", [])) == 3)
    index = sum(len(s.get("pips", [])) for s in record["steps"][:at]) + 2
    shows = record["steps"][at]["pips"][2]

    def changed(route: Route, data: dict[str, Any]) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    tampered = json.loads(json.dumps(record))
    tampered["steps"][at]["pips"][2] = shows % 6 + 1
    page.route(f"**/api/tables/{table_id}/record", lambda r: changed(r, tampered))
    assert verdict(page) == (
        f"Not fair: die {index + 1} of the game shows {shows % 6 + 1}, but the seed gives "
        f"{shows}. Recomputed in this browser."
    )
    assert page.locator("#dice-verdict").get_attribute("data-fair") == "unfair"
    # A revealed seed that is not the committed one.
    other = json.loads(json.dumps(record))
    other["dice"]["seed"] = bytes(32).hex()
    page.unroute(f"**/api/tables/{table_id}/record")
    page.route(f"**/api/tables/{table_id}/record", lambda r: changed(r, other))
    assert verdict(page).startswith("Not fair: the revealed seed is not the one the server")
    # A commitment (and seed) swapped for another pair after the start.
    swapped = json.loads(json.dumps(record))
    swapped["dice"] |= {"seed": bytes(32).hex(), "commitment": commitment_of(bytes(32))}
    page.unroute(f"**/api/tables/{table_id}/record")
    page.route(f"**/api/tables/{table_id}/record", lambda r: changed(r, swapped))
    assert verdict(page).startswith("Not fair: the server's commitment is not the one this page")
    assert page.errors == [] and phone.errors == []  # type: ignore[attr-defined]
    ctx.close()
    phone_ctx.close()


def test_without_subtle_crypto_the_server_checks(browser: Browser, server: Server) -> None:
    """Over plain HTTP off this computer a browser has no SubtleCrypto: the server checks."""
    ctx, page = new_page(browser, "en-GB", PHONE)
    page.add_init_script(
        "Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined });"
    )
    start_table(page, server, seats=2)
    assert page.evaluate("crypto.subtle === undefined")
    table_id, token = table_of(page)
    bots_finish(server, table_id, token)
    page.wait_for_selector("#summary", timeout=120_000)
    count = server.get(f"/api/tables/{table_id}/verify").json()["dice"]
    assert verdict(page) == (
        f"Fair: all {count} dice follow from the seed the server committed to at the start. "
        "Recomputed by the server (this browser cannot compute HMAC-SHA256 on a page without "
        "HTTPS)."
    )
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()
