"""Required content lost on the way (blame/engine/losses.py): which step or handoff had it
and passed it on without it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from blame import TraceRecorder
from blame.engine.losses import EARLIER_LOSS_CONFIDENCE, LOSS_CONFIDENCE, lost
from blame.engine.matching import literal
from blame.graph import StepGraph
from blame.model import Trace

REF = "REF-7731"


def dropped_by_writer() -> Trace:
    """The writer received the booking reference in its input and left it out."""
    rec = TraceRecorder("t", input="Book a table and give me the reference.")
    booked = rec.step("Booker", "book", f"Booked, reference {REF}.")
    rec.step("Writer", f"Booked, reference {REF}.", "Your table is booked.", parents=[booked])
    return rec.finalize()


def cut_in_transit() -> Trace:
    """The writer received the booker's message up to the reference and no further."""
    rec = TraceRecorder("t", input="Book a table and give me the reference.")
    booked = rec.step("Booker", "book", f"The table for two is booked, reference {REF}.")
    rec.step("Writer", "The table for two is booked, reference", "Booked.", parents=[booked])
    return rec.finalize()


def part_arrived() -> Trace:
    """The writer's whole input is a piece of the booker's message without the reference."""
    rec = TraceRecorder("t", input="Book a table and give me the reference.")
    said = f"Reference {REF}. The table for two is booked at Marlow's for eight o'clock."
    booked = rec.step("Booker", "book", said)
    rec.step("Writer", "booked at Marlow's for eight", "Booked.", parents=[booked])
    return rec.finalize()


def never_there() -> Trace:
    """No step ever had the reference: nothing lost it."""
    rec = TraceRecorder("t", input="Book a table and give me the reference.")
    booked = rec.step("Booker", "book", "Booked.")
    rec.step("Writer", "Booked.", "Your table is booked.", parents=[booked])
    return rec.finalize()


def tool_relayed() -> Trace:
    """A tool called with the reference returned a result without it, which the last step
    returned as it was: the tool's output dropped it, not the step that relayed it."""
    rec = TraceRecorder("t", input="Confirm the booking and give me the reference.")
    ask = rec.step("Booker", "confirm", f"confirm({REF!r})", kind="llm")
    result = rec.tool("confirm", agent="Booker", args=REF, output="Confirmed.", parents=[ask])
    rec.step("Booker", "Confirmed.", "Confirmed.", parents=[result])
    return rec.finalize()


@pytest.mark.parametrize(
    ("build", "kind", "step", "says"),
    [
        (dropped_by_writer, "agent", 1, "received 'REF-7731' from step 0 (Booker) in its input"),
        (cut_in_transit, "handoff", 1, "(cut off just before it in transit)"),
        (part_arrived, "handoff", 1, "(only part of that message arrived)"),
        (tool_relayed, "tool", 1, "which step 2 (Booker) returned as it was, dropped it"),
    ],
)
def test_the_loss_nearest_the_final_output_is_blamed(
    build: Callable[[], Trace], kind: str, step: int, says: str
) -> None:
    top = lost(StepGraph(build()), literal(REF))[0]
    assert (top.kind, top.step_index) == (kind, step)
    assert says in top.reason
    assert top.confidence == LOSS_CONFIDENCE


def test_content_that_never_existed_was_not_lost() -> None:
    assert lost(StepGraph(never_there()), literal(REF)) == ()


def test_losses_on_other_branches_rank_after_the_nearest() -> None:
    rec = TraceRecorder("t", input="Book two tables and give me both references.")
    first = rec.step("Booker", "book", f"Booked, reference {REF}.")
    second = rec.step("Booker", "book", f"Booked again, reference {REF}.")
    left = rec.step("Writer", f"Booked, reference {REF}.", "One booked.", parents=[first])
    right = rec.step("Editor", f"Booked again, reference {REF}.", "Two.", parents=[second])
    rec.step("Joiner", "One booked. Two.", "Both booked.", parents=[left, right])
    found = lost(StepGraph(rec.finalize()), literal(REF))
    assert [s.step_index for s in found] == [3, 2]  # ties: the later branch first
    assert found[1].confidence == EARLIER_LOSS_CONFIDENCE
