"""What players read: the German and English wording, in one catalogue.

The terminal game and the web front end explain rounds, halves and games with these functions, so
both say the same thing. Every text is looked up by key in :data:`CATALOGUE`.

>>> t("deckel_from_middle", "en", loser="Cem", count=4)
'Cem takes 4 Deckel from the middle.'
>>> t("deckel_from_middle", "de", loser="Cem", count=4)
'Cem nimmt 4 Deckel aus der Mitte.'
"""

from __future__ import annotations

import locale
import os
from collections.abc import Sequence

from schocken.events import (
    BoughtIn,
    DeckelMoved,
    Event,
    GameEnded,
    PlayersOut,
    RoundEnded,
    RoundKind,
    SectionEnded,
    SectionStarted,
)
from schocken.results import Result, ResultKind
from schocken.rules import Rules, Tiebreak

LANGUAGES = ("de", "en")

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "first_half": "first half (Hinrunde)",
        "second_half": "second half (Rückrunde)",
        "finale": "Finale",
        "section_started": "The {section} begins with {middle} Deckel in the middle.",
        "round_results": "Round {number}: {results}.",
        "opening_round": "Opening round (for no Deckel): {results}.",
        "opening_throw": "Opening throw: {results}.",
        "stechen": "Stechen: {results}.",
        "covered": "covered",
        "best_opens": "{best} has the best result ({result}) and opens the first round.",
        "stechen_needed": "{players} tie for the lowest throw and throw again (Stechen).",
        "best_worst": "Best: {best} ({best_result}); worst: {worst} ({worst_result}).",
        "tie_later": "{worst} ties with {other} and threw later: later is worse.",
        "tie_throws": "{worst} ties with {other} but used more throws "
        "({throws} to {other_throws}).",
        "tie_later_throws": "{worst} ties with {other} with as many throws and threw later.",
        "hand_aus": "a Hand-Aus (1-1-1 in one throw) beats an assembled Schock-Aus",
        "deckel_from_middle": "{loser} takes {count} Deckel from the middle.",
        "deckel_from_player": "{giver} gives {loser} {count} Deckel.",
        "no_deckel": "{best} has no Deckel left to give; {loser} gets none.",
        "schock_aus": "Schock-Aus by {best}! {loser} has the worst result and takes all Deckel.",
        "lowest_takes": "{loser} threw lowest and takes {count} Deckel; {loser} opens.",
        "opens": "{loser} opens the next round.",
        "out": "Out of this half, holding no Deckel: {players}.",
        "bought_in": "{player} buys back in (Einwürfeln) and takes a Deckel from {givers}.",
        "the_middle": "the middle",
        "section_lost": "{loser} has lost the {section}.",
        "section_lost_schock_aus": "{loser} has lost the {section} by Schock-Aus.",
        "game_lost": "{loser} has lost the game.",
        "blattschuss": "Blattschuss! {loser} lost both halves and with them the game.",
        "finale_between": "Finale: {a} against {b}.",
    },
    "de": {
        "first_half": "Hinrunde",
        "second_half": "Rückrunde",
        "finale": "Finale",
        "section_started": "Die {section} beginnt mit {middle} Deckeln in der Mitte.",
        "round_results": "Runde {number}: {results}.",
        "opening_round": "Eröffnungsrunde (ohne Deckel): {results}.",
        "opening_throw": "Eröffnungswurf: {results}.",
        "stechen": "Stechen: {results}.",
        "covered": "verdeckt",
        "best_opens": "{best} hat das beste Ergebnis ({result}) und eröffnet die erste Runde.",
        "stechen_needed": "{players} haben gleich niedrig geworfen und stechen.",
        "best_worst": "Bestes: {best} ({best_result}); schlechtestes: {worst} ({worst_result}).",
        "tie_later": "{worst} hat gleich mit {other} und warf später: mit ist Schitt.",
        "tie_throws": "{worst} hat gleich mit {other}, brauchte aber mehr Würfe "
        "({throws} zu {other_throws}).",
        "tie_later_throws": "{worst} hat gleich mit {other}, mit so vielen Würfen, "
        "und warf später.",
        "hand_aus": "ein Hand-Aus (1-1-1 in einem Wurf) schlägt ein zusammengewürfeltes Schock-Aus",
        "deckel_from_middle": "{loser} nimmt {count} Deckel aus der Mitte.",
        "deckel_from_player": "{giver} gibt {loser} {count} Deckel.",
        "no_deckel": "{best} hat keine Deckel mehr zu geben; {loser} bekommt keine.",
        "schock_aus": "Schock-Aus von {best}! {loser} hat das schlechteste Ergebnis und bekommt "
        "alle Deckel.",
        "lowest_takes": "{loser} warf am niedrigsten, bekommt {count} Deckel und beginnt.",
        "opens": "{loser} beginnt die nächste Runde.",
        "out": "Ohne Deckel scheiden für diese Hälfte aus: {players}.",
        "bought_in": "{player} würfelt sich ein und nimmt je einen Deckel von {givers}.",
        "the_middle": "der Mitte",
        "section_lost": "{loser} hat die {section} verloren.",
        "section_lost_schock_aus": "{loser} hat die {section} durch Schock-Aus verloren.",
        "game_lost": "{loser} hat das Spiel verloren.",
        "blattschuss": "Blattschuss! {loser} hat beide Hälften und damit das Spiel verloren.",
        "finale_between": "Finale: {a} gegen {b}.",
    },
}


