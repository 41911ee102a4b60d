"""Build a zero-install classroom: a JupyterLite site with the whole course that runs in the browser, offline.

``jaliz-learn lite build SITE`` writes a static folder a teacher can put on any web server, a USB stick or GitHub
Pages; ``jaliz-learn lite serve SITE`` serves it on this computer. Inside, JupyterLab and a Python kernel (Pyodide,
Python compiled to WebAssembly) run in the browser, with the rule notebooks, the exercises' learner notebooks and
this package already installed: no cell installs anything, and nothing is fetched from another server at run time.

Where each piece comes from (only PyPI and the npm registry are needed, and only while building):

* the JupyterLite app: the ``jupyterlite-core`` wheel (its app is prebuilt); the Python kernel: the
  ``jupyterlite-pyodide-kernel`` wheel; the widget front ends: the labextensions of ipywidgets and anywidget that
  are installed with this package's ``jupyter`` extra;
* Pyodide itself: the npm package ``pyodide`` at the version the kernel expects (:data:`PYODIDE_VERSION`): the
  WebAssembly interpreter, its standard library and its lock file, but no package wheels;
* the pure-Python packages the kernel loads (micropip, IPython and its dependencies, jedi, ...): their
  ``py3-none-any`` wheels from PyPI at the exact versions of Pyodide's lock; the lock shipped in the site is
  rewritten with these wheels' checksums (PyPI's files are not byte-identical to Pyodide's own builds) and lists
  only what the site holds, so a missing package fails with "no known package" instead of a network wait;
* ipywidgets, comm, anywidget and psygnal (not in Pyodide's lock): their pure wheels at the versions installed
  here, so the Python side matches the front ends built into the site;
* jaliz_learn: a wheel packed from the installed package (without the course copy: the site holds it as files).

Compiled packages (numpy, pandas, matplotlib) are not on PyPI or npm for Pyodide's ABI, so the site has none:
the boards draw as SVG (``jaliz_learn.widgets.surface``) and the few helpers that return DataFrames say in one line
that they need the installed package.

>>> sorted(lock_closure(_EXAMPLE_LOCK, ["b"]))
['b', 'c']
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import importlib.metadata
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from jaliz_learn import course
from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.tools.lite_pyc import precompile_wheels

#: The Pyodide that jupyterlite-pyodide-kernel :data:`KERNEL_VERSION` was built against (its ``pyodide.mjs`` and
#: lock must match the kernel's worker).
PYODIDE_VERSION = "314.0.6"
CORE_VERSION = "0.8.6"
KERNEL_VERSION = "0.8.6"
#: The Pyodide core files taken from the npm package (no package wheels are in it).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js",
                 "package.json")
#: What the kernel and the course load from Pyodide's lock (and everything these depend on).
LOCK_ROOTS = ("micropip", "packaging", "ipython", "jedi", "traitlets", "typing-extensions", "pygments", "tqdm")
#: Packages that are not in Pyodide's lock: pure wheels at the versions installed here, with their dependencies
#: as the lock will declare them (only what they import; ipywidgets' front-end packages are not needed in Python).
EXTRA_PACKAGES: dict[str, tuple[str, ...]] = {
    "comm": ("traitlets",),
    "ipywidgets": ("comm", "ipython", "traitlets"),
    "psygnal": ("typing-extensions",),
    "anywidget": ("ipywidgets", "psygnal", "typing-extensions"),
}
#: The kernel's own packages, which the kernel's worker otherwise installs one after the other after Pyodide
#: started (micropip, then piplite through micropip, then five ``piplite.install`` calls, each resolving its
#: dependencies on its own). Listed in ``loadPyodideOptions.packages``, they load in the one parallel batch of
#: Pyodide's start, and the worker skips those installs (it checks this list): the kernel starts sooner (figures
#: in CHANGELOG.md). piplite and the kernel's wheels come from the kernel extension's ``pypi/`` folder.
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
#: The kernel extension's own wheels and what each depends on, as the lock will declare them.
KERNEL_WHEELS: dict[str, tuple[str, ...]] = {"piplite": ("micropip",), "pyodide-kernel": ("comm", "ipython"),
                                             "ipykernel": ("pyodide-kernel",)}
#: Loaded before the kernel starts, so notebooks need no install cell (Pyodide finds lock entries by their
#: normalised name).
PRELOADED = ("jaliz-learn", *KERNEL_PACKAGES)
#: The labextensions (front ends) the site needs, by their folder under share/jupyter/labextensions.
FRONT_ENDS = ("@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension")
#: Course files that need what a browser cannot give: the graders (processes), the RL notebook (numpy, Gymnasium)
#: and exercise 5 (matplotlib). They stay with the installed package.
NOT_IN_SITE = re.compile(r"(^exercises/.*/grader\.py$)|(^notebooks/06_rl_solo_nizam\.ipynb$)|(^exercises/05_)")
#: Folders of the package left out of its site wheel: the copy of the course (the site holds it as files) and where
#: the reference answers lived before they moved to the teacher kit (a stale copy in an old checkout). The site holds
#: no reference answer and no solution notebook (issue 48): check() compares with the practice answers of the
#: public cases (jaliz_learn/exercises/practice_answers.py), which the package holds.
NOT_IN_WHEEL = ("course", "exercises/answers")

_EXAMPLE_LOCK = {"packages": {"a": {"depends": ["b"]}, "b": {"depends": ["C"]}, "c": {"depends": []}}}


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_closure(lock: dict[str, Any], roots: Iterable[str]) -> set[str]:
    """The lock's package keys needed by ``roots`` (names compared as PEP 503 normalises them)."""
    keys = {_normalise(k): k for k in lock["packages"]}
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = _normalise(todo.pop())
        if name not in keys:
            raise InvalidOption(f"Pyodide's lock has no package {name!r}")
        key = keys[name]
        if key not in seen:
            seen.add(key)
            todo.extend(lock["packages"][key]["depends"])
    return seen


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "jaliz_learn" / "lite"


