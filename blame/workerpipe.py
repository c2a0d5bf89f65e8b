"""The channel between a supervised worker process and its parent, and the worker's end.

A worker sends its parent length-prefixed pickles over a pipe (`send`, `send_pickled`) that
the parent reads with a `Reader`; it says which user code it is in on a page of shared
memory (`PHASE_BYTES`; written by `blame.supervise.doing`, read by `doing_what`). The parent
ends a worker with its process group (`kill_group`) and says how one ended (`ended_how`).
`blame.supervise` (one worker at a time) and `blame.shards` (a pool) share these.
"""

from __future__ import annotations

import contextlib
import os
import select
import struct
import time
from collections.abc import Callable
from typing import Any

_HEADER = struct.Struct("<Q")
TICK_S = 0.25
"""How often `tick` is called while the parent waits for a worker."""
PHASE_BYTES = 1024
"""Size of the page a worker shares with its parent to say which user code it is in."""


def send(fd: int, message: Any) -> None:
    """In a worker: one message to the parent, a length-prefixed pickle (see `Reader`)."""
    import pickle

    send_pickled(fd, pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))


def send_pickled(fd: int, data: bytes) -> None:
    """In a worker: one message already pickled (a result pickled once, where it was made)."""
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class Reader:
    """Length-prefixed pickles from the worker, with a deadline."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def pop(self) -> tuple[Any, ...] | None:
        """The next message already read; None when none is whole yet."""
        if len(self.buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self.buffer)
            if len(self.buffer) >= _HEADER.size + size:
                data = self.buffer[_HEADER.size : _HEADER.size + size]
                self.buffer = self.buffer[_HEADER.size + size :]
                import pickle

                message: tuple[Any, ...] = pickle.loads(data)
                return message
        return None

    def read(self) -> bool:
        """Read what the pipe holds (it is ready); False at its end (the worker is gone)."""
        chunk = os.read(self.fd, 1 << 20)
        self.buffer += chunk
        return bool(chunk)

    def finished(self) -> list[tuple[Any, ...]]:
        """The whole messages already in the pipe, read without waiting: on Ctrl-C, a result
        the worker sent just before is not lost for want of a read."""
        with contextlib.suppress(OSError):
            while select.select([self.fd], [], [], 0)[0] and self.read():
                pass
        messages = []
        while (message := self.pop()) is not None:
            messages.append(message)
        return messages

    def next(
        self,
        deadline: float | None,
        tick: Callable[[], None] | None = None,
        gate: CtrlCGate | None = None,
    ) -> tuple[Any, ...] | None:
        """The next message; None at the deadline; ("eof",) when the worker is gone. While
        waiting, `tick` is called every TICK_S; a Ctrl-C `gate` holds comes in only then."""
        while True:
            message = self.pop()
            if message is not None:
                return message
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if tick is not None:
                wait = TICK_S if wait is None else min(wait, TICK_S)
            if gate is None:
                ready = select.select([self.fd], [], [], wait)[0]
            else:
                ready = gate.select([self.fd], wait)
            if not ready:
                if tick is not None and (deadline is None or time.monotonic() < deadline):
                    tick()
                    continue
                return None
            if not self.read():
                return ("eof",)


def doing_what(what: str, page: Any) -> str:
    """What the worker was doing, with the user code it had entered, if it said."""
    size = int.from_bytes(page[:2], "little")
    phase = bytes(page[2 : 2 + size]).decode("utf-8", "replace")
    return f"{what}: {phase}" if phase else what


class CtrlCGate:
    """The parent's Ctrl-C, held from here to `close` but while it waits in `select`: a
    Ctrl-C that landed between reading a worker's result and storing it (or while the
    caller's `on_done` kept it) lost a test that had finished. Held, it waits for the next
    `select`, where nothing is half done. Workers forked by `fork` get the signals back."""

    def __init__(self) -> None:
        import signal  # only with workers: its enums cost a replay in-process 3 M instructions

        self.outside = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    def select(self, fds: list[int], timeout: float | None) -> list[int]:
        """The fds ready to read; a Ctrl-C, held or new, is raised here before any is read."""
        import signal

        signal.pthread_sigmask(signal.SIG_SETMASK, self.outside)
        try:
            ready: list[int] = select.select(fds, [], [], timeout)[0]
        finally:  # a Ctrl-C just after select() returned is raised by this call, still here
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        return ready

    def fork(self) -> int:
        """`os.fork()`; the child runs user code with the signals the parent had."""
        import signal

        pid = os.fork()
        if pid == 0:
            signal.pthread_sigmask(signal.SIG_SETMASK, self.outside)
        return pid

    def close(self, *, interrupted: bool = False) -> None:
        """Give back the signals; a Ctrl-C held meanwhile is raised here, unless the run was
        already `interrupted` (a second press says nothing more)."""
        import signal

        if interrupted and signal.SIGINT in signal.sigpending():
            signal.sigtimedwait({signal.SIGINT}, 0)  # taken while still held: never raised
        signal.pthread_sigmask(signal.SIG_SETMASK, self.outside)


def kill_group(pid: int) -> None:
    """Kill a worker and the process group it leads, so no subprocess of the agent lives on."""
    import signal  # only with workers: its enums cost a replay in-process 3 M instructions

    for target in (-pid, pid):  # its group (the agent's subprocesses), then itself
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(target, signal.SIGKILL)


def ended_how(pid: int) -> str:
    """How the worker ended, in words (it is reaped)."""
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return "the process ended"
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        import signal  # only with workers, as above

        try:
            name = signal.Signals(number).name
        except ValueError:
            name = str(number)
        return f"the process was killed by {name}"
    if os.WEXITSTATUS(status) == 0:
        return "the process exited with code 0 (user code called os._exit)"
    return f"the process exited with code {os.WEXITSTATUS(status)} (user code exited or crashed)"
