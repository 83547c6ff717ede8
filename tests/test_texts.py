"""The texts players read: one catalogue, German and English, explaining rounds and halves."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from schocken.actions import BUY_IN, STOP, Throw
from schocken.catalogue import CATALOGUES
from schocken.club import PRICE_ITEMS, SECTIONS
from schocken.club.values import BOT_SEATS
from schocken.dice import ScriptedDice
from schocken.errors import RefusalError
from schocken.events import RoundEnded, RoundKind, SectionEnded
from schocken.game import Game
from schocken.players import check_players
from schocken.refusal_texts import REFUSALS
from schocken.results import result_table
from schocken.rules import find_preset
from schocken.texts import (
    CATALOGUE,
    default_language,
    describe_rules,
    explain,
    explain_lines,
    refusal_text,
    refused,
    result_name,
    said,
    t,
)


def test_catalogue_has_every_key_in_both_languages() -> None:
    assert set(CATALOGUE["de"]) == set(CATALOGUE["en"])
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        t("opens", "fr", loser="x")


def test_default_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert default_language() == "de"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert default_language() == "en"
    monkeypatch.setenv("LC_ALL", "de_AT.UTF-8")
    assert default_language() == "de"


def test_result_names() -> None:
    table = result_table(find_preset("tsv99"))
    assert result_name(table.result((1, 1, 4), one_throw=True, throws=1), "en") == "Schock 4"
    assert result_name(table.result((6, 5, 2), one_throw=True, throws=1), "de") == "6-5-2"
    strasse = table.result((4, 5, 6), one_throw=True, throws=1)
    assert result_name(strasse, "de") == "Straße 6-5-4"
    assert result_name(strasse, "en") == "Strasse 6-5-4"
    assert result_name(None, "de") == "verdeckt"


def _round_after_opening(pips: list[int]) -> Game:
    """tsv99, Ben vs Cem: an opening round (Ben 6-5-4 opens), then one round played."""
    game = Game(find_preset("tsv99"), ["Ben", "Cem"], ScriptedDice([6, 5, 4, 3, 2, 2, *pips]))
    for _ in range(2):
        game.apply(Throw())
        if game.legal_actions() and STOP in game.legal_actions():
            game.apply(STOP)
    return game


def test_round_explained_with_deckel_from_the_middle() -> None:
    game = _round_after_opening([4, 1, 1, 6, 5, 2])
    game.apply(Throw())  # Ben: Schock 4
    game.apply(STOP)
    game.apply(Throw())  # Cem: 6-5-2, one throw (the limit)
    ended = next(
        i for i, e in enumerate(game.events) if isinstance(e, RoundEnded) and e.number == 2
    )
    en = explain(game.events[ended:], game.rules, game.players, "en")
    assert en[0] == "Round 2: Ben: Schock 4, Cem: 6-5-2."
    assert "Best: Ben (Schock 4); worst: Cem (6-5-2)." in en
    assert "Cem takes 4 Deckel from the middle." in en
    de = explain(game.events[ended:], game.rules, game.players, "de")
    assert "Cem nimmt 4 Deckel aus der Mitte." in de


def test_tie_explained_by_the_later_thrower() -> None:
    game = _round_after_opening([6, 5, 2, 6, 5, 2])
    game.apply(Throw())
    game.apply(STOP)
    game.apply(Throw())
    ended = next(
        i for i, e in enumerate(game.events) if isinstance(e, RoundEnded) and e.number == 2
    )
    en = explain(game.events[ended:], game.rules, game.players, "en")
    assert "Cem ties with Ben and threw later: later is worse." in en
    de = explain(game.events[ended:], game.rules, game.players, "de")
    assert "Cem hat gleich mit Ben und warf später: mit ist Schitt." in de


def test_opening_round_explained() -> None:
    game = _round_after_opening([])
    en = explain(game.events, game.rules, game.players, "en")
    assert "The first half (Hinrunde) begins with 14 Deckel in the middle." in en
    assert "Opening round (for no Deckel): Ben: Strasse 6-5-4, Cem: 3-2-2." in en
    assert "Ben has the best result (Strasse 6-5-4) and opens round 2." in en


def test_a_jule_is_named_and_explained_in_both_languages() -> None:
    rules = find_preset("tsv99").with_overrides({"jule": True, "jule_deckel": 8})
    jule = result_table(rules).result((4, 2, 1), one_throw=True, throws=1)
    assert result_name(jule, "de") == result_name(jule, "en") == "Jule"
    # Ben opens (6-5-4 in the opening round), throws a Jule; Cem's 5-3-2 takes 8 Deckel.
    game = Game(rules, ["Ben", "Cem"], ScriptedDice([6, 5, 4, 3, 2, 2, 4, 2, 1, 5, 3, 2]))
    for _ in range(4):
        game.apply(Throw())
        if game.legal_actions() and STOP in game.legal_actions():
            game.apply(STOP)
    ended = [e for e in game.events if isinstance(e, RoundEnded)][-1]
    assert ended.deckel == 8 and ended.worst == 1
    english = " ".join(explain(game.events, rules, game.players, "en"))
    german = " ".join(explain(game.events, rules, game.players, "de"))
    assert "Ben: Jule" in english and "Ben: Jule" in german
    assert "8" in english and "8" in german


def test_the_new_options_in_words() -> None:
    rules = find_preset("knobelrunde").with_overrides(
        {
            "jule": True,
            "jule_deckel": 9,
            "jule_rank": "by_worth",
            "jule_one_throw": True,
            "general": False,
            "set_aside": "ones",
            "sixes_turn": "one_throw",
        }
    )
    en = describe_rules(rules, "en")
    de = describe_rules(rules, "de")
    assert len(en) == len(de)
    assert "A Jule (4-2-1) is worth 9 Deckel and ranks among the Schocks by its worth." in en
    assert (
        "Die Jule (4-2-1) ist 9 Deckel wert und steht nach ihrem Wert zwischen den Schocks." in de
    )
    assert "A Jule counts only when thrown in one throw." in en
    assert "Three equal dice are a plain number: there is no General." in en
    assert not any("General 3" in line or "beats a Schock 2" in line for line in en)
    assert "Nur Einsen dürfen rausgelegt werden." in de
    assert "Sixes turn only in a throw of all three dice (aus der Hand)." in en
    never = describe_rules(rules.with_overrides({"sixes_turn": "never"}), "en")
    assert "Sixes are never turned into ones." in never
    first = rules.with_overrides({"sixes_turn": "first_throw"})
    assert "Sixes turn only after a turn's first throw." in describe_rules(first, "en")
    assert "Sechsen werden nur nach dem ersten Wurf umgedreht." in describe_rules(first, "de")
    assert not any("aus der Hand" in line for line in describe_rules(first, "en"))
    assert not any("Two sixes may become" in line for line in never)
    plain = describe_rules(find_preset("tsv99"), "en")
    assert not any("Erster Hoch" in line for line in plain)
    assert "4-2-1 is a plain number: there is no Jule." in plain
    assert "Any die may be set aside." in plain


def test_every_refusal_of_the_engine_is_said_in_both_languages() -> None:
    from schocken.actions import BUY_IN, STOP, TURN_SIXES, Throw
    from schocken.dice import ScriptedDice
    from schocken.errors import IllegalActionError, OutOfTurnError
    from schocken.game import Game
    from schocken.rules import find_preset
    from schocken.texts import refusal_text

    game = Game(find_preset("schock4life"), ["Anna", "Ben"], ScriptedDice([6, 5, 4, 3, 2, 2]))
    game.apply(Throw(()), 0)
    game.apply(Throw(()), 1)  # Ben threw lowest: he takes Deckel and opens
    refusals = []
    for action, seat in ((STOP, 1), (TURN_SIXES, 1), (BUY_IN, 0), (Throw(()), 0), (Throw((1,)), 1)):
        try:
            game.apply(action, seat)
        except IllegalActionError as exc:
            refusals.append(exc)
    assert len(refusals) == 5
    assert isinstance(refusals[3], OutOfTurnError)
    for refusal in refusals:
        english, german = refusal_text(refusal, "en"), refusal_text(refusal, "de")
        assert refusal.key is not None and english == str(refusal) and german != english
    assert (
        refusal_text(refusals[0], "de")
        == "Ben hat noch nicht geworfen: ein Zug beginnt mit einem Wurf"
    )
    assert refusal_text(refusals[3], "de") == "Ben ist dran, nicht Anna"
    assert refusal_text(ValueError("plain"), "de") == "plain"


def test_a_seat_that_is_not_there_an_unknown_action_and_a_game_over_are_said_in_german() -> None:
    from schocken.bots import make_bot
    from schocken.dice import RandomDice
    from schocken.errors import GameOverError, IllegalActionError
    from schocken.game import Game
    from schocken.simulate import play_game

    game = Game(find_preset("schock4life"), ["Anna", "Ben"], ScriptedDice([6, 5, 4]))
    with pytest.raises(IllegalActionError) as info:
        game.apply(STOP, 5)
    assert str(info.value) == "no seat 5 at this table of 2"
    assert refusal_text(info.value, "de") == "keinen Platz 5 an diesem Tisch mit 2 Plätzen"
    with pytest.raises(IllegalActionError) as info:
        game.apply("stop", 0)  # type: ignore[arg-type]
    assert refusal_text(info.value, "de") == "keine Aktion: 'stop'"
    bots = [make_bot("regular", seat) for seat in range(2)]
    over = play_game(Game(find_preset("schock4life"), ["Anna", "Ben"], RandomDice(3)), bots)
    assert over.loser is not None
    with pytest.raises(GameOverError) as info:
        over.apply(Throw(()))
    loser = over.players[over.loser]
    assert refusal_text(info.value, "de") == (
        f"das Spiel ist vorbei ({loser} hat verloren); keine Aktionen mehr"
    )


@pytest.mark.parametrize(
    ("where", "en", "de"),
    [
        (
            "halves",
            "The first round of each half is played with one throw (Erster Hoch).",
            "Die erste Runde jeder Hälfte wird mit einem Wurf gespielt (Erster Hoch).",
        ),
        (
            "halves_and_finale",
            "The first round of each half and of the Finale is played with one throw "
            "(Erster Hoch).",
            "Die erste Runde jeder Hälfte und des Finales wird mit einem Wurf gespielt "
            "(Erster Hoch).",
        ),
    ],
)
def test_describe_rules_names_erster_hoch(where: str, en: str, de: str) -> None:
    rules = find_preset("tsv99").with_overrides({"first_round_one_throw": where})
    assert en in describe_rules(rules, "en")
    assert de in describe_rules(rules, "de")


def test_describe_rules_names_the_strassen_options() -> None:
    plain = describe_rules(find_preset("tsv99"), "en")
    assert not any("Only 1-2-3" in line or "as good as any" in line for line in plain)
    rules = find_preset("tsv99").with_overrides({"strassen": "outer", "strasse_rank": "equal"})
    en, de = describe_rules(rules, "en"), describe_rules(rules, "de")
    assert len(en) == len(de) == len(plain) + 2
    assert "Only 1-2-3 and 4-5-6 are Straßen; 2-3-4 and 3-4-5 are plain numbers." in en
    assert "Nur 1-2-3 und 4-5-6 sind Straßen; 2-3-4 und 3-4-5 sind normale Zahlen." in de
    assert "Every Straße is as good as any other: between two, the tie rule decides." in en


def test_describe_rules_names_the_nutte() -> None:
    plain = describe_rules(find_preset("tsv99"), "en")
    assert not any("Nutte" in line for line in plain)
    rules = find_preset("tsv99").with_overrides({"nutte": True, "nutte_one_throw": True})
    en, de = describe_rules(rules, "en"), describe_rules(rules, "de")
    assert len(en) == len(de) == len(plain) + 2
    assert (
        "A Nutte (2-2-1) is worth 9 Deckel and ranks right below a Schock-Aus, above a Jule and "
        "every Schock." in en
    )
    assert "Eine Nutte zählt nur aus einem Wurf." in de
    both = describe_rules(rules.with_overrides({"jule": True}), "en")
    assert (
        "A Jule (4-2-1) is worth 7 Deckel and ranks right below the Nutte, above every Schock."
        in both
    )
    by_worth = rules.with_overrides({"nutte_rank": "by_worth", "nutte_deckel": 7})
    assert (
        "Die Nutte (2-2-1) ist 7 Deckel wert und steht nach ihrem Wert zwischen den Schocks."
        in describe_rules(by_worth, "de")
    )
    table = result_table(rules)
    nutte = table.result((2, 2, 1), one_throw=True, throws=1)
    assert result_name(nutte, "de") == result_name(nutte, "en") == "Nutte"


def test_describe_and_explain_the_one_throw_tie_rule() -> None:
    rules = find_preset("tsv99").with_overrides({"tiebreak": "one_throw_then_later"})
    assert (
        "Equal results: one thrown in one throw beats an assembled one, then the later thrower "
        "is worse." in describe_rules(rules, "en")
    )
    assert (
        "Gleiche Ergebnisse: eins aus einem Wurf schlägt ein zusammengewürfeltes, dann verliert, "
        "wer später wirft." in describe_rules(rules, "de")
    )
    table = result_table(rules)
    built = table.result((6, 6, 5), one_throw=False, throws=2)
    hand = table.result((6, 6, 5), one_throw=True, throws=2)
    best = table.result((1, 1, 4), one_throw=True, throws=1)
    ended = RoundEnded(RoundKind.NORMAL, 2, ((0, best), (1, built), (2, hand)), 0, 1, 4)
    en = explain([ended], rules, ["Anna", "Ben", "Cem"], "en")
    assert "Ben ties with Cem but assembled it; Cem threw it in one throw." in en
    de = explain([ended], rules, ["Anna", "Ben", "Cem"], "de")
    assert "Ben hat gleich mit Cem, aber zusammengewürfelt; Cem warf es aus einem Wurf." in de


def test_describe_rules_names_anknobeln() -> None:
    rules = find_preset("tsv99").with_overrides({"one_throw_while_middle": True})
    assert (
        "While Deckel are in the middle every round is played with one throw (Anknobeln); up to "
        "three throws only once the middle is empty."
    ) in describe_rules(rules, "en")
    assert (
        "Solange Deckel in der Mitte liegen, wird jede Runde mit einem Wurf gespielt (Anknobeln); "
        "bis zu drei Würfe erst, wenn die Mitte leer ist."
    ) in describe_rules(rules, "de")
    assert not any("Anknobeln" in line for line in describe_rules(find_preset("tsv99"), "en"))


def test_describe_rules_says_what_a_schock_aus_does() -> None:
    tsv99 = find_preset("tsv99")
    plain = describe_rules(tsv99, "en")
    values = "Worth: Schock-Aus all Deckel, Schock n = n, General 3, Straße 2, any other number 1."
    assert values in plain
    assert not any("ends the game" in line for line in plain)
    game = describe_rules(tsv99.with_overrides({"schock_aus": "game"}), "de")
    ends = "Ein Schock-Aus beendet sofort das ganze Spiel: der Schlechteste dieser Runde hat es "
    assert ends + "verloren." in game
    worth = tsv99.with_overrides({"schock_aus": "worth", "schock_aus_deckel": 7})
    english, german = describe_rules(worth, "en"), describe_rules(worth, "de")
    assert "Worth: Schock-Aus 7, Schock n = n, General 3, Straße 2, any other number 1." in english
    assert "A Schock-Aus does not end the half: it is the best result and worth 7 Deckel." in (
        english
    )
    assert "Wert: Schock-Aus 7, Schock n = n, General 3, Straße 2, jede andere Zahl 1." in german


def test_describe_rules_names_the_achter() -> None:
    plain = describe_rules(find_preset("tsv99"), "en")
    assert not any("Achter" in line for line in plain)
    rules = find_preset("tsv99").with_overrides({"achter": True, "achter_deckel": 10})
    en, de = describe_rules(rules, "en"), describe_rules(rules, "de")
    assert len(en) == len(de) == len(plain) + 1
    assert (
        "An Achter (3-3-1) is worth 10 Deckel and ranks among the Schocks by its worth; it may be "
        "assembled over several throws." in en
    )
    assert (
        "Der Achter (3-3-1) ist 10 Deckel wert und steht nach seinem Wert zwischen den Schocks; "
        "er darf zusammengewürfelt werden." in de
    )
    achter = result_table(rules).result((3, 3, 1), one_throw=False, throws=2)
    assert result_name(achter, "de") == result_name(achter, "en") == "Achter"


def test_describe_and_explain_worst_opens() -> None:
    rules = find_preset("tsv99").with_overrides({"opening": "worst_opens"})
    assert (
        "Opening: everyone throws once; the lowest opens the first round and takes no Deckel; "
        "ties throw again (Stechen)." in describe_rules(rules, "en")
    )
    assert (
        "Eröffnung: alle würfeln einmal; der niedrigste Wurf beginnt die erste Runde und bekommt "
        "keine Deckel; bei Gleichstand wird gestochen." in describe_rules(rules, "de")
    )
    game = Game(rules, ["Anna", "Ben"], ScriptedDice([6, 5, 4, 3, 2, 2]))
    game.apply(Throw(), 0)
    game.apply(Throw(), 1)
    at = next(i for i, e in enumerate(game.events) if isinstance(e, RoundEnded))
    ended = game.events[at]
    assert isinstance(ended, RoundEnded) and ended.kind is RoundKind.OPENING_THROW
    assert ended.worst == 1
    assert explain(game.events[at:], rules, game.players, "en")[-1] == (
        "Ben threw lowest (3-2-2) and opens round 2, taking no Deckel."
    )
    assert explain(game.events[at:], rules, game.players, "de")[-1] == (
        "Ben warf am niedrigsten (3-2-2) und eröffnet Runde 2, ohne Deckel."
    )


def test_describe_and_explain_one_die_each() -> None:
    high = find_preset("tsv99").with_overrides({"opening": "high_die"})
    low = find_preset("tsv99").with_overrides({"opening": "low_die"})
    assert (
        "Opening: everyone throws one die; the highest opens the first round, no Deckel; ties "
        "throw their die again." in describe_rules(high, "en")
    )
    assert (
        "Eröffnung: jeder wirft einen Würfel; der niedrigste eröffnet die erste Runde, ohne "
        "Deckel; bei Gleichstand wird gestochen." in describe_rules(low, "de")
    )
    names = ["Anna", "Ben", "Cem"]
    # Anna and Cem tie (high: for the highest; low: Ben is alone lowest), then Cem's 6 beats 2.
    for rules, lines in (
        (
            high,
            [
                "One die each: Anna: 5, Ben: 3, Cem: 5.",
                "Anna and Cem tie for the highest die and throw again.",
                "One die each: Anna: 2, Cem: 6.",
                "Cem threw the highest die (6) and opens round 3.",
            ],
        ),
        (
            low,
            [
                "One die each: Anna: 5, Ben: 3, Cem: 5.",
                "Ben threw the lowest die (3) and opens round 2.",
            ],
        ),
    ):
        game = Game(rules, names, ScriptedDice([5, 3, 5, 2, 6]))
        while game.view(None).round_kind is RoundKind.OPENING_DIE:
            game.apply(Throw())
        assert explain(game.events, rules, names, "en")[1:] == lines
    game = Game(low, names, ScriptedDice([4, 4, 6, 2, 1]))
    for _ in range(5):
        game.apply(Throw())
    assert explain(game.events, low, names, "de")[1:] == [
        "Jeder einen Würfel: Anna: 4, Ben: 4, Cem: 6.",
        "Anna und Ben haben gleich niedrig geworfen und stechen.",
        "Jeder einen Würfel: Anna: 2, Ben: 1.",
        "Ben warf den niedrigsten Würfel (1) und eröffnet Runde 3.",
    ]


def _tied_game(tiebreak: str) -> Game:
    """tsv99, Anna, Ben, Cem: the opening round (Ben best), then round 1 (B C A) where Cem and
    Anna tie for the worst (6-4-3) below Ben's Schock 4; under throw_off Cem and Anna throw off
    (6-5-4, 2-2-1)."""
    rules = find_preset("tsv99").with_overrides({"tiebreak": tiebreak})
    pips = [3, 2, 2, 4, 1, 1, 6, 4, 3, 4, 1, 1, 6, 4, 3, 6, 4, 3, 6, 5, 4, 2, 2, 1]
    game = Game(rules, ["Anna", "Ben", "Cem"], ScriptedDice(pips))
    for seat, stop in ((0, True), (1, False), (2, False), (1, True), (2, False), (0, False)):
        game.apply(Throw(), seat)
        if stop:
            game.apply(STOP, seat)
    if tiebreak == "throw_off":
        game.apply(Throw(), 2)
        game.apply(Throw(), 0)
    return game


def test_describe_and_explain_a_throw_off() -> None:
    game = _tied_game("throw_off")
    rules = game.rules
    assert (
        "A tie for the worst result is decided by a throw-off (one throw each, until one is "
        "lowest); on the best, the earlier thrower is better." in describe_rules(rules, "en")
    )
    assert "Gleich schlechteste Ergebnisse stechen" in " ".join(describe_rules(rules, "de"))
    at = [i for i, e in enumerate(game.events) if isinstance(e, RoundEnded)][1]
    assert explain(game.events[at:], rules, game.players, "en")[:5] == [
        "Round 2: Ben: Schock 4, Cem: 6-4-3, Anna: 6-4-3.",
        "Cem and Anna tie for the worst result and throw off, one throw each, for the round's "
        "Deckel.",
        "Throw-off: Cem: Strasse 6-5-4, Anna: 2-2-1.",
        "Anna throws lowest in the throw-off (2-2-1).",
        "Anna takes 4 Deckel from the middle.",
    ]
    de = explain(game.events[at:], rules, game.players, "de")
    assert de[1] == (
        "Cem und Anna haben gleich schlecht geworfen und stechen, ein Wurf je, um die Deckel der "
        "Runde."
    )
    assert de[3] == "Anna wirft beim Stechen am niedrigsten (2-2-1)."


def test_describe_and_explain_no_deckel_on_a_tie() -> None:
    game = _tied_game("no_deckel")
    rules = game.rules
    assert (
        "A tie for the worst result: nobody takes Deckel and the same player opens again; on the "
        "best, the earlier thrower is better." in describe_rules(rules, "en")
    )
    at = [i for i, e in enumerate(game.events) if isinstance(e, RoundEnded)][1]
    assert explain(game.events[at:], rules, game.players, "en") == [
        "Round 2: Ben: Schock 4, Cem: 6-4-3, Anna: 6-4-3.",
        "Cem and Anna tie for the worst result (6-4-3): nobody takes Deckel, and Ben opens again.",
    ]
    assert explain(game.events[at:], rules, game.players, "de")[1] == (
        "Cem und Anna haben gleich schlecht geworfen (6-4-3): niemand bekommt Deckel, und Ben "
        "eröffnet noch einmal."
    )


def test_describe_rules_says_that_deckel_add_up() -> None:
    rules = find_preset("tsv99").with_overrides({"deckel_owed": "sum"})
    assert (
        "Deckel add up: a round's loser takes the worths of every special result of the round "
        "(every player's), 1 if there is none." in describe_rules(rules, "en")
    )
    assert "Deckel zählen zusammen" in " ".join(describe_rules(rules, "de"))
    assert "Deckel add up" not in " ".join(describe_rules(find_preset("tsv99"), "en"))


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Anna opens blind: one throw each"), ("de", "Anna eröffnet blind: jeder hat einen")],
)
def test_a_blind_opening_is_told_and_the_rules_say_so(lang: str, said: str) -> None:
    from schocken.actions import THROW_BLIND

    rules = find_preset("tsv99").with_overrides({"blind": True, "blind_double": True})
    game = Game(rules, ["Anna", "Ben"], ScriptedDice([6, 4, 1, 5, 2, 2, 3, 3, 1, 6, 4, 2]))
    for action in (Throw(), STOP, Throw(), THROW_BLIND, Throw()):
        game.apply(action)
    assert sum(said in line for line in explain(game.events, rules, game.players, lang)) == 1
    described = describe_rules(rules, lang)
    assert described.count(t("rules_blind", lang)) == 1
    assert described.count(t("rules_blind_double", lang)) == 1
    assert t("rules_blind", lang) not in describe_rules(find_preset("tsv99"), lang)
    all_covered = find_preset("tsv99").with_overrides({"covered": "all"})
    assert t("rules_covered_all", lang) in describe_rules(all_covered, lang)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_open_round_is_in_the_rules_only_where_it_is_played(lang: str) -> None:
    on = find_preset("schock4life").with_overrides({"open_round": True})
    assert t("rules_open_round", lang) in describe_rules(on, lang)
    assert t("rules_open_round", lang) not in describe_rules(find_preset("schock4life"), lang)


def test_describe_rules_says_further_halves_follow_instead_of_a_finale() -> None:
    rules = find_preset("tsv99").with_overrides({"more_halves": True})
    en, de = describe_rules(rules, "en"), describe_rules(rules, "de")
    assert en[1].startswith("Deckel: 14 in each half. No Finale: after two halves lost by two")
    assert de[1].startswith("Deckel: 14 je Hälfte. Kein Finale: haben zwei Spieler")
    assert not any("Finale is opened" in line for line in en)
    assert not any("weitere Hälfte" in line for line in describe_rules(find_preset("tsv99"), "de"))
    single = rules.with_overrides({"finale": False})  # read only with a Finale
    assert describe_rules(single, "en")[1] == "Deckel: 14; the game is one half, without a Finale."


def test_a_game_of_further_halves_is_explained_half_by_half() -> None:
    """A game whose halves went to two players, then a further half each to Ben and Cem."""
    rules = find_preset("tsv99").with_overrides({"more_halves": True, "deckel_per_half": 2})
    rounds = ["411 221 543", "111 543 221", "111 221 543", "111 221 543", "111 221 543"]
    pips = [int(c) for r in rounds for c in r.replace(" ", "")]
    game = Game(rules, ["Anna", "Ben", "Cem"], ScriptedDice(pips))
    while not game.is_over:
        game.apply(Throw(()), game.current_player)
        if not game.is_over and STOP in game.legal_actions():
            game.apply(STOP, game.current_player)
    en = explain(game.events, rules, game.players, "en")
    de = explain(game.events, rules, game.players, "de")
    assert "Another half begins with 2 Deckel in the middle." in en
    assert "Ben has lost another half by Schock-Aus." in en
    assert en[-1].startswith(
        "Summary: first half (Hinrunde) lost by Cem, second half (Rückrunde) lost by Anna, "
        "another half lost by Ben, another half lost by Cem;"
    )
    assert "Eine weitere Hälfte beginnt mit 2 Deckeln in der Mitte." in de
    assert de[-1].startswith("Bilanz: Hinrunde verloren von Cem, Rückrunde verloren von Anna, ")


def test_a_half_lost_by_buying_in_is_said_in_both_languages_also_in_pieces() -> None:
    """schock4life on 2 Deckel: Ben, out, buys in and takes the last Deckel of Anna and Cem, and
    has lost the first half at once (docs/rules.md, "Einwürfeln")."""
    rules = find_preset("schock4life").with_overrides({"deckel_per_half": 2})
    throws = ["643", "542", "221", "643", "221", "542"]  # Cem takes 1, then Anna the last one
    game = Game(rules, ["Anna", "Ben", "Cem"], ScriptedDice([int(c) for c in "".join(throws)]))
    for k in range(len(throws)):
        game.apply(Throw(()))
        if k == 3:
            game.apply(STOP)  # Cem opens with one throw: the limit is 1
    game.apply(BUY_IN, 1)
    start = next(i for i, e in enumerate(game.events) if isinstance(e, SectionEnded))
    en = explain(game.events, rules, game.players, "en")
    de = explain(game.events, rules, game.players, "de")
    said = (
        "Ben holds every Deckel of the first half (Hinrunde) by buying back in: Ben has lost it "
        "at once, and the round is not played."
    )
    assert said in en and "Ben has lost the first half (Hinrunde)." not in en
    assert (
        "Ben hält nach dem Einwürfeln alle Deckel der Hinrunde und hat sie damit sofort verloren; "
        "die Runde wird nicht gespielt." in de
    )
    # Explained in pieces, from the half's end on, it says the same.
    lines = explain_lines(game.events, rules, game.players, "en")
    pieces = explain_lines(
        game.events[start:], rules, game.players, "en", before=game.events[:start]
    )
    assert [line.text for line in pieces] == [line.text for line in lines if line.event >= start]
    # The rules say it, where buying in takes a Deckel from every holder.
    assert any(
        "one who thereby holds them all has lost the half" in s for s in describe_rules(rules, "en")
    )
    assert any("hat die Hälfte sofort verloren" in s for s in describe_rules(rules, "de"))


# ---------------------------------------------------------------------- refusals (issue 22)

SRC = Path(__file__).resolve().parent.parent / "src" / "schocken"
MAKERS = {"refused": 1, "refuse": 0, "said": 0}
"""The functions that name a text by its key, and where the key is among their arguments
(``refused(kind, key, ...)``, ``refuse(key, status, ...)``, ``said(key, ...)``)."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_refusal_has_german_and_english_with_the_same_fields() -> None:
    assert set(REFUSALS["de"]) == set(REFUSALS["en"])
    assert not set(REFUSALS["en"]) & set(_own_texts()), "a refusal's key is a text's already"
    for key, english in REFUSALS["en"].items():
        assert _fields(REFUSALS["de"][key]) == _fields(english), key
        assert "\n" not in english and "\n" not in REFUSALS["de"][key], key  # one line
    for key in CATALOGUE["en"]:
        assert _fields(CATALOGUE["de"][key]) == _fields(CATALOGUE["en"][key]), key


