"""OTLP JSON Lines read as a stream: spans grouped by trace id across every line and file.

A first pass counts the lines that hold each trace; the second emits a trace as soon as its
last line is read, so memory holds only the traces still open, never the whole export. A line
is read as the OTLP importer reads a document (`blame.importers.otlp.wire`): the same
spellings of its fields, and a line whose lists are not lists, or that holds no span, is that
line's error (it was dropped unsaid, and a file of such lines passed as 0 tests).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from blame.fields import type_name
from blame.importers.common import parse_line
from blame.importers.otlp.wire import first_of
from blame.sources import Unit, not_utf8, text_lines, too_long
from blame.spanrows import RESOURCE_KEYS, SCOPE_KEYS, listed_rows, trace_id_of


def _trace_ids(document: Any) -> set[str]:
    found: set[str] = set()
    for span in spans_of(document):
        trace_id = trace_id_of(span)
        found.add(str(trace_id) if trace_id else "")
    return found


def spans_of(document: Any) -> Iterator[Mapping[str, Any]]:
    """Every span of one OTLP export document, or every top-level row of span rows (nested
    rows go with the row that holds them), skipping what is not a span."""
    if not isinstance(document, Mapping):
        return
    rows = _rows(document)
    if rows is not None:
        yield from rows
        return
    for _, _, spans in _scopes(document):
        yield from spans


def _scopes(document: Mapping[str, Any]) -> Iterator[tuple[Any, Any, list[Mapping[str, Any]]]]:
    """(resource, scope, its spans) of each scope of an OTLP export object, read as the OTLP
    importer reads them (`scopeSpans` in each of its spellings); what is not a list or an
    object is passed over here, and named by `shape_problem`."""
    for resource_spans in _listed(document, RESOURCE_KEYS):
        if not isinstance(resource_spans, Mapping):
            continue
        resource = resource_spans.get("resource", {})
        for scope_spans in _listed(resource_spans, SCOPE_KEYS):
            if isinstance(scope_spans, Mapping):
                spans = _listed(scope_spans, ("spans",))
                kept = [span for span in spans if isinstance(span, Mapping)]
                yield resource, scope_spans.get("scope", {}), kept


def _listed(data: Mapping[str, Any], keys: Sequence[str]) -> list[Any]:
    """The list under the first of `keys` that `data` holds (not null); nothing if that is no
    list (a string's characters or an object's keys were iterated as spans, and a number
    crashed the run)."""
    value = first_of(data, *keys)
    return value if isinstance(value, list) else []


def shape_problem(document: Mapping[str, Any]) -> str | None:
    """Why an OTLP export object's spans cannot be read as the OTLP importer reads them: a
    field that must be a list or an object and is not (the line's spans were dropped unsaid,
    and a file of such lines passed as 0 tests); None if they can."""
    if _rows(document) is not None:
        return None
    resources = first_of(document, *RESOURCE_KEYS)
    problem = _not_objects("resourceSpans", resources, required=True)
    for r, resource in enumerate(resources if problem is None else ()):
        where = f"resourceSpans[{r}].scopeSpans"
        scopes = first_of(resource, *SCOPE_KEYS)
        problem = problem or _not_objects(where, scopes)
        for s, scope in enumerate(scopes if problem is None and scopes is not None else ()):
            problem = problem or _not_objects(f"{where}[{s}].spans", scope.get("spans"))
    return None if problem is None else f"{problem}; {_SHAPE}"


def _not_objects(where: str, value: Any, *, required: bool = False) -> str | None:
    """What is wrong with `value`, which must be a list of objects (or, unless `required`,
    absent); None if nothing is."""
    if value is None and not required:
        return None
    if not isinstance(value, list):
        return f"{where}: must be a list, got {type_name(value)}"
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            return f"{where}[{i}]: must be an object, got {type_name(item)}"
    return None


_NO_SPANS = (
    "holds no spans; export the trace after the run finished (spans are written when they end)"
)
_SHAPE = 'an OTLP export line is {"resourceSpans": [{"scopeSpans": [{"spans": [...]}]}]}'


def _rows(document: Mapping[str, Any]) -> list[Mapping[str, Any]] | None:
    """The top-level span rows of a document of rows (itself, or its `spans` or `data`
    list); None for an OTLP export object."""
    listed = listed_rows(document)
    return None if listed is None else [row for row in listed[1] if isinstance(row, Mapping)]


_NOT_OTLP = (
    "the line is not an OTLP export (no resourceSpans) nor span rows; "
    "pass --format for what it holds, or remove the line"
)


def _is_otlp(document: Any) -> bool:
    """Whether a line is an OTLP export object or span rows (it may hold no span)."""
    if not isinstance(document, Mapping):
        return False
    return (
        "resourceSpans" in document or "resource_spans" in document or _rows(document) is not None
    )


def _split(document: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The document cut into one document per trace id, resources and scopes kept (rows:
    one `spans` list per trace id)."""
    parts: dict[str, dict[str, Any]] = {}
    rows = _rows(document)
    if rows is not None:
        for row in rows:
            trace_id = str(trace_id_of(row) or "")
            parts.setdefault(trace_id, {"spans": []})["spans"].append(row)
        return parts
    for resource, scope, spans in _scopes(document):
        by_trace: dict[str, list[Any]] = {}
        for span in spans:
            trace_id = str(span.get("traceId", span.get("trace_id")) or "")
            by_trace.setdefault(trace_id, []).append(span)
        for trace_id, kept in by_trace.items():
            part = parts.setdefault(trace_id, {"resourceSpans": []})
            part["resourceSpans"].append(
                {"resource": resource, "scopeSpans": [{"scope": scope, "spans": kept}]}
            )
    return parts


