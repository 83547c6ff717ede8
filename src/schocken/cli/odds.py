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
from schocken.cli_words import RawDescriptionFormatter, Words
from schocken.errors import RulesError
from schocken.players import MAX_PLAYERS
from schocken.rule_docs import rules_markdown
from schocken.rule_sources import OPTION_SOURCES, REGIONAL_SOURCES
from schocken.rules import MAX_THROWS, PRESETS, Rules, resolve_rules
from schocken.texts import LANGUAGES, describe_rules

if TYPE_CHECKING:
    from schocken.solver import Situation


def cmd_odds(args: argparse.Namespace) -> int:
    from schocken.odds import POLICIES, format_table, plot_odds

    if args.policy not in POLICIES:
        print(f"schocken odds: unknown policy {args.policy!r}", file=sys.stderr)
        return 2
    print(format_table(args.rules, args.policy, full=args.full))
    if args.plot:
        try:
            plot_odds(args.rules, args.policy, args.plot)
        except ImportError:
            print(
                "schocken odds --plot needs the analysis extra: pip install 'schocken[analysis]'",
                file=sys.stderr,
            )
            return 2
        print(f"plot saved to {args.plot}")
    return 0


def _dice_arg(text: str, what: str = "dice") -> tuple[int, ...]:
    """Pips written like 1-1-4 (``-`` or nothing: no dice), highest first."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    try:
        pips = tuple(int(p) for p in text.split("-"))
    except ValueError:
        raise ValueError(f"{what}: dice are written like 1-1-4, not {text!r}") from None
    if not all(1 <= p <= 6 for p in pips) or len(pips) > 3:
        raise ValueError(f"{what}: one to three pips from 1 to 6, like 1-1-4, not {text!r}")
    return tuple(sorted(pips, reverse=True))


def _throws_arg(text: str, where: str, default: int) -> int:
    """The throws after the '/' of a --shown or --covered item (``default`` when none)."""
    if not text:
        return default
    if not text.isdigit() or not 1 <= int(text) <= MAX_THROWS:
        raise ValueError(f"{where}: the throws after '/' are 1 to {MAX_THROWS}, not {text!r}")
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
        raise ValueError("--opener fixes the round's throw limit: give no --limit with it")
    if opener and (args.shown or args.covered):
        raise ValueError("--opener throws first in the round: nobody can be --shown or --covered")
    limit = MAX_THROWS if args.limit is None else args.limit
    if not 1 <= limit <= MAX_THROWS:
        raise ValueError(f"--limit is 1 to {MAX_THROWS}, not {limit}")
    if not 0 <= args.throws <= limit:
        raise ValueError(f"--throws is 0 to {limit} (the throw limit), not {args.throws}")
    if args.middle < 0 or args.deckel < 0:
        raise ValueError("--middle and --deckel are 0 or more")
    showing = _dice_arg(args.dice, "--dice") if args.dice else ()
    aside = _dice_arg(args.aside, "--aside") if args.aside else ()
    if showing and len(showing) != 3:
        raise ValueError("--dice names the three dice showing, like 1-1-4")
    if bool(showing) != (args.throws > 0):
        raise ValueError("give --dice exactly when --throws is 1 or more")
    if aside and args.throws == 1:
        raise ValueError("--aside: nothing can be set aside before the first throw (--throws 1)")
    if len(aside) == 3:
        raise ValueError("--aside: at most two dice stay out of the cup for a throw")
    thrown = remove(showing, aside) if showing else ()
    if thrown is None:
        raise ValueError(f"--aside {args.aside} is not among the dice showing {args.dice}")
    covers = rules.covered is not Covered.NEVER
    shown = []
    for i, item in enumerate(filter(None, (args.shown or "").split(","))):
        dice_text, _, rest = item.strip().partition("/")
        assembled = rest.endswith("a")
        throws = _throws_arg(rest.removesuffix("a"), f"--shown {item!r}", 1)
        dice = _dice_arg(dice_text, f"--shown {item!r}")
        if len(dice) != 3:
            raise ValueError(f"--shown {item!r}: a shown result has three dice")
        if assembled and throws == 1:
            raise ValueError(f"--shown {item!r}: a result of one throw cannot be assembled")
        if throws > limit:
            raise ValueError(f"--shown {item!r}: {throws} throws, more than the limit of {limit}")
        if rules.covers(throws, limit) and not (
            i == 0 and rules.covered is Covered.LAST_THROW and throws < MAX_THROWS
        ):
            raise ValueError(
                f"--shown {item!r}: under {rules.preset} a result after {throws} throws of "
                f"{limit} is covered, not shown (give it with --covered)"
            )
        shown.append(table.result(dice, one_throw=not assembled, throws=throws))
    covered = []
    for item in filter(None, (args.covered or "").split(",")):
        dice_text, _, rest = item.strip().partition("/")
        if not covers:
            raise ValueError(f"--covered: under {rules.preset} no throw is covered")
        default = limit if rules.covered is Covered.LAST_THROW else MAX_THROWS
        throws = _throws_arg(rest, f"--covered {item!r}", default)
        if not rules.covers(throws, limit):
            raise ValueError(
                f"--covered {item!r}: under {rules.preset} with a limit of {limit}, a cup is "
                f"covered only after {default} throws, not {throws}"
            )
        cup_aside = _dice_arg(dice_text, f"--covered {item!r}")
        if len(cup_aside) == 3:
            raise ValueError(f"--covered {item!r}: at most two dice stay out of a covered cup")
        if cup_aside and throws == 1:
            raise ValueError(f"--covered {item!r}: nothing is aside on a first throw")
        covered.append((cup_aside, throws))
    before = len(shown) + len(covered)
    if before >= MAX_PLAYERS:
        raise ValueError(
            f"a round has at most {MAX_PLAYERS} players: you and {before} before you are more"
        )
    most = MAX_PLAYERS - 1 - before
    if not 0 <= args.after <= most:
        raise ValueError(
            f"--after is 0 to {most}: a round has at most {MAX_PLAYERS} players, you and "
            f"{before} before you among them; not {args.after}"
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

    try:
        sit = _hint_situation(args)
        if not (sit.shown or sit.covered or sit.after):
            limit = MAX_THROWS if sit.limit is None else sit.limit
            outlooks = outlook(sit.rules, sit.state, limit)
            print(
                "nobody else in the round is given (--shown, --covered, --after): alone you "
                "would lose it whatever you do. What each action makes of your result, played "
                "on for the best result (place: 0 the worst result, 1 the best):"
            )
            for o in outlooks:
                print(describe_outlook(o))
            return 0
        values = solver.solve(sit)
    except ValueError as exc:
        print(f"schocken hint: {exc}", file=sys.stderr)
        return 2
    for v in values:
        print(solver.describe(v))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    if args.markdown:
        print(rules_markdown(), end="")
        return 0
    names = [args.preset] if args.preset else list(PRESETS)
    for name in names:
        try:
            rules = resolve_rules(name)
        except RulesError as exc:
            print(f"schocken rules: {exc}", file=sys.stderr)
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
            source = OPTION_SOURCES.get(key, {}).get(rules.preset)
            if source:
                print(f"      {source}")
            print(f"      elsewhere: {REGIONAL_SOURCES[key]}")
    if not args.lang:
        print("sources: schocken rules --markdown (or docs/rules.md) lists the keys in brackets")
    return 0


def cmd_card(args: argparse.Namespace) -> int:
    from schocken.card import CARDS, find_card
    from schocken.card_words import card_lines

    names = [args.preset] if args.preset else list(CARDS)
    langs = [args.lang] if args.lang else list(LANGUAGES)
    try:
        chosen = [find_card(name) for name in names]
    except ValueError as exc:
        print(f"schocken card: {exc}", file=sys.stderr)
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
