"""Explicit chance in the OpenSpiel adapter (issue 53): OpenSpiel's random-simulation test on both forms of every
game, draws decided as chance outcomes with their probabilities, and no information leak to a perfect-information
search (MCTSBot) through the order of the undrawn cards."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import jaliz_learn  # noqa: E402
from jaliz_learn.adapters.openspiel import register, short_name  # noqa: E402

# one simulation of each game on each form; the Jaliz ones take ~10 s each here (docs/ADAPTERS.md)
GAMES = [("nizam", 2), ("pearl-of-the-east", 2), ("jungli-la", 2), ("bali", 3), ("bali-tani", 2),
         pytest.param("jaliz", 3, marks=pytest.mark.slow), pytest.param("jaliz-advanced", 3, marks=pytest.mark.slow)]


@pytest.fixture(scope="module", autouse=True)
def registered():
    return register()


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_random_sim_test_on_both_forms(name, players, chance):
    game = pyspiel.load_game(short_name(name), {"players": players, "rng_seed": 2, "chance": chance, "deals": 8})
    expected = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance == "explicit"
                else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    assert game.get_type().chance_mode == expected
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _to_draw(game, seed=0):
    """A two-player Nizam state (explicit form) right before player to move's first draw."""
    state = game.new_initial_state()
    state.apply_action(seed)  # the deal
    draw = next(a for a in state.legal_actions() if state.action_to_string(state.current_player(), a) == "draw")
    return state, draw


def test_a_draw_is_a_chance_node_with_the_decks_probabilities():
    game = pyspiel.load_game(short_name("nizam"), {"players": 2, "deals": 4})
    state, draw = _to_draw(game)
    deck = Counter(state.rl.state.deck)
    state.apply_action(draw)
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    shown = {state.action_to_string(pyspiel.PlayerId.CHANCE, a).split()[-1]: p for a, p in outcomes}
    assert shown == {card: n / sum(deck.values()) for card, n in deck.items()}  # copies / cards left
    # three cards, three chance nodes, then the other player decides
    hands = set()
    for first in range(len(outcomes)):
        child = state.child(first)
        while child.is_chance_node():
            child.apply_action(child.legal_actions()[0])
        assert child.current_player() == 1 - state.rl.current_player()
        hands.add(str(sorted(child.rl.state.hands[state.rl.current_player()].items())))
    assert len(hands) == len(outcomes) > 1  # clones that draw differ across the chance outcomes


def test_clones_do_not_share_a_future_draw_but_the_sampled_form_does():
    def drawn(chance):
        game = pyspiel.load_game(short_name("nizam"), {"players": 2, "chance": chance, "deals": 4, "rng_seed": 1})
        if chance == "explicit":
            state, draw = _to_draw(game)
        else:
            state = game.new_initial_state()
            draw = next(a for a in state.legal_actions() if state.action_to_string(0, a) == "draw")
        player = state.current_player()
        rng = np.random.default_rng(0)
        seen = set()
        for _ in range(20):
            clone = state.clone()
            clone.apply_action(draw)
            while clone.is_chance_node():  # chance sampled as a search samples it
                actions, probs = zip(*clone.chance_outcomes())
                clone.apply_action(int(rng.choice(actions, p=probs)))
            seen.add(str(sorted(clone.rl.state.hands[player].items())))
        return len(seen)

    assert drawn("explicit") > 1
    assert drawn("sampled") == 1  # the old form: every clone knows the next cards (documented warning)


def _twins(chance):
    """Two solo Nizam states the player cannot tell apart (same observation), with different undrawn orders."""
    engine = jaliz_learn.load_game("nizam")
    real = engine.initial_state(num_players=1, seed=11)
    for _ in range(4):
        real.apply(real.legal_actions()[0])
    obs = real.observation(0)
    a, b = engine.sample_state(obs, 1), engine.sample_state(obs, 2)
    assert a.deck != b.deck and Counter(a.deck) == Counter(b.deck)  # different hidden order
    assert a.observation(0) == b.observation(0) == obs
    game = pyspiel.load_game(short_name("nizam"), {"players": 1, "chance": chance, "deals": 4})

    def wrap(engine_state):
        data = {"state": engine_state.to_json(), "steps": 0, "building": []}
        return game.deserialize_state(json.dumps(data))

    return game, wrap(a), wrap(b)


def _search(game, state):
    from open_spiel.python.algorithms import mcts

    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=60,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0), solve=False)
    root = bot.mcts_search(state)
    return [(c.action, c.explore_count, round(c.total_reward, 9)) for c in root.children]


def test_mctsbot_cannot_see_the_undrawn_cards_on_the_explicit_form():
    game, a, b = _twins("explicit")
    assert a.information_state_string(0) == b.information_state_string(0)
    assert _search(game, a) == _search(game, b)  # the search cannot tell the two orders apart
    game, a, b = _twins("sampled")
    assert _search(game, a) != _search(game, b)  # on the sampled form it can: it sees the future


def test_explicit_form_serializes_at_chance_nodes_and_resamples():
    game = pyspiel.load_game(short_name("nizam"), {"players": 2, "deals": 4})
    state, draw = _to_draw(game)
    state.apply_action(draw)
    state.apply_action(state.legal_actions()[-1])  # one card decided, two to come
    back = game.deserialize_state(state.serialize())
    assert back.chance_outcomes() == state.chance_outcomes() and back.script == state.script
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    twin = state.resample_from_infostate(player, lambda: 0.5)
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert not twin.is_chance_node()


def test_chance_parameter_is_checked():
    with pytest.raises(ValueError, match="explicit"):
        pyspiel.load_game(short_name("nizam"), {"chance": "later"})


ALL = [("nizam", 2), ("pearl-of-the-east", 3), ("jungli-la", 2), ("bali", 2), ("bali-tani", 3), ("jaliz", 3),
       ("jaliz-advanced", 4)]


@pytest.mark.parametrize(("name", "players"), ALL)
def test_resample_from_infostate_works_for_every_game_on_the_explicit_form(name, players):
    game = pyspiel.load_game(short_name(name), {"players": players, "deals": 8, "rng_seed": 5})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(40):  # chance outcomes and decisions alike, at random
        state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    text = state.information_state_string(player)
    for u in (0.1, 0.9):
        twin = state.resample_from_infostate(player, lambda u=u: u)
        assert twin.information_state_string(player) == text
        for _ in range(20):  # the sample plays on, its chance explicit too
            if twin.is_terminal():
                break
            twin.apply_action(int(rng.choice(twin.legal_actions())))


def test_a_pile_drawn_from_the_front_keeps_its_fixed_card_in_place():
    from jaliz_learn.adapters.chance import NeedChance, Pile, Script

    end = 99
    pile = Pile([3, 1, end, 2, 0], Script([3]), "start", fixed=end)
    assert pile.pop(0) == 3  # scripted among the cards before the fixed one
    try:
        pile.pop(0)
    except NeedChance as need:  # the next one: the last card before the fixed card, no choice left... or a node
        raise AssertionError(f"one card left before the end card needs no chance node: {need.outcomes}") from None
    assert pile.pop(0) == end  # the fixed card comes at its depth, with no chance node
    with pytest.raises(NeedChance) as need:
        pile.pop(0)
    assert sorted(need.value.outcomes) == [(0, 0.5), (2, 0.5)]
    empty = Pile([], Script(), "end")
    with pytest.raises(IndexError):
        empty.pop()
