"""What the adapters' fault tests share: each data fault with the payload a model then reads,
and a trace's tool steps as (name, output, error, fault)."""

from __future__ import annotations

from blame.faults import UNPARSEABLE, Fault, faulted
from blame.model import StepKind, Trace


def data_faults(tool: str, real: str) -> list[tuple[Fault, str]]:
    """Each kind of data fault on `tool`, with its payload given the tool's `real` output."""
    stale = f"{real[:10]} (2019)"
    return [
        (Fault(tool, "empty"), ""),
        (Fault(tool, "empty", value="[]"), "[]"),
        (Fault(tool, "truncated", keep=8), real[:8]),
        (Fault(tool, "truncated"), real[: len(real) // 2]),
        (Fault(tool, "unparseable"), UNPARSEABLE),
        (Fault(tool, "stale", value=stale), stale),
    ]


def tool_steps(trace: Trace) -> list[tuple[str, str, str | None, str | None]]:
    """The trace's tool steps: name, output, error and the fault that hit it."""
    return [(s.name, s.output, s.error, faulted(s)) for s in trace.steps if s.kind is StepKind.TOOL]
