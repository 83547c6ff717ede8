"""The browser table keeps the game's history (issue 10): a reload or a spectator coming in
mid-game gets the whole log, a language switch re-renders it, the summary comes from the
engine's outcome; the host hands a seat to a bot and back; a finished table's rematch; the
invite link of a server on the network. Debian's Chromium driven by Playwright, real server."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection, connect

from schocken.record import parse_record, replay
from schocken.server.net import lan_address
from schocken.texts import explain
from server_helpers import GENEROUS, Server, hello, merge, running, simple_choice
from test_web import click_if_there, dismiss_reveal
from test_web_table import DESKTOP, PHONE, new_page


def make_table(server: Server, names: list[str], bots: int, **body: Any) -> dict[str, Any]:
    created = server.post(
        "/api/tables", {"name": names[0], "seats": len(names) + bots, **body}
    ).json()
    tokens = [created["token"]]
    for name in names[1:]:
        tokens.append(
            server.post(f"/api/tables/{created['code']}/join", {"name": name}).json()["token"]
        )
    for _ in range(bots):
        server.post(f"/api/tables/{created['id']}/bots", {"token": tokens[0]})
    return {**created, "tokens": tokens}


class Hand:
    """A player's second connection, from the test: it plays the seat quickly (a pub regular's
    simple choice) while the browser shows the same seat."""

    def __init__(self, server: Server, table: str, token: str) -> None:
        self._opened = contextlib.ExitStack()
        """The connection, entered as websockets' context manager (left by :meth:`close`)."""
        self.ws: ClientConnection = self._opened.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/{table}")
        )
        self.ws.send(hello(token))
        self.state: dict[str, Any] | None = None
        self.read()

    def read(self, timeout: float = 10) -> None:
        self.state = merge(self.state, json.loads(self.ws.recv(timeout)))

    def play_until(self, rounds: int) -> None:
        """Acts until the game has reached round ``rounds`` (or is over)."""
        play_together([self], rounds)

    def close(self) -> None:
        self._opened.close()


def play_together(hands: list[Hand], rounds: int = 10_000) -> None:
    """The hands act whenever they may (each once per step) until the game reaches round
    ``rounds`` or is over."""
    acted = {id(h): -1 for h in hands}
    while True:
        states = [h.state for h in hands]
        views = [st["view"] for st in states if st is not None and st["view"] is not None]
        if views and all(v["loser"] is not None or v["round"] >= rounds for v in views):
            return
        for h in hands:
            st = h.state
            assert st is not None
            if st["view"] is not None and st["legal"] and st["step"] != acted[id(h)]:
                action = simple_choice(st)
                if action is not None:
                    acted[id(h)] = st["step"]
                    h.ws.send(json.dumps({"v": 3, "type": "action", "action": action}))
        for h in hands:
            with contextlib.suppress(TimeoutError):
                h.read(0.05)


def log_texts(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("#log li span:last-child").all_inner_texts()]


def test_a_reload_keeps_the_whole_log_and_the_summary_of_a_long_game(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path / "db.sqlite3", seed=100, bot_delay=0) as server:  # 28 rounds
        table = make_table(server, ["Anna"], 3, rules="allgemein")
        ctx, page = new_page(browser, "de-DE", DESKTOP)
        page.goto(f"{server.url}/t/{table['id']}#{table['tokens'][0]}")
        page.wait_for_selector("#start")
        hand = Hand(server, table["id"], table["tokens"][0])
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        hand.read()
        hand.play_until(rounds=9)
        page.reload()
        page.wait_for_selector("#players")
        hand.play_until(rounds=10_000)
        expect(page.locator("#summary")).to_be_visible(timeout=30_000)
        hand.close()
        record = parse_record(server.get(f"/api/tables/{table['id']}/record").text)
        game = replay(record)
        assert record.outcome is not None and record.outcome["rounds"] >= 20
        # Every explanation of the whole game, in German, once, numbered 1, 2, 3, ...
        whole = explain(game.events, game.rules, game.players, "de")
        expect(page.locator("#log li")).to_have_count(len(whole))
        assert log_texts(page) == whole
        numbers = page.locator("#log .n").all_inner_texts()
        assert numbers == [f"{i}." for i in range(1, len(whole) + 1)]
        # The summary is the engine's outcome: every half's loser, the game's, the rounds.
        summary = page.locator("#summary-lines li").all_inner_texts()
        assert len(summary) == len(record.outcome["sections"]) + 2
        for section in record.outcome["sections"]:
            assert any(section["loser_name"] in line for line in summary)
        assert f"{record.outcome['rounds']} Runden gespielt." in summary
        rows = page.locator("#summary-table tbody tr").all_inner_texts()
        assert len(rows) == 4
        # Reloaded once more after the end: the same log and summary.
        page.reload()
        page.wait_for_selector("#summary")
        assert log_texts(page) == whole
        assert page.locator("#summary-lines li").all_inner_texts() == summary
        assert page.errors == []  # type: ignore[attr-defined]
        ctx.close()


