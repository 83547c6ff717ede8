"""Pub mode on the server (src/schocken/server/pub.py): a whole game entered through the API,
refused entries, the token, and a restart. A real server (tests/server_helpers.py)."""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest

from schocken.pub import PubGame
from schocken.record import parse_record, replay
from server_helpers import GENEROUS, Server, running

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

HOUSE = 'preset = "tsv99"\ndeckel_per_half = 2\n'
"""Short games: two Deckel a half."""


def create(server: Server, **extra: Any) -> dict[str, Any]:
    body = {"players": ["Anna", "Ben"], "rules_toml": HOUSE, "game_stake": "a round", **extra}
    r = server.post("/api/pub?lang=en", body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def get(server: Server, pub_id: str, token: str) -> httpx.Response:
    return httpx.get(
        f"{server.url}/api/pub/{pub_id}?lang=en", headers={"x-pub-token": token}, timeout=10
    )


def post(server: Server, pub_id: str, what: str, token: str, **body: Any) -> httpx.Response:
    return server.post(f"/api/pub/{pub_id}/{what}?lang=en", {"token": token, **body})


def play_out(server: Server, pub_id: str, token: str, view: dict[str, Any]) -> dict[str, Any]:
    """Enter turns until the game is over: Anna always 6-5-3 in one throw, Ben by name a
    Schock 2 in two throws; a buy-in is declined."""
    for _ in range(200):
        state = view["state"]
        if state["ask"] == "over":
            return view
        if state["ask"] == "buy_in":
            r = post(server, pub_id, "buy_in", token, seat=state["seat"], buys_in=False)
        elif state["seat"] == 0:
            r = post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1)
        else:
            throws = min(2, state["limit"])
            r = post(server, pub_id, "result", token, result="schock 2", throws=throws)
        assert r.status_code == 200, r.text
        view = r.json()
    raise AssertionError("the game did not end in 200 entries")


def test_a_whole_game_through_the_api_replays(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server)
        pub_id, token = created["id"], created["token"]
        assert created["state"]["ask"] == "turn"
        assert created["prompt"] == "Round 1 (opening round): Anna opens, up to 3 throws."
        first = post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1).json()
        assert first["said"] == ["Anna: 6-5-3 (1 throw)."]
        assert "up to 1 throw" in first["prompt"] or "one throw" in first["prompt"]
        end = play_out(server, pub_id, token, first)
        assert end["state"]["loser"] == 0  # Anna's 6-5-3 loses to a Schock 2 every time
        assert "Anna owes a round." in end["said"]
        r = httpx.get(
            f"{server.url}/api/pub/{pub_id}/record", headers={"x-pub-token": token}, timeout=10
        )
        assert r.status_code == 200
        assert "attachment" in r.headers["content-disposition"]
        record = parse_record(r.text)
        game = replay(record)
        assert game.is_over and game.loser == 0
        assert record.meta["pub"]["game_stake"] == "a round"
        # the entries in the record make the same game again
        again = PubGame.from_record(record)
        assert len(again.entries) == end["entries"]


def test_refused_entries_change_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server)
        pub_id, token = created["id"], created["token"]
        post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1)
        before = get(server, pub_id, token).json()
        refused: list[tuple[str, dict[str, Any], str]] = [
            ("turn", {"dice": [6, 6, 1], "throws": 2}, "at most once"),  # Anna opened with 1
            ("turn", {"dice": [6, 6, 7], "throws": 1}, "three dice of 1 to 6"),
            ("turn", {"dice": "661", "throws": 1}, "'dice' is a list"),
            ("result", {"result": "Schock 9", "throws": 1}, "not a result"),
            ("buy_in", {"seat": 1, "buys_in": True}, "nobody is asked"),
            ("undo", {"count": 5}, "cannot take back 5 entries"),
        ]
        for what, body, reason in refused:
            r = post(server, pub_id, what, token, **body)
            assert r.status_code == 400, (what, body, r.text)
            assert reason in r.json()["error"], r.json()["error"]
        assert get(server, pub_id, token).json() == before
        # In German, in German.
        r = server.post(
            f"/api/pub/{pub_id}/turn?lang=de", {"token": token, "dice": [6, 6, 1], "throws": 2}
        )
        assert r.status_code == 400
        assert r.json()["error"] == (
            "Ben darf in dieser Runde höchstens einmal werfen: Anna hat mit 1 Wurf vorgelegt "
            "(eingetragen: 2)"
        )
        # and a good undo takes the entry back
        undone = post(server, pub_id, "undo", token, count=1).json()
        assert undone["entries"] == 0
        assert undone["said"] == ["Undone: Anna: 6-5-3 1."]


