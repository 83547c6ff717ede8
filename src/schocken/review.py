"""The review of a game: every decision valued, labelled, summed up per player.

:func:`review` replays a game record (:func:`schocken.record.replay`) and, before every step,
looks at the game as the deciding player saw it (:meth:`schocken.game.Game.view`: another
player's covered dice are not in it). Each decision between two or more legal actions is valued
by the one model of a round that ``schocken hint`` uses (:func:`schocken.solver.solve`: the exact
P(lose the round) of every legal action), or, in the Finale, by the Finale's solution
(:mod:`schocken.finale`: P(lose the game) of every legal action, both players playing
optimally). The move made is compared with the best, the difference is its *loss*, and the loss
gives the label (:data:`THRESHOLDS`). ``docs/review.md`` states the thresholds, the accuracy and
what is not valued, and why.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from schocken.actions import BUY_IN, Action
from schocken.errors import RefusalError
from schocken.events import RoundKind, Section
from schocken.game import Game
from schocken.odds import turn_state_of
from schocken.players import name_key
from schocken.pub import NOTE_MADE_UP, NOTE_TURNED
from schocken.record import GameRecord, RecordStep, replay
from schocken.results import Dice, Result
from schocken.rules import MAX_THROWS, Rules, rules_to_data
from schocken.solver import Situation, solve
from schocken.texts import action_name, counted, refused, result_name, t, throw_nth
from schocken.turn import TurnState
from schocken.views import PlayerView

if TYPE_CHECKING:
    from schocken.finale import FinaleSolution

REVIEW_FORMAT = "schocken-review"
REVIEW_VERSION = 1

INACCURACY = Fraction(2, 100)
"""A loss from here on is an inaccuracy (below it: good)."""
MISTAKE = Fraction(5, 100)
"""A loss from here on is a mistake."""
BLUNDER = Fraction(10, 100)
"""A loss from here on is a blunder."""
FINALE_EQUAL = 1e-12
"""The Finale's values are floats (value iteration to 1e-13): a loss below this is none."""


class Label(StrEnum):
    """What a decision's loss makes of it."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: tuple[tuple[Label, Fraction], ...] = (
    (Label.BLUNDER, BLUNDER),
    (Label.MISTAKE, MISTAKE),
    (Label.INACCURACY, INACCURACY),
)
"""Each label with the least loss that earns it (a loss in probability: 0.02 = 2 points)."""


def label_of(loss: Fraction | float) -> Label:
    """The label of a loss: good below 0.02, inaccuracy from 0.02, mistake from 0.05, blunder
    from 0.10."""
    for label, least in THRESHOLDS:
        if loss >= least:
            return label
    return Label.GOOD


class Stake(StrEnum):
    """What a decision's probabilities are of."""

    ROUND = "round"
    """P(lose the round): a round of a half, valued by the turn solver's model."""
    GAME = "game"
    """P(lose the game): a round of the Finale, valued by the Finale's solution."""


class Unvalued(StrEnum):
    """Why a step is not valued."""

    OPENING = "opening"
    """A decision in the opening round: a round for no Deckel, whose best result only opens."""
    BUY_IN = "buy_in"
    """Einwürfeln: buying back into the half is not a decision within a round."""
    NO_NUMPY = "no_numpy"
    """A decision in the Finale, where numpy (for the Finale's solution) is not installed."""
    MADE_UP = "made_up"
    """A decision after a throw that pub mode made up (:data:`MADE_UP_NOTES`): only the end of
    each turn was entered, so the decision was never made (``docs/pub.md``)."""
    BLIND = "blind"
    """The opener's choice to open a round blind (rules with ``blind``): the turn solver knows
    no blind rounds, so the choice is not valued."""