def _say(text: str) -> None:
    """A build step: a progress line of ``jaliz-learn lite build`` on stderr (hidden with ``-q``); silent when the
    builder is called from Python without logging set up."""
    logging.getLogger("jaliz_learn.progress").info(text)


# ---------------------------------------------------------------- fetching (build time only)


def fetch_pyodide(cache: Path, version: str = PYODIDE_VERSION) -> Path:
    """The unpacked npm package ``pyodide@version`` (``npm pack`` honours the machine's npm registry; without npm
    the tarball comes from registry.npmjs.org)."""
    target = cache / f"pyodide-{version}"
    if (target / "pyodide-lock.json").is_file():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        _say(f"fetching the Pyodide core (npm pyodide@{version})")
        npm = shutil.which("npm")
        if npm:
            run = subprocess.run([npm, "pack", f"pyodide@{version}", "--silent"], cwd=cache, capture_output=True,
                                 text=True)
            if run.returncode != 0:
                raise InvalidOption(f"npm pack pyodide@{version} failed: {run.stderr.strip().splitlines()[-1:]}")
        else:
            url = f"https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz"
            with urllib.request.urlopen(url, timeout=120) as response, open(tarball, "wb") as out:
                shutil.copyfileobj(response, out)
    unpack = Path(tempfile.mkdtemp(dir=cache))
    with tarfile.open(tarball) as tar:
        tar.extractall(unpack, filter="data")
    shutil.rmtree(target, ignore_errors=True)
    (unpack / "package").rename(target)
    shutil.rmtree(unpack)
    return target


def _spec_key(spec: str) -> str:
    """``name==version`` with the name normalised (how wheels are matched with what was asked)."""
    name, _, version = spec.partition("==")
    return f"{_normalise(name)}=={version}"


def fetch_wheels(specs: Sequence[str], folder: Path) -> dict[str, Path]:
    """Pure-Python wheels (``py3-none-any``) of ``specs`` (``name==version``) from the machine's package index,
    cached in ``folder``; returns ``{normalised name: wheel}``."""
    folder.mkdir(parents=True, exist_ok=True)

    def have() -> dict[str, Path]:
        return {_spec_key("==".join(wheel.name.split("-")[:2])): wheel for wheel in folder.glob("*.whl")}

    missing = [s for s in specs if _spec_key(s) not in have()]
    if missing:
        _say(f"fetching {len(missing)} pure-Python wheels from the package index")
        run = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                              "--platform", "any", "--python-version", "3.14", "--implementation", "py",
                              "--abi", "none", "--dest", str(folder), *missing], capture_output=True, text=True)
        if run.returncode != 0:
            last = (run.stderr.strip().splitlines() or ["(no message)"])[-1]
            raise InvalidOption(f"pip download of {', '.join(missing)} failed: {last}")
    found = have()
    return {_spec_key(s).partition("==")[0]: found[_spec_key(s)] for s in specs}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------- the package's own wheel


def _package_folders() -> list[tuple[str, Path]]:
    """``(import path, folder)`` of jaliz_learn and of its widgets (which live apart in a checkout)."""
    import jaliz_learn

    folders = [("jaliz_learn", Path(jaliz_learn.__file__).resolve().parent)]
    spec = importlib.util.find_spec("jaliz_learn.widgets")
    if spec is not None and spec.origin:
        widgets = Path(spec.origin).resolve().parent
        if widgets != folders[0][1] / "widgets":
            folders.append(("jaliz_learn/widgets", widgets))
    return folders


