"""The rules builder's endpoints (src/schocken/server/routes/rules.py, issue 23) on a real server:
the options as the form draws them, a rule set checked with the engine's refusal in German and
English, a link's code and its QR code, a table started with the built rules; and the club's own
rules through the club's API, exported and imported, on each storage engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import ENGINES
from schocken.rule_groups import OPTIONS
from server_helpers import Server, running
from test_server_engines import where

__all__ = ["where"]  # the fixture, used by name

HOUSE = {"preset": "tsv99", "overrides": {"jule": True, "deckel_per_half": 15, "finale": False}}


@pytest.fixture(scope="module", params=ENGINES)
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Any:
    """One server for the module's tests, on each engine in turn."""
    database = None
    if request.param == "postgresql":
        database = request.getfixturevalue("postgres_server").new_database()
    db = tmp_path_factory.mktemp("rules") / "db.sqlite3"
    with running(db, seed=5, bot_delay=0.0, database=database) as s:
        yield s


def check(server: Server, body: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    r = server.post(f"/api/rules/check?lang={lang}", body)
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_the_options_in_both_languages(server: Server) -> None:
    de = server.get("/api/rules/options?lang=de").json()
    en = server.get("/api/rules/options?lang=en").json()
    assert sorted(de["options"]) == sorted(OPTIONS) == sorted(en["options"])
    assert de["options"]["jule"]["label"] == "Jule (4-2-1)"
    assert de["options"]["finale"]["help"] != en["options"]["finale"]["help"]
    assert [p["name"] for p in de["presets"]] == [
        "tsv99",
        "schock4life",
        "knobelrunde",
        "allgemein",
    ]
    assert de["presets"][0]["line"] == "TSV 99 – 14 Deckel je Hälfte"
    # Another language is English, as the other endpoints answer.
    assert server.get("/api/rules/options?lang=fr").json()["lang"] == "en"
    assert server.get("/rules").status_code == 200
    assert 'id="main"' in server.get("/rules").text


def test_a_rule_set_checked_says_what_differs(server: Server) -> None:
    answer = check(server, {"rules": HOUSE}, "de")
    assert answer["ok"] is True
    assert answer["summary"] == (
        "TSV 99, aber: 15 Deckel je Hälfte; Jule (4-2-1) zählt; eine Hälfte, kein Finale."
    )
    assert answer["toml"] == (
        'preset = "tsv99"\ndeckel_per_half = 15\nfinale = false\njule = true\n'
    )
    # The TOML and the link's code read back as the same rule set.
    assert check(server, {"toml": answer["toml"]})["rules"] == answer["rules"]
    assert check(server, {"code": answer["code"]})["rules"] == answer["rules"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "option 'Deckel per half' must be between 1 and 999, not 1000"),  # by its label
        ("de", "Option 'Deckel je Hälfte' muss zwischen 1 und 999 liegen, nicht 1000"),
    ],
)
def test_a_refusal_in_the_players_language(server: Server, lang: str, said: str) -> None:
    bad = {"preset": "tsv99", "overrides": {"deckel_per_half": 1000}}
    assert check(server, {"rules": bad}, lang) == {"ok": False, "error": said}
    toml = check(server, {"toml": 'preset = "tsv99"\ndeckel_per_half = 1000\n'}, lang)
    assert toml == {"ok": False, "error": f"TOML: {said}"}
    link = check(server, {"code": "bm9wZQ"}, lang)  # "nope"
    assert link["ok"] is False
    assert (
        link["error"]
        == {"en": "the link holds no rule set", "de": "der Link enthält kein Regelwerk"}[lang]
    )


