"""Positions: the compact JSON form (no log, no history) and the validation of hand-written positions."""

from __future__ import annotations

import json

import pytest

from jaliz_learn import InvalidPosition
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jungli_la.data import CARDS

from .helpers import GAME
from .test_clone import mid_game


@pytest.mark.parametrize("n,seed", [(2, 5), (4, 6), (5, 7)])
def test_compact_position_reads_back_and_plays_on_like_the_original(n, seed):
    st = mid_game(n, seed, steps=70)
    pos = st.to_json(compact=True)
    assert "log" not in pos and "history" not in pos and pos["rng"] == st.rng.to_json()
    back = GAME.state_from_json(json.loads(json.dumps(pos)))
    assert len(back.log) == 0 and len(back.history) == 0 and back.log.turn == st.log.turn
    assert back.to_json(compact=True) == pos
    assert all(back.observation(p) == st.observation(p) for p in [*range(n), None])
    rng = Rng(seed)
    while not st.is_over():
        legal = st.legal_actions()
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in legal]
        action = legal[rng.randrange(len(legal))]
        st.apply(action)
        back.apply(action)
    assert back.to_json(compact=True) == st.to_json(compact=True)
    assert back.outcome() == st.outcome()


def test_full_form_is_unchanged_by_the_compact_option():
    st = mid_game(3, 8, steps=40)
    full = st.to_json()
    assert full == st.to_json(compact=False)
    assert {k: v for k, v in full.items() if k not in ("log", "history")} == st.to_json(compact=True)
    assert GAME.state_from_json(json.loads(json.dumps(full))).to_json() == full


# ---- validation ---------------------------------------------------------------------------------
def valid_state():
    return json.loads(json.dumps(mid_game(3, 11, steps=50).to_json()))


def _set(doc, path, value):
    *head, last = path
    target = doc
    for k in head:
        target = target[k]
    if value is DELETE:
        del target[last]
    else:
        target[last] = value
    return doc


DELETE = object()
#: (path into a valid full state, bad value, text the error must contain)
BAD_FIELDS = [
    (("num_players",), "3", "num_players"), (("num_players",), 7, "num_players"),
    (("num_players",), True, "num_players"), (("seed",), "1", "seed"), (("turn",), 0, "turn"),
    (("turn",), 1.0, "turn"), (("cheat",), 1, "cheat"), (("game",), "jaliz", "game"),
    (("players", 0, "letters"), 1.0, "players[0].letters"), (("players", 0, "letters"), -1, "players[0].letters"),
    (("players", 0, "letters"), 10**9, "players[0].letters"), (("players", 0, "letters"), True, "players[0].letters"),
    (("players", 0, "materials"), [1, 1], "players[0].materials"),
    (("players", 0, "materials"), [-1, 0, 0], "players[0].materials[0]"),
    (("players", 0, "materials"), [0, 1.5, 0], "players[0].materials[1]"),
    (("players", 0, "materials"), [0, 0, 10**12], "players[0].materials[2]"),
    (("players", 0, "materials"), "FWT", "players[0].materials"),
    (("players", 0, "cards"), ["Z99"], "players[0].cards[0]"), (("players", 0, "cards"), [5], "players[0].cards[0]"),
    (("players", 0, "cards"), ["A01", "A01"], "players[0].cards"),
    (("players", 0, "treasures"), [99], "players[0].treasures[0]"),
    (("players", 0, "treasures"), [-1], "players[0].treasures[0]"),
    (("players", 0, "pos"), 999, "players[0].pos"), (("players", 0, "pos"), "start", "players[0].pos"),
    (("players", 0, "pos"), -3, "players[0].pos"), (("players", 0, "wagons"), 3, "players[0].wagons"),
    (("players", 0, "wings"), 1, "players[0]"), (("players", 0), [], "players[0]"), (("players",), {}, "players"),
    (("current",), 3, "current"), (("current",), -1, "current"), (("start_player",), 5, "start_player"),
    (("phase",), "dance", "phase"), (("phase",), ["roll"], "phase"), (("dice",), ["Q"], "dice[0]"),
    (("dice",), ["F"] * 11, "dice"), (("rerolls",), 3, "rerolls"), (("wagon_stock",), 99, "wagon_stock"),
    (("wagon_stock",), 0, "wagon_stock"), (("forced_dice",), ["X"], "forced_dice[0]"),
    (("end_reason",), "bored", "end_reason"), (("fresh",), ["C10", "C10"], "fresh"),
    (("moved",), 1, "moved"), (("deck",), ["a"], "deck[0]"), (("deck",), [0, 0], "deck"),
    (("removed",), [], "removed"), (("track",), DELETE, "track"), (("max_rounds",), 0, "max_rounds"),
    (("log",), [{"index": 0}], "log[0]"), (("log",), [7], "log[0]"), (("log",), {"a": 1}, "log"),
    (("history",), [[9, {"type": "keep"}]], "history[0]"), (("history",), [[0, {"type": "fly"}]], "history[0]"),
    (("history",), [[0, {"type": "roll", "dice": 4.0}]], "history[0]"), (("history",), [3], "history[0]"),
]


