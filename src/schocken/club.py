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

import contextlib
import csv
import hashlib
import hmac
import io
import json
import os
import re
import secrets
import sqlite3
import time
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, TypedDict

from schocken.errors import ClubAccessError, ClubError, ClubStoreError, RecordError
from schocken.events import RoundEnded, RoundKind, Section, SectionEnded
from schocken.intervals import wilson
from schocken.players import MAX_PLAYERS, MIN_PLAYERS, check_name, name_key
from schocken.record import GameRecord, parse_record, record_from_dict, replay

DEFAULT_DB = Path("schocken-data") / "schocken.sqlite3"
"""Where the book is kept by default: the game server's file (``schocken serve`` with its
default ``--data schocken-data``), relative to the working folder."""

SCHEMA_VERSION = 4
"""The version of the club tables this module reads and writes."""

EXPORT_FORMAT = "schocken-club"
EXPORT_VERSION = 1

PRICE_ITEMS: dict[str, str] = {
    "game_lost": "each game lost",
    "half_lost": "each half lost (first, second or extra half; the Finale is the game)",
    "schock_aus_taken": "each Schock-Aus received (a half or Finale lost to a Schock-Aus)",
    "schock_aus_given": "each Schock-Aus thrown that ended a half or Finale (known from a game's "
    "record; a game entered by its loser has none)",
    "blattschuss": "on top of game_lost: a game lost by losing both halves",
    "attended": "each evening a member came to (a fee for the evening)",
    "absent": "each evening a member (not a guest) missed",
}
"""What the club's price list can put a price on, and what each item counts."""

SOURCES = ("pub", "online", "loser")
"""Where a game came from: a record from pub mode or from an online table, or just its loser."""

SECTIONS = tuple(s.value for s in Section)
HALVES = (Section.FIRST_HALF.value, Section.SECOND_HALF.value, Section.EXTRA_HALF.value)
"""The sections that are halves: each one lost is a half lost (``more_halves`` plays extra ones)."""
CSV_SECTIONS = (Section.FIRST_HALF.value, Section.SECOND_HALF.value, Section.FINALE.value)
"""The sections with a column of their own in the games' CSV (extra halves share one)."""

MAX_TEXT = 200
"""A place, a note or a reason has at most this many characters."""
MAX_CENTS = 10_000_000
"""An amount is at most 100,000 (in cents: 10,000,000)."""
MIN_PASSWORD = 8
"""A club's password has at least this many characters."""

SESSION_DAYS = 30
"""A session (a browser's key to a club, given for its secret or password) lasts this many days
from when it was made or last renewed; one used with less than half its time left is renewed."""
MAX_SESSIONS = 1000
"""Sessions a club keeps at most (beyond them, the oldest end)."""
MAX_TOKEN = 100
"""A session token has at most this many characters (longer ones are not looked up)."""
MAX_FINE_NAME = 60
"""A fine of the club's catalogue has a name of at most this many characters."""
MAX_FINE_COUNT = 99
"""A fine is booked at most this many times at once."""
MAX_DEVICE = 60
"""A session's device label is cut to this many characters."""
SESSION_ID = 12
"""A session's id on the page: this many hex digits of its token's hash."""
USED_EVERY = 3600
"""A session's "last used" is written at most this often (seconds): a page's requests do not
each write the file."""

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
"""scrypt's cost (about 16 MiB and 50 ms a check): the secret and password hashes. Only hashes
of this cost are kept or checked (an import with another is refused)."""
SALT_BYTES, DIGEST_BYTES = 16, 32
"""A hash's random salt and its length."""
NO_ACCESS = "no such club, or the link or password does not fit"
"""What a wrong secret or password is told: the same whether the club exists or not."""

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

MIGRATIONS: dict[int, str] = {
    1: SCHEMA,
    2: SESSIONS_SCHEMA,
    3: EXPENSES_SCHEMA,
    4: VERSION_4_SCHEMA,
}
"""The script that brings the club tables from version ``n - 1`` to ``n`` (0: no tables)."""


# ---------------------------------------------------------------------- what comes out


class ClubInfo(TypedDict):
    name: str
    slug: str
    created: str
    currency: str
    season_start: str
    has_secret: bool
    has_password: bool


class MemberInfo(TypedDict):
    name: str
    guest: bool
    joined: str | None
    left: str | None


class EveningInfo(TypedDict):
    date: str
    place: str
    note: str
    present: list[str]
    games: int


class SectionInfo(TypedDict):
    section: str
    loser: str
    schock_aus: bool
    given_by: str | None


class GameInfo(TypedDict):
    date: str
    number: int
    source: str
    players: list[str]
    loser: str
    sections: list[SectionInfo]
    blattschuss: bool | None
    note: str
    void: str | None


class PriceInfo(TypedDict):
    item: str
    valid_from: str | None
    cents: int


class LedgerLine(TypedDict):
    date: str
    member: str
    item: str
    """A price item, ``"charge"`` (a fine or correction by hand) or ``"payment"``."""
    count: int
    cents: int
    """What the line adds to the member's debt: a payment is negative."""
    game: int | None
    """The game's number in the evening, for a fine from a game."""
    text: str
    """The reason of a charge, the note of a payment ("" otherwise)."""


class BalanceInfo(TypedDict):
    member: str
    charged: int
    paid: int
    balance: int
    """Charged less paid: what the member owes (negative: in credit)."""


class ExpenseInfo(TypedDict):
    date: str
    cents: int
    """Paid out of the kitty (negative: a correction, money back into the kitty)."""
    purpose: str
    """What it was for: "Weihnachtsessen", "a round of Schnaps"."""
    paid_by: str | None
    """The member who paid it out, if known."""


class KittyInfo(TypedDict):
    paid_in: int
    """Every payment of the members (less what was paid back)."""
    paid_out: int
    """Every expense (less the corrections)."""
    balance: int
    """``paid_in - paid_out``: what is in the kitty (negative: someone advanced it)."""
    owed: int
    """What members owe (their fines and charges not paid yet): owed to the kitty, not in it."""
    credit: int
    """What members paid ahead of their fines: in the kitty (in ``balance``), owed back to them
    as fines to come."""


class SessionInfo(TypedDict):
    id: str
    """A short name of the session for the page (the start of its token's hash: it opens
    nothing)."""
    device: str
    created: str
    used: str
    expires: str
    current: bool
    """Whether it is the session that asked."""


class FineItemInfo(TypedDict):
    name: str
    cents: int


class LogEntry(TypedDict):
    at: str
    action: str
    detail: dict[str, Any]


class MemberStats(TypedDict):
    name: str
    guest: bool
    evenings: int
    games: int
    games_lost: int
    games_lost_share: float | None
    games_lost_ci95: list[float]
    games_lost_expected: float
    """The games a member would lose by chance alone: the sum of 1/players over their games."""
    halves: int
    halves_lost: int
    halves_lost_share: float | None
    halves_lost_ci95: list[float]
    finales: int
    finales_lost: int
    blattschuss: int
    schock_aus_given: int
    schock_aus_taken: int
    longest_losing_streak: int
    longest_unbeaten_streak: int
    current_streak: int
    """Games in a row up to the last one: unbeaten (positive) or lost (negative)."""


class ClubStats(TypedDict):
    club: str
    season: str | None
    evenings: int
    games: int
    games_with_halves: int
    members: list[MemberStats]
    loses_to: dict[str, dict[str, int]]
    """``loses_to[a][b]``: games that ``a`` lost with ``b`` at the table."""
    played_with: dict[str, dict[str, int]]
    """``played_with[a][b]``: games ``a`` and ``b`` played together."""
    schock_aus_to: dict[str, dict[str, int]]
    """``schock_aus_to[a][b]``: Schock-Aus that ``a`` threw and ``b`` received."""


# ---------------------------------------------------------------------- checks of plain values

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
_MONTH_DAY = re.compile(r"(\d{2})-(\d{2})\Z")
_SEASON = re.compile(r"(\d{4})(?:/(\d{2}))?\Z")
_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "o"})


def check_date(value: object, what: str = "a date") -> str:
    """A date as ``YYYY-MM-DD``, checked (a real day)."""
    if not isinstance(value, str) or not _DATE.match(value):
        raise ClubError(f"{what} is written YYYY-MM-DD, like 2024-03-05, not {_show(value)}")
    try:
        date.fromisoformat(value)
    except ValueError:
        raise ClubError(f"{what}: there is no day {value}") from None
    return value


def today() -> str:
    return date.today().isoformat()


def check_text(value: object, what: str, *, required: bool = False) -> str:
    """A place, note or reason: text without control characters, at most :data:`MAX_TEXT`
    characters, runs of white space made one."""
    if not isinstance(value, str):
        raise ClubError(f"{what} is a text, not {_show(value)}")
    for ch in value:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs") and ch not in "\t\n\r":
            raise ClubError(f"{what} has a control character (U+{ord(ch):04X})")
    text = " ".join(value.split())
    if required and not text:
        raise ClubError(f"{what} must be given (it is blank)")
    if len(text) > MAX_TEXT:
        raise ClubError(f"{what} has at most {MAX_TEXT} characters, not {len(text)}")
    return text


def check_cents(value: object, what: str, *, negative: bool = False, zero: bool = True) -> int:
    """An amount in cents: a whole number, at most :data:`MAX_CENTS` either way."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClubError(f"{what} is a whole number of cents, not {_show(value)}")
    if not negative and value < 0:
        raise ClubError(f"{what} cannot be negative ({value} cents)")
    if not zero and value == 0:
        raise ClubError(f"{what} cannot be 0")
    if abs(value) > MAX_CENTS:
        raise ClubError(f"{what} is at most {MAX_CENTS // 100} (in cents {MAX_CENTS}), not {value}")
    return value


def check_password(value: object) -> str:
    """A club's password: a text of :data:`MIN_PASSWORD` to 1024 characters."""
    if not isinstance(value, str) or len(value) < MIN_PASSWORD:
        raise ClubError(f"a club's password has at least {MIN_PASSWORD} characters")
    if len(value) > 1024:
        raise ClubError("a club's password has at most 1024 characters")
    return value


def parse_amount(text: str) -> int:
    """An amount as people write it, in cents: ``"2,50"``, ``"2.50"``, ``"3"``, ``"-1,20"``.

    >>> parse_amount("2,50"), parse_amount("3"), parse_amount("-0.5")
    (250, 300, -50)
    """
    m = re.fullmatch(r"\s*([+-]?)(\d{1,9})(?:[.,](\d{1,2}))?\s*(?:€|EUR)?\s*", text)
    if not m:
        raise ClubError(
            f"an amount is written like 2,50 or 2.50 (at most two decimals), not {text!r}"
        )
    cents = int(m.group(2)) * 100 + int((m.group(3) or "0").ljust(2, "0"))
    return -cents if m.group(1) == "-" else cents


def slug_of(name: str) -> str:
    """A club's name as it appears in a web address: lower case, a-z, 0-9 and hyphens.

    >>> slug_of("Stammtisch 'Zur Krone' Köln")
    'stammtisch-zur-krone-koeln'
    """
    text = unicodedata.normalize("NFKC", name).casefold().translate(_TRANSLIT)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def check_season_start(value: object) -> str:
    """The day a club's season begins, ``MM-DD`` (``01-01``: seasons are calendar years)."""
    m = _MONTH_DAY.match(value) if isinstance(value, str) else None
    if not m:
        raise ClubError(f"a season starts on a day written MM-DD, like 09-01, not {_show(value)}")
    try:
        date(2000, int(m.group(1)), int(m.group(2)))  # a leap year: 02-29 passes here
    except ValueError:
        raise ClubError(f"a season cannot start on {value}: no such day") from None
    if value == "02-29":
        raise ClubError("a season cannot start on 02-29: not every year has it")
    assert isinstance(value, str)
    return value


