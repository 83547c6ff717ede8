"""The pseudo-language ``qps`` on the page states the other browser tests reach (issue 30): a
table's end and its review, the spectators' view, refusals, the rules lab's figures, a club with
members, an evening, money, statistics and settings, a tournament with its tables drawn, its
screen, phone view and score sheets, pub mode from its first turn to its end, and a club's page
without a signal; in a second test, a club's import, its entries held for the treasurer, a
tournament's table played online and one played as a pub game, the organiser's questions answered
no and yes. Every word a person reads or hears on them (the text, the
title, the controls' names and hints, images' alt texts, what live regions say) is a pseudo word
or a name: no word comes from outside the catalogues (tests/test_pseudo_language.py has the
check and the first pages). One browser context walks through each test's states against one
real server."""

from __future__ import annotations

import gettext
import json
import re
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from pseudo_helpers import GAME_WORDS, NAMES, PSEUDO, foreign_words
from schocken.club import ClubBook
from schocken.errors import PubEntryError
from schocken.rule_sources import NOTED_SOURCES, QUOTED, SOURCES
from schocken.texts import CATALOGUE, refusal_text, refused
from schocken.tournament import TournamentBook
from server_helpers import GENEROUS, Server, running
from test_pseudo_language import BOTS, page_words
from test_server_review import finished_table
from test_server_tournament_pub import enter
from test_web import click_if_there, dismiss_reveal
from test_web_history import Hand, play_together
from test_web_offline import ready_offline
from test_web_pub import pick_dice, saved

FOUR_MORE = ("Erika", "Fritz", "Gerd", "Hanna")
"""Players of a tournament of two tables, besides Anna, Ben, Cem and Dora."""
HEARD = """() => {
    const said = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext',
                  'title', 'placeholder', 'alt'];
    return [document.body.innerText, document.title,
      ...[...document.querySelectorAll(said.map(a => `[${a}]`).join(', '))]
        .map(e => said.map(a => e.getAttribute(a)).filter(Boolean).join(' ')),
      ...[...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')]
        .map(e => e.textContent),
      ...[...document.querySelectorAll('option, input[type=submit], input[type=button]')]
        .map(e => e.textContent || e.value)];
}"""
"""What a person sees or hears of the page: its text, its title, its controls' names, hints and
values as read out, its images' alt texts, what its live regions say (shown or not) and every
choice of its lists."""

ALLOWED = NAMES | BOTS | GAME_WORDS | {"Krone", "Cup", "Pokal", "Spinksen", "half", *FOUR_MORE}
"""Names (players', bots', the club's, the tournaments', a fine the club named), game words results
are named by, and the lab's strong bot's kind (``half``), said as they are."""
AS_WRITTEN = tuple(
    sorted(
        QUOTED
        | {
            where.split(" (")[0] if key in NOTED_SOURCES else where
            for key, where in SOURCES.items()
        }
        | {f"[{key}]" for key in SOURCES},
        key=len,
        reverse=True,
    )
)
"""The rule texts' sentences (German, quoted as written), the sources' keys and addresses (with a
name or a file after one), left as they are in every language."""
FEW = {"games": 100, "engine": "reference", "skill_games": 4}
"""What the test adds to the lab's request: few games on the reference engine."""


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pseudo")
    PSEUDO.write_pseudo(out)
    return out


class Walk:
    """One browser page in ``qps``, and the foreign words found on each state it looked at."""

    def __init__(self, page: Page, server: Server) -> None:
        self.page = page
        self.server = server
        self.found: dict[str, list[str]] = {}
        self.seen: list[str] = []
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def look(self, state: str, *, leave_out: tuple[str, ...] = ()) -> None:
        self.seen.append(state)
        words = page_words(self.page, state, leave_out=leave_out, shown_by=HEARD, allowed=ALLOWED)
        if words:
            self.found[state] = sorted(set(words))

    def go(self, path: str, selector: str, word: str = "⟦") -> None:
        self.page.goto(self.server.url + path)
        self.wait(selector, word)

    def wait(self, selector: str, word: str = "⟦") -> None:
        self.page.wait_for_function(
            "([sel, word]) => document.querySelector(sel)?.innerText.includes(word)",
            arg=[selector, word],
        )


