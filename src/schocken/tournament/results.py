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
from schocken.texts import refused, said

HALVES = ("first_half", "second_half")
FINALE = "finale"
SECTIONS = (*HALVES, FINALE)

SECTION_WORDS = {
    "first_half": said("tournament_word_first_half"),
    "second_half": said("tournament_word_second_half"),
    "finale": said("tournament_word_finale"),
}
"""Each section in words, said in the refusal's language."""

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


def check_game(game: GameResult) -> GameResult:
    """Refuse a game that cannot have happened; the game itself if it can."""
    players = game.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise refused(
            TournamentError,
            "tournament_refuse_game_players_count",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=len(players),
        )
    keys = [name_key(p) for p in players]
    if len(set(keys)) != len(keys):
        twice = next(p for p, k in zip(players, keys, strict=True) if keys.count(k) > 1)
        raise refused(TournamentError, "tournament_refuse_game_player_twice", name=twice)
    sections = game.sections
    names = [s.section for s in sections]
    if names not in ([HALVES[0]], list(HALVES), list(SECTIONS)):
        raise refused(
            TournamentError, "tournament_refuse_game_sections", sections=", ".join(names) or "-"
        )
    for s in sections:
        _check_section(s, players if s.section != FINALE else None)
    if len(sections) == 2 and not game.blattschuss:
        a, b = sections[0].loser, sections[1].loser
        raise refused(TournamentError, "tournament_refuse_finale_missing", first=a, second=b)
    if len(sections) == 3:
        a, b = sections[0].loser, sections[1].loser
        if a == b:
            raise refused(TournamentError, "tournament_refuse_no_finale_blattschuss", name=a)
        if set(sections[2].players) != {a, b}:
            raise refused(TournamentError, "tournament_refuse_finale_players", first=a, second=b)
    return game


def _check_section(s: SectionResult, players: tuple[str, ...] | None) -> None:
    word = SECTION_WORDS[s.section]
    if not s.order or any(not g for g in s.order):
        raise refused(TournamentError, "tournament_refuse_order_empty_place", section=word)
    if len(s.order[-1]) != 1:
        raise refused(
            TournamentError,
            "tournament_refuse_one_loser",
            section=word,
            names=", ".join(s.order[-1]),
        )
    seen = s.players
    if len(seen) != len(set(seen)):
        twice = next(p for p in seen if seen.count(p) > 1)
        raise refused(TournamentError, "tournament_refuse_order_twice", name=twice, section=word)
    if players is not None:
        missing = [p for p in players if p not in seen]
        if missing:
            raise refused(
                TournamentError, "tournament_refuse_order_leaves_out", name=missing[0], section=word
            )
        stranger = [p for p in seen if p not in players]
        if stranger:
            raise refused(
                TournamentError, "tournament_refuse_order_stranger", name=stranger[0], section=word
            )
    elif len(seen) != 2:
        raise refused(TournamentError, "tournament_refuse_finale_two")
    if s.schock_aus is not None:
        if s.schock_aus not in seen:
            raise refused(
                TournamentError,
                "tournament_refuse_schock_aus_stranger",
                name=s.schock_aus,
                section=word,
            )
        if s.schock_aus == s.loser:
            raise refused(
                TournamentError, "tournament_refuse_schock_aus_loser", name=s.loser, section=word
            )
    for p in s.bought_in:
        if p not in seen:
            raise refused(
                TournamentError, "tournament_refuse_bought_in_stranger", name=p, section=word
            )


# ---------------------------------------------------------------------- from a record


def result_of_record(record: GameRecord) -> GameResult:
    """Replay a record and read the game from its events; refuse a bad or unfinished one, and
    rules a tournament game cannot have (further halves)."""
    if record.rules.more_halves and record.rules.finale:
        raise refused(TournamentError, "tournament_refuse_more_halves")
    try:
        game = replay(record)
    except RecordError as exc:
        raise refused(TournamentError, "tournament_refuse_record", why=exc) from None
    if game.loser is None:
        raise refused(TournamentError, "tournament_refuse_record_unfinished")
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
        raise refused(TournamentError, "tournament_refuse_order_text")
    groups = []
    for part in text.split(">"):
        names = tuple(n.strip() for n in part.split(",") if n.strip())
        if not names:
            raise refused(TournamentError, "tournament_refuse_order_text_empty", text=text)
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
        raise refused(TournamentError, "tournament_refuse_players_list")
    schock_aus = dict(schock_aus or {})
    bought_in = dict(bought_in or {})
    for key in (*schock_aus, *bought_in):
        if key not in SECTIONS:
            raise refused(
                TournamentError,
                "tournament_refuse_section",
                value=key,
                sections=", ".join(SECTIONS),
            )
    if isinstance(halves, str) or not 1 <= len(halves) <= 2:
        raise refused(TournamentError, "tournament_refuse_halves_count")
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
            raise refused(TournamentError, "tournament_refuse_finale_who", first=a, second=b)
        pair = (sections[0].loser, sections[1].loser)
        if finale_loser not in pair:
            raise refused(
                TournamentError,
                "tournament_refuse_finale_loser",
                first=pair[0],
                second=pair[1],
                name=finale_loser,
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
        raise refused(TournamentError, "tournament_refuse_no_finale")
    named = {s.section for s in sections}
    extra = [k for k in (*schock_aus, *bought_in) if k not in named]
    if extra:
        raise refused(
            TournamentError, "tournament_refuse_unplayed", section=SECTION_WORDS[extra[0]]
        )
    return check_game(GameResult(tuple(players), tuple(sections)))


def _order(groups: Sequence[Sequence[str]]) -> Order:
    if isinstance(groups, str):
        raise refused(TournamentError, "tournament_refuse_order_groups")
    out = []
    for g in groups:
        if isinstance(g, str) or not all(isinstance(p, str) for p in g):
            raise refused(TournamentError, "tournament_refuse_order_groups")
        out.append(tuple(g))
    return tuple(out)


def result_from_data(data: object) -> GameResult:
    """A game from the data :meth:`GameResult.to_data` writes, checked."""
    if not isinstance(data, Mapping):
        raise refused(TournamentError, "tournament_refuse_result_object")
    unknown = [k for k in data if k not in ("players", "sections")]
    if unknown:
        raise refused(TournamentError, "tournament_refuse_result_key", value=unknown[0])
    players = data.get("players")
    raw = data.get("sections")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise refused(TournamentError, "tournament_refuse_players_list")
    if not isinstance(raw, list):
        raise refused(TournamentError, "tournament_refuse_sections_list")
    sections = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise refused(TournamentError, "tournament_refuse_section_object")
        bad = [k for k in item if k not in ("section", "order", "schock_aus", "bought_in")]
        if bad:
            raise refused(TournamentError, "tournament_refuse_section_key", value=bad[0])
        section, giver, bought = (
            item.get("section"),
            item.get("schock_aus"),
            item.get("bought_in", []),
        )
        if section not in SECTIONS:
            raise refused(
                TournamentError,
                "tournament_refuse_section",
                value=section,
                sections=", ".join(SECTIONS),
            )
        if giver is not None and not isinstance(giver, str):
            raise refused(TournamentError, "tournament_refuse_giver_text")
        if not isinstance(bought, list) or not all(isinstance(p, str) for p in bought):
            raise refused(TournamentError, "tournament_refuse_bought_in_list")
        order = item.get("order")
        if not isinstance(order, list):
            raise refused(TournamentError, "tournament_refuse_order_list")
        assert isinstance(section, str)
        sections.append(SectionResult(section, _order(order), giver, tuple(bought)))
    return check_game(GameResult(tuple(players), tuple(sections)))
