"""Refusals in the page's language (issue 22): on a German page the club's, the join page's and
pub mode's refusals are German, though the browser itself asks for English (its
Accept-Language): the page sends its own language with every request. Debian's Chromium driven
by Playwright, against a real server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from schocken.texts import CATALOGUE
from server_helpers import Server, running

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
DE = CATALOGUE["de"]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3") as s:
        yield s


@pytest.fixture()
def german(browser: Browser) -> Iterator[BrowserContext]:
    """A phone whose browser speaks English, with the page switched to German (as its language
    button leaves it)."""
    ctx = browser.new_context(locale="en-US", **PHONE)
    ctx.add_init_script("localStorage.setItem('schocken:lang', 'de')")
    yield ctx
    ctx.close()


def page_of(ctx: BrowserContext) -> tuple[Page, list[str]]:
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def test_the_club_page_refuses_a_member_twice_in_german(
    german: BrowserContext, server: Server
) -> None:
    made = server.post("/api/clubs", {"name": "Stammtisch Krone"}).json()
    slug = made["club"]["slug"]
    r = server.post(f"/api/clubs/{slug}/members", {"session": made["session"], "name": "Anna"})
    assert r.status_code == 200, r.text
    page, errors = page_of(german)
    page.goto(f"{server.url}/club/{slug}/members#{made['secret']}")
    assert page.evaluate("navigator.language") == "en-US"
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.get_by_role("textbox", name=DE["club_web_new_member"]).fill("anna")
    page.get_by_role("button", name=DE["club_web_add_member"]).click()
    expect(page.get_by_role("alert").filter(has_text="Mitglied")).to_have_text(
        "der Verein hat schon ein Mitglied „Anna“; Namen müssen sich unterscheiden (auch in "
        "Groß- und Kleinschreibung, Leerzeichen und ähnlich aussehenden Buchstaben)"
    )
    assert errors == []


def test_the_join_page_refuses_a_full_and_a_started_table_in_german(
    german: BrowserContext, server: Server
) -> None:
    full = server.post("/api/tables", {"name": "Anna", "seats": 2}).json()
    assert server.post(f"/api/tables/{full['code']}/join", {"name": "Ben"}).status_code == 200
    started = server.post("/api/tables", {"name": "Cem", "seats": 2}).json()
    host = started["token"]
    server.post(f"/api/tables/{started['id']}/bots", {"token": host})
    assert server.post(f"/api/tables/{started['id']}/start", {"token": host}).status_code == 200
    page, errors = page_of(german)
    for code, says in (
        (full["code"], "der Tisch ist voll"),
        (started["code"], "das Spiel hat schon begonnen"),
    ):
        page.goto(f"{server.url}/join/{code}")
        page.get_by_label(DE["web_your_name"]).fill("Zoe")
        page.get_by_role("button", name=DE["web_join"]).click()
        expect(page.get_by_role("alert")).to_have_text(says)
    assert errors == []


def test_the_pub_page_refuses_a_bad_entry_and_twin_names_in_german(
    german: BrowserContext, server: Server
) -> None:
    page, errors = page_of(german)
    page.goto(f"{server.url}/pub")
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "anna")
    page.click("button[type=submit]")
    expect(page.get_by_role("alert")).to_have_text(
        "die Namen der Spieler müssen sich unterscheiden (auch in Groß- und Kleinschreibung, "
        "Leerzeichen und ähnlich aussehenden Buchstaben): „Anna“ und „anna“"
    )
    page.fill("#player-2", "Ben")
    page.click("button[type=submit]")
    expect(page.locator("#pub-turn-title")).to_have_text(DE["pub_web_turn_of"].format(name="Anna"))
    # Anna's turn of two throws with a six turned into a one, but her dice show no one
    page.locator("label:has(#pub-throws-2)").click()
    page.locator("label:has(#pub-turned-1)").click()
    for i, pips in enumerate((6, 5, 3)):
        page.click(f"label[for=d{i}-{pips}]")
    page.click("#pub-save")
    expect(page.locator("#pub-error")).to_have_text(
        "Nicht eingetragen: eine gedrehte Sechs wird eine Eins: 6-5-3 hat keine Eins, nicht 1 "
        "gedrehte"
    )
    assert errors == []
