"""Every refusal the club, join and pub pages can meet, asked of a real server in German and in
English (issue 22, item 5): the answer's ``code`` is a key of the catalogue, the German answer is
German all through (also the record reader's, the rule set's or the engine's reason inside it)
and not the English one, and nothing changed. The table's WebSocket errors likewise, in the
language of the hello (or, before it, of the page's cookie)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from german import english_in
from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.record import record_of
from schocken.rules import find_preset
from schocken.simulate import play_game
from schocken.texts import CATALOGUE
from server_helpers import Server, hello, running

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py)."""

GERMAN = {"accept-language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"accept-language": "en-GB,en;q=0.9"}
MEMBERS = ["Anna", "Ben", "Cem"]


def finished_record() -> dict[str, Any]:
    """A whole game of the club's three members, as a record's JSON data."""
    game = Game(find_preset("schock4life"), MEMBERS, RandomDice(5))
    play_game(game, [make_bot("regular", i) for i in range(3)])
    data: dict[str, Any] = json.loads(record_of(game).to_json())
    return data


def spoilt(change: Any) -> dict[str, Any]:
    data = finished_record()
    change(data)
    return data


def ask(server: Server, how: tuple[str, str, Any], headers: dict[str, str]) -> httpx.Response:
    method, path, body = how
    if method == "GET":
        return httpx.get(server.url + path, headers=headers, timeout=30)
    if isinstance(body, bytes):
        kind = {"content-type": "application/json"}
        return httpx.post(server.url + path, content=body, headers={**kind, **headers}, timeout=30)
    return httpx.post(server.url + path, json=body, headers=headers, timeout=30)


def club_asks(slug: str, session: str) -> list[tuple[str, str, Any]]:
    """Refused requests of the club's pages (``session``: the club is open)."""
    at = f"/api/clubs/{slug}"

    def post(what: str, **body: Any) -> tuple[str, str, Any]:
        return ("POST", f"{at}/{what}", {"session": session, **body})

    day = "2026-11-20"
    return [
        ("POST", "/api/clubs", {"name": " "}),
        ("POST", "/api/clubs", b"[1, 2]"),
        ("POST", "/api/clubs", b"{nope"),
        ("POST", "/api/clubs/import", b'{"format": "schocken-club", "version": 7}'),
        ("POST", "/api/clubs/import", b"\xff\xfe"),
        ("POST", "/api/clubs/import", b'{"format": "chess"}'),
        ("POST", f"{at}/session", {"password": "falsch-und-lang"}),
        ("POST", "/api/clubs/kein-verein/members", {"session": session, "name": "Zoe"}),
        ("GET", f"{at}/stats", None),  # no session
        post("members", name="anna"),
        post("members", name=""),
        post("members", name="A\x07na"),
        post("members/rename", name="Zoe", to="Zora"),
        post("members/rename", name="Anna", to="ben"),
        post("members/leave", name="Zoe", date=day),
        post("evenings", date="2026-13-01"),
        post("evenings", date=day),  # the evening is in the book already
        post("evenings/present", date=day, present=["Zoe"]),
        post("games", date="2026-11-21", loser="Anna"),
        post("games", date=day, loser="Zoe", players=MEMBERS),
        post("games", date=day, record={"format": "chess"}),
        post("games", date=day, record=spoilt(lambda d: d["steps"][3].update(seat=0))),
        post("games", date=day, record=spoilt(lambda d: d["steps"][0]["pips"].pop())),
        post("games", date=day, record=spoilt(lambda d: d["steps"][0].update(action="jump"))),
        post("games", date=day, record=spoilt(lambda d: d["steps"][0].update(action=7))),
        post("games", date=day, record=spoilt(lambda d: d["rules"].update(preset="kneipe"))),
        post("games", date=day, record=spoilt(lambda d: d.update(players=["Anna", "anna", "B"]))),
        post("games", date=day, record=spoilt(lambda d: d.update(steps=d["steps"][:9]))),
        post("games", date=day, record=spoilt(lambda d: d["outcome"].update(loser=9))),
        post("games", date=day, table="no-such-table"),
        post("games", date=day, pub="no-such-pub", pub_token="x" * 22),
        post("games/void", id=999_999),
        post("prices", item="half_lost", cents=-50),
        post("prices", item="beer", cents=50),
        post("payments", member="Anna", cents="2,50"),
        post("payments", member="Zoe", cents=250),
        post("expenses", cents=1000, reason=""),
        post("fine-items", name=" ", cents=50),
        post("fine-items/remove", name="Zu spät"),
        post("fines", date=day, member="Anna", item="Zu spät"),
        post("charges", member="Anna", cents="5 Euro", reason="Runde"),
        post("season-start", date="20.11.2026"),
        post("bot-seats", counts="always"),
        post("account", iban="DE00 1234", holder="Kasse"),
        post("rules", rules={"preset": "kneipe"}),
        post("rules", rules={"preset": "allgemein", "overrides": {"dice": 4}}),
        post("rules", rules={"preset": "allgemein", "overrides": {"finale": "ja"}}),
        post("password", password="kurz"),
        post("sessions/end", id="nope"),
        ("GET", f"{at}/pay?member=Zoe&session={session}", None),
        ("GET", f"{at}/ledger?member=Zoe&session={session}", None),
        ("GET", f"{at}/csv/beer?session={session}", None),
    ]


def pub_asks(pub_id: str, token: str) -> list[tuple[str, str, Any]]:
    """Refused requests of pub mode's page (a game of Anna and Ben, Anna's turn next)."""

    def post(what: str, **body: Any) -> tuple[str, str, Any]:
        return ("POST", f"/api/pub/{pub_id}/{what}", {"token": token, **body})

    return [
        ("POST", "/api/pub", {"players": ["Anna", "anna"]}),
        ("POST", "/api/pub", {"players": ["Anna"]}),
        ("POST", "/api/pub", {"players": "Anna, Ben"}),
        ("POST", "/api/pub", {"players": ["Anna", "Ben"], "rules_toml": 'preset = "kneipe"'}),
        ("POST", "/api/pub", {"players": ["Anna", "Ben"], "rules_toml": "deckel_per_half = 3"}),
        ("POST", "/api/pub", {"players": ["Anna", "Ben"], "rules": {"preset": 5}}),
        ("POST", "/api/pub", {"players": ["Anna", "Ben"], "id": "kurz", "token": "x"}),
        post("turn", dice=[6, 6, 7], throws=1),
        post("turn", dice=[6, 1, 1], throws=4),
        post("turn", dice=[6, 1, 1], throws=1, turned=3),
        post("turn", dice=[6, 1, 1], throws=1, seat=1),
        post("turn", dice=[6, 6, 1], throws=1, turned=1),
        post("result", result="Strasse 9", throws=1),
        post("buy_in", seat=0, buys_in=True),
        post("undo", count=5),
        post("undo", count="all"),
        ("POST", f"/api/pub/{pub_id}/turn", {"token": "x" * 22, "dice": [6, 5, 4]}),
        ("POST", "/api/pub/no-such-game/turn", {"token": token, "dice": [6, 5, 4]}),
    ]


def join_asks(full: str, started: str) -> list[tuple[str, str, Any]]:
    """Refused requests of the join page: a full table, a started one, bad names."""
    return [
        ("POST", "/api/tables", {"name": "Anna", "seats": 50}),
        ("POST", "/api/tables", {"name": "Anna", "rules_toml": 'preset = "kneipe"'}),
        ("POST", f"/api/tables/{full}/join", {"name": "Dora"}),
        ("POST", f"/api/tables/{started}/join", {"name": "Dora"}),
        ("POST", f"/api/tables/{started}/wait", {"name": ""}),
        ("POST", "/api/tables/NOPE99/join", {"name": "Dora"}),
        ("GET", f"/api/tables/{started}/verify", None),
    ]


def test_every_refusal_of_the_club_join_and_pub_pages_is_said_in_german(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = server.post("/api/clubs", {"name": "Kegelclub"}).json()
        slug, session = made["club"]["slug"], made["session"]
        for name in MEMBERS:
            server.post(f"/api/clubs/{slug}/members", {"session": session, "name": name})
        server.post(f"/api/clubs/{slug}/evenings", {"session": session, "date": "2026-11-20"})
        pub = server.post("/api/pub", {"players": ["Anna", "Ben"]}).json()
        full = server.post("/api/tables", {"name": "Anna", "seats": 2}).json()
        server.post(f"/api/tables/{full['code']}/join", {"name": "Ben"})
        started = server.post("/api/tables", {"name": "Cem", "seats": 2}).json()
        server.post(f"/api/tables/{started['id']}/bots", {"token": started["token"]})
        server.post(f"/api/tables/{started['id']}/start", {"token": started["token"]})
        club_before = ask(server, ("GET", f"/api/clubs/{slug}?session={session}", None), {})
        pub_before = server.get(f"/api/pub/{pub['id']}?token={pub['token']}").json()
        asks = [
            *club_asks(slug, session),
            *pub_asks(pub["id"], pub["token"]),
            *join_asks(full["code"], started["code"]),
        ]
        said: dict[str, str] = {}
        wrong = []
        for how in asks:
            german, english = ask(server, how, GERMAN), ask(server, how, ENGLISH)
            if not german.status_code == english.status_code >= 400:
                wrong.append((how[:2], german.text[:200]))
                continue
            words, code = german.json()["error"], german.json().get("code")
            if not (
                english.json().get("code") == code in CATALOGUE["de"]
                and words != english.json()["error"]
                and not english_in(words, *details(english.json()["error"]))
            ):
                wrong.append((how[:2], words))
            said[str(code)] = words
        assert not wrong
        assert len(said) > 50
        # the record reader's reasons, inside the book's refusal, in German too
        assert said["club_refuse_record"].startswith("das Spielprotokoll wird abgelehnt: ")
        after = ask(server, ("GET", f"/api/clubs/{slug}?session={session}", None), {})
        assert after.json() == club_before.json()
        assert server.get(f"/api/pub/{pub['id']}?token={pub['token']}").json() == pub_before


def details(english: str) -> tuple[str, ...]:
    """What a reader of JSON or TOML says itself inside a refusal ("Expecting value: line 1
    column 2 (char 1)"): TOML's stays as it says it, the JSON reader's is said in the catalogue's
    words where they are known (errors.JSON_ERRORS), else as it says it."""
    for frame in ("not valid JSON: ", "not valid TOML: "):
        if frame in english:
            return (english.split(frame, 1)[1],)
    return ()


def test_a_tables_websocket_errors_are_said_in_the_players_language(tmp_path: Path) -> None:
    """The table page's errors (a message it could not send, a spectator who acts, a second
    hello) in the language of the hello; before the hello in the page's cookie's. The code
    of each stays as docs/protocol.md has it."""
    with running(tmp_path / "db.sqlite3") as server:
        table = server.post("/api/tables", {"name": "Anna", "seats": 2}).json()
        server.post(f"/api/tables/{table['id']}/bots", {"token": table["token"]})
        server.post(f"/api/tables/{table['id']}/start", {"token": table["token"]})
        german, english = errors_heard(server, table, "de"), errors_heard(server, table, "en")
    assert set(german) == set(english)
    assert {code for code, _ in german} >= {
        "binary",
        "too_large",
        "malformed",
        "version",
        "unknown_type",
        "bad_action",
        "hello_again",
        "spectator",
        "hello_first",
    }
    for asked, words in german.items():
        assert words != english[asked] and not english_in(words), (asked, words)
    assert german["bad_action", "throw keep 1-1-1"] == (
        "keine Aktion: 'throw keep 1-1-1' (ein Wurf hält höchstens zwei Würfel)"
    )


def errors_heard(server: Server, table: dict[str, Any], lang: str) -> dict[tuple[str, str], str]:
    """The error messages a player, a spectator and a connection before its hello hear in
    ``lang``, by their code and what was sent."""
    uri = f"ws://127.0.0.1:{server.port}/ws/{table['id']}"
    heard: dict[tuple[str, str], str] = {}
    sent: list[str | bytes] = [
        b"\x00binary",
        "x" * 5000,
        "[" * 40 + "]" * 40,
        "{nope",
        json.dumps({"v": 1, "type": "ping"}),
        json.dumps({"v": 3, "type": "dance"}),
        json.dumps({"v": 3, "type": "action"}),
        json.dumps({"v": 3, "type": "action", "action": "jump"}),
        json.dumps({"v": 3, "type": "action", "action": "throw keep 1-1-1"}),
        json.dumps({"v": 3, "type": "coach", "on": "yes"}),
        hello(table["token"], lang),
    ]
    with connect(uri) as ws:
        ws.send(hello(table["token"], lang))
        for message in sent:
            ws.send(message)
            error = next_error(ws)
            heard[error["code"], shown(message)] = error["message"]
    with connect(uri) as ws:
        ws.send(hello(table["spectator_token"], lang))
        ws.send(json.dumps({"v": 3, "type": "action", "action": "stop"}))
        heard["spectator", "stop"] = next_error(ws)["message"]
    cookie = {"cookie": f"schocken-lang={lang}"}
    for first in (json.dumps({"v": 3, "type": "ping"}), json.dumps({"v": 3, "type": "hello"})):
        with connect(uri, additional_headers=cookie) as ws:
            ws.send(first)
            error = next_error(ws)
            heard[error["code"], first] = error["message"]
    return heard


def shown(message: str | bytes) -> str:
    """What was sent, as a key: an action's text, else the message's first characters."""
    if isinstance(message, str) and '"action": "' in message:
        return str(json.loads(message)["action"])
    return str(message)[:20]


def next_error(ws: Any) -> dict[str, Any]:
    """The next error message on ``ws`` (presence and other news pass by)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] == "error":
            return message
