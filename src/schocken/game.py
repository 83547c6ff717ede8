"""The game: the whole of Schocken, from the opening to the Finale, under one rule set.

A :class:`Game` takes actions (:mod:`schocken.actions`) from the player whose turn it is, checks
them against its rules, and returns the events (:mod:`schocken.events`) they caused. An action
that the rules forbid raises a specific :class:`~schocken.errors.IllegalActionError` and leaves
the game exactly as it was. Players see the game through :meth:`Game.view`.

>>> from schocken.dice import ScriptedDice
>>> from schocken.rules import find_preset
>>> game = Game(find_preset("tsv99"), ["Anna", "Ben"], ScriptedDice([1, 1, 4]))
>>> [type(e).__name__ for e in game.apply(Throw())]
['Thrown']
>>> game.view(0).turns[0].showing
(4, 1, 1)
>>> game.apply(TurnSixes())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
schocken.errors.TurnSixesError: Anna cannot turn sixes: the last throw showed 4-1-1, and ...
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from schocken.actions import BUY_IN, STOP, THROWS, TURN_SIXES, Action, BuyIn, Stop, Throw, TurnSixes
from schocken.dice import TABLES as _ROLLS
from schocken.dice import DiceSource, RandomDice
from schocken.errors import (
    GameOverError,
    IllegalActionError,
    MustThrowError,
    OutOfTurnError,
    PutBackError,
    ThrowLimitError,
    TurnSixesError,
)
from schocken.events import (
    BoughtIn,
    DeckelMoved,
    Event,
    GameEnded,
    PlayersOut,
    RoundEnded,
    RoundKind,
    RoundStarted,
    Section,
    SectionEnded,
    SectionStarted,
    SixesTurned,
    ThrowLimitFixed,
    Thrown,
    TurnEnded,
)
from schocken.results import Dice, Result, result_table
from schocken.rules import MAX_THROWS, Covered, FinaleOpener, Opening, Rules, Tiebreak
from schocken.turn import SORTED as _SORTED
from schocken.turn import after_turn_sixes
from schocken.turn import remove as _remove
from schocken.turn import turn_options as _legal_in_turn
from schocken.views import Phase, PlayerView, TurnView

if TYPE_CHECKING:
    from schocken.bots.base import Strategy

MIN_PLAYERS = 2
MAX_PLAYERS = 20

Step = tuple[int, Action, tuple[int, ...]]
"""One accepted action: the seat that acted, the action, the pips its throw showed (if any)."""

_new = tuple.__new__
"""Named tuples (events, views) made directly from a tuple of their fields: no Python-level
``__new__`` call per event."""

_NORMAL = RoundKind.NORMAL
_OPENING_ROUND = RoundKind.OPENING_ROUND
_OPENING_THROW = RoundKind.OPENING_THROW
_STECHEN = RoundKind.STECHEN
_PLAYING = Phase.PLAYING
_FINALE = Section.FINALE

_THROW_BITS = 28
"""Action codes 0-27 are the throws (by what they keep), 28 turns sixes, 29 stops."""
_STOP_CODE = 29
_SHARED: tuple[Action, ...] = (*THROWS.values(), TURN_SIXES, STOP)
_CODES: dict[int, int] = {id(a): a.code for a in _SHARED}
"""The code of each shared action object, by its identity (they live as long as the module)."""


def _dice_text(dice: Sequence[int]) -> str:
    return "-".join(str(p) for p in dice)


def round_payment(owed: int, middle: int, best_holds: int) -> tuple[bool, int]:
    """Where a round's loser gets the Deckel the best result is worth, and how many.

    While Deckel are in the middle they come from there (what is left, if fewer); once it is
    empty the best player gives them (what they hold, if fewer). Returns (from the middle, amount).
    """
    if middle > 0:
        return True, min(owed, middle)
    return False, min(owed, best_holds)


class _State:
    """A turn's dice between two actions, with everything the engine needs of it made once.

    One of these exists per situation and rule set (see :class:`_Tables`), shared by every game:
    the dice set aside, the last throw's dice, what turning sixes left to do, the legal actions (the
    very tuple :meth:`Game.legal_actions` hands out) as a bit mask of their codes, and the result
    and round-order key for each number of throws. The throws used are kept by the game.
    """

    __slots__ = (
        "aside",
        "ended_memo",
        "keeps",
        "last_full",
        "legal",
        "mask",
        "must",
        "okeys",
        "results",
        "showing",
        "sixes",
        "thrown",
        "thrown_memo",
        "turned",
        "view_memo",
    )

    def __init__(
        self,
        tables: _Tables,
        aside: Dice,
        thrown: Dice,
        must: Dice,
        turned: int,
        last_full: bool,
    ) -> None:
        self.aside = aside
        self.thrown = thrown
        self.must = must
        self.turned = turned
        self.last_full = last_full
        self.sixes: _State | None = None
        """The state after turning this throw's sixes (made when first needed)."""
        # What a turn in this situation shows, by its memo key (see _MEMO_SIZE), made when
        # first needed and shared by every game (immutable values, equal to freshly made ones):
        self.thrown_memo: list[Thrown | None] | None = None
        """The Thrown event of the throw that led here."""
        self.view_memo: list[tuple[TurnView, TurnView] | None] | None = None
        """The turn in progress, as its own player and as everyone else sees it."""
        self.ended_memo: list[_Ended | None] | None = None
        """The turn ending here: its TurnEnded event, (seat, result) and its two views."""
        if not thrown:  # before a turn's first throw
            self.showing: Dice = ()
            self.legal: tuple[Action, ...] = (THROWS[()],)
            self.keeps: frozenset[Dice] = frozenset({()})
            self.results: tuple[Result | None, ...] = ()
            self.okeys: tuple[int, ...] = ()
        else:
            showing = self.showing = _SORTED[aside + thrown]
            self.legal, self.keeps = _legal_in_turn(aside, thrown, must, turned, tables.put_back)
            by_key = tables.by_key
            results = [by_key[showing, last_full, t] for t in range(1, MAX_THROWS + 1)]
            self.results = (None, *results)
            self.okeys = (0, *(tables.order_base(r) for r in results))
        mask = 0
        for a in self.legal:
            mask |= 1 << a.code
        self.mask = mask


