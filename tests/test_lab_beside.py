"""Two rule sets side by side: the second measured in a child process, the same figures as
measured here; where the child fails or may not be forked, measured here."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap
from typing import Any

import pytest

pytest.importorskip("numba")

from schocken.lab.beside import Beside
from schocken.lab.cli import figures_data
from schocken.lab.run import measure, refine
from schocken.rules import find_preset

B = {"preset": "allgemein", "overrides": {"deckel_per_half": 5}}
OPTIONS: dict[str, Any] = {"games": 2_000, "skill_games": 100, "skill_seconds": 0.0}
"""Few games, and the skill figure from its first chunk only: the same figures wherever made."""


def _in_a_new_process(body: str) -> dict[str, object]:
    """Run ``body`` in a new Python process (the batch simulator's threads not started: a fork
    is safe there) with the rule sets at hand; it prints its answer as JSON."""
    code = textwrap.dedent(
        f"""
        import json, os, signal
        from schocken.lab.beside import Beside
        from schocken.lab.cli import figures_data
        from schocken.lab.run import measure
        from schocken.rules import find_preset, rules_from_data
        a = find_preset("tsv99").with_overrides({{"deckel_per_half": 5}})
        b = rules_from_data({B!r})
        options = {OPTIONS!r}
        """
    ) + textwrap.dedent(body)
    english = {**os.environ, "LC_ALL": "en_GB.UTF-8"}  # a refusal's words in English
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
        env=english,
    )
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def _here(pace: float | None = None) -> dict[str, object]:
    b = find_preset("allgemein").with_overrides({"deckel_per_half": 5})
    return figures_data(measure(b, seconds_per_turn=pace, **OPTIONS))


def test_the_second_rule_set_is_measured_in_a_child_with_the_same_figures() -> None:
    answer = _in_a_new_process(
        """
        beside = Beside(b, **options)
        forked = beside._pid != 0
        beside.go(20.0)  # the pace, known only now (a club's)
        here = measure(a, seconds_per_turn=20.0, **options)
        there = beside.result()
        print(json.dumps({"forked": forked, "from_child": beside.from_child,
                          "a": here.rules == a, "b": figures_data(there)}))
        """
    )
    assert answer["forked"] and answer["from_child"] and answer["a"]
    assert answer["b"] == _here(20.0)


def test_the_child_forked_after_the_code_is_loaded_measures_with_what_it_inherits() -> None:
    """``schocken lab A --against B``: numba's code, both rule sets' tables and B's Finale's
    solutions (from the helper, forked first) made once, before B's child is forked, without
    starting the compiled loop's threads (the fork still safe); the child's figures are B's."""
    answer = _in_a_new_process(
        """
        import sys
        from schocken import helper
        from schocken.bots import half_bot
        from schocken.lab.beside import fork_safe, load_before_fork
        from schocken.lab.run import finales_first
        with helper.forked():
            finales_first([b, a])
            load_before_fork([a, b])
            loaded = "numba" in sys.modules and fork_safe()
            coming = half_bot.finales_coming(b)
            beside = Beside(b, **options)
            forked = beside._pid != 0
            beside.go(None)
            there = beside.result()
        print(json.dumps({"loaded": loaded, "coming": coming, "forked": forked,
                          "from_child": beside.from_child, "b": figures_data(there)}))
        """
    )
    assert answer["loaded"] and answer["forked"] and answer["from_child"]
    assert answer["coming"] is False  # B's taken from the helper before the fork
    assert answer["b"] == _here()


def test_rule_sets_alike_in_their_rounds_solve_the_situations_they_share_once() -> None:
    """Two rule sets alike but in the half (the builder's usual pair): their store of the half
    bot's ends shared with the child, the situations solved put where both read them; the
    figures are those of each measured alone."""
    answer = _in_a_new_process(
        """
        from schocken import helper
        from schocken.fast import strong
        from schocken.lab.beside import load_before_fork
        from schocken.lab.run import finales_first
        ours = b.with_overrides({"deckel_per_half": 6})
        with helper.forked():
            finales_first([b, ours])
            load_before_fork([ours, b])
            table = strong.memo(b).store.shared
            beside = Beside(b, **options)
            beside.go(None)
            here = measure(ours, **options)
            there = beside.result()
        solved = table.state[2:].tolist() if table is not None else None
        print(json.dumps({"same": strong.memo(ours).store is strong.memo(b).store,
                          "solved": solved, "from_child": beside.from_child,
                          "ours": figures_data(here), "b": figures_data(there)}))
        """
    )
    assert answer["same"] and answer["from_child"]
    solved = answer["solved"]
    assert isinstance(solved, list)
    # every situation solved went into the table both read (by whichever process: how the
    # two share them depends on the machine's minute; tests/test_fast_shared_ends.py has the
    # claims)
    assert sum(solved) > 100, solved
    assert answer["b"] == _here()
    ours = find_preset("allgemein").with_overrides({"deckel_per_half": 6})
    assert answer["ours"] == figures_data(measure(ours, **OPTIONS))


def test_a_child_that_dies_leaves_the_rule_set_to_this_process() -> None:
    answer = _in_a_new_process(
        """
        beside = Beside(b, **options)
        os.kill(beside._pid, signal.SIGKILL)
        beside.go(None)
        there = beside.result()
        print(json.dumps({"from_child": beside.from_child, "b": figures_data(there)}))
        """
    )
    assert answer["from_child"] is False
    assert answer["b"] == _here()


def test_a_refusal_is_said_by_this_process() -> None:
    answer = _in_a_new_process(
        """
        beside = Beside(b, games=1, skill_games=100, skill_seconds=0.0)
        beside.go(None)
        try:
            beside.result()
            said = None
        except ValueError as exc:
            said = str(exc)
        print(json.dumps({"said": said, "from_child": beside.from_child}))
        """
    )
    assert answer["from_child"] is False
    assert answer["said"] == "the lab needs at least two games, not 1"


