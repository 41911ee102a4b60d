"""Phases 1-4 of a turn, from scenario positions."""

from __future__ import annotations

import pytest

from jaliz_learn import RuleViolation, WrongPhase
from jaliz_learn.games.bali import data as D

from .bali_helpers import position, rule_of

SQUARE = [["priest", "shrine"], ["mason", "rice"], ["shrine", "shrine"], ["peanut", "pepper"]]
OTHER_HANDS = [["rice", "peanut", "banana"], ["rice", "peanut", "pepper"]]


def play_pos(hand, stones=0, **fields):
    """P0 to play with ``hand`` and ``stones`` (3 players)."""
    return position("bali", phase="play", active=0, hands=[hand, *OTHER_HANDS], stones=[stones, 0, 0],
                     square=SQUARE, **fields)


def take_pos(hand, square, **fields):
    fields.setdefault("hands", [hand, *OTHER_HANDS])
    return position("bali", phase="take", active=fields.pop("active", 0), square=square, **fields)


@pytest.mark.rules("BAL-TURN-01")
def test_a_turn_runs_through_the_four_phases():
    s = position("bali", phase="buy", active=0, hands=[["mason", "rice", "priest"], *OTHER_HANDS],
                 stones=[5, 0, 0], square=SQUARE)
    seen = [s.decision()]
    for action in ("buy pepper", "play mason", "take 1"):
        s.apply(action)
        seen.append(s.decision())
    assert seen == ["buy", "play", "take", "play"]  # P1 cannot afford anything: phase 1 skipped
    assert s.active == 1 and s.stones[0] == 0 and s.stocks[0][3] == 2
    kinds = [e.kind for e in s.log][1:]
    assert kinds == ["buy", "play", "take", "score"]


@pytest.mark.rules("BAL-BUY-01")
def test_buy_at_most_one_optional():
    s = position("bali", phase="buy", active=0, stones=[10, 0, 0], square=SQUARE)
    assert [str(a) for a in s.legal_actions()] == ["skip", "buy rice", "buy peanut", "buy banana", "buy pepper"]
    s.apply("buy rice")
    assert s.decision() == "play" and s.stocks[0][0] == 2 and s.supply[0] == 25 - 4
    assert rule_of(s, "buy rice") == "BAL-PLAY-01"  # no second buy: it is the play decision now
    skip = position("bali", phase="buy", active=0, stones=[10, 0, 0], square=SQUARE)
    skip.apply("skip")
    assert skip.decision() == "play" and skip.stones[0] == 10
    auto = position("bali", active=0, stones=[4, 0, 0], square=SQUARE)  # no phase given: start of a turn
    assert auto.decision() == "play", "nothing affordable: phase 1 is skipped"


@pytest.mark.rules("BAL-BUY-02")
def test_offering_price_counts_farmers_in_display_only():
    s = position("bali", phase="buy", active=0, stones=[3, 0, 0], square=SQUARE,
                 hands=[["peanut", "peanut", "peanut"], *OTHER_HANDS],
                 displays=[{"mason": 1, "rice": 2, "pepper": 5}, {}, {}])
    legal = [str(a) for a in s.legal_actions()]
    assert legal == ["skip", "buy rice", "buy pepper"]
    with pytest.raises(RuleViolation) as err:
        s.apply("buy peanut")  # farmers in hand do not count
    assert err.value.rule == "BAL-BUY-02" and "costs 5 stones" in str(err.value)
    s.apply("buy rice")
    assert s.stones[0] == 0
    free = position("bali", phase="buy", active=0, stones=[0, 0, 0], square=SQUARE,
                    hands=[["rice"], ["rice"], ["rice"]], displays=[{"pepper": 5}, {}, {}])
    free.apply("buy pepper")
    assert free.stones[0] == 0 and D.offering_price(5, 6) == 0


@pytest.mark.rules("BAL-PLAY-01")
def test_playing_is_mandatory():
    s = play_pos(["mason", "rice", "shrine"])
    assert [str(a) for a in s.legal_actions()] == ["play mason", "play rice"]
    with pytest.raises(WrongPhase) as err:
        s.apply("skip")
    assert err.value.rule == "BAL-PLAY-01"
    assert rule_of(s, "play priest") == "BAL-PLAY-01"
    assert rule_of(s, "play 2 rice") == "BAL-PLAY-01"


