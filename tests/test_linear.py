"""A linear system solved the same on any number of BLAS threads (schocken.linear)."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy

from schocken.linear import solve


def printed_on_blas_threads(code: str) -> set[str]:
    """What the Python ``code`` prints, run in a new process on one BLAS thread and on two (the
    server's and a program's that imported numpy first): one answer where it does not depend on
    them."""
    found = set()
    for threads in ("1", "2"):
        env = {**os.environ, "OPENBLAS_NUM_THREADS": threads, "OMP_NUM_THREADS": threads}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        found.add(done.stdout.strip())
    return found


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


def test_the_solution_is_the_same_on_any_number_of_blas_threads() -> None:
    code = (
        "import hashlib, numpy; from schocken.linear import solve; "
        "r = numpy.random.default_rng(3); a = r.random((300, 300)); b = r.random(300); "
        "print(hashlib.sha256(solve(a, b).tobytes()).hexdigest())"
    )
    assert len(printed_on_blas_threads(code)) == 1
