"""The pieces of the JupyterLite classroom that need no browser: the boards on their SVG surface, tables without
pandas, one-line refusals of what a browser cannot do, the site's wheel, lock and contents, and every notebook of
the site run in Pyodide under Node.js (when Node is installed). The site in Chromium: tests/browser/test_lite.py."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.core import browser, table
from jaliz_learn.core.errors import NeedsInstalledPackage

REPO = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- boards on the SVG surface


@pytest.fixture
def svg_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    from jaliz_learn.widgets import surface

    monkeypatch.setenv(surface.SURFACE_VARIABLE, "svg")


def test_nizam_board_on_svg_draws_and_answers_clicks(svg_boards: None) -> None:
    from jaliz_learn.widgets import NizamBoard
    from jaliz_learn.widgets.surface import SvgSurface

    board = NizamBoard(num_players=2, human=0, seed=3, speed=0)
    assert isinstance(board.canvas, SvgSurface) and board.canvas.svg.startswith("<svg")
    before, moves = board.canvas.svg, len(board.state.history)
    x, y, w, h = board.hits.rect_of(("draw",))
    board.canvas._on_message(board.canvas, {"event": "mouse_down", "x": x + w / 2, "y": y + h / 2}, [])
    assert len(board.state.history) > moves and board.canvas.svg != before
    # a region that did not change keeps its elements; the picture equals the static one's drawing size
    assert f"width='{board.size[0]}'" in board.canvas.svg


@pytest.mark.parametrize("board_name, kwargs", [
    ("JalizBoard", {"num_players": 4}), ("BaliBoard", {"num_players": 2}), ("JungliLaBoard", {"num_players": 2}),
])
def test_every_board_draws_on_svg(svg_boards: None, board_name: str, kwargs: dict[str, int]) -> None:
    import jaliz_learn.widgets as W

    board = getattr(W, board_name)(human=0, seed=5, speed=0, **kwargs)
    svg = board.canvas.svg
    assert svg.startswith("<svg") and svg.count("<text") > 10
    legal = board.legal()
    assert legal and board.apply(legal[0])
    assert board.canvas.svg != svg or board.state.is_over()


def test_replay_viewer_on_svg(svg_boards: None) -> None:
    from jaliz_learn.widgets import ReplayViewer

    done = jaliz_learn.play("jaliz", [RandomBot(1), RandomBot(2), RandomBot(3)], seed=5).state
    viewer = ReplayViewer(done, step=0)
    first = viewer.canvas.svg
    viewer.next_btn.click()
    assert viewer.step == 1 and viewer.canvas.svg != first


def test_client_ready_redraws_everything(svg_boards: None) -> None:
    from jaliz_learn.widgets import NizamBoard

    board = NizamBoard(num_players=2, human=0, seed=3, speed=0)
    board.canvas._on_message(board.canvas, {"event": "client_ready"}, [])
    assert board.painter.regions_drawn == len(list(board.painter.regions(board.observation(), board.ui)))


# ---------------------------------------------------------------- tables without pandas


def test_tables_without_pandas_match_the_dataframes(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = {"a": RandomBot, "b": RandomBot}
    with_pandas = jaliz_learn.tournament("nizam", bots, games=6, num_players=2, seed=2, executor=None)
    monkeypatch.setattr(table, "have_pandas", lambda: False)
    light = jaliz_learn.tournament("nizam", bots, games=6, num_players=2, seed=2, executor=None)
    assert isinstance(light, table.Table) and list(light.index) == list(with_pandas.index)
    for name in light.index:
        for column in ("games", "wins", "win_rate", "ci_low", "ci_high", "mean_score"):
            a, b = light.loc[name, column], with_pandas.loc[name, column]
            assert (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b)
    def untimed(records: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in r.items() if not k.endswith("_ms")} for r in records]

    assert untimed(light.attrs["games"]) == untimed(with_pandas.attrs["games"])
    assert "<table" in light[["games", "wins"]]._repr_html_() and "win_rate" not in light[["games"]]._repr_html_()
    state = jaliz_learn.play("nizam", [RandomBot(1), RandomBot(2)], seed=3).state
    log = state.log_dataframe(viewer=0)
    assert isinstance(log, table.Table) and len(log.head(4)) == 4 and "kind" in log.columns
    from jaliz_learn.teaching import games_table

    assert "jaliz" in games_table()["name"]


# ---------------------------------------------------------------- what a browser cannot do


def test_browser_refusals_are_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import jaliz_learn.executors as executors
    import jaliz_learn.grading.sandbox as sandbox
    import jaliz_learn.tournament as tournament

    monkeypatch.setattr(browser, "IN_BROWSER", True)
    with pytest.raises(NeedsInstalledPackage, match=r"JupyterLite.*installed package"):
        jaliz_learn.tournament("nizam", {"a": RandomBot, "b": RandomBot}, games=2, num_players=2, executor="process")
    with pytest.raises(NeedsInstalledPackage, match="processes of its own"):
        with executors.make_executor("process"):
            pass
    with pytest.raises(NeedsInstalledPackage, match="grading a notebook"):
        sandbox.Sandbox({"cells": []}, jaliz_learn.load_game("nizam"))
    monkeypatch.setattr(tournament, "IN_BROWSER", True)
    games = jaliz_learn.tournament("nizam", {"a": RandomBot, "b": RandomBot}, games=10, num_players=2)  # "auto"
    assert int(games["games"].sum() if hasattr(games["games"], "sum") else sum(games["games"])) == 20
    with pytest.raises(NeedsInstalledPackage, match="JupyterLite"):
        browser.need_module("no_such_pkg_here", "a chart")


# ---------------------------------------------------------------- the site's parts


def test_site_wheel_holds_the_package_and_not_the_course(tmp_path: Path) -> None:
    from jaliz_learn.tools import lite

    wheel = lite.pack_package_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        record = z.read(next(n for n in names if n.endswith("RECORD"))).decode()
        sources = {n: z.read(n) for n in names if n.endswith(".py")}
    assert "jaliz_learn/__init__.py" in names and "jaliz_learn/widgets/surface.py" in names
    assert "jaliz_learn/exercises/practice_answers.py" in names  # check() compares with them (see NOT_IN_WHEEL)
    assert not [n for n in names if "/answers/" in n or "solution" in n or "teacher" in n], names  # issue 48
    assert not [n for n, text in sources.items() if b"def reference_" in text or b"def exact_best" in text]
    assert not any("/course/" in n or "__pycache__" in n for n in names)
    assert all(n in record for n in names)
    assert wheel.read_bytes() == lite.pack_package_wheel(tmp_path / "again").read_bytes()  # reproducible


def test_site_contents_and_config() -> None:
    from jaliz_learn.tools import lite

    contents = lite.site_contents(REPO)
    assert "notebooks/00_welcome.ipynb" in contents and "exercises/01_first_jaliz_bot/exercise.ipynb" in contents
    assert not any(k.endswith(("grader.py", "solution.ipynb")) or "06_rl" in k for k in contents)
    plugins = lite.lite_config()["jupyter-config-data"]["litePluginSettings"]
    kernel = plugins["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    # the package and the kernel's own packages load in Pyodide's one start-up batch (issue 53: a faster start)
    assert kernel["loadPyodideOptions"]["packages"] == ["jaliz-learn", "micropip", "piplite", "ipykernel", "comm",
                                                        "pyodide-kernel", "jedi", "ipython"]


def test_lite_cli_refuses_bad_folders_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jaliz_learn.cli import main

    (tmp_path / "notes.txt").write_text("mine")
    assert main(["lite", "build", str(tmp_path)]) == 2
    assert main(["lite", "build", str(tmp_path), "--overwrite"]) == 2
    assert main(["lite", "serve", str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and "not empty" in err[0] and "not a JupyterLite site" in err[1] and "lite build" in err[2]
    assert (tmp_path / "notes.txt").read_text() == "mine"


# ---------------------------------------------------------------- the whole course in Pyodide (Node.js)

NODE_RUNNER = r"""
import { loadPyodide } from "%(mjs)s";
const py = await loadPyodide({ indexURL: "%(index)s/" });
await py.loadPackage(["jaliz-learn"]);
py.FS.mkdirTree("/course");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(course)s" }, "/course");
py.globals.set("NAMES", %(names)s);
await py.runPythonAsync(`
import json, os
from IPython.core.interactiveshell import InteractiveShell
failures = []
for name in json.loads(NAMES):
    shell = InteractiveShell()
    shell.showtraceback = lambda *a, **k: None
    os.chdir(os.path.dirname("/course/" + name))
    cells = [c for c in json.load(open("/course/" + name))["cells"] if c["cell_type"] == "code"]
    for i, c in enumerate(cells):
        src = "".join(c["source"])
        if "raises-exception" in c.get("metadata", {}).get("tags", []) or "NBVAL_RAISES_EXCEPTION" in src:
            continue
        r = shell.run_cell(src)
        err = r.error_in_exec or r.error_before_exec
        if err is not None and not isinstance(err, NotImplementedError):  # (a learner notebook's skeleton)
            failures.append(f"{name} cell {i}: {type(err).__name__}: {str(err)[:200]}")
print("RESULT " + json.dumps(failures))
`);
"""


def test_every_site_notebook_runs_in_pyodide(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every notebook of the site, cell by cell, in the site's own Pyodide (Node.js instead of a browser)."""
    if shutil.which("node") is None:
        pytest.skip("needs Node.js (the browser test covers the site without it)")
    pytest.importorskip("jupyterlite_core")
    from jaliz_learn.tools import lite

    folder = tmp_path_factory.mktemp("pyodide")
    lock = lite.pyodide_folder(folder, lite.default_cache())
    preloaded = lite.lock_closure(lock, lite.PRELOADED)  # every preloaded package and its dependencies are in the site
    assert all((folder / lock["packages"][key]["file_name"]).is_file() for key in preloaded)
    assert {"piplite", "ipykernel", "pyodide-kernel", "jaliz-learn"} <= preloaded
    # with Node.js the wheels carry bytecode compiled by the site's own Pyodide, and the lock their new checksums
    import hashlib
    import zipfile

    with zipfile.ZipFile(folder / lock["packages"]["ipython"]["file_name"]) as z:
        assert any(n.endswith(".cpython-314.pyc") for n in z.namelist())
    for entry in lock["packages"].values():
        assert hashlib.sha256((folder / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
    names = sorted(n for n in lite.site_contents(REPO) if n.endswith(".ipynb"))
    script = folder / "run.mjs"
    script.write_text(NODE_RUNNER % {"mjs": folder / "pyodide.mjs", "index": folder, "course": REPO,
                                     "names": json.dumps(json.dumps(names))})
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=900)
    result = [line for line in run.stdout.splitlines() if line.startswith("RESULT ")]
    assert result, run.stdout[-2000:] + run.stderr[-2000:]
    assert json.loads(result[-1][len("RESULT "):]) == []
