"""The tables of one rule set for the batch simulator, derived from the reference definitions.

Nothing here judges a result, lists a legal action or decides for a bot on its own: every entry
comes from the engine's own functions, asked once per situation.

- Results (rank, Deckel value) come from :func:`schocken.results.result_table`; the round's order
  from :meth:`~schocken.results.ResultTable.order_code`: a result's *code* is its place among the
  distinct order codes, so that ``code * 32 - position`` orders a round exactly as
  ``order_key(result, position)`` does (up to 32 places).
- The legal actions of every turn situation come from :func:`schocken.turn.turn_options`, the
  situation after turning sixes from :meth:`schocken.turn.TurnState.after_turn_sixes`.
- The pub regular's choice in every situation comes from :meth:`PubRegular.choose` itself, asked
  with a view made for that situation (see :func:`_regular_choices`).

A turn situation (a *state*) is what :class:`schocken.game.Game` keeps between two actions of a
turn: the dice set aside, the last throw's dice, what turning sixes left to do, and whether all
three dice fell in the last throw. State 0 is a turn before its first throw.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from schocken.actions import KEEPS, THROWS, Action
from schocken.bots.random_bot import RandomBot
from schocken.bots.regular import PubRegular
from schocken.dice import TABLES as ROLL_TABLES
from schocken.events import RoundKind, Section
from schocken.results import Dice, Result, ResultKind, ResultTable, result_table
from schocken.round import fixed_limit, next_section
from schocken.rules import (
    MAX_THROWS,
    Covered,
    DeckelOwed,
    FinaleOpener,
    LaterOpener,
    Opening,
    Rules,
    SixesTurn,
    Tiebreak,
)
from schocken.turn import SORTED, TurnState, turn_options
from schocken.views import Phase, PlayerView, TurnView

Int64Array = npt.NDArray[np.int64]
Int16Array = npt.NDArray[np.int16]
Float64Array = npt.NDArray[np.float64]

# Where each option of the game flow sits in the ``params`` array.
P_DECKEL_HALF = 0
P_DECKEL_FINALE = 1
P_FINALE = 2
P_LOWEST_TAKES = 3
P_FINALE_FIRST_HALF_LOSER = 4
P_COVER_MODE = 5
"""0: never covered, 1: the throw that uses up the limit, 2: a third throw, 3: every throw."""
P_EINWUERFELN = 6
P_FIRST_LIMIT_HALF = 7
"""The throw limit the first round for Deckel of a half has from its start (0: none)."""
P_FIRST_LIMIT_FINALE = 8
"""The same for the Finale."""
P_LIMIT_WHILE_MIDDLE = 9
"""The throw limit a later round for Deckel has from its start while Deckel are in the middle
(0: none; with the middle empty the opener sets it)."""
P_SCHOCK_AUS_ENDS_GAME = 10
"""1 where a half ended by a Schock-Aus ends the game (``schock_aus = "game"``)."""
P_WORST_OPENS = 11
"""1 where the opening throw's lowest opens for no Deckel (``opening = "worst_opens"``)."""
P_OPENING_DIE = 12
"""One die each opens (0: not so; 1: the highest, ``opening = "high_die"``; 2: the lowest,
``"low_die"``)."""
P_WORST_TIE = 13
"""What a tie for a round's worst result does: 0 nothing (the tie rule decides), 1 a throw-off
(``tiebreak = "throw_off"``), 2 nobody takes Deckel (``tiebreak = "no_deckel"``)."""
P_DECKEL_SUM = 14
"""1 where a round's loser takes the worths of every special result added up
(``deckel_owed = "sum"``)."""
P_BLIND = 15
"""1 where the opener of a round for Deckel may open it blind (``blind``)."""
P_BLIND_DOUBLE = 16
"""1 where a blind round's Deckel count double (``blind_double``)."""
P_OPEN_ROUND = 17
"""1 where an opener who stopped after one shown throw makes the round open (``open_round``)."""
P_FIRST_SEAT = 18
"""1 where the first seat opens the first round, without an opening (``opening = "first_seat"``)."""
P_LATER_OPENER = 19
"""Who opens once the middle is empty (``later_opener``): 0 the loser, 1 the holder of the most
Deckel, 2 the player after him."""
P_SIXES_FIRST = 20
"""1 where sixes turn only after a turn's first throw (``sixes_turn = "first_throw"``): the
``legal`` tables (built without the throw count) offer turning, the loop drops it later."""
P_AT_RISK = 21
"""1 where a player who is out buys back in at risk, taking nothing (``einwuerfeln_form =
"at_risk"``, read only with ``einwuerfeln``)."""
P_MORE_HALVES = 22
"""1 where two different half-losers are followed by further halves of everyone instead of a
Finale, until one player has lost two (``more_halves``, read only with ``finale``)."""
P_SIZE = 23

