"""blame's own trace JSON, as written by `blame record` and `Trace.to_json`."""

from __future__ import annotations

from pathlib import Path

from blame.errors import TraceError
from blame.model import Trace


class NativeImporter:
    """Reads `Trace.to_json` output."""

    format = "native"

    def sniff(self, head: str) -> bool:
        """A JSON object with blame's schema_version and a steps list."""
        stripped = head.lstrip()
        return stripped.startswith("{") and '"schema_version"' in head and '"steps"' in head

    def load(self, path: Path, *, test_name: str) -> Trace:
        """Read the file; the trace keeps its recorded test name unless it has none.

        The steps are streamed (`blame.tracefile`): a million of them fit in memory.
        """
        from blame.tracefile import load_trace_file

        try:
            trace = load_trace_file(path)
        except RecursionError:
            raise TraceError("JSON nested too deeply to be a trace", file=str(path)) from None
        if not trace.test_name:
            from dataclasses import replace

            trace = replace(trace, test_name=test_name)
        return trace


importer = NativeImporter()
