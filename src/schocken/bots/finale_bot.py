"""The Finale bot: plays the Finale by its exact solution (:mod:`schocken.finale`), from its
player's view only; outside the Finale it asks another strategy. Needs numpy (the ``analysis``
extra) for the solution."""

from __future__ import annotations

from collections.abc import Sequence

from schocken.actions import THROW_BLIND, Action
from schocken.events import RoundKind, Section
from schocken.finale import Column, FinaleSolution
from schocken.odds import turn_state_of
from schocken.play import Strategy
from schocken.views import PlayerView


class FinaleBot:
    """Plays the Finale optimally by the solution, from its player's view only.

    Outside the Finale it asks ``fallback``. The responder sees the opener's result only when it
    is shown (the view leaves a covered result out), and then decides on the aside dice.
    """

    name = "finale"

    def __init__(self, solution: FinaleSolution, fallback: Strategy) -> None:
        self.solution = solution
        self.fallback = fallback

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.section is not Section.FINALE or view.round_kind is not RoundKind.NORMAL:
            return self.fallback.choose(view, legal)
        return self.play(view, legal)

    def play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The solution's action in a round for Deckel between two players whose Deckel and
        middle add up to the solution's (the Finale, or a half with two players left)."""
        if legal[-1] is THROW_BLIND:
            return legal[0]  # never opens a round blind (docs/bots.md)
        seat = view.seat
        assert seat is not None
        other = next(s for s in view.order if s != seat)
        own_d, other_d = view.deckel[seat], view.deckel[other]
        state = turn_state_of(view)
        if view.order[0] == seat:
            action = self.solution.best_action(view.middle, own_d, other_d, state)
        else:
            first = view.turns[0]
            final: Column = (
                ("shown", first.result) if first.result is not None else ("covered", first.aside)
            )
            assert view.limit is not None
            action = self.solution.best_action(
                view.middle, own_d, other_d, state, opener_final=final, limit=view.limit
            )
        if action not in legal:
            raise AssertionError(f"the Finale solution chose {action}, not legal: {legal}")
        return action

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self.fallback.wants_buy_in(view)
