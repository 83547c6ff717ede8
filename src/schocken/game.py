"""The game: the whole of Schocken, from the opening to the Finale, under one rule set.

A :class:`Game` takes actions (:mod:`schocken.actions`) from the player whose turn it is, checks
them against its rules, and returns the events (:mod:`schocken.events`) they caused. An action
that the rules forbid raises a specific :class:`~schocken.errors.IllegalActionError` and leaves
the game exactly as it was. Players see the game through :meth:`Game.view`.

A turn's mechanics are :mod:`schocken.turn`'s, a round's and a section's flow
:mod:`schocken.round`'s; this module keeps the state between them and says what happened.

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

from collections.abc import Iterator, Sequence

from schocken import round as flow
from schocken.actions import (
    BUY_IN,
    STOP,
    THROW_BLIND,
    THROWS,
    TURN_SIXES,
    Action,
    BuyIn,
    Stop,
    Throw,
    ThrowBlind,
    TurnSixes,
)
from schocken.dice import DiceSource
from schocken.errors import (
    GameOverError,
    IllegalActionError,
    OutOfTurnError,
    ThrowLimitError,
    TurnSixesError,
)
from schocken.events import (
    BlindOpened,
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
from schocken.players import MAX_PLAYERS, MIN_PLAYERS, check_players
from schocken.results import Dice, Result, best_and_worst, ranking, result_table, worst_tied
from schocken.rules import MAX_THROWS, Opening, Rules, Tiebreak
from schocken.texts import refused
from schocken.turn import SORTED, TurnState
from schocken.views import Phase, PlayerView, TurnView, seen_turns, turn_in_progress

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Game", "Step"]

Step = tuple[int, Action, tuple[int, ...]]
"""One accepted action: the seat that acted, the action, the pips its throw showed (if any)."""

_FIRST_THROW = THROWS[()]
_KEEP_NOTHING: frozenset[Dice] = frozenset({()})
_NEW_TURN = TurnState()  # a turn before its first throw
_ONE_THROW_ROUNDS = frozenset(
    (RoundKind.OPENING_THROW, RoundKind.STECHEN, RoundKind.OPENING_DIE, RoundKind.THROW_OFF)
)
"""Rounds in which everyone throws once, openly."""
_TIES_ACTED_ON = frozenset((Tiebreak.THROW_OFF, Tiebreak.NO_DECKEL))
"""Tiebreaks under which a tie for a round's worst result is thrown off or moves no Deckel."""
_PLAYING = Phase.PLAYING  # (a module's name: an enum member found on its class costs more)


def _raise(refusal: IllegalActionError | None) -> None:
    """Raise the refusal a check found, if it found one."""
    if refusal is not None:
        raise refusal


