"""Compiling with numba, the compiled function keeping its Python type for mypy."""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba


def _numpy_support_without_blas() -> None:
    """Load numba's numpy support without its BLAS check where SciPy's linalg is not loaded yet.

    numba checks once, when its numpy support is first loaded, whether ``np.dot`` and the like
    can be compiled, by importing ``scipy.linalg`` (0.3 s of a new process, where SciPy is
    installed: the ``rl`` extra brings it). The compiled code here uses no BLAS, so the check is
    answered "no" at once (issue 31: ``schocken lab`` in a new process).
    """
    if "scipy.linalg" in sys.modules:
        # SciPy's linalg is there already: nothing to save
        import numba.np.arraymath

        return
    # its import fails meanwhile (None in sys.modules: ImportError)
    sys.modules["scipy.linalg"] = None  # type: ignore[assignment]
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        if sys.modules.get("scipy.linalg", 0) is None:
            del sys.modules["scipy.linalg"]


_numpy_support_without_blas()


def _cache_dir() -> None:
    """Keep the compiled code under a folder named by the source of every module here.

    numba keeps a compiled function on disk by the stamp of its own file only: a game loop
    compiled when a function it calls (in another module) read differently would still be
    loaded after that module changed, and play by the old code. So the compiled code goes to
    ``__pycache__/numba-<hash of this package's modules>`` beside them (or, where that cannot be
    written, under the user's cache folder): any change compiles afresh. ``NUMBA_CACHE_DIR``,
    where set, is left as it is.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for module in sorted(here.glob("*.py")):
        h.update(module.name.encode())
        h.update(module.read_bytes())
    name = f"numba-{h.hexdigest()[:16]}"
    for base in (
        here / "__pycache__",
        Path.home() / ".cache" / "schocken",
        Path(tempfile.gettempdir()) / "schocken",
    ):
        try:
            (base / name).mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(base / name, os.W_OK):
            numba.config.CACHE_DIR = str(base / name)  # type: ignore[attr-defined]
            return


_cache_dir()

F = TypeVar("F", bound=Callable[..., Any])


def _jit(func: F) -> F:
    """Compile ``func`` with numba (no Python objects; cached on disk), keeping its type."""
    return cast(F, numba.njit(cache=True, nogil=True)(func))


def _jit_parallel(func: F) -> F:
    """As :func:`_jit`, with ``numba.prange`` loops spread over the cores."""
    return cast(F, numba.njit(cache=True, nogil=True, parallel=True)(func))
