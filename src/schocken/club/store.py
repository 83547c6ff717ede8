"""Where the book is kept: its tables and their versions (migrations), one transaction per
change, and finding a club, member, evening or game by what names it (the base of the book)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

from schocken.club.values import (
    SCHEMA_VERSION,
    LogEntry,
    _now,
    _show,
    check_date,
    slug_of,
)
from schocken.errors import ClubError, ClubStoreError
from schocken.players import name_key
from schocken.store import Database, StoreConflictError, StoreError, open_database
from schocken.texts import refused, said

SCHEMA = """
CREATE TABLE club_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
CREATE TABLE club_clubs (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created TEXT NOT NULL,
    currency TEXT NOT NULL,
    season_start TEXT NOT NULL,
    secret_hash TEXT,
    password_hash TEXT
) STRICT;
CREATE TABLE club_members (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    guest INTEGER NOT NULL,
    joined TEXT,
    left_on TEXT,
    UNIQUE (club_id, key)
) STRICT;
CREATE TABLE club_evenings (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    date TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'evening',
    place TEXT NOT NULL,
    note TEXT NOT NULL,
    UNIQUE (club_id, date)
) STRICT;
CREATE TABLE club_present (
    evening_id INTEGER NOT NULL REFERENCES club_evenings(id),
    member_id INTEGER NOT NULL REFERENCES club_members(id),
    PRIMARY KEY (evening_id, member_id)
) STRICT;
CREATE TABLE club_games (
    id INTEGER PRIMARY KEY,
    evening_id INTEGER NOT NULL REFERENCES club_evenings(id),
    number INTEGER NOT NULL,
    source TEXT NOT NULL,
    record TEXT,
    record_sha TEXT,
    loser_id INTEGER NOT NULL REFERENCES club_members(id),
    note TEXT NOT NULL,
    meta TEXT NOT NULL,
    void TEXT,
    UNIQUE (evening_id, number)
) STRICT;
CREATE INDEX club_games_sha ON club_games(record_sha);
CREATE TABLE club_game_players (
    game_id INTEGER NOT NULL REFERENCES club_games(id),
    seat INTEGER NOT NULL,
    member_id INTEGER NOT NULL REFERENCES club_members(id),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, member_id)
) STRICT;
CREATE TABLE club_sections (
    game_id INTEGER NOT NULL REFERENCES club_games(id),
    idx INTEGER NOT NULL,
    section TEXT NOT NULL,
    loser_id INTEGER NOT NULL REFERENCES club_members(id),
    schock_aus INTEGER NOT NULL,
    given_by INTEGER REFERENCES club_members(id),
    PRIMARY KEY (game_id, idx)
) STRICT;
CREATE TABLE club_prices (
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    item TEXT NOT NULL,
    valid_from TEXT NOT NULL,
    cents INTEGER NOT NULL,
    PRIMARY KEY (club_id, item, valid_from)
) STRICT;
CREATE TABLE club_payments (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    member_id INTEGER NOT NULL REFERENCES club_members(id),
    date TEXT NOT NULL,
    cents INTEGER NOT NULL,
    note TEXT NOT NULL
) STRICT;
CREATE TABLE club_charges (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    member_id INTEGER NOT NULL REFERENCES club_members(id),
    date TEXT NOT NULL,
    cents INTEGER NOT NULL,
    reason TEXT NOT NULL
) STRICT;
CREATE TABLE club_log (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
) STRICT;
"""

SESSIONS_SCHEMA = """
CREATE TABLE club_sessions (
    token_hash TEXT PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    created INTEGER NOT NULL,
    expires INTEGER NOT NULL
) STRICT;
CREATE INDEX club_sessions_club ON club_sessions(club_id, created);
"""
"""Version 2: the sessions of the web pages (the SHA-256 of each token, never the token; times
in seconds since 1970, UTC)."""

EXPENSES_SCHEMA = """
CREATE TABLE club_expenses (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    date TEXT NOT NULL,
    cents INTEGER NOT NULL,
    purpose TEXT NOT NULL,
    paid_by INTEGER REFERENCES club_members(id)
) STRICT;
"""
"""Version 3: the club's expenses, paid out of the kitty (negative: a correction, money back into
the kitty); ``paid_by``: the member who paid it out, if known."""

VERSION_4_SCHEMA = """
ALTER TABLE club_sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE club_sessions ADD COLUMN used INTEGER NOT NULL DEFAULT 0;
CREATE TABLE club_fine_items (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    cents INTEGER NOT NULL,
    UNIQUE (club_id, key)
) STRICT;
"""
"""Version 4: which device a session is on (a short label made from its browser's name, such as
"Chrome on Android") and when it was last used, so a club's page can list its sessions and end
any one of them; and the club's own catalogue of fines ("Strafenkatalog": "Würfel vom Tisch",
"Spinksen"), each booked as a charge with its name as the reason."""

VERSION_5_SCHEMA = """
ALTER TABLE club_sessions ADD COLUMN made INTEGER NOT NULL DEFAULT 0;
"""
"""Version 5: the order in which sessions were made (of two made in the same second, the later
one is the newer), which SQLite knew by its hidden row number and other engines do not have."""

VERSION_6_SCHEMA = """
CREATE TABLE club_accounts (
    club_id INTEGER PRIMARY KEY REFERENCES club_clubs(id),
    iban TEXT NOT NULL,
    holder TEXT NOT NULL,
    bic TEXT NOT NULL
) STRICT;
"""
"""Version 6: the club's bank account, for members to pay by a QR code (a SEPA transfer)."""

