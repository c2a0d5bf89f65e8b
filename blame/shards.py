"""Run a suite's units of work (a test's runs) in several supervised processes at once.

`blame test --workers N` runs units in up to N long-lived worker processes that this process
supervises directly, as a serial run supervises its one worker (`blame.supervise`): each step
announces its time limit, a worker that overruns is killed, one that dies is replaced, and the
unit it was running becomes an error for that unit only. Units are handed out in order, in
contiguous chunks sized to about `CHUNK_S` of work, a few at a time per worker, so results
come back nearly in order and `on_done` hears them in unit order as they come; the suite's
results are byte-identical to a serial run. A worker sends each result back as the pickled
bytes it made once; nothing is pickled twice on the way.

Another process pays only when there is enough work left for it: the first worker starts at
once; each further one starts when the work still waiting, estimated from the units that
finished (or the one still running), would take the running workers longer than about
`START_S` (plus the first unit's extra time: importing user code) beyond what one more worker
would take. Units of a fraction of a millisecond therefore run in one worker, as a serial
run does, and the caller hears how many workers ran (`used`) to say so.
"""

from __future__ import annotations

import contextlib
import os
import struct
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

from blame.errors import ConfigError
from blame.supervise import (
    Interrupted,
    Limit,
    become_worker,
    doing,
    run_all,
    run_and_report,
    stopped,
    supervised,
)
from blame.workerpipe import (
    PHASE_BYTES,
    TICK_S,
    CtrlCGate,
    Reader,
    doing_what,
    ended_how,
    kill_group,
    send,
)

R = TypeVar("R")
"""What one unit of work returns."""

CHUNK_S = 0.005
"""Work handed to a worker in one chunk, in estimated seconds."""
AHEAD_S = 0.05
"""Work queued ahead of a worker whose units are short, in estimated seconds: enough that it
does not wait for this process (which may be busy combining results, or not scheduled)."""
REPORT_S = 0.05
"""A worker reports its chunks' timings (wall, processor and run-queue seconds) once they add
up to this, not per chunk: on runs of 0.4 ms a message and two reads of /proc per chunk cost
the worker 3 % more instructions. The first chunk is reported alone (it imported user code)."""
START_S = 0.25
"""What one more worker must save to be started, in seconds: its fork and blame's lazy
imports (a few hundredths), and its share of the cores it competes for with this process
(which reads and combines every result) and the other workers. Runs of a fraction of a
millisecond save less than that even in their thousands: on two cores a second worker made
such a suite of 1,000 runs slower, not faster."""
_TOKEN = struct.Struct("<II")
_QUIT = (0xFFFFFFFF, 0xFFFFFFFF)


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
    used: Callable[[int, float], None] | None = None,
) -> list[R]:
    """`run_one(i, limit)` for each unit, in up to `workers` processes, in unit order; a unit
    whose worker died or overran gets `failed(i, why)`. `on_done` hears each result in unit
    order as soon as the units before it are in; `tick` is called every TICK_S while waiting.
    One worker (or no `fork`) runs them as a serial run does. `user_code=False` (blame's own
    code only) runs units without time limits. With several workers asked for, `used` hears
    how many ran and the mean seconds a unit took; when fewer ran than asked for (the units
    were too short to pay for another's start), one stderr line says so."""
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
    pool = _Pool(count, run_one, failed, exit_limit, workers, user_code, on_done, tick)
    interrupted = False
    try:
        pool.run()
    except KeyboardInterrupt:
        interrupted = True
        pool.hear_finished()
        raise Interrupted([pool.results[i] for i in sorted(pool.results)]) from None
    finally:
        pool.close()
        pool.gate.close(interrupted=interrupted)
    if used is not None:
        used(pool.started, pool.mean())
    if pool.started < workers:
        sys.stderr.write(fewer_workers(workers, count, pool.started, pool.mean()) + "\n")
    return [pool.results[index] for index in range(count)]


