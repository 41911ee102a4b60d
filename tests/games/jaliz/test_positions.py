"""Validation of Jaliz positions (both modes): bad input names its field, nothing accepted breaks later."""

from __future__ import annotations

import copy
import json

import pytest

import jaliz_learn
from jaliz_learn import InvalidPosition
from jaliz_learn.core.rng import Rng

from .helpers import GAME

ADVANCED = jaliz_learn.load_game("jaliz-advanced")


def base(n=3, **fields):
    return {"num_players": n, "players": [{"hand": ["peas"]}, {}, {}][:n] + [{}] * (n - 3), **fields}


BAD_POSITIONS = [
    # (what is wrong, the document, a word the message must contain)
    ("num_players a string", {"num_players": "3"}, "num_players"),
    ("num_players out of range", {"num_players": 9}, "num_players"),
    ("seed a float", base(seed=1.5), "seed"),
    ("unknown top-level key", base(colour="red"), "colour"),
    ("unknown player key", {"num_players": 3, "players": [{"hnd": []}, {}, {}]}, "hnd"),
    ("players not a list", {"num_players": 3, "players": "abc"}, "players"),
    ("player not an object", {"num_players": 3, "players": [1, {}, {}]}, "players[0]"),
    ("hand not a list", {"num_players": 3, "players": [{"hand": "peas"}, {}, {}]}, "players[0].hand"),
    ("unknown product", {"num_players": 3, "players": [{"hand": ["kiwi"]}, {}, {}]}, "players[0].hand"),
    ("product 0", {"num_players": 3, "players": [{"hand": [0]}, {}, {}]}, "players[0].hand"),
    ("product not in this player count", {"num_players": 3, "players": [{"hand": ["cucumber"]}, {}, {}]},
     "players[0].hand"),
    ("card a list", {"num_players": 3, "players": [{"hand": [[7]]}, {}, {}]}, "players[0].hand"),
    ("too many cards", {"num_players": 3, "players": [{"hand": ["peas"] * 8}, {}, {}]}, "more cards"),
    ("negative plot count", {"num_players": 3, "players": [{"plots": [["peas", -1], [None, 0]]}, {}, {}]}, "count"),
    ("huge plot count", {"num_players": 3, "players": [{"plots": [["peas", 10**9], [None, 0]]}, {}, {}]}, "count"),
    ("bool plot count", {"num_players": 3, "players": [{"plots": [["peas", True], [None, 0]]}, {}, {}]}, "count"),
    ("fertilizer not a bool", {"num_players": 3, "players": [{"plots": [["peas", 1, 1], [None, 0]]}, {}, {}]},
     "fertilizer"),
    ("negative coins", {"num_players": 3, "players": [{"coins": -2}, {}, {}]}, "coins"),
    ("huge coins", {"num_players": 3, "players": [{"coins": 10**12}, {}, {}]}, "coins"),
    ("coins a float", {"num_players": 3, "players": [{"coins": 2.0}, {}, {}]}, "coins"),
    ("token out of range", {"num_players": 3, "players": [{"tokens": [0, 5]}, {"tokens": [1]}, {"tokens": [2]}]},
     "tokens"),
    ("token held twice", {"num_players": 3, "players": [{"tokens": [0, 1]}, {"tokens": [1]}, {"tokens": [2]}]},
     "tokens"),
    ("tractor not a bool", {"num_players": 3, "players": [{"tractor": "yes"}, {}, {}]}, "tractor"),
    ("more tractors than exist", {"num_players": 3, "players": [{"tractor": True}] * 3, "supply": {"tractor": 1}},
     "supply.tractor"),
    ("supply above what is left", base(supply={"fertilizer": 9}), "supply.fertilizer"),
    ("unknown supply key", base(supply={"tractors": 1}), "supply"),
    ("active out of range", base(active=3), "active"),
    ("active negative", base(active=-1), "active"),
    ("unknown phase", base(phase="dance"), "phase"),
    ("planted huge", base(planted=99), "planted"),
    ("round zero", base(round=0), "round"),
    ("deck_runs_out 4", base(deck_runs_out=4), "deck_runs_out"),
    ("ending without the third run-out", base(ending=True), "ending"),
    ("market not a list", base(market="peas"), "market"),
    ("pending player out of range", base(pending=[[7, ["peas"]]]), "pending"),
    ("pending without cards", base(pending=[[1, []]]), "pending"),
    ("claim without the token", base(phase="claim", claimer=1, market=["beans"]), "claimer"),
    ("offer from an unknown player", base(phase="offer", market=["beans"],
                                          offers={"x": {"type": "offer", "want": [15]}}), "offers"),
    ("offer of cards not held", base(phase="respond", market=["beans"], buyer_index=2,
                                     offers={"1": {"type": "offer", "want": [15], "give": [7]}}), "offers[1]"),
    ("offer of a foreign action", base(phase="respond", market=["beans"], buyer_index=2,
                                       offers={"1": {"type": "pass"}}), "offers[1]"),
    ("final queue twice", base(phase="final-plant", ending=True, deck_runs_out=3, final_queue=[0, 0]),
     "final_queue"),
    ("history of a bad action", base(history=[[0, {"type": "plant", "product": 1.5, "plot": 1}]]), "history[0]"),
    ("log entry not an object", base(log=[3]), "log[0]"),
    ("game of another name", base(game="nizam"), "game"),
    ("other options", base(options={"fertilizer_price": 1}), "options"),
    ("spent_equipment inconsistent", {"num_players": 3, "players": [{"spent_equipment": 4}, {}, {}]},
     "spent_equipment"),
]


