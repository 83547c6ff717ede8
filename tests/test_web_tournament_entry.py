"""The tournament pages follow the rules they play (issue 29, item 5), on a 390x844 phone in
German: a table's game entered in a few taps (the players in the order they went out, the last
left lost; the Finale's loser among the halves' losers), the taps counted; rules of one half
without a Finale give a form and score sheets without a second half or a Finale; a list of
members and guests registered at once, guests ticked by name. Axe-core finds no violation.
Debian's Chromium driven by Playwright, against a real server and SQLite file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from schocken.club import ClubBook
from schocken.rules import find_preset
from schocken.tournament import TournamentBook
from server_helpers import Server, running
from test_web_club_tasks import axe
from test_web_tournament import PHONE, open_club

MEMBERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne"]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    """A club of eight with two tournaments drawn: "Sommerpokal" (werl, two halves and a
    Finale) and "Kurzpokal" (werl, one half, no Finale); "Gästepokal" not drawn yet."""
    db = tmp_path / "db.sqlite3"
    with ClubBook(db) as book:
        info, secret = book.create_club("Krone", password="geheim-passwort")
        for m in MEMBERS:
            book.add_member(info["slug"], m)
    one_half = find_preset("allgemein").with_overrides({"finale": False})
    with TournamentBook(db) as t:
        for name, rules in (("Sommerpokal", None), ("Kurzpokal", one_half)):
            t.create(name, date="2026-07-04", club="krone", format="werl", rules=rules, seed="3")
            t.register(name, MEMBERS)
            t.draw(name)
        t.create("Gästepokal", date="2026-07-05", club="krone", format="werl", seed="3")
    with running(db) as s:
        yield s, secret


class Taps:
    """Taps on a touch screen, counted."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, target: Locator) -> None:
        target.tap()
        self.count += 1


def _players(server: Server, name: str) -> list[str]:
    with TournamentBook(server.db) as book:
        players: list[str] = book.round(name, 1)["tables"][0]["players"]
        return players


