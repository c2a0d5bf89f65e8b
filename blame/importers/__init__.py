"""Read stored traces: blame's own JSON and the formats other tools emit.

Every format is an `Importer` registered in the `blame.importers` entry-point group;
`load_trace` picks one by content unless told which.
"""

from __future__ import annotations

from pathlib import Path

from blame.errors import TraceError
from blame.model import Trace

SNIFF_BYTES = 64 * 1024


def load_trace(path: Path, *, format: str = "auto", test_name: str | None = None) -> Trace:
    """Read one trace file; `format` is an importer name or "auto" to detect by content."""
    from blame.plugins import importers

    registry = importers()
    name = test_name if test_name is not None else path.stem
    if not path.is_file():
        raise TraceError("no such file", file=str(path), hint="check the path")
    if format != "auto":
        if format not in registry:
            raise TraceError(
                f"unknown trace format {format!r}",
                file=str(path),
                hint=f"use one of: auto, {', '.join(registry)}",
            )
        return registry[format].load(path, test_name=name)
    with path.open("r", encoding="utf-8", errors="replace") as handle:
        head = handle.read(SNIFF_BYTES)
    for importer in registry.values():
        if importer.sniff(head):
            return importer.load(path, test_name=name)
    raise TraceError(
        "not a trace format blame knows",
        file=str(path),
        hint=f"expected one of: {', '.join(registry)}; pass --format to choose one",
    )
