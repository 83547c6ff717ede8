"""Pub mode: real dice on a real table, the engine as the referee (``docs/pub.md``).

The players throw real dice; one device keeps the game and the scorer enters each turn. Pub mode
plays each entry through the one play loop (:mod:`schocken.play`) into an ordinary
:class:`~schocken.game.Game`, so every rule is the engine's. The package, one concern a module:

- :mod:`schocken.pub.entries`: what is entered (a turn, an answer to buying in) and the parsers
  of its typed forms;
- :mod:`schocken.pub.plan`: the made-up throws before an entered turn's end;
- :mod:`schocken.pub.checks`: an entry checked against the table before it is played;
- :mod:`schocken.pub.game`: :class:`PubGame`, the game being kept, its state, record and words;
- :mod:`schocken.pub.cli`: ``schocken pub`` on the command line (the only input and output).

The web page keeps a pub game through the server (:mod:`schocken.server.pub`).
"""

from __future__ import annotations

from schocken.pub.checks import MAX_STAKE
from schocken.pub.entries import (
    RESULT_FORMS,
    BuyInEntry,
    Entry,
    NamedResult,
    TurnEntry,
    entry_from_data,
    parse_result,
    parse_turn,
)
from schocken.pub.game import META_KEY, PubGame, PubState, ShownTurn, TableDice
from schocken.pub.plan import (
    MADE_UP_DICE,
    MADE_UP_SIXES,
    MADE_UP_THROWS,
    NOTE_MADE_UP,
    NOTE_TURNED,
    PlannedStep,
    plan_turn,
)

__all__ = [
    "MADE_UP_DICE",
    "MADE_UP_SIXES",
    "MADE_UP_THROWS",
    "MAX_STAKE",
    "META_KEY",
    "NOTE_MADE_UP",
    "NOTE_TURNED",
    "RESULT_FORMS",
    "BuyInEntry",
    "Entry",
    "NamedResult",
    "PlannedStep",
    "PubGame",
    "PubState",
    "ShownTurn",
    "TableDice",
    "TurnEntry",
    "entry_from_data",
    "parse_result",
    "parse_turn",
    "plan_turn",
]
