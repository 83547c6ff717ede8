"""Who may sit at a table: how many players, and what a player's name may be.

The one place that says what a name is, for the engine, game records, the terminal game and the
server. Standard library only (and the core's errors and texts).

>>> check_players(["Anna", "Ben"])
('Anna', 'Ben')
>>> check_players(["Anna", "anna"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
schocken.errors.RefusalError: players' names must differ (...): 'Anna' and 'anna'
>>> check_name("  Kalle \\n  Krause ")
'Kalle Krause'

Names that look alike are the same name: compared after Unicode compatibility normalisation
(NFKC), case folding, and with common look-alikes of Latin letters in Cyrillic and Greek (and
a few digits and marks) taken as the Latin letter (:func:`name_key`). A letter carries at most
:data:`MAX_MARKS` combining marks.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

from schocken.errors import RefusalError
from schocken.rules import json_kind
from schocken.texts import refused, said

MIN_PLAYERS = 2
"""Every text: Schocken needs at least two players."""
MAX_PLAYERS = 20
"""Our limit: a table of at most twenty."""
MAX_NAME = 40
"""A name has at most this many characters (Unicode code points)."""

MAX_MARKS = 3
"""A letter carries at most this many combining marks (accents): more only stack up unreadably."""

_JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: format characters that names in some scripts, and emoji
sequences, need."""
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Control and format characters, lone surrogates, line and paragraph separators."""


def _show(name: str) -> str:
    """A name as it appears in a message: quoted, escaped, cut short."""
    return repr(name) if len(name) <= MAX_NAME else repr(name[:MAX_NAME]) + "…"


def _name_problem(name: object, what: str = "name_a_name") -> RefusalError | None:
    """What is wrong with a name as given (``None``: nothing); ``what`` is the key of the text
    that calls it (``"a name"``)."""
    it = said(what)
    if not isinstance(name, str):
        return refused(RefusalError, "refuse_name_not_text", what=it, kind=json_kind(name))
    if not name.strip():
        return refused(RefusalError, "refuse_name_blank", what=it)
    for i, ch in enumerate(name):
        if unicodedata.category(ch) in _REFUSED and ch not in _JOINERS:
            if 0xD800 <= ord(ch) <= 0xDFFF:
                return refused(RefusalError, "refuse_name_surrogate", what=it, name=_show(name))
            return refused(
                RefusalError,
                "refuse_name_control",
                what=it,
                name=_show(name),
                code=f"U+{ord(ch):04X}",
                position=i + 1,
            )
    if len(name) > MAX_NAME:
        return refused(
            RefusalError,
            "refuse_name_long",
            what=it,
            most=MAX_NAME,
            count=len(name),
            name=_show(name),
        )
    marks = 0
    for ch in name:
        marks = marks + 1 if unicodedata.combining(ch) else 0
        if marks > MAX_MARKS:
            return refused(RefusalError, "refuse_name_marks", most=MAX_MARKS, name=_show(name))
    return None


NAME_KEYS = 32_768
"""Names whose keys are kept made (a tournament of 10,000 players asks for its players' keys at
each registration, draw and ranking: made once, not each time)."""

_LOOKALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "с": "c", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i",
        "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s",
        "т": "t", "у": "y", "ԝ": "w", "х": "x", "ү": "y", "ӏ": "l", "ɡ": "g",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "ϲ": "c", "ϳ": "j",
        # Latin look-alikes of Latin letters, digits
        "ı": "i", "ł": "l", "ø": "o", "ß": "ss", "0": "o", "1": "l", "5": "s",
        "|": "l", "ǀ": "l",
    }
)  # fmt: skip
"""Characters (after NFKC and case folding) taken as the Latin letter they look like."""


@functools.lru_cache(maxsize=NAME_KEYS)
def name_key(name: str) -> str:
    """What two names must not share at one table: names that look the same are the same name.

    Compared after NFKC (full-width and other compatibility forms become plain letters), case
    folding, without combining marks' stacking order mattering, with Cyrillic and Greek
    look-alikes (and a few digits) taken as the Latin letter, and with runs of spacing made one.

    >>> name_key(" Anna  Lena") == name_key("anna lena")
    True
    >>> name_key("\u0410nna") == name_key("Anna") == name_key("ＡＮＮＡ")  # Cyrillic А, full width
    True
    """
    folded = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    folded = unicodedata.normalize("NFKC", folded).translate(_LOOKALIKES)
    # Invisible joiners do not tell names apart.
    folded = "".join(ch for ch in folded if ch not in _JOINERS)
    return " ".join(folded.split())


def check_name(name: object, *, what: str = "name_a_name") -> str:
    """One player's name, tidied: runs of white space (tabs, line breaks) become one space and
    the ends are stripped; then checked as :func:`check_players` checks each name.

    Raises :class:`~schocken.errors.RefusalError` (a :class:`ValueError`) saying what is wrong;
    ``what`` is the key of the text that calls the name in it ("a name").
    """
    if isinstance(name, str):
        name = " ".join(name.split())
    problem = _name_problem(name, what)
    if problem is not None:
        raise problem
    assert isinstance(name, str)
    return name


def check_players(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, checked: :data:`MIN_PLAYERS` to :data:`MAX_PLAYERS` of them, each a
    text that is not blank, without control characters or lone surrogates, at most
    :data:`MAX_NAME` characters long, at most :data:`MAX_MARKS` combining marks on a letter, no
    two the same (also when they differ only in case, spacing or look-alike letters:
    :func:`name_key`).

    Returns the names as a tuple, unchanged. Raises :class:`~schocken.errors.RefusalError` (a
    :class:`ValueError`) saying what is wrong.
    """
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise refused(RefusalError, "refuse_players_not_list", kind=json_kind(names))
    players = tuple(names)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise refused(
            RefusalError,
            "refuse_players_count",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=len(players),
        )
    seen: dict[str, str] = {}
    for name in players:
        problem = _name_problem(name)
        if problem is not None:
            raise problem
        key = name_key(name)
        if key in seen:
            raise refused(RefusalError, "refuse_players_twice", first=seen[key], second=name)
        seen[key] = name
    return players


__all__ = [
    "MAX_MARKS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "check_name",
    "check_players",
    "name_key",
]


def seat_names(n: int) -> list[str]:
    """Default player names for ``n`` seats."""
    base = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gül", "Hans", "Ida", "Jonas"]
    return [base[i] if i < len(base) else f"Spieler {i + 1}" for i in range(n)]
