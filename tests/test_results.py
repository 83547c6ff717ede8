"""Tests of schocken.results: every result of three dice under every preset, against an oracle.

The oracle below is written from ``shared/RULES.md`` alone: for each preset it lists the results
as tiers, best first (one tier = results that are equal), with the kind and Deckel value of each
tier. It does not read the preset's options; the few facts it needs per preset are copied from
the "Where they differ" table by hand.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schocken.results import (
    MAX_PLACES,
    ROLLS3,
    Dice,
    Result,
    ResultKind,
    ResultTable,
    Tie,
    TieRule,
    all_rolls,
    best_and_worst,
    result_table,
    roll_probabilities,
    tie_decided,
    worst_tied,
)
from schocken.rules import PRESETS, Rules, find_preset

PRESET_NAMES = ("tsv99", "schock4life", "knobelrunde", "allgemein")

# --- Facts copied by hand from RULES.md, "Where they differ" -------------------------------------

ONE_THROW_ONLY = {"knobelrunde", "allgemein"}
"""Straße and General count only when thrown in one throw (both rows say the same)."""
GENERAL_OVER_SCHOCK_2 = {"knobelrunde"}
"""General beats Schock 2."""
HAND_AUS_BETTER = {"schock4life", "knobelrunde"}
"""A Schock-Aus thrown in one throw beats an assembled one."""
MORE_THROWS_WORSE = {"schock4life", "allgemein"}
"""Equal results: more throws is worse, then the later thrower; elsewhere only the later one."""

Entry = tuple[Dice, bool]
"""(dice sorted high to low, thrown in one throw)."""
Tier = tuple[ResultKind, int | None, frozenset[Entry]]


def _multisets() -> list[Dice]:
    """The 56 multisets of three dice, found by brute force, best-looking first."""
    found = {tuple(sorted(p, reverse=True)) for p in itertools.product(range(1, 7), repeat=3)}
    return sorted(found, reverse=True)


ALL_DICE = _multisets()
ALL_ENTRIES: list[Entry] = [(d, ot) for d in ALL_DICE for ot in (True, False)]


def _both(dice: Dice) -> frozenset[Entry]:
    return frozenset({(dice, True), (dice, False)})


@dataclass(frozen=True)
class Flags:
    """The facts the oracle needs about a rule set."""

    strasse_one_throw: bool
    general_one_throw: bool
    general_over_schock_2: bool
    hand_aus_better: bool
    general: bool = True
    """Three equal dice (not 1s) are a General (else a plain number)."""
    jule: int = 0
    """4-2-1 is a Jule worth this many Deckel (0: no Jule, a plain number)."""
    jule_by_worth: bool = False
    """The Jule ranks among the Schocks by its worth (else right below Schock-Aus)."""
    jule_one_throw: bool = False
    """The Jule counts only when thrown in one throw."""
    strassen_outer: bool = False
    """Only 1-2-3 and 4-5-6 are Straßen (REGIONAL.md row 31, sr-en)."""
    strassen_equal: bool = False
    """Every Straße is as good as any other (REGIONAL.md row 31, shaw)."""
    nutte: int = 0
    """2-2-1 is a Nutte worth this many Deckel (0: no Nutte, the plain number 221)."""
    nutte_by_worth: bool = False
    """The Nutte ranks by its worth (else right below Schock-Aus, above a Jule)."""
    nutte_one_throw: bool = False
    """The Nutte counts only when thrown in one throw."""
    achter: int = 0
    """3-3-1 is an Achter worth this many Deckel, ranked by its worth (0: the plain number 331)."""


def preset_flags(preset: str) -> Flags:
    """The oracle's facts for a preset, from the hand-copied sets above (not from the engine)."""
    return Flags(
        strasse_one_throw=preset in ONE_THROW_ONLY,
        general_one_throw=preset in ONE_THROW_ONLY,
        general_over_schock_2=preset in GENERAL_OVER_SCHOCK_2,
        hand_aus_better=preset in HAND_AUS_BETTER,
    )


def oracle(preset: str) -> list[Tier]:
    """The results of ``preset``, as tiers of equal results, best first."""
    return oracle_for(preset_flags(preset))


