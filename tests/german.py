"""Whether a refusal shown on a German page is German all through (issue 22, item 5)."""

from __future__ import annotations

import re

from schocken.errors import SchockenError
from schocken.texts import CATALOGUE, refusal_text

ENGLISH = re.compile(
    r"\b(the|is|are|must|not|cannot|can|has|have|were|of|and|or|only|already|there|with|"
    r"needs|a|which|this|that|be|for|to|from|by|no|at|most|unknown|step|seat|entry|refused)\b"
)
"""English words a German text never has (the catalogue's German says "nicht", "Schritt", ...);
a quoted name of a record's JSON (``'seat'``) is not a word of the text, see :func:`english_in`."""

QUOTED = re.compile(r"'[^']*'|„[^“]*“|\"[^\"]*\"")


def english_in(text: str, *details: str) -> list[str]:
    """The English words of ``text``, but for its quoted names and values and the technical
    ``details`` (what the OS or a JSON reader says) it may carry as they are."""
    for detail in details:
        text = text.replace(detail, "")
    return ENGLISH.findall(QUOTED.sub("", text))


def assert_german(error: Exception, *details: str) -> str:
    """``error`` is a refusal with a key of the catalogue, said in German without English words
    and differently from its English; its German text."""
    assert isinstance(error, SchockenError) and error.key in CATALOGUE["de"], repr(error)
    german = refusal_text(error, "de")
    assert german != refusal_text(error, "en") == str(error)
    assert not english_in(german, *details), german
    return german
