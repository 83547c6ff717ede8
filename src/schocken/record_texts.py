"""The wording of the record reader's refusals (:mod:`schocken.record`), of a record's dice
check and of the pub entries and seats a record carries, in English and German.

Triples of key, English and German, as in :mod:`schocken.refusal_texts`, which takes them into
its :data:`~schocken.refusal_texts.REFUSALS`. A field quoted with ``!r`` is a name of the record's
JSON (``'steps'``) or a value from it, the same in either language. Words: the .po catalogues.
"""

from __future__ import annotations

from schocken.catalogue import triples

RECORD_TEXTS: tuple[tuple[str, str, str], ...] = triples("record")
"""Key, English and German wording of each text of the group ``record`` of the catalogue."""
