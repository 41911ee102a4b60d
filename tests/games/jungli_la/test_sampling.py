"""``game.sample_state(observation, rng)``: full states consistent with one player's observation."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

from jaliz_learn import InvalidPosition
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jungli_la.data import END_TREASURE, TREASURE_VALUES

from .helpers import GAME, position
from .test_clone import mid_game

ALL_TREASURES = list(range(len(TREASURE_VALUES)))


def until(st, rng, done, limit=5000):
    for _ in range(limit):
        if st.is_over() or done(st):
            return st
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    return st


def check_sample(st, viewer, seed):
    obs = st.observation(viewer)
    s = GAME.sample_state(obs, Rng(seed))
    assert s.observation(viewer) == obs
    assert s.observation(None) == st.observation(None), "the public picture must match"
    for p in range(st.num_players):
        assert len(s.treasures[p]) == len(st.treasures[p])
    assert sorted(s.deck + [t for h in s.treasures for t in h]) == ALL_TREASURES, "Treasure conservation"
    assert sorted(s.track + s.removed + [c for h in s.cards for c in h]) == sorted(
        st.track + st.removed + [c for h in st.cards for c in h]), "Discovery card conservation"
    assert GAME.state_from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
    return s


@pytest.mark.rules("JUN-RUL-13", "JUN-GOAL-01")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_samples_match_the_observation_through_whole_games(n):
    st = GAME.initial_state(num_players=n, seed=40 + n)
    rng = Rng(n)
    step = 0
    while not st.is_over():
        if step % 23 == 0:
            for viewer in (step % n, None):
                s = check_sample(st, viewer, step)
                if step % 92 == 0:
                    until(s, Rng(step), lambda _: False)
                    assert s.is_over()
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
        step += 1
    for viewer in (0, None):  # at the end every hand is shown (scoring), so the scores match too
        s = check_sample(st, viewer, 1)
        assert s.is_over() and s.scores() == st.scores() and s.outcome() == st.outcome()


@pytest.mark.rules("JUN-END-01")
def test_the_game_end_card_stays_where_it_is_known_to_be():
    st = until(mid_game(3, 9, 0), Rng(9), lambda s: s.cards_before_end_card() == -1)
    holder = st.end_card_holder()
    assert holder is not None and st.observation(None).end_card_holder == holder
    for viewer in range(3):
        for seed in range(20):
            s = check_sample(st, viewer, seed)
            assert END_TREASURE in s.treasures[holder]
    st = mid_game(4, 3, 100)
    where = st.cards_before_end_card()
    assert where >= 0
    for seed in range(20):
        assert check_sample(st, 2, seed).deck[where] == END_TREASURE


def test_sampling_depends_only_on_the_observation():
    """Two states that look the same to player 0 give the same samples: no hidden card leaks into sampling."""
    st = until(mid_game(3, 17, 0), Rng(17), lambda s: len(s.treasures[1]) >= 2 and len(s.deck) >= 4)
    doc = st.to_json(compact=True)
    other = json.loads(json.dumps(doc))
    # swap a Treasure in player 1's hand with a deck card of another value and reorder the deck
    t1 = other["players"][1]["treasures"][0]
    k = next(i for i, t in enumerate(other["deck"]) if t != END_TREASURE and TREASURE_VALUES[t] != TREASURE_VALUES[t1])
    other["players"][1]["treasures"][0], other["deck"][k] = other["deck"][k], t1
    other["rng"] = Rng(12345).to_json()
    twin = GAME.state_from_json(other)
    assert twin.observation(0) == st.observation(0) and twin.to_json(compact=True) != doc
    for seed in range(5):
        a = GAME.sample_state(st.observation(0), seed).to_json(compact=True)
        assert a == GAME.sample_state(twin.observation(0), seed).to_json(compact=True)


def test_future_chance_is_resampled_from_rng():
    st = mid_game(2, 4, 30)
    obs = st.observation(0)
    a, b = GAME.sample_state(obs, 1), GAME.sample_state(obs, 2)
    assert a.rng != b.rng and a.rng != st.rng and a.seed != st.seed
    assert GAME.sample_state(obs, Rng(1)).to_json(compact=True) == a.to_json(compact=True)


def test_a_foreign_or_impossible_observation_is_refused():
    with pytest.raises(InvalidPosition):
        GAME.sample_state(object(), 1)  # type: ignore[arg-type]
    from dataclasses import replace

    obs = position(players=[{"treasures": [0, 1]}, {}]).observation(0)
    with pytest.raises(InvalidPosition, match="Treasure"):
        GAME.sample_state(replace(obs, own_treasures=(1,)), 1)
    with pytest.raises(InvalidPosition, match="game-end card but shows no Treasure of its value"):
        GAME.sample_state(replace(obs, end_card_holder=0, cards_before_end_card=-1), 1)


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """Upper 0.1% point of the chi-square distribution (Wilson-Hilferty approximation)."""
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


def chi_square(counts: Counter, cells: list[int], total: int) -> float:
    expected = total / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def test_unseen_treasure_cards_are_dealt_uniformly():
    """Chi-square: every unseen Treasure card is on top of the deck, and in an opponent's hand, equally often."""
    held = [[0, 12], [], [1, 22], []]
    deck = [t for t in ALL_TREASURES if t != END_TREASURE and t not in held[0] + held[2]]
    deck.insert(5, END_TREASURE)
    st = position(num_players=4, deck=deck, players=[{"treasures": h} for h in held])
    obs = st.observation(0)
    samples = 3000
    top, hand, own = Counter(), Counter(), Counter()
    for seed in range(samples):
        s = GAME.sample_state(obs, Rng(10_000 + seed))
        top[s.deck[0]] += 1
        hand[s.treasures[2][0]] += 1
        own[s.treasures[0][0]] += 1
    # the unseen pool: every Treasure card but the game-end card (its place is public) and player 0's cards;
    # which of the cards of one value player 0 holds is itself unseen, so count by card, excluding the ones
    # it must hold: sampling picks them among equal values, so check the pool per sample is uniform
    value = TREASURE_VALUES[st.treasures[0][0]]
    same = [t for t in ALL_TREASURES if t != END_TREASURE and TREASURE_VALUES[t] == value]
    assert set(own) <= set(same)
    assert chi_square(own, same, samples) < chi_square_critical(len(same) - 1)
    pool = [t for t in ALL_TREASURES if t != END_TREASURE]
    seen_values = Counter(TREASURE_VALUES[t] for t in st.treasures[0])
    # a card lands in an unseen slot with probability (copies of its value left unseen) / (cards of that value)
    # / (unseen cards): uniform over the unseen pool once the observer's own cards are drawn from their values
    for counts in (top, hand):
        assert set(counts) <= set(pool)
        weights = {t: 1 - seen_values[TREASURE_VALUES[t]] / sum(1 for u in pool if TREASURE_VALUES[u] ==
                                                                 TREASURE_VALUES[t]) for t in pool}
        norm = sum(weights.values())
        stat = sum((counts[t] - samples * weights[t] / norm) ** 2 / (samples * weights[t] / norm) for t in pool)
        assert stat < chi_square_critical(len(pool) - 1), (stat, counts)


@pytest.mark.rules("JUN-END-02", "JUN-CARD-06")
def test_a_finished_game_samples_exactly_with_the_last_player_current():
    """At the end the last turn was the one before the start player's: its unused Paleontologist shows."""
    st = position(num_players=3, start_player=2, current=1, phase="explore", dice=["F"] * 4, end_triggered=True,
                  players=[{}, {"cards": ["C04"]}, {}])
    st.apply("end")
    assert st.is_over()
    for viewer in (0, 2, None):
        check_sample(st, viewer, 3)
