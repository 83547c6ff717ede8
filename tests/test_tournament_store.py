"""Tournaments kept in the club's database, on both engines: a tournament of a club (its games
in the club's book, on an evening of kind "tournament") or on its own; registration with a
capacity, teams and late entries; draws; games from records and by hand; refusals that change
nothing."""

from __future__ import annotations

import json

import pytest

from schocken.club import ClubBook
from schocken.errors import TournamentError
from schocken.rules import find_preset
from schocken.store import open_database
from schocken.texts import refusal_text
from schocken.tournament import MIGRATIONS, TournamentBook, result_by_hand
from schocken.tournament.book import MAX_PLAYERS
from schocken.tournament.store import COMPONENT
from tournament_helpers import bot_record, lost_by

NAMES = [f"Spieler {i:02}" for i in range(1, 25)]


def _club(database: str, members: list[str]) -> None:
    with ClubBook(database) as club:
        club.create_club("Schützenverein")
        for name in members:
            club.add_member("Schützenverein", name)


def test_a_clubs_tournament_books_its_games_in_the_clubs_book(database: str) -> None:
    members = NAMES[:8]
    _club(database, members)
    rules = find_preset("allgemein")
    with TournamentBook(database) as book:
        info = book.create(
            "Vereinsmeisterschaft",
            date="2025-03-01",
            place="Schützenhalle",
            club="schützenverein",
            format="werl",
            seed="1",
        )
        assert info["club"] == "Schützenverein"
        assert book.db.version(COMPONENT) == max(MIGRATIONS)
        book.register("Vereinsmeisterschaft", members[:7])
        book.register("Vereinsmeisterschaft", ["Gast Gabi"], guest=True)
        drawn = book.draw("Vereinsmeisterschaft")
        assert [len(t["players"]) for t in drawn["tables"]] == [4, 4]
        first, second = drawn["tables"]
        record = bot_record(first["players"], rules, 5)
        book.enter("Vereinsmeisterschaft", 1, 1, record=record, source="online")
        hand = lost_by(second["players"], second["players"][2])
        wrong = second["players"][0]
        book.enter("Vereinsmeisterschaft", 1, 2, result=lost_by(second["players"], wrong))
        # A mistake is taken back: out of the tournament, struck out in the club's book.
        taken = book.remove_game("Vereinsmeisterschaft", 1, 2, "wrong loser")
        assert taken["loser"] == wrong and book.games("Vereinsmeisterschaft", 1, 2) == []
        with pytest.raises(TournamentError, match="table 2 of round 1 has no game"):
            book.remove_game("Vereinsmeisterschaft", 1, 2, "again")
        book.enter("Vereinsmeisterschaft", 1, 2, result=hand)
        assert book.log("Vereinsmeisterschaft")[-2]["detail"]["reason"] == "wrong loser"
    with ClubBook(database) as club:
        evening = club.evening("Schützenverein", "2025-03-01")
        assert evening["games"] == 2 and evening["place"] == "Schützenhalle"
        games = club.games("Schützenverein")
        assert games[0]["source"] == "online"
        assert games[1]["source"] == "loser" and games[1]["loser"] == second["players"][2]
        voided = club.games("Schützenverein", with_void=True)[1]
        assert (
            voided["loser"] == second["players"][0] and voided["void"] == "taken back: wrong loser"
        )
        assert "Gast Gabi" in [m["name"] for m in club.members("Schützenverein")]
        exported = json.loads(club.export_club("Schützenverein"))
        assert exported["evenings"][0]["kind"] == "tournament"
        assert exported["evenings"][0]["games"][0]["meta"] == {
            "game": 1,
            "round": 1,
            "table": 1,
            "tournament": "vereinsmeisterschaft",
        }


def test_a_member_is_needed_unless_registered_as_a_guest(database: str) -> None:
    _club(database, ["Anna"])
    with TournamentBook(database) as book:
        book.create("Cup", date="2025-03-01", club="Schützenverein")
        with pytest.raises(TournamentError, match="'Bert' is not a member of Schützenverein"):
            book.register("Cup", ["Anna", "Bert"])
        assert book.players("Cup") == []  # nothing changed, Anna neither


def test_a_tournament_on_its_own_has_its_own_players(database: str) -> None:
    with TournamentBook(database) as book:
        book.create("Offenes Turnier", date="2025-04-05", format="gonz", capacity=12, seed="x")
        book.register("Offenes Turnier", NAMES[:6], team="Feuerwehr")
        book.register("Offenes Turnier", NAMES[6:12])
        with pytest.raises(TournamentError, match="takes 12 players: 12 are registered, 0 more"):
            book.register("Offenes Turnier", ["Spät"])
        assert book.withdraw("Offenes Turnier", "Spieler 02") is None  # before play: off
        with pytest.raises(TournamentError, match="'spieler 01' is registered already \\(as"):
            book.register("Offenes Turnier", ["spieler 01"])
        assert book.withdraw("Offenes Turnier", "Spieler 03") is None
        names = [p["name"] for p in book.players("Offenes Turnier")]
        assert "Spieler 02" not in names and "Spieler 03" not in names
        assert book.tournaments()[0]["club"] is None


