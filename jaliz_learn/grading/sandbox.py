"""Run a learner's notebook in its own, closed process and ask its bot for actions as data.

The grader never runs learner code itself. :class:`Sandbox` starts one fresh child process per notebook with
operating-system limits set before it starts (CPU seconds, address space and the size of what it may print,
``resource.setrlimit``; it dies with the grader) and a fresh *job folder*: an empty scratch folder, the only
place the child may write (its home, working folder and ``TMPDIR``), deleted when the job ends. The notebook is
read here and sent to the child as data, so the child needs no access to the class folder at all.

Before any learner code runs, the child closes itself in with the layers of the isolation plan
(:mod:`.isolation`: its own namespaces and a read-only view of just the interpreter and the package, or Landlock
and a seccomp filter; as its own unprivileged uid when the grader is root; :mod:`.boot`). The parent enforces the
wall time of every step (loading the notebook, creating a bot, each decision) and ends the job when it is exceeded: the
PID namespace (``namespaces`` mode) or the job's supervisor (:mod:`.reaper`: other modes) then kills every process the
learner started, detached or not. Clean-up removes the job folder whatever modes the learner left on it.

Whatever the child does (crash, hang, exit, print a fake report, start threads, swallow signals, grow its
memory), the parent only sees messages or their absence, turns each into a :class:`BotFailure` with a clear
reason, and carries on; the verdict and the exit status are the parent's alone.
"""

from __future__ import annotations

import functools
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core.actions import Action
from ..core.browser import refuse_in_browser
from ..core.game import Game
from .failures import BotFailure, IsolationFailure, Limits, LoadFailure, over_the_limit
from .isolation import Plan, child_command, child_spec, job_user, plan
from .notebooks import read_notebook
from .protocol import FIRST_PAGE, MAX_MESSAGE, PAGE, Encoder, ProtocolError, action_types_defs, dumps, loads
from .reaper import DISK_EXIT, remove_tree
from .report import LearnerCodeError
from .spawn import child_environment, hide_grader, set_limits
from .values import args_to_plain, from_plain


def _frame(data: Any) -> dict[str, Any] | None:
    """The learner's frame as the child reported it, kept only if it has the expected shape (untrusted data)."""
    if not isinstance(data, dict):
        return None
    cell, line, code, method = data.get("cell"), data.get("line"), data.get("code"), data.get("method")
    if not (isinstance(cell, str) and type(line) is int and isinstance(code, str) and isinstance(method, str)):
        return None
    return {"cell": cell[:200], "line": line, "code": code[:200], "method": method[:80]}


def _text(data: Any, limit: int = 2000) -> str:
    return str(data)[:limit]


#: seconds past a decision's limit before the grader kills a process that did not stop the decision itself
KILL_GRACE = 0.5
#: seconds the job's supervisor gets to end the learner's processes before the grader kills it too
SUPERVISOR_GRACE = 5.0


