"""The coach at the table: before a decision, the legal moves ranked by their chance of losing;
after a costly move, a short note why.

The coach values a decision exactly as the review does and as ``schocken hint`` does
(:func:`schocken.review.value_actions`: the turn solver's P(lose the round) in a half, the
Finale's solution's P(lose the game) in the Finale), from the deciding player's own view, so it
never knows another player's covered dice. A move whose loss reaches the review's mistake
threshold (:data:`schocken.review.MISTAKE`) gets a note: what it cost, the better move, and the
plainest reason the situation gives.

It is opt-in per player and off by default; front ends show everyone who has it on (the web
table in its player list, the terminal in its status line), so a game stays fair.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schocken.actions import STOP, Action, Throw
from schocken.results import Result, result_table
from schocken.review import (
    MISTAKE,
    ActionValue,
    Decision,
    Stake,
    Unvalued,
    value_actions,
)
from schocken.texts import action_name, result_name, t
from schocken.turn import TurnState
from schocken.views import Phase, PlayerView


@dataclass(frozen=True, slots=True)
class Advice:
    """A decision before it is made: every legal action valued, best first."""

    view: PlayerView
    """The game as the deciding player sees it."""
    state: TurnState
    """The player's own turn."""
    stake: Stake
    values: tuple[ActionValue, ...]

    def judge(self, made: Action) -> Decision:
        """The decision once ``made``: its loss and label, as the review has them."""
        seat = self.view.seat
        assert seat is not None
        return Decision(-1, seat, self.view, self.state, self.stake, self.values, made)

    def is_best(self, value: ActionValue) -> bool:
        """Whether ``value`` is as good as the best (exactly, or within the Finale's float
        tolerance)."""
        return self.judge(value.action).loss == 0


def advise(view: PlayerView) -> Advice | None:
    """The coach's advice for the viewer's decision now; ``None`` where there is nothing to
    advise: not the viewer's decision, a single legal action, or a decision the review does not
    value either (the opening round, Einwürfeln, the Finale without numpy)."""
    mine = view.my_turn
    if view.seat is None or view.current != view.seat or view.phase is not Phase.PLAYING:
        return None
    if mine is None or mine.done or mine.throws == 0:
        return None  # a turn's first throw is no choice (nor is buying in one for the round)
    valued = value_actions(view)
    if isinstance(valued, Unvalued):
        return None
    stake, state, values = valued
    if len(values) < 2:
        return None
    return Advice(view, state, stake, values)


def percent(p: float, lang: str) -> str:
    """A chance as players say it: ``31.2%``, in German ``31,2 %``; a chance that is not 0 (or
    not 1) never shows as one."""
    if 0 < p < 0.0005:
        text = "<0.1"
    elif 0.9995 <= p < 1:
        text = ">99.9"
    else:
        text = f"{100 * p:.1f}"
    return t("percent_spaced", lang, number=text.replace(".", t("number_decimal", lang)))


def moves(advice: Advice, lang: str) -> list[dict[str, Any]]:
    """The ranked moves as data for a screen: the action (as the protocol writes it), its name,
    its chance of losing (a float and as text) and whether it is among the best."""
    return [
        {
            "action": str(v.action),
            "text": action_name(v.action, lang),
            "p_lose": v.p_lose,
            "percent": percent(v.p_lose, lang),
            "best": advice.is_best(v),
        }
        for v in advice.values
    ]


def ranking_lines(advice: Advice, lang: str) -> list[str]:
    """The coach's ranking, one line per legal move, best first."""
    stake = t(f"coach_stake_{advice.stake.value}", lang)
    lines = [t("coach_heading", lang, stake=stake)]
    for rank, move in enumerate(moves(advice, lang), 1):
        key = "coach_move_best" if move["best"] else "coach_move"
        lines.append(t(key, lang, rank=rank, action=move["text"], p=move["percent"]))
    return lines


def note(advice: Advice, made: Action, name: str, lang: str) -> str | None:
    """A short note after ``made`` if it cost at least the review's mistake threshold, else
    ``None``: the label, the chances of the move made and of the best, and why."""
    decision = advice.judge(made)
    if decision.loss < MISTAKE:
        return None
    best = decision.best.action
    text = t(
        "coach_note",
        lang,
        name=name,
        made=action_name(made, lang),
        label=t(f"review_{decision.label.value}", lang),
        stake=t(f"coach_stake_{advice.stake.value}", lang),
        p_made=percent(decision.made_value.p_lose, lang),
        best=action_name(best, lang),
        p_best=percent(decision.best.p_lose, lang),
    )
    why = _why(advice, made, best, lang)
    return f"{text} {why}" if why else text


def _why(advice: Advice, made: Action, best: Action, lang: str) -> str:
    """The plainest reason the situation gives for the better move."""
    view, state = advice.view, advice.state
    table = result_table(view.rules)
    if state.throws == 0 or advice.stake is Stake.GAME:
        return ""
    mine = state.result(table)
    pos = next(i for i, turn in enumerate(view.turns) if turn.seat == view.seat)
    after = len(view.order) - pos - 1
    if made is STOP and isinstance(best, Throw):
        worst = _worst_shown(view, pos)
        if worst is not None and table.order_key(mine, pos) < table.order_key(worst[1], worst[0]):
            return t(
                "coach_why_below",
                lang,
                result=result_name(mine, lang),
                worst=result_name(worst[1], lang),
            )
        if after:
            return t("coach_why_after", lang, result=result_name(mine, lang), n=after)
    if isinstance(made, Throw) and best is STOP:
        return t("coach_why_enough", lang, result=result_name(mine, lang))
    if isinstance(made, Throw) and isinstance(best, Throw) and best.keep:
        return t("coach_why_keep", lang, dice="-".join(map(str, best.keep)))
    return ""


def _worst_shown(view: PlayerView, pos: int) -> tuple[int, Result] | None:
    """The worst result shown before the player (with its place in the round), if any."""
    table = result_table(view.rules)
    shown = [(i, turn.result) for i, turn in enumerate(view.turns[:pos]) if turn.result]
    if not shown:
        return None
    return min(shown, key=lambda item: table.order_key(item[1], item[0]))
