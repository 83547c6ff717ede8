"""The wording of a table's WebSocket refusals (:mod:`schocken.server.protocol` and the server's
connection loop) and of the database's troubles (:mod:`schocken.store`), in English and German.

Triples of key, English and German, as in :mod:`schocken.refusal_texts`, which takes them into
its :data:`~schocken.refusal_texts.REFUSALS`. A message's ``code`` (``docs/protocol.md``) stays
what it is; only its words are said in the player's language. What a database says itself (a
``{detail}``) stays as it says it. Standard library only.
"""

from __future__ import annotations

CONNECTION_TEXTS: tuple[tuple[str, str, str], ...] = (
    # ------------------------------------------------------------ a client's message
    (
        "protocol_refuse_binary",
        "messages are JSON text, not binary",
        "Nachrichten sind JSON-Text, nicht binär",
    ),
    (
        "protocol_refuse_too_large",
        "a message has at most {most} bytes",
        "eine Nachricht hat höchstens {most} Bytes",
    ),
    (
        "protocol_refuse_deep",
        "a message nests at most {most} deep",
        "eine Nachricht ist höchstens {most} Ebenen tief verschachtelt",
    ),
    (
        "protocol_refuse_object",
        "a message is one JSON object",
        "eine Nachricht ist ein JSON-Objekt",
    ),
    (
        "protocol_refuse_version",
        "protocol version {version} is not spoken here (v is {spoken})",
        "Protokollversion {version} wird hier nicht gesprochen (v ist {spoken})",
    ),
    (
        "protocol_refuse_action",
        "an action message has an 'action' text",
        "eine Nachricht 'action' hat einen Text 'action'",
    ),
    ("protocol_refuse_bad_action", "{why}", "{why}"),  # the action's own refusal
    (
        "protocol_refuse_coach",
        "a coach message has 'on': true or false",
        "eine Nachricht 'coach' hat 'on': true oder false",
    ),
    (
        "protocol_refuse_type",
        "unknown message type {kind} (action, coach or ping)",
        "unbekannte Art von Nachricht {kind} (action, coach oder ping)",
    ),
    (
        "protocol_refuse_hello_token",
        "a hello has a 'token' text",
        "ein 'hello' hat einen Text 'token'",
    ),
    (
        "protocol_refuse_hello_lang",
        "a hello's 'lang' is a language code",
        "'lang' in einem 'hello' ist ein Sprachcode",
    ),
    (
        "protocol_refuse_hello_since",
        "a hello's 'since' is null or a number of events",
        "'since' in einem 'hello' ist null oder eine Anzahl von Ereignissen",
    ),
    # ------------------------------------------------------------ the connection
    ("protocol_refuse_no_hello", "no hello in time", "kein 'hello' in der Zeit"),
    (
        "protocol_refuse_hello_first",
        "the first message is a hello with the token",
        "die erste Nachricht ist ein 'hello' mit dem Token",
    ),
    (
        "protocol_refuse_hello_again",
        "this connection has said hello already",
        "diese Verbindung hat schon 'hello' gesagt",
    ),
    (
        "protocol_refuse_per_token",
        "at most {most} connections with one token",
        "höchstens {most} Verbindungen mit einem Token",
    ),
    (
        "protocol_refuse_per_address",
        "at most {most} connections from one address",
        "höchstens {most} Verbindungen von einer Adresse",
    ),
    (
        "protocol_refuse_rate_closed",
        "too many messages: connection closed",
        "zu viele Nachrichten: Verbindung geschlossen",
    ),
    (
        "protocol_refuse_rate",
        "too many messages: at most {rate} a second",
        "zu viele Nachrichten: höchstens {rate} pro Sekunde",
    ),
    (
        "protocol_refuse_spectator",
        "spectators watch; they do not act",
        "Zuschauer schauen zu; sie spielen nicht mit",
    ),
    (
        "protocol_refuse_removed",
        "this seat is no longer yours",
        "dieser Platz ist nicht mehr deiner",
    ),
    # ------------------------------------------------------------ the database (schocken.store)
    ("store_detail", "{detail}", "{detail}"),  # what the database says, as it says it
    ("store_full", "the disk is full ({detail})", "die Festplatte ist voll ({detail})"),
    (
        "store_busy_file",
        "another program holds the file ({detail})",
        "ein anderes Programm hält die Datei fest ({detail})",
    ),
    ("store_not_sqlite", "it is not an SQLite database", "es ist keine SQLite-Datenbank"),
    (
        "store_file_read_only",
        "the file cannot be written ({detail})",
        "die Datei lässt sich nicht schreiben ({detail})",
    ),
    (
        "store_server_full",
        "the database server's disk is full ({detail})",
        "die Festplatte des Datenbankservers ist voll ({detail})",
    ),
    (
        "store_busy",
        "the database is busy with another writer ({detail})",
        "die Datenbank ist gerade mit einem anderen Schreibzugriff beschäftigt ({detail})",
    ),
    (
        "store_read_only",
        "the database cannot be written ({detail})",
        "die Datenbank lässt sich nicht schreiben ({detail})",
    ),
)
