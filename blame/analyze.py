"""`blame analyze`: evaluate stored traces (OTLP, chat transcripts, blame's own) against checks.

Nothing is re-run: each trace file becomes one test named after the file's stem, is scored
against the checks file, and its failures are blamed exactly as `blame test` would. A trace
that cannot be read becomes an errored test (exit code 2) and the other traces are still
analysed; a bad checks file stops the run before any trace is read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from blame.errors import BlameError, ConfigError
from blame.model import CaseResult, SuiteResult

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


def trace_test_names(paths: Sequence[Path]) -> list[str]:
    """File stems; files sharing a stem are told apart by their folder, else by their path.

    A file given more than once gets ` (2)`, ` (3)`... on its repeats.
    """
    stems = Counter(path.stem for path in paths)
    with_folder = Counter(f"{path.parent.name}/{path.stem}" for path in paths)
    names = []
    for path in paths:
        folder = f"{path.parent.name}/{path.stem}"
        if not path.stem:  # ".", "/", "..": no stem to name the test after
            names.append(path.as_posix())
        elif stems[path.stem] == 1:
            names.append(path.stem)
        elif with_folder[folder] == 1 and path.parent.name:
            names.append(folder)
        else:
            names.append(path.with_suffix("").as_posix())
    # The same file given twice: number the repeats so every test name stays unique.
    seen: Counter[str] = Counter()
    for i, name in enumerate(names):
        seen[name] += 1
        if seen[name] > 1:
            names[i] = f"{name} ({seen[name]})"
    return names


def analyze(
    paths: Sequence[Path],
    checks_file: Path,
    *,
    format: str = "auto",
    context: RunContext | None = None,
) -> Analysis:
    """Import each trace, evaluate the checks and blame the failures."""
    from blame.config import load_checks_file
    from blame.context import RunContext
    from blame.importers import load_trace
    from blame.plugintypes import IMPORTERS
    from blame.runner import evaluate_trace

    context = context or RunContext()

    if checks_file.is_dir():
        raise ConfigError(
            "is a directory, not a YAML file",
            file=str(checks_file),
            hint="pass --checks FILE holding `checks: [{type: contains, value: ...}]`",
        )
    if not checks_file.is_file():
        raise ConfigError(
            "no such file",
            file=str(checks_file),
            hint="pass --checks FILE holding `checks: [{type: contains, value: ...}]`",
        )
    checks, threshold = load_checks_file(checks_file, context=context)
    known = context.importers()
    if format != "auto" and format not in known:
        if format in context.plugins.names(IMPORTERS.entry_group):
            context.importer(format, field="--format")  # names the broken plugin
        raise ConfigError(
            f"unknown trace format {format!r}",
            field="--format",
            hint=f"use one of: auto, {', '.join(known)}",
        )
    results: list[CaseResult] = []
    warnings: list[str] = []
    errors: list[str] = []
    for path, name in zip(paths, trace_test_names(paths), strict=True):
        try:
            trace = load_trace(path, format=format, test_name=name, context=context)
        except BlameError as error:
            message = error.format()
            errors.append(message)
            results.append(
                CaseResult(name=name, passed=False, reward=0.0, threshold=threshold, error=message)
            )
            continue
        found = trace.metadata.get("warnings", [])
        if isinstance(found, list):
            warnings.extend(f"{path}: {warning}" for warning in found)
        trace = replace(trace, test_name=name)
        results.append(
            evaluate_trace(trace, checks, threshold=threshold, name=name, context=context)
        )
    return Analysis(
        suite=SuiteResult(tests=tuple(results)), warnings=tuple(warnings), errors=tuple(errors)
    )
