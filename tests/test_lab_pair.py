"""Two rule sets side by side in a process that keeps running (the builder's server): the second,
new to the process, measured and refined in the helper process, with the same figures as here;
where the helper fails or is not to be used, measured here."""

from __future__ import annotations

import math
import subprocess
import sys
from concurrent.futures import Future
from typing import Any

import pytest

pytest.importorskip("numba")

from schocken import helper
from schocken.lab import pair
from schocken.lab.cli import figures_data
from schocken.lab.run import Figures, forget_rule_sets, known, measure, refine
from schocken.rules import find_preset

A = find_preset("tsv99").with_overrides({"deckel_per_half": 6})
B = find_preset("allgemein").with_overrides({"deckel_per_half": 6})
OPTIONS: dict[str, Any] = {"games": 2_000, "skill_games": 100}
"""Few games, the skill figure from its first chunk only (``skill_seconds`` 0): the same
figures wherever made."""


@pytest.fixture(autouse=True)
def fresh() -> None:
    """Both rule sets new to this process and to the helper."""
    forget_rule_sets()


def _measured_here() -> tuple[dict[str, Any], dict[str, Any]]:
    forget_rule_sets()
    with helper.disabled():
        return tuple(  # type: ignore[return-value]
            figures_data(measure(r, skill_seconds=0.0, **OPTIONS)) for r in (A, B)
        )


def test_the_second_new_rule_set_is_measured_in_the_helper_with_the_same_figures() -> None:
    told: list[tuple[int, int]] = []
    found = pair.measure_pair(
        [A, B], skill_seconds=0.0, progress=lambda i, n: told.append((i, n)), **OPTIONS
    )
    assert known(A) and not known(B)  # B's memo is the helper's
    assert helper.call("schocken.lab.run:known", B).result()
    assert (told[-1][0], told[-1][1]) == (1, 2_000)  # the second's games said when it came
    assert [figures_data(f) for f in found] == list(_measured_here())


def test_the_second_is_refined_where_it_was_measured_with_the_same_games() -> None:
    found = pair.measure_pair([A, B], skill_seconds=0.0, **OPTIONS)
    assert [f.skill.games for f in found] == [100, 100]
    done: dict[int, int] = {}
    refined = pair.refine_pair(found, 300, math.inf, lambda i, n: done.__setitem__(i, n))
    assert [f.skill.games for f in refined] == [300, 300]
    assert done == {0: 300, 1: 300}
    assert not known(B)  # refined in the helper, not here
    forget_rule_sets()
    with helper.disabled():  # the same games here: the same figure
        here = [refine(measure(r, skill_seconds=0.0, **OPTIONS), 300, math.inf) for r in (A, B)]
    assert [f.skill for f in refined] == [f.skill for f in here]


def test_where_the_helper_fails_the_second_is_measured_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def failing(target: str, *args: object) -> Future[Figures]:
        future: Future[Figures] = Future()
        future.set_exception(helper.HelperError("the helper process ended"))
        return future

    monkeypatch.setattr(helper, "call", failing)
    found = pair.measure_pair([A, B], skill_seconds=0.0, **OPTIONS)
    assert known(B)
    assert [figures_data(f) for f in found] == list(_measured_here())


