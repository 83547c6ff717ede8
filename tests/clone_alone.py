"""The test run reads nothing beside the clone: a user who clones the project has no sibling
folders (the team's ``shared/`` with the rule texts, other checkouts), so a test that reads one
passes here and fails for everyone else.

An audit hook (:func:`sys.addaudithook`) notes every file or folder this process opens or lists
inside the clone's parent folder but outside the clone; ``tests/conftest.py`` fails the run if
any was. Servers the tests start in other processes are covered by the static check in
``tests/test_clone_alone.py``."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
"""The clone: ``tests/`` lies in it."""

EVENTS = frozenset({"open", "os.listdir", "os.scandir"})
"""The audit events that read a file or a folder."""

read_outside: list[str] = []
"""Every path beside the clone that was read, in order (each once)."""


def siblings(repo: Path = REPO) -> tuple[str, ...]:
    """The folders beside the clone, as path prefixes; none where the clone's parent is the root
    or the system's temporary folder (every temporary file would be 'beside' it there)."""
    parent = repo.parent
    if parent == Path(parent.anchor) or parent == Path(tempfile.gettempdir()).resolve():
        return ()
    return tuple(str(parent / name) for name in sorted(os.listdir(parent)) if name != repo.name)


def watch(repo: Path = REPO) -> None:
    """Install the hook (once per process: an audit hook cannot be removed)."""
    prefixes = siblings(repo)
    if not prefixes:
        return

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event not in EVENTS or not args:
            return
        path = args[0]
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str):
            return  # a file descriptor
        full = os.path.abspath(path)
        for prefix in prefixes:
            if (full == prefix or full.startswith(prefix + os.sep)) and full not in read_outside:
                read_outside.append(full)

    sys.addaudithook(hook)
