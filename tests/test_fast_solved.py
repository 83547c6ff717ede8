"""The options that leave a round for Deckel as it is (``schocken.fast.solved.HALF_OPTIONS``):
rule sets that differ only in them have their rounds solved alike, float for float, so the
batch simulator's memos share the half bot's ends of a round (``schocken.fast.round_ends``)."""

from __future__ import annotations

import dataclasses
import random
from enum import Enum
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken.actions import KEEPS
from schocken.errors import RulesError
from schocken.fast.solved import HALF_OPTIONS, Context, Solved, round_rules
from schocken.fast.tables import rule_tables
from schocken.rules import PRESETS, Rules, find_preset

ARRAYS = (
    "opts", "sixes", "kchild", "kq", "krolls", "order", "reach", "code", "worth", "aside",
    "covers", "turned_at", "of_code", "runs",
)  # fmt: skip


def _other_values(rules: Rules, name: str) -> list[Any]:
    """Every other value of option ``name`` (a count: one less and one more)."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [v for v in type(value) if v is not value]
    if isinstance(value, int):
        return [value - 1, value + 1]
    return ["custom"]  # the preset's name


def _variants(rules: Rules) -> list[tuple[str, Rules]]:
    """``rules`` with each option of ``HALF_OPTIONS`` set to each other value it may take."""
    found = []
    for name in HALF_OPTIONS:
        for value in _other_values(rules, name):
            try:
                found.append((f"{name}={value}", dataclasses.replace(rules, **{name: value})))
            except RulesError:
                continue  # not a value these rules may take
    return found


def _contexts(solved: Solved, seed: str) -> list[tuple[Context, int]]:
    """Situations of a round (and a best result shown) drawn at random."""
    rng = random.Random(seed)
    codes = len(solved.data.codes)
    found = []
    for _ in range(4):
        worst = rng.choice([-1, rng.randrange(codes)])
        best = -1 if worst < 0 else rng.randrange(worst, codes)
        covered = rng.randrange(3)
        cups = tuple((KEEPS[rng.randrange(28)], rng.randrange(1, 4)) for _ in range(covered))
        found.append((Context(rng.randrange(4), worst, rng.randrange(4), cups), best))
    return found


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_half_options_leave_a_round_solved_as_it_is(preset: str) -> None:
    """Each option of ``HALF_OPTIONS`` at each other value: the compiled turn's tables, the
    solutions and the half bot's ends of situations drawn at random are the very same floats,
    and ``round_rules`` is the same; an option of the round (the Jule) makes it another."""
    rules = find_preset(preset)
    solved = Solved(rule_tables(rules))
    contexts = _contexts(solved, preset)
    expected = [(solved.solution(ctx).val, solved.ends(ctx, best)) for ctx, best in contexts]
    variants = _variants(rules)
    rng = random.Random(preset)
    states = [(rng.randrange(1, len(solved.opts)), t) for t in (1, 2) for _ in range(60)]
    assert len(variants) >= len(HALF_OPTIONS)
    for label, other in variants:
        assert round_rules(other) == round_rules(rules), label
        theirs = Solved(rule_tables(other))
        for name in ARRAYS:
            assert np.array_equal(getattr(theirs, name), getattr(solved, name)), (label, name)
        for (ctx, best), (val, ends) in zip(contexts, expected, strict=True):
            assert np.array_equal(theirs.solution(ctx).val, val), (label, ctx)
            mine = theirs.ends(ctx, best)
            for s, t in states:  # each action's ends, as a decision reads them
                if solved.reach[s, t] and (ctx.limit == 0 or t < ctx.limit):
                    a, b = theirs.action_ends(mine, s, t), solved.action_ends(ends, s, t)
                    assert np.array_equal(a, b), (label, ctx, s, t)
    assert round_rules(rules.with_overrides({"jule": not rules.jule})) != round_rules(rules)
