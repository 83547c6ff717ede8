"""A big tournament through the server (issue 29, item 2), on each storage engine: 10,000
players registered as guests in one request (far over the plain body limit), the answer the
organiser's page shows (the counts, the first page of players, the latest round's tables, the
top of the ranking), the players paged, the round drawn, the live view without what no view
shows, and one more player refused in the caller's language with nothing changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from schocken.club import ClubBook
from schocken.server.tournament_views import LIVE_LINES, SHOWN_PLAYERS, SHOWN_RANKING
from schocken.tournament import TournamentBook
from schocken.tournament.book import MAX_PLAYERS
from server_helpers import Server

pytestmark = pytest.mark.usefixtures("engine")

API = "/api/clubs/krone/tournaments/stadtpokal"


def post(server: Server, action: str, body: dict[str, Any]) -> httpx.Response:
    """An organiser's change (a busy machine may take a while over 10,000 players)."""
    return httpx.post(f"{server.url}{API}/{action}", json=body, timeout=120)


def test_ten_thousand_players_in_one_request_and_one_more_refused(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite3")
    with ClubBook(server.where) as book:
        _, secret = book.create_club("Krone")
        book.add_member("krone", "Anna")
    with TournamentBook(server.where) as book:
        book.create("Stadtpokal", date="2026-12-05", club="krone", format="werl", seed="1")
        key = book.view_key("Stadtpokal")
    names = ["Anna"] + [f"Spieler {i:05}" for i in range(1, MAX_PLAYERS)]
    server.start()
    try:
        r = post(server, "register", {"secret": secret, "names": names, "guest": True})
        assert r.status_code == 200, r.text
        d = r.json()
        assert d["tournament"]["players"] == MAX_PLAYERS
        assert [p["name"] for p in d["players"]] == names[:SHOWN_PLAYERS]
        assert d["members"] == []  # every member is registered: nobody left to suggest

        page = httpx.get(
            f"{server.url}{API}/players?from=9900", headers={"x-club-secret": secret}, timeout=60
        )
        assert page.status_code == 200, page.text
        assert page.json()["of"] == MAX_PLAYERS
        assert [p["name"] for p in page.json()["players"]] == names[9900:]
        page = httpx.get(
            f"{server.url}{API}/players?from=x&lang=de", headers={"x-club-secret": secret}
        )
        assert page.status_code == 400 and "übersprungen" in page.json()["error"]
        r = post(server, "draw", {"secret": secret})
        assert r.status_code == 200, r.text
        d = r.json()
        tables = d["rounds"][0]["tables"]
        assert (
            sum(len(t["players"]) for t in tables)
            == MAX_PLAYERS
            == len({p for t in tables for p in t["players"]})
        )
        assert len(d["ranking"]["players"]) == SHOWN_RANKING
        assert d["ranking"]["rounds"] == d["ranking"]["qualifying"] == []

        r = post(server, "register?lang=de", {"secret": secret, "names": ["Spät"]})
        assert r.status_code == 400
        assert r.json()["error"] == (
            "ein Turnier nimmt höchstens 10000 Spieler (die Grenze des Servers): 10000 sind "
            "angemeldet, 0 können noch dazu"
        )
        live = httpx.get(
            f"{server.url}/api/tournaments/krone/stadtpokal/live?key={key}", timeout=120
        ).json()
        assert len(live["ranking"]["players"]) == LIVE_LINES  # as many as the phone shows
        assert live["ranking"]["qualifying"] == []  # the same lines again: not twice
        assert live["rounds"][0]["tables"] == tables
    finally:
        server.stop()
    with TournamentBook(server.where) as book:
        assert book.info("Stadtpokal")["players"] == MAX_PLAYERS
        assert len(book.book.members("krone")) == MAX_PLAYERS
