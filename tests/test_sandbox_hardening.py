"""The layers of issue 48 around a learner's process, each tested by itself (the hostile batches of
tests/hostile/test_isolation_modes.py test them together, in every mode): the seccomp filter, the supervisor that
ends every process of a job, RLIMIT_NPROC, the clean-up of folders a learner closed, and a root grader's learner
that never keeps root. Each test also shows the attempt working without the layer, so it can fail."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="grading's layers are Linux's")

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str, *, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (a filter or a limit applies for the life of a process)."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


SYSCALLS = """
import ctypes, errno, os, socket
libc = ctypes.CDLL(None, use_errno=True)
def outcome(result):
    return "ok" if result != -1 else errno.errorcode[ctypes.get_errno()]
def socket_outcome():
    try:
        socket.socket().close()
        return "ok"
    except OSError as exc:
        return errno.errorcode[exc.errno]
results = {}
shm = libc.shmget(0, 4096, 0o1600)  # IPC_PRIVATE
results["shmget"] = outcome(shm)
if shm != -1:
    libc.shmctl(shm, 0, None)  # IPC_RMID: leave nothing behind
queue = libc.msgget(0, 0o1600)
results["msgget"] = outcome(queue)
if queue != -1:
    libc.msgctl(queue, 0, None)
sem = libc.semget(0, 1, 0o1600)
results["semget"] = outcome(sem)
if sem != -1:
    libc.semctl(sem, 0, 0)
results["add_key"] = outcome(libc.syscall(248, b"user", b"jaliz-test", b"x", 1, -3))
results["socket"] = socket_outcome()
results["io_uring_setup"] = outcome(libc.syscall(425, 1, ctypes.create_string_buffer(120)))
child = os.fork()
if child == 0:
    import time; time.sleep(5); os._exit(0)
results["ptrace"] = outcome(libc.ptrace(16, child, None, None))  # PTRACE_ATTACH to my own child
os.kill(child, 9); os.waitpid(child, 0)
pid = os.fork()
if pid == 0:
    os._exit(0 if libc.unshare(0x10000000) == 0 else 1)  # CLONE_NEWUSER, in a child
results["unshare"] = "ok" if os.waitpid(pid, 0)[1] == 0 else "refused"
"""


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the system call numbers here are x86_64's")
def test_the_seccomp_filter_shuts_the_kernels_channels_and_keeps_what_python_needs():
    from jaliz_learn.grading import seccomp

    if seccomp.available():
        pytest.skip(seccomp.available())
    before = _run(SYSCALLS + "print(results)")
    assert before.returncode == 0, before.stderr
    opened = eval(before.stdout)  # without the filter (the control): System V IPC and the rest work here
    assert opened["shmget"] == opened["msgget"] == opened["semget"] == "ok", opened
    after = _run("from jaliz_learn.grading import seccomp; seccomp.install()\n" + SYSCALLS + textwrap.dedent("""
        import subprocess, threading, numpy, pandas
        a, b = socket.socketpair(); a.sendall(b"x"); assert b.recv(1) == b"x"  # a private pair stays
        t = threading.Thread(target=lambda: None); t.start(); t.join()
        assert subprocess.run(["true"]).returncode == 0
        print(results)
    """))
    assert after.returncode == 0, after.stderr
    shut = eval(after.stdout)
    assert shut == {"shmget": "EPERM", "msgget": "EPERM", "semget": "EPERM", "add_key": "EPERM", "socket": "EACCES",
                    "io_uring_setup": "EPERM", "ptrace": "EPERM", "unshare": "refused"}, shut


def _lingering(name: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            if Path(f"/proc/{entry}/comm").read_text().strip() == name:
                found.append(int(entry))
        except (OSError, ValueError):
            continue
    return found


DETACH_CELL = """
import ctypes, os, signal, time
if os.fork() == 0:
    if os.fork() == 0:
        os.setsid()
        ctypes.CDLL(None).prctl(15, b"{name}", 0, 0, 0)
        ctypes.CDLL(None).prctl(1, 0, 0, 0, 0)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        time.sleep(120)
        os._exit(0)
    os._exit(0)
