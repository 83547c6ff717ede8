"""The server's refusals: a request that cannot be done (:class:`TableError`, said in the
caller's language: :func:`refuse`, :func:`refusal_of`), a change that could not be stored
(:class:`StorageError`), a table another worker owns (:class:`TableElsewhereError`), and the
limit of new tables, clubs or pub games per client address and minute (:class:`PerMinute`).
"""

from __future__ import annotations

import logging
import time
from collections import deque

from schocken.errors import RefusalError, SchockenError
from schocken.texts import refused, said, t

log = logging.getLogger("schocken.server")


class TableError(RefusalError):
    """A request that cannot be done (about a table, a club, a pub game); nothing changed.

    The message says why in English; made by :func:`refuse` it also carries the key of its text
    and the text's fields, so that the server answers in the caller's language
    (:func:`schocken.texts.refusal_text`). ``status`` is the HTTP status of the answer."""

    def __init__(
        self, message: str, status: int = 400, *, key: str | None = None, **fields: object
    ) -> None:
        super().__init__(message, key=key, **fields)
        self.status = status


def refuse(key: str, status: int = 400, /, **fields: object) -> TableError:
    """A refused request: the text ``key`` of the catalogue with its fields (English as its
    ``str()``), answered with the HTTP ``status``."""
    error = refused(TableError, key, **fields)
    error.status = status
    return error


def refusal_of(error: SchockenError, status: int = 400) -> TableError:
    """A refused request that says what ``error`` says (a refusal of the book or of pub mode:
    its key and fields go along, its English text is the message)."""
    return TableError(str(error), status, key=error.key, **error.fields)


class TableElsewhereError(TableError):
    """Another worker owns the table now (:mod:`schocken.server.workers`): ask again, and the
    request goes to it."""


def elsewhere() -> TableElsewhereError:
    """The refusal of a request about a table another worker took meanwhile (503)."""
    error = refused(TableElsewhereError, "server_refuse_elsewhere")
    error.status = 503
    return error


class StorageError(TableError):
    """A change that could not be stored: it was taken back, the table is as it was."""

    def __init__(self) -> None:
        key = "server_refuse_storage"
        super().__init__(t(key, "en"), status=503, key=key)


class PerMinute:
    """The new tables (or clubs, or pub games) each client address made in the last minute,
    against ``limit`` (``--tables-per-minute``): :meth:`check` before making one, :meth:`note`
    once it is made."""

    def __init__(self, limit: int, things: str) -> None:
        self.limit = limit
        self.things = things
        self._made: dict[str, deque[float]] = {}

    def check(self, address: str) -> None:
        """Refused (429) when ``address`` made ``limit`` of them in the last minute."""
        now = time.monotonic()
        recent = self._made.setdefault(address, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= self.limit:
            raise refuse(
                "server_refuse_per_minute",
                429,
                most=self.limit,
                things=said(f"server_word_{self.things}"),
            )

    def note(self, address: str) -> None:
        now = time.monotonic()
        self._made.setdefault(address, deque()).append(now)
        if len(self._made) > 10_000:  # forget addresses that made nothing for a minute
            for old in [a for a, q in self._made.items() if not q or now - q[-1] > 60]:
                del self._made[old]