RULES = {
    "de": "(n != 1)",
    "fr": "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2",
    "pl": "n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2",
    "ar": "(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : "
    "n % 100 >= 11 && n % 100 <= 99 ? 4 : 5)",
    "sl": "n % 100 == 1 ? 0 : n % 100 == 2 ? 1 : (n % 100 == 3 || n % 100 == 4) ? 2 : 3",
    "ro": "(n == 1 ? 0 : n == 0 || n != 1 && n % 100 >= 1 && n % 100 <= 19 ? 1 : 2)",
}
"""Plural rules of other languages, as Babel gives CLDR's (a catalogue's Plural-Forms)."""


def the_pages_plural_rule_is_gettexts(walk: Walk) -> None:
    """The page reads a catalogue's plural rule as gettext does, for any language's rule; the
    served texts carry the rule and each plural entry's forms."""
    counts = [*range(250), 1000, 1001, 1000000, 2000000]
    picked = walk.page.evaluate(
        """async ([rules, counts]) => {
            const page = await import("/static/page.js");
            return rules.map((rule) => counts.map((n) => page.pluralRule(rule)(n)));
        }""",
        [list(RULES.values()), counts],
    )
    assert picked == [[gettext.c2py(rule)(n) for n in counts] for rule in RULES.values()]
    texts = walk.page.request.get(walk.server.url + "/api/texts/qps").json()
    assert texts["@plural"] == "(n != 1)"
    assert (
        texts["@forms"]["n_games"]
        == texts["@forms"]["n_games_1"]
        == [
            "⟦1 ĝȧɱē⟧",
            "⟦{n} ĝȧɱēš⟧",
        ]
    )


def few_games(route: Route) -> None:
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, **FEW}))


def tables_and_review(walk: Walk) -> None:
    page, server = walk.page, walk.server
    key, token = finished_table(server)
    page.goto(f"{server.url}/t/{key}#{token}")
    page.wait_for_selector("#summary")
    while dismiss_reveal(page):
        pass
    walk.look("table: the game's end", leave_out=(key,))
    page.click("#check-dice")
    page.wait_for_selector("#dice-verdict[data-fair=fair]")
    walk.look("table: the dice checked", leave_out=(key,))
    page.click("#review-link")
    page.wait_for_selector("#rv-accuracy")
    walk.look("review")
    page.keyboard.press("ArrowRight")
    walk.look("review, a step on")
    # the spectators' view of a table in play
    table = server.post("/api/tables", {"name": "Anna", "seats": 3}).json()
    assert server.post(f"/api/tables/{table['code']}/join", {"name": "Ben"}).is_success
    server.post(f"/api/tables/{table['id']}/bots", {"token": table["token"]})
    server.post(f"/api/tables/{table['id']}/start", {"token": table["token"]})
    page.goto(f"{server.url}/t/{table['id']}#{table['token']}")
    # Ben never came: he is away, and the host is asked before a bot plays his seat
    page.click("#seat-bot-1")
    page.wait_for_selector("dialog#confirm-bot[open]")
    walk.look("table: a bot for a player away?", leave_out=(table["code"],))
    page.click("#confirm-bot-yes")
    page.wait_for_selector("#players li[data-seat='1'] .badge.bot")
    walk.look("table: a bot plays for a player away", leave_out=(table["code"],))
    # a move the rules do not allow, sent by the page: refused in words on the page
    while not page.locator("#throw").count():  # Anna's turn (a round's reveal closed first)
        page.wait_for_selector("#throw, #reveal-go")
        dismiss_reveal(page)
    page.evaluate("async () => (await import('/static/table/live.js')).send('throw keep 6-6-6-6')")
    walk.wait("#error")
    walk.look("table: a move refused", leave_out=(table["code"], "throw keep"))  # as sent
    for _ in range(100):  # Anna plays on (throws, stops) until a round's cups are lifted
        if page.locator("#reveal-go").count():
            break
        if not click_if_there(page, "#stop", reveal=False):
            click_if_there(page, "#throw", reveal=False)
        page.wait_for_selector("#reveal-go, #stop, #throw")
    expect(page.locator("#reveal-go")).to_be_visible()
    walk.look("table: a round's cups lifted", leave_out=(table["code"],))
    walk.go("/", "h1")  # another page first: the address differs only after its #
    page.goto(f"{server.url}/t/{table['id']}#spectate={table['spectator_token']}")
    page.wait_for_selector("#players")
    assert page.evaluate("async () => (await import('/static/page.js')).app.spectate")
    walk.look("table in play, as a spectator", leave_out=(table["code"],))
    # refusals: a bad code, a full table
    walk.go("/join/ZZZZZZ", "main")
    walk.look("join: a code no table has")
    full = server.post("/api/tables", {"name": "Anna", "seats": 2}).json()
    server.post(f"/api/tables/{full['code']}/join", {"name": "Ben"})
    page.goto(f"{server.url}/join/{full['code']}")
    page.fill("#name", "Cem")
    page.locator("button[type=submit]").click()
    page.get_by_role("alert").wait_for()
    walk.look("join: refused, the table is full", leave_out=(full["code"],))
    walk.go("/review", "main")
    walk.look("review: a file to upload")
    walk.go("/club", "main")
    walk.look("a new club")
    # the rules builder in a dialog, from the lobby's start form; house rules refused in words
    walk.go("/", "h1")
    page.locator("#house").locator("xpath=ancestor::details").locator("> summary").click()
    page.fill("#house", "deckel_per_half = 0\n")
    page.fill("#name", "Anna")
    page.click("button[type=submit]")
    page.get_by_role("alert").filter(has_text="0").wait_for()
    typed = ("deckel_per_half",)  # the key as the user wrote it in the TOML, named as it is
    walk.look("lobby: house rules refused", leave_out=typed)
    page.fill("#house", "")
    page.click("#house-rules-open")
    page.wait_for_selector("dialog[open] #rb-h")
    walk.look("lobby: the rules builder in a dialog", leave_out=typed)
    page.keyboard.press("Escape")