@pytest.mark.rules("BAL-PLAY-02")
def test_stonemason_and_priest_are_free_and_single():
    s = play_pos(["mason", "mason", "priest"])
    assert rule_of(s, "play 2 mason") == "BAL-PLAY-02"
    s.apply("play priest")
    assert s.stones[0] == 0 and s.displays[0][D.PRIEST] == 1 and s.decision() == "take"
    m = play_pos(["mason", "mason", "priest"])
    m.apply("play mason")
    assert m.displays[0][D.MASON] == 2


@pytest.mark.rules("BAL-PLAY-03")
def test_shrine_costs_seven_and_starts_the_offering_phase():
    poor = play_pos(["shrine", "mason", "rice"], stones=6)
    assert rule_of(poor, "play shrine") == "BAL-PLAY-03"
    rich = play_pos(["shrine", "mason", "rice"], stones=7)
    rich.apply("play shrine")
    assert rich.stones[0] == 0 and rich.displays[0][D.SHRINE] == 1
    assert rich.decision() == "offer" and rich.current_player() == 1


@pytest.mark.rules("BAL-PLAY-04")
def test_farmer_groups_cost_zero_one_two():
    s = play_pos(["rice", "rice", "rice"], stones=1)
    assert [str(a) for a in s.legal_actions()] == ["play rice", "play 2 rice"]
    assert rule_of(s, "play 3 rice") == "BAL-PLAY-04"
    assert rule_of(s, "play 4 rice") == "BAL-PLAY-04"
    for count, cost in ((1, 0), (2, 1), (3, 2)):
        t = play_pos(["rice", "rice", "rice"], stones=2)
        t.apply(f"play {count} rice" if count > 1 else "play rice")
        assert t.stones[0] == 2 - cost and t.displays[0][D.FARMER_BASE] == count
    mixed = play_pos(["rice", "pepper", "pepper"], stones=2)
    assert "play 2 pepper" in [str(a) for a in mixed.legal_actions()]
    assert not any(getattr(a, "count", 0) == 3 for a in mixed.legal_actions())


@pytest.mark.rules("BAL-PLAY-05")
def test_display_keeps_cards_for_the_rest_of_the_game():
    s = play_pos(["mason", "rice", "shrine"], displays=[{"mason": 9, "priest": 8}, {}, {}])
    s.apply("play mason")
    s.apply("take 1")
    assert s.displays[0][D.MASON] == 10 and s.displays[0][D.PRIEST] == 8  # no limit, nothing removed


@pytest.mark.rules("BAL-PLAY-06")
def test_no_legal_play_discards_a_card():
    s = play_pos(["shrine", "shrine", "shrine"], stones=6)
    assert [str(a) for a in s.legal_actions()] == ["discard shrine"]
    s.apply("discard shrine")
    assert s.discard == [D.SHRINE] and len(s.hands[0]) == 2 and s.decision() == "take"
    assert "cannot play" in s.log_text()[-1]
    t = play_pos(["shrine", "mason", "shrine"], stones=0)
    assert rule_of(t, "discard shrine") == "BAL-PLAY-06"


def shrine_pos(**fields):
    fields.setdefault("stocks", [{"rice": 1, "banana": 1}, {"rice": 2}, {"pepper": 1}])
    return play_pos(["shrine", "mason", "rice"], stones=7, **fields)


@pytest.mark.rules("BAL-OFFER-01")
def test_other_players_offer_face_up_clockwise():
    s = shrine_pos()
    s.apply("play shrine")
    assert s.current_player() == 1 and [str(a) for a in s.legal_actions()] == ["offer rice"]
    assert rule_of(s, "offer pepper") == "BAL-OFFER-01"
    s.apply("offer rice")
    assert s.current_player() == 2 and s.altar_open == [1, 0, 0, 0]
    s.apply("offer pepper")
    assert s.altar_open == [1, 0, 0, 1] and s.stocks[2] == [0, 0, 0, 0]
    assert s.decision() == "offer-hidden" and s.current_player() == 0


@pytest.mark.rules("BAL-OFFER-02")
def test_active_player_offers_face_down():
    s = shrine_pos()
    for a in ("play shrine", "offer rice", "offer pepper"):
        s.apply(a)
    assert [str(a) for a in s.legal_actions()] == ["offer rice", "offer banana"]
    assert rule_of(s, "offer pepper") == "BAL-OFFER-02"
    s.apply("offer banana")
    assert s.altar_hidden == [(0, 2)] and s.altar_open == [1, 0, 0, 1]
    assert s.observation(1).altar_hidden == 1
    assert s.decision() == "offer-supply"


