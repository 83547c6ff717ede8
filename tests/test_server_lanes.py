"""Lanes (issue 29, item 1), against a real server on each engine: one club's work never waits
behind another club's, a club's reads never queue behind its changes, and a club's changes
keep their order; the public views are made once per change of the tournament (not per call,
nor per ``hide``), and limited per key and address, refused in words.

No timing: the server's registration of 10,000 players and its draw are held (a prelude makes
them wait until the test lets them go, in the lane's thread, on their way to a worker process:
a tournament that big is worked on in the worker processes), and the other requests are shown
to be answered while they are held."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from schocken.club import ClubBook
from schocken.tournament import TournamentBook
from server_helpers import Server, stored_rows

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database."""

BIG = [f"Spieler {i:05d}" for i in range(1, 10_000)]
"""9,999 players: with the one who comes late, the most a tournament takes."""
SMALL = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne"]

HOLD = """
import logging, pathlib, time
from schocken.server.heavy import Heavy
logging.basicConfig(level=logging.INFO)

def _hold(what):
    pathlib.Path({folder!r}, "started-" + what).write_text(what)
    while not pathlib.Path({folder!r}, "release-" + what).exists():
        time.sleep(0.01)

_answer = Heavy.answer

def _held(self, book, club, name, action, data, here):
    if name == "Grosspokal" and action == "draw":
        _hold("draw")
    if name == "Grosspokal" and action == "register" and len(data["names"]) > 1000:
        _hold("register")
    return _answer(self, book, club, name, action, data, here)

Heavy.answer = _held
"""
"""A prelude for the server: Krone's draw, and its registration of more than 1,000 players,
say they started (in the lane's thread, on their way to a worker process), then wait for the
test's word (a file ``release-draw`` or ``release-register``); the server's log says what it
does."""

FEW_VIEWS = """
import logging
import schocken.server.tournament as t
logging.basicConfig(level=logging.INFO)
t.VIEWS_PER_MINUTE = 13
t.BIG_FIELD = 10
"""
"""A prelude for the server: its log says what it does (each view it makes), the views' limit
is 13 calls a minute, and a tournament of 10 players is big (its views are made in the worker
processes)."""


def waited(what: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.02)


def two_clubs(where: str | Path, krone: list[str]) -> dict[str, str]:
    """Two clubs, each with a tournament: Krone's of the guests ``krone``, Linde's of 6 of its
    8 members; their secrets."""
    secrets: dict[str, str] = {}
    with ClubBook(where) as book:
        for club in ("Krone", "Linde"):
            info, secrets[info_slug(club)] = book.create_club(club)
            assert info["slug"] == info_slug(club)
        for m in SMALL:
            book.add_member("linde", m)
    with TournamentBook(where) as book:
        book.create("Grosspokal", date="2026-12-02", club="krone", format="werl", seed="1")
        if krone:
            book.register("Grosspokal", krone, guest=True)
        book.create("Kleinpokal", date="2026-12-02", club="linde", format="werl", seed="1")
        book.register("Kleinpokal", SMALL[:6])
    return secrets


def info_slug(club: str) -> str:
    return club.lower()


def post(server: Server, path: str, secret: str, body: dict[str, Any] | None = None) -> Any:
    r = httpx.post(
        server.url + path, json=body or {}, headers={"x-club-secret": secret}, timeout=60
    )
    assert r.status_code == 200, r.text
    return r.json()


