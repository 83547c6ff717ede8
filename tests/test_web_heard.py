"""What a blind player hears at the browser table (issue 34, item 2): a whole round played by
roles and accessible names alone, sixes turned in it, every text put in a live region recorded
with its time. Each announcement stays until it can have been heard, your own throws are said
to you, the round's reveal says the round as it opens (its description) and nothing talks over
it, the status reads as three named items, and no "▸" is read. In both languages; axe finds
nothing on the table nor on the reveal. Debian's Chromium driven by Playwright, against a real
server whose dice are scripted."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from playwright.sync_api import Browser, Page, expect

from server_helpers import running
from test_web_club_tasks import axe
from test_web_history import make_table
from test_web_table import DESKTOP, new_page

SCRIPTED = """
import schocken.server.table_state as tables
from schocken.dice import CommittedDice

class Scripted(CommittedDice):
    script = [(2, 2, 1), (6, 5, 3), (6, 6, 1), (4, 1), (5, 3, 2), (5, 3, 2), (5, 3, 2)]

    def roll(self, n):
        if Scripted.script:
            return tuple(Scripted.script.pop(0)[:n])
        return super().roll(n)

tables.CommittedDice = Scripted
"""
"""The table's throws, each cut to the dice thrown, then its committed dice as usual.
Schock4Life, Anna and the bot Bodo: the opening, Anna 2-2-1 and Bodo 6-5-3 (Anna lowest: she
takes a Deckel and opens); round 2, Anna 6-6-1, turns the sixes (the one stays out, 6-1 goes
back), throws 4-1 (Schock 4) and stops; Bodo cannot beat it (no one among his dice) and takes 4
Deckel; he opens round 3."""

HEARD = """
window.__heard = [];
window.__got = [];
(() => {
  const regions = "[aria-live], [role=status], [role=alert]";
  const last = new Map();
  let dialog = null;
  const text = (node) => (node ? node.textContent.replace(/\\s+/g, " ").trim() : "");
  const look = () => {
    const t = Math.round(performance.now());
    for (const region of document.querySelectorAll(regions)) {
      const said = text(region);
      if (said && said !== last.get(region)) {
        window.__heard.push({ t, where: region.id || region.getAttribute("role"), text: said });
      }
      last.set(region, said);
    }
    const open = document.querySelector("[role=dialog][aria-modal=true]");
    if (open !== dialog) {
      const ids = (attr) => (open?.getAttribute(attr) || "").split(" ").filter(Boolean);
      const name = ids("aria-labelledby").map((id) => text(document.getElementById(id))).join(" ");
      window.__heard.push({ t, where: open ? "dialog" : "dialog closed", text: name });
      dialog = open;
    }
  };
  const all = { childList: true, subtree: true, characterData: true };
  new MutationObserver(look).observe(document, all);
  document.addEventListener("focusin", (e) => {
    if (!e.target.closest("[role=dialog]")) return;
    window.__heard.push({ t: Math.round(performance.now()), where: "dialog focus", text: "" });
  });
  // The updates the page gets (to know when the bot has played, not to play).
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => window.__got.push(JSON.parse(e.data)));
    }
  };
})();
"""
"""Every text put in a live region (the announcements, the banner, alerts), each time it
changes, and every modal dialog opened, focused (a screen reader reads it then) and closed,
with the time (ms); and the server's messages, kept for the test."""

READ_MS = 1000
READ_MS_PER_CHAR = 50
"""An announcement stays at least this long (about 200 words a minute) before the next."""


class Words(NamedTuple):
    start: str
    throw: str
    turn: str
    stop: str
    go_on: str
    opening: str
    opening_said: str
    round_2: str
    round_2_said: str
    before_opening: str
    threw_661: str
    turned: str
    threw_411: str
    round_heard: re.Pattern[str]
    after_round: re.Pattern[str]
    your_turn: str
    status: str
    middle: str
    limit: re.Pattern[str]
    rules: str


