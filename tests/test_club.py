"""The Schockbuch: ledger, statistics, export and import, access, crash safety, the command."""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import json
import random
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import ENGINES
from postgres_helpers import Postgres
from schocken.bots import make_bot
from schocken.cli import main
from schocken.club import (
    DEFAULT_DB,
    HALVES,
    MIGRATIONS,
    NO_ACCESS,
    SCHEMA_VERSION,
    SESSION_DAYS,
    USED_EVERY,
    ClubBook,
    hash_secret,
    parse_amount,
    season_of,
    season_range,
    verify_secret,
)
from schocken.club.cli_book import _game_details
from schocken.dice import RandomDice
from schocken.errors import ClubAccessError, ClubError, ClubStoreError, RefusalError
from schocken.events import RoundEnded, RoundKind, SectionEnded
from schocken.game import Game
from schocken.intervals import wilson
from schocken.play import play_game
from schocken.pub import PubGame, parse_turn
from schocken.record import GameRecord, parse_record, record_of, replay
from schocken.rules import Rules, find_preset
from schocken.store.sqlite import SqliteDatabase
from schocken.texts import refusal_text, said

SRC = Path(__file__).resolve().parent.parent / "src"
CLUB = "Stammtisch Krone"
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def bot_record(players: list[str], seed: int, preset: str = "tsv99") -> GameRecord:
    game = Game(find_preset(preset), players, RandomDice(seed))
    play_game(game, [make_bot("regular", seed * 10 + i) for i in range(len(players))])
    return record_of(game)


@pytest.fixture(params=ENGINES)
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """Where a new book goes, once per engine: a new SQLite file, or a new database on the
    run's PostgreSQL server."""
    if request.param == "sqlite":
        names = iter(range(1, 1000))
        return lambda: str(tmp_path / f"book-{next(names)}.sqlite3")
    server: Postgres = request.getfixturevalue("postgres_server")
    return server.new_database


def new_book(path: str | Path = ":memory:") -> ClubBook:
    book = ClubBook(path)
    book.create_club(CLUB)
    for name in NAMES:
        book.add_member(CLUB, name)
    return book


def dump(book: ClubBook) -> list[str]:
    """Every row of every club table (on either engine), in a fixed order."""
    tables = [
        "club_meta", "club_clubs", "club_members", "club_evenings", "club_present", "club_games",
        "club_game_players", "club_sections", "club_prices", "club_payments", "club_charges",
        "club_log", "club_sessions", "club_expenses", "club_fine_items",
    ]  # fmt: skip
    rows = []
    for table in tables:
        rows += sorted(f"{table}: {row!r}" for row in book.db.execute(f"SELECT * FROM {table}"))
    return rows


# ---------------------------------------------------------------------- the ledger


def test_fines_follow_the_price_list_in_force_on_the_day(target: Callable[[], str]) -> None:
    book = new_book(target())
    book.add_member(CLUB, "Gustav", guest=True)
    book.add_member(CLUB, "Fritz", joined="2024-02-01")
    book.set_price(CLUB, "game_lost", 100)
    book.set_price(CLUB, "game_lost", 150, valid_from="2024-02-01")
    book.set_price(CLUB, "half_lost", 50)
    book.set_price(CLUB, "schock_aus_taken", 20)
    book.set_price(CLUB, "blattschuss", 200)
    book.set_price(CLUB, "absent", 300)
    # January: Anna, Ben, Cem come; Ben loses both halves (Blattschuss), the second by Schock-Aus.
    book.add_evening(CLUB, "2024-01-09", place="Krone", present=["Anna", "Ben", "Cem"])
    book.add_game(
        CLUB, "2024-01-09", loser="Ben", halves=["Ben", "Ben"], schock_aus=["second_half"]
    )
    # February: the new price; Cem loses the Finale against Anna; Gustav the guest plays.
    book.add_evening(CLUB, "2024-02-06", present=["Anna", "Cem", "Gustav"])
    book.add_game(CLUB, "2024-02-06", loser="Cem", halves=["Anna", "Cem"])
    book.add_game(CLUB, "2024-02-06", loser="Gustav", players=["Anna", "Gustav"])
    book.pay(CLUB, "Ben", 500, day="2024-02-06")
    book.charge(CLUB, "Cem", 100, "threw a die off the table", day="2024-02-06")
    owed = {b["member"]: (b["charged"], b["paid"], b["balance"]) for b in book.balances(CLUB)}
    assert owed == {
        # 2024-02-06 she lost the first half.
        "Anna": (50, 0, 50),
        # 100 game + 2 x 50 halves + 20 Schock-Aus + 200 Blattschuss; absent on 02-06.
        "Ben": (100 + 100 + 20 + 200 + 300, 500, 220),
        # 150 game (new price) + 50 half + 100 charge.
        "Cem": (150 + 50 + 100, 0, 300),
        # absent twice.
        "Dora": (600, 0, 600),
        "Emil": (600, 0, 600),
        # a guest is not fined for evenings missed.
        "Gustav": (150, 0, 150),
        # joined in February: fined for February only.
        "Fritz": (300, 0, 300),
    }
    ledger = book.ledger(CLUB, "Ben")
    assert sum(line["cents"] for line in ledger) == 220
    assert [(line["item"], line["count"], line["cents"]) for line in ledger] == [
        ("half_lost", 2, 100),
        ("schock_aus_taken", 1, 20),
        ("game_lost", 1, 100),
        ("blattschuss", 1, 200),
        ("absent", 1, 300),
        ("payment", 1, -500),
    ]
    # A game struck out is fined no more; it stays listed with its reason.
    book.void_game(CLUB, "2024-02-06", 2, "Gustav had to leave, the game was not finished")
    assert book.balance(CLUB, "Gustav")["balance"] == 0
    assert book.games(CLUB, with_void=True)[-1]["void"] is not None
    assert len(book.games(CLUB)) == 2


def test_a_member_who_left_is_not_fined_for_later_evenings(target: Callable[[], str]) -> None:
    book = new_book(target())
    book.set_price(CLUB, "absent", 200)
    book.set_price(CLUB, "attended", 100)
    book.member_leaves(CLUB, "Emil", "2024-03-01")
    book.add_evening(CLUB, "2024-02-01", present=["Anna", "Ben"])
    book.add_evening(CLUB, "2024-03-01", present=["Anna", "Ben"])
    balance = {b["member"]: b["balance"] for b in book.balances(CLUB)}
    assert balance == {"Anna": 200, "Ben": 200, "Cem": 400, "Dora": 400, "Emil": 200}


def test_amounts_as_people_write_them() -> None:
    assert [parse_amount(x) for x in ("2,50", "2.5", "3", "-1,20", "0,05 €")] == [
        250,
        250,
        300,
        -120,
        5,
    ]
    for bad in ("2,505", "zwei", "", "1.000,00", "1e3"):
        with pytest.raises(ClubError, match="an amount is written like 2,50"):
            parse_amount(bad)


def test_seasons() -> None:
    assert season_of("2024-08-31", "09-01") == "2023/24"
    assert season_of("2024-09-01", "09-01") == "2024/25"
    assert season_range("2024/25", "09-01") == ("2024-09-01", "2025-09-01")
    assert season_range("1999", "01-01") == ("1999-01-01", "2000-01-01")
    with pytest.raises(ClubError, match="does not exist: after 2024 comes 2025"):
        season_range("2024/26", "09-01")


# ---------------------------------------------------------------------- statistics


def direct_stats(records: list[GameRecord]) -> dict[str, dict[str, int]]:
    """Per player, straight from replaying the records (not from the book)."""
    out: dict[str, Counter[str]] = {}
    results: dict[str, list[bool]] = {}
    for record in records:
        game = replay(record)
        names = game.players
        assert game.loser is not None
        halves = [e.loser for e in game.events if isinstance(e, SectionEnded)][:2]
        for i, name in enumerate(names):
            c = out.setdefault(name, Counter())
            c["games"] += 1
            c["games_lost"] += game.loser == i
            results.setdefault(name, []).append(game.loser == i)
        last_best = None
        for e in game.events:
            if isinstance(e, RoundEnded) and e.kind in (RoundKind.NORMAL, RoundKind.OPENING_THROW):
                last_best = e.best
            if isinstance(e, SectionEnded):
                c = out[names[e.loser]]
                if e.section.value == "finale":
                    c["finales_lost"] += 1
                    for seat in set(halves):
                        out[names[seat]]["finales"] += 1
                else:
                    c["halves_lost"] += 1
                    for name in names:
                        out[name]["halves"] += 1
                if e.schock_aus:
                    c["schock_aus_taken"] += 1
                    assert last_best is not None
                    out[names[last_best]]["schock_aus_given"] += 1
        if len(halves) == 2 and halves[0] == halves[1]:
            out[names[game.loser]]["blattschuss"] += 1
    for name, seq in results.items():
        runs = [(lost, len(list(g))) for lost, g in itertools.groupby(seq)]
        out[name]["longest_losing_streak"] = max((n for lost, n in runs if lost), default=0)
        out[name]["longest_unbeaten_streak"] = max((n for lost, n in runs if not lost), default=0)
        out[name]["current_streak"] = -runs[-1][1] if runs[-1][0] else runs[-1][1]
    return {name: dict(c) for name, c in out.items()}


