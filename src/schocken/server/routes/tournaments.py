"""A club's tournaments in the browser (``/tournaments/{club}``, ``/api/clubs/{club}/tournaments``):
a router of its own. A club's tournament belongs to the club: the organiser's pages and every
change use the club's access (its session or secret, :func:`~schocken.server.routes.clubs.opened`).
The public views (the screen in the pub, the players' phones, the print views) are opened by the
tournament's view key (``?key=``, from the organiser's page), which shows the ranking and the
tables and changes nothing.

The tournaments are :class:`schocken.tournament.TournamentBook`, on the connection of the
club's book and in its thread (:class:`Tournaments`); a refusal of the tournament is answered
400 with its text in the caller's language, and changes nothing. Print views are HTML made by
:mod:`schocken.tournament.paper`, the same the command line prints as PDF. The endpoints are
listed in docs/tournament.md.
"""

from __future__ import annotations

import asyncio
import base64
import bisect
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from schocken.club.transfer import draw_qr
from schocken.club.values import slug_of
from schocken.errors import RulesError, TournamentError
from schocken.players import name_key
from schocken.record import GameRecord
from schocken.rules import Rules
from schocken.server.club import Clubs
from schocken.server.lanes import enter_lane
from schocken.server.pub import PubGames
from schocken.server.requests import client_address, language, read_body, web_page
from schocken.server.routes.clubs import ClubsDep, opened
from schocken.server.settings import Limits, Site
from schocken.server.tables import (
    Table,
    TableError,
    Tables,
    refusal_of,
    refuse,
    rules_from_request,
)
from schocken.server.thinking import Workers
from schocken.texts import refused
from schocken.tournament import FORMATS, TournamentBook
from schocken.tournament.book import hidden_from
from schocken.tournament.formats import PointsStage
from schocken.tournament.online import OnlineTable
from schocken.tournament.paper import PAPERS, paper
from schocken.tournament.plan import next_seating
from schocken.tournament.results import result_by_hand
from schocken.tournament.values import RankingInfo, Seating, Tournament

router = APIRouter()
log = logging.getLogger("schocken.server")

T = TypeVar("T")

PUBLIC_VIEWS = ("screen", "phone")
"""The tournament's pages opened by its view key."""
MOST_HIDDEN = 600
"""The most minutes the screen may hide."""
LIVE_LINES = 1000
"""Lines of each round's standings in the live view (the phone shows as many)."""
VIEWS_PER_MINUTE = 600
"""Calls of a tournament's public views (live and print) with one key from one address in a
minute; more are refused (429, in words). Generous: the phones of a pub behind one address,
each asking every few seconds, stay well below it; a flood of calls does not."""
VIEW_WORKERS = 2
"""Worker processes that make the public views (each a connection of its own)."""
BIG_FIELD = 500
"""Players from which a tournament's views are made in the worker processes (below it they
take milliseconds, made in a thread of the club's lane)."""
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


async def the_tournaments(request: Request) -> Tournaments:
    """The server's tournaments; the request's lane is set
    (:func:`~schocken.server.lanes.enter_lane`)."""
    enter_lane(request)
    tournaments: Tournaments = request.app.state.tournaments
    return tournaments


TournamentsDep = Annotated[Tournaments, Depends(the_tournaments)]


def _of_club(book: TournamentBook, club: str, name: str) -> str:
    """The tournament's name, if it is the club's (404 otherwise, as if there were none)."""
    info = book.info(name)
    if info["club"] is None or slug_of(info["club"]) != slug_of(book.book.club(club)["name"]):
        raise refuse("server_refuse_tournament_club", 404, name=name[:100])
    return info["name"]


def _public(book: TournamentBook, club: str, name: str, key: object) -> str:
    """The tournament's name, if it is the club's and ``key`` opens its views (403)."""
    found = _of_club(book, club, name)
    if not book.opens_views(found, key):
        raise refuse("server_refuse_tournament_key", 403)
    return found


