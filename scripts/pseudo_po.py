"""Write the pseudo-language ``qps``: the English catalogue with every letter accented.

``Throw {n} dice`` becomes ``⟦Ŧĥŕōŵ {n} đĩçē⟧``: every field stays as it is, every letter outside
the fields is one no real catalogue uses, and the brackets show a text cut short. A screen or a
command's output said in ``qps`` shows at a glance (and to tests/test_pseudo_language.py) which
words come from somewhere else than the catalogue. The file goes to ``OUT/qps/LC_MESSAGES/``;
``SCHOCKEN_LOCALE_PATH=OUT`` makes the game and the server offer ``qps``::

    PYTHONPATH=src python scripts/pseudo_po.py /tmp/pseudo
    SCHOCKEN_LOCALE_PATH=/tmp/pseudo schocken --lang qps rules
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = ROOT / "src" / "schocken" / "locale" / "en" / "LC_MESSAGES" / "schocken.po"
CODE = "qps"

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüÄÖÜß"
_ACCENTED = "ȧƀçđēƒĝĥĩĵķľɱñōƥʠŕšŧũṽŵẋýžȦƁÇĐĒƑĜĤĨĴĶĽṀÑŌƤɊŔŠŦŨṼŴẊÝŽǟȫǖǞȪǕƨ"
_MAP = str.maketrans(_PLAIN, _ACCENTED)
LETTERS = frozenset(_ACCENTED) | {c.lower() for c in _ACCENTED} | {c.upper() for c in _ACCENTED}
"""Every letter a pseudo text may show (its capitals and small letters too)."""

_FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """``text`` with its letters accented, its ``{fields}`` kept, bracketed where it has words.

    >>> pseudo("Throw {n} dice")
    '⟦Ŧĥŕōŵ {n} đĩçē⟧'
    >>> pseudo("{sign}€{number}")
    '{sign}€{number}'
    """
    parts = _FIELD.split(text)
    out = "".join(part if i % 2 else part.translate(_MAP) for i, part in enumerate(parts))
    words = any(c.isalpha() for i, part in enumerate(parts) if not i % 2 for c in part)
    if not words:
        return out
    # keep a text's leading and trailing spaces outside the brackets (" and " joins names)
    core = out.strip(" ")
    left, right = out[: len(out) - len(out.lstrip(" "))], out[len(out.rstrip(" ")) :]
    return f"{left}⟦{core}⟧{right}"


def write_pseudo(out: Path, english: Path = ENGLISH) -> Path:
    """The pseudo catalogue made from ``english``, written under ``out``; its path."""
    with english.open("rb") as f:
        cat = read_po(f, locale="en")
    for message in cat:
        if not message.id:
            continue
        if isinstance(message.string, (tuple, list)):
            message.string = tuple(pseudo(s) for s in message.string)
        else:
            message.string = pseudo(str(message.string or ""))
    path = out / CODE / "LC_MESSAGES" / "schocken.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=100, sort_output=False)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"Language: en\\n"', f'"Language: {CODE}\\n"'), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write_pseudo(Path(sys.argv[1] if len(sys.argv) > 1 else "build/locale")))