def _no_sideways_scrolling(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_game_in_a_few_taps_and_one_half_where_the_rules_play_one(
    browser: Browser, server: tuple[Server, str]
) -> None:
    s, secret = server
    page = browser.new_context(**PHONE).new_page()
    open_club(page, s, secret)

    # Two halves and a Finale: 4 players, 3 taps a half, the Finale's loser, save: 9 taps with
    # opening the form (each place by a select was two taps a player and half, about 20 in all).
    a, b, c, d = _players(s, "Sommerpokal")
    page.goto(f"{s.url}/tournaments/krone/sommerpokal")
    box = page.locator(".tw-table").filter(has=page.get_by_role("heading", name="Tisch 1"))
    tap = Taps()
    tap(box.get_by_text("Spiel an Tisch 1 eintragen"))
    first = box.get_by_role("group", name="1. Hälfte: Tippt die Spieler", exact=False)
    second = box.get_by_role("group", name="2. Hälfte: Tippt die Spieler", exact=False)
    for p in (a, b, c):
        tap(first.get_by_role("button", name=p, exact=True))
    expect(first.get_by_role("button", name=d, exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )  # the last one left lost the half
    expect(first.locator(".tw-tap-said")).to_have_text(f"Raus: {a}, {b}, {c}; verloren: {d}")
    for p in (d, b, a):
        tap(second.get_by_role("button", name=p, exact=True))
    finale = box.get_by_role("group", name="Wer hat das Finale verloren?")
    expect(finale.get_by_role("button")).to_have_count(2)  # the halves' losers, d and c
    tap(finale.get_by_role("button", name=c, exact=True))
    expect(finale.get_by_role("button", name=c, exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    assert axe(page) == []
    _no_sideways_scrolling(page)
    tap(box.get_by_role("button", name="Spiel speichern"))
    expect(page.locator("#announce")).to_contain_text(f"Spiel 1 an Tisch 1 gespeichert: {c}")
    assert tap.count == 9
    with TournamentBook(s.db) as book:
        (game,) = book.games("Sommerpokal", 1, 1)
    assert [x["order"] for x in game["sections"]] == [
        [[a], [b], [c], [d]],
        [[d], [b], [a], [c]],
        [[d], [c]],
    ]

    # One half, no Finale: no second half, no Finale in the form; 5 taps.
    a, b, c, d = _players(s, "Kurzpokal")
    page.goto(f"{s.url}/tournaments/krone/kurzpokal")
    box = page.locator(".tw-table").filter(has=page.get_by_role("heading", name="Tisch 1"))
    tap = Taps()
    tap(box.get_by_text("Spiel an Tisch 1 eintragen"))
    form = box.locator("form.tw-entry")
    halves = form.get_by_role("group", name=re.compile("Tippt die Spieler"))
    expect(halves).to_have_count(1)  # one half, and no Finale asked
    expect(halves).to_have_accessible_name(re.compile("^1. Hälfte: Tippt"))
    for p in (b, c, d):
        tap(halves.get_by_role("button", name=p, exact=True))
    form.get_by_text("Plätze von Hand").click()  # opened to look, not a tap of the entry
    expect(form).not_to_contain_text("2. Hälfte")
    expect(form).not_to_contain_text("Finale")
    assert axe(page) == []
    _no_sideways_scrolling(page)
    tap(form.get_by_role("button", name="Spiel speichern"))
    expect(page.locator("#announce")).to_contain_text(f"Spiel 1 an Tisch 1 gespeichert: {a}")
    assert tap.count == 5
    with TournamentBook(s.db) as book:
        (game,) = book.games("Kurzpokal", 1, 1)
        key = book.view_key("Kurzpokal")
    assert [x["order"] for x in game["sections"]] == [[[b], [c], [d], [a]]]

    # Its score sheets: one column per player, no Finale.
    page.goto(f"{s.url}/tournaments/krone/kurzpokal/print/sheets?key={key}&lang=de")
    sheet = page.locator("section.sheet").first
    expect(sheet.get_by_role("columnheader", name="1. Hälfte")).to_have_count(4)
    expect(page.locator("main")).not_to_contain_text("2. Hälfte")
    expect(page.locator("main")).not_to_contain_text("Finale verloren")


def test_members_and_guests_are_registered_at_once_guests_marked_by_name(
    browser: Browser, server: tuple[Server, str]
) -> None:
    s, secret = server
    page = browser.new_context(**PHONE).new_page()
    open_club(page, s, secret)
    page.goto(f"{s.url}/tournaments/krone/g%C3%A4stepokal")
    page.get_by_label("Namen (durch Kommas getrennt)").fill("Anna, Zoe, Ben, Yusuf")
    guests = page.get_by_role("list", name="Keine Mitglieder des Vereins", exact=False)
    expect(guests.get_by_role("checkbox")).to_have_count(2)
    # Not ticked: refused in words, nothing registered.
    page.get_by_role("button", name="Anmelden", exact=True).click()
    expect(page.get_by_role("alert").filter(has_text="Zoe")).to_contain_text(
        "„Zoe“ ist kein Mitglied von Krone"
    )
    with TournamentBook(s.db) as book:
        assert book.players("Gästepokal") == []
    guests.get_by_role("checkbox", name="Zoe ist Gast").check()
    guests.get_by_role("checkbox", name="Yusuf ist Gast").check()
    assert axe(page) == []
    page.get_by_role("button", name="Anmelden", exact=True).click()
    expect(page.get_by_role("heading", name="Spieler (4)")).to_be_visible()
    with TournamentBook(s.db) as book:
        assert [p["name"] for p in book.players("Gästepokal")] == ["Anna", "Zoe", "Ben", "Yusuf"]
        guests_of_club = {m["name"] for m in book.book.members("krone") if m["guest"]}
    assert guests_of_club == {"Zoe", "Yusuf"}
    # Drawn, then the draw taken back on purpose with a reason (before any game).
    page.get_by_role("button", name="Runde 1 auslosen").click()
    expect(page.get_by_role("heading", name="Tische der Runde 1")).to_be_visible()
    page.get_by_text("Auslosung der Runde 1 zurücknehmen").first.click()
    page.get_by_label("Warum (steht im Protokoll)").fill("Yusuf kommt später")
    assert axe(page) == []
    page.get_by_role("button", name="Auslosung der Runde 1 zurücknehmen").click()
    expect(page.locator("#announce")).to_have_text("Die Auslosung der Runde 1 ist zurückgenommen.")
    with TournamentBook(s.db) as book:
        assert book.rounds("Gästepokal") == []
        assert book.log("Gästepokal")[-1]["detail"] == {"round": 1, "reason": "Yusuf kommt später"}