def test_statistics_equal_those_computed_from_the_records_directly(
    target: Callable[[], str],
) -> None:
    book = new_book(target())
    rng = random.Random(14)
    records = []
    by_season: dict[str, list[GameRecord]] = {}
    days = [f"{y}-{m:02d}-05" for y in (2023, 2024) for m in (1, 4, 7, 10)]
    for day in days:
        book.add_evening(CLUB, day, present=NAMES[:3])
        for _ in range(5):
            players = rng.sample(NAMES, rng.randint(2, 5))
            preset = rng.choice(["tsv99", "schock4life", "knobelrunde", "allgemein"])
            record = bot_record(players, rng.randrange(10**6), preset)
            book.add_game(CLUB, day, record=record)
            records.append(record)
            by_season.setdefault(day[:4], []).append(record)
    for season, chosen in [(None, records), ("2023", by_season["2023"])]:
        stats = book.stats(CLUB, season)
        assert stats["games"] == len(chosen)
        direct = direct_stats(chosen)
        for m in stats["members"]:
            d = direct[m["name"]]
            for key in (
                "games",
                "games_lost",
                "halves",
                "halves_lost",
                "finales",
                "finales_lost",
                "blattschuss",
                "schock_aus_given",
                "schock_aus_taken",
                "longest_losing_streak",
                "longest_unbeaten_streak",
                "current_streak",
            ):
                assert m[key] == d.get(key, 0), (season, m["name"], key)
            assert m["games_lost_ci95"] == list(wilson(d["games_lost"], d["games"]))
            assert m["halves_lost_ci95"] == list(wilson(d["halves_lost"], d["halves"]))
            expected = sum(1 / len(r.players) for r in chosen if m["name"] in r.players)
            assert m["games_lost_expected"] == pytest.approx(expected)
        # Who loses to whom: counted pair by pair from the records.
        for a in stats["loses_to"]:
            for b in NAMES:
                if a == b:
                    continue
                together = [r for r in chosen if a in r.players and b in r.players]
                lost = [r for r in together if r.players[replay(r).loser or 0] == a]
                assert stats["played_with"][a].get(b, 0) == len(together)
                assert stats["loses_to"][a].get(b, 0) == len(lost)
        total_given = sum(sum(v.values()) for v in stats["schock_aus_to"].values())
        assert total_given == sum(m["schock_aus_given"] for m in stats["members"])
    assert sum(m["games_lost"] for m in book.stats(CLUB)["members"]) == len(records)


def test_each_extra_half_lost_is_a_half_lost_in_the_book(target: Callable[[], str]) -> None:
    """more_halves (keller): every further half lost is fined and counted as a half lost."""
    rules = find_preset("tsv99").with_overrides({"more_halves": True, "deckel_per_half": 3})
    players = NAMES[:3]
    seed = 0
    while True:
        game = Game(rules, players, RandomDice(seed))
        play_game(game, [make_bot("regular", seed * 10 + i) for i in range(3)])
        if len(game.half_losers) > 2:
            break
        seed += 1
    record = record_of(game)
    book = new_book(target())
    book.set_price(CLUB, "half_lost", 50)
    book.add_evening(CLUB, "2024-03-05", present=players)
    book.add_game(CLUB, "2024-03-05", record=record)
    lost = Counter(players[s] for s in game.half_losers)
    assert max(lost.values()) == 2 and sum(lost.values()) == len(game.half_losers) > 2
    for name in players:
        halves = [line for line in book.ledger(CLUB, name) if line["item"] == "half_lost"]
        assert sum(line["count"] for line in halves) == lost[name]
        assert sum(line["cents"] for line in halves) == 50 * lost[name]
    stats = {m["name"]: m for m in book.stats(CLUB)["members"]}
    direct = direct_stats([record])
    for name in players:
        assert stats[name]["halves_lost"] == lost[name] == direct[name]["halves_lost"]
        assert stats[name]["halves"] == len(game.half_losers) == direct[name]["halves"]
        assert stats[name]["finales"] == 0
    (listed,) = book.games(CLUB)
    assert listed["blattschuss"] is False
    extra = len(game.half_losers) - 2
    assert [s["section"] for s in listed["sections"]][2:] == ["extra_half"] * extra
    header, row = book.csv(CLUB, "games").splitlines()
    cells = dict(zip(header.split(","), row.split(","), strict=True))
    assert cells["extra_halves"] == "|".join(players[s] for s in game.half_losers[2:])
    assert cells["finale"] == ""
    details = _game_details(listed, "en")
    assert ", further halves " in details and "Finale" not in details


def pub_record(rules: Rules, players: list[str]) -> GameRecord:
    """A whole game entered in pub mode, turn by turn (nobody buys back in)."""
    pub = PubGame(rules, players)
    turns = itertools.cycle(["r jule", "6-5-4", "4-1-1", "2-2-1", "6-6-3"])
    while (state := pub.state()).ask != "over":
        assert state.seat is not None and len(pub.entries) < 1000
        if state.ask == "buy_in":
            pub.answer_buy_in(state.seat, False)
        else:
            pub.enter(parse_turn(next(turns)))
    return pub.record()


def test_games_under_regional_rules_and_from_pub_mode_go_into_the_book(
    target: Callable[[], str],
) -> None:
    # House rules from other pubs (a Jule, only 1s set aside, no General, ...): the regional
    # golden games, and a game entered in pub mode whose Jules are worth 7.
    golden = Path(__file__).resolve().parent / "golden"
    records = [
        parse_record((golden / f"regional-{name}.json").read_text(encoding="utf-8"))
        for name in ("jule", "ones")
    ]
    rules = find_preset("tsv99").with_overrides(
        {"jule": True, "set_aside": "ones", "deckel_per_half": 9, "deckel_in_finale": 9}
    )
    records.append(pub_record(rules, ["Anna", "Ben", "Cem"]))
    book = new_book(target())
    book.add_evening(CLUB, "2024-06-04", present=NAMES[:3])
    for record in records:
        book.add_game(CLUB, "2024-06-04", record=record, source="pub")
    stats = book.stats(CLUB)
    direct = direct_stats(records)
    for m in stats["members"]:
        for key, value in direct.get(m["name"], {}).items():
            assert dict(m)[key] == value, (m["name"], key)
    kept = book.game_record(CLUB, "2024-06-04", 3)
    assert kept is not None and parse_record(kept) == records[2]
    assert PubGame.from_record(parse_record(kept)).entries  # the pub entries came along
    jules = [
        r.name
        for e in replay(records[2]).events
        if isinstance(e, RoundEnded)
        for _, r in e.results
        if r.name == "Jule"
    ]
    assert jules
    other = ClubBook(target())
    other.import_club(book.export_club(CLUB))
    assert other.stats(CLUB) == stats


def test_games_entered_by_their_loser_count_where_they_say_enough(
    target: Callable[[], str],
) -> None:
    book = new_book(target())
    book.add_evening(CLUB, "2024-05-07", present=["Anna", "Ben", "Cem"])
    book.add_game(CLUB, "2024-05-07", loser="Anna")  # players: who came
    book.add_game(CLUB, "2024-05-07", loser="Ben", halves=["Ben", "Cem"], schock_aus=["finale"])
    stats = {m["name"]: m for m in book.stats(CLUB)["members"]}
    assert stats["Anna"]["games"] == 2 and stats["Anna"]["halves"] == 2
    assert stats["Ben"]["finales_lost"] == 1 and stats["Cem"]["finales"] == 1
    assert stats["Ben"]["schock_aus_taken"] == 1
    assert stats["Cem"]["halves_lost"] == 1
    assert book.stats(CLUB)["games_with_halves"] == 1


# ---------------------------------------------------------------------- export and import


def full_club(path: str | Path = ":memory:") -> ClubBook:
    book = new_book(path)
    book.add_member(CLUB, "Gustav", guest=True, joined="2024-01-01")
    book.set_price(CLUB, "game_lost", 100)
    book.set_price(CLUB, "half_lost", 50, valid_from="2024-01-01")
    book.set_password(CLUB, "geheim-und-lang")
    book.add_evening(CLUB, "2024-01-09", place="Zur Krone", note="Jahresauftakt", present=NAMES)
    for seed in range(3):
        book.add_game(CLUB, "2024-01-09", record=bot_record(NAMES[:4], seed), source="online")
    book.add_game(
        CLUB, "2024-01-09", loser="Emil", halves=["Emil", "Emil"], meta={"table": 2, "x": [1]}
    )
    book.void_game(CLUB, "2024-01-09", 2, "twice entered")
    book.add_evening(CLUB, "2024-02-06", present=["Anna", "Gustav"])
    book.add_game(CLUB, "2024-02-06", loser="Gustav", note="Kurzes Spiel")
    book.add_expense(CLUB, 4550, "Weihnachtsessen", day="2024-01-09", paid_by="Anna")
    book.rename_member(CLUB, "Anna", "Anna-Lena")
    book.pay(CLUB, "Ben", 1000, day="2024-02-06", note="bar")
    book.charge(CLUB, "Cem", -50, "Rundung erlassen", day="2024-02-06")
    book.member_leaves(CLUB, "Dora", "2024-02-01")
    book.add_expense(CLUB, -550, "Weihnachtsessen: Rechnung zu hoch", day="2024-02-06")
    book.set_fine_item(CLUB, "Würfel vom Tisch", 50)
    book.set_fine_item(CLUB, "Spinksen", 100)
    book.fine(CLUB, "Ben", "würfel vom tisch", count=2, day="2024-02-06")
    return book


def test_export_and_import_round_trip_a_club_exactly(target: Callable[[], str]) -> None:
    book = full_club()
    text = book.export_club(CLUB)
    other = ClubBook(target())
    other.create_club("Kegelclub")  # another club in the file: ids differ, the export does not
    other.add_member("Kegelclub", "Zora")
    other.import_club(text)
    assert other.export_club(CLUB) == text
    assert other.stats(CLUB) == book.stats(CLUB)
    assert other.balances(CLUB) == book.balances(CLUB)
    assert other.games(CLUB, with_void=True) == book.games(CLUB, with_void=True)
    assert other.game_record(CLUB, "2024-01-09", 1) == book.game_record(CLUB, "2024-01-09", 1)
    # The password survives (its hash is exported, never the password itself).
    assert "geheim" not in text
    other.check_access(CLUB, password="geheim-und-lang")
    assert other.kitty(CLUB) == book.kitty(CLUB)
    assert other.expenses(CLUB) == book.expenses(CLUB)
    assert other.fine_items(CLUB) == book.fine_items(CLUB) != []
    data = json.loads(text)
    assert data["format"] == "schocken-club" and data["version"] == 1
    # The expense paid out by Anna follows her new name.
    assert data["expenses"] == [
        {"date": "2024-01-09", "cents": 4550, "purpose": "Weihnachtsessen", "paid_by": "Anna-Lena"},
        {
            "date": "2024-02-06",
            "cents": -550,
            "purpose": "Weihnachtsessen: Rechnung zu hoch",
            "paid_by": None,
        },
    ]