def _refined_here() -> dict[str, object]:
    b = find_preset("allgemein").with_overrides({"deckel_per_half": 5})
    first = measure(b, **OPTIONS)
    return figures_data(refine(first, 300, math.inf))


@pytest.mark.parametrize("dies", [False, True])
def test_the_child_refines_the_second_rule_set_with_the_same_figures(dies: bool) -> None:
    """``--refine``: the child sends B's figures, then refines them where its memo is and sends
    them again (this process does not refine them: its ``refine`` would fail); where the child
    ends before (its ``refine`` ends it), they are refined here: the same figures either way."""
    answer = _in_a_new_process(
        f"""
        import schocken.lab.beside as beside_module
        real = beside_module.refine
        if {dies!r}:  # in the child: it ends instead of refining
            beside_module.refine = lambda *args: os._exit(3)
        beside = Beside(b, refine_to=300, **options)
        # here: refining only where the child did not
        beside_module.refine = real if {dies!r} else (lambda *args: 1 / 0)
        beside.go(None)
        first = beside.result()
        there = beside.refined(first)
        print(json.dumps({{"first": first.skill.games, "from_child": beside.from_child,
                          "ended": beside._pid == 0, "b": figures_data(there)}}))
        """
    )
    assert answer["first"] == 100 and answer["from_child"] and answer["ended"]
    assert answer["b"] == _refined_here()


def test_no_fork_once_the_batch_simulators_threads_run_here() -> None:
    """GNU OpenMP's threads do not survive a fork: after the batch simulator has run on its
    threads in this process, the second rule set is measured here."""
    from schocken import fast

    fast.run(find_preset("tsv99"), ["regular"] * 4, 200)  # its threads started, if not yet
    beside = Beside(find_preset("allgemein").with_overrides({"deckel_per_half": 5}), **OPTIONS)
    try:
        assert beside._pid == 0
        beside.go(None)
        assert figures_data(beside.result()) == _here()
        assert beside.from_child is False
    finally:
        beside.close()


def _program(*args: str) -> subprocess.CompletedProcess[str]:
    """``schocken`` run as the program is (``python -m schocken.cli``), its output piped."""
    return subprocess.run(
        [sys.executable, "-m", "schocken.cli", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env={k: v for k, v in os.environ.items() if k != "SCHOCKEN_CACHE_DIR"},
    )


def test_the_program_measures_a_pair_and_ends_with_its_whole_output() -> None:
    """``schocken lab A --against B`` as the program: the pair measured (the second in the
    child), the JSON whole on a pipe though the program ends without Python's clearing up, the
    same figures as measured here."""
    done = _program("lab", "allgemein", "--against", "tsv99", "--games", "2000",
                    "--skill-seconds", "0", "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    tsv99 = measure(find_preset("tsv99"), games=2_000, skill_games=20_000, skill_seconds=0.0)
    assert data["against"]["rounds"] == figures_data(tsv99)["rounds"]
    assert data["against"]["skill"] == figures_data(tsv99)["skill"]  # its first chunk


def test_the_program_refines_a_pair() -> None:
    """``schocken lab A --against B --refine``: both skill figures from all the games asked for
    (B's refined in the child), the figures of those games."""
    asked = ["--games", "2000", "--skill-games", "300", "--skill-seconds", "0", "--refine"]
    done = _program("lab", "allgemein", "--against", "tsv99", *asked, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    tsv99 = measure(find_preset("tsv99"), games=2_000, skill_games=300, skill_seconds=0.0)
    assert tsv99.skill.games == 100  # the first chunk: refined to 300 in the child
    assert data["against"]["skill"] == figures_data(refine(tsv99, 300, math.inf))["skill"]
    assert data["rules"]["skill"]["games"] == 300


def test_a_refusal_ends_the_program_with_status_2() -> None:
    done = _program("lab", "allgemein", "--against", "tsv99", "--games", "1", "--lang", "en")
    assert done.returncode == 2
    assert done.stderr == "schocken lab: the lab needs at least two games, not 1\n"


@pytest.mark.parametrize("forked", [True, False])
def test_side_by_side_each_rule_set_has_the_skill_games_whole_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], forked: bool
) -> None:
    """On a core each (the second in a child) each rule set has the skill games' whole time;
    without a child both are measured here, one after the other, and share it."""
    from schocken.cli import main
    from schocken.lab import cli
    from schocken.lab.run import SKILL_SECONDS, Figures
    from schocken.rules import Rules

    here: list[float] = []
    child: list[float] = []

    def measured(rules: Rules, **options: object) -> Figures:
        here.append(float(options["skill_seconds"]))  # type: ignore[arg-type]
        return measure(rules, games=200, skill_games=100, skill_seconds=0.0)

    class Child:
        def __init__(self, rules: Rules, **options: object) -> None:
            self.rules, self.forked = rules, forked
            if forked:
                child.append(float(options["skill_seconds"]))  # type: ignore[arg-type]

        def go(self, pace: float | None) -> None:
            pass

        def result(self) -> Figures:
            return measure(self.rules, games=200, skill_games=100, skill_seconds=0.0)

        def close(self) -> None:
            pass

    monkeypatch.setattr(cli, "measure", measured)
    monkeypatch.setattr(cli, "Beside", Child)
    assert main(["lab", "tsv99", "--against", "allgemein", "--json"]) == 0
    capsys.readouterr()
    if forked:
        assert here == [SKILL_SECONDS] and child == [SKILL_SECONDS]
    else:
        assert here == [SKILL_SECONDS / 2] * 2 and child == []
