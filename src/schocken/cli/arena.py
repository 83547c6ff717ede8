"""``schocken arena``: rank bots over rotated line-ups by their share of games lost.

``schocken arena --bots random,regular,half,solver``,
``schocken arena --bots regular,half --players 4 --rules allgemein --plot arena.png``.
How the line-ups are formed: :mod:`schocken.arena`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from schocken.arena import (
    MAX_LINE_UPS,
    HeadToHead,
    Played,
    Standing,
    head_to_head,
    line_up_count,
    line_ups,
    play,
    seat_games,
    standings,
)
from schocken.bots import BOTS, bot_names, make_bot
from schocken.bots.plugins import BotPluginError
from schocken.cli.args import Commands, add_rules, players_arg
from schocken.cli_words import Words
from schocken.lab.cli import number, rules_name
from schocken.simulate import ENGINES, ProgressBar, choose_engine
from schocken.texts import LANGUAGES, counted, default_language, refusal_text, t

GAMES = 2000
"""Games an arena plays unless told (shared out over the line-ups)."""


def _percent(x: float, lang: str) -> str:
    return number(f"{x:.1%}", lang)


def _verdict(s: Standing, even: float, lang: str) -> str:
    low, high = s.interval
    if high < even:
        return t("arena_below", lang)
    if low > even:
        return t("arena_above", lang)
    return t("arena_within", lang)


def _bots(spec: str, lang: str) -> list[str]:
    """The bots named, or a ValueError saying in words what is wrong with them."""
    names = [b.strip() for b in spec.split(",") if b.strip()]
    for name in names:
        try:
            make_bot(name)
        except BotPluginError as exc:  # installed, but it cannot play: why, in words
            raise ValueError(refusal_text(exc, lang)) from None
        except ValueError:
            known = ", ".join(bot_names())
            raise ValueError(t("arena_refuse_bot", lang, bot=name, known=known)) from None
    for name in names:
        if names.count(name) > 1:
            raise ValueError(t("arena_refuse_twice", lang, bot=name))
    if len(names) < 2:
        raise ValueError(t("arena_refuse_two", lang, count=len(names)))
    return names


def format_table(rows: list[list[str]], text_columns: int = 1) -> str:
    """Rows as aligned columns: the first ``text_columns`` to the left, the figures right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i < text_columns else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    )


def ranking_rows(table: list[Standing], players: int, lang: str) -> list[list[str]]:
    even = 1 / players
    rows = [
        [
            t("arena_rank", lang),
            t("arena_bot", lang),
            t("arena_lost", lang),
            t("lab_interval", lang),
            t("arena_even", lang, even=_percent(even, lang)),
        ]
    ]
    for i, s in enumerate(table, 1):
        low, high = s.interval
        rows.append(
            [
                str(i),
                s.bot,
                _percent(s.share, lang),
                f"[{_percent(low, lang)}; {_percent(high, lang)}]",
                _verdict(s, even, lang),
            ]
        )
    return rows


def pair_rows(order: list[str], pairs: list[HeadToHead]) -> list[list[str]]:
    """The head-to-head matrix: the row's bot's share of lost games where the column's sat."""
    by = {(h.bot, h.other): h for h in pairs}
    rows = [["", *order]]
    for a in order:
        row = [a]
        for b in order:
            row.append("-" if a == b else f"{by[a, b].share:.1%}")
        rows.append(row)
    return rows


def data(
    args: argparse.Namespace, bots: list[str], played: list[Played], table: list[Standing]
) -> dict[str, Any]:
    """The arena's figures as JSON data (``--json``)."""
    plan = [p.line_up for p in played]
    seats = seat_games(bots, plan)
    return {
        "preset": args.rules.preset,
        "players": args.players,
        "bots": bots,
        "seed": args.seed,
        "games": sum(lu.games for lu in plan),
        "even": 1 / args.players,
        "line_ups": [
            {
                "bots": list(p.line_up.bots),
                "games": p.line_up.games,
                "seed": p.line_up.seed,
                "engine": p.engine,
                "lost": list(p.lost),
            }
            for p in played
        ],
        "standings": [
            {
                "rank": i,
                "bot": s.bot,
                "lost": s.lost,
                "played": s.played,
                "share": s.share,
                "ci95": list(s.interval),
                "seat_games": seats[s.bot],
            }
            for i, s in enumerate(table, 1)
        ],
        "head_to_head": [
            {
                "bot": h.bot,
                "other": h.other,
                "games": h.games,
                "lost": h.lost,
                "played": h.played,
                "share": h.share,
                "other_lost": h.other_lost,
                "other_played": h.other_played,
                "other_share": h.other_share,
            }
            for h in head_to_head(bots, played)
        ],
    }


