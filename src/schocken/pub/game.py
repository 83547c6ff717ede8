"""Pub mode: real dice on a real table, the engine as the referee.

The players throw real dice; one device keeps the game. For each turn the scorer enters what was
thrown: the three dice at the end of the turn, how many throws, and, where it matters, whether
all three showed in the last throw (aus der Hand), how many of its ones are turned sixes and
whether the cup stayed covered. Or the result by name ("Schock 4"). Pub mode plays each entry
through the one play loop (:mod:`schocken.play`) into an ordinary :class:`~schocken.game.Game`,
whose dice source gives exactly the entered dice, so every rule is the engine's: who is best and
worst, the tie rule, where the Deckel go, halves, Schock-Aus, Blattschuss, the Finale and
Einwürfeln. Nothing here decides a rule.

Only the end of a turn is entered, so the throws before it are made up (:func:`plan_turn`): the
fewest legal steps that end in exactly the entered result. :meth:`PubGame.record` marks every
step with a note saying whether it was entered or made up (``docs/pub.md``).

Everything that goes in and out is plain data: entries have ``to_data``/:func:`entry_from_data`,
the state of the table :meth:`PubState.to_data`, the whole pub game :meth:`PubGame.to_data` and
:meth:`PubGame.from_data`. There is no I/O here: ``schocken pub`` (:mod:`schocken.pub.cli`) and
the web page read and print.

>>> from schocken.rules import find_preset
>>> pub = PubGame(find_preset("tsv99"), ["Anna", "Ben"])
>>> pub.prompt("en")
'Round 1 (opening round): Anna opens, up to 3 throws.'
>>> _ = pub.enter_turn((6, 4, 2), 2)
>>> pub.prompt("en")
'Round 1 (opening round): Ben, up to 2 throws (opened by Anna).'
>>> pub.enter_turn((6, 6, 5), 3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
schocken.errors.PubEntryError: Ben may throw at most 2 times in this round: Anna opened it ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any, NamedTuple

from schocken.actions import STOP, THROW_BLIND, Action
from schocken.errors import (
    DiceExhaustedError,
    IllegalActionError,
    PubEntryError,
    RecordError,
    RulesError,
)
from schocken.events import Event, GameEnded, RoundEnded, RoundKind, Section, SectionEnded
from schocken.events import TurnEnded as _TurnEnded
from schocken.game import Game
from schocken.play import NOTHING_ASKED, Ask, Asked, Decision, apply_decision, next_decision
from schocken.players import check_players
from schocken.pub.checks import (
    ONE_THROW_KINDS,
    as_named,
    check_stake,
    checked_turn,
    one_throw_while_middle,
    seat_name,
    seat_said,
    set_aside_checked,
    text_of,
    throws_said,
)
from schocken.pub.entries import BuyInEntry, Entry, TurnEntry, entry_from_data, parse_result
from schocken.pub.plan import PlannedStep, plan_turn
from schocken.record import GameRecord, RecordStep, record_of
from schocken.results import Dice, sort_dice
from schocken.rules import Rules, rules_from_data, rules_to_data
from schocken.texts import explain as explain_events
from schocken.texts import refused, result_name, said, t
from schocken.views import PlayerView

META_KEY = "pub"
"""Where a pub game's record keeps its entries and stakes (``meta.pub``)."""


class TableDice:
    """The dice source of a pub game: each throw shows the pips loaded for it, and nothing else
    (the dice thrown on the table, as entered or made up)."""

    __slots__ = ("_pips",)

    def __init__(self) -> None:
        self._pips: tuple[int, ...] | None = None

    def load(self, pips: tuple[int, ...] | None) -> None:
        """The pips the next throw shows (``None``: no throw is expected)."""
        self._pips = pips

    def roll(self, n: int) -> tuple[int, ...]:
        pips, self._pips = self._pips, None
        if pips is None or len(pips) != n:
            entered = "-" if pips is None else "".join(map(str, pips))
            raise refused(DiceExhaustedError, "pub_refuse_dice_entered", n=n, entered=entered)
        return pips


class _Entered:
    """The strategy of every seat in pub mode: the answer the scorer entered."""

    name = "entered"

    def __init__(self) -> None:
        self.action: Action = STOP
        self.buys_in = False

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self.action

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self.buys_in


