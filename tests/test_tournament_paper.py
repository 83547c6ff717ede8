"""A tournament on paper and on public screens: the print views' HTML (table plan, score sheets
with the rules in short, ranking, certificates), one PDF from the command line (Chromium,
pages counted and read with pypdf), the view key, the ranking without the last minutes' games,
and the tables' version 2 reached from a database of version 1. On both engines where a
database is used."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pypdf
import pytest

from schocken.errors import TournamentError
from schocken.store import Database, open_database
from schocken.tournament import MIGRATIONS, TournamentBook
from schocken.tournament.book import hidden_from
from schocken.tournament.formats import find_format, format_to_data
from schocken.tournament.paper import PAPERS, paper
from schocken.tournament.store import COMPONENT, SCHEMA
from tournament_helpers import lost_by

NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne", "Ilse", "Jonas"]


def _cup(book: TournamentBook, fmt: str = "werl") -> dict[str, list[str]]:
    """A cup of ten (tables of four and three, two Springer tables at werl), round 1 drawn and
    a game at each table; the tables by number."""
    book.create("Cup", date="2026-05-01", place="Krone", format=fmt, seed="2")
    book.register("Cup", NAMES)
    tables = {str(t["number"]): t["players"] for t in book.draw("Cup")["tables"]}
    for number, players in tables.items():
        book.enter("Cup", 1, int(number), result=lost_by(players, players[-1]))
    return tables


def test_the_print_views_say_what_is_on_paper(tmp_path: Path) -> None:
    with TournamentBook(tmp_path / "t.sqlite3") as book:
        tables = _cup(book)
        plan = paper(book, "Cup", "plan", "de")
        assert "<title>Tischplan, Runde 1</title>" in plan and "@media print" in plan
        assert plan.count("<caption>") == len(tables) == 3
        assert plan.count("Springertisch") == 2  # 4 + 3 + 3
        sheets = paper(book, "Cup", "sheets", "en")
        assert sheets.count('<section class="sheet">') == 3
        # werl: 5 games a table, points 3-1-0 at three and 3-2-1-0 at four, -1 for a lost game
        assert sheets.count('<tr><th scope="row">') == 3 * 5
        assert "A half by the order out: 3-1-0 at a table of 3; 3-2-1-0 at a table of 4." in sheets
        assert "-1 for the game&#x27;s loser." in sheets and "The rules in short" in sheets
        ranking = book.rank("Cup")
        text = paper(book, "Cup", "ranking", "en")
        assert all(s["name"] in text for s in ranking["players"])
        certificates = paper(book, "Cup", "certificates", "de")
        top = [s for s in ranking["players"] if s["place"] <= 3]
        assert certificates.count('<section class="certificate">') == len(top)
        assert "beim Turnier Cup am 2026-05-01 in Krone" in certificates
        with pytest.raises(TournamentError, match="one of plan, sheets, ranking, certificates"):
            paper(book, "Cup", "flyer", "en")
        with pytest.raises(TournamentError, match="round 2 is not drawn"):
            paper(book, "Cup", "plan", "en", round_number=2)


def test_a_name_cannot_break_out_of_the_page(tmp_path: Path) -> None:
    with TournamentBook(tmp_path / "t.sqlite3") as book:
        book.create("Cup", date="2026-05-01", place="<b>Krone</b>", seed="1")
        book.register("Cup", ["<script>x</script>", "Ben & Co", "Cem", "Dora"])
        book.draw("Cup")
        page = paper(book, "Cup", "plan", "en")
        assert "<script>" not in page and "&lt;script&gt;" in page
        assert "&lt;b&gt;Krone&lt;/b&gt;" in page and "Ben &amp; Co" in page


def test_the_command_line_prints_one_pdf(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    with TournamentBook(db) as book:
        tables = _cup(book, "sfreunde")
        top = [s["name"] for s in book.rank("Cup")["players"] if s["place"] <= 3]
    pdf = tmp_path / "cup.pdf"
    run = [sys.executable, "-m", "schocken.cli", "tournament", "print", "--db", str(db)]
    done = subprocess.run(
        [*run, "--lang", "de", "--pdf", str(pdf)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Cup: plan, sheets, ranking, certificates gedruckt in" in done.stdout
    reader = pypdf.PdfReader(pdf)
    texts = [p.extract_text() for p in reader.pages]
    assert len(texts) == 1 + len(tables) + 1 + len(top)
    assert "Tischplan, Runde 1" in texts[0] and all(n in texts[0] for n in NAMES)
    for i, players in enumerate(tables.values(), start=1):
        assert f"Spielbericht: Runde 1, Tisch {i}" in texts[i]
        assert all(p in texts[i] for p in players)
    assert "Rangliste nach 3 Spielen" in texts[len(tables) + 1]
    assert [top[i] in texts[len(tables) + 2 + i] for i in range(len(top))] == [True] * len(top)
    # One view alone, as HTML; a view that is none is refused in the command's language.
    done = subprocess.run([*run, "plan"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("<!doctype html>")
    done = subprocess.run(
        [*run, "flyer", "--lang", "de", "--pdf", str(tmp_path / "x.pdf")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "eine Druckansicht ist eine von" in done.stderr
    assert not (tmp_path / "x.pdf").exists()
    assert set(PAPERS) == {"plan", "sheets", "ranking", "certificates"}


def test_the_view_key_is_made_once_and_opens_only_its_tournament(database: str) -> None:
    with TournamentBook(database) as book:
        book.create("Cup", date="2026-05-01", seed="1")
        book.create("Pokal", date="2026-05-02", seed="1")
        key = book.view_key("Cup")
        assert book.view_key("Cup") == key and len(key) >= 16
        assert book.opens_views("Cup", key)
        assert not book.opens_views("Pokal", key)
        assert not book.opens_views("Cup", key[:-1]) and not book.opens_views("Cup", None)
        assert not book.opens_views("Pokal", "")


def test_the_ranking_can_leave_out_the_last_minutes_games(database: str) -> None:
    with TournamentBook(database) as book:
        tables = _cup(book)
        everyone = book.rank("Cup")
        assert sum(s["games"] for s in everyone["players"]) == sum(len(p) for p in tables.values())
        # Every game was entered just now: hiding the last minute hides them all.
        hidden = book.rank("Cup", before=hidden_from(1))
        assert [s["games"] for s in hidden["players"]] == [0] * len(NAMES)
        later = datetime.now(UTC) + timedelta(minutes=5)
        assert book.rank("Cup", before=hidden_from(1, later)) == everyone
        entered = [g.entered for g in book.picture("Cup").games]
        assert all(e is not None and e <= hidden_from(0) for e in entered)


def test_version_1_tables_are_brought_to_the_latest_version(database: str) -> None:
    db = open_database(database)
    try:
        db.migrate(COMPONENT, {1: SCHEMA})
        _old_tournament(db)
    finally:
        db.close()
    with TournamentBook(database) as book:
        assert book.db.version(COMPONENT) == max(MIGRATIONS) == 4
        assert book.info("Old")["name"] == "Old"
        assert book.opens_views("Old", "anything") is False
        assert book.view_key("Old") == book.view_key("Old")


def test_version_2_online_tables_stay_online_in_version_3(database: str) -> None:
    """Version 3 adds the pub-mode tables: an online table kept before is of kind ``online``,
    with no pub game taken; version 4 the organiser's bots: none."""
    db = open_database(database)
    try:
        db.migrate(COMPONENT, {v: MIGRATIONS[v] for v in (1, 2)})
        _old_tournament(db)
        with db.transaction():
            db.execute(
                "INSERT INTO tournament_online (tournament_id, round, table_no, table_id, players) "
                "VALUES (1, 1, 2, 'tbl', ?)",
                (json.dumps(["A", "B", "C"]),),
            )
    finally:
        db.close()
    with TournamentBook(database) as book:
        assert book.db.version(COMPONENT) == 4
        [kept] = book.online_tables("Old")
        assert kept == {
            "round": 1,
            "table": 2,
            "table_id": "tbl",
            "players": ["A", "B", "C"],
            "kind": "online",
            "taken": [],
            "bots": [],
        }


