"""The unit of work of `blame analyze` over many traces: a batch of traces, in one process.

A batch is imported, evaluated and blamed where it runs (the calling process, a local worker
process or a Dask worker), and comes back as an aggregate plus whatever the caller asked to
keep: every result (for the results JSON), one JSON line per trace, or neither. A trace that
cannot be read is one error line naming where it was read; the rest of the batch goes on.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.aggregate import Aggregate
from blame.errors import BlameError, TraceError
from blame.frozen import dataclass
from blame.importers.common import parse_line
from blame.model import Check, Trace
from blame.otlplines import spans_of
from blame.results import CaseResult
from blame.sources import Chunk, Unit, expand_units

if TYPE_CHECKING:
    from blame.checks import Resolver
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
    contained: bool = False
    """Plugin code checks (or reads) the traces: each trace runs in a killable worker."""
    limit_s: float = 300.0
    """With `contained`: seconds one trace may take before its worker is killed."""


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
    if unit.problem is not None:
        raise TraceError(unit.problem, file=unit.origin)
    if unit.format == "otlp":
        if not unit.documents:
            raise TraceError("the line is not valid JSON (a truncated export?)", file=unit.origin)
        from blame.importers.otlp import convert

        try:
            trace = convert(list(unit.documents), test_name=unit.name)
        except TraceError as error:
            raise _at(unit, error) from None
        return trace, _otlp_start(unit.documents)
    data, problem = parse_line(unit.text or "")
    if problem is not None:
        raise TraceError(problem, file=unit.origin)
    if _line_format(data, unit.format, format) == "native":
        trace = Trace.from_dict(data, source=unit.origin)
        if not trace.test_name:
            trace = replace(trace, test_name=unit.name)
        return trace, _started(trace)
    from blame.importers.chat import importer as chat

    try:
        trace = chat.convert(data, test_name=unit.name)
    except TraceError as error:
        raise _at(unit, error) from None
    return trace, _started(trace)


def _at(unit: Unit, error: TraceError) -> TraceError:
    """`error` naming the line it came from, its hint kept."""
    return TraceError(error.message, file=unit.origin, field=error.field, hint=error.hint)


def _line_format(data: Any, guessed: str, format: str) -> str:
    """How one line of a native or chat JSON Lines file is read: in `--format` when given;
    else as its keys show (a file's format is guessed from its first line, and a file may mix
    the two), and as the file's guess when they show neither."""
    if format != "auto":
        return guessed
    if isinstance(data, list):
        return "chat"
    if isinstance(data, Mapping):
        from blame.importers.chat import HISTORY_KEYS

        if "schema_version" not in data and any(key in data for key in HISTORY_KEYS):
            return "chat"
        if "steps" in data or "schema_version" in data:
            return "native"
    return guessed


@dataclass(frozen=True, slots=True)
class _Done:
    """One trace analysed: its result, and what the batch's outcome gathers from it."""

    result: CaseResult
    started: float | None = None
    error: str | None = None
    """Why it could not be read (counted as an error, not added)."""
    warnings: tuple[str, ...] = ()


def analyse(units: Sequence[Unit | Chunk], job: Job, context: RunContext | None = None) -> Outcome:
    """Import, evaluate and blame each unit (a chunk's lines included); count into one aggregate.

    In a worker there is no caller's context: a fresh one sees the installed plugins, which
    is all a checks file can name (it has no `plugins:` list). When plugin code runs
    (`job.contained`), each trace is analysed in a forked worker (`blame.supervise`): a plugin
    that exits, crashes or overruns `job.limit_s` errors that trace and the batch goes on.
    """
    from blame.checks import Resolver
    from blame.context import RunContext
    from blame.supervise import Limit, run_all

    types = Resolver(context or RunContext())  # each check type looked up once per batch
    pairs: Iterable[tuple[Unit, _Done]]
    if job.contained:
        every = list(expand_units(units))

        def run_one(index: int, limit: Limit | None) -> _Done:
            if limit is not None:
                limit(job.limit_s, "checking the trace")
            return _one(every[index], job, types)

        def failed(index: int, why: str) -> _Done:
            message = f"{every[index].origin}: {why}"
            return _Done(_failed(every[index], job, message), error=message)

        pairs = zip(
            every,
            run_all(
                len(every),
                run_one,
                failed,
                exit_limit=job.limit_s,
                overran="raise timeout: in the checks file or fix the hang",
            ),
            strict=True,
        )
    else:
        pairs = ((unit, _one(unit, job, types)) for unit in expand_units(units))
    aggregate = Aggregate()
    results: list[CaseResult] = []
    records: list[str] = []
    errors: list[str] = []
    warnings: list[str] = []
    for unit, one in pairs:
        warnings.extend(one.warnings)
        if one.error is not None:
            errors.append(one.error)
            aggregate.error()
        else:
            aggregate.add(one.result, one.started, job.period)
        if job.keep_results:
            results.append(one.result)
        if job.keep_records:
            records.append(_record(unit, one.result))
    return Outcome(
        aggregate=aggregate,
        results=tuple(results),
        records=tuple(records),
        errors=tuple(errors),
        warnings=tuple(warnings),
    )


def _failed(unit: Unit, job: Job, message: str) -> CaseResult:
    return CaseResult(
        name=unit.name, passed=False, reward=0.0, threshold=job.threshold, error=message
    )


def _one(unit: Unit, job: Job, types: Resolver) -> _Done:
    """Import, evaluate and blame one trace."""
    from blame.runner import evaluate_trace, raised_case
    from blame.tracefile import raised_in

    context = types.context
    try:
        trace, started = read(unit, job.format, context)
    except BlameError as error:
        message = error.format()
        return _Done(_failed(unit, job, message), error=message)
    except RecursionError:
        message = f"{unit.origin}: nested too deeply to import"
        return _Done(_failed(unit, job, message), error=message)
    found = trace.metadata.get("warnings", [])
    warnings = (
        tuple(f"{unit.origin}: {warning}" for warning in found) if isinstance(found, list) else ()
    )
    # a file is named after itself; a JSON line keeps the run's own name if it has one
    name = unit.name if unit.format == "auto" else (trace.test_name or unit.name)
    trace = replace(trace, test_name=name)
    result = evaluate_trace(
        trace, job.checks, threshold=job.threshold, name=name, context=context, types=types
    )
    crashed = raised_in(trace, unit.origin)
    if crashed is not None:  # a run that raised part-way: an error, as `blame test` says
        result = raised_case(result, crashed)
    return _Done(result, started, warnings=warnings)


def _record(unit: Unit, result: CaseResult) -> str:
    data: Mapping[str, Any] = {"origin": unit.origin, **result.to_dict()}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
