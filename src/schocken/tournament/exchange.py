"""A whole tournament as one JSON file: export, and import that gives back the same file.

The file holds the tournament (name, date, place, club, seed, capacity, the rules and the
format as data), its players in the order they registered, every round's tables with their
games (a game's record as it was entered, or its result entered by hand) and the log. An
import checks everything as if it were entered anew (every record replayed, every result
checked, every game where it may be played) and refuses the whole file at the first fault,
naming where it is. A club's tournament is imported into a book that has the club and its
players (import the club first: its export carries the games); its games are not booked a
second time.

``export(import(export(t)))`` is ``export(t)``, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from schocken.club.values import check_date, slug_of
from schocken.errors import RulesError, Said, TournamentError, json_error_said
from schocken.players import name_key
from schocken.rules import rules_from_data
from schocken.texts import refused, said
from schocken.tournament.book import _Book, _checked, read_record
from schocken.tournament.formats import format_from_data
from schocken.tournament.plan import check_entry
from schocken.tournament.results import result_from_data, result_of_record
from schocken.tournament.values import Entrant, Entry, Seating, Tournament, TournamentInfo

EXPORT_FORMAT = "schocken-tournament"
EXPORT_VERSION = 1
MAX_IMPORT = 50_000_000
"""An export to import has at most this many characters."""


def _need(ok: bool, where: Said, what: str, /, **fields: object) -> None:
    """Refuse the import unless ``ok``: where in the file (``where``), what is wrong (the text
    ``tournament_import_WHAT``), both in the catalogue's words."""
    if not ok:
        why = Said(f"tournament_import_{what}", fields)
        raise refused(TournamentError, "tournament_import_at", where=where, why=why)


def _in(where: Said, key: str) -> Said:
    """A key of the file's object at ``where`` (``'players' 2: 'number'``)."""
    return said("tournament_import_field", where=where, field=key)


def _obj(value: object, where: Said, keys: tuple[str, ...]) -> Mapping[str, Any]:
    _need(isinstance(value, Mapping), where, "object")
    assert isinstance(value, Mapping)
    unknown = [k for k in value if k not in keys]
    _need(not unknown, where, "unknown_key", part=repr(unknown[0]) if unknown else "")
    return value


def _list(value: object, where: Said) -> list[Any]:
    _need(isinstance(value, list), where, "list")
    assert isinstance(value, list)
    return value


def _int(value: object, where: Said, low: int = 1) -> int:
    _need(
        not isinstance(value, bool) and isinstance(value, int) and value >= low,
        where,
        "whole",
        low=low,
    )
    assert isinstance(value, int)
    return value


