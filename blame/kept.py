"""What `blame test` keeps of a run for the commands after it: each test's first passing and
worst failing trace under `<output_dir>/traces/`, and the counts of a test and its checks over
repeated runs (read by history, baselines and the gate).

Apart from `blame.baseline` so that every run, which keeps traces and appends its history,
does not import the baseline file's dataclasses with them.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from blame.errors import TraceError
from blame.files import safe_filename, writer_alive

if TYPE_CHECKING:
    from blame.model import Trace
    from blame.results import CaseResult, CheckResult

TRACES_DIR = "traces"
"""Folder under output_dir where `blame test` keeps each test's passing and failing trace."""

Outcome = Literal["pass", "fail"]
"""Which of a test's kept traces: its first passing run's or its worst failing run's."""


def runs_of(case: CaseResult) -> tuple[int, int]:
    """(runs, passes) of a test: over its repeated runs when it has them (`runs: N`), else
    its one run."""
    stats = getattr(case, "runs", None)
    if stats is None:  # a single run (a getattr on None would raise and drop an error)
        return 1, int(case.passed)
    total, passes = getattr(stats, "total", None), getattr(stats, "passes", None)
    if isinstance(total, int) and isinstance(passes, int) and total > 0:
        return total, passes
    return 1, int(case.passed)


def check_runs(check: CheckResult) -> tuple[int, int]:
    """(runs, failing) of a check: over the test's repeated runs when it has them, else its
    one run. A check can fail in some runs and pass in the worst one the result shows."""
    stats = getattr(check, "runs", None)
    if stats is None:  # a single run
        return 1, int(not check.passed)
    runs, failing = getattr(stats, "runs", None), getattr(stats, "failing", None)
    if isinstance(runs, int) and isinstance(failing, int) and runs > 0:
        return runs, failing
    return 1, int(not check.passed)


def culprits_of(check: CheckResult) -> set[str]:
    """The culprits of a failed check: the top suspects of its failing runs when it ran more
    than once, else its top suspect."""
    stats = getattr(check, "runs", None)
    shares = None if stats is None else getattr(stats, "culprits", None)
    if isinstance(shares, Sequence) and shares:
        return {str(getattr(share, "name", share)) for share in shares}
    return {check.blame[0].name} if check.blame and not check.passed else set()


# -- the traces a run keeps ------------------------------------------------------------------


def trace_file(output_dir: Path, test_name: str, outcome: Outcome) -> Path:
    """Where `blame test` keeps a test's passing or failing trace."""
    return output_dir / TRACES_DIR / _trace_name(test_name, outcome)


def _trace_name(test_name: str, outcome: Outcome) -> str:
    return safe_filename(test_name, f".{outcome}.json")


def keep_traces(
    output_dir: Path,
    test_name: str,
    outcomes: Sequence[tuple[CaseResult, Trace | str | Path | None]],
) -> None:
    """Keep the first passing run's trace and the worst failing run's (a Trace; its JSON text,
    as a run in a worker sends it back; or the path of a file that holds exactly that trace, a
    replayed fixture, which is linked instead of written again), for the gate to compare (a
    trace that cannot be written as JSON is not kept; the gate then says so)."""
    passing = next((t for case, t in outcomes if case.passed and t is not None), None)
    failing = [(case.reward, i, t) for i, (case, t) in enumerate(outcomes) if not case.passed]
    worst = min(((r, i, t) for r, i, t in failing if t is not None), default=None)
    kept: list[tuple[Outcome, Trace | str | Path | None]] = [
        ("pass", passing),
        ("fail", worst[2] if worst else None),
    ]
    folder = os.path.join(output_dir, TRACES_DIR)  # plain strings: a suite keeps 2 per test
    for outcome, trace in kept:
        path = os.path.join(folder, _trace_name(test_name, outcome))
        try:
            if trace is None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            elif isinstance(trace, Path):
                _link_quickly(trace, path)
            else:
                text = (
                    trace
                    if isinstance(trace, str)
                    else json.dumps(trace.to_dict(), ensure_ascii=False)
                )
                _replace_quickly(path, text)
        except (OSError, TypeError, ValueError, RecursionError):
            continue