def season_of(day: str, start: str = "01-01") -> str:
    """The season a day belongs to: ``"2024"`` for calendar years, ``"2024/25"`` otherwise.

    >>> season_of("2024-03-05"), season_of("2024-03-05", "09-01"), season_of("2024-10-01", "09-01")
    ('2024', '2023/24', '2024/25')
    """
    year = int(day[:4])
    if start == "01-01":
        return str(year)
    first = year if day[5:] >= start else year - 1
    return f"{first}/{(first + 1) % 100:02d}"


def season_range(label: str, start: str = "01-01") -> tuple[str, str]:
    """The first day of a season and the first day after it."""
    m = _SEASON.match(label)
    calendar = start == "01-01"
    if not m or (calendar and m.group(2)) or (not calendar and not m.group(2)):
        example = "2024" if calendar else "2024/25"
        raise ClubError(f"a season of this club is written like {example}, not {label!r}")
    first = int(m.group(1))
    if m.group(2) and int(m.group(2)) != (first + 1) % 100:
        raise ClubError(f"the season {label!r} does not exist: after {first} comes {first + 1}")
    return f"{first:04d}-{start}", f"{first + 1:04d}-{start}"


def _show(value: object) -> str:
    """A value in a message, cut short."""
    text = repr(value)
    return text if len(text) <= 50 else text[:50] + "…"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _session_info(row: tuple[Any, ...], *, current: bool) -> SessionInfo:
    """A session as the page lists it, from its row (token_hash, device, created, used,
    expires)."""
    key, device, created, used, expires = row
    return SessionInfo(
        id=key[:SESSION_ID],
        device=device,
        created=_when(created),
        used=_when(max(used, created)),
        expires=_when(expires),
        current=current,
    )


def _when(seconds: int) -> str:
    """A time kept in seconds since 1970, as the book writes times (ISO, UTC)."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


# ---------------------------------------------------------------------- secrets


def hash_secret(secret: str) -> str:
    """A salted scrypt hash of a secret or password, with its parameters, as one text."""
    salt = os.urandom(SALT_BYTES)
    digest = hashlib.scrypt(
        secret.encode("utf-8", "surrogatepass"),
        salt=salt,
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=DIGEST_BYTES,
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def _token_hash(token: str) -> str:
    """What is kept of a session token: its SHA-256 (a token is random, 144 bits)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_OWN_HASH = re.compile(
    rf"scrypt\${SCRYPT_N}\${SCRYPT_R}\${SCRYPT_P}\$[0-9a-f]{{{2 * SALT_BYTES}}}"
    rf"\$[0-9a-f]{{{2 * DIGEST_BYTES}}}"
)
"""A hash as :func:`hash_secret` writes it: the book's own cost, salt and length."""
_DUMMY_HASH = f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${'00' * SALT_BYTES}${'00' * DIGEST_BYTES}"


def verify_secret(secret: str, stored: str | None) -> bool:
    """Whether ``secret`` fits the hash ``stored``. Always one scrypt at the book's own cost,
    whatever is stored: nothing, or a hash of other parameters (never computed: its figures
    could make one check take minutes), is checked against a dummy hash and fits nothing, in the
    time a real check takes."""
    own = stored is not None and _OWN_HASH.fullmatch(stored) is not None
    _, _, _, _, salt, digest = (stored if own and stored else _DUMMY_HASH).split("$")
    got = hashlib.scrypt(
        secret.encode("utf-8", "surrogatepass"),
        salt=bytes.fromhex(salt),
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=DIGEST_BYTES,
    )
    return hmac.compare_digest(got, bytes.fromhex(digest)) and own


def verify_access(
    secret: object, password: object, secret_hash: str | None, password_hash: str | None
) -> bool:
    """Whether ``secret`` fits ``secret_hash`` or ``password`` fits ``password_hash`` (the
    hashes of :meth:`ClubBook.access_hashes`). One scrypt for each key given (a text, not
    empty) whatever is stored, so that a wrong key takes as long for a club with a password, a
    club without one and a club that does not exist. Needs no book: a server runs it in
    threads of their own."""
    ok = False
    if isinstance(secret, str) and secret:
        ok = verify_secret(secret, secret_hash)
    if isinstance(password, str) and password:
        ok = verify_secret(password, password_hash) or ok
    return ok


def _check_hash(value: object, what: str) -> str | None:
    """A stored hash read from an export: ``None`` or ``scrypt$n$r$p$salt$digest`` of the book's
    own cost (:data:`SCRYPT_N`, :data:`SCRYPT_R`, :data:`SCRYPT_P`): a hash is a cost too, paid
    at every guess, and an export does not set it."""
    if value is None:
        return None
    found = isinstance(value, str) and re.fullmatch(
        r"scrypt\$(\d{1,12})\$(\d{1,12})\$(\d{1,12})\$[0-9a-f]{2,256}\$[0-9a-f]{2,256}", value
    )
    if not found:
        raise ClubError(f"{what} is not a scrypt hash as this book writes them")
    assert isinstance(value, str)
    if not _OWN_HASH.fullmatch(value):
        n, r, p = found.groups()
        raise ClubError(
            f"{what} is a scrypt hash of n={n}, r={r}, p={p}; this book takes only its own "
            f"(n={SCRYPT_N}, r={SCRYPT_R}, p={SCRYPT_P}, a {SALT_BYTES}-byte salt, a "
            f"{DIGEST_BYTES}-byte hash)"
        )
    return value


# ---------------------------------------------------------------------- a game as facts


@dataclass(frozen=True, slots=True)
class _Section:
    section: str
    loser: int
    """A seat of the game."""
    schock_aus: bool
    given_by: int | None


