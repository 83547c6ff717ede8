"""The ranking: per round and overall, players and teams, with the format's tie-breaks, and the
Schock-Aus side ranking whose first is the Schock-Aus-König.

How a game scores (:func:`game_points`, one place for it):

- points rounds: each half by the order the players went out of it (``by_order``: the k-th
  moment's players take its k-th entry, the loser the last) or by won and lost
  (``half_won``, ``half_lost``); the game's loser adds ``game_lost`` (a lost Finale, a
  Blattschuss, a game lost "scharf"); each Schock-Aus thrown adds ``schock_aus``;
- rounds of lives: a player keeps the round's lives less one per game lost (and per buy-in
  where buying in costs a life); a round scores the lives kept;
- a round missed scores nothing; with loss points a player who missed rounds ranks after those
  who played more of them (else missing would pay).

Equal scores are broken by the format's tie-breaks in order; players equal in all of them share
a place (1, 2, 2, 4), listed by when they registered. The qualifiers for a final stage are the
first of that order.

The final stage: a knock-out table by lives places those who still have lives first (more
lives first), then those who lost them, the later the better; by points, by the round's points
and the tie-breaks; the final table like the last knock-out round. Overall, who reached a later
round of the final stage ranks first, then by the place at that table; then everyone else by
the qualifying ranking. Teams rank by the sum of their players' qualifying scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from schocken.errors import TournamentError
from schocken.texts import refused
from schocken.tournament.formats import (
    TIE_BREAK_WORDS,
    Advance,
    FinalTableStage,
    KnockoutStage,
    LivesStage,
    Points,
    PointsStage,
    TieBreak,
)
from schocken.tournament.results import GameResult
from schocken.tournament.values import (
    Entry,
    RankingInfo,
    RoundStanding,
    SchockAusLine,
    SeatStanding,
    Standing,
    TableStanding,
    TeamStanding,
    Tournament,
)

# ---------------------------------------------------------------------- a game's points


def game_points(points: Points, game: GameResult) -> dict[str, int]:
    """What each player of ``game`` scores by ``points``."""
    out = {p: 0 for p in game.players}
    for half in game.halves:
        row = points.for_order(len(half.players))
        loser = half.loser
        for p in half.players:
            if row is not None:
                out[p] += row[-1] if p == loser else row[min(half.place_of(p), len(row) - 2)]
            else:
                out[p] += points.half_lost if p == loser else points.half_won
    out[game.loser] += points.game_lost
    for s in game.sections:
        if s.schock_aus is not None:
            out[s.schock_aus] += points.schock_aus
    return out


@dataclass
class _Tally:
    """What a player did over some games."""

    score: int = 0
    rounds: set[int] = field(default_factory=set)
    games: int = 0
    games_lost: int = 0
    halves_lost: int = 0
    schock_aus: int = 0
    taken: int = 0
    bought_in: int = 0

    def count(self, game: GameResult, player: str) -> None:
        self.games += 1
        self.games_lost += game.loser == player
        self.halves_lost += sum(1 for h in game.halves if h.loser == player)
        for s in game.sections:
            self.schock_aus += s.schock_aus == player
            self.taken += s.schock_aus is not None and s.loser == player
            self.bought_in += s.bought_in.count(player)

    def add(self, other: _Tally) -> None:
        self.score += other.score
        self.rounds |= other.rounds
        self.games += other.games
        self.games_lost += other.games_lost
        self.halves_lost += other.halves_lost
        self.schock_aus += other.schock_aus
        self.taken += other.taken
        self.bought_in += other.bought_in


def _tie_key(tally: _Tally, breaks: Iterable[TieBreak]) -> tuple[int, ...]:
    key = []
    for b in breaks:
        if b is TieBreak.FEWER_GAMES_LOST:
            key.append(tally.games_lost)
        elif b is TieBreak.FEWER_HALVES_LOST:
            key.append(tally.halves_lost)
        elif b is TieBreak.MORE_SCHOCK_AUS:
            key.append(-tally.schock_aus)
        else:
            key.append(tally.taken)
    return tuple(key)


def _places(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """1 + how many keys are strictly smaller: equal keys share a place."""
    ordered = sorted(keys)
    first: dict[tuple[int, ...], int] = {}
    for i, k in enumerate(ordered):
        first.setdefault(k, i + 1)
    return [first[k] for k in keys]


# ---------------------------------------------------------------------- the qualifying stage


class Ranker:
    """The rankings of one tournament (computed once, read many times)."""

    def __init__(self, t: Tournament) -> None:
        self.t = t
        self.fmt = t.format
        self.stage = t.format.qualifying
        self.number = {e.name: e.number for e in t.entrants}
        self.team = {e.name: e.team for e in t.entrants}
        self.q_rounds = [s for s in t.rounds if s.number <= self.fmt.qualifying_rounds]
        self.round_tallies = {s.number: self._round_tallies(s.number) for s in self.q_rounds}
        self.totals = self._totals()
        self.order = self._order(self.totals)

    def _round_tallies(self, number: int) -> dict[str, _Tally]:
        seating = next(s for s in self.t.rounds if s.number == number)
        tallies: dict[str, _Tally] = {}
        stage = self.stage
        for table, players in seating.tables:
            games = self.t.games_at(number, table)
            points = None
            if isinstance(stage, PointsStage):  # each game's points once, not once a player
                points = [game_points(stage.points, g.result) for g in games]
            for p in players:
                tallies[p] = self._tally(p, games, number, points)
        return tallies

    def _tally(
        self,
        player: str,
        games: Sequence[Entry],
        number: int,
        points: Sequence[Mapping[str, int]] | None = None,
    ) -> _Tally:
        """``points``: each game's points, if made already."""
        tally = _Tally(rounds={number})
        for g in games:
            if player in g.result.players:
                tally.count(g.result, player)
        stage = self.stage
        if isinstance(stage, PointsStage):
            if points is None:
                points = [game_points(stage.points, g.result) for g in games]
            tally.score = sum(
                pts[player]
                for g, pts in zip(games, points, strict=True)
                if player in g.result.players
            )
        else:
            lives = stage.lives[number - 1]
            lost = tally.games_lost + (tally.bought_in if stage.buy_in_costs_life else 0)
            tally.score = max(0, lives - lost)
        return tally

    def _totals(self) -> dict[str, _Tally]:
        totals = {e.name: _Tally() for e in self.t.entrants}
        for tallies in self.round_tallies.values():
            for p, tally in tallies.items():
                totals.setdefault(p, _Tally()).add(tally)
        return totals

    def _key(self, tally: _Tally) -> tuple[int, ...]:
        if self.fmt.fewer_is_better:
            head: tuple[int, ...] = (-len(tally.rounds), tally.score)
        else:
            head = (-tally.score,)
        return head + _tie_key(tally, self.fmt.tie_breaks)

    def _order(self, tallies: dict[str, _Tally]) -> list[str]:
        return self._ordered(tallies)[0]

    def _ordered(self, tallies: dict[str, _Tally]) -> tuple[list[str], dict[str, tuple[int, ...]]]:
        """The players best first, and each one's key (made once)."""
        keys = {p: self._key(t) for p, t in tallies.items()}
        number = self.number
        return sorted(tallies, key=lambda p: (keys[p], number.get(p, 0))), keys

    def standings(self, tallies: dict[str, _Tally]) -> list[Standing]:
        """The lines of a ranking of these players, best first."""
        order, keys = self._ordered(tallies)
        places = _places([keys[p] for p in order])
        return [
            _line(p, self.team.get(p), tallies[p], place)
            for p, place in zip(order, places, strict=True)
        ]

    def team_standings(self, tallies: dict[str, _Tally]) -> list[TeamStanding]:
        teams: dict[str, _Tally] = {}
        members: dict[str, list[str]] = {}
        for e in self.t.entrants:
            if e.team is None:
                continue
            teams.setdefault(e.team, _Tally())
            members.setdefault(e.team, []).append(e.name)
            if e.name in tallies:
                teams[e.team].add(tallies[e.name])
        order = sorted(teams, key=lambda n: (self._key(teams[n]), n))
        places = _places([self._key(teams[n]) for n in order])
        return [
            {"place": place, "team": n, "score": teams[n].score, "players": members[n]}
            for n, place in zip(order, places, strict=True)
        ]

    # ------------------------------------------------------------------ the final stage

    def qualifiers(self) -> list[str]:
        """Who plays the final stage: the first of the qualifying ranking (of equal players,
        who registered first), those still in the tournament."""
        final = self.fmt.final
        if final is None:
            raise refused(TournamentError, "tournament_refuse_no_final")
        last = self.fmt.qualifying_rounds
        still = [p for p in self.order if self.t.entrant(p).plays(last + 1)]
        if len(still) < final.qualifiers:
            raise refused(
                TournamentError,
                "tournament_refuse_final_needs",
                count=final.qualifiers,
                left=len(still),
            )
        return still[: final.qualifiers]

    def final_table(self, number: int, table: int) -> TableStanding:
        """A table of the final stage, its players best first."""
        final = self.fmt.final
        assert final is not None
        seating = next(s for s in self.t.rounds if s.number == number)
        players = seating.table(table)
        games = self.t.games_at(number, table)
        last = number == self.fmt.rounds
        q_rank = {p: i for i, p in enumerate(self.order)}
        if isinstance(final, KnockoutStage) and final.by is Advance.POINTS:
            assert final.points is not None
            tallies = {p: self._tally_points(p, games, final.points) for p in players}
            order = sorted(players, key=lambda p: (self._key(tallies[p]), q_rank.get(p, 0)))
            decided = bool(games)
            go = 1 if last else final.advance
            return {
                "table": table,
                "decided": decided,
                "players": [
                    _seat(i + 1, p, None, tallies[p].score, i < go) for i, p in enumerate(order)
                ],
            }
        lives = final.lives
        go = 1 if last or isinstance(final, FinalTableStage) else final.advance
        left = {p: lives for p in players}
        out_at: dict[str, int] = {}
        for i, g in enumerate(games):
            loser = g.result.loser
            if loser in left:
                left[loser] -= 1
                if left[loser] == 0:
                    out_at[loser] = i
        alive = sorted(
            (p for p in players if left[p] > 0), key=lambda p: (-left[p], q_rank.get(p, 0))
        )
        out = sorted(out_at, key=lambda p: -out_at[p])
        decided = len(alive) <= go
        return {
            "table": table,
            "decided": decided,
            "players": [
                _seat(i + 1, p, left[p], None, decided and left[p] > 0)
                for i, p in enumerate([*alive, *out])
            ],
        }

    def _tally_points(self, player: str, games: Sequence[Entry], points: Points) -> _Tally:
        tally = _Tally()
        for g in games:
            if player in g.result.players:
                tally.count(g.result, player)
                tally.score += game_points(points, g.result)[player]
        return tally

    def survivors(self, number: int) -> list[str]:
        """Who goes on from round ``number`` of the final stage; refused while a table is not
        decided."""
        seating = next(s for s in self.t.rounds if s.number == number)
        out = []
        for table, _ in seating.tables:
            standing = self.final_table(number, table)
            if not standing["decided"]:
                alive = [s["name"] for s in standing["players"] if s["lives"]]
                if alive:
                    raise refused(
                        TournamentError,
                        "tournament_refuse_undecided",
                        table=table,
                        round=number,
                        names=", ".join(alive),
                    )
                raise refused(
                    TournamentError, "tournament_refuse_undecided_empty", table=table, round=number
                )
            out += [s["name"] for s in standing["players"] if s["goes_on"]]
        return out

    # ------------------------------------------------------------------ the whole ranking

    def overall(self, qualifying: list[Standing] | None = None) -> list[Standing]:
        """The whole ranking; ``qualifying``: the qualifying standings, if made already."""
        if qualifying is None:
            qualifying = self.standings(self.totals)
        lines = {s["name"]: s for s in qualifying}
        final_rounds = [s for s in self.t.rounds if s.number > self.fmt.qualifying_rounds]
        reached: dict[str, tuple[int, int]] = {}
        for s in final_rounds:
            stage_round = s.number - self.fmt.qualifying_rounds
            for table, _ in s.tables:
                for seat in self.final_table(s.number, table)["players"]:
                    reached[seat["name"]] = (stage_round, seat["place"])
        q_place = {name: line["place"] for name, line in lines.items()}

        def key(p: str) -> tuple[int, ...]:
            if p in reached:
                r, place = reached[p]
                return (0, -r, place)
            return (1, q_place[p])

        position = {p: i for i, p in enumerate(self.order)}
        order = sorted(lines, key=lambda p: (key(p), position[p]))
        places = _places([key(p) for p in order])
        result = []
        for p, place in zip(order, places, strict=True):
            line = dict(lines[p])
            line["place"] = place
            if p in reached:
                line["final_round"], line["final_place"] = reached[p]
            result.append(line)
        return result  # type: ignore[return-value]

    def schock_aus(self) -> list[SchockAusLine]:
        given: dict[str, int] = {}
        taken: dict[str, int] = {}
        for g in self.t.games:
            for s in g.result.sections:
                if s.schock_aus is not None:
                    given[s.schock_aus] = given.get(s.schock_aus, 0) + 1
                    taken[s.loser] = taken.get(s.loser, 0) + 1
        names = sorted(given, key=lambda p: (-given[p], taken.get(p, 0), self.number.get(p, 0)))
        places = _places([(-given[p], taken.get(p, 0)) for p in names])
        return [
            {"place": place, "name": p, "given": given[p], "taken": taken.get(p, 0)}
            for p, place in zip(names, places, strict=True)
        ]

    def ranking(self) -> RankingInfo:
        rounds: list[RoundStanding] = []
        for s in self.t.rounds:
            if s.number <= self.fmt.qualifying_rounds:
                tallies = self.round_tallies[s.number]
                rounds.append(
                    {
                        "round": s.number,
                        "stage": stage_name(self.stage),
                        "players": self.standings(tallies),
                        "teams": self.team_standings(tallies),
                        "tables": [],
                    }
                )
            else:
                assert self.fmt.final is not None
                rounds.append(
                    {
                        "round": s.number,
                        "stage": stage_name(self.fmt.final),
                        "players": [],
                        "teams": [],
                        "tables": [self.final_table(s.number, n) for n, _ in s.tables],
                    }
                )
        qualifying = self.standings(self.totals)
        if isinstance(self.stage, LivesStage):
            score = "lives"
        else:
            score = "loss_points" if self.fmt.fewer_is_better else "points"
        return {
            "tournament": self.t.name,
            "format": self.fmt.name,
            "score": score,
            "tie_breaks": [TIE_BREAK_WORDS[b] for b in self.fmt.tie_breaks],
            "rounds": rounds,
            "qualifying": qualifying,
            "players": self.overall(qualifying),
            "teams": self.team_standings(self.totals),
            "schock_aus": self.schock_aus(),
        }


