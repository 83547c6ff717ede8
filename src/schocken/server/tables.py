"""Tables: the lobby (seats, names, tokens, host), the game once started, and its bots.

A :class:`Table` runs every action through the engine; :meth:`Tables.commit` stores what the
action changed before anyone hears of it, and takes the action back (the game rebuilt from its
stored steps) if it cannot be stored: a table is never ahead of its record. :class:`Tables`
keeps the tables in play in memory, loads the others from the store when they are asked for,
and restores them after a restart. Nothing here knows of HTTP or WebSockets.

Every table deals :class:`~schocken.dice.CommittedDice` from a secret seed of its own (kept in
the store, so a restart deals on from it): its commitment is public from the start, the seed
only once the game is over (``docs/fair-dice.md``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Protocol, TypeVar

from schocken.actions import STOP, Action, parse_action
from schocken.bots import BOTS, make_bot
from schocken.dice import (
    SEED_BYTES,
    CommittedDice,
    DiceSource,
    RandomDice,
    SystemDice,
)
from schocken.errors import IllegalActionError, RefusalError, RulesError, SchockenError
from schocken.events import Event, Section
from schocken.game import Game
from schocken.play import (
    NOTHING_ASKED,
    Ask,
    Decision,
    Strategy,
    apply_decision,
    ask_buy_ins,
    next_decision,
    turn_decision,
)
from schocken.players import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, check_name, name_key
from schocken.record import DiceProof, GameRecord, RecordStep, record_of, replay
from schocken.rules import Rules, find_preset, parse_rules, rules_from_data, rules_to_data
from schocken.server.store import (
    AddStep,
    Fence,
    LeaseLostError,
    Op,
    SaveTable,
    Store,
    TableRow,
    hash_table_secrets,
    token_hash,
)
from schocken.texts import refused, said, t

T = TypeVar("T")
log = logging.getLogger("schocken.server")


class BotTurn(NamedTuple):
    """A bot's decision to make (:class:`schocken.play.Decision`: an immutable view and the legal
    actions) with the bot that makes it, so that it can be made away from the event loop (the
    solver bot may think for a while)."""

    decision: Decision
    strategy: Strategy

    @property
    def seat(self) -> int:
        return self.decision.seat

    @property
    def needs_thought(self) -> bool:
        """Whether the bot chooses an action (else the answer is at hand: a forced action)."""
        return self.decision.kind is Ask.CHOOSE

    def decide(self) -> Action | None:
        return self.decision.decide(self.strategy)


class TableError(RefusalError):
    """A request that cannot be done (about a table, a club, a pub game); nothing changed.

    The message says why in English; made by :func:`refuse` it also carries the key of its text
    and the text's fields, so that the server answers in the caller's language
    (:func:`schocken.texts.refusal_text`). ``status`` is the HTTP status of the answer."""

    def __init__(
        self, message: str, status: int = 400, *, key: str | None = None, **fields: object
    ) -> None:
        super().__init__(message, key=key, **fields)
        self.status = status


def refuse(key: str, status: int = 400, /, **fields: object) -> TableError:
    """A refused request: the text ``key`` of the catalogue with its fields (English as its
    ``str()``), answered with the HTTP ``status``."""
    error = refused(TableError, key, **fields)
    error.status = status
    return error


def refusal_of(error: SchockenError, status: int = 400) -> TableError:
    """A refused request that says what ``error`` says (a refusal of the book or of pub mode:
    its key and fields go along, its English text is the message)."""
    return TableError(str(error), status, key=error.key, **error.fields)


@dataclass
class Seat:
    """A place at the table: empty, a human (with a secret token, kept as its hash), or a
    bot."""

    name: str | None = None
    token_hash: str | None = None
    """The SHA-256 of the seat's token (:func:`~schocken.server.store.token_hash`); ``None``:
    no human has the seat."""
    bot: str | None = None

    @property
    def taken(self) -> bool:
        return self.name is not None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "bot": self.bot}


def new_dice_seed(seed: int | None = None) -> bytes:
    """The secret seed of a new table's dice: 32 bytes from the operating system's strong source;
    at a seeded server (``--seed``) derived from the table's seed instead, so that its games are
    reproducible (and, like every seed, committed to and revealed at the end)."""
    if seed is None:
        return secrets.token_bytes(SEED_BYTES)
    return hashlib.sha256(f"schocken-seeded-table:{seed}".encode("ascii")).digest()


class _CountingDice:
    """Counts rolls, so a seeded table's dice can be wound on to the same place after a restart."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.rolls = 0

    def roll(self, n: int) -> tuple[int, ...]:
        self.rolls += 1
        return self.source.roll(n)


