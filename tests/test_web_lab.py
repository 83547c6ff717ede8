"""The rules lab in the builder's page (issue 31): on a phone, the rules being built measured
beside a preset, the figures in a table with headers, the status said, nothing wider than the
phone; the groups folded so the page fits about three screens; a bad rule set refused in words.
Debian's Chromium driven by Playwright, against a real server (the reference engine with few
games, asked for by the test, so that it does not wait for the batch simulator's compiling)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import httpx
import pytest
from playwright.sync_api import Browser, Route, expect

from server_helpers import Server, running
from test_web_club_tasks import axe
from test_web_table import PHONE, new_page, unnamed_controls

FEW = {"games": 100, "engine": "reference", "skill_games": 10}
"""What the test adds to the panel's request: few games on the reference engine."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("lab") / "db.sqlite3", seed=3) as s:
        yield s


def few_games(route: Route) -> None:
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, **FEW}))


COVERED = """() => {
  const e = document.activeElement;
  if (!e || !e.matches('a, button, input, select, summary, textarea')) return null;
  if (e.closest('.rb-summary, .rb-sticky')) return null;
  const r = e.getBoundingClientRect();
  const top = document.querySelector('.rb-summary').getBoundingClientRect();
  const bar = document.querySelector('.rb-sticky').getBoundingClientRect();
  const under = bar.bottom >= innerHeight - 1 && r.bottom > bar.top + 1 && r.top < innerHeight;
  const over = top.top <= 1 && r.top < top.bottom - 1 && r.bottom > 0;
  return under || over ? (e.id || e.textContent) : null;
}"""
"""The focused control, where the builder's sticky summary or its action bar covers some of it."""


def test_the_lab_on_a_phone(browser: Browser, server: Server) -> None:
    ctx, page = new_page(browser, "de-DE", PHONE)
    page.route("**/api/lab*", few_games)
    warmed: list[dict[str, object]] = []

    def warm(route: Route) -> None:  # the page asks the server to warm the preset beside it
        warmed.append(json.loads(route.request.post_data or "{}"))
        route.continue_()

    page.route("**/api/lab/warm", warm)  # the later route is asked first
    page.goto(server.url + "/rules")
    page.wait_for_selector("#lab-run")
    for _ in range(100):
        if warmed:
            break
        page.wait_for_timeout(50)
    assert warmed == [{"against": "tsv99"}]
    # The groups fold: the page with the lab fits about three phone screens.
    assert page.locator("details.rb-fold[open]").count() == 1
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 3.5 * PHONE["viewport"]["height"], height
    # A house rule, measured beside the preset it changes.
    page.locator("#rb-fold-specials > summary").click()
    page.get_by_label("Jule (4-2-1)", exact=True).check()
    expect(page.locator("#rb-summary")).to_contain_text("Jule")
    # The action bar stays while the options scroll, its two buttons side by side under "Mit
    # diesen Regeln:": the summary above and the bar below keep most of the phone's screen
    # for the options.
    bar = page.get_by_role("group", name="Mit diesen Regeln:")
    start = bar.get_by_role("button", name="Tisch eröffnen", exact=True).bounding_box()
    pub = bar.get_by_role("button", name="In der Kneipe mitschreiben", exact=True).bounding_box()
    assert start is not None and pub is not None and start["y"] == pub["y"]
    covered = page.evaluate(
        "() => ['#rb-summary', '.rb-sticky'].map("
        "(s) => document.querySelector(s).closest('.rb-summary, .rb-sticky')"
        ".getBoundingClientRect().height)"
    )
    assert sum(covered) < 0.2 * PHONE["viewport"]["height"], covered
    # Each control the keyboard reaches is scrolled to where neither covers it (WCAG 2.4.11)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator("#rb-preset").focus()
    covered_controls = []
    for _ in range(60):
        page.keyboard.press("Tab")
        found = page.evaluate(COVERED)
        if found:
            covered_controls.append(found)
    assert covered_controls == []
    assert page.input_value("#lab-against") == "tsv99"
    page.click("#lab-run")
    expect(page.locator("#lab-status")).to_have_text("Kennzahlen fertig.", timeout=120_000)
    table = page.locator("#lab-table")
    assert table.locator("thead th[scope=col]").all_inner_texts() == [
        "Kennzahl",
        "Diese Regeln",
        "TSV 99",
        "Mehr als Zufall?",
    ]
    assert table.locator("tbody th[scope=row]").count() == 8
    expect(table.locator("caption")).to_have_text("Regel-Labor: TSV 99 + 1")  # the preset's name
    rounds = table.locator("tr[data-figure=rounds] td").all_inner_texts()
    assert rounds[0].count("[") == 1 and rounds[2] in ("ja", "nein")
    # Each interval on a line under its figure, so that both rule sets and the verdict fit the
    # phone side by side: nothing to scroll sideways.
    assert table.locator("tr[data-figure=rounds] td .lab-ci").count() == 2
    region = "document.querySelector('.lab-scroll')"
    assert page.evaluate(f"{region}.scrollWidth <= {region}.clientWidth")
    page.set_viewport_size({"width": 320, "height": 568})  # and on the smallest phones
    assert page.evaluate(f"{region}.scrollWidth <= {region}.clientWidth")
    page.set_viewport_size(PHONE["viewport"])
    # A plot of the games by their rounds, a line for each rule set, said in words too
    plot = page.get_by_role("img", name="Runden pro Spiel")
    assert plot.locator("polyline").count() == 2
    legend = page.locator("#lab-plot-said li").all_inner_texts()
    assert [line.split(":")[0].strip() for line in legend] == ["Diese Regeln", "TSV 99"], legend
    assert all("am häufigsten" in line and "Runden" in line for line in legend), legend
    assert axe(page) == []  # WCAG 2.2 AA, the figures, the plot and the options shown
    notes = page.locator(".lab-notes").inner_text()
    # first what "TSV 99 + 1" stands for
    said = page.locator(".lab-notes li").first.inner_text()
    assert said == "Diese Regeln: TSV 99, aber: Jule (4-2-1) zählt.", said
    assert "100 Spiele von vier Stammspielern auf der Referenz-Engine" in notes
    assert "Holm-korrigiert über 8 Kennzahlen" in notes
    assert page.locator("#lab-status").get_attribute("aria-live") == "polite"
    # Nothing wider than the phone: a wide table scrolls in its own region.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    assert unnamed_controls(page) == []
    # Another preset chosen: the server is asked to warm that one.
    page.select_option("#lab-against", "allgemein")
    for _ in range(100):
        if len(warmed) > 1:
            break
        page.wait_for_timeout(50)
    assert warmed == [{"against": "tsv99"}, {"against": "allgemein"}]
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()


