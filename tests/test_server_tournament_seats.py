"""A tournament's online table seats the players of its draw, and only them (issue 34, item 1),
against a real server on each storage engine: a stranger cannot join by the table's code, nor
by its id, nor wait for the next game, nor watch with the code (API and WebSocket); the table's
host cannot remove a drawn player nor put a bot in a seat; a bot plays a drawn seat only by the
organiser's decision (before the game or during it), and the tournament keeps it; the game then
counts for the drawn players, and the players' pages hear where it went (round, table, game). A
game the tournament would not count does not start (the next game of a table whose games are
all played)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from schocken.tournament import TournamentBook
from server_helpers import Client, Server, play_until_over, stored_rows
from test_server_tournament_pub import API, NAME, tournament
from tournament_helpers import lost_by

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database."""


def opened(server: Server, secret: str) -> tuple[str, list[str]]:
    """Round 1's table 1 opened online by the organiser: the server's table and the seats'
    tokens, seat by seat."""
    r = server.post(f"{API}/online?lang=en", {"secret": secret, "round": 1, "table": 1})
    assert r.status_code == 200, r.text
    links = [s["link"] for s in r.json()["links"]]
    table_id = links[0].split("/t/", 1)[1].split("#")[0]
    return table_id, [link.split("#", 1)[1] for link in links]


def refused(r: Any, status: int, code: str) -> None:
    assert r.status_code == status and r.json()["code"] == code, r.text


async def booked(server: Server, table_id: str) -> dict[str, Any]:
    """Where the table's game went, once the tournament has taken it (in a task of its own)."""
    for _ in range(200):
        where = server.get(f"/api/tables/{table_id}").json()["booked"]
        if where is not None:
            return dict(where)
        await asyncio.sleep(0.05)
    raise AssertionError("the game was not booked")


