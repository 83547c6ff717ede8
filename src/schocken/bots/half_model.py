"""The half bot's model of the half (:class:`HalfModel`): P(a player loses the half) in every
Deckel situation, what a round's best result is worth measured in games of pub regulars
(:func:`worth_frequencies`). See :mod:`schocken.bots.half_bot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from schocken.bots.regular import PubRegular
from schocken.dice import SplitMixDice
from schocken.events import RoundEnded, RoundKind
from schocken.game import Game
from schocken.play import play_game
from schocken.players import seat_names
from schocken.rules import Rules

Worth = int | None
"""What a round's best result is worth: Deckel, or ``None`` for a Schock-Aus (the whole half)."""

MEASURED_GAMES = 400
"""Games of pub regulars played to measure what a round's best result is worth."""


def worth_counts(
    rules: Rules, players: int, games: int = MEASURED_GAMES, seed: int = 0
) -> dict[int, dict[Worth, int]]:
    """What the best result of a round for Deckel was worth, by the number of players in the
    round, counted in ``games`` games of ``players`` pub regulars: game ``g`` thrown with
    :class:`SplitMixDice` of ``seed`` and number ``g``, so that the batch simulator plays the very
    same games (:func:`schocken.fast.worth_counts`, proven equal by the tests)."""
    counts: dict[int, dict[Worth, int]] = {}
    regular = PubRegular()
    for g in range(games):
        dice = SplitMixDice(seed, g)
        game = play_game(Game(rules, seat_names(players), dice), [regular] * players)
        for e in game.events:
            if isinstance(e, RoundEnded) and e.kind is RoundKind.NORMAL:
                per = counts.setdefault(len(e.results), {})
                per[e.deckel] = per.get(e.deckel, 0) + 1
    return counts


def frequencies(counts: dict[int, dict[Worth, int]]) -> dict[int, dict[Worth, float]]:
    """The counts of :func:`worth_counts` as frequencies per number of players in the round."""
    return {
        k: {w: n / sum(per.values()) for w, n in sorted(per.items(), key=lambda wn: _order(wn[0]))}
        for k, per in sorted(counts.items())
        if per
    }


@cache
def worth_frequencies(rules: Rules, players: int) -> dict[int, dict[Worth, float]]:
    """What the best result of a round for Deckel is worth, by the number of players in the
    round: the frequencies in :data:`MEASURED_GAMES` games of ``players`` pub regulars."""
    return frequencies(worth_counts(rules, players))


def _order(w: Worth) -> int:
    return 1_000 if w is None else w


