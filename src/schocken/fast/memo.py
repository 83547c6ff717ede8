"""The memo of the strong bots in the compiled game loop (:mod:`schocken.fast.strong` fills it):
a key is :data:`KW` words, the first its kind; open addressing in a table whose size is a power
of two. :func:`strong_choice` is a strong bot's decision in the loop, looked up in it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from schocken.fast.jit import _jit
from schocken.fast.rng import _GOLDEN, _mix
from schocken.fast.tables import BOT_HALF, BOT_SOLVER
from schocken.fast.turns import STOP, TURN_SIXES, round_choices, round_ends, solve_turn

# The memo of the strong bots (schocken.fast.strong): a key is KW words, the first its kind.
KW = 8
CUPS_PER_WORD = 8
"""Covered cups packed in a key word (8 bits each: keep index * 4 + throws)."""
DECKEL_PER_WORD = 6
"""Deckel counts packed in a key word (10 bits each)."""


# The kinds of the keys (the first word).
K_SOLVER = 1
"""The solver bot in a round for Deckel of a half: its choice from the chance of losing the round,
and whether the Deckel decide (value ``code | flag << 8``: flag 0 never, 1 with the middle empty,
2 always)."""
K_SOLVER_FULL = 2
"""The solver bot's choice where the Deckel decide (value: the code)."""
K_HALF_ENDS = 3
"""The half bot: how the round ends in a situation, from each of its turn states (word 1 is 0;
value: the situation's index in ``ends``, :func:`half_choice`)."""
K_HALF_WEIGHTS = 4
"""The half bot: P(losing the half) after each end of the round (value: a row of the memo's
weights, ``memo_arrays[0]``)."""
K_FINALE = 5
"""The Finale's solution in a Deckel situation, for the opener or for the responder facing one
final of the opener (word 1 is 0; value: where the choices of its states begin in the memo's
codes of the Finale, :func:`strong_choice`)."""
K_TWO = 6
"""The half bot with two players in a round of a half: the solution for a half's Deckel (as
``K_FINALE``)."""


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
        if _equal(keys[slot], key):
            return slot
        slot = (slot + 1) & mask


@_jit
def _equal(a: Any, b: Any) -> bool:
    """Whether the rows ``a`` and ``b`` (as long) hold the same values."""
    for i in range(a.shape[0]):  # noqa: SIM110 (numba compiles the loop, not all() of a generator)
        if a[i] != b[i]:
            return False
    return True


@_jit
def memo_new(keys: Any, rows: Any) -> Any:
    """Which of ``rows`` (keys, repeats allowed) the memo's ``keys`` lacks, each the first time
    it comes (a table of its own for the repeats)."""
    size = 1
    while size < 2 * rows.shape[0]:
        size *= 2
    seen = np.zeros((size, KW), np.int64)
    new = np.zeros(rows.shape[0], np.bool_)
    for i in range(rows.shape[0]):
        if memo_slot(keys, rows[i]) >= 0:
            continue
        slot = memo_slot(seen, rows[i])
        if slot < 0:
            slot = -1 - slot
            for w in range(KW):
                seen[slot, w] = rows[i, w]
            new[i] = True
    return new


@_jit
def memo_get(keys: Any, values: Any, rows: Any) -> Any:
    """The memo's value of each of ``rows`` (keys), -1 where it has none."""
    out = np.full(rows.shape[0], -1, np.int64)
    for i in range(rows.shape[0]):
        slot = memo_slot(keys, rows[i])
        if slot >= 0:
            out[i] = values[slot]
    return out


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


ROW_SCALE = float(1 << 52)
"""Ends (chances, 0 to 1) times this, as integers: what a row of ends is hashed by
(:func:`row_hash`; equal floats, +0.0 and -0.0 too, hash alike)."""


@_jit
def row_hash(row: Any) -> np.uint64:
    """The hash of a row of ends, by its floats' values (a multiplication each, mixed at the
    end)."""
    h = np.uint64(0)
    for e in range(row.shape[0]):
        h = (h + np.uint64(np.int64(row[e] * ROW_SCALE))) * _GOLDEN
    return _mix(h)


