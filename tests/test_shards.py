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
import json, os, sys, time

from blame.errors import AgentError
from blame.shards import run_parallel


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


count, work, workers = int(sys.argv[1]), globals()[sys.argv[2]], int(sys.argv[3])
used = []
try:
    found = run_parallel(
        count, work, failed, exit_limit=5, workers=workers, used=lambda *u: used.append(u)
    )
except AgentError as error:
    found = f"raised {error.format()}"
print(json.dumps({"found": found, "pid": os.getpid(), "used": used}))
"""


def _run(count: int, work: str, workers: int, env: dict[str, str] | None = None) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(UNITS), str(count), work, str(workers)],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
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


def test_an_error_that_stops_the_run_stops_it_in_every_worker() -> None:
    assert _run(4, "broken", 2)["found"] == (
        "raised agent.entrypoint: cannot import the entrypoint"
    )


def test_workers_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="must be at least 1"):
        run_parallel(2, lambda i, limit: i, lambda i, why: -1, exit_limit=5, workers=0)
