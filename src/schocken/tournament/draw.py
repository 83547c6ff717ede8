"""The draw: who sits at which table in a round.

Tables are as even as the count allows: as many tables as full tables of ``size`` need, so the
sizes differ by one at most; when the count does not divide, some tables have one player fewer
(the "Springer" tables of fiebel-t), never fewer than ``smallest``. Over the rounds:

- players meet as many different opponents as they can: the draw makes few pairs sit together
  again (a pair that met ``m`` times before costs ``m`` when it meets again);
- teammates never sit at one table (refused when a team has more players than there are
  tables);
- the smaller tables go to those who sat at one least often so far (fiebel-t's Springer take
  turns);
- it is seeded: the same seed, players and earlier rounds give the same tables.

The algorithm (``docs/tournament.md`` measures it): players in a seeded random order, teams
first, each placed at the open table where they meet the fewest earlier opponents; then rounds
of improving swaps (two players of different tables trade seats when that lowers the cost;
only swaps that keep teammates apart and the smaller tables' fairness), until a whole round of
swaps finds nothing or after :data:`PASSES` rounds. Fixed numbers of steps, never a clock, so
a draw is the same on every machine.

A late change (:func:`adjust`: a player leaves, one arrives late) moves only whom it must: a
leaver's seat stays empty while the tables stay within the sizes; a late arrival sits at the
open table where they meet the fewest earlier opponents; a table left too small is filled from
the largest tables or shared out, whichever moves fewer players; tables that have played
already are never touched.

>>> tables = draw_tables([f"P{i}" for i in range(10)], size=4, smallest=3, seed="x")
>>> sorted(len(t) for t in tables)
[3, 3, 4]
>>> tables == draw_tables([f"P{i}" for i in range(10)], size=4, smallest=3, seed="x")
True
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from schocken.errors import TournamentError
from schocken.texts import refused

Tables = tuple[tuple[str, ...], ...]
PASSES = 12
"""Rounds of improving swaps at most."""
TRIES = 60
"""Seeded starts of a draw of 40 players or fewer (fewer for more players)."""
BIG = 500
"""A draw of more players than this works around each player's earlier opponents only
(:func:`_draw_big`): the same rules, in time that grows with the players, not their square."""


def table_sizes(count: int, size: int, smallest: int) -> tuple[int, ...]:
    """The sizes of the tables for ``count`` players: as many as full tables of ``size`` need,
    larger tables first; refused when they would be smaller than ``smallest``."""
    if count < smallest:
        raise refused(
            TournamentError, "tournament_refuse_too_few", count=count, least=smallest, most=size
        )
    tables = -(-count // size)
    low, extra = divmod(count, tables)
    if low < smallest:
        raise refused(
            TournamentError, "tournament_refuse_uneven", count=count, least=smallest, most=size
        )
    return (low + 1,) * extra + (low,) * (tables - extra)


def springer_in_turn(
    history: Iterable[Iterable[Sequence[str]]], tables: Iterable[Sequence[str]]
) -> bool:
    """Whether the smaller tables of a round (``tables``) went to those of its players who had
    sat at one least often in the earlier rounds (``history``): nobody at a full table had
    sat at a smaller one fewer times than anybody at a smaller table."""
    tables = [list(t) for t in tables]
    largest = max((len(t) for t in tables), default=0)
    short = _short_counts(history)
    at_short = [short.get(p, 0) for t in tables if len(t) < largest for p in t]
    at_full = [short.get(p, 0) for t in tables if len(t) == largest for p in t]
    return not at_short or not at_full or max(at_short) <= min(at_full)


def _short_counts(history: Iterable[Iterable[Sequence[str]]]) -> dict[str, int]:
    """How often each player sat at one of a round's smaller tables."""
    short: dict[str, int] = {}
    for earlier in history:
        tables = [list(t) for t in earlier]
        largest = max((len(t) for t in tables), default=0)
        for table in tables:
            if len(table) < largest:
                for p in table:
                    short[p] = short.get(p, 0) + 1
    return short


