"""What the tests of the pseudo-language share (tests/test_pseudo_language.py, its pages and
some commands; tests/test_pseudo_language_cli.py, every command): the pseudo catalogue, the
check for words outside the catalogue, and a command run in ``qps``."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from schocken.rules import PRESETS
from schocken.tournament.formats import FORMATS

ROOT = Path(__file__).resolve().parent.parent
NAMES = {"Anna", "Ben", "Cem", "Dora", "regular", "Schocken"} | {
    word for name in [*PRESETS, *FORMATS] for word in re.findall(r"[^\W\d_]+", name)
}
GAME_WORDS = {"Schock", "Aus", "General", "Jule", "Nutte", "Achter"}


def _pseudo_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "scripts_pseudo_po", ROOT / "scripts" / "pseudo_po.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


PSEUDO = _pseudo_module()


def foreign_words(text: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` that are neither pseudo words nor allowed names."""
    return [
        word
        for word in re.findall(r"[^\W\d_]+", text)
        if word not in allowed and not all(c in PSEUDO.LETTERS for c in word)
    ]


def pseudo_env(locale_dir: Path) -> dict[str, str]:
    """The environment of a command said in ``qps``: the locale's language, our tree first."""
    env = {**os.environ, "SCHOCKEN_LOCALE_PATH": str(locale_dir), "LANG": "qps", "LC_ALL": ""}
    env["PYTHONPATH"] = str(ROOT / "src")
    env.pop("LC_MESSAGES", None)
    return env


def run(
    locale_dir: Path, *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``schocken ARGS`` said in ``qps`` (the locale's language), whatever its exit status."""
    return subprocess.run(
        [sys.executable, "-m", "schocken.cli", *args],
        capture_output=True,
        text=True,
        env=pseudo_env(locale_dir),
        timeout=300,
        input=stdin,
        cwd=cwd,
        check=False,
    )


def schocken(locale_dir: Path, *args: str) -> str:
    """What ``schocken ARGS`` prints in ``qps``; it must succeed."""
    done = run(locale_dir, *args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


MANY = """
import contextlib, io, json, sys
from schocken.cli import main
for argv in json.loads(sys.argv[1]):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
            if isinstance(exc.code, str):
                print(exc.code)
    print(json.dumps([out.getvalue(), code]))
"""


def run_many(locale_dir: Path, steps: list[list[str]]) -> list[tuple[str, int]]:
    """What each of ``steps`` (the arguments of one command each) prints in ``qps``, stdout and
    stderr together, and its exit status: one Python for all of them (quicker than a process
    each: the imports and the solver's tables are made once)."""
    done = subprocess.run(
        [sys.executable, "-c", MANY, json.dumps(steps)],
        capture_output=True,
        text=True,
        env=pseudo_env(locale_dir),
        timeout=300,
        check=True,
    )
    outputs: list[tuple[str, int]] = [tuple(json.loads(line)) for line in done.stdout.splitlines()]
    assert len(outputs) == len(steps), done.stderr
    return outputs
