"""Where each rule option comes from: for each option and preset the sentence of the rule text it
comes from, or that the text is silent and our reading (:data:`OPTION_SOURCES`); what other rule
pages and programs play (:data:`REGIONAL_SOURCES`, by :data:`SOURCES` key); and in which options
a preset differs (:func:`apart`).
"""

from __future__ import annotations

import re

from schocken.catalogue import CATALOGUES
from schocken.rule_groups import GROUPS, is_read
from schocken.rules import PRESETS, Rules, find_preset
from schocken.texts import t

SILENT = "text silent: our reading"
_PRESET_NUMBERS = (
    ("000", "tsv99"),
    ("001", "schock4life"),
    ("002", "knobelrunde"),
    ("003", "allgemein"),
)

OPTION_SOURCES: dict[str, dict[str, str]] = {
    "deckel_per_half": {
        "tsv99": '000: "14 Bierdeckel" ... "bis die 14 Bierdeckel ... verteilt sind"',
        "schock4life": '001: "13 Deckel starten in der Mitte."',
        "knobelrunde": '002: "In die Mitte der Runde kommt ein Stapel mit 13 Deckeln."',
        "allgemein": f"003: {SILENT} (13, the common count)",
    },
    "deckel_in_finale": {
        "tsv99": '000: "die 2 Looser untereinander mit den 13 Bierdeckeln den endgültigen '
        'Verlierer ausspielen"',
        "schock4life": '001: "Die beiden Verlierer*innen spielen 1 gegen 1 mit 13 Deckeln."',
        "knobelrunde": f"002: {SILENT} (13, as in a half)",
        "allgemein": f"003: {SILENT} (13, as in a half)",
    },
    "finale": {
        "tsv99": '000: "Beide Verlierer spielen schließlich den endgültigen Verlierer aus."',
        "schock4life": '001: "Finale (nur falls zwei verschiedene Personen Hin- und Rückrunde '
        'verloren haben)"',
        "knobelrunde": '002: "so spielen sie alleine in einer dritten Runde den Verlierer der '
        'gesamten Knobelrunde aus"',
        "allgemein": '003: "Sollten die beiden Hälften an zwei verschiedene Spieler gegangen '
        'sein, so entscheidet der Endkampf."',
    },
    "opening": {
        "tsv99": '000: "Es wird ein normaler Durchgang von allen Mitspielern gewürfelt. '
        "Derjenige, der den höchsten Wert gewürfelt hat ... darf die eigentliche 1. Runde "
        'eröffnen."',
        "schock4life": '001: "Alle würfeln einmal. Wer den niedrigsten Wurf hat, bekommt so '
        'viele Deckel wie der höchste Wurf zeigt. ... Bei Gleichstand: Stechen"',
        "knobelrunde": f"002: {SILENT} (as tsv99: a round for no Deckel, best result opens)",
        "allgemein": f"003: {SILENT} (as tsv99: a round for no Deckel, best result opens)",
    },
    "more_halves": {
        "tsv99": '000: "Beide Verlierer spielen schließlich den endgültigen Verlierer aus." (a '
        "Finale, no further half)",
        "schock4life": '001: "Finale (nur falls zwei verschiedene Personen Hin- und Rückrunde '
        'verloren haben)"',
        "knobelrunde": '002: "so spielen sie alleine in einer dritten Runde den Verlierer der '
        'gesamten Knobelrunde aus"',
        "allgemein": '003: "Sollten die beiden Hälften an zwei verschiedene Spieler gegangen '
        'sein, so entscheidet der Endkampf."',
    },
    "finale_opener": {
        "tsv99": f"000: {SILENT} (the loser of the last round, as between rounds)",
        "schock4life": '001: "Hinrunden-Verlierer*in beginnt das Finale."',
        "knobelrunde": f"002: {SILENT} (the loser of the last round)",
        "allgemein": f"003: {SILENT} (the loser of the last round)",
    },
    "put_back": {
        "tsv99": '000: "Auch Würfel, die bei vorhergehenden versuchen "draussen" ... waren, '
        'können wieder in den Becher gegeben werden."',
        "schock4life": '001: "Bereits rausgelegte Würfel dürfen nicht erneut gewürfelt werden."',
        "knobelrunde": f'002: {SILENT} (yes: "Jeder Würfel kann stehen gelassen werden" '
        "forbids nothing)",
        "allgemein": '003: "Auch Würfel, die bei vorhergehenden Versuchen draußen ... waren, '
        'können wieder in den Becher gegeben werden."',
    },
    "strasse_one_throw": {
        "tsv99": f"000: {SILENT} (no: a Strasse may be assembled)",
        "schock4life": '001: "Kombinationen dürfen über mehrere Würfe entstehen. z. B. 3-4 im '
        'ersten, 5 im zweiten → ergibt eine Straße"',
        "knobelrunde": '002: "Straße: ... (muß mit einem Wurf gewürfelt werden)"',
        "allgemein": '003: "Straßen und Generals sind in EINEM Wurf zu tätigen"',
    },
    "general_one_throw": {
        "tsv99": f"000: {SILENT} (no: a General may be assembled)",
        "schock4life": '001: "Kombinationen dürfen über mehrere Würfe entstehen."',
        "knobelrunde": '002: "General: ... (muß mit einem Wurf gewürfelt werden)"',
        "allgemein": '003: "Straßen und Generals sind in EINEM Wurf zu tätigen"',
    },
    "general_beats_schock_2": {
        "tsv99": f"000: {SILENT} (no: every Schock beats a General)",
        "schock4life": "001: the ranking table lists Schock 1-1-6 to 1-1-2 above the General",
        "knobelrunde": '002: "General ... ist höher als ein Schock 2 (auch Schock doof genannt)"',
        "allgemein": '003: "Sollten in einer Runde ein Schock 2 und ein General die höchsten '
        "Wertungen sein, erhält der unterlegene Spieler die Deckelanzahl der höchsten Wertung, "
        'also Schock 2"',
    },
    "tiebreak": {
        "tsv99": '000: "Haben mehrere Spieler das gleiche Ergebnis erwürfelt, so verliert '
        'derjenige, der als letzter geworfen hat (= Nachgelegt!!!)."',
        "schock4life": '001: "Bei Gleichstand zählt: 1. Wer mehr Würfe gebraucht hat, '
        'verliert. 2. Danach verliert die Person, die später geworfen hat."',
        "knobelrunde": '002: "Bei gleichen Würfen gilt "Mit ist Schitt"."',
        "allgemein": '003: "... so ist derjenige überlegen, der weniger Würfe angewandt hat."',
    },
    "hand_aus_beats": {
        "tsv99": f"000: {SILENT} (no: every Schock-Aus is equal)",
        "schock4life": '001: "Ein direkter Schock-Aus (1-1-1 in einem Wurf) schlägt einen '
        'vorherigen, selbst wenn die andere Person weniger Würfe gebraucht hat."',
        "knobelrunde": f'002: {SILENT} (yes: "Hand Out: drei mal 1 in einem Wurf" is named '
        'apart from "Schock Out")',
        "allgemein": f"003: {SILENT} (no: every Schock-Aus is equal)",
    },
    "sixes_rethrow": {
        "tsv99": '000: "Darüberhinaus muss die andere Sechs wieder zurück in den Würfelbecher."',
        "schock4life": '001: "2x Sechs in einem Wurf → 1 Würfel zu einer 1 drehen, die '
        'restlichen Würfel erneut würfeln"',
        "knobelrunde": '002: "Hat man nach dem ersten oder zweiten Wurf 2 Einsen und bspw. '
        '1 Sechs stehen, muss weitergewürfelt werden."',
        "allgemein": '003: "Die andere Sechs muss zurück in den Würfelbecher und ein weiterer '
        'Wurf muss folgen."',
    },
    "covered": {
        "tsv99": f"000: {SILENT} (no throw is covered)",
        "schock4life": '001: "Nach dem letzten Wurf bleibt der Becher verdeckt." ... "Am Ende '
        'decken alle ihre Würfe auf."',
        "knobelrunde": f"002: {SILENT} (no throw is covered)",
        "allgemein": '003: "Der erste Spieler hat bis zu drei Versuche, wobei der dritte Wurf '
        'nicht aufgedeckt werden darf."',
    },
    "einwuerfeln": {
        "tsv99": '000: not in the text ("Hat man keine Deckel mehr, so ist man aus dem Finale '
        'ausgeschieden")',
        "schock4life": '001: "Ausgeschiedene können sich einwürfeln."',
        "knobelrunde": "002: not in the text",
        "allgemein": '003: not in the text ("nehmen vorerst nicht mehr am Spiel teil")',
    },
    "einwuerfeln_form": {
        "tsv99": "000: not in the text (no Einwürfeln)",
        "schock4life": '001: "bekommen sie **von jeder Person einen Deckel**" (from_each_holder)',
        "knobelrunde": "002: not in the text (no Einwürfeln)",
        "allgemein": "003: not in the text (no Einwürfeln)",
    },
    "jule": {
        "tsv99": '000: no Jule: "Alles andere sind alle Würfe, die keine Strasse, kein General '
        'und kein Schock sind." (4-2-1 is the number 421)',
        "schock4life": "001: no Jule: the ranking table has Schock-Aus, Schock, General, Straße "
        'and "Einfach Zahl" only',
        "knobelrunde": '002: no Jule: "Einfacher Wurf: nach Augenzahl sortiert" (4-2-1 is 421)',
        "allgemein": '003: no Jule: the order ends with "normale Zahlen (1 Deckel)", 4-2-1 among '
        "them",
    },
    "jule_deckel": {
        "tsv99": "000: not in the text (no Jule); 7, the worth most sources give it",
        "schock4life": "001: not in the text (no Jule); 7, the worth most sources give it",
        "knobelrunde": "002: not in the text (no Jule); 7, the worth most sources give it",
        "allgemein": "003: not in the text (no Jule); 7, the worth most sources give it",
    },
    "jule_rank": {
        "tsv99": "000: not in the text (no Jule)",
        "schock4life": "001: not in the text (no Jule)",
        "knobelrunde": "002: not in the text (no Jule)",
        "allgemein": "003: not in the text (no Jule)",
    },
    "jule_one_throw": {
        "tsv99": "000: not in the text (no Jule)",
        "schock4life": "001: not in the text (no Jule)",
        "knobelrunde": "002: not in the text (no Jule)",
        "allgemein": "003: not in the text (no Jule)",
    },
    "general": {
        "tsv99": '000: "Generäle - dreimal dieselbe Zahl"',
        "schock4life": '001: "Jenny, General (Drilling) 6-6-6 3 Deckel"',
        "knobelrunde": '002: "General: drei mal 2,3,4,5 oder 6 -> 3 Deckel"',
        "allgemein": '003: "General (3 Deckel)"',
    },
    "set_aside": {
        "tsv99": '000: "Nach einem Wurf kann man alle Würfel zurück in den Becher geben, er kann '
        'aber auch zwei oder nur einen Würfel zurück in den Becher geben."',
        "schock4life": '001: "Nach jedem Wurf dürfen beliebige Würfel erneut geworfen werden."',
        "knobelrunde": '002: "Jeder Würfel kann stehen gelassen werden"',
        "allgemein": '003: "Nach einem Wurf kann der Spieler alle Würfel zurück in den Becher '
        'geben, er kann aber auch zwei oder nur einen Würfel zurück in den Becher geben."',
    },
    "sixes_turn": {
        "tsv99": '000: "Würfelt man mit einem Wurf zwei Sechsen, so kann man eine davon umdrehen '
        '(zur eins machen). Das geht aber nicht im dritten Wurf."',
        "schock4life": '001: "2x Sechs in einem Wurf → 1 Würfel zu einer 1 drehen" ... "Sechs '
        'drehen ist nur erlaubt, wenn noch mindestens ein Wurf in diesem Zug übrig ist."',
        "knobelrunde": '002: "Zwei mal die 6 in einem Wurf kann zu einer 1 umgedreht werden; drei '
        'mal die 6 zu zwei Einsen."',
        "allgemein": '003: "Würfelt man mit EINEM Wurf zwei Sechsen, so kann man eine davon zu '
        'einer 1 umdrehen. Dies gilt jedoch nicht beim dritten Wurf."',
    },
    "first_round_one_throw": {
        "tsv99": '000: never: every round alike, "Der erste Spieler hat bis zu drei Versuche."',
        "schock4life": '001: never: every round alike, "Bis zu **drei Würfe** sind erlaubt."',
        "knobelrunde": '002: never: every round alike, "Der Spieler, der den ersten Wurf der '
        '(Einzel-) Runde macht, legt durch die Anzahl seiner Würfe (max. 3) fest"',
        "allgemein": '003: never: every round alike, "Der erste Spieler hat bis zu drei Versuche"',
    },
    "strassen": {
        "tsv99": '000: "Strassen - eins zwei drei / zwei drei vier / drei vier fünf oder vier '
        'fünf sechs"',
        "schock4life": '001: "Straße 6-5-4, 3-2-1" names the highest and the lowest; "3-4 im '
        'ersten, 5 im zweiten → ergibt eine **Straße**": 3-4-5 is one too',
        "knobelrunde": '002: "Straße: 1,2,3 bis 4,5,6"',
        "allgemein": f'003: {SILENT} ("Straße (2 Deckel)" without a list: all four, as the '
        "other texts)",
    },
    "strasse_rank": {
        "tsv99": '000: "(=Kleine, 2 Mittlere und Große)"',
        "schock4life": '001: "Straße 6-5-4, 3-2-1", highest first as every row of the table',
        "knobelrunde": '002: "Straße: 1,2,3 bis 4,5,6", the order of the list of results',
        "allgemein": f"003: {SILENT} (the higher Straße is better, as in the other texts)",
    },
    "nutte": {
        "tsv99": '000: no Nutte: "das niedrigste zwei zwei eins (= DDR-Schock)", the worst throw',
        "schock4life": "001: no Nutte: the ranking table has Schock-Aus, Schock, General, Straße "
        'and "Einfach Zahl" only',
        "knobelrunde": '002: no Nutte: "Einfacher Wurf: nach Augenzahl sortiert" (2-2-1 is 221)',
        "allgemein": '003: no Nutte: the order ends with "normale Zahlen (1 Deckel)", 2-2-1 among '
        "them",
    },
    "nutte_deckel": {
        "tsv99": "000: not in the text (no Nutte); 9, the worth tsw gives it",
        "schock4life": "001: not in the text (no Nutte); 9, the worth tsw gives it",
        "knobelrunde": "002: not in the text (no Nutte); 9, the worth tsw gives it",
        "allgemein": "003: not in the text (no Nutte); 9, the worth tsw gives it",
    },
    "nutte_rank": {
        "tsv99": "000: not in the text (no Nutte)",
        "schock4life": "001: not in the text (no Nutte)",
        "knobelrunde": "002: not in the text (no Nutte)",
        "allgemein": "003: not in the text (no Nutte)",
    },
    "nutte_one_throw": {
        "tsv99": "000: not in the text (no Nutte)",
        "schock4life": "001: not in the text (no Nutte)",
        "knobelrunde": "002: not in the text (no Nutte)",
        "allgemein": "003: not in the text (no Nutte)",
    },
    "one_throw_while_middle": {
        "tsv99": '000: false: "Der erste Spieler hat bis zu drei Versuche." for every round, the '
        "middle full or empty",
        "schock4life": '001: false: "Bis zu **drei Würfe** sind erlaubt." while "Solange Deckel '
        'in der Mitte sind, **spielen alle mit**."',
        "knobelrunde": '002: false: "legt durch die Anzahl seiner Würfe (max. 3) fest" for every '
        "round",
        "allgemein": '003: false: "Der erste Spieler hat bis zu drei Versuche" for every round',
    },
    "schock_aus": {
        "tsv99": '000: half: "Würfelt jemand einen Schock out (eins eins eins), so verliert '
        "derjenige die jeweilige Hälfte, der in diesem Durchgang den niedrigsten Wert erzielt "
        'hat."',
        "schock4life": '001: half: "Schock-Aus 1-1-1 Runde endet sofort - schlechtester Wurf '
        'verliert"',
        "knobelrunde": '002: half: "Schock Out: drei mal 1 in zwei oder drei Würfen -> die '
        'Hälfte ist zu Ende und der Spieler mit dem niedrigsten Wurf dieser Runde hat verloren."',
        "allgemein": '003: half: "so erhält der Mitspieler mit der niedrigsten Wertung alle '
        'Deckel, ungeachtet der Tatsache, ob einige Deckel schon verteilt wurden oder nicht."',
    },
    "schock_aus_deckel": {
        "tsv99": '000: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
        "schock4life": '001: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
        "knobelrunde": '002: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
        "allgemein": '003: not in the text (a Schock-Aus ends the half); 7, casino\'s "Julius"',
    },
    "achter": {
        "tsv99": '000: no Achter: "Alles andere sind alle Würfe, die keine Strasse, kein General '
        'und kein Schock sind." (3-3-1 is 331)',
        "schock4life": '001: no Achter: the ranking table ends with "Einfach Zahl"',
        "knobelrunde": '002: no Achter: "Einfacher Wurf: nach Augenzahl sortiert" (3-3-1 is 331)',
        "allgemein": '003: no Achter: the order ends with "normale Zahlen (1 Deckel)"',
    },
    "achter_deckel": {
        "tsv99": "000: not in the text (no Achter); 8, the lower worth shaw offers",
        "schock4life": "001: not in the text (no Achter); 8, the lower worth shaw offers",
        "knobelrunde": "002: not in the text (no Achter); 8, the lower worth shaw offers",
        "allgemein": "003: not in the text (no Achter); 8, the lower worth shaw offers",
    },
    "plain_rank": {
        "tsv99": '000: "Geordnet werden sie absteigend nach den Augenzahlen der Würfel."',
        "schock4life": '001: "Einfach Zahl 4-6-3 = 643"',
        "knobelrunde": '002: "Einfacher Wurf: nach Augenzahl sortiert: (z.B. 3,6,1 = 631)"',
        "allgemein": '003: "Das heißt in den oben gezeigten Beispielen liegen einmal '
        'Sechshundertfünfundsechzig und einmal Zweihunderteinundzwanzig (der kleinste Wurf)."',
    },
    "later_opener": {
        "tsv99": f"000: {SILENT} (the loser of a round opens the next, as in the other texts)",
        "schock4life": '001: "Die Person mit dem niedrigsten Wurf **beginnt** das Spiel." (the '
        "loser opens, the middle empty or not)",
        "knobelrunde": f"002: {SILENT} (the loser of a round opens the next)",
        "allgemein": f"003: {SILENT} (the loser of a round opens the next)",
    },
    "deckel_owed": {
        "tsv99": '000: "Er bekommt soviele deckel, wie es der höchste Wert (also das höchste '
        'Würfelergebnis) in dieser Runde vorschreibt."',
        "schock4life": '001: "Wer den niedrigsten Wurf hat, bekommt so viele Deckel wie der '
        'höchste Wurf zeigt."',
        "knobelrunde": '002: "bekommt eine entsprechende Anzahl von Deckeln, die vom höchsten Wurf '
        'der Runde abhängt"',
        "allgemein": '003: "bekommt der Spieler, der die niedrigste Wertung würfelt, ... die '
        'Anzahl der Deckel, die der Spieler mit der höchsten Wertung erzielt hat"',
    },
    "blind": {p: f"{n}: not in the text (no blind play)" for n, p in _PRESET_NUMBERS},
    "blind_double": {p: f"{n}: not in the text (no blind play)" for n, p in _PRESET_NUMBERS},
    "open_round": {p: f"{n}: not in the text (no open round)" for n, p in _PRESET_NUMBERS},
}
"""For each option (but ``preset``) and preset: the sentence of the text, or our reading."""

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
