"""The server's tournaments (:class:`Tournaments`): the tournament books of the club's lanes,
the public views made once per version (limited per key and address: :class:`ViewCalls`), and
the online tables and pub games of the rounds, whose finished games they take. The endpoints are
:mod:`schocken.server.routes.tournaments`; the views :mod:`schocken.server.tournament_views`.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from typing import Any, TypeVar

from schocken.club.values import slug_of
from schocken.errors import RulesError, TournamentError
from schocken.record import GameRecord
from schocken.server.club import Clubs
from schocken.server.heavy import BIG_FIELD, Heavy
from schocken.server.pub import PubGames
from schocken.server.refusals import TableError, refusal_of, refuse
from schocken.server.table import Table
from schocken.server.tables import Tables
from schocken.server.thinking import Workers
from schocken.server.tournament_views import VIEW_MAKERS, LiveBase, _public, _view_in_worker
from schocken.texts import refused
from schocken.tournament import TournamentBook
from schocken.tournament.book import hidden_from
from schocken.tournament.online import OnlineTable
from schocken.tournament.plan import next_seating
from schocken.tournament.values import Seating, Tournament

log = logging.getLogger("schocken.server")

T = TypeVar("T")

VIEWS_PER_MINUTE = 600
"""Calls of a tournament's public views (live and print) with one key from one address in a
minute; more are refused (429, in words). Generous: the phones of a pub behind one address,
each asking every few seconds, stay well below it; a flood of calls does not."""
VIEW_WORKERS = 2
"""Worker processes that make the public views (each a connection of its own)."""
VIEW_BUDGET = 120.0
"""Seconds a view may take to be made in a worker; then it is made in the server."""
KEPT_VIEWS = 256
"""Views kept made (each the last version of one view of one tournament); beyond it the kept
ones are dropped (and made again when asked for)."""


class ViewCalls:
    """The calls of a tournament's public views per tournament, key and address in the last
    minute, against :data:`VIEWS_PER_MINUTE`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._calls: dict[tuple[str, str, str], deque[float]] = {}

    def take(self, tournament: str, key: object, address: str) -> None:
        """Count a call; refused (429) when there were :attr:`limit` in the last minute."""
        now = time.monotonic()
        which = (slug_of(tournament)[:100], str(key)[:100], address)
        recent = self._calls.setdefault(which, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= self.limit:
            raise refuse("server_refuse_tournament_views_minute", 429, most=self.limit)
        recent.append(now)
        if len(self._calls) > 10_000:  # forget who made no call for a minute
            for old in [w for w, q in self._calls.items() if not q or now - q[-1] > 60]:
                del self._calls[old]


class Tournaments:
    """The tournaments of the server's database, on the connection of the club's book of the
    thread of the lanes a call runs in (:mod:`schocken.server.lanes`; one
    :class:`TournamentBook` per thread, made on first use); the public views, each made once
    per version of its tournament (:meth:`made`); and the online tables and pub games of their
    rounds, whose finished games they take as soon as a game ends
    (:attr:`Tables.when_finished`, :attr:`PubGames.when_finished`) or when the organiser
    asks."""

    def __init__(self, clubs: Clubs, tables: Tables, pub_games: PubGames) -> None:
        self.clubs = clubs
        self.tables = tables
        self.pub_games = pub_games
        self._taking: set[asyncio.Task[None]] = set()
        self._made: dict[tuple[Any, ...], tuple[int, asyncio.Future[Any]]] = {}
        self.calls = ViewCalls(VIEWS_PER_MINUTE)
        """The calls of the public views, limited per tournament, key and address."""
        self._drawer = Workers(1)
        """The worker process that draws the tables (:meth:`seat`)."""
        self._views = Workers(VIEW_WORKERS)
        """The worker processes that make the views (:meth:`made`)."""
        self._making = clubs.lanes.gate(1)
        """One view of a club made in the workers at a time: another club's finds one free."""
        self.heavy = Heavy(clubs.target, clubs.timeout)
        """The worker processes of the organiser's work on big tournaments."""
        lanes = clubs.lanes
        try:  # the tournament tables made or brought up to date, once, before any request
            lanes.now(lambda: lanes.kept("tournaments", TournamentBook))
        except TournamentError as exc:  # said again to each request that needs them
            log.warning("the tournaments cannot be used: %s", exc)
        self.tell: Callable[[Table], None] = lambda table: None
        """Tells a table's pages that it changed (the server's hub: where its game went, a bot
        put in a seat by the organiser)."""
        tables.when_finished.append(self.table_finished)
        tables.before_start.append(self.check_start)
        pub_games.when_finished.append(self.pub_finished)
        pub_games.next_players = self.next_pub_players

    async def made(
        self, what: tuple[Any, ...], version: int, big: bool, kind: str, name: str, *args: Any
    ) -> Any:
        """The view ``kind`` of the tournament ``name`` (:data:`VIEW_MAKERS`, with ``args``),
        made once for each ``version`` of the tournament: one call makes it, the others that
        ask meanwhile wait for it, later ones get it again until the tournament changes. It is
        made from one snapshot of the database: a ``big`` tournament's in a worker process
        (:data:`VIEW_WORKERS`) on a connection of its own (its seconds of Python hold up
        neither the event loop nor the lanes' threads), one view of a club at a time; a small
        one's (milliseconds) in a thread of the club's lane, as is a big one's if the worker
        fails."""
        kept = self._made.get(what)
        if kept is not None and kept[0] >= version:
            return await asyncio.shield(kept[1])
        if len(self._made) >= KEPT_VIEWS:
            self._made = {w: k for w, k in self._made.items() if not k[1].done()}
        pending: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._made[what] = (version, pending)
        log.info("tournament %s: view %s made (version %d)", name, kind, version)
        try:
            value = await self._make(big, kind, name, *args)
        except BaseException as exc:
            if self._made.get(what, (0, None))[1] is pending:
                del self._made[what]
            pending.set_exception(exc)
            pending.exception()  # retrieved: the callers that wait get it
            raise
        pending.set_result(value)
        return value

    async def _make(self, big: bool, kind: str, name: str, *args: Any) -> Any:
        def here(book: TournamentBook) -> Any:
            with book.db.snapshot():
                return VIEW_MAKERS[kind](book, name, *args)

        if not big:
            return await self.run(here)
        clubs = self.clubs
        try:
            async with self._making.held():
                value = await self._views.run(
                    VIEW_BUDGET, _view_in_worker, clubs.target, clubs.timeout, kind, name, *args
                )
        except (TimeoutError, BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("a view's worker failed (%s); made in the server", exc)
            return await self.run(here)
        if isinstance(value, TournamentError):
            raise refusal_of(value)
        return value

    async def live(self, club: str, name: str, key: object, hide: int) -> bytes:
        """The live view's answer (:func:`live`, as JSON), opened by the view ``key``. Its
        data are made once per version of the tournament; ``hide`` leaves out the games of the
        last minutes: when none of them are that recent, the same answer; else the ranking of
        the games before then, made once per version and number of games shown."""
        found, version, big = await self.run(lambda book: _opened(book, club, name, key))
        base: LiveBase = await self.made(("live", found), version, big, "live", found)
        shown = len(base.entered)
        if hide:
            before = hidden_from(hide)
            shown = bisect.bisect_left(base.entered, before)
        if shown == len(base.entered):
            ranking = base.ranking
        else:
            ranking = await self.made(("live", found, shown), version, big, "hidden", found, before)
        return b'{"hidden":%d,"ranking":%s,%s' % (hide, ranking, base.rest[1:])

    async def paper(
        self, club: str, name: str, key: object, what: str, lang: str, round_number: int | None
    ) -> str:
        """A print view (:func:`~schocken.tournament.paper.paper`), opened by the view ``key``,
        made once per version of the tournament."""
        found, version, big = await self.run(lambda book: _opened(book, club, name, key))
        page: str = await self.made(
            ("paper", found, what, lang, round_number),
            version,
            big,
            "paper",
            found,
            what,
            lang,
            round_number,
        )
        return page

    async def run(self, fn: Callable[[TournamentBook], T]) -> T:
        """``fn(book)`` in a thread of the request's lane; a tournament's refusal answered
        400."""
        lanes = self.clubs.lanes

        def call() -> T:
            return fn(lanes.kept("tournaments", TournamentBook))

        try:
            return await self.clubs.run(call)
        except TournamentError as exc:
            raise refusal_of(exc) from None
        except RulesError as exc:
            raise refusal_of(exc) from None

    def close(self) -> None:
        """The worker processes end."""
        self._drawer.kill()
        self._views.kill()
        self.heavy.close()

    def seat(self, pic: Tournament, close: bool = False) -> Seating:
        """The next round's tables (:func:`next_seating`), drawn in a worker process (a big
        field's draw is seconds of Python that would hold up the other lanes' threads and the
        event loop), waited for in the lane's thread; drawn here if the process fails."""
        try:
            seating = self._drawer.call(_seat, pic, close)
        except (BrokenExecutor, OSError, RuntimeError) as exc:
            log.warning("a draw's worker failed (%s); drawn in the server", exc)
            return next_seating(pic, close=close)
        if isinstance(seating, TournamentError):
            raise seating
        return seating

    async def chain(self, table_id: str) -> list[Table]:
        """An online table and its next games (the rematches), in order, as far as the server
        has them."""
        out: list[Table] = []
        key: str | None = table_id
        while key is not None and all(t.id != key for t in out):
            try:
                table = await self.tables.get(key)
            except TableError:
                break
            out.append(table)
            key = table.rematch
        return out

    async def take(self, name: str, number: int, table_no: int) -> int:
        """The finished games of a table's online table (or its pub game) entered, each once
        (one entered before is passed over); how many were new."""
        online = await self.run(lambda book: book.online_table(name, number, table_no))
        if online["kind"] == "pub":
            return await self.take_pub(name, online)
        finished = [t for t in await self.chain(online["table_id"]) if t.finished]
        records = [t.record() for t in finished]

        def enter(book: TournamentBook) -> list[int | None]:
            numbers: list[int | None] = []
            for record in records:
                try:
                    numbers.append(
                        book.enter(name, number, table_no, record=record, source="online")["number"]
                    )
                except TournamentError as exc:
                    if exc.key != "tournament_refuse_entered":
                        raise
                    numbers.append(None)
            return numbers

        numbers = await self.run(enter)
        for table, game in zip(finished, numbers, strict=True):
            if game is not None:  # the players' pages say where it went
                where = {"name": name, "round": number, "table": table_no, "number": game}
                try:
                    await self.tables.commit(table, table.book, where)
                except TableError as exc:  # it counts all the same; only the pages miss it
                    log.warning("table %s: where its game went was not kept: %s", table.id, exc)
                    continue
                self.tell(table)
        return sum(game is not None for game in numbers)

    async def check_start(self, table: Table) -> None:
        """Before a game of a tournament's table starts (or its next one): the table's finished
        games taken first, then refused unless the tournament would count the game (its round
        is the latest, the table has games left, and those at the table may play it)."""
        if table.tournament is None:
            return
        name, number, table_no = (table.tournament[k] for k in ("name", "round", "table"))
        await self.take(name, number, table_no)
        names = [s.name for s in table.seats]

        def why(book: TournamentBook) -> TournamentError | None:
            latest = len(book.picture(name).rounds)
            if number != latest:
                return refused(TournamentError, "tournament_refuse_online_round", round=latest)
            try:
                players = book.pub_players(name, number, table_no)
            except TournamentError as exc:
                return exc
            out = [n for n in names if n not in players]
            if out:
                where = {"table": table_no, "round": number}
                return refused(TournamentError, "tournament_refuse_no_lives", name=out[0], **where)
            return None

        reason = await self.run(why)
        if reason is not None:
            raise refuse("server_refuse_tournament_no_count", 409, why=reason)

    async def take_pub(self, name: str, pub: OnlineTable) -> int:
        """The finished pub games of a table (its first and the next ones played on the same
        phone) entered as its games (source ``pub``), each once
        (:meth:`TournamentBook.take_pub`); how many were new."""
        try:
            chain = await self.pub_games.chain(pub["table_id"])
        except TableError as exc:
            if exc.key != "server_refuse_no_pub":
                raise
            raise refuse(
                "server_refuse_pub_gone", 404, id=pub["table_id"], table=pub["table"]
            ) from None
        taken = 0
        for pub_id in chain:
            record = await self.pub_games.finished_record(pub_id)
            if record is not None:
                taken += await self.run(_taking(name, pub, pub_id, record))
        return taken

    async def next_pub_players(self, pub_id: str) -> list[str]:
        """Who plays the next game at the table counted by the pub games that begin with
        ``pub_id``: its finished games taken first (a life lost in the last one counts), then
        those who may play (refused when the table's games are all played)."""
        counted = await self.run(lambda book: book.pub_counted_at(pub_id))
        if not counted:
            raise refuse("server_refuse_pub_no_next")
        name, pub = counted[0]
        await self.take_pub(name, pub)
        return await self.run(lambda book: book.pub_players(name, pub["round"], pub["table"]))

    def pub_finished(self, pub_id: str) -> None:
        """A pub game has ended: if it counts a tournament's table, its game is taken, in a task
        of its own."""
        task = asyncio.get_running_loop().create_task(self._take_pub_finished(pub_id))
        self._taking.add(task)
        task.add_done_callback(self._taking.discard)

    async def _take_pub_finished(self, pub_id: str) -> None:
        try:
            for name, pub in await self.run(lambda book: book.pub_counted_at(pub_id)):
                taken = await self.take_pub(name, pub)
                log.info(
                    "tournament %s: %d game(s) of table %d taken from pub game %s",
                    name,
                    taken,
                    pub["table"],
                    pub_id,
                )
        except TableError as exc:  # a refusal (the table's games are all played, ...)
            log.warning("pub game %s: its game was not taken: %s", pub_id, exc)

    def table_finished(self, table: Table) -> None:
        """A game has ended at ``table``: if it is a tournament's online table (or a next game
        of one), its game is taken, in a task of its own."""
        task = asyncio.get_running_loop().create_task(self._take_finished(table.id))
        self._taking.add(task)
        task.add_done_callback(self._taking.discard)

    async def _take_finished(self, table_id: str) -> None:
        try:
            for name, online in await self.run(lambda book: book.online_now()):
                chain = await self.chain(online["table_id"])
                if any(t.id == table_id for t in chain):
                    taken = await self.take(name, online["round"], online["table"])
                    log.info(
                        "tournament %s: %d game(s) of table %d taken from online table %s",
                        name,
                        taken,
                        online["table"],
                        table_id,
                    )
                    return
        except TableError as exc:  # a refusal (the table's games are all played, ...)
            log.warning("online table %s: its game was not taken: %s", table_id, exc)


def _seat(pic: Tournament, close: bool = False) -> Seating | TournamentError:
    """In a worker process: the next round's tables, or the tournament's refusal (its key and
    fields go back with it)."""
    try:
        return next_seating(pic, close=close)
    except TournamentError as exc:
        return exc


def _taking(
    name: str, pub: OnlineTable, pub_id: str, record: GameRecord
) -> Callable[[TournamentBook], bool]:
    """Enter the finished pub game ``pub_id`` as a game of the table ``pub`` is of, once."""
    return lambda book: book.take_pub(name, pub["round"], pub["table"], pub_id, record)


def _opened(book: TournamentBook, club: str, name: str, key: object) -> tuple[str, int, bool]:
    """The tournament's name and version, and whether it is big (:data:`BIG_FIELD`), if it is
    the club's and ``key`` opens its views."""
    found = _public(book, club, name, key)
    return found, book.version(found), book.info(found)["players"] >= BIG_FIELD
