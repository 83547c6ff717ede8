"""``schocken watch`` (bots play one game, shown round by round) and ``schocken simulate``
(many bot games, who loses how often).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from schocken.bots import BOTS, make_bot
from schocken.cli.args import Commands, add_rules, bots_for, players_arg, seconds_arg
from schocken.cli_words import Words, language
from schocken.dice import RandomDice
from schocken.events import RoundEnded, SectionStarted
from schocken.files import check_writable, os_error_text, write_text_whole
from schocken.game import Game
from schocken.play import NOTHING_ASKED, apply_decision, next_decision
from schocken.record import record_of
from schocken.rules import Rules
from schocken.simulate import ENGINES, ProgressBar, choose_engine, seat_names, simulate
from schocken.texts import LANGUAGES, default_language, explain_lines, refusal_text, t


def cmd_watch(args: argparse.Namespace) -> int:
    rules: Rules = args.rules
    n: int = args.players
    lang: str = args.lang or default_language()
    bots = bots_for(args.bots, n, args.lang)
    if args.save:
        try:
            check_writable(args.save)
        except OSError as exc:
            why = os_error_text(exc, lang)
            print(
                f"schocken watch: {t('cli_cannot_save', lang, path=args.save, why=why)}",
                file=sys.stderr,
            )
            return 2
    names = seat_names(n)
    seed = args.seed if args.seed is not None else int(time.time())
    game = Game(rules, names, RandomDice(seed))
    strategies = [make_bot(b, seed + i + 1) for i, b in enumerate(bots)]
    shown = 0
    seats = ", ".join(f"{m} ({b})" for m, b in zip(names, bots, strict=True))
    print(t("cli_watch_title", lang, preset=rules.preset, seats=seats, seed=seed))
    by_seat = dict(enumerate(strategies))
    asked = NOTHING_ASKED
    while (decision := next_decision(game, by_seat, asked)) is not None:
        apply_decision(game, decision, decision.decide(by_seat[decision.seat]))
        asked = decision.asked
        new = game.events[shown:]
        if any(isinstance(e, (RoundEnded, SectionStarted)) for e in new) or game.is_over:
            for line in explain_lines(new, rules, names, lang):  # under each round its sentences
                print(("" if line.key == "round_results" else "  ") + line.text)
            if any(isinstance(e, RoundEnded) for e in new) and not game.is_over:
                held = ", ".join(f"{names[s]} {d}" for s, d in enumerate(game.deckel) if d)
                print("  " + t("cli_middle_held", lang, middle=game.middle, held=held or "-"))
            shown = len(game.events)
            if args.delay:
                time.sleep(args.delay)
    if args.save:
        try:
            write_text_whole(args.save, record_of(game).to_json())
        except OSError as exc:
            why = os_error_text(exc, lang)
            print(
                f"schocken watch: {t('cli_cannot_save', lang, path=args.save, why=why)}",
                file=sys.stderr,
            )
            return 2
        print(t("cli_record_saved", lang, path=args.save))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    bots = bots_for(args.bots, args.players)
    started = time.perf_counter()
    bar = ProgressBar(args.games, at_once=args.progress)
    show = args.progress or (sys.stderr.isatty() and not args.json)
    try:
        engine = choose_engine(args.engine, bots)
        report = simulate(
            args.rules,
            bots,
            args.games,
            args.seed,
            rotate=args.rotate,
            procs=args.procs,
            engine=engine,
            progress=bar if show else None,
        )
    except ValueError as exc:
        print(f"schocken simulate: {refusal_text(exc, language())}", file=sys.stderr)
        return 2
    finally:
        bar.close()
    elapsed = time.perf_counter() - started
    if args.json:
        print(
            json.dumps(
                {
                    "preset": args.rules.preset,
                    "games": report.games,
                    "mean_rounds": report.mean_rounds,
                    "rotate": report.rotate,
                    "seats": [
                        {
                            "seat": s.seat,
                            "bot": s.bot,
                            "lost_games": report.loss_share(s.seat),
                            "lost_games_ci95": list(report.loss_ci95(s.seat)),
                            "lost_halves": report.half_share(s.seat),
                        }
                        for s in report.seats
                    ],
                },
                indent=2,
            )
        )
    else:
        lang = args.lang or default_language()
        print(report.format(lang))
        print(t("sim_took", lang, turns=report.turns, seconds=f"{elapsed:.1f}", engine=engine))
    return 0


def add_parser(sub: Commands) -> None:
    """The parsers of ``watch``, ``simulate``."""
    p = sub.add_parser("watch", help=Words("cli_help_watch"))
    add_rules(p)
    p.add_argument("--players", type=players_arg, default=4)
    p.add_argument("--bots", help=Words("cli_help_bots_per_seat", bots=", ".join(BOTS)))
    p.add_argument("--seed", type=int)
    p.add_argument("--lang", choices=LANGUAGES)
    p.add_argument("--delay", type=seconds_arg, default=0.0, help=Words("cli_watch_delay"))
    p.add_argument("--save", metavar="FILE", help=Words("cli_watch_save"))
    p.set_defaults(func=cmd_watch)

    p = sub.add_parser("simulate", help=Words("cli_help_simulate"))
    add_rules(p)
    p.add_argument("--players", type=players_arg, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", help=Words("cli_help_bots_per_seat", bots=", ".join(BOTS)))
    p.add_argument(
        "--rotate",
        action="store_true",
        help=Words("cli_simulate_rotate"),
    )
    p.add_argument("--procs", type=int, default=1, help=Words("cli_simulate_procs"))
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help=Words("cli_simulate_engine"),
    )
    p.add_argument("--progress", action="store_true", help=Words("cli_simulate_progress"))
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))
    p.set_defaults(func=cmd_simulate)
