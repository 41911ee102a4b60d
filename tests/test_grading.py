"""Tests of jaliz_learn.grading: notebooks, learner versions, and bot checks.

Uses the tiny RaceGame and the misbehaving bots of ``test_tournament.py`` (loaded by path,
so this works whatever pytest's import mode).
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from jaliz_learn import grading
from jaliz_learn.core.registry import REGISTRY
from jaliz_learn.grading import (
    GradeReport,
    LearnerCodeError,
    check_learner_notebook,
    check_legality,
    check_time_limit,
    check_win_rate,
    generate_learner_notebook,
    grade_bot,
    grade_notebook,
    learner_notebook_diff,
    load_bot_from_notebook,
    notebook_text,
    run_notebook,
    strip_solution,
)


def _race_module() -> Any:
    name = "_jaliz_race_game"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("test_tournament.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


race = _race_module()
GAME = race.RaceGame()

SMART_SOURCE = '''\
from jaliz_learn.bots import BaseBot


class SmartBot(BaseBot):
    """Reaches the target when it can."""

    def act(self, observation, legal_actions):
        ### BEGIN SOLUTION
        for a in legal_actions:
            if (observation.target - observation.total - a.amount) % 3 == 0:
                return a
        return legal_actions[0]
        ### END SOLUTION
'''


def code(source: str, tags: list[str] | None = None, outputs: list | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": 3 if outputs else None, "id": f"c{abs(hash(source)) % 10**8}",
            "metadata": {"tags": tags} if tags else {}, "outputs": outputs or [],
            "source": source.splitlines(True)}


def markdown(source: str, tags: list[str] | None = None) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": f"m{abs(hash(source)) % 10**8}",
            "metadata": {"tags": tags} if tags else {}, "source": source.splitlines(True)}


def notebook(*cells: dict[str, Any]) -> dict[str, Any]:
    return {"cells": list(cells), "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                               "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def master_notebook() -> dict[str, Any]:
    out = [{"output_type": "stream", "name": "stdout", "text": ["hello\n"]}]
    return notebook(
        markdown("# Exercise: a bot for the race\n\nWrite `SmartBot.act`."),
        code("%matplotlib inline\nimport math\n!echo hi", outputs=out),
        code(SMART_SOURCE),
        markdown("Why does it work?\n\n### BEGIN SOLUTION\nMultiples of 3.\n### END SOLUTION\n"),
        code("check(SmartBot)"),
        code("display(SmartBot)\nprint('shown')"),
        code("assert SmartBot().act is not None  # teacher's own test", tags=["solution-only"]),
    )


# ---- generating the learner notebook -----------------------------------------------------------


def test_strip_solution_keeps_indentation_and_code_around():
    src = "a = 1\nif a:\n    ### BEGIN SOLUTION\n    b = 2\n    ### END SOLUTION\nc = 3\n"
    assert strip_solution(src, "fill in b") == 'a = 1\nif a:\n    raise NotImplementedError("fill in b")\nc = 3\n'
    assert strip_solution("### BEGIN SOLUTION\nx\n### END SOLUTION", markdown=True) == grading.MARKDOWN_STUB + "\n"
    for bad in ("### BEGIN SOLUTION\nx\n", "x\n### END SOLUTION\n", "### BEGIN SOLUTION\n### BEGIN SOLUTION\n"):
        with pytest.raises(ValueError, match="SOLUTION"):
            strip_solution(bad)


def test_generate_learner_notebook(tmp_path):
    master = tmp_path / "master.ipynb"
    master.write_text(json.dumps(master_notebook()), encoding="utf-8")
    learner = tmp_path / "learner.ipynb"
    nb = generate_learner_notebook(master, learner)
    sources = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in nb["cells"]]
    assert len(nb["cells"]) == 6  # the solution-only cell is gone
    assert not any("teacher's own test" in s for s in sources)
    assert 'raise NotImplementedError("Write your code here (replace this line).")' in sources[2]
    assert "legal_actions[0]" not in sources[2] and "### BEGIN" not in "".join(sources)
    assert "Multiples of 3" not in sources[3] and grading.MARKDOWN_STUB in sources[3]
    assert all(c.get("outputs", []) == [] for c in nb["cells"])
    text = learner.read_text(encoding="utf-8")
    assert text == notebook_text(nb) and text.endswith("}\n")
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.reads(text, as_version=4))
    assert nbformat.writes(nbformat.reads(text, as_version=4)) + "\n" == text  # same layout as Jupyter's


def test_learner_notebook_diff_and_check(tmp_path):
    master = tmp_path / "master.ipynb"
    master.write_text(json.dumps(master_notebook()), encoding="utf-8")
    learner = tmp_path / "learner.ipynb"
    generate_learner_notebook(master, learner)
    assert learner_notebook_diff(master, learner) == []
    assert check_learner_notebook(master, learner).passed

    stale = json.loads(learner.read_text(encoding="utf-8"))
    stale["cells"][2]["source"] = [line.replace("act(self", "act(me") for line in stale["cells"][2]["source"]]
    stale["cells"].append(code("print(1)"))
    learner.write_text(json.dumps(stale), encoding="utf-8")
    problems = learner_notebook_diff(master, learner)
    assert any("7 cells" in p for p in problems)
    assert any(p.startswith("cell 3, line 7") and "act(me" in p for p in problems), problems
    report = check_learner_notebook(master, learner)
    assert not report.passed and "python -m jaliz_learn.grading generate" in str(report)

    leaked = master_notebook()
    learner.write_text(json.dumps(leaked), encoding="utf-8")
    assert any("still contains" in p for p in learner_notebook_diff(master, learner))


def test_command_line(tmp_path, capsys):
    master = tmp_path / "master.ipynb"
    master.write_text(json.dumps(master_notebook()), encoding="utf-8")
    learner = tmp_path / "learner.ipynb"
    assert grading.main(["generate", str(master), str(learner)]) == 0
    assert grading.main(["check", str(master), str(learner)]) == 0
    learner.write_text(notebook_text(notebook(code("x = 1"))), encoding="utf-8")
    assert grading.main(["check", str(master), str(learner)]) == 1
    assert grading.main(["bogus"]) == 2


# ---- loading a learner's bot -------------------------------------------------------------------


def test_load_bot_skips_check_display_magics_and_captures_output(capsys):
    cls = load_bot_from_notebook(master_notebook())
    assert cls.__name__ == "SmartBot"
    assert capsys.readouterr().out == ""
    ns = run_notebook(master_notebook())
    assert "math" in ns and "SmartBot" in ns
    assert load_bot_from_notebook(master_notebook(), "SmartBot") is not None


def test_imported_bot_classes_are_not_the_learners():
    nb = notebook(code("from jaliz_learn.bots import RandomBot, BaseBot\nx = 1"))
    with pytest.raises(LearnerCodeError, match="defines no bot class"):
        load_bot_from_notebook(nb)


@pytest.mark.parametrize("source,pattern", [
    ("x = 1\ny = (", r"^cell 2 \(starting `x = 1`\) has a syntax error on line 2"),
    ("import math\nprint(undefined_name)", r"raised NameError: name 'undefined_name' is not defined \(in <module>, "
                                           r"cell 2 \(starting `import math`\), line 2: `print\(undefined_name\)`"
                                           r"\).*Restart and Run All"),
    ("raise NotImplementedError('todo')", r"Replace the `raise NotImplementedError"),
    ("import sys\nsys.exit(3)", r"raised SystemExit"),
])
def test_notebook_errors_are_learner_messages(source, pattern):
    """Cells are named as JupyterLab counts them (markdown cells too), with their first line."""
    with pytest.raises(LearnerCodeError, match=pattern):
        run_notebook(notebook(markdown("# title"), code(source)))


def test_endless_loop_in_a_cell_is_stopped():
    start = time.perf_counter()
    with pytest.raises(LearnerCodeError, match="did not finish within 0.2 s"):
        run_notebook(notebook(code("while True:\n    pass")), cell_time_limit=0.2)
    assert time.perf_counter() - start < 3


def test_class_choice_errors():
    two = notebook(code("class A:\n    def act(self, o, l):\n        return l[0]\n\nclass B(A):\n    pass"))
    with pytest.raises(LearnerCodeError, match=r"several bot classes \(A, B\)"):
        load_bot_from_notebook(two)
    assert load_bot_from_notebook(two, "B").__name__ == "B"
    with pytest.raises(LearnerCodeError, match="defines no `C`.*A, B"):
        load_bot_from_notebook(two, "C")
    with pytest.raises(LearnerCodeError, match="must be a class"):
        load_bot_from_notebook(notebook(code("D = 3")), "D")


def test_bad_files(tmp_path):
    with pytest.raises(LearnerCodeError, match="not found"):
        run_notebook(tmp_path / "missing.ipynb")
    broken = tmp_path / "broken.ipynb"
    broken.write_text('{"cells": [', encoding="utf-8")
    with pytest.raises(LearnerCodeError, match="not a valid notebook"):
        run_notebook(broken)


# ---- checking bots -----------------------------------------------------------------------------


def test_reference_bot_passes_everything():
    report = grade_bot(GAME, race.SmartBot, min_win_rate=0.6, legality_games=20, win_games=40, time_limit=0.5)
    assert report.passed, str(report)
    assert [i.name for i in report.items] == ["legal actions", "time per decision", "win rate"]
    assert "All checks passed" in str(report) and ">PASS</span>" in report._repr_html_()
    assert list(report.to_dataframe()["passed"]) == [True, True, True]


def test_master_passes_and_skeleton_fails(tmp_path):
    master = tmp_path / "master.ipynb"
    master.write_text(json.dumps(master_notebook()), encoding="utf-8")
    learner = tmp_path / "learner.ipynb"
    generate_learner_notebook(master, learner)
    good = grade_notebook(master, GAME, min_win_rate=0.6, legality_games=10, win_games=20)
    assert good.passed, str(good)
    bad = grade_notebook(learner, GAME, min_win_rate=0.6, legality_games=10, win_games=20)
    assert not bad.passed
    text = str(bad)
    assert "[PASS] load your bot: found class SmartBot" in text
    assert "NotImplementedError" in text and "replace the `raise NotImplementedError(...)` line" in text
    assert "no completed game to judge" in text


def test_broken_notebook_is_a_report_not_a_crash():
    report = grade_notebook(notebook(code("x = (")), GAME)
    assert not report.passed and "syntax error" in report.items[0].message


@pytest.mark.parametrize("bot,words", [
    (race.CrashBot, ["KeyError", "your code raised an error"]),
    (race.NoneBot, ["returned None", "forget the `return`"]),
    (race.IllegalBot, ["Illegal action 'add 5'", "only actions taken from legal_actions"]),
])
def test_failing_bots_get_actionable_reports(bot, words):
    report = grade_bot(GAME, bot, min_win_rate=0.5, legality_games=10, win_games=10)
    assert not report.passed
    first = report.items[0]
    assert first.name == "legal actions" and not first.passed
    text = str(report)
    for w in words:
        assert w in text, text
    assert "game 1 (seat 0)" in first.message and "what your bot saw" in first.message
    assert "the first 3 of 20 games" in first.message  # the games stopped early


def test_hanging_bot_is_contained_quickly():
    start = time.perf_counter()
    report = check_legality(GAME, race.HangBot, games=10, time_limit=0.1)
    assert time.perf_counter() - start < 5
    assert not report.passed and "timeout" in report.items[0].message
    assert "loop that never ends" in report.items[0].hint


def test_time_limit_check():
    slow = check_time_limit(GAME, race.SleepBot, time_limit=0.1, games=2)
    assert not slow.passed and "more than the limit of 0.1 s" in slow.items[0].message
    fast = check_time_limit(GAME, race.SmartBot, time_limit=0.5, games=2)
    assert fast.passed and "slowest decision" in fast.items[0].message


def test_win_rate_check_reports_interval_and_hint():
    from jaliz_learn.bots import RandomBot

    weak = check_win_rate(GAME, RandomBot, min_win_rate=0.9, games=20)
    item = weak.items[0]
    assert not item.passed and "95% interval" in item.message and "needed 90%" in item.message
    assert "an even share is 50%" in item.hint
    strong = check_win_rate(GAME, race.SmartBot, min_win_rate=0.3, games=20, num_players=3)
    assert strong.passed, str(strong)
    assert "2 x RandomBot" in strong.items[0].message


def test_grade_report_basics():
    r = GradeReport("t")
    assert not r.passed  # an empty report passes nothing
    r.add("a", True, "fine")
    r.add("b", False, "broken", hint="fix it")
    assert [i.name for i in r.failed] == ["b"]
    with pytest.raises(AssertionError, match="hint: fix it"):
        r.assert_passed()


# ---- one way of naming cells; observations as data -------------------------------------------------


def test_kernel_cells_are_named_like_graded_cells(tmp_path, monkeypatch):
    """``check()`` in a kernel sees ipykernel's file names; it names the cell by its first line, as the grader."""
    import linecache

    from jaliz_learn.grading import describe_learner_exception

    source = "class MyBot:\n    def act(self, o, l):\n        return 1 / 0\n"
    filename = "/tmp/ipykernel_4242/123456.py"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), namespace)
    try:
        namespace["MyBot"]().act(None, ())
    except ZeroDivisionError as exc:
        text = describe_learner_exception(exc)
    assert text == ("ZeroDivisionError: division by zero (in act, the cell starting `class MyBot:`, line 3: "
                    "`return 1 / 0`)")
    # with the notebook saved (jupyter-server names it in JPY_SESSION_NAME), its number as in the grader
    path = tmp_path / "mine.ipynb"
    path.write_text(json.dumps(notebook(markdown("# title"), code("x = 1"), code(source))), encoding="utf-8")
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))
    try:
        namespace["MyBot"]().act(None, ())
    except ZeroDivisionError as exc:
        assert "(in act, cell 3 (starting `class MyBot:`), line 3: `return 1 / 0`)" in describe_learner_exception(exc)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_observations_and_actions_travel_as_data(name):
    """What the grader sends the learner's process rebuilds equal observations and actions, for every game."""
    import jaliz_learn
    from jaliz_learn.core.actions import action_from_json
    from jaliz_learn.grading.protocol import Decoder, Encoder

    game = jaliz_learn.load_game(name)
    state = game.initial_state(seed=3)
    enc, dec = Encoder(), Decoder()
    for step in range(40):
        if state.is_over():
            break
        seat = state.current_player()
        obs = state.observation(seat)
        data = json.loads(json.dumps(enc.encode(obs)))
        dec.define(json.loads(json.dumps(enc.take_defs())))
        assert dec.decode(data) == obs, (name, step)
        legal = state.legal_actions(seat)
        first = legal[step % len(legal)]
        assert action_from_json(json.loads(json.dumps(first.to_json())), game.action_types) == first
        state.apply(first, seat)


