"""``jaliz-learn class-tournament``: every submitted bot against every other, each in its own process.

A folder of four notebooks (a good bot, a weak one, one that crashes, one that hangs) must give a
leaderboard with the good bot first, forfeits recorded with their reason, a plot and one replay
record per game that rebuilds the game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from jaliz_learn import replay_record
from jaliz_learn.cli import main
from jaliz_learn.grading.class_tournament import LIMITS, class_tournament, seatings

_HEAD = "from jaliz_learn.bots import BaseBot\n"
BOTS = {
    # the game's greedy bot, written out as the learner's own class
    "alice": _HEAD + ("from jaliz_learn.games.bali.bots import BaliGreedyBot\n\n"
                      "class MyBot(BaseBot):\n"
                      "    def __init__(self, seed=0):\n"
                      "        super().__init__(seed)\n"
                      "        self.helper = BaliGreedyBot(seed)\n\n"
                      "    def act(self, observation, legal_actions):\n"
                      "        return self.helper.act(observation, legal_actions)\n"),
    "bob": _HEAD + ("class MyBot(BaseBot):\n"
                    "    def act(self, observation, legal_actions):\n"
                    "        return legal_actions[-1]\n"),
    "carol": _HEAD + ("class MyBot(BaseBot):\n"
                      "    def act(self, observation, legal_actions):\n"
                      "        if observation.turn > 3:\n"
                      "            return legal_actions[99]  # a typo: IndexError\n"
                      "        return legal_actions[0]\n"),
    "dave": _HEAD + ("class MyBot(BaseBot):\n"
                     "    def act(self, observation, legal_actions):\n"
                     "        while True:\n"
                     "            pass\n"),
}


def _notebook(path: Path, source: str) -> None:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb), encoding="utf-8")


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> tuple[pd.DataFrame, Path]:
    folder = tmp_path_factory.mktemp("class") / "submissions"
    folder.mkdir()
    for name, source in BOTS.items():
        _notebook(folder / f"{name}.ipynb", source)
    _notebook(folder / "erin.ipynb", "this is not Python\n")
    out = folder.parent / "out"
    lines: list[str] = []
    board = class_tournament("bali", folder, out=out, class_name="MyBot", time_limit=0.5, seed=3,
                             limits=LIMITS, progress=lines.append)
    assert any("did not load" in line for line in lines)
    return board, out


def test_seatings_rotate_every_group():
    plan = seatings(4, 2)
    assert len(plan) == 12 and len(set(plan)) == 12
    assert all(sorted(p) in ([a, b] for a in range(4) for b in range(a + 1, 4)) for p in plan)
    three = seatings(3, 3)
    assert sorted(three) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_leaderboard_ranks_the_good_bot_first(result):
    board, _ = result
    assert list(board.columns[:3]) == ["rank", "notebook", "status"]
    assert board.loc[0, "notebook"] == "alice.ipynb"
    rows = board.set_index("notebook")
    # four bots loaded: each plays the three others in both seat orders
    assert (rows.loc[["alice.ipynb", "bob.ipynb", "carol.ipynb", "dave.ipynb"], "games"] == 6).all()
    assert rows.loc["alice.ipynb", "win_rate"] > rows.loc["bob.ipynb", "win_rate"]
    alice = rows.loc["alice.ipynb"]
    assert alice["ci_low"] <= alice["win_rate"] <= alice["ci_high"]


def test_crashes_and_hangs_are_forfeits_with_their_reason(result):
    board, _ = result
    rows = board.set_index("notebook")
    # carol fails after turn 3, dave at his first decision: carol wins both games against dave by forfeit
    assert rows.loc["carol.ipynb", "failures"] == 4 and rows.loc["carol.ipynb", "wins"] == 2
    assert "IndexError" in rows.loc["carol.ipynb", "first_failure"]
    assert rows.loc["dave.ipynb", "failures"] == 6 and rows.loc["dave.ipynb", "wins"] == 0
    assert rows.loc["alice.ipynb", "failures"] == 0 and rows.loc["bob.ipynb", "failures"] == 0
    assert rows.loc["erin.ipynb", "status"].startswith("did not load") and rows.loc["erin.ipynb", "games"] == 0
    assert board.iloc[-1]["notebook"] == "erin.ipynb"


def test_files_are_written_and_replays_rebuild_the_games(result):
    board, out = result
    written = pd.read_csv(out / "leaderboard.csv")
    assert list(written["notebook"]) == list(board["notebook"])
    games = pd.read_csv(out / "games.csv")
    assert len(games) == 12
    assert (out / "leaderboard.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    finished = games[games["failure"].isna()]
    assert len(finished) == 2  # alice against bob, in both seat orders
    for _, row in games.iterrows():
        state = replay_record(json.loads((out / row["replay"]).read_text()))
        assert state.is_over() == pd.isna(row["failure"])
    for _, row in finished.iterrows():
        state = replay_record(json.loads((out / row["replay"]).read_text()))
        assert " | ".join(f"{x:g}" for x in state.outcome().scores) == row["scores"]


def test_command_line_refuses_a_missing_folder(tmp_path, capsys):
    assert main(["class-tournament", "bali", str(tmp_path / "nothing")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_command_line_prints_the_leaderboard(tmp_path, capsys):
    folder = tmp_path / "two"
    folder.mkdir()
    for name in ("alice", "bob"):
        _notebook(folder / f"{name}.ipynb", BOTS[name])
    out = tmp_path / "board"
    assert main(["class-tournament", "bali", str(folder), "--out", str(out), "--class-name", "MyBot",
                 "--time-limit", "2"]) == 0
    printed = capsys.readouterr().out
    first = next(line for line in printed.splitlines() if line.strip().startswith("1 "))
    assert "alice.ipynb" in first and "leaderboard.csv" in printed
    assert len(list((out / "replays").glob("game-*.json"))) == 2


def test_a_bot_that_forfeits_every_game_is_marked_so(result):
    """Issue 27: the untouched skeleton or an endless loop loses every game by forfeit; its status says so."""
    board, _ = result
    rows = board.set_index("notebook")
    assert rows.loc["dave.ipynb", "status"] == "lost every game by forfeit (timeout: see first_failure)"
    assert rows.loc["carol.ipynb", "status"] == "failed in 4 of 6 games (see first_failure)"
    assert rows.loc["alice.ipynb", "status"] == "ok" and rows.loc["bob.ipynb", "status"] == "ok"


def test_games_auto_plays_until_the_intervals_are_narrow_enough(tmp_path):
    """``--games auto`` plays rounds until every pair's head-to-head interval is narrower than the width asked
    (a wide target: one or two rounds), or until the cap (a narrow one)."""
    folder = tmp_path / "two"
    folder.mkdir()
    for name in ("alice", "bob"):
        _notebook(folder / f"{name}.ipynb", BOTS[name])
    lines: list[str] = []
    wide = class_tournament("bali", folder, out=tmp_path / "wide", class_name="MyBot", rounds="auto", width=0.9,
                            max_rounds=5, seed=1, progress=lines.append)
    assert wide.attrs["games"].shape[0] <= 4 and any("widest head-to-head interval" in line for line in lines)
    narrow = class_tournament("bali", folder, out=tmp_path / "narrow", class_name="MyBot", rounds="auto", width=0.05,
                              max_rounds=3, seed=1, progress=lambda line: None)
    assert narrow.attrs["games"].shape[0] == 6  # the cap: 3 rounds x 2 seat orders