# The columns of ``results[state, throws]``.
R_RANK = 0
R_DECKEL = 1
"""The Deckel the result is worth; -1 for a Schock-Aus (worth the whole half)."""
R_CODE = 2
"""The result's place in the round's order apart from the position (see the module)."""
R_ADDS = 3
"""What the result adds to the Deckel owed under ``deckel_owed = "sum"`` (0: a plain number)."""

# The situations the pub regular tells apart, the last index of ``regular[state, throws, cat]``.
CAT_OPENER = 0
"""The round's first player, before the throw limit is fixed."""
CAT_ONLY_COVERED = 1
"""A later player who sees no result before it (only covered cups)."""
CAT_WORST = 2
"""A later player whose result is the worst of those it sees."""
CAT_NOT_WORST = 3
"""A later player whose result beats at least one it sees."""

BOT_RANDOM = 0
BOT_REGULAR = 1
BOT_SOLVER = 2
BOT_HALF = 3
BOT_KINDS = {"random": BOT_RANDOM, "regular": BOT_REGULAR, "solver": BOT_SOLVER, "half": BOT_HALF}
"""The bots the batch simulator plays, by name (the strong ones: :mod:`schocken.fast.strong`)."""

MAX_LEGAL = 12
"""More than the legal actions of any state plus one (at most seven throws, turn, stop)."""


@dataclass(frozen=True, eq=False)
class RuleTables:
    """Every table of one rule set, as numpy arrays for the compiled game loop."""

    rules: Rules
    params: Int64Array
    """The options of the game flow (see the ``P_`` indices)."""
    legal: Int64Array
    """``legal[state, 0]`` is how many actions are legal, ``legal[state, 1:]`` their codes in the
    engine's order (``Game.legal_actions``)."""
    after: Int64Array
    """``after[code, index]``: the state after the throw of that code whose dice fell as
    ``dice.TABLES[n][index]`` (n dice thrown)."""
    thrown: Int64Array
    """``thrown[code]``: how many dice the throw of that code throws."""
    sixes: Int64Array
    """The state after turning the sixes of a state's last throw (-1: not possible)."""
    results: Int64Array
    """``results[state, throws, R_*]``: the result if the turn ends in that state."""
    regular: Int64Array
    """``regular[state, throws, CAT_*]``: the pub regular's action code (-1: never asked)."""
    buy_in: Float64Array
    """Each bot's chance of buying back in when it may (by ``BOT_*``)."""
    aside: Int64Array
    """``aside[state]``: the dice set aside in that state, by their place in ``actions.KEEPS``
    (what a covered cup shows of a turn)."""
    states: tuple[tuple[Dice, Dice, Dice, int, bool], ...]
    """Each state as (aside, thrown, must_throw, turned, last_full), for tests and reading."""