def fewer_workers(asked: int, count: int, started: int, mean: float) -> str:
    """What blame says when fewer workers ran than were asked for, and why."""
    ran = "1 worker process" if started == 1 else f"{started} worker processes"
    return (
        f"blame: --workers {asked}: {count:,} runs of {mean * 1000:.1f} ms each ran in {ran}; "
        "another would not have paid for its start (docs/runs.md)"
    )


class _Worker:
    """The parent's view of one worker process."""

    def __init__(self, pid: int, fd: int, tasks: int, page: Any) -> None:
        self.pid, self.tasks, self.page = pid, tasks, page
        self.reader = Reader(fd)
        self.queued: deque[list[int]] = deque()  # chunks handed to it, [next, stop)
        self.held = 0  # units in them: the parent looks at this on every message
        self.deadline: float | None = None
        self.seconds, self.what = 0.0, "starting"
        self.since = time.monotonic()  # when its current unit began (about: see `unit`)
        self.quitting = False
        self.chunks_seen = 0

    @property
    def unit(self) -> int | None:
        """The unit it runs now (or is about to: it runs its units in the order handed),
        the first it was handed and did not finish; None when it has none."""
        return self.queued[0][0] if self.queued else None

    def waiting(self) -> int:
        """Units handed to it that it has not started."""
        return self.held - 1 if self.held else 0

    def hand(self, chunk: list[int]) -> None:
        """Hand it `chunk` (written to its task pipe). A worker that died and was not heard
        of yet keeps the chunk: its pipe's end, read next, says it died, and the chunk's first
        unit pays for it as the one it was starting (as in a serial run); the rest go back."""
        if not self.queued:
            self.since = time.monotonic()
        self.queued.append(chunk)
        self.held += chunk[1] - chunk[0]
        with contextlib.suppress(BrokenPipeError):
            os.write(self.tasks, _TOKEN.pack(*chunk))

    def finished(self, index: int) -> None:
        """It finished `index`, the first unit of its first chunk."""
        chunk = self.queued[0]
        if chunk[0] != index:
            raise RuntimeError(f"worker finished unit {index}, expected {chunk[0]}")
        chunk[0] += 1
        self.held -= 1
        if chunk[0] == chunk[1]:
            self.queued.popleft()
        self.since, self.deadline, self.what = time.monotonic(), None, "starting"


