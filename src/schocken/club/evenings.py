"""Evenings (who came) and their games: from a record (replayed) or just a loser, as facts
the accounts and statistics read."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from schocken.club.members import (
    _Members,
)
from schocken.club.values import (
    HALVES,
    SECTIONS,
    EveningInfo,
    GameInfo,
    GameTournament,
    SectionInfo,
    _show,
    check_date,
    check_text,
    season_of,
    season_range,
)
from schocken.errors import ClubError, RecordError
from schocken.events import RoundEnded, RoundKind, SectionEnded
from schocken.players import MAX_PLAYERS, MIN_PLAYERS, name_key
from schocken.record import GameRecord, parse_record, record_from_dict, replay
from schocken.texts import refused, said

EVENING_KINDS = ("evening", "tournament")
"""What an evening of the club is: a club evening, or a tournament (:mod:`schocken.tournament`)."""

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
        raise refused(ClubError, "club_refuse_record", why=exc) from None
    if game.loser is None:
        raise refused(ClubError, "club_refuse_record_unfinished")
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
        raise refused(
            ClubError, "club_refuse_loser_not_playing", name=loser, players=", ".join(players)
        )
    if len(halves) > 2:
        raise refused(
            ClubError, "club_refuse_halves_count", count=len(halves), names=", ".join(halves)
        )
    for h in halves:
        if h not in seats:
            raise refused(ClubError, "club_refuse_half_loser_not_playing", name=h)
    unknown = [s for s in schock_aus if s not in SECTIONS]
    if unknown:
        raise refused(
            ClubError, "club_refuse_section", value=unknown[0], sections=", ".join(SECTIONS)
        )
    if schock_aus and not halves:
        raise refused(ClubError, "club_refuse_schock_aus_halves")
    sections = [
        _Section(sec, seats[h], sec in schock_aus, None)
        for sec, h in zip(HALVES, halves, strict=False)
    ]
    if len(halves) == 1 and halves[0] != loser:
        raise refused(ClubError, "club_refuse_one_half", name=halves[0])
    if len(halves) == 2:
        if halves[0] == halves[1] and loser != halves[0]:
            raise refused(ClubError, "club_refuse_blattschuss", name=halves[0])
        if halves[0] != halves[1]:
            if loser not in halves:
                raise refused(
                    ClubError,
                    "club_refuse_finale_loser",
                    first=halves[0],
                    second=halves[1],
                    name=loser,
                )
            sections.append(_Section("finale", seats[loser], "finale" in schock_aus, None))
    named = {s.section for s in sections}
    missing = [s for s in schock_aus if s not in named]
    if missing:
        raise refused(ClubError, f"club_refuse_unplayed_{missing[0]}")
    return GameFacts(tuple(players), seats[loser], tuple(sections))


BOT_KEY = " bot "
"""The start of the key of a bot that is no member: a member's key (:func:`name_key`) never
begins with a space, so no member's name finds it."""


