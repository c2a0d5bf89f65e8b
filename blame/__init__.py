"""blame: which agent, tool or handoff caused each failed check of a multi-agent pipeline."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from blame.errors import BlameError, ExitCode
from blame.model import Check, Step, StepKind, Trace
from blame.recorder import TraceRecorder
from blame.repeat import run_index
from blame.results import CaseResult, CheckResult, Evaluation, Patch, SuiteResult, Suspect

if TYPE_CHECKING:
    from blame.graph import StepGraph

__version__ = "0.2.0"

__all__ = [
    "BlameError",
    "CaseResult",
    "Check",
    "CheckResult",
    "Evaluation",
    "ExitCode",
    "Patch",
    "Step",
    "StepGraph",
    "StepKind",
    "SuiteResult",
    "Suspect",
    "Trace",
    "TraceRecorder",
    "__version__",
    "run_index",
]


def __getattr__(name: str) -> Any:
    # networkx costs ~100 ms to import; only code that builds graphs should pay for it.
    if name == "StepGraph":
        from blame.graph import StepGraph

        return StepGraph
    raise AttributeError(f"module 'blame' has no attribute {name!r}")
