"""blame: which agent, tool or handoff caused each failed check of a multi-agent pipeline."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from blame.errors import BlameError, ExitCode

if TYPE_CHECKING:
    from blame.graph import StepGraph
    from blame.model import Check, Step, StepKind, Trace
    from blame.recorder import TraceRecorder
    from blame.repeat import run_index
    from blame.results import CaseResult, CheckResult, Evaluation, Patch, SuiteResult, Suspect

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

_HOMES = (
    ("blame.model", ("Check", "Step", "StepKind", "Trace")),
    ("blame.recorder", ("TraceRecorder",)),
    ("blame.repeat", ("run_index",)),
    (
        "blame.results",
        ("CaseResult", "CheckResult", "Evaluation", "Patch", "SuiteResult", "Suspect"),
    ),
    ("blame.graph", ("StepGraph",)),
)
"""Where each re-exported name lives. They are imported on first use: the command line imports
this package for its errors, and `blame --help` needs none of the model's dataclasses."""


def __getattr__(name: str) -> Any:
    for module, names in _HOMES:
        if name in names:
            return getattr(import_module(module), name)
    raise AttributeError(f"module 'blame' has no attribute {name!r}")
