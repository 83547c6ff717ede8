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
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from schocken.store import Database, StoreError, is_url, open_database
from schocken.store.base import VERSIONS_TABLE
from schocken.store.copy import columns, copy_tables, source_tables, table_digest

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
        raise MigrateError(
            f"--from is a server's data folder or SQLite file, not a database URL: {given}"
        )
    path = Path(given)
    if path.is_dir():
        path = path / "schocken.sqlite3"
    if not path.is_file():
        raise MigrateError(f"there is no SQLite file at {path}")
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
        raise MigrateError(str(exc)) from None


def _exports(where: str | Path) -> tuple[dict[str, str], dict[str, str]]:
    """The export of every club and every tournament kept in ``where``, by name."""
    from schocken.tournament import TournamentBook

    with TournamentBook(where) as book:
        clubs = {c["name"]: book.book.export_club(c["name"]) for c in book.book.clubs()}
        tournaments = {t["name"]: book.export(t["name"]) for t in book.tournaments()}
    return clubs, tournaments


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
        raise MigrateError("--from and --to are the same file")
    prepare(path)
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
                raise MigrateError(
                    f"{dst.where} holds data already (in {', '.join(held)}): schocken migrate "
                    "copies into an empty database; nothing was copied"
                )
            done.tables = copy_tables(src, dst)
            differ = [
                t for t in tables if table_digest(src, t) != table_digest(dst, t, columns(src, t))
            ]
            if differ:
                raise MigrateError(f"the copy differs in {', '.join(differ)}")
        finally:
            dst.close()
    finally:
        src.close()
    clubs, tournaments = _exports(path)
    clubs_there, tournaments_there = _exports(target)
    if clubs != clubs_there or tournaments != tournaments_there:
        raise MigrateError("an export of the copy differs from the original's")
    done.clubs = sorted(clubs)
    done.tournaments = sorted(tournaments)
    return done


def cmd_migrate(args: argparse.Namespace) -> int:
    try:
        done = migrate(args.source, args.target)
    except StoreError as exc:
        print(f"schocken migrate: {exc}", file=sys.stderr)
        return 1
    print(f"copied {done.source} to {done.target}: {done.rows} rows in {len(done.tables)} tables")
    for table, count in done.tables:
        print(f"  {table}: {count}")
    print(
        f"checked: every table's rows are the same on both sides, and the export of each of "
        f"{len(done.clubs)} clubs and {len(done.tournaments)} tournaments is the same byte for "
        "byte"
    )
    return 0


def add_migrate_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``schocken migrate``."""
    p = sub.add_parser(
        "migrate",
        help="copy a server's SQLite file into PostgreSQL (the server stopped)",
        description="Copy everything of a schocken server's SQLite file (tables, pub games, "
        "clubs with their sessions, tournaments) into an empty PostgreSQL database, and check "
        "the copy (docs/server.md).",
    )
    p.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="DATA",
        help="the server's data folder (its schocken.sqlite3) or SQLite file",
    )
    p.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="URL",
        help="the empty database: postgresql://user@host/db (or a new SQLite file)",
    )
    p.set_defaults(func=cmd_migrate)
