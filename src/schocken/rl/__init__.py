"""The learning environment (the ``rl`` extra): Schocken for reinforcement learning.

- :mod:`schocken.rl.table`: one game of the reference engine, driven decision by decision, with
  every decision's legal actions as codes of one fixed action space;
- :mod:`schocken.rl.observe`: a player's own view (:meth:`schocken.game.Game.view`, where
  another player's covered dice are absent) as a flat vector, and the mask of the legal actions;
- :mod:`schocken.rl.pettingzoo_env`: a PettingZoo AEC environment of every seat;
- :mod:`schocken.rl.gym_env`: a Gymnasium environment of one seat against built-in bots;
- :mod:`schocken.rl.openspiel_game`: an OpenSpiel Python game (``python_schocken``), the dice as
  chance nodes;
- :mod:`schocken.rl.baseline`: a small policy trained on the Gymnasium environment.

Nothing outside this package imports it, so none of its dependencies (numpy, PettingZoo,
Gymnasium, OpenSpiel) is needed to play. ``docs/bots-api.md`` ("The learning environment").
"""