def rules_lab(walk: Walk) -> None:
    page = walk.page
    page.route("**/api/lab*", few_games)
    walk.go("/rules", "#rb-summary")
    folds = page.locator("details.rb-fold")
    for i in range(folds.count()):
        if folds.nth(i).get_attribute("open") is None:
            folds.nth(i).locator("> summary").click()
            expect(folds.nth(i)).to_have_attribute("open", "")
        walk.look(f"rules builder, group {i + 1} open")
    opened = (
        "(open) => document.querySelectorAll('details.rb-where').forEach((d) => { d.open = open; })"
    )
    page.evaluate(opened, True)
    walk.look("rules builder: where each option is played", leave_out=AS_WRITTEN)
    page.evaluate(opened, False)
    page.click("#lab-run")
    page.wait_for_selector("#lab-table tbody tr", timeout=60_000)
    walk.look("rules builder: the lab's figures")
    # a count out of range, refused in words (the request's field named as it is written)
    body = {"rules": {"preset": "tsv99", "overrides": {}}, "games": 5}
    said = page.request.post(walk.server.url + "/api/lab?lang=qps", data=body).json()["error"]
    assert foreign_words(said, {"games"}) == [], said


def club(walk: Walk) -> tuple[str, dict[str, str]]:
    """A club with members, an evening with a game, prices, a fine, a payment and an expense,
    each of its views with each of their parts open."""
    page, server = walk.page, walk.server
    made = server.post("/api/clubs", {"name": "Krone", "password": None}).json()
    slug, session = made["club"]["slug"], made["session"]

    def post(what: str, **body: object) -> None:
        r = server.post(f"/api/clubs/{slug}/{what}", {"session": session, **body})
        assert r.is_success, (what, r.text)

    for name in ("Anna", "Ben", "Cem", "Dora"):
        post("members", name=name)
    post("evenings", date="2026-11-20", present=["Anna", "Ben", "Cem"])
    post("games", date="2026-11-20", loser="Ben")
    post("prices", item="game_lost", cents=150)
    post("fine-items", name="Spinksen", cents=50)
    post("fines", member="Ben", fine="Spinksen", date="2026-11-20", count=2)
    post("payments", member="Ben", cents=100)
    post("expenses", cents=300, purpose="Spinksen")
    page.goto(f"{server.url}/club/{slug}?evening=2026-11-20#{made['secret']}")
    walk.wait("#club-tonight-h")
    for view in ("tonight", "money", "members", "stats", "settings"):
        page.locator(f"#club-tab-{view}").click()
        expect(page.locator(f"#club-tab-{view}")).to_have_attribute("aria-current", "page")
        walk.look(f"club: {view}")
        if view == "money":  # a member's ledger
            page.locator("#club-balances").get_by_role("button", name="Ben").click()
            page.wait_for_selector("#club-ledger")
            walk.look("club: money, Ben's ledger")
        if view == "members":  # a member changed
            page.click("#club-edit-1")
            page.wait_for_selector("#club-edit-h")
            walk.look("club: members, Ben's changes")
        buttons = page.locator("button.club-fold-button")
        for i in range(buttons.count()):
            button = buttons.nth(i)
            if button.get_attribute("aria-expanded") != "true":
                button.click()
                expect(buttons.nth(i)).to_have_attribute("aria-expanded", "true")
                walk.look(f"club: {view}, {buttons.nth(i).inner_text()}")
    return slug, made