def oracle_for(flags: Flags) -> list[Tier]:
    """The results under these facts, as tiers of equal results, best first."""
    general_ways = (True,) if flags.general_one_throw else (True, False)
    strasse_ways = (True,) if flags.strasse_one_throw else (True, False)
    tiers: list[Tier] = []

    # Schock-Aus (1-1-1), worth the whole half.
    if flags.hand_aus_better:
        tiers.append((ResultKind.SCHOCK_AUS, None, frozenset({((1, 1, 1), True)})))
        tiers.append((ResultKind.SCHOCK_AUS, None, frozenset({((1, 1, 1), False)})))
    else:
        tiers.append((ResultKind.SCHOCK_AUS, None, _both((1, 1, 1))))

    # Schock 6 ... Schock 2 (1-1-x, may always be assembled), worth x.
    schocks: list[Tier] = [(ResultKind.SCHOCK, x, _both((x, 1, 1))) for x in (6, 5, 4, 3, 2)]
    # General 6-6-6 ... 2-2-2, worth 3.
    generals: list[Tier] = [
        (ResultKind.GENERAL, 3, frozenset({((x, x, x), w) for w in general_ways}))
        for x in (6, 5, 4, 3, 2)
    ]
    if not flags.general:
        generals = []
    if flags.general_over_schock_2:
        middle = schocks[:4] + generals + schocks[4:]
    else:
        middle = schocks + generals
    if flags.jule:
        # REGIONAL.md row 33: right below Schock-Aus, or by its worth among the Schocks: below
        # every Schock worth as much or more, above the rest (worth 1 or 2: right below Schock 2).
        ways = (True,) if flags.jule_one_throw else (True, False)
        jule: Tier = (ResultKind.JULE, flags.jule, frozenset({((4, 2, 1), w) for w in ways}))
        if not flags.jule_by_worth or flags.jule >= 7:
            middle.insert(0, jule)
        else:
            below = next(
                i
                for i, (kind, worth, _) in enumerate(middle)
                if kind is ResultKind.SCHOCK and worth == max(2, flags.jule)
            )
            middle.insert(below + 1, jule)
    if flags.nutte:
        # REGIONAL.md row 34: right below Schock-Aus (above a Jule, tsw), or by its worth
        # (shaw): worth 7 or more right above Schock 6 (the oracle is asked this only with no
        # Jule ranked by its worth), else below every Schock worth as much or more.
        ways = (True,) if flags.nutte_one_throw else (True, False)
        nutte: Tier = (ResultKind.NUTTE, flags.nutte, frozenset({((2, 2, 1), w) for w in ways}))
        schock_at = {
            worth: i for i, (kind, worth, _) in enumerate(middle) if kind is ResultKind.SCHOCK
        }
        if not flags.nutte_by_worth:
            middle.insert(0, nutte)
        elif flags.nutte >= 7:
            middle.insert(schock_at[6], nutte)
        else:
            middle.insert(schock_at[max(2, flags.nutte)] + 1, nutte)
    if flags.achter:
        # REGIONAL.md row 35 (shaw): by its worth, as a Nutte by worth (the oracle is asked this
        # only with no other special ranked by its worth); below every special ranked top.
        achter: Tier = (ResultKind.ACHTER, flags.achter, _both((3, 3, 1)))
        schock_at = {
            worth: i for i, (kind, worth, _) in enumerate(middle) if kind is ResultKind.SCHOCK
        }
        if flags.achter >= 7:
            middle.insert(schock_at[6], achter)
        else:
            middle.insert(schock_at[max(2, flags.achter)] + 1, achter)
    tiers += middle

    # Straße 4-5-6 > 3-4-5 > 2-3-4 > 1-2-3, worth 2.
    # Row 31: only the outer two may count; all may be equal.
    straights: list[Dice] = [(6, 5, 4), (5, 4, 3), (4, 3, 2), (3, 2, 1)]
    if flags.strassen_outer:
        straights = [(6, 5, 4), (3, 2, 1)]
    if flags.strassen_equal:
        every = frozenset({(s, w) for s in straights for w in strasse_ways})
        tiers.append((ResultKind.STRASSE, 2, every))
    else:
        tiers += [
            (ResultKind.STRASSE, 2, frozenset({(s, w) for w in strasse_ways})) for s in straights
        ]

    # Everything else is a plain number, read high to low, worth 1; the way it was thrown does
    # not matter.
    taken = {e for _, _, members in tiers for e in members}
    plain_dice = sorted({d for d, w in ALL_ENTRIES if (d, w) not in taken}, reverse=True)
    for d in plain_dice:
        members = frozenset(e for e in ((d, True), (d, False)) if e not in taken)
        tiers.append((ResultKind.PLAIN, 1, members))
    return tiers


def oracle_position(preset: str) -> dict[Entry, int]:
    """Entry -> index of its tier (0 is the best)."""
    return {e: i for i, (_, _, members) in enumerate(oracle(preset)) for e in members}


def oracle_kind_deckel(preset: str) -> dict[Entry, tuple[ResultKind, int | None]]:
    return {e: (kind, deckel) for kind, deckel, members in oracle(preset) for e in members}


def table_of(preset: str) -> ResultTable:
    return result_table(find_preset(preset))


# --- The oracle itself is sane --------------------------------------------------------------------


def test_presets_are_the_four_of_rules_md() -> None:
    assert set(PRESETS) == set(PRESET_NAMES)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_oracle_covers_every_entry_once(preset: str) -> None:
    tiers = oracle(preset)
    members = [e for _, _, m in tiers for e in m]
    assert len(members) == len(set(members)) == 112
    assert set(members) == set(ALL_ENTRIES)


def test_rolls3_is_the_56_multisets_highest_first() -> None:
    assert len(ROLLS3) == 56
    assert list(ROLLS3) == ALL_DICE
    for dice in ROLLS3:
        assert list(dice) == sorted(dice, reverse=True)


# --- Kind and Deckel of all 112 entries, every preset ---------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("one_throw", [True, False])
@pytest.mark.parametrize("dice", ALL_DICE, ids=lambda d: "".join(map(str, d)))
def test_kind_and_deckel(preset: str, dice: Dice, one_throw: bool) -> None:
    expected_kind, expected_deckel = oracle_kind_deckel(preset)[dice, one_throw]
    table = table_of(preset)
    for throws in (1, 2, 3):
        r = table.result(dice, one_throw=one_throw, throws=throws)
        assert r.kind is expected_kind
        assert r.deckel == expected_deckel
        assert r.dice == dice
        assert r.one_throw is one_throw
        assert r.throws == throws
        assert r.is_schock_aus is (expected_kind is ResultKind.SCHOCK_AUS)
        assert r.is_hand_aus is (expected_kind is ResultKind.SCHOCK_AUS and one_throw)


# --- Ordering: the total order of all 112 entries agrees with the oracle --------------------------


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _order_mismatches(table: ResultTable, tiers: list[Tier]) -> list[str]:
    """Pairs of entries that the engine's rank orders otherwise than the oracle's tiers."""
    pos = {e: i for i, (_, _, members) in enumerate(tiers) for e in members}
    mismatches: list[str] = []
    for x, y in itertools.product(ALL_ENTRIES, repeat=2):
        rx = table.result(x[0], one_throw=x[1], throws=1).rank
        ry = table.result(y[0], one_throw=y[1], throws=1).rank
        engine = _sign(rx - ry)  # +1: x better
        expected = _sign(pos[y] - pos[x])  # +1: x better (smaller tier index)
        if engine != expected:
            mismatches.append(f"{x} vs {y}: engine {engine:+d}, oracle {expected:+d}")
    return mismatches


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_rank_order_matches_oracle_pairwise(preset: str) -> None:
    mismatches = _order_mismatches(table_of(preset), oracle(preset))
    assert mismatches == [], f"{len(mismatches)} mismatches, first: {mismatches[:5]}"


