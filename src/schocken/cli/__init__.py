"""The ``schocken`` command: one module per group of commands, assembled here.

Each command module has an ``add_parser(sub)`` that adds its commands' parsers to ``sub`` (the
subparsers of ``schocken``) and sets ``func`` to the function that runs the command: it takes
the parsed arguments and returns the exit status. The commands of an application live with it
(``schocken club``: :mod:`schocken.club.cli`; ``schocken tournament``:
:mod:`schocken.tournament.cli`; ``schocken pub``: :mod:`schocken.pub.cli`); the others here:

- :mod:`schocken.cli.bots`: ``watch``, ``simulate``
- :mod:`schocken.cli.records`: ``replay``, ``verify``, ``review``
- :mod:`schocken.cli.play`: ``play``
- :mod:`schocken.cli.odds`: ``odds``, ``hint``, ``rules``, ``card``
- :mod:`schocken.cli.serve`: ``serve``
- :mod:`schocken.cli.arena`: ``arena``
- :mod:`schocken.cli.botplay`: ``bot-play``
- :mod:`schocken.migrate`: ``migrate``

Shared argument types (a preset or rules file, a number of players, a port...) are in
:mod:`schocken.cli.args`. A new command is one module with ``add_parser(sub)`` and its handler,
and one line in :data:`COMMANDS`: its names and its module (its place there is its place in
``schocken --help``; the module is imported only when one of its names is the command). A module
imports only the standard library and the core at the top; what a command needs beyond that
(the server, the solver, the terminal UI) it imports when it runs, so ``schocken --help`` stays
quick and works without the extras.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn

from schocken.cli.args import Commands
from schocken.cli_words import Parser, Words, language_of, speaking


@dataclass(frozen=True)
class Command:
    """A group of commands: their names and where its ``add_parser`` lives.

    The module is imported only when its parser is wanted: ``schocken lab ...`` imports the
    lab's command module and not the arena's, the club's or the tournament's (a quarter of a
    second of a new process; issue 31: ``schocken lab`` within 2 s)."""

    names: tuple[str, ...]
    module: str
    function: str = "add_parser"

    def adder(self) -> Callable[[Commands], None]:
        """The group's ``add_parser(sub)``, its module imported now."""
        add: Callable[[Commands], None] = getattr(
            importlib.import_module(self.module), self.function
        )
        return add


COMMANDS: tuple[Command, ...] = (
    Command(("watch", "simulate"), "schocken.cli.bots"),
    Command(("replay", "verify", "review"), "schocken.cli.records"),
    Command(("play",), "schocken.cli.play"),
    Command(("pub",), "schocken.pub.cli"),
    Command(("odds", "hint", "rules", "card"), "schocken.cli.odds"),
    Command(("serve",), "schocken.cli.serve"),
    Command(("club",), "schocken.club.cli", "add_club_parser"),
    Command(("tournament",), "schocken.tournament.cli", "add_tournament_parser"),
    Command(("migrate",), "schocken.migrate", "add_migrate_parser"),
    Command(("lab",), "schocken.lab.cli"),  # issue 31: `schocken lab`
    Command(("arena",), "schocken.cli.arena"),  # issue 33: `schocken arena`
    Command(("bot-play",), "schocken.cli.botplay"),  # issue 33: `schocken bot-play`
)
"""Every command group of ``schocken``, in the order ``schocken --help`` lists them."""


def _version() -> str:
    from importlib import metadata  # 20 ms of imports: only when asked, not for every command

    try:
        return metadata.version("schocken")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help=Words("cli_help_version"),
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"schocken {_version()}")
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``schocken`` parser: every command of :data:`COMMANDS`, in that order; with
    ``command`` (a command's name) only the group that has it, where one has (a command line
    that names its command parses the same with either)."""
    parser: argparse.ArgumentParser = Parser(
        prog="schocken", description=Words("cli_about_schocken")
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True)
    groups = [c for c in COMMANDS if command in c.names] or COMMANDS
    for group in groups:
        group.adder()(sub)
    return parser


DASH_VALUES = ("--covered",)
"""Options whose value may start with '-' (``--covered -/2``: a cup with nothing aside)."""


def _join_dash_values(argv: Sequence[str]) -> list[str]:
    """``--covered -/2`` as ``--covered=-/2``, so that argparse does not take the value for an
    option."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in DASH_VALUES and i + 1 < len(argv) and argv[i + 1].startswith("-/"):
            out.append(f"{arg}={argv[i + 1]}")
            i += 2
            continue
        out.append(arg)
        i += 1
    return out


QUICK_EXIT = frozenset({"lab"})
"""Commands after which the program ends at once (:func:`run`): nothing of theirs is left to
close, and Python freeing the batch simulator's compiled code piece by piece took 0.15 s."""


def run() -> NoReturn:
    """The ``schocken`` program: :func:`main`, and its exit status. After a command of
    :data:`QUICK_EXIT`, its output flushed, the process ends without Python's clearing up."""
    argv = sys.argv[1:]
    status = main(argv)
    if argv and argv[0] in QUICK_EXIT:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # closed (a pipe gone): nothing lost
                stream.flush()
        os._exit(status)
    sys.exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    argv = _join_dash_values(sys.argv[1:] if argv is None else argv)
    # numpy's BLAS on one thread unless the user says otherwise (read as numpy loads, which no
    # command has done yet): its matrices here are small (the Finale's solutions), and BLAS
    # threads waiting by spinning took the cores from the batch simulator's threads and from the
    # lab's second process (docs/lab.md, "Speed": the Finale's solutions 0.6 s instead of 0.85)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # the help, argparse's refusals and the command's own words in --lang's (or the locale's)
    # language
    with speaking(language_of(argv)):
        # The command's own group only, where the first word names one (not for `--help`).
        args = build_parser(argv[0] if argv else None).parse_args(argv)
        try:
            result: int = args.func(args)
        except BrokenPipeError:  # e.g. piped into `head`
            sys.stderr.close()
            return 0
        except KeyboardInterrupt:  # Ctrl-C: the user stopped it; no traceback
            print(file=sys.stderr)
            return 130
    return result
