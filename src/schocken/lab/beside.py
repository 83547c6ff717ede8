"""Two rule sets side by side on two cores: the second measured in a process of its own.

``schocken lab A --against B`` measures B in a child process forked from this one while this
one measures A. The child has what this process made before the fork: ``schocken lab`` first
loads numba's code, both rule sets' tables and B's Finale's solutions (:func:`load_before_fork`,
the Finale solved meanwhile by the helper process on the other core), made once rather than in
each process. Each rule set's setup
for the strong bot (the Finale's solutions, the first skill games filling its memo) is work in
Python for one core, so the two take about half as long side by side as one after the other.
Rule sets alike in their rounds share their store of the half bot's ends with the child
(:func:`~schocken.fast.stores.share_stores`): each process solves about half of the situations
both meet and takes the rest from the other (:mod:`schocken.fast.shared_ends`).
The child learns the pace (the club's, measured here first where asked) through a pipe and
sends its figures back the same way, pickled. With ``refine_to`` (``--refine``) it goes on to
refine B's skill figure to that many games, where its memo is, and sends the figures again
(:meth:`Beside.refined`), while this process refines A's. Where forking is not safe (not POSIX, or
the batch simulator's threads already started here: GNU OpenMP's do not survive a fork) or the
child fails, B is measured (or refined) here after A: the same figures, later.
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import signal
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any

from schocken import helper
from schocken.lab.run import Figures, measure, refine, save_stores, skill_short
from schocken.rules import Rules


class Beside:
    """B being measured in a child process: :meth:`go` tells it the pace and lets it start,
    :meth:`result` waits for its figures (or measures B here, where the child could not), and
    with ``refine_to`` :meth:`refined` for them refined to that many skill games."""

    def __init__(self, rules: Rules, *, refine_to: int | None = None, **options: Any) -> None:
        self._rules = rules
        self._options = options
        self._refine_to = refine_to
        self._fresh = bool(options.get("fresh"))
        """Whether B's figures are measured anew, not taken from the lab's notebook."""
        self._pace: float | None = None
        self._pid = self._threads = 0
        self._to_child = self._from_child = -1
        self._answers: IO[bytes] | None = None
        self.from_child = False
        """Whether :meth:`result` had B's figures from the child."""
        if not hasattr(os, "fork") or not fork_safe():
            return
        down_r, down_w = os.pipe()
        up_r, up_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: wait for the pace, measure, answer, and go
            os.close(down_w)
            os.close(up_r)
            _threads(1)

            def work(pace: float | None, send: Callable[[Figures], None]) -> None:
                _sides(1)
                try:
                    figures = measure(rules, seconds_per_turn=pace, **options)
                    send(figures)
                    if refine_to is not None and skill_short(figures, refine_to):
                        send(refine(figures, refine_to, math.inf, fresh=self._fresh))
                finally:
                    _sides(None)
                save_stores()  # its own (a store shared with the parent is not written)

            _child(down_r, up_w, work)
        os.close(down_r)
        os.close(up_w)
        self._pid, self._to_child, self._from_child = pid, down_w, up_r
        _sides(0)

    @property
    def forked(self) -> bool:
        """Whether B is being measured in a child (else :meth:`result` measures it here)."""
        return self._pid != 0

    def go(self, seconds_per_turn: float | None) -> None:
        """Let the child measure, at this pace (None: the default)."""
        self._pace = seconds_per_turn
        if self._to_child >= 0:
            self._threads = _threads(1)  # from now on this process's other core is the child's
            with contextlib.suppress(OSError):  # a child gone already: B is measured here
                os.write(self._to_child, pickle.dumps(seconds_per_turn))
            os.close(self._to_child)
            self._to_child = -1

    def result(self) -> Figures:
        """B's figures: the child's, or where it failed, measured here (a refusal is raised)."""
        answer = self._answer()
        if isinstance(answer, Figures):
            self.from_child = True
            if self._refine_to is None or not skill_short(answer, self._refine_to):
                self._end_child(kill=False)  # nothing more to come
            return answer
        self._end_child(kill=True)
        # the child's refusal is raised by measuring here (the same words)
        return measure(self._rules, seconds_per_turn=self._pace, **self._options)

    def refined(self, figures: Figures) -> Figures:
        """B's ``figures`` (from :meth:`result`) refined to ``refine_to`` skill games: by the
        child, or where it failed, here (:func:`~schocken.lab.run.refine`: the same figures)."""
        assert self._refine_to is not None
        answer = self._answer() if self._pid else None
        self._end_child(kill=not isinstance(answer, Figures))
        if isinstance(answer, Figures):
            return answer
        return refine(figures, self._refine_to, math.inf, fresh=self._fresh)

    def _answer(self) -> object:
        """The child's next figures (None: it sent none, ended, or sent what is not to be
        read)."""
        if not self._pid:
            return None
        if self._answers is None:
            self._answers = os.fdopen(self._from_child, "rb")
            self._from_child = -1
        try:
            return pickle.load(self._answers)
        except Exception:  # nothing (the child died), or not to be read
            return None

    def close(self) -> None:
        """Stop a child still measuring (this process ends early: a refusal, Ctrl-C)."""
        for fd in (self._to_child, self._from_child):
            if fd >= 0:
                os.close(fd)
        self._to_child = self._from_child = -1
        self._end_child(kill=True)

    def _end_child(self, *, kill: bool) -> None:
        if self._answers is not None:
            self._answers.close()
            self._answers = None
        if self._from_child >= 0:
            os.close(self._from_child)
            self._from_child = -1
        if self._pid:
            with contextlib.suppress(OSError):
                if kill:
                    os.kill(self._pid, signal.SIGKILL)
                os.waitpid(self._pid, 0)
        self._pid = 0
        _sides(None)
        if self._threads:
            _threads(self._threads)
            self._threads = 0