def test_an_export_without_expenses_is_as_before_and_an_old_one_imports(
    target: Callable[[], str],
) -> None:
    # A club without expenses exports no "expenses" (older schocken read it); an export written
    # before the kitty had expenses imports, with an empty kitty's expenses.
    book = new_book(target())
    book.pay(CLUB, "Ben", 700, day="2024-01-09")
    text = book.export_club(CLUB)
    assert "expenses" not in json.loads(text)
    old = json.loads(full_club().export_club(CLUB))
    del old["expenses"]
    old["log"] = [e for e in old["log"] if e["action"] != "expense_added"]
    fresh = ClubBook(target())
    fresh.import_club(json.dumps(old))
    assert fresh.expenses(CLUB) == []
    assert fresh.kitty(CLUB)["paid_out"] == 0
    assert json.loads(fresh.export_club(CLUB)) == old


def test_the_catalogue_of_fines_books_a_fine_as_a_charge_by_its_name(
    target: Callable[[], str],
) -> None:
    book = new_book(target())
    assert book.fine_items(CLUB) == []
    book.set_fine_item(CLUB, "Würfel vom Tisch", 50)
    book.set_fine_item(CLUB, "Spinksen", 100)
    assert book.set_fine_item(CLUB, "spinksen ", 120) == [  # the same fine, a new price
        {"name": "spinksen", "cents": 120},
        {"name": "Würfel vom Tisch", "cents": 50},
    ]
    b = book.fine(CLUB, "Ben", "WÜRFEL VOM TISCH", count=3, day="2024-01-09")
    assert b["balance"] == 150  # what Ben owes
    book.fine(CLUB, "Ben", "Spinksen", day="2024-01-10")
    lines = book.ledger(CLUB, "Ben")
    assert [(x["item"], x["text"], x["cents"]) for x in lines] == [
        ("charge", "Würfel vom Tisch × 3", 150),
        ("charge", "spinksen", 120),
    ]
    # a new price or the fine's removal leaves what was booked as it was
    book.set_fine_item(CLUB, "Spinksen", 200)
    book.remove_fine_item(CLUB, "Würfel vom Tisch")
    assert book.balance(CLUB, "Ben")["balance"] == 270
    assert [e["action"] for e in book.log(CLUB)][-6:] == [
        "fine_item_set",
        "fine_item_set",
        "fined",
        "fined",
        "fine_item_set",
        "fine_item_removed",
    ]
    # refusals say why and change nothing
    before = dump(book)
    cases: list[tuple[str, Callable[[], object]]] = [
        (
            "no fine 'Lustwurf' in the club's catalogue \\(it has: Spinksen\\)",
            lambda: book.fine(CLUB, "Ben", "Lustwurf"),
        ),
        ("'Zora' is not a member", lambda: book.fine(CLUB, "Zora", "Spinksen")),
        ("1 to 99 times", lambda: book.fine(CLUB, "Ben", "Spinksen", count=0)),
        ("1 to 99 times", lambda: book.fine(CLUB, "Ben", "Spinksen", count=True)),
        ("is written YYYY-MM-DD", lambda: book.fine(CLUB, "Ben", "Spinksen", day="gestern")),
        ("cannot be 0", lambda: book.set_fine_item(CLUB, "Schnapsrunde", 0)),
        ("cannot be negative", lambda: book.set_fine_item(CLUB, "Schnapsrunde", -5)),
        ("must be given", lambda: book.set_fine_item(CLUB, "  ", 5)),
        ("at most 60 characters", lambda: book.set_fine_item(CLUB, "x" * 61, 5)),
        ("no fine 'Würfel vom Tisch'", lambda: book.remove_fine_item(CLUB, "Würfel vom Tisch")),
    ]
    for message, call in cases:
        with pytest.raises(ClubError, match=message):
            call()
        assert dump(book) == before, message


def test_import_refuses_a_club_already_there_and_bad_exports_whole(
    target: Callable[[], str],
) -> None:
    book = full_club()
    text = book.export_club(CLUB)
    before = dump(book)
    with pytest.raises(ClubError, match="has a club 'Stammtisch Krone' already"):
        book.import_club(text)
    fresh = ClubBook(target())
    empty = dump(fresh)
    data = json.loads(text)
    bad_step = json.loads(text)
    bad_step["evenings"][0]["games"][0]["record"]["steps"][3]["pips"] = [7, 1, 1]
    bad_member = json.loads(text)
    bad_member["payments"][0]["member"] = "Nobody"
    bad_expense = json.loads(text)
    bad_expense["expenses"][1]["cents"] = 0
    cases = {
        "not valid JSON": "{",
        "unknown field 'extra'": json.dumps({**data, "extra": 1}),
        "export version 2 is not supported": json.dumps({**data, "version": 2}),
        r"evenings\[0\].games\[0\]: the record is refused: step 3": json.dumps(bad_step),
        "'Nobody' is not a member": json.dumps(bad_member),
        r"expenses\[1\]: an expense cannot be 0": json.dumps(bad_expense),
        r"expenses\[0\]: unknown field 'by'": json.dumps(
            {**data, "expenses": [{**data["expenses"][0], "by": "Ben"}]}
        ),
        r"fine_items\[2\]: the fine 'SPINKSEN' is in the catalogue twice": json.dumps(
            {**data, "fine_items": [*data["fine_items"], {"name": "SPINKSEN", "cents": 5}]}
        ),
        r"fine_items\[0\]: the price of 'Spinksen' cannot be 0": json.dumps(
            {**data, "fine_items": [{"name": "Spinksen", "cents": 0}]}
        ),
    }
    for message, bad in cases.items():
        with pytest.raises(ClubError, match=message):
            fresh.import_club(bad)
        assert dump(fresh) == empty, message
    assert dump(book) == before


# ---------------------------------------------------------------------- access


def test_the_secret_link_and_the_password_open_only_their_club(target: Callable[[], str]) -> None:
    book = ClubBook(target())
    info, secret = book.create_club(CLUB)
    _, other_secret = book.create_club("Kegelclub")
    assert info["has_secret"] and not info["has_password"]
    assert book.check_access(CLUB, secret=secret)["name"] == CLUB
    assert book.check_access("stammtisch-krone", secret=secret)["slug"] == "stammtisch-krone"
    refused = "no such club, or the link or password does not fit"
    for kwargs in (
        {"secret": other_secret},
        {"secret": secret[:-1]},
        {"secret": ""},
        {"password": "anything-at-all"},
        {},
    ):
        with pytest.raises(ClubAccessError, match=refused):
            book.check_access(CLUB, **kwargs)
    with pytest.raises(ClubAccessError, match=refused):
        book.check_access("No Such Club", secret=secret)
    with pytest.raises(ClubError, match="at least 8 characters"):
        book.set_password(CLUB, "kurz")
    book.set_password(CLUB, "Schock-Aus 1-1-1")
    book.check_access(CLUB, password="Schock-Aus 1-1-1")
    with pytest.raises(ClubAccessError):
        book.check_access(CLUB, password="schock-aus 1-1-1")
    new = book.new_secret(CLUB)
    book.check_access(CLUB, secret=new)
    with pytest.raises(ClubAccessError):
        book.check_access(CLUB, secret=secret)
    book.set_password(CLUB, None)
    with pytest.raises(ClubAccessError):
        book.check_access(CLUB, password="Schock-Aus 1-1-1")
    # Only hashes are stored.
    assert not any(secret in line or new in line for line in dump(book))


def test_a_session_opens_its_club_for_its_days_and_ends_with_a_new_key(
    target: Callable[[], str],
) -> None:
    book = ClubBook(target())
    book.create_club(CLUB)
    book.create_club("Kegelclub")
    day = 86400
    start = 1_800_000_000
    ours = book.new_session(CLUB, now=start)
    theirs = book.new_session("kegelclub", now=start)
    assert book.session_club(ours, now=start) == "stammtisch-krone"
    assert book.session_club(theirs, now=start) == "kegelclub"
    for wrong in ("", ours[:-1], ours + "x", None, 42, "x" * 1000):
        assert book.session_club(wrong, now=start) is None
    # only the token's hash is kept
    assert not any(ours in line for line in dump(book))
    # unused, it expires after SESSION_DAYS; used in its second half, it is renewed
    last = start + SESSION_DAYS * day - 1
    assert book.session_club(theirs, now=last) == "kegelclub"  # renewed now
    assert book.session_club(theirs, now=last + SESSION_DAYS * day - 1) == "kegelclub"
    assert book.session_club(ours, now=start + SESSION_DAYS * day) is None
    # an expired session leaves the file when the next one is made
    book.new_session(CLUB, now=start + SESSION_DAYS * day)
    assert book.db.execute("SELECT count(*) FROM club_sessions").fetchone()[0] == 2
    # a new secret or password ends the club's sessions, not another club's
    mine = book.new_session(CLUB, now=start)
    book.set_password(CLUB, "Schock-Aus 1-1-1")
    assert book.session_club(mine, now=start) is None
    assert book.session_club(theirs, now=start) == "kegelclub"
    mine = book.new_session(CLUB, now=start)
    book.new_secret(CLUB)
    assert book.session_club(mine, now=start) is None
    mine = book.new_session(CLUB, now=start)
    book.end_session(mine)
    assert book.session_club(mine, now=start) is None
    with pytest.raises(ClubError, match="no club"):
        book.new_session("No Such Club")


