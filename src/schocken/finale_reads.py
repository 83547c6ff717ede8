"""What of a rule set the Finale's solution reads (:mod:`schocken.finale`): rule sets that differ
only in the options it never reads have the same solution and the same round model, so both are
made once per :func:`finale_key`. Standard library only."""

from __future__ import annotations

from dataclasses import fields

from schocken.rules import Rules

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
