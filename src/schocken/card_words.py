"""A strategy card in words (every language of the catalogue): the card itself
(:func:`card_text`), what it costs against the solver bot (:func:`cost_text`), and both as
``schocken card`` prints them (:func:`card_lines`). The cards are in :mod:`schocken.card`.
"""

from __future__ import annotations

import textwrap

from schocken.card import Card, ChosenCard, Keep, Level, Measured
from schocken.rules import PRESETS, Covered
from schocken.texts import CATALOGUE, t

# -- The card in words -----------------------------------------------------------------------
# Every text is the catalogue's (``card_*``, docs/translating.md). A level has two wordings:
# after "stop on" and "or better" (``card_level_*``) and after "have at least"
# (``card_level_have_*``): German says "bei einem Schock" but "hast einen Schock".


def _text(key: str, lang: str, **fields: object) -> str:
    return t(f"card_{key}", lang, **fields)


def _level(level: Level, lang: str, *, at_least: bool = False) -> str:
    """A level's words: "a Straße or better", or after "at least" ("have at least a Straße")."""
    words = t(f"card_level_{'have_' if at_least else ''}{level.value}", lang)
    if at_least or level in (Level.ANY, Level.SCHOCK_AUS):
        return words
    return _text("or_better", lang, level=words)


class _Texts:
    """The card's texts in one language, by their short names (``text["title"]``)."""

    def __init__(self, lang: str) -> None:
        t("card_title", lang, preset="")  # an unknown language is refused here
        self.lang = lang

    def __getitem__(self, name: str) -> str:
        return CATALOGUE[self.lang][f"card_{name}"]


def card_text(card: Card, lang: str, *, covered: bool = True) -> list[str]:
    """The card as three short lines in ``lang`` ("de" or "en"); without what to do with nothing
    shown unless ``covered`` (the rules have covered cups)."""
    text = _Texts(lang)
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
        later += text["press"].format(level=t(f"card_level_{card.press.value}", lang))
    habits = text[f"sixes_{card.sixes.value.split('_')[0]}"]
    if card.keep is Keep.ONES_ELSE_SIXES:
        habits += text["keep_sixes"]
    elif card.keep is Keep.CHASE:
        habits += text["keep_chase"]
    habits += text["keep_end"]
    return [opener, later, habits]


def _number(value: float, lang: str) -> str:
    return f"{value:.2f}".replace(".", t("number_decimal", lang))


def _pct(share: float, lang: str) -> str:
    return t("card_percent", lang, number=_number(100 * share, lang))


def _points(points: float, lang: str) -> str:
    return _number(100 * points, lang)


def cost_text(measured: Measured, lang: str) -> list[str]:
    """What the card costs, as measured, in ``lang``: two lines."""
    text = _Texts(lang)
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
    covered = PRESETS[chosen.preset].covered is not Covered.NEVER
    lines = [*card_text(chosen.card, lang, covered=covered), *cost_text(chosen.measured, lang)]
    return [
        _text("title", lang, preset=chosen.preset),
        *(
            textwrap.fill(
                line, 100, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
            )
            for line in lines
        ),
    ]


__all__ = ["card_lines", "card_text", "cost_text"]
