"""What every exercise of the ladder shares (solution as master, as nbgrader does it).

For each exercise folder: the learner notebook is exactly the one generated from the master, it has
no outputs and no solution left in it (one stub cell, a ``raise NotImplementedError`` per method to
write), the master keeps the outputs nbval compares, and neither notebook shows the grader's practice
seed. Each exercise's own tests (``test_exercise_NN.py``) check its bars, its checks and its grader.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jaliz_learn.grading import learner_notebook_diff, read_notebook
from jaliz_learn.grading.batch import load_grader

ROOT = Path(__file__).resolve().parents[1]

#: folder, a line of the reference solution that must not reach the learner, methods to write
EXERCISES = [
    ("01_first_jaliz_bot", "plot_is_full(plots[a.plot - 1])", 5),
    ("02_nizam_one_ply", "after.apply(Score(), me)", 3),
    ("03_jungli_la_probability", "p * Fraction(1, 6)", 4),
    ("04_monte_carlo_search", "totals[i] +=", 2),
    ("05_experiments", "z * z / (2 * n)", 6),
]


def test_every_exercise_folder_is_listed():
    folders = sorted(p.parent.name for p in (ROOT / "exercises").glob("*/grader.py"))
    assert folders == sorted(name for name, _, _ in EXERCISES)


@pytest.mark.parametrize("name,solution_line,methods", EXERCISES)
def test_learner_notebook_is_the_generated_one(name, solution_line, methods):
    folder = ROOT / "exercises" / name
    master, learner = folder / "solution.ipynb", folder / "exercise.ipynb"
    problems = learner_notebook_diff(master, learner)
    assert not problems, ("exercise.ipynb is stale; regenerate it: python -m jaliz_learn.grading generate "
                          f"{master.relative_to(ROOT)} {learner.relative_to(ROOT)}\n" + "\n".join(problems))


@pytest.mark.parametrize("name,solution_line,methods", EXERCISES)
def test_learner_notebook_has_no_outputs_and_no_solution(name, solution_line, methods):
    learner = ROOT / "exercises" / name / "exercise.ipynb"
    code = [c for c in read_notebook(learner)["cells"] if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    text = learner.read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and solution_line not in text
    stubs = [c for c in code if 'raise NotImplementedError("Write your code here' in c["source"]]
    assert len(stubs) == 1 and stubs[0]["source"].count("raise NotImplementedError") == methods  # one per method


@pytest.mark.parametrize("name,solution_line,methods", EXERCISES)
def test_master_has_stored_outputs_for_nbval(name, solution_line, methods):
    nb = read_notebook(ROOT / "exercises" / name / "solution.ipynb")
    shown = [c for c in nb["cells"] if c["cell_type"] == "code" and "grader-skip" in c["metadata"].get("tags", [])]
    assert shown and all(c.get("outputs") for c in shown), "execute solution.ipynb in place (nbconvert --inplace)"


@pytest.mark.parametrize("name,solution_line,methods", EXERCISES)
def test_practice_seed_is_not_in_the_notebooks(name, solution_line, methods):
    folder = ROOT / "exercises" / name
    practice = load_grader(folder).PRACTICE_SEED
    for path in (folder / "solution.ipynb", folder / "exercise.ipynb"):
        text = path.read_text(encoding="utf-8")
        assert str(practice) not in text and hex(practice) not in text