def tournament(walk: Walk, slug: str, session: str) -> None:
    page, server = walk.page, walk.server
    body = {"session": session, "name": "Cup", "date": "2026-12-01", "format": "sfreunde"}
    assert server.post(f"/api/clubs/{slug}/tournaments", body).is_success
    names = {"session": session, "names": ["Anna", "Ben", "Cem", "Dora"]}
    r = server.post(f"/api/clubs/{slug}/tournaments/Cup/register", names)
    assert r.is_success, r.text
    r = server.post(f"/api/clubs/{slug}/tournaments/Cup/draw", {"session": session})
    assert r.is_success, r.text
    walk.go(f"/tournaments/{slug}", "h1", "Krone")
    walk.look("tournaments of the club")
    walk.go(f"/tournaments/{slug}/Cup", "main", "Anna")
    walk.look("tournament: players and tables drawn")
    open_every_fold(walk, "tournament")
    order = [["Anna"], ["Ben"], ["Cem"], ["Dora"]]
    game = {"session": session, "round": 1, "table": 1, "players": ["Anna", "Ben", "Cem", "Dora"]}
    r = server.post(f"/api/clubs/{slug}/tournaments/Cup/enter", {**game, "halves": [order] * 2})
    assert r.is_success, r.text
    walk.go(f"/tournaments/{slug}/Cup", "main", "Anna")
    walk.look("tournament: a game entered")
    with TournamentBook(server.db) as book:
        key = book.view_key("Cup")
    for view in ("screen", "phone"):
        walk.go(f"/tournaments/{slug}/Cup/{view}?key={key}", "main", "Anna")
        walk.look(f"tournament: its {view}", leave_out=(key,))
    open_every_fold(walk, "tournament: its phone view")
    for paper in ("plan", "sheets", "ranking", "certificates"):
        page.goto(f"{server.url}/tournaments/{slug}/Cup/print/{paper}?key={key}&lang=qps")
        walk.look(f"tournament: printed {paper}")


def open_every_fold(walk: Walk, state: str) -> None:
    """Open each closed part (``details``) of the page in turn, looking at the page each time."""
    folds = walk.page.locator("main details")
    for i in range(folds.count()):
        fold = folds.nth(i)
        if fold.is_visible() and fold.get_attribute("open") is None:
            fold.locator("> summary").click()
            expect(fold).to_have_attribute("open", "")
            walk.look(f"{state}, part {i + 1} open")


def pub(walk: Walk) -> None:
    page = walk.page
    walk.go("/pub", "h1")
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "anna")
    page.click("button[type=submit]")
    page.get_by_role("alert").wait_for()
    walk.look("pub: refused, twin names", leave_out=("anna",))
    page.fill("#player-2", "Ben")
    page.click("summary")
    page.fill("#house", 'preset = "tsv99"\ndeckel_per_half = 2\ndeckel_in_finale = 2\n')
    page.click("button[type=submit]")
    page.wait_for_selector("#pub-turn-title")
    walk.look("pub: the first turn")
    page.click("#pub-save")
    page.locator("#pub-error").wait_for()
    walk.look("pub: refused, no dice")
    for entries in range(1, 41):  # each turn's result straight away, until the game ends
        page.locator("#pub-mode label").nth(1).click()
        page.locator("#pub-result label").first.click()
        page.click("#pub-save")
        expect(page.locator(f".pub-bar[data-entries='{entries}']")).to_be_attached()
        if entries == 2:
            walk.look("pub: a round on")
        if page.locator("#pub-record").count():
            break
    walk.look("pub: the game's end")