VERSION_7_SCHEMA = """
ALTER TABLE club_clubs ADD COLUMN bot_seats TEXT NOT NULL DEFAULT 'not_counted';
ALTER TABLE club_members ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
"""
"""Version 7: what a bot's seat of an online table counts as (the club's setting,
:data:`~schocken.club.values.BOT_SEATS`), and the bots a game names that are no members (``bot``
1: a seat not counted; such a row is found by no member's name, is in no list of members, and
never owes anything)."""

VERSION_8_SCHEMA = """
CREATE TABLE club_entries (
    club_id INTEGER NOT NULL REFERENCES club_clubs(id),
    entry_id TEXT NOT NULL,
    what TEXT NOT NULL,
    applied TEXT NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (club_id, entry_id)
) STRICT;
"""
"""Version 8: the entries applied by their id (made on the phone that entered them, perhaps
without a signal): which change it was (``what``: the address it came to), when (UTC) and what
it answered (JSON), so the same entry sent again is answered alike and applied once
(:mod:`schocken.club.entries`)."""

VERSION_9_SCHEMA = """
CREATE TABLE club_rules (
    club_id INTEGER PRIMARY KEY REFERENCES club_clubs(id),
    rules TEXT NOT NULL
) STRICT;
"""
"""Version 9: the club's own rules ("our rules"), offered wherever its members start a game:
a rule set as JSON, ``{"preset": ..., "overrides": {...}}``."""

MIGRATIONS: dict[int, str] = {
    1: SCHEMA,
    2: SESSIONS_SCHEMA,
    3: EXPENSES_SCHEMA,
    4: VERSION_4_SCHEMA,
    5: VERSION_5_SCHEMA,
    6: VERSION_6_SCHEMA,
    7: VERSION_7_SCHEMA,
    8: VERSION_8_SCHEMA,
    9: VERSION_9_SCHEMA,
}
"""The script that brings the club tables from version ``n - 1`` to ``n`` (0: no tables)."""


