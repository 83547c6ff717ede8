"""The lab's evening: games of the pub's regulars, and per game what the evening's figures are
made of (:class:`Games`), played on the batch simulator (:func:`play_fast`) or on the reference
engine (:func:`play_reference`), the same counts for the same games (``tests/test_lab.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.events import RoundEnded, RoundKind, RoundStarted, Section, SectionEnded
from schocken.game import Game
from schocken.lab import notebook
from schocken.play import play_game
from schocken.players import seat_names
from schocken.rules import Rules

Progress = Callable[[int], None] | None
"""Told the games done now and then (None: nobody to tell)."""


@dataclass(slots=True)
class Games:
    """Per game: rounds, turns, whether a Finale was played, and the rounds for Deckel that
    gave Deckel, of them those that ended in a Schock-Aus and those their opener lost."""

    rounds: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    finale: list[bool] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    schock_aus: list[int] = field(default_factory=list)
    opener_lost: list[int] = field(default_factory=list)

    def lists(self) -> dict[str, list[int]]:
        """The lists by their names, a flag as 0 or 1 (as the lab's notebook keeps them)."""
        out = {name: getattr(self, name) for name in notebook.EVENING}
        out["finale"] = [int(f) for f in self.finale]
        return out

    @classmethod
    def from_lists(cls, lists: Mapping[str, list[int]]) -> Games:
        """The games from :meth:`lists`' lists."""
        rest = {name: values for name, values in lists.items() if name != "finale"}
        return cls(finale=[bool(f) for f in lists["finale"]], **rest)


def play_fast(rules: Rules, lineup: list[str], games: int, seed: int, progress: Progress) -> Games:
    """``games`` games of ``lineup`` (bots by name) with ``seed`` on the batch simulator;
    ``progress`` is told the games done now and then."""
    import numpy as np

    from schocken import fast
    from schocken.fast import kernel

    out = Games()
    done = 0
    while done < games:
        count = min(fast.CHUNK, games - done)
        rows = fast.play_rows(rules, lineup, done, count, seed)
        halves = (rows[:, kernel.O_HALF_LOSER :] >= 0).sum(axis=1)
        out.rounds += rows[:, kernel.O_ROUNDS].tolist()
        out.turns += rows[:, kernel.O_TURNS].tolist()
        out.finale += (rows[:, kernel.O_SECTIONS] > halves).tolist()
        out.paid += rows[:, kernel.O_PAID].tolist()
        out.schock_aus += rows[:, kernel.O_SCHOCK_AUS].tolist()
        out.opener_lost += rows[:, kernel.O_OPENER_LOST].tolist()
        done += count
        if progress is not None:
            progress(done)
    assert np is not None
    return out


def round_counts(events: Sequence[object]) -> tuple[int, int, int, bool]:
    """A game's rounds for Deckel that gave Deckel (a throw-off counted with the round it
    decided), of them those that ended in a Schock-Aus and those their opener lost, and whether
    it reached a Finale (the batch simulator's ``O_PAID``, ``O_SCHOCK_AUS``, ``O_OPENER_LOST``)."""
    paid = schock_aus = opener_lost = 0
    opener = -1
    finale = False
    for e in events:
        if isinstance(e, RoundStarted) and e.kind is RoundKind.NORMAL:
            opener = e.order[0]
        elif (
            isinstance(e, RoundEnded)
            and e.kind in (RoundKind.NORMAL, RoundKind.THROW_OFF)
            and e.worst is not None
            and not e.stechen
        ):
            paid += 1
            schock_aus += e.deckel is None
            opener_lost += e.worst == opener
        elif isinstance(e, SectionEnded) and e.section is Section.FINALE:
            finale = True
    return paid, schock_aus, opener_lost, finale


def play_reference(
    rules: Rules, lineup: list[str], games: int, seed: int, progress: Progress
) -> Games:
    """:func:`play_fast` on the reference engine (each game its own seed, drawn from ``seed``)."""
    out = Games()
    names = seat_names(len(lineup))
    master = random.Random(seed)
    for g in range(games):
        game_seed = master.getrandbits(63)
        bots = [make_bot(name, game_seed + s + 1) for s, name in enumerate(lineup)]
        game = play_game(Game(rules, names, RandomDice(game_seed)), bots)
        paid, schock_aus, opener_lost, finale = round_counts(game.events)
        out.rounds.append(game.round_count)
        out.turns.append(game.turns_played)
        out.finale.append(finale)
        out.paid.append(paid)
        out.schock_aus.append(schock_aus)
        out.opener_lost.append(opener_lost)
        if progress is not None and (g + 1) % 50 == 0:
            progress(g + 1)
    return out
