"""docs/server.md's proxy configurations ("Running two workers here"), started here: Debian's
nginx or Caddy on 127.0.0.1 without TLS in front of workers on this machine. The configuration
is read from the docs, so what the docs show is what the tests and benchmarks run (the docs'
ports 8001 and 8002 become the workers' ports, ``listen 443 ssl`` and the host name the
proxy's own port on 127.0.0.1). ``routes=False`` leaves the routes out (the ``/w/`` blocks):
plain round robin, every player through either worker.

Used by ``tests/test_server_routing.py`` and ``bench/server.py`` / ``bench/soak.py``."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

DOCS = Path(__file__).resolve().parent.parent / "docs" / "server.md"
DOC_PORTS = ("8001", "8002")
"""The workers' ports (and names) in the docs' configurations."""

NGINX_AROUND = """worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    client_body_buffer_size 1m;  # in memory: nginx's workers (nobody) cannot write in {dir}
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
{conf}
}}
"""
"""What nginx needs around the docs' ``upstream`` and ``server`` blocks (``nginx.conf``)."""

CADDY_GLOBAL = """{{
    admin off
    auto_https off
    storage file_system {dir}/caddy
}}
"""

COMMANDS = {
    "nginx": ("nginx.conf", ["/usr/sbin/nginx", "-c", "{conf}", "-g", "daemon off;"]),
    "caddy": ("Caddyfile", ["/usr/bin/caddy", "run", "--config", "{conf}"]),
}


def docs_config(proxy: str) -> str:
    """The configuration docs/server.md gives for ``proxy`` (``nginx``, ``caddy``) in front of
    several workers."""
    text = DOCS.read_text("utf-8")
    part = text[text.index("### Running two workers here") :]
    label = "nginx" if proxy == "nginx" else "Caddy"
    found = re.search(rf"\*\*{label}\*\*[^\n]*\n\n```\n(.*?)```", part, re.S)
    assert found is not None, f"docs/server.md shows no {proxy} configuration for workers"
    return found[1]


def _without_blocks(text: str, opening: str) -> str:
    """``text`` without the blocks (to their matching ``}``) whose first line matches the
    regular expression ``opening``."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    depth = 0
    for line in lines:
        if depth == 0 and re.match(opening, line.strip()):
            depth = line.count("{") - line.count("}")
            continue
        if depth > 0:
            depth += line.count("{") - line.count("}")
            continue
        out.append(line)
    return "".join(out)


def config(proxy: str, folder: Path, ports: list[int], port: int, *, routes: bool = True) -> str:
    """The docs' configuration of ``proxy`` for workers on ``ports`` (named by their ports),
    listening on 127.0.0.1:``port``, its files in ``folder``."""
    assert len(ports) == len(DOC_PORTS), "the docs' configurations are for two workers"
    text = docs_config(proxy)
    if not routes:
        if proxy == "nginx":
            text = _without_blocks(text, r"upstream schocken-\S+ \{|location /w/")
        else:
            text = _without_blocks(text, r"handle_path /w/")
    marks = {doc: f"@PORT{i}@" for i, doc in enumerate(DOC_PORTS)}
    for doc, mark in marks.items():
        text = text.replace(doc, mark)
    for i, worker in enumerate(ports):
        text = text.replace(f"@PORT{i}@", str(worker))
    if proxy == "nginx":
        text = text.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
        text = re.sub(r"\n\s*server_name [^\n]*;|\n\s*# ssl_certificate[^\n]*", "", text)
        return NGINX_AROUND.format(dir=folder, conf=text)
    text = text.replace("schocken.example.org {", f"http://127.0.0.1:{port} {{", 1)
    return CADDY_GLOBAL.format(dir=folder) + text


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def proxied(
    proxy: str, ports: list[int], folder: Path, *, routes: bool = True, port: int = 0
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``proxy`` with the docs' configuration in front of the workers on ``ports``, started
    here and stopped after: its address (``http://127.0.0.1:PORT``, on ``port`` if given) and
    its process."""
    name, command = COMMANDS[proxy]
    assert shutil.which(command[0]), f"{proxy} is not installed (bash scripts/test installs it)"
    folder.mkdir(parents=True, exist_ok=True)
    if not port:
        port = free_port()
    conf = folder / name
    conf.write_text(config(proxy, folder, ports, port, routes=routes), "utf-8")
    env = {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data")}
    env["XDG_CONFIG_HOME"] = str(folder / "config")
    log = open(folder / f"{proxy}.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [part.format(conf=conf) for part in command], stdout=log, stderr=log, env=env
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, (folder / f"{proxy}.log").read_text()
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/api/health", timeout=5).status_code == 200:
                    break
            assert time.monotonic() < deadline, f"{proxy} did not answer in 20 s"
            time.sleep(0.1)
        yield url, proc
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