MADE_UP_NOTES = (NOTE_MADE_UP, NOTE_TURNED)
"""The notes of a pub game's record on steps that were not entered as they happened: a throw
made up before the entered one, and the sixes turned on a made-up throw."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One legal action of a decision with what it leads to."""

    action: Action
    p_lose: float
    """P(lose the round) or, in the Finale, P(lose the game)."""
    exact: Fraction | None
    """``p_lose`` as an exact fraction (the turn solver's); ``None`` in the Finale."""
    deckel: Fraction | None = None
    """The expected change of the player's Deckel from the round (turn solver only)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice between two or more legal actions, valued."""

    step: int
    """The index of the step in the record that made the move: replaying the steps before it
    gives the board as it was."""
    seat: int
    view: PlayerView
    """The game as the deciding player saw it (nobody else's covered dice)."""
    state: TurnState
    """The player's own turn at the decision."""
    stake: Stake
    values: tuple[ActionValue, ...]
    """Every legal action, best first."""
    made: Action

    @property
    def best(self) -> ActionValue:
        return self.values[0]

    @property
    def made_value(self) -> ActionValue:
        return next(v for v in self.values if v.action == self.made)

    @property
    def loss(self) -> float:
        """How much more likely the move made loses than the best move."""
        exact = self.exact_loss
        if exact is not None:
            return float(exact)
        loss = self.made_value.p_lose - self.best.p_lose
        return 0.0 if loss < FINALE_EQUAL else loss

    @property
    def exact_loss(self) -> Fraction | None:
        made, best = self.made_value.exact, self.best.exact
        return None if made is None or best is None else made - best

    @property
    def label(self) -> Label:
        exact = self.exact_loss
        return label_of(self.loss if exact is None else exact)

    @property
    def matters(self) -> bool:
        """Whether the legal actions differ in their chance of losing (else every move was as
        good as the best, and the decision does not count towards accuracy)."""
        if self.stake is Stake.GAME:
            return max(v.p_lose for v in self.values) - self.best.p_lose >= FINALE_EQUAL
        return any(v.exact != self.best.exact for v in self.values)


@dataclass(frozen=True, slots=True)
class NotValued:
    """A step that is a choice but that the review does not value, and why."""

    step: int
    seat: int
    action: Action
    reason: Unvalued


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's game in a few figures."""

    seat: int
    name: str
    decisions: int
    """Decisions valued (every one, whether it mattered or not)."""
    counted: int
    """Decisions that mattered: those whose actions differ in their chance of losing."""
    good: int
    """Decisions that mattered and were labelled good."""
    labels: dict[Label, int]
    given_away: float
    """The sum of the player's losses."""
    costliest: tuple[int, ...]
    """The steps of the player's (up to) three costliest decisions, costliest first (loss > 0)."""

    @property
    def accuracy(self) -> float | None:
        """The share of the decisions that mattered that were good, in percent (``None``
        without any)."""
        return None if not self.counted else 100.0 * self.good / self.counted


@dataclass(frozen=True)
class Review:
    """A game reviewed: every decision valued, every other choice said why not."""

    rules: Rules
    players: tuple[str, ...]
    steps: int
    decisions: tuple[Decision, ...]
    unvalued: tuple[NotValued, ...]
    summaries: tuple[PlayerSummary, ...]
    _by_step: dict[int, Decision] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self._by_step.update((d.step, d) for d in self.decisions)

    def decision_at(self, step: int) -> Decision:
        return self._by_step[step]

    def to_data(self, seat: int | None = None) -> dict[str, Any]:
        """The review as JSON data (``docs/review.md``), of one player's decisions if ``seat``
        is given."""
        return _review_data(self, seat)

    def to_json(self, seat: int | None = None, *, indent: int | None = 1) -> str:
        return json.dumps(self.to_data(seat), ensure_ascii=False, indent=indent)


# ---------------------------------------------------------------------------- reviewing


def seat_of(players: Sequence[str], name: str) -> int:
    """The seat of the player called ``name`` (case and spacing as the name check compares
    them); a refusal (a ValueError) naming the players if there is none."""
    for seat, player in enumerate(players):
        if name_key(player) == name_key(name):
            return seat
    raise refused(RefusalError, "review_refuse_player", name=name, players=", ".join(players))


def review(record: GameRecord) -> Review:
    """Review a game record. Raises :class:`~schocken.errors.RecordError` for a record that does
    not replay (the same errors as :func:`~schocken.record.replay`)."""
    asked: list[tuple[int, int, PlayerView, tuple[Action, ...], Action]] = []
    unvalued: list[NotValued] = []

    def before(i: int, step: RecordStep, game: Game) -> None:
        if step.action is BUY_IN:
            unvalued.append(NotValued(i, step.seat, step.action, Unvalued.BUY_IN))
            return
        legal = game.legal_actions()
        if len(legal) < 2 or step.seat != game.current_player:
            return  # no choice (a turn's first throw), or a step the replay refuses next
        if i and record.steps[i - 1].note in MADE_UP_NOTES:
            unvalued.append(NotValued(i, step.seat, step.action, Unvalued.MADE_UP))
            return
        asked.append((i, step.seat, game.view(step.seat), legal, step.action))

    replay(record, before=before)
    decisions: list[Decision] = []
    for i, seat, view, legal, made in asked:
        assert made in legal  # the replay refuses an illegal step
        valued = value_actions(view)
        if isinstance(valued, Unvalued):
            unvalued.append(NotValued(i, seat, made, valued))
        else:
            stake, state, values = valued
            decisions.append(Decision(i, seat, view, state, stake, values, made))
    unvalued.sort(key=lambda u: u.step)
    summaries = tuple(
        _summary(seat, name, [d for d in decisions if d.seat == seat])
        for seat, name in enumerate(record.players)
    )
    return Review(
        record.rules,
        record.players,
        len(record.steps),
        tuple(decisions),
        tuple(unvalued),
        summaries,
    )