@pytest.mark.parametrize(
    "flags",
    [Flags(*bits) for bits in itertools.product((False, True), repeat=4)],
    ids=lambda f: "-".join(str(int(b)) for b in dataclasses.astuple(f)[:4]),
)
def test_every_combination_of_result_options(flags: Flags) -> None:
    """Each result option acts on its own, also in combinations no preset uses."""
    rules = Rules().with_overrides(
        {
            "strasse_one_throw": flags.strasse_one_throw,
            "general_one_throw": flags.general_one_throw,
            "general_beats_schock_2": flags.general_over_schock_2,
            "hand_aus_beats": flags.hand_aus_better,
        }
    )
    table = result_table(rules)
    tiers = oracle_for(flags)
    mismatches = _order_mismatches(table, tiers)
    assert mismatches == [], f"{len(mismatches)} mismatches, first: {mismatches[:5]}"
    for kind, deckel, members in tiers:
        for dice, one_throw in members:
            r = table.result(dice, one_throw=one_throw, throws=2)
            assert (r.kind, r.deckel) == (kind, deckel), (dice, one_throw)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_rank_does_not_depend_on_throws(preset: str) -> None:
    table = table_of(preset)
    for dice, one_throw in ALL_ENTRIES:
        ranks = {table.result(dice, one_throw=one_throw, throws=t).rank for t in (1, 2, 3)}
        assert len(ranks) == 1


# --- Key rules, spelled out (documentation as much as tests) --------------------------------------


def _rank(preset: str, dice: Dice, one_throw: bool) -> int:
    return table_of(preset).result(dice, one_throw=one_throw, throws=1).rank


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_strasse_and_general_one_throw(preset: str) -> None:
    table = table_of(preset)
    assembled_666 = table.result((6, 6, 6), one_throw=False, throws=2)
    assembled_654 = table.result((6, 5, 4), one_throw=False, throws=2)
    if preset in ONE_THROW_ONLY:
        assert assembled_666.kind is ResultKind.PLAIN
        assert assembled_666.deckel == 1
        assert assembled_666.name == "666"
        assert assembled_654.kind is ResultKind.PLAIN
        assert assembled_654.name == "654"
        # plain 666 still beats plain 665, and plain 654 beats plain 653
        assert _rank(preset, (6, 6, 6), False) > _rank(preset, (6, 6, 5), False)
        assert _rank(preset, (6, 5, 4), False) > _rank(preset, (6, 5, 3), True)
        # ... but loses to any Straße
        assert _rank(preset, (6, 6, 6), False) < _rank(preset, (3, 2, 1), True)
    else:
        assert assembled_666.kind is ResultKind.GENERAL
        assert assembled_666.deckel == 3
        assert assembled_654.kind is ResultKind.STRASSE
        assert assembled_654.deckel == 2
        assert _rank(preset, (6, 6, 6), False) == _rank(preset, (6, 6, 6), True)
    thrown_666 = table.result((6, 6, 6), one_throw=True, throws=1)
    assert thrown_666.kind is ResultKind.GENERAL
    assert thrown_666.deckel == 3


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_general_against_schock_2(preset: str) -> None:
    general_2 = _rank(preset, (2, 2, 2), True)
    general_6 = _rank(preset, (6, 6, 6), True)
    schock_2 = _rank(preset, (2, 1, 1), True)
    schock_3 = _rank(preset, (3, 1, 1), True)
    assert general_6 < schock_3
    if preset in GENERAL_OVER_SCHOCK_2:
        assert general_2 > schock_2
    else:
        assert general_6 < schock_2
    # a General is worth 3 whatever it beats
    assert table_of(preset).result((2, 2, 2), one_throw=True, throws=1).deckel == 3
    assert table_of(preset).result((2, 1, 1), one_throw=True, throws=1).deckel == 2


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_hand_aus_against_assembled_schock_aus(preset: str) -> None:
    hand = _rank(preset, (1, 1, 1), True)
    assembled = _rank(preset, (1, 1, 1), False)
    if preset in HAND_AUS_BETTER:
        assert hand > assembled
    else:
        assert hand == assembled
    assert assembled > _rank(preset, (6, 1, 1), True)


def test_lowest_results() -> None:
    for preset in PRESET_NAMES:
        worst = min(ALL_ENTRIES, key=lambda e: _rank(preset, *e))
        assert worst[0] == (2, 2, 1)


# --- Tie rules via order_key ----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tsv99", "knobelrunde"])
def test_equal_results_later_loses_throws_do_not_matter(preset: str) -> None:
    table = table_of(preset)
    for throws_first, throws_later in itertools.product((1, 2, 3), repeat=2):
        first = table.result((6, 5, 3), one_throw=True, throws=throws_first)
        later = table.result((6, 5, 3), one_throw=False, throws=throws_later)
        assert table.order_key(first, 0) > table.order_key(later, 1)
        assert table.order_key(first, 2) < table.order_key(later, 1)


@pytest.mark.parametrize("preset", ["schock4life", "allgemein"])
def test_equal_results_more_throws_loses_then_later(preset: str) -> None:
    table = table_of(preset)
    one = table.result((4, 1, 1), one_throw=True, throws=1)
    two = table.result((4, 1, 1), one_throw=False, throws=2)
    three = table.result((4, 1, 1), one_throw=True, throws=3)
    # fewer throws wins, wherever it sits in the round
    assert table.order_key(one, 5) > table.order_key(two, 0)
    assert table.order_key(two, 5) > table.order_key(three, 0)
    # as many throws: the later thrower loses
    two_again = table.result((4, 1, 1), one_throw=True, throws=2)
    assert table.order_key(two, 0) > table.order_key(two_again, 1)


