"""Write the words' catalogues (``.po``) from the old catalogue modules, and shrink the modules.

The texts lived in Python dicts and triples (``schocken.texts.CATALOGUE``,
``schocken.refusal_texts``, ``record_texts``, ``connection_texts``, ``tournament_texts``). This
reads them as they are, writes ``src/schocken/locale/LANG/LC_MESSAGES/schocken.po`` for each
language with Babel (the group in ``msgctxt``, the key in ``msgid``, a count's two keys as one
plural entry), then replaces the modules' data with loaders of those files
(:mod:`schocken.catalogue`). Run it from the repository's top folder, with Babel installed
(``pip install -e '.[dev]'``)::

    PYTHONPATH=src python scripts/po_from_modules.py

It refuses to run twice: once the modules are loaders, the ``.po`` files are the catalogue.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "schocken"
sys.path.insert(0, str(ROOT / "src"))

HEADER = """# The words of Schocken, {name}.
# One entry per text: msgctxt is its group, msgid its key, msgstr its wording.
# Keep every {{field}} as it is (docs/translating.md).
#"""


def _groups() -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """Each language's texts in order, and each key's group."""
    from schocken import connection_texts, record_texts, refusal_texts, texts, tournament_texts

    group: dict[str, str] = {}
    for key, _, _ in record_texts.RECORD_TEXTS:
        group[key] = "record"
    for key, _, _ in connection_texts.CONNECTION_TEXTS:
        group[key] = "connection"
    for key in refusal_texts.REFUSALS["en"]:
        group.setdefault(key, "refusal")
    for key in tournament_texts.TOURNAMENT_TEXTS["en"]:
        group[key] = "tournament"
    for key in texts.CATALOGUE["en"]:
        group.setdefault(key, "texts")
    order = ["texts", "refusal", "record", "connection", "tournament"]
    keys = sorted(texts.CATALOGUE["en"], key=lambda k: order.index(group[k]))  # stable
    return {lang: {k: texts.CATALOGUE[lang][k] for k in keys} for lang in texts.LANGUAGES}, group


def _plural_pairs(words: dict[str, str]) -> dict[str, str]:
    """The counts: the key of the form for one (``K_1``) → the key of the others (``K`` or
    ``K_n``), where no ``K_2`` says the keys are ordinals rather than counts."""
    pairs = {}
    for key in words:
        if key.endswith("_1") and key[:-1] + "2" not in words:
            base = key[:-2]
            other = base if base in words else base + "_n" if base + "_n" in words else None
            if other is not None:
                pairs[key] = other
    return pairs


def write_catalogues() -> None:
    by_lang, group = _groups()
    pairs = _plural_pairs(by_lang["en"])
    others = set(pairs.values())
    for lang, words in by_lang.items():
        name = {"de": "German", "en": "English"}.get(lang, lang)
        plural = get_plural(lang)
        assert plural.plural_forms == "nplurals=2; plural=(n != 1);", lang  # both keys' forms
        cat = Catalog(
            locale=lang,
            domain="schocken",
            project="schocken",
            header_comment=HEADER.format(name=name),
            fuzzy=False,
        )
        for key, text in words.items():
            if key in others:
                continue
            if key in pairs:
                cat.add((key, pairs[key]), (text, words[pairs[key]]), context=group[key])
            else:
                cat.add(key, text, context=group[key])
        path = SRC / "locale" / lang / "LC_MESSAGES" / "schocken.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, cat, width=100, omit_header=False, sort_output=False)
        print(f"{path.relative_to(ROOT)}: {len(cat)} entries")


TEXTS_BODY = '''LANGUAGES: tuple[str, ...] = tuple(CATALOGUES)
"""The languages found: one ``.po`` file each (:mod:`schocken.catalogue`)."""

CATALOGUE: dict[str, dict[str, str]] = {
    lang: {**CATALOGUES["en"].flat(), **cat.flat()} for lang, cat in CATALOGUES.items()
}
"""Every text by language and key, read from ``locale/LANG/LC_MESSAGES/schocken.po``; a text
that a language's file lacks or leaves empty is said in English."""
'''

REFUSALS_BODY = '''REFUSALS: dict[str, dict[str, str]] = {
    lang: {**cat.group("refusal"), **cat.group("record"), **cat.group("connection")}
    for lang, cat in CATALOGUES.items()
}
"""The texts by language and key (English ``"en"``, German ``"de"``)."""
'''

TRIPLES = '''"""{doc}"""

from __future__ import annotations

from schocken.catalogue import triples

{name}: tuple[tuple[str, str, str], ...] = triples("{group}")
"""Key, English and German wording of each text of the group ``{group}`` of the catalogue."""
'''