def plot(
    table: list[Standing], pairs: list[HeadToHead], players: int, path: str, lang: str
) -> None:
    """Each bot's share of lost games with its interval against the even share, and the
    head-to-head matrix: a PNG (or any format matplotlib writes) at ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    names = [s.bot for s in table]
    values = [s.share for s in table]
    errors = [[s.share - s.interval[0] for s in table], [s.interval[1] - s.share for s in table]]
    left.errorbar(values, names, xerr=errors, fmt="o", capsize=4)
    left.axvline(1 / players, linestyle="--", color="grey")
    left.invert_yaxis()
    left.set_title(t("arena_plot_title", lang))
    left.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    by = {(h.bot, h.other): h.share for h in pairs}
    grid = [[by.get((a, b), float("nan")) for b in names] for a in names]
    image = right.imshow(grid, cmap="RdYlGn_r", vmin=0, vmax=1)
    right.set_xticks(range(len(names)), names)
    right.set_yticks(range(len(names)), names)
    right.set_title(t("arena_plot_pairs", lang), fontsize=9, wrap=True)
    fig.colorbar(image, ax=right, format=matplotlib.ticker.PercentFormatter(1.0))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def cmd_arena(args: argparse.Namespace) -> int:
    lang = args.lang or default_language()
    players: int = args.players
    try:
        bots = _bots(args.bots, lang)
        if args.games < 1:
            raise ValueError(t("arena_refuse_games", lang, games=args.games))
        count = line_up_count(len(bots), players)
        if count > MAX_LINE_UPS:
            raise ValueError(t("arena_refuse_many", lang, count=count, most=MAX_LINE_UPS))
        plan = line_ups(bots, players, args.games, args.seed)
        if args.engine == "fast":  # refused before any game, not at the first line-up it cannot
            choose_engine("fast", bots)  # the fast extra installed
            from schocken.fast import FAST_BOTS

            others = [b for b in bots if b not in FAST_BOTS]
            if others:
                raise ValueError(t("arena_refuse_fast", lang, bots=", ".join(others)))
    except ValueError as exc:
        print(f"schocken arena: {exc}", file=sys.stderr)
        return 2
    total = sum(lu.games for lu in plan)
    bar = ProgressBar(total, at_once=args.progress)
    show = args.progress or (sys.stderr.isatty() and not args.json)
    try:
        played = play(args.rules, plan, engine=args.engine, progress=bar if show else None)
    except ValueError as exc:
        print(f"schocken arena: {exc}", file=sys.stderr)
        return 2
    finally:
        bar.close()
    table = standings(bots, played)
    pairs = head_to_head(bots, played)
    if args.json:
        print(json.dumps(data(args, bots, played, table), indent=2))
    else:
        each = plan[0].games
        print(
            counted(
                "arena_title",
                len(plan),
                lang,
                rules=rules_name(args.rules),
                players=players,
                games=number(f"{total:,}", lang),
            )
        )
        key = "arena_line_ups_all" if len(bots) >= players else "arena_line_ups_repeat"
        print(t(key, lang, players=players, bots=len(bots), each=number(f"{each:,}", lang)))
        print()
        print(format_table(ranking_rows(table, players, lang), text_columns=2))
        print()
        print(t("arena_pairs", lang))
        order = [s.bot for s in table]
        print(number(format_table(pair_rows(order, pairs)), lang))
        engines = sorted({p.engine for p in played})
        print()
        print(
            t(
                "arena_engines",
                lang,
                engines=", ".join(t(f"lab_engine_{e}", lang) for e in engines),
            )
        )
    if args.plot:
        try:
            plot(table, pairs, players, args.plot, lang)
        except ImportError:
            print(f"schocken arena: {t('arena_refuse_plot', lang)}", file=sys.stderr)
            return 2
        print(t("lab_plot_written", lang, file=args.plot), file=sys.stderr)
    return 0


def add_parser(sub: Commands) -> None:
    """``schocken arena``."""
    p = sub.add_parser("arena", help=Words("cli_help_arena"))
    p.add_argument(
        "--bots",
        required=True,
        help=Words("cli_arena_bots", bots=", ".join(BOTS)),
    )
    add_rules(p)
    p.add_argument("--players", type=players_arg, default=4, help=Words("cli_arena_players"))
    p.add_argument(
        "--games",
        type=int,
        default=GAMES,
        help=Words("cli_arena_games", games=f"{GAMES:,}"),
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help=Words("cli_arena_engine"),
    )
    p.add_argument("--plot", metavar="FILE", help=Words("cli_arena_plot"))
    p.add_argument("--json", action="store_true", help=Words("cli_help_json_figures"))
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))
    p.add_argument("--progress", action="store_true", help=Words("cli_help_progress"))
    p.set_defaults(func=cmd_arena)
