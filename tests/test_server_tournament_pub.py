"""A tournament's table counted on one phone in pub mode (issue 24, item 4), against a real
server: the organiser opens the table in pub mode, the phone plays the pub game to its end
through the pub API, and the game counts as the table's game by itself, exactly as its record
says, once (taking the finished games again adds nothing), and is booked in the club's book
once. The pub game's token is kept nowhere but as the server's hash; a new link shuts the old
one out. Refusals are said in the caller's language and change nothing."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from schocken.club import ClubBook
from schocken.tournament import TournamentBook
from schocken.tournament.values import GameInfo
from server_helpers import Server, stored_rows

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database."""

PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne"]
NAME = "Herbstpokal"
SLUG = "herbstpokal"
API = f"/api/clubs/krone/tournaments/{SLUG}"


@contextlib.contextmanager
def tournament(tmp_path: Path, fmt: str = "sfreunde") -> Iterator[tuple[Server, str, list[str]]]:
    """A club of eight members with a tournament of the format ``fmt`` whose first round is
    drawn, on a real server; its secret and the players of round 1's table 1, in their seating
    order."""
    server = Server(tmp_path / "db.sqlite3")
    with ClubBook(server.where) as book:
        info, secret = book.create_club("Krone", password="geheim-passwort")
        for m in PLAYERS:
            book.add_member(info["slug"], m)
    with TournamentBook(server.where) as book:
        book.create(NAME, date="2026-11-27", club="krone", format=fmt, seed="5")
        book.register(NAME, PLAYERS)
        players = book.draw(NAME)["tables"][0]["players"]
    server.start()
    try:
        yield server, secret, players
    finally:
        server.stop()


def enter(server: Server, pub_id: str, token: str, view: dict[str, Any], most: int) -> Any:
    """Up to ``most`` entries of the phone, until the game is over: the first player always
    6-5-3 in one throw (the worst), every other a Schock of their own (no ties); a buy-in is
    declined."""
    for _ in range(most):
        state = view["state"]
        if state["ask"] == "over":
            break
        body: dict[str, Any] = {"token": token}
        if state["ask"] == "buy_in":
            what, body = "buy_in", {**body, "seat": state["seat"], "buys_in": False}
        elif state["seat"] == 0:
            what, body = "turn", {**body, "dice": [6, 5, 3], "throws": 1}
        else:
            throws = min(2, state["limit"])
            result = f"schock {state['seat'] + 1}"
            what, body = "result", {**body, "result": result, "throws": throws}
        r = server.post(f"/api/pub/{pub_id}/{what}?lang=en", body)
        assert r.status_code == 200, r.text
        view = r.json()
    return view


def games_of(server: Server, count: int) -> list[GameInfo]:
    """The games of round 1's table 1 as the tournament has them, once there are ``count`` (the
    server takes them in a task of its own)."""
    for _ in range(200):
        with TournamentBook(server.where) as book:
            games = book.games(NAME, 1, 1)
        if len(games) >= count:
            return games
        time.sleep(0.05)
    raise AssertionError("the pub game was not taken")


