"""The unit of work of `blame analyze` over many traces: a batch of traces, in one process.

A batch is imported, evaluated and blamed where it runs (the calling process, a local worker
process or a Dask worker), and comes back as an aggregate plus whatever the caller asked to
keep: every result (for the results JSON), one JSON line per trace, or neither. A trace that
cannot be read is one error line naming where it was read; the rest of the batch goes on.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.aggregate import Aggregate
from blame.errors import BlameError, TraceError
from blame.model import Check, Trace
from blame.results import CaseResult
from blame.sources import Chunk, Unit, expand_units, spans_of

if TYPE_CHECKING:
    from blame.context import RunContext


@dataclass(frozen=True, slots=True)
class Job:
    """What every batch of one run is analysed with (pickled to each worker)."""

    checks: tuple[Check, ...]
    """The checks every trace is held to."""
    threshold: float
    """fail_below_reward."""
    format: str = "auto"
    """The importer for whole files, or `auto`."""
    period: str = "week"
    """`week` or `day`: how the trend is bucketed."""
    keep_results: bool = False
    """Return every CaseResult (for the results JSON)."""
    keep_records: bool = False
    """Return one JSON line per trace (for `--jsonl`)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one batch gives back."""

    aggregate: Aggregate
    """Its counts."""
    results: tuple[CaseResult, ...] = ()
    """Its results, in order (when kept)."""
    records: tuple[str, ...] = ()
    """One compact JSON line per trace (when kept)."""
    errors: tuple[str, ...] = ()
    """`origin: why` for each trace that could not be read."""
    warnings: tuple[str, ...] = ()
    """`origin: warning` from the importers."""


def _otlp_start(documents: Sequence[Any]) -> float | None:
    starts = []
    for document in documents:
        for span in spans_of(document):
            raw = span.get("startTimeUnixNano", span.get("start_time_unix_nano"))
            try:
                starts.append(int(raw))
            except (TypeError, ValueError):
                continue
    return min(starts) / 1e9 if starts else None


def _started(trace: Trace) -> float | None:
    """A native or chat trace's `started_at`: Unix seconds or an ISO 8601 text."""
    value = trace.metadata.get("started_at")
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=datetime.timezone.utc)
        return moment.timestamp()
    return None


def read(unit: Unit, format: str, context: RunContext | None = None) -> tuple[Trace, float | None]:
    """The unit's trace and its start time; TraceError naming the origin when unreadable."""
    if unit.format == "auto":
        from blame.importers import load_trace

        path = Path(unit.path or unit.origin)
        trace = load_trace(path, format=format, test_name=unit.name, context=context)
        started = _started(trace)
        return trace, started
    if unit.format == "otlp":
        if not unit.documents:
            raise TraceError("the line is not valid JSON (a truncated export?)", file=unit.origin)
        from blame.importers.otlp import convert

        try:
            trace = convert(list(unit.documents), test_name=unit.name)
        except TraceError as error:
            raise TraceError(error.message, file=unit.origin, field=error.field) from None
        return trace, _otlp_start(unit.documents)
    try:
        data = json.loads(unit.text or "")
    except (ValueError, RecursionError):
        raise TraceError("the line is not valid JSON", file=unit.origin) from None
    if unit.format == "native":
        trace = Trace.from_dict(data, source=unit.origin)
        if not trace.test_name:
            trace = replace(trace, test_name=unit.name)
        return trace, _started(trace)
    from blame.importers.chat import importer as chat

    try:
        trace = chat.convert(data, test_name=unit.name)
    except TraceError as error:
        raise TraceError(error.message, file=unit.origin, field=error.field) from None
    return trace, _started(trace)


def analyse(units: Sequence[Unit | Chunk], job: Job, context: RunContext | None = None) -> Outcome:
    """Import, evaluate and blame each unit (a chunk's lines included); count into one aggregate.

    In a worker there is no caller's context: a fresh one sees the installed plugins, which
    is all a checks file can name (it has no `plugins:` list).
    """
    from blame.context import RunContext
    from blame.runner import evaluate_trace

    context = context or RunContext()
    aggregate = Aggregate()
    results: list[CaseResult] = []
    records: list[str] = []
    errors: list[str] = []
    warnings: list[str] = []
    for unit in expand_units(units):
        try:
            trace, started = read(unit, job.format, context)
        except BlameError as error:
            message = error.format()
            errors.append(message)
            aggregate.error()
            result = CaseResult(
                name=unit.name, passed=False, reward=0.0, threshold=job.threshold, error=message
            )
        except RecursionError:
            message = f"{unit.origin}: nested too deeply to import"
            errors.append(message)
            aggregate.error()
            result = CaseResult(
                name=unit.name, passed=False, reward=0.0, threshold=job.threshold, error=message
            )
        else:
            found = trace.metadata.get("warnings", [])
            if isinstance(found, list):
                warnings.extend(f"{unit.origin}: {warning}" for warning in found)
            # a file is named after itself; a JSON line keeps the run's own name if it has one
            name = unit.name if unit.format == "auto" else (trace.test_name or unit.name)
            trace = replace(trace, test_name=name)
            result = evaluate_trace(
                trace, job.checks, threshold=job.threshold, name=name, context=context
            )
            aggregate.add(result, started, job.period)
        if job.keep_results:
            results.append(result)
        if job.keep_records:
            records.append(_record(unit, result))
    return Outcome(
        aggregate=aggregate,
        results=tuple(results),
        records=tuple(records),
        errors=tuple(errors),
        warnings=tuple(warnings),
    )


def _record(unit: Unit, result: CaseResult) -> str:
    data: Mapping[str, Any] = {"origin": unit.origin, **result.to_dict()}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
