"""Pieces of the strong bots' memo filled in the helper process (:mod:`schocken.helper`), on the
other core, while this process fills the rest (:meth:`schocken.fast.strong.Memo.fill`).

A filling is cut into pieces (:func:`pieces`): the helper is given all but the last, in order;
this process makes the last and then takes back, from the end, those the helper has not begun
(a call not begun is cancelled), so both sides end about together, however busy either core is.
The helper keeps a memo of its own for each rule set (:func:`schocken.fast.strong.fill_away`):
the keys given to it are made there by the same code as here (the round's ends by the strong
bots' compiled turn, the half bot's weights, the Finale's choices), so the values are the ones
this process would make, float for float. It answers with the values and with the ends,
weights and Finale's codes it added, as its memo keeps them; the caller adds those after its own
(:meth:`~schocken.fast.strong.Memo.values_of` where the helper failed). A filling is shared only
while the helper has nothing else to do (the Finale's solutions of new rules come first:
:func:`schocken.finale_shared.solve_ahead`), and only where it is large enough to be worth the
way there and back (:data:`SHARE_FROM`).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import NamedTuple

import numpy as np

from schocken import helper
from schocken.fast import kernel
from schocken.fast.tables import Float64Array, Int16Array, Int64Array
from schocken.rules import Rules

SHARE_FROM = 32
"""Keys to fill below which none go to the helper."""

PIECES = 6
"""Pieces a filling is cut into (:func:`pieces`), at most: the finer, the more evenly the two
sides end, the more calls."""

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


class Block(NamedTuple):
    """Situations' ends of the round as a memo keeps them (``Memo.throw`` and the rest), their
    rows of ends on stopping counted from their first."""

    throw: Float64Array
    turned: Float64Array
    stop_at: Int64Array
    stop_off: Int64Array
    stop: Float64Array


Answer = tuple[Int64Array, Block, Float64Array, Int16Array]
"""The helper's values of the keys it was given (a half bot's ends counted from the first of the
block, its weights from the first of the rows, the Finale's codes from the first of them), the
block of ends, the rows of weights and the Finale's codes."""


def pieces(rows: Int64Array) -> list[Int64Array]:
    """``rows`` (keys to fill) cut into pieces (the indices of each): all but the last for the
    helper, in this order, the last for this process; this process then takes back, from the
    end, the helper's pieces it has not begun (:meth:`schocken.fast.strong.Memo.fill`), so
    that each side does as much as it can in the same time, however busy either core is. The
    keys of one situation stay together (the half bot's ends of a round's situation by every
    best result shown; the Finale's choices of one Deckel situation) and go to the same piece
    every time (what the side solved for it before serves again). One piece, this process's,
    where the helper is busy or not to be used, or the keys are few."""
    if len(rows) < SHARE_FROM or not helper.enabled() or not helper.idle():
        return [np.arange(len(rows))]
    count = min(PIECES, len(rows) // (SHARE_FROM // 2))
    piece = np.zeros(len(rows), np.int64)
    kind = rows[:, 0]
    ends = kind == kernel.K_HALF_ENDS
    # a situation of the round: word 2 but the best result shown (bits 21 on), the cups' words
    words = np.column_stack([rows[:, 2] & (1 << 21) - 1, rows[:, 4:]])
    piece[ends] = _piece(words[ends], count)
    finale = (kind == kernel.K_FINALE) | (kind == kernel.K_TWO)
    # a Deckel situation of the Finale: the kind, the Deckel, opener or responder, the limit
    opener = rows[:, 2]
    limit = np.where(opener & 1, opener >> 14 & 3, 0)
    words = np.column_stack([kind, rows[:, 3], opener & 1, limit])
    piece[finale] = _piece(words[finale], count)
    weights = np.flatnonzero(kind == kernel.K_HALF_WEIGHTS)
    piece[weights] = np.arange(len(weights)) % count
    return [np.flatnonzero(piece == i) for i in range(count)]


def _piece(words: Int64Array, count: int) -> Int64Array:
    """A fixed piece (of ``count``) for each of the rows by their ``words`` (the same words, the
    same piece)."""
    h = np.zeros(len(words), np.uint64)
    with np.errstate(over="ignore"):
        for column in words.T:
            h = (h ^ column.astype(np.uint64)) * _GOLDEN
    return ((h >> np.uint64(32)) * np.uint64(count) >> np.uint64(32)).astype(np.int64)


def ask(rules: Rules, rows: Int64Array, players: int) -> Future[Answer]:
    """Have the helper fill ``rows`` for games of ``players`` players
    (:func:`schocken.fast.strong.fill_away`)."""
    model = None
    if (rows[:, 0] == kernel.K_HALF_WEIGHTS).any():  # the half bot's model, as made here
        from schocken.bots import half_bot

        model = half_bot.half_model(rules, players)
    return helper.call("schocken.fast.strong:fill_away", rules, players, model, rows)


def prepare(rules: Rules) -> None:
    """Have the helper make what it fills the memo of ``rules`` with
    (:func:`schocken.fast.strong.prepare_away`) before it is given keys: its compiled code
    loaded, the rule set's tables."""
    if helper.enabled():
        helper.call("schocken.fast.strong:prepare_away", rules)
