"""A share of the strong bots' memo filled in the helper process (:mod:`schocken.helper`), on the
other core, while this process fills the rest (:meth:`schocken.fast.strong.Memo.fill`).

The helper keeps a memo of its own for each rule set (:func:`schocken.fast.strong.fill_away`):
the keys given to it are made there by the same code as here (the round's ends by the strong
bots' compiled turn, the half bot's weights, the Finale's choices), so the values are the ones
this process would make, float for float. It answers with the values and with the ends and
weights it added, as its memo keeps them; the caller adds those after its own
(:meth:`~schocken.fast.strong.Memo.values_of` where the helper failed). A filling is shared only
while the helper has nothing else to do (the Finale's solutions of new rules come first:
:func:`schocken.finale_shared.solve_ahead`), and only where it is large enough to be worth the
way there and back (:data:`SHARE_FROM`).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from schocken import helper
from schocken.fast import kernel
from schocken.fast.tables import Float64Array, Int64Array
from schocken.rules import Rules

SHARE_FROM = 32
"""Keys to fill below which none go to the helper."""

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


class Block(NamedTuple):
    """Situations' ends of the round as a memo keeps them (``Memo.throw`` and the rest), their
    rows of ends on stopping counted from their first."""

    throw: Float64Array
    turned: Float64Array
    stop_at: Int64Array
    stop_off: Int64Array
    stop: Float64Array


Answer = tuple[Int64Array, Block, Float64Array]
"""The helper's values of the keys it was given (a half bot's ends counted from the first of the
block, its weights from the first of the rows), the block of ends and the rows of weights."""


def share(rows: Int64Array) -> npt.NDArray[np.bool_]:
    """Which of ``rows`` (keys to fill) go to the helper: about half of each kind's work, the
    keys of one situation together (the half bot's ends of a round's situation by every best
    result shown; the Finale's choices of one Deckel situation), none where the helper is busy
    or not to be used, or the keys are few, or of the solver bot (the lab's strong bot is the
    half bot)."""
    there = np.zeros(len(rows), np.bool_)
    if len(rows) < SHARE_FROM or not helper.enabled() or not helper.idle():
        return there
    kind = rows[:, 0]
    ends = kind == kernel.K_HALF_ENDS
    # a situation of the round: word 2 but the best result shown (bits 21 on), the cups' words
    words = np.column_stack([rows[:, 2] & (1 << 21) - 1, rows[:, 4:]])
    there[ends] = _half(words[ends])
    finale = (kind == kernel.K_FINALE) | (kind == kernel.K_TWO)
    # a Deckel situation of the Finale: the kind, the Deckel, opener or responder, the limit
    opener = rows[:, 2]
    limit = np.where(opener & 1, opener >> 14 & 3, 0)
    words = np.column_stack([kind, rows[:, 3], opener & 1, limit])
    there[finale] = _half(words[finale])
    weights = np.flatnonzero(kind == kernel.K_HALF_WEIGHTS)
    there[weights[1::2]] = True
    return there


def _half(words: Int64Array) -> npt.NDArray[np.bool_]:
    """A fixed half of the rows by their ``words`` (the same words, the same side)."""
    h = np.zeros(len(words), np.uint64)
    with np.errstate(over="ignore"):
        for column in words.T:
            h = (h ^ column.astype(np.uint64)) * _GOLDEN
    return (h >> np.uint64(63)).astype(np.bool_)


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