def test_schock4life_hand_aus_with_3_throws_beats_assembled_schock_aus_with_2() -> None:
    table = table_of("schock4life")
    hand = table.result((1, 1, 1), one_throw=True, throws=3)
    assembled = table.result((1, 1, 1), one_throw=False, throws=2)
    assert hand.is_hand_aus
    assert not assembled.is_hand_aus
    for hand_pos, assembled_pos in ((0, 1), (1, 0), (4, 0)):
        assert table.order_key(hand, hand_pos) > table.order_key(assembled, assembled_pos)
    best, worst = best_and_worst(table, [assembled, hand])
    assert (best, worst) == (1, 0)


def test_allgemein_schock_aus_with_fewer_throws_beats_hand_aus() -> None:
    # no Hand-Aus rule in allgemein: equal results, more throws is worse
    table = table_of("allgemein")
    hand = table.result((1, 1, 1), one_throw=True, throws=3)
    assembled = table.result((1, 1, 1), one_throw=False, throws=2)
    assert table.order_key(assembled, 1) > table.order_key(hand, 0)


@st.composite
def _turns(draw: st.DrawFn) -> tuple[Entry, int, int]:
    dice = draw(st.sampled_from(ALL_DICE))
    one_throw = draw(st.booleans())
    throws = draw(st.integers(min_value=1, max_value=3))
    position = draw(st.integers(min_value=0, max_value=9))
    return (dice, one_throw), throws, position


@given(
    preset=st.sampled_from(PRESET_NAMES),
    a=_turns(),
    b=_turns(),
)
def test_order_key_matches_oracle_and_tie_rule(
    preset: str, a: tuple[Entry, int, int], b: tuple[Entry, int, int]
) -> None:
    (entry_a, throws_a, pos_a), (entry_b, throws_b, pos_b) = a, b
    if pos_a == pos_b:
        pos_b = pos_a + 1  # two players never share a place in the round
    table = table_of(preset)
    ra = table.result(entry_a[0], one_throw=entry_a[1], throws=throws_a)
    rb = table.result(entry_b[0], one_throw=entry_b[1], throws=throws_b)
    tier = oracle_position(preset)
    if tier[entry_a] != tier[entry_b]:
        a_better = tier[entry_a] < tier[entry_b]
    elif preset in MORE_THROWS_WORSE and throws_a != throws_b:
        a_better = throws_a < throws_b
    else:
        a_better = pos_a < pos_b
    ka, kb = table.order_key(ra, pos_a), table.order_key(rb, pos_b)
    assert ka != kb
    assert (ka > kb) is a_better


@given(
    preset=st.sampled_from(PRESET_NAMES),
    turns=st.lists(
        st.tuples(st.sampled_from(ALL_DICE), st.booleans(), st.integers(1, 3)),
        min_size=2,
        max_size=8,
    ),
)
def test_best_and_worst_agree_with_order_key(
    preset: str, turns: list[tuple[Dice, bool, int]]
) -> None:
    table = table_of(preset)
    results = [table.result(d, one_throw=w, throws=t) for d, w, t in turns]
    best, worst = best_and_worst(table, results)
    keys = [table.order_key(r, i) for i, r in enumerate(results)]
    assert keys[best] == max(keys)
    assert keys[worst] == min(keys)
    assert best != worst


@given(
    preset=st.sampled_from(PRESET_NAMES),
    a=_turns(),
    b=_turns(),
)
def test_order_code_is_the_order_key_without_the_place(
    preset: str, a: tuple[Entry, int, int], b: tuple[Entry, int, int]
) -> None:
    table = table_of(preset)
    ra = table.result(a[0][0], one_throw=a[0][1], throws=a[1])
    rb = table.result(b[0][0], one_throw=b[0][1], throws=b[1])
    # Equal codes tie (the later place is worse); different codes decide wherever they sit.
    if table.order_code(ra) == table.order_code(rb):
        assert table.order_key(ra, 3) > table.order_key(rb, 4)
        assert table.order_key(ra, 4) < table.order_key(rb, 3)
    else:
        better = table.order_code(ra) > table.order_code(rb)
        assert (table.order_key(ra, MAX_PLACES - 1) > table.order_key(rb, 0)) is better


def test_tie_decided_names_the_rule_and_the_other_place() -> None:
    later = table_of("tsv99")
    r = later.result((6, 5, 3), one_throw=False, throws=2)
    better = later.result((6, 6, 2), one_throw=False, throws=1)
    assert tie_decided(later, [better, r, r], 2) == Tie(1, TieRule.LATER)
    assert tie_decided(later, [r, better], 0) is None  # the rank alone decided
    throws = table_of("schock4life")
    two = throws.result((4, 1, 1), one_throw=False, throws=2)
    one = throws.result((4, 1, 1), one_throw=True, throws=1)
    assert tie_decided(throws, [two, one], 0) == Tie(1, TieRule.MORE_THROWS)
    assert tie_decided(throws, [two, two], 1) == Tie(0, TieRule.LATER)


@given(
    preset=st.sampled_from(PRESET_NAMES),
    turns=st.lists(
        st.tuples(st.sampled_from(ALL_DICE), st.booleans(), st.integers(1, 3)),
        min_size=2,
        max_size=8,
    ),
)
def test_tie_decided_agrees_with_the_order(
    preset: str, turns: list[tuple[Dice, bool, int]]
) -> None:
    table = table_of(preset)
    results = [table.result(d, one_throw=w, throws=t) for d, w, t in turns]
    _, worst = best_and_worst(table, results)
    tie = tie_decided(table, results, worst)
    same_rank = [i for i, r in enumerate(results) if i != worst and r.rank == results[worst].rank]
    if tie is None:
        assert not same_rank
        return
    assert tie.other == same_rank[0]
    other, mine = results[tie.other], results[worst]
    if tie.rule is TieRule.MORE_THROWS:
        assert preset in MORE_THROWS_WORSE and other.throws < mine.throws
    else:
        assert tie.other < worst
        if preset in MORE_THROWS_WORSE:
            assert other.throws == mine.throws


