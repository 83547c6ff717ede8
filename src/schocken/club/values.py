"""Plain data in and out of the book: the checks of names, dates, amounts and seasons,
the book's limits, and the shapes of its answers (:class:`typing.TypedDict`)."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, TypedDict

from schocken.errors import ClubError
from schocken.events import Section
from schocken.texts import Said, refused, said

DEFAULT_DB = Path("schocken-data") / "schocken.sqlite3"
"""Where the book is kept by default: the game server's file (``schocken serve`` with its
default ``--data schocken-data``), relative to the working folder."""

SCHEMA_VERSION = 9
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

BOT_SEATS: dict[str, str] = {
    "not_counted": "a bot's seat counts for nobody: the game goes in whole, the bot is named in "
    "it but is no member; what the bot lost costs nobody and counts in no member's statistics",
    "guest": "a bot's seat is a guest of the club named after the bot (made when its first game "
    "comes in): charged for what it lost like any guest, never for evenings missed",
}
"""What a bot's seat of an online table counts as when the table's game goes into the book (the
club's setting; the first is the default). See docs/club.md, "Bots at online tables"."""

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


# ---------------------------------------------------------------------- what comes out


class ClubInfo(TypedDict):
    name: str
    slug: str
    created: str
    currency: str
    season_start: str
    has_secret: bool
    has_password: bool
    bot_seats: str


class MemberInfo(TypedDict):
    name: str
    guest: bool
    joined: str | None
    left: str | None


class RenamedInfo(TypedDict):
    name: str
    """A name a member had before a rename, which no member has now."""
    now: str
    """The member's name now."""


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


class GameTournament(TypedDict):
    """Where a game of a tournament was played: the tournament (its slug and name), the round,
    the table, the game's number at that table."""

    slug: str
    name: str
    round: int
    table: int
    game: int


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
    bots: list[str]
    """The players who were bots not counted (:data:`BOT_SEATS` ``not_counted``): no members."""
    tournament: GameTournament | None
    """For a game a tournament booked: where it was played."""


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


class AccountInfo(TypedDict):
    """The club's bank account, where members pay (by a QR code: :mod:`.transfer`)."""

    iban: str
    holder: str
    bic: str


class RulesInfo(TypedDict):
    """The club's own rules ("our rules"): a rule set as data, its preset and the options in
    which it differs from it (:func:`schocken.rules.rules_to_data`)."""

    preset: str
    overrides: dict[str, object]


class TransferInfo(TypedDict):
    """What a member pays to settle their balance, as a transfer and its QR payload."""

    member: str
    cents: int
    iban: str
    holder: str
    reference: str
    """The reference as the code carries it (in the SEPA character set, cut to fit)."""
    adjusted: bool
    """Whether the reference differs from "Schockbuch <club> <member>": letters a banking app
    does not take spelled otherwise or left out, or the text cut to fit the code."""
    payload: str
    """EPC069-12 text, for a QR code."""


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


What = Said | str
"""What a refusal calls the value it refuses: words of the catalogue (:func:`~schocken.texts.said`,
said in the refusal's language) or the place of a field in a file (``"'club.created'"``)."""


def check_date(value: object, what: What | None = None) -> str:
    """A date as ``YYYY-MM-DD``, checked (a real day); ``what`` names it in a refusal."""
    what = said("club_what_date") if what is None else what
    if not isinstance(value, str) or not _DATE.match(value):
        raise refused(ClubError, "club_refuse_date_form", what=what, value=_show(value))
    try:
        date.fromisoformat(value)
    except ValueError:
        raise refused(ClubError, "club_refuse_date_none", what=what, value=value) from None
    return value


def today() -> str:
    return date.today().isoformat()


def check_text(value: object, what: What, *, required: bool = False) -> str:
    """A place, note or reason: text without control characters, at most :data:`MAX_TEXT`
    characters, runs of white space made one."""
    if not isinstance(value, str):
        raise refused(ClubError, "club_refuse_text_kind", what=what, value=_show(value))
    for ch in value:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs") and ch not in "\t\n\r":
            raise refused(ClubError, "club_refuse_text_control", what=what, code=f"U+{ord(ch):04X}")
    text = " ".join(value.split())
    if required and not text:
        raise refused(ClubError, "club_refuse_text_blank", what=what)
    if len(text) > MAX_TEXT:
        raise refused(ClubError, "club_refuse_text_long", what=what, most=MAX_TEXT, count=len(text))
    return text


def check_cents(value: object, what: What, *, negative: bool = False, zero: bool = True) -> int:
    """An amount in cents: a whole number, at most :data:`MAX_CENTS` either way."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise refused(ClubError, "club_refuse_cents_kind", what=what, value=_show(value))
    if not negative and value < 0:
        raise refused(ClubError, "club_refuse_cents_negative", what=what, cents=value)
    if not zero and value == 0:
        raise refused(ClubError, "club_refuse_cents_zero", what=what)
    if abs(value) > MAX_CENTS:
        raise refused(
            ClubError,
            "club_refuse_cents_most",
            what=what,
            most=MAX_CENTS // 100,
            most_cents=MAX_CENTS,
            cents=value,
        )
    return value


def check_password(value: object) -> str:
    """A club's password: a text of :data:`MIN_PASSWORD` to 1024 characters."""
    if not isinstance(value, str) or len(value) < MIN_PASSWORD:
        raise refused(ClubError, "club_refuse_password_short", least=MIN_PASSWORD)
    if len(value) > 1024:
        raise refused(ClubError, "club_refuse_password_long", most=1024)
    return value


def parse_amount(text: str) -> int:
    """An amount as people write it, in cents: ``"2,50"``, ``"2.50"``, ``"3"``, ``"-1,20"``.

    >>> parse_amount("2,50"), parse_amount("3"), parse_amount("-0.5")
    (250, 300, -50)
    """
    m = re.fullmatch(r"\s*([+-]?)(\d{1,9})(?:[.,](\d{1,2}))?\s*(?:€|EUR)?\s*", text)
    if not m:
        raise refused(ClubError, "club_refuse_amount", text=text)
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
        raise refused(ClubError, "club_refuse_season_start_form", value=_show(value))
    try:
        date(2000, int(m.group(1)), int(m.group(2)))  # a leap year: 02-29 passes here
    except ValueError:
        raise refused(ClubError, "club_refuse_season_start_none", value=value) from None
    if value == "02-29":
        raise refused(ClubError, "club_refuse_season_start_leap")
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
        raise refused(ClubError, "club_refuse_season_form", example=example, label=label)
    first = int(m.group(1))
    if m.group(2) and int(m.group(2)) != (first + 1) % 100:
        raise refused(
            ClubError, "club_refuse_season_none", label=label, first=first, then=first + 1
        )
    return f"{first:04d}-{start}", f"{first + 1:04d}-{start}"


def _show(value: object) -> str:
    """A value in a message, cut short."""
    text = repr(value)
    return text if len(text) <= 50 else text[:50] + "…"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
