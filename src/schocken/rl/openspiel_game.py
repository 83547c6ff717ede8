"""An OpenSpiel Python game of Schocken, registered as ``python_schocken`` on import.

>>> import pyspiel
>>> game = pyspiel.load_game("python_schocken", {"players": 3, "rules": "tsv99"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the opening round's first throw
(True, 56)
>>> import random
>>> pick = random.Random(1)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         outcomes, chances = zip(*state.chance_outcomes())
...         state.apply_action(pick.choices(outcomes, chances)[0])
...     else:
...         state.apply_action(pick.choice(state.legal_actions()))
>>> sorted(state.returns())
[-1.0, 0.0, 0.0]

- **Parameters** ``players`` (2 to 20, default 4) and ``rules`` (a preset's name or a
  house-rules TOML file's path, default ``tsv99``).
- **Players** the seats; a player node is a decision of :class:`schocken.rl.table.Table`: a
  turn's choice, or (Einwürfeln) a buy-in question. The actions are the table's 33 codes.
- **Chance nodes** the dice: a throw chosen (or a turn's first throw, made without asking) is
  followed by a chance node whose outcomes are the multisets the thrown dice can show, with
  their exact probabilities (56 for three dice, 21 for two, 6 for one); the engine never draws
  a die itself here.
- **Observations** the player's own view (:mod:`schocken.rl.observe`: another player's covered
  dice are never in it), as a tensor and as a string. The information state is the same view:
  it holds the current round as the player sees it and the game's Deckel, not the history of
  earlier rounds (not perfect recall).
- **Returns** -1 for the game's loser and 0 for the others (a constant-sum game, sum -1).
- **Length** the rules set no bound on a game; :data:`MAX_GAME_LENGTH` is one far beyond any
  game seen (random play: a few hundred actions).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from schocken.play import Ask
from schocken.players import MAX_PLAYERS, MIN_PLAYERS
from schocken.results import Dice, all_rolls, roll_probabilities
from schocken.rl.observe import Encoder
from schocken.rl.table import ACTIONS, Table, action_text, rules_of
from schocken.turn import dice_text
from schocken.views import PlayerView

SHORT_NAME = "python_schocken"
MAX_GAME_LENGTH = 100_000
"""The bound OpenSpiel asks for: far beyond any game (the rules themselves set none)."""
_ROLLS: dict[int, tuple[Dice, ...]] = {n: tuple(roll_probabilities(n)) for n in (1, 2, 3)}
"""The chance outcomes of a throw of ``n`` dice, by their action id."""
_PROBABILITIES = {n: [float(p) for p in roll_probabilities(n).values()] for n in (1, 2, 3)}
assert all(len(_ROLLS[n]) == len(all_rolls(n)) for n in (1, 2, 3))

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Schocken",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4, "rules": "tsv99"},
)


class _ChanceDice:
    """The dice of a chance node's outcome: the one throw they are given for."""

    def __init__(self) -> None:
        self.next: Dice | None = None

    def roll(self, n: int) -> tuple[int, ...]:
        pips = self.next
        assert pips is not None and len(pips) == n, "a throw without its chance outcome"
        self.next = None
        return pips


class SchockenGame(pyspiel.Game):  # type: ignore[misc]  # (OpenSpiel: untyped)
    """The game: ``players`` seats under ``rules`` (the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        players = int(params["players"])
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Schocken has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        self.rules = rules_of(str(params["rules"]))
        self.players = players
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=len(_ROLLS[3]),
            num_players=players,
            min_utility=-1.0,
            max_utility=0.0,
            utility_sum=-1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, params)
        self.encoder = Encoder(self.rules, players)

    def new_initial_state(self) -> SchockenState:
        return SchockenState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SchockenObserver:
        return SchockenObserver(self.encoder, params)


class SchockenState(pyspiel.State):  # type: ignore[misc]  # (OpenSpiel: untyped)
    """A state: the engine's game at a decision, or at a throw waiting for its dice."""

    def __init__(self, game: SchockenGame) -> None:
        super().__init__(game)
        self._dice = _ChanceDice()
        self.table = Table(game.rules, game.players, self._dice, forced=False)
        self._pending: int | None = None
        """The code of the throw waiting for its dice (a chance node), if any."""

    def _throw(self) -> int | None:
        """The code of the throw the chance node is for, if this is one."""
        if self._pending is not None:
            return self._pending
        d = self.table.decision
        if d is not None and d.kind is Ask.FORCED:
            return d.legal[0].code
        return None

    def current_player(self) -> int:
        d = self.table.decision
        if d is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._throw() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return d.seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.table.legal_codes())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        code = self._throw()
        assert code is not None, "no chance node"
        return list(enumerate(_PROBABILITIES[self.table.dice_needed(code)]))

    def _apply_action(self, action: int) -> None:
        code = self._throw()
        if code is not None:  # the dice of the throw
            self._dice.next = _ROLLS[self.table.dice_needed(code)][action]
            self._pending = None
            self.table.play(code)
        elif self.table.dice_needed(action):
            self._pending = action
        else:
            self.table.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            code = self._throw()
            n = 3 if code is None else self.table.dice_needed(code)
            return "dice " + dice_text(_ROLLS[n][action])
        return action_text(action)

    def is_terminal(self) -> bool:
        return self.table.decision is None

    def returns(self) -> list[float]:
        return self.table.returns()

    def __str__(self) -> str:
        return view_text(self.table.view(None))


def view_text(view: PlayerView) -> str:
    """A view in one line: the section, round, middle and Deckel, and the round's turns as the
    viewer sees them (``?`` for dice under a cup it may not see)."""
    turns = []
    for t in view.turns:
        dice = "-" if not t.throws else "?" if t.showing is None else dice_text(t.showing)
        aside = f" aside {dice_text(t.aside)}" if t.aside else ""
        end = " done" if t.done else ""
        turns.append(f"p{t.seat}: {dice} ({t.throws}){aside}{end}")
    who = "spectator" if view.seat is None else f"p{view.seat}"
    deckel = ",".join(str(d) for d in view.deckel)
    return (
        f"{who} {view.section.value} round {view.round_number} {view.round_kind.value} "
        f"middle {view.middle} deckel {deckel} | " + " | ".join(turns)
    )


class SchockenObserver:
    """OpenSpiel's observer: a player's own view as a tensor and a string (the same for the
    observation and the information state)."""

    def __init__(self, encoder: Encoder, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params!r}")
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SchockenState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.table.view(player))

    def string_from(self, state: SchockenState, player: int) -> str:
        return view_text(state.table.view(player))


pyspiel.register_game(GAME_TYPE, SchockenGame)

__all__ = [
    "GAME_TYPE",
    "MAX_GAME_LENGTH",
    "SHORT_NAME",
    "SchockenGame",
    "SchockenObserver",
    "SchockenState",
    "view_text",
]