def pack_package_wheel(folder: Path) -> Path:
    """A wheel of the installed jaliz_learn (pure Python), without :data:`NOT_IN_WHEEL`; returns its path."""
    import jaliz_learn

    version = jaliz_learn.__version__
    name = f"jaliz_learn-{version}-py3-none-any.whl"
    dist_info = f"jaliz_learn-{version}.dist-info"
    files: dict[str, bytes] = {}
    for prefix, base in _package_folders():
        for path in sorted(base.rglob("*")):
            relative = path.relative_to(base).as_posix()
            if (not path.is_file() or "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo")
                    or any(relative == skip or relative.startswith(skip + "/") for skip in NOT_IN_WHEEL)):
                continue
            files[f"{prefix}/{relative}"] = path.read_bytes()
    files[f"{dist_info}/METADATA"] = (f"Metadata-Version: 2.1\nName: jaliz_learn\nVersion: {version}\n"
                                     "Summary: jaliz_learn for JupyterLite (packed by jaliz-learn lite build)\n"
                                     ).encode()
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: jaliz-learn lite\nRoot-Is-Purelib: true\n"
                                  b"Tag: py3-none-any\n")
    files[f"{dist_info}/top_level.txt"] = b"jaliz_learn\n"
    record = []
    for arcname, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arcname},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for arcname, data in files.items():
            info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))  # same bytes on every build
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return target


# ---------------------------------------------------------------- the Pyodide folder of the site


def _lock_entry(name: str, wheel: Path, depends: Sequence[str], imports: Sequence[str]) -> dict[str, Any]:
    version = wheel.name.split("-")[1]
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": _sha256(wheel), "package_type": "package", "imports": list(imports),
            "depends": list(depends), "unvendored_tests": False}


def _kernel_wheel(name: str) -> Path:
    """The wheel of ``name`` that the installed Pyodide kernel extension ships (its ``static/pypi`` folder)."""
    folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / FRONT_ENDS[2] / "static" / "pypi"
    found = sorted(folder.glob(f"{name.replace('-', '_')}-*-py3-none-any.whl"))
    if not found:
        raise InvalidOption(f"the Pyodide kernel extension has no {name} wheel in {folder}: "
                            "pip install 'jaliz_learn[jupyter,lite]'")
    return found[-1]


def _installed_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError as exc:
        raise InvalidOption(f"{name} is not installed here: pip install 'jaliz_learn[jupyter,lite]'") from exc


