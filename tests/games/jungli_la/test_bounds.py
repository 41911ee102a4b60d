"""The bounds declared in GameInfo hold: longest game, largest decision, score range."""

from __future__ import annotations

import jaliz_learn
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jungli_la.bounds import decisions_per_turn, max_decisions
from jaliz_learn.games.jungli_la.data import CARDS

from .helpers import GAME, position


def test_the_safeguard_option_declares_its_own_longest_game():
    short = jaliz_learn.load_game("jungli-la", max_rounds=2)
    assert short.info.max_decisions == max_decisions(2) == 2 * 5 * decisions_per_turn()
    assert GAME.info.max_decisions == max_decisions(100)
    for seed in range(5):
        st = short.initial_state(num_players=5, seed=seed)
        rng, decisions = Rng(seed), 0
        while not st.is_over():
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        assert st.end_reason in ("round-limit", "end-card") and decisions <= short.info.max_decisions


def test_the_largest_decision_stays_within_the_declared_bound():
    cards = sorted(CARDS)
    st = position(track=cards[15:], phase="explore", dice=["F"] * 4,
                  players=[{"pos": 0, "cards": cards[:15], "letters": 8, "wagons": 1, "materials": [2, 3, 3]}, {}])
    legal = st.legal_actions()
    assert 200 < len(legal) <= GAME.info.max_legal_actions


def test_scores_stay_within_the_declared_range():
    low, high = GAME.info.score_range
    rich = position(players=[{"cards": sorted(CARDS)[:15], "treasures": list(range(15)), "wagons": 2,
                              "letters": 10, "materials": [4, 3, 3]}, {}])
    assert low == 0 and 0 < max(rich.scores()) <= high
