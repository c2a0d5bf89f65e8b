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
        except TraceError as error:
            # results and baselines have blame's JSON form too: "re-record the trace" was no fix
            known = _not_a_trace(path) if error.field == "schema_version" else None
            if known is None:
                raise
            raise TraceError(known[0], file=str(path), hint=known[1]) from None
        if not trace.test_name:
            from dataclasses import replace

            trace = replace(trace, test_name=test_name)
        return trace


KEPT = "`blame test` keeps each test's passing and failing trace in <output_dir>/traces/"
"""Where a person who wanted a trace finds one."""


def _not_a_trace(path: Path) -> tuple[str, str] | None:
    """(message, hint) when `path` holds a blame results file or a baseline, not a trace."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or "steps" in data:
        return None
    if "baseline_version" in data:
        what = "a baseline (`blame baseline save`)"
        hint = f"`blame gate` compares with the passing trace it holds per test; {KEPT}"
    elif isinstance(data.get("tests"), list) and "schema_version" in data:
        what, hint = "a results file (`blame test`)", f"{KEPT} (NAME-HASH.pass.json, .fail.json)"
    else:
        return None
    return f"is {what}, not a trace", hint


importer = NativeImporter()
