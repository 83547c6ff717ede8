"""The half bot: the solver bot's turn machinery, playing for the half instead of the round.

The solver bot (:mod:`schocken.bots.solver_bot`) minimises the chance of losing the round. What
counts, though, is the half: its loser plays the Finale (or loses the game, having lost the other
half too). So the half bot values every way a round can end by the chance of losing the half that
it leaves, and plays for the least expected chance:

- **Two players left** (a game of two, or a half once the middle is empty and all others are
  out): the rest of the half is the Finale's game with the half's Deckel. The bot plays its exact
  solution (:func:`schocken.finale.solve_finale` with ``total=rules.deckel_per_half``), optimal
  against an optimal opponent, as long as nobody buys back in.
- **More players**: :class:`HalfModel` gives P(this player loses the half) for every Deckel
  situation (middle, own Deckel, the others'), in a model of the half in which every player of a
  round is equally likely to lose it, the best result is any other player's, and what the best
  result is worth follows the frequencies measured in games of pub regulars with as many players
  in the round (:func:`worth_frequencies`). At a decision the bot takes the action with the
  least expected chance of losing the half after the round, counting each way the round can end:
  it loses (and takes what the best result of the others is worth), its result is the best (and
  the loser takes what it is worth), or neither. The chances of those ends per action come from
  the solver bot's model of the round (:class:`Outcomes`): covered cups by their aside dice,
  later players as the solver models them, and the bot's own turn played on by the solver bot's
  choice (least chance of losing the round) after this decision. Each decision is thus one step of
  policy improvement over the solver bot; the chances are cached per situation of the round, and
  the Deckel situation enters only as a few numbers per decision.

In the Finale it plays the Finale's solution, in the opening round like the pub regular, and it
never buys back in: a player who is out cannot lose the half. Needs numpy (the ``analysis``
extra), like the solver bot.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache

from schocken.actions import STOP, THROW_BLIND, TURN_SIXES, Action, Throw
from schocken.bots.finale_bot import FinaleBot
from schocken.bots.half_model import (
    MEASURED_GAMES,
    HalfModel,
    Worth,
    _after_round,
    _order,
    frequencies,
    worth_counts,
    worth_frequencies,
)
from schocken.bots.regular import PubRegular
from schocken.bots.solver_bot import (
    _ROLLS,
    EPS,
    _Context,
    _Dist,
    _rules_data,
    _RulesData,
    _solution,
    _TurnSolution,
    turn_state_of,
)
from schocken.events import RoundKind, Section
from schocken.finale import FinaleSolution
from schocken.results import Dice, Result
from schocken.rules import Rules
from schocken.turn import TurnState, one_throw
from schocken.views import PlayerView

__all__ = [
    "MEASURED_GAMES",
    "HalfBot",
    "HalfModel",
    "Outcomes",
    "frequencies",
    "model_ahead",
    "model_from_counts",
    "prepare",
    "worth_counts",
    "worth_frequencies",
]

# ---------------------------------------------------------------------------- the round's ends

Ends = tuple[float, ...]
"""How a round ends, by chance, for one player: for each worth slot ``s`` (the rules' worths, a
Schock-Aus last) ``ends[s]`` = P(the player loses and the best result is worth it),
``ends[n + s]`` = P(the player's result is the best and worth it), ``ends[2n + s]`` = P(neither,
and the best result is worth it), with ``n`` slots."""


class _Worths:
    """The worths of one rule set's results, as slots, and the codes by runs of equal worth."""

    def __init__(self, data: _RulesData) -> None:
        worths = sorted({r.deckel for r in data.result_of.values()}, key=_order)
        self.worths: tuple[Worth, ...] = tuple(worths)
        self.slot = {w: i for i, w in enumerate(worths)}
        self.of_code = [self.slot[data.result_of[c].deckel] for c in data.codes]
        # The last code index of each run of codes of equal worth, with its slot.
        self.runs: list[tuple[int, int]] = []
        for i, s in enumerate(self.of_code):
            if i + 1 == len(self.of_code) or self.of_code[i + 1] != s:
                self.runs.append((i, s))


