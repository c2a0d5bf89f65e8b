"""blame.shards: units of work side by side in supervised processes, back in unit order; a
unit that crashes or hangs costs only itself.

Each case runs in a fresh interpreter: units run in forked workers only when a single thread
is running, which the test process (with its leftover threads) cannot promise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from blame.errors import ConfigError
from blame.shards import run_parallel

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

UNITS = """
import json, os, signal, sys, time

from blame.errors import AgentError
from blame.shards import run_parallel
from blame.supervise import Interrupted


def failed(index, why):
    return f"{index} failed: {why}"


def square(index, limit):
    limit(10, "squaring")
    return [index * index, os.getpid()]


def together(index, limit):
    # True when every unit was running at once: each waits (20 s at most) for all to start.
    folder = os.environ["UNITS_DIR"]
    open(os.path.join(folder, str(index)), "w").close()
    deadline = time.monotonic() + 20
    while len(os.listdir(folder)) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return len(os.listdir(folder)) == count


def unruly(index, limit):
    limit(0.5, "running the agent")
    if index == 1:
        os._exit(3)
    if index == 4:
        time.sleep(30)
    return f"{index} ok"


def broken(index, limit):
    raise AgentError("cannot import the entrypoint", field="agent.entrypoint")


def slow(index, limit):
    limit(10, "sleeping")
    time.sleep(0.05)
    return [index, os.getpid()]


def killed(index, limit):
    # The unit after KILL_AFTER waits to be killed (it has taken its chunk, its run has not
    # started: it has not announced a step), so it is the one that pays, whatever the timing.
    if index == int(os.environ["KILL_AFTER"]) + 1:
        time.sleep(600)
    return [index, os.getpid()]


def kill_its_worker(result):
    # Heard in this (the parent) process: SIGKILL the worker that ran unit KILL_AFTER and wait
    # until it is dead, before the pool hands it more. Its pid cannot be reused meanwhile: the
    # worker is a child of this process, not reaped yet.
    if isinstance(result, list) and result[0] == int(os.environ["KILL_AFTER"]):
        os.kill(result[1], signal.SIGKILL)
        os.waitid(os.P_PID, result[1], os.WEXITED | os.WNOWAIT)


def interrupted(index, limit):
    # The parent is stopped before it can read unit 0's result; Ctrl-C reaches it when it runs
    # again, with that result still unread in the pipe (as a user's Ctrl-C can).
    if index == 0:
        parent = os.getppid()
        os.kill(parent, signal.SIGSTOP)
        if os.fork() == 0:
            # after unit 0's result is sent: when unit 1 started (its worker sends each
            # result first) or, if no unit starts while the parent is stopped, 2 s
            deadline = time.monotonic() + 2
            while not os.path.exists(os.environ["MARK"]) and time.monotonic() < deadline:
                time.sleep(0.01)
            os.kill(parent, signal.SIGINT)
            os.kill(parent, signal.SIGCONT)
            os._exit(0)
        return "0 done"
    open(os.environ["MARK"], "w").close()
    time.sleep(30)


heard = []


def ctrl_c_while_heard(result):
    # Heard in the parent: Ctrl-C comes while the caller still keeps the result (blame test
    # writes the finished test's result here); it must finish keeping it
    os.kill(os.getpid(), signal.SIGINT)
    heard.append(result)


def waits_after_the_first(index, limit):
    if index:
        time.sleep(30)
    return f"{index} done"


def ctrl_c_at_fork(index, limit):
    # unit 1 starts once its worker has sent unit 0's result (a worker sends each result
    # before its next unit): it says so, with its pid, and waits
    if index == 1:
        with open(os.environ["MARK"] + ".part", "w") as mark:
            mark.write(str(os.getpid()))
        os.rename(os.environ["MARK"] + ".part", os.environ["MARK"])
        time.sleep(30)
    return f"{index} done"


forked = []


def fork_then_ctrl_c():
    # Ctrl-C reaches the parent just after a fork, before it keeps track of the new worker
    # (for one worker: once that worker has sent unit 0's result)
    pid = real_fork()
    if pid:
        forked.append(pid)
        deadline = time.monotonic() + 20
        while workers == 1 and not os.path.exists(os.environ["MARK"]):
            assert time.monotonic() < deadline, "unit 1 never started"
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGINT)
    return pid


