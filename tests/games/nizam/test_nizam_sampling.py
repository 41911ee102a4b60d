"""sample_state for Nizam and Pearl of the East: consistent with the observation, uniform over unseen cards."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

import jaliz_learn
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.nizam import Score
from jaliz_learn.games.nizam.data import KINDS

from .helpers import totals
from .test_nizam_clone import GAMES, mid_game


def chi2_critical(df, z=3.09):
    """The 0.999 quantile of chi-square with ``df`` degrees of freedom (Wilson-Hilferty; no scipy needed)."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def chi2(observed, expected):
    return sum((observed[k] - e) ** 2 / e for k, e in expected.items() if e > 0)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_sample_keeps_everything_the_observer_sees(name, players):
    state = mid_game(name, players, seed=12)
    game = state.game
    for p in [*range(players), None]:
        obs = state.observation(p)
        sampled = game.sample_state(obs, Rng(3))
        assert sampled.observation(p) == obs
        assert sampled.observation(None) == state.observation(None)
        if p is not None:
            assert sampled.hands[p] == state.hands[p]
            assert list(sampled.legal_actions(p)) == list(state.legal_actions(p))
        assert totals(sampled) == totals(state), "card conservation"
        back = game.state_from_json(json.loads(json.dumps(sampled.to_json())))
        assert back.to_json() == sampled.to_json()


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_samples_play_to_the_end_with_their_own_chance(name, players):
    state = mid_game(name, players, seed=5)
    obs = state.observation(0)
    a = state.game.sample_state(obs, 1)
    b = state.game.sample_state(obs, Rng(1))
    c = state.game.sample_state(obs, 2)
    assert a.to_json(compact=True) == b.to_json(compact=True)
    assert a.seed != state.seed and a.rng != state.rng, "future chance is re-sampled, not the real game's"
    assert a.to_json(compact=True) != c.to_json(compact=True)
    legal = a.legal_actions()
    while not a.is_over():
        legal = a.legal_actions()
        a.apply(legal[len(legal) // 3])
    assert a.outcome() is not None


@pytest.mark.rules("NIZ-SCORE-03", "NIZ-INFO-01")
def test_mid_turn_sample_scores_like_the_real_state():
    game = jaliz_learn.load_game("nizam")
    for seed in range(40):
        state = mid_game("nizam", 2, seed, steps=seed % 23)
        if state.decision() == "move-or-score":
            break
    else:  # pragma: no cover
        pytest.fail("no mid-turn position found")
    p = state.current_player()
    sampled = game.sample_state(state.observation(p), 9)
    assert sampled.changed == state.changed and sampled.start_sigs == state.start_sigs
    sampled.apply(Score())
    state.apply(Score())
    assert sampled.scores() == state.scores()


@pytest.mark.rules("PRL-INFO-01")
def test_pearl_task_decks_are_the_kinds_not_completed():
    state = mid_game("pearl-of-the-east", 3, seed=21, steps=150)
    sampled = state.game.sample_state(state.observation(1), 4)
    assert sampled.tasks == state.tasks and sampled.completed == state.completed


@pytest.mark.parametrize(("name", "players", "viewer"), [("nizam", 3, 1), ("pearl-of-the-east", 2, 0),
                                                         ("nizam", 1, 0)])
def test_hidden_cards_are_dealt_uniformly_from_the_unseen_cards(name, players, viewer):
    """Chi-square: the deck's top card and an opponent's hand follow the real unseen cards' proportions."""
    state = mid_game(name, players, seed=3, steps=40)
    obs = state.observation(viewer)
    # the ground truth: the cards the viewer cannot see are the other hands and the deck of the real state
    truth = Counter(state.deck)
    for q in range(players):
        if q != viewer:
            truth.update(state.hands[q])
    unseen = sum(truth.values())
    assert unseen == len(state.deck) + sum(obs.hand_sizes) - obs.hand_sizes[viewer]
    game = state.game
    samples = 3000
    top, held = Counter(), Counter()
    other = next((q for q in range(players) if q != viewer and obs.hand_sizes[q]), None)
    for s in range(samples):
        sampled = game.sample_state(obs, Rng(1000 + s))
        top[sampled.deck[-1]] += 1
        if other is not None:
            held.update(sampled.hands[other])
    expected_top = {k: samples * truth[k] / unseen for k in KINDS}
    df = sum(1 for e in expected_top.values() if e > 0) - 1
    assert chi2(top, expected_top) < chi2_critical(df), (top, expected_top)
    assert all(top[k] == 0 for k in KINDS if truth[k] == 0), "a card the viewer has seen was dealt"
    if other is not None:
        size = obs.hand_sizes[other]
        expected_held = {k: samples * size * truth[k] / unseen for k in KINDS}
        assert chi2(held, expected_held) < chi2_critical(df), (held, expected_held)


def test_sampling_refuses_a_foreign_observation():
    nizam = jaliz_learn.load_game("nizam")
    pearl_obs = jaliz_learn.load_game("pearl-of-the-east").initial_state(num_players=2, seed=1).observation(0)
    with pytest.raises(jaliz_learn.InvalidPosition, match="NizamObservation"):
        nizam.sample_state(pearl_obs, 1)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_finished_game_samples_into_a_finished_state(name, players):
    from jaliz_learn.bots import RandomBot

    state = jaliz_learn.play(name, [RandomBot(i) for i in range(players)], seed=4).state
    for p in (0, None):
        sampled = state.game.sample_state(state.observation(p), 3)
        assert sampled.is_over() and sampled.observation(p) == state.observation(p)
        assert sampled.scores() == state.scores()
        again = state.game.state_from_json(json.loads(json.dumps(sampled.to_json())))
        assert again.to_json() == sampled.to_json()


def reshuffled_state(name, players, seed):
    """A random game right after a reshuffle, before anybody drew from the new deck (the first seed from ``seed``)."""
    game = jaliz_learn.load_game(name)
    for s in range(seed, seed + 50):
        state = game.initial_state(num_players=players, seed=s)
        rng = Rng(s)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            if state.deck_public and len(state.deck) > 6 and state.decision() == "draw-or-move":
                return state
    pytest.fail("no reshuffle without a draw after it in 50 games")  # pragma: no cover


@pytest.mark.rules("NIZ-DRAW-02", "PRL-DRAW-02")
@pytest.mark.parametrize(("name", "players"), [("nizam", 3), ("pearl-of-the-east", 2)])
def test_a_reshuffled_deck_is_public_until_the_next_draw(name, players):
    state = reshuffled_state(name, players, seed=6)
    obs = state.observation(state.current_player())
    assert obs.deck_cards == "".join(sorted(state.deck)) and obs.deck_size == len(state.deck)
    assert state.observation(None).deck_cards == obs.deck_cards, "the content is public, not the order"
    back = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert back.observation(None) == state.observation(None)
    drawn = state.clone()
    drawn.apply("draw")
    assert not drawn.deck_public and drawn.observation(None).deck_cards == ""


@pytest.mark.parametrize(("name", "players"), [("nizam", 3), ("pearl-of-the-east", 2)])
def test_sampling_keeps_a_public_deck_and_deals_the_rest_to_the_hands(name, players):
    state = reshuffled_state(name, players, seed=6)
    viewer = state.current_player()
    obs = state.observation(viewer)
    truth_hands = Counter()
    for q in range(players):
        if q != viewer:
            truth_hands.update(state.hands[q])
    in_hands = sum(truth_hands.values())
    deck = Counter(state.deck)
    samples = 2000
    top, held = Counter(), Counter()
    for s in range(samples):
        sampled = state.game.sample_state(obs, Rng(50 + s))
        assert Counter(sampled.deck) == deck, "the public deck content is kept"
        assert sampled.observation(viewer) == obs
        top[sampled.deck[-1]] += 1
        for q in range(players):
            if q != viewer:
                held.update(sampled.hands[q])
    expected_top = {k: samples * deck[k] / len(state.deck) for k in KINDS}
    assert chi2(top, expected_top) < chi2_critical(sum(1 for e in expected_top.values() if e) - 1)
    if in_hands:
        assert all(held[k] == samples * truth_hands[k] for k in KINDS), "the hands hold exactly the other unseen cards"