def test_the_skill_figure_refined_on_the_page(browser: Browser, server: Server) -> None:
    """On the batch simulator the figures show at once and the status says the strong bot plays
    on; the table is shown again with the skill figure from all its games, and the status says
    so. Measuring anew while it refines starts the new measurement (the refining stops)."""
    # and the skill games as the page asks (20,000), the first answer's from their first
    # chunk alone: refined however quick the machine
    asked: dict[str, object] = {"games": 200, "skill_seconds": 0}

    def games(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, **asked}))

    ctx, page = new_page(browser, "de-DE", PHONE)
    page.route("**/api/lab*", games)
    page.goto(server.url + "/rules")
    page.wait_for_selector("#lab-run")
    # Every status said, with whether the button could be used then, and the table's skill cell.
    page.evaluate("""() => {
        window.said = [];
        const status = document.getElementById("lab-status");
        new MutationObserver(() => {
            const cell = document.querySelector("tr[data-figure=skill] td");
            window.said.push([status.textContent, document.getElementById("lab-run").disabled,
                              cell ? cell.textContent : null]);
        }).observe(status, { childList: true, characterData: true, subtree: true });
    }""")
    page.select_option("#lab-against", "")  # the rules alone
    page.click("#lab-run")
    status = page.locator("#lab-status")
    expect(status).to_have_text(
        "Kennzahlen fertig; der Anteil des starken Bots jetzt aus 20.000 Spielen.", timeout=300_000
    )
    said = page.evaluate("window.said")
    texts = [text for text, _, _ in said]
    assert texts[0] == "Wird gemessen …", said
    refining = [x for x in said if x[0].startswith("Kennzahlen fertig. Der starke Bot spielt")]
    assert len(refining) == 1 and refining[0][1] is False, said  # the button usable meanwhile
    assert refining[0][2] != said[-1][2]  # the skill figure shown, then a narrower one
    assert not any("nur aus" in x for x in page.locator(".lab-notes li").all_inner_texts())
    # Refining again (more games asked), then measured anew: the new figures, no error.
    page.locator("#rb-fold-specials > summary").click()
    page.get_by_label("Jule (4-2-1)", exact=True).check()
    page.click("#lab-run")
    expect(status).to_contain_text("Der starke Bot spielt weitere Spiele", timeout=300_000)
    asked.clear()
    asked.update(FEW)
    page.click("#lab-run")
    expect(status).to_have_text("Kennzahlen fertig.", timeout=120_000)
    expect(page.locator("#lab-error")).to_have_text("")
    assert "100 Spiele von vier Stammspielern" in page.locator(".lab-notes").inner_text()
    assert page.errors == []  # type: ignore[attr-defined]
    ctx.close()


