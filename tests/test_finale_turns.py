"""The Finale's turn graphs (:mod:`schocken.finale_turns`); the solution on them is tested in
``tests/test_finale.py``."""

from __future__ import annotations

import pytest

from schocken.rules import find_preset

pytest.importorskip("numpy")


@pytest.mark.parametrize("name", ["tsv99", "schock4life"])
def test_each_states_best_option_is_the_gather_of_every_option(name: str) -> None:
    """``_best`` (each distinct row of options once, one option at a time) gives the very floats
    of ``values[opts].max(axis=1)``, for every layer of every turn graph of the round."""
    import numpy as np

    from schocken import finale, finale_turns

    model = finale._round_model(find_preset(name))
    rng = np.random.default_rng(7)
    graphs = [model.opener, *model.responder.values()]
    layers = [layer for graph in graphs for layer in graph.layers if layer.opts is not None]
    assert any(
        len(np.unique(lo, axis=0)) < len(lo) for lo in (x.opts for x in layers) if lo is not None
    )
    for layer in layers:
        assert layer.choices is not None and layer.turned_choices is not None
        for opts, choices in (
            (layer.opts, layer.choices),
            (layer.turned_opts, layer.turned_choices),
        ):
            assert opts is not None
            values = rng.random((int(opts.max(initial=0)) + 1, 5))
            values[-1] = -np.inf
            assert np.array_equal(finale_turns._best(values, choices), values[opts].max(axis=1))
