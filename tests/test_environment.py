"""environment.yml (conda-forge) must list the same packages as pyproject.toml.

pyproject: ``[project] dependencies`` + the ``jupyter`` and ``test`` extras.
environment.yml: the conda ``dependencies`` other than python, pip and the ``pip:`` section.
Names are compared PEP 503-normalized, version specifiers without spaces and in sorted order.
Neither file is parsed with a third-party library: TOML with ``tomllib`` (3.11+), else
``tomli``, else a tiny parser for the subset pyproject.toml uses; the YAML by hand.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
ENVIRONMENT = ROOT / "environment.yml"
EXTRAS = ("jupyter", "test")
#: PyPI name -> conda-forge name, where they differ (none so far).
CONDA_NAMES: dict[str, str] = {}
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*?)\s*$")


# ---- reading pyproject.toml --------------------------------------------------------------------


def tiny_toml(text: str) -> dict[str, Any]:
    """The TOML subset of pyproject.toml: tables, and keys whose values are strings or arrays of strings.

    Other values (numbers, inline tables, booleans) are kept as their raw text.
    """
    data: dict[str, Any] = {}
    table = data
    lines = iter(text.splitlines())
    for raw in lines:
        line = _strip_comment(raw).strip()
        if not line:
            continue
        header = re.fullmatch(r"\[([^\[\]]+)\]", line)
        if header:
            table = data
            for part in header.group(1).split("."):
                table = table.setdefault(part.strip().strip('"'), {})
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise ValueError(f"cannot read TOML line {raw!r}")
        value = value.strip()
        if value.startswith("["):
            while value.count("[") > value.count("]"):
                value += " " + _strip_comment(next(lines)).strip()
            table[key.strip().strip('"')] = re.findall(r'"((?:[^"\\]|\\.)*)"', value)
        elif value.startswith('"'):
            table[key.strip().strip('"')] = value[1:value.index('"', 1)]
        else:
            table[key.strip().strip('"')] = value
    return data


def _strip_comment(line: str) -> str:
    out, in_string = [], False
    for ch in line:
        if ch == '"':
            in_string = not in_string
        if ch == "#" and not in_string:
            break
        out.append(ch)
    return "".join(out)


def load_pyproject() -> tuple[dict[str, Any], str]:
    text = PYPROJECT.read_text(encoding="utf-8")
    try:
        import tomllib  # type: ignore[import-not-found, unused-ignore]

        return tomllib.loads(text), "tomllib"
    except ImportError:
        pass
    try:
        import tomli  # type: ignore[import-not-found, unused-ignore]

        return tomli.loads(text), "tomli"
    except ImportError:
        pass
    try:
        return tiny_toml(text), "tiny parser"
    except Exception as exc:  # pragma: no cover - only if pyproject.toml grows beyond the subset
        pytest.skip(f"cannot read pyproject.toml: no tomllib (Python < 3.11), no tomli installed, and the tiny "
                    f"parser failed ({exc}); pip install tomli to run this test")


# ---- reading environment.yml -------------------------------------------------------------------


def load_environment(text: str) -> dict[str, Any]:
    """``name``, ``channels``, ``conda`` (list of specs) and ``pip`` (list) from a simple environment.yml."""
    env: dict[str, Any] = {"name": None, "channels": [], "conda": [], "pip": []}
    section = None
    pip_indent: int | None = None
    for raw in text.splitlines():
        line = raw.split(" #")[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        stripped = line.strip()
        if indent == 0:
            key, _, value = stripped.partition(":")
            section = key.strip()
            if section == "name":
                env["name"] = value.strip().strip("'\"")
            pip_indent = None
            continue
        if not stripped.startswith("- "):
            raise ValueError(f"environment.yml: cannot read line {raw!r}")
        item = stripped[2:].strip().strip("'\"")
        if section == "channels":
            env["channels"].append(item)
        elif section == "dependencies":
            if item == "pip:":
                pip_indent = indent
            elif pip_indent is not None and indent > pip_indent:
                env["pip"].append(item)
            else:
                pip_indent = None
                env["conda"].append(item)
    return env


# ---- comparing ---------------------------------------------------------------------------------


def normalize(requirement: str) -> tuple[str, str]:
    """``(name, specifier)`` with a PEP 503 name and a canonical specifier.

    >>> normalize("Ipycanvas == 0.14.3")
    ('ipycanvas', '==0.14.3')
    >>> normalize("pandas_stubs >=2.0, <3")
    ('pandas-stubs', '<3,>=2.0')
    """
    if ";" in requirement:
        raise ValueError(f"{requirement!r}: environment markers cannot be expressed in environment.yml")
    m = REQUIREMENT.match(requirement)
    if not m:
        raise ValueError(f"cannot read requirement {requirement!r}")
    name = re.sub(r"[-_.]+", "-", m.group(1)).lower()
    spec = ",".join(sorted(part.replace(" ", "") for part in m.group(3).split(",") if part.strip()))
    return name, spec


def pyproject_requirements(project: dict[str, Any]) -> dict[str, str]:
    reqs = list(project["dependencies"])
    extras = project.get("optional-dependencies", {})
    for extra in EXTRAS:
        assert extra in extras, f"pyproject.toml has no [project.optional-dependencies] {extra}"
        reqs += extras[extra]
    out: dict[str, str] = {}
    for req in reqs:
        name, spec = normalize(req)
        name = CONDA_NAMES.get(name, name)
        if name in out and out[name] != spec:
            raise AssertionError(f"pyproject.toml lists {name} twice with different versions: {out[name]!r}, {spec!r}")
        out[name] = spec
    return out


@pytest.fixture(scope="module")
def project() -> dict[str, Any]:
    data, _ = load_pyproject()
    return data["project"]


@pytest.fixture(scope="module")
def environment() -> dict[str, Any]:
    return load_environment(ENVIRONMENT.read_text(encoding="utf-8"))


def test_environment_header(environment, project):
    assert environment["name"] == "jaliz-learn"
    assert environment["channels"] == ["conda-forge"], "use conda-forge only"
    pythons = [normalize(s)[1] for s in environment["conda"] if normalize(s)[0] == "python"]
    assert pythons == [project["requires-python"].replace(" ", "")], (
        f"environment.yml python {pythons} must match requires-python {project['requires-python']!r}")
    assert "pip" in [normalize(s)[0] for s in environment["conda"]], "list pip (needed for the pip: section)"
    assert environment["pip"][:1] == ["-e .[rl]"], (
        "the pip: section must install the package itself with the rl extra (from PyPI): - -e .[rl]")
    assert all(normalize(s)[0] in PYPI_ONLY for s in environment["pip"][1:]), (
        f"after -e .[rl], the pip: section holds only packages conda-forge lacks: {sorted(PYPI_ONLY)}")


#: packages conda-forge does not carry: environment.yml installs them in its pip: section, after the package
PYPI_ONLY = frozenset({"pyseccomp", "axe-playwright-python"})
#: conda-forge names of packages that PyPI names otherwise
CONDA_TO_PYPI = {"python-build": "build"}


def disagreements(want: dict[str, str], conda: list[str]) -> list[str]:
    """What differs between pyproject's requirements and the conda specs (empty when they agree)."""
    have: dict[str, str] = {}
    problems = []
    for spec in conda:
        name, version = normalize(spec)
        name = CONDA_TO_PYPI.get(name, name)
        if name in ("python", "pip"):
            continue
        if name in have:
            problems.append(f"environment.yml lists {name} twice")
        have[name] = version
    problems += [f"missing from environment.yml: {n}{want[n]}" for n in sorted(set(want) - set(have))]
    problems += [f"not in pyproject.toml: {n}{have[n]}" for n in sorted(set(have) - set(want))]
    problems += [f"{n}: pyproject {want[n]!r} vs environment.yml {have[n]!r}"
                 for n in sorted(set(want) & set(have)) if want[n] != have[n]]
    return problems


