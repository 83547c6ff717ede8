"""A second Python process beside this one, for work that can go on meanwhile on the other core
(the lab's: the Finale's solutions of new rules, a second rule set measured side by side).

Python runs one thread of Python at a time, so the second core is reached by a second process:
started once (:func:`start`), kept (its imports done once), asked one call at a time
(:func:`call`: a function named by module and name, its arguments and answer pickled through
its pipes). It runs the same code as this process, so its answers are the ones this process
would make: a caller may take them or, where the helper fails (:class:`HelperError`), make them
itself. A process forked from this one does not share it: it starts its own when it asks.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pickle
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import IO, Any

ENV = "SCHOCKEN_HELPER"
"""The environment variable that, set to 0, keeps the helper process from being used (callers
then make everything themselves)."""


_OFF = False
"""Set within :func:`disabled`."""


def enabled() -> bool:
    """Whether the helper process may be used (:data:`ENV`, :func:`disabled`)."""
    return not _OFF and os.environ.get(ENV, "1") != "0"


@contextlib.contextmanager
def disabled() -> Iterator[None]:
    """No helper process used meanwhile, in this process and those forked from it: where it
    would start only to end soon after, its start costs more than it saves."""
    global _OFF
    before, _OFF = _OFF, True
    try:
        yield
    finally:
        _OFF = before


class HelperError(Exception):
    """The helper did not answer: it could not start, it ended, or the call failed there."""


class _Process:
    """The helper process (:func:`serve`): a new Python, or with ``fork`` this process forked
    (its imports done already: where this process ends soon, a new Python's start would cost
    more than the helper saves)."""

    def __init__(self, *, fork: bool = False) -> None:
        self._popen: subprocess.Popen[bytes] | None = None
        self._pid = 0
        if fork:
            down_r, down_w = os.pipe()
            up_r, up_w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: it serves, and never returns into the caller's code
                os.close(down_w)
                os.close(up_r)
                status = 1
                try:
                    serve(os.fdopen(down_r, "rb"), os.fdopen(up_w, "wb"))
                    status = 0
                finally:
                    os._exit(status)
            os.close(down_r)
            os.close(up_w)
            self._pid = pid
            self.stdin: IO[bytes] = os.fdopen(down_w, "wb")
            self.stdout: IO[bytes] = os.fdopen(up_r, "rb")
            return
        env = dict(os.environ)  # it imports what this process imports, from where it does
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        env["OPENBLAS_NUM_THREADS"] = "1"  # one core: this process has the other
        self._popen = subprocess.Popen(
            [sys.executable, "-c", "from schocken.helper import serve; serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        assert self._popen.stdin is not None and self._popen.stdout is not None
        self.stdin, self.stdout = self._popen.stdin, self._popen.stdout

    def alive(self) -> bool:
        """Whether it has not ended."""
        if self._popen is not None:
            return self._popen.poll() is None
        try:
            return os.waitpid(self._pid, os.WNOHANG)[0] == 0
        except ChildProcessError:
            return False

    def ask(self, target: str, args: tuple[Any, ...]) -> Any:
        try:
            self.stdin.write(pickle.dumps((target, args), pickle.HIGHEST_PROTOCOL))
            self.stdin.flush()
            status, answer = pickle.load(self.stdout)
        except (OSError, pickle.UnpicklingError, EOFError, ValueError) as exc:
            self.close()
            raise HelperError(f"the helper process ended: {exc!r}") from exc
        if status != "ok":
            raise HelperError(str(answer))
        return answer

    def close(self) -> None:
        global _PROCESS
        if _PROCESS is self:
            _PROCESS = None
        for pipe in (self.stdin, self.stdout):
            with contextlib.suppress(OSError):
                pipe.close()
        if self._popen is not None:
            self._popen.kill()
            self._popen.wait()
        else:
            with contextlib.suppress(OSError):
                os.kill(self._pid, signal.SIGKILL)
                os.waitpid(self._pid, 0)


_PROCESS: _Process | None = None
_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="helper")
"""The thread that talks to the helper process, a call at a time, in the order asked."""
_CALLS: set[Future[Any]] = set()
"""Calls asked and not yet answered (nor cancelled)."""


_SPAWN = True
"""Whether a new helper process may be started (not within :func:`forked`)."""


def _process() -> _Process:
    global _PROCESS
    if _PROCESS is None or not _PROCESS.alive():
        if not _SPAWN:
            raise HelperError("the helper process forked from this one ended")
        try:
            _PROCESS = _Process()
        except OSError as exc:
            raise HelperError(f"the helper process did not start: {exc!r}") from exc
    return _PROCESS


def start() -> None:
    """Start the helper process now, where it is not running (Python and its imports take a
    fifth of a second and more: a caller that will ask soon starts it early)."""
    _THREAD.submit(_started)


def _started() -> None:
    with contextlib.suppress(HelperError):  # the first call says so
        _process()


def call(target: str, *args: Any) -> Future[Any]:
    """``target`` (``"module:function"``) called with ``args`` in the helper process, after
    the calls asked before; the future's result is its answer, or :class:`HelperError`. A
    call not yet begun may be cancelled (``Future.cancel``): the caller then makes the answer
    itself rather than wait for those before it."""
    future = _THREAD.submit(_ask, target, args)
    _CALLS.add(future)
    future.add_done_callback(_CALLS.discard)  # answered, failed or cancelled
    return future


def _ask(target: str, args: tuple[Any, ...]) -> Any:
    if not enabled():
        raise HelperError(f"the helper process is not to be used ({ENV}=0, or disabled)")
    return _process().ask(target, args)


def running() -> bool:
    """Whether the helper process has been started and not ended."""
    process = _PROCESS
    return process is not None and process.alive()


@contextlib.contextmanager
def forked() -> Iterator[None]:
    """The helper forked from this process now, for the calls meanwhile (a process that ends in
    a second or two: a new Python's start would cost more than the helper saves), and ended
    after; none where this process cannot fork or the helper is not to be used. Forked from the
    calling thread: call it before other threads run (a thread that held a lock at the fork
    would hold it in the child for ever)."""
    global _PROCESS, _SPAWN
    if not hasattr(os, "fork") or not enabled():
        yield
        return
    if _PROCESS is not None:
        stop()  # (the thread that talks to it is not started where there is none)
    before, _SPAWN = _SPAWN, False
    try:
        _PROCESS = _Process(fork=True)
    except OSError:
        _PROCESS = None
    try:
        yield
    finally:
        stop()
        _SPAWN = before


def idle() -> bool:
    """Whether the helper has no call to answer (a call now is answered at once)."""
    return not _CALLS


def stop() -> None:
    """End the helper process (the next call starts another)."""
    _THREAD.submit(_stopped).result()


def _stopped() -> None:
    if _PROCESS is not None:
        _PROCESS.close()


def _forget_in_child() -> None:
    """In a child forked from this process: the helper, its thread and its calls are the
    parent's."""
    global _PROCESS, _THREAD
    _PROCESS = None
    _THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="helper")
    _CALLS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """The helper process: calls in, answers out (``("ok", answer)`` or ``("error", what)``),
    until its input ends (by default this process's standard input and output). It starts no
    helper of its own."""
    global _OFF
    _OFF = True  # no helper of its own
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout.buffer if stdout is None else stdout
    while True:
        try:
            target, args = pickle.load(stdin)
        except EOFError:
            return
        try:
            module, name = target.split(":")
            answer: tuple[str, Any] = ("ok", getattr(importlib.import_module(module), name)(*args))
        except Exception as exc:  # said to the caller, who makes the answer itself
            answer = ("error", f"{target}: {exc!r}")
        pickle.dump(answer, stdout, pickle.HIGHEST_PROTOCOL)
        stdout.flush()
