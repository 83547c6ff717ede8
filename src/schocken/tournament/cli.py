"""``schocken tournament ...``: tournaments on the command line (:mod:`schocken.tournament`).

Every command opens the database (``--db``, by default the game server's file, where the
club's book is too), does one thing in one transaction and prints what it did, in German or
English (``--lang``). Bad input is refused in one line on standard error (exit status 1) and
changes nothing; a file that cannot be used exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from schocken.cli_words import Words, log_line
from schocken.club import DEFAULT_DB
from schocken.club.cli import date_arg
from schocken.errors import ClubError, RulesError, TournamentError
from schocken.files import os_error_text, write_text_whole
from schocken.rules import PRESETS, Rules, find_preset, load_rules
from schocken.texts import LANGUAGES, default_language, refusal_text, refused, t
from schocken.tournament import FORMATS, TournamentBook, find_format
from schocken.tournament.formats import TIE_BREAK_WORDS, format_to_data
from schocken.tournament.paper import PAPERS, joined, papers, print_pdf
from schocken.tournament.results import SECTION_WORDS, SECTIONS, parse_order, result_by_hand
from schocken.tournament.values import RankingInfo, RoundInfo, Standing

Command = Callable[[TournamentBook, argparse.Namespace, str], int]


def _names(text: str) -> list[str]:
    """Names separated by commas (blank ones left out)."""
    return [n.strip() for n in text.split(",") if n.strip()]


def _tournament(book: TournamentBook, args: argparse.Namespace) -> str:
    """The tournament the command is for: ``--tournament``, or the only (else the latest) one."""
    if args.tournament:
        return str(book.info(args.tournament)["name"])
    found = book.tournaments()
    if not found:
        raise refused(TournamentError, "tournament_refuse_none")
    if len(found) > 1:
        raise refused(
            TournamentError,
            "tournament_refuse_which",
            count=len(found),
            names=", ".join(x["name"] for x in found),
        )
    return found[0]["name"]


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as aligned columns (the first two left, the others right)."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            c.ljust(w) if i < 2 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    ]


def _rules(text: str | None) -> Rules:
    if text is None:
        return find_preset("allgemein")
    if text in PRESETS:
        return find_preset(text)
    return load_rules(text)


# ---------------------------------------------------------------------- commands


def cmd_create(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    info = book.create(
        args.name,
        date=args.date,
        place=args.place,
        club=args.club,
        format=args.format,
        rules=_rules(args.rules),
        capacity=args.capacity,
        seed=args.seed,
    )
    print(
        t(
            "tournament_created",
            lang,
            name=info["name"],
            format=info["format"],
            date=info["date"],
            seed=info["seed"],
        )
    )
    return 0


def cmd_list(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    found = book.tournaments()
    if not found:
        print(t("tournament_none", lang))
        return 0
    rows = [t("tournament_list_head", lang).split("|")]
    for x in found:
        rows.append(
            [
                x["name"],
                x["date"],
                x["format"],
                x["club"] or "-",
                str(x["players"]),
                str(x["rounds"]),
                str(x["games"]),
            ]
        )
    print("\n".join(_table(rows)))
    return 0


def cmd_formats(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    for name, fmt in FORMATS.items():
        if args.name and name != args.name:
            continue
        print(f"{name}: {fmt.title}")
        print("  " + t("tournament_formats_source", lang, source=fmt.source))
        data = format_to_data(fmt)
        for part in ("qualifying", "final"):  # the stages as data (JSON), as a format file has them
            if data[part] is not None:
                said = json.dumps(data[part], ensure_ascii=False)
                print("  " + t(f"tournament_formats_{part}", lang, data=said))
        breaks = [t(f"tournament_tb_{b.value}", lang) for b in fmt.tie_breaks]
        print("  " + t("tournament_tie_breaks", lang, breaks=", ".join(breaks) or "-"))
    if args.name:
        find_format(args.name)
    return 0


SAID_NAMES = 50
"""A registration of more names says how many, not each."""


def cmd_register(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    name = _tournament(book, args)
    names = [n for arg in args.names for n in _names(arg)]
    before = {p["name"] for p in book.players(name)}
    rounds = book.info(name)["rounds"]
    players = book.register(name, names, team=args.team, guest=args.guest)
    if len(players) > SAID_NAMES:
        print(t("tournament_registered_many", lang, count=len(players)))
    else:
        print(t("tournament_registered", lang, names=", ".join(p["name"] for p in players)))
    if rounds:
        late = [p["name"] for p in players if p["name"] not in before]
        at_tables = {n for tb in book.round(name, rounds)["tables"] for n in tb["players"]}
        seated = [n for n in late if n in at_tables]
        later = [n for n in late if n not in seated]
        if seated:
            print(t("tournament_seated_late", lang, round=rounds, names=", ".join(seated)))
        if later:
            print(t("tournament_from_round", lang, round=rounds + 1, names=", ".join(later)))
    return 0


def cmd_withdraw(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    name = _tournament(book, args)
    info = book.withdraw(name, args.player)
    if info is None:
        print(t("tournament_unregistered", lang, name=args.player))
    else:
        print(t("tournament_withdrawn", lang, name=info["name"], round=info["left_after"]))
    return 0


def cmd_players(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    rows = [t("tournament_players_head", lang).split("|")]
    for p in book.players(_tournament(book, args)):
        rows.append(
            [
                str(p["number"]),
                p["name"],
                p["team"] or "-",
                str(p["from_round"]),
                "-" if p["left_after"] is None else str(p["left_after"]),
            ]
        )
    print("\n".join(_table(rows)))
    return 0


def _print_round(r: RoundInfo, lang: str) -> None:
    stage = t(f"tournament_stage_{r['stage']}", lang)
    print(t("tournament_round", lang, round=r["number"], stage=stage))
    for tb in r["tables"]:
        extra = f" {t('tournament_springer', lang)}" if tb["springer"] else ""
        games = f" [{t('tournament_games_played', lang, games=tb['games'])}]" if tb["games"] else ""
        print(f"  {t('tournament_table', lang, table=tb['number'])}{extra}{games}: ", end="")
        print(", ".join(tb["players"]))
    if not r["springer_in_turn"]:
        print(t("tournament_springer_uneven", lang))


def cmd_draw(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    r = book.draw(_tournament(book, args), close=args.close)
    if args.json:
        print(json.dumps(r, ensure_ascii=False, indent=1))
    else:
        _print_round(r, lang)
    return 0


def cmd_undraw(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    number = book.undraw(_tournament(book, args), args.reason)
    print(t("tournament_undrawn", lang, round=number))
    return 0


def cmd_tables(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    name = _tournament(book, args)
    rounds = book.rounds(name)
    if args.round is not None:
        rounds = [book.round(name, args.round)]
    if args.json:
        print(json.dumps(rounds, ensure_ascii=False, indent=1))
        return 0
    if not rounds:
        print(t("tournament_no_rounds", lang))
    for r in rounds:
        _print_round(r, lang)
    return 0


def _schock_aus(items: Sequence[str], what: str) -> dict[str, list[str]]:
    """``SECTION=NAME`` pairs, by section."""
    out: dict[str, list[str]] = {}
    for item in items:
        section, sep, name = item.partition("=")
        if not sep or not name.strip():
            raise refused(TournamentError, "tournament_refuse_section_name", what=what)
        out.setdefault(section.strip(), []).append(name.strip())
    return out


def cmd_enter(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    name = _tournament(book, args)
    if args.record is not None:
        if args.half or args.finale_loser or args.schock_aus or args.bought_in:
            raise refused(TournamentError, "tournament_refuse_record_or_hand")
        try:
            text = Path(args.record).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise refused(TournamentError, "tournament_refuse_utf8", file=args.record) from None
        info = book.enter(name, args.round, args.table, record=text, source=args.source)
    else:
        if not args.half:
            raise refused(TournamentError, "tournament_refuse_enter_how")
        tables = book.round(name, args.round)["tables"]
        table = next((tb for tb in tables if tb["number"] == args.table), None)
        if table is None:
            raise refused(
                TournamentError,
                "tournament_refuse_table",
                round=args.round,
                tables=", ".join(str(tb["number"]) for tb in tables),
                value=args.table,
            )
        givers = _schock_aus(args.schock_aus or [], "--schock-aus")
        for section, who in givers.items():
            if len(who) > 1:
                raise refused(
                    TournamentError,
                    "tournament_refuse_one_schock_aus",
                    section=SECTION_WORDS.get(section, section),
                    count=len(who),
                )
        halves = [parse_order(h) for h in args.half]
        named = [p for group in halves[0] for p in group]
        players = [p for p in table["players"] if p in named]
        players += [p for p in named if p not in table["players"]]
        result = result_by_hand(
            players,
            halves=halves,
            finale_loser=args.finale_loser,
            schock_aus={k: v[0] for k, v in givers.items()},
            bought_in=_schock_aus(args.bought_in or [], "--bought-in"),
        )
        info = book.enter(name, args.round, args.table, result=result)
    print(
        t(
            "tournament_entered",
            lang,
            number=info["number"],
            table=info["table"],
            round=info["round"],
            loser=info["loser"],
        )
    )
    return 0


def cmd_remove(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    info = book.remove_game(_tournament(book, args), args.round, args.table, args.reason)
    print(
        t(
            "tournament_removed",
            lang,
            number=info["number"],
            table=info["table"],
            round=info["round"],
        )
    )
    return 0


def cmd_games(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    games = book.games(_tournament(book, args), args.round, args.table)
    if args.json:
        print(json.dumps(games, ensure_ascii=False, indent=1))
        return 0
    for g in games:
        print(
            t(
                "tournament_game_line",
                lang,
                round=g["round"],
                table=g["table"],
                number=g["number"],
                source=t(f"tournament_source_{g['source']}", lang),
                loser=g["loser"],
            )
        )
    return 0


def _standings(lines: Sequence[Standing], ranking: RankingInfo, lang: str) -> list[str]:
    score = t(f"tournament_score_{ranking['score']}", lang)
    rows = [t("tournament_rank_head", lang, score=score).split("|")]
    for s in lines:
        rows.append(
            [
                f"{s['place']}.",
                s["name"],
                s["team"] or "-",
                str(s["score"]),
                str(s["rounds"]),
                str(s["games"]),
                str(s["games_lost"]),
                str(s["halves_lost"]),
                f"{s['schock_aus']}/{s['schock_aus_taken']}",
            ]
        )
    return _table(rows)


def cmd_rank(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    ranking = book.rank(_tournament(book, args))
    if args.json:
        print(json.dumps(ranking, ensure_ascii=False, indent=1))
        return 0
    score = t(f"tournament_score_{ranking['score']}", lang)
    if args.round is not None:
        found = [r for r in ranking["rounds"] if r["round"] == args.round]
        if not found:
            raise refused(TournamentError, "tournament_refuse_round_not_drawn", round=args.round)
        r = found[0]
        print(
            t(
                "tournament_round",
                lang,
                round=r["round"],
                stage=t(f"tournament_stage_{r['stage']}", lang),
            )
        )
        if r["players"]:
            print("\n".join(_standings(r["players"], ranking, lang)))
        for tb in r["tables"]:
            state = t("tournament_decided" if tb["decided"] else "tournament_open", lang)
            print(f"{t('tournament_table', lang, table=tb['table'])} ({state})")
            rows = [t("tournament_table_head", lang).split("|")]
            for seat in tb["players"]:
                rows.append(
                    [
                        f"{seat['place']}.",
                        seat["name"],
                        "-" if seat["lives"] is None else str(seat["lives"]),
                        "-" if seat["points"] is None else str(seat["points"]),
                        t("tournament_goes_on", lang) if seat["goes_on"] else "",
                    ]
                )
            print("\n".join(_table(rows)))
        return 0
    breaks = ", ".join(t(f"tournament_tb_{b}", lang) for b in _tie_break_keys(ranking))
    print(t("tournament_overall", lang))
    if any(s["final_round"] for s in ranking["players"]):
        rows = [t("tournament_final_head", lang, score=score).split("|")]
        for s in ranking["players"]:
            reached = (
                t("tournament_reached", lang, round=s["final_round"], place=s["final_place"])
                if s["final_round"]
                else "-"
            )
            rows.append(
                [
                    f"{s['place']}.",
                    s["name"],
                    s["team"] or "-",
                    reached,
                    str(s["score"]),
                    str(s["games"]),
                    str(s["games_lost"]),
                ]
            )
        print("\n".join(_table(rows)))
        print()
        print(t("tournament_qualifying", lang))
        print("\n".join(_standings(ranking["qualifying"], ranking, lang)))
    else:
        print("\n".join(_standings(ranking["players"], ranking, lang)))
    print(t("tournament_tie_breaks", lang, breaks=breaks or "-"))
    if ranking["teams"]:
        print()
        print(t("tournament_teams", lang))
        rows = [t("tournament_teams_head", lang, score=score).split("|")]
        for team in ranking["teams"]:
            rows.append(
                [f"{team['place']}.", team["team"], str(team["score"]), ", ".join(team["players"])]
            )
        print("\n".join(_table(rows)))
    print()
    kings = [s for s in ranking["schock_aus"] if s["place"] == 1]
    if kings:
        names = ", ".join(k["name"] for k in kings)
        print(t("tournament_king", lang, names=names, given=kings[0]["given"]))
    else:
        print(t("tournament_no_king", lang))
    return 0


def _tie_break_keys(ranking: RankingInfo) -> list[str]:
    words = {w: b.value for b, w in TIE_BREAK_WORDS.items()}
    return [words[w] for w in ranking["tie_breaks"]]


def cmd_export(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    name = _tournament(book, args)
    write_text_whole(args.file, book.export(name))
    print(t("tournament_exported", lang, name=name, file=args.file))
    return 0


def cmd_import(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise refused(TournamentError, "tournament_refuse_utf8", file=args.file) from None
    info = book.import_(text)
    print(t("tournament_imported", lang, name=info["name"], file=args.file))
    return 0


def cmd_print(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    """The print views as one PDF (Chromium), as HTML, or the HTML on standard output."""
    name = _tournament(book, args)
    whats = args.what or list(PAPERS)
    pages = papers(book, name, whats, lang, args.round)
    if args.pdf:
        print_pdf(pages, Path(args.pdf))
        print(t("tournament_printed", lang, name=name, file=args.pdf, views=", ".join(whats)))
    elif args.html:
        write_text_whole(args.html, pages[0] if len(pages) == 1 else joined(pages))
        print(t("tournament_printed", lang, name=name, file=args.html, views=", ".join(whats)))
    else:
        sys.stdout.write(pages[0] if len(pages) == 1 else joined(pages))
    return 0


def cmd_log(book: TournamentBook, args: argparse.Namespace, lang: str) -> int:
    for entry in book.log(_tournament(book, args)):
        print(log_line(entry, lang))
    return 0


# ---------------------------------------------------------------------- the parser


def add_tournament_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``schocken tournament`` and its commands."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        default=str(DEFAULT_DB),
        help=Words("cli_help_db", db=DEFAULT_DB),
    )
    common.add_argument("--tournament", "-t", help=Words("cli_tournament_tournament"))
    common.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))

    top = sub.add_parser(
        "tournament",
        help=Words("cli_help_tournament"),
        description=Words("cli_about_tournament"),
    )
    ts = top.add_subparsers(dest="tournament_command", required=True, metavar="COMMAND")

    def leaf(name: str, func: Command, help_text: str) -> argparse.ArgumentParser:
        p = ts.add_parser(name, help=help_text, parents=[common])
        p.set_defaults(func=run_tournament, tournament_func=func)
        return p

    p = leaf("create", cmd_create, Words("cli_help_tournament_create"))
    p.add_argument("name")
    p.add_argument("--date", required=True, type=date_arg, help=Words("cli_help_date"))
    p.add_argument("--place", default="")
    p.add_argument("--club", help=Words("cli_tournament_create_club"))
    p.add_argument(
        "--format",
        default="werl",
        help=Words("cli_tournament_create_format", formats=", ".join(FORMATS)),
    )
    p.add_argument("--rules", help=Words("cli_tournament_create_rules"))
    p.add_argument("--capacity", type=int, help=Words("cli_tournament_create_capacity"))
    p.add_argument("--seed", help=Words("cli_tournament_create_seed"))
    leaf("list", cmd_list, Words("cli_help_tournament_list"))
    p = leaf("formats", cmd_formats, Words("cli_help_tournament_formats"))
    p.add_argument("name", nargs="?")
    p = leaf("register", cmd_register, Words("cli_help_tournament_register"))
    p.add_argument("names", nargs="+", metavar="NAME", help=Words("cli_tournament_register_names"))
    p.add_argument("--team", help=Words("cli_tournament_register_team"))
    p.add_argument("--guest", action="store_true", help=Words("cli_tournament_register_guest"))
    p = leaf("withdraw", cmd_withdraw, Words("cli_help_tournament_withdraw"))
    p.add_argument("player")
    leaf("players", cmd_players, Words("cli_help_tournament_players"))
    p = leaf("draw", cmd_draw, Words("cli_help_tournament_draw"))
    p.add_argument(
        "--close",
        action="store_true",
        help=Words("cli_tournament_draw_close"),
    )
    p.add_argument("--json", action="store_true")
    p = leaf("undraw", cmd_undraw, Words("cli_help_tournament_undraw"))
    p.add_argument("--reason", required=True, help=Words("cli_tournament_undraw_reason"))
    p = leaf("tables", cmd_tables, Words("cli_help_tournament_tables"))
    p.add_argument("round", nargs="?", type=int)
    p.add_argument("--json", action="store_true")
    p = leaf("enter", cmd_enter, Words("cli_help_tournament_enter"))
    p.add_argument("round", type=int)
    p.add_argument("table", type=int)
    p.add_argument("--record", metavar="FILE", help=Words("cli_help_record_file"))
    p.add_argument("--source", choices=("pub", "online"), default="pub")
    p.add_argument(
        "--half",
        action="append",
        metavar="ORDER",
        help=Words("cli_tournament_enter_half"),
    )
    p.add_argument(
        "--finale-loser", metavar="NAME", help=Words("cli_tournament_enter_finale_loser")
    )
    p.add_argument(
        "--schock-aus",
        action="append",
        metavar="SECTION=NAME",
        help=Words("cli_tournament_enter_schock_aus", sections=", ".join(SECTIONS)),
    )
    p.add_argument(
        "--bought-in",
        action="append",
        metavar="SECTION=NAME",
        help=Words("cli_tournament_enter_bought_in"),
    )
    p = leaf("remove", cmd_remove, Words("cli_help_tournament_remove"))
    p.add_argument("round", type=int)
    p.add_argument("table", type=int)
    p.add_argument("--reason", required=True)
    p = leaf("games", cmd_games, Words("cli_help_tournament_games"))
    p.add_argument("--round", type=int)
    p.add_argument("--table", type=int)
    p.add_argument("--json", action="store_true")
    p = leaf("rank", cmd_rank, Words("cli_help_tournament_rank"))
    p.add_argument("--round", type=int)
    p.add_argument("--json", action="store_true")
    p = leaf("export", cmd_export, Words("cli_help_tournament_export"))
    p.add_argument("file")
    p = leaf("import", cmd_import, Words("cli_help_tournament_import"))
    p.add_argument("file")
    leaf("log", cmd_log, Words("cli_help_tournament_log"))
    p = leaf("print", cmd_print, Words("cli_help_tournament_print"))
    p.add_argument(
        "what",
        nargs="*",
        metavar="WHAT",
        help=Words("cli_tournament_print_what", papers=", ".join(PAPERS)),
    )
    p.add_argument("--round", type=int, help=Words("cli_tournament_print_round"))
    out = p.add_mutually_exclusive_group()
    out.add_argument("--pdf", metavar="FILE", help=Words("cli_tournament_print_pdf"))
    out.add_argument("--html", metavar="FILE", help=Words("cli_tournament_print_html"))


def run_tournament(args: argparse.Namespace) -> int:
    """Open the database, run the command, report a refusal in one line."""
    lang: str = args.lang or default_language()
    try:
        book = TournamentBook(args.db)
    except TournamentError as exc:
        print(f"schocken tournament: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    try:
        result: int = args.tournament_func(book, args, lang)
        return result
    except (TournamentError, ClubError, RulesError) as exc:
        print(f"schocken tournament: {refusal_text(exc, lang)}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise
    except OSError as exc:
        print(f"schocken tournament: {os_error_text(exc, lang)}", file=sys.stderr)
        return 2
    finally:
        book.close()
