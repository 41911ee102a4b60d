"""Positions of Nizam and Pearl of the East: the compact JSON form and validation of hostile input."""

from __future__ import annotations

import json
import random
import re

import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.games.nizam import Move

from .test_nizam_clone import GAMES, mid_game


def play_on(state, seed, steps=200):
    bots = [RandomBot(seed + i) for i in range(state.num_players)]
    for _ in range(steps):
        if state.is_over():
            break
        p = state.current_player()
        state.apply(bots[p].act(state.observation(p), state.legal_actions(p)), p)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_compact_json_is_a_position_that_plays_on_identically(name, players):
    state = mid_game(name, players, seed=6)
    compact = state.to_json(compact=True)
    assert "log" not in compact and "history" not in compact
    assert set(state.to_json()) - set(compact) == {"log", "history"}
    back = state.game.state_from_json(compact)
    assert back.to_json(compact=True) == compact
    assert len(back.history) == 0 and len(back.log) == 0
    assert back.observation(0) == state.observation(0)
    play_on(state, 3)
    play_on(back, 3)
    assert back.to_json(compact=True) == state.to_json(compact=True)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_full_json_still_round_trips_with_log_and_history(name, players):
    state = mid_game(name, players, seed=8)
    back = state.game.state_from_json(state.to_json())
    assert back.to_json() == state.to_json()
    assert len(back.history) == len(state.history) > 0


# ---- validation ------------------------------------------------------------------------------

NIZAM = jaliz_learn.load_game("nizam")
PEARL = jaliz_learn.load_game("pearl-of-the-east")
PLAIN = ["ABCDE", "FGHAB", "CDEFG", "HABCD", "EFGHA"]


def saved(name="nizam", players=2, seed=5):
    return mid_game(name, players, seed, steps=25).to_json()


def changed(doc, path, value):
    """A copy of ``doc`` with ``doc[path[0]][path[1]]... = value`` (or the key removed when value is DELETE)."""
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


DELETE = object()

BAD_SAVED = [
    (("num_players",), 2.0, "num_players"),
    (("num_players",), True, "num_players"),
    (("num_players",), 9, "num_players"),
    (("seed",), "1", "seed"),
    (("turn",), -1, "turn"),
    (("turn",), 10**30, "turn"),
    (("current",), 2, "current"),
    (("current",), -1, "current"),
    (("first_player",), None, "first_player"),
    (("moves_made",), -3, "moves_made"),
    (("runouts",), 2, "run out"),
    (("over",), 0, "over"),
    (("hands", 0), 3, "hands[0]"),
    (("hands", 0), "AAAAAAAAAAAAA", "12 cards of each kind"),
    (("hands",), ["A"], "hands"),
    (("hands", 1), "XYZ", "hands[1]"),
    (("deck",), "", "12 cards of each kind"),
    (("deck",), "A" * 10**6, "deck"),
    (("discard",), ["A"], "discard"),
    (("board", 0), "ABCD", "board[0]"),
    (("board", 2), "ABPDE", "board[2]"),
    (("board",), "ABCDE" * 5, "board"),
    (("points", 0), -1, "points[0]"),
    (("points", 0), 10**9, "points[0]"),
    (("points",), [0], "points"),
    (("start_sigs", 0), "Z9", "start_sigs[0]"),
    (("changed", 0), 1, "changed[0]"),
    (("history", 0, 0), 7, "history[0][0]"),
    (("history", 0, 1), {"type": "move", "line": "r1", "end": "left", "pay": 1}, "history[0][1]"),
    (("log", 0, "kind"), 5, "log[0].kind"),
    (("log", 0, "player"), 9, "log[0].player"),
    (("log", 3), {"index": 3, "kind": "move", "player": 0, "data": {}}, "log[3]"),
    (("rng",), {"seed": 1, "state": [3, [1, 2], None]}, "rng"),
    (("surprise",), 1, "surprise"),
    (("game",), "jaliz", "jaliz"),
    (("board",), DELETE, "board"),
]


# the compact form has no log and no history, so their cases run on the full form only
CASES = [(*bad, False) for bad in BAD_SAVED] + [(*bad, True) for bad in BAD_SAVED
                                                if bad[0][0] not in ("log", "history")]


@pytest.mark.parametrize(("path", "value", "field", "compact"), CASES,
                         ids=[("compact " if c[3] else "") + str(c[0]) + repr(c[1])[:20] for c in CASES])
def test_bad_saved_nizam_states_name_the_field(path, value, field, compact):
    doc = saved()
    if compact:
        doc = {k: v for k, v in doc.items() if k not in ("log", "history")}
    with pytest.raises(jaliz_learn.InvalidPosition, match=re.escape(field)):
        NIZAM.state_from_json(changed(doc, path, value))


BAD_PEARL = [
    (("tasks", 0), "ABC", "tasks[0]"),
    (("tasks", 0), "ABCDEFGHH", "tasks[0]"),
    (("completed", 1), 7, "completed[1]"),
    (("completed", 1), "Q", "completed[1]"),
    (("max_rounds",), 0, "max_rounds"),
    (("max_rounds",), "200", "max_rounds"),
    (("turn",), 100_000, "turn"),
    (("board", 0), "PPCDE", "pearl"),
    (("points",), [0, 0], "points"),
]


