"""The browser front end, in Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Error, Page, expect

from schocken.record import parse_record, replay
from server_helpers import Server, running

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3", seed=9, bot_delay=0.02) as s:
        yield s


def dismiss_reveal(page: Page) -> bool:
    """Close the "cups up" overlay of a round's end if it is showing."""
    return click_if_there(page, "#reveal-go", reveal=False)


def click_if_there(page: Page, selector: str, *, reveal: bool = True) -> bool:
    """Click a button if the page offers it now (the page redraws after every state); a round's
    reveal in the way is closed first."""
    if reveal and dismiss_reveal(page):
        return True
    button = page.locator(selector)
    if button.count() == 0:
        return False
    try:
        button.click(timeout=2000)
    except Error:
        return False
    return True


def deckel(page: Page) -> list[int]:
    return [
        int(x)
        for x in page.locator("#players .deckel").evaluate_all(
            "els => els.map(e => e.dataset.deckel)"
        )
    ]


def test_two_friends_play_a_whole_game_in_the_browser(browser: Browser, server: Server) -> None:
    anna_ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    ben_ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    anna, ben = anna_ctx.new_page(), ben_ctx.new_page()
    page_errors: list[str] = []
    for page in (anna, ben):
        page.on("pageerror", lambda e: page_errors.append(str(e)))
        # The page's own code satisfies its Content-Security-Policy: no violation reported.
        page.on(
            "console",
            lambda m: page_errors.append(m.text) if "Content Security Policy" in m.text else None,
        )

    # Anna starts a table (schock4life: every throw that uses up the limit stays covered).
    anna.goto(server.url + "/")
    assert anna.locator("h1").inner_text() == "Tisch eröffnen"  # German from the browser
    anna.fill("#name", "Anna")
    anna.select_option("#preset", "schock4life")
    anna.fill("#seats", "2")
    anna.click("button[type=submit]")
    anna.wait_for_selector("#start")
    invite = anna.locator("#invite").inner_text()
    code = anna.locator("#code").inner_text()
    assert invite == f"{server.url}/join/{code}"  # from the server's public address
    assert "#" not in anna.url  # the token is in the browser's storage, not the address bar
    qr = anna.locator("img.qr")
    qr.wait_for()
    expect(qr).not_to_have_js_property("naturalWidth", 0)  # the QR code loaded

    # Ben joins by the invite link (in English).
    ben.goto(invite)
    assert ben.locator("h1").inner_text() == "Join a table"
    ben.fill("#name", "Ben")
    ben.click("button[type=submit]")
    ben.wait_for_selector("text=Waiting for the host to start the game.")
    anna.wait_for_selector("text=Ben")
    spectate = anna.locator("a[href*='#spectate=']").get_attribute("href")
    assert spectate is not None
    anna.click("#start")
    anna.wait_for_selector("#players")
    ben.wait_for_selector("#players")

    # A spectator sees the table, but no cup and no buttons.
    watcher_ctx = browser.new_context(locale="en-GB")
    watcher = watcher_ctx.new_page()
    watcher.goto(server.url + spectate)
    watcher.wait_for_selector("#players")
    assert "spectate=" not in watcher.url
    assert watcher.locator("text=You are watching.").count() == 1
    assert watcher.locator("#cup").count() == 0 and watcher.locator("#throw").count() == 0

    covered_seen = 0
    reloaded = False
    for step in range(3000):
        if anna.locator("#summary").count() and ben.locator("#summary").count():
            break
        acted = False
        for me, page, other in ((0, anna, ben), (1, ben, anna)):
            # Throw to the limit: the last throw stays covered, then the other must not see it.
            if click_if_there(page, "#turn") or click_if_there(page, "#throw"):
                acted = True
            # The row's text and its dice in one look (the page may redraw in between).
            row, dice_shown = other.locator(f"#players li[data-seat='{me}']").evaluate(
                "li => [li.innerText, li.querySelectorAll('.dice-row').length]"
            )
            if re.search(r"verdeckt|covered", row):
                covered_seen += 1
                assert "=" not in row, f"the other player sees a covered result: {row}"
                assert dice_shown == 0, f"the other player sees covered dice: {row}"
        if step == 40 and not reloaded:
            ben.reload()  # midway: Ben reloads and carries on with the same seat
            ben.wait_for_selector("#players")
            reloaded = True
        if not acted:
            anna.wait_for_timeout(30)
    assert reloaded
    assert anna.locator("#summary").count() and ben.locator("#summary").count()
    assert covered_seen > 0

    # Both screens agree on the Deckel, and the explanations say what happened.
    assert deckel(anna) == deckel(ben)
    assert sum(deckel(anna)) == 13
    anna_log = anna.locator("#log").inner_text()
    ben_log = ben.locator("#log").inner_text()
    assert re.search(r"(nimmt \d+ Deckel aus der Mitte|gibt \w+ \d+ Deckel)", anna_log)
    assert re.search(r"(takes \d+ Deckel from the middle|gives \w+ \d+ Deckel)", ben_log)
    assert re.search(r"hat (das Spiel|beide Hälften)", anna.locator("#summary").inner_text())

    # The finished game's record downloads and replays.
    href = anna.locator("#download").get_attribute("href")
    assert href is not None
    record = anna.request.get(server.url + href)
    assert record.ok
    game = replay(parse_record(record.text()))
    loser = game.loser
    assert loser is not None
    assert game.players[loser] in anna.locator("#summary").inner_text()
    assert page_errors == []
    watcher.wait_for_selector("#summary")
    for row in watcher.locator("#players li").all_inner_texts():
        assert "Deckel" in row
    anna_ctx.close()
    ben_ctx.close()
    watcher_ctx.close()


