"""Setup by player count, the data module and the public/hidden split of the Treasure decks."""

from __future__ import annotations

from collections import Counter

import pytest

from jaliz_learn.games.jungli_la import data
from jaliz_learn.games.jungli_la.common import GOAL

from .helpers import GAME


@pytest.mark.rules("JUN-SETUP-01")
def test_dice_have_six_faces_and_ten_dice_exist():
    assert data.FACES == ("M1", "M2", "F", "W", "T", "L")
    assert data.MAX_DICE == 10 and data.BASE_DICE == 4


@pytest.mark.rules("JUN-SETUP-02", "JUN-SETUP-03", "JUN-DATA-01")
@pytest.mark.parametrize("n,removed", [(2, 4), (3, 2), (4, 1), (5, 0)])
def test_track_by_player_count(n, removed):
    st = GAME.initial_state(num_players=n, seed=n)
    assert len(st.removed) == 3 * removed
    assert len(st.track) == 30 - 3 * removed
    areas = [data.CARDS[c].area for c in st.track]
    assert areas == sorted(areas), "the track runs Start -> A -> B -> C -> Goal"
    assert Counter(areas) == {"A": 10 - removed, "B": 10 - removed, "C": 10 - removed}
    assert Counter(data.CARDS[c].area for c in st.removed) == ({a: removed for a in "ABC"} if removed else {})
    assert sorted(st.track + st.removed) == sorted(data.CARDS)


@pytest.mark.rules("JUN-SETUP-02")
def test_setup_is_shuffled_by_seed():
    orders = {tuple(GAME.initial_state(num_players=5, seed=s).track) for s in range(5)}
    assert len(orders) > 1


@pytest.mark.rules("JUN-SETUP-04", "JUN-DATA-02")
@pytest.mark.parametrize("n,upper", [(2, 6), (3, 9), (4, 12), (5, 15)])
def test_treasure_decks(n, upper):
    st = GAME.initial_state(num_players=n, seed=11)
    assert len(st.deck) == 30
    assert st.deck.index(data.END_TREASURE) == upper
    assert st.cards_before_end_card() == upper
    values = Counter(data.TREASURE_VALUES[t] for t in st.deck if t != data.END_TREASURE)
    assert values == {1: 12, 2: 10, 3: 7}
    assert data.TREASURE_VALUES[data.END_TREASURE] == 3


@pytest.mark.rules("JUN-SETUP-05", "JUN-SETUP-06", "JUN-SETUP-07", "JUN-RUL-01")
def test_stock_start_player_and_starting_hands():
    st = GAME.initial_state(num_players=4, seed=0)
    assert st.wagon_stock == 10
    assert st.start_player == 0 and st.current_player() == 0
    for p in range(4):
        assert st.pos[p] == 0 and st.materials[p] == [1, 1, 1] and st.letters[p] == 2
        assert st.wagons[p] == 0 and st.cards[p] == [] and st.treasures[p] == []


@pytest.mark.rules("JUN-DATA-01")
def test_every_card_value_is_marked_and_types_are_spread():
    assert len(data.DISCOVERY_CARDS) == 30
    for c in data.DISCOVERY_CARDS:
        assert c.status in (data.SOURCED, data.INFERRED, data.PROPOSED)
        assert c.type in data.TYPES and c.effect in data.EFFECT_TEXT
    for area in "ABC":  # every area holds every type at least once
        assert {c.type for c in data.DISCOVERY_CARDS if c.area == area} == set(data.TYPES)
    assert Counter(c.patron for c in data.DISCOVERY_CARDS)["Professor"] == 7


@pytest.mark.rules("JUN-DATA-04")
def test_letter_costs_follow_the_player_card_column():
    assert (data.COST_ADD_DIE, data.COST_CANCEL, data.COST_CHANGE_FACE, data.COST_WAGON, data.COST_REMOTE,
            data.COST_TREASURE, data.COST_EXCHANGE) == (1, 1, 2, 2, 3, 4, 5)


@pytest.mark.rules("JUN-RUL-13", "JUN-SETUP-04")
def test_observation_hides_the_deck_order_but_not_the_end_card_depth():
    st = GAME.initial_state(num_players=3, seed=5)
    obs = st.observation(1)
    assert obs.deck_size == 30 and obs.cards_before_end_card == 9
    assert not hasattr(obs, "deck")
    setup = st.log[0]
    assert setup.kind == "setup" and setup.secret is not None
    assert st.log.for_viewer(0)[0].secret is None and st.log.for_viewer(None)[0].secret is None
    assert GOAL == -1


@pytest.mark.rules("JUN-DATA-01")
def test_card_table_matches_the_data_file_totals():
    """jungli-la-data.md section 3.2: printed VP 9 (A) + 20 (B) + 42 (C) = 71; average costs 2.2/4.1/6.2."""
    vp = {a: sum(c.vp for c in data.DISCOVERY_CARDS if c.area == a) for a in "ABC"}
    assert vp == {"A": 9, "B": 20, "C": 42}
    cost = {a: sum(c.cost_total for c in data.DISCOVERY_CARDS if c.area == a) / 10 for a in "ABC"}
    assert cost == {"A": 2.2, "B": 4.1, "C": 6.2}
