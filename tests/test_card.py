"""The strategy card: the card bot plays its card with legal actions only, the pub regular is one
of the family, and ``schocken card`` prints the chosen cards with their measured cost."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from schocken.actions import STOP, TURN_SIXES, Action, Stop, Throw
from schocken.bots import PubRegular, make_bot
from schocken.card import (
    CARDS,
    LADDER,
    REGULAR_CARD,
    Card,
    CardBot,
    Keep,
    Level,
    Measured,
    Sixes,
    card_for,
    find_card,
    level_floors,
)
from schocken.card_words import card_lines, card_text
from schocken.cli import main
from schocken.dice import RandomDice, ScriptedDice
from schocken.game import Game
from schocken.play import play_game
from schocken.record import record_of
from schocken.results import result_table
from schocken.rules import PRESETS, find_preset
from schocken.simulate import simulate
from schocken.views import PlayerView


def _card(**changes: object) -> Card:
    fields: dict[str, object] = {
        "first": Level.STRASSE,
        "second": Level.STRASSE,
        "later": Level.ANY,
        "covered": Level.SIX,
        "sixes": Sixes.ALWAYS,
        "keep": Keep.ONES,
    }
    fields.update(changes)
    return Card(**fields)  # type: ignore[arg-type]


def _opener_after(card: Card, pips: list[int], throws: int = 1, preset: str = "tsv99") -> Action:
    """What the card bot does as the round's first player after ``throws`` throws of all dice."""
    game = Game(find_preset(preset), ["A", "B"], ScriptedDice(pips))
    game.apply(Throw())
    for _ in range(throws - 1):
        game.apply(Throw(()))
    return CardBot(card).choose(game.view(0), game.legal_actions())


def test_the_opener_stops_on_its_threshold_of_the_throw_and_throws_below_it() -> None:
    card = _card(first=Level.STRASSE, second=Level.SIX_FIVE)
    assert _opener_after(card, [4, 5, 6]) == STOP  # a Straße after throw 1
    assert _opener_after(card, [6, 5, 2]) == Throw(())  # 6-5-2 is below a Straße
    assert _opener_after(card, [3, 3, 2, 6, 5, 2], throws=2) == STOP  # 6-5-x after throw 2
    assert _opener_after(card, [3, 3, 2, 6, 4, 2], throws=2) == Throw(())
    assert _opener_after(_card(first=Level.ANY), [3, 2, 2]) == STOP
    # Only a Schock-Aus is good enough: a Schock 6 throws on, keeping its ones.
    assert _opener_after(_card(first=Level.SCHOCK_AUS), [1, 1, 6]) == Throw((1, 1))


def test_sixes_and_keeping_follow_the_card() -> None:
    assert _opener_after(_card(sixes=Sixes.ALWAYS, first=Level.ANY), [6, 6, 2]) == TURN_SIXES
    assert _opener_after(_card(sixes=Sixes.UNLESS_STOPPING, first=Level.ANY), [6, 6, 2]) == STOP
    assert _opener_after(_card(sixes=Sixes.UNLESS_STOPPING), [6, 6, 2]) == TURN_SIXES
    assert _opener_after(_card(sixes=Sixes.NEVER), [6, 6, 2]) == Throw(())
    assert _opener_after(_card(keep=Keep.ONES), [6, 4, 2]) == Throw(())
    assert _opener_after(_card(keep=Keep.ONES_ELSE_SIXES), [6, 4, 2]) == Throw((6,))
    assert _opener_after(_card(keep=Keep.ONES_ELSE_SIXES), [6, 4, 1]) == Throw((1,))


def _later(
    card: Card, second: list[int], players: int, opener: tuple[int, ...] = (5, 3, 2)
) -> Action:
    """B's choice after its first throw, A having opened with ``opener`` in two throws."""
    names = ["A", "B", "C"][:players]
    game = Game(find_preset("tsv99"), names, ScriptedDice([3, 3, 2, *opener, *second]))
    game.apply(Throw())
    game.apply(Throw(()))
    game.apply(STOP)
    game.apply(Throw())
    return CardBot(card).choose(game.view(1), game.legal_actions())


def test_a_later_player_stops_when_not_the_worst_and_at_its_threshold() -> None:
    assert _later(_card(), [4, 3, 3], players=3) == Throw(())  # the worst: throw again
    assert _later(_card(), [5, 4, 2], players=3) == STOP  # not the worst
    needs = _card(later=Level.SIX_FIVE)
    assert _later(needs, [5, 4, 2], players=3) == Throw(())  # not the worst, but below 6-5-x
    assert _later(needs, [6, 5, 2], players=3) == STOP
    assert _later(needs, [5, 4, 2], players=2) == STOP  # the last player: not the worst is enough


