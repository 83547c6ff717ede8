"""Where tournaments are kept: their tables in the club's database (``tournament_`` prefix,
versioned by :meth:`~schocken.store.Database.migrate`), one transaction per change, and the
picture of a tournament (:class:`~schocken.tournament.values.Tournament`) read back from them.

A tournament of a club refers to the club's members (and guests) by name; its games also go
into the club's book, on the tournament's evening (kind ``tournament``), in the same
transaction. A tournament on its own keeps its own players.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

from schocken.club import ClubBook
from schocken.club.values import _now, _show, slug_of
from schocken.errors import ClubError, ClubStoreError, TournamentError
from schocken.players import name_key
from schocken.rules import rules_from_data
from schocken.store import Database, StoreConflictError, StoreError
from schocken.texts import refused
from schocken.tournament.formats import format_from_data
from schocken.tournament.results import result_from_data
from schocken.tournament.values import Entrant, Entry, Seating, Tournament

COMPONENT = "tournament"
"""The name of the tournament tables' version in the database."""

SCHEMA = """
CREATE TABLE tournament_tournaments (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    date TEXT NOT NULL,
    place TEXT NOT NULL,
    club TEXT,
    rules TEXT NOT NULL,
    format TEXT NOT NULL,
    seed TEXT NOT NULL,
    capacity INTEGER,
    created TEXT NOT NULL
) STRICT;
CREATE TABLE tournament_players (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament_tournaments(id),
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    team TEXT,
    from_round INTEGER NOT NULL,
    left_after INTEGER,
    UNIQUE (tournament_id, key),
    UNIQUE (tournament_id, number)
) STRICT;
CREATE TABLE tournament_seats (
    tournament_id INTEGER NOT NULL REFERENCES tournament_tournaments(id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES tournament_players(id),
    PRIMARY KEY (tournament_id, round, table_no, seat),
    UNIQUE (tournament_id, round, player_id)
) STRICT;
CREATE TABLE tournament_games (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament_tournaments(id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    number INTEGER NOT NULL,
    source TEXT NOT NULL,
    record TEXT,
    record_sha TEXT,
    result TEXT NOT NULL,
    club_game INTEGER,
    UNIQUE (tournament_id, round, table_no, number)
) STRICT;
CREATE INDEX tournament_games_sha ON tournament_games(record_sha);
CREATE TABLE tournament_log (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament_tournaments(id),
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
) STRICT;
"""

VIEWS_AND_TIMES = """
ALTER TABLE tournament_tournaments ADD COLUMN view_key TEXT;
ALTER TABLE tournament_games ADD COLUMN entered TEXT;
CREATE TABLE tournament_online (
    tournament_id INTEGER NOT NULL REFERENCES tournament_tournaments(id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    table_id TEXT NOT NULL,
    players TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, table_no)
) STRICT;
"""
"""Version 2: the key of a tournament's public views (the screen in the pub, the players'
phones, the print views; made when first asked for), when each game was entered (the screen
can hide the last minutes' results; games of version 1 and imported games have none and are
never hidden), and the online tables a round's tables are played at (the game server's table
and each player's link to their seat)."""

PUB_TABLES = """
ALTER TABLE tournament_online ADD COLUMN kind TEXT NOT NULL DEFAULT 'online';
ALTER TABLE tournament_online ADD COLUMN taken TEXT NOT NULL DEFAULT '[]';
"""
"""Version 3: a table of a round may be counted on one phone in pub mode (``kind`` ``pub``: its
``table_id`` is then the id of its first pub game, never a token); ``taken``: the ids of the pub
games (the first and the next ones played on the same phone) entered as the table's games, a
JSON list (each pub game counts once)."""

ONLINE_BOTS = """
ALTER TABLE tournament_online ADD COLUMN bots TEXT NOT NULL DEFAULT '[]';
"""
"""Version 4: the drawn players of an online table whose seat a bot plays by the organiser's
decision (a JSON list of names; their games count as theirs, docs/tournament.md)."""

MIGRATIONS: dict[int, str] = {1: SCHEMA, 2: VIEWS_AND_TIMES, 3: PUB_TABLES, 4: ONLINE_BOTS}
"""The script that brings the tournament tables from version ``n - 1`` to ``n``."""