class HalfModel:
    """P(a player loses the half) in every Deckel situation of a half, in a model of it.

    A situation is the middle, the player's Deckel and the other players' (those still in the
    half). In each round every player of the round loses it with equal chance, the best result is
    any other player's with equal chance, and it is worth ``w`` with the chance ``worth[k][w]``
    for ``k`` players in the round. Deckel move as in the game: from the middle while it holds
    some (never more than it holds), then from the best player (never more than they hold); once
    the middle is empty, a player without Deckel is out, and who holds them all has lost the half;
    a Schock-Aus loses it at once. Rounds with Deckel in the middle empty it a little further each
    time; with the middle empty, Deckel can go back and forth, and those situations are solved as
    one system of linear equations (numpy).
    """

    def __init__(self, total: int, players: int, worth: dict[int, dict[Worth, float]]) -> None:
        if not worth:
            raise ValueError("the half's model needs the worth of at least one round")
        self.total = total
        self.players = players
        self.worth = worth
        self._values: dict[tuple[int, int, tuple[int, ...]], float] = {}
        self._asked: dict[tuple[int, ...], float] = {}
        """:meth:`value` by its arguments as asked (the middle, its own, the others in their
        order): the weights ask for the same situations again and again."""
        self._solve_empty_middle()

    def worth_of(self, k: int) -> dict[Worth, float]:
        """The worth frequencies for ``k`` players in a round (the nearest measured ``k``)."""
        near = min(self.worth, key=lambda n: (abs(n - k), n))
        return self.worth[near]

    def value(self, middle: int, mine: int, others: Sequence[int]) -> float:
        """P(the player loses the half): ``middle`` Deckel in the middle, ``mine`` held by the
        player, ``others`` by the other players still in the half."""
        asked = (middle, mine, *others)
        v = self._asked.get(asked)
        if v is None:
            v = self._asked[asked] = self._value(middle, mine, others)
        return v

    def _value(self, middle: int, mine: int, others: Sequence[int]) -> float:
        """:meth:`value`, the situation's order of the others and its zeros left out."""
        if middle == 0:
            if mine == 0:
                return 0.0  # out of the half
            if mine == self.total:
                return 1.0
            others = [d for d in others if d]
            if not others:
                return 0.0  # an out player bought back in and left; cannot happen in play
            if max(others) == self.total:
                return 0.0
        key = (middle, mine, tuple(sorted(others, reverse=True)))
        v = self._values.get(key)
        if v is None:
            if middle == 0:
                raise ValueError(f"no such situation of the half: {key}")
            v = self._values[key] = self._round(key, None, None)
        return v

    def _round(
        self,
        key: tuple[int, int, tuple[int, ...]],
        row: list[float] | None,
        index: dict[tuple[int, ...], int] | None,
    ) -> float:
        """The chance of losing the half in ``key``, over one round: the known part of it.

        With the middle empty (``row`` and ``index`` given) the situations after the round that
        are not over yet are unknowns: their chances go into ``row`` (by ``index``) instead."""
        middle, mine, others = key
        held = [mine, *others]
        k = len(held)
        known = 0.0
        for w, q in self.worth_of(k).items():
            if w is None:  # a Schock-Aus: its loser has lost the half
                known += q / k
                continue
            p = q / (k * (k - 1))
            for loser in range(k):
                # with Deckel in the middle the loser takes them from there, whoever was best:
                # the situation after the round is the same for each best (asked once)
                same: float | None = None
                for best in range(k):
                    if best == loser:
                        continue
                    if same is not None:
                        known += p * same
                        continue
                    m2, mine2, others2 = _after_round(middle, held, loser, best, w)
                    if row is None or index is None:
                        v = self.value(m2, mine2, others2)
                        if middle:
                            same = v
                        known += p * v
                        continue
                    rest = sorted((d for d in others2 if d), reverse=True)
                    j = index.get((mine2, *rest))
                    if j is None:  # over, or out
                        known += p * self.value(0, mine2, rest)
                    else:
                        row[j] += p
        return known

    def _solve_empty_middle(self) -> None:
        """Every situation with the middle empty at once: V = known + P V (numpy)."""
        from schocken.finale_turns import _np
        from schocken.linear import solve

        np = _np()
        keys = [
            (0, mine, others)
            for mine in range(1, self.total)
            for others in _partitions(self.total - mine, self.players - 1)
        ]
        index = {(mine, *others): i for i, (_, mine, others) in enumerate(keys)}
        n = len(keys)
        a = np.eye(n)
        b = np.zeros(n)
        for i, key in enumerate(keys):
            row = [0.0] * n
            b[i] = self._round(key, row, index)
            a[i] -= np.array(row)
        values = solve(a, b)
        for key, v in zip(keys, values, strict=True):
            self._values[key] = float(v)


def _after_round(
    middle: int, held: Sequence[int], loser: int, best: int, w: int
) -> tuple[int, int, list[int]]:
    """The situation after a round: ``held[0]`` is the player's, ``loser`` takes what ``best``'s
    result is worth (``w``) from the middle or from ``best``."""
    after = list(held)
    if middle > 0:
        moved = min(w, middle)
        middle -= moved
    else:
        moved = min(w, after[best])
        after[best] -= moved
    after[loser] += moved
    return middle, after[0], after[1:]


def _partitions(n: int, parts: int, largest: int | None = None) -> list[tuple[int, ...]]:
    """``n`` as a sum of 1 to ``parts`` positive numbers, largest first."""
    if largest is None:
        largest = n
    if n == 0:
        return [()]
    if parts == 0:
        return []
    out: list[tuple[int, ...]] = []
    for first in range(min(n, largest), 0, -1):
        for rest in _partitions(n - first, parts - 1, first):
            out.append((first, *rest))
    return out
