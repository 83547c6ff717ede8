"""A club's tournament in the browser (issue 24): a 12-player tournament of 3 rounds run from the
organiser's page with every table's games entered by hand (one refused and nothing changed), the
live ranking on a 1920x1080 screen (refreshing by itself, hiding the last minutes on request)
and on a 390x844 phone, axe-core on each (WCAG 2.2 AA, no violation), and the print views as
PDF, printed by the browser and by ``schocken tournament print --pdf``, their pages counted and
read. Debian's Chromium driven by Playwright, against a real server and SQLite file."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pypdf
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from websockets.sync.client import connect

from schocken.club import ClubBook
from schocken.tournament import TournamentBook
from server_helpers import Server, hello, running, stored_rows
from test_web_club_tasks import axe
from test_web_history import Hand, play_together

PLAYERS = [
    "Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne", "Ilse", "Jonas", "Karla",
    "Lutz",
]  # fmt: skip
SCREEN: dict[str, Any] = {"viewport": {"width": 1920, "height": 1080}, "locale": "en-US"}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "de-DE",
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}, "locale": "en-US"}
NAME = "Herbstpokal"
SLUG = "herbstpokal"


@pytest.fixture()
def club(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    """A club of twelve members on a real server; its secret."""
    db = tmp_path / "db.sqlite3"
    with ClubBook(db) as book:
        info, secret = book.create_club("Krone", password="geheim-passwort")
        for m in PLAYERS:
            book.add_member(info["slug"], m)
    with running(db) as server:
        yield server, secret


def book_of(server: Server) -> TournamentBook:
    return TournamentBook(server.db)


def open_club(page: Page, server: Server, secret: str) -> None:
    """The club opened on this browser by its secret link (the session is kept)."""
    page.goto(f"{server.url}/club/krone#{secret}")
    expect(page.get_by_role("heading", name="Krone").first).to_be_visible()


def table_box(page: Page, number: int) -> Locator:
    return page.locator(".tw-table").filter(
        has=page.get_by_role("heading", name=re.compile(rf"^Table {number}\b"))
    )


def a_game(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """A game as a score sheet says it: each player's place in each half (a shuffled order, no
    ties), the Finale's loser where the halves had different losers, and now and then the
    Schock-Aus of the half's first out."""
    halves = []
    for _ in range(2):
        order = players[:]
        rng.shuffle(order)
        halves.append({p: i + 1 for i, p in enumerate(order)})
    losers = [max(h, key=lambda p: h[p]) for h in halves]
    finale = rng.choice(losers) if losers[0] != losers[1] else None
    schock_aus, bought_in = {}, {}
    for section, h in zip(("first_half", "second_half"), halves, strict=True):
        if rng.random() < 0.4:
            schock_aus[section] = min(h, key=lambda p: h[p])
        if rng.random() < 0.3:
            bought_in[section] = [rng.choice(players)]
    return {"halves": halves, "finale": finale, "schock_aus": schock_aus, "bought_in": bought_in}


def enter_by_hand(page: Page, number: int, game: dict[str, Any]) -> None:
    """The game entered in the table's form, as an organiser does from the score sheet."""
    box = table_box(page, number)
    box.get_by_text(f"Enter a game at table {number}").click()
    box.get_by_text("Places by hand (players out together), buy-ins").click()
    for half, places in zip(("1st half", "2nd half"), game["halves"], strict=True):
        for player, place in places.items():
            box.get_by_label(f"{player}: place in the {half}").select_option(str(place))
    box.get_by_label("Lost the Finale", exact=True).select_option(game["finale"] or "")
    words = {"first_half": "1st half", "second_half": "2nd half"}
    for section, giver in game["schock_aus"].items():
        box.get_by_label(f"Schock-Aus that ended the {words[section]}").select_option(giver)
    for section, names in game.get("bought_in", {}).items():
        for name in names:
            box.get_by_label(f"{name} bought back in during the {words[section]}").check()
    box.get_by_role("button", name="Save the game").click()


