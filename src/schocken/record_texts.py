"""The wording of the record reader's refusals (:mod:`schocken.record`), of a record's dice
check and of the pub entries and seats a record carries, in English and German.

Triples of key, English and German, as in :mod:`schocken.refusal_texts`, which takes them into
its :data:`~schocken.refusal_texts.REFUSALS`. A field quoted with ``!r`` is a name of the record's
JSON (``'steps'``) or a value from it, the same in either language. Standard library only.
"""

from __future__ import annotations

RECORD_TEXTS: tuple[tuple[str, str, str], ...] = (
    # ------------------------------------------------------------ an action's text (actions.py)
    (
        "action_refuse_text",
        "an action is a text such as 'throw keep 1-1', not {value}",
        "eine Aktion ist ein Text wie 'throw keep 1-1', nicht {value}",
    ),
    (
        "action_refuse_unknown",
        "not an action: {text!r} (expected 'throw', 'throw keep 1-1', 'turn', 'stop', 'buyin' or "
        "'blind')",
        "keine Aktion: {text!r} (erwartet: 'throw', 'throw keep 1-1', 'turn', 'stop', 'buyin' "
        "oder 'blind')",
    ),
    (
        "action_refuse_keep",
        "not an action: {text!r} (a throw keeps at most two dice)",
        "keine Aktion: {text!r} (ein Wurf hält höchstens zwei Würfel)",
    ),
    # ------------------------------------------------------------ reading the JSON
    ("record_refuse_json", "not valid JSON: {why}", "kein gültiges JSON: {why}"),
    (
        "record_refuse_json_deep",
        "cannot read the JSON: it is nested too deeply",
        "das JSON lässt sich nicht lesen: es ist zu tief verschachtelt",
    ),
    (
        "record_refuse_json_digits",
        "cannot read the JSON: a number has more than {most} digits",
        "das JSON lässt sich nicht lesen: eine Zahl hat mehr als {most} Ziffern",
    ),
    (
        "record_refuse_json_constant",
        "not valid JSON: {name} is not a number in JSON",
        "kein gültiges JSON: {name} ist in JSON keine Zahl",
    ),
    # ------------------------------------------------------------ the record's top level
    ("record_refuse_object", "a record is a JSON object", "ein Spielprotokoll ist ein JSON-Objekt"),
    (
        "record_refuse_field",
        "unknown field {names}; a record has {known}",
        "unbekanntes Feld {names}; ein Spielprotokoll hat {known}",
    ),
    (
        "record_refuse_fields",
        "unknown fields {names}; a record has {known}",
        "unbekannte Felder {names}; ein Spielprotokoll hat {known}",
    ),
    ("record_refuse_format", "'format' must be {format!r}", "'format' muss {format!r} sein"),
    (
        "record_refuse_version",
        "record version {version} is not supported (this version reads {reads})",
        "Protokollversion {version} wird nicht unterstützt (diese Version liest {reads})",
    ),
    ("record_refuse_as_is", "{why}", "{why}"),  # the rule set's refusal, an action's
    (
        "record_refuse_players",
        "'players' must be a list of names",
        "'players' muss eine Liste von Namen sein",
    ),
    (
        "record_refuse_players_cannot",
        "the record's players cannot play: {why}",
        "die Spieler des Spielprotokolls können nicht spielen: {why}",
    ),
    ("record_refuse_steps", "'steps' must be a list", "'steps' muss eine Liste sein"),
    (
        "record_refuse_steps_most",
        "a record has at most {most} steps",
        "ein Spielprotokoll hat höchstens {most} Schritte",
    ),
    ("record_refuse_outcome", "'outcome' must be an object", "'outcome' muss ein Objekt sein"),
    (
        "record_refuse_outcome_field",
        "'outcome': unknown field {names}; an outcome has {known}",
        "'outcome': unbekanntes Feld {names}; ein Ergebnis hat {known}",
    ),
    (
        "record_refuse_outcome_fields",
        "'outcome': unknown fields {names}; an outcome has {known}",
        "'outcome': unbekannte Felder {names}; ein Ergebnis hat {known}",
    ),
    ("record_refuse_meta", "'meta' must be an object", "'meta' muss ein Objekt sein"),
    # ------------------------------------------------------------ the record's committed dice
    (
        "record_refuse_dice",
        "'dice' must be an object: scheme, commitment, seed",
        "'dice' muss ein Objekt sein: scheme, commitment, seed",
    ),
    (
        "record_refuse_dice_field",
        "'dice': unknown field {names}; 'dice' has {known}",
        "'dice': unbekanntes Feld {names}; 'dice' hat {known}",
    ),
    (
        "record_refuse_dice_fields",
        "'dice': unknown fields {names}; 'dice' has {known}",
        "'dice': unbekannte Felder {names}; 'dice' hat {known}",
    ),
    (
        "record_refuse_dice_scheme",
        "'dice': scheme {scheme} is not known (this version knows {known!r})",
        "'dice': das Verfahren {scheme} ist unbekannt (diese Version kennt {known!r})",
    ),
    (
        "record_refuse_dice_commitment",
        "'dice': 'commitment' must be 64 lowercase hex digits (a SHA-256)",
        "'dice': 'commitment' muss aus 64 kleinen Hex-Ziffern bestehen (ein SHA-256)",
    ),
    (
        "record_refuse_dice_seed",
        "'dice': 'seed' must be {digits} lowercase hex digits ({size} bytes)",
        "'dice': 'seed' muss aus {digits} kleinen Hex-Ziffern bestehen ({size} Bytes)",
    ),
    (
        "record_refuse_no_commitment",
        "the record has no dice commitment ('dice'), so its dice cannot be checked (games of a "
        "schocken server have one; pub games and local games do not)",
        "das Spielprotokoll hat keine Festlegung der Würfel ('dice'), seine Würfel lassen sich "
        "also nicht prüfen (Spiele eines schocken-Servers haben eine, Kneipenspiele und lokale "
        "Spiele nicht)",
    ),
    (
        "record_refuse_no_seed",
        "the record does not reveal its seed ('dice': 'seed'); a server reveals it when the game "
        "is over",
        "das Spielprotokoll nennt seinen Seed nicht ('dice': 'seed'); ein Server nennt ihn, "
        "wenn das Spiel zu Ende ist",
    ),
    # ------------------------------------------------------------ a step
    ("record_refuse_step", "step {index}: {why}", "Schritt {index}: {why}"),
    (
        "record_refuse_step_object",
        "a step must be an object with 'seat' and 'action'",
        "ein Schritt muss ein Objekt mit 'seat' und 'action' sein",
    ),
    (
        "record_refuse_step_fields",
        "unknown field(s) {names}",
        "unbekannte(s) Feld(er) {names}",
    ),
    (
        "record_refuse_step_seat",
        "'seat' must be a seat number from 0 to {last}",
        "'seat' muss eine Platznummer von 0 bis {last} sein",
    ),
    (
        "record_refuse_step_action",
        "an action is a text such as 'throw keep 1-1', not {kind}",
        "eine Aktion ist ein Text wie 'throw keep 1-1', nicht {kind}",
    ),
    (
        "record_refuse_step_pips",
        "'pips' must be a list of numbers from 1 to 6",
        "'pips' muss eine Liste von Zahlen von 1 bis 6 sein",
    ),
    ("record_refuse_step_note", "'note' must be a text", "'note' muss ein Text sein"),
    # ------------------------------------------------------------ replaying the steps
    (
        "record_refuse_over",
        "the game is already over; the record goes on",
        "das Spiel ist schon zu Ende; das Spielprotokoll geht weiter",
    ),
    (
        "record_refuse_illegal",
        "illegal {action} by seat {seat}: {why}",
        "unzulässiges {action} von Platz {seat}: {why}",
    ),
    ("record_refuse_short", "{action} by seat {seat}: {why}", "{action} von Platz {seat}: {why}"),
    (
        "record_refuse_dice_short",
        "the throw needs {n} dice, the step gives {pips} pips",
        "der Wurf braucht {n} Würfel, der Schritt gibt {pips} Augenzahlen",
    ),
    (
        "record_refuse_dice_left",
        "{action} by seat {seat} threw {used} dice, but the step gives {pips} pips",
        "{action} von Platz {seat} warf {used} Würfel, aber der Schritt gibt {pips} Augenzahlen",
    ),
    (
        "record_refuse_outcome_differs",
        "the record's outcome says {name} = {expected!r}, the replay gives {actual!r}",
        "laut Spielprotokoll ist {name} = {expected!r}, das Nachspielen ergibt {actual!r}",
    ),
    # ------------------------------------------------------------ a pub game's entries in it
    (
        "record_refuse_no_pub",
        "the record has no pub entries ('meta.{meta}')",
        "das Spielprotokoll hat keine Einträge eines Kneipenspiels ('meta.{meta}')",
    ),
    ("record_refuse_pub", "'meta.{meta}': {why}", "'meta.{meta}': {why}"),
    (
        "record_refuse_pub_steps",
        "the record's steps are not those its pub entries make",
        "die Schritte des Spielprotokolls sind nicht die, die seine Einträge ergeben",
    ),
)