@_jit
def row_slot(table: Any, rows: Any, row: Any) -> np.int64:
    """The slot of the table of ``rows`` (open addressing, its size a power of two; a slot
    holds a row of ``rows`` + 1, 0 none) holding a row equal to ``row``, or ``-1 - slot`` of
    the empty slot where it would go."""
    mask = table.shape[0] - 1
    slot = np.int64(row_hash(row) & np.uint64(mask))
    while True:
        held = table[slot]
        if held == 0:
            return -1 - slot
        if _equal(rows[held - 1], row):
            return slot
        slot = (slot + 1) & mask


@_jit
def table_rows(table: Any, rows: Any, first: int, last: int) -> None:
    """Rows ``first`` to ``last - 1`` of ``rows`` put into ``table`` (with room for them), of
    rows alike the first."""
    for r in range(first, last):
        slot = row_slot(table, rows, rows[r])
        if slot < 0:
            table[-1 - slot] = r + 1


@_jit
def _kept(row: Any, rows: Any, table: Any, used: int) -> tuple[int, int]:
    """The row of ``rows`` equal to ``row``: the one ``table`` holds, else ``row`` written at
    row ``used`` (and into the table); and the rows then used."""
    slot = row_slot(table, rows, row)
    if slot >= 0:
        return table[slot] - 1, used
    for e in range(row.shape[0]):
        rows[used, e] = row[e]
    table[-1 - slot] = used + 1
    return used, used + 1


@_jit
def situation_rows(keeps: int, turned: int, terminals: int) -> int:
    """The most rows of ends one situation adds (:func:`keep_ends`): from each throw and each
    state turning sixes leads to, after 1 and 2 throws, and on stopping."""
    return 2 * (keeps + turned) + terminals


@_jit
def keep_ends(
    k: int, lim: int, throw_src: Any, turned_src: Any, turned_reach: Any, stop_at_src: Any,
    stop_src: Any, throw_at: Any, sixes_at: Any, stop_at: Any, rows: Any, table: Any, used: int,
) -> int:  # fmt: skip
    """A situation's ends (:class:`~schocken.fast.solved.Ends`) kept as situation ``k`` of the
    memo's arrays (:attr:`schocken.fast.strong.Memo.ends`), after the throws a turn decides
    after (1 and 2): ``throw_at[k, a, t]``, ``sixes_at[k, j, t]`` and ``stop_at[k, s, t]``
    the rows of ``rows`` with the ends from throw ``a``, from the ``j``-th state turning sixes
    leads to, and on stopping in state ``s``, where a decision reads them: after a throw before
    the round's limit ``lim``, in a state the turn can be in (``turned_reach``; else -1, their
    floats in the ``*_src`` arrays not written by this situation). Each row is kept once: a row
    equal to one ``rows`` holds (found by ``table``, :func:`row_slot`: most are, the ends of the
    same result before the same players in many situations) is that one, a new one is written
    at row ``used`` (``rows`` and ``table`` have room for all of the situation's). Of the ends
    on stopping only the rows a decision reads. Returns the rows then used."""
    for t in range(2):
        decides = t + 1 < lim
        for a in range(throw_src.shape[0]):
            throw_at[k, a, t] = -1
            if decides:
                throw_at[k, a, t], used = _kept(throw_src[a, t + 1], rows, table, used)
        for j in range(turned_src.shape[0]):
            sixes_at[k, j, t] = -1
            if decides and turned_reach[j, t + 1]:
                sixes_at[k, j, t], used = _kept(turned_src[j, t + 1], rows, table, used)
    renumbered = np.full(stop_src.shape[0], -1, np.int64)
    for s in range(stop_at_src.shape[0]):
        for t in range(2):
            r = stop_at_src[s, t + 1]
            if r >= 0 and renumbered[r] < 0:
                renumbered[r], used = _kept(stop_src[r], rows, table, used)
            stop_at[k, s, t] = renumbered[r] if r >= 0 else -1
    return used


