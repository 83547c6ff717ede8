"""A strategy card in words (German or English): the card itself (:func:`card_text`), what it costs
against the solver bot (:func:`cost_text`), and both as ``schocken card`` prints them
(:func:`card_lines`). The cards are in :mod:`schocken.card`.
"""

from __future__ import annotations

import textwrap

from schocken.card import Card, ChosenCard, Keep, Level, Measured
from schocken.rules import PRESETS, Covered

# -- The card in words -----------------------------------------------------------------------

_LEVEL_WORDS: dict[str, dict[Level, str]] = {
    "en": {
        Level.ANY: "anything",
        Level.FIVE: "5-x-x",
        Level.SIX: "6-x-x",
        Level.SIX_FIVE: "6-5-x",
        Level.SIX_SIX: "6-6-x",
        Level.STRASSE: "a Straße",
        Level.GENERAL: "a General",
        Level.SCHOCK: "a Schock",
        Level.SCHOCK_AUS: "a Schock-Aus",
    },
    "de": {
        Level.ANY: "alles",
        Level.FIVE: "5-x-x",
        Level.SIX: "6-x-x",
        Level.SIX_FIVE: "6-5-x",
        Level.SIX_SIX: "6-6-x",
        Level.STRASSE: "einer Straße",
        Level.GENERAL: "einem General",
        Level.SCHOCK: "einem Schock",
        Level.SCHOCK_AUS: "einem Schock-Aus",
    },
    "de_acc": {
        Level.ANY: "irgendwas",
        Level.FIVE: "5-x-x",
        Level.SIX: "6-x-x",
        Level.SIX_FIVE: "6-5-x",
        Level.SIX_SIX: "6-6-x",
        Level.STRASSE: "eine Straße",
        Level.GENERAL: "einen General",
        Level.SCHOCK: "einen Schock",
        Level.SCHOCK_AUS: "einen Schock-Aus",
    },
}
"""Words for the levels; German has them after "bei" and, for a later player, after "hast"."""

_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Strategy card, {preset}",
        "or_better": "{level} or better",
        "opener_same": "Opener: stop on {level}; otherwise throw again, up to three times.",
        "opener_any": "Opener: stop after the first throw.",
        "opener_all": "Opener: use all three throws (stop early only on a Schock-Aus).",
        "opener_first": "Opener: after throw 1 stop on {first}; otherwise use all three throws.",
        "opener_two": "Opener: after throw 1 stop on {first}, after throw 2 on {second}.",
        "opener_one_any": "Opener: after throw 1 stop on {first}, after throw 2 always.",
        "later_any": "Later in the round: stop as soon as you are not the worst shown",
        "later_level": "Later in the round: stop as soon as you are not the worst shown and have "
        "at least {level} (the last player: as soon as you are not the worst)",
        "covered": "; with nothing shown, on {level}.",
        "covered_any": "; with nothing shown, after the first throw.",
        "sixes_always": "Turn sixes whenever you may; keep your ones",
        "sixes_unless": "Turn sixes when you do not stop; keep your ones",
        "sixes_never": "Never turn sixes; keep your ones",
        "keep_sixes": " (no ones: your sixes)",
        "keep_chase": " (behind a plain number: your sixes, not your ones)",
        "keep_end": " and throw the rest.",
        "press": " Below {level}, where keeping 1-1 or a 6 means no throw can make you the "
        "worst, keep them and throw on instead.",
        "press_all": " But where keeping 1-1 or a 6 means no throw can make you the worst, keep "
        "them and throw on instead.",
        "covered_all": "; with nothing shown, use all your throws (stop early only on a "
        "Schock-Aus).",
        "cost": "Loses {share} of games with three pub regulars (95% CI {lo} to {hi}), "
        "{cost} points more than the solver bot (95% CI {cost_lo} to {cost_hi}); "
        "a pub regular at that table loses {regular}.",
        "measured": "Measured: {games} games, seed {seed}; solver bot: {solver} of "
        "{solver_games} games, from {source}.",
    },
    "de": {
        "title": "Spickzettel, {preset}",
        "or_better": "{level} oder besser",
        "opener_same": "Wer eröffnet: bei {level} stehen bleiben, sonst weiter würfeln, "
        "bis zu dreimal.",
        "opener_any": "Wer eröffnet: nach dem ersten Wurf stehen bleiben.",
        "opener_all": "Wer eröffnet: alle drei Würfe nutzen (vorher nur bei Schock-Aus "
        "stehen bleiben).",
        "opener_first": "Wer eröffnet: nach Wurf 1 bei {first} stehen bleiben, sonst alle drei "
        "Würfe nutzen.",
        "opener_two": "Wer eröffnet: nach Wurf 1 bei {first} stehen bleiben, nach Wurf 2 bei "
        "{second}.",
        "opener_one_any": "Wer eröffnet: nach Wurf 1 bei {first} stehen bleiben, nach Wurf 2 "
        "immer.",
        "later_any": "Später in der Runde: stehen bleiben, sobald du nicht der Schlechteste bist",
        "later_level": "Später in der Runde: stehen bleiben, sobald du nicht der Schlechteste "
        "bist und mindestens {level} hast (als Letzter: sobald du nicht der Schlechteste bist)",
        "covered": "; ist nichts aufgedeckt, bei {level}.",
        "covered_any": "; ist nichts aufgedeckt, nach dem ersten Wurf.",
        "sixes_always": "Sechsen drehen, wann immer es geht; Einsen liegen lassen",
        "sixes_unless": "Sechsen drehen, wenn du nicht stehen bleibst; Einsen liegen lassen",
        "sixes_never": "Nie Sechsen drehen; Einsen liegen lassen",
        "keep_sixes": " (keine Einsen: die Sechsen)",
        "keep_chase": " (hinter einer einfachen Zahl: die Sechsen, nicht die Einsen)",
        "keep_end": " und den Rest würfeln.",
        "press": " Unter {level}: Wenn du mit 1-1 oder einer 6 draußen durch keinen Wurf mehr "
        "Schlechtester werden kannst, lass sie liegen und würfle weiter.",
        "press_all": " Aber: Wenn du mit 1-1 oder einer 6 draußen durch keinen Wurf mehr "
        "Schlechtester werden kannst, lass sie liegen und würfle weiter.",
        "covered_all": "; ist nichts aufgedeckt, alle Würfe nutzen (vorher nur bei Schock-Aus "
        "stehen bleiben).",
        "cost": "Verliert {share} der Spiele gegen drei Stammtischler (95%-KI {lo} bis {hi}), "
        "{cost} Punkte mehr als der Solver-Bot (95%-KI {cost_lo} bis {cost_hi}); "
        "ein Stammtischler an diesem Tisch verliert {regular}.",
        "measured": "Gemessen: {games} Spiele, Seed {seed}; Solver-Bot: {solver} von "
        "{solver_games} Spielen, aus {source}.",
    },
}
"""The card's own small catalogue of texts, German and English (as :mod:`schocken.texts`)."""

