"""Latecomers at the browser table (issue 23): the invite link mid-game offers to watch at once
and a seat in the next game; the host sees who waits, and the rematch seats them. Debian's
Chromium driven by Playwright, on a phone and a desktop, against a real server."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from server_helpers import running
from test_web import dismiss_reveal
from test_web_history import Hand, log_texts, make_table, play_together
from test_web_table import DESKTOP, PHONE, new_page

SHORT = 'preset = "schock4life"\ndeckel_per_half = 2\ndeckel_in_finale = 2\n'
"""schock4life (covered cups) with two Deckel a half: a whole game in a few rounds."""


def tap_reveals_away(page: Page) -> None:
    quiet = 0
    while quiet < 3:
        quiet = 0 if dismiss_reveal(page) else quiet + 1
        page.wait_for_timeout(300)


def no_covered_dice_shown(page: Page) -> None:
    """A watcher's screen shows no dice of a covered cup (hidden stays hidden)."""
    for row in page.locator("#players li").all_inner_texts():
        if "covered" in row or "verdeckt" in row:
            assert not re.search(r"\d-\d-\d", row), row


def test_a_latecomer_watches_at_once_and_sits_at_the_rematch(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path / "db.sqlite3", seed=24, bot_delay=0) as server:
        table = make_table(server, ["Anna"], 1, rules="schock4life", rules_toml=SHORT)
        anna_ctx, anna = new_page(browser, "en-GB", DESKTOP)
        anna.goto(server.url + "/")  # as the start form does: the host's page keeps the
        anna.evaluate(  # spectator token it was given once
            "([id, token]) => localStorage.setItem(`schocken:spectate:${id}`, token)",
            [table["id"], table["spectator_token"]],
        )
        anna.goto(f"{server.url}{table['host_url']}")
        anna.wait_for_selector("#start")
        hand = Hand(server, table["id"], table["tokens"][0])  # plays Anna's seat quickly
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        hand.read()
        hand.play_until(rounds=3)
        # Carla opens the invite link on her phone, mid-game: no "the game has started", but
        # the game to watch and a seat in the next one.
        carla_ctx, carla = new_page(browser, "de-DE", PHONE)
        carla.goto(f"{server.url}/join/{table['code']}")
        expect(carla.locator("#late-h")).to_have_text("Das Spiel läuft schon")
        expect(carla.locator("#watch")).to_have_text("Jetzt zuschauen")
        carla.fill("#wait-name", "Anna")  # taken: said, nothing changes
        carla.click("#wait")
        expect(carla.locator("#wait-form .error")).to_contain_text(
            "den Namen „Anna“ gibt es an diesem Tisch schon"  # her page is German
        )
        carla.fill("#wait-name", "Carla")
        carla.click("#wait")
        carla.wait_for_selector("#players")
        expect(carla.locator("#watching p").first).to_have_text(
            "Du schaust zu. Im nächsten Spiel sitzt du als Carla mit."
        )
        assert "#" not in carla.url  # her token is in the browser's storage, not the address
        # The whole history so far, as a spectator sees it; no buttons to act.
        assert hand.state is not None
        expect(carla.locator("#log li")).to_have_count(len(hand.state["log"]))
        assert carla.locator("#cup").count() == 0 and carla.locator("#throw").count() == 0
        no_covered_dice_shown(carla)
        # Dora only watches, on a desktop, with the invite link alone.
        dora_ctx, dora = new_page(browser, "en-GB", DESKTOP)
        dora.goto(f"{server.url}/join/{table['code'].lower()}")
        dora.click("#watch")
        dora.wait_for_selector("#players")
        expect(dora.locator("#watching")).to_contain_text("You are watching.")
        assert log_texts(dora)[0] == "The first half (Hinrunde) begins with 2 Deckel in the middle."
        # The host sees who waits; the game screen has the invite link and the spectator link.
        expect(anna.locator("#waiting")).to_have_text("Waiting for the next game: Carla")
        tap_reveals_away(anna)  # the rounds so far, shown with every cup lifted
        anna.locator("#invite-details summary").click()
        expect(anna.locator("#invite")).to_have_text(re.compile(rf"/join/{table['code']}$"))
        spectate = anna.locator("#spectator-link").get_attribute("href") or ""
        assert spectate.startswith(f"/t/{table['id']}#spectate=")
        assert dora.locator("#spectator-link").count() == 0  # the host's alone
        hand.play_until(rounds=10_000)
        hand.close()
        for page in (anna, carla, dora):
            expect(page.locator("#summary")).to_be_visible(timeout=30_000)
        no_covered_dice_shown(carla)
        tap_reveals_away(anna)
        expect(anna.locator("#rematch-waiting")).to_have_text("The rematch seats Carla too.")
        old = anna.url
        anna.click("#rematch")
        # Everyone follows: Carla to her seat, Dora to watch the new table (its own code).
        for page in (anna, carla, dora):
            expect(page).not_to_have_url(old, timeout=10_000)
            page.wait_for_selector("#players")
        assert anna.url == carla.url == dora.url
        expect(carla.locator("#players li[data-seat='2']")).to_contain_text("Carla (du)")
        expect(carla.locator("#watching")).to_have_count(0)
        expect(dora.locator("#watching")).to_contain_text("You are watching.")
        expect(anna.locator("#players li")).to_have_count(3)
        assert anna.errors == carla.errors == dora.errors == []  # type: ignore[attr-defined]
        for ctx in (anna_ctx, carla_ctx, dora_ctx):
            ctx.close()


