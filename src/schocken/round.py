"""The flow of rounds and sections, as plain functions: who plays, who lost, where Deckel go.

:class:`schocken.game.Game` keeps the state and makes the events; the decisions between turns are
made here, each in one function, in the game's own words:

- who plays a round and in what order (:func:`round_order`), and who joins by Einwürfeln
  (:func:`buy_in_givers`, :func:`order_after_buy_in`);
- whether a round for Deckel is played with one throw from its start (:func:`fixed_limit`);
- a tied opening throw (:func:`stechen`; the best and worst of a round are
  :func:`schocken.results.best_and_worst`'s, the one order of results);
- what the loser of a round for Deckel takes (:func:`deckel_owed`), where the Deckel come from
  (:func:`round_payment`, :func:`round_giver`) and who is out (:func:`out_players`);
- when a half or the Finale is lost (:func:`holds_every_deckel`: after a round, or at once when a
  player who buys in holds every Deckel), what follows it (:func:`next_section`: the second
  half, the Finale or, with ``more_halves``, a further half) and whether a lost game was a
  Blattschuss (:func:`is_blattschuss`).

>>> round_order(anchor=2, takes_part=[True, True, True, True])
(2, 3, 0, 1)
>>> round_payment(owed=3, middle=2, best_holds=5)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from schocken.events import Section
from schocken.results import Result, ResultKind
from schocken.rules import (
    DeckelOwed,
    FinaleOpener,
    FirstRoundOneThrow,
    LaterOpener,
    Rules,
    SchockAus,
)


def round_order(anchor: int, takes_part: Sequence[bool]) -> tuple[int, ...]:
    """The order of play of a round for Deckel: the seats that take part, clockwise from
    ``anchor`` (the last round's loser, or the section's opener), who opens if they take part.

    While Deckel are in the middle every seat of the half or Finale takes part; once it is empty,
    those who hold Deckel (see :func:`takes_part`).
    """
    seats = len(takes_part)
    return tuple([s % seats for s in range(anchor, anchor + seats) if takes_part[s % seats]])


def takes_part(in_section: Sequence[bool], deckel: Sequence[int], middle: int) -> list[bool]:
    """Which seats play the next round: all of the half or Finale while Deckel are in the
    middle, then only those who hold Deckel."""
    if middle > 0:
        return list(in_section)
    return [inside and held > 0 for inside, held in zip(in_section, deckel, strict=True)]


def fixed_limit(rules: Rules, section: Section, first: bool, middle: int) -> int | None:
    """The throw limit a round for Deckel has from its start, or ``None`` when its first player
    sets it: one throw in the first round for Deckel of a half (and of the Finale) where the
    rules play "Erster Hoch" (``first_round_one_throw``; ``first`` says the round is that one),
    and in every round begun while Deckel are in the middle (``middle`` of them) where the rules
    play "Anknobeln" (``one_throw_while_middle``).

    >>> from schocken.rules import find_preset
    >>> rules = find_preset("tsv99").with_overrides({"first_round_one_throw": "halves"})
    >>> fixed_limit(rules, Section.SECOND_HALF, first=True, middle=14)
    1
    >>> fixed_limit(rules, Section.FINALE, first=True, middle=13) is None
    True
    >>> rules = find_preset("tsv99").with_overrides({"one_throw_while_middle": True})
    >>> fixed_limit(rules, Section.FIRST_HALF, first=False, middle=3)
    1
    >>> fixed_limit(rules, Section.FIRST_HALF, first=False, middle=0) is None
    True
    """
    if rules.one_throw_while_middle and middle > 0:
        return 1
    where = rules.first_round_one_throw
    if not first or where is FirstRoundOneThrow.NEVER:
        return None
    if section is Section.FINALE and where is not FirstRoundOneThrow.HALVES_AND_FINALE:
        return None
    return 1


def buy_in_givers(
    rules: Rules, in_section: Sequence[bool], deckel: Sequence[int], middle: int
) -> tuple[int | None, ...]:
    """Who gives a player who buys in (Einwürfeln) one Deckel each: every player of the half or
    Finale who holds Deckel, or the middle (``None``) if nobody does (001: "bekommen sie von jeder
    Person einen Deckel (oder einen aus der Mitte, wenn niemand Deckel hat)"); nobody where he
    buys in at risk (board)."""
    if rules.buys_in_at_risk:
        return ()
    givers: tuple[int | None, ...] = tuple(
        s
        for s, (inside, held) in enumerate(zip(in_section, deckel, strict=True))
        if inside and held
    )
    if not givers and middle > 0:
        return (None,)
    return givers


def buy_in_refusal(
    rules: Rules,
    seat: object,
    players: Sequence[str],
    *,
    playing: bool,
    section: Section,
    in_section: Sequence[bool],
    order: Sequence[int],
    begun: bool,
) -> tuple[str, dict[str, object]] | None:
    """Why ``seat`` may not buy back in (Einwürfeln) now, as the key of the refusal's text and
    its fields; ``None``: he may. Only where the rules have Einwürfeln, only before a round for
    Deckel (``playing``) has ``begun``, and only a player of the half or Finale who is out
    (not in the round's ``order``)."""
    if not rules.einwuerfeln:
        return "refuse_buy_in_rules", {}
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        return "refuse_buy_in_seat", {"seat": repr(seat)}
    name = players[seat]
    if not playing:
        return "refuse_buy_in_round", {}
    if not in_section[seat]:
        return f"refuse_buy_in_{section.value}", {"name": name}
    if seat in order:
        return "refuse_buy_in_not_out", {"name": name}
    if begun:
        return "refuse_buy_in_late", {}
    return None


def order_after_buy_in(order: Sequence[int], seat: int, anchor: int, seats: int) -> tuple[int, ...]:
    """The round's order once ``seat`` bought in: its place clockwise from ``anchor``, like any
    other seat (the anchor opens if they play; docs/rules.md, "Einwürfeln")."""
    return tuple(sorted([*order, seat], key=lambda s: (s - anchor) % seats))


def stechen(results: Sequence[tuple[int, Result]], highest: bool = False) -> tuple[int, ...]:
    """Those tied for the lowest opening throw (``highest``: for the highest, as with one die
    each under high_die), who throw again (Stechen); ``()`` if one is alone. Only the result
    counts here, not the tie rule."""
    ranks = [result.rank for _, result in results]
    target = max(ranks) if highest else min(ranks)
    tied = tuple(seat for seat, result in results if result.rank == target)
    return tied if len(tied) > 1 else ()


def deckel_owed(rules: Rules, results: Sequence[Result], best: Result) -> int | None:
    """What the loser of a round for Deckel takes (``None``: a Schock-Aus that ends the half):
    what the ``best`` result is worth, or with ``deckel_owed = "sum"`` the worths of every
    special (not plain) result of the round added up, 1 if there is none.

    >>> from schocken.results import result_table
    >>> from schocken.rules import find_preset
    >>> rules = find_preset("tsv99").with_overrides({"deckel_owed": "sum"})
    >>> table = result_table(rules)
    >>> schock_4, strasse, plain = (
    ...     table.result(d, one_throw=True, throws=1) for d in [(4, 1, 1), (6, 5, 4), (6, 5, 2)]
    ... )
    >>> deckel_owed(rules, [schock_4, strasse, plain], schock_4)
    6
    """
    if best.deckel is None or rules.deckel_owed is DeckelOwed.BEST:
        return best.deckel
    return sum(r.deckel or 0 for r in results if r.kind is not ResultKind.PLAIN) or 1


def round_payment(owed: int, middle: int, best_holds: int) -> tuple[bool, int]:
    """Where a round's loser gets the Deckel the best result is worth, and how many.

    While Deckel are in the middle they come from there (what is left, if fewer); once it is
    empty the best player gives them (what they hold, if fewer). Returns (from the middle, amount).
    """
    if middle > 0:
        return True, min(owed, middle)
    return False, min(owed, best_holds)


def round_giver(
    rules: Rules, ranked: Iterable[int], deckel: Sequence[int], middle: int, loser: int
) -> int:
    """Who gives the ``loser`` of a round for Deckel what it is worth (from the ``middle`` while
    it lasts, see :func:`round_payment`): the player with the round's best result (``ranked``:
    the round's players, best first), or the next best if he lost it (a throw-off of all of
    them). Where players buy in at risk (board) and the middle is empty, one who threw the best
    result may hold nothing to give: the best of those who hold Deckel gives (our reading).

    >>> from schocken.rules import find_preset
    >>> rules = find_preset("tsv99").with_overrides({"einwuerfeln": True})
    >>> round_giver(rules, ranked=[2, 0, 1], deckel=[3, 2, 0], middle=0, loser=1)
    2
    >>> rules = rules.with_overrides({"einwuerfeln_form": "at_risk"})
    >>> round_giver(rules, ranked=[2, 0, 1], deckel=[3, 2, 0], middle=0, loser=1)
    0
    """
    holders_only = rules.buys_in_at_risk and middle == 0
    return next(s for s in ranked if s != loser and (deckel[s] > 0 or not holders_only))


def holds_every_deckel(deckel: Sequence[int], total: int, receiver: int) -> bool:
    """Whether the ``receiver`` of the Deckel that just moved has lost the half or Finale by
    holding all its ``total`` Deckel (001: "Wer alle 13 Deckel bekommt, verliert die Runde."). Only
    he can have come to hold them all: a round's loser, or a player who bought back in
    (Einwürfeln) and took the last Deckel of every holder, who has lost the half at once, before
    the round is played (our reading; 001: "Gespielt wird, bis eine Person alle 13 Deckel hat.").

    >>> holds_every_deckel([0, 2, 0], total=2, receiver=1)
    True
    >>> holds_every_deckel([1, 1, 0], total=2, receiver=1)
    False
    """
    return deckel[receiver] == total


def next_opener(rules: Rules, loser: int, deckel: Sequence[int], middle: int) -> int:
    """Who opens the next round for Deckel of the half or Finale, after ``loser`` took its
    Deckel: the loser, or once the middle is empty, where ``later_opener`` says so, the holder of
    the most Deckel (of several, the loser if he is one, else the first clockwise after him) or
    the next player after that holder who holds Deckel (the section goes on, so there is one)."""
    if middle > 0 or rules.later_opener is LaterOpener.LOSER:
        return loser
    seats = len(deckel)
    most = max(deckel)
    holder = next(s % seats for s in range(loser, loser + seats) if deckel[s % seats] == most)
    if rules.later_opener is LaterOpener.MOST_DECKEL:
        return holder
    return next(s % seats for s in range(holder + 1, holder + 1 + seats) if deckel[s % seats] > 0)


def out_players(order: Sequence[int], deckel: Sequence[int]) -> tuple[int, ...]:
    """The players of the round just played who hold no Deckel once the middle is empty: they
    are out until the half ends (or they buy back in)."""
    return tuple([s for s in order if deckel[s] == 0])


class NextSection(NamedTuple):
    """The half or Finale that follows a lost one: who plays it and who opens it."""

    section: Section
    players: tuple[int, ...]
    opener: int


def next_section(
    rules: Rules,
    section: Section,
    half_losers: Sequence[int],
    loser: int,
    seats: int,
    schock_aus: bool = False,
) -> NextSection | None:
    """What follows the ``section`` that ``loser`` just lost (``half_losers`` includes them if it
    was a half; ``schock_aus`` says a Schock-Aus ended it); ``None`` when the game is over.

    After the first half comes the second, opened by its loser (who lost its last round, or
    bought in holding every Deckel). After the second, the two half-losers play the Finale,
    unless one player lost both (Blattschuss). With ``more_halves`` a further half of every
    player, opened by its loser, follows instead, and another after it, until one player has lost
    two halves. Without a Finale (``rules.finale`` false) the game is the first half. Where a
    Schock-Aus ends the game (``schock_aus = "game"``) nothing follows a half it ended.

    >>> from schocken.rules import find_preset
    >>> rules = find_preset("tsv99").with_overrides({"more_halves": True})
    >>> next_section(rules, Section.SECOND_HALF, (0, 1), loser=1, seats=3)
    NextSection(section=<Section.EXTRA_HALF: 'extra_half'>, players=(0, 1, 2), opener=1)
    >>> next_section(rules, Section.EXTRA_HALF, (0, 1, 0), loser=0, seats=3) is None
    True
    """
    if schock_aus and rules.schock_aus is SchockAus.GAME:
        return None
    if section is Section.FIRST_HALF and rules.finale:
        return NextSection(Section.SECOND_HALF, tuple(range(seats)), loser)
    if section is Section.FINALE or len(set(half_losers)) < len(half_losers):
        return None
    if section is not Section.FIRST_HALF and rules.more_halves:
        return NextSection(Section.EXTRA_HALF, tuple(range(seats)), loser)
    if section is Section.SECOND_HALF:
        first, second = half_losers[0], half_losers[1]
        opener = first if rules.finale_opener is FinaleOpener.FIRST_HALF_LOSER else second
        return NextSection(Section.FINALE, tuple(sorted((first, second))), opener)
    return None


def is_blattschuss(half_losers: Sequence[int]) -> bool:
    """Whether the game was lost by a Blattschuss: one player lost both halves (a game ended
    in the second half by a Schock-Aus under ``schock_aus = "game"`` is one only then)."""
    return len(half_losers) == 2 and half_losers[0] == half_losers[1]
