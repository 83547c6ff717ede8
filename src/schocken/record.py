"""Game records: a game as versioned JSON, and replaying a record through the engine.

A record holds the rules (preset and overrides), the players, and every accepted action with the
pips its throw showed. Replaying it runs every step through a fresh :class:`~schocken.game.Game`
fed with exactly those pips, so a record written by the engine replays to the identical game, and
a record with an illegal step is refused with the step's index and the reason. The format is
documented in ``docs/record.md``.

A record of a game played with :class:`~schocken.dice.CommittedDice` carries the commitment and,
once the game is over, the seed: :func:`check_dice` recomputes every die from it
(``docs/fair-dice.md``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from schocken.actions import Action, parse_action
from schocken.dice import SCHEME, SEED_BYTES, commitment_of, derived_die
from schocken.errors import (
    DiceExhaustedError,
    IllegalActionError,
    RecordError,
    RulesError,
    json_error_said,
)
from schocken.events import GameEnded, RoundStarted, Section, SectionEnded
from schocken.game import Game
from schocken.players import check_players
from schocken.rules import Rules, json_kind, rules_from_data, rules_to_data
from schocken.texts import refused

RECORD_FORMAT = "schocken-record"
RECORD_VERSION = 1
MAX_STEPS = 1_000_000
FIELDS = ("format", "version", "rules", "players", "meta", "dice", "steps", "outcome")
"""The fields of a record's top level; any other refuses the record."""
OUTCOME_FIELDS = (
    "finished",
    "sections",
    "finale",
    "blattschuss",
    "loser",
    "loser_name",
    "rounds",
)
"""The fields of an outcome, as :func:`outcome_of` gives them; any other refuses the record."""


@dataclass(frozen=True, slots=True)
class RecordStep:
    """One accepted action: who acted, what they did, the pips their throw showed."""

    seat: int
    action: Action
    pips: tuple[int, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class DiceProof:
    """What a record carries of committed dice (:class:`~schocken.dice.CommittedDice`): the
    commitment published at the start (SHA-256 of the seed, hex) and, once the game is over, the
    seed (hex)."""

    commitment: str
    seed: str | None = None
    scheme: str = SCHEME

    @classmethod
    def of(cls, seed: bytes, *, reveal: bool) -> DiceProof:
        """The proof of dice dealt from ``seed``; the seed itself only when ``reveal``."""
        return cls(commitment_of(seed), seed.hex() if reveal else None)

    def to_dict(self) -> dict[str, str]:
        data = {"scheme": self.scheme, "commitment": self.commitment}
        if self.seed is not None:
            data["seed"] = self.seed
        return data


@dataclass(frozen=True, slots=True)
class DiceCheck:
    """What :func:`check_dice` found: whether every die follows from the committed seed, how many
    dice were checked, and otherwise the first fault (the seed, or a die: the step, the die's
    place in its throw from 0, its number in the game from 0, recorded and derived pips)."""

    fair: bool
    dice: int
    reason: str = ""
    step: int | None = None
    die: int | None = None
    index: int | None = None
    recorded: int | None = None
    derived: int | None = None
    error: RecordError | None = None
    """The fault as a refusal (its words in every language); ``reason`` is its English text."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as data: rules, players and every step. ``outcome`` is what the game came to, if
    the record states it; replaying checks it. ``dice``: the commitment (and, after the game,
    the seed) of committed dice, if the game had them."""

    rules: Rules
    players: tuple[str, ...]
    steps: tuple[RecordStep, ...]
    outcome: Mapping[str, Any] | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)
    dice: DiceProof | None = None

    def to_json(self, *, indent: int | None = 1) -> str:
        """The record as JSON text (see ``docs/record.md``)."""
        steps = []
        for s in self.steps:
            item: dict[str, Any] = {"seat": s.seat, "action": str(s.action)}
            if s.pips:
                item["pips"] = list(s.pips)
            if s.note:
                item["note"] = s.note
            steps.append(item)
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": rules_to_data(self.rules),
            "players": list(self.players),
        }
        if self.meta:
            data["meta"] = dict(self.meta)
        if self.dice is not None:
            data["dice"] = self.dice.to_dict()
        data["steps"] = steps
        if self.outcome is not None:
            data["outcome"] = dict(self.outcome)
        if indent is None:
            return json.dumps(data, ensure_ascii=False)
        # One step a line: readable and diff-friendly.
        head = json.dumps(
            {k: v for k, v in data.items() if k != "steps"}, ensure_ascii=False, indent=indent
        )
        body = ",\n".join("  " + json.dumps(s, ensure_ascii=False) for s in steps)
        return head[:-2] + ',\n "steps": [\n' + body + "\n ]\n}\n"


