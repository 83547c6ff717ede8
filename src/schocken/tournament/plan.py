"""What comes next in a tournament: which stage a round belongs to, who plays the next round
and at which tables, and whether a game may be entered at a table.

The qualifying stage draws everyone still in the tournament, round by round; the final stage
begins with the qualifiers (:meth:`~schocken.tournament.ranking.Ranker.qualifiers`) and goes on
with those who go on from each table. A round is drawn only when every table of the round
before has played all its games (or the organiser closes that round on purpose); a game is
entered only where it can be played: in the latest round (a round is over once the next is
drawn), by the players of the table (at a table of lives, those who still have lives; a player
who left the tournament may be missing from its later games), no more games than the round has
(a points round's, a knock-out by points'), "scharf" only where the format allows it (with
rules of one half and no Finale every game is one half), with the tournament's rules.
"""

from __future__ import annotations

from collections import Counter
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


def games_left(t: Tournament, number: int, table: int) -> bool:
    """Whether table ``table`` of round ``number`` has games still to play: fewer than the
    round's number of games (points rounds, a knock-out by points), two or more players with
    lives left (rounds of lives), or not decided (a knock-out by lives, the final table)."""
    return _done(t, number, table, seating(t, number).table(table)) is None


def _done(
    t: Tournament, number: int, table: int, players: tuple[str, ...]
) -> tuple[str, dict[str, int]] | None:
    """Why no more games are played at a table (a refusal's key and its values), or ``None``."""
    stage = stage_of(t, number)
    games = t.games_at(number, table)
    if isinstance(stage, PointsStage) or (
        isinstance(stage, KnockoutStage) and stage.by is Advance.POINTS
    ):
        if len(games) >= stage.games:
            return "tournament_refuse_games_done", {"games": stage.games}
        return None
    left = lives_left(t, number, table)
    final = isinstance(stage, (KnockoutStage, FinalTableStage))
    if final and Ranker(t).final_table(number, table)["decided"]:
        return "tournament_refuse_decided", {}
    if sum(1 for p in players if left[p] > 0) < 2:
        return "tournament_refuse_few_lives", {}
    return None


def short_tables(t: Tournament, number: int) -> list[int]:
    """The tables of round ``number`` with games still to play (:func:`games_left`), found
    for the whole round at once (one pass over the games, one ranking)."""
    s = seating(t, number)
    stage = stage_of(t, number)
    played = Counter(g.table for g in t.games if g.round == number)
    if isinstance(stage, PointsStage) or (
        isinstance(stage, KnockoutStage) and stage.by is Advance.POINTS
    ):
        return [n for n, _ in s.tables if played[n] < stage.games]
    ranker = Ranker(t)
    if isinstance(stage, LivesStage):
        lives = ranker.round_tallies[number]
        return [n for n, players in s.tables if sum(1 for p in players if lives[p].score > 0) >= 2]
    return [n for n, _ in s.tables if not ranker.final_table(number, n)["decided"]]


def check_played(t: Tournament, number: int, *, close: bool = False) -> None:
    """Refuse while a table of round ``number`` has no game yet, or has games still to play
    (:func:`games_left`) unless the round is closed on purpose (``close``: those games are not
    played; the tables count as they stand)."""
    s = seating(t, number)
    played = Counter(g.table for g in t.games if g.round == number)
    for table, _ in s.tables:
        if not played[table]:
            raise refused(
                TournamentError, "tournament_refuse_not_played", table=table, round=number
            )
    if close:
        return
    short = short_tables(t, number)
    if not short:
        return
    table = short[0]
    stage = stage_of(t, number)
    if isinstance(stage, PointsStage) or (
        isinstance(stage, KnockoutStage) and stage.by is Advance.POINTS
    ):
        raise refused(
            TournamentError,
            "tournament_refuse_round_short",
            table=table,
            round=number,
            played=played[table],
            games=stage.games,
        )
    raise refused(TournamentError, "tournament_refuse_round_open", table=table, round=number)


def next_seating(t: Tournament, *, close: bool = False) -> Seating:
    """The tables of the next round, drawn (seeded by the tournament's seed and the round);
    refused while a table of the round before has games to play, unless ``close`` closes that
    round on purpose (:func:`check_played`; a knock-out table closed so goes on with its best
    as they stand)."""
    number = len(t.rounds) + 1
    fmt = t.format
    if number > fmt.rounds:
        raise refused(TournamentError, "tournament_refuse_all_drawn", rounds=fmt.rounds)
    if number > 1:
        check_played(t, number - 1, close=close)
        if close:
            t = replace(t, closed=number - 1)
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
    the round is over (a later round is drawn) or the table's games are all played."""
    s = seating(t, number)
    try:
        players = s.table(table)
    except KeyError:
        tables = ", ".join(str(n) for n, _ in s.tables)
        raise refused(
            TournamentError, "tournament_refuse_table", round=number, tables=tables, value=table
        ) from None
    if number < len(t.rounds):
        raise refused(
            TournamentError, "tournament_refuse_round_over", round=number, latest=len(t.rounds)
        )
    where = {"table": table, "round": number}
    done = _done(t, number, table, players)
    if done is not None:
        key, values = done
        raise refused(TournamentError, key, **values, **where)
    stage = stage_of(t, number)
    expected = set(players)
    by_lives = isinstance(stage, (LivesStage, FinalTableStage)) or (
        isinstance(stage, KnockoutStage) and stage.by is Advance.LIVES
    )
    if by_lives:
        left = lives_left(t, number, table)
        expected = {p for p in players if left[p] > 0}
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
    if not t.rules.finale:
        if not game.scharf:
            raise refused(TournamentError, "tournament_refuse_one_half", **where)
    elif game.scharf and not _scharf_allowed(t, stage_of(t, number), number):
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
