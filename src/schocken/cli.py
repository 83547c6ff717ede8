"""The ``schocken`` command: watch a bot game, simulate many, replay a record, read the rules."""

from __future__ import annotations

import argparse
import json
import math
import re
import socket
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from schocken.bots import BOTS, make_bot
from schocken.club_cli import add_club_parser
from schocken.dice import RandomDice
from schocken.errors import RecordError, RulesError, SchockenError
from schocken.events import RoundEnded, SectionStarted
from schocken.files import check_writable, os_error_text, write_text_whole
from schocken.game import Game
from schocken.migrate import add_migrate_parser
from schocken.play import NOTHING_ASKED, apply_decision, next_decision
from schocken.players import MAX_PLAYERS, MIN_PLAYERS, check_players
from schocken.record import check_dice, outcome_of, parse_record, record_of, replay
from schocken.rules import (
    MAX_THROWS,
    OPTION_SOURCES,
    PRESETS,
    REGIONAL_SOURCES,
    Rules,
    resolve_rules,
    rules_markdown,
)
from schocken.simulate import ENGINES, ProgressBar, choose_engine, seat_names, simulate
from schocken.texts import LANGUAGES, default_language, describe_rules, explain, refusal_text, t
from schocken.tournament_cli import add_tournament_parser

if TYPE_CHECKING:
    from schocken.pub import PubGame
    from schocken.solver import Situation


def _rules_arg(spec: str) -> Rules:
    try:
        return resolve_rules(spec)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _players_arg(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players: {text!r}") from None
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {n}")
    return n


def _seconds_arg(text: str) -> float:
    """A pause in seconds: a number, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"seconds are 0 or more, not {text}")
    return value


def _count_arg(text: str) -> int:
    """A count: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a count is 0 or more, not {value}")
    return value


def _positive_arg(text: str) -> float:
    """A number above 0 (seconds, a rate)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"a number above 0, not {text}")
    return value


def _at_least_one(text: str) -> int:
    value = _count_arg(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {value}")
    return value


def _port_arg(text: str) -> int:
    """A TCP port: 1 to 65535, or 0 for any free port."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535 (or 0: any free port), not {value}")
    return value


def _version() -> str:
    from importlib import metadata  # 20 ms of imports: only when asked, not for every command

    try:
        return metadata.version("schocken")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="show program's version number and exit",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"schocken {_version()}")
        parser.exit()


def _bots_for(spec: str | None, n: int) -> list[str]:
    names = [b.strip() for b in spec.split(",")] if spec else ["regular"]
    for b in names:
        try:
            make_bot(b)
        except ValueError as exc:
            raise SystemExit(f"schocken: {exc}") from None
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise SystemExit(f"schocken: --bots names {len(names)} bots for {n} players")
    return names


def _add_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--preset",
        "--rules",
        dest="rules",
        type=_rules_arg,
        default=PRESETS["tsv99"],
        metavar="PRESET|FILE",
        help=f"a preset ({', '.join(PRESETS)}) or a house-rules TOML file (default: tsv99)",
    )