@_jit
def ends_batch(
    tables: Any, ctx: Any, cov: Any, pool: Any, ctx_of: Any, bests: Any, scratch: Any,
    store: Any, k: int, used: int, held: int,
) -> tuple[int, int]:  # fmt: skip
    """Situations' ends of the round (:func:`~schocken.fast.turns.round_ends`) kept in a
    store (:func:`keep_ends`) from its situation ``k`` and its row ``used`` of ends on, one
    after another, in one call (no interpreter between them: the caller's other threads run
    meanwhile). Situation ``i`` is the round's situation ``ctx_of[i]`` (its limit,
    worst shown and players after in ``ctx``; its covered cups' rows in ``cov`` (``ge``, ``gt``,
    ``cdf``; as many as ``ctx[., 3]``), the later players' rows, the solver bot's choices: where
    ``ctx[7]`` says they are not made yet (the first of its rows, in this call or one before),
    the situation is solved first (:func:`~schocken.fast.turns.solve_turn`, without the Deckel)
    and they are written there (:func:`~schocken.fast.turns.round_choices`)) with the best
    result shown ``bests[i]``.
    ``tables`` are the compiled turn's (:class:`~schocken.fast.solved.Solved`), ``pool`` the
    later players' rows (``gt``, ``cdf``), ``scratch`` its arrays to write a situation's ends
    and solution into, ``store`` the store's arrays (``throw_at``, ``sixes_at``, ``stop_at``,
    ``rows``) and the table of its rows (:func:`row_slot`), which holds ``held`` rows. Returns
    how many were kept (fewer where the store's rows or its table have no room for the next
    one's) and the rows then used."""
    opts, kchild, kq, krolls, sixes, order, reach, code, aside, covers, of_code, runs = tables[:12]
    turned_at, worth, no_owed = tables[12:]
    pool_gt, pool_cdf = pool
    vis_id, covd_id, chosen, given = ctx[4], ctx[5], ctx[6], ctx[7]
    state, throw_s, stop_s, stop_at_s, val, thr, term = scratch
    throw_at, sixes_at, stop_at, rows_kept, table = store
    turned_states = np.flatnonzero(turned_at >= 0)
    turned_reach = reach[turned_states]
    held -= used  # + used: the rows the table holds
    most = situation_rows(throw_s.shape[0], turned_states.shape[0], stop_s.shape[0])
    for i in range(ctx_of.shape[0]):
        if used + most > rows_kept.shape[0] or 2 * (held + used + most) > table.shape[0]:
            return i, used
        j = ctx_of[i]
        limit, worst, after, ncov = ctx[0][j], ctx[1][j], ctx[2][j], ctx[3][j]
        ge, gt, cdf = cov[0, j, :ncov], cov[1, j, :ncov], cov[2, j, :ncov]
        if not given[j]:  # as Solved.solution and Solved._choices make them
            val[:] = 0.0
            thr[:] = 0.0
            term[:] = 0.0
            solve_turn(
                opts, kchild, kq, krolls, sixes, order, reach, code, worth, aside, covers,
                limit == 0, limit, after, worst, False, -1, 0, 0, no_owed, ge, gt, cdf,
                vis_id[j], covd_id[j], pool_gt, pool_cdf, val, thr, term,
            )  # fmt: skip
            lim = 3 if limit == 0 else limit
            round_choices(opts, sixes, order, reach, lim, val, thr, term, chosen[j])
            given[j] = 1
        stop_at_s[:] = -1
        rows = round_ends(
            opts, kchild, kq, krolls, sixes, order, reach, code, aside, covers, limit == 0,
            limit, after, worst, bests[i], of_code, runs, ge, gt, cdf, vis_id[j], covd_id[j],
            pool_cdf, chosen[j], state, throw_s, stop_s, stop_at_s,
        )  # fmt: skip
        used = keep_ends(
            k + i, 3 if limit == 0 else limit, throw_s, state[turned_states], turned_reach,
            stop_at_s, stop_s[:rows], throw_at, sixes_at, stop_at, rows_kept, table, used,
        )  # fmt: skip
    return ctx_of.shape[0], used


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


