"""The club's book under attack (issue 21), against a real server (tests/server_helpers.py): a
password's cost set by an import, a check that holds up other clubs, guesses sent at once, a wrong
key that is quicker for some clubs, a big import that holds up everything, formulas in CSV
exports, a full disk.

Some tests watch scrypt from inside the server: a prelude wraps ``hashlib.scrypt`` so that each
call writes its cost and thread to a file, and waits while a "hold" file exists (a check that
lasts as long as the test likes)."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import datetime
import io
import json
import re
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from schocken.club import CSV_KINDS, ClubBook
from server_helpers import GENEROUS, Client, Server, running, simple_choice, stored_change
from test_club import bot_record
from test_server_club import create, get, import_raw, post
from test_server_hardening import new_table, start, wait_for

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

OWN_COST = ["16384", "8", "1"]
"""scrypt's n, r and p of the book (schocken.club.SCRYPT_N, _R and _P)."""
REFUSED = "no such club, or the link or password does not fit"


def scrypt_prelude(folder: Path) -> str:
    """Python for the server's process: every scrypt call writes ``n r p thread`` to
    ``folder/scrypt.log``, then waits while ``folder/hold`` exists."""
    return f"""
import hashlib, os, threading, time
_scrypt = hashlib.scrypt
def _watched(password, *, salt, n, r, p, maxmem=0, dklen=64):
    with open({str(folder / "scrypt.log")!r}, "a") as log:
        log.write(f"{{n}} {{r}} {{p}} {{threading.current_thread().name}}\\n")
    while os.path.exists({str(folder / "hold")!r}):
        time.sleep(0.01)
    return _scrypt(password, salt=salt, n=n, r=r, p=p, maxmem=maxmem, dklen=dklen)
hashlib.scrypt = _watched
"""


def scrypt_calls(folder: Path) -> list[list[str]]:
    """The server's scrypt calls so far: n, r, p and the thread, of each."""
    log = folder / "scrypt.log"
    return [line.split() for line in log.read_text().splitlines()] if log.exists() else []


@contextlib.contextmanager
def held(folder: Path) -> Iterator[None]:
    """Every scrypt call of the server waits while this lasts."""
    hold = folder / "hold"
    hold.touch()
    try:
        yield
    finally:
        hold.unlink(missing_ok=True)


def guess(server: Server, slug: str, **key: str) -> httpx.Response:
    return server.post(f"/api/clubs/{slug}/session", key)


# ------------------------------------------------------------------ 1. the password's cost


