"""What an organiser does with a tournament: create it, register players (and teams), draw the
rounds, enter the games, read the ranking. Each change is one transaction; a refusal changes
nothing and says why in one line (:class:`~schocken.errors.TournamentError`)."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from schocken.club.values import _now, _show, check_date, check_text, slug_of
from schocken.errors import ClubError, RecordError, TournamentError
from schocken.players import check_name, name_key
from schocken.record import GameRecord, parse_record, record_from_dict
from schocken.rules import Rules, find_preset, rules_to_data
from schocken.texts import Said, refused, said
from schocken.tournament.formats import Format, KnockoutStage, find_format, format_to_data
from schocken.tournament.plan import check_entry, next_seating, short_tables, stage_of
from schocken.tournament.ranking import Ranker
from schocken.tournament.results import GameResult, result_of_record
from schocken.tournament.rounds import adjusted_tables, round_info
from schocken.tournament.store import _Store
from schocken.tournament.values import (
    GameInfo,
    PlayerInfo,
    RankingInfo,
    RoundInfo,
    Seating,
    Tournament,
    TournamentInfo,
)

MAX_TEAM = 40
"""A team's name has at most this many characters."""
MAX_PLAYERS = 10_000
"""A tournament takes at most this many players (a capacity set is at most this too):
registering, the draw and the ranking are measured up to it (``bench/tournament_size.py``,
docs/tournament.md); beyond it a registration is refused in words."""


def _checked(check: Any, value: object, what: Said) -> str:
    """A date or text checked by the club's rules, refused as the tournament's."""
    try:
        return str(check(value, what))
    except ClubError as exc:
        raise refused(TournamentError, "tournament_refuse_as_is", why=exc) from None


def read_record(record: GameRecord | str | Mapping[str, Any]) -> GameRecord:
    """A record given as one, as its JSON text or as parsed JSON."""
    if isinstance(record, GameRecord):
        return record
    try:
        if isinstance(record, str):
            return parse_record(record)
        return record_from_dict(dict(record))
    except RecordError as exc:
        raise refused(TournamentError, "tournament_refuse_record", why=exc) from None


