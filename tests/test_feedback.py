"""Feedback that teaches (issue 27).

* **One-mistake bots.** Bots generated from a good bot of exercise 2 (the game's greedy bot with the two methods
  right), each changed to make exactly one mistake, fail exactly the report line that judges that mistake, and
  every other line passes; no report line is longer than 300 characters.
* **Mistake detectors.** For every mistake of :data:`jaliz_learn.grading.mistakes.MISTAKES` a learner commonly
  makes, a bot that makes it gets that mistake's hint from ``check()`` (in the learner's kernel) and from the
  grader (its notebook in its own process).
"""

from __future__ import annotations

import json
import textwrap
import time
from pathlib import Path

import pytest
from jaliz_learn_teacher.answers.ex02 import reference_evaluate, reference_points_if_scored

from jaliz_learn.exercises import ex02_nizam_one_ply as ex02
from jaliz_learn.games.nizam import Move
from jaliz_learn.games.nizam.bots import NizamGreedyBot
from jaliz_learn.grading.batch import find_exercise, load_grader
from jaliz_learn.grading.mistakes import MISTAKES

SEED = 11
LIMIT = 0.3


class Good(NizamGreedyBot):
    """Passes every line of exercise 2's grade (the greedy bot plays well enough; the methods are the answers)."""

    def points_if_scored(self, state, me):
        return reference_points_if_scored(state, me)

    def evaluate(self, state, me):
        return reference_evaluate(state, me, ex02.CARD_VALUE)


class _Once:
    """Makes a bot's mistake happen in one game only (one process, the games in order)."""

    done = False

    @classmethod
    def now(cls) -> bool:
        if cls.done:
            return False
        cls.done = True
        return True


class IllegalInADuel(Good):
    once = type("Once", (_Once,), {})

    def act(self, observation, legal_actions):
        if observation.num_players == 2 and observation.turn >= 3 and self.once.now():
            return Move("r9", "left", "AAA")  # no row 9: illegal
        return super().act(observation, legal_actions)


class SlowOnce(Good):
    once = type("Once", (_Once,), {})

    def act(self, observation, legal_actions):
        if observation.num_players == 1 and observation.turn >= 3 and self.once.now():
            time.sleep(LIMIT + 0.4)
        return super().act(observation, legal_actions)


class WeakInSolo(Good):
    def act(self, observation, legal_actions):
        if observation.num_players == 1 and observation.turn > 3:
            return legal_actions[0]
        return super().act(observation, legal_actions)


class WeakInDuels(Good):
    def act(self, observation, legal_actions):
        if observation.num_players == 2:
            return legal_actions[0]
        return super().act(observation, legal_actions)


class WrongInOneScenario(Good):
    def act(self, observation, legal_actions):
        if observation.num_players == 1 and observation.turn == 1 and "".join(observation.board) == \
                "".join(["ABCDE", "FGHAB", "CDEFG", "HABCD", "EFGHA"]) and observation.hand == "BH":
            return next(a for a in legal_actions if isinstance(a, Move))  # the scenario wants a draw
        return super().act(observation, legal_actions)


CASES = [(Good, set()), (IllegalInADuel, {"legal actions"}), (SlowOnce, {"time per decision"}),
         (WeakInSolo, {"solo points per game"}), (WeakInDuels, {"win rate"}),
         (WrongInOneScenario, {"draw when no move scores"})]


@pytest.mark.parametrize("bot, failing", CASES, ids=[c[0].__name__ for c in CASES])
def test_a_bot_with_one_mistake_fails_exactly_that_line(bot, failing):
    for cls in (IllegalInADuel, SlowOnce):
        cls.once.done = False
    report = ex02.grade_one_ply(bot, seed=SEED, time_limit=LIMIT, solo_games=4, duel_games=8)
    failed = {item.name for item in report.items if not item.passed}
    assert failed == failing, str(report)
    assert {i.name for i in report.items} >= {"legal actions", "time per decision", "solo points per game",
                                             "win rate"}
    assert all(len(line) <= 300 for line in str(report).splitlines()), str(report)


