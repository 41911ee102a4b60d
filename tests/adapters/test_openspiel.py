"""OpenSpiel's own random-simulation test (with serialization) on every game, registered as Python games, and
OpenSpiel's own algorithms on them: the IS-MCTS bot and outcome-sampling MCCFR on information states."""

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
    assert {short_name(g) + "_win" for g in available()} <= names  # the win-returns variants


@pytest.mark.parametrize(("name", "players", "sims"), CASES)
def test_random_sim_test(name, players, sims):
    game = pyspiel.load_game(short_name(name), {"players": players, "rng_seed": 1})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _play(state, steps, seed=0):
    import numpy as np

    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "players"), [("nizam", 2), ("jaliz", 3), ("bali", 2), ("jungli-la", 2)])
def test_information_states_serialization_and_resampling(name, players):
    game = pyspiel.load_game(short_name(name), {"players": players, "rng_seed": 3})
    state = _play(game.new_initial_state(), 25)
    player = state.current_player()
    text, tensor = state.information_state_string(player), state.information_state_tensor(player)
    assert len(tensor) == game.information_state_tensor_size()
    other = (player + 1) % players
    assert state.information_state_string(other) != text  # each player's own view
    back = game.deserialize_state(state.serialize())
    assert back.information_state_string(player) == text and back.legal_actions() == state.legal_actions()
    twin = state.resample_from_infostate(player, lambda: 0.25)
    assert twin.information_state_string(player) == text  # the player cannot tell them apart
    assert twin.information_state_tensor(player) == tensor
    _play(twin, 10_000, seed=1)  # the sample plays to its end
    assert twin.is_terminal()


def test_win_returns_are_zero_sum():
    from jaliz_learn.adapters.openspiel import win_returns

    game = pyspiel.load_game(short_name("bali") + "_win", {"players": 3})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    state = _play(game.new_initial_state(), 100_000)
    assert abs(sum(state.returns())) < 1e-9 and max(state.returns()) > 0
    assert win_returns((0,), 2) == [1.0, -1.0] and win_returns((0, 1, 2), 3) == [0.0, 0.0, 0.0]


@pytest.mark.parametrize(("name", "players"), [("nizam", 2), pytest.param("jaliz", 3, marks=pytest.mark.slow)])
def test_openspiels_ismcts_bot_plays_a_game(name, players):
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(short_name(name) + "_win", {"players": players, "rng_seed": 2})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0 and searched < 3:
            action = bot.step(state)
            searched += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    assert searched == 3 and abs(sum(state.returns())) < 1e-9


# In Jaliz the sampling probability of a whole game (a product over some 2,000 steps) underflows to 0, so outcome
# sampling's weights divide by zero there: it runs, but its numbers mean nothing (docs/ADAPTERS.md).
@pytest.mark.parametrize(("name", "players"), [
    ("nizam", 2),
    pytest.param("jaliz", 3, marks=[pytest.mark.slow, pytest.mark.filterwarnings("ignore::RuntimeWarning")])])
def test_openspiels_outcome_sampling_mccfr_runs(name, players):
    import sys

    from open_spiel.python.algorithms import outcome_sampling_mccfr

    # outcome sampling recurses once per decision: a Jaliz game is thousands deep (docs/ADAPTERS.md)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 50_000))
    game = pyspiel.load_game(short_name(name) + "_win", {"players": players, "rng_seed": 4})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    probs = policy.action_probabilities(state)
    assert probs and abs(sum(probs.values()) - 1.0) < 1e-9 and set(probs) <= set(state.legal_actions())


def test_declared_bounds_come_from_the_engine():
    import jaliz_learn

    engine = jaliz_learn.load_game("bali")
    game = pyspiel.load_game(short_name("bali"), {"players": 2})
    assert (game.min_utility(), game.max_utility()) == engine.info.score_range
    assert game.max_game_length() >= engine.info.max_decisions
    # explicit chance nodes by default (tests/adapters/test_openspiel_chance.py); the sampled form is deterministic
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    sampled = pyspiel.load_game(short_name("bali"), {"players": 2, "chance": "sampled"})
    assert sampled.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.num_players() == 2 and game.observation_tensor_shape() == [game.new_initial_state()
                                                                         .observation_tensor(0).__len__()]


def test_games_are_reproducible_from_rng_seed():
    def second_game(seed, clones):
        game = pyspiel.load_game(short_name("nizam"), {"players": 2, "rng_seed": seed, "chance": "sampled"})
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