def test_the_sessions_are_listed_by_device_and_each_can_be_ended(target: Callable[[], str]) -> None:
    book = ClubBook(target())
    book.create_club(CLUB)
    book.create_club("Kegelclub")
    start = 1_800_000_000
    phone = book.new_session(CLUB, device="Chrome on Android", now=start)
    laptop = book.new_session(CLUB, device="  Firefox\non   Linux  " + "x" * 100, now=start + 10)
    other = book.new_session("Kegelclub", device="Safari on iPhone", now=start)
    listed = book.sessions(CLUB, current=phone, now=start + 20)
    assert [s["device"] for s in listed] == ["Firefox on Linux " + "x" * 43, "Chrome on Android"]
    assert [s["current"] for s in listed] == [False, True]
    assert listed[1]["created"] == listed[1]["used"] == "2027-01-15T08:00:00+00:00"
    # no token and no whole hash leaves the book: the id is a short start of the hash
    assert all(len(s["id"]) == 12 and phone not in str(s) for s in listed)
    # using a session moves it up, to the hour
    assert book.session_club(phone, now=start + USED_EVERY + 10) == "stammtisch-krone"
    assert [s["current"] for s in book.sessions(CLUB, current=phone, now=start + 20)] == [
        True,
        False,
    ]
    # one session ended by its id: that device is out, the others stay
    before = dump(book)
    # a real id upper-cased: unless it has no letter to change (one in 280 has none)
    real = listed[0]["id"]
    shouted = real.upper() if real.upper() != real else "Z" * 12
    for wrong in ("", "xyz", shouted, 42, None, "0" * 12):
        with pytest.raises(ClubError, match="session"):
            book.end_session_by_id(CLUB, wrong)
    assert dump(book) == before
    theirs = book.sessions("Kegelclub")[0]["id"]
    with pytest.raises(ClubError, match="no session"):  # another club's session is not ours
        book.end_session_by_id(CLUB, theirs)
    ended = book.end_session_by_id(CLUB, listed[0]["id"])
    assert ended["device"].startswith("Firefox on Linux")
    assert book.session_club(laptop) is None
    assert book.session_club(phone, now=start + 30) == "stammtisch-krone"
    assert book.session_club(other, now=start + 30) == "kegelclub"
    assert [s["device"] for s in book.sessions(CLUB, now=start + 30)] == ["Chrome on Android"]
    # expired sessions are not listed
    assert book.sessions(CLUB, now=start + SESSION_DAYS * 86400 * 3) == []


def test_a_book_of_version_1_gets_its_sessions_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[1])
        db.execute("INSERT INTO club_meta (key, value) VALUES ('schema', '1')")
        db.execute(
            "INSERT INTO club_clubs (slug, name, created, currency, season_start) "
            "VALUES ('krone', 'Krone', '2020-01-01T00:00:00+00:00', 'EUR', '01-01')"
        )
    db.close()
    with ClubBook(path) as book:
        assert book.club("Krone")["name"] == "Krone"
        token = book.new_session("Krone")
        assert book.session_club(token) == "krone"
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM club_meta").fetchone() == (str(SCHEMA_VERSION),)
    db.close()


def test_a_book_of_version_2_gets_its_expenses_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[1] + MIGRATIONS[2])
        db.execute("INSERT INTO club_meta (key, value) VALUES ('schema', '2')")
        db.execute(
            "INSERT INTO club_clubs (slug, name, created, currency, season_start) "
            "VALUES ('krone', 'Krone', '2020-01-01T00:00:00+00:00', 'EUR', '01-01')"
        )
        db.execute(
            "INSERT INTO club_members (club_id, name, key, guest) VALUES (1, 'Anna', 'anna', 0)"
        )
        db.execute(
            "INSERT INTO club_payments (club_id, member_id, date, cents, note) "
            "VALUES (1, 1, '2020-02-01', 2000, '')"
        )
        db.execute(
            "INSERT INTO club_sessions (token_hash, club_id, created, expires) "
            "VALUES ('00', 1, 0, 9999999999)"
        )
    db.close()
    with ClubBook(path) as book:
        assert book.kitty("Krone")["balance"] == 2000  # the payment of before is in the kitty
        book.add_expense("Krone", 1500, "Schnaps", day="2020-03-01", paid_by="Anna")
        assert book.kitty("Krone")["balance"] == 500
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM club_meta").fetchone() == (str(SCHEMA_VERSION),)
        assert db.execute("SELECT count(*) FROM club_sessions").fetchone() == (1,)
    db.close()
    with ClubBook(path) as book:  # opened again: already of version 3, nothing to do
        assert [x["purpose"] for x in book.expenses("Krone")] == ["Schnaps"]


# ---------------------------------------------------------------------- bots at online tables


def bot_games(players: list[str], bot: str) -> tuple[GameRecord, GameRecord]:
    """Two finished games of ``players``: one the bot ``bot`` lost, one a member lost."""
    found: dict[bool, GameRecord] = {}
    for seed in range(1, 200):
        record = bot_record(players, seed)
        loser = replay(record).loser
        assert loser is not None
        found.setdefault(record.players[loser] == bot, record)
        if len(found) == 2:
            return found[True], found[False]
    raise AssertionError("no seed gave both kinds of game")


def fines_of(
    record: GameRecord, counted: set[str], game_lost: int, half_lost: int
) -> dict[str, int]:
    """What a game costs each counted player, from its events: game and halves lost."""
    game = replay(record)
    owed: dict[str, int] = dict.fromkeys(counted, 0)
    assert game.loser is not None
    loser = record.players[game.loser]
    if loser in counted:
        owed[loser] += game_lost
    for e in game.events:
        if isinstance(e, SectionEnded) and e.section.value in HALVES:
            name = record.players[e.loser]
            if name in counted:
                owed[name] += half_lost
    return owed


def test_a_bot_seat_not_counted_costs_nobody_and_counts_for_no_member(
    target: Callable[[], str],
) -> None:
    book = ClubBook(target())
    book.create_club(CLUB)
    for name in ("Anna", "Ben", "Cem"):
        book.add_member(CLUB, name)
    assert book.club(CLUB)["bot_seats"] == "not_counted"  # the default
    book.set_price(CLUB, "game_lost", 100)
    book.set_price(CLUB, "half_lost", 50)
    book.set_price(CLUB, "absent", 300)
    book.set_price(CLUB, "schock_aus_given", 20)
    bot_lost, anna_or_ben_lost = bot_games(["Anna", "Ben", "Bodo"], "Bodo")
    book.add_evening(CLUB, "2026-11-20", present=["Anna", "Ben", "Cem"])
    first = book.add_game(CLUB, "2026-11-20", record=bot_lost, source="online", bots=[2])
    assert first["players"] == ["Anna", "Ben", "Bodo"] and first["bots"] == ["Bodo"]
    assert first["loser"] == "Bodo"
    second = book.add_game(CLUB, "2026-11-20", record=anna_or_ben_lost, source="online", bots=[2])
    assert second["loser"] in ("Anna", "Ben") and second["bots"] == ["Bodo"]
    # Bodo is no member: not listed, never present, never owing; no name finds him.
    assert [m["name"] for m in book.members(CLUB)] == ["Anna", "Ben", "Cem"]
    assert book.evening(CLUB, "2026-11-20")["present"] == ["Anna", "Ben", "Cem"]
    assert [b["member"] for b in book.balances(CLUB)] == ["Anna", "Ben", "Cem"]
    with pytest.raises(ClubError, match="'Bodo' is not a member"):
        book.pay(CLUB, "Bodo", 100)
    # The members pay for what they lost at the bot's table; what Bodo lost costs nobody.
    owed = {"Anna": 0, "Ben": 0, "Cem": 0}
    for record in (bot_lost, anna_or_ben_lost):
        for name, cents in fines_of(record, {"Anna", "Ben"}, 100, 50).items():
            owed[name] += cents
    given = Counter(
        line["member"] for line in book.ledger(CLUB) if line["item"] == "schock_aus_given"
    )
    balances = {b["member"]: b["balance"] for b in book.balances(CLUB)}
    assert {n: balances[n] - 20 * given[n] for n in balances} == owed
    assert not any(line["item"] == "game_lost" and line["game"] == 1 for line in book.ledger(CLUB))
    # The statistics: the members played both games; the one Bodo lost is lost by no member.
    stats = {m["name"]: m for m in book.stats(CLUB)["members"]}
    assert set(stats) == {"Anna", "Ben", "Cem"}
    assert stats["Anna"]["games"] == stats["Ben"]["games"] == 2
    assert stats["Anna"]["games_lost"] + stats["Ben"]["games_lost"] == 1
    assert stats["Anna"]["games_lost_expected"] == pytest.approx(2 / 3)
    assert "Bodo" not in str(book.stats(CLUB)["loses_to"])
    # Another evening: Bodo is never fined for missing it; a member who was not there is.
    book.add_evening(CLUB, "2026-11-27", present=["Anna", "Ben"])
    assert not [x for x in book.ledger(CLUB) if x["date"] == "2026-11-27" and x["member"] != "Cem"]
    # A human named Bodo can still join the club: the bot is no member of that name.
    book.add_member(CLUB, "Bodo", joined="2026-12-01")
    assert book.balance(CLUB, "Bodo")["balance"] == 0
    # The export names the bots' seats and round-trips exactly.
    text = book.export_club(CLUB)
    data = json.loads(text)
    assert "bot_seats" not in data["club"]  # the default: as an older export
    assert [g.get("bots") for g in data["evenings"][0]["games"]] == [[2], [2]]
    assert [m["name"] for m in data["members"]] == ["Anna", "Ben", "Cem", "Bodo"]
    other = ClubBook(target())
    other.import_club(text)
    assert other.export_club(CLUB) == text
    assert other.balances(CLUB) == book.balances(CLUB)
    assert other.stats(CLUB) == book.stats(CLUB)
    assert other.games(CLUB) == book.games(CLUB)


