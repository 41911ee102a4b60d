"""Notation, JSON positions, the greedy bot and the command line."""

from __future__ import annotations

import json

import pytest

import jaliz_learn
from jaliz_learn import InvalidNotation, InvalidPosition
from jaliz_learn.bots import RandomBot
from jaliz_learn.bots.base import make_bot
from jaliz_learn.cli import main
from jaliz_learn.games.bali import BaliGame, BaliTaniGame
from jaliz_learn.games.bali.bots import BaliGreedyBot

from .bali_helpers import new, position


@pytest.mark.rules("BAL-TURN-01", "TAN-BUILD-01")
@pytest.mark.parametrize("text", ["buy rice", "skip", "play mason", "play 3 pepper", "discard shrine",
                                  "offer banana", "altar peanut", "take 4", "reward 2vp 1stone",
                                  "build banana 3 peanut+pepper+rice", "tile pepper-banana"])
def test_notation_round_trips(text):
    game = jaliz_learn.load_game("bali-tani")
    action = game.parse_action(text, None)
    assert str(action) == text
    assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    assert game.parse_action("  " + text.upper() + " ", None) == action


@pytest.mark.rules("BAL-TURN-01")
@pytest.mark.parametrize("bad", ["", "buy gold", "play", "take", "reward 2", "build pepper", "tile nothing", 7])
def test_unreadable_notation(bad):
    with pytest.raises(InvalidNotation):
        jaliz_learn.load_game("bali-tani").parse_action(bad, None)


@pytest.mark.rules("BAL-SETUP-04")
def test_json_state_and_positions():
    s = new("bali-tani", 3, seed=4)
    for _ in range(25):
        s.apply(s.legal_actions()[0])
    back = s.game.state_from_json(json.loads(s.dumps()))
    assert back.dumps() == s.dumps() and back.observation(1) == s.observation(1)
    # a position needs only what matters
    p = position("bali", players=2, phase="play", hands=[["shrine"], ["rice"]], stones=[7, 0])
    assert [str(a) for a in p.legal_actions()] == ["play shrine"]
    assert p.log_text() == ["Scenario position: 2 players, P0 in phase play"]
    assert "<svg" in p._repr_html_() and "<svg" in p.observation(0)._repr_html_()
    assert "<svg" in new("bali-tani", 2)._repr_html_() and "<svg" in p._repr_svg_()
    for bad in ({"players": 5}, {"players": 2, "hands": [["gold"], []]}, {"players": 2, "phase": "nap"},
                {"players": 2, "stones": [-1, 0]}, {"players": 2, "phase": "take", "hands": [["a"]]},
                {"players": 2, "huts": [1, 1]}, {"players": 2, "stocks": [{"rice": 30}, {}]}, []):
        with pytest.raises(InvalidPosition):
            BaliGame().state_from_json(bad)
    with pytest.raises(InvalidPosition, match="options"):
        BaliGame(reverse_altar=True).state_from_json(json.loads(new("bali", 2).dumps()))
    with pytest.raises(InvalidPosition, match="bali-tani"):
        BaliGame().state_from_json(json.loads(new("bali-tani", 2).dumps()))