def cmd_watch(args: argparse.Namespace) -> int:
    rules: Rules = args.rules
    n: int = args.players
    lang: str = args.lang or default_language()
    bots = _bots_for(args.bots, n)
    if args.save:
        try:
            check_writable(args.save)
        except OSError as exc:
            print(
                f"schocken watch: cannot save to {args.save}: {os_error_text(exc)}", file=sys.stderr
            )
            return 2
    names = seat_names(n)
    seed = args.seed if args.seed is not None else int(time.time())
    game = Game(rules, names, RandomDice(seed))
    strategies = [make_bot(b, seed + i + 1) for i, b in enumerate(bots)]
    shown = 0
    print(
        f"Schocken, {rules.preset}: "
        f"{', '.join(f'{m} ({b})' for m, b in zip(names, bots, strict=True))}; seed {seed}"
    )
    by_seat = dict(enumerate(strategies))
    asked = NOTHING_ASKED
    while (decision := next_decision(game, by_seat, asked)) is not None:
        apply_decision(game, decision, decision.decide(by_seat[decision.seat]))
        asked = decision.asked
        new = game.events[shown:]
        if any(isinstance(e, (RoundEnded, SectionStarted)) for e in new) or game.is_over:
            for line in explain(new, rules, names, lang):
                print(("  " if not line.startswith(("Round", "Runde")) else "") + line)
            if any(isinstance(e, RoundEnded) for e in new) and not game.is_over:
                held = ", ".join(f"{names[s]} {d}" for s, d in enumerate(game.deckel) if d)
                print(f"  [{'Mitte' if lang == 'de' else 'middle'} {game.middle}; {held or '-'}]")
            shown = len(game.events)
            if args.delay:
                time.sleep(args.delay)
    if args.save:
        try:
            write_text_whole(args.save, record_of(game).to_json())
        except OSError as exc:
            print(
                f"schocken watch: cannot save to {args.save}: {os_error_text(exc)}", file=sys.stderr
            )
            return 2
        print(f"record saved to {args.save}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    bots = _bots_for(args.bots, args.players)
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
        print(f"schocken simulate: {exc}", file=sys.stderr)
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
        print(report.format())
        print(f"({report.turns} turns in {elapsed:.1f} s, {engine} engine)")
    return 0


def _read_text(path: str) -> str:
    """A file's text, or a ValueError saying in one line why it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"cannot read {path}: not UTF-8 text") from None


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = _read_text(args.file)
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
        text = _read_text(args.file)
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
        text = _read_text(args.file)
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
            text = _read_text(args.resume)
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
        session = Session.new(args.rules, seats, lang=lang, seed=args.seed)
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


def cmd_pub(args: argparse.Namespace) -> int:
    from schocken.errors import PubEntryError
    from schocken.pub import PubGame

    lang: str = args.lang or default_language()
    save = Path(args.save) if args.save else None
    if args.resume:
        if args.players:
            print("schocken pub: give either --players or --resume, not both", file=sys.stderr)
            return 2
        try:
            pub = PubGame.from_record(parse_record(_read_text(args.resume)))
        except (ValueError, RecordError) as exc:
            print(f"schocken pub: {args.resume}: {exc}", file=sys.stderr)
            return 2
        save = save or Path(args.resume)
    else:
        names = [n for n in (args.players or "").split(",") if n.strip()]
        if not names:
            print(
                "schocken pub: name the players, clockwise: --players Anna,Ben,Cem", file=sys.stderr
            )
            return 2
        try:
            pub = PubGame(args.rules, names, half_stake=args.half_stake, game_stake=args.stake)
        except (ValueError, PubEntryError) as exc:
            print(f"schocken pub: {exc}", file=sys.stderr)
            return 2
    target = save or Path("schocken-pub.json")
    try:
        check_writable(target)
    except OSError as exc:
        print(f"schocken pub: cannot save to {target}: {os_error_text(exc)}", file=sys.stderr)
        return 2
    print(t("pub_title", lang, players=", ".join(pub.players), preset=pub.rules.preset))
    _pub_loop(pub, lang)
    try:
        write_text_whole(target, pub.record().to_json())
    except OSError as exc:
        print(f"schocken pub: cannot save to {target}: {os_error_text(exc)}", file=sys.stderr)
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
                    raise PubEntryError(
                        f"u takes back the last entry, u 3 the last three: {text!r}"
                    )
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


HINT_MODEL = """\
The model (docs/odds.md, "The model of a round"): a covered cup before you holds its aside
dice and a fair throw of the rest. Each player after you sees the table as it stands when your
turn ends (the shown results, the covered cups by that distribution, your result or your cup)
and plays as if they were the last: they minimise their chance of being the worst of it; where
actions are equally good on that, they take the better expected place of their result (the
odds' optimal policy), then the first in the engine's order. They do not react to one another.
You minimise your chance of losing, then the expected Deckel.

With nobody else given (no --shown, --covered or --after) a round cannot be lost or won by
others: hint then says so and shows what each action makes of your own result.
"""


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

    try:
        sit = _hint_situation(args)
        if not (sit.shown or sit.covered or sit.after):
            limit = MAX_THROWS if sit.limit is None else sit.limit
            outlooks = solver.outlook(sit.rules, sit.state, limit)
            print(
                "nobody else in the round is given (--shown, --covered, --after): alone you "
                "would lose it whatever you do. What each action makes of your result, played "
                "on for the best result (place: 0 the worst result, 1 the best):"
            )
            for o in outlooks:
                print(solver.describe_outlook(o))
            return 0
        values = solver.solve(sit)
    except ValueError as exc:
        print(f"schocken hint: {exc}", file=sys.stderr)
        return 2
    for v in values:
        print(solver.describe(v))
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (port 0: any free port), or an OSError saying why
    not (the port is taken, the address is not this machine's, ...)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    return sock


def _without_password(url: str) -> str:
    """A database URL as it may be printed (its password blanked)."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import sqlite3

        import uvicorn

        from schocken.server.app import create_app, default_db
        from schocken.server.net import (
            DroppableWebSocket,
            SlowRequestHTTP,
            install_log_filters,
            lan_address,
        )
        from schocken.server.settings import Limits, local_site
        from schocken.server.store import StoreError
    except ImportError:
        print(
            "schocken serve needs the server extra: pip install 'schocken[server]'", file=sys.stderr
        )
        return 2
    db: Path | str = Path(args.db) if args.db else default_db(args.data)
    where = str(db)
    if args.database is not None:
        from schocken.store import is_url

        if not is_url(args.database) or args.db:
            print(
                "schocken serve: --database is a postgresql:// URL, instead of --db",
                file=sys.stderr,
            )
            return 2
        db = args.database
        where = _without_password(args.database)
    host = "0.0.0.0" if args.lan and args.host is None else (args.host or "127.0.0.1")
    # Everything that can be refused is checked before the server says it is running.
    try:
        sock = _listen(host, args.port)
    except OSError as exc:
        print(
            f"schocken serve: cannot listen on {host} port {args.port}: {os_error_text(exc)}",
            file=sys.stderr,
        )
        return 2
    try:
        port = sock.getsockname()[1]
        public = args.public_url
        if public is None and host in ("0.0.0.0", "::"):
            public = f"http://{lan_address()}:{port}"
        try:
            site = local_site(host, port, public, args.allow_origin or [])
        except ValueError as exc:
            print(f"schocken serve: {exc}", file=sys.stderr)
            return 2
        limits = Limits(
            tables_per_minute=args.tables_per_minute,
            max_tables=args.max_tables,
            conns_per_token=args.conns_per_token,
            conns_per_address=args.conns_per_address,
            msg_rate=args.msg_rate,
            max_body=args.max_body,
            max_record=args.max_record,
            max_register=args.max_register,
            review_budget=args.review_budget,
            request_timeout=args.request_timeout,
            hello_timeout=args.hello_timeout,
            idle_timeout=args.idle_timeout,
            send_queue=args.send_queue,
            write_timeout=args.write_timeout,
            bot_budget=args.bot_budget,
            bot_workers=args.bot_workers,
            away_after=args.away_after,
        )
        try:
            if isinstance(db, Path):
                db.parent.mkdir(parents=True, exist_ok=True)
                check_writable(db)
            listen = f"{socket.gethostname()} {host} {port}"
            app = create_app(
                db,
                seed=args.seed,
                bot_delay=args.bot_delay,
                limits=limits,
                site=site,
                listen=listen,
            )
        except (OSError, sqlite3.Error, ValueError, StoreError, SchockenError) as exc:
            why = os_error_text(exc) if isinstance(exc, OSError) else str(exc)
            print(f"schocken serve: cannot keep the tables in {where}: {why}", file=sys.stderr)
            return 2
        if args.seed is not None:
            print(
                f"WARNING: seeded dice (--seed {args.seed}): every game's dice can be foreseen. "
                "For tests and demonstrations only, never for a real game.",
                file=sys.stderr,
            )
        shown = f"[{host}]" if ":" in host else host
        print(f"Schocken server on http://{shown}:{port}/ (tables stored in {db})", flush=True)
        if site.public_url != f"http://{shown}:{port}":
            print(f"Players join at {site.public_url}/", flush=True)
        _raise_open_files()
        SlowRequestHTTP.request_timeout = limits.request_timeout
        install_log_filters()
        config = uvicorn.Config(
            app,
            http=SlowRequestHTTP,
            ws=DroppableWebSocket,
            ws_per_message_deflate=args.compression,
            ws_max_size=65536,
            log_level=args.log_level,
            proxy_headers=bool(args.forwarded_allow_ips),
            forwarded_allow_ips=args.forwarded_allow_ips or None,
            timeout_keep_alive=args.keep_alive,
            limit_concurrency=args.max_connections,
        )
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0


def _raise_open_files() -> None:
    """As many open files (connections) as the system lets this process have."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or hard > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not everywhere
        pass


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
    from schocken.card import CARDS, card_lines, find_card

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="schocken", description="Schocken, the German pub dice game."
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("watch", help="watch bots play a whole game, round by round")
    _add_rules(p)
    p.add_argument("--players", type=_players_arg, default=4)
    p.add_argument(
        "--bots", help=f"bot per seat, comma-separated ({', '.join(BOTS)}); default regular"
    )
    p.add_argument("--seed", type=int)
    p.add_argument("--lang", choices=LANGUAGES)
    p.add_argument(
        "--delay", type=_seconds_arg, default=0.0, help="seconds to wait after each round"
    )
    p.add_argument("--save", metavar="FILE", help="save the game record to FILE")
    p.set_defaults(func=cmd_watch)

    p = sub.add_parser("simulate", help="play many bot games and count who loses")
    _add_rules(p)
    p.add_argument("--players", type=_players_arg, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bots", help=f"bot per seat, comma-separated ({', '.join(BOTS)}); default regular"
    )
    p.add_argument(
        "--rotate",
        action="store_true",
        help="move the line-up one seat on after every game (every bot sits in every seat)",
    )
    p.add_argument(
        "--procs", type=int, default=1, help="processes sharing the games (same report for any)"
    )
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="fast: the batch simulator (the fast extra; random, regular, solver and half bots, "
        "every core); "
        "auto (default): fast where it can play the bots, else the reference engine",
    )
    p.add_argument(
        "--progress", action="store_true", help="show a progress bar on stderr (default: on a tty)"
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("replay", help="check a game record and print its outcome")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser(
        "verify",
        help="check that a game's dice follow from the seed the server committed to",
        description="Recompute every die of an online game's record from the seed the server "
        "revealed at the game's end, and check the seed against the commitment it published at "
        "the start (docs/fair-dice.md). Exit status 0: fair; 1: not fair, or not a legal game; "
        "2: cannot be checked (unreadable, not a record, no commitment or no seed).",
    )
    p.add_argument("file", metavar="RECORD")
    p.add_argument("--json", action="store_true", help="the verdict as JSON")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser(
        "review",
        help="every decision of a recorded game valued: the move made against the best",
        description="Every decision of every player in a game record: the chance of losing "
        "of the move made and of the best move (the model of `schocken hint`; in the Finale "
        "the Finale's solution), the loss and a label; each player's accuracy and three "
        "costliest decisions as they saw them. docs/review.md says how.",
    )
    p.add_argument("file", metavar="RECORD")
    p.add_argument("--lang", choices=LANGUAGES, help="de or en (default: from the locale)")
    p.add_argument("--json", action="store_true", help="the review as JSON (docs/review.md)")
    p.add_argument("--player", metavar="NAME", help="only this player's decisions")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("play", help="play a game in the terminal, with friends and bots")
    _add_rules(p)
    p.add_argument("--players", help="the humans' names, comma-separated (default: one human)")
    p.add_argument("--bots", type=_count_arg, default=2, help="how many bots join (default 2)")
    p.add_argument("--bot-level", choices=list(BOTS), default="regular", help="how bots play")
    p.add_argument("--lang", choices=LANGUAGES, help="de or en (default: from the locale)")
    p.add_argument("--seed", type=int, help="reproducible dice (default: strong random dice)")
    p.add_argument("--pace", type=_seconds_arg, default=0.6, help="seconds between bot moves")
    p.add_argument(
        "--save", metavar="FILE", help="where the game is saved (default ./schocken-game.json)"
    )
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser(
        "pub",
        help="keep a game played with real dice: enter each turn, the engine referees",
        description="Pub mode: the players throw real dice; enter each turn (the dice at its "
        "end and the throws) and the engine applies the rules: who is best and worst, where the "
        "Deckel go, halves, Finale. Type ? in the game for the forms of an entry (docs/pub.md).",
    )
    _add_rules(p)
    p.add_argument("--players", help="the players' names, clockwise, comma-separated")
    p.add_argument("--lang", choices=LANGUAGES, help="de or en (default: from the locale)")
    p.add_argument(
        "--save", metavar="FILE", help="where the record is saved (default ./schocken-pub.json)"
    )
    p.add_argument("--resume", metavar="FILE", help="go on with a pub game saved before")
    p.add_argument("--stake", default="", help="what the game's loser owes, e.g. 'a round'")
    p.add_argument("--half-stake", default="", help="what a half's loser owes")
    p.set_defaults(func=cmd_pub)

    p = sub.add_parser("odds", help="exact odds of a turn's result, per preset")
    _add_rules(p)
    p.add_argument(
        "--policy",
        default="optimal",
        help="optimal (maximises the result), keep-ones or throw-all (default optimal)",
    )
    p.add_argument("--full", action="store_true", help="every result, not only the kinds")
    p.add_argument("--plot", metavar="PNG", help="also save a bar chart (needs matplotlib)")
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser("serve", help="run the game server (HTTP and WebSockets, SQLite)")
    p.add_argument("--host", help="the address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--lan",
        action="store_true",
        help="listen on the network (0.0.0.0) and give this machine's LAN address in links",
    )
    p.add_argument(
        "--public-url",
        help="the address players use (links, QR codes, allowed page origin); default from "
        "--host and --port",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        metavar="URL",
        help="another page origin allowed to use the server (repeatable)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="the reverse proxy's addresses, whose X-Forwarded-For is trusted (default: none)",
    )
    p.add_argument(
        "--port",
        type=_port_arg,
        default=8000,
        help="1 to 65535, or 0: any free port (the one taken is printed); default 8000",
    )
    p.add_argument("--data", default="schocken-data", help="data folder (default ./schocken-data)")
    p.add_argument("--db", help="the SQLite file (default DATA/schocken.sqlite3)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="keep everything in this PostgreSQL database instead of the SQLite file "
        "(postgresql://user@host/db; the postgres extra)",
    )
    p.add_argument("--seed", type=int, help="seeded dice: for tests and demonstrations only")
    p.add_argument("--bot-delay", type=_seconds_arg, default=0.6, help="seconds before a bot moves")
    p.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug", "trace"],
        default="info",
    )
    limits = p.add_argument_group("limits (docs/server.md)")
    add = limits.add_argument
    add("--tables-per-minute", type=_at_least_one, default=10, help="per client address")
    add("--max-tables", type=_at_least_one, default=1000, help="tables in play at once")
    add("--conns-per-token", type=_at_least_one, default=4, help="WebSockets with one token")
    add("--conns-per-address", type=_at_least_one, default=64, help="WebSockets per address")
    add("--max-connections", type=_at_least_one, default=4000, help="connections in all")
    add("--msg-rate", type=_positive_arg, default=10.0, help="messages a second per connection")
    add("--max-body", type=_at_least_one, default=16_384, help="bytes of a request body")
    add(
        "--max-record",
        type=_at_least_one,
        default=524_288,
        help="bytes of a game record sent for review",
    )
    add(
        "--max-register",
        type=_at_least_one,
        default=1_048_576,
        help="bytes of a tournament's registration (up to 10,000 names at once)",
    )
    add("--review-budget", type=_positive_arg, default=30.0, help="seconds a review may take")
    add("--request-timeout", type=_positive_arg, default=10.0, help="seconds to send a request")
    add(
        "--hello-timeout",
        type=_positive_arg,
        default=5.0,
        help="seconds for a WebSocket's hello once it is open",
    )
    add("--keep-alive", type=_at_least_one, default=5, help="seconds an idle HTTP link stays")
    add(
        "--idle-timeout",
        type=_positive_arg,
        default=1800.0,
        help="seconds a table with nobody connected stays in memory",
    )
    add("--send-queue", type=_at_least_one, default=256, help="messages queued for one client")
    add(
        "--write-timeout",
        type=_positive_arg,
        default=5.0,
        help="seconds a write waits for a locked database",
    )
    add("--bot-budget", type=_positive_arg, default=5.0, help="seconds a solver bot may think")
    add("--bot-workers", type=_at_least_one, default=1, help="processes for solver bots")
    add(
        "--compression",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="compress WebSocket messages for clients that ask (permessage-deflate)",
    )
    add(
        "--away-after",
        type=_positive_arg,
        default=30.0,
        help="seconds a player may be disconnected before shown as away",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "hint",
        help="the exact chance of losing the round, for each action",
        description="The exact chance of losing the round and the expected change of your "
        "Deckel, for each legal action of your turn, best first.",
        epilog=HINT_MODEL,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_rules(p)
    p.add_argument("--dice", help="the three dice showing, like 5-4-1 (none before a throw)")
    p.add_argument("--aside", help="which of them were set aside before the last throw")
    p.add_argument("--throws", type=int, default=0, help="throws used so far")
    p.add_argument("--limit", type=int, help="the round's throw limit (default 3)")
    p.add_argument("--opener", action="store_true", help="you open the round (fix the limit)")
    p.add_argument(
        "--shown", help="results before you, like 6-5-2,4-4-1/2,6-6-6/2a (throws; a: assembled)"
    )
    p.add_argument(
        "--covered",
        help="covered cups before you: aside/throws, like 1-1/3,-/3 ('-' or nothing: no dice "
        "aside; throws default to the covered throw)",
    )
    p.add_argument(
        "--after",
        type=int,
        default=0,
        help=f"players after you in the round (0 to {MAX_PLAYERS - 1}, less those before you)",
    )
    p.add_argument("--middle", type=int, default=13, help="Deckel left in the middle")
    p.add_argument("--deckel", type=int, default=0, help="Deckel you hold")
    p.set_defaults(func=cmd_hint)

    p = sub.add_parser("rules", help="print the rules of a preset, or its options with sources")
    p.add_argument("preset", nargs="?", help="a preset or a house-rules TOML file (default: all)")
    p.add_argument("--lang", choices=LANGUAGES, help="the rules as sentences in de or en")
    p.add_argument("--markdown", action="store_true", help="all options as docs/rules.md")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser(
        "card",
        help="a preset's strategy card: a way to play you can remember, and what it costs",
        description="The strategy card of a preset: the best of a family of simple threshold "
        "rules found by simulation against three pub regulars (bench/card.py), with the share "
        "of games it lost in 100,000 and how many points more that is than the solver bot's. "
        "docs/strategy.md says how it was found.",
    )
    p.add_argument("preset", nargs="?", help=f"{', '.join(PRESETS)} (default: all four)")
    p.add_argument("--lang", choices=LANGUAGES, help="de or en (default: both)")
    p.set_defaults(func=cmd_card)

    add_club_parser(sub)
    add_tournament_parser(sub)
    add_migrate_parser(sub)
    from schocken.lab.cli import add_parser as add_lab_parser  # issue 31: `schocken lab`

    add_lab_parser(sub)  # issue 31: `schocken lab`
    return parser


DASH_VALUES = ("--covered",)
"""Options whose value may start with '-' (``--covered -/2``: a cup with nothing aside)."""


def _join_dash_values(argv: Sequence[str]) -> list[str]:
    """``--covered -/2`` as ``--covered=-/2``, so that argparse does not take the value for an
    option."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in DASH_VALUES and i + 1 < len(argv) and argv[i + 1].startswith("-/"):
            out.append(f"{arg}={argv[i + 1]}")
            i += 2
            continue
        out.append(arg)
        i += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(_join_dash_values(sys.argv[1:] if argv is None else argv))
    try:
        result: int = args.func(args)
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    return result


if __name__ == "__main__":
    raise SystemExit(main())
