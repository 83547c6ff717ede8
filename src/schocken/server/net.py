"""What the server needs of uvicorn beyond its options: a time limit on slow requests, WebSockets
counted by ``--max-connections``, a way to drop a WebSocket client at once, one log line for an
invalid frame, and logs without secrets.

- :class:`SlowRequestHTTP`: a request's head and body must arrive within ``request_timeout``
  seconds of the connection (or of the request's first byte on a kept-alive connection), else
  the connection is closed. Half-sent requests cannot hold the server's connections. A
  WebSocket's upgrade beyond uvicorn's ``limit_concurrency`` (``--max-connections``) is
  answered 503, as a request is (uvicorn upgrades it unchecked).
- :class:`DroppableWebSocket`: waits :data:`CLOSE_TIMEOUT` for a client's answer to the
  server's close (not uvicorn's 10 s); puts ``schocken.abort`` into the scope's extensions:
  ``abort`` ends the connection without waiting for the client (a client that reads nothing
  would never take a close frame), ``shut`` stops reading from it at once and closes a second
  later (a flooding client's messages are not read any more, its close frame still goes out),
  ``send`` writes a text message at once and says how much waits to go out (the table's
  broadcast goes to the transport directly, not through a task per client and the ASGI layers);
  and logs a text frame that is not UTF-8 in one line, not with a traceback.
- :func:`stop_server`: a worker that lost its database for good (PostgreSQL restarted) stops
  at once, saying why, for its supervisor to start it again (``schocken serve`` then exits with
  :data:`DATABASE_LOST`).
- :class:`RedactSecrets`: a logging filter that blanks the value of every secret-bearing
  parameter (``token=``, ``session=``, ``secret=``, ``password=``, ``spectate=``, ...: see
  :data:`SECRET_NAMES`) in every logged line (the protocol never puts a secret in a URL, but an
  old or wrong client might).
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import re
import signal
import socket
import sys
import termios
import time
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from schocken.texts import t

DATABASE_LOST = 3
"""``schocken serve``'s exit status when it stopped because it lost its database."""

stopped_for: list[str] = []
"""Why this server stopped of itself (:func:`stop_server`; empty: it did not)."""

serving: list[Any] = []
"""The uvicorn server running this process's app (``schocken serve`` puts it here)."""


def stop_server(why: str) -> None:
    """Stop this server at once, as SIGTERM does (its connections closed, its tables given up):
    a worker whose connections to PostgreSQL broke (the database restarted, the network) cannot
    go on; started again (systemd's ``Restart=always``) it connects anew and takes its tables
    back. Once only, from any thread; ``schocken serve`` exits with :data:`DATABASE_LOST`."""
    if stopped_for:
        return
    why = " ".join(why.split())  # psycopg's texts run over lines
    stopped_for.append(why)
    log.error("this worker lost its database (%s): it stops, to be started again", why)
    if serving:
        for server in serving:
            server.should_exit = True  # uvicorn looks every 0.1 s
    else:  # not under ``schocken serve`` (an app served otherwise): as its operator would
        os.kill(os.getpid(), signal.SIGTERM)


COMPRESSION_LEVEL = 1
"""zlib's level for permessage-deflate (uvicorn's default is zlib's, 6)."""

log = logging.getLogger("schocken.server")

CLOSE_TIMEOUT = 1.0
"""Seconds the server waits for a client to answer its close before it ends the connection
(uvicorn's default: 10). A client refused or closed by the server is gone a second later,
whether it answers or not."""

FULL = "the server has as many connections as it can take; try again later"
"""The answer (503) to a WebSocket's upgrade beyond ``--max-connections``."""
_refused: list[float] = [0, -1.0]
"""Upgrades refused since the last log line about them, and when that line was written."""