CARD_LANGUAGES = tuple(_TEXTS)


def _check_lang(lang: str) -> None:
    if lang not in _TEXTS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(_TEXTS)}")


def _level(level: Level, lang: str, *, at_least: bool = False) -> str:
    """A level's words: "a Straße or better", or after "at least" ("have at least a Straße")."""
    words = _LEVEL_WORDS["de_acc" if at_least and lang == "de" else lang][level]
    if at_least or level in (Level.ANY, Level.SCHOCK_AUS):
        return words
    return _TEXTS[lang]["or_better"].format(level=words)


def card_text(card: Card, lang: str, *, covered: bool = True) -> list[str]:
    """The card as three short lines in ``lang`` ("de" or "en"); without what to do with nothing
    shown unless ``covered`` (the rules have covered cups)."""
    _check_lang(lang)
    text = _TEXTS[lang]
    if card.first is Level.ANY:
        opener = text["opener_any"]
    elif card.first is card.second is Level.SCHOCK_AUS:
        opener = text["opener_all"]
    elif card.second is Level.SCHOCK_AUS:
        opener = text["opener_first"].format(first=_level(card.first, lang))
    elif card.first == card.second:
        opener = text["opener_same"].format(level=_level(card.first, lang))
    elif card.second is Level.ANY:
        opener = text["opener_one_any"].format(first=_level(card.first, lang))
    else:
        opener = text["opener_two"].format(
            first=_level(card.first, lang), second=_level(card.second, lang)
        )
    if card.later is Level.ANY:
        later = text["later_any"]
    else:
        later = text["later_level"].format(level=_level(card.later, lang, at_least=True))
    if not covered:
        later += "."
    elif card.covered is Level.ANY:
        later += text["covered_any"]
    elif card.covered is Level.SCHOCK_AUS:
        later += text["covered_all"]
    else:
        later += text["covered"].format(level=_level(card.covered, lang))
    if card.press is Level.SCHOCK_AUS:
        later += text["press_all"]
    elif card.press is not Level.ANY:
        later += text["press"].format(level=_LEVEL_WORDS[lang][card.press])
    habits = text[f"sixes_{card.sixes.value.split('_')[0]}"]
    if card.keep is Keep.ONES_ELSE_SIXES:
        habits += text["keep_sixes"]
    elif card.keep is Keep.CHASE:
        habits += text["keep_chase"]
    habits += text["keep_end"]
    return [opener, later, habits]


def _pct(share: float, lang: str) -> str:
    s = f"{100 * share:.2f}%"
    return s.replace(".", ",") if lang == "de" else s


def _points(points: float, lang: str) -> str:
    s = f"{100 * points:.2f}"
    return s.replace(".", ",") if lang == "de" else s


def cost_text(measured: Measured, lang: str) -> list[str]:
    """What the card costs, as measured, in ``lang``: two lines."""
    _check_lang(lang)
    text = _TEXTS[lang]
    lo, hi = measured.ci95
    cost_lo, cost_hi = measured.cost_ci95
    return [
        text["cost"].format(
            share=_pct(measured.share, lang),
            lo=_pct(lo, lang),
            hi=_pct(hi, lang),
            cost=_points(measured.cost, lang),
            cost_lo=_points(cost_lo, lang),
            cost_hi=_points(cost_hi, lang),
            regular=_pct(measured.regular_share, lang),
        ),
        text["measured"].format(
            games=measured.games,
            seed=measured.seed,
            solver=_pct(measured.solver_share, lang),
            solver_games=measured.solver_games,
            source=measured.solver_source,
        ),
    ]


def card_lines(chosen: ChosenCard, lang: str) -> list[str]:
    """A preset's card with its title and measured cost, in ``lang``."""
    _check_lang(lang)
    covered = PRESETS[chosen.preset].covered is not Covered.NEVER
    lines = [*card_text(chosen.card, lang, covered=covered), *cost_text(chosen.measured, lang)]
    return [
        _TEXTS[lang]["title"].format(preset=chosen.preset),
        *(
            textwrap.fill(
                line, 100, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
            )
            for line in lines
        ),
    ]


__all__ = ["CARD_LANGUAGES", "card_lines", "card_text", "cost_text"]