# --- Names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "dice", "one_throw", "name"),
    [
        ("tsv99", (1, 1, 1), False, "Schock-Aus"),
        ("schock4life", (1, 1, 1), False, "Schock-Aus"),
        ("knobelrunde", (1, 1, 1), True, "Hand-Aus"),
        ("schock4life", (1, 1, 1), True, "Hand-Aus"),
        ("tsv99", (4, 1, 1), False, "Schock 4"),
        ("allgemein", (4, 1, 1), True, "Schock 4"),
        ("allgemein", (5, 5, 5), True, "General 5"),
        ("tsv99", (5, 5, 5), False, "General 5"),
        ("knobelrunde", (6, 5, 4), True, "Straße 6-5-4"),
        ("tsv99", (6, 5, 4), False, "Straße 6-5-4"),
        ("allgemein", (6, 5, 4), False, "654"),
        ("tsv99", (6, 5, 2), True, "652"),
        ("tsv99", (2, 2, 1), False, "221"),
    ],
)
def test_result_names(preset: str, dice: Dice, one_throw: bool, name: str) -> None:
    r = table_of(preset).result(dice, one_throw=one_throw, throws=2)
    assert r.name == name
    assert str(r) == name


def test_result_is_frozen() -> None:
    r: Result = table_of("tsv99").result((6, 5, 2), one_throw=True, throws=1)
    with pytest.raises(AttributeError):
        r.rank = 0  # type: ignore[misc]


# --- Rolls and their probabilities ----------------------------------------------------------------


def test_all_rolls_sizes() -> None:
    assert [len(all_rolls(n)) for n in (1, 2, 3)] == [6, 21, 56]
    assert all_rolls(1) == ((6,), (5,), (4,), (3,), (2,), (1,))
    assert all_rolls(3) == ROLLS3


def test_roll_probabilities_three_dice() -> None:
    probs = roll_probabilities(3)
    assert len(probs) == 56
    assert set(probs) == set(ALL_DICE)
    assert all(isinstance(p, Fraction) for p in probs.values())
    assert sum(probs.values(), Fraction(0)) == 1
    assert probs[1, 1, 1] == Fraction(1, 216)
    assert probs[6, 5, 4] == Fraction(6, 216)
    assert probs[6, 6, 5] == Fraction(3, 216)


def _brute_force_probabilities(n: int) -> Iterator[tuple[Dice, Fraction]]:
    counts: dict[Dice, int] = {}
    for pips in itertools.product(range(1, 7), repeat=n):
        key = tuple(sorted(pips, reverse=True))
        counts[key] = counts.get(key, 0) + 1
    for k, c in counts.items():
        yield k, Fraction(c, 6**n)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_roll_probabilities_match_brute_force(n: int) -> None:
    assert roll_probabilities(n) == dict(_brute_force_probabilities(n))
    assert sum(roll_probabilities(n).values(), Fraction(0)) == 1


# --- Options from other pubs' rules: Jule and General on or off -----------------------------------


@pytest.mark.parametrize(
    "flags",
    [
        Flags(False, one_throw, over_2, False, general, jule, by_worth, jule_one_throw)
        for one_throw, over_2, general, (jule, by_worth, jule_one_throw) in itertools.product(
            (False, True),
            (False, True),
            (True, False),
            [(0, False, False)]
            + [(w, b, o) for w in (1, 2, 3, 5, 7, 9) for b in (False, True) for o in (False, True)],
        )
    ],
    ids=lambda f: "-".join(str(int(b)) for b in dataclasses.astuple(f)),
)
def test_jule_and_general_options_against_the_oracle(flags: Flags) -> None:
    rules = Rules().with_overrides(
        {
            "general_one_throw": flags.general_one_throw,
            "general_beats_schock_2": flags.general_over_schock_2,
            "general": flags.general,
            "jule": bool(flags.jule),
            "jule_deckel": flags.jule or 7,
            "jule_rank": "by_worth" if flags.jule_by_worth else "top",
            "jule_one_throw": flags.jule_one_throw,
        }
    )
    table = result_table(rules)
    tiers = oracle_for(flags)
    mismatches = _order_mismatches(table, tiers)
    assert mismatches == [], f"{len(mismatches)} mismatches, first: {mismatches[:5]}"
    for kind, deckel, members in tiers:
        for dice, one_throw in members:
            r = table.result(dice, one_throw=one_throw, throws=2)
            assert (r.kind, r.deckel) == (kind, deckel), (dice, one_throw)


def test_a_jule_beats_schock_6_and_is_worth_its_deckel() -> None:
    rules = find_preset("tsv99").with_overrides({"jule": True, "jule_deckel": 8})
    table = result_table(rules)
    jule = table.result((1, 4, 2), one_throw=False, throws=3)
    assert (jule.kind, jule.name, jule.deckel) == (ResultKind.JULE, "Jule", 8)
    schock_6 = table.result((1, 1, 6), one_throw=True, throws=1)
    aus = table.result((1, 1, 1), one_throw=False, throws=3)
    assert schock_6.rank < jule.rank < aus.rank
    # Two Jules tie: the tie rule decides (tsv99: the later thrower is worse).
    assert best_and_worst(table, [jule, schock_6, jule]) == (0, 1)
    assert best_and_worst(table, [jule, jule]) == (0, 1)
    # Without the option, 4-2-1 is the plain number 421 (tsv99 000:35).
    plain = table_of("tsv99").result((4, 2, 1), one_throw=True, throws=1)
    assert (plain.kind, plain.name, plain.deckel) == (ResultKind.PLAIN, "421", 1)


def test_a_jule_only_from_one_throw_and_by_worth() -> None:
    rules = find_preset("allgemein").with_overrides(
        {"jule": True, "jule_deckel": 4, "jule_rank": "by_worth", "jule_one_throw": True}
    )
    table = result_table(rules)
    assembled = table.result((4, 2, 1), one_throw=False, throws=2)
    assert (assembled.kind, assembled.name) == (ResultKind.PLAIN, "421")
    jule = table.result((4, 2, 1), one_throw=True, throws=2)
    schock = {x: table.result((x, 1, 1), one_throw=True, throws=1).rank for x in (3, 4, 5)}
    assert schock[3] < jule.rank < schock[4] < schock[5]


