"""``schocken play``: a game in the terminal with friends and bots (the terminal extra)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from schocken.bots import BOTS
from schocken.cli.args import Commands, add_rules, bot_arg, count_arg, read_text, seconds_arg
from schocken.cli_words import Words
from schocken.errors import RecordError
from schocken.files import check_writable, os_error_text
from schocken.players import check_players
from schocken.texts import LANGUAGES, default_language, refusal_text, t


def cmd_play(args: argparse.Namespace) -> int:
    lang: str = args.lang or default_language()
    try:
        from schocken.tui import make_app
    except ImportError:
        print(t("play_refuse_tui", lang), file=sys.stderr)
        return 2
    from schocken.session import Session, parse_seats

    save = Path(args.save) if args.save else None
    if args.resume:
        try:
            text = read_text(args.resume)
        except ValueError as exc:
            print(f"schocken play: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
        try:
            session = Session.resume(text, lang=args.lang, seed=args.seed)
        except RecordError as exc:
            print(f"schocken play: {args.resume}: {refusal_text(exc, lang)}", file=sys.stderr)
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
            print(f"schocken play: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
        try:
            session = Session.new(args.rules, seats, lang=lang, seed=args.seed)
        except ValueError as exc:  # a plug-in that cannot play, said in words
            print(f"schocken play: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
    target = save or Path("schocken-game.json")
    try:
        check_writable(target)
    except OSError as exc:
        why = os_error_text(exc, lang)
        print(f"schocken play: {t('cli_cannot_save', lang, path=target, why=why)}", file=sys.stderr)
        return 2
    app = make_app(session, pace=args.pace, save_path=save)
    app.run()
    if app.saved_to is not None:
        print(t("play_saved", lang, path=app.saved_to))
    return 0


def add_parser(sub: Commands) -> None:
    """The parser of ``play``."""
    p = sub.add_parser("play", help=Words("cli_help_play"))
    add_rules(p)
    p.add_argument("--players", help=Words("cli_play_players"))
    p.add_argument("--bots", type=count_arg, default=2, help=Words("cli_play_bots"))
    p.add_argument(
        "--bot-level",
        type=bot_arg,
        default="regular",
        help=Words("cli_play_bot_level", bots=", ".join(BOTS)),
    )
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))
    p.add_argument("--seed", type=int, help=Words("cli_play_seed"))
    p.add_argument("--pace", type=seconds_arg, default=0.6, help=Words("cli_play_pace"))
    p.add_argument("--save", metavar="FILE", help=Words("cli_play_save"))
    p.add_argument("--resume", metavar="FILE", help=Words("cli_play_resume"))
    p.set_defaults(func=cmd_play)