def test_a_check_is_a_json_body_from_this_site(server: Server) -> None:
    r = httpx.post(
        server.url + "/api/rules/check",
        json={"rules": HOUSE},
        headers={"origin": "https://elsewhere.example"},
        timeout=10,
    )
    assert r.status_code == 403
    r = httpx.post(
        server.url + "/api/rules/check",
        content=b"x" * 200_000,
        timeout=10,
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413


def test_the_qr_code_of_a_rules_link(server: Server) -> None:
    code = check(server, {"rules": HOUSE})["code"]
    r = server.get(f"/api/rules/qr.svg?r={code}")
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
    assert r.text.lstrip().startswith("<?xml") or "<svg" in r.text[:200]
    bad = server.get("/api/rules/qr.svg?r=bm9wZQ&lang=de")
    assert bad.status_code == 400 and bad.json()["error"] == "der Link enthält kein Regelwerk"


def test_a_table_starts_with_the_built_rules(server: Server) -> None:
    answer = check(server, {"rules": HOUSE})
    r = server.post("/api/tables", {"name": "Anna", "seats": 2, "rules": answer["rules"]})
    assert r.status_code == 200, r.text
    rules = r.json()["table"]["rules"]
    assert (rules["jule"], rules["deckel_per_half"], rules["finale"]) == (True, 15, False)
    r = server.post(
        "/api/tables", {"name": "Ben", "seats": 2, "rules": "tsv99", "rules_toml": answer["toml"]}
    )
    assert r.status_code == 200, r.text
    assert r.json()["table"]["rules"]["deckel_per_half"] == 15


def test_a_clubs_own_rules_through_the_api(where: dict[str, Any], tmp_path: Path) -> None:
    with running(bot_delay=0.0, **where) as server:
        made = server.post("/api/clubs", {"name": "Stammtisch Krone"}).json()
        slug, session = made["club"]["slug"], made["session"]
        headers = {"x-club-session": session}
        got = httpx.get(f"{server.url}/api/clubs/{slug}/rules", headers=headers, timeout=10)
        assert got.json() == {"club": {"name": "Stammtisch Krone", "slug": slug}, "rules": None}
        # Nobody without the club's session reads or writes them.
        assert httpx.get(f"{server.url}/api/clubs/{slug}/rules", timeout=10).status_code == 403
        r = server.post(f"/api/clubs/{slug}/rules", {"rules": HOUSE})
        assert r.status_code == 403
        r = server.post(f"/api/clubs/{slug}/rules", {"session": session, "rules": HOUSE})
        assert r.status_code == 200, r.text
        kept = {
            "preset": "tsv99",
            "overrides": {"deckel_per_half": 15, "finale": False, "jule": True},
        }
        assert r.json()["done"] == kept and r.json()["rules"] == kept
        bad = {"preset": "tsv99", "overrides": {"finale": "no"}}
        r = server.post(f"/api/clubs/{slug}/rules", {"session": session, "rules": bad})
        assert r.status_code == 400
        assert r.json()["error"].startswith(
            "the club's rules: option 'finale' must be true or false"
        )
        got = httpx.get(f"{server.url}/api/clubs/{slug}/rules", headers=headers, timeout=10)
        assert got.json()["rules"] == kept
        export = httpx.get(f"{server.url}/api/clubs/{slug}/export", headers=headers, timeout=10)
        data = json.loads(export.text)
        assert data["rules"] == kept
        # The export comes back in as another club (renamed), its rules with it.
        data["club"]["name"] = "Krone II"
        r = httpx.post(
            f"{server.url}/api/clubs/import",
            content=json.dumps(data).encode(),
            headers={"content-type": "application/json"},
            timeout=30,
        )
        assert r.status_code == 200, r.text
        other = r.json()
        got = httpx.get(
            f"{server.url}/api/clubs/{other['club']['slug']}/rules",
            headers={"x-club-session": other["session"]},
            timeout=10,
        )
        assert got.json()["rules"] == kept
        r = server.post(f"/api/clubs/{slug}/rules", {"session": session, "remove": True})
        assert r.status_code == 200 and r.json()["rules"] is None


def test_a_table_with_refused_house_rules_is_answered_in_the_callers_language(
    server: Server,
) -> None:
    body = {"name": "Anna", "seats": 2, "rules_toml": 'preset = "tsv99"\njule = 7\n'}
    de = server.post("/api/tables?lang=de", body)
    assert de.status_code == 400
    assert de.json()["error"] == "Hausregeln: Option 'jule' muss true oder false sein, nicht 7"
    en = server.post("/api/tables", body)
    assert en.json()["error"] == "house rules: option 'jule' must be true or false, not 7"
    bad = {"name": "Anna", "seats": 2, "rules": {"preset": "kneipe"}}
    assert (
        server.post("/api/tables?lang=de", bad)
        .json()["error"]
        .startswith("rules: unbekanntes Regelwerk 'kneipe'")
    )