class _Pool:
    """Workers fed chunks of units in order; their results gathered and heard in order."""

    def __init__(
        self,
        count: int,
        run_one: Callable[[int, Limit | None], Any],
        failed: Callable[[int, str], Any],
        exit_limit: float,
        workers: int,
        user_code: bool,
        on_done: Callable[[Any], None] | None,
        tick: Callable[[], None] | None,
    ) -> None:
        self.count, self.run_one, self.failed = count, run_one, failed
        self.exit_limit, self.limit, self.user_code = exit_limit, workers, user_code
        self.on_done, self.tick = on_done, tick
        self.pending: deque[list[int]] = deque([[0, count]])  # units not handed out
        self.results: dict[int, Any] = {}
        self.heard = 0  # units passed to on_done
        self.live: dict[int, _Worker] = {}  # by the read end of its pipe
        self.started = 0
        self.spent, self.timed = 0.0, 0  # seconds and count of the units timed
        self.first = 0.0  # the first unit timed (it imported the user code)
        self.chunks = [0.0, 0.0, 0.0]  # wall, processor and run-queue seconds of chunks
        self.idle = _Idle()
        self.looked = 0.0  # when _maybe_start last looked
        self.gate = CtrlCGate()  # a Ctrl-C comes in only where the pool waits (`_wait`)

    def mean(self) -> float:
        """Seconds a unit takes, the first one timed left out when others were."""
        if self.timed < 2:
            return self.spent / self.timed if self.timed else 0.0
        return (self.spent - self.first) / (self.timed - 1)

    def _busy_share(self) -> float:
        """Of a unit's time, the share spent on a processor or waiting for one, not waiting
        for a model or a tool (from the chunks run, the very first apart): one more worker
        speeds that share up only if a processor is idle."""
        wall, cpu, queued = self.chunks
        return min(1.0, (cpu + queued) / wall) if wall > 0 else 0.0

    def _start_cost(self) -> float:
        """What one more worker costs: START_S and what the first unit took beyond a unit."""
        return START_S + (max(0.0, self.first - self.mean()) if self.timed >= 2 else 0.0)

    def run(self) -> None:
        self._start()
        while len(self.results) < self.count:
            if not self.live:
                self._start()  # every worker died: a fresh one for what is left
            self._maybe_start()
            self._feed()
            self._step(self._wait())
        self._quit_all()

    def _estimate(self) -> float:
        """Seconds a unit takes: the mean of those timed (but the first, which imported the
        user code), at least as long as a unit running now. Before any unit finished, what
        the first one has taken beyond START_S (a guess at its imports)."""
        now = time.monotonic()
        running = max((now - w.since for w in self.live.values() if w.unit is not None), default=0)
        if not self.timed:
            return max(0.0, running - START_S)
        return max(self.mean(), running) if self.timed >= 2 else running

    def _maybe_start(self) -> None:
        """One more worker when the work waiting would pay for its start."""
        if len(self.live) >= self.limit or not self.pending:
            return
        now = time.monotonic()
        if now - self.looked < 0.01:  # looked a moment ago: the loop runs once a message
            return
        self.looked = now
        unit = self._estimate()
        waiting = sum(stop - start for start, stop in self.pending)
        waiting += sum(w.waiting() for w in self.live.values())
        running = len(self.live)
        # the waiting part of a unit is saved in full, its processor part as far as a
        # processor is idle (measured: other processes, ours included, may hold them all)
        if self.timed:
            if not self.chunks[0]:
                return  # how much of a unit waits for a processor is not known yet
            share = self._busy_share()
            unit *= 1.0 - share + share * min(1.0, self.idle.free())
        saved = waiting * unit / running - waiting * unit / (running + 1)
        if saved >= self._start_cost():
            self._start()

    def _chunk(self) -> list[int]:
        """The next chunk of pending units, about CHUNK_S of work, at least one unit."""
        unit = self.mean() if self.timed >= 2 else 0.0
        size = max(1, int(CHUNK_S / unit)) if unit > 0 else 1
        first = self.pending[0]
        stop = min(first[1], first[0] + size)
        chunk = [first[0], stop]
        first[0] = stop
        if first[0] == first[1]:
            self.pending.popleft()
        return chunk

    def _feed(self) -> None:
        """Top each worker's queue up to about AHEAD_S of work. While a unit's time is unknown,
        or when a unit takes longer, a worker gets the next unit only when it is idle: units
        queued behind one that takes long could not go to another worker."""
        unit = self.mean() if self.timed >= 2 else None
        slow = unit is None or unit > CHUNK_S
        for worker in self.live.values():
            while self.pending and not worker.quitting:
                ahead = worker.waiting()
                if slow and (ahead or worker.unit is not None):
                    break
                if not slow and unit is not None and ahead * unit >= AHEAD_S:
                    break
                worker.hand(self._chunk())

    def _start(self) -> None:
        import mmap
        import pickle  # noqa: F401 - once, here: the worker forked below inherits it
        import signal  # noqa: F401 - so too for killing and reaping it (not a replay's)

        page = mmap.mmap(-1, PHASE_BYTES)
        read_end, write_end = os.pipe()
        task_read, task_write = os.pipe()
        for stream in (sys.stdout, sys.stderr):  # or the child would print our buffer again
            stream.flush()
        quiet = self.started > 0  # the first worker says which user code it imports
        pid = self.gate.fork()
        if pid == 0:
            os.close(read_end)
            os.close(task_write)
            for fd, other in self.live.items():
                os.close(fd)
                os.close(other.tasks)
            _worker(
                task_read, write_end, self.run_one, self.exit_limit, page, self.user_code, quiet
            )
        os.close(write_end)
        os.close(task_read)
        self.live[read_end] = _Worker(pid, read_end, task_write, page)
        self.started += 1

    def _wait(self) -> list[int]:
        """The pipes with something to read; empty at a deadline or a tick."""
        now = time.monotonic()
        deadlines = [w.deadline for w in self.live.values() if w.deadline is not None]
        wait = max(0.0, min(deadlines) - now) if deadlines else None
        if self.tick is not None:
            wait = TICK_S if wait is None else min(wait, TICK_S)
        if len(self.live) < self.limit and self.pending:  # look again whether one more pays
            wait = 0.05 if wait is None else min(wait, 0.05)
        ready = self.gate.select(list(self.live), wait)
        if not ready and self.tick is not None:
            self.tick()
        return ready

    def _step(self, ready: list[int]) -> None:
        for fd in ready:  # each read once; then the whole messages it holds
            worker = self.live.get(fd)
            if worker is None:
                continue
            if not worker.reader.read():
                self._hear(worker, ("eof",))
                continue
            while fd in self.live:
                message = worker.reader.pop()
                if message is None:
                    break
                self._hear(worker, message)
        now = time.monotonic()
        for worker in list(self.live.values()):
            if worker.deadline is not None and now >= worker.deadline:
                kill_group(worker.pid)
                unit = worker.unit
                if unit is not None:
                    why = (
                        f"timed out after {worker.seconds:g} s while "
                        f"{doing_what(worker.what, worker.page)}; "
                        "raise settings.timeout or fix the hang"
                    )
                    self._store(unit, self.failed(unit, why))
                    worker.finished(unit)
                self._lost(worker)

    def _hear(self, worker: _Worker, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "limit":
            worker.seconds, worker.what = message[1], message[2]
            worker.deadline = time.monotonic() + worker.seconds
        elif kind == "done" or kind == "raised":
            index = message[1]
            if kind == "done":
                self._timed(message[3])
                self._store(index, message[2])
            else:
                self._store(index, self.failed(index, message[2]))
            worker.finished(index)
        elif kind == "chunk":
            if worker.chunks_seen or self.started > 1:  # the first imported the user code
                for at, seconds in enumerate(message[1:]):
                    self.chunks[at] += seconds
            worker.chunks_seen += 1
        elif kind == "fatal" or kind == "interrupted":
            stopped(message)
        elif kind == "end":
            self._lost(worker)
        else:  # "eof": the worker died without a word
            how = ended_how(worker.pid)
            worker.pid = 0  # reaped
            # between two units, the next one handed to it pays (as in a serial run): a worker
            # that dies on start cannot send its units round and round
            unit = worker.unit
            if unit is not None:
                why = f"{how} while {doing_what(worker.what, worker.page)}"
                self._store(unit, self.failed(unit, why))
                worker.finished(unit)
            self._lost(worker)

    def hear_finished(self) -> None:
        """On Ctrl-C: the results the workers had sent that were not read yet."""
        for worker in list(self.live.values()):
            for message in worker.reader.finished():
                if message[0] == "done" or message[0] == "raised":
                    self._hear(worker, message)

    def _timed(self, seconds: float) -> None:
        if not self.timed:
            self.first = seconds
        self.spent += seconds
        self.timed += 1

    def _store(self, index: int, result: Any) -> None:
        self.results[index] = result
        if self.on_done is None:
            return
        while self.heard in self.results:
            self.on_done(self.results[self.heard])
            self.heard += 1

    def _lost(self, worker: _Worker) -> None:
        """The worker is gone: the units handed to it that it did not start go back first."""
        fd = next(fd for fd, w in self.live.items() if w is worker)
        del self.live[fd]
        self._release(fd, worker)
        for chunk in reversed(worker.queued):
            self.pending.appendleft(chunk)
        worker.queued.clear()
        worker.held = 0

    def _release(self, fd: int, worker: _Worker) -> None:
        with contextlib.suppress(OSError):
            os.close(fd)
        with contextlib.suppress(OSError):
            os.close(worker.tasks)
        worker.page.close()
        if worker.pid:
            kill_group(worker.pid)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(worker.pid, 0)

    def _quit_all(self) -> None:
        """Every result is in: each worker runs its exit handlers (timed) and ends."""
        for worker in self.live.values():
            worker.quitting = True
            with contextlib.suppress(OSError):
                os.write(worker.tasks, _TOKEN.pack(*_QUIT))
        while self.live:
            self._step(self._wait())

    def close(self) -> None:
        """Kill and reap what is left (leaving on an error or Ctrl-C)."""
        for fd, worker in list(self.live.items()):
            self._release(fd, worker)
        self.live.clear()


def _worker(
    tasks: int,
    fd: int,
    run_one: Callable[[int, Limit | None], Any],
    exit_limit: float,
    page: Any,
    user_code: bool,
    quiet: bool,
) -> None:
    """The forked side: run the chunks handed over `tasks`, report each unit; never returns."""
    code = 0
    try:
        become_worker(page)
        if quiet:  # the first worker said which user code it imports
            os.environ["BLAME_NO_WARN"] = "1"

        def limit(seconds: float, what: str) -> None:
            doing("")
            send(fd, ("limit", seconds, what))

        clock, cpu = time.perf_counter, time.process_time
        wall = busy = 0.0  # of the chunks run since the last report
        queued, first = _queued(), True
        while True:
            token = _read_token(tasks)
            if token is None or token == _QUIT:
                break
            at = clock(), cpu()
            for index in range(*token):
                if not run_and_report(fd, index, run_one, limit if user_code else None):
                    return
            wall, busy = wall + clock() - at[0], busy + cpu() - at[1]
            if first or wall >= REPORT_S:  # the first alone: it imported the user code
                now = _queued()  # not runnable while it waits for a chunk: nothing accrues
                send(fd, ("chunk", wall, busy, now - queued))
                wall = busy = 0.0
                queued, first = now, False
        if token is None:  # the parent is gone
            return
        limit(exit_limit, "running the exit handlers (atexit) of user code")
        import atexit

        atexit._run_exitfuncs()
        send(fd, ("end",))
    except BaseException:  # the pipe is gone (the parent died): nothing left to tell
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                stream.flush()
        os._exit(code)


class _Idle:
    """How many processors were idle since this was made (Linux's /proc/stat): none until a
    tenth of a second has passed; with no such file, one (the work is taken to have a
    processor of its own)."""

    def __init__(self) -> None:
        self.start = self._read()
        self.seen, self.value = time.monotonic(), 0.0 if self.start is not None else 1.0

    @staticmethod
    def _read() -> tuple[int, int] | None:
        try:
            with open("/proc/stat", "rb") as file:
                fields = [int(f) for f in file.readline().split()[1:]]
        except (OSError, ValueError):
            return None
        return fields[3] + (fields[4] if len(fields) > 4 else 0), sum(fields)

    def free(self) -> float:
        """Idle processors (0 to 1 and more), looked at most every tenth of a second."""
        now = time.monotonic()
        if self.start is None or now - self.seen < 0.1:
            return self.value
        self.seen = now
        current = self._read()
        if current is None or current[1] <= self.start[1]:
            return self.value
        share = (current[0] - self.start[0]) / (current[1] - self.start[1])
        self.value = share * default_workers()
        return self.value


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _queued() -> float:
    """Seconds this process has waited for a processor (Linux's schedstat), else 0."""
    try:
        with open("/proc/self/schedstat", "rb") as file:
            return int(file.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def _read_token(fd: int) -> tuple[int, int] | None:
    """The next chunk the parent hands over; None when it is gone."""
    data = b""
    while len(data) < _TOKEN.size:
        more = os.read(fd, _TOKEN.size - len(data))
        if not more:
            return None
        data += more
    start, stop = _TOKEN.unpack(data)
    return start, stop