def _imports_of(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as z:
        tops = {n.split("/")[0].removesuffix(".py") for n in z.namelist()
                if not n.split("/")[0].endswith((".dist-info", ".data"))}
    return sorted(t for t in tops if t.isidentifier())


def pyodide_folder(target: Path, cache: Path) -> dict[str, Any]:
    """Fill ``target`` with Pyodide's core, the wheels the site needs and a lock that lists exactly those; returns
    the lock."""
    core = fetch_pyodide(cache, PYODIDE_VERSION)
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if (core / name).is_file():
            shutil.copyfile(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    wanted = sorted(lock_closure(lock, LOCK_ROOTS))
    specs = [f"{lock['packages'][k]['name']}=={lock['packages'][k]['version']}" for k in wanted]
    specs += [f"{name}=={_installed_version(name)}" for name in EXTRA_PACKAGES]
    wheels = fetch_wheels(specs, cache / "wheels")
    packages: dict[str, Any] = {}
    for key in wanted:
        entry = dict(lock["packages"][key])
        wheel = wheels[_normalise(entry["name"])]
        shutil.copyfile(wheel, target / wheel.name)
        entry.update(file_name=wheel.name, sha256=_sha256(wheel))
        packages[key] = entry
    for name, depends in EXTRA_PACKAGES.items():
        wheel = wheels[_normalise(name)]
        shutil.copyfile(wheel, target / wheel.name)
        packages[name] = _lock_entry(name, wheel, depends, _imports_of(wheel))
    for name, depends in KERNEL_WHEELS.items():
        wheel = _kernel_wheel(name)
        shutil.copyfile(wheel, target / wheel.name)
        packages[name] = _lock_entry(name, wheel, depends, _imports_of(wheel))
    own = pack_package_wheel(target)
    packages["jaliz-learn"] = _lock_entry("jaliz_learn", own, ("ipywidgets", "anywidget", "tqdm"), ["jaliz_learn"])
    lock = {"info": lock["info"], "packages": packages}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    _say("adding bytecode to the wheels (the site's Pyodide under Node.js; skipped without node)")
    if precompile_wheels(target):  # the wheels changed: the lock carries their new checksums
        for entry in packages.values():
            entry["sha256"] = _sha256(target / entry["file_name"])
        (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return lock


# ---------------------------------------------------------------- the site


def site_contents(base: Path | None = None) -> dict[str, Path]:
    """The course files the site holds (``{relative path: file}``): :func:`jaliz_learn.course.course_files`
    without :data:`NOT_IN_SITE`."""
    return {rel: path for rel, path in course.course_files(base).items() if not NOT_IN_SITE.search(rel)}


def _front_ends() -> dict[str, Path]:
    """The installed folder of each of :data:`FRONT_ENDS`."""
    root = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    missing = [name for name in FRONT_ENDS if not (root / name / "package.json").is_file()]
    if missing:
        raise InvalidOption(f"the front end {missing[0]} is not installed here: "
                            "pip install 'jaliz_learn[jupyter,lite]'")
    return {name: root / name for name in FRONT_ENDS}


def lite_config() -> dict[str, Any]:
    """``jupyter-lite.json``: the kernel loads Pyodide from the site and never falls back to PyPI."""
    kernel = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(PRELOADED)}}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "jaliz_learn", "disabledExtensions": [],
                                    "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}


def build_site(output: Path, *, cache: Path | None = None, overwrite: bool = False,
               extra: dict[str, Path] | None = None) -> dict[str, Any]:
    """Build the site into ``output``; returns facts about it (files, size in MB, the packages it holds).

    ``extra``: more files for the site (``{relative path: file}``), e.g. a class's own notebooks."""
    for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        _installed_version(name)
    output = output.resolve()
    if output.exists() and any(output.iterdir()):
        if not overwrite:
            raise InvalidOption(f"{output} is not empty: choose a new folder or pass --overwrite")
        if not (output / "jupyter-lite.json").is_file():
            raise InvalidOption(f"{output} is not a JupyterLite site: it is not overwritten")
        shutil.rmtree(output)
    cache = (cache or default_cache()).resolve()
    course_files = {**site_contents(), **(extra or {})}
    with tempfile.TemporaryDirectory(prefix="jaliz-lite-") as tmp:
        lite_dir = Path(tmp) / "lite"
        contents = lite_dir / "files"
        for relative, path in course_files.items():
            (contents / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, contents / relative)
        lock = pyodide_folder(lite_dir / "static" / "pyodide", cache)
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1))
        for name, folder in _front_ends().items():  # the site's front ends, and no others installed here
            shutil.copytree(folder, Path(tmp) / "labextensions" / name)
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
                   "--output-dir", str(output), "--contents", str(contents), "--no-sourcemaps",
                   "--ignore-sys-prefix", "--apps", "lab", "--apps", "notebook",
                   f"--FederatedExtensionAddon.extra_labextensions_path={Path(tmp) / 'labextensions'}"]
        _say("building the JupyterLite app")
        run = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
        if run.returncode != 0:
            tail = "\n".join((run.stdout + run.stderr).strip().splitlines()[-15:])
            raise InvalidOption(f"jupyter lite build failed:\n{tail}")
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    return {"site": str(output), "files": sum(1 for p in output.rglob("*") if p.is_file()),
            "megabytes": round(size / 1e6, 1), "packages": sorted(lock["packages"]),
            "notebooks": sorted(course_files)}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a site's files with the types browsers insist on (WebAssembly, JavaScript modules)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
                      ".whl": "application/zip", ".ipynb": "application/json"}

    def log_message(self, format: str, *args: Any) -> None:  # quiet: a classroom's requests are not news
        pass


def site_server(site: Path, port: int = 0, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """A server of ``site`` (not started: ``serve_forever()``); ``port=0`` takes a free one."""
    if not (site / "jupyter-lite.json").is_file():
        raise InvalidOption(f"{site} is not a JupyterLite site (build one with: jaliz-learn lite build {site})")
    return http.server.ThreadingHTTPServer((host, port), functools.partial(SiteHandler, directory=str(site)))


def serve(site: Path, port: int = 8000, host: str = "127.0.0.1") -> None:
    """Serve ``site`` at http://host:port/ until interrupted (Ctrl-C)."""
    with site_server(site, port, host) as server:
        # the address is the command's result: stdout
        print(f"serving {site} at http://{host}:{server.server_address[1]}/lab/index.html (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", flush=True)


__all__ = ["PYODIDE_VERSION", "SiteHandler", "build_site", "lite_config", "lock_closure", "pack_package_wheel",
           "pyodide_folder", "serve", "site_contents", "site_server"]
