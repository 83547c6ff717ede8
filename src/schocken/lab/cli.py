"""``schocken lab``: the rules lab on the command line.

``schocken lab tsv99``, ``schocken lab house.toml --against allgemein``,
``schocken lab ours --club "Stammtisch" --against tsv99 --plot lab.png``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from schocken import helper
from schocken.cli_words import Words
from schocken.errors import RefusalError, SchockenError, os_error_said
from schocken.lab.beside import Beside, fork_safe, load_before_fork
from schocken.lab.run import (
    FIGURES,
    GAMES,
    PLAYERS,
    SKILL_GAMES,
    SKILL_SECONDS,
    STRONG_BOT,
    Difference,
    Estimate,
    Figures,
    club_minutes_per_game,
    compare,
    fast_available,
    finales_first,
    keep_stores,
    measure,
    noted,
    refine,
    save_stores,
    skill_short,
    start_models,
)
from schocken.rules import Rules, resolve_rules, rules_from_data
from schocken.simulate import ProgressBar
from schocken.texts import LANGUAGES, default_language, refusal_text, refused, t

_IMPORTED = time.perf_counter()

REFINE_FIRST_SECONDS = 0.25
"""With ``--refine`` (and no ``--skill-seconds``): the time the skill games of the first figures
may take. All the skill games follow at once, and fewer first ones bring the last figures sooner
(the rest played in one batch fills the strong bot's memo with fewer, larger fillings: measured
2026-12-06, ``--refine`` to all 20,000 skill games 0.15 to 0.25 s sooner than after a first
second, on each preset)."""

FIGURES_BY = 1.75
"""Without ``--skill-seconds``: the seconds after the program's start (:func:`process_age`) by
which the first figures are due, whatever the skill games' time (issue 31: within 2 s; the
first skill chunk always). A slow start (a busy machine, Python's bytecode not written yet)
leaves the skill games less of it, not the user a longer wait."""

SHARES = frozenset({"finale", "schock_aus", "opener_lost", "skill"})
"""The figures that are shares (shown in per cent)."""


def process_age() -> float:
    """Seconds since this process started, as the system counts them (Linux: its start in
    ``/proc/self/stat``, Python's own start and any wrapper script's included), else since this
    module was imported."""
    try:
        fields = Path("/proc/self/stat").read_text().rpartition(")")[2].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22, "starttime"
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError, AttributeError):  # not Linux
        return time.perf_counter() - _IMPORTED


def rules_name(rules: Rules, lang: str | None = None) -> str:
    """A rule set's name for a heading: its preset (as the command line names it, or with
    ``lang`` as the builder's page does: "TSV 99"), with "+ N" options where it differs."""
    name = rules.preset
    if lang is not None:  # (the command line has no need of the builder's words)
        from schocken.rule_options import preset_name

        name = preset_name(name, lang)
    changes = changed(rules)
    return name + (f" + {changes}" if changes else "")


def changes_line(rules: Rules, lang: str, name: str | None = None) -> str | None:
    """What ``rules`` change in their preset, in words, after their ``name`` (default:
    :func:`rules_name`): "allgemein + 1: Allgemeine Regeln, aber: Jule (4-2-1) zählt." (None
    for a preset as it is)."""
    if not changed(rules):
        return None
    from schocken.rule_options import summary

    return f"{name or rules_name(rules)}: {summary(rules, lang)}"


def changes_lines(figures: list[Figures], lang: str) -> list[str]:
    """:func:`changes_line` of each of ``figures``' rule sets that changes its preset."""
    return [line for f in figures if (line := changes_line(f.rules, lang)) is not None]


def changed(rules: Rules) -> int:
    """How many options ``rules`` change in their preset (those the engine reads under them, as
    the builder shows them and :func:`~schocken.rule_options.differences` says them)."""
    from schocken.rule_groups import is_read
    from schocken.rules import rules_to_data

    overrides = rules_to_data(rules)["overrides"]
    assert isinstance(overrides, dict)
    return sum(is_read(rules, name) for name in overrides)


def read_rules(spec: str, ours: Rules | None = None) -> Rules:
    """A preset's name, a house-rules TOML file, a JSON file as the builder writes it
    (``{"preset": ..., "overrides": {...}}``), or "ours" (the club's own rules)."""
    if spec == "ours":
        if ours is None:
            raise refused(RefusalError, "lab_refuse_ours")
        return ours
    if spec.endswith(".json"):
        try:
            data = json.loads(Path(spec).read_text(encoding="utf-8"))
        except OSError as exc:
            why = os_error_said(exc)
            raise refused(RefusalError, "lab_refuse_read", spec=spec, why=why) from None
        except ValueError as exc:
            raise refused(RefusalError, "lab_refuse_read", spec=spec, why=exc) from None
        return rules_from_data(data, spec)
    return resolve_rules(spec)


def number(text: str, lang: str) -> str:
    """Digits as ``lang`` writes them, by its catalogue's separators: "20,000" and "7.5" in
    English, "20.000" and "7,5" in German.

    >>> number("20,000 games, 7.5%", "de")
    '20.000 games, 7,5%'
    """
    group, decimal = t("number_group", lang), t("number_decimal", lang)
    separators: dict[str, str | int | None] = {",": group, ".": decimal}
    table = str.maketrans(separators)  # the catalogue's (docs/translating.md), in numbers only
    return re.sub(r"\d(?:[\d,.]*\d)?", lambda m: m.group().translate(table), text)


def value_parts(name: str, e: Estimate | None, lang: str) -> tuple[str, str]:
    """A figure and its interval: ("41.2", "[40.9; 41.5]") or ("12.3%", "[11.9%; 12.8%]");
    where there is no figure, the words saying why and no interval."""
    if e is None:
        return t("lab_no_finale", lang), ""
    form = ".1%" if name in SHARES else ".1f"
    value = number(format(e.value, form), lang)
    return value, number(f"[{e.low:{form}}; {e.high:{form}}]", lang)


def value_text(name: str, e: Estimate | None, lang: str) -> str:
    """A figure with its interval: "41.2 [40.9; 41.5]" or "12.3% [11.9%; 12.8%]"."""
    return " ".join(part for part in value_parts(name, e, lang) if part)


def figure_label(name: str, lang: str) -> str:
    return t(f"lab_{name}", lang, even=f"{1 / PLAYERS:.0%}")


def notes(f: Figures, lang: str, *, asked_skill: int = SKILL_GAMES) -> list[str]:
    """What the figures rest on: the games, the engine, the pace, the skill games."""
    engine = t(f"lab_engine_{f.engine}", lang)
    lines = [t("lab_games", lang, games=number(f"{f.games:,}", lang), engine=engine)]
    if f.engine == "reference" and not fast_available():
        lines.append(t("lab_no_fast", lang))
    lines.append(
        t(
            "lab_skill_games",
            lang,
            games=number(f"{f.skill.games:,}", lang),
            bot=STRONG_BOT,
            engine=t(f"lab_engine_{f.skill_engine}", lang),
        )
    )
    if f.skill.games < asked_skill:
        n, asked = (number(f"{x:,}", lang) for x in (f.skill.games, asked_skill))
        lines.append(t("lab_skill_short", lang, games=n, asked=asked))
    if f.noted is not None:
        lines.append(t("lab_noted", lang, when=when_text(f.noted, lang)))
    return lines


def when_text(iso: str, lang: str) -> str:
    """A time noted in ISO 8601 as a reader of ``lang`` writes it, in this machine's time zone
    (in Berlin: "8.12.2026, 02:58 CET", "2026-12-08 02:58 CET")."""
    at = datetime.fromisoformat(iso).astimezone()
    zone = at.tzname() or ""
    if lang == "de":
        return f"{at.day}.{at.month}.{at.year}, {at:%H:%M} {zone}".rstrip()
    return f"{at:%Y-%m-%d %H:%M} {zone}".rstrip()


def table(a: Figures, b: Figures | None, lang: str) -> list[list[str]]:
    """The rows of the figures' table (a header row first)."""
    head = [t("lab_figure", lang), rules_name(a.rules)]
    diffs: dict[str, Difference] = {}
    if b is not None:
        head += [rules_name(b.rules), t("lab_difference", lang), t("lab_verdict", lang)]
        diffs = {d.name: d for d in compare(a, b)}
    rows = [head]
    for name in FIGURES:
        row = [figure_label(name, lang), value_text(name, a.get(name), lang)]
        if b is not None:
            row.append(value_text(name, b.get(name), lang))
            d = diffs.get(name)
            if d is None:
                row += ["", ""]
            else:
                diff = f"{d.difference:+.1%}" if name in SHARES else f"{d.difference:+.1f}"
                diff = number(diff, lang)
                row += [diff, t("lab_beyond" if d.beyond_chance else "lab_within", lang)]
        rows.append(row)
    return rows


def format_table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    )


