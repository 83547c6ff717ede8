"""A table's state: its seats and tokens, its bots, the game's dice and steps; kept for the
store (:meth:`TableState.to_dict`), shown to anyone with the invite code
(:meth:`TableState.public`), taken back when a change cannot be stored
(:meth:`TableState.rollback`) and rebuilt from the stored steps. What a table does (its lobby,
its game) is :class:`schocken.server.table.Table`.

Every table deals :class:`~schocken.dice.CommittedDice` from a secret seed of its own (kept in
the store, so a restart deals on from it): its commitment is public from the start, the seed
only once the game is over (``docs/fair-dice.md``).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from schocken.actions import Action, parse_action
from schocken.bots import BOTS, make_bot
from schocken.dice import SEED_BYTES, CommittedDice, DiceSource, RandomDice, SystemDice
from schocken.errors import RefusalError
from schocken.game import Game
from schocken.play import NOTHING_ASKED, Ask, Decision, Strategy
from schocken.players import MAX_PLAYERS, MIN_PLAYERS, check_name
from schocken.record import DiceProof, GameRecord, RecordStep, replay
from schocken.rules import Rules, rules_to_data
from schocken.server.refusals import refusal_of, refuse
from schocken.server.store import Op, SaveTable, Store, new_token, token_hash


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


@dataclass
class Seat:
    """A place at the table: empty, a human (with a secret token, kept as its hash), or a
    bot."""

    name: str | None = None
    token_hash: str | None = None
    """The SHA-256 of the seat's token (:func:`~schocken.server.store.token_hash`); ``None``:
    no human has the seat."""
    bot: str | None = None
    program: bool = False
    """A program plays the seat with its token (the bot API, docs/bots-api.md): the seat is
    marked so for everyone (:meth:`TableState.programs`), otherwise it is a player's seat."""

    @property
    def taken(self) -> bool:
        return self.name is not None

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"name": self.name, "token_hash": self.token_hash, "bot": self.bot}
        if self.program:
            found["program"] = True
        return found


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

    def skip(self, n: int) -> None:
        """Wind on by a throw of ``n`` dice already made: committed dice by their count (each
        die follows from its number), other dice by drawing it."""
        if isinstance(self.source, CommittedDice):
            self.rolls += 1
            self.source.drawn += n
        else:
            self.roll(n)


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


class TableState:
    """A table's state (the lobby's seats, the game, the bots), stored and restored; the table
    itself is :class:`schocken.server.table.Table`."""

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
        self.plugins: tuple[str, ...] = ()
        """The bot plug-ins the server's operator lets its tables use (``schocken serve
        --bot-plugins``), beside the built-in bots."""
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
            "programs": self.programs(),
            "plugins": list(self.plugins),
            "waiting": [w.name for w in self.waiting],
            "tournament": self.tournament,
            "booked": self.booked,
        }

    def bot_kinds(self) -> list[str]:
        """The bots the host may seat or hand a seat to: the built-in ones and the operator's
        plug-ins."""
        return [*BOTS, *self.plugins]

    def programs(self) -> list[int]:
        """The seats a program plays with its own token (the bot API), for everyone to see."""
        return [i for i, s in enumerate(self.seats) if s.program and s.token_hash is not None]

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
        token = new_token(12)
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
                    self._dice.skip(len(pips))
            game.dice = self._dice
            self.game = game
