"""Setup, hidden information and the reserved variant hooks."""

from __future__ import annotations

from collections import Counter

import pytest

import jaliz_learn
from jaliz_learn.games.bali import data as D

from .bali_helpers import card_total, expected_cards, new, offering_total, position


@pytest.mark.rules("BAL-SETUP-01")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_base_deck_has_fifty_cards(players):
    s = new("bali", players)
    in_deck = Counter(s.deck)
    for col in s.square:
        in_deck.update(col)
    assert sum(in_deck.values()) == 50
    assert in_deck == Counter({D.MASON: 12, D.PRIEST: 9, D.SHRINE: 9, 3: 5, 4: 5, 5: 5, 6: 5})
    assert D.ORACLE not in in_deck


@pytest.mark.rules("TAN-SETUP-01")
def test_tani_shuffles_eleven_cards_into_the_deck():
    s = new("bali-tani", 3)
    in_deck = Counter(s.deck)
    for col in s.square:
        in_deck.update(col)
    assert sum(in_deck.values()) == 61
    base = Counter(D.BASE_DECK)
    extra = in_deck - base
    assert extra == Counter({D.MASON: 2, D.PRIEST: 1, 3: 2, 4: 2, 5: 2, 6: 2})
    # shuffled in: the square is dealt from the mixed deck, so different seeds give different squares
    squares = {tuple(tuple(c) for c in new("bali-tani", 3, seed=k).square) for k in range(5)}
    assert len(squares) > 1


@pytest.mark.rules("BAL-SETUP-02")
def test_start_sets():
    s = new("bali", 4)
    missing = set()
    for p in range(4):
        assert s.displays[p][D.MASON] == 1 and sum(s.displays[p]) == 1
        hand = s.hands[p]
        assert len(hand) == 3 and len(set(hand)) == 3 and all(c >= D.FARMER_BASE for c in hand)
        (lack,) = {D.FARMER_BASE + k for k in range(4)} - set(hand)
        missing.add(lack)
        assert D.CARD_NAMES[lack] == D.START_SET_LACKS[p]
    assert len(missing) == 4, "each colour lacks a different kind"


@pytest.mark.rules("BAL-SETUP-03")
@pytest.mark.parametrize("players", [2, 4])
def test_offering_supply_and_stocks(players):
    s = new("bali", players)
    assert all(st == [1, 1, 1, 1] for st in s.stocks)
    assert s.supply == [25 - players] * 4
    assert offering_total(s) == [25] * 4


@pytest.mark.rules("BAL-SETUP-04")
def test_village_square_four_by_four_only_bottom_takeable():
    s = new("bali", 3)
    assert [len(c) for c in s.square] == [4, 4, 4, 4]
    assert len(s.deck) == 50 - 16
    obs = s.observation(1)
    assert obs.square == tuple(tuple(D.CARD_NAMES[c] for c in col) for col in s.square), "covered cards visible"
    t = position("bali", phase="take", hands=[["mason"], ["rice"], ["rice"]])
    assert [str(a) for a in t.legal_actions()] == ["take 1", "take 2", "take 3", "take 4"]
    bottom = t.square[1][-1]
    t.apply("take 2")
    assert t.hands[0][-1] == bottom


@pytest.mark.rules("BAL-SETUP-05")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_stones(players):
    assert new("bali", players).stones == [2, 3, 4, 5][:players]


@pytest.mark.rules("BAL-SETUP-06")
def test_start_player_clockwise_and_no_count_differences():
    s = new("bali", 3, seed=2)
    assert s.current_player() == 0
    while s.active == 0:
        s.apply(s.legal_actions()[0])
    assert s.active == 1
    # the same deck for every player count, only the unused start sets differ
    assert [sum(Counter(new("bali", n).deck).values()) for n in (2, 3, 4)] == [34, 34, 34]
    # stones and VP are unlimited: far beyond the 46 stone markers
    big = position("bali", phase="play", stones=[100, 0, 0], hands=[["mason"], ["rice"], ["rice"]])
    big.apply("play mason")
    assert big.stones[0] == 100


@pytest.mark.rules("TAN-SETUP-02")
def test_village_board_setup():
    s = new("bali-tani", 3)
    assert s.village == [[-1, -1, -1]] * 4
    assert s.tiles == ["masons", "priests", "pepper-banana", "peanut-rice"]
    assert s.ganesha is None
    assert s.observation(None).ganesha is None


@pytest.mark.rules("TAN-SETUP-03")
@pytest.mark.parametrize("players,huts", [(2, 6), (3, 4), (4, 3)])
def test_huts_per_player(players, huts):
    assert new("bali-tani", players).huts == [huts] * players
    assert new("bali", players).huts == [0] * players


@pytest.mark.rules("BAL-HIDDEN-01")
def test_observation_hides_hands_stocks_and_face_down_offerings():
    def offered(kind):
        s = position("bali", phase="offer-hidden", active=0,
                     hands=[["priest", "rice"], ["pepper", "pepper", "pepper"], ["banana"]],
                     stocks=[{"rice": 2, "pepper": 1}, {"pepper": 3}, {}],
                     square=[["mason"], ["mason"], ["shrine"], ["shrine"]])
        s.apply(f"offer {kind}")  # face down
        return s

    s = offered("rice")
    other = s.observation(1)
    assert other.hand == ("pepper", "pepper", "pepper") and other.stock == (0, 0, 0, 3)
    assert other.hand_sizes == (2, 3, 1) and other.stock_sizes == (2, 3, 0)
    assert other.altar_hidden == 1 and other.altar_open == (0, 0, 0, 0)
    assert other.my_hidden_offerings == (0, 0, 0, 0)
    assert s.observation(0).my_hidden_offerings == (1, 0, 0, 0), "the placer remembers"
    # what public events show: every hand card came from a start set or the open square, and P0's
    # stock held 2 rice and 1 pepper before one card went face down
    assert other.known_hands[0] == ("priest", "rice") and other.known_stocks[0] == (2, 0, 0, 1)
    assert other.hidden_offers == (1, 0, 0)
    # the face-down kind does not leak: the other players see the same whichever kind it was
    twin = offered("pepper")
    assert twin.observation(1) == other and twin.observation(None) == s.observation(None)
    assert twin.observation(0) != s.observation(0)
    spectator = s.observation(None)
    assert spectator.hand is None and spectator.stock is None
    assert other.draw_pile == len(s.deck) and not hasattr(other, "deck")
    # the log hides the face-down kind from everybody but the placer
    last = s.events(1)[-1]
    assert last.kind == "offer" and last.secret is None and "offering" not in last.data
    assert s.events(0)[-1].secret == {"offering": "rice"}
    assert "face down (rice)" in s.log_text(0)[-1] and "rice" not in s.log_text(1)[-1]


@pytest.mark.rules("BAL-VAR-01")
def test_variants_not_offered_but_hooks_exist():
    for name in ("bali", "bali-tani"):
        game = jaliz_learn.load_game(name)
        assert {o.name for o in game.info.options} == {"offering_ties", "reverse_altar"}
        with pytest.raises(jaliz_learn.InvalidOption):
            jaliz_learn.load_game(name, oracle=True)
    s = new("bali", 2)
    assert card_total(s)[D.ORACLE] == 0 and card_total(s) == expected_cards(s)
    with pytest.raises(NotImplementedError, match="Oracle"):
        s.oracle_hook(D.ORACLE, {})
    gains = [1, 2]
    s.demon_hook(gains)
    assert gains == [1, 2]