_Ended = tuple[TurnEnded, tuple[int, Result], TurnView, TurnView]
_Roll = tuple[int, tuple[tuple[int, ...], ...], tuple[_State, ...]]

_MEMO_SIZE = MAX_PLAYERS << 3
"""A state's memo lists are indexed by ``seat << 3 | throws << 1 | covered`` (the memo key of a
seat's turn after ``throws`` throws, 0 to 3, covered or not)."""


class _Tables:
    """Every turn situation of one rule set, by the dice kept and the pips thrown (made once)."""

    def __init__(self, rules: Rules) -> None:
        self.put_back = rules.put_back
        self.rethrow = rules.sixes_rethrow
        self.by_key = result_table(rules).by_key
        self._more_throws_worse = rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER
        self.start = _State(self, (), (), (), 0, True)
        """Before a turn's first throw."""
        self.after: dict[Dice, dict[tuple[int, ...], _State]] = {}
        """The state after a throw that kept ``keep``, by the pips the dice source gave."""
        self.rolls: list[_Roll] = [(0, (), ())] * _THROW_BITS
        """For each throw's action code: as many pips as :class:`RandomDice` chooses from, its
        table of pips (the same order), and the state after each (a throw by index)."""
        for keep, action in THROWS.items():
            aside = action.keep
            by_pips: dict[tuple[int, ...], _State] = {}
            made: dict[Dice, _State] = {}
            for pips in itertools.product(range(1, 7), repeat=3 - len(keep)):
                thrown = _SORTED[pips]
                state = made.get(thrown)
                if state is None:
                    state = made[thrown] = _State(self, aside, thrown, (), 0, not aside)
                by_pips[pips] = state
            self.after[keep] = by_pips
            table = _ROLLS[3 - len(keep)]
            self.rolls[action.code] = (len(table), table, tuple(by_pips[p] for p in table))

    def order_base(self, result: Result) -> int:
        """An integer that orders results as :meth:`ResultTable.order_key` does, less the place.

        ``order_base(r) - position`` compares as ``order_key(r, position)``: rank, then (for
        "more throws is worse") fewer throws, then the earlier place (up to 31 places).
        """
        throws = MAX_THROWS - result.throws if self._more_throws_worse else 0
        return (result.rank * 4 + throws) * 32 + 31

    def sixes(self, state: _State) -> _State:
        """The state after turning the sixes of ``state``'s last throw."""
        aside, rest, _, count, must, last_full = after_turn_sixes(
            state.aside, state.thrown, 0, self.rethrow
        )
        after = _State(self, aside, rest, must, count, last_full)
        state.sixes = after
        return after


def _ended(state: _State, seat: int, throws: int, covered: bool) -> _Ended:
    """A turn that ends in ``state`` after ``throws`` throws: its TurnEnded event, its seat and
    result (for the round's end), and its views for its own player and for everyone else."""
    result = state.results[throws]
    assert result is not None
    aside = state.aside
    full: TurnView = _new(
        TurnView, (seat, throws, aside, state.showing, covered, True, result, (), 0)
    )
    public: TurnView = (
        _new(TurnView, (seat, throws, aside, None, True, True, None, (), 0)) if covered else full
    )
    ended: TurnEnded = _new(TurnEnded, (seat, throws, aside, result, covered))
    return ended, (seat, result), full, public


_LIMIT_FIXED: list[ThrowLimitFixed | None] = [None] * (MAX_PLAYERS << 2)
"""The ThrowLimitFixed event of each seat and throw count (by ``seat << 2 | throws``), made when
first needed and shared (immutable values, equal to freshly made ones)."""

_MOVES: dict[tuple[int | None, int, int], DeckelMoved] = {}
"""DeckelMoved events at a round's end, shared likewise (by giver, receiver and count)."""


