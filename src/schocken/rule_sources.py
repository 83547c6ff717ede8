"""Where each rule option comes from: for each option and preset the sentence of the rule text it
comes from, or that the text is silent and our reading (:func:`option_source`, in English
:data:`OPTION_SOURCES`); what other rule pages and programs play (:data:`REGIONAL_SOURCES`, by
:data:`SOURCES` key); and in which options a preset differs (:func:`apart`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from schocken.catalogue import CATALOGUES
from schocken.rule_groups import GROUPS, is_read
from schocken.rules import PRESETS, Rules, find_preset
from schocken.texts import t

_PRESET_NUMBERS = (
    ("000", "tsv99"),
    ("001", "schock4life"),
    ("002", "knobelrunde"),
    ("003", "allgemein"),
)
_NUMBER = {preset: number for number, preset in _PRESET_NUMBERS}


class Reading(NamedTuple):
    """Our words about a rule text's sentences: the catalogue's ``source_<key>``, its ``{quote}``
    and ``{quote2}`` the sentences, quoted as the text writes them."""

    key: str
    quotes: tuple[str, ...] = ()


def _our(key: str, *quotes: str) -> Reading:
    return Reading(key, quotes)


_BY_OPTION: dict[str, dict[str, str | Reading]] = {
    "deckel_per_half": {
        "tsv99": '"14 Bierdeckel" ... "bis die 14 Bierdeckel ... verteilt sind"',
        "schock4life": '"13 Deckel starten in der Mitte."',
        "knobelrunde": '"In die Mitte der Runde kommt ein Stapel mit 13 Deckeln."',
        "allgemein": _our("silent_13_common"),
    },
    "deckel_in_finale": {
        "tsv99": '"die 2 Looser untereinander mit den 13 Bierdeckeln den endgültigen '
        'Verlierer ausspielen"',
        "schock4life": '"Die beiden Verlierer*innen spielen 1 gegen 1 mit 13 Deckeln."',
        "knobelrunde": _our("silent_13_half"),
        "allgemein": _our("silent_13_half"),
    },
    "finale": {
        "tsv99": '"Beide Verlierer spielen schließlich den endgültigen Verlierer aus."',
        "schock4life": '"Finale (nur falls zwei verschiedene Personen Hin- und Rückrunde '
        'verloren haben)"',
        "knobelrunde": '"so spielen sie alleine in einer dritten Runde den Verlierer der '
        'gesamten Knobelrunde aus"',
        "allgemein": '"Sollten die beiden Hälften an zwei verschiedene Spieler gegangen '
        'sein, so entscheidet der Endkampf."',
    },
    "opening": {
        "tsv99": '"Es wird ein normaler Durchgang von allen Mitspielern gewürfelt. '
        "Derjenige, der den höchsten Wert gewürfelt hat ... darf die "
        'eigentliche 1. Runde eröffnen."',
        "schock4life": '"Alle würfeln einmal. Wer den niedrigsten Wurf hat, bekommt so viele '
        'Deckel wie der höchste Wurf zeigt. ... Bei Gleichstand: Stechen"',
        "knobelrunde": _our("silent_opening_as_tsv99"),
        "allgemein": _our("silent_opening_as_tsv99"),
    },
    "more_halves": {
        "tsv99": _our(
            "finale_no_half", '"Beide Verlierer spielen schließlich den endgültigen Verlierer aus."'
        ),
        "schock4life": '"Finale (nur falls zwei verschiedene Personen Hin- und Rückrunde '
        'verloren haben)"',
        "knobelrunde": '"so spielen sie alleine in einer dritten Runde den Verlierer der '
        'gesamten Knobelrunde aus"',
        "allgemein": '"Sollten die beiden Hälften an zwei verschiedene Spieler gegangen '
        'sein, so entscheidet der Endkampf."',
    },
    "finale_opener": {
        "tsv99": _our("silent_finale_opener_rounds"),
        "schock4life": '"Hinrunden-Verlierer*in beginnt das Finale."',
        "knobelrunde": _our("silent_finale_opener"),
        "allgemein": _our("silent_finale_opener"),
    },
    "put_back": {
        "tsv99": '"Auch Würfel, die bei vorhergehenden versuchen "draussen" ... waren, '
        'können wieder in den Becher gegeben werden."',
        "schock4life": '"Bereits rausgelegte Würfel dürfen nicht erneut gewürfelt werden."',
        "knobelrunde": _our("silent_put_back", '"Jeder Würfel kann stehen gelassen werden"'),
        "allgemein": '"Auch Würfel, die bei vorhergehenden Versuchen draußen ... waren, '
        'können wieder in den Becher gegeben werden."',
    },
    "strasse_one_throw": {
        "tsv99": _our("silent_strasse_assembled"),
        "schock4life": '"Kombinationen dürfen über mehrere Würfe entstehen. z. B. 3-4 im '
        'ersten, 5 im zweiten → ergibt eine Straße"',
        "knobelrunde": '"Straße: ... (muß mit einem Wurf gewürfelt werden)"',
        "allgemein": '"Straßen und Generals sind in EINEM Wurf zu tätigen"',
    },
    "general_one_throw": {
        "tsv99": _our("silent_general_assembled"),
        "schock4life": '"Kombinationen dürfen über mehrere Würfe entstehen."',
        "knobelrunde": '"General: ... (muß mit einem Wurf gewürfelt werden)"',
        "allgemein": '"Straßen und Generals sind in EINEM Wurf zu tätigen"',
    },
    "general_beats_schock_2": {
        "tsv99": _our("silent_schock_beats_general"),
        "schock4life": _our("table_schock_above_general"),
        "knobelrunde": '"General ... ist höher als ein Schock 2 (auch Schock doof genannt)"',
        "allgemein": '"Sollten in einer Runde ein Schock 2 und ein General die höchsten '
        "Wertungen sein, erhält der unterlegene Spieler die Deckelanzahl der "
        'höchsten Wertung, also Schock 2"',
    },
    "tiebreak": {
        "tsv99": '"Haben mehrere Spieler das gleiche Ergebnis erwürfelt, so verliert '
        'derjenige, der als letzter geworfen hat (= Nachgelegt!!!)."',
        "schock4life": '"Bei Gleichstand zählt: 1. Wer mehr Würfe gebraucht hat, verliert. 2. '
        'Danach verliert die Person, die später geworfen hat."',
        "knobelrunde": '"Bei gleichen Würfen gilt "Mit ist Schitt"."',
        "allgemein": '"... so ist derjenige überlegen, der weniger Würfe angewandt hat."',
    },
    "hand_aus_beats": {
        "tsv99": _our("silent_schock_aus_equal"),
        "schock4life": '"Ein direkter Schock-Aus (1-1-1 in einem Wurf) schlägt einen '
        "vorherigen, selbst wenn die andere Person weniger Würfe gebraucht "
        'hat."',
        "knobelrunde": _our(
            "silent_hand_aus_apart", '"Hand Out: drei mal 1 in einem Wurf"', '"Schock Out"'
        ),
        "allgemein": _our("silent_schock_aus_equal"),
    },
    "sixes_rethrow": {
        "tsv99": '"Darüberhinaus muss die andere Sechs wieder zurück in den Würfelbecher."',
        "schock4life": '"2x Sechs in einem Wurf → 1 Würfel zu einer 1 drehen, die restlichen '
        'Würfel erneut würfeln"',
        "knobelrunde": '"Hat man nach dem ersten oder zweiten Wurf 2 Einsen und bspw. 1 Sechs '
        'stehen, muss weitergewürfelt werden."',
        "allgemein": '"Die andere Sechs muss zurück in den Würfelbecher und ein weiterer '
        'Wurf muss folgen."',
    },
    "covered": {
        "tsv99": _our("silent_not_covered"),
        "schock4life": '"Nach dem letzten Wurf bleibt der Becher verdeckt." ... "Am Ende '
        'decken alle ihre Würfe auf."',
        "knobelrunde": _our("silent_not_covered"),
        "allgemein": '"Der erste Spieler hat bis zu drei Versuche, wobei der dritte Wurf '
        'nicht aufgedeckt werden darf."',
    },
    "einwuerfeln": {
        "tsv99": _our(
            "not_in_text_quote",
            '"Hat man keine Deckel mehr, so ist man aus dem Finale ausgeschieden"',
        ),
        "schock4life": '"Ausgeschiedene können sich einwürfeln."',
        "knobelrunde": _our("not_in_text"),
        "allgemein": _our("not_in_text_quote", '"nehmen vorerst nicht mehr am Spiel teil"'),
    },
    "einwuerfeln_form": {
        "tsv99": _our("no_einwuerfeln"),
        "schock4life": _our("from_each_holder", '"bekommen sie **von jeder Person einen Deckel**"'),
        "knobelrunde": _our("no_einwuerfeln"),
        "allgemein": _our("no_einwuerfeln"),
    },
    "jule": {
        "tsv99": _our(
            "no_jule_number",
            '"Alles andere sind alle Würfe, die keine Strasse, kein General und kein Schock sind."',
        ),
        "schock4life": _our("no_jule_table", '"Einfach Zahl"'),
        "knobelrunde": _our("no_jule_plain", '"Einfacher Wurf: nach Augenzahl sortiert"'),
        "allgemein": _our("no_jule_order", '"normale Zahlen (1 Deckel)"'),
    },
    "jule_deckel": {
        "tsv99": _our("jule_deckel"),
        "schock4life": _our("jule_deckel"),
        "knobelrunde": _our("jule_deckel"),
        "allgemein": _our("jule_deckel"),
    },
    "jule_rank": {
        "tsv99": _our("no_jule"),
        "schock4life": _our("no_jule"),
        "knobelrunde": _our("no_jule"),
        "allgemein": _our("no_jule"),
    },
    "jule_one_throw": {
        "tsv99": _our("no_jule"),
        "schock4life": _our("no_jule"),
        "knobelrunde": _our("no_jule"),
        "allgemein": _our("no_jule"),
    },
    "general": {
        "tsv99": '"Generäle - dreimal dieselbe Zahl"',
        "schock4life": '"Jenny, General (Drilling) 6-6-6 3 Deckel"',
        "knobelrunde": '"General: drei mal 2,3,4,5 oder 6 -> 3 Deckel"',
        "allgemein": '"General (3 Deckel)"',
    },
    "set_aside": {
        "tsv99": '"Nach einem Wurf kann man alle Würfel zurück in den Becher geben, er '
        'kann aber auch zwei oder nur einen Würfel zurück in den Becher geben."',
        "schock4life": '"Nach jedem Wurf dürfen beliebige Würfel erneut geworfen werden."',
        "knobelrunde": '"Jeder Würfel kann stehen gelassen werden"',
        "allgemein": '"Nach einem Wurf kann der Spieler alle Würfel zurück in den Becher '
        "geben, er kann aber auch zwei oder nur einen Würfel zurück in den "
        'Becher geben."',
    },
    "sixes_turn": {
        "tsv99": '"Würfelt man mit einem Wurf zwei Sechsen, so kann man eine davon '
        'umdrehen (zur eins machen). Das geht aber nicht im dritten Wurf."',
        "schock4life": '"2x Sechs in einem Wurf → 1 Würfel zu einer 1 drehen" ... "Sechs '
        "drehen ist nur erlaubt, wenn noch mindestens ein Wurf in diesem Zug "
        'übrig ist."',
        "knobelrunde": '"Zwei mal die 6 in einem Wurf kann zu einer 1 umgedreht werden; drei '
        'mal die 6 zu zwei Einsen."',
        "allgemein": '"Würfelt man mit EINEM Wurf zwei Sechsen, so kann man eine davon zu '
        'einer 1 umdrehen. Dies gilt jedoch nicht beim dritten Wurf."',
    },
    "first_round_one_throw": {
        "tsv99": _our("every_round_alike", '"Der erste Spieler hat bis zu drei Versuche."'),
        "schock4life": _our("every_round_alike", '"Bis zu **drei Würfe** sind erlaubt."'),
        "knobelrunde": _our(
            "every_round_alike",
            '"Der Spieler, der den ersten Wurf der (Einzel-) Runde macht, legt '
            'durch die Anzahl seiner Würfe (max. 3) fest"',
        ),
        "allgemein": _our("every_round_alike", '"Der erste Spieler hat bis zu drei Versuche"'),
    },
    "strassen": {
        "tsv99": '"Strassen - eins zwei drei / zwei drei vier / drei vier fünf oder '
        'vier fünf sechs"',
        "schock4life": _our(
            "strassen_named",
            '"Straße 6-5-4, 3-2-1"',
            '"3-4 im ersten, 5 im zweiten → ergibt eine **Straße**"',
        ),
        "knobelrunde": '"Straße: 1,2,3 bis 4,5,6"',
        "allgemein": _our("silent_strassen_all", '"Straße (2 Deckel)"'),
    },
    "strasse_rank": {
        "tsv99": '"(=Kleine, 2 Mittlere und Große)"',
        "schock4life": _our("strasse_rank_table", '"Straße 6-5-4, 3-2-1"'),
        "knobelrunde": _our("strasse_rank_list", '"Straße: 1,2,3 bis 4,5,6"'),
        "allgemein": _our("silent_strasse_higher"),
    },
    "nutte": {
        "tsv99": _our("no_nutte_worst", '"das niedrigste zwei zwei eins (= DDR-Schock)"'),
        "schock4life": _our("no_nutte_table", '"Einfach Zahl"'),
        "knobelrunde": _our("no_nutte_plain", '"Einfacher Wurf: nach Augenzahl sortiert"'),
        "allgemein": _our("no_nutte_order", '"normale Zahlen (1 Deckel)"'),
    },
    "nutte_deckel": {
        "tsv99": _our("nutte_deckel"),
        "schock4life": _our("nutte_deckel"),
        "knobelrunde": _our("nutte_deckel"),
        "allgemein": _our("nutte_deckel"),
    },
    "nutte_rank": {
        "tsv99": _our("no_nutte"),
        "schock4life": _our("no_nutte"),
        "knobelrunde": _our("no_nutte"),
        "allgemein": _our("no_nutte"),
    },
    "nutte_one_throw": {
        "tsv99": _our("no_nutte"),
        "schock4life": _our("no_nutte"),
        "knobelrunde": _our("no_nutte"),
        "allgemein": _our("no_nutte"),
    },
    "one_throw_while_middle": {
        "tsv99": _our("middle_every_round_full", '"Der erste Spieler hat bis zu drei Versuche."'),
        "schock4life": _our(
            "middle_while",
            '"Bis zu **drei Würfe** sind erlaubt."',
            '"Solange Deckel in der Mitte sind, **spielen alle mit**."',
        ),
        "knobelrunde": _our(
            "middle_every_round", '"legt durch die Anzahl seiner Würfe (max. 3) fest"'
        ),
        "allgemein": _our("middle_every_round", '"Der erste Spieler hat bis zu drei Versuche"'),
    },
    "schock_aus": {
        "tsv99": _our(
            "schock_aus_half",
            '"Würfelt jemand einen Schock out (eins eins eins), so verliert '
            "derjenige die jeweilige Hälfte, der in diesem Durchgang den "
            'niedrigsten Wert erzielt hat."',
        ),
        "schock4life": _our(
            "schock_aus_half", '"Schock-Aus 1-1-1 Runde endet sofort - schlechtester Wurf verliert"'
        ),
        "knobelrunde": _our(
            "schock_aus_half",
            '"Schock Out: drei mal 1 in zwei oder drei Würfen -> die Hälfte ist zu '
            "Ende und der Spieler mit dem niedrigsten Wurf dieser Runde hat "
            'verloren."',
        ),
        "allgemein": _our(
            "schock_aus_half",
            '"so erhält der Mitspieler mit der niedrigsten Wertung alle Deckel, '
            "ungeachtet der Tatsache, ob einige Deckel schon verteilt wurden oder "
            'nicht."',
        ),
    },
    "schock_aus_deckel": {
        "tsv99": _our("schock_aus_deckel", '"Julius"'),
        "schock4life": _our("schock_aus_deckel", '"Julius"'),
        "knobelrunde": _our("schock_aus_deckel", '"Julius"'),
        "allgemein": _our("schock_aus_deckel", '"Julius"'),
    },
    "achter": {
        "tsv99": _our(
            "no_achter_plain",
            '"Alles andere sind alle Würfe, die keine Strasse, kein General und kein Schock sind."',
        ),
        "schock4life": _our("no_achter_table", '"Einfach Zahl"'),
        "knobelrunde": _our("no_achter_plain", '"Einfacher Wurf: nach Augenzahl sortiert"'),
        "allgemein": _our("no_achter_order", '"normale Zahlen (1 Deckel)"'),
    },
    "achter_deckel": {
        "tsv99": _our("achter_deckel"),
        "schock4life": _our("achter_deckel"),
        "knobelrunde": _our("achter_deckel"),
        "allgemein": _our("achter_deckel"),
    },
    "plain_rank": {
        "tsv99": '"Geordnet werden sie absteigend nach den Augenzahlen der Würfel."',
        "schock4life": '"Einfach Zahl 4-6-3 = 643"',
        "knobelrunde": '"Einfacher Wurf: nach Augenzahl sortiert: (z.B. 3,6,1 = 631)"',
        "allgemein": '"Das heißt in den oben gezeigten Beispielen liegen einmal '
        "Sechshundertfünfundsechzig und einmal Zweihunderteinundzwanzig (der "
        'kleinste Wurf)."',
    },
    "later_opener": {
        "tsv99": _our("silent_loser_opens_others"),
        "schock4life": _our(
            "loser_opens_middle", '"Die Person mit dem niedrigsten Wurf **beginnt** das Spiel."'
        ),
        "knobelrunde": _our("silent_loser_opens"),
        "allgemein": _our("silent_loser_opens"),
    },
    "deckel_owed": {
        "tsv99": '"Er bekommt soviele deckel, wie es der höchste Wert (also das höchste '
        'Würfelergebnis) in dieser Runde vorschreibt."',
        "schock4life": '"Wer den niedrigsten Wurf hat, bekommt so viele Deckel wie der '
        'höchste Wurf zeigt."',
        "knobelrunde": '"bekommt eine entsprechende Anzahl von Deckeln, die vom höchsten Wurf '
        'der Runde abhängt"',
        "allgemein": '"bekommt der Spieler, der die niedrigste Wertung würfelt, ... die '
        "Anzahl der Deckel, die der Spieler mit der höchsten Wertung erzielt "
        'hat"',
    },
    "blind": {p: _our("no_blind") for p in _NUMBER},
    "blind_double": {p: _our("no_blind") for p in _NUMBER},
    "open_round": {p: _our("no_open_round") for p in _NUMBER},
}
"""For each option (but ``preset``) and preset: the sentences of its rule text as written (in
German, quoted), or our reading of them (:class:`Reading`, words of the catalogue)."""


def option_source(name: str, preset: str, lang: str = "en") -> str:
    """Where preset ``preset`` takes option ``name`` from, in ``lang``: its text's number, then the
    text's sentence as quoted, or our reading (the quotes in it as written).

    >>> option_source("deckel_per_half", "allgemein", "de")
    '003: Text schweigt, unsere Lesart (13, die übliche Zahl)'
    >>> option_source("deckel_per_half", "schock4life", "de")
    '001: "13 Deckel starten in der Mitte."'
    """
    source = _BY_OPTION[name][preset]
    if isinstance(source, str):
        return f"{_NUMBER[preset]}: {source}"
    fields = dict(zip(("quote", "quote2"), source.quotes, strict=False))
    return f"{_NUMBER[preset]}: " + t(f"source_{source.key}", lang, **fields)


OPTION_SOURCES: dict[str, dict[str, str]] = {
    name: {preset: option_source(name, preset) for preset in by_preset}
    for name, by_preset in _BY_OPTION.items()
}
"""For each option (but ``preset``) and preset: the sentence of the text, or our reading, in
English (docs/rules.md)."""

QUOTED: frozenset[str] = frozenset(
    quote
    for by_preset in _BY_OPTION.values()
    for source in by_preset.values()
    for quote in ((source,) if isinstance(source, str) else source.quotes)
)
"""The rule texts' sentences as :data:`OPTION_SOURCES` quotes them (German, in any language)."""

