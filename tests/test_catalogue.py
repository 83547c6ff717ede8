"""The words' catalogues: the standard-library reader of ``.po`` files reads what Babel (the
translators' tools' library) writes, the languages are the files found, and the pseudo-language
keeps every field (docs/translating.md)."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import string
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from schocken import catalogue

ROOT = Path(__file__).resolve().parent.parent


def script(name: str) -> ModuleType:
    """A module of scripts/ (not a package)."""
    spec = importlib.util.spec_from_file_location(
        f"scripts_{name}", ROOT / "scripts" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TRICKY = [
    ("texts", "plain", 'He said "stop" \\ then left.'),
    ("refusal", "lines", "first line\nsecond\tline"),
    ("texts", "long", "a long text " * 20 + "{field} and {other!r} end"),
    ("tournament", "umlaut", "Rückrunde: Straße, größer, {n} € "),
    ("texts", "empty_looking", " und "),
]


def _babel_po(width: int = 76) -> bytes:
    cat = Catalog(locale="de", domain="schocken", fuzzy=False)
    for group, key, text in TRICKY:
        cat.add(key, text, context=group)
    cat.add(("n_games_1", "n_games"), ("{n} Spiel", "{n} Spiele"), context="texts")
    out = io.BytesIO()
    write_po(out, cat, width=width, sort_output=False)
    return out.getvalue()


@pytest.mark.parametrize("width", [76, 100, 0])
def test_the_reader_reads_what_babel_writes(width: int) -> None:
    text = _babel_po(width).decode("utf-8")
    cat = catalogue.parse_po(text)
    for group, key, wording in TRICKY:
        assert cat.entries[key].text == wording
        assert cat.entries[key].group == group
    assert cat.flat()["n_games_1"] == "{n} Spiel" and cat.flat()["n_games"] == "{n} Spiele"
    assert cat.forms["n_games"] == cat.forms["n_games_1"] == ("{n} Spiel", "{n} Spiele")
    assert [cat.plural(n) for n in (0, 1, 2, 5)] == [1, 0, 1, 1]
    assert cat.group("tournament") == {"umlaut": "Rückrunde: Straße, größer, {n} € "}
    babel = read_po(io.BytesIO(text.encode("utf-8")))
    assert {m.id: m.string for m in babel if m.id and not m.pluralizable} == {
        key: wording for _, key, wording in TRICKY
    }


def test_the_plural_rule_is_the_files_own() -> None:
    polish = get_plural("pl")
    text = (
        f'msgid ""\nmsgstr ""\n"Plural-Forms: {polish.plural_forms}\\n"\n\n'
        'msgid "n_games_1"\nmsgid_plural "n_games"\n'
        'msgstr[0] "{n} gra"\nmsgstr[1] "{n} gry"\nmsgstr[2] "{n} gier"\n'
    )
    cat = catalogue.parse_po(text)
    assert [cat.forms["n_games"][cat.plural(n)].format(n=n) for n in (1, 2, 5, 22)] == [
        "1 gra",
        "2 gry",
        "5 gier",
        "22 gry",
    ]


def test_a_fuzzy_entry_and_a_broken_file() -> None:
    text = '#, fuzzy\nmsgid "a"\nmsgstr "guess"\n\nmsgid "b"\nmsgstr "sure"\n'
    assert catalogue.parse_po(text).flat() == {"b": "sure"}
    with pytest.raises(ValueError, match=r"x\.po:2"):
        catalogue.parse_po('msgid "a"\nmsgstr "bad \\q escape"\n', "x.po")


def test_a_folder_in_the_path_adds_a_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = catalogue.po_path("xx", tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('msgid "hello"\nmsgstr "hallo xx"\n', encoding="utf-8")
    monkeypatch.setenv(catalogue.ENV_PATH, str(tmp_path))
    found = catalogue.load_all()
    assert found["xx"].flat() == {"hello": "hallo xx"}
    assert set(catalogue.CATALOGUES) <= set(found)


def test_every_catalogue_says_its_languages_plural_forms_as_cldr_does() -> None:
    for lang, cat in catalogue.CATALOGUES.items():
        assert cat.headers["Plural-Forms"] == get_plural(lang).plural_forms, lang
        assert cat.headers["Language"] == lang


def test_the_pseudo_language_keeps_fields_and_shows_no_real_letter() -> None:
    pseudo = script("pseudo_po")
    for _, _, text in TRICKY:
        made = pseudo.pseudo(text)
        assert re.findall(r"\{[^{}]*\}", made) == re.findall(r"\{[^{}]*\}", text)
        outside = re.sub(r"\{[^{}]*\}", "", made)
        assert all(c in pseudo.LETTERS for c in outside if c.isalpha()), made
        assert not any(c in pseudo.LETTERS for c in re.sub(r"\{[^{}]*\}", "", text))
    assert pseudo.pseudo(" und ") == " ⟦ũñđ⟧ "


def test_the_pseudo_catalogue_is_the_english_one_accented(tmp_path: Path) -> None:
    pseudo = script("pseudo_po")
    english = tmp_path / "en.po"
    cat = Catalog(locale="en", domain="schocken", fuzzy=False)
    cat.add("hi", "Hi {name}", context="texts")
    cat.add(("n_1", "n"), ("{n} game", "{n} games"), context="texts")
    with english.open("wb") as f:
        write_po(f, cat)
    made = catalogue.parse_po(pseudo.write_pseudo(tmp_path / "out", english).read_text("utf-8"))
    assert made.headers["Language"] == "qps"
    assert made.flat() == {"hi": "⟦Ĥĩ {name}⟧", "n_1": "⟦{n} ĝȧɱē⟧", "n": "⟦{n} ĝȧɱēš⟧"}


def test_a_new_language_is_a_po_file_and_may_be_partial(tmp_path: Path) -> None:
    """A file dropped into a folder of SCHOCKEN_LOCALE_PATH is a language of the game: its
    texts where it has them, English where it leaves them out or empty."""
    path = catalogue.po_path("nl", tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(
        'msgid ""\nmsgstr ""\n"Language: nl\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "texts"\nmsgid "covered"\nmsgstr "bedekt"\n\n'
        'msgctxt "texts"\nmsgid "finale"\nmsgstr ""\n\n'
        'msgctxt "texts"\nmsgid "n_games_1"\nmsgid_plural "n_games"\n'
        'msgstr[0] "1 spel"\nmsgstr[1] "{n} spellen"\n',
        encoding="utf-8",
    )
    code = (
        "from schocken.texts import LANGUAGES, counted, t\n"
        "print(LANGUAGES, t('covered', 'nl'), t('finale', 'nl'), t('first_half', 'nl'),"
        " counted('n_games', 1, 'nl'), counted('n_games', 3, 'nl'), sep='|')"
    )
    env = {**os.environ, catalogue.ENV_PATH: str(tmp_path), "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip().split("|") == [
        "('de', 'en', 'nl')",
        "bedekt",
        "Finale",
        "first half (Hinrunde)",
        "1 spel",
        "3 spellen",
    ]


def test_the_shipped_catalogues_have_every_text_with_the_same_fields() -> None:
    english = catalogue.CATALOGUES["en"].flat()
    for lang, cat in catalogue.CATALOGUES.items():
        words = cat.flat()
        assert set(words) == set(english), lang
        for key, text in english.items():
            assert _fields(words[key]) == _fields(text), (lang, key)


def _fields(text: str) -> set[str]:
    """The names of a text's fields (``{first!r}`` and ``{first}`` name the same one)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_catalogues_kept_as_read_are_those_the_files_give(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept as read (a new process reads them from there): the same texts, plural forms and
    rules; a file changed since is read again, and so is what cannot be read."""
    kept = tmp_path / "catalogues.marshal"
    monkeypatch.setattr(catalogue, "KEPT", kept)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.delenv(catalogue.ENV_PATH, raising=False)
    read = catalogue.load_all()
    assert kept.is_file()
    again = catalogue.load_all()  # from what was kept
    for lang, cat in read.items():
        assert again[lang].entries == cat.entries
        assert again[lang].forms == cat.forms
        assert again[lang].headers == cat.headers
        assert [again[lang].plural(n) for n in range(30)] == [cat.plural(n) for n in range(30)]
    stamp = tuple(
        (lang, str(catalogue.po_path(lang)), 1, 2) for lang in read
    )  # the files as they were: other sizes and times of change
    assert catalogue._kept(kept, stamp) is None
    kept.write_bytes(b"not marshal")
    assert catalogue.load_all()["de"].entries == read["de"].entries


def test_nothing_is_kept_where_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "catalogues.marshal"
    monkeypatch.setattr(catalogue, "KEPT", kept)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.delenv(catalogue.ENV_PATH, raising=False)
    catalogue.load_all()
    assert not kept.exists()
