"""The wording of a table's WebSocket refusals (:mod:`schocken.server.protocol` and the server's
connection loop) and of the database's troubles (:mod:`schocken.store`), in English and German.

Triples of key, English and German, as in :mod:`schocken.refusal_texts`, which takes them into
its :data:`~schocken.refusal_texts.REFUSALS`. A message's ``code`` (``docs/protocol.md``) stays
what it is; only its words are said in the player's language. What a database says itself (a
``{detail}``) stays as it says it. Words: the .po catalogues.
"""

from __future__ import annotations

from schocken.catalogue import triples

CONNECTION_TEXTS: tuple[tuple[str, str, str], ...] = triples("connection")
"""Key, English and German wording of each text of the group ``connection`` of the catalogue."""
