"""A linear system solved the same, float for float, on any number of BLAS threads.

LAPACK's solve (``numpy.linalg.solve``) is blocked and threaded, and rounds otherwise on two
BLAS threads than on one. The half bot's model of the half (:class:`~schocken.bots.half_bot.
HalfModel`) solved that way came out otherwise in the last bits in ``schocken lab`` (one BLAS
thread) than in the server (every core), the bot chose otherwise in a near tie, and a figure of
the lab differed for the same games. :func:`solve` uses numpy's elementwise operations only.

>>> import numpy as np
>>> solve(np.array([[0.0, 2.0], [4.0, 1.0]]), np.array([2.0, 9.0])).tolist()
[2.0, 1.0]
"""

from __future__ import annotations

from typing import Any


def solve(a: Any, b: Any) -> Any:
    """``x`` with ``a x = b`` (numpy arrays, float): Gaussian elimination with partial pivoting,
    then back substitution. ``a`` and ``b`` are changed."""
    from schocken.finale_turns import _np

    np = _np()
    n = len(b)
    for k in range(n - 1):
        p = k + int(np.argmax(np.abs(a[k:, k])))
        if p != k:
            a[[k, p]] = a[[p, k]]
            b[[k, p]] = b[[p, k]]
        f = a[k + 1 :, k] / a[k, k]
        a[k + 1 :, k:] -= f[:, None] * a[k, k:]
        b[k + 1 :] -= f * b[k]
    x = np.zeros(n)
    for k in range(n - 1, -1, -1):
        x[k] = (b[k] - np.sum(a[k, k + 1 :] * x[k + 1 :])) / a[k, k]
    return x