@pytest.mark.parametrize("path,value,field", BAD_FIELDS, ids=[f"{'.'.join(map(str, p))}={v!r:.20}"
                                                               for p, v, _ in BAD_FIELDS])
def test_bad_fields_are_refused_naming_the_field(path, value, field):
    doc = _set(valid_state(), path, value)
    with pytest.raises(InvalidPosition) as err:
        GAME.state_from_json(doc)
    assert field in str(err.value)


@pytest.mark.rules("JUN-SETUP-02", "JUN-SETUP-04")
def test_card_conservation_is_checked():
    doc = valid_state()
    on_track = doc["track"][0]
    _set(doc, ("players", 1, "cards"), [on_track])
    with pytest.raises(InvalidPosition, match=f"card {on_track} is both on the track and held by player 1"):
        GAME.state_from_json(doc)
    doc = valid_state()
    _set(doc, ("players", 2, "treasures"), [doc["deck"][3]])
    with pytest.raises(InvalidPosition, match="both in the deck and held by player 2"):
        GAME.state_from_json(doc)
    doc = valid_state()
    _set(doc, ("removed",), doc["removed"] + [doc["track"][-1]])
    with pytest.raises(InvalidPosition, match="removed"):
        GAME.state_from_json(doc)


@pytest.mark.rules("JUN-MAT-04", "JUN-MAT-06", "JUN-END-01", "JUN-GOAL-04")
def test_impossible_positions_are_refused():
    with pytest.raises(InvalidPosition, match=r"players\[0\].materials: 7 materials, the limit is 6"):
        GAME.state_from_json({"num_players": 2, "players": [{"materials": [3, 3, 1]}, {}]})
    assert GAME.state_from_json({"num_players": 2, "players": [{"materials": [3, 3, 1], "wagons": 1}, {}]})
    with pytest.raises(InvalidPosition, match=r"players\[1\].letters"):
        GAME.state_from_json({"num_players": 2, "players": [{}, {"letters": 7}]})
    with pytest.raises(InvalidPosition, match="phase 'discard' needs more than 6"):
        GAME.state_from_json({"num_players": 2, "players": [{}, {}], "phase": "discard", "dice": ["F"] * 4})
    with pytest.raises(InvalidPosition, match="game-end Treasure card"):
        GAME.state_from_json({"num_players": 2, "players": [{"treasures": [29]}, {}]})
    with pytest.raises(InvalidPosition, match="no dice are shown before the roll"):
        GAME.state_from_json({"num_players": 2, "dice": ["F"]})
    with pytest.raises(InvalidPosition, match="players"):
        GAME.state_from_json({"num_players": 3, "players": [{}, {}]})
    with pytest.raises(InvalidPosition, match="goal_at_start must be false"):
        GAME.state_from_json({"num_players": 2, "phase": "adjust", "dice": ["F"] * 4, "goal_at_start": True})


def test_positions_take_held_cards_off_the_seeded_track_and_deck():
    seeded = GAME.initial_state(2, seed=0)
    card, treasure = seeded.track[2], seeded.deck[0]
    st = GAME.state_from_json({"num_players": 2, "players": [{"cards": [card], "treasures": [treasure]}, {}]})
    assert card not in st.track and card not in st.removed and treasure not in st.deck
    assert sorted(st.track + st.removed + st.cards[0]) == sorted(CARDS)
    assert GAME.state_from_json(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()


JUNK = [0, -1, 1, 2, 3, 29, 30, 10**6, -(10**9), 1.0, 0.5, True, False, None, "", "goal", "F", "A01", "explore",
        [], [0], ["F"], ["A01", "A01"], {}, {"x": 1}]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:4]):
            yield from _paths(v, (*path, i))


def test_fuzzed_positions_are_refused_clearly_or_play_to_the_end():
    """Nothing accepted breaks later: a mutated state is refused with InvalidPosition, or it round-trips and plays."""
    rng = Rng(2024)
    base = mid_game(3, 13, steps=60).to_json(compact=True)
    paths = [p for p in _paths(base) if p and p[0] != "rng"]
    accepted = 0
    for _ in range(400):
        doc = json.loads(json.dumps(base))
        for _ in range(1 + rng.randrange(2)):
            _set(doc, rng.choice(paths), rng.choice(JUNK))
        try:
            st = GAME.state_from_json(doc)
        except InvalidPosition:
            continue
        accepted += 1
        assert GAME.state_from_json(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()
        play = Rng(accepted)
        for _ in range(3000):
            if st.is_over():
                break
            legal = st.legal_actions()
            assert len(legal) > 0
            st.apply(legal[play.randrange(len(legal))])
            st.observation(0)
        st.log_text()
    assert accepted >= 5, "the fuzz should also produce some valid variations"
