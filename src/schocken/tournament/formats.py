"""Tournament formats as data: what a round is, how a game scores, who goes on, how ties break.

A format is one frozen value (:class:`Format`), like :class:`~schocken.rules.Rules` for a game:
a qualifying stage played by everyone (points rounds, :class:`PointsStage`, or rounds of lives,
:class:`LivesStage`), then, if the format has one, a final stage for the best of it (a
knock-out, :class:`KnockoutStage`, or one final table, :class:`FinalTableStage`), and the
tie-breaks of the ranking, stated in order. Every value is checked on construction; a bad one
is refused with a :class:`~schocken.errors.TournamentError` that names it.

The presets (:data:`FORMATS`) are named after the tournament whose rules they follow (the keys
of ``shared/REGIONAL.md``, row 47); each parameter's docstring says where it comes from, and
where a source is silent the choice is marked "our reading". ``docs/tournament.md`` has the
sources' addresses.

>>> find_format("gonz").qualifying.points.game_lost
1
>>> find_format("werl").qualifying.points.for_order(4)
(3, 2, 1, 0)
>>> find_format("knobel")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
schocken.errors.TournamentError: unknown format 'knobel'; the formats are werl, sfreunde, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from schocken.errors import TournamentError
from schocken.texts import refused

SMALLEST_TABLE = 3
"""No table of a tournament has fewer players (fiebel-t: "nicht weniger als drei")."""
LARGEST_TABLE = 6
"""No table of a tournament has more players (gonz: "jeweils maximal 6 Spielern")."""


class TieBreak(StrEnum):
    """What decides between players of equal score, in the order a format lists them; players
    equal in all of them share a place."""

    FEWER_GAMES_LOST = "fewer_games_lost"
    """Fewer games lost (gonz: "3 verlorene Spiele + 2 Hälften sind besser als 4 verlorene
    Spiele")."""
    FEWER_HALVES_LOST = "fewer_halves_lost"
    """Fewer halves lost."""
    MORE_SCHOCK_AUS = "more_schock_aus"
    """More Schock-Aus thrown (given)."""
    FEWER_SCHOCK_AUS_TAKEN = "fewer_schock_aus_taken"
    """Fewer Schock-Aus taken (lost a half or the Finale to one)."""


TIE_BREAK_WORDS = {
    TieBreak.FEWER_GAMES_LOST: "fewer games lost",
    TieBreak.FEWER_HALVES_LOST: "fewer halves lost",
    TieBreak.MORE_SCHOCK_AUS: "more Schock-Aus thrown",
    TieBreak.FEWER_SCHOCK_AUS_TAKEN: "fewer Schock-Aus taken",
}
"""Each tie-break in words, for the ranking's header."""


class Advance(StrEnum):
    """How the players of a knock-out table who go on are found."""

    LIVES = "lives"
    """Each starts with lives and loses one per game lost; a player without lives is out, and
    the table is decided when only those who go on have lives left (sfreunde)."""
    POINTS = "points"
    """The table's best by points of the round go on (werl: "der beste Spieler eines Tisches")."""


def _fail(message: str) -> None:
    raise TournamentError(message)


def _whole(value: object, what: str, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(f"{what} is a whole number, not {value!r}")
    assert isinstance(value, int)
    if not low <= value <= high:
        _fail(f"{what} is from {low} to {high}, not {value}")


def _flag(value: object, what: str) -> None:
    if not isinstance(value, bool):
        _fail(f"{what} is true or false, not {value!r}")


@dataclass(frozen=True, slots=True)
class Points:
    """How one game scores, in points per player. A half scores by ``for_order`` if the format
    has it, else by ``half_won`` and ``half_lost``; the game's loser (of the Finale, of both
    halves, of a game played "scharf") adds ``game_lost``; each Schock-Aus a player throws adds
    ``schock_aus``."""

    by_order: tuple[tuple[int, ...], ...] = ()
    """Points by the order in which the players went out of a half, one tuple per table size:
    its first entry for those out first, the next for those out next, ..., its last for the
    half's loser (werl: 3-1-0 at a table of three, 3-2-1-0 at a table of four). Players who
    went out at the same moment (the middle emptied) share the entry of that moment (werl:
    "alle 1. raus"); the moments are counted one by one (our reading)."""
    half_won: int = 0
    """Points for every player of a half but its loser (sfreunde: "ein Siegpunkt an jeden
    Spieler außer dem Verlierer")."""
    half_lost: int = 0
    """Points for the half's loser (gonz: "einen Verlustpunkt")."""
    game_lost: int = 0
    """Points for the game's loser (werl: -1 for a lost Finale and for a "Durchmarsch";
    sfreunde: the Finale's loser loses the point he won; gonz: one more loss point; the
    schocken.org Fiebel: five points off)."""
    schock_aus: int = 0
    """Points for each Schock-Aus a player throws (``shared/REGIONAL.md`` row 44: a bonus point
    for a Schock-Aus)."""
    fewer_is_better: bool = False
    """Whether the points are loss points, fewer ranking higher (gonz "Verlustpunkte")."""

    def __post_init__(self) -> None:
        if not isinstance(self.by_order, tuple):
            _fail("the points by order are a list, one per table size")
        sizes = set()
        for row in self.by_order:
            if not isinstance(row, tuple) or not SMALLEST_TABLE <= len(row) <= LARGEST_TABLE:
                _fail(
                    f"points by order are {SMALLEST_TABLE} to {LARGEST_TABLE} numbers, one for "
                    "each place out of a half at a table of that size"
                )
            if len(row) in sizes:
                _fail(f"the points by order for a table of {len(row)} are given twice")
            sizes.add(len(row))
            for p in row:
                _whole(p, "a half's points", -99, 99)
        for name in ("half_won", "half_lost", "game_lost", "schock_aus"):
            _whole(getattr(self, name), f"the points '{name}'", -99, 99)
        _flag(self.fewer_is_better, "'fewer_is_better'")

    def for_order(self, size: int) -> tuple[int, ...] | None:
        """The points by order at a table of ``size`` (``None``: the format scores halves by
        won and lost)."""
        for row in self.by_order:
            if len(row) == size:
                return row
        return None

    def check_sizes(self, smallest: int, largest: int, where: str) -> None:
        """Refuse points by order that leave out a table size the stage can have."""
        if not self.by_order:
            return
        for size in range(smallest, largest + 1):
            if self.for_order(size) is None:
                _fail(f"{where}: the points by order name no table of {size}")


@dataclass(frozen=True, slots=True)
class PointsStage:
    """Points rounds ("Punkterunden"): everyone plays every round at tables drawn anew; the
    points of all rounds add up."""

    rounds: int = 3
    """How many rounds (werl 2, sfreunde 3, gonz 3)."""
    games: int = 5
    """Games per table and round (werl "bis zu 5", sfreunde 6, gonz 5, Fiebel 13)."""
    table_size: int = 4
    """The size of a full table; when the count does not divide, some tables have one player
    fewer ("Springer", fiebel-t)."""
    smallest: int = 3
    """The fewest at a table (after a late change too)."""
    points: Points = Points()
    """How a game scores."""
    scharf: bool = True
    """Whether a game may be played "scharf" when time runs out: one half only, whose loser
    loses the game (sfreunde, werl)."""

    def __post_init__(self) -> None:
        _whole(self.rounds, "the number of points rounds", 1, 30)
        _whole(self.games, "the games per round", 1, 99)
        _check_tables(self.table_size, self.smallest)
        if not isinstance(self.points, Points):
            _fail("a points round needs its points")
        self.points.check_sizes(self.smallest, self.table_size, "a points round")
        _flag(self.scharf, "'scharf'")


@dataclass(frozen=True, slots=True)
class LivesStage:
    """Rounds of lives ("Leben"): each player starts a round with lives and loses one per game
    lost; a player without lives is out of the round. A round scores the lives kept."""

    lives: tuple[int, ...] = (3, 2)
    """Lives at the start of each round, one entry per round (velen: three, then two)."""
    table_size: int = 4
    """The size of a full table (velen: four)."""
    smallest: int = 3
    """The fewest at a table (velen is silent on counts not divisible by four: our reading)."""
    buy_in_costs_life: bool = False
    """Whether buying back in (Einwürfeln) costs a life (velen: who throws in stakes a life)."""
    scharf: bool = True
    """Whether a game may be played "scharf" (one half only) when time runs out."""

    def __post_init__(self) -> None:
        if not isinstance(self.lives, tuple) or not 1 <= len(self.lives) <= 30:
            _fail("the lives are a list of 1 to 30 numbers, one per round")
        for n in self.lives:
            _whole(n, "a round's lives", 1, 99)
        _check_tables(self.table_size, self.smallest)
        _flag(self.buy_in_costs_life, "'buy_in_costs_life'")
        _flag(self.scharf, "'scharf'")

    @property
    def rounds(self) -> int:
        return len(self.lives)


@dataclass(frozen=True, slots=True)
class KnockoutStage:
    """K.O. rounds: the best of the qualifying stage at tables of ``per_table``; ``advance`` of
    each table go on, round by round, until the last round, one table, which places its players
    from first to last."""

    rounds: int = 3
    """How many K.O. rounds, the last (one table) included (sfreunde: three)."""
    per_table: int = 4
    """Players per table (sfreunde: four)."""
    advance: int = 2
    """Players of a table who go on (sfreunde: "zwei Verlierer" are out of four; werl: one)."""
    by: Advance = Advance.LIVES
    """How they are found."""
    lives: int = 2
    """Lives at the start of each round, with ``by = lives`` (sfreunde: "1 oder 2")."""
    points: Points | None = None
    """How a game scores, with ``by = points``."""
    games: int = 5
    """Games per table and round, with ``by = points`` (werl: "bis zu 5" as in its points
    rounds, our reading); with ``by = lives`` the lives decide."""
    scharf_in_final: bool = False
    """Whether the last round may be played "scharf" too (sfreunde: "Im Finale gilt diese
    Regelung nicht")."""

    def __post_init__(self) -> None:
        _whole(self.rounds, "the number of K.O. rounds", 1, 6)
        _whole(self.per_table, "the players per K.O. table", SMALLEST_TABLE, LARGEST_TABLE)
        _whole(self.advance, "the players who go on", 1, self.per_table - 1)
        if self.per_table % self.advance:
            _fail(
                f"{self.advance} of {self.per_table} going on leaves tables that do not fill "
                "the next round; choose a number that divides the table"
            )
        if not isinstance(self.by, Advance):
            _fail(f"a knock-out goes on by lives or points, not {self.by!r}")
        _whole(self.lives, "the lives in a K.O. round", 1, 99)
        _whole(self.games, "the games per K.O. round", 1, 99)
        if self.by is Advance.POINTS:
            if not isinstance(self.points, Points):
                _fail("a knock-out by points needs its points")
            assert self.points is not None
            self.points.check_sizes(self.per_table, self.per_table, "a K.O. round")
        elif self.points is not None:
            _fail("a knock-out by lives has no points")
        _flag(self.scharf_in_final, "'scharf_in_final'")

    @property
    def qualifiers(self) -> int:
        """How many of the qualifying stage take part: one table in the last round, and as many
        tables before each round as fill the next."""
        return int(self.per_table * (self.per_table // self.advance) ** (self.rounds - 1))


@dataclass(frozen=True, slots=True)
class FinalTableStage:
    """One final table ("Final Table") of the best of the qualifying stage: a player who has
    lost ``lives`` games is out; the last left wins, the others are placed by who went out
    last."""

    players: int = 6
    """Players at the final table (gonz: "Die besten 6 Spieler")."""
    lives: int = 2
    """Games a player may lose (gonz: "sobald jemand zwei Spiele verloren hat, scheidet er
    aus")."""

    def __post_init__(self) -> None:
        _whole(self.players, "the players at the final table", 2, LARGEST_TABLE)
        _whole(self.lives, "the lives at the final table", 1, 99)

    @property
    def qualifiers(self) -> int:
        return self.players


Qualifying = PointsStage | LivesStage
Final = KnockoutStage | FinalTableStage


def _check_tables(size: object, smallest: object) -> None:
    _whole(size, "the size of a table", SMALLEST_TABLE, LARGEST_TABLE)
    assert isinstance(size, int)
    _whole(smallest, "the fewest at a table", SMALLEST_TABLE, size)


@dataclass(frozen=True, slots=True)
class Format:
    """A tournament format: its stages and its tie-breaks."""

    name: str
    """A short name: the key of its source."""
    title: str
    """What the source calls it."""
    source: str
    """Where it comes from (the address of the rule page read)."""
    qualifying: Qualifying
    """The stage everyone plays."""
    final: Final | None = None
    """The stage the best of it play, if any."""
    tie_breaks: tuple[TieBreak, ...] = ()
    """What decides between equal scores, in order; then players share a place."""

    def __post_init__(self) -> None:
        for name in ("name", "title", "source"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip() or len(value) > 200:
                _fail(f"a format's {name} is a text of 1 to 200 characters")
        if not isinstance(self.qualifying, (PointsStage, LivesStage)):
            _fail("a format begins with points rounds or rounds of lives")
        if self.final is not None and not isinstance(self.final, (KnockoutStage, FinalTableStage)):
            _fail("a format's final stage is a knock-out or a final table")
        if not isinstance(self.tie_breaks, tuple) or not all(
            isinstance(t, TieBreak) for t in self.tie_breaks
        ):
            _fail(f"the tie-breaks are some of {', '.join(t.value for t in TieBreak)}")
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            _fail("a tie-break is named twice")

    @property
    def qualifying_rounds(self) -> int:
        return self.qualifying.rounds

    @property
    def final_rounds(self) -> int:
        if self.final is None:
            return 0
        return self.final.rounds if isinstance(self.final, KnockoutStage) else 1

    @property
    def rounds(self) -> int:
        """Every round of the tournament, the final stage's included."""
        return self.qualifying_rounds + self.final_rounds

    @property
    def fewer_is_better(self) -> bool:
        """Whether the qualifying score ranks fewer first (loss points)."""
        q = self.qualifying
        return isinstance(q, PointsStage) and q.points.fewer_is_better


# ---------------------------------------------------------------------- the presets

_WERL_POINTS = Points(by_order=((3, 1, 0), (3, 2, 1, 0)), game_lost=-1)

FORMATS: dict[str, Format] = {
    "werl": Format(
        name="werl",
        title="Schockerturnier Werl: Punkterunden, dann K.O.-Runden",
        source="https://3kompanie.de/content/schockertunier-werl/turnierablauf.html",
        qualifying=PointsStage(rounds=2, games=5, table_size=4, smallest=3, points=_WERL_POINTS),
        final=KnockoutStage(
            rounds=2, per_table=4, advance=1, by=Advance.POINTS, points=_WERL_POINTS
        ),
        tie_breaks=(TieBreak.FEWER_GAMES_LOST, TieBreak.FEWER_HALVES_LOST),
    ),
    "sfreunde": Format(
        name="sfreunde",
        title="Schockfreunde: Punkterunden, dann K.O.-Runden mit Lebenspunkten",
        source="https://schockfreunde.de/spielsystem",
        qualifying=PointsStage(
            rounds=3, games=6, table_size=4, smallest=3, points=Points(half_won=1, game_lost=-1)
        ),
        final=KnockoutStage(rounds=3, per_table=4, advance=2, by=Advance.LIVES, lives=2),
        tie_breaks=(TieBreak.FEWER_GAMES_LOST, TieBreak.FEWER_HALVES_LOST),
    ),
    "gonz": Format(
        name="gonz",
        title="Internationales Schockturnier Gonzerath: Verlustpunkte, dann Final Table",
        source="https://www.svgonzerath.de/2023/01/27/8-internationales-schockturnier/",
        qualifying=PointsStage(
            rounds=3,
            games=5,
            table_size=6,
            smallest=3,
            points=Points(half_lost=1, game_lost=1, fewer_is_better=True),
            scharf=False,
        ),
        final=FinalTableStage(players=6, lives=2),
        tie_breaks=(TieBreak.FEWER_GAMES_LOST,),
    ),
    "velen": Format(
        name="velen",
        title="Velener Schocken Masters Cup: Teams, Leben",
        source="https://schockenvelen.de/index.php/regeln",
        qualifying=LivesStage(lives=(3, 2), table_size=4, smallest=3, buy_in_costs_life=True),
        tie_breaks=(TieBreak.FEWER_HALVES_LOST, TieBreak.MORE_SCHOCK_AUS),
    ),
    "fiebel-t": Format(
        name="fiebel-t",
        title="Das gemeine Schockturnier (schocken.org, Fiebel)",
        source="http://schocken.org/Inhalt/Fiebel/Fiebel_Turniere_Overview.html",
        qualifying=PointsStage(
            rounds=1,
            games=13,
            table_size=4,
            smallest=3,
            points=Points(game_lost=-5, schock_aus=1),
            scharf=False,
        ),
        tie_breaks=(TieBreak.MORE_SCHOCK_AUS, TieBreak.FEWER_GAMES_LOST),
    ),
}
"""The formats of ``shared/REGIONAL.md`` row 47, by the key of their source."""


def find_format(name: object) -> Format:
    """The preset of that name; an unknown name is refused with the list of known ones."""
    if isinstance(name, str) and name in FORMATS:
        return FORMATS[name]
    raise refused(
        TournamentError, "tournament_refuse_format", name=name, formats=", ".join(FORMATS)
    )


# ---------------------------------------------------------------------- as data

_KINDS: dict[str, type[Any]] = {
    "points": PointsStage,
    "lives": LivesStage,
    "knockout": KnockoutStage,
    "final_table": FinalTableStage,
}


def _plain(value: object) -> object:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Points):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _stage_data(stage: object) -> dict[str, object]:
    kind = next(k for k, cls in _KINDS.items() if isinstance(stage, cls))
    data: dict[str, object] = {"kind": kind}
    for f in fields(stage):  # type: ignore[arg-type]
        data[f.name] = _plain(getattr(stage, f.name))
    return data


def format_to_data(fmt: Format) -> dict[str, object]:
    """A format as plain JSON data (what an export holds); :func:`format_from_data` reads it."""
    return {
        "name": fmt.name,
        "title": fmt.title,
        "source": fmt.source,
        "qualifying": _stage_data(fmt.qualifying),
        "final": None if fmt.final is None else _stage_data(fmt.final),
        "tie_breaks": [t.value for t in fmt.tie_breaks],
    }


def _only(data: Mapping[str, object], keys: tuple[str, ...], where: str) -> None:
    unknown = [k for k in data if k not in keys]
    if unknown:
        _fail(f"{where}: unknown key {unknown[0]!r}; it has {', '.join(keys)}")


def _enum(cls: type[StrEnum], value: object, where: str) -> StrEnum:
    if isinstance(value, str) and value in {m.value for m in cls}:
        return cls(value)
    raise TournamentError(f"{where} is one of {', '.join(m.value for m in cls)}, not {value!r}")


def _tuple(value: object, where: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise TournamentError(f"{where} is a list")
    return tuple(tuple(v) if isinstance(v, list) else v for v in value)


def _points_from(data: object, where: str) -> Points:
    if not isinstance(data, Mapping):
        raise TournamentError(f"{where} is an object")
    keys = tuple(f.name for f in fields(Points))
    _only(data, keys, where)
    values = dict(data)
    if "by_order" in values:
        values["by_order"] = _tuple(values["by_order"], f"{where}: 'by_order'")
    return Points(**values)


def _stage_from(data: object, where: str) -> Qualifying | Final:
    if not isinstance(data, Mapping):
        raise TournamentError(f"{where} is an object with its 'kind'")
    kind = data.get("kind")
    if kind not in _KINDS:
        raise TournamentError(f"{where}: 'kind' is one of {', '.join(_KINDS)}, not {kind!r}")
    assert isinstance(kind, str)
    cls = _KINDS[kind]
    keys = ("kind", *(f.name for f in fields(cls)))
    _only(data, keys, where)
    values = {k: v for k, v in data.items() if k != "kind"}
    if "points" in values and values["points"] is not None:
        values["points"] = _points_from(values["points"], f"{where}: 'points'")
    if "lives" in values and cls is LivesStage:
        values["lives"] = _tuple(values["lives"], f"{where}: 'lives'")
    if "by" in values:
        values["by"] = _enum(Advance, values["by"], f"{where}: 'by'")
    stage: Qualifying | Final = cls(**values)
    return stage


def format_from_data(data: object) -> Format:
    """A format from the data :func:`format_to_data` writes; anything else is refused."""
    if not isinstance(data, Mapping):
        raise TournamentError("a format is an object: name, title, source, qualifying, ...")
    _only(data, ("name", "title", "source", "qualifying", "final", "tie_breaks"), "the format")
    final = data.get("final")
    breaks = data.get("tie_breaks", [])
    if not isinstance(breaks, list):
        raise TournamentError("the format's 'tie_breaks' is a list")
    fmt = Format(
        name=data.get("name"),  # type: ignore[arg-type]
        title=data.get("title"),  # type: ignore[arg-type]
        source=data.get("source"),  # type: ignore[arg-type]
        qualifying=_stage_from(data.get("qualifying"), "the format's qualifying stage"),  # type: ignore[arg-type]
        final=None if final is None else _stage_from(final, "the format's final stage"),  # type: ignore[arg-type]
        tie_breaks=tuple(TieBreak(_enum(TieBreak, b, "a tie-break")) for b in breaks),
    )
    if isinstance(fmt.qualifying, (KnockoutStage, FinalTableStage)):
        _fail("a format begins with points rounds or rounds of lives")
    return fmt
