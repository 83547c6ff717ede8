"""``schocken serve`` started by fork from a process that has imported it once: the test suite's
servers without a second's imports each.

A test run starts some 430 servers, and a new Python process spends most of its start (1.1 of
1.5 s) importing the server. Here one helper process per test process (the *fork server*)
imports what ``schocken serve`` imports and waits; each server is a fork of it that runs
``schocken.cli.main(["serve", ...])`` as ``python -m schocken.cli serve ...`` would, with its
own environment, working folder, standard streams and signals, on a real socket under real
uvicorn. The fork server starts no thread and imports no numpy before it forks (numpy's BLAS
starts threads), so a fork is as safe as a new process.

The server is made the test process's own child (the test process is a *child subreaper*, and
the fork in between exits), so :class:`ForkedProcess` waits for it and reads its exit status as
:class:`subprocess.Popen` does. A server whose environment differs from the fork server's (a
test that set ``SCHOCKEN_LOCALE_PATH``, say) is started as a new process instead
(:func:`start_server`), as is every server when ``SCHOCKEN_TEST_FORKS=0``.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

_PR_SET_CHILD_SUBREAPER = 36

_FORK_SERVER = r"""
import json, os, random, sys, traceback

import schocken.cli, schocken.cli.serve, schocken.server.app, schocken.server.net  # noqa
import uvicorn, uvicorn.loops.auto, uvicorn.protocols.http.auto  # noqa
try:
    import psycopg  # noqa
except ImportError:
    pass
from schocken.cli import main


def serve(request):
    os.chdir(request["cwd"])
    null = os.open(os.devnull, os.O_RDWR)
    log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.dup2(log, 2)
    os.close(null)
    os.close(log)
    os.environ.clear()
    os.environ.update(request["env"])
    random.seed()  # a new process's own random numbers
    sys.argv = ["schocken", *request["args"]]
    code = 1
    try:
        code = main(request["args"])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code)


out = sys.stdout.buffer
for line in sys.stdin.buffer:
    request = json.loads(line)
    read, write = os.pipe()
    middle = os.fork()
    if middle == 0:  # exits at once, so the server becomes the subreaper's child
        os.close(read)
        server = os.fork()
        if server == 0:
            os.close(write)
            serve(request)
        os.write(write, f"{server}\n".encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as answer:
        pid = answer.readline()
    os.waitpid(middle, 0)
    out.write(pid)
    out.flush()
"""


class ForkedProcess:
    """A forked server as the test sees it: :class:`subprocess.Popen`'s ``pid``, ``poll``,
    ``wait``, ``send_signal``, ``terminate``, ``kill`` and ``returncode``."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            with contextlib.suppress(ChildProcessError):
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid == self.pid:
                    self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            time.sleep(0.01)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class _ForkServer:
    def __init__(self, env: dict[str, str]) -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
        self.env = env
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _FORK_SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        self.lock = threading.Lock()

    def close(self) -> None:
        """Ends it (its stdin closed); the servers forked from it go on."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)

    def start(self, args: list[str], env: dict[str, str], log: Path) -> int:
        request = {"args": args, "env": env, "log": str(log), "cwd": os.getcwd()}
        stdin: IO[bytes] | None = self.proc.stdin
        stdout: IO[bytes] | None = self.proc.stdout
        assert stdin is not None and stdout is not None
        with self.lock:
            stdin.write(json.dumps(request).encode() + b"\n")
            stdin.flush()
            answer = stdout.readline()
        if not answer:
            raise RuntimeError("the fork server is gone")
        return int(answer)


_FORK_SERVERS: list[_ForkServer] = []


def _fork_server(env: dict[str, str]) -> _ForkServer:
    """The fork server for ``env``: a new one where the environment changed since the last one
    started (a test that set a variable for a while, a module that sets one for good), so a
    server's imports always met the environment it is started with, as a new process's do."""
    if _FORK_SERVERS:
        forks = _FORK_SERVERS[0]
        if forks.proc.poll() is None and _same(env, forks.env):
            return forks
        forks.close()
    _FORK_SERVERS[:] = [_ForkServer(env)]
    return _FORK_SERVERS[0]


def _forking() -> bool:
    return os.environ.get("SCHOCKEN_TEST_FORKS", "1") != "0" and sys.platform.startswith("linux")


def _same(env: dict[str, str], other: dict[str, str]) -> bool:
    """The same environment, but for the name of the test under way (pytest sets it)."""
    ignored = "PYTEST_CURRENT_TEST"
    return {k: v for k, v in env.items() if k != ignored} == {
        k: v for k, v in other.items() if k != ignored
    }


def start_server(
    args: list[str], env: dict[str, str], log: Path, prelude: str = ""
) -> ForkedProcess | subprocess.Popen[bytes]:
    """``python -m schocken.cli <args>`` (after ``prelude``), its standard error into ``log``:
    forked from the fork server of ``env`` where there is no prelude, else a new process. (A
    prelude changes the server's modules before they are imported, which a fork, having them
    imported already, cannot repeat: a name imported from a module the prelude changes would
    keep what the module had.)"""
    if not prelude and _forking():
        return ForkedProcess(_fork_server(env).start(args, env, log))
    start = ["-m", "schocken.cli"]
    if prelude:
        start = [
            "-c",
            f"{prelude}\nimport sys\nfrom schocken.cli import main\nsys.exit(main(sys.argv[1:]))",
        ]
    with open(log, "wb") as stream:
        return subprocess.Popen(
            [sys.executable, *start, *args], stdout=subprocess.DEVNULL, stderr=stream, env=env
        )