def _own_texts() -> set[str]:
    """The keys of texts.py's own catalogue (without the refusals taken into it): the group
    ``texts`` of the .po catalogues, or the dict in texts.py before them."""
    if "en" in CATALOGUES:
        return set(CATALOGUES["en"].group("texts"))
    tree = ast.parse((SRC / "texts.py").read_text(encoding="utf-8"))
    catalogue = next(
        n.value
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") == "CATALOGUE"
    )
    assert isinstance(catalogue, ast.Dict)
    english = catalogue.values[0]
    assert isinstance(english, ast.Dict)
    return {str(k.value) for k in english.keys if isinstance(k, ast.Constant)}


def _keys_named_in_the_source() -> dict[str, str]:
    """Every text key that a ``refused``, ``refuse`` or ``said`` of the package names as a
    literal, with where; keys made up of parts (an f-string) are checked by the tests of their
    parts below."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            at = MAKERS.get(node.func.id)
            if at is None or len(node.args) <= at:
                continue
            arg = node.args[at]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found[arg.value] = f"{path.relative_to(SRC)}:{node.lineno}"
    return found


def test_every_key_a_refusal_names_is_in_the_catalogue() -> None:
    named = _keys_named_in_the_source()
    assert len(named) > 250
    missing = {k: where for k, where in named.items() if k not in CATALOGUE["en"]}
    assert not missing
    # keys made of parts: a price item's word, a section not played, the things made a minute
    for item in PRICE_ITEMS:
        assert f"club_word_{item}" in CATALOGUE["de"]
    for section in SECTIONS:
        assert f"club_refuse_unplayed_{section}" in CATALOGUE["de"]
    for things in ("tables", "clubs", "games"):
        assert f"server_word_{things}" in CATALOGUE["de"]
    assert CATALOGUE["en"]["club_word_bot_seats"] == " or ".join(BOT_SEATS)
    for what in ("payment", "charge"):
        assert {f"club_what_{what}", f"club_what_{what}_date"} <= set(CATALOGUE["de"])


def test_a_refusal_is_english_as_str_and_said_in_either_language() -> None:
    with pytest.raises(RefusalError) as caught:
        check_players(["Anna", "Ben", "anna"])
    error = caught.value
    assert error.key == "refuse_players_twice"
    assert error.fields == {"first": "Anna", "second": "anna"}
    assert (
        str(error)
        == refusal_text(error, "en")
        == (
            "players' names must differ (also in case, spacing and look-alike letters): "
            "'Anna' and 'anna'"
        )
    )
    assert refusal_text(error, "de") == (
        "die Namen der Spieler müssen sich unterscheiden (auch in Groß- und Kleinschreibung, "
        "Leerzeichen und ähnlich aussehenden Buchstaben): „Anna“ und „anna“"
    )
    # a reason inside a reason, and a word of the catalogue inside it, in the same language
    inner = refused(RefusalError, "refuse_name_blank", what=said("name_a_name"))
    outer = refused(RefusalError, "club_refuse_member_name", why=inner)
    assert str(outer) == "a member's name: a name is a non-empty text, not blank"
    assert refusal_text(outer, "de") == "der Name eines Mitglieds: ein Name darf nicht leer sein"
    # an error without a key is said as it is
    assert refusal_text(ValueError("plain"), "de") == "plain"
