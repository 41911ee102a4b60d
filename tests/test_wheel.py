"""A wheel that teaches (issue 31): built from a clean copy, installed (not editable) into a fresh virtual
environment, it copies the course into an empty folder (never overwriting an edited notebook), runs a notebook
under nbval and grades a notebook, with no repository in sight.

A learner's wheel holds no answer (issue 48): no reference answer and no solution notebook; those are in the teacher
kit's own wheel (``teacher/``). A teacher with the two published wheels grades every exercise's reference solution
(taken from the kit's wheel), and a notebook that imports the kit's answers cannot (the kit is hidden from it)."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def _run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    listed = _run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    for name in listed.stdout.splitlines():  # the committed files and new ones, no build products or caches
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    built = _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(base / "dist"), str(source)])
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheel = next((base / "dist").glob("jaliz_learn-*.whl"))
    venv = base / "fresh"
    made = _run([sys.executable, "-m", "venv", str(venv)])
    assert made.returncode == 0, made.stderr
    # the dependencies come from this environment (a .pth line adds its site-packages, whose own .pth files, the
    # editable install of this checkout among them, are not run); jaliz_learn itself only from the wheel
    fresh_site = Path(_run([str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()"
                                                                    "['purelib'])"]).stdout.strip())
    (fresh_site / "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)])
    assert pip.returncode == 0, pip.stdout[-2000:] + pip.stderr[-2000:]
    where = _run([str(venv / "bin" / "python"), "-c", "import jaliz_learn; print(jaliz_learn.__file__)"], cwd=base)
    assert where.stdout.strip().startswith(str(fresh_site)), where.stdout + where.stderr
    return {"base": base, "bin": venv / "bin", "wheel": wheel, "source": source, "site": fresh_site}


@pytest.fixture(scope="module")
def teacher(installed: dict[str, Path]) -> dict[str, Path]:
    """The teacher kit's wheel, built from the same clean copy and installed beside the learner's wheel."""
    built = _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(installed["base"] / "dist"),
                  str(installed["source"] / "teacher")])
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheel = next((installed["base"] / "dist").glob("jaliz_learn_teacher-*.whl"))
    pip = _run([str(installed["bin"] / "python"), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)])
    assert pip.returncode == 0, pip.stdout[-2000:] + pip.stderr[-2000:]
    return {**installed, "kit": wheel}


def test_the_wheel_holds_the_course_but_no_solution(installed):
    import zipfile

    names = zipfile.ZipFile(installed["wheel"]).namelist()
    assert "jaliz_learn/course/notebooks/00_welcome.ipynb" in names
    assert "jaliz_learn/course/exercises/04_monte_carlo_search/grader.py" in names
    assert "jaliz_learn/course/exercises/02_nizam_one_ply/exercise.ipynb" in names
    assert not [n for n in names if "solution" in n], "a solution master went into the wheel"


def test_the_learners_wheel_holds_no_answer(installed):
    import zipfile

    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = wheel.namelist()
        sources = {n: wheel.read(n) for n in names if n.endswith(".py")}
    assert not [n for n in names if "/answers/" in n or "solution" in n or "teacher" in n], names
    assert not [n for n, text in sources.items() if b"def reference_" in text or b"def exact_best" in text]
    assert "jaliz_learn/exercises/practice_answers.py" in names  # what check() compares with: public cases only


def test_the_kits_wheel_holds_the_answers_and_solutions(teacher):
    import zipfile

    names = zipfile.ZipFile(teacher["kit"]).namelist()
    assert "jaliz_learn_teacher/answers/ex05.py" in names and not [n for n in names if n.startswith("jaliz_learn/")]
    folders = sorted(p.parent.name for p in (ROOT / "exercises").glob("*/solution.ipynb"))
    assert sorted(n.split("/")[2] for n in names if n.endswith("/solution.ipynb")) == folders


def test_tutorial_copies_the_course_and_keeps_edited_notebooks(installed):
    folder = installed["base"] / "class"
    folder.mkdir()
    first = _run([str(installed["bin"] / "jaliz-learn"), "tutorial", "--copy-only"], cwd=folder)
    assert first.returncode == 0, first.stdout + first.stderr
    assert (folder / "notebooks" / "00_welcome.ipynb").is_file()
    assert (folder / "exercises" / "02_nizam_one_ply" / "exercise.ipynb").is_file()
    edited = folder / "exercises" / "02_nizam_one_ply" / "exercise.ipynb"
    edited.write_text(edited.read_text().replace("MyNizamBot", "MyNizamBot", 1) + "\n")  # an edit (one byte)
    mine = edited.read_bytes()
    again = _run([str(installed["bin"] / "jaliz-learn"), "tutorial", "--copy-only"], cwd=folder)
    said = again.stdout + again.stderr  # what tutorial did is a progress line (stderr since the -v/-q habits)
    assert again.returncode == 0 and "0 files copied" in said, said
    assert "exercises/02_nizam_one_ply/exercise.ipynb kept" in said and edited.read_bytes() == mine


def test_a_notebook_runs_under_nbval_from_the_installed_wheel(installed):
    folder = installed["base"] / "nbval"
    folder.mkdir()
    assert _run([str(installed["bin"] / "jaliz-learn"), "tutorial", "--copy-only"], cwd=folder).returncode == 0
    env = dict(os.environ, JALIZ_LEARN_ISOLATION="auto")
    run = _run([str(installed["bin"] / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                "--nbval-current-env", "--nbval-sanitize-with", str(ROOT / "notebooks" / "sanitize.cfg"),
                str(folder / "notebooks" / "00_welcome.ipynb")], cwd=folder, env=env)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_a_grade_from_the_installed_wheel(teacher):
    installed = teacher  # exercise 5's grader compares with the teacher kit's answers
    folder = installed["base"] / "grade"
    (folder / "submissions").mkdir(parents=True)
    assert _run([str(installed["bin"] / "jaliz-learn"), "tutorial", "--copy-only"], cwd=folder).returncode == 0
    shutil.copy(folder / "exercises" / "05_experiments" / "exercise.ipynb", folder / "submissions" / "ann.ipynb")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JALIZ_LEARN_")}
    run = _run([str(installed["bin"] / "jaliz-learn"), "grade", "5", "submissions", "-q"], cwd=folder, env=env)
    assert run.returncode == 1 and "0 of 1 notebooks passed" in run.stdout, run.stdout + run.stderr
    with open(folder / "submissions-gradebook" / "gradebook.csv", newline="", encoding="utf-8") as f:
        (row,) = list(csv.DictReader(f))
    assert row["student_id"] == "ann" and "NotImplementedError" in row["first_problem"]


CHEAT = """from jaliz_learn_teacher.answers import ex05 as answers


