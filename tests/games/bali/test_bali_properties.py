"""Property-based tests over random play, and a modest random-game sweep."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import jaliz_learn
from jaliz_learn import IllegalAction
from jaliz_learn.games.bali import data as D
from jaliz_learn.games.bali import specs as S
from jaliz_learn.games.bali.actions import BuildHut, ChooseTile, ShrineReward, TakeCard

from .bali_helpers import card_total, expected_cards, new, offering_total, playout

GAMES = ("bali", "bali-tani")
#: actions of every kind, legal somewhere, used to probe illegal moves
POOL = (*(cls(*args) for cls, args in (S.SKIP, *S.BUY, *S.OFFER, *S.ALTAR, *S.TAKE, *S.PLAY_ONE,
                                         *S.PLAY_FARMERS.values(), *S.DISCARD)),
        TakeCard(5), ShrineReward(1, 1), ShrineReward(0, 9), ChooseTile("priests"),
        BuildHut("pepper", 1, ("rice",)), BuildHut("rice", 2, ("pepper", "rice")), BuildHut("banana", 3, ("rice",)))


def check_invariants(s, step):
    assert card_total(s) == expected_cards(s), "a playing card appeared or vanished"
    assert offering_total(s) == [D.OFFERINGS_PER_KIND] * D.NUM_KINDS, "an offering card appeared or vanished"
    assert min(s.stones) >= 0 and min(s.vp) >= 0 and min(s.supply) >= 0
    assert all(len(h) <= D.HAND_SIZE for h in s.hands)
    assert s.is_over() or all(s.square), "every column holds a card while the game runs"
    assert sum(s.huts) + sum(1 for area in s.village for w in area if w >= 0) == (
        s.num_players * D.HUTS_PER_PLAYER[s.num_players] if s.tani else 0)


def check_hidden(s):
    for viewer in range(s.num_players):
        obs = s.observation(viewer)
        assert obs.hand == tuple(sorted(D.CARD_NAMES[c] for c in s.hands[viewer]))
        mine = [0] * 4
        for q, k in s.altar_hidden:
            if q == viewer:
                mine[k] += 1
        assert obs.my_hidden_offerings == tuple(mine)
        assert obs.altar_open == tuple(s.altar_open), "face-down cards are not in the open counts"
        for e in s.events(viewer):
            if e.secret is not None:
                assert viewer in e.visible_to
    spec = s.observation(None)
    assert spec.hand is None and spec.stock is None and not any(spec.my_hidden_offerings)


@pytest.mark.rules("BAL-HIDDEN-01", "BAL-OFFER-03", "BAL-TAKE-02", "BAL-END-01")
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), game=st.sampled_from(GAMES))
def test_random_play_keeps_invariants_and_ends(seed, players, game):
    s = new(game, players, seed)

    def every(state, step):
        check_invariants(state, step)
        if step % 11 == 0:
            check_hidden(state)

    end = playout(s, seed + 1, every)
    check_invariants(end, -1)
    assert end.is_over() and end.final is not None and len(end.legal_actions()) == 0
    assert len(end.deck) < D.COLUMN_DEPTH


@pytest.mark.rules("BAL-SETUP-04", "TAN-SETUP-01")
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), game=st.sampled_from(GAMES))
def test_json_round_trip_and_illegal_actions_leave_state_unchanged(seed, players, game):
    s = new(game, players, seed)
    g = s.game

    def every(state, step):
        if step % 9:
            return
        data = json.loads(state.dumps())
        back = g.state_from_json(data)
        assert back.dumps() == state.dumps()
        assert back.legal_actions() == state.legal_actions()
        before = state.dumps()
        legal = set(state.legal_actions())
        for action in POOL:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert err.value.rule, f"no rule named for {action}"
            assert err.value.rule in g.rules or err.value.rule == "protocol"
        assert state.dumps() == before, "an illegal action changed the state"
        for action in state.legal_actions()[:30]:
            assert g.parse_action(str(action), state) == action

    playout(s, seed + 7, every)


@pytest.mark.rules("BAL-TURN-01", "BAL-FINAL-05")
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_sweep_of_random_games(game, players):
    """30 random games per player count: all end with a complete outcome."""
    for seed in range(30):
        result = jaliz_learn.play(game, [jaliz_learn.RandomBot(seed + i) for i in range(players)], seed=seed)
        out = result.outcome
        assert len(out.scores) == players
        if set(out.eliminated) == set(range(players)):  # TAN-END-01: everyone lost, nobody wins
            assert out.winners == ()
        else:
            assert set(out.winners) == set(out.ranking[0]) and not set(out.winners) & set(out.eliminated)
        assert result.decisions < 1000
