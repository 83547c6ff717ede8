"""The stores of the half bot's ends of the round (:class:`~schocken.fast.round_ends.RoundEnds`),
one per rules of the round (:func:`~schocken.fast.solved.round_rules`): shared by the memos of
rule sets alike in their rounds within a process (:func:`store_for`), with a process forked
from it (:func:`share_stores`, :func:`take_side`), and kept on disk between processes where a
folder is named (:func:`keep_stores`, :func:`save_stores`: the rules lab's notebook)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import zipfile
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from schocken.fast.round_ends import RoundEnds
from schocken.fast.solved import round_rules
from schocken.fast.tables import RuleTables
from schocken.files import keep_newest, mark_used, write_whole
from schocken.rules import Rules

_STORES: dict[Rules, RoundEnds] = {}
"""The stores of the half bot's ends (:class:`RoundEnds`) by the rules as far as they shape a
round (:func:`~schocken.fast.solved.round_rules`)."""


def share_stores(rule_sets: list[Rules]) -> None:
    """The stores of the half bot's ends that two or more of ``rule_sets`` use (their rounds
    solved alike) shared with a process forked next (:meth:`RoundEnds.share`): each of the two
    then solves about half of the situations both meet (:func:`take_side`)."""
    parts = [round_rules(rules) for rules in rule_sets]
    for part in set(parts):
        store = _STORES.get(part)
        if parts.count(part) > 1 and store is not None:
            store.share()


def take_side(side: int | None) -> None:
    """After the fork: this process solves with the other on ``side`` (0: the parent, 1: the
    child) in every store shared (:func:`share_stores`); None: no more (the other then waits
    for nothing of this one)."""
    for store in _STORES.values():
        if store.shared is not None:
            if side is None:
                store.shared.leave()
            else:
                store.take_side(side)


def store_for(round_part: Rules, tables: RuleTables, size: int) -> RoundEnds:
    """The store of the memos of rule sets alike in ``round_part`` (made with the first, from
    its file where :func:`keep_stores` names a folder that holds one)."""
    store = _STORES.get(round_part)
    if store is None:
        store = _STORES[round_part] = RoundEnds(tables, size)
        path = _store_path(round_part, size)
        if path is not None and path.is_file():
            try:
                with np.load(path) as f:
                    store.load({name: f[name] for name in f.files})
                mark_used(path)
            except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
                store.clear()  # not to be read: started empty, written anew
        _STORED[round_part] = store.situations, store.generation
    return store


STORES_KEPT = 6
"""Stores kept in the folder, those used last (a preset's after 20,000 skill games: 21 MB)."""

_KEPT_IN: list[tuple[Path, str]] = []
"""The folder where the stores are kept between processes, and the fingerprint of the code
(:func:`keep_stores`; none: empty)."""

_STORED: dict[Rules, tuple[int, int]] = {}
"""Per store: its situations and generation when last read from its file or written to it."""


def keep_stores(folder: Path | None, code: str = "") -> None:
    """Keep the stores of the half bot's ends in ``folder`` (None: nowhere) from now on, as of
    the code whose fingerprint is ``code``: a store made later starts from its file there, and
    :func:`save_stores` writes them. A store holds the ends of the round's situations, which
    depend on the rules of the round only (:func:`~schocken.fast.solved.round_rules`) and the
    code, each the same floats however often solved: so the rules of a round a process has
    solved before (a preset, its house rules of the half) take their situations from the file
    rather than solving them again (the rules lab: :mod:`schocken.lab.notebook`)."""
    _KEPT_IN[:] = [] if folder is None else [(folder, code)]


def _store_path(round_part: Rules, size: int) -> Path | None:
    """The file of the store of ``round_part`` (where :func:`keep_stores` names a folder),
    named by the rules of the round, the length of its ends and the code (a change of any:
    another file)."""
    if not _KEPT_IN:
        return None
    folder, code = _KEPT_IN[0]
    what = json.dumps([round_part.to_dict(), size, code], sort_keys=True, default=str)
    return folder / f"ends-{hashlib.sha256(what.encode()).hexdigest()[:24]}.npz"


def save_stores() -> None:
    """Write each store that holds situations its file lacks (where :func:`keep_stores` names
    a folder), whole (a scratch file renamed). Of a store shared with another process, the
    region of the process that shared it (what it took from the file and solved itself:
    :meth:`RoundEnds.saved`); the other process writes none. Nothing where the folder cannot be
    written."""
    for round_part, store in list(_STORES.items()):
        path = _store_path(round_part, store.size)
        now = store.situations, store.generation
        if path is None or store.first != 0 or not store.situations:
            continue
        if _STORED.get(round_part) == now:
            continue
        arrays: dict[str, Any] = store.saved()

        def fill(f: BinaryIO, arrays: dict[str, Any] = arrays) -> None:
            np.savez(f, **arrays)

        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_whole(path, fill, sync=False)
            _STORED[round_part] = now
            keep_newest(path.parent, "ends-*.npz", STORES_KEPT)


def clear() -> None:
    """Forget every store (the memos' tables forgotten with them: :func:`strong.clear_caches`)."""
    _STORES.clear()
    _STORED.clear()
