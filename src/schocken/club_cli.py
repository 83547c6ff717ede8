"""``schocken club ...``: the Schockbuch on the command line (:mod:`schocken.club`).

Every command opens the book (``--db``, by default the game server's file), does one thing in one
transaction and prints what it did, in German or English (``--lang``). Bad input is refused in
one line on standard error (exit status 1) and changes nothing; a file that cannot be used exits
with status 2.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from schocken.club import (
    CSV_KINDS,
    DEFAULT_DB,
    PRICE_ITEMS,
    SECTIONS,
    BalanceInfo,
    ClubBook,
    FineItemInfo,
    GameInfo,
    SectionInfo,
    check_date,
    parse_amount,
)
from schocken.club.transfer import draw_qr
from schocken.errors import ClubError, ClubStoreError
from schocken.files import os_error_text, write_text_whole
from schocken.texts import (
    LANGUAGES,
    counted,
    default_language,
    money,
    refusal_text,
    refused,
    said,
    t,
)

Command = Callable[[ClubBook, argparse.Namespace, str], int]


def _names(text: str) -> list[str]:
    """Names separated by commas (blank ones left out)."""
    return [n.strip() for n in text.split(",") if n.strip()]


def _club(book: ClubBook, args: argparse.Namespace) -> str:
    """The club the command is for: ``--club``, or the only club in the book."""
    if args.club:
        return str(book.club(args.club)["name"])
    clubs = book.clubs()
    if len(clubs) == 1:
        return clubs[0]["name"]
    if not clubs:
        raise refused(ClubError, "club_refuse_cli_no_club")
    raise refused(
        ClubError,
        "club_refuse_cli_which_club",
        count=len(clubs),
        names=", ".join(c["name"] for c in clubs),
    )


def _currency(book: ClubBook, club: str) -> str:
    return book.club(club)["currency"]


def _balance_text(book: ClubBook, club: str, b: BalanceInfo, lang: str) -> str:
    cur = _currency(book, club)
    if b["balance"] > 0:
        return t("club_owes", lang, amount=money(b["balance"], lang, cur))
    if b["balance"] < 0:
        return t("club_credit", lang, amount=money(-b["balance"], lang, cur))
    return t("club_settled", lang)


def _decimal(x: float, lang: str) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as aligned columns (the first left, the others right)."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    ]


# ---------------------------------------------------------------------- the commands


def cmd_create(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    info, secret = book.create_club(
        args.name, currency=args.currency, season_start=args.season_start
    )
    print(t("club_created", lang, name=info["name"], slug=info["slug"]))
    print(t("club_secret", lang, secret=secret))
    return 0


def cmd_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    clubs = book.clubs()
    if not clubs:
        print(t("club_no_clubs", lang, db=args.db))
        return 0
    print(t("club_clubs", lang, db=args.db))
    for c in clubs:
        print(f"  {c['name']} ({c['slug']})")
    return 0


def cmd_secret(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    print(t("club_secret", lang, secret=book.new_secret(_club(book, args))))
    return 0


def cmd_password(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    if args.remove:
        book.set_password(club, None)
        print(t("club_password_removed", lang))
        return 0
    prompt = t("club_password_prompt", lang, name=club)
    if sys.stdin.isatty():
        password = getpass.getpass(prompt)
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    book.set_password(club, password)
    print(t("club_password_set", lang))
    return 0


def cmd_member_add(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    for name in args.names:
        info = book.add_member(club, name, guest=args.guest, joined=args.joined)
        key = "club_guest_added" if info["guest"] else "club_member_added"
        print(t(key, lang, name=info["name"], club=club))
    return 0


def cmd_member_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    for m in book.members(_club(book, args)):
        line = t("club_guest" if m["guest"] else "club_member", lang, name=m["name"])
        extra = []
        if m["joined"]:
            extra.append(t("club_since", lang, date=m["joined"]))
        if m["left"]:
            extra.append(t("club_left", lang, date=m["left"]))
        print(line + (f" ({', '.join(extra)})" if extra else ""))
    return 0


def cmd_member_rename(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    info = book.rename_member(_club(book, args), args.name, args.new_name)
    print(t("club_member_renamed", lang, name=args.name, new_name=info["name"]))
    return 0


def cmd_member_leave(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    info = book.member_leaves(_club(book, args), args.name, args.date)
    print(t("club_member_left", lang, name=info["name"], date=info["left"]))
    return 0


def cmd_evening_add(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    info = book.add_evening(
        club, args.date, place=args.place, note=args.note, present=_names(args.present or "")
    )
    place = t("club_at", lang, place=info["place"]) if info["place"] else ""
    present = ", ".join(info["present"]) or t("club_nobody", lang)
    print(t("club_evening_added", lang, date=info["date"], place=place, present=present))
    return 0


def cmd_evening_present(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    info = book.add_present(_club(book, args), args.date, _names(args.names))
    print(t("club_present", lang, names=", ".join(info["present"])))
    return 0


def cmd_evening_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    for e in book.evenings(_club(book, args), args.season):
        place = t("club_at", lang, place=e["place"]) if e["place"] else ""
        print(
            t(
                "club_evening_line",
                lang,
                date=e["date"],
                place=place,
                count=len(e["present"]),
                games=counted("n_games", e["games"], lang),
            )
        )
    return 0


def _game_details(g: GameInfo, lang: str) -> str:
    def lost(s: SectionInfo) -> str:
        return s["loser"] + (t("club_by_aus", lang) if s["schock_aus"] else "")

    def who(section: str) -> str:
        return lost(next(s for s in g["sections"] if s["section"] == section))

    kinds = [s["section"] for s in g["sections"]]
    if len(kinds) == 1:
        return t("club_one_half", lang, first=who("first_half"))
    if len(kinds) < 2:
        return ""
    finale = t("club_finale", lang, loser=who("finale")) if "finale" in kinds else ""
    extra = [lost(s) for s in g["sections"] if s["section"] == "extra_half"]
    if extra:
        finale = t("club_extra_halves", lang, losers=", ".join(extra))
    if g["blattschuss"]:
        finale = t("club_blattschuss", lang)
    return t("club_halves", lang, first=who("first_half"), second=who("second_half"), finale=finale)


def cmd_evening_show(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    """The evening's page of the book, to post to the group chat."""
    club = _club(book, args)
    day = args.date or book.last_evening(club)
    e = book.evening(club, day)
    place = t("club_at", lang, place=e["place"]) if e["place"] else ""
    print(f"{club}, {day}{place}")
    print(t("club_present", lang, names=", ".join(e["present"]) or t("club_nobody", lang)))
    for g in book.games(club, with_void=True):
        if g["date"] != day:
            continue
        if g["void"]:
            print(t("club_game_void", lang, number=g["number"], reason=g["void"]))
        else:
            text = t(
                "club_game_line",
                lang,
                number=g["number"],
                loser=g["loser"],
                details=_game_details(g, lang),
            )
            print(text)
    fines: dict[str, int] = {}
    for line in book.ledger(club):
        if line["date"] == day and line["item"] != "payment":
            fines[line["member"]] = fines.get(line["member"], 0) + line["cents"]
    cur = _currency(book, club)
    if fines:
        text = ", ".join(f"{m} {money(c, lang, cur)}" for m, c in fines.items())
        print(t("club_fines", lang, fines=text))
    else:
        print(t("club_no_fines", lang))
    return 0