def default_language() -> str:
    """German or English, from the system locale (English when it says neither)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    loc = locale.getlocale()[0] or ""
    return "de" if loc.lower().startswith("de") else "en"


def t(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` with its fields filled in."""
    if lang not in CATALOGUE:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return CATALOGUE[lang][key].format(**fields)


def result_name(result: Result | None, lang: str) -> str:
    """A result as players say it ("Schock 4", "General 5", "6-5-2")."""
    if result is None:
        return t("covered", lang)
    if result.kind is ResultKind.PLAIN:
        return "-".join(str(p) for p in result.dice)
    if result.kind is ResultKind.STRASSE:
        word = "Straße" if lang == "de" else "Strasse"
        return f"{word} {'-'.join(str(p) for p in result.dice)}"
    return result.name


def _join(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    last = " und " if lang == "de" else " and "
    return ", ".join(names[:-1]) + last + names[-1]


def explain_round(ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str) -> list[str]:
    """The results of a round in order, who was best and worst, and why (the tie rules)."""
    results = ", ".join(f"{players[s]}: {result_name(r, lang)}" for s, r in ended.results)
    key = {
        RoundKind.NORMAL: "round_results",
        RoundKind.OPENING_ROUND: "opening_round",
        RoundKind.OPENING_THROW: "opening_throw",
        RoundKind.STECHEN: "stechen",
    }[ended.kind]
    lines = [t(key, lang, number=ended.number, results=results)]
    if ended.stechen:
        lines.append(
            t("stechen_needed", lang, players=_join([players[s] for s in ended.stechen], lang))
        )
        return lines
    by_seat = dict(ended.results)
    if ended.kind is RoundKind.OPENING_ROUND:
        lines.append(
            t(
                "best_opens",
                lang,
                best=players[ended.best],
                result=result_name(by_seat[ended.best], lang),
            )
        )
        return lines
    if ended.worst is None or ended.kind is not RoundKind.NORMAL:
        return lines
    best_r, worst_r = by_seat[ended.best], by_seat[ended.worst]
    lines.append(
        t(
            "best_worst",
            lang,
            best=players[ended.best],
            best_result=result_name(best_r, lang),
            worst=players[ended.worst],
            worst_result=result_name(worst_r, lang),
        )
    )
    order = [s for s, _ in ended.results]
    for s, r in ended.results:
        if s == ended.worst or r.rank != worst_r.rank:
            continue
        if rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER and r.throws != worst_r.throws:
            lines.append(
                t(
                    "tie_throws",
                    lang,
                    worst=players[ended.worst],
                    other=players[s],
                    throws=worst_r.throws,
                    other_throws=r.throws,
                )
            )
        elif order.index(s) < order.index(ended.worst):
            k = (
                "tie_later_throws"
                if rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER
                else "tie_later"
            )
            lines.append(t(k, lang, worst=players[ended.worst], other=players[s]))
        break
    return lines


def explain(events: Sequence[Event], rules: Rules, players: Sequence[str], lang: str) -> list[str]:
    """Plain sentences for the events of a round's end, a half's end and the game's end."""
    lines: list[str] = []
    last_round: RoundEnded | None = None
    schock_aus_told = False
    for e in events:
        if isinstance(e, RoundEnded):
            last_round = e
            schock_aus_told = False
            lines.extend(explain_round(e, rules, players, lang))
        elif isinstance(e, DeckelMoved):
            if (
                last_round is not None
                and last_round.deckel is None
                and last_round.worst is not None
            ):
                if not schock_aus_told:
                    lines.append(
                        t(
                            "schock_aus",
                            lang,
                            best=players[last_round.best],
                            loser=players[last_round.worst],
                        )
                    )
                    schock_aus_told = True
            elif last_round is not None and last_round.kind in (
                RoundKind.OPENING_THROW,
                RoundKind.STECHEN,
            ):
                lines.append(t("lowest_takes", lang, loser=players[e.receiver], count=e.amount))
            elif e.giver is None:
                lines.append(
                    t("deckel_from_middle", lang, loser=players[e.receiver], count=e.amount)
                )
            else:
                lines.append(
                    t(
                        "deckel_from_player",
                        lang,
                        giver=players[e.giver],
                        loser=players[e.receiver],
                        count=e.amount,
                    )
                )
        elif isinstance(e, PlayersOut):
            lines.append(t("out", lang, players=_join([players[s] for s in e.seats], lang)))
        elif isinstance(e, BoughtIn):
            givers = [t("the_middle", lang) if g is None else players[g] for g in e.givers]
            lines.append(t("bought_in", lang, player=players[e.seat], givers=_join(givers, lang)))
        elif isinstance(e, SectionEnded):
            key = "section_lost_schock_aus" if e.schock_aus else "section_lost"
            lines.append(t(key, lang, loser=players[e.loser], section=t(e.section.value, lang)))
        elif isinstance(e, SectionStarted):
            if e.section.value == "finale":
                a, b = e.players
                lines.append(t("finale_between", lang, a=players[a], b=players[b]))
            lines.append(
                t("section_started", lang, section=t(e.section.value, lang), middle=e.middle)
            )
        elif isinstance(e, GameEnded):
            key = "blattschuss" if e.blattschuss else "game_lost"
            lines.append(t(key, lang, loser=players[e.loser]))
    return lines
