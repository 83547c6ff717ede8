"""The numbers and the rules: ``schocken odds`` (a turn's exact odds), ``hint`` (the chance of
losing the round, per action), ``rules`` (a preset's options, with sources) and ``card`` (a
preset's strategy card).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from schocken.cli.args import Commands, add_rules
from schocken.cli_words import RawDescriptionFormatter, Words, language
from schocken.errors import RefusalError, RulesError
from schocken.files import os_error_text
from schocken.players import MAX_PLAYERS
from schocken.rule_docs import rules_markdown
from schocken.rule_sources import OPTION_SOURCES, option_source, regional_sources
from schocken.rules import MAX_THROWS, PRESETS, Rules, resolve_rules
from schocken.texts import LANGUAGES, describe_rules, refusal_text, refused, t

if TYPE_CHECKING:
    from schocken.solver import Situation


def cmd_odds(args: argparse.Namespace) -> int:
    from schocken.odds import POLICIES, format_table, plot_odds

    lang = language()
    if args.policy not in POLICIES:
        refusal = t("odds_refuse_policy", lang, policy=args.policy)
        print(f"schocken odds: {refusal}", file=sys.stderr)
        return 2
    print(format_table(args.rules, args.policy, full=args.full, lang=lang))
    if args.plot:
        try:
            plot_odds(args.rules, args.policy, args.plot, lang)
        except ImportError:
            print(t("odds_refuse_plot", lang), file=sys.stderr)
            return 2
        except OSError as exc:
            why = os_error_text(exc, lang)
            print(
                f"schocken odds: {t('cli_cannot_save', lang, path=args.plot, why=why)}",
                file=sys.stderr,
            )
            return 2
        print(t("odds_plot_saved", lang, file=args.plot))
    return 0


def _dice_arg(text: str, what: str = "dice") -> tuple[int, ...]:
    """Pips written like 1-1-4 (``-`` or nothing: no dice), highest first."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    try:
        pips = tuple(int(p) for p in text.split("-"))
    except ValueError:
        raise refused(RefusalError, "hint_refuse_dice_form", what=what, text=text) from None
    if not all(1 <= p <= 6 for p in pips) or len(pips) > 3:
        raise refused(RefusalError, "hint_refuse_pips", what=what, text=text)
    return tuple(sorted(pips, reverse=True))


def _throws_arg(text: str, where: str, default: int) -> int:
    """The throws after the '/' of a --shown or --covered item (``default`` when none)."""
    if not text:
        return default
    if not text.isdigit() or not 1 <= int(text) <= MAX_THROWS:
        raise refused(
            RefusalError, "hint_refuse_throws_after", where=where, most=MAX_THROWS, text=text
        )
    return int(text)