def test_the_server_warms_the_preset_beside_the_rules(tmp_path: Path) -> None:
    """``POST /api/lab/warm``: the preset measured once in the background (on the batch
    simulator), so that the figures beside it come within their two seconds; a second ask while
    it runs starts nothing; an unknown preset is refused in words."""
    with running(tmp_path / "db.sqlite3", lab_warm=True) as s:

        def warm(against: object) -> httpx.Response:
            body = {"against": against}
            return httpx.post(f"{s.url}/api/lab/warm", json=body, headers={"origin": s.url})

        r = warm("kneipe")
        assert r.status_code == 400 and "'kneipe'" in r.json()["error"]
        assert warm(None).json() == {"ok": True, "warming": False, "ready": False}
        assert warm("allgemein").json() == {"ok": True, "warming": True, "ready": False}
        assert warm("allgemein").json() == {"ok": True, "warming": False, "ready": False}
        deadline = time.monotonic() + 300  # numba may compile its code first, on a fresh clone
        while not warm("allgemein").json()["ready"]:
            assert time.monotonic() < deadline, "the preset was not measured"
            time.sleep(0.5)
        assert warm("allgemein").json() == {"ok": True, "warming": False, "ready": True}
        assert warm("tsv99").json()["warming"]  # another preset: its own measurement


def test_bad_rules_refused_in_words(server: Server) -> None:
    bad = {"rules": {"preset": "tsv99", "overrides": {"deckel_per_half": 0}}}
    r = httpx.post(f"{server.url}/api/lab?lang=de", json=bad, headers={"origin": server.url})
    assert r.status_code == 400
    assert r.json()["error"] == (
        "Das Labor kann diese Regeln nicht messen: Option 'Deckel je Hälfte' muss zwischen 1 "
        "und 999 liegen, nicht 0"
    )
    nope = {"rules": {"preset": "tsv99", "overrides": {}}, "against": "kneipe", **FEW}
    r = httpx.post(f"{server.url}/api/lab", json=nope, headers={"origin": server.url})
    assert r.status_code == 400 and "kneipe" in r.json()["error"]
    for seconds in (2, -0.5, "1", True):
        slow = {"rules": {"preset": "tsv99", "overrides": {}}, **FEW, "skill_seconds": seconds}
        r = httpx.post(f"{server.url}/api/lab?lang=en", json=slow, headers={"origin": server.url})
        assert r.status_code == 400
        assert r.json()["error"] == (
            "The lab cannot measure these rules: skill_seconds: seconds from 0 to 1"
        ), r.json()


def test_figures_stream_with_progress(server: Server) -> None:
    body = {"rules": {"preset": "allgemein", "overrides": {}}, **FEW}
    with httpx.stream(
        "POST", f"{server.url}/api/lab?lang=en", json=body, headers={"origin": server.url},
        timeout=120,
    ) as r:  # fmt: skip
        lines = [json.loads(line) for line in r.iter_lines() if line]
    assert lines[0]["total"] == 100 and all("done" in x for x in lines[:-1])
    result = lines[-1]["result"]
    assert result["ok"] and result["against"] is None and result["ours"]["games"] == 100
    assert [row["figure"] for row in result["rows"]] == [
        "rounds",
        "turns",
        "minutes",
        "finale",
        "schock_aus",
        "opener_lost",
        "p95_rounds",
        "skill",
    ]
    # the games by their rounds, for the page's plot
    counts = result["rounds"]["ours"]
    assert sum(counts) == 100 and counts[0] == 0 and result["rounds"]["against"] is None
    # each figure also in its parts (the page puts the interval under the figure)
    rounds = result["rows"][0]
    assert rounds["ours_parts"][0] + " " + rounds["ours_parts"][1] == rounds["ours"]
    assert rounds["ours_parts"][1].startswith("[") and "against_parts" not in rounds


