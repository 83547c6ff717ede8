"""The errors of the schocken package.

Every error the package raises on purpose derives from :class:`SchockenError`. Errors caused by a
bad value that the caller passed (an illegal action, a malformed record, a bad rule file) also
derive from :class:`ValueError`. A refused action never changes the game.
"""

from __future__ import annotations

import errno
import re
from json import JSONDecodeError
from typing import NamedTuple


class SchockenError(Exception):
    """Root of every error raised on purpose by schocken.

    One that people read may carry the key of its text in the catalogue and the text's fields
    (made by :func:`schocken.texts.refused`), so that a front end says it in its user's language
    (:func:`schocken.texts.refusal_text`); ``str()`` is the English text.
    """

    def __init__(self, message: str = "", *, key: str | None = None, **fields: object) -> None:
        super().__init__(message)
        self.key = key
        self.fields = fields


class RulesError(SchockenError, ValueError):
    """A rule set, a preset name or a house-rules file is not valid. It carries the key of its
    text (:mod:`schocken.refusal_texts`), so the rules builder shows the engine's own refusal in
    the player's language."""


class RefusalError(SchockenError, ValueError):
    """Something a player did or entered is refused; nothing changed.

    Made by :func:`schocken.texts.refused`, it carries the key of its text in the catalogue and
    the text's fields (see :class:`SchockenError`).
    """


class Said(NamedTuple):
    """A part of a refusal's text that is itself a text of the catalogue ("twice", "2 throws",
    a rule's sentence), said in the refusal's language."""

    key: str
    fields: dict[str, object]
    lower_first: bool = False
    """Begin with a small letter (a sentence of the catalogue after a colon)."""


def said(key: str, *, lower_first: bool = False, **fields: object) -> Said:
    """A text of the catalogue as a part of a refusal (:class:`Said`)."""
    return Said(key, fields, lower_first)


JSON_ERRORS = {
    "Expecting value": "json_error_value",
    "Expecting property name enclosed in double quotes": "json_error_name",
    "Expecting ':' delimiter": "json_error_colon",
    "Expecting ',' delimiter": "json_error_comma",
    "Unterminated string starting at": "json_error_string",
    "Invalid control character at": "json_error_control",
    "Invalid \\escape": "json_error_escape",
    "Invalid \\uXXXX escape": "json_error_unicode",
    "Extra data": "json_error_extra",
}
"""The JSON reader's words (its ``msg``), said in the catalogue's (``json_error_*``)."""


def json_error_said(exc: JSONDecodeError) -> Said | str:
    """Where and why JSON text cannot be read, as a part of a refusal: in the catalogue's words
    where they are known, else as the reader says it."""
    key = JSON_ERRORS.get(exc.msg)
    if key is None:
        return str(exc)
    return said("json_error_at", what=said(key), line=exc.lineno, column=exc.colno, char=exc.pos)


TOML_ERRORS: tuple[tuple[str, str], ...] = (
    ("Invalid value", "toml_error_value"),
    ("Invalid statement", "toml_error_statement"),
    ("Invalid initial character for a key part", "toml_error_key"),
    ("Expected '=' after a key in a key/value pair", "toml_error_equals"),
    ("Expected newline or end of document after a statement", "toml_error_newline"),
    ("Expected ']' at the end of a table declaration", "toml_error_table_end"),
    ("Expected ']]' at the end of an array declaration", "toml_error_array_end"),
    ("Unclosed array", "toml_error_array"),
    ("Unclosed inline table", "toml_error_inline"),
    ("Unterminated string", "toml_error_string"),
    ("Unescaped '\\\\' in a string", "toml_error_backslash"),
    ("Invalid hex value", "toml_error_hex"),
    ("Escaped character is not a Unicode scalar value", "toml_error_scalar"),
    ("Invalid date or datetime", "toml_error_date"),
    ("Cannot overwrite a value", "toml_error_overwrite"),
    ("Cannot declare (?P<detail>.+) twice", "toml_error_twice"),
    ("Cannot mutate immutable namespace (?P<detail>.+)", "toml_error_immutable"),
    ("Cannot redefine namespace (?P<detail>.+)", "toml_error_redefine"),
    ("Duplicate inline table key (?P<detail>.+)", "toml_error_inline_twice"),
    ("Found invalid character (?P<detail>.+)", "toml_error_character"),
    ("Illegal character (?P<detail>.+)", "toml_error_illegal"),
    ("Expected (?P<detail>'.+')", "toml_error_expected"),
)
"""The TOML reader's words (a pattern of its message, the file's own text in ``detail``), said
in the catalogue's (``toml_error_*``; in English as the reader says them)."""

_TOML_AT = re.compile(
    r"(?P<what>.+) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)"
)

