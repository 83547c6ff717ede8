"""How long reading the words' catalogues takes: every .po file parsed (schocken.catalogue), and
``import schocken.texts`` in a fresh process (the catalogues read once, at import). Prints the
fastest of N runs in milliseconds::

    PYTHONPATH=src python bench/catalogue_load.py
"""

from __future__ import annotations

import subprocess
import sys
import time

from schocken import catalogue

RUNS = 10


def main() -> None:
    parse = []
    for _ in range(RUNS):
        start = time.perf_counter()
        found = catalogue.load_all()
        parse.append(time.perf_counter() - start)
    entries = sum(len(cat.entries) for cat in found.values())
    print(f"parse {len(found)} catalogues ({entries} entries): {1000 * min(parse):.1f} ms")
    imports = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import schocken.texts"], check=True)
        imports.append(time.perf_counter() - start)
    empty = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        empty.append(time.perf_counter() - start)
    print(f"import schocken.texts in a fresh process: {1000 * (min(imports) - min(empty)):.1f} ms")


if __name__ == "__main__":
    main()
