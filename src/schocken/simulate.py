"""Playing games with bots: one game to the end, or many, with statistics."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from schocken.actions import BUY_IN
from schocken.bots import Strategy, make_bot
from schocken.dice import RandomDice
from schocken.events import SectionEnded
from schocken.game import Game
from schocken.rules import Rules


def play_game(game: Game, strategies: Sequence[Strategy]) -> Game:
    """Play ``game`` to its end, each seat choosing with its strategy from its own view.

    A strategy is asked only where there is a choice: a turn's first throw, the one legal action
    then, is made without asking.
    """
    if len(strategies) != len(game.players):
        raise ValueError(
            f"{len(game.players)} players need as many strategies, not {len(strategies)}"
        )
    buy_in_checked = -1
    seats = range(len(game.players))
    einwuerfeln = game.rules.einwuerfeln
    apply, legal_actions, view = game.apply, game.legal_actions, game.view
    while True:
        if einwuerfeln and game.round_count != buy_in_checked:
            buy_in_checked = game.round_count
            for seat in seats:
                if game.can_buy_in(seat) and strategies[seat].wants_buy_in(view(seat)):
                    apply(BUY_IN, seat)
        legal = legal_actions()
        if len(legal) == 1:
            apply(legal[0])
            continue
        if not legal:
            return game
        current = game.current_player
        assert current is not None
        apply(strategies[current].choose(view(current), legal))


def seat_names(n: int) -> list[str]:
    """Default player names for ``n`` seats."""
    base = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gül", "Hans", "Ida", "Jonas"]
    return [base[i] if i < len(base) else f"Spieler {i + 1}" for i in range(n)]


@dataclass(frozen=True, slots=True)
class SeatStats:
    """How one seat fared over many games."""

    seat: int
    bot: str
    games_lost: int
    halves_lost: int


@dataclass(frozen=True, slots=True)
class SimulationReport:
    """What many bot games came to."""

    rules: Rules
    games: int
    halves: int
    rounds: int
    turns: int
    seats: tuple[SeatStats, ...]

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games

    def loss_share(self, seat: int) -> float:
        return self.seats[seat].games_lost / self.games

    def loss_ci95(self, seat: int) -> tuple[float, float]:
        """A 95% (Wilson) confidence interval for the seat's share of lost games."""
        return wilson(self.seats[seat].games_lost, self.games)

    def half_share(self, seat: int) -> float:
        return self.seats[seat].halves_lost / self.halves if self.halves else 0.0

    def format(self) -> str:
        lines = [
            f"{self.games} games, preset {self.rules.preset}, {len(self.seats)} players: "
            f"{self.mean_rounds:.1f} rounds per game on average",
            f"{'seat':>4}  {'bot':<10} {'games lost':>11}  {'95% CI':>15}  {'halves lost':>11}",
        ]
        for s in self.seats:
            lo, hi = self.loss_ci95(s.seat)
            lines.append(
                f"{s.seat:>4}  {s.bot:<10} {self.loss_share(s.seat):>10.2%}  "
                f"[{lo:6.2%}, {hi:6.2%}]  {self.half_share(s.seat):>10.2%}"
            )
        return "\n".join(lines)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(rules: Rules, bots: Sequence[str], games: int, seed: int = 0) -> SimulationReport:
    """Play ``games`` games of bots (one name per seat) and count who lost what."""
    if games < 1:
        raise ValueError(f"simulate at least one game, not {games}")
    n = len(bots)
    names = seat_names(n)
    games_lost = [0] * n
    halves_lost = [0] * n
    halves = rounds = turns = 0
    master = random.Random(seed)
    for _ in range(games):
        game_seed = master.getrandbits(63)
        strategies = [make_bot(b, game_seed + i + 1) for i, b in enumerate(bots)]
        game = play_game(Game(rules, names, RandomDice(game_seed)), strategies)
        assert game.loser is not None
        games_lost[game.loser] += 1
        for e in game.events:
            if isinstance(e, SectionEnded) and e.section.value != "finale":
                halves_lost[e.loser] += 1
                halves += 1
        rounds += game.round_count
        turns += turn_count(game)
    seats = tuple(SeatStats(i, bots[i], games_lost[i], halves_lost[i]) for i in range(n))
    return SimulationReport(rules, games, halves, rounds, turns, seats)


def turn_count(game: Game) -> int:
    """How many turns were played in a game (every player's turn in every round)."""
    return game.turns_played