def test_a_draw_is_kept_and_the_next_round_waits_for_every_table(database: str) -> None:
    with TournamentBook(database) as book:
        book.create("Cup", date="2025-04-05", format="sfreunde", seed="7")
        book.register("Cup", NAMES[:14])
        r1 = book.draw("Cup")
        assert [len(t["players"]) for t in r1["tables"]] == [4, 4, 3, 3]
        assert [t["springer"] for t in r1["tables"]] == [False, False, True, True]
        assert book.round("Cup", 1) == r1
        with pytest.raises(TournamentError, match="table 1 of round 1 has not played yet"):
            book.draw("Cup")
        for t in r1["tables"]:
            book.enter("Cup", 1, t["number"], result=lost_by(t["players"], t["players"][0]))
        r2 = book.draw("Cup")
        assert r2["number"] == 2
        # the same seed, players and first round give the same second round anywhere
    with TournamentBook(":memory:") as other:
        other.create("Cup", date="2025-04-05", format="sfreunde", seed="7")
        other.register("Cup", NAMES[:14])
        assert other.draw("Cup") == r1 | {"tables": [t | {"games": 0} for t in r1["tables"]]}


def test_games_are_checked_where_they_are_entered(database: str) -> None:
    with TournamentBook(database) as book:
        book.create("Cup", date="2025-04-05", format="werl", seed="3")
        book.register("Cup", NAMES[:8])
        table = book.draw("Cup")["tables"][0]
        players = table["players"]
        with pytest.raises(TournamentError, match="round 1 has tables 1, 2, not 3"):
            book.enter("Cup", 1, 3, result=lost_by(players, players[0]))
        with pytest.raises(TournamentError, match="does not sit at table 1 of round 1"):
            book.enter("Cup", 1, 1, result=lost_by([*players[:3], NAMES[20]], players[0]))
        with pytest.raises(TournamentError, match="is missing from the game"):
            book.enter("Cup", 1, 1, result=lost_by(players[:3], players[0]))
        other = find_preset("tsv99")
        with pytest.raises(TournamentError, match="played by other rules than the tournament's"):
            book.enter("Cup", 1, 1, record=bot_record(players, other, 1))
        record = bot_record(players, find_preset("allgemein"), 1)
        book.enter("Cup", 1, 1, record=record)
        with pytest.raises(TournamentError, match="this game is entered already: game 1"):
            book.enter("Cup", 1, 1, record=record.to_json())
        scharf = find_preset("allgemein").with_overrides({"finale": False})
        book.enter("Cup", 1, 1, record=bot_record(players, scharf, 2))
        for k in range(3):
            book.enter("Cup", 1, 1, result=lost_by(players, players[k]))
        with pytest.raises(TournamentError, match="table 1 of round 1 has played its 5 games"):
            book.enter("Cup", 1, 1, result=lost_by(players, players[0]))
        assert [g["number"] for g in book.games("Cup", 1, 1)] == [1, 2, 3, 4, 5]
        assert book.record("Cup", 1, 1, 1) == record.to_json(indent=None)
        assert book.record("Cup", 1, 1, 3) is None
        gonz = book.create("Gonz", date="2025-04-05", format="gonz", seed="1")["name"]
        book.register(gonz, NAMES[:6])
        p = book.draw(gonz)["tables"][0]["players"]
        one_half = result_by_hand(p, halves=[[[x] for x in p]])
        with pytest.raises(TournamentError, match="a game 'scharf' \\(one half\\) is not played"):
            book.enter(gonz, 1, 1, result=one_half)


def test_a_refused_change_writes_nothing(database: str) -> None:
    with TournamentBook(database) as book:
        book.create("Cup", date="2025-04-05", format="velen", seed="3")
        book.register("Cup", NAMES[:8], team=None)
        before = book.export("Cup")
        with pytest.raises(TournamentError):
            book.register("Cup", ["Neu", "Neu"])
        with pytest.raises(TournamentError):
            book.register("Cup", ["Neu 1", "Spieler 01"])
        with pytest.raises(TournamentError):
            book.draw("Nobody")
        assert book.export("Cup") == before
        with pytest.raises(TournamentError, match="there is a tournament 'cup' already"):
            book.create("cup", date="2025-04-05")
        with pytest.raises(TournamentError, match="the tournament's date is written YYYY-MM-DD"):
            book.create("Other", date="5.4.2025")
        with pytest.raises(TournamentError, match="unknown format 'swiss'"):
            book.create("Other", date="2025-04-05", format="swiss")


