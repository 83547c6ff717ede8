"""``schocken arena``: rotated line-ups, figures equal to a direct count, refusals, JSON, plot."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from schocken.arena import line_up_bots, line_up_count, line_ups, seat_games
from schocken.bots import make_bot
from schocken.cli import main
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.intervals import wilson
from schocken.rules import find_preset
from schocken.simulate import play_game, seat_names

KNOWN = "random, regular, solver, half, card (and card:PRESET, card:CODE)"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["arena", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("bots", "players"), [(4, 4), (5, 3), (6, 4), (2, 4), (3, 5), (3, 2), (2, 2)]
)
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    names = [f"b{i}" for i in range(bots)]
    plan = line_ups(names, players, games=100, seed=1)
    assert len(plan) == line_up_count(bots, players)
    assert all(lu.games % players == 0 for lu in plan)
    assert sum(lu.games for lu in plan) >= 100
    assert len({lu.seed for lu in plan}) == len(plan)
    seats = seat_games(names, plan)
    assert len({n for per_seat in seats.values() for n in per_seat}) == 1, seats
    if bots >= players:
        assert line_up_bots(names, players) == list(itertools.combinations(names, players))
    else:  # with repetition, never one bot alone, every bot as often as any other
        teams = line_up_bots(names, players)
        assert all(len(set(t)) > 1 for t in teams)
        assert len({sum(t.count(b) for t in teams) for b in names}) == 1


def direct_count(data: dict[str, Any]) -> tuple[Counter[str], Counter[tuple[str, int]]]:
    """Every game of the arena's line-ups played again, one by one, from the seeds in its JSON:
    the games each bot lost, and how often each bot sat in each seat. Each line-up's own count
    (the games lost at each of its places) is checked on the way."""
    from schocken import fast

    rules = find_preset(data["preset"])
    lost: Counter[str] = Counter()
    sat: Counter[tuple[str, int]] = Counter()
    for lu in data["line_ups"]:
        bots, n = lu["bots"], len(lu["bots"])
        game_seeds = random.Random(lu["seed"])
        per_game = [game_seeds.getrandbits(63) for _ in range(lu["games"])]
        at_place = [0] * n
        for g in range(lu["games"]):
            seat_bot = [bots[(s - g) % n] for s in range(n)]
            if lu["engine"] == "fast":
                record = fast.play_record(rules, bots, lu["seed"], g, rotate=True)
                assert record.meta is not None and record.meta["bots"] == seat_bot
                assert record.outcome is not None
                loser = record.outcome["loser"]
            else:
                strategies = [make_bot(b, per_game[g] + s + 1) for s, b in enumerate(seat_bot)]
                game = play_game(Game(rules, seat_names(n), RandomDice(per_game[g])), strategies)
                loser = game.loser
            assert isinstance(loser, int)
            lost[seat_bot[loser]] += 1
            at_place[(loser - g) % n] += 1
            for s, b in enumerate(seat_bot):
                sat[b, s] += 1
        assert lu["lost"] == at_place, lu
    return lost, sat


@pytest.mark.parametrize(
    ("bots", "players", "engine_name"),
    [("random,regular,card", "2", "auto"), ("random,regular", "3", "reference")],
)
def test_the_figures_are_a_direct_count_of_the_same_seeded_games(
    capsys: pytest.CaptureFixture[str], bots: str, players: str, engine_name: str
) -> None:
    code, out, _ = run(
        capsys, "--bots", bots, "--players", players, "--games", "30", "--seed", "7",
        "--engine", engine_name, "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    names, p = bots.split(","), int(players)
    if engine_name == "auto":  # the batch simulator where it plays every bot, else the reference
        engines = {tuple(lu["bots"]): lu["engine"] for lu in data["line_ups"]}
        assert engines == {
            ("random", "regular"): "fast",
            ("random", "card"): "reference",
            ("regular", "card"): "reference",
        }
    lost, sat = direct_count(data)
    assert sum(lost.values()) == data["games"] >= 30
    assert len(set(sat.values())) == 1 and len(sat) == len(names) * p  # every bot, every seat
    by_bot = {s["bot"]: s for s in data["standings"]}
    for bot in names:
        s = by_bot[bot]
        played = sum(sat[bot, seat] for seat in range(p))
        assert (s["lost"], s["played"]) == (lost[bot], played)
        assert s["share"] == lost[bot] / played
        assert s["ci95"] == list(wilson(lost[bot], played))
        assert s["seat_games"] == [sat[bot, seat] for seat in range(p)]
    shares = [s["share"] for s in data["standings"]]
    assert (
        shares == sorted(shares)
        and [s["rank"] for s in data["standings"]] == [1, 2, 3][: len(names)]
    )
    # head-to-head: the line-ups where both sat, counted again from the line-ups' own counts
    for h in data["head_to_head"]:
        both = [lu for lu in data["line_ups"] if {h["bot"], h["other"]} <= set(lu["bots"])]
        assert h["games"] == sum(lu["games"] for lu in both)
        assert (h["lost"], h["other_lost"]) == (lost_in(both, h["bot"]), lost_in(both, h["other"]))
    assert len(data["head_to_head"]) == len(names) * (len(names) - 1)
    # the line-ups' own counts add up to the direct count
    assert {b: lost_in(data["line_ups"], b) for b in names} == dict(lost)


def lost_in(teams: list[dict[str, Any]], bot: str) -> int:
    """The games ``bot`` lost in these line-ups, by their own counts."""
    return sum(n for lu in teams for b, n in zip(lu["bots"], lu["lost"], strict=True) if b == bot)


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "--bots", "random,regular", "--players", "2", "--games", "4", "--json",
        "--engine", "reference",
    )  # fmt: skip
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {
        "preset", "players", "bots", "seed", "games", "even", "line_ups", "standings",
        "head_to_head",
    }  # fmt: skip
    assert (data["preset"], data["players"], data["even"], data["games"]) == ("tsv99", 2, 0.5, 4)
    assert set(data["line_ups"][0]) == {"bots", "games", "seed", "engine", "lost"}
    assert set(data["standings"][0]) == {
        "rank", "bot", "lost", "played", "share", "ci95", "seat_games",
    }  # fmt: skip
    assert set(data["head_to_head"][0]) == {
        "bot", "other", "games", "lost", "played", "share", "other_lost", "other_played",
        "other_share",
    }  # fmt: skip


def test_the_table_in_both_languages_the_progress_bar_and_the_plot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plot = tmp_path / "arena.png"
    args = ("--bots", "random,regular,card", "--games", "12", "--engine", "reference")
    code, out, err = run(capsys, *args, "--lang", "en", "--plot", str(plot), "--progress")
    assert code == 0
    assert "Arena, tsv99, 4 seats: 48 games in 12 line-ups" in out
    assert "Rank  Bot" in out and "Against the even share 25.0%" in out
    assert "Head-to-head" in out and "the reference engine" in out
    assert "/48 games" in err and f"Plot written to {plot}." in err
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, out, err = run(capsys, *args, "--lang", "de")
    assert code == 0 and err == ""  # no bar unless asked (not a terminal)
    assert "Rang  Bot" in out and "Direktvergleich" in out and "25,0%" in out
    code, out, _ = run(
        capsys, "--bots", "random,regular", "--players", "2", "--games", "2", "--lang", "en"
    )
    assert code == 0 and "seats: 2 games in one line-up" in out.splitlines()[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--bots", "random,robot"), f"unknown bot 'robot'; known bots: {KNOWN}"),
        (("--bots", "random"), "an arena needs at least two bots, not 1"),
        (("--bots", "regular,regular"), "regular is named twice in --bots"),
        (("--bots", "random,regular", "--games", "0"), "--games must be at least 1, not 0"),
        (
            ("--bots", "regular,card,card:allgemein", "--engine", "fast"),
            "the batch simulator does not play card, card:allgemein: --engine auto plays those "
            "line-ups on the reference engine",
        ),
    ],
)  # fmt: skip
def test_bad_input_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: str
) -> None:
    code, out, err = run(capsys, *args, "--lang", "en")
    assert code == 2 and out == ""
    assert err == f"schocken arena: {words}\n"
    code, _, err = run(capsys, *args, "--lang", "de")
    assert code == 2 and "schocken arena: " in err and words not in err


def test_too_many_line_ups_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    bots = "random,regular,half,solver,card"  # 20 seats from 5: 10,626 ways, 5 one bot alone
    code, out, err = run(capsys, "--bots", bots, "--players", "20", "--lang", "en")
    assert code == 2 and out == ""
    assert err == (
        "schocken arena: 10621 line-ups are too many (at most 1000): name fewer bots or seats\n"
    )
