"""The checks of an entry against the table before it is played (:func:`checked_turn`: the
throws the round allows, setting aside, turned sixes), and the small words they say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from schocken.actions import THROW_BLIND
from schocken.errors import (
    PubEntryError,
)
from schocken.events import RoundKind
from schocken.game import Game
from schocken.pub.entries import TurnEntry, parse_result
from schocken.results import result_table, sort_dice
from schocken.round import fixed_limit
from schocken.rules import MAX_THROWS, Rules
from schocken.texts import Said, refused, said
from schocken.turn import dice_text, may_set_aside

ONE_THROW_KINDS = (RoundKind.OPENING_THROW, RoundKind.STECHEN, RoundKind.THROW_OFF)
"""Rounds in which everyone throws once."""
MAX_STAKE = 100
"""A stake is a short text of at most this many characters."""


# ---------------------------------------------------------------------- checks


def one_throw_while_middle(game: Game) -> bool:
    """Whether the round for Deckel being played has one throw because Deckel are in the middle
    ("Anknobeln", ``one_throw_while_middle``): :func:`schocken.round.fixed_limit` decides."""
    view = game.view(None)
    if view.round_kind is not RoundKind.NORMAL or game.is_over:
        return False
    return fixed_limit(game.rules, view.section, False, view.middle) is not None


def checked_turn(entry: TurnEntry, seat: int, game: Game, players: Sequence[str]) -> TurnEntry:
    """The entry for ``seat``, whose turn it is, or why it cannot be."""
    name = players[seat]
    if entry.seat is not None and entry.seat != seat:
        raise refused(
            PubEntryError, "pub_refuse_turn", name=name, other=seat_said(entry.seat, players)
        )
    dice = tuple(entry.dice) if isinstance(entry.dice, list | tuple) else entry.dice
    one_die = game.view(None).round_kind is RoundKind.OPENING_DIE  # one die each opens
    if (
        not isinstance(dice, tuple)
        or len(dice) != (1 if one_die else 3)
        or not all(isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= 6 for p in dice)
    ):
        key = "pub_refuse_opening_die" if one_die else "pub_refuse_three_dice"
        raise refused(PubEntryError, key, dice=dice)
    for flag, value in (("hand", entry.hand), ("covered", entry.covered)):
        if value is not None and not isinstance(value, bool):
            raise refused(PubEntryError, "pub_refuse_flag", field=flag, value=value)
    throws, turned = entry.throws, entry.turned
    if isinstance(throws, bool) or not isinstance(throws, int) or not 1 <= throws <= MAX_THROWS:
        raise refused(PubEntryError, "pub_refuse_throws", most=MAX_THROWS, value=throws)
    limit = game.max_throws()
    if throws > limit:
        view = game.view(None)
        if view.round_kind in ONE_THROW_KINDS:
            why = said("pub_why_once")
        elif view.round_kind is RoundKind.OPENING_DIE:
            why = said("pub_why_die")
        elif one_throw_while_middle(game):
            why = said("pub_why_middle")
        elif not any(turn.done for turn in view.turns):
            why = said("pub_why_first_round")
        else:
            why = said("pub_why_opened", opener=players[view.order[0]], throws=throws_said(limit))
        raise refused(
            PubEntryError,
            "pub_refuse_limit",
            name=name,
            times=times_said(limit),
            why=why,
            throws=throws,
        )
    if isinstance(turned, bool) or not isinstance(turned, int) or not 0 <= turned <= 2:
        raise refused(PubEntryError, "pub_refuse_turned_count", value=turned)
    if turned and throws == 1:
        raise refused(PubEntryError, "pub_refuse_turned_one", name=name)
    if turned > dice.count(1):
        ones = dice.count(1)
        raise refused(
            PubEntryError,
            f"pub_refuse_turned_ones_{ones if ones < 2 else 'n'}",
            dice=dice_text(dice),
            count=ones,
            turned=turned,
        )
    if entry.hand is True and turned:
        raise refused(PubEntryError, "pub_refuse_hand_turned")
    if entry.hand is False and throws == 1:
        raise refused(PubEntryError, "pub_refuse_assembled_one")
    if entry.blind and THROW_BLIND not in game.legal_actions():
        key = "refuse_blind_opener" if game.rules.blind else "refuse_blind_rules"
        raise refused(PubEntryError, key, name=name)
    if entry.blind and throws != 1:
        raise refused(PubEntryError, "pub_refuse_blind_throws", name=name, throws=throws)
    return TurnEntry(
        dice, throws, entry.hand, turned, entry.covered, seat, entry.result, entry.blind is True
    )


def as_named(entry: TurnEntry, rules: Rules) -> TurnEntry:
    """A turn entered by its result's name, in one throw where the name needs it; or why that
    result cannot be (the result table judges)."""
    assert entry.result is not None
    named = parse_result(entry.result)
    if sort_dice(entry.dice) != named.dice:
        raise refused(
            PubEntryError, "pub_refuse_named_dice", dice=dice_text(entry.dice), name=named.name
        )
    if named.hand:
        if entry.hand is False or entry.turned:
            raise refused(PubEntryError, "pub_refuse_hand_aus")
        entry = replace(entry, hand=True)
    table = result_table(rules)
    made = table.result(entry.dice, one_throw=entry.one_throw, throws=entry.throws)
    if made.kind is not named.kind and entry.hand is None and not entry.turned:
        entry = replace(entry, hand=True)  # a Straße or General that counts only in one throw
        made = table.result(entry.dice, one_throw=True, throws=entry.throws)
    if made.kind is not named.kind:
        raise refused(
            PubEntryError,
            "pub_refuse_counts_as",
            named=named.name,
            how=said("pub_in_one_throw" if entry.one_throw else "pub_assembled"),
            throws=throws_said(entry.throws),
            made=made.name,
        )
    return entry


def set_aside_checked(entry: TurnEntry, rules: Rules, name: str) -> TurnEntry:
    """The entry as the rules' ``set_aside`` lets it be: a turn of several throws none of whose
    dice may be set aside showed all three in its last throw (``hand``); marked assembled, or
    assembled by name, it cannot be."""
    if entry.one_throw or entry.turned:
        return entry  # turned sixes are ones, and a one may always be set aside
    if any(may_set_aside((p,), rules.set_aside) for p in entry.dice):
        return entry
    if entry.hand is None:
        return replace(entry, hand=True)
    raise refused(
        PubEntryError,
        "pub_refuse_not_assembled",
        name=name,
        dice=dice_text(entry.dice),
        rule=said("rules_set_aside_" + rules.set_aside.value, lower_first=True),
    )


def seat_name(seat: object, players: Sequence[str]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]
    return f"seat {seat!r}"


def seat_said(seat: object, players: Sequence[str]) -> str | Said:
    """A seat in a refusal: its player's name, or the seat's number (as words)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]
    return said("pub_word_seat", seat=seat)


def check_stake(name: str, stake: object) -> str:
    if not isinstance(stake, str):
        raise refused(PubEntryError, "pub_refuse_stake_kind", field=name, value=stake)
    text = " ".join(stake.split())
    if len(text) > MAX_STAKE or any(not c.isprintable() for c in text):
        raise refused(PubEntryError, "pub_refuse_stake_long", field=name, most=MAX_STAKE)
    return text


def text_of(value: object) -> str:
    if not isinstance(value, str):
        raise refused(PubEntryError, "pub_refuse_stake_text", value=value)
    return value


def throws_said(n: int) -> Said:
    return said("n_throws_1") if n == 1 else said("n_throws", n=n)


def times_said(n: int) -> Said:
    return said("times_1") if n == 1 else said("times_n", n=n)