def params_of(rules: Rules) -> Int64Array:
    """The options of the game flow as integers (see the ``P_`` indices)."""
    params = np.zeros(P_SIZE, np.int64)
    params[P_DECKEL_HALF] = rules.deckel_per_half
    params[P_DECKEL_FINALE] = rules.deckel_in_finale
    params[P_FINALE] = rules.finale
    params[P_MORE_HALVES] = rules.finale and rules.more_halves
    params[P_LOWEST_TAKES] = rules.opening is Opening.LOWEST_TAKES
    params[P_WORST_OPENS] = rules.opening is Opening.WORST_OPENS
    params[P_OPENING_DIE] = {Opening.HIGH_DIE: 1, Opening.LOW_DIE: 2}.get(rules.opening, 0)
    params[P_FIRST_SEAT] = rules.opening is Opening.FIRST_SEAT
    params[P_LATER_OPENER] = {LaterOpener.MOST_DECKEL: 1, LaterOpener.AFTER_MOST_DECKEL: 2}.get(
        rules.later_opener, 0
    )
    params[P_FINALE_FIRST_HALF_LOSER] = rules.finale_opener is FinaleOpener.FIRST_HALF_LOSER
    params[P_COVER_MODE] = {
        Covered.NEVER: 0,
        Covered.LAST_THROW: 1,
        Covered.THIRD_THROW: 2,
        Covered.ALL: 3,
    }[rules.covered]
    params[P_EINWUERFELN] = rules.einwuerfeln
    params[P_AT_RISK] = rules.buys_in_at_risk
    # Any first round has a full middle; a later one is asked about with one Deckel in it.
    full_half, full_finale = rules.deckel_per_half, rules.deckel_in_finale
    params[P_FIRST_LIMIT_HALF] = fixed_limit(rules, Section.FIRST_HALF, True, full_half) or 0
    params[P_FIRST_LIMIT_FINALE] = fixed_limit(rules, Section.FINALE, True, full_finale) or 0
    params[P_LIMIT_WHILE_MIDDLE] = fixed_limit(rules, Section.FIRST_HALF, False, 1) or 0
    ends = next_section(rules, Section.FIRST_HALF, (0,), 0, 2, schock_aus=True) is None
    params[P_SCHOCK_AUS_ENDS_GAME] = ends and rules.finale
    params[P_DECKEL_SUM] = rules.deckel_owed is DeckelOwed.SUM
    params[P_WORST_TIE] = {Tiebreak.THROW_OFF: 1, Tiebreak.NO_DECKEL: 2}.get(rules.tiebreak, 0)
    params[P_BLIND] = rules.blind
    params[P_BLIND_DOUBLE] = rules.blind_double
    params[P_OPEN_ROUND] = rules.open_round
    params[P_SIXES_FIRST] = rules.sixes_turn is SixesTurn.FIRST_THROW
    return params


def result_codes(table: ResultTable) -> dict[int, int]:
    """Each distinct :meth:`~schocken.results.ResultTable.order_code` (a result's place in the
    order without who threw it), to its rank among them."""
    keys = sorted({table.order_code(r) for r in table.by_key.values()})
    return {k: i for i, k in enumerate(keys)}


@cache
def rule_tables(rules: Rules) -> RuleTables:
    """The (cached) tables of a rule set."""
    table = result_table(rules)
    codes = result_codes(table)
    start: tuple[Dice, Dice, Dice, int, bool] = ((), (), (), 0, True)
    states = [start]
    index = {start: 0}

    def add(turn: TurnState) -> int:
        """The number of the state ``turn`` is in (a new one if it is the first)."""
        key = (turn.aside, turn.thrown, turn.must_throw, turn.turned, turn.last_full)
        i = index.get(key)
        if i is None:
            i = index[key] = len(states)
            states.append(key)
        return i

    after = np.full((len(KEEPS), 6**3), -1, np.int64)
    thrown = np.zeros(len(KEEPS), np.int64)
    for keep, action in THROWS.items():
        thrown[action.code] = 3 - len(keep)
        for i, pips in enumerate(ROLL_TABLES[3 - len(keep)]):
            after[action.code, i] = add(TurnState().after_throw(keep, pips))
    sixes_of: dict[int, int] = {}
    for i in range(len(states)):  # the states after a throw (turning adds no further ones)
        aside, last, _, turned, full = states[i]
        if i and not turned and last.count(6) >= 2:
            before = TurnState(aside, last, 1, 0, (), full)
            sixes_of[i] = add(before.after_turn_sixes(rules))
    size = len(states)
    legal = np.zeros((size, MAX_LEGAL), np.int64)
    sixes = np.full(size, -1, np.int64)
    results = np.zeros((size, MAX_THROWS + 1, 4), np.int64)
    legal_tuples: list[tuple[Action, ...]] = [(THROWS[()],)]
    for i, (aside, last, must, turned, full) in enumerate(states):
        sixes[i] = sixes_of.get(i, -1)
        if i == 0:
            actions = legal_tuples[0]
        else:
            actions = turn_options(
                aside, last, must, turned, rules.put_back, rules.set_aside, rules.sixes_turn
            )[0]
            legal_tuples.append(actions)
            for throws in range(1, MAX_THROWS + 1):
                r = TurnState(aside, last, throws, turned, must, full).result(table)
                results[i, throws] = (
                    r.rank,
                    -1 if r.deckel is None else r.deckel,
                    codes[table.order_code(r)],
                    0 if r.kind is ResultKind.PLAIN else r.deckel or 0,
                )
        legal[i, 0] = len(actions)
        for j, a in enumerate(actions):
            legal[i, 1 + j] = a.code
    buy_in = np.zeros(len(BOT_KINDS), np.float64)
    # The random bot's default chance; the pub regular never buys in (PubRegular.wants_buy_in),
    # nor do the solver bot (it asks the regular) and the half bot (HalfBot.wants_buy_in).
    buy_in[BOT_RANDOM] = inspect.signature(RandomBot).parameters["buy_in"].default
    regular = _regular_choices(rules, table, states, legal_tuples)
    aside_of = np.array([KEEPS.index(s[0]) for s in states], np.int64)
    return RuleTables(
        rules, params_of(rules), legal, after, thrown, sixes, results, regular, buy_in, aside_of,
        tuple(states),
    )  # fmt: skip


