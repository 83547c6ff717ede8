"""The review over HTTP (issue 16): ``POST /api/review`` with a game record, and
``GET /api/tables/{key}/review`` for a finished table. A real server, the golden records."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from schocken.record import parse_record
from schocken.review import review
from server_helpers import GENEROUS, Server, running

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

GOLDEN = Path(__file__).parent / "golden"
SHORT_RULES = 'preset = "tsv99"\ndeckel_per_half = 2\n'
"""House rules for a short game (two Deckel a half)."""


def post_record(server: Server, text: str | bytes, **headers: str) -> httpx.Response:
    return httpx.post(
        server.url + "/api/review",
        content=text,
        headers={"content-type": "application/json", **headers},
        timeout=60,
    )


def finished_table(server: Server) -> tuple[str, str]:
    """A short game of three bots (the host hands their seat to one), played to its end; its
    id and the host's token."""
    created = server.post("/api/tables", {"name": "Anna", "seats": 3, "rules_toml": SHORT_RULES})
    assert created.status_code == 200, created.text
    table = created.json()
    key, token = table["id"], table["token"]
    for _ in range(2):
        assert server.post(f"/api/tables/{key}/bots", {"token": token}).status_code == 200
    assert server.post(f"/api/tables/{key}/start", {"token": token}).status_code == 200
    handed = server.post(f"/api/tables/{key}/seat", {"token": token, "seat": 0, "to": "bot"})
    assert handed.status_code == 200, handed.text
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{key}/record").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return str(key), str(token)


def test_a_golden_record_is_reviewed_as_the_review_module_reviews_it(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        for name in ("tsv99", "schock4life"):
            text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
            answer = post_record(server, text, origin=server.url)
            assert answer.status_code == 200, answer.text
            assert answer.headers["content-type"] == "application/json"
            assert answer.json() == json.loads(review(parse_record(text)).to_json())
            # Only what the deciding player saw: a covered cup by its aside dice and throws.
            for d in answer.json()["decisions"]:
                for turn in d["situation"]["before"]:
                    assert ("result" in turn) != turn["covered"]
                    assert turn["covered"] == ("aside" in turn)


def test_a_bad_record_is_refused_with_the_readers_message(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        data = json.loads((GOLDEN / "tsv99.json").read_text(encoding="utf-8"))
        data["steps"][3]["pips"] = [7]
        answer = post_record(server, json.dumps(data))
        assert answer.status_code == 400
        assert answer.json() == {
            "error": "step 3: 'pips' must be a list of numbers from 1 to 6",
            "code": "record_refuse_step",
        }
        # the reader's refusal comes back from the worker with its key: said in German too
        answer = post_record(server, json.dumps(data), cookie="schocken-lang=de")
        assert (
            answer.json()["error"]
            == "Schritt 3: 'pips' muss eine Liste von Zahlen von 1 bis 6 sein"
        )
        data["steps"][3]["pips"] = []
        data["steps"] = data["steps"][:3] + data["steps"][4:]
        answer = post_record(server, json.dumps(data))
        assert answer.status_code == 400 and answer.json()["error"].startswith("step ")
        answer = post_record(server, "{not json")
        assert answer.status_code == 400 and answer.json()["error"].startswith("not valid JSON")
        answer = post_record(server, b"\xff\xfe")
        assert answer.json()["error"] == "a game record is JSON text in UTF-8"
        # Not JSON by its type (a form could be posted by another site's page), another site.
        text = (GOLDEN / "tsv99.json").read_text(encoding="utf-8")
        form = httpx.post(server.url + "/api/review", content=text, timeout=10)
        assert form.status_code == 415
        foreign = post_record(server, text, origin="https://elsewhere.example")
        assert foreign.status_code == 403


def test_a_record_too_big_is_refused(tmp_path: Path) -> None:
    extra = (*GENEROUS, "--max-record", "20000")
    with running(tmp_path / "db.sqlite3", extra=extra) as server:
        text = (GOLDEN / "tsv99.json").read_text(encoding="utf-8")
        padded = text.rstrip()[:-1] + ', "meta": {"pad": "' + "x" * 20_000 + '"}}'
        answer = post_record(server, padded)
        assert answer.status_code == 413
        assert answer.json()["error"] == "a game record has at most 20000 bytes"
        # Counted while read, without Content-Length (sent in chunks).
        chunks = iter([padded[:10_000].encode(), padded[10_000:].encode()])
        answer = httpx.post(
            server.url + "/api/review",
            content=chunks,
            headers={"content-type": "application/json"},
            timeout=30,
        )
        assert answer.status_code == 413
        assert post_record(server, text).status_code == 200


def test_a_record_larger_than_max_body_is_taken(tmp_path: Path) -> None:
    """The review's own limit (--max-record, 512 KiB) is not --max-body (16 KiB)."""
    with running(tmp_path / "db.sqlite3") as server:
        text = (GOLDEN / "allgemein.json").read_text(encoding="utf-8")
        data = json.loads(text)
        data["meta"] = {"pad": "x" * 40_000}
        answer = post_record(server, json.dumps(data))
        assert answer.status_code == 200, answer.text
        assert answer.json()["format"] == "schocken-review"


def test_a_finished_tables_review_and_none_before_the_end(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", seed=4) as server:
        created = server.post("/api/tables", {"name": "Anna", "seats": 2})
        key = created.json()["id"]
        early = server.get(f"/api/tables/{key}/review")
        assert early.status_code == 409
        assert early.json()["error"] == "the record is there once the game is finished"
        assert server.get("/api/tables/nosuchtable/review").status_code == 404
        key, _ = finished_table(server)
        answer = server.get(f"/api/tables/{key}/review")
        assert answer.status_code == 200, answer.text
        record = server.get(f"/api/tables/{key}/record").text
        expected: dict[str, Any] = json.loads(review(parse_record(record)).to_json())
        assert answer.json() == expected
        assert expected["players"][0] == "Anna" and expected["decisions"]
        assert server.get(f"/api/tables/{key}/review").json() == expected  # kept


def test_a_review_over_its_time_is_stopped(tmp_path: Path) -> None:
    """--review-budget: a review not done in time is stopped and refused (503); the server goes
    on."""
    extra = (*GENEROUS, "--review-budget", "0.001")
    with running(tmp_path / "db.sqlite3", extra=extra) as server:
        text = (GOLDEN / "tsv99.json").read_text(encoding="utf-8")
        answer = post_record(server, text)
        assert answer.status_code == 503
        assert answer.json()["error"] == "the review took more than 0.001 s and was stopped"
        assert server.get("/api/health").status_code == 200