WORDS = {
    "en-GB": Words(
        start="Start the game",
        throw="Throw",
        turn="Turn sixes",
        stop="Stop",
        go_on="Go on",
        opening="Cups up!",
        opening_said="Opening throw: Anna: 2-2-1, Bodo: 6-5-3. "
        "Anna threw lowest and takes 1 Deckel; Anna opens.",
        round_2="Cups up! Round 2",
        round_2_said="Round 2: Anna: Schock 4, Bodo: 5-3-2. "
        "Best: Anna (Schock 4); worst: Bodo (5-3-2). Bodo takes 4 Deckel from the middle.",
        before_opening="You threw 2-2-1. Bodo's turn.",
        threw_661="You threw 6-6-1.",
        turned="You turned two sixes into a one. Back into the cup: 6-1.",
        threw_411="You threw 4-1-1.",
        # Bodo's turn and his first throw are said before the reveal only if the region was
        # free when they came; else the reveal says them (his dice), and they are not repeated.
        round_heard=re.compile(
            r"Your turn\. You threw 6-6-1\. "
            r"You turned two sixes into a one\. Back into the cup: 6-1\. "
            r"You threw 4-1-1\.( Bodo's turn\.)?( Bodo threw 5-3-2\.)?"
        ),
        after_round=re.compile(r"(Bodo threw( [1-6]-[1-6]-[1-6]|, covered)\. )+Your turn\."),
        your_turn="Your turn.",
        status="The table now",
        middle="Middle: 8 Deckel",
        limit=re.compile(r"^Throw limit: [123]$"),
        rules="Rules: Schock4Life",
    ),
    "de-DE": Words(
        start="Spiel starten",
        throw="Werfen",
        turn="Sechsen drehen",
        stop="Stehen lassen",
        go_on="Weiter",
        opening="Becher hoch!",
        opening_said="Eröffnungswurf: Anna: 2-2-1, Bodo: 6-5-3. "
        "Anna warf am niedrigsten, bekommt 1 Deckel und beginnt.",
        round_2="Becher hoch! Runde 2",
        round_2_said="Runde 2: Anna: Schock 4, Bodo: 5-3-2. "
        "Bestes: Anna (Schock 4); schlechtestes: Bodo (5-3-2). "
        "Bodo nimmt 4 Deckel aus der Mitte.",
        before_opening="Du hast 2-2-1 geworfen. Bodo ist dran.",
        threw_661="Du hast 6-6-1 geworfen.",
        turned="Du hast aus zwei Sechsen eine Eins gemacht. Zurück in den Becher: 6-1.",
        threw_411="Du hast 4-1-1 geworfen.",
        round_heard=re.compile(
            r"Du bist dran\. Du hast 6-6-1 geworfen\. "
            r"Du hast aus zwei Sechsen eine Eins gemacht\. Zurück in den Becher: 6-1\. "
            r"Du hast 4-1-1 geworfen\.( Bodo ist dran\.)?( Bodo wirft 5-3-2\.)?"
        ),
        after_round=re.compile(r"(Bodo wirft( [1-6]-[1-6]-[1-6]|, verdeckt)\. )+Du bist dran\."),
        your_turn="Du bist dran.",
        status="Der Tisch jetzt",
        middle="Mitte: 8 Deckel",
        limit=re.compile(r"^Wurflimit: [123]$"),
        rules="Regeln: Schock4Life",
    ),
}


def settled(page: Page) -> None:
    """Wait until the page's animations are over (axe measures a colour as it is shown: a
    Deckel flying in is still see-through)."""
    page.evaluate(
        """Promise.all(document.getAnimations()
           .filter((a) => a.effect.getComputedTiming().endTime !== Infinity)
           .map((a) => a.finished))"""
    )