class SlowRequestHTTP(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a deadline for receiving each request whole."""

    request_timeout = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:
            self._arm()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        # uvicorn checks ``limit_concurrency`` (``--max-connections``) for requests but not for
        # upgrades: a WebSocket counts as one of the connections too, and is refused beyond.
        limit = self.limit_concurrency
        if limit is not None and (len(self.connections) >= limit or len(self.tasks) >= limit):
            self._refuse_upgrade()
            return
        super().handle_websocket_upgrade()

    def _refuse_upgrade(self) -> None:
        """Answer a WebSocket's upgrade 503 and close the connection (never upgraded)."""
        _refused[0] += 1
        now = time.monotonic()
        if now - _refused[1] >= 1.0:  # one line a second at most, however many are refused
            log.warning(
                "%d WebSocket(s) refused (503): the server has --max-connections connections",
                _refused[0],
            )
            _refused[:] = [0, now]
        text = FULL.encode()
        head = [b"HTTP/1.1 503 Service Unavailable\r\n"]
        head += [
            name + b": " + value + b"\r\n" for name, value in self.server_state.default_headers
        ]
        head += [
            b"content-type: text/plain; charset=utf-8\r\n",
            b"content-length: " + str(len(text)).encode() + b"\r\n",
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + text)
        self.transport.close()


class DroppableWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol; the app can end a connection at once.

    Compression (permessage-deflate) is off unless ``schocken serve --compression``: the game's
    messages are a few hundred bytes, compressing each one for each client was the largest
    single cost of a busy server (and a compressor's memory per connection). When it is on, it
    runs at zlib's fastest level.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.close_timeout = CLOSE_TIMEOUT
        self._sent = 0
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[
                    ServerPerMessageDeflateFactory(
                        server_max_window_bits=12,
                        client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": COMPRESSION_LEVEL},
                    )
                ],
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if isinstance(scope, dict):
            extensions = scope.setdefault("extensions", {}) or {}
            scope["extensions"] = extensions
            extensions["schocken.abort"] = {
                "abort": self.transport.abort,
                "shut": self._shut,
                "send": self._send_now,
            }

    def _send_now(self, text: str) -> int | None:
        """Write a text message at once, past the ASGI layers (the event loop's transport never
        blocks); returns how many bytes wait to go out to the client, or ``None`` if the
        connection takes nothing more (closing or closed)."""
        transport = self.transport
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or transport is None
            or transport.is_closing()
        ):
            return None
        self.conn.send_text(text.encode())
        transport.write(b"".join(self.conn.data_to_send()))
        waiting: int = transport.get_write_buffer_size()
        # What the system holds for the client is asked for with every eighth message (a
        # system call each time): a client that stops reading is noticed a little later.
        self._sent += 1
        if waiting or self._sent % 8 == 0:
            waiting += unsent(transport)
        return waiting

    def _shut(self) -> None:
        """Read nothing more (what a flooding client sends stays in the kernel's buffer, not
        parsed); what is written (a close frame) still goes out; the end a second later."""
        transport = self.transport
        if transport is not None and not transport.is_closing():
            transport.pause_reading()
            self.loop.call_later(1.0, transport.close)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            try:
                data.decode()
            except UnicodeDecodeError:
                self.frames = []
                client = "%s:%d" % self.client if self.client else "a client"  # noqa: UP031
                log.warning("%s sent a text frame that is not UTF-8: connection closed", client)
                self.conn.send_close(1007, "invalid UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()


def unsent(transport: asyncio.BaseTransport) -> int:
    """Bytes the system still holds for the connection's peer (Linux: sent to the socket, not
    yet taken by the client); 0 where the system does not say."""
    sock = transport.get_extra_info("socket")
    if sock is None or _OUTQ is None:
        return 0
    try:
        answer = fcntl.ioctl(sock.fileno(), _OUTQ, b"\0\0\0\0")
    except (OSError, ValueError):
        return 0
    return int.from_bytes(answer, sys.byteorder, signed=True)


_OUTQ: int | None = getattr(termios, "TIOCOUTQ", None) if sys.platform == "linux" else None
"""SIOCOUTQ (the same request as TIOCOUTQ on a socket)."""

SECRET_NAMES = (
    "token",
    "secret",
    "session",
    "passw",
    "pwd",
    "spectat",
    "auth",
    "key",
    "signature",
    "credential",
)
"""A parameter whose name has one of these in it carries a secret (``token``, ``pub_token``,
``spectate``, ``spectator_token``, ``session``, ``x-club-session``, ``secret``, ``password``,
``api_key``, ...): its value is never logged."""

_PARAMETER = re.compile(r"(?:(?<=[?&;\s\"'])|^)([^?&;=\s\"'#]+)=([^&;\s\"'#]*)")
"""A ``name=value`` parameter of a query (tried only where one can begin: linear time, however
long a line an attacker sends)."""


def _blank(match: re.Match[str]) -> str:
    name = match.group(1)
    folded = name.lower()
    if any(word in folded for word in SECRET_NAMES):
        return f"{name}=[redacted]"
    return match.group(0)


def redact(text: str) -> str:
    """``text`` with the value of every secret-bearing parameter (:data:`SECRET_NAMES`)
    blanked."""
    return _PARAMETER.sub(_blank, text)


class RedactSecrets(logging.Filter):
    """Blanks tokens in log records (their message and their arguments)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "=" in record.msg:
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


UVICORN_LOG = {
    "Started server process [%d]": "serve_log_started",
    "Waiting for application startup.": "serve_log_starting",
    "Application startup complete.": "serve_log_started_app",
    "Application startup failed. Exiting.": "serve_log_start_failed",
    "Shutting down": "serve_log_stopping",
    "Waiting for connections to close. (CTRL+C to force quit)": "serve_log_closing",
    "Waiting for background tasks to complete. (CTRL+C to force quit)": "serve_log_tasks",
    "Waiting for application shutdown.": "serve_log_stopping_app",
    "Application shutdown complete.": "serve_log_stopped_app",
    "Application shutdown failed. Exiting.": "serve_log_stop_failed",
    "Finished server process [%d]": "serve_log_stopped",
}
"""What uvicorn logs as the server starts and stops (its message), said in the catalogue's
words (``serve_log_*``, ``{pid}`` the process's number); in English as uvicorn says it. Its
level name before (``INFO:``) stays as the log has it."""


class SaidInLanguage(logging.Filter):
    """Says uvicorn's start and stop lines (:data:`UVICORN_LOG`) in ``lang``."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def filter(self, record: logging.LogRecord) -> bool:
        key = UVICORN_LOG.get(record.msg) if isinstance(record.msg, str) else None
        if key is not None:
            pid = record.args[0] if isinstance(record.args, tuple) and record.args else ""
            record.msg = t(key, self.lang, pid=pid).replace("%", "%%")
            record.args = ()
            record.__dict__.pop("color_message", None)  # uvicorn's coloured copy, in English
        return True


def install_log_filters(lang: str = "en") -> None:
    """Blank the secrets in uvicorn's log lines, say its start and stop lines in ``lang``."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
    logger = logging.getLogger("uvicorn.error")
    for old in [f for f in logger.filters if isinstance(f, SaidInLanguage)]:
        logger.removeFilter(old)
    logger.addFilter(SaidInLanguage(lang))


def lan_address() -> str:
    """This machine's address on its local network (the one it would reach the internet
    from; nothing is sent), or 127.0.0.1 if it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, no packet leaves
            address: str = s.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address
