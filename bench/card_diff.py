"""Where the solver bot decides otherwise than the pub regular would, counted by situation.

Usage: python bench/card_diff.py [--preset tsv99] [--games 150] [--top 15]

The solver bot plays with three pub regulars (the line-up moving a seat per game); at each of its
decisions the pub regular is asked too, from the same view. It prints how many decisions differed,
grouped by the player's role (the opener; a later player who is not the round's last; the last),
whether the turn is the worst of the results shown before it and what it shows, the kind of that
worst result, and the two answers. This is what pointed the strategy card's search
(bench/card.py) at its stage 6.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from schocken.actions import Action, Stop, TurnSixes
from schocken.bots import PubRegular, make_bot
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.play import Strategy, play_game
from schocken.results import ResultKind, result_table
from schocken.rules import Rules, find_preset
from schocken.views import PlayerView


def _name(action: Action) -> str:
    if isinstance(action, Stop):
        return "stop"
    if isinstance(action, TurnSixes):
        return "turn"
    return str(action)


class _Watched:
    """The solver bot, with the pub regular asked beside it."""

    name = "solver"

    def __init__(self, rules: Rules, counts: Counter[tuple[str, ...]]) -> None:
        self.solver = make_bot("solver", 1)
        self.regular = PubRegular()
        self.table = result_table(rules)
        self.counts = counts
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        mine = self.solver.choose(view, legal)
        theirs = self.regular.choose(view, legal)
        self.decisions += 1
        if mine != theirs:
            turns = view.turns
            place = len(turns) - 1
            if place == 0 and view.limit is None:
                role = "opener"
            else:
                role = "last" if len(turns) == len(view.order) else "middle"
            shown = [
                (self.table.order_key(t.result, i), t.result)
                for i, t in enumerate(turns[:place])
                if t.result is not None
            ]
            turn = turns[place]
            assert turn.showing is not None
            result = self.table.result(turn.showing, one_throw=turn.one_throw, throws=turn.throws)
            has = f"{result.dice[0]}-x-x" if result.kind is ResultKind.PLAIN else result.kind.value
            where, kind = "nothing shown", "-"
            if shown:
                lowest, worst = min(shown, key=lambda s: s[0])
                below = self.table.order_key(result, place) < lowest
                where, kind = ("the worst" if below else "safe"), worst.kind.value
            self.counts[role, f"{where}, {has}", kind, _name(mine), _name(theirs)] += 1
        return mine

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="tsv99")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    rules = find_preset(args.preset)
    counts: Counter[tuple[str, ...]] = Counter()
    watched = _Watched(rules, counts)
    for g in range(args.games):
        line_up: list[Strategy] = [watched, PubRegular(), PubRegular(), PubRegular()]
        shift = g % 4
        play_game(
            Game(rules, ["A", "B", "C", "D"], RandomDice(g)), line_up[shift:] + line_up[:shift]
        )
    differed = sum(counts.values())
    print(
        f"{args.preset}, {args.games} games: the solver bot decided otherwise than the pub "
        f"regular in {differed} of its {watched.decisions} decisions"
    )
    print("count  role    turn is, showing          worst shown  solver bot        pub regular")
    for (role, where, kind, mine, theirs), n in counts.most_common(args.top):
        print(f"{n:>5}  {role:<7} {where:<25} {kind:<12} {mine:<17} {theirs}")


if __name__ == "__main__":
    main()