@dataclass(frozen=True, slots=True)
class _Line:
    """A line of the accounts (see :class:`LedgerLine`), with the member's id."""

    member: int
    date: str
    item: str
    count: int
    cents: int
    game: int | None
    text: str


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the book keeps of a game besides its record: seats, loser, sections."""

    players: tuple[str, ...]
    loser: int
    sections: tuple[_Section, ...] = field(default=())

    @property
    def blattschuss(self) -> bool | None:
        halves = [s.loser for s in self.sections if s.section in HALVES]
        if len(halves) < 2:
            return None
        return halves[0] == halves[1]


def facts_of_record(record: GameRecord) -> GameFacts:
    """Replay a record and read what the book keeps of it; refuse a bad or unfinished one."""
    try:
        game = replay(record)
    except RecordError as exc:
        raise ClubError(f"the record is refused: {exc}") from None
    if game.loser is None:
        raise ClubError(
            "the record's game is not finished; a game stopped early goes into the book as just "
            "its loser"
        )
    sections: list[_Section] = []
    giver: int | None = None
    for e in game.events:
        if isinstance(e, RoundEnded) and e.deckel is None and e.kind is not RoundKind.STECHEN:
            giver = e.best  # a Schock-Aus: in a round for Deckel, or as an opening throw
        elif isinstance(e, SectionEnded):
            sections.append(
                _Section(e.section.value, e.loser, e.schock_aus, giver if e.schock_aus else None)
            )
            giver = None
    return GameFacts(game.players, game.loser, tuple(sections))


def facts_of_loser(
    players: Sequence[str], loser: str, halves: Sequence[str] = (), schock_aus: Sequence[str] = ()
) -> GameFacts:
    """A game entered by hand: who played, who lost, and (if known) who lost each half and
    which halves (or the Finale) ended by Schock-Aus."""
    seats = _seats_of(players)
    if loser not in seats:
        raise ClubError(f"the loser {loser!r} is not among the players ({', '.join(players)})")
    if len(halves) > 2:
        raise ClubError(f"a game has two halves, not {len(halves)}: {', '.join(halves)}")
    for h in halves:
        if h not in seats:
            raise ClubError(f"the half's loser {h!r} is not among the players")
    unknown = [s for s in schock_aus if s not in SECTIONS]
    if unknown:
        raise ClubError(f"no section {unknown[0]!r}; the sections are {', '.join(SECTIONS)}")
    if schock_aus and not halves:
        raise ClubError("a Schock-Aus goes with the half it ended: name the halves' losers too")
    sections = [
        _Section(sec, seats[h], sec in schock_aus, None)
        for sec, h in zip(HALVES, halves, strict=False)
    ]
    if len(halves) == 1 and halves[0] != loser:
        raise ClubError(
            f"with one half the game is that half: its loser {halves[0]!r} lost the game"
        )
    if len(halves) == 2:
        if halves[0] == halves[1] and loser != halves[0]:
            raise ClubError(f"{halves[0]!r} lost both halves and with them the game (Blattschuss)")
        if halves[0] != halves[1]:
            if loser not in halves:
                raise ClubError(
                    f"the Finale is played by the halves' losers ({halves[0]!r} and "
                    f"{halves[1]!r}): one of them loses the game, not {loser!r}"
                )
            sections.append(_Section("finale", seats[loser], "finale" in schock_aus, None))
    named = {s.section for s in sections}
    missing = [s for s in schock_aus if s not in named]
    if missing:
        word = "Finale" if missing[0] == "finale" else missing[0].replace("_", " ")
        raise ClubError(f"a Schock-Aus in the {word}, which was not played")
    return GameFacts(tuple(players), seats[loser], tuple(sections))


def _seats_of(players: Sequence[str]) -> dict[str, int]:
    if isinstance(players, str) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ClubError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    seats: dict[str, int] = {}
    for i, p in enumerate(players):
        if p in seats:
            raise ClubError(f"{p!r} is named twice among the players")
        seats[p] = i
    return seats


# ---------------------------------------------------------------------- the book


class ClubBook:
    """The clubs kept in one SQLite file (``":memory:"``: in memory, for tests).

    One object, one connection: use it from one thread at a time (a server calls it from its
    writer thread). Other processes may use the file at the same time; a write waits up to
    ``timeout`` seconds for another's lock.
    """

    def __init__(self, path: str | Path, *, timeout: float = 5.0) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=timeout)
        except sqlite3.Error as exc:
            raise ClubStoreError(f"cannot open {self.path}: {exc}") from None
        self.db = db
        try:
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            self._migrate()
        except sqlite3.Error as exc:
            db.close()
            raise ClubStoreError(f"cannot use {self.path}: {_why(exc)}") from None
        except ClubStoreError:
            db.close()
            raise

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ClubBook:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transactions

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole at the end, rolled back whole on any error; inside
        another, a part of that one. A file that cannot take it (a full disk, a lock another
        program holds too long) raises :class:`~schocken.errors.ClubStoreError`, and nothing
        was written."""
        db = self.db
        if db.in_transaction:
            yield db
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as exc:
            if type(exc) is not sqlite3.DatabaseError and not isinstance(
                exc, sqlite3.OperationalError
            ):
                raise  # a constraint or a mistake of this module's, not the file's state
            raise ClubStoreError(f"{_why(exc)}; nothing was changed") from None

    def transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """Several changes as one transaction: all of them or none (a server makes a club and
        its first session so)."""
        return self._tx()

    def _version(self) -> int:
        """The version of the club tables in the file (0: none yet)."""
        db = self.db
        have = db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'club_meta'"
        ).fetchone()
        if not have:
            return 0
        row = db.execute("SELECT value FROM club_meta WHERE key = 'schema'").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        """Bring the club tables to :data:`SCHEMA_VERSION` (a write only when they are older)."""
        if self._version() == SCHEMA_VERSION:
            return
        with self._tx() as db:
            version = self._version()
            if version > SCHEMA_VERSION:
                raise ClubStoreError(
                    f"the club tables in {self.path} are of version {version}, written by a newer "
                    f"schocken; this one reads version {SCHEMA_VERSION}"
                )
            for v in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[v].split(";"):
                    if statement.strip():
                        db.execute(statement)
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
            raise ClubError(f"a club is named by a text, not {_show(club)}")
        row = self.db.execute(
            "SELECT id, name, slug, created, currency, season_start, secret_hash, password_hash "
            "FROM club_clubs WHERE slug = ?",
            (slug_of(club),),
        ).fetchone()
        if row is None:
            raise ClubError(f"there is no club {club!r} in this book")
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
            raise ClubError(f"a member is named by a text, not {_show(name)}")
        row = self.db.execute(
            "SELECT id FROM club_members WHERE club_id = ? AND key = ?", (club_id, name_key(name))
        ).fetchone()
        if row is None:
            raise ClubError(f"{name!r} is not a member of the club (add them first)")
        return int(row[0])

    def _member_names(self, club_id: int) -> dict[int, str]:
        rows = self.db.execute(
            "SELECT id, name FROM club_members WHERE club_id = ? ORDER BY id", (club_id,)
        )
        return {int(r[0]): str(r[1]) for r in rows}

    def _evening_id(self, club_id: int, day: str) -> int:
        check_date(day, "the evening's date")
        row = self.db.execute(
            "SELECT id FROM club_evenings WHERE club_id = ? AND date = ?", (club_id, day)
        ).fetchone()
        if row is None:
            raise ClubError(f"the club has no evening on {day} (add the evening first)")
        return int(row[0])

    def _game_id(self, club_id: int, day: str, number: object) -> int:
        evening = self._evening_id(club_id, day)
        if isinstance(number, bool) or not isinstance(number, int):
            raise ClubError(f"a game is found by its number in the evening, not {_show(number)}")
        row = self.db.execute(
            "SELECT id FROM club_games WHERE evening_id = ? AND number = ?", (evening, number)
        ).fetchone()
        if row is None:
            raise ClubError(f"the evening of {day} has no game {number}")
        return int(row[0])

    # ------------------------------------------------------------------ clubs

    def create_club(
        self,
        name: str,
        *,
        currency: str = "EUR",
        season_start: str = "01-01",
        password: str | None = None,
    ) -> tuple[ClubInfo, str]:
        """A new club, and its secret (for its secret link; only its hash is kept); with a
        ``password`` if given (in the same transaction)."""
        name = self._check_club_name(name)
        currency = check_text(currency, "the currency", required=True)[:12]
        season_start = check_season_start(season_start)
        if password is not None:
            check_password(password)
        secret = secrets.token_urlsafe(18)
        stored = None if password is None else hash_secret(password)
        with self._tx():
            cid = self._insert_club(
                name, _now(), currency, season_start, hash_secret(secret), stored
            )
            self._log(cid, "club_created", name=name)
            if password is not None:
                self._log(cid, "password_set")
        return self.club(name), secret

    def _check_club_name(self, name: object) -> str:
        try:
            name = check_name(name)
        except ValueError as exc:
            raise ClubError(f"the club's name: {exc}".replace("a name", "it")) from None
        if not slug_of(name):
            raise ClubError(
                f"the club's name {name!r} needs a letter a-z or a digit, for its web address"
            )
        return name

    def _check_slug_free(self, slug: str) -> None:
        row = self.db.execute("SELECT name FROM club_clubs WHERE slug = ?", (slug,)).fetchone()
        if row is not None:
            raise ClubError(
                f"the book has a club {row[0]!r} already, with the same web address ({slug})"
            )

    def _insert_club(
        self,
        name: str,
        created: str,
        currency: str,
        season_start: str,
        secret_hash: str | None,
        password_hash: str | None,
    ) -> int:
        slug = slug_of(name)
        self._check_slug_free(slug)
        cur = self.db.execute(
            "INSERT INTO club_clubs (slug, name, created, currency, season_start, secret_hash, "
            "password_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (slug, name, created, currency, season_start, secret_hash, password_hash),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def clubs(self) -> list[ClubInfo]:
        """Every club in the file, by name."""
        rows = self.db.execute("SELECT name FROM club_clubs ORDER BY slug").fetchall()
        return [self.club(r[0]) for r in rows]

    def club(self, club: str) -> ClubInfo:
        """A club by its name or the name in its web address."""
        _, name, slug, created, currency, start, secret, password = self._club_row(club)
        return {
            "name": name,
            "slug": slug,
            "created": created,
            "currency": currency,
            "season_start": start,
            "has_secret": secret is not None,
            "has_password": password is not None,
        }

    def new_secret(self, club: str) -> str:
        """A new secret for the club's link; the old one no longer opens the club."""
        secret = secrets.token_urlsafe(18)
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute(
                "UPDATE club_clubs SET secret_hash = ? WHERE id = ?", (hash_secret(secret), cid)
            )
            db.execute("DELETE FROM club_sessions WHERE club_id = ?", (cid,))
            self._log(cid, "secret_changed")
        return secret

    def set_password(self, club: str, password: str | None) -> None:
        """Set the club's password (``None``: no password; the secret link still opens it)."""
        if password is not None:
            check_password(password)
        stored = None if password is None else hash_secret(password)
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute("UPDATE club_clubs SET password_hash = ? WHERE id = ?", (stored, cid))
            db.execute("DELETE FROM club_sessions WHERE club_id = ?", (cid,))
            self._log(cid, "password_set" if password is not None else "password_removed")

    def check_access(
        self, club: str, *, secret: str | None = None, password: str | None = None
    ) -> ClubInfo:
        """The club, if ``secret`` fits its link or ``password`` its password; otherwise
        :class:`~schocken.errors.ClubAccessError` (the same for a club that does not exist)."""
        hashes = self.access_hashes(club)
        ok = verify_access(secret, password, *(hashes or (None, None)))
        if not ok or hashes is None:
            raise ClubAccessError(NO_ACCESS)
        return self.club(club)

    def access_hashes(self, club: object) -> tuple[str | None, str | None] | None:
        """The hashes of the club's secret and password (``None``: no such club), for
        :func:`verify_access`."""
        try:
            row = self._club_row(club)  # type: ignore[arg-type]
        except ClubError:
            return None
        return row[6], row[7]

    # ------------------------------------------------------------------ sessions

    def new_session(self, club: str, *, device: str = "", now: float | None = None) -> str:
        """A session token for ``club``, for a browser that opened it by its secret or password
        (the caller checked them: :meth:`check_access`); ``device`` names the browser for the
        club's list of sessions. It opens the club for :data:`SESSION_DAYS` days (renewed when
        used: :meth:`session_club`), until it is ended (:meth:`end_session`,
        :meth:`end_session_by_id`) or the club gets a new secret or password. Only the token's
        SHA-256 is kept. Expired sessions leave; a club keeps its newest :data:`MAX_SESSIONS`."""
        at = int(time.time() if now is None else now)
        token = secrets.token_urlsafe(24)
        label = " ".join(str(device).split())[:MAX_DEVICE]
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute("DELETE FROM club_sessions WHERE expires <= ?", (at,))
            db.execute(
                "INSERT INTO club_sessions (token_hash, club_id, created, expires, device, used) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (_token_hash(token), cid, at, at + SESSION_DAYS * 86400, label, at),
            )
            db.execute(
                "DELETE FROM club_sessions WHERE club_id = ? AND token_hash NOT IN (SELECT "
                "token_hash FROM club_sessions WHERE club_id = ? ORDER BY created DESC, rowid "
                "DESC LIMIT ?)",
                (cid, cid, MAX_SESSIONS),
            )
        return token

    def session_club(self, token: object, *, now: float | None = None) -> str | None:
        """The web address (slug) of the club the session ``token`` opens; ``None`` for a token
        that opens none (unknown, expired or ended). A session used with less than half of its
        :data:`SESSION_DAYS` left is renewed for as many days again; when it was last used is
        kept to the hour (:data:`USED_EVERY`)."""
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
            return None
        at = int(time.time() if now is None else now)
        key = _token_hash(token)
        row = self.db.execute(
            "SELECT c.slug, s.expires, s.used FROM club_sessions s "
            "JOIN club_clubs c ON c.id = s.club_id WHERE s.token_hash = ?",
            (key,),
        ).fetchone()
        if row is None or row[1] <= at:
            return None
        renew = row[1] - at < SESSION_DAYS * 86400 // 2
        if renew or at - row[2] >= USED_EVERY:
            expires = at + SESSION_DAYS * 86400 if renew else row[1]
            # A file that cannot be written now (a full disk) does not close the club: the
            # session is renewed at a later use.
            with contextlib.suppress(ClubStoreError), self._tx() as db:
                db.execute(
                    "UPDATE club_sessions SET expires = ?, used = ? WHERE token_hash = ?",
                    (expires, at, key),
                )
        return str(row[0])

    def sessions(
        self, club: str, *, current: object = None, now: float | None = None
    ) -> list[SessionInfo]:
        """The club's sessions that have not expired, the last used first; ``current`` (a
        token) marks the one that asks. No token is in the list, only a short id of each."""
        at = int(time.time() if now is None else now)
        cid = self._club_id(club)
        mine = (
            _token_hash(current)
            if isinstance(current, str) and current and len(current) <= MAX_TOKEN
            else None
        )
        rows = self.db.execute(
            "SELECT token_hash, device, created, used, expires FROM club_sessions "
            "WHERE club_id = ? AND expires > ? ORDER BY used DESC, created DESC, rowid DESC",
            (cid, at),
        ).fetchall()
        return [_session_info(row, current=row[0] == mine) for row in rows]

    def end_session(self, token: object) -> None:
        """End a session (a browser closes the club); an unknown token changes nothing."""
        if isinstance(token, str) and token and len(token) <= MAX_TOKEN:
            with self._tx() as db:
                db.execute("DELETE FROM club_sessions WHERE token_hash = ?", (_token_hash(token),))

    def end_session_by_id(self, club: str, session_id: object) -> SessionInfo:
        """End the club's session with this id (from :meth:`sessions`), on whatever device it
        is: that browser must open the club again with its link or password. Answers what was
        ended; an id that names no session of this club is refused."""
        cid = self._club_id(club)
        if (
            not isinstance(session_id, str)
            or len(session_id) != SESSION_ID
            or any(c not in "0123456789abcdef" for c in session_id)
        ):
            raise ClubError(
                f"a session's id is {SESSION_ID} hex digits as the list of sessions shows it, "
                f"not {_show(session_id)}"
            )
        with self._tx() as db:
            row = db.execute(
                "SELECT token_hash, device, created, used, expires FROM club_sessions "
                "WHERE club_id = ? AND substr(token_hash, 1, ?) = ?",
                (cid, SESSION_ID, session_id),
            ).fetchone()
            if row is None:
                raise ClubError(f"no session {session_id} in this club (ended already?)")
            db.execute("DELETE FROM club_sessions WHERE token_hash = ?", (row[0],))
        return _session_info(row, current=False)

    def set_season_start(self, club: str, season_start: str) -> None:
        """The day the club's seasons begin (``MM-DD``)."""
        season_start = check_season_start(season_start)
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute("UPDATE club_clubs SET season_start = ? WHERE id = ?", (season_start, cid))
            self._log(cid, "season_start_set", season_start=season_start)

    # ------------------------------------------------------------------ members

    def add_member(
        self, club: str, name: str, *, guest: bool = False, joined: str | None = None
    ) -> MemberInfo:
        """A new member (``guest``: plays and pays, is not charged for evenings missed);
        ``joined``: since when (``None``: from the start, for every evening of the book)."""
        with self._tx():
            cid = self._club_id(club)
            name = self._insert_member(cid, name, guest, joined, None)
            self._log(cid, "member_added", name=name, guest=guest, joined=joined)
        return self._member_info(cid, name)

    def _insert_member(
        self, cid: int, name: object, guest: object, joined: object, left: object
    ) -> str:
        try:
            name = check_name(name)
        except ValueError as exc:
            raise ClubError(f"a member's name: {exc}") from None
        if not isinstance(guest, bool):
            raise ClubError(f"'guest' is true or false, not {_show(guest)}")
        if joined is not None:
            check_date(joined, "the day a member joined")
        if left is not None:
            check_date(left, "the day a member left")
            if joined is not None and str(left) < str(joined):
                raise ClubError(f"{name!r} cannot leave ({left}) before joining ({joined})")
        row = self.db.execute(
            "SELECT name FROM club_members WHERE club_id = ? AND key = ?", (cid, name_key(name))
        ).fetchone()
        if row is not None:
            raise ClubError(
                f"the club has a member {row[0]!r} already; names must differ (also in case, "
                "spacing and look-alike letters)"
            )
        self.db.execute(
            "INSERT INTO club_members (club_id, name, key, guest, joined, left_on) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (cid, name, name_key(name), int(guest), joined, left),
        )
        return name

    def _member_info(self, cid: int, name: str) -> MemberInfo:
        row = self.db.execute(
            "SELECT name, guest, joined, left_on FROM club_members WHERE club_id = ? AND key = ?",
            (cid, name_key(name)),
        ).fetchone()
        return {"name": row[0], "guest": bool(row[1]), "joined": row[2], "left": row[3]}

    def members(self, club: str) -> list[MemberInfo]:
        """The members, in the order they were added."""
        cid = self._club_id(club)
        rows = self.db.execute(
            "SELECT name, guest, joined, left_on FROM club_members WHERE club_id = ? ORDER BY id",
            (cid,),
        )
        return [{"name": r[0], "guest": bool(r[1]), "joined": r[2], "left": r[3]} for r in rows]

    def rename_member(self, club: str, name: str, new_name: str) -> MemberInfo:
        """A member's new name; their games, fines and payments stay theirs."""
        with self._tx() as db:
            cid = self._club_id(club)
            mid = self._member_id(cid, name)
            try:
                new_name = check_name(new_name)
            except ValueError as exc:
                raise ClubError(f"a member's name: {exc}") from None
            row = db.execute(
                "SELECT id, name FROM club_members WHERE club_id = ? AND key = ?",
                (cid, name_key(new_name)),
            ).fetchone()
            if row is not None and row[0] != mid:
                raise ClubError(f"the club has a member {row[1]!r} already")
            db.execute(
                "UPDATE club_members SET name = ?, key = ? WHERE id = ?",
                (new_name, name_key(new_name), mid),
            )
            self._log(cid, "member_renamed", name=name, new_name=new_name)
        return self._member_info(cid, new_name)

    def member_leaves(self, club: str, name: str, day: str | None = None) -> MemberInfo:
        """A member leaves the club on ``day`` (default today): no more fines for evenings
        missed after it. Their games and balance stay in the book."""
        day = check_date(day or today(), "the day a member leaves")
        with self._tx() as db:
            cid = self._club_id(club)
            mid = self._member_id(cid, name)
            joined = db.execute("SELECT joined FROM club_members WHERE id = ?", (mid,)).fetchone()
            if joined[0] is not None and day < joined[0]:
                raise ClubError(f"{name!r} joined on {joined[0]}: cannot leave on {day}")
            db.execute("UPDATE club_members SET left_on = ? WHERE id = ?", (day, mid))
            self._log(cid, "member_left", name=name, date=day)
        return self._member_info(cid, name)

    # ------------------------------------------------------------------ evenings

    def add_evening(
        self,
        club: str,
        day: str,
        *,
        place: str = "",
        note: str = "",
        present: Sequence[str] = (),
    ) -> EveningInfo:
        """A new evening of the club: its date, the place, and who came."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_evening(cid, day, place, note, present)
            self._log(cid, "evening_added", date=day, place=place, present=list(present))
        return self.evening(club, day)

    def _insert_evening(
        self, cid: int, day: object, place: object, note: object, present: Sequence[str]
    ) -> int:
        day = check_date(day, "the evening's date")
        place = check_text(place, "the place")
        note = check_text(note, "the note")
        if self.db.execute(
            "SELECT 1 FROM club_evenings WHERE club_id = ? AND date = ?", (cid, day)
        ).fetchone():
            raise ClubError(f"the club has an evening on {day} already")
        cur = self.db.execute(
            "INSERT INTO club_evenings (club_id, date, place, note) VALUES (?, ?, ?, ?)",
            (cid, day, place, note),
        )
        assert cur.lastrowid is not None
        self._mark_present(cid, cur.lastrowid, present)
        return cur.lastrowid

    def _mark_present(self, cid: int, evening: int, names: Sequence[str]) -> list[str]:
        if isinstance(names, str):
            raise ClubError("who came is a list of names, not one text")
        if not isinstance(names, (list, tuple)):
            raise ClubError(f"who came is a list of names, not {_show(names)}")
        added = []
        for name in names:
            mid = self._member_id(cid, name)
            cur = self.db.execute(
                "INSERT OR IGNORE INTO club_present (evening_id, member_id) VALUES (?, ?)",
                (evening, mid),
            )
            if cur.rowcount:
                added.append(name)
        return added

    def add_present(self, club: str, day: str, names: Sequence[str]) -> EveningInfo:
        """More members who came to an evening."""
        with self._tx():
            cid = self._club_id(club)
            added = self._mark_present(cid, self._evening_id(cid, day), names)
            if added:
                self._log(cid, "present_added", date=day, names=added)
        return self.evening(club, day)

    def evening(self, club: str, day: str) -> EveningInfo:
        cid = self._club_id(club)
        return self._evening_info(cid, self._evening_id(cid, day))

    def _evening_info(self, cid: int, evening: int) -> EveningInfo:
        day, place, note = self.db.execute(
            "SELECT date, place, note FROM club_evenings WHERE id = ?", (evening,)
        ).fetchone()
        present = [
            r[0]
            for r in self.db.execute(
                "SELECT m.name FROM club_present p JOIN club_members m ON m.id = p.member_id "
                "WHERE p.evening_id = ? ORDER BY m.id",
                (evening,),
            )
        ]
        games = self.db.execute(
            "SELECT COUNT(*) FROM club_games WHERE evening_id = ? AND void IS NULL", (evening,)
        ).fetchone()[0]
        return {"date": day, "place": place, "note": note, "present": present, "games": games}

    def evenings(self, club: str, season: str | None = None) -> list[EveningInfo]:
        """The club's evenings by date (of one season, if given)."""
        cid = self._club_id(club)
        lo, hi = self._range(cid, season)
        rows = self.db.execute(
            "SELECT id FROM club_evenings WHERE club_id = ? AND date >= ? AND date < ? "
            "ORDER BY date",
            (cid, lo, hi),
        ).fetchall()
        return [self._evening_info(cid, r[0]) for r in rows]

    def _range(self, cid: int, season: str | None) -> tuple[str, str]:
        if season is None:
            return ("0000-00-00", "9999-99-99")
        return season_range(season, self._season_start(cid))

    def seasons(self, club: str) -> list[str]:
        """The seasons with an evening in the book, oldest first."""
        cid = self._club_id(club)
        start = self._season_start(cid)
        days = self.db.execute("SELECT date FROM club_evenings WHERE club_id = ?", (cid,))
        return sorted({season_of(r[0], start) for r in days})

    def last_evening(self, club: str) -> str:
        """The date of the club's latest evening."""
        cid = self._club_id(club)
        row = self.db.execute(
            "SELECT MAX(date) FROM club_evenings WHERE club_id = ?", (cid,)
        ).fetchone()
        if row[0] is None:
            raise ClubError("the club has no evening yet (add one first)")
        return str(row[0])

    # ------------------------------------------------------------------ games

    def add_game(
        self,
        club: str,
        day: str,
        *,
        record: GameRecord | str | Mapping[str, Any] | None = None,
        source: str | None = None,
        players: Sequence[str] | None = None,
        loser: str | None = None,
        halves: Sequence[str] = (),
        schock_aus: Sequence[str] = (),
        note: str = "",
        meta: Mapping[str, Any] | None = None,
    ) -> GameInfo:
        """A game of an evening: a full ``record`` (a :class:`GameRecord`, its JSON text or
        parsed JSON; ``source`` "pub" or "online"), or just its ``loser`` with the ``players``
        (default: who came to the evening) and, if known, the ``halves``' losers and the
        sections that ended by ``schock_aus``. The players must be members; they are marked as
        present. ``meta``: a JSON object kept with the game (a table number, a tournament round).
        """
        with self._tx():
            cid = self._club_id(club)
            evening = self._evening_id(cid, day)
            if record is None and players is None:
                players = [
                    r[0]
                    for r in self.db.execute(
                        "SELECT m.name FROM club_present p JOIN club_members m ON "
                        "m.id = p.member_id WHERE p.evening_id = ? ORDER BY m.id",
                        (evening,),
                    )
                ]
            number = self._insert_game(
                cid,
                evening,
                None,
                record=record,
                source=source,
                players=players,
                loser=loser,
                halves=halves,
                schock_aus=schock_aus,
                note=note,
                meta=meta,
                void=None,
            )
            self._log(cid, "game_added", date=day, number=number)
        return self.game(club, day, number)

    def _insert_game(
        self,
        cid: int,
        evening: int,
        number: int | None,
        *,
        record: GameRecord | str | Mapping[str, Any] | None,
        source: str | None,
        players: Sequence[str] | None,
        loser: str | None,
        halves: Sequence[str],
        schock_aus: Sequence[str],
        note: object,
        meta: Mapping[str, Any] | None,
        void: str | None,
        members: Sequence[str] | None = None,
    ) -> int:
        note = check_text(note, "the game's note")
        meta_text = _meta_text(meta)
        text: str | None = None
        sha: str | None = None
        if record is not None:
            if loser is not None or halves or schock_aus:
                raise ClubError("a game is a record or just its loser, not both")
            source = source or "pub"
            if source not in ("pub", "online"):
                raise ClubError(f"a record comes from 'pub' or 'online', not {_show(source)}")
            game_record = _read_record(record)
            facts = facts_of_record(game_record)
            text = game_record.to_json(indent=None)
            sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
            same = self.db.execute(
                "SELECT e.date, g.number FROM club_games g JOIN club_evenings e ON "
                "e.id = g.evening_id WHERE e.club_id = ? AND g.record_sha = ? AND g.record = ?",
                (cid, sha, text),
            ).fetchone()
            if same is not None:
                raise ClubError(f"this game is in the book already: game {same[1]} of {same[0]}")
            if players is not None and list(players) != list(facts.players):
                raise ClubError("a record names its players itself: give no players with it")
        else:
            if loser is None:
                raise ClubError("a game needs its record or its loser")
            if source not in (None, "loser"):
                raise ClubError(f"a game entered by its loser has source 'loser', not {source!r}")
            source = "loser"
            assert players is not None
            if not players:
                raise ClubError("nobody came to the evening yet: name the game's players")
            if isinstance(players, str) or not all(isinstance(p, str) for p in players):
                raise ClubError("a game's players are a list of names")
            if not isinstance(loser, str):
                raise ClubError(f"the loser is named by a text, not {_show(loser)}")
            facts = facts_of_loser(list(players), loser, list(halves), list(schock_aus))
        names = list(members) if members is not None else list(facts.players)
        if len(names) != len(facts.players):
            raise ClubError(
                f"the record has {len(facts.players)} players, the book names {len(names)} "
                "members for them"
            )
        member_ids = [self._member_id(cid, n) for n in names]
        if len(set(member_ids)) != len(member_ids):
            raise ClubError("one member cannot sit at two seats of a game")
        if number is None:
            row = self.db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM club_games WHERE evening_id = ?", (evening,)
            ).fetchone()
            number = int(row[0]) + 1
        cur = self.db.execute(
            "INSERT INTO club_games (evening_id, number, source, record, record_sha, loser_id, "
            "note, meta, void) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (evening, number, source, text, sha, member_ids[facts.loser], note, meta_text, void),
        )
        gid = cur.lastrowid
        for seat, mid in enumerate(member_ids):
            self.db.execute(
                "INSERT INTO club_game_players (game_id, seat, member_id) VALUES (?, ?, ?)",
                (gid, seat, mid),
            )
            self.db.execute(
                "INSERT OR IGNORE INTO club_present (evening_id, member_id) VALUES (?, ?)",
                (evening, mid),
            )
        for idx, s in enumerate(facts.sections):
            self.db.execute(
                "INSERT INTO club_sections (game_id, idx, section, loser_id, schock_aus, "
                "given_by) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    gid,
                    idx,
                    s.section,
                    member_ids[s.loser],
                    int(s.schock_aus),
                    None if s.given_by is None else member_ids[s.given_by],
                ),
            )
        return number

    def void_game(self, club: str, day: str, number: int, reason: str) -> GameInfo:
        """Strike a game out (it stays in the book, with the reason, but counts no more)."""
        reason = check_text(reason, "the reason", required=True)
        with self._tx() as db:
            cid = self._club_id(club)
            gid = self._game_id(cid, day, number)
            if db.execute("SELECT void FROM club_games WHERE id = ?", (gid,)).fetchone()[0]:
                raise ClubError(f"game {number} of {day} is struck out already")
            db.execute("UPDATE club_games SET void = ? WHERE id = ?", (reason, gid))
            self._log(cid, "game_voided", date=day, number=number, reason=reason)
        return self.game(club, day, number)

    def game(self, club: str, day: str, number: int) -> GameInfo:
        cid = self._club_id(club)
        return self._game_info(self._game_id(cid, day, number))

    def game_record(self, club: str, day: str, number: int) -> str | None:
        """A game's record as JSON text (``None`` for a game entered by its loser)."""
        cid = self._club_id(club)
        row = self.db.execute(
            "SELECT record FROM club_games WHERE id = ?", (self._game_id(cid, day, number),)
        ).fetchone()
        return None if row[0] is None else str(row[0])

    def _game_info(self, gid: int) -> GameInfo:
        day, number, source, loser, note, void = self.db.execute(
            "SELECT e.date, g.number, g.source, m.name, g.note, g.void FROM club_games g "
            "JOIN club_evenings e ON e.id = g.evening_id JOIN club_members m ON m.id = g.loser_id "
            "WHERE g.id = ?",
            (gid,),
        ).fetchone()
        players = [
            r[0]
            for r in self.db.execute(
                "SELECT m.name FROM club_game_players p JOIN club_members m ON m.id = p.member_id "
                "WHERE p.game_id = ? ORDER BY p.seat",
                (gid,),
            )
        ]
        sections: list[SectionInfo] = [
            {"section": r[0], "loser": r[1], "schock_aus": bool(r[2]), "given_by": r[3]}
            for r in self.db.execute(
                "SELECT s.section, m.name, s.schock_aus, g.name FROM club_sections s "
                "JOIN club_members m ON m.id = s.loser_id "
                "LEFT JOIN club_members g ON g.id = s.given_by WHERE s.game_id = ? ORDER BY s.idx",
                (gid,),
            )
        ]
        halves = [s["loser"] for s in sections if s["section"] in HALVES]
        return {
            "date": day,
            "number": number,
            "source": source,
            "players": players,
            "loser": loser,
            "sections": sections,
            "blattschuss": halves[0] == halves[1] if len(halves) >= 2 else None,
            "note": note,
            "void": void,
        }

    def games(
        self, club: str, season: str | None = None, *, with_void: bool = False
    ) -> list[GameInfo]:
        """The club's games in order (evening by evening), of one season if given."""
        cid = self._club_id(club)
        lo, hi = self._range(cid, season)
        rows = self.db.execute(
            "SELECT g.id FROM club_games g JOIN club_evenings e ON e.id = g.evening_id "
            "WHERE e.club_id = ? AND e.date >= ? AND e.date < ? "
            + ("" if with_void else "AND g.void IS NULL ")
            + "ORDER BY e.date, g.number",
            (cid, lo, hi),
        ).fetchall()
        return [self._game_info(r[0]) for r in rows]

    # ------------------------------------------------------------------ money

    def set_price(
        self, club: str, item: str, cents: int, *, valid_from: str | None = None
    ) -> list[PriceInfo]:
        """The price of an item of :data:`PRICE_ITEMS` from ``valid_from`` on (``None``: from the
        start of the book). Returns the price list."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_price(cid, item, cents, valid_from, replace=True)
            self._log(cid, "price_set", item=item, cents=cents, valid_from=valid_from)
        return self.prices(club)

    def _insert_price(
        self, cid: int, item: object, cents: object, valid_from: object, *, replace: bool
    ) -> None:
        if item not in PRICE_ITEMS:
            raise ClubError(f"no price item {_show(item)}; the items are {', '.join(PRICE_ITEMS)}")
        cents = check_cents(cents, f"the price of {item}")
        start = "" if valid_from is None else check_date(valid_from, "the first day of a price")
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        try:
            self.db.execute(
                f"{verb} INTO club_prices (club_id, item, valid_from, cents) VALUES (?, ?, ?, ?)",
                (cid, item, start, cents),
            )
        except sqlite3.IntegrityError:
            raise ClubError(f"the price of {item} from {valid_from} is given twice") from None

    def prices(self, club: str) -> list[PriceInfo]:
        """The price list: every item's prices, oldest first."""
        cid = self._club_id(club)
        rows = self.db.execute(
            "SELECT item, valid_from, cents FROM club_prices WHERE club_id = ? "
            "ORDER BY item, valid_from",
            (cid,),
        )
        return [{"item": r[0], "valid_from": r[1] or None, "cents": r[2]} for r in rows]

    def pay(
        self, club: str, member: str, cents: int, *, day: str | None = None, note: str = ""
    ) -> BalanceInfo:
        """A member pays ``cents`` into the club's kitty (negative: the kitty pays back)."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_money("club_payments", "note", cid, member, cents, day or today(), note)
            self._log(cid, "paid", member=member, cents=cents, date=day or today(), note=note)
        return self.balance(club, member)

    def charge(
        self, club: str, member: str, cents: int, reason: str, *, day: str | None = None
    ) -> BalanceInfo:
        """A fine or correction by hand, with its reason (negative: a credit)."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_money("club_charges", "reason", cid, member, cents, day or today(), reason)
            self._log(
                cid, "charged", member=member, cents=cents, date=day or today(), reason=reason
            )
        return self.balance(club, member)

    def set_fine_item(self, club: str, name: str, cents: int) -> list[FineItemInfo]:
        """Put a fine into the club's catalogue, or give one in it a new price (its name as
        written now). Fines booked before keep what they cost then. Returns the catalogue."""
        with self._tx():
            cid = self._club_id(club)
            name, cents = self._insert_fine_item(cid, name, cents, replace=True)
            self._log(cid, "fine_item_set", name=name, cents=cents)
        return self.fine_items(club)

    def _insert_fine_item(
        self, cid: int, name: object, cents: object, *, replace: bool
    ) -> tuple[str, int]:
        text = check_text(name, "a fine's name", required=True)
        if len(text) > MAX_FINE_NAME:
            raise ClubError(f"a fine's name has at most {MAX_FINE_NAME} characters")
        price = check_cents(cents, f"the price of {text!r}", zero=False)
        key = name_key(text)
        if not replace and self._fine_item(cid, key) is not None:
            raise ClubError(f"the fine {text!r} is in the catalogue twice")
        self.db.execute(
            "INSERT INTO club_fine_items (club_id, name, key, cents) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(club_id, key) DO UPDATE SET name = excluded.name, cents = excluded.cents",
            (cid, text, key, price),
        )
        return text, price

    def _fine_item(self, cid: int, key: str) -> FineItemInfo | None:
        row = self.db.execute(
            "SELECT name, cents FROM club_fine_items WHERE club_id = ? AND key = ?", (cid, key)
        ).fetchone()
        return None if row is None else FineItemInfo(name=row[0], cents=row[1])

    def remove_fine_item(self, club: str, name: str) -> list[FineItemInfo]:
        """Take a fine out of the catalogue (what was booked stays). Returns the catalogue."""
        with self._tx():
            cid = self._club_id(club)
            item = self._catalogued(cid, name)
            self.db.execute(
                "DELETE FROM club_fine_items WHERE club_id = ? AND key = ?",
                (cid, name_key(item["name"])),
            )
            self._log(cid, "fine_item_removed", name=item["name"])
        return self.fine_items(club)

    def _catalogued(self, cid: int, name: object) -> FineItemInfo:
        if not isinstance(name, str):
            raise ClubError(f"a fine is named by a text, not {_show(name)}")
        item = self._fine_item(cid, name_key(name))
        if item is None:
            known = [i["name"] for i in self._fine_items(cid)]
            listed = ", ".join(known) if known else "none yet"
            raise ClubError(f"no fine {name!r} in the club's catalogue (it has: {listed})")
        return item

    def fine_items(self, club: str) -> list[FineItemInfo]:
        """The club's catalogue of fines, by name."""
        return self._fine_items(self._club_id(club))

    def _fine_items(self, cid: int) -> list[FineItemInfo]:
        rows = self.db.execute(
            "SELECT name, cents FROM club_fine_items WHERE club_id = ? ORDER BY key, id", (cid,)
        )
        return [FineItemInfo(name=r[0], cents=r[1]) for r in rows]

    def fine(
        self, club: str, member: str, item: str, *, count: int = 1, day: str | None = None
    ) -> BalanceInfo:
        """Book a fine of the catalogue on a member, ``count`` times at once: a charge of its
        price times ``count``, with its name (and the count) as the reason."""
        if type(count) is not int or not 1 <= count <= MAX_FINE_COUNT:
            raise ClubError(
                f"a fine is booked 1 to {MAX_FINE_COUNT} times at once, not {_show(count)}"
            )
        with self._tx():
            cid = self._club_id(club)
            fine = self._catalogued(cid, item)
            reason = fine["name"] if count == 1 else f"{fine['name']} × {count}"
            cents = fine["cents"] * count
            self._insert_money("club_charges", "reason", cid, member, cents, day or today(), reason)
            self._log(
                cid,
                "fined",
                member=member,
                fine=fine["name"],
                count=count,
                cents=cents,
                date=day or today(),
            )
        return self.balance(club, member)

    def _insert_money(
        self,
        table: str,
        text_column: str,
        cid: int,
        member: object,
        cents: object,
        day: object,
        text: object,
    ) -> None:
        what = "a payment" if table == "club_payments" else "a charge"
        mid = self._member_id(cid, member)
        cents = check_cents(cents, what, negative=True, zero=False)
        day = check_date(day, f"the date of {what}")
        text = check_text(text, "the reason", required=table == "club_charges")
        self.db.execute(
            f"INSERT INTO {table} (club_id, member_id, date, cents, {text_column}) "
            "VALUES (?, ?, ?, ?, ?)",
            (cid, mid, day, cents, text),
        )

    def ledger(self, club: str, member: str | None = None) -> list[LedgerLine]:
        """Every line of the club's accounts, by date: fines from games and evenings by the
        price list in force on the day, charges by hand, payments. The balances are its sums."""
        cid = self._club_id(club)
        only = None if member is None else self._member_id(cid, member)
        names = self._member_names(cid)
        return [
            {
                "date": line.date,
                "member": names[line.member],
                "item": line.item,
                "count": line.count,
                "cents": line.cents,
                "game": line.game,
                "text": line.text,
            }
            for line in self._ledger(cid)
            if only is None or line.member == only
        ]

    def _ledger(self, cid: int) -> list[_Line]:
        db = self.db
        prices: dict[str, list[tuple[str, int]]] = {}
        for item, start, cents in db.execute(
            "SELECT item, valid_from, cents FROM club_prices WHERE club_id = ? ORDER BY valid_from",
            (cid,),
        ):
            prices.setdefault(item, []).append((start, cents))

        def price(item: str, day: str) -> int:
            cents = 0
            for start, value in prices.get(item, ()):
                if start <= day:
                    cents = value
            return cents

        lines: list[_Line] = []

        def add(mid: int, day: str, item: str, count: int, game: int | None) -> None:
            cents = price(item, day) * count
            if cents and count:
                lines.append(_Line(mid, day, item, count, cents, game, ""))

        for gid, day, number, loser in db.execute(
            "SELECT g.id, e.date, g.number, g.loser_id FROM club_games g JOIN club_evenings e "
            "ON e.id = g.evening_id WHERE e.club_id = ? AND g.void IS NULL "
            "ORDER BY e.date, g.number",
            (cid,),
        ).fetchall():
            sections = db.execute(
                "SELECT section, loser_id, schock_aus, given_by FROM club_sections "
                "WHERE game_id = ? ORDER BY idx",
                (gid,),
            ).fetchall()
            players = [
                r[0]
                for r in db.execute(
                    "SELECT member_id FROM club_game_players WHERE game_id = ? ORDER BY member_id",
                    (gid,),
                )
            ]
            halves = [s[1] for s in sections if s[0] in HALVES]
            for mid in players:
                add(mid, day, "half_lost", halves.count(mid), number)
                add(
                    mid,
                    day,
                    "schock_aus_taken",
                    sum(1 for s in sections if s[1] == mid and s[2]),
                    number,
                )
                add(
                    mid,
                    day,
                    "schock_aus_given",
                    sum(1 for s in sections if s[3] == mid and s[2]),
                    number,
                )
                add(mid, day, "game_lost", int(mid == loser), number)
                blatt = len(halves) == 2 and halves[0] == halves[1] == mid
                add(mid, day, "blattschuss", int(blatt), number)
        members = db.execute(
            "SELECT id, guest, joined, left_on FROM club_members WHERE club_id = ? ORDER BY id",
            (cid,),
        ).fetchall()
        for evening, day in db.execute(
            "SELECT id, date FROM club_evenings WHERE club_id = ? ORDER BY date", (cid,)
        ).fetchall():
            present = {
                r[0]
                for r in db.execute(
                    "SELECT member_id FROM club_present WHERE evening_id = ?", (evening,)
                )
            }
            for mid, guest, joined, left in members:
                if mid in present:
                    add(mid, day, "attended", 1, None)
                elif (
                    not guest and (joined is None or joined <= day) and (left is None or day < left)
                ):
                    add(mid, day, "absent", 1, None)
        for mid, day, cents, reason in db.execute(
            "SELECT member_id, date, cents, reason FROM club_charges WHERE club_id = ? ORDER BY id",
            (cid,),
        ):
            lines.append(_Line(mid, day, "charge", 1, cents, None, reason))
        for mid, day, cents, note in db.execute(
            "SELECT member_id, date, cents, note FROM club_payments WHERE club_id = ? ORDER BY id",
            (cid,),
        ):
            lines.append(_Line(mid, day, "payment", 1, -cents, None, note))
        lines.sort(key=lambda line: line.date)  # by date; stable: the order above within a day
        return lines

    def balances(self, club: str) -> list[BalanceInfo]:
        """Every member's charges, payments and balance (what they owe), in member order."""
        cid = self._club_id(club)
        names = self._member_names(cid)
        charged = dict.fromkeys(names, 0)
        paid = dict.fromkeys(names, 0)
        for line in self._ledger(cid):
            if line.item == "payment":
                paid[line.member] -= line.cents
            else:
                charged[line.member] += line.cents
        return [
            {
                "member": names[m],
                "charged": charged[m],
                "paid": paid[m],
                "balance": charged[m] - paid[m],
            }
            for m in names
        ]

    def balance(self, club: str, member: str) -> BalanceInfo:
        cid = self._club_id(club)
        name = self._member_names(cid)[self._member_id(cid, member)]
        return next(b for b in self.balances(club) if b["member"] == name)

    # ------------------------------------------------------------------ the kitty

    def add_expense(
        self,
        club: str,
        cents: int,
        purpose: str,
        *,
        day: str | None = None,
        paid_by: str | None = None,
    ) -> ExpenseInfo:
        """The kitty pays ``cents`` out for ``purpose`` (the Christmas dinner, a round of
        Schnaps), on ``day`` (default today), paid out by the member ``paid_by`` if given.
        An expense is never deleted: a negative one corrects it (money back into the kitty).
        Returns the expense as the book keeps it (:meth:`kitty`: the kitty after it)."""
        with self._tx():
            cid = self._club_id(club)
            entry = self._insert_expense(cid, day or today(), cents, purpose, paid_by)
            self._log(cid, "expense_added", **entry)
        return entry

    def _insert_expense(
        self, cid: int, day: object, cents: object, purpose: object, paid_by: object
    ) -> ExpenseInfo:
        cents = check_cents(cents, "an expense", negative=True, zero=False)
        day = check_date(day, "the date of an expense")
        purpose = check_text(purpose, "what the expense was for", required=True)
        by: int | None = None
        name: str | None = None
        if paid_by is not None:
            by = self._member_id(cid, paid_by)
            name = self._member_names(cid)[by]
        self.db.execute(
            "INSERT INTO club_expenses (club_id, date, cents, purpose, paid_by) "
            "VALUES (?, ?, ?, ?, ?)",
            (cid, day, cents, purpose, by),
        )
        return {"date": day, "cents": cents, "purpose": purpose, "paid_by": name}

    def expenses(self, club: str, season: str | None = None) -> list[ExpenseInfo]:
        """The club's expenses by date (in the order entered within a day), of one season if
        given."""
        cid = self._club_id(club)
        lo, hi = self._range(cid, season)
        return [
            {"date": r[0], "cents": r[1], "purpose": r[2], "paid_by": r[3]}
            for r in self.db.execute(
                "SELECT x.date, x.cents, x.purpose, m.name FROM club_expenses x "
                "LEFT JOIN club_members m ON m.id = x.paid_by "
                "WHERE x.club_id = ? AND x.date >= ? AND x.date < ? ORDER BY x.date, x.id",
                (cid, lo, hi),
            )
        ]

    def kitty(self, club: str) -> KittyInfo:
        """The club's kitty: every payment in, every expense out, and what members owe to it
        (their unpaid fines and charges, not in the kitty yet) or have paid ahead."""
        cid = self._club_id(club)
        paid_in = self.db.execute(
            "SELECT COALESCE(SUM(cents), 0) FROM club_payments WHERE club_id = ?", (cid,)
        ).fetchone()[0]
        paid_out = self.db.execute(
            "SELECT COALESCE(SUM(cents), 0) FROM club_expenses WHERE club_id = ?", (cid,)
        ).fetchone()[0]
        balances = [b["balance"] for b in self.balances(club)]
        return {
            "paid_in": paid_in,
            "paid_out": paid_out,
            "balance": paid_in - paid_out,
            "owed": sum(b for b in balances if b > 0),
            "credit": -sum(b for b in balances if b < 0),
        }

    def _kitty_lines(self, club: str) -> list[tuple[str, str, str | None, str, int]]:
        """Every movement of the kitty by date (payments before expenses within a day, each in
        the order entered): date, ``payment`` or ``expense``, the member, the note or purpose,
        the cents (in: positive; out: negative)."""
        cid = self._club_id(club)
        names = self._member_names(cid)
        lines: list[tuple[str, str, str | None, str, int]] = [
            (r[0], "payment", names[r[1]], r[3], r[2])
            for r in self.db.execute(
                "SELECT date, member_id, cents, note FROM club_payments WHERE club_id = ? "
                "ORDER BY id",
                (cid,),
            )
        ]
        lines += [
            (x["date"], "expense", x["paid_by"], x["purpose"], -x["cents"])
            for x in self.expenses(club)
        ]
        lines.sort(key=lambda line: line[0])  # stable: payments first within a day
        return lines

    # ------------------------------------------------------------------ the log

    def log(self, club: str) -> list[LogEntry]:
        """Every change to the club, oldest first: when (UTC), what, the details."""
        cid = self._club_id(club)
        rows = self.db.execute(
            "SELECT at, action, detail FROM club_log WHERE club_id = ? ORDER BY id", (cid,)
        )
        return [{"at": r[0], "action": r[1], "detail": json.loads(r[2])} for r in rows]

    # ------------------------------------------------------------------ statistics

    def stats(self, club: str, season: str | None = None) -> ClubStats:
        """Statistics per member over the club's games (of one season, if given): see
        :func:`compute_stats`."""
        cid = self._club_id(club)
        lo, hi = self._range(cid, season)
        names = self._member_names(cid)
        guests = {
            r[0]: bool(r[1])
            for r in self.db.execute("SELECT id, guest FROM club_members WHERE club_id = ?", (cid,))
        }
        evenings: dict[int, int] = dict.fromkeys(names, 0)
        n_evenings = 0
        for (evening,) in self.db.execute(
            "SELECT id FROM club_evenings WHERE club_id = ? AND date >= ? AND date < ?",
            (cid, lo, hi),
        ).fetchall():
            n_evenings += 1
            for (mid,) in self.db.execute(
                "SELECT member_id FROM club_present WHERE evening_id = ?", (evening,)
            ):
                evenings[mid] += 1
        games = []
        for gid, loser in self.db.execute(
            "SELECT g.id, g.loser_id FROM club_games g JOIN club_evenings e ON "
            "e.id = g.evening_id WHERE e.club_id = ? AND e.date >= ? AND e.date < ? "
            "AND g.void IS NULL ORDER BY e.date, g.number",
            (cid, lo, hi),
        ).fetchall():
            players = tuple(
                names[r[0]]
                for r in self.db.execute(
                    "SELECT member_id FROM club_game_players WHERE game_id = ? ORDER BY seat",
                    (gid,),
                )
            )
            seat = {n: i for i, n in enumerate(players)}
            sections = tuple(
                _Section(
                    r[0], seat[names[r[1]]], bool(r[2]), None if r[3] is None else seat[names[r[3]]]
                )
                for r in self.db.execute(
                    "SELECT section, loser_id, schock_aus, given_by FROM club_sections "
                    "WHERE game_id = ? ORDER BY idx",
                    (gid,),
                )
            )
            games.append(GameFacts(players, seat[names[loser]], sections))
        stats = compute_stats(
            games, {names[m]: evenings[m] for m in names}, {names[m]: guests[m] for m in names}
        )
        return {
            "club": self.club(club)["name"],
            "season": season,
            "evenings": n_evenings,
            "games": stats["games"],
            "games_with_halves": stats["games_with_halves"],
            "members": stats["members"],
            "loses_to": stats["loses_to"],
            "played_with": stats["played_with"],
            "schock_aus_to": stats["schock_aus_to"],
        }

    # ------------------------------------------------------------------ CSV

    def csv(self, club: str, kind: str, season: str | None = None) -> str:
        """A table as CSV text (comma-separated, a header line, amounts in cents; a text that
        begins like a formula behind a single quote: :func:`_csv_value`):
        ``games``, ``ledger``, ``balances``, ``stats``, ``evenings`` or ``kitty`` (every
        payment in and expense out, by date, with the kitty's balance after it; of a season: its
        lines, the balance counted from the book's start)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")

        def put(cells: Iterable[object]) -> None:
            writer.writerow([_csv_value(cell) for cell in cells])

        if kind == "games":
            put(
                [
                    "date",
                    "number",
                    "source",
                    "players",
                    "loser",
                    "first_half",
                    "second_half",
                    "finale",
                    "extra_halves",
                    "schock_aus",
                    "blattschuss",
                    "void",
                    "note",
                ]
            )
            extra = Section.EXTRA_HALF.value
            for g in self.games(club, season, with_void=True):
                by = {s["section"]: s for s in g["sections"]}
                put(
                    [
                        g["date"],
                        g["number"],
                        g["source"],
                        "|".join(g["players"]),
                        g["loser"],
                        *(by[s]["loser"] if s in by else "" for s in CSV_SECTIONS),
                        "|".join(s["loser"] for s in g["sections"] if s["section"] == extra),
                        "|".join(s["section"] for s in g["sections"] if s["schock_aus"]),
                        "" if g["blattschuss"] is None else int(g["blattschuss"]),
                        g["void"] or "",
                        g["note"],
                    ]
                )
        elif kind == "ledger":
            put(["date", "member", "item", "count", "cents", "game", "text"])
            lo, hi = self._range(self._club_id(club), season)
            for line in self.ledger(club):
                if lo <= line["date"] < hi:
                    put(
                        [
                            line["date"],
                            line["member"],
                            line["item"],
                            line["count"],
                            line["cents"],
                            "" if line["game"] is None else line["game"],
                            line["text"],
                        ]
                    )
        elif kind == "balances":
            put(["member", "charged", "paid", "balance"])
            for b in self.balances(club):
                put([b["member"], b["charged"], b["paid"], b["balance"]])
        elif kind == "stats":
            stats = self.stats(club, season)
            keys = [k for k in MemberStats.__annotations__ if not k.endswith("ci95")]
            put(
                [
                    *keys,
                    "games_lost_ci95_low",
                    "games_lost_ci95_high",
                    "halves_lost_ci95_low",
                    "halves_lost_ci95_high",
                ]
            )
            for m in stats["members"]:
                plain: dict[str, object] = dict(m)
                row = [plain[k] for k in keys]
                put(
                    [
                        *row,
                        *(f"{x:.4f}" for x in m["games_lost_ci95"]),
                        *(f"{x:.4f}" for x in m["halves_lost_ci95"]),
                    ]
                )
        elif kind == "evenings":
            put(["date", "place", "present", "games", "note"])
            for e in self.evenings(club, season):
                put([e["date"], e["place"], "|".join(e["present"]), e["games"], e["note"]])
        elif kind == "kitty":
            put(["date", "kind", "member", "text", "cents", "balance"])
            lo, hi = self._range(self._club_id(club), season)
            balance = 0
            for day, what, member, text, cents in self._kitty_lines(club):
                balance += cents
                if lo <= day < hi:
                    put([day, what, member or "", text, cents, balance])
        else:
            raise ClubError(f"no CSV table {kind!r}; the tables are {', '.join(CSV_KINDS)}")
        return out.getvalue()

    # ------------------------------------------------------------------ export and import

    def export_club(self, club: str) -> str:
        """The whole club as JSON text (format ``schocken-club``, version 1): the same text
        after :meth:`import_club` into any book. Holds the hashes of the secret and password,
        never the secret itself. The kitty's ``expenses`` and the catalogue's ``fine_items`` are
        written when the club has any."""
        db = self.db
        cid, name, _, created, currency, start, secret_hash, password_hash = self._club_row(club)
        names = self._member_names(cid)
        members = [
            {"name": r[0], "guest": bool(r[1]), "joined": r[2], "left": r[3]}
            for r in db.execute(
                "SELECT name, guest, joined, left_on FROM club_members WHERE club_id = ? "
                "ORDER BY id",
                (cid,),
            )
        ]
        evenings = []
        for evening, day, place, note in db.execute(
            "SELECT id, date, place, note FROM club_evenings WHERE club_id = ? ORDER BY date",
            (cid,),
        ).fetchall():
            info = self._evening_info(cid, evening)
            games = []
            for gid, number, source, record, loser, gnote, meta, void in db.execute(
                "SELECT g.id, g.number, g.source, g.record, g.loser_id, g.note, g.meta, g.void "
                "FROM club_games g WHERE g.evening_id = ? ORDER BY g.number",
                (evening,),
            ).fetchall():
                g = self._game_info(gid)
                item: dict[str, Any] = {"number": number, "source": source, "players": g["players"]}
                if record is not None:
                    item["record"] = json.loads(record)
                else:
                    item["loser"] = names[loser]
                    halves = [s for s in g["sections"] if s["section"] in HALVES]
                    item["halves"] = [s["loser"] for s in halves]
                    item["schock_aus"] = [s["section"] for s in g["sections"] if s["schock_aus"]]
                item.update(note=gnote, meta=json.loads(meta), void=void)
                games.append(item)
            evenings.append(
                {
                    "date": day,
                    "place": place,
                    "note": note,
                    "present": info["present"],
                    "games": games,
                }
            )
        payments = [
            {"member": names[r[0]], "date": r[1], "cents": r[2], "note": r[3]}
            for r in db.execute(
                "SELECT member_id, date, cents, note FROM club_payments WHERE club_id = ? "
                "ORDER BY id",
                (cid,),
            )
        ]
        charges = [
            {"member": names[r[0]], "date": r[1], "cents": r[2], "reason": r[3]}
            for r in db.execute(
                "SELECT member_id, date, cents, reason FROM club_charges WHERE club_id = ? "
                "ORDER BY id",
                (cid,),
            )
        ]
        data: dict[str, Any] = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "club": {
                "name": name,
                "created": created,
                "currency": currency,
                "season_start": start,
                "secret_hash": secret_hash,
                "password_hash": password_hash,
            },
            "members": members,
            "prices": self.prices(club),
            "evenings": evenings,
            "charges": charges,
            "payments": payments,
        }
        expenses = self._export_expenses(cid)
        if expenses:  # only then: an export of a club without them is read by older schocken too
            data["expenses"] = expenses
        fines = self._fine_items(cid)
        if fines:  # the same
            data["fine_items"] = fines
        data["log"] = self.log(club)
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def _export_expenses(self, cid: int) -> list[ExpenseInfo]:
        """The club's expenses in the order entered (as an import enters them again)."""
        return [
            {"date": r[0], "cents": r[1], "purpose": r[2], "paid_by": r[3]}
            for r in self.db.execute(
                "SELECT x.date, x.cents, x.purpose, m.name FROM club_expenses x "
                "LEFT JOIN club_members m ON m.id = x.paid_by WHERE x.club_id = ? ORDER BY x.id",
                (cid,),
            )
        ]

    def import_club(self, text: str) -> ClubInfo:
        """A club from :meth:`export_club`'s text, checked as every change is checked (records
        replayed: :func:`check_import`, outside any lock of the file) and then written in one
        short transaction (:meth:`write_import`): all of it or nothing. A club of the same name
        (or web address) in the book refuses it."""
        return self.write_import(check_import(text))

    def write_import(self, checked: CheckedImport) -> ClubInfo:
        """Write a club checked by :func:`check_import` into the book, in one transaction that
        only inserts its rows (their ids moved past the book's own): a 30 MiB club holds the
        file's lock for a fraction of a second, not for its check. A club of the same web
        address in the book refuses it."""
        with self._tx() as db:
            self._check_slug_free(slug_of(checked.name))
            shift = {
                table: int(db.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}").fetchone()[0])
                for table, refs in _IMPORT_TABLES.items()
                if refs.get("id") == table
            }
            for table, refs in _IMPORT_TABLES.items():
                columns, rows = checked.rows[table]
                if not rows:
                    continue
                moved = [(i, shift[refs[c]]) for i, c in enumerate(columns) if c in refs]
                db.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) "
                    f"VALUES ({', '.join('?' * len(columns))})",
                    _moved(rows, moved),
                )
        return self.club(checked.name)

    def _import_whole(self, text: str) -> str:
        """:meth:`import_club` as one transaction of this book, checks and writes together
        (into the book in memory of :func:`check_import`); the club's name."""
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise ClubError(f"not valid JSON: {exc}") from None
        except (RecursionError, ValueError):
            raise ClubError(
                "cannot read the JSON: nested too deeply or a number too long"
            ) from None
        doc = _Doc(data, "")
        if doc.get("format") != EXPORT_FORMAT:
            raise ClubError(f"'format' must be {EXPORT_FORMAT!r}")
        version = doc.get("version")
        if type(version) is not int or version != EXPORT_VERSION:
            raise ClubError(
                f"export version {_show(version)} is not supported (this version reads "
                f"{EXPORT_VERSION})"
            )
        doc.only(
            "format",
            "version",
            "club",
            "members",
            "prices",
            "evenings",
            "charges",
            "payments",
            "expenses",
            "fine_items",
            "log",
        )
        head = doc.obj("club")
        head.only("name", "created", "currency", "season_start", "secret_hash", "password_hash")
        with self._tx():
            cid = self._insert_club(
                self._check_club_name(head.get("name")),
                _check_timestamp(head.get("created"), "'club.created'"),
                check_text(head.get("currency"), "the currency", required=True),
                check_season_start(head.get("season_start")),
                _check_hash(head.get("secret_hash"), "'club.secret_hash'"),
                _check_hash(head.get("password_hash"), "'club.password_hash'"),
            )
            for m in doc.objs("members"):
                m.only("name", "guest", "joined", "left")
                self._insert_member(
                    cid, m.get("name"), m.get("guest"), m.get("joined"), m.get("left")
                )
            for f in doc.objs("fine_items") if "fine_items" in doc.data else []:
                f.only("name", "cents")
                try:
                    self._insert_fine_item(cid, f.get("name"), f.get("cents"), replace=False)
                except ClubError as exc:
                    raise ClubError(f"{f.where}: {exc}") from None
            for p in doc.objs("prices"):
                p.only("item", "valid_from", "cents")
                self._insert_price(
                    cid, p.get("item"), p.get("cents"), p.get("valid_from"), replace=False
                )
            last = ""
            for e in doc.objs("evenings"):
                e.only("date", "place", "note", "present", "games")
                day = check_date(e.get("date"), "an evening's date")
                if day <= last:
                    raise ClubError(f"{e.where}: the evenings are in order of date, without twins")
                last = day
                evening = self._insert_evening(
                    cid, day, e.get("place"), e.get("note"), e.names("present")
                )
                number = 0
                for g in e.objs("games"):
                    g.only(
                        "number",
                        "source",
                        "players",
                        "record",
                        "loser",
                        "halves",
                        "schock_aus",
                        "note",
                        "meta",
                        "void",
                    )
                    n = g.get("number")
                    if type(n) is not int or n <= number:
                        raise ClubError(
                            f"{g.where}: 'number' must be a whole number above {number}"
                        )
                    number = n
                    void = g.get("void")
                    if void is not None:
                        void = check_text(void, f"{g.where}: 'void'", required=True)
                    meta = g.get("meta")
                    if not isinstance(meta, dict):
                        raise ClubError(f"{g.where}: 'meta' must be an object")
                    try:
                        self._insert_game(
                            cid,
                            evening,
                            n,
                            record=g.get("record"),
                            source=g.get("source"),
                            players=None if "record" in g.data else g.names("players"),
                            loser=g.get("loser"),
                            halves=g.names("halves") if "halves" in g.data else [],
                            schock_aus=g.names("schock_aus") if "schock_aus" in g.data else [],
                            note=g.get("note"),
                            meta=meta,
                            void=void,
                            members=g.names("players"),
                        )
                    except ClubError as exc:
                        raise ClubError(f"{g.where}: {exc}") from None
            for c in doc.objs("charges"):
                c.only("member", "date", "cents", "reason")
                self._insert_money(
                    "club_charges",
                    "reason",
                    cid,
                    c.get("member"),
                    c.get("cents"),
                    c.get("date"),
                    c.get("reason"),
                )
            for p in doc.objs("payments"):
                p.only("member", "date", "cents", "note")
                self._insert_money(
                    "club_payments",
                    "note",
                    cid,
                    p.get("member"),
                    p.get("cents"),
                    p.get("date"),
                    p.get("note"),
                )
            for x in doc.objs("expenses") if "expenses" in doc.data else []:
                x.only("date", "cents", "purpose", "paid_by")
                try:
                    self._insert_expense(
                        cid, x.get("date"), x.get("cents"), x.get("purpose"), x.get("paid_by")
                    )
                except ClubError as exc:
                    raise ClubError(f"{x.where}: {exc}") from None
            for entry in doc.objs("log"):
                entry.only("at", "action", "detail")
                action = entry.get("action")
                detail = entry.get("detail")
                if not isinstance(action, str) or not re.fullmatch(r"[a-z_]{1,40}", action):
                    raise ClubError(f"{entry.where}: 'action' must be a word like game_added")
                if not isinstance(detail, dict):
                    raise ClubError(f"{entry.where}: 'detail' must be an object")
                self.db.execute(
                    "INSERT INTO club_log (club_id, at, action, detail) VALUES (?, ?, ?, ?)",
                    (
                        cid,
                        _check_timestamp(entry.get("at"), f"{entry.where}: 'at'"),
                        action,
                        json.dumps(detail, ensure_ascii=False, sort_keys=True),
                    ),
                )
            return str(head.get("name"))


