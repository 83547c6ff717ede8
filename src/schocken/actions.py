"""Actions: what a player can do. Small frozen values with a text form and an integer code.

>>> parse_action("throw keep 1-1")
Throw(keep=(1, 1))
>>> str(Throw((1, 1)))
'throw keep 1-1'
>>> action_from_code(Stop().code)
Stop()
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from schocken.errors import RefusalError
from schocken.refusal_texts import english
from schocken.results import Dice, all_rolls, sort_dice


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw the dice in the cup, keeping ``keep`` (a multiset of the dice now showing) out.

    A turn's first throw keeps nothing and throws all three dice. Later throws keep up to two of
    the dice showing (set aside earlier or shown by the last throw) and throw the rest.
    """

    keep: Dice = ()

    def __post_init__(self) -> None:
        if isinstance(self.keep, tuple | list) and all(
            isinstance(p, int) and not isinstance(p, bool) for p in self.keep
        ):
            object.__setattr__(self, "keep", sort_dice(self.keep))

    def __str__(self) -> str:
        if not self.keep:
            return "throw"
        return "throw keep " + "-".join(str(p) for p in self.keep)

    @property
    def code(self) -> int:
        try:
            return _KEEP_CODES[self.keep]
        except (KeyError, TypeError):
            raise ValueError(f"{self!r} is no legal throw: it keeps more than two dice") from None


@dataclass(frozen=True, slots=True)
class TurnSixes:
    """Turn sixes of the last throw into ones: two sixes give one 1, three give two."""

    CODE: ClassVar[int] = 28

    def __str__(self) -> str:
        return "turn"

    @property
    def code(self) -> int:
        return self.CODE


@dataclass(frozen=True, slots=True)
class Stop:
    """End the turn with the dice showing."""

    CODE: ClassVar[int] = 29

    def __str__(self) -> str:
        return "stop"

    @property
    def code(self) -> int:
        return self.CODE


@dataclass(frozen=True, slots=True)
class BuyIn:
    """Einwürfeln: a player who is out buys back into the half, before the round's first throw."""

    CODE: ClassVar[int] = 30

    def __str__(self) -> str:
        return "buyin"

    @property
    def code(self) -> int:
        return self.CODE


@dataclass(frozen=True, slots=True)
class ThrowBlind:
    """Open a round blind: the opener's first throw, not looked at; the round is one throw each,
    every cup covered until the reveal (rules option ``blind``)."""

    CODE: ClassVar[int] = 31

    def __str__(self) -> str:
        return "blind"

    @property
    def code(self) -> int:
        return self.CODE


Action = Throw | TurnSixes | Stop | BuyIn | ThrowBlind

KEEPS: tuple[Dice, ...] = ((), *all_rolls(1), *all_rolls(2))
"""Every multiset a throw can keep: none, one die or two dice (28 in all)."""
_KEEP_CODES = {keep: i for i, keep in enumerate(KEEPS)}
THROWS: dict[Dice, Throw] = {keep: Throw(keep) for keep in KEEPS}
"""One shared :class:`Throw` per keep multiset."""
TURN_SIXES = TurnSixes()
STOP = Stop()
BUY_IN = BuyIn()
THROW_BLIND = ThrowBlind()
ACTION_COUNT = 32
"""Integer codes run from 0 to 31: 28 throws, turn, stop, buy in, blind."""

_BY_CODE: tuple[Action, ...] = (*THROWS.values(), TURN_SIXES, STOP, BUY_IN, THROW_BLIND)


def action_from_code(code: int) -> Action:
    """The action with that integer code."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < ACTION_COUNT:
        raise ValueError(f"no action has the code {code!r}; codes run from 0 to {ACTION_COUNT - 1}")
    return _BY_CODE[code]


_THROW_RE = re.compile(r"^throw(?:\s+keep\s+([1-6](?:\s*-\s*[1-6])*))?$")


def parse_action(text: str) -> Action:
    """An action from its text form.

    The forms are ``throw``, ``throw keep 1-1``, ``turn``, ``stop``, ``buyin`` and ``blind``;
    anything else is refused (:class:`~schocken.errors.RefusalError`, a :class:`ValueError`).
    """
    if not isinstance(text, str):
        raise _refused("action_refuse_text", value=repr(text))
    t = " ".join(text.strip().lower().split())
    if t == "turn":
        return TURN_SIXES
    if t == "stop":
        return STOP
    if t == "buyin":
        return BUY_IN
    if t == "blind":
        return THROW_BLIND
    m = _THROW_RE.match(t)
    if m is None:
        raise _refused("action_refuse_unknown", text=text)
    keep = sort_dice(int(p) for p in re.findall(r"[1-6]", m.group(1) or ""))
    if len(keep) > 2:
        raise _refused("action_refuse_keep", text=text)
    return THROWS[keep]


def _refused(key: str, **fields: object) -> RefusalError:
    """A refusal of an action's text (a :class:`ValueError`), keyed so that a page says it in
    its user's language (:mod:`schocken.record_texts`)."""
    return RefusalError(english(key, fields), key=key, **fields)