def test_known_rules_and_no_helper_are_measured_here(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = helper.call

    def noted(target: str, *args: object) -> Future[Any]:
        asked.append(target)
        return real(target, *args)

    monkeypatch.setattr(helper, "call", noted)
    measure(B, skill_seconds=0.0, **OPTIONS)  # B known here: not measured in the helper
    pair.measure_pair([A, B], skill_seconds=0.0, **OPTIONS)
    assert "schocken.lab.pair:_measured" not in asked
    forget_rule_sets()
    monkeypatch.setenv(helper.ENV, "0")
    pair.measure_pair([A, B], skill_seconds=0.0, **OPTIONS)
    assert known(A) and known(B)
    assert "schocken.lab.pair:_measured" not in asked


def test_nothing_is_sent_ahead_to_a_busy_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    """``start_models``: a helper measuring the other rule set of a pair begins nothing else
    before it ends, so nothing is queued for it (this process solves its Finale itself, before
    timing its first skill games); an idle one is given the Finale's solutions."""
    from schocken import finale_shared
    from schocken.bots import half_bot
    from schocken.lab.run import start_models

    asked: list[str] = []

    def noted(target: str, *args: object) -> Future[Any]:
        asked.append(target)
        return Future()  # never begun: whoever needs its answer solves it here

    monkeypatch.setattr(helper, "call", noted)
    finale_shared.clear_caches()
    try:
        monkeypatch.setattr(helper, "idle", lambda: False)
        start_models([A])
        assert asked == [] and not half_bot.finales_coming(A)
        monkeypatch.setattr(helper, "idle", lambda: True)
        start_models([A])
        assert "schocken.finale_shared:_solved_values" in asked and half_bot.finales_coming(A)
    finally:
        finale_shared.clear_caches()


def test_the_finale_first_and_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``finales_first`` (``schocken lab``, before it loads the batch simulator) gives an idle
    helper the Finale's solutions of new rules at once; ``start_models`` then finds the helper
    busy with them and asks for none twice. Known rules are given nothing."""
    from schocken import finale_shared
    from schocken.bots import half_bot
    from schocken.lab.run import finales_first, start_models

    asked: list[str] = []

    def noted(target: str, *args: object) -> Future[Any]:
        asked.append(target)
        return Future()  # never begun: whoever needs its answer solves it here

    forget_rule_sets()
    finale_shared.clear_caches()
    monkeypatch.setattr(helper, "call", noted)
    monkeypatch.setattr(helper, "idle", lambda: not asked)
    try:
        finales_first([A])
        assert asked == ["schocken.finale_shared:_solved_values"]
        assert half_bot.finales_coming(A)
        start_models([A])
        assert asked == ["schocken.finale_shared:_solved_values"]
        finale_shared.clear_caches()
        asked.clear()
        measure(A, skill_seconds=0.0, **OPTIONS)  # known now
        asked.clear()
        finales_first([A])
        assert asked == []
    finally:
        finale_shared.clear_caches()


def test_the_helper_loads_the_batch_simulator_ahead() -> None:
    """``load_ahead`` (the builder's page opened): the helper process loads the batch
    simulator's code and the rules' tables meanwhile; nothing where it is not to be used."""
    loading = pair.load_ahead(A)
    assert loading is not None
    assert loading.result(timeout=300) is None  # done there, no HelperError
    with helper.disabled():
        assert pair.load_ahead(A) is None


def test_the_program_forks_its_helper_before_loading_the_batch_simulator() -> None:
    """``schocken lab`` in a new process may fork its helper before numba is loaded (nothing
    of it has started), without loading it: the helper solves the Finale meanwhile."""
    code = "import sys; from schocken.lab.beside import fork_safe; "
    code += "print(fork_safe(), 'numba' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split() == ["True", "False"]


def test_a_rule_set_counted_whole_leaves_the_other_all_the_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Beside a rule set whose skill games are all counted (the preset the page warmed), the
    other has the whole skill time; beside one not yet counted whole, half of it."""
    measure(B, skill_seconds=math.inf, **OPTIONS)  # all its 100 skill games counted
    asked: dict[object, float] = {}

    def measured(rules: Any, **options: Any) -> Figures:
        asked[rules] = options["skill_seconds"]
        return measure(rules, **options)

    monkeypatch.setattr(pair, "measure", measured)
    pair.measure_pair([A, B], skill_seconds=0.8, **OPTIONS)  # both here: B is known
    assert asked == {A: 0.8, B: 0.4}
    asked.clear()
    pair.measure_pair([A, B], skill_seconds=0.8, **{**OPTIONS, "skill_games": 200})
    assert asked == {A: 0.4, B: 0.4}  # B's second hundred not yet counted