def cmd_game_add(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    day = args.date or book.last_evening(club)
    if (args.record is None) == (args.loser is None):
        raise refused(ClubError, "club_refuse_cli_record_or_loser")
    if args.record is not None:
        if args.players or args.halves or args.schock_aus:
            raise refused(ClubError, "club_refuse_cli_record_names")
        try:
            text = Path(args.record).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = os_error_text(exc) if isinstance(exc, OSError) else said("club_word_not_utf8")
            raise refused(ClubError, "club_refuse_cli_read", file=args.record, why=why) from None
        g = book.add_game(club, day, record=text, source=args.source, note=args.note)
    else:
        if args.source not in (None, "loser"):
            raise refused(ClubError, "club_refuse_cli_source")
        g = book.add_game(
            club,
            day,
            loser=args.loser,
            players=_names(args.players) if args.players else None,
            halves=_names(args.halves or ""),
            schock_aus=_names(args.schock_aus or ""),
            note=args.note,
        )
    print(t("club_game_added", lang, number=g["number"], date=g["date"], loser=g["loser"]))
    return 0


def cmd_game_void(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    g = book.void_game(_club(book, args), args.date, args.number, args.reason)
    print(t("club_game_voided", lang, number=g["number"], date=g["date"], reason=g["void"]))
    return 0


def cmd_game_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    day = ""
    for g in book.games(_club(book, args), args.season, with_void=True):
        if g["date"] != day:
            day = g["date"]
            print(day)
        if g["void"]:
            print("  " + t("club_game_void", lang, number=g["number"], reason=g["void"]))
        else:
            print(
                "  "
                + t(
                    "club_game_line",
                    lang,
                    number=g["number"],
                    loser=g["loser"],
                    details=_game_details(g, lang),
                )
            )
    return 0


def cmd_price_set(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    book.set_price(club, args.item, parse_amount(args.amount), valid_from=args.valid_from)
    start = (
        t("club_from_date", lang, date=args.valid_from)
        if args.valid_from
        else t("club_from_start", lang)
    )
    amount = money(parse_amount(args.amount), lang, _currency(book, club))
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
    club = _club(book, args)
    prices = book.prices(club)
    if not prices:
        print(t("club_no_prices", lang))
    cur = _currency(book, club)
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
    club = _club(book, args)
    items = book.set_fine_item(club, args.name, parse_amount(args.amount))
    _print_fine_items(book, club, items, lang)
    return 0


def cmd_fine_item_remove(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    items = book.remove_fine_item(club, args.name)
    print(t("club_fine_item_removed", lang, name=args.name))
    _print_fine_items(book, club, items, lang)
    return 0


def cmd_fine_item_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    _print_fine_items(book, club, book.fine_items(club), lang)
    return 0


def _print_fine_items(book: ClubBook, club: str, items: list[FineItemInfo], lang: str) -> None:
    if not items:
        print(t("club_no_fine_items", lang))
    cur = _currency(book, club)
    width = max((len(i["name"]) for i in items), default=0)
    for i in items:
        print(f"{i['name']:<{width}}  {money(i['cents'], lang, cur):>10}")


def cmd_fine(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    b = book.fine(club, args.member, args.fine, count=args.count, day=args.date)
    line = book.ledger(club, b["member"])[-1]
    print(
        t(
            "club_charged",
            lang,
            member=b["member"],
            amount=money(line["cents"], lang, _currency(book, club)),
            reason=line["text"],
            balance=_balance_text(book, club, b, lang),
        )
    )
    return 0


def cmd_pay(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    cents = parse_amount(args.amount)
    b = book.pay(club, args.member, cents, day=args.date, note=args.note)
    print(
        t(
            "club_paid",
            lang,
            member=b["member"],
            amount=money(cents, lang, _currency(book, club)),
            balance=_balance_text(book, club, b, lang),
        )
    )
    return 0


def cmd_account_set(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    account = book.set_account(club, args.iban, args.holder, bic=args.bic or "")
    print(t("club_account_set", lang, club=club, iban=account["iban"], holder=account["holder"]))
    return 0


def cmd_account_show(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    account = book.account(club)
    if account is None:
        print(t("club_account_none", lang, club=club))
    else:
        print(
            t("club_account_set", lang, club=club, iban=account["iban"], holder=account["holder"])
        )
    return 0


def cmd_account_remove(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    book.remove_account(club)
    print(t("club_account_none", lang, club=club))
    return 0


def cmd_pay_qr(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    """A member's balance as a transfer's QR code (EPC069-12, "GiroCode"), SVG or PNG."""
    club = _club(book, args)
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
    club = _club(book, args)
    cents = parse_amount(args.amount)
    b = book.charge(club, args.member, cents, args.reason, day=args.date)
    print(
        t(
            "club_charged",
            lang,
            member=b["member"],
            amount=money(cents, lang, _currency(book, club)),
            reason=args.reason,
            balance=_balance_text(book, club, b, lang),
        )
    )
    return 0


def cmd_balance(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    balances = book.balances(club)
    if args.json:
        print(json.dumps(balances, ensure_ascii=False, indent=1))
        return 0
    cur = _currency(book, club)
    rows = [t("club_balance_head", lang).split("|")]
    for b in balances:
        rows.append(
            [
                b["member"],
                money(b["charged"], lang, cur),
                money(b["paid"], lang, cur),
                _balance_text(book, club, b, lang),
            ]
        )
    print("\n".join(_table(rows)))
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
    club = _club(book, args)
    cents = parse_amount(args.amount)
    entry = book.add_expense(club, cents, args.purpose, day=args.date, paid_by=args.by)
    kitty = book.kitty(club)
    cur = _currency(book, club)
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
    club = _club(book, args)
    cur = _currency(book, club)
    expenses = book.expenses(club, args.season)
    if not expenses:
        print(t("club_no_expenses", lang))
        return 0
    rows = [
        [x["date"], x["paid_by"] or "", x["purpose"], money(x["cents"], lang, cur)]
        for x in expenses
    ]
    print("\n".join(_table(rows)))
    total = sum(x["cents"] for x in expenses)
    print(t("club_expenses_total", lang, amount=money(total, lang, cur)))
    return 0


def cmd_kitty(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    """The kitty: paid in, paid out, what is in it; apart from it what members owe to it."""
    club = _club(book, args)
    kitty = book.kitty(club)
    if args.json:
        print(json.dumps(kitty, ensure_ascii=False, indent=1))
        return 0
    cur = _currency(book, club)
    rows = [
        [t("club_kitty_in", lang), money(kitty["paid_in"], lang, cur)],
        [t("club_kitty_out", lang), money(kitty["paid_out"], lang, cur)],
        [t("club_kitty_balance", lang), money(kitty["balance"], lang, cur)],
        [t("club_kitty_owed", lang), money(kitty["owed"], lang, cur)],
        [t("club_kitty_credit", lang), money(kitty["credit"], lang, cur)],
    ]
    print("\n".join(_table(rows)))
    return 0


def cmd_ledger(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    cur = _currency(book, club)
    rows = []
    for line in book.ledger(club, args.member):
        what = t(f"club_item_{line['item']}", lang)
        if line["count"] > 1:
            what += f" ×{line['count']}"
        about = line["text"] if line["game"] is None else t("club_game", lang, number=line["game"])
        rows.append([line["date"], line["member"], what, about, money(line["cents"], lang, cur)])
    if rows:
        print("\n".join(_table(rows)))
    return 0


def cmd_stats(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    stats = book.stats(club, args.season)
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=1))
        return 0
    season = (
        t("club_season", lang, season=args.season) if args.season else t("club_all_seasons", lang)
    )
    print(
        t(
            "club_stats_title",
            lang,
            club=club,
            season=season,
            evenings=counted("n_evenings", stats["evenings"], lang),
            games=counted("n_games", stats["games"], lang),
        )
    )
    if not stats["games"]:
        print(t("club_no_games", lang))
        return 0

    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.0f}%"

    rows = [t("club_stats_head", lang).split("|")]
    for m in stats["members"]:
        lo, hi = m["games_lost_ci95"]
        rows.append(
            [
                m["name"],
                str(m["evenings"]),
                str(m["games"]),
                str(m["games_lost"]),
                f"{pct(m['games_lost_share'])} [{pct(lo)}-{pct(hi)}]" if m["games"] else "-",
                _decimal(m["games_lost_expected"], lang),
                f"{m['halves_lost']}/{m['halves']}",
                f"{m['schock_aus_given']}/{m['schock_aus_taken']}",
                f"{m['longest_losing_streak']}/{m['longest_unbeaten_streak']}",
                f"{m['current_streak']:+d}",
            ]
        )
    print("\n".join(_table(rows)))
    print()
    print(t("club_loses_to", lang))
    players = [m["name"] for m in stats["members"] if m["games"]]
    grid = [["", *players]]
    for a in players:
        grid.append(
            [a]
            + [
                ""
                if a == b
                else f"{stats['loses_to'][a].get(b, 0)}/{stats['played_with'][a].get(b, 0)}"
                for b in players
            ]
        )
    print("\n".join(_table(grid)))
    return 0


def cmd_csv(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    text = book.csv(_club(book, args), args.kind, args.season)
    if args.file in (None, "-"):
        sys.stdout.write(text)
        return 0
    write_text_whole(args.file, text)
    print(t("club_written", lang, kind=args.kind, file=args.file))
    return 0


def cmd_export(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = _club(book, args)
    write_text_whole(args.file, book.export_club(club))
    print(t("club_exported", lang, club=club, file=args.file))
    return 0


def cmd_import(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise refused(
            ClubError, "club_refuse_cli_read", file=args.file, why=said("club_word_not_utf8")
        ) from None
    info = book.import_club(text)
    print(t("club_imported", lang, club=info["name"], file=args.file))
    return 0


def cmd_plot(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    try:
        from schocken.club_plot import plot_stats
    except ImportError:
        print(
            "schocken club plot needs the analysis extra: pip install 'schocken[analysis]'",
            file=sys.stderr,
        )
        return 2
    club = _club(book, args)
    plot_stats(book.stats(club, args.season), args.file, lang)
    print(t("club_plot_saved", lang, file=args.file))
    return 0


def cmd_log(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    for entry in book.log(_club(book, args)):
        detail = json.dumps(entry["detail"], ensure_ascii=False)
        print(f"{entry['at']}  {entry['action']:<16} {detail}")
    return 0


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