count, work, workers = int(sys.argv[1]), globals()[sys.argv[2]], int(sys.argv[3])
if work is ctrl_c_at_fork:
    real_fork, os.fork = os.fork, fork_then_ctrl_c
used = []
try:
    found = run_parallel(
        count, work, failed, exit_limit=5, workers=workers, used=lambda *u: used.append(u),
        on_done={killed: kill_its_worker, waits_after_the_first: ctrl_c_while_heard}.get(work),
    )
except AgentError as error:
    found = f"raised {error.format()}"
except Interrupted as stop:
    found = {"interrupted": stop.finished}
heavy = [m for m in ("blame.parallel", "blame.batch") if m in sys.modules]
left = []  # workers still running (not reaped) once run_parallel returned
for pid in forked:
    try:
        if os.waitpid(pid, os.WNOHANG) == (0, 0):
            left.append(pid)
            os.kill(pid, signal.SIGKILL)
    except ChildProcessError:
        pass
print(json.dumps({
    "found": found, "pid": os.getpid(), "used": used, "heavy": heavy, "left": left,
    "heard": heard,
}))
"""


def _run(count: int, work: str, workers: int, env: dict[str, str] | None = None) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(UNITS), str(count), work, str(workers)],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("workers", [1, 2, 3, 7])
def test_results_come_back_in_unit_order(workers: int) -> None:
    result = _run(7, "square", workers)
    assert [square for square, _ in result["found"]] == [i * i for i in range(7)]
    pids = {pid for _, pid in result["found"]}
    assert result["pid"] not in pids  # every unit ran in a worker
    # units of microseconds: a second process could not pay for its start
    assert len(pids) == 1
    assert [started for started, _ in result["used"]] == ([] if workers == 1 else [1])


@pytest.mark.parametrize("workers", [2, 3])
def test_units_that_take_time_are_shared_by_the_workers(workers: int) -> None:
    result = _run(40, "slow", workers)
    assert [index for index, _ in result["found"]] == list(range(40))
    pids = [pid for _, pid in result["found"]]
    assert len(set(pids)) == workers
    ((started, mean),) = result["used"]
    assert started == workers and 0.04 < mean < 1
    # deciding whether one more worker pays imports nothing of `blame analyze`'s pool (4 ms
    # with compiled bytecode, 50 M instructions without)
    assert result["heavy"] == []


def test_work_runs_side_by_side(tmp_path: Path) -> None:
    result = _run(4, "together", 4, {"UNITS_DIR": str(tmp_path)})
    assert result["found"] == [True, True, True, True]


def test_a_unit_that_crashes_or_hangs_costs_only_itself() -> None:
    found = _run(6, "unruly", 2)["found"]
    assert [found[i] for i in (0, 2, 3, 5)] == ["0 ok", "2 ok", "3 ok", "5 ok"]
    assert found[1].startswith("1 failed: the process exited with code 3")
    assert found[4] == (
        "4 failed: timed out after 0.5 s while running the agent; "
        "raise settings.timeout or fix the hang"
    )


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("after", [0, 1, 500])
def test_a_worker_killed_with_a_chunk_in_hand_costs_one_unit_and_loses_none(
    workers: int, after: int
) -> None:
    """SIGKILL from outside after unit `after`, while the worker holds the next unit and has
    not started it: the parent may hand the dead worker more before it hears the death (which
    raised BrokenPipeError and lost every result). That next unit pays, named as a serial run
    names it; every other result is there, in order; units it held go to a fresh worker."""
    count = 1000
    found = _run(count, "killed", workers, {"KILL_AFTER": str(after)})["found"]
    why = f"{after + 1} failed: the process was killed by SIGKILL while starting"
    assert found[after + 1] == why
    rest = [f for i, f in enumerate(found) if i != after + 1]
    assert [index for index, _ in rest] == [i for i in range(count) if i != after + 1]
    assert len({pid for _, pid in rest}) == 2  # the killed worker, then a fresh one


def test_an_error_that_stops_the_run_stops_it_in_every_worker() -> None:
    assert _run(4, "broken", 2)["found"] == (
        "raised agent.entrypoint: cannot import the entrypoint"
    )


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_a_result_sent_but_not_yet_read(workers: int, tmp_path: Path) -> None:
    """A finished test was lost (blame test's interrupted results held none, once in CI): its
    worker had sent the result, Ctrl-C came before the parent read it."""
    mark = {"MARK": str(tmp_path / "unit-1-started")}
    assert _run(2, "interrupted", workers, mark)["found"] == {"interrupted": ["0 done"]}


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_while_a_result_is_heard_lets_it_be_kept(workers: int) -> None:
    """blame test lost a finished test (once in CI): Ctrl-C came while the parent wrote the
    result its worker had sent, so the interrupted results held none. It now waits."""
    result = _run(2, "waits_after_the_first", workers)
    assert result["found"] == {"interrupted": ["0 done"]}
    assert result["heard"] == ["0 done"]


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_just_after_a_fork_loses_no_result_and_leaves_no_worker(
    workers: int, tmp_path: Path
) -> None:
    """Ctrl-C between a worker's fork and the point where the parent keeps track of it was
    raised where nothing knew the worker: a serial run lost the result it had already sent
    (the interrupted results held none), and the worker was left running, unreaped."""
    result = _run(3, "ctrl_c_at_fork", workers, {"MARK": str(tmp_path / "unit-1-started")})
    assert result["found"] == {"interrupted": ["0 done"] if workers == 1 else []}
    assert result["left"] == []


def test_workers_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="must be at least 1"):
        run_parallel(2, lambda i, limit: i, lambda i, why: -1, exit_limit=5, workers=0)


PIPELINE = """
import os, signal, threading, time

from blame import TraceRecorder


def run(task):
    if task == "kill":  # SIGKILL, as the kernel's OOM killer would
        os.kill(os.getpid(), signal.SIGKILL)
    if task == "hang":  # a run that never returns
        threading.Event().wait()
    time.sleep(0.1)  # as a model call would: enough that a second worker pays
    rec = TraceRecorder(test_name="t", input=task)
    rec.step("Writer", input=task, output=f"answer {task}")
    return f"answer {task}", rec.finalize(final_output=f"answer {task}")
"""


def test_blame_test_with_workers_loses_no_result_to_a_killed_or_hung_run(tmp_path: Path) -> None:
    """`blame test --workers 2`, with real workers: a run killed by SIGKILL and one that never
    returns (cut at settings.timeout) are each an ERROR naming why; blame exits 2; every other
    test's result is there; the results are the bytes of a serial run (`--workers 1`)."""
    (tmp_path / "pipeline.py").write_text(PIPELINE)
    names = ["a", "b", "kill", "c", "d", "hang", "e", "f"]
    tests = "".join(
        f"  - {{name: {n}, input: {n}, runs: {1 if n in ('kill', 'hang') else 3},"
        f" checks: [{{type: contains, value: answer}}]}}\n"
        for n in names
    )
    (tmp_path / "blame.yaml").write_text(
        "agent: {type: python, entrypoint: pipeline:run}\n"
        f"settings: {{timeout: 3}}\ntests:\n{tests}"
    )

    def blame_test(workers: int) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "blame", "test", "--json", "--workers", str(workers)],
            cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip

    serial, parallel = blame_test(1), blame_test(2)
    assert serial.returncode == parallel.returncode == 2, parallel.stderr
    assert "ran in 1 worker process" not in parallel.stderr  # both workers ran
    assert parallel.stdout == serial.stdout
    results = {t["name"]: t for t in json.loads(parallel.stdout)["tests"]}
    assert list(results) == names
    assert [n for n, t in results.items() if t["passed"]] == ["a", "b", "c", "d", "e", "f"]
    assert results["kill"]["error"] == (
        "test 'kill': the process was killed by SIGKILL while running the agent"
    )
    assert results["hang"]["error"] == (
        "test 'hang': timed out after 3 s while running the agent; "
        "raise settings.timeout or fix the hang"
    )
