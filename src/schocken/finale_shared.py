"""The Finale's solution shared: rule sets that differ only in options the solution never reads
have the same solution (:mod:`schocken.finale`), solved once per :func:`finale_key` and Deckel
count (:func:`~schocken.finale_reads.finale_key`), and kept on disk for later processes.

A caller that knows which solutions it will ask for soon starts them in a helper process
(:func:`solve_ahead`): the same code in another Python process, the same floats (the solution
does not depend on the number of BLAS threads), while this one goes on; :func:`finale_solution`
then waits for it, and solves here where the helper failed.

On disk where ``SCHOCKEN_CACHE_DIR`` names a directory (as for the strong bots' memo,
:mod:`schocken.fast.strong`; unset or empty: nothing is kept): one small file per solution (its
values, a few kB). A file's name is a fingerprint of what the solution reads of the rules, its
Deckel and the source of every module it is computed with: a change of either solves it anew. A
file that cannot be read is solved anew and written again.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from schocken import finale
from schocken.finale_reads import finale_key
from schocken.finale_turns import _np
from schocken.rules import Rules

Key = tuple[tuple[object, ...], int]

_SOLVED: dict[Key, finale.FinaleSolution] = {}
"""The solutions made by :func:`finale_solution`, by :func:`finale_key` and Deckel."""

Found = tuple[Any, Any] | None
"""A helper's solution: its values and (residual, iterations, seconds); None where it failed."""

_AHEAD: dict[Key, Future[Found]] = {}
"""The solutions being made by a helper process (:func:`solve_ahead`), by key."""

_WAITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="finale-ahead")
"""The thread that talks to the helper process, a request at a time."""

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
        if sol is None and ahead is not None:
            sol = _solution(rules, n, ahead.result())
            if sol is not None and path is not None:
                _save(path, sol)
        if sol is None:
            sol = finale.solve_finale(rules, total=n)
            if path is not None:
                _save(path, sol)
        _SOLVED[key] = sol
    return sol if sol.rules == rules else replace(sol, rules=rules)


def solve_ahead(rules: Rules, totals: list[int]) -> None:
    """Start solving the Finale of ``rules`` for each of ``totals`` Deckel (in that order) in a
    helper process, where neither solved nor on disk nor started yet: :func:`finale_solution`
    takes them from there when asked (the lab: while the first games of new rules are played,
    the other core solves)."""
    todo: dict[Key, Future[Found]] = {}
    for n in totals:
        key = (finale_key(rules), n)
        path = _path(key)
        if key in _SOLVED or key in _AHEAD or key in todo or (path and path.exists()):
            continue
        todo[key] = Future()
    if todo:
        _AHEAD.update(todo)
        _WAITER.submit(_solve, rules, [n for _, n in todo], list(todo.values()))


class _Helper:
    """A helper process that solves Finales (:func:`_serve`), kept for the next ones: started
    once (:func:`start_helper`), its imports done before it is first asked."""

    def __init__(self) -> None:
        env = dict(os.environ)  # it imports what this process imports, from where it does
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        env["OPENBLAS_NUM_THREADS"] = "1"  # one core: this process has the other
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from schocken.finale_shared import _serve; _serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )

    def solve(self, rules: Rules, totals: list[int], futures: list[Future[Found]]) -> None:
        """Each of ``totals`` solved there, its future told as it comes (None for those that
        did not: the helper then ends, and the next call starts another)."""
        try:
            stdin, stdout = self.process.stdin, self.process.stdout
            assert stdin is not None and stdout is not None
            stdin.write(pickle.dumps((rules, totals)))
            stdin.flush()
            for future in futures:
                future.set_result(pickle.load(stdout))
        except (OSError, pickle.UnpicklingError, EOFError, ValueError):
            self.close()
        finally:
            for future in futures:
                if not future.done():
                    future.set_result(None)

    def close(self) -> None:
        global _HELPER
        if _HELPER is self:
            _HELPER = None
        self.process.kill()
        self.process.wait()


_HELPER: _Helper | None = None


def start_helper() -> None:
    """Start the helper process of :func:`solve_ahead` now, where it is not running (its
    Python and imports take a fifth of a second: a caller that will ask soon starts it early)."""
    _WAITER.submit(_helper)


def _helper() -> _Helper | None:
    """The helper process (started where none runs; None where it cannot be)."""
    global _HELPER
    if _HELPER is None or _HELPER.process.poll() is not None:
        try:
            _HELPER = _Helper()
        except OSError:
            return None
    return _HELPER


def _solve(rules: Rules, totals: list[int], futures: list[Future[Found]]) -> None:
    helper = _helper()
    if helper is None:
        for future in futures:
            future.set_result(None)
        return
    helper.solve(rules, totals, futures)


def _serve() -> None:
    """The helper process of :func:`solve_ahead`: rules and Deckel counts in, each solution's
    values out as it is solved; until its input ends."""
    np = _np()
    while True:
        try:
            rules, totals = pickle.load(sys.stdin.buffer)
        except EOFError:
            return
        for n in totals:
            sol = finale.solve_finale(rules, total=n)
            about = np.array([sol.residual, sol.iterations, sol.seconds])
            pickle.dump((sol.values, about), sys.stdout.buffer)
            sys.stdout.buffer.flush()


def _forget_helper_in_child() -> None:
    """In a child forked from this process: the parent's helper, its thread and the solutions
    it waits for are the parent's (the child starts its own where it asks)."""
    global _HELPER, _WAITER
    _HELPER = None
    _WAITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="finale-ahead")
    _AHEAD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_helper_in_child)


def _solution(rules: Rules, n: int, found: Found) -> finale.FinaleSolution | None:
    """The solution a helper sent (None where it failed or sent something else)."""
    if found is None:
        return None
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