def heard(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.__heard")
    return found


def wait_to_hear(page: Page, words: str, times: int = 1) -> None:
    """Wait until the announcements have said ``words`` (``times`` times in all)."""
    page.wait_for_function(
        """([words, times]) => window.__heard.filter(
             (h) => h.where === "announce" && h.text.includes(words)).length >= times""",
        arg=[words, times],
    )


def runs(entries: list[dict[str, Any]]) -> list[str]:
    """What the announcements said between the dialogs, each stretch as one text, with the
    dialogs' names between them."""
    out = [""]
    for entry in entries:
        if entry["where"] == "dialog":
            out += [f"[{entry['text']}]", ""]
        elif entry["where"] == "announce":
            out[-1] = f"{out[-1]} {entry['text']}".strip()
    return out


@pytest.mark.parametrize("locale", WORDS)
def test_a_blind_player_hears_a_whole_round(browser: Browser, tmp_path: Path, locale: str) -> None:
    words = WORDS[locale]
    # (The bot waits 0.3 s before each move: what Anna's own move did is said before his.)
    with running(tmp_path / "db.sqlite3", seed=2, bot_delay=0.3, prelude=SCRIPTED) as server:
        table = make_table(server, ["Anna"], 1, rules="schock4life")
        ctx, page = new_page(browser, locale, DESKTOP)
        page.add_init_script(HEARD)
        page.goto(f"{server.url}{table['host_url']}")
        button = page.get_by_role
        button("button", name=words.start).click()

        # The opening: Anna throws; the reveal opens and says the opening whole as it opens.
        button("button", name=words.throw, exact=True).click()
        reveal = page.get_by_role("dialog", name=words.opening, exact=True)
        expect(reveal).to_be_visible()
        expect(reveal).to_have_accessible_description(words.opening_said)
        # "Go on" takes the focus once "You threw 2-2-1. Bodo's turn." could be heard.
        expect(reveal.get_by_role("button", name=words.go_on)).to_be_focused(timeout=15_000)
        settled(page)
        assert axe(page) == []
        reveal.get_by_role("button", name=words.go_on).click()
        wait_to_hear(page, words.your_turn)
        # Back at the table, on Throw (not nowhere).
        expect(button("button", name=words.throw, exact=True)).to_be_focused()

        # Round 2: 6-6-1, the sixes turned, 4-1 thrown: Schock 4, and Stop. Anna acts when
        # she has heard what her last move did.
        button("button", name=words.throw, exact=True).click()
        wait_to_hear(page, words.threw_661)
        button("button", name=words.turn).click()
        wait_to_hear(page, words.turned)
        button("button", name=words.throw, exact=True).click()
        wait_to_hear(page, words.threw_411)
        button("button", name=words.stop).click()
        reveal = page.get_by_role("dialog", name=words.round_2, exact=True)
        expect(reveal).to_be_visible()
        expect(reveal).to_have_accessible_description(words.round_2_said)
        # Bodo opens round 3 and plays while Anna reads: nothing is said over the reveal.
        page.wait_for_function(
            "() => window.__got.some((m) => m.type === 'update' && m.view && m.view.round === 3"
            " && m.legal.length > 0)"
        )
        settled(page)
        assert axe(page) == []
        opened = max(i for i, h in enumerate(heard(page)) if h["where"] == "dialog")
        assert [h for h in heard(page)[opened + 1 :] if h["where"] == "announce"] == []
        reveal.get_by_role("button", name=words.go_on).click()
        wait_to_hear(page, words.your_turn, times=2)
        expect(button("button", name=words.throw, exact=True)).to_be_focused()

        # The status: three items, each with a name.
        status = page.get_by_role("list", name=words.status)
        expect(status.get_by_role("listitem")).to_have_count(3)
        expect(status.get_by_role("listitem", name=words.middle, exact=True)).to_be_visible()
        expect(status.get_by_role("listitem", name=words.limit)).to_be_visible()
        expect(status.get_by_role("listitem", name=words.rules, exact=True)).to_be_visible()
        # No arrow of a folding part is read ("Invite and watch", ...).
        tree = page.locator("body").aria_snapshot()
        assert "▸" not in tree and "▾" not in tree, tree
        settled(page)
        assert axe(page) == []

        # What Anna heard, in order: the announcements between the reveals, and the reveals.
        entries = heard(page)
        said = runs(entries)
        assert said[0] == words.before_opening, said
        assert said[1] == f"[{words.opening}]", said
        assert words.round_heard.fullmatch(said[2]), said
        assert said[3] == f"[{words.round_2}]", said
        assert words.after_round.fullmatch(said[4]), said
        assert len(said) == 5, said
        # Only the announcements spoke (no alert, no banner), and each stayed until it could
        # be heard: neither the next one nor a reveal's focus (a screen reader then reads the
        # reveal) came sooner than its reading time.
        kinds = {"announce", "dialog", "dialog focus", "dialog closed"}
        assert {h["where"] for h in entries} == kinds, entries
        spoken = [h for h in entries if h["where"] in ("announce", "dialog focus")]
        for a, b in itertools.pairwise(spoken):
            if a["where"] == "announce":
                assert b["t"] - a["t"] >= READ_MS + READ_MS_PER_CHAR * len(a["text"]) - 2, (a, b)
        assert page.errors == []  # type: ignore[attr-defined]
        ctx.close()