def test_a_spectator_mid_game_sees_the_history_and_a_language_switch_re_renders_it(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path / "db.sqlite3", seed=22, bot_delay=0) as server:
        table = make_table(server, ["Anna"], 2, rules="schock4life")
        hand = Hand(server, table["id"], table["tokens"][0])
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        hand.read()
        hand.play_until(rounds=6)
        seen = hand.state
        assert seen is not None
        ctx, page = new_page(browser, "en-GB", PHONE)
        page.goto(f"{server.url}/t/{table['id']}#spectate={table['spectator_token']}")
        page.wait_for_selector("#players")
        english = log_texts(page)
        assert english == [line["text"] for line in seen["log"]]  # everything so far
        assert len(english) > 10
        # No covered dice reach the spectator's screen: a covered cup shows no dice.
        for row in page.locator("#players li").all_inner_texts():
            if "covered" in row:
                assert not re.search(r"\d-\d-\d", row), row
        # In German, the whole log again, German only.
        page.click("#lang")
        # (The line's own text, not the list item's: that one starts with its number and never
        # equals a line, so waiting on it would not wait at all.)
        expect(page.locator("#log li span:last-child").first).not_to_have_text(
            english[0], timeout=10_000
        )
        german = log_texts(page)
        assert len(german) == len(english)
        assert not set(german) & set(english)
        assert any("Deckel" in line and ("Mitte" in line or "gibt" in line) for line in german)
        assert page.errors == []  # type: ignore[attr-defined]
        hand.close()
        ctx.close()


def test_the_host_hands_a_seat_to_a_bot_and_the_player_takes_it_back(
    browser: Browser, tmp_path: Path
) -> None:
    """A bot is offered only for a player who is away, and the host confirms it in a dialog that
    names the player; cancelled, nothing changes."""
    extra = (*GENEROUS, "--away-after", "0.5")
    with running(tmp_path / "db.sqlite3", seed=23, bot_delay=0.05, extra=extra) as server:
        table = make_table(server, ["Anna", "Ben"], 0, rules="tsv99")
        anna_ctx, anna = new_page(browser, "en-GB", DESKTOP)
        ben_ctx, ben = new_page(browser, "en-GB", PHONE)
        anna.goto(f"{server.url}/t/{table['id']}#{table['tokens'][0]}")
        ben.goto(f"{server.url}/t/{table['id']}#{table['tokens'][1]}")
        anna.click("#start")
        anna.wait_for_selector("#players")
        ben.wait_for_selector("#players")
        # Ben is here: nobody offers a bot for him.
        anna.wait_for_timeout(800)  # longer than --away-after: he stays, being connected
        expect(anna.locator("#away-1")).to_have_count(0)
        expect(anna.locator("#seat-bot-1")).to_have_count(0)
        # Ben has to go: once he is away, the host may let a bot play his seat.
        ben_ctx.close()
        expect(anna.locator("#away-1")).to_be_visible(timeout=10_000)
        offer = anna.locator("#seat-bot-1")
        expect(offer).to_have_accessible_name("Bot takes over: Ben")
        offer.click()
        dialog = anna.locator("dialog#confirm-bot")
        expect(dialog).to_be_visible()
        expect(dialog).to_have_accessible_name("Let a bot play for Ben?")
        expect(dialog).to_have_accessible_description(re.compile(r"^Ben is away\."))
        expect(anna.locator("#confirm-bot-no")).to_be_focused()
        anna.click("#confirm-bot-no")  # not now: nothing changes
        expect(dialog).to_have_count(0)
        expect(offer).to_be_focused()
        anna.wait_for_timeout(300)
        expect(anna.locator("#players li[data-seat='1'] .badge.bot")).to_have_count(0)
        offer.click()
        anna.click("#confirm-bot-yes")
        expect(anna.locator("#players li[data-seat='1'] .badge.bot")).to_be_visible()
        # The game goes on: Anna plays, the bot plays Ben's turns.
        rounds = anna.locator("#status-h").inner_text()
        for _ in range(400):
            if anna.locator("#status-h").inner_text() != rounds:
                break
            click_if_there(anna, "#stop") or click_if_there(anna, "#throw")
            anna.wait_for_timeout(40)
        assert anna.locator("#status-h").inner_text() != rounds, "the game stood still"
        # Ben comes back: he sees that a bot plays for him, and takes his seat back.
        ben_ctx, ben = new_page(browser, "en-GB", PHONE)  # a new browser: from his own link
        ben.goto(f"{server.url}/t/{table['id']}#{table['tokens'][1]}")
        ben.wait_for_selector("#bot-plays")
        ben.click("#take-back")
        expect(ben.locator("#bot-plays")).to_have_count(0)
        expect(anna.locator("#players li[data-seat='1'] .badge.bot")).to_have_count(0)
        # And plays on: his own cup and buttons when his turn comes.
        for _ in range(400):
            if ben.locator("#cup #throw, #cup #stop").count():
                break
            dismiss_reveal(ben)
            click_if_there(anna, "#stop") or click_if_there(anna, "#throw")
            anna.wait_for_timeout(40)
        assert ben.locator("#cup #throw, #cup #stop").count() > 0
        assert anna.errors == [] and ben.errors == []  # type: ignore[attr-defined]
        anna_ctx.close()
        ben_ctx.close()


