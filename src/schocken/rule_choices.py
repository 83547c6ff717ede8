"""The choices of the rule options that have more than two (:class:`~schocken.rules.Rules`
holds one of each): how a round is opened, how ties are broken, which dice may be set aside...
Each member's docstring says what it plays.
"""

from __future__ import annotations

from enum import StrEnum


class Opening(StrEnum):
    """How the first round of the game gets its first player."""

    PLAIN_ROUND = "plain_round"
    """Everyone plays one normal round for no Deckel; the best result opens the first round."""
    LOWEST_TAKES = "lowest_takes"
    """Everyone throws once; the lowest takes Deckel worth the highest throw and opens; ties are
    thrown off (Stechen)."""
    WORST_OPENS = "worst_opens"
    """Everyone throws once; the lowest opens and takes no Deckel; ties are thrown off
    (Stechen)."""
    HIGH_DIE = "high_die"
    """Everyone throws one die; the highest opens, no Deckel; those tied throw their die again."""
    LOW_DIE = "low_die"
    """Everyone throws one die; the lowest opens, no Deckel; those tied throw their die again."""
    FIRST_SEAT = "first_seat"
    """No opening: the first player named opens the first round (the youngest, the club's
    König, the host, or one drawn by lot: the table names him first)."""


class FinaleOpener(StrEnum):
    """Who opens the Finale."""

    LAST_ROUND_LOSER = "last_round_loser"
    """The loser of the last round, as between any two rounds (the second half's loser)."""
    FIRST_HALF_LOSER = "first_half_loser"
    """The loser of the first half (Hinrunde)."""


class Tiebreak(StrEnum):
    """Which of two equal results is the worse one."""

    LATER_LOSES = "later_loses"
    """The later thrower is worse ("mit ist Schitt", "Nachgelegt")."""
    MORE_THROWS_THEN_LATER = "more_throws_then_later"
    """More throws is worse; with as many throws, the later thrower is worse."""
    ONE_THROW_THEN_LATER = "one_throw_then_later"
    """A result thrown with all three dice in one throw beats an equal one assembled over
    several throws; otherwise the later thrower is worse."""
    THROW_OFF = "throw_off"
    """Those tied for the round's worst result throw off: one open throw each, again among those
    tied for the lowest, until one is lowest; he takes what the round's best result is worth
    (a Schock-Aus: the half). Our reading for a tie on the best result: the earlier thrower is
    better, as under later_loses."""
    NO_DECKEL = "no_deckel"
    """A tie for the round's worst result: nobody takes Deckel. Our reading: the same player opens
    the next round again. Ties on the best result: the earlier thrower is better."""


class DeckelOwed(StrEnum):
    """What a round's loser takes."""

    BEST = "best"
    """What the round's best result is worth."""
    SUM = "sum"
    """The worths of every special result of the round added up (every player's, the loser's
    too; a plain number adds nothing; with no special result, 1). Our reading of monopoly's "pro
    Mitspieler mit Sonderwerten". A Schock-Aus that ends the half or game does so as ever; with
    ``schock_aus = "worth"`` its worth is added like any other."""


class SixesRethrow(StrEnum):
    """What must go back into the cup after sixes were turned into ones."""

    OTHER_SIXES = "other_sixes"
    """The six(es) of that throw that were not turned; the other dice may stay out."""
    ALL_REMAINING = "all_remaining"
    """Every die of that throw that was not turned."""


class Covered(StrEnum):
    """Which throw stays covered (under the cup) until the round is revealed."""

    NEVER = "never"
    """Every throw is shown."""
    LAST_THROW = "last_throw"
    """A player's throw that uses up the round's throw limit stays covered."""
    THIRD_THROW = "third_throw"
    """A third throw stays covered."""
    ALL = "all"
    """Every throw stays covered, stopping early too (spiele7). Our reading of what the table
    sees: the cup stays down, so the others see how often the player threw and the dice set
    aside (they stand outside the cup, turned sixes as ones), never the dice under the cup."""


class JuleRank(StrEnum):
    """Where a Jule (4-2-1) ranks among the results."""

    TOP = "top"
    """Right below a Schock-Aus, above every Schock."""
    BY_WORTH = "by_worth"
    """Among the Schocks by the Deckel it is worth: above every Schock worth less, below every
    Schock worth as much or more (worth 7 or more: above Schock 6, as ``top``; worth 1 or 2:
    below Schock 2). Our reading: it ranks above every Straße and plain number, and above a
    General unless the General ranks above Schock 2 and the Jule below it."""


