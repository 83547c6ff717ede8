"""The words' catalogues: one gettext ``.po`` file per language, read with the standard library.

Every text players read lives in ``locale/LANG/LC_MESSAGES/schocken.po`` beside this module (the
format translators' tools read: Poedit, Weblate, Lokalize, ``msgfmt``). An entry's ``msgctxt``
names its group (``texts``, ``refusal``, ``record``, ``connection``, ``tournament``: the module
that offers it to Python), its ``msgid`` is the key the code looks it up by, its ``msgstr`` the
wording with its ``{fields}``. A count's wording is a plural entry: ``msgid`` the key of its form
for one (``n_games_1``), ``msgid_plural`` the key of the others (``n_games``), one ``msgstr[i]``
per plural form of the language, chosen by the file's ``Plural-Forms`` header.

The languages are the folders found (a language is a ``.po`` file, no code); a folder named in
``SCHOCKEN_LOCALE_PATH`` (``os.pathsep``-separated) adds languages or replaces one (the
pseudo-language of the tests, docs/translating.md). The engine imports only the standard library,
so this is a small reader of the format, not Babel; Babel writes and checks the files
(scripts/pseudo_po.py, tests/test_catalogue.py).

>>> cat = parse_po('msgctxt "texts"\\nmsgid "hi"\\nmsgstr "Hi, {name}!"\\n')
>>> cat.entries["hi"].text
'Hi, {name}!'
"""

from __future__ import annotations

import contextlib
import gettext
import marshal
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

DOMAIN = "schocken"
HERE = Path(__file__).with_name("locale")
ENV_PATH = "SCHOCKEN_LOCALE_PATH"
KEPT = Path(__file__).with_name("__pycache__") / (
    f"catalogues.{sys.implementation.cache_tag or 'python'}.marshal"
)
"""Where the package's catalogues are kept as read (beside its modules' bytecode, as Python keeps
that), with each file's size and time of change: a new process reads them from there in
milliseconds where the files are as they were, rather than parse them (a twentieth of a second;
issue 31, ``schocken lab`` in a new process)."""

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(.?)")


@dataclass(frozen=True)
class Entry:
    """One text: its group, key and wording; a plural entry has its other key and its forms."""

    group: str
    key: str
    text: str
    plural_key: str | None = None
    forms: tuple[str, ...] = ()


@dataclass
class Catalogue:
    """One language's texts, in the file's order, and its plural rule."""

    entries: dict[str, Entry] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    plural: Callable[[int], int] = field(default=lambda n: int(n != 1))
    plural_rule: str = "(n != 1)"
    """The ``Plural-Forms`` header's C expression of ``n`` (what :attr:`plural` computes), for
    the page, which evaluates it itself (``static/page.js``)."""
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each plural entry's forms, by both of its keys."""

    def flat(self) -> dict[str, str]:
        """Key to text, as the page and :func:`schocken.texts.t` read them: a plural entry gives
        its form for one under its key and its last form under its other key; an entry not
        translated yet (an empty ``msgstr``) is left out."""
        out: dict[str, str] = {}
        for entry in self.entries.values():
            if not entry.text or not all(entry.forms or [True]):
                continue  # not translated yet: said in English (schocken.texts)
            if entry.plural_key is None:
                out[entry.key] = entry.text
            else:
                out[entry.key] = entry.forms[self.plural(1)]
                out[entry.plural_key] = entry.forms[-1]
        return out

    def group(self, name: str) -> dict[str, str]:
        """Key to text of one group only."""
        flat = self.flat()
        keys: list[str] = []
        for entry in self.entries.values():
            if entry.group == name:
                keys += [entry.key] if entry.plural_key is None else [entry.key, entry.plural_key]
        return {key: flat[key] for key in keys if key in flat}


def _unquote(line: str, name: str, number: int) -> str:
    line = line.strip()
    if len(line) < 2 or line[0] != '"' or line[-1] != '"':
        raise ValueError(f"{name}:{number}: a quoted string expected, not {line!r}")
    body = line[1:-1]
    if "\\" not in body:
        return body

    def escape(match: re.Match[str]) -> str:
        if match.group(1) not in _ESCAPES:
            raise ValueError(f"{name}:{number}: unknown escape in {line!r}")
        return _ESCAPES[match.group(1)]

    return _ESCAPE.sub(escape, body)


def _records(text: str, name: str) -> Iterator[dict[str, str]]:
    """The file's entries as field → string (``msgstr[0]`` and so on as their own fields);
    comments and obsolete entries (``#~``) are left out."""
    record: dict[str, str] = {}
    last: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] == "#":
            if line.startswith("#,") and "fuzzy" in line:
                record["fuzzy"] = ""
            elif not line and record:
                yield record
                record, last = {}, None
            continue
        if line[0] == '"':
            if last is None:
                raise ValueError(f"{name}:{number}: a continued string without its keyword")
            record[last] += _unquote(line, name, number)
            continue
        word, _, rest = line.partition(" ")
        if word in record or (word == "msgctxt" and "msgid" in record):
            yield record
            record = {}
        record[word] = _unquote(rest, name, number)
        last = word
    if record:
        yield record


