"""Further places to look, listed after a content rule's own evidence.

Each is another kind of decision: where the final answer's value first appeared, the LLM
call that read a tool's error and went on, the step that produced the final output.
"""

from __future__ import annotations

from collections.abc import Iterator

from blame.engine.matching import quote
from blame.engine.provenance import final_answer_origin, ignored_error, went_on
from blame.engine.suspects import agent_at, at_step, records_decisions
from blame.faultmarks import failed_as, failure
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect


def further(flow: StepGraph, said: str, *, origin_too: bool = True) -> Iterator[Suspect]:
    """Candidate decisions a content rule lists after its own evidence, each another kind
    of place to look: where the final answer's value first appeared, the LLM call that read
    a tool's error and went on, and the step that produced the final output.

    Weak alone (confidence 0.3 and under); one that names a place already listed is dropped
    by the ranking. `said` opens each reason: what is wrong with the final output. Without
    `origin_too`, where the answer first appeared is left out (its values are the right
    ones: the final output has the right value, in a wrong form).
    """
    final = flow.final_step
    if final is None:
        return
    origin = final_answer_origin(flow)
    if origin_too and origin is not None and origin[0] != final:
        index, value = origin
        tool = flow.steps[index].kind is StepKind.TOOL and records_decisions(flow)
        yield (agent_at if tool else at_step)(
            flow,
            index,
            0.3,
            f"{said}; the final answer {quote(value)} first appeared in {flow.label(index)}",
        )
    past = read_past(flow, final)
    if past is not None:
        failed, reader = past
        yield agent_at(
            flow,
            reader,
            0.3,
            f"{said}; {flow.label(reader)} read the error "
            f"{quote(failure(flow.steps[failed]) or '')} that {flow.label(failed)} "
            f"{failed_as(flow.steps[failed])} and went on",
        )
    yield agent_at(flow, final, 0.2, f"{said}; {flow.label(final)} produced the final output")


def read_past(flow: StepGraph, final: int) -> tuple[int, int] | None:
    """(the failed step, the LLM call that read its error and went on) for the first failure
    upstream of the final step that nobody retried; None when there is none."""
    failed = ignored_error(flow, final_answer_origin(flow), final)
    reader = None if failed is None else went_on(flow, failed)
    return None if failed is None or reader is None else (failed, reader)
