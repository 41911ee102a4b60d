"""Deck run-outs, the end of the game, final scoring and tie-breaks (JAL-END-*)."""

from __future__ import annotations

import pytest

from jaliz_learn import RuleViolation

from .helpers import GAME, do, legal_texts, position


@pytest.mark.rules("JAL-END-01", "JAL-R-RUNOUT")
def test_empty_deck_reshuffles_the_burned_pile():
    s = position(players=[{"hand": ["peas"]}, {}, {}], deck=["tomato"], burned=["beans", "beans", "carrot"])
    do(s, "plant peas 1")
    # revealing needed 2 cards: 1 from the deck, then the deck ran out once and the burned pile became the deck
    assert s.exhaustions == 1 and not s.ending and len(s.market) == 2 and s.burned == []
    assert [e.kind for e in s.log][-3:] == ["deck-ran-out", "reshuffle", "reveal"]


@pytest.mark.rules("JAL-END-02", "JAL-R-ENDSTEP", "JAL-END-03", "JAL-R-FINALORDER", "JAL-R-NOCARDS-LATE")
def test_third_run_out_ends_the_game_after_the_step():
    s = position(players=[{"hand": ["peas"] * 3}, {"hand": ["carrot"], "coins": 2}, {"hand": ["beans"]}],
                 deck=["tomato"], burned=[], deck_runs_out=2, active=1)
    do(s, "plant carrot 1")
    # the market reveals the tomato, then the deck runs out a third time: the market still finishes
    assert s.ending and s.market == [9]
    assert "buy cards" not in legal_texts(s)
    do(s, "pass", "pass", "keep tomato", "plant tomato 2")
    assert s.decision() == "final-plant" and s.final_queue == [1, 2, 0]
    with pytest.raises(RuleViolation) as err:
        s.apply("buy cards")
    assert err.value.rule == "JAL-R-NOCARDS-LATE"
    do(s, "done", "plant beans 1", "done", "plant peas 1", "plant peas 1")
    with pytest.raises(RuleViolation) as err:  # two cards at most without a tractor
        s.apply("plant peas 1")
    assert err.value.rule == "JAL-END-03"
    do(s, "done")
    assert s.is_over()


@pytest.mark.rules("JAL-END-04", "JAL-END-05", "JAL-CREDIT-04")
def test_final_harvest_and_score():
    s = position(players=[{"hand": [], "plots": [["carrot", 5, True], ["peas", 3, False]], "coins": 2,
                           "tractor": True, "third_plot": False, "tokens": [0, 1, 2]},
                          {"tokens": []}, {"tokens": []}],
                 phase="final-plant", deck_runs_out=3, ending=True)
    do(s, "done", "done", "done")
    assert s.is_over()
    # carrot 5 + fertilizer = 6 -> 2 coins; peas 3 -> 2 coins; +2 coins held; +1 tractor; tokens worth 0
    assert s.scores()[0] == 2 + 2 + 2 + 1
    assert s.players[0].plot_fert == [True, False]  # fertilizer has no end value (burned)


@pytest.mark.rules("JAL-END-06")
def test_tie_breaks():
    common = {"hand": [], "coins": 4}
    s = position(players=[{**common, "third_plot": True, "plots": [[None, 0], [None, 0], [None, 0]]},
                          {"hand": [], "coins": 6}, {"hand": [], "coins": 5, "tractor": True, "spent_equipment": 2}],
                 phase="final-plant", ending=True, deck_runs_out=3)
    do(s, "done", "done", "done")
    assert s.scores() == (6, 6, 6)
    assert s.winners() == (0,)                   # third plot first
    # spent on equipment (derived from what is held): tractor + fertilizer 4, fertilizer 2, tractor + fertilizer 4
    fert = [[None, 0, True], [None, 0, False]]
    t = position(players=[{"hand": [], "coins": 5, "tractor": True, "plots": fert},
                          {"hand": [], "coins": 6, "plots": fert},
                          {"hand": [], "coins": 5, "tractor": True, "plots": fert}],
                 phase="final-plant", ending=True, deck_runs_out=3)
    assert [t.tiebreak(p) for p in range(3)] == [(0, 4), (0, 2), (0, 4)]
    do(t, "done", "done", "done")
    assert t.winners() == (0, 2)                 # then coins spent on equipment, else shared
    assert t.outcome().ranking == ((0, 2), (1,))


@pytest.mark.rules("JAL-END-02")
def test_random_games_end_after_three_run_outs():
    for seed in range(5):
        s = GAME.initial_state(num_players=3, seed=seed)
        from jaliz_learn.core.rng import Rng

        r = Rng(seed)
        while not s.is_over():
            acts = s.legal_actions()
            s.apply(acts[r.randrange(len(acts))])
        assert s.exhaustions == 3 and s.ending
        assert sum(1 for e in s.log if e.kind == "deck-ran-out") == 3
