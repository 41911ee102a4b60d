"""Setup, the event flow (reveal, tokens, reshuffle, timing), options, notation, CLI and the catalogue."""

from __future__ import annotations

import importlib
import json
import pathlib

import pytest

import jaliz_learn
from jaliz_learn import InvalidOption, RuleViolation
from jaliz_learn.cli import main
from jaliz_learn.games.jaliz import Buy, Harvest, JalizAdvancedGame
from jaliz_learn.games.jaliz.events_data import DEFAULT_DECK, EVENTS

from .helpers import GAME, do, event_position, legal_texts, position


@pytest.mark.rules("JADV-SETUP-01", "JAL-SETUP-03")
def test_standard_setup_with_three_to_six_players():
    assert isinstance(GAME, JalizAdvancedGame) and GAME.info.max_players == 6 and GAME.info.min_players == 3
    with pytest.raises(InvalidOption, match="3-6 players"):
        GAME.initial_state(num_players=7)
    s = GAME.initial_state(num_players=4, seed=2)
    assert [pl.hand_size for pl in s.players] == [5, 5, 5, 5] and s.decision() == "plant"
    assert s.event is None and s.params.mode == "advanced"


@pytest.mark.rules("JADV-SETUP-02", "JADV-DECK-01")
def test_event_deck_is_shuffled_at_setup():
    a = GAME.initial_state(num_players=4, seed=1)
    b = GAME.initial_state(num_players=4, seed=2)
    assert sorted(a.event_deck) == sorted(b.event_deck) and a.event_deck != b.event_deck
    assert len(a.event_deck) == 22 and all(a.event_deck.count(e) == 2 for e in EVENTS)
    assert sum(DEFAULT_DECK.values()) == 22
    assert a.log.to_json()[0]["kind"] == "event-deck"


@pytest.mark.rules("JADV-DECK-01")
def test_event_deck_composition_is_an_option():
    g = jaliz_learn.load_game("jaliz-advanced", event_deck="crow=3,snow=1")
    s = g.initial_state(num_players=3, seed=1)
    assert sorted(s.event_deck) == ["crow", "crow", "crow", "snow"]
    g = jaliz_learn.load_game("jaliz-advanced", event_deck={"tax": 2})
    assert g.initial_state(num_players=3).event_deck == ["tax", "tax"]
    rb = jaliz_learn.load_game("jaliz-advanced", event_deck="rulebook").initial_state(num_players=3)
    assert len(rb.event_deck) == 14 and "thief" not in rb.event_deck
    for bad in ("crow=x", "dragon=1", "crow=0", 5):
        with pytest.raises(InvalidOption):
            jaliz_learn.load_game("jaliz-advanced", event_deck=bad)


def finish_turn(s):
    """Play the active player's turn with simple choices until the next turn or an event starts."""
    active = s.active
    while s.active == active and s.decision() in ("plant", "claim", "offer", "respond", "place"):
        legal = legal_texts(s)
        d = s.decision()
        pick = {"plant": next((t for t in legal if t.startswith("plant")), "done") if s.planted == 0 else "done",
                "claim": "pass", "offer": "pass"}.get(d)
        if d == "respond":
            pick = next(t for t in legal if t.startswith("keep"))
        if d == "place":
            pick = next((t for t in legal if t.startswith("plant")), None) or next(
                t for t in legal if t.startswith("harvest"))
        if pick not in legal:
            pick = next(t for t in legal if t.startswith("harvest"))
        do(s, pick)


@pytest.mark.rules("JADV-EVENT-01", "JADV-R-ROUND")
def test_one_event_at_the_start_of_every_round_but_the_first():
    s = GAME.initial_state(num_players=3, seed=4)
    for _ in range(3):                    # the first round: no event
        assert s.event is None
        finish_turn(s)
    # round 2: the event is revealed before seat 0 plants
    assert s.event is not None
    kinds = [e.kind for e in s.log]
    assert kinds.count("event") == 1
    assert kinds.index("event") > max(i for i, k in enumerate(kinds) if k == "draw")
    while s.decision() not in ("plant", "claim", "offer"):
        acts = s.legal_actions()
        s.apply(acts[0])
    assert s.active == 0
    for _ in range(3):
        finish_turn(s)
        while s.decision() not in ("plant", "claim", "offer", "respond", "place"):
            s.apply(s.legal_actions()[0])
    assert [e.kind for e in s.log].count("event") == 2   # round 3