def situation_of(view: PlayerView) -> Situation:
    """The turn solver's situation for the viewer's turn in a round of a half, from their view
    only: the results shown before them, the covered cups before them by their aside dice and
    throws, the players after them, the limit (``None`` when they open), the Deckel."""
    seat = view.seat
    turns = view.turns
    pos = next(i for i, turn in enumerate(turns) if turn.seat == seat)
    before = turns[:pos]
    shown = tuple(turn.result for turn in before if turn.result is not None)
    covered = tuple((turn.aside, turn.throws) for turn in before if turn.result is None)
    assert seat is not None
    return Situation(
        view.rules,
        turn_state_of(view),
        None if pos == 0 else view.limit,
        shown,
        covered,
        len(view.order) - pos - 1,
        view.middle,
        view.deckel[seat],
    )


Valued = tuple[Stake, TurnState, tuple[ActionValue, ...]]
"""A decision's stake, the player's own turn, and every legal action valued, best first."""


def value_actions(view: PlayerView) -> Valued | Unvalued:
    """Every legal action of the viewer's decision valued from their view alone: in a round of
    a half by the turn solver (P(lose the round)), in the Finale by the Finale's solution
    (P(lose the game)); or why the decision is not valued. The one valuation that the review
    and the coach (:mod:`schocken.coach`) share."""
    if view.round_kind is not RoundKind.NORMAL:
        return Unvalued.OPENING
    mine = view.my_turn
    if mine is not None and mine.throws == 0:
        return Unvalued.BLIND  # a choice before the first throw: only whether to open blind
    if view.section is Section.FINALE:
        finale = _finale(view.rules)
        if finale is None:
            return Unvalued.NO_NUMPY
        return _finale_values(finale, view)
    sit = situation_of(view)
    values = tuple(ActionValue(v.action, float(v.p_lose), v.p_lose, v.deckel) for v in solve(sit))
    return Stake.ROUND, sit.state, values


@cache
def _finale(rules: Rules) -> FinaleSolution | None:
    """The Finale's solution, once per rule set (``None`` without numpy)."""
    if importlib.util.find_spec("numpy") is None:
        return None
    from schocken.finale_shared import finale_solution

    return finale_solution(rules)


def _finale_values(finale: FinaleSolution, view: PlayerView) -> Valued:
    seat = view.seat
    assert seat is not None
    other = next(s for s in view.order if s != seat)
    own, theirs = view.deckel[seat], view.deckel[other]
    state = turn_state_of(view)
    if view.order[0] == seat:
        values = finale.action_values(view.middle, own, theirs, state)
    else:
        first = view.turns[0]
        final: tuple[str, Result | Dice] = (
            ("shown", first.result) if first.result is not None else ("covered", first.aside)
        )
        values = finale.action_values(
            view.middle, own, theirs, state, opener_final=final, limit=view.limit
        )
    return Stake.GAME, state, tuple(ActionValue(a, p, None) for a, p in values)


def _summary(seat: int, name: str, decisions: Sequence[Decision]) -> PlayerSummary:
    counted = [d for d in decisions if d.matters]
    labels = {label: sum(1 for d in decisions if d.label is label) for label in Label}
    costly = sorted((d for d in decisions if d.loss > 0), key=lambda d: (-d.loss, d.step))
    return PlayerSummary(
        seat,
        name,
        len(decisions),
        len(counted),
        sum(1 for d in counted if d.label is Label.GOOD),
        labels,
        sum(d.loss for d in decisions),
        tuple(d.step for d in costly[:3]),
    )


# ---------------------------------------------------------------------------- JSON


def _fraction(p: Fraction | None) -> str | None:
    return None if p is None else f"{p.numerator}/{p.denominator}"


def _result_data(result: Result) -> dict[str, Any]:
    return {
        "dice": list(result.dice),
        "name": result_name(result, "en"),
        "kind": result.kind.value,
        "throws": result.throws,
        "one_throw": result.one_throw,
    }