def test_same_packages_as_pyproject(environment, project):
    problems = disagreements(pyproject_requirements(project), environment["conda"] + environment["pip"][1:])
    assert not problems, "environment.yml and pyproject.toml disagree:\n" + "\n".join(problems)


def test_disagreements_are_found():
    want = {"pandas": ">=2.0", "ipycanvas": "==0.14.3"}
    assert disagreements(want, ["python>=3.10", "pip", "Pandas >= 2.0", "ipycanvas==0.14.3"]) == []
    found = disagreements(want, ["pandas>=2.1", "numpy", "numpy"])
    assert found == ["environment.yml lists numpy twice", "missing from environment.yml: ipycanvas==0.14.3",
                     "not in pyproject.toml: numpy", "pandas: pyproject '>=2.0' vs environment.yml '>=2.1'"]


def test_tiny_toml_parser_agrees_with_the_real_one():
    data, parser = load_pyproject()
    if parser == "tiny parser":
        pytest.skip("no tomllib/tomli to compare with")
    tiny = tiny_toml(PYPROJECT.read_text(encoding="utf-8"))
    assert tiny["project"]["dependencies"] == data["project"]["dependencies"]
    assert tiny["project"]["optional-dependencies"] == data["project"]["optional-dependencies"]
    assert tiny["project"]["requires-python"] == data["project"]["requires-python"]


def test_environment_parser_on_a_sample():
    env = load_environment("name: x  # comment\nchannels:\n  - conda-forge\ndependencies:\n  - python>=3.10\n"
                           "  - pip\n  # a comment\n  - pandas >=2.0\n  - pip:\n      - -e .\n      - foo==1\n"
                           "  - numpy\n")
    assert env == {"name": "x", "channels": ["conda-forge"], "conda": ["python>=3.10", "pip", "pandas >=2.0", "numpy"],
                   "pip": ["-e .", "foo==1"]}