class TableBots(Mapping[int, Strategy]):
    """The bots of a table by seat.

    At a seeded table each decision gets a bot made afresh with a seed drawn from the table's
    seed, the seat and the game's step: its random choices depend on where the game is and on
    nothing else, so a table restored after a restart (or after an action that could not be
    stored) plays on exactly as it would have. Unseeded bots are kept and draw from the
    operating system's random source.
    """

    def __init__(self, kinds: dict[int, str], seed: int | None, steps: Callable[[], int]) -> None:
        self.kinds = dict(kinds)
        self.seed = seed
        self._steps = steps
        self._kept: dict[int, tuple[int, Strategy]] = {}

    def seed_for(self, seat: int) -> int | None:
        """The seed of the seat's bot for the game's next decision (``None``: unseeded)."""
        if self.seed is None:
            return None
        return (self.seed * 1_000_003 + seat * 7_919) * 1_000_000_007 + self._steps()

    def __getitem__(self, seat: int) -> Strategy:
        kind = self.kinds[seat]
        step = -1 if self.seed is None else self._steps()
        kept = self._kept.get(seat)
        if kept is None or kept[0] != step:
            kept = self._kept[seat] = (step, make_bot(kind, self.seed_for(seat)))
        return kept[1]

    def __iter__(self) -> Iterator[int]:
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    def __contains__(self, seat: object) -> bool:
        return seat in self.kinds

    def set(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind
        self._kept.pop(seat, None)

    def remove(self, seat: int) -> None:
        self.kinds.pop(seat, None)
        self._kept.pop(seat, None)


class StandIn(NamedTuple):
    """A move the turn timer's stand-in made for a player: the number of the first event it
    caused (the game's events are numbered from 1), the seat, the action's text. Kept with the
    table, so that the log says so after a reload or a restart too."""

    n: int
    seat: int
    action: str


class _Snapshot(NamedTuple):
    """A table as it was before a change, to go back to if the change cannot be stored."""

    seats: list[Seat]
    host: int
    started: bool
    steps: int
    kinds: dict[int, str]
    asked: Any
    finished_saved: bool
    rematch: str | None
    coached: frozenset[int]
    waiting: list[Seat]
    stand_ins: list[StandIn]
    clock: tuple[int, float] | None
    booked: dict[str, Any] | None


def _clean_name(name: object) -> str:
    """A player's name, tidied and checked (:func:`schocken.players.check_name`)."""
    try:
        return check_name(name)
    except RefusalError as exc:
        raise refusal_of(exc) from None


def _hash_of(token: object) -> str | None:
    """The hash of a token as given (any text but the empty one; nothing else)."""
    if not isinstance(token, str) or not token:
        return None
    return token_hash(token)


class Table:
    """One table: a lobby, then a game."""

    def __init__(
        self,
        store: Store,
        table_id: str,
        code: str,
        rules: Rules,
        seats: int,
        *,
        seed: int | None = None,
        dice_seed: bytes | None = None,
        turn_timer: float | None = None,
        created: float | None = None,
    ) -> None:
        if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise refuse(
                "server_refuse_seats", 400, least=MIN_PLAYERS, most=MAX_PLAYERS, count=seats
            )
        self.store = store
        self.id = table_id
        self.code = code
        self.rules = rules
        self.seats = [Seat() for _ in range(seats)]
        self.host = 0
        self.spectator_hash = ""
        """The SHA-256 of the table's spectator token (:meth:`new_spectator_token`; the token
        itself is given to the host once and kept nowhere)."""
        self.seed = seed
        self.dice_seed = dice_seed
        """The secret seed the game's dice follow from (:class:`~schocken.dice.CommittedDice`);
        only its commitment is shown before the game is over. ``None`` at a table stored by a
        version before committed dice (it deals as it did)."""
        self.turn_timer = turn_timer
        self.created = created if created is not None else time.time()
        self.game: Game | None = None
        self._dice: _CountingDice | None = None
        self._bots = TableBots({}, seed, self._step_count)
        self._asked = NOTHING_ASKED
        """The bots' buy-in questions asked so far (see :mod:`schocken.play`)."""
        self.lock = asyncio.Lock()
        """Held while a change is applied and stored (see :meth:`Tables.commit`)."""
        self._pending: list[Op] = []
        """What the change under way has to store."""
        self._finished_saved = False
        self.last_seen = time.monotonic()
        """When the table last had a client connected (or was loaded)."""
        self.rematch: str | None = None
        """The id of the table of the next game with the same seats (once the host asked)."""
        self._loaded_at = time.monotonic()
        self._left: dict[int, float] = {}
        self.coached: set[int] = set()
        """The seats whose player turned the coach on (:mod:`schocken.coach`); everyone sees
        which."""
        self.waiting: list[Seat] = []
        """Latecomers who wait for a seat in the next game (a name and their token's hash); the
        rematch seats them (:meth:`wait`, :meth:`next_game`)."""
        self.stand_ins: list[StandIn] = []
        """The moves the turn timer's stand-in made (:meth:`stand_in`)."""
        self.tournament: dict[str, Any] | None = None
        """A tournament's table (``name``, ``round``, ``table``, ``players``: its draw's names,
        seat by seat), or ``None``: it seats the drawn players only, each by their own link
        (no invite code, no latecomers, no bot unless the organiser puts one in a seat:
        :meth:`drawn_bot`); its next games (the rematches) are the tournament's too."""
        self.booked: dict[str, Any] | None = None
        """A tournament's table whose game the tournament took: where it went (``name``,
        ``round``, ``table``, ``number``: the table's game it is), for the players' pages."""
        self.clock: tuple[int, float] | None = None
        """The turn timer's deadline for the decision after step ``n``: ``(n, deadline)``, the
        deadline in seconds since the epoch (``time.time()``), stored with the table, so that
        after a restart the countdown goes on from what was left (:meth:`_set_clock`)."""

    def left(self, seat: int) -> None:
        """A player's last connection to the table closed (now)."""
        self._left[seat] = time.monotonic()

    def absent_since(self, seat: int) -> float:
        """Since when the seat's player has not been connected (at the latest: since the table
        came into memory)."""
        return self._left.get(seat, self._loaded_at)

    def _step_count(self) -> int:
        return 0 if self.game is None else len(self.game.steps)

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.is_over

    # ------------------------------------------------------------------ lobby

    def to_dict(self) -> dict[str, Any]:
        """Everything about the lobby, for the store."""
        return {
            "rules": rules_to_data(self.rules),
            "seats": [s.to_dict() for s in self.seats],
            "host": self.host,
            "spectator_hash": self.spectator_hash,
            "seed": self.seed,
            "dice_seed": None if self.dice_seed is None else self.dice_seed.hex(),
            "turn_timer": self.turn_timer,
            "started": self.game is not None,
            "rematch": self.rematch,
            "coach": sorted(self.coached),
            "waiting": [{"name": w.name, "token_hash": w.token_hash} for w in self.waiting],
            "stand_ins": [list(x) for x in self.stand_ins],
            "clock": None if self.clock is None else list(self.clock),
            "tournament": self.tournament,
            "booked": self.booked,
        }

    def public(self) -> dict[str, Any]:
        """What anyone with the invite code may know of the table (no tokens)."""
        return {
            "id": self.id,
            "code": None if self.tournament is not None else self.code,
            "preset": self.rules.preset,
            "rules": self.rules.to_dict(),
            "seats": [
                {"name": s.name, "bot": s.bot, "human": s.token_hash is not None}
                for s in self.seats
            ],
            "host": self.host,
            "started": self.game is not None,
            "finished": self.game is not None and self.game.is_over,
            "seeded": self.seed is not None,
            "dice": self.dice_public(),
            "turn_timer": self.turn_timer,
            "rematch": self.rematch,
            "coach": sorted(self.coached),
            "waiting": [w.name for w in self.waiting],
            "tournament": self.tournament,
            "booked": self.booked,
        }

    def dice_proof(self) -> DiceProof | None:
        """The commitment to the table's dice; with the seed once the game is over."""
        if self.dice_seed is None:
            return None
        return DiceProof.of(self.dice_seed, reveal=self.finished)

    def dice_public(self) -> dict[str, str] | None:
        """The commitment as everyone sees it (``docs/fair-dice.md``): scheme and commitment from
        the start, the seed too once the game is over."""
        proof = self.dice_proof()
        return None if proof is None else proof.to_dict()

    def _save(self) -> None:
        self._pending.append(
            SaveTable(self.id, self.code, self.created, self.to_dict(), self.finished)
        )

    def snapshot(self) -> _Snapshot:
        return _Snapshot(
            [replace(s) for s in self.seats],
            self.host,
            self.game is not None,
            self._step_count(),
            dict(self._bots.kinds),
            self._asked,
            self._finished_saved,
            self.rematch,
            frozenset(self.coached),
            [replace(w) for w in self.waiting],
            list(self.stand_ins),
            self.clock,
            self.booked,
        )

    def take_pending(self) -> list[Op]:
        ops, self._pending = self._pending, []
        return ops

    def rollback(self, snap: _Snapshot) -> None:
        """Back to ``snap``: the change made since could not be stored."""
        self._pending = []
        self.seats = snap.seats
        self.host = snap.host
        self._finished_saved = snap.finished_saved
        self.rematch = snap.rematch
        self.coached = set(snap.coached)
        self.waiting = snap.waiting
        self.stand_ins = snap.stand_ins
        self.clock = snap.clock
        self.booked = snap.booked
        if not snap.started:
            self.game = None
            self._dice = None
            self._bots = TableBots(snap.kinds, self.seed, self._step_count)
        elif self.game is not None and len(self.game.steps) != snap.steps:
            kept = [(seat, str(a), list(p)) for seat, a, p in self.game.steps[: snap.steps]]
            self._rebuild(kept)
        self._bots = TableBots(snap.kinds, self.seed, self._step_count)
        self._asked = snap.asked

    def seat_of(self, token: object) -> int:
        """The seat whose secret token this is."""
        given = _hash_of(token)
        if given is not None:
            for i, s in enumerate(self.seats):
                if s.token_hash is not None and secrets.compare_digest(s.token_hash, given):
                    return i
        raise refuse("server_refuse_token", 403)

    def new_spectator_token(self) -> str:
        """A new spectator token for the table (whoever has it may watch); only its hash is
        kept."""
        token = secrets.token_urlsafe(12)
        self.spectator_hash = token_hash(token)
        return token

    def is_spectator(self, token: object) -> bool:
        given = _hash_of(token)
        return (
            given is not None
            and bool(self.spectator_hash)
            and secrets.compare_digest(self.spectator_hash, given)
        )

    def waiter_of(self, token: object) -> int | None:
        """The place on the waiting list whose token this is (``None``: no latecomer's)."""
        given = _hash_of(token)
        if given is not None:
            for i, w in enumerate(self.waiting):
                if w.token_hash is not None and secrets.compare_digest(w.token_hash, given):
                    return i
        return None

    def is_code(self, token: object) -> bool:
        """Whether ``token`` is the table's invite code (any case): whoever may join the table
        may watch it, and a latecomer watches a game under way with it. A tournament's table
        has no invite code (its code opens nothing)."""
        return (
            self.tournament is None
            and isinstance(token, str)
            and secrets.compare_digest(
                token.upper().encode("utf-8", "surrogatepass"), self.code.encode("ascii")
            )
        )

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
        token = secrets.token_urlsafe(16)
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

    def sit(self, name: object, seat: int | None = None) -> tuple[int, str]:
        """A human takes a free seat; returns the seat and its secret token. Refused at a
        tournament's table (its drawn players are seated as it is made: :meth:`seat_drawn`)."""
        self._not_tournament()
        return self._sit(name, seat)

    def seat_drawn(self, seat: int) -> str:
        """A tournament's table: its drawn player of ``seat`` seated (as the table is made);
        returns their seat's secret token."""
        assert self.tournament is not None
        return self._sit(self.tournament["players"][seat], seat)[1]

    def _sit(self, name: object, seat: int | None = None) -> tuple[int, str]:
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
        token = secrets.token_urlsafe(16)
        self.seats[index] = Seat(name, token_hash(token), None)
        self._save()
        return index, token

    def new_token(self, seat: int) -> str:
        """A new secret token for a human's seat, to give its link out again (a tournament's
        organiser does): the old token opens the seat no more."""
        if not 0 <= seat < len(self.seats):
            raise refuse("server_refuse_no_seat", 400, seat=seat)
        if self.seats[seat].token_hash is None:
            raise refuse("server_refuse_seat_no_link", 400, seat=seat)
        token = secrets.token_urlsafe(16)
        self.seats[seat] = replace(self.seats[seat], token_hash=token_hash(token))
        self._save()
        return token

    def add_bot(self, token: object, kind: object = "regular", seat: int | None = None) -> int:
        self._host_check(token)
        self._not_tournament()
        if not isinstance(kind, str) or kind not in BOTS:
            raise refuse("server_refuse_bot", 400, bot=kind, bots=", ".join(BOTS))
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
        if not isinstance(kind, str) or kind not in BOTS:
            raise refuse("server_refuse_bot", 400, bot=kind, bots=", ".join(BOTS))
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
        if self.seats[seat].token_hash is None:
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
        table.tournament = self.tournament
        table.coached = set(self.coached)
        table.spectator_hash = self.spectator_hash
        table._start()
        self.rematch = table.id
        self._save()
        return table

    def _begin(self) -> None:
        source: DiceSource
        if self.dice_seed is not None:
            source = CommittedDice(self.dice_seed)
        else:  # a table stored before committed dice
            source = RandomDice(self.seed) if self.seed is not None else SystemDice()
        self._dice = _CountingDice(source)
        names = [s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats)]
        self.game = Game(self.rules, names, self._dice)
        kinds = {i: s.bot for i, s in enumerate(self.seats) if s.bot}
        self._bots = TableBots(kinds, self.seed, self._step_count)
        self._asked = NOTHING_ASKED

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

    def _rebuild(self, steps: list[tuple[int, str, list[int]]]) -> None:
        self._begin()
        assert self.game is not None and self._dice is not None
        if steps:
            record = GameRecord(
                self.rules,
                self.game.players,
                tuple(RecordStep(seat, parse_action(a), tuple(p)) for seat, a, p in steps),
            )
            game = replay(record, check_outcome=False)
            # Wind the dice on by the throws already made (committed dice: by every die
            # drawn; seeded random dice draw once a throw), then play on with them.
            for _, _, pips in steps:
                if pips:
                    self._dice.roll(len(pips))
            game.dice = self._dice
            self.game = game


