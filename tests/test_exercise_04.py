"""Exercise 4 (Monte-Carlo search in Bali): the notebooks, the quick check, the bars and the grader.

The skeleton must fail, the reference solution pass, weak baselines (first legal action, random)
fail the bars, and hand-ins that are the library's search (a subclass, an import) or never sample
the hidden cards are refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jaliz_learn.bots import BaseBot, RandomBot
from jaliz_learn.exercises.ex04_monte_carlo import (
    BAR,
    LIMITS_TEXT,
    MIN_WIN_RATE,
    ancestry_problem,
    check_monte_carlo,
    check_playout,
    grade_monte_carlo,
    playout_cases,
    source_problems,
)
from jaliz_learn.grading import load_bot_from_notebook, read_notebook
from jaliz_learn.grading.batch import load_grader

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "exercises" / "04_monte_carlo_search"
SOLUTION = FOLDER / "solution.ipynb"
EXERCISE = FOLDER / "exercise.ipynb"


grader = load_grader(FOLDER)  # the teacher's grader.py, imported once


def items(report: Any) -> dict[str, Any]:
    return {i.name: i for i in report.items}


# ---- the notebooks ----------------------------------------------------------------------------------


def test_bars_are_stated_at_the_top_of_the_notebook():
    top = "".join(read_notebook(EXERCISE)["cells"][0]["source"])
    assert f"{100 * MIN_WIN_RATE:.0f}% of the games won" in top and LIMITS_TEXT in top
    assert "BaliGreedyBot" in top and f"up to {BAR.limit} two-player games" in top and "ISMCTSBot" in top


# ---- refusing the library's search --------------------------------------------------------------------


def test_source_checks_refuse_the_library_search_and_accept_the_solution():
    from jaliz_learn.exercises.ex04_monte_carlo import notebook_source

    assert source_problems(notebook_source(SOLUTION)) == []
    assert source_problems(notebook_source(EXERCISE)) == [  # the skeleton's act() is still empty
        "your MyMonteCarloBot never calls sample_state: the search must sample the hidden cards from the observation"]
    imported = "from jaliz_learn.bots import ISMCTSBot\nclass MyMonteCarloBot(ISMCTSBot):\n    pass\n"
    found = source_problems(imported)
    assert any("imports ISMCTSBot" in p for p in found) and any("never calls sample_state" in p for p in found)
    by_module = "import jaliz_learn.bots.mcts as m\nclass MyMonteCarloBot:\n    def act(s, o, l):\n" \
                "        s.game.sample_state(o, 1)\n        return m.MCTSBot().act(o, l)\n"
    assert len(source_problems(by_module)) == 2
    by_name = "from jaliz_learn.bots import make_bot\nclass MyMonteCarloBot:\n    def act(s, o, l):\n" \
              "        s.game.sample_state(o, 1)\n        return make_bot('mcts', 0).act(o, l)\n"
    assert source_problems(by_name) == ["the notebook names the library's 'mcts' bot: write the search yourself"]


def test_ancestry_allows_only_basebot():
    assert ancestry_problem(("__main__:MyMonteCarloBot", "jaliz_learn.core.bot:BaseBot", "builtins:object")) is None
    assert "BaliGreedyBot" in ancestry_problem(("__main__:X", "jaliz_learn.games.bali.bots:BaliGreedyBot"))


# ---- the quick check ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solution_bot() -> type:
    return load_bot_from_notebook(SOLUTION, "MyMonteCarloBot")


@pytest.fixture(scope="module")
def skeleton_bot() -> type:
    return load_bot_from_notebook(EXERCISE, "MyMonteCarloBot")


def test_playout_cases_cover_the_game():
    cases = playout_cases()
    assert [s.is_over() for _, s, _ in cases] == [True, False, False, False]
    assert {me for _, _, me in cases} == {0, 1}


def test_check_passes_on_the_solution(solution_bot):
    report = check_monte_carlo(solution_bot)
    found = items(report)
    # the practice games (4) are too few to demand the win-rate bar here; legality, time and playout must hold
    assert found["create your bot"].passed and found["playout"].passed
    assert "all actions legal" in found["4 practice games against BaliGreedyBot"].message


def test_check_fails_on_the_skeleton_with_a_hint(skeleton_bot):
    report = check_monte_carlo(skeleton_bot)
    assert not report.passed
    found = items(report)
    assert found["create your bot"].passed
    assert not found["playout"].passed and "still raises NotImplementedError" in found["playout"].hint
    assert "not run yet" in found["4 practice games against BaliGreedyBot"].message


class HalfPlayout(BaseBot):
    """Plays only a few decisions of the playout."""

    def playout(self, state, me):
        for _ in range(3):
            if not state.is_over():
                p = state.current_player()
                state.apply(state.legal_actions(p)[0], p)
        if state.is_over():
            return 1.0 / len(state.outcome().winners) if me in state.outcome().winners else 0.0
        return 0.5

    def act(self, observation, legal_actions):
        return legal_actions[0]


class WrongShare(HalfPlayout):
    """Plays to the end but calls a shared win a full win... and a loss a win."""

    def playout(self, state, me):
        while not state.is_over():
            p = state.current_player()
            state.apply(state.legal_actions(p)[0], p)
        return 1.0


def test_check_playout_names_the_mistake():
    unfinished = check_playout(HalfPlayout)
    assert not unfinished.passed and "not over" in unfinished.message and "outcome().winners" in unfinished.hint
    wrong = check_playout(WrongShare)
    assert not wrong.passed and "share of the win" in wrong.message


# ---- the bars: weak baselines fail, the reference passes ----------------------------------------------


class FirstBot(BaseBot):
    def act(self, observation, legal_actions):
        return legal_actions[0]


@pytest.mark.parametrize("baseline", [FirstBot, RandomBot])
def test_weak_baselines_fail_the_win_rate(baseline):
    report = grade_monte_carlo(baseline, seed=99)
    found = items(report)
    assert found["legal actions"].passed
    assert not found["win rate"].passed and found["win rate"].details["win_rate"] < MIN_WIN_RATE / 2


# ---- the grader on notebooks (each in its own process) ------------------------------------------------


def _notebook(path: Path, *sources: str) -> Path:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
             for s in sources]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


def test_grader_fails_the_skeleton():
    report = grader.grade(EXERCISE, seed=1)
    assert not report.passed
    found = items(report)
    assert found["load your bot"].passed and not found["your own search"].passed
    assert not found["legal actions"].passed and "NotImplementedError" in found["legal actions"].message
    assert "no completed game to judge" in found["win rate"].message


def test_grader_refuses_the_library_search(tmp_path):
    sub = _notebook(tmp_path / "sub.ipynb", "from jaliz_learn.bots import mcts as search\n"
                    "Base = getattr(search, 'ISMC' + 'TSBot')\n"
                    "class MyMonteCarloBot(Base):\n    def helper(self, o):\n        self.game.sample_state(o, 1)\n")
    report = grader.grade(sub, seed=1)
    found = items(report)
    assert not report.passed and not found["your own search"].passed
    message = found["your own search"].message
    assert "jaliz_learn.bots.mcts" in message and "win rate" not in found


def test_grader_refuses_a_bot_that_never_samples(tmp_path):
    greedy = _notebook(tmp_path / "greedy.ipynb", "from jaliz_learn.bots import BaseBot\n"
                       "from jaliz_learn.games.bali.bots import BaliGreedyBot\n"
                       "class MyMonteCarloBot(BaseBot):\n"
                       "    def act(self, observation, legal_actions):\n"
                       "        return BaliGreedyBot(0).act(observation, legal_actions)\n")
    report = grader.grade(greedy, seed=1)
    assert not items(report)["your own search"].passed
    assert "never calls sample_state" in items(report)["your own search"].message


def test_grader_passes_the_reference_notebook():
    report = grader.grade(SOLUTION, seed=3)
    assert report.passed, str(report)