def test_a_bot_seat_as_a_guest_is_a_guest_named_after_the_bot(target: Callable[[], str]) -> None:
    book = ClubBook(target())
    book.create_club(CLUB)
    for name in ("Anna", "Ben", "Kalle"):
        book.add_member(CLUB, name)
    book.set_bot_seats(CLUB, "guest")
    assert book.club(CLUB)["bot_seats"] == "guest"
    assert book.log(CLUB)[-1] == {
        "at": book.log(CLUB)[-1]["at"],
        "action": "bot_seats_set",
        "detail": {"bot_seats": "guest"},
    }
    book.set_price(CLUB, "game_lost", 100)
    book.set_price(CLUB, "absent", 300)
    bot_lost, _ = bot_games(["Anna", "Bodo", "Kalle"], "Bodo")
    book.add_evening(CLUB, "2026-11-20", present=["Anna"])
    # Bodo becomes a guest; Kalle is a member of the club: the bot Kalle is "Kalle (Bot)".
    game = book.add_game(CLUB, "2026-11-20", record=bot_lost, source="online", bots=[1, 2])
    assert game["players"] == ["Anna", "Bodo", "Kalle (Bot)"] and game["bots"] == []
    assert game["loser"] == "Bodo"
    members = {m["name"]: m["guest"] for m in book.members(CLUB)}
    assert members == {
        "Anna": False,
        "Ben": False,
        "Kalle": False,
        "Bodo": True,
        "Kalle (Bot)": True,
    }
    assert book.evening(CLUB, "2026-11-20")["present"] == ["Anna", "Bodo", "Kalle (Bot)"]
    balances = {b["member"]: b["balance"] for b in book.balances(CLUB)}
    assert balances["Bodo"] == 100  # a guest pays for the game it lost
    assert balances["Ben"] == 300 and balances["Kalle"] == 300  # members who missed the evening
    # The guest made for a bot is used again by the bot's next game; never fined for missing one.
    book.add_evening(CLUB, "2026-11-27", present=["Anna", "Ben", "Kalle"])
    assert book.balance(CLUB, "Bodo")["balance"] == 100
    assert "Bodo" in {m["name"] for m in book.stats(CLUB)["members"]}
    text = book.export_club(CLUB)
    assert json.loads(text)["club"]["bot_seats"] == "guest"
    other = ClubBook(target())
    other.import_club(text)
    assert other.export_club(CLUB) == text
    assert other.club(CLUB)["bot_seats"] == "guest"


def test_bot_seats_refused_where_they_do_not_fit() -> None:
    book = new_book()
    book.add_evening(CLUB, "2026-11-20", present=["Anna", "Ben"])
    record = bot_record(["Anna", "Bodo"], 3)
    before = dump(book)
    with pytest.raises(ClubError, match="a bot's seat counts as not_counted or guest, not 'robot'"):
        book.set_bot_seats(CLUB, "robot")
    with pytest.raises(ClubError, match="a bot's seat is a number from 0 to 1, not 2"):
        book.add_game(CLUB, "2026-11-20", record=record, source="online", bots=[2])
    with pytest.raises(ClubError, match="a game of bots alone"):
        book.add_game(CLUB, "2026-11-20", record=record, source="online", bots=[0, 1])
    with pytest.raises(ClubError, match="only a game's record has bots' seats"):
        book.add_game(CLUB, "2026-11-20", loser="Anna", bots=[1])
    with pytest.raises(ClubError, match="'Bodo' is not a member"):
        book.add_game(CLUB, "2026-11-20", record=record, source="online")  # as before: no bots
    assert dump(book) == before


# ---------------------------------------------------------------------- the kitty


def test_the_kitty_is_payments_in_less_expenses_out_and_owed_is_apart(
    target: Callable[[], str],
) -> None:
    book = new_book(target())
    book.set_price(CLUB, "game_lost", 150)
    book.add_evening(CLUB, "2024-01-09", present=["Anna", "Ben", "Cem"])
    book.add_game(CLUB, "2024-01-09", loser="Ben")
    book.add_game(CLUB, "2024-01-09", loser="Cem")
    book.add_game(CLUB, "2024-01-09", loser="Cem")
    assert book.kitty(CLUB) == {"paid_in": 0, "paid_out": 0, "balance": 0, "owed": 450, "credit": 0}
    book.pay(CLUB, "Cem", 300, day="2024-01-09")
    book.pay(CLUB, "Anna", 2000, day="2024-01-10", note="Jahresbeitrag")
    book.pay(CLUB, "Anna", -500, day="2024-01-11", note="zu viel")
    # 300 + 2000 - 500 in; Ben owes 150; Anna has paid 1500 ahead of any fine.
    assert book.kitty(CLUB) == {
        "paid_in": 1800,
        "paid_out": 0,
        "balance": 1800,
        "owed": 150,
        "credit": 1500,
    }
    entry = book.add_expense(CLUB, 1200, " eine  Runde Schnaps", day="2024-01-09", paid_by="ben")
    assert entry == {
        "date": "2024-01-09",
        "cents": 1200,
        "purpose": "eine Runde Schnaps",
        "paid_by": "Ben",
    }
    after = book.kitty(CLUB)
    assert after == {"paid_in": 1800, "paid_out": 1200, "balance": 600, "owed": 150, "credit": 1500}
    book.add_expense(CLUB, 9000, "Vereinsfahrt", day="2024-06-01")
    assert book.kitty(CLUB)["balance"] == -8400  # the kitty can be in the red: someone advanced it
    book.add_expense(CLUB, -1000, "Vereinsfahrt: Anzahlung zurück", day="2024-06-02")
    kitty = book.kitty(CLUB)
    assert (kitty["paid_out"], kitty["balance"]) == (9200, -7400)
    # Expenses are not members' debts: balances and the ledger do not change.
    assert {b["member"]: b["balance"] for b in book.balances(CLUB)}["Ben"] == 150
    assert not any(line["item"] == "expense" for line in book.ledger(CLUB))
    assert book.expenses(CLUB) == [
        {"date": "2024-01-09", "cents": 1200, "purpose": "eine Runde Schnaps", "paid_by": "Ben"},
        {"date": "2024-06-01", "cents": 9000, "purpose": "Vereinsfahrt", "paid_by": None},
        {
            "date": "2024-06-02",
            "cents": -1000,
            "purpose": "Vereinsfahrt: Anzahlung zurück",
            "paid_by": None,
        },
    ]
    assert book.log(CLUB)[-3]["action"] == "expense_added"
    assert book.log(CLUB)[-3]["detail"] == {
        "date": "2024-01-09",
        "cents": 1200,
        "purpose": "eine Runde Schnaps",
        "paid_by": "Ben",
    }
    # The kitty's book as CSV: every movement by date, with the balance after it.
    assert book.csv(CLUB, "kitty").splitlines() == [
        "date,kind,member,text,cents,balance",
        "2024-01-09,payment,Cem,,300,300",
        "2024-01-09,expense,Ben,eine Runde Schnaps,-1200,-900",
        "2024-01-10,payment,Anna,Jahresbeitrag,2000,1100",
        "2024-01-11,payment,Anna,zu viel,-500,600",
        "2024-06-01,expense,,Vereinsfahrt,-9000,-8400",
        "2024-06-02,expense,,Vereinsfahrt: Anzahlung zurück,1000,-7400",
    ]
    book.set_season_start(CLUB, "02-01")
    assert book.csv(CLUB, "kitty", "2024/25").splitlines()[1:] == [
        "2024-06-01,expense,,Vereinsfahrt,-9000,-8400",
        "2024-06-02,expense,,Vereinsfahrt: Anzahlung zurück,1000,-7400",
    ]
    assert [x["purpose"] for x in book.expenses(CLUB, "2023/24")] == ["eine Runde Schnaps"]


def test_a_club_made_with_its_password_in_one_step(target: Callable[[], str]) -> None:
    book = ClubBook(target())
    with pytest.raises(ClubError, match="at least 8 characters"):
        book.create_club(CLUB, password="kurz")
    assert book.clubs() == []  # refused: no club without its password
    info, secret = book.create_club(CLUB, password="Schock-Aus 1-1-1")
    assert info["has_password"] and info["has_secret"]
    book.check_access(CLUB, password="Schock-Aus 1-1-1")
    book.check_access(CLUB, secret=secret)
    assert [e["action"] for e in book.log(CLUB)] == ["club_created", "password_set"]
    assert not any("Schock-Aus 1-1-1" in line for line in dump(book))


# ---------------------------------------------------------------------- bad input