CSV_KINDS = ("games", "ledger", "balances", "stats", "evenings", "kitty")
"""The tables :meth:`ClubBook.csv` writes."""

_IMPORT_TABLES: dict[str, dict[str, str]] = {
    "club_clubs": {"id": "club_clubs"},
    "club_members": {"id": "club_members", "club_id": "club_clubs"},
    "club_fine_items": {"id": "club_fine_items", "club_id": "club_clubs"},
    "club_prices": {"club_id": "club_clubs"},
    "club_evenings": {"id": "club_evenings", "club_id": "club_clubs"},
    "club_present": {"evening_id": "club_evenings", "member_id": "club_members"},
    "club_games": {"id": "club_games", "evening_id": "club_evenings", "loser_id": "club_members"},
    "club_game_players": {"game_id": "club_games", "member_id": "club_members"},
    "club_sections": {
        "game_id": "club_games",
        "loser_id": "club_members",
        "given_by": "club_members",
    },
    "club_charges": {"id": "club_charges", "club_id": "club_clubs", "member_id": "club_members"},
    "club_payments": {
        "id": "club_payments",
        "club_id": "club_clubs",
        "member_id": "club_members",
    },
    "club_expenses": {"id": "club_expenses", "club_id": "club_clubs", "paid_by": "club_members"},
    "club_log": {"id": "club_log", "club_id": "club_clubs"},
}
"""The tables a club's import fills, in an order their references allow, and which of their
columns are ids (of which table): moved past the ids a book has when the club is written."""


