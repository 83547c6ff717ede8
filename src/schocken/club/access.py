"""Clubs and who may open them: the secret link and password (scrypt hashes), and the
sessions of the web pages (kept as SHA-256 hashes of their tokens)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
import time
from datetime import UTC, datetime
from typing import Any

from schocken.club.store import _Store
from schocken.club.values import (
    BOT_SEATS,
    MAX_DEVICE,
    MAX_SESSIONS,
    MAX_TOKEN,
    SESSION_DAYS,
    SESSION_ID,
    ClubInfo,
    SessionInfo,
    _now,
    _show,
    check_password,
    check_season_start,
    check_text,
    slug_of,
)
from schocken.errors import ClubAccessError, ClubError, ClubStoreError
from schocken.players import check_name
from schocken.texts import refused, said

USED_EVERY = 3600
"""A session's "last used" is written at most this often (seconds): a page's requests do not
each write the file."""

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
"""scrypt's cost (about 16 MiB and 50 ms a check): the secret and password hashes. Only hashes
of this cost are kept or checked (an import with another is refused)."""
SALT_BYTES, DIGEST_BYTES = 16, 32
"""A hash's random salt and its length."""
NO_ACCESS = "no such club, or the link or password does not fit"
"""What a wrong secret or password is told: the same whether the club exists or not."""


def _session_info(row: tuple[Any, ...], *, current: bool) -> SessionInfo:
    """A session as the page lists it, from its row (token_hash, device, created, used,
    expires)."""
    key, device, created, used, expires = row
    return SessionInfo(
        id=key[:SESSION_ID],
        device=device,
        created=_when(created),
        used=_when(max(used, created)),
        expires=_when(expires),
        current=current,
    )


def _when(seconds: int) -> str:
    """A time kept in seconds since 1970, as the book writes times (ISO, UTC)."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


# ---------------------------------------------------------------------- secrets


def hash_secret(secret: str) -> str:
    """A salted scrypt hash of a secret or password, with its parameters, as one text."""
    salt = os.urandom(SALT_BYTES)
    digest = hashlib.scrypt(
        secret.encode("utf-8", "surrogatepass"),
        salt=salt,
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=DIGEST_BYTES,
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def _token_hash(token: str) -> str:
    """What is kept of a session token: its SHA-256 (a token is random, 144 bits)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_OWN_HASH = re.compile(
    rf"scrypt\${SCRYPT_N}\${SCRYPT_R}\${SCRYPT_P}\$[0-9a-f]{{{2 * SALT_BYTES}}}"
    rf"\$[0-9a-f]{{{2 * DIGEST_BYTES}}}"
)
"""A hash as :func:`hash_secret` writes it: the book's own cost, salt and length."""
_DUMMY_HASH = f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${'00' * SALT_BYTES}${'00' * DIGEST_BYTES}"


def verify_secret(secret: str, stored: str | None) -> bool:
    """Whether ``secret`` fits the hash ``stored``. Always one scrypt at the book's own cost,
    whatever is stored: nothing, or a hash of other parameters (never computed: its figures
    could make one check take minutes), is checked against a dummy hash and fits nothing, in the
    time a real check takes."""
    own = stored is not None and _OWN_HASH.fullmatch(stored) is not None
    _, _, _, _, salt, digest = (stored if own and stored else _DUMMY_HASH).split("$")
    got = hashlib.scrypt(
        secret.encode("utf-8", "surrogatepass"),
        salt=bytes.fromhex(salt),
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=DIGEST_BYTES,
    )
    return hmac.compare_digest(got, bytes.fromhex(digest)) and own


def verify_access(
    secret: object, password: object, secret_hash: str | None, password_hash: str | None
) -> bool:
    """Whether ``secret`` fits ``secret_hash`` or ``password`` fits ``password_hash`` (the
    hashes of :meth:`ClubBook.access_hashes`). One scrypt for each key given (a text, not
    empty) whatever is stored, so that a wrong key takes as long for a club with a password, a
    club without one and a club that does not exist. Needs no book: a server runs it in
    threads of their own."""
    ok = False
    if isinstance(secret, str) and secret:
        ok = verify_secret(secret, secret_hash)
    if isinstance(password, str) and password:
        ok = verify_secret(password, password_hash) or ok
    return ok


