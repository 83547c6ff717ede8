"""Two rule sets side by side in a process that keeps running (the builder's server, ``POST
/api/lab``): the second, where it is new to this process, measured in the helper process
(:mod:`schocken.helper`) on the other core while this process measures the first.

A rule set new to a process costs it the strong bot's setup (the Finale's solutions, the first
skill games filling its memo: work in Python for one core). Shared out in pieces (the helper
filling part of each memo, as it once did) two new rule sets took about as long side by side as
one after the other; measured each on a core of its own, they take about as long as one. The
helper measures and refines its rule set with the same code and the same games as this process
would (:func:`~schocken.lab.run.measure`, :func:`~schocken.lab.run.refine` called
there): the same figures, and it keeps that rule set's memo for its refining. Where the helper
fails, the rule set is measured (or refined) here, after the first: the same figures, later.
The command line has its own way to two cores (:mod:`schocken.lab.beside`: a forked child).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from typing import Any

from schocken import helper
from schocken.lab.run import (
    SKILL_GAMES,
    SKILL_SECONDS,
    Figures,
    counted,
    fast_available,
    known,
    measure,
    noted,
    refine,
    skill_short,
    start_models,
)
from schocken.rules import Rules

Progress = Callable[[int, int], None]
"""Told a rule set's index and its games (or skill games) done so far."""


@contextlib.contextmanager
def _one_core(side_by_side: bool = True) -> Iterator[None]:
    """The batch simulator's games on one thread in this thread, where ``side_by_side`` (the
    other core is the helper's: two threads each would wait for each other's core)."""
    if not side_by_side or not fast_available():
        yield
        return
    from schocken.fast import on_threads

    with on_threads(1):
        yield


def _away(rules: Rules, engine: str) -> bool:
    """Whether ``rules`` is measured (or refined) in the helper: on the batch simulator, new to
    this process, and the helper to be used."""
    return engine != "reference" and fast_available() and helper.enabled() and not known(rules)


def load_ahead(rules: Rules) -> Future[None] | None:
    """Have the helper process load the batch simulator's compiled code (numba's cache: about
    half a second) while it has nothing else to do, with the tables of ``rules``: a rule set
    measured there later (:func:`measure_pair`) then begins at once. The builder's server asks
    as its page opens (``POST /api/lab/warm``). Nothing where the batch simulator is not
    installed or the helper is not to be used; else the call (its answer None)."""
    if not (fast_available() and helper.enabled()):
        return None
    loaded: Future[None] = helper.call("schocken.lab.pair:_loaded", rules)
    return loaded


def _loaded(rules: Rules) -> None:
    """In the helper process: :func:`load_ahead`'s work."""
    from schocken import fast
    from schocken.bots.half_bot import MEASURED_GAMES
    from schocken.fast.strong import load_code
    from schocken.lab.run import PLAYERS

    with _one_core():
        fast.worth_counts(rules, PLAYERS, MEASURED_GAMES)  # the games' loop
    load_code(rules)  # the strong bots'


def measure_pair(
    rule_sets: Sequence[Rules],
    *,
    engine: str = "auto",
    skill_seconds: float = SKILL_SECONDS,
    progress: Progress | None = None,
    **options: Any,
) -> list[Figures]:
    """:func:`~schocken.lab.run.measure` of one or two rule sets (``options`` passed on): the
    second, where new to this process, in the helper meanwhile, each with ``skill_seconds``;
    else one after the other, sharing them. ``progress`` is told the evening's games done."""
    away: Future[Figures] | None = None
    games, seed = options.get("skill_games", SKILL_GAMES), options.get("seed", 0)
    evening = options.get("games")
    # a rule set the lab's notebook holds whole needs no game: nothing to start for it
    ready = [
        noted(r, engine=engine, games=evening, skill_games=games, seed=seed) for r in rule_sets
    ]
    if len(rule_sets) == 2 and not any(ready) and _away(rule_sets[1], engine):
        # asked first: the helper begins it before what the first rule set asks of it
        options_away = options | {"engine": engine, "skill_seconds": skill_seconds}
        away = helper.call("schocken.lab.pair:_measured", rule_sets[1], options_away)
    here = rule_sets[:1] if away is not None else rule_sets
    # the Finale's solutions of all of them asked of the helper at once (:func:`start_models`);
    # where it measures the second, none (it is not idle: queued behind that, they would only
    # hold up its refining later; this process solves them itself)
    start_models([r for r, whole in zip(here, ready, strict=False) if not whole])
    found: list[Figures] = []
    # a rule set whose skill games are all counted (the preset the page warmed) or noted needs
    # none of the time: the other has all of it
    whole = [w or counted(r, games, seed) for r, w in zip(here, ready, strict=False)]
    for i, rules in enumerate(here):

        def tell(done: int, i: int = i) -> None:
            if progress is not None:
                progress(i, done)

        alone = all(w for j, w in enumerate(whole) if j != i)
        seconds = skill_seconds if alone else skill_seconds / len(here)
        with _one_core(away is not None):
            figures = measure(rules, engine=engine, skill_seconds=seconds, progress=tell, **options)
        found.append(figures)
    if away is not None:
        try:
            found.append(away.result())
        except helper.HelperError:  # measured here instead: the same figures, later
            found.append(
                measure(rule_sets[1], engine=engine, skill_seconds=skill_seconds / 2, **options)
            )
        if progress is not None:
            progress(1, found[1].games)
    return found


def refine_pair(
    found: Sequence[Figures],
    skill_games: int,
    seconds: float,
    progress: Progress | None = None,
    *,
    fresh: bool = False,
) -> list[Figures]:
    """:func:`~schocken.lab.run.refine` of each of ``found`` whose skill figure comes from
    fewer than ``skill_games`` games, for about ``seconds``: one new to this process (measured
    by the helper, :func:`measure_pair`, which keeps its memo) in the helper meanwhile, those
    here sharing the time; with ``fresh`` played, not taken from the lab's notebook.
    ``progress`` is told the skill games done."""
    result = list(found)
    short = [i for i, f in enumerate(found) if skill_short(f, skill_games)]
    away: dict[int, Future[Figures]] = {}
    for i in short:  # one in the helper (its calls come one after another there)
        if not away and _away(found[i].rules, found[i].skill_engine):
            call = "schocken.lab.pair:_refined"
            away[i] = helper.call(call, found[i], skill_games, seconds, fresh)
    here = [i for i in short if i not in away]
    for i in here:

        def tell(done: int, i: int = i) -> None:
            if progress is not None:
                progress(i, done)

        with _one_core(bool(away)):
            result[i] = refine(found[i], skill_games, seconds / len(here), tell, fresh=fresh)
    for i, future in away.items():
        try:
            result[i] = future.result()
        except helper.HelperError:  # refined here instead
            result[i] = refine(found[i], skill_games, seconds / len(short), fresh=fresh)
        if progress is not None:
            progress(i, result[i].skill.games)
    return result


def _measured(rules: Rules, options: dict[str, Any]) -> Figures:
    """In the helper process: :func:`measure_pair`'s second rule set (on one core: the other
    is the caller's)."""
    with _one_core():
        return measure(rules, **options)


def _refined(figures: Figures, skill_games: int, seconds: float, fresh: bool) -> Figures:
    """In the helper process: :func:`refine_pair`'s rule set measured there (on one core)."""
    with _one_core():
        return refine(figures, skill_games, seconds, fresh=fresh)
