"""`blame analyze`: evaluate stored traces (OTLP, chat transcripts, blame's own) against checks.

Nothing is re-run: each trace becomes one test (a file's stem, a JSON line's own test name, an
OTLP trace id), is scored against the checks file, and its failures are blamed exactly as
`blame test` would. Files, folders, globs and JSON Lines are read as a stream
(`blame.sources`) and analysed in batches, here or in parallel (`blame.parallel`); culprits are
counted as they come (`blame.aggregate`). A trace that cannot be read becomes an errored test
(exit code 2) and the other traces are still analysed; a bad checks file stops the run before
any trace is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from blame.aggregate import Aggregate
from blame.errors import ConfigError
from blame.files import LOOP, loops
from blame.frozen import dataclass
from blame.results import CaseResult, SuiteResult
from blame.yamlfile import CHECKS_HINT

if TYPE_CHECKING:
    from blame.context import RunContext


@dataclass(frozen=True, slots=True)
class Analysis:
    """The outcome of analysing some traces."""

    suite: SuiteResult
    """One test per trace file, in the order given."""
    warnings: tuple[str, ...] = ()
    """`file: warning` lines from the importers (content that was missing, spans skipped)."""
    errors: tuple[str, ...] = ()
    """One line per trace that could not be read."""
    aggregate: Aggregate = field(default_factory=Aggregate)
    """Culprit counts over every trace."""


def analyze(
    paths: Sequence[str | Path],
    checks_file: Path,
    *,
    format: str = "auto",
    workers: int = 1,
    engine: str = "local",
    scheduler: str | None = None,
    keep_results: bool = True,
    records: TextIO | None = None,
    period: str = "week",
    context: RunContext | None = None,
    outputs: Sequence[Path] = (),
) -> Analysis:
    """Import each trace, evaluate the checks and blame the failures, counting culprits.

    `paths` are files, folders and glob patterns (see `blame.sources`). With `keep_results`
    every result is kept for the results JSON; without, memory stays bounded whatever the
    number of traces. `records` receives one JSON line per trace, in input order. `outputs`
    are the files the run writes, never read as traces (`blame.sources.expand`).
    """
    from blame.batch import Job
    from blame.config import load_checks_file
    from blame.context import RunContext
    from blame.parallel import run
    from blame.plugintypes import IMPORTERS, foreign_code
    from blame.runner import budget
    from blame.sources import work

    context = context or RunContext()

    if checks_file.is_dir():
        raise ConfigError(
            "is a directory, not a YAML file",
            file=str(checks_file),
            hint=CHECKS_HINT,
        )
    if not checks_file.exists():  # a pipe or a device: reading it says which
        raise ConfigError(
            LOOP if loops(checks_file) else "no such file",
            file=str(checks_file),
            hint=CHECKS_HINT,
        )
    if period not in ("week", "day"):
        raise ConfigError(f"unknown period {period!r}", field="--period", hint="week or day")
    checks, threshold, timeout = load_checks_file(checks_file, context=context)
    known = context.importers()
    if format != "auto" and format not in known:
        if format in context.plugins.names(IMPORTERS.entry_group):
            context.importer(format, field="--format")  # names the broken plugin
        raise ConfigError(
            f"unknown trace format {format!r}",
            field="--format",
            hint=f"use one of: auto, {', '.join(known)}",
        )
    job = Job(
        checks=checks,
        threshold=threshold,
        format=format,
        period=period,
        keep_results=keep_results,
        keep_records=records is not None,
        # plugin code (a check type or a trace reader not of blame's own) may exit or hang:
        # each trace then runs in a worker killed at the limit (blame.supervise)
        contained=foreign_code(context.plugins, {c.type for c in checks}, readers=True),
        limit_s=budget(timeout, checks),
    )
    aggregate = Aggregate()
    results: list[CaseResult] = []
    warnings: list[str] = []
    errors: list[str] = []
    # A local pool's workers read their own lines of JSON Lines files: handed byte ranges.
    items = work(paths, ranges=engine == "local" and workers > 1, format=format, outputs=outputs)
    outcomes = run(items, job, workers=workers, engine=engine, scheduler=scheduler, context=context)
    for outcome in outcomes:
        aggregate.merge(outcome.aggregate)
        results.extend(outcome.results)
        warnings.extend(outcome.warnings)
        errors.extend(outcome.errors)
        if records is not None:
            for line in outcome.records:
                records.write(line + "\n")
    return Analysis(
        suite=SuiteResult(tests=tuple(_unique_names(results))),
        warnings=tuple(warnings),
        errors=tuple(errors),
        aggregate=aggregate,
    )


def _unique_names(results: Sequence[CaseResult]) -> list[CaseResult]:
    """Traces that share a name (two lines holding the same run) get ` (2)`, ` (3)`..."""
    from blame.sources import numbered_repeats

    names = numbered_repeats([result.name for result in results])
    return [
        result if name == result.name else replace(result, name=name)
        for result, name in zip(results, names, strict=True)
    ]