SILENT = t("source_silent", "en")
"""What a reading says where its text is silent, in English."""


SOURCES: dict[str, str] = {
    "wiki": "https://de.wiki.li/Schocken (mirror of German Wikipedia)",
    "sackj": "http://sackjeseech.com/ (the text of the allgemein preset)",
    "tingting": "http://knobelklub-tingtingting.de/seite/spielregeln.html (the knobelrunde text)",
    "daha12": "http://www.daha12.de/?page_id=64",
    "jusos": "https://wiki.nrwjusos.de/wiki/schocken-heisst-der-antrag/",
    "spiele7": "https://www.spiele7.de/regeln/schocken.html",
    "tanneb": "http://bjoerntanneberger.de/schock.htm",
    "burger": "https://das-burgerwerk.de/schocken/",
    "kepler": "https://kepler-eck.de/spiele/schocken/",
    "ohnetheke": "http://schockenohnetheke.de/de/regeln",
    "liga": "https://schocken-liga.blogspot.com/p/blog-page.html",
    "bitzen": "http://www.bitzen-online.de/ (Schockclub Klabusterbären)",
    "rsc03": "https://rsc03.de.tl/Regelwerk.htm",
    "kroeten": "http://kroetenfluechter.de/schockregeln.html",
    "schockaus": "http://schockaus.de/seite4.html",
    "mortsch": "http://urlm.de/g/c/m/1502690 (Inter-Mortsche-nale)",
    "keller": "http://57865509.swh.strato-hosting.eu/Das-Spiel/ (Kellerschocker United Baden)",
    "niederrhein": "https://www.niederrhein-schockmeisterschaft.de/kopie-von-spielanleitung",
    "bvb": "https://www.bvb.de/de/en/general/campaign/schocken.html",
    "sr-en": "https://www.spielregeln.de/en/shock.html",
    "h2g2": "https://h2g2.com/edited_entry/A593183",
    "paua": "https://www.paua.store/blogs/news/paua-trinkspiele-3-schocken",
    "lustige": "https://www.lustige-trinkspiele.de/",
    "schockomania": "https://schockomania.de/game.html",
    "greher": "http://greher.de/jule/jule-spielregeln.htm",
    "kerwe": "https://www.kerweborsch-biebesheim.de/juleturnier/juleregeln/",
    "casino": "http://www.casinospiegel.net/die-jule.html",
    "monopoly": "http://monopoly-duesseldorf.de/knobeln.html",
    "velen": "https://schockenvelen.de/index.php/regeln",
    "mad": "github.com/madmaddin/schocken (src/game/rules/)",
    "tsw": "github.com/Wiiilmaa/Tele-Schocken (backend/app/rulesets.json)",
    "shaw": "github.com/shawdyy/schocken (src/types/Ruleset.ts)",
    "papr": "github.com/papr/schocken-discord-bot (src/schocken/wurf.py)",
    "rebel": "github.com/RebelMetal-dev/schocken-web-app (SCHOCKEN_RULES.md)",
    "board": "github.com/sNyteXx/Schockboard (src/domain/rules.ts)",
    "o2k": "github.com/O2kar1899/schocken (Schocken/rules.txt)",
    "seb": "github.com/Sebringl/Schocken_Online (server.js)",
    "holl": "github.com/benhollisch/dice_game_schocken",
    "leon": "github.com/leonweinrich99/schocken_app",
    "mats": "github.com/Mats-He/schocken",
    "weizhao": "https://www.weizhaoxiang.com/2020/10/23/app-571000955/ (an app's rules)",
}
"""Rule pages and other Schocken programs that :data:`REGIONAL_SOURCES` cites by key (read for
issue 14; ``shared/REGIONAL.md`` has the catalogue)."""

