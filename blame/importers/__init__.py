"""Read stored traces: blame's own JSON and the formats other tools emit.

Every format is an `Importer` registered in the `blame.importers` entry-point group;
`load_trace` picks one by content unless told which.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from blame.errors import BlameError, TraceError
from blame.fields import in_file
from blame.files import LOOP, loops
from blame.importers.common import check_size, encoding_error, parse_json, read_text
from blame.model import Trace, validate_step_types, validate_steps

if TYPE_CHECKING:
    from blame.context import RunContext
    from blame.protocols import Importer

SNIFF_BYTES = 64 * 1024


def load_trace(
    path: Path,
    *,
    format: str = "auto",
    test_name: str | None = None,
    context: RunContext | None = None,
) -> Trace:
    """Read one trace file; `format` is an importer name or "auto" to detect by content.

    Importers come from `context` (a new run context when not given).
    """
    if context is None:
        from blame.context import RunContext

        context = RunContext()
    registry = context.importers()
    name = test_name if test_name is not None else path.stem
    if path.is_dir():
        raise TraceError(
            "is a directory, not a trace file", file=str(path), hint="pass the trace files in it"
        )
    if not path.is_file():
        if path.exists():  # a pipe or a device (/dev/zero) would block or never end
            raise TraceError("is not a regular file", file=str(path), hint="pass a trace file")
        if loops(path):
            raise TraceError(LOOP, file=str(path), hint="point the link at the trace file")
        raise TraceError("no such file", file=str(path), hint="check the path")
    if format != "auto":
        if format not in registry:
            from blame.plugintypes import IMPORTERS

            if format in context.plugins.names(IMPORTERS.entry_group):  # known but broken
                context.importer(format, file=str(path), field="--format")  # names the plugin
            raise TraceError(
                f"unknown trace format {format!r}",
                file=str(path),
                hint=f"use one of: auto, {', '.join(registry)}",
            )
        return _load(registry[format], path, name)
    check_size(path)
    try:
        # utf-8-sig: a byte-order mark at the start is skipped, as `read_text` skips it
        with path.open("r", encoding="utf-8-sig", errors="replace") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError as error:
        raise TraceError(f"cannot read: {error.strerror}", file=str(path)) from None
    for importer in registry.values():
        if _sniff(importer, head, path):
            return _load(importer, path, name)
    if len(head) >= SNIFF_BYTES and head.lstrip()[:1] in ("{", "["):
        # JSON with sorted keys puts a long `final_output` before `steps`: look at it all
        whole = read_text(path)
        for importer in registry.values():
            if _sniff(importer, whole, path):
                return _load(importer, path, name)
    expected = f"expected one of: {', '.join(registry)}"
    unreadable = encoding_error(path)  # UTF-16 read as UTF-8 looks like no format at all
    if unreadable is not None:
        raise unreadable
    stripped = head.lstrip()
    if not stripped:
        raise TraceError("the file is empty", file=str(path), hint=expected)
    if stripped[:1] in ("{", "["):
        try:
            parse_json(read_text(path), source=str(path))
        except TraceError as error:
            hint = f"{error.hint}; {expected}" if error.hint else expected
            raise TraceError(error.message, file=str(path), hint=hint) from None
    raise TraceError(
        "not a trace format blame knows",
        file=str(path),
        hint=f"{expected} (OTLP JSON has resourceSpans, a chat transcript is a list of "
        "messages or has `history`, blame's own has schema_version and steps); "
        "pass --format to choose one",
    )


def _sniff(importer: Importer, head: str, path: Path) -> bool:
    try:
        return bool(importer.sniff(head))
    except Exception as error:  # a plugin's sniff may raise anything
        raise TraceError(
            f"the {importer.format!r} importer failed while detecting the format: "
            f"{type(error).__name__}: {error}",
            file=str(path),
            hint="pass --format to choose the importer",
        ) from None


def _load(importer: Importer, path: Path, name: str) -> Trace:
    try:
        trace = importer.load(path, test_name=name)
    except BlameError:
        raise
    except RecursionError:
        raise TraceError("nested too deeply to import", file=str(path)) from None
    except Exception as error:  # a plugin's load may raise anything
        raise TraceError(
            f"the {importer.format!r} importer failed: {type(error).__name__}: {error}",
            file=str(path),
        ) from None
    if not isinstance(trace, Trace):
        raise TraceError(
            f"the {importer.format!r} importer returned {type(trace).__name__}, not a Trace",
            file=str(path),
        )
    wrong = _wrong_field(trace)
    if wrong is not None:  # a check reading it would crash, and be blamed for the importer's bug
        raise TraceError(
            f"the {importer.format!r} importer returned a Trace whose {wrong}",
            file=str(path),
            hint="this is a bug in the importer; report it to its authors",
        )
    if not type(importer).__module__.startswith("blame."):  # blame's own type each field
        try:
            validate_step_types(trace.steps)
        except TraceError as error:
            raise TraceError(
                f"the {importer.format!r} importer returned a Trace whose {error.field}: "
                f"{error.message}",
                file=str(path),
                hint="this is a bug in the importer; report it to its authors",
            ) from None
    try:  # every importer's steps obey the same rules (impossible numbers, unknown parents)
        validate_steps(trace.steps)
    except TraceError as error:
        raise in_file(error, str(path)) from None
    return trace


def _wrong_field(trace: Trace) -> str | None:
    """What is of the wrong type in a Trace a plugin built (its steps are checked apart)."""
    for name in ("test_name", "final_output", "input"):
        value = getattr(trace, name)
        if not isinstance(value, str):
            return f"{name} is {type(value).__name__}, not text"
    if not isinstance(trace.metadata, Mapping):
        return f"metadata is {type(trace.metadata).__name__}, not a mapping"
    return None