def run_tournament(page: Page, server: Server, secret: str) -> None:
    """Create, register twelve, three rounds drawn, one game at every table entered by hand
    (and one refused on the way)."""
    open_club(page, server, secret)
    page.goto(f"{server.url}/tournaments/krone")
    expect(page.get_by_role("heading", name="Tournaments of Krone")).to_be_visible()
    assert axe(page) == []
    page.get_by_label("Name", exact=True).fill(NAME)
    page.get_by_label("Place", exact=True).fill("Krone")
    page.get_by_label("Format").select_option("sfreunde")
    page.get_by_label("Seed of the draw (empty: at random)").fill("7")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name=NAME, level=1)).to_be_visible()
    page.get_by_label("Names (comma-separated)").fill(", ".join(PLAYERS))
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.get_by_role("heading", name="Players (12)")).to_be_visible()
    rng = random.Random(24)
    for round_number in (1, 2, 3):
        page.get_by_role("button", name=f"Draw round {round_number}").click()
        if round_number > 1:
            # One game a table of six: the round is closed on purpose (asked first).
            before = round_number - 1
            expect(page.get_by_role("alert").filter(has_text="has played 1 of its 6")).to_have_text(
                f"Table {1} of round {before} has played 1 of its 6 games; the next round is "
                "drawn when they are played, or when the round is closed on purpose (the games "
                "not played then count for nobody)"
            )
            page.get_by_role(
                "button", name=f"Close round {before} and draw round {round_number}"
            ).click()
            expect(page.locator("#announce")).to_contain_text(f"Round {before} closed")
        expect(page.get_by_role("heading", name=f"Tables of round {round_number}")).to_be_visible()
        with book_of(server) as book:
            tables = book.round(NAME, round_number)["tables"]
        assert [len(t["players"]) for t in tables] == [4, 4, 4]
        for table in tables:
            game = a_game(rng, table["players"])
            enter_by_hand(page, table["number"], game)
            expect(page.locator("#announce")).to_contain_text(
                f"Game 1 at table {table['number']} saved"
            )
    with book_of(server) as book:
        assert book.info(NAME)["games"] == 9
        seen = {frozenset(t["players"]) for r in book.rounds(NAME) for t in r["tables"]}
        assert len(seen) == 9
        # Each game is what its form said, buy-ins and Schock-Aus included.
        rng = random.Random(24)
        for r in book.rounds(NAME):
            for t in r["tables"]:
                said = a_game(rng, t["players"])
                (entered,) = book.games(NAME, r["number"], t["number"])
                sections = {x["section"]: x for x in entered["sections"]}
                for section, h in zip(("first_half", "second_half"), said["halves"], strict=True):
                    assert sections[section]["order"] == [[p] for p in sorted(h, key=h.get)]
                    assert sections[section].get("schock_aus") == said["schock_aus"].get(section)
                    assert sections[section].get("bought_in") == said["bought_in"].get(section)
                assert ("finale" in sections) == (said["finale"] is not None)