@cache
def _worths(rules: Rules) -> _Worths:
    return _Worths(_rules_data(rules))


class Outcomes:
    """How a round can end for the player in one situation of its turn, per action (:data:`Ends`).

    The situation is the solver bot's (:class:`schocken.bots.solver_bot._Context`: throw limit,
    worst shown result, covered cups, players after) and the best result shown before the player.
    The player's turn goes on by the solver bot's choice (least chance of losing the round, the
    first such action in the engine's order), everyone else's as the solver bot's model says.
    """

    def __init__(self, data: _RulesData, ctx: _Context, best_shown: int | None) -> None:
        self.data = data
        self.worths = _worths(data.rules)
        self.solution: _TurnSolution = _solution(data, ctx)
        self.best_shown = best_shown
        self.size = 3 * len(self.worths.worths)
        self._terminal: dict[tuple[object, ...], Ends] = {}
        self._throw: dict[tuple[tuple[int, ...], int], Ends] = {}
        self._state: dict[TurnState, Ends] = {}

    def action_ends(self, state: TurnState, action: Action) -> Ends:
        if action is STOP:
            return self.terminal(state)
        if action is TURN_SIXES:
            return self.state_ends(state.after_turn_sixes(self.data.rules))
        assert isinstance(action, Throw)
        return self.throw_ends(action.keep, state.throws)

    def state_ends(self, state: TurnState) -> Ends:
        """The ends from ``state`` on, the turn played by the solver bot's choice."""
        ends = self._state.get(state)
        if ends is None:
            sol = self.solution
            legal = state.actions(self.data.rules, sol.limit)
            if not legal:
                ends = self.terminal(state)
            else:
                best, best_p = legal[0], sol.action_value(state, legal[0])[0]
                for a in legal[1:]:
                    p = sol.action_value(state, a)[0]
                    if p < best_p - EPS:
                        best, best_p = a, p
                ends = self.action_ends(state, best)
            if len(self._state) < 200_000:
                self._state[state] = ends
        return ends

    def throw_ends(self, keep: tuple[int, ...], throws: int) -> Ends:
        key = (keep, throws)
        ends = self._throw.get(key)
        if ends is None:
            acc = [0.0] * self.size
            full = one_throw(keep)
            for roll, q in _ROLLS[3 - len(keep)]:
                child = self.state_ends(TurnState(keep, roll, throws + 1, 0, (), full))
                for i, x in enumerate(child):
                    if x:
                        acc[i] += q * x
            ends = self._throw[key] = tuple(acc)
        return ends

    def terminal(self, state: TurnState) -> Ends:
        key = (state.aside, state.thrown, state.last_full, state.throws)
        ends = self._terminal.get(key)
        if ends is None:
            ends = self._terminal[key] = self._ends(*self.solution.ending(state))
        return ends

    def _ends(self, x: Result, after_limit: int, visible: bool, aside: Dice) -> Ends:
        """The ends once the player's turn ended with result ``x``."""
        sol, data, worths = self.solution, self.data, self.worths
        ctx = sol.ctx
        c = data.code(x)
        i_c = data.index[c]
        covered: list[_Dist] = sol._covered
        later = sol.later_for(c, after_limit, visible, aside, x.throws) if ctx.after else None
        after = ctx.after
        # Each covered cup (before the player) beats it on a tie, each later player loses one.
        below = [dist.cdf[i_c] - (dist.ge[c] - dist.gt[c]) for dist in covered]
        later_below = later.cdf[i_c] if later is not None else 0.0
        worst, best_shown = ctx.worst_shown, self.best_shown
        may_lose = worst is None or worst >= c
        may_be_best = best_shown is None or best_shown < c
        p_best = 0.0
        if may_be_best:
            p_best = 1.0
            for b in below:
                p_best *= b
            if later is not None:
                p_best *= later_below**after
        n = len(worths.worths)
        ends = [0.0] * (3 * n)
        ends[n + worths.of_code[i_c]] = p_best
        lost_before = neither_before = 0.0  # P(lost; best <= y), P(neither; best <= y)
        for top, slot in worths.runs:
            if top < i_c:
                continue
            y = data.codes[top]
            if best_shown is not None and best_shown > y:
                continue
            every = 1.0  # P(every other result <= y)
            lost = 1.0 if may_lose else 0.0  # P(every other result beats the player and <= y)
            for dist, b in zip(covered, below, strict=True):
                every *= dist.cdf[top]
                lost *= dist.cdf[top] - b
            if later is not None:
                every *= later.cdf[top] ** after
                lost *= (later.cdf[top] - later_below) ** after
            neither = max(0.0, every - p_best - lost)
            ends[slot] += lost - lost_before
            ends[2 * n + slot] += neither - neither_before
            lost_before, neither_before = lost, neither
        return tuple(ends)


