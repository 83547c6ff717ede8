"""Dice sources: the only place chance comes from.

The engine never calls ``random`` itself. A game is given a :class:`DiceSource`; each throw asks it
for the pips of ``n`` dice. :class:`RandomDice` is seeded and reproducible, :class:`SystemDice`
draws from the operating system's strong source, :class:`CommittedDice` derives every die from a
secret seed whose hash is published before the game (for online games: anyone can check them
afterwards, ``docs/fair-dice.md``), and :class:`ScriptedDice` replays a fixed list of pips (for
tests and game records).

>>> RandomDice(7).roll(3) == RandomDice(7).roll(3)
True
>>> ScriptedDice([6, 6, 3, 1]).roll(3)
(6, 6, 3)
"""

from __future__ import annotations

import hashlib
import hmac
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


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _mix(z: int) -> int:
    """SplitMix64's output function."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


class SplitMixDice:
    """Dice from SplitMix64, the batch simulator's generator (:mod:`schocken.fast.rng`), in plain
    Python: game number ``game`` of a run seeded with ``seed`` throws the dice the batch
    simulator's game of that number throws, where nothing but the dice draws from it (a line-up
    of pub regulars, who never draw for a choice). Each throw of ``n`` dice is one draw: the top
    32 bits scaled to the ``6**n`` throws of :data:`TABLES`.

    >>> SplitMixDice(0, 5).roll(3) == SplitMixDice(0, 5).roll(3)
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int, game: int) -> None:
        self._state = _mix((_mix(seed & _MASK) + (game + 1) * _GOLDEN) & _MASK)

    def roll(self, n: int) -> tuple[int, ...]:
        try:
            table, size = _SIZED[n]
        except (KeyError, TypeError):
            raise ValueError(f"a throw has 1 to 3 dice, not {n!r}") from None
        self._state = (self._state + _GOLDEN) & _MASK
        return table[((_mix(self._state) >> 32) * size) >> 32]


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


SCHEME = "hmac-sha256-v1"
"""The name of the derivation below, as a game record carries it (``docs/fair-dice.md``)."""
SEED_BYTES = 32
"""How long a seed of :class:`CommittedDice` is."""
ACCEPTED = 252
"""A byte below this (the largest multiple of 6 up to 256) gives a face; the rest are skipped."""


def commitment_of(seed: bytes) -> str:
    """What is published before the game: the SHA-256 of the seed, in lowercase hex.

    >>> commitment_of(bytes(32))[:16]
    '66687aadf862bd77'
    """
    return hashlib.sha256(seed).hexdigest()


def derived_die(seed: bytes, index: int) -> int:
    """Die ``index`` of a game (every single die drawn, in order, from 0): the first byte below
    252 of HMAC-SHA256(key = seed, message = ``schocken-die:<index>``), as 1 + byte mod 6.

    Should all 32 bytes be 252 or more (a chance of 1 in 10^57), the next blocks are
    HMAC-SHA256(seed, ``schocken-die:<index>:<j>``) for j = 1, 2, ..., read the same way.
    Skipping those bytes makes every face exactly as likely (42 bytes each).

    >>> [derived_die(bytes(32), i) for i in range(6)]
    [3, 6, 2, 4, 3, 1]
    """
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise ValueError(f"a die's number is a whole number from 0, not {index!r}")
    block = 0
    while True:
        message = f"schocken-die:{index}" if block == 0 else f"schocken-die:{index}:{block}"
        face = face_of(hmac.digest(seed, message.encode("ascii"), "sha256"))
        if face is not None:
            return face
        block += 1


def face_of(block: bytes) -> int | None:
    """The face the first byte below 252 of ``block`` gives (1 + byte mod 6); ``None`` when every
    byte is 252 or more."""
    for byte in block:
        if byte < ACCEPTED:
            return 1 + byte % 6
    return None


def derived_dice(seed: bytes, count: int, start: int = 0) -> tuple[int, ...]:
    """Dice ``start`` to ``start + count - 1`` of the game the seed deals."""
    return tuple(derived_die(seed, i) for i in range(start, start + count))


def check_seed(seed: object) -> bytes:
    """The seed if it is 32 bytes; a ValueError saying why not."""
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        what = f"{len(seed)} bytes" if isinstance(seed, bytes) else type(seed).__name__
        raise ValueError(f"a seed of committed dice is {SEED_BYTES} bytes, not {what}")
    return seed


class CommittedDice:
    """Dice that follow from a secret seed (:func:`derived_die`): the game's ``k``-th die, counting
    every die drawn in order from 0, is ``derived_die(seed, k)``. Publish :attr:`commitment`
    before the game and the seed after it, and anyone can recompute every die.

    ``drawn`` starts the dice further on (a game resumed after its first ``drawn`` dice).

    >>> dice = CommittedDice(bytes(32))
    >>> dice.roll(3), dice.roll(2), dice.drawn
    ((3, 6, 2), (4, 3), 5)
    """

    __slots__ = ("commitment", "drawn", "seed")

    def __init__(self, seed: bytes, drawn: int = 0) -> None:
        self.seed = check_seed(seed)
        self.commitment = commitment_of(seed)
        self.drawn = drawn
        """How many dice have been drawn so far."""

    def roll(self, n: int) -> tuple[int, ...]:
        if n not in _TABLES:
            raise ValueError(f"a throw has 1 to 3 dice, not {n!r}")
        out = derived_dice(self.seed, n, self.drawn)
        self.drawn += n
        return out


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
