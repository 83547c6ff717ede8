"""A table: the lobby (seats, names, tokens, host, latecomers), the game once started, and its
bots and turn timer. A :class:`Table` runs every action through the engine;
:meth:`schocken.server.tables.Tables.commit` stores what the action changed before anyone hears
of it, and takes the action back if it cannot be stored. Nothing here knows of HTTP or
WebSockets.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Any

from schocken.actions import STOP, Action
from schocken.bots import make_bot
from schocken.events import Event, Section
from schocken.game import Game
from schocken.play import apply_decision, ask_buy_ins, next_decision, turn_decision
from schocken.players import MAX_PLAYERS, name_key
from schocken.record import GameRecord, record_of
from schocken.server.refusals import refuse
from schocken.server.store import AddStep, new_token, token_hash
from schocken.server.table_state import BotTurn, Seat, StandIn, TableState, _clean_name

PROPOSED_TOKEN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]{21,63}")
"""A token a joiner proposes for its seat (``POST .../join``, ``token``): 22 to 64 characters
of the URL-safe alphabet (16 random bytes and more), not beginning with ``-``, as the server's
own (:func:`~schocken.server.store.new_token`)."""


class Table(TableState):
    """One table: a lobby, then a game."""

    def _not_tournament(self) -> None:
        """Refused at a tournament's table: the tournament's organiser decides who sits there
        (:meth:`drawn_bot`), not the host, nor a stranger."""
        if self.tournament is not None:
            raise refuse(
                "server_refuse_tournament_seats",
                403,
                round=self.tournament["round"],
                table=self.tournament["table"],
            )

    def wait(self, name: object) -> tuple[int, str]:
        """A latecomer asks for a seat in the next game, once this one has started: they watch
        with the secret token they get, and the rematch seats them with it (it becomes their
        seat token there). Returns their place on the waiting list and the token."""
        self._not_tournament()
        if self.game is None:
            raise refuse("server_refuse_wait_not_started")
        if self.rematch is not None:
            raise refuse("server_refuse_wait_rematch")
        name = _clean_name(name)
        taken = [s.name for s in self.seats if s.name is not None]
        taken += [w.name for w in self.waiting if w.name is not None]
        if any(name_key(other) == name_key(name) for other in taken):
            raise refuse("server_refuse_name_taken", 400, name=name)
        if len(self.seats) + len(self.waiting) >= MAX_PLAYERS:
            raise refuse("server_refuse_next_full", 400, most=MAX_PLAYERS)
        token = new_token()
        self.waiting.append(Seat(name, token_hash(token), None))
        self._save()
        return len(self.waiting) - 1, token

    def leave_waiting(self, token: object) -> str:
        """A latecomer leaves the waiting list with the token :meth:`wait` gave them: the next
        game does not seat them (they may go on watching with the invite code). Returns their
        name. Refused, changing nothing, for a token nobody waits with and once the rematch is
        made (it has seated them)."""
        place = self.waiter_of(token)
        if place is None:
            raise refuse("server_refuse_not_waiting", 403)
        if self.rematch is not None:
            raise refuse("server_refuse_leave_rematch")
        name = self.waiting.pop(place).name
        assert name is not None
        self._save()
        return name

    def _host_check(self, token: object) -> None:
        if self.seat_of(token) != self.host:
            raise refuse("server_refuse_host_only", 403)

    def sit(
        self,
        name: object,
        seat: int | None = None,
        program: object = False,
        token: object = None,
    ) -> tuple[int, str]:
        """A human takes a free seat; returns the seat and its secret token. Refused at a
        tournament's table (its drawn players are seated as it is made: :meth:`seat_drawn`).
        With ``program`` a program of the joiner's takes it (the bot API): the seat is marked so
        for everyone.

        ``token``, where the joiner proposes one (:data:`PROPOSED_TOKEN`: a random one of its
        own), becomes the seat's token, and the same join asked again (the same name and token:
        its answer was lost, say with a worker that died answering) is answered as the first
        was, seating nobody twice."""
        self._not_tournament()
        if not isinstance(program, bool):
            raise refuse("botapi_refuse_program_flag")
        if token is not None and not (isinstance(token, str) and PROPOSED_TOKEN.fullmatch(token)):
            raise refuse("server_refuse_join_token")
        if token is not None and self.game is None:
            clean = _clean_name(name)
            for index, s in enumerate(self.seats):
                same = s.name is not None and name_key(s.name) == name_key(clean)
                if same and s.token_hash == token_hash(token) and s.program == program:
                    return index, token  # the same join again: as it was answered
            if any(s.token_hash == token_hash(token) for s in (*self.seats, *self.waiting)):
                raise refuse("server_refuse_join_token")  # one token, one seat
        return self._sit(name, seat, program=program, token=token)

    def add_program(self, token: object, name: object, seat: int | None = None) -> tuple[int, str]:
        """The host seats a program (the bot API, docs/bots-api.md) in the lobby: a seat marked
        as a program's for everyone, with a secret token of its own (its bot token) that the host
        gives to the program. Returns the seat and the token."""
        self._host_check(token)
        self._not_tournament()
        return self._sit(name, seat, program=True)

    def seat_drawn(self, seat: int) -> str:
        """A tournament's table: its drawn player of ``seat`` seated (as the table is made);
        returns their seat's secret token."""
        assert self.tournament is not None
        return self._sit(self.tournament["players"][seat], seat)[1]

    def _sit(
        self,
        name: object,
        seat: int | None = None,
        *,
        program: bool = False,
        token: str | None = None,
    ) -> tuple[int, str]:
        if self.game is not None:
            raise refuse("server_refuse_started")
        name = _clean_name(name)
        if any(s.name is not None and name_key(s.name) == name_key(name) for s in self.seats):
            raise refuse("server_refuse_name_taken", 400, name=name)
        free = [i for i, s in enumerate(self.seats) if not s.taken]
        if seat is not None and seat not in free:
            raise refuse("server_refuse_seat_taken", 400, seat=seat)
        if not free:
            raise refuse("server_refuse_full")
        if self.game is not None:
            raise refuse("server_refuse_started")
        index = free[0] if seat is None else seat
        token = new_token() if token is None else token
        self.seats[index] = Seat(name, token_hash(token), None, program)
        self._save()
        return index, token

    def new_token(self, seat: int) -> str:
        """A new secret token for a human's seat, to give its link out again (a tournament's
        organiser does): the old token opens the seat no more."""
        if not 0 <= seat < len(self.seats):
            raise refuse("server_refuse_no_seat", 400, seat=seat)
        if self.seats[seat].token_hash is None:
            raise refuse("server_refuse_seat_no_link", 400, seat=seat)
        token = new_token()
        self.seats[seat] = replace(self.seats[seat], token_hash=token_hash(token))
        self._save()
        return token

    def add_bot(self, token: object, kind: object = "regular", seat: int | None = None) -> int:
        self._host_check(token)
        self._not_tournament()
        if not isinstance(kind, str) or kind not in self.bot_kinds():
            raise refuse("server_refuse_bot", 400, bot=kind, bots=", ".join(self.bot_kinds()))
        if self.game is not None:
            raise refuse("server_refuse_started")
        free = [i for i, s in enumerate(self.seats) if not s.taken]
        if seat is None:
            if not free:
                raise refuse("server_refuse_full")
            seat = free[0]
        elif seat not in free:
            raise refuse("server_refuse_seat_taken", 400, seat=seat)
        names = {name_key(s.name) for s in self.seats if s.name is not None}
        pool = ["Bodo", "Kalle", "Uschi", "Gisela", "Manni", "Heinz", "Rita", "Jupp", "Trude"]
        name = next((n for n in pool if name_key(n) not in names), None)
        number = seat + 1
        while name is None:
            candidate = f"Bot {number}"
            name = candidate if name_key(candidate) not in names else None
            number += 1
        self.seats[seat] = Seat(name, None, str(kind))
        self._save()
        return seat

    def remove(self, token: object, seat: int) -> None:
        """The host removes a player who left: before the start the seat is freed; during the
        game a bot takes it over. Not at a tournament's table (:meth:`drawn_bot`)."""
        self._host_check(token)
        self._not_tournament()
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise refuse("server_refuse_no_seat", 400, seat=seat)
        if seat == self.host:
            raise refuse("server_refuse_host_remove")
        if self.game is None:
            self.seats[seat] = Seat()
        else:
            old = self.seats[seat]
            self.seats[seat] = Seat(old.name, None, "regular")
            self._bots.set(seat, "regular")
        self._save()

    def _seat_index(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise refuse("server_refuse_no_seat", 400, seat=seat)
        return seat

    def _game_on(self) -> Game:
        if self.game is None:
            raise refuse("server_refuse_not_started")
        if self.game.is_over:
            raise refuse("server_refuse_over")
        return self.game

    def hand_to_bot(
        self, token: object, seat: int, kind: object = "regular", *, away: bool
    ) -> None:
        """During the game the host lets a bot play the seat of a player who is ``away`` (gone
        for a while: the server's presence says so), or their own; the player keeps their token
        and can have the seat back. Never for another player who is here, nor for one who is not
        in the Finale (nothing is left for them to play). Not at a tournament's table
        (:meth:`drawn_bot`)."""
        self._host_check(token)
        self._not_tournament()
        seat = self._seat_index(seat)
        game = self._game_on()
        if not isinstance(kind, str) or kind not in self.bot_kinds():
            raise refuse("server_refuse_bot", 400, bot=kind, bots=", ".join(self.bot_kinds()))
        place = self.seats[seat]
        if place.token_hash is None:
            raise refuse("server_refuse_seat_bot", 400, seat=seat)
        if game.section is Section.FINALE and seat not in game.half_losers:
            raise refuse("server_refuse_not_in_finale", 400, name=place.name)
        if place.bot is None and not away and seat != self.host:  # the host's own: they ask
            raise refuse("server_refuse_player_here", 400, name=place.name)
        self.seats[seat].bot = kind
        self._bots.set(seat, kind)
        self._save()

    def hand_back(self, token: object, seat: int) -> None:
        """A seat a bot plays for a player goes back to that player: asked by the host, or by
        the player (with their own token)."""
        seat = self._seat_index(seat)
        if self.seat_of(token) not in (self.host, seat):
            raise refuse("server_refuse_host_or_player", 403)
        self._game_on()
        if self.seats[seat].token_hash is None:
            raise refuse("server_refuse_seat_no_player", 400, seat=seat)
        if self.seats[seat].bot is None:
            raise refuse("server_refuse_seat_played", 400, seat=seat)
        self.seats[seat].bot = None
        self._bots.remove(seat)
        if self.game is not None and self.game.current_player == seat:
            self.clock = None  # back in the middle of their turn: their whole time
            self._set_clock()
        self._save()

    def drawn_bot(self, seat: int, kind: str = "regular") -> None:
        """A tournament's organiser lets a bot play a drawn player's seat (the player cannot
        play): the seat keeps the player's name, so the tournament counts the game for them;
        their link opens the seat no more. Before the start or during the game (then the bot
        plays on from where the game is); the host role goes to the next seat with a player
        of its own. Refused for a seat a bot plays already, a finished game, and the last
        seat with a player (nobody could start the game or ask for the next one)."""
        assert self.tournament is not None
        place = self.seats[self._seat_index(seat)]
        if self.game is not None:
            self._game_on()
        if place.bot is not None or place.token_hash is None:
            raise refuse("server_refuse_seat_bot", 400, seat=seat)
        humans = [i for i, s in enumerate(self.seats) if s.token_hash is not None and i != seat]
        if not humans:
            raise refuse("server_refuse_tournament_last_player", 400, name=place.name)
        self.seats[seat] = Seat(place.name, None, kind)
        if self.game is not None:
            self._bots.set(seat, kind)
        self.coached.discard(seat)
        if seat == self.host:
            self.host = humans[0]
        self._save()

    def book(self, where: dict[str, Any]) -> None:
        """The tournament took this table's game: ``where`` it went (:attr:`booked`)."""
        self.booked = dict(where)
        self._save()

    def set_coach(self, seat: int, on: object) -> None:
        """A player turns their own coach on or off during the game (everyone sees who has it
        on). Bots and spectators have none."""
        if not isinstance(on, bool):
            raise refuse("server_refuse_coach_on")
        self._game_on()
        if self.seats[seat].bot is not None:
            raise refuse("server_refuse_coach_bot")
        if on:
            self.coached.add(seat)
        else:
            self.coached.discard(seat)
        self._save()

    def hand_host(self, token: object, seat: int) -> None:
        self._host_check(token)
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise refuse("server_refuse_no_seat", 400, seat=seat)
        if self.seats[seat].token_hash is None or self.seats[seat].program:
            raise refuse("server_refuse_host_human")
        self.host = seat
        self._save()

    def start(self, token: object) -> list[Event]:
        self._host_check(token)
        if self.game is not None:
            raise refuse("server_refuse_started")
        if not all(s.taken for s in self.seats):
            raise refuse("server_refuse_seats_empty")
        return self._start()

    def _start(self) -> list[Event]:
        self._begin()
        self._save()
        assert self.game is not None
        self._after_steps(0)
        return list(self.game.events)

    def next_game(
        self, token: object, table_id: str, code: str, seed: int | None, dice_seed: bytes
    ) -> Table:
        """The host asks for a rematch of a finished game: a new table with the same seats
        (players keep their tokens, bots stay bots) and a seat more for each latecomer who
        waits (their token becomes their seat token), the same rules and timer, its game
        started, its dice from a new seed."""
        self._host_check(token)
        if not self.finished:
            raise refuse("server_refuse_rematch_unfinished")
        if self.rematch is not None:
            raise refuse("server_refuse_rematch_twice")
        table = Table(
            self.store,
            table_id,
            code,
            self.rules,
            len(self.seats) + len(self.waiting),
            seed=seed,
            dice_seed=dice_seed,
            turn_timer=self.turn_timer,
        )
        table.seats = [replace(s) for s in self.seats] + [replace(w) for w in self.waiting]
        table.host = self.host
        table.plugins = self.plugins
        table.tournament = self.tournament
        table.coached = set(self.coached)
        table.spectator_hash = self.spectator_hash
        table._start()
        self.rematch = table.id
        self._save()
        return table

    def bot_kind(self, seat: int) -> str:
        return self._bots.kinds[seat]

    def bot_seed(self, seat: int) -> int | None:
        return self._bots.seed_for(seat)

    # ------------------------------------------------------------------ play

    def act(self, seat: int, action: Action) -> list[Event]:
        """A player's action, through the engine (stored by :meth:`Tables.commit`)."""
        game = self.game
        if game is None:
            raise refuse("server_refuse_not_started")
        if self.seats[seat].bot is not None:
            raise refuse("server_refuse_act_bot")
        before = len(game.steps)
        events = game.apply(action, seat)  # IllegalActionError: the game is unchanged
        self._after_steps(before)
        return events

    def _after_steps(self, before: int) -> None:
        """After the game took steps from ``before`` on: the bots that are out are asked about
        buying in as soon as a round may be bought into (before anyone throws), and every new
        step is stored."""
        game = self.game
        assert game is not None
        _, self._asked = ask_buy_ins(game, self._bots, self._asked)
        for i in range(before, len(game.steps)):
            s_seat, s_action, pips = game.steps[i]
            self._pending.append(AddStep(self.id, i, s_seat, str(s_action), tuple(pips)))
        if game.is_over and not self._finished_saved:
            self._finished_saved = True
            self._save()
        self._set_clock()

    def _set_clock(self) -> None:
        """With a turn timer: the deadline of the decision now due, when it is a player's (not a
        bot's), set once per step and stored with the table."""
        game = self.game
        if not self.turn_timer or game is None or game.is_over:
            return
        if game.current_player is None or self.bot_to_move() is not None:
            return
        step = len(game.steps)
        if self.clock is None or self.clock[0] != step:
            self.clock = (step, time.time() + self.turn_timer)
            self._save()

    def time_left(self) -> float | None:
        """The seconds left of the decision now due (0 once its deadline passed, during a
        restart too); ``None`` when no player's clock runs (no timer, a bot to move, the game
        not started or over)."""
        game = self.game
        if not self.turn_timer or game is None or game.is_over:
            return None
        if game.current_player is None or self.bot_to_move() is not None:
            return None
        if self.clock is None or self.clock[0] != len(game.steps):
            return None
        return max(0.0, self.clock[1] - time.time())

    def bot_to_move(self) -> int | None:
        game = self.game
        if game is None or game.is_over:
            return None
        current = game.current_player
        if current is not None and current in self._bots:
            return current
        return None

    def bot_turn(self) -> BotTurn | None:
        """What a bot has to decide next (its turn, or a buy-in question), if anything."""
        game = self.game
        if game is None:
            return None
        decision = next_decision(game, self._bots, self._asked)
        if decision is None:
            return None
        return BotTurn(decision, self._bots[decision.seat])

    def bot_play(self, turn: BotTurn, action: Action | None) -> list[Event]:
        """A bot's decided answer, played if the game is still where it was decided."""
        game = self.game
        if game is None:
            return []
        before = len(game.steps)
        events = apply_decision(game, turn.decision, action)
        if events is None:
            return []
        self._asked = turn.decision.asked
        self._after_steps(before)
        return events

    def bot_move(self) -> list[Event]:
        """The bot whose turn it is makes one move."""
        turn = self.bot_turn()
        return [] if turn is None else self.bot_play(turn, turn.decide())

    def stand_in(self) -> list[Event]:
        """The turn timer ran out: a bot's choice is made for the absent player."""
        game = self.game
        if game is None or game.is_over:
            return []
        decision = turn_decision(game, self._asked)
        assert decision is not None
        action = STOP if STOP in decision.legal else decision.decide(make_bot("regular"))
        assert action is not None
        first = len(game.events) + 1
        events = self.act(decision.seat, action)
        self.stand_ins = [*self.stand_ins, StandIn(first, decision.seat, str(action))]
        self._save()
        return events

    def record(self) -> GameRecord:
        game = self.game
        if game is None or not game.is_over:
            raise refuse("server_refuse_record_unfinished", 409)
        return record_of(game, dice=self.dice_proof())

    # ------------------------------------------------------------------ restore

    def restore(self, steps: list[tuple[int, str, list[int]]]) -> None:
        """Rebuild the game from its stored steps (after a restart, or when a table is loaded
        again); the bots' buy-in questions of the round are asked again (a seeded bot answers
        them as before)."""
        self._rebuild(steps)
        assert self.game is not None
        self._finished_saved = self.game.is_over
        self._after_steps(len(self.game.steps))
