"""Byte-compile the site's wheels and Pyodide's standard library at build time, so the kernel does not compile them
at every start.

PyPI's pure wheels hold only sources: in the browser, ``import IPython`` (which the kernel does before it is ready)
compiled IPython's modules and its dependencies' at every start: 8 s of a cold start on a 2-core machine, 2.4 s with
bytecode (measured under Node.js; CHANGELOG.md has the browser's figures).

Bytecode must come from Pyodide's own Python (3.14 here, not the Python that builds the site), so the site's Pyodide
compiles it under Node.js, when ``node`` is installed; without Node.js the site is built as before and works the
same, only its kernel starts slower.

The standard library of Pyodide's npm package is sources only too (``python_stdlib.zip``): compiled, Pyodide's own
start under Node.js went from 5.1 to 3.2 s and ``import pyodide_kernel`` (IPython) from 2.4 to 0.9 s; the zip grows
from 2.5 to 7.1 MB (sources kept).

The ``.pyc`` files are added next to the sources (``__pycache__`` in the wheels, beside each module in the zip, where
zipimport looks) as *unchecked-hash* bytecode: valid whatever the files' times after unpacking, and tracebacks still
show the source lines.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

#: Runs in the site's Pyodide under Node.js: every wheel of the folder gets its modules' bytecode added.
NODE_SCRIPT = r"""
import { loadPyodide } from %(mjs)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(index)s }, "/wheels");
const done = await py.runPythonAsync(`
import compileall, glob, os, py_compile, shutil, tempfile, zipfile
done = []
for wheel in sorted(glob.glob("/wheels/*.whl")):
    tmp = tempfile.mkdtemp()
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp)
        names = z.namelist()
    if any(n.endswith(".pyc") for n in names):
        continue
    compileall.compile_dir(tmp, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    out = wheel + ".new"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for root, _, files in os.walk(tmp):
            for f in sorted(files):
                path = os.path.join(root, f)
                z.write(path, os.path.relpath(path, tmp))
    os.replace(out, wheel)
    shutil.rmtree(tmp)
    done.append(os.path.basename(wheel))
# the standard library is imported from this zip (zipimport): bytecode beside each source (zipimport looks for
# "name.pyc" next to "name.py", not in __pycache__), named as Pyodide mounts it
stdlib = "/wheels/python_stdlib.zip"
tmp = tempfile.mkdtemp()
with zipfile.ZipFile(stdlib) as z:
    z.extractall(tmp)
    compiled = any(n.endswith(".pyc") for n in z.namelist())
if not compiled:
    compileall.compile_dir(tmp, quiet=2, legacy=True, ddir="/lib/python314.zip",
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with zipfile.ZipFile(stdlib + ".new", "w", zipfile.ZIP_DEFLATED) as z:
        for root, _, files in os.walk(tmp):
            for f in sorted(files):
                path = os.path.join(root, f)
                z.write(path, os.path.relpath(path, tmp))
    os.replace(stdlib + ".new", stdlib)
    done.append("python_stdlib.zip")
shutil.rmtree(tmp)
",".join(done)
`);
console.log("COMPILED " + done);
"""


def precompile_wheels(folder: Path) -> list[str]:
    """Add bytecode to every wheel in ``folder`` (a site's ``static/pyodide``) with its own Pyodide under Node.js;
    returns the wheels compiled (none when Node.js is missing or fails: the site then works from sources)."""
    node = shutil.which("node")
    if node is None:
        return []
    script = folder / "_precompile.mjs"
    script.write_text(NODE_SCRIPT % {"mjs": json.dumps(str(folder / "pyodide.mjs")),
                                     "index": json.dumps(str(folder) + "/")})
    try:
        run = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return []
    finally:
        script.unlink()
    lines = [line for line in run.stdout.splitlines() if line.startswith("COMPILED ")]
    if run.returncode != 0 or not lines:
        return []
    return [name for name in lines[-1][len("COMPILED "):].split(",") if name]


__all__ = ["precompile_wheels"]
