"""What the scorer enters in pub mode: a turn (:class:`TurnEntry`: the dice at its end, the
throws...) or an answer to buying in (:class:`BuyInEntry`), their plain data, and the parsers of
the typed forms (``6-6-1 2``, ``Schock 4``: :func:`parse_turn`, :func:`parse_result`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from schocken.errors import (
    PubEntryError,
)
from schocken.results import Dice, ResultKind, sort_dice
from schocken.texts import refused, said

# ---------------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class TurnEntry:
    """One player's turn as the scorer entered it.

    ``dice`` are the three dice at the end of the turn, ``throws`` how many throws it used.
    ``hand``: whether all three dice showed in the last throw (none set aside, aus der Hand);
    ``None`` means yes for one throw and no for more. ``turned``: how many of the final dice are
    ones turned from sixes (0 to 2). ``covered``: whether the cup stayed covered until the reveal
    (``None``: as the rules say; given, it is checked). ``seat``: whose turn it was (``None``:
    whoever's turn it is; the stored entry names it). ``result``: the result's name when it was
    entered by name (:meth:`PubGame.enter_result`). ``blind``: the opener opened the round blind
    (rules with ``blind``): his one throw, unseen; every turn of that round is then one throw.
    """

    dice: Dice
    throws: int = 1
    hand: bool | None = None
    turned: int = 0
    covered: bool | None = None
    seat: int | None = None
    result: str | None = None
    blind: bool = False

    @property
    def one_throw(self) -> bool:
        """Whether the result counts as thrown in one throw (the ``hand`` entered or implied)."""
        if self.hand is not None:
            return self.hand
        return self.throws == 1 and not self.turned

    def to_data(self) -> dict[str, Any]:
        """The entry as plain JSON data (defaults left out)."""
        data: dict[str, Any] = {"kind": "turn"}
        if self.seat is not None:
            data["seat"] = self.seat
        data["dice"] = list(self.dice)
        data["throws"] = self.throws
        if self.hand is not None:
            data["hand"] = self.hand
        if self.turned:
            data["turned"] = self.turned
        if self.covered is not None:
            data["covered"] = self.covered
        if self.result is not None:
            data["result"] = self.result
        if self.blind:
            data["blind"] = True
        return data

    def __str__(self) -> str:
        """The short text form ``schocken pub`` reads (:func:`parse_turn`): ``6-6-1 2 h t``."""
        if self.result is not None:
            head = f"r {self.result}"
        else:
            head = "-".join(str(p) for p in self.dice)
        parts = [head, str(self.throws)]
        if self.hand is not None and self.hand != (self.throws == 1 and not self.turned):
            parts.append("h" if self.hand else "a")
        parts += ["t"] * self.turned
        if self.covered is not None:
            parts.append("c" if self.covered else "o")
        if self.blind:
            parts.append("b")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class BuyInEntry:
    """The scorer's answer to the engine's question whether a player who is out buys back in
    (Einwürfeln) before the round's first throw."""

    seat: int
    buys_in: bool

    def to_data(self) -> dict[str, Any]:
        return {"kind": "buy_in", "seat": self.seat, "buys_in": self.buys_in}

    def __str__(self) -> str:
        return "y" if self.buys_in else "n"


Entry = TurnEntry | BuyInEntry


def entry_from_data(data: object) -> Entry:
    """An entry from the plain data ``to_data`` gives; anything else is refused with what is
    wrong (:class:`~schocken.errors.PubEntryError`). The dice of a turn may be left out when it
    names its ``result``."""
    if not isinstance(data, Mapping):
        raise refused(PubEntryError, "pub_refuse_entry_object")
    kind = data.get("kind")
    fields = {
        "turn": {"kind", "seat", "dice", "throws", "hand", "turned", "covered", "result", "blind"},
        "buy_in": {"kind", "seat", "buys_in"},
    }
    if kind not in fields:
        raise refused(PubEntryError, "pub_refuse_entry_kind", value=kind)
    unknown = sorted(str(k) for k in data if k not in fields[kind])
    if unknown:
        raise refused(
            PubEntryError, "pub_refuse_entry_fields", kind=kind, fields=", ".join(unknown)
        )
    seat = data.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise refused(PubEntryError, "pub_refuse_entry_seat", value=seat)
    if kind == "buy_in":
        buys_in = data.get("buys_in")
        if seat is None or not isinstance(buys_in, bool):
            raise refused(PubEntryError, "pub_refuse_entry_buy_in")
        return BuyInEntry(seat, buys_in)
    for name in ("hand", "covered", "blind"):
        if data.get(name) is not None and not isinstance(data.get(name), bool):
            raise refused(PubEntryError, "pub_refuse_entry_flag", field=name, value=data.get(name))
    throws, turned = data.get("throws", 1), data.get("turned", 0)
    for name, value in (("throws", throws), ("turned", turned)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise refused(PubEntryError, "pub_refuse_entry_number", field=name, value=value)
    result = data.get("result")
    if result is not None and not isinstance(result, str):
        raise refused(PubEntryError, "pub_refuse_entry_result", value=result)
    raw = data.get("dice")
    if raw is None and result is not None:
        dice = parse_result(result).dice
    elif isinstance(raw, list) and all(isinstance(p, int) and not isinstance(p, bool) for p in raw):
        dice = tuple(raw)
    else:
        raise refused(PubEntryError, "pub_refuse_entry_dice", value=raw)
    blind = data.get("blind") is True
    return TurnEntry(
        dice, throws, data.get("hand"), turned, data.get("covered"), seat, result, blind
    )


class NamedResult(NamedTuple):
    """A result entered by name: its dice, its kind, and whether it must be in one throw."""

    name: str
    dice: Dice
    kind: ResultKind
    hand: bool


RESULT_FORMS = (
    "Schock-Aus, Hand-Aus, Jule, Nutte, Achter, Schock 2 to 6, General 2 to 6, Straße 6-5-4 "
    "(or Straße 6)"
)


def parse_result(text: str) -> NamedResult:
    """A result by name, German or English: ``Schock-Aus`` (``aus``), ``Hand-Aus``, ``Jule``
    (4-2-1, where the rules have one), ``Nutte`` or ``Siebener`` (2-2-1, likewise), ``Achter``
    (3-3-1, likewise), ``Schock 4``, ``General 5``, ``Straße 6-5-4`` (``Strasse 654``,
    ``Straße 6``: its top die).

    >>> parse_result("schock 4")
    NamedResult(name='Schock 4', dice=(4, 1, 1), kind=<ResultKind.SCHOCK: 'schock'>, hand=False)
    >>> parse_result("strasse 5").dice
    (5, 4, 3)
    """
    if not isinstance(text, str):
        raise refused(PubEntryError, "pub_refuse_result_kind", value=text)
    words = text.strip().lower().replace("ß", "ss").replace("-", " ").split()
    head, rest = (words[0], "".join(words[1:])) if words else ("", "")
    if words in (["aus"], ["schockaus"], ["schock", "aus"]):
        return NamedResult("Schock-Aus", (1, 1, 1), ResultKind.SCHOCK_AUS, False)
    if words in (["handaus"], ["hand", "aus"]):
        return NamedResult("Hand-Aus", (1, 1, 1), ResultKind.SCHOCK_AUS, True)
    if words == ["jule"]:
        return NamedResult("Jule", (4, 2, 1), ResultKind.JULE, False)
    if words in (["nutte"], ["siebener"]):
        return NamedResult("Nutte", (2, 2, 1), ResultKind.NUTTE, False)
    if words == ["achter"]:
        return NamedResult("Achter", (3, 3, 1), ResultKind.ACHTER, False)
    if head in ("schock", "general") and rest in ("2", "3", "4", "5", "6"):
        n = int(rest)
        if head == "schock":
            return NamedResult(f"Schock {n}", (n, 1, 1), ResultKind.SCHOCK, False)
        return NamedResult(f"General {n}", (n, n, n), ResultKind.GENERAL, False)
    if head in ("strasse", "street") and rest.isdigit() and len(rest) in (1, 3):
        top = max(int(p) for p in rest)
        dice = (top, top - 1, top - 2)
        if 3 <= top <= 6 and (len(rest) == 1 or sort_dice(int(p) for p in rest) == dice):
            return NamedResult(f"Straße {top}-{top - 1}-{top - 2}", dice, ResultKind.STRASSE, False)
    raise refused(
        PubEntryError, "pub_refuse_result_name", text=text, forms=said("pub_result_forms")
    )


def parse_turn(text: str) -> TurnEntry:
    """A turn from its short text form: the dice, then the throws (default 1), then marks.

    Dice are ``6-6-1`` or ``661``; a result by name follows ``r`` (``r schock 4 2``). Marks:
    ``h`` all three dice in the last throw (aus der Hand), ``a`` assembled (dice set aside),
    ``t`` one turned six (``tt`` or ``t2``: two), ``c`` the cup stayed covered, ``o`` it was shown,
    ``b`` the opener threw blind.

    >>> parse_turn("6-6-1 2 t")  # doctest: +NORMALIZE_WHITESPACE
    TurnEntry(dice=(6, 6, 1), throws=2, hand=None, turned=1, covered=None, seat=None, result=None,
              blind=False)
    >>> str(parse_turn("r general 5 2 h"))
    'r General 5 2 h'
    """
    words = text.strip().lower().split()
    if not words:
        raise refused(PubEntryError, "pub_refuse_turn_empty")
    result: str | None = None
    if words[0] == "r":
        for size in (3, 2, 1):  # the longest name that is a result; throws and marks follow
            try:
                named = parse_result(" ".join(words[1 : 1 + size]))
            except PubEntryError:
                continue
            result, dice, rest = named.name, named.dice, words[1 + size :]
            break
        else:
            raise refused(
                PubEntryError,
                "pub_refuse_result_name",
                text=" ".join(words[1:]),
                forms=said("pub_result_forms"),
            )
    else:
        dice = _parse_dice(words[0])
        rest = words[1:]
    throws = 1
    if rest and rest[0].isdigit():
        throws = int(rest[0])
        rest = rest[1:]
    hand: bool | None = None
    turned = 0
    covered: bool | None = None
    blind = False
    for mark in rest:
        if mark in ("h", "a"):
            hand = mark == "h"
        elif mark in ("t", "tt", "t1", "t2"):
            turned += {"t": 1, "tt": 2, "t1": 1, "t2": 2}[mark]
        elif mark in ("c", "o"):
            covered = mark == "c"
        elif mark == "b":
            blind = True
        else:
            raise refused(PubEntryError, "pub_refuse_turn_mark", mark=mark)
    return TurnEntry(dice, throws, hand, turned, covered, None, result, blind)


def _parse_dice(word: str) -> Dice:
    """Three dice, or the one die of an opening of one die each (``5``)."""
    digits = word.replace("-", "").replace(",", "")
    if len(digits) not in (1, 3) or not all(c in "123456" for c in digits):
        raise refused(PubEntryError, "pub_refuse_dice_form", word=word)
    return tuple(int(c) for c in digits)
