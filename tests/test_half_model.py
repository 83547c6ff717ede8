"""The half bot's model of the half: its own fixed point, the same on any number of BLAS
threads, what a round's best result is worth per round size, and its values as asked."""

from __future__ import annotations

import pytest

from schocken.bots.half_bot import _model
from schocken.bots.half_model import HalfModel, worth_frequencies
from schocken.rules import PRESETS


def test_the_model_of_the_half_is_its_own_fixed_point() -> None:
    rules = PRESETS["tsv99"]
    model = _model(rules, 4)
    total = rules.deckel_per_half
    # At the start everyone is alike; who holds every Deckel has lost, who holds none is out.
    assert model.value(total, 0, (0, 0, 0)) == pytest.approx(0.25)
    assert model.value(0, total, ()) == 1.0
    assert model.value(0, 0, (total - 3, 3)) == 0.0
    # More Deckel, a greater chance of losing the half.
    assert model.value(0, 9, (5,)) > model.value(0, 7, (7,)) > model.value(0, 5, (9,))
    assert model.value(0, 7, (7,)) == pytest.approx(0.5)
    # Every situation with the middle empty is the expectation over one round of those after it.
    for key in [(0, 1, (13,)), (0, 6, (4, 4)), (0, 2, (5, 4, 3)), (0, 11, (2, 1))]:
        assert model.value(*key) == pytest.approx(model._round(key, None, None), abs=1e-12)


def test_the_model_of_the_half_is_the_same_on_any_number_of_blas_threads() -> None:
    """The CLI and the helper process (one BLAS thread) and the server or a program that imported
    numpy first (its threads) make the same model, bit for bit: LAPACK's solve rounded otherwise
    on two threads, the half bot then chose otherwise in a near tie, and ``schocken lab`` gave
    another skill figure than the server for the same games."""
    from test_linear import printed_on_blas_threads

    code = (
        "import hashlib, numpy; from schocken.bots.half_model import HalfModel; "
        "worth = {k: {1: 0.5, 2: 0.2, 3: 0.2, None: 0.1} for k in (2, 3, 4, 5, 6)}; "
        "m = HalfModel(15, 6, worth); "
        "v = numpy.array([m._values[k] for k in sorted(m._values)]); "
        "print(hashlib.sha256(v.tobytes()).hexdigest())"
    )
    assert len(printed_on_blas_threads(code)) == 1


def test_worth_frequencies_are_measured_per_round_size() -> None:
    freq = worth_frequencies(PRESETS["knobelrunde"], 4)
    assert set(freq) == {2, 3, 4}
    for per in freq.values():
        assert sum(per.values()) == pytest.approx(1.0)
        assert None in per  # Schock-Aus happens


def test_a_situation_asked_in_any_order_has_the_value_of_the_situation() -> None:
    """The model keeps its values by the situation (the others' Deckel sorted; with the middle
    empty, those out left out) and by the arguments as asked: asked in another order, or with
    the middle empty and a player out among the others, it gives the situation's value; another
    situation gets its own (with Deckel in the middle a player without any is still in)."""
    worth = {k: {1: 0.5, 2: 0.2, 3: 0.2, None: 0.1} for k in (2, 3, 4)}
    model, fresh = HalfModel(13, 4, worth), HalfModel(13, 4, worth)
    for middle, mine, others in ((3, 2, (5, 3)), (0, 4, (6, 3)), (2, 1, (7, 3, 0)), (0, 5, (8,))):
        expected = fresh._value(middle, mine, others)
        orders = [others, others[::-1]] + ([(*others, 0), (0, *others)] if middle == 0 else [])
        for order in orders:
            assert model.value(middle, mine, order) == expected
    assert model.value(3, 2, (5, 3)) != model.value(3, 2, (5, 3, 0))
    assert model.value(0, 4, (6, 3)) != model.value(0, 6, (4, 3))
    assert model.value(3, 2, (5, 3)) != model.value(2, 3, (5, 3))
