"""Positions read from JSON are validated: anything wrong is an InvalidPosition naming the field."""

from __future__ import annotations

import copy
import json

import pytest

import jaliz_learn
from jaliz_learn import InvalidPosition

from .bali_helpers import card_total, new, offering_total, playout

TANI = jaliz_learn.load_game("bali-tani")


def saved(compact: bool = False) -> dict:
    s = new("bali-tani", 3, seed=2)
    for _ in range(30):
        s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
    return json.loads(json.dumps(s.to_json(compact=compact)))


def edited(doc: dict, path: tuple, value) -> dict:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


BAD_STATE_EDITS = [
    (("stones", 0), -1, "stones[0]"),
    (("stones", 0), 1.0, "stones[0]"),
    (("stones", 0), True, "stones[0]"),
    (("stones", 0), 10**9, "stones[0]"),
    (("vp",), [0, 0], "vp"),
    (("hands", 0, 0), "gold", "hands[0]"),
    (("hands", 0), ["mason"] * 4, "hands[0]"),
    (("displays", 1, "mason"), 99, "displays[1]"),
    (("displays", 1, "dragon"), 1, "displays[1]"),
    (("stocks", 0, "rice"), 30, "stocks[0]"),
    (("stocks", 0, "gold"), 1, "stocks[0]"),
    (("supply", "rice"), 26, "supply.rice"),
    (("stocks", 1, "pepper"), 25, "pepper offering cards"),
    (("deck",), ["shrine"] * 20, "shrine cards are in play"),
    (("square", 0), [], "square"),
    (("square",), [["mason"]] * 3, "square"),
    (("active",), 3, "active"),
    (("active",), "0", "active"),
    (("phase",), "nap", "phase"),
    (("phase",), "game-over", "game-over"),
    (("over",), 1, "over"),
    (("huts", 0), 9, "huts[0]"),
    (("village", "rice", 0), 7, "village.rice"),
    (("village", "gold"), [None, None, None], "village"),
    (("tiles",), ["masons", "masons"], "tiles"),
    (("tiles",), ["nothing"], "tiles"),
    (("ganesha",), 5, "ganesha"),
    (("altar", "hidden"), [[9, "rice"]], "altar.hidden[0]"),
    (("altar", "secret"), 1, "altar"),
    (("reward_queue",), [[0, 10**9]], "reward_queue"),
    (("offer_queue",), [1, 1], "offer_queue"),
    (("final",), [{"total": 99}], "final"),
    (("turn",), -3, "turn"),
    (("seed",), "7", "seed"),
    (("num_players",), 9, "num_players"),
    (("rng",), {"seed": "x"}, "rng"),
    (("log", 0, "index"), 5, "log[0].index"),
    (("log", 0, "player"), 17, "log[0].player"),
    (("log", 0, "data"), None, "log[0].data"),
    (("history", 0), [0, {"type": "take", "column": 1.0}], "history[0]"),
    (("history", 0, 0), 8, "history[0]"),
    (("unknown_field",), 1, "unknown_field"),
    (("hands",), KeyError, "hands"),
]


@pytest.mark.rules("BAL-SETUP-01", "BAL-SETUP-03", "TAN-SETUP-03")
@pytest.mark.parametrize("path,value,field", BAD_STATE_EDITS, ids=lambda v: str(v)[:30])
def test_bad_saved_states_name_the_field(path, value, field):
    with pytest.raises(InvalidPosition, match=field.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        TANI.state_from_json(edited(saved(), path, value))


@pytest.mark.rules("BAL-SETUP-01")
def test_compact_states_need_every_position_field():
    doc = saved(compact=True)
    assert TANI.state_from_json(doc).to_json(compact=True) == doc
    with pytest.raises(InvalidPosition, match="'deck'"):
        TANI.state_from_json(edited(doc, ("deck",), KeyError))


@pytest.mark.rules("BAL-SETUP-01", "BAL-SETUP-03")
def test_read_states_conserve_cards_and_offerings():
    s = TANI.state_from_json(saved())
    pool = [0] * 7
    for card, n in card_total(s).items():
        pool[card] = n
    from jaliz_learn.games.bali import data as D
    assert pool == D.card_pool(True, 3)
    assert offering_total(s) == [25] * 4
    playout(s, 1)


@pytest.mark.rules("BAL-SETUP-01", "TAN-SETUP-03")
@pytest.mark.parametrize("fields,field", [
    ({"players": 3, "hands": [[], ["rice"], ["rice"]], "phase": "play"}, "hands[0]"),
    ({"players": 3, "hands": [["rice"], [], ["rice"]]}, "hands[1]"),
    ({"players": 3, "displays": [{"priest": 10}, {}, {}]}, "priest cards are in play"),
    ({"players": 3, "phase": "offer", "hands": [["rice"] * 2, ["rice"], ["rice"]]}, "offer_queue"),
    ({"players": 3, "phase": "offer", "offer_queue": [0], "hands": [["rice"]] * 3}, "offer_queue"),
    ({"players": 3, "offer_queue": [1]}, "offer_queue"),
    ({"players": 3, "phase": "shrine-reward", "reward_queue": [[0, 11]]}, "reward_queue"),
    ({"players": 3, "village": {"rice": [0, 0, 0]}, "huts": [2, 4, 4]}, "huts"),
    ({"players": 3, "players_extra": 1}, "players_extra"),
    ({"players": 3, "num_players": 2}, "num_players"),
    ({"players": 3, "seed": 2**300}, "seed"),
    ({"players": 3, "stocks": [["rice"] * 30, [], []]}, "stocks[0]"),
])
def test_bad_positions_name_the_field(fields, field):
    with pytest.raises(InvalidPosition, match=field.replace("[", r"\[").replace("]", r"\]")):
        TANI.state_from_json(fields)


@pytest.mark.rules("TAN-SETUP-03")
def test_a_position_that_places_huts_takes_them_from_the_supply():
    s = TANI.state_from_json({"players": 3, "village": {"rice": [1, None, None], "pepper": [None, 1, None]}})
    assert s.huts == [4, 2, 4]


@pytest.mark.rules("BAL-SETUP-01")
def test_base_game_positions_refuse_expansion_parts():
    base = jaliz_learn.load_game("bali")
    for fields in ({"ganesha": 0}, {"village": {"rice": [0, None, None]}}, {"tiles": ["masons"]}):
        with pytest.raises(InvalidPosition, match="Village of Tani"):
            base.state_from_json({"players": 2, **fields})


@pytest.mark.rules("BAL-TURN-01")
def test_a_log_with_odd_event_data_still_reads_as_text():
    doc = edited(saved(), ("log", 0, "data"), {"players": None})
    assert TANI.state_from_json(doc).log_text()[0].startswith("setup")