_OUTCOMES: dict[tuple[Rules, _Context, int | None], Outcomes] = {}
_MAX_OUTCOMES = 5_000


def _outcomes(data: _RulesData, ctx: _Context, best_shown: int | None) -> Outcomes:
    key = (data.rules, ctx, best_shown)
    out = _OUTCOMES.get(key)
    if out is None:
        if len(_OUTCOMES) >= _MAX_OUTCOMES:
            _OUTCOMES.clear()
        out = _OUTCOMES[key] = Outcomes(data, ctx, best_shown)
    return out


# ---------------------------------------------------------------------------- the bot


_MODELS: dict[tuple[Rules, int], HalfModel] = {}
"""The models of the half made, by rule set and players."""

_AHEAD: dict[tuple[Rules, int], Future[HalfModel | None]] = {}
"""Models being made in a helper process (:func:`model_ahead`)."""

_WAITER = ThreadPoolExecutor(max_workers=2, thread_name_prefix="half-model")
"""Threads that wait for the helper processes (the waiting holds no lock of Python's)."""


def _make_model(rules: Rules, players: int) -> HalfModel:
    return HalfModel(rules.deckel_per_half, players, worth_frequencies(rules, players))


def _model(rules: Rules, players: int) -> HalfModel:
    """The half bot's model of the half for ``rules`` and ``players``, made once (here, or
    taken from the helper process where :func:`model_ahead` started it)."""
    key = (rules, players)
    model = _MODELS.get(key)
    if model is None:
        ahead = _AHEAD.pop(key, None)
        if ahead is not None:
            model = ahead.result()
        if model is None:  # not made ahead, or the helper failed: made here
            model = _make_model(rules, players)
        _MODELS[key] = model
    return model


def half_model(rules: Rules, players: int) -> HalfModel:
    """The model of the half the half bot plays ``rules`` with, ``players`` in the half."""
    return _model(rules, players)


def model_ahead(rules: Rules, players: int) -> None:
    """Start making the model of the half for ``rules`` and ``players`` (its :data:`MEASURED_GAMES`
    games of regulars on the reference engine, about a second) in a helper process, while this
    one goes on (the Finale's solutions, the games of regulars on the batch simulator); the
    first decision that needs it waits for it. The same model, float for float: the same games
    and arithmetic, in another Python process (:func:`_serve`, the rules and the model pickled
    through its pipes). Where the helper fails, the model is made here when first needed, as
    without this; without numpy (which the model needs) nothing is started."""
    key = (rules, players)
    if key not in _MODELS and key not in _AHEAD and importlib.util.find_spec("numpy") is not None:
        _AHEAD[key] = _WAITER.submit(_helper, rules, players)


def model_from_counts(
    rules: Rules, players: int, count: Callable[[], dict[int, dict[Worth, int]]]
) -> None:
    """Make the model of the half for ``rules`` and ``players`` here and now from the counts of
    the games of :func:`worth_counts` played elsewhere (``count`` plays them): the batch
    simulator plays them in milliseconds (:func:`schocken.fast.worth_counts`),
    so the lab needs no helper process for the model (the same games: the same model, float for
    float). Nothing where the model is made or being made already."""
    key = (rules, players)
    if key not in _MODELS and key not in _AHEAD:
        _MODELS[key] = HalfModel(rules.deckel_per_half, players, frequencies(count()))


