"""What search bots need: independent clones, compact positions, sampled hidden information."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from jaliz_learn.core.game import attributes
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.bali import state as state_module

from .bali_helpers import new, playout

GAMES = ["bali", "bali-tani"]


def midgame(game: str, players: int, seed: int, steps: int = 40):
    s = new(game, players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


@pytest.mark.rules("BAL-TURN-01")
@pytest.mark.parametrize("game", GAMES)
def test_clone_and_original_stay_independent(game):
    for seed in range(6):
        s = midgame(game, 2 + seed % 3, seed)
        before = s.dumps()
        c = s.clone()
        assert c.dumps() == before
        playout(c, seed + 1)
        assert s.dumps() == before, "playing on the clone changed the original"
        after_clone = c.dumps()
        playout(s, seed + 2)
        assert c.dumps() == after_clone, "playing on the original changed the clone"


@pytest.mark.rules("BAL-TURN-01")
def test_clone_copies_every_mutable_container():
    """A new list attribute forgotten in ``_copy_into`` would be shared between clone and original."""
    s = midgame("bali-tani", 3, 1)
    s.final = s.final_breakdown()
    c = s.clone()
    theirs = attributes(c)
    for key, value in attributes(s).items():
        if isinstance(value, (list, dict, set)):
            assert theirs[key] is not value, key
            for a, b in zip(value, theirs[key]):
                if isinstance(a, (list, dict, set)):
                    assert a is not b, key


@pytest.mark.rules("BAL-TURN-01")
def test_cached_legal_actions_stay_correct_on_clones():
    s = midgame("bali-tani", 3, 5)
    legal = list(s.legal_actions())
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert list(s.legal_actions()) == legal
    fresh = s.game.state_from_json(json.loads(c.dumps()))
    assert list(c.legal_actions()) == list(fresh.legal_actions())


def test_the_state_module_imports_none_of_its_views():
    """Views import the state, never the other way round (no import cycle in games/bali)."""
    tree = ast.parse(Path(state_module.__file__).read_text())
    runtime = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = {n.module for n in runtime if isinstance(n, ast.ImportFrom)}
    assert not names & {"view", "serial", "explain", "game", "bots"}, names


@pytest.mark.rules("BAL-TURN-01")
@pytest.mark.parametrize("game", GAMES)
def test_compact_position_reads_back_and_plays_on_identically(game):
    s = midgame(game, 3, 8, steps=50)
    compact = s.to_json(compact=True)
    assert "log" not in compact and "history" not in compact and "rng" in compact
    back = s.game.state_from_json(json.loads(json.dumps(compact)))
    assert back.to_json(compact=True) == compact
    assert len(back.history) == 0 and len(back.log) == 0 and back.log.turn == s.log.turn
    assert back.observation(1) == s.observation(1)
    original = s.clone()
    playout(original, 3)
    playout(back, 3)
    assert back.to_json(compact=True) == original.to_json(compact=True)
    assert back.outcome() == original.outcome()


@pytest.mark.rules("BAL-HIDDEN-01")
@pytest.mark.parametrize("game", GAMES)
def test_cached_observations_equal_fresh_ones_at_every_decision(game):
    """The observation caches are reset by every effect that changes what they show."""
    for seed in range(4):
        s = new(game, 2 + seed % 3, seed=seed)

        def every(state, step):
            cached = [state.observation(p) for p in (*range(state.num_players), None)]
            fresh = state.clone()
            fresh.reset_caches()
            assert cached == [fresh.observation(p) for p in (*range(state.num_players), None)], step

        playout(s, seed, every)
        every(s, -1)


# ---- sampling hidden information ------------------------------------------------------------------
def chi_square_critical(df: int, z: float = 3.09) -> float:
    """Upper 0.1% point of the chi-square distribution (Wilson-Hilferty approximation)."""
    c = 2 / (9 * df)
    return df * (1 - c + z * c ** 0.5) ** 3


def chi_square(observed: list[int], weights: list[int]) -> float:
    total, wsum = sum(observed), sum(weights)
    return sum((o - total * w / wsum) ** 2 / (total * w / wsum) for o, w in zip(observed, weights) if w)


@pytest.mark.rules("BAL-HIDDEN-01", "BAL-SETUP-01", "BAL-SETUP-03")
@pytest.mark.parametrize("game", GAMES)
def test_sampled_states_show_the_same_observation_conserve_cards_and_play_on(game):
    from .bali_helpers import card_total, expected_cards, offering_total

    for seed in range(5):
        players = 2 + seed % 3
        s = midgame(game, players, seed, steps=20 + 13 * seed)
        for viewer in (*range(players), None):
            obs = s.observation(viewer)
            sampled = s.game.sample_state(obs, Rng(seed * 7 + (viewer or 9)))
            assert sampled.observation(viewer) == obs
            assert sampled.observation(None) == s.observation(None)
            assert sampled.seed != s.seed and len(sampled.history) == 0
            assert card_total(sampled) == card_total(s) and offering_total(sampled) == [25] * 4
            assert sorted(sampled.deck) == sorted(s.deck)
            back = s.game.state_from_json(json.loads(sampled.dumps()))
            assert back.dumps() == sampled.dumps()
            playout(sampled, seed)
            assert sampled.outcome() is not None
        assert card_total(s) == expected_cards(s)


@pytest.mark.rules("BAL-HIDDEN-01")
def test_sampling_is_seeded_by_the_callers_rng():
    s = midgame("bali-tani", 3, 4)
    obs = s.observation(2)
    a = s.game.sample_state(obs, 11)
    assert a.dumps() == s.game.sample_state(obs, Rng(11)).dumps()
    assert a.deck != s.game.sample_state(obs, 12).deck
    assert a.rng != s.rng


@pytest.mark.rules("BAL-HIDDEN-01", "BAL-SETUP-04")
def test_the_draw_pile_is_dealt_uniformly_from_the_unseen_cards():
    s = midgame("bali", 3, 3, steps=10)
    obs = s.observation(0)
    unseen = [s.deck.count(c) for c in range(7)]
    samples = 1500
    for position in (-1, len(s.deck) // 2, 0):  # the next card, one in the middle, the last one
        counts = [0] * 7
        rng = Rng(position + 100)
        for _ in range(samples):
            counts[s.game.sample_state(obs, rng).deck[position]] += 1
        cells = sum(1 for w in unseen if w)
        assert chi_square(counts, unseen) < chi_square_critical(cells - 1), (position, counts, unseen)


@pytest.mark.rules("BAL-HIDDEN-01", "BAL-OFFER-02")
def test_face_down_offerings_of_others_are_dealt_from_their_known_stock():
    from .bali_helpers import position

    s = position("bali", phase="offer-hidden", active=0, hands=[["mason"], ["rice"] * 3, ["peanut"] * 3],
                 stocks=[{"rice": 3, "peanut": 1, "pepper": 2}, {"banana": 1}, {}],
                 square=[["mason"], ["mason"], ["shrine"], ["shrine"]])
    s.apply("offer pepper")  # face down
    obs = s.observation(1)
    assert obs.known_stocks[0] == (3, 1, 0, 2) and obs.hidden_offers == (1, 0, 0)
    counts = [0] * 4
    rng = Rng(5)
    for _ in range(2000):
        sampled = s.game.sample_state(obs, rng)
        (placer, kind), = sampled.altar_hidden
        assert placer == 0 and sampled.stocks[0][kind] == obs.known_stocks[0][kind] - 1
        counts[kind] += 1
    assert counts[2] == 0, "a kind the stock never held cannot be face down"
    assert chi_square(counts, [3, 1, 0, 2]) < chi_square_critical(2), counts
    # the placer knows their own card: sampling from their view keeps it
    own = s.observation(0)
    for seed in range(20):
        assert s.game.sample_state(own, seed).altar_hidden == [(0, 3)]


@pytest.mark.rules("BAL-HIDDEN-01")
def test_an_impossible_observation_is_refused():
    import dataclasses

    from jaliz_learn import InvalidPosition

    s = midgame("bali-tani", 3, 6)
    obs = s.observation(1)
    for bad in (dataclasses.replace(obs, draw_pile=obs.draw_pile + 1),
                dataclasses.replace(obs, hidden_offers=(9, 0, 0)),
                dataclasses.replace(obs, game="bali"), "not an observation"):
        with pytest.raises(InvalidPosition):
            s.game.sample_state(bad, 1)


@pytest.mark.rules("BAL-HIDDEN-01")
def test_mixed_up_observations_are_refused_or_sampled_exactly():
    """Fields swapped in from another game's observation: refused, or sampled into a state showing exactly that."""
    import dataclasses

    from jaliz_learn import InvalidPosition

    from .bali_helpers import playout as play_on

    rng = Rng(17)
    names = sorted(f.name for f in dataclasses.fields(midgame("bali-tani", 3, 1).observation(0)))
    accepted = 0
    for i in range(120):
        a, b = midgame("bali-tani", 3, i % 7, steps=10 + i % 40), midgame("bali-tani", 3, 50 + i % 5, steps=30)
        obs, other = a.observation(i % 3), b.observation(i % 3)
        field = names[rng.randrange(len(names))]
        mixed = dataclasses.replace(obs, **{field: getattr(other, field)})
        try:
            sampled = a.game.sample_state(mixed, i)
        except InvalidPosition:
            continue
        accepted += 1
        assert sampled.observation(mixed.player) == mixed
        play_on(sampled, i)
    assert accepted > 0