@pytest.mark.rules("BAL-TURN-01")
@pytest.mark.parametrize("game", ["bali", "bali-tani"])
def test_greedy_bot_plays_legally_and_beats_random(game):
    assert isinstance(make_bot("greedy", game, 1), BaliGreedyBot)
    wins = 0
    for seed in range(24):
        bots = [RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        seat = seed % 3
        bots[seat] = BaliGreedyBot(seed)
        result = jaliz_learn.play(game, bots, seed=seed)
        wins += seat in result.winners
    assert wins >= 12, f"greedy won only {wins} of 24 three-player games against random bots"


@pytest.mark.rules("BAL-TURN-01", "TAN-SETUP-01")
def test_command_line(capsys):
    assert main(["play", "bali-tani", "--players", "3", "--seed", "2", "--bots", "greedy,random,random"]) == 0
    out = capsys.readouterr().out
    assert "Bali: Village of Tani: 3 players" in out and "Game over" in out
    assert main(["play", "bali", "--players", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 4
    assert main(["bench", "bali-tani", "--players", "2", "--games", "5"]) == 0
    assert "games/s" in capsys.readouterr().out
    for name in ("bali", "bali-tani"):
        assert main(["rules", name, "--coverage"]) == 0, capsys.readouterr().out
    assert "100.0%" in capsys.readouterr().out
    assert isinstance(jaliz_learn.load_game("bali-tani"), BaliTaniGame)


@pytest.mark.rules("BAL-HIDDEN-01")
def test_fast_observation_is_a_complete_frozen_dataclass():
    import dataclasses

    from jaliz_learn.games.bali.view import BaliObservation

    s = new("bali-tani", 4, seed=3)
    for viewer in (0, 3, None):
        obs = s.observation(viewer)
        assert set(vars(obs)) == {f.name for f in dataclasses.fields(BaliObservation)}
        assert BaliObservation(**vars(obs)) == obs
        with pytest.raises(dataclasses.FrozenInstanceError):
            obs.stones = (99,)  # type: ignore[misc]


@pytest.mark.rules("BAL-TURN-01")
def test_legal_actions_are_fresh_objects_that_a_bot_cannot_corrupt():
    s = new("bali-tani", 3, seed=6)
    legal = s.legal_actions()
    first = legal[0]
    assert s.decision() == "play" and first.kind == "play"
    assert first is not s.legal_actions()[0] and first == s.legal_actions()[0]
    object.__setattr__(first, "card", "shrine")  # a hostile bot rewrites what it was given
    assert [str(a) for a in s.legal_actions()] == [str(a) for a in new("bali-tani", 3, seed=6).legal_actions()]
    other = new("bali-tani", 3, seed=6)
    assert str(other.legal_actions()[0]) != "play shrine", "nothing leaks into other games"
    with pytest.raises(jaliz_learn.IllegalAction):
        s.apply(first)  # judged by its value now, not by where it came from


@pytest.mark.rules("BAL-HIDDEN-01")
def test_observations_hold_only_immutable_values():
    s = new("bali-tani", 3, seed=2)
    for _ in range(40):
        s.apply(s.legal_actions()[0])
    allowed = (int, str, bool, type(None), float)

    def frozen(value):
        if isinstance(value, tuple):
            return all(frozen(v) for v in value)
        return isinstance(value, allowed)

    for p in (0, 1, None):
        obs = s.observation(p)
        for name, value in vars(obs).items():
            assert frozen(value), f"{name} is mutable: {type(value).__name__}"


@pytest.mark.rules("BAL-TURN-01")
@pytest.mark.parametrize("text", ["take 2", "reward 2vp 1stone", "play 3 pepper", "build banana 2 peanut+rice",
                                  "tile masons", "buy rice", "skip", "discard mason", "offer rice", "altar rice"])
def test_parsed_actions_have_exact_field_types(text):
    from jaliz_learn.core.actions import check_exact_action

    game = jaliz_learn.load_game("bali-tani")
    action = game.parse_action(text, None)
    check_exact_action(action, game.action_types)
    assert type(action) in set(game.action_types.values())
    with pytest.raises(InvalidNotation):
        game.parse_action("take " + "9" * 5000, None)


@pytest.mark.rules("TAN-BUILD-03", "BAL-PLAY-04")
def test_declared_bounds_hold_and_the_legal_action_bound_is_reached():
    tani = jaliz_learn.load_game("bali-tani")
    s = position("bali-tani", phase="play", hands=[["rice", "peanut", "banana"], ["rice"], ["rice"]],
                 stocks=[{"rice": 3, "peanut": 3, "banana": 3, "pepper": 3}, {}, {}])
    assert len(s.legal_actions()) == tani.info.max_legal_actions == 105
    for name in ("bali", "bali-tani"):
        info = jaliz_learn.load_game(name).info
        for seed in range(8):
            result = jaliz_learn.play(name, [RandomBot(seed + i) for i in range(4)], seed=seed)
            assert result.decisions <= info.max_decisions
            low, high = info.score_range
            assert all(low <= x <= high for x in result.scores)


@pytest.mark.rules("BAL-TURN-01")
def test_actions_built_from_specs_equal_constructed_ones():
    import pickle

    from jaliz_learn.games.bali.actions import make

    s = new("bali-tani", 4, seed=3)
    seen = 0
    while not s.is_over():
        for cls, args in s._legal or s.legal_actions()._specs:
            made, built = make((cls, args)), cls(*args)
            assert type(made) is cls and made == built and hash(made) == hash(built) and repr(made) == repr(built)
            assert pickle.loads(pickle.dumps(made)) == built
            seen += 1
        s.apply(s.legal_actions()[seen % len(s.legal_actions())])
    assert seen > 100