def test_chasing_a_plain_number_keeps_sixes_not_ones() -> None:
    chase = _card(keep=Keep.CHASE)
    assert _later(chase, [6, 3, 1], players=2, opener=(6, 5, 2)) == Throw((6,))
    assert _later(chase, [4, 3, 1], players=2, opener=(6, 5, 2)) == Throw(())
    assert _later(_card(), [6, 3, 1], players=2, opener=(6, 5, 2)) == Throw((1,))
    # Behind a Straße it keeps its ones as ever.
    assert _later(chase, [6, 3, 1], players=2, opener=(4, 5, 6)) == Throw((1,))


def test_a_safe_later_player_presses_on_only_while_it_stays_safe() -> None:
    press = _card(press=Level.SCHOCK_AUS)
    assert _later(press, [1, 1, 4], players=2) == Throw((1, 1))  # a Schock stays above 5-3-2
    assert _later(_card(press=Level.SCHOCK), [1, 1, 4], players=2) == STOP  # a Schock is enough
    assert _later(_card(press=Level.STRASSE), [6, 4, 2], players=2) == Throw((6,))  # 6-2-1 > 532
    # Behind 6-5-2 a kept 6 might end as 6-4-3: below; it stops.
    assert _later(_card(press=Level.STRASSE), [6, 5, 3], players=2, opener=(6, 5, 2)) == STOP
    assert _later(_card(), [6, 4, 2], players=2) == STOP  # press any: never


def _after_covered_opener(card: Card, second: list[int]) -> tuple[PlayerView, Action]:
    """B's view and choice in allgemein after A used all three throws (a covered cup)."""
    game = Game(find_preset("allgemein"), ["A", "B"], ScriptedDice([2, 3, 5] * 3 + second))
    game.apply(Throw())
    game.apply(Throw(()))
    game.apply(Throw(()))  # the third throw ends the turn
    game.apply(Throw())
    view = game.view(1)
    return view, CardBot(card).choose(view, game.legal_actions())


def test_with_nothing_shown_a_later_player_stops_on_its_covered_threshold() -> None:
    view, action = _after_covered_opener(_card(covered=Level.SIX), [6, 4, 2])
    assert view.turns[0].result is None  # A's cup is covered from B
    assert action == STOP
    assert _after_covered_opener(_card(covered=Level.SIX_FIVE), [6, 4, 2])[1] == Throw(())


def test_the_pub_regular_is_the_card_it_is_named_after() -> None:
    for rules in PRESETS.values():
        for seed in range(4):
            names = ["A", "B", "C", "D"]
            card = play_game(
                Game(rules, names, RandomDice(seed)),
                [CardBot(REGULAR_CARD), PubRegular(), PubRegular(), PubRegular()],
            )
            regular = play_game(Game(rules, names, RandomDice(seed)), [PubRegular()] * 4)
            assert record_of(card).to_json() == record_of(regular).to_json()


class _Checked:
    """A strategy that checks that another answers with a legal action."""

    name = "checked"

    def __init__(self, inner: CardBot) -> None:
        self.inner = inner
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.inner.choose(view, legal)
        assert action in legal, (action, legal)
        self.decisions += 1
        return action

    def wants_buy_in(self, view: PlayerView) -> bool:
        return self.inner.wants_buy_in(view)


def test_random_cards_take_only_legal_actions_in_every_preset() -> None:
    pick = random.Random(3)
    for rules in PRESETS.values():
        for seed in range(6):
            card = Card(
                pick.choice(LADDER),
                pick.choice(LADDER),
                pick.choice(LADDER),
                pick.choice(LADDER),
                pick.choice(list(Sixes)),
                pick.choice(list(Keep)),
                pick.choice(LADDER),
            )
            bots = [_Checked(CardBot(card)), _Checked(CardBot())]
            game = play_game(Game(rules, ["A", "B", "C"], RandomDice(seed)), [*bots, PubRegular()])
            assert game.is_over and bots[0].decisions > 0 and bots[1].decisions > 0


def test_level_floors_rise_with_the_ladder() -> None:
    for rules in PRESETS.values():
        floors = level_floors(result_table(rules))
        ranks = [floors[level] for level in LADDER]
        if rules.general_beats_schock_2:
            # A General outranks a Schock 2 (knobelrunde): "a Schock or better" takes it in.
            assert floors[Level.GENERAL] > floors[Level.SCHOCK]
            ranks.remove(floors[Level.GENERAL])
        assert ranks == sorted(ranks) and ranks[0] == 0
        assert floors[Level.STRASSE] > 665 and floors[Level.SCHOCK_AUS] > floors[Level.SCHOCK]


def test_card_codes_round_trip_and_bad_ones_are_refused() -> None:
    for chosen in CARDS.values():
        assert Card.from_code(chosen.card.code) == chosen.card
    with pytest.raises(ValueError, match="a card's second must be one of"):
        Card.from_code("strasse/huge/any/6xx/always/ones")
    pressing = Card.from_code("strasse/strasse/any/6xx/always/ones/schock")
    assert pressing.press is Level.SCHOCK and pressing.code.endswith("/ones/schock")
    assert REGULAR_CARD.code == "strasse/strasse/any/6xx/always/ones"
    with pytest.raises(ValueError, match="expected first/second/later/covered/sixes/keep"):
        Card.from_code("strasse/strasse")


