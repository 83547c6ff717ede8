"""A round is a round (issue 29, item 3), at a real server on each storage engine: the next
round is not drawn while a table of the current one has games to play, unless the organiser
closes the round on purpose; once it is drawn, a game of the earlier round is refused. Each
refusal in the caller's language, changing nothing; the command line refuses the same (the
rule is the tournament package's, :func:`schocken.tournament.plan.check_played`)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from schocken.club import ClubBook
from schocken.server.club import SECRET_HEADER
from schocken.tournament import TournamentBook
from server_helpers import Server
from tournament_helpers import lost_by

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database."""

PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne"]
NAME = "Herbstpokal"
API = "/api/clubs/krone/tournaments/herbstpokal"


def test_the_next_round_waits_for_every_game_or_a_round_closed_on_purpose(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "db.sqlite3")
    with ClubBook(server.where) as club:
        info, secret = club.create_club("Krone", password="geheim-passwort")
        for m in PLAYERS:
            club.add_member(info["slug"], m)
    with TournamentBook(server.where) as book:
        book.create(NAME, date="2026-11-27", club="krone", format="sfreunde", seed="5")
        book.register(NAME, PLAYERS)
        tables = book.draw(NAME)["tables"]
        # Table 1 plays its six games, table 2 only one.
        for _ in range(6):
            book.enter(NAME, 1, 1, result=lost_by(tables[0]["players"], tables[0]["players"][0]))
        book.enter(NAME, 1, 2, result=lost_by(tables[1]["players"], tables[1]["players"][0]))
    server.start()
    try:

        def detail() -> object:
            r = httpx.get(f"{server.url}{API}", headers={SECRET_HEADER: secret}, timeout=10)
            assert r.status_code == 200, r.text
            return r.json()

        before = detail()
        for lang, words in (
            ("en", "table 2 of round 1 has played 1 of its 6 games"),
            ("de", "Tisch 2 in Runde 1 hat 1 von 6 Spielen gespielt"),
        ):
            r = server.post(f"{API}/draw?lang={lang}", {"secret": secret})
            assert r.status_code == 400, r.text
            assert r.json()["code"] == "tournament_refuse_round_short"
            assert words in r.json()["error"]
        r = server.post(f"{API}/draw?lang=de", {"secret": secret, "close": "ja"})
        assert r.status_code == 400 and r.json()["code"] == "tournament_refuse_close_flag"
        assert detail() == before
        # Closed on purpose: round 2 is drawn, and the log says which table was short.
        r = server.post(f"{API}/draw?lang=en", {"secret": secret, "close": True})
        assert r.status_code == 200, r.text
        assert len(r.json()["rounds"]) == 2
        # Round 1 is over: its table 2 takes no more games, in words, and nothing changes.
        players = tables[1]["players"]
        game = {
            "secret": secret,
            "round": 1,
            "table": 2,
            "players": players,
            "halves": [[players[1:], players[:1]], [players[1:], players[:1]]],
        }
        before = detail()
        for lang, words in (
            ("en", "round 1 is over: round 2 is drawn"),
            ("de", "Runde 1 ist vorbei: Runde 2 ist ausgelost"),
        ):
            r = server.post(f"{API}/enter?lang={lang}", game)
            assert r.status_code == 400 and r.json()["code"] == "tournament_refuse_round_over"
            assert words in r.json()["error"]
        assert detail() == before
        # Round 2's draw taken back on purpose (a reason is asked): round 1 takes the game.
        r = server.post(f"{API}/undraw?lang=de", {"secret": secret, "reason": " "})
        assert r.status_code == 400 and r.json()["code"] == "tournament_refuse_undraw_reason"
        assert "warum die Auslosung zurückgenommen wird" in r.json()["error"]
        r = server.post(f"{API}/undraw?lang=en", {"secret": secret, "reason": "sheet found"})
        assert r.status_code == 200 and len(r.json()["rounds"]) == 1
        r = server.post(f"{API}/enter?lang=en", game)
        assert r.status_code == 200, r.text
        assert [t["games"] for t in r.json()["rounds"][0]["tables"]] == [6, 2]
    finally:
        server.stop()
    with TournamentBook(server.where) as book:
        drawn = [x["detail"] for x in book.log(NAME) if x["action"] == "drawn"]
        assert "closed" not in drawn[0]
        assert drawn[1]["closed"] == {"round": 1, "tables": [2]}
        (back,) = [x["detail"] for x in book.log(NAME) if x["action"] == "draw_taken_back"]
        assert back == {"round": 2, "reason": "sheet found"}
