"""Benchmark: the turn solver's model of a round, checked against the engine.

Usage: python bench/model_check.py [--situations N] [--rounds N] [--seed N]

For each preset, ``--situations`` random rounds in progress (default 10): the players before are
played by random legal actions through the engine (so covered cups come where the rules cover),
then the player whose turn it is throws a random part of their turn. Each situation is then
played ``--rounds`` times (default 20,000) from that point through the engine
(:class:`schocken.game.Game`, seeded dice, :mod:`schocken.play`): the player takes each of their
legal actions in turn, then plays on by the solver's choice; every later player plays the model's
policy (:func:`schocken.solver.later_policy` for the table as it stood when the player's turn
ended). Every action's share of lost rounds is compared with the solver's exact P(lose): the
report counts the actions outside the 99% interval (normal approximation, 2.576 standard errors:
about 1 in 100 by chance) and fails on any beyond 4.5 standard errors or any exact 0 or 1 not met
exactly.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from schocken.actions import Action
from schocken.dice import RandomDice
from schocken.events import RoundEnded, Thrown
from schocken.game import Game
from schocken.odds import turn_state_of
from schocken.play import NOTHING_ASKED, apply_decision, next_decision
from schocken.results import result_table
from schocken.rules import PRESETS, Rules
from schocken.solver import Cup, Situation, later_policy, solve
from schocken.turn import TurnState
from schocken.views import PlayerView

Z99 = 2.576
"""The 99% two-sided normal quantile: about one action in a hundred lies further out by chance."""
FAIL = 4.5
"""A deviation that chance alone almost never gives among a few hundred actions: a failure."""


class SetupDice:
    """The setup's pips first (``None``: a covered throw, thrown afresh), then seeded random
    dice."""

    def __init__(self, pips: Sequence[tuple[int, ...] | None], seed: int) -> None:
        self.setup = list(pips)
        self.rest = RandomDice(seed)

    def roll(self, n: int) -> tuple[int, ...]:
        if self.setup:
            pips = self.setup.pop(0)
            if pips is not None:
                assert len(pips) == n
                return pips
        return self.rest.roll(n)


@dataclass
class Setup:
    """A round in progress: the actions and pips that led there, and the solver's situation."""

    rules: Rules
    players: int
    actions: list[Action]
    pips: list[tuple[int, ...] | None]
    """The pips of the setup's throws; ``None`` for a covered one: the others know only its
    aside dice, so each round throws it afresh."""
    situation: Situation
    seat: int
    """The seat whose turn it is."""
    position: int
    """Its place in the round's order of play."""


def _situation(view: PlayerView) -> Situation:
    """The exact solver's situation for the player whose turn it is."""
    seat = view.seat
    assert seat is not None
    turns = view.turns
    pos = len(turns) - 1
    shown = tuple(t.result for t in turns[:pos] if t.result is not None)
    covered = tuple((t.aside, t.throws) for t in turns[:pos] if t.result is None)
    return Situation(
        view.rules,
        turn_state_of(view),
        view.limit,
        shown,
        covered,
        len(view.order) - pos - 1,
        view.middle,
        view.deckel[seat],
    )


class _Recorder:
    """Seeded random dice that keep every throw's pips."""

    def __init__(self, seed: int) -> None:
        self.dice = RandomDice(seed)
        self.pips: list[tuple[int, ...]] = []

    def roll(self, n: int) -> tuple[int, ...]:
        pips = self.dice.roll(n)
        self.pips.append(pips)
        return pips


def make_setup(rules: Rules, rng: random.Random, need_covered: bool) -> Setup | None:
    """A random round in progress at a decision with at least two legal actions (``None``: this
    try did not give one; with ``need_covered``, one with a covered cup before or its own)."""
    players = rng.randint(2, 6)
    position = rng.randint(0, players - 1)
    stop_after = rng.randint(1, 2)
    dice = _Recorder(rng.randrange(1 << 30))
    game = Game(_rules(rules), _names(players), dice)
    actions: list[Action] = []
    while True:
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        if len(legal) > 1:
            view = game.view(seat)
            pos = len(view.turns) - 1
            if pos > position:
                return None
            mine = view.my_turn
            if pos == position and mine is not None and mine.throws >= stop_after:
                break
        action = rng.choice(legal)
        actions.append(action)
        game.apply(action)
        if game.round_count > 1:  # the first round ended before the player's turn
            return None
    sit = _situation(view)
    if need_covered and not sit.covered and not _own_covers(sit):
        return None
    throws = [e for e in game.events if isinstance(e, Thrown)]
    assert len(throws) == len(dice.pips)
    pips = [None if e.covered else p for e, p in zip(throws, dice.pips, strict=True)]
    return Setup(rules, players, actions, pips, sit, seat, position)


