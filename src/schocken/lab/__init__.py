"""The rules lab: what a rule set does to an evening (game length, Finale, Schock-Aus, the
opener's lot, how much skill matters), from many simulated games, with 95% intervals; two rule
sets side by side (``schocken lab``, the rules builder's panel)."""

from schocken.lab.run import (
    FIGURES,
    TEST,
    Difference,
    Estimate,
    Figures,
    club_minutes_per_game,
    compare,
    fast_available,
    measure,
    refine,
)

__all__ = [
    "FIGURES",
    "TEST",
    "Difference",
    "Estimate",
    "Figures",
    "club_minutes_per_game",
    "compare",
    "fast_available",
    "measure",
    "refine",
]
