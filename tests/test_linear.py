"""A linear system solved the same on any number of BLAS threads (schocken.linear)."""

from __future__ import annotations

import numpy

from schocken.linear import solve


def test_the_solution_is_lapacks_to_the_last_few_bits_with_rows_exchanged() -> None:
    rng = numpy.random.default_rng(5)
    a = rng.random((40, 40))
    a[0, 0] = 0.0  # the first pivot from another row
    b = rng.random(40)
    expected = numpy.linalg.solve(a, b)
    assert numpy.allclose(solve(a.copy(), b.copy()), expected, rtol=1e-10, atol=1e-12)


def test_a_system_of_the_half_models_kind_is_solved_exactly_enough() -> None:
    """``x = known + P x`` with ``P`` substochastic: the residual at rounding's size."""
    rng = numpy.random.default_rng(7)
    p = rng.random((120, 120))
    p *= 0.95 / p.sum(axis=1, keepdims=True)
    known = rng.random(120)
    a = numpy.eye(120) - p
    x = solve(a.copy(), known.copy())
    assert numpy.max(numpy.abs(a @ x - known)) < 1e-12