@pytest.mark.rules("BAL-OFFER-03")
def test_extra_card_from_the_supply():
    s = shrine_pos()
    for a in ("play shrine", "offer rice", "offer pepper", "offer banana"):
        s.apply(a)
    supply = list(s.supply)
    with pytest.raises(WrongPhase):
        s.apply("offer rice")
    s.apply("altar peanut")
    assert s.supply[1] == supply[1] - 1 and s.altar_open == [1, 1, 0, 1]
    assert s.decision() == "take" and s.current_player() == 0
    s.apply("take 2")
    assert s.altar_counts() == [1, 1, 1, 1], "altar cards never come back"


@pytest.mark.rules("BAL-OFFER-04")
def test_empty_stocks_place_nothing():
    s = shrine_pos(stocks=[{"rice": 1}, {}, {"pepper": 1}])
    s.apply("play shrine")
    assert s.current_player() == 2, "player 1 has no offering card"
    s.apply("offer pepper")
    assert s.decision() == "offer-hidden"
    t = shrine_pos(stocks=[{}, {"rice": 1}, {}])
    t.apply("play shrine")
    t.apply("offer rice")
    assert t.decision() == "offer-supply", "the active player has no card: only the supply card"
    u = shrine_pos(stocks=[{}, {}, {}])
    u.apply("play shrine")
    assert u.decision() == "offer-supply" and u.current_player() == 0


@pytest.mark.rules("BAL-OFFER-05")
def test_reverse_altar_option_hides_every_own_offering():
    s = shrine_pos(options={"reverse_altar": True})
    for a in ("play shrine", "offer rice", "offer pepper", "offer banana", "altar peanut"):
        s.apply(a)
    assert s.altar_hidden == [(1, 0), (2, 3), (0, 2)] and s.altar_open == [0, 1, 0, 0]
    normal = shrine_pos()
    for a in ("play shrine", "offer rice", "offer pepper", "offer banana", "altar peanut"):
        normal.apply(a)
    assert normal.altar_hidden == [(0, 2)]