def test_without_general_three_equal_dice_are_a_plain_number() -> None:
    table = result_table(find_preset("knobelrunde").with_overrides({"general": False}))
    r = table.result((6, 6, 6), one_throw=True, throws=1)
    assert (r.kind, r.name, r.deckel) == (ResultKind.PLAIN, "666", 1)
    assert r.rank > table.result((6, 6, 5), one_throw=True, throws=1).rank
    assert r.rank < table.result((3, 2, 1), one_throw=True, throws=1).rank  # below every Straße


@pytest.mark.parametrize("one_throw", [False, True])
@pytest.mark.parametrize("strassen", ["all", "outer"])
@pytest.mark.parametrize("rank", ["by_pips", "equal"])
def test_strassen_options_against_the_oracle(one_throw: bool, strassen: str, rank: str) -> None:
    rules = Rules().with_overrides(
        {"strasse_one_throw": one_throw, "strassen": strassen, "strasse_rank": rank}
    )
    flags = Flags(
        one_throw,
        False,
        False,
        False,
        strassen_outer=strassen == "outer",
        strassen_equal=rank == "equal",
    )
    table = result_table(rules)
    tiers = oracle_for(flags)
    assert _order_mismatches(table, tiers) == []
    for kind, deckel, members in tiers:
        for dice, thrown_once in members:
            r = table.result(dice, one_throw=thrown_once, throws=2)
            assert (r.kind, r.deckel) == (kind, deckel), (dice, thrown_once)


def test_only_the_outer_strassen_count() -> None:
    table = result_table(find_preset("tsv99").with_overrides({"strassen": "outer"}))
    for dice, kind, name, deckel in [
        ((6, 5, 4), ResultKind.STRASSE, "Straße 6-5-4", 2),
        ((3, 2, 1), ResultKind.STRASSE, "Straße 3-2-1", 2),
        ((5, 4, 3), ResultKind.PLAIN, "543", 1),
        ((4, 3, 2), ResultKind.PLAIN, "432", 1),
    ]:
        r = table.result(dice, one_throw=True, throws=1)
        assert (r.kind, r.name, r.deckel) == (kind, name, deckel)
    # 5-4-3 is now a plain number: below 6-2-1, the lowest plain number with a 6.
    assert (
        table.result((5, 4, 3), one_throw=True, throws=1).rank
        < table.result((6, 2, 1), one_throw=True, throws=1).rank
    )


def test_plain_numbers_by_pip_sum_rank_by_the_sum_and_equal_sums_tie() -> None:
    table = result_table(find_preset("tsv99").with_overrides({"plain_rank": "pip_sum"}))

    def plain(dice: tuple[int, int, int], throws: int = 1) -> Result:
        return table.result(dice, one_throw=throws == 1, throws=throws)

    # 6-5-5 (16) > 6-6-2 (14) > 6-5-2 = 6-4-3 (13) > 4-2-2 (8); by digits 662 would be first
    assert plain((6, 5, 5)).rank > plain((6, 6, 2)).rank > plain((6, 5, 2)).rank
    assert plain((6, 5, 2)).rank == plain((6, 4, 3)).rank > plain((4, 2, 2)).rank
    assert plain((6, 5, 2)).name == "652" and plain((6, 5, 2)).deckel == 1
    # the specials keep their place above every plain number; 2-2-1 stays the lowest
    assert plain((3, 2, 1)).kind is ResultKind.STRASSE
    assert plain((6, 6, 6)).rank > plain((6, 6, 5)).rank
    assert min(table.by_key.values(), key=lambda r: r.rank).dice == (2, 2, 1)
    # equal sums: the tie rule decides (tsv99: the later thrower is worse)
    assert best_and_worst(table, [plain((6, 4, 3)), plain((6, 5, 2))]) == (0, 1)
    assert best_and_worst(table, [plain((6, 5, 2)), plain((6, 4, 3))]) == (0, 1)
    # by digits (every preset) 6-6-2 beats 6-5-5
    digits = table_of("tsv99")
    assert (
        digits.result((6, 6, 2), one_throw=True, throws=1).rank
        > digits.result((6, 5, 5), one_throw=True, throws=1).rank
    )


def test_equal_strassen_tie_and_the_tie_rule_decides() -> None:
    rules = find_preset("tsv99").with_overrides({"strasse_rank": "equal"})
    table = result_table(rules)
    high = table.result((6, 5, 4), one_throw=True, throws=1)
    low = table.result((3, 2, 1), one_throw=True, throws=1)
    assert high.rank == low.rank and high.name == "Straße 6-5-4"
    # tsv99: the later thrower of equal results is worse, whichever Straße is higher.
    assert best_and_worst(table, [low, high]) == (0, 1)
    assert best_and_worst(table, [high, low]) == (0, 1)
    assert tie_decided(table, [low, high], 1) == Tie(0, TieRule.LATER)
    # With more throws worse first (allgemein), fewer throws win between Straßen.
    rules = find_preset("allgemein").with_overrides({"strasse_rank": "equal"})
    table = result_table(rules)
    one = table.result((3, 2, 1), one_throw=True, throws=1)
    two = table.result((6, 5, 4), one_throw=True, throws=2)
    assert best_and_worst(table, [two, one]) == (1, 0)
    # By pips (every preset) the higher Straße wins whoever threw it.
    table = table_of("tsv99")
    low, high = (table.result(d, one_throw=True, throws=1) for d in ((3, 2, 1), (6, 5, 4)))
    assert best_and_worst(table, [low, high]) == (1, 0)