def get(server: Server, path: str, secret: str) -> Any:
    r = httpx.get(server.url + path, headers={"x-club-secret": secret}, timeout=60)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_held_registration_and_draw_of_10000_hold_up_no_other_club(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite3", prelude=HOLD.format(folder=str(tmp_path)))
    secrets = two_clubs(server.where, [])
    server.start()
    answers: dict[str, Any] = {}

    def later(name: str, fn: Callable[[], Any]) -> threading.Thread:
        thread = threading.Thread(target=lambda: answers.__setitem__(name, fn()))
        thread.start()
        return thread

    def release(what: str) -> None:
        (tmp_path / f"release-{what}").write_text("go")

    try:
        big = "/api/clubs/krone/tournaments/grosspokal"
        small = "/api/clubs/linde/tournaments/kleinpokal"
        key = get(server, big, secrets["krone"])["view_key"]
        body = {"names": BIG, "guest": True}
        registering = later("big", lambda: post(server, big + "/register", secrets["krone"], body))
        waited((tmp_path / "started-register").exists)
        # Krone's registration of 9,999 is held: the other club reads and changes, and
        # Krone's own page is answered beside it.
        assert get(server, "/api/clubs/linde", secrets["linde"])["club"]["slug"] == "linde"
        post(server, small + "/register", secrets["linde"], {"names": SMALL[6:]})
        assert get(server, big, secrets["krone"])["tournament"]["players"] == 0
        assert registering.is_alive() and "big" not in answers
        release("register")
        registering.join(120)
        assert answers["big"]["tournament"]["players"] == 9_999

        drawing = later("draw", lambda: post(server, big + "/draw", secrets["krone"]))
        waited((tmp_path / "started-draw").exists)
        # Krone's draw is held; Krone's next change waits behind it, in order.
        late = {"names": ["Nachzügler"], "guest": True}
        one_more = later("late", lambda: post(server, big + "/register", secrets["krone"], late))
        # Meanwhile: the other club reads and changes, ...
        assert get(server, small, secrets["linde"])["tournament"]["players"] == 8
        drawn = post(server, small + "/draw", secrets["linde"])
        assert drawn["rounds"][0]["number"] == 1
        # ... and Krone's own reads are answered beside its held change.
        assert get(server, big, secrets["krone"])["tournament"]["players"] == 9_999
        live = view(f"{server.url}/api/tournaments/krone/grosspokal/live?key={key}")
        assert live.status_code == 200 and live.json()["rounds"] == []
        assert drawing.is_alive() and one_more.is_alive()
        assert "draw" not in answers and "late" not in answers
        release("draw")
        drawing.join(120)
        one_more.join(120)
        assert answers["draw"]["rounds"][0]["number"] == 1
        assert answers["late"]["tournament"]["players"] == 10_000
        actions = [
            row[0]
            for row in stored_rows(
                server,
                "SELECT l.action FROM tournament_log l JOIN tournament_tournaments t "
                "ON t.id = l.tournament_id WHERE t.slug = ? ORDER BY l.id",
                ("grosspokal",),
            )
        ]
        assert actions == ["created", "registered", "drawn", "registered"]  # in their order
        log = server.log.read_text(encoding="utf-8", errors="replace")
        for action in ("register", "draw", "answer"):  # none of it in the server's process
            assert f"tournament Grosspokal: {action} in a worker process" in log
        assert "organiser's worker failed" not in log
    finally:
        release("register")
        release("draw")
        server.stop()


def view(url: str) -> httpx.Response:
    """A public view (the first starts the server's worker processes: a while on a busy
    machine)."""
    return httpx.get(url, timeout=120)


def made(server: Server) -> list[str]:
    """The views the server made, as its log says, in order (``live``, ``hidden``: a ranking
    that leaves out the last minutes, ``paper``)."""
    lines = server.log.read_text(encoding="utf-8", errors="replace").splitlines()
    return [line.split(": view ")[1].split()[0] for line in lines if ": view " in line]


def test_views_are_made_once_per_change_and_limited_in_words(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite3", prelude=FEW_VIEWS)
    secrets = two_clubs(server.where, BIG[:40])
    server.start()
    try:
        big = "/api/clubs/krone/tournaments/grosspokal"
        post(server, big + "/draw", secrets["krone"])
        key = get(server, big, secrets["krone"])["view_key"]
        base = f"{server.url}/api/tournaments/krone/grosspokal/live?key={key}"
        before = view(base).json()
        for hide in range(0, 6):
            answer = view(f"{base}&hide={hide}").json()
            assert answer["hidden"] == hide
            assert answer["ranking"] == before["ranking"]
        assert made(server) == ["live"]  # once, for 7 calls and 6 values of hide
        plan = f"{server.url}/tournaments/krone/grosspokal/print/plan?key={key}"
        first = view(plan)
        assert first.status_code == 200 and view(plan).text == first.text
        assert made(server) == ["live", "paper"]

        # A change: a game entered now. The views are made again, once; a screen that hides
        # the last 5 minutes still shows the ranking before the game.
        table = before["rounds"][0]["tables"][0]["players"]
        order = [[p for p in table[1:]], [table[0]]]
        post(
            server,
            big + "/enter",
            secrets["krone"],
            {"round": 1, "table": 1, "players": table, "halves": [order, order]},
        )
        after = view(base).json()
        assert after["ranking"] != before["ranking"]
        hidden = view(f"{base}&hide=5")
        assert hidden.json()["ranking"] == before["ranking"]
        assert view(f"{base}&hide=7").json()["ranking"] == before["ranking"]
        assert view(plan).status_code == 200
        assert made(server) == ["live", "paper", "live", "hidden", "paper"]

        # 13 calls a minute with this key from this address (the prelude's limit): the 14th
        # is refused, in words, in the caller's language; another key is counted apart.
        assert hidden.status_code == 200
        refused = view(f"{base}&lang=de")
        assert refused.status_code == 429
        assert "in einer Minute noch einmal versuchen" in refused.json()["error"]
        english = view(f"{plan}&lang=en")
        assert english.status_code == 429
        assert "try again in a minute" in english.json()["error"]
        wrong = view(f"{server.url}/api/tournaments/krone/grosspokal/live?key=falsch")
        assert wrong.status_code == 403
        assert "worker failed" not in server.log.read_text(encoding="utf-8")  # made there
    finally:
        server.stop()
