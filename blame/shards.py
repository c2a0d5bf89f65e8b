"""Run a suite's units of work (a test's runs) in several supervised processes at once.

`blame test --workers N` deals the units out to N shard processes, every N-th unit to each.
A shard runs its units exactly as a serial run does (`blame.supervise.run_all`: a worker
that is killed at its time limit and replaced when it dies), then hands its results back.
Results are put back in unit order, so the suite's results are byte-identical to a serial
run; a unit that crashed or hung becomes an error for that unit only. A shard process runs
only blame's code (user code runs in its own worker), so it does not die with a unit; if it
does, its units become errors and the others are kept.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from blame.errors import BlameError, ConfigError
from blame.supervise import Limit, run_all, supervised

R = TypeVar("R")
"""What one unit of work returns."""


def run_parallel(
    count: int,
    run_one: Callable[[int, Limit | None], R],
    failed: Callable[[int, str], R],
    *,
    exit_limit: float,
    workers: int = 1,
    user_code: bool = True,
    on_done: Callable[[R], None] | None = None,
    tick: Callable[[], None] | None = None,
) -> list[R]:
    """`run_one(i, limit)` for each unit, `workers` at a time, in unit order; a unit whose
    worker died or overran gets `failed(i, why)`. One worker (or no `fork`) runs them as a
    serial run does, `on_done` hearing each result as it comes and `tick` called while
    waiting; side by side, neither is called. `user_code=False` (blame's own code only) needs
    no worker per shard."""
    if workers < 1:
        raise ConfigError(f"must be at least 1, got {workers}", field="--workers")
    workers = min(workers, count)
    if workers <= 1 or not supervised():
        return run_all(
            count,
            run_one,
            failed,
            exit_limit=exit_limit,
            user_code=user_code,
            on_done=on_done,
            tick=tick,
        )
    import pickle  # noqa: F401 - once, here: the shards forked below inherit it

    shards = [list(range(first, count, workers)) for first in range(workers)]
    children: dict[int, tuple[int, list[int]]] = {}  # read end -> (pid, its units)
    for units in shards:
        read_end, write_end = os.pipe()
        for stream in (sys.stdout, sys.stderr):  # or the child would print our buffer again
            stream.flush()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            for other in children:
                os.close(other)
            _shard(write_end, units, run_one, failed, exit_limit, user_code)
        os.close(write_end)
        children[read_end] = (pid, units)
    results: dict[int, R] = {}
    try:
        for units, message in _collect(children):
            kind = message[0] if message is not None else "lost"
            if message is not None and kind == "done":
                results.update(zip(units, message[1], strict=True))
            elif message is not None and kind == "fatal":
                error_type, text, file, field, hint = message[1:]
                raise error_type(text, file=file, field=field, hint=hint)
            elif kind == "interrupted":
                raise KeyboardInterrupt
            else:  # the shard itself died: a bug in blame, or killed from outside
                why = "the worker process running it ended without reporting"
                results.update((unit, failed(unit, why)) for unit in units)
    finally:
        for read_end, (pid, _) in children.items():
            with contextlib.suppress(OSError):
                os.close(read_end)
            _end(pid)
    return [results[index] for index in range(count)]


def _shard(
    fd: int,
    units: Sequence[int],
    run_one: Callable[[int, Limit | None], R],
    failed: Callable[[int, str], R],
    exit_limit: float,
    user_code: bool,
) -> None:
    """The forked side: run `units` as a serial run would, send the results; never returns."""
    code = 0
    try:
        try:
            done = run_all(
                len(units),
                lambda k, limit: run_one(units[k], limit),
                lambda k, why: failed(units[k], why),
                exit_limit=exit_limit,
                user_code=user_code,
            )
            message: tuple[Any, ...] = ("done", done)
        except BlameError as error:
            message = ("fatal", type(error), error.message, error.file, error.field, error.hint)
        except KeyboardInterrupt:
            message = ("interrupted",)
        import pickle

        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except BaseException:  # the parent is gone, or the results would not pickle
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                stream.flush()
        os._exit(code)


def _collect(
    children: dict[int, tuple[int, list[int]]],
) -> list[tuple[list[int], tuple[Any, ...] | None]]:
    """Read every shard's pipe to its end; each shard's units and its message (None when it
    sent nothing readable)."""
    buffers: dict[int, list[bytes]] = {fd: [] for fd in children}
    open_fds = set(children)
    while open_fds:
        ready, _, _ = select.select(sorted(open_fds), [], [])
        for fd in ready:
            chunk = os.read(fd, 1 << 20)
            if chunk:
                buffers[fd].append(chunk)
            else:
                open_fds.discard(fd)
    import pickle

    found: list[tuple[list[int], tuple[Any, ...] | None]] = []
    for fd, (_, units) in children.items():
        try:
            message: tuple[Any, ...] | None = pickle.loads(b"".join(buffers[fd]))
        except Exception:  # cut short: the shard died while writing
            message = None
        found.append((units, message))
    return found


def _end(pid: int) -> None:
    """Reap a shard; one still running (we are leaving on an error) is killed first."""
    with contextlib.suppress(ChildProcessError):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == 0:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)
            os.waitpid(pid, 0)