def _helper(rules: Rules, players: int) -> HalfModel | None:
    """The model made by a helper process (None where that failed)."""
    env = dict(os.environ)  # the helper imports what this process imports, from where it does
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    try:
        done = subprocess.run(
            [sys.executable, "-c", "from schocken.bots.half_bot import _serve; _serve()"],
            input=pickle.dumps((rules, players)),
            capture_output=True,
            env=env,
            check=True,
        )
        model = pickle.loads(done.stdout)
    except (OSError, subprocess.CalledProcessError, pickle.UnpicklingError, EOFError):
        return None
    return model if isinstance(model, HalfModel) else None


def _serve() -> None:
    """The helper process of :func:`model_ahead`: rules and players in, the model out."""
    rules, players = pickle.loads(sys.stdin.buffer.read())
    sys.stdout.buffer.write(pickle.dumps(_make_model(rules, players)))


def prepare(rules: Rules, players: int, *, wait: bool = False, finales: bool = True) -> None:
    """What the half bot computes once per rule set before its decisions, started at once: the
    model of the half in the helper process (:func:`model_ahead`) and, meanwhile here, the
    Finale's solutions (of a half with two players left, and of the Finale where the rules have
    one; not with ``finales`` false: :func:`finales_ahead` has a helper process solve them); with
    ``wait`` the model too is ready on return (the first decision would wait for it: so that
    what the first games cost is theirs alone). Without numpy nothing (the bot says so when it
    plays)."""
    if importlib.util.find_spec("numpy") is None:
        return
    model_ahead(rules, players)
    if finales:
        solve_finales(rules)
    if wait:
        _model(rules, players)


def solve_finales(rules: Rules) -> None:
    """The Finale's solutions the half bot asks for, here (or taken from the helper process
    where :func:`finales_ahead` asked it, waiting for them): a half's with two players left and
    the Finale's where the rules have one."""
    _two_player_bot(rules)
    if rules.finale:
        from schocken.bots.solver_bot import _finale_bot

        _finale_bot(rules)


def finales_ahead(rules: Rules) -> None:
    """Start solving the Finale's solutions the half bot asks for (:func:`prepare`) in a helper
    process (:func:`schocken.finale_shared.solve_ahead`): its first decisions in a half with two
    players left (or in the Finale) take them from there."""
    if importlib.util.find_spec("numpy") is None:
        return
    from schocken.finale_shared import solve_ahead

    solve_ahead(rules, _finale_totals(rules))


def finales_coming(rules: Rules) -> bool:
    """Whether a helper process was asked for the Finale's solutions of ``rules``
    (:func:`finales_ahead`) and they have not been taken yet."""
    from schocken.finale_shared import asked_ahead

    return any(asked_ahead(rules, n) for n in _finale_totals(rules))


def _finale_totals(rules: Rules) -> list[int]:
    """The Deckel counts of the Finale's solutions the half bot asks for: a half's (two players
    left) and, where the rules have one, the Finale's."""
    return [rules.deckel_per_half, *([rules.deckel_in_finale] if rules.finale else [])]


def clear_caches() -> None:
    """Forget every rule set's model of the half, worths, round ends and Finale bots made (a
    model still being made in a helper is kept: it is taken when asked for)."""
    _MODELS.clear()
    _OUTCOMES.clear()
    worth_frequencies.cache_clear()
    _worths.cache_clear()
    _two_player_bot.cache_clear()
    _solved.cache_clear()


@cache
def _two_player_bot(rules: Rules) -> FinaleBot:
    """The Finale's solution for a half's Deckel (solved once per rule set and Deckel count)."""
    return FinaleBot(_solved(rules, rules.deckel_per_half), PubRegular())


@cache
def _solved(rules: Rules, total: int) -> FinaleSolution:
    from schocken.finale_shared import finale_solution

    return finale_solution(rules, total)