def test_a_table_counted_in_pub_mode_counts_as_its_record_says(tmp_path: Path) -> None:
    with tournament(tmp_path) as (server, secret, players):
        r = server.post(f"{API}/pub?lang=en", {"secret": secret, "round": 1, "table": 1})
        assert r.status_code == 200, r.text
        opened = r.json()
        [pub] = [o for o in opened["online"] if o["kind"] == "pub"]
        assert (pub["round"], pub["table"], pub["players"], pub["taken"]) == (1, 1, players, [])
        link = opened["link"]["link"]
        pub_id, token = link.rsplit("/", 1)[1].split("#")
        assert pub_id == pub["table_id"] and opened["link"]["qr"].startswith("data:image/svg")

        # The phone's game: the table's players in their seating order, the tournament's rules.
        r = httpx.get(
            f"{server.url}/api/pub/{pub_id}?lang=en", headers={"x-pub-token": token}, timeout=10
        )
        assert r.status_code == 200, r.text
        view = r.json()
        assert view["players"] == players
        with TournamentBook(server.where) as book:
            assert view["preset"] == book.picture(NAME).rules.preset
        # Nothing is taken while the game is played.
        view = enter(server, pub_id, token, view, 3)
        assert view["state"]["ask"] != "over"
        r = server.post(f"{API}/take?lang=en", {"secret": secret, "round": 1, "table": 1})
        assert r.status_code == 200 and r.json()["taken"] == 0
        r = server.post(f"/api/pub/{pub_id}/next?lang=en", {"token": token})
        assert r.status_code == 400 and r.json()["code"] == "server_refuse_pub_not_over"

        view = enter(server, pub_id, token, view, 500)
        assert view["state"]["ask"] == "over"
        record = httpx.get(
            f"{server.url}/api/pub/{pub_id}/record", headers={"x-pub-token": token}, timeout=10
        ).text

        # Over, it counts: the phone cannot change it any more (refused, nothing changed).
        r = server.post(f"/api/pub/{pub_id}/undo?lang=de", {"token": token})
        assert r.status_code == 400 and r.json()["code"] == "server_refuse_pub_counted"
        assert "zählt für das Turnier" in r.json()["error"]
        after = httpx.get(
            f"{server.url}/api/pub/{pub_id}?lang=en", headers={"x-pub-token": token}, timeout=10
        ).json()
        assert after["entries"] == view["entries"] and after["state"]["ask"] == "over"

        # Taken by itself as the game ended: counted as its record says, booked once.
        [game] = games_of(server, 1)
        assert game["source"] == "pub" and game["loser"] == players[0]
        r = server.post(f"{API}/take?lang=en", {"secret": secret, "round": 1, "table": 1})
        assert r.status_code == 200 and r.json()["taken"] == 0
        with TournamentBook(server.where) as book:
            assert len(book.games(NAME, 1, 1)) == 1
            kept = book.record(NAME, 1, 1, 1)
            assert kept is not None and json.loads(kept) == json.loads(record)
            [booked] = book.book.games("krone")
            assert booked["loser"] == players[0] and booked["source"] == "pub"
            assert book.online_table(NAME, 1, 1)["taken"] == [pub_id]

        # The table's next game on the same phone (asked twice: one game), counted as game 2;
        # the chain survives a restart of the server.
        server.stop()
        server.start()
        r = server.post(f"/api/pub/{pub_id}/next?lang=en", {"token": token})
        assert r.status_code == 200, r.text
        second = r.json()
        again = server.post(f"/api/pub/{pub_id}/next?lang=en", {"token": token}).json()
        assert again["id"] == second["id"] != pub_id and second["players"] == players
        assert second["entries"] == 0 and second["next"] is None
        view = enter(server, second["id"], token, second, 500)
        assert view["state"]["ask"] == "over"
        assert [g["number"] for g in games_of(server, 2)] == [1, 2]
        r = server.post(f"{API}/take?lang=en", {"secret": secret, "round": 1, "table": 1})
        assert r.status_code == 200 and r.json()["taken"] == 0
        with TournamentBook(server.where) as book:
            assert book.online_table(NAME, 1, 1)["taken"] == [pub_id, second["id"]]
            assert len(book.book.games("krone")) == 2
        # The club's page cannot book it a second time.
        body = {"secret": secret, "date": "2026-11-27", "pub": pub_id, "pub_token": token}
        r = server.post("/api/clubs/krone/games?lang=en", body)
        assert r.status_code == 400 and r.json()["code"] == "server_refuse_pub_of_tournament"
        with ClubBook(server.where) as club:
            assert len(club.games("krone")) == 2

        # A new link: the old one opens none of the table's games, the new one each.
        r = server.post(f"{API}/pub_link?lang=en", {"secret": secret, "round": 1, "table": 1})
        assert r.status_code == 200, r.text
        fresh = r.json()["link"]["link"].rsplit("#", 1)[1]
        assert fresh != token
        # So too after a restart (the games read from the store: the new token's hash stored).
        for restart in (False, True):
            if restart:
                server.stop()
                server.start()
            for game_id in (pub_id, second["id"]):
                for given, status in ((token, 403), (fresh, 200)):
                    r = httpx.get(
                        f"{server.url}/api/pub/{game_id}",
                        headers={"x-pub-token": given},
                        timeout=10,
                    )
                    assert r.status_code == status, (restart, game_id, given == token)

        # The token is kept nowhere: not in the tournament's tables, nor the pub game's row.
        for table in ("tournament_online", "tournament_games", "tournament_log", "pub_games"):
            rows = json.dumps(stored_rows(server, f"SELECT * FROM {table}"), default=str)
            assert token not in rows and fresh not in rows, table


