"""``schocken play``: a game in the terminal with friends and bots (the terminal extra)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from schocken.bots import BOTS
from schocken.cli.args import Commands, add_rules, bot_arg, count_arg, read_text, seconds_arg
from schocken.errors import RecordError
from schocken.files import check_writable, os_error_text
from schocken.players import check_players
from schocken.texts import LANGUAGES, default_language, t
from schocken.texts import refusal_text as said_error


def cmd_play(args: argparse.Namespace) -> int:
    try:
        from schocken.tui import make_app
    except ImportError:
        print(
            "schocken play needs the terminal extra: pip install 'schocken[tui]'", file=sys.stderr
        )
        return 2
    from schocken.session import Session, parse_seats

    lang: str = args.lang or default_language()
    save = Path(args.save) if args.save else None
    if args.resume:
        try:
            text = read_text(args.resume)
        except ValueError as exc:
            print(f"schocken play: {exc}", file=sys.stderr)
            return 2
        try:
            session = Session.resume(text, lang=args.lang, seed=args.seed)
        except RecordError as exc:
            print(f"schocken play: {args.resume}: {exc}", file=sys.stderr)
            return 2
        save = save or Path(args.resume)
    else:
        humans = [h for h in (args.players or "").split(",") if h.strip()]
        if not humans:
            humans = [t("default_player", lang)]
        seats = parse_seats(humans, args.bots, args.bot_level)
        try:
            check_players([seat.name for seat in seats])
        except ValueError as exc:
            print(f"schocken play: {exc}", file=sys.stderr)
            return 2
        try:
            session = Session.new(args.rules, seats, lang=lang, seed=args.seed)
        except ValueError as exc:  # a plug-in that cannot play, said in words
            print(f"schocken play: {said_error(exc, lang)}", file=sys.stderr)
            return 2
    target = save or Path("schocken-game.json")
    try:
        check_writable(target)
    except OSError as exc:
        print(f"schocken play: cannot save to {target}: {os_error_text(exc)}", file=sys.stderr)
        return 2
    app = make_app(session, pace=args.pace, save_path=save)
    app.run()
    if app.saved_to is not None:
        print(f"saved to {app.saved_to}; continue with: schocken play --resume {app.saved_to}")
    return 0


def add_parser(sub: Commands) -> None:
    """The parser of ``play``."""
    p = sub.add_parser("play", help="play a game in the terminal, with friends and bots")
    add_rules(p)
    p.add_argument("--players", help="the humans' names, comma-separated (default: one human)")
    p.add_argument("--bots", type=count_arg, default=2, help="how many bots join (default 2)")
    p.add_argument(
        "--bot-level",
        type=bot_arg,
        default="regular",
        help=f"how bots play: {', '.join(BOTS)} or an installed plug-in (default regular)",
    )
    p.add_argument("--lang", choices=LANGUAGES, help="de or en (default: from the locale)")
    p.add_argument("--seed", type=int, help="reproducible dice (default: strong random dice)")
    p.add_argument("--pace", type=seconds_arg, default=0.6, help="seconds between bot moves")
    p.add_argument(
        "--save", metavar="FILE", help="where the game is saved (default ./schocken-game.json)"
    )
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.set_defaults(func=cmd_play)
