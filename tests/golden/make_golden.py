"""Build the golden playthroughs: one scripted full game per preset, games of corners of a
preset's rule text on fewer Deckel (``<preset>-*.json``), and games of house rules from other
pubs' rules (``regional-*.json``), written as game records.

Run from the repository root::

    .venv/bin/python tests/golden/make_golden.py          # write tests/golden/<preset>.json
    .venv/bin/python tests/golden/make_golden.py --check  # only compare with the files on disk

Every game is played through the real engine (:class:`schocken.game.Game` fed by
:class:`schocken.dice.ScriptedDice`) with hand-chosen pips and actions. Before a file is written
the script checks that the game went exactly as its notes say: the best and worst seat and the
Deckel of every round, every move of Deckel, and that every quote in a note stands on the cited
line of the rule text (the four texts are in the repository, in ``docs/rule-texts/``).

A note cites a rule text as ``NNN:L 'quote'`` (or ``NNN:L-M`` for a sentence over several lines):
``NNN`` is the seed file (000 = tsv99, 001 = schock4life, 002 = knobelrunde, 003 = allgemein), ``L``
the line as ``nl -ba`` numbers it, and the quote is the text of that line, with ``...`` where words
are left out; markdown emphasis (``**``) is left out of quotes. What follows ``->`` is what the
engine makes of it in this step. A rule the text is silent about is marked "(silent; RULES.md)"
(or, for a corner, "(silent; our reading in docs/rules.md, ...)"). A corner's notes cite its
preset's text in the same way.
A regional game's note cites instead a row of ``shared/REGIONAL.md``'s catalogue as ``row N``,
with the keys of its sources (``schocken.rule_sources.SOURCES``) in brackets: ``row 33 [papr]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from schocken.actions import BUY_IN, STOP, THROW_BLIND, TURN_SIXES, Action, Throw
from schocken.dice import ScriptedDice
from schocken.events import DeckelMoved, RoundEnded
from schocken.game import Game
from schocken.record import GameRecord, RecordStep, record_of
from schocken.results import Dice
from schocken.rule_sources import SOURCES
from schocken.rules import Rules, find_preset

HERE = Path(__file__).resolve().parent
SEEDS = HERE.parent.parent / "docs" / "rule-texts"
"""Where the rule texts are: in the repository, ``docs/rule-texts/`` (its README says where each
comes from)."""

SEED_FILES = {
    "000": "000_9c77568b3a0bdeeb.txt",
    "001": "001_6996920921568c42.txt",
    "002": "002_44a0ad4a6b89e06f.txt",
    "003": "003_24f9d1289af1a0c6.txt",
}
PRESET_SEED = {"tsv99": "000", "schock4life": "001", "knobelrunde": "002", "allgemein": "003"}

CITATION = re.compile(r"(\d{3}):(\d+)(?:-(\d+))? '([^']+)'")
"""One citation in a note: file, line (or first and last line), quote."""

ANNA, BEN, CEM, DORA = 0, 1, 2, 3
MIDDLE = None
"""The giver of Deckel taken from the middle."""

# Round kinds as the events give them (RoundKind values).
OPENING_ROUND = "opening_round"
OPENING_THROW = "opening_throw"
STECHEN = "stechen"
OPENING_DIE = "opening_die"
NORMAL = "normal"
THROW_OFF = "throw_off"


@dataclass(frozen=True, slots=True)
class Play:
    """One scripted step: who acts, what they do, the pips their throw shows, the note."""

    seat: int
    action: Action
    pips: tuple[int, ...] = ()
    note: str = ""


def throw(seat: int, pips: tuple[int, ...], keep: Dice = (), note: str = "") -> Play:
    """A throw by ``seat`` keeping ``keep`` out of the cup; ``pips`` are the dice thrown."""
    return Play(seat, Throw(keep), pips, note)


def stop(seat: int, note: str = "") -> Play:
    return Play(seat, STOP, (), note)


def turn_sixes(seat: int, note: str = "") -> Play:
    return Play(seat, TURN_SIXES, (), note)


def buy_in(seat: int, note: str = "") -> Play:
    return Play(seat, BUY_IN, (), note)


@dataclass(frozen=True, slots=True)
class Round:
    """What a round must come to: its kind, best and worst seat, Deckel owed, Stechen."""

    kind: str
    best: int
    worst: int | None
    deckel: int | None
    stechen: tuple[int, ...] = ()


Move = tuple[int | None, int, int]
"""A move of Deckel: giver (``None``: the middle), receiver, count."""


@dataclass(frozen=True, slots=True)
class Golden:
    """One golden game: its preset and players, its steps, and what it must come to."""

    preset: str
    players: tuple[str, ...]
    plays: tuple[Play, ...]
    rounds: tuple[Round, ...]
    moves: tuple[Move, ...]
    overrides: tuple[tuple[str, object], ...] = ()
    """House rules on top of the preset (the regional games; none for the four presets)."""
    name: str = ""
    """The file's name (``tests/golden/<name>.json``); the preset's when empty."""
    corner: str = ""
    """For a corner of a preset's rule text, played on fewer Deckel so that it comes up soon:
    what the game shows. Its notes cite the preset's text by line, as the preset's game does."""

    @property
    def file(self) -> str:
        return self.name or self.preset

    def rules(self) -> Rules:
        return find_preset(self.preset).with_overrides(dict(self.overrides))


# --------------------------------------------------------------------------------------- tsv99

TSV99 = Golden(
    preset="tsv99",
    players=("Anna", "Ben", "Cem"),
    plays=(
        # Opening round, for no Deckel, in seat order.
        throw(
            ANNA,
            (6, 4, 2),
            note="000:17-18 'Es wird ein normaler Durchgang von allen Mitspielern gewürfelt.' "
            "-> opening round for no Deckel, seats in order",
        ),
        stop(
            ANNA,
            note="000:20 'Wirft der erste spieler nur einmal, so dürfen alle anderen in dieser "
            "Runde auch nur einmal werfen.' -> Anna stops after one throw: limit 1",
        ),
        throw(
            BEN, (5, 5, 3), note="000:20 '...nur einmal werfen' -> Ben's one throw ends his turn"
        ),
        throw(
            CEM,
            (1, 4, 1),
            note="000:18-19 'Derjenige, der den höchsten Wert gewürfelt hat (siehe unten) darf die "
            "eigentliche 1. Runde eröffnen.' -> Cem's Schock 4 is best: Cem opens the first half",
        ),
        # First half, round 1: Cem opens with three throws.
        throw(
            CEM,
            (5, 2, 5),
            note="000:20 'Der erste Spieler hat bis zu drei Versuche.' -> Cem opens the first half",
        ),
        throw(
            CEM,
            (1,),
            keep=(5, 5),
            note="000:21 'er kann aber auch zwei oder nur einen Würfel zurück in den Becher "
            "geben' -> Cem keeps 5-5 out and throws one die: 5-5-1",
        ),
        throw(
            CEM,
            (1, 4),
            keep=(1,),
            note='000:21 \'Auch Würfel, die bei vorhergehenden versuchen "draussen" - also nicht '
            "im Becher - waren, können wieder in den Becher gegeben werden.' -> Cem puts the "
            "set-aside 5-5 back into the cup, keeps the 1: 4-1-1 = Schock 4; 000:20 'Alle anderen "
            "Spieler haben in dieser Runde nur so viele Versuche, wie der erste Spieler "
            "vorgegeben hat.' -> third throw ends his turn, limit 3",
        ),
        throw(ANNA, (5, 3, 2)),
        stop(
            ANNA,
            note="000:21 'Der Spieler kann selbst entscheiden, ob er einmal, zweimal oder "
            "dreimal werfen will.' -> Anna stops at 5-3-2 after one of three throws",
        ),
        throw(BEN, (4, 4, 2)),
        throw(
            BEN,
            (4,),
            keep=(4, 4),
            note="000:32 'Generäle - dreimal dieselbe Zahl' -> 4-4-4 assembled over two throws "
            "counts as General 4 (the text does not ask for one throw; silent; RULES.md)",
        ),
        stop(
            BEN,
            note="000:22 'Am Ende der Runde bekommt der Spieler mit dem schlechtesten Ergebnis die "
            "ermittelte Anzahl an Deckeln.' -> best Cem (Schock 4), worst Anna (532); 000:39 "
            "'Schock vier: eins eins vier: vier deckel' -> Anna takes 4 of the 000:9 '14 "
            "Bierdeckel' from the middle (10 left)",
        ),
        # Round 2: Anna, who lost round 1, opens: a Tuetenrunde.
        throw(
            ANNA,
            (6, 4, 2),
            note="000:23 'Der Spieler, der die letzte Runde verloren hat, darf die Nächste "
            "beginnen.' -> Anna opens",
        ),
        stop(
            ANNA,
            note="000:20 'Wirft der erste spieler nur einmal, so dürfen alle anderen in dieser "
            "Runde auch nur einmal werfen. Dieses nennen wir Tütenrunde' -> limit 1",
        ),
        throw(
            BEN,
            (4, 2, 6),
            note="000:20 '...auch nur einmal werfen' -> Ben's only throw, 6-4-2 like Anna's; "
            "his turn ends",
        ),
        throw(
            CEM,
            (1, 6, 1),
            note="000:23 'Haben mehrere Spieler das gleiche Ergebnis erwürfelt, so verliert "
            "derjenige, der als letzter geworfen hat (= Nachgelegt!!!).' -> Anna and Ben both "
            "642, Ben threw later and is worst; 000:41 'Schock sechs: eins eins sechs: sechs "
            "deckel' -> Ben takes 6 from the middle (4 left)",
        ),
        # Round 3: Ben opens, turns sixes.
        throw(
            BEN,
            (6, 1, 6),
            note="000:23 'Der Spieler, der die letzte Runde verloren hat, darf "
            "die Nächste beginnen.' -> Ben opens; his throw shows two sixes",
        ),
        turn_sixes(
            BEN,
            note="000:46 'Würfelt man mit einem Wurf zwei Sechsen, so kann man eine davon "
            "umdrehen (zur eins machen).' -> one six becomes a 1: 6-1-1 showing",
        ),
        throw(
            BEN,
            (6,),
            keep=(1, 1),
            note="000:46 'Darüberhinaus muss die andere Sechs wieder zurück in den Würfelbecher.' "
            "-> only the other six must go back; Ben keeps both 1s (the turned one and the thrown "
            "one) and throws the six: 6-1-1 = Schock 6",
        ),
        stop(
            BEN,
            note="000:20 'Alle anderen Spieler haben in dieser Runde nur so viele Versuche, "
            "wie der erste Spieler vorgegeben hat.' -> Ben stops after two: limit 2",
        ),
        throw(CEM, (5, 5, 2)),
        throw(
            CEM,
            (3,),
            keep=(5, 5),
            note="000:20 '...nur so viele Versuche, wie der erste Spieler "
            "vorgegeben hat.' -> Cem's second throw is his last: 5-5-3",
        ),
        throw(ANNA, (4, 3, 1)),
        stop(
            ANNA,
            note="000:23 'Sind weniger Deckel vorhanden, als das Ergebnis erfordert, so werden die "
            "vorhandenen Deckel verteilt.' -> Anna (431) is worst, owed 6, takes the last 4: the "
            "middle is empty; 000:24 'Spieler, die in der 1. Hälfte keine deckel erwürfelt haben, "
            "nehmen nicht am Finale teil.' -> the text calls the play after the middle is empty "
            "the Finale of the half: Cem, holding none, is out",
        ),
        # Round 4: only Anna and Ben play; Deckel go between them.
        throw(ANNA, (5, 3, 2)),
        throw(ANNA, (1,), keep=(5, 3)),
        stop(
            ANNA,
            note="000:20 'Der erste Spieler hat bis zu drei Versuche.' -> Anna stops "
            "after two: limit 2",
        ),
        throw(BEN, (1, 6, 1)),
        stop(
            BEN,
            note="000:25 'Im finale gibt derjenige Spieler, der in der runde das höchste Ergebnis "
            "erwürfelt hat demjenigen Spieler, der das niedrigste erwürfelt hat, so viele Deckel, "
            "wie sich aus dem höchsten gewürfelten Wert ergeben.' -> Ben (Schock 6) gives Anna 6; "
            "000:26-27 'Die 1. Hälfte hat derjenige Spieler verloren, der am Ende des Finales alle "
            "Deckel hat.' -> Anna holds all 14: she has lost the first half",
        ),
        # Second half: Anna, the loser of the last round, opens; it ends with a Schock-Aus.
        throw(
            ANNA,
            (1, 1, 1),
            note="000:28 'Die 2. Hälfte verläuft analog der 1. Hälfte.' -> 14 Deckel in the middle "
            "again, everyone plays; Anna, loser of the last round, opens (silent; RULES.md)",
        ),
        stop(ANNA, note="000:20 '...Tütenrunde' -> Anna stops on 1-1-1: limit 1"),
        throw(BEN, (3, 2, 2)),
        throw(
            CEM,
            (4, 2, 1),
            note="000:42-44 'Würfelt jemand einen Schock out (eins eins eins), so verliert "
            "derjenige die jeweilige Hälfte, der in diesem Durchgang den niedrigsten Wert erzielt "
            "hat.' -> Ben (322) is worst and takes all 14: he has lost the second half",
        ),
        # Finale: Anna against Ben with 13 Deckel; Ben, the loser of the last round, opens.
        throw(
            BEN,
            (1, 5, 1),
            note="000:16 'Schließlich müssen die 2 Looser untereinander mit den 13 Bierdeckeln den "
            "endgültigen Verlierer ausspielen' -> Finale Anna against Ben, 13 Deckel; Ben, who "
            "lost the last round, opens (silent; RULES.md)",
        ),
        throw(
            BEN,
            (1,),
            keep=(1, 1),
            note="000:42 'Würfelt jemand einen Schock out (eins eins' "
            "-> Ben assembles 1-1-1 over two throws",
        ),
        stop(
            BEN,
            note="000:20 'Alle anderen Spieler haben in dieser Runde nur so viele Versuche, "
            "wie der erste Spieler vorgegeben hat.' -> Ben stops after two: limit 2",
        ),
        throw(ANNA, (6, 5, 3)),
        stop(
            ANNA,
            note="000:28-29 'Beide Verlierer spielen schließlich den endgültigen Verlierer (= "
            "Rundenholer) aus.' -> Schock-Aus: Anna (653) is worst and takes all 13: she has "
            "lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, CEM, BEN, 0),
        Round(NORMAL, CEM, ANNA, 4),
        Round(NORMAL, CEM, BEN, 6),
        Round(NORMAL, BEN, ANNA, 6),
        Round(NORMAL, BEN, ANNA, 6),
        Round(NORMAL, ANNA, BEN, None),
        Round(NORMAL, BEN, ANNA, None),
    ),
    moves=(
        (MIDDLE, ANNA, 4),
        (MIDDLE, BEN, 6),
        (MIDDLE, ANNA, 4),
        (BEN, ANNA, 6),
        (MIDDLE, BEN, 14),
        (MIDDLE, ANNA, 13),
    ),
)

# --------------------------------------------------------------------------------- schock4life

SCHOCK4LIFE = Golden(
    preset="schock4life",
    players=("Anna", "Ben", "Cem"),
    plays=(
        # Opening: everyone throws once.
        throw(ANNA, (5, 3, 2), note="001:49 '1. Alle würfeln einmal.' -> opening throw, one each"),
        throw(BEN, (1, 3, 1)),
        throw(
            CEM,
            (2, 3, 5),
            note="001:52 '4. Bei Gleichstand: Stechen, bis eine Person eindeutig verliert.' -> "
            "Anna and Cem tie for the lowest throw (532): they throw again",
        ),
        throw(ANNA, (6, 2, 1), note="001:52 'Stechen' -> Anna throws again: 621"),
        throw(
            CEM,
            (4, 3, 3),
            note="001:52 'Dabei werden so viele Deckel verteilt, wie der höchste Wurf im "
            "Eröffnungswurf gezeigt hat.' -> Cem (433) loses the Stechen and takes 3, the worth "
            "of Ben's opening Schock 3; 001:50 'Wer den niedrigsten Wurf hat, bekommt so viele "
            "Deckel wie der höchste Wurf zeigt.'; 001:101 '13 Deckel starten in der Mitte.' -> "
            "10 left",
        ),
        # Hinrunde, round 1: Cem opens, a Tuetenrunde.
        throw(
            CEM,
            (6, 5, 5),
            note="001:51 '3. Die Person mit dem niedrigsten Wurf beginnt das Spiel.' -> Cem opens",
        ),
        stop(
            CEM,
            note="001:74 'wenn die erste Person nur einen Wurf nutzt, dürfen alle anderen auch nur "
            "einen Wurf verwenden.' -> limit 1; Cem stopped before his last allowed throw, so his "
            "655 is shown",
        ),
        throw(
            ANNA,
            (4, 4, 1),
            note="001:71 'Nach dem letzten Wurf bleibt der Becher verdeckt.' -> Anna's only "
            "throw is her last: covered",
        ),
        throw(
            BEN,
            (1, 6, 1),
            note="001:78 'Am Ende decken alle ihre Würfe auf.' -> Ben's covered Schock 6 is "
            "revealed with Anna's 441; 001:80 'Der beste Wurf verteilt Deckel an den schlechtesten "
            "Wurf' -> Anna takes 6 from the middle (4 left)",
        ),
        # Round 2: Anna opens; a tie decided by the number of throws.
        throw(ANNA, (6, 4, 3)),
        throw(
            ANNA,
            (2,),
            keep=(6, 4),
            note="001:70 'Nach jedem Wurf dürfen beliebige Würfel erneut geworfen werden.' -> "
            "Anna keeps 6-4, throws one die: 6-4-2",
        ),
        stop(
            ANNA,
            note="001:74 'Wenn die erste Person nur zwei Würfe nutzt, dürfen auch alle "
            "anderen nur zwei Würfe verwenden' -> limit 2",
        ),
        throw(BEN, (1, 1, 5)),
        stop(
            BEN,
            note="001:89 'Schock 1-1-6 bis 1-1-2 6 bis 2 Deckel' -> Ben stops on Schock "
            "5 after one of two throws (shown, not covered)",
        ),
        throw(CEM, (6, 4, 2)),
        stop(
            CEM,
            note="001:82 '1. Wer mehr Würfe gebraucht hat, verliert.' -> Cem's 642 in one throw "
            "beats Anna's 642 in two, though Cem threw later: Anna is worst; owed 5, she takes "
            "the last 4; 001:103 'Sobald die Mitte leer ist, spielen nur noch Personen mit "
            "Deckeln.' -> Ben, holding none, is out",
        ),
        # Round 3: Ben buys back in before the first throw.
        buy_in(
            BEN,
            note="001:156 'Ausgeschiedene können sich einwürfeln.'; 001:162 'Würfeln Personen, "
            "obwohl sie bereits ausgeschieden waren, bekommen sie von jeder Person einen Deckel' "
            "-> Ben takes one Deckel from Anna and one from Cem and plays this round",
        ),
        throw(ANNA, (5, 2, 2), note="001:163 'Dann spielen sie wieder normal mit.'"),
        stop(ANNA, note="001:74 '...nur einen Wurf verwenden.' -> limit 1"),
        throw(
            BEN,
            (1, 1, 4),
            note="001:71 'Nach dem letzten Wurf bleibt der Becher verdeckt.' -> covered",
        ),
        throw(
            CEM,
            (5, 3, 1),
            note="001:80 'Der beste Wurf verteilt Deckel an den schlechtesten Wurf' -> Ben "
            "(Schock 4) owes Anna (522) 4 but holds 2 and gives both; 001:103 'spielen nur noch "
            "Personen mit Deckeln' -> Ben is out again",
        ),
        # Round 4: Anna against Cem; put-back forbidden; Anna collects all 13.
        throw(ANNA, (6, 2, 1)),
        throw(ANNA, (5, 3), keep=(6,)),
        throw(
            ANNA,
            (4,),
            keep=(6, 5),
            note="001:70 'Bereits rausgelegte Würfel dürfen nicht erneut gewürfelt werden.' -> "
            "the 6 set aside before must stay out; Anna keeps 6-5 and throws one die: 6-5-4; "
            "001:144 'Kombinationen dürfen über mehrere Würfe entstehen.' -> an assembled Straße; "
            "001:71 'Nach dem letzten Wurf bleibt der Becher verdeckt.' -> her third throw is "
            "covered",
        ),
        throw(CEM, (1, 1, 2)),
        throw(CEM, (3,), keep=(1, 1)),
        stop(
            CEM,
            note="001:110 'Gespielt wird, bis eine Person alle 13 Deckel hat.' -> Cem (Schock 3) "
            "gives Anna (Straße) his last 2: Anna holds all 13; 001:111 'Diese ist die/der "
            "Hinrunden-Verlierer*in.'",
        ),
        # Rueckrunde: Anna opens; Hand-Aus against an assembled Schock-Aus.
        throw(
            ANNA,
            (5, 3, 2),
            note="001:115 'Danach starten alle wieder neu.' -> 13 Deckel in the middle, everyone "
            "plays; Anna, loser of the last round, opens (silent; RULES.md)",
        ),
        throw(ANNA, (6, 4, 4)),
        throw(
            ANNA,
            (1, 1, 1),
            note="001:150 'Ein direkter Schock-Aus (1-1-1 in einem Wurf) schlägt einen vorherigen' "
            "-> Anna throws all three dice: 1-1-1 in one throw (Hand-Aus), covered, in her third "
            "throw: limit 3",
        ),
        throw(BEN, (1, 1, 4)),
        throw(
            BEN,
            (1,),
            keep=(1, 1),
            note="001:144 'Kombinationen dürfen über mehrere Würfe "
            "entstehen.' -> Ben assembles 1-1-1 in two throws",
        ),
        stop(BEN),
        throw(CEM, (5, 2, 4)),
        throw(CEM, (1,), keep=(5, 4)),
        throw(
            CEM,
            (6,),
            keep=(5, 4),
            note="001:150 'Ein direkter Schock-Aus (1-1-1 in einem Wurf) schlägt einen vorherigen, "
            "selbst wenn die andere Person weniger Würfe gebraucht hat.' -> Anna's Hand-Aus (3 "
            "throws) beats Ben's Schock-Aus (2 throws); 001:88 'Schock-Aus 1-1-1 Runde endet "
            "sofort - schlechtester Wurf verliert' -> Cem (Straße 6-5-4) takes all 13 and has "
            "lost the Rückrunde",
        ),
        # Finale: Anna, who lost the Hinrunde, opens.
        throw(
            ANNA,
            (6, 1, 6),
            note="001:120 'Die beiden Verlierer*innen spielen 1 gegen 1 mit 13 Deckeln.'; 001:122 "
            "'Hinrunden-Verlierer*in beginnt das Finale.' -> Anna opens, not Cem who lost the "
            "last round",
        ),
        turn_sixes(
            ANNA,
            note="001:137 '2x Sechs in einem Wurf → 1 Würfel zu einer 1 drehen, die "
            "restlichen Würfel erneut würfeln' -> one six becomes a 1",
        ),
        throw(
            ANNA,
            (1, 1),
            keep=(1,),
            note="001:137 'die restlichen Würfel erneut würfeln' -> the other six and the thrown 1 "
            "must both go back into the cup; only the turned 1 stays out: 1-1-1",
        ),
        stop(ANNA, note="001:74 '...nur zwei Würfe verwenden' -> limit 2"),
        throw(CEM, (5, 3, 1)),
        stop(
            CEM,
            note="001:121 'Wer alle Deckel sammelt, verliert das Spiel und zahlt den Einsatz.' -> "
            "Schock-Aus: Cem (531) takes all 13 and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_THROW, BEN, None, 3, (ANNA, CEM)),
        Round(STECHEN, ANNA, CEM, 3),
        Round(NORMAL, BEN, ANNA, 6),
        Round(NORMAL, BEN, ANNA, 5),
        Round(NORMAL, BEN, ANNA, 4),
        Round(NORMAL, CEM, ANNA, 3),
        Round(NORMAL, ANNA, CEM, None),
        Round(NORMAL, ANNA, CEM, None),
    ),
    moves=(
        (MIDDLE, CEM, 3),
        (MIDDLE, ANNA, 6),
        (MIDDLE, ANNA, 4),
        (ANNA, BEN, 1),
        (CEM, BEN, 1),
        (BEN, ANNA, 2),
        (CEM, ANNA, 2),
        (MIDDLE, CEM, 13),
        (MIDDLE, CEM, 13),
    ),
)

# --------------------------------------------------------------------------------- knobelrunde

KNOBELRUNDE = Golden(
    preset="knobelrunde",
    players=("Anna", "Ben", "Cem", "Dora"),
    plays=(
        # Opening round, for no Deckel (text silent: as tsv99).
        throw(
            ANNA,
            (5, 4, 1),
            note="002:6 'Der Spieler, der den ersten Wurf der (Einzel-) Runde "
            "macht, legt durch die Anzahl seiner Würfe (max. 3) fest' -> opening round for no "
            "Deckel (silent; RULES.md); Anna's first throw",
        ),
        stop(ANNA, note="002:6 '...wieviel alle folgenden Spieler max. machen können.' -> limit 1"),
        throw(BEN, (3, 3, 2)),
        throw(
            CEM,
            (6, 5, 4),
            note="002:14 'Straße: 1,2,3 bis 4,5,6 -> 2 Deckel (muß mit einem Wurf "
            "gewürfelt werden)' -> Cem's Straße 6-5-4 in one throw",
        ),
        throw(
            DORA,
            (4, 2, 2),
            note="002:10 'Rangfolge der Würfe' -> Cem's Straße ranks above the plain numbers: "
            "Cem opens the first half (silent; RULES.md: the best of the opening round opens)",
        ),
        # First half, round 1: Cem opens, a Tuetenrunde; General against Schock 2.
        throw(CEM, (4, 4, 4)),
        stop(
            CEM,
            note="002:6 'legt durch die Anzahl seiner Würfe (max. 3) fest, wieviel alle folgenden "
            "Spieler max. machen können.' -> Cem stops on General 4 after one throw: limit 1",
        ),
        throw(
            DORA,
            (1, 2, 1),
            note="002:18 'Schock: zwei mal 1 und 2,3,4,5 oder 6 -> 2 bis 6 Deckel' -> Schock 2",
        ),
        throw(ANNA, (6, 5, 3)),
        throw(
            BEN,
            (5, 3, 2),
            note="002:16 'General: drei mal 2,3,4,5 oder 6 -> 3 Deckel (muß mit einem Wurf "
            "gewürfelt werden) und ist höher als ein Schock 2' -> Cem's General 4 beats Dora's "
            "Schock 2; 002:8 'Der Spieler mit dem niedrigsten Wurf bekommt eine entsprechende "
            "Anzahl von Deckeln, die vom höchsten Wurf der Runde abhängt.' -> Ben (532) takes 3 "
            "of 002:3 '13 Deckeln' from the middle (10 left)",
        ),
        # Round 2: Ben opens; assembled General and Strasse count as plain numbers.
        throw(BEN, (5, 5, 2)),
        throw(
            BEN,
            (5,),
            keep=(5, 5),
            note="002:24 'Jeder Würfel kann stehen gelassen werden' -> Ben keeps 5-5: 5-5-5 in two "
            "throws; 002:16 '(muß mit einem Wurf gewürfelt werden)' -> no General: plain 555",
        ),
        stop(
            BEN,
            note="002:6 '...fest, wieviel alle folgenden Spieler max. machen können. Es "
            "dürfen auch weniger geworfen werden.' -> limit 2",
        ),
        throw(CEM, (6, 5, 1)),
        throw(
            CEM,
            (4,),
            keep=(6, 5),
            note="002:14 'Straße: 1,2,3 bis 4,5,6 -> 2 Deckel (muß mit einem Wurf gewürfelt "
            "werden)' -> 6-5-4 in two throws is no Straße: plain 654",
        ),
        throw(DORA, (1, 1, 6)),
        stop(
            DORA,
            note="002:18 'Schock: zwei mal 1 und 2,3,4,5 oder 6 -> 2 bis 6 Deckel' -> "
            "Schock 6 in one of two throws",
        ),
        throw(
            ANNA,
            (5, 5, 5),
            note="002:16 'General: drei mal 2,3,4,5 oder 6 -> 3 Deckel (muß mit einem Wurf "
            "gewürfelt werden)' -> Anna's 5-5-5 in one throw is a General, Ben's is not",
        ),
        stop(
            ANNA,
            note="002:8 'Der Spieler mit dem niedrigsten Wurf bekommt eine entsprechende Anzahl "
            "von Deckeln, die vom höchsten Wurf der Runde abhängt.' -> best Dora (Schock 6), "
            "worst Ben (plain 555, below Cem's plain 654): Ben takes 6 from the middle (4 left)",
        ),
        # Round 3: Ben opens, turns sixes; a tie, "Mit ist Schitt".
        throw(BEN, (6, 6, 1)),
        turn_sixes(
            BEN,
            note="002:26 'Zwei mal die 6 in einem Wurf kann zu einer 1 umgedreht "
            "werden' -> 6-1-1 showing",
        ),
        throw(
            BEN,
            (4,),
            keep=(1, 1),
            note="002:28 'Hat man nach dem ersten oder zweiten Wurf 2 Einsen und bspw. 1 Sechs "
            "stehen, muss weitergewürfelt werden.' -> Ben must throw again: the six goes back, "
            "the 1s stay: 4-1-1 = Schock 4",
        ),
        stop(BEN, note="002:6 '(max. 3)' -> Ben stops after two: limit 2"),
        throw(CEM, (5, 4, 2)),
        stop(CEM),
        throw(DORA, (2, 4, 5)),
        stop(
            DORA,
            note="002:8 'Bei gleichen Würfen gilt \"Mit ist Schitt\".' -> Dora's 542 equals "
            "Cem's; Dora threw later and is the worse",
        ),
        throw(ANNA, (6, 3, 1)),
        stop(
            ANNA,
            note="002:8 'Der Spieler mit dem niedrigsten Wurf bekommt eine entsprechende Anzahl "
            "von Deckeln' -> Dora takes the last 4 (Ben's Schock 4); 002:4 'Die 13 Deckel werden "
            "als erstes unter den Mitspielern verteilt und anschließend von den Spielern, die "
            "Deckel bekommen haben untereinander ausgespielt' -> Cem and Anna, holding none, "
            "are out",
        ),
        # Round 4: Dora against Ben.
        throw(DORA, (1, 5, 3)),
        throw(DORA, (1, 5), keep=(1,)),
        stop(
            DORA,
            note="002:18 'Schock: zwei mal 1 ... (kann zusammengewürfelt werden)' -> "
            "Schock 5 over two throws; limit 2",
        ),
        throw(BEN, (6, 4, 3)),
        throw(
            BEN,
            (2,),
            keep=(6, 4),
            note="002:4 'bis ein Knobler alle Deckel hat. Er hat dann die erste Hälfte verloren.' "
            "-> Dora (Schock 5) gives Ben (642) all her 4: Ben holds all 13 and has lost the "
            "first half",
        ),
        # Second half: Ben opens; Hand Out; Ben loses both halves.
        throw(
            BEN,
            (4, 2, 2),
            note="002:3 'Es werden 2 Hälften ausgespielt.' -> second half, 13 "
            "Deckel in the middle; Ben, loser of the last round, opens (silent; RULES.md)",
        ),
        stop(BEN, note="002:6 '...wieviel alle folgenden Spieler max. machen können.' -> limit 1"),
        throw(
            CEM,
            (1, 1, 1),
            note="002:22 'Hand Out: drei mal 1 in einem Wurf -> die Hälfte ist zu Ende und der "
            "Spieler mit dem niedrigsten Wurf dieser Runde hat verloren.'",
        ),
        throw(DORA, (6, 5, 3)),
        throw(
            ANNA,
            (5, 5, 1),
            note="002:22 '...der Spieler mit dem niedrigsten Wurf dieser Runde hat verloren.' -> "
            "Ben (422) takes all 13: he has lost the second half too; 002:4 'Sollten 2 Spieler "
            "jeweils eine Häfte verloren haben, so spielen sie alleine in einer dritten Runde' "
            "-> one player lost both: no third round, Ben has lost the game (Blattschuss)",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, CEM, BEN, 0),
        Round(NORMAL, CEM, BEN, 3),
        Round(NORMAL, DORA, BEN, 6),
        Round(NORMAL, BEN, DORA, 4),
        Round(NORMAL, DORA, BEN, 5),
        Round(NORMAL, CEM, BEN, None),
    ),
    moves=(
        (MIDDLE, BEN, 3),
        (MIDDLE, BEN, 6),
        (MIDDLE, DORA, 4),
        (DORA, BEN, 4),
        (MIDDLE, BEN, 13),
    ),
)

# ----------------------------------------------------------------------------------- allgemein

ALLGEMEIN = Golden(
    preset="allgemein",
    players=("Anna", "Ben", "Cem"),
    plays=(
        # Opening round, for no Deckel (text silent: as tsv99).
        throw(
            ANNA,
            (4, 3, 1),
            note="003:4 'Gewürfelt wird im Uhrzeigersinn.' -> opening round "
            "for no Deckel, seats in order (silent; RULES.md)",
        ),
        stop(
            ANNA,
            note="003:4 'Wirft der erste Spieler nur einmal, so dürfen alle anderen in "
            "dieser Runde auch nur einmal werfen' -> limit 1",
        ),
        throw(BEN, (6, 5, 3)),
        throw(
            CEM,
            (6, 4, 2),
            note='003:28 \'Die "normalen Zahlen" werden von der höchsten Zahl '
            "ausgehend angegeben.' -> Ben's 653 is best: Ben opens the first half (silent; "
            "RULES.md)",
        ),
        # First half, round 1: Ben opens, a Tuetenrunde; Schock 2 against a General.
        throw(BEN, (3, 3, 3), note="003:21 'General (3 Deckel)' -> 3-3-3 in one throw"),
        stop(
            BEN,
            note="003:4 '(Beispiel: Wirft der erste Spieler nur einmal, so dürfen alle anderen in "
            "dieser Runde auch nur einmal werfen)' -> limit 1",
        ),
        throw(CEM, (1, 2, 1), note="003:18 'Schock 2 (2 Deckel)'"),
        throw(
            ANNA,
            (5, 4, 1),
            note="003:30 'Sollten in einer Runde ein Schock 2 und ein General die höchsten "
            "Wertungen sein, erhält der unterlegene Spieler die Deckelanzahl der höchsten "
            "Wertung, also Schock 2 - d.h. zwei Deckel!' -> Cem's Schock 2 beats Ben's General 3; "
            "003:6 'aus dem Stock die Anzahl der Deckel, die der Spieler mit der höchsten Wertung "
            "erzielt hat' -> Anna (541) takes 2 (11 left)",
        ),
        # Round 2: Anna opens: turns sixes, covered third throw; tie on throws.
        throw(
            ANNA,
            (6, 6, 1),
            note="003:8 'Der Spieler, der die letzte Runde verloren hat, darf "
            "die Nächste beginnen.' -> Anna opens",
        ),
        turn_sixes(
            ANNA,
            note="003:33 'Würfelt man mit EINEM Wurf zwei Sechsen, so kann man eine "
            "davon zu einer 1 umdrehen.'",
        ),
        throw(
            ANNA,
            (2,),
            keep=(1, 1),
            note="003:33 'Die andere Sechs muss zurück in den Würfelbecher und ein weiterer Wurf "
            "muss folgen.' -> only the six goes back; both 1s stay out: 2-1-1",
        ),
        throw(
            ANNA,
            (5,),
            keep=(1, 1),
            note="003:4 'Der erste Spieler hat bis zu drei Versuche, wobei der dritte Wurf nicht "
            "aufgedeckt werden darf.' -> Anna's third throw (Schock 5) stays covered; limit 3",
        ),
        throw(BEN, (6, 5, 2)),
        throw(BEN, (3,), keep=(6, 5)),
        stop(
            BEN,
            note="003:5 'er kann aber auch zwei oder nur einen Würfel zurück in den Becher "
            "geben' -> 6-5-3 in two throws",
        ),
        throw(CEM, (3, 6, 5)),
        stop(
            CEM,
            note="003:7 'Wird jedoch von 2 Spielern innerhalb einer Runde das gleiche Ergebnis mit "
            "verschiedener Anzahl von Würfen erzielt, so ist derjenige überlegen, der weniger "
            "Würfe angewandt hat.' -> Cem's 653 in one throw beats Ben's in two: Ben is worst and "
            "takes 5 for Anna's Schock 5 (6 left)",
        ),
        # Round 3: Ben opens; Schock-Aus with Deckel already held.
        throw(BEN, (1, 1, 3)),
        throw(
            BEN,
            (1,),
            keep=(1, 1),
            note="003:29 'Schocks und normale Zahlen können in mehreren "
            "Würfen zusammengewürfelt werden.' -> 1-1-1 in two throws",
        ),
        stop(
            BEN,
            note="003:4 'Alle anderen Spieler haben in dieser Runde nur so viele Versuche, "
            "wie der erste Spieler vorgegeben hat' -> limit 2",
        ),
        throw(CEM, (4, 3, 2)),
        stop(CEM, note="003:24 'Straße (2 Deckel)' -> 4-3-2 in one throw"),
        throw(ANNA, (6, 5, 1)),
        throw(
            ANNA,
            (4,),
            keep=(6, 5),
            note="003:29 'Straßen und Generals sind in EINEM Wurf zu tätigen' -> Anna's assembled "
            "6-5-4 is plain 654, below Cem's Straße; 003:10 'Sollte ein Spieler einen Schock aus "
            "erzielen, so erhält der Mitspieler mit der niedrigsten Wertung alle Deckel, "
            "ungeachtet der Tatsache, ob einige Deckel schon verteilt wurden oder nicht.' -> Anna "
            "takes the 6 in the middle and Ben's 5: she holds all 13 and has lost the first half",
        ),
        # Second half: Anna opens; the half is collected.
        throw(
            ANNA,
            (1, 6, 1),
            note="003:3 'Die Schockrunde wird in zwei Hälften ausgespielt.' -> second half, 13 "
            "Deckel in the stock, everyone plays; 003:8 'Der Spieler, der die letzte Runde "
            "verloren hat, darf die Nächste beginnen.' -> Anna opens",
        ),
        stop(ANNA, note="003:4 '...auch nur einmal werfen' -> limit 1"),
        throw(BEN, (5, 3, 2)),
        throw(
            CEM,
            (6, 4, 3),
            note="003:14 'Schock 6 (6 Deckel)' -> Ben (532) takes 6 from the stock (7 left)",
        ),
        throw(BEN, (6, 1, 3)),
        throw(BEN, (1,), keep=(6, 1)),
        stop(
            BEN,
            note="003:4 '...nur so viele Versuche, wie der erste Spieler vorgegeben hat' "
            "-> limit 2",
        ),
        throw(CEM, (5, 5, 3)),
        throw(
            CEM,
            (5,),
            keep=(5, 5),
            note="003:29 'Straßen und Generals sind in EINEM Wurf zu "
            "tätigen' -> 5-5-5 in two throws is plain 555",
        ),
        throw(ANNA, (4, 2, 1)),
        stop(
            ANNA,
            note="003:6 'Am Ende der Runde bekommt der Spieler, der die niedrigste Wertung "
            "würfelt, aus dem Stock die Anzahl der Deckel' -> Anna (421) takes 6 (1 left)",
        ),
        throw(ANNA, (2, 2, 2)),
        stop(ANNA, note="003:4 '...auch nur einmal werfen' -> limit 1"),
        throw(BEN, (5, 3, 1)),
        throw(
            CEM,
            (6, 5, 5),
            note="003:6 'Sollten im Stock nicht mehr ausreichend Deckel zu Verfügung stehen, so "
            "erhält der unterlegene Mitspieler die im Stock verbliebenen Deckel.' -> Ben (531) is "
            "owed 3 for Anna's General and takes the last 1; 003:9 'Spieler, die bis dahin keine "
            "Deckel erhalten haben, nehmen vorerst nicht mehr am Spiel teil.' -> Cem is out",
        ),
        # Round 4 of the second half: Ben against Anna.
        throw(BEN, (6, 4, 2)),
        throw(BEN, (6, 3), keep=(6,)),
        throw(
            BEN,
            (5,),
            keep=(6, 6),
            note="003:4 'wobei der dritte Wurf nicht aufgedeckt werden darf' -> Ben's 665 stays "
            "covered",
        ),
        throw(ANNA, (1, 1, 6)),
        stop(
            ANNA,
            note="003:9 'derjenige Spieler, der in der Runde das höchste Ergebnis erwürfelt hat, "
            "gibt Deckel an Denjenigen mit dem niedrigsten Ergebnis.' -> Anna (Schock 6) gives Ben "
            "her 6; 003:11 'Die erste Hälfte hat derjenige Spieler verloren, der am Ende alle "
            "Deckel hat.' -> Ben holds all 13 and has lost the second half",
        ),
        # Finale (Endkampf): Ben, the loser of the last round, opens.
        throw(
            BEN,
            (5, 4, 2),
            note="003:3 'Sollten die beiden Hälften an zwei verschiedene Spieler gegangen sein, so "
            "entscheidet der Endkampf.' -> Anna against Ben, 13 Deckel; Ben, who lost the last "
            "round, opens (silent; RULES.md)",
        ),
        stop(
            BEN,
            note="003:4 'Wirft der erste Spieler nur einmal, so dürfen alle anderen in "
            "dieser Runde auch nur einmal werfen' -> limit 1",
        ),
        throw(ANNA, (1, 1, 6), note="003:14 'Schock 6 (6 Deckel)' -> Ben takes 6 (7 left)"),
        throw(BEN, (4, 4, 2)),
        throw(
            BEN,
            (4,),
            keep=(4, 4),
            note="003:29 'Straßen und Generals sind in EINEM Wurf zu tätigen' -> plain 444",
        ),
        stop(
            BEN,
            note="003:4 'Alle anderen Spieler haben in dieser Runde nur so viele Versuche, "
            "wie der erste Spieler vorgegeben hat' -> limit 2",
        ),
        throw(ANNA, (1, 6, 1)),
        stop(ANNA, note="003:14 'Schock 6 (6 Deckel)' -> Ben takes 6 more (1 left)"),
        throw(
            BEN,
            (3, 3, 1),
            note="003:8 'Der Spieler, der die letzte Runde verloren hat, darf "
            "die Nächste beginnen.' -> Ben opens again",
        ),
        stop(BEN, note="003:4 '...auch nur einmal werfen' -> limit 1"),
        throw(
            ANNA,
            (6, 5, 4),
            note="003:6 'so erhält der unterlegene Mitspieler die im Stock verbliebenen Deckel' "
            "-> Ben (331) takes the last 1 for Anna's Straße and holds all 13: he has lost the "
            "Endkampf and the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, BEN, ANNA, 0),
        Round(NORMAL, CEM, ANNA, 2),
        Round(NORMAL, ANNA, BEN, 5),
        Round(NORMAL, BEN, ANNA, None),
        Round(NORMAL, ANNA, BEN, 6),
        Round(NORMAL, BEN, ANNA, 6),
        Round(NORMAL, ANNA, BEN, 3),
        Round(NORMAL, ANNA, BEN, 6),
        Round(NORMAL, ANNA, BEN, 6),
        Round(NORMAL, ANNA, BEN, 6),
        Round(NORMAL, ANNA, BEN, 2),
    ),
    moves=(
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 5),
        (MIDDLE, ANNA, 6),
        (BEN, ANNA, 5),
        (MIDDLE, BEN, 6),
        (MIDDLE, ANNA, 6),
        (MIDDLE, BEN, 1),
        (ANNA, BEN, 6),
        (MIDDLE, BEN, 6),
        (MIDDLE, BEN, 6),
        (MIDDLE, BEN, 1),
    ),
)

GOLDEN: dict[str, Golden] = {g.preset: g for g in (TSV99, SCHOCK4LIFE, KNOBELRUNDE, ALLGEMEIN)}


# ---------------------------------------------------------------- corners of the rule texts

BUYS_EVERY_DECKEL = Golden(
    preset="schock4life",
    name="schock4life-buys-every-deckel",
    corner="a player who buys back in (Einwürfeln) and so holds every Deckel of the half has "
    "lost it at once",
    overrides=(("deckel_per_half", 2), ("deckel_in_finale", 2)),
    players=("Anna", "Ben", "Cem"),
    plays=(
        throw(ANNA, (6, 4, 3), note="001:49 '1. Alle würfeln einmal.' -> opening throw, one each"),
        throw(BEN, (5, 4, 2), note="001:49 'Alle würfeln einmal.'"),
        throw(
            CEM,
            (2, 2, 1),
            note="001:50 'Wer den niedrigsten Wurf hat, bekommt so viele Deckel wie der höchste "
            "Wurf zeigt.' -> Cem (221) takes 1, the worth of Anna's 643 (001:97 'Einfach Zahl'); "
            "of the 2 Deckel of this game's halves 1 is left",
        ),
        throw(
            CEM,
            (6, 4, 3),
            note="001:51 'Die Person mit dem niedrigsten Wurf beginnt das Spiel.' -> Cem opens",
        ),
        stop(
            CEM,
            note="001:74 'wenn die erste Person nur einen Wurf nutzt, dürfen alle anderen auch nur "
            "einen Wurf verwenden.' -> limit 1",
        ),
        throw(
            ANNA,
            (2, 2, 1),
            note="001:71 'Nach dem letzten Wurf bleibt der Becher verdeckt.' -> covered",
        ),
        throw(
            BEN,
            (5, 4, 2),
            note="001:80 'Der beste Wurf verteilt Deckel an den schlechtesten Wurf' -> Anna (221) "
            "takes the last Deckel; 001:103 'Sobald die Mitte leer ist, spielen nur noch Personen "
            "mit Deckeln.' -> Ben, holding none, is out: Anna and Cem, one Deckel each, are to "
            "play the next round",
        ),
        buy_in(
            BEN,
            note="001:156 'Ausgeschiedene können sich einwürfeln.'; 001:162 'bekommen sie von "
            "jeder Person einen Deckel' -> Ben takes Anna's and Cem's: he holds both; 001:104 "
            "'Wer alle 13 Deckel bekommt, verliert die Runde.'; 001:110 'Gespielt wird, bis eine "
            "Person alle 13 Deckel hat.' -> Ben has lost the Hinrunde at once, and the round is "
            "not played (silent; our reading in docs/rules.md, 'Einwürfeln'); 001:115 'Danach "
            "starten alle wieder neu.' -> the Rückrunde, opened by Ben, its loser",
        ),
        throw(BEN, (6, 4, 3), note="001:115 'alle wieder neu' -> Ben opens the Rückrunde"),
        stop(BEN, note="001:74 '...nur einen Wurf verwenden.' -> limit 1"),
        throw(CEM, (5, 3, 2), note="001:71 'bleibt der Becher verdeckt' -> covered"),
        throw(
            ANNA,
            (5, 4, 2),
            note="001:80 'Der beste Wurf verteilt Deckel an den schlechtesten Wurf' -> Cem (532) "
            "takes 1 from the middle (1 left)",
        ),
        throw(CEM, (5, 3, 2), note="001:72 'nächste Person im Uhrzeigersinn' -> Cem opens"),
        stop(CEM, note="001:74 '...nur einen Wurf verwenden.' -> limit 1"),
        throw(ANNA, (6, 4, 3), note="001:71 'bleibt der Becher verdeckt' -> covered"),
        throw(
            BEN,
            (5, 4, 2),
            note="001:116 'Wer hier alle 13 Deckel sammelt, ist die/der Rückrunden-Verlierer*in.' "
            "-> Cem (532) takes the last Deckel and holds both: he has lost the Rückrunde; "
            "001:120 'Die beiden Verlierer*innen spielen 1 gegen 1' -> Ben against Cem",
        ),
        throw(
            BEN,
            (6, 4, 3),
            note="001:122 'Hinrunden-Verlierer*in beginnt das Finale.' -> Ben, who lost the "
            "Hinrunde by buying in, opens the Finale",
        ),
        stop(BEN, note="001:74 '...nur einen Wurf verwenden.' -> limit 1"),
        throw(
            CEM,
            (1, 1, 2),
            note="001:89 'Schock 1-1-6 bis 1-1-2 6 bis 2 Deckel' -> Cem's Schock 2 gives Ben (643) "
            "both Deckel; 001:121 'Wer alle Deckel sammelt, verliert das Spiel und zahlt den "
            "Einsatz.' -> Ben has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_THROW, ANNA, CEM, 1),
        Round(NORMAL, CEM, ANNA, 1),
        Round(NORMAL, BEN, CEM, 1),
        Round(NORMAL, ANNA, CEM, 1),
        Round(NORMAL, CEM, BEN, 2),
    ),
    moves=(
        (MIDDLE, CEM, 1),
        (MIDDLE, ANNA, 1),
        (ANNA, BEN, 1),
        (CEM, BEN, 1),
        (MIDDLE, CEM, 1),
        (MIDDLE, CEM, 1),
        (MIDDLE, BEN, 2),
    ),
)

CORNER_GOLDEN: dict[str, Golden] = {g.file: g for g in (BUYS_EVERY_DECKEL,)}
"""The golden games of corners of the rule texts, by file name."""
"""The four golden games, by preset."""


# ------------------------------------------------------------------- rules from other pubs

JULE = Golden(
    preset="tsv99",
    name="regional-jule",
    overrides=(
        ("deckel_per_half", 15),
        ("deckel_in_finale", 15),
        ("jule", True),
        ("jule_deckel", 7),
        ("jule_rank", "top"),
        ("jule_one_throw", True),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (6, 4, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(
            BEN,
            (5, 3, 2),
            note="row 8: Anna's 642 beats Ben's 532: Anna opens the first half",
        ),
        # First half, 15 Deckel.
        throw(
            ANNA,
            (4, 2, 1),
            note="row 1 [papr, greher, schockomania, tsw]: 15 Deckel a half; row 33 [greher, "
            "casino, monopoly, papr, tsw, shaw]: 4-2-1 is a Jule",
        ),
        stop(ANNA, note="row 32 [papr]: thrown with all three dice, so it counts; limit 1"),
        throw(
            BEN,
            (1, 1, 6),
            note="row 33 [mad, tsw, papr]: the Jule ranks right below Schock-Aus, above Ben's "
            "Schock 6; worth 7 [mad, papr, tsw, greher, shaw]: Ben takes 7 (8 left)",
        ),
        throw(BEN, (4, 3, 1), note="row 9: Ben, who lost the last round, opens"),
        throw(BEN, (2,), keep=(4, 1), note="row 32: Ben keeps 4-1 and throws one die: 4-2-1"),
        stop(
            BEN,
            note="row 33 [papr]: a Jule only from one throw: assembled, 4-2-1 is the plain "
            "number 421; limit 2",
        ),
        throw(ANNA, (1, 1, 5)),
        stop(
            ANNA,
            note="row 28: Anna's Schock 5 beats Ben's 421: Ben takes 5 (3 left)",
        ),
        throw(BEN, (4, 2, 1), note="row 33: a Jule from one throw"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (3, 3, 2),
            note="row 33: the Jule is worth 7, the middle has 3: Anna takes the last 3; both "
            "hold Deckel, so both play on",
        ),
        throw(ANNA, (2, 1, 4), note="row 9: Anna opens; a Jule from one throw"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (6, 6, 5),
            note="row 33: Ben's 665 is worst; the middle is empty, so Anna gives the Jule's 7 "
            "from what she holds, all 3: Ben holds all 15 and has lost the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (1, 1, 1), note="row 10: Ben, who lost the last round, opens the second half"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (5, 4, 3),
            note="row 25: Schock-Aus: Anna's Straße is worst and takes all 15; row 3: the two "
            "halves went to two players, so a Finale follows",
        ),
        # Finale, 15 Deckel, opened by Anna.
        throw(
            ANNA,
            (4, 2, 1),
            note="row 2 [daha12, bitzen, burger]: the Finale with as many Deckel as a half; "
            "row 10: Anna lost the last round and opens; row 33: a Jule",
        ),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (1, 1, 2),
            note="row 33 [mad, tsw, papr]: the Jule beats Ben's Schock 2: Ben takes 7 (8 left)",
        ),
        throw(BEN, (1, 1, 1), note="row 9: Ben opens; Schock-Aus"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (5, 4, 3),
            note="row 25: Schock-Aus: Anna takes the 8 left and Ben's 7, and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, BEN, 7),
        Round(NORMAL, ANNA, BEN, 5),
        Round(NORMAL, BEN, ANNA, 7),
        Round(NORMAL, ANNA, BEN, 7),
        Round(NORMAL, BEN, ANNA, None),
        Round(NORMAL, ANNA, BEN, 7),
        Round(NORMAL, BEN, ANNA, None),
    ),
    moves=(
        (MIDDLE, BEN, 7),
        (MIDDLE, BEN, 5),
        (MIDDLE, ANNA, 3),
        (ANNA, BEN, 3),
        (MIDDLE, ANNA, 15),
        (MIDDLE, BEN, 7),
        (MIDDLE, ANNA, 8),
        (BEN, ANNA, 7),
    ),
)

ONES = Golden(
    preset="knobelrunde",
    name="regional-ones",
    overrides=(
        ("deckel_per_half", 3),
        ("deckel_in_finale", 3),
        ("general", False),
        ("set_aside", "ones"),
        ("sixes_turn", "one_throw"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (5, 5, 5), note="row 8: an opening round for no Deckel"),
        stop(
            ANNA,
            note="row 30 [mad]: without General, 5-5-5 is the plain number 555; limit 1",
        ),
        throw(
            BEN,
            (3, 2, 1),
            note="row 31: Ben's Straße 3-2-1 (one throw) beats 555: Ben opens the first half",
        ),
        # First half: 3 Deckel.
        throw(BEN, (6, 6, 2), note="row 1: a half of 3 Deckel (any count from 1 to 999)"),
        turn_sixes(
            BEN,
            note="row 23 [rebel, jusos]: two sixes of a throw of all three dice turn into a 1; "
            "row 24: the other six goes back into the cup",
        ),
        throw(
            BEN,
            (4, 1),
            keep=(1,),
            note="row 20 [h2g2, schockaus, keller, rebel, mad]: only 1s may be set aside: the 2 "
            "goes back into the cup too; Ben throws two dice: Schock 4",
        ),
        stop(BEN, note="row 11: limit 2"),
        throw(ANNA, (5, 3, 1)),
        throw(
            ANNA,
            (6, 6),
            keep=(1,),
            note="row 20: Anna keeps only her 1 and throws two dice: 6-6-1; row 23: with a die "
            "set aside those sixes do not turn, and her limit is used: 661. row 28: Ben's "
            "Schock 4 is worth 4, the middle holds 3: Anna takes them and has lost the first half",
        ),
        # Second half: Anna lost the last round and opens.
        throw(
            ANNA,
            (2, 2, 2),
            note="row 10: Anna opens the second half; row 30: 2-2-2 is the plain number 222",
        ),
        throw(ANNA, (5, 3, 1), note="row 20: no 2 may be set aside: Anna throws all three again"),
        throw(ANNA, (6, 1), keep=(1,), note="row 20: Anna keeps her 1: Schock 6 in three throws"),
        throw(BEN, (5, 4, 3), note="row 11: limit 3"),
        stop(
            BEN,
            note="row 28: Schock 6 is worth 6, the middle holds 3: Ben takes them and has lost "
            "the second half; row 3: a Finale with row 2: 3 Deckel",
        ),
        # Finale: Ben lost the last round and opens.
        throw(BEN, (5, 4, 2), note="row 10: Ben opens the Finale"),
        throw(BEN, (1, 1, 1), note="row 26 [tingting, sr-en]: 1-1-1 in one throw, a Hand-Aus"),
        stop(BEN, note="row 11: limit 2"),
        throw(ANNA, (6, 6, 6), note="row 30: no General: 666 would be a plain number"),
        turn_sixes(
            ANNA,
            note="row 23 [rebel, jusos]: three sixes of a throw of all three dice become two 1s; "
            "row 24: the third six goes back into the cup",
        ),
        throw(
            ANNA,
            (1,),
            keep=(1, 1),
            note="row 26: Anna's assembled Schock-Aus is beaten by Ben's Hand-Aus: Anna is "
            "worst, takes all 3 and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, BEN, ANNA, 0),
        Round(NORMAL, BEN, ANNA, 4),
        Round(NORMAL, ANNA, BEN, 6),
        Round(NORMAL, BEN, ANNA, None),
    ),
    moves=(
        (MIDDLE, ANNA, 3),
        (MIDDLE, BEN, 3),
        (MIDDLE, ANNA, 3),
    ),
)

ERSTER_HOCH = Golden(
    preset="tsv99",
    name="regional-erster-hoch",
    overrides=(
        ("deckel_per_half", 3),
        ("deckel_in_finale", 3),
        ("first_round_one_throw", "halves_and_finale"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(
            ANNA,
            (5, 3, 2),
            note="row 8: tsv99's opening round, for no Deckel; row 12 [mad]: it is not the "
            "first round of the half, so Anna may throw up to three times",
        ),
        throw(ANNA, (4, 1, 1), note="row 11: a second throw of all three dice: Schock 4"),
        stop(ANNA, note="row 11: Anna stops after two throws: the limit is 2"),
        throw(BEN, (6, 5, 2)),
        throw(
            BEN,
            (6, 4, 3),
            note="row 8: Ben's 643 ends his turn at the limit; Anna's Schock 4 is best: she "
            "opens the first half",
        ),
        # First half, 3 Deckel; its first round for Deckel has one throw.
        throw(
            ANNA,
            (6, 6, 3),
            note="row 12 [mad]: Erster Hoch: the first round of the half has one throw, for its "
            "opener too: Anna's turn ends with it (no throw left to turn her sixes)",
        ),
        throw(
            BEN,
            (5, 4, 3),
            note="row 31: Ben's Straße 5-4-3 (worth 2) beats Anna's 663: Anna takes 2 (1 left)",
        ),
        throw(ANNA, (3, 2, 2), note="row 9: Anna lost the last round and opens"),
        throw(ANNA, (1, 1, 1), note="row 11: from the second round on the opener sets the limit"),
        stop(ANNA, note="row 11: Anna stops after two throws: the limit is 2"),
        throw(BEN, (6, 5, 5)),
        throw(
            BEN,
            (6, 6, 4),
            note="row 25: Schock-Aus: Ben's 664 is worst, he takes all 3 and has lost the first "
            "half",
        ),
        # Second half, opened by Ben; again one throw in its first round.
        throw(
            BEN,
            (2, 1, 1),
            note="row 10: Ben, who lost the last round, opens the second half; row 12 [mad]: "
            "its first round has one throw",
        ),
        throw(
            ANNA,
            (6, 5, 4),
            note="row 28: Ben's Schock 2 beats Anna's Straße: Anna takes 2 (1 left)",
        ),
        throw(ANNA, (4, 4, 2), note="row 9: Anna opens"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(
            BEN,
            (3, 3, 2),
            note="row 11: Ben's 332 is worst: he takes the last Deckel from the middle",
        ),
        throw(BEN, (1, 1, 1), note="row 9: Ben opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (5, 5, 1),
            note="row 25: Schock-Aus: Anna takes Ben's Deckel and has lost the second half; "
            "row 3: two half-losers, so a Finale follows",
        ),
        # Finale, 3 Deckel, opened by Anna: one throw in its first round as well.
        throw(
            ANNA,
            (6, 6, 6),
            note="row 12 [mad]: with Erster Hoch in the Finale its first round has one throw "
            "too; row 10: Anna lost the last round and opens; General 6",
        ),
        throw(
            BEN,
            (6, 6, 5),
            note="row 30: the General is worth 3: Ben takes all 3 Deckel and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, BEN, ANNA, 2),
        Round(NORMAL, ANNA, BEN, None),
        Round(NORMAL, BEN, ANNA, 2),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, BEN, ANNA, None),
        Round(NORMAL, ANNA, BEN, 3),
    ),
    moves=(
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 1),
        (ANNA, BEN, 2),
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 1),
        (BEN, ANNA, 1),
        (MIDDLE, BEN, 3),
    ),
)

STRASSEN = Golden(
    preset="tsv99",
    name="regional-strassen",
    overrides=(
        ("deckel_per_half", 3),
        ("deckel_in_finale", 3),
        ("strassen", "outer"),
        ("strasse_rank", "equal"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(
            ANNA,
            (5, 4, 3),
            note="row 8: tsv99's opening round, for no Deckel; row 31 [sr-en]: only 1-2-3 and "
            "4-5-6 are Straßen: 5-4-3 is the plain number 543",
        ),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 2, 1), note="row 37: Ben's 621 beats 543: Ben opens the first half"),
        # First half, 3 Deckel.
        throw(BEN, (3, 2, 1), note="row 31 [sr-en]: 1-2-3 is a Straße, worth 2"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 5, 4),
            note="row 31 [shaw]: every Straße is equal, 4-5-6 no better than 1-2-3; row 39 "
            "[tingting, sackj, tsw]: the later thrower of equal results is worse: Anna takes 2 "
            "(1 left)",
        ),
        throw(ANNA, (4, 3, 2), note="row 31 [sr-en]: 2-3-4 is the plain number 432; row 9"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (2, 2, 1),
            note="row 37: Ben's 221 is worst: he takes the last Deckel from the middle",
        ),
        throw(BEN, (6, 5, 4), note="row 9: Ben opens; row 31: a Straße"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (1, 1, 1),
            note="row 25: Schock-Aus: Ben takes Anna's 2 Deckel and has lost the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (3, 1, 1), note="row 10: Ben, who lost the last round, opens; Schock 3"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 5, 4),
            note="row 28: Schock 3 is worth 3: Anna takes all 3 and has lost the second half; "
            "row 3: a Finale follows",
        ),
        # Finale, 3 Deckel, opened by Anna.
        throw(
            ANNA,
            (3, 2, 1),
            note="row 10: Anna lost the last round and opens the Finale; row 31: a Straße",
        ),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (3, 2, 1),
            note="row 31 [shaw]: the same Straße: row 39: later is worse: Ben takes 2 (1 left)",
        ),
        throw(BEN, (5, 4, 3), note="row 9: Ben opens; row 31 [sr-en]: 543, a plain number"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 4, 2),
            note="row 37: Ben's 543 is worse than 642: he takes the last Deckel and has lost "
            "the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, BEN, ANNA, 0),
        Round(NORMAL, BEN, ANNA, 2),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, ANNA, BEN, None),
        Round(NORMAL, BEN, ANNA, 3),
        Round(NORMAL, ANNA, BEN, 2),
        Round(NORMAL, ANNA, BEN, 1),
    ),
    moves=(
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 1),
        (ANNA, BEN, 2),
        (MIDDLE, ANNA, 3),
        (MIDDLE, BEN, 2),
        (MIDDLE, BEN, 1),
    ),
)

NUTTE = Golden(
    preset="tsv99",
    name="regional-nutte",
    overrides=(
        ("deckel_per_half", 15),
        ("deckel_in_finale", 15),
        ("jule", True),
        ("nutte", True),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(
            ANNA,
            (2, 2, 1),
            note="row 8: tsv99's opening round, for no Deckel; row 34 [tsw]: 2-2-1 is a Nutte",
        ),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(
            BEN,
            (4, 2, 1),
            note="row 34 [tsw]: the Nutte ranks above Ben's Jule (row 33): Anna opens the first "
            "half",
        ),
        # First half, 15 Deckel as in tsw's Nutte presets.
        throw(ANNA, (4, 2, 1), note="row 1 [tsw]: 15 Deckel a half; row 33: a Jule"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (2, 2, 1),
            note="row 34 [tsw, shaw]: Ben's Nutte beats Anna's Jule and is worth 9: Anna takes "
            "9 (6 left)",
        ),
        throw(ANNA, (5, 2, 2), note="row 9: Anna lost the last round and opens"),
        throw(
            ANNA,
            (1,),
            keep=(2, 2),
            note="row 34: Anna keeps 2-2 and throws a 1: a Nutte may be assembled (tsw's table "
            "does not ask for one throw)",
        ),
        stop(ANNA, note="row 11: Anna stops after two throws: the limit is 2"),
        throw(BEN, (3, 1, 1)),
        stop(
            BEN,
            note="row 34 [tsw]: the Nutte, above every Schock, beats Ben's Schock 3: Ben takes "
            "the 6 left",
        ),
        throw(BEN, (1, 1, 1), note="row 9: Ben opens; row 25: Schock-Aus"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 5, 4),
            note="row 25: Schock-Aus: Anna takes Ben's 6 and holds all 15: she has lost the "
            "first half",
        ),
        # Second half, opened by Anna.
        throw(ANNA, (1, 1, 1), note="row 10: Anna, who lost the last round, opens; Schock-Aus"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (2, 2, 1),
            note="row 34 [tsw]: the Nutte ranks right below Schock-Aus, not above it: Ben takes "
            "all 15; row 3: a Finale follows",
        ),
        # Finale, 15 Deckel, opened by Ben.
        throw(
            BEN,
            (2, 2, 1),
            note="row 2 [daha12, bitzen, burger]: the Finale with as many Deckel as a half; "
            "row 10: Ben lost the last round and opens; a Nutte",
        ),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 1, 1),
            note="row 34 [tsw]: the Nutte beats Schock 6: Anna takes 9 (6 left)",
        ),
        throw(ANNA, (4, 2, 1), note="row 9: Anna opens; row 33: a Jule, worth 7"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (2, 2, 1),
            note="row 34 [tsw]: Nutte above Jule: Anna takes the 6 left, holds all 15 and has "
            "lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, BEN, ANNA, 9),
        Round(NORMAL, ANNA, BEN, 9),
        Round(NORMAL, BEN, ANNA, None),
        Round(NORMAL, ANNA, BEN, None),
        Round(NORMAL, BEN, ANNA, 9),
        Round(NORMAL, BEN, ANNA, 9),
    ),
    moves=(
        (MIDDLE, ANNA, 9),
        (MIDDLE, BEN, 6),
        (BEN, ANNA, 6),
        (MIDDLE, BEN, 15),
        (MIDDLE, ANNA, 9),
        (MIDDLE, ANNA, 6),
    ),
)

ONE_THROW_TIE = Golden(
    preset="tsv99",
    name="regional-one-throw-tie",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("tiebreak", "one_throw_then_later"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (6, 4, 3), note="row 8: tsv99's opening round, for no Deckel"),
        throw(ANNA, (5, 2), keep=(6,), note="row 20: Anna keeps the 6: 6-5-2 assembled"),
        stop(ANNA, note="row 11: Anna stops after two throws: the limit is 2"),
        throw(BEN, (6, 5, 2)),
        stop(
            BEN,
            note="row 39 [rebel, mad]: Ben's 652 from one throw beats Anna's assembled 652, "
            "though later: Ben opens the first half",
        ),
        # First half, 2 Deckel.
        throw(BEN, (4, 1, 1), note="row 28: Schock 4"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (3, 2, 2),
            note="row 1: a half of 2 Deckel: Anna takes both and has lost the first half",
        ),
        # Second half, opened by Anna.
        throw(ANNA, (5, 5, 3), note="row 10: Anna, who lost the last round, opens"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (5, 5, 3),
            note="row 39 [rebel, mad]: both from one throw: the later thrower is worse: Ben "
            "takes 1 (1 left)",
        ),
        throw(BEN, (2, 1, 1), note="row 9: Ben opens; Schock 2"),
        stop(BEN, note="row 11: limit 1"),
        throw(ANNA, (3, 3, 2), note="row 28: Anna takes the last Deckel from the middle"),
        throw(ANNA, (1, 1, 1), note="row 9: Anna opens; Schock-Aus"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (6, 5, 4),
            note="row 25: Schock-Aus: Ben takes Anna's Deckel and has lost the second half; "
            "row 3: a Finale follows",
        ),
        # Finale, 2 Deckel, opened by Ben.
        throw(BEN, (4, 3, 3), note="row 10: Ben lost the last round and opens the Finale"),
        throw(BEN, (1,), keep=(4, 3), note="row 20: Ben keeps 4-3: 4-3-1 assembled"),
        stop(BEN, note="row 11: limit 2"),
        throw(ANNA, (6, 5, 5)),
        throw(
            ANNA,
            (4, 3, 1),
            note="row 39 [rebel, mad]: Anna's 431, all three dice in her last throw, beats "
            "Ben's assembled 431: Ben takes 1 (1 left)",
        ),
        throw(BEN, (2, 2, 1), note="row 9: Ben opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 6, 6),
            note="row 30: General 6: Ben takes the last Deckel and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, BEN, ANNA, 0),
        Round(NORMAL, BEN, ANNA, 4),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, BEN, ANNA, 2),
        Round(NORMAL, ANNA, BEN, None),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, ANNA, BEN, 3),
    ),
    moves=(
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 1),
        (MIDDLE, ANNA, 1),
        (ANNA, BEN, 1),
        (MIDDLE, BEN, 1),
        (MIDDLE, BEN, 1),
    ),
)

ANKNOBELN = Golden(
    preset="tsv99",
    name="regional-anknobeln",
    overrides=(
        ("deckel_per_half", 3),
        ("deckel_in_finale", 2),
        ("one_throw_while_middle", True),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(
            ANNA,
            (5, 3, 2),
            note="row 8: tsv99's opening round, for no Deckel; row 6 [casino, weizhao]: it is "
            "no round for Deckel of the middle, so Anna may throw up to three times",
        ),
        throw(ANNA, (4, 1, 1), note="row 11: a second throw of all three dice: Schock 4"),
        stop(ANNA, note="row 11: Anna stops after two throws: the limit is 2"),
        throw(BEN, (6, 5, 2)),
        throw(
            BEN,
            (6, 4, 3),
            note="row 8: Ben's 643 ends his turn at the limit; Anna's Schock 4 is best: she "
            "opens the first half",
        ),
        # First half, 3 Deckel in the middle: one throw each while they last.
        throw(
            ANNA,
            (6, 5, 4),
            note="row 6 [casino, weizhao]: Anknobeln: Deckel are in the middle, so one throw, for "
            "the opener too: Anna's turn ends with her Straße",
        ),
        throw(BEN, (5, 3, 2), note="row 31: the Straße is worth 2: Ben takes 2 (1 left)"),
        throw(
            BEN,
            (4, 3, 2),
            note="row 9: Ben lost the last round and opens; row 6 [casino, weizhao]: one Deckel "
            "is still in the middle: one throw",
        ),
        throw(
            ANNA,
            (6, 3, 1),
            note="row 31: Ben's Straße is best: Anna takes the last Deckel from the middle",
        ),
        throw(
            ANNA,
            (3, 3, 2),
            note="row 6 [casino, weizhao]: the middle is empty: Anna, who lost the last round, "
            "opens and may throw up to three times",
        ),
        throw(ANNA, (5, 5, 3), note="row 20: a second throw of all three dice: 553"),
        stop(ANNA, note="row 11: Anna stops after two throws: the limit is 2"),
        throw(BEN, (2, 2, 1), note="row 11: Ben may throw twice, as Anna did"),
        throw(
            BEN,
            (4, 1, 1),
            note="row 28: Schock 4: Ben gives Anna both his Deckel; she holds all 3 and has lost "
            "the first half",
        ),
        # Second half, opened by Anna, 3 Deckel in the middle again.
        throw(
            ANNA,
            (1, 1, 1),
            note="row 10: Anna, who lost the last round, opens the second half; row 6 [casino, "
            "weizhao]: one throw: Schock-Aus",
        ),
        throw(
            BEN,
            (6, 6, 6),
            note="row 25: Schock-Aus beats Ben's General: Ben takes all 3 and has lost the second "
            "half; row 3: two half-losers, so a Finale follows",
        ),
        # Finale, 2 Deckel, opened by Ben: one throw each while the middle lasts.
        throw(
            BEN,
            (5, 4, 4),
            note="row 10: Ben lost the last round and opens the Finale; row 6 [casino, weizhao]: "
            "one throw",
        ),
        throw(ANNA, (6, 3, 2), note="row 28: 632 beats 544: Ben takes 1 (1 left)"),
        throw(BEN, (3, 3, 1), note="row 9: Ben opens again; row 6: one throw"),
        throw(
            ANNA,
            (4, 3, 3),
            note="row 28: 433 beats 331: Ben takes the last Deckel and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, BEN, 2),
        Round(NORMAL, BEN, ANNA, 2),
        Round(NORMAL, BEN, ANNA, 4),
        Round(NORMAL, ANNA, BEN, None),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, ANNA, BEN, 1),
    ),
    moves=(
        (MIDDLE, BEN, 2),
        (MIDDLE, ANNA, 1),
        (BEN, ANNA, 2),
        (MIDDLE, BEN, 3),
        (MIDDLE, BEN, 1),
        (MIDDLE, BEN, 1),
    ),
)

JULIUS = Golden(
    preset="tsv99",
    name="regional-schock-aus-worth",
    overrides=(
        ("deckel_per_half", 8),
        ("deckel_in_finale", 8),
        ("schock_aus", "worth"),
        ("schock_aus_deckel", 7),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (4, 1, 1), note="row 8: tsv99's opening round, for no Deckel; Schock 4"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 5, 2), note="row 8: Anna's Schock 4 is best: she opens the first half"),
        # First half, 8 Deckel.
        throw(ANNA, (1, 1, 1), note="row 25 [casino, monopoly]: Schock-Aus, here worth 7 Deckel"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (6, 5, 4),
            note="row 25 [casino, monopoly]: a Schock-Aus as Julius does not end the half: Ben "
            "takes 7 from the middle (1 left)",
        ),
        throw(BEN, (3, 2, 2), note="row 9: Ben lost the last round and opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 4, 3),
            note="row 28: Ben's 322 is worst: he takes the last Deckel, holds all 8 and has lost "
            "the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (1, 1, 1), note="row 10: Ben opens the second half; Schock-Aus"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (1, 1, 1),
            note="row 27: two Schock-Aus are equal; row 39: the later thrower is worse: Anna "
            "takes 7 (1 left)",
        ),
        throw(ANNA, (6, 5, 4), note="row 9: Anna opens; Straße"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (4, 4, 2),
            note="row 31: the Straße is worth 2, but only 1 is left: Ben takes it",
        ),
        throw(BEN, (5, 5, 2), note="row 9: Ben opens; the middle is empty"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (1, 1, 1),
            note="row 25 [casino, monopoly]: Anna's Schock-Aus is worth 7: she gives Ben her 7; "
            "he holds all 8 and has lost both halves: row 4: Blattschuss",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, BEN, 7),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, BEN, ANNA, 7),
        Round(NORMAL, ANNA, BEN, 2),
        Round(NORMAL, ANNA, BEN, 7),
    ),
    moves=(
        (MIDDLE, BEN, 7),
        (MIDDLE, BEN, 1),
        (MIDDLE, ANNA, 7),
        (MIDDLE, BEN, 1),
        (ANNA, BEN, 7),
    ),
)

ACHTER = Golden(
    preset="tsv99",
    name="regional-achter",
    overrides=(
        ("deckel_per_half", 13),
        ("jule", True),
        ("jule_rank", "by_worth"),
        ("nutte", True),
        ("nutte_rank", "by_worth"),
        ("achter", True),
        ("achter_deckel", 10),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(
            ANNA,
            (3, 3, 1),
            note="row 8: tsv99's opening round, for no Deckel; row 35 [shaw]: 3-3-1 is an Achter",
        ),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(
            BEN,
            (4, 2, 1),
            note="row 33 [shaw]: a Jule worth 7 ranks by its worth, below the Achter worth 10: "
            "Anna opens the first half",
        ),
        # First half, 13 Deckel as in shaw.
        throw(ANNA, (2, 2, 1), note="row 1 [shaw]: 13 Deckel a half; row 34 [shaw]: a Nutte, 9"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (3, 3, 1),
            note="row 35 [shaw]: specials rank by their worth: Ben's Achter 10 beats Anna's Nutte "
            "9 and is worth 10: Anna takes 10 (3 left)",
        ),
        throw(ANNA, (6, 5, 3), note="row 9: Anna lost the last round and opens"),
        throw(
            ANNA,
            (3, 1),
            keep=(3,),
            note="row 35: Anna keeps a 3 and throws 3-1: the Achter may be assembled here "
            "(achter has no one-throw switch)",
        ),
        stop(ANNA, note="row 11: Anna stops after two throws: the limit is 2"),
        throw(BEN, (6, 1, 1)),
        stop(
            BEN,
            note="row 35 [shaw]: the Achter, worth 10, ranks above Schock 6: Ben takes the 3 left",
        ),
        throw(BEN, (1, 1, 1), note="row 9: Ben opens; row 25: Schock-Aus"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (3, 3, 1),
            note="row 25: the Achter ranks below a Schock-Aus: Anna takes Ben's 3, holds all 13 "
            "and has lost the first half",
        ),
        # Second half, opened by Anna.
        throw(ANNA, (4, 2, 1), note="row 10: Anna, who lost the last round, opens; a Jule"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (3, 3, 1),
            note="row 35 [shaw]: the Achter beats the Jule: Anna takes 10 (3 left)",
        ),
        throw(ANNA, (6, 1, 1), note="row 9: Anna opens; Schock 6"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (1, 3, 3),
            note="row 35 [shaw]: Achter above Schock 6: Anna takes the 3 left, holds all 13 and "
            "has lost both halves: row 4: Blattschuss",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, BEN, ANNA, 10),
        Round(NORMAL, ANNA, BEN, 10),
        Round(NORMAL, BEN, ANNA, None),
        Round(NORMAL, BEN, ANNA, 10),
        Round(NORMAL, BEN, ANNA, 10),
    ),
    moves=(
        (MIDDLE, ANNA, 10),
        (MIDDLE, BEN, 3),
        (BEN, ANNA, 3),
        (MIDDLE, ANNA, 10),
        (MIDDLE, ANNA, 3),
    ),
)

LADEN = Golden(
    preset="tsv99",
    name="regional-laden",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("opening", "worst_opens"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(
            ANNA,
            (5, 3, 2),
            note='row 8 [mad]: "Laden": one throw each, the worst opens, for no Deckel',
        ),
        throw(
            BEN,
            (5, 3, 2),
            note="row 8 [mad]: Anna and Ben tie for the lowest throw: they throw again (Stechen)",
        ),
        throw(
            ANNA,
            (1, 1, 1),
            note="row 8 [mad]: a Schock-Aus in the opening throw is only the best throw: no "
            "Deckel move",
        ),
        throw(BEN, (6, 4, 2), note="row 8 [mad]: Ben throws lowest and opens, taking no Deckel"),
        # First half, 2 Deckel.
        throw(BEN, (6, 1, 1), note="row 1: 2 Deckel a half, all still in the middle; Schock 6"),
        stop(BEN, note="row 11: Ben stops after one throw: the limit is 1"),
        throw(
            ANNA,
            (6, 5, 2),
            note="row 28: Schock 6 is worth 6; row 37: Anna's 652 is worst: she takes the 2 "
            "left, holds both and has lost the first half",
        ),
        # Second half, opened by Anna.
        throw(
            ANNA,
            (3, 1, 1),
            note="row 8: the opening throw is played once, at the start; row 10: Anna opens the "
            "second half",
        ),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (6, 5, 3),
            note="row 37: Ben's 653 is worst: he takes both Deckel and has lost the second half; "
            "row 3: a Finale follows",
        ),
        # Finale, 2 Deckel, opened by Ben.
        throw(BEN, (2, 1, 1), note="row 10: Ben lost the last round and opens the Finale"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (4, 3, 1),
            note="row 37: Anna's 431 is worst: she takes both Deckel and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_THROW, ANNA, None, 0, (ANNA, BEN)),
        Round(STECHEN, ANNA, BEN, 0),
        Round(NORMAL, BEN, ANNA, 6),
        Round(NORMAL, ANNA, BEN, 3),
        Round(NORMAL, BEN, ANNA, 2),
    ),
    moves=(
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 2),
        (MIDDLE, ANNA, 2),
    ),
)

PIP_SUM = Golden(
    preset="tsv99",
    name="regional-pip-sum",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("plain_rank", "pip_sum"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (6, 6, 2), note="row 8: tsv99's opening round, for no Deckel; 6-6-2 sums 14"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(
            BEN,
            (6, 5, 5),
            note="row 37 [schockomania]: by pip sum Ben's 16 beats 14 (by digits 662 would "
            "beat 655): Ben opens the first half",
        ),
        # First half, 2 Deckel.
        throw(BEN, (6, 5, 2), note="row 10: Ben opens; 6-5-2 sums 13"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 4, 3),
            note="row 37: 6-4-3 sums 13 too, an equal result; row 39 [tingting, sackj, tsw]: "
            "the later thrower is worse: Anna takes 1 (1 left)",
        ),
        throw(ANNA, (4, 4, 2), note="row 9: Anna opens; 4-4-2 sums 10"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (5, 2, 2),
            note="row 37: 5-2-2 sums 9, worse than 10 (by digits 522 would beat 442): Ben "
            "takes the last Deckel from the middle",
        ),
        throw(BEN, (6, 4, 1), note="row 9: Ben opens; 6-4-1 sums 11"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (5, 5, 3),
            note="row 37: Anna's 13 beats 11: Anna gives Ben her Deckel, and Ben, holding both, "
            "has lost the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (6, 6, 6), note="row 10: Ben opens; row 30: General, worth 3"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (6, 5, 5),
            note="row 30: the General is worth 3; the middle has 2: Anna takes both and has lost "
            "the second half; row 3: a Finale follows",
        ),
        # Finale, 2 Deckel, opened by Anna.
        throw(ANNA, (6, 6, 3), note="row 10: Anna lost the last round and opens; 6-6-3 sums 15"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (5, 5, 4), note="row 37: 5-5-4 sums 14: Ben takes 1 (1 left)"),
        throw(BEN, (3, 2, 2), note="row 9: Ben opens; 3-2-2 sums 7"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (4, 2, 2),
            note="row 37: 4-2-2 sums 8: Ben's 7 is worse; he takes the last Deckel and has lost "
            "the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, BEN, ANNA, 0),
        Round(NORMAL, BEN, ANNA, 1),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, BEN, ANNA, 3),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, ANNA, BEN, 1),
    ),
    moves=(
        (MIDDLE, ANNA, 1),
        (MIDDLE, BEN, 1),
        (ANNA, BEN, 1),
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 1),
        (MIDDLE, BEN, 1),
    ),
)

HIGH_DIE = Golden(
    preset="tsv99",
    name="regional-high-die",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("opening", "high_die"),
    ),
    players=("Anna", "Ben", "Cem"),
    plays=(
        throw(ANNA, (5,), note="row 8 [h2g2, keller, jusos, mortsch]: one die each, highest opens"),
        throw(BEN, (2,), note="row 8 [h2g2]: Ben's die is the lowest, which counts for nothing"),
        throw(
            CEM,
            (5,),
            note="row 8 [h2g2, keller]: Anna and Cem tie for the highest die: they throw again",
        ),
        throw(ANNA, (3,), note="row 8 [jusos]: only Anna and Cem throw again"),
        throw(CEM, (4,), note="row 8 [mortsch]: Cem's 4 is highest: he opens, no Deckel move"),
        # First half, 2 Deckel, opened by Cem.
        throw(CEM, (6, 1, 1), note="row 8: Cem opens the first round; Schock 6"),
        stop(CEM, note="row 11: Cem stops after one throw: the limit is 1"),
        throw(ANNA, (6, 5, 2), note="row 11: limit 1"),
        throw(
            BEN,
            (6, 4, 2),
            note="row 37: Ben's 642 is worst: he takes the 2 Deckel and has lost the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (3, 1, 1), note="row 8: the opening is played once; row 10: Ben opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (6, 5, 3), note="row 11: limit 1"),
        throw(
            ANNA,
            (4, 3, 1),
            note="row 37: Anna's 431 is worst: she takes both Deckel and has lost the second half",
        ),
        # Finale between Anna and Ben, opened by Anna.
        throw(ANNA, (2, 1, 1), note="row 10: Anna lost the last round and opens the Finale"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (5, 3, 1), note="row 37: Ben's 531 is worst: he has lost the game"),
    ),
    rounds=(
        Round(OPENING_DIE, ANNA, None, 0, (ANNA, CEM)),
        Round(OPENING_DIE, CEM, ANNA, 0),
        Round(NORMAL, CEM, BEN, 6),
        Round(NORMAL, BEN, ANNA, 3),
        Round(NORMAL, ANNA, BEN, 2),
    ),
    moves=(
        (MIDDLE, BEN, 2),
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 2),
    ),
)

LOW_DIE = Golden(
    preset="tsv99",
    name="regional-low-die",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("opening", "low_die"),
    ),
    players=("Anna", "Ben", "Cem"),
    plays=(
        throw(ANNA, (1,), note="row 8 [papr]: one die each, the lowest opens"),
        throw(BEN, (6,), note="row 8 [papr]: Ben's 6 is the highest, which counts for nothing"),
        throw(
            CEM,
            (1,),
            note="row 8 [papr]: Anna and Cem tie for the lowest die: they throw again (Stechen)",
        ),
        throw(ANNA, (2,), note="row 8 [papr]: only Anna and Cem throw again"),
        throw(CEM, (2,), note="row 8 [papr]: a tie again: Anna and Cem throw once more"),
        throw(ANNA, (6,), note="row 8 [papr]: Anna's 6 is higher"),
        throw(CEM, (3,), note="row 8 [papr]: Cem's 3 is lowest: he opens, no Deckel move"),
        # First half, 2 Deckel, opened by Cem.
        throw(CEM, (6, 1, 1), note="row 8: Cem opens the first round; Schock 6"),
        stop(CEM, note="row 11: Cem stops after one throw: the limit is 1"),
        throw(ANNA, (6, 5, 2), note="row 11: limit 1"),
        throw(
            BEN,
            (6, 4, 2),
            note="row 37: Ben's 642 is worst: he takes the 2 Deckel and has lost the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (3, 1, 1), note="row 8: the opening is played once; row 10: Ben opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (6, 5, 3), note="row 11: limit 1"),
        throw(
            ANNA,
            (4, 3, 1),
            note="row 37: Anna's 431 is worst: she takes both Deckel and has lost the second half",
        ),
        # Finale between Anna and Ben, opened by Anna.
        throw(ANNA, (2, 1, 1), note="row 10: Anna lost the last round and opens the Finale"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (5, 3, 1), note="row 37: Ben's 531 is worst: he has lost the game"),
    ),
    rounds=(
        Round(OPENING_DIE, BEN, None, 0, (ANNA, CEM)),
        Round(OPENING_DIE, ANNA, None, 0, (ANNA, CEM)),
        Round(OPENING_DIE, ANNA, CEM, 0),
        Round(NORMAL, CEM, BEN, 6),
        Round(NORMAL, BEN, ANNA, 3),
        Round(NORMAL, ANNA, BEN, 2),
    ),
    moves=(
        (MIDDLE, BEN, 2),
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 2),
    ),
)

THROW_OFF_GAME = Golden(
    preset="tsv99",
    name="regional-throw-off",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("tiebreak", "throw_off"),
    ),
    players=("Anna", "Ben", "Cem"),
    plays=(
        throw(ANNA, (6, 4, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (5, 5, 3), note="row 37: a plain 553"),
        throw(CEM, (1, 4, 1), note="row 8: Cem's Schock 4 is best: he opens the first half"),
        # First half, 2 Deckel, Cem opens (C A B).
        throw(CEM, (2, 1, 1), note="row 28: Schock 2, worth 2"),
        stop(CEM, note="row 11: Cem stops after one throw: the limit is 1"),
        throw(ANNA, (6, 4, 3), note="row 37: a plain 643"),
        throw(
            BEN,
            (6, 4, 3),
            note="row 39 [kerwe, monopoly]: Anna and Ben tie for the worst: they throw off, one "
            "throw each, for what Cem's Schock 2 is worth",
        ),
        throw(ANNA, (5, 5, 2), note="row 39: the throw-off, in the order they threw"),
        throw(BEN, (5, 5, 2), note="row 39 [kerwe, monopoly]: tied again: they throw off again"),
        throw(ANNA, (6, 6, 1), note="row 39: the second throw-off"),
        throw(
            BEN,
            (3, 2, 2),
            note="row 39 [kerwe, monopoly]: Ben throws lowest and takes Cem's 2 from the middle: "
            "he holds both and has lost the first half",
        ),
        # Second half, opened by Ben (B C A).
        throw(BEN, (1, 1, 1), note="row 10: Ben opens the second half; row 25: a Schock-Aus"),
        stop(BEN, note="row 11: Ben stops after one throw: the limit is 1"),
        throw(CEM, (6, 5, 2), note="row 37: a plain 652"),
        throw(
            ANNA,
            (6, 5, 2),
            note="row 39 [kerwe, monopoly]: Cem and Anna tie for the worst under a Schock-Aus: "
            "the throw-off decides who takes the half",
        ),
        throw(CEM, (4, 2, 2), note="row 39: the throw-off"),
        throw(
            ANNA,
            (4, 4, 1),
            note="row 25: Cem throws lowest and takes every Deckel: he has lost the second half; "
            "row 3: a Finale follows",
        ),
        # Finale, Ben against Cem, 2 Deckel, opened by Cem (C B).
        throw(CEM, (6, 4, 2), note="row 10: Cem lost the last round and opens the Finale"),
        stop(CEM, note="row 11: limit 1"),
        throw(BEN, (6, 3, 1), note="row 37: Ben's 631 is worst: he takes 1 from the middle"),
        throw(BEN, (5, 3, 2), note="row 9: the loser opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (4, 3, 1), note="row 37: Cem's 431 is worst: he takes the last one"),
        throw(CEM, (2, 1, 1), note="row 28: Schock 2"),
        stop(CEM, note="row 11: limit 1"),
        throw(
            BEN,
            (1, 2, 1),
            note="row 39 [kerwe, monopoly]: both Schock 2: they tie for the worst and throw off; "
            "Cem, the earlier, has the best",
        ),
        throw(CEM, (2, 2, 1), note="row 39: the throw-off"),
        throw(
            BEN,
            (6, 5, 5),
            note="row 39: Cem throws lowest but holds the best result, so Ben, second best, "
            "gives him his Deckel (row 9: from the best once the middle is empty): Cem holds both "
            "and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, CEM, BEN, 0),
        Round(NORMAL, CEM, None, 2, (ANNA, BEN)),
        Round(THROW_OFF, CEM, None, 2, (ANNA, BEN)),
        Round(THROW_OFF, CEM, BEN, 2),
        Round(NORMAL, BEN, None, None, (CEM, ANNA)),
        Round(THROW_OFF, BEN, CEM, None),
        Round(NORMAL, CEM, BEN, 1),
        Round(NORMAL, BEN, CEM, 1),
        Round(NORMAL, CEM, None, 2, (CEM, BEN)),
        Round(THROW_OFF, BEN, CEM, 2),
    ),
    moves=(
        (MIDDLE, BEN, 2),
        (MIDDLE, CEM, 2),
        (MIDDLE, BEN, 1),
        (MIDDLE, CEM, 1),
        (BEN, CEM, 1),
    ),
)

DECKEL_SUM = Golden(
    preset="tsv99",
    name="regional-deckel-sum",
    overrides=(
        ("deckel_per_half", 3),
        ("deckel_in_finale", 3),
        ("deckel_owed", "sum"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (6, 4, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (5, 5, 3), note="row 8: Anna's 642 is best: she opens the first half"),
        throw(ANNA, (2, 1, 1), note="row 28: Schock 2, worth 2"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (6, 5, 4),
            note="row 38 [monopoly]: Ben's Straße (worth 2) is worst; Deckel add up: Schock 2 and "
            "Straße give 4, he takes the 3 in the middle and has lost the first half",
        ),
        throw(BEN, (6, 5, 2), note="row 10: Ben opens the second half"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (5, 3, 2),
            note="row 38 [monopoly]: no special result: Anna takes 1 from the middle",
        ),
        throw(ANNA, (3, 3, 3), note="row 30: a General, worth 3"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (2, 2, 2),
            note="row 38 [monopoly]: two Generals give 6: Ben takes the 2 left in the middle",
        ),
        throw(BEN, (5, 1, 1), note="row 28: Schock 5"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (4, 2, 1),
            note="row 38 [monopoly]: 5 owed from Ben, who gives the 2 he holds: Anna holds all 3 "
            "and has lost the second half; row 3: a Finale follows",
        ),
        throw(ANNA, (6, 6, 1), note="row 10: Anna lost the last round and opens the Finale"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (4, 3, 1), note="row 38: no special result: Ben takes 1 from the middle"),
        throw(BEN, (3, 2, 1), note="row 31: a Straße, worth 2"),
        stop(BEN, note="row 11: limit 1"),
        throw(
            ANNA,
            (1, 2, 1),
            note="row 38 [monopoly]: Schock 2 and Straße give 4: Ben takes the 2 left, holds all "
            "3 and has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, BEN, 4),
        Round(NORMAL, BEN, ANNA, 1),
        Round(NORMAL, ANNA, BEN, 6),
        Round(NORMAL, BEN, ANNA, 5),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, ANNA, BEN, 4),
    ),
    moves=(
        (MIDDLE, BEN, 3),
        (MIDDLE, ANNA, 1),
        (MIDDLE, BEN, 2),
        (BEN, ANNA, 2),
        (MIDDLE, BEN, 1),
        (MIDDLE, BEN, 2),
    ),
)

BLIND = Golden(
    preset="tsv99",
    name="regional-blind",
    overrides=(
        ("deckel_per_half", 3),
        ("deckel_in_finale", 3),
        ("covered", "all"),
        ("blind", True),
        ("blind_double", True),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(
            ANNA,
            (6, 5, 2),
            note="row 8: tsv99's opening round, for no Deckel; row 14 [spiele7]: every throw "
            "stays covered: Ben sees only that Anna threw once",
        ),
        stop(
            ANNA,
            note="row 14 [spiele7]: stopping after one throw, Anna's cup stays covered; row 11: "
            "the limit is 1",
        ),
        throw(
            BEN,
            (4, 2, 1),
            note="row 14: the reveal: Anna's 652 beats Ben's 421; Anna opens the first half",
        ),
        # First half, 3 Deckel.
        Play(
            ANNA,
            THROW_BLIND,
            (2, 1, 1),
            note="row 17 [schockaus]: Anna opens blind: one throw each, every cup covered, her "
            "own too, until the reveal; row 11: the limit is 1",
        ),
        throw(
            BEN,
            (3, 3, 1),
            note="row 18 [burger]: in a blind round Anna's Schock 2 is worth 4; Ben's 331 is "
            "worst: he takes the 3 in the middle and has lost the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (5, 5, 5), note="row 10: Ben opens the second half; row 14: covered"),
        stop(BEN, note="row 11: Ben stops after one throw, not blind: the limit is 1"),
        throw(
            ANNA,
            (6, 5, 4),
            note="row 14: the reveal: Ben's General beats Anna's Straße; Anna takes 3 and has "
            "lost the second half",
        ),
        # Finale, 3 Deckel, opened by Anna.
        Play(
            ANNA,
            THROW_BLIND,
            (1, 1, 1),
            note="row 10: Anna lost the last round and opens the Finale; row 17 [schockaus]: blind",
        ),
        throw(
            BEN,
            (6, 4, 2),
            note="row 18 [burger]: a blind Schock-Aus stays a Schock-Aus: Ben takes all and has "
            "lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, BEN, 4),
        Round(NORMAL, BEN, ANNA, 3),
        Round(NORMAL, ANNA, BEN, None),
    ),
    moves=(
        (MIDDLE, BEN, 3),
        (MIDDLE, ANNA, 3),
        (MIDDLE, BEN, 3),
    ),
)

OPEN_ROUND = Golden(
    preset="tsv99",
    name="regional-open-round",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("covered", "last_throw"),
        ("open_round", True),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round; Anna's first throw is shown"),
        stop(
            ANNA,
            note="row 16 [rsc03, mortsch, rebel]: Anna leaves her first throw open: the round is "
            "played open",
        ),
        throw(
            BEN,
            (6, 4, 2),
            note="row 14: Ben's throw uses up the limit and would stay covered; row 16: in an "
            "open round it is shown; 652 beats 642: Anna opens the first half",
        ),
        # First half, 2 Deckel, opened by Anna.
        throw(ANNA, (3, 2, 2), note="row 10: Anna opens"),
        throw(ANNA, (4, 1, 1), note="row 11: a second throw: the round is not open; Schock 4"),
        stop(ANNA, note="row 11: the limit is 2"),
        throw(BEN, (6, 5, 5)),
        throw(
            BEN,
            (6, 4, 3),
            note="row 14 [kroeten, bvb, tsw, mad]: Ben's last throw uses up the limit and stays "
            "covered until the reveal; Schock 4 is worth 4, the middle has 2: Ben takes both and "
            "has lost the first half",
        ),
        # Second half, opened by Ben.
        throw(BEN, (2, 1, 1), note="row 10: Ben opens; Schock 2, shown"),
        stop(BEN, note="row 16: Ben leaves his first throw open: the round is played open"),
        throw(
            ANNA,
            (5, 5, 1),
            note="row 16: Anna's throw is shown; 551 is worse than Schock 2: Anna takes both and "
            "has lost the second half; row 3: a Finale follows",
        ),
        # Finale, 2 Deckel, opened by Anna.
        throw(ANNA, (6, 6, 6), note="row 10: Anna lost the last round and opens; row 30: General"),
        stop(ANNA, note="row 16: left open: the Finale's round is played open"),
        throw(
            BEN, (3, 3, 2), note="row 37: Ben's 332 is worst: he takes both and has lost the game"
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, BEN, 4),
        Round(NORMAL, BEN, ANNA, 2),
        Round(NORMAL, ANNA, BEN, 3),
    ),
    moves=(
        (MIDDLE, BEN, 2),
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 2),
    ),
)

FIRST_SEAT = Golden(
    preset="tsv99",
    name="regional-first-seat",
    overrides=(
        ("deckel_per_half", 2),
        ("deckel_in_finale", 2),
        ("opening", "first_seat"),
    ),
    players=("Anna", "Ben", "Cem"),
    plays=(
        throw(
            ANNA,
            (6, 5, 2),
            note="row 8 (f) [burger, rsc03, kroeten, ohnetheke, spiele7]: no opening: Anna, named "
            "first (the youngest, the König, drawn by lot), opens the first round for Deckel",
        ),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (3, 1, 1), note="row 28: Schock 3, worth 3"),
        throw(
            CEM,
            (5, 3, 2),
            note="row 37: Cem's 532 is worst: he takes the 2 Deckel of the middle and has lost "
            "the first half",
        ),
        # Second half, opened by Cem.
        throw(CEM, (6, 6, 6), note="row 10: Cem, the last round's loser, opens; row 30: General"),
        stop(CEM, note="row 11: limit 1"),
        throw(ANNA, (5, 4, 1)),
        throw(
            BEN,
            (4, 4, 1),
            note="row 37: Ben's 441 is worst: he takes both Deckel and has lost the second half",
        ),
        # Finale between Cem and Ben, opened by Ben.
        throw(BEN, (2, 1, 1), note="row 10: Ben lost the last round and opens the Finale"),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (6, 5, 4), note="row 31: a Straße is worth 2 and below Schock 2: Cem has lost"),
    ),
    rounds=(
        Round(NORMAL, BEN, CEM, 3),
        Round(NORMAL, CEM, BEN, 3),
        Round(NORMAL, BEN, CEM, 2),
    ),
    moves=(
        (MIDDLE, CEM, 2),
        (MIDDLE, BEN, 2),
        (MIDDLE, CEM, 2),
    ),
)

NO_DECKEL = Golden(
    preset="tsv99",
    name="regional-no-deckel",
    overrides=(
        ("deckel_per_half", 2),
        ("finale", False),
        ("tiebreak", "no_deckel"),
        ("set_aside", "ones_and_sixes"),
        ("sixes_turn", "never"),
        ("first_round_one_throw", "halves"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 4, 2), note="row 37: 652 beats 642: Anna opens the half"),
        # The only half (row 3: no Finale), 2 Deckel.
        throw(
            ANNA,
            (6, 4, 2),
            note="row 12 [mad]: Erster Hoch: the half's first round is one throw for everyone",
        ),
        throw(
            BEN,
            (6, 4, 2),
            note="row 39 [o2k]: a tie for the worst result: nobody takes Deckel, and Anna opens "
            "again",
        ),
        throw(
            ANNA,
            (6, 6, 3),
            note="row 22 [mad, shaw]: sixes are never turned; row 20 [shaw]: only 1s and 6s may "
            "be set aside",
        ),
        throw(ANNA, (1,), keep=(6, 6), note="row 20: Anna keeps her two sixes out: 661"),
        stop(ANNA, note="row 11: the limit is 2"),
        throw(BEN, (5, 1, 1), note="row 28: Schock 5, worth 5"),
        stop(
            BEN,
            note="row 28: Anna's 661 is worst: she takes the 2 Deckel of the middle and has lost "
            "the half; row 3 [tsw]: without a Finale that is the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, None, 1),
        Round(NORMAL, BEN, ANNA, 5),
    ),
    moves=((MIDDLE, ANNA, 2),),
)

SCHOCK_AUS_GAME = Golden(
    preset="tsv99",
    name="regional-schock-aus-game",
    overrides=(
        ("deckel_per_half", 3),
        ("deckel_in_finale", 3),
        ("schock_aus", "game"),
        ("nutte", True),
        ("nutte_one_throw", True),
    ),
    players=("Anna", "Ben", "Cem"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 4, 2), note="row 11: one throw: the limit Anna set"),
        throw(CEM, (5, 4, 2), note="row 37: Anna's 652 is best: she opens the first half"),
        # First half, 3 Deckel.
        throw(ANNA, (3, 2, 2), note="row 10: Anna opens"),
        throw(
            ANNA,
            (1,),
            keep=(2, 2),
            note="row 32 [shaw]: a Nutte only from one throw: Anna's 2-2-1, assembled, is the "
            "plain number 221, the lowest of all",
        ),
        stop(ANNA, note="row 11: the limit is 2"),
        throw(BEN, (6, 5, 3), note="row 37: a plain number, 653"),
        stop(BEN, note="row 11: Ben may stop before the limit"),
        throw(CEM, (2, 2, 1), note="row 34 [tsw]: 2-2-1 in one throw: a Nutte, worth 9"),
        stop(
            CEM,
            note="row 34: the Nutte is best; Anna's 221 is worst: she takes all 3 and has lost "
            "the first half",
        ),
        # Second half, opened by Anna.
        throw(ANNA, (1, 1, 1), note="row 10: Anna opens; row 25: Schock-Aus"),
        stop(ANNA, note="row 11: the limit is 1"),
        throw(BEN, (6, 5, 4), note="row 31: a Straße"),
        throw(
            CEM,
            (5, 3, 2),
            note="row 25 [schockaus]: Cem's 532 is worst: he takes every Deckel of the half and "
            "has lost it, and with it the game at once: no Finale",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, CEM, 0),
        Round(NORMAL, CEM, ANNA, 9),
        Round(NORMAL, ANNA, CEM, None),
    ),
    moves=(
        (MIDDLE, ANNA, 3),
        (MIDDLE, CEM, 3),
    ),
)

MOST_DECKEL = Golden(
    preset="tsv99",
    name="regional-most-deckel-opens",
    overrides=(
        ("deckel_per_half", 4),
        ("finale", False),
        ("later_opener", "most_deckel"),
    ),
    players=("Anna", "Ben", "Cem", "Dora"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 4, 2), note="row 11: one throw each"),
        throw(CEM, (5, 4, 2), note="row 11: one throw, the limit"),
        throw(DORA, (5, 3, 2), note="row 37: Anna's 652 is best: she opens the half"),
        # The only half (no Finale), 4 Deckel.
        throw(ANNA, (6, 5, 4), note="row 31: a Straße, worth 2"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (6, 5, 3), note="row 11: one throw, the limit"),
        throw(CEM, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(DORA, (5, 3, 2), note="row 37: Dora's 532 is worst: she takes 2 (2 left)"),
        throw(DORA, (6, 5, 3), note="row 9: while Deckel are in the middle the loser opens"),
        stop(DORA, note="row 11: limit 1"),
        throw(ANNA, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(BEN, (6, 4, 2), note="row 11: one throw, the limit"),
        throw(CEM, (5, 3, 2), note="row 37: Cem's 532 is worst: he takes 1 (1 left)"),
        throw(CEM, (6, 5, 3), note="row 9: Cem, the loser, opens"),
        stop(CEM, note="row 11: limit 1"),
        throw(DORA, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(ANNA, (6, 4, 2), note="row 11: one throw, the limit"),
        throw(
            BEN,
            (5, 3, 2),
            note="row 37: Ben takes the last Deckel: the middle is empty; Anna holds none and is "
            "out",
        ),
        throw(
            DORA,
            (6, 6, 6),
            note="row 9 [keller]: once Deckel go between players, the holder of the most opens: "
            "Dora (2), not Ben, who lost the round (1); row 30: General, worth 3",
        ),
        stop(DORA, note="row 11: limit 1"),
        throw(BEN, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(
            CEM,
            (5, 3, 2),
            note="row 37: Cem's 532 is worst: Dora gives him all she holds (2) and is out",
        ),
        throw(CEM, (6, 5, 3), note="row 9 [keller]: Cem holds the most (3) and opens"),
        stop(CEM, note="row 11: limit 1"),
        throw(BEN, (5, 3, 2), note="row 37: Ben's 532 is worst: Cem gives him 1 (2 and 2)"),
        throw(
            BEN,
            (4, 1, 1),
            note="row 9 [keller]: Ben and Cem hold the most (2): Ben, who lost the round, opens; "
            "Schock 4",
        ),
        stop(BEN, note="row 11: limit 1"),
        throw(
            CEM,
            (6, 5, 3),
            note="row 28: Schock 4 is worth 4: Ben gives Cem his 2; Cem holds all 4 and has lost "
            "the half, and without a Finale (row 3) the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, DORA, 0),
        Round(NORMAL, ANNA, DORA, 2),
        Round(NORMAL, DORA, CEM, 1),
        Round(NORMAL, CEM, BEN, 1),
        Round(NORMAL, DORA, CEM, 3),
        Round(NORMAL, CEM, BEN, 1),
        Round(NORMAL, BEN, CEM, 4),
    ),
    moves=(
        (MIDDLE, DORA, 2),
        (MIDDLE, CEM, 1),
        (MIDDLE, BEN, 1),
        (DORA, CEM, 2),
        (CEM, BEN, 1),
        (BEN, CEM, 2),
    ),
)

SIXES_FIRST = Golden(
    preset="tsv99",
    name="regional-sixes-first",
    overrides=(
        ("deckel_per_half", 3),
        ("finale", False),
        ("sixes_turn", "first_throw"),
    ),
    players=("Anna", "Ben"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (5, 3, 2), note="row 37: Anna's 652 is best: she opens the half"),
        # The only half (no Finale), 3 Deckel.
        throw(ANNA, (5, 3, 2), note="row 1: a half of 3 Deckel"),
        throw(
            ANNA,
            (6, 6, 4),
            note="row 23 [schockaus]: the sixes of a second throw do not turn, though all three "
            "dice fell",
        ),
        stop(ANNA, note="row 11: Anna stops: the limit is 2"),
        throw(BEN, (6, 6, 3), note="row 11: limit 2"),
        turn_sixes(
            BEN,
            note="row 23 [schockaus]: the sixes of the turn's first throw turn into a 1; row 24: "
            "the other six goes back into the cup",
        ),
        throw(
            BEN,
            (5, 4),
            keep=(1,),
            note="row 37: Ben's 541 is worst (below 664): he takes 1 of the middle (2 left)",
        ),
        throw(BEN, (6, 6, 5), note="row 10: Ben, the loser, opens"),
        turn_sixes(BEN, note="row 23 [schockaus]: the first throw's sixes turn"),
        throw(
            BEN,
            (6, 6),
            keep=(1,),
            note="row 23 [schockaus]: 6-6 again beside the 1, with a throw left: these sixes do "
            "not turn",
        ),
        throw(BEN, (4, 1), keep=(1,), note="row 11: Schock 4 in three throws: the limit is 3"),
        throw(ANNA, (5, 3, 2), note="row 11: limit 3"),
        throw(ANNA, (5, 4, 2)),
        throw(
            ANNA,
            (6, 3, 2),
            note="row 28: Schock 4 is worth 4, the middle holds 2: Anna takes them; the middle is "
            "empty",
        ),
        throw(ANNA, (2, 2, 2), note="row 10: Anna, the loser, opens; row 30: General, worth 3"),
        stop(ANNA, note="row 11: limit 1"),
        throw(
            BEN,
            (6, 5, 3),
            note="row 30: Anna gives Ben all she holds (2) and is out; Ben holds all 3 and has "
            "lost the half, and without a Finale (row 3) the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, BEN, 0),
        Round(NORMAL, ANNA, BEN, 1),
        Round(NORMAL, BEN, ANNA, 4),
        Round(NORMAL, ANNA, BEN, 3),
    ),
    moves=(
        (MIDDLE, BEN, 1),
        (MIDDLE, ANNA, 2),
        (ANNA, BEN, 2),
    ),
)

AT_RISK = Golden(
    preset="tsv99",
    name="regional-einwuerfeln-at-risk",
    overrides=(
        ("deckel_per_half", 4),
        ("finale", False),
        ("einwuerfeln", True),
        ("einwuerfeln_form", "at_risk"),
    ),
    players=("Anna", "Ben", "Cem", "Dora"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 4, 2), note="row 11: one throw each"),
        throw(CEM, (5, 4, 2), note="row 11: one throw, the limit"),
        throw(DORA, (5, 3, 2), note="row 37: Anna's 652 is best: she opens the half"),
        # The only half (no Finale), 4 Deckel.
        throw(ANNA, (6, 5, 4), note="row 31: a Straße, worth 2"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (6, 5, 3), note="row 11: one throw, the limit"),
        throw(CEM, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(DORA, (5, 3, 2), note="row 37: Dora's 532 is worst: she takes 2 (2 left)"),
        throw(DORA, (6, 5, 3), note="row 9: the loser opens"),
        stop(DORA, note="row 11: limit 1"),
        throw(ANNA, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(BEN, (6, 4, 2), note="row 11: one throw, the limit"),
        throw(CEM, (5, 3, 2), note="row 37: Cem's 532 is worst: he takes 1 (1 left)"),
        throw(CEM, (6, 5, 3), note="row 9: Cem, the loser, opens"),
        stop(CEM, note="row 11: limit 1"),
        throw(DORA, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(ANNA, (6, 4, 2), note="row 11: one throw, the limit"),
        throw(
            BEN,
            (5, 3, 2),
            note="row 37: Ben takes the last Deckel: the middle is empty; Anna holds none and is "
            "out",
        ),
        buy_in(
            ANNA,
            note="row 41 [board]: Anna buys back in at risk: she takes no Deckel and plays the "
            "round in her seat's place, after Ben, Cem and Dora",
        ),
        throw(BEN, (6, 5, 3), note="row 9: Ben, the loser, opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(DORA, (5, 3, 2), note="row 11: one throw, the limit"),
        throw(
            ANNA,
            (6, 1, 1),
            note="row 41 [board]: Anna's Schock 6 is best, but she holds nothing to give: Ben's "
            "653, the best result among the holders, gives Dora (worst) what Schock 6 is worth, "
            "all he holds (1); Anna and Ben hold none and are out",
        ),
        buy_in(ANNA, note="row 41 [board]: Anna buys in at risk again"),
        throw(DORA, (6, 5, 3), note="row 9: Dora, the loser, opens"),
        stop(DORA, note="row 11: limit 1"),
        throw(ANNA, (5, 3, 2), note="row 11: one throw, the limit"),
        throw(
            CEM,
            (6, 4, 3),
            note="row 41 [board]: Anna lost the round: she picks up what it is worth (1, from "
            "Dora) and plays on",
        ),
        throw(ANNA, (4, 1, 1), note="row 28: Anna, the loser, opens: Schock 4"),
        stop(ANNA, note="row 11: limit 1"),
        throw(CEM, (6, 5, 3), note="row 11: one throw, the limit"),
        throw(
            DORA,
            (5, 3, 2),
            note="row 37: Dora's 532 is worst: Anna gives all she holds (1) and is out again",
        ),
        throw(DORA, (6, 1, 1), note="row 28: Dora opens: Schock 6"),
        stop(DORA, note="row 11: limit 1"),
        throw(
            CEM,
            (5, 3, 2),
            note="row 28: Cem takes 3 from Dora, all she holds: Cem holds all 4 and has lost the "
            "half, and without a Finale (row 3) the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, DORA, 0),
        Round(NORMAL, ANNA, DORA, 2),
        Round(NORMAL, DORA, CEM, 1),
        Round(NORMAL, CEM, BEN, 1),
        Round(NORMAL, ANNA, DORA, 6),
        Round(NORMAL, DORA, ANNA, 1),
        Round(NORMAL, ANNA, DORA, 4),
        Round(NORMAL, DORA, CEM, 6),
    ),
    moves=(
        (MIDDLE, DORA, 2),
        (MIDDLE, CEM, 1),
        (MIDDLE, BEN, 1),
        (BEN, DORA, 1),
        (DORA, ANNA, 1),
        (ANNA, DORA, 1),
        (DORA, CEM, 3),
    ),
)

MORE_HALVES = Golden(
    preset="tsv99",
    name="regional-more-halves",
    overrides=(
        ("deckel_per_half", 2),
        ("more_halves", True),
    ),
    players=("Anna", "Ben", "Cem"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 4, 2), note="row 11: one throw, the limit Anna set"),
        throw(CEM, (5, 4, 2), note="row 37: Anna's 652 is best: she opens the first half"),
        # First half, 2 Deckel.
        throw(ANNA, (4, 1, 1), note="row 28: Anna opens with Schock 4, worth 4"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (6, 5, 3), note="row 11: one throw, the limit"),
        throw(
            CEM,
            (5, 3, 2),
            note="row 37: Cem's 532 is worst: he takes the 2 of the middle, holds all and has lost "
            "the first half",
        ),
        # Second half, opened by Cem.
        throw(CEM, (2, 2, 2), note="row 10: Cem, the first half's loser, opens: General, worth 3"),
        stop(CEM, note="row 11: limit 1"),
        throw(ANNA, (6, 5, 3), note="row 11: one throw, the limit"),
        throw(
            BEN,
            (5, 4, 2),
            note="row 37: Ben's 542 is worst: he takes both Deckel and has lost the second half; "
            "row 3 [keller]: two players lost the halves, so no Finale but a further half of "
            "everyone",
        ),
        # A further half, opened by Ben.
        throw(BEN, (6, 4, 2), note="row 3 [keller]: Ben, the last round's loser, opens it"),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (6, 5, 4), note="row 31: a Straße, worth 2"),
        throw(
            ANNA,
            (4, 3, 1),
            note="row 37: Anna's 431 is worst: she takes both and has lost this half; row 3 "
            "[keller]: each of the three lost one half, so another half follows",
        ),
        # Another half, opened by Anna.
        throw(ANNA, (1, 1, 1), note="row 25: Anna opens with a Schock-Aus"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (5, 3, 2), note="row 11: one throw, the limit"),
        throw(
            CEM,
            (6, 3, 2),
            note="row 25: Ben's 532 is worst: he takes every Deckel of the half; row 3 [keller]: "
            "his second lost half, so he has lost the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, CEM, 0),
        Round(NORMAL, ANNA, CEM, 4),
        Round(NORMAL, CEM, BEN, 3),
        Round(NORMAL, CEM, ANNA, 2),
        Round(NORMAL, ANNA, BEN, None),
    ),
    moves=(
        (MIDDLE, CEM, 2),
        (MIDDLE, BEN, 2),
        (MIDDLE, ANNA, 2),
        (MIDDLE, BEN, 2),
    ),
)

AFTER_MOST_DECKEL = Golden(
    preset="tsv99",
    name="regional-after-most-deckel-opens",
    overrides=(
        ("deckel_per_half", 4),
        ("finale", False),
        ("later_opener", "after_most_deckel"),
    ),
    players=("Anna", "Ben", "Cem", "Dora"),
    plays=(
        throw(ANNA, (6, 5, 2), note="row 8: tsv99's opening round, for no Deckel"),
        stop(ANNA, note="row 11: Anna stops after one throw: the limit is 1"),
        throw(BEN, (6, 4, 2), note="row 11: one throw, the limit"),
        throw(CEM, (5, 4, 2), note="row 11: one throw, the limit"),
        throw(DORA, (5, 3, 2), note="row 37: Anna's 652 is best: she opens the half"),
        # The only half (no Finale), 4 Deckel.
        throw(ANNA, (6, 5, 4), note="row 31: a Straße, worth 2"),
        stop(ANNA, note="row 11: limit 1"),
        throw(BEN, (6, 5, 3), note="row 11: one throw, the limit"),
        throw(CEM, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(DORA, (5, 3, 2), note="row 37: Dora's 532 is worst: she takes 2 (2 left)"),
        throw(DORA, (6, 5, 3), note="row 9: while Deckel are in the middle the loser opens"),
        stop(DORA, note="row 11: limit 1"),
        throw(ANNA, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(BEN, (5, 3, 2), note="row 37: Ben's 532 is worst: he takes 1 (1 left)"),
        throw(CEM, (6, 4, 2), note="row 11: one throw, the limit"),
        throw(BEN, (6, 5, 3), note="row 9: Ben, the loser, opens"),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (5, 3, 2), note="row 11: one throw, the limit"),
        throw(DORA, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(
            ANNA,
            (6, 4, 2),
            note="row 37: Cem's 532 is worst: he takes the last Deckel; Anna holds none and is out",
        ),
        throw(
            BEN,
            (6, 6, 6),
            note="row 9 [kerwe]: once Deckel go between players, the player after the holder of "
            "the most opens: after Dora (2), Anna is out, so Ben; not Cem, who lost the round; "
            "row 30: General, worth 3",
        ),
        stop(BEN, note="row 11: limit 1"),
        throw(CEM, (6, 4, 3), note="row 11: one throw, the limit"),
        throw(
            DORA,
            (5, 3, 2),
            note="row 37: Dora's 532 is worst: Ben gives her all he holds (1) and is out",
        ),
        throw(
            CEM,
            (4, 1, 1),
            note="row 9 [kerwe]: after Dora (3), Anna and Ben are out: Cem opens; Schock 4",
        ),
        stop(CEM, note="row 11: limit 1"),
        throw(
            DORA,
            (6, 5, 3),
            note="row 28: Cem gives Dora his last Deckel: she holds all 4 and has lost the half, "
            "and without a Finale (row 3) the game",
        ),
    ),
    rounds=(
        Round(OPENING_ROUND, ANNA, DORA, 0),
        Round(NORMAL, ANNA, DORA, 2),
        Round(NORMAL, DORA, BEN, 1),
        Round(NORMAL, BEN, CEM, 1),
        Round(NORMAL, BEN, DORA, 3),
        Round(NORMAL, CEM, DORA, 4),
    ),
    moves=(
        (MIDDLE, DORA, 2),
        (MIDDLE, BEN, 1),
        (MIDDLE, CEM, 1),
        (BEN, DORA, 1),
        (CEM, DORA, 1),
    ),
)

REGIONAL_GOLDEN: dict[str, Golden] = {
    g.file: g
    for g in (
        JULE,
        ONES,
        ERSTER_HOCH,
        STRASSEN,
        NUTTE,
        ONE_THROW_TIE,
        ANKNOBELN,
        JULIUS,
        ACHTER,
        LADEN,
        PIP_SUM,
        HIGH_DIE,
        LOW_DIE,
        THROW_OFF_GAME,
        DECKEL_SUM,
        BLIND,
        OPEN_ROUND,
        FIRST_SEAT,
        NO_DECKEL,
        SCHOCK_AUS_GAME,
        MOST_DECKEL,
        AFTER_MOST_DECKEL,
        SIXES_FIRST,
        AT_RISK,
        MORE_HALVES,
    )
}
"""The golden games of rules from other pubs (shared/REGIONAL.md), by file name."""


# ---------------------------------------------------------------------------------- building


def play(golden: Golden) -> Game:
    """Play a golden game through the engine, with its pips as scripted dice."""
    pips = [p for step in golden.plays for p in step.pips]
    dice = ScriptedDice(pips)
    game = Game(golden.rules(), golden.players, dice)
    for i, step in enumerate(golden.plays):
        try:
            game.apply(step.action, step.seat)
        except Exception as exc:
            raise AssertionError(f"{golden.preset} step {i}: {exc}") from exc
        seat, action, thrown = game.steps[-1]
        if (seat, action, tuple(thrown)) != (step.seat, step.action, step.pips):
            raise AssertionError(
                f"{golden.preset} step {i}: the engine recorded {seat} {action} {thrown}, "
                f"the script says {step.seat} {step.action} {step.pips}"
            )
    if dice.remaining:
        raise AssertionError(f"{golden.preset}: {dice.remaining} scripted pips left over")
    return game


def check(golden: Golden, game: Game) -> None:
    """Refuse a game that did not go as its script says (rounds, Deckel, end)."""
    rounds = [
        Round(e.kind.value, e.best, e.worst, e.deckel, tuple(e.stechen))
        for e in game.events
        if isinstance(e, RoundEnded)
    ]
    if rounds != list(golden.rounds):
        lines = "\n".join(f"  {r}" for r in rounds)
        raise AssertionError(f"{golden.preset}: the rounds went otherwise:\n{lines}")
    moves = [(e.giver, e.receiver, e.amount) for e in game.events if isinstance(e, DeckelMoved)]
    if moves != list(golden.moves):
        raise AssertionError(f"{golden.preset}: the Deckel moved otherwise: {moves}")
    if not game.is_over:
        raise AssertionError(f"{golden.preset}: the game is not over")


def record(golden: Golden) -> GameRecord:
    """The record of a golden game, with its notes and outcome."""
    game = play(golden)
    check(golden, game)
    rec = record_of(game)
    steps = tuple(
        dataclasses.replace(step, note=p.note)
        for step, p in zip(rec.steps, golden.plays, strict=True)
    )
    if golden.corner:
        about = (
            f"golden playthrough of a corner of the {golden.preset} preset's rule text on fewer "
            f"Deckel ({golden.corner}); every note cites the rule text "
            f"docs/rule-texts/{SEED_FILES[PRESET_SEED[golden.preset]]} by line"
        )
    elif golden.overrides:
        about = (
            f"golden playthrough of house rules on the {golden.preset} preset, from other pubs' "
            "rules; every note cites a row of docs/regional.md and its sources by key "
            "(docs/rules.md lists the keys)"
        )
    else:
        about = (
            f"golden playthrough of the {golden.preset} preset; every note cites the rule "
            f"text docs/rule-texts/{SEED_FILES[PRESET_SEED[golden.preset]]} by line"
        )
    meta = {"about": about, "made_by": "tests/golden/make_golden.py"}
    return dataclasses.replace(rec, steps=steps, meta=meta)


REGIONAL_CITATION = re.compile(r"row (\d+)(?: \[([^\]]+)\])?")
"""A regional note's citation: a row of shared/REGIONAL.md's catalogue (1 to 47), and the keys
of its sources (``schocken.rule_sources.SOURCES``) in brackets."""


def check_regional_notes(steps: Sequence[RecordStep]) -> list[str]:
    """Every way a regional game's note fails to cite a catalogue row and known sources."""
    problems: list[str] = []
    for i, step in enumerate(steps):
        if not step.note:
            continue
        found = REGIONAL_CITATION.findall(step.note)
        if not found:
            problems.append(f"step {i}: the note cites no row: {step.note!r}")
        for row, keys in found:
            if not 1 <= int(row) <= 47:
                problems.append(f"step {i}: REGIONAL.md has no row {row}")
            unknown = [k for k in keys.split(", ") if keys and k not in SOURCES]
            if unknown:
                problems.append(f"step {i}: unknown source keys {unknown}")
    return problems


