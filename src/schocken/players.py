"""Who may sit at a table: how many players, and what a player's name may be.

The one place that says what a name is, for the engine, game records, the terminal game and the
server. Standard library only.

>>> check_players(["Anna", "Ben"])
('Anna', 'Ben')
>>> check_players(["Anna", "anna"])
Traceback (most recent call last):
...
ValueError: players' names must differ (also in case and spacing): 'Anna' and 'anna'
>>> check_name("  Kalle \\n  Krause ")
'Kalle Krause'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MIN_PLAYERS = 2
"""Every text: Schocken needs at least two players."""
MAX_PLAYERS = 20
"""Our limit: a table of at most twenty."""
MAX_NAME = 40
"""A name has at most this many characters (Unicode code points)."""

_JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: format characters that names in some scripts, and emoji
sequences, need."""
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Control and format characters, lone surrogates, line and paragraph separators."""


def _show(name: str) -> str:
    """A name as it appears in a message: quoted, escaped, cut short."""
    return repr(name) if len(name) <= MAX_NAME else repr(name[:MAX_NAME]) + "…"


def _name_problem(name: object) -> str | None:
    """What is wrong with a name as given (``None``: nothing)."""
    if not isinstance(name, str):
        return f"a name is a non-empty text, not {type(name).__name__}"
    if not name.strip():
        return "a name is a non-empty text, not blank"
    for i, ch in enumerate(name):
        if unicodedata.category(ch) in _REFUSED and ch not in _JOINERS:
            if 0xD800 <= ord(ch) <= 0xDFFF:
                return f"a name must be valid Unicode text: {_show(name)} has a lone surrogate"
            return (
                f"a name has no control characters: {_show(name)} has U+{ord(ch):04X} at "
                f"position {i + 1}"
            )
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(name)}: {_show(name)}"
    return None


def name_key(name: str) -> str:
    """What two names must not share at one table: names that differ only in case or spacing
    are the same name.

    >>> name_key(" Anna  Lena") == name_key("anna lena")
    True
    """
    return " ".join(name.split()).casefold()


def check_name(name: object) -> str:
    """One player's name, tidied: runs of white space (tabs, line breaks) become one space and
    the ends are stripped; then checked as :func:`check_players` checks each name.

    Raises :class:`ValueError` saying what is wrong.
    """
    if isinstance(name, str):
        name = " ".join(name.split())
    problem = _name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    assert isinstance(name, str)
    return name


def check_players(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, checked: :data:`MIN_PLAYERS` to :data:`MAX_PLAYERS` of them, each a
    text that is not blank, without control characters or lone surrogates, at most
    :data:`MAX_NAME` characters long, no two the same (also when they differ only in case or
    spacing).

    Returns the names as a tuple, unchanged. Raises :class:`ValueError` saying what is wrong.
    """
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise ValueError(f"the players are a list of names, not {type(names).__name__}")
    players = tuple(names)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(
            f"Schocken needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    seen: dict[str, str] = {}
    for name in players:
        problem = _name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        key = name_key(name)
        if key in seen:
            raise ValueError(
                f"players' names must differ (also in case and spacing): {seen[key]!r} and {name!r}"
            )
        seen[key] = name
    return players


__all__ = ["MAX_NAME", "MAX_PLAYERS", "MIN_PLAYERS", "check_name", "check_players", "name_key"]


def seat_names(n: int) -> list[str]:
    """Default player names for ``n`` seats."""
    base = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gül", "Hans", "Ida", "Jonas"]
    return [base[i] if i < len(base) else f"Spieler {i + 1}" for i in range(n)]