def _old_tournament(db: Database) -> None:
    """A tournament ``Old`` as an older version stored it."""
    with db.transaction():
        db.execute(
            "INSERT INTO tournament_tournaments (slug, name, date, place, club, rules, format, "
            "seed, capacity, created) VALUES ('old', 'Old', '2024-01-01', '', NULL, ?, ?, "
            "'1', NULL, '2024-01-01T00:00:00+00:00')",
            ('{"preset": "allgemein", "overrides": {}}', _werl_json()),
        )


def _werl_json() -> str:
    return json.dumps(format_to_data(find_format("werl")))


def test_a_sheet_says_how_its_round_counts(tmp_path: Path) -> None:
    """velen's rounds of lives and gonz's final table: each sheet says its own stage's rules
    and has a row for every game that can be lost there."""
    with TournamentBook(tmp_path / "t.sqlite3") as book:
        book.create("Velen", date="2026-05-01", format="velen", seed="1")
        book.register("Velen", NAMES[:8])
        book.draw("Velen")
        sheets = paper(book, "Velen", "sheets", "de")
        assert "Leben je Runde: 3; ein verlorenes Spiel kostet ein Leben." in sheets
        assert "Auch das Einwürfeln kostet ein Leben." in sheets
        assert sheets.count('<tr><th scope="row">') == 2 * 4 * 3  # two tables of 4, 3 lives
        book.create("Gonz", date="2026-05-01", format="gonz", seed="1")
        names = [f"{n} G" for n in NAMES] + ["Karla", "Lutz"]
        book.register("Gonz", names)
        for number in (1, 2, 3):
            for table in book.draw("Gonz", close=True)["tables"]:
                players = table["players"]
                book.enter("Gonz", number, table["number"], result=lost_by(players, players[0]))
        final = book.draw("Gonz", close=True)
        assert [len(t["players"]) for t in final["tables"]] == [6]
        sheets = paper(book, "Gonz", "sheets", "en")
        assert "Final table: out after 2 lost games; the last left wins." in sheets
        assert sheets.count('<tr><th scope="row">') == 6 * 2


