"""``jaliz-learn match GAME A B --sprt`` (issue 52): paired, seat-swapped games until the GSPRT decides; the same
verdict on every executor; a clear pair in few games, a close one up to the maximum; bad options in one line."""

from __future__ import annotations

import pytest

from jaliz_learn.cli import main
from jaliz_learn.match_sprt import parse_sprt, sprt_match
from jaliz_learn.sequential import MAXIMUM, UPPER, MatchZone


def _quiet(line: str) -> None:
    pass


def test_a_clear_pair_decides_in_a_few_dozen_games():
    result = sprt_match("nizam", "greedy", "random", zone=MatchZone(0, 20), say=_quiet)
    assert result["verdict"].passed and result["verdict"].reason == UPPER
    assert result["games"] <= 48, result["games"]


def test_the_weaker_bot_first_is_rejected():
    result = sprt_match("nizam", "random", "greedy", zone=MatchZone(0, 20), say=_quiet)
    assert not result["verdict"].passed and result["games"] <= 48


def test_a_close_pair_plays_on_to_the_maximum_and_says_so():
    lines: list[str] = []
    result = sprt_match("nizam", "greedy", "greedy", zone=MatchZone(0, 20), max_pairs=10, say=lines.append)
    assert result["games"] == 20 and result["verdict"].reason == MAXIMUM
    assert "maximum reached" in lines[-1] and "LLR" in lines[0]


def test_the_verdict_does_not_depend_on_the_executor():
    from concurrent.futures import ProcessPoolExecutor

    serial = sprt_match("nizam", "greedy", "random", zone=MatchZone(0, 20), seed=3, say=_quiet)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = sprt_match("nizam", "greedy", "random", zone=MatchZone(0, 20), seed=3, executor=pool, say=_quiet)
    assert (serial["pairs"], serial["points"], serial["verdict"]) == (parallel["pairs"], parallel["points"],
                                                                      parallel["verdict"])


@pytest.mark.slow
def test_the_verdict_on_a_dask_local_cluster():
    pytest.importorskip("distributed")
    from jaliz_learn.executors import make_executor

    serial = sprt_match("nizam", "greedy", "random", zone=MatchZone(0, 20), seed=5, say=_quiet)
    with make_executor("dask", jobs=2) as executor:
        dask = sprt_match("nizam", "greedy", "random", zone=MatchZone(0, 20), seed=5, executor=executor, say=_quiet)
    assert (serial["pairs"], serial["points"], serial["verdict"]) == (dask["pairs"], dask["points"], dask["verdict"])


def test_command_line_progress_and_exit_status(capsys):
    assert main(["match", "nizam", "greedy", "random", "--sprt", "elo0=0", "elo1=50"]) == 0
    out = capsys.readouterr().out
    assert "greedy vs random: games" in out and "LLR" in out and "H1 accepted" in out


@pytest.mark.parametrize("words", [["elo0=0", "elo1=x"], ["elo2=3"], ["elo0=20", "elo1=0"], ["alpha=0.7"]])
def test_bad_sprt_options_are_one_line(capsys, words):
    assert main(["match", "nizam", "greedy", "random", "--sprt", *words]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("jaliz-learn: error: ")


def test_parse_sprt():
    assert parse_sprt(["elo0=-5", "elo1=5", "alpha=0.1", "beta=0.1"]) == {"elo0": -5, "elo1": 5, "alpha": 0.1,
                                                                         "beta": 0.1}