def citations(note: str) -> list[tuple[str, int, int, str]]:
    """The citations of a note: (file, first line, last line, quote)."""
    return [(m[1], int(m[2]), int(m[3] or m[2]), m[4]) for m in CITATION.finditer(note)]


def _plain(text: str) -> str:
    return " ".join(text.replace("*", "").split())


def check_quotes(preset: str, steps: Sequence[RecordStep], seeds: Path) -> list[str]:
    """Every way a note fails to cite its preset's rule text truly; empty when all is well."""
    problems: list[str] = []
    own = PRESET_SEED[preset]
    lines = (seeds / SEED_FILES[own]).read_text(encoding="utf-8").split("\n")
    for i, step in enumerate(steps):
        if not step.note:
            continue
        found = citations(step.note)
        if not found:
            problems.append(f"{preset} step {i}: the note cites no line: {step.note!r}")
        for file, first, last, quote in found:
            if file != own:
                problems.append(f"{preset} step {i}: cites {file}, not its own text {own}")
                continue
            if not 1 <= first <= last <= len(lines):
                problems.append(f"{preset} step {i}: {file} has no line {first}-{last}")
                continue
            text = _plain(" ".join(lines[first - 1 : last]))
            at = 0
            for part in (_plain(p) for p in quote.split("...")):
                k = text.find(part, at)
                if part and k < 0:
                    problems.append(f"{preset} step {i}: {file}:{first} does not say {part!r}")
                    break
                at = k + len(part) if part else at
    return problems