def _regular_choices(
    rules: Rules,
    table: ResultTable,
    states: list[tuple[Dice, Dice, Dice, int, bool]],
    legal: list[tuple[Action, ...]],
) -> Int64Array:
    """The pub regular's choice in every state, throw count and situation (``CAT_*``).

    :meth:`PubRegular.choose` decides from the legal actions, its own turn, whether it is the
    round's first player before the limit is fixed, and how its result compares with the worst
    result it sees. For each state and throw count it is asked in a made-up round of two that
    stands for each situation: alone (the opener), after a covered cup, after the best result
    there is (its own is then the worst), and after the worst result there is (its own beats it,
    unless it is that result; then the answer is the same as for the worst). The compiled loop
    finds the situation from the round as it stands (see ``kernel``) and looks the choice up.
    """
    every = list(table.by_key.values())
    best = max(every, key=lambda r: table.order_key(r, 0))
    worst = min(every, key=lambda r: table.order_key(r, 0))
    bot = PubRegular()
    choices = np.full((len(states), MAX_THROWS + 1, 4), -1, np.int64)
    for i in range(1, len(states)):
        aside, last, must, turned, full = states[i]
        if len(legal[i]) < 2:
            continue
        for throws in range(1, MAX_THROWS):
            mine = TurnView(
                1, throws, aside, SORTED[aside + last], False, False, None, must, turned
            )
            actions = TurnState(aside, last, throws, turned, must, full).options(rules)[0]
            situations: list[tuple[tuple[TurnView, ...], int | None]] = [
                ((_alone(mine),), None),
                ((_covered(), mine), MAX_THROWS),
                ((_shown(best), mine), MAX_THROWS),
                ((_shown(worst), mine), MAX_THROWS),
            ]
            for cat, (turns, limit) in enumerate(situations):
                action = bot.choose(_view(rules, turns, limit), actions)
                choices[i, throws, cat] = action.code
    return choices


def _alone(mine: TurnView) -> TurnView:
    return mine._replace(seat=0)


def _covered() -> TurnView:
    return TurnView(0, MAX_THROWS, (), None, True, True, None)


def _shown(result: Result) -> TurnView:
    return TurnView(0, result.throws, (), result.dice, False, True, result)


def _view(rules: Rules, turns: tuple[TurnView, ...], limit: int | None) -> PlayerView:
    """A view of a round of two for Deckel, for the seat whose turn is the last of ``turns``."""
    seat = turns[-1].seat
    return PlayerView(
        seat=seat,
        players=("A", "B"),
        rules=rules,
        phase=Phase.PLAYING,
        section=Section.FIRST_HALF,
        round_kind=RoundKind.NORMAL,
        round_number=1,
        order=(0, 1),
        limit=limit,
        current=seat,
        middle=rules.deckel_per_half,
        deckel=(0, 0),
        playing=(True, True),
        turns=turns,
        half_losers=(),
        loser=None,
    )
