"""What a game shows at every step, boiled down to one hash: the corpus's check of the engine.

For every step of a record the fingerprint takes in the events the step caused, what the acting
player and a spectator saw before it, the legal actions of every seat, and (every seventh step)
the refusal message of every illegal action of the player whose turn it is and of the next seat.
The views are taken in without their rule set (the record names it, and a rule option added later
must not change the fingerprint of a game that does not use it).
Two engines that give the same fingerprint for a record show the same game to everyone.
Used by ``make_corpus.py`` (which writes the corpus) and ``tests/test_corpus.py`` (which checks it).
"""

from __future__ import annotations

import hashlib

from schocken.actions import ACTION_COUNT, THROW_BLIND, action_from_code
from schocken.errors import IllegalActionError
from schocken.game import Game
from schocken.record import GameRecord


class _StepDice:
    """Feeds each step exactly the pips the record gives it."""

    def __init__(self) -> None:
        self.pips: tuple[int, ...] = ()

    def roll(self, n: int) -> tuple[int, ...]:
        assert len(self.pips) == n, f"the step gives {self.pips}, the throw needs {n} dice"
        out, self.pips = self.pips, ()
        return out


def _seen(game: Game, seat: int | None) -> bytes:
    """What ``seat`` sees, without the rule set."""
    fields = game.view(seat)._asdict()
    del fields["rules"]
    return repr(fields).encode()


def fingerprint(record: GameRecord) -> str:
    """The hash of everything the game shows, step by step (see the module's docstring)."""
    dice = _StepDice()
    game = Game(record.rules, record.players, dice)
    n = len(record.players)
    digest = hashlib.sha256()
    add = digest.update
    for i, step in enumerate(record.steps):
        current = game.current_player
        assert current is not None
        add(_seen(game, step.seat))
        add(_seen(game, None))
        for seat in range(n):
            add(repr(game.legal_actions(seat)).encode())
        if i % 7 == 0:
            for seat in (current, (current + 1) % n):
                legal = game.legal_actions(seat)
                for code in range(ACTION_COUNT):
                    action = action_from_code(code)
                    if action in legal or (action is THROW_BLIND and not record.rules.blind):
                        continue  # (an action of a later option is left out where it is off)
                    try:
                        game.apply(action, seat)
                    except IllegalActionError as exc:
                        add(f"{seat} {action}: {type(exc).__name__}: {exc}".encode())
                    else:  # pragma: no cover - the fingerprint then differs anyway
                        raise AssertionError(f"step {i}: {action} by {seat} was not refused")
        dice.pips = step.pips
        add(repr(game.apply(step.action, step.seat)).encode())
    add(_seen(game, None))
    add(repr((game.loser, game.half_losers, game.turns_played, game.round_count)).encode())
    return digest.hexdigest()