class _Exchange(_Book):
    """Export and import."""

    def export(self, tournament: str) -> str:
        """The whole tournament as JSON text."""
        row = self._row(tournament)
        pic = self.picture(tournament)
        rounds = []
        for s in pic.rounds:
            tables = []
            for n, players in s.tables:
                games = []
                for g in pic.games_at(s.number, n):
                    item: dict[str, Any] = {"number": g.number, "source": g.source}
                    if g.record is not None:
                        item["record"] = json.loads(g.record)
                    else:
                        item["result"] = g.result.to_data()
                    games.append(item)
                tables.append({"number": n, "players": list(players), "games": games})
            rounds.append({"number": s.number, "tables": tables})
        data = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "tournament": {
                "name": row[2],
                "date": row[3],
                "place": row[4],
                "club": row[5],
                "created": row[10],
                "seed": row[8],
                "capacity": row[9],
                "rules": json.loads(row[6]),
                "format": json.loads(row[7]),
            },
            "players": [
                {
                    "number": e.number,
                    "name": e.name,
                    "team": e.team,
                    "from_round": e.from_round,
                    "left_after": e.left_after,
                }
                for e in pic.entrants
            ],
            "rounds": rounds,
            "log": self.log(tournament),
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def import_(self, text: str) -> TournamentInfo:
        """A tournament from an export: all of it, or nothing."""
        if not isinstance(text, str):
            raise refused(TournamentError, "tournament_refuse_export_text")
        if len(text) > MAX_IMPORT:
            raise refused(TournamentError, "tournament_refuse_export_size", most=MAX_IMPORT)
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            why = json_error_said(exc) if isinstance(exc, json.JSONDecodeError) else exc
            raise refused(TournamentError, "tournament_refuse_export_json", why=why) from None
        export = said("tournament_import_the_export")
        top = _obj(data, export, ("format", "version", "tournament", "players", "rounds", "log"))
        _need(top.get("format") == EXPORT_FORMAT, export, "format", format=repr(EXPORT_FORMAT))
        _need(
            top.get("version") == EXPORT_VERSION,
            export,
            "version",
            version=repr(top.get("version")),
            reads=EXPORT_VERSION,
        )
        where = said("tournament_import_key", part="tournament")
        head = _obj(
            top.get("tournament"),
            where,
            ("name", "date", "place", "club", "created", "seed", "capacity", "rules", "format"),
        )
        fmt = format_from_data(head.get("format"))
        try:
            rules = rules_from_data(head.get("rules"), "'tournament': 'rules'")
        except RulesError as exc:
            raise refused(TournamentError, "tournament_refuse_as_is", why=exc) from None
        name, club = head.get("name"), head.get("club")
        _need(isinstance(name, str) and bool(slug_of(name)), where, "name", part="name")
        _checked(check_date, head.get("date"), said("tournament_what_export_date"))
        _need(isinstance(head.get("place"), str), where, "text", part="place")
        _need(isinstance(head.get("created"), str), where, "time", part="created")
        _need(club is None or isinstance(club, str), where, "name_or_null", part="club")
        capacity = head.get("capacity")
        _need(
            capacity is None or (isinstance(capacity, int) and not isinstance(capacity, bool)),
            where,
            "number_or_null",
            part="capacity",
        )
        entrants = self._entrants(
            _list(top.get("players"), said("tournament_import_key", part="players"))
        )
        seed = head.get("seed")
        _need(isinstance(seed, str) and bool(seed), where, "text", part="seed")
        assert isinstance(name, str) and isinstance(seed, str)
        pic = Tournament(name, fmt, rules, seed, entrants)
        pic = self._replay_rounds(
            pic, _list(top.get("rounds"), said("tournament_import_key", part="rounds"))
        )
        log = _list(top.get("log"), said("tournament_import_key", part="log"))
        with self._tx() as db:
            slug = slug_of(name)
            if db.execute(
                "SELECT 1 FROM tournament_tournaments WHERE slug = ?", (slug,)
            ).fetchone():
                raise refused(TournamentError, "tournament_refuse_here_already", name=name)
            if club is not None:
                club = self.book.club(club)["name"]
                members = {name_key(m["name"]) for m in self.book.members(club)}
                for e in entrants:
                    if name_key(e.name) not in members:
                        raise refused(
                            TournamentError,
                            "tournament_import_not_member",
                            name=repr(e.name),
                            club=club,
                        )
            tid = db.insert(
                "INSERT INTO tournament_tournaments (slug, name, date, place, club, rules, "
                "format, seed, capacity, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    slug,
                    name,
                    head["date"],
                    head["place"],
                    club,
                    json.dumps(head["rules"], ensure_ascii=False, sort_keys=True),
                    json.dumps(head["format"], ensure_ascii=False),
                    seed,
                    capacity,
                    head["created"],
                ),
            )
            for e in entrants:
                db.execute(
                    "INSERT INTO tournament_players (tournament_id, number, name, key, team, "
                    "from_round, left_after) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (tid, e.number, e.name, name_key(e.name), e.team, e.from_round, e.left_after),
                )
            for s in pic.rounds:
                self._write_seating(tid, s)
            for g in pic.games:
                sha = None
                if g.record is not None:
                    sha = hashlib.sha256(g.record.encode("utf-8")).hexdigest()
                db.execute(
                    "INSERT INTO tournament_games (tournament_id, round, table_no, number, "
                    "source, record, record_sha, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        tid,
                        g.round,
                        g.table,
                        g.number,
                        g.source,
                        g.record,
                        sha,
                        json.dumps(g.result.to_data(), ensure_ascii=False),
                    ),
                )
            for i, item in enumerate(log):
                at_log = said("tournament_import_nth", part="log", n=i + 1)
                entry = _obj(item, at_log, ("at", "action", "detail"))
                at, action, detail = entry.get("at"), entry.get("action"), entry.get("detail")
                _need(
                    isinstance(at, str) and isinstance(action, str) and isinstance(detail, dict),
                    at_log,
                    "log_entry",
                )
                db.execute(
                    "INSERT INTO tournament_log (tournament_id, at, action, detail) "
                    "VALUES (?, ?, ?, ?)",
                    (tid, at, action, json.dumps(detail, ensure_ascii=False, sort_keys=True)),
                )
        return self.info(name)

    def _entrants(self, items: list[Any]) -> tuple[Entrant, ...]:
        out: list[Entrant] = []
        keys: set[str] = set()
        last = 0
        for i, item in enumerate(items):
            where = said("tournament_import_nth", part="players", n=i + 1)
            p = _obj(item, where, ("number", "name", "team", "from_round", "left_after"))
            number = _int(p.get("number"), _in(where, "number"))
            _need(number > last, where, "players_order")
            last = number
            name, team = p.get("name"), p.get("team")
            _need(isinstance(name, str) and bool(name.strip()), where, "name", part="name")
            _need(team is None or isinstance(team, str), where, "name_or_null", part="team")
            assert isinstance(name, str)
            _need(name_key(name) not in keys, where, "twice", name=repr(name))
            keys.add(name_key(name))
            left = p.get("left_after")
            out.append(
                Entrant(
                    name,
                    team,
                    number,
                    _int(p.get("from_round"), _in(where, "from_round")),
                    None if left is None else _int(left, _in(where, "left_after"), 0),
                )
            )
        return tuple(out)

    def _replay_rounds(self, pic: Tournament, items: list[Any]) -> Tournament:
        """The rounds and games of an export, each checked as when it was entered."""
        known = {e.name for e in pic.entrants}
        for i, item in enumerate(items):
            where = said("tournament_import_nth", part="rounds", n=i + 1)
            r = _obj(item, where, ("number", "tables"))
            number = _int(r.get("number"), _in(where, "number"))
            _need(number == i + 1, where, "rounds_order")
            _need(number <= pic.format.rounds, where, "rounds_past", rounds=pic.format.rounds)
            tables = []
            games: list[tuple[int, Any, Said]] = []
            seen: set[str] = set()
            for j, t_item in enumerate(_list(r.get("tables"), _in(where, "tables"))):
                tw = said("tournament_import_table", where=where, table=j + 1)
                t = _obj(t_item, tw, ("number", "players", "games"))
                n = _int(t.get("number"), _in(tw, "number"))
                players = _list(t.get("players"), _in(tw, "players"))
                for p in players:
                    _need(p in known, tw, "not_player", name=repr(p))
                    _need(p not in seen, tw, "two_seats", name=repr(p))
                    seen.add(p)
                tables.append((n, tuple(players)))
                for k, g in enumerate(_list(t.get("games"), _in(tw, "games"))):
                    games.append((n, g, said("tournament_import_game", where=tw, game=k + 1)))
            numbers = [n for n, _ in tables]
            _need(numbers == sorted(set(numbers)), where, "tables_order")
            pic = replace(pic, rounds=(*pic.rounds, Seating(number, tuple(tables))))
            for n, g_item, gw in games:
                pic = self._replay_game(pic, number, n, g_item, gw)
        return pic

    def _replay_game(
        self, pic: Tournament, number: int, table: int, item: object, where: Said
    ) -> Tournament:
        g = _obj(item, where, ("number", "source", "record", "result"))
        game_no = _int(g.get("number"), _in(where, "number"))
        _need(
            game_no == len(pic.games_at(number, table)) + 1,
            where,
            "games_order",
        )
        source = g.get("source")
        try:
            if "record" in g:
                _need(source in ("pub", "online"), where, "record_source")
                record = read_record(g["record"])
                result = result_of_record(record)
                check_entry(pic, number, table, result, record.rules)
                text: str | None = record.to_json(indent=None)
            else:
                _need(source == "hand", where, "hand_source")
                result = result_from_data(g.get("result"))
                check_entry(pic, number, table, result)
                text = None
        except TournamentError as exc:
            if exc.key == "tournament_import_at":  # says where already
                raise
            raise refused(TournamentError, "tournament_import_at", where=where, why=exc) from None
        entry = Entry(number, table, game_no, str(source), result, text)
        return replace(pic, games=(*pic.games, entry))
