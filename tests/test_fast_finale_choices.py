"""The Finale's choices by tables (the strong bots' memo): the reference's choice in every state,
for the opener and for the responder facing each final the opener can end with."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from schocken.fast.finale_choices import FinaleChoices
from schocken.finale import FinaleSolution
from schocken.finale_shared import finale_solution
from schocken.rules import find_preset
from schocken.turn import TurnState


def same_as_reference(sol: FinaleSolution, situations: list[tuple[int, int, int]]) -> None:
    choices = FinaleChoices(sol)
    for m, o, r in situations:
        graph = sol.turn_graph()
        for j in range(graph.limit + 1):
            layer = graph.layers[j]
            for s in [*layer.states, *layer.turned] if j < graph.limit else layer.states[:5]:
                if j == graph.limit:  # the turn over: no action, said as the reference says it
                    with pytest.raises(ValueError):
                        sol.best_action(m, o, r, s)
                    with pytest.raises(ValueError):
                        choices.code(m, o, r, s)
                    continue
                assert choices.code(m, o, r, s) == sol.best_action(m, o, r, s).code
        for limit in (1, 2, 3):
            graph = sol.turn_graph(limit)
            finals = list(sol.columns(limit))
            states = [s for j in range(limit) for s in graph.layers[j].states]
            for i, s in enumerate(states):
                for f in finals[i % 3 :: 3]:
                    expected = sol.best_action(m, r, o, s, opener_final=f, limit=limit).code
                    assert choices.code(m, r, o, s, final=f, limit=limit) == expected


@pytest.mark.parametrize("name", ["tsv99", "allgemein", "knobelrunde"])
def test_the_finale_tables_choose_as_the_reference(name: str) -> None:
    sol = finale_solution(find_preset(name))
    same_as_reference(sol, [(sol.n, 0, 0), (3, 6, sol.n - 9), (0, 7, sol.n - 7), (1, 1, sol.n - 2)])


def test_the_tables_of_a_halfs_deckel_between_two_choose_as_the_reference() -> None:
    rules = find_preset("schock4life")
    sol = finale_solution(rules, rules.deckel_per_half)
    same_as_reference(sol, [(sol.n, 0, 0), (2, 3, sol.n - 5)])


def test_what_is_no_state_of_the_turn_is_refused_as_the_reference_refuses_it() -> None:
    choices = FinaleChoices(finale_solution(find_preset("tsv99")))
    stray = TurnState((1, 1), (6,), 1, 0, (), False)  # dice aside after one throw: never
    with pytest.raises(ValueError, match="not a state of this turn"):
        choices.code(13, 0, 0, stray)


def test_a_column_holds_each_states_choice_where_its_place_says() -> None:
    """The memo's way (:meth:`FinaleChoices.column` and :meth:`~FinaleChoices.places`): every
    state with a choice has a place, and the column there holds its choice."""
    from schocken.fast.strong import memo

    rules = find_preset("tsv99")
    m = memo(rules)
    words = 4 * len(m.tables.states)
    sol = finale_solution(rules)
    choices = FinaleChoices(sol)
    for limit in (None, 2, 3):
        graph = sol.turn_graph(limit)
        places = choices.places(m.turn, words, limit)
        with_choice = {s for j in range(1, graph.limit) for s in graph.layers[j].states}
        placed = {m.turn(w) for w in range(words) if places[w] >= 0}
        assert with_choice <= placed
        finals = [None] if limit is None else list(sol.columns(limit))[::7]
        for final in finals:
            for situation in ((sol.n, 0, 0), (3, 6, sol.n - 9)):
                column = choices.column(*situation, final=final, limit=limit)
                for w in range(words):
                    if places[w] >= 0:
                        state = m.turn(w)
                        expected = choices.code(*situation, state, final=final, limit=limit)
                        assert column[places[w]] == expected


def test_solutions_alike_share_their_choices() -> None:
    """A preset's Finale and its halves' rounds of two (13 Deckel each under allgemein), and a
    rule set that differs only in the half, use one set of tables; another Deckel count not."""
    from schocken.bots.half_bot import _two_player_bot
    from schocken.fast.finale_choices import choices_of, forget

    forget()
    preset = find_preset("allgemein")
    assert preset.deckel_per_half == preset.deckel_in_finale
    finale = choices_of(finale_solution(preset))
    assert choices_of(_two_player_bot(preset).solution) is finale
    fewer = preset.with_overrides({"deckel_per_half": 12})
    assert choices_of(finale_solution(fewer)) is finale  # its Finale: 13 Deckel
    assert choices_of(_two_player_bot(fewer).solution) is not finale  # its half: 12
    forget()
