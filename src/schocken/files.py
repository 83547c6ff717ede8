"""Writing files whole or not at all: game records, saved games.

:func:`check_writable` finds out before a game whether its file can be written at the end;
:func:`write_text_whole` writes a file so that a failure leaves the old file (or none) as it was,
never a file written half.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from schocken.errors import OS_ERRORS


def _scratch(path: Path) -> tuple[int, str]:
    """A new, empty file beside ``path`` (its descriptor and name)."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "it is a folder", str(path))
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, "no such folder", str(folder))
    try:
        return tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:  # name the folder, not the scratch file
        raise type(exc)(exc.errno, exc.strerror, str(folder)) from None


def check_writable(path: str | Path) -> None:
    """Refuse, with an :class:`OSError`, a path where :func:`write_text_whole` could not write.

    Leaves nothing behind: a scratch file beside ``path`` is made and removed again.
    """
    fd, scratch = _scratch(Path(path))
    os.close(fd)
    os.unlink(scratch)


def write_text_whole(path: str | Path, text: str, *, sync: bool = True) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole: into a scratch file beside it, then moved over
    it in one step. On any error the scratch file is removed and ``path`` is as it was. With
    ``sync`` the scratch file is on the disk before it is moved (a record, a saved game; not
    what can be made again, a cache)."""
    write_whole(path, lambda f: f.write(text.encode("utf-8")), sync=sync)


def write_whole(path: str | Path, fill: Callable[[BinaryIO], object], *, sync: bool = True) -> None:
    """:func:`write_text_whole` of what ``fill`` writes into the (binary) file it is given."""
    target = Path(path)
    fd, scratch = _scratch(target)
    try:
        with os.fdopen(fd, "wb") as f:
            fill(f)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.chmod(scratch, _mode_for(target))
        os.replace(scratch, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        raise


def keep_newest(folder: Path, pattern: str, count: int) -> None:
    """Remove all but the ``count`` files in ``folder`` matching ``pattern`` that were written
    (or marked used: :func:`mark_used`) last: a cache's bound. What cannot be removed stays."""
    found: list[tuple[float, Path]] = []
    for path in folder.glob(pattern):
        with contextlib.suppress(OSError):
            found.append((path.stat().st_mtime, path))
    found.sort(reverse=True)
    for _, path in found[count:]:
        with contextlib.suppress(OSError):
            path.unlink()


def mark_used(path: Path) -> None:
    """Mark a cache's file as used now (its time set: :func:`keep_newest` keeps it longer)."""
    with contextlib.suppress(OSError):
        os.utime(path)


def _mode_for(target: Path) -> int:
    """The permissions the file gets: those it has, or what the umask gives a new file."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def os_error_text(exc: OSError, lang: str = "en") -> str:
    """An :class:`OSError` in one line, without Python's ``[Errno n]``, in ``lang`` where the
    catalogue has its words."""
    from schocken.texts import t  # the words (texts imports the engine; files is below it)

    key = OS_ERRORS.get(exc.errno or 0)
    own = exc.strerror or str(exc)  # in English the system's (or our raise's) own words
    text = t(key, lang) if key and lang != "en" else own
    where = exc.filename
    return f"{text}: {where}" if where else text


__all__ = ["check_writable", "os_error_text", "write_text_whole"]