os.wait()

class Bot:
    def act(self, observation, legal_actions):
        return legal_actions[0]
"""


def _modes() -> list[str]:
    from jaliz_learn.grading.isolation import landlock_abi

    return (["landlock"] if landlock_abi() >= 6 else []) + ["none"]


@pytest.mark.parametrize("mode", _modes())
def test_a_detached_process_ends_with_its_job_without_a_pid_namespace(mode):
    from jaliz_learn.core.registry import load_game
    from jaliz_learn.grading.sandbox import Sandbox

    name = f"jz-det-{os.getpid() % 10000}"
    notebook = {"cells": [{"cell_type": "code", "source": DETACH_CELL.replace("{name}", name), "metadata": {}}]}
    box = Sandbox(notebook, load_game("nizam"), "Bot", isolation=mode)
    try:
        assert box.start() == "Bot"
        assert "a supervisor that ends every process of the job" in box.layers, box.layers
        deadline = time.monotonic() + 10
        while not _lingering(name) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _lingering(name), "the detached process never started"  # the control: it runs while the job does
    finally:
        box.close()
    time.sleep(0.2)
    assert _lingering(name) == [], "a detached process outlived its job"


def test_rlimit_nproc_stops_a_fork_bomb():
    done = _run("""
        import os, resource, time
        from jaliz_learn.grading.reaper import limit_processes
        if os.getuid() == 0:
            os.setgroups([]); os.setresgid(65534, 65534, 65534); os.setresuid(65534, 65534, 65534)
        limit_processes(8)
        started = 0
        try:
            for _ in range(200):
                if os.fork() == 0:
                    time.sleep(3); os._exit(0)
                started += 1
        except BlockingIOError:
            pass
        print(started)
    """)
    assert done.returncode == 0, done.stderr
    assert 0 < int(done.stdout) <= 8, done.stdout


def test_clean_up_removes_a_folder_a_learner_closed_as_an_ordinary_user():
    import tempfile

    from jaliz_learn.grading.reaper import remove_tree

    base = Path(tempfile.mkdtemp(prefix="jaliz-test-cleanup-", dir="/tmp"))  # a folder nobody may enter
    base.chmod(0o755)
    if os.geteuid() == 0:  # root ignores the modes: act as nobody, who owns the grader's folder as its user would
        os.chown(base, 65534, 65534)
    try:
        _closed_folders(base)
    finally:
        remove_tree(base)


def _closed_folders(tmp_path: Path) -> None:
    code = """
        import sys
        from pathlib import Path
        sys.path.insert(0, {tests!r})
        from test_sandbox_hardening import closed_folder_as_learner
        closed_folder_as_learner(Path({path!r}), {use_reaper})
    """
    for use_reaper in (False, True):
        job = tmp_path / f"job-{use_reaper}"
        job.mkdir()
        if os.geteuid() == 0:
            os.chown(job, 65534, 65534)
        done = _run(code.format(tests=str(Path(__file__).parent), path=str(job), use_reaper=use_reaper))
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == (["counted", "gone"] if use_reaper else ["left"]), done.stdout


def closed_folder_as_learner(job: Path, use_reaper: bool) -> None:
    """In a fresh process (as nobody when run as root): make a closed folder in ``job``, then remove ``job`` with
    ``shutil.rmtree`` (the control: it is left) or :func:`remove_tree` (after counting it with
    :func:`scratch_bytes`)."""
    import shutil

    from jaliz_learn.grading.reaper import remove_tree, scratch_bytes

    if os.geteuid() == 0:
        os.setgroups([])
        os.setresgid(65534, 65534, 65534)
        os.setresuid(65534, 65534, 65534)
    inner = job / "locked" / "inner"
    inner.mkdir(parents=True)
    (inner / "answers.txt").write_bytes(b"x" * 100_000)
    inner.chmod(0)
    (job / "locked").chmod(0)
    if not use_reaper:
        shutil.rmtree(job, ignore_errors=True)
        print("left" if job.exists() else "gone")
        return
    print("counted" if scratch_bytes(str(job), limit=1 << 30) >= 100_000 else "missed")
    print("gone" if remove_tree(job) and not job.exists() else "left")


@pytest.mark.skipif(os.geteuid() != 0, reason="what a root grader's learner becomes")
def test_a_root_graders_learner_is_nobody_in_every_mode_and_reads_only_with_its_one_capability(tmp_path):
    from jaliz_learn.grading.isolation import offered, plan

    offer = offered()
    modes = [m for m, ok in (("namespaces", offer.namespaces), ("landlock", offer.landlock)) if ok] + ["none"]
    for mode in modes:
        chosen = plan(mode, offer=offer)
        assert chosen.user == (65534, 65534), (mode, chosen)
        assert chosen.supervise == (mode != "namespaces")
    secret = tmp_path / "private" / "file.txt"
    secret.parent.mkdir(mode=0o700)
    secret.write_text("root's")
    code = """
        import os
        from jaliz_learn.grading.jail import become
        print(become((65534, 65534), keep_reading={keep}))
        status = open("/proc/self/status").read()
        print([line.split()[1] for line in status.splitlines() if line.startswith(("CapEff", "CapBnd"))])
        try:
            print(open({path!r}).read())
        except PermissionError:
            print("refused")
        try:
            open({path!r}, "a").write("x")
            print("written")
        except PermissionError:
            print("not written")
    """
    plain = _run(code.format(keep=False, path=str(secret)))
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.splitlines()[2:] == ["refused", "not written"], plain.stdout
    reading = _run(code.format(keep=True, path=str(secret)))
    assert reading.returncode == 0, reading.stderr
    lines = reading.stdout.splitlines()
    assert lines[0] == "nobody, keeping only the right to read", lines
    assert lines[1] == "['0000000000000004', '0000000000000004']", lines  # CAP_DAC_READ_SEARCH alone, for good
    assert lines[2:] == ["root's", "not written"], lines


def test_the_namespaces_mode_has_its_own_ipc_namespace():
    from jaliz_learn.grading.isolation import UNSHARE_ARGS

    assert "--ipc" in UNSHARE_ARGS


def test_supervisor_mirrors_the_learners_exit_status():
    """The grader reads the learner's exit code or signal through the supervisor, as before it existed."""
    done = _run("""
        import os, signal, sys
        from jaliz_learn.grading.reaper import supervise
        pid = os.fork()
        if pid == 0:
            os.setsid()
            supervise("/nonexistent", 1 << 30)
            os.kill(os.getpid(), int(sys.argv[1]) if len(sys.argv) > 1 else signal.SIGXCPU)
        print(os.waitpid(pid, 0)[1])
    """)
    assert done.returncode == 0, done.stderr
    status = int(done.stdout)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == 24, status  # SIGXCPU: the CPU limit's signal


