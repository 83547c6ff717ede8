"""A game of a tournament table as the ranking reads it: who went out of each half in which
order, who lost the Finale, who threw a Schock-Aus and who took it.

A game comes from its record (:func:`result_of_record`: replayed through the engine, so it
counts exactly as its record says) or is entered by hand (:func:`result_by_hand`: the
finishing order of each half, the Finale's loser, the Schock-Aus), which is checked for
consistency: one finishing order per half with each of its players once, the loser last and
alone, a Finale only between two different half-losers, a Schock-Aus only by a player of the
section who did not lose it. A game played "scharf" (time ran out) is one half whose loser
loses the game.

Plain data in and out (:meth:`GameResult.to_data`, :func:`result_from_data`), for the store,
the export and the command line.

>>> game = result_by_hand(
...     ["Anna", "Ben", "Cem"],
...     halves=[[["Anna"], ["Ben"], ["Cem"]], [["Anna", "Cem"], ["Ben"]]],
...     finale_loser="Ben",
... )
>>> game.loser, [s.loser for s in game.sections]
('Ben', ['Cem', 'Ben', 'Ben'])
>>> parse_order("Anna, Cem > Ben")
(('Anna', 'Cem'), ('Ben',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from schocken.errors import RecordError, TournamentError
from schocken.events import (
    BoughtIn,
    PlayersOut,
    RoundEnded,
    RoundKind,
    SectionEnded,
    SectionStarted,
)
from schocken.players import MAX_PLAYERS, MIN_PLAYERS, name_key
from schocken.record import GameRecord, replay

HALVES = ("first_half", "second_half")
FINALE = "finale"
SECTIONS = (*HALVES, FINALE)

Order = tuple[tuple[str, ...], ...]
"""A finishing order: groups of players, first out first; the last group is the loser alone."""


@dataclass(frozen=True, slots=True)
class SectionResult:
    """One half or the Finale: its finishing order, who threw the Schock-Aus that ended it
    (if one did) and who bought back in (Einwürfeln), once per time."""

    section: str
    order: Order
    schock_aus: str | None = None
    bought_in: tuple[str, ...] = ()

    @property
    def loser(self) -> str:
        return self.order[-1][0]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for group in self.order for p in group)

    def place_of(self, player: str) -> int:
        """The group ``player`` went out with, counted from 0 (the loser's is the last)."""
        for i, group in enumerate(self.order):
            if player in group:
                return i
        raise KeyError(player)


@dataclass(frozen=True, slots=True)
class GameResult:
    """A game: its players (in seat order) and its sections in the order played."""

    players: tuple[str, ...]
    sections: tuple[SectionResult, ...]

    @property
    def loser(self) -> str:
        return self.sections[-1].loser

    @property
    def scharf(self) -> bool:
        """A game played "scharf": one half only."""
        return len(self.sections) == 1

    @property
    def halves(self) -> tuple[SectionResult, ...]:
        return tuple(s for s in self.sections if s.section in HALVES)

    @property
    def blattschuss(self) -> bool:
        """One player lost both halves (no Finale)."""
        halves = self.halves
        return len(halves) == 2 and halves[0].loser == halves[1].loser

    def to_data(self) -> dict[str, Any]:
        """The game as plain JSON data."""
        sections = []
        for s in self.sections:
            item: dict[str, Any] = {"section": s.section, "order": [list(g) for g in s.order]}
            if s.schock_aus is not None:
                item["schock_aus"] = s.schock_aus
            if s.bought_in:
                item["bought_in"] = list(s.bought_in)
            sections.append(item)
        return {"players": list(self.players), "sections": sections}


# ---------------------------------------------------------------------- checking


def _fail(message: str) -> None:
    raise TournamentError(message)


def check_game(game: GameResult) -> GameResult:
    """Refuse a game that cannot have happened; the game itself if it can."""
    players = game.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        _fail(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    keys = [name_key(p) for p in players]
    if len(set(keys)) != len(keys):
        twice = next(p for p, k in zip(players, keys, strict=True) if keys.count(k) > 1)
        _fail(f"{twice!r} is named twice among the game's players")
    sections = game.sections
    names = [s.section for s in sections]
    if names not in ([HALVES[0]], list(HALVES), list(SECTIONS)):
        _fail(
            "a game is its first half (played 'scharf'), two halves, or two halves and the "
            f"Finale, not {', '.join(names) or 'nothing'}"
        )
    for s in sections:
        _check_section(s, players if s.section != FINALE else None)
    if len(sections) == 2 and not game.blattschuss:
        a, b = sections[0].loser, sections[1].loser
        _fail(f"{a!r} and {b!r} lost a half each: their Finale is missing")
    if len(sections) == 3:
        a, b = sections[0].loser, sections[1].loser
        if a == b:
            _fail(f"{a!r} lost both halves (Blattschuss): there is no Finale")
        if set(sections[2].players) != {a, b}:
            _fail(f"the Finale is played by the halves' losers, {a!r} and {b!r}")
    return game


def _check_section(s: SectionResult, players: tuple[str, ...] | None) -> None:
    word = s.section.replace("_", " ") if s.section != FINALE else "Finale"
    if not s.order or any(not g for g in s.order):
        _fail(f"the {word}'s finishing order has an empty place")
    if len(s.order[-1]) != 1:
        _fail(f"the {word} has one loser, last and alone, not {', '.join(s.order[-1])}")
    seen = s.players
    if len(seen) != len(set(seen)):
        twice = next(p for p in seen if seen.count(p) > 1)
        _fail(f"{twice!r} is named twice in the {word}'s finishing order")
    if players is not None:
        missing = [p for p in players if p not in seen]
        if missing:
            _fail(f"the {word}'s finishing order leaves out {missing[0]!r}")
        stranger = [p for p in seen if p not in players]
        if stranger:
            _fail(f"{stranger[0]!r} in the {word} is not a player of the game")
    elif len(seen) != 2:
        _fail("the Finale is played by two: its winner, then its loser")
    if s.schock_aus is not None:
        if s.schock_aus not in seen:
            _fail(f"the {word}'s Schock-Aus is thrown by a player of it, not {s.schock_aus!r}")
        if s.schock_aus == s.loser:
            _fail(f"{s.loser!r} lost the {word}, so did not throw the Schock-Aus that ended it")
    for p in s.bought_in:
        if p not in seen:
            _fail(f"{p!r} bought back into the {word} without playing it")


# ---------------------------------------------------------------------- from a record


def result_of_record(record: GameRecord) -> GameResult:
    """Replay a record and read the game from its events; refuse a bad or unfinished one, and
    rules a tournament game cannot have (further halves)."""
    if record.rules.more_halves and record.rules.finale:
        _fail("a tournament game has two halves and a Finale: rules with further halves are not")
    try:
        game = replay(record)
    except RecordError as exc:
        raise TournamentError(f"the record is refused: {exc}") from None
    if game.loser is None:
        _fail("the record's game is not finished")
    names = record.players
    sections: list[SectionResult] = []
    playing: tuple[int, ...] = ()
    out: list[list[int]] = []
    bought: list[int] = []
    giver: int | None = None
    for e in game.events:
        if isinstance(e, SectionStarted):
            playing, out, bought, giver = e.players, [], [], None
        elif isinstance(e, PlayersOut):
            out.append(list(e.seats))
        elif isinstance(e, BoughtIn):
            bought.append(e.seat)
            out = [[s for s in g if s != e.seat] for g in out]
            out = [g for g in out if g]
        elif isinstance(e, RoundEnded) and e.deckel is None and e.kind is not RoundKind.STECHEN:
            giver = e.best  # a Schock-Aus (in a round for Deckel, or as an opening throw)
        elif isinstance(e, SectionEnded):
            gone = {s for g in out for s in g}
            rest = [s for s in playing if s not in gone and s != e.loser]
            groups = [*out, rest] if rest else out
            order = (*(tuple(names[s] for s in g) for g in groups), (names[e.loser],))
            sections.append(
                SectionResult(
                    e.section.value,
                    order,
                    names[giver] if e.schock_aus and giver is not None else None,
                    tuple(names[s] for s in bought),
                )
            )
    return check_game(GameResult(tuple(names), tuple(sections)))


# ---------------------------------------------------------------------- by hand


def parse_order(text: str) -> Order:
    """A finishing order as text: groups from first out to the loser, separated by ``>``, the
    players of a group by ``,`` (``"Anna, Cem > Ben > Dora"``)."""
    if not isinstance(text, str) or not text.strip():
        raise TournamentError("a finishing order is like 'Anna, Cem > Ben > Dora'")
    groups = []
    for part in text.split(">"):
        names = tuple(n.strip() for n in part.split(",") if n.strip())
        if not names:
            raise TournamentError(f"the finishing order {text!r} has an empty place")
        groups.append(names)
    return tuple(groups)


def result_by_hand(
    players: Sequence[str],
    *,
    halves: Sequence[Sequence[Sequence[str]] | str],
    finale_loser: str | None = None,
    schock_aus: Mapping[str, str] | None = None,
    bought_in: Mapping[str, Sequence[str]] | None = None,
) -> GameResult:
    """A game entered by hand: each half's finishing order (groups of names, or the text of
    :func:`parse_order`; one half for a game played "scharf"), the Finale's loser if there was
    a Finale, who threw the Schock-Aus that ended a section (by section) and who bought back in.
    """
    if isinstance(players, str) or not all(isinstance(p, str) for p in players):
        raise TournamentError("a game's players are a list of names")
    schock_aus = dict(schock_aus or {})
    bought_in = dict(bought_in or {})
    for key in (*schock_aus, *bought_in):
        if key not in SECTIONS:
            raise TournamentError(f"no section {key!r}; the sections are {', '.join(SECTIONS)}")
    if isinstance(halves, str) or not 1 <= len(halves) <= 2:
        raise TournamentError("a game has one half (played 'scharf') or two")
    sections = []
    for name, half in zip(HALVES, halves, strict=False):
        order = parse_order(half) if isinstance(half, str) else _order(half)
        sections.append(
            SectionResult(name, order, schock_aus.get(name), tuple(bought_in.get(name, ())))
        )
    for s in sections:
        _check_section(s, tuple(players))
    if len(sections) == 2 and sections[0].loser != sections[1].loser:
        if finale_loser is None:
            a, b = sections[0].loser, sections[1].loser
            raise TournamentError(f"{a!r} and {b!r} lost a half each: who lost the Finale?")
        pair = (sections[0].loser, sections[1].loser)
        if finale_loser not in pair:
            raise TournamentError(
                f"the Finale is played by {pair[0]!r} and {pair[1]!r}: one of them lost it, "
                f"not {finale_loser!r}"
            )
        winner = pair[1] if finale_loser == pair[0] else pair[0]
        sections.append(
            SectionResult(
                FINALE,
                ((winner,), (finale_loser,)),
                schock_aus.get(FINALE),
                tuple(bought_in.get(FINALE, ())),
            )
        )
    elif finale_loser is not None:
        raise TournamentError("there was no Finale: a game played scharf or a Blattschuss")
    named = {s.section for s in sections}
    extra = [k for k in (*schock_aus, *bought_in) if k not in named]
    if extra:
        raise TournamentError(f"the {extra[0].replace('_', ' ')} was not played")
    return check_game(GameResult(tuple(players), tuple(sections)))


def _order(groups: Sequence[Sequence[str]]) -> Order:
    if isinstance(groups, str):
        raise TournamentError("a finishing order is a list of groups of names")
    out = []
    for g in groups:
        if isinstance(g, str) or not all(isinstance(p, str) for p in g):
            raise TournamentError("a finishing order is a list of groups of names")
        out.append(tuple(g))
    return tuple(out)


def result_from_data(data: object) -> GameResult:
    """A game from the data :meth:`GameResult.to_data` writes, checked."""
    if not isinstance(data, Mapping):
        raise TournamentError("a game's result is an object: players, sections")
    unknown = [k for k in data if k not in ("players", "sections")]
    if unknown:
        raise TournamentError(f"a game's result has players and sections, not {unknown[0]!r}")
    players = data.get("players")
    raw = data.get("sections")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise TournamentError("a game's players are a list of names")
    if not isinstance(raw, list):
        raise TournamentError("a game's sections are a list")
    sections = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise TournamentError("a section is an object: section, order, ...")
        bad = [k for k in item if k not in ("section", "order", "schock_aus", "bought_in")]
        if bad:
            raise TournamentError(f"a section has no {bad[0]!r}")
        section, giver, bought = (
            item.get("section"),
            item.get("schock_aus"),
            item.get("bought_in", []),
        )
        if section not in SECTIONS:
            raise TournamentError(f"no section {section!r}; the sections are {', '.join(SECTIONS)}")
        if giver is not None and not isinstance(giver, str):
            raise TournamentError("who threw a Schock-Aus is named by a text")
        if not isinstance(bought, list) or not all(isinstance(p, str) for p in bought):
            raise TournamentError("who bought back in is a list of names")
        order = item.get("order")
        if not isinstance(order, list):
            raise TournamentError("a section's order is a list of groups of names")
        assert isinstance(section, str)
        sections.append(SectionResult(section, _order(order), giver, tuple(bought)))
    return check_game(GameResult(tuple(players), tuple(sections)))
