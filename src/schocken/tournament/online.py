"""The online tables of a tournament: a table of a round played at a table of the game server,
each player at their own seat by their own link (no bots). The tournament keeps which server
table it is and who sits there, never the links: a seat's secret token is kept by the game
server as its hash only, and the organiser who needs a link again makes new ones (the old ones
then open nothing). The games played there are entered from their records like any other
(:meth:`TournamentBook.enter`, source ``online``)."""

from __future__ import annotations

import json
from typing import TypedDict

from schocken.club.values import _show
from schocken.errors import TournamentError
from schocken.texts import refused
from schocken.tournament.store import _Store


class OnlineTable(TypedDict):
    round: int
    table: int
    table_id: str
    players: list[str]
    """Who sits at the server's table, seat by seat (the first is its host)."""


class _Online(_Store):
    """Which tables of a tournament are played online."""

    def online_tables(self, tournament: str) -> list[OnlineTable]:
        tid = self._id(tournament)
        rows = self.db.execute(
            "SELECT round, table_no, table_id, players FROM tournament_online WHERE "
            "tournament_id = ? ORDER BY round, table_no",
            (tid,),
        )
        return [
            {
                "round": int(r[0]),
                "table": int(r[1]),
                "table_id": str(r[2]),
                "players": json.loads(r[3]),
            }
            for r in rows.fetchall()
        ]

    def online_now(self) -> list[tuple[str, OnlineTable]]:
        """Every tournament's online tables of its latest round (whose games may still come),
        with the tournament's name."""
        rows = self.db.execute(
            "SELECT t.name, o.round, o.table_no, o.table_id, o.players FROM tournament_online o "
            "JOIN tournament_tournaments t ON t.id = o.tournament_id WHERE o.round = (SELECT "
            "MAX(s.round) FROM tournament_seats s WHERE s.tournament_id = o.tournament_id) "
            "ORDER BY t.id, o.table_no"
        )
        return [
            (
                str(r[0]),
                {
                    "round": int(r[1]),
                    "table": int(r[2]),
                    "table_id": str(r[3]),
                    "players": json.loads(r[4]),
                },
            )
            for r in rows.fetchall()
        ]

    def online_table(self, tournament: str, round_number: int, table: int) -> OnlineTable:
        """The online table of a table of a round (refused if it has none)."""
        for o in self.online_tables(tournament):
            if (o["round"], o["table"]) == (round_number, table):
                return o
        raise refused(
            TournamentError, "tournament_refuse_not_online", table=table, round=round_number
        )

    def check_online(self, tournament: str, round_number: int, table: int) -> list[str]:
        """The players of a table of the latest round that may be played online (it has no
        online table yet); refused otherwise."""
        for v in (round_number, table):
            if isinstance(v, bool) or not isinstance(v, int):
                raise refused(TournamentError, "tournament_refuse_number", value=_show(v))
        pic = self.picture(tournament)
        if round_number != len(pic.rounds):
            raise refused(TournamentError, "tournament_refuse_online_round", round=len(pic.rounds))
        seating = pic.rounds[-1]
        try:
            players = seating.table(table)
        except KeyError:
            tables = ", ".join(str(n) for n, _ in seating.tables)
            raise refused(
                TournamentError,
                "tournament_refuse_table",
                round=round_number,
                tables=tables,
                value=_show(table),
            ) from None
        if any(
            (o["round"], o["table"]) == (round_number, table)
            for o in self.online_tables(tournament)
        ):
            raise refused(
                TournamentError, "tournament_refuse_online_twice", table=table, round=round_number
            )
        return list(players)

    def add_online(
        self,
        tournament: str,
        round_number: int,
        table: int,
        table_id: str,
        players: list[str],
    ) -> OnlineTable:
        """Keep the online table of a table of the latest round (checked again, in the same
        transaction)."""
        with self._tx() as db:
            tid = self._id(tournament)
            self.check_online(tournament, round_number, table)
            db.execute(
                "INSERT INTO tournament_online (tournament_id, round, table_no, table_id, players) "
                "VALUES (?, ?, ?, ?, ?)",
                (tid, round_number, table, table_id, json.dumps(players, ensure_ascii=False)),
            )
            self._log(tid, "online", round=round_number, table=table, table_id=table_id)
        return self.online_table(tournament, round_number, table)