def _moved(key: tuple[int | None, int, int]) -> DeckelMoved:
    """The DeckelMoved event (giver, receiver, count), kept in _MOVES (up to a few thousand)."""
    event: DeckelMoved = _new(DeckelMoved, key)
    if len(_MOVES) < 4096:
        _MOVES[key] = event
    return event


@cache
def _tables_of(rules: Rules) -> _Tables:
    return _Tables(rules)


_last_tables: tuple[Rules | None, _Tables | None] = (None, None)


def _tables(rules: Rules) -> _Tables:
    """The (cached) tables of a rule set; the same rules object as last time without hashing."""
    global _last_tables
    last_rules, tables = _last_tables
    if rules is not last_rules or tables is None:
        tables = _tables_of(rules)
        _last_tables = (rules, tables)
    return tables


@cache
def _rotations(n: int) -> tuple[tuple[int, ...], ...]:
    """For each seat of ``n``, every seat clockwise from it."""
    return tuple(tuple((s + i) % n for i in range(n)) for s in range(n))


class Game:
    """A game of Schocken between ``players`` (names, in clockwise seat order)."""

    __slots__ = (
        "__weakref__",
        "_after",
        "_anchor",
        "_cover_at",
        "_cover_mode",
        "_covered",
        "_covered_own",
        "_deckel",
        "_deckel_t",
        "_done_public",
        "_half_losers",
        "_half_losers_t",
        "_in_count",
        "_in_section",
        "_in_section_t",
        "_last_ended",
        "_lim",
        "_limit",
        "_loser",
        "_middle",
        "_n",
        "_okeys",
        "_opening_value",
        "_order",
        "_order_t",
        "_pairs",
        "_phase",
        "_playing_t",
        "_pos",
        "_rotations",
        "_round_kind",
        "_round_last",
        "_round_number",
        "_seat",
        "_section",
        "_section_orders",
        "_section_total",
        "_start",
        "_state",
        "_tables",
        "_throws",
        "dice",
        "events",
        "players",
        "rules",
        "steps",
        "turns_played",
    )

    def __init__(self, rules: Rules, players: Sequence[str], dice: DiceSource) -> None:
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(
                f"Schocken needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
            )
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"a player's name must be a non-empty text, not {name!r}")
        if len(set(names)) != len(names):
            raise ValueError(f"players' names must differ: {', '.join(names)}")
        self.rules = rules
        self.players = names
        self.dice = dice
        self.events: list[Event] = []
        self.steps: list[Step] = []
        tables = self._tables = _tables(rules)
        self._after = tables.after
        self._start = tables.start
        covered = rules.covered
        self._cover_mode = (
            0 if covered is Covered.NEVER else 2 if covered is Covered.THIRD_THROW else 1
        )
        n = len(names)
        self._n = n
        self._rotations = _rotations(n)
        self._deckel = [0] * n
        self._deckel_t: tuple[int, ...] = tuple(self._deckel)
        self._middle = 0
        self._section = Section.FIRST_HALF
        self._section_total = 0
        self._in_section = [True] * n
        self._in_section_t: tuple[bool, ...] = tuple(self._in_section)
        self._section_orders: list[list[int] | None] = [None] * n
        """The order of play clockwise from each opener while Deckel are in the middle (every
        seat of the half or Finale), made when first needed."""
        self._in_count = n
        self._playing_t: tuple[bool, ...] = self._in_section_t
        self._half_losers: list[int] = []
        self._half_losers_t: tuple[int, ...] = ()
        self._loser: int | None = None
        self._phase = Phase.OPENING
        self._round_kind = RoundKind.NORMAL
        self._round_number = 0
        self._order: list[int] = []
        self._order_t: tuple[int, ...] = ()
        self._limit: int | None = None
        self._lim = MAX_THROWS
        """The throws the current player may use (the limit, or three while none is fixed)."""
        self._opening_value: int | None = None
        self._anchor = 0
        """The seat a round for Deckel is played clockwise from: the last round's loser (or the
        section's opener)."""
        self._cover_at = 0
        # The current round: its finished turns, and the turn in progress.
        self._pos = 0
        self._pairs: list[tuple[int, Result]] = []
        """Each finished turn's seat and result, in the round's order of play."""
        self._okeys: list[int] = []
        """Each finished turn's key for the round's order (see ``_Tables.order_base``)."""
        self._done_public: tuple[TurnView, ...] = ()
        """The finished turns as everyone else sees them (revealed once the game is over)."""
        self._covered_own: dict[int, tuple[int, TurnView]] = {}
        """The place of each seat whose finished turn is covered from the others, and the turn as
        that seat sees it."""
        self._round_last: TurnEnded | None = None
        """The last turn of the round that ended last (its view is made only at the game's end)."""
        self._last_ended = -1
        """The seat whose turn ended last in this round if it used up its throws (the limit),
        else -1."""
        self._seat = 0
        self._state = self._start
        self._throws = 0
        self._covered = False
        self.turns_played = 0
        """How many turns have ended (every player's turn in every round)."""
        self._start_section(Section.FIRST_HALF, list(range(n)), None)

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._loser is not None

    @property
    def loser(self) -> int | None:
        """The seat that lost the game, once it is over."""
        return self._loser

    @property
    def half_losers(self) -> tuple[int, ...]:
        """The seats that lost the halves played so far."""
        return self._half_losers_t

    @property
    def current_player(self) -> int | None:
        """The seat whose turn it is, ``None`` once the game is over."""
        if self._loser is not None:
            return None
        return self._seat

    @property
    def section(self) -> Section:
        """The half or Finale being played (the last one, once the game is over)."""
        return self._section

    @property
    def middle(self) -> int:
        """Deckel left in the middle."""
        return self._middle

    @property
    def deckel(self) -> tuple[int, ...]:
        """Deckel each seat holds in the current half or Finale."""
        return self._deckel_t

    @property
    def round_count(self) -> int:
        """How many rounds have begun (opening rounds and Stechen included)."""
        return self._round_number

    def can_buy_in(self, seat: int) -> bool:
        """Whether ``seat`` may buy back in (Einwürfeln) now."""
        # The conditions of _buy_in_refusal, without making its reasons.
        return (
            self.rules.einwuerfeln
            and self._phase is _PLAYING
            and self._round_kind is _NORMAL
            and not isinstance(seat, bool)
            and isinstance(seat, int)
            and 0 <= seat < self._n
            and self._in_section[seat]
            and seat not in self._order
            and self._pos == 0
            and self._throws == 0
        )

    def _buy_in_seats(self) -> list[int]:
        """The seats that may buy in now (those :meth:`can_buy_in` allows), in seat order.

        One seat's buying in leaves the others' chance as it was: the round still has not begun.
        """
        if not (
            self.rules.einwuerfeln
            and self._phase is _PLAYING
            and self._round_kind is _NORMAL
            and len(self._order) < self._in_count
            and self._pos == 0
            and self._throws == 0
        ):
            return []
        order = self._order
        in_section = self._in_section
        seats = []
        for s in range(self._n):
            if in_section[s] and s not in order:
                seats.append(s)
        return seats

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """What ``seat`` (default: the player whose turn it is) may do now."""
        if self._loser is not None:
            return ()
        if seat is None or seat == self._seat:
            return self._state.legal
        return (BUY_IN,) if self._buy_in_refusal(seat) is None else ()

    def max_throws(self) -> int:
        """How many throws the player whose turn it is may use in this round."""
        return self._lim

    def view(self, seat: int | None) -> PlayerView:
        """The immutable picture of the game that ``seat`` may see (``None``: a spectator)."""
        if seat is not None and not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} at this table of {self._n}")
        turns = self._done_public
        if self._covered_own and seat is not None:
            own = self._covered_own.get(seat)
            if own is not None:
                i = own[0]
                turns = (*turns[:i], own[1], *turns[i + 1 :])
        loser = self._loser
        current: int | None = None
        if loser is None:
            current = self._seat
            state = self._state
            throws = self._throws
            covered = self._covered
            memo = state.view_memo
            if memo is None:
                memo = state.view_memo = [None] * _MEMO_SIZE
            key = current << 3 | throws << 1 | covered  # the memo key
            views = memo[key]
            if views is None:
                views = memo[key] = self._turn_views(state, throws, covered)
            turns += (views[0],) if seat == current else (views[1],)
        return _new(
            PlayerView,
            (
                seat,
                self.players,
                self.rules,
                self._phase,
                self._section,
                self._round_kind,
                self._round_number,
                self._order_t,
                self._limit,
                current,
                self._middle,
                self._deckel_t,
                self._playing_t,
                turns,
                self._half_losers_t,
                loser,
            ),
        )

    def _turn_views(self, state: _State, throws: int, covered: bool) -> tuple[TurnView, TurnView]:
        """The turn in progress as its own player and as everyone else sees it."""
        seat = self._seat
        aside = state.aside
        must = state.must
        turned = state.turned
        showing = state.showing if throws else None
        full: TurnView = _new(
            TurnView, (seat, throws, aside, showing, covered, False, None, must, turned)
        )
        if not covered:
            return full, full
        public: TurnView = _new(
            TurnView, (seat, throws, aside, None, True, False, None, must, turned)
        )
        return full, public

    def _update_playing(self) -> None:
        if self._middle > 0 or self._phase is not _PLAYING:
            self._playing_t = self._in_section_t
            return
        # Each seat of the half or Finale that holds Deckel or plays in this round. (Plain loops:
        # for a few seats they cost less than a comprehension in Python 3.11.)
        order = self._order
        playing = list(self._in_section)
        for s, d in enumerate(self._deckel):
            if d <= 0 and playing[s] and s not in order:
                playing[s] = False
        self._playing_t = tuple(playing)

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` by ``seat`` (default: the player whose turn it is).

        Returns the events it caused (also appended to :attr:`events`). An illegal action raises
        an :class:`~schocken.errors.IllegalActionError` that says why; the game is unchanged.
        """
        events = self.events
        start = len(events)
        if self._loser is None and (seat is None or (type(seat) is int and seat == self._seat)):
            # One of the shared action objects that is legal now: its code in the legal mask is
            # the whole check (the checks below would all pass).
            code = _CODES.get(id(action))
            if code is not None and self._state.mask >> code & 1:
                if code < _THROW_BITS:
                    self._throw(action, action.keep)  # type: ignore[union-attr]
                elif code == _STOP_CODE:
                    self._stop()
                else:
                    self._turn_sixes()
                return events[start:]
        if self._loser is not None:
            raise GameOverError(
                f"the game is over ({self.players[self._loser]} lost); no more actions"
            )
        current = self._seat
        if seat is None:
            seat = current
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise IllegalActionError(f"no seat {seat!r} at this table of {self._n}")
        cls = type(action)
        if cls is BuyIn:
            self._buy_in(seat)
            return events[start:]
        if seat != current:
            self._refuse_out_of_turn(seat, action)
        if cls is Throw:
            self._check_throw(action)  # type: ignore[arg-type]
        elif cls is Stop:
            self._check_stop()
        elif cls is TurnSixes:
            self._check_turn_sixes()
        else:
            raise IllegalActionError(f"not an action: {action!r}")
        return events[start:]

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _refuse_out_of_turn(self, seat: int, action: Action) -> None:
        who = self._name(self._seat)
        if self._last_ended == seat:
            used = limit = self._lim
            if isinstance(action, Throw):
                raise ThrowLimitError(
                    f"{self._name(seat)} has used all {used} of {limit} throws allowed "
                    "in this round"
                )
            if isinstance(action, TurnSixes):
                raise TurnSixesError(
                    f"{self._name(seat)} cannot turn sixes on the last throw "
                    f"(throw {used} of {limit})"
                )
        raise OutOfTurnError(f"it is {who}'s turn, not {self._name(seat)}'s")

    def _check_throw(self, action: Throw) -> None:
        keep = action.keep
        limit = self._lim
        throws = self._throws
        if throws >= limit:
            raise ThrowLimitError(
                f"{self._name(self._seat)} has used all {throws} of {limit} throws allowed "
                "in this round"
            )
        if not isinstance(keep, tuple) or keep not in THROWS:
            raise IllegalActionError(
                f"cannot keep {keep!r}: a throw keeps at most two dice, each showing 1 to 6 "
                "(highest first)"
            )
        if throws == 0:
            if keep:
                raise IllegalActionError(
                    f"{self._name(self._seat)} has not thrown yet: the first throw of a turn "
                    "throws all three dice"
                )
        elif keep not in self._state.keeps:
            self._refuse_keep(keep)
        self._throw(action, keep)

    def play_out(self, strategies: Sequence[Strategy]) -> None:
        """Play to the game's end, each seat choosing with its strategy from its own view (see
        :func:`schocken.simulate.play_game`, which checks the strategies and calls this).

        The same as asking ``legal_actions()`` and ``view(seat)`` and calling ``apply()`` for every
        decision, done on the engine's inside: the strategy gets the view and the very tuple of
        legal actions; an action it returns that is one of those shared action objects is applied
        as ``apply()`` would once it found it legal (its code in the legal mask is that check);
        anything else goes through ``apply()``. A turn's first throw, the one legal action then,
        is made without asking.
        """
        checked = -1
        einwuerfeln = self.rules.einwuerfeln
        apply, view, stop, turn_sixes = self.apply, self.view, self._stop, self._turn_sixes
        thrown = self._thrown
        dice = self.dice if type(self.dice) is RandomDice else None
        index = dice.index if dice is not None else None
        codes = _CODES
        rolls = self._tables.rolls
        first = THROWS[()]
        first_code = first.code
        while self._loser is None:
            if einwuerfeln and self._round_number != checked:
                checked = self._round_number
                for seat in self._buy_in_seats():  # those for whom can_buy_in(seat) is true
                    if strategies[seat].wants_buy_in(view(seat)):
                        apply(BUY_IN, seat)
            state = self._state
            legal = state.legal
            if len(legal) == 1:  # made without asking
                action = legal[0]
                if action is first:  # a turn's first throw
                    code = first_code
                else:
                    code = codes.get(id(action))  # type: ignore[assignment]
                    if code is None or not state.mask >> code & 1:
                        apply(action)
                        continue
            elif not legal:
                break
            else:
                seat = self._seat
                action = strategies[seat].choose(view(seat), legal)
                code = codes.get(id(action))  # type: ignore[assignment]
                if code is None or not state.mask >> code & 1:
                    apply(action)
                    continue
            if code >= _THROW_BITS:
                if code == _STOP_CODE:
                    stop()
                else:
                    turn_sixes()
                continue
            # A legal throw, as _throw makes it; with RandomDice, its roll() done here (the same
            # draw: the index of the pips in its table), and the state found by that index.
            if self.dice is not dice or index is None:
                self._throw(action, action.keep)  # type: ignore[union-attr]
                continue
            size, table, after = rolls[code]
            i = index(size)
            thrown(action, after[i].aside, table[i], after[i])

    def _throw(self, action: Action, keep: Dice) -> None:
        """A legal throw keeping ``keep``: roll, record, and end the turn at its limit."""
        pips = self.dice.roll(3 - len(keep))
        try:
            state = self._after[keep][pips]
        except (KeyError, TypeError):
            if len(pips) + len(keep) != 3 or pips not in _SORTED:
                raise ValueError(
                    f"the dice source gave {pips!r} for {3 - len(keep)} dice"
                ) from None
            raise
        if state.aside is not keep and any(type(p) is not int for p in keep):
            # A keep of pips equal to, but not, ints (True, 1.0) stays as given, as it always has.
            state = _State(self._tables, keep, state.thrown, (), 0, not keep)
        self._thrown(action, keep, pips, state)

    def _thrown(self, action: Action, keep: Dice, pips: tuple[int, ...], state: _State) -> None:
        """A throw made: the dice showed ``pips`` and the turn is now in ``state``."""
        throws = self._throws + 1
        covered = throws == self._cover_at
        seat = self._seat
        self._state = state
        self._throws = throws
        self._covered = covered
        self.steps.append((seat, action, pips))
        memo = state.thrown_memo
        if memo is None:
            memo = state.thrown_memo = [None] * _MEMO_SIZE
        key = seat << 3 | throws << 1 | covered  # the memo key
        event = memo[key]
        if event is None:
            event = memo[key] = _new(Thrown, (seat, throws, keep, state.thrown, covered))
        self.events.append(event)
        if throws >= self._lim:
            self._end_turn()

    def _refuse_keep(self, keep: Dice) -> None:
        name = self._name(self._seat)
        state = self._state
        showing = state.showing
        if _remove(showing, keep) is None:
            raise IllegalActionError(
                f"{name} cannot keep {_dice_text(keep)}: the dice showing are {_dice_text(showing)}"
            )
        free = _remove(state.thrown, state.must)
        assert free is not None
        if state.turned and keep.count(1) < state.turned:
            raise MustThrowError(
                f"{name} turned sixes: the turned {_dice_text((1,) * state.turned)} stays out "
                "of the cup for the next throw"
            )
        if state.must and _remove(tuple(sorted(state.aside + free, reverse=True)), keep) is None:
            raise MustThrowError(
                f"{name} turned sixes: {_dice_text(state.must)} must go back into the cup "
                f"and cannot be kept"
            )
        raise PutBackError(
            f"{name} cannot put set-aside dice back into the cup under these rules: "
            f"{_dice_text(state.aside)} must stay out (kept: {_dice_text(keep) or 'nothing'})"
        )

    def _check_stop(self) -> None:
        name = self._name(self._seat)
        if self._throws == 0:
            raise IllegalActionError(f"{name} has not thrown yet: a turn begins with a throw")
        if self._state.turned:
            raise MustThrowError(f"{name} turned sixes and must throw again before stopping")
        self._stop()

    def _stop(self) -> None:
        self.steps.append((self._seat, STOP, ()))
        self._end_turn()

    def _check_turn_sixes(self) -> None:
        name = self._name(self._seat)
        limit = self._lim
        state = self._state
        throws = self._throws
        if throws == 0:
            raise TurnSixesError(f"{name} has not thrown yet: there are no sixes to turn")
        if state.turned:
            raise TurnSixesError(f"{name} already turned the sixes of this throw")
        sixes = state.thrown.count(6)
        if sixes < 2:
            raise TurnSixesError(
                f"{name} cannot turn sixes: the last throw showed {_dice_text(state.thrown)}, "
                "and turning needs two or three sixes of that throw"
            )
        if throws >= limit:  # not reached: a turn ends at its limit
            raise TurnSixesError(
                f"{name} cannot turn sixes on the last throw (throw {throws} of {limit})"
            )
        self._turn_sixes()

    def _turn_sixes(self) -> None:
        state = self._state
        after = state.sixes
        if after is None:
            after = self._tables.sixes(state)
        self._state = after
        seat = self._seat
        self.steps.append((seat, TURN_SIXES, ()))
        self.events.append(_new(SixesTurned, (seat, after.turned, after.must)))

    def _buy_in_refusal(self, seat: int) -> str | None:
        if not self.rules.einwuerfeln:
            return "these rules have no Einwürfeln (buying back in)"
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            return f"there is no seat {seat!r}"
        name = self._name(seat)
        if self._phase is not _PLAYING or self._round_kind is not _NORMAL:
            return "Einwürfeln is only possible in a round for Deckel"
        if not self._in_section[seat]:
            return f"{name} does not take part in the {self._section.value.replace('_', ' ')}"
        if seat in self._order:
            return f"{name} is not out: {name} plays in this round"
        if self._pos != 0 or self._throws != 0:
            return "Einwürfeln is only possible before the round's first throw"
        return None

    def _buy_in(self, seat: int) -> None:
        reason = self._buy_in_refusal(seat)
        if reason is not None:
            raise IllegalActionError(f"cannot buy in: {reason}")
        givers: list[int | None] = [
            s for s in range(self._n) if self._in_section[s] and self._deckel[s] > 0
        ]
        if not givers and self._middle > 0:
            givers = [None]
        self.events.append(_new(BoughtIn, (seat, tuple(givers))))
        for g in givers:
            self._move(g, seat, 1)
        anchor = self._anchor
        self._order.append(seat)
        self._order.sort(key=lambda s: (s - anchor) % self._n)
        self._order_t = tuple(self._order)
        self._seat = self._order[0]
        self._update_playing()
        self.steps.append((seat, BUY_IN, ()))

    # ------------------------------------------------------------------ flow

    def _update_cover_at(self) -> None:
        """Which throw of the current turn stays covered (0: none)."""
        mode = self._cover_mode
        kind = self._round_kind
        if mode == 0 or kind is _OPENING_THROW or kind is _STECHEN:
            self._cover_at = 0
        elif mode == 2:
            self._cover_at = 3
        else:
            self._cover_at = self._lim

    def _end_turn(self) -> None:
        state = self._state
        throws = self._throws
        seat = self._seat
        covered = self._covered
        pos = self._pos
        memo = state.ended_memo
        if memo is None:
            memo = state.ended_memo = [None] * _MEMO_SIZE
        key = seat << 3 | throws << 1 | covered  # the memo key
        made = memo[key]
        if made is None:
            made = memo[key] = _ended(state, seat, throws, covered)
        ended, pair, full, public = made
        self._pairs.append(pair)
        self._okeys.append(state.okeys[throws] - pos)
        self.turns_played += 1
        events = self.events
        events.append(ended)
        self._last_ended = seat if throws == self._lim else -1
        if pos == 0 and self._limit is None:
            self._limit = self._lim = throws
            self._update_cover_at()
            fixed = _LIMIT_FIXED[seat << 2 | throws]
            if fixed is None:
                fixed = _LIMIT_FIXED[seat << 2 | throws] = _new(ThrowLimitFixed, (seat, throws))
            events.append(fixed)
        pos += 1
        self._pos = pos
        if pos < len(self._order):
            # The finished turn's views (the round's last turn needs none: the next round's
            # views begin afresh, and a game's end reveals it from its event).
            if covered:
                self._covered_own[seat] = (pos - 1, full)
            self._done_public += (public,)
            self._seat = self._order[pos]
            self._state = self._start
            self._throws = 0
            self._covered = False
        else:
            self._round_last = ended
            self._end_round()

    def _start_round(self, kind: RoundKind, order: list[int]) -> None:
        self._round_number += 1
        self._round_kind = kind
        self._order = order
        order_t = self._order_t = tuple(order)
        self._pos = 0
        self._seat = order[0]
        self._state = self._start
        self._throws = 0
        self._covered = False
        self._pairs = []
        self._okeys = []
        self._done_public = ()
        if self._covered_own:
            self._covered_own = {}
        self._last_ended = -1
        if self._middle > 0 or self._phase is not _PLAYING:
            self._playing_t = self._in_section_t
        else:
            self._update_playing()
        mode = self._cover_mode
        if kind is _OPENING_THROW or kind is _STECHEN:
            self._limit = self._lim = 1
            self._cover_at = 0
        else:
            self._limit = None
            self._lim = MAX_THROWS
            self._cover_at = 0 if mode == 0 else MAX_THROWS
        self.events.append(_new(RoundStarted, (kind, self._round_number, order_t)))

    def _clockwise_from(self, opener: int) -> list[int]:
        """The seats clockwise from ``opener`` that play the next round: every seat of the half
        or Finale while Deckel are in the middle, then those who hold Deckel."""
        self._anchor = opener
        if self._middle > 0:
            orders = self._section_orders
            made = orders[opener]
            if made is None:
                take = self._in_section
                made = orders[opener] = [s for s in self._rotations[opener] if take[s]]
            return made.copy()
        order = []
        deckel = self._deckel
        for s in self._rotations[opener]:
            if deckel[s] > 0:
                order.append(s)
        return order

    def _start_section(self, section: Section, players: list[int], opener: int | None) -> None:
        self._section = section
        n = self._n
        self._in_section = [s in players for s in range(n)]
        self._in_section_t = tuple(self._in_section)
        self._section_orders = [None] * n
        self._in_count = len(players)
        self._deckel = [0] * n
        self._deckel_t = tuple(self._deckel)
        self._middle = self._section_total = (
            self.rules.deckel_in_finale if section is _FINALE else self.rules.deckel_per_half
        )
        self.events.append(_new(SectionStarted, (section, tuple(players), self._middle)))
        if opener is not None:
            self._phase = Phase.PLAYING
            self._start_round(RoundKind.NORMAL, self._clockwise_from(opener))
        elif self.rules.opening is Opening.LOWEST_TAKES:
            self._start_round(RoundKind.OPENING_THROW, list(players))
        else:
            self._start_round(RoundKind.OPENING_ROUND, list(players))

    def _move(self, giver: int | None, receiver: int, count: int) -> None:
        if count <= 0:
            return
        if giver is None:
            self._middle -= count
        else:
            self._deckel[giver] -= count
        self._deckel[receiver] += count
        self._deckel_t = tuple(self._deckel)
        self.events.append(_new(DeckelMoved, (giver, receiver, count)))

    def _end_round(self) -> None:
        okeys = self._okeys
        pairs = self._pairs
        best, best_result = pairs[okeys.index(max(okeys))]
        worst_pos = okeys.index(min(okeys))
        worst = pairs[worst_pos][0]
        kind = self._round_kind
        number = self._round_number
        events = self.events
        if kind is _NORMAL:
            owed = best_result.deckel
            events.append(_new(RoundEnded, (kind, number, tuple(pairs), best, worst, owed, ())))
            if owed is None:
                self._schock_aus(worst)
                return
            deckel = self._deckel
            middle = self._middle
            from_middle, amount = round_payment(owed, middle, deckel[best])
            if amount > 0:  # as _move(None if from_middle else best, worst, amount)
                if from_middle:
                    middle = self._middle = middle - amount
                else:
                    deckel[best] -= amount
                deckel[worst] += amount
                self._deckel_t = tuple(deckel)
                key: tuple[int | None, int, int] = (None if from_middle else best, worst, amount)
                events.append(_MOVES.get(key) or _moved(key))
            if middle > 0:  # as _after_deckel(worst) while Deckel are in the middle
                self._start_round(_NORMAL, self._clockwise_from(worst))
            else:
                self._after_deckel(worst)
            return
        if kind is _OPENING_ROUND:
            events.append(_new(RoundEnded, (kind, number, tuple(pairs), best, worst, 0, ())))
            self._phase = Phase.PLAYING
            self._start_round(_NORMAL, self._clockwise_from(best))
            return
        if kind is _OPENING_THROW:
            self._opening_value = best_result.deckel
        lowest = pairs[worst_pos][1].rank
        tied = [seat for seat, result in pairs if result.rank == lowest]
        value = self._opening_value
        if len(tied) > 1:
            events.append(
                _new(RoundEnded, (kind, number, tuple(pairs), best, None, value, tuple(tied)))
            )
            self._start_round(_STECHEN, tied)
            return
        events.append(_new(RoundEnded, (kind, number, tuple(pairs), best, worst, value, ())))
        self._phase = Phase.PLAYING
        if value is None:
            self._schock_aus(worst)
            return
        self._move(None, worst, min(value, self._middle))
        self._after_deckel(worst)

    def _schock_aus(self, loser: int) -> None:
        self._move(None, loser, self._middle)
        for s in range(self._n):
            if s != loser:
                self._move(s, loser, self._deckel[s])
        self._end_section(loser, True)

    def _after_deckel(self, loser: int) -> None:
        if self._middle == 0:
            deckel = self._deckel
            total = self._section_total
            # Usually the round's loser; after an Einwürfeln the best player may have had no
            # Deckel to give, and another player may hold them all.
            if deckel[loser] == total:
                self._end_section(loser, False)
                return
            if total in deckel:
                self._end_section(deckel.index(total), False)
                return
            gone: tuple[int, ...] = ()
            for s in self._order:
                if deckel[s] == 0:
                    gone += (s,)
            if gone:
                self.events.append(_new(PlayersOut, (gone,)))
        self._start_round(_NORMAL, self._clockwise_from(loser))

    def _end_section(self, loser: int, schock_aus: bool) -> None:
        section = self._section
        events = self.events
        events.append(_new(SectionEnded, (section, loser, schock_aus, tuple(self._deckel))))
        if section is not _FINALE:
            self._half_losers.append(loser)
            self._half_losers_t = tuple(self._half_losers)
        if section is Section.FIRST_HALF and self.rules.finale:
            self._start_section(Section.SECOND_HALF, list(range(self._n)), loser)
            return
        if section is Section.SECOND_HALF and self._half_losers[0] != self._half_losers[1]:
            first, second = self._half_losers
            opener = first if self.rules.finale_opener is FinaleOpener.FIRST_HALF_LOSER else second
            self._start_section(Section.FINALE, sorted((first, second)), opener)
            return
        blattschuss = section is Section.SECOND_HALF
        self._loser = loser
        self._phase = Phase.OVER
        self._update_playing()
        # The last round stays in view, revealed: covered cups are open once a round ends.
        own = self._covered_own
        assert self._round_last is not None
        seat, throws, aside, result, covered = self._round_last
        assert result is not None
        last = _new(TurnView, (seat, throws, aside, result.dice, covered, True, result, (), 0))
        self._done_public = (
            *[own[t.seat][1] if t.covered else t for t in self._done_public],
            last,
        )
        self._covered_own = {}
        events.append(_new(GameEnded, (loser, blattschuss, self._half_losers_t)))