# ---- mistake detectors: the same hint in check() and in the grader ------------------------------------------

BOT_HEADER = ("from jaliz_learn.bots import BaseBot\nimport time\nimport jaliz_learn\n"
              "game = jaliz_learn.load_game('nizam')\n")

#: mistake -> the body of a MyNizamBot whose act() makes it (methods right, from the given helpers)
MISTAKE_BOTS = {
    "not-cloned search": """
    def act(self, observation, legal_actions):
        state = game.sample_state(observation, rng=self.rng.randrange(2**30))
        best = None
        for action in legal_actions:  # every action applied to the same state: no clone()
            state.apply(action, observation.player)
            best = best or action
        return best
""",
    "wrong player's moves": """
    def act(self, observation, legal_actions):
        state = game.sample_state(observation, rng=self.rng.randrange(2**30))
        me = observation.player
        state.apply(legal_actions[0], me)
        while not state.is_over():  # a playout that always asks for its own seat's moves
            moves = state.legal_actions(me)
            state.apply(moves[self.rng.randrange(len(moves))], me)
        return legal_actions[0]
""",
    "mutating the observation": """
    def act(self, observation, legal_actions):
        observation.hand.append("A")
        return legal_actions[0]
""",
    "returned a string": """
    def act(self, observation, legal_actions):
        return str(legal_actions[0])
""",
    "returned an index": """
    def act(self, observation, legal_actions):
        return 0
""",
    "returned None": """
    def act(self, observation, legal_actions):
        if observation.turn > 0:
            pass
""",
    "ignoring the time limit": """
    def act(self, observation, legal_actions):
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline:  # a search that never looks at the clock
            pass
        return legal_actions[0]
""",
    "not implemented yet": """
    def act(self, observation, legal_actions):
        raise NotImplementedError("Write your code here (replace this line).")
""",
}
HINTS = {m.name: m.hint for m in MISTAKES}


def _source(body: str) -> str:
    return BOT_HEADER + "\n\nclass MyNizamBot(BaseBot):" + textwrap.dedent("\n" + body.strip("\n")).replace(
        "\n", "\n    ") + "\n"


def _hint_words(name: str) -> str:
    return HINTS[name].split("{limit}")[0][:60]


def _flat(report) -> str:
    """The report's text with its line breaks undone (hints wrap at about 120 characters)."""
    return " ".join(str(report).split())


def test_every_common_mistake_has_a_bot_here():
    assert set(MISTAKE_BOTS) <= set(HINTS)


@pytest.mark.parametrize("mistake", sorted(MISTAKE_BOTS))
def test_the_hint_of_a_mistake_appears_in_check_and_in_the_grader(mistake, tmp_path):
    source = _source(MISTAKE_BOTS[mistake])
    space: dict = {}
    exec(compile(source, "<cell 2>", "exec"), space)
    quick = ex02.check_one_ply(space["MyNizamBot"], solo_games=1, duel_games=2, time_limit=LIMIT)
    assert not quick.passed and " ".join(_hint_words(mistake).split()) in _flat(quick), str(quick)
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}]
    path = tmp_path / "learner.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    grader = load_grader(find_exercise("2"))
    report = grader.grade(path, seed=SEED, time_limit=LIMIT, solo_games=2, duel_games=2)
    assert not report.passed and " ".join(_hint_words(mistake).split()) in _flat(report), str(report)
    assert all(len(line) <= 300 for line in str(report).splitlines()), str(report)


def test_the_guide_lists_the_exercises_as_they_are():
    """The teacher's guide (notebooks/README.md) and exercises/README.md list exactly the exercise folders."""
    root = Path(__file__).resolve().parents[1]
    folders = sorted(p.name for p in (root / "exercises").iterdir() if (p / "grader.py").is_file())
    for guide in (root / "notebooks" / "README.md", root / "exercises" / "README.md"):
        text = guide.read_text(encoding="utf-8")
        for folder in folders:
            assert folder in text, f"{guide.name} does not mention {folder}"
        assert "not in the repository" not in text, f"{guide.name} still says an exercise is missing"
