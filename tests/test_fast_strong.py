"""The batch simulator's strong bots against the reference bots, decision by decision.

Games of the half bot and of the solver bot with pub regulars (and random bots) are played by the
batch simulator, written as records, and replayed step by step through the reference engine:
wherever a solver, half or regular seat has a choice, the reference bot (:class:`SolverBot`,
:class:`HalfBot`, :class:`PubRegular`) must choose, on the game's own view, the very action the
batch simulator took; and the record must end as the batch simulator says. Every preset and a
spread of the variants of ``test_fast`` (see ``CASES``) are played; the sweep over every variant
of ``test_fast`` is ``bench/fast_strong_agree.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from schocken import fast
from schocken.bots import make_bot
from schocken.dice import ScriptedDice
from schocken.fast import kernel, round_ends, strong
from schocken.game import Game
from schocken.record import GameRecord, replay
from schocken.rules import PRESETS, Rules, find_preset
from schocken.simulate import choose_engine, simulate
from test_fast import VARIANTS

STRONG = ("solver", "half")

CASES: list[tuple[str, dict[str, object]]] = [
    *((name, {}) for name in PRESETS),
    # covered cups (the last throw, every throw), Einwürfeln, throw-offs, blind rounds and one die
    # each, an open round, more halves
    *(VARIANTS[i] for i in (5, 6, 29, 35, 43, 45)),
]
LINEUPS: list[list[str]] = [
    ["{bot}", "regular", "regular", "regular"],
    ["regular", "{bot}", "random"],
    ["{bot}", "regular"],
]
GAMES = 1
"""Games per rule set, strong bot and line-up: 20 x 2 x 3 games here, to keep CI's run short;
``bench/fast_strong_agree.py`` plays every variant of ``test_fast`` (thousands of games)."""


def decisions(record: GameRecord, bots: Sequence[str]) -> dict[str, int]:
    """Replay ``record`` step by step; wherever a seat other than a random bot has a choice,
    require the step to be its reference bot's choice on the game's view. The choices checked,
    by bot."""
    pips = [p for step in record.steps for p in step.pips]
    game = Game(record.rules, record.players, ScriptedDice(pips))
    reference = {b: make_bot(b) for b in set(bots) if b != "random"}
    checked = dict.fromkeys(reference, 0)
    for i, step in enumerate(record.steps):
        bot = bots[step.seat]
        legal = game.legal_actions()
        if bot != "random" and len(legal) > 1:
            chosen = reference[bot].choose(game.view(step.seat), legal)
            assert chosen == step.action, f"step {i} ({bot}): {record.to_json()}"
            checked[bot] += 1
        game.apply(step.action, step.seat)
    assert game.is_over
    return checked


def _rules(preset: str, overrides: dict[str, object]) -> Rules:
    return find_preset(preset).with_overrides(overrides)


@pytest.mark.parametrize("bot", STRONG)
@pytest.mark.parametrize(("preset", "overrides"), CASES)
def test_strong_bots_decide_as_the_reference_bots(
    bot: str, preset: str, overrides: dict[str, object]
) -> None:
    rules = _rules(preset, overrides)
    checked = 0
    for k, shape in enumerate(LINEUPS):
        lineup = [b.format(bot=bot) for b in shape]
        rows = fast.play_rows(rules, lineup, 0, GAMES, seed=k, rotate=True, threads=1)
        for g in range(GAMES):
            record = fast.play_record(rules, lineup, k, g, rotate=True)
            replayed = replay(record)  # checks the record's outcome
            n = len(lineup)
            assert replayed.loser is not None
            assert rows[g, kernel.O_LOSER] == (replayed.loser - g % n) % n
            assert rows[g, kernel.O_TURNS] == replayed.turns_played
            checked += decisions(record, record.meta["bots"]).get(bot, 0)
    assert checked > 10  # the strong bot had choices to make


def test_every_kind_of_strong_decision_comes_up() -> None:
    """The games of the strong bots take every path of ``kernel.strong_choice`` (the solver's
    choice with and without the Deckel, the half bot's ends and weights, the Finale's solution
    and the half's of two players), so the comparisons above cover each of them."""
    rules = find_preset("tsv99").with_overrides({"deckel_per_half": 4, "deckel_in_finale": 3})
    for lineup in (["solver", "regular", "regular"], ["half", "regular", "regular"]):
        for k, record in enumerate(fast.play_records(rules, lineup, 9, 12, rotate=True)):
            assert decisions(record, record.meta["bots"]), k
    memo = strong.memo(rules)
    kinds = {int(k) for k in memo.keys[:, 0] if k}
    expected = {
        kernel.K_SOLVER,
        kernel.K_SOLVER_FULL,
        kernel.K_HALF_ENDS,
        kernel.K_HALF_WEIGHTS,
        kernel.K_FINALE,
        kernel.K_TWO,
    }
    assert kinds == expected


def test_the_memo_fills_once_and_plays_the_same_games() -> None:
    """A game played when the memo lacks its situations (it stops at each, and goes on from the
    start of that round once the memo holds it) and again when it holds them is the same game;
    the memo does not grow the second time."""
    rules = find_preset("tsv99").with_overrides({"deckel_per_half": 5, "deckel_in_finale": 4})
    lineup = ["half", "regular", "solver", "regular"]
    assert strong.memo(rules).keys_held == 0  # new to this process: the games stop many times
    first = fast.play_rows(rules, lineup, 1000, 60, seed=5, threads=1)
    held = strong.memo(rules).keys_held
    again = fast.play_rows(rules, lineup, 1000, 60, seed=5, threads=None)
    assert (first == again).all()
    assert strong.memo(rules).keys_held == held
    assert (first[:, kernel.O_MISS] == 0).all()


def test_simulate_plays_strong_bots_on_the_batch_simulator(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from schocken.cli import main

    lineup = ["half", "regular", "regular", "regular"]
    assert choose_engine("auto", lineup) == "fast"
    assert choose_engine("auto", ["solver", "regular", "card"]) == "reference"
    report = simulate(find_preset("tsv99"), lineup, 50, seed=3, engine="auto")
    counts = fast.run(find_preset("tsv99"), lineup, 50, seed=3)
    assert [s.games_lost for s in report.seats] == list(counts.games_lost)
    args = ["simulate", "--bots", "half,regular,regular,regular", "--games", "50", "--seed", "3"]
    assert main(args) == 0
    assert "fast engine)" in capsys.readouterr().out


def test_the_memo_is_kept_on_disk_and_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``SCHOCKEN_CACHE_DIR`` the memo goes to a file named by the rules' fingerprint, and a
    new process's memo starts from it: the same games again meet no new key. A memo held to a few
    keys starts afresh when full and plays the very same games."""
    monkeypatch.setenv(strong.CACHE_ENV, str(tmp_path))
    rules = find_preset("tsv99").with_overrides({"deckel_per_half": 3, "deckel_in_finale": 2})
    lineup = ["half", "regular", "solver"]
    first = fast.play_rows(rules, lineup, 0, 20, seed=11, threads=1)
    held = strong.memo(rules).keys_held
    files = list(tmp_path.glob("strong-*"))  # beside the Finale's solutions (finale_shared)
    assert [f.name for f in files] == [f"strong-{strong.fingerprint(rules)}.npz"]
    assert strong.fingerprint(rules.with_overrides({"deckel_in_finale": 3})) not in files[0].name

    loaded = strong.Memo(fast.rule_tables(rules))  # as a new process finds it
    assert loaded.keys_held == held
    monkeypatch.setattr(fast, "_memo", lambda rules, bots: loaded)
    again = fast.play_rows(rules, lineup, 0, 20, seed=11, threads=1)
    assert (first == again).all()
    assert loaded.keys_held == held and loaded.seconds == 0.0  # nothing computed

    monkeypatch.delenv(strong.CACHE_ENV)
    monkeypatch.setattr(strong, "MAX_KEYS", held // 2)
    small = strong.Memo(fast.rule_tables(rules))
    monkeypatch.setattr(fast, "_memo", lambda rules, bots: small)
    bounded = [fast.play_rows(rules, lineup, g, 5, seed=11, threads=1) for g in range(0, 20, 5)]
    assert (first == np.concatenate(bounded)).all()
    assert 0 < small.keys_held < held  # started afresh on the way

    # held to few rows of ends (the room for them smaller than one situation's: it grows)
    monkeypatch.setattr(strong, "MAX_KEYS", 1 << 20)
    monkeypatch.setattr(round_ends, "MAX_ROWS", 64)
    few = strong.Memo(fast.rule_tables(rules))
    monkeypatch.setattr(fast, "_memo", lambda rules, bots: few)
    bounded = [fast.play_rows(rules, lineup, g, 5, seed=11, threads=1) for g in range(0, 20, 5)]
    assert (first == np.concatenate(bounded)).all()
    assert 0 < few.keys_held < held and few.rows_used < loaded.rows_used