def test_an_import_cannot_set_its_own_password_cost(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", prelude=scrypt_prelude(tmp_path)) as server:
        made = create(server, "Kegelclub", password="geheim123")
        slug = made["club"]["slug"]
        text = get(server, f"/api/clubs/{slug}/export", **{"x-club-session": made["session"]}).text
        data = json.loads(text)
        salt, digest = data["club"]["password_hash"].split("$")[4:]
        costly = f"scrypt$16384$8$999${salt}${digest}"  # one guess: about 55 s of scrypt
        data["club"].update(name="Teurer Club", password_hash=costly)
        refused = import_raw(server, json.dumps(data).encode())
        assert refused.status_code == 400, refused.text
        message = refused.json()["error"]
        assert message.startswith("'club.password_hash' is a scrypt hash of n=16384, r=8, p=999")
        assert "this book takes only its own (n=16384, r=8, p=1" in message
        assert "\n" not in message
        with ClubBook(server.where) as book:
            assert [c["slug"] for c in book.clubs()] == [slug]
        # A hash of another cost in the file already (as an older server imported it) is never
        # computed: a guess costs one scrypt at the book's own cost, and fits nothing.
        stored_change(
            server, "UPDATE club_clubs SET password_hash = ? WHERE slug = ?", (costly, slug)
        )
        before = len(scrypt_calls(tmp_path))
        assert guess(server, slug, password="geheim123").status_code == 403
        assert [call[:3] for call in scrypt_calls(tmp_path)[before:]] == [OWN_COST]


# ------------------------------------------------------------------ 2. guesses


def test_a_password_check_holds_up_no_other_club(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", prelude=scrypt_prelude(tmp_path)) as server:
        ours = create(server, "Unser Verein", password="geheim123")
        theirs = create(server, "Der andere Verein")
        answers: list[int] = []
        before = len(scrypt_calls(tmp_path))
        with held(tmp_path):
            guessing = threading.Thread(
                target=lambda: answers.append(
                    guess(server, ours["club"]["slug"], password="falsch123").status_code
                )
            )
            guessing.start()
            wait_for(lambda: len(scrypt_calls(tmp_path)) > before, "the guess is checked")
            # While the check goes on, another club's page is answered.
            page = httpx.get(
                f"{server.url}/api/clubs/{theirs['club']['slug']}",
                headers={"x-club-session": theirs["session"]},
                timeout=5,
            )
            assert page.status_code == 200 and guessing.is_alive()
        guessing.join(10)
        assert answers == [403]
        threads = {call[3] for call in scrypt_calls(tmp_path)[before:]}
        assert threads and all(t.startswith("schocken-club-check") for t in threads), threads


async def test_guesses_sent_at_once_are_counted_before_they_are_checked(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite3", prelude=scrypt_prelude(tmp_path)).start()
    try:
        slug = create(server, "Kegelclub", password="geheim123")["club"]["slug"]
        url = f"{server.url}/api/clubs/{slug}/session"
        before = len(scrypt_calls(tmp_path))
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
        async with httpx.AsyncClient(limits=limits, timeout=60) as http:
            with held(tmp_path):  # no check ends before every guess has come
                sent = [
                    asyncio.create_task(http.post(url, json={"password": f"falsch-{i:03d}"}))
                    for i in range(200)
                ]
                deadline = time.monotonic() + 20  # only against hanging
                while sum(t.done() for t in sent) < 185 and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
            answers = await asyncio.gather(*sent)
        statuses = Counter(r.status_code for r in answers)
        # Ten guesses are free, the eleventh starts a wait: the rest are refused unchecked.
        assert statuses[403] + statuses[429] == 200, statuses
        assert 11 <= statuses[403] <= 14 and statuses[429] >= 186, statuses
        assert len(scrypt_calls(tmp_path)[before:]) == statuses[403]
        refusal = next(r for r in answers if r.status_code == 429).json()["error"]
        assert re.fullmatch(
            r"too many wrong secrets or passwords for this club from your address; "
            r"try again in \d+ s",
            refusal,
        ), refusal
        # The club is not locked for its members elsewhere: from another address the right
        # password opens it at once.
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(transport=other, timeout=10) as member:
            opened = member.post(url, json={"password": "geheim123"})
        assert opened.status_code == 200, opened.text
    finally:
        server.stop()


def test_a_wrong_key_costs_one_scrypt_for_any_club_or_none(tmp_path: Path) -> None:
    # The same cost (one scrypt at the book's own cost: the same time) whether the club has a
    # password, has none, or does not exist: a guess learns nothing from how long it took.
    with running(tmp_path / "db.sqlite3", prelude=scrypt_prelude(tmp_path)) as server:
        with_password = create(server, "Mit Passwort", password="geheim123")["club"]["slug"]
        without = create(server, "Ohne Passwort")["club"]["slug"]
        for slug in (with_password, without, "gibt-es-nicht"):
            for key in ({"password": "falsch123"}, {"secret": "falsch"}):
                before = len(scrypt_calls(tmp_path))
                refused = guess(server, slug, **key)
                assert refused.status_code == 403 and refused.json()["error"] == REFUSED
                calls = [call[:3] for call in scrypt_calls(tmp_path)[before:]]
                assert calls == [OWN_COST], (slug, key, calls)


# ------------------------------------------------------------------ 3. imports


def small_export(name: str) -> dict[str, Any]:
    book = ClubBook(":memory:")
    book.create_club(name)
    book.add_member(name, "Anna")
    data: dict[str, Any] = json.loads(book.export_club(name))
    return data


def test_every_import_counts_against_the_limit_refused_ones_too(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", extra=(*GENEROUS, "--tables-per-minute", "3")) as server:
        good = small_export("Kegelclub")
        bad = json.loads(json.dumps(good))  # refused at its last line
        bad["log"].append({"at": "2026-11-20T20:00:00+00:00", "action": "Nope!", "detail": {}})
        for _ in range(3):
            refused = import_raw(server, json.dumps(bad).encode())
            assert refused.status_code == 400 and "'action' must be a word" in refused.text
        limited = import_raw(server, json.dumps(good).encode())
        assert limited.status_code == 429, limited.text
        assert limited.json()["error"].startswith("at most 3 new clubs a minute")
        with ClubBook(server.where) as book:
            assert book.clubs() == []


def big_export(games: int) -> str:
    """A valid export of a club with ``games`` game records (two players each)."""
    names = ["Anna", "Ben", "Cem", "Dora"]
    evenings = []
    for e in range(0, games, 8):
        played = []
        for n in range(min(8, games - e)):
            players = [names[(e + n) % 4], names[(e + n + 1) % 4]]
            record = json.loads(bot_record(players, e + n).to_json(indent=None))
            played.append(
                {
                    "number": n + 1,
                    "source": "pub",
                    "players": players,
                    "record": record,
                    "note": "",
                    "meta": {},
                    "void": None,
                }
            )
        day = (datetime.date(2000, 1, 4) + datetime.timedelta(days=e // 8 * 7)).isoformat()
        present = [m for m in names if any(m in g["players"] for g in played)]
        evenings.append({"date": day, "place": "", "note": "", "present": present, "games": played})
    club = small_export("Grosser Club")
    club["members"] = [{"name": m, "guest": False, "joined": None, "left": None} for m in names]
    club["evenings"] = evenings
    return json.dumps(club, indent=1)


def free_to_write(db: Path) -> bool:
    """Whether the file's write lock can be had at once (nobody holds it)."""
    conn = sqlite3.connect(db, timeout=0, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        conn.close()


async def one_step(players: list[Client]) -> bool:
    """The player whose turn it is acts, and everyone sees it; False once the game is over."""
    for player in players:
        state = player.state
        assert state is not None
        if state["view"]["loser"] is not None:
            return False
        action = simple_choice(state)
        if action is not None:
            step = state["step"]
            await player.act(action)
            for p in players:
                while p.state is None or p.state["step"] <= step:
                    await p.next_state()
            return True
    await players[0].next_state()
    return True


async def test_a_big_import_is_checked_while_other_clubs_and_tables_go_on(tmp_path: Path) -> None:
    text = big_export(1200).encode()
    server = Server(tmp_path / "db.sqlite3", seed=3).start()
    try:
        other = create(server, "Anderer Verein")
        table = new_table(server, ["Anna", "Ben", "Cem"])
        start(server, table)
        players = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        uploaded = threading.Event()

        def body() -> Iterator[bytes]:
            for i in range(0, len(text), 1 << 20):
                yield text[i : i + (1 << 20)]
            uploaded.set()

        importing = asyncio.create_task(
            asyncio.to_thread(
                httpx.post,
                f"{server.url}/api/clubs/import",
                content=body(),
                headers={"content-type": "application/json"},
                timeout=120,
            )
        )
        while not uploaded.is_set():
            await asyncio.sleep(0.01)
        # While the import is checked: another club's requests, the table's steps and any
        # writer of the file (it is not locked) go on.
        pages = steps = writes = 0
        playing = True
        async with httpx.AsyncClient(timeout=60) as http:
            while not importing.done():
                page = await http.get(
                    f"{server.url}/api/clubs/{other['club']['slug']}",
                    headers={"x-club-session": other["session"]},
                )
                assert page.status_code == 200, page.text
                pages += not importing.done()
                if playing:
                    playing = await one_step(players)
                    steps += playing and not importing.done()
                writes += free_to_write(server.db) and not importing.done()
                await asyncio.sleep(0.01)
        imported = importing.result()
        assert imported.status_code == 200, imported.text
        assert pages >= 3 and steps >= 3 and writes >= 1, (pages, steps, writes)
        for player in players:
            await player.close()
        with ClubBook(server.where) as book:
            assert len(book.games("grosser-club")) == 1200
    finally:
        server.stop()


# ------------------------------------------------------------------ 5. CSV


def formula_like(cell: str) -> bool:
    """A cell a spreadsheet takes for a formula (a plain number such as -350 is a number)."""
    plain_number = re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", cell) is not None
    return cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not plain_number


def test_no_csv_cell_begins_like_a_formula(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        made = create(server, "Krone")
        slug, session = made["club"]["slug"], made["session"]
        names = ["=1+1", "+1+1", "@SUM(1+1)", "-2+3", "Anna"]
        day = "2026-11-20"
        changes: list[tuple[str, dict[str, Any]]] = [("members", {"name": n}) for n in names]
        for what, body in (
            *changes,
            ("evenings", {"date": day, "place": '=HYPERLINK("x")', "note": "@x", "present": names}),
            ("prices", {"item": "game_lost", "cents": 350}),
            ("games", {"date": day, "loser": "=1+1", "note": "+note"}),
            ("payments", {"member": "+1+1", "cents": 100, "date": day, "note": "-1+1"}),
            ("charges", {"member": "@SUM(1+1)", "cents": -350, "reason": "=1+1", "date": day}),
            ("expenses", {"cents": 500, "purpose": "=cmd|' /C calc'!A0", "date": day}),
        ):
            answer = post(server, slug, what, session, **body)
            assert answer.status_code == 200, (what, answer.text)
        header = {"x-club-session": session}
        seen: set[str] = set()
        for kind in CSV_KINDS:
            sheet = get(server, f"/api/clubs/{slug}/csv/{kind}", **header)
            assert sheet.status_code == 200, sheet.text
            cells = [cell for row in csv.reader(io.StringIO(sheet.text)) for cell in row]
            assert not [c for c in cells if formula_like(c)], (kind, sheet.text)
            seen.update(cells)
        # What was written is still there, behind its quote; negative amounts stay numbers.
        assert {"'=1+1", "'+1+1", "'@SUM(1+1)", "'-2+3", "'=cmd|' /C calc'!A0"} <= seen
        assert {"-350", "-100"} <= seen


# ------------------------------------------------------------------ 7. a full disk

FULL_PRELUDE = """
import schocken.club as club
_init = club.ClubBook.__init__
def _capped(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    if self.path != ":memory:":  # the server's file may grow by a few pages, then it is full
        pages = self.db.execute("PRAGMA page_count").fetchone()[0]
        self.db.execute(f"PRAGMA max_page_count = {pages + 6}")
club.ClubBook.__init__ = _capped
"""
"""The server's file (SQLite's max_page_count) has room for a few pages more: then a write
fails with SQLITE_FULL, as on a full disk."""


@pytest.mark.sqlite_only  # a SQLite file on a full disk
def test_a_full_disk_answers_503_and_leaves_nothing_half_written(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", prelude=FULL_PRELUDE) as server:
        made = create(server, "Krone")
        slug, session = made["club"]["slug"], made["session"]
        header = {"x-club-session": session}
        assert post(server, slug, "members", session, name="Anna").status_code == 200
        for n in range(400):
            answer = post(
                server, slug, "charges", session, member="Anna", cents=1, reason=f"{n} {'x' * 190}"
            )
            if answer.status_code != 200:
                break
        assert answer.status_code == 503, answer.text
        message = answer.json()["error"]
        assert message == (
            "the club's book cannot be used: the disk is full (database or disk is full); "
            "nothing was changed"
        )
        # The refused charge is nowhere, not in the ledger, not in the log; the book still reads.
        lines = get(server, f"/api/clubs/{slug}/ledger?member=Anna", **header).json()["lines"]
        assert len(lines) == n and not [x for x in lines if x["text"].startswith(f"{n} ")]
        log = get(server, f"/api/clubs/{slug}/log", **header).json()
        assert sum(e["action"] == "charged" for e in log) == n
        assert get(server, f"/api/clubs/{slug}", **header).status_code == 200
