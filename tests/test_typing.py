"""A typed library (issue 53): the wheel carries ``py.typed`` (PEP 561), so a user's type checker reads the package's
hints. mypy ``--strict`` checks a small user script against the package as the wheel installs it: the script passes,
a wrong use of a return type is reported (the hints really flow to the user), and the same files without the marker
give ``import-untyped`` (what users saw before)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

USER_SCRIPT = '''\
import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.core.errors import IllegalAction

game = jaliz_learn.load_game("nizam")
state = game.initial_state(num_players=2, seed=1)
first = state.legal_actions()[0]
try:
    state.apply(first)
except IllegalAction as exc:
    print(exc)
result = jaliz_learn.play("nizam", [RandomBot(0), RandomBot(1)], seed=1)
scores: list[float] = list(result.scores)
player: int | None = state.current_player()
'''

WRONG_SCRIPT = '''\
import jaliz_learn

state = jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=1)
player: str = state.current_player()
'''


def _run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a clean copy of the checkout, unpacked as an installer would lay it out."""
    base = tmp_path_factory.mktemp("typed")
    listed = _run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    source = base / "source"
    for name in listed.stdout.splitlines():
        if (ROOT / name).is_file() and not name.startswith(("docs/img/", "tests/")):
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    built = _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(base / "dist"), str(source)])
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheel = next((base / "dist").glob("jaliz_learn-*.whl"))
    site = base / "site-packages"
    with zipfile.ZipFile(wheel) as zf:
        assert "jaliz_learn/py.typed" in zf.namelist()
        zf.extractall(site)
    return site


def _mypy(site: Path, script: Path) -> subprocess.CompletedProcess[str]:
    # the package from the unpacked wheel (PYTHONPATH), its dependencies' stubs (pandas-stubs) from this
    # environment; run outside the checkout so the source folder is not found instead
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "HOME": str(script.parent)}
    return _run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable", sys.executable,
                 "--no-error-summary", script.name], cwd=script.parent, env=env)


def test_a_typed_user_script_passes_mypy_against_the_wheel(unpacked: Path, tmp_path: Path) -> None:
    good = tmp_path / "user.py"
    good.write_text(USER_SCRIPT, encoding="utf-8")
    wrong = tmp_path / "wrong.py"
    wrong.write_text(WRONG_SCRIPT, encoding="utf-8")
    passed = _mypy(unpacked, good)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    failed = _mypy(unpacked, wrong)
    assert failed.returncode == 1 and 'has type "int | None", variable has type "str"' in failed.stdout, failed.stdout


def test_without_the_marker_mypy_says_import_untyped(unpacked: Path, tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    shutil.copytree(unpacked, site)
    (site / "jaliz_learn" / "py.typed").unlink()
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT, encoding="utf-8")
    untyped = _mypy(site, script)
    assert untyped.returncode == 1 and "[import-untyped]" in untyped.stdout, untyped.stdout