def situation_data(view: PlayerView, state: TurnState) -> dict[str, Any]:
    """What the deciding player saw, as JSON data: their turn, the turns before them in the
    round (a covered one by its aside dice and throws only), how many come after, the Deckel."""
    seat = view.seat
    assert seat is not None
    pos = next(i for i, turn in enumerate(view.turns) if turn.seat == seat)
    before: list[dict[str, Any]] = []
    for turn in view.turns[:pos]:
        item: dict[str, Any] = {
            "seat": turn.seat,
            "player": view.players[turn.seat],
            "throws": turn.throws,
            "covered": turn.result is None,
        }
        if turn.result is None:
            item["aside"] = list(turn.aside)
        else:
            item["result"] = _result_data(turn.result)
        before.append(item)
    return {
        "section": view.section.value,
        "round": view.round_number,
        "order": list(view.order),
        "opener": pos == 0,
        "limit": None if pos == 0 else view.limit,
        "throws": state.throws,
        "dice": list(state.dice()),
        "aside": list(state.aside),
        "turned": state.turned,
        "must_throw": list(state.must_throw),
        "before": before,
        "after": len(view.order) - pos - 1,
        "middle": view.middle,
        "deckel": list(view.deckel),
    }


def _decision_data(d: Decision, players: Sequence[str]) -> dict[str, Any]:
    made, best = d.made_value, d.best
    return {
        "step": d.step,
        "seat": d.seat,
        "player": players[d.seat],
        "stake": d.stake.value,
        "situation": situation_data(d.view, d.state),
        "actions": [
            {
                "action": str(v.action),
                "p_lose": v.p_lose,
                "p_lose_exact": _fraction(v.exact),
                "deckel": None if v.deckel is None else float(v.deckel),
            }
            for v in d.values
        ],
        "made": str(made.action),
        "best": str(best.action),
        "p_made": made.p_lose,
        "p_best": best.p_lose,
        "loss": d.loss,
        "loss_exact": _fraction(d.exact_loss),
        "label": d.label.value,
        "matters": d.matters,
    }


def _review_data(r: Review, seat: int | None) -> dict[str, Any]:
    def mine(s: int) -> bool:
        return seat is None or s == seat

    return {
        "format": REVIEW_FORMAT,
        "version": REVIEW_VERSION,
        "rules": rules_to_data(r.rules),
        "players": list(r.players),
        "steps": r.steps,
        "player": seat,
        "thresholds": {label.value: float(least) for label, least in reversed(THRESHOLDS)},
        "decisions": [_decision_data(d, r.players) for d in r.decisions if mine(d.seat)],
        "unvalued": [
            {
                "step": u.step,
                "seat": u.seat,
                "player": r.players[u.seat],
                "action": str(u.action),
                "reason": u.reason.value,
            }
            for u in r.unvalued
            if mine(u.seat)
        ],
        "summary": [
            {
                "seat": s.seat,
                "player": s.name,
                "decisions": s.decisions,
                "counted": s.counted,
                "good": s.good,
                "accuracy": s.accuracy,
                "labels": {label.value: n for label, n in s.labels.items()},
                "given_away": s.given_away,
                "costliest": list(s.costliest),
            }
            for s in r.summaries
            if mine(s.seat)
        ],
    }


# ---------------------------------------------------------------------------- text


def _number(x: float, lang: str, digits: int = 4) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", t("number_decimal", lang))


def _dice(dice: Sequence[int]) -> str:
    return "-".join(map(str, dice))


def _where(view: PlayerView, lang: str) -> str:
    return t("review_where", lang, section=t(view.section.value, lang), number=view.round_number)


def _turn_state(d: Decision, lang: str) -> str:
    """The player's own turn: "throw 2 of 3: 6-6-1, aside 1"."""
    view, state = d.view, d.state
    opener = view.order[0] == d.seat
    limit = MAX_THROWS if opener or view.limit is None else view.limit
    key = "review_turn_opener" if opener else "review_turn"
    text = t(key, lang, throws=state.throws, limit=limit, dice=_dice(state.dice()))
    if state.aside:
        text += t("review_aside", lang, dice=_dice(state.aside))
    if state.turned:
        text += t("review_turned", lang, dice=_dice(state.must_throw) or "-")
    return text


def _p_name(stake: Stake, lang: str) -> str:
    return t(f"review_p_{stake.value}", lang)


