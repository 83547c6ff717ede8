"""A whole tournament as one JSON file: the export imports to the same tournament and exports
byte for byte the same; a bad file is refused whole, naming where."""

from __future__ import annotations

import json

import pytest

from schocken.club import ClubBook
from schocken.errors import TournamentError
from schocken.rules import find_preset
from schocken.tournament import TournamentBook
from schocken.tournament.ranking import lives_left
from schocken.tournament.results import result_of_record
from tournament_helpers import bot_record, by_hand, lost_by

NAMES = [f"Spieler {i:02}" for i in range(1, 13)]


def _played(book: TournamentBook, name: str, *, club: str | None = None) -> str:
    """A tournament of two rounds, games from records and by hand, a team, a leaver, a late
    entry; its export."""
    rules = find_preset("schock4life")
    book.create(
        name, date="2025-06-01", place="Krone", club=club, format="velen", rules=rules, seed="e"
    )
    book.register(name, NAMES[:3], team="Die Würfel")
    book.register(name, NAMES[3:11])
    seed = 0
    for _ in range(2):
        drawn = book.draw(name, close=True)
        for t in drawn["tables"]:
            for k in range(2):
                seed += 1
                left = lives_left(book.picture(name), drawn["number"], t["number"])
                alive = [p for p in t["players"] if left[p] > 0]
                if len(alive) < 2:
                    break
                record = bot_record(alive, rules, seed)
                if k == 0:
                    book.enter(name, drawn["number"], t["number"], record=record)
                else:
                    result = by_hand(result_of_record(record))
                    book.enter(name, drawn["number"], t["number"], result=result)
        if drawn["number"] == 1:
            book.withdraw(name, NAMES[0])
            book.register(name, [NAMES[11]])
    return book.export(name)


def data_games(data: dict[str, list[dict[str, list[dict[str, list[object]]]]]]) -> int:
    return sum(len(t["games"]) for r in data["rounds"] for t in r["tables"])


def test_an_export_round_trips_byte_for_byte(tmp_path: object) -> None:
    with TournamentBook(":memory:") as book:
        text = _played(book, "Sommerfest")
    data = json.loads(text)
    assert data["format"] == "schocken-tournament" and data["version"] == 1
    assert [len(r["tables"]) for r in data["rounds"]] == [3, 3]
    sources = {g["source"] for r in data["rounds"] for t in r["tables"] for g in t["games"]}
    assert sources == {"pub", "hand"}
    with TournamentBook(":memory:") as other:
        info = other.import_(text)
        assert info["name"] == "Sommerfest" and info["games"] == data_games(data)
        assert other.export("Sommerfest") == text
        assert other.rank("Sommerfest")["players"]
        # What the import brought back goes on like the original: the same draw follows.
        with pytest.raises(TournamentError, match="all 2 rounds of the format are drawn"):
            other.draw("Sommerfest")


def test_a_clubs_tournament_imports_into_a_book_with_the_club(database: str) -> None:
    with ClubBook(database) as club:
        club.create_club("Krone")
        for name in NAMES:
            club.add_member("Krone", name)
    with TournamentBook(database) as book:
        text = _played(book, "Kronen-Cup", club="Krone")
        club_text = book.book.export_club("Krone")
    with TournamentBook(":memory:") as other:
        with pytest.raises(TournamentError, match="there is no club 'Krone'"):
            other.import_(text)
        other.book.import_club(club_text)
        games = len(other.book.games("Krone"))
        other.import_(text)
        assert other.export("Kronen-Cup") == text
        assert len(other.book.games("Krone")) == games  # not booked a second time
        evening = json.loads(other.book.export_club("Krone"))["evenings"][0]
        assert evening["kind"] == "tournament"


def test_a_bad_export_is_refused_whole_and_says_where() -> None:
    with TournamentBook(":memory:") as book:
        text = _played(book, "Cup")
    data = json.loads(text)
    with TournamentBook(":memory:") as other:
        with pytest.raises(TournamentError, match="the export is not JSON"):
            other.import_(text[:-20])
        with pytest.raises(TournamentError, match="'format' must be 'schocken-tournament'"):
            other.import_(json.dumps({**data, "format": "x"}))
        cut = json.loads(text)
        game = cut["rounds"][1]["tables"][0]["games"][1]
        game["result"]["sections"][0]["order"].reverse()
        with pytest.raises(TournamentError, match="'rounds' 2, table 1, game 2: the first half"):
            other.import_(json.dumps(cut))
        swapped = json.loads(text)
        tables = swapped["rounds"][0]["tables"]
        tables[0]["players"][0], tables[1]["players"][0] = (
            tables[1]["players"][0],
            tables[0]["players"][0],
        )
        with pytest.raises(TournamentError, match="'rounds' 1, table 1, game 1"):
            other.import_(json.dumps(swapped))
        twice = json.loads(text)
        twice["players"][1]["name"] = twice["players"][0]["name"]
        with pytest.raises(TournamentError, match="'players' 2: 'Spieler 01' is named twice"):
            other.import_(json.dumps(twice))
        assert other.tournaments() == []
        other.import_(text)
        with pytest.raises(TournamentError, match="there is a tournament 'Cup' here already"):
            other.import_(text)


def test_an_export_of_a_game_by_hand_keeps_its_result() -> None:
    with TournamentBook(":memory:") as book:
        book.create("Mini", date="2025-06-01", format="fiebel-t", seed="m")
        book.register("Mini", ["A", "B", "C"])
        book.draw("Mini")
        players = book.round("Mini", 1)["tables"][0]["players"]
        book.enter("Mini", 1, 1, result=lost_by(players, "B"))
        game = json.loads(book.export("Mini"))["rounds"][0]["tables"][0]["games"][0]
    assert game["source"] == "hand"
    assert game["result"]["sections"][0]["order"][-1] == ["B"]
