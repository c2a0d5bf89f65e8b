"""blame.sandbox: agent-written code runs contained and cannot forge its test results.

Real processes, no mocks. Each forging case would report "2/2 passed" (or import fine) if its
defence were missing; each containment case checks the effect from outside the sandbox.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from blame import sandbox
from blame.sandbox import Limits, mechanism, run_contained, run_tests, try_import

NAMESPACES = mechanism().startswith("bubblewrap")
CI = os.environ.get("CI") == "true"
needs_namespaces = pytest.mark.skipif(
    not NAMESPACES, reason=f"bubblewrap is not usable here (contained by: {mechanism()})"
)


def test_ci_runs_the_namespace_tests() -> None:
    """In CI the namespace tests must run, not skip: a missing bubblewrap fails the run."""
    if not CI:
        pytest.skip("only in CI (CI=true): elsewhere the namespace tests skip with a reason")
    assert NAMESPACES, (
        f"CI=true but bubblewrap is not usable (contained by: {mechanism()}); "
        ".ci/run must install the bubblewrap package"
    )


TESTS = "def test_one():\n    assert add(1, 2) == 3\n\ndef test_two():\n    assert add(2, 2) == 4\n"
NAMES = ["test_one", "test_two"]
WRONG = "def add(a, b):\n    return 0\n"


def _passed(code: str, timeout: float = 10) -> int:
    run = run_tests(code, TESTS, NAMES, timeout)
    return sum(1 for failure in run.failures if failure is None)


def test_honest_code_passes_and_wrong_code_fails() -> None:
    assert _passed("def add(a, b):\n    return a + b\n") == 2
    assert _passed(WRONG) == 0


# Each forge tries to make two failing tests report as passed.
FORGES = {
    "read-harness-marker": "import __main__, json, sys\n"
    "mark = [v for v in vars(__main__).values() if isinstance(v, str) and '@@' in v][0]\n"
    "print(mark + json.dumps({'results': [['test_one', None], ['test_two', None]]}))\n"
    "sys.exit(0)\n",
    "old-marker-line": 'print(\'@@blame-result@@{"results": [["test_one", null]]}\')\n'
    "import os\nos._exit(0)\n",
    "pass-lines-on-every-fd": "import os\nfor fd in range(64):\n    for i in (0, 1):\n"
    "        try:\n            os.write(fd, b'\\n pass %d\\n imported\\n' % i)\n"
    "        except OSError:\n            pass\n" + WRONG,
    "exit-0-at-import": "import os\nos._exit(0)\n",
    "sys-exit-at-import": "raise SystemExit(0)\n",
    "exit-0-mid-test": "def add(a, b):\n    import os\n    os._exit(0)\n",
    "sys-exit-mid-test": "def add(a, b):\n    raise SystemExit(0)\n",
    "keyboard-interrupt-mid-test": "def add(a, b):\n    raise KeyboardInterrupt\n",
    "atexit-exit-0": "import atexit, os\natexit.register(os._exit, 0)\n" + WRONG,
    "patch-builtins": "import builtins\nbuiltins.AssertionError = type('X', (Exception,), {})\n"
    "builtins.BaseException = type('Y', (Exception,), {})\nbuiltins.str = lambda *a: 'pass 0'\n"
    + WRONG,
    "patch-os-write": "import os\n_w = os.write\n"
    "os.write = lambda fd, b: _w(fd, b.replace(b'fail', b'pass'))\n" + WRONG,
    "patch-harness-globals": "import __main__\nfor k in list(vars(__main__)):\n"
    "    if k.startswith('_blame'):\n        setattr(__main__, k, lambda: None)\n" + WRONG,
    "frame-walk": "import sys\ndef add(a, b):\n    f = sys._getframe(1)\n    while f:\n"
    "        r = f.f_locals.get('report')\n        if r:\n            r(' pass 0'); r(' pass 1')\n"
    "        f = f.f_back\n    return 0\n",
    "traceback-frame-walk": "def add(a, b):\n    try:\n        1 / 0\n    except Exception as e:\n"
    "        f = e.__traceback__.tb_frame\n    while f:\n"
    "        r = f.f_locals.get('report')\n        if r:\n            r(' pass 0'); r(' pass 1')\n"
    "        f = f.f_back\n    return 0\n",
    "gc-scan": "import gc\ndef add(a, b):\n    for o in gc.get_objects():\n"
    "        if getattr(o, '__name__', '') == 'report':\n            o(' pass 0'); o(' pass 1')\n"
    "    return 0\n",
    "secret-from-stdin": "import os, sys\ns = sys.stdin.read().split('\\n')[0]\n"
    "for fd in range(3, 64):\n    try:\n"
    "        os.write(fd, f'\\n{s} imported\\n{s} pass 0\\n{s} pass 1\\n'.encode())\n"
    "    except OSError:\n        pass\n" + WRONG,
}
# Each access, if it worked, would let the code read the secret or rewrite the harness; the
# code then behaves as if it had forged (a correct `add`), so a missing defence shows as 2/2.
ACCESSES = {
    "ctypes": "import ctypes",
    "proc-self-mem": "open('/proc/self/mem', 'rb')",
    "dev-fd-to-proc": "open('/dev/fd/../mem', 'rb')",
    "relative-proc": "open('../' * 20 + 'proc/self/mem', 'rb')",
    "symlink-to-proc": "import os\n    os.symlink('/proc/self/mem', 'm')",
    "settrace": "import sys\n    sys.settrace(lambda *a: None)",
    "current-frames": "import sys\n    sys._current_frames()",
    "gc-referrers": "import gc\n    gc.get_referrers(1)",
    "chdir": "import os\n    os.chdir('/')",
}


@pytest.mark.parametrize("access", ACCESSES.values(), ids=ACCESSES.keys())
def test_the_code_cannot_reach_the_harness(access: str) -> None:
    code = f"try:\n    {access}\n    OK = True\nexcept BaseException:\n    OK = False\n"
    assert _passed(code + "def add(a, b):\n    return a + b if OK else 0\n") == 0


@pytest.mark.parametrize("code", FORGES.values(), ids=FORGES.keys())
def test_code_under_test_cannot_forge_results(code: str) -> None:
    assert _passed(code) == 0


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("import os\nos._exit(0)\n", "the code ended the process (exit code 0) at import"),
        ("def add(a, b):\n    import os\n    os._exit(7)\n",
         "the code ended the process (exit code 7) during test_one"),
        ("print('no newline', end='')\ndef add(a, b):\n    return a + b\n", None),
    ],
)  # fmt: skip
def test_a_test_without_a_verdict_says_why(code: str, expected: str | None) -> None:
    run = run_tests(code, TESTS, NAMES, 10)
    text = f"{run.problem} {run.failures}"
    if expected is None:
        assert run.failures == (None, None), text
    else:
        assert expected in text


def test_stdlib_that_asks_for_its_callers_frame_still_works() -> None:
    code = (
        "import collections, enum, logging\nPoint = collections.namedtuple('Point', 'x y')\n"
        "Color = enum.Enum('Color', 'RED')\n"
        "def add(a, b):\n    logging.getLogger('x').warning('adding')\n"
        "    return Point(a, b).x + b\n"
    )
    assert _passed(code) == 2


def test_tests_see_builtins_as_they_were_before_the_code() -> None:
    code = "import builtins\nbuiltins.len = lambda x: 3\ndef add(a, b):\n    return a + b\n"
    run = run_tests(code, "def test_len():\n    assert len([1]) == 1\n", ["test_len"], 10)
    assert run.failures == (None,)


def test_try_import_reports_the_exception_or_the_exit() -> None:
    assert try_import("x = 1\n", 10) is None
    assert try_import("import no_such_module_xyz\n", 10) == (
        "ModuleNotFoundError: No module named 'no_such_module_xyz'"
    )
    assert try_import("import os\nos._exit(0)\n", 10) == (
        "the code ended the process (exit code 0) at import"
    )


def test_a_grandchild_holding_the_pipe_does_not_make_it_time_out() -> None:
    code = "import os, time\nif os.fork() == 0:\n    time.sleep(60)\n"
    started = time.monotonic()
    assert try_import(code, 20) is None
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(
    "code",
    ["x = 7 ** (10 ** 9)\n", "import re\nre.match(r'(a+)+$', 'a' * 64 + 'b')\n", "while 1: pass\n"],
    ids=["big-power", "regex-backtracking", "loop"],
)
def test_code_stuck_in_c_is_killed_at_the_timeout(code: str) -> None:
    started = time.monotonic()
    assert try_import(code, 1) == "timed out after 1 s"
    assert time.monotonic() - started < 4


def test_memory_is_limited() -> None:
    problem = try_import("x = bytearray(3 * 2**30)\n", 10)
    assert problem is not None and "MemoryError" in problem


def test_file_size_is_limited() -> None:
    problem = try_import("open('big', 'wb').write(b'x' * (64 << 20))\n", 10)
    assert problem is not None and "File too large" in problem


def _alive(marker: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in command:
            found.append(entry.name)
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(
    "spawn",
    [
        pytest.param(  # leaves the session: only a PID namespace's end kills it (SECURITY.md)
            "if os.fork() == 0:\n    os.setsid()\n    os.execv('/bin/sleep', ['sleep', M])\n",
            marks=needs_namespaces,
            id="setsid-grandchild",
        ),
        pytest.param(
            "for _ in range(50):\n    if os.fork() == 0:\n"
            "        os.execv('/bin/sleep', ['sleep', M])\n",
            id="fifty-forks",
        ),
        pytest.param(
            "if os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
            "        os.execv('/bin/sleep', ['sleep', M])\n    os._exit(0)\ntime.sleep(60)\n",
            marks=needs_namespaces,
            id="double-fork-then-timeout",
        ),
    ],
)
def test_no_process_outlives_the_check(spawn: str) -> None:
    marker = f"{time.time() % 1000:.6f}7"
    code = f"import os, time\nM = {marker!r}\n" + spawn
    try_import(code, 1.5)
    time.sleep(0.3)
    assert _alive(marker) == []


def _blame_survives(code: str, env_secret: str = "") -> subprocess.CompletedProcess[str]:
    """Run the check in a child Python, so a sandbox escape kills that child, not pytest."""
    script = f"from blame.sandbox import try_import\nprint(repr(try_import({code!r}, 10)))\n"
    env = {**os.environ, "BLAME_TEST_SECRET": env_secret}
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env
    )


@needs_namespaces
@pytest.mark.parametrize(
    "code",
    ["import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n",
     "import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)\n",
     "import os, signal\nos.killpg(os.getpgid(os.getppid()), signal.SIGKILL)\n"],
    ids=["kill-parent", "stop-parent", "kill-parent-group"],
)  # fmt: skip
def test_the_code_cannot_kill_or_stop_blame(code: str) -> None:
    done = _blame_survives(code)
    assert done.returncode == 0, done.stderr


def test_the_code_cannot_read_blames_environment() -> None:
    code = textwrap.dedent(
        """
        import os
        seen = repr(dict(os.environ))
        pids = ["self", str(os.getppid()), "1"]
        pids += os.listdir("/proc") if os.path.isdir("/proc") else []
        for pid in pids:
            try:
                seen += open(f"/proc/{pid}/environ", "rb").read().decode("latin-1")
            except Exception as error:
                pass
        raise ValueError(seen[-300:])
        """
    )
    done = _blame_survives(code, env_secret="s3cr3t-token-value")
    assert done.returncode == 0, done.stderr
    assert "s3cr3t-token-value" not in done.stdout


@needs_namespaces
def test_the_code_cannot_write_outside_its_folder(tmp_path: Path) -> None:
    target = tmp_path / "escaped.txt"
    problem = try_import(f"open({str(target)!r}, 'w').write('x')\n", 10)
    assert not target.exists()
    assert problem is not None


@needs_namespaces
def test_the_code_has_no_network() -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.1)
    port = server.getsockname()[1]
    code = f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
    problem = try_import(code, 10)
    with pytest.raises(TimeoutError):
        server.accept()
    server.close()
    assert problem is not None and ("Error" in problem or "refused" in problem)


def test_run_contained_keeps_only_lines_with_the_secret() -> None:
    script = (
        "import os\nfd = int(os.environ['BLAME_REPORT_FD'])\n"
        "os.write(fd, b'no secret here\\nxSECRET one\\n')\nprint('out', end='')\n"
    )
    done = run_contained({}, script, stdin="SECRET\n", limits=Limits(timeout=10))
    assert (done.reports, done.stdout, done.returncode) == ((" one",), "out", 0)


def test_a_python_under_tmp_stays_visible_inside_the_namespaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An empty /tmp is mounted first, then the Python's own folders on top of it."""
    from blame import sandbox

    monkeypatch.setattr(sandbox, "_python_roots", lambda: ["/tmp/venv-for-ci"])
    args = sandbox._bwrap_mounts()
    emptied = args.index("--tmpfs")
    bound = max(
        i for i, a in enumerate(args) if a == "--ro-bind" and args[i + 1] == "/tmp/venv-for-ci"
    )
    assert args[emptied + 1] == "/tmp" and bound > emptied