def pub_blind(walk: Walk) -> None:
    """A pub game whose rules allow a blind opening: the switch, the covered cup, an undo."""
    page = walk.page
    walk.go("/pub", "h1")
    page.fill("#player-1", "Anna")
    page.fill("#player-2", "Ben")
    page.click("summary")
    page.fill("#house", 'preset = "tsv99"\ndeckel_per_half = 2\nblind = true\n')
    page.click("button[type=submit]")
    page.wait_for_selector("#pub-turn-title")
    for entries, dice in enumerate(((6, 5, 3), (6, 5, 2)), start=1):
        for i, pips in enumerate(dice):
            page.click(f"label[for=d{i}-{pips}]")
        page.click("#pub-save")
        expect(page.locator(f".pub-bar[data-entries='{entries}']")).to_be_attached()
    page.click("label[for=pub-blind]")
    expect(page.locator("#pub-throws input")).to_have_count(1)
    walk.look("pub: opening blind")
    for i, pips in enumerate((3, 3, 1)):
        page.click(f"label[for=d{i}-{pips}]")
    page.click("#pub-save")
    expect(page.locator(".pub-bar[data-entries='3']")).to_be_attached()
    walk.look("pub: a blind cup covered")
    page.click("#pub-undo")
    expect(page.locator(".pub-bar[data-entries='2']")).to_be_attached()
    walk.look("pub: the blind opening undone")


def pub_buy_in(walk: Walk) -> None:
    """A pub game of three that lets a player who is out buy back in: the question, declined."""
    page = walk.page
    walk.go("/pub", "h1")
    page.click("#add-player")
    for i, name in enumerate(("Anna", "Ben", "Cem"), start=1):
        page.fill(f"#player-{i}", name)
    page.click("summary")
    page.fill("#house", 'preset = "tsv99"\ndeckel_per_half = 3\neinwuerfeln = true\n')
    page.click("button[type=submit]")
    page.wait_for_selector("#pub-turn-title")
    for entries in range(1, 41):  # Anna a Schock 2 each time, the others 6-5-3
        if not page.locator("#pub-save").count():
            break  # a question instead of a turn: the buy-in
        if "Anna" in page.inner_text("#pub-turn-title"):
            page.locator("#pub-mode label").nth(1).click()
            page.locator("#pub-result label", has_text="Schock 2").click()
        else:
            page.locator("#pub-mode label").nth(0).click()
            for i, pips in enumerate((6, 5, 3)):
                page.click(f"label[for=d{i}-{pips}]")
        if page.locator("#pub-throws-1").count():
            page.locator("#pub-throws-1").check()
        page.click("#pub-save")
        expect(page.locator(f".pub-bar[data-entries='{entries}']")).to_be_attached()
    expect(page.locator("#pub-save")).to_have_count(0)
    walk.look("pub: a buy-in asked")
    page.locator(".pub-options button.secondary").click()  # Anna stays out
    page.wait_for_selector("#pub-save")
    walk.look("pub: the buy-in declined")


def offline(walk: Walk, slug: str) -> None:
    page = walk.page
    page.goto(f"{walk.server.url}/club/{slug}")
    walk.wait("#net-status")
    ready_offline(page)
    page.context.set_offline(True)
    page.goto(f"{walk.server.url}/club/{slug}")
    walk.wait("#net-status")
    for name in ("Anna", "Ben"):
        page.locator("#club-start").get_by_role("button", name=name, exact=True).click()
    page.locator("#club-start-button").click()
    walk.wait("#club-said")
    walk.look("club: without a signal")
    # a pub game of the evening, made and played without a signal: its turns wait
    page.click("#club-new-pub")
    walk.wait("#pub-for-club", "Krone")
    walk.look("pub: a game for the club's evening")
    fields = page.locator("input[name=player]")
    for i in range(fields.count()):
        fields.nth(i).fill(["Anna", "Ben"][i] if i < 2 else "")
    page.locator("details summary").click()
    page.fill("#house", 'preset = "tsv99"\ndeckel_per_half = 2\n')
    page.click("button[type=submit]")
    page.wait_for_selector("#pub-turn-title")
    walk.look("pub: no signal, the first turn")
    page.locator("#pub-who-0").check()  # offline the phone cannot tell whose turn it is
    for i, pips in enumerate((6, 5, 3)):
        page.click(f"label[for=d{i}-{pips}]")
    page.locator("#pub-throws-1").check()
    page.click("#pub-save")
    expect(page.locator("#pub-waiting li")).to_have_count(2)  # the game made, and the turn
    walk.look("pub: a turn waiting without a signal")
    page.context.set_offline(False)


