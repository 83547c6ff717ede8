"""A tournament on paper: the table plan of a round, a score sheet per table (with the rules in
short), the ranking and certificates for the first three, as one HTML page each with its own
print style sheet (A4, a page break between tables and certificates).

The server shows them to the organiser's browser, which prints them
(``/tournaments/{club}/{name}/print/{what}``), and ``schocken tournament print ... --pdf FILE``
prints the same HTML to PDF with Debian's Chromium (:func:`print_pdf`). Words come from the
catalogue (its group ``tournament``). Standard library only (Chromium is a program).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from schocken.errors import TournamentError
from schocken.texts import describe_rules, refused, t
from schocken.tournament.formats import (
    Advance,
    FinalTableStage,
    KnockoutStage,
    LivesStage,
    Points,
    PointsStage,
)
from schocken.tournament.plan import stage_of
from schocken.tournament.values import (
    RankingInfo,
    RoundInfo,
    Standing,
    TableInfo,
    Tournament,
    TournamentInfo,
)

if TYPE_CHECKING:
    from schocken.tournament import TournamentBook

PAPERS = ("plan", "sheets", "ranking", "certificates")
"""The print views, by name."""

STYLE = """
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; margin: 0; font-size: 11pt; }
h1 { font-size: 20pt; margin: 0 0 4mm; }
h2 { font-size: 14pt; margin: 6mm 0 2mm; }
.meta { color: #333; margin: 0 0 5mm; }
main > section + section { break-before: page; page-break-before: always; }
table { border-collapse: collapse; width: 100%; margin: 0 0 4mm; }
th, td { border: 1px solid #444; padding: 1.6mm 2mm; text-align: left; vertical-align: top; }
th { background: #e8efe9; }
.tables { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 4mm; }
.tables table { margin: 0; }
.springer { font-style: italic; }
.grid td { height: 10mm; }
.grid th { font-size: 9pt; }
.rules { font-size: 8.5pt; columns: 2; column-gap: 6mm; margin: 0; padding-left: 4mm; }
.how { font-size: 9.5pt; }
.signed { margin-top: 10mm; border-top: 1px solid #444; padding-top: 1mm; font-size: 9pt; }
.certificate { text-align: center; padding-top: 40mm; }
.certificate .title { font-size: 44pt; letter-spacing: 0.1em; margin-bottom: 16mm; }
.certificate .who { font-size: 32pt; font-weight: bold; margin: 10mm 0; }
.certificate .place { font-size: 26pt; }
.certificate .what { font-size: 15pt; margin: 8mm 0; }
.certificate .by { margin-top: 50mm; font-size: 12pt; }
.num { text-align: right; }
@media screen { body { max-width: 210mm; margin: 8mm auto; padding: 0 4mm; } }
@media print { a { color: inherit; text-decoration: none; } }
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _page(title: str, lang: str, body: Iterable[str]) -> str:
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="data:,">'  # no icon: the browser asks for no /favicon.ico
        f"<title>{_e(title)}</title><style>{STYLE}</style></head>\n<body>\n<main>\n"
        + "\n".join(body)
        + "\n</main>\n</body></html>\n"
    )


def _round_of(book: TournamentBook, name: str, number: int | None) -> RoundInfo:
    rounds = book.rounds(name)
    if not rounds:
        raise refused(TournamentError, "tournament_refuse_round_not_drawn", round=number or 1)
    if number is None:
        return rounds[-1]
    return book.round(name, number)


def paper(
    book: TournamentBook, name: str, what: str, lang: str, *, round_number: int | None = None
) -> str:
    """The print view ``what`` (:data:`PAPERS`) of the tournament as one HTML page; plan and
    sheets of the round ``round_number`` (default: the latest). The tournament is read once
    (a score sheet for each of 2,500 tables asks for it at each)."""
    with book.one_read():
        return _paper(book, name, what, lang, round_number)


def _paper(book: TournamentBook, name: str, what: str, lang: str, round_number: int | None) -> str:
    info = book.info(name)
    where = ", ".join(x for x in (info["date"], info["place"]) if x)
    head = f'<p class="meta">{_e(info["name"])} · {_e(where)}</p>'
    if what == "plan":
        r = _round_of(book, name, round_number)
        title = t("tp_plan", lang, round=r["number"])
        return _page(title, lang, [_plan(r, title, head, lang)])
    if what == "sheets":
        r = _round_of(book, name, round_number)
        pic = book.picture(name)  # once for every table's sheet: a big round has thousands
        sheets = [_sheet(pic, r, table, head, lang) for table in r["tables"]]
        return _page(t("tw_print_sheets", lang), lang, sheets)
    if what == "ranking":
        ranking = book.rank(name)
        title = t("tp_ranking", lang, games=info["games"])
        return _page(title, lang, [_ranking(ranking, title, head, lang)])
    if what == "certificates":
        ranking = book.rank(name)
        return _page(t("tw_print_certificates", lang), lang, _certificates(info, ranking, lang))
    raise refused(TournamentError, "tournament_refuse_paper", what=what, views=", ".join(PAPERS))


def _plan(r: RoundInfo, title: str, head: str, lang: str) -> str:
    out = [f'<section class="plan"><h1>{_e(title)}</h1>', head, '<div class="tables">']
    where: list[tuple[str, int]] = []
    for table in r["tables"]:
        caption = t("tw_table", lang, table=table["number"])
        extra = f' <span class="springer">({_e(t("tw_springer", lang))})</span>'
        out.append(
            f"<table><caption>{_e(caption)}{extra if table['springer'] else ''}</caption>"
            f"<tbody>{''.join(f'<tr><td>{_e(p)}</td></tr>' for p in table['players'])}</tbody>"
            "</table>"
        )
        where += [(p, table["number"]) for p in table["players"]]
    out.append("</div>")
    out.append(f"<h2>{_e(t('tp_who_where', lang))}</h2>")
    rows = "".join(
        f"<tr><td>{_e(p)}</td><td class='num'>{n}</td></tr>"
        for p, n in sorted(where, key=lambda x: x[0].casefold())
    )
    out.append(
        f"<table><thead><tr><th scope='col'>{_e(t('tw_player', lang))}</th>"
        f"<th scope='col'>{_e(t('tp_table', lang))}</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></section>"
    )
    return "\n".join(out)


def _scoring(pic: Tournament, number: int, lang: str) -> list[str]:
    """How a game of round ``number`` counts, in sentences (its stage's points or lives)."""
    stage = stage_of(pic, number)
    lines: list[str] = []
    if isinstance(stage, PointsStage):
        lines.append(t("tp_games_per_round", lang, games=stage.games))
        lines += _points_lines(stage.points, lang)
        if stage.scharf and pic.rules.finale:
            lines.append(t("tp_scharf", lang))
    elif isinstance(stage, LivesStage):
        lives = stage.lives[min(number, len(stage.lives)) - 1]
        lines.append(t("tp_lives", lang, lives=lives))
        if stage.buy_in_costs_life:
            lines.append(t("tp_lives_buy_in", lang))
    elif isinstance(stage, KnockoutStage):
        if stage.by == Advance.LIVES:
            lines.append(
                t(
                    "tp_knockout_lives",
                    lang,
                    lives=stage.lives,
                    advance=stage.advance,
                    per=stage.per_table,
                )
            )
        else:
            lines.append(t("tp_games_per_round", lang, games=stage.games))
            lines.append(t("tp_knockout_points", lang, advance=stage.advance))
            lines += _points_lines(stage.points or Points(), lang)
    elif isinstance(stage, FinalTableStage):
        lines.append(t("tp_final_table", lang, lives=stage.lives))
    return lines


def _games_per_table(pic: Tournament, number: int, players: int) -> int:
    """The rows of a score sheet: the round's games (a points round, a knock-out by points),
    or as many games as lives can be lost at the table."""
    stage = stage_of(pic, number)
    if isinstance(stage, PointsStage) or (
        isinstance(stage, KnockoutStage) and stage.by == Advance.POINTS
    ):
        return stage.games
    lives = 0
    if isinstance(stage, LivesStage):
        lives = stage.lives[min(number, len(stage.lives)) - 1]
    elif isinstance(stage, FinalTableStage) or (
        isinstance(stage, KnockoutStage) and stage.by == Advance.LIVES
    ):
        lives = stage.lives
    return players * lives if lives else 6


def _points_lines(points: Points, lang: str) -> list[str]:
    lines = []
    if points.by_order:
        rows = [
            t("tp_by_order_size", lang, points="-".join(map(str, row)), size=len(row))
            for row in points.by_order
        ]
        lines.append(t("tp_by_order", lang, points="; ".join(rows)))
    for key, value in (
        ("tp_half_won", points.half_won),
        ("tp_half_lost", points.half_lost),
        ("tp_game_lost", points.game_lost),
        ("tp_schock_aus_points", points.schock_aus),
    ):
        if value:
            lines.append(t(key, lang, points=f"{value:+d}"))
    if points.fewer_is_better:
        lines.append(t("tp_fewer_better", lang))
    return lines


def _sheet(pic: Tournament, r: RoundInfo, table: TableInfo, head: str, lang: str) -> str:
    number, players = table["number"], table["players"]
    title = t("tp_sheet", lang, round=r["number"], table=number)
    one_half = not pic.rules.finale  # the rules play one half, no Finale
    halves = (t("tw_half_1", lang),) if one_half else (t("tw_half_1", lang), t("tw_half_2", lang))
    heads = "".join(f'<th scope="colgroup" colspan="{len(halves)}">{_e(p)}</th>' for p in players)
    subs = "".join(f'<th scope="col">{_e(h)}</th>' for _ in players for h in halves)
    cells = "<td></td>" * (len(halves) * len(players) + (1 if one_half else 2))
    rows = [
        f'<tr><th scope="row">{game}</th>{cells}</tr>'
        for game in range(1, _games_per_table(pic, r["number"], len(players)) + 1)
    ]
    finale, giver = _e(t("tw_finale_loser", lang)), _e(t("tp_schock_aus", lang))
    finale_head = "" if one_half else f'<th scope="col" rowspan="2">{finale}</th>'
    scoring = _scoring(pic, int(r["number"]), lang)
    rules = describe_rules(pic.rules, lang)
    how = t("tp_how_one_half" if one_half else "tp_how", lang)
    return (
        f'<section class="sheet"><h1>{_e(title)}</h1>{head}'
        f'<p class="how">{_e(how)}</p>'
        f'<table class="grid"><thead><tr><th scope="col" rowspan="2">{_e(t("tp_game", lang))}'
        f"</th>{heads}{finale_head}"
        f'<th scope="col" rowspan="2">{giver}</th></tr><tr>{subs}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="signed">{_e(t("tp_signed", lang))}</p>'
        f"<h2>{_e(t('tp_scoring', lang))}</h2>"
        f'<ul class="rules">{"".join(f"<li>{_e(x)}</li>" for x in scoring)}</ul>'
        f"<h2>{_e(t('tp_rules', lang))}</h2>"
        f'<ul class="rules">{"".join(f"<li>{_e(x)}</li>" for x in rules)}</ul>'
        "</section>"
    )


def _standing_rows(lines: list[Standing]) -> str:
    return "".join(
        f"<tr><td class='num'>{s['place']}.</td><td>{_e(s['name'])}</td>"
        f"<td>{_e(s['team'] or '')}</td><td class='num'>{s['score']}</td>"
        f"<td class='num'>{s['games']}</td><td class='num'>{s['games_lost']}</td>"
        f"<td class='num'>{s['halves_lost']}</td>"
        f"<td class='num'>{s['schock_aus']}/{s['schock_aus_taken']}</td></tr>"
        for s in lines
    )


def _ranking(ranking: RankingInfo, title: str, head: str, lang: str) -> str:
    cols = [
        t("tw_place", lang),
        t("tw_player", lang),
        t("tp_team", lang),
        t(f"tw_score_{ranking['score']}", lang),
        t("tw_games", lang),
        t("tw_lost", lang),
        t("tw_halves_lost", lang),
        t("tp_schock_aus_col", lang),
    ]
    heads = "".join(f'<th scope="col">{_e(c)}</th>' for c in cols)
    out = [
        f"<section><h1>{_e(title)}</h1>{head}",
        f"<table><thead><tr>{heads}</tr></thead>"
        f"<tbody>{_standing_rows(ranking['players'])}</tbody></table>",
    ]
    if ranking["teams"]:
        out.append(f"<h2>{_e(t('tw_teams', lang))}</h2><table><tbody>")
        out += [
            f"<tr><td class='num'>{x['place']}.</td><td>{_e(x['team'])}</td>"
            f"<td class='num'>{x['score']}</td><td>{_e(', '.join(x['players']))}</td></tr>"
            for x in ranking["teams"]
        ]
        out.append("</tbody></table>")
    kings = [k for k in ranking["schock_aus"] if k["place"] == 1]
    out.append(f"<h2>{_e(t('tw_king', lang))}</h2>")
    if kings:
        names = ", ".join(k["name"] for k in kings)
        out.append(f"<p>{_e(t('tw_king_line', lang, names=names, given=kings[0]['given']))}</p>")
    else:
        out.append(f"<p>{_e(t('tw_no_king', lang))}</p>")
    out.append("</section>")
    return "\n".join(out)


def _certificates(data: TournamentInfo, ranking: RankingInfo, lang: str) -> list[str]:
    at = t("tp_certificate_at", lang, place=data["place"]) if data["place"] else ""
    text = t("tp_certificate_text", lang, name=data["name"], date=data["date"], at=at)
    out = []
    for s in [s for s in ranking["players"] if s["place"] <= 3]:
        score = t(f"tp_certificate_{ranking['score']}", lang, score=s["score"])
        out.append(
            '<section class="certificate">'
            f'<p class="title">{_e(t("tp_certificate", lang))}</p>'
            f'<p class="place">{_e(t("tp_certificate_place", lang, place=s["place"]))}</p>'
            f'<p class="who">{_e(s["name"])}</p>'
            f'<p class="what">{_e(text)}<br>{_e(score)}</p>'
            f'<p class="by">{_e(t("tp_organiser", lang))}</p></section>'
        )
    return out


def papers(
    book: TournamentBook, name: str, whats: Iterable[str], lang: str, round_number: int | None
) -> list[str]:
    """The print views ``whats`` (each one HTML page)."""
    return [paper(book, name, w, lang, round_number=round_number) for w in whats]


CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
"""The browsers that print to PDF, the first found on the path."""


def print_pdf(pages: list[str], target: Path) -> None:
    """The HTML ``pages`` printed to one PDF file by Chromium headless (each page's own print
    style sheet), joined in order. Refused when no Chromium is found or it fails."""
    browser = next((shutil.which(b) for b in CHROMIUM if shutil.which(b)), None)
    if browser is None:
        raise refused(TournamentError, "tournament_refuse_no_chromium", names=", ".join(CHROMIUM))
    html = pages[0] if len(pages) == 1 else joined(pages)
    with tempfile.TemporaryDirectory(prefix="schocken-print-") as tmp:
        source = Path(tmp) / "print.html"
        source.write_text(html, encoding="utf-8")
        out = Path(tmp) / "print.pdf"
        try:
            done = subprocess.run(
                [
                    browser,
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    f"--user-data-dir={Path(tmp) / 'profile'}",
                    "--no-pdf-header-footer",
                    f"--print-to-pdf={out}",
                    source.as_uri(),
                ],
                capture_output=True,
                timeout=120,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise refused(TournamentError, "tournament_refuse_pdf", why=exc) from None
        if not out.exists() or out.stat().st_size == 0:
            why = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["?"]
            raise refused(TournamentError, "tournament_refuse_pdf", why=why[0])
        target.write_bytes(out.read_bytes())


def joined(pages: list[str]) -> str:
    """Several print views as one document: their bodies one after another (each section
    begins a page of its own)."""
    first = pages[0]
    head = first[: first.index("<main>")]
    bodies = [p[p.index("<main>") + len("<main>") : p.index("</main>")] for p in pages]
    joined = "\n".join(bodies)
    return f"{head}<main>{joined}</main>\n</body></html>\n"
