"""What the tournament tests share: games written short, tournaments made by hand, bot games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from schocken.bots.random_bot import RandomBot
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.play import play_game
from schocken.record import GameRecord, record_of
from schocken.rules import Rules, find_preset
from schocken.tournament.formats import Format
from schocken.tournament.results import SECTIONS, GameResult, result_by_hand
from schocken.tournament.values import Entrant, Entry, Seating, Tournament


def game(
    players: str,
    first: str,
    second: str | None = None,
    finale: str | None = None,
    *,
    schock_aus: Mapping[str, str] | None = None,
    bought_in: Mapping[str, Sequence[str]] | None = None,
) -> GameResult:
    """A game by hand, written short: ``game("A B C", "A,B > C", "A > B > C")``."""
    halves = [first] if second is None else [first, second]
    return result_by_hand(
        players.split(),
        halves=halves,
        finale_loser=finale,
        schock_aus=schock_aus,
        bought_in=bought_in,
    )


def lost_by(players: Sequence[str], loser: str) -> GameResult:
    """A game whose ``loser`` lost both halves (a Blattschuss), the others out together."""
    order = [[p for p in players if p != loser], [loser]]
    return result_by_hand(list(players), halves=[order, order])


def tournament(
    fmt: Format,
    rounds: Sequence[Sequence[str]],
    games: Mapping[tuple[int, int], Sequence[GameResult]],
    *,
    teams: Mapping[str, str] | None = None,
    rules: Rules | None = None,
) -> Tournament:
    """A tournament made by hand: each round's tables (names separated by spaces), and the
    games at each (round, table)."""
    seatings = tuple(
        Seating(r + 1, tuple((i + 1, tuple(t.split())) for i, t in enumerate(tables)))
        for r, tables in enumerate(rounds)
    )
    names: list[str] = []
    for s in seatings:
        for _, players in s.tables:
            names += [p for p in players if p not in names]
    teams = dict(teams or {})
    entrants = tuple(Entrant(n, teams.get(n), i + 1) for i, n in enumerate(sorted(names)))
    entries = tuple(
        Entry(r, tb, k + 1, "hand", g)
        for (r, tb), results in sorted(games.items())
        for k, g in enumerate(results)
    )
    return Tournament(
        "Hand", fmt, rules or find_preset("allgemein"), "seed", entrants, seatings, entries
    )


def bot_record(players: Sequence[str], rules: Rules, seed: int) -> GameRecord:
    """A finished game of random bots (who buy in now and then, where the rules allow)."""
    g = Game(rules, list(players), RandomDice(seed))
    play_game(g, [RandomBot(seed * 31 + i) for i in range(len(players))])
    return record_of(g)


def by_hand(result: GameResult) -> GameResult:
    """The by-hand entry of a game: what a score sheet says of it (each half's finishing
    order, the Finale's loser, who threw each Schock-Aus, who bought in), entered anew."""
    halves = [[list(g) for g in h.order] for h in result.halves]
    finale = next((s.loser for s in result.sections if s.section == "finale"), None)
    return result_by_hand(
        list(result.players),
        halves=halves,
        finale_loser=finale,
        schock_aus={s.section: s.schock_aus for s in result.sections if s.schock_aus},
        bought_in={s.section: list(s.bought_in) for s in result.sections if s.bought_in},
    )


__all__ = ["SECTIONS", "bot_record", "by_hand", "game", "lost_by", "tournament"]