def record_of(
    game: Game, *, with_outcome: bool = True, dice: DiceProof | None = None
) -> GameRecord:
    """The record of a game so far (``dice``: the proof of its committed dice, if it had
    them)."""
    steps = tuple(RecordStep(seat, action, pips) for seat, action, pips in game.steps)
    return GameRecord(
        rules=game.rules,
        players=game.players,
        steps=steps,
        outcome=outcome_of(game) if with_outcome else None,
        dice=dice,
    )


def check_dice(record: GameRecord) -> DiceCheck:
    """Whether every die of the record follows from the seed committed to at the start: the
    SHA-256 of the seed must be the commitment, and the pips of every step, taken in order, must
    be dice 0, 1, 2, ... that the seed deals (:func:`schocken.dice.derived_die`).

    Raises :class:`~schocken.errors.RecordError` when there is nothing to check: a record
    without committed dice, or one whose seed is not revealed (the game was not over). This
    checks the dice only; :func:`replay` checks that the steps are a legal game.
    """
    proof = record.dice
    if proof is None:
        raise refused(RecordError, "record_refuse_no_commitment")
    if proof.seed is None:
        raise refused(RecordError, "record_refuse_no_seed")
    seed = bytes.fromhex(proof.seed)
    total = sum(len(s.pips) for s in record.steps)
    hashed = commitment_of(seed)
    if hashed != proof.commitment:
        error = refused(
            RecordError, "record_dice_seed_differs", hashed=hashed, commitment=proof.commitment
        )
        return DiceCheck(fair=False, dice=0, reason=str(error), error=error)
    index = 0
    for i, step in enumerate(record.steps):
        for place, pip in enumerate(step.pips):
            derived = derived_die(seed, index)
            if pip != derived:
                error = refused(
                    RecordError,
                    "record_dice_die_differs",
                    step=i,
                    action=step.action,
                    seat=step.seat,
                    place=place + 1,
                    dice=len(step.pips),
                    pip=pip,
                    derived=derived,
                    number=index + 1,
                )
                return DiceCheck(
                    fair=False,
                    dice=index,
                    reason=str(error),
                    error=error,
                    step=i,
                    die=place,
                    index=index,
                    recorded=pip,
                    derived=derived,
                )
            index += 1
    return DiceCheck(fair=True, dice=total)


def outcome_of(game: Game) -> dict[str, Any]:
    """What a game came to: each half's loser and the Deckel held when it ended, whether there
    was a Finale or a Blattschuss, and the game's loser (``None`` while it goes on)."""
    sections = []
    blattschuss = False
    for e in game.events:
        if isinstance(e, SectionEnded):
            sections.append(
                {
                    "section": e.section.value,
                    "loser": e.loser,
                    "loser_name": game.players[e.loser],
                    "schock_aus": e.schock_aus,
                    "deckel": list(e.deckel),
                }
            )
        elif isinstance(e, GameEnded):
            blattschuss = e.blattschuss
    rounds = sum(1 for e in game.events if isinstance(e, RoundStarted))
    return {
        "finished": game.is_over,
        "sections": sections,
        "finale": any(s["section"] == Section.FINALE.value for s in sections),
        "blattschuss": blattschuss,
        "loser": game.loser,
        "loser_name": None if game.loser is None else game.players[game.loser],
        "rounds": rounds,
    }