def _hint_situation(args: argparse.Namespace) -> Situation:
    """The solver's situation for ``schocken hint``, or a ValueError that says why the round
    cannot be."""
    from schocken.results import result_table
    from schocken.rules import Covered
    from schocken.solver import Situation
    from schocken.turn import TurnState, one_throw, remove

    rules: Rules = args.rules
    table = result_table(rules)
    opener = args.opener
    if opener and args.limit is not None:
        raise refused(RefusalError, "hint_refuse_opener_limit")
    if opener and (args.shown or args.covered):
        raise refused(RefusalError, "hint_refuse_opener_before")
    limit = MAX_THROWS if args.limit is None else args.limit
    if not 1 <= limit <= MAX_THROWS:
        raise refused(RefusalError, "hint_refuse_limit", most=MAX_THROWS, limit=limit)
    if not 0 <= args.throws <= limit:
        raise refused(RefusalError, "hint_refuse_throws", limit=limit, throws=args.throws)
    if args.middle < 0 or args.deckel < 0:
        raise refused(RefusalError, "hint_refuse_deckel")
    showing = _dice_arg(args.dice, "--dice") if args.dice else ()
    aside = _dice_arg(args.aside, "--aside") if args.aside else ()
    if showing and len(showing) != 3:
        raise refused(RefusalError, "hint_refuse_three_dice")
    if bool(showing) != (args.throws > 0):
        raise refused(RefusalError, "hint_refuse_dice_throws")
    if aside and args.throws == 1:
        raise refused(RefusalError, "hint_refuse_aside_first")
    if len(aside) == 3:
        raise refused(RefusalError, "hint_refuse_aside_two")
    thrown = remove(showing, aside) if showing else ()
    if thrown is None:
        raise refused(RefusalError, "hint_refuse_aside_showing", aside=args.aside, dice=args.dice)
    covers = rules.covered is not Covered.NEVER
    shown = []
    for i, item in enumerate(filter(None, (args.shown or "").split(","))):
        dice_text, _, rest = item.strip().partition("/")
        assembled = rest.endswith("a")
        throws = _throws_arg(rest.removesuffix("a"), f"--shown {item!r}", 1)
        dice = _dice_arg(dice_text, f"--shown {item!r}")
        if len(dice) != 3:
            raise refused(RefusalError, "hint_refuse_shown_three", item=item)
        if assembled and throws == 1:
            raise refused(RefusalError, "hint_refuse_shown_assembled", item=item)
        if throws > limit:
            raise refused(
                RefusalError, "hint_refuse_shown_limit", item=item, throws=throws, limit=limit
            )
        if rules.covers(throws, limit) and not (
            i == 0 and rules.covered is Covered.LAST_THROW and throws < MAX_THROWS
        ):
            raise refused(
                RefusalError,
                "hint_refuse_shown_covered",
                item=item,
                preset=rules.preset,
                throws=throws,
                limit=limit,
            )
        shown.append(table.result(dice, one_throw=not assembled, throws=throws))
    covered = []
    for item in filter(None, (args.covered or "").split(",")):
        dice_text, _, rest = item.strip().partition("/")
        if not covers:
            raise refused(RefusalError, "hint_refuse_no_covered", preset=rules.preset)
        default = limit if rules.covered is Covered.LAST_THROW else MAX_THROWS
        throws = _throws_arg(rest, f"--covered {item!r}", default)
        if not rules.covers(throws, limit):
            raise refused(
                RefusalError,
                "hint_refuse_covered_throws",
                item=item,
                preset=rules.preset,
                limit=limit,
                default=default,
                throws=throws,
            )
        cup_aside = _dice_arg(dice_text, f"--covered {item!r}")
        if len(cup_aside) == 3:
            raise refused(RefusalError, "hint_refuse_covered_two", item=item)
        if cup_aside and throws == 1:
            raise refused(RefusalError, "hint_refuse_covered_first", item=item)
        covered.append((cup_aside, throws))
    before = len(shown) + len(covered)
    if before >= MAX_PLAYERS:
        raise refused(RefusalError, "hint_refuse_players", most=MAX_PLAYERS, before=before)
    most = MAX_PLAYERS - 1 - before
    if not 0 <= args.after <= most:
        raise refused(
            RefusalError,
            "hint_refuse_after",
            most=most,
            players=MAX_PLAYERS,
            before=before,
            after=args.after,
        )
    state = TurnState(aside, thrown, args.throws, 0, (), one_throw(aside))
    return Situation(
        rules,
        state,
        None if opener else limit,
        tuple(shown),
        tuple(covered),
        args.after,
        args.middle,
        args.deckel,
    )


