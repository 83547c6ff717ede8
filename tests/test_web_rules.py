"""The rules builder in the browser (issue 23, item 1): a house rule set built in the start form
(Jule, 15 Deckel, no Finale) and played to its end against a bot, on a phone and a desktop; the
engine's refusal shown as the engine words it; the rules shared by a link (opened in a new page,
the builder shows the same rules) and its QR code; saved as a club's own rules and offered in
the start forms of a table and of pub mode. Debian's Chromium driven by Playwright, against a
real server."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from server_helpers import Server, running
from test_web import click_if_there, dismiss_reveal
from test_web_table import DESKTOP, PHONE, new_page, unnamed_controls

DEVICES = {"phone": PHONE, "desktop": DESKTOP}

SUMMARY_DE = "TSV 99, aber: 15 Deckel je Hälfte; Jule (4-2-1) zählt; eine Hälfte, kein Finale."
SUMMARY_EN = "TSV 99, but: 15 Deckel per half; Jule (4-2-1) counts; one half, no Finale."


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3", seed=11, bot_delay=0.02) as s:
        yield s


def open_groups(page: Page) -> None:
    """Every folded group of the open builder unfolded (the first is open to begin with)."""
    closed = page.locator("details.rb-fold:not([open]) > summary")
    while closed.count():
        closed.first.click()


def build_house_rules(page: Page) -> None:
    """In the open builder: Jule counts, 15 Deckel a half, no Finale, each by its label."""
    open_groups(page)
    page.get_by_label("Jule (4-2-1)", exact=True).check()
    page.get_by_label("Deckel je Hälfte").fill("15")
    page.get_by_label("Finale", exact=True).uncheck()
    expect(page.locator("#rb-summary")).to_have_text(SUMMARY_DE)


def every_control_labelled(page: Page, scope: str) -> None:
    for control in page.locator(f"{scope} input, {scope} select, {scope} textarea").all():
        control_id = control.get_attribute("id")
        assert control_id and page.locator(f"label[for='{control_id}']").count() == 1, control_id
        for described in (control.get_attribute("aria-describedby") or "").split():
            assert page.locator(f"#{described}").count() == 1, (control_id, described)


def play_to_the_end(page: Page) -> None:
    """Anna throws whenever it is her turn (the bot plays its own) until the game is over."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if page.locator("#summary").count():
            return
        if not (
            dismiss_reveal(page) or click_if_there(page, "#turn") or click_if_there(page, "#throw")
        ):
            page.wait_for_timeout(30)
    raise AssertionError("the game did not end in time")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_house_rules_built_in_the_start_form_and_played(
    browser: Browser, server: Server, device: str
) -> None:
    ctx, page = new_page(browser, "de-DE", DEVICES[device])
    page.goto(server.url + "/")
    page.wait_for_selector("#preset")
    # Every preset by its name, with what sets it apart.
    assert page.locator("#preset option").all_inner_texts() == [
        "TSV 99",
        "Schock4Life",
        "Knobelrunde",
        "Allgemeine Regeln",
    ]
    expect(page.locator("#preset-line")).to_have_text("TSV 99 – 14 Deckel je Hälfte")
    page.select_option("#preset", "allgemein")
    expect(page.locator("#preset-line")).to_contain_text("Verdeckte Würfe: ein dritter Wurf")
    page.select_option("#preset", "tsv99")
    page.fill("#name", "Anna")
    page.click("#house-rules-open")
    dialog = page.locator("dialog.rb-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rb-summary")).to_have_text("Genau TSV 99.")
    # Every option of the rule set is a control, in the seven groups.
    assert page.locator(".rb-group").count() == 7
    assert page.locator(".rb-option").count() == 41
    assert page.locator("#rb-fold-specials > summary").inner_text() == "Besondere Würfe"
    assert page.locator("details.rb-fold[open]").count() == 1  # the groups fold, the first open
    # An option read only with another is hidden until that one is on.
    expect(page.locator("[data-option=jule_deckel]")).to_be_hidden()
    build_house_rules(page)
    expect(page.locator("[data-option=jule_deckel]")).to_be_visible()
    expect(page.locator("[data-option=deckel_in_finale]")).to_be_hidden()  # no Finale
    assert (
        "geändert · TSV 99: 14 Deckel je Hälfte"
        in page.locator("[data-option=deckel_per_half]").inner_text()
    )
    # Where it is played: the presets' texts and the other sources.
    page.locator("[data-option=jule] summary").click()
    assert "[greher]" in page.locator("[data-option=jule] .rb-where").inner_text()
    # The engine refuses what it cannot play, in its own words; nothing is used meanwhile.
    page.get_by_label("Deckel je Hälfte").fill("1000")
    expect(page.locator("#rb-error")).to_have_text(
        "Option 'Deckel je Hälfte' muss zwischen 1 und 999 liegen, nicht 1000"
    )
    expect(page.locator("#rb-use")).to_be_disabled()
    page.get_by_label("Deckel je Hälfte").fill("15")
    expect(page.locator("#rb-error")).to_have_text("")
    every_control_labelled(page, "dialog")
    assert unnamed_controls(page) == []
    page.click("#rb-use")
    expect(dialog).to_have_count(0)
    expect(page.locator("#preset-line")).to_have_text(SUMMARY_DE)
    assert page.input_value("#house") == (
        'preset = "tsv99"\ndeckel_per_half = 15\nfinale = false\njule = true\n'
    )
    # The table starts with them, a bot in the other seat, and the game is played to its end.
    page.fill("#seats", "2")
    page.fill("#bots", "1")
    page.click("form button[type=submit] >> nth=0")
    page.wait_for_selector("#start")
    table_id = page.url.split("/t/")[1].split("#")[0]
    table = page.request.get(f"{server.url}/api/tables/{table_id}").json()
    assert table["preset"] == "tsv99"
    rules = table["rules"]
    assert (rules["jule"], rules["deckel_per_half"], rules["finale"]) == (True, 15, False)
    page.click("#start")
    page.wait_for_selector("#players")
    play_to_the_end(page)
    summary = page.locator("#summary").inner_text()
    assert "Finale" not in summary  # one half decides the game
    record = page.request.get(f"{server.url}/api/tables/{table_id}/record").json()
    assert record["rules"]["overrides"] == {"deckel_per_half": 15, "finale": False, "jule": True}
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_rules_shared_by_a_link_and_a_qr_code(
    browser: Browser, server: Server, device: str
) -> None:
    ctx, page = new_page(browser, "de-DE", DEVICES[device])
    page.goto(server.url + "/rules")
    page.wait_for_selector("#rb-preset")
    build_house_rules(page)
    link = page.locator("#rb-link")
    expect(page.locator("#rb-qr")).not_to_have_js_property("naturalWidth", 0)
    url = link.input_value()
    assert url.startswith(f"{server.url}/rules#")
    assert page.url == url  # the address bar is the link too
    # Without a clipboard, "Copy link" says so and selects the link.
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.click("#rb-copy")
    expect(page.locator("#rb-share-note")).to_have_text(
        "Dieser Browser kann nicht kopieren: der Link ist markiert, kopiere ihn von Hand."
    )
    every_control_labelled(page, ".rules-builder")
    assert unnamed_controls(page) == []
    # A friend opens the link (in English): the builder shows the same rules.
    other_ctx, other = new_page(browser, "en-GB", DEVICES[device])
    other.goto(url)
    other.wait_for_selector("#rb-preset")
    expect(other.locator("#rb-summary")).to_have_text(SUMMARY_EN)
    assert other.input_value("#rb-preset") == "tsv99"
    assert other.is_checked("#opt-jule") and not other.is_checked("#opt-finale")
    assert other.input_value("#opt-deckel_per_half") == "15"
    # ... and starts a table with them: the start form has them.
    other.click("#rb-start-table")
    other.wait_for_url(f"{server.url}/")
    expect(other.locator("#preset-line")).to_have_text(SUMMARY_EN)
    assert "jule = true" in other.input_value("#house")
    # ... or keeps score at the pub with them: pub mode's start form has them.
    other.goto(url)
    other.wait_for_selector("#rb-preset")
    other.click("#rb-start-pub")
    expect(other).to_have_url(f"{server.url}/pub")
    expect(other.locator("#preset-line")).to_have_text(SUMMARY_EN)
    # A link that holds no rule set says so.
    other.goto(server.url + "/rules#bm9wZQ")
    expect(other.locator("p.error[role=alert]").first).to_have_text("The link holds no rule set")
    assert page.errors == [] and other.errors == []  # type: ignore[attr-defined]
    other_ctx.close()
    ctx.close()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_saved_as_our_rules_and_offered_where_a_game_starts(
    browser: Browser, server: Server, device: str
) -> None:
    made = server.post("/api/clubs", {"name": "Stammtisch Krone"}).json()
    slug, session = made["club"]["slug"], made["session"]
    ctx, page = new_page(browser, "de-DE", DEVICES[device])
    page.goto(server.url + "/")
    # This browser has the club open (as its page keeps it after the secret link).
    page.evaluate(
        "([slug, session]) => localStorage.setItem(`schocken:club:${slug}`,"
        " JSON.stringify({session}))",
        [slug, session],
    )
    # No rules of its own yet: none offered.
    page.reload()
    page.wait_for_selector("#preset")
    page.wait_for_timeout(300)
    assert page.locator("[data-club]").count() == 0
    page.goto(server.url + "/rules")
    page.wait_for_selector("#rb-preset")
    build_house_rules(page)
    save = page.locator(f"button[data-club='{slug}']")
    expect(save).to_have_text("Als unsere Regeln speichern: Stammtisch Krone")
    save.click()
    expect(page.locator("#rb-club-note")).to_have_text(
        "Als Regeln von Stammtisch Krone gespeichert."
    )
    kept = httpx.get(
        f"{server.url}/api/clubs/{slug}/rules", headers={"x-club-session": session}, timeout=10
    ).json()["rules"]
    assert kept == {
        "preset": "tsv99",
        "overrides": {"deckel_per_half": 15, "finale": False, "jule": True},
    }
    # The club's page says them in words, with the way back to the builder.
    page.goto(f"{server.url}/club/{slug}/settings")
    page.click("#club-fold-rules-button")
    expect(page.locator("#club-rules-line")).to_have_text(SUMMARY_DE)
    href = page.locator("#club-rules-open").get_attribute("href")
    assert href is not None and href.startswith("/rules#")
    # The table's start form offers them.
    page.goto(server.url + "/")
    offer = page.locator(f"#main form button[data-club='{slug}']")
    expect(offer).to_have_text("Unsere Regeln nehmen (Stammtisch Krone)")
    offer.click()
    expect(page.locator("#preset-line")).to_have_text(
        f"Unsere Regeln: Stammtisch Krone: {SUMMARY_DE}"
    )
    page.fill("#name", "Anna")
    page.click("form button[type=submit] >> nth=0")
    page.wait_for_selector("#start")
    table_id = page.url.split("/t/")[1].split("#")[0]
    rules = page.request.get(f"{server.url}/api/tables/{table_id}").json()["rules"]
    assert (rules["jule"], rules["deckel_per_half"], rules["finale"]) == (True, 15, False)
    # So does pub mode's.
    page.goto(server.url + "/pub")
    offer = page.locator(f"button[data-club='{slug}']")
    expect(offer).to_have_text("Unsere Regeln nehmen (Stammtisch Krone)")
    offer.click()
    expect(page.locator("#preset-line")).to_have_text(
        f"Unsere Regeln: Stammtisch Krone: {SUMMARY_DE}"
    )
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "Ben")
    page.click("form button[type=submit]")
    page.wait_for_url("**/pub/*")
    pub_id = page.url.split("/pub/")[1]
    token = page.evaluate(f"localStorage.getItem('schocken:pub:{pub_id}')")
    view: dict[str, Any] = httpx.get(
        f"{server.url}/api/pub/{pub_id}", headers={"x-pub-token": token}, timeout=10
    ).json()
    assert view["options"]["jule"] is True and view["state"]["middle"] == 15
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()


