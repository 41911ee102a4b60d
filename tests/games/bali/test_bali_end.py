"""End of the game, final scoring and tie-breaks."""

from __future__ import annotations

import pytest

from jaliz_learn import GameOver

from .bali_helpers import position


def ending(game="bali", players=3, **fields):
    """P0 holds 2 cards and takes the last card of column 1 while the draw pile holds 3 cards."""
    fields.setdefault("hands", [["mason", "rice"]] + [["rice"]] * (players - 1))
    s = position(game, players=players, phase="take", active=0, deck=["priest", "priest", "priest"],
                 square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2], **fields)
    s.apply("take 1")
    return s


@pytest.mark.rules("BAL-END-01")
def test_game_ends_when_a_column_cannot_be_redealt():
    s = position("bali", phase="take", active=0, hands=[["mason"], ["rice"], ["rice"]],
                 deck=["priest", "priest", "priest"], displays=[{"priest": 2}, {}, {}], vp=[0, 0, 0],
                 square=[["priest"], ["mason", "priest"], ["shrine"] * 2, ["pepper"] * 2])
    s.apply("take 2")
    assert not s.is_over(), "a column still holding cards needs no re-deal"
    s.apply("take 1")
    assert s.is_over() and s.decision() == "game-over" and s.current_player() is None
    assert len(s.hands[0]) == 3, "the card taken is kept"
    assert s.vp[0] == 0 and not [e for e in s.log if e.kind == "score"], "the last turn is not scored"
    assert s.log[-1].kind == "end"
    with pytest.raises(GameOver):
        s.apply("take 2")
    redeal = position("bali", phase="take", active=0, hands=[["mason", "rice"], ["rice"], ["rice"]],
                      deck=["priest"] * 4, square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
    redeal.apply("take 1")
    assert not redeal.is_over() and redeal.deck == []


FINAL = dict(altar={"open": {"rice": 3, "peanut": 2, "banana": 1}, "hidden": [[1, "pepper"]]},
             stocks=[{"rice": 2, "pepper": 1}, {"banana": 3}, {"peanut": 1}],
             displays=[{"shrine": 2}, {"shrine": 1}, {}], stones=[12, 4, 0], vp=[5, 10, 1])


@pytest.mark.rules("BAL-FINAL-01")
def test_offering_cards_valued_by_altar_rank():
    s = ending(**FINAL)
    assert s.altar_counts() == [3, 2, 1, 1], "face-down altar cards count"
    assert [row["offerings"] for row in s.final] == [2 * 3 + 1 * 1, 3 * 1, 1 * 2]
    assert "values [3, 2, 1, 1]" in s.log_text()[-1]
    no_hidden = dict(FINAL, altar={"open": {"rice": 3, "peanut": 2, "banana": 1}})
    t = ending(**no_hidden)
    assert t.final[0]["offerings"] == 2 * 3 + 0


@pytest.mark.rules("BAL-FINAL-02")
@pytest.mark.parametrize("mode,values", [("shared", [3, 3, 1, 0]), ("dense", [3, 3, 2, 1]), ("worse", [2, 2, 1, 0])])
def test_tied_offering_kinds(mode, values):
    altar = {"open": {"rice": 6, "peanut": 6, "banana": 3, "pepper": 1}}
    s = ending(options={"offering_ties": mode}, altar=altar, stocks=[{"rice": 1, "peanut": 1, "banana": 1,
                                                                       "pepper": 1}, {}, {}])
    assert s.final[0]["offerings"] == sum(values)
    assert s.log[-1].data["values"] == values


@pytest.mark.rules("BAL-FINAL-03")
def test_shrines_four_points():
    s = ending(**FINAL)
    assert [row["shrines"] for row in s.final] == [8, 4, 0]


@pytest.mark.rules("BAL-FINAL-04")
def test_stones_one_point_per_five():
    s = ending(**FINAL)
    assert [row["stones"] for row in s.final] == [2, 0, 0]


@pytest.mark.rules("BAL-FINAL-05")
def test_total_and_winner():
    s = ending(**FINAL)
    assert [row["earned"] for row in s.final] == [5, 10, 1]
    assert s.scores() == (7 + 8 + 2 + 5, 3 + 4 + 0 + 10, 2 + 0 + 0 + 1)
    assert s.winners() == (0,) and s.outcome().ranking == ((0,), (1,), (2,))


@pytest.mark.rules("BAL-TIE-01")
def test_tie_break_by_left_over_stones_then_shared():
    tied = dict(stocks=[{}, {}, {}], displays=[{}, {}, {}], vp=[10, 10, 3])
    s = ending(stones=[4, 3, 0], **tied)
    assert s.scores()[:2] == (10, 10) and s.winners() == (0,)
    shared = ending(stones=[4, 4, 0], **tied)
    assert shared.winners() == (0, 1) and shared.outcome().ranking[0] == (0, 1)
