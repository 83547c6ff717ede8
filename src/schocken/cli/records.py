"""``schocken replay``, ``verify`` and ``review``: a game record checked, its dice checked
against the seed committed to, every decision in it valued.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from schocken.cli.args import Commands, read_text
from schocken.cli_words import Words, language
from schocken.errors import RecordError
from schocken.record import check_dice, outcome_of, parse_record, replay
from schocken.texts import LANGUAGES, refusal_text, t


def cmd_replay(args: argparse.Namespace) -> int:
    lang = language()
    try:
        text = read_text(args.file)
    except ValueError as exc:
        print(f"schocken replay: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
        game = replay(record)
    except RecordError as exc:
        if args.json:
            print(json.dumps({"ok": False, "step": exc.step, "error": exc.reason}))
        else:
            print(f"schocken replay: {args.file}: {refusal_text(exc, lang)}", file=sys.stderr)
        return 1
    outcome = outcome_of(game)
    if args.json:
        print(json.dumps({"ok": True, **outcome}, ensure_ascii=False, indent=2))
        return 0
    names = game.players
    print(
        t(
            "cli_replay_legal",
            lang,
            file=args.file,
            steps=len(record.steps),
            preset=game.rules.preset,
            players=", ".join(names),
        )
    )
    for s in outcome["sections"]:
        held = ", ".join(f"{names[i]} {d}" for i, d in enumerate(s["deckel"]) if d)
        key = "cli_replay_lost_schock_aus" if s["schock_aus"] else "cli_replay_lost"
        section = t(f"cli_replay_{s['section']}", lang)
        print("  " + t(key, lang, section=section, loser=s["loser_name"], held=held))
    if not outcome["finished"]:
        print("  " + t("cli_replay_not_finished", lang))
        return 0
    yes_no = {True: t("cli_yes", lang), False: t("cli_no", lang)}
    finale, blattschuss = yes_no[bool(outcome["finale"])], yes_no[bool(outcome["blattschuss"])]
    print("  " + t("cli_replay_finale_blattschuss", lang, finale=finale, blattschuss=blattschuss))
    print("  " + t("cli_replay_loser", lang, loser=outcome["loser_name"]))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Whether a record's dice were dealt fairly: every die from the seed committed to at the
    start (docs/fair-dice.md). Exit 0: fair; 1: not fair (or not a legal game); 2: cannot be
    checked (the file cannot be read, is not a record, or has no commitment or seed)."""

    lang = language()

    def cannot(error: RecordError) -> int:
        if args.json:
            print(json.dumps({"ok": False, "fair": None, "step": error.step, "error": str(error)}))
        else:
            print(f"schocken verify: {args.file}: {refusal_text(error, lang)}", file=sys.stderr)
        return 2

    try:
        text = read_text(args.file)
    except ValueError as exc:
        print(f"schocken verify: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
        check = check_dice(record)
    except RecordError as exc:
        return cannot(exc)
    assert record.dice is not None
    found: dict[str, Any] = {
        "fair": check.fair,
        "dice": check.dice,
        "scheme": record.dice.scheme,
        "commitment": record.dice.commitment,
    }
    if check.fair:
        try:
            replay(record)
        except RecordError as exc:
            # Dealt by the seed, but not a legal game: not a record of what was played.
            check = replace(check, fair=False, reason=str(exc), step=exc.step, error=exc)
            found["fair"] = False
    if not check.fair:
        for key in ("step", "die", "index", "recorded", "derived"):
            found[key] = getattr(check, key)
        found["error"] = check.reason
    if args.json:
        print(json.dumps({"ok": check.fair, **found}, ensure_ascii=False, indent=2))
    elif check.fair:
        print(
            t(
                "cli_verify_fair",
                lang,
                file=args.file,
                dice=check.dice,
                commitment=record.dice.commitment,
            )
        )
    else:
        why = refusal_text(check.error, lang) if check.error is not None else check.reason
        print(t("cli_verify_not_fair", lang, file=args.file, why=why))
    return 0 if check.fair else 1


def cmd_review(args: argparse.Namespace) -> int:
    from schocken.review import review, review_lines, seat_of

    lang = args.lang or language()
    try:
        text = read_text(args.file)
    except ValueError as exc:
        print(f"schocken review: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
        seat = None if args.player is None else seat_of(record.players, args.player)
        result = review(record)
    except RecordError as exc:
        if args.json:
            print(json.dumps({"ok": False, "step": exc.step, "error": exc.reason}))
        else:
            print(f"schocken review: {args.file}: {refusal_text(exc, lang)}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"schocken review: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    if args.json:
        print(result.to_json(seat))
        return 0
    print("\n".join(review_lines(result, lang, seat)))
    return 0


def add_parser(sub: Commands) -> None:
    """The parsers of ``replay``, ``verify``, ``review``."""
    p = sub.add_parser("replay", help=Words("cli_help_replay"))
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser(
        "verify",
        help=Words("cli_help_verify"),
        description=Words("cli_about_verify"),
    )
    p.add_argument("file", metavar="RECORD")
    p.add_argument("--json", action="store_true", help=Words("cli_verify_json"))
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser(
        "review",
        help=Words("cli_help_review"),
        description=Words("cli_about_review"),
    )
    p.add_argument("file", metavar="RECORD")
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))
    p.add_argument("--json", action="store_true", help=Words("cli_review_json"))
    p.add_argument("--player", metavar="NAME", help=Words("cli_review_player"))
    p.set_defaults(func=cmd_review)