@pytest.mark.parametrize("what,doc,field", BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS])
def test_bad_positions_raise_invalid_position_naming_the_field(what, doc, field):
    with pytest.raises(InvalidPosition) as err:
        GAME.state_from_json(doc)
    assert field in str(err.value), f"{what}: the message does not name {field!r}: {err.value}"


BAD_EVENTS = [
    ("events not an object", {"events": [1]}, "events"),
    ("unknown events key", {"events": {"decks": []}}, "decks"),
    ("unknown event card", {"events": {"deck": ["meteor"]}}, "events.deck[0]"),
    ("event card a number", {"events": {"discard": [3]}}, "events.discard[0]"),
    ("too many event cards", {"events": {"deck": ["crow"] * 30}}, "event cards"),
    ("snow on a missing plot", {"events": {"snow": [[0, 3]]}}, "events.snow"),
    ("snow for a missing player", {"events": {"snow": [[5, 1]]}}, "events.snow"),
    ("model farmer negative", {"events": {"model_farmer": [-1, 0, 0]}}, "events.model_farmer"),
    ("breeding an unknown product", {"events": {"breeding": "kiwi"}}, "events.breeding"),
    ("event phase without its event", {"phase": "crow"}, "phase"),
    ("event phase with an empty queue", {"phase": "crow", "events": {"current": "crow", "queue": []}}, "queue"),
    ("shop reply without a proposal", {"phase": "shop-reply", "events": {"current": "shopping"}}, "shop"),
    ("shop proposal of cards not held", {"phase": "shop-reply", "events": {
        "current": "shopping", "queue": [0, 1, 2],
        "shop_offer": [0, {"type": "shop", "to": 1, "give": [15]}]}}, "events.shop_offer"),
]


@pytest.mark.parametrize("what,fields,field", BAD_EVENTS, ids=[b[0] for b in BAD_EVENTS])
def test_bad_advanced_positions_name_the_field(what, fields, field):
    with pytest.raises(InvalidPosition) as err:
        ADVANCED.state_from_json(base(**fields))
    assert field in str(err.value), f"{what}: the message does not name {field!r}: {err.value}"


def _mutations(doc, rng):
    """Small hostile edits of a real position: swap a value for a wrong type or an out-of-range number."""
    out = []
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                if path == () and k in ("rng", "log", "history"):
                    continue
                paths.append(path + (k,))
                walk(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node[:4]):
                paths.append(path + (i,))
                walk(v, path + (i,))

    walk(doc, ())
    for _ in range(60):
        path = paths[rng.randrange(len(paths))]
        bad = [-1, 10**9, "x", 2.5, None, [], {}, True, 99][rng.randrange(9)]
        new = copy.deepcopy(doc)
        node = new
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = bad
        out.append(new)
    return out


@pytest.mark.parametrize("game", [GAME, ADVANCED], ids=["jaliz", "jaliz-advanced"])
def test_mutated_positions_are_refused_or_play_to_the_end(game):
    """Every mutated document either raises InvalidPosition or gives a state that plays to the end."""
    state = game.initial_state(num_players=4, seed=5)
    rng = Rng(5)
    for _ in range(60):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    doc = json.loads(json.dumps(state.to_json(compact=True)))
    accepted = 0
    for bad in _mutations(doc, Rng(8)):
        try:
            s = game.state_from_json(bad)
        except InvalidPosition:
            continue
        accepted += 1
        play = Rng(3)
        steps = 0
        while not s.is_over():
            legal = s.legal_actions()
            assert len(legal) > 0
            s.apply(legal[play.randrange(len(legal))])
            for p in [*range(s.num_players), None]:
                s.observation(p)
            steps += 1
            assert steps < 20_000
        s.outcome()
        game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert accepted < 60  # the mutations did hit checks
