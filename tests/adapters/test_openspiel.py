"""OpenSpiel's own random-simulation test on every game, registered as Python games."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from jaliz_learn.adapters.openspiel import register, short_name  # noqa: E402
from jaliz_learn.core.registry import available  # noqa: E402

# The Jaliz games take several seconds per simulation (hundreds of decisions, each checked by OpenSpiel).
CASES = [("nizam", 1, 3), ("nizam", 4, 1), ("pearl-of-the-east", 2, 1), ("jungli-la", 2, 1), ("bali", 3, 2),
         ("bali-tani", 2, 2), pytest.param("jaliz", 3, 1, marks=pytest.mark.slow),
         pytest.param("jaliz-advanced", 3, 1, marks=pytest.mark.slow)]


@pytest.fixture(scope="module", autouse=True)
def registered():
    return register()


def test_every_game_is_registered(registered):
    assert registered == [short_name(g) for g in available()]
    names = {g.short_name for g in pyspiel.registered_games()}
    assert set(registered) <= names


@pytest.mark.parametrize(("name", "players", "sims"), CASES)
def test_random_sim_test(name, players, sims):
    game = pyspiel.load_game(short_name(name), {"players": players, "rng_seed": 1})
    # serialize=False: a sampled-stochastic Python game cannot expose its generator to OpenSpiel's
    # serialization round trip (GetRNGState is C++-only); docs/ADAPTERS.md
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_declared_bounds_come_from_the_engine():
    import jaliz_learn

    engine = jaliz_learn.load_game("bali")
    game = pyspiel.load_game(short_name("bali"), {"players": 2})
    assert (game.min_utility(), game.max_utility()) == engine.info.score_range
    assert game.max_game_length() >= engine.info.max_decisions
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_players() == 2 and game.observation_tensor_shape() == [game.new_initial_state()
                                                                         .observation_tensor(0).__len__()]


def test_games_are_reproducible_from_rng_seed():
    def second_game(seed, clones):
        game = pyspiel.load_game(short_name("nizam"), {"players": 2, "rng_seed": seed})
        first = game.new_initial_state()
        first.legal_actions()
        for _ in range(clones):  # clones must not use up the game's seeds
            first.clone().legal_actions()
        state = game.new_initial_state()
        for _ in range(10):
            state.apply_action(state.legal_actions()[0])
        return str(state)

    assert second_game(4, 0) == second_game(4, 5) != second_game(5, 0)


def test_clone_is_independent():
    game = pyspiel.load_game(short_name("jaliz"), {"players": 3})
    state = game.new_initial_state()
    copy = state.clone()
    state.apply_action(state.legal_actions()[0])
    assert str(copy) != str(state) and copy.history() == []
