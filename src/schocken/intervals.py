"""Confidence intervals for shares: how often a seat or a member loses, with the uncertainty of
few games. Standard library only.

>>> lo, hi = wilson(3, 10)
>>> round(lo, 3), round(hi, 3)
(0.108, 0.603)
"""

from __future__ import annotations

import math

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


__all__ = ["Z95", "wilson"]
