"""``schocken pub``: a game played with real dice, kept on the command line (each turn typed in,
the engine referees; :mod:`schocken.pub`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from schocken.cli.args import Commands, add_rules, read_text
from schocken.cli_words import Words
from schocken.errors import RecordError
from schocken.events import RoundEnded
from schocken.files import check_writable, os_error_text, write_text_whole
from schocken.record import parse_record
from schocken.texts import LANGUAGES, default_language, refusal_text, refused, t

if TYPE_CHECKING:
    from schocken.pub import PubGame


def cmd_pub(args: argparse.Namespace) -> int:
    from schocken.errors import PubEntryError
    from schocken.pub import PubGame

    lang: str = args.lang or default_language()
    save = Path(args.save) if args.save else None
    if args.resume:
        if args.players:
            print(f"schocken pub: {t('pub_refuse_players_resume', lang)}", file=sys.stderr)
            return 2
        try:
            pub = PubGame.from_record(parse_record(read_text(args.resume)))
        except (ValueError, RecordError) as exc:
            print(f"schocken pub: {args.resume}: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
        save = save or Path(args.resume)
    else:
        names = [n for n in (args.players or "").split(",") if n.strip()]
        if not names:
            print(f"schocken pub: {t('pub_refuse_no_players', lang)}", file=sys.stderr)
            return 2
        try:
            pub = PubGame(args.rules, names, half_stake=args.half_stake, game_stake=args.stake)
        except (ValueError, PubEntryError) as exc:
            print(f"schocken pub: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
    target = save or Path("schocken-pub.json")
    try:
        check_writable(target)
    except OSError as exc:
        why = os_error_text(exc, lang)
        print(f"schocken pub: {t('cli_cannot_save', lang, path=target, why=why)}", file=sys.stderr)
        return 2
    print(t("pub_title", lang, players=", ".join(pub.players), preset=pub.rules.preset))
    _pub_loop(pub, lang)
    try:
        write_text_whole(target, pub.record().to_json())
    except OSError as exc:
        why = os_error_text(exc, lang)
        print(f"schocken pub: {t('cli_cannot_save', lang, path=target, why=why)}", file=sys.stderr)
        return 2
    print(t("ui_saved", lang, path=target))
    return 0


def _pub_loop(pub: PubGame, lang: str) -> None:
    """Ask for entries until the game is over, the input ends or the scorer quits (q)."""
    from schocken.errors import PubEntryError
    from schocken.pub import parse_turn

    while not pub.is_over:
        state = pub.state()
        question = state.ask == "buy_in"
        ask = pub.prompt(lang) + (" " + t("pub_yes_no", lang) if question else "")
        try:
            text = input(ask + "\n> ")
        except (EOFError, KeyboardInterrupt):
            print()
            print(t("pub_input_ended", lang))
            return
        word = text.strip().lower()
        if word in ("?", "help", "hilfe"):
            print(t("pub_help", lang))
            continue
        if word in ("q", "quit"):
            return
        if word == "s":
            print(pub.standing(lang))
            continue
        try:
            if word == "u" or word.startswith("u "):
                count = word[1:].strip() or "1"
                if not count.isdigit():
                    raise refused(PubEntryError, "pub_refuse_undo", text=text)
                print(pub.undo_said(int(count), lang))
                continue
            if question:
                assert state.seat is not None
                if word not in ("", "y", "j", "yes", "ja", "n", "no", "nein"):
                    print(t("pub_answer_yes_no", lang))
                    continue
                events = pub.answer_buy_in(state.seat, word in ("y", "j", "yes", "ja"))
            elif not word:
                continue
            else:
                events = pub.enter(parse_turn(word))
        except PubEntryError as exc:
            print(t("pub_refused", lang, reason=refusal_text(exc, lang)))
            continue
        for line in pub.explain(events, lang):
            print("  " + line)
        if any(isinstance(e, RoundEnded) for e in events) and not pub.is_over:
            print("  " + pub.standing(lang))


def add_parser(sub: Commands) -> None:
    """The parser of ``pub``."""
    p = sub.add_parser(
        "pub",
        help=Words("cli_help_pub"),
        description=Words("cli_about_pub"),
    )
    add_rules(p)
    p.add_argument("--players", help=Words("cli_pub_players"))
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))
    p.add_argument("--save", metavar="FILE", help=Words("cli_pub_save"))
    p.add_argument("--resume", metavar="FILE", help=Words("cli_pub_resume"))
    p.add_argument("--stake", default="", help=Words("cli_pub_stake"))
    p.add_argument("--half-stake", default="", help=Words("cli_pub_half_stake"))
    p.set_defaults(func=cmd_pub)
