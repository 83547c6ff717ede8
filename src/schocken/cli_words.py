"""The command line's own words from the catalogue: its help, argparse's words and its refusals.

``schocken --help``, a command's help and argparse's refusals (``usage:``, ``options:``, ``the
following arguments are required``) are said in the language of ``--lang`` or the locale, like
everything else the commands print (docs/translating.md):

- a help text is a :class:`Words`: a key of the catalogue (group ``cli``), with its fields; it
  reads as its English text wherever a plain string is expected, and :class:`Formatter` says it
  in the language chosen;
- argparse's own words (Python 3.11 to 3.13) are looked up in :data:`ARGPARSE` while a
  :class:`Parser` parses or formats (:func:`speaking`);
- :func:`said` is a text of the catalogue in the language chosen, for what a command's argument
  types refuse (``players must be 2 to 10``).

The module lives beside the cli package, not in it: the command modules of the club, the
tournament, the lab and pub mode import it, and the cli package imports them.

>>> help_text = Words("cli_help_watch")
>>> help_text, help_text.said("de")
('watch bots play a whole game, round by round', 'Bots spielen ein ganzes Spiel, Runde für Runde')
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from schocken.texts import CATALOGUE, LANGUAGES, default_language, t

_language: list[str] = []
"""The language the parser speaks now (the last one wins); none: the locale's."""


def language() -> str:
    """The language the command line speaks: the one chosen by :func:`speaking`, else the
    locale's."""
    return _language[-1] if _language else default_language()


def language_of(argv: Sequence[str]) -> str:
    """The language ``--lang`` names anywhere in ``argv`` (``--lang de``, ``--lang=de``), else
    the locale's: the language the help and the refusals of parsing are said in."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if arg.startswith("--lang=") and arg.removeprefix("--lang=") in LANGUAGES:
            return arg.removeprefix("--lang=")
    return default_language()


def said(key: str, **fields: object) -> str:
    """The text ``key`` in the language the command line speaks."""
    return t(key, language(), **fields)


class Words(str):
    """A text of the catalogue by its key: its English text as a string, said in another
    language by :meth:`said`."""

    key: str
    fields: dict[str, object]

    def __new__(cls, key: str, **fields: object) -> Words:
        self = super().__new__(cls, t(key, "en", **fields))
        self.key = key
        self.fields = fields
        return self

    def said(self, lang: str) -> str:
        return t(self.key, lang, **self.fields)


ARGPARSE: dict[str, tuple[str, dict[str, str]]] = {
    "usage: ": ("cli_usage", {}),
    "positional arguments": ("cli_positional_arguments", {}),
    "options": ("cli_options", {}),
    "optional arguments": ("cli_options", {}),
    "show this help message and exit": ("cli_help_help", {}),
    "%(prog)s: error: %(message)s\n": ("cli_error", {"prog": "%(prog)s", "message": "%(message)s"}),
    "argument %(argument_name)s: %(message)s": (
        "cli_error_argument",
        {"argument": "%(argument_name)s", "message": "%(message)s"},
    ),
    "the following arguments are required: %s": ("cli_error_required", {"names": "%s"}),
    "unrecognized arguments: %s": ("cli_error_unrecognized", {"arguments": "%s"}),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "cli_error_invalid_choice",
        {"value": "%(value)r", "choices": "%(choices)s"},
    ),
    "invalid %(type)s value: %(value)r": (
        "cli_error_invalid_value",
        {"type": "%(type)s", "value": "%(value)r"},
    ),
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "cli_error_unknown_command",
        {"name": "%(parser_name)r", "choices": "%(choices)s"},
    ),
    "expected one argument": ("cli_error_one_value", {}),
    "expected at most one argument": ("cli_error_at_most_one_value", {}),
    "expected at least one argument": ("cli_error_at_least_one_value", {}),
    "expected %s argument": ("cli_error_values_1", {"n": "%s"}),
    "expected %s arguments": ("cli_error_values", {"n": "%s"}),
    "ambiguous option: %(option)s could match %(matches)s": (
        "cli_error_ambiguous",
        {"option": "%(option)s", "matches": "%(matches)s"},
    ),
    "not allowed with argument %s": ("cli_error_not_allowed_with", {"argument": "%s"}),
    "ignored explicit argument %r": ("cli_error_ignored_value", {"value": "%r"}),
    "one of the arguments %s is required": ("cli_error_one_of", {"arguments": "%s"}),
}
"""argparse's own words (its gettext ``msgid``) → our key and, per field of our text, the
placeholder argparse fills in."""

_MARK = "\0"


def argparse_text(msgid: str, lang: str) -> str:
    """argparse's ``msgid`` in ``lang``, with argparse's placeholders (a ``%`` of the text
    doubled); a ``msgid`` we do not know stays as it is."""
    if msgid not in ARGPARSE or lang not in CATALOGUE:
        return msgid
    key, placeholders = ARGPARSE[msgid]
    text = t(key, lang, **{name: f"{_MARK}{name}{_MARK}" for name in placeholders})
    text = text.replace("%", "%%")
    for name, placeholder in placeholders.items():
        text = text.replace(f"{_MARK}{name}{_MARK}", placeholder)
    return text + ("\n" if msgid.endswith("\n") and not text.endswith("\n") else "")


def _gettext(msgid: str) -> str:
    return argparse_text(msgid, language())


def _ngettext(singular: str, plural: str, n: int) -> str:
    return argparse_text(singular if n == 1 else plural, language())


@contextmanager
def speaking(lang: str | None = None) -> Iterator[None]:
    """argparse says its words in ``lang`` (default: the language chosen before, or the
    locale's) while inside."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    _language.append(lang or language())
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _language.pop()


def _say(text: str | None) -> str | None:
    if isinstance(text, Words):
        return text.said(language())
    return argparse_text(text, language()) if text is not None else None


class Formatter(argparse.HelpFormatter):
    """argparse's help with every text of ours said in the language chosen."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        help_text = action.help
        if isinstance(help_text, Words):
            return help_text.said(language()).replace("%", "%%")
        return argparse_text(help_text, language()) if help_text is not None else None

    def _format_text(self, text: str) -> str:
        return super()._format_text(_say(text) or "")

    def start_section(self, heading: str | None) -> None:
        super().start_section(_say(heading))

    def _format_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None,
    ) -> str:
        if prefix is None:
            prefix = argparse_text("usage: ", language())
        return super()._format_usage(usage, actions, groups, prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that says its help and its refusals in the language chosen; its
    commands' parsers are Parsers too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        with speaking():
            super().__init__(*args, **kwargs)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        with speaking():
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        with speaking():
            return super().format_usage()

    def format_help(self) -> str:
        with speaking():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        with speaking():
            super().error(message)


class RawDescriptionFormatter(Formatter, argparse.RawDescriptionHelpFormatter):
    """:class:`Formatter` keeping the description's lines as they are."""


def log_line(entry: Mapping[str, Any], lang: str) -> str:
    """A line of a club's or tournament's log: when, the action's id (data, as an export has
    it), its label from the catalogue (``log_action_ID``, where it has one) and its data (JSON).
    """
    action = str(entry["action"])
    key = f"log_action_{action}"
    label = t(key, lang) if key in CATALOGUE[lang] else action
    detail = json.dumps(entry["detail"], ensure_ascii=False)
    return f"{entry['at']}  {action:<16} " + t("log_line", lang, label=label, detail=detail)