def random_tables(players: Sequence[str], sizes: Sequence[int], rng: random.Random) -> Tables:
    """A plain random draw: the players shuffled and cut into tables of ``sizes``."""
    order = list(players)
    rng.shuffle(order)
    out, i = [], 0
    for s in sizes:
        out.append(tuple(order[i : i + s]))
        i += s
    return tuple(out)


class _Costs:
    """Who met whom before, who sat at a smaller table how often, who is whose teammate."""

    def __init__(
        self,
        players: Sequence[str],
        history: Iterable[Iterable[Sequence[str]]],
        teams: Mapping[str, str],
    ) -> None:
        self.index = {p: i for i, p in enumerate(players)}
        n = len(players)
        self.met = [[0] * n for _ in range(n)]
        self.short = [0] * n
        self.team = [teams.get(p) for p in players]
        for tables in history:
            tables = [list(t) for t in tables]
            largest = max((len(t) for t in tables), default=0)
            for table in tables:
                ids = [self.index[p] for p in table if p in self.index]
                for a, b in itertools.combinations(ids, 2):
                    self.met[a][b] += 1
                    self.met[b][a] += 1
                if len(table) < largest:
                    for a in ids:
                        self.short[a] += 1

    def cost(self, player: int, table: Iterable[int]) -> int:
        row = self.met[player]
        return sum(row[x] for x in table)

    def clashes(self, player: int, table: Iterable[int]) -> bool:
        team = self.team[player]
        return team is not None and any(self.team[x] == team for x in table)


class _Opponents:
    """As :class:`_Costs`, with each player's earlier opponents only (a few per round) instead
    of a row for every player: for big fields and late changes, whose size is any."""

    def __init__(
        self,
        players: Sequence[str],
        history: Iterable[Iterable[Sequence[str]]],
        teams: Mapping[str, str],
    ) -> None:
        self.index = {p: i for i, p in enumerate(players)}
        self.met: list[dict[int, int]] = [{} for _ in players]
        self.short = [0] * len(players)
        self.team = [teams.get(p) for p in players]
        for tables in history:
            tables = [list(t) for t in tables]
            largest = max((len(t) for t in tables), default=0)
            for table in tables:
                ids = [self.index[p] for p in table if p in self.index]
                for a, b in itertools.combinations(ids, 2):
                    self.met[a][b] = self.met[a].get(b, 0) + 1
                    self.met[b][a] = self.met[b].get(a, 0) + 1
                if len(table) < largest:
                    for a in ids:
                        self.short[a] += 1

    def cost(self, player: int, table: Iterable[int]) -> int:
        row = self.met[player]
        return sum(row.get(x, 0) for x in table) if row else 0

    def clashes(self, player: int, table: Iterable[int]) -> bool:
        team = self.team[player]
        return team is not None and any(self.team[x] == team for x in table)


def _check_teams(players: Sequence[str], teams: Mapping[str, str], tables: int) -> None:
    counts: dict[str, int] = {}
    for p in players:
        team = teams.get(p)
        if team is not None:
            counts[team] = counts.get(team, 0) + 1
    for team, n in sorted(counts.items()):
        if n > tables:
            raise refused(
                TournamentError, "tournament_refuse_team_large", team=team, count=n, tables=tables
            )


def draw_tables(
    players: Sequence[str],
    *,
    size: int,
    smallest: int,
    seed: object,
    history: Iterable[Iterable[Sequence[str]]] = (),
    teams: Mapping[str, str] | None = None,
) -> Tables:
    """The tables of a round for ``players``, after the earlier rounds' tables ``history``;
    ``teams``: each player's team (if any); ``seed``: any text or number (the same seed, the
    same tables). Full tables first."""
    if len(set(players)) != len(players):
        raise refused(TournamentError, "tournament_refuse_draw_twice")
    teams = dict(teams or {})
    sizes = table_sizes(len(players), size, smallest)
    _check_teams(players, teams, len(sizes))
    rng = random.Random(str(seed))
    if len(players) > BIG:
        return _draw_big(players, sizes, rng, history, teams)
    costs = _Costs(players, history, teams)
    best: list[list[int]] = []
    best_cost = -1
    for _ in range(tries(len(players))):
        seats = _first_seats(costs, sizes, rng)
        _improve(costs, seats, rng)
        total = sum(costs.met[a][b] for t in seats for a, b in itertools.combinations(t, 2))
        if best_cost < 0 or total < best_cost:
            best, best_cost = seats, total
        if total == 0:
            break
    return tuple(tuple(players[i] for i in table) for table in best)


