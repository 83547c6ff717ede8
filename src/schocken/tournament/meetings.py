"""Who met whom: how often each pair sat at one table (:func:`meetings`), the pairs that met
again (:func:`repeated_pairs`), and the fewest repeated pairs any draw can reach
(:func:`lower_bound`), against which ``docs/tournament.md`` measures
:mod:`schocken.tournament.draw`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence


def meetings(rounds: Iterable[Iterable[Sequence[str]]]) -> dict[frozenset[str], int]:
    """How often each pair sat at one table over the rounds."""
    met: dict[frozenset[str], int] = {}
    for tables in rounds:
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
    return met


def repeated_pairs(rounds: Iterable[Iterable[Sequence[str]]]) -> int:
    """Meetings of a pair that had met before: the sum over pairs of (times met - 1)."""
    return sum(m - 1 for m in meetings(rounds).values() if m > 1)


def lower_bound(
    count: int, rounds: Sequence[Sequence[int]], teams: Mapping[str, int] | None = None
) -> int:
    """No draw of ``count`` players into tables of these sizes (one list of sizes per round)
    has fewer repeated pairs than this.

    Why: a player meets at least ``d`` = the sum over rounds of (the round's smallest table -
    1) opponents, counting each time; with only ``c`` = ``count - 1`` - (teammates) possible
    opponents, at least ``d - c`` of those meetings repeat an earlier one. Each repeated
    meeting is one of two players', so the draw has at least half the players' sum. Also the
    meetings of all tables, less the number of pairs that may meet, must repeat. And a table
    of ``s`` players drawn from the ``T`` tables of an earlier round holds at least two from
    one of them when ``s > T``: at best its players come evenly from the ``T`` tables, and
    every pair from one earlier table repeats; so each round after the first repeats at least
    that many meetings of the earlier round with the fewest tables. And where the smaller
    tables take turns (the Springer rule), round 2 repeats what that forces
    (:func:`springer_forced`). ``teams``: the size of each team (teammates never meet).
    """
    d = sum(min(sizes) - 1 for sizes in rounds)
    sizes_of = dict(teams or {})
    in_teams = sum(sizes_of.values())
    per_player = sum(max(0, d - (count - 1 - (t - 1))) * t for t in sizes_of.values())
    per_player += max(0, d - (count - 1)) * (count - in_teams)
    total = sum(s * (s - 1) // 2 for sizes in rounds for s in sizes)
    pairs = count * (count - 1) // 2 - sum(t * (t - 1) // 2 for t in sizes_of.values())
    forced = 0
    for r in range(1, len(rounds)):
        earlier = min(len(sizes) for sizes in rounds[:r])
        here = sum(pigeonholes(s, earlier) for s in rounds[r])
        if r == 1:
            here = max(here, springer_forced(rounds[0], rounds[1]))
        forced += here
    return max(-(-per_player // 2), total - pairs, forced, 0)


def pigeonholes(s: int, tables: int) -> int:
    """The fewest pairs of ``s`` players from ``tables`` earlier tables that sat at one of them
    together: at best they come from the tables evenly."""
    q, extra = divmod(s, tables)
    return extra * (q + 1) * q // 2 + (tables - extra) * q * (q - 1) // 2


def springer_forced(first: Sequence[int], second: Sequence[int]) -> int:
    """The repeats the Springer rule forces in the second round (the smaller tables in turn):
    everyone of round 1's full tables goes to a smaller table when there are seats enough, so
    each full table's players share out over the smaller tables of round 2, and round 2's full
    tables are filled from round 1's smaller tables only (13 players at 4-3-3-3: 1 + 1)."""
    full1, full2 = max(first), max(second)
    short1 = [s for s in first if s < full1]
    short2 = [s for s in second if s < full2]
    if not short1 or not short2 or sum(first) != sum(second):
        return 0
    if sum(s for s in first if s == full1) > sum(short2):
        return 0
    spread = sum(pigeonholes(s, len(short2)) for s in first if s == full1)
    filled = sum(pigeonholes(s, len(short1)) for s in second if s == full2)
    return spread + filled
