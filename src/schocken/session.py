"""A table at one computer: humans and bots around one game, with what the screen should show.

:class:`Session` knows nothing of any screen library. It holds the game, who sits where (human or
bot), which human is at the keyboard, which of their dice they picked to keep, and the
explanations to show; a front end (the terminal game, later others) renders it and feeds it keys.
Humans act through the same actions as bots, and see the game only through their own view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from schocken.actions import BUY_IN, STOP, THROW_BLIND, TURN_SIXES, Action, Throw
from schocken.bots import BOTS, bot_names, is_bot, make_bot
from schocken.coach import Advice, advise, note, ranking_lines
from schocken.dice import DiceSource, RandomDice, SystemDice
from schocken.errors import IllegalActionError, RecordError
from schocken.events import Event
from schocken.game import Game
from schocken.play import NOTHING_ASKED, Asked, Strategy, apply_decision, ask_buy_ins, next_decision
from schocken.players import check_players, name_key
from schocken.record import GameRecord, parse_record, record_of, replay
from schocken.results import Dice, sort_dice
from schocken.rules import Rules, find_preset
from schocken.texts import LANGUAGES, explain, refusal_text, t
from schocken.views import PlayerView

META_KEY = "table"


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a place: a human (``bot`` is None) or a bot of that name."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


@dataclass
class Session:
    """One game at one computer."""

    game: Game
    seats: tuple[Seat, ...]
    lang: str = "en"
    seed: int | None = None
    log: list[str] = field(default_factory=list)
    """Explanations so far, oldest first."""
    message: str = ""
    """What to tell the human at the keyboard now (a refusal, a prompt)."""
    viewer: int | None = None
    """The human at the keyboard: the screen shows the game as this seat sees it."""
    keep_marks: list[bool] = field(default_factory=lambda: [False, False, False])
    """Which of the three dice on screen the human picked to keep out of the cup."""
    strategies: dict[int, Strategy] = field(default_factory=dict)
    coached: set[int] = field(default_factory=set)
    """The human seats that turned the coach on (:mod:`schocken.coach`): off by default, and
    shown to everyone at the table (:meth:`coach_status`)."""
    _advice: tuple[tuple[int, int], Advice | None] | None = None
    """The coach's advice for (viewer, steps so far), made once per decision."""
    _shown: int = 0
    _asked: Asked = NOTHING_ASKED
    """The bots' buy-in questions asked so far (see :mod:`schocken.play`)."""

    # ------------------------------------------------------------------ making one

    @classmethod
    def new(
        cls,
        rules: Rules,
        seats: Sequence[Seat],
        *,
        lang: str = "en",
        seed: int | None = None,
    ) -> Session:
        """A new game; ``seed`` makes the dice reproducible (live games draw strong dice).

        Raises :class:`ValueError` if the seats cannot play (see
        :func:`schocken.players.check_players`) or a bot is unknown.
        """
        check_players([s.name for s in seats])
        for seat in seats:
            if seat.bot is not None and not is_bot(seat.bot):
                known = ", ".join(bot_names())
                raise ValueError(f"unknown bot {seat.bot!r}; known bots: {known}")
            if seat.bot is not None and seat.bot not in BOTS:
                make_bot(seat.bot)  # a plug-in that cannot play is refused in words here
        dice: DiceSource = RandomDice(seed) if seed is not None else SystemDice()
        game = Game(rules, [s.name for s in seats], dice)
        session = cls(game=game, seats=tuple(seats), lang=lang, seed=seed)
        session._start()
        return session

    @classmethod
    def resume(cls, text: str, *, lang: str | None = None, seed: int | None = None) -> Session:
        """A saved game, continued: the record is replayed, then play goes on. The log tells
        the game so far again.

        Raises :class:`~schocken.errors.RecordError` for a record that does not replay, or whose
        table (``meta.table``: who is a bot, the language) is malformed.
        """
        record = parse_record(text)
        game = replay(record, check_outcome=False)
        meta = record.meta.get(META_KEY, {})
        if not isinstance(meta, dict):
            raise RecordError(f"'meta.{META_KEY}' must be an object")
        seats = _saved_seats(meta.get("seats"), game.players)
        saved_lang = meta.get("lang", "en")
        if saved_lang not in LANGUAGES:
            raise RecordError(f"'meta.{META_KEY}.lang' must be one of {', '.join(LANGUAGES)}")
        game.dice = RandomDice(seed) if seed is not None else SystemDice()
        session = cls(game=game, seats=seats, lang=lang or str(saved_lang), seed=seed)
        session.coached = _saved_coach(meta.get("coach"), seats)
        session._start()
        return session

    def _start(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.bot is not None:
                self.strategies[i] = make_bot(
                    seat.bot, None if self.seed is None else self.seed + i
                )
        self._ask_buy_ins()
        self._take_new_events()
        humans = [i for i, s in enumerate(self.seats) if s.is_human]
        current = self.game.current_player
        if current is not None and self.seats[current].is_human:
            self.viewer = current
        elif humans:
            self.viewer = humans[0]
        self._reset_marks()

    # ------------------------------------------------------------------ what to show

    def view(self) -> PlayerView:
        """The game as the human at the keyboard sees it (a spectator's view while passing)."""
        return self.game.view(self.viewer)

    @property
    def current(self) -> int | None:
        return self.game.current_player

    @property
    def bot_to_move(self) -> bool:
        """Whether a bot acts next."""
        c = self.current
        return c is not None and not self.seats[c].is_human

    @property
    def needs_pass(self) -> bool:
        """Whether the keyboard must go to another human before the screen shows their view.

        True when the next player is a human other than the one at the keyboard and the round
        has a covered result (which the screen may show its owner only).
        """
        c = self.current
        if c is None or not self.seats[c].is_human or c == self.viewer:
            return False
        return any(t.covered for t in self.game.view(None).turns)

    def take_keyboard(self) -> None:
        """The next human confirmed they have the keyboard: show the game as they see it."""
        c = self.current
        if c is not None and self.seats[c].is_human:
            self.viewer = c
            self._reset_marks()

    def dice_on_screen(self) -> Dice:
        """The three dice of the viewer's turn in progress, in screen order: aside first."""
        turn = self._my_turn()
        if turn is None or turn.showing is None or turn.done:
            return ()
        rest = list(turn.showing)
        for p in turn.aside:
            rest.remove(p)
        return (*turn.aside, *sort_dice(rest))

    def _my_turn(self) -> Any:
        v = self.view()
        if v.current != self.viewer:
            return None
        return v.my_turn

    def legal(self) -> tuple[Action, ...]:
        """What the human at the keyboard may do now."""
        if self.viewer is None or self.needs_pass:
            return ()
        return self.game.legal_actions(self.viewer)

    def can(self, what: str) -> bool:
        """Whether the key for ``what`` (throw, turn, stop, buyin, blind, toggle) is offered now."""
        legal = self.legal()
        if what == "throw":
            return any(isinstance(a, Throw) for a in legal)
        if what == "turn":
            return TURN_SIXES in legal
        if what == "stop":
            return STOP in legal
        if what == "buyin":
            return BUY_IN in legal
        if what == "blind":
            return THROW_BLIND in legal
        if what == "toggle":
            return any(isinstance(a, Throw) and a.keep for a in legal)
        return False

    # ------------------------------------------------------------------ acting

    def toggle(self, index: int) -> None:
        """Pick (or unpick) the die at ``index`` (0 to 2 on screen) to keep out of the cup."""
        dice = self.dice_on_screen()
        if not self.can("toggle") or not 0 <= index < len(dice):
            return
        self.keep_marks[index] = not self.keep_marks[index]
        self.message = ""

    def kept(self) -> Dice:
        dice = self.dice_on_screen()
        return sort_dice(d for d, k in zip(dice, self.keep_marks, strict=False) if k)

    def act(self, what: str) -> list[Event]:
        """The human at the keyboard throws (keeping the picked dice), turns, stops, buys in or
        opens blind.

        A refused action leaves the game as it was and puts the reason in :attr:`message`.
        """
        if self.viewer is None:
            return []
        action: Action
        if what == "throw":
            action = Throw(self.kept())
        elif what == "turn":
            action = TURN_SIXES
        elif what == "stop":
            action = STOP
        elif what == "buyin":
            action = BUY_IN
        elif what == "blind":
            action = THROW_BLIND
        else:
            raise ValueError(f"unknown action key {what!r}")
        seat, advice = self.viewer, self.advice()
        try:
            events = self.game.apply(action, seat)
        except IllegalActionError as exc:
            self.message = refusal_text(exc, self.lang)
            return []
        self.message = ""
        self._after(events)
        if advice is not None:
            said = note(advice, action, self.seats[seat].name, self.lang)
            if said:
                self.log.append(said)
        return events

    # ------------------------------------------------------------------ the coach

    def toggle_coach(self) -> None:
        """The human at the keyboard turns their coach on or off; the log tells everyone."""
        seat = self.viewer
        if seat is None or self.needs_pass or not self.seats[seat].is_human:
            return
        on = seat not in self.coached
        if on:
            self.coached.add(seat)
        else:
            self.coached.discard(seat)
        self.log.append(t("coach_on" if on else "coach_off", self.lang, name=self.seats[seat].name))

    def advice(self) -> Advice | None:
        """The coach's advice for the human at the keyboard, if their coach is on and they have
        a choice now (made once per decision)."""
        seat = self.viewer
        if seat is None or seat not in self.coached or self.needs_pass:
            return None
        key = (seat, len(self.game.steps))
        if self._advice is None or self._advice[0] != key:
            self._advice = (key, advise(self.game.view(seat)))
        return self._advice[1]

    def coach_lines(self) -> list[str]:
        """What the coach shows now: who has it on, and the ranked moves of a coached decision."""
        lines = [self.coach_status()] if self.coached else []
        advice = self.advice()
        if advice is not None:
            lines.extend(ranking_lines(advice, self.lang))
        return lines

    def coach_status(self) -> str:
        """Who has the coach on ("Coach on for: Anna"), for everyone to see."""
        names = [self.seats[i].name for i in sorted(self.coached)]
        return t("coach_who", self.lang, names=", ".join(names))

    def bot_step(self) -> list[Event]:
        """Let the bot whose turn it is make one move.

        (The bots that are out were asked about buying in as the round began: see ``_after``.)
        """
        events: list[Event] = []
        decision = next_decision(self.game, self.strategies, self._asked)
        if decision is not None:
            answer = decision.decide(self.strategies[decision.seat])
            events = apply_decision(self.game, decision, answer) or []
            self._asked = decision.asked
        self._after(events)
        return events

    def _ask_buy_ins(self) -> None:
        """The bots that are out are asked about buying in as soon as a round may be bought into
        (before anyone throws), whoever's turn it is."""
        _, self._asked = ask_buy_ins(self.game, self.strategies, self._asked)

    def _after(self, events: list[Event]) -> None:
        del events  # the game's log has them; the explanations come from there
        self._ask_buy_ins()
        self._take_new_events()
        c = self.current
        if c is not None and self.seats[c].is_human and not self.needs_pass:
            self.viewer = c
        self._reset_marks()

    def _reset_marks(self) -> None:
        """The dice out of the cup stay picked after a throw: the aside dice are marked."""
        turn = self._my_turn()
        if turn is None or turn.showing is None:
            self.keep_marks = [False, False, False]
            return
        n = len(turn.aside)
        self.keep_marks = [i < n for i in range(3)]

    def _take_new_events(self) -> None:
        new = self.game.events[self._shown :]
        self._shown = len(self.game.events)
        if new:
            self.log.extend(explain(new, self.game.rules, self.game.players, self.lang))

    # ------------------------------------------------------------------ after the game

    def review_lines(self) -> list[str]:
        """The review of the game so far (:mod:`schocken.review`): what was not valued, each
        player's accuracy, and their three costliest decisions as they saw them."""
        from schocken.review import review, summary_lines, unvalued_lines

        result = review(self.record())
        return [*unvalued_lines(result, self.lang), *summary_lines(result, self.lang)]

    # ------------------------------------------------------------------ saving

    def record(self) -> GameRecord:
        """The game so far, with the table (seats, language) kept for resuming."""
        base = record_of(self.game, with_outcome=self.game.is_over)
        meta = {
            META_KEY: {
                "seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
                "lang": self.lang,
                "coach": sorted(self.coached),
            }
        }
        return GameRecord(base.rules, base.players, base.steps, base.outcome, meta)


def _saved_seats(raw: object, players: tuple[str, ...]) -> tuple[Seat, ...]:
    """The seats a saved game names in its table (humans where it names none)."""
    where = f"'meta.{META_KEY}.seats'"
    if raw is None:
        return tuple(Seat(name) for name in players)
    if not isinstance(raw, list) or len(raw) != len(players):
        raise RecordError(f"{where} must be a list of {len(players)} seats, one per player")
    seats = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise RecordError(f"{where}[{i}] must be an object with 'name' and 'bot'")
        bot = item.get("bot")
        if bot is not None and not is_bot(bot):
            known = ", ".join(bot_names())
            raise RecordError(f"{where}[{i}]: unknown bot {bot!r}; known bots: {known} (or null)")
        seats.append(Seat(players[i], bot))
    return tuple(seats)


def _saved_coach(raw: object, seats: tuple[Seat, ...]) -> set[int]:
    """The seats whose coach a saved game had on (none where it says nothing)."""
    if raw is None:
        return set()
    where = f"'meta.{META_KEY}.coach'"
    if not isinstance(raw, list) or not all(
        type(i) is int and 0 <= i < len(seats) and seats[i].is_human for i in raw
    ):
        raise RecordError(
            f"{where} must be a list of the human players' seats (0 to {len(seats) - 1})"
        )
    return set(raw)


def parse_seats(humans: Sequence[str], bots: int, bot_kind: str) -> list[Seat]:
    """Humans by name, then ``bots`` bots of one kind named after a list of pub names (none the
    same as a human's)."""
    names = [" ".join(h.split()) for h in humans if h.strip()]
    seats = [Seat(n) for n in names]
    pool = ["Bodo", "Kalle", "Uschi", "Gisela", "Manni", "Heinz", "Rita", "Jupp", "Trude", "Fiete"]
    taken = {name_key(n) for n in names}
    free = [p for p in pool if name_key(p) not in taken]
    for i in range(bots):
        name = free[i] if i < len(free) else f"Bot {i + 1}"
        seats.append(Seat(name, bot_kind))
    return seats


def default_rules() -> Rules:
    return find_preset("tsv99")