SQLITE_ERRORS: tuple[tuple[str, str], ...] = (
    ("unable to open database file", "sqlite_error_open"),
    ("database is locked", "sqlite_error_locked"),
    ("database table is locked", "sqlite_error_table_locked"),
    ("database or disk is full", "sqlite_error_full"),
    ("attempt to write a readonly database", "sqlite_error_read_only"),
    ("disk I/O error", "sqlite_error_io"),
    ("database disk image is malformed", "sqlite_error_malformed"),
    ("file is not a database", "sqlite_error_not_database"),
    ("UNIQUE constraint failed: (?P<detail>.+)", "sqlite_error_unique"),
    ("NOT NULL constraint failed: (?P<detail>.+)", "sqlite_error_not_null"),
    ("CHECK constraint failed: (?P<detail>.+)", "sqlite_error_check"),
    ("FOREIGN KEY constraint failed", "sqlite_error_foreign_key"),
    ("no such table: (?P<detail>.+)", "sqlite_error_no_table"),
)
"""SQLite's words (a pattern of its message, a table's or column's name in ``detail``), said in
the catalogue's (``sqlite_error_*``; in English as SQLite says them)."""


def _known(patterns: tuple[tuple[str, str], ...], text: str) -> Said | None:
    for pattern, key in patterns:
        found = re.fullmatch(pattern, text)
        if found:
            return Said(key, dict(found.groupdict()))
    return None


def toml_error_said(exc: ValueError) -> Said | str:
    """Where and why TOML text cannot be read (the reader's ``TOMLDecodeError``), as a part of a
    refusal: in the catalogue's words where they are known, else as the reader says it."""
    at = _TOML_AT.fullmatch(str(exc))
    what = _known(TOML_ERRORS, at["what"] if at else str(exc))
    if at is None or what is None:
        return str(exc)
    if at["line"] is None:
        return said("toml_error_at_end", what=what)
    return said("toml_error_at", what=what, line=int(at["line"]), column=int(at["column"]))


def sqlite_error_said(exc: Exception) -> Said | str:
    """What SQLite says of an error (an ``sqlite3.Error``), as a part of a refusal: in the
    catalogue's words where they are known, else as SQLite says it."""
    return _known(SQLITE_ERRORS, str(exc)) or str(exc)


class IllegalActionError(RefusalError):
    """An action that the rules forbid in the current situation; the game is unchanged."""


class OutOfTurnError(IllegalActionError):
    """A player acted while it was not their turn to do so."""


class ThrowLimitError(IllegalActionError):
    """A throw past the round's throw limit."""


class PutBackError(IllegalActionError):
    """A set-aside die was put back into the cup where the rules forbid it."""


class TurnSixesError(IllegalActionError):
    """Sixes may not be turned into ones now."""


class MustThrowError(IllegalActionError):
    """After turning sixes: the player must throw again, keep the turned ones out of the cup and
    put the dice the rules name back into it."""


class GameOverError(IllegalActionError):
    """The game is over; no more actions are accepted."""


class PubEntryError(RefusalError):
    """A pub-mode entry that cannot be what happened at the table (a turn out of turn, more
    throws than the limit, turned sixes that cannot be, ...); the pub game is unchanged."""


class DiceExhaustedError(SchockenError):
    """A scripted dice source has no more pips to give."""


class RecordError(SchockenError, ValueError):
    """A game record is malformed, or one of its steps is illegal under its rules.

    Made by :func:`schocken.texts.refused` with the key of its text (:mod:`schocken.record_texts`),
    so a page says it in its user's language. A refusal of one step is the text
    ``record_refuse_step`` ("step 3: ...") around the reason: ``step`` is then the step's index
    and ``reason`` the reason without it (in English), else ``step`` is ``None`` and ``reason``
    the whole message.
    """

    def __init__(self, message: str = "", *, key: str | None = None, **fields: object) -> None:
        super().__init__(message, key=key, **fields)
        self.step: int | None = None
        self.reason = message
        index = fields.get("index")
        if key == "record_refuse_step" and isinstance(index, int):
            self.step, self.reason = index, str(fields.get("why"))


class ClubError(RefusalError):
    """A change to a club's book (the Schockbuch) is refused: a bad name, date, amount or record,
    or something that is not in the book. Nothing was changed."""


class ClubAccessError(SchockenError):
    """A club's secret link or password does not fit (or there is no such club): the same message
    either way, so that a guess learns nothing."""


class ClubStoreError(SchockenError):
    """The club's database file cannot be used (not SQLite, read-only, written by a newer
    version, ...); the message says why."""


class TournamentError(SchockenError, ValueError):
    """A change to a tournament is refused: a bad format, draw, result or name, or something
    that is not in the tournament. Nothing was changed."""


OS_ERRORS = {
    errno.ENOENT: "os_error_no_file",
    errno.EACCES: "os_error_denied",
    errno.EPERM: "os_error_not_permitted",
    errno.EISDIR: "os_error_is_folder",
    errno.ENOTDIR: "os_error_not_folder",
    errno.EEXIST: "os_error_exists",
    errno.ENOSPC: "os_error_no_space",
    errno.EROFS: "os_error_read_only",
    errno.EADDRINUSE: "os_error_address_in_use",
    errno.EADDRNOTAVAIL: "os_error_address_not_here",
}
"""The system's errors said in the catalogue's words in a language other than English (the
others, and English, as the system says them)."""


def os_error_said(exc: OSError) -> object:
    """An :class:`OSError` as a part of a refusal (its file is named by the refusal): the
    catalogue's words where it has them (:data:`OS_ERRORS`), else the system's."""
    key = OS_ERRORS.get(exc.errno or 0)
    return said(key) if key else exc.strerror or str(exc)
