"""The blame engine: attribute a failed check to an agent, tool or handoff.

Interim: returns no suspects until the engine lands (an empty list means "unattributed").
"""

from __future__ import annotations

from blame.graph import StepGraph
from blame.model import Check, Evaluation, Suspect
from blame.protocols import Evaluator


def attribute(
    check: Check, evaluation: Evaluation, graph: StepGraph, evaluator: Evaluator | None = None
) -> tuple[Suspect, ...]:
    """Ranked suspects for one failed check, best first; empty when unattributed."""
    return ()