def test_a_missing_libseccomp_is_said_and_no_capability_is_kept_without_the_filter(monkeypatch):
    from jaliz_learn.grading import isolation, seccomp

    monkeypatch.setattr(seccomp, "_library", lambda: (None, "libseccomp is not installed"))
    offer = isolation.Offer(namespaces=False, landlock=7, root=True, platform="linux")
    monkeypatch.setattr(isolation, "_others_may_read", lambda paths: False)  # pyenv under /root
    chosen = isolation.plan("landlock", offer=offer)
    assert not chosen.seccomp and "NO seccomp (libseccomp is not installed)" in chosen.describe()
    assert chosen.drop_capabilities and not chosen.keep_reading and chosen.user is None  # no CAP_DAC_READ_SEARCH
    monkeypatch.setattr(seccomp, "_library", lambda: (object(), ""))
    with_filter = isolation.plan("landlock", offer=offer)
    assert with_filter.seccomp and with_filter.keep_reading and with_filter.user == isolation._nobody()


def test_the_supervisors_disk_measure_counts_blocks_stops_early_and_follows_no_link(tmp_path):
    from jaliz_learn.grading.reaper import scratch_bytes

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "data.bin").write_bytes(os.urandom(200_000))
    (tmp_path / "sparse.bin").open("wb").truncate(1 << 30)  # 1 GiB announced, nothing written
    (tmp_path / "link").symlink_to("/usr")  # the whole of /usr behind a link: not counted
    used = scratch_bytes(str(tmp_path), limit=1 << 30)
    assert 200_000 <= used < 300_000, used
    assert scratch_bytes(str(tmp_path), limit=1000) > 1000  # past the cap: it stops and says so


