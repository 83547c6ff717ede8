"""A tournament's table counted on one phone in pub mode, in the browser (issue 24, item 4): the
organiser, on a 390x844 phone, opens round 1's table 1 in pub mode from its card (axe-core: no
violation) and gets the link with its QR code once; the table's phone opens the link, the first
round is entered on the pub page, the rest through the pub API to finish quickly; the game
counts by itself as the table's game (the players' ranking on a phone shows it), once, and is
in the club's book; the phone goes on to the table's next game; the server's file holds no pub
token. Debian's Chromium driven by
Playwright, against a real server and SQLite file; the dice are entered, never rolled."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from server_helpers import Server, stored_rows
from test_server_tournament_pub import enter
from test_web_club_tasks import axe
from test_web_pub import pick_dice, saved
from test_web_tournament import (
    NAME,
    PHONE,
    PLAYERS,
    SLUG,
    book_of,
    club,
    open_club,
    table_box,
)

__all__ = ["club"]  # the fixture, used by name

ENGLISH_PHONE = {**PHONE, "locale": "en-US"}
FIRST_ROUND = {0: (6, 5, 3), 1: (2, 1, 1), 2: (3, 1, 1), 3: (4, 1, 1)}
"""The dice of the first round, seat by seat, each in one throw: the first player's 6-5-3
loses to every Schock."""


def test_a_table_counted_on_one_phone_counts_its_game_once(
    browser: Browser, club: tuple[Server, str]
) -> None:
    server, secret = club
    with book_of(server) as book:
        book.create(NAME, date="2026-11-27", club="krone", format="sfreunde", seed="5")
        book.register(NAME, PLAYERS)
        players = book.draw(NAME)["tables"][0]["players"]
        key = book.view_key(NAME)
    assert len(players) == len(FIRST_ROUND)

    organiser = browser.new_context(**ENGLISH_PHONE).new_page()
    open_club(organiser, server, secret)
    organiser.goto(f"{server.url}/tournaments/krone/{SLUG}")
    box = table_box(organiser, 1)
    expect(box.get_by_role("button", name="Play it at an online table")).to_be_visible()
    box.get_by_role("button", name="Count it on one phone (pub mode)").click()
    expect(organiser.locator("#announce")).to_have_text(
        "Table 1 is counted on one phone: open its link on the table's phone."
    )
    box = table_box(organiser, 1)
    expect(box.get_by_text("it is shown this once")).to_be_visible()
    expect(box.get_by_role("img", name="QR code of the game of table 1")).to_be_visible()
    link = str(box.get_by_role("link", name="The game of table 1 (pub mode)").get_attribute("href"))
    assert re.fullmatch(rf"{re.escape(server.url)}/pub/[\w-]+#[\w-]+", link), link
    assert axe(organiser) == []
    pub_id, token = link.rsplit("/", 1)[1].split("#")
    with book_of(server) as book:
        pub = book.online_table(NAME, 1, 1)
    assert (pub["kind"], pub["table_id"], pub["players"]) == ("pub", pub_id, players)

    # The table's phone: the table's players in their seating order; the first round entered
    # on the page.
    phone = browser.new_context(**ENGLISH_PHONE).new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(link)
    title = phone.locator("#pub-turn-title")
    for seat, dice in FIRST_ROUND.items():
        expect(title).to_have_text(f"{players[seat]}'s turn")
        pick_dice(phone, dice)
        phone.click("#pub-save")
        saved(phone, seat + 1)
    assert phone.url == f"{server.url}/pub/{pub_id}"  # the token is out of the address

    # The rest through the API, to finish quickly; nothing counts before the end.
    with book_of(server) as book:
        assert book.games(NAME, 1, 1) == []
    view = _view(server, pub_id, token)
    assert view["entries"] == len(FIRST_ROUND) and view["players"] == players
    view = enter(server, pub_id, token, view, 500)
    assert view["state"]["ask"] == "over"
    phone.reload()
    expect(title).to_have_text(f"Game over. {players[0]} lost.")
    expect(
        phone.get_by_text("This table's games count for the tournament by themselves.")
    ).to_be_visible()
    # The table's next game on the same phone: the same players, the same link's token.
    phone.get_by_role("button", name="Next game at this table").click()
    expect(phone).to_have_url(
        re.compile(rf"{re.escape(server.url)}/pub/(?!{re.escape(pub_id)}$)[\w-]+$")
    )
    expect(title).to_have_text(f"{players[0]}'s turn")
    second = phone.url.rsplit("/", 1)[1]
    assert _view(server, second, token)["players"] == players

    # Counted by itself: the players' ranking shows it.
    ranking = browser.new_context(**ENGLISH_PHONE).new_page()
    ranking.goto(f"{server.url}/tournaments/krone/{SLUG}/phone?key={key}")
    row = ranking.locator("table.tw-rank").first.locator("tbody tr").filter(has_text=players[0])
    expect(row.locator("td").nth(2)).to_have_text("1", timeout=30_000)
    # Taken again from the card: nothing twice.
    organiser.reload()
    box = table_box(organiser, 1)
    box.get_by_role("button", name="Take the finished games").click()
    expect(organiser.locator("#announce")).to_have_text("Table 1: 0 finished games taken.")
    with book_of(server) as book:
        [game] = book.games(NAME, 1, 1)
        assert game["source"] == "pub" and game["loser"] == players[0]
        kept = book.record(NAME, 1, 1, 1)
        record = httpx.get(
            f"{server.url}/api/pub/{pub_id}/record", headers={"x-pub-token": token}, timeout=10
        ).json()
        assert kept is not None and json.loads(kept) == record
        assert record["players"] == players and record["meta"]["pub_game"] == pub_id
        [booked] = book.book.games("krone")
        assert booked["loser"] == players[0]

    # Shown once: after a reload the link is gone; a new one, asked first, shuts the phone
    # with the old one out.
    box.get_by_text("Link for the table's phone (pub mode)").click()
    expect(box.get_by_text("Lost it? Make a new link")).to_be_visible()
    expect(box.get_by_role("link", name="The game of table 1 (pub mode)")).to_have_count(0)
    assert axe(organiser) == []
    box.get_by_role("button", name="Make a new link").click()
    expect(box.get_by_text("A new link for the phone of table 1?")).to_be_visible()
    box.get_by_role("button", name="Yes, a new link").click()
    expect(organiser.locator("#announce")).to_have_text(
        "Table 1: a new link made; the old one opens nothing now."
    )
    fresh = str(
        table_box(organiser, 1)
        .get_by_role("link", name="The game of table 1 (pub mode)")
        .get_attribute("href")
    )
    new_token = fresh.rsplit("#", 1)[1]
    for game_id in (pub_id, second):
        assert _status(server, game_id, token) == 403
        assert _status(server, game_id, new_token) == 200
    assert new_token != token

    # No pub token in the server's file: not in any table, nor anywhere in its bytes.
    for table in ("tournament_online", "tournament_games", "tournament_log", "pub_games"):
        rows = json.dumps(stored_rows(server, f"SELECT * FROM {table}"), default=str)
        assert token not in rows and new_token not in rows, table
    for file in server.db.parent.glob(f"{server.db.name}*"):
        data = file.read_bytes()
        assert token.encode() not in data and new_token.encode() not in data, file
    assert errors == []

    # In German: the other tables' cards offer it as "Auf einem Handy zählen (Kneipenmodus)".
    german = browser.new_context(**PHONE).new_page()
    open_club(german, server, secret)
    german.goto(f"{server.url}/tournaments/krone/{SLUG}")
    expect(
        german.get_by_role("button", name="Auf einem Handy zählen (Kneipenmodus)")
    ).to_have_count(2)
    expect(german.get_by_text("Link für das Handy am Tisch (Kneipenmodus)")).to_have_count(1)
    assert axe(german) == []


def _get(server: Server, pub_id: str, token: str) -> httpx.Response:
    """The pub game as the phone with ``token`` asks for it."""
    return httpx.get(
        f"{server.url}/api/pub/{pub_id}?lang=en", headers={"x-pub-token": token}, timeout=10
    )


def _view(server: Server, pub_id: str, token: str) -> dict[str, Any]:
    view: dict[str, Any] = _get(server, pub_id, token).json()
    return view


def _status(server: Server, pub_id: str, token: str) -> int:
    return _get(server, pub_id, token).status_code