class Sandbox:
    """One learner notebook running in its own, closed process; ask its bot for actions with :meth:`act`.

    ``notebook`` is a path or a notebook already read (a dict); ``game`` gives the action classes;
    ``class_name`` names the bot class (``None``: the only one). ``isolation`` is a mode (see
    :mod:`.isolation`; default: ``$JALIZ_LEARN_ISOLATION`` or ``auto``) or a :class:`~.isolation.Plan`;
    ``hidden`` are more paths the child must not read even where they lie inside what it may read (the class
    folder, the output folder, a secret file, or modules of this package an exercise keeps from the learner): in
    every confining mode they are absent from its view, like the reference answers (:data:`.isolation.GRADER_ONLY`,
    always hidden). Use as a context manager, or call :meth:`close`. After a kill
    (hang, crash of the process) the next :meth:`new_bot` starts a fresh process in a fresh job folder, at most
    ``limits.restarts`` times.
    """

    def __init__(self, notebook: str | Path | Mapping[str, Any], game: Game, class_name: str | None = None,
                 limits: Limits | None = None, *, isolation: str | Plan | None = None,
                 hidden: Sequence[str | Path] = (), workdir: str | Path | None = None) -> None:
        refuse_in_browser("grading a notebook (the learner's code runs in a closed process of its own)")
        self.source = notebook
        #: the notebook as given (a path, resolved, or the notebook's data)
        self.notebook: Path | Mapping[str, Any] = Path(notebook).resolve() if isinstance(notebook, (str, Path)) \
            else notebook
        self.notebook_name = Path(notebook).name if isinstance(notebook, (str, Path)) else "notebook.ipynb"
        self.game = game
        self.class_name = class_name
        self.limits = limits or Limits()
        self.plan = isolation if isinstance(isolation, Plan) else plan(isolation)
        if self.plan.user is not None:  # its own uid, not the nobody shared by parallel jobs (RLIMIT_NPROC is per user)
            self.plan = replace(self.plan, user=job_user(self.plan.user[1]))
        self.hidden = [str(Path(h).resolve()) for h in hidden]
        if isinstance(notebook, (str, Path)):
            self.hidden.append(str(Path(notebook).resolve().parent))
        self.workdir = str(workdir) if workdir is not None else None
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.class_found: str | None = None
        #: ``module:qualname`` of the bot class and its bases, as the learner's process reported them
        self.class_bases: tuple[str, ...] = ()
        #: the layers that applied, as the learner's process reported them before running any learner code
        self.layers = ""
        self.last_death = ""
        #: the ``name`` attribute of the last bot made (a string the learner's process reported, made safe), or None
        self.bot_name: str | None = None
        self._job: str | None = None
        self._next_bot = 0
        self._buffer = b""
        self._cells: dict[str, Any] | None = None

    @property
    def isolation_note(self) -> str | None:
        """A warning for reports when the child's file system is not closed (``None`` when it is)."""
        return self.plan.warning()

    def describe_isolation(self) -> str:
        """``isolation: ...`` for reports: what applied (or what is planned, before the first start)."""
        return "isolation: " + (self.layers or self.plan.describe())

    # ---- the process ---------------------------------------------------------------------------

    def _notebook(self) -> dict[str, Any]:
        """The notebook's cells (types, sources, tags), read once here: the child gets them as data."""
        if self._cells is None:
            try:
                data = read_notebook(self.source)
            except LearnerCodeError as exc:
                raise LoadFailure(str(exc)) from None
            self._cells = {"cells": [{"cell_type": c.get("cell_type"), "source": c.get("source", ""),
                                      "metadata": {"tags": list(c.get("metadata", {}).get("tags", []) or [])}}
                                     for c in data["cells"] if isinstance(c, dict)]}
        return self._cells

    def _game_files(self) -> list[str]:
        """The files of a game defined outside this package (a teacher's own game, a test's): the child decodes
        its observations and actions with the game's own classes, so it may read those files (only those)."""
        files = set()
        for cls in (type(self.game), *self.game.action_types.values()):
            if not cls.__module__.startswith(("jaliz_learn.", "builtins")):
                path = getattr(sys.modules.get(cls.__module__), "__file__", None)
                if path:
                    files.add(str(Path(path).resolve()))
        return sorted(files)

    def _new_job(self) -> tuple[str, str]:
        """A fresh job folder (only the grader may list it) with an empty scratch folder for the child."""
        self._remove_job()
        job = tempfile.mkdtemp(prefix="jaliz-job-", dir=self.workdir)
        os.chmod(job, 0o711)  # a child running as its own uid may pass through to its scratch folder, not list
        scratch = os.path.join(job, "scratch")
        os.mkdir(scratch, 0o700)
        if self.plan.user is not None:
            os.chown(scratch, *self.plan.user)
        if self.plan.jail:
            os.mkdir(os.path.join(job, "root"), 0o700)
        self._job = job
        return job, scratch

    def _remove_job(self) -> None:
        if self._job is not None:
            remove_tree(self._job)  # opens folders the learner closed, as an ordinary user too
            self._job = None

    def _spawn(self, **extra: Any) -> None:
        """Start a fresh child in a fresh job folder and wait until it says it is closed in."""
        self.close()
        self.starts += 1
        job, scratch = self._new_job()
        p2c_r, p2c_w = os.pipe()
        c2p_r, c2p_w = os.pipe()
        spec = child_spec(self.plan, scratch=scratch, jail_root=os.path.join(job, "root"), hidden=self.hidden,
                          extra_read=self._game_files())
        spec.update(processes=self.limits.processes, disk_bytes=self.limits.disk_mb << 20)
        cmd = child_command(self.plan, (p2c_r, c2p_w))
        if not self.plan.jail:
            hide_grader()
        out = open(os.path.join(job, "output.txt"), "wb")
        try:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                         pass_fds=(p2c_r, c2p_w), cwd=scratch, env=child_environment(scratch),
                                         preexec_fn=functools.partial(set_limits, self.limits))
        finally:
            os.close(p2c_r)
            os.close(c2p_w)
            out.close()
        self._to, self._from = p2c_w, c2p_r
        os.set_blocking(self._to, False)
        os.set_blocking(self._from, False)
        self._buffer = b""
        self._encoder = Encoder()
        self._send({"op": "spec", "spec": {**spec, **extra}}, time.monotonic() + 5)
        self._confined()

    def probe(self, targets: Mapping[str, Any]) -> list[list[str]]:
        """Run the built-in probe (:mod:`.probe`) in a child closed in like a learner's: ``[what, result]`` rows."""
        self._spawn(probe=dict(targets))
        try:
            reply = self._recv(time.monotonic() + 30)
        except (_Timeout, _Died) as exc:
            raise IsolationFailure(f"the probe did not answer ({exc})") from None
        finally:
            self.close()
        rows = reply.get("results")
        return [[_text(a, 80), _text(b, 200)] for a, b in rows] if isinstance(rows, list) else []

    def start(self) -> str:
        """Start a fresh, closed child and load the notebook; the bot class name, or :class:`LoadFailure`
        (:class:`IsolationFailure` when the child could not be closed in as planned)."""
        notebook = self._notebook()
        self._spawn()
        cell = min(self.limits.cell_seconds, self.limits.load_seconds)
        self._send({"op": "hello", "notebook": notebook, "name": self.notebook_name, "class_name": self.class_name,
                    "cell_time_limit": cell, "action_types": action_types_defs(self.game.action_types),
                    "output_chars": self.limits.output_bytes // 4}, time.monotonic() + 5)
        try:
            reply = self._recv(time.monotonic() + self.limits.load_seconds)
        except _Timeout:
            self.kill()
            raise LoadFailure(f"running the notebook's cells took longer than {self.limits.load_seconds:g} s; "
                              "is there an endless loop or a long computation at the top level of a cell?") from None
        except _Died as exc:
            raise LoadFailure(f"the notebook's process stopped while its cells ran: {exc}") from None
        if reply["op"] == "load-error":
            self.kill()
            raise LoadFailure(_text(reply.get("message", "the notebook could not be run"), 4000))
        if reply["op"] != "ready":
            self.kill()
            raise LoadFailure("the notebook's process answered something unexpected while its cells ran")
        self.class_found = _text(reply.get("class"), 100)
        bases = reply.get("bases")
        self.class_bases = tuple(_text(b, 200) for b in bases[:32]) if isinstance(bases, list) else ()
        return self.class_found

    def _confined(self) -> None:
        """The child's first message: the layers it applied before running anything of the learner's."""
        try:
            first = self._recv(time.monotonic() + 30)
        except (_Timeout, _Died, ProtocolError) as exc:
            self.kill()
            raise IsolationFailure(f"the learner's process did not start ({exc or 'no answer'}; "
                                   f"{self.output(300).strip()[:300]})") from None
        if first.get("op") != "confined":
            self.kill()
            raise IsolationFailure("the learner's process could not be confined as planned "
                                   f"({self.plan.mode}): {_text(first.get('message'), 400)}")
        self.layers = _text(first.get("layers"), 300)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def output(self, limit: int = 2000) -> str:
        """The end of what the child printed (for diagnostics)."""
        if self._job is None:
            return ""
        try:
            data = Path(self._job, "output.txt").read_bytes()
        except OSError:
            return ""
        return data[-limit:].decode("utf-8", "replace")

    def kill(self) -> None:
        """Kill the child and everything it started (its process group; its namespace when isolated)."""
        if self.proc is None:
            return
        for fd in (getattr(self, "_to", None), getattr(self, "_from", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._to = self._from = None  # type: ignore[assignment]
        if self.plan.supervise:  # the supervisor kills the learner's whole tree, detached processes included
            try:
                self.proc.send_signal(signal.SIGTERM)
                self.proc.wait(timeout=SUPERVISOR_GRACE)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.kill()
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
            pass
        self.proc = None

    def close(self) -> None:
        """Stop the child (politely first) and remove its working folder."""
        if self.proc is not None and self.alive and self._to is not None:
            try:
                self._send({"op": "bye"}, time.monotonic() + 0.5)
                self.proc.wait(timeout=0.5)
            except (subprocess.TimeoutExpired, _Died, _Timeout, OSError):
                pass
        self.kill()
        self._remove_job()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- messages ----------------------------------------------------------------------------------

    def _send(self, message: Mapping[str, Any], deadline: float) -> None:
        data = dumps(message)
        while data:
            if self._to is None:
                raise _Died("the process is gone")
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Timeout()
            _, ready, _ = select.select([], [self._to], [], left)
            if not ready:
                continue
            try:
                written = os.write(self._to, data)
            except BlockingIOError:
                continue
            except (BrokenPipeError, OSError):
                raise _Died(self._death()) from None
            data = data[written:]

    def _recv(self, deadline: float) -> dict[str, Any]:
        while b"\n" not in self._buffer:
            if self._from is None:
                raise _Died("the process is gone")
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Timeout()
            ready, _, _ = select.select([self._from], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self._from, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                raise _Died(self._death())
            self._buffer += chunk
            if len(self._buffer) > MAX_MESSAGE and b"\n" not in self._buffer:
                raise ProtocolError("a message that is far too long")
        line, self._buffer = self._buffer.split(b"\n", 1)
        return loads(line)

    def _death(self) -> str:
        """Why the child stopped (after EOF on its pipe)."""
        if self.proc is None:
            return "the process is gone"
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "it closed its connection to the grader"
        if code < 0:
            sig = -code
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
            why = {"SIGXCPU": f"it used more than {self.limits.cpu_seconds} s of CPU time",
                   "SIGXFSZ": f"it printed more than {self.limits.output_bytes:,} bytes",
                   "SIGKILL": "it was killed (memory or time limit)"}.get(name, f"it was stopped by {name}")
            return why
        tail = self.output(4000)
        if code == DISK_EXIT:
            return f"it wrote more than {self.limits.disk_mb} MiB into its folder (the disk limit of a job)"
        if "MemoryError" in tail:
            return f"it ran out of memory (limit {self.limits.memory_mb} MiB) and exited with code {code}"
        return f"it exited with code {code} (a call to exit(), os._exit() or sys.exit() in the learner's code?)"

    # ---- bots ------------------------------------------------------------------------------------

    def new_bot(self, seed: int, limit: float | None = None) -> int:
        """Create a bot in the child (``BotClass(seed)``); its number, or :class:`BotFailure`."""
        if not self.alive:
            if self.starts > self.limits.restarts:
                raise BotFailure("crash", f"not played: your bot's process was stopped {self.starts} times "
                                          f"(last: {self.last_death})")
            try:
                self.start()
            except LoadFailure as exc:
                raise BotFailure("crash", f"restarting your notebook failed: {exc}") from None
        number = self._next_bot
        self._next_bot += 1
        seconds = limit if limit is not None else self.limits.setup_seconds
        reply = self._exchange({"op": "new", "bot": number, "seed": seed}, seconds, "setup")
        if reply["op"] == "error":
            raise BotFailure("crash", "creating the bot failed: " + _text(reply.get("text", "")),
                             _frame(reply.get("frame")), "__init__")
        if reply["op"] != "ok":
            self._violation("an unexpected answer to 'create a bot'")
        name = reply.get("name")
        self.bot_name = _text(name, 100) if isinstance(name, str) else None
        return number

    def drop(self, bot: int) -> None:
        """Forget a bot in the child (after its game)."""
        if self.alive and self._to is not None:
            try:
                self._send({"op": "drop", "bot": bot}, time.monotonic() + 1)
            except (_Died, _Timeout, OSError):
                self.last_death = "it stopped answering"
                self.kill()

    def act(self, bot: int, observation: Any, legal: Sequence[Action], limit: float | None) -> tuple[Action, float]:
        """Ask bot ``bot`` for an action; the action (exact class and field types checked) and the seconds.

        Raises :class:`BotFailure` for a crash, a timeout, a non-action, an answer that is no action of
        this game, or a process that died. Whether the action is legal now is for the caller to check.
        """
        if not self.alive:
            raise BotFailure("crash", f"your bot's process is not running ({self.last_death})")
        count = len(legal)
        # a short list goes whole; of a long (lazy) one only the start, the child asks for more
        first = [legal[i].to_json() for i in range(count if count <= PAGE else FIRST_PAGE)]
        obs = self._encoder.encode(observation)
        message = {"op": "act", "bot": bot, "defs": self._encoder.take_defs(), "obs": obs,
                   "count": count, "items": first, "limit": limit}
        start = time.perf_counter()
        # the child stops the decision at the limit itself; it is killed only if it has not answered a moment later
        grace = None if limit is None else limit + KILL_GRACE
        reply = self._exchange(message, grace, "act", legal=legal, limit=limit)
        elapsed = time.perf_counter() - start
        if reply["op"] == "timeout" or (limit is not None and elapsed > limit):
            raise BotFailure("timeout", over_the_limit(limit), method="act")
        if reply["op"] == "error":
            raise BotFailure("crash", _text(reply.get("text", "an error")), _frame(reply.get("frame")), "act")
        if reply["op"] != "answer":
            self._violation("an unexpected answer to a decision")
        if "action" not in reply:
            shown = str(reply.get("non_action", "?"))[:80]
            kind = str(reply.get("type", "?"))[:40]
            raise BotFailure("non-action", f"act() returned {shown} ({kind}), which is not an action", method="act")
        try:
            action = self.game.action_from_json(reply["action"])
        except Exception as exc:  # untrusted data: whatever is wrong with it, it is no action of this game
            raise BotFailure("illegal", f"act() returned an action this game does not have: {_text(exc, 300)}",
                             method="act") from None
        return action, elapsed

    def call(self, bot: int, method: str, args: tuple[Any, ...], limit: float | None) -> tuple[Any, float]:
        """The result of ``bot.method(*args)`` in the child (plain values, see :mod:`.values`) and the seconds.

        For exercises that check values the learner's code computes. Raises :class:`BotFailure` for a
        crash, a timeout or a process that died; a result that does not cross as a plain value arrives
        as :class:`~jaliz_learn.grading.values.Opaque`.
        """
        if not self.alive:
            raise BotFailure("crash", f"your bot's process is not running ({self.last_death})")
        start = time.perf_counter()
        reply = self._exchange({"op": "call", "bot": bot, "method": method, "args": args_to_plain(args)}, limit,
                               "act")
        elapsed = time.perf_counter() - start
        if reply["op"] == "error":
            raise BotFailure("crash", _text(reply.get("text", "an error")), _frame(reply.get("frame")), method)
        if reply["op"] != "result":
            self._violation("an unexpected answer to a method call")
        try:
            value = from_plain(reply.get("value"))
        except (ValueError, ZeroDivisionError) as exc:
            self._violation(f"a malformed value: {exc}")
        if limit is not None and elapsed > limit:
            raise BotFailure("timeout", f"{method}() took more than {limit:g} s ({elapsed:.2f} s)", method=method)
        return value, elapsed

    def _exchange(self, message: Mapping[str, Any], wait: float | None, what: str,
                  legal: Sequence[Action] | None = None, limit: float | None = None) -> dict[str, Any]:
        """Send ``message`` and return the answer, serving page requests; killed after ``wait`` seconds (``limit``:
        the limit the learner is told about, default ``wait``)."""
        limit = wait if limit is None else limit
        deadline = time.monotonic() + (wait if wait is not None else 3600.0)
        try:
            self._send(message, deadline)
            while True:
                reply = self._recv(deadline)
                op = reply["op"]
                if legal is not None and op == "page":
                    self._send(self._page(legal, reply), deadline)
                elif legal is not None and op == "contains":
                    self._send({"op": "contains", "result": self._contains(legal, reply.get("action"))}, deadline)
                else:
                    return reply
        except _Timeout:
            self.last_death = "killed after a timeout"
            self.kill()
            if what == "setup":
                raise BotFailure("timeout", f"creating the bot took longer than {limit:g} s",
                                 method="__init__") from None
            raise BotFailure("timeout", over_the_limit(limit) + " (your bot's process was stopped)",
                             method="act") from None
        except _Died as exc:
            self.last_death = str(exc)
            self.kill()
            raise BotFailure("crash", f"your bot's process stopped during {'act()' if what == 'act' else 'setup'}:"
                                      f" {exc}", method="act" if what == "act" else "__init__") from None
        except (ProtocolError, KeyError, TypeError, ValueError) as exc:
            self._violation(str(exc))
            raise  # pragma: no cover - _violation raises

    def _violation(self, what: str) -> None:
        self.last_death = "it broke the grading protocol"
        self.kill()
        raise BotFailure("crash", f"your bot's process sent the grader something it cannot read ({what[:80]}); "
                                  "do not print to or write on the grader's connection")

    @staticmethod
    def _page(legal: Sequence[Action], request: Mapping[str, Any]) -> dict[str, Any]:
        start, stop = request.get("start"), request.get("stop")
        if type(start) is not int or type(stop) is not int:
            raise ProtocolError("bad page request")
        start = max(0, min(start, len(legal)))
        stop = max(start, min(stop, len(legal), start + PAGE))
        return {"op": "page", "items": [legal[i].to_json() for i in range(start, stop)]}

    def _contains(self, legal: Sequence[Action], data: Any) -> bool:
        try:
            action = self.game.action_from_json(data)
        except Exception:  # untrusted data
            return False
        return action in legal


class _Timeout(Exception):
    pass


class _Died(Exception):
    pass


__all__ = ["BotFailure", "IsolationFailure", "Limits", "LoadFailure", "Sandbox"]
