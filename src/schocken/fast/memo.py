"""The memo of the strong bots in the compiled game loop (:mod:`schocken.fast.strong` fills it):
a key is :data:`KW` words, the first its kind; open addressing in a table whose size is a power
of two.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from schocken.fast.jit import _jit
from schocken.fast.rng import _GOLDEN, _mix

# The memo of the strong bots (schocken.fast.strong): a key is KW words, the first its kind.
KW = 8
CUPS_PER_WORD = 8
"""Covered cups packed in a key word (8 bits each: keep index * 4 + throws)."""
DECKEL_PER_WORD = 6
"""Deckel counts packed in a key word (10 bits each)."""


@_jit
def memo_slot(keys: Any, key: Any) -> np.int64:
    """The slot of ``key`` in the memo's ``keys`` (open addressing; its size a power of two), or
    ``-1 - slot`` of the empty slot where it would go."""
    h = np.uint64(0)
    for w in range(KW):
        h = _mix(h + np.uint64(key[w]) + _GOLDEN)
    mask = keys.shape[0] - 1
    slot = np.int64(h & np.uint64(mask))
    while True:
        if keys[slot, 0] == 0:
            return -1 - slot
        same = True
        for w in range(KW):
            if keys[slot, w] != key[w]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & mask


@_jit
def memo_absent(keys: Any, rows: Any) -> Any:
    """Whether each of ``rows`` (keys) is missing from the memo's ``keys``."""
    absent = np.zeros(rows.shape[0], np.bool_)
    for i in range(rows.shape[0]):
        absent[i] = memo_slot(keys, rows[i]) < 0
    return absent


@_jit
def memo_insert(keys: Any, values: Any, rows: Any, row_values: Any) -> None:
    """Put ``rows`` (keys) with their values into the memo (which has room for them); a key it
    holds already takes the new value."""
    for i in range(rows.shape[0]):
        slot = memo_slot(keys, rows[i])
        if slot >= 0:
            values[slot] = row_values[i]
            continue
        slot = -1 - slot
        for w in range(KW):
            keys[slot, w] = rows[i, w]
        values[slot] = row_values[i]


@_jit
def _look_up(memo_keys: Any, memo_vals: Any, key: Any, miss: Any) -> int:
    """The memo's value for ``key``; -1 where it has none yet (the key then goes into ``miss``)."""
    slot = memo_slot(memo_keys, key)
    if slot < 0:
        for w in range(KW):
            miss[w] = key[w]
        return -1
    value: int = memo_vals[slot]
    return value


@_jit
def _round_key(
    key: Any, kind: int, state: int, throws: int, limit: int, worst: int, after: int,
    best: int, cov: Any, ncov: int,
) -> None:  # fmt: skip
    """Fill ``key`` with a round's situation as the solver's model sees it (codes + 1; 0: none)."""
    key[0] = kind
    key[1] = state * 4 + throws
    key[2] = limit | (worst + 1) << 2 | after << 11 | ncov << 16 | (best + 1) << 21
    key[3] = 0
    for w in range(4, KW):
        key[w] = 0
    for c in range(ncov):
        key[4 + c // CUPS_PER_WORD] |= cov[c] << (8 * (c % CUPS_PER_WORD))
