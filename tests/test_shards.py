"""blame.shards: units of work side by side in supervised processes, back in unit order; a
unit that crashes or hangs costs only itself."""

from __future__ import annotations

import os
import time

import pytest

from blame.errors import AgentError, ConfigError
from blame.shards import run_parallel
from blame.supervise import Limit, supervised

pytestmark = pytest.mark.skipif(not supervised(), reason="needs fork")


def _failed(index: int, why: str) -> str:
    return f"{index} failed: {why}"


def _square(index: int, limit: Limit | None) -> str:
    if limit is not None:
        limit(10, "squaring")
    return f"{index}: {index * index} in {os.getpid()}"


@pytest.mark.parametrize("workers", [1, 2, 3, 7])
def test_results_come_back_in_unit_order(workers: int) -> None:
    found = run_parallel(7, _square, _failed, exit_limit=5, workers=workers)
    assert [f.split(" in ")[0] for f in found] == [f"{i}: {i * i}" for i in range(7)]
    pids = {f.split(" in ")[1] for f in found}
    assert str(os.getpid()) not in pids  # every unit ran in a worker
    assert len(pids) == min(workers, 7)


def test_work_runs_side_by_side() -> None:
    def sleepy(index: int, limit: Limit | None) -> float:
        time.sleep(0.5)
        return time.monotonic()

    start = time.monotonic()
    run_parallel(4, sleepy, lambda i, why: 0.0, exit_limit=5, workers=4)
    assert time.monotonic() - start < 1.9  # four half-second units, serially 2 s


def test_a_unit_that_crashes_or_hangs_costs_only_itself() -> None:
    def unruly(index: int, limit: Limit | None) -> str:
        assert limit is not None
        limit(0.5, "running the agent")
        if index == 1:
            os._exit(3)
        if index == 4:
            time.sleep(30)
        return f"{index} ok"

    found = run_parallel(6, unruly, _failed, exit_limit=5, workers=2)
    assert found[0] == "0 ok" and found[2] == "2 ok" and found[3] == "3 ok" and found[5] == "5 ok"
    assert found[1].startswith("1 failed: the process exited with code 3")
    assert found[4] == (
        "4 failed: timed out after 0.5 s while running the agent; "
        "raise settings.timeout or fix the hang"
    )


def test_an_error_that_stops_the_run_stops_it_in_every_worker() -> None:
    def broken(index: int, limit: Limit | None) -> str:
        raise AgentError("cannot import the entrypoint", field="agent.entrypoint")

    with pytest.raises(AgentError, match="cannot import the entrypoint"):
        run_parallel(4, broken, _failed, exit_limit=5, workers=2)


def test_workers_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="must be at least 1"):
        run_parallel(2, _square, _failed, exit_limit=5, workers=0)
