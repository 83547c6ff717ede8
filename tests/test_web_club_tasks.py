"""The Schockbuch by task (issue 22): a whole evening on a 390x844 phone with the taps of each
job counted, every view within three screens for a club of 12 members and a season of 40
evenings, axe-core on every view (phone and desktop), the secret link copied without the
clipboard API, and a finished online table with a bot taken into the book with one tap under
each of the club's settings. Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import datetime
import re
import subprocess
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import test_server_pub
from schocken.club import ClubBook
from server_helpers import Server, running
from test_web_history import Hand, make_table, play_together

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
BUDGET = 3 * 844
"""No view is taller than three screens of the phone."""
VIEWS = ("", "/money", "/members", "/stats", "/settings")
MEMBERS = [
    "Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne", "Ilse", "Jonas", "Karla",
    "Lutz",
]  # fmt: skip
FINES = [
    ("Würfel vom Tisch", 50),
    ("Spinksen", 100),
    ("Zu oft gewürfelt", 50),
    ("Handy am Tisch", 100),
]
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "db.sqlite3") as s:
        yield s


def today() -> datetime.date:
    return datetime.date.today()


def season_club(db: Path, name: str = "Stammtisch Krone") -> tuple[str, str]:
    """A club of 12 members with a season of 40 evenings (the last one tonight, under way):
    three or four games each entered by their loser, prices, the catalogue of fines with fines
    booked, payments and expenses. Made straight in the server's book; the slug and secret."""
    with ClubBook(db) as book:
        info, secret = book.create_club(name, password="geheim-passwort")
        slug = info["slug"]
        for m in MEMBERS:
            book.add_member(slug, m, guest=m == "Lutz")
        book.set_price(slug, "game_lost", 150)
        book.set_price(slug, "half_lost", 50)
        book.set_price(slug, "absent", 200)
        for fine, cents in FINES:
            book.set_fine_item(slug, fine, cents)
        start = today() - datetime.timedelta(days=7 * 39)
        for week in range(40):
            day = (start + datetime.timedelta(days=7 * week)).isoformat()
            came = [m for i, m in enumerate(MEMBERS) if (i + week) % 5 != 0][:9]
            book.add_evening(slug, day, place="Krone", present=came)
            for g in range(3 + week % 2):
                loser = came[(week * 3 + g * 5) % len(came)]
                book.add_game(slug, day, loser=loser, halves=[loser])
            book.fine(slug, came[week % len(came)], FINES[week % 4][0], day=day)
            book.pay(slug, came[(week + 2) % len(came)], 1000, day=day)
            if week % 8 == 3:
                book.add_expense(slug, 2500, "Runde Schnaps", day=day, paid_by=came[0])
    return slug, secret


