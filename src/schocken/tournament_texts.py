"""The words of a tournament's pages in the browser (the organiser's page, the screen in the pub,
the players' phones) and on paper (table plans, score sheets, the ranking, certificates), in
English and German.

Each text is an entry of the catalogue's group ``tournament``;
:mod:`schocken.texts` takes them into its one
:data:`~schocken.texts.CATALOGUE` (the web page reads them from ``/api/texts/LANG``). Both
wordings of a key have the same fields (tests/test_texts.py). Words: the .po catalogues.
"""

from __future__ import annotations

from schocken.catalogue import CATALOGUES

TOURNAMENT_TEXTS: dict[str, dict[str, str]] = {
    lang: cat.group("tournament") for lang, cat in CATALOGUES.items()
}
"""The texts by language and key, the group ``tournament`` of the catalogue."""
