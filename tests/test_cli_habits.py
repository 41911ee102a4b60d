"""Command-line habits (issue 53): ``-v``/``-q`` on every subcommand (before or after its name) through the standard
``logging`` module, results on stdout and diagnostics on stderr, ``--port`` where a server starts, and a ``tutorial``
that never edits the repository, checks its extras before copying anything and opens the welcome notebook at the
address it prints."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jaliz_learn.cli import WELCOME_URL, build_parser, main

ROOT = Path(__file__).resolve().parents[1]

#: The smallest arguments each subcommand parses with (a new subcommand needs a line here: the test says so).
MINIMAL = {
    "list": [], "play": ["jaliz"], "bench": ["jaliz"], "sweep": ["jaliz"], "rules": ["jaliz"], "tutorial": [],
    "lite": ["serve"], "board": ["nizam"], "replay": ["game.json"], "grade": ["1", "subs"],
    "class-tournament": ["nizam", "subs"], "ladder": ["nizam"], "serve": [], "table": ["list"],
    "join": ["ws://127.0.0.1:8765/CODE", "random"], "match": ["nizam", "random", "heuristic"],
}


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_every_subcommand_is_listed_here() -> None:
    assert sorted(_subcommands()) == sorted(MINIMAL)


@pytest.mark.parametrize("command", sorted(MINIMAL))
@pytest.mark.parametrize(("flags", "where", "verbosity"), [
    (["-v"], "after", 1), (["-vv"], "after", 2), (["-q"], "after", -1), (["--quiet"], "after", -1),
    (["-v"], "before", 1), (["-q"], "before", -1), ([], "after", 0),
])
def test_every_subcommand_takes_v_and_q(command: str, flags: list[str], where: str, verbosity: int) -> None:
    argv = [*flags, command, *MINIMAL[command]] if where == "before" else [command, *MINIMAL[command], *flags]
    args = build_parser().parse_args(argv)
    assert args.verbosity == verbosity


def test_v_and_q_together_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "-v", "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not allowed with" in err[0]


@pytest.mark.parametrize("command", ["tutorial", "board", "serve", "lite"])
def test_servers_take_a_port(command: str) -> None:
    args = build_parser().parse_args([command, *MINIMAL[command], "--port", "9123"])
    assert args.port == 9123


def _cli(*argv: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command, as a user runs it (``python -m`` would import the package of ``cwd`` first)."""
    script = Path(sys.executable).with_name("jaliz-learn")
    cmd = [str(script)] if script.is_file() else [sys.executable, "-P", "-m", "jaliz_learn"]
    return subprocess.run([*cmd, *argv], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})


def test_results_on_stdout_the_log_on_stderr(tmp_path: Path) -> None:
    quiet = _cli("sweep", "nizam", "--players", "2", "--games", "2", "-q", cwd=tmp_path)
    assert quiet.returncode == 0 and "2/2 games finished" in quiet.stdout and quiet.stderr == ""
    folder = tmp_path / "course"
    verbose = _cli("-v", "tutorial", "--dry-run", "--folder", str(folder), cwd=tmp_path)
    assert verbose.returncode == 0, verbose.stderr
    assert "INFO jaliz_learn.cli: + " in verbose.stderr and "course material in" in verbose.stderr
    assert "INFO" not in verbose.stdout and f"http://localhost:8888{WELCOME_URL}" in verbose.stdout
    quiet = _cli("tutorial", "--dry-run", "--folder", str(folder), "-q", cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == "" and WELCOME_URL in quiet.stdout


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    target = tmp_path / "clone"
    made = subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(target)], capture_output=True,
                          text=True, timeout=300)
    if made.returncode != 0:
        pytest.skip(f"cannot clone the repository: {made.stderr.strip()}")
    return target


def _fake_jupyterlab(folder: Path, record: Path) -> Path:
    """A ``jupyterlab`` package whose ``python -m jupyterlab`` records its arguments and folder and stops."""
    package = folder / "jupyterlab"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(
        "import json, os, sys\n"
        f"open({str(record)!r}, 'w').write(json.dumps({{'argv': sys.argv[1:], 'cwd': os.getcwd()}}))\n")
    return folder


def test_tutorial_in_a_clone_leaves_it_clean_and_opens_the_welcome_notebook(clone: Path, tmp_path: Path) -> None:
    import json

    home = tmp_path / "home"
    home.mkdir()
    record = tmp_path / "lab.json"
    fake = _fake_jupyterlab(tmp_path / "fake", record)
    ran = _cli("tutorial", "--no-browser", "--port", "8899", cwd=clone,
               env={"HOME": str(home), "PYTHONPATH": str(fake)})
    assert ran.returncode == 0, ran.stdout + ran.stderr
    folder = home / "jaliz-learn-course"
    assert (folder / "notebooks" / "00_welcome.ipynb").is_file()
    assert f"http://localhost:8899{WELCOME_URL}" in ran.stdout and str(folder) in ran.stdout
    lab = json.loads(record.read_text())
    assert Path(lab["cwd"]) == folder
    assert f"--ServerApp.root_dir={folder}" in lab["argv"] and f"--LabApp.default_url={WELCOME_URL}" in lab["argv"]
    assert "--ServerApp.port=8899" in lab["argv"] and "--no-browser" in lab["argv"]
    status = subprocess.run(["git", "status", "--porcelain", "--ignored"], cwd=clone, capture_output=True, text=True)
    assert status.stdout == "", status.stdout  # nothing written into the checkout, not even an ignored file


def test_tutorial_checks_jupyterlab_before_copying(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "jupyterlab" else real(name, *a))
    monkeypatch.chdir(tmp_path)
    assert main(["tutorial"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "JupyterLab is not installed" in err[0]
    assert list(tmp_path.iterdir()) == []  # nothing copied


def test_tutorial_refuses_a_folder_inside_the_checkout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tutorial", "--copy-only", "--folder", str(ROOT / "notebooks")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "inside the project's checkout" in err[0]
