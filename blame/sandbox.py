"""Run agent-written code contained: the one way blame executes code an agent produced.

`python_import_check` and `unit_tests` run the code a model wrote; it is untrusted. It runs in a
child Python (`-I`) in a fresh temporary folder, with an empty environment, in its own session
(so its process group is killed as a whole), under resource limits (CPU, address space, file
size, processes, open files), and with an audit hook that refuses frame, garbage-collector and
`ctypes` access, so the code cannot read the harness's memory. Where bubblewrap (`bwrap`) runs,
the child also gets its own user, PID, network, IPC and mount namespaces: it sees only the Python
installation (read-only) and its folder, no `/proc` and no network, cannot see or signal blame,
and every process it started dies with it. Run by root, the code gives up root for uid 65534
(the kernel exempts root from the process limit). SECURITY.md says what each platform gets.

The code under test can print anything and exit at any moment, so results come back on their own
pipe, each line prefixed by a secret the harness reads from stdin before the code is imported.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from blame.files import real_path
from blame.frozen import dataclass

GRACE_S = 0.5
"""How long output is still read after the code exits (a grandchild may hold the pipe)."""
OUTPUT_CAP = 1_000_000
"""Bytes kept of each of stdout, stderr and the report channel; the rest is read and dropped."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What contained code may use; the wall-clock timeout kills the whole process group."""

    timeout: float
    """Wall-clock seconds before everything the code started is killed."""
    memory_bytes: int = 1 << 30
    """Address space of each process (RLIMIT_AS)."""
    file_bytes: int = 16 << 20
    """Largest file a process may write (RLIMIT_FSIZE)."""
    processes: int = 64
    """Processes the user may have (RLIMIT_NPROC); root is exempt, so root's code runs as uid
    65534 where it can (`mechanism()` says)."""
    open_files: int = 256
    """File descriptors per process (RLIMIT_NOFILE)."""


@dataclass(frozen=True, slots=True)
class Contained:
    """What became of one contained run."""

    returncode: int | None
    """The exit status of the code (negative: killed by that signal); None when it timed out."""
    timed_out: bool
    """The wall-clock limit was reached and everything was killed."""
    stdout: str
    """What the code printed (capped, decoded with replacement)."""
    stderr: str
    """What the code wrote on stderr (capped)."""
    reports: tuple[str, ...]
    """The report lines that carried the secret, with the secret removed, in order."""


NOBODY = 65534
"""The user contained code runs as when blame runs as root (the kernel exempts root from
RLIMIT_NPROC, so a fork bomb would otherwise be bounded only by the timeout)."""


def _root() -> bool:
    return os.name == "posix" and os.geteuid() == 0


def _unshare() -> list[str]:
    """The namespaces: all of them for a user; run by root, all but the user namespace, whose
    uid 65534 would still be root outside (exempt from the process limit): the code drops to
    uid 65534 for real instead (the prelude, before anything of it runs)."""
    if _root():
        return ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
    return ["--unshare-all", "--uid", str(NOBODY), "--gid", str(NOBODY)]