class Game:
    """A game of Schocken between ``players`` (names, in clockwise seat order)."""

    def __init__(self, rules: Rules, players: Sequence[str], dice: DiceSource) -> None:
        names = check_players(players)
        self.rules = rules
        self.players = names
        self.dice = dice
        self.events: list[Event] = []
        """Everything that happened, in order."""
        self.steps: list[Step] = []
        """Every accepted action (a game record's steps)."""
        self.turns_played = 0
        """How many turns have ended (every player's turn in every round)."""
        self._table = result_table(rules)
        n = self._seats = len(names)
        # The game: the half or Finale being played, its Deckel, and who has lost what.
        self._phase = Phase.OPENING
        self._section = Section.FIRST_HALF
        self._in_section = (True,) * n
        self._total = 0
        """The Deckel of the half or Finale (all of them start in the middle)."""
        self._middle = 0
        self._deckel = (0,) * n
        self._half_losers: tuple[int, ...] = ()
        self._loser: int | None = None
        # The round: what it is played for, its order of play and throw limit, its turns.
        self._kind = RoundKind.NORMAL
        self._round_number = 0
        self._order: tuple[int, ...] = ()
        self._current = 0
        """The seat whose turn it is (the order's next seat)."""
        self._anchor = 0
        """The seat a round for Deckel is played clockwise from: the last round's loser."""
        self._limit: int | None = None
        self._section_rounds = 0
        """How many rounds for Deckel the half or Finale has begun."""
        self._opening_value: int | None = None
        """What the highest opening throw is worth (kept through a Stechen)."""
        self._throw_off: tuple[tuple[int, ...], int | None] = ((), 0)
        """During a throw-off: the players of the round it decides, best first (who gives: see
        :func:`schocken.round.round_giver`), and what the best result is worth."""
        self._results: list[Result] = []
        """The results of the round's finished turns, by place in its order of play."""
        self._turns: list[TurnView] = []
        """The finished turns as everyone sees them: a covered one without its dice."""
        self._covered_turns: dict[int, TurnView] = {}
        """The finished covered turns as their own players (and all, at the game's end) see them."""
        self._used_all: int | None = None
        """The seat whose turn ended last in this round, if it used every throw it could."""
        # The turn in progress, and what its player may do now.
        self._turn = _NEW_TURN
        self._covered = False
        self._blind = False
        """Whether the round was opened blind: one throw each, covered to everyone."""
        self._open = False
        """Whether the round is played open (``open_round``): no cup of it is covered."""
        self._legal: tuple[Action, ...] = (_FIRST_THROW,)
        self._keeps = _KEEP_NOTHING  # what a further throw of the turn may keep out of the cup
        self._start_section(Section.FIRST_HALF, tuple(range(n)), None)

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
        return self._half_losers

    @property
    def current_player(self) -> int | None:
        """The seat whose turn it is, ``None`` once the game is over."""
        return None if self._loser is not None else self._current

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
        return self._deckel

    @property
    def round_count(self) -> int:
        """How many rounds have begun (opening rounds and Stechen included)."""
        return self._round_number

    def max_throws(self) -> int:
        """How many throws the player whose turn it is may use in this round."""
        return self._limit or MAX_THROWS  # a limit, once fixed, is 1 to 3

    def can_buy_in(self, seat: int) -> bool:
        """Whether ``seat`` may buy back in (Einwürfeln) now."""
        return self._buy_in_refusal(seat) is None

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """What ``seat`` (default: the player whose turn it is) may do now: in a turn, the throws
        (fewest dice kept first), then turning sixes, then stopping (bots may rely on the order)."""
        if self._loser is not None:
            return ()
        if seat is None or seat == self._current:
            return self._legal
        return (BUY_IN,) if self._buy_in_refusal(seat) is None else ()

    def view(self, seat: int | None) -> PlayerView:
        """The immutable picture of the game that ``seat`` may see (``None``: a spectator)."""
        if seat is not None and not 0 <= seat < self._seats:
            raise ValueError(f"no seat {seat!r} at this table of {self._seats}")
        over = self._loser is not None
        turns = seen_turns(self._turns, self._covered_turns, seat, over=over, blind=self._blind)
        if not over:
            turns.append(turn_in_progress(self._current, self._turn, self._covered, seat))
        return PlayerView(
            seat,
            self.players,
            self.rules,
            self._phase,
            self._section,
            self._kind,
            self._round_number,
            self._order,
            self._limit,
            None if over else self._current,
            self._middle,
            self._deckel,
            self._playing(),
            tuple(turns),
            self._half_losers,
            self._loser,
        )

    def _playing(self) -> tuple[bool, ...]:
        """Whether each seat still takes part in the half or Finale: once the middle is empty, a
        player who holds no Deckel and does not play the round is out."""
        if self._middle > 0 or self._phase is not _PLAYING:
            return self._in_section
        order, held = self._order, self._deckel
        return tuple(
            [inside and (held[s] > 0 or s in order) for s, inside in enumerate(self._in_section)]
        )

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` by ``seat`` (default: the player whose turn it is).

        Returns the events it caused (also appended to :attr:`events`). An illegal action raises
        an :class:`~schocken.errors.IllegalActionError` that says why; the game is unchanged.
        """
        if self._loser is not None:
            raise refused(GameOverError, "refuse_game_over", loser=self.players[self._loser])
        current = self._current
        if seat is None:
            seat = current
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._seats:
            raise refused(IllegalActionError, "refuse_no_seat", seat=repr(seat), seats=self._seats)
        start = len(self.events)
        if isinstance(action, BuyIn):
            self._buy_in(seat)
            return self.events[start:]
        if seat != current:
            self._refuse_out_of_turn(seat, action)
        turn, limit, name = self._turn, self.max_throws(), self.players[current]
        if isinstance(action, Throw):
            keep = action.keep
            if not (type(keep) is tuple and keep in self._keeps and turn.throws < limit):
                one_die = self._kind is RoundKind.OPENING_DIE  # why not: the turn says
                _raise(turn.throw_refusal(keep, limit, self.rules, name, one_die=one_die))
            self._throw(action)
        elif isinstance(action, Stop):
            _raise(turn.stop_refusal(name))
            self._stop()
        elif isinstance(action, TurnSixes):
            _raise(turn.turn_sixes_refusal(limit, self.rules, name))
            self._turn_sixes()
        elif isinstance(action, ThrowBlind):
            if THROW_BLIND not in self._legal:  # only the opener, where the rules allow it
                key = "refuse_blind_opener" if self.rules.blind else "refuse_blind_rules"
                raise refused(IllegalActionError, key, name=name)
            self._throw(action)
        else:
            raise refused(IllegalActionError, "refuse_not_action", action=repr(action))
        return self.events[start:]

    # The checks: each raises the specific error that says why an action is refused.

    def _refuse_out_of_turn(self, seat: int, action: Action) -> None:
        name, used, current = self.players[seat], self.max_throws(), self.players[self._current]
        if self._used_all == seat and isinstance(action, Throw):  # his turn has just ended
            raise refused(ThrowLimitError, "refuse_limit", name=name, used=used, limit=used)
        if self._used_all == seat and isinstance(action, TurnSixes):
            raise refused(TurnSixesError, "refuse_turn_last", name=name, used=used, limit=used)
        raise refused(OutOfTurnError, "refuse_out_of_turn", current=current, name=name)

    def _buy_in_refusal(self, seat: int) -> tuple[str, dict[str, object]] | None:
        """Why ``seat`` may not buy in now (:func:`schocken.round.buy_in_refusal`)."""
        return flow.buy_in_refusal(
            self.rules,
            seat,
            self.players,
            playing=self._phase is Phase.PLAYING and self._kind is RoundKind.NORMAL,
            section=self._section,
            in_section=self._in_section,
            order=self._order,
            begun=bool(self._results or self._turn.throws),
        )

    # The changes: each is made only once its action was found legal.

    def _throw(self, action: Throw | ThrowBlind) -> None:
        """A legal throw: the dice source throws every die but the kept ones (one die in the
        opening of one die each). A blind throw (the opener's first) is a throw of all three dice
        that nobody sees until the reveal."""
        keep = action.keep if type(action) is Throw else ()
        n = 1 if self._kind is RoundKind.OPENING_DIE else 3 - len(keep)
        pips = self.dice.roll(n)
        if len(pips) != n or pips not in SORTED:
            raise ValueError(f"the dice source gave {pips!r} for {n} dice")
        seat = self._current
        if action is THROW_BLIND:
            self._blind = True
            self.events.append(BlindOpened(seat))
        blind = self._blind
        limit = self._limit or (1 if blind else MAX_THROWS)
        turn = self._turn = self._turn.after_throw(keep, pips)
        self._covered = blind or (
            not self._open
            and self._kind not in _ONE_THROW_ROUNDS
            and self.rules.covers(turn.throws, limit)
        )
        self.steps.append((seat, action, pips))
        self.events.append(
            Thrown(seat, turn.throws, keep, None if blind else turn.thrown, self._covered)
        )
        if turn.throws >= limit:
            self._end_turn()
        else:
            self._turn_changed()

    def _turn_sixes(self) -> None:
        seat = self._current
        turn = self._turn = self._turn.after_turn_sixes(self.rules)
        self._turn_changed()
        self.steps.append((seat, TURN_SIXES, ()))
        self.events.append(SixesTurned(seat, turn.turned, turn.must_throw))

    def _stop(self) -> None:
        self.steps.append((self._current, STOP, ()))
        self._end_turn()

    def _buy_in(self, seat: int) -> None:
        refusal = self._buy_in_refusal(seat)
        if refusal is not None:
            key, fields = refusal
            raise refused(IllegalActionError, key, **fields)
        givers = flow.buy_in_givers(self.rules, self._in_section, self._deckel, self._middle)
        self.events.append(BoughtIn(seat, givers))
        for giver in givers:
            self._move(giver, seat, 1)
        self.steps.append((seat, BUY_IN, ()))
        if flow.holds_every_deckel(self._deckel, self._total, seat):  # the half is lost at once
            return self._end_section(seat, schock_aus=False)
        self._order = flow.order_after_buy_in(self._order, seat, self._anchor, self._seats)
        self._current = self._order[0]

    def _move(self, giver: int | None, receiver: int, count: int) -> None:
        """``count`` Deckel from ``giver`` (``None``: the middle) to ``receiver``."""
        if count <= 0:
            return
        deckel = list(self._deckel)
        if giver is None:
            self._middle -= count
        else:
            deckel[giver] -= count
        deckel[receiver] += count
        self._deckel = tuple(deckel)
        self.events.append(DeckelMoved(giver, receiver, count))

    # ------------------------------------------------------------------ flow

    def _turn_changed(self) -> None:
        """After a throw or turning sixes: what the player may do next (see turn_options)."""
        self._legal, self._keeps = self._turn.options(self.rules)

    def _next_turn(self) -> None:
        """The next player of the round, before their first throw (which keeps nothing)."""
        self._current = self._order[len(self._results)]
        self._turn = _NEW_TURN
        self._covered = False
        opens = not self._results and self._limit is None and self._kind is RoundKind.NORMAL
        self._legal = (_FIRST_THROW, THROW_BLIND) if opens and self.rules.blind else (_FIRST_THROW,)
        self._keeps = _KEEP_NOTHING

    def _end_turn(self) -> None:
        seat, turn, covered = self._current, self._turn, self._covered
        result = turn.result(self._table)
        own = TurnView(seat, turn.throws, turn.aside, result.dice, covered, True, result)
        self._results.append(result)
        if covered:
            self._covered_turns[seat] = own
            self._turns.append(TurnView(seat, turn.throws, turn.aside, None, True, True, None))
        else:
            self._turns.append(own)
        self.turns_played += 1
        shown = None if self._blind else result  # a blind turn: nobody has seen it yet
        self.events.append(TurnEnded(seat, turn.throws, turn.aside, shown, covered))
        self._used_all = seat if turn.throws == self.max_throws() else None
        if len(self._results) == 1 and self._limit is None:
            self._limit = turn.throws
            self._open = self.rules.open_round and turn.throws == 1 and not covered
            self.events.append(ThrowLimitFixed(seat, turn.throws))
        if len(self._results) == len(self._order):
            self._end_round()
        else:
            self._next_turn()

    def _start_round(
        self, kind: RoundKind, order: tuple[int, ...], limit: int | None = None
    ) -> None:
        self._round_number += 1
        self._kind = kind
        self._order = order
        self._results = []
        self._turns = []
        self._covered_turns = {}
        self._blind = False
        self._open = False
        self._used_all = None
        self._limit = 1 if kind in _ONE_THROW_ROUNDS else limit
        self._next_turn()
        self.events.append(RoundStarted(kind, self._round_number, order))

    def _start_normal_round(self, anchor: int) -> None:
        """A round for Deckel, played clockwise from ``anchor`` by those who take part."""
        self._anchor = anchor
        takes_part = flow.takes_part(self._in_section, self._deckel, self._middle)
        first = self._section_rounds == 0
        limit = flow.fixed_limit(self.rules, self._section, first, self._middle)
        self._section_rounds += 1
        self._start_round(RoundKind.NORMAL, flow.round_order(anchor, takes_part), limit)

    def _start_section(
        self, section: Section, players: tuple[int, ...], opener: int | None
    ) -> None:
        self._section = section
        self._section_rounds = 0
        self._in_section = tuple(s in players for s in range(self._seats))
        self._deckel = (0,) * self._seats
        self._total = self._middle = (
            self.rules.deckel_in_finale if section is Section.FINALE else self.rules.deckel_per_half
        )
        self.events.append(SectionStarted(section, players, self._middle))
        if opener is not None:
            self._phase = Phase.PLAYING
            self._start_normal_round(opener)
        elif self.rules.opening in (Opening.LOWEST_TAKES, Opening.WORST_OPENS):
            self._start_round(RoundKind.OPENING_THROW, players)
        elif self.rules.opening in (Opening.HIGH_DIE, Opening.LOW_DIE):
            self._start_round(RoundKind.OPENING_DIE, players)
        elif self.rules.opening is Opening.FIRST_SEAT:  # no opening: the first seat opens
            self._phase = Phase.PLAYING
            self._start_normal_round(players[0])
        else:
            self._start_round(RoundKind.OPENING_ROUND, players)

    def _end_round(self) -> None:
        kind = self._kind
        best_place, worst_place = best_and_worst(self._table, self._results)
        best, worst = self._order[best_place], self._order[worst_place]
        best_result = self._results[best_place]
        results = tuple(zip(self._order, self._results, strict=True))
        number = self._round_number
        if kind is RoundKind.NORMAL:
            owed = flow.deckel_owed(self.rules, self._results, best_result)
            if self._blind and self.rules.blind_double and owed is not None:
                owed *= 2  # a blind round counts double (a Schock-Aus stays one)
            acts = self.rules.tiebreak in _TIES_ACTED_ON  # on a tie for the worst
            places = worst_tied(self._table, self._results) if acts else ()
            tied = tuple(self._order[p] for p in places)
            if tied and self.rules.tiebreak is Tiebreak.NO_DECKEL:  # nobody takes Deckel
                self.events.append(RoundEnded(kind, number, results, best, None, owed))
                self._start_normal_round(self._anchor)
                return
            if tied:  # throw_off
                self.events.append(RoundEnded(kind, number, results, best, None, owed, tied))
                self._throw_off = (self._ranking(), owed)
                self._start_round(RoundKind.THROW_OFF, tied)
                return
            self.events.append(RoundEnded(kind, number, results, best, worst, owed))
            best_first = self._best_first(best)
            giver = flow.round_giver(self.rules, best_first, self._deckel, self._middle, worst)
            self._pay(giver, worst, owed)
        elif kind is RoundKind.THROW_OFF:
            ranked, owed = self._throw_off
            giver = flow.round_giver(self.rules, ranked, self._deckel, self._middle, worst)
            tied = flow.stechen(results)
            self.events.append(
                RoundEnded(kind, number, results, giver, None if tied else worst, owed, tied)
            )
            if tied:
                self._start_round(RoundKind.THROW_OFF, tied)
            else:
                self._pay(giver, worst, owed)
        elif kind is RoundKind.OPENING_ROUND:
            self.events.append(RoundEnded(kind, number, results, best, worst, 0))
            self._phase = Phase.PLAYING
            self._start_normal_round(best)
        else:  # one throw (or one die) each, those tied throw again: the lowest opens (high_die:
            # the highest; lowest_takes: the lowest takes what the highest throw is worth)
            if kind is RoundKind.OPENING_THROW:
                self._opening_value = best_result.deckel
            highest = self.rules.opening is Opening.HIGH_DIE
            takes = self.rules.opening is Opening.LOWEST_TAKES
            value = self._opening_value if takes else 0
            tied = flow.stechen(results, highest)
            if tied:
                self.events.append(RoundEnded(kind, number, results, best, None, value, tied))
                die = kind is RoundKind.OPENING_DIE
                self._start_round(RoundKind.OPENING_DIE if die else RoundKind.STECHEN, tied)
                return
            self.events.append(RoundEnded(kind, number, results, best, worst, value))
            self._phase = Phase.PLAYING
            if not takes:
                self._start_normal_round(best if highest else worst)
                return
            if value is None:
                self._schock_aus(worst)
                return
            self._move(None, worst, min(value, self._middle))
            self._after_deckel(worst)

    def _ranking(self) -> tuple[int, ...]:
        """The seats of the round, by their results, best first."""
        return tuple(self._order[p] for p in ranking(self._table, self._results))

    def _best_first(self, best: int) -> Iterator[int]:
        """:meth:`_ranking`, lazily: the best at once, the rest sorted only if asked for."""
        yield best
        yield from self._ranking()[1:]

    def _pay(self, giver: int, worst: int, owed: int | None) -> None:
        """``worst`` takes what the best result of a round for Deckel is worth: from the middle,
        else from ``giver``; a Schock-Aus (``owed`` ``None``) ends the half."""
        if owed is None:
            self._schock_aus(worst)
            return
        from_middle, amount = flow.round_payment(owed, self._middle, self._deckel[giver])
        self._move(None if from_middle else giver, worst, amount)
        self._after_deckel(worst)

    def _schock_aus(self, loser: int) -> None:
        """A Schock-Aus: the round's loser takes every Deckel of the half and has lost it."""
        self._move(None, loser, self._middle)
        for seat in range(self._seats):
            if seat != loser:
                self._move(seat, loser, self._deckel[seat])
        self._end_section(loser, schock_aus=True)

    def _after_deckel(self, loser: int) -> None:
        """After a round's Deckel moved to ``loser``: the section is lost, or the next round."""
        if self._middle == 0:
            if flow.holds_every_deckel(self._deckel, self._total, loser):
                self._end_section(loser, schock_aus=False)
                return
            out = flow.out_players(self._order, self._deckel)
            if out:
                self.events.append(PlayersOut(out))
        self._start_normal_round(flow.next_opener(self.rules, loser, self._deckel, self._middle))

    def _end_section(self, loser: int, *, schock_aus: bool) -> None:
        section = self._section
        self.events.append(SectionEnded(section, loser, schock_aus, tuple(self._deckel)))
        if section is not Section.FINALE:
            self._half_losers += (loser,)
        after = flow.next_section(
            self.rules, section, self._half_losers, loser, self._seats, schock_aus
        )
        if after is not None:
            self._start_section(after.section, after.players, after.opener)
            return
        self._loser = loser
        self._phase = Phase.OVER
        blattschuss = flow.is_blattschuss(self._half_losers)
        self.events.append(GameEnded(loser, blattschuss, self._half_losers))