def test_bad_input_is_refused_with_what_was_wrong_and_changes_nothing() -> None:
    book = full_club()
    record = bot_record(["Anna-Lena", "Ben", "Xaver"], 3)
    unfinished = GameRecord(record.rules, record.players, record.steps[:5])
    legal = bot_record(["Anna-Lena", "Ben", "Cem"], 3).to_json()
    illegal = legal.replace('"pips": [', '"pips": [2, ', 1)  # four dice in a throw
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: book.create_club("stammtisch  KRONE"), "same web address"),
        (lambda: book.create_club("!!!"), "needs a letter a-z or a digit"),
        (lambda: book.add_member(CLUB, "anna-lena"), "has a member 'Anna-Lena' already"),
        (lambda: book.add_member(CLUB, " "), "a member's name: a name is a non-empty text"),
        (lambda: book.add_member(CLUB, "Ida", joined="2024-02-30"), "there is no day 2024-02-30"),
        (lambda: book.add_evening(CLUB, "2024-01-09"), "has an evening on 2024-01-09 already"),
        (lambda: book.add_evening(CLUB, "9.1.2024"), "written YYYY-MM-DD"),
        (
            lambda: book.add_evening(CLUB, "2024-03-01", present=["Xaver"]),
            "'Xaver' is not a member",
        ),
        (lambda: book.add_evening(CLUB, "2024-03-01", place="x" * 201), "at most 200 characters"),
        (lambda: book.add_game(CLUB, "2024-03-01", loser="Ben"), "no evening on 2024-03-01"),
        (lambda: book.add_game(CLUB, "2024-01-09", record=record), "'Xaver' is not a member"),
        (lambda: book.add_game(CLUB, "2024-01-09", record=unfinished), "not finished"),
        (
            lambda: book.add_game(CLUB, "2024-01-09", record=illegal),
            "the record is refused: step 0: throw by seat 0 threw 3 dice, but the step gives 4",
        ),
        (lambda: book.add_game(CLUB, "2024-01-09", record="{"), "not valid JSON"),
        (
            lambda: book.add_game(CLUB, "2024-01-09", record=record, loser="Ben"),
            "a record or just its loser",
        ),
        (
            lambda: book.add_game(CLUB, "2024-01-09", loser="Ben", halves=["Ben", "Cem", "Ben"]),
            "two halves, not 3",
        ),
        (
            lambda: book.add_game(CLUB, "2024-01-09", loser="Ben", halves=["Cem", "Cem"]),
            "Blattschuss",
        ),
        (
            lambda: book.add_game(CLUB, "2024-01-09", loser="Ben", schock_aus=["finale"]),
            "name the halves' losers too",
        ),
        (
            lambda: book.add_game(
                CLUB, "2024-01-09", loser="Ben", halves=["Ben", "Ben"], schock_aus=["finale"]
            ),
            "Finale, which was not played",
        ),
        (
            lambda: book.add_game(CLUB, "2024-01-09", loser="Ben", players=["Ben", "Ben"]),
            "named twice",
        ),
        (
            lambda: book.add_game(CLUB, "2024-01-09", loser="Ben", players=["Ben"]),
            "2 to 20 players, not 1",
        ),
        (lambda: book.add_game(CLUB, "2024-01-09", loser="Ben", meta={"x": float("nan")}), "JSON"),
        (lambda: book.void_game(CLUB, "2024-01-09", 9, "why"), "has no game 9"),
        (lambda: book.void_game(CLUB, "2024-01-09", 2, "again"), "struck out already"),
        (lambda: book.void_game(CLUB, "2024-01-09", 1, "  "), "the reason must be given"),
        (lambda: book.set_price(CLUB, "beer", 100), "no price item 'beer'; the items are"),
        (lambda: book.set_price(CLUB, "game_lost", -1), "cannot be negative"),
        (lambda: book.set_price(CLUB, "game_lost", 1.5), "whole number of cents"),  # type: ignore[arg-type]
        (lambda: book.pay(CLUB, "Ben", 0), "a payment cannot be 0"),
        (lambda: book.pay(CLUB, "Ben", 10**9), "at most 100000"),
        (lambda: book.pay(CLUB, "Nobody", 100), "'Nobody' is not a member"),
        (lambda: book.charge(CLUB, "Ben", 100, ""), "the reason must be given"),
        (lambda: book.add_expense(CLUB, 0, "Schnaps"), "an expense cannot be 0"),
        (lambda: book.add_expense(CLUB, 10**8, "Schnaps"), "at most 100000"),
        (lambda: book.add_expense(CLUB, 12.5, "Schnaps"), "whole number of cents"),  # type: ignore[arg-type]
        (lambda: book.add_expense(CLUB, 100, " "), "what the expense was for must be given"),
        (lambda: book.add_expense(CLUB, 100, "x" * 201), "at most 200 characters"),
        (lambda: book.add_expense(CLUB, 100, "a\x00b"), "control character"),
        (lambda: book.add_expense(CLUB, 100, "Bier", day="2024-13-01"), "no day 2024-13-01"),
        (lambda: book.add_expense(CLUB, 100, "Bier", paid_by="Nobody"), "'Nobody' is not a member"),
        (lambda: book.add_expense("Kegelclub", 100, "Bier"), "there is no club 'Kegelclub'"),
        (lambda: book.stats(CLUB, "2024/25"), "written like 2024, not '2024/25'"),
        (lambda: book.stats("Kegelclub"), "there is no club 'Kegelclub'"),
        (lambda: book.csv(CLUB, "beer"), "no CSV table 'beer'"),
        (lambda: book.set_season_start(CLUB, "02-29"), "not every year has it"),
        (lambda: book.rename_member(CLUB, "Ben", "Cem"), "has a member 'Cem' already"),
        (lambda: book.member_leaves(CLUB, "Gustav", "2023-12-31"), "joined on 2024-01-01"),
    ]
    before = dump(book)
    for call, message in cases:
        with pytest.raises(ClubError, match=message):
            call()
        assert dump(book) == before, message


def test_a_refusal_of_the_book_carries_its_key_and_is_said_in_german_too() -> None:
    """Each refusal names its text and fields (issue 22): its ``str()`` stays the English text
    (logs, the command line), and :func:`refusal_text` says it in German, with the words in it
    (a price item, "a payment") in German too."""
    book = full_club()
    cases: list[tuple[Callable[[], object], str, dict[str, object], str, str]] = [
        (
            lambda: book.add_member(CLUB, "ben"),
            "club_refuse_member_twice",
            {"name": "Ben"},
            "the club has a member 'Ben' already; names must differ (also in case, spacing and "
            "look-alike letters)",
            "der Verein hat schon ein Mitglied „Ben“; Namen müssen sich unterscheiden (auch in "
            "Groß- und Kleinschreibung, Leerzeichen und ähnlich aussehenden Buchstaben)",
        ),
        (
            lambda: book.set_price(CLUB, "game_lost", -100),
            "club_refuse_cents_negative",
            {"what": said("club_what_price_of", item=said("club_word_game_lost")), "cents": -100},
            "the price of game_lost cannot be negative (-100 cents)",
            "der Preis für „Spiel verloren“ kann nicht negativ sein (-100 Cent)",
        ),
        (
            lambda: book.pay(CLUB, "Ben", 0),
            "club_refuse_cents_zero",
            {"what": said("club_what_payment")},
            "a payment cannot be 0",
            "eine Zahlung kann nicht 0 sein",
        ),
        (
            lambda: book.pay(CLUB, "Xaver", 100),
            "club_refuse_not_member",
            {"name": "Xaver"},
            "'Xaver' is not a member of the club (add them first)",
            "„Xaver“ ist kein Mitglied des Vereins (erst aufnehmen)",
        ),
        (
            lambda: book.add_evening("Kegelclub", "2024-03-01"),
            "club_refuse_no_club",
            {"club": "Kegelclub"},
            "there is no club 'Kegelclub' in this book",
            "in diesem Buch gibt es keinen Verein „Kegelclub“",
        ),
        (
            lambda: book.add_member(CLUB, "Ida", joined="2024-02-30"),
            "club_refuse_date_none",
            {"what": said("club_what_joined"), "value": "2024-02-30"},
            "the day a member joined: there is no day 2024-02-30",
            "der Tag, an dem ein Mitglied eintrat: den Tag 2024-02-30 gibt es nicht",
        ),
        (
            lambda: book.fine(CLUB, "Ben", "Bier verschüttet"),
            "club_refuse_no_fine",
            {"name": "Bier verschüttet", "listed": "Spinksen, Würfel vom Tisch"},
            "no fine 'Bier verschüttet' in the club's catalogue (it has: Spinksen, Würfel vom "
            "Tisch)",
            "keine Strafe „Bier verschüttet“ im Katalog des Vereins (darin: Spinksen, Würfel vom "
            "Tisch)",
        ),
        (
            lambda: book.add_game(
                CLUB, "2024-01-09", loser="Ben", halves=["Ben", "Ben"], schock_aus=["finale"]
            ),
            "club_refuse_unplayed_finale",
            {},
            "a Schock-Aus in the Finale, which was not played",
            "ein Schock-Aus im Finale, das nicht gespielt wurde",
        ),
        (
            lambda: book.create_club("x" * 41),
            "club_refuse_club_name",
            {"why": RefusalError},
            f"the club's name: it has at most 40 characters, not 41: {'x' * 40!r}…",
            f"der Name des Vereins: er hat höchstens 40 Zeichen, nicht 41: {'x' * 40!r}…",
        ),
    ]
    before = dump(book)
    for call, key, fields, english, german in cases:
        with pytest.raises(ClubError) as caught:
            call()
        error = caught.value
        assert error.key == key, english
        if fields.get("why") is RefusalError:
            assert isinstance(error.fields["why"], RefusalError)
        else:
            assert error.fields == fields
        assert str(error) == refusal_text(error, "en") == english
        assert refusal_text(error, "de") == german
    assert dump(book) == before
    with pytest.raises(ClubAccessError) as denied:
        book.check_access(CLUB, password="falsch-und-lang")
    assert denied.value.key == "club_refuse_no_access"
    assert str(denied.value) == NO_ACCESS
    assert refusal_text(denied.value, "de") == (
        "diesen Verein gibt es nicht, oder der Link oder das Passwort passt nicht"
    )


def test_the_command_line_refuses_in_its_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "schocken.sqlite3")
    assert run(capsys, "create", CLUB, "--db", db, "--lang", "de")[0] == 0
    assert run(capsys, "member", "add", "Anna", "--db", db, "--lang", "de")[0] == 0
    code, _, err = run(capsys, "member", "add", "anna", "--db", db, "--lang", "de")
    assert code == 1
    assert err == (
        "schocken club: der Verein hat schon ein Mitglied „Anna“; Namen müssen sich "
        "unterscheiden (auch in Groß- und Kleinschreibung, Leerzeichen und ähnlich aussehenden "
        "Buchstaben)\n"
    )
    code, _, err = run(capsys, "pay", "Anna", "0", "--db", db, "--lang", "de")
    assert code == 1 and err == "schocken club: eine Zahlung kann nicht 0 sein\n"
    code, _, err = run(capsys, "pay", "Anna", "0", "--db", db, "--lang", "en")
    assert code == 1 and err == "schocken club: a payment cannot be 0\n"


