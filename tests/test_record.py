"""Game records: JSON round trip, malformed records refused with what and where, replay checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from german import assert_german
from schocken.actions import BUY_IN, STOP, THROW_BLIND, Throw
from schocken.bots import make_bot
from schocken.dice import SCHEME, CommittedDice, RandomDice, ScriptedDice, commitment_of
from schocken.errors import RecordError
from schocken.game import Game
from schocken.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    DiceProof,
    RecordStep,
    check_dice,
    outcome_of,
    parse_record,
    record_from_dict,
    record_of,
    replay,
)
from schocken.rules import PRESETS, find_preset
from schocken.simulate import play_game, seat_names


def finished_game(preset: str = "tsv99", seed: int = 3) -> Game:
    game = Game(find_preset(preset), seat_names(3), RandomDice(seed))
    return play_game(game, [make_bot("regular")] * 3)


def as_dict(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record_of(game).to_json())
    return data


@pytest.mark.parametrize("preset", list(PRESETS))
def test_record_replays_to_the_identical_game(preset: str) -> None:
    game = finished_game(preset)
    record = record_of(game)
    data = json.loads(record.to_json())
    assert data["format"] == RECORD_FORMAT and data["version"] == RECORD_VERSION
    assert data["rules"] == {"preset": preset, "overrides": {}}
    assert data["players"] == ["Anna", "Ben", "Cem"]
    assert data["outcome"] == outcome_of(game)
    again = replay(parse_record(record.to_json()))
    assert again.events == game.events
    assert again.steps == game.steps
    assert record_of(again) == record_of(game)
    # Compact JSON says the same.
    assert replay(parse_record(record.to_json(indent=None))).events == game.events


@pytest.mark.parametrize("opening", ["high_die", "low_die"])
def test_one_die_each_records_one_pip_a_step_and_replays(opening: str) -> None:
    rules = find_preset("tsv99").with_overrides({"opening": opening})
    game = play_game(Game(rules, seat_names(3), RandomDice(11)), [make_bot("regular")] * 3)
    data = as_dict(game)
    assert data["rules"]["overrides"] == {"opening": opening}
    assert all(len(step["pips"]) == 1 for step in data["steps"][:3])
    assert replay(record_from_dict(data)).events == game.events
    # A step of the opening that gives three pips for its one die is refused.
    data["steps"][0]["pips"] = [6, 5, 4]
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(data))
    assert info.value.step == 0 and "threw 1 dice, but the step gives 3 pips" in info.value.reason


def test_house_rules_travel_as_overrides() -> None:
    rules = find_preset("allgemein").with_overrides({"deckel_per_half": 5, "put_back": False})
    game = play_game(Game(rules, seat_names(2), RandomDice(1)), [make_bot("regular")] * 2)
    data = as_dict(game)
    assert data["rules"] == {
        "preset": "allgemein",
        "overrides": {"deckel_per_half": 5, "put_back": False},
    }
    assert replay(record_from_dict(data)).rules == rules


def test_unfinished_game_records_and_replays() -> None:
    game = Game(find_preset("tsv99"), seat_names(2), ScriptedDice([3, 4, 5, 2, 2, 6]))
    game.apply(Throw())
    game.apply(STOP)
    game.apply(Throw())
    out = outcome_of(replay(record_of(game)))
    assert out["finished"] is False and out["loser"] is None and out["sections"] == []


def test_outcome_in_record_is_checked() -> None:
    data = as_dict(finished_game())
    data["outcome"]["loser"] = (data["outcome"]["loser"] + 1) % 3
    with pytest.raises(RecordError, match="outcome says loser"):
        replay(record_from_dict(data))


def test_illegal_step_is_reported_with_index_and_reason() -> None:
    data = as_dict(finished_game())
    # Step 1 is the first player's second action; make it a seat out of turn.
    data["steps"][1]["seat"] = (data["steps"][1]["seat"] + 1) % 3
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(data))
    assert info.value.step == 1
    assert "turn" in info.value.reason


def test_wrong_pips_are_reported() -> None:
    data = as_dict(finished_game())
    data["steps"][0]["pips"] = data["steps"][0]["pips"][:2]
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(data))
    assert info.value.step == 0 and "needs 3 dice" in info.value.reason
    data = as_dict(finished_game())
    data["steps"][0]["pips"].append(4)
    with pytest.raises(RecordError, match="threw 3 dice, but the step gives 4 pips"):
        replay(record_from_dict(data))


def test_steps_after_the_end_are_refused() -> None:
    data = as_dict(finished_game())
    data["steps"].append({"seat": 0, "action": "throw", "pips": [1, 2, 3]})
    with pytest.raises(RecordError, match="already over") as info:
        replay(record_from_dict(data))
    assert info.value.step == len(data["steps"]) - 1


MALFORMED: list[tuple[Any, str]] = [
    (lambda d: d.update(format="chess"), "'format' must be"),
    (lambda d: d.update(version=99), "version 99 is not supported"),
    (lambda d: d.update(rules="tsv99"), "'rules' must be an object"),
    (lambda d: d["rules"].update(preset="kneipe"), "unknown preset 'kneipe'"),
    (lambda d: d["rules"].update(overrides={"dice": 4}), "unknown rule option 'dice'"),
    (lambda d: d["rules"].update(overrides=[1]), "'rules': 'overrides' must be an object"),
    (lambda d: d.update(players="Anna"), "'players' must be a list of names"),
    (lambda d: d.update(players=["Anna"]), "players cannot play"),
    (lambda d: d.update(players=["Anna", "Anna", "Ben"]), "names must differ"),
    (lambda d: d.update(steps={}), "'steps' must be a list"),
    (lambda d: d["steps"].insert(0, "throw"), "step 0: a step must be an object"),
    (lambda d: d["steps"][0].update(seat=7), "step 0: 'seat' must be a seat number"),
    (lambda d: d["steps"][0].update(seat=True), "step 0: 'seat' must be a seat number"),
    (lambda d: d["steps"][0].update(action="jump"), "step 0: not an action: 'jump'"),
    (lambda d: d["steps"][0].update(action=3), "step 0: an action is a text"),
    (lambda d: d["steps"][0].update(pips=[7, 1, 1]), "step 0: 'pips' must be a list"),
    (lambda d: d["steps"][0].update(pips="111"), "step 0: 'pips' must be a list"),
    (lambda d: d["steps"][0].update(note=5), "step 0: 'note' must be a text"),
    (lambda d: d["steps"][0].update(extra=1), "step 0: unknown field"),
    (lambda d: d.update(outcome=[]), "'outcome' must be an object"),
    (lambda d: d.update(meta=3), "'meta' must be an object"),
    (lambda d: d.update(version=True), "record version True is not supported"),
    (lambda d: d.update(version=1.0), "record version 1.0 is not supported"),
    (lambda d: d.update(outcom={"loser": 0}), "unknown field 'outcom'; a record has format"),
    (lambda d: d.update(a=1, b=2), "unknown fields 'a', 'b'"),
    (lambda d: d.pop("rules"), "'rules' must be an object .*, not null"),
    (lambda d: d["rules"].pop("preset"), "'rules': 'preset' is missing"),
    (lambda d: d["rules"].update(extra=1), "'rules': unknown key 'extra'"),
    (
        lambda d: d["rules"].update(overrides={"preset": "schock4life"}),
        "'rules': 'preset' is not an option to override",
    ),
    (
        lambda d: d["rules"].update(overrides={"put_back": "yes"}),
        "'rules': option 'put_back' must be true or false",
    ),
    (lambda d: d.update(players=["Anna", "anna", "Ben"]), "names must differ"),
    (lambda d: d.update(players=["Anna", "B\x07en", "Cem"]), "no control characters"),
    (lambda d: d.update(players=["Anna", "N" * 41, "Cem"]), "at most 40 characters"),
    (lambda d: d["steps"][0].update(action=[1] * 1000), "step 0: an action is a text"),
    (lambda d: d["outcome"].update(losr=None), "'outcome': unknown field 'losr'"),
]
"""Changes that spoil a finished game's record, and what the refusal says."""


