"""``schocken club ...``: the Schockbuch on the command line (:mod:`schocken.club`).

Every command opens the book (``--db``, by default the game server's file), does one thing in one
transaction and prints what it did, in German or English (``--lang``). Bad input is refused in
one line on standard error (exit status 1) and changes nothing; a file that cannot be used exits
with status 2.
"""

from __future__ import annotations

import argparse
import sys

from schocken.cli_words import Words, language
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
        raise argparse.ArgumentTypeError(refusal_text(exc, language())) from None


def add_club_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``schocken club`` and its commands."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        default=str(DEFAULT_DB),
        help=Words("cli_help_db", db=DEFAULT_DB),
    )
    common.add_argument("--club", help=Words("cli_club_club"))
    common.add_argument("--lang", choices=LANGUAGES, help=Words("cli_help_lang"))

    club = sub.add_parser(
        "club",
        help=Words("cli_help_club"),
        description=Words("cli_about_club"),
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

    p = leaf(cs, "create", cmd_create, Words("cli_help_club_create"))
    p.add_argument("name")
    p.add_argument("--currency", default="EUR", help=Words("cli_club_create_currency"))
    p.add_argument("--season-start", default="01-01", help=Words("cli_club_create_season_start"))
    leaf(cs, "list", cmd_list, Words("cli_help_club_list"))
    leaf(cs, "secret", cmd_secret, Words("cli_help_club_secret"))
    p = leaf(cs, "password", cmd_password, Words("cli_help_club_password"))
    p.add_argument("--remove", action="store_true", help=Words("cli_club_password_remove"))

    member = cs.add_parser("member", help=Words("cli_help_club_member"))
    ms = member.add_subparsers(dest="member_command", required=True, metavar="COMMAND")
    p = leaf(ms, "add", cmd_member_add, Words("cli_help_club_member_add"))
    p.add_argument("names", nargs="+", metavar="NAME")
    p.add_argument("--guest", action="store_true", help=Words("cli_club_member_add_guest"))
    p.add_argument("--joined", type=date_arg, help=Words("cli_club_member_add_joined"))
    leaf(ms, "list", cmd_member_list, Words("cli_help_club_member_list"))
    p = leaf(ms, "rename", cmd_member_rename, Words("cli_help_club_member_rename"))
    p.add_argument("name")
    p.add_argument("new_name")
    p = leaf(ms, "leave", cmd_member_leave, Words("cli_help_club_member_leave"))
    p.add_argument("name")
    p.add_argument("--date", type=date_arg, help=Words("cli_club_member_leave_date"))

    evening = cs.add_parser("evening", help=Words("cli_help_club_evening"))
    es = evening.add_subparsers(dest="evening_command", required=True, metavar="COMMAND")
    p = leaf(es, "add", cmd_evening_add, Words("cli_help_club_evening_add"))
    p.add_argument("date", type=date_arg, help=Words("cli_help_date"))
    p.add_argument("--place", default="")
    p.add_argument("--note", default="")
    p.add_argument("--present", help=Words("cli_club_evening_add_present"))
    p = leaf(es, "present", cmd_evening_present, Words("cli_help_club_evening_present"))
    p.add_argument("date", type=date_arg)
    p.add_argument("names", help=Words("cli_club_evening_present_names"))
    p = leaf(es, "list", cmd_evening_list, Words("cli_help_club_evening_list"))
    p.add_argument("--season")
    p = leaf(es, "show", cmd_evening_show, Words("cli_help_club_evening_show"))
    p.add_argument("date", nargs="?", type=date_arg, help=Words("cli_club_evening_show_date"))

    game = cs.add_parser("game", help=Words("cli_help_club_game"))
    gs = game.add_subparsers(dest="game_command", required=True, metavar="COMMAND")
    p = leaf(gs, "add", cmd_game_add, Words("cli_help_club_game_add"))
    p.add_argument("--date", type=date_arg, help=Words("cli_club_game_add_date"))
    p.add_argument("--record", metavar="FILE", help=Words("cli_help_record_file"))
    p.add_argument("--source", choices=("pub", "online"), help=Words("cli_club_game_add_source"))
    p.add_argument("--loser", metavar="NAME", help=Words("cli_club_game_add_loser"))
    p.add_argument("--players", help=Words("cli_club_game_add_players"))
    p.add_argument("--halves", help=Words("cli_club_game_add_halves"))
    p.add_argument(
        "--schock-aus",
        help=Words("cli_club_game_add_schock_aus", sections=", ".join(SECTIONS)),
    )
    p.add_argument("--note", default="")
    p = leaf(gs, "void", cmd_game_void, Words("cli_help_club_game_void"))
    p.add_argument("date", type=date_arg)
    p.add_argument("number", type=int)
    p.add_argument("--reason", required=True)
    p = leaf(gs, "list", cmd_game_list, Words("cli_help_club_game_list"))
    p.add_argument("--season")

    price = cs.add_parser("price", help=Words("cli_help_club_price"))
    ps = price.add_subparsers(dest="price_command", required=True, metavar="COMMAND")
    p = leaf(ps, "set", cmd_price_set, Words("cli_help_club_price_set"))
    p.add_argument("item", choices=list(PRICE_ITEMS))
    p.add_argument("amount", help=Words("cli_help_amount"))
    p.add_argument(
        "--from", dest="valid_from", type=date_arg, help=Words("cli_club_price_set_from")
    )
    leaf(ps, "list", cmd_price_list, Words("cli_help_club_price_list"))

    p = leaf(cs, "pay", cmd_pay, Words("cli_help_club_pay"))
    p.add_argument("member")
    p.add_argument("amount", help=Words("cli_club_pay_amount"))
    p.add_argument("--date", type=date_arg, help=Words("cli_help_default_today"))
    p.add_argument("--note", default="")
    fine_item = cs.add_parser("fine-item", help=Words("cli_help_club_fine_item"))
    fs = fine_item.add_subparsers(dest="fine_item_command", required=True, metavar="COMMAND")
    p = leaf(fs, "set", cmd_fine_item_set, Words("cli_help_club_fine_item_set"))
    p.add_argument("name")
    p.add_argument("amount", help=Words("cli_help_amount"))
    p = leaf(fs, "remove", cmd_fine_item_remove, Words("cli_help_club_fine_item_remove"))
    p.add_argument("name")
    leaf(fs, "list", cmd_fine_item_list, Words("cli_help_club_fine_item_list"))
    p = leaf(cs, "fine", cmd_fine, Words("cli_help_club_fine"))
    p.add_argument("member")
    p.add_argument("fine", help=Words("cli_club_fine_fine"))
    p.add_argument("--count", type=int, default=1, help=Words("cli_club_fine_count"))
    p.add_argument("--date", type=date_arg, help=Words("cli_help_default_today"))
    p = leaf(cs, "charge", cmd_charge, Words("cli_help_club_charge"))
    p.add_argument("member")
    p.add_argument("amount", help=Words("cli_club_charge_amount"))
    p.add_argument("--reason", required=True)
    p.add_argument("--date", type=date_arg, help=Words("cli_help_default_today"))
    expense = cs.add_parser("expense", help=Words("cli_help_club_expense"))
    xs = expense.add_subparsers(dest="expense_command", required=True, metavar="COMMAND")
    p = leaf(xs, "add", cmd_expense_add, Words("cli_help_club_expense_add"))
    p.add_argument("amount", help=Words("cli_club_expense_add_amount"))
    p.add_argument("--for", dest="purpose", required=True, help=Words("cli_club_expense_add_for"))
    p.add_argument("--by", help=Words("cli_club_expense_add_by"))
    p.add_argument("--date", type=date_arg, help=Words("cli_help_default_today"))
    p = leaf(xs, "list", cmd_expense_list, Words("cli_help_club_expense_list"))
    p.add_argument("--season")
    account = cs.add_parser("account", help=Words("cli_help_club_account"))
    acs = account.add_subparsers(dest="account_command", required=True, metavar="COMMAND")
    p = leaf(acs, "set", cmd_account_set, Words("cli_help_club_account_set"))
    p.add_argument("iban", help=Words("cli_club_account_set_iban"))
    p.add_argument("holder", help=Words("cli_club_account_set_holder"))
    p.add_argument("--bic", help=Words("cli_club_account_set_bic"))
    leaf(acs, "show", cmd_account_show, Words("cli_help_club_account_show"))
    leaf(acs, "remove", cmd_account_remove, Words("cli_help_club_account_remove"))
    p = leaf(cs, "pay-qr", cmd_pay_qr, Words("cli_help_club_pay_qr"))
    p.add_argument("member")
    p.add_argument("file", nargs="?", default="pay.svg", help=Words("cli_club_pay_qr_file"))
    p = leaf(cs, "kitty", cmd_kitty, Words("cli_help_club_kitty"))
    p.add_argument("--json", action="store_true")
    p = leaf(cs, "balance", cmd_balance, Words("cli_help_club_balance"))
    p.add_argument("--json", action="store_true")
    p = leaf(cs, "ledger", cmd_ledger, Words("cli_help_club_ledger"))
    p.add_argument("member", nargs="?")
    p = leaf(cs, "stats", cmd_stats, Words("cli_help_club_stats"))
    p.add_argument("--season", help=Words("cli_club_stats_season"))
    p.add_argument("--json", action="store_true")
    p = leaf(cs, "csv", cmd_csv, Words("cli_help_club_csv"))
    p.add_argument("kind", choices=CSV_KINDS)
    p.add_argument("file", nargs="?", help=Words("cli_club_csv_file"))
    p.add_argument("--season")
    p = leaf(cs, "export", cmd_export, Words("cli_help_club_export"))
    p.add_argument("file")
    p = leaf(cs, "import", cmd_import, Words("cli_help_club_import"))
    p.add_argument("file")
    p = leaf(cs, "plot", cmd_plot, Words("cli_help_club_plot"))
    p.add_argument("file")
    p.add_argument("--season")
    leaf(cs, "log", cmd_log, Words("cli_help_club_log"))


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
        print(f"schocken club: {os_error_text(exc, lang)}", file=sys.stderr)
        return 2
    finally:
        book.close()
