"""The compiled game loop: whole games of Schocken on the tables of :mod:`schocken.fast.tables`.

This is the one part of the batch simulator written a second time: the flow of a game (opening
round, opening throw with Stechen or one die each, rounds for Deckel, Deckel from the middle and
then from the best player, players out, Einwürfeln, Schock-Aus, halves, Finale, Blattschuss) as
:class:`schocken.game.Game` plays it. What a result is worth, which actions are legal and what
the pub regular chooses are looked up in the tables; the tests replay the games this loop plays
through the reference engine and require the same outcome and the same decisions.

Every game draws from its own generator (SplitMix64), seeded from the run's seed and the game's
number, so a game is the same game whichever thread plays it and however the games are split.
Beside it: :mod:`schocken.fast.rng` (the generator), :mod:`schocken.fast.seats` (who plays next),
:mod:`schocken.fast.memo` (the strong bots' memo and their decisions from it),
:mod:`schocken.fast.batch` (many games on every core) and :mod:`schocken.fast.jit` (compiling).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from schocken.fast.jit import _jit
from schocken.fast.memo import CUPS_PER_WORD as CUPS_PER_WORD  # re-exported: kernel.X
from schocken.fast.memo import DECKEL_PER_WORD as DECKEL_PER_WORD
from schocken.fast.memo import K_FINALE as K_FINALE
from schocken.fast.memo import K_HALF_ENDS as K_HALF_ENDS
from schocken.fast.memo import K_HALF_WEIGHTS as K_HALF_WEIGHTS
from schocken.fast.memo import K_SOLVER as K_SOLVER
from schocken.fast.memo import K_SOLVER_FULL as K_SOLVER_FULL
from schocken.fast.memo import K_TWO as K_TWO
from schocken.fast.memo import KW as KW
from schocken.fast.memo import memo_slot as memo_slot
from schocken.fast.memo import strong_choice
from schocken.fast.rng import _below, _uniform
from schocken.fast.rng import game_seed as game_seed
from schocken.fast.seats import _clockwise_from, _giver, _lost_two, _next_opener
from schocken.fast.tables import (
    BOT_RANDOM,
    BOT_REGULAR,
    CAT_NOT_WORST,
    CAT_ONLY_COVERED,
    CAT_OPENER,
    CAT_WORST,
    P_AT_RISK,
    P_BLIND,
    P_BLIND_DOUBLE,
    P_COVER_MODE,
    P_DECKEL_FINALE,
    P_DECKEL_HALF,
    P_DECKEL_SUM,
    P_EINWUERFELN,
    P_FINALE,
    P_FINALE_FIRST_HALF_LOSER,
    P_FIRST_LIMIT_FINALE,
    P_FIRST_LIMIT_HALF,
    P_FIRST_SEAT,
    P_LATER_OPENER,
    P_LIMIT_WHILE_MIDDLE,
    P_LOWEST_TAKES,
    P_MORE_HALVES,
    P_OPEN_ROUND,
    P_OPENING_DIE,
    P_SCHOCK_AUS_ENDS_GAME,
    P_SIXES_FIRST,
    P_WORST_OPENS,
    P_WORST_TIE,
    R_ADDS,
    R_CODE,
    R_DECKEL,
    R_RANK,
)

# Action codes (schocken.actions): 0-27 throw by keep, then these.
TURN_SIXES = 28
STOP = 29
BUY_IN = 30
BLIND = 31

# Round kinds and sections, as numbers.
NORMAL = 0
OPENING_ROUND = 1
OPENING_THROW = 2
STECHEN = 3
OPENING_DIE = 4
THROW_OFF = 5
FIRST_HALF = 0
SECOND_HALF = 1
FINALE = 2
EXTRA_HALF = 3

MAX_THROWS = 3
PLACES = 32
"""Places in a round's order of play: a result's key is ``code * PLACES - position``."""
NO_KEY = 1 << 62
"""Larger than any key: no result seen yet."""

# What one game came to: the indices of ``out``.
O_LOSER = 0
O_BLATTSCHUSS = 1
O_ROUNDS = 2
O_TURNS = 3
O_SECTIONS = 4
O_STEPS = 5
O_MISS = 6
"""1 where the game stopped at a strong bot's decision its memo does not hold yet (the key is in
``miss``; the game is played again once the memo has it)."""
O_PAID = 7
"""Rounds for Deckel that gave Deckel (a throw-off's counted with the round it decided)."""
O_SCHOCK_AUS = 8
"""Of those, the rounds that ended in a Schock-Aus."""
O_OPENER_LOST = 9
"""Of those, the rounds that their opener lost."""
O_HALF_LOSER = 10
"""The first half's loser; each later half's in the columns after it (-1 where not played)."""
MAX_HALVES = 21
"""The most halves a game can have: with ``more_halves`` one more than its players (at most 20),
as one of them has lost two by then."""
O_SIZE = O_HALF_LOSER + MAX_HALVES

# The columns of a recorded step (``steps``) and of an ended section (``sections``).
S_SEAT = 0
S_CODE = 1
S_PIPS = 2
"""How many pips the step's throw showed; the pips follow in the order they fell."""
S_SIZE = 6
E_SECTION = 0
E_LOSER = 1
E_SCHOCK_AUS = 2
E_DECKEL = 3
"""Each seat's Deckel when the section ended, from this column on."""


def save_size(n: int) -> int:
    """Words of the state of a game of ``n`` players at the start of a round (:func:`play_game`'s
    ``save``): whether one is held, the dice's generator, 21 counts and phases, then the halves'
    losers and, per player, the Deckel, whether in the section, the order of play."""
    return 24 + MAX_HALVES + 3 * n


@_jit
def _save_arrays(save: Any, deckel: Any, in_section: Any, order: Any, half_losers: Any) -> None:
    n = deckel.shape[0]
    for h in range(MAX_HALVES):
        save[24 + h] = half_losers[h]
    at = 24 + MAX_HALVES
    for s in range(n):
        save[at + s] = deckel[s]
        save[at + n + s] = in_section[s]
        save[at + 2 * n + s] = order[s]


@_jit
def _load_arrays(save: Any, deckel: Any, in_section: Any, order: Any, half_losers: Any) -> None:
    n = deckel.shape[0]
    for h in range(MAX_HALVES):
        half_losers[h] = save[24 + h]
    at = 24 + MAX_HALVES
    for s in range(n):
        deckel[s] = save[at + s]
        in_section[s] = save[at + n + s] != 0
        order[s] = save[at + 2 * n + s]


@_jit
def play_game(
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
    seat_bot: Any,
    seed: np.uint64,
    recording: bool,
    steps: Any,
    sections: Any,
    out: Any,
    miss: Any,
    save: Any,
    worths: Any,
) -> None:
    """Play one game of ``n`` players to its end; what it came to goes into ``out`` (``O_*``).

    ``seat_bot[s]`` is the bot (``BOT_*``) of seat ``s``. With ``recording`` each step goes into
    ``steps`` (as many as fit; ``out[O_STEPS]`` counts them all) and each ended section into
    ``sections``. Where a strong bot's decision is not in the memo (``memo_keys``, ``memo_vals``,
    ``ends``, ``memo_arrays``: see :func:`strong_choice`) the game stops with ``out[O_MISS]`` set
    and the key in ``miss``.

    ``save`` (:func:`save_size` words, or none) holds what the game has come to at the start of
    each round: a game that stops at a missing key is played on from the start of that round by
    the next call with the same ``save`` (the same dice from there: the same game), not again
    from its first round.

    ``worths`` (``n + 1`` rows, or none) counts the rounds for Deckel by how many played them (the
    row) and what their best result was worth (column 0 a Schock-Aus, else 1 + the Deckel): the
    counts of :func:`schocken.bots.half_bot.worth_counts`.
    """
    deckel_half = params[P_DECKEL_HALF]
    cover_mode = params[P_COVER_MODE]
    einwuerfeln = params[P_EINWUERFELN] != 0
    at_risk = params[P_AT_RISK] != 0
    may_blind = params[P_BLIND] != 0
    sixes_first = params[P_SIXES_FIRST] != 0
    capacity = steps.shape[0]
    rng = np.empty(1, np.uint64)
    rng[0] = seed
    deckel = np.zeros(n, np.int64)
    in_section = np.ones(n, np.bool_)
    in_count = n
    order = np.arange(n)
    order_len = n
    r_seat = np.zeros(n, np.int64)
    r_key = np.zeros(n, np.int64)
    r_rank = np.zeros(n, np.int64)
    r_deckel = np.zeros(n, np.int64)
    r_code = np.zeros(n, np.int64)
    r_adds = np.zeros(n, np.int64)
    deckel_sum = params[P_DECKEL_SUM] != 0
    worst_tie = params[P_WORST_TIE]
    off_best = off_second = off_owed = 0  # a throw-off's giver (or the second-best) and worth
    seats = np.zeros(n, np.int64)  # a list of seats: who may buy in, who is tied
    giver = np.zeros(n, np.bool_)
    half_losers = np.full(MAX_HALVES, -1, np.int64)
    cov = np.zeros(n, np.int64)  # the covered cups of the round so far (for the strong bots)
    memo_key = np.zeros(KW, np.int64)
    out[O_MISS] = 0
    halves = 0
    section = FIRST_HALF
    total = deckel_half
    middle = deckel_half
    playing = False  # the phase: False while the opening finds the first player
    opening_throw = params[P_LOWEST_TAKES] != 0 or params[P_WORST_OPENS] != 0
    kind = OPENING_THROW if opening_throw else OPENING_ROUND
    if params[P_OPENING_DIE] != 0:
        kind = OPENING_DIE
    if params[P_FIRST_SEAT] != 0:  # no opening: seat 0 opens the first round for Deckel
        kind = NORMAL
        playing = True
    anchor = 0
    opening_value = 0
    section_rounds = 0  # rounds for Deckel begun in the half or Finale
    rounds = 0
    turns = 0
    paid = schock_aus_rounds = opener_lost = 0
    n_steps = 0
    n_sections = 0
    loser = -1
    blattschuss = False
    if save.shape[0] > 0 and save[0] != 0:  # on from the round where it stopped
        rng[0] = np.uint64(save[1]) << np.uint64(32) | np.uint64(save[2])
        in_count, order_len, off_best, off_second = save[3], save[4], save[5], save[6]
        off_owed, halves, section, total, middle = save[7], save[8], save[9], save[10], save[11]
        playing, kind, anchor, opening_value = save[12] != 0, save[13], save[14], save[15]
        section_rounds, rounds, turns, paid = save[16], save[17], save[18], save[19]
        schock_aus_rounds, opener_lost = save[20], save[21]
        n_steps, n_sections = save[22], save[23]
        _load_arrays(save, deckel, in_section, order, half_losers)
    while loser < 0:
        # ---------------------------------------------------------------- a round begins
        if save.shape[0] > 0:  # what a game that stops in this round goes on from
            save[0] = 1
            save[1] = np.int64(rng[0] >> np.uint64(32))
            save[2] = np.int64(rng[0] & np.uint64(0xFFFFFFFF))
            save[3], save[4], save[5], save[6] = in_count, order_len, off_best, off_second
            save[7], save[8], save[9], save[10], save[11] = off_owed, halves, section, total, middle
            save[12], save[13], save[14], save[15] = playing, kind, anchor, opening_value
            save[16], save[17], save[18], save[19] = section_rounds, rounds, turns, paid
            save[20], save[21], save[22], save[23] = (
                schock_aus_rounds,
                opener_lost,
                n_steps,
                n_sections,
            )
            _save_arrays(save, deckel, in_section, order, half_losers)
        rounds += 1
        blind = False  # the round was opened blind: one throw each, every cup covered
        one_throw_round = kind in (OPENING_THROW, STECHEN, OPENING_DIE, THROW_OFF)
        cover_all = cover_mode == 3 and not one_throw_round
        if one_throw_round:
            limit = 1
            lim = 1
            cover_at = 0
        else:
            limit = 0  # not fixed yet
            if kind == NORMAL:
                if section_rounds == 0:  # "Erster Hoch": a limit from the start
                    first = P_FIRST_LIMIT_FINALE if section == FINALE else P_FIRST_LIMIT_HALF
                    limit = params[first]
                elif middle > 0:  # "Anknobeln": a limit from the start while the middle lasts
                    limit = params[P_LIMIT_WHILE_MIDDLE]
                section_rounds += 1
            lim = MAX_THROWS if limit == 0 else limit
            if cover_mode == 0:
                cover_at = 0
            elif cover_mode == 1 and limit > 0:
                cover_at = lim
            else:
                cover_at = MAX_THROWS
        section_loser = -1  # set when the section ends
        schock_aus = False
        next_opener = -1  # set when a round for Deckel follows
        if einwuerfeln and playing and kind == NORMAL and order_len < in_count:
            candidates = 0
            for s in range(n):
                if in_section[s]:
                    found = False
                    for i in range(order_len):
                        if order[i] == s:
                            found = True
                    if not found:
                        seats[candidates] = s
                        candidates += 1
            for c in range(candidates):
                s = seats[c]
                # (a bot that never buys in draws nothing: the dice alone draw for regulars)
                if buy_in[seat_bot[s]] <= 0.0 or _uniform(rng) >= buy_in[seat_bot[s]]:
                    continue
                # Einwürfeln: one Deckel from everyone of the section who holds any (from the
                # middle if nobody does), and a place in the order clockwise from the anchor.
                # At risk: nobody gives.
                any_giver = False
                for g in range(n):
                    giver[g] = in_section[g] and deckel[g] > 0 and not at_risk
                    any_giver = any_giver or giver[g]
                for g in range(n):
                    if giver[g]:
                        deckel[g] -= 1
                        deckel[s] += 1
                if not any_giver and middle > 0 and not at_risk:
                    middle -= 1
                    deckel[s] += 1
                order[order_len] = s
                order_len += 1
                i = order_len - 1
                while i > 0 and (order[i - 1] - anchor) % n > (s - anchor) % n:
                    order[i] = order[i - 1]
                    i -= 1
                order[i] = s
                if recording and n_steps < capacity:
                    steps[n_steps, S_SEAT] = s
                    steps[n_steps, S_CODE] = BUY_IN
                    steps[n_steps, S_PIPS] = 0
                n_steps += 1
                if deckel[s] == total:
                    # He took the last Deckel of every holder: he has lost the half at once,
                    # and the round is not played (schocken.round.holds_every_deckel).
                    section_loser = s
                    break
        if section_loser < 0:  # the round is played (unless a buyer took every Deckel)
            # ---------------------------------------------------------------- the turns
            lowest = NO_KEY  # the lowest key of the results shown so far
            worst_c = best_c = -1  # the codes of the worst and best results shown so far
            ncov = 0
            first_state = first_throws = 0
            first_covered = False
            for pos in range(order_len):
                seat = order[pos]
                if kind == OPENING_DIE:  # one die each: its pips are its rank, worth nothing
                    pip = _below(rng, np.int64(6)) + 1
                    if recording and n_steps < capacity:
                        steps[n_steps, S_SEAT] = seat
                        steps[n_steps, S_CODE] = 0
                        steps[n_steps, S_PIPS] = 1
                        steps[n_steps, S_PIPS + 1] = pip
                    n_steps += 1
                    r_seat[pos] = seat
                    r_key[pos] = pip * PLACES - pos
                    r_rank[pos] = pip
                    r_deckel[pos] = 0
                    turns += 1
                    continue
                bot = seat_bot[seat]
                state = 0
                throws = 0
                covered = False
                while True:
                    if throws == 0:
                        code = 0  # a turn's first throw keeps nothing (the random bot: or blind)
                        opens = may_blind and pos == 0 and limit == 0 and kind == NORMAL
                        if opens and bot == BOT_RANDOM and _below(rng, np.int64(2)) == 1:
                            code = BLIND
                    else:
                        count = legal[state, 0]
                        if count == 1:
                            code = legal[state, 1]
                        elif bot == BOT_RANDOM:
                            if sixes_first and throws > 1 and legal[state, count - 1] == TURN_SIXES:
                                # turning (the last but one) is not offered: stopping takes
                                # its place
                                code = legal[state, 1 + _below(rng, count - 1)]
                                code = STOP if code == TURN_SIXES else code
                            else:
                                code = legal[state, 1 + _below(rng, count)]
                        elif bot != BOT_REGULAR and kind == NORMAL:
                            code = strong_choice(
                                bot, section == FINALE, n, order, order_len, pos, state, throws,
                                limit, middle, deckel, worst_c, best_c, cov, ncov, first_state,
                                first_throws, first_covered, memo_keys, memo_vals, ends,
                                memo_arrays, memo_key, miss,
                            )  # fmt: skip
                            if code < 0:
                                out[O_MISS] = 1
                                return
                        else:
                            if pos == 0 and limit == 0:
                                cat = CAT_OPENER
                            elif lowest == NO_KEY:
                                cat = CAT_ONLY_COVERED
                            elif results[state, throws, R_CODE] * PLACES - pos < lowest:
                                cat = CAT_WORST
                            else:
                                cat = CAT_NOT_WORST
                            code = regular[state, throws, cat]
                    if code < TURN_SIXES or code == BLIND:
                        if code == BLIND:
                            blind = True
                            lim = 1
                        dice = thrown[0 if blind else code]
                        index = _below(rng, 6**dice)
                        state = after[0 if blind else code, index]
                        throws += 1
                        covered = throws == cover_at or cover_all or blind
                        if recording and n_steps < capacity:
                            steps[n_steps, S_SEAT] = seat
                            steps[n_steps, S_CODE] = code
                            steps[n_steps, S_PIPS] = dice
                            for d in range(dice):  # dice.TABLES order: the first die counts most
                                steps[n_steps, S_PIPS + dice - d] = index % 6 + 1
                                index //= 6
                        n_steps += 1
                        if throws >= lim:
                            break
                    else:
                        if recording and n_steps < capacity:
                            steps[n_steps, S_SEAT] = seat
                            steps[n_steps, S_CODE] = code
                            steps[n_steps, S_PIPS] = 0
                        n_steps += 1
                        if code == STOP:
                            break
                        state = sixes[state]
                # The turn ends.
                key = results[state, throws, R_CODE] * PLACES - pos
                r_seat[pos] = seat
                r_key[pos] = key
                r_rank[pos] = results[state, throws, R_RANK]
                r_deckel[pos] = results[state, throws, R_DECKEL]
                r_code[pos] = results[state, throws, R_CODE]
                r_adds[pos] = results[state, throws, R_ADDS]
                if not covered and key < lowest:
                    lowest = key
                code = r_code[pos]
                if covered:
                    cov[ncov] = aside_of[state] * 4 + throws
                    ncov += 1
                else:
                    worst_c = code if worst_c < 0 else min(worst_c, code)
                    best_c = max(best_c, code)
                if pos == 0:
                    first_state = state
                    first_throws = throws
                    first_covered = covered
                turns += 1
                if pos == 0 and limit == 0:
                    limit = throws
                    lim = throws
                    if cover_mode == 0:
                        cover_at = 0
                    elif cover_mode == 2:
                        cover_at = MAX_THROWS
                    else:
                        cover_at = lim
                    if params[P_OPEN_ROUND] != 0 and throws == 1 and not covered:
                        cover_at = 0  # "offen spielen": the opener left his first throw open
            # ---------------------------------------------------------------- the round ends
            b = 0
            w = 0
            for i in range(1, order_len):
                if r_key[i] > r_key[b]:
                    b = i
                if r_key[i] < r_key[w]:
                    w = i
            best = r_seat[b]
            worst = r_seat[w]
            if kind == OPENING_DIE:  # those tied for the highest (high_die) or lowest die again
                high = params[P_OPENING_DIE] == 1
                target = r_rank[b] if high else r_rank[w]
                tied = 0
                for i in range(order_len):
                    if r_rank[i] == target:
                        seats[tied] = r_seat[i]
                        tied += 1
                if tied > 1:
                    for i in range(tied):
                        order[i] = seats[i]
                    order_len = tied
                else:
                    playing = True
                    next_opener = best if high else worst
            elif kind == OPENING_ROUND:
                playing = True
                next_opener = best
            else:
                owed = r_deckel[b]
                if kind == NORMAL and deckel_sum and owed >= 0:  # every special result's worth
                    owed = 0
                    for i in range(order_len):
                        owed += r_adds[i]
                    owed = max(owed, 1)
                if blind and params[P_BLIND_DOUBLE] != 0 and owed >= 0:
                    owed *= 2
                if kind == NORMAL and worths.shape[0] > 0:
                    worths[order_len, min(max(owed + 1, 0), worths.shape[1] - 1)] += 1
                pay = True
                if kind == NORMAL and worst_tie != 0:  # a tie for the worst: throw-off or no Deckel
                    tied = 0
                    for i in range(order_len):
                        if r_code[i] == r_code[w]:
                            seats[tied] = r_seat[i]
                            tied += 1
                    if tied > 1 and worst_tie == 2:  # nobody takes Deckel; the same opener again
                        pay = False
                        next_opener = anchor
                    elif tied > 1:
                        holders_only = at_risk and middle == 0
                        off_best = _giver(holders_only, r_seat, r_key, order_len, deckel, -1)
                        off_second = _giver(
                            holders_only, r_seat, r_key, order_len, deckel, off_best
                        )
                        off_owed = owed
                        for i in range(tied):
                            order[i] = seats[i]
                        order_len = tied
                        kind = THROW_OFF
                        pay = False
                elif kind == THROW_OFF:
                    tied = 0
                    for i in range(order_len):
                        if r_rank[i] == r_rank[w]:
                            seats[tied] = r_seat[i]
                            tied += 1
                    if tied > 1:  # throw off again, in the order they threw
                        for i in range(tied):
                            order[i] = seats[i]
                        order_len = tied
                        pay = False
                    else:
                        owed = off_owed
                        best = off_second if worst == off_best else off_best
                elif kind != NORMAL:
                    if kind == OPENING_THROW:
                        opening_value = owed
                    tied = 0
                    for i in range(order_len):
                        if r_rank[i] == r_rank[w]:
                            seats[tied] = r_seat[i]
                            tied += 1
                    if tied > 1:  # Stechen: the tied throw again, in the order they threw
                        for i in range(tied):
                            order[i] = seats[i]
                        order_len = tied
                        kind = STECHEN
                        pay = False
                    else:
                        playing = True
                        owed = opening_value
                        if params[P_WORST_OPENS] != 0:  # the lowest opens, for no Deckel
                            pay = False
                            next_opener = worst
                if pay and kind in (NORMAL, THROW_OFF):
                    paid += 1
                    schock_aus_rounds += owed < 0
                    opener_lost += worst == anchor
                if pay:
                    if owed < 0:  # Schock-Aus: the loser takes every Deckel of the section
                        deckel[worst] += middle
                        middle = 0
                        for s in range(n):
                            if s != worst:
                                deckel[worst] += deckel[s]
                                deckel[s] = 0
                        section_loser = worst
                        schock_aus = True
                    else:
                        if middle > 0:  # always so after the opening throw (the middle is full)
                            amount = min(owed, middle)
                            middle -= amount
                        else:
                            if kind == NORMAL:
                                best = _giver(at_risk, r_seat, r_key, order_len, deckel, worst)
                            amount = min(owed, deckel[best])
                            deckel[best] -= amount
                        deckel[worst] += amount
                        if deckel[worst] == total:  # only the round's loser can hold them all
                            section_loser = worst
                        else:
                            mode = params[P_LATER_OPENER]
                            next_opener = _next_opener(mode, worst, n, middle, deckel)
        if section_loser >= 0:
            # ------------------------------------------------------------ the section ends
            if recording and n_sections < sections.shape[0]:
                sections[n_sections, E_SECTION] = section
                sections[n_sections, E_LOSER] = section_loser
                sections[n_sections, E_SCHOCK_AUS] = schock_aus
                for s in range(n):
                    sections[n_sections, E_DECKEL + s] = deckel[s]
            n_sections += 1
            opener = -1
            if section != FINALE:
                half_losers[halves] = section_loser
                halves += 1
            ends_game = schock_aus and params[P_SCHOCK_AUS_ENDS_GAME] != 0
            if section == FIRST_HALF and params[P_FINALE] != 0 and not ends_game:
                section = SECOND_HALF
                total = deckel_half
                for s in range(n):
                    in_section[s] = True
                in_count = n
                opener = section_loser
            elif section == FINALE or ends_game or _lost_two(half_losers, halves):
                loser = section_loser
                blattschuss = halves == 2 and half_losers[0] == half_losers[1]
            elif section != FIRST_HALF and params[P_MORE_HALVES] != 0:
                section = EXTRA_HALF
                total = deckel_half
                for s in range(n):
                    in_section[s] = True
                in_count = n
                opener = section_loser
            elif section == SECOND_HALF:
                section = FINALE
                total = params[P_DECKEL_FINALE]
                for s in range(n):
                    in_section[s] = s == half_losers[0] or s == half_losers[1]
                in_count = 2
                first_opens = params[P_FINALE_FIRST_HALF_LOSER] != 0
                opener = half_losers[0] if first_opens else half_losers[1]
            else:  # the first half was the game (no Finale)
                loser = section_loser
            if opener >= 0:
                for s in range(n):
                    deckel[s] = 0
                middle = total
                section_rounds = 0
                next_opener = opener
        if next_opener >= 0:
            kind = NORMAL
            anchor = next_opener
            order_len = _clockwise_from(next_opener, n, middle, deckel, in_section, order)
    out[O_LOSER] = loser
    out[O_BLATTSCHUSS] = blattschuss
    out[O_ROUNDS] = rounds
    out[O_TURNS] = turns
    out[O_SECTIONS] = n_sections
    out[O_STEPS] = n_steps
    out[O_PAID] = paid
    out[O_SCHOCK_AUS] = schock_aus_rounds
    out[O_OPENER_LOST] = opener_lost
    for h in range(MAX_HALVES):
        out[O_HALF_LOSER + h] = half_losers[h]
