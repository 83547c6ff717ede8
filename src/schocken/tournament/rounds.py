"""A drawn round: its tables after late changes (:func:`adjusted_tables`) and as the pages show it
(:func:`round_info`), for :mod:`schocken.tournament.book`.
"""

from __future__ import annotations

from collections.abc import Sequence

from schocken.tournament.draw import adjust, springer_in_turn
from schocken.tournament.plan import stage_of
from schocken.tournament.ranking import stage_name
from schocken.tournament.values import (
    RoundInfo,
    Seating,
    Tournament,
)


def adjusted_tables(
    pic: Tournament,
    seating: Seating,
    *,
    leave: Sequence[str] = (),
    arrive: Sequence[str] = (),
) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The current round's tables after late changes (:func:`schocken.tournament.draw.adjust`)."""
    stage = stage_of(pic, seating.number)
    size = getattr(stage, "table_size", getattr(stage, "per_table", 4))
    smallest = getattr(stage, "smallest", size)
    played = [n for n, _ in seating.tables if pic.games_at(seating.number, n)]
    history = [[p for _, p in s.tables] for s in pic.rounds if s.number < seating.number]
    tables = adjust(
        dict(seating.tables),
        leave=leave,
        arrive=arrive,
        played=played,
        size=size,
        smallest=smallest,
        history=history,
        teams=pic.teams,
    )
    return tuple(sorted(tables.items()))


def round_info(pic: Tournament, seating: Seating) -> RoundInfo:
    """A drawn round as the pages show it."""
    number = seating.number
    largest = max(len(p) for _, p in seating.tables)
    return {
        "number": number,
        "stage": stage_name(stage_of(pic, number)),
        "tables": [
            {
                "number": n,
                "players": list(p),
                "games": len(pic.games_at(number, n)),
                "springer": len(p) < largest,
            }
            for n, p in seating.tables
        ],
        "springer_in_turn": springer_in_turn(
            [[p for _, p in s.tables] for s in pic.rounds if s.number < number],
            [p for _, p in seating.tables],
        ),
    }
