"""The rules written out: a rule set as a house-rules TOML file (:func:`rules_to_toml`) and every
option with its sources and our readings as ``docs/rules.md`` (:func:`rules_markdown`).
"""

from __future__ import annotations

from schocken.rule_groups import GROUP_NAMES, GROUPS, ONLY_WITH
from schocken.rule_sources import OPTION_SOURCES, REGIONAL_SOURCES, SILENT, SOURCES
from schocken.rules import ENUM_OPTIONS, PRESETS, Rules, plain_value, rules_to_data


def rules_to_toml(rules: Rules) -> str:
    """A rule set as house rules in TOML (:func:`~schocken.rules.parse_rules` reads it back):
    its preset and the options in which it differs from it.

    >>> from schocken.rules import find_preset
    >>> print(rules_to_toml(find_preset("tsv99").with_overrides({"jule": True})), end="")
    preset = "tsv99"
    jule = true
    """
    data = rules_to_data(rules)
    overrides = data["overrides"]
    assert isinstance(overrides, dict)
    lines = [f'preset = "{data["preset"]}"']
    lines += [f"{name} = {json_value(value)}" for name, value in overrides.items()]
    return "\n".join(lines) + "\n"


READINGS: tuple[tuple[str, str], ...] = (
    (
        "One throw",
        'A Straße, a General or a Hand-Aus is "in one throw" when all three dice showed in the '
        "player's last throw: none set aside, no turned six among them, whatever the number of "
        "throws used. Assembled, a Straße or General counts as the plain number of its dice.",
    ),
    (
        "End of a turn",
        "A turn ends by itself when the player has used the round's throw limit; before that the "
        "player stops. The round's first player may use up to three throws; the throws they used "
        "are the limit for everyone after them.",
    ),
    (
        "Turning sixes",
        "Two sixes of the last throw become one 1, three sixes become two 1s (no other choice). "
        "The ones stay out of the cup; a throw must follow, and what must go back into the cup is "
        "set by sixes_rethrow. Sixes set aside before the last throw do not count.",
    ),
    (
        "Covered cup",
        "A covered result is known to its player only; the others see the dice set aside and the "
        "number of throws. All results are revealed when the round's last player has finished. A "
        "player who stops before the covered throw has shown their dice; with covered = all "
        "every throw is covered, so nothing under a cup is shown before the reveal. The opening "
        "throw and the Stechen are never covered.",
    ),
    (
        "Blind round",
        "With blind the opener of a round for Deckel may, instead of his first throw, throw blind "
        "(action blind): one throw he does not look at. The limit is 1, nobody turns sixes, and "
        "every turn of the round is one throw covered to everyone, its own player too, until the "
        "round's last player has thrown; then all are revealed as in any round. With "
        "blind_double the Deckel the best result is worth count double in that round (from the "
        "middle, then from the best player, as ever); a Schock-Aus stays a Schock-Aus. Erster "
        "Hoch and Anknobeln rounds, whose limit is fixed at 1 before the opener throws, are not "
        "opened blind.",
    ),
    (
        "Customs that need no switch",
        "Some tables throw the first throw of a round all at once and leave the cups down, each "
        "looking only on his turn (gleichzeitig laden [rsc03, daha12, kroeten, jusos]); some let "
        "a player who stopped early cover his dice again (wieder verdecken [mortsch, rebel]). In "
        "software neither changes what a player can decide or see: here each player's dice are "
        "thrown and seen only on his turn, which is what the cup down until then gives, and dice "
        "the table has already seen cannot be hidden again. Both are played as they are, with no "
        "option.",
    ),
    (
        "Opening round (plain_round)",
        "The first player at the table (seat 0) begins the opening round; it is a normal round, "
        "covering included, for no Deckel. Its best result, by the round's order and tie rule, "
        "opens the first round for Deckel.",
    ),
    (
        "Opening throw (lowest_takes)",
        "Everyone throws once, in seat order. The lowest takes, from the middle, as many Deckel as "
        "the highest opening throw is worth; a Schock-Aus there is worth the whole half, so the "
        "lowest loses the first half at once. Players tied for the lowest throw once more each "
        "(Stechen) until one is lowest; the count stays that of the first opening throw.",
    ),
    (
        "Opening throw (worst_opens)",
        "As with lowest_takes, everyone throws once in seat order and players tied for the lowest "
        "throw again (Stechen) until one is lowest, who opens the first round; no Deckel move, "
        "and a Schock-Aus there is only the best throw.",
    ),
    (
        "One die each (high_die, low_die)",
        "Everyone throws one die, in seat order, openly; its pips are all that counts. With "
        "high_die the highest die opens the first round, with low_die the lowest; no Deckel move. "
        "Players tied for that die throw their one die again among themselves until one is alone.",
    ),
    (
        "Second half and Finale",
        "The opening procedure is played once, at the start of the game. The second half is "
        "opened by the first half's loser (the loser of its last round, or a player who lost it "
        "by buying in, see Einwürfeln); the Finale by the player finale_opener names.",
    ),
    (
        "Einwürfeln",
        "A player who is out may buy back in before the first throw of a round: they take one "
        "Deckel from every player holding Deckel and play that round in their seat's place. A "
        "player left with no Deckel that way still plays the round, and is out after it unless "
        "they got Deckel in it. The round is played clockwise from the last round's loser: the "
        "loser opens whenever they play in it (also when they have just bought back in), and a "
        "player who bought in takes their seat's place in that order like any other (000: \"Der "
        'Spieler, der die letzte Runde verloren hat, darf die Nächste beginnen."; 003 says the '
        'same; 001: after buying in they "spielen ... wieder normal mit"). Our reading where the '
        "text is silent: a player who, buying in, takes the last Deckel of every holder (the "
        "middle is empty and each holder had one) holds every Deckel of the half and has lost it "
        "at once, as one who takes them all in a round: the round is not played, and the half "
        'ends as any half lost, its loser opening the next half (001: "Wer alle 13 Deckel '
        'bekommt, verliert die Runde."; "Gespielt wird, bis eine Person alle 13 Deckel hat."). '
        "With 3 players and 2 Deckel this comes up often; in schock4life as written, only with 14 "
        "players or more.",
    ),
    (
        "Einwürfeln at risk (einwuerfeln_form = at_risk)",
        "Where einwuerfeln_form is at_risk (board), a player who buys back in takes nothing: he "
        "plays the round in his seat's place with no Deckel. If he loses it he takes what it is "
        "worth, as any loser; if not, he holds none after it and is out again (so buying in "
        "never gives him every Deckel of the half). Our reading: if he throws the round's best "
        "result he has nothing to give, so the best result among the players who hold Deckel "
        "gives (the loser takes what the round's best result is worth, from that player).",
    ),
    (
        "Jule",
        "With jule = true a 4-2-1 is a Jule however it was thrown (with jule_one_throw, only from "
        "one throw), worth jule_deckel, also in the opening throw. Two Jules are equal results: "
        "the tie rule decides between them.",
    ),
    (
        "Nutte",
        "With nutte = true a 2-2-1 is a Nutte however it was thrown (with nutte_one_throw, only "
        "from one throw), worth nutte_deckel, also in the opening throw. Ranked top it is right "
        "below Schock-Aus and above a Jule ranked top (tsw: Nutte 9 above Jule 7); every special "
        "ranked top is above every one ranked by its worth. Two Nutten, or a Nutte and a Jule "
        "both ranked by the same worth, are equal results: the tie rule decides.",
    ),
    (
        "Achter",
        "With achter = true a 3-3-1 is an Achter however it was thrown (shaw counts specials only "
        "from one throw; that is not an option here), worth achter_deckel, also in the opening "
        "throw. The sources rank it only by its worth [shaw], so it has no rank option: it ranks "
        "as a Jule or Nutte ranked by_worth (worth 7 or more above Schock 6, a higher worth above "
        "a lower; less, just below the Schock of its worth), below every special ranked top. An "
        "Achter and a Jule or Nutte ranked by the same worth are equal results: the tie rule "
        "decides.",
    ),
    (
        "Setting dice aside",
        "set_aside limits the dice a throw may keep out of the cup, those already out included; "
        "the 1s turned from sixes always stay out. Stopping is always allowed, whatever the "
        "dice show.",
    ),
    (
        "Erster Hoch",
        "With first_round_one_throw the first round for Deckel of a half (and, with "
        "halves_and_finale, of the Finale) has a limit of one throw from its start: its opener "
        "throws once like everyone, no sixes are turned in it, and a covered cup covers that "
        "throw where the last throw is covered. The opening round or opening throw that finds "
        "the first half's opener is not that round: the round after it is.",
    ),
    (
        "Anknobeln",
        "With one_throw_while_middle every round for Deckel begun while Deckel are in the middle "
        "has a limit of one throw from its start, as with Erster Hoch; the first round begun with "
        "the middle empty is the first whose opener sets the limit. The opening round or opening "
        "throw is not such a round, and a Schock-Aus counts as ever.",
    ),
    (
        "Schock-Aus",
        'With schock_aus = "game" the round\'s worst takes every Deckel of the half as ever, '
        "loses it and with it the game: a Blattschuss only if they lost the first half too. With "
        'schock_aus = "worth" a Schock-Aus ranks as ever (a Hand-Aus above an assembled one where '
        "hand_aus_beats) and is worth schock_aus_deckel, also in the opening throw; a half ends "
        "only when one player holds all its Deckel.",
    ),
    (
        "Straßen",
        "With strassen = outer a run 2-3-4 or 3-4-5 is the plain number 432 or 543. With "
        "strasse_rank = equal two Straßen are equal results, also in the opening throw (a tie "
        "for the lowest is thrown off there).",
    ),
    (
        "Without a Finale",
        "With finale = false the game is a single half, whose loser loses the game: two "
        "half-losers could not otherwise be told apart.",
    ),
    (
        "Further halves (more_halves)",
        "With more_halves = true (and finale = true) no Finale is played: when two different "
        "players lost the two halves, a further half follows with every player, as the second "
        "half does (deckel_per_half Deckel, opened by the loser of the last round), and another "
        "after it, until one player has lost two halves; he loses the game. One who lost the "
        "first two halves lost by a Blattschuss, as ever (keller: a token per lost half, whoever "
        "has two pays; the rest is our reading).",
    ),
)
"""Our readings where the texts are silent or leave room, beyond the options' own notes."""