def test_a_latecomer_leaves_the_waiting_list_and_watches_on(
    browser: Browser, tmp_path: Path
) -> None:
    """Carla waits on her phone and leaves the waiting list there: she watches on (after a reload
    too), the host's list drops her at once, and the rematch seats only Erik, who still waits.
    Her desktop, whose connection missed the news, asks to leave too: refused in her language,
    nothing changes, and that page watches on as well."""
    with running(tmp_path / "db.sqlite3", seed=24, bot_delay=0) as server:
        table = make_table(server, ["Anna", "Ben"], 0, rules="schock4life", rules_toml=SHORT)
        tid = table["id"]
        anna_ctx, anna = new_page(browser, "en-GB", DESKTOP)
        anna.goto(f"{server.url}{table['host_url']}")
        anna.wait_for_selector("#start")
        hands = [Hand(server, tid, token) for token in table["tokens"]]  # two humans, no bots
        server.post(f"/api/tables/{tid}/start", {"token": table["tokens"][0]})
        for hand in hands:
            hand.read()
        carla_ctx, carla = new_page(browser, "de-DE", PHONE)
        carla.goto(f"{server.url}/join/{table['code']}")
        carla.fill("#wait-name", "Carla")
        carla.click("#wait")
        carla.wait_for_selector("#players")
        expect(carla.locator("#leave-waiting")).to_have_text("Von der Warteliste gehen")
        key = f"schocken:table:{tid}"
        kept = carla.evaluate("(key) => localStorage.getItem(key)", key)
        assert server.post(f"/api/tables/{tid}/wait", {"name": "Erik"}).is_success
        expect(anna.locator("#waiting")).to_have_text("Waiting for the next game: Carla, Erik")
        # Carla's desktop and tablet wait with the same token; their connections will miss
        # what follows (what the server sends them is held back).
        held: list[bool] = []
        sockets: list[WebSocketRoute] = []

        def hold_back(ws: WebSocketRoute) -> None:
            n = len(sockets)
            sockets.append(ws)
            held.append(False)
            server_side = ws.connect_to_server()
            server_side.on_message(lambda message: None if held[n] else ws.send(message))

        pages = []
        for device in (DESKTOP, PHONE):
            ctx, page = new_page(browser, "de-DE", device)
            page.route_web_socket(re.compile(r"/ws/"), hold_back)
            page.goto(server.url + "/")
            page.evaluate("([key, kept]) => localStorage.setItem(key, kept)", [key, kept])
            page.goto(f"{server.url}/t/{tid}")
            expect(page.locator("#leave-waiting")).to_be_visible()
            pages.append((ctx, page))
        (desk_ctx, desk), (tab_ctx, tab) = pages
        held[:] = [True] * len(held)
        # On her phone Carla leaves: she watches on, and the host's list has Erik alone.
        carla.click("#leave-waiting")
        expect(carla.locator("#left-waiting")).to_have_text(
            "Du stehst nicht mehr auf der Warteliste: das nächste Spiel findet ohne dich statt. "
            "Du schaust weiter zu."
        )
        expect(carla.locator("#watching")).to_contain_text("Du schaust zu.")
        expect(carla.locator("#leave-waiting")).to_have_count(0)
        expect(anna.locator("#waiting")).to_have_text("Waiting for the next game: Erik")
        # The desktop did not hear it: its leave is refused, keyed and in German, and it watches.
        desk.click("#leave-waiting")
        expect(desk.locator("#leave-error")).to_have_text(
            "mit diesem Schlüssel wartet niemand auf das nächste Spiel"
        )
        expect(desk.locator("#watching")).to_contain_text("Du schaust zu.")
        expect(desk.locator("#leave-waiting")).to_have_count(0)
        assert server.get(f"/api/tables/{tid}").json()["waiting"] == ["Erik"]
        expect(anna.locator("#waiting")).to_have_text("Waiting for the next game: Erik")
        # The tablet's connection drops; it connects again with the old token, is denied, and
        # watches on with the invite code, without an error.
        sockets[1].close()
        expect(tab.locator("#left-waiting")).to_be_visible()
        expect(tab.locator("#watching")).to_contain_text("Du schaust zu.")
        expect(tab.locator("#players li")).to_have_count(2)
        expect(tab.locator("#leave-error")).to_have_text("")
        # A reload watches on (with the invite code now, her old token is no more).
        carla.reload()
        expect(carla.locator("#watching")).to_have_text(re.compile("^Du schaust zu."))
        expect(carla.locator("#players li")).to_have_count(2)
        play_together(hands)
        for hand in hands:
            hand.close()
        for page in (anna, carla):
            expect(page.locator("#summary")).to_be_visible(timeout=30_000)
        tap_reveals_away(anna)
        expect(anna.locator("#rematch-waiting")).to_have_text("The rematch seats Erik too.")
        old = anna.url
        anna.click("#rematch")
        expect(carla).not_to_have_url(old, timeout=10_000)
        expect(carla.locator("#players li")).to_have_count(3)
        names = carla.locator("#players li").all_inner_texts()
        assert not any("Carla" in n for n in names), names
        expect(carla.locator("#watching")).to_contain_text("Du schaust zu.")
        for page in (anna, carla, desk, tab):
            assert page.errors == []  # type: ignore[attr-defined]
        for ctx in (anna_ctx, carla_ctx, desk_ctx, tab_ctx):
            ctx.close()
