"""numba's numpy support is loaded without its BLAS check (issue 31: ``schocken lab`` in a new
process), and SciPy's linalg, where installed, still imports afterwards."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import schocken.fast
import numba.np.arraymath as arraymath
assert "scipy.linalg" not in sys.modules, "numba's BLAS check imported SciPy's linalg"
assert arraymath._HAVE_BLAS is False
try:
    import scipy
except ImportError:
    print("no scipy")
else:
    import scipy.linalg
    assert sys.modules["scipy.linalg"] is not None
    print("scipy.linalg", scipy.linalg.__name__)
"""


def test_numpy_support_skips_the_blas_check_and_leaves_scipy_importable() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("no scipy", "scipy.linalg scipy.linalg")
