"""The README stays true: its quick tour runs, and its two commands are the documented ones."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_quick_tour_runs():
    block = README.split("## A quick tour", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(compile(block, "README quick tour", "exec"), namespace)
    assert namespace["state"].history  # the tour applied a move
    search = README.split("For search,", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    exec(compile(search, "README search tour", "exec"), namespace)
    assert namespace["guess"].observation(0) == namespace["obs"]


def test_error_example_is_real():
    import jaliz_learn

    game = jaliz_learn.load_game("jaliz")
    state = game.state_from_json({"num_players": 4, "players": [
        {"hand": ["peas", "carrot"], "plots": [["carrot", 2, False], [None, 0, False]]}, {}, {}, {}]})
    try:
        state.apply("plant peas 1")
    except jaliz_learn.RuleViolation as err:
        shown = " ".join(README.split("```text", 1)[1].split("```", 1)[0].split())
        assert shown == f"RuleViolation: {err}"
    else:  # pragma: no cover
        raise AssertionError("the README's illegal move was accepted")


def test_two_commands_and_ci_agree():
    commands = re.findall(r"```bash\n(python3 -m venv .venv && [^\n]+)\n```", README)
    assert len(commands) == 2, commands
    tutorial, tests = commands
    assert "jaliz-learn tutorial" in tutorial and "pytest" in tests
    ci = (ROOT / ".ci" / "run").read_text()
    assert tests in ci, ".ci/run must run the README's test command"


def test_test_command_installs_the_extras_the_suite_needs():
    """The peers' checkers on the adapters (tests/adapters) and notebook 06 need the rl extra."""
    tests = re.findall(r"```bash\n(python3 -m venv .venv && [^\n]+)\n```", README)[1]
    extras = set(re.search(r'-e "\.\[([^\]]+)\]"', tests).group(1).split(","))
    assert {"jupyter", "test", "rl"} <= extras, extras
    assert "-e ./teacher" in tests  # the graders' reference answers (the teacher kit, never in a learner's install)