# ---------------------------------------------------------------------- the table's state


class ShownTurn(NamedTuple):
    """A finished turn of the round as the table sees it: its dice and result (both ``None``
    while the cup is covered)."""

    seat: int
    throws: int
    dice: Dice | None
    result: str | None


class PubState(NamedTuple):
    """What the table needs now, and the standing: plain values (see :meth:`to_data`)."""

    ask: str
    """``"turn"`` (enter the turn of ``seat``), ``"buy_in"`` (does ``seat``, who is out, buy
    back in?) or ``"over"`` (``seat`` lost the game)."""
    seat: int | None
    limit: int | None
    """For a turn: the most throws ``seat`` may use."""
    limit_fixed: bool
    """Whether the round's first player has fixed the limit (else ``seat`` opens the round)."""
    section: Section
    round: int
    round_kind: RoundKind
    order: tuple[int, ...]
    """The round's order of play; its first player opened it."""
    middle: int
    deckel: tuple[int, ...]
    playing: tuple[bool, ...]
    half_losers: tuple[int, ...]
    loser: int | None
    turns: tuple[ShownTurn, ...]
    """The round's finished turns so far, in its order of play."""

    @property
    def opener(self) -> int | None:
        """Who opened (or opens) the round."""
        return self.order[0] if self.order else None

    def to_data(self) -> dict[str, Any]:
        """The state as plain JSON data."""
        return {
            "ask": self.ask,
            "seat": self.seat,
            "limit": self.limit,
            "limit_fixed": self.limit_fixed,
            "section": self.section.value,
            "round": self.round,
            "round_kind": self.round_kind.value,
            "order": list(self.order),
            "opener": self.opener,
            "middle": self.middle,
            "deckel": list(self.deckel),
            "playing": list(self.playing),
            "half_losers": list(self.half_losers),
            "loser": self.loser,
            "turns": [
                {
                    "seat": turn.seat,
                    "throws": turn.throws,
                    "dice": None if turn.dice is None else list(turn.dice),
                    "result": turn.result,
                }
                for turn in self.turns
            ],
        }


# ---------------------------------------------------------------------- the pub game


