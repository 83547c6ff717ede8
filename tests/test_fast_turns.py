"""The compiled turn (``schocken.fast.turns``) against the reference bots, value by value.

In random situations of a round (limit, worst and best result shown, players after, covered
cups, middle and Deckel) of every preset and a spread of variants, every legal action's value in
sampled turn states must be the very float the reference bots compute: the solver bot's
(P(lose), E[Deckel]) without and with the Deckel (``_TurnSolution.action_values``) and the half
bot's ends of the round (``Outcomes.action_ends``). ``tests/test_fast_strong.py`` compares the
decisions of whole games.
"""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken.actions import KEEPS
from schocken.bots.half_bot import _outcomes
from schocken.bots.solver_bot import _Context, _solution, best_choice, deckel_decides
from schocken.fast import later, turns
from schocken.fast.solved import Context, Solved
from schocken.fast.strong import memo
from schocken.fast.tables import rule_tables
from schocken.rules import MAX_THROWS, find_preset
from test_fast_strong import CASES


@pytest.mark.parametrize(("preset", "overrides"), CASES)
def test_compiled_values_are_the_reference_values(
    preset: str, overrides: dict[str, object]
) -> None:
    rules = find_preset(preset).with_overrides(overrides)
    tables = rule_tables(rules)
    solved = Solved(tables)
    turn = memo(rules).turn
    codes = solved.data.codes
    rng = random.Random(preset + str(overrides))
    compared = 0
    for _ in range(8):
        limit, after = rng.randrange(4), rng.randrange(4)
        worst = rng.choice([-1, rng.randrange(len(codes))])
        best = -1 if worst < 0 else rng.randrange(worst, len(codes))
        cups = tuple(
            (KEEPS[rng.randrange(28)], rng.randrange(1, 4)) for _ in range(rng.randrange(3))
        )
        middle, own = rng.choice([0, 2]), rng.randrange(1, rules.deckel_per_half)
        ctx = Context(limit, worst, after, cups)
        plain = _Context(limit, None if worst < 0 else codes[worst], cups, after, False)
        full = plain._replace(
            full=True,
            best_shown=None if best < 0 else codes[best],
            middle=middle,
            deckel=own,
            total=rules.deckel_per_half,
        )
        mine = [
            solved.solution(ctx),
            solved.solution(ctx, best, middle, own, rules.deckel_per_half, full=True),
        ]
        ends = solved.ends(ctx, best)
        outcomes = _outcomes(solved.data, plain, None if best < 0 else codes[best])
        for s in rng.sample(range(1, len(tables.states)), 12):
            for throws in range(1, (limit or MAX_THROWS)):
                if not solved.reach[s, throws]:
                    continue  # never after that many throws: not solved
                state = turn(s * 4 + throws)
                legal = state.actions(rules, MAX_THROWS)
                for sol, ref in zip(mine, (plain, full), strict=True):
                    reference = _solution(solved.data, ref).action_values(state, legal)
                    assert solved.values(sol, s, throws) == reference, (ctx, s, throws)
                reference_ends = [list(outcomes.action_ends(state, a)) for a in legal]
                assert solved.action_ends(ends, s, throws).tolist() == reference_ends
                compared += 1
    assert compared > 20


@pytest.mark.parametrize(("preset", "overrides"), CASES)
def test_compiled_later_players_are_the_reference_distributions(
    preset: str, overrides: dict[str, object]
) -> None:
    """A later player's distribution (``schocken.fast.later``; the reference's where the cups are
    too many for 64 bits) is, float for float, ``_RulesData.later``'s."""
    rules = find_preset(preset).with_overrides(overrides)
    solved = Solved(rule_tables(rules))
    data = solved.data
    rng = random.Random(preset + str(overrides) + "later")
    for count in (0, 1, 2, 3, 4, 6):
        limit = rng.randrange(1, 4)
        worst = rng.choice([None, rng.choice(data.codes)])
        cups = tuple(sorted((KEEPS[rng.randrange(28)], rng.randrange(1, 4)) for _ in range(count)))
        row = solved._row(limit, worst, cups)
        reference = data.later(limit, worst, cups)
        assert solved.pool_gt[row].tolist() == [reference.gt[c] for c in data.codes]
        assert solved.pool_cdf[row].tolist() == reference.cdf
    assert not later.fits((((), 3),) * 5)
    # many at once, as a turn that covers asks for them (each cup aside beside the others), in
    # one compiled call, and one with too many cups for it among them
    limit, base = 2, (((), 2), ((6,), 1))
    wanted = [
        (rng.choice([None, rng.choice(data.codes)]), tuple(sorted((*base, (keep, 1)))))
        for keep in KEEPS
    ]
    wanted.append((None, (((), 3),) * 5))
    for row, (worst, cups) in zip(solved._rows_of(limit, wanted), wanted, strict=True):
        reference = data.later(limit, worst, cups)
        assert solved.pool_gt[row].tolist() == [reference.gt[c] for c in data.codes]
        assert solved.pool_cdf[row].tolist() == reference.cdf
    # one row or many: the same compiled version (each one more is loaded in every process)
    assert len(cast(Any, later.later_rows_many).signatures) == 1


@pytest.mark.parametrize(("preset", "overrides"), CASES[:6])
def test_compiled_choices_are_the_reference_bots_choices(
    preset: str, overrides: dict[str, object]
) -> None:
    """``solver_choices`` takes the action ``best_choice`` takes on the same values, and flags
    where ``deckel_decides`` says the Deckel decide (with Deckel in the middle, or only without)."""
    rules = find_preset(preset).with_overrides(overrides)
    tables = rule_tables(rules)
    solved = Solved(tables)
    turn = memo(rules).turn
    codes = solved.data.codes
    rng = random.Random("choices" + preset + str(overrides))
    flagged = compared = 0
    for _ in range(8):
        limit, after = rng.randrange(4), rng.randrange(4)
        worst = rng.choice([-1, rng.randrange(len(codes))])
        cups = tuple(
            (KEEPS[rng.randrange(28)], rng.randrange(1, 4)) for _ in range(rng.randrange(3))
        )
        ctx = Context(limit, worst, after, cups)
        words = np.array(
            [
                s * 4 + t
                for s in range(1, len(tables.states))
                for t in range(1, limit or MAX_THROWS)
                if solved.reach[s, t] and solved.opts[s, t, 0] > 0
            ],
            np.int64,
        )
        for full in (False, True):
            sol = (
                solved.solution(ctx, -1, rng.choice([0, 2]), 1, rules.deckel_per_half, full=True)
                if full
                else solved.solution(ctx)
            )
            chosen = np.zeros(len(words), np.int64)
            turns.solver_choices(
                solved.opts, solved.sixes, words, sol.val, sol.thr, sol.term, not full, chosen
            )
            for word, code in zip(words.tolist(), chosen.tolist(), strict=True):
                values = solved.values(sol, word >> 2, word & 3)
                legal = turn(word).actions(rules, MAX_THROWS)
                flag = 0
                if not full:
                    flag = 2 if deckel_decides(values, 1) else 1 if deckel_decides(values, 0) else 0
                assert code == legal[best_choice(values)].code | flag << 8, (ctx, word)
                flagged += flag > 0
                compared += 1
    assert compared > 1000 and flagged > 0