def test_teams_sit_apart_in_every_round(database: str) -> None:
    with TournamentBook(database) as book:
        book.create("Velen", date="2025-04-05", format="velen", seed="v")
        for team in ("Rot", "Blau", "Gelb", "Grün"):
            book.register("Velen", [f"{team} {i}" for i in range(1, 4)], team=team)
        for _ in range(2):
            drawn = book.draw("Velen")
            for t in drawn["tables"]:
                teams = [name.split()[0] for name in t["players"]]
                assert len(set(teams)) == len(teams)
                for p in t["players"]:
                    book.enter(
                        "Velen", drawn["number"], t["number"], result=lost_by(t["players"], p)
                    )
                    break
        assert book.info("Velen")["teams"] == 4


def test_late_entries_and_leavers_change_only_what_they_must(database: str) -> None:
    with TournamentBook(database) as book:
        book.create("Cup", date="2025-04-05", format="werl", seed="9")
        book.register("Cup", NAMES[:15])  # tables of 4, 4, 4, 3
        before = {tuple(t["players"]) for t in book.draw("Cup")["tables"]}
        # Someone comes late: the table of three takes them, no one else moves.
        book.register("Cup", ["Spät"])
        after = {tuple(t["players"]) for t in book.round("Cup", 1)["tables"]}
        assert len(before & after) == 3 and any("Spät" in t for t in after)
        # A table plays; then one of another table leaves: only that table changes.
        tables = book.round("Cup", 1)["tables"]
        book.enter("Cup", 1, 1, result=lost_by(tables[0]["players"], tables[0]["players"][0]))
        leaver = tables[1]["players"][0]
        assert book.withdraw("Cup", leaver) is None  # had not played: off the list
        now = book.round("Cup", 1)["tables"]
        assert now[0] == tables[0] | {"games": 1}
        assert now[1]["players"] == tables[1]["players"][1:]
        assert now[2:] == tables[2:]
        # A player of the table that played leaves after it: kept, drawn no more.
        gone = tables[0]["players"][1]
        info = book.withdraw("Cup", gone)
        assert info is not None and info["left_after"] == 1
        rest = [p for p in tables[0]["players"] if p != gone]
        book.enter("Cup", 1, 1, result=lost_by(rest, rest[0]))  # his table plays on without him
        for t in now[1:]:
            book.enter("Cup", 1, t["number"], result=lost_by(t["players"], t["players"][0]))
        # Once every table played, a late entry waits for the next round.
        book.register("Cup", ["Noch Später"])
        assert book.players("Cup")[-1]["from_round"] == 2
        r2 = book.draw("Cup")
        seated = {p for t in r2["tables"] for p in t["players"]}
        assert gone not in seated and "Noch Später" in seated and "Spät" in seated


def test_the_tables_are_versioned_and_a_newer_version_is_refused(database: str) -> None:
    with TournamentBook(database):
        pass
    db = open_database(database)
    try:
        with db.transaction():
            db.set_version(COMPONENT, max(MIGRATIONS) + 1)
    finally:
        db.close()
    with pytest.raises(TournamentError, match="written by a newer schocken"):
        TournamentBook(database)


def test_ten_thousand_players_fit_and_one_more_is_refused_in_words(database: str) -> None:
    # The stated upper size (MAX_PLAYERS): reached in one registration of guests, a club's
    # members once each; one more is refused in both languages, and nothing changes.
    _club(database, ["Anna"])
    names = ["Anna"] + [f"Gast {i:05}" for i in range(1, MAX_PLAYERS)]
    with TournamentBook(database) as book:
        book.create("Stadtmeisterschaft", date="2025-05-01", club="schützenverein", seed="s")
        with pytest.raises(TournamentError, match="from 3 to 10000, not 10001"):
            book.create("Zu groß", date="2025-05-01", capacity=MAX_PLAYERS + 1)
        players = book.register("Stadtmeisterschaft", names, guest=True)
        assert [p["name"] for p in players] == names
        assert [p["number"] for p in players] == list(range(1, MAX_PLAYERS + 1))
        assert len(book.book.members("schützenverein")) == MAX_PLAYERS
        with pytest.raises(TournamentError) as refusal:
            book.register("Stadtmeisterschaft", ["Spät"], guest=True)
        assert str(refusal.value) == (
            "a tournament takes at most 10000 players (the server's limit): 10000 are "
            "registered, 0 more can be"
        )
        assert refusal_text(refusal.value, "de") == (
            "ein Turnier nimmt höchstens 10000 Spieler (die Grenze des Servers): 10000 sind "
            "angemeldet, 0 können noch dazu"
        )
        assert book.info("Stadtmeisterschaft")["players"] == MAX_PLAYERS
        assert len(book.book.members("schützenverein")) == MAX_PLAYERS