def test_card_bots_by_name() -> None:
    assert isinstance(make_bot("card"), CardBot)
    bot = make_bot("card:schock4life")
    assert isinstance(bot, CardBot) and bot.card == CARDS["schock4life"].card
    bot = make_bot("card:65x/6xx/any/6xx/never/ones")
    assert isinstance(bot, CardBot) and bot.card == _card(
        first=Level.SIX_FIVE, second=Level.SIX, sixes=Sixes.NEVER
    )
    with pytest.raises(ValueError, match="unknown bot 'card:kneipe'"):
        make_bot("card:kneipe")
    with pytest.raises(ValueError, match="a card's keep must be one of"):
        make_bot("card:any/any/any/any/never/fives")


def test_the_card_bot_plays_its_presets_card() -> None:
    assert card_for(find_preset("knobelrunde")) is CARDS["knobelrunde"]
    assert card_for(find_preset("tsv99").with_overrides({"put_back": False})) is CARDS["tsv99"]


def test_a_small_simulation_with_the_card_bot() -> None:
    rules = find_preset("allgemein")
    report = simulate(rules, ["card", "regular", "regular", "regular"], 300, 2, rotate=True)
    assert sum(s.games_lost for s in report.seats) == 300
    assert report.seats[0].bot == "card"
    # bench/card.py measures the card by its code: the same games as `--bots card`.
    code = f"card:{CARDS['allgemein'].card.code}"
    same = simulate(rules, [code, "regular", "regular", "regular"], 300, 2, rotate=True)
    assert [s.games_lost for s in same.seats] == [s.games_lost for s in report.seats]
    assert same.turns == report.turns


def test_every_preset_has_a_measured_card() -> None:
    assert set(CARDS) == set(PRESETS)
    for name, chosen in CARDS.items():
        m = chosen.measured
        assert chosen.preset == name and m.games >= 100_000 and 0 < m.lost < m.games
        lo, hi = m.ci95
        assert lo < m.share < hi
        c_lo, c_hi = m.cost_ci95
        assert c_lo < m.cost < c_hi and m.cost == pytest.approx(m.share - m.solver_share)


def test_the_cost_of_a_card_against_the_solver_bot() -> None:
    m = Measured(100_000, 1, 20_000, 240_000, 100_000, 15_000, "test")
    assert m.share == 0.2 and m.regular_share == 0.8 and m.cost == pytest.approx(0.05)
    lo, hi = m.cost_ci95
    # two independent shares: sqrt(.2 * .8 / 1e5 + .15 * .85 / 1e5) = 0.0016956
    assert hi - lo == pytest.approx(2 * 1.959964 * 0.0016956, rel=1e-3)


def test_the_card_reads_as_three_lines_in_both_languages() -> None:
    en, de = card_text(REGULAR_CARD, "en"), card_text(REGULAR_CARD, "de")
    assert len(en) == len(de) == 3 and en != de
    assert en[0].startswith("Opener: stop on a Straße or better")
    assert de[0].startswith("Wer eröffnet: bei einer Straße oder besser stehen bleiben")
    two = card_text(_card(first=Level.GENERAL, second=Level.SIX_FIVE, later=Level.SIX), "en")
    assert "after throw 1 stop on a General or better, after throw 2 on 6-5-x or better" in two[0]
    assert "have at least 6-x-x" in two[1]
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        card_text(REGULAR_CARD, "fr")
    lines = card_lines(find_card("tsv99"), "de")
    assert lines[0] == "Spickzettel, tsv99" and "Solver-Bot" in " ".join(lines[4:])


def test_schocken_card_prints_both_languages_and_the_cost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["card", "tsv99"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # lines are wrapped
    assert "Strategy card, tsv99" in out and "Spickzettel, tsv99" in out
    m = CARDS["tsv99"].measured
    assert f"Loses {100 * m.share:.2f}% of games with three pub regulars" in out
    assert f"{100 * m.cost:.2f} points more than the solver bot" in out
    assert f"{100 * m.cost:.2f}".replace(".", ",") + " Punkte mehr als der Solver-Bot" in out
    assert main(["card", "schock4life", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Strategy card, schock4life" in out and "Spickzettel" not in out
    assert main(["card"]) == 0
    out = capsys.readouterr().out
    assert all(f"Strategy card, {name}" in out for name in PRESETS)


def test_schocken_card_refuses_an_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "kneipe"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "schocken card: unknown preset 'kneipe'; known presets: tsv99" in captured.err
    assert "Traceback" not in captured.err


def test_the_stop_action_is_last_in_the_engines_order() -> None:
    # The card bot relies on it (as the pub regular does).
    game = Game(find_preset("tsv99"), ["A", "B"], ScriptedDice([6, 6, 2]))
    game.apply(Throw())
    legal = game.legal_actions()
    assert isinstance(legal[-1], Stop) and legal[-2] == TURN_SIXES
