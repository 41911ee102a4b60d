"""Declared bounds (GameInfo.max_decisions, score_range, max_legal_actions) hold in random games."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.nizam.bounds import (
    MAX_LEGAL_NIZAM,
    MAX_LEGAL_PEARL,
    nizam_max_decisions,
    nizam_max_score,
    pearl_max_decisions,
)


@pytest.mark.parametrize(("name", "players"), [("nizam", 1), ("nizam", 2), ("nizam", 5), ("pearl-of-the-east", 2),
                                               ("pearl-of-the-east", 5)])
def test_random_games_stay_within_the_bounds_for_their_player_count(name, players):
    game = jaliz_learn.load_game(name)
    limit = nizam_max_decisions(players) if name == "nizam" else pearl_max_decisions(players, 200)
    for seed in range(4):
        state = game.initial_state(num_players=players, seed=seed)
        rng = Rng(seed)
        decisions = 0
        while not state.is_over():
            legal = state.legal_actions()
            assert len(legal) <= game.info.max_legal_actions
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
            assert decisions <= limit
        low, high = game.info.score_range
        assert all(low <= s <= high for s in state.scores())
        if name == "nizam":
            assert max(state.scores()) <= nizam_max_score(players)


@pytest.mark.rules("NIZ-MOVE-04")
def test_legal_action_counts_follow_the_payment_rules():
    # a hand holding every end card's kind pays one card at each end; the bound counts 120 payments of three
    board = ["ABCDE", "FGHAB", "CDEFG", "HABCD", "EFGHA"]
    rich = "".join(k * 3 for k in "ABCDEFGH")
    state = jaliz_learn.load_game("nizam").state_from_json({"board": board, "hands": [rich, ""]})
    assert len(state.legal_actions()) == 20 + 1, "every end card is held: one card pays"
    assert MAX_LEGAL_NIZAM == 20 * 120 + 1 and MAX_LEGAL_PEARL == 20 * 120 + 64
    pearl = jaliz_learn.load_game("pearl-of-the-east")
    pearl_board = ["PAAAA", "ABBBB", "BCCCC", "CDDDD", "DEEEE"]
    state = pearl.state_from_json({"board": pearl_board, "hands": ["FFFGGGHHH", ""]})
    # only F, G, H in hand and no end card of those kinds: every end takes any three of the 9 cards (10 ways)
    assert len(state.legal_actions()) == 1 + 20 * 10


@pytest.mark.rules("PRL-END-02")
def test_pearl_declares_the_bound_of_its_max_rounds_option():
    assert jaliz_learn.load_game("pearl-of-the-east").info.max_decisions == pearl_max_decisions(5, 200)
    game = jaliz_learn.load_game("pearl-of-the-east", max_rounds=3)
    assert game.info.max_decisions == pearl_max_decisions(5, 3) < pearl_max_decisions(5, 200)
    state = game.initial_state(num_players=2, seed=1)
    rng = Rng(1)
    decisions = 0
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    assert decisions <= pearl_max_decisions(2, 3)
