"""Observations: a player's own view as a flat vector, and the mask of the legal actions.

The vector is made from :class:`~schocken.views.PlayerView` alone, the engine's picture of what
one seat may see, in which another player's covered dice are absent (``showing`` and ``result``
``None``): nothing hidden can get into it. Every value lies between 0 and 1. The seats are taken
relative to the viewer (block 0 is the viewer, block 1 the next seat clockwise, ...), so a policy
learnt in one seat plays in any.

The parts, in order (:attr:`Encoder.parts` names them with their sizes):

- the game: phase, section (half or Finale), what the round is played for, the throw limit, the
  Deckel in the middle, the viewer's place in the round's order of play, how many play it;
- the viewer's turn as it stands: what its dice are worth if it stopped now (the result's place
  among all results), and whether that would be the worst or the best of the results it can see;
- each seat: its Deckel, whether it plays the half and the round and where in its order, whose
  turn it is, its lost halves; its turn in this round: throws used, dice set aside (a count per
  pip), the dice showing and the result where the viewer may see them, what must be thrown again
  and the ones just turned;
- the rule options: each yes/no option as 0 or 1, each choice one-hot, each number scaled.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from functools import cache
from itertools import accumulate
from typing import Any

import numpy as np
import numpy.typing as npt

from schocken.events import RoundKind, Section
from schocken.results import Dice, Result, ResultKind, ResultTable, result_table
from schocken.rl.table import ACTIONS
from schocken.rules import MAX_THROWS, Rules
from schocken.views import Phase, PlayerView

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
Observation = dict[str, npt.NDArray[Any]]
"""What the environments observe: ``observation`` (a :data:`Vector`) and ``action_mask``."""

_PHASES = tuple(Phase)
_SECTIONS = tuple(Section)
_KINDS = tuple(RoundKind)
_RESULT_KINDS = tuple(ResultKind)
_SCALE_NUMBERS = 50
"""A rule option's number (Deckel per half, a Jule's worth) counts as at most this many."""

_SEAT = (
    ("deckel", 1),
    ("playing", 1),
    ("in_round", 1),
    ("place", 1),
    ("current", 1),
    ("halves_lost", 1),
    ("has_turn", 1),
    ("done", 1),
    ("covered", 1),
    ("throws", 1),
    ("aside", 6),
    ("showing_seen", 1),
    ("showing", 6),
    ("result_seen", 1),
    ("result_kind", len(_RESULT_KINDS)),
    ("result_place", 1),
    ("result_deckel", 1),
    ("one_throw", 1),
    ("must_throw", 6),
    ("turned", 1),
)
_SEAT_SIZE = sum(size for _, size in _SEAT)
_SEAT_AT = dict(
    zip([n for n, _ in _SEAT], accumulate([s for _, s in _SEAT[:-1]], initial=0), strict=True)
)
"""Where each part of a seat's block begins."""


def rule_vector(rules: Rules) -> Vector:
    """The rule options as numbers from 0 to 1 (the preset's name left out)."""
    out: list[float] = []
    for f in dataclasses.fields(rules):
        if f.name == "preset":
            continue
        value = getattr(rules, f.name)
        if isinstance(value, Enum):
            out += [1.0 if value is member else 0.0 for member in type(value)]
        elif isinstance(value, bool):
            out.append(1.0 if value else 0.0)
        else:
            out.append(min(int(value), _SCALE_NUMBERS) / _SCALE_NUMBERS)
    return np.array(out, dtype=np.float32)


@cache
def _places(rules: Rules) -> tuple[ResultTable, int, int]:
    """The rules' result table, and the lowest and highest place a result of three dice has."""
    table = result_table(rules)
    codes = [table.order_code(r) for r in table.by_key.values()]
    return table, min(codes), max(codes)