class PerMinute:
    """The new tables (or clubs, or pub games) each client address made in the last minute,
    against ``limit`` (``--tables-per-minute``): :meth:`check` before making one, :meth:`note`
    once it is made."""

    def __init__(self, limit: int, things: str) -> None:
        self.limit = limit
        self.things = things
        self._made: dict[str, deque[float]] = {}

    def check(self, address: str) -> None:
        """Refused (429) when ``address`` made ``limit`` of them in the last minute."""
        now = time.monotonic()
        recent = self._made.setdefault(address, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= self.limit:
            raise refuse(
                "server_refuse_per_minute",
                429,
                most=self.limit,
                things=said(f"server_word_{self.things}"),
            )

    def note(self, address: str) -> None:
        now = time.monotonic()
        self._made.setdefault(address, deque()).append(now)
        if len(self._made) > 10_000:  # forget addresses that made nothing for a minute
            for old in [a for a, q in self._made.items() if not q or now - q[-1] > 60]:
                del self._made[old]


class TableElsewhereError(TableError):
    """Another worker owns the table now (:mod:`schocken.server.workers`): ask again, and the
    request goes to it."""


def elsewhere() -> TableElsewhereError:
    """The refusal of a request about a table another worker took meanwhile (503)."""
    error = refused(TableElsewhereError, "server_refuse_elsewhere")
    error.status = 503
    return error


class Leases(Protocol):
    """What :class:`Tables` asks of the workers' leases (PostgreSQL with workers:
    :class:`schocken.server.workers.Cluster`): a table is loaded, and written, only by the
    worker that holds its lease."""

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease if it is free, run out, or new; whether this worker has it."""

    def fence(self, table_id: str) -> Fence:
        """The check that goes first into every write of the table."""

    def lost(self, table_id: str) -> None:
        """A write was refused: another worker holds the table now (drop it)."""

    def unloaded(self, table_id: str) -> None:
        """The table left memory: its lease is given back."""


class StorageError(TableError):
    """A change that could not be stored: it was taken back, the table is as it was."""

    def __init__(self) -> None:
        key = "server_refuse_storage"
        super().__init__(t(key, "en"), status=503, key=key)


class Tables:
    """The tables of a server: those in play in memory, every one in the store."""

    def __init__(
        self,
        store: Store,
        *,
        seed: int | None = None,
        resume_within: float | None = None,
        leases: Leases | None = None,
    ) -> None:
        self.store = store
        self.leases = leases
        """The workers' leases (PostgreSQL): then no table is resumed at start (the workers take
        the tables of a worker that died, :mod:`schocken.server.workers`), and every table is
        claimed before it is loaded and fenced in every write."""
        self.seed = seed
        self.by_id: dict[str, Table] = {}
        self.by_code: dict[str, Table] = {}
        self.set_aside: dict[str, str] = {}
        """Tables whose stored record could not be read, by id: the reason (logged at start)."""
        self.when_finished: list[Callable[[Table], None]] = []
        """Called with a table whose game has just ended (once it is stored): a club's
        tournament takes the game of its online table (must not block: it schedules)."""
        self.before_start: list[Callable[[Table], Awaitable[None]]] = []
        """Asked before a game of a tournament's table starts (the host starts it, or asks for
        the next one): refuses (:class:`TableError`) a game the tournament would not count."""
        self._created = store.count()
        self._load_lock = asyncio.Lock()
        since = None if resume_within is None else time.time() - resume_within
        for row in [] if leases is not None else store.tables(since=since):
            self._resume(row, store.steps(row[0]))

    def _build(self, row: TableRow, steps: list[tuple[int, str, list[int]]]) -> Table:
        """A table from its stored row and steps (may raise anything on a bad record)."""
        table_id, code, created, data = row
        rules = rules_from_data(data["rules"], f"table {table_id}: 'rules'")
        table = Table(
            self.store,
            table_id,
            code,
            rules,
            len(data["seats"]),
            seed=data.get("seed"),
            dice_seed=None if data.get("dice_seed") is None else bytes.fromhex(data["dice_seed"]),
            turn_timer=data.get("turn_timer"),
            created=created,
        )
        rehashed = hash_table_secrets(data)  # a row an older version wrote (tokens as given)
        table.seats = [Seat(s["name"], s["token_hash"], s["bot"]) for s in data["seats"]]
        table.host = data["host"]
        table.spectator_hash = data["spectator_hash"]
        table.rematch = data.get("rematch")
        table.coached = set(data.get("coach", []))
        table.waiting = [Seat(w["name"], w["token_hash"], None) for w in data.get("waiting", [])]
        table.stand_ins = [StandIn(*x) for x in data.get("stand_ins", [])]
        clock = data.get("clock")  # none at a table stored before the deadline was
        table.clock = None if clock is None else (int(clock[0]), float(clock[1]))
        table.tournament = data.get("tournament")
        table.booked = data.get("booked")
        if data.get("started"):
            table.restore(steps)
        if rehashed:
            table._save()
        return table

    def _resume(self, row: TableRow, steps: list[tuple[int, str, list[int]]]) -> Table | None:
        """At start: one stored table back into memory; a bad record is reported and set aside,
        never the end of the start."""
        try:
            table = self._build(row, steps)
            pending = table.take_pending()
            if pending:
                self.store.write_now(pending)
        except Exception as exc:
            self._set_aside(row[0], exc)
            return None
        self._register(table)
        return table

    def _set_aside(self, table_id: str, exc: BaseException) -> None:
        why = " ".join(str(exc).split()) or type(exc).__name__
        self.set_aside[table_id] = why
        log.error("table %s set aside: its stored record cannot be played (%s)", table_id, why)

    def _register(self, table: Table) -> None:
        self.by_id[table.id] = table
        self.by_code[table.code] = table

    def unload(self, table: Table) -> None:
        """Take a table out of memory (it stays in the store and is loaded when asked for)."""
        if self.by_id.get(table.id) is table:
            del self.by_id[table.id]
            self.by_code.pop(table.code, None)
            if self.leases is not None:
                self.leases.unloaded(table.id)

    def _fenced(self, table_id: str, ops: list[Op]) -> list[Op]:
        """``ops`` with the lease's check first (with workers; else as they are)."""
        return ops if self.leases is None or not ops else [self.leases.fence(table_id), *ops]

    async def commit(self, table: Table, change: Callable[..., T], *args: Any) -> T:
        """Make a change to ``table`` (``change(*args)``, a method of it) and store it, as one:
        if storing fails, the table goes back to how it was and :class:`StorageError` is raised.
        A change that raises (an illegal action, a full table) changes nothing."""
        async with table.lock:
            snap = table.snapshot()
            try:
                result = change(*args)
            except BaseException:
                table.rollback(snap)
                raise
            ops = self._fenced(table.id, table.take_pending())
            if ops:
                try:
                    await self.store.write(ops)
                except Exception as exc:
                    table.rollback(snap)
                    if isinstance(exc, LeaseLostError) and self.leases is not None:
                        self.leases.lost(table.id)
                    log.error(
                        "table %s: a change could not be stored and was taken back: %s",
                        table.id,
                        " ".join(str(exc).split()) or type(exc).__name__,
                    )
                    raise StorageError() from None
            if table._finished_saved and not snap.finished_saved:
                for hook in self.when_finished:
                    hook(table)
            return result

    async def check_start(self, table: Table) -> None:
        """Refused if a game of ``table`` may not start now (:attr:`before_start`)."""
        for check in self.before_start:
            await check(table)

    async def create(
        self,
        rules: Rules,
        seats: int,
        host_name: object,
        *,
        turn_timer: float | None = None,
        tournament: dict[str, Any] | None = None,
    ) -> tuple[Table, str, str]:
        """A new table, its creator seated as host; returns the table, the host's token and the
        spectator token (both given out only now: the table keeps their hashes). A
        ``tournament``'s table (:attr:`Table.tournament`) seats its first drawn player as host;
        the organiser seats the others (:meth:`Table.seat_drawn`)."""
        table_id = secrets.token_urlsafe(9)
        code = self._new_code()
        await self._count_again()
        seed = None if self.seed is None else self.seed + self._created
        if turn_timer is not None and not 5 <= turn_timer <= 3600:
            raise refuse("server_refuse_timer", 400, least=5, most=3600)
        table = Table(
            self.store,
            table_id,
            code,
            rules,
            seats,
            seed=seed,
            dice_seed=new_dice_seed(seed),
            turn_timer=turn_timer,
        )
        table.tournament = tournament
        _, token = table._sit(host_name, 0)
        spectator = table.new_spectator_token()
        table.host = 0
        table._save()
        try:
            if self.leases is not None and not await self.leases.claim(table_id):
                raise LeaseLostError(table_id)
            await self.store.write(self._fenced(table_id, table.take_pending()))
        except Exception as exc:
            if self.leases is not None:
                self.leases.unloaded(table_id)  # its lease, if taken, given back
            log.error("a new table could not be stored: %s", " ".join(str(exc).split()))
            raise StorageError() from None
        self._created += 1
        self._register(table)
        return table, token, spectator

    async def rematch(self, table: Table, token: object) -> Table:
        """The next game of a finished table (:meth:`Table.next_game`), stored with the old
        table's pointer to it in one write."""
        async with table.lock:
            await self._count_again()
            snap = table.snapshot()
            seed = None if self.seed is None else self.seed + self._created
            new = table.next_game(
                token, secrets.token_urlsafe(9), self._new_code(), seed, new_dice_seed(seed)
            )
            try:
                if self.leases is not None and not await self.leases.claim(new.id):
                    raise LeaseLostError(new.id)
                ops = [*self._fenced(new.id, new.take_pending())]
                await self.store.write([*ops, *self._fenced(table.id, table.take_pending())])
            except Exception as exc:
                table.rollback(snap)
                if self.leases is not None:
                    self.leases.unloaded(new.id)  # its lease, if taken, given back
                log.error("a rematch could not be stored: %s", " ".join(str(exc).split()))
                raise StorageError() from None
            self._created += 1
            self._register(new)
            return new

    async def _count_again(self) -> None:
        """With workers, the tables made so far are counted in the database (a seeded server's
        next table's seed follows from it, whichever worker makes it)."""
        if self.leases is not None and self.seed is not None:
            self._created = await self.store.read(self.store.count)

    def _new_code(self) -> str:
        alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        while True:
            code = "".join(secrets.choice(alphabet) for _ in range(6))
            if code not in self.by_code:
                return code

    def loaded(self, key: str) -> Table | None:
        """The table in memory with this id or invite code, if it is there."""
        if not isinstance(key, str):
            return None
        return self.by_id.get(key) or self.by_code.get(key.upper())

    async def get(self, key: str) -> Table:
        """The table with this id or invite code: from memory, else loaded from the store."""
        table = await self._get(key)
        if table.tournament is not None and key != table.id:
            raise refuse("server_refuse_no_table", 404)  # a tournament's table: no invite code
        return table

    async def _get(self, key: str) -> Table:
        table = self.loaded(key)
        if table is not None:
            return table
        if not isinstance(key, str) or not 1 <= len(key) <= 64:
            raise refuse("server_refuse_no_table", 404)
        row = await self.store.read(self.store.table, key)
        if row is None:
            raise refuse("server_refuse_no_table", 404)
        table_id = row[0]
        if table_id in self.set_aside:
            raise refuse("server_refuse_damaged", 503)
        # Two requests for the same table load it once (loading is seldom: one at a time).
        async with self._load_lock:
            claimed = self.by_id.get(table_id) is not None or self.leases is None
            if not claimed and self.leases is not None and not await self.leases.claim(table_id):
                raise elsewhere()
            found = await self._load(row)
        if found is None:
            raise refuse("server_refuse_damaged", 503)
        return found

    async def _load(self, row: TableRow) -> Table | None:
        table = self.by_id.get(row[0])
        if table is not None:
            return table
        steps = await self.store.read(self.store.steps, row[0])
        try:
            # Replaying a long game takes a while: not in the event loop.
            table = await asyncio.to_thread(self._build, row, steps)
        except Exception as exc:
            self._set_aside(row[0], exc)
            return None
        pending = self._fenced(table.id, table.take_pending())
        if pending:
            try:
                await self.store.write(pending)
            except Exception:
                raise StorageError() from None
        self._register(table)
        return table

    async def adopt(self, table_id: str) -> Table | None:
        """A table whose lease this worker just took over (its worker died): loaded from its
        stored row and steps (``None``: it is no more, or set aside)."""
        row = await self.store.read(self.store.table, table_id)
        if row is None or row[0] in self.set_aside:
            return None
        async with self._load_lock:
            return await self._load(row)


def rules_of_body(body: dict[str, Any]) -> Rules:
    """The rules a request asks for: house rules as TOML (``rules_toml``, when not blank), else
    ``rules`` (:func:`rules_from_request`; tsv99 when absent)."""
    house = body.get("rules_toml")
    if isinstance(house, str) and house.strip():
        try:
            return parse_rules(house, source=said("rules_where_house"))
        except RulesError as exc:  # the engine's refusal, said in the caller's language
            raise refusal_of(exc) from None
    return rules_from_request(body.get("rules", "tsv99"))


def rules_from_request(data: object) -> Rules:
    """Rules from a request: ``{"preset": "tsv99", "overrides": {...}}`` (read by
    :func:`schocken.rules.rules_from_data`) or a preset name."""
    try:
        if isinstance(data, str):
            return find_preset(data)
        if isinstance(data, dict):
            return rules_from_data(data)
    except RulesError as exc:
        raise refusal_of(exc) from None
    raise refuse("server_refuse_rules")


__all__ = [
    "MAX_NAME",
    "IllegalActionError",
    "PerMinute",
    "Seat",
    "StandIn",
    "StorageError",
    "Table",
    "TableElsewhereError",
    "TableError",
    "Tables",
    "rules_from_request",
    "rules_of_body",
]