def test_every_refused_entry_and_game_is_said_in_the_pages_language(tmp_path: Path) -> None:
    """A German page (its cookie, or Accept-Language) gets every refusal in German, also those
    of an entry's form and of a new game's players, with the key of its text as ``code``; an
    English one in English (issue 22)."""
    german = {"cookie": "schocken-lang=de"}
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server)
        pub_id, token = created["id"], created["token"]
        post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1)
        before = get(server, pub_id, token).json()
        asks: list[tuple[str, dict[str, Any], str, str, str]] = [
            (
                f"/api/pub/{pub_id}/turn",
                {"token": token, "dice": [6, 1, 1], "throws": 1, "turned": 3},
                "pub_refuse_turned_count",
                "0, 1 or 2 of the dice can be turned sixes, not 3",
                "0, 1 oder 2 der Würfel können gedrehte Sechsen sein, nicht 3",
            ),
            (
                f"/api/pub/{pub_id}/turn",
                {"token": token, "dice": [6, 6, 7], "throws": 1},
                "pub_refuse_three_dice",
                "a turn ends with three dice of 1 to 6 pips, not (6, 6, 7)",
                "ein Zug endet mit drei Würfeln mit 1 bis 6 Augen, nicht (6, 6, 7)",
            ),
            (
                f"/api/pub/{pub_id}/turn",
                {"token": token, "dice": [6, 6, 1], "throws": 2},
                "pub_refuse_limit",
                "Ben may throw at most once in this round: Anna opened it with 1 throw "
                "(entered: 2)",
                "Ben darf in dieser Runde höchstens einmal werfen: Anna hat mit 1 Wurf vorgelegt "
                "(eingetragen: 2)",
            ),
            (
                "/api/pub",
                {"players": ["Anna", "Ben", "anna"]},
                "refuse_players_twice",
                "players' names must differ (also in case, spacing and look-alike letters): "
                "'Anna' and 'anna'",
                "die Namen der Spieler müssen sich unterscheiden (auch in Groß- und "
                "Kleinschreibung, Leerzeichen und ähnlich aussehenden Buchstaben): „Anna“ und "
                "„anna“",
            ),
            (
                "/api/pub",
                {"players": ["Anna", "Ben"], "game_stake": "x" * 101},
                "pub_refuse_stake_long",
                "game_stake is one line of at most 100 printable characters",
                "game_stake ist eine Zeile aus höchstens 100 druckbaren Zeichen",
            ),
            (
                f"/api/pub/{pub_id}/undo",
                {"token": "wrong"},
                "server_refuse_pub_token",
                "unknown token for this pub game",
                "unbekannter Schlüssel für dieses Kneipenspiel",
            ),
        ]
        for path, body, code, english, words in asks:
            for headers in (german, {"accept-language": "de"}):
                r = httpx.post(server.url + path, json=body, headers=headers, timeout=10)
                assert r.status_code in (400, 403), r.text
                assert r.json() == {"error": words, "code": code}
            r = httpx.post(server.url + path, json=body, timeout=10)
            assert r.json() == {"error": english, "code": code}
        assert get(server, pub_id, token).json() == before