def figures_data(f: Figures) -> dict[str, Any]:
    """The figures as JSON data (the API's and ``--json``'s)."""
    out: dict[str, Any] = {
        "preset": f.rules.preset,
        "engine": f.engine,
        "games": f.games,
        "skill_engine": f.skill_engine,
        "seconds_per_turn": f.seconds_per_turn,
        "pace_from_club": f.pace_from_club,
        "even": 1 / PLAYERS,
        "noted": f.noted,
    }
    for name in FIGURES:
        e = f.get(name)
        out[name] = (
            None
            if e is None
            else {"value": e.value, "low": e.low, "high": e.high, "games": e.games}
        )
    return out


def plot(figures: list[Figures], path: str, lang: str) -> None:
    """Rounds per game of each rule set as step histograms, and the skill share with its
    interval against the even share: a PNG (or any format matplotlib writes) at ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), width_ratios=(3, 1))
    for f in figures:
        top = max(f.rounds_per_game)
        bins = range(1, top + 2)
        weights = [1 / len(f.rounds_per_game)] * len(f.rounds_per_game)
        left.hist(
            f.rounds_per_game,
            bins=bins,
            weights=weights,
            histtype="step",
            linewidth=1.5,
            label=rules_name(f.rules),
        )
    left.set_title(t("lab_plot_title", lang))
    left.set_xlabel(t("lab_plot_x", lang))
    left.set_ylabel(t("lab_plot_y", lang))
    left.legend()
    names = [rules_name(f.rules) for f in figures]
    values = [f.skill.value for f in figures]
    errors = [
        [f.skill.value - f.skill.low for f in figures],
        [f.skill.high - f.skill.value for f in figures],
    ]
    right.errorbar(names, values, yerr=errors, fmt="o", capsize=4)
    right.axhline(1 / PLAYERS, linestyle="--", color="grey")
    right.set_title(figure_label("skill", lang), fontsize=9, wrap=True)
    right.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    # under the plots, what a name's "+ N" stands for (a picture passed on says it itself)
    said = changes_lines(figures, lang)
    if said:
        fig.text(0.01, 0.01, "\n".join(said), fontsize=9, va="bottom", wrap=True)
    fig.tight_layout(rect=(0, 0.045 * len(said), 1, 1))
    fig.savefig(path)
    plt.close(fig)


def _club_rules_and_pace(args: argparse.Namespace) -> tuple[Rules | None, float | None, str]:
    """The club's own rules and its minutes per game from its book (where ``--club`` names one),
    and the note saying so."""
    if args.club is None:
        return None, None, ""
    from schocken.club import ClubBook

    book = ClubBook(args.db)
    try:
        info = book.our_rules(args.club)
        ours = rules_from_data(info) if info is not None else None
        pace = club_minutes_per_game(book.log(args.club))
    finally:
        book.close()
    if pace is None:
        return ours, None, ""
    return ours, pace[0], str(pace[1])


def _show(results: list[Figures], args: argparse.Namespace, lang: str, pace_note: str) -> None:
    """The figures printed: a table with notes, or JSON (``--json``)."""
    a, b = results[0], (results[1] if len(results) > 1 else None)
    if args.json:
        data: dict[str, Any] = {"rules": figures_data(a)}
        if b is not None:
            data["against"] = figures_data(b)
            data["differences"] = [
                {
                    "figure": d.name,
                    "difference": d.difference,
                    "z": d.z,
                    "p_holm": d.p,
                    "beyond_chance": d.beyond_chance,
                }
                for d in compare(a, b)
            ]
        print(json.dumps(data, indent=2))
    else:
        title = rules_name(a.rules) + (f" / {rules_name(b.rules)}" if b is not None else "")
        print(t("lab_title", lang, rules=title))
        for line in changes_lines(results, lang):  # what a name's "+ N" stands for
            print(line)
        print(format_table(table(a, b, lang)))
        for f in results:
            for line in notes(f, lang, asked_skill=args.skill_games):
                print(f"{rules_name(f.rules)}: {line}" if b is not None else line)
        print(pace_note or t("lab_pace_default", lang, seconds=f"{a.seconds_per_turn:.0f}"))
        if b is not None:
            print(t("lab_test", lang, count=len(compare(a, b))))


def cmd_lab(args: argparse.Namespace) -> int:
    lang = args.lang or default_language()
    args.skill_until = None  # the skill games' end: the first figures due (FIGURES_BY)
    if args.skill_seconds is None:
        args.skill_seconds = REFINE_FIRST_SECONDS if args.refine else SKILL_SECONDS
        args.skill_until = time.perf_counter() - process_age() + FIGURES_BY
    try:
        ours, club_minutes, gaps = _club_rules_and_pace(args)
        specs = [args.rules] + ([args.against] if args.against else [])
        rule_sets = [read_rules(s, ours) for s in specs]
    except (SchockenError, ValueError) as exc:
        print(f"schocken lab: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    games = args.games
    show = args.progress or (sys.stderr.isatty() and not args.json and (games or 0) > GAMES)
    # the skill games likewise where they may take longer than they do by default
    show_skill = args.progress or (
        sys.stderr.isatty() and not args.json and args.skill_seconds > SKILL_SECONDS
    )
    # The helper forked from this process (a new Python's start would cost more than it saves),
    # before the batch simulator's threads start (Beside's check) and before numba is loaded:
    # it solves the Finale at once (finales_first) while this process loads numba. Two rule sets
    # on the batch simulator, no bars to show: the second in a process of its own, forked once
    # numba's code, the tables and its Finale's solutions are here (made once, not in each).
    # A rule set the lab's notebook holds whole needs no game, no helper, no process of its own:
    # the other (where new) is measured here alone.
    new = _to_measure(rule_sets, args)
    pair = len(new) == 2 and args.engine != "reference" and fast_available()
    pair = pair and not (show or show_skill)
    fork = bool(new) and args.engine != "reference" and fast_available() and fork_safe()
    with helper.forked() if fork else helper.disabled():
        if fork:
            # side by side the second's first: its child begins with them
            finales_first(new[::-1] if pair else new)
        beside = None
        if pair:  # side by side, on a core each: each rule set its skill games' time
            if fork:
                keep_stores()  # the round's ends the notebook holds loaded before the fork
                load_before_fork(rule_sets)
            beside = Beside(
                rule_sets[1],
                games=games,
                seed=args.seed,
                engine=args.engine,
                skill_games=args.skill_games,
                skill_seconds=args.skill_seconds,
                skill_until=args.skill_until,
                fresh=args.fresh,
                refine_to=args.skill_games if args.refine else None,
            )
            if not beside.forked:  # no child: both here, one after the other, the time shared
                beside = None
        try:
            bars = (show, show_skill)
            club = (ours, club_minutes, gaps)
            shown = _measure_and_show(args, lang, rule_sets, club, bars, beside)
            save_stores()  # the figures out: the round's ends solved kept for the next time
            return shown
        finally:
            if beside is not None:
                beside.close()


def _to_measure(rule_sets: list[Rules], args: argparse.Namespace) -> list[Rules]:
    """Those of ``rule_sets`` whose figures are not all in the lab's notebook (all of them with
    ``--fresh``): the ones with games to play."""
    if args.fresh:
        return list(rule_sets)
    options = {"engine": args.engine, "games": args.games, "skill_games": args.skill_games}
    return [r for r in rule_sets if not noted(r, seed=args.seed, **options)]


def _measure_and_show(
    args: argparse.Namespace,
    lang: str,
    rule_sets: list[Rules],
    club: tuple[Rules | None, float | None, str],
    bars: tuple[bool, bool],
    beside: Beside | None,
) -> int:
    """The figures of ``rule_sets`` measured (the second by ``beside``, where given) and shown;
    ``club`` is the club's rules, minutes per game and gaps counted (:func:`_club_rules_and_pace`),
    ``bars`` whether to show the evening's and the skill games' progress."""
    ours, club_minutes, gaps = club
    show, show_skill = bars
    games = args.games
    results: list[Figures] = []
    pace_note = ""
    seconds = None
    if club_minutes is not None:
        # The club's pace: its minutes per game over the turns of a game of its own rules.
        try:
            base = measure(ours or rule_sets[0], games=games, skill_games=1, skill_seconds=0,
                           engine=args.engine, seed=args.seed, fresh=args.fresh)  # fmt: skip
        except ValueError as exc:
            print(f"schocken lab: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
        seconds = club_minutes * 60 / base.turns.value
        pace_note = t("lab_pace_club", lang, minutes=f"{club_minutes:.0f}", gaps=gaps,
                      seconds=f"{seconds:.0f}")  # fmt: skip
    here = rule_sets[:1] if beside is not None else rule_sets
    if beside is not None:
        beside.go(seconds)
    fresh = args.fresh
    start_models(_to_measure(here, args))
    for rules in here:
        bar = ProgressBar(games or GAMES, at_once=args.progress)
        skill_bar = ProgressBar(args.skill_games, at_once=args.progress)

        def skill_done(
            done: int, bar: ProgressBar = bar, skill_bar: ProgressBar = skill_bar
        ) -> None:
            bar.close()  # the evening's bar gives its line to the skill games'
            skill_bar(done)

        try:
            results.append(
                measure(
                    rules,
                    games=games,
                    seed=args.seed,
                    engine=args.engine,
                    skill_games=args.skill_games,
                    skill_seconds=args.skill_seconds / len(here),
                    skill_until=args.skill_until,
                    seconds_per_turn=seconds,
                    progress=bar if show else None,
                    skill_progress=skill_done if show_skill else None,
                    fresh=fresh,
                )
            )
        except ValueError as exc:
            print(f"schocken lab: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
        finally:
            bar.close()
            skill_bar.close()
    if beside is not None:
        try:
            results.append(beside.result())
        except ValueError as exc:
            print(f"schocken lab: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
    # The rule sets whose skill figure the batch simulator could give from more games.
    short_ones = [i for i, f in enumerate(results) if skill_short(f, args.skill_games)]
    if args.refine and short_ones and not args.json:
        _show(results, args, lang, pace_note)
        left = sum(args.skill_games - results[i].skill.games for i in short_ones)
        print("\n" + t("lab_refining", lang, games=number(f"{left:,}", lang)))
    if args.refine:  # all the skill games, a bar for each rule set
        show_refine = args.progress or (sys.stderr.isatty() and not args.json)
        for i in short_ones:
            refine_bar = ProgressBar(args.skill_games, at_once=args.progress)
            try:
                tell = refine_bar if show_refine else None
                if i == 1 and beside is not None and beside.from_child:
                    # refined by the child meanwhile, where its memo is
                    results[i] = beside.refined(results[i])
                    if tell is not None:
                        tell(results[i].skill.games)
                else:
                    results[i] = refine(results[i], args.skill_games, math.inf, tell, fresh=fresh)
            finally:
                refine_bar.close()
    _show(results, args, lang, pace_note)
    if short_ones and not args.refine and not args.json:
        asked = number(f"{args.skill_games:,}", lang)
        print(t("lab_refine_hint", lang, asked=asked))
    if args.plot:
        try:
            plot(results, args.plot, lang)
        except ImportError:
            print(f"schocken lab: {t('lab_refuse_plot', lang)}", file=sys.stderr)
            return 2
        print(t("lab_plot_written", lang, file=args.plot), file=sys.stderr)
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``schocken lab``."""
    from schocken.club import DEFAULT_DB

    p = sub.add_parser(
        "lab",
        help=Words("cli_help_lab"),
    )
    p.add_argument(
        "rules",
        help=Words("cli_lab_rules"),
    )
    p.add_argument("--against", help=Words("cli_lab_against"))
    p.add_argument(
        "--games",
        type=int,
        help=Words("cli_lab_games", games=f"{GAMES:,}"),
    )
    p.add_argument(
        "--skill-games",
        type=int,
        default=SKILL_GAMES,
        help=Words("cli_lab_skill_games", games=f"{SKILL_GAMES:,}"),
    )
    p.add_argument(
        "--skill-seconds",
        type=float,
        help=Words(
            "cli_lab_skill_seconds",
            seconds=SKILL_SECONDS,
            refine_seconds=REFINE_FIRST_SECONDS,
            by=FIGURES_BY,
        ),
    )
    p.add_argument("--refine", action="store_true", help=Words("cli_lab_refine"))
    p.add_argument("--fresh", action="store_true", help=Words("cli_lab_fresh"))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--engine", choices=("auto", "fast", "reference"), default="auto")
    p.add_argument("--club", help=Words("cli_lab_club"))
    p.add_argument("--db", default=str(DEFAULT_DB), help=Words("cli_lab_db"))
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))
    p.add_argument("--json", action="store_true", help=Words("cli_help_json_figures"))
    p.add_argument("--plot", metavar="FILE", help=Words("cli_lab_plot"))
    p.add_argument("--progress", action="store_true", help=Words("cli_help_progress"))
    p.set_defaults(func=cmd_lab)
