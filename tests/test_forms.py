"""The right value written another way (blame/engine/forms.py): the call that chose the
form is blamed, not where the value came from."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.forms import written_otherwise
from blame.engine.matching import literal
from blame.graph import StepGraph
from blame.model import Trace


def handed_on(page: str, answer: str) -> Trace:
    """A call reads `page` and its next call hands `answer` on as the final output."""
    rec = TraceRecorder("t", input="What was it? Give the value only.")
    ask = rec.step("analyst", "task", "<code>\nprint(visit_webpage('p'))\n</code>", kind="llm")
    read = rec.tool("visit_webpage", agent="analyst", args="p", output=page, parents=[ask])
    last = rec.step("analyst", page, f"<code>\nfinal_answer({answer!r})\n</code>", kind="llm",
                    parents=[read])  # fmt: skip
    rec.tool("final_answer", agent="analyst", args=answer, output=answer, parents=[last])
    return rec.finalize(final_output=answer)


@pytest.mark.parametrize(
    ("right", "page", "answer", "said"),
    [
        ("1486", "reached 1,486 m", "1,486", "is '1486' written another way"),
        ("38.4", "| 1 | 00:38,4 |", "38,4", "is '38.4' written another way"),
        ("2024-07-24", "on 24/07/2024", "24/07/2024", "is the date '2024-07-24'"),
        ("1:08:42.7", "| 1 | 68:42.7 |", "68:42.7", "is the duration '1:08:42.7'"),
        ("1486", "reached 1,468 m", "1,468", None),  # another figure
        ("1:08:42.7", "| 1 | 68:42.8 |", "68:42.8", None),  # another length
    ],
)
def test_the_right_value_in_another_form(
    right: str, page: str, answer: str, said: str | None
) -> None:
    found = written_otherwise(StepGraph(handed_on(page, answer)), literal(right), answer)
    assert (found is None) is (said is None)
    if found is not None and said is not None:
        assert said in found.reason
        assert found.step_index == 2  # the call that handed the form on chose it