FORK_BOMB = """
import os, time
made = 0
for _ in range(200):  # bounded: the test must stay safe where no limit holds
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(5)
        os._exit(0)
    made += 1
print("forks", made)
"""


@pytest.fixture(params=["as-found", "without-bubblewrap"])
def isolation(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The machine's own isolation, and the fallback a machine without bubblewrap gets."""
    if request.param == "without-bubblewrap":
        monkeypatch.setattr(sandbox, "_bwrap", lambda: None)
    sandbox._drops.cache_clear()
    yield request.param
    sandbox._drops.cache_clear()


@pytest.mark.skipif(os.name != "posix", reason="fork and RLIMIT_NPROC are POSIX")
def test_a_fork_bomb_stops_at_the_process_limit_as_mechanism_says(isolation: str) -> None:
    """As root the kernel ignores RLIMIT_NPROC; the code then runs as uid 65534 where it can,
    and mechanism() says so where it cannot."""
    done = run_contained({}, FORK_BOMB, limits=Limits(timeout=20, processes=16))
    assert done.stdout.startswith("forks "), (done.stdout, done.stderr)
    made = int(done.stdout.split()[1])
    if "no process-count limit" in mechanism():
        assert made == 200  # what SECURITY.md owns up to
    else:
        assert made < 16