class Taps:
    """Counts the taps of a job: each click through :meth:`tap` is one."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, target: Any) -> None:
        self.count += 1
        (self.page.locator(target) if isinstance(target, str) else target).click()

    def start(self) -> None:
        self.count = 0


def said(page: Page, text: str | re.Pattern[str]) -> None:
    expect(page.locator("#club-said")).to_have_text(text)


def height(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollHeight"))


def axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of WCAG 2.2 A and AA on the page as it is."""
    script = files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
    page.evaluate(script)  # evaluated, not a script tag: the page's CSP allows no inline script
    result: dict[str, Any] = page.evaluate(
        "tags => axe.run(document, { runOnly: { type: 'tag', values: tags } })", AXE_TAGS
    )
    return [
        {"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in result["violations"]
    ]


def small_club(server: Server, name: str, members: list[str]) -> tuple[str, str]:
    """A club with ``members``, the price of a lost game and a catalogue of fines; no evening."""
    with ClubBook(server.db) as book:
        info, secret = book.create_club(name)
        for m in members:
            book.add_member(info["slug"], m)
        book.set_price(info["slug"], "game_lost", 150)
        for fine, cents in FINES:
            book.set_fine_item(info["slug"], fine, cents)
    return info["slug"], secret


def watch(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


# ---------------------------------------------------------------------- a whole evening


def test_a_whole_evening_on_a_phone_each_job_in_a_few_taps(
    browser: Browser, server: Server
) -> None:
    slug, secret = small_club(server, "Kegelclub", ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda"])
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server.url}/club/{slug}#{secret}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kegelclub")
    tonight = page.get_by_role("link", name="Tonight")
    expect(tonight).to_have_attribute("aria-current", "page")
    taps = Taps(page)
    # Start the evening: five members come (a tap each), then start it.
    for name in ("Anna", "Ben", "Cem", "Dora", "Emil"):
        taps.tap(page.locator("#club-start").get_by_role("button", name=name, exact=True))
        expect(
            page.locator("#club-start").get_by_role("button", name=name, exact=True)
        ).to_have_attribute("aria-pressed", "true")
    taps.tap("#club-start-button")
    said(page, re.compile(r"^The evening of .* has begun: 5 came\.$"))
    assert taps.count == 6
    date = today().isoformat()
    with ClubBook(server.db) as book:
        assert book.evening(slug, date)["present"] == ["Anna", "Ben", "Cem", "Dora", "Emil"]
    # A new pub game for tonight: one tap opens pub mode with who came as its players.
    taps.start()
    taps.tap(page.get_by_role("button", name="New pub game"))
    expect(page).to_have_url(re.compile(r"/pub$"))
    assert taps.count <= 3
    expect(page.locator("#pub-for-club")).to_contain_text("Kegelclub")
    for i, name in enumerate(("Anna", "Ben", "Cem", "Dora", "Emil"), start=1):
        expect(page.locator(f"#player-{i}")).to_have_value(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/pub/[\w-]+$"))
    pub_id = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"localStorage.getItem('schocken:pub:{pub_id}')")
    view = test_server_pub.get(server, pub_id, token).json()
    test_server_pub.play_out(server, pub_id, token, view)  # the turns, entered quickly
    page.reload()
    page.get_by_role("link", name="Into the book of Kegelclub").click()
    expect(page).to_have_url(re.compile(rf"/club/{slug}\?evening={date}$"))
    taps.start()
    taps.tap(page.get_by_role("button", name="Pub game: Anna, Ben, Cem, Dora, Emil: into the book"))
    said(page, "The pub game is in the book.")
    assert taps.count == 1
    expect(page.locator("#club-games-tonight li")).to_have_count(1)
    expect(page.locator("#club-ready li")).to_have_count(0)
    # Two games by their loser: "Just the loser", then the loser.
    page.goto(f"{server.url}/club/{slug}")
    for loser in ("Ben", "Cem"):
        taps.start()
        if (
            page.get_by_role("button", name="Just the loser").get_attribute("aria-expanded")
            != "true"
        ):
            taps.tap(page.get_by_role("button", name="Just the loser"))
        taps.tap(page.get_by_role("button", name=f"{loser} lost"))
        said(page, f"Game added: {loser} lost.")
        assert taps.count <= 2
    expect(page.locator("#club-games-part-h")).to_have_text("Games (3)")
    # Six fines from the catalogue: a member, (how many times,) the fine.
    for member, fine, count, amount in (
        ("Ben", "Würfel vom Tisch", 1, "€0.50"),
        ("Cem", "Spinksen", 2, "€2.00"),
        ("Dora", "Handy am Tisch", 1, "€1.00"),
        ("Emil", "Zu oft gewürfelt", 2, "€1.00"),
        ("Anna", "Würfel vom Tisch", 1, "€0.50"),
        ("Ben", "Spinksen", 1, "€1.00"),
    ):
        page.goto(f"{server.url}/club/{slug}")  # each job from the club's home
        taps.start()
        taps.tap(page.locator("#club-fine-members").get_by_role("button", name=member, exact=True))
        for _ in range(count - 1):
            taps.tap(page.get_by_role("button", name="One time more"))
        taps.tap(page.locator("#club-fine").get_by_role("button", name=re.compile(fine)))
        said(page, f"{member}: {fine} × {count}, {amount}.")
        expect(page.locator("#club-fine-count")).to_have_text("1")
        assert taps.count <= 3, (member, fine, taps.count)
    # Two payments: from tonight's totals, and from Money.
    page.goto(f"{server.url}/club/{slug}")
    taps.start()
    taps.tap(page.get_by_role("button", name="Pay: Ben"))
    expect(page.locator("#club-payment-amount")).to_have_value("3.00")  # game 1.50 + fines 1.50
    taps.tap(page.locator("#club-payment").get_by_role("button", name="Book the payment"))
    said(page, "Ben paid €3.00.")
    assert taps.count == 2
    page.goto(f"{server.url}/club/{slug}")
    taps.start()
    taps.tap(page.get_by_role("link", name="Money"))
    expect(page).to_have_url(re.compile(rf"/club/{slug}/money$"))
    taps.tap(page.locator("#club-balances").get_by_role("button", name="Anna"))
    page.locator("#club-payment-amount").fill("5")
    taps.tap(page.locator("#club-payment").get_by_role("button", name="Book the payment"))
    said(page, "Anna paid €5.00.")
    assert taps.count == 3
    # Close the evening: its sums stay in sight.
    page.get_by_role("link", name="Tonight").click()
    page.get_by_role("button", name="Close the evening").click()
    said(page, re.compile(r"^The evening of .* is closed\.$"))
    expect(page.locator("#club-closed-sum")).to_have_text(
        "5 came, 3 games; booked this evening €10.50, paid €8.00."
    )
    page.reload()  # closed on this device: so it stays
    expect(page.locator("#club-closed-sum")).to_be_visible()
    with ClubBook(server.db) as book:
        assert [g["source"] for g in book.games(slug)] == ["pub", "loser", "loser"]
        assert [g["loser"] for g in book.games(slug)] == ["Anna", "Ben", "Cem"]
        charges = [x for x in book.ledger(slug) if x["item"] == "charge"]
        assert len(charges) == 6
        assert sum(x["cents"] for x in book.ledger(slug) if x["item"] != "payment") == 1050
        assert {b["member"]: b["paid"] for b in book.balances(slug) if b["paid"]} == {
            "Anna": 500,
            "Ben": 300,
        }
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    ctx.close()


# ---------------------------------------------------------------------- three screens at most


def test_every_view_fits_three_screens_of_a_phone_for_a_season(
    browser: Browser, server: Server
) -> None:
    slug, secret = season_club(server.db)
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server.url}/club/{slug}#{secret}")
    expect(page.locator("#club-totals-table tbody tr")).to_have_count(11)  # 9 came, 2 fined
    heights = {}
    for view in VIEWS:
        page.goto(f"{server.url}/club/{slug}{view}")
        page.locator("#club-view .card").first.wait_for()
        if view == "/stats":
            expect(page.locator("#club-stats tbody tr")).to_have_count(12)
        page.wait_for_timeout(300)
        heights[view or "/"] = height(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, view
    assert all(h <= BUDGET for h in heights.values()), heights
    # The views are addresses: the tabs go there, back comes back, a reload stays.
    page.goto(f"{server.url}/club/{slug}")
    page.get_by_role("link", name="Statistik").click()
    expect(page).to_have_url(re.compile(rf"/club/{slug}/stats$"))
    expect(page.get_by_role("link", name="Statistik")).to_have_attribute("aria-current", "page")
    expect(page.locator("#club-stats tbody tr")).to_have_count(12)
    page.get_by_role("link", name="Geld").click()
    expect(page.locator("#club-balances tbody tr")).to_have_count(12)
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/club/{slug}/stats$"))
    expect(page.locator("#club-stats tbody tr")).to_have_count(12)
    page.reload()
    expect(page.get_by_role("link", name="Statistik")).to_have_attribute("aria-current", "page")
    # The earlier evenings: three, and more on asking; one opens in Tonight's place.
    page.goto(f"{server.url}/club/{slug}")
    evenings = page.locator("#club-evening-list li")
    expect(evenings).to_have_count(3)
    page.get_by_role("button", name="Mehr zeigen (36)").click()
    expect(evenings).to_have_count(13)
    evenings.nth(1).get_by_role("link").click()
    week_ago = (today() - datetime.timedelta(days=14)).isoformat()
    expect(page).to_have_url(re.compile(rf"\?evening={week_ago}$"))
    expect(page.locator("#club-tonight-h")).to_contain_text("Abend vom")
    expect(page.locator("#club-games-tonight li")).to_have_count(3 + (37 % 2))
    assert errors == []
    ctx.close()
    print("heights", heights)


# ---------------------------------------------------------------------- a new user's phone


def covered_by_tabs(page: Page, target: Any) -> bool:
    """Whether the fixed tab bar at the bottom of a phone covers any of ``target``."""
    box, bar = target.bounding_box(), page.locator(".club-tabs").bounding_box()
    assert box is not None and bar is not None
    return bool(box["y"] + box["height"] > bar["y"])


def test_a_phone_books_an_expense_in_three_taps_and_settings_open_one_part_at_a_time(
    browser: Browser, server: Server
) -> None:
    """Issue 30, item 4: an expense from the club's home in three taps at most (counting the
    taps into its fields, as a fine is booked from there); Settings open one part at a time, so
    the view stays within three screens whichever part is open (all open it was 5,461 px); a
    control the keyboard moves to near the bottom of the phone stops above the fixed tab bar,
    not under it."""
    slug, secret = season_club(server.db)
    ctx = browser.new_context(locale="de-DE", **PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server.url}/club/{slug}#{secret}")
    expect(page.locator("#club-totals-table tbody tr")).to_have_count(11)
    # An expense from Tonight: open it (the keyboard is in the amount), the purpose, book it.
    taps = Taps(page)
    taps.tap(page.get_by_role("button", name="Neue Ausgabe"))
    form = page.locator("#club-expense")
    expect(form.get_by_label("Betrag")).to_be_focused()
    page.keyboard.type("12,50")
    taps.tap(form.get_by_label("Wofür"))
    page.keyboard.type("Kegelbahn")
    taps.tap(form.get_by_role("button", name="Ausgabe buchen"))
    said(page, re.compile(r"^12,50\s€ aus der Kasse bezahlt für Kegelbahn; "))
    assert taps.count <= 3
    with ClubBook(server.db) as book:
        assert [(x["cents"], x["purpose"]) for x in book.expenses(slug)][-1] == (1250, "Kegelbahn")
    # Settings: the headings, one part open (the secret link); each part opened closes the last.
    page.get_by_role("link", name="Optionen").click()
    folds = page.locator("#club-view button.club-fold-button")
    expect(folds).to_have_count(11)
    page.locator("#club-link-qr img").evaluate("img => img.decode()")  # laid out at its size
    assert height(page) <= BUDGET, height(page)
    expect(folds.first).to_have_attribute("aria-expanded", "true")
    for i in range(1, folds.count()):
        folds.nth(i).click()
        expect(folds.nth(i)).to_have_attribute("aria-expanded", "true")
        expect(folds.and_(page.locator("[aria-expanded=true]"))).to_have_count(1)
        assert height(page) <= BUDGET, (folds.nth(i).text_content(), height(page))
    # The keyboard's next stop, in the screen but under the tab bar, is scrolled above the bar.
    page.goto(f"{server.url}/club/{slug}/money")
    expect(page.locator("#club-balances tbody tr")).to_have_count(12)
    stops = page.locator(
        "#club-view :is(button, a[href], input, select, [tabindex='0']):not([disabled])"
    )
    page.evaluate("window.scrollTo(0, 0)")
    below = page.evaluate(
        """(stops) => stops.findIndex((s) => s.getBoundingClientRect().top >= innerHeight)""",
        stops.element_handles(),
    )
    assert below > 0, below
    stops.nth(below).evaluate(
        "(s) => window.scrollBy(0, s.getBoundingClientRect().bottom - (innerHeight - 8))"
    )
    assert covered_by_tabs(page, stops.nth(below))  # where the bar is in the way
    stops.nth(below - 1).focus()
    page.keyboard.press("Tab")
    expect(stops.nth(below)).to_be_focused()
    assert not covered_by_tabs(page, stops.nth(below))
    assert errors == []
    ctx.close()


# ---------------------------------------------------------------------- axe-core


def open_everything(page: Page) -> None:
    """Every part of the view that opens, opened (so axe sees them too)."""
    for _ in range(12):
        closed = page.locator("button.club-fold-button[aria-expanded=false]")
        if closed.count() == 0:
            return
        closed.first.click()


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_axe_finds_no_violation_of_wcag_22_aa_on_any_view(
    browser: Browser, server: Server, kind: str
) -> None:
    slug, secret = season_club(server.db)
    with ClubBook(server.db) as book:
        book.set_account(slug, "DE89 3704 0044 0532 0130 00", "Stammtisch Krone")
    ctx = browser.new_context(locale="de-DE", **(PHONE if kind == "phone" else DESKTOP))
    page = ctx.new_page()
    errors = watch(page)
    found: dict[str, list[dict[str, Any]]] = {}
    page.goto(f"{server.url}/club")
    found["start"] = axe(page)
    page.goto(f"{server.url}/club/{slug}#{secret}")
    page.locator("#club-totals-table").wait_for()
    found["tonight"] = axe(page)
    page.locator("#club-fine-members button").first.click()
    page.get_by_role("button", name="Nur Verlierer").click()
    page.locator("#club-totals-table button").first.click()
    page.locator("#club-payment-amount").wait_for()
    found["tonight, fine, loser and payment open"] = axe(page)
    for view in VIEWS[1:]:
        page.goto(f"{server.url}/club/{slug}{view}")
        page.locator("#club-view .card").first.wait_for()
        if view == "/stats":
            page.locator("#club-chart").wait_for()
        found[view] = axe(page)
        if view == "/money":
            page.locator("#club-balances button").first.click()
            page.get_by_role("button", name="Per QR-Code zahlen").click()
            page.locator(".club-pay-qr img").wait_for()
        if view == "/money":
            open_everything(page)
            found[f"{view}, all open"] = axe(page)
        if view == "/settings":  # one part open at a time: each in turn
            folds = page.locator("#club-view button.club-fold-button")
            for i in range(folds.count()):
                if folds.nth(i).get_attribute("aria-expanded") != "true":
                    folds.nth(i).click()
                expect(folds.nth(i)).to_have_attribute("aria-expanded", "true")
                if folds.nth(i).get_attribute("id") == "club-fold-link-button":
                    page.locator("#club-link-qr img").wait_for()
                if folds.nth(i).get_attribute("id") == "club-fold-data-button":
                    page.get_by_role("button", name="Änderungsprotokoll zeigen").click()
                    page.locator("#club-log").wait_for()
                found[f"{view}, {folds.nth(i).text_content()} open"] = axe(page)
    assert {k: v for k, v in found.items() if v} == {}
    assert errors == []
    ctx.close()


# ---------------------------------------------------------------------- the secret link

NO_CLIPBOARD = """
delete Navigator.prototype.clipboard;
window.__copies = [];
const execCommand = Document.prototype.execCommand;
Document.prototype.execCommand = function (command, ...rest) {
  const field = document.activeElement;
  const selected = field && "selectionStart" in field
    ? field.value.slice(field.selectionStart, field.selectionEnd) : String(getSelection());
  const done = execCommand.call(this, command, ...rest);
  window.__copies.push({ command, selected, done });
  return done;
};
"""


def test_a_new_club_says_how_the_others_get_in_and_the_link_is_copied_without_clipboard_api(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    ctx = browser.new_context(locale="en-US", **PHONE)
    ctx.add_init_script(NO_CLIPBOARD)  # as on a plain-http address in the pub's network
    page = ctx.new_page()
    errors = watch(page)
    page.goto(server.url + "/club")
    assert page.evaluate("navigator.clipboard") is None
    page.locator("#club-create").get_by_label("The club's name").fill("Stammtisch Krone")
    page.get_by_role("button", name="Create the club").click()
    expect(page).to_have_url(re.compile(r"/club/stammtisch-krone$"))
    welcome = page.locator("#club-secret")
    expect(welcome.get_by_role("heading", level=2)).to_have_text("How the others get in")
    expect(welcome).to_contain_text("shown again under Settings, on this device only")
    link = page.locator("#club-secret-input").input_value()
    match = re.fullmatch(rf"{re.escape(server.url)}/club/stammtisch-krone#(\S{{20,}})", link)
    assert match is not None
    with ClubBook(server.db) as book:
        assert book.check_access("stammtisch-krone", secret=match.group(1))["name"]
    # The QR code holds the link (read with zbar, as a phone's camera would).
    code = welcome.get_by_role("img", name="QR code of the club's secret link")
    expect(code).to_be_visible()
    shot = tmp_path / "link.png"
    # in the middle of the screen: clear of the status line on top and the tab bar below
    code.evaluate("e => e.scrollIntoView({ block: 'center' })")
    code.screenshot(path=str(shot))
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, check=True, timeout=60
    ).stdout.decode("utf-8")
    assert decoded.strip() == link
    # Copy without the clipboard API: the link is selected and the browser's copy command used.
    welcome.get_by_role("button", name="Copy the link").click()
    copies = page.evaluate("window.__copies")
    assert [(c["command"], c["selected"]) for c in copies] == [("copy", link)]
    said(page, "The link is copied." if copies[0]["done"] else
         "The link is selected: copy it with your device's copy command.")  # fmt: skip
    expect(page.locator("#club-secret-input")).to_be_focused()
    # Done: Tonight; Settings shows the link again on this device, with its copy button.
    welcome.get_by_role("button", name="Done").click()
    expect(page.locator("#club-secret")).to_have_count(0)
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#club-link-input")).to_have_value(link)
    page.reload()
    expect(page.locator("#club-link-input")).to_have_value(link)
    page.get_by_role("button", name="Copy the link").click()
    assert len(page.evaluate("window.__copies")) == 1  # a new page: a new list
    expect(page.locator("#club-link-qr img")).to_be_visible()
    assert errors == []
    ctx.close()


# ---------------------------------------------------------------------- bots at online tables

HOUSE = 'preset = "tsv99"\ndeckel_per_half = 2\n'


def finished_table(server: Server) -> dict[str, Any]:
    """An online table of Anna, Ben and a bot (Bodo), played to its end."""
    table = make_table(server, ["Anna", "Ben"], 1, rules_toml=HOUSE)
    hands = [Hand(server, table["id"], token) for token in table["tokens"]]
    r = server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
    assert r.status_code == 200, r.text
    for h in hands:
        h.read()
    play_together(hands)
    for h in hands:
        h.close()
    return table


@pytest.mark.parametrize("setting", ["not_counted", "guest"])
def test_a_finished_online_table_with_a_bot_goes_into_the_book_with_one_tap(
    browser: Browser, tmp_path: Path, setting: str
) -> None:
    with running(tmp_path / "db.sqlite3", seed=5, bot_delay=0) as server:
        table = finished_table(server)
        slug, secret = small_club(server, "Kegelclub", ["Anna", "Ben", "Cem"])
        with ClubBook(server.db) as book:
            book.add_evening(slug, today().isoformat(), present=["Anna", "Ben"])
        ctx = browser.new_context(locale="en-US", **PHONE)
        page = ctx.new_page()
        errors = watch(page)
        page.goto(f"{server.url}/club/{slug}#{secret}")
        # The club chooses in Settings what a bot's seat counts as.
        page.get_by_role("link", name="Settings").click()
        page.get_by_role("button", name="Bots at online tables").click()
        form = page.locator("#club-bot-seats")
        expect(form.locator("input[value=not_counted]")).to_be_checked()
        form.locator(f"input[value={setting}]").check()
        form.get_by_role("button", name="Save").click()
        said(page, "Bots' seats are guests from now on." if setting == "guest"
             else "Bots' seats are not counted from now on.")  # fmt: skip
        # This browser sat at the table (the web app keeps its token): Tonight offers it.
        page.evaluate(
            "([id, token]) => localStorage.setItem(`schocken:table:${id}`,"
            " JSON.stringify({ token, spectate: false }))",
            [table["id"], table["tokens"][0]],
        )
        page.get_by_role("link", name="Tonight").click()
        item = f"Online table {table['code']}: Anna, Ben, Bodo (bot)"
        taps = Taps(page)
        taps.tap(page.get_by_role("button", name=f"{item}: into the book"))
        assert taps.count == 1
        if setting == "guest":
            said(page, "The table's game is in the book.")
        else:
            said(page, "The table's game is in the book. bots not counted: Bodo.")
        expect(page.locator("#club-games-tonight li")).to_have_count(1)
        expect(page.locator("#club-ready li")).to_have_count(0)
        page.reload()  # taken in: not offered again
        expect(page.locator("#club-games-tonight li")).to_have_count(1)
        expect(page.locator("#club-ready li")).to_have_count(0)
        with ClubBook(server.db) as book:
            game = book.games(slug)[0]
            members = {m["name"]: m["guest"] for m in book.members(slug)}
        assert game["source"] == "online"
        if setting == "guest":
            assert game["players"] == ["Anna", "Ben", "Bodo"] and game["bots"] == []
            assert members == {"Anna": False, "Ben": False, "Cem": False, "Bodo": True}
        else:
            assert game["bots"] == ["Bodo"]
            assert members == {"Anna": False, "Ben": False, "Cem": False}
        assert errors == []
        ctx.close()