def test_a_decision_over_the_limit_forfeits_its_game_and_fails_only_the_time_check():
    """One limit (issue 27): a decision over it is stopped and forfeits its game; that is the time item's failure,
    not the legality item's."""
    from jaliz_learn.bots import BaseBot

    class SlowishBot(BaseBot):
        def act(self, observation, legal_actions):
            time.sleep(0.06)
            return legal_actions[0]

    report = grade_bot(GAME, SlowishBot, legality_games=2, time_limit=0.05)
    found = {i.name: i for i in report.items}
    assert found["legal actions"].passed
    item = found["time per decision"]
    assert not item.passed and "a decision took more than the limit of 0.05 s (each such game is forfeited)" \
        in item.message
    assert "loop that never ends" in item.hint


def test_a_notebook_graded_without_confinement_says_so(tmp_path):
    """With isolation 'none' (no namespaces, no Landlock) a practice grading still works, with OS limits only, and
    the report says what the learner's process could still do."""
    from jaliz_learn.grading import Sandbox

    master = tmp_path / "master.ipynb"
    master.write_text(json.dumps(master_notebook()), encoding="utf-8")
    with Sandbox(master, GAME, "SmartBot", isolation="none") as box:
        assert box.start() == "SmartBot" and "weaker isolation" in (box.isolation_note or "")
        assert "could read every file" in box.isolation_note and box.layers.startswith("none")
        bot = box.new_bot(1, 5.0)
        state = GAME.initial_state(num_players=2, seed=1)
        action, _ = box.act(bot, state.observation(0), state.legal_actions(0), 5.0)
        assert action in state.legal_actions(0)