@dataclass(frozen=True)
class CheckedImport:
    """A club's export, checked and turned into the rows of its tables (:func:`check_import`),
    ready to be written into a book (:meth:`ClubBook.write_import`)."""

    name: str
    rows: dict[str, tuple[tuple[str, ...], list[list[Any]]]]
    """Each table's columns and rows (ids as in a book of this club alone)."""


def _moved(rows: list[list[Any]], moved: list[tuple[int, int]]) -> Iterator[list[Any]]:
    """The rows with each id of ``moved`` (a column, by how much) moved."""
    for row in rows:
        out = list(row)
        for i, by in moved:
            if out[i] is not None:
                out[i] += by
        yield out


def check_import(text: str) -> CheckedImport:
    """An export (:meth:`ClubBook.export_club`'s text) checked as every change is checked
    (records replayed), in a book of its own in memory: no file, no lock, so it can run while
    the book is used (a server runs it in a worker process). A bad export raises
    :class:`~schocken.errors.ClubError` saying what is wrong."""
    with ClubBook(":memory:") as book:
        name = book._import_whole(text)
        rows: dict[str, tuple[tuple[str, ...], list[list[Any]]]] = {}
        for table in _IMPORT_TABLES:
            cur = book.db.execute(f"SELECT * FROM {table} ORDER BY rowid")
            columns = tuple(d[0] for d in cur.description)
            rows[table] = (columns, [list(row) for row in cur])
    return CheckedImport(name, rows)


