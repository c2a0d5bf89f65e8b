"""Declared tools (`tools:` in blame.yaml): what each returns when it succeeds.

`blame confirm` re-runs from a failing tool call with the call returning a success; a tool's
declared `stub` is that success, so the steps after the call are handed what the tool really
returns when it works (a booking code, a receipt) rather than a plain `<tool>: ok`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from blame.fields import kind_name
from blame.frozen import dataclass

if TYPE_CHECKING:
    from blame.configfields import Where

TOOL_KEYS = ("stub",)
"""The keys of one entry of `tools:`."""
_EXAMPLE = "write e.g. `tools: {book_hotel: {stub: 'Booked: confirmation BK-1042'}}`"
_WHAT = "write what the tool returns when it succeeds"


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """What blame is told about one of the pipeline's tools (`tools.<name>`)."""

    stub: str | None = None
    """What the tool returns when it succeeds, as text (a mapping or list is written as JSON,
    as the recorder records it): `blame confirm` has a failing call return it instead of the
    default `<tool>: ok`."""


def read_tools(raw: Any, where: Where) -> dict[str, ToolSpec]:
    """`tools:`, tool name -> what blame is told about it, checked at config load (each
    problem one line naming the field)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise where.error(
            "tools", f"must be a mapping of tool name to settings, got {kind_name(raw)}", _EXAMPLE
        )
    tools: dict[str, ToolSpec] = {}
    for name, spec in raw.items():
        if not isinstance(name, str) or not name.strip():
            raise where.error(
                "tools", f"tool names must be non-empty strings, got {kind_name(name)}",
                "name each tool as its steps are named in the trace",
            )  # fmt: skip
        at = f"tools.{name}"
        if not isinstance(spec, Mapping):
            said = repr(spec) if isinstance(spec, str) else "'Booked: confirmation BK-1042'"
            raise where.error(
                at, f"must be a mapping, got {kind_name(spec)}", f"write `{name}: {{stub: {said}}}`"
            )
        where.unknown_keys(spec, TOOL_KEYS, at)
        if "stub" in spec and spec["stub"] is None:
            raise where.error(f"{at}.stub", "is empty", _WHAT)
        tools[name] = ToolSpec(stub=_stub(spec.get("stub"), where, f"{at}.stub"))
    return dict(sorted(tools.items()))


def stubs(tools: Mapping[str, ToolSpec]) -> dict[str, str]:
    """The declared stub successes by tool name."""
    return {name: tool.stub for name, tool in tools.items() if tool.stub is not None}


def _stub(raw: Any, where: Where, at: str) -> str | None:
    """A stub success: text, or a mapping or list written as JSON (as the recorder would)."""
    if raw is None:
        return None
    if isinstance(raw, (Mapping, list)):
        from blame.recorder import to_text

        return to_text(raw)
    if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
        raise where.error(at, f"must be text, a mapping or a list, got {kind_name(raw)}", _WHAT)
    text = str(raw)
    if not text.strip():
        raise where.error(at, "must not be empty", _WHAT)
    return text