def test_a_file_that_is_not_a_book_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is no database" * 100)
    with pytest.raises(ClubStoreError, match="not an SQLite database"):
        ClubBook(junk)
    newer = tmp_path / "newer.sqlite3"
    ClubBook(newer).close()
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE club_meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(ClubStoreError, match="version 99, written by a newer schocken"):
        ClubBook(newer)


def test_the_book_lives_beside_the_servers_tables(tmp_path: Path) -> None:
    path = tmp_path / "schocken.sqlite3"
    book = full_club(path)
    book.close()
    if importlib.util.find_spec("fastapi") is not None:
        from schocken.server.app import default_db
        from schocken.server.store import Store

        assert default_db("schocken-data") == DEFAULT_DB
        store = Store(path)  # the server opens the same file, with its own tables
        assert store.count() == 0
        store.close()
    book = ClubBook(path)
    assert len(book.games(CLUB)) == 4
    tables = {r[0] for r in book.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {t for t in tables if not t.startswith("club_")} <= {
        "tables",
        "steps",
        "pub_games",
        "meta",
        "schema_versions",  # the storage interface's record of each part's version
    }
    assert book.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# ---------------------------------------------------------------------- kill -9

WRITER = """
import sys
from schocken.club import ClubBook
book = ClubBook(sys.argv[1])
club = "Stammtisch Krone"
start = int(sys.argv[2])
for i in range(start, start + 100000):
    day = f"{2000 + i // 300:04d}-{1 + i // 25 % 12:02d}-{1 + i % 25:02d}"
    book.add_evening(club, day, present=["Anna", "Ben"])
    print("evening", i, flush=True)
    book.add_game(club, day, loser="Ben", halves=["Anna", "Ben"], schock_aus=["finale"])
    print("game", i, flush=True)
    book.pay(club, "Ben", 100 + i, day=day)
    print("paid", i, flush=True)
"""


def test_the_book_survives_kill_9_at_any_moment(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    book = ClubBook(path)
    book.create_club(CLUB)
    for name in ("Anna", "Ben"):
        book.add_member(CLUB, name)
    book.close()
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    rng = random.Random(9)
    start = 0
    before: Counter[str] = Counter()
    for _ in range(5):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(start)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdout is not None
        first = proc.stdout.readline()  # it is writing
        assert first.startswith("evening")
        time.sleep(rng.uniform(0.05, 0.6))
        proc.kill()  # SIGKILL
        rest = proc.stdout.read()
        proc.wait()
        done = Counter(line.split()[0] for line in (first + rest).splitlines())
        book = ClubBook(path)
        assert book.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        payments = [line for line in book.ledger(CLUB) if line["item"] == "payment"]
        games = book.games(CLUB)
        now = Counter(evening=len(book.evenings(CLUB)), game=len(games), paid=len(payments))
        # Every change it reported is there; at most the one in flight besides.
        for kind in ("evening", "game", "paid"):
            assert now[kind] - before[kind] in (done[kind], done[kind] + 1), kind
        # Nothing half-written: each game whole, each change with its line in the log.
        for g in games:
            assert g["players"] == ["Anna", "Ben"]
            assert [s["section"] for s in g["sections"]] == ["first_half", "second_half", "finale"]
        log = Counter(entry["action"] for entry in book.log(CLUB))
        assert (log["evening_added"], log["game_added"], log["paid"]) == (
            now["evening"],
            now["game"],
            now["paid"],
        )
        assert book.balance(CLUB, "Ben")["paid"] == sum(-line["cents"] for line in payments)
        book.close()
        before = now
        start = now["evening"]
    assert start > 5


# ---------------------------------------------------------------------- the command


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["club", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "data" / "schocken.sqlite3")
    opts = ["--db", db, "--lang", "en"]
    code, out, _ = run(capsys, "create", CLUB, *opts)
    assert code == 0 and "Secret key for the club's link: " in out
    assert run(capsys, "member", "add", "Anna", "Ben", "Cem", *opts)[0] == 0
    assert run(capsys, "price", "set", "game_lost", "1,50", *opts)[1] == (
        "game lost costs €1.50 from the start.\n"
    )
    run(
        capsys,
        "evening",
        "add",
        "2024-03-05",
        "--place",
        "Krone",
        "--present",
        "Anna,Ben,Cem",
        *opts,
    )
    record = tmp_path / "game.json"
    record.write_text(bot_record(["Anna", "Ben", "Cem"], 5).to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "game", "add", "--record", str(record), *opts)
    assert code == 0 and out.startswith("Game 1 of 2024-03-05: ")
    code, out, _ = run(capsys, "game", "add", "--loser", "Cem", "--halves", "Ben,Cem", *opts)
    assert out == "Game 2 of 2024-03-05: Cem lost.\n"
    code, out, _ = run(capsys, "pay", "Cem", "1", *opts, "--date", "2024-03-05")
    assert out == "Cem paid €1.00; owes €0.50.\n"
    code, out, _ = run(capsys, "balance", "--json", *opts)
    assert {b["member"]: b["balance"] for b in json.loads(out)}["Cem"] == 50
    code, out, _ = run(capsys, "stats", *opts)
    assert "Who loses to whom" in out and "Cem" in out
    code, out, _ = run(capsys, "evening", "show", "--lang", "de", "--db", db)
    assert "Spiel 2: Cem hat verloren (Hinrunde Ben, Rückrunde Cem, Finale Cem)" in out
    export = tmp_path / "krone.json"
    assert run(capsys, "export", str(export), *opts)[0] == 0
    # Refusals: one line, status 1, nothing changed.
    before = export.read_text(encoding="utf-8")
    for argv, message in [
        (["game", "add", "--loser", "Xaver"], "the loser 'Xaver' is not among the players"),
        (["game", "add"], "give the game's --record FILE or its --loser NAME"),
        (["pay", "Ben", "zwei"], "an amount is written like 2,50"),
        (["import", str(export)], "has a club 'Stammtisch Krone' already"),
        (["stats", "--club", "Kegelclub"], "there is no club 'Kegelclub'"),
    ]:
        code, out, err = run(capsys, *argv, *opts)
        assert code == 1 and out == "" and err == f"schocken club: {err[15:]}"
        assert message in err and err.count("\n") == 1
    run(capsys, "export", str(export), *opts)
    assert export.read_text(encoding="utf-8") == before
    # Import into another file: the same export.
    other = str(tmp_path / "other.sqlite3")
    assert run(capsys, "import", str(export), "--db", other)[0] == 0
    again = tmp_path / "again.json"
    run(capsys, "export", str(again), "--db", other)
    assert again.read_bytes() == export.read_bytes()
    code, out, _ = run(capsys, "csv", "games", *opts)
    assert out.splitlines()[0].startswith("date,number,source,players,loser")
    assert len(out.splitlines()) == 3


def test_the_command_with_a_file_that_is_no_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk"
    junk.write_text("no database here\n" * 100)
    code, _, err = run(capsys, "list", "--db", str(junk))
    assert code == 2 and "not an SQLite database" in err


def test_plot(tmp_path: Path) -> None:
    from schocken.club.plot import plot_stats

    book = full_club()
    target = tmp_path / "stats.png"
    plot_stats(book.stats(CLUB), target, "de")
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = tmp_path / "stats.svg"
    plot_stats(book.stats(CLUB), svg, "en")
    assert "Who loses to whom" in svg.read_text(encoding="utf-8")


def test_the_writer_script_is_valid_python() -> None:
    compile(textwrap.dedent(WRITER), "writer", "exec")


def test_the_kitty_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "book.sqlite3")
    en = ["--db", db, "--lang", "en"]
    de = ["--db", db, "--lang", "de"]
    run(capsys, "create", CLUB, *en)
    run(capsys, "member", "add", "Anna", "Ben", *en)
    run(capsys, "price", "set", "game_lost", "1,50", *en)
    run(capsys, "evening", "add", "2024-12-20", "--present", "Anna,Ben", *en)
    run(capsys, "game", "add", "--loser", "Ben", *en)
    run(capsys, "pay", "Anna", "20", "--date", "2024-12-20", *en)
    code, out, _ = run(capsys, "expense", "list", *en)
    assert (code, out) == (0, "No expenses yet.\n")
    code, out, _ = run(
        capsys, "expense", "add", "12,50", "--for", "Eine Runde Schnaps", "--by", "anna",
        "--date", "2024-12-20", *de,
    )  # fmt: skip
    assert (code, out) == (
        0,
        "Aus der Kasse bezahlt am 2024-12-20: 12,50 € für Eine Runde Schnaps, ausgezahlt von "
        "Anna; in der Kasse jetzt: 7,50 €.\n",
    )
    code, out, _ = run(
        capsys, "expense", "add", "-2.50", "--for", "Schnaps: Rechnung zu hoch", "--date",
        "2024-12-21", *en,
    )  # fmt: skip
    assert out == (
        "Paid out of the kitty on 2024-12-21: -€2.50 for Schnaps: Rechnung zu hoch; "
        "in the kitty now: €10.00.\n"
    )
    code, out, _ = run(capsys, "expense", "list", *de)
    assert out.splitlines() == [
        "2024-12-20  Anna         Eine Runde Schnaps  12,50 €",
        "2024-12-21        Schnaps: Rechnung zu hoch  -2,50 €",
        "Insgesamt ausgegeben: 10,00 €.",
    ]
    code, out, _ = run(capsys, "kitty", *en)
    assert out.splitlines() == [
        "Paid in (payments)                               €20.00",
        "Paid out (expenses)                              €10.00",
        "In the kitty                                     €10.00",
        "Owed to the kitty (unpaid fines, not in it yet)   €1.50",
        "Paid ahead by members (in the kitty)             €20.00",
    ]
    code, out, _ = run(capsys, "kitty", "--json", *en)
    assert json.loads(out) == {
        "paid_in": 2000,
        "paid_out": 1000,
        "balance": 1000,
        "owed": 150,
        "credit": 2000,
    }
    code, out, _ = run(capsys, "kitty", *de)
    assert "Der Kasse geschuldet (offene Strafen, noch nicht darin)   1,50 €" in out
    code, out, _ = run(capsys, "balance", *en)
    assert out.splitlines()[-1] == (
        "In the kitty: €10.00 (paid in €20.00, paid out €10.00); still owed: €1.50."
    )
    code, out, _ = run(capsys, "csv", "kitty", *en)
    assert out.splitlines()[1:] == [
        "2024-12-20,payment,Anna,,2000,2000",
        "2024-12-20,expense,Anna,Eine Runde Schnaps,-1250,750",
        "2024-12-21,expense,,Schnaps: Rechnung zu hoch,250,1000",
    ]
    # Refusals: one line, status 1, nothing written.
    with ClubBook(db) as book:
        before = dump(book)
    for argv, message in [
        (["expense", "add", "0", "--for", "Bier"], "an expense cannot be 0"),
        (["expense", "add", "5", "--for", "Bier", "--by", "Zora"], "'Zora' is not a member"),
        (["expense", "add", "5", "--for", "  "], "what the expense was for must be given"),
        (["expense", "add", "fünf", "--for", "Bier"], "an amount is written like 2,50"),
    ]:
        code, out, err = run(capsys, *argv, *en)
        assert (code, out) == (1, "") and message in err and err.count("\n") == 1
    with ClubBook(db) as book:
        assert dump(book) == before


def test_the_catalogue_of_fines_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "book.sqlite3")
    en = ["--db", db, "--lang", "en"]
    de = ["--db", db, "--lang", "de"]
    run(capsys, "create", CLUB, *en)
    run(capsys, "member", "add", "Anna", "Ben", *en)
    code, out, _ = run(capsys, "fine-item", "list", *en)
    assert (code, out) == (
        0,
        "No fines in the catalogue yet: schocken club fine-item set NAME AMOUNT\n",
    )
    run(capsys, "fine-item", "set", "Würfel vom Tisch", "0,50", *en)
    code, out, _ = run(capsys, "fine-item", "set", "Spinksen", "1", *de)
    assert (code, out.splitlines()) == (
        0,
        ["Spinksen              1,00 €", "Würfel vom Tisch      0,50 €"],
    )
    code, out, _ = run(
        capsys, "fine", "ben", "würfel vom tisch", "--count", "3", "--date", "2024-12-20", *de
    )
    assert code == 0 and out.startswith("Ben zahlt 1,50 € (Würfel vom Tisch × 3); ")
    code, out, err = run(capsys, "fine", "Ben", "Lustwurf", *en)
    assert code == 1 and out == ""
    assert "no fine 'Lustwurf' in the club's catalogue (it has: Spinksen, Würfel vom Tisch)" in err
    code, out, _ = run(capsys, "fine-item", "remove", "Spinksen", *en)
    assert out.splitlines() == [
        "Spinksen is out of the catalogue (what was booked stays).",
        "Würfel vom Tisch       €0.50",
    ]
    code, out, _ = run(capsys, "balance", "--json", *en)
    assert {b["member"]: b["balance"] for b in json.loads(out)}["Ben"] == 150


