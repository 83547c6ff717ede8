"""The Finale's solution shared: rule sets that differ only in options the solution never reads
have the same solution (:mod:`schocken.finale`), solved once per :func:`finale_key` and Deckel
count (:func:`~schocken.finale_reads.finale_key`)."""

from __future__ import annotations

from dataclasses import replace

from schocken import finale
from schocken.finale_reads import finale_key
from schocken.rules import Rules

_SOLVED: dict[tuple[tuple[object, ...], int], finale.FinaleSolution] = {}
"""The solutions made by :func:`finale_solution`, by :func:`finale_key` and Deckel."""


def finale_solution(rules: Rules, total: int | None = None) -> finale.FinaleSolution:
    """:func:`solve_finale` of ``rules`` (``total`` Deckel, default the Finale's), solved once
    per :func:`finale_key` and Deckel count: rule sets that differ only in options the solution
    never reads share it (the same values; each gets its own ``rules``)."""
    n = rules.deckel_in_finale if total is None else total
    key = (finale_key(rules), n)
    sol = _SOLVED.get(key)
    if sol is None:
        sol = _SOLVED[key] = finale.solve_finale(rules, total=n)
    return sol if sol.rules == rules else replace(sol, rules=rules)


def clear_caches() -> None:
    """Forget the solutions and round models made (for timing them from cold)."""
    _SOLVED.clear()
    finale._MODELS.clear()
    finale._MODEL_OF.clear()