@pytest.mark.parametrize(
    "flags",
    [
        Flags(
            False,
            False,
            False,
            False,
            jule=jule,
            nutte=worth,
            nutte_by_worth=by_worth,
            nutte_one_throw=one_throw,
        )
        for jule, worth, by_worth, one_throw in itertools.product(
            (0, 7), (1, 2, 5, 7, 9, 30), (False, True), (False, True)
        )
    ],
    ids=lambda f: f"jule{f.jule}-nutte{f.nutte}-{int(f.nutte_by_worth)}{int(f.nutte_one_throw)}",
)
def test_nutte_options_against_the_oracle(flags: Flags) -> None:
    rules = Rules().with_overrides(
        {
            "jule": bool(flags.jule),
            "nutte": True,
            "nutte_deckel": flags.nutte,
            "nutte_rank": "by_worth" if flags.nutte_by_worth else "top",
            "nutte_one_throw": flags.nutte_one_throw,
        }
    )
    table = result_table(rules)
    tiers = oracle_for(flags)
    assert _order_mismatches(table, tiers) == []
    for kind, deckel, members in tiers:
        for dice, one_throw in members:
            r = table.result(dice, one_throw=one_throw, throws=2)
            assert (r.kind, r.deckel) == (kind, deckel), (dice, one_throw)


def test_a_nutte_beats_a_jule_as_tsw_plays_it() -> None:
    # tsw's "mit Jule und Nutte": Schock-Aus > Nutte 2-2-1 (9) > Jule 4-2-1 (7) > Schock 6.
    rules = find_preset("tsv99").with_overrides(
        {"deckel_per_half": 15, "deckel_in_finale": 15, "jule": True, "nutte": True}
    )
    table = result_table(rules)
    nutte = table.result((1, 2, 2), one_throw=False, throws=2)
    assert (nutte.kind, nutte.name, nutte.deckel) == (ResultKind.NUTTE, "Nutte", 9)
    jule = table.result((4, 2, 1), one_throw=True, throws=1)
    schock_6 = table.result((6, 1, 1), one_throw=True, throws=1)
    aus = table.result((1, 1, 1), one_throw=False, throws=3)
    assert schock_6.rank < jule.rank < nutte.rank < aus.rank
    assert best_and_worst(table, [jule, nutte, schock_6]) == (1, 2)
    # Without the option 2-2-1 is the lowest plain number (tsv99 000:35).
    plain = table_of("tsv99").result((2, 2, 1), one_throw=True, throws=1)
    assert (plain.kind, plain.name, plain.deckel) == (ResultKind.PLAIN, "221", 1)
    assert plain.rank == min(r.rank for r in table_of("tsv99").by_key.values())


def test_a_nutte_by_worth_and_from_one_throw_only() -> None:
    # shaw: specials rank by their worth; a Siebener worth 7 and a Jule worth 7 are equal.
    rules = find_preset("tsv99").with_overrides(
        {
            "jule": True,
            "jule_rank": "by_worth",
            "nutte": True,
            "nutte_deckel": 7,
            "nutte_rank": "by_worth",
            "nutte_one_throw": True,
        }
    )
    table = result_table(rules)
    nutte = table.result((2, 2, 1), one_throw=True, throws=1)
    jule = table.result((4, 2, 1), one_throw=True, throws=1)
    assert nutte.rank == jule.rank
    assert tie_decided(table, [nutte, jule], 1) == Tie(0, TieRule.LATER)
    assembled = table.result((2, 2, 1), one_throw=False, throws=2)
    assert (assembled.kind, assembled.name) == (ResultKind.PLAIN, "221")
    # Worth 9 by worth: above a Jule worth 7; worth 4: between Schock 3 and Schock 4.
    nine = result_table(rules.with_overrides({"nutte_deckel": 9})).result(
        (2, 2, 1), one_throw=True, throws=1
    )
    assert nine.rank > jule.rank
    four = result_table(rules.with_overrides({"nutte_deckel": 4}))
    schock = {x: four.result((x, 1, 1), one_throw=True, throws=1).rank for x in (3, 4)}
    assert schock[3] < four.result((2, 2, 1), one_throw=True, throws=1).rank < schock[4]


@given(
    preset=st.sampled_from(PRESET_NAMES),
    a=_turns(),
    b=_turns(),
)
def test_one_throw_then_later_orders_equal_results(
    preset: str, a: tuple[Entry, int, int], b: tuple[Entry, int, int]
) -> None:
    # REGIONAL.md row 39 (rebel, mad): of equal results one from one throw beats an assembled
    # one, whatever the throws; otherwise the later thrower is worse.
    (entry_a, throws_a, pos_a), (entry_b, throws_b, pos_b) = a, b
    if pos_a == pos_b:
        pos_b = pos_a + 1
    rules = find_preset(preset).with_overrides({"tiebreak": "one_throw_then_later"})
    table = result_table(rules)
    ra = table.result(entry_a[0], one_throw=entry_a[1], throws=throws_a)
    rb = table.result(entry_b[0], one_throw=entry_b[1], throws=throws_b)
    tier = oracle_position(preset)  # the tie rule leaves the order of results alone
    if tier[entry_a] != tier[entry_b]:
        a_better = tier[entry_a] < tier[entry_b]
    elif ra.one_throw != rb.one_throw:
        a_better = ra.one_throw
    else:
        a_better = pos_a < pos_b
    assert (table.order_key(ra, pos_a) > table.order_key(rb, pos_b)) is a_better


