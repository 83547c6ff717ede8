"""What another library says inside one of our refusals (the TOML reader, SQLite, uvicorn's log)
is said in the catalogue's words: in English as the library says it, in German in German, its
data (a position, a key, a column) kept as it is (docs/translating.md)."""

from __future__ import annotations

import logging
import sqlite3
import tomllib

import pytest

from schocken.errors import SQLITE_ERRORS, TOML_ERRORS, sqlite_error_said, toml_error_said
from schocken.rules import parse_rules
from schocken.server.net import UVICORN_LOG, SaidInLanguage
from schocken.store import StoreError
from schocken.texts import refusal_text, refused

BROKEN = {
    'a = = 3\npreset = "tsv99"': "Ungültiger Wert (Zeile 1, Spalte 5)",
    'preset = "tsv99"\npreset = "x"': (
        "Ein Wert kann nicht überschrieben werden (am Ende des Textes)"
    ),
    '[rules\npreset = "tsv99"': "']' fehlt am Ende einer Tabellenüberschrift (Zeile 1, Spalte 7)",
    'preset = "tsv99': "Nicht beendete Zeichenkette (am Ende des Textes)",
    "a = {b = 1, b = 2}": "Schlüssel 'b' zweimal in einer Tabelle (Zeile 1, Spalte 18)",
    "[a]\n[a]": "('a',) steht zweimal da (Zeile 2, Spalte 3)",
}


@pytest.mark.parametrize("text", sorted(BROKEN))
def test_the_toml_readers_words_are_the_catalogues(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError) as reader:
        tomllib.loads(text)
    assert not isinstance(toml_error_said(reader.value), str)  # known: said from the catalogue
    with pytest.raises(ValueError) as refused:
        parse_rules(text, source="house.toml")
    assert str(refused.value) == f"house.toml: not valid TOML: {reader.value}"
    german = refusal_text(refused.value, "de")
    assert german == f"house.toml: kein gültiges TOML: {BROKEN[text]}"


def test_a_message_the_maps_do_not_know_is_said_as_the_library_says_it() -> None:
    assert toml_error_said(ValueError("Something new (at line 1, column 2)")) == (
        "Something new (at line 1, column 2)"
    )
    assert sqlite_error_said(sqlite3.OperationalError("something new")) == "something new"
    assert len(TOML_ERRORS) > 20 and len(SQLITE_ERRORS) > 10


def test_sqlites_words_are_the_catalogues() -> None:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (name TEXT UNIQUE NOT NULL)")
    db.execute("INSERT INTO t VALUES ('a')")
    for sql, german in (
        ("INSERT INTO t VALUES ('a')", "einen Wert gibt es schon (UNIQUE): t.name"),
        ("INSERT INTO t VALUES (NULL)", "ein Wert fehlt (NOT NULL): t.name"),
        ("SELECT * FROM nowhere", "keine solche Tabelle: nowhere"),
    ):
        with pytest.raises(sqlite3.Error) as exc:
            db.execute(sql)
        said = sqlite_error_said(exc.value)
        assert not isinstance(said, str)
        error = refused(StoreError, "store_detail", detail=said)  # a refusal's part
        assert str(error) == refusal_text(error, "en") == str(exc.value)
        assert refusal_text(error, "de") == german


def test_uvicorns_start_and_stop_lines_are_said_in_the_servers_language() -> None:
    said = SaidInLanguage("de")
    record = logging.LogRecord(
        "uvicorn.error", logging.INFO, __file__, 1, "Started server process [%d]", (42,), None
    )
    record.__dict__["color_message"] = "Started server process [\x1b[36m%d\x1b[0m]"
    assert said.filter(record)
    assert record.getMessage() == "Serverprozess [42] gestartet"
    assert "color_message" not in record.__dict__
    english = SaidInLanguage("en")
    for message in UVICORN_LOG:
        args = (7,) if "%d" in message else ()
        record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, message, args, None)
        assert english.filter(record)
        assert record.getMessage() == message % args  # in English as uvicorn says it
    other = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, "Other %s", ("x",), None)
    assert said.filter(other) and other.getMessage() == "Other x"
