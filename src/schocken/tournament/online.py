"""The online tables of a tournament: a table of a round played at a table of the game server,
each player at their own seat by their own link (no bots), or counted on one phone in pub mode
(kind ``pub``: a pub game of the server with the table's players). The tournament keeps which
server table or pub game it is and who sits there, never the links: a seat's or a pub game's
secret token is kept by the game server as its hash only, and the organiser who needs a link
again makes new ones (the old ones then open nothing). The games played there are entered from
their records like any other (:meth:`TournamentBook.enter`, source ``online`` or ``pub``); each
pub game counts once (``taken``: the pub games entered)."""

from __future__ import annotations

import json
from typing import Any, TypedDict

from schocken.club.values import _show
from schocken.errors import TournamentError
from schocken.record import GameRecord
from schocken.texts import refused
from schocken.tournament.book import _Book
from schocken.tournament.plan import next_players

KINDS = ("online", "pub")
"""How a table of a round is played at the server: at an online table, or on one phone."""


class OnlineTable(TypedDict):
    round: int
    table: int
    table_id: str
    """The server's table (kind ``online``) or first pub game (kind ``pub``)."""
    players: list[str]
    """Who sits at the server's table, seat by seat (the first is its host)."""
    kind: str
    taken: list[str]
    """Kind ``pub``: the pub games entered as the table's games, in order."""
    bots: list[str]
    """Kind ``online``: the players whose seat a bot plays, by the organiser's decision
    (:meth:`_Online.online_bot`), in the order decided."""


_COLUMNS = "round, table_no, table_id, players, kind, taken, bots"


def _online(r: Any) -> OnlineTable:
    return {
        "round": int(r[0]),
        "table": int(r[1]),
        "table_id": str(r[2]),
        "players": json.loads(r[3]),
        "kind": str(r[4]),
        "taken": json.loads(r[5]),
        "bots": json.loads(r[6]),
    }