def test_language_switch_keyboard_and_manifest(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    page.goto(server.url + "/")
    assert page.locator("h1").inner_text() == "Start a table"
    page.click("#lang")
    page.wait_for_selector("text=Tisch eröffnen")
    # Usable with the keyboard alone: every control is a real, labelled form element.
    page.focus("#lang")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "name"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "preset"
    for control in page.locator("input, select").all():
        control_id = control.get_attribute("id")
        assert page.locator(f"label[for='{control_id}']").count() == 1
    manifest = page.request.get(server.url + "/static/manifest.webmanifest").json()
    assert manifest["display"] == "standalone" and manifest["icons"]
    assert page.locator("link[rel=manifest]").count() == 1
    assert page.locator("#level option").all_inner_texts() == [
        "Stammtischler",
        "Rechner (spielt nach den exakten Chancen)",
        "Stratege (spielt um die Hälfte, nicht nur die Runde)",
        "Zufall",
    ]
    assert page.request.get(server.url + "/sw.js").ok
    # House rules in TOML: a bad option is refused with its name (in the page's German, as
    # the engine words it); good ones make the table.
    page.fill("#name", "Anna")
    page.locator("details summary").click()
    page.fill("#house", 'preset = "tsv99"\nwuerfel = 4')
    page.click("form button[type=submit] >> nth=0")
    expect(page.locator("form .error[role=alert]").first).to_contain_text(
        "Hausregeln: unbekannte Regel-Option 'wuerfel'"
    )
    page.fill("#house", 'preset = "allgemein"\ndeckel_per_half = 7')
    page.click("form button[type=submit] >> nth=0")
    page.wait_for_selector("#start")
    table = page.request.get(server.url + "/api/tables/" + page.url.split("/t/")[1].split("#")[0])
    assert table.json()["rules"]["deckel_per_half"] == 7
    assert table.json()["preset"] == "allgemein"
    # The host picks the solver bot for a free seat in the lobby.
    assert page.locator("label[for='lobby-bot']").count() == 1
    page.select_option("#lobby-bot", "solver")
    page.locator("text=Bot dazu >> nth=0").click()
    page.wait_for_selector("text=Bot: Rechner (spielt nach den exakten Chancen)")
    code = page.locator("#code").inner_text()
    # A friend types the code on the start page.
    page.goto(server.url + "/")
    page.fill("#code", code.lower())
    page.click("form button[type=submit] >> nth=1")
    page.wait_for_url(f"**/join/{code}")
    # A bad invite code says so (before asking for a name).
    page.goto(server.url + "/join/NOPE42")
    page.wait_for_selector("text=diesen Tisch gibt es nicht")  # the page is German now
    assert page.locator("#name").count() == 0
    ctx.close()


def test_dropped_connection_shows_reconnecting_and_resumes(
    tmp_path: Path, browser: Browser
) -> None:
    db = tmp_path / "db.sqlite3"
    server = Server(db, seed=4).start()
    try:
        ctx = browser.new_context(locale="en-US")
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.fill("#name", "Anna")
        page.fill("#seats", "2")
        page.fill("#bots", "1")
        page.click("button[type=submit]")
        page.click("#start")
        page.wait_for_selector("#players")
        server.kill()
        page.wait_for_selector("text=Connection lost. Reconnecting…")
        # The same server comes back on the same port and database: the page resumes by itself.
        port = server.port
        server = Server(db, seed=4)
        server.port = port
        server.start()
        page.wait_for_selector("#banner[hidden]", state="attached", timeout=20000)
        page.wait_for_selector("#players")
        ctx.close()
    finally:
        server.stop()


def test_one_die_each_shows_the_single_die(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(locale="en-GB")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.fill("#name", "Anna")
    page.fill("#seats", "2")
    page.locator("details summary").click()
    page.fill("#house", 'preset = "tsv99"\nopening = "low_die"')
    page.click("form button[type=submit] >> nth=0")
    page.wait_for_selector("#start")
    page.locator("text=Add bot >> nth=0").click()
    page.click("#start")
    page.wait_for_selector("#players")
    # Anna opens the opening, the bot throws next: the cups come up with one die each.
    page.click("#throw")
    rows = page.locator("#reveal .reveal-row")
    expect(rows).to_have_count(2)
    for seat in range(2):
        row = rows.nth(seat)
        expect(row.locator(".reveal-dice svg.face")).to_have_count(1)
        expect(row.locator(".reveal-dice")).to_have_attribute(
            "aria-label", re.compile(r"^Dice: [1-6]$")
        )
        expect(row.locator(".badge")).to_have_count(0)  # who opens is told in the lines
    lines = page.locator("#reveal .reveal-lines")
    expect(lines).to_contain_text(re.compile(r"tie for the lowest die|threw the lowest die"))
    expect(lines).not_to_contain_text("One die each:")
    assert errors == []
    ctx.close()
