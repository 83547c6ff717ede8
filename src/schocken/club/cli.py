"""``schocken club ...``: the Schockbuch on the command line (:mod:`schocken.club`).

Every command opens the book (``--db``, by default the game server's file), does one thing in one
transaction and prints what it did, in German or English (``--lang``). Bad input is refused in
one line on standard error (exit status 1) and changes nothing; a file that cannot be used exits
with status 2.
"""

from __future__ import annotations

import argparse
import sys

from schocken.club import (
    CSV_KINDS,
    DEFAULT_DB,
    PRICE_ITEMS,
    SECTIONS,
    ClubBook,
    check_date,
)
from schocken.club.cli_book import (
    Command,
    cmd_create,
    cmd_csv,
    cmd_evening_add,
    cmd_evening_list,
    cmd_evening_present,
    cmd_evening_show,
    cmd_export,
    cmd_game_add,
    cmd_game_list,
    cmd_game_void,
    cmd_import,
    cmd_list,
    cmd_log,
    cmd_member_add,
    cmd_member_leave,
    cmd_member_list,
    cmd_member_rename,
    cmd_password,
    cmd_plot,
    cmd_secret,
    cmd_stats,
)
from schocken.club.cli_money import (
    cmd_account_remove,
    cmd_account_set,
    cmd_account_show,
    cmd_balance,
    cmd_charge,
    cmd_expense_add,
    cmd_expense_list,
    cmd_fine,
    cmd_fine_item_list,
    cmd_fine_item_remove,
    cmd_fine_item_set,
    cmd_kitty,
    cmd_ledger,
    cmd_pay,
    cmd_pay_qr,
    cmd_price_list,
    cmd_price_set,
)
from schocken.errors import ClubError, ClubStoreError
from schocken.files import os_error_text
from schocken.texts import (
    LANGUAGES,
    default_language,
    refusal_text,
)

# ---------------------------------------------------------------------- the parser