def test_pub_mode_refusals_change_nothing(tmp_path: Path) -> None:
    with tournament(tmp_path) as (server, secret, _):
        where = {"secret": secret, "round": 1, "table": 1}
        r = server.post(f"{API}/pub_link?lang=de", where)
        assert r.status_code == 400 and r.json()["code"] == "tournament_refuse_not_pub"
        assert "nicht auf einem Handy" in r.json()["error"]
        r = server.post(f"{API}/pub?lang=en", {**where, "round": 2})
        assert r.status_code == 400 and r.json()["code"] == "tournament_refuse_online_round"
        r = server.post(f"{API}/pub?lang=en", {**where, "secret": "nope"})
        assert r.status_code in (401, 403)
        assert stored_rows(server, "SELECT COUNT(*) FROM pub_games") == [(0,)]
        assert server.post(f"{API}/pub?lang=en", where).status_code == 200
        # A table counted in pub mode is neither opened again nor played online as well.
        for how in ("pub", "online"):
            r = server.post(f"{API}/{how}?lang=de", where)
            assert r.status_code == 400 and r.json()["code"] == "tournament_refuse_pub_twice"
            assert "Kneipenmodus" in r.json()["error"]
        assert stored_rows(server, "SELECT COUNT(*) FROM tournament_online") == [(1,)]
        r = server.post(f"{API}/pub?lang=en", {**where, "table": 2})
        assert r.status_code == 200
        r = server.post(f"{API}/online?lang=en", {**where, "table": 2})
        assert r.status_code == 400 and "pub mode" in r.json()["error"]
        # A pub game of its own has no next game on the same phone.
        free = server.post("/api/pub?lang=en", {"players": ["Anna", "Ben"]}).json()
        r = server.post(f"/api/pub/{free['id']}/next?lang=de", {"token": free["token"]})
        assert r.status_code == 400 and r.json()["code"] == "server_refuse_pub_no_next"
        assert "Turniertisch" in r.json()["error"] and "next" not in free


def test_a_table_of_lives_goes_on_with_those_who_have_lives_left(tmp_path: Path) -> None:
    """velen: three lives a round, a lost game costs one. The first at the table loses every
    game (:func:`enter`); after three games the phone's next game is without them, and when one
    player is left the table is done: no next game."""
    with tournament(tmp_path, "velen") as (server, secret, players):
        where = {"secret": secret, "round": 1, "table": 1}
        link = server.post(f"{API}/pub?lang=en", where).json()["link"]["link"]
        pub_id, token = link.rsplit("/", 1)[1].split("#")
        seated = []
        for _ in range(9):
            view = httpx.get(
                f"{server.url}/api/pub/{pub_id}?lang=en", headers={"x-pub-token": token}
            ).json()
            seated.append(view["players"])
            assert enter(server, pub_id, token, view, 500)["state"]["ask"] == "over"
            r = server.post(f"/api/pub/{pub_id}/next?lang=en", {"token": token})
            if len(seated) < 9:
                assert r.status_code == 200, r.text
                pub_id = r.json()["id"]
        assert seated == [players] * 3 + [players[1:]] * 3 + [players[2:]] * 3
        assert r.status_code == 400 and r.json()["code"] == "tournament_refuse_few_lives"
        games = games_of(server, 9)
        assert [g["loser"] for g in games] == [p for p in players[:3] for _ in range(3)]
        assert stored_rows(server, "SELECT COUNT(*) FROM pub_games") == [(9,)]
