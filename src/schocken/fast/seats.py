"""Who plays next in the compiled game loop: the order of a round, the next opener, who gives a
round's loser his Deckel, and whether a half's loser had lost one before (as
:mod:`schocken.round` decides them).
"""

from __future__ import annotations

from typing import Any

from schocken.fast.jit import _jit


@_jit
def _lost_two(half_losers: Any, halves: int) -> bool:
    """Whether the loser of the last of ``halves`` halves had lost one before (as
    :func:`schocken.round.next_section` asks)."""
    return bool((half_losers[: halves - 1] == half_losers[halves - 1]).any())


@_jit
def _clockwise_from(
    opener: int, n: int, middle: int, deckel: Any, in_section: Any, order: Any
) -> int:
    """Fill ``order`` with the seats of the next round clockwise from ``opener``: every seat of
    the half or Finale while Deckel are in the middle, then those who hold Deckel. Its length."""
    count = 0
    for i in range(n):
        s = (opener + i) % n
        if (middle > 0 and in_section[s]) or (middle == 0 and deckel[s] > 0):
            order[count] = s
            count += 1
    return count


@_jit
def _next_opener(mode: int, loser: int, n: int, middle: int, deckel: Any) -> int:
    """Who opens the next round for Deckel (:func:`schocken.round.next_opener`): the loser, or
    once the middle is empty the holder of the most Deckel (mode 1) or the next holder after him
    (mode 2)."""
    if middle > 0 or mode == 0:
        return loser
    most = 0
    for s in range(n):
        most = max(most, deckel[s])
    holder = loser
    for i in range(n):
        s = (loser + i) % n
        if deckel[s] == most:
            holder = s
            break
    if mode == 1:
        return holder
    for i in range(1, n + 1):
        s = (holder + i) % n
        if deckel[s] > 0:
            return s
    return holder


@_jit
def _giver(
    holders_only: bool, r_seat: Any, r_key: Any, order_len: int, deckel: Any, skip: int
) -> int:
    """Who gives a round's loser (:func:`schocken.round.round_giver`): the best of the round's
    players but ``skip`` (-1: nobody), with ``holders_only`` the best of those holding Deckel."""
    found = -1
    for i in range(order_len):
        gives = r_seat[i] != skip and (deckel[r_seat[i]] > 0 or not holders_only)
        if gives and (found < 0 or r_key[i] > r_key[found]):
            found = i
    seat: int = r_seat[found]
    return seat