class PubGame:
    """A game of Schocken played with real dice, kept from the scorer's entries.

    ``half_stake`` and ``game_stake`` are what the loser of a half and of the game owe (free
    text, such as "a round of Kurze"; empty: nothing is said).
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        *,
        half_stake: str = "",
        game_stake: str = "",
    ) -> None:
        self.rules = rules
        self.players = check_players(players)
        self.half_stake = check_stake("half_stake", half_stake)
        self.game_stake = check_stake("game_stake", game_stake)
        self._dice = TableDice()
        self._entered = _Entered()
        self._bots = dict.fromkeys(range(len(self.players)), self._entered)
        self._entries: list[Entry] = []
        self._restart()

    def _restart(self) -> None:
        self.game = Game(self.rules, self.players, self._dice)
        """The engine's game (read it; change it only through the entries)."""
        self._asked: Asked = NOTHING_ASKED
        self._notes: list[str] = []
        self._entries = []
        self._marks: list[int] = [len(self.game.events)]
        """How many of the game's events there were before the first entry and after each."""

    # ------------------------------------------------------------------ queries

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry so far, oldest first (each turn names its seat)."""
        return tuple(self._entries)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def _decision(self) -> Decision | None:
        """What the engine asks next, through the one play loop (every seat is the scorer's)."""
        return next_decision(self.game, self._bots, self._asked)

    def state(self) -> PubState:
        """What the table needs now, and the standing."""
        game = self.game
        view = game.view(None)
        decision = self._decision()
        if decision is None:
            ask, seat, limit = "over", game.loser, None
        elif decision.kind is Ask.BUY_IN:
            ask, seat, limit = "buy_in", decision.seat, None
        else:
            ask, seat, limit = "turn", decision.seat, game.max_throws()
        turns = tuple(
            ShownTurn(turn.seat, turn.throws, turn.showing, None)
            if turn.result is None
            else ShownTurn(turn.seat, turn.throws, turn.result.dice, turn.result.name)
            for turn in view.turns
            if turn.done
        )
        return PubState(
            ask,
            seat,
            limit,
            view.limit is not None,
            view.section,
            view.round_number,
            view.round_kind,
            view.order,
            view.middle,
            view.deckel,
            view.playing,
            view.half_losers,
            view.loser,
            turns,
        )

    # ------------------------------------------------------------------ entering

    def enter_turn(
        self,
        dice: Sequence[int],
        throws: int = 1,
        *,
        hand: bool | None = None,
        turned: int = 0,
        covered: bool | None = None,
        seat: int | None = None,
    ) -> list[Event]:
        """Enter the turn of the player whose turn it is (see :class:`TurnEntry`); the events
        it caused. An entry that cannot be is refused with a
        :class:`~schocken.errors.PubEntryError` that says why, and changes nothing."""
        return self.enter(TurnEntry(tuple(dice), throws, hand, turned, covered, seat))

    def enter_result(
        self,
        result: str,
        throws: int = 1,
        *,
        turned: int = 0,
        covered: bool | None = None,
        seat: int | None = None,
    ) -> list[Event]:
        """Enter a turn by its result's name (:func:`parse_result`), such as "Schock 4" or
        "Straße 6-5-4". It is taken as thrown in one throw where the name says so (Hand-Aus) or
        where the result would otherwise not be the one named (a Straße or a General that the
        rules count only in one throw)."""
        named = parse_result(result)
        return self.enter(TurnEntry(named.dice, throws, None, turned, covered, seat, named.name))

    def may_open_blind(self) -> bool:
        """Whether the turn to be entered may open the round blind (``TurnEntry.blind``)."""
        decision = self._decision()
        return decision is not None and THROW_BLIND in decision.legal

    def answer_buy_in(self, seat: int, buys_in: bool) -> list[Event]:
        """Answer the engine's question whether ``seat``, who is out, buys back in."""
        return self.enter(BuyInEntry(seat, buys_in))

    def enter(self, entry: Entry) -> list[Event]:
        """Play one entry: the events it caused. A refused entry changes nothing."""
        if not isinstance(entry, TurnEntry | BuyInEntry):
            raise refused(PubEntryError, "pub_refuse_not_entry", value=entry)
        mark = (len(self.game.steps), self._asked)
        start = len(self.game.events)
        try:
            stored = self._play(entry)
        except PubEntryError:
            if (len(self.game.steps), self._asked) != mark:
                self._replay(self._entries)
            raise
        self._entries.append(stored)
        self._marks.append(len(self.game.events))
        return self.game.events[start:]

    def undo(self, count: int = 1) -> tuple[Entry, ...]:
        """Take back the last ``count`` entries (the game is as it was before them); returns
        them, oldest first."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise refused(PubEntryError, "pub_refuse_undo_count", value=count)
        if count > len(self._entries):
            n = len(self._entries)
            raise refused(PubEntryError, "pub_refuse_undo_n", count=count, n=n)  # n: its form
        undone = tuple(self._entries[-count:])
        self._replay(self._entries[:-count])
        return undone

    def _replay(self, entries: Sequence[Entry]) -> None:
        """The game anew, from ``entries`` (entries once accepted are accepted again)."""
        self._restart()
        for entry in entries:
            self._entries.append(self._play(entry))
            self._marks.append(len(self.game.events))

    # ------------------------------------------------------------------ playing an entry

    def _play(self, entry: Entry) -> Entry:
        decision = self._decision()
        if decision is None:
            loser = self.game.loser
            assert loser is not None
            raise refused(PubEntryError, "pub_refuse_over", loser=self.players[loser])
        if isinstance(entry, BuyInEntry):
            return self._play_buy_in(entry, decision)
        if decision.kind is Ask.BUY_IN:
            name = self.players[decision.seat]
            raise refused(PubEntryError, "pub_refuse_buy_in_first", name=name)
        seat = decision.seat
        entry = checked_turn(entry, seat, self.game, self.players)
        if entry.result is not None:
            entry = as_named(entry, self.rules)
        entry = set_aside_checked(entry, self.rules, self.players[seat])
        limit = self.game.max_throws()
        start = len(self.game.events)
        for step in plan_turn(entry, limit, self.rules.set_aside, self.rules.sixes_turn):
            self._step(step)
        ended = [e for e in self.game.events[start:] if isinstance(e, _TurnEnded)]
        assert len(ended) == 1 and ended[0].seat == seat, "a planned turn ends once"
        turn = ended[0]
        if turn.result is None:  # a round opened blind: one throw of exactly the entered dice
            assert turn.throws == 1 and self.game.steps[-1][2] == entry.dice
        elif turn.result.dice != sort_dice(entry.dice) or turn.result.one_throw != entry.one_throw:
            raise PubEntryError(f"the engine made {turn.result.name} of {entry}")  # not reached
        if entry.covered is not None and entry.covered != turn.covered:
            raise refused(
                PubEntryError,
                "pub_refuse_covered" if entry.covered else "pub_refuse_shown",
                name=self.players[seat],
                throws=throws_said(entry.throws),
                limit=limit,
                rule=said("rules_covered_" + self.rules.covered.value, lower_first=True),
            )
        return entry

    def _step(self, step: PlannedStep) -> None:
        """One planned step, through the one play loop; the engine checks it."""
        decision = self._decision()
        assert decision is not None and decision.kind is not Ask.BUY_IN
        self._entered.action = step.action
        answer = decision.decide(self._entered)
        self._dice.load(step.pips)
        try:
            if answer != step.action:
                raise refused(IllegalActionError, "pub_refuse_engine_allows", action=str(answer))
            played = apply_decision(self.game, decision, answer)
        except (IllegalActionError, DiceExhaustedError) as exc:
            name = self.players[decision.seat]
            raise refused(PubEntryError, "pub_refuse_play", name=name, why=exc) from None
        finally:
            self._dice.load(None)
        assert played is not None
        self._asked = decision.asked
        self._notes.append(step.note)

    def _play_buy_in(self, entry: BuyInEntry, decision: Decision) -> Entry:
        if decision.kind is not Ask.BUY_IN:
            raise refused(PubEntryError, "pub_refuse_no_buy_in", name=self.players[decision.seat])
        if entry.seat != decision.seat:
            raise refused(
                PubEntryError,
                "pub_refuse_buy_in_who",
                name=self.players[decision.seat],
                other=seat_said(entry.seat, self.players),
            )
        self._entered.buys_in = entry.buys_in
        answer = decision.decide(self._entered)
        played = apply_decision(self.game, decision, answer)
        assert played is not None
        if answer is not None:
            self._notes.append("pub: buys back in, as entered")
        self._asked = decision.asked
        return entry

    # ------------------------------------------------------------------ what players read

    def prompt(self, lang: str) -> str:
        """What the table needs now, in words: whose turn and how many throws, or a question."""
        state = self.state()
        players = self.players
        if state.ask == "over":
            assert state.loser is not None
            return t("ui_game_over", lang, loser=players[state.loser])
        assert state.seat is not None
        name = players[state.seat]
        if state.ask == "buy_in":
            return t("pub_buy_in", lang, name=name)
        where = t("pub_round_" + state.round_kind.value, lang, number=state.round)
        if state.round_kind in ONE_THROW_KINDS:
            return t("pub_once", lang, where=where, name=name)
        if state.round_kind is RoundKind.OPENING_DIE:
            return t("pub_die", lang, where=where, name=name)
        if not state.limit_fixed:
            return t("pub_opens", lang, where=where, name=name, limit=state.limit)
        if one_throw_while_middle(self.game):
            return t("pub_middle", lang, where=where, name=name)
        if not state.turns:  # a limit before the first turn ended: the rules' "Erster Hoch"
            return t("pub_first_round", lang, where=where, name=name)
        opener = players[state.order[0]]
        key = "pub_one_throw" if state.limit == 1 else "pub_throws"
        return t(key, lang, where=where, name=name, limit=state.limit, opener=opener)

    def standing(self, lang: str) -> str:
        """The Deckel in the middle and in hand, in words."""
        state = self.state()
        held = [
            t("pub_holds", lang, name=self.players[s], count=d)
            for s, d in enumerate(state.deckel)
            if d
        ]
        section = t(state.section.value, lang)
        return t(
            "pub_standing",
            lang,
            section=section[0].upper() + section[1:],
            middle=state.middle,
            held=", ".join(held) if held else t("pub_nobody_holds", lang),
        )

    def explain(self, events: Sequence[Event], lang: str) -> list[str]:
        """What the events of entries mean: each turn entered, the round's best and worst and
        the tie rule, where the Deckel went, who lost a half or the game, and what they owe."""
        lines: list[str] = []
        done = 0
        for i, e in enumerate(events):
            extra: list[str] = []
            if isinstance(e, _TurnEnded):
                reveal = next((r for r in events[i + 1 :] if isinstance(r, RoundEnded)), None)
                if e.result is None and reveal is not None:  # a blind turn, revealed now
                    e = e._replace(result=dict(reveal.results)[e.seat])
                extra.append(self._entered_line(e, lang, hidden=e.covered and reveal is None))
            elif (
                isinstance(e, SectionEnded) and e.section is not Section.FINALE and self.half_stake
            ):
                extra.append(
                    t("pub_owes", lang, loser=self.players[e.loser], stake=self.half_stake)
                )
            elif isinstance(e, GameEnded) and self.game_stake:
                extra.append(
                    t("pub_owes", lang, loser=self.players[e.loser], stake=self.game_stake)
                )
            if not extra and not isinstance(e, RoundEnded):
                continue
            # texts.explain keeps what it has seen (the last round), so it reads from the start
            told = explain_events(events[: i + 1], self.rules, self.players, lang)
            lines += told[done:] + extra
            done = len(told)
        lines += explain_events(events, self.rules, self.players, lang)[done:]
        return lines

    def log(self, lang: str) -> list[list[str]]:
        """What each entry so far did, in words (:meth:`explain` of its events), oldest first:
        the same lines as when it was entered, so a page loaded anew shows the game's log."""
        events, marks = self.game.events, self._marks
        return [self.explain(events[a:b], lang) for a, b in pairwise(marks)]

    def _entered_line(self, ended: _TurnEnded, lang: str, *, hidden: bool) -> str:
        name = self.players[ended.seat]
        if hidden:
            return t("pub_entered_covered", lang, name=name)
        key = "pub_entered_1" if ended.throws == 1 else "pub_entered_n"
        return t(key, lang, name=name, result=result_name(ended.result, lang), throws=ended.throws)

    def describe(self, entry: Entry, lang: str, *, covered: bool = False) -> str:
        """An entry in words (for what was undone). ``covered``: its cup is still covered, so
        only whose turn it was and its throws are said, never its dice (:meth:`covered_entries`
        says which are)."""
        name = seat_name(entry.seat, self.players)
        if isinstance(entry, BuyInEntry):
            return t("pub_did_buy_in" if entry.buys_in else "pub_no_buy_in", lang, name=name)
        if covered:
            if entry.blind:
                return t("pub_turn_blind", lang, name=name)
            key = "pub_turn_covered_1" if entry.throws == 1 else "pub_turn_covered_n"
            return t(key, lang, name=name, throws=entry.throws)
        return t("pub_turn_entry", lang, name=name, entry=str(entry))

    def covered_entries(self) -> frozenset[int]:
        """The entries (by their place in :attr:`entries`) whose cup is still covered: the turns
        of the round being played that stayed covered or were thrown blind. The round's reveal
        uncovers them; until then nothing pub mode says tells their dice."""
        events, marks = self.game.events, self._marks
        covered: set[int] = set()
        for n in range(len(self._entries) - 1, -1, -1):
            part = events[marks[n] : marks[n + 1]]
            if any(isinstance(e, RoundEnded) for e in part):
                break  # this entry's round, and every earlier one, is revealed
            if any(isinstance(e, _TurnEnded) and (e.covered or e.result is None) for e in part):
                covered.add(n)
        return frozenset(covered)

    def last_said(self, lang: str) -> str | None:
        """The last entry in words, as the table may see it now (``None`` before the first)."""
        if not self._entries:
            return None
        covered = len(self._entries) - 1 in self.covered_entries()
        return self.describe(self._entries[-1], lang, covered=covered)

    def undo_said(self, count: int, lang: str) -> str:
        """Take back the last ``count`` entries (:meth:`undo`) and say which ("Undone: ..."): a
        cup that was still covered is said as covered; one its round revealed, with its dice."""
        covered = self.covered_entries()
        undone = self.undo(count)
        first = len(self._entries)  # the place of the first entry taken back
        what = [self.describe(e, lang, covered=first + i in covered) for i, e in enumerate(undone)]
        return t("pub_undone", lang, what="; ".join(what))

    # ------------------------------------------------------------------ as data

    def record(self) -> GameRecord:
        """The game as an ordinary game record: every step the engine took, each noted as
        entered or made up, and the entries in ``meta.pub`` (:meth:`from_record` reads them)."""
        base = record_of(self.game)
        steps = tuple(
            RecordStep(s.seat, s.action, s.pips, note)
            for s, note in zip(base.steps, self._notes, strict=True)
        )
        meta = {META_KEY: self._meta()}
        return GameRecord(base.rules, base.players, steps, base.outcome, meta)

    def _meta(self) -> dict[str, Any]:
        data: dict[str, Any] = {"entries": [e.to_data() for e in self._entries]}
        if self.half_stake:
            data["half_stake"] = self.half_stake
        if self.game_stake:
            data["game_stake"] = self.game_stake
        return data

    def to_data(self) -> dict[str, Any]:
        """The pub game as plain JSON data: rules, players, stakes and entries."""
        return {
            "rules": rules_to_data(self.rules),
            "players": list(self.players),
            **self._meta(),
        }

    @classmethod
    def from_data(cls, data: object) -> PubGame:
        """A pub game from :meth:`to_data`'s data, its entries played again; anything malformed
        or an entry that cannot be is refused (:class:`~schocken.errors.PubEntryError`, naming
        the entry)."""
        if not isinstance(data, Mapping):
            raise refused(PubEntryError, "pub_refuse_data_object")
        unknown = sorted(str(k) for k in data if k not in _DATA_FIELDS)
        if unknown:
            raise refused(PubEntryError, "pub_refuse_data_fields", fields=", ".join(unknown))
        try:
            rules = rules_from_data(data.get("rules"))
        except RulesError as exc:
            raise refused(PubEntryError, "pub_refuse_data_rules", why=exc) from None
        players = data.get("players")
        if not isinstance(players, list):
            raise refused(PubEntryError, "pub_refuse_data_players")
        try:
            check_players(players)
        except ValueError as exc:
            raise refused(PubEntryError, "pub_refuse_data_cannot_play", why=exc) from None
        pub = cls(
            rules,
            players,
            half_stake=text_of(data.get("half_stake", "")),
            game_stake=text_of(data.get("game_stake", "")),
        )
        pub._take(data.get("entries", []))
        return pub

    def _take(self, raw: object) -> None:
        if not isinstance(raw, list):
            raise refused(PubEntryError, "pub_refuse_data_entries")
        for i, item in enumerate(raw):
            try:
                self.enter(entry_from_data(item))
            except PubEntryError as exc:
                raise refused(PubEntryError, "pub_refuse_data_entry", index=i, why=exc) from None

    @classmethod
    def from_record(cls, record: GameRecord) -> PubGame:
        """A pub game taken up again from its record (its entries, in ``meta.pub``); the
        entries must make exactly the record's steps."""
        meta = record.meta.get(META_KEY)
        if not isinstance(meta, Mapping):
            raise refused(RecordError, "record_refuse_no_pub", meta=META_KEY)
        try:
            pub = cls.from_data(
                {
                    "rules": rules_to_data(record.rules),
                    "players": list(record.players),
                    **meta,
                }
            )
        except PubEntryError as exc:
            raise refused(RecordError, "record_refuse_pub", meta=META_KEY, why=exc) from None
        mine = [(s.seat, s.action, s.pips) for s in pub.record().steps]
        theirs = [(s.seat, s.action, s.pips) for s in record.steps]
        if mine != theirs:
            raise refused(RecordError, "record_refuse_pub_steps")
        return pub


_DATA_FIELDS = ("rules", "players", "entries", "half_stake", "game_stake")
