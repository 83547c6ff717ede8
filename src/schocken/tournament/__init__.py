"""Schockturnier: a club's tournament from the draw to the trophy, with results straight from
the tables.

A tournament is of a club (its members and guests; its games go into the club's book) or on
its own. It has a format (:mod:`.formats`: points rounds, rounds of lives, a knock-out or a
final table, as data named after the tournaments they come from), players and teams, rounds
drawn so that players meet as many different opponents as they can (:mod:`.draw`), games
entered from their records or by hand (:mod:`.results`), and a ranking per round and overall,
players and teams, with the Schock-Aus-König (:mod:`.ranking`). It is kept in the club's
database (:mod:`.store`) and goes out and comes back as one JSON file (:mod:`.exchange`).

Plain data in and out (:mod:`.values`), for the command line (``schocken tournament``) and
web pages alike. Bad input raises :class:`~schocken.errors.TournamentError` saying what was
wrong, and changes nothing. Standard library only. See ``docs/tournament.md``.

>>> book = TournamentBook(":memory:")
>>> _ = book.create("Schützenfest", date="2025-06-14", format="sfreunde", seed="1")
>>> _ = book.register("Schützenfest", [f"Player {i}" for i in range(1, 13)])
>>> [len(t["players"]) for t in book.draw("Schützenfest")["tables"]]
[4, 4, 4]
>>> book.rank("Schützenfest")["score"]
'points'
"""

from __future__ import annotations

from schocken.tournament.exchange import EXPORT_FORMAT, EXPORT_VERSION, _Exchange
from schocken.tournament.formats import FORMATS, Format, find_format
from schocken.tournament.online import _Online
from schocken.tournament.results import GameResult, parse_order, result_by_hand
from schocken.tournament.store import MIGRATIONS


class TournamentBook(_Exchange, _Online):
    """The tournaments kept in one database (a SQLite file, ``":memory:"``, or a
    ``postgresql://`` URL), beside the club's book and through the same connection.

    Its parts, one concern each: :mod:`.store` (tables, transactions, the picture of a
    tournament), :mod:`.book` (create, register, draw, enter, rank), :mod:`.exchange` (export,
    import), :mod:`.online` (tables played at the game server); the rules of the game of
    tournaments live in :mod:`.formats`, :mod:`.draw`, :mod:`.results`, :mod:`.plan` and
    :mod:`.ranking`.
    """


__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "FORMATS",
    "MIGRATIONS",
    "Format",
    "GameResult",
    "TournamentBook",
    "find_format",
    "parse_order",
    "result_by_hand",
]
