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

from collections.abc import Sequence

from schocken.actions import BUY_IN, STOP, THROWS, TURN_SIXES, Action, BuyIn, Stop, Throw, TurnSixes
from schocken.dice import DiceSource
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
from schocken.rules import MAX_THROWS, Covered, FinaleOpener, Opening, Rules
from schocken.turn import SORTED as _SORTED
from schocken.turn import Options as _Options
from schocken.turn import after_throw, after_turn_sixes
from schocken.turn import remove as _remove
from schocken.turn import turn_options as _legal_in_turn
from schocken.views import Phase, PlayerView, TurnView

MIN_PLAYERS = 2
MAX_PLAYERS = 20

Step = tuple[int, Action, tuple[int, ...]]
"""One accepted action: the seat that acted, the action, the pips its throw showed (if any)."""


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


class _Turn:
    """A player's turn in progress (mutable, internal).

    The class attributes are the state of a turn not yet begun; a new turn sets only its seat
    (one of these is made for every turn of every game).
    """

    aside: Dice = ()
    thrown: Dice = ()
    throws = 0
    must_throw: Dice = ()
    turned = 0
    """How many ones were turned from sixes of the last throw (0: none)."""
    last_full = True
    covered = False
    done = False
    result: Result | None = None
    full: TurnView | None = None
    """The view of this turn for its own player (cached until the turn changes)."""
    public: TurnView | None = None
    """The view of this turn for everyone else (differs only while covered)."""
    options: _Options | None = None
    """The legal actions now (cached until the turn changes)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def showing(self) -> Dice:
        return _SORTED[self.aside + self.thrown]

    def view(self, viewer: int | None) -> TurnView:
        full = self.full
        if full is None:
            full = self.full = TurnView(
                self.seat,
                self.throws,
                self.aside,
                self.showing() if self.throws else None,
                self.covered,
                self.done,
                self.result,
                self.must_throw,
                self.turned,
            )
            self.public = full._replace(showing=None, result=None) if self.covered else full
        if viewer == self.seat:
            return full
        return self.public  # type: ignore[return-value]


_FIRST_THROW: tuple[Action, ...] = (THROWS[()],)


class Game:
    """A game of Schocken between ``players`` (names, in clockwise seat order)."""

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
        self._table = result_table(rules)
        self._results = self._table.by_key
        n = len(names)
        self._n = n
        self._deckel = [0] * n
        self._middle = 0
        self._section = Section.FIRST_HALF
        self._in_section = [True] * n
        self._half_losers: list[int] = []
        self._loser: int | None = None
        self._phase = Phase.OPENING
        self._round_kind = RoundKind.NORMAL
        self._round_number = 0
        self._order: list[int] = []
        self._order_t: tuple[int, ...] = ()
        self._deckel_t: tuple[int, ...] = tuple(self._deckel)
        self._playing_t: tuple[bool, ...] = tuple(self._in_section)
        self._done_views: tuple[TurnView, ...] | None = ()
        """Public views of the finished turns of the current round (None: to be made)."""
        self._pos = 0
        self._turns: list[_Turn] = []
        self._limit: int | None = None
        self._opening_value: int | None = None
        self._last_ended: _Turn | None = None
        """The turn that ended last in this round, if it used up its throws."""
        self.turns_played = 0
        """How many turns have ended (every player's turn in every round)."""
        self._cover_at = 0
        out: list[Event] = []
        self._start_section(Section.FIRST_HALF, list(range(n)), None, out)
        self.events.extend(out)

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
        return tuple(self._half_losers)

    @property
    def current_player(self) -> int | None:
        """The seat whose turn it is, ``None`` once the game is over."""
        if self._loser is not None:
            return None
        return self._order[self._pos]

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
        return self._buy_in_refusal(seat) is None

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """What ``seat`` (default: the player whose turn it is) may do now."""
        if self._loser is not None:
            return ()
        current = self._order[self._pos]
        if seat is None:
            seat = current
        if seat != current:
            return (BUY_IN,) if self._buy_in_refusal(seat) is None else ()
        turn = self._turns[self._pos]
        if turn.throws == 0:
            return _FIRST_THROW
        options = turn.options
        if options is None:
            options = turn.options = _legal_in_turn(
                turn.aside, turn.thrown, turn.must_throw, turn.turned, self.rules.put_back
            )
        return options[0]

    def max_throws(self) -> int:
        """How many throws the player whose turn it is may use in this round."""
        return MAX_THROWS if self._limit is None else self._limit

    def view(self, seat: int | None) -> PlayerView:
        """The immutable picture of the game that ``seat`` may see (``None``: a spectator)."""
        if seat is not None and not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} at this table of {self._n}")
        turns = self._done_views
        if turns is None:
            turns = self._done_views = tuple(t.view(None) for t in self._turns if t.done)
        if seat is not None:
            for i, t in enumerate(turns):
                if t.seat == seat and t.covered:
                    own = self._turns[i].full
                    assert own is not None
                    turns = (*turns[:i], own, *turns[i + 1 :])
                    break
        over = self._loser is not None
        if not over and self._pos < len(self._turns):
            turns = (*turns, self._turns[self._pos].view(seat))
        return PlayerView(
            seat,
            self.players,
            self.rules,
            self._phase,
            self._section,
            self._round_kind,
            self._round_number,
            self._order_t,
            self._limit,
            None if over else self._order[self._pos],
            self._middle,
            self._deckel_t,
            self._playing_t,
            turns,
            tuple(self._half_losers),
            self._loser,
        )

    def _update_playing(self) -> None:
        if self._middle > 0 or self._phase is not Phase.PLAYING:
            self._playing_t = tuple(self._in_section)
        else:
            order = self._order
            self._playing_t = tuple(
                self._in_section[s] and (self._deckel[s] > 0 or s in order) for s in range(self._n)
            )

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` by ``seat`` (default: the player whose turn it is).

        Returns the events it caused (also appended to :attr:`events`). An illegal action raises
        an :class:`~schocken.errors.IllegalActionError` that says why; the game is unchanged.
        """
        if self._loser is not None:
            raise GameOverError(
                f"the game is over ({self.players[self._loser]} lost); no more actions"
            )
        current = self._order[self._pos]
        if seat is None:
            seat = current
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise IllegalActionError(f"no seat {seat!r} at this table of {self._n}")
        cls = type(action)
        if cls is BuyIn:
            return self._buy_in(seat)
        if seat != current:
            self._refuse_out_of_turn(seat, action)
        turn = self._turns[self._pos]
        if cls is Throw:
            return self._throw(turn, action)  # type: ignore[arg-type]
        if cls is Stop:
            return self._stop(turn)
        if cls is TurnSixes:
            return self._turn_sixes(turn)
        raise IllegalActionError(f"not an action: {action!r}")

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _refuse_out_of_turn(self, seat: int, action: Action) -> None:
        who = self._name(self._order[self._pos])
        last = self._last_ended
        if last is not None and last.seat == seat:
            used = limit = last.throws
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

    def _throw(self, turn: _Turn, action: Throw) -> list[Event]:
        keep = action.keep
        limit = self._limit or MAX_THROWS
        if turn.throws >= limit:
            raise ThrowLimitError(
                f"{self._name(turn.seat)} has used all {turn.throws} of {limit} throws allowed "
                "in this round"
            )
        if not isinstance(keep, tuple) or keep not in THROWS:
            raise IllegalActionError(
                f"cannot keep {keep!r}: a throw keeps at most two dice, each showing 1 to 6 "
                "(highest first)"
            )
        if turn.throws == 0:
            if keep:
                raise IllegalActionError(
                    f"{self._name(turn.seat)} has not thrown yet: the first throw of a turn "
                    "throws all three dice"
                )
        else:
            options = turn.options
            if options is None:
                options = turn.options = _legal_in_turn(
                    turn.aside, turn.thrown, turn.must_throw, turn.turned, self.rules.put_back
                )
            if keep not in options[1]:
                self._refuse_keep(turn, keep)
        pips = self.dice.roll(3 - len(keep))
        if len(pips) + len(keep) != 3 or pips not in _SORTED:
            raise ValueError(f"the dice source gave {pips!r} for {3 - len(keep)} dice")
        (
            turn.aside,
            turn.thrown,
            turn.throws,
            turn.turned,
            turn.must_throw,
            turn.last_full,
        ) = after_throw(keep, pips, turn.throws)
        thrown = turn.thrown
        covered = turn.throws == self._cover_at
        turn.covered = covered
        turn.full = None
        turn.options = None
        self.steps.append((turn.seat, action, pips))
        event = Thrown(turn.seat, turn.throws, keep, thrown, covered)
        if turn.throws < limit:
            self.events.append(event)
            return [event]
        out: list[Event] = [event]
        self._end_turn(turn, out)
        self.events.extend(out)
        return out

    def _refuse_keep(self, turn: _Turn, keep: Dice) -> None:
        name = self._name(turn.seat)
        showing = turn.showing()
        if _remove(showing, keep) is None:
            raise IllegalActionError(
                f"{name} cannot keep {_dice_text(keep)}: the dice showing are {_dice_text(showing)}"
            )
        free = _remove(turn.thrown, turn.must_throw)
        assert free is not None
        if turn.turned and keep.count(1) < turn.turned:
            raise MustThrowError(
                f"{name} turned sixes: the turned {_dice_text((1,) * turn.turned)} stays out "
                "of the cup for the next throw"
            )
        if (
            turn.must_throw
            and _remove(tuple(sorted(turn.aside + free, reverse=True)), keep) is None
        ):
            raise MustThrowError(
                f"{name} turned sixes: {_dice_text(turn.must_throw)} must go back into the cup "
                f"and cannot be kept"
            )
        raise PutBackError(
            f"{name} cannot put set-aside dice back into the cup under these rules: "
            f"{_dice_text(turn.aside)} must stay out (kept: {_dice_text(keep) or 'nothing'})"
        )

    def _stop(self, turn: _Turn) -> list[Event]:
        name = self._name(turn.seat)
        if turn.throws == 0:
            raise IllegalActionError(f"{name} has not thrown yet: a turn begins with a throw")
        if turn.turned:
            raise MustThrowError(f"{name} turned sixes and must throw again before stopping")
        self.steps.append((turn.seat, STOP, ()))
        out: list[Event] = []
        self._end_turn(turn, out)
        self.events.extend(out)
        return out

    def _turn_sixes(self, turn: _Turn) -> list[Event]:
        name = self._name(turn.seat)
        limit = self.max_throws()
        if turn.throws == 0:
            raise TurnSixesError(f"{name} has not thrown yet: there are no sixes to turn")
        if turn.turned:
            raise TurnSixesError(f"{name} already turned the sixes of this throw")
        sixes = turn.thrown.count(6)
        if sixes < 2:
            raise TurnSixesError(
                f"{name} cannot turn sixes: the last throw showed {_dice_text(turn.thrown)}, "
                "and turning needs two or three sixes of that throw"
            )
        if turn.throws >= limit:  # not reached: a turn ends at its limit
            raise TurnSixesError(
                f"{name} cannot turn sixes on the last throw (throw {turn.throws} of {limit})"
            )
        (
            turn.aside,
            turn.thrown,
            turn.throws,
            turn.turned,
            turn.must_throw,
            turn.last_full,
        ) = after_turn_sixes(turn.aside, turn.thrown, turn.throws, self.rules.sixes_rethrow)
        count, must = turn.turned, turn.must_throw
        turn.full = None
        turn.options = None
        self.steps.append((turn.seat, TURN_SIXES, ()))
        out: list[Event] = [SixesTurned(turn.seat, count, must)]
        self.events.extend(out)
        return out

    def _buy_in_refusal(self, seat: int) -> str | None:
        if not self.rules.einwuerfeln:
            return "these rules have no Einwürfeln (buying back in)"
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            return f"there is no seat {seat!r}"
        name = self._name(seat)
        if self._phase is not Phase.PLAYING or self._round_kind is not RoundKind.NORMAL:
            return "Einwürfeln is only possible in a round for Deckel"
        if not self._in_section[seat]:
            return f"{name} does not take part in the {self._section.value.replace('_', ' ')}"
        if seat in self._order:
            return f"{name} is not out: {name} plays in this round"
        if self._pos != 0 or self._turns[0].throws != 0:
            return "Einwürfeln is only possible before the round's first throw"
        return None

    def _buy_in(self, seat: int) -> list[Event]:
        reason = self._buy_in_refusal(seat)
        if reason is not None:
            raise IllegalActionError(f"cannot buy in: {reason}")
        givers: list[int | None] = [
            s for s in range(self._n) if self._in_section[s] and self._deckel[s] > 0
        ]
        if not givers and self._middle > 0:
            givers = [None]
        out: list[Event] = [BoughtIn(seat, tuple(givers))]
        for g in givers:
            self._move(g, seat, 1, out)
        opener = self._order[0]
        self._order.append(seat)
        self._order.sort(key=lambda s: (s - opener) % self._n)
        self._order_t = tuple(self._order)
        self._update_playing()
        self.steps.append((seat, BUY_IN, ()))
        self.events.extend(out)
        return out

    # ------------------------------------------------------------------ flow

    def _update_cover_at(self) -> None:
        """Which throw of the current turn stays covered (0: none)."""
        covered = self.rules.covered
        if covered is Covered.NEVER or self._round_kind in (
            RoundKind.OPENING_THROW,
            RoundKind.STECHEN,
        ):
            self._cover_at = 0
        elif covered is Covered.THIRD_THROW:
            self._cover_at = 3
        else:
            self._cover_at = self._limit or MAX_THROWS

    def _end_turn(self, turn: _Turn, out: list[Event]) -> None:
        result = self._results[_SORTED[turn.aside + turn.thrown], turn.last_full, turn.throws]
        turn.result = result
        turn.done = True
        turn.must_throw = ()
        turn.full = None
        self._done_views = None
        self.turns_played += 1
        out.append(TurnEnded(turn.seat, turn.throws, turn.aside, result, turn.covered))
        self._last_ended = turn if turn.throws == (self._limit or MAX_THROWS) else None
        if self._pos == 0 and self._limit is None:
            self._limit = turn.throws
            self._update_cover_at()
            out.append(ThrowLimitFixed(turn.seat, turn.throws))
        self._pos += 1
        if self._pos < len(self._order):
            self._turns.append(_Turn(self._order[self._pos]))
        else:
            self._end_round(out)

    def _start_round(self, kind: RoundKind, order: list[int], out: list[Event]) -> None:
        self._round_number += 1
        self._round_kind = kind
        self._order = order
        self._order_t = tuple(order)
        self._pos = 0
        self._turns = [_Turn(order[0])]
        self._done_views = ()
        self._last_ended = None
        self._update_playing()
        one_throw_each = kind in (RoundKind.OPENING_THROW, RoundKind.STECHEN)
        self._limit = 1 if one_throw_each else None
        self._update_cover_at()
        out.append(RoundStarted(kind, self._round_number, tuple(order)))

    def _clockwise_from(self, opener: int) -> list[int]:
        n = self._n
        if self._middle > 0:
            take = self._in_section
            return [(opener + i) % n for i in range(n) if take[(opener + i) % n]]
        deckel = self._deckel
        return [(opener + i) % n for i in range(n) if deckel[(opener + i) % n] > 0]

    def _start_section(
        self, section: Section, players: list[int], opener: int | None, out: list[Event]
    ) -> None:
        self._section = section
        n = self._n
        self._in_section = [s in players for s in range(n)]
        self._deckel = [0] * n
        self._deckel_t = tuple(self._deckel)
        self._middle = (
            self.rules.deckel_in_finale if section is Section.FINALE else self.rules.deckel_per_half
        )
        out.append(SectionStarted(section, tuple(players), self._middle))
        if opener is not None:
            self._phase = Phase.PLAYING
            self._start_round(RoundKind.NORMAL, self._clockwise_from(opener), out)
        elif self.rules.opening is Opening.LOWEST_TAKES:
            self._start_round(RoundKind.OPENING_THROW, list(players), out)
        else:
            self._start_round(RoundKind.OPENING_ROUND, list(players), out)

    def _move(self, giver: int | None, receiver: int, count: int, out: list[Event]) -> None:
        if count <= 0:
            return
        if giver is None:
            self._middle -= count
        else:
            self._deckel[giver] -= count
        self._deckel[receiver] += count
        self._deckel_t = tuple(self._deckel)
        out.append(DeckelMoved(giver, receiver, count))

    def _end_round(self, out: list[Event]) -> None:
        turns = self._turns
        order_key = self._table.order_key
        results: list[Result] = [t.result for t in turns]  # type: ignore[misc]
        best_pos = worst_pos = 0
        best_key = worst_key = order_key(results[0], 0)
        for i in range(1, len(results)):
            key = order_key(results[i], i)
            if key > best_key:
                best_key, best_pos = key, i
            elif key < worst_key:
                worst_key, worst_pos = key, i
        pairs = tuple(zip(self._order_t, results, strict=True))
        best, worst = turns[best_pos].seat, turns[worst_pos].seat
        best_result = results[best_pos]
        kind = self._round_kind
        number = self._round_number
        if kind is RoundKind.OPENING_ROUND:
            out.append(RoundEnded(kind, number, pairs, best, worst, 0))
            self._phase = Phase.PLAYING
            self._start_round(RoundKind.NORMAL, self._clockwise_from(best), out)
            return
        if kind is not RoundKind.NORMAL:
            if kind is RoundKind.OPENING_THROW:
                self._opening_value = best_result.deckel
            lowest = results[worst_pos].rank
            tied = [t.seat for t in turns if t.result.rank == lowest]  # type: ignore[union-attr]
            value = self._opening_value
            if len(tied) > 1:
                out.append(RoundEnded(kind, number, pairs, best, None, value, tuple(tied)))
                self._start_round(RoundKind.STECHEN, tied, out)
                return
            out.append(RoundEnded(kind, number, pairs, best, worst, value))
            self._phase = Phase.PLAYING
            if value is None:
                self._schock_aus(worst, out)
                return
            self._move(None, worst, min(value, self._middle), out)
            self._after_deckel(worst, out)
            return
        owed = best_result.deckel
        out.append(RoundEnded(kind, number, pairs, best, worst, owed))
        if owed is None:
            self._schock_aus(worst, out)
            return
        from_middle, amount = round_payment(owed, self._middle, self._deckel[best])
        self._move(None if from_middle else best, worst, amount, out)
        self._after_deckel(worst, out)

    def _schock_aus(self, loser: int, out: list[Event]) -> None:
        self._move(None, loser, self._middle, out)
        for s in range(self._n):
            if s != loser:
                self._move(s, loser, self._deckel[s], out)
        self._end_section(loser, True, out)

    def _after_deckel(self, loser: int, out: list[Event]) -> None:
        total = (
            self.rules.deckel_in_finale
            if self._section is Section.FINALE
            else self.rules.deckel_per_half
        )
        if self._middle == 0:
            # Usually the round's loser; after an Einwürfeln the best player may have had no
            # Deckel to give, and another player may hold them all.
            for holder in (loser, *range(self._n)):
                if self._deckel[holder] == total:
                    self._end_section(holder, False, out)
                    return
        if self._middle == 0:
            gone = tuple(s for s in self._order if self._deckel[s] == 0)
            if gone:
                out.append(PlayersOut(gone))
        self._start_round(RoundKind.NORMAL, self._clockwise_from(loser), out)

    def _end_section(self, loser: int, schock_aus: bool, out: list[Event]) -> None:
        section = self._section
        out.append(SectionEnded(section, loser, schock_aus, tuple(self._deckel)))
        if section is not Section.FINALE:
            self._half_losers.append(loser)
        if section is Section.FIRST_HALF and self.rules.finale:
            self._start_section(Section.SECOND_HALF, list(range(self._n)), loser, out)
            return
        if section is Section.SECOND_HALF and self._half_losers[0] != self._half_losers[1]:
            first, second = self._half_losers
            opener = first if self.rules.finale_opener is FinaleOpener.FIRST_HALF_LOSER else second
            self._start_section(Section.FINALE, sorted((first, second)), opener, out)
            return
        blattschuss = section is Section.SECOND_HALF
        self._loser = loser
        self._phase = Phase.OVER
        self._update_playing()
        # The last round stays in view, revealed: covered cups are open once a round ends.
        self._done_views = tuple(t.view(t.seat) for t in self._turns)
        out.append(GameEnded(loser, blattschuss, tuple(self._half_losers)))
