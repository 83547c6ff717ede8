"""The club commands about money (``schocken club price``, ``fine``, ``pay``, ``account``,
``charge``, ``balance``, ``expense``, ``kitty``, ``ledger``): :mod:`schocken.club.cli` builds
their parser.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from schocken.club import (
    ClubBook,
    FineItemInfo,
    parse_amount,
)
from schocken.club.cli_book import balance_text, chosen_club, currency_of, table_lines
from schocken.club.transfer import draw_qr
from schocken.texts import (
    money,
    t,
)


def cmd_price_set(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    book.set_price(club, args.item, parse_amount(args.amount), valid_from=args.valid_from)
    start = (
        t("club_from_date", lang, date=args.valid_from)
        if args.valid_from
        else t("club_from_start", lang)
    )
    amount = money(parse_amount(args.amount), lang, currency_of(book, club))
    print(
        t(
            "club_price_set",
            lang,
            item=t(f"club_item_{args.item}", lang),
            amount=amount,
            start=start,
        )
    )
    return 0


def cmd_price_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    prices = book.prices(club)
    if not prices:
        print(t("club_no_prices", lang))
    cur = currency_of(book, club)
    for p in prices:
        start = (
            t("club_from_date", lang, date=p["valid_from"])
            if p["valid_from"]
            else t("club_from_start", lang)
        )
        print(
            f"{p['item']:<17} {t('club_item_' + p['item'], lang):<24} "
            f"{money(p['cents'], lang, cur):>10}  {start}"
        )
    return 0


def cmd_fine_item_set(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    items = book.set_fine_item(club, args.name, parse_amount(args.amount))
    _print_fine_items(book, club, items, lang)
    return 0


def cmd_fine_item_remove(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    items = book.remove_fine_item(club, args.name)
    print(t("club_fine_item_removed", lang, name=args.name))
    _print_fine_items(book, club, items, lang)
    return 0


def cmd_fine_item_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    _print_fine_items(book, club, book.fine_items(club), lang)
    return 0


def _print_fine_items(book: ClubBook, club: str, items: list[FineItemInfo], lang: str) -> None:
    if not items:
        print(t("club_no_fine_items", lang))
    cur = currency_of(book, club)
    width = max((len(i["name"]) for i in items), default=0)
    for i in items:
        print(f"{i['name']:<{width}}  {money(i['cents'], lang, cur):>10}")


def cmd_fine(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    b = book.fine(club, args.member, args.fine, count=args.count, day=args.date)
    line = book.ledger(club, b["member"])[-1]
    print(
        t(
            "club_charged",
            lang,
            member=b["member"],
            amount=money(line["cents"], lang, currency_of(book, club)),
            reason=line["text"],
            balance=balance_text(book, club, b, lang),
        )
    )
    return 0


def cmd_pay(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    cents = parse_amount(args.amount)
    b = book.pay(club, args.member, cents, day=args.date, note=args.note)
    print(
        t(
            "club_paid",
            lang,
            member=b["member"],
            amount=money(cents, lang, currency_of(book, club)),
            balance=balance_text(book, club, b, lang),
        )
    )
    return 0


def cmd_account_set(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    account = book.set_account(club, args.iban, args.holder, bic=args.bic or "")
    print(t("club_account_set", lang, club=club, iban=account["iban"], holder=account["holder"]))
    return 0


def cmd_account_show(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    account = book.account(club)
    if account is None:
        print(t("club_account_none", lang, club=club))
    else:
        print(
            t("club_account_set", lang, club=club, iban=account["iban"], holder=account["holder"])
        )
    return 0


def cmd_account_remove(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    book.remove_account(club)
    print(t("club_account_none", lang, club=club))
    return 0


def cmd_pay_qr(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    """A member's balance as a transfer's QR code (EPC069-12, "GiroCode"), SVG or PNG."""
    club = chosen_club(book, args)
    kind = "png" if str(args.file).lower().endswith(".png") else "svg"
    transfer = book.transfer(club, args.member)
    image = draw_qr(transfer["payload"], kind)
    Path(args.file).parent.mkdir(parents=True, exist_ok=True)
    with open(args.file + ".part", "wb") as out:
        out.write(image)
    Path(args.file + ".part").replace(args.file)
    print(
        t(
            "club_pay_qr_written",
            lang,
            file=args.file,
            member=transfer["member"],
            amount=money(transfer["cents"], lang, "EUR"),
            iban=transfer["iban"],
            reference=transfer["reference"],
        )
    )
    if transfer["adjusted"]:
        print(t("club_pay_adjusted", lang))
    return 0


def cmd_charge(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    cents = parse_amount(args.amount)
    b = book.charge(club, args.member, cents, args.reason, day=args.date)
    print(
        t(
            "club_charged",
            lang,
            member=b["member"],
            amount=money(cents, lang, currency_of(book, club)),
            reason=args.reason,
            balance=balance_text(book, club, b, lang),
        )
    )
    return 0


def cmd_balance(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    balances = book.balances(club)
    if args.json:
        print(json.dumps(balances, ensure_ascii=False, indent=1))
        return 0
    cur = currency_of(book, club)
    rows = [t("club_balance_head", lang).split("|")]
    for b in balances:
        rows.append(
            [
                b["member"],
                money(b["charged"], lang, cur),
                money(b["paid"], lang, cur),
                balance_text(book, club, b, lang),
            ]
        )
    print("\n".join(table_lines(rows)))
    kitty = book.kitty(club)
    print(
        t(
            "club_kitty",
            lang,
            balance=money(kitty["balance"], lang, cur),
            paid=money(kitty["paid_in"], lang, cur),
            out=money(kitty["paid_out"], lang, cur),
            owed=money(kitty["owed"], lang, cur),
        )
    )
    return 0


def cmd_expense_add(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    cents = parse_amount(args.amount)
    entry = book.add_expense(club, cents, args.purpose, day=args.date, paid_by=args.by)
    kitty = book.kitty(club)
    cur = currency_of(book, club)
    by = t("club_expense_by", lang, name=entry["paid_by"]) if entry["paid_by"] else ""
    print(
        t(
            "club_expense_added",
            lang,
            date=entry["date"],
            amount=money(cents, lang, cur),
            purpose=entry["purpose"],
            by=by,
            balance=money(kitty["balance"], lang, cur),
        )
    )
    return 0


def cmd_expense_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    cur = currency_of(book, club)
    expenses = book.expenses(club, args.season)
    if not expenses:
        print(t("club_no_expenses", lang))
        return 0
    rows = [
        [x["date"], x["paid_by"] or "", x["purpose"], money(x["cents"], lang, cur)]
        for x in expenses
    ]
    print("\n".join(table_lines(rows)))
    total = sum(x["cents"] for x in expenses)
    print(t("club_expenses_total", lang, amount=money(total, lang, cur)))
    return 0


def cmd_kitty(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    """The kitty: paid in, paid out, what is in it; apart from it what members owe to it."""
    club = chosen_club(book, args)
    kitty = book.kitty(club)
    if args.json:
        print(json.dumps(kitty, ensure_ascii=False, indent=1))
        return 0
    cur = currency_of(book, club)
    rows = [
        [t("club_kitty_in", lang), money(kitty["paid_in"], lang, cur)],
        [t("club_kitty_out", lang), money(kitty["paid_out"], lang, cur)],
        [t("club_kitty_balance", lang), money(kitty["balance"], lang, cur)],
        [t("club_kitty_owed", lang), money(kitty["owed"], lang, cur)],
        [t("club_kitty_credit", lang), money(kitty["credit"], lang, cur)],
    ]
    print("\n".join(table_lines(rows)))
    return 0


def cmd_ledger(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    cur = currency_of(book, club)
    rows = []
    for line in book.ledger(club, args.member):
        what = t(f"club_item_{line['item']}", lang)
        if line["count"] > 1:
            what += f" ×{line['count']}"
        about = line["text"] if line["game"] is None else t("club_game", lang, number=line["game"])
        rows.append([line["date"], line["member"], what, about, money(line["cents"], lang, cur)])
    if rows:
        print("\n".join(table_lines(rows)))
    return 0
