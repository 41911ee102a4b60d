"""Setup (JAL-SETUP-*), turn order (JAL-TURN-01) and planting (JAL-PLANT-*)."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn import RuleViolation, WrongPhase
from jaliz_learn.games.jaliz.data import SETUP_TABLE, deck_for

from .helpers import GAME, do, legal_texts, position


@pytest.mark.rules("JAL-SETUP-02", "JAL-SETUP-03", "JAL-RECEIVE-01")
@pytest.mark.parametrize("n,total,first,last,receive", [
    (3, 99, 7, 15, 2), (4, 105, 6, 15, 2), (5, 121, 6, 16, 3), (6, 138, 6, 17, 3), (7, 156, 6, 18, 3)])
def test_setup_table(n, total, first, last, receive):
    assert len(deck_for(n)) == total and SETUP_TABLE[n] == (first, last, receive)
    s = GAME.initial_state(num_players=n, seed=1)
    assert s.products == tuple(range(first, last + 1))
    assert all(pl.hand_size == 5 for pl in s.players)
    assert len(s.deck) == total - 5 * n
    assert s.card_total() == total
    assert s.receive_count == receive


@pytest.mark.rules("JAL-SETUP-01", "JAL-SETUP-04", "JAL-SETUP-05", "JAL-CREDIT-05")
def test_farms_tokens_and_supplies():
    s = GAME.initial_state(num_players=5, seed=2)
    assert all(len(pl.plot_count) == 2 and pl.tokens == [p] for p, pl in enumerate(s.players))
    assert (s.third_plot_supply, s.tractor_supply, s.fertilizer_supply) == (5, 5, 6)
    no_tokens = jaliz_learn.load_game("jaliz", credit_tokens=False).initial_state(num_players=5, seed=2)
    assert all(pl.tokens == [] for pl in no_tokens.players)


@pytest.mark.rules("JAL-SETUP-06", "JAL-R-START", "JAL-TURN-01")
def test_seat_zero_starts_and_turns_go_clockwise():
    s = GAME.initial_state(num_players=4, seed=3)
    assert s.current_player() == 0 and s.decision() == "plant"
    seen = []
    while len(seen) < 5:
        if s.decision() == "plant" and (not seen or seen[-1] != s.active):
            seen.append(s.active)
        acts = s.legal_actions()
        # take the first non-harvest/buy action to move the turn along
        s.apply(next((a for a in acts if a.kind not in ("harvest", "buy")), acts[0]))
    assert seen == [0, 1, 2, 3, 0]


@pytest.mark.rules("JAL-PLANT-01", "JAL-R-HAND")
def test_must_plant_at_least_one_then_may_stop():
    s = position(players=[{"hand": ["carrot", "peas", "beans"]}, {}, {}])
    assert "done" not in legal_texts(s)
    with pytest.raises(RuleViolation, match="JAL-PLANT-01"):
        s.apply("done")
    # any hand card may be planted, whatever its position in hand (JAL-R-HAND)
    do(s, "plant beans 1")
    assert "done" in legal_texts(s)
    do(s, "plant peas 2")
    assert s.decision() == "offer"  # two cards planted: the market starts


@pytest.mark.rules("JAL-PLANT-02")
def test_one_product_per_plot():
    s = position(players=[{"hand": ["carrot", "carrot", "peas"], "plots": [["carrot", 2, False], [None, 0, False]]},
                          {}, {}])
    texts = legal_texts(s)
    assert "plant carrot 1" in texts and "plant peas 1" not in texts and "plant peas 2" in texts
    before = s.dumps()
    with pytest.raises(RuleViolation) as err:
        s.apply("plant peas 1")
    assert err.value.rule == "JAL-PLANT-02" and "carrot" in str(err.value)
    assert s.dumps() == before


@pytest.mark.rules("JAL-PLANT-03")
def test_empty_hand_skips_planting():
    s = position(players=[{"hand": []}, {}, {}])
    assert s.decision() in ("offer", "claim") and s.market  # straight to the market
    # a real turn with an empty hand goes straight to the market
    s3 = position(players=[{"hand": ["peas"]}, {"hand": []}, {}], active=0)
    do(s3, "plant peas 1")
    while s3.active == 0:
        acts = s3.legal_actions()
        s3.apply(next(a for a in acts if a.kind in ("pass", "keep", "plant")))
    assert s3.active == 1 and s3.decision() in ("offer", "claim")
    assert any(e.kind == "skip-plant" for e in s3.log)


@pytest.mark.rules("JAL-PLANT-04", "JAL-MARKET-08")
def test_full_plots_force_a_harvest_first():
    s = position(players=[{"hand": ["beans"], "plots": [["carrot", 2, False], ["peas", 3, False]]}, {}, {}])
    texts = legal_texts(s)
    assert not any(t.startswith("plant") for t in texts)
    assert "harvest 1" in texts and "harvest 2" in texts
    with pytest.raises(RuleViolation, match="JAL-PLANT-04"):
        s.apply("plant beans 1")
    do(s, "harvest 2", "plant beans 2")
    assert s.players[0].plot_product == [14, 15]


@pytest.mark.rules("JAL-PLANT-05", "JAL-BUY-03")
def test_tractor_allows_three():
    hand = ["peas"] * 4
    s = position(players=[{"hand": hand, "tractor": True}, {}, {}])
    do(s, "plant peas 1", "plant peas 1", "plant peas 1")
    assert s.decision() == "offer" and s.players[0].plot_count[0] == 3
    s2 = position(players=[{"hand": hand}, {}, {}])
    do(s2, "plant peas 1", "plant peas 1")
    assert s2.decision() == "offer" and s2.players[0].plot_count[0] == 2


@pytest.mark.rules("JAL-PLANT-01")
def test_wrong_phase_is_named():
    s = position(players=[{"hand": ["peas"]}, {}, {}])
    with pytest.raises(WrongPhase) as err:
        s.apply("keep peas")
    assert "plant" in str(err.value) and err.value.rule == "JAL-PLANT-01"