def fork_safe() -> bool:
    """Whether the batch simulator has not run on several threads here yet (its threading layer
    not started: a child could not use GNU OpenMP's threads, the parent's). Where numba is not
    loaded yet, nothing of it has started: a child forked now loads it itself, on its own core
    while this process does (a helper first solves the Finale, which needs none of it)."""
    if "numba" not in sys.modules:
        return True
    from numba.np.ufunc import parallel

    return getattr(parallel, "_is_initialized", True) is False


def load_before_fork(rule_sets: Sequence[Rules]) -> None:
    """What both processes of ``schocken lab A --against B`` would each make, made once here
    before B's child is forked (it inherits it): numba and the batch simulator's compiled code
    loaded (from numba's cache), the tables of each rule set whose rounds are A's (their store
    of the half bot's ends shared: :func:`~schocken.fast.stores.share_stores`), and B's
    Finale's solutions (from the helper process, :func:`~schocken.lab.run.finales_first`: solved
    on the other core while this one loads, B's first). A rule set whose rounds are unlike A's
    shares nothing with it: its tables are made in its own process, after the fork. Nothing
    that starts the compiled loop's threads (the fork would not be safe: :func:`fork_safe`):
    the games' own loop loads in each process."""
    from schocken.bots import half_bot
    from schocken.fast.solved import round_rules
    from schocken.fast.stores import share_stores
    from schocken.fast.strong import load_code

    first = round_rules(rule_sets[0])
    for rules in rule_sets:
        if round_rules(rules) == first:
            load_code(rules)
    half_bot.solve_finales(rule_sets[-1])
    share_stores(list(rule_sets))


def _sides(side: int | None) -> None:
    """This process solves the situations of the half bot's ends both meet with the other on
    ``side`` (0: this one, 1: the child; None: no more), where the batch simulator is loaded and
    a store is shared (:func:`~schocken.fast.stores.take_side`)."""
    if "schocken.fast.stores" in sys.modules:
        from schocken.fast.stores import take_side

        take_side(side)


def _threads(threads: int) -> int:
    """Have the batch simulator play on ``threads`` threads (two processes on two cores: one
    each, not two each waiting for the other's core); returns how many it had."""
    import numba

    before = int(numba.get_num_threads())
    numba.set_num_threads(threads)
    return before


def _child(
    down: int, up: int, work: Callable[[float | None, Callable[[Figures], None]], None]
) -> None:
    """The child's whole life; it never returns into the parent's code (``os._exit``)."""
    status = 1
    try:
        with os.fdopen(down, "rb") as pipe:
            pace = pickle.loads(pipe.read())
        with os.fdopen(up, "wb") as answers:

            def send(figures: Figures) -> None:
                pickle.dump(figures, answers)
                answers.flush()

            # a refusal: the parent says it, measuring; the helper process is the parent's
            with contextlib.suppress(ValueError), helper.disabled():
                work(pace, send)
                status = 0
    finally:
        os._exit(status)