def tells(text: str, dice: Sequence[int], name: str) -> bool:
    """Whether an answer's text carries these dice (in any order, as 5-1-1 or a JSON list)
    or their result's ``name``."""
    for order in itertools.permutations(str(p) for p in dice):
        if any(sep.join(order) in text for sep in ("-", ",", ", ")):
            return True
    return name in text


def test_a_covered_cup_stays_covered_in_every_answer_until_the_reveal(tmp_path: Path) -> None:
    house = 'preset = "allgemein"\ndeckel_per_half = 2\n'  # a third throw stays covered
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server, players=["Anna", "Ben", "Cem"], rules_toml=house)
        pub_id, token = created["id"], created["token"]
        answers: list[httpx.Response] = []

        def ask(what: str, **body: Any) -> dict[str, Any]:
            r = post(server, pub_id, what, token, **body)
            assert r.status_code == 200, r.text
            answers.append(r)
            for lang in ("en", "de"):
                answers.append(
                    httpx.get(
                        f"{server.url}/api/pub/{pub_id}?lang={lang}",
                        headers={"x-pub-token": token},
                        timeout=10,
                    )
                )
            answers.append(
                httpx.get(
                    f"{server.url}/api/pub/{pub_id}/record",
                    headers={"x-pub-token": token},
                    timeout=10,
                )
            )
            data: dict[str, Any] = r.json()
            return data

        view = ask("turn", dice=[1, 5, 1], throws=3)  # Anna: a Schock 5, covered
        assert view["said"] == ["Anna: entered; the cup stays covered until the reveal."]
        assert view["last"] == "Anna: covered, 3 throws"
        assert answers[-2].json()["last"] == "Anna: verdeckt, 3 Würfe"
        record = answers[-1]
        assert record.status_code == 409
        assert record.json()["error"] == (
            "the game record waits for the reveal: a cup of this round is still covered"
        )
        view = ask("undo", count=1)
        assert view["said"] == ["Undone: Anna: covered, 3 throws."] and view["last"] is None
        ask("result", result="Schock 5", throws=3, covered=True)
        view = ask("turn", dice=[4, 4, 1], throws=2)
        assert view["last"] == "Ben: 4-4-1 2"
        assert [t["dice"] for t in view["state"]["turns"]] == [None, [4, 4, 1]]
        for r in answers:
            assert not tells(r.text, (5, 1, 1), "Schock 5"), r.text
        # Cem's covered third throw ends the round: the reveal shows every cup
        view = ask("turn", dice=[3, 2, 2], throws=3)
        revealed = "Opening round (for no Deckel): Anna: Schock 5, Ben: 4-4-1, Cem: 3-2-2."
        assert revealed in view["said"]
        assert view["last"] == "Cem: 3-2-2 3"
        assert answers[-1].status_code == 200
        assert parse_record(answers[-1].text).meta["pub"]["entries"][0]["result"] == "Schock 5"