def compute_stats(
    games: Sequence[GameFacts], evenings: Mapping[str, int], guests: Mapping[str, bool]
) -> dict[str, Any]:
    """Statistics over games in order: per member (games and halves lost with Wilson 95%
    intervals, the losses chance alone would give, Finales, Blattschuss, Schock-Aus given and
    taken, streaks) and per pair (who loses to whom). ``evenings``: how many evenings each
    member came to; members who neither came nor played are left out."""
    names = [n for n in evenings if evenings[n] or any(n in g.players for g in games)]
    per: dict[str, dict[str, Any]] = {
        n: {
            "games": 0,
            "games_lost": 0,
            "expected": 0.0,
            "halves": 0,
            "halves_lost": 0,
            "finales": 0,
            "finales_lost": 0,
            "blattschuss": 0,
            "given": 0,
            "taken": 0,
            "results": [],
        }
        for n in names
    }
    loses_to: dict[str, dict[str, int]] = {n: {} for n in names}
    played_with: dict[str, dict[str, int]] = {n: {} for n in names}
    schock_aus_to: dict[str, dict[str, int]] = {n: {} for n in names}
    with_halves = 0
    for g in games:
        loser = g.players[g.loser]
        halves = [s for s in g.sections if s.section in HALVES]
        with_halves += bool(halves)
        for p in g.players:
            s = per[p]
            s["games"] += 1
            s["expected"] += 1 / len(g.players)
            s["results"].append(p == loser)
            s["halves"] += len(halves)
            for q in g.players:
                if q != p:
                    played_with[p][q] = played_with[p].get(q, 0) + 1
        per[loser]["games_lost"] += 1
        for q in g.players:
            if q != loser:
                loses_to[loser][q] = loses_to[loser].get(q, 0) + 1
        if g.blattschuss:
            per[loser]["blattschuss"] += 1
        for sec in g.sections:
            taker = g.players[sec.loser]
            if sec.section in HALVES:
                per[taker]["halves_lost"] += 1
            else:
                for seat in {halves[0].loser, halves[1].loser}:
                    per[g.players[seat]]["finales"] += 1
                per[taker]["finales_lost"] += 1
            if sec.schock_aus:
                per[taker]["taken"] += 1
                if sec.given_by is not None:
                    giver = g.players[sec.given_by]
                    per[giver]["given"] += 1
                    schock_aus_to[giver][taker] = schock_aus_to[giver].get(taker, 0) + 1
    members: list[MemberStats] = []
    for n in names:
        s = per[n]
        lost, unbeaten, current = _streaks(s["results"])
        members.append(
            {
                "name": n,
                "guest": guests.get(n, False),
                "evenings": evenings.get(n, 0),
                "games": s["games"],
                "games_lost": s["games_lost"],
                "games_lost_share": s["games_lost"] / s["games"] if s["games"] else None,
                "games_lost_ci95": list(wilson(s["games_lost"], s["games"])),
                "games_lost_expected": round(s["expected"], 6),
                "halves": s["halves"],
                "halves_lost": s["halves_lost"],
                "halves_lost_share": s["halves_lost"] / s["halves"] if s["halves"] else None,
                "halves_lost_ci95": list(wilson(s["halves_lost"], s["halves"])),
                "finales": s["finales"],
                "finales_lost": s["finales_lost"],
                "blattschuss": s["blattschuss"],
                "schock_aus_given": s["given"],
                "schock_aus_taken": s["taken"],
                "longest_losing_streak": lost,
                "longest_unbeaten_streak": unbeaten,
                "current_streak": current,
            }
        )
    return {
        "games": len(games),
        "games_with_halves": with_halves,
        "members": members,
        "loses_to": {n: dict(sorted(v.items())) for n, v in loses_to.items()},
        "played_with": {n: dict(sorted(v.items())) for n, v in played_with.items()},
        "schock_aus_to": {n: dict(sorted(v.items())) for n, v in schock_aus_to.items()},
    }