def parse_po(text: str, name: str = "<po>") -> Catalogue:
    """A catalogue from the text of a ``.po`` file (see the module's doc for its shape)."""
    cat = Catalogue()
    for record in _records(text, name):
        if "fuzzy" in record and record.get("msgid"):
            continue  # a translator's guess, not yet checked: gettext leaves it out too
        key = record.get("msgid")
        if key is None:
            raise ValueError(f"{name}: an entry without msgid: {record}")
        if key == "":
            for line in record.get("msgstr", "").splitlines():
                head, _, value = line.partition(":")
                cat.headers[head.strip()] = value.strip()
            continue
        group = record.get("msgctxt", "texts")
        other = record.get("msgid_plural")
        if other is None:
            cat.entries[key] = Entry(group, key, record.get("msgstr", ""))
        else:
            forms = tuple(
                record[f"msgstr[{i}]"] for i in range(len(record)) if f"msgstr[{i}]" in record
            )
            cat.entries[key] = Entry(group, key, forms[0], other, forms)
            if all(forms):
                cat.forms[key] = cat.forms[other] = forms
    rule = cat.headers.get("Plural-Forms", "")
    if "plural=" in rule:
        cat.plural_rule = rule.split("plural=", 1)[1].rstrip(";").strip()
        cat.plural = gettext.c2py(cat.plural_rule)
    return cat


def po_path(lang: str, root: Path = HERE) -> Path:
    """Where the ``.po`` file of ``lang`` lies under ``root``."""
    return root / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def roots() -> list[Path]:
    """The folders searched, the package's own first (a later one wins for the same language)."""
    extra = [Path(p) for p in os.environ.get(ENV_PATH, "").split(os.pathsep) if p]
    return [HERE, *extra]


def load_all() -> dict[str, Catalogue]:
    """Every language found, by its code, sorted by code: read from the files, or where they
    are as they were when last read, from what was read then (:func:`_kept`)."""
    found: dict[str, Path] = {}
    for root in roots():
        if root.is_dir():
            for folder in sorted(root.iterdir()):
                if po_path(folder.name, root).is_file():
                    found[folder.name] = po_path(folder.name, root)
    files = sorted(found.items())
    own = roots() == [HERE]  # the package's own files only: kept as read
    stamp = tuple((lang, str(path), *_stat(path)) for lang, path in files)
    kept = _kept(KEPT, stamp) if own else None
    if kept is not None:
        return kept
    cats = {lang: parse_po(path.read_text(encoding="utf-8"), str(path)) for lang, path in files}
    if own:
        _keep(KEPT, stamp, cats)
    return cats


# ---------------------------------------------------------------------------- kept as read

Stamp = tuple[tuple[str, str, int, int], ...]
"""Each language's file, its size and when it was last changed (nanoseconds)."""


def _stat(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def _kept(where: Path, stamp: Stamp) -> dict[str, Catalogue] | None:
    """The catalogues kept at ``where`` where read from the files as they are now (else None:
    none kept, kept from other files, or not to be read)."""
    try:
        kept_stamp, data = marshal.loads(where.read_bytes())
        if kept_stamp != stamp:
            return None
        cats: dict[str, Catalogue] = {}
        for lang, (headers, entries, rule) in data.items():
            cat = cats[lang] = Catalogue(headers=dict(headers), plural_rule=rule)
            cat.plural = gettext.c2py(rule)
            for group, key, text, plural_key, forms in entries:
                cat.entries[key] = Entry(group, key, text, plural_key, forms)
                if plural_key is not None and all(forms):
                    cat.forms[key] = cat.forms[plural_key] = forms
    except (OSError, EOFError, ValueError, TypeError, AttributeError):
        return None
    return cats


def _keep(where: Path, stamp: Stamp, cats: dict[str, Catalogue]) -> None:
    """The catalogues kept at ``where`` as read (nothing where Python is told not to write its
    bytecode, or the folder cannot be written)."""
    if sys.dont_write_bytecode:
        return
    data = {
        lang: (
            cat.headers,
            [(e.group, e.key, e.text, e.plural_key, e.forms) for e in cat.entries.values()],
            cat.plural_rule,
        )
        for lang, cat in cats.items()
    }
    part = where.with_name(f"{where.name}.{os.getpid()}.part")
    try:
        where.parent.mkdir(exist_ok=True)
        part.write_bytes(marshal.dumps((stamp, data)))
        part.replace(where)  # whole or not at all, whoever else writes it
    except OSError:
        with contextlib.suppress(OSError):
            part.unlink()


CATALOGUES: dict[str, Catalogue] = load_all()
"""Each language's catalogue, read once at import."""


def triples(group: str) -> tuple[tuple[str, str, str], ...]:
    """Key, English and German wording of each text of ``group`` (the shape the refusal modules
    offered before the catalogues: tests and tools still read it)."""
    en, de = CATALOGUES["en"].group(group), CATALOGUES["de"].group(group)
    return tuple((key, text, de[key]) for key, text in en.items())