def rules_markdown() -> str:
    """The options of the rule set and the four presets, with sources, as Markdown."""
    presets = list(PRESETS)
    lines = [
        "# The rule options and the four presets",
        "",
        "Generated by `schocken rules --markdown` from `src/schocken/rules.py` and its parts; "
        "a test keeps this",
        "file equal to it. Each option is a place where the four rule texts differ (the texts are",
        "in `docs/rule-texts/`), a number a house might change, or a switch other pubs and",
        "Schocken programs play",
        "(Jule, Nutte, Achter, General, set_aside, sixes_turn, Erster Hoch, Anknobeln, "
        "Schock-Aus, Straßen, one die each, throw-off, cumulative Deckel, plain numbers by pip "
        "sum, covered and blind play, open rounds). For each preset: its value, then the sentence",
        "of its rule text (000 = tsv99, 001 = schock4life, 002 = knobelrunde, 003 = allgemein),",
        f'or "{SILENT}" with the reading the preset takes; then what other rule pages and',
        'programs play ("elsewhere", by source key; the keys are listed at the end). The options',
        "come in the groups the web page's rules builder shows (`GROUPS` in `rule_groups.py`).",
        "",
        "| option | " + " | ".join(f"`{p}`" for p in presets) + " |",
        "|---|" + "---|" * len(presets),
    ]
    for group, names in GROUPS.items():
        lines.append(f"| **{GROUP_NAMES[group]}** |" + " |" * len(presets))
        for name in names:
            values = [json_value(getattr(PRESETS[p], name)) for p in presets]
            lines.append(f"| `{name}` | " + " | ".join(f"`{v}`" for v in values) + " |")
    lines.append("")
    for group, names in GROUPS.items():
        lines.append(f"## {GROUP_NAMES[group]}")
        lines.append("")
        for name in names:
            lines.append(f"### `{name}`")
            lines.append("")
            lines.append(" ".join(_attribute_doc(Rules, name).split()))
            lines.append("")
            if name in ONLY_WITH:
                needs = ", ".join(
                    f"`{other} = " + " or ".join(json_value(v) for v in values) + "`"
                    for other, values in ONLY_WITH[name].items()
                )
                lines.append(f"Read only with {needs}.")
                lines.append("")
            if name in ENUM_OPTIONS:
                for member in ENUM_OPTIONS[name]:
                    doc = " ".join(_attribute_doc(ENUM_OPTIONS[name], member.name).split())
                    lines.append(f'- choice `"{member.value}"`: {doc}')
                lines.append("")
            for p in presets:
                value = json_value(getattr(PRESETS[p], name))
                lines.append(f"- `{p}` = `{value}`: {OPTION_SOURCES[name][p]}")
            lines.append(f"- elsewhere: {REGIONAL_SOURCES[name]}")
            lines.append("")
    lines.append("## Our readings")
    lines.append("")
    for title, text in READINGS:
        lines.append(f"- **{title}.** {text}")
    lines.append("")
    lines.append("## Sources beyond the four texts")
    lines.append("")
    lines.append(
        'The keys in brackets after "elsewhere" name rule pages of pubs, clubs and tournaments '
        "and other Schocken programs (read for issue 14):"
    )
    lines.append("")
    for key, where in SOURCES.items():
        lines.append(f"- `{key}`: {where}")
    lines.append("")
    return "\n".join(lines)


def json_value(value: object) -> str:
    """An option's value as TOML/JSON text."""
    plain = plain_value(value)
    if isinstance(plain, bool):
        return "true" if plain else "false"
    if isinstance(plain, str):
        return f'"{plain}"'
    return str(plain)


def _attribute_doc(cls: type, name: str) -> str:
    """The docstring written under an attribute (an option, an enum member) in a class body."""
    import ast
    import inspect

    node = ast.parse(inspect.getsource(cls)).body[0]
    assert isinstance(node, ast.ClassDef)
    body = node.body
    for i, node in enumerate(body):
        target: ast.expr
        if isinstance(node, ast.AnnAssign):
            target = node.target
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        else:
            continue
        if isinstance(target, ast.Name) and target.id == name and i + 1 < len(body):
            doc = body[i + 1]
            if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant):
                return str(doc.value.value)
    return ""
