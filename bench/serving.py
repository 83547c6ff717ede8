"""What the server benchmarks share: ``schocken serve`` in a subprocess on a free port of
127.0.0.1 with its own SQLite file, of this checkout or of another's ``src`` (``--against``);
waited for, measured (its CPU time and peak memory from Linux's /proc) and stopped."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def cpu_capped(pid: int, cores: float) -> Iterator[None]:
    """The process ``pid`` (all its threads) held to ``cores`` of the machine's CPU while the
    block runs: a cgroup of its own with a CFS quota (cgroup v2's ``cpu.max``, else v1's
    ``cpu`` controller; needs root). So one worker and each of two get the same share of CPU,
    as they would on machines of their own, with the rest left to the players, the proxy and
    PostgreSQL on this one machine."""
    if not 0.05 <= cores <= (os.cpu_count() or 1):
        raise ValueError(f"a cap of {cores} cores: 0.05 to the machine's {os.cpu_count()}")
    period = 10_000  # 10 ms: a share smooth at the scale of an action, not 100 ms bursts
    quota = round(cores * period)
    unified = Path("/sys/fs/cgroup")
    if (unified / "cgroup.controllers").exists():
        group = unified / f"schocken-bench-{pid}"
        group.mkdir()
        (group / "cpu.max").write_text(f"{quota} {period}")
        home = unified
    else:
        home = Path("/sys/fs/cgroup/cpu")
        group = home / f"schocken-bench-{pid}"
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(period))
        (group / "cpu.cfs_quota_us").write_text(str(quota))
    try:
        (group / "cgroup.procs").write_text(str(pid))
        yield
    finally:
        # Whatever is left in the group goes back to the root, then the group is removed.
        with contextlib.suppress(OSError):
            for line in (group / "cgroup.procs").read_text().split():
                with contextlib.suppress(OSError):
                    (home / "cgroup.procs").write_text(line)
        with contextlib.suppress(OSError):
            group.rmdir()


def simple_choice(state: dict[str, Any]) -> str | None:
    """A deterministic human stand-in (as in tests/server_helpers.py): throw once more while a
    throw is left, keep ones, never buy in."""
    legal: list[str] = [a for a in state.get("legal") or [] if a != "buyin"]
    if not legal:
        return None
    if "turn" in legal:
        return "turn"
    view = state["view"]
    mine = next((t for t in view["turns"] if t["seat"] == view["seat"]), None)
    if "stop" in legal and mine is not None and mine["throws"] >= 2:
        return "stop"
    throws = [a for a in legal if a.startswith("throw")]
    if not throws:
        return "stop"
    ones = [a for a in throws if a.startswith("throw keep") and set(a[11:].split("-")) == {"1"}]
    return max(ones, key=len) if ones else throws[0]


class ServerProcess:
    """``schocken serve`` with ``options`` (beyond host, port and file), its log in ``folder``.

    ``src``: another checkout's sources to run instead of this one's; ``start``: how Python
    starts it (``-m schocken.cli``, or ``-c`` with code that runs first); ``env``: more
    variables for it; ``database``: a PostgreSQL URL to keep the data in instead of the SQLite
    file (then it is one worker of those on that database)."""

    def __init__(
        self,
        folder: Path,
        options: Sequence[str],
        *,
        src: str | Path | None = None,
        start: Sequence[str] = ("-m", "schocken.cli"),
        env: dict[str, str] | None = None,
        database: str | None = None,
    ) -> None:
        self.port = free_port()
        self.db = folder / f"bench-{self.port}.sqlite3"
        self.log_path = folder / f"server-{self.port}.log"
        where = ("--database", database) if database else ("--db", str(self.db))
        command = [
            sys.executable, *start, "serve",
            "--host", HOST, "--port", str(self.port), *where,
            *(o.replace("{port}", str(self.port)) for o in options),
        ]  # fmt: skip
        variables = {**os.environ, **(env or {})}
        if src is not None:
            variables["PYTHONPATH"] = str(src)
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=self._log, env=variables
        )

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server did not start:\n{self.log()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer in {seconds:.0f} s")

    def cpu_seconds(self) -> tuple[float, float]:
        """User and system CPU time the server has used so far, and that of its children that
        ended (its workers)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0, 0.0
        ticks = [int(x) / os.sysconf("SC_CLK_TCK") for x in fields[11:15]]
        return ticks[0] + ticks[1], ticks[2] + ticks[3]

    def peak_rss_mib(self) -> float:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")[-4000:]
        return ""

    def stop(self, wait: float = 15) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._log.close()