class HalfBot:
    """Plays for the half: see the module."""

    name = "half"

    def __init__(self, seed: int | None = None) -> None:
        if importlib.util.find_spec("numpy") is None:  # pragma: no cover - tests have numpy
            raise ValueError(
                "the half bot needs numpy for its model: pip install 'schocken[analysis]'"
            )
        self.regular = PubRegular(seed)
        self._weights: dict[tuple[object, ...], tuple[float, ...]] = {}

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if legal[-1] is THROW_BLIND:
            return legal[0]  # never opens a round blind (docs/bots.md)
        if view.round_kind is not RoundKind.NORMAL:
            return self.regular.choose(view, legal)
        if view.section is Section.FINALE:
            from schocken.bots.solver_bot import _finale_bot

            return _finale_bot(view.rules).choose(view, legal)
        if len(view.order) == 2:
            return _two_player_bot(view.rules).play(view, legal)
        values = self.values(view, legal)
        best = min(values)
        return legal[values.index(best)]

    def values(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        """Each legal action's expected P(losing the half) after the round, in the model."""
        data = _rules_data(view.rules)
        seat = view.seat
        assert seat is not None
        turns = view.turns
        pos = len(turns) - 1
        shown = [data.code(t.result) for t in turns[:pos] if t.result is not None]
        covered = tuple((t.aside, t.throws) for t in turns[:pos] if t.result is None)
        limit = 0 if view.limit is None else view.limit
        ctx = _Context(
            limit, min(shown) if shown else None, covered, len(view.order) - pos - 1, False
        )
        outcomes = _outcomes(data, ctx, max(shown) if shown else None)
        weights = self.weights(view)
        state = turn_state_of(view)
        out = []
        for a in legal:
            ends = outcomes.action_ends(state, a)
            out.append(sum(e * w for e, w in zip(ends, weights, strict=True) if e))
        return out

    def weights(self, view: PlayerView) -> tuple[float, ...]:
        """P(losing the half) after each end of the round (:data:`Ends`' order), in the model,
        the players being any of the round's with equal chance."""
        seat = view.seat
        assert seat is not None
        others = [view.deckel[s] for s in view.order if s != seat]
        key = (view.rules, view.middle, view.deckel[seat], tuple(others))
        w = self._weights.get(key)
        if w is None:
            w = _weights(view.rules, len(view.players), view.middle, view.deckel[seat], others)
            if len(self._weights) > 10_000:
                self._weights.clear()
            self._weights[key] = w
        return w

    def wants_buy_in(self, view: PlayerView) -> bool:
        return False  # a player who is out cannot lose the half


def _weights(
    rules: Rules, players: int, middle: int, mine: int, others: Sequence[int]
) -> tuple[float, ...]:
    """See :meth:`HalfBot.weights`."""
    value = _model(rules, players).value
    held = [mine, *others]
    k = len(held)
    # the pairs of the round's loser and best (0: the player) of each end: the player loses,
    # the player's result is the best, neither
    kinds = (
        [(0, j) for j in range(1, k)],
        [(j, 0) for j in range(1, k)],
        [(j, i) for j in range(1, k) for i in range(1, k) if i != j],
    )
    ends: tuple[list[float], list[float], list[float]] = ([], [], [])
    for w in _worths(rules).worths:
        if w is None:  # a Schock-Aus: its loser has lost the half
            for out, chance in zip(ends, (1.0, 0.0, 0.0), strict=True):
                out.append(chance)
            continue
        # With Deckel in the middle the loser takes them from there, whoever was best: the
        # chance after the round is the loser's alone (asked once a loser, added once a pair).
        by_loser: list[float] = []
        if middle and k > 1:
            by_loser = [value(*_after_round(middle, held, j, 0, w)) for j in range(k)]
        for out, pairs in zip(ends, kinds, strict=True):
            total = 0.0
            for loser, best in pairs:
                if middle:
                    total += by_loser[loser]
                else:
                    total += value(*_after_round(middle, held, loser, best, w))
            out.append(total / len(pairs) if pairs else 0.0)
    return (*ends[0], *ends[1], *ends[2])