def stage_name(stage: object) -> str:
    """``points``, ``lives``, ``knockout`` or ``final_table``."""
    names: dict[type, str] = {
        PointsStage: "points",
        LivesStage: "lives",
        KnockoutStage: "knockout",
        FinalTableStage: "final_table",
    }
    return names[type(stage)]


def _line(name: str, team: str | None, tally: _Tally, place: int) -> Standing:
    return {
        "place": place,
        "name": name,
        "team": team,
        "score": tally.score,
        "rounds": len(tally.rounds),
        "games": tally.games,
        "games_lost": tally.games_lost,
        "halves_lost": tally.halves_lost,
        "schock_aus": tally.schock_aus,
        "schock_aus_taken": tally.taken,
        "final_round": None,
        "final_place": None,
    }


def _seat(place: int, name: str, lives: int | None, points: int | None, on: bool) -> SeatStanding:
    return {"place": place, "name": name, "lives": lives, "points": points, "goes_on": on}


def ranking(t: Tournament) -> RankingInfo:
    """The whole ranking of a tournament."""
    return Ranker(t).ranking()


def lives_left(t: Tournament, number: int, table: int) -> dict[str, int]:
    """Each player's lives left at a table of a round of lives (qualifying or final stage)."""
    fmt = t.format
    players = next(s for s in t.rounds if s.number == number).table(table)
    games = t.games_at(number, table)
    if number <= fmt.qualifying_rounds:
        stage = fmt.qualifying
        assert isinstance(stage, LivesStage)
        ranker = Ranker(t)
        return {p: ranker._tally(p, games, number).score for p in players}
    seats = Ranker(t).final_table(number, table)["players"]
    return {s["name"]: s["lives"] or 0 for s in seats}