@_jit
def strong_choice(
    bot: int, in_finale: bool, n: int, order: Any, order_len: int, pos: int, state: int,
    throws: int, limit: int, middle: int, deckel: Any, worst: int, best: int, cov: Any,
    ncov: int, first_state: int, first_throws: int, first_covered: bool, memo_keys: Any,
    memo_vals: Any, ends: Any, memo_arrays: Any, key: Any, miss: Any,
) -> int:  # fmt: skip
    """The solver or half bot's action in a round for Deckel (a turn with a choice), from the
    memo; -1 where the memo lacks a key (it is then in ``miss``).

    ``in_finale``: the round is the Finale's. ``worst`` and ``best`` are the codes of the worst
    and best results shown before the player (-1: none), ``cov[:ncov]`` the covered cups before
    it (keep index * 4 + throws), ``first_*`` the round's first turn (for the responder of a
    round of two). ``memo_arrays`` are the memo's rows the values of its keys point to
    (:attr:`schocken.fast.strong.Memo.arrays`): the half bot's weights, and the Finale's
    places of the states (by kind, side and state number) and codes.
    """
    seat = order[pos]
    after = order_len - pos - 1
    if in_finale or (bot == BOT_HALF and order_len == 2):
        kind = K_FINALE if in_finale else K_TWO
        key[0] = kind
        key[1] = 0
        key[2] = 0
        side = 0  # the opener, else the responder by the opener's throws
        if pos > 0:
            key[2] = 1 | first_state << 1 | first_throws << 11 | first_covered << 13 | limit << 14
            side = limit
        other = order[1 - pos]  # a round of two
        key[3] = middle | deckel[seat] << 10 | deckel[other] << 20
        for w in range(4, KW):
            key[w] = 0
        first = _look_up(memo_keys, memo_vals, key, miss)
        if first < 0:
            return -1
        _, places, codes = memo_arrays
        at = places[kind - K_FINALE, side, state * 4 + throws]
        if at < 0:  # a state with no choice there: its key with its word, which the filling refuses
            for w in range(KW):
                miss[w] = key[w]
            miss[1] = state * 4 + throws
            return -1
        chosen: int = codes[first + at]
        return chosen
    if bot == BOT_SOLVER:
        _round_key(key, K_SOLVER, state, throws, limit, worst, after, -1, cov, ncov)
        value = _look_up(memo_keys, memo_vals, key, miss)
        if value < 0:
            return -1
        flag = value >> 8
        if flag == 2 or (flag == 1 and middle == 0):
            key[0] = K_SOLVER_FULL
            key[3] = (best + 1) | middle << 9 | deckel[seat] << 19
            return _look_up(memo_keys, memo_vals, key, miss)
        code: int = value & 255
        return code
    # The half bot: the least sum of P(end) * P(losing the half after it) over the ends.
    _round_key(key, K_HALF_ENDS, 0, 0, limit, worst, after, best, cov, ncov)
    k = _look_up(memo_keys, memo_vals, key, miss)
    if k < 0:
        return -1
    key[0] = K_HALF_WEIGHTS
    key[1] = n
    key[2] = order_len - 1
    key[3] = middle | deckel[seat] << 10
    for w in range(4, KW):
        key[w] = 0
    i = 0
    for p in range(order_len):
        if order[p] != seat:
            key[4 + i // DECKEL_PER_WORD] |= deckel[order[p]] << (10 * (i % DECKEL_PER_WORD))
            i += 1
    w_row = _look_up(memo_keys, memo_vals, key, miss)
    if w_row < 0:
        return -1
    code = half_choice(ends, k, state, throws, memo_arrays[0][w_row])
    if code < 0:  # a state the turn never reaches: its key with its word, which the filling refuses
        _round_key(miss, K_HALF_ENDS, state, throws, limit, worst, after, best, cov, ncov)
    return code


@_jit
def half_choice(ends: Any, k: int, s: int, t: int, weights: Any) -> int:
    """The half bot's action in state ``s`` after ``t`` throws of situation ``k`` of the
    memo's ``ends`` (:attr:`schocken.fast.strong.Memo.ends`: the situations' ends of the round
    as :class:`~schocken.fast.solved.Ends` keeps them, after 1 and 2 throws): of the legal
    actions in the engine's order, the first with the least sum of P(end) * ``weights``
    (P(losing the half after it)) over the ends, as ``HalfBot.choose`` adds them up (it leaves
    out the ends of P 0, whose products, +0.0, change no sum: here added, with no branch). -1
    where stopping in ``s`` is a state the turn never reaches (never met: the tests compare
    every decision with the reference bot's)."""
    opts, sixes, turned_at, rows, throw_at, sixes_at, stop_at = ends
    size = weights.shape[0]
    chosen = -1
    least = 0.0
    for j in range(opts[s, t, 0]):
        a = opts[s, t, 1 + j]
        if a == STOP:
            r = stop_at[k, s, t - 1]
        elif a == TURN_SIXES:
            r = sixes_at[k, turned_at[sixes[s]], t - 1]
        else:
            r = throw_at[k, a, t - 1]
        if r < 0:  # never kept: a state the turn never reaches, a decision no turn makes
            return -1
        total = 0.0
        for e in range(size):
            total += rows[r, e] * weights[e]
        if chosen < 0 or total < least:
            chosen = a
            least = total
    found: int = chosen
    return found