def test_a_rematch_in_one_tap_and_everyone_follows(browser: Browser, tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=24, bot_delay=0) as server:
        house = 'preset = "knobelrunde"\ndeckel_per_half = 2\n'
        table = make_table(server, ["Anna", "Ben"], 1, rules="knobelrunde", rules_toml=house)
        anna_ctx, anna = new_page(browser, "de-DE", PHONE)
        ben_ctx, ben = new_page(browser, "en-GB", DESKTOP)
        anna.goto(f"{server.url}/t/{table['id']}#{table['tokens'][0]}")
        ben.goto(f"{server.url}/t/{table['id']}#{table['tokens'][1]}")
        hands = [Hand(server, table["id"], t) for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        for h in hands:
            h.read()
        play_together(hands)
        for h in hands:
            h.close()
        expect(anna.locator("#rematch")).to_have_count(1, timeout=20_000)
        # The end's moments (the last round, the half, the game) are shown first: tapped away.
        for page in (anna, ben):
            quiet = 0
            while quiet < 3:
                quiet = 0 if dismiss_reveal(page) else quiet + 1
                page.wait_for_timeout(400)
        expect(anna.locator("#rematch")).to_be_visible()
        expect(ben.locator("#rematch-wait")).to_be_visible()
        old = anna.url
        anna.click("#rematch")
        # Both are at the new table, in its new game, in their seats.
        for page in (anna, ben):
            expect(page).not_to_have_url(old, timeout=10_000)
            page.wait_for_selector("#players")
            expect(page.locator("#summary")).to_have_count(0)
        assert anna.url == ben.url
        expect(anna.locator("#players li[data-seat='0']")).to_contain_text("du")
        expect(ben.locator("#players li[data-seat='1']")).to_contain_text("you")
        assert anna.errors == [] and ben.errors == []  # type: ignore[attr-defined]
        anna_ctx.close()
        ben_ctx.close()


def test_the_invite_link_of_a_server_on_the_network(browser: Browser, tmp_path: Path) -> None:
    address = lan_address()
    if address.startswith("127."):
        pytest.fail("this machine has no network address to test --lan with")
    with running(tmp_path / "db.sqlite3", extra=(*GENEROUS, "--lan")) as server:
        ctx, page = new_page(browser, "en-GB", PHONE)
        page.goto(server.url + "/")  # opened on 127.0.0.1
        page.fill("#name", "Anna")
        page.click("button[type=submit]")
        page.wait_for_selector("#invite")
        invite = page.locator("#invite").inner_text()
        assert invite.startswith(f"http://{address}:{server.port}/join/"), invite
        assert "127.0.0.1" not in invite
        assert page.locator("img.qr").get_attribute("alt") == invite
        ctx.close()
