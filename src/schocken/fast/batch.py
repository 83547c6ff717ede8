"""Many games at once: :func:`play_batch` plays the games of a run on every core, each with
:func:`schocken.fast.kernel.play_game`.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from schocken.fast.jit import _jit_parallel
from schocken.fast.kernel import (
    E_DECKEL,
    MAX_HALVES,
    O_HALF_LOSER,
    O_LOSER,
    O_MISS,
    S_SIZE,
    play_game,
)
from schocken.fast.rng import game_seed


@_jit_parallel
def play_batch(
    n: int,
    params: Any,
    legal: Any,
    after: Any,
    thrown: Any,
    sixes: Any,
    results: Any,
    regular: Any,
    buy_in: Any,
    aside_of: Any,
    memo_keys: Any,
    memo_vals: Any,
    ends: Any,
    memo_arrays: Any,
    place_bot: Any,
    rotate: bool,
    seed: np.uint64,
    games: Any,
    out: Any,
    miss: Any,
    saves: Any,
    places: Any,
    worths: Any,
) -> None:
    """Play the games numbered in ``games`` on every core; one row of ``out`` (and of ``miss``)
    each.

    ``place_bot[p]`` is the bot of line-up place ``p``; with ``rotate`` game ``g`` seats place
    ``p`` at seat ``(p + g) % n``. A row holds the ``O_*`` values with the seats of the losers
    (of the game and of each half) turned into line-up places; a game that stopped at a key the
    memo lacks has ``O_MISS`` set and the key in its row of ``miss``; played again, it goes on
    from the start of that round, as row ``places[i]`` of ``saves`` holds it for the ``i``-th
    game (:func:`~schocken.fast.kernel.play_game`; with no columns, from the start).
    ``worths`` (a 2-d array for each row of ``saves``, or none) counts the game's rounds for Deckel
    by their size and worth (``play_game``'s ``worths``).
    """
    no_steps = np.zeros((0, S_SIZE), np.int64)
    no_sections = np.zeros((0, E_DECKEL + n), np.int64)
    no_worths = np.zeros((0, 0), np.int64)
    counting = worths.shape[0] > 0
    for i in numba.prange(games.shape[0]):
        g = games[i]
        shift = g % n if rotate else 0
        seat_bot = np.empty(n, np.int64)
        for s in range(n):
            seat_bot[s] = place_bot[(s - shift) % n]
        row = out[i]
        play_game(
            n, params, legal, after, thrown, sixes, results, regular, buy_in, aside_of,
            memo_keys, memo_vals, ends, memo_arrays, seat_bot, game_seed(seed, g), False, no_steps,
            no_sections, row, miss[i], saves[places[i]],
            worths[places[i]] if counting else no_worths,
        )  # fmt: skip
        if row[O_MISS] != 0:
            continue
        row[O_LOSER] = (row[O_LOSER] - shift) % n
        for h in range(MAX_HALVES):
            if row[O_HALF_LOSER + h] >= 0:
                row[O_HALF_LOSER + h] = (row[O_HALF_LOSER + h] - shift) % n
