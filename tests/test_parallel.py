"""Batches run here, in a real process pool and on a real Dask local cluster: same bytes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from blame.batch import Job, Outcome
from blame.config import parse_checks
from blame.errors import ConfigError
from blame.parallel import BATCH, batches, run
from blame.recorder import TraceRecorder
from blame.sources import Chunk, Unit, chunks, work

CHECKS = parse_checks(
    [{"type": "contains", "value": "REF-1"}, {"type": "not_contains", "value": "SECRET"}],
    source="test",
)
JOB = Job(checks=CHECKS, threshold=1.0, keep_results=True, keep_records=True)


def corpus(count: int) -> Iterator[Unit]:
    for n in range(count):
        rec = TraceRecorder(f"run-{n}")
        rec.step("Planner", input="task", output="plan REF-1")
        answer = ("drafted" if n % 3 == 0 else "drafted REF-1") + (" SECRET" if n % 5 == 0 else "")
        rec.step(["Coder", "Writer"][n % 2], input="plan REF-1", output=answer)
        text = json.dumps(rec.finalize(final_output=answer).to_dict())
        yield Unit(origin=f"runs.jsonl:{n + 1}", format="native", text=text, name=f"runs:{n + 1}")


def collect(outcomes: Iterator[Outcome]) -> tuple[str, list[str], list[str]]:
    from blame.aggregate import Aggregate

    aggregate = Aggregate()
    records: list[str] = []
    names: list[str] = []
    for outcome in outcomes:
        aggregate.merge(outcome.aggregate)
        records.extend(outcome.records)
        names.extend(r.name for r in outcome.results)
    return json.dumps(aggregate.to_dict(), sort_keys=True), records, names


def test_batches_keep_order_and_size() -> None:
    cut = list(batches(range(2 * BATCH + 1)))  # type: ignore[arg-type]
    assert [len(b) for b in cut] == [BATCH, BATCH, 1]
    assert [x for b in cut for x in b] == list(range(2 * BATCH + 1))


def test_a_chunk_is_a_batch_of_its_own_between_batches_of_units() -> None:
    units = list(corpus(3))
    chunk = Chunk(path="runs.jsonl", format="native", first_line=1, start=0, end=3, data=b"{}\n")
    cut = list(batches([units[0], chunk, units[1], units[2]], size=2))
    assert cut == [[units[0]], [chunk], [units[1], units[2]]]


def test_chunks_of_a_json_lines_file_pooled_give_the_bytes_of_a_serial_run(
    tmp_path: Path,
) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_text("".join((u.text or "") + "\n" for u in corpus(200)), encoding="utf-8")
    items = list(work([path]))
    assert len(items) == 1  # small enough for one chunk: cut it finer to use the pool
    fine = list(chunks(path, "native", size=4096))
    assert len(fine) > 4
    serial = collect(run(fine, JOB, workers=1))
    assert collect(run(fine, JOB, workers=2)) == serial
    assert serial[2] == [f"run-{n}" for n in range(200)]
    ranges = list(chunks(path, "native", size=4096, ranges=True))  # workers read the lines
    assert [c.data for c in ranges] == [None] * len(fine)
    assert collect(run(ranges, JOB, workers=2)) == serial


def test_a_dask_worker_is_sent_a_byte_range_s_bytes(tmp_path: Path) -> None:
    """A Dask worker may be on a machine without the file: a chunk goes with its lines."""
    pytest.importorskip("dask.distributed")
    path = tmp_path / "runs.jsonl"
    path.write_text("".join((u.text or "") + "\n" for u in corpus(90)), encoding="utf-8")
    ranges = list(chunks(path, "native", size=4096, ranges=True))
    assert b"".join(c.loaded().data or b"" for c in ranges) == path.read_bytes()
    serial = collect(run(ranges, JOB, workers=1))
    assert collect(run(ranges, JOB, workers=2, engine="dask")) == serial


def test_a_process_pool_gives_the_bytes_of_a_serial_run() -> None:
    count = 3 * BATCH + 7
    serial = collect(run(corpus(count), JOB, workers=1))
    pooled = collect(run(corpus(count), JOB, workers=2))
    assert pooled == serial
    assert serial[2] == [f"run-{n}" for n in range(count)]
    assert json.loads(serial[0])["failed"] == len(
        [n for n in range(count) if n % 3 == 0 or n % 5 == 0]
    )


def test_a_dask_local_cluster_gives_the_bytes_of_a_serial_run() -> None:
    pytest.importorskip("dask.distributed")
    count = 2 * BATCH + 3
    serial = collect(run(corpus(count), JOB, workers=1))
    assert collect(run(corpus(count), JOB, workers=2, engine="dask")) == serial


def test_a_local_cluster_starts_quietly_when_another_holds_the_dashboard_port() -> None:
    """Port 8787 taken (another cluster, another run of this suite) used to be a warning."""
    pytest.importorskip("dask.distributed")
    with socket.socket() as holder:
        try:
            holder.bind(("0.0.0.0", 8787))
            holder.listen()
        except OSError:
            pass  # already held by someone else: the situation this test is about
        count = BATCH + 1
        serial = collect(run(corpus(count), JOB, workers=1))
        assert collect(run(corpus(count), JOB, workers=2, engine="dask")) == serial


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"workers": 0}, "at least 1"),
        ({"workers": 1, "engine": "spark"}, "unknown engine"),
        ({"workers": 1, "scheduler": "tcp://127.0.0.1:1"}, "needs --engine dask"),
    ],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        list(run(corpus(1), JOB, **options))  # type: ignore[arg-type]


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("dask.distributed")
    import dask

    with (
        dask.config.set({"distributed.comm.timeouts.connect": "1s"}),
        pytest.raises(ConfigError, match="cannot reach the Dask scheduler"),
    ):
        list(run(corpus(1), JOB, workers=1, engine="dask", scheduler="tcp://127.0.0.1:9"))


def test_a_dead_dask_worker_leaves_only_blame_s_error_on_the_terminal(tmp_path: Path) -> None:
    """Dask's own log lines (the scheduler's ERROR, the nanny's restart WARNING, at times a
    CancelledError traceback while the cluster closes) are noise around blame's clear error."""
    pytest.importorskip("dask.distributed")
    from tests.hostile.cases_code import _installed_check

    for name, text in _installed_check("os_exit").items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    path = os.pathsep.join(filter(None, [str(tmp_path / "site"), os.environ.get("PYTHONPATH")]))
    # the first death ends the batch: each restart is seconds of process start
    env = {**os.environ, "PYTHONPATH": path, "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}
    command = ["analyze", "t.json", "--checks", "checks.yaml", "--engine", "dask", "--workers", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "blame", *command],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )
    assert (done.returncode, done.stderr.splitlines()) == (
        2,
        [
            "blame: error: --engine: a Dask worker died while analysing traces (Dask gave up on "
            "the batch after its workers kept dying); run with --engine local to name the trace "
            "and the plugin that ended it"
        ],
    )


def test_dask_logging_is_as_it_was_after_a_run() -> None:
    pytest.importorskip("dask.distributed")
    import logging

    before = logging.getLogger("distributed").level
    collect(run(corpus(2), JOB, workers=1, engine="dask"))
    assert logging.getLogger("distributed").level == before
    assert not any(name.startswith("DASK_LOGGING__") for name in os.environ)