def _streaks(results: Sequence[bool]) -> tuple[int, int, int]:
    """The longest runs of games lost and not lost, and the run at the end (lost: negative).

    >>> _streaks([True, True, False, False, False, True])
    (2, 3, -1)
    """
    longest = {True: 0, False: 0}
    run = 0
    last: bool | None = None
    for lost in results:
        run = run + 1 if lost == last else 1
        last = lost
        longest[lost] = max(longest[lost], run)
    current = 0 if last is None else (-run if last else run)
    return longest[True], longest[False], current


# ---------------------------------------------------------------------- helpers


def _read_record(record: GameRecord | str | Mapping[str, Any]) -> GameRecord:
    if isinstance(record, GameRecord):
        return record
    try:
        if isinstance(record, str):
            return parse_record(record)
        return record_from_dict(dict(record) if isinstance(record, Mapping) else record)
    except RecordError as exc:
        raise ClubError(f"the record is refused: {exc}") from None


def _meta_text(meta: Mapping[str, Any] | None) -> str:
    if meta is None:
        return "{}"
    if not isinstance(meta, Mapping):
        raise ClubError("a game's meta is a JSON object")
    try:
        text = json.dumps(dict(meta), ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        raise ClubError(
            "a game's meta holds only JSON values (texts, numbers, lists, ...)"
        ) from None
    if len(text) > 4000:
        raise ClubError(f"a game's meta has at most 4000 characters as JSON, not {len(text)}")
    return text


def _check_timestamp(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ClubError(f"{what} is a time like 2024-03-05T20:15:00+00:00, not {_show(value)}")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ClubError(
            f"{what} is a time like 2024-03-05T20:15:00+00:00, not {_show(value)}"
        ) from None
    return value


_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _csv_value(value: object) -> object:
    """A cell of a CSV. A text a spreadsheet would take for a formula (one that begins with
    ``= + - @``, a tab or a carriage return: a member named ``=1+1``, an expense
    ``=cmd|' /C calc'!A0``) gets a single quote in front (OWASP's rule against CSV injection),
    but a plain number such as ``-3.50`` stays a number."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float):
        return f"{value:.4f}"
    if value is None:
        return ""
    formula = isinstance(value, str) and value.startswith(_FORMULA_START)
    if formula and not _PLAIN_NUMBER.fullmatch(str(value)):
        return "'" + str(value)
    return value


def _no_constant(name: str) -> object:
    raise ClubError(f"not valid JSON: {name} is not a number in JSON")


def _why(exc: sqlite3.Error) -> str:
    text = str(exc)
    if "readonly" in text or "read-only" in text:
        return f"the file cannot be written ({text})"
    if "full" in text:
        return f"the disk is full ({text})"
    if "locked" in text or "busy" in text:
        return f"another program holds the file ({text})"
    if "not a database" in text:
        return "it is not an SQLite database"
    return text


class _Doc:
    """A JSON object of an export, with where it is for messages."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ClubError(f"{where or 'an export'} must be a JSON object")
        self.data: dict[str, Any] = data
        self.where = where

    def get(self, key: str) -> Any:
        return self.data.get(key)

    def only(self, *keys: str) -> None:
        unknown = [k for k in self.data if k not in keys]
        if unknown:
            raise ClubError(
                f"{self.where or 'the export'}: unknown field {unknown[0]!r}; "
                f"the fields are {', '.join(keys)}"
            )

    def obj(self, key: str) -> _Doc:
        return _Doc(self.data.get(key), self._at(key))

    def _at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def objs(self, key: str) -> list[_Doc]:
        items = self.data.get(key)
        if not isinstance(items, list):
            raise ClubError(f"{self._at(key)} must be a list")
        return [_Doc(x, f"{self._at(key)}[{i}]") for i, x in enumerate(items)]

    def names(self, key: str) -> list[str]:
        items = self.data.get(key)
        if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
            raise ClubError(f"{self._at(key)} must be a list of names")
        return items


__all__ = [
    "CSV_KINDS",
    "DEFAULT_DB",
    "NO_ACCESS",
    "PRICE_ITEMS",
    "SCHEMA_VERSION",
    "SESSION_DAYS",
    "SOURCES",
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
    "SessionInfo",
    "check_date",
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
