"""The Schockbuch in the browser (issue 14): a club made on a phone, members, an evening, a game
entered by its loser, a price, the ledger and balances, the statistics page; another club's page
refused. Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

import test_server_pub
from schocken.club import ClubBook
from server_helpers import Server, running

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3") as s:
        yield s


def said(page: Page, text: str | re.Pattern[str]) -> None:
    expect(page.locator("#club-said")).to_have_text(text)


def is_open(page: Page) -> None:
    """The club's book is shown (its views' tabs)."""
    expect(page.locator("#club-app .club-tabs")).to_be_visible()


def open_part(page: Page, view: str, part: str) -> None:
    """Go to a view by its tab, and open one of its parts (a button that shows it)."""
    page.locator(f"#club-tab-{view}").click()
    button = page.locator("button.club-fold-button", has_text=part)
    if button.get_attribute("aria-expanded") != "true":
        button.click()
    expect(button).to_have_attribute("aria-expanded", "true")


def test_a_club_on_a_phone_from_members_to_statistics(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    ctx = browser.new_context(locale="en-US", accept_downloads=True, **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.click("text=A club? Keep its Schockbuch")
    expect(page).to_have_url(re.compile(r"/club$"))
    page.get_by_role("heading", name="A new club").wait_for()
    page.locator("#club-create").get_by_label("The club's name").fill("Stammtisch Krone")
    page.locator("#club-create").get_by_label("Password").fill("geheim-passwort")
    page.click("text=Create the club")
    expect(page).to_have_url(re.compile(r"/club/stammtisch-krone$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Stammtisch Krone")
    link = page.locator("#club-secret-input").input_value()
    assert re.search(r"/club/stammtisch-krone#\S{20,}$", link)
    page.get_by_role("button", name="Done").click()
    page.get_by_role("link", name="Members").click()
    expect(page).to_have_url(re.compile(r"/club/stammtisch-krone/members$"))
    for name in ("Anna", "Ben", "Cem"):
        page.get_by_label("New member", exact=True).fill(name)
        page.click("text=Add the member")
        said(page, f"{name} is a member now.")
    expect(page.locator("#club-members li")).to_have_count(3)
    # An evening entered afterwards: its date, the place, who came.
    page.get_by_role("link", name="Tonight").click()
    start = page.locator("#club-start")
    start.get_by_label("Date").fill("2026-11-20")
    start.get_by_label("Place").fill("Krone")
    for name in ("Anna", "Ben", "Cem"):
        start.get_by_role("button", name=name, exact=True).click()
    start.get_by_role("button", name="Start the evening").click()
    said(page, "The evening of Fri, Nov 20, 2026 has begun: 3 came.")
    expect(page).to_have_url(re.compile(r"/club/stammtisch-krone\?evening=2026-11-20$"))
    expect(page.locator("#club-tonight-h")).to_have_text("Evening of Fri, Nov 20, 2026")
    expect(page.locator("#club-came")).to_have_text("Came (3): Anna, Ben, Cem")
    page.get_by_role("button", name="Just the loser").click()
    page.get_by_role("button", name="Ben lost").click()
    said(page, "Game added: Ben lost.")
    expect(page.locator("#club-games-tonight li")).to_have_text(["Game 1: Ben lost"])
    open_part(page, "settings", "The price list")
    form = page.locator("#club-set-price")
    form.get_by_label("What").select_option("game_lost")
    form.get_by_label("Amount").fill("1,50")
    form.get_by_role("button", name="Set the price").click()
    said(page, "Game lost: €1.50.")
    page.get_by_role("link", name="Money").click()
    page.locator("#club-balances").get_by_role("button", name="Ben").click()
    said(page, "Ledger of Ben: owes €1.50.")
    form = page.locator("#club-payment")
    expect(form.get_by_label("Amount")).to_have_value("1.50")  # what Ben owes
    form.get_by_label("Amount").fill("1")
    form.get_by_role("button", name="Book the payment").click()
    said(page, "Ben paid €1.00.")
    balances = page.locator("#club-balances tbody tr")
    expect(balances).to_have_count(3)
    expect(balances.nth(1)).to_have_text(re.compile(r"Ben\s*€1\.50\s*€1\.00\s*€0\.50"))
    expect(balances.nth(0)).to_have_text(re.compile(r"Anna\s*€0\.00\s*€0\.00\s*€0\.00"))
    ledger = page.locator("#club-ledger tbody tr")  # Ben's, newest first
    expect(ledger).to_have_count(2)
    expect(ledger.nth(0)).to_contain_text("Payment")
    expect(ledger.nth(1)).to_contain_text("Game lost (game 1)")
    open_part(page, "settings", "Export, import and the change log")
    with page.expect_download() as download:
        page.locator(".club-csv button").first.click()
    saved = tmp_path / "ledger.csv"
    download.value.save_as(saved)
    assert "Ben" in saved.read_text(encoding="utf-8")
    # the page's sums are the book's own
    with ClubBook(server.db) as book:
        assert [b["balance"] for b in book.balances("stammtisch-krone")] == [0, 50, 0]
    # the page fits the phone: nothing wider than the screen
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.get_by_role("link", name="Statistics").click()
    expect(page).to_have_url(re.compile(r"/club/stammtisch-krone/stats$"))
    expect(page.get_by_role("heading", level=2).first).to_have_text(
        "Statistics of Stammtisch Krone"
    )
    rows = page.locator("#club-stats tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_contain_text("Ben")
    expect(rows.nth(1).locator("td").nth(1)).to_have_text("1")
    expect(rows.nth(1).locator("td").nth(2)).to_have_text("100%")  # the catalogue's percent
    expect(page.locator("#club-chart rect")).to_have_count(3)
    # a reload keeps the club open (the session is kept), also on the statistics page
    page.reload()
    expect(page.locator("#club-stats tbody tr")).to_have_count(3)
    assert errors == []
    ctx.close()


def test_a_foreign_clubs_page_is_refused(browser: Browser, server: Server) -> None:
    ours = server.post("/api/clubs", {"name": "Unser Verein"}).json()
    theirs = server.post("/api/clubs", {"name": "Anderer Verein", "password": "anderes-pw"}).json()
    server.post("/api/clubs/anderer-verein/members", {"session": theirs["session"], "name": "Zoe"})
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    # our club by its secret link: open
    page.goto(f"{server.url}/club/{ours['club']['slug']}#{ours['secret']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Unser Verein")
    assert "#" not in page.url  # the secret leaves the address
    # their club: refused, nothing of it shown, a password asked for
    page.goto(f"{server.url}/club/anderer-verein")
    expect(page.locator("main [role=alert]")).to_contain_text(
        "Dieser Verein ist für dich nicht offen."
    )
    expect(page.locator("body")).not_to_contain_text("Zoe")
    page.goto("about:blank")  # a new load, not only a new fragment
    page.goto(f"{server.url}/club/anderer-verein#{ours['secret']}")
    expect(page.locator("main [role=alert]")).to_contain_text(
        "Dieser Verein ist für dich nicht offen."
    )
    page.get_by_label("Passwort").fill("falsches-pw")
    page.get_by_role("button", name="Verein öffnen").click()
    expect(page.locator("main [role=alert]")).to_contain_text("das Passwort passt nicht")
    expect(page.locator("body")).not_to_contain_text("Zoe")
    # their password opens it
    page.get_by_label("Passwort").fill("anderes-pw")
    page.get_by_role("button", name="Verein öffnen").click()
    expect(page.locator("#club-start")).to_contain_text("Zoe")
    ctx.close()


def test_a_treasurers_corrections_ledger_export_and_log_on_a_phone(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    made = server.post("/api/clubs", {"name": "Kegelclub", "password": "kegel-passwort"}).json()
    slug, session = made["club"]["slug"], made["session"]
    for name in ("Anna", "Ben", "Cem"):
        server.post(f"/api/clubs/{slug}/members", {"session": session, "name": name})
    server.post(
        f"/api/clubs/{slug}/evenings",
        {"session": session, "date": "2026-11-20", "present": ["Anna", "Ben", "Cem"]},
    )
    for loser in ("Ben", "Anna"):
        body = {"session": session, "date": "2026-11-20", "loser": loser}
        assert server.post(f"/api/clubs/{slug}/games", body).is_success
    server.post(
        f"/api/clubs/{slug}/prices", {"session": session, "item": "game_lost", "cents": 100}
    )
    ctx = browser.new_context(locale="en-US", accept_downloads=True, **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/club/{slug}/members#{made['secret']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    members = page.locator("#club-members > li")

    page.get_by_role("button", name="Change Ben").click()
    form = page.locator("#club-rename")
    form.get_by_label("New name").fill("Benno")
    form.get_by_role("button", name="Rename").click()
    said(page, "Ben is now Benno.")
    expect(members.nth(1)).to_contain_text("Benno")
    # a refused entry says why and changes nothing
    page.get_by_role("button", name="Change Anna").click()
    form = page.locator("#club-rename")
    form.get_by_label("New name").fill("benno")
    form.get_by_role("button", name="Rename").click()
    expect(page.locator("#club-error")).to_contain_text("already")
    expect(members.nth(0)).to_contain_text("Anna")

    page.get_by_role("button", name="Change Cem").click()
    form = page.locator("#club-leave")
    form.get_by_label("Leaves on").fill("2026-12-31")
    form.get_by_role("button", name="Record the leaving").click()
    said(page, "Cem left on 2026-12-31.")
    expect(members.nth(2)).to_contain_text("Cem (left Thu, Dec 31, 2026)")

    page.get_by_role("link", name="Money").click()
    balances = page.locator("#club-balances tbody tr")
    expect(balances.nth(1)).to_have_text(re.compile(r"^Benno\s*€1\.00"))
    page.locator("#club-balances").get_by_role("button", name="Anna").click()
    page.get_by_role("button", name="A fine or correction by hand").click()
    form = page.locator("#club-charge")
    form.get_by_label("Amount").fill("0,50")
    form.get_by_label("Reason").fill("Würfel vom Tisch")
    form.get_by_role("button", name="Book the charge").click()
    said(page, "Anna charged €0.50: Würfel vom Tisch.")
    expect(balances.nth(0)).to_have_text(re.compile(r"^Anna\s*€1\.50"))
    ledger = page.locator("#club-ledger tbody tr")  # Anna's, newest first
    expect(ledger).to_have_count(2)
    expect(ledger.nth(0)).to_contain_text("Charge: Würfel vom Tisch")

    page.goto(f"{server.url}/club/{slug}?evening=2026-11-20")
    page.get_by_role("button", name="Strike out a game").click()
    form = page.locator("#club-void")
    form.get_by_label("Game").select_option(label="2026-11-20, game 1 (Benno lost)")
    form.get_by_label("Reason").fill("doppelt eingetragen")
    form.get_by_role("button", name="Strike out").click()
    said(page, "Game 1 of 2026-11-20 struck out: doppelt eingetragen.")
    games = page.locator("#club-games-tonight li")
    expect(games.nth(0)).to_contain_text("struck out: doppelt eingetragen")
    expect(page.locator("#club-games-part-h")).to_have_text("Games (1)")  # the one that counts
    expect(page.locator("#club-void option")).to_have_count(1)
    page.get_by_role("link", name="Money").click()
    expect(balances.nth(1)).to_have_text(re.compile(r"^Benno\s*€0\.00"))

    open_part(page, "settings", "Export, import and the change log")
    with page.expect_download() as download:
        page.locator(".club-csv button[data-kind=stats]").click()
    assert download.value.suggested_filename == "kegelclub-stats.csv"
    csv_file = tmp_path / "stats.csv"
    download.value.save_as(csv_file)
    assert "Anna" in csv_file.read_text(encoding="utf-8")
    with page.expect_download() as download:
        page.click("#club-export")
    said(page, "The club's file is downloaded.")
    exported = tmp_path / "club.json"
    download.value.save_as(exported)
    with ClubBook(server.db) as book:
        assert exported.read_text(encoding="utf-8") == book.export_club(slug)
        entries = len(book.log(slug))

    page.click("#club-log-show")
    said(page, f"The change log: {entries} entries.")
    log = page.locator("#club-log tbody tr")
    expect(log).to_have_count(entries)
    expect(log.nth(0)).to_contain_text("Club created")
    expect(log.last).to_contain_text("Game struck out")
    expect(log.last).to_contain_text("reason: doppelt eingetragen")
    expect(log.nth(entries - 2)).to_contain_text("cents: €0.50")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    assert errors == []
    ctx.close()


def test_a_club_is_imported_from_its_file_and_a_bad_file_refused(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    with ClubBook(tmp_path / "elsewhere.sqlite3") as book:
        _, secret = book.create_club("Alte Runde")
        book.add_member("Alte Runde", "Zoe")
        book.add_member("Alte Runde", "Yann")
        book.add_evening("Alte Runde", "2005-03-04", present=["Zoe", "Yann"])
        book.add_game("Alte Runde", "2005-03-04", loser="Yann")
        exported = book.export_club("Alte Runde")
    good = tmp_path / "alte-runde.json"
    good.write_text(exported, encoding="utf-8")
    bad = tmp_path / "kaputt.json"
    bad.write_text(exported[: len(exported) // 2], encoding="utf-8")
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    page.goto(server.url + "/club")
    form = page.locator("#club-import")
    form.get_by_label("Export des Vereins (JSON)").set_input_files(bad)
    form.get_by_role("button", name="Verein importieren").click()
    expect(page.locator("main [role=alert]")).to_contain_text("kein gültiges JSON")
    with ClubBook(server.db) as book:
        assert book.clubs() == []
    form.get_by_label("Export des Vereins (JSON)").set_input_files(good)
    form.get_by_role("button", name="Verein importieren").click()
    expect(page).to_have_url(re.compile(r"/club/alte-runde$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Alte Runde")
    said(page, "Verein Alte Runde importiert.")
    expect(page.locator("#club-evening-list li")).to_have_text(["2005-03-04, –: 2 da, 1 Spiel"])
    page.reload()  # the session opens it again
    page.locator("#club-evening-list a").click()
    expect(page.locator("#club-games-tonight li")).to_have_text(["Spiel 1: Yann hat verloren"])
    with ClubBook(server.db) as book:
        assert book.export_club("alte-runde") == exported
        assert book.check_access("alte-runde", secret=secret)["name"] == "Alte Runde"
    ctx.close()


def test_a_pub_game_of_this_phone_goes_into_the_book(browser: Browser, server: Server) -> None:
    pub = test_server_pub.create(server)
    made = server.post("/api/clubs", {"name": "Kneipenrunde", "password": "kneipen-pw"}).json()
    slug, session = made["club"]["slug"], made["session"]
    for name in ("Anna", "Ben"):
        server.post(f"/api/clubs/{slug}/members", {"session": session, "name": name})
    server.post(f"/api/clubs/{slug}/evenings", {"session": session, "date": "2026-11-20"})
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # Without a pub game on this phone, none is offered.
    page.goto(f"{server.url}/club/{slug}?evening=2026-11-20#{made['secret']}")
    expect(page.locator("#club-games-part-h")).to_have_text("Spiele (0)")
    expect(page.locator("#club-ready li")).to_have_count(0)
    # The pub game was entered on this phone: pub mode keeps its token here. Still being played:
    # offered to go on entering it.
    page.evaluate(f"localStorage.setItem('schocken:pub:{pub['id']}', '{pub['token']}')")
    page.reload()
    ready = page.locator("#club-ready li")
    expect(ready).to_have_text(["Kneipenspiel: Anna, Ben (läuft noch) Weiter eintragen"])
    test_server_pub.play_out(server, pub["id"], pub["token"], pub)
    page.reload()
    expect(ready).to_have_text(["Kneipenspiel: Anna, Ben Ins Buch"])
    page.get_by_role("button", name="Kneipenspiel: Anna, Ben: ins Buch").click()
    said(page, "Das Kneipenspiel steht im Buch.")
    expect(page.locator("#club-games-tonight li")).to_have_text(
        ["Spiel 1: Anna hat verloren · Kneipenmodus"]
    )
    expect(ready).to_have_count(0)
    assert errors == []
    ctx.close()


def club_with_an_evening(server: Server, name: str, password: str | None = None) -> dict[str, Any]:
    """A club made through the API: Anna, Ben and Cem, an evening on 2026-11-20 Anna came to."""
    made: dict[str, Any] = server.post("/api/clubs", {"name": name, "password": password}).json()
    slug, session = made["club"]["slug"], made["session"]
    for member in ("Anna", "Ben", "Cem"):
        server.post(f"/api/clubs/{slug}/members", {"session": session, "name": member})
    body = {"session": session, "date": "2026-11-20", "present": ["Anna"]}
    assert server.post(f"/api/clubs/{slug}/evenings", body).is_success
    return made


def test_who_came_is_marked_after_the_evening_on_a_phone(browser: Browser, server: Server) -> None:
    made = club_with_an_evening(server, "Kegelclub")
    slug = made["club"]["slug"]
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/club/{slug}?evening=2026-11-20#{made['secret']}")
    came = page.locator("#club-present button")
    expect(came).to_have_text(["+ Ben", "+ Cem"])  # Anna is marked already
    page.get_by_role("button", name="+ Cem").click()
    said(page, "Am 2026-11-20 als anwesend eingetragen: Cem.")
    expect(page.locator("#club-came")).to_have_text("Da (2): Anna, Cem")
    expect(came).to_have_text(["+ Ben"])
    # Ben was renamed in another browser meanwhile: the book refuses his old name, and says
    # his name now (issue 34, item 3)
    body = {"session": made["session"], "name": "Ben", "new_name": "Benno"}
    assert server.post(f"/api/clubs/{slug}/members/rename", body).is_success
    page.get_by_role("button", name="+ Ben").click()
    expect(page.locator("#club-error")).to_have_text(
        "„Ben“ ist jetzt kein Name eines Mitglieds: das Mitglied heißt jetzt „Benno“"
    )
    with ClubBook(server.db) as book:
        assert book.evening(slug, "2026-11-20")["present"] == ["Anna", "Cem"]
    page.reload()
    page.get_by_role("button", name="+ Benno").click()
    said(page, "Am 2026-11-20 als anwesend eingetragen: Benno.")
    expect(page.locator("#club-came")).to_have_text("Da (3): Anna, Benno, Cem")
    expect(came).to_have_count(0)
    with ClubBook(server.db) as book:
        assert book.evening(slug, "2026-11-20")["present"] == ["Anna", "Benno", "Cem"]
    assert errors == []
    ctx.close()


def test_the_season_start_is_set_on_a_phone(browser: Browser, server: Server) -> None:
    made = club_with_an_evening(server, "Kegelclub")
    slug = made["club"]["slug"]
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/club/{slug}#{made['secret']}")
    open_part(page, "settings", "Seasons")
    form = page.locator("#club-season-start")
    field = form.get_by_label("Seasons begin on (MM-DD)")
    expect(field).to_have_value("01-01")
    field.fill("13-01")
    form.get_by_role("button", name="Set the season start").click()
    expect(page.locator("#club-error")).to_have_text("a season cannot start on 13-01: no such day")
    with ClubBook(server.db) as book:
        assert book.club(slug)["season_start"] == "01-01"
    field.fill("09-01")
    form.get_by_role("button", name="Set the season start").click()
    said(page, "Seasons now begin on 09-01.")
    expect(page.locator("#club-error")).to_have_text("")
    expect(page.locator("#club-season-start").get_by_label("Seasons begin on")).to_have_value(
        "09-01"
    )
    with ClubBook(server.db) as book:
        assert book.club(slug)["season_start"] == "09-01"
    page.get_by_role("link", name="Statistics").click()
    expect(page.locator("#club-season option")).to_have_text(["All seasons", "2026/27"])
    assert errors == []
    ctx.close()


def test_a_new_secret_link_on_a_phone_other_browsers_open_again(
    browser: Browser, server: Server
) -> None:
    made = club_with_an_evening(server, "Kegelclub")
    slug, old_secret = made["club"]["slug"], made["secret"]
    ours = browser.new_context(locale="en-US", **PHONE)
    theirs = browser.new_context(locale="en-US", **PHONE)
    page, other = ours.new_page(), theirs.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for p in (page, other):
        p.goto(f"{server.url}/club/{slug}#{old_secret}")
        expect(p.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    old_session = page.evaluate(f"JSON.parse(localStorage.getItem('schocken:club:{slug}')).session")
    open_part(page, "settings", "The club's secret link")
    expect(page.locator("#club-link-input")).to_have_value(
        re.compile(rf"/club/{slug}#{re.escape(old_secret)}$")
    )
    form = page.locator("#club-new-secret")
    form.get_by_label("Yes, the old link is to stop working").check()
    form.get_by_role("button", name="Make a new secret link").click()
    said(page, "A new secret link is made; the old one no longer opens the club.")
    link = page.locator("#club-link-input").input_value()
    match = re.search(rf"/club/{slug}#(\S{{20,}})$", link)
    assert match is not None
    new_secret = match.group(1)
    assert new_secret != old_secret
    expect(page.locator("#club-link-input")).to_be_focused()
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('schocken:club:{slug}'))")
    assert kept["secret"] == new_secret and kept["session"] != old_session
    r = httpx.get(f"{server.url}/api/clubs/{slug}", headers={"x-club-session": old_session})
    assert r.status_code == 403
    page.reload()  # this phone keeps the club open, and shows its new link again
    is_open(page)
    expect(page.locator("#club-link-input")).to_have_value(link)
    # the other browser's session and link are ended: it must open the club again
    other.reload()
    expect(other.locator("main [role=alert]")).to_contain_text("This club is not open to you.")
    expect(other.locator("body")).not_to_contain_text("Anna")
    other.goto("about:blank")
    other.goto(f"{server.url}/club/{slug}#{new_secret}")
    is_open(other)
    with ClubBook(server.db) as book:
        assert book.check_access(slug, secret=new_secret)["slug"] == slug
    assert errors == []
    ours.close()
    theirs.close()


def kept_session(page: Page, slug: str) -> Any:
    return page.evaluate(f"JSON.parse(localStorage.getItem('schocken:club:{slug}')).session")


def test_the_password_is_set_and_removed_on_a_phone(browser: Browser, server: Server) -> None:
    made = club_with_an_evening(server, "Kegelclub")
    slug = made["club"]["slug"]
    ours, by_link, by_password = (browser.new_context(locale="de-DE", **PHONE) for _ in range(3))
    page, linked = ours.new_page(), by_link.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for p in (page, linked):
        p.goto(f"{server.url}/club/{slug}#{made['secret']}")
        expect(p.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    linked_session = kept_session(linked, slug)
    open_part(page, "settings", "Das Passwort des Vereins")
    form = page.locator("#club-set-password")
    expect(form.locator("#club-password-state")).to_have_text(
        "Der Verein hat kein Passwort; sein geheimer Link öffnet ihn."
    )
    expect(page.locator("#club-password-remove")).to_have_count(0)
    form.get_by_label("Neues Passwort").fill("kurz")
    form.get_by_role("button", name="Passwort setzen").click()
    expect(page.locator("#club-error")).to_have_text(
        "das Passwort eines Vereins hat mindestens 8 Zeichen"
    )
    with ClubBook(server.db) as book:
        assert not book.club(slug)["has_password"]
        assert book.session_club(linked_session) == slug  # nothing ended
    form.get_by_label("Neues Passwort").fill("kegel-passwort")
    form.get_by_role("button", name="Passwort setzen").click()
    said(page, "Das Passwort ist gesetzt; andere Browser müssen den Verein neu öffnen.")
    expect(page.locator("#club-password-state")).to_have_text("Der Verein hat ein Passwort.")
    r = httpx.get(f"{server.url}/api/clubs/{slug}", headers={"x-club-session": linked_session})
    assert r.status_code == 403  # the other phone's session is ended
    linked.reload()  # it opens the club again by the secret link it kept
    is_open(linked)
    assert kept_session(linked, slug) != linked_session
    # a third phone opens the club by the new password
    third = by_password.new_page()
    third.goto(server.url + "/club")
    third.locator("#club-open").get_by_label("Name des Vereins").fill("Kegelclub")
    third.locator("#club-open").get_by_label("Passwort").fill("kegel-passwort")
    third.locator("#club-open").get_by_role("button", name="Verein öffnen").click()
    is_open(third)
    page.reload()  # this phone keeps the club open
    open_part(page, "settings", "Das Passwort des Vereins")
    page.locator("#club-password-remove").click()
    said(page, "Das Passwort ist entfernt; nur noch der geheime Link öffnet den Verein.")
    expect(page.locator("#club-password-state")).to_contain_text("kein Passwort")
    expect(page.locator("#club-password-remove")).to_have_count(0)
    # the phone that opened it by the password must open it again, and cannot by that password
    third.reload()
    expect(third.locator("main [role=alert]")).to_contain_text("nicht offen")
    third.get_by_label("Passwort").fill("kegel-passwort")
    third.get_by_role("button", name="Verein öffnen").click()
    expect(third.locator("main [role=alert]")).to_contain_text("das Passwort passt nicht")
    expect(third.locator("body")).not_to_contain_text("Anna")
    with ClubBook(server.db) as book:
        assert not book.club(slug)["has_password"]
        assert book.session_club(kept_session(page, slug)) == slug
    assert errors == []
    for ctx in (ours, by_link, by_password):
        ctx.close()


def test_the_club_is_closed_on_this_phone(browser: Browser, server: Server) -> None:
    made = club_with_an_evening(server, "Kegelclub", password="kegel-passwort")
    slug = made["club"]["slug"]
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/club/{slug}#{made['secret']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    session = kept_session(page, slug)
    page.get_by_role("link", name="Settings").click()
    page.get_by_role("button", name="Close the club on this device").click()
    expect(page).to_have_url(re.compile(r"/club$"))
    said(page, "Kegelclub is closed on this device.")
    expect(page.locator("#club-open")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Anna")
    assert page.evaluate(f"localStorage.getItem('schocken:club:{slug}')") is None
    r = httpx.get(f"{server.url}/api/clubs/{slug}", headers={"x-club-session": session})
    assert r.status_code == 403  # the session no longer works
    with ClubBook(server.db) as book:
        assert book.session_club(session) is None
        assert book.session_club(made["session"]) == slug  # the club's other sessions go on
    # the club's page asks for the password again; the password opens it
    page.goto(f"{server.url}/club/{slug}")
    expect(page.locator("main [role=alert]")).to_contain_text("This club is not open to you.")
    page.get_by_label("Password").fill("kegel-passwort")
    page.get_by_role("button", name="Open the club").click()
    is_open(page)
    # opened by the password, this device does not know the secret link, and says so
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#club-link-unknown")).to_contain_text("does not know the secret link")
    expect(page.locator("#club-link-input")).to_have_count(0)
    assert errors == []
    ctx.close()


ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36"
)
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)


def test_a_phone_is_signed_out_from_another_one(browser: Browser, server: Server) -> None:
    made = club_with_an_evening(server, "Kegelclub", password="kegel-passwort")
    slug = made["club"]["slug"]
    ours = browser.new_context(locale="en-US", user_agent=ANDROID, **PHONE)
    lost = browser.new_context(locale="en-US", user_agent=IPHONE, **PHONE)
    page, theirs = ours.new_page(), lost.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    theirs.on("pageerror", lambda e: errors.append(str(e)))
    theirs.goto(f"{server.url}/club/{slug}")  # by the password: no link kept
    theirs.get_by_label("Password").fill("kegel-passwort")
    theirs.get_by_role("button", name="Open the club").click()
    is_open(theirs)
    lost_session = kept_session(theirs, slug)
    page.goto(f"{server.url}/club/{slug}#{made['secret']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    open_part(page, "settings", "Devices")
    page.get_by_role("button", name="Show devices").click()
    said(page, "3 devices have the club open.")
    devices = page.locator("#club-devices li")
    expect(devices).to_have_count(3)
    expect(devices.filter(has_text="this device")).to_contain_text("Chrome on Android")
    expect(devices.filter(has_text="unknown browser")).to_have_count(1)  # made by the test's API
    # this device has no sign-out button of its own (that is "Close the club on this device")
    expect(devices.filter(has_text="this device").get_by_role("button")).to_have_count(0)
    page.get_by_role("button", name=re.compile(r"^Sign out Safari on iPhone, opened ")).click()
    said(page, "Safari on iPhone is signed out.")
    expect(devices).to_have_count(2)
    expect(page.locator("#club-devices")).not_to_contain_text("iPhone")
    with ClubBook(server.db) as book:
        assert book.session_club(lost_session) is None
        assert book.session_club(made["session"]) == slug
    # the iPhone must open the club again; this phone's book stays open
    theirs.reload()
    expect(theirs.locator("main [role=alert]")).to_contain_text("This club is not open to you.")
    expect(theirs.locator("body")).not_to_contain_text("Anna")
    page.reload()
    is_open(page)
    assert errors == []
    ours.close()
    lost.close()


def test_the_kitty_pays_out_on_a_phone(browser: Browser, server: Server) -> None:
    made = club_with_an_evening(server, "Stammtisch Krone")
    slug, session = made["club"]["slug"], made["session"]
    for what, body in (
        ("prices", {"item": "game_lost", "cents": 150}),
        ("games", {"date": "2026-11-20", "loser": "Ben", "players": ["Anna", "Ben"]}),
        ("payments", {"member": "Anna", "cents": 3000, "date": "2026-11-20"}),
    ):
        assert server.post(f"/api/clubs/{slug}/{what}", {"session": session, **body}).is_success
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/club/{slug}/money#{made['secret']}")
    card = page.locator("#club-kitty-part")
    expect(card.get_by_role("heading", level=2)).to_have_text("Kasse")
    kitty = page.locator("#club-kitty tbody tr")
    expect(kitty).to_have_count(5)
    expect(kitty.nth(0)).to_have_text(re.compile(r"^Eingezahlt \(Zahlungen\)\s*30,00\s€$"))
    expect(kitty.nth(2)).to_have_text(re.compile(r"^In der Kasse\s*30,00\s€$"))
    expect(kitty.nth(3)).to_have_text(re.compile(r"^Der Kasse geschuldet.*1,50\s€$"))
    expect(page.locator("#club-no-expenses")).to_have_text("Noch keine Ausgaben.")
    page.get_by_role("button", name="Neue Ausgabe").click()
    form = page.locator("#club-expense")
    # Refused by the book, with its message; nothing booked.
    form.get_by_label("Betrag").fill("0")
    form.get_by_label("Wofür").fill("Bier")
    form.get_by_role("button", name="Ausgabe buchen").click()
    expect(page.locator("#club-error")).to_have_text("eine Ausgabe kann nicht 0 sein")
    form.get_by_label("Betrag").fill("5")
    form.get_by_label("Wofür").fill("   ")
    form.get_by_role("button", name="Ausgabe buchen").click()
    expect(page.locator("#club-error")).to_have_text(
        "der Zweck der Ausgabe muss angegeben werden (das Feld ist leer)"
    )
    with ClubBook(server.db) as book:
        assert book.expenses(slug) == []
        assert book.log(slug)[-1]["action"] == "paid"
    # The Christmas dinner, paid out by Anna.
    form.get_by_label("Betrag").fill("22,50")
    form.get_by_label("Wofür").fill("Weihnachtsessen")
    form.get_by_label("Datum").fill("2026-12-18")
    form.get_by_label("Ausgezahlt von").select_option("Anna")
    form.get_by_role("button", name="Ausgabe buchen").click()
    expect(page.locator("#club-said")).to_have_text(
        re.compile(
            r"^22,50\s€ aus der Kasse bezahlt für Weihnachtsessen; in der Kasse jetzt: 7,50\s€\.$"
        )
    )
    expect(page.locator("#club-error")).to_have_text("")
    rows = page.locator("#club-expenses tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_have_text(
        re.compile(r"^2026-12-18\s*Weihnachtsessen\s*Anna\s*22,50\s€$")
    )
    expect(kitty.nth(2)).to_have_text(re.compile(r"^In der Kasse\s*7,50\s€$"))
    # A correction: money back into the kitty, nobody named.
    form = page.locator("#club-expense")
    form.get_by_label("Betrag").fill("-2,50")
    form.get_by_label("Wofür").fill("Rechnung war zu hoch")
    form.get_by_label("Datum").fill("2026-12-19")
    form.get_by_role("button", name="Ausgabe buchen").click()
    expect(page.locator("#club-said")).to_have_text(re.compile(r"in der Kasse jetzt: 10,00\s€\.$"))
    expect(rows).to_have_count(2)  # the newest first
    expect(rows.nth(0)).to_have_text(
        re.compile(r"^2026-12-19\s*Rechnung war zu hoch\s*–\s*-2,50\s€$")
    )
    expect(kitty.nth(1)).to_have_text(re.compile(r"^Ausgegeben \(Ausgaben\)\s*20,00\s€$"))
    with ClubBook(server.db) as book:
        assert book.kitty(slug) == {
            "paid_in": 3000,
            "paid_out": 2000,
            "balance": 1000,
            "owed": 150,
            "credit": 3000,
        }
        assert [x["paid_by"] for x in book.expenses(slug)] == ["Anna", None]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.reload()
    expect(page.locator("#club-expenses tbody tr")).to_have_count(2)
    assert errors == []
    ctx.close()


def test_the_clubs_own_fines_are_kept_and_booked_on_a_phone(
    browser: Browser, server: Server
) -> None:
    made = club_with_an_evening(server, "Kegelclub")
    slug = made["club"]["slug"]
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/club/{slug}?evening=2026-11-20#{made['secret']}")
    part = page.locator("#club-fines")
    expect(part.get_by_role("heading", level=2)).to_have_text("Strafen")
    expect(part.locator("#club-fines-empty")).to_be_visible()
    part.get_by_role("link", name="Optionen").click()  # the catalogue is kept in Settings
    expect(page).to_have_url(re.compile(rf"/club/{slug}/settings$"))
    for fine, price in (("Würfel vom Tisch", "0,50"), ("Spinksen", "1")):
        form = page.locator("#club-set-fine-item")
        form.get_by_label("Strafe").fill(fine)
        form.get_by_label("Preis").fill(price)
        form.get_by_role("button", name="In den Katalog").click()
        said(page, f"{fine} kostet {price if ',' in price else price + ',00'} €.")
    rows = page.locator("#club-fine-items tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_have_text(re.compile(r"^Würfel vom Tisch\s*0,50\s€$"))
    # booked in a few taps: a member (Ben did not come: under "Weitere"), how often, the fine
    page.goto(f"{server.url}/club/{slug}?evening=2026-11-20")
    members = page.locator("#club-fine-members")
    expect(members.get_by_role("button")).to_have_text(["Anna", "Weitere …"])
    page.get_by_role("button", name="Würfel vom Tisch").click()
    expect(page.locator("#club-error")).to_have_text("Tippe erst ein Mitglied an, dann die Strafe.")
    members.get_by_role("button", name="Weitere …").click()
    members.get_by_role("button", name="Ben").click()
    expect(members.get_by_role("button", name="Ben")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#club-fine-what")).to_have_text(
        "Welche Strafe für Ben? Antippen bucht sie:"
    )
    page.get_by_role("button", name="Einmal mehr").click()
    expect(page.locator("#club-fine-count")).to_have_text("2")
    page.get_by_role("button", name="Würfel vom Tisch").click()
    said(page, "Ben: Würfel vom Tisch × 2, 1,00 €.")
    # the page is drawn anew: the keyboard stays on the fine, the message in sight at the top
    expect(page.get_by_role("button", name="Würfel vom Tisch")).to_be_focused()
    expect(page.locator("#club-fine-count")).to_have_text("1")
    assert page.locator("#club-status").evaluate("e => getComputedStyle(e).position") == "sticky"
    totals = page.locator("#club-totals-table tbody tr")
    expect(totals.filter(has_text="Ben")).to_have_text(re.compile(r"^Ben\s*1,00\s€\s*1,00\s€"))
    # a new price counts from now; a removed fine leaves what was booked
    open_part(page, "settings", "Der Strafenkatalog des Vereins")
    form = page.locator("#club-set-fine-item")
    form.get_by_label("Strafe").fill("würfel vom tisch")
    form.get_by_label("Preis").fill("0,70")
    form.get_by_role("button", name="In den Katalog").click()
    said(page, "würfel vom tisch kostet 0,70 €.")
    form = page.locator("#club-remove-fine-item")
    form.get_by_label("Strafe").select_option("Spinksen")
    form.get_by_role("button", name="Aus dem Katalog nehmen").click()
    said(page, "Spinksen ist aus dem Katalog.")
    expect(rows).to_have_count(1)
    page.get_by_role("link", name="Geld").click()
    page.locator("#club-balances").get_by_role("button", name="Ben").click()
    expect(page.locator("#club-balances tbody tr").nth(1)).to_have_text(
        re.compile(r"^Ben\s*1,00\s€")
    )
    expect(page.locator("#club-ledger")).to_contain_text("Würfel vom Tisch × 2")
    # a fine taken out of the catalogue on another phone meanwhile: refused, nothing booked
    page.goto(f"{server.url}/club/{slug}?evening=2026-11-20")
    page.locator("#club-fine-members").get_by_role("button", name="Anna").click()
    body = {"session": made["session"], "name": "würfel vom tisch"}
    assert server.post(f"/api/clubs/{slug}/fine-items/remove", body).is_success
    page.get_by_role("button", name="würfel vom tisch").click()
    expect(page.locator("#club-error")).to_contain_text("keine Strafe „würfel vom tisch“")
    with ClubBook(server.db) as book:
        assert book.fine_items(slug) == []
        assert [x["member"] for x in book.ledger(slug) if x["item"] == "charge"] == ["Ben"]
    assert errors == []
    ctx.close()


def test_a_member_pays_by_a_giro_code_on_a_phone(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    made = club_with_an_evening(server, "Kegelclub")
    slug, session = made["club"]["slug"], made["session"]
    for body in (
        {"item": "game_lost", "cents": 250},
        {"date": "2026-11-20", "loser": "Ben", "players": ["Anna", "Ben"]},
    ):
        path = "prices" if "item" in body else "games"
        assert server.post(f"/api/clubs/{slug}/{path}", {"session": session, **body}).is_success
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/club/{slug}#{made['secret']}")
    open_part(page, "settings", "Bankkonto (zahlen per QR-Code)")
    form = page.locator("#club-account")
    form.get_by_label("IBAN").fill("DE89 3704 0044 0532 0130 01")
    form.get_by_label("Kontoinhaber").fill("Kegelclub Krone")
    form.get_by_role("button", name="Konto speichern").click()
    expect(page.locator("#club-error")).to_contain_text("Prüfziffern passen nicht")
    # check digits that fit, but four characters short for Germany (ISO 13616)
    form.get_by_label("IBAN").fill("DE64 3704 0044 0532 01")
    form.get_by_role("button", name="Konto speichern").click()
    expect(page.locator("#club-error")).to_contain_text(
        "eine IBAN aus DE hat 22 Zeichen, diese hat 18"
    )
    form.get_by_label("IBAN").fill("DE89 3704 0044 0532 0130 00")
    # a right-to-left override in the holder's name: no banking app takes it (EPC069-12)
    form.get_by_label("Kontoinhaber").fill("Kegelclub \u202eenorK")
    form.get_by_role("button", name="Konto speichern").click()
    expect(page.locator("#club-error")).to_contain_text("Banking-Apps sie nehmen; nicht U+202E")
    with ClubBook(server.db) as book:
        assert book.account(slug) is None
    form.get_by_label("Kontoinhaber").fill("Kegelclub Krone")
    form.get_by_role("button", name="Konto speichern").click()
    said(page, "Zahlungen gehen an DE89370400440532013000.")
    page.get_by_role("link", name="Geld").click()
    page.locator("#club-balances").get_by_role("button", name="Ben").click()
    page.get_by_role("button", name="Per QR-Code zahlen").click()
    said(page, "Ben zahlt 2,50 €")
    code = page.get_by_role("img", name=re.compile("GiroCode: 2,50 € an DE89370400440532013000"))
    expect(code).to_be_visible()
    shot = tmp_path / "girocode.png"
    # in the middle of the screen: clear of the status line on top and the tab bar below
    code.evaluate("e => e.scrollIntoView({ block: 'center' })")
    code.screenshot(path=str(shot))
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sbinary", str(shot)],
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout.decode("utf-8")
    assert decoded.rstrip("\n").split("\n") == [
        "BCD", "002", "1", "SCT", "", "Kegelclub Krone", "DE89370400440532013000", "EUR2.50",
        "", "", "Schockbuch Kegelclub Ben",
    ]  # fmt: skip
    page.locator("#club-balances").get_by_role("button", name="Anna").click()
    expect(page.locator("#club-member-panel-h")).to_have_text("Anna schuldet 0,00 €")
    expect(page.get_by_role("button", name="Per QR-Code zahlen")).to_have_count(0)
    assert errors == []
    ctx.close()
    # In English: a country without IBANs is refused in words, the account kept.
    ctx = browser.new_context(locale="en-GB", **PHONE)
    page = ctx.new_page()
    page.goto(f"{server.url}/club/{slug}#{made['secret']}")
    open_part(page, "settings", "Bank account (pay by QR code)")
    form = page.locator("#club-account")
    form.get_by_label("IBAN").fill("XX46 3704 0044 0532 0130 00")
    form.get_by_role("button", name="Save the account").click()
    expect(page.locator("#club-error")).to_contain_text("XX is no country with IBANs")
    with ClubBook(server.db) as book:
        assert book.account(slug) == {
            "iban": "DE89370400440532013000", "holder": "Kegelclub Krone", "bic": ""
        }  # fmt: skip
    ctx.close()


def test_a_tournaments_games_say_where_they_came_from_and_the_statistics_fit_a_phone(
    browser: Browser, server: Server
) -> None:
    """Issue 34, item 4: a game a tournament booked says its tournament, round and table (a
    link to the tournament); at 390 px the statistics' caption is whole and a line says that
    the table scrolls sideways to its "95% interval"."""
    from schocken.tournament import TournamentBook
    from tournament_helpers import lost_by

    members = [f"Mitglied {i}" for i in range(1, 9)]
    with ClubBook(server.db) as book:
        info, secret = book.create_club("Kegelclub")
        slug = info["slug"]
        for name in members:
            book.add_member(slug, name)
    with TournamentBook(server.db) as cup:
        cup.create("Frühjahrscup", date="2026-03-07", club=slug, format="werl", seed="1")
        cup.register("Frühjahrscup", members)
        tables = cup.draw("Frühjahrscup")["tables"]
        for number, t in enumerate(tables, start=1):
            cup.enter("Frühjahrscup", 1, number, result=lost_by(t["players"], t["players"][1]))
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    page.goto(f"{server.url}/club/{slug}?evening=2026-03-07#{secret}")
    games = page.locator("#club-games-tonight li")
    expect(games).to_have_count(2)
    expect(games.nth(1)).to_have_text(
        f"Game 2: {tables[1]['players'][1]} lost · tournament Frühjahrscup, round 1, table 2"
    )
    link = games.nth(1).get_by_role("link", name="tournament Frühjahrscup, round 1, table 2")
    expect(link).to_have_attribute("href", f"/tournaments/{slug}/fruehjahrscup")

    page.get_by_role("link", name="Statistics").click()
    expect(page.locator("#club-stats tbody tr")).to_have_count(8)
    caption = page.locator("#club-stats-caption")
    expect(caption).to_have_text("Games lost, with the 95% interval of the share")
    expect(page.get_by_role("table", name="Games lost, with the 95% interval")).to_be_visible()
    box = caption.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    hint = page.locator("#club-stats-more")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("swipe it sideways")
    interval = page.get_by_role("columnheader", name="95% interval")
    right = "e => e.getBoundingClientRect().right"
    assert interval.evaluate(right) > page.locator("#club-stats-scroll").evaluate(right)
    interval.scroll_into_view_if_needed()
    expect(interval).to_be_in_viewport()
    # On a wide screen the whole table fits: no line about scrolling.
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(hint).to_be_hidden()
    ctx.close()
