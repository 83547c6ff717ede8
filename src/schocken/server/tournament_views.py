"""A tournament's views, made from its book: what the organiser's page shows (:func:`detail`),
the live view of the screen in the pub and the players' phones (:func:`live`), the hidden
ranking and the print views; made in a thread of the club's lane or, for a big field, in the
views' worker processes (:func:`_view_in_worker`), once per version of the tournament
(:meth:`schocken.server.tournament.Tournaments.made`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from schocken.club.values import slug_of
from schocken.errors import TournamentError
from schocken.players import name_key
from schocken.server.refusals import refuse
from schocken.tournament import TournamentBook
from schocken.tournament.book import hidden_from
from schocken.tournament.formats import PointsStage
from schocken.tournament.paper import paper
from schocken.tournament.results import result_by_hand
from schocken.tournament.values import RankingInfo

LIVE_LINES = 1000
"""Lines of each round's standings in the live view (the phone shows as many)."""


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


def organiser_change(book: TournamentBook, name: str, action: str, data: dict[str, Any]) -> None:
    """The organiser's change ``action`` (not the draw's seating: the route and the worker
    process draw as each must) on the tournament ``name``, read from the request's ``data``."""
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
