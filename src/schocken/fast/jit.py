"""Compiling with numba, the compiled function keeping its Python type for mypy."""

from __future__ import annotations

import sys
from collections.abc import Callable
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

F = TypeVar("F", bound=Callable[..., Any])


def _jit(func: F) -> F:
    """Compile ``func`` with numba (no Python objects; cached on disk), keeping its type."""
    return cast(F, numba.njit(cache=True, nogil=True)(func))


def _jit_parallel(func: F) -> F:
    """As :func:`_jit`, with ``numba.prange`` loops spread over the cores."""
    return cast(F, numba.njit(cache=True, nogil=True, parallel=True)(func))
