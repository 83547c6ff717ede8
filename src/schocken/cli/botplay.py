"""``schocken bot-play URL TOKEN --bot NAME``: any known bot (built-in or plug-in) plays a seat
at an online table as an external program, through the bot API (:mod:`schocken.client`,
``docs/bots-api.md``)."""

from __future__ import annotations

import argparse
import sys

from schocken.cli.args import Commands
from schocken.texts import LANGUAGES, default_language, refusal_text, t


def cmd_bot_play(args: argparse.Namespace) -> int:
    from schocken.bots import make_bot
    from schocken.bots.plugins import BotPluginError
    from schocken.client import ClientError, play, strategy_chooser

    lang: str = args.lang or default_language()
    try:
        strategy = make_bot(args.bot, args.seed)
    except BotPluginError as exc:
        print(f"schocken bot-play: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"schocken bot-play: {exc}", file=sys.stderr)
        return 2
    try:
        copy = open(args.messages, "w", encoding="utf-8") if args.messages else None  # noqa: SIM115
    except OSError as exc:
        print(f"schocken bot-play: cannot write {args.messages}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        end = play(args.url, args.token, strategy_chooser(strategy), lang=lang, copy_to=copy)
    except ClientError as exc:
        print(f"schocken bot-play: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        if copy is not None:
            copy.close()
    seat = end["you"]["seat"]
    outcome = end.get("outcome") or {}
    names = [s["name"] for s in end["table"]["seats"]]
    print(
        t(
            "botapi_game_over",
            lang,
            bot=args.bot,
            name=names[seat],
            loser=outcome.get("loser_name", "?"),
        )
    )
    return 0


def add_parser(sub: Commands) -> None:
    """The parser of ``bot-play``."""
    p = sub.add_parser(
        "bot-play",
        help="let a bot (built-in or plug-in) play a seat at an online table, as a program",
    )
    p.add_argument("url", help="the table's address (http://HOST:PORT/t/ID or its invite link)")
    p.add_argument("token", help="the seat's bot token (from the table's host, or from joining)")
    p.add_argument("--bot", default="regular", help="the bot that plays (default regular)")
    p.add_argument("--seed", type=int, help="the bot's seed (default: random)")
    p.add_argument("--lang", choices=LANGUAGES, help="de or en (default: from the locale)")
    p.add_argument(
        "--messages", metavar="FILE", help="write every message the server sends, one JSON a line"
    )
    p.set_defaults(func=cmd_bot_play)
