"""The lab's notebook: what a rule set's games gave, kept on disk, so that a rule set measured
before is given again at once.

The lab's games draw their dice from their seed: the same rule set, games and seed give the
same figures every time, down to the last bit, as long as the code that plays them is the same.
So the lab notes what its games gave (the evening's games per game, the skill games' count of
lost games) in a folder, under a fingerprint of the rule set, the games, the seed and the code
(every module of the package and the versions of numpy and numba): a later ``schocken lab``
of those rules (a club's "ours" again, the preset it is put beside) or a restarted server takes
the note instead of playing the games again; a change of any of them measures anew. Only whole
measurements are noted (every skill game asked for), and the notebook keeps those used last
(:data:`NOTES_KEPT` of each kind; the batch simulator's stores beside them likewise,
:data:`schocken.fast.stores.STORES_KEPT`).

The folder is ``SCHOCKEN_LAB_DIR`` where that is set (empty: no notebook), else ``schocken/lab``
in the user's cache folder (``XDG_CACHE_HOME``, else ``~/.cache``). A note that cannot be read
or does not hold what it should is passed over (the games are played, and the note written
anew); one that cannot be written is left unwritten: the notebook only ever saves time.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from schocken.files import keep_newest, mark_used, write_text_whole
from schocken.rules import Rules

ENV = "SCHOCKEN_LAB_DIR"
"""The environment variable naming the notebook's folder (empty: no notebook)."""

NOTES_KEPT = 64
"""Notes of each kind kept, those used last (an evening's note of 20,000 games is 0.3 MB)."""

EVENING = ("rounds", "turns", "finale", "paid", "schock_aus", "opener_lost")
"""The evening's lists, one entry per game (see :class:`schocken.lab.evening.Games`)."""


def folder() -> Path | None:
    """The notebook's folder (None: no notebook)."""
    named = os.environ.get(ENV)
    if named is not None:
        return Path(named) if named else None
    cache_home = os.environ.get("XDG_CACHE_HOME")
    if not cache_home:
        try:
            cache_home = str(Path.home() / ".cache")
        except RuntimeError:  # no home to be found (a service without one): no notebook
            return None
    return Path(cache_home) / "schocken" / "lab"


@cache
def code() -> str:
    """The fingerprint of the code the games are played with: every module of the package, and
    the numpy and numba installed (by their distributions' names, which carry the versions)."""
    return fingerprint(Path(__file__).resolve().parent.parent)


def fingerprint(root: Path) -> str:
    """:func:`code` for the package whose folder is ``root``."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    for name in ("numpy", "numba"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            site = Path(spec.origin).parent.parent
            h.update(" ".join(sorted(p.name for p in site.glob(f"{name}-*.dist-info"))).encode())
    return h.hexdigest()


def _path(kind: str, rules: Rules, engine: str, games: int, seed: int) -> Path | None:
    where = folder()
    if where is None:
        return None
    what = {"kind": kind, "rules": rules.to_dict(), "engine": engine, "games": games, "seed": seed}
    h = hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode())
    h.update(code().encode())
    return where / f"{kind}-{h.hexdigest()[:24]}.json"


@dataclass(frozen=True, slots=True)
class Evening:
    """The evening's games as noted: per game, each of :data:`EVENING`."""

    lists: dict[str, list[int]]
    measured: str
    """When the games were played (ISO 8601, UTC)."""


@dataclass(frozen=True, slots=True)
class Skill:
    """The skill games as noted: how many the strong bot lost of how many."""

    lost: int
    games: int
    measured: str


def _read(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("measured"), str):
        return None
    mark_used(path)
    return data


def _write(path: Path | None, data: dict[str, Any]) -> None:
    """``data`` written whole (a reader meanwhile finds the old note or none), the oldest notes
    of its kind past :data:`NOTES_KEPT` removed; nothing where it cannot be written."""
    if path is None:
        return
    data = {"measured": datetime.now(UTC).isoformat(timespec="seconds")} | data
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_whole(path, json.dumps(data, separators=(",", ":")), sync=False)
        keep_newest(path.parent, path.name.split("-")[0] + "-*.json", NOTES_KEPT)


def evening(rules: Rules, engine: str, games: int, seed: int) -> Evening | None:
    """The evening's ``games`` of ``rules`` with ``seed`` on ``engine``, where noted."""
    data = _read(_path("evening", rules, engine, games, seed))
    if data is None:
        return None
    lists = {name: data.get(name) for name in EVENING}
    for values in lists.values():
        if not (
            isinstance(values, list)
            and len(values) == games
            and all(type(v) is int and v >= 0 for v in values)
        ):
            return None
    return Evening({k: v for k, v in lists.items() if isinstance(v, list)}, data["measured"])


def note_evening(
    rules: Rules, engine: str, games: int, seed: int, lists: dict[str, list[int]]
) -> None:
    """Note the evening's games (one entry per game in each of :data:`EVENING`)."""
    _write(_path("evening", rules, engine, games, seed), {k: lists[k] for k in EVENING})


def skill(rules: Rules, engine: str, games: int, seed: int) -> Skill | None:
    """The ``games`` skill games of ``rules`` with ``seed`` on ``engine``, where noted."""
    data = _read(_path("skill", rules, engine, games, seed))
    if data is None:
        return None
    lost, played = data.get("lost"), data.get("games")
    if type(lost) is not int or played != games or not 0 <= lost <= games:
        return None
    return Skill(lost, games, data["measured"])


def note_skill(rules: Rules, engine: str, games: int, seed: int, lost: int) -> None:
    """Note that the strong bot lost ``lost`` of all ``games`` skill games."""
    _write(_path("skill", rules, engine, games, seed), {"lost": lost, "games": games})


def has(rules: Rules, engine: str, games: int, skill_games: int, seed: int) -> bool:
    """Whether both the evening and the skill games are noted (the figures need no game)."""
    evening_path = _path("evening", rules, engine, games, seed)
    skill_path = _path("skill", rules, engine, skill_games, seed)
    return (
        evening_path is not None
        and skill_path is not None
        and evening_path.is_file()
        and skill_path.is_file()
    )
