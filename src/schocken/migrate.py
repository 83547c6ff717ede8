"""``schocken migrate``: a server's SQLite file moved up to PostgreSQL, everything of it.

A club's server that outgrows its SQLite file (docs/server.md, "Moving up") copies it, stopped,
into a PostgreSQL database:

    schocken migrate --from schocken-data --to postgresql://schocken@db.example/schocken

Both sides get this version's tables first (the source is brought up to date as ``schocken serve``
would; the target must hold nothing yet). Then every row of every table is copied in one
transaction (:func:`schocken.store.copy.copy_tables`): the tables and their steps, pub games,
the clubs' books with their sessions and entries, tournaments. And checked: each table's rows
are the same on both sides (one SHA-256 each), and the export of each club and each tournament
read from the target is the same as from the source, byte for byte. Anything wrong and the
target is left as it was; the source is never changed but for being brought up to date.

A refused migration writes nothing to its target: whether the target holds data (in any table,
a worker's too) or was written by a newer schocken is read, on a read-only connection, before
anything is made there (:func:`refuse_target`).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

from schocken.cli_words import Words
from schocken.errors import said
from schocken.store import Database, StoreError, is_url, open_database
from schocken.store.base import VERSIONS_TABLE
from schocken.store.copy import columns, copy_tables, source_tables, table_digest
from schocken.texts import refused

BOOKKEEPING = frozenset({VERSIONS_TABLE, "club_meta", "meta"})
"""Tables a new database has rows in as soon as it is opened (versions, when it was opened):
a target may hold those and still be empty."""


class MigrateError(StoreError):
    """The copy was not made (or not whole); the message says why. The target is as it was."""


@dataclass
class Migration:
    """What was copied and checked."""

    source: str
    target: str
    tables: list[tuple[str, int]] = field(default_factory=list)
    clubs: list[str] = field(default_factory=list)
    tournaments: list[str] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return sum(n for _, n in self.tables)


def source_file(given: str | Path) -> Path:
    """The SQLite file ``--from`` names: a data folder (its ``schocken.sqlite3``) or the file."""
    if is_url(given):
        raise refused(MigrateError, "migrate_refuse_from_url", given=given)
    path = Path(given)
    if path.is_dir():
        path = path / "schocken.sqlite3"
    if not path.is_file():
        raise refused(MigrateError, "migrate_refuse_no_file", path=path)
    return path


def prepare(where: str | Path) -> None:
    """Bring (or make) this version's tables of every part: the server's, the book's, the
    tournaments'. Opening each does it, as ``schocken serve`` does."""
    from schocken.errors import TournamentError
    from schocken.server.store import Store
    from schocken.server.store import StoreError as ServerStoreError
    from schocken.tournament import TournamentBook

    try:
        Store(where).close()
        TournamentBook(where).close()
    except (ServerStoreError, TournamentError) as exc:
        raise refused(MigrateError, "migrate_refuse_prepare", why=exc) from None


def _exports(where: str | Path) -> tuple[dict[str, str], dict[str, str]]:
    """The export of every club and every tournament kept in ``where``, by name."""
    from schocken.tournament import TournamentBook

    with TournamentBook(where) as book:
        clubs = {c["name"]: book.book.export_club(c["name"]) for c in book.book.clubs()}
        tournaments = {t["name"]: book.export(t["name"]) for t in book.tournaments()}
    return clubs, tournaments


def _newer(where: str, versions: dict[str, int]) -> MigrateError:
    parts = tuple(
        said("migrate_word_version", part=part, version=v) for part, v in sorted(versions.items())
    )
    return refused(MigrateError, "migrate_refuse_newer", where=where, versions=parts)


def _latest() -> dict[str, int]:
    """This version's schema version of every part kept in ``schema_versions``."""
    from schocken.server.store import MIGRATIONS, WORKER_MIGRATIONS
    from schocken.tournament.store import COMPONENT
    from schocken.tournament.store import MIGRATIONS as TOURNAMENT_MIGRATIONS

    return {
        "server": max(MIGRATIONS),
        "workers": max(WORKER_MIGRATIONS),
        COMPONENT: max(TOURNAMENT_MIGRATIONS),
    }