NOTED_SOURCES = ("wiki", "sackj", "tingting", "weizhao")
"""The sources whose address has a note in our words (the catalogue's ``source_note_<key>``);
the others' notes are names or a file in a repository, as they are."""


def source_where(key: str, lang: str = "en") -> str:
    """Where source ``key`` of :data:`SOURCES` is, its note in ``lang``.

    >>> source_where("tingting", "de")
    'http://knobelklub-tingtingting.de/seite/spielregeln.html (der Text von knobelrunde)'
    """
    where = SOURCES[key]
    if key not in NOTED_SOURCES:
        return where
    return f"{where.split(' (')[0]} ({t(f'source_note_{key}', lang)})"


REGIONAL_SOURCES: dict[str, str] = {
    key.removeprefix("regional_"): text
    for key, text in CATALOGUES["en"].group("texts").items()
    if key.startswith("regional_")
}
"""For each option: what rule pages and other Schocken programs play, by :data:`SOURCES` key
(in brackets), in English: the catalogue's ``regional_<option>`` texts
(:func:`regional_sources` says them in any language)."""


def regional_sources(name: str, lang: str = "en") -> str:
    """What rule pages and programs play for option ``name``, in ``lang``, the :data:`SOURCES`
    keys in brackets as in English.

    >>> regional_sources("jule_deckel", "de")
    '7 [mad, papr, tsw, greher, shaw]; 8 [monopoly]; 9 [casino].'
    """
    return t(f"regional_{name}", lang)


