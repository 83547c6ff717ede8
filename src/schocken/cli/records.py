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
from schocken.cli_words import Words
from schocken.errors import RecordError
from schocken.record import check_dice, outcome_of, parse_record, replay
from schocken.texts import LANGUAGES, default_language


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file)
    except ValueError as exc:
        print(f"schocken replay: {exc}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
        game = replay(record)
    except RecordError as exc:
        if args.json:
            print(json.dumps({"ok": False, "step": exc.step, "error": exc.reason}))
        else:
            print(f"schocken replay: {args.file}: {exc}", file=sys.stderr)
        return 1
    outcome = outcome_of(game)
    if args.json:
        print(json.dumps({"ok": True, **outcome}, ensure_ascii=False, indent=2))
        return 0
    names = game.players
    print(
        f"{args.file}: {len(record.steps)} steps, preset {game.rules.preset}, "
        f"players {', '.join(names)}: the record is legal."
    )
    for s in outcome["sections"]:
        held = ", ".join(f"{names[i]} {d}" for i, d in enumerate(s["deckel"]) if d)
        how = " by Schock-Aus" if s["schock_aus"] else ""
        print(
            f"  {s['section'].replace('_', ' ')}: lost by {s['loser_name']}{how} (Deckel: {held})"
        )
    if not outcome["finished"]:
        print("  the game is not finished")
        return 0
    print(
        f"  Finale: {'yes' if outcome['finale'] else 'no'}; "
        f"Blattschuss: {'yes' if outcome['blattschuss'] else 'no'}"
    )
    print(f"  the game's loser: {outcome['loser_name']}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Whether a record's dice were dealt fairly: every die from the seed committed to at the
    start (docs/fair-dice.md). Exit 0: fair; 1: not fair (or not a legal game); 2: cannot be
    checked (the file cannot be read, is not a record, or has no commitment or seed)."""

    def cannot(message: str, step: int | None = None) -> int:
        if args.json:
            print(json.dumps({"ok": False, "fair": None, "step": step, "error": message}))
        else:
            print(f"schocken verify: {args.file}: {message}", file=sys.stderr)
        return 2

    try:
        text = read_text(args.file)
    except ValueError as exc:
        print(f"schocken verify: {exc}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
        check = check_dice(record)
    except RecordError as exc:
        return cannot(str(exc), exc.step)
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
            check = replace(check, fair=False, reason=str(exc), step=exc.step)
            found["fair"] = False
    if not check.fair:
        for key in ("step", "die", "index", "recorded", "derived"):
            found[key] = getattr(check, key)
        found["error"] = check.reason
    if args.json:
        print(json.dumps({"ok": check.fair, **found}, ensure_ascii=False, indent=2))
    elif check.fair:
        print(
            f"{args.file}: fair: all {check.dice} dice follow from the seed committed at the "
            f"start (commitment {record.dice.commitment})"
        )
    else:
        print(f"{args.file}: NOT fair: {check.reason}")
    return 0 if check.fair else 1


def cmd_review(args: argparse.Namespace) -> int:
    from schocken.review import review, review_lines, seat_of

    try:
        text = read_text(args.file)
    except ValueError as exc:
        print(f"schocken review: {exc}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
        seat = None if args.player is None else seat_of(record.players, args.player)
        result = review(record)
    except RecordError as exc:
        if args.json:
            print(json.dumps({"ok": False, "step": exc.step, "error": exc.reason}))
        else:
            print(f"schocken review: {args.file}: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"schocken review: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(result.to_json(seat))
        return 0
    print("\n".join(review_lines(result, args.lang or default_language(), seat)))
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