class _Online(_Book):
    """Which tables of a tournament are played at the server (online or in pub mode)."""

    def online_tables(self, tournament: str) -> list[OnlineTable]:
        tid = self._id(tournament)
        rows = self.db.execute(
            f"SELECT {_COLUMNS} FROM tournament_online WHERE "
            "tournament_id = ? ORDER BY round, table_no",
            (tid,),
        )
        return [_online(r) for r in rows.fetchall()]

    def online_now(self) -> list[tuple[str, OnlineTable]]:
        """Every tournament's online tables of its latest round (whose games may still come),
        with the tournament's name."""
        rows = self.db.execute(
            "SELECT t.name, o.round, o.table_no, o.table_id, o.players, o.kind, o.taken, o.bots "
            "FROM tournament_online o JOIN tournament_tournaments t ON t.id = o.tournament_id "
            "WHERE o.kind = 'online' AND o.round = (SELECT MAX(s.round) FROM tournament_seats s "
            "WHERE s.tournament_id = o.tournament_id) ORDER BY t.id, o.table_no"
        )
        return [(str(r[0]), _online(r[1:])) for r in rows.fetchall()]

    def pub_counted_at(self, pub_id: str) -> list[tuple[str, OnlineTable]]:
        """The tables (with their tournament's name) counted by the pub game ``pub_id``."""
        rows = self.db.execute(
            "SELECT t.name, o.round, o.table_no, o.table_id, o.players, o.kind, o.taken, o.bots "
            "FROM tournament_online o JOIN tournament_tournaments t ON t.id = o.tournament_id "
            "WHERE o.kind = 'pub' AND o.table_id = ? ORDER BY t.id, o.round, o.table_no",
            (pub_id,),
        )
        return [(str(r[0]), _online(r[1:])) for r in rows.fetchall()]

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
        for o in self.online_tables(tournament):
            if (o["round"], o["table"]) == (round_number, table):
                twice = (
                    "tournament_refuse_pub_twice"
                    if o["kind"] == "pub"
                    else "tournament_refuse_online_twice"
                )
                raise refused(TournamentError, twice, table=table, round=round_number)
        return list(players)

    def pub_players(self, tournament: str, round_number: int, table: int) -> list[str]:
        """Who plays the next game at a table counted in pub mode, in their seating order (at a
        table of lives those with lives left); refused when its games are all played."""
        return list(next_players(self.picture(tournament), round_number, table))

    def pub_table(self, tournament: str, round_number: int, table: int) -> OnlineTable:
        """The pub game of a table of a round (refused if it is not counted in pub mode)."""
        for o in self.online_tables(tournament):
            if (o["round"], o["table"], o["kind"]) == (round_number, table, "pub"):
                return o
        raise refused(TournamentError, "tournament_refuse_not_pub", table=table, round=round_number)

    def take_pub(
        self, tournament: str, round_number: int, table: int, pub_id: str, record: GameRecord
    ) -> bool:
        """The finished pub game ``pub_id`` of a table (its first or a next one) entered as the
        table's next game (source ``pub``), once: a pub game taken before is passed over
        (False), even if it was changed after (an entry taken back and another made)."""
        with self._tx() as db:
            taken = self.pub_table(tournament, round_number, table)["taken"]
            if pub_id in taken:
                return False
            self.enter(tournament, round_number, table, record=record, source="pub")
            db.execute(
                "UPDATE tournament_online SET taken = ? WHERE tournament_id = ? AND round = ? "
                "AND table_no = ?",
                (json.dumps([*taken, pub_id]), self._id(tournament), round_number, table),
            )
        return True

    def online_bot(self, tournament: str, round_number: int, table: int, player: object) -> int:
        """The organiser lets a bot play ``player``'s seat at the online table of a table of
        the latest round: kept with the online table (:attr:`OnlineTable.bots`) and in the
        log. Answers the seat; refused (:meth:`check_online_bot`) for a table that is not
        online, a round that is not the latest, a player not drawn there, and one a bot plays
        already."""
        with self._tx() as db:
            seat = self.check_online_bot(tournament, round_number, table, player)
            online = self.online_table(tournament, round_number, table)
            tid = self._id(tournament)
            db.execute(
                "UPDATE tournament_online SET bots = ? WHERE tournament_id = ? AND round = ? "
                "AND table_no = ?",
                (
                    json.dumps([*online["bots"], player], ensure_ascii=False),
                    tid,
                    round_number,
                    table,
                ),
            )
            self._log(tid, "online_bot", round=round_number, table=table, player=player)
        return seat

    def check_online_bot(
        self, tournament: str, round_number: int, table: int, player: object
    ) -> int:
        """The seat of ``player`` at the online table of a table of the latest round, if a bot
        may play it (:meth:`online_bot`); refused otherwise."""
        online = self.online_table(tournament, round_number, table)
        if online["kind"] != "online":
            raise refused(
                TournamentError, "tournament_refuse_not_online", table=table, round=round_number
            )
        latest = len(self.picture(tournament).rounds)
        if round_number != latest:
            raise refused(TournamentError, "tournament_refuse_online_round", round=latest)
        if not isinstance(player, str) or player not in online["players"]:
            raise refused(
                TournamentError,
                "tournament_refuse_not_at_table",
                name=_show(player),
                players=", ".join(online["players"]),
                table=table,
                round=round_number,
            )
        if player in online["bots"]:
            raise refused(TournamentError, "tournament_refuse_bot_twice", name=player)
        return online["players"].index(player)

    def add_online(
        self,
        tournament: str,
        round_number: int,
        table: int,
        table_id: str,
        players: list[str],
        kind: str = "online",
    ) -> OnlineTable:
        """Keep the online table (or, ``kind`` ``pub``, the pub game) of a table of the latest
        round (checked again, in the same transaction)."""
        if kind not in KINDS:
            raise refused(TournamentError, "tournament_refuse_kind", value=_show(kind))
        with self._tx() as db:
            tid = self._id(tournament)
            self.check_online(tournament, round_number, table)
            db.execute(
                "INSERT INTO tournament_online (tournament_id, round, table_no, table_id, players, "
                "kind) VALUES (?, ?, ?, ?, ?, ?)",
                (tid, round_number, table, table_id, json.dumps(players, ensure_ascii=False), kind),
            )
            self._log(tid, kind, round=round_number, table=table, table_id=table_id)
        return self.online_table(tournament, round_number, table)
