"""Benchmark: how long the rules lab takes for each preset (what ``schocken lab`` and the
builder's panel wait for); prints seconds.

Usage: python bench/lab.py [--preset all] [--games 20000] [--reference] [--cold] [--pairs]
    [--refine] [--repeat N]

For each preset, in one process (as the server keeps it): the evening's figures (the games of
four regulars), the skill figure the first time the rule set is measured (the strong bot's
decisions not yet memoised: what a new rule set in the builder costs) and a second time (the
same games, the memo filled: what the server's second measurement of a rule set costs), and the
whole :func:`schocken.lab.measure` call after that. The batch
simulator's compiling is not timed (a warm-up run first, on a rule set none of the presets is, so
that their skill figures start new; numba caches the compiled code on disk). With
``--reference`` the reference engine's fewer games instead (the lab without the fast extra).
Also printed: how many skill games fitted into the skill figure's time (``SKILL_SECONDS``), and
the processor seconds the skill figure for the new rule set took in this process ("cpu") and in
a helper process ("helper": the strong bot's model of the half is made in one only where the
batch simulator is not installed, ``schocken.bots.half_bot.model_ahead``; with ``--reference``):
on a busy machine the wall-clock seconds say mostly how busy it is, these how much work there
was.

With ``--pairs``, instead: the builder's panel with two rule sets (the preset with fewer Deckel
a half beside the preset), in one process as the server measures them: both new to it, and the
preset measured first (the page has the server warm it when it opens): the seconds to the
figures, the skill games they came from, and the seconds until both skill figures come from all
20,000 games (refined as ``POST /api/lab`` goes on, in slices of ``REFINE_SLICE`` seconds shared
between the two). With ``--cold --pairs`` the cold runs include ``schocken lab`` of the two side
by side (``--against``): the preset with one Deckel fewer a half beside the preset (their rounds
alike: the situations both meet solved once) and the preset with the Jule ticked or unticked
beside the preset ("J": rounds unlike, nothing shared).

With ``--refine``, instead: for each preset with one Deckel fewer a half (a rule set new to
the process), in one process as the server measures it: the seconds to the builder's figures
(the skill figure from the games that fitted) and then to its skill figure from all 20,000 games
(refined in slices of ``REFINE_SLICE`` seconds, as ``POST /api/lab`` goes on after its first
answer).

Each measurement in one process starts with the helper process (:mod:`schocken.helper`, the
Finale's solutions and a share of the strong bot's memo on the other core) idle, as a server's
is when a page's user asks seconds after the page opened: its start and what the warm-up or the
measurement before gave it are not counted against the next one. ``schocken lab`` (``--cold``)
uses none.

The lab's notebook (:mod:`schocken.lab.notebook`) is kept out of every measurement here (its
folder empty, ``SCHOCKEN_LAB_DIR``): the games are played, as for rules the lab has never
measured. With ``--cold``, the runs marked "noted" have a notebook with the preset alone measured
before (``--refine``; copied for each run): the preset with one Deckel fewer then takes the half
bot's ends of the preset's rounds from it (its own games played), and with ``--pairs`` a rule
set beside the preset takes the preset's figures from it and is measured alone (the Jule ticked
or unticked: nothing of its rounds noted).

With ``--cold``, instead: for each preset as it is and with one Deckel fewer a half (a rule set
no process has met), a whole ``schocken lab`` (with ``--refine``: ``schocken lab --refine``,
the skill figures then from all their games) in a new process (Python's start, the imports,
numba's compiled code loaded from its cache, the evening and the skill figure), its wall-clock
seconds, the processor seconds of it and its child (``--against``: the second rule set's,
:mod:`schocken.lab.beside`) and the skill games each skill figure came from (as the program
prints them); ``--repeat N`` rounds of them, with the
median and the slowest. The processes write Python's bytecode as Python does by default (where
``PYTHONDONTWRITEBYTECODE`` is set, as on some CI machines, every new process would compile
every module from source: 0.27 s more); one unmeasured run first writes it and loads numba's
cache.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from schocken import helper as helper_process
from schocken.lab import measure
from schocken.lab.run import (
    GAMES,
    REFERENCE_GAMES,
    SKILL_GAMES,
    SKILL_SECONDS,
    forget_rule_sets,
)
from schocken.rules import PRESETS, Rules, find_preset


def _settled() -> None:
    """Wait until the helper process (:mod:`schocken.helper`) has done what it was given: as a
    server's is when a page's user asks, seconds after the page opened (its own first start and
    the warm-up's work not counted against the next measurement)."""
    while not helper_process.idle():
        time.sleep(0.01)


def _children_seconds() -> float:
    """Processor seconds of this process's finished child processes (and theirs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _cold(presets: list[str], repeat: int, pairs: bool, refine: bool) -> None:
    print("schocken lab in a new process: each preset as it is and with one Deckel fewer a half")
    if pairs:
        print("and the second beside the first (--against: two rule sets new to the process)")
    print("(Python writing its bytecode, as it does by default; one unmeasured run first)")
    if refine:
        print("with --refine: the skill figures from all their games, printed a second time")
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def lab(rules: list[str], notebook: str = "") -> tuple[float, float, str]:
        """One ``schocken lab``; ``notebook`` the folder of the lab's notebook (a copy made
        for the run; none: a new, empty one)."""
        run_notebook = tempfile.mkdtemp(dir=folder)
        if notebook:
            shutil.copytree(notebook, run_notebook, dirs_exist_ok=True)
        env = base_env | {"SCHOCKEN_LAB_DIR": run_notebook}
        before = _children_seconds()
        started = time.perf_counter()
        more = ["--refine"] if refine or notebook else []
        done = subprocess.run(
            [sys.executable, "-m", "schocken.cli", "lab", *rules, "--lang", "en", *more],
            check=True,
            capture_output=True,
            env=env,
            text=True,
        )
        wall, cpu = time.perf_counter() - started, _children_seconds() - before
        # the skill games each figure came from, as the program says it ("Skill: 9,300 games")
        said = re.findall(r"Skill: ([\d,]+) games", done.stdout)
        skill = "+".join(said[-2:] if "--against" in rules else said[-1:])  # the last table's
        return wall, cpu, skill

    with tempfile.TemporaryDirectory() as folder:
        runs: list[tuple[str, list[str], str]] = []
        for name in presets:
            rules = find_preset(name)
            path = Path(folder) / f"{name}.json"
            changed = {"deckel_per_half": rules.deckel_per_half - 1}
            path.write_text(json.dumps({"preset": name, "overrides": changed}))
            # the preset measured once before into a notebook of its own (--refine: whole)
            noted = Path(folder) / f"{name}-notebook"
            noted.mkdir()
            prepare = base_env | {"SCHOCKEN_LAB_DIR": str(noted)}
            subprocess.run([sys.executable, "-m", "schocken.cli", "lab", name, "--refine"],
                           check=True, capture_output=True, env=prepare)  # fmt: skip
            runs += [(name, [name], ""), (f"{name} -1", [str(path)], "")]
            # the same beside that notebook: the round's ends of the preset's rounds taken
            runs.append((f"{name} -1 noted", [str(path)], str(noted)))
            if pairs:
                runs.append((f"{name} -1 | {name}", [str(path), "--against", name], ""))
                # the Jule ticked or unticked: rounds unlike the preset's, nothing shared
                jule = Path(folder) / f"{name}-jule.json"
                flipped = {"jule": not rules.jule}
                jule.write_text(json.dumps({"preset": name, "overrides": flipped}))
                runs.append((f"{name} J | {name}", [str(jule), "--against", name], ""))
                # the same beside the preset the notebook holds (its figures and its rounds')
                runs.append((f"{name} -1 | {name} noted", [str(path), "--against", name],
                             str(noted)))  # fmt: skip
                against = [str(jule), "--against", name]
                runs.append((f"{name} J | {name} noted", against, str(noted)))
        lab(runs[0][1])  # the bytecode written, numba's cache loaded once
        width = max(len(label) for label, _, _ in runs)
        print(f"{'rules':<{width}} {'wall s':>7} {'cpu s':>6} {'skill games':>13}")
        walls: list[float] = []
        for _ in range(repeat):
            for label, rules_arg, notebook in runs:
                wall, cpu, skill = lab(rules_arg, notebook)
                walls.append(wall)
                print(f"{label:<{width}} {wall:>7.2f} {cpu:>6.2f} {skill:>13}")
        walls.sort()
        print(f"median {walls[len(walls) // 2]:.2f} s, slowest {walls[-1]:.2f} s "
              f"of {len(walls)} runs")  # fmt: skip


def _pairs(presets: list[str]) -> None:
    """The builder's panel: the rules being built (the preset with fewer Deckel a half) beside
    the preset, as ``POST /api/lab`` measures them, in this process (numba's code loaded): with
    the preset new to the process, and with it measured first as the page has the server do
    when it opens (``POST /api/lab/warm``)."""
    print("the builder's panel: the preset with fewer Deckel beside the preset, in one process")
    from schocken.lab import refine
    from schocken.lab.pair import measure_pair, refine_pair
    from schocken.server.routes.lab import REFINE_SLICE

    print(f"{'preset':<12} {'both new s':>10} {'games':>11} {'all s':>6} {'preset warmed s':>15} "
          f"{'games':>11} {'all s':>6}")  # fmt: skip
    for name in presets:
        rules = find_preset(name)
        found: list[str] = []
        for fewer, warm in ((1, False), (2, True)):
            forget_rule_sets()
            if warm:  # as POST /api/lab/warm: measured, then refined to all its skill games
                warmed = measure(rules)
                while warmed.skill.games < SKILL_GAMES:
                    warmed = refine(warmed, SKILL_GAMES, REFINE_SLICE)
            ours = rules.with_overrides({"deckel_per_half": rules.deckel_per_half - fewer})
            sets = [ours, rules]
            _settled()
            started = time.perf_counter()
            both = measure_pair(sets)
            seconds = time.perf_counter() - started
            found += [f"{seconds:.2f}", f"{both[0].skill.games}+{both[1].skill.games}"]
            # then the skill figures refined to all their games, as the server goes on
            while any(f.skill.games < SKILL_GAMES for f in both):
                both = refine_pair(both, SKILL_GAMES, REFINE_SLICE)
            found.append(f"{time.perf_counter() - started:.2f}")
        print(f"{name:<12} {found[0]:>10} {found[1]:>11} {found[2]:>6} {found[3]:>15} "
              f"{found[4]:>11} {found[5]:>6}")  # fmt: skip


def _refine(presets: list[str]) -> None:
    from schocken.lab import refine
    from schocken.server.routes.lab import REFINE_SLICE

    def timed(rules: Rules) -> str:
        _settled()
        started = time.perf_counter()
        figures = measure(rules)
        first, games = time.perf_counter() - started, figures.skill.games
        slices = 0
        while figures.skill.games < SKILL_GAMES:
            figures = refine(figures, SKILL_GAMES, REFINE_SLICE)
            slices += 1
        took = time.perf_counter() - started
        return f"{first:>9.2f} {games:>6} {took:>6.2f} {slices:>6}"

    print(f"skill games refined to {SKILL_GAMES:,} in slices of {REFINE_SLICE} s: rules whose")
    print("rounds are new to the server (one Deckel fewer and the Jule ticked or unticked), and")
    print("the preset with one Deckel fewer after the preset was measured (as the page warms it:")
    print("the rounds of the two alike, the preset's situations taken)")
    print(f"{'rules':<16} {'figures s':>9} {'games':>6} {'all s':>6} {'slices':>6} "
          f"{'after preset s':>14} {'games':>6} {'all s':>6} {'slices':>6}")  # fmt: skip
    for name in presets:
        base = find_preset(name)
        fewer = {"deckel_per_half": base.deckel_per_half - 1}
        forget_rule_sets()
        new = timed(base.with_overrides({**fewer, "jule": not base.jule}))
        forget_rule_sets()
        measure(base)
        after = timed(base.with_overrides(fewer))
        print(f"{name + ' -1':<16} {new} {after:>36}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="all", help=f"{', '.join(PRESETS)} or all")
    parser.add_argument("--games", type=int)
    parser.add_argument("--reference", action="store_true", help="the reference engine")
    parser.add_argument("--cold", action="store_true", help="schocken lab in a new process")
    parser.add_argument("--repeat", type=int, default=1, help="--cold: rounds of runs")
    parser.add_argument("--pairs", action="store_true", help="two rule sets side by side")
    parser.add_argument("--refine", action="store_true", help="the skill figure refined")
    args = parser.parse_args()
    # no figure from the lab's notebook in this process (the cold runs name their own folder)
    os.environ["SCHOCKEN_LAB_DIR"] = ""
    presets = list(PRESETS) if args.preset == "all" else [args.preset]
    if args.cold:
        _cold(presets, args.repeat, args.pairs, args.refine)
        return
    engine = "reference" if args.reference else "fast"
    games = args.games or (REFERENCE_GAMES if args.reference else GAMES)
    if not args.reference:  # compile (or load the cached code) first, on rules not measured here
        from schocken.fast.solved import round_rules

        warm_up = find_preset("tsv99").with_overrides({"deckel_per_half": 11, "jule": True})
        # its rounds like no preset's: their memos share nothing with it (round_rules)
        assert all(round_rules(warm_up) != round_rules(r) for r in PRESETS.values())
        measure(warm_up, games=100, skill_games=1, skill_seconds=0)
        if args.pairs:  # as the builder's page has it do: the helper's batch simulator loaded
            from schocken.lab.pair import load_ahead

            loading = load_ahead(warm_up)
            if loading is not None:
                loading.result()
    if args.pairs:
        _pairs(presets)
        return
    if args.refine:
        _refine(presets)
        return
    print(f"{engine} engine, {games:,} games of four regulars, skill for {SKILL_SECONDS} s")
    print(f"{'preset':<12} {'evening s':>9} {'skill new s':>11} {'cpu':>5} {'helper':>6} "
          f"{'games':>6} {'skill again s':>13} {'games':>6} {'whole s':>8}")  # fmt: skip
    for name in presets:
        rules = find_preset(name)
        # skill alone (the fewest evening games the lab takes), first for the new rule set
        _settled()
        helper = _children_seconds()
        started, cpu = time.perf_counter(), time.process_time()
        first = measure(rules, games=2, engine=engine)
        skill_new = time.perf_counter() - started
        cpu = time.process_time() - cpu
        helper = _children_seconds() - helper
        started = time.perf_counter()
        measure(rules, games=games, engine=engine, skill_games=1, skill_seconds=0)
        evening = time.perf_counter() - started
        started = time.perf_counter()
        again = measure(rules, games=2, engine=engine)  # the same games: the memo filled
        skill_again = time.perf_counter() - started
        started = time.perf_counter()
        measure(rules, games=games, engine=engine)
        whole = time.perf_counter() - started
        print(f"{name:<12} {evening:>9.2f} {skill_new:>11.2f} {cpu:>5.2f} {helper:>6.2f} "
              f"{first.skill.games:>6} "
              f"{skill_again:>13.2f} {again.skill.games:>6} {whole:>8.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
