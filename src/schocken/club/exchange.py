"""The club in and out: its CSV tables for a spreadsheet, and the export that an import
reads back exactly."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from schocken.club.access import (
    _check_hash,
)
from schocken.club.our_rules import _OurRules, check_rules
from schocken.club.transfer import check_bic, check_holder, check_iban
from schocken.club.values import (
    BOT_SEATS,
    CSV_SECTIONS,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    HALVES,
    ClubInfo,
    ExpenseInfo,
    MemberStats,
    _show,
    check_date,
    check_season_start,
    check_text,
    slug_of,
)
from schocken.errors import ClubError, json_error_said
from schocken.events import Section
from schocken.texts import refused, said

BOT_SEATS_DEFAULT = next(iter(BOT_SEATS))
"""What a bot's seat counts as in a club that has not chosen (and in an export without it)."""

CSV_KINDS = ("games", "ledger", "balances", "stats", "evenings", "kitty")
"""The tables :meth:`ClubBook.csv` writes."""


def _check_timestamp(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise refused(ClubError, "club_refuse_time", what=what, value=_show(value))
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise refused(ClubError, "club_refuse_time", what=what, value=_show(value)) from None
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
    raise refused(ClubError, "club_refuse_json_constant", name=name)


class _Doc:
    """A JSON object of an export, with where it is for messages."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise refused(
                ClubError, "club_refuse_json_object", where=where or said("club_word_an_export")
            )
        self.data: dict[str, Any] = data
        self.where = where

    def get(self, key: str) -> Any:
        return self.data.get(key)

    def only(self, *keys: str) -> None:
        unknown = [k for k in self.data if k not in keys]
        if unknown:
            raise refused(
                ClubError,
                "club_refuse_json_field",
                where=self.where or said("club_word_the_export"),
                field=unknown[0],
                fields=", ".join(keys),
            )

    def obj(self, key: str) -> _Doc:
        return _Doc(self.data.get(key), self._at(key))

    def _at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def objs(self, key: str) -> list[_Doc]:
        items = self.data.get(key)
        if not isinstance(items, list):
            raise refused(ClubError, "club_refuse_json_list", where=self._at(key))
        return [_Doc(x, f"{self._at(key)}[{i}]") for i, x in enumerate(items)]

    def names(self, key: str) -> list[str]:
        items = self.data.get(key)
        if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
            raise refused(ClubError, "club_refuse_json_names", where=self._at(key))
        return items


class _Exchange(_OurRules):
    """CSV, export and import."""

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
            raise refused(ClubError, "club_refuse_csv", kind=kind, kinds=", ".join(CSV_KINDS))
        return out.getvalue()

    # ------------------------------------------------------------------ export and import

    def export_club(self, club: str) -> str:
        """The whole club as JSON text (format ``schocken-club``, version 1): the same text
        after :meth:`import_club` into any book. Holds the hashes of the secret and password,
        never the secret itself. The kitty's ``expenses``, the catalogue's ``fine_items`` and
        the bank ``account`` and the club's own ``rules`` are written when the club has
        them."""
        db = self.db
        cid, name, _, created, currency, start, secret_hash, password_hash = self._club_row(club)
        names = self._member_names(cid)
        members = [
            {"name": r[0], "guest": bool(r[1]), "joined": r[2], "left": r[3]}
            for r in db.execute(
                "SELECT name, guest, joined, left_on FROM club_members WHERE club_id = ? "
                "AND bot = 0 ORDER BY id",
                (cid,),
            )
        ]
        evenings = []
        for evening, day, place, note, kind in db.execute(
            "SELECT id, date, place, note, kind FROM club_evenings WHERE club_id = ? ORDER BY date",
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
                bot_seats = [
                    int(r[0])
                    for r in db.execute(
                        "SELECT p.seat FROM club_game_players p JOIN club_members m "
                        "ON m.id = p.member_id WHERE p.game_id = ? AND m.bot = 1 ORDER BY p.seat",
                        (gid,),
                    )
                ]
                if bot_seats:  # only then, as with expenses: older exports stay as they were
                    item["bots"] = bot_seats
                games.append(item)
            line: dict[str, Any] = {"date": day}
            if kind != "evening":  # only then: an export without one is read by older schocken
                line["kind"] = kind
            line.update(place=place, note=note, present=info["present"], games=games)
            evenings.append(line)
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
        bots_as = self.club(club)["bot_seats"]
        if bots_as != BOT_SEATS_DEFAULT:  # only then: older exports stay as they were
            data["club"]["bot_seats"] = bots_as
        expenses = self._export_expenses(cid)
        if expenses:  # only then: an export of a club without them is read by older schocken too
            data["expenses"] = expenses
        fines = self._fine_items(cid)
        if fines:  # the same
            data["fine_items"] = fines
        account = self.account(club)
        if account is not None:  # the same
            data["account"] = account
        rules = self.our_rules(club)
        if rules is not None:  # the same
            data["rules"] = rules
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
                if "id" in columns:
                    db.ids_written(table)
        return self.club(checked.name)

    def _import_whole(self, text: str) -> str:
        """:meth:`import_club` as one transaction of this book, checks and writes together
        (into the book in memory of :func:`check_import`); the club's name."""
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise refused(ClubError, "club_refuse_json", why=json_error_said(exc)) from None
        except (RecursionError, ValueError):
            raise refused(ClubError, "club_refuse_json_deep") from None
        doc = _Doc(data, "")
        if doc.get("format") != EXPORT_FORMAT:
            raise refused(ClubError, "club_refuse_export_format", format=EXPORT_FORMAT)
        version = doc.get("version")
        if type(version) is not int or version != EXPORT_VERSION:
            raise refused(
                ClubError, "club_refuse_export_version", value=_show(version), own=EXPORT_VERSION
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
            "account",
            "rules",
            "log",
        )
        head = doc.obj("club")
        head.only(
            "name",
            "created",
            "currency",
            "season_start",
            "secret_hash",
            "password_hash",
            "bot_seats",
        )
        with self._tx():
            cid = self._insert_club(
                self._check_club_name(head.get("name")),
                _check_timestamp(head.get("created"), "'club.created'"),
                check_text(head.get("currency"), said("club_what_currency"), required=True),
                check_season_start(head.get("season_start")),
                _check_hash(head.get("secret_hash"), "'club.secret_hash'"),
                _check_hash(head.get("password_hash"), "'club.password_hash'"),
            )
            bots_as = head.get("bot_seats") if "bot_seats" in head.data else BOT_SEATS_DEFAULT
            if bots_as not in BOT_SEATS:
                raise refused(
                    ClubError,
                    "club_refuse_export_bot_seats",
                    kinds=said("club_word_bot_seats"),
                    value=_show(bots_as),
                )
            self.db.execute("UPDATE club_clubs SET bot_seats = ? WHERE id = ?", (bots_as, cid))
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
                    raise refused(ClubError, "club_refuse_at", where=f.where, why=exc) from None
            if "account" in doc.data:
                a = doc.obj("account")
                a.only("iban", "holder", "bic")
                try:
                    self.db.execute(
                        "INSERT INTO club_accounts (club_id, iban, holder, bic) "
                        "VALUES (?, ?, ?, ?)",
                        (
                            cid,
                            check_iban(a.get("iban")),
                            check_holder(a.get("holder")),
                            check_bic(a.get("bic")),
                        ),
                    )
                except ClubError as exc:
                    raise refused(ClubError, "club_refuse_at", where=a.where, why=exc) from None
            if "rules" in doc.data:
                try:
                    rules = check_rules(doc.data["rules"])
                except ClubError as exc:
                    raise refused(ClubError, "club_refuse_at", where="'rules'", why=exc) from None
                self.db.execute(
                    "INSERT INTO club_rules (club_id, rules) VALUES (?, ?)",
                    (cid, json.dumps(rules, ensure_ascii=False)),
                )
            for p in doc.objs("prices"):
                p.only("item", "valid_from", "cents")
                self._insert_price(
                    cid, p.get("item"), p.get("cents"), p.get("valid_from"), replace=False
                )
            last = ""
            for e in doc.objs("evenings"):
                e.only("date", "kind", "place", "note", "present", "games")
                day = check_date(e.get("date"), said("club_what_an_evening_date"))
                if day <= last:
                    raise refused(ClubError, "club_refuse_evenings_order", where=e.where)
                last = day
                evening = self._insert_evening(
                    cid,
                    day,
                    e.get("place"),
                    e.get("note"),
                    e.names("present"),
                    e.get("kind") if "kind" in e.data else "evening",
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
                        "bots",
                    )
                    n = g.get("number")
                    if type(n) is not int or n <= number:
                        raise refused(
                            ClubError, "club_refuse_game_number_order", where=g.where, number=number
                        )
                    number = n
                    void = g.get("void")
                    if void is not None:
                        void = check_text(void, f"{g.where}: 'void'", required=True)
                    meta = g.get("meta")
                    if not isinstance(meta, dict):
                        raise refused(ClubError, "club_refuse_meta_object", where=g.where)
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
                            bots=g.get("bots") if "bots" in g.data else (),
                        )
                    except ClubError as exc:
                        raise refused(ClubError, "club_refuse_at", where=g.where, why=exc) from None
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
                    raise refused(ClubError, "club_refuse_at", where=x.where, why=exc) from None
            for entry in doc.objs("log"):
                entry.only("at", "action", "detail")
                action = entry.get("action")
                detail = entry.get("detail")
                if not isinstance(action, str) or not re.fullmatch(r"[a-z_]{1,40}", action):
                    raise refused(ClubError, "club_refuse_log_action", where=entry.where)
                if not isinstance(detail, dict):
                    raise refused(ClubError, "club_refuse_log_detail", where=entry.where)
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


_IMPORT_TABLES: dict[str, dict[str, str]] = {
    "club_clubs": {"id": "club_clubs"},
    "club_members": {"id": "club_members", "club_id": "club_clubs"},
    "club_fine_items": {"id": "club_fine_items", "club_id": "club_clubs"},
    "club_accounts": {"club_id": "club_clubs"},
    "club_rules": {"club_id": "club_clubs"},
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
    with _Exchange(":memory:") as book:
        name = book._import_whole(text)
        rows: dict[str, tuple[tuple[str, ...], list[list[Any]]]] = {}
        for table in _IMPORT_TABLES:
            cur = book.db.execute(f"SELECT * FROM {table} ORDER BY rowid")
            columns = tuple(d[0] for d in cur.description)
            rows[table] = (columns, [list(row) for row in cur])
    return CheckedImport(name, rows)