def date_arg(text: str) -> str:
    """A date as an option gives it, checked (argparse says what is wrong)."""
    try:
        return check_date(text)
    except ClubError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_club_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``schocken club`` and its commands."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        default=str(DEFAULT_DB),
        help=f"the SQLite file or a postgresql:// URL (default {DEFAULT_DB}, the server's)",
    )
    common.add_argument("--club", help="the club (default: the only one in the file)")
    common.add_argument("--lang", choices=LANGUAGES, help="de or en (default: from the locale)")

    club = sub.add_parser(
        "club",
        help="the Schockbuch: a club's evenings, games, fines, payments and statistics",
        description="The Schockbuch: a club's evenings, games, fines, payments and statistics "
        "(docs/club.md).",
    )
    cs = club.add_subparsers(dest="club_command", required=True, metavar="COMMAND")

    def leaf(
        parent: argparse._SubParsersAction[argparse.ArgumentParser],
        name: str,
        func: Command,
        help_text: str,
    ) -> argparse.ArgumentParser:
        p = parent.add_parser(name, help=help_text, parents=[common])
        p.set_defaults(func=run_club, club_func=func)
        return p

    p = leaf(cs, "create", cmd_create, "a new club (prints its secret link key once)")
    p.add_argument("name")
    p.add_argument("--currency", default="EUR", help="EUR (default) or any short word")
    p.add_argument("--season-start", default="01-01", help="MM-DD a season begins (01-01)")
    leaf(cs, "list", cmd_list, "the clubs in the file")
    leaf(cs, "secret", cmd_secret, "a new secret link key (the old one stops working)")
    p = leaf(cs, "password", cmd_password, "set the club's password (read from standard input)")
    p.add_argument("--remove", action="store_true", help="remove the password")

    member = cs.add_parser("member", help="members: add, list, rename, leave")
    ms = member.add_subparsers(dest="member_command", required=True, metavar="COMMAND")
    p = leaf(ms, "add", cmd_member_add, "new members")
    p.add_argument("names", nargs="+", metavar="NAME")
    p.add_argument("--guest", action="store_true", help="a guest: not fined for evenings missed")
    p.add_argument("--joined", type=date_arg, help="since when (default: from the start)")
    leaf(ms, "list", cmd_member_list, "the members")
    p = leaf(ms, "rename", cmd_member_rename, "a member's new name")
    p.add_argument("name")
    p.add_argument("new_name")
    p = leaf(ms, "leave", cmd_member_leave, "a member leaves the club")
    p.add_argument("name")
    p.add_argument("--date", type=date_arg, help="the day (default today)")

    evening = cs.add_parser("evening", help="evenings: add, present, list, show")
    es = evening.add_subparsers(dest="evening_command", required=True, metavar="COMMAND")
    p = leaf(es, "add", cmd_evening_add, "a new evening")
    p.add_argument("date", type=date_arg, help="YYYY-MM-DD")
    p.add_argument("--place", default="")
    p.add_argument("--note", default="")
    p.add_argument("--present", help="who came, comma-separated")
    p = leaf(es, "present", cmd_evening_present, "more members who came to an evening")
    p.add_argument("date", type=date_arg)
    p.add_argument("names", help="comma-separated")
    p = leaf(es, "list", cmd_evening_list, "the evenings")
    p.add_argument("--season")
    p = leaf(es, "show", cmd_evening_show, "an evening's page: games and fines (for the chat)")
    p.add_argument("date", nargs="?", type=date_arg, help="default: the last evening")

    game = cs.add_parser("game", help="games: add, void, list")
    gs = game.add_subparsers(dest="game_command", required=True, metavar="COMMAND")
    p = leaf(gs, "add", cmd_game_add, "a game: its record, or just its loser")
    p.add_argument("--date", type=date_arg, help="the evening (default: the last one)")
    p.add_argument("--record", metavar="FILE", help="the game's record (JSON, docs/record.md)")
    p.add_argument("--source", choices=("pub", "online"), help="where the record comes from")
    p.add_argument("--loser", metavar="NAME", help="who lost (a game without its record)")
    p.add_argument("--players", help="who played, comma-separated (default: who came)")
    p.add_argument("--halves", help="who lost the first and second half, comma-separated")
    p.add_argument(
        "--schock-aus",
        help=f"which ended by Schock-Aus, comma-separated: {', '.join(SECTIONS)}",
    )
    p.add_argument("--note", default="")
    p = leaf(gs, "void", cmd_game_void, "strike a game out, with the reason (it stays listed)")
    p.add_argument("date", type=date_arg)
    p.add_argument("number", type=int)
    p.add_argument("--reason", required=True)
    p = leaf(gs, "list", cmd_game_list, "the games")
    p.add_argument("--season")

    price = cs.add_parser("price", help="the price list: set, list")
    ps = price.add_subparsers(dest="price_command", required=True, metavar="COMMAND")
    p = leaf(ps, "set", cmd_price_set, "the price of an item")
    p.add_argument("item", choices=list(PRICE_ITEMS))
    p.add_argument("amount", help="like 0,50 or 0.50")
    p.add_argument(
        "--from", dest="valid_from", type=date_arg, help="first day (default: from the start)"
    )
    leaf(ps, "list", cmd_price_list, "the price list")

    p = leaf(cs, "pay", cmd_pay, "a member pays into the kitty")
    p.add_argument("member")
    p.add_argument("amount", help="like 10 or 7,50 (negative: paid back)")
    p.add_argument("--date", type=date_arg, help="default today")
    p.add_argument("--note", default="")
    fine_item = cs.add_parser(
        "fine-item", help='the club\'s catalogue of fines ("Würfel vom Tisch"): set, remove, list'
    )
    fs = fine_item.add_subparsers(dest="fine_item_command", required=True, metavar="COMMAND")
    p = leaf(fs, "set", cmd_fine_item_set, "a fine into the catalogue, or its new price")
    p.add_argument("name")
    p.add_argument("amount", help="like 0,50 or 0.50")
    p = leaf(fs, "remove", cmd_fine_item_remove, "a fine out of the catalogue")
    p.add_argument("name")
    leaf(fs, "list", cmd_fine_item_list, "the catalogue of fines")
    p = leaf(cs, "fine", cmd_fine, "book a fine of the catalogue on a member")
    p.add_argument("member")
    p.add_argument("fine", help="its name in the catalogue")
    p.add_argument("--count", type=int, default=1, help="how many times (default 1)")
    p.add_argument("--date", type=date_arg, help="default today")
    p = leaf(cs, "charge", cmd_charge, "a fine or correction by hand, with its reason")
    p.add_argument("member")
    p.add_argument("amount", help="like 1,00 (negative: a credit)")
    p.add_argument("--reason", required=True)
    p.add_argument("--date", type=date_arg, help="default today")
    expense = cs.add_parser("expense", help="the kitty's expenses: add, list")
    xs = expense.add_subparsers(dest="expense_command", required=True, metavar="COMMAND")
    p = leaf(xs, "add", cmd_expense_add, "the kitty pays something out")
    p.add_argument("amount", help="like 45 or 12,50 (negative: a correction, money back in)")
    p.add_argument("--for", dest="purpose", required=True, help="what it was for")
    p.add_argument("--by", help="the member who paid it out (optional)")
    p.add_argument("--date", type=date_arg, help="default today")
    p = leaf(xs, "list", cmd_expense_list, "the kitty's expenses")
    p.add_argument("--season")
    account = cs.add_parser("account", help="the club's bank account (to pay by QR code)")
    acs = account.add_subparsers(dest="account_command", required=True, metavar="COMMAND")
    p = leaf(acs, "set", cmd_account_set, "set the club's IBAN and account holder")
    p.add_argument("iban", help="like 'DE89 3704 0044 0532 0130 00' (in quotes if with spaces)")
    p.add_argument("holder", help="the account holder's name, as the bank knows it")
    p.add_argument("--bic", help="the bank's BIC (optional within the EEA)")
    leaf(acs, "show", cmd_account_show, "the club's bank account")
    leaf(acs, "remove", cmd_account_remove, "remove the bank account")
    p = leaf(cs, "pay-qr", cmd_pay_qr, "a member's balance as a transfer's QR code (GiroCode)")
    p.add_argument("member")
    p.add_argument("file", nargs="?", default="pay.svg", help="an .svg or .png file (pay.svg)")
    p = leaf(cs, "kitty", cmd_kitty, "the kitty: paid in, paid out, balance, still owed")
    p.add_argument("--json", action="store_true")
    p = leaf(cs, "balance", cmd_balance, "what every member owes")
    p.add_argument("--json", action="store_true")
    p = leaf(cs, "ledger", cmd_ledger, "every line of the accounts (of one member)")
    p.add_argument("member", nargs="?")
    p = leaf(cs, "stats", cmd_stats, "statistics per member, and who loses to whom")
    p.add_argument("--season", help="like 2024, or 2024/25 for seasons not starting 01-01")
    p.add_argument("--json", action="store_true")
    p = leaf(cs, "csv", cmd_csv, "a table as CSV")
    p.add_argument("kind", choices=CSV_KINDS)
    p.add_argument("file", nargs="?", help="default: standard output")
    p.add_argument("--season")
    p = leaf(cs, "export", cmd_export, "the whole club as JSON")
    p.add_argument("file")
    p = leaf(cs, "import", cmd_import, "a club from an export")
    p.add_argument("file")
    p = leaf(cs, "plot", cmd_plot, "a chart of the statistics, PNG or SVG (analysis extra)")
    p.add_argument("file")
    p.add_argument("--season")
    leaf(cs, "log", cmd_log, "every change to the club, with its time")


def run_club(args: argparse.Namespace) -> int:
    """Open the book, run the command, report a refusal in one line."""
    lang: str = args.lang or default_language()
    try:
        book = ClubBook(args.db)
    except ClubStoreError as exc:
        print(f"schocken club: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    try:
        result: int = args.club_func(book, args, lang)
        return result
    except ClubError as exc:
        print(f"schocken club: {refusal_text(exc, lang)}", file=sys.stderr)
        return 1
    except ClubStoreError as exc:  # the file cannot take a change (a full disk): nothing changed
        print(f"schocken club: {refusal_text(exc, lang)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise
    except OSError as exc:
        print(f"schocken club: {os_error_text(exc)}", file=sys.stderr)
        return 2
    finally:
        book.close()