def _check_hash(value: object, what: str) -> str | None:
    """A stored hash read from an export: ``None`` or ``scrypt$n$r$p$salt$digest`` of the book's
    own cost (:data:`SCRYPT_N`, :data:`SCRYPT_R`, :data:`SCRYPT_P`): a hash is a cost too, paid
    at every guess, and an export does not set it."""
    if value is None:
        return None
    found = isinstance(value, str) and re.fullmatch(
        r"scrypt\$(\d{1,12})\$(\d{1,12})\$(\d{1,12})\$[0-9a-f]{2,256}\$[0-9a-f]{2,256}", value
    )
    if not found:
        raise refused(ClubError, "club_refuse_hash_form", what=what)
    assert isinstance(value, str)
    if not _OWN_HASH.fullmatch(value):
        n, r, p = found.groups()
        raise refused(
            ClubError,
            "club_refuse_hash_cost",
            what=what,
            cost=f"n={n}, r={r}, p={p}",
            own=f"n={SCRYPT_N}, r={SCRYPT_R}, p={SCRYPT_P}",
            salt=SALT_BYTES,
            digest=DIGEST_BYTES,
        )
    return value


class _Access(_Store):
    """Making clubs, their secrets and passwords, and sessions."""

    # ------------------------------------------------------------------ clubs

    def create_club(
        self,
        name: str,
        *,
        currency: str = "EUR",
        season_start: str = "01-01",
        password: str | None = None,
    ) -> tuple[ClubInfo, str]:
        """A new club, and its secret (for its secret link; only its hash is kept); with a
        ``password`` if given (in the same transaction)."""
        name = self._check_club_name(name)
        currency = check_text(currency, said("club_what_currency"), required=True)[:12]
        season_start = check_season_start(season_start)
        if password is not None:
            check_password(password)
        secret = secrets.token_urlsafe(18)
        stored = None if password is None else hash_secret(password)
        with self._tx():
            cid = self._insert_club(
                name, _now(), currency, season_start, hash_secret(secret), stored
            )
            self._log(cid, "club_created", name=name)
            if password is not None:
                self._log(cid, "password_set")
        return self.club(name), secret

    def _check_club_name(self, name: object) -> str:
        try:
            name = check_name(name, what="club_name_it")
        except ValueError as exc:
            raise refused(ClubError, "club_refuse_club_name", why=exc) from None
        if not slug_of(name):
            raise refused(ClubError, "club_refuse_club_slug", name=name)
        return name

    def _check_slug_free(self, slug: str) -> None:
        row = self.db.execute("SELECT name FROM club_clubs WHERE slug = ?", (slug,)).fetchone()
        if row is not None:
            raise refused(ClubError, "club_refuse_club_twice", name=row[0], slug=slug)

    def _insert_club(
        self,
        name: str,
        created: str,
        currency: str,
        season_start: str,
        secret_hash: str | None,
        password_hash: str | None,
    ) -> int:
        slug = slug_of(name)
        self._check_slug_free(slug)
        return self.db.insert(
            "INSERT INTO club_clubs (slug, name, created, currency, season_start, secret_hash, "
            "password_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (slug, name, created, currency, season_start, secret_hash, password_hash),
        )

    def clubs(self) -> list[ClubInfo]:
        """Every club in the file, by name."""
        rows = self.db.execute("SELECT name FROM club_clubs ORDER BY slug").fetchall()
        return [self.club(r[0]) for r in rows]

    def club(self, club: str) -> ClubInfo:
        """A club by its name or the name in its web address."""
        _, name, slug, created, currency, start, secret, password = self._club_row(club)
        return {
            "name": name,
            "slug": slug,
            "created": created,
            "currency": currency,
            "season_start": start,
            "has_secret": secret is not None,
            "has_password": password is not None,
            "bot_seats": str(
                self.db.execute(
                    "SELECT bot_seats FROM club_clubs WHERE slug = ?", (slug,)
                ).fetchone()[0]
            ),
        }

    def new_secret(self, club: str) -> str:
        """A new secret for the club's link; the old one no longer opens the club."""
        secret = secrets.token_urlsafe(18)
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute(
                "UPDATE club_clubs SET secret_hash = ? WHERE id = ?", (hash_secret(secret), cid)
            )
            db.execute("DELETE FROM club_sessions WHERE club_id = ?", (cid,))
            self._log(cid, "secret_changed")
        return secret

    def set_password(self, club: str, password: str | None) -> None:
        """Set the club's password (``None``: no password; the secret link still opens it)."""
        if password is not None:
            check_password(password)
        stored = None if password is None else hash_secret(password)
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute("UPDATE club_clubs SET password_hash = ? WHERE id = ?", (stored, cid))
            db.execute("DELETE FROM club_sessions WHERE club_id = ?", (cid,))
            self._log(cid, "password_set" if password is not None else "password_removed")

    def check_access(
        self, club: str, *, secret: str | None = None, password: str | None = None
    ) -> ClubInfo:
        """The club, if ``secret`` fits its link or ``password`` its password; otherwise
        :class:`~schocken.errors.ClubAccessError` (the same for a club that does not exist)."""
        hashes = self.access_hashes(club)
        ok = verify_access(secret, password, *(hashes or (None, None)))
        if not ok or hashes is None:
            raise refused(ClubAccessError, "club_refuse_no_access")
        return self.club(club)

    def access_hashes(self, club: object) -> tuple[str | None, str | None] | None:
        """The hashes of the club's secret and password (``None``: no such club), for
        :func:`verify_access`."""
        try:
            row = self._club_row(club)  # type: ignore[arg-type]
        except ClubError:
            return None
        return row[6], row[7]

    # ------------------------------------------------------------------ sessions

    def new_session(self, club: str, *, device: str = "", now: float | None = None) -> str:
        """A session token for ``club``, for a browser that opened it by its secret or password
        (the caller checked them: :meth:`check_access`); ``device`` names the browser for the
        club's list of sessions. It opens the club for :data:`SESSION_DAYS` days (renewed when
        used: :meth:`session_club`), until it is ended (:meth:`end_session`,
        :meth:`end_session_by_id`) or the club gets a new secret or password. Only the token's
        SHA-256 is kept. Expired sessions leave; a club keeps its newest :data:`MAX_SESSIONS`."""
        at = int(time.time() if now is None else now)
        token = secrets.token_urlsafe(24)
        label = " ".join(str(device).split())[:MAX_DEVICE]
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute("DELETE FROM club_sessions WHERE expires <= ?", (at,))
            db.execute(
                "INSERT INTO club_sessions (token_hash, club_id, created, expires, device, used, "
                "made) VALUES (?, ?, ?, ?, ?, ?, "
                "(SELECT COALESCE(MAX(made), 0) + 1 FROM club_sessions))",
                (_token_hash(token), cid, at, at + SESSION_DAYS * 86400, label, at),
            )
            db.execute(
                "DELETE FROM club_sessions WHERE club_id = ? AND token_hash NOT IN (SELECT "
                "token_hash FROM club_sessions WHERE club_id = ? ORDER BY created DESC, made "
                "DESC LIMIT ?)",
                (cid, cid, MAX_SESSIONS),
            )
        return token

    def session_club(self, token: object, *, now: float | None = None) -> str | None:
        """The web address (slug) of the club the session ``token`` opens; ``None`` for a token
        that opens none (unknown, expired or ended). A session used with less than half of its
        :data:`SESSION_DAYS` left is renewed for as many days again; when it was last used is
        kept to the hour (:data:`USED_EVERY`)."""
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
            return None
        at = int(time.time() if now is None else now)
        key = _token_hash(token)
        row = self.db.execute(
            "SELECT c.slug, s.expires, s.used FROM club_sessions s "
            "JOIN club_clubs c ON c.id = s.club_id WHERE s.token_hash = ?",
            (key,),
        ).fetchone()
        if row is None or row[1] <= at:
            return None
        renew = row[1] - at < SESSION_DAYS * 86400 // 2
        if renew or at - row[2] >= USED_EVERY:
            expires = at + SESSION_DAYS * 86400 if renew else row[1]
            # A file that cannot be written now (a full disk) does not close the club: the
            # session is renewed at a later use.
            with contextlib.suppress(ClubStoreError), self._tx() as db:
                db.execute(
                    "UPDATE club_sessions SET expires = ?, used = ? WHERE token_hash = ?",
                    (expires, at, key),
                )
        return str(row[0])

    def sessions(
        self, club: str, *, current: object = None, now: float | None = None
    ) -> list[SessionInfo]:
        """The club's sessions that have not expired, the last used first; ``current`` (a
        token) marks the one that asks. No token is in the list, only a short id of each."""
        at = int(time.time() if now is None else now)
        cid = self._club_id(club)
        mine = (
            _token_hash(current)
            if isinstance(current, str) and current and len(current) <= MAX_TOKEN
            else None
        )
        rows = self.db.execute(
            "SELECT token_hash, device, created, used, expires FROM club_sessions "
            "WHERE club_id = ? AND expires > ? ORDER BY used DESC, created DESC, made DESC",
            (cid, at),
        ).fetchall()
        return [_session_info(row, current=row[0] == mine) for row in rows]

    def end_session(self, token: object) -> None:
        """End a session (a browser closes the club); an unknown token changes nothing."""
        if isinstance(token, str) and token and len(token) <= MAX_TOKEN:
            with self._tx() as db:
                db.execute("DELETE FROM club_sessions WHERE token_hash = ?", (_token_hash(token),))

    def end_session_by_id(self, club: str, session_id: object) -> SessionInfo:
        """End the club's session with this id (from :meth:`sessions`), on whatever device it
        is: that browser must open the club again with its link or password. Answers what was
        ended; an id that names no session of this club is refused."""
        cid = self._club_id(club)
        if (
            not isinstance(session_id, str)
            or len(session_id) != SESSION_ID
            or any(c not in "0123456789abcdef" for c in session_id)
        ):
            raise refused(
                ClubError, "club_refuse_session_id", digits=SESSION_ID, value=_show(session_id)
            )
        with self._tx() as db:
            row = db.execute(
                "SELECT token_hash, device, created, used, expires FROM club_sessions "
                "WHERE club_id = ? AND substr(token_hash, 1, ?) = ?",
                (cid, SESSION_ID, session_id),
            ).fetchone()
            if row is None:
                raise refused(ClubError, "club_refuse_no_session", id=session_id)
            db.execute("DELETE FROM club_sessions WHERE token_hash = ?", (row[0],))
        return _session_info(row, current=False)

    def set_bot_seats(self, club: str, bot_seats: str) -> None:
        """What a bot's seat of an online table counts as from now on (one of
        :data:`~schocken.club.values.BOT_SEATS`); games in the book stay as they went in."""
        if bot_seats not in BOT_SEATS:
            raise refused(
                ClubError,
                "club_refuse_bot_seats",
                kinds=said("club_word_bot_seats"),
                value=_show(bot_seats),
            )
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute("UPDATE club_clubs SET bot_seats = ? WHERE id = ?", (bot_seats, cid))
            self._log(cid, "bot_seats_set", bot_seats=bot_seats)

    def set_season_start(self, club: str, season_start: str) -> None:
        """The day the club's seasons begin (``MM-DD``)."""
        season_start = check_season_start(season_start)
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute("UPDATE club_clubs SET season_start = ? WHERE id = ?", (season_start, cid))
            self._log(cid, "season_start_set", season_start=season_start)
