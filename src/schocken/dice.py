"""Dice sources: the only place chance comes from.

The engine never calls ``random`` itself. A game is given a :class:`DiceSource`; each throw asks it
for the pips of ``n`` dice. :class:`RandomDice` is seeded and reproducible, :class:`SystemDice`
draws from the operating system's strong source (for live games), and :class:`ScriptedDice`
replays a fixed list of pips (for tests and game records).

>>> RandomDice(7).roll(3) == RandomDice(7).roll(3)
True
>>> ScriptedDice([6, 6, 3, 1]).roll(3)
(6, 6, 3)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from schocken.errors import DiceExhaustedError

TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(itertools.product(range(1, 7), repeat=n)) for n in (1, 2, 3)
}
"""Every throw of ``n`` dice, in the order :class:`RandomDice` picks from (the batch simulator
writes a throw's pips by its index here)."""
_TABLES = TABLES
_SIZED: dict[int, tuple[tuple[tuple[int, ...], ...], int]] = {
    n: (table, len(table)) for n, table in _TABLES.items()
}


@runtime_checkable
class DiceSource(Protocol):
    """Gives the pips of ``n`` thrown dice, in the order they fell (1 <= n <= 3)."""

    def roll(self, n: int) -> tuple[int, ...]:
        """The pips of ``n`` dice, each from 1 to 6."""
        ...


class RandomDice:
    """Dice from a seeded pseudo-random generator: the same seed, the same pips."""

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed).random

    def roll(self, n: int) -> tuple[int, ...]:
        try:
            table, size = _SIZED[n]
        except (KeyError, TypeError):
            raise ValueError(f"a throw has 1 to 3 dice, not {n!r}") from None
        return table[int(self._random() * size)]  # one draw: the same dice for the same seed


class SystemDice:
    """Dice from the operating system's cryptographically strong source (``secrets``)."""

    __slots__ = ("_random",)

    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def roll(self, n: int) -> tuple[int, ...]:
        try:
            table = _TABLES[n]
        except (KeyError, TypeError):
            raise ValueError(f"a throw has 1 to 3 dice, not {n!r}") from None
        return table[self._random.randrange(len(table))]


class ScriptedDice:
    """Dice that show a fixed list of pips, in order; for tests and replaying records."""

    __slots__ = ("_next", "_pips")

    def __init__(self, pips: Iterable[int]) -> None:
        self._pips = list(pips)
        for p in self._pips:
            if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 6:
                raise ValueError(f"a die shows 1 to 6 pips, not {p!r}")
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many pips are left."""
        return len(self._pips) - self._next

    def roll(self, n: int) -> tuple[int, ...]:
        if n not in _TABLES:
            raise ValueError(f"a throw has 1 to 3 dice, not {n!r}")
        if self._next + n > len(self._pips):
            raise DiceExhaustedError(
                f"scripted dice exhausted: {n} dice asked for, {self.remaining} pips left"
            )
        out = tuple(self._pips[self._next : self._next + n])
        self._next += n
        return out