def test_the_skill_figure_refined_after_the_figures(tmp_path: Path) -> None:
    """On the batch simulator: the figures come at once, the skill figure from the games that
    fitted (``refining``); the stream goes on with the skill games' progress and ends with the
    figures again, the skill figure from all of them. A new measurement from the same address
    while one refines is not refused: that one stops, without a last result."""
    rules = {"preset": "knobelrunde", "overrides": {"deckel_per_half": 7}}
    body = {
        "rules": rules,
        "against": "knobelrunde",
        "games": 200,
        "skill_games": 20_000,
        "skill_seconds": 0,
    }  # the first skill games alone: refined however quick the machine
    with running(tmp_path / "db.sqlite3") as s:
        headers = {"origin": s.url}
        with httpx.stream("POST", f"{s.url}/api/lab?lang=en", json=body, headers=headers,
                          timeout=300) as r:  # fmt: skip
            lines = [json.loads(line) for line in r.iter_lines() if line]
        results = [x["result"] for x in lines if "result" in x]
        first, last = results[0], results[-1]
        assert first["ok"] and first["refining"] and len(results) == 2, lines
        assert min(first[side]["skill"]["games"] for side in ("ours", "against")) < 20_000
        assert not last["refining"]
        assert last["ours"]["skill"]["games"] == last["against"]["skill"]["games"] == 20_000
        assert not any("Skill from" in note for note in last["notes"])
        # what these rules change, said first (the preset beside changes nothing)
        assert last["notes"][0] == "These rules: Knobelrunde, but: 7 Deckel per half."
        assert not any(", but:" in note for note in last["notes"][1:])
        assert last["ours"]["rounds"] == first["ours"]["rounds"]  # only the skill figure moves
        after = lines[lines.index({"result": first}) + 1 : -1]
        assert after and all(x["skill_total"] == 40_000 for x in after)
        assert after[-1]["skill_done"] == 40_000
        # Refining again (20,000 new skill games take a second or so): a new measurement stops
        # it, and is answered.
        more = {**body, "rules": {**rules, "overrides": {"deckel_per_half": 40}}}
        with httpx.stream("POST", f"{s.url}/api/lab?lang=en", json=more, headers=headers,
                          timeout=300) as r:  # fmt: skip
            seen = []
            lines_left = r.iter_lines()
            for line in lines_left:
                if line:
                    seen.append(json.loads(line))
                    if "result" in seen[-1]:
                        break
            assert seen[-1]["result"]["refining"]
            few = {"rules": rules, **FEW}
            answer = httpx.post(f"{s.url}/api/lab", json=few, headers=headers, timeout=300)
            assert answer.status_code == 200 and '"ok": true' in answer.text
            rest = [json.loads(line) for line in lines_left if line]
        assert not any("result" in x for x in rest)  # stopped before all 20,000


def test_a_restarted_server_answers_from_the_lab_notebook(tmp_path: Path) -> None:
    """The builder's figures are noted (schocken.lab.notebook) with the round's ends solved for
    them; a server started later gives the same figures at once, and says where they come
    from."""
    folder = tmp_path / "notebook"
    prelude = f"import os; os.environ['SCHOCKEN_LAB_DIR'] = {str(folder)!r}"
    rules = {"preset": "knobelrunde", "overrides": {"deckel_per_half": 7}}
    body = {"rules": rules, "games": 200, "skill_games": 200, "skill_seconds": 1}

    def ask(s: Server) -> dict[str, object]:
        r = httpx.post(f"{s.url}/api/lab?lang=en", json=body, headers={"origin": s.url},
                       timeout=300)  # fmt: skip
        result: dict[str, object] = json.loads(r.text.splitlines()[-1])["result"]
        return result

    with running(tmp_path / "first.sqlite3", prelude=prelude) as s:
        first = ask(s)
        assert not any("notebook" in note for note in cast(list[str], first["notes"]))
        deadline = time.monotonic() + 60
        while not list(folder.glob("ends-*.npz")):  # written after the answer
            assert time.monotonic() < deadline, "the round's ends were not kept"
            time.sleep(0.1)
    with running(tmp_path / "second.sqlite3", prelude=prelude) as s:
        again = ask(s)
    notes = cast(list[str], again["notes"])
    assert any(note.startswith("From the lab's notebook: the same games, played on ")
               for note in notes)  # fmt: skip
    ours, ours_again = (cast(dict[str, object], x["ours"]) for x in (first, again))
    assert ours["noted"] is None and isinstance(ours_again["noted"], str)
    assert again["rows"] == first["rows"] and ours_again == ours | {"noted": ours_again["noted"]}
