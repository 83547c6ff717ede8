"""The generator of the compiled game loop (SplitMix64): every game draws from its own, seeded
from the run's seed and the game's number (:func:`game_seed`), so a game is the same game
whichever thread plays it and however the games are split. :class:`schocken.dice.SplitMixDice`
is the same generator in plain Python, for the reference engine (the half bot's games of
regulars: ``tests/test_fast.py`` finds them the same games).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from schocken.fast.jit import _jit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S11 = np.uint64(11)
_UNIT = 1.0 / (1 << 53)


@_jit
def _mix(z: np.uint64) -> np.uint64:
    """SplitMix64's output function."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@_jit
def game_seed(seed: np.uint64, game: int) -> np.uint64:
    """The generator's start for game number ``game`` of a run seeded with ``seed``."""
    return _mix(_mix(seed) + np.uint64(game + 1) * _GOLDEN)


@_jit
def _draw(rng: Any) -> np.uint64:
    """The next 64 random bits of a SplitMix64 generator whose state is ``rng[0]``."""
    rng[0] += _GOLDEN
    return _mix(rng[0])


@_jit
def _below(rng: Any, count: np.int64) -> np.int64:
    """A uniform whole number from 0 to ``count - 1`` (``count`` below 2**31)."""
    return np.int64(((_draw(rng) >> _S32) * np.uint64(count)) >> _S32)


@_jit
def _uniform(rng: Any) -> float:
    """A uniform number in [0, 1)."""
    return float(_draw(rng) >> _S11) * _UNIT