def test_a_schock_aus_thrown_is_fined_by_the_price_list_as_the_records_say(
    target: Callable[[], str],
) -> None:
    # REGIONAL.md row 44 (alia): a fee for a Schock-Aus thrown, besides the one received.
    book = new_book(target())
    book.set_price(CLUB, "schock_aus_given", 50)
    book.add_evening(CLUB, "2024-03-05", present=NAMES[:4])
    rng = random.Random(3)
    records = []
    for _ in range(40):
        record = bot_record(NAMES[:4], rng.randrange(10**6), rng.choice(["tsv99", "allgemein"]))
        book.add_game(CLUB, "2024-03-05", record=record)
        records.append(record)
    book.add_game(CLUB, "2024-03-05", loser="Anna")  # by its loser alone: no Schock-Aus known
    direct = direct_stats(records)
    fined: Counter[str] = Counter()
    for line in book.ledger(CLUB):
        if line["item"] == "schock_aus_given":
            fined[line["member"]] += line["cents"]
    assert sum(fined.values()) > 0
    for name in NAMES[:4]:
        assert fined[name] == 50 * direct[name].get("schock_aus_given", 0), name


# ---------------------------------------------------------------------- under attack (issue 21)


def test_a_key_is_checked_at_the_books_own_cost_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # A hash's figures are a cost paid at every guess: only the book's own are ever computed.
    # Whatever is stored (nothing, another cost, a broken hash), a check is one scrypt at the
    # book's cost, so a wrong key takes as long for every club.
    calls: list[tuple[int, int, int, int]] = []
    real = hashlib.scrypt

    def watched(password: bytes, *, salt: bytes, n: int, r: int, p: int, dklen: int) -> bytes:
        calls.append((n, r, p, dklen))
        return real(password, salt=salt, n=n, r=r, p=p, dklen=dklen)

    monkeypatch.setattr(hashlib, "scrypt", watched)
    stored = hash_secret("geheim-und-lang")
    salt, digest = stored.split("$")[4:]
    assert verify_secret("geheim-und-lang", stored)
    for other in (
        f"scrypt$16384$8$999${salt}${digest}",
        f"scrypt$1048576$8$1${salt}${digest}",
        f"scrypt$16384$8$1${salt}${digest}00",
        "not a hash",
        None,
    ):
        assert not verify_secret("geheim-und-lang", other)
    assert calls == [(16384, 8, 1, 32)] * 7  # the hash, the right key, five that fit nothing


def test_a_change_the_file_cannot_take_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    book = new_book(tmp_path / "book.sqlite3")
    pages = book.db.execute("PRAGMA page_count").fetchone()[0]
    book.db.execute(f"PRAGMA max_page_count = {pages + 4}")  # then SQLite says the disk is full
    refused = None
    for n in range(500):
        before = dump(book)
        try:
            book.charge(CLUB, "Anna", 100, f"{n} {'x' * 190}", day="2024-01-05")
        except ClubStoreError as exc:
            refused, german = str(exc), refusal_text(exc, "de")
            break
    assert refused == "the disk is full (database or disk is full); nothing was changed"
    # said in German, what SQLite says too (the club's page shows it in a 503)
    said = "die Festplatte ist voll (Datenbank oder Festplatte voll); nichts wurde geändert"
    assert german == said
    assert isinstance(book.db, SqliteDatabase)
    assert dump(book) == before and not book.db.db.in_transaction
    # Changes made as one transaction: all of them or none.
    with pytest.raises(ClubStoreError), book.transaction():
        book.add_member(CLUB, "Zora")
        book.charge(CLUB, "Anna", 100, f"again {'x' * 190}", day="2024-01-05")
    assert dump(book) == before
    book.close()


def test_csv_cells_never_begin_like_a_formula_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "book.sqlite3")
    assert run(capsys, "create", "Krone", "--db", db)[0] == 0
    added = run(capsys, "member", "add", "--db", db, "--club", "krone", "=1+1", "@SUM(1)", "+1")
    assert added[0] == 0
    run(capsys, "pay", "+1", "3,50", "--db", db, "--club", "krone")
    code, out, _ = run(capsys, "csv", "--db", db, "--club", "krone", "balances")
    assert code == 0
    lines = out.splitlines()
    assert not [line for line in lines if line[:1] in ("=", "+", "-", "@")]
    # Behind a quote, the names are all there; a negative amount stays a number.
    assert lines[1:] == ["'=1+1,0,0,0", "'@SUM(1),0,0,0", "'+1,0,350,-350"]


def test_an_export_of_another_scrypt_cost_is_refused_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = ClubBook(":memory:")
    book.create_club(CLUB, password="geheim-und-lang")
    data = json.loads(book.export_club(CLUB))
    salt, digest = data["club"]["password_hash"].split("$")[4:]
    data["club"]["password_hash"] = f"scrypt$16384$8$999${salt}${digest}"
    export = tmp_path / "club.json"
    export.write_text(json.dumps(data), encoding="utf-8")
    db = tmp_path / "book.sqlite3"
    code, out, err = run(capsys, "import", str(export), "--db", str(db))
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(
        "schocken club: 'club.password_hash' is a scrypt hash of n=16384, r=8, p=999; "
        "this book takes only its own (n=16384, r=8, p=1"
    )
    with ClubBook(db) as after:
        assert after.clubs() == []


def test_the_command_counts_one_evening_and_one_game_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23's "1 evenings", on the command line: one evening and one game are said in the
    singular, in both languages; more in the plural."""
    db = ["--db", str(tmp_path / "schocken.sqlite3")]
    run(capsys, "create", CLUB, *db, "--lang", "en")
    run(capsys, "member", "add", "Anna", "Ben", *db)
    run(capsys, "evening", "add", "2024-03-05", "--present", "Anna,Ben", *db)
    run(capsys, "game", "add", "--loser", "Ben", *db)

    def said(lang: str) -> tuple[str, str]:
        evenings = run(capsys, "evening", "list", *db, "--lang", lang)[1]
        return evenings, run(capsys, "stats", *db, "--lang", lang)[1].splitlines()[0]

    assert said("en") == ("2024-03-05: 2 came, 1 game\n", f"{CLUB}, all seasons: 1 evening, 1 game")
    assert said("de") == (
        "2024-03-05: 2 da, 1 Spiel\n",
        f"{CLUB}, alle Spielzeiten: 1 Abend, 1 Spiel",
    )
    run(capsys, "game", "add", "--loser", "Anna", *db)
    run(capsys, "evening", "add", "2024-03-12", "--present", "Anna,Ben", *db)
    assert said("en")[1] == f"{CLUB}, all seasons: 2 evenings, 2 games"
    assert said("de")[1] == f"{CLUB}, alle Spielzeiten: 2 Abende, 2 Spiele"
    assert said("en")[0].splitlines() == [
        "2024-03-05: 2 came, 2 games",
        "2024-03-12: 2 came, 0 games",
    ]