def build_all(seeds: Path | None = SEEDS) -> dict[str, str]:
    """The JSON text of every golden record, by preset; quotes checked when ``seeds`` exists."""
    out: dict[str, str] = {}
    problems: list[str] = []
    for preset, golden in GOLDEN.items():
        rec = record(golden)
        if seeds is not None and seeds.is_dir():
            problems += check_quotes(preset, rec.steps, seeds)
        out[preset] = rec.to_json()
    if problems:
        raise AssertionError("notes that do not match the rule texts:\n" + "\n".join(problems))
    return out


def build_corners(seeds: Path | None = SEEDS) -> dict[str, str]:
    """The JSON text of every golden record of a corner, by file name; quotes checked when
    ``seeds`` exists."""
    out: dict[str, str] = {}
    problems: list[str] = []
    for name, golden in CORNER_GOLDEN.items():
        rec = record(golden)
        if seeds is not None and seeds.is_dir():
            problems += check_quotes(golden.preset, rec.steps, seeds)
        out[name] = rec.to_json()
    if problems:
        raise AssertionError("notes that do not match the rule texts:\n" + "\n".join(problems))
    return out


def build_regional() -> dict[str, str]:
    """The JSON text of every regional golden record, by file name; notes checked."""
    out: dict[str, str] = {}
    problems: list[str] = []
    for name, golden in REGIONAL_GOLDEN.items():
        rec = record(golden)
        problems += [f"{name} {p}" for p in check_regional_notes(rec.steps)]
        out[name] = rec.to_json()
    if problems:
        raise AssertionError("notes that cite no catalogue row:\n" + "\n".join(problems))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--seeds", type=Path, default=SEEDS, help="folder of the rule texts")
    args = parser.parse_args(argv)
    if not args.seeds.is_dir():
        print(f"warning: no rule texts at {args.seeds}; quotes not checked", file=sys.stderr)
    texts = build_all(args.seeds) | build_corners(args.seeds) | build_regional()
    games = GOLDEN | CORNER_GOLDEN | REGIONAL_GOLDEN
    stale = 0
    for name, text in texts.items():
        path = HERE / f"{name}.json"
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                print(f"{path.name}: differs from what the script makes")
                stale += 1
            continue
        path.write_text(text, encoding="utf-8")
        noted = sum(1 for p in games[name].plays if p.note)
        print(f"wrote {path.name}: {len(games[name].plays)} steps, {noted} with notes")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