async def test_a_stranger_cannot_take_a_drawn_seat_nor_the_host_change_one(
    tmp_path: Path,
) -> None:
    with tournament(tmp_path) as (server, secret, players):
        table_id, tokens = opened(server, secret)
        [(code,)] = stored_rows(server, "SELECT code FROM tables WHERE id = ?", (table_id,))
        public = server.get(f"/api/tables/{table_id}").json()
        assert public["code"] is None and public["invite_url"] is None
        assert public["tournament"] == {"name": NAME, "round": 1, "table": 1, "players": players}

        # A stranger: the code opens nothing, and no seat is given by the table's id either.
        refused(
            server.post(f"/api/tables/{code}/join", {"name": "Zoe"}), 404, "server_refuse_no_table"
        )
        refused(server.get(f"/api/tables/{code}"), 404, "server_refuse_no_table")
        for name in ("Zoe", players[1]):  # a drawn player's name gives no seat either
            r = server.post(f"/api/tables/{table_id}/join?lang=de", {"name": name})
            refused(r, 403, "server_refuse_tournament_seats")
            assert "nur die ausgelosten Spieler" in r.json()["error"]
        refused(server.get(f"/api/tables/{table_id}/qr.svg"), 404, "server_refuse_no_table")
        error = await Client(server, table_id, code).ws_connect_error()
        assert error["type"] == "error" and error["code"] == "denied"

        # The host cannot free a drawn seat, nor put a bot in one.
        host = {"token": tokens[0]}
        for what, body in (("remove", {"seat": 2}), ("bots", {"seat": 2}), ("bots", {})):
            r = server.post(f"/api/tables/{table_id}/{what}", {**host, **body})
            refused(r, 403, "server_refuse_tournament_seats")
        assert server.get(f"/api/tables/{table_id}").json()["seats"] == public["seats"]

        # The organiser lets a bot play for the host, before the game: the tournament keeps it,
        # the host's link opens nothing now, the next player hosts.
        r = server.post(
            f"{API}/bot?lang=en", {"secret": secret, "round": 1, "table": 1, "name": players[0]}
        )
        assert r.status_code == 200, r.text
        [online] = r.json()["online"]
        assert online["bots"] == [players[0]]
        refused(
            server.post(
                f"{API}/bot?lang=en", {"secret": secret, "round": 1, "table": 1, "name": players[0]}
            ),
            400,
            "tournament_refuse_bot_twice",
        )
        refused(
            server.post(
                f"{API}/bot?lang=en", {"secret": secret, "round": 1, "table": 1, "name": "Zoe"}
            ),
            400,
            "tournament_refuse_not_at_table",
        )
        # Only the organiser: not whoever knows the table's id or a seat's link.
        for secret_given in ("wrong", tokens[1]):
            asked: dict[str, Any] = {"secret": secret_given, "round": 1, "table": 1}
            r = server.post(f"{API}/bot?lang=en", {**asked, "name": players[1]})
            assert r.status_code in (401, 403), r.text
        table = server.get(f"/api/tables/{table_id}").json()
        assert table["seats"][0] == {"name": players[0], "bot": "regular", "human": False}
        assert table["host"] == 1
        assert (await Client(server, table_id, tokens[0]).ws_connect_error())["code"] == "denied"
        # New links: for the seats with a player of their own (the bot's seat has none).
        r = server.post(f"{API}/links?lang=en", {"secret": secret, "round": 1, "table": 1})
        assert r.status_code == 200, r.text
        assert [s["name"] for s in r.json()["links"]] == players[1:]
        tokens = ["", *(s["link"].split("#", 1)[1] for s in r.json()["links"])]
        with TournamentBook(server.where) as book:
            assert book.online_table(NAME, 1, 1)["bots"] == [players[0]]
            logged = stored_rows(
                server, "SELECT detail FROM tournament_log WHERE action = 'online_bot'"
            )
        assert len(logged) == 1 and players[0] in logged[0][0]

        # The game: the new host starts it; during it the host cannot hand a seat to a bot,
        # the organiser can (the player's connection is closed).
        clients = [await Client(server, table_id, tk).connect() for tk in tokens[1:]]
        r = server.post(f"/api/tables/{table_id}/start", {"token": tokens[1]})
        assert r.status_code == 200, r.text
        r = server.post(
            f"/api/tables/{table_id}/seat", {"token": tokens[1], "seat": 2, "to": "bot"}
        )
        refused(r, 403, "server_refuse_tournament_seats")
        r = server.post(f"/api/tables/{table_id}/wait", {"name": "Zoe"})
        refused(r, 403, "server_refuse_tournament_seats")
        r = server.post(
            f"{API}/bot?lang=en", {"secret": secret, "round": 1, "table": 1, "name": players[2]}
        )
        assert r.status_code == 200, r.text
        assert r.json()["online"][0]["bots"] == [players[0], players[2]]
        await play_until_over([clients[0], clients[2]])

        # It counts for the drawn players, and the players' pages hear where it went.
        where = await booked(server, table_id)
        assert where == {"name": NAME, "round": 1, "table": 1, "number": 1}
        for c in (clients[0], clients[2]):
            while c.state is None or c.state["table"]["booked"] is None:
                await c.next_state()
            assert c.state["table"]["booked"] == where
        with TournamentBook(server.where) as book:
            [game] = book.games(NAME, 1, 1)
        assert game["source"] == "online" and game["players"] == players

        # Its next game (the rematch) is the tournament's table too: no code, the same seats.
        r = server.post(f"/api/tables/{table_id}/rematch?lang=en", {"token": tokens[1]})
        assert r.status_code == 200, r.text
        assert r.json()["code"] is None and r.json()["table"]["tournament"] == public["tournament"]
        assert [s["bot"] for s in r.json()["table"]["seats"]] == ["regular", None, "regular", None]
        new_id = r.json()["id"]
        refused(
            server.post(f"/api/tables/{new_id}/join", {"name": "Zoe"}),
            403,
            "server_refuse_tournament_seats",
        )
        for c in clients:
            await c.close()


async def test_a_game_of_a_round_gone_by_does_not_start(tmp_path: Path) -> None:
    """The organiser draws the next round while a table of the last one is still in its lobby:
    its game would not count, so it does not start (the page says why, before the game)."""
    with tournament(tmp_path) as (server, secret, players):
        table_id, tokens = opened(server, secret)
        with TournamentBook(server.where) as book:
            for number, other in enumerate(book.round(NAME, 1)["tables"], 1):
                if number > 1:
                    book.enter(
                        NAME, 1, number, result=lost_by(other["players"], other["players"][0])
                    )
        # A bot may play every seat but the last with a player of their own.
        for name in players[1:]:
            body = {"secret": secret, "round": 1, "table": 1, "name": name}
            assert server.post(f"{API}/bot?lang=en", body).status_code == 200
        body = {"secret": secret, "round": 1, "table": 1, "name": players[0]}
        refused(
            server.post(f"{API}/bot?lang=en", body), 400, "server_refuse_tournament_last_player"
        )
        # Table 1's games entered by hand instead: then round 2 may be drawn.
        with TournamentBook(server.where) as book:
            while book.round(NAME, 1)["tables"][0]["games"] < 6:
                book.enter(NAME, 1, 1, result=lost_by(players, players[0]))
            book.draw(NAME, close=True)  # the other tables played one game each
        r = server.post(f"/api/tables/{table_id}/start?lang=de", {"token": tokens[0]})
        refused(r, 409, "server_refuse_tournament_no_count")
        assert "würde dieses Spiel nicht zählen" in r.json()["error"]
        assert server.get(f"/api/tables/{table_id}").json()["started"] is False