TOURNAMENT = '''"""{doc}"""

from __future__ import annotations

from schocken.catalogue import CATALOGUES

TOURNAMENT_TEXTS: dict[str, dict[str, str]] = {{
    lang: cat.group("tournament") for lang, cat in CATALOGUES.items()
}}
"""The texts by language and key, the group ``tournament`` of the catalogue."""
'''


def _doc(text: str) -> str:
    doc = text.split('"""', 2)[1]
    return doc.replace("Standard library only.", "Words: the .po catalogues.")


def _cut(text: str, start: str, end: str, body: str, where: str) -> str:
    a = text.find(start)
    b = text.find(end, a)
    if a < 0 or b < 0:
        raise SystemExit(f"{where}: {start!r} … {end!r} not found (converted already?)")
    return text[:a] + body + text[b + len(end) :]


def shrink_modules() -> None:
    path = SRC / "texts.py"
    text = path.read_text(encoding="utf-8")
    text = _cut(
        text,
        'LANGUAGES = ("de", "en")\n',
        "    CATALOGUE[_lang].update(_words)\n",
        TEXTS_BODY,
        "texts.py",
    )
    text = text.replace("from schocken.refusal_texts import REFUSALS\n", "")
    text = text.replace("from schocken.tournament_texts import TOURNAMENT_TEXTS\n", "")
    path.write_text(text, encoding="utf-8")

    path = SRC / "refusal_texts.py"
    text = path.read_text(encoding="utf-8")
    text = _cut(
        text,
        "_TEXTS: tuple[tuple[str, str, str], ...] = (\n",
        '"""The texts by language and key (English ``"en"``, German ``"de"``)."""\n',
        REFUSALS_BODY,
        "refusal_texts.py",
    )
    text = text.replace("from schocken.connection_texts import CONNECTION_TEXTS\n", "")
    text = text.replace("from schocken.record_texts import RECORD_TEXTS\n", "")
    text = text.replace(
        "from schocken.errors import Said\n",
        "from schocken.catalogue import CATALOGUES\nfrom schocken.errors import Said\n",
    )
    text = text.replace(
        "Each text is a triple of its key, the English and the German wording; ",
        "Each text is an entry of locale/LANG/LC_MESSAGES/schocken.po; ",
    )
    path.write_text(text, encoding="utf-8")

    for module, name, group in (
        ("record_texts", "RECORD_TEXTS", "record"),
        ("connection_texts", "CONNECTION_TEXTS", "connection"),
    ):
        path = SRC / f"{module}.py"
        doc = _doc(path.read_text(encoding="utf-8"))
        path.write_text(TRIPLES.format(doc=doc, name=name, group=group), encoding="utf-8")
    path = SRC / "tournament_texts.py"
    doc = _doc(path.read_text(encoding="utf-8"))
    doc = doc.replace(
        "Each text is a triple of its key, the English and the German wording, as in\n"
        ":mod:`schocken.refusal_texts`; ",
        "Each text is an entry of the catalogue's group ``tournament``;\n",
    )
    path.write_text(TOURNAMENT.format(doc=doc), encoding="utf-8")
    # the engine's import of the catalogue (texts.py imports the actions and rules)
    path = SRC / "texts.py"
    text = path.read_text(encoding="utf-8")
    if "from schocken.catalogue import" not in text:
        text = re.sub(
            r"\nfrom schocken\.errors import Said as Said",
            "\nfrom schocken.catalogue import CATALOGUES\nfrom schocken.errors import Said as Said",
            text,
            count=1,
        )
    path.write_text(text, encoding="utf-8")


DUMP = """
import json
from schocken import connection_texts, record_texts, refusal_texts, texts, tournament_texts
print(json.dumps([
    texts.CATALOGUE,
    refusal_texts.REFUSALS,
    tournament_texts.TOURNAMENT_TEXTS,
    sorted(record_texts.RECORD_TEXTS),
    sorted(connection_texts.CONNECTION_TEXTS),
    list(texts.LANGUAGES),
], ensure_ascii=False, sort_keys=True))
"""


def dump() -> str:
    """The texts as the modules offer them, in a fresh process (without the pseudo-language)."""
    env = {k: v for k, v in os.environ.items() if k != "SCHOCKEN_LOCALE_PATH"}
    env["PYTHONPATH"] = str(ROOT / "src")
    done = subprocess.run(
        [sys.executable, "-c", DUMP], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout


if __name__ == "__main__":
    if 'LANGUAGES = ("de", "en")\n' not in (SRC / "texts.py").read_text(encoding="utf-8"):
        raise SystemExit("texts.py has no dict catalogue any more: the .po files are the catalogue")
    before = dump()
    write_catalogues()
    shrink_modules()
    if dump() != before:
        raise SystemExit(
            "the catalogues do not give the texts the modules had: look before committing"
        )
    print("the modules give the same texts as before, from the .po files")
