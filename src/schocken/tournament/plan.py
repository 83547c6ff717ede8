"""What comes next in a tournament: which stage a round belongs to, who plays the next round
and at which tables, and whether a game may be entered at a table.

The qualifying stage draws everyone still in the tournament, round by round; the final stage
begins with the qualifiers (:meth:`~schocken.tournament.ranking.Ranker.qualifiers`) and goes on
with those who go on from each table. A round is drawn only when every table of the round
before has played; a game is entered only where it can be played: by the players of the table
(at a table of lives, those who still have lives; a player who left the tournament may be
missing from its later games), no more games than the round has, "scharf"
only where the format allows it, with the tournament's rules.
"""

from __future__ import annotations

from dataclasses import replace

from schocken.errors import TournamentError
from schocken.rules import Rules
from schocken.texts import refused
from schocken.tournament.draw import draw_tables
from schocken.tournament.formats import (
    Advance,
    FinalTableStage,
    KnockoutStage,
    LivesStage,
    PointsStage,
)
from schocken.tournament.ranking import Ranker, lives_left
from schocken.tournament.results import GameResult
from schocken.tournament.values import Seating, Tournament

Stage = PointsStage | LivesStage | KnockoutStage | FinalTableStage


def stage_of(t: Tournament, number: int) -> Stage:
    """The stage round ``number`` belongs to."""
    fmt = t.format
    if not 1 <= number <= fmt.rounds:
        raise refused(
            TournamentError, "tournament_refuse_round_number", most=fmt.rounds, value=number
        )
    if number <= fmt.qualifying_rounds:
        return fmt.qualifying
    assert fmt.final is not None
    return fmt.final


def seating(t: Tournament, number: int) -> Seating:
    for s in t.rounds:
        if s.number == number:
            return s
    if number > len(t.rounds):
        raise refused(TournamentError, "tournament_refuse_round_not_drawn", round=number)
    raise refused(TournamentError, "tournament_refuse_no_round", round=number)


def check_played(t: Tournament, number: int) -> None:
    """Refuse while a table of round ``number`` has no game yet."""
    s = seating(t, number)
    for table, _ in s.tables:
        if not t.games_at(number, table):
            raise refused(
                TournamentError, "tournament_refuse_not_played", table=table, round=number
            )


def next_seating(t: Tournament) -> Seating:
    """The tables of the next round, drawn (seeded by the tournament's seed and the round)."""
    number = len(t.rounds) + 1
    fmt = t.format
    if number > fmt.rounds:
        raise refused(TournamentError, "tournament_refuse_all_drawn", rounds=fmt.rounds)
    if number > 1:
        check_played(t, number - 1)
    stage = stage_of(t, number)
    seed = f"{t.seed}/{number}"
    history = [[p for _, p in s.tables] for s in t.rounds]
    if isinstance(stage, (PointsStage, LivesStage)):
        players = [e.name for e in t.entrants if e.plays(number)]
        tables = draw_tables(
            players,
            size=stage.table_size,
            smallest=stage.smallest,
            seed=seed,
            history=history,
            teams=t.teams,
        )
    elif isinstance(stage, FinalTableStage):
        tables = (tuple(Ranker(t).qualifiers()),)
    else:
        ranker = Ranker(t)
        first = number == fmt.qualifying_rounds + 1
        players = ranker.qualifiers() if first else ranker.survivors(number - 1)
        tables = draw_tables(
            players,
            size=stage.per_table,
            smallest=min(stage.per_table, len(players)),
            seed=seed,
            history=history,
        )
    return Seating(number, tuple((i + 1, table) for i, table in enumerate(tables)))


def _who_may_play(t: Tournament, number: int, table: int) -> tuple[tuple[str, ...], set[str]]:
    """The players of table ``table`` of round ``number``, in their seating order, and those of
    them who may play its next game (at a table of lives: those with lives left); refused when
    the table's games are all played."""
    s = seating(t, number)
    try:
        players = s.table(table)
    except KeyError:
        tables = ", ".join(str(n) for n, _ in s.tables)
        raise refused(
            TournamentError, "tournament_refuse_table", round=number, tables=tables, value=table
        ) from None
    stage = stage_of(t, number)
    games = t.games_at(number, table)
    where = {"table": table, "round": number}
    expected = set(players)
    if isinstance(stage, PointsStage) and len(games) >= stage.games:
        raise refused(TournamentError, "tournament_refuse_games_done", games=stage.games, **where)
    by_lives = isinstance(stage, (LivesStage, FinalTableStage)) or (
        isinstance(stage, KnockoutStage) and stage.by is Advance.LIVES
    )
    if by_lives:
        left = lives_left(t, number, table)
        expected = {p for p in players if left[p] > 0}
        final = isinstance(stage, (KnockoutStage, FinalTableStage))
        if final and Ranker(t).final_table(number, table)["decided"]:
            raise refused(TournamentError, "tournament_refuse_decided", **where)
        if len(expected) < 2:
            raise refused(TournamentError, "tournament_refuse_few_lives", **where)
    return players, expected


def next_players(t: Tournament, number: int, table: int) -> tuple[str, ...]:
    """Who plays the next game at table ``table`` of round ``number``, in their seating order:
    at a table of lives those with lives left, never a player who left the tournament; refused
    when the table's games are all played (as :func:`check_entry` refuses a game then)."""
    players, expected = _who_may_play(t, number, table)
    gone = {e.name for e in t.entrants if e.left_after is not None}
    return tuple(p for p in players if p in expected and p not in gone)


def check_entry(
    t: Tournament, number: int, table: int, game: GameResult, rules: Rules | None = None
) -> None:
    """Refuse a game that cannot be entered at table ``table`` of round ``number``; ``rules``:
    the rules of its record, if it has one."""
    players, expected = _who_may_play(t, number, table)
    where = {"table": table, "round": number}
    strangers = [p for p in game.players if p not in players]
    if strangers:
        raise refused(
            TournamentError,
            "tournament_refuse_not_at_table",
            name=strangers[0],
            players=", ".join(players),
            **where,
        )
    gone = {e.name for e in t.entrants if e.left_after is not None}
    missing = sorted(expected - gone - set(game.players), key=players.index)
    if missing:
        raise refused(TournamentError, "tournament_refuse_missing", name=missing[0], **where)
    out = [p for p in game.players if p not in expected]
    if out:
        raise refused(TournamentError, "tournament_refuse_no_lives", name=out[0], **where)
    if game.scharf and not _scharf_allowed(t, stage_of(t, number), number):
        raise refused(TournamentError, "tournament_refuse_scharf", **where)
    scharf_rules = game.scharf and rules == replace(t.rules, finale=False)
    if rules is not None and rules != t.rules and not scharf_rules:
        if game.scharf:
            raise refused(TournamentError, "tournament_refuse_rules_scharf")
        raise refused(TournamentError, "tournament_refuse_rules")


def _scharf_allowed(t: Tournament, stage: Stage, number: int) -> bool:
    if isinstance(stage, (PointsStage, LivesStage)):
        return stage.scharf
    if isinstance(stage, FinalTableStage):
        return False
    return number < t.format.rounds or stage.scharf_in_final