class Encoder:
    """Turns views of a game of ``players`` seats under ``rules`` into vectors of :attr:`size`."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self._rules = rule_vector(rules)
        self._scale = max(rules.deckel_per_half, rules.deckel_in_finale)
        self._table, self._lo, self._hi = _places(rules)
        n = players
        self.parts: tuple[tuple[str, int], ...] = (
            ("phase", len(_PHASES)),
            ("section", len(_SECTIONS)),
            ("round_kind", len(_KINDS)),
            ("limit", MAX_THROWS + 1),
            ("middle", 1),
            ("my_place", n + 1),
            ("in_round", 1),
            ("now_place", 1),
            ("now_worst", 1),
            ("now_best", 1),
            *((f"seat_{r}", _SEAT_SIZE) for r in range(n)),
            ("rules", len(self._rules)),
        )
        """Each part of the vector: its name and size, in order."""
        self.size = sum(size for _, size in self.parts)
        """The length of every vector."""
        names = [name for name, _ in self.parts]
        self._seats_at = sum(size for _, size in self.parts[: names.index("seat_0")])

    def _place(self, result: Result) -> float:
        code = self._table.order_code(result)
        return min(1.0, max(0.0, (code - self._lo) / (self._hi - self._lo)))

    def encode(self, view: PlayerView) -> Vector:
        """The vector of ``view`` (a seat's view, not a spectator's)."""
        me = view.seat
        if me is None:
            raise ValueError("a spectator's view has no observation: give a seat's view")
        n = self.players
        v = np.zeros(self.size, dtype=np.float32)
        i = 0
        v[i + _PHASES.index(view.phase)] = 1
        i += len(_PHASES)
        v[i + _SECTIONS.index(view.section)] = 1
        i += len(_SECTIONS)
        v[i + _KINDS.index(view.round_kind)] = 1
        i += len(_KINDS)
        v[i + (view.limit or 0)] = 1
        i += MAX_THROWS + 1
        v[i] = min(1.0, view.middle / self._scale)
        i += 1
        order = view.order
        v[i + (order.index(me) if me in order else n)] = 1
        i += n + 1
        v[i] = len(order) / n
        i += 1
        self._now(view, v, i)
        turns = {t.seat: place for place, t in enumerate(view.turns)}
        for seat in range(n):
            at = self._seats_at + ((seat - me) % n) * _SEAT_SIZE
            self._seat(view, seat, turns.get(seat), v, at)
        v[self.size - len(self._rules) :] = self._rules
        return v

    def _now(self, view: PlayerView, v: Vector, i: int) -> None:
        """What the viewer's turn in progress is worth now, against the results it can see."""
        mine = view.my_turn
        if mine is None or mine.done or mine.showing is None or len(mine.showing) != 3:
            return
        if view.current != view.seat:
            return
        now = self._table.by_key[mine.showing, mine.one_throw, mine.throws]
        v[i] = self._place(now)
        place = len(view.turns) - 1
        key = self._table.order_key(now, place)
        shown = [
            self._table.order_key(t.result, p)
            for p, t in enumerate(view.turns[:place])
            if t.result is not None
        ]
        if shown:
            v[i + 1] = 1.0 if key < min(shown) else 0.0
            v[i + 2] = 1.0 if key > max(shown) else 0.0

    def _seat(
        self,
        view: PlayerView,
        seat: int,
        place: int | None,
        v: Vector,
        at: int,
    ) -> None:
        a = _SEAT_AT
        v[at + a["deckel"]] = min(1.0, view.deckel[seat] / self._scale)
        v[at + a["playing"]] = 1.0 if view.playing[seat] else 0.0
        if seat in view.order:
            v[at + a["in_round"]] = 1
            v[at + a["place"]] = (view.order.index(seat) + 1) / self.players
        v[at + a["current"]] = 1.0 if view.current == seat else 0.0
        v[at + a["halves_lost"]] = min(1.0, view.half_losers.count(seat) / 2)
        if place is None:
            return
        t = view.turns[place]
        v[at + a["has_turn"]] = 1
        v[at + a["done"]] = 1.0 if t.done else 0.0
        v[at + a["covered"]] = 1.0 if t.covered else 0.0
        v[at + a["throws"]] = t.throws / MAX_THROWS
        _count(t.aside, v, at + a["aside"])
        if t.showing is not None:
            v[at + a["showing_seen"]] = 1
            _count(t.showing, v, at + a["showing"])
        if t.result is not None:
            r = t.result
            v[at + a["result_seen"]] = 1
            v[at + a["result_kind"] + _RESULT_KINDS.index(r.kind)] = 1
            v[at + a["result_place"]] = self._place(r)
            worth = r.deckel
            v[at + a["result_deckel"]] = 1.0 if worth is None else min(1.0, worth / self._scale)
            v[at + a["one_throw"]] = 1.0 if r.one_throw else 0.0
        _count(t.must_throw, v, at + a["must_throw"])
        v[at + a["turned"]] = t.turned / 2


def _count(dice: Dice, v: Vector, at: int) -> None:
    """Dice as a count per pip (1 to 6), each count over 3."""
    for p in dice:
        v[at + p - 1] += 1 / 3


def action_mask(codes: tuple[int, ...]) -> Mask:
    """1 at the legal action codes, 0 elsewhere (:data:`~schocken.rl.table.ACTIONS` long)."""
    mask = np.zeros(ACTIONS, dtype=np.int8)
    mask[list(codes)] = 1
    return mask


__all__ = ["Encoder", "Mask", "Observation", "Vector", "action_mask", "rule_vector"]