def test_a_sheet_of_one_half_without_a_finale_has_no_second_half_nor_finale(
    tmp_path: Path,
) -> None:
    """Rules of one half and no Finale: each player has one column (the half), no "2. Hälfte",
    no "Finale verloren"; the rules of two halves keep both. No print view asks for an icon."""
    from schocken.rules import find_preset

    one_half = find_preset("allgemein").with_overrides({"finale": False})
    with TournamentBook(tmp_path / "t.sqlite3") as book:
        book.create("Kurz", date="2026-05-01", format="werl", rules=one_half, seed="2")
        book.register("Kurz", NAMES[:8])
        book.draw("Kurz")
        sheets = paper(book, "Kurz", "sheets", "de")
        assert sheets.count('<section class="sheet">') == 2
        assert "2. Hälfte" not in sheets and "Finale verloren" not in sheets
        assert "scharf" not in sheets  # every game is one half: nothing to say of "scharf"
        assert sheets.count('<th scope="col">1. Hälfte</th>') == 2 * 4
        assert sheets.count('colspan="1"') == 2 * 4
        # a row: the game's number, one cell per player, the Schock-Aus
        assert '<tr><th scope="row">1</th>' + "<td></td>" * 5 + "</tr>" in sheets
        assert "Jedes Spiel ist eine Hälfte (kein Finale)" in sheets
        _cup(book)
        both = paper(book, "Cup", "sheets", "de")
        assert "2. Hälfte" in both and "Finale verloren" in both
        for what in PAPERS:
            assert '<link rel="icon" href="data:,">' in paper(book, "Cup", what, "en")


def test_a_knockout_sheet_by_points_has_a_row_per_game_of_its_round(tmp_path: Path) -> None:
    """werl's knock-out by points plays 5 games a table: its sheet has 5 rows and says so."""
    import dataclasses

    from schocken.tournament.formats import PointsStage

    werl = find_format("werl")
    assert isinstance(werl.qualifying, PointsStage)
    fmt = dataclasses.replace(werl, qualifying=dataclasses.replace(werl.qualifying, rounds=1))
    names = [f"{n} {i}" for i in (1, 2) for n in NAMES[:8]]
    with TournamentBook(tmp_path / "t.sqlite3") as book:
        book.create("KO", date="2026-05-01", format=fmt, seed="4")
        book.register("KO", names)
        for table in book.draw("KO")["tables"]:
            for _ in range(5):
                players = table["players"]
                book.enter("KO", 1, table["number"], result=lost_by(players, players[0]))
        knockout = book.draw("KO")
        assert [len(t["players"]) for t in knockout["tables"]] == [4, 4, 4, 4]
        sheets = paper(book, "KO", "sheets", "en")
        assert sheets.count('<tr><th scope="row">') == 4 * 5
        assert "5 games per table and round." in sheets
        assert "K.O.: the best 1 of the table by the round&#x27;s points go on." in sheets
