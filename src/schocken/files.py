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
from pathlib import Path

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


def write_text_whole(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole: into a scratch file beside it, then moved over
    it in one step. On any error the scratch file is removed and ``path`` is as it was."""
    target = Path(path)
    fd, scratch = _scratch(target)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(scratch, _mode_for(target))
        os.replace(scratch, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        raise


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