@pytest.mark.rules("JADV-EVENT-03", "JADV-EVENT-01")
def test_seasonal_tokens_are_removed_when_the_next_event_is_revealed():
    # P2 ends the round; the next event (tax) is revealed and removes snow, rain and breeding
    s = position(players=[{"hand": ["beans"]}, {"hand": ["beans"], "plots": [["peas", 2, False], [None, 0, False]]},
                          {"plots": [[None, 0, False], [None, 0, False]]}],
                 active=2, phase="respond", market=["carrot"], turn=3,
                 events={"current": "rain", "snow": [[0, 1]], "rain": [[1, 1]], "breeding": "carrot",
                         "deck": ["tax"]})
    assert s.observation(None).farms[1].plots[0].tokens == ("rain",)
    do(s, "keep carrot", "plant carrot 1")
    assert s.observation(None).farms[2].plots[0].tokens == ()    # after the turn... the round is over
    assert s.event == "tax" and s.snow == {} and s.rain == {} and s.breeding == 0
    assert s.observation(None).farms[0].plots[0].tokens == ()
    assert s.observation(None).farms[1].plots[0].tokens == ()
    assert s.active == 0 and s.decision() == "plant"


@pytest.mark.rules("JADV-EVENT-04")
def test_no_harvest_or_buy_while_an_event_is_resolved():
    s = event_position("crow", players=[{"hand": ["beans"], "plots": [["carrot", 5, False], [None, 0, False]],
                                         "coins": 4},
                                        {"plots": [["peas", 2, False], [None, 0, False]]}, {}])
    assert not any(isinstance(a, (Harvest, Buy)) for a in s.legal_actions())
    before = s.dumps()
    for text in ("harvest 1", "buy tractor", "buy fertilizer 1"):
        with pytest.raises(RuleViolation) as err:
            s.apply(text)
        assert err.value.rule == "JADV-EVENT-04"
    assert s.dumps() == before
    do(s, "crow 1")
    # later players of the event are still blocked; after it, harvesting is back
    while s.decision() == "crow":
        assert not any(isinstance(a, (Harvest, Buy)) for a in s.legal_actions())
        s.apply(s.legal_actions()[0])
    assert "harvest 1" in legal_texts(s) and "buy tractor" in legal_texts(s)


@pytest.mark.rules("JADV-EVENT-05", "JADV-MODEL-03")
def test_event_deck_is_reshuffled_when_it_runs_out_without_held_model_farmers():
    s = position(players=[{"hand": ["beans"]}, {"hand": ["beans"]}, {}], active=2, phase="respond",
                 market=["carrot"], turn=3,
                 events={"deck": [], "discard": ["crow", "tax", "tax"], "model_farmer": [1, 0, 0]})
    do(s, "keep carrot", "plant carrot 1")
    assert any(e.kind == "event-reshuffle" for e in s.log)
    assert s.event == "tax" or s.event == "crow"
    assert s.event_reshuffles == 1 and len(s.event_deck) == 2
    assert "model-farmer" not in s.event_deck + s.event_discard and s.model_farmer == [1, 0, 0]


@pytest.mark.rules("JADV-EVENT-06")
def test_nothing_to_reveal_when_every_card_is_held():
    g = jaliz_learn.load_game("jaliz-advanced", event_deck="model-farmer=1")
    s = g.state_from_json({"num_players": 3, "players": [{"hand": ["beans"]}, {}, {}], "active": 2,
                           "phase": "respond", "market": ["carrot"], "turn": 3,
                           "events": {"model_farmer": [0, 1, 0]}})
    assert s.event_deck == []
    do(s, "keep carrot", "plant carrot 1")
    assert s.active == 0 and s.decision() == "plant" and s.event is None