SHOWN_PLAYERS = 200
"""The organiser's answer lists the first this many players (by number); the others page by
page (``GET .../players?from=``): a registration of thousands answers with the counts and the
first page, not the whole list."""
SHOWN_MEMBERS = 1000
"""Members the registration form suggests at most."""
SHOWN_RANKING = 10
"""Lines of the overall ranking in the organiser's answer, as its page shows them (the whole
ranking is in the live view and the print views)."""


def detail(book: TournamentBook, name: str) -> dict[str, Any]:
    """What the organiser's page shows of a tournament: its counts, the first
    :data:`SHOWN_PLAYERS` players, every round with the tables of the latest, the latest
    round's games, the top :data:`SHOWN_RANKING` of the ranking and the Schock-Aus-König."""
    with book.one_read():
        return _detail(book, name)


def _detail(book: TournamentBook, name: str) -> dict[str, Any]:
    key = book.view_key(name)  # made on first use: a change, which drops what was read
    info = book.info(name)
    club = book.book.club(str(info["club"]))
    rounds = book.rounds(name)
    latest = rounds[-1]["number"] if rounds else None
    return {
        "tournament": info,
        "players": book.players(name)[:SHOWN_PLAYERS],
        "rounds": [r if r["number"] == latest else {**r, "tables": []} for r in rounds],
        "games": [g for g in book.games(name) if g["round"] == latest],
        "ranking": _shown_ranking(book.rank(name)),
        "shown": {"players": SHOWN_PLAYERS, "ranking": SHOWN_RANKING},
        "view_key": key,
        "members": _members_to_register(book, club["slug"], name),
        "format": _format_line(book, name),
        "online": book.online_tables(name),
    }


def _members_to_register(book: TournamentBook, club: str, name: str) -> list[str]:
    """The club's members the registration form suggests: those who have not left and are not
    registered yet, the first :data:`SHOWN_MEMBERS`."""
    registered = {name_key(p["name"]) for p in book.players(name)}
    out = []
    for m in book.book.members(club):
        if m["left"] is None and name_key(m["name"]) not in registered:
            out.append(m["name"])
            if len(out) == SHOWN_MEMBERS:
                break
    return out


def _shown_ranking(ranking: RankingInfo) -> dict[str, Any]:
    """The ranking as the organiser's page shows it: the top lines overall and the kings."""
    return {
        **ranking,
        "rounds": [],
        "qualifying": [],
        "teams": [],
        "players": ranking["players"][:SHOWN_RANKING],
        "schock_aus": [k for k in ranking["schock_aus"] if k["place"] == 1],
    }


def _format_line(book: TournamentBook, name: str) -> dict[str, Any]:
    pic = book.picture(name)
    fmt = pic.format
    return {
        "name": fmt.name,
        "qualifying_rounds": fmt.qualifying_rounds,
        "rounds": fmt.rounds,
        "games": fmt.qualifying.games if isinstance(fmt.qualifying, PointsStage) else None,
        "one_half": not pic.rules.finale,  # the rules play one half, no Finale
    }


def live(book: TournamentBook, name: str, hide: int) -> dict[str, Any]:
    """What the screen and the phones show, without the games of the last ``hide`` minutes:
    every round, with the tables of the latest; the first :data:`LIVE_LINES` lines of the
    ranking overall and of each round's, the teams and the Schock-Aus-König (the qualifying
    standings are the overall ranking's until the final stage: not twice). The server gives it
    from :meth:`Tournaments.live`, made once per version."""
    info = book.info(name)
    before = hidden_from(hide) if hide else None
    with book.one_read():
        rounds = book.rounds(name)
        ranking = _live_ranking(book, name, before)
    latest = rounds[-1]["number"] if rounds else None
    return {
        "tournament": {k: info[k] for k in ("name", "date", "place", "club", "format")},
        "rounds": [r if r["number"] == latest else {**r, "tables": []} for r in rounds],
        "ranking": ranking,
        "hidden": hide,
    }


def _live_ranking(book: TournamentBook, name: str, before: str | None) -> dict[str, Any]:
    """The live view's ranking (of the games entered before ``before``)."""
    ranking = book.rank(name, before=before)
    return {
        **ranking,
        "players": ranking["players"][:LIVE_LINES],
        "qualifying": [],
        "rounds": [{**r, "players": r["players"][:LIVE_LINES]} for r in ranking["rounds"]],
    }