class _Store:
    """The database (shared with the club's book, through one connection) and what every part
    of the tournaments uses."""

    def __init__(self, path: str | Path | ClubBook, *, timeout: float = 5.0) -> None:
        """On the database ``path``, or on the connection of a club's book (the server's: one
        thread uses both)."""
        try:
            self.book = path if isinstance(path, ClubBook) else ClubBook(path, timeout=timeout)
        except ClubStoreError as exc:
            raise refused(TournamentError, "tournament_refuse_store", why=exc) from None
        self.db: Database = self.book.db
        self._kept: dict[str, Tournament] | None = None
        self._changing = 0
        try:
            self.db.migrate(COMPONENT, MIGRATIONS)
        except StoreError as exc:
            if not isinstance(path, ClubBook):  # a book passed in stays its owner's, open
                self.book.close()
            raise refused(
                TournamentError, "tournament_refuse_store_use", where=self.db.where, why=exc
            ) from None

    def close(self) -> None:
        self.book.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Database]:
        """One transaction: all of it or nothing. A club's refusal inside it comes out as the
        tournament's."""
        self._changing += 1
        try:
            with self.db.transaction():
                yield self.db
        except ClubError as exc:
            raise refused(TournamentError, "tournament_refuse_club", why=exc) from None
        except StoreConflictError as exc:
            raise refused(TournamentError, "tournament_refuse_database", why=exc) from None
        except (StoreError, ClubStoreError) as exc:
            raise refused(TournamentError, "tournament_refuse_unchanged", why=exc) from None
        finally:
            self._changing -= 1
            if self._kept:
                self._kept.clear()

    @contextlib.contextmanager
    def one_read(self) -> Iterator[None]:
        """Within it, a tournament is read once however often its parts are asked for (the
        organiser's answer asks for players, rounds, games and the ranking); every change
        drops what was read, and inside a change it is read afresh."""
        self._kept = {}
        try:
            yield
        finally:
            self._kept = None

    def _log(self, tid: int, action: str, **detail: Any) -> None:
        self.db.execute(
            "INSERT INTO tournament_log (tournament_id, at, action, detail) VALUES (?, ?, ?, ?)",
            (tid, _now(), action, json.dumps(detail, ensure_ascii=False, sort_keys=True)),
        )

    # ------------------------------------------------------------------ finding things

    def _row(self, tournament: object) -> tuple[Any, ...]:
        if not isinstance(tournament, str):
            raise refused(TournamentError, "tournament_refuse_name_text", value=_show(tournament))
        row = self.db.execute(
            "SELECT id, slug, name, date, place, club, rules, format, seed, capacity, created "
            "FROM tournament_tournaments WHERE slug = ?",
            (slug_of(tournament),),
        ).fetchone()
        if row is None:
            raise refused(TournamentError, "tournament_refuse_unknown", name=tournament)
        return tuple(row)

    def _id(self, tournament: str) -> int:
        return int(self._row(tournament)[0])

    def version(self, tournament: str) -> int:
        """A number that grows with every change of the tournament: its log's last entry (every
        change writes one, in its transaction). The server's views are made once per
        version."""
        row = self.db.execute(
            "SELECT id FROM tournament_log WHERE tournament_id = ? ORDER BY id DESC LIMIT 1",
            (self._id(tournament),),
        ).fetchone()
        return 0 if row is None else int(row[0])

    def _player_id(self, tid: int, name: object) -> int:
        if not isinstance(name, str):
            raise refused(TournamentError, "tournament_refuse_player_text", value=_show(name))
        row = self.db.execute(
            "SELECT id FROM tournament_players WHERE tournament_id = ? AND key = ?",
            (tid, name_key(name)),
        ).fetchone()
        if row is None:
            raise refused(TournamentError, "tournament_refuse_not_registered", name=name)
        return int(row[0])

    def picture(self, tournament: str) -> Tournament:
        """The tournament as the draw and the ranking read it."""
        if self._kept is None or self._changing:
            return self._read_picture(tournament)
        key = slug_of(tournament) if isinstance(tournament, str) else ""
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = self._read_picture(tournament)
        return found

    def _read_picture(self, tournament: str) -> Tournament:
        row = self._row(tournament)
        tid = int(row[0])
        entrants = tuple(
            Entrant(r[1], r[2], int(r[0]), int(r[3]), None if r[4] is None else int(r[4]))
            for r in self.db.execute(
                "SELECT number, name, team, from_round, left_after FROM tournament_players "
                "WHERE tournament_id = ? ORDER BY number",
                (tid,),
            )
        )
        tables: dict[int, dict[int, list[str]]] = {}
        for rnd, table, name in self.db.execute(
            "SELECT s.round, s.table_no, p.name FROM tournament_seats s JOIN tournament_players p "
            "ON p.id = s.player_id WHERE s.tournament_id = ? ORDER BY s.round, s.table_no, s.seat",
            (tid,),
        ):
            tables.setdefault(int(rnd), {}).setdefault(int(table), []).append(str(name))
        rounds = tuple(
            Seating(n, tuple((k, tuple(v)) for k, v in sorted(tables[n].items())))
            for n in sorted(tables)
        )
        games = tuple(
            Entry(
                int(r[0]),
                int(r[1]),
                int(r[2]),
                str(r[3]),
                result_from_data(json.loads(r[5])),
                r[4],
                r[6],
            )
            for r in self.db.execute(
                "SELECT round, table_no, number, source, record, result, entered "
                "FROM tournament_games "
                "WHERE tournament_id = ? ORDER BY round, table_no, number",
                (tid,),
            )
        )
        return Tournament(
            name=str(row[2]),
            format=format_from_data(json.loads(row[7])),
            rules=rules_from_data(json.loads(row[6])),
            seed=str(row[8]),
            entrants=entrants,
            rounds=rounds,
            games=games,
        )

    def _write_seating(self, tid: int, seating: Seating, *, replace: bool = False) -> None:
        if replace:
            self.db.execute(
                "DELETE FROM tournament_seats WHERE tournament_id = ? AND round = ?",
                (tid, seating.number),
            )
        ids = {
            str(r[0]): int(r[1])
            for r in self.db.execute(
                "SELECT key, id FROM tournament_players WHERE tournament_id = ?", (tid,)
            ).fetchall()
        }
        rows = []
        for table, players in seating.tables:
            for seat, name in enumerate(players):
                pid = ids.get(name_key(name))
                if pid is None:
                    pid = self._player_id(tid, name)  # refused in words
                rows.append((tid, seating.number, table, seat, pid))
        self.db.executemany(
            "INSERT INTO tournament_seats (tournament_id, round, table_no, seat, "
            "player_id) VALUES (?, ?, ?, ?, ?)",
            rows,
        )
