"""How a tool step says a fault of a test's `faults:` hit it (`metadata.fault`), read by the
checks and the engine on every run. Apart from `blame.faults`, which injects the faults, so a
run of stored or replayed traces does not import the fault machinery to read the marks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from blame.model import Step

FAULT_KEY = "fault"
"""The step metadata key that marks a tool call a fault hit (value: the fault's kind)."""


def faulted(step: Step) -> str | None:
    """The kind of fault that hit this tool step, or None."""
    kind = step.metadata.get(FAULT_KEY) if step.metadata else None
    return kind if isinstance(kind, str) else None


def unbacked(step: Step) -> bool:
    """The call gives no success to build on: it failed, or a fault stood in for it."""
    return step.error is not None or faulted(step) is not None