class _Store:
    """The book's database and what every part of it uses."""

    def __init__(self, path: str | Path, *, timeout: float = 5.0) -> None:
        self.path = str(path)
        try:
            self.db: Database = open_database(path, timeout=timeout)
        except StoreError as exc:
            raise refused(ClubStoreError, "store_detail", detail=exc) from None
        try:
            self._migrate()
        except StoreError as exc:
            self.db.close()
            raise refused(
                ClubStoreError, "club_refuse_store_cannot_use", where=self.db.where, why=exc
            ) from None
        except ClubStoreError:
            self.db.close()
            raise

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transactions

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Database]:
        """One transaction: committed whole at the end, rolled back whole on any error; inside
        another, a part of that one. A database that cannot take it (a full disk, a lock another
        program holds too long) raises :class:`~schocken.errors.ClubStoreError`, and nothing
        was written."""
        try:
            with self.db.transaction():
                yield self.db
        except StoreConflictError:
            raise  # a rule of the tables: the part of the book that wrote it says what it means
        except StoreError as exc:
            raise refused(ClubStoreError, "club_refuse_store_unchanged", why=exc) from None

    def transaction(self) -> contextlib.AbstractContextManager[Database]:
        """Several changes as one transaction: all of them or none (a server makes a club and
        its first session so)."""
        return self._tx()

    def _version(self) -> int:
        """The version of the club tables (0: none yet). The club keeps its own in
        ``club_meta``, as it did before the storage interface."""
        if not self.db.has_table("club_meta"):
            return 0
        row = self.db.execute("SELECT value FROM club_meta WHERE key = 'schema'").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        """Bring the club tables to :data:`SCHEMA_VERSION` (a write only when they are older)."""
        if self._version() == SCHEMA_VERSION:
            return
        with self._tx() as db:
            version = self._version()
            if version > SCHEMA_VERSION:
                raise refused(
                    ClubStoreError,
                    "club_refuse_store_newer",
                    where=db.where,
                    version=version,
                    own=SCHEMA_VERSION,
                )
            for v in range(version + 1, SCHEMA_VERSION + 1):
                db.run_script(MIGRATIONS[v])
            if version < SCHEMA_VERSION:
                db.execute(
                    "INSERT INTO club_meta (key, value) VALUES ('schema', ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    (str(SCHEMA_VERSION),),
                )

    def _log(self, club_id: int, action: str, **detail: Any) -> None:
        self.db.execute(
            "INSERT INTO club_log (club_id, at, action, detail) VALUES (?, ?, ?, ?)",
            (club_id, _now(), action, json.dumps(detail, ensure_ascii=False, sort_keys=True)),
        )

    # ------------------------------------------------------------------ finding things

    def _club_row(self, club: str) -> tuple[Any, ...]:
        if not isinstance(club, str):
            raise refused(ClubError, "club_refuse_club_kind", value=_show(club))
        row = self.db.execute(
            "SELECT id, name, slug, created, currency, season_start, secret_hash, password_hash "
            "FROM club_clubs WHERE slug = ?",
            (slug_of(club),),
        ).fetchone()
        if row is None:
            raise refused(ClubError, "club_refuse_no_club", club=club)
        return tuple(row)

    def _club_id(self, club: str) -> int:
        return int(self._club_row(club)[0])

    def _season_start(self, club_id: int) -> str:
        row = self.db.execute(
            "SELECT season_start FROM club_clubs WHERE id = ?", (club_id,)
        ).fetchone()
        return str(row[0])

    def _member_id(self, club_id: int, name: object) -> int:
        if not isinstance(name, str):
            raise refused(ClubError, "club_refuse_member_kind", value=_show(name))
        row = self.db.execute(
            "SELECT id FROM club_members WHERE club_id = ? AND key = ? AND bot = 0",
            (club_id, name_key(name)),
        ).fetchone()
        if row is None:
            renamed = self._renamed(club_id).get(name_key(name))
            if renamed is not None:
                raise refused(ClubError, "club_refuse_member_renamed", name=name, now=renamed[1])
            raise refused(ClubError, "club_refuse_not_member", name=name)
        return int(row[0])

    def _renamed(self, club_id: int) -> dict[str, tuple[str, str]]:
        """The names members had before a rename (the log's ``member_renamed``) that no member
        has now, by their key: the old name as it was written and the name its member has now
        (after every later rename). A phone that was offline may still name a member by an old
        name."""
        now: dict[str, tuple[str, str]] = {}
        for (detail,) in self.db.execute(
            "SELECT detail FROM club_log WHERE club_id = ? AND action = 'member_renamed' "
            "ORDER BY id",
            (club_id,),
        ):
            d = json.loads(detail)
            old, new = str(d["name"]), str(d["new_name"])
            for k, (was, name) in now.items():
                if name_key(name) == name_key(old):
                    now[k] = (was, new)
            now[name_key(old)] = (old, new)
        members = {name_key(n): n for n in self._member_names(club_id).values()}
        return {
            k: (was, members[name_key(name)])
            for k, (was, name) in now.items()
            if k not in members and name_key(name) in members
        }

    def _member_names(self, club_id: int, *, with_bots: bool = False) -> dict[int, str]:
        """The members' names by id, in the order they were added (``with_bots``: and the bots
        games name that are no members)."""
        rows = self.db.execute(
            "SELECT id, name FROM club_members WHERE club_id = ? "
            + ("" if with_bots else "AND bot = 0 ")
            + "ORDER BY id",
            (club_id,),
        )
        return {int(r[0]): str(r[1]) for r in rows}

    def _bot_ids(self, club_id: int) -> set[int]:
        """The rows of bots that games name but that are no members (seats not counted)."""
        rows = self.db.execute(
            "SELECT id FROM club_members WHERE club_id = ? AND bot = 1", (club_id,)
        )
        return {int(r[0]) for r in rows}

    def _evening_id(self, club_id: int, day: str) -> int:
        check_date(day, said("club_what_evening_date"))
        row = self.db.execute(
            "SELECT id FROM club_evenings WHERE club_id = ? AND date = ?", (club_id, day)
        ).fetchone()
        if row is None:
            raise refused(ClubError, "club_refuse_no_evening", date=day)
        return int(row[0])

    def _game_id(self, club_id: int, day: str, number: object) -> int:
        evening = self._evening_id(club_id, day)
        if isinstance(number, bool) or not isinstance(number, int):
            raise refused(ClubError, "club_refuse_game_number", value=_show(number))
        row = self.db.execute(
            "SELECT id FROM club_games WHERE evening_id = ? AND number = ?", (evening, number)
        ).fetchone()
        if row is None:
            raise refused(ClubError, "club_refuse_no_game", date=day, number=number)
        return int(row[0])

    # ------------------------------------------------------------------ the log

    def log(self, club: str) -> list[LogEntry]:
        """Every change to the club, oldest first: when (UTC), what, the details."""
        cid = self._club_id(club)
        rows = self.db.execute(
            "SELECT at, action, detail FROM club_log WHERE club_id = ? ORDER BY id", (cid,)
        )
        return [{"at": r[0], "action": r[1], "detail": json.loads(r[2])} for r in rows]
