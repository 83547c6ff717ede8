"""Argument types and options several commands share (a preset or rules file, a number of
players, seconds, a port...): each refuses a bad value with argparse's one-line error.
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path
from typing import TypeAlias

from schocken.bots import bot_names, is_bot, make_bot
from schocken.cli_words import Words, language, said
from schocken.errors import RefusalError, RulesError, os_error_said
from schocken.players import MAX_PLAYERS, MIN_PLAYERS
from schocken.rules import PRESETS, Rules, resolve_rules
from schocken.texts import refusal_text, refused

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""The subparsers of ``schocken``, which a command module's ``add_parser`` adds its commands to."""


def rules_arg(spec: str) -> Rules:
    try:
        return resolve_rules(spec)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(refusal_text(exc, language())) from None


def players_arg(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(said("cli_refuse_players_number", text=text)) from None
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            said("cli_refuse_players_range", low=MIN_PLAYERS, high=MAX_PLAYERS, n=n)
        )
    return n


def seconds_arg(text: str) -> float:
    """A pause in seconds: a number, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(said("cli_refuse_seconds_number", text=text)) from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(said("cli_refuse_seconds_range", text=text))
    return value


def count_arg(text: str) -> int:
    """A count: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(said("cli_refuse_count_number", text=text)) from None
    if value < 0:
        raise argparse.ArgumentTypeError(said("cli_refuse_count_range", value=value))
    return value


def positive_arg(text: str) -> float:
    """A number above 0 (seconds, a rate)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(said("cli_refuse_positive_number", text=text)) from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(said("cli_refuse_positive_range", text=text))
    return value


def at_least_one(text: str) -> int:
    value = count_arg(text)
    if value < 1:
        raise argparse.ArgumentTypeError(said("cli_refuse_at_least_one", value=value))
    return value


def worker_name_arg(text: str) -> str:
    """A worker's name in its route ``/w/<name>``: 1 to 32 small letters, digits or ``-``."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,31}", text):
        raise argparse.ArgumentTypeError(said("cli_refuse_worker_name", name=text))
    return text


def port_arg(text: str) -> int:
    """A TCP port: 1 to 65535, or 0 for any free port."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(said("cli_refuse_port_number", text=text)) from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(said("cli_refuse_port_range", value=value))
    return value


def bot_arg(name: str) -> str:
    """A bot's name: a built-in bot or an installed plug-in (argparse says why not)."""
    if not is_bot(name):
        known = ", ".join(bot_names())
        raise argparse.ArgumentTypeError(said("arena_refuse_bot", bot=name, known=known))
    return name


def bots_for(spec: str | None, n: int, lang: str | None = None) -> list[str]:
    """The bot of each seat, by name; one that is unknown or cannot play (a broken plug-in,
    said in ``lang``: default the locale's) ends the command."""
    names = [b.strip() for b in spec.split(",")] if spec else ["regular"]
    for b in names:
        try:
            make_bot(b)
        except ValueError as exc:
            why = refusal_text(exc, lang or language())
            raise SystemExit(f"schocken: {why}") from None
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise SystemExit(f"schocken: {said('cli_refuse_bots_count', given=len(names), n=n)}")
    return names


def add_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--preset",
        "--rules",
        dest="rules",
        type=rules_arg,
        default=PRESETS["tsv99"],
        metavar="PRESET|FILE",
        help=Words("cli_help_preset", presets=", ".join(PRESETS)),
    )


def read_text(path: str) -> str:
    """A file's text, or a refusal (a ValueError) saying in one line why it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        why = os_error_said(exc)
        raise refused(RefusalError, "club_refuse_cli_read", file=path, why=why) from None
    except UnicodeDecodeError:
        raise refused(RefusalError, "tournament_refuse_utf8", file=path) from None