def refuse_target(target: str) -> None:
    """Refuse (:class:`MigrateError`) a target that holds data in any table but the
    bookkeeping, or whose tables a newer schocken wrote; read on a read-only connection, so that
    a refusal writes nothing there (not when it was opened, not this version's tables). A
    SQLite file that is not there yet holds nothing."""
    from schocken.club.values import SCHEMA_VERSION as CLUB_VERSION

    if is_url(target):
        db = open_database(target)  # only reads here: autocommit, nothing written
        where = db.where

        def rows(sql: str) -> list[tuple[object, ...]]:
            return [tuple(r) for r in db.execute(sql).fetchall()]

        close = db.close
        listing = (
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        )
    else:
        path = Path(target)
        if not path.exists():
            return
        where = str(path)
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            conn.execute("SELECT 1 FROM sqlite_master").fetchall()
        except sqlite3.Error as exc:
            raise refused(MigrateError, "migrate_refuse_read", where=where, why=exc) from None

        def rows(sql: str) -> list[tuple[object, ...]]:
            try:
                return [tuple(r) for r in conn.execute(sql).fetchall()]
            except sqlite3.Error as exc:
                raise refused(MigrateError, "migrate_refuse_read", where=where, why=exc) from None

        close = conn.close
        listing = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    try:
        tables = sorted(str(r[0]) for r in rows(listing))
        held = [t for t in tables if t not in BOOKKEEPING and rows(f'SELECT 1 FROM "{t}" LIMIT 1')]
        if held:
            raise refused(
                MigrateError, "migrate_refuse_not_empty", where=where, held=", ".join(held)
            )
        newer: dict[str, int] = {}
        latest = _latest()
        if VERSIONS_TABLE in tables:
            for part, version in rows(f"SELECT component, version FROM {VERSIONS_TABLE}"):
                if int(str(version)) > latest.get(str(part), int(str(version))):
                    newer[str(part)] = int(str(version))
        if "club_meta" in tables:
            for (value,) in rows("SELECT value FROM club_meta WHERE key = 'schema'"):
                if int(str(value)) > CLUB_VERSION:
                    newer["club"] = int(str(value))
        if newer:
            raise _newer(where, newer)
    finally:
        close()


def _holding(target: Database, tables: list[str]) -> list[str]:
    """The tables (but the bookkeeping) in which the target holds rows."""
    return [
        t
        for t in tables
        if t not in BOOKKEEPING and target.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone()
    ]


def migrate(source: str | Path, target: str) -> Migration:
    """Copy everything of the SQLite file (or data folder) ``source`` into the database
    ``target`` (a ``postgresql://`` URL, or another SQLite file), and check the copy."""
    path = source_file(source)
    if not is_url(target) and Path(target).resolve() == path.resolve():
        raise refused(MigrateError, "migrate_refuse_same")
    prepare(path)
    refuse_target(target)
    prepare(target)
    done = Migration(source=str(path), target="")
    src = open_database(path)
    try:
        dst = open_database(target)
        done.target = dst.where
        try:
            tables = source_tables(src)
            held = _holding(dst, tables)
            if held:
                raise refused(
                    MigrateError, "migrate_refuse_not_empty", where=dst.where, held=", ".join(held)
                )
            done.tables = copy_tables(src, dst)
            differ = [
                t for t in tables if table_digest(src, t) != table_digest(dst, t, columns(src, t))
            ]
            if differ:
                raise refused(MigrateError, "migrate_refuse_differs", tables=", ".join(differ))
        finally:
            dst.close()
    finally:
        src.close()
    clubs, tournaments = _exports(path)
    clubs_there, tournaments_there = _exports(target)
    if clubs != clubs_there or tournaments != tournaments_there:
        raise refused(MigrateError, "migrate_refuse_export_differs")
    done.clubs = sorted(clubs)
    done.tournaments = sorted(tournaments)
    return done


def cmd_migrate(args: argparse.Namespace) -> int:
    from schocken.cli_words import language
    from schocken.texts import refusal_text, t

    lang = language()
    try:
        done = migrate(args.source, args.target)
    except StoreError as exc:
        print(f"schocken migrate: {refusal_text(exc, lang)}", file=sys.stderr)
        return 1
    copied = t(
        "migrate_copied",
        lang,
        source=done.source,
        target=done.target,
        rows=done.rows,
        tables=len(done.tables),
    )
    print(copied)
    for table, count in done.tables:
        print(f"  {table}: {count}")
    print(t("migrate_checked", lang, clubs=len(done.clubs), tournaments=len(done.tournaments)))
    return 0


def add_migrate_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``schocken migrate``."""
    p = sub.add_parser(
        "migrate",
        help=Words("cli_help_migrate"),
        description=Words("cli_about_migrate"),
    )
    p.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="DATA",
        help=Words("cli_migrate_from"),
    )
    p.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="URL",
        help=Words("cli_migrate_to"),
    )
    p.set_defaults(func=cmd_migrate)
