"""The Finale's solution shared: rule sets that differ only in options the solution never reads
have the same solution (:mod:`schocken.finale`), solved once per :func:`finale_key` and Deckel
count. Standard library only at import; the solving imports :mod:`schocken.finale`."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING

from schocken.rules import Rules

if TYPE_CHECKING:
    from schocken.finale import FinaleSolution

NOT_IN_THE_FINALE = frozenset(
    {
        "preset",
        "deckel_per_half",
        "deckel_in_finale",
        "finale",
        "opening",
        "more_halves",
        "finale_opener",
        "einwuerfeln",
        "einwuerfeln_form",
        "first_round_one_throw",
        "one_throw_while_middle",
        "later_opener",
        "deckel_owed",
        "blind",
        "blind_double",
        "open_round",
    }
)
"""The rule options the solution never reads (who opens, how a game or half begins and goes
on, the Deckel counts, which are given apart): rule sets that differ only in these have the same
solution. Every other option, and any added later, counts (:func:`finale_key`)."""


def finale_key(rules: Rules) -> tuple[object, ...]:
    """What of ``rules`` the solution depends on: every option but :data:`NOT_IN_THE_FINALE`."""
    return tuple(getattr(rules, f.name) for f in fields(rules) if f.name not in NOT_IN_THE_FINALE)


_SOLVED: dict[tuple[tuple[object, ...], int], FinaleSolution] = {}
"""The solutions made by :func:`finale_solution`, by :func:`finale_key` and Deckel."""


def finale_solution(rules: Rules, total: int | None = None) -> FinaleSolution:
    """:func:`solve_finale` of ``rules`` (``total`` Deckel, default the Finale's), solved once
    per :func:`finale_key` and Deckel count: rule sets that differ only in options the solution
    never reads share it (the same values; each gets its own ``rules``)."""
    from schocken.finale import solve_finale

    n = rules.deckel_in_finale if total is None else total
    key = (finale_key(rules), n)
    sol = _SOLVED.get(key)
    if sol is None:
        sol = _SOLVED[key] = solve_finale(rules, total=n)
    return sol if sol.rules == rules else replace(sol, rules=rules)


def clear_caches() -> None:
    """Forget the solutions and round models made (for timing them from cold)."""
    from schocken import finale

    _SOLVED.clear()
    finale._MODELS.clear()
    finale._MODEL_OF.clear()