def test_bad_games_are_refused(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        bad: list[tuple[dict[str, Any], str]] = [
            ({"players": ["Anna"]}, "player"),
            ({"players": "Anna,Ben"}, "'players' is a list"),
            ({"players": ["Anna", "Ben"], "rules": "nope"}, "nope"),
            ({"players": ["Anna", "Ben"], "rules_toml": HOUSE.replace("2", "0")}, "deckel"),
            ({"players": ["Anna", "Ben"], "game_stake": 5}, "game_stake"),
        ]
        for body, reason in bad:
            r = server.post("/api/pub", body)
            assert r.status_code == 400, (body, r.text)
            assert reason in r.json()["error"], r.json()["error"]


def test_a_wrong_token_is_refused(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server)
        pub_id, token = created["id"], created["token"]
        other = create(server)
        for wrong in ("", "x" * 22, other["token"]):
            assert get(server, pub_id, wrong).status_code == 403
            r = post(server, pub_id, "turn", wrong, dice=[6, 5, 3], throws=1)
            assert r.status_code == 403
            assert r.json()["error"] == "unknown token for this pub game"
        assert server.post(f"/api/pub/{pub_id}/undo", {}).status_code == 403
        r = httpx.get(f"{server.url}/api/pub/{pub_id}/record", timeout=10)
        assert r.status_code == 403
        assert get(server, "nope", token).status_code == 404
        assert get(server, pub_id, token).json()["entries"] == 0


def test_a_foreign_page_cannot_enter(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server)
        r = httpx.post(
            f"{server.url}/api/pub/{created['id']}/turn",
            json={"token": created["token"], "dice": [6, 5, 3]},
            headers={"origin": "https://evil.example"},
            timeout=10,
        )
        assert r.status_code == 403
        assert get(server, created["id"], created["token"]).json()["entries"] == 0


def test_the_game_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db) as server:
        created = create(server)
        pub_id, token = created["id"], created["token"]
        said = [post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1).json()["said"]]
        said.append(
            post(server, pub_id, "result", token, result="Schock 2", throws=1).json()["said"]
        )
        before = get(server, pub_id, token).json()
        assert before["log"] == said  # what each entry said, for a page loaded anew
        assert said[1][0] == "Ben: Schock 2 (1 throw)."
        server.kill()  # no chance to clean up: what was answered is stored
    with running(db) as server:
        after = get(server, pub_id, token).json()
        assert after == before
        assert after["entries"] == 2
        assert get(server, pub_id, "wrong").status_code == 403
        end = play_out(server, pub_id, token, after)
        assert end["state"]["ask"] == "over"


@pytest.mark.sqlite_only  # another program locks the SQLite file
def test_an_entry_that_cannot_be_stored_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db, extra=(*GENEROUS, "--write-timeout", "0.2")) as server:
        created = create(server)
        pub_id, token = created["id"], created["token"]
        before = get(server, pub_id, token).json()
        # Another process holds the database: the server's write waits 0.2 s and fails.
        locker = sqlite3.connect(db, isolation_level=None, timeout=10)
        locker.execute("BEGIN EXCLUSIVE")
        try:
            r = post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1)
            assert r.status_code == 503, r.text
            assert "nothing changed" in r.json()["error"]
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        assert get(server, pub_id, token).json() == before
        r = post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1)
        assert r.status_code == 200
        assert r.json()["entries"] == 1


def test_the_pub_page_is_served(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        for path in ("/pub", "/pub/abc"):
            r = server.get(path)
            assert r.status_code == 200
            assert "/static/app.js" in r.text
        assert server.get("/static/pub.js").status_code == 200


def test_a_game_under_regional_options_through_the_api(tmp_path: Path) -> None:
    house = (
        'preset = "tsv99"\ndeckel_per_half = 2\nnutte = true\nstrassen = "outer"\n'
        'first_round_one_throw = "halves"\ntiebreak = "one_throw_then_later"\n'
    )
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server, rules_toml=house)
        pub_id, token = created["id"], created["token"]
        assert created["options"]["nutte"] is True and created["options"]["strassen"] == "outer"
        view = post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1).json()
        view = post(server, pub_id, "turn", token, dice=[6, 5, 2], throws=1).json()
        # Round 2, the first for Deckel: one throw (Erster Hoch).
        assert view["prompt"].endswith(
            "one throw: the first round is played with one throw (Erster Hoch)."
        )
        refused = post(server, pub_id, "result", token, result="Straße 5-4-3", throws=1)
        assert refused.status_code == 400 and "counts as 543" in refused.text
        view = post(server, pub_id, "result", token, result="Nutte", throws=1).json()
        assert view["said"][0] == "Anna: Nutte (1 throw)."
        view = post(server, pub_id, "result", token, result="Schock 6", throws=1).json()
        assert "Ben takes 2 Deckel from the middle." in view["said"]
        end = play_out(server, pub_id, token, view)
        assert end["state"]["ask"] == "over"
        r = httpx.get(
            f"{server.url}/api/pub/{pub_id}/record", headers={"x-pub-token": token}, timeout=10
        )
        record = parse_record(r.text)
        assert record.rules.nutte and record.rules.first_round_one_throw.value == "halves"
        assert replay(record).loser == end["state"]["loser"]


