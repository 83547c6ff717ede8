"""The small things of issue 23 at the browser table, and its accessibility pass: "Copy link"
without the clipboard API, the language button's name, the header and the log agreeing on the
round, English ordinals, one "Game over", halves counted without the Finale, the reveal taking
the first Space and the next acting, and a whole turn read from Chromium's accessibility tree in
both languages. Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from playwright.sync_api import Browser, Page, expect

from server_helpers import running
from test_web import dismiss_reveal
from test_web_club import club_with_an_evening
from test_web_history import Hand, make_table
from test_web_table import DESKTOP, PHONE, SIXES, new_page

NO_CLIPBOARD = """
Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
window.__copied = [];
document.execCommand = (command) => {
  window.__copied.push([command, String(getSelection()) || document.activeElement.value]);
  return window.__copy_works;
};
"""
"""A browser without the clipboard API (a page over plain HTTP), whose old copy command does
what ``window.__copy_works`` says."""

SENT = """
window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.__sent.push(JSON.parse(data));
  return send.call(this, data);
};
"""
"""Every message the page sends, kept for the test."""


def actions_sent(page: Page) -> list[str]:
    sent: list[dict[str, Any]] = page.evaluate("window.__sent")
    return [m["action"] for m in sent if m["type"] == "action"]


def name_mismatches(page: Page) -> list[str]:
    """Like axe's label-content-name-mismatch: a control with a name of its own (aria-label)
    whose name does not contain the words it shows."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('button[aria-label], a[aria-label]')]
        .filter((e) => e.checkVisibility())
        .filter((e) => {
          const shown = e.innerText.replace(/\\s+/g, ' ').trim().toLowerCase();
          const name = e.getAttribute('aria-label').replace(/\\s+/g, ' ').trim().toLowerCase();
          return shown && !name.includes(shown);
        })
        .map((e) => `${e.id}: ${e.getAttribute('aria-label')} / ${e.innerText}`)"""
    )
    return found


def test_copy_link_without_the_clipboard_api_says_what_happened(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path / "db.sqlite3", seed=7) as server:
        table = make_table(server, ["Anna"], 1, rules="tsv99")
        invite = f"{server.url}/join/{table['code']}"
        # The old way works: the link is copied, and the page says so.
        for works, said in (
            (True, "Link copied."),
            (
                False,
                "This browser lets the page copy nothing: the link is selected, copy it "
                "yourself (Ctrl+C, or press and hold on a phone).",
            ),
        ):
            ctx, page = new_page(browser, "en-GB", PHONE)
            page.add_init_script(NO_CLIPBOARD + f"window.__copy_works = {str(works).lower()};")
            page.goto(f"{server.url}{table['host_url']}")
            page.click("#copy")
            expect(page.locator("#copy-said")).to_have_text(said)
            expect(page.locator("#copy-said")).to_have_attribute("role", "status")
            assert page.evaluate("window.__copied") == [["copy", invite]]
            if works:
                expect(page.locator(".copy-box")).to_have_count(0)
            else:  # the link stays selected in a box, for the player to copy
                box = page.locator(".copy-box")
                expect(box).to_be_focused()
                expect(box).to_have_value(invite)
                expect(box).to_have_accessible_name("Invite link")
                selected = page.evaluate(
                    "(b => b.value.slice(b.selectionStart, b.selectionEnd))(document.activeElement)"
                )
                assert selected == invite
            assert page.errors == []  # type: ignore[attr-defined]
            ctx.close()
        # With the clipboard API (allowed here), the link is on the clipboard.
        ctx, page = new_page(browser, "en-GB", DESKTOP)
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        page.goto(f"{server.url}{table['host_url']}")
        page.click("#copy")
        expect(page.locator("#copy-said")).to_have_text("Link copied.")
        assert page.evaluate("navigator.clipboard.readText()") == invite
        ctx.close()


def test_the_reveal_takes_the_first_space_and_the_next_one_acts(
    browser: Browser, tmp_path: Path
) -> None:
    """schock4life, Anna and a bot: Anna's opening throw 2-2-1 is the lowest, so she opens the
    next round. The round's end and her next turn come in one update: the reveal is up before
    her Throw button is (no key can go to a table she has not seen); her first Space closes it,
    her second throws."""
    watch = """
    window.__throwSeen = [];
    new MutationObserver(() => {
      const shown = Boolean(document.querySelector('main #throw'));
      if (shown && !window.__throwShown) {
        window.__throwSeen.push(Boolean(document.getElementById('reveal')));
      }
      window.__throwShown = shown;
    }).observe(document, { childList: true, subtree: true });
    """
    # (The bot waits a second: Anna's own throw is drawn before the round's end comes.)
    with running(tmp_path / "db.sqlite3", seed=2, bot_delay=1.0, prelude=SIXES) as server:
        table = make_table(server, ["Anna"], 1, rules="schock4life")
        ctx, page = new_page(browser, "en-GB", DESKTOP)
        page.add_init_script(SENT + watch)
        page.goto(f"{server.url}{table['host_url']}")
        page.click("#start")
        page.wait_for_selector("#throw")
        page.keyboard.press("Space")  # the opening throw
        expect(page.locator("#reveal")).to_be_visible(timeout=10_000)
        seen = page.evaluate("window.__throwSeen")
        assert seen == [False, True], seen  # the first Throw before any round; then under it
        assert actions_sent(page) == ["throw"]
        page.keyboard.press("Space")  # closes the reveal, throws nothing
        expect(page.locator("#reveal")).to_have_count(0)
        assert actions_sent(page) == ["throw"]
        page.keyboard.press("Space")  # now the throw
        expect(page.locator("#turn")).to_be_visible()  # 6-6-1: sixes to turn
        assert actions_sent(page) == ["throw", "throw"]
        assert page.errors == []  # type: ignore[attr-defined]
        ctx.close()


def test_header_and_log_agree_ordinals_and_the_summary(browser: Browser, tmp_path: Path) -> None:
    """tsv99 opens with a round for no Deckel (round 1): the log says who opens round 2, and the
    header says round 2. English says "1st throw", German "1. Wurf". The summary says "Game over"
    once, and counts the halves each player lost, not the Finale."""
    house = 'preset = "tsv99"\ndeckel_per_half = 2\ndeckel_in_finale = 2\n'
    with running(tmp_path / "db.sqlite3", seed=31, bot_delay=0) as server:
        table = make_table(server, ["Anna"], 2, rules="tsv99", rules_toml=house)
        en_ctx, en = new_page(browser, "en-GB", DESKTOP)
        de_ctx, de = new_page(browser, "de-DE", PHONE)
        en.goto(f"{server.url}{table['host_url']}")
        de.goto(f"{server.url}/t/{table['id']}#spectate={table['spectator_token']}")
        en.wait_for_selector("#start")
        hand = Hand(server, table["id"], table["tokens"][0])
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        hand.read()
        expect(en.locator("#status-h")).to_contain_text("Opening")
        hand.play_until(rounds=2)
        opened = en.locator("#log li[data-key='best_opens']")
        expect(opened).to_contain_text(re.compile(r"and opens round 2\.$"))
        expect(en.locator("#status-h")).to_have_text("first half (Hinrunde) · Round 2")
        expect(de.locator("#log li[data-key='best_opens']")).to_contain_text("eröffnet Runde 2.")
        expect(de.locator("#status-h")).to_have_text("Hinrunde · Runde 2")
        # Throws are counted as each language counts: "1st throw", "1. Wurf".
        seen_en: set[str] = set()
        seen_de: set[str] = set()
        for _ in range(60):
            hand.play_until(rounds=hand.state["view"]["round"] + 1)  # type: ignore[index]
            seen_en |= set(
                re.findall(r"\((?:[^()]*?)(\d\w*\.? throw)\)", en.locator("#players").inner_text())
            )
            seen_de |= set(
                re.findall(r"\((?:[^()]*?)(\d\.? Wurf)\)", de.locator("#players").inner_text())
            )
            if hand.state["view"]["loser"] is not None:  # type: ignore[index]
                break
        assert seen_en and seen_en <= {"1st throw", "2nd throw", "3rd throw"}, seen_en
        assert seen_de and seen_de <= {"1. Wurf", "2. Wurf", "3. Wurf"}, seen_de
        hand.play_until(rounds=10_000)
        hand.close()
        outcome = server.get(f"/api/tables/{table['id']}").json()
        assert outcome["finished"]
        record = server.get(f"/api/tables/{table['id']}/record").json()["outcome"]
        halves = [s for s in record["sections"] if s["section"] != "finale"]
        assert record["finale"], "this seed's game has a Finale"
        for page, game_over in ((en, "Game over"), (de, "Spiel vorbei")):
            summary = page.locator("#summary")
            expect(summary).to_be_visible(timeout=30_000)
            assert summary.inner_text().count(game_over) == 1
            column = page.locator("#summary-table tbody td:nth-of-type(2)").all_inner_texts()
            assert sum(int(x) for x in column) == len(halves)
            for seat, count in enumerate(column):
                assert int(count) == sum(1 for s in halves if s["loser"] == seat)
        assert en.errors == [] and de.errors == []  # type: ignore[attr-defined]
        en_ctx.close()
        de_ctx.close()


def play_to_a_decision(page: Page) -> None:
    """Anna plays (throws) until she faces a decision with dice to pick and Stop."""
    for _ in range(300):
        if dismiss_reveal(page):
            continue
        if page.locator("#stop").count() and page.locator("#dice button.die").count() == 3:
            page.wait_for_timeout(700)  # the dice have landed
            if page.locator("#stop").count():
                return
        if page.locator("#throw").count():
            try:
                page.click("#throw", timeout=1000)
            except Exception:  # a reveal came up meanwhile: look again
                continue
        page.wait_for_timeout(60)
    raise AssertionError("no decision came")


class Words(NamedTuple):
    """What a turn reads like in one language."""

    plays: str
    timer: re.Pattern[str]
    die: re.Pattern[str]
    actions: list[str]
    prompt: str
    reveal: re.Pattern[str]
    language: str


TURN_WORDS = {
    "en-GB": Words(
        plays="plays now: Anna (you)",
        timer=re.compile(r'timer "Time left for Anna: \d+ s"'),
        die=re.compile(r'button "Die 1: [1-6], in the cup"'),
        actions=['button "Throw"', 'button "Stop"'],
        prompt="Anna, your turn: tap dice to keep them out of the cup, then throw or stop.",
        reveal=re.compile(r'dialog "Cups up! Round \d+"'),
        language='button "Deutsch (Sprache / language)": Deutsch',
    ),
    "de-DE": Words(
        plays="ist dran: Anna (du)",
        timer=re.compile(r'timer "Zeit für Anna: noch \d+ s"'),
        die=re.compile(r'button "Würfel 1: [1-6], im Becher"'),
        actions=['button "Werfen"', 'button "Stehen lassen"'],
        prompt="Anna, du bist dran",
        reveal=re.compile(r'dialog "Becher hoch! Runde \d+"'),
        language='button "English (language / Sprache)": English',
    ),
}


def test_a_whole_turn_read_from_the_accessibility_tree(browser: Browser, tmp_path: Path) -> None:
    """The screen as a screen reader has it (Chromium's accessibility tree, as text): who plays,
    the time left, the dice, what may be done, and the round's result; every control's name
    contains the words it shows (axe: label-content-name-mismatch); in both languages."""
    for locale, words in TURN_WORDS.items():
        with running(tmp_path / f"{locale}.sqlite3", seed=3, bot_delay=0.05) as server:
            table = make_table(server, ["Anna"], 2, rules="schock4life", turn_timer=600)
            ctx, page = new_page(browser, locale, PHONE)
            page.goto(f"{server.url}{table['host_url']}")
            assert name_mismatches(page) == []
            page.click("#start")
            play_to_a_decision(page)
            tree = page.locator("body").aria_snapshot()
            assert words.language in tree
            main = page.locator("main").aria_snapshot()
            assert words.plays in main, main
            assert words.timer.search(main), main
            assert words.die.search(main), main
            for action in words.actions:
                assert action in main, main
            assert words.prompt in main, main
            assert name_mismatches(page) == []
            # Stop: the round goes on to its end, and the reveal reads as the round's result.
            page.click("#stop")
            reveal = page.locator("#reveal")
            expect(reveal).to_be_visible(timeout=30_000)
            if not reveal.get_attribute("class") or "reveal-round" not in (
                reveal.get_attribute("class") or ""
            ):
                dismiss_reveal(page)
                expect(page.locator("#reveal.reveal-round")).to_be_visible(timeout=30_000)
            said = page.locator("#reveal").aria_snapshot()
            assert words.reveal.search(said), said
            assert "Anna" in said and re.search(r"[1-6]-[1-6]-[1-6]", said), said
            assert "img" not in said  # the dice are said in words, once
            assert name_mismatches(page) == []
            assert page.errors == []  # type: ignore[attr-defined]
            ctx.close()


def test_counts_say_one_evening_not_one_evenings(browser: Browser, tmp_path: Path) -> None:
    """The club's statistics and its evenings count in each language's plural forms."""
    with running(tmp_path / "db.sqlite3") as server:
        made = club_with_an_evening(server, "Kegelclub")
        slug = made["club"]["slug"]
        for locale, evening, stats in (
            ("en-GB", "2026-11-20, –: 1 came, 0 games", "1 evening, 0 games."),
            ("de-DE", "2026-11-20, –: 1 da, 0 Spiele", "1 Abend, 0 Spiele."),
        ):
            ctx, page = new_page(browser, locale, PHONE)
            page.goto(f"{server.url}/club/{slug}#{made['secret']}")
            expect(page.locator("#club-evening-list li")).to_have_text([evening])
            page.click("#club-to-stats")
            expect(page.get_by_text(stats, exact=True)).to_be_visible()
            assert page.errors == []  # type: ignore[attr-defined]
            ctx.close()