def tries(count: int) -> int:
    """How many seeded starts a draw of ``count`` players tries (the best is kept): many for a
    small field, where a good draw is hard to find and each try is quick."""
    return max(2, min(TRIES, TRIES * 40 // max(count, 1)))


def _first_seats(costs: _Costs, sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Each player, in a seeded order (teams first, largest first), at the open table where
    they meet the fewest earlier opponents; the smaller tables for those who sat at one least
    often. A few seeded orders are tried when teammates leave nobody a table."""
    n = len(costs.team)
    full = max(sizes)
    short_seats = sum(s for s in sizes if s < full)
    team_size: dict[str | None, int] = {}
    for team in costs.team:
        team_size[team] = team_size.get(team, 0) + 1
    short_tables = sum(1 for s in sizes if s < full)
    fallback: list[list[int]] | None = None
    for _attempt in range(20):
        keys = [rng.random() for _ in range(n)]
        # The smaller tables go to those who sat at one least often (ties: by lot).
        by_short = sorted(range(n), key=lambda p: (costs.short[p], keys[p]))
        shorts = _springers(by_short, costs.team, short_seats, short_tables, len(sizes))
        mismatched = False
        order = sorted(
            range(n),
            key=lambda p: (-(team_size[costs.team[p]] if costs.team[p] else 0), keys[p]),
        )
        tables: list[list[int]] = [[] for _ in sizes]
        placed = True
        for p in order:
            want_short = p in shorts
            best: tuple[int, int, float] | None = None
            choice = -1
            for t, table in enumerate(tables):
                if len(table) >= sizes[t] or costs.clashes(p, table):
                    continue
                mismatch = int((sizes[t] < full) != want_short)
                key = (mismatch, costs.cost(p, table), len(table) + rng.random())
                if best is None or key < best:
                    best, choice = key, t
            if choice < 0:
                placed = False
                break
            mismatched = mismatched or (sizes[choice] < full) != want_short
            tables[choice].append(p)
        if placed and not mismatched:
            return tables
        if placed and fallback is None:
            fallback = tables
    if fallback is not None:  # teammates kept apart, the smaller tables not quite in turn
        return fallback
    raise refused(TournamentError, "tournament_refuse_teams_apart")


def _springers(
    order: Sequence[int],
    team: Sequence[str | None],
    short_seats: int,
    short_tables: int,
    tables: int,
) -> set[int]:
    """The players for the smaller tables: the first ``short_seats`` of ``order`` (those who
    sat at one least often first), as far as teammates allow: a team never has more players
    at the smaller tables than there are smaller tables, nor more at the full ones than there
    are full ones (else no seating keeps them apart). Where a team has too many on one side,
    its first player on the other side changes places with the nearest in ``order`` who may."""
    full_tables = tables - short_tables
    rank = {p: i for i, p in enumerate(order)}
    chosen, rest = list(order[:short_seats]), list(order[short_seats:])
    if not any(team[p] is not None for p in order):
        return set(chosen)
    inn: int | None
    out: int | None
    for _ in range(len(order)):
        at_short = Counter(team[p] for p in chosen if team[p] is not None)
        at_full = Counter(team[p] for p in rest if team[p] is not None)
        over = next((t for t in at_full if at_full[t] > full_tables), None)
        if over is not None:
            inn = next(p for p in rest if team[p] == over)
            out = next(
                (
                    p
                    for p in reversed(chosen)
                    if team[p] != over and (team[p] is None or at_full[team[p]] < full_tables)
                ),
                None,
            )
        else:
            over = next((t for t in at_short if at_short[t] > short_tables), None)
            if over is None:
                break
            out = next(p for p in reversed(chosen) if team[p] == over)
            inn = next(
                (
                    p
                    for p in rest
                    if team[p] != over and (team[p] is None or at_short[team[p]] < short_tables)
                ),
                None,
            )
        if inn is None or out is None:
            break
        chosen[chosen.index(out)] = inn
        rest[rest.index(inn)] = out
        chosen.sort(key=rank.__getitem__)
        rest.sort(key=rank.__getitem__)
    return set(chosen)


def _improve(costs: _Costs, tables: list[list[int]], rng: random.Random) -> None:
    """Swap two players of different tables while that lowers the cost (fewer repeated
    meetings), keeping teammates apart and the smaller tables' fairness."""
    if len(tables) < 2:
        return
    met, team, short = costs.met, costs.team, costs.short
    where = {p: t for t, table in enumerate(tables) for p in table}
    players = sorted(where)
    # load[x][t]: what x would pay at table t (its earlier meetings with the players there)
    load = {x: [sum(met[x][y] for y in table) for table in tables] for x in players}
    for _ in range(PASSES):
        rng.shuffle(players)
        changed = False
        for p in players:
            a = where[p]
            lp = load[p]
            row_p = met[p]
            for b, table_b in enumerate(tables):
                if b == a:
                    continue
                same_size = len(tables[a]) == len(table_b)
                gain_p = lp[b] - lp[a]
                for q in table_b:
                    if not same_size and short[p] != short[q]:
                        continue
                    lq = load[q]
                    if gain_p + lq[a] - lq[b] - 2 * row_p[q] >= 0:
                        continue
                    tp, tq = team[p], team[q]
                    if tp is not None and any(team[x] == tp for x in table_b if x != q):
                        continue
                    if tq is not None and any(team[x] == tq for x in tables[a] if x != p):
                        continue
                    _swap(tables, where, load, met, p, q)
                    changed = True
                    break
                if where[p] != a:
                    break
        if not changed:
            return


def _swap(
    tables: list[list[int]],
    where: dict[int, int],
    load: dict[int, list[int]],
    met: list[list[int]],
    p: int,
    q: int,
) -> None:
    a, b = where[p], where[q]
    tables[a][tables[a].index(p)] = q
    tables[b][tables[b].index(q)] = p
    where[p], where[q] = b, a
    row_p, row_q = met[p], met[q]
    for x, lx in load.items():
        d = row_q[x] - row_p[x]
        if d:
            lx[a] += d
            lx[b] -= d


# ---------------------------------------------------------------------- big fields


def _draw_big(
    players: Sequence[str],
    sizes: Sequence[int],
    rng: random.Random,
    history: Iterable[Iterable[Sequence[str]]],
    teams: Mapping[str, str],
) -> Tables:
    """The draw of a big field (more than :data:`BIG` players): the same rules as the small
    draw's, kept with each player's earlier opponents (a few per round) instead of every pair.

    Players in a seeded order (teams first, largest first), the smaller tables for those who
    sat at one least often, each dealt round the tables of their kind in turn (so the tables
    fill evenly) and seated at the first that has no teammate and none of their earlier
    opponents (else the cheapest of them); then, for :data:`PASSES` rounds at most, each player
    who meets an earlier opponent trades seats with the first player of another table (from a
    seeded start) with whom the trade lowers the cost, keeping teammates apart and the smaller
    tables' fairness. Seeded, fixed numbers of steps: the same draw on every machine."""
    n = len(players)
    known = _Opponents(players, history, teams)
    met, short, team = known.met, known.short, known.team
    best: list[list[int]] = []
    best_cost = -1
    for _ in range(tries(n)):
        seats = _big_first_seats(sizes, rng, met, short, team)
        _big_improve(seats, rng, met, short, team)
        total = sum(met[a].get(b, 0) for t in seats for a, b in itertools.combinations(t, 2))
        if best_cost < 0 or total < best_cost:
            best, best_cost = seats, total
        if total == 0:
            break
    return tuple(tuple(players[i] for i in table) for table in best)


def _big_first_seats(
    sizes: Sequence[int],
    rng: random.Random,
    met: list[dict[int, int]],
    short: list[int],
    team: list[str | None],
) -> list[list[int]]:
    n = len(team)
    full = max(sizes)
    short_seats = sum(s for s in sizes if s < full)
    team_size: dict[str | None, int] = {}
    for t in team:
        team_size[t] = team_size.get(t, 0) + 1
    pools = [
        [t for t, s in enumerate(sizes) if s == full],
        [t for t, s in enumerate(sizes) if s < full],
    ]
    for _attempt in range(20):
        keys = [rng.random() for _ in range(n)]
        by_short = sorted(range(n), key=lambda p: (short[p], keys[p]))
        shorts = _springers(by_short, team, short_seats, len(pools[1]), len(sizes))
        order = sorted(range(n), key=lambda p: (-(team_size[team[p]] if team[p] else 0), keys[p]))
        tables: list[list[int]] = [[] for _ in sizes]
        teams_at: list[set[str]] = [set() for _ in sizes]
        cursor = [0, 0]
        placed = True
        for p in order:
            kind = int(p in shorts)
            choice = _big_seat(p, pools[kind], cursor, kind, sizes, tables, teams_at, met, team)
            if choice < 0:
                choice = _big_seat(
                    p, pools[1 - kind], cursor, 1 - kind, sizes, tables, teams_at, met, team
                )
            if choice < 0:
                placed = False
                break
            tables[choice].append(p)
            if team[p] is not None:
                teams_at[choice].add(team[p])  # type: ignore[arg-type]
        if placed:
            return tables
    raise refused(TournamentError, "tournament_refuse_teams_apart")


def _big_seat(
    p: int,
    pool: list[int],
    cursor: list[int],
    kind: int,
    sizes: Sequence[int],
    tables: list[list[int]],
    teams_at: list[set[str]],
    met: list[dict[int, int]],
    team: list[str | None],
) -> int:
    """The table of ``pool`` for ``p``: from the pool's cursor on, the first open one without
    a teammate or an earlier opponent, else the cheapest open one without a teammate (-1:
    none); the cursor moves past it."""
    if not pool:
        return -1
    row, tp = met[p], team[p]
    best, best_cost, at = -1, -1, 0
    start = cursor[kind]
    for k in range(len(pool)):
        i = (start + k) % len(pool)
        t = pool[i]
        if len(tables[t]) >= sizes[t] or (tp is not None and tp in teams_at[t]):
            continue
        cost = sum(row.get(x, 0) for x in tables[t]) if row else 0
        if best < 0 or cost < best_cost:
            best, best_cost, at = t, cost, i
            if cost == 0:
                break
    if best >= 0:
        cursor[kind] = at + 1
    return best


def _big_improve(
    tables: list[list[int]],
    rng: random.Random,
    met: list[dict[int, int]],
    short: list[int],
    team: list[str | None],
) -> None:
    """Trades of seats that lower the cost, for the players who meet an earlier opponent."""
    if len(tables) < 2:
        return
    where = {p: t for t, table in enumerate(tables) for p in table}

    def cost(p: int, t: int, without: int) -> int:
        row = met[p]
        return sum(row.get(x, 0) for x in tables[t] if x != without) if row else 0

    def apart(p: int, t: int, without: int) -> bool:
        tp = team[p]
        return tp is None or all(team[x] != tp for x in tables[t] if x != without)

    for _ in range(PASSES):
        bad = sorted(p for p in where if cost(p, where[p], p) > 0)
        if not bad:
            return
        rng.shuffle(bad)
        changed = False
        for p in bad:
            a = where[p]
            here = cost(p, a, p)
            if here == 0:
                continue
            start = rng.randrange(len(tables))
            for k in range(len(tables)):
                b = (start + k) % len(tables)
                if b == a:
                    continue
                same_size = len(tables[a]) == len(tables[b])
                found = -1
                for q in tables[b]:
                    if not same_size and short[p] != short[q]:
                        continue
                    change = cost(p, b, q) + cost(q, a, p) - here - cost(q, b, q)
                    if change < 0 and apart(p, b, q) and apart(q, a, p):
                        found = q
                        break
                if found >= 0:
                    q = found
                    tables[a][tables[a].index(p)] = q
                    tables[b][tables[b].index(q)] = p
                    where[p], where[q] = b, a
                    changed = True
                    break
        if not changed:
            return


# ---------------------------------------------------------------------- late changes


def adjust(
    tables: Mapping[int, Sequence[str]],
    *,
    leave: Iterable[str] = (),
    arrive: Iterable[str] = (),
    played: Iterable[int] = (),
    size: int,
    smallest: int,
    history: Iterable[Iterable[Sequence[str]]] = (),
    teams: Mapping[str, str] | None = None,
) -> dict[int, tuple[str, ...]]:
    """A drawn round after late changes: the players ``leave`` leave their tables, those of
    ``arrive`` come in; tables numbered in ``played`` have results already and do not change.
    Only the seats that must change do; the tables by number (a table shared out is gone, a
    new one takes the next number)."""
    teams = dict(teams or {})
    fixed = set(played)
    seated = {p for t in tables.values() for p in t}
    gone = set(leave)
    for p in gone:
        if p not in seated:
            raise refused(TournamentError, "tournament_refuse_no_seat", name=p)
    for p in arrive:
        if p in seated:
            raise refused(TournamentError, "tournament_refuse_seated", name=p)
    work = {n: [p for p in t if n in fixed or p not in gone] for n, t in sorted(tables.items())}
    everyone = [p for t in work.values() for p in t] + list(arrive)
    costs = _Opponents(everyone, history, teams)
    ids = costs.index

    def open_tables() -> list[int]:
        return [n for n in work if n not in fixed]

    def fits(p: str, n: int) -> bool:
        return not costs.clashes(ids[p], [ids[x] for x in work[n]])

    def cost(p: str, n: int) -> int:
        return costs.cost(ids[p], [ids[x] for x in work[n] if x != p])

    def move(p: str, src: int, dst: int) -> None:
        work[src].remove(p)
        work[dst].append(p)

    def cheapest_mover(dst: int, sources: list[int]) -> tuple[str, int] | None:
        options = [
            (cost(p, dst), -len(work[n]), n, p) for n in sources for p in work[n] if fits(p, dst)
        ]
        if not options:
            return None
        _, _, n, p = min(options)
        return p, n

    for p in arrive:
        room = [n for n in open_tables() if len(work[n]) < size and fits(p, n)]
        if room:
            n = min(room, key=lambda n: (len(work[n]), cost(p, n), n))
            work[n].append(p)
            continue
        new = max(work, default=0) + 1
        work[new] = [p]
        while len(work[new]) < smallest:
            found = cheapest_mover(
                new, [n for n in open_tables() if n != new and len(work[n]) > smallest]
            )
            if found is None:
                raise refused(TournamentError, "tournament_refuse_no_room", name=p)
            move(found[0], found[1], new)
    for n in sorted(work):
        if n in fixed or not work[n] or len(work[n]) >= smallest:
            continue
        need = smallest - len(work[n])
        givers = [m for m in open_tables() if m != n and len(work[m]) > smallest]
        can_fill = sum(len(work[m]) - smallest for m in givers) >= need
        can_share = sum(size - len(work[m]) for m in open_tables() if m != n) >= len(work[n])
        if can_fill and (need <= len(work[n]) or not can_share):
            for _ in range(need):
                found = cheapest_mover(
                    n, [m for m in open_tables() if m != n and len(work[m]) > smallest]
                )
                if found is None:
                    break
                move(found[0], found[1], n)
            if len(work[n]) >= smallest:
                continue
        if not can_share:
            raise refused(TournamentError, "tournament_refuse_left_small", table=n)
        for p in list(work[n]):
            targets = [m for m in open_tables() if m != n and len(work[m]) < size and fits(p, m)]
            if not targets:
                raise refused(TournamentError, "tournament_refuse_no_room_from", name=p, table=n)
            move(p, n, min(targets, key=lambda m: (len(work[m]), cost(p, m), m)))
    while True:  # even sizes: at most one apart among the tables still to play
        live = [n for n in open_tables() if work[n]]
        if not live:
            break
        big = max(live, key=lambda n: (len(work[n]), -n))
        small = min(live, key=lambda n: (len(work[n]), n))
        if len(work[big]) - len(work[small]) <= 1:
            break
        found = cheapest_mover(small, [big])
        if found is None:
            break
        move(found[0], found[1], small)
    return {n: tuple(t) for n, t in work.items() if t}