class MyExperiments:
    def act(self, observation, legal_actions):
        raise RuntimeError("MyExperiments plays no games")

    schedule = staticmethod(answers.reference_schedule)
    win_rates = staticmethod(answers.reference_win_rates)
    wilson = staticmethod(answers.reference_wilson)
    seat_win_rates = staticmethod(answers.reference_seat_win_rates)

    def seat_advantage(self, games):
        return answers.reference_seat_advantage(games, 1.96)

    def elo(self, games, k=16):
        return answers.reference_elo(games, k, 1500.0)
"""


def test_a_teacher_grades_every_exercise_from_the_published_wheels(teacher):
    """The kit's solution notebooks pass their graders (the kit's answers are needed by exercises 3 and 5), and a
    notebook that imports the kit's answers cannot read them: the kit is hidden from the learner's process."""
    folder = teacher["base"] / "teacher"
    folder.mkdir()
    assert _run([str(teacher["bin"] / "jaliz-learn"), "tutorial", "--copy-only"], cwd=folder).returncode == 0
    where = _run([str(teacher["bin"] / "python"), "-c", "import jaliz_learn_teacher as k, json; print(json.dumps("
                  "{n: str(p) for n, p in k.solutions().items()}))"], cwd=folder)
    solutions = __import__("json").loads(where.stdout)
    assert sorted(solutions) == sorted(p.parent.name for p in (ROOT / "exercises").glob("*/grader.py"))
    assert all(p.startswith(str(teacher["site"])) for p in solutions.values()), solutions
    env = {k: v for k, v in os.environ.items() if not k.startswith("JALIZ_LEARN_")}
    for exercise, solution in solutions.items():
        submissions = folder / f"{exercise}-submissions"
        submissions.mkdir()
        shutil.copy(solution, submissions / "reference.ipynb")
        if exercise.startswith("05"):
            nb = __import__("json").loads(Path(solution).read_text())
            for cell in nb["cells"]:
                if cell["cell_type"] == "code" and "class MyExperiments" in "".join(cell["source"]):
                    cell["source"] = CHEAT
            (submissions / "cheat.ipynb").write_text(__import__("json").dumps(nb))
        run = _run([str(teacher["bin"] / "jaliz-learn"), "grade", exercise, str(submissions), "-q", "--jobs", "2"],
                   cwd=folder, env=env)
        with open(folder / f"{exercise}-submissions-gradebook" / "gradebook.csv", newline="", encoding="utf-8") as f:
            rows = {r["student_id"]: r for r in csv.DictReader(f)}
        assert rows["reference"]["passed"] == "True", (exercise, rows["reference"], run.stdout[-3000:], run.stderr)
        if exercise.startswith("05"):
            cheat = rows["cheat"]
            assert cheat["passed"] == "False", cheat
            assert "ModuleNotFoundError" in cheat["first_problem"] or "PermissionError" in cheat["first_problem"], \
                cheat