def test_a_round_opened_blind_through_the_api(tmp_path: Path) -> None:
    house = 'preset = "tsv99"\ndeckel_per_half = 3\nblind = true\nblind_double = true\n'
    with running(tmp_path / "db.sqlite3") as server:
        created = create(server, rules_toml=house)
        pub_id, token = created["id"], created["token"]
        assert created["blind"] is False  # the opening round is for no Deckel
        refused = post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1, blind=True)
        assert refused.status_code == 400 and "only the opener" in refused.text
        view = post(server, pub_id, "turn", token, dice=[6, 5, 3], throws=1).json()
        view = post(server, pub_id, "turn", token, dice=[6, 5, 2], throws=1).json()
        assert view["blind"] is True  # Anna opens round 2 and may open it blind
        view = post(server, pub_id, "result", token, result="Schock 2", blind=True).json()
        assert (
            "Anna opens blind: one throw each, every cup stays covered until the reveal."
            in (view["said"])
        )
        assert view["blind"] is False and view["state"]["limit"] == 1
        # the blind cup stays covered: to the page, on a GET, in an undo, and for the record
        assert view["last"] == "Anna: opened blind, covered"
        got = get(server, pub_id, token)
        r = httpx.get(
            f"{server.url}/api/pub/{pub_id}/record", headers={"x-pub-token": token}, timeout=10
        )
        assert r.status_code == 409
        undone = post(server, pub_id, "undo", token)
        assert undone.json()["said"] == ["Undone: Anna: opened blind, covered."]
        for answer in (view, got.json(), r.json(), undone.json()):
            assert not tells(json.dumps(answer), (2, 1, 1), "Schock 2"), answer
        view = post(server, pub_id, "result", token, result="Schock 2", blind=True).json()
        view = post(server, pub_id, "turn", token, dice=[6, 4, 2], throws=1).json()
        assert "Ben takes 3 Deckel from the middle." in view["said"]  # 2 doubled, 3 left
        assert view["state"]["half_losers"] == [1]


def test_a_game_made_on_a_phone_and_its_entry_ids_are_checked(tmp_path: Path) -> None:
    """A pub game's id and token made on a phone must look like the server's own; an entry id
    must be one, and names one kind of entry; refused ones change nothing."""
    with running(tmp_path / "db.sqlite3") as server:
        body = {"players": ["Anna", "Ben"], "rules_toml": HOUSE}
        for made, key in (
            ({"id": "short", "token": "t" * 22}, "'id'"),
            ({"id": "a" * 12, "token": "short"}, "'token'"),
            ({"id": "a b c d e f g h", "token": "t" * 22}, "'id'"),
        ):
            r = server.post("/api/pub?lang=en", {**body, **made})
            assert r.status_code == 400 and key in r.json()["error"], r.text
        r = server.post("/api/pub?lang=en", {**body, "id": "phoneMadeId12", "token": "t" * 22})
        assert r.status_code == 200 and r.json()["entry"] == {
            "id": "phoneMadeId12",
            "repeated": False,
        }
        turn = {"token": "t" * 22, "dice": [6, 5, 3], "throws": 1}

        def send(what: str, entry: str, **extra: Any) -> httpx.Response:
            return httpx.post(
                f"{server.url}/api/pub/phoneMadeId12/{what}?lang=en",
                json={**turn, **extra},
                headers={"x-entry-id": entry},
                timeout=10,
            )

        assert send("turn", "bad id").status_code == 400
        assert send("turn", "entry-0001").status_code == 200
        other = send("undo", "entry-0001", count=1)
        assert other.status_code == 400 and "was turn, not undo" in other.json()["error"]
        view = get(server, "phoneMadeId12", "t" * 22).json()
        assert view["entries"] == 1
