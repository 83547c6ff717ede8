"""Compiling with numba, the compiled function keeping its Python type for mypy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def _jit(func: F) -> F:
    """Compile ``func`` with numba (no Python objects; cached on disk), keeping its type."""
    return cast(F, numba.njit(cache=True, nogil=True)(func))


def _jit_parallel(func: F) -> F:
    """As :func:`_jit`, with ``numba.prange`` loops spread over the cores."""
    return cast(F, numba.njit(cache=True, nogil=True, parallel=True)(func))
