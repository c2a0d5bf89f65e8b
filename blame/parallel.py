"""Run batches of traces in this process, in a local process pool, or on a Dask cluster.

Whatever runs them, batches come back in the order they were cut, so the merged aggregate,
the results and the JSON lines are byte-identical to a serial run. At most a small window of
batches is in flight at once: reading a 100-million-line export never queues it all.

Dask is optional (`pip install "blame-agents[dask]"`): `--engine dask --scheduler ADDRESS`
uses a running `dask.distributed` cluster; without an address a local cluster of `workers`
processes is started on the loopback interface for this run and closed after it.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any

from blame.batch import Job, Outcome, analyse
from blame.errors import ConfigError
from blame.sources import Chunk, Unit

if TYPE_CHECKING:
    from blame.context import RunContext

BATCH = 64
"""Traces per batch: large enough to amortise sending it, small enough to balance load."""
WINDOW_PER_WORKER = 4
"""Batches in flight per worker."""


def batches(items: Iterable[Unit | Chunk], size: int = BATCH) -> Iterator[list[Unit | Chunk]]:
    """Consecutive batches of at most `size` units; a chunk (many lines) is a batch of its own."""
    batch: list[Unit | Chunk] = []
    for item in items:
        if isinstance(item, Chunk):
            if batch:
                yield batch
                batch = []
            yield [item]
            continue
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def run(
    units: Iterable[Unit | Chunk],
    job: Job,
    *,
    workers: int,
    engine: str = "local",
    scheduler: str | None = None,
    context: RunContext | None = None,
) -> Iterator[Outcome]:
    """Each batch's outcome, in order; `context` serves batches run in this process."""
    if workers < 1:
        raise ConfigError("must be at least 1", field="--workers", hint="e.g. --workers 2")
    work = partial(analyse, job=job)  # workers make their own context
    here = partial(analyse, job=job, context=context)
    cut = batches(units)
    if engine == "dask":
        yield from _dask(cut, work, workers, scheduler)
        return
    if engine != "local":
        raise ConfigError(f"unknown engine {engine!r}", field="--engine", hint="local or dask")
    if scheduler is not None:
        raise ConfigError(
            "needs --engine dask", field="--scheduler", hint="add --engine dask or drop it"
        )
    first = next(cut, None)
    if first is None:
        return
    second = next(cut, None)
    if second is None or workers == 1:  # one batch, or asked for: no processes to start
        yield here(first)
        if second is not None:
            yield here(second)
            yield from map(here, cut)
        return
    yield from _pool(_chain(first, second, cut), work, workers)


def _chain(
    first: list[Unit | Chunk], second: list[Unit | Chunk], rest: Iterator[list[Unit | Chunk]]
) -> Iterator[list[Unit | Chunk]]:
    yield first
    yield second
    yield from rest


def _pool(
    cut: Iterator[list[Unit | Chunk]], work: Callable[[list[Unit | Chunk]], Outcome], workers: int
) -> Iterator[Outcome]:
    from concurrent.futures import Future, ProcessPoolExecutor

    window: deque[Future[Outcome]] = deque()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for batch in cut:
            window.append(pool.submit(work, batch))
            if len(window) >= workers * WINDOW_PER_WORKER:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()


def _dask(
    cut: Iterator[list[Unit | Chunk]],
    work: Callable[[list[Unit | Chunk]], Outcome],
    workers: int,
    scheduler: str | None,
) -> Iterator[Outcome]:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ConfigError(
            "needs Dask, which is not installed",
            field="--engine",
            hint='pip install "blame-agents[dask]"',
        ) from None
    with _dask_quiet():
        cluster: Any = None
        if scheduler is None:
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                # no dashboard, but the scheduler's HTTP server still starts: on any free port,
                # not 8787, which another cluster on the machine may hold (a warning, then)
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                silence_logs=logging.CRITICAL,
            )
        try:
            client = Client(cluster if cluster is not None else scheduler)  # type: ignore[no-untyped-call]
        except OSError as error:
            raise ConfigError(
                f"cannot reach the Dask scheduler: {error}",
                field="--scheduler",
                hint="give the address a running scheduler prints, e.g. tcp://10.0.0.5:8786",
            ) from None
        try:
            window: deque[Any] = deque()
            limit = max(2, workers) * WINDOW_PER_WORKER
            for batch in cut:
                # a Dask worker may not see the file a chunk's byte range points into
                batch = [item.loaded() if isinstance(item, Chunk) else item for item in batch]
                window.append(client.submit(work, batch, pure=False))
                if len(window) >= limit:
                    yield _outcome(window.popleft())
            while window:
                yield _outcome(window.popleft())
        finally:
            client.close()  # type: ignore[no-untyped-call]
            if cluster is not None:
                cluster.close()


@contextmanager
def _dask_quiet() -> Iterator[None]:
    """Dask logs what blame reports as one clear error (a worker that died, a task that failed,
    at times a CancelledError traceback while the cluster closes): off while blame runs on Dask,
    here and in the worker processes a local cluster starts, which set their logging from the
    environment (unless the user set it there) when they import Dask."""
    roots = ("distributed", "tornado")
    names = {n for n in logging.root.manager.loggerDict if n.split(".")[0] in roots}
    loggers = [logging.getLogger(name) for name in sorted(names.union(roots))]
    levels = [logger.level for logger in loggers]
    unset = [f"DASK_LOGGING__{root.upper()}" for root in roots]
    unset = [name for name in unset if name not in os.environ]
    try:
        for logger in loggers:
            logger.setLevel(logging.CRITICAL)
        os.environ.update(dict.fromkeys(unset, "critical"))
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
        for name in unset:
            os.environ.pop(name, None)


def _outcome(future: Any) -> Outcome:
    """A batch's outcome from Dask. A worker that died (a plugin's check or trace reader that
    exits: Dask workers run threads, so blame cannot contain it there) is one clear error."""
    try:
        outcome: Outcome = future.result()
    except Exception as error:
        if type(error).__name__ != "KilledWorker":
            raise
        raise ConfigError(
            "a Dask worker died while analysing traces (Dask gave up on the batch after its "
            "workers kept dying)",
            field="--engine",
            hint="run with --engine local to name the trace and the plugin that ended it",
        ) from None
    return outcome
