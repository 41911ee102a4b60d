"""Property tests over random play, a seeded sweep, notation and the reference bots."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st_

import jaliz_learn
from jaliz_learn import IllegalAction, InvalidNotation
from jaliz_learn.bots import RandomBot
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jungli_la import actions as A
from jaliz_learn.games.jungli_la.bots import JungliLaGreedyBot
from jaliz_learn.games.jungli_la.data import CARDS, TREASURE_VALUES, WAGON_CARDS

from .helpers import GAME

DISCOVERY_KINDS = {"discover", "remote", "exchange", "wagon"}
#: One instance of every kind of action (for "illegal here" probes).
PROBES = [A.Roll(4), A.Roll(11), A.Reroll(("F",)), A.Reroll(("L",)), A.Keep(), A.Cancel(), A.ChangeFace("F", "T"),
          A.Paleo("W", "T"), A.Done(), A.Gain("F"), A.Rest(), A.Discard("W"), A.Move(3), A.Discover(), A.Remote("C02"),
          A.Exchange("A01", "C10"), A.BuyWagon(), A.BuyTreasure(), A.EndTurn()]


def check_invariants(st):
    n = st.num_players
    for p in range(n):
        assert 0 <= st.letters[p] <= st.letter_limit(p), "Letter limit (JUN-MAT-06)"
        if not (st.decision() == "discard" and st.current_player() == p):
            assert sum(st.materials[p]) <= st.material_limit(p), "material limit (JUN-MAT-04)"
        assert min(st.materials[p]) >= 0 and 0 <= st.wagons[p] <= 2
    assert sum(st.dice) <= 10 and st.n_dice <= 10, "never more than ten dice (JUN-DICE-01)"
    cards = st.track + st.removed + [c for p in range(n) for c in st.cards[p]]
    assert sorted(cards) == sorted(CARDS), "every Discovery card is somewhere exactly once"
    treasures = st.deck + [t for p in range(n) for t in st.treasures[p]]
    assert sorted(treasures) == list(range(len(TREASURE_VALUES))), "every Treasure card exactly once"
    assert st.wagon_stock + sum(st.wagons) == WAGON_CARDS


def check_observations(st):
    for viewer in [*range(st.num_players), None]:
        obs = st.observation(viewer)
        own = tuple(TREASURE_VALUES[t] for t in st.treasures[viewer]) if viewer is not None else ()
        assert obs.own_treasures == own
        assert obs.treasure_counts == tuple(len(t) for t in st.treasures)
        blob = pickle.dumps(obs)
        assert b"secret" not in blob and b"Rng" not in blob
        names = {f.name for f in dataclasses.fields(obs)}
        assert not names & {"deck", "treasures", "removed"}, "hidden fields in the observation"
        if len(st.deck) > 1:
            assert tuple(st.deck) not in [getattr(obs, f) for f in names], "the deck order leaked"
        for e in st.log.for_viewer(viewer)[-40:]:
            if e.secret is not None:
                assert viewer is not None and viewer in (e.visible_to or ()), "a secret leaked to a viewer"


def play_random(n, seed, every=None):
    st = GAME.initial_state(num_players=n, seed=seed)
    rng = Rng(seed + 1)
    steps = 0
    while not st.is_over():
        if every is not None:
            every(st, steps)
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 20_000, "game did not end"
    return st


@pytest.mark.rules("JUN-MAT-04", "JUN-MAT-06", "JUN-DICE-01", "JUN-DISC-04", "JUN-RUL-09")
@given(n=st_.integers(2, 5), seed=st_.integers(0, 10**6))
def test_random_play_respects_limits_and_ends(n, seed):
    st = play_random(n, seed, every=lambda s, i: check_invariants(s))
    check_invariants(st)
    per_turn: dict[int, int] = {}
    for e in st.log:
        if e.kind in DISCOVERY_KINDS:
            per_turn[e.turn] = per_turn.get(e.turn, 0) + 1
    assert max(per_turn.values(), default=0) <= 1, "one Discovery action per turn"
    assert st.outcome() is not None and st.round() <= st.max_rounds


@pytest.mark.rules("JUN-TURN-01", "JUN-RUL-13")
@given(n=st_.integers(2, 5), seed=st_.integers(0, 10**6))
def test_json_round_trip_hidden_data_and_illegal_actions(n, seed):
    def every(st, step):
        if step % 37:
            return
        data = json.loads(json.dumps(st.to_json()))
        back = GAME.state_from_json(data)
        assert back.to_json() == st.to_json()
        check_observations(st)
        before = st.dumps()
        legal = set(st.legal_actions())
        for probe in PROBES:
            if probe not in legal:
                with pytest.raises(IllegalAction) as err:
                    st.apply(probe)
                known = err.value.rule in GAME.rules or (st.is_over() and err.value.rule == "protocol")
                assert known, f"{probe}: unknown rule {err.value.rule}"
        assert st.dumps() == before, "an illegal action changed the state"

    final = play_random(n, seed, every=every)
    every(final, 0)


@pytest.mark.rules("JUN-END-02")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_sweep_of_random_games(n):
    for seed in range(30):
        st = play_random(n, 1000 + seed)
        assert st.end_reason == "end-card", "random games end by the game-end card, not the safeguard"
        turns = [e.player for e in st.log if e.kind == "turn"]
        assert turns[-1] == n - 1 and len(turns) % n == 0, "everybody had the same number of turns"


def test_replay_and_clone_are_exact():
    st = play_random(3, 77)
    again = jaliz_learn.replay_record(json.loads(json.dumps(st.record())))
    assert again.dumps() == st.dumps()


def test_notation_round_trips_for_every_action():
    faces = ["M1", "M2", "F", "W", "T", "L"]
    cards = sorted(CARDS)
    every = [*(A.Roll(k) for k in range(11)), *(A.Move(k) for k in range(40)),
             *(A.Gain(w) for w in ("F", "W", "T", "each")), *(A.Discard(m) for m in "FWT"),
             *(A.Reroll((f,)) for f in faces[:5]), *(A.Reroll((f, g)) for f in faces[:5] for g in faces[:5]),
             *(A.ChangeFace(f, g) for f in faces for g in faces if f != g),
             *(A.Paleo(f, g) for f in faces for g in faces if f != g), *(A.Remote(c) for c in cards),
             *(A.Exchange(g, t) for g in cards[:6] for t in cards if g != t), A.Keep(), A.Cancel(),
             A.Done(), A.Rest(), A.Discover(), A.BuyWagon(), A.BuyTreasure(), A.EndTurn()]
    assert {type(a) for a in every} == set(A.ACTION_TYPES.values()), "every action class is covered"
    for a in every:
        assert GAME.parse_action(str(a), None) == a
        assert GAME.action_from_json(json.loads(json.dumps(a.to_json()))) == a
    assert GAME.parse_action("REROLL f m1", None) == A.Reroll(("M1", "F"))
    for bad in ["", "fly", "roll x", "reroll Q", "gain gold", "remote Z99", "keep now", "exchange A01"]:
        with pytest.raises(InvalidNotation):
            GAME.parse_action(bad, None)


def test_greedy_bot_beats_random():
    wins = 0
    for seed in range(20):
        bots = [JungliLaGreedyBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        wins += 0 in jaliz_learn.play(GAME, bots, seed=seed).winners
    assert wins >= 15, f"the greedy bot won only {wins} of 20 three-player games against random bots"


def test_greedy_bot_is_registered():
    from jaliz_learn.bots import make_bot

    assert isinstance(make_bot("greedy", "jungli-la", 1), JungliLaGreedyBot)


def test_observation_fast_path_fills_every_field():
    st = play_random(4, 5)
    for viewer in (0, 3, None):
        obs = st.observation(viewer)
        names = {f.name for f in dataclasses.fields(obs)}
        assert set(vars(obs)) == names
        assert type(obs)(**vars(obs)) == obs
        with pytest.raises(dataclasses.FrozenInstanceError):
            obs.letters = ()  # type: ignore[misc]