def _check_bot_seats(bots: object, players: int, has_record: bool) -> set[int]:
    """The seats of a game that bots played, checked: distinct seats of its record."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise refused(ClubError, "club_refuse_bots_kind", value=_show(bots))
    seats = set()
    for seat in bots:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise refused(ClubError, "club_refuse_bot_seat", most=players - 1, value=_show(seat))
        if seat in seats:
            raise refused(ClubError, "club_refuse_bot_seat_twice", seat=seat)
        seats.add(seat)
    if seats and not has_record:
        raise refused(ClubError, "club_refuse_bots_by_loser")
    if len(seats) >= players:
        raise refused(ClubError, "club_refuse_bots_alone")
    return seats


def _seats_of(players: Sequence[str]) -> dict[str, int]:
    if isinstance(players, str) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise refused(
            ClubError,
            "club_refuse_players_count",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=len(players),
        )
    seats: dict[str, int] = {}
    for i, p in enumerate(players):
        if p in seats:
            raise refused(ClubError, "club_refuse_player_twice", name=p)
        seats[p] = i
    return seats


def _read_record(record: GameRecord | str | Mapping[str, Any]) -> GameRecord:
    if isinstance(record, GameRecord):
        return record
    try:
        if isinstance(record, str):
            return parse_record(record)
        return record_from_dict(dict(record) if isinstance(record, Mapping) else record)
    except RecordError as exc:
        raise refused(ClubError, "club_refuse_record", why=exc) from None


def _tournament_of(meta: str) -> GameTournament | None:
    """Where a game of a tournament was played (the meta :mod:`schocken.tournament` keeps with
    the games it books; a game booked before it kept the tournament's name is named by its
    slug), or ``None``."""
    data = json.loads(meta) if meta else {}
    slug, name = data.get("tournament"), data.get("name")
    numbers: list[int] = [
        x
        for x in (data.get(k) for k in ("round", "table", "game"))
        if isinstance(x, int) and not isinstance(x, bool)
    ]
    if not isinstance(slug, str) or len(numbers) != 3:
        return None
    round_number, table, game = numbers
    return {
        "slug": slug,
        "name": name if isinstance(name, str) and name else slug,
        "round": round_number,
        "table": table,
        "game": game,
    }


def _meta_text(meta: Mapping[str, Any] | None) -> str:
    if meta is None:
        return "{}"
    if not isinstance(meta, Mapping):
        raise refused(ClubError, "club_refuse_meta_kind")
    try:
        text = json.dumps(dict(meta), ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        raise refused(ClubError, "club_refuse_meta_values") from None
    if len(text) > 4000:
        raise refused(ClubError, "club_refuse_meta_long", most=4000, count=len(text))
    return text


class _Evenings(_Members):
    """Evenings and games."""

    # ------------------------------------------------------------------ evenings

    def add_evening(
        self,
        club: str,
        day: str,
        *,
        place: str = "",
        note: str = "",
        present: Sequence[str] = (),
        kind: str = "evening",
    ) -> EveningInfo:
        """A new evening of the club: its date, the place, and who came; ``kind``: a club
        evening or a ``"tournament"`` (:mod:`schocken.tournament`)."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_evening(cid, day, place, note, present, kind)
            detail = {"kind": kind} if kind != "evening" else {}
            self._log(cid, "evening_added", date=day, place=place, present=list(present), **detail)
        return self.evening(club, day)

    def _insert_evening(
        self,
        cid: int,
        day: object,
        place: object,
        note: object,
        present: Sequence[str],
        kind: object = "evening",
    ) -> int:
        day = check_date(day, said("club_what_evening_date"))
        place = check_text(place, said("club_what_place"))
        note = check_text(note, said("club_what_note"))
        if kind not in EVENING_KINDS:
            raise refused(
                ClubError,
                "club_refuse_evening_kind",
                kinds=", ".join(EVENING_KINDS),
                value=_show(kind),
            )
        if self.db.execute(
            "SELECT 1 FROM club_evenings WHERE club_id = ? AND date = ?", (cid, day)
        ).fetchone():
            raise refused(ClubError, "club_refuse_evening_twice", date=day)
        evening = self.db.insert(
            "INSERT INTO club_evenings (club_id, date, kind, place, note) VALUES (?, ?, ?, ?, ?)",
            (cid, day, kind, place, note),
        )
        self._mark_present(cid, evening, present)
        return evening

    def _mark_present(self, cid: int, evening: int, names: Sequence[str]) -> list[str]:
        if isinstance(names, str):
            raise refused(ClubError, "club_refuse_present_text")
        if not isinstance(names, (list, tuple)):
            raise refused(ClubError, "club_refuse_present_kind", value=_show(names))
        added = []
        for name in names:
            mid = self._member_id(cid, name)
            cur = self.db.execute(
                "INSERT INTO club_present (evening_id, member_id) VALUES (?, ?) "
                "ON CONFLICT DO NOTHING",
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
            raise refused(ClubError, "club_refuse_no_evening_yet")
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
        bots: Sequence[int] = (),
    ) -> GameInfo:
        """A game of an evening: a full ``record`` (a :class:`GameRecord`, its JSON text or
        parsed JSON; ``source`` "pub" or "online"), or just its ``loser`` with the ``players``
        (default: who came to the evening) and, if known, the ``halves``' losers and the
        sections that ended by ``schock_aus``. The players must be members; they are marked as
        present. ``meta``: a JSON object kept with the game (a table number, a tournament round).
        ``bots``: the seats of the record that bots played (an online table's); each counts as
        the club's setting says (:data:`~schocken.club.values.BOT_SEATS`,
        :meth:`set_bot_seats`): not counted, or a guest named after the bot.
        """
        with self._tx():
            cid = self._club_id(club)
            bots_as = str(
                self.db.execute("SELECT bot_seats FROM club_clubs WHERE id = ?", (cid,)).fetchone()[
                    0
                ]
            )
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
                bots=bots,
                bots_as=bots_as,
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
        bots: Sequence[int] = (),
        bots_as: str = "not_counted",
    ) -> int:
        note = check_text(note, said("club_what_game_note"))
        meta_text = _meta_text(meta)
        text: str | None = None
        sha: str | None = None
        if record is not None:
            if loser is not None or halves or schock_aus:
                raise refused(ClubError, "club_refuse_record_and_loser")
            source = source or "pub"
            if source not in ("pub", "online"):
                raise refused(ClubError, "club_refuse_record_source", value=_show(source))
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
                raise refused(ClubError, "club_refuse_game_twice", number=same[1], date=same[0])
            if players is not None and list(players) != list(facts.players):
                raise refused(ClubError, "club_refuse_record_players")
        else:
            if loser is None:
                raise refused(ClubError, "club_refuse_game_needs")
            if source not in (None, "loser"):
                raise refused(ClubError, "club_refuse_loser_source", source=source)
            source = "loser"
            assert players is not None
            if not players:
                raise refused(ClubError, "club_refuse_nobody_came")
            if isinstance(players, str) or not all(isinstance(p, str) for p in players):
                raise refused(ClubError, "club_refuse_game_players_kind")
            if not isinstance(loser, str):
                raise refused(ClubError, "club_refuse_loser_kind", value=_show(loser))
            facts = facts_of_loser(list(players), loser, list(halves), list(schock_aus))
        names = list(members) if members is not None else list(facts.players)
        if len(names) != len(facts.players):
            raise refused(
                ClubError,
                "club_refuse_record_members",
                players=len(facts.players),
                count=len(names),
            )
        bot_seats = _check_bot_seats(bots, len(names), record is not None)
        member_ids = [
            (self._bot_seat(cid, n, bots_as) if seat in bot_seats else self._member_id(cid, n))
            for seat, n in enumerate(names)
        ]
        uncounted = self._bot_ids(cid) if bot_seats else set()
        if len(set(member_ids)) != len(member_ids):
            raise refused(ClubError, "club_refuse_member_two_seats")
        if number is None:
            row = self.db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM club_games WHERE evening_id = ?", (evening,)
            ).fetchone()
            number = int(row[0]) + 1
        gid = self.db.insert(
            "INSERT INTO club_games (evening_id, number, source, record, record_sha, loser_id, "
            "note, meta, void) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (evening, number, source, text, sha, member_ids[facts.loser], note, meta_text, void),
        )
        for seat, mid in enumerate(member_ids):
            self.db.execute(
                "INSERT INTO club_game_players (game_id, seat, member_id) VALUES (?, ?, ?)",
                (gid, seat, mid),
            )
            if mid not in uncounted:
                self.db.execute(
                    "INSERT INTO club_present (evening_id, member_id) VALUES (?, ?) "
                    "ON CONFLICT DO NOTHING",
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

    def _bot_seat(self, cid: int, name: str, bots_as: str) -> int:
        """The row a bot's seat named ``name`` goes to: a bot that is no member (``not_counted``)
        or a guest named after it (``guest``), either made if the book has none yet."""
        if bots_as == "guest":
            for candidate in (name, f"{name} (Bot)"):
                row = self.db.execute(
                    "SELECT id, guest FROM club_members WHERE club_id = ? AND key = ? AND bot = 0",
                    (cid, name_key(candidate)),
                ).fetchone()
                if row is None:
                    self._insert_member(cid, candidate, True, None, None)
                    self._log(cid, "member_added", name=candidate, guest=True, joined=None)
                    return self._member_id(cid, candidate)
                if row[1]:
                    return int(row[0])
            raise refused(ClubError, "club_refuse_bot_guest", name=name, other=name + " (Bot)")
        key = BOT_KEY + name_key(name)
        row = self.db.execute(
            "SELECT id FROM club_members WHERE club_id = ? AND key = ?", (cid, key)
        ).fetchone()
        if row is not None:
            return int(row[0])
        return self.db.insert(
            "INSERT INTO club_members (club_id, name, key, guest, joined, left_on, bot) "
            "VALUES (?, ?, ?, 1, NULL, NULL, 1)",
            (cid, name, key),
        )

    def void_game(self, club: str, day: str, number: int, reason: str) -> GameInfo:
        """Strike a game out (it stays in the book, with the reason, but counts no more)."""
        reason = check_text(reason, said("club_what_reason"), required=True)
        with self._tx() as db:
            cid = self._club_id(club)
            gid = self._game_id(cid, day, number)
            if db.execute("SELECT void FROM club_games WHERE id = ?", (gid,)).fetchone()[0]:
                raise refused(ClubError, "club_refuse_struck_already", number=number, date=day)
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
        day, number, source, loser, note, void, meta = self.db.execute(
            "SELECT e.date, g.number, g.source, m.name, g.note, g.void, g.meta FROM club_games g "
            "JOIN club_evenings e ON e.id = g.evening_id JOIN club_members m ON m.id = g.loser_id "
            "WHERE g.id = ?",
            (gid,),
        ).fetchone()
        seats = self.db.execute(
            "SELECT m.name, m.bot FROM club_game_players p JOIN club_members m "
            "ON m.id = p.member_id WHERE p.game_id = ? ORDER BY p.seat",
            (gid,),
        ).fetchall()
        players = [r[0] for r in seats]
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
            "bots": [r[0] for r in seats if r[1]],
            "tournament": _tournament_of(meta),
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