class NutteRank(StrEnum):
    """Where a Nutte (2-2-1) ranks among the results."""

    TOP = "top"
    """Right below a Schock-Aus: above a Jule and every Schock."""
    BY_WORTH = "by_worth"
    """By the Deckel it is worth, as a Jule ranked ``by_worth``: worth 7 or more above Schock 6
    (a higher worth above a lower), less just below the Schock of its worth (Schock 2 for a
    worth of 1). A Jule and a Nutte both ranked by an equal worth are equal results."""


class SetAside(StrEnum):
    """Which dice may be set aside (kept out of the cup) for the next throw."""

    ANY = "any"
    """Any die."""
    ONES = "ones"
    """Only 1s (turned sixes included)."""
    ONES_AND_SIXES = "ones_and_sixes"
    """Only 1s and 6s."""


class SixesTurn(StrEnum):
    """When two or three sixes of a throw may be turned into ones (always with a throw left)."""

    ANY_THROW = "any_throw"
    """After any throw: the sixes of that throw, however many dice it threw."""
    ONE_THROW = "one_throw"
    """Only after a throw of all three dice (none set aside): "aus der Hand"."""
    FIRST_THROW = "first_throw"
    """Only after the turn's first throw (of all three dice; a later one of all three does not
    count)."""
    NEVER = "never"
    """Sixes are never turned."""


class FirstRoundOneThrow(StrEnum):
    """Where the first round for Deckel of a half (or the Finale) allows only one throw
    ("Erster Hoch")."""

    NEVER = "never"
    """The first round is like any other: its first player sets the limit."""
    HALVES = "halves"
    """The first round of each half is played with one throw."""
    HALVES_AND_FINALE = "halves_and_finale"
    """The first round of each half and of the Finale is played with one throw."""


class SchockAus(StrEnum):
    """What a Schock-Aus (1-1-1) does."""

    HALF = "half"
    """The round's worst takes every Deckel of the half (or Finale), those others hold too, and
    has lost it."""
    GAME = "game"
    """As ``half``, and the game ends at once: the round's worst has lost it; no second half or
    Finale follows."""
    WORTH = "worth"
    """A Schock-Aus is the best result, worth ``schock_aus_deckel`` Deckel like any other result
    (from the middle, then from the best player); the half goes on."""


class Strassen(StrEnum):
    """Which runs of three dice are a Straße."""

    ALL = "all"
    """All four: 1-2-3, 2-3-4, 3-4-5 and 4-5-6."""
    OUTER = "outer"
    """Only 1-2-3 and 4-5-6; 2-3-4 and 3-4-5 are plain numbers."""


class StrasseRank(StrEnum):
    """How two Straßen compare."""

    BY_PIPS = "by_pips"
    """The higher Straße is better: 4-5-6 above 3-4-5 above 2-3-4 above 1-2-3."""
    EQUAL = "equal"
    """Every Straße is as good as any other: the tie rule decides between two."""


class LaterOpener(StrEnum):
    """Who opens a round for Deckel once the middle is empty (before, the last round's loser)."""

    LOSER = "loser"
    """The loser of the last round, as while Deckel are in the middle."""
    MOST_DECKEL = "most_deckel"
    """The player who holds the most Deckel (of several, the last round's loser if he is one,
    else the first of them clockwise after him)."""
    AFTER_MOST_DECKEL = "after_most_deckel"
    """The player after that one, clockwise, who still plays (holds Deckel)."""


class EinwuerfelnForm(StrEnum):
    """How a player who is out buys back in (Einwürfeln); read only with ``einwuerfeln``."""

    FROM_EACH_HOLDER = "from_each_holder"
    """He takes one Deckel from each player who holds Deckel (schock4life)."""
    AT_RISK = "at_risk"
    """He joins the round taking nothing and keeps Deckel only if he loses it (board: "picks
    Deckel up again if he loses the round"); else he holds none after it and is out again. Our
    reading: if he throws the round's best result he has nothing to give, so the best result
    among the players who hold Deckel gives (the loser still takes what the round's best result
    is worth)."""


class PlainRank(StrEnum):
    """How plain numbers compare."""

    DIGITS = "digits"
    """As a three-digit number, the dice from high to low: 6-5-4 is 654, above 6-5-3."""
    PIP_SUM = "pip_sum"
    """By the sum of their pips: 6-5-4 (15) above 6-5-3 (14); equal sums are equal results
    (6-5-2 and 6-4-3, both 13), which the tie rule decides."""
