"""Benchmark: how long the bots take to decide, and how many games per second they play.

Usage: python bench/bots.py [--preset all] [--games 1000] [--bot solver]

For each preset, in a fresh process (so that nothing is solved yet): the bot in seat 0 against three
pub regulars, one game after another (through schocken.play.play_game); it prints the slowest
decision of the bot and its time in the first game (where it solves what it meets for the first
time, the Finale included), then the games per second and the mean time per decision over
``--games`` games.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from schocken.actions import Action
from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.play import Strategy, play_game
from schocken.rules import PRESETS, find_preset
from schocken.simulate import seat_names
from schocken.views import PlayerView


class _Timed:
    """A strategy that times another's decisions."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy
        self.name = strategy.name
        self.slowest = self.thinking = 0.0
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        t0 = time.perf_counter()
        action = self.strategy.choose(view, legal)
        dt = time.perf_counter() - t0
        self.slowest = max(self.slowest, dt)
        self.thinking += dt
        self.decisions += 1
        return action

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self.strategy.wants_buy_in(view)


def run(preset: str, games: int, bot: str) -> str:
    rules = find_preset(preset)
    names = seat_names(4)
    regular = make_bot("regular")
    first_game = slowest = thinking = 0.0
    decisions = 0
    started = time.perf_counter()
    for g in range(games):
        mine = _Timed(make_bot(bot, g))
        play_game(Game(rules, names, RandomDice(g)), [mine, regular, regular, regular])
        slowest = max(slowest, mine.slowest)
        thinking += mine.thinking
        decisions += mine.decisions
        if g == 0:
            first_game = time.perf_counter() - started
    elapsed = time.perf_counter() - started
    return (
        f"{preset:<12} {bot} + 3 regulars: first game {first_game:.2f} s, slowest decision "
        f"{slowest * 1000:.0f} ms; {games} games in {elapsed:.1f} s = {games / elapsed:,.0f} "
        f"games/s, {thinking / decisions * 1e6:,.0f} µs per decision of the {bot} bot"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="all", choices=["all", *PRESETS])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bot", default="solver")
    args = parser.parse_args()
    presets = list(PRESETS) if args.preset == "all" else [args.preset]
    for preset in presets:
        # A fresh process per preset: every cache starts empty.
        with ProcessPoolExecutor(1) as pool:
            print(pool.submit(run, preset, args.games, args.bot).result(), flush=True)


if __name__ == "__main__":
    main()
