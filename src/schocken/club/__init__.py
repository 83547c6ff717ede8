"""The Schockbuch: a club's book of evenings, games, fines, payments and statistics.

A club has members; it meets on evenings (a date, a place, who came); every game of an evening
goes into the book, as a full game record (from pub mode or an online table: replayed and checked
by :func:`schocken.record.replay`) or as just its loser and who played. The club's price list
(dated: prices change over the years) turns what happened into fines; members pay into the
club's kitty, the kitty pays the club's expenses; a member's balance is what they owe.
Statistics per member and season are computed from the stored games.

Everything is kept in SQLite, in tables of their own (``club_`` prefix) in the same file as the
game server's tables by default. The schema is versioned; every change is one transaction (all of
it or none of it), with the write-ahead journal, so a process killed at any moment leaves every
committed change and nothing half-written. Every change also writes a line to the club's log.

Plain data in and out: names, ISO dates (``"2024-03-05"``), amounts in cents (whole numbers),
and results as JSON-able dicts (:class:`typing.TypedDict`), for the command line
(``schocken club``) and web pages alike. Bad input raises :class:`~schocken.errors.ClubError`
saying what was wrong, and changes nothing. Standard library only. See ``docs/club.md``.

>>> book = ClubBook(":memory:")
>>> info, secret = book.create_club("Stammtisch Krone")
>>> info["slug"]
'stammtisch-krone'
>>> for name in ("Anna", "Ben", "Cem"):
...     _ = book.add_member("Stammtisch Krone", name)
>>> _ = book.set_price("Stammtisch Krone", "game_lost", 100)
>>> _ = book.add_evening("Stammtisch Krone", "2024-03-05", place="Krone", present=["Anna", "Ben"])
>>> book.add_game("Stammtisch Krone", "2024-03-05", loser="Ben")["loser"]
'Ben'
>>> [(b["member"], b["balance"]) for b in book.balances("Stammtisch Krone")]
[('Anna', 0), ('Ben', 100), ('Cem', 0)]
"""

from __future__ import annotations

from schocken.club.access import (
    NO_ACCESS,
    USED_EVERY,
    hash_secret,
    verify_access,
    verify_secret,
)
from schocken.club.entries import (
    ENTRY_ID,
    Applied,
    _Entries,
    check_entry_id,
)
from schocken.club.evenings import (
    GameFacts,
    facts_of_loser,
    facts_of_record,
)
from schocken.club.exchange import (
    CSV_KINDS,
    CheckedImport,
    check_import,
)
from schocken.club.stats import (
    compute_stats,
)
from schocken.club.store import MIGRATIONS
from schocken.club.values import (
    DEFAULT_DB,
    HALVES,
    PRICE_ITEMS,
    SCHEMA_VERSION,
    SECTIONS,
    SESSION_DAYS,
    SOURCES,
    AccountInfo,
    BalanceInfo,
    ClubInfo,
    ClubStats,
    EveningInfo,
    ExpenseInfo,
    FineItemInfo,
    GameInfo,
    KittyInfo,
    LedgerLine,
    LogEntry,
    MemberInfo,
    MemberStats,
    PriceInfo,
    RenamedInfo,
    RulesInfo,
    SectionInfo,
    SessionInfo,
    TransferInfo,
    check_date,
    parse_amount,
    season_of,
    season_range,
    slug_of,
)


class ClubBook(_Entries):
    """The clubs kept in one database: a SQLite file (``":memory:"``: in memory, for tests) or a
    PostgreSQL database (a ``postgresql://`` URL), through :mod:`schocken.store`.

    One object, one connection: use it from one thread at a time (a server calls it from a
    thread of its own). Other processes may use the database at the same time; a write waits up
    to ``timeout`` seconds for another's lock.

    Each part of the book is a module of this package, one concern each: :mod:`.store` (the
    tables, transactions, finding things), :mod:`.access` (clubs, secrets, sessions),
    :mod:`.members`, :mod:`.evenings` (evenings and games), :mod:`.money` (prices, fines,
    payments, the ledger, the kitty), :mod:`.stats`, :mod:`.our_rules` (the club's own rules),
    :mod:`.exchange` (CSV, export, import), :mod:`.entries` (entries made on a phone, applied
    once by their id).
    """


__all__ = [
    "CSV_KINDS",
    "DEFAULT_DB",
    "ENTRY_ID",
    "HALVES",
    "MIGRATIONS",
    "NO_ACCESS",
    "PRICE_ITEMS",
    "SCHEMA_VERSION",
    "SECTIONS",
    "SESSION_DAYS",
    "SOURCES",
    "USED_EVERY",
    "AccountInfo",
    "Applied",
    "BalanceInfo",
    "CheckedImport",
    "ClubBook",
    "ClubInfo",
    "ClubStats",
    "EveningInfo",
    "ExpenseInfo",
    "FineItemInfo",
    "GameFacts",
    "GameInfo",
    "KittyInfo",
    "LedgerLine",
    "LogEntry",
    "MemberInfo",
    "MemberStats",
    "PriceInfo",
    "RenamedInfo",
    "RulesInfo",
    "SectionInfo",
    "SessionInfo",
    "TransferInfo",
    "check_date",
    "check_entry_id",
    "check_import",
    "compute_stats",
    "facts_of_loser",
    "facts_of_record",
    "hash_secret",
    "parse_amount",
    "season_of",
    "season_range",
    "slug_of",
    "verify_access",
    "verify_secret",
]