def test_positions_round_trip_during_events():
    s = event_position("shopping", players=[{"hand": ["carrot"]}, {"hand": ["peas"]}, {"hand": []}])
    do(s, "shop 1 give carrot ask peas")
    data = json.loads(json.dumps(s.to_json()))
    back = GAME.state_from_json(data)
    assert back.to_json() == data and back.decision() == "shop-reply"
    do(back, "accept 0")
    assert back.players[0].hand_list() == [7]


def test_bad_event_positions_are_clear_errors():
    for events in ({"current": "dragon"}, {"snow": [[0, 9]]}, {"model_farmer": [1]}):
        with pytest.raises(jaliz_learn.InvalidPosition):
            position(events=events)
    with pytest.raises(jaliz_learn.InvalidPosition):
        position(phase="event")


def test_notation_round_trips_and_describes():
    for text in ("crow 2", "snow 1", "drought 3", "rain 1", "breed carrot", "recycle peas",
                 "shop 2 give turnip,token:0 ask carrot,token:2", "shop 1 ask beans", "shop 1 give token:1"):
        a = GAME.parse_action(text, None)
        assert str(a) == text and GAME.action_from_json(json.loads(json.dumps(a.to_json()))) == a
    for bad in ("crow", "crow x", "breed", "shop", "shop x", "shop 1 foo carrot", "shop 1 give token:x"):
        with pytest.raises(jaliz_learn.InvalidNotation):
            GAME.parse_action(bad, None)
    assert str(GAME.parse_action("plant carrot 1", None)) == "plant carrot 1"


def test_event_log_lines_are_readable_and_hide_stolen_cards():
    s = event_position("thief", players=[{"hand": []}, {"hand": []}, {"hand": ["carrot"]}])
    lines = s.log_text(1)
    assert any("steals a card from P2" in line for line in lines)
    assert any("steals carrot from P2" in line for line in s.log_text(0))
    s = GAME.initial_state(num_players=3, seed=1)
    result = jaliz_learn.play(GAME, [jaliz_learn.RandomBot(i) for i in range(3)], seed=1)
    text = result.state.log_text(None)
    assert any(line.startswith("=== Event:") for line in text) and all(text)


def test_cli_play_bench_and_rules(capsys):
    assert main(["play", "jaliz-advanced", "--players", "3", "--seed", "2", "--bots", "heuristic,random,random",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "jaliz-advanced" and len(out["scores"]) == 3
    assert main(["bench", "jaliz-advanced", "--players", "4", "--games", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    assert main(["play", "jaliz-advanced", "--players", "3", "--option", "event_deck=crow=2,snow=2", "--json"]) == 0
    capsys.readouterr()
    assert main(["rules", "jaliz-advanced"]) == 0
    assert "JADV-SNOW-01" in capsys.readouterr().out


def test_heuristic_bot_beats_random_bots_with_events():
    from jaliz_learn.bots import RandomBot
    from jaliz_learn.games.jaliz.bots import HeuristicJalizBot

    wins = 0
    for seed in range(6):
        r = jaliz_learn.play(GAME, [HeuristicJalizBot(0), RandomBot(1), RandomBot(2), RandomBot(3)], seed=seed)
        wins += 0 in r.winners
    assert wins >= 4


def test_every_jadv_rule_is_cited_outside_the_catalogues():
    """Stricter than the conformance check: the catalogue files themselves do not count."""
    pkg = importlib.import_module("jaliz_learn.games.jaliz")
    source = "\n".join(p.read_text() for p in pathlib.Path(pkg.__file__).parent.rglob("*.py")
                       if p.name != "catalogue.py")  # jaliz/ and jaliz/advanced/
    missing = [r.id for r in GAME.rules if r.id not in source]
    assert not missing, f"rule IDs never cited in the code: {missing}"
    assert set(jaliz_learn.load_game("jaliz").rules.ids) < set(GAME.rules.ids)
