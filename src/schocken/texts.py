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
from typing import NamedTuple, TypeVar

from schocken.actions import Action, Stop, Throw, TurnSixes
from schocken.catalogue import CATALOGUES
from schocken.errors import Said as Said  # a refusal's parts: made here as ever
from schocken.errors import SchockenError
from schocken.errors import said as said
from schocken.events import (
    BlindOpened,
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
from schocken.results import Result, ResultKind, TieRule, result_table, tie_decided, worst_tied
from schocken.rules import (
    DeckelOwed,
    FirstRoundOneThrow,
    JuleRank,
    LaterOpener,
    NutteRank,
    Opening,
    PlainRank,
    Rules,
    SchockAus,
    SixesTurn,
    Strassen,
    StrasseRank,
    Tiebreak,
)

LANGUAGES: tuple[str, ...] = tuple(CATALOGUES)
"""The languages found: one ``.po`` file each (:mod:`schocken.catalogue`)."""

CATALOGUE: dict[str, dict[str, str]] = {
    lang: {**CATALOGUES["en"].flat(), **cat.flat()} for lang, cat in CATALOGUES.items()
}
"""Every text by language and key, read from ``locale/LANG/LC_MESSAGES/schocken.po``; a text
that a language's file lacks or leaves empty is said in English."""


def default_language() -> str:
    """The language of the system locale where the catalogue has it, else English
    (``de_DE.UTF-8`` → ``de``)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return _known(value)
    return _known(locale.getlocale()[0] or "")


def _known(name: str) -> str:
    code = name.lower().replace("-", "_").split(".")[0].split("@")[0]
    for lang in (code, code.split("_")[0]):
        if lang in CATALOGUE:
            return lang
    return "en"


def t(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` with its fields filled in."""
    if lang not in CATALOGUE:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return CATALOGUE[lang][key].format(**fields)


def throw_nth(n: int, lang: str) -> str:
    """The ``n``-th throw as ``lang`` counts it, the one wording of every screen.

    >>> throw_nth(1, "en"), throw_nth(2, "en"), throw_nth(3, "en"), throw_nth(4, "en")
    ('1st throw', '2nd throw', '3rd throw', '4th throw')
    >>> throw_nth(1, "de")
    '1. Wurf'
    """
    key = f"throw_nth_{n}"
    return t(key if key in CATALOGUE[lang] else "throw_nth", lang, n=n)


def counted(key: str, n: int, lang: str, **fields: object) -> str:
    """The text ``key`` for ``n`` things: its form for one (``key_1``) where the catalogue has
    one, else ``key`` with ``n`` (the club's, the review's and pub mode's counts).

    >>> counted("n_evenings", 1, "en"), counted("n_evenings", 2, "en"), counted("n_games", 1, "de")
    ('1 evening', '2 evenings', '1 Spiel')
    """
    forms = CATALOGUES[lang].forms.get(key) if lang in CATALOGUES else None
    if forms is not None:  # a plural entry of the catalogue: the language's rule picks the form
        return forms[CATALOGUES[lang].plural(n)].format(n=n, **fields)
    one = f"{key}_1"
    return t(one if n == 1 and one in CATALOGUE[lang] else key, lang, n=n, **fields)


E = TypeVar("E", bound=SchockenError)


def refused(kind: type[E], key: str, /, **fields: object) -> E:
    """A refusal: an error of ``kind`` whose message is the text ``key`` in English, carrying
    the key and fields for :func:`refusal_text`. A field may be a :class:`Said` or another
    refusal (the reason inside a reason): both are said in the language asked for."""
    return kind(_refusal(key, "en", fields), key=key, **fields)


def refusal_text(error: Exception, lang: str) -> str:
    """Why something was refused, in ``lang`` (the message itself where the error has no text
    in the catalogue)."""
    if not isinstance(error, SchockenError) or error.key is None:
        return str(error)
    return _refusal(error.key, lang, error.fields)


def _refusal(key: str, lang: str, fields: dict[str, object]) -> str:
    def word(value: object) -> object:
        if isinstance(value, Said):
            text = _refusal(value.key, lang, value.fields)
            return text[:1].lower() + text[1:] if value.lower_first else text
        if isinstance(value, Exception):
            return refusal_text(value, lang)
        if isinstance(value, tuple) and value and all(isinstance(v, Said) for v in value):
            return ", ".join(str(word(v)) for v in value)  # several parts, each said
        return value

    said = {name: word(value) for name, value in fields.items()}
    forms = CATALOGUES[lang].forms.get(key) if lang in CATALOGUES else None
    n = fields.get("n")
    if forms is not None and isinstance(n, int):  # a count: the language's rule picks the form
        return forms[CATALOGUES[lang].plural(n)].format(**said)
    return t(key, lang, **said)


def money(cents: int, lang: str, currency: str = "EUR") -> str:
    """An amount in cents as people write it: ``12,50 €`` in German, ``€12.50`` in English.

    >>> money(123456, "de"), money(-250, "en"), money(300, "de", "Kisten")
    ('1.234,56 €', '-€2.50', '3,00 Kisten')
    """
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    number = f"{whole:,}".replace(",", t("number_group", lang))
    number += t("number_decimal", lang) + f"{part:02d}"
    if currency == "EUR":
        return t("money_eur", lang, sign=sign, number=number)
    return t("money_other", lang, sign=sign, number=number, currency=currency)


def result_name(result: Result | None, lang: str) -> str:
    """A result as players say it ("Schock 4", "General 5", "6-5-2")."""
    if result is None:
        return t("covered", lang)
    if result.kind is ResultKind.PLAIN:
        return "-".join(str(p) for p in result.dice)
    if result.kind is ResultKind.STRASSE:
        word = t("strasse_word", lang)
        return f"{word} {'-'.join(str(p) for p in result.dice)}"
    if result.kind is ResultKind.JULE:
        return t("result_jule", lang)
    if result.kind is ResultKind.NUTTE:
        return t("result_nutte", lang)
    if result.kind is ResultKind.ACHTER:
        return t("result_achter", lang)
    return result.name


def action_name(action: Action, lang: str) -> str:
    """An action as players say it ("keep 1-1 and throw one die", "stop")."""
    if isinstance(action, Throw):
        if not action.keep:
            return t("action_throw", lang)
        n = t(f"action_dice_{3 - len(action.keep)}", lang)
        return t("action_keep", lang, dice="-".join(map(str, action.keep)), n=n)
    if isinstance(action, TurnSixes):
        return t("action_turn", lang)
    if isinstance(action, Stop):
        return t("action_stop", lang)
    return t("action_buyin", lang)


def _join(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t("join_last", lang) + names[-1]


class Line(NamedTuple):
    """One sentence of a game's explanation: the index of the event that caused it (in the list
    explained), the catalogue key it was made from, and the text."""

    event: int
    key: str
    text: str


def explain_round(ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str) -> list[str]:
    """The results of a round in order, who was best and worst, and why (the tie rules)."""
    return [text for _, text in _round_lines(ended, rules, players, lang)]


def _opening_die_lines(
    ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str
) -> list[tuple[str, str]]:
    """After a round of one die each: who throws again, or who opens (high_die: the highest)."""
    if ended.stechen:
        names = _join([players[s] for s in ended.stechen], lang)
        key = f"die_tie_{rules.opening.value}"
        return [(key, t(key, lang, players=names))]
    high = rules.opening is Opening.HIGH_DIE
    seat = ended.best if high else ended.worst
    assert seat is not None
    die = result_name(dict(ended.results)[seat], lang)
    # The round it opens is the next one (rounds are counted through the game, the opening's
    # too: the log says the number the table shows).
    number = ended.number + 1
    if high:
        key, field = "high_die_opens", "best"
    else:
        key, field = "low_die_opens", "worst"
    return [(key, t(key, lang, **{field: players[seat]}, result=die, number=number))]


def _round_lines(
    ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str
) -> list[tuple[str, str]]:
    """:func:`explain_round` as (key, text) pairs; the first is always the list of results."""

    def line(key: str, **fields: object) -> tuple[str, str]:
        return key, t(key, lang, **fields)

    results = ", ".join(f"{players[s]}: {result_name(r, lang)}" for s, r in ended.results)
    key = {
        RoundKind.NORMAL: "round_results",
        RoundKind.OPENING_ROUND: "opening_round",
        RoundKind.OPENING_THROW: "opening_throw",
        RoundKind.STECHEN: "stechen",
        RoundKind.OPENING_DIE: "opening_die",
        RoundKind.THROW_OFF: "throw_off",
    }[ended.kind]
    lines = [line(key, number=ended.number, results=results)]
    if ended.kind is RoundKind.OPENING_DIE:
        return lines + _opening_die_lines(ended, rules, players, lang)
    by_seat = dict(ended.results)
    if ended.kind in (RoundKind.NORMAL, RoundKind.THROW_OFF) and ended.worst is None:
        lines.append(_tie_line(ended, rules, players, lang))
        return lines
    if ended.stechen:
        lines.append(
            line("stechen_needed", players=_join([players[s] for s in ended.stechen], lang))
        )
        return lines
    if ended.kind is RoundKind.THROW_OFF and ended.worst is not None:
        lost = ended.worst
        lines.append(
            line("throw_off_lost", worst=players[lost], result=result_name(by_seat[lost], lang))
        )
        return lines
    if ended.kind is RoundKind.OPENING_ROUND:
        best = by_seat[ended.best]
        lines.append(
            line(
                "best_opens",
                best=players[ended.best],
                result=result_name(best, lang),
                number=ended.number + 1,
            )
        )
        return lines
    worst_opens = rules.opening is Opening.WORST_OPENS
    if ended.kind is not RoundKind.NORMAL and worst_opens and ended.worst is not None:
        worst = by_seat[ended.worst]
        lines.append(
            line(
                "worst_opens",
                worst=players[ended.worst],
                result=result_name(worst, lang),
                number=ended.number + 1,
            )
        )
        return lines
    if ended.worst is None or ended.kind is not RoundKind.NORMAL:
        return lines
    best_r, worst_r = by_seat[ended.best], by_seat[ended.worst]
    lines.append(
        line(
            "best_worst",
            best=players[ended.best],
            best_result=result_name(best_r, lang),
            worst=players[ended.worst],
            worst_result=result_name(worst_r, lang),
        )
    )
    seats = [s for s, _ in ended.results]
    in_order = [r for _, r in ended.results]
    tie = tie_decided(result_table(rules), in_order, seats.index(ended.worst))
    if tie is None:
        return lines
    other = players[seats[tie.other]]
    if tie.rule is TieRule.ASSEMBLED:
        lines.append(line("tie_assembled", worst=players[ended.worst], other=other))
    elif tie.rule is TieRule.MORE_THROWS:
        lines.append(
            line(
                "tie_throws",
                worst=players[ended.worst],
                other=other,
                throws=worst_r.throws,
                other_throws=in_order[tie.other].throws,
            )
        )
    else:
        k = "tie_later_throws" if rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER else "tie_later"
        lines.append(line(k, worst=players[ended.worst], other=other))
    return lines


def _tie_line(
    ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str
) -> tuple[str, str]:
    """What a tie for the worst result did (``throw_off``, ``no_deckel``) as (key, text)."""
    by_seat = dict(ended.results)
    names = _join([players[s] for s in ended.stechen], lang)
    if ended.kind is RoundKind.THROW_OFF:
        return "throw_off_again", t("throw_off_again", lang, players=names)
    if ended.stechen:
        return "throw_off_needed", t("throw_off_needed", lang, players=names)
    seats = [s for s, _ in ended.results]
    tied = [seats[p] for p in worst_tied(result_table(rules), [r for _, r in ended.results])]
    fields = {
        "players": _join([players[s] for s in tied], lang),
        "result": result_name(by_seat[tied[0]], lang),
        "opener": players[seats[0]],
    }
    return "tie_no_deckel", t("tie_no_deckel", lang, **fields)


def explain(events: Sequence[Event], rules: Rules, players: Sequence[str], lang: str) -> list[str]:
    """Plain sentences for the events of a round's end, a half's end and the game's end."""
    return [line.text for line in explain_lines(events, rules, players, lang)]


def explain_lines(
    events: Sequence[Event],
    rules: Rules,
    players: Sequence[str],
    lang: str,
    *,
    before: Sequence[Event] = (),
) -> list[Line]:
    """:func:`explain`, each sentence with the index of the event that caused it and its key.

    A sentence depends only on its event and on the round that ended last before it (for the
    Deckel that round moved). ``before`` are the game's events before ``events`` (only those
    since the last round's end are looked at), so a game explained in pieces says the same as
    the whole game explained at once.
    """
    lines: list[Line] = []
    last_round: RoundEnded | None = None
    schock_aus_told = False
    bought: int | None = None  # who bought in last since the last round's end
    settled = False  # a half ended since that buy-in
    for e in reversed(before):
        if isinstance(e, RoundEnded):
            last_round = e
            break
        schock_aus_told = schock_aus_told or isinstance(e, DeckelMoved)
        settled = settled or isinstance(e, SectionEnded)
        if isinstance(e, BoughtIn) and bought is None and not settled:
            bought = e.seat

    def add(i: int, key: str, **fields: object) -> None:
        lines.append(Line(i, key, t(key, lang, **fields)))

    for i, e in enumerate(events):
        if isinstance(e, RoundEnded):
            last_round = e
            schock_aus_told = False
            bought = None
            lines.extend(Line(i, k, text) for k, text in _round_lines(e, rules, players, lang))
        elif isinstance(e, DeckelMoved):
            if (
                last_round is not None
                and last_round.deckel is None
                and last_round.worst is not None
            ):
                if not schock_aus_told:
                    add(
                        i,
                        "schock_aus",
                        best=players[last_round.best],
                        loser=players[last_round.worst],
                    )
                    schock_aus_told = True
            elif last_round is not None and last_round.kind in (
                RoundKind.OPENING_THROW,
                RoundKind.STECHEN,
            ):
                add(i, "lowest_takes", loser=players[e.receiver], count=e.amount)
            elif e.giver is None:
                add(i, "deckel_from_middle", loser=players[e.receiver], count=e.amount)
            else:
                add(
                    i,
                    "deckel_from_player",
                    giver=players[e.giver],
                    loser=players[e.receiver],
                    count=e.amount,
                )
        elif isinstance(e, PlayersOut):
            add(i, "out", players=_join([players[s] for s in e.seats], lang))
        elif isinstance(e, BlindOpened):
            add(i, "opened_blind", player=players[e.seat])
        elif isinstance(e, BoughtIn):
            bought = e.seat
            givers = [t("the_middle", lang) if g is None else players[g] for g in e.givers]
            key = "bought_in" if givers else "bought_in_at_risk"  # nobody gives: at risk
            add(i, key, player=players[e.seat], givers=_join(givers, lang))
        elif isinstance(e, SectionEnded):
            name = e.section.value
            if e.loser == bought:  # no round ended since he bought in: buying in lost the half
                of_section = t(f"gen_{name}", lang)
                add(i, "section_lost_buy_in", loser=players[e.loser], section=of_section)
            else:
                key = "section_lost_schock_aus" if e.schock_aus else "section_lost"
                add(i, key, loser=players[e.loser], section=t(f"acc_{name}", lang))
            bought = None
            add(
                i,
                "summary_section",
                section=t(f"gen_{name}", lang),
                loser=players[e.loser],
                total=sum(e.deckel),
            )
        elif isinstance(e, SectionStarted):
            if e.section.value == "finale":
                a, b = e.players
                add(i, "finale_between", a=players[a], b=players[b])
            add(i, "section_started", section=t(f"nom_{e.section.value}", lang), middle=e.middle)
        elif isinstance(e, GameEnded):
            add(i, "blattschuss" if e.blattschuss else "game_lost", loser=players[e.loser])
            names = ["first_half", "second_half"] + ["extra_half"] * (len(e.half_losers) - 2)
            losers = list(zip(names, e.half_losers, strict=False))
            if len(losers) == 2 and not e.blattschuss:
                losers.append(("finale", e.loser))
            parts = [
                t("summary_part", lang, section=t(name, lang), loser=players[s])
                for name, s in losers
            ]
            rounds = last_round.number if last_round is not None else 0
            add(i, "summary_game", parts=", ".join(parts), rounds=rounds)
    return lines


def describe_rules(rules: Rules, lang: str) -> list[str]:
    """The rules of a rule set as a reader wants them: one sentence per option, in ``lang``."""

    def yes(flag: bool) -> str:
        return "yes" if flag else "no"

    lines = [t("rules_title", lang, preset=rules.preset)]
    if rules.finale and rules.more_halves:
        lines.append(t("rules_more_halves", lang, half=rules.deckel_per_half))
    elif rules.finale:
        lines.append(
            t("rules_deckel", lang, half=rules.deckel_per_half, finale=rules.deckel_in_finale)
        )
    else:
        lines.append(t("rules_no_finale", lang, half=rules.deckel_per_half))
    worth = rules.schock_aus is SchockAus.WORTH
    aus = str(rules.schock_aus_deckel) if worth else t("rules_aus_all", lang)
    lines.append(t("rules_values" if rules.general else "rules_values_no_general", lang, aus=aus))
    if rules.schock_aus is SchockAus.GAME:
        lines.append(t("rules_schock_aus_game", lang))
    elif worth:
        lines.append(t("rules_schock_aus_worth", lang, deckel=rules.schock_aus_deckel))
    if rules.jule:
        both_top = rules.nutte and rules.nutte_rank is NutteRank.TOP
        rank = "below_nutte" if both_top and rules.jule_rank is JuleRank.TOP else rules.jule_rank
        lines.append(t(f"rules_jule_{rank}", lang, deckel=rules.jule_deckel))
        lines.append(t(f"rules_jule_one_throw_{yes(rules.jule_one_throw)}", lang))
    else:
        lines.append(t("rules_jule_no", lang))
    if rules.nutte:
        lines.append(t(f"rules_nutte_{rules.nutte_rank.value}", lang, deckel=rules.nutte_deckel))
        lines.append(t(f"rules_nutte_one_throw_{yes(rules.nutte_one_throw)}", lang))
    if rules.achter:
        lines.append(t("rules_achter", lang, deckel=rules.achter_deckel))
    if rules.deckel_owed is DeckelOwed.SUM:
        lines.append(t("rules_deckel_owed_sum", lang))
    lines.append(t(f"rules_opening_{rules.opening.value}", lang))
    if rules.later_opener is not LaterOpener.LOSER:
        lines.append(t(f"rules_later_opener_{rules.later_opener.value}", lang))
    if rules.first_round_one_throw is not FirstRoundOneThrow.NEVER:
        lines.append(t(f"rules_first_round_{rules.first_round_one_throw.value}", lang))
    if rules.one_throw_while_middle:
        lines.append(t("rules_one_throw_while_middle", lang))
    lines += [
        t(f"rules_tiebreak_{rules.tiebreak.value}", lang),
        t(f"rules_set_aside_{rules.set_aside.value}", lang),
        t(f"rules_put_back_{yes(rules.put_back)}", lang),
    ]
    if rules.sixes_turn is SixesTurn.NEVER:
        lines.append(t("rules_sixes_turn_never", lang))
    else:
        lines.append(t(f"rules_sixes_{rules.sixes_rethrow.value}", lang))
        if rules.sixes_turn is not SixesTurn.ANY_THROW:
            lines.append(t(f"rules_sixes_turn_{rules.sixes_turn.value}", lang))
    lines.append(t(f"rules_strasse_{yes(rules.strasse_one_throw)}", lang))
    if rules.strassen is Strassen.OUTER:
        lines.append(t("rules_strassen_outer", lang))
    if rules.strasse_rank is StrasseRank.EQUAL:
        lines.append(t("rules_strasse_rank_equal", lang))
    if rules.plain_rank is PlainRank.PIP_SUM:
        lines.append(t("rules_plain_rank_pip_sum", lang))
    if rules.general:
        lines.append(t(f"rules_general_{yes(rules.general_one_throw)}", lang))
        lines.append(t(f"rules_general_schock2_{yes(rules.general_beats_schock_2)}", lang))
    else:
        lines.append(t("rules_general_off", lang))
    einwuerfeln = "at_risk" if rules.buys_in_at_risk else yes(rules.einwuerfeln)
    lines += [
        t(f"rules_hand_aus_{yes(rules.hand_aus_beats)}", lang),
        t(f"rules_covered_{rules.covered.value}", lang),
        t(f"rules_einwuerfeln_{einwuerfeln}", lang),
    ]
    if rules.open_round:
        lines.append(t("rules_open_round", lang))
    if rules.blind:
        lines.append(t("rules_blind", lang))
        if rules.blind_double:
            lines.append(t("rules_blind_double", lang))
    if rules.finale and not rules.more_halves:
        lines.append(t(f"rules_finale_opener_{rules.finale_opener.value}", lang))
    return lines