class _Book(_Store):
    """Tournaments: the organiser's part."""

    # ------------------------------------------------------------------ tournaments

    def create(
        self,
        name: str,
        *,
        date: str,
        place: str = "",
        club: str | None = None,
        format: str | Format = "werl",
        rules: Rules | None = None,
        capacity: int | None = None,
        seed: str | None = None,
    ) -> TournamentInfo:
        """A new tournament: of a club (its games go into the club's book, on an evening of
        kind ``tournament`` on ``date``) or on its own; ``rules`` default to the preset
        ``allgemein``; ``capacity``: the most players it takes; ``seed``: of the draw
        (default: a random one, kept)."""
        try:
            name = check_name(name)
        except ValueError as exc:
            raise refused(TournamentError, "tournament_refuse_tournament_name", why=exc) from None
        date = _checked(check_date, date, said("tournament_what_date"))
        place = _checked(check_text, place, said("club_what_place"))
        fmt = format if isinstance(format, Format) else find_format(format)
        rules = rules if rules is not None else find_preset("allgemein")
        if rules.more_halves and rules.finale:
            raise refused(TournamentError, "tournament_refuse_more_halves")
        if capacity is not None and (
            isinstance(capacity, bool)
            or not isinstance(capacity, int)
            or not 3 <= capacity <= MAX_PLAYERS
        ):
            raise refused(
                TournamentError,
                "tournament_refuse_capacity",
                value=_show(capacity),
                most=MAX_PLAYERS,
            )
        seed = secrets.token_hex(4) if seed is None else seed
        if not isinstance(seed, str) or not 1 <= len(seed) <= 64 or not seed.isprintable():
            raise refused(TournamentError, "tournament_refuse_seed")
        slug = slug_of(name)
        if not slug:
            raise refused(TournamentError, "tournament_refuse_no_slug", name=name)
        with self._tx() as db:
            if db.execute(
                "SELECT 1 FROM tournament_tournaments WHERE slug = ?", (slug,)
            ).fetchone():
                raise refused(TournamentError, "tournament_refuse_twice", name=name)
            club_name = None
            if club is not None:
                club_name = self.book.club(club)["name"]
                try:
                    self.book.evening(club_name, date)
                except ClubError:
                    self.book.add_evening(
                        club_name, date, place=place, note=name, kind="tournament"
                    )
            tid = db.insert(
                "INSERT INTO tournament_tournaments (slug, name, date, place, club, rules, "
                "format, seed, capacity, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    slug,
                    name,
                    date,
                    place,
                    club_name,
                    json.dumps(rules_to_data(rules), ensure_ascii=False, sort_keys=True),
                    json.dumps(format_to_data(fmt), ensure_ascii=False),
                    seed,
                    capacity,
                    _created(),
                ),
            )
            self._log(tid, "created", name=name, date=date, format=fmt.name, club=club_name)
        return self.info(name)

    def info(self, tournament: str) -> TournamentInfo:
        row = self._row(tournament)
        tid = int(row[0])

        def count(sql: str) -> int:
            return int(self.db.execute(sql, (tid,)).fetchone()[0])

        return {
            "slug": row[1],
            "name": row[2],
            "date": row[3],
            "place": row[4],
            "club": row[5],
            "format": json.loads(row[7])["name"],
            "rules": json.loads(row[6]),
            "seed": row[8],
            "capacity": None if row[9] is None else int(row[9]),
            "players": count("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?"),
            "teams": count(
                "SELECT COUNT(DISTINCT team) FROM tournament_players WHERE tournament_id = ?"
            ),
            "rounds": count(
                "SELECT COUNT(DISTINCT round) FROM tournament_seats WHERE tournament_id = ?"
            ),
            "games": count("SELECT COUNT(*) FROM tournament_games WHERE tournament_id = ?"),
        }

    def tournaments(self) -> list[TournamentInfo]:
        rows = self.db.execute("SELECT name FROM tournament_tournaments ORDER BY date, id")
        return [self.info(str(r[0])) for r in rows.fetchall()]

    # ------------------------------------------------------------------ players

    def register(
        self,
        tournament: str,
        names: Sequence[str],
        *,
        team: str | None = None,
        guest: bool | Sequence[str] = False,
    ) -> list[PlayerInfo]:
        """Players into the tournament (of a team, if given). For a club's tournament they are
        its members; ``guest``: one who is not is added to the club as a guest (``True``: any
        of them; a list of names: those named, each of ``names``). After the draw
        of a round a late entry sits at a table of that round that has not played, if one has
        room; otherwise they play from the next round."""
        if isinstance(names, str) or not names:
            raise refused(TournamentError, "tournament_refuse_register_names")
        if team is not None:
            team = _checked(check_text, team, said("tournament_what_team")).strip() or None
            if team is not None and len(team) > MAX_TEAM:
                raise refused(TournamentError, "tournament_refuse_team_long", most=MAX_TEAM)
        with self._tx() as db:
            row = self._row(tournament)
            tid, club, capacity = int(row[0]), row[5], row[9]
            checked = []
            for n in names:
                try:
                    checked.append(check_name(n))
                except ValueError as exc:
                    raise refused(
                        TournamentError, "tournament_refuse_player_name", why=exc
                    ) from None
            keys = [name_key(n) for n in checked]
            if len(set(keys)) != len(keys):
                raise refused(TournamentError, "tournament_refuse_name_twice")
            everyone, count = (
                int(x or 0)
                for x in db.execute(
                    "SELECT COUNT(*), SUM(CASE WHEN left_after IS NULL THEN 1 ELSE 0 END) "
                    "FROM tournament_players WHERE tournament_id = ?",
                    (tid,),
                ).fetchone()
            )
            if everyone + len(checked) > MAX_PLAYERS:  # those who left count: they played
                raise refused(
                    TournamentError,
                    "tournament_refuse_too_many",
                    most=MAX_PLAYERS,
                    count=everyone,
                    left=max(0, MAX_PLAYERS - everyone),
                )
            if capacity is not None and count + len(checked) > capacity:
                raise refused(
                    TournamentError,
                    "tournament_refuse_full",
                    most=capacity,
                    count=count,
                    left=capacity - count,
                )
            guests = _guests(guest, checked)
            if club is not None:
                checked = self._members(club, checked, guests)
            pic = self.picture(tournament)
            current = len(pic.rounds)
            if current > pic.format.qualifying_rounds:
                raise refused(TournamentError, "tournament_refuse_final_begun")
            number = max((e.number for e in pic.entrants), default=0)
            known = {name_key(e.name): e.name for e in pic.entrants}
            rows = []
            for n in checked:
                same = known.get(name_key(n))
                if same is not None:
                    if same == n:
                        raise refused(TournamentError, "tournament_refuse_registered", name=n)
                    raise refused(
                        TournamentError, "tournament_refuse_registered_as", name=n, other=same
                    )
                number += 1
                rows.append((tid, number, n, name_key(n), team, max(current, 1)))
            db.executemany(
                "INSERT INTO tournament_players (tournament_id, number, name, key, team, "
                "from_round, left_after) VALUES (?, ?, ?, ?, ?, ?, NULL)",
                rows,
            )
            late = self._seat_late(tid, self.picture(tournament), checked) if current else []
            self._log(tid, "registered", names=checked, team=team, seated=late)
        wanted = set(checked)
        return [p for p in self.players(tournament) if p["name"] in wanted]

    def _members(self, club: str, names: list[str], guests: set[str]) -> list[str]:
        """The club's members of these names (as the club writes them); those who are not must
        be among ``guests`` (keys of the names marked as guests) and are added to the club as
        guests (all at once)."""
        members = {name_key(m["name"]): str(m["name"]) for m in self.book.members(club)}
        new = [n for n in names if name_key(n) not in members]
        unmarked = [n for n in new if name_key(n) not in guests]
        if unmarked:
            raise refused(
                TournamentError, "tournament_refuse_not_member", name=unmarked[0], club=club
            )
        if new:
            members.update((name_key(n), n) for n in self.book.add_guests(club, new))
        return [members[name_key(n)] for n in names]

    def _seat_late(self, tid: int, pic: Tournament, names: list[str]) -> list[str]:
        """Late entries at a table of the current round that has not played; those who find
        none play from the next round. The names seated now."""
        seating = pic.rounds[-1]
        stage = stage_of(pic, seating.number)
        try:
            tables = adjusted_tables(pic, seating, arrive=names)
        except TournamentError:
            tables = None
        if tables is None or isinstance(stage, KnockoutStage):
            self.db.execute(
                f"UPDATE tournament_players SET from_round = ? WHERE tournament_id = ? AND "
                f"key IN ({', '.join('?' * len(names))})",
                (seating.number + 1, tid, *(name_key(n) for n in names)),
            )
            return []
        self._write_seating(tid, Seating(seating.number, tables), replace=True)
        return names

    def withdraw(self, tournament: str, name: str) -> PlayerInfo | None:
        """A player leaves. Before they played they are taken off the list (``None``);
        otherwise they keep what they played and are drawn no more; their seat in the
        current round is given up where their table has not played (tables are evened out
        only where they must be)."""
        with self._tx() as db:
            tid = self._id(tournament)
            pid = self._player_id(tid, name)
            pic = self.picture(tournament)
            entrant = next(e for e in pic.entrants if name_key(e.name) == name_key(name))
            if entrant.left_after is not None:
                raise refused(TournamentError, "tournament_refuse_left_already", name=entrant.name)
            played = any(entrant.name in g.result.players for g in pic.games)
            current = len(pic.rounds)
            table = pic.rounds[-1].table_of(entrant.name) if pic.rounds else None
            at_played = table is not None and bool(pic.games_at(current, table))
            if table is not None and not at_played:
                if current > pic.format.qualifying_rounds:
                    raise refused(
                        TournamentError, "tournament_refuse_leave_final", name=entrant.name
                    )
                tables = adjusted_tables(pic, pic.rounds[-1], leave=[entrant.name])
                self._write_seating(tid, Seating(current, tables), replace=True)
            if not played and not at_played:
                db.execute("DELETE FROM tournament_players WHERE id = ?", (pid,))
                self._log(tid, "withdrawn", name=entrant.name, played=False)
                return None
            last = current if at_played else current - 1
            db.execute("UPDATE tournament_players SET left_after = ? WHERE id = ?", (last, pid))
            self._log(tid, "withdrawn", name=entrant.name, played=True, last_round=last)
        return next(p for p in self.players(tournament) if p["name"] == entrant.name)

    def players(self, tournament: str) -> list[PlayerInfo]:
        return [
            {
                "number": e.number,
                "name": e.name,
                "team": e.team,
                "from_round": e.from_round,
                "left_after": e.left_after,
            }
            for e in self.picture(tournament).entrants
        ]

    # ------------------------------------------------------------------ rounds

    def draw(
        self,
        tournament: str,
        *,
        close: bool = False,
        seat: Callable[..., Seating] = next_seating,
    ) -> RoundInfo:
        """Draw the next round (seeded: the tournament's seed and the round's number); refused
        while a table of the round before has games to play, unless ``close`` closes that round
        on purpose (:func:`~schocken.tournament.plan.check_played`; the log says so). The
        tables are drawn (by ``seat(picture, close=close)``: the server's draws them in a worker
        process) from one snapshot of the tournament, outside the write transaction, so that a
        big field's draw holds up no other change of the database meanwhile; they are written in
        a short one if the tournament is still as it was, else drawn again in it."""
        if not isinstance(close, bool):
            raise refused(TournamentError, "tournament_refuse_close_flag", value=_show(close))
        with self.db.snapshot():
            version = self.version(tournament)
            pic = self.picture(tournament)
            seating = seat(pic, close=close)
        with self._tx():
            tid = self._id(tournament)
            if self.version(tournament) != version:  # changed meanwhile
                pic = self.picture(tournament)
                seating = next_seating(pic, close=close)
            short = short_tables(pic, pic.rounds[-1].number) if close and pic.rounds else []
            self._write_seating(tid, seating)
            self._log(
                tid,
                "drawn",
                round=seating.number,
                tables={str(n): list(p) for n, p in seating.tables},
                **({"closed": {"round": seating.number - 1, "tables": short}} if short else {}),
            )
        return self.round(tournament, seating.number)

    def undraw(self, tournament: str, reason: str) -> int:
        """Take back the draw of the latest round, on purpose, while none of its tables has a
        game or is played at the server (``reason``: why, kept in the log): the round before is
        the latest again, takes its missing games, and the round is drawn again by
        :meth:`draw`. Late entries waiting for the round taken back play from it. Its number."""
        reason = _checked(check_text, reason, said("club_what_reason")).strip()
        if not reason:
            raise refused(TournamentError, "tournament_refuse_undraw_reason")
        with self._tx() as db:
            tid = self._id(tournament)
            pic = self.picture(tournament)
            if not pic.rounds:
                raise refused(TournamentError, "tournament_refuse_round_not_drawn", round=1)
            number = pic.rounds[-1].number
            if pic.games_of_round(number):
                raise refused(TournamentError, "tournament_refuse_undraw_played", round=number)
            if db.execute(
                "SELECT 1 FROM tournament_online WHERE tournament_id = ? AND round = ?",
                (tid, number),
            ).fetchone():
                raise refused(TournamentError, "tournament_refuse_undraw_online", round=number)
            db.execute(
                "DELETE FROM tournament_seats WHERE tournament_id = ? AND round = ?", (tid, number)
            )
            db.execute(
                "UPDATE tournament_players SET from_round = ? WHERE tournament_id = ? AND "
                "from_round = ?",
                (number, tid, number + 1),
            )
            self._log(tid, "draw_taken_back", round=number, reason=reason)
        return number

    def round(self, tournament: str, number: int) -> RoundInfo:
        pic = self.picture(tournament)
        seating = next((s for s in pic.rounds if s.number == number), None)
        if seating is None:
            raise refused(TournamentError, "tournament_refuse_round_not_drawn", round=number)
        return round_info(pic, seating)

    def rounds(self, tournament: str) -> list[RoundInfo]:
        pic = self.picture(tournament)
        return [round_info(pic, s) for s in pic.rounds]

    # ------------------------------------------------------------------ games

    def enter(
        self,
        tournament: str,
        round_number: int,
        table: int,
        *,
        record: GameRecord | str | Mapping[str, Any] | None = None,
        source: str = "pub",
        result: GameResult | None = None,
    ) -> GameInfo:
        """A game at a table: its ``record`` (from pub mode, ``source`` "pub", or an online
        table, "online"), which counts exactly as it says, or its ``result`` entered by hand.
        A club's tournament books it in the club's book too."""
        if (record is None) == (result is None):
            raise refused(TournamentError, "tournament_refuse_record_or_hand")
        if source not in ("pub", "online"):
            raise refused(TournamentError, "tournament_refuse_source", value=_show(source))
        for v in (round_number, table):
            if isinstance(v, bool) or not isinstance(v, int):
                raise refused(TournamentError, "tournament_refuse_number", value=_show(v))
        text = sha = None
        rules = None
        if record is not None:
            game_record = read_record(record)
            result = result_of_record(game_record)
            rules = game_record.rules
            text = game_record.to_json(indent=None)
            sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
        assert result is not None
        with self._tx() as db:
            row = self._row(tournament)
            tid, slug, title, day, club = int(row[0]), row[1], row[2], row[3], row[5]
            pic = self.picture(tournament)
            check_entry(pic, round_number, table, result, rules)
            if sha is not None:
                same = db.execute(
                    "SELECT round, table_no, number FROM tournament_games WHERE "
                    "tournament_id = ? AND record_sha = ? AND record = ?",
                    (tid, sha, text),
                ).fetchone()
                if same is not None:
                    raise refused(
                        TournamentError,
                        "tournament_refuse_entered",
                        number=same[2],
                        table=same[1],
                        round=same[0],
                    )
            number = len(pic.games_at(round_number, table)) + 1
            db.execute(
                "INSERT INTO tournament_games (tournament_id, round, table_no, number, source, "
                "record, record_sha, result, entered) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    tid,
                    round_number,
                    table,
                    number,
                    "hand" if text is None else source,
                    text,
                    sha,
                    json.dumps(result.to_data(), ensure_ascii=False),
                    _now(),
                ),
            )
            if club is not None:
                meta = {
                    "tournament": slug,
                    "name": title,
                    "round": round_number,
                    "table": table,
                    "game": number,
                }
                if text is not None:
                    booked = self.book.add_game(club, day, record=text, source=source, meta=meta)
                else:
                    booked = self.book.add_game(
                        club,
                        day,
                        players=list(result.players),
                        loser=result.loser,
                        halves=[h.loser for h in result.halves],
                        schock_aus=[s.section for s in result.sections if s.schock_aus],
                        meta=meta,
                    )
                db.execute(
                    "UPDATE tournament_games SET club_game = ? WHERE tournament_id = ? AND "
                    "round = ? AND table_no = ? AND number = ?",
                    (booked["number"], tid, round_number, table, number),
                )
            self._log(
                tid,
                "game_entered",
                round=round_number,
                table=table,
                number=number,
                source="hand" if text is None else source,
            )
        return self.games(tournament, round_number, table)[-1]

    def remove_game(self, tournament: str, round_number: int, table: int, reason: str) -> GameInfo:
        """Take back the last game entered at a table (a mistake), while its round is the
        latest; ``reason``: why, kept in the log (and, for a club's tournament, with the game
        in the club's book, where it is struck out)."""
        reason = _checked(check_text, reason, said("club_what_reason")).strip()
        if not reason:
            raise refused(TournamentError, "tournament_refuse_reason")
        with self._tx() as db:
            row = self._row(tournament)
            tid, day, club = int(row[0]), row[3], row[5]
            pic = self.picture(tournament)
            if round_number != len(pic.rounds):
                raise refused(TournamentError, "tournament_refuse_take_back", round=len(pic.rounds))
            games = pic.games_at(round_number, table)
            if not games:
                raise refused(
                    TournamentError, "tournament_refuse_no_game", table=table, round=round_number
                )
            number = games[-1].number
            found = db.execute(
                "SELECT club_game FROM tournament_games WHERE tournament_id = ? AND round = ? "
                "AND table_no = ? AND number = ?",
                (tid, round_number, table, number),
            ).fetchone()
            if club is not None and found[0] is not None:
                self.book.void_game(club, day, int(found[0]), f"taken back: {reason}")
            info = self.games(tournament, round_number, table)[-1]
            db.execute(
                "DELETE FROM tournament_games WHERE tournament_id = ? AND round = ? AND "
                "table_no = ? AND number = ?",
                (tid, round_number, table, number),
            )
            self._log(
                tid, "game_removed", round=round_number, table=table, number=number, reason=reason
            )
        return info

    def games(
        self, tournament: str, round_number: int | None = None, table: int | None = None
    ) -> list[GameInfo]:
        """The games entered (of a round, of a table), in order."""
        out: list[GameInfo] = []
        for g in self.picture(tournament).games:
            if round_number is not None and g.round != round_number:
                continue
            if table is not None and g.table != table:
                continue
            data = g.result.to_data()
            out.append(
                {
                    "round": g.round,
                    "table": g.table,
                    "number": g.number,
                    "source": g.source,
                    "players": data["players"],
                    "loser": g.result.loser,
                    "sections": data["sections"],
                }
            )
        return out

    def record(self, tournament: str, round_number: int, table: int, number: int) -> str | None:
        """A game's record as JSON text (``None``: entered by hand)."""
        for g in self.picture(tournament).games:
            if (g.round, g.table, g.number) == (round_number, table, number):
                return g.record
        raise refused(
            TournamentError,
            "tournament_refuse_no_such_game",
            round=round_number,
            number=number,
            table=table,
        )

    # ------------------------------------------------------------------ the ranking

    def rank(self, tournament: str, *, before: str | None = None) -> RankingInfo:
        """The ranking; with ``before`` (UTC, ISO 8601 as :func:`hidden_from` makes it) only
        of the games entered before then (the screen in the pub hides the last minutes'
        results); games whose time is not known (imported ones) always count."""
        pic = self.picture(tournament)
        if before is not None:
            shown = tuple(g for g in pic.games if g.entered is None or g.entered < before)
            pic = dataclasses.replace(pic, games=shown)
        return Ranker(pic).ranking()

    def view_key(self, tournament: str) -> str:
        """The key of the tournament's public views (the screen in the pub, the players'
        phones, the print views): made when first asked for, then kept."""
        with self._tx() as db:
            row = self._row(tournament)
            found = db.execute(
                "SELECT view_key FROM tournament_tournaments WHERE id = ?", (row[0],)
            ).fetchone()
            if found[0]:
                return str(found[0])
            key = secrets.token_urlsafe(12)
            db.execute("UPDATE tournament_tournaments SET view_key = ? WHERE id = ?", (key, row[0]))
        return key

    def opens_views(self, tournament: str, key: object) -> bool:
        """Whether ``key`` is the tournament's view key (compared in constant time)."""
        row = self._row(tournament)
        found = self.db.execute(
            "SELECT view_key FROM tournament_tournaments WHERE id = ?", (row[0],)
        ).fetchone()
        return (
            isinstance(key, str)
            and bool(found[0])
            and hmac.compare_digest(key.encode(), str(found[0]).encode())
        )

    def log(self, tournament: str) -> list[dict[str, Any]]:
        tid = self._id(tournament)
        rows = self.db.execute(
            "SELECT at, action, detail FROM tournament_log WHERE tournament_id = ? ORDER BY id",
            (tid,),
        )
        return [{"at": r[0], "action": r[1], "detail": json.loads(r[2])} for r in rows]


def _guests(guest: object, names: list[str]) -> set[str]:
    """The keys of the names that may come as guests: all (``True``), none (``False``), or those
    of a list of names, each one of ``names``."""
    if isinstance(guest, bool):
        return {name_key(n) for n in names} if guest else set()
    if isinstance(guest, str) or not isinstance(guest, Sequence):
        raise refused(TournamentError, "tournament_refuse_guests", value=_show(guest))
    keys = {name_key(n) for n in names}
    for g in guest:
        if not isinstance(g, str) or name_key(g) not in keys:
            raise refused(TournamentError, "tournament_refuse_guest_unlisted", name=_show(g))
    return {name_key(g) for g in guest}


def _created() -> str:
    return _now()


def hidden_from(minutes: int, now: datetime | None = None) -> str:
    """The moment from which games are hidden when the last ``minutes`` are: as the games'
    times are written (UTC, ISO 8601 to the second)."""
    now = now or datetime.now(UTC)
    return (now - timedelta(minutes=minutes)).isoformat(timespec="seconds")