def test_the_filter_keeps_signals_from_the_supervisor_the_grader_and_every_process_at_once():
    """Where the learner runs as the grading user without Landlock's signal scope (none mode, an older kernel), the
    filter is what keeps it from killing its supervisor (then its orphans would escape) or the grader."""
    from jaliz_learn.grading import seccomp

    if seccomp.available():
        pytest.skip(seccomp.available())
    code = """
        import errno, os, signal
        from jaliz_learn.grading import seccomp
        parent, group = os.getppid(), os.getpgid(os.getppid())
        def outcome(pid):
            try:
                os.kill(pid, 0)  # signal 0: permission is checked, nothing is sent
                return "ok"
            except OSError as exc:
                return errno.errorcode[exc.errno]
        before = [outcome(parent), outcome(-1), outcome(os.getpid()), outcome(-group)]
        seccomp.install(protect=[parent, group])
        print(before, [outcome(parent), outcome(-1), outcome(os.getpid()), outcome(-group)])
    """
    done = _run(code)
    assert done.returncode == 0, done.stderr
    before, after = done.stdout.strip().split("] [")
    assert before == "['ok', 'ok', 'ok', 'ok'", before  # the control: without the filter each signal may go
    assert after == "'EPERM', 'EPERM', 'ok', 'EPERM']", after  # itself still may


BOMB_CELL = """
import os, time
started = 0
try:
    for _ in range(2000):
        if os.fork() == 0:
            time.sleep(20); os._exit(0)
        started += 1
except (BlockingIOError, OSError):
    pass
assert started < 2000, "RLIMIT_NPROC never stopped the bomb"
class Bot:
    def __init__(self, seed=None):
        pass
    def act(self, observation, legal):
        return legal[0]
"""

FORK_CELL = """
import os
class Bot:
    def __init__(self, seed=None):
        child = os.fork()  # BlockingIOError if a sibling job's bomb used up this job's RLIMIT_NPROC
        if child == 0:
            os._exit(0)
        os.waitpid(child, 0)
    def act(self, observation, legal):
        return legal[0]
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="a root grader's jobs each get their own uid")
def test_a_root_graders_parallel_jobs_have_their_own_uids_and_a_bomb_starves_no_sibling():
    from jaliz_learn.core.registry import load_game
    from jaliz_learn.grading.failures import Limits
    from jaliz_learn.grading.isolation import JOB_UIDS, offered
    from jaliz_learn.grading.sandbox import Sandbox

    offer = offered()
    modes = [m for m, ok in (("namespaces", offer.namespaces), ("landlock", offer.landlock)) if ok] + ["none"]
    for mode in modes:
        def box(cell: str, mode: str = mode) -> Sandbox:
            notebook = {"cells": [{"cell_type": "code", "source": cell, "metadata": {}}]}
            return Sandbox(notebook, load_game("nizam"), "Bot", Limits(processes=16), isolation=mode)

        sibling, bomber = box(FORK_CELL), box(BOMB_CELL)
        try:
            assert sibling.plan.user != bomber.plan.user, mode
            assert all(JOB_UIDS <= b.plan.user[0] < JOB_UIDS + (1 << 24) for b in (sibling, bomber)), mode
            assert sibling.start() == "Bot"  # the sibling first: its cap counts only what ran before the bomb
            assert bomber.start() == "Bot", bomber.output()  # the bomb ran into its own cap, and the job goes on
            for b in (sibling, bomber):
                assert f"runs as its own unprivileged uid {b.plan.user[0]}" in b.layers, (mode, b.layers)
            started = time.monotonic()
            sibling.new_bot(1, limit=10)  # forks: refused if the two jobs shared one user's RLIMIT_NPROC
            assert time.monotonic() - started < 10
        finally:
            bomber.close()
            sibling.close()
