"""The Finale's solution shared: rule sets that differ only in options the solution never reads
have the same solution (:mod:`schocken.finale`), solved once per :func:`finale_key` and Deckel
count (:func:`~schocken.finale_reads.finale_key`), and kept on disk for later processes.

A caller that knows which solutions it will ask for soon starts them in the helper process
(:func:`solve_ahead`, :mod:`schocken.helper`): the same code in another Python process, the same
floats (the solution does not depend on the number of BLAS threads), while this one goes on;
:func:`finale_solution` then waits for it where the helper has begun it, and solves here where
it has not or failed.

On disk where ``SCHOCKEN_CACHE_DIR`` names a directory (as for the strong bots' memo,
:mod:`schocken.fast.strong`; unset or empty: nothing is kept): one small file per solution (its
values, a few kB). A file's name is a fingerprint of what the solution reads of the rules, its
Deckel and the source of every module it is computed with: a change of either solves it anew. A
file that cannot be read is solved anew and written again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any

from schocken import finale, helper
from schocken.finale_reads import finale_key
from schocken.finale_turns import _np
from schocken.rules import Rules

Key = tuple[tuple[object, ...], int]

_SOLVED: dict[Key, finale.FinaleSolution] = {}
"""The solutions made by :func:`finale_solution`, by :func:`finale_key` and Deckel."""

_AHEAD: dict[Key, tuple[Future[Any], int]] = {}
"""The solutions being made by the helper process (:func:`solve_ahead`), by key: the call's
future (a list of their values and (residual, iterations, seconds)) and the place in it."""

CACHE_ENV = "SCHOCKEN_CACHE_DIR"
"""The environment variable naming the cache directory (as for the strong bots' memo)."""

SOURCES = (
    "actions.py", "dice.py", "finale.py", "finale_reads.py", "finale_turns.py", "results.py",
    "round.py", "rules.py", "turn.py",
)  # fmt: skip
"""The modules (under ``src/schocken``) a solution is computed with: their source goes into
its file's fingerprint."""


def finale_solution(rules: Rules, total: int | None = None) -> finale.FinaleSolution:
    """:func:`solve_finale` of ``rules`` (``total`` Deckel, default the Finale's), solved once
    per :func:`finale_key` and Deckel count: rule sets that differ only in options the solution
    never reads share it (the same values; each gets its own ``rules``). Kept on disk for later
    processes where ``SCHOCKEN_CACHE_DIR`` says (see the module)."""
    n = rules.deckel_in_finale if total is None else total
    key = (finale_key(rules), n)
    sol = _SOLVED.get(key)
    if sol is None:
        path = _path(key)
        sol = _load(path, rules, n) if path is not None else None
        ahead = _AHEAD.pop(key, None)
        # taken from the helper where it has begun it (not waited for behind other work there)
        if sol is None and ahead is not None and not ahead[0].cancel():
            with contextlib.suppress(helper.HelperError):  # else solved here
                sol = _solution(rules, n, ahead[0].result()[ahead[1]])
            if sol is not None and path is not None:
                _save(path, sol)
        if sol is None:
            sol = finale.solve_finale(rules, total=n)
            if path is not None:
                _save(path, sol)
        _SOLVED[key] = sol
    return sol if sol.rules == rules else replace(sol, rules=rules)


def solve_ahead(rules: Rules, totals: list[int]) -> None:
    """Start solving the Finale of ``rules`` for each of ``totals`` Deckel (in that order) in the
    helper process (:mod:`schocken.helper`), where neither solved nor on disk nor started yet:
    :func:`finale_solution` takes them from there when asked (the lab: while the first games of
    new rules are played, the other core solves)."""
    if not helper.enabled():
        return
    todo: dict[Key, int] = {}
    for n in totals:
        key = (finale_key(rules), n)
        path = _path(key)
        if key in _SOLVED or key in _AHEAD or key in todo or (path and path.exists()):
            continue
        todo[key] = n
    if todo:  # one call: begun, all of them are waited for
        future = helper.call("schocken.finale_shared:_solved_values", rules, list(todo.values()))
        _AHEAD.update({key: (future, i) for i, key in enumerate(todo)})


def asked_ahead(rules: Rules, total: int) -> bool:
    """Whether :func:`solve_ahead` asked the helper for this solution and it has not been taken
    (:func:`finale_solution`) yet."""
    return (finale_key(rules), total) in _AHEAD


def _solved_values(rules: Rules, totals: list[int]) -> list[tuple[Any, Any]]:
    """In the helper process: :func:`finale_solution` for each of ``totals`` (kept there too,
    for its later calls), their values and (residual, iterations, seconds)."""
    np = _np()
    found = []
    for n in totals:
        sol = finale_solution(rules, n)
        found.append((sol.values, np.array([sol.residual, sol.iterations, sol.seconds])))
    return found


def _solution(rules: Rules, n: int, found: tuple[Any, Any]) -> finale.FinaleSolution | None:
    """The solution of its values and (residual, iterations, seconds) as the helper sent them or
    a file holds them (None where they are not that)."""
    values, about = found
    np = _np()
    if not (isinstance(values, np.ndarray) and isinstance(about, np.ndarray)):
        return None
    if values.shape != (n + 1, n + 1) or about.shape != (3,):
        return None
    return finale.FinaleSolution(rules, n, values, float(about[0]), int(about[1]), float(about[2]))


def cache_dir() -> Path | None:
    """Where solutions are kept on disk (None: nowhere)."""
    folder = os.environ.get(CACHE_ENV)
    return Path(folder) if folder else None


def _path(key: Key) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    h = hashlib.sha256(repr(key).encode())
    root = Path(__file__).resolve().parent
    for name in SOURCES:
        h.update(name.encode())
        h.update((root / name).read_bytes())
    return folder / f"finale-{h.hexdigest()[:24]}.npz"


def _load(path: Path, rules: Rules, n: int) -> finale.FinaleSolution | None:
    np = _np()
    try:
        with np.load(path) as f:
            values, about = f["values"], f["about"]
    except (OSError, ValueError, KeyError, EOFError):
        return None  # none yet, or not readable: solved anew
    return _solution(rules, n, (values, about))


def _save(path: Path, sol: finale.FinaleSolution) -> None:
    np = _np()
    part = path.with_suffix(f".{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with part.open("wb") as f:
            about = np.array([sol.residual, sol.iterations, sol.seconds])
            np.savez(f, values=sol.values, about=about)
        part.replace(path)  # whole or not at all, whoever else writes it
    except OSError:
        part.unlink(missing_ok=True)  # a read-only home: solved again next time, that is all


def clear_caches() -> None:
    """Forget the solutions and round models made (for timing them from cold; the files on disk
    stay)."""
    _SOLVED.clear()
    _AHEAD.clear()  # a helper still at work: its solution is not waited for
    finale._MODELS.clear()
    finale._MODEL_OF.clear()
