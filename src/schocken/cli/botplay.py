"""``schocken bot-play URL TOKEN --bot NAME``: any known bot (built-in or plug-in) plays a seat
at an online table as an external program, through the bot API (:mod:`schocken.client`,
``docs/bots-api.md``)."""

from __future__ import annotations

import argparse
import sys

from schocken.cli.args import Commands, bot_arg
from schocken.cli_words import Words
from schocken.files import os_error_text
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
        print(f"schocken bot-play: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    try:
        copy = open(args.messages, "w", encoding="utf-8") if args.messages else None  # noqa: SIM115
    except OSError as exc:
        why = t("cli_cannot_save", lang, path=args.messages, why=os_error_text(exc, lang))
        print(f"schocken bot-play: {why}", file=sys.stderr)
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
    p = sub.add_parser("bot-play", help=Words("cli_help_bot_play"))
    p.add_argument("url", help=Words("cli_bot_play_url"))
    p.add_argument("token", help=Words("cli_bot_play_token"))
    p.add_argument("--bot", type=bot_arg, default="regular", help=Words("cli_bot_play_bot"))
    p.add_argument("--seed", type=int, help=Words("cli_bot_play_seed"))
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))
    p.add_argument("--messages", metavar="FILE", help=Words("cli_bot_play_messages"))
    p.set_defaults(func=cmd_bot_play)
