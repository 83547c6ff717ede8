"""Works without a signal (issue 22, item 2; static/offline.js, static/sw.js): an evening on a
390x844 phone whose connection is cut after the first game (``context.set_offline``): who came,
fines, a payment, a game by its loser and a whole pub game turn by turn entered offline, a
reload and a closed tab while offline (the page comes from the service worker's cache, the
queue from IndexedDB), a second phone entering for the same evening meanwhile, then the
connection back: every entry is in the book once, and the two conflicts (a member who left
meanwhile, the same game twice) are shown and settled. Debian's Chromium driven by Playwright,
against a real server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from schocken.club import ClubBook
from schocken.pub import PubGame
from schocken.rules import parse_rules
from server_helpers import Server, running
from test_web_club_tasks import PHONE, axe, small_club, today, watch

HOUSE = 'preset = "tsv99"\ndeckel_per_half = 2\n'
"""Short games: two Deckel a half."""
MEMBERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda"]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3") as s:
        yield s


def turns(players: list[str]) -> list[tuple[int, tuple[int, int, int]]]:
    """A whole short game as the table throws it (the first player always 6-5-3, the others
    4-2-1, one throw each), with whose turn each one is: what the scorer knows at the table,
    asked of the engine here."""
    pub = PubGame(parse_rules(HOUSE, source="house rules"), players)
    out: list[tuple[int, tuple[int, int, int]]] = []
    while pub.state().ask == "turn":
        seat = pub.state().seat
        assert seat is not None
        dice = (6, 5, 3) if seat == 0 else (4, 2, 1)
        out.append((seat, dice))
        pub.enter_turn(dice, 1)
    assert pub.state().ask == "over"
    return out


def new_pub_game(page: Page, players: list[str]) -> None:
    """From Tonight: a new pub game of ``players`` (the others who came taken out), short
    rules."""
    page.get_by_role("button", name="New pub game").click()
    expect(page).to_have_url(re.compile(r"/pub$"))
    expect(page.locator("#pub-for-club")).to_contain_text("Kegelclub")
    fields = page.locator("input[name=player]")
    for i in range(fields.count()):
        fields.nth(i).fill(players[i] if i < len(players) else "")
    page.locator("details summary").click()
    page.locator("#house").fill(HOUSE)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/pub/[\w-]+$"))


def enter_turn(page: Page, dice: tuple[int, ...], seat: int | None = None) -> None:
    """One turn in one throw: who threw (offline: the phone cannot tell), the dice, save."""
    if seat is not None:
        page.locator(f"#pub-who-{seat}").check()
    for d, pips in enumerate(dice):
        page.locator(f"label[for=d{d}-{pips}]").click()
    page.locator("#pub-throws-1").check()
    page.locator("#pub-save").click()


def status(page: Page) -> str:
    return str(page.locator("#net-status").text_content())


def ready_offline(page: Page) -> None:
    """The service worker controls the page and has the app shell in its cache."""
    for _ in range(200):
        ready = page.evaluate(
            """async () => navigator.serviceWorker.controller !== null
                && (await caches.keys()).some((k) => k.startsWith('schocken-shell-'))"""
        )
        if ready:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker did not take the page")


def second_phone(browser: Browser, server: Server, slug: str, secret: str) -> BrowserContext:
    """Another member's phone, online while the first is not: a fine, a payment, Dora leaves
    the club today, and a game lost by Cem (the first phone has the same game)."""
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    page.goto(f"{server.url}/club/{slug}#{secret}")
    expect(page.locator("#club-tonight-h")).to_contain_text("Tonight")
    page.locator("#club-fine-members").get_by_role("button", name="Anna", exact=True).click()
    page.locator("#club-fine").get_by_role("button", name=re.compile("Zu oft")).click()
    expect(page.locator("#club-said")).to_have_text("Anna: Zu oft gewürfelt × 1, €0.50.")
    page.get_by_role("button", name="Pay: Emil").click()
    page.locator("#club-payment-amount").fill("2")
    page.locator("#club-payment").get_by_role("button", name="Book the payment").click()
    expect(page.locator("#club-said")).to_have_text("Emil paid €2.00.")
    page.get_by_role("button", name="Just the loser").click()
    page.get_by_role("button", name="Cem lost").click()
    expect(page.locator("#club-said")).to_have_text("Game added: Cem lost.")
    page.get_by_role("link", name="Members").click()
    page.get_by_role("button", name="Change Dora").click()
    page.locator("#club-leave").get_by_role("button").click()
    expect(page.locator("#club-said")).to_contain_text("Dora")
    return ctx


def test_an_evening_without_a_signal_ends_up_in_the_book_once_with_a_second_phone(
    browser: Browser, server: Server
) -> None:
    slug, secret = small_club(server, "Kegelclub", MEMBERS)
    date = today().isoformat()
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server.url}/club/{slug}#{secret}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    ready_offline(page)
    expect(page.locator("#net-status")).to_have_text("Online · 0 entries waiting")
    expect(page.locator("#net-status")).to_have_attribute("role", "status")
    for name in MEMBERS[:5]:
        page.locator("#club-start").get_by_role("button", name=name, exact=True).click()
    page.locator("#club-start-button").click()
    expect(page.locator("#club-said")).to_contain_text("has begun: 5 came")
    # The first game, online: a pub game of Anna and Ben, turn by turn, into the book.
    new_pub_game(page, ["Anna", "Ben"])
    for i, (_, dice) in enumerate(turns(["Anna", "Ben"]), start=1):
        enter_turn(page, dice)
        expect(page.locator(".pub-bar")).to_have_attribute("data-entries", str(i))
    page.get_by_role("link", name="Into the book of Kegelclub").click()
    page.get_by_role("button", name="Pub game: Anna, Ben: into the book").click()
    expect(page.locator("#club-said")).to_have_text("The pub game is in the book.")

    # The connection is cut. Who came, three fines, a payment, a game by its loser.
    ctx.set_offline(True)
    page.goto(f"{server.url}/club/{slug}")  # from the service worker's cache
    expect(page.locator("#net-status")).to_have_text("Offline · 0 entries waiting")
    page.get_by_role("button", name="+ Frieda").click()
    expect(page.locator("#club-said")).to_contain_text("Kept on this phone")
    expect(page.locator("#club-came")).to_contain_text("Came (6)")
    for member, fine, count in (("Ben", "Spinksen", 1), ("Cem", "Würfel vom Tisch", 2),
                                ("Dora", "Handy am Tisch", 1)):  # fmt: skip
        page.locator("#club-fine-members").get_by_role("button", name=member, exact=True).click()
        for _ in range(count - 1):
            page.get_by_role("button", name="One time more").click()
        page.locator("#club-fine").get_by_role("button", name=re.compile(fine)).click()
        expect(page.locator("#club-said")).to_contain_text(f"{member}: {fine} × {count}")
    page.get_by_role("button", name="Pay: Ben").click()
    # What Ben owes: his lost game (1.50) and the fine waiting on this phone (1.00).
    expect(page.locator("#club-payment-amount")).to_have_value("2.50")
    page.locator("#club-payment").get_by_role("button", name="Book the payment").click()
    expect(page.locator("#club-said")).to_contain_text("Ben paid €2.50.")
    page.get_by_role("button", name="Just the loser").click()
    page.get_by_role("button", name="Cem lost").click()
    expect(page.locator("#club-games-tonight li")).to_have_count(2)
    expect(page.locator("#club-games-tonight li").nth(1)).to_contain_text("Cem lost · waiting")
    expect(page.locator("#net-status")).to_have_text("Offline · 6 entries waiting")
    # A second pub game, made and played turn by turn without a signal; a reload half way.
    new_pub_game(page, ["Ben", "Cem"])
    expect(page.locator("#pub-turn-title")).to_have_text("No signal: the turns wait on this phone")
    game = turns(["Ben", "Cem"])
    for i, (seat, dice) in enumerate(game):
        if i == 4:
            page.reload()
            expect(page.locator("#pub-waiting li")).to_have_count(5)
        enter_turn(page, dice, seat)
        expect(page.locator("#pub-waiting li")).to_have_count(i + 2)
    expect(page.locator("#net-status")).to_have_text(f"Offline · {7 + len(game)} entries waiting")
    assert axe(page) == []
    # The tab closed, a new one opened: the book as last seen, the entries on it, the queue.
    page.close()
    page = ctx.new_page()
    errors += watch(page)
    page.goto(f"{server.url}/club/{slug}")
    expect(page.locator("#club-said")).to_have_text(
        "No signal: the book as this phone last saw it."
    )
    expect(page.locator("#club-queue-list li")).to_have_count(7)
    expect(page.locator("#club-queue-list li").last).to_have_text(
        f"A pub game: {1 + len(game)} entries waiting for the referee"
    )
    expect(page.locator("#club-totals-table")).to_contain_text("Ben")
    with ClubBook(server.db) as book:
        assert len(book.games(slug)) == 1 and book.ledger(slug) == [
            x for x in book.ledger(slug) if x["item"] == "game_lost"
        ]

    # Meanwhile a second phone enters for the same evening.
    other = second_phone(browser, server, slug, secret)

    # The connection is back: everything is sent; two entries are held for the treasurer.
    ctx.set_offline(False)
    expect(page.locator("#net-status")).to_have_text(
        "Online · 0 entries waiting · 2 to settle", timeout=30_000
    )
    held = page.locator("#club-queue-list li.held")
    expect(held).to_have_count(2)
    assert axe(page) == []
    expect(held.nth(0)).to_contain_text("Dora: Handy am Tisch × 1")
    on = today()
    expect(held.nth(0)).to_contain_text(
        f"Dora left the club on {on:%a}, {on:%b} {on.day}, {on.year}"
    )
    expect(held.nth(1)).to_contain_text("Game: Cem lost")
    expect(held.nth(1)).to_contain_text("perhaps the same game twice")
    # Dora was there tonight: her fine stands. Cem's game is the other phone's: discarded.
    held.nth(0).get_by_role("button", name="Book anyway").click()
    expect(page.locator("#net-status")).to_have_text("Online · 0 entries waiting · 1 to settle")
    page.locator("#club-queue-list li.held").get_by_role("button", name="Discard").click()
    expect(page.locator("#net-status")).to_have_text("Online · 0 entries waiting")
    expect(page.locator("#club-queue")).to_have_count(0)
    expect(page.locator("#club-games-tonight li")).to_have_count(3)

    with ClubBook(server.db) as book:
        games = book.games(slug)
        assert [(g["number"], g["source"], g["loser"]) for g in games] == [
            (1, "pub", "Ben"),
            (2, "loser", "Cem"),
            (3, "pub", "Cem"),
        ]
        assert book.evening(slug, date)["present"] == MEMBERS
        charges = sorted(
            (x["member"], x["text"], x["cents"]) for x in book.ledger(slug) if x["item"] == "charge"
        )
        assert charges == [
            ("Anna", "Zu oft gewürfelt", 50),
            ("Ben", "Spinksen", 100),
            ("Cem", "Würfel vom Tisch × 2", 100),
            ("Dora", "Handy am Tisch", 100),
        ]
        payments = sorted(
            (x["member"], -x["cents"]) for x in book.ledger(slug) if x["item"] == "payment"
        )
        assert payments == [("Ben", 250), ("Emil", 200)]
    other.close()
    ctx.close()
    assert errors == []


def test_a_turn_the_referee_refuses_is_held_and_the_rest_wait_behind_it(
    browser: Browser, server: Server
) -> None:
    """A pub game entered offline with a turn given to the wrong player: when the signal
    returns the referee refuses it, the turns after it wait, the game is shown as the referee
    has it; the refused turn discarded, the rest is sent and the game goes on."""
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server.url}/pub")
    ready_offline(page)
    ctx.set_offline(True)
    page.locator("#player-1").fill("Anna")
    page.locator("#player-2").fill("Ben")
    page.locator("details summary").click()
    page.locator("#house").fill(HOUSE)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#pub-turn-title")).to_have_text("No signal: the turns wait on this phone")
    game = turns(["Anna", "Ben"])
    for n, (seat, dice) in enumerate([game[0], (0, (5, 5, 5)), game[1]], start=2):
        enter_turn(page, dice, seat)  # the second: Anna again, but it is Ben's turn
        expect(page.locator("#pub-waiting li")).to_have_count(n)
    ctx.set_offline(False)
    expect(page.locator("#net-status")).to_have_text(
        "Online · 1 entry waiting · 1 to settle", timeout=30_000
    )
    # With a signal the game is shown as the referee has it (Ben's turn), the held turn and
    # the one behind it listed: the scorer can go on from the game as it is.
    expect(page.locator("#pub-turn-title")).to_have_text("Ben's turn")
    held = page.locator("#pub-waiting li.held")
    expect(held).to_contain_text("Anna: 5-5-5, throws: 1")
    expect(held).to_contain_text("Refused by the referee:")
    expect(held).to_contain_text("Ben")
    held.get_by_role("button", name="Discard").click()
    expect(page.locator("#net-status")).to_have_text("Online · 0 entries waiting")
    expect(page.locator("#pub-standing")).to_be_visible()
    pub_id = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"localStorage.getItem('schocken:pub:{pub_id}')")
    view: dict[str, Any] = page.request.get(
        f"{server.url}/api/pub/{pub_id}?lang=en", headers={"x-pub-token": token}
    ).json()
    assert view["entries"] == 2
    ctx.close()
    assert errors == []


def test_a_fine_for_a_member_renamed_meanwhile_is_booked_on_her_once(
    browser: Browser, server: Server
) -> None:
    """Issue 34, item 3: a fine made offline for Dora, renamed Dorothea meanwhile on another
    device, is held with her new name and booked on her at a tap (no guest beside her); a
    fine for Emil, who left meanwhile, says the day in the reader's format."""
    slug, secret = small_club(server, "Kegelclub", MEMBERS)
    day = today()
    with ClubBook(server.db) as book:
        book.add_evening(slug, day.isoformat(), present=MEMBERS)
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server.url}/club/{slug}#{secret}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    ready_offline(page)
    ctx.set_offline(True)
    for member, fine in (("Dora", "Handy am Tisch"), ("Emil", "Spinksen")):
        page.locator("#club-fine-members").get_by_role("button", name=member, exact=True).click()
        page.locator("#club-fine").get_by_role("button", name=re.compile(fine)).click()
        expect(page.locator("#club-said")).to_contain_text(f"{member}: {fine} × 1")
    expect(page.locator("#net-status")).to_have_text("Offline · 2 entries waiting")
    # Meanwhile, on another device: Dora is renamed, Emil leaves the club today.
    with ClubBook(server.db) as book:
        book.rename_member(slug, "Dora", "Dorothea")
        book.member_leaves(slug, "Emil", day.isoformat())

    ctx.set_offline(False)
    expect(page.locator("#net-status")).to_have_text(
        "Online · 0 entries waiting · 2 to settle", timeout=30_000
    )
    held = page.locator("#club-queue-list li.held")
    expect(held.nth(0)).to_contain_text(
        "Dora: Handy am Tisch × 1 Not booked: Dora is called Dorothea now (renamed on another "
        "device)."
    )
    expect(held.nth(0).get_by_role("button", name=re.compile("guest"))).to_have_count(0)
    # The day as an English reader writes it, not 2026-12-02.
    expect(held.nth(1)).to_contain_text(
        f"Emil left the club on {day:%a}, {day:%b} {day.day}, {day.year} (entered on another"
    )
    assert axe(page) == []
    held.nth(0).get_by_role("button", name="Book on Dorothea").click()
    expect(page.locator("#net-status")).to_have_text("Online · 0 entries waiting · 1 to settle")
    expect(held).to_have_count(1)
    held.get_by_role("button", name="Book anyway").click()
    expect(page.locator("#net-status")).to_have_text("Online · 0 entries waiting")
    with ClubBook(server.db) as book:
        assert [(m["name"], m["guest"]) for m in book.members(slug)] == [
            (n if n != "Dora" else "Dorothea", False) for n in MEMBERS
        ]
        charges = [(x["member"], x["text"]) for x in book.ledger(slug) if x["item"] == "charge"]
        assert charges == [("Dorothea", "Handy am Tisch"), ("Emil", "Spinksen")]
        assert book.balance(slug, "Dorothea")["balance"] == 100
    ctx.close()
    assert errors == []
