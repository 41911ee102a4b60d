"""Mutation testing of the rule modules (issue 51): do the rule tests catch a changed rule?

Runs `mutmut <https://mutmut.readthedocs.io>`_ (3.x) on a game's rule modules with that game's own rule tests
(``tests/games/<game>``: never the golden-digest games of ``tests/conformance``, which would kill mutants by
snapshot, not by rule). Everything happens in a scratch copy of the tracked files, so the working tree (and
anyone else's test run in it) never sees a mutant. A seeded sample per module keeps a run within minutes on two
cores; ``--sample 0`` runs every mutant.

Usage (slow, CPU-heavy; not part of the default test suite)::

    python tests/mutation/run.py jaliz                      # every rule module of Jaliz, 40 mutants each
    python tests/mutation/run.py nizam --sample 0 --jobs 2  # every mutant
    python tests/mutation/run.py jaliz --modules planting.py harvest_buy.py --keep /tmp/mut

It prints one line per module, ``module: killed/tested (score %)``, the surviving mutants as diffs
(``--show``), and exits 1 if a module scores below ``--floor`` (default 0: report only).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The rule modules of each game family and the folders of its rule tests.
RULE_MODULES: dict[str, tuple[list[str], list[str]]] = {
    "jaliz": (["jaliz/planting.py", "jaliz/harvest_buy.py", "jaliz/market.py", "jaliz/turns.py", "jaliz/offers.py",
               "jaliz/decisions.py", "jaliz/explain.py"], ["tests/games/jaliz"]),
    "jaliz-advanced": (["jaliz/advanced/events.py", "jaliz/advanced/state.py", "jaliz/advanced/explain.py"],
                       ["tests/games/jaliz_advanced", "tests/games/jaliz/test_rule_checks.py"]),
    "nizam": (["nizam/board.py", "nizam/moving.py", "nizam/drawing.py", "nizam/nizam_state.py",
               "nizam/pearl_state.py", "nizam/state.py", "nizam/explain.py"], ["tests/games/nizam"]),
    "jungli-la": (["jungli_la/dice.py", "jungli_la/exploring.py", "jungli_la/materials.py", "jungli_la/turns.py",
                   "jungli_la/state.py", "jungli_la/explain.py"], ["tests/games/jungli_la"]),
    "bali": (["bali/state.py", "bali/offering.py", "bali/scoring.py", "bali/village.py", "bali/explain.py"],
             ["tests/games/bali"]),
}

_KEY = re.compile(r"__mutmut_\d+$")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(RULE_MODULES))
    ap.add_argument("--modules", nargs="*", help="only these modules (file names under the game's folder)")
    ap.add_argument("--sample", type=int, default=40, help="mutants per module, seeded (0: all)")
    ap.add_argument("--seed", type=int, default=51)
    ap.add_argument("--jobs", type=int, default=1, help="mutants tested at once")
    ap.add_argument("--floor", type=float, default=0.0, help="fail if a module scores below this percentage")
    ap.add_argument("--keep", type=Path, default=None, help="work in this folder and keep it (default: a temp one)")
    ap.add_argument("--show", action="store_true", help="print the diff of every surviving mutant")
    args = ap.parse_args(argv)
    modules, tests = RULE_MODULES[args.game]
    if args.modules:
        modules = [m for m in modules if Path(m).name in args.modules or m in args.modules]
    work = args.keep or Path(tempfile.mkdtemp(prefix="jaliz-mutation-"))
    _copy_tree(work)
    paths = [f"jaliz_learn/games/{m}" for m in modules]
    _configure(work, paths, tests)
    mutmut = [sys.executable, "-m", "mutmut"]
    # 1. generate the mutants and map tests to functions (no mutant is tested: the name matches none)
    subprocess.run([*mutmut, "run", "--max-children", str(args.jobs), "none-such-mutant"], cwd=work,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    names = _mutant_names(work)
    rng = random.Random(args.seed)
    chosen: list[str] = []
    for path in paths:
        keys = sorted(names.get(path, []))
        chosen += keys if args.sample <= 0 or len(keys) <= args.sample else sorted(rng.sample(keys, args.sample))
    # 2. test the chosen mutants
    subprocess.run([*mutmut, "run", "--max-children", str(args.jobs), *chosen], cwd=work,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    status = _statuses(work)
    worst = 100.0
    for path in paths:
        mine = [k for k in chosen if k in names.get(path, [])]
        tested = [k for k in mine if _status(status.get(k)) in ("killed", "survived")]
        killed = [k for k in tested if _status(status.get(k)) == "killed"]
        score = 100.0 * len(killed) / max(1, len(tested))
        worst = min(worst, score)
        print(f"{path}: {len(killed)}/{len(tested)} killed ({score:.0f}%), {len(names.get(path, []))} mutants in all"
              + (f", {len(mine) - len(tested)} not run" if len(mine) > len(tested) else ""))
        for k in mine:
            if k in tested and k not in killed:
                print(f"    survived: {k}")
                if args.show:
                    shown = subprocess.run([*mutmut, "show", k], cwd=work, capture_output=True, text=True)
                    print("\n".join("      " + line for line in shown.stdout.splitlines()))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if worst < args.floor else 0


def _copy_tree(work: Path) -> None:
    """The tracked files (as they are in the working tree) into ``work``: mutants never touch the real tree."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for name in files:
        rel = name.decode()
        if not rel or rel.startswith(("notebooks/", "docs/img/")) or not (ROOT / rel).is_file():
            continue
        dest = work / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dest)


def _configure(work: Path, paths: list[str], tests: list[str]) -> None:
    """mutmut's settings in the copy's pyproject.toml; pytest there runs only the rule tests, without the
    notebook and doctest collection of the project's default options."""
    py = work / "pyproject.toml"
    text = re.sub(r'addopts = """.*?"""', 'addopts = "-p no:cacheprovider"', py.read_text(), flags=re.S)
    text += ("\n[tool.mutmut]\n"
             f"paths_to_mutate = {json.dumps(paths)}\n"
             f"tests_dir = {json.dumps(tests)}\n"
             'also_copy = ["jaliz_learn", "tests", "widgets", "exercises", "teacher", "docs"]\n')
    py.write_text(text)


def _mutant_names(work: Path) -> dict[str, list[str]]:
    """Every generated mutant's name, by mutated file (from mutmut's ``.meta`` files)."""
    out: dict[str, list[str]] = {}
    for meta in (work / "mutants").rglob("*.py.meta"):
        rel = meta.relative_to(work / "mutants").as_posix()[: -len(".meta")]
        data = json.loads(meta.read_text())
        out[rel] = sorted(k for k in data.get("exit_code_by_key", {}) if _KEY.search(k))
    return out


def _statuses(work: Path) -> dict[str, int | None]:
    """The exit code of each tested mutant's tests (0: survived; 1 and signals: killed; None: not run)."""
    out: dict[str, int | None] = {}
    for meta in (work / "mutants").rglob("*.py.meta"):
        out.update(json.loads(meta.read_text()).get("exit_code_by_key", {}))
    return out


def _status(code: int | None) -> str:
    """killed (a test failed, timed out or crashed), survived (every test passed, or none covers the mutant) or
    not run (not checked, skipped, suspicious)."""
    from mutmut.stats import status_by_exit_code

    word = status_by_exit_code[code]
    if word in ("killed", "timeout", "segfault", "caught by type check"):
        return "killed"
    return "survived" if word in ("survived", "no tests") else "not run"


if __name__ == "__main__":
    raise SystemExit(main())