def test_a_tournament_by_hand_live_on_a_screen_and_a_phone_and_on_paper(
    browser: Browser, club: tuple[Server, str], tmp_path: Path
) -> None:
    server, secret = club
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    run_tournament(page, server, secret)

    # A game that cannot be: two players last in the first half. Refused, in words; nothing
    # changes (the table keeps its one game, the club's book its nine).
    with book_of(server) as book:
        players = book.round(NAME, 3)["tables"][0]["players"]
        booked = len(book.book.games("krone"))
    bad = {"halves": [dict(zip(players, (1, 2, 3, 3), strict=True))] * 2, "finale": None}
    enter_by_hand(page, 1, {**bad, "schock_aus": {}})
    expect(table_box(page, 1).get_by_role("alert").first).to_contain_text("one loser")
    with book_of(server) as book:
        assert book.info(NAME)["games"] == 9
        assert len(book.book.games("krone")) == booked == 9
    assert axe(page) == []

    with book_of(server) as book:
        key = book.view_key(NAME)
        ranking = book.rank(NAME)
    first = ranking["players"][0]

    # The screen for a projector: large, the whole ranking without scrolling, refreshed by
    # itself; then the last minutes' results hidden.
    screen = browser.new_context(**SCREEN).new_page()
    screen.goto(f"{server.url}/tournaments/krone/{SLUG}/screen?key={key}")
    overall = screen.locator("table.tw-rank").first
    expect(overall.locator("tbody tr")).to_have_count(12)
    expect(overall.locator("tbody tr").first).to_contain_text(first["name"])
    expect(overall.locator("tbody tr").first).to_contain_text(str(first["score"]))
    expect(screen.locator(".tw-king")).to_contain_text("Schock-Aus-König")
    kings = [k["name"] for k in ranking["schock_aus"] if k["place"] == 1]
    for king in kings:
        expect(screen.locator(".tw-king")).to_contain_text(king)
    size = screen.evaluate("parseFloat(getComputedStyle(document.querySelector('main')).fontSize)")
    assert size >= 26
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080
    assert axe(screen) == []

    row = overall.locator("tbody tr").filter(has_text=players[0])
    before = int(row.locator("td").nth(1).inner_text())
    # A second game at round 3's table 1, entered elsewhere: the screen shows it by itself.
    with book_of(server) as book:
        book.enter(NAME, 3, 1, result=_all_but(players, players[0]))
        after = next(s["score"] for s in book.rank(NAME)["players"] if s["name"] == players[0])
    assert after != before
    expect(row.locator("td").nth(1)).to_have_text(str(after), timeout=30_000)
    screen.get_by_label("Minutes hidden (0: none)").fill("600")
    screen.get_by_role("button", name="Show").click()
    expect(screen.locator(".tw-status[role=status]")).to_contain_text("last 600 minutes are hidden")
    expect(overall.locator("tbody tr").first.locator("td").nth(1)).to_have_text("0")

    # The phone: find my table, the tables of the round, the ranking (in German).
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{server.url}/tournaments/krone/{SLUG}/phone?key={key}")
    expect(phone.get_by_role("heading", name="Tische der Runde 3")).to_be_visible()
    phone.get_by_label("Dein Name").fill(players[1].lower())
    expect(phone.locator("#tw-find ~ p[role=status]")).to_contain_text(
        f"{players[1]}: Runde 3, Tisch 1 mit"
    )
    ranking_rows = phone.locator("#tw-ranking ~ table.tw-rank tbody tr")
    expect(ranking_rows).to_have_count(12)
    phone.locator("summary", has_text="Runde 2").click()
    expect(phone.locator("details[open] table.tw-rank tbody tr")).to_have_count(12)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert axe(phone) == []
    # The organiser's page on a phone too: a table's form fits, nothing to scroll sideways.
    open_club(phone, server, secret)
    phone.goto(f"{server.url}/tournaments/krone/{SLUG}")
    phone.get_by_text("Spiel an Tisch 1 eintragen").click()
    expect(phone.get_by_role("button", name=players[0], exact=True).first).to_be_visible()
    phone.get_by_text("Plätze von Hand (gemeinsam raus), Einwürfe").first.click()
    expect(phone.get_by_label(f"{players[0]}: Platz in der 1. Hälfte")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert axe(phone) == []
    phone.goto(f"{server.url}/tournaments/krone/{SLUG}/phone?key=wrong")
    expect(phone.locator(".tw-status[role=status]")).to_contain_text(
        "öffnet die Ansichten des Turniers nicht"
    )

    # On paper: the browser prints the views (their print style sheet, A4) to PDF ...
    with book_of(server) as book:
        ranking = book.rank(NAME)
    top = [s["name"] for s in ranking["players"] if s["place"] <= 3]
    printed = browser.new_context(locale="de-DE").new_page()
    pages = {}
    for what in ("plan", "sheets", "ranking", "certificates"):
        printed.goto(f"{server.url}/tournaments/krone/{SLUG}/print/{what}?key={key}&lang=de")
        pages[what] = pypdf.PdfReader(io.BytesIO(printed.pdf(format="A4", print_background=True)))
    assert [len(pages[w].pages) for w in pages] == [1, 3, 1, len(top)]
    plan = pages["plan"].pages[0].extract_text()
    assert "Tischplan, Runde 3" in plan
    assert all(p in plan for p in PLAYERS)
    sheet = pages["sheets"].pages[0].extract_text()
    assert "Spielbericht: Runde 3, Tisch 1" in sheet and "Die Regeln in Kürze" in sheet
    assert all(p in sheet for p in players)
    assert "Schock-Aus-König" in pages["ranking"].pages[0].extract_text()
    for i, name in enumerate(top):
        assert name in pages["certificates"].pages[i].extract_text()

    # ... and so does the command line, all four in one file.
    pdf = tmp_path / "herbstpokal.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "schocken.cli", "tournament", "print", "--db", str(server.db),
         "-t", NAME, "--lang", "en", "--pdf", str(pdf)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 1 + 3 + 1 + len(top)
    texts = [p.extract_text() for p in reader.pages]
    assert "Table plan, round 3" in texts[0]
    assert [f"Score sheet: round 3, table {n}" in texts[n] for n in (1, 2, 3)] == [True] * 3
    assert "Ranking after 10 games" in texts[4]
    assert all("Certificate" in x for x in texts[5:])


def _all_but(players: list[str], loser: str) -> Any:
    """A game at a table of four that ``loser`` lost in both halves (a Blattschuss)."""
    from schocken.tournament import result_by_hand

    others = [[p] for p in players if p != loser]
    return result_by_hand(players, halves=[[*others, [loser]], [*others, [loser]]])


def test_the_tournament_s_pages_refuse_what_they_cannot_show(
    browser: Browser, club: tuple[Server, str]
) -> None:
    """Without the club's access nothing of the organiser's (the page asks to open the club
    first); a wrong view key opens no view; an unknown view or print view is refused by name; a
    bad 'hide' is refused. In both languages."""
    server, _ = club
    with book_of(server) as book:
        book.create(NAME, date="2026-11-27", club="krone", format="sfreunde", seed="1")
        key = book.view_key(NAME)
        book.create("Anderswo", date="2026-11-27", format="werl", seed="1")
        other = book.view_key("Anderswo")
    base = f"{server.url}/tournaments/krone/{SLUG}"
    r = httpx.get(f"{server.url}/api/clubs/krone/tournaments/{SLUG}")
    assert r.status_code == 403
    r = httpx.get(f"{server.url}/api/tournaments/krone/{SLUG}/live?key=nope&lang=de")
    assert r.status_code == 403 and "Link" in r.json()["error"]
    r = httpx.get(f"{server.url}/api/tournaments/krone/anderswo/live?key={other}")
    assert r.status_code == 404 and r.json()["code"] == "server_refuse_tournament_club"
    r = httpx.get(f"{server.url}/api/tournaments/krone/{SLUG}/live?key={key}&hide=-1&lang=de")
    assert r.status_code == 400 and "0 bis 600" in r.json()["error"]
    r = httpx.get(f"{base}/tv")
    assert r.status_code == 404 and "screen, phone" in r.json()["error"]
    r = httpx.get(f"{base}/print/flyer?key={key}&lang=en")
    assert r.status_code == 404 and "plan, sheets, ranking, certificates" in r.json()["error"]
    r = httpx.get(f"{base}/print/plan?key={key}&lang=en")
    assert r.status_code == 400 and "not drawn" in r.json()["error"]
    r = httpx.get(f"{base}/screen?key={key}")
    assert r.status_code == 200 and "app.js" in r.text
    page = browser.new_context(**DESKTOP).new_page()
    page.goto(base)
    expect(page.get_by_text("Open the club on this device first")).to_be_visible()
    expect(page.get_by_role("link", name="Open krone")).to_have_attribute("href", "/club/krone")
    # A session that has ended: the same.
    page.evaluate("localStorage.setItem('schocken:club:krone', JSON.stringify({session: 'gone'}))")
    page.goto(base)
    expect(page.get_by_text("Open the club on this device first")).to_be_visible()


def test_a_table_played_online_counts_as_its_record_says(
    browser: Browser, club: tuple[Server, str]
) -> None:
    """Round 1's table 1 opened as an online table from the organiser's page: a seat for each
    of its four players (no bot), each with a link and QR code of their own; the four play the
    game at the server (WebSocket clients of the players' links); its record taken in by
    itself when the game ends (the screen shows it), once, counted as it says, and booked in
    the club's book."""
    server, secret = club
    with book_of(server) as book:
        book.create(NAME, date="2026-11-27", club="krone", format="sfreunde", seed="5")
        book.register(NAME, PLAYERS)
        players = book.draw(NAME)["tables"][0]["players"]
    page = browser.new_context(**DESKTOP).new_page()
    open_club(page, server, secret)
    # The club's settings lead to its tournaments.
    page.goto(f"{server.url}/club/krone/settings")
    page.get_by_role("button", name="Tournaments").click()
    page.get_by_role("link", name="Tournaments of Krone").click()
    page.get_by_role("link", name=NAME).click()
    box = table_box(page, 1)
    box.get_by_role("button", name="Play it at an online table").click()
    expect(page.locator("#announce")).to_have_text(
        "Table 1 is open online: each player has a link to their seat."
    )
    box = table_box(page, 1)
    expect(box.get_by_text("they are shown this once")).to_be_visible()
    links = seat_links(box, players)
    assert axe(page) == []
    # Table 1 cannot be opened twice; the book keeps who sits there, never a link or token.
    with book_of(server) as book:
        online = book.online_table(NAME, 1, 1)
        with pytest.raises(Exception, match="has its online table already"):
            book.check_online(NAME, 1, 1)
        stored = json.dumps(book.online_tables(NAME))
    assert online["players"] == players
    table_id = online["table_id"]
    tokens = [link.split("#", 1)[1] for link in links]
    assert not any(token in stored for token in tokens)
    seated = server.get(f"/api/tables/{table_id}").json()
    assert [s["name"] for s in seated["seats"]] == players
    assert all(not s.get("bot") for s in seated["seats"])

    # The host opens their link in a browser and starts the game there; the four seats are
    # played by their players' own connections (the host's seat shown in the browser too).
    host = browser.new_context(**DESKTOP).new_page()
    host.goto(links[0])
    hands = [Hand(server, table_id, token) for token in tokens]
    host.locator("#start").click()
    for h in hands:
        h.read()
    play_together(hands)
    for h in hands:
        h.close()
    expect(host.locator("#summary")).to_be_visible(timeout=30_000)
    record = server.get(f"/api/tables/{table_id}/record").text
    loser = json.loads(record)["outcome"]["loser_name"]

    # The game is taken as soon as it ends: the screen shows it without anyone entering it.
    with book_of(server) as book:
        key = book.view_key(NAME)
    screen = browser.new_context(**SCREEN).new_page()
    screen.goto(f"{server.url}/tournaments/krone/{SLUG}/screen?key={key}")
    row = screen.locator("table.tw-rank").first.locator("tbody tr").filter(has_text=loser)
    expect(row.locator("td").nth(2)).to_have_text("1", timeout=30_000)
    # Asked again from the organiser's page, nothing is taken twice.
    page.reload()
    table_box(page, 1).get_by_role("button", name="Take the finished games").click()
    expect(page.locator("#announce")).to_have_text("Table 1: 0 finished games taken.")
    with book_of(server) as book:
        games = book.games(NAME, 1, 1)
        assert [g["source"] for g in games] == ["online"]
        kept = book.record(NAME, 1, 1, 1)
        assert kept is not None and json.loads(kept) == json.loads(record)
        assert games[0]["loser"] == loser
        booked = book.book.games("krone")
        assert len(booked) == 1 and booked[0]["loser"] == loser

    # Shown once: after a reload the organiser who lost a link makes new ones (asked first);
    # the old links open nothing, the new ones their seats.
    box = table_box(page, 1)
    box.get_by_text("Links to the seats (online)").click()
    expect(box.get_by_text("Lost one? Make new links")).to_be_visible()
    expect(box.locator(".tw-seats li")).to_have_count(0)
    box.get_by_role("button", name="Make new links").click()
    expect(box.get_by_text("New links for every seat of table 1?")).to_be_visible()
    box.get_by_role("button", name="Yes, new links").click()
    expect(page.locator("#announce")).to_have_text(
        "Table 1: new links made; the old ones open nothing now."
    )
    fresh = seat_links(table_box(page, 1), players)
    assert set(fresh).isdisjoint(links)
    assert first_message(server, table_id, tokens[1])["type"] == "error"
    assert first_message(server, table_id, fresh[1].split("#", 1)[1])["type"] == "state"


def seat_links(box: Locator, players: list[str]) -> list[str]:
    """The links to the seats shown in a table's box (each with its QR code), seat by seat."""
    seats = box.locator(".tw-seats li")
    expect(seats).to_have_count(len(players))
    expect(seats.first.get_by_role("link")).to_have_text(f"{players[0]} (starts the game)")
    for i, name in enumerate(players):
        expect(
            seats.nth(i).get_by_role("img", name=f"QR code of the seat of {name}")
        ).to_be_visible()
    return [
        str(seats.nth(i).get_by_role("link").get_attribute("href")) for i in range(len(players))
    ]


def first_message(server: Server, table_id: str, token: str) -> dict[str, Any]:
    """What the server answers first to a hello with ``token`` at the table."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table_id}") as ws:
        ws.send(hello(token))
        answer: dict[str, Any] = json.loads(ws.recv(10))
    return answer


def test_a_long_ranking_turns_its_pages_on_the_screen_and_can_be_paused(
    browser: Browser, club: tuple[Server, str]
) -> None:
    """Forty players: the screen shows the overall ranking 16 at a time and turns the pages by
    itself; the pause button stops the updates and the pages (WCAG 2.2.2) and says so."""
    server, _ = club
    names = [f"Gast {i:02}" for i in range(1, 41)]
    with book_of(server) as book:
        book.create(NAME, date="2026-11-27", club="krone", format="sfreunde", seed="3")
        book.register(NAME, names, guest=True)
        tables = book.draw(NAME)["tables"]
        for table in tables:
            book.enter(
                NAME, 1, table["number"], result=_all_but(table["players"], table["players"][0])
            )
        key = book.view_key(NAME)
    screen = browser.new_context(**SCREEN).new_page()
    screen.goto(f"{server.url}/tournaments/krone/{SLUG}/screen?key={key}")
    overall = screen.locator("table.tw-rank").first
    expect(overall.locator("caption")).to_have_text("Overall 1–16 of 40")
    expect(overall.locator("tbody tr")).to_have_count(16)
    expect(screen.locator("table.tw-rank").nth(1).locator("caption")).to_have_text(
        "Round 1 1–12 of 40"
    )
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080
    expect(overall.locator("caption")).to_have_text("Overall 17–32 of 40", timeout=30_000)
    pause = screen.get_by_role("button", name="Pause updates")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(screen.locator(".tw-status[role=status]")).to_have_text(
        "Paused: press the button again to go on."
    )
    assert axe(screen) == []
    pause.click()
    expect(screen.locator(".tw-status[role=status]")).to_have_text("")
    # The next round drawn: the screen shows where everyone sits until its first game is in.
    with book_of(server) as book:
        tables = book.draw(NAME, close=True)["tables"]
    plan = screen.locator("table.tw-plan")
    expect(plan.locator("caption")).to_have_text("Tables of round 2", timeout=30_000)
    expect(plan.locator("tbody tr")).to_have_count(10)
    expect(plan.locator("tbody tr").first).to_have_text(f"Table 1{', '.join(tables[0]['players'])}")
    assert axe(screen) == []


def test_every_word_of_the_tournament_pages_is_in_the_catalogue() -> None:
    """Each text key tournament.js and its modules (static/tournament/) ask for (``t("...")``,
    and the keys they build from a prefix) is in the catalogue in German and English."""
    from schocken.texts import CATALOGUE

    static = Path(__file__).resolve().parent.parent / "src/schocken/server/static"
    scripts = [static / "tournament.js", *sorted((static / "tournament").glob("*.js"))]
    text = "\n".join(script.read_text(encoding="utf-8") for script in scripts)
    keys = set(re.findall(r'\bt\("([a-z_]+)"', text))
    keys |= {f"tw_score_{s}" for s in ("points", "loss_points", "lives")}
    keys |= {f"tw_print_{w}" for w in ("plan", "sheets", "ranking", "certificates")}
    assert len(keys) > 50
    for lang in ("de", "en"):
        assert sorted(k for k in keys if k not in CATALOGUE[lang]) == [], lang


def test_a_tournament_table_seats_its_draw_only(browser: Browser, club: tuple[Server, str]) -> None:
    """Issue 34, item 1: the lobby of a tournament's online table on a phone says whose table it
    is and offers no invite code, no "Add bot" and no "Remove"; a stranger is refused by the
    table's code in the browser, by its id over the API, and by the code over the WebSocket; the
    organiser, asked first, lets a bot play for a drawn player who cannot play (the tournament
    shows it); the game counts, and the players' pages say where it went."""
    server, secret = club
    with book_of(server) as book:
        book.create(NAME, date="2026-11-27", club="krone", format="sfreunde", seed="5")
        book.register(NAME, PLAYERS)
        players = book.draw(NAME)["tables"][0]["players"]
    page = browser.new_context(**DESKTOP).new_page()
    open_club(page, server, secret)
    page.goto(f"{server.url}/tournaments/krone/{SLUG}")
    table_box(page, 1).get_by_role("button", name="Play it at an online table").click()
    links = seat_links(table_box(page, 1), players)
    tokens = [link.split("#", 1)[1] for link in links]
    table_id = links[0].split("/t/", 1)[1].split("#")[0]
    [(code,)] = stored_rows(server, "SELECT code FROM tables WHERE id = ?", (table_id,))

    # The host's lobby, on a phone: the tournament's table, no code, no bot, no removal.
    host = browser.new_context(**{**PHONE, "locale": "en-US"}).new_page()
    host.goto(links[0])
    card = host.locator("#tournament")
    expect(card.get_by_role("heading")).to_have_text(f"Tournament {NAME}: round 1, table 1")
    expect(card).to_contain_text("there is no invite code")
    expect(host.locator("#start")).to_be_visible()
    for gone in ("Add bot", "Remove"):
        expect(host.get_by_role("button", name=gone)).to_have_count(0)
    expect(host.locator("#code")).to_have_count(0)
    assert code not in host.content()
    assert axe(host) == []

    # A stranger: the code opens nothing in the browser; the API and the WebSocket refuse too.
    stranger = browser.new_context(**DESKTOP).new_page()
    stranger.goto(f"{server.url}/join/{code}")
    expect(stranger.get_by_role("alert")).to_have_text("no such table")
    r = server.post(f"/api/tables/{table_id}/join", {"name": "Zoe"})
    assert r.status_code == 403 and r.json()["code"] == "server_refuse_tournament_seats"
    assert first_message(server, table_id, code)["code"] == "denied"
    r = server.post(f"/api/tables/{table_id}/remove", {"token": tokens[0], "seat": 3})
    assert r.status_code == 403 and r.json()["code"] == "server_refuse_tournament_seats"

    # The organiser, asked first, lets a bot play for the fourth player; the lobby shows it.
    box = table_box(page, 1)
    box.get_by_text("A player cannot play?").click()
    box.get_by_role("button", name=f"A bot plays for {players[3]}").click()
    expect(box.get_by_text(f"A bot plays for {players[3]} at table 1?")).to_be_visible()
    box.get_by_role("button", name="Yes, a bot plays").click()
    expect(page.locator("#announce")).to_have_text(f"Table 1: a bot plays for {players[3]} now.")
    expect(
        table_box(page, 1).get_by_text(f"A bot plays for {players[3]} (the organiser")
    ).to_be_visible()
    seat = host.locator("ul.lobby li").nth(3)
    expect(seat).to_contain_text(players[3])
    expect(seat).to_contain_text("bot: pub regular")

    # The game: the host starts it; it counts, and the end of the game says where it went.
    hands = [Hand(server, table_id, token) for token in tokens[:3]]
    host.locator("#start").click()
    for h in hands:
        h.read()
    play_together(hands)
    for h in hands:
        h.close()
    expect(host.locator("#booked")).to_have_text(
        f"This game was booked to tournament {NAME}: round 1, table 1, game 1 there.",
        timeout=30_000,
    )
    assert axe(host) == []
    with book_of(server) as book:
        [game] = book.games(NAME, 1, 1)
        assert game["players"] == players and book.online_table(NAME, 1, 1)["bots"] == [players[3]]
