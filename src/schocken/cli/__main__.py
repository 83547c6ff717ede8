"""``python -m schocken.cli``: the ``schocken`` command."""

from schocken.cli import run

run()