def otlp_units(paths: Sequence[Path]) -> Iterator[Unit]:
    """OTLP JSON Lines grouped by trace id across lines and files, in two streaming passes."""
    remaining: dict[str, int] = {}
    first_seen: dict[str, str] = {}
    bad: list[tuple[str, str]] = []
    for path in paths:
        said = len(bad)
        spans = False
        for number, line in text_lines(path):
            problem = too_long() if line is None else not_utf8(line)
            if line is None or problem is not None:
                bad.append((f"{path}:{number}", problem or too_long()))
                continue
            document, problem = parse_line(line)
            if problem is not None:
                bad.append((f"{path}:{number}", problem))
                continue
            if not _is_otlp(document):  # skipped unsaid, its trace would just be missing
                bad.append((f"{path}:{number}", _NOT_OTLP))
                continue
            problem = shape_problem(document)
            if problem is not None:
                bad.append((f"{path}:{number}", problem))
                continue
            for trace_id in _trace_ids(document):
                spans = True
                remaining[trace_id] = remaining.get(trace_id, 0) + 1
                first_seen.setdefault(trace_id, f"{path}:{number}")
        if not spans and len(bad) == said:  # a file of empty exports: it was 0 tests, passed
            bad.append((str(path), _NO_SPANS))
    for origin, problem in bad:
        yield Unit(origin=origin, format="otlp", name=origin, problem=problem)
    pending: dict[str, list[Any]] = {}
    for path in paths:
        for _, line in text_lines(path):
            if line is None or not_utf8(line) is not None:
                continue
            document, problem = parse_line(line)
            if problem is not None:
                continue
            if not _is_otlp(document) or shape_problem(document) is not None:
                continue
            for trace_id, part in _split(document).items():
                pending.setdefault(trace_id, []).append(part)
                remaining[trace_id] -= 1
                if remaining[trace_id] == 0:
                    label = trace_id or "(no trace id)"
                    yield Unit(
                        origin=f"{first_seen[trace_id]} (trace {label})",
                        format="otlp",
                        documents=tuple(pending.pop(trace_id)),
                        name=label,
                    )