def decision_line(d: Decision, players: Sequence[str], lang: str) -> str:
    """One line for a decision: who, where, their turn, the move made and the best with their
    P(lose), the loss and the label."""
    made, best = d.made_value, d.best
    return t(
        "review_line",
        lang,
        step=d.step,
        name=players[d.seat],
        where=_where(d.view, lang),
        turn=_turn_state(d, lang),
        p=_p_name(d.stake, lang),
        made=action_name(made.action, lang),
        p_made=_number(made.p_lose, lang),
        best=action_name(best.action, lang),
        p_best=_number(best.p_lose, lang),
        loss=_number(d.loss, lang),
        label=t(f"review_{d.label.value}", lang),
    )


def situation_lines(d: Decision, players: Sequence[str], lang: str) -> list[str]:
    """A decision as the player saw it, for the costliest: their turn, the turns before them
    (covered cups by their aside dice only), the players after, the Deckel, every action."""
    view = d.view
    seat = d.seat
    pos = next(i for i, turn in enumerate(view.turns) if turn.seat == seat)
    name = players[seat]
    lines = [
        t(
            "review_situation",
            lang,
            step=d.step,
            name=name,
            where=_where(view, lang),
            label=t(f"review_{d.label.value}", lang),
            loss=_number(d.loss, lang),
        ),
        "    " + _turn_state(d, lang),
    ]
    before = []
    for turn in view.turns[:pos]:
        who = players[turn.seat]
        if turn.result is None:
            aside = _dice(turn.aside) or "-"
            nth = throw_nth(turn.throws, lang)
            before.append(t("review_before_covered", lang, name=who, aside=aside, nth=nth))
        else:
            before.append(
                t(
                    "review_before_shown",
                    lang,
                    name=who,
                    result=result_name(turn.result, lang),
                    nth=throw_nth(turn.throws, lang),
                )
            )
    lines.append(
        "    "
        + t("review_before", lang, turns="; ".join(before) if before else t("review_none", lang))
    )
    deckel = ", ".join(
        f"{players[s]} {view.deckel[s]}" for s in range(len(players)) if view.playing[s]
    )
    lines.append(
        "    "
        + t(
            "review_after",
            lang,
            after=len(view.order) - pos - 1,
            middle=view.middle,
            deckel=deckel,
        )
    )
    for v in d.values:
        mark = ">" if v.action == d.made else " "
        exact = f" ({_fraction(v.exact)})" if v.exact is not None else ""
        lines.append(
            f"  {mark} {action_name(v.action, lang)}: {_p_name(d.stake, lang)} = "
            f"{_number(v.p_lose, lang)}{exact}"
        )
    return lines


def summary_lines(r: Review, lang: str, seat: int | None = None) -> list[str]:
    """Each player's accuracy and losses, then their three costliest decisions as situations."""
    lines: list[str] = []
    for s in r.summaries:
        if seat is not None and s.seat != seat:
            continue
        accuracy = "-" if s.accuracy is None else _number(s.accuracy, lang, 1)
        lines.append(
            t(
                "review_summary",
                lang,
                name=s.name,
                accuracy=accuracy,
                good=s.good,
                counted=s.counted,
                decisions=s.decisions,
                given=_number(s.given_away, lang, 3),
                inaccuracies=s.labels[Label.INACCURACY],
                mistakes=s.labels[Label.MISTAKE],
                blunders=s.labels[Label.BLUNDER],
            )
        )
    for s in r.summaries:
        if (seat is not None and s.seat != seat) or not s.costliest:
            continue
        lines.append(t("review_costliest", lang, name=s.name, n=len(s.costliest)))
        for step in s.costliest:
            lines.extend(situation_lines(r.decision_at(step), r.players, lang))
    return lines


def unvalued_lines(r: Review, lang: str, seat: int | None = None) -> list[str]:
    """How many steps were not valued, and why, one line a reason."""
    lines = []
    for reason in Unvalued:
        n = sum(1 for u in r.unvalued if u.reason is reason and (seat is None or u.seat == seat))
        if n:
            lines.append(counted(f"review_unvalued_{reason.value}", n, lang))
    return lines


def review_lines(r: Review, lang: str, seat: int | None = None) -> list[str]:
    """The whole review as text: every decision, what was not valued, the summary."""
    lines = [
        t(
            "review_title",
            lang,
            preset=r.rules.preset,
            players=", ".join(r.players),
            steps=r.steps,
        )
    ]
    decisions = [d for d in r.decisions if seat is None or d.seat == seat]
    lines.extend(decision_line(d, r.players, lang) for d in decisions)
    lines.extend(unvalued_lines(r, lang, seat))
    lines.append("")
    lines.extend(summary_lines(r, lang, seat))
    return lines
