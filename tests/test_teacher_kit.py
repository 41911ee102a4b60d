"""The teacher kit (issue 48): the reference answers live in ``teacher/`` (``jaliz_learn_teacher``), never in the
learner package; a learner's ``check()`` works without the kit (the practice answers of the public cases), the
graders' hidden cases need it and say so in one line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import jaliz_learn
from jaliz_learn.exercises import ex02_nizam_one_ply, ex03_jungli_la_probability, ex05_experiments
from jaliz_learn.exercises.practice import TeacherKitMissing, answer, key_of
from jaliz_learn.grading import load_bot_from_notebook

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(jaliz_learn.__file__).resolve().parent

#: exercise module, folder, class
CHECKED = [(ex02_nizam_one_ply, "02_nizam_one_ply", "MyNizamBot"),
           (ex03_jungli_la_probability, "03_jungli_la_probability", "MyJungliBot"),
           (ex05_experiments, "05_experiments", "MyExperiments")]


@pytest.fixture
def without_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a learner's machine: ``import jaliz_learn_teacher`` fails."""
    for name in [m for m in sys.modules if m == "jaliz_learn_teacher" or m.startswith("jaliz_learn_teacher.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "jaliz_learn_teacher", None)


def test_the_learner_package_holds_no_reference_answer():
    assert not (PACKAGE / "exercises" / "answers").exists()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "def reference_" not in text and "def exact_best" not in text, path


def test_the_practice_answers_are_what_the_kit_gives():
    from jaliz_learn_teacher import practice

    assert (PACKAGE / "exercises" / "practice_answers.py").read_text(encoding="utf-8") == practice.render(), \
        "run python -m jaliz_learn_teacher.practice --write"


@pytest.mark.parametrize(("module", "folder", "cls"), CHECKED, ids=[c[1] for c in CHECKED])
def test_check_works_without_the_kit(module, folder, cls, without_kit):
    solution = load_bot_from_notebook(ROOT / "exercises" / folder / "solution.ipynb", cls)
    kwargs = {ex02_nizam_one_ply: {"solo_games": 1, "duel_games": 2}, ex03_jungli_la_probability: {"games": 2},
              ex05_experiments: {}}[module]
    report = module.check(solution, **kwargs)
    assert all(i.passed for i in report.items if "practice games" not in i.name), str(report)

    class Wrong(solution):  # type: ignore[misc, valid-type]
        pass

    for name in ("evaluate", "best_value", "wilson"):
        if hasattr(solution, name):
            setattr(Wrong, name, lambda self, *args, n=name: (0.0, 0.5) if n == "wilson" else 0)
    failed = [i.name for i in module.check(Wrong, **kwargs).items if not i.passed]
    assert {"evaluate", "best_value", "wilson"} & set(failed), failed


def test_hidden_cases_need_the_kit_and_say_so_in_one_line(without_kit):
    with pytest.raises(TeacherKitMissing) as raised:
        ex03_jungli_la_probability.cases(12345, 3)
    message = str(raised.value)
    assert "\n" not in message and "teacher kit" in message and "pip install -e ./teacher" in message
    with pytest.raises(TeacherKitMissing):
        answer("ex05", ("wilson", 3, 11, 1.96), lambda a: a.reference_wilson(3, 11, 1.96))


def test_the_kit_gives_the_hidden_answers():
    from jaliz_learn_teacher.answers import ex05

    got = answer("ex05", ("wilson", 3, 11, 1.96), lambda a: a.reference_wilson(3, 11, 1.96))
    assert got == ex05.reference_wilson(3, 11, 1.96) and key_of(("wilson", 3, 11, 1.96)) not in \
        __import__("jaliz_learn.exercises.practice_answers", fromlist=["ANSWERS"]).ANSWERS["ex05"]


def test_the_kit_finds_every_solution_notebook():
    from jaliz_learn_teacher import solutions

    assert set(solutions()) == {p.parent.name for p in (ROOT / "exercises").glob("*/grader.py")}


def test_a_grader_without_the_kit_says_so_in_one_line_before_any_notebook_runs():
    import subprocess

    code = ("import sys; sys.modules['jaliz_learn_teacher'] = None\n"
            "from jaliz_learn.grading.batch import find_exercise, load_grader\n"
            "sys.exit(load_grader(find_exercise('5')).main([sys.argv[1]]))")
    notebook = str(ROOT / "exercises" / "05_experiments" / "exercise.ipynb")
    done = subprocess.run([sys.executable, "-c", code, notebook], capture_output=True, text=True, timeout=300)
    lines = [line for line in done.stderr.splitlines() if line.startswith("grader.py:")]
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "teacher kit" in lines[0] and "pip install -e ./teacher" in lines[0] and done.stdout == ""


def test_a_batch_without_the_kit_is_refused_before_any_notebook_runs(tmp_path, without_kit):
    from jaliz_learn.grading.batch import grade_folder

    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "ann.ipynb").write_text((ROOT / "exercises" / "03_jungli_la_probability" / "exercise.ipynb").read_text())
    with pytest.raises(TeacherKitMissing, match="teacher kit"):
        grade_folder("3", folder, out=tmp_path / "out", bar=False)
    assert not (tmp_path / "out").exists()