class _StepDice:
    """Feeds each step exactly the pips the record gives it."""

    def __init__(self) -> None:
        self.pips: tuple[int, ...] = ()
        self.used = 0

    def load(self, pips: tuple[int, ...]) -> None:
        self.pips, self.used = pips, 0

    def roll(self, n: int) -> tuple[int, ...]:
        if self.used + n > len(self.pips):
            pips = len(self.pips) - self.used
            raise refused(DiceExhaustedError, "record_refuse_dice_short", n=n, pips=pips)
        out = self.pips[self.used : self.used + n]
        self.used += n
        return out


def replay(
    record: GameRecord,
    *,
    check_outcome: bool = True,
    before: Callable[[int, RecordStep, Game], None] | None = None,
) -> Game:
    """Run every step of a record through a fresh game; refuse the first illegal one.

    ``before``, if given, is called with each step's index, the step and the game as it stands
    just before the step is applied (what a review needs: who saw what when they decided); it
    must not change the game.

    Raises :class:`~schocken.errors.RecordError` naming the step's index and the reason.
    """
    dice = _StepDice()
    try:
        game = Game(record.rules, record.players, dice)
    except ValueError as exc:
        raise refused(RecordError, "record_refuse_players_cannot", why=exc) from None
    for i, step in enumerate(record.steps):
        if game.is_over:
            raise _at_step(i, "record_refuse_over")
        if before is not None:
            before(i, step, game)
        dice.load(step.pips)
        played = {"action": step.action, "seat": step.seat}
        try:
            game.apply(step.action, step.seat)
        except IllegalActionError as exc:
            raise _at_step(i, "record_refuse_illegal", **played, why=exc) from None
        except DiceExhaustedError as exc:
            raise _at_step(i, "record_refuse_short", **played, why=exc) from None
        if dice.used != len(step.pips):
            raise _at_step(
                i, "record_refuse_dice_left", **played, used=dice.used, pips=len(step.pips)
            )
    if check_outcome and record.outcome is not None:
        actual = outcome_of(game)
        for key, expected in record.outcome.items():
            if actual.get(key) != expected:
                raise refused(
                    RecordError,
                    "record_refuse_outcome_differs",
                    name=key,
                    expected=expected,
                    actual=actual.get(key),
                )
    return game


def _at_step(i: int, key: str, **fields: object) -> RecordError:
    """The refusal of step ``i``: "step 3: " and the text ``key`` (:mod:`schocken.record_texts`)
    with its fields, in either language."""
    why = refused(RecordError, key, **fields)
    return refused(RecordError, "record_refuse_step", index=i, why=why)


def _need(cond: bool, key: str, **fields: object) -> None:
    if not cond:
        raise refused(RecordError, key, **fields)


def _no_unknown(key: str, names: list[str], known: tuple[str, ...]) -> None:
    """Refuse the unknown fields ``names``, if any: with the text ``key`` for one, ``key`` and
    "s" for several."""
    if names:
        plural = "s" if len(names) > 1 else ""
        fields = {"names": ", ".join(map(repr, names)), "known": ", ".join(known)}
        raise refused(RecordError, key + plural, **fields)


def record_from_dict(data: object) -> GameRecord:
    """A record from parsed JSON; anything malformed is refused with what and where."""
    _need(isinstance(data, dict), "record_refuse_object")
    assert isinstance(data, dict)
    _no_unknown("record_refuse_field", [k for k in data if k not in FIELDS], FIELDS)
    _need(data.get("format") == RECORD_FORMAT, "record_refuse_format", format=RECORD_FORMAT)
    version = data.get("version")
    _need(
        type(version) is int and version == RECORD_VERSION,
        "record_refuse_version",
        version=repr(version),
        reads=RECORD_VERSION,
    )
    try:
        rules = rules_from_data(data.get("rules"), "'rules'")
    except RulesError as exc:
        raise refused(RecordError, "record_refuse_as_is", why=exc) from None
    players = data.get("players")
    _need(
        isinstance(players, list) and all(isinstance(p, str) for p in players),
        "record_refuse_players",
    )
    assert isinstance(players, list)
    try:
        check_players(players)
    except ValueError as exc:
        raise refused(RecordError, "record_refuse_players_cannot", why=exc) from None
    raw_steps = data.get("steps")
    _need(isinstance(raw_steps, list), "record_refuse_steps")
    assert isinstance(raw_steps, list)
    _need(len(raw_steps) <= MAX_STEPS, "record_refuse_steps_most", most=MAX_STEPS)
    steps = []
    for i, raw in enumerate(raw_steps):
        steps.append(_step_from_dict(raw, i, len(players)))
    outcome = data.get("outcome")
    _need(outcome is None or isinstance(outcome, dict), "record_refuse_outcome")
    if isinstance(outcome, dict):
        unknown = [k for k in outcome if k not in OUTCOME_FIELDS]
        _no_unknown("record_refuse_outcome_field", unknown, OUTCOME_FIELDS)
    meta = data.get("meta", {})
    _need(isinstance(meta, dict), "record_refuse_meta")
    dice = _dice_from(data.get("dice"))
    return GameRecord(rules, tuple(players), tuple(steps), outcome, meta, dice)