def cmd_hint(args: argparse.Namespace) -> int:
    from schocken import solver
    from schocken.outlook import describe_outlook, outlook

    lang = language()
    try:
        sit = _hint_situation(args)
        if not (sit.shown or sit.covered or sit.after):
            limit = MAX_THROWS if sit.limit is None else sit.limit
            outlooks = outlook(sit.rules, sit.state, limit)
            print(t("hint_alone", lang))
            for o in outlooks:
                print(describe_outlook(o, lang))
            return 0
        values = solver.solve(sit)
    except ValueError as exc:
        print(f"schocken hint: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    for v in values:
        print(solver.describe(v, lang))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    lang = language()
    if args.markdown:
        print(rules_markdown(args.lang or lang), end="")
        return 0
    names = [args.preset] if args.preset else list(PRESETS)
    for name in names:
        try:
            rules = resolve_rules(name)
        except RulesError as exc:
            print(f"schocken rules: {refusal_text(exc, lang)}", file=sys.stderr)
            return 2
        if args.lang:
            print("\n".join(describe_rules(rules, args.lang)))
            print()
            continue
        print(f"[{rules.preset}]")
        for key, value in rules.to_dict().items():
            if key == "preset":
                continue
            print(f"  {key} = {json.dumps(value)}")
            if rules.preset in OPTION_SOURCES.get(key, {}):
                print("      " + option_source(key, rules.preset, lang))
            print("      " + t("rules_elsewhere", lang, sources=regional_sources(key, lang)))
    if not args.lang:
        print(t("rules_sources", lang))
    return 0


def cmd_card(args: argparse.Namespace) -> int:
    from schocken.card import CARDS, find_card
    from schocken.card_words import card_lines

    names = [args.preset] if args.preset else list(CARDS)
    langs = [args.lang] if args.lang else list(LANGUAGES)
    try:
        chosen = [find_card(name) for name in names]
    except ValueError as exc:
        print(f"schocken card: {refusal_text(exc, language())}", file=sys.stderr)
        return 2
    blocks = ["\n".join(card_lines(c, lang)) for c in chosen for lang in langs]
    print("\n\n".join(blocks))
    return 0


def add_parser(sub: Commands) -> None:
    """The parsers of ``odds``, ``hint``, ``rules``, ``card``."""
    p = sub.add_parser("odds", help=Words("cli_help_odds"))
    add_rules(p)
    p.add_argument(
        "--policy",
        default="optimal",
        help=Words("cli_odds_policy"),
    )
    p.add_argument("--full", action="store_true", help=Words("cli_odds_full"))
    p.add_argument("--plot", metavar="PNG", help=Words("cli_odds_plot"))
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser(
        "hint",
        help=Words("cli_help_hint"),
        description=Words("cli_about_hint"),
        epilog=Words("cli_hint_model"),
        formatter_class=RawDescriptionFormatter,
    )
    add_rules(p)
    p.add_argument("--dice", help=Words("cli_hint_dice"))
    p.add_argument("--aside", help=Words("cli_hint_aside"))
    p.add_argument("--throws", type=int, default=0, help=Words("cli_hint_throws"))
    p.add_argument("--limit", type=int, help=Words("cli_hint_limit"))
    p.add_argument("--opener", action="store_true", help=Words("cli_hint_opener"))
    p.add_argument("--shown", help=Words("cli_hint_shown"))
    p.add_argument(
        "--covered",
        help=Words("cli_hint_covered"),
    )
    p.add_argument(
        "--after",
        type=int,
        default=0,
        help=Words("cli_hint_after", most=MAX_PLAYERS - 1),
    )
    p.add_argument("--middle", type=int, default=13, help=Words("cli_hint_middle"))
    p.add_argument("--deckel", type=int, default=0, help=Words("cli_hint_deckel"))
    p.set_defaults(func=cmd_hint)

    p = sub.add_parser("rules", help=Words("cli_help_rules"))
    p.add_argument("preset", nargs="?", help=Words("cli_rules_preset"))
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_rules_lang"))
    p.add_argument("--markdown", action="store_true", help=Words("cli_rules_markdown"))
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser(
        "card",
        help=Words("cli_help_card"),
        description=Words("cli_about_card"),
    )
    p.add_argument("preset", nargs="?", help=Words("cli_card_preset", presets=", ".join(PRESETS)))
    p.add_argument("--lang", choices=LANGUAGES, help=Words("cli_card_lang"))
    p.set_defaults(func=cmd_card)
