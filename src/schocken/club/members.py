"""The club's members: added, renamed, leaving."""

from __future__ import annotations

import json
from collections.abc import Sequence

from schocken.club.access import (
    _Access,
)
from schocken.club.values import (
    MemberInfo,
    _now,
    _show,
    check_date,
    today,
)
from schocken.errors import ClubError
from schocken.players import check_name, name_key
from schocken.texts import refused, said


class _Members(_Access):
    """The members of a club."""

    # ------------------------------------------------------------------ members

    def add_member(
        self, club: str, name: str, *, guest: bool = False, joined: str | None = None
    ) -> MemberInfo:
        """A new member (``guest``: plays and pays, is not charged for evenings missed);
        ``joined``: since when (``None``: from the start, for every evening of the book)."""
        with self._tx():
            cid = self._club_id(club)
            name = self._insert_member(cid, name, guest, joined, None)
            self._log(cid, "member_added", name=name, guest=guest, joined=joined)
        return self._member_info(cid, name)

    def add_guests(self, club: str, names: Sequence[str]) -> list[str]:
        """New guests at once (one transaction, a few statements however many: a tournament's
        registration of guests), each as :meth:`add_member` with ``guest`` adds one; their
        names as checked."""
        with self._tx() as db:
            cid = self._club_id(club)
            checked = []
            for name in names:
                try:
                    checked.append(check_name(name))
                except ValueError as exc:
                    raise refused(ClubError, "club_refuse_member_name", why=exc) from None
            known = {
                str(r[0]): str(r[1])
                for r in db.execute(
                    "SELECT key, name FROM club_members WHERE club_id = ?", (cid,)
                ).fetchall()
            }
            for name in checked:
                key = name_key(name)
                if key in known:
                    raise refused(ClubError, "club_refuse_member_twice", name=known[key])
                known[key] = name
            db.executemany(
                "INSERT INTO club_members (club_id, name, key, guest, joined, left_on) "
                "VALUES (?, ?, ?, 1, NULL, NULL)",
                [(cid, name, name_key(name)) for name in checked],
            )
            at = _now()
            db.executemany(
                "INSERT INTO club_log (club_id, at, action, detail) VALUES (?, ?, ?, ?)",
                [
                    (
                        cid,
                        at,
                        "member_added",
                        json.dumps(
                            {"name": name, "guest": True, "joined": None},
                            ensure_ascii=False,
                            sort_keys=True,
                        ),
                    )
                    for name in checked
                ],
            )
        return checked

    def _insert_member(
        self, cid: int, name: object, guest: object, joined: object, left: object
    ) -> str:
        try:
            name = check_name(name)
        except ValueError as exc:
            raise refused(ClubError, "club_refuse_member_name", why=exc) from None
        if not isinstance(guest, bool):
            raise refused(ClubError, "club_refuse_guest", value=_show(guest))
        if joined is not None:
            check_date(joined, said("club_what_joined"))
        if left is not None:
            check_date(left, said("club_what_left"))
            if joined is not None and str(left) < str(joined):
                raise refused(
                    ClubError, "club_refuse_left_before", name=name, left=left, joined=joined
                )
        row = self.db.execute(
            "SELECT name FROM club_members WHERE club_id = ? AND key = ?", (cid, name_key(name))
        ).fetchone()
        if row is not None:
            raise refused(ClubError, "club_refuse_member_twice", name=row[0])
        self.db.execute(
            "INSERT INTO club_members (club_id, name, key, guest, joined, left_on) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (cid, name, name_key(name), int(guest), joined, left),
        )
        return name

    def _member_info(self, cid: int, name: str) -> MemberInfo:
        row = self.db.execute(
            "SELECT name, guest, joined, left_on FROM club_members WHERE club_id = ? AND key = ?",
            (cid, name_key(name)),
        ).fetchone()
        return {"name": row[0], "guest": bool(row[1]), "joined": row[2], "left": row[3]}

    def members(self, club: str) -> list[MemberInfo]:
        """The members, in the order they were added."""
        cid = self._club_id(club)
        rows = self.db.execute(
            "SELECT name, guest, joined, left_on FROM club_members WHERE club_id = ? AND bot = 0 "
            "ORDER BY id",
            (cid,),
        )
        return [{"name": r[0], "guest": bool(r[1]), "joined": r[2], "left": r[3]} for r in rows]

    def rename_member(self, club: str, name: str, new_name: str) -> MemberInfo:
        """A member's new name; their games, fines and payments stay theirs."""
        with self._tx() as db:
            cid = self._club_id(club)
            mid = self._member_id(cid, name)
            try:
                new_name = check_name(new_name)
            except ValueError as exc:
                raise refused(ClubError, "club_refuse_member_name", why=exc) from None
            row = db.execute(
                "SELECT id, name FROM club_members WHERE club_id = ? AND key = ?",
                (cid, name_key(new_name)),
            ).fetchone()
            if row is not None and row[0] != mid:
                raise refused(ClubError, "club_refuse_member_taken", name=row[1])
            db.execute(
                "UPDATE club_members SET name = ?, key = ? WHERE id = ?",
                (new_name, name_key(new_name), mid),
            )
            self._log(cid, "member_renamed", name=name, new_name=new_name)
        return self._member_info(cid, new_name)

    def member_leaves(self, club: str, name: str, day: str | None = None) -> MemberInfo:
        """A member leaves the club on ``day`` (default today): no more fines for evenings
        missed after it. Their games and balance stay in the book."""
        day = check_date(day or today(), said("club_what_leaves"))
        with self._tx() as db:
            cid = self._club_id(club)
            mid = self._member_id(cid, name)
            joined = db.execute("SELECT joined FROM club_members WHERE id = ?", (mid,)).fetchone()
            if joined[0] is not None and day < joined[0]:
                raise refused(
                    ClubError, "club_refuse_leave_before", name=name, joined=joined[0], day=day
                )
            db.execute("UPDATE club_members SET left_on = ? WHERE id = ?", (day, mid))
            self._log(cid, "member_left", name=name, date=day)
        return self._member_info(cid, name)