def source_keys(name: str) -> tuple[str, ...]:
    """The keys of :data:`SOURCES` that :data:`REGIONAL_SOURCES` cites for option ``name``, in
    the order it first names them (where the option is played beyond the four texts).

    >>> source_keys("jule_deckel")
    ('mad', 'papr', 'tsw', 'greher', 'shaw', 'monopoly', 'casino')
    """
    keys: list[str] = []
    for bracket in re.findall(r"\[([^\]]+)\]", REGIONAL_SOURCES[name]):
        for key in (k.strip() for k in bracket.split(",")):
            if key not in keys:
                keys.append(key)
    return tuple(keys)


def apart(preset: str) -> tuple[str, ...]:
    """The options in which preset ``preset`` differs from the others: from the value most of
    the four presets play (where two play one value and two another, from the default of
    :class:`Rules`), the engine reading it; in the order of :data:`GROUPS`.

    >>> apart("tsv99")
    ('deckel_per_half',)
    """
    rules = find_preset(preset)
    plain = Rules()
    found = []
    for name in (n for names in GROUPS.values() for n in names):
        values = [getattr(p, name) for p in PRESETS.values()]
        counts = sorted({values.count(v) for v in values}, reverse=True)
        common = [v for v in values if values.count(v) == counts[0]]
        usual = common[0] if len(set(common)) == 1 else getattr(plain, name)
        if getattr(rules, name) != usual and is_read(rules, name):
            found.append(name)
    return tuple(found)