def test_a_broken_link_shows_the_page_and_says_so(browser: Browser, server: Server) -> None:
    """Crafted or cut links (decodeURIComponent throws on them) drew no form or stayed on
    "Loading the rules" (issue 29, item 6): the start forms of a table and of pub mode and the
    builder are shown, and the page says the link is broken, in German and in English."""
    words = {
        "de-DE": "Dieser Link ist kaputt (unterwegs abgeschnitten oder verändert)",
        "en-GB": "This link is broken (cut off or changed on the way)",
    }
    for (locale, said), device in zip(words.items(), (PHONE, DESKTOP), strict=True):
        ctx, page = new_page(browser, locale, device)
        for path, form in (("/#rules=%ZZ", "#preset"), ("/pub#rules=%", "#preset")):
            page.goto(server.url + path)
            expect(page.locator(form)).to_be_visible()
            expect(page.locator("#link-broken[role=alert]")).to_contain_text(said)
            assert "#" not in page.url  # the address cleaned, as after a good link
        page.goto(server.url + "/rules#%E0%A4%A")
        expect(page.locator("#rb-preset")).to_be_visible()
        expect(page.locator("p.error[role=alert]").first).to_contain_text(said)
        assert page.errors == []  # type: ignore[attr-defined]
        ctx.close()
    # Broken paths and secrets elsewhere are taken as written: the server says what it does
    # not know, and the page stays whole.
    ctx, page = new_page(browser, "en-GB", PHONE)
    for path, answer in (
        ("/t/%ZZ", "no such table"),
        ("/pub/abc#%ZZ", "no pub game 'abc'"),
        ("/club/krone#%ZZ", "no such club, or the link or password does not fit"),
        ("/tournaments/krone/%ZZ", "Open the club on this device first"),
    ):
        page.goto(server.url + path)
        expect(page.locator("main")).to_contain_text(answer)
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()
