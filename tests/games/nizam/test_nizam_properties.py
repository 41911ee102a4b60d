"""Property tests over random play of Nizam and Pearl of the East, plus a modest sweep, bots and CLI.

Invariants: every card is somewhere (board, hands, deck, discard, task decks, completed
piles: 12 of each kind, one pearl in Pearl), the solo hand never exceeds nine, every
game ends, JSON round-trips exactly, illegal actions leave the state unchanged, and
observations never show another player's hand or the deck order.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import jaliz_learn
from jaliz_learn import IllegalAction
from jaliz_learn.cli import main
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.nizam import Draw, EndTurn, Move, Score
from jaliz_learn.games.nizam.bots import NizamGreedyBot, PearlGreedyBot
from jaliz_learn.games.nizam.data import KINDS
from jaliz_learn.games.nizam.moves import counts_text

from .helpers import totals

NIZAM = jaliz_learn.load_game("nizam")
PEARL = jaliz_learn.load_game("pearl-of-the-east")




PROBES = [Draw(), Score(), EndTurn("", ""), EndTurn("A", "A"), Move("r1", "left", "A"), Move("c5", "bottom", "BCD"),
          Move("r3", "right", "AAA"), Move("x9", "left", "A")]


def check_invariants(state, rng):
    assert totals(state) == dict.fromkeys(KINDS, 12), "a card was lost or duplicated"
    if state.game.name == "pearl-of-the-east":
        assert state.board.count("P") == 1
    if state.num_players == 1 and state.game.name == "nizam":
        assert sum(state.hands[0].values()) <= 9, "solo hand limit"
    for p in range(state.num_players):
        obs = state.observation(p)
        assert obs.hand == counts_text(state.hands[p])
        # hands and the discard pile are shown sorted and board rows have 5 letters, so an
        # unsorted deck order of 6+ cards can only appear in the observation if it leaked
        values = [v for v in vars(obs).values() if isinstance(v, str)] + list(obs.board)
        deck = "".join(state.deck)
        for order in (deck, deck[::-1]):
            if len(order) >= 6 and order != "".join(sorted(order)):
                assert all(order not in v for v in values), "the deck order leaked"
    legal = state.legal_actions()
    assert len(legal) > 0
    if rng.randrange(15):
        return  # the expensive checks below run on about one decision in fifteen
    assert len(list(legal)) == len(legal)
    before = state.dumps()
    for probe in PROBES:
        if probe not in legal:
            with pytest.raises(IllegalAction) as err:
                state.apply(probe)
            assert err.value.rule
            assert state.dumps() == before, f"illegal {probe} changed the state"
    back = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert back.dumps() == before


def random_game(game, n, seed, checks=True, limit=200_000):
    state = game.initial_state(num_players=n, seed=seed)
    rng = Rng(seed + 1)
    steps = 0
    while not state.is_over():
        if checks:
            check_invariants(state, rng)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < limit, "game did not end"
    return state


@pytest.mark.rules("NIZ-COMP-01", "NIZ-DRAW-02", "NIZ-SCORE-05", "NIZ-SCORE-06", "NIZ-END-01", "NIZ-SOLO-02")
@given(n=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_nizam_random_play_invariants(n, seed):
    state = random_game(NIZAM, n, seed)
    assert state.runouts == n
    out = state.outcome()
    assert out is not None and max(out.scores) == out.scores[out.winners[0]]


@pytest.mark.rules("PRL-COMP-01", "PRL-TASK-08", "PRL-END-02")
@given(n=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_pearl_random_play_invariants(n, seed):
    game = jaliz_learn.load_game("pearl-of-the-east", max_rounds=30)
    state = random_game(game, n, seed)
    assert state.log.turn == 30 * n or max(state.scores()) == 8


SWEEP = [("nizam", n) for n in range(1, 6)] + [("pearl-of-the-east", n) for n in range(2, 6)]


@pytest.mark.parametrize("name,n", SWEEP)
def test_sweep_random_games_finish(name, n):
    game = jaliz_learn.load_game(name)
    for seed in range(30 if name == "nizam" else 8):
        state = random_game(game, n, 1000 + seed, checks=False)
        assert state.is_over() and state.outcome() is not None


@pytest.mark.rules("NIZ-END-03", "PRL-END-01")
@pytest.mark.parametrize("name,bot", [("nizam", NizamGreedyBot), ("pearl-of-the-east", PearlGreedyBot)])
def test_greedy_bot_beats_random(name, bot):
    wins = 0
    for seed in range(12):
        result = jaliz_learn.play(name, [bot(seed), jaliz_learn.RandomBot(seed)], seed=seed)
        wins += result.winners == (0,)
    assert wins >= 9, f"greedy won only {wins} of 12 games against random"


def test_cli_play_bench_and_coverage(capsys):
    assert main(["play", "nizam", "--players", "2", "--bots", "greedy,random", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 2 and len(out["scores"]) == 2
    assert main(["play", "pearl-of-the-east", "--players", "3", "--seed", "1"]) == 0
    assert "Pearl of the East" in capsys.readouterr().out
    assert main(["bench", "nizam", "--players", "1", "--games", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    assert main(["rules", "pearl-of-the-east"]) == 0
    assert "PRL-TASK-05" in capsys.readouterr().out