def _rules(rules: Rules) -> Rules:
    """The rules with a plain first round (a round like any other, for no Deckel)."""
    return rules.with_overrides({"opening": "plain_round"})


def _own_covers(sit: Situation) -> bool:
    limit = 3 if sit.limit is None else sit.limit
    return sit.after > 0 and sit.rules.covers(limit, limit)


def _names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


class Focus:
    """The player of the situation: a given first action, then the solver's choice."""

    name = "focus"

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.first: Action | None = None
        self._best: dict[TurnState, Action] = {}

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self.first is not None:
            action, self.first = self.first, None
            return action
        state = turn_state_of(view)
        best = self._best.get(state)
        if best is None:
            values = solve(Situation(**{**self.sit.__dict__, "state": state}))
            best = self._best[state] = values[0].action
        return best

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False


class Later:
    """A later player: the model's policy for the table as the focus player's turn ended."""

    name = "later"

    def __init__(self, position: int) -> None:
        self.position = position

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        table = result_table(view.rules)
        turns = view.turns[: self.position + 1]
        shown = [table.order_code(t.result) for t in turns if t.result is not None]
        cups: tuple[Cup, ...] = tuple(
            sorted((t.aside, t.throws) for t in turns if t.result is None)
        )
        assert view.limit is not None
        policy = later_policy(view.rules, view.limit, min(shown) if shown else None, cups)
        return policy(turn_state_of(view), legal)

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False


def check(setup: Setup, rounds: int, seed: int) -> list[tuple[Action, float, int, int, float]]:
    """Play the situation ``rounds`` times, the player's legal actions in turn; per action:
    (action, exact P(lose), rounds, rounds lost, deviation in standard errors)."""
    exact = {v.action: v.p_lose for v in solve(setup.situation)}
    actions = list(exact)
    played = dict.fromkeys(actions, 0)
    lost = dict.fromkeys(actions, 0)
    rules = _rules(setup.rules)
    focus = Focus(setup.situation)
    later = Later(setup.position)
    bots = {s: (focus if s == setup.seat else later) for s in range(setup.players)}
    rng = random.Random(seed)
    for n in range(rounds):
        action = actions[n % len(actions)]
        game = Game(rules, _names(setup.players), SetupDice(setup.pips, rng.randrange(1 << 30)))
        for a in setup.actions:
            game.apply(a)
        focus.first = action
        asked = NOTHING_ASKED
        ended: RoundEnded | None = None
        while ended is None:
            d = next_decision(game, bots, asked)
            assert d is not None
            events = apply_decision(game, d, d.decide(bots[d.seat])) or []
            asked = d.asked
            ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        played[action] += 1
        lost[action] += ended.worst == setup.seat
    rows = []
    for a in actions:
        p = float(exact[a])
        share = lost[a] / played[a]
        if p in (0.0, 1.0):
            z = 0.0 if share == p else math.inf
        else:
            z = abs(share - p) / math.sqrt(p * (1 - p) / played[a])
        rows.append((a, p, played[a], lost[a], z))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--situations", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args(argv)
    failures = 0
    for name in args.presets.split(","):
        rules = PRESETS[name]
        rng = random.Random(f"{args.seed}-{name}")
        setups: list[Setup] = []
        covering = rules.covers(3, 3)
        while len(setups) < args.situations:
            # Where the rules cover, every other situation has a covered cup (before or its own).
            s = make_setup(rules, rng, covering and len(setups) % 2 == 0)
            if s is not None:
                setups.append(s)
        started = time.perf_counter()
        zs: list[float] = []
        with_cups = 0
        for i, setup in enumerate(setups):
            rows = check(setup, args.rounds, rng.randrange(1 << 30))
            z = max(row[4] for row in rows)
            zs += [row[4] for row in rows]
            sit = setup.situation
            with_cups += bool(sit.covered) or _own_covers(sit)
            failures += z > FAIL
            print(
                f"{name:<12} #{i}: limit {sit.limit}, {len(sit.shown)} shown, "
                f"{len(sit.covered)} covered, {sit.after} after, {len(rows)} actions: "
                f"worst {z:.2f} standard errors"
            )
        outside = sum(z > Z99 for z in zs)
        print(
            f"{name:<12} {len(setups)} situations ({with_cups} with covered cups), {len(zs)} "
            f"actions, {args.rounds} rounds a situation: {outside} actions outside the 99% "
            f"interval, worst deviation {max(zs):.2f} standard errors "
            f"({time.perf_counter() - started:.0f} s)"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