def test_one_throw_then_later_is_named_as_the_tie_that_decided() -> None:
    rules = find_preset("tsv99").with_overrides({"tiebreak": "one_throw_then_later"})
    table = result_table(rules)
    hand = table.result((6, 6, 5), one_throw=True, throws=3)
    built = table.result((6, 6, 5), one_throw=False, throws=2)
    # The earlier assembled 665 loses to the later one thrown in one throw, with more throws.
    assert best_and_worst(table, [built, hand]) == (1, 0)
    assert tie_decided(table, [built, hand], 0) == Tie(1, TieRule.ASSEMBLED)
    # Both assembled or both in one throw: the later thrower is worse.
    assert best_and_worst(table, [hand, hand]) == (0, 1)
    assert tie_decided(table, [built, built], 1) == Tie(0, TieRule.LATER)
    # Under later_loses (tsv99) the later one-throw result is the worse.
    assert best_and_worst(table_of("tsv99"), [built, hand]) == (0, 1)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_schock_aus_with_a_worth_ranks_as_ever_and_is_worth_its_deckel(preset: str) -> None:
    base = find_preset(preset)
    worth = base.with_overrides({"schock_aus": "worth", "schock_aus_deckel": 15})
    game = base.with_overrides({"schock_aus": "game"})
    for one_throw in (True, False):
        ever = result_table(base).result((1, 1, 1), one_throw=one_throw, throws=2)
        got = result_table(worth).result((1, 1, 1), one_throw=one_throw, throws=2)
        assert got.kind is ResultKind.SCHOCK_AUS and got.rank == ever.rank and got.deckel == 15
        assert ever.deckel is None
        assert result_table(game).result((1, 1, 1), one_throw=one_throw, throws=2) == ever
    # Every other result is judged as before.
    for dice in itertools.combinations_with_replacement(range(6, 0, -1), 3):
        if dice != (1, 1, 1):
            got = result_table(worth).result(dice, one_throw=True, throws=1)
            assert got == result_table(base).result(dice, one_throw=True, throws=1)


@pytest.mark.parametrize(
    "flags",
    [
        Flags(False, False, False, False, jule=jule, nutte=nutte, achter=worth)
        for jule, nutte, worth in itertools.product((0, 7), (0, 9), (1, 2, 5, 7, 8, 10))
    ],
    ids=lambda f: f"jule{f.jule}-nutte{f.nutte}-achter{f.achter}",
)
def test_achter_options_against_the_oracle(flags: Flags) -> None:
    rules = Rules().with_overrides(
        {
            "jule": bool(flags.jule),
            "nutte": bool(flags.nutte),
            "achter": True,
            "achter_deckel": flags.achter,
        }
    )
    table = result_table(rules)
    tiers = oracle_for(flags)
    assert _order_mismatches(table, tiers) == []
    for kind, deckel, members in tiers:
        for dice, one_throw in members:
            r = table.result(dice, one_throw=one_throw, throws=2)
            assert (r.kind, r.deckel) == (kind, deckel), (dice, one_throw)


def test_an_achter_ranks_by_its_worth_among_the_specials() -> None:
    # shaw: specials rank by their worth: Siebener 9 > Achter 8 > Jule 7 > Schock 6.
    rules = find_preset("tsv99").with_overrides(
        {
            "jule": True,
            "jule_rank": "by_worth",
            "nutte": True,
            "nutte_rank": "by_worth",
            "achter": True,
        }
    )
    table = result_table(rules)
    achter = table.result((1, 3, 3), one_throw=False, throws=3)
    assert (achter.kind, achter.name, achter.deckel) == (ResultKind.ACHTER, "Achter", 8)
    nutte = table.result((2, 2, 1), one_throw=True, throws=1)
    jule = table.result((4, 2, 1), one_throw=True, throws=1)
    schock_6 = table.result((6, 1, 1), one_throw=True, throws=1)
    assert schock_6.rank < jule.rank < achter.rank < nutte.rank
    assert best_and_worst(table, [jule, achter, schock_6]) == (1, 2)
    # Worth 7 it ties a Jule by worth 7: the tie rule decides; worth 10 it beats the Nutte 9.
    seven = result_table(rules.with_overrides({"achter_deckel": 7}))
    tie = [seven.result(d, one_throw=True, throws=1) for d in ((4, 2, 1), (3, 3, 1))]
    assert tie[0].rank == tie[1].rank
    assert tie_decided(seven, tie, 1) == Tie(0, TieRule.LATER)
    ten = result_table(rules.with_overrides({"achter_deckel": 10}))
    assert (
        ten.result((3, 3, 1), one_throw=True, throws=1).rank
        > ten.result((2, 2, 1), one_throw=True, throws=1).rank
    )
    # A Nutte or Jule ranked top stays above it.
    top = result_table(rules.with_overrides({"nutte_rank": "top", "achter_deckel": 10}))
    assert (
        top.result((2, 2, 1), one_throw=True, throws=1).rank
        > top.result((3, 3, 1), one_throw=True, throws=1).rank
    )
    # Without the option 3-3-1 is the plain number 331.
    plain = table_of("tsv99").result((3, 3, 1), one_throw=True, throws=1)
    assert (plain.kind, plain.name, plain.deckel) == (ResultKind.PLAIN, "331", 1)


@pytest.mark.parametrize("tiebreak", ["throw_off", "no_deckel"])
def test_worst_tied_names_the_places_tied_for_the_worst_by_the_table(tiebreak: str) -> None:
    # REGIONAL.md row 39: under throw_off and no_deckel equal results tie whatever the throws or
    # their place; the earlier of equal best results is still the best (as under later_loses).
    rules = find_preset("allgemein").with_overrides({"tiebreak": tiebreak})
    table = result_table(rules)
    low_hand = table.result((6, 4, 3), one_throw=True, throws=1)
    low_built = table.result((6, 4, 3), one_throw=False, throws=3)
    schock = table.result((4, 1, 1), one_throw=False, throws=2)
    assert worst_tied(table, [schock, low_hand, low_built]) == (1, 2)
    assert worst_tied(table, [low_built, schock, low_hand, schock]) == (0, 2)
    assert worst_tied(table, [schock, low_hand]) == ()
    assert worst_tied(table, [schock, schock]) == (0, 1)
    assert best_and_worst(table, [low_hand, schock, schock, low_built]) == (1, 3)
    # Under allgemein's own rule the assembled 6-4-3 with more throws is the worse alone.
    assert worst_tied(table_of("allgemein"), [schock, low_hand, low_built]) == ()