DICE_FIELDS = ("scheme", "commitment", "seed")
"""The fields of a record's ``dice``; any other refuses the record."""


def _is_hex(value: object, size: int) -> bool:
    return (
        isinstance(value, str)
        and len(value) == 2 * size
        and all(c in "0123456789abcdef" for c in value)
    )


def _dice_from(raw: object) -> DiceProof | None:
    """The record's ``dice``: absent or null (no committed dice), else the scheme, the commitment
    and perhaps the seed, each in lowercase hex."""
    if raw is None:
        return None
    _need(isinstance(raw, dict), "record_refuse_dice")
    assert isinstance(raw, dict)
    _no_unknown("record_refuse_dice_field", [k for k in raw if k not in DICE_FIELDS], DICE_FIELDS)
    scheme = raw.get("scheme")
    shown = repr(scheme[:40]) if isinstance(scheme, str) else json_kind(scheme)
    _need(scheme == SCHEME, "record_refuse_dice_scheme", scheme=shown, known=SCHEME)
    commitment = raw.get("commitment")
    _need(_is_hex(commitment, 32), "record_refuse_dice_commitment")
    seed = raw.get("seed")
    _need(
        seed is None or _is_hex(seed, SEED_BYTES),
        "record_refuse_dice_seed",
        digits=2 * SEED_BYTES,
        size=SEED_BYTES,
    )
    assert isinstance(commitment, str) and (seed is None or isinstance(seed, str))
    return DiceProof(commitment, seed)


def _step_from_dict(raw: object, i: int, n_players: int) -> RecordStep:
    if not isinstance(raw, dict):
        raise _at_step(i, "record_refuse_step_object")
    unknown = set(raw) - {"seat", "action", "pips", "note"}
    if unknown:
        raise _at_step(i, "record_refuse_step_fields", names=", ".join(sorted(unknown)))
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n_players:
        raise _at_step(i, "record_refuse_step_seat", last=n_players - 1)
    raw_action = raw.get("action")
    if not isinstance(raw_action, str):
        raise _at_step(i, "record_refuse_step_action", kind=json_kind(raw_action))
    try:
        action = parse_action(raw_action)
    except ValueError as exc:
        raise _at_step(i, "record_refuse_as_is", why=exc) from None
    pips = raw.get("pips", [])
    if not isinstance(pips, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= 6 for p in pips
    ):
        raise _at_step(i, "record_refuse_step_pips")
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise _at_step(i, "record_refuse_step_note")
    return RecordStep(seat, action, tuple(pips), note)


def parse_record(text: str) -> GameRecord:
    """A record from JSON text."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecordError:
        raise
    except json.JSONDecodeError as exc:  # where and why, in the catalogue's words
        raise refused(RecordError, "record_refuse_json", why=json_error_said(exc)) from None
    except RecursionError:
        raise refused(RecordError, "record_refuse_json_deep") from None
    except ValueError:  # Python's limit on the digits of a whole number
        most = sys.get_int_max_str_digits()
        raise refused(RecordError, "record_refuse_json_digits", most=most) from None
    return record_from_dict(data)


def _no_constant(name: str) -> object:
    """``NaN`` and ``Infinity`` are not JSON, though Python's reader takes them."""
    raise refused(RecordError, "record_refuse_json_constant", name=name)
