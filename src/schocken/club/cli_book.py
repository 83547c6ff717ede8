"""The club commands of the book itself (``schocken club create``, ``member``, ``evening``,
``game``, ``stats``, ``export``, ``log``...) and the helpers every club command shares
(:mod:`schocken.club.cli` builds their parser).
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from schocken.cli_words import log_line
from schocken.club import (
    BalanceInfo,
    ClubBook,
    GameInfo,
    SectionInfo,
)
from schocken.errors import ClubError
from schocken.files import os_error_text, write_text_whole
from schocken.texts import (
    counted,
    money,
    refused,
    said,
    t,
)

Command = Callable[[ClubBook, argparse.Namespace, str], int]


def _names(text: str) -> list[str]:
    """Names separated by commas (blank ones left out)."""
    return [n.strip() for n in text.split(",") if n.strip()]


def chosen_club(book: ClubBook, args: argparse.Namespace) -> str:
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


def currency_of(book: ClubBook, club: str) -> str:
    return book.club(club)["currency"]


def balance_text(book: ClubBook, club: str, b: BalanceInfo, lang: str) -> str:
    cur = currency_of(book, club)
    if b["balance"] > 0:
        return t("club_owes", lang, amount=money(b["balance"], lang, cur))
    if b["balance"] < 0:
        return t("club_credit", lang, amount=money(-b["balance"], lang, cur))
    return t("club_settled", lang)


def _decimal(x: float, lang: str) -> str:
    text = f"{x:.1f}"
    return text.replace(".", t("number_decimal", lang))


def table_lines(rows: Sequence[Sequence[str]]) -> list[str]:
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
    print(t("club_secret", lang, secret=book.new_secret(chosen_club(book, args))))
    return 0


def cmd_password(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
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
    club = chosen_club(book, args)
    for name in args.names:
        info = book.add_member(club, name, guest=args.guest, joined=args.joined)
        key = "club_guest_added" if info["guest"] else "club_member_added"
        print(t(key, lang, name=info["name"], club=club))
    return 0


def cmd_member_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    for m in book.members(chosen_club(book, args)):
        line = t("club_guest" if m["guest"] else "club_member", lang, name=m["name"])
        extra = []
        if m["joined"]:
            extra.append(t("club_since", lang, date=m["joined"]))
        if m["left"]:
            extra.append(t("club_left", lang, date=m["left"]))
        print(line + (f" ({', '.join(extra)})" if extra else ""))
    return 0


def cmd_member_rename(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    info = book.rename_member(chosen_club(book, args), args.name, args.new_name)
    print(t("club_member_renamed", lang, name=args.name, new_name=info["name"]))
    return 0


def cmd_member_leave(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    info = book.member_leaves(chosen_club(book, args), args.name, args.date)
    print(t("club_member_left", lang, name=info["name"], date=info["left"]))
    return 0


def cmd_evening_add(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
    info = book.add_evening(
        club, args.date, place=args.place, note=args.note, present=_names(args.present or "")
    )
    place = t("club_at", lang, place=info["place"]) if info["place"] else ""
    present = ", ".join(info["present"]) or t("club_nobody", lang)
    print(t("club_evening_added", lang, date=info["date"], place=place, present=present))
    return 0


def cmd_evening_present(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    info = book.add_present(chosen_club(book, args), args.date, _names(args.names))
    print(t("club_present", lang, names=", ".join(info["present"])))
    return 0


def cmd_evening_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    for e in book.evenings(chosen_club(book, args), args.season):
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
    club = chosen_club(book, args)
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
    cur = currency_of(book, club)
    if fines:
        text = ", ".join(f"{m} {money(c, lang, cur)}" for m, c in fines.items())
        print(t("club_fines", lang, fines=text))
    else:
        print(t("club_no_fines", lang))
    return 0


def cmd_game_add(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
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
    g = book.void_game(chosen_club(book, args), args.date, args.number, args.reason)
    print(t("club_game_voided", lang, number=g["number"], date=g["date"], reason=g["void"]))
    return 0


def cmd_game_list(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    day = ""
    for g in book.games(chosen_club(book, args), args.season, with_void=True):
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


def cmd_stats(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
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
    print("\n".join(table_lines(rows)))
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
    print("\n".join(table_lines(grid)))
    return 0


def cmd_csv(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    text = book.csv(chosen_club(book, args), args.kind, args.season)
    if args.file in (None, "-"):
        sys.stdout.write(text)
        return 0
    write_text_whole(args.file, text)
    print(t("club_written", lang, kind=args.kind, file=args.file))
    return 0


def cmd_export(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    club = chosen_club(book, args)
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
        from schocken.club.plot import plot_stats
    except ImportError:
        print(
            "schocken club plot needs the analysis extra: pip install 'schocken[analysis]'",
            file=sys.stderr,
        )
        return 2
    club = chosen_club(book, args)
    plot_stats(book.stats(club, args.season), args.file, lang)
    print(t("club_plot_saved", lang, file=args.file))
    return 0


def cmd_log(book: ClubBook, args: argparse.Namespace, lang: str) -> int:
    for entry in book.log(chosen_club(book, args)):
        print(log_line(entry, lang))
    return 0