@dataclass(frozen=True)
class LiveBase:
    """The live view of one version of a tournament, as JSON: ``rest`` (an object of its
    tournament and rounds), the whole ``ranking``, and when its games were entered, in order
    (those without a time are never hidden)."""

    rest: bytes
    ranking: bytes
    entered: list[str]


def _encoded(data: object) -> bytes:
    """``data`` as the JSON of an answer (as FastAPI says it), made in a thread of the lanes,
    not on the event loop."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def _live_base(book: TournamentBook, name: str) -> LiveBase:
    data = live(book, name, 0)
    entered = sorted(g.entered for g in book.picture(name).games if g.entered is not None)
    rest = {"tournament": data["tournament"], "rounds": data["rounds"]}
    return LiveBase(_encoded(rest), _encoded(data["ranking"]), entered)


def _hidden_ranking(book: TournamentBook, name: str, before: str) -> bytes:
    """The ranking of the games entered before ``before``, as JSON."""
    return _encoded(_live_ranking(book, name, before))


def _paper(book: TournamentBook, name: str, what: str, lang: str, round_number: int | None) -> str:
    return paper(book, name, what, lang, round_number=round_number)


VIEW_MAKERS: dict[str, Callable[..., Any]] = {
    "live": _live_base,
    "hidden": _hidden_ranking,
    "paper": _paper,
}
"""The public views by kind: each made from a book, the tournament's name and its own
arguments."""

_WORKER_BOOKS: dict[str, TournamentBook] = {}
"""In a worker process: its book of each database (a connection of its own, kept)."""


def _view_in_worker(target: str, timeout: float, kind: str, name: str, *args: Any) -> Any:
    """In a worker process: the view ``kind`` of the tournament ``name``, made from one
    snapshot of the database ``target``; or the tournament's refusal (its key and fields go
    back with it)."""
    book = _WORKER_BOOKS.get(str(target))
    if book is None:
        book = _WORKER_BOOKS[str(target)] = TournamentBook(target, timeout=timeout)
    try:
        with book.db.snapshot():
            return VIEW_MAKERS[kind](book, name, *args)
    except TournamentError as exc:
        return exc


def _opened(book: TournamentBook, club: str, name: str, key: object) -> tuple[str, int, bool]:
    """The tournament's name and version, and whether it is big (:data:`BIG_FIELD`), if it is
    the club's and ``key`` opens its views."""
    found = _public(book, club, name, key)
    return found, book.version(found), book.info(found)["players"] >= BIG_FIELD


def _hide(request: Request) -> int:
    given = request.query_params.get("hide", "0")
    if not given.isdigit() or not 0 <= int(given) <= MOST_HIDDEN:
        raise refuse("server_refuse_tournament_hide", 400, value=given[:20], most=MOST_HIDDEN)
    return int(given)


# ---------------------------------------------------------------------- pages


@router.get("/tournaments/{club}", response_class=HTMLResponse)
async def list_page(club: str, request: Request) -> str:
    return web_page(request)


@router.get("/tournaments/{club}/{name}", response_class=HTMLResponse)
async def organiser_page(club: str, name: str, request: Request) -> str:
    return web_page(request)


@router.get("/tournaments/{club}/{name}/{view}", response_class=HTMLResponse)
async def public_page(club: str, name: str, view: str, request: Request) -> str:
    if view not in PUBLIC_VIEWS:
        raise refuse(
            "server_refuse_tournament_view", 404, view=view[:40], views=", ".join(PUBLIC_VIEWS)
        )
    return web_page(request)


