"""Entries made on a phone, applied exactly once: a change that carries an entry id (made where
it was entered, offline perhaps) is applied with that id noted in the same transaction; the
same id again answers what the first one answered and changes nothing (``club_entries``). So a
phone may send an entry as often as its signal makes it (a request whose answer was lost, a
queue sent again after a reload) and the book holds it once."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from schocken.club.exchange import _Exchange
from schocken.club.values import _now, _show
from schocken.errors import ClubError
from schocken.texts import refused

ENTRY_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{7,63}")
"""An entry id: 8 to 64 letters, digits and ``_ . : -`` (a UUID made by the phone's
``crypto.randomUUID()``, or a name such as ``book-pub-ID`` that two tries make alike)."""


def check_entry_id(entry_id: object) -> str:
    """``entry_id`` if it is one (:data:`ENTRY_ID`), else a :class:`ClubError` saying so."""
    if not isinstance(entry_id, str) or not ENTRY_ID.fullmatch(entry_id):
        raise refused(ClubError, "refuse_entry_id", value=_show(entry_id))
    return entry_id


class Applied(NamedTuple):
    """What a change with an entry id answered, and whether it was applied just now
    (``repeated`` False) or before (True: nothing was changed this time)."""

    done: Any
    repeated: bool


class _Entries(_Exchange):
    """Entries applied once, by their id."""

    def once(self, club: str, entry_id: str, what: str, change: Callable[[], Any]) -> Applied:
        """Apply ``change`` (a change to ``club``, named ``what``, such as the address it came
        to) once for ``entry_id``: the first time it runs and its answer is kept with the id,
        in one transaction (both or neither: a refused change keeps no id, so it may be sent
        again); every later time the kept answer comes back and nothing runs. An id used for
        another kind of change is refused."""
        check_entry_id(entry_id)
        with self._tx() as db:
            cid = self._club_id(club)
            row = db.execute(
                "SELECT what, result FROM club_entries WHERE club_id = ? AND entry_id = ?",
                (cid, entry_id),
            ).fetchone()
            if row is not None:
                if row[0] != what:
                    raise refused(
                        ClubError, "refuse_entry_other", entry=entry_id, was=row[0], what=what
                    )
                return Applied(json.loads(row[1]), True)
            done = change()
            db.execute(
                "INSERT INTO club_entries (club_id, entry_id, what, applied, result) "
                "VALUES (?, ?, ?, ?, ?)",
                (cid, entry_id, what, _now(), json.dumps(done, ensure_ascii=False, default=str)),
            )
            return Applied(done, False)

    def entry_applied(self, club: str, entry_id: str) -> str | None:
        """When the entry ``entry_id`` was applied to ``club`` (UTC), or None: not yet."""
        check_entry_id(entry_id)
        row = self.db.execute(
            "SELECT applied FROM club_entries WHERE club_id = ? AND entry_id = ?",
            (self._club_id(club), entry_id),
        ).fetchone()
        return None if row is None else str(row[0])