def test_every_page_state_in_the_pseudo_language_shows_only_catalogue_words(
    locale_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Browser
) -> None:
    monkeypatch.setenv("SCHOCKEN_LOCALE_PATH", str(locale_dir))
    extra = (*GENEROUS, "--away-after", "0.2")  # a player who never came is away at once
    with running(tmp_path / "db.sqlite3", seed=9, bot_delay=0.0, extra=extra) as server:
        ctx = browser.new_context(locale="en-US")
        ctx.add_init_script("localStorage.setItem('schocken:lang', 'qps')")
        walk = Walk(ctx.new_page(), server)
        walk.go("/", "h1")
        the_pages_plural_rule_is_gettexts(walk)
        tables_and_review(walk)
        rules_lab(walk)
        slug, made = club(walk)
        tournament(walk, slug, made["session"])
        pub(walk)
        pub_blind(walk)
        pub_buy_in(walk)
        offline(walk, slug)
        ctx.close()
    assert len(walk.seen) > 50
    assert walk.found == {}
    assert walk.errors == []


def club_import(walk: Walk, tmp_path: Path) -> None:
    """A club's export read into this server from the page: a broken file refused, a good one
    imported (the club's page says so)."""
    page = walk.page
    with ClubBook(tmp_path / "elsewhere.sqlite3") as book:
        book.create_club("Krone")
        book.add_member("Krone", "Anna")
        book.add_evening("Krone", "2026-11-20", present=["Anna"])
        exported = book.export_club("Krone")
    good, bad = tmp_path / "krone.json", tmp_path / "broken.json"
    good.write_text(exported, encoding="utf-8")
    bad.write_text(exported[: len(exported) // 2], encoding="utf-8")
    walk.go("/club", "#club-import")
    walk.look("a new club: an import to choose")
    form = page.locator("#club-import")
    form.locator("input[type=file]").set_input_files(bad)
    form.locator("button[type=submit]").click()
    walk.wait("main [role=alert]")
    walk.look("a new club: a broken import refused")
    form.locator("input[type=file]").set_input_files(good)
    form.locator("button[type=submit]").click()
    walk.wait("#club-said", "Krone")
    walk.look("club: imported")


def conflicts(walk: Walk) -> None:
    """The imported club's fines for Ben and Dora entered without a signal, while another device
    renames Ben and Dora leaves the club: both held for the treasurer, one then settled."""
    page, slug, day = walk.page, "krone", date.today().isoformat()
    with ClubBook(walk.server.db) as book:
        for name in ("Ben", "Dora"):
            book.add_member(slug, name)
        book.add_evening(slug, day, present=["Anna", "Ben", "Dora"])
        book.set_fine_item(slug, "Spinksen", 50)
    page.goto(f"{walk.server.url}/club/{slug}")
    walk.wait("#club-fine-members", "Dora")
    ready_offline(page)
    page.context.set_offline(True)
    for entries, name in enumerate(("Ben", "Dora"), start=1):
        page.locator("#club-fine-members").get_by_role("button", name=name, exact=True).click()
        page.locator("#club-fine").get_by_role("button", name=re.compile("Spinksen")).click()
        expect(page.locator("#club-queue-list li")).to_have_count(entries)
    walk.look("club: fines waiting without a signal")
    with ClubBook(walk.server.db) as book:
        book.rename_member(slug, "Ben", "Cem")
        book.member_leaves(slug, "Dora", day)
    page.context.set_offline(False)
    held = page.locator("#club-queue-list li.held")
    expect(held).to_have_count(2, timeout=30_000)
    walk.wait("#club-queue-list li.held", "Cem")  # Ben is called Cem now
    walk.look("club: two entries held for the treasurer")
    held.nth(0).locator("button").first.click()
    expect(held).to_have_count(1)
    walk.look("club: one entry held for the treasurer")


def online_tournament(walk: Walk) -> None:
    """A tournament of the imported club whose table 1 the organiser opens online: the links to
    the seats, the host's lobby, the game played at the server (each seat by a second
    connection, as tests/test_web_tournament.py plays it) and its end booked to the tournament."""
    page, server = walk.page, walk.server
    with TournamentBook(server.db) as book:
        book.create("Cup", date="2026-12-01", club="krone", format="sfreunde", seed="5")
        book.register("Cup", ["Anna", "Cem", "Ben", "Dora"], guest=True)
        book.draw("Cup")
    walk.go("/tournaments/krone/Cup", "main", "Anna")
    page.locator(".tw-opens button").first.click()
    expect(page.locator(".tw-seats li")).to_have_count(4)
    walk.wait("#announce")
    walk.look("tournament: a table opened online")
    links = [str(a.get_attribute("href")) for a in page.locator(".tw-seats li a").all()]
    tokens = [link.split("#", 1)[1] for link in links]
    table_id = links[0].split("/t/", 1)[1].split("#")[0]
    host = page.context.new_page()
    host.on("pageerror", lambda e: walk.errors.append(str(e)))
    walk.page = host
    host.goto(links[0])
    walk.wait("#tournament")
    walk.look("tournament table: the host's lobby", leave_out=(table_id,))
    hands = [Hand(server, table_id, token) for token in tokens]
    host.locator("#start").click()
    for hand in hands:
        hand.read()
    play_together(hands)
    for hand in hands:
        hand.close()
    expect(host.locator("#booked")).to_be_visible(timeout=30_000)
    walk.wait("#booked", "Cup")
    while dismiss_reveal(host):
        pass
    walk.look("tournament table: the game booked", leave_out=(table_id,))
    host.close()
    walk.page = page
    page.reload()
    walk.wait("main", "Anna")
    walk.look("tournament: a table played online")
    for fold in page.locator(".tw-online details").all():  # new links, a bot for a player
        if fold.get_attribute("open") is None:
            fold.locator("> summary").click()
            expect(fold).to_have_attribute("open", "")
    asks = page.locator(".tw-online .tw-ask")
    assert asks.count() >= 2
    for i in range(asks.count()):  # each question asked, then answered no
        asks.nth(i).locator("xpath=preceding-sibling::button[1]").click()
        expect(asks.nth(i).locator("p")).to_be_visible()
        walk.look(f"tournament: the organiser asked, question {i + 1}")
        asks.nth(i).locator("button.secondary").click()
        expect(asks.nth(i).locator("p")).to_have_count(0)
    answer_yes(walk, ".tw-online", 0, "tournament: the organiser's new links, yes")
    answer_yes(walk, ".tw-online", 1, "tournament: a bot for a player, refused: played already")


def answer_yes(walk: Walk, where: str, i: int, state: str) -> None:
    """Ask question ``i`` of the organiser's page's part ``where`` (its folds opened) and answer
    yes: the page says what it did, or why not."""
    page = walk.page
    for fold in page.locator(f"{where} details").all():
        if fold.get_attribute("open") is None:
            fold.locator("> summary").click()
            expect(fold).to_have_attribute("open", "")
    ask = page.locator(f"{where} .tw-ask").nth(i)
    ask.locator("xpath=preceding-sibling::button[1]").click()
    before = page.inner_text("#announce")
    ask.locator("button.primary").click()
    page.wait_for_function(
        """(before) => [document.querySelector('#announce').innerText]
            .some((said) => said !== before && said.includes('⟦'))
            || [...document.querySelectorAll('main .error')].some((e) => e.innerText)""",
        arg=before,
    )
    walk.look(state)


FIRST_ROUND = ((6, 5, 3), (2, 1, 1), (3, 1, 1), (4, 1, 1))
"""The first round of a tournament's pub game, seat by seat: the first player's 6-5-3 loses to
every Schock."""


def pub_tournament(walk: Walk) -> None:
    """A tournament's table counted on one phone (pub mode): the organiser opens it, the phone
    enters a round and the game ends (the rest sent as tests/test_web_tournament_pub.py sends
    it), the next game offered; the organiser's page after it, a new link asked for and made, the
    other table opened online and a bot put in for a player there, and the round closed while
    that table has its game to play (each asked first, answered yes)."""
    page, server = walk.page, walk.server
    with TournamentBook(server.db) as book:
        book.create("Pokal", date="2026-12-02", club="krone", format="sfreunde", seed="5")
        book.register("Pokal", ["Anna", "Cem", "Ben", "Dora", *FOUR_MORE], guest=True)
        tables = [table["players"] for table in book.draw("Pokal")["tables"]]
    players = tables[0]
    walk.go("/tournaments/krone/Pokal", "main", "Anna")
    page.locator(".tw-opens").first.locator("button").nth(1).click()
    link = page.locator(".tw-pub-link a")
    expect(link).to_have_count(1)
    walk.wait("#announce")
    walk.look("tournament: a table counted on one phone")
    pub_id, token = str(link.get_attribute("href")).rsplit("/", 1)[1].split("#")
    phone = page.context.new_page()
    phone.on("pageerror", lambda e: walk.errors.append(str(e)))
    walk.page = phone
    phone.goto(str(link.get_attribute("href")))
    walk.wait("#pub-turn-title", players[0])
    walk.look("tournament's pub game: the first turn", leave_out=(pub_id,))
    for seat, dice in enumerate(FIRST_ROUND):
        pick_dice(phone, dice)
        phone.click("#pub-save")
        saved(phone, seat + 1)
    walk.look("tournament's pub game: a round entered", leave_out=(pub_id,))
    view = phone.request.get(
        f"{server.url}/api/pub/{pub_id}?lang=en", headers={"x-pub-token": token}
    ).json()
    enter(server, pub_id, token, view, 500)
    phone.reload()
    phone.wait_for_selector("#pub-next")
    walk.look("tournament's pub game: its end, the next game offered", leave_out=(pub_id,))
    phone.close()
    walk.page = page
    page.reload()
    walk.wait("main", "Anna")
    walk.look("tournament: a table played as a pub game")
    answer_yes(walk, ".tw-online", 0, "tournament: a new link for the table's phone, yes")
    session = page.evaluate("JSON.parse(localStorage.getItem('schocken:club:krone')).session")
    game = {"session": session, "round": 1, "table": 2, "players": tables[1]}
    order = [[name] for name in tables[1]]
    r = server.post("/api/clubs/krone/tournaments/Pokal/enter", {**game, "halves": [order] * 2})
    assert r.is_success, r.text
    page.reload()
    walk.wait("main", "Anna")
    page.locator(".tw-opens").first.locator("button").first.click()  # table 2, online
    expect(page.locator(".tw-seats li")).to_have_count(4)
    answer_yes(walk, ".tw-online", 2, "tournament: a bot for a player, yes")
    draw = PSEUDO.pseudo(CATALOGUE["en"]["tw_draw"]).format(round=2)
    page.get_by_role("button", name=draw).click()  # round 2: not yet
    ask = page.locator("main .tw-ask p")
    expect(ask).to_have_count(1)
    walk.look("tournament: the organiser asked to close the round")
    before = page.inner_text("#announce")
    ask.locator("xpath=following-sibling::button[1]").click()
    page.wait_for_function(
        "(before) => [document.querySelector('#announce').innerText]"
        ".some((said) => said !== before && said.includes('⟦'))",
        arg=before,
    )
    walk.look("tournament: the round closed, yes")


def test_the_other_page_states_in_the_pseudo_language_show_only_catalogue_words(
    locale_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Browser
) -> None:
    """A club's import, its entries held for the treasurer, a tournament's table played online
    and one played as a pub game (the organiser's questions answered no, then yes), walked as
    the first test walks its states."""
    monkeypatch.setenv("SCHOCKEN_LOCALE_PATH", str(locale_dir))
    with running(tmp_path / "db.sqlite3", seed=9, bot_delay=0.0, extra=GENEROUS) as server:
        ctx = browser.new_context(locale="en-US")
        ctx.add_init_script("localStorage.setItem('schocken:lang', 'qps')")
        walk = Walk(ctx.new_page(), server)
        club_import(walk, tmp_path)
        conflicts(walk)
        online_tournament(walk)
        pub_tournament(walk)
        ctx.close()
    assert len(walk.seen) >= 20, walk.seen
    assert walk.found == {}
    assert walk.errors == []


def test_a_refusal_with_a_count_takes_the_form_the_languages_rule_picks() -> None:
    """A refusal that counts (its field ``n``) is said in the form of the plural entry that the
    language's rule picks, not in one the code chose."""
    for n, en, de in (
        (1, "there is 1 so far", "bisher gibt es 1"),
        (3, "there are 3", "bisher gibt es 3"),
    ):
        error = refused(PubEntryError, "pub_refuse_undo_n", count=5, n=n)
        assert en in refusal_text(error, "en")
        assert de in refusal_text(error, "de")