@pytest.mark.rules("BAL-TAKE-01")
def test_refill_one_card_at_a_time_any_column():
    s = take_pos(["mason"], [["priest", "shrine", "rice"], ["mason", "banana"], ["shrine"] * 2, ["pepper"] * 2])
    s.apply("take 1")
    assert s.decision() == "take" and s.hands[0] == [D.MASON, D.FARMER_BASE]
    s.apply("take 1")  # the same column again
    assert s.hands[0][-1] == D.SHRINE and s.active == 1
    assert rule_of(s, "take 1") in ("BAL-PLAY-01", "BAL-BUY-01")
    t = take_pos(["mason", "rice"], [["priest", "shrine", "rice"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
    with pytest.raises(RuleViolation) as err:
        t.apply("take 5")
    assert err.value.rule == "BAL-TAKE-01"


@pytest.mark.rules("BAL-TAKE-02")
def test_emptied_column_is_redealt_at_once():
    deck = ["priest", "mason", "rice", "pepper", "shrine", "shrine", "shrine", "shrine"]
    s = take_pos(["mason"], [["banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2], deck=deck)
    s.apply("take 1")
    assert [D.CARD_NAMES[c] for c in s.square[0]] == ["priest", "mason", "rice", "pepper"]
    assert len(s.deck) == 4 and s.log[-1].kind == "deal"
    s.apply("take 1")  # the new column is available at once
    assert s.hands[0][-1] == D.FARMER_BASE + 3


@pytest.mark.rules("BAL-TAKE-03")
def test_revealed_card_is_the_one_uncovered_last():
    s = take_pos(["mason", "rice"], [["priest", "shrine", "rice"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
    s.apply("take 1")
    assert s.revealed == D.SHRINE and s.observation(2).revealed == "shrine"
    deck = ["rice", "mason", "banana", "priest", "shrine", "shrine", "shrine", "shrine"]
    t = take_pos(["mason", "rice"], [["banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2], deck=deck)
    t.apply("take 1")
    assert t.revealed == D.PRIEST, "after a re-deal: the bottom card of the new column"
    assert [e for e in t.log if e.kind == "score"][-1].data["card"] == "priest"


def score_pos(revealed, displays, active=0, **fields):
    """P(active) holds 2 cards and takes from column 1, revealing ``revealed``."""
    hands = [["mason", "rice"], ["mason", "rice"], ["mason", "rice"]]
    hands[active] = ["mason", "rice"]
    return take_pos(None, [[revealed, "banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2],
                    hands=hands, displays=displays, active=active, **fields)


@pytest.mark.rules("BAL-SCORE-01")
def test_everyone_scores_and_only_a_sole_majority_earns_the_bonus():
    s = score_pos("mason", [{"mason": 2}, {"mason": 2}, {"mason": 1}], stones=[0, 0, 0])
    s.apply("take 1")
    assert s.stones == [2, 2, 1], "tie for most: no bonus"
    t = score_pos("mason", [{"mason": 3}, {"mason": 2}, {}], stones=[0, 0, 0])
    t.apply("take 1")
    assert t.stones == [4, 2, 0]


@pytest.mark.rules("BAL-SCORE-02")
def test_stonemason_scoring():
    s = score_pos("mason", [{"mason": 1}, {"mason": 4}, {"mason": 1}], stones=[1, 1, 1])
    s.apply("take 1")
    assert s.stones == [2, 6, 2]
    assert "stones [1, 5, 1]" in s.log_text()[-1]


@pytest.mark.rules("BAL-SCORE-03")
def test_priest_scoring():
    s = score_pos("priest", [{"priest": 1}, {"priest": 3}, {}], vp=[0, 0, 0])
    s.apply("take 1")
    assert s.vp == [1, 4, 0]


@pytest.mark.rules("BAL-SCORE-04")
def test_shrine_scoring_vp_or_stone_per_unit():
    s = score_pos("shrine", [{"shrine": 1}, {"shrine": 2}, {"shrine": 1}], active=1, stones=[0, 0, 0], vp=[0, 0, 0])
    s.apply("take 1")
    assert s.decision() == "shrine-reward" and s.current_player() == 1, "the active player chooses first"
    assert [str(a) for a in s.legal_actions()] == ["reward 3vp 0stone", "reward 2vp 1stone", "reward 1vp 2stone",
                                                    "reward 0vp 3stone"]
    with pytest.raises(RuleViolation) as err:
        s.apply("reward 2vp 2stone")
    assert err.value.rule == "BAL-SCORE-04"
    s.apply("reward 1vp 2stone")
    assert s.current_player() == 2
    s.apply("reward 0vp 1stone")
    assert s.current_player() == 0
    s.apply("reward 1vp 0stone")
    assert s.vp == [1, 1, 0] and s.stones == [0, 2, 1] and s.active == 2


@pytest.mark.rules("BAL-SCORE-05")
def test_farmer_scoring_one_card_per_player_plus_majority():
    s = score_pos("rice", [{"rice": 3}, {"rice": 1}, {}], stocks=[{}, {}, {}])
    s.apply("take 1")
    assert [st[0] for st in s.stocks] == [2, 1, 0]
    tie = score_pos("rice", [{"rice": 2}, {"rice": 2}, {}], stocks=[{}, {}, {}])
    tie.apply("take 1")
    assert [st[0] for st in tie.stocks] == [1, 1, 0]


@pytest.mark.rules("BAL-SCORE-06")
def test_empty_supply_pile():
    supply = {"rice": 1, "peanut": 20, "banana": 20, "pepper": 0}
    s = score_pos("rice", [{"rice": 1}, {"rice": 2}, {}], active=0, stocks=[{}, {}, {}], supply=supply)
    s.apply("take 1")
    assert [st[0] for st in s.stocks] == [1, 0, 0] and s.supply[0] == 0, "clockwise from the active player"
    b = position("bali", phase="buy", active=0, stones=[10, 0, 0], square=SQUARE, supply=supply)
    assert "buy pepper" not in [str(a) for a in b.legal_actions()]
    with pytest.raises(RuleViolation) as err:
        b.apply("buy pepper")
    assert err.value.rule == "BAL-SCORE-06"
    o = position("bali", phase="offer-supply", active=0, square=SQUARE, supply=supply,
                 hands=[["mason", "rice"], *OTHER_HANDS])
    assert [str(a) for a in o.legal_actions()] == ["altar rice", "altar peanut", "altar banana"]
    assert rule_of(o, "altar pepper") == "BAL-SCORE-06"
