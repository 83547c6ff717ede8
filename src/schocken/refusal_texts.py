"""The wording of refusals outside the engine's play: names, the club's book (Schockbuch), pub
mode's entries and the server's requests, in English and German.

Each text is an entry of locale/LANG/LC_MESSAGES/schocken.po; :mod:`schocken.texts` takes
them into its one :data:`~schocken.texts.CATALOGUE`. A refusal made by
:func:`schocken.texts.refused` is the English text (its ``str()``, for logs and the command line)
and carries its key and fields, so that the server and the command line say it in their user's
language (:func:`schocken.texts.refusal_text`). A field that is a word itself (a price item, a
section, "the day a member joined") is a :func:`~schocken.texts.said` text of this table, said in
the refusal's language too. Both wordings of a key have the same fields (tests/test_texts.py).
The record reader's texts are in :mod:`schocken.record_texts`, a table's connection's and the
database's in :mod:`schocken.connection_texts`. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping

from schocken.catalogue import CATALOGUES
from schocken.errors import Said

REFUSALS: dict[str, dict[str, str]] = {
    lang: {**cat.group("refusal"), **cat.group("record"), **cat.group("connection")}
    for lang, cat in CATALOGUES.items()
}
"""The texts by language and key (English ``"en"``, German ``"de"``)."""


def english(key: str, fields: Mapping[str, object]) -> str:
    """The English text ``key`` with its fields, for a refusal made where the catalogue of
    :mod:`schocken.texts` cannot be imported (the rule set, the actions: the catalogue imports
    them); a :class:`~schocken.errors.Said` field must be a text of this table."""

    def word(value: object) -> object:
        if isinstance(value, Said):
            return english(value.key, value.fields)
        return str(value) if isinstance(value, Exception) else value

    return REFUSALS["en"][key].format(**{name: word(value) for name, value in fields.items()})