@pytest.mark.parametrize(("change", "message"), MALFORMED)
def test_malformed_records_are_refused(change: Any, message: str) -> None:
    data = as_dict(finished_game())
    change(data)
    with pytest.raises(RecordError, match=message):
        replay(record_from_dict(data))


@pytest.mark.parametrize(("change", "message"), MALFORMED)
def test_malformed_records_are_refused_in_german_too(change: Any, message: str) -> None:
    """Every refusal of the record reader carries its key, and each part of it (the step, the
    rule set's or the engine's reason inside) is said in German on a German page."""
    data = as_dict(finished_game())
    change(data)
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(data))
    assert_german(info.value)


def test_a_step_refused_in_german_keeps_its_index_and_english_reason() -> None:
    data = as_dict(finished_game())
    data["steps"][1]["seat"] = (data["steps"][1]["seat"] + 1) % 3
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(data))
    error = info.value
    assert error.step == 1 and str(error) == f"step 1: {error.reason}"
    assert error.reason == "illegal stop by seat 1: it is Anna's turn, not Ben's"
    assert (
        assert_german(error) == "Schritt 1: unzulässiges stop von Platz 1: Anna ist dran, nicht Ben"
    )
    data = as_dict(finished_game())
    data["steps"][0]["pips"] = data["steps"][0]["pips"][:2]
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(data))
    assert assert_german(info.value).endswith(
        "der Wurf braucht 3 Würfel, der Schritt gibt 2 Augenzahlen"
    )


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(RecordError, match="not valid JSON") as info:
        parse_record("{nope")
    assert str(info.value) == (
        "not valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 "
        "(char 1)"  # the JSON reader's words in English, where and why in German (below)
    )
    assert assert_german(info.value) == (
        "kein gültiges JSON: ein Name in doppelten Anführungszeichen fehlt: Zeile 1, Spalte 2 "
        "(Zeichen 1)"
    )
    with pytest.raises(RecordError, match="a record is a JSON object"):
        parse_record("[1, 2]")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "cannot read the JSON: it is nested too deeply"),
        ('{"meta": ' * 100_000 + "{}" + "}" * 100_000, "nested too deeply"),
        ('{"version": ' + "1" * 5000 + "}", "cannot read the JSON: a number has more than"),
        ('{"meta": {"x": NaN}}', "not valid JSON: NaN is not a number in JSON"),
        ('{"meta": {"x": -Infinity}}', "not valid JSON: -Infinity is not a number"),
    ],
)
def test_json_that_python_cannot_or_should_not_read(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as info:
        parse_record(text)
    assert info.value.step is None
    assert "\n" not in str(info.value)
    assert_german(info.value)


def test_a_misspelt_outcome_no_longer_skips_the_check() -> None:
    data = as_dict(finished_game())
    data["outcom"] = data.pop("outcome")
    with pytest.raises(RecordError, match="unknown field 'outcom'"):
        record_from_dict(data)


def test_overrides_cannot_switch_the_preset() -> None:
    data = as_dict(finished_game())
    data["rules"]["overrides"] = {"preset": "schock4life"}
    with pytest.raises(RecordError, match="'preset' is not an option to override"):
        record_from_dict(data)


def test_notes_and_meta_survive_the_round_trip() -> None:
    data = as_dict(finished_game())
    data["steps"][0]["note"] = "000:23 Tütenrunde"
    data["meta"] = {"table": "Stammtisch"}
    record = record_from_dict(data)
    assert record.steps[0].note == "000:23 Tütenrunde"
    again = parse_record(record.to_json())
    assert again.steps[0].note == "000:23 Tütenrunde"
    assert again.meta == {"table": "Stammtisch"}


def test_replay_shows_the_game_before_each_step() -> None:
    game = finished_game("schock4life", 4)
    record = record_of(game)
    seen: list[tuple[int, int, int | None]] = []

    def before(i: int, step: RecordStep, at: Game) -> None:
        seen.append((i, len(at.steps), at.current_player if step.action != BUY_IN else step.seat))

    again = replay(record, before=before)
    assert [i for i, _, _ in seen] == list(range(len(record.steps)))
    assert all(i == done for i, done, _ in seen)  # the game as it was before step i
    assert [seat for _, _, seat in seen] == [s.seat for s in record.steps]
    assert again.events == game.events


def test_a_blind_opening_is_written_and_read_as_blind() -> None:
    rules = find_preset("tsv99").with_overrides({"blind": True})
    game = Game(rules, ["Anna", "Ben"], ScriptedDice([6, 4, 1, 5, 2, 2, 3, 3, 1, 6, 4, 2]))
    game.apply(Throw())
    game.apply(STOP)
    game.apply(Throw())  # the opening round: Anna's 641 beats Ben's 522; Anna opens
    game.apply(THROW_BLIND)
    game.apply(Throw())
    record = record_of(game, with_outcome=False)
    data = json.loads(record.to_json())
    assert data["steps"][3] == {"seat": 0, "action": "blind", "pips": [3, 3, 1]}
    again = parse_record(record.to_json())
    assert again.steps[3].action is THROW_BLIND
    assert replay(again, check_outcome=False).events == game.events


# --- committed dice (docs/fair-dice.md) -----------------------------------------------------------

SEED = bytes(range(100, 132))


def committed_game(seed: bytes = SEED) -> Game:
    game = Game(find_preset("schock4life"), seat_names(3), CommittedDice(seed))
    return play_game(game, [make_bot("regular", i) for i in range(3)])


def committed_data(seed: bytes = SEED) -> dict[str, Any]:
    record = record_of(committed_game(seed), dice=DiceProof.of(seed, reveal=True))
    data: dict[str, Any] = json.loads(record.to_json())
    return data


def test_committed_dice_travel_with_the_record() -> None:
    game = committed_game()
    proof = DiceProof.of(SEED, reveal=True)
    record = record_of(game, dice=proof)
    data = json.loads(record.to_json())
    assert data["dice"] == {"scheme": SCHEME, "commitment": commitment_of(SEED), "seed": SEED.hex()}
    assert data["version"] == 1  # an optional field: records without it read as before
    again = parse_record(record.to_json())
    assert again.dice == proof and again == record
    assert parse_record(record.to_json(indent=None)) == record
    assert record_of(replay(again), dice=again.dice) == record
    check = check_dice(again)
    assert check.fair and check.reason == ""
    assert check.dice == sum(len(s.pips) for s in record.steps) > 50
    # Before the end the record carries the commitment alone.
    hidden = record_of(game, dice=DiceProof.of(SEED, reveal=False))
    assert "seed" not in json.loads(hidden.to_json())["dice"]
    assert SEED.hex() not in hidden.to_json()
    with pytest.raises(RecordError, match="does not reveal its seed"):
        check_dice(parse_record(hidden.to_json()))


def test_a_record_without_committed_dice_cannot_be_checked() -> None:
    data = as_dict(finished_game())
    assert "dice" not in data
    with pytest.raises(RecordError, match="no dice commitment"):
        check_dice(record_from_dict(data))
    data["dice"] = None  # null: the same
    with pytest.raises(RecordError, match="no dice commitment"):
        check_dice(record_from_dict(data))


def test_one_die_changed_is_found_with_its_step_and_place() -> None:
    data = committed_data()
    throws = [i for i, s in enumerate(data["steps"]) if len(s.get("pips", [])) == 3]
    at = throws[5]
    before = sum(len(s.get("pips", [])) for s in data["steps"][:at])
    recorded = data["steps"][at]["pips"][1]
    data["steps"][at]["pips"][1] = recorded % 6 + 1
    check = check_dice(record_from_dict(data))
    assert not check.fair
    assert (check.step, check.die, check.index) == (at, 1, before + 1)
    assert (check.recorded, check.derived) == (recorded % 6 + 1, recorded)
    assert check.dice == before + 1  # the dice before it follow from the seed
    assert check.reason.startswith(f"step {at} (throw")
    assert f"die 2 of 3 shows {recorded % 6 + 1}, the seed gives {recorded}" in check.reason


def test_a_seed_that_is_not_the_committed_one_is_found() -> None:
    data = committed_data()
    data["dice"]["seed"] = bytes(32).hex()
    check = check_dice(record_from_dict(data))
    assert not check.fair and check.step is None
    assert "the seed does not match the commitment made at the start" in check.reason
    # A commitment to another seed, with that seed's dice in the steps: the dice do not follow.
    other = committed_data(bytes(32))
    other["dice"] = data["dice"] | {"seed": SEED.hex()}
    assert check_dice(record_from_dict(other)).fair is False


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(dice=[]), "'dice' must be an object"),
        (lambda d: d["dice"].update(salt="x"), "'dice': unknown field 'salt'"),
        (lambda d: d["dice"].update(scheme="md5"), "'dice': scheme 'md5' is not known"),
        (lambda d: d["dice"].pop("scheme"), "'dice': scheme null is not known"),
        (lambda d: d["dice"].pop("commitment"), "'commitment' must be 64 lowercase hex"),
        (lambda d: d["dice"].update(commitment="AB" * 32), "'commitment' must be 64 lowercase"),
        (lambda d: d["dice"].update(seed="00" * 31), "'seed' must be 64 lowercase hex digits"),
        (lambda d: d["dice"].update(seed="zz" * 32), "'seed' must be 64 lowercase hex digits"),
        (lambda d: d["dice"].update(seed=7), "'seed' must be 64 lowercase hex digits"),
    ],
)
def test_malformed_dice_are_refused(change: Any, message: str) -> None:
    data = committed_data()
    change(data)
    with pytest.raises(RecordError, match=message) as info:
        record_from_dict(data)
    assert info.value.step is None
    assert_german(info.value)