@router.get("/tournaments/{club}/{name}/print/{what}", response_class=HTMLResponse)
async def print_page(
    club: str, name: str, what: str, request: Request, tournaments: TournamentsDep
) -> str:
    """A print view (``plan``, ``sheets``, ``ranking``, ``certificates``; ``round``: of that
    round, else the latest) as a page of its own, made for paper (docs/tournament.md)."""
    if what not in PAPERS:
        raise refuse("server_refuse_tournament_print", 404, view=what[:40], views=", ".join(PAPERS))
    key, lang = request.query_params.get("key"), language(request)
    given = request.query_params.get("round")
    if given is not None and not given.isdigit():
        raise refuse("server_refuse_tournament_round", 400, value=given[:20])
    tournaments.calls.take(name, key, client_address(request))
    number = None if given is None else int(given)
    return await tournaments.paper(club, name, key, what, lang, number)


# ---------------------------------------------------------------------- the organiser


@router.get("/api/clubs/{club}/tournaments")
async def tournaments_of(
    club: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The club's tournaments and the formats a new one may take."""
    slug = await opened(clubs, club, request)

    def listed(book: TournamentBook) -> dict[str, Any]:
        name = book.book.club(slug)["name"]
        return {
            "club": {"name": name, "slug": slug},
            "tournaments": [t for t in book.tournaments() if t["club"] == name],
            "formats": sorted(FORMATS),
            "our_rules": book.book.our_rules(slug),
        }

    return await tournaments.run(listed)


@router.post("/api/clubs/{club}/tournaments")
async def create(
    club: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A new tournament of the club: ``name``, ``date``, ``place``, ``format`` (a preset's
    name), ``capacity`` (or null), ``seed`` (or null: a random one), ``rules`` ({preset,
    overrides}, or null: the preset ``allgemein``). Answers its detail."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    # A preset's name or {preset, overrides}, as POST /api/tables takes them; refused in words.
    rules = None if data.get("rules") is None else rules_from_request(data.get("rules"))

    def make(book: TournamentBook) -> dict[str, Any]:
        info = book.create(
            data.get("name"),  # type: ignore[arg-type]
            date=data.get("date"),  # type: ignore[arg-type]
            place=data.get("place") or "",
            club=slug,
            format=data.get("format") or "werl",
            rules=rules,
            capacity=data.get("capacity"),
            seed=data.get("seed") or None,
        )
        return detail(book, info["name"])

    return await tournaments.run(make)


@router.get("/api/clubs/{club}/tournaments/{name}")
async def get(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    slug = await opened(clubs, club, request)
    return await tournaments.run(lambda book: detail(book, _of_club(book, slug, name)))


@router.get("/api/clubs/{club}/tournaments/{name}/players")
async def players_page(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A page of the players (by number): ``from`` (default 0), at most
    :data:`SHOWN_PLAYERS`; and how many there are in all (``of``)."""
    slug = await opened(clubs, club, request)
    given = request.query_params.get("from", "0")
    if not given.isdigit() or len(given) > 6:
        raise refuse("server_refuse_tournament_from", 400, value=given[:20])
    first = int(given)

    def page(book: TournamentBook) -> dict[str, Any]:
        everyone = book.players(_of_club(book, slug, name))
        return {
            "from": first,
            "of": len(everyone),
            "players": everyone[first : first + SHOWN_PLAYERS],
        }

    return await tournaments.run(page)


ACTIONS = ("register", "withdraw", "draw", "undraw", "enter", "remove")
"""The organiser's changes, each ``POST /api/clubs/{club}/tournaments/{name}/{action}``."""


def _do(book: TournamentBook, name: str, action: str, data: dict[str, Any]) -> None:
    if action == "register":
        names = data.get("names")
        book.register(
            name,
            names,  # type: ignore[arg-type]
            team=data.get("team") or None,
            guest=data.get("guest") or False,
        )
    elif action == "withdraw":
        book.withdraw(name, data.get("name"))  # type: ignore[arg-type]
    elif action == "draw":
        book.draw(name, close=data.get("close", False))
    elif action == "undraw":
        book.undraw(name, data.get("reason"))  # type: ignore[arg-type]
    elif action == "enter":
        result = result_by_hand(
            data.get("players"),  # type: ignore[arg-type]
            halves=data.get("halves"),  # type: ignore[arg-type]
            finale_loser=data.get("finale_loser") or None,
            schock_aus=data.get("schock_aus") or None,
            bought_in=data.get("bought_in") or None,
        )
        book.enter(name, data.get("round"), data.get("table"), result=result)  # type: ignore[arg-type]
    else:
        book.remove_game(name, data.get("round"), data.get("table"), data.get("reason"))  # type: ignore[arg-type]


@router.post("/api/clubs/{club}/tournaments/{name}/online")
async def open_online(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A table of the latest round (``round``, ``table``) opened as an online table of the game
    server: the tournament's rules, a seat for each of its players and no other (no bots),
    each player seated by name with a link of their own to their seat (the first is the table's
    host, who starts the game). Answers the tournament's detail and the ``links`` with their QR
    codes: said this once (the server keeps the seats' tokens as hashes only)."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    number, table_no = data.get("round"), data.get("table")

    def check(book: TournamentBook) -> tuple[str, list[str], Rules]:
        found = _of_club(book, slug, name)
        return found, book.check_online(found, number, table_no), book.picture(found).rules  # type: ignore[arg-type]

    found, players, rules = await tournaments.run(check)
    tables = tournaments.tables
    limits: Limits = request.app.state.limits
    if len(tables.by_id) >= limits.max_tables:
        raise refuse("server_refuse_tables_full", 503)
    drawn = {"name": found, "round": number, "table": table_no, "players": players}
    table, token, _ = await tables.create(rules, len(players), players[0], tournament=drawn)
    tokens = [token]
    for seat in range(1, len(players)):
        tokens.append(await tables.commit(table, table.seat_drawn, seat))

    def keep(book: TournamentBook) -> dict[str, Any]:
        book.add_online(found, number, table_no, table.id, players)  # type: ignore[arg-type]
        return detail(book, found)

    answer = await tournaments.run(keep)
    return {**answer, "links": await _links(request, table.id, players, tokens)}


async def _links(
    request: Request, table_id: str, players: list[str], tokens: list[str]
) -> list[dict[str, str]]:
    """Each player's link to their seat, from the server's public address, with its QR code (an
    SVG data URL)."""
    site: Site = request.app.state.site
    out = []
    for player, token in zip(players, tokens, strict=True):
        link = f"{site.public_url}/t/{table_id}#{token}"
        svg = await asyncio.to_thread(draw_qr, link, "svg")
        qr = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
        out.append({"name": player, "link": link, "qr": qr})
    return out


@router.post("/api/clubs/{club}/tournaments/{name}/links")
async def new_links(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """New links to the seats of a table's online table (``round``, ``table``), for an organiser
    who needs them again: every seat gets a new token, and the old links open nothing (a seat a
    bot plays by the organiser's decision gets none). Answers the ``links`` with their QR
    codes."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)

    def online(book: TournamentBook) -> tuple[str, list[str]]:
        found = _of_club(book, slug, name)
        o = book.online_table(found, data.get("round"), data.get("table"))  # type: ignore[arg-type]
        return o["table_id"], o["players"]

    table_id, players = await tournaments.run(online)
    table = await tournaments.tables.get(table_id)
    seats = [i for i in range(len(players)) if table.seats[i].token_hash is not None]
    tokens = [await tournaments.tables.commit(table, table.new_token, seat) for seat in seats]
    return {"links": await _links(request, table_id, [players[i] for i in seats], tokens)}


@router.post("/api/clubs/{club}/tournaments/{name}/bot")
async def drawn_bot(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The organiser lets a bot play the seat of a drawn player (``name``) at a table's online
    table (``round``, ``table``), before its game or during it: the tournament keeps it (the
    online table's ``bots``, and its log), the player's link opens the seat no more, the seat
    keeps their name and the game counts for them (docs/tournament.md). Answers the detail."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    number, table_no, player = data.get("round"), data.get("table"), data.get("name")

    def check(book: TournamentBook) -> tuple[str, int, str]:
        found = _of_club(book, slug, name)
        seat = book.check_online_bot(found, number, table_no, player)  # type: ignore[arg-type]
        return found, seat, book.online_table(found, number, table_no)["table_id"]  # type: ignore[arg-type]

    found, seat, table_id = await tournaments.run(check)
    table = (await tournaments.chain(table_id))[-1]  # the game now played there
    await tournaments.tables.commit(table, table.drawn_bot, seat)

    def keep(book: TournamentBook) -> dict[str, Any]:
        book.online_bot(found, number, table_no, player)  # type: ignore[arg-type]
        return detail(book, found)

    try:
        answer = await tournaments.run(keep)  # logged: the views' version moves on
    finally:
        request.app.state.hub.seat_gone(table, seat)
    return answer


@router.post("/api/clubs/{club}/tournaments/{name}/take")
async def take_games(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The finished games of a table's online table (``round``, ``table``; its next games, the
    rematches, too) entered as the table's games from their records, each once (one entered
    before is passed over); they go into the club's book as well. Answers the detail and how
    many were ``taken``."""
    data = await read_body(request)
    slug = await opened(clubs, club, request, data)
    found = await tournaments.run(lambda book: _of_club(book, slug, name))
    taken = await tournaments.take(found, data.get("round"), data.get("table"))  # type: ignore[arg-type]
    return {**await tournaments.run(lambda book: detail(book, found)), "taken": taken}


@router.post("/api/clubs/{club}/tournaments/{name}/{action}")
async def change(
    club: str,
    name: str,
    action: str,
    request: Request,
    clubs: ClubsDep,
    tournaments: TournamentsDep,
) -> dict[str, Any]:
    """A change by the organiser (:data:`ACTIONS`): ``register`` (``names``, ``team``,
    ``guest``: true, or the names of those who come as guests), ``withdraw`` (``name``),
    ``draw`` (``close``: true closes the round before on purpose), ``undraw`` the latest
    round's draw taken back before it has games (``reason``), ``enter`` a game by hand
    (``round``, ``table``, ``players``, ``halves``: each half's finishing order as groups of
    names, first out first, ``finale_loser``, ``schock_aus`` and ``bought_in`` by section),
    ``remove`` the table's last game (``round``, ``table``, ``reason``). Answers the
    tournament's detail."""
    if action not in ACTIONS:
        raise refuse(
            "server_refuse_tournament_action", 404, action=action[:40], actions=", ".join(ACTIONS)
        )
    limits: Limits = request.app.state.limits
    data = await read_body(request, limits.max_register if action == "register" else None)
    slug = await opened(clubs, club, request, data)

    def do(book: TournamentBook) -> dict[str, Any]:
        found = _of_club(book, slug, name)
        if action == "draw":
            book.draw(found, close=data.get("close", False), seat=tournaments.seat)
        else:
            _do(book, found, action, data)
        return detail(book, found)

    return await tournaments.run(do)


# ---------------------------------------------------------------------- the public views


@router.get("/api/tournaments/{club}/{name}/live")
async def live_view(
    club: str, name: str, request: Request, tournaments: TournamentsDep
) -> Response:
    """The screen's and the phones' data (``?key=``, the view key): every round's tables and
    the ranking, without the games of the last ``hide`` minutes (0 to 600)."""
    hide, key = _hide(request), request.query_params.get("key")
    tournaments.calls.take(name, key, client_address(request))
    return Response(await tournaments.live(club, name, key, hide), media_type="application/json")


@router.get("/api/clubs/{club}/tournaments/{name}/qr")
async def view_qr(
    club: str, name: str, request: Request, clubs: ClubsDep, tournaments: TournamentsDep
) -> dict[str, Any]:
    """The phone view's link and its QR code (an SVG data URL), from the server's public
    address."""
    slug = await opened(clubs, club, request)

    def both(book: TournamentBook) -> tuple[str, str]:
        found = _of_club(book, slug, name)
        return found, book.view_key(found)

    found, key = await tournaments.run(both)
    site: Site = request.app.state.site
    link = (
        f"{site.public_url}/tournaments/{quote(slug)}/{quote(slug_of(found))}/phone"
        f"?key={quote(key)}"
    )
    svg = await asyncio.to_thread(draw_qr, link, "svg")
    return {"link": link, "qr": "data:image/svg+xml;base64," + base64.b64encode(svg).decode()}