def _replace_quickly(path: str, text: str) -> None:
    """Replace `path` atomically (readers see the old file or the new one) without syncing to
    disk: a kept trace is scratch the next run rewrites, and a sync per test would cost more
    than evaluating it. Plain descriptor writes to a temporary named after the process: a
    suite keeps a trace per test, and a text stream plus a random name cost more than the
    write (an earlier process's leftover of the same name is removed, never written through:
    a replay killed between linking its fixture and renaming it leaves a hard link there)."""
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    data = memoryview(text.encode("utf-8"))
    try:
        try:
            fd = os.open(tmp, _WRITE_NEW, 0o666)  # the umask's mode, as open() gives
        except FileNotFoundError:  # the first trace kept here
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd = os.open(tmp, _WRITE_NEW, 0o666)
        except OSError:  # a leftover not to write through (a link of either kind): remove it
            os.unlink(tmp)
            fd = os.open(tmp, _WRITE_NEW, 0o666)
        try:
            while data:
                data = data[os.write(fd, data) :]
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _link_quickly(source: Path, path: str) -> None:
    """Replace `path` atomically with the file `source` (no trace of a million steps written
    again): a hard link where the file system allows one, else a copy. The fixture is never
    written through it: `blame record` replaces fixtures, and a kept trace is replaced too.

    Where nothing is kept yet (`blame test` forgot the last run's traces) the link is made at
    `path` itself, one call; else through a temporary renamed over it. A leftover temporary of
    an earlier process is removed when the link finds it, never followed."""
    try:
        os.link(source, path)
        return
    except OSError:  # a trace is there already, no folder yet, or no hard links here
        pass
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        try:
            os.link(source, tmp)
        except FileExistsError:  # a leftover of an earlier process
            os.unlink(tmp)
            os.link(source, tmp)
        except FileNotFoundError:
            folder = os.path.dirname(path)
            if not os.path.isdir(folder):  # the first trace kept here
                os.makedirs(folder, exist_ok=True)
            os.link(source, tmp)
    except OSError:  # no hard links here (another file system, a FAT disk): copy it
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)  # copyfile would write through a leftover link
        import shutil  # only here: with zlib, bz2 and lzma, a millisecond of every run

        shutil.copyfile(source, tmp)
    try:
        os.replace(tmp, path)
    finally:  # a rename onto another link of the same file does nothing and leaves tmp
        with contextlib.suppress(OSError):
            os.unlink(tmp)


_WRITE_NEW = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL  # a file only this call made: never into one a leftover hard link shares
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def forget_traces(output_dir: Path) -> None:
    """Remove the traces an earlier run kept, so a test that no longer runs leaves none, and
    the temporaries of a run killed while keeping one (never a live writer's)."""
    folder = os.path.join(output_dir, TRACES_DIR)
    try:
        with os.scandir(folder) as entries:  # names only: no Path per kept trace
            names = [(e.name, e.path) for e in entries]
    except OSError:
        return
    stale = [path for name, path in names if name.endswith((".pass.json", ".fail.json"))]
    stale += [path for name, path in names if name.endswith(".tmp") and _left_by_dead_writer(name)]
    for path in stale:
        try:
            os.unlink(path)
        except OSError:
            continue


def load_kept(output_dir: Path, test_name: str, outcome: Outcome) -> Trace | None:
    """A kept trace, or None when the run kept none (or it cannot be read). Read as a replay
    reads its fixture: a kept trace is one, linked, or as large."""
    from blame.tracefile import load_trace_file

    path = trace_file(output_dir, test_name, outcome)
    if not path.is_file():
        return None
    try:
        return load_trace_file(path)
    except TraceError:
        return None


def _left_by_dead_writer(name: str) -> bool:
    """Whether `name` is a kept trace's temporary (`<trace>.<pid>.<thread>.tmp`, as
    `_replace_quickly` and `_link_quickly` name them) whose process no longer runs."""
    trace, _, rest = name.rpartition(".json.")
    pid, _, thread = rest.removesuffix(".tmp").partition(".")
    return (
        trace.endswith((".pass", ".fail"))
        and pid.isascii()
        and pid.isdigit()
        and thread.isascii()
        and thread.isdigit()
        and not writer_alive(int(pid))
    )