@pytest.mark.parametrize(("path", "value", "field"), BAD_PEARL, ids=[str(b[0]) + repr(b[1])[:20] for b in BAD_PEARL])
def test_bad_saved_pearl_states_name_the_field(path, value, field):
    doc = saved("pearl-of-the-east")
    with pytest.raises(jaliz_learn.InvalidPosition, match=re.escape(field)):
        PEARL.state_from_json(changed(doc, path, value))


BAD_POSITIONS = [
    ({"board": PLAIN, "players": 2.0}, "players"),
    ({"board": PLAIN, "players": 0}, "players"),
    ({"board": PLAIN, "hands": ["A", ""], "players": 3}, "hands"),
    ({"board": PLAIN, "hands": "AB"}, "hands"),
    ({"board": PLAIN, "current": True}, "current"),
    ({"board": PLAIN, "current": 2}, "current"),
    ({"board": PLAIN, "turn": 0}, "turn"),
    ({"board": PLAIN, "runouts": -1}, "runouts"),
    ({"board": PLAIN, "scores": [0, "3"]}, "scores[1]"),
    ({"board": PLAIN, "scores": [0, -3]}, "scores[1]"),
    ({"board": PLAIN, "hands": ["BBBCCCDDDE"]}, "hand limit"),
    ({"board": PLAIN, "runouts": 2}, "run out"),
    ({"board": PLAIN, "deck": 5}, "deck"),
    ({"board": PLAIN, "seed": 1.5}, "seed"),
    ({"board": PLAIN, "start_board": PLAIN, "moves_made": 0}, "start_board"),
    ({"board": PLAIN, "hand": ["A", ""]}, "hand"),
    ({"board": PLAIN, "max_rounds": 3}, "max_rounds"),
]


@pytest.mark.parametrize(("doc", "field"), BAD_POSITIONS, ids=[f[1] + str(i) for i, f in enumerate(BAD_POSITIONS)])
def test_bad_nizam_positions_name_the_field(doc, field):
    with pytest.raises(jaliz_learn.InvalidPosition, match=re.escape(field)):
        NIZAM.state_from_json(doc)


def test_pearl_positions_need_whole_task_sets_and_the_pearl():
    board = ["ABCDE", "FGHAB", "CDPEF", "GHABC", "DEFGH"]
    with pytest.raises(jaliz_learn.InvalidPosition, match=r"tasks\[0\]"):
        PEARL.state_from_json({"board": board, "tasks": ["ABC", "ABCDEFGH"]})
    with pytest.raises(jaliz_learn.InvalidPosition, match="pearl"):
        PEARL.state_from_json({"board": PLAIN})
    with pytest.raises(jaliz_learn.InvalidPosition, match="completed all tasks"):
        PEARL.state_from_json({"board": board, "completed": ["ABCDEFGH", ""]})
    ok = PEARL.state_from_json({"board": board, "completed": ["AB", ""]})
    assert ok.tasks[0] == set("CDEFGH")


def test_saved_state_must_hold_all_96_cards():
    doc = saved()
    hand = doc["hands"][0]
    doc["hands"][0] = ""
    doc["discard"] += hand[:-1]  # one card lost
    with pytest.raises(jaliz_learn.InvalidPosition, match="12 cards of each kind"):
        NIZAM.state_from_json(doc)


@pytest.mark.parametrize("name", ["nizam", "pearl-of-the-east"])
def test_mutated_saved_states_are_refused_or_play_to_the_end(name):
    """Random single-field mutations: a clear InvalidPosition, or a state that plays on without a crash."""
    game = jaliz_learn.load_game(name)
    base = saved(name, players=3, seed=2)
    rng = random.Random(11)
    values = [None, True, 0, 1, -1, 2, 3, 10**12, 1.5, "", "A", "P", "ABC", "zz", [], [0], ["A", "B", "C"], {}]
    accepted = 0
    for _ in range(150):
        doc = json.loads(json.dumps(base))
        key = rng.choice([k for k in doc if k not in ("log", "history")])
        target, field = doc, key
        if isinstance(doc[key], list) and doc[key] and rng.random() < 0.6:
            target, field = doc[key], rng.randrange(len(doc[key]))
        target[field] = rng.choice(values)
        try:
            state = game.state_from_json(doc)
        except jaliz_learn.InvalidPosition:
            continue
        accepted += 1
        assert game.state_from_json(state.to_json()).to_json() == state.to_json()
        play_on(state, 1, steps=20_000)
        assert state.is_over()
    assert accepted < 150


#: No end card is an H: a player holding one H can neither move nor draw a card.
STALL = ["ABCDE", "FHHHA", "BHGHC", "DHHHE", "FGABC"]


@pytest.mark.rules("NIZ-END-05")
def test_a_stalled_position_ends_after_a_round_of_empty_draws():
    # two cards off the board, no end card matches: nobody can ever move or draw a card
    state = NIZAM.state_from_json({"board": STALL, "hands": ["H", "H"], "deck": ""})
    assert not any(isinstance(a, Move) for a in state.legal_actions())
    state.apply("draw")
    assert not state.is_over() and state.idle_draws == 1
    state.apply("draw")
    assert state.is_over() and state.outcome().winners == (0, 1)
    back = NIZAM.state_from_json(state.to_json())
    assert back.idle_draws == 2 and back.is_over()


def test_a_move_resets_the_empty_draw_count():
    state = NIZAM.state_from_json({"board": STALL, "hands": ["H", "A"], "deck": ""})
    state.apply("draw")
    state.apply("move r1 left A")
    assert state.idle_draws == 0