@cache
def _bwrap() -> str | None:
    """The bubblewrap binary, if it is installed and can create namespaces here."""
    found = shutil.which("bwrap")
    if found is None or not sys.platform.startswith("linux"):
        return None
    try:
        done = subprocess.run(
            [found, *_bwrap_mounts(), *_unshare(), "--die-with-parent", "--", "/bin/true"],
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return found if done.returncode == 0 else None


def _open_to_all(path: str) -> bool:
    """Whether another user can reach `path` (every folder above it searchable by others)."""
    current = real_path(path)
    return all(os.stat(folder).st_mode & 0o001 for folder in [current, *current.parents])


@cache
def _drops() -> bool:
    """Whether contained code leaves root for uid 65534: under bubblewrap always (it opens the
    folders above the Python installation), else when that installation is open to all."""
    if not _root():
        return False
    if _bwrap() is not None:
        return True
    try:
        return all(_open_to_all(root) for root in _python_roots())
    except OSError:
        return False


def mechanism() -> str:
    """How contained code is isolated on this machine, in a few words (shown by SECURITY.md)."""
    if os.name != "posix":
        return "subprocess with a timeout"
    found = "bubblewrap namespaces" if _bwrap() is not None else "own session"
    if not _root():
        return f"{found} + resource limits"
    if _drops():
        return f"{found} + resource limits as uid {NOBODY}"
    return f"{found} + resource limits (run as root: no process-count limit)"


def _python_roots() -> list[str]:
    roots = {sys.base_prefix, sys.prefix, str(real_path(sys.executable).parent.parent)}
    return sorted(r for r in roots if r and Path(r).is_dir())


def _bwrap_mounts() -> list[str]:
    args = []
    for system in ("/usr", "/etc/alternatives", "/etc/ld.so.cache", "/etc/ssl"):
        if os.path.exists(system):
            args += ["--ro-bind", system, system]
    for name in ("bin", "lib", "lib32", "lib64", "sbin"):
        target = Path("/") / name
        if target.is_symlink():
            args += ["--symlink", os.readlink(target), str(target)]
        elif target.is_dir():
            args += ["--ro-bind", str(target), str(target)]
    # /tmp is emptied first, so a Python that lives under it (a venv in /tmp) is bound back
    # on top: mounts given later cover earlier ones
    args += ["--dev", "/dev", "--tmpfs", "/tmp"]
    made: set[str] = set()
    for root in _python_roots():
        if not root.startswith("/usr/"):
            for folder in reversed(Path(root).parents[:-1]):  # open to uid 65534 (a 0700 /root)
                if str(folder) not in made and str(folder) != "/tmp":
                    made.add(str(folder))
                    args += ["--perms", "0755", "--dir", str(folder)]
            args += ["--ro-bind", root, root]
    return args


def _command(folder: str, script: str) -> list[str]:
    python = [sys.executable, "-I", "-c", _PRELUDE + script, folder]
    bwrap = _bwrap()
    if bwrap is None:
        return python
    return [
        bwrap,
        *_bwrap_mounts(),
        "--bind",
        folder,
        folder,
        "--chdir",
        folder,
        *_unshare(),
        "--die-with-parent",
        "--new-session",
        "--clearenv",
        "--setenv",
        "PATH",
        "/usr/bin:/bin",
        "--",
        *python,
    ]


def _environment() -> dict[str, str]:
    """Nothing of blame's environment: API keys and tokens live there."""
    return {
        "PATH": "/usr/bin:/bin",
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
    }


def run_contained(
    files: Mapping[str, str], script: str, *, stdin: str = "", limits: Limits
) -> Contained:
    """Run `script` (with `files` in its folder, the folder as argv[1]) contained; never raises
    for anything the code does. Report lines are those written on the file descriptor named by
    BLAME_REPORT_FD that carry the first line of `stdin` (the secret)."""
    import tempfile

    secret = stdin.split("\n", 1)[0]
    with tempfile.TemporaryDirectory(prefix="blame-code-") as folder:
        os.chmod(folder, 0o755)
        for name, content in files.items():
            (Path(folder) / name).write_text(content, encoding="utf-8")
        if _drops():  # its folder stays its own after it leaves root
            os.chown(folder, NOBODY, NOBODY)
        read_end, write_end = os.pipe()
        try:
            process = _start(folder, script, limits, write_end)
        finally:
            os.close(write_end)
        outcome = _collect(process, read_end, stdin.encode("utf-8"), limits.timeout)
    stdout, stderr, report, timed_out = outcome
    reports = tuple(
        line[line.index(secret) + len(secret) :]
        for line in report.splitlines()
        if secret and secret in line
    )
    return Contained(
        returncode=None if timed_out else process.returncode,
        timed_out=timed_out,
        stdout=stdout,
        stderr=stderr,
        reports=reports,
    )


def _start(folder: str, script: str, limits: Limits, report_fd: int) -> subprocess.Popen[bytes]:
    limits_text = ",".join(
        f"{name}={value}"
        for name, value in (
            ("CPU", max(1, int(limits.timeout) + 1)),
            ("AS", limits.memory_bytes),
            ("FSIZE", limits.file_bytes),
            ("NPROC", limits.processes),
            ("NOFILE", limits.open_files),
            ("CORE", 0),
        )
    )
    env = {**_environment(), "BLAME_LIMITS": limits_text, "BLAME_REPORT_FD": str(report_fd)}
    if _drops():
        env["BLAME_DROP_TO"] = str(NOBODY)
    command = _command(folder, script)
    if command[0] != sys.executable:  # bubblewrap clears the environment: pass ours through it
        at = command.index("--")
        extra = [arg for key, value in env.items() for arg in ("--setenv", key, value)]
        command = [*command[:at], *extra, *command[at:]]
    return subprocess.Popen(
        command,
        cwd=folder,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        pass_fds=(report_fd,) if os.name == "posix" else (),
        start_new_session=os.name == "posix",
    )


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the code and everything in its session (bubblewrap: its whole PID namespace)."""
    if os.name == "posix":
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()


def _collect(
    process: subprocess.Popen[bytes], report_fd: int, stdin: bytes, timeout: float
) -> tuple[str, str, str, bool]:
    """Feed stdin, read the three pipes (capped) until the code exits or the timeout."""
    import selectors

    assert process.stdin is not None and process.stdout is not None
    assert process.stderr is not None
    try:
        process.stdin.write(stdin)
        process.stdin.close()
    except (BrokenPipeError, OSError):  # the code exited or closed stdin before reading it
        pass
    chunks: dict[int, list[bytes]] = {}
    sizes: dict[int, int] = {}
    streams = {
        process.stdout.fileno(): "stdout",
        process.stderr.fileno(): "stderr",
        report_fd: "report",
    }
    selector = selectors.DefaultSelector()
    for fd in streams:
        os.set_blocking(fd, False)
        selector.register(fd, selectors.EVENT_READ)
        chunks[fd], sizes[fd] = [], 0
    deadline = time.monotonic() + timeout
    timed_out = False
    exited_at: float | None = None
    try:
        while selector.get_map():
            now = time.monotonic()
            if exited_at is None and process.poll() is not None:
                exited_at = now
                _kill_group(process)  # forks and grandchildren die with the code
            if exited_at is not None and now > exited_at + GRACE_S:
                break  # a process outside our reach holds a pipe: stop reading
            if now >= deadline and exited_at is None:
                timed_out = True
                _kill_group(process)
                break
            end = deadline if exited_at is None else exited_at + GRACE_S
            for key, _ in selector.select(min(max(end - now, 0.0), 0.05)):
                fd = int(key.fd)
                try:
                    data = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                if not data:
                    selector.unregister(fd)
                    continue
                if sizes[fd] < OUTPUT_CAP:
                    chunks[fd].append(data[: OUTPUT_CAP - sizes[fd]])
                sizes[fd] += len(data)
    finally:
        selector.close()
        _kill_group(process)
        process.wait()
        os.close(report_fd)
        process.stdout.close()
        process.stderr.close()
    text = {
        name: b"".join(chunks[fd]).decode("utf-8", errors="replace") for fd, name in streams.items()
    }
    return text["stdout"], text["stderr"], text["report"], timed_out


@dataclass(frozen=True, slots=True)
class TestRun:
    """The outcome of running test functions against contained code."""

    problem: str | None
    """Why no test could run (the code or the tests' top level failed), else None."""
    failures: tuple[str | None, ...]
    """Per test, in the order asked: None when it passed, else why it failed."""


def _secret() -> str:
    import secrets

    return "@@blame-" + secrets.token_hex(16) + "@@"


def _exit_problem(done: Contained, timeout: float, doing: str) -> str:
    """Why contained code gave no result: the timeout, a crash or an early exit."""
    if done.timed_out:
        return f"timed out after {timeout:g} s"
    lines = [line.strip() for line in done.stderr.strip().splitlines() if line.strip()]
    last = lines[-1][:200] if lines else ""
    if done.returncode is not None and done.returncode < 0:
        return f"killed by signal {-done.returncode} {doing}" + (f" ({last})" if last else "")
    return last or f"the code ended the process (exit code {done.returncode}) {doing}"


def try_import(code: str, timeout: float) -> str | None:
    """None when `code` imports as module `solution` (contained), else why not."""
    problem = run_tests(code, "", (), timeout).problem
    return None if problem is None else problem.removeprefix(_NO_IMPORT)


def run_tests(code: str, tests: str, names: Sequence[str], timeout: float) -> TestRun:
    """Run the functions `names` of `tests` against `code` (contained); a test the code ended
    or hung before its verdict fails with "no result"."""
    done = run_contained(
        {"solution.py": code},
        _TESTS_SCRIPT,
        stdin=f"{_secret()}\n{' '.join(names)}\n{tests}",
        limits=Limits(timeout),
    )
    verdicts: dict[str, str] = {}
    reasons: dict[str, str] = {}
    started = ""
    for line in done.reports:
        kind, _, rest = line.strip().partition(" ")
        if kind in ("pass", "fail", "import", "imported") and rest not in verdicts:
            verdicts[rest] = kind
        elif kind == "start":
            started = rest
        elif kind == "why":
            index, _, reason = rest.partition(" ")
            reasons.setdefault(index, reason)
    if verdicts.get("") != "imported":  # the code or the tests' top level did not run
        why = next((r.strip()[4:] for r in done.reports if r.startswith(" why the ")), None)
        return TestRun(
            problem=why or _NO_IMPORT + _exit_problem(done, timeout, "at import"),
            failures=(),
        )
    failures: list[str | None] = []
    missing = ""
    for position, name in enumerate(names):
        verdict = verdicts.get(str(position))
        if verdict == "pass":
            failures.append(None)
        elif verdict == "fail":
            failures.append(reasons.get(str(position), "failed"))
        else:  # the code ended the run, or hung, before this test's verdict
            known = started.isascii() and started.isdigit() and int(started) < len(names)
            during = names[int(started)] if known else name
            missing = missing or _exit_problem(done, timeout, f"during {during}")
            failures.append(f"no result: {missing}")
    return TestRun(problem=None, failures=tuple(failures))


# The harnesses: everything they need is a local of one function, taken before the code under test
# is imported; the secret comes on stdin, which is read to the end first, and is written only
# on the report pipe. The verdict line of a test goes out before its message is built (building
# it runs the code's __str__).
_NO_IMPORT = "the code does not import: "
_TESTS_SCRIPT = f"""
def _blame_tests():
    import builtins, os, sys
    write, fd, text = os.write, int(os.environ.pop("BLAME_REPORT_FD")), str
    compile_, exec_, enumerate_, BaseException_ = compile, exec, enumerate, BaseException
    type_, list_, vars_, dict_ = type, list, vars, dict
    data = b""
    while True:
        chunk = os.read(0, 65536)
        if not chunk:
            break
        data += chunk
    secret, _, rest = data.decode("utf-8").partition("\\n")
    names, _, source = rest.partition("\\n")
    names = names.split()
    def report(line):
        write(fd, ("\\n" + secret + line + "\\n").encode("utf-8", "backslashreplace"))
    def why(error):
        try:
            message = type_(error).__name__ + ": " + text(error)
        except BaseException_:
            message = "an exception that cannot be shown"
        return " ".join(message.splitlines())[:200]
    code = compile_(source, "blame_tests.py", "exec", dont_inherit=True, optimize=0)
    pristine = dict_(vars_(builtins))  # the tests see the builtins as they were before the code
    sys.path.insert(0, sys.argv[1])
    try:
        import solution
    except BaseException_ as error:
        report(" import")
        report(" why {_NO_IMPORT}" + why(error))
        return
    space = {{}}
    for key, value in list_(vars_(solution).items()):
        if type_(key) is text and not key.startswith("__"):
            space[key] = value
    space["__name__"] = "blame_unit_tests"
    space["__builtins__"] = pristine
    try:
        exec_(code, space)
    except BaseException_ as error:
        report(" import")
        report(" why the tests do not run: " + why(error))
        return
    report(" imported")
    for index, name in enumerate_(names):
        test = space.get(name)
        report(" start " + text(index))
        try:
            test()
        except BaseException_ as error:
            report(" fail " + text(index))
            report(" why " + text(index) + " " + why(error))
            continue
        report(" pass " + text(index))
_blame_tests()
"""


_PRELUDE = r'''
def _blame_contain():
    """Limits, then an audit hook, before any of the code under test runs (cannot be removed)."""
    import os, resource, sys
    for item in os.environ.pop("BLAME_LIMITS", "").split(","):
        if item:
            name, value = item.split("=")
            kind = getattr(resource, "RLIMIT_" + name, None)
            if kind is not None:
                value = int(value)
                soft, hard = resource.getrlimit(kind)
                if hard != resource.RLIM_INFINITY:
                    value = min(value, hard)
                try:
                    resource.setrlimit(kind, (value, value))
                except (ValueError, OSError):
                    pass
    drop = os.environ.pop("BLAME_DROP_TO", "")
    if drop:  # root is exempt from RLIMIT_NPROC: leave it (and every capability) for good
        os.setgroups([])
        os.setresgid(int(drop), int(drop), int(drop))
        os.setresuid(int(drop), int(drop), int(drop))
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG: SIGKILL when blame dies
            libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0: no other process reads our memory
        except Exception:
            pass
        for name in [m for m in sys.modules if m.startswith(("ctypes", "_ctypes"))]:
            del sys.modules[name]
    blocked = frozenset((
        "sys._current_frames", "sys.settrace", "sys.setprofile",
        "gc.get_objects", "gc.get_referrers", "gc.get_referents", "os.symlink", "os.link",
        "os.chdir", "sys.monitoring.register_callback", "cpython.PyInterpreterState_Clear",
    ))
    frames = frozenset(("tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back", "f_locals",
                        "f_globals", "gi_code", "cr_code", "ag_code"))
    native = frozenset(("ctypes", "_ctypes", "cffi", "_cffi_backend"))
    devices = frozenset(("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"))

    def hook(event, args, str=str, bytes=bytes, type=type, RuntimeError=RuntimeError,
             ValueError=ValueError, ImportError=ImportError, blocked=blocked, frames=frames,
             native=native, devices=devices, decode=os.fsdecode, getcwd=os.getcwd):
        if event == "sys._getframe":  # ValueError, as for a stack too shallow: the stdlib
            # (namedtuple, enum, typing, logging) then carries on without the caller's name
            raise ValueError("blame: frames are not available to code under test")
        if event in blocked:
            raise RuntimeError("blame: " + event + " is not available to code under test")
        if event == "object.__getattr__" and type(args[1]) is str and args[1] in frames:
            raise RuntimeError("blame: frames are not available to code under test")
        if event == "import" and type(args[0]) is str and args[0].partition(".")[0] in native:
            raise ImportError("blame: " + args[0] + " is not available to code under test")
        if event == "open" and type(args[0]) in (str, bytes):
            path = decode(args[0])
            if not path.startswith("/"):
                path = getcwd() + "/" + path
            parts = path.split("/")
            if path not in devices and ("proc" in parts or "dev" in parts):
                raise RuntimeError("blame: " + path + " is not available to code under test")

    sys.addaudithook(hook)


_blame_contain()
del _blame_contain
'''
