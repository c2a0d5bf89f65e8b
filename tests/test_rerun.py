from collections.abc import Iterator
from dataclasses import replace
from typing import Any, ClassVar

import pytest

from blame.model import Step, Trace
from blame.recorder import TraceRecorder
from blame.rerun import Edit, Override, active, confirming, edited, overriding, session


@pytest.mark.parametrize(
    ("text", "edit", "out"),
    [
        ("total=4", Edit("add", "ref=7"), "total=4\nref=7"),
        ("", Edit("add", "ref=7"), "ref=7"),
        ("REF=7 total", Edit("add", "ref=7"), "ref=7 total"),  # recased in place
        ("ref=7 total", Edit("add", "ref=7"), "ref=7 total"),  # already there
        ("a DRAFT b DRAFT", Edit("remove", "DRAFT"), "a  b "),
        ("a draft b DRAFT", Edit("remove", "DRAFT"), "a draft b "),
        ("a draft b DRAFT", Edit("remove", "DRAFT", case_sensitive=False), "a  b "),
        ("booked!", Edit("replace", "book failed"), "book failed"),
    ],
)
def test_an_edit_applied_to_text(text: str, edit: Edit, out: str) -> None:
    assert edited(text, edit) == out


def test_plans_and_sessions_hold_only_inside_their_block() -> None:
    trace = Trace(test_name="t")
    assert active() is None and session() is None
    with confirming() as kept, overriding(trace, Override(0, "x")) as plan:
        assert session() is kept and kept.kept is None
        assert active() is plan and plan.recorded(0) is None
        assert (plan.tally.applied, plan.tally.diverged, plan.tally.rerun) == (False, None, 0)
    assert active() is None and session() is None


class _Counted(tuple):  # type: ignore[type-arg]
    """A recording's steps that count how often a step is looked at."""

    __slots__ = ()
    looked: ClassVar[list[int]] = [0]

    def __iter__(self) -> Iterator[Step]:
        for step in super().__iter__():
            self.looked[0] += 1
            yield step

    def __getitem__(self, index: Any) -> Any:
        self.looked[0] += 1
        return super().__getitem__(index)


def test_serving_a_rerun_looks_at_each_recorded_step_a_bounded_number_of_times() -> None:
    steps = 400
    rec = TraceRecorder(input="q")
    for i in range(steps):  # four agents taking turns, each turn's input its own
        rec.run_step(f"A{i % 4}", lambda text: text + ".", f"turn {i}")
    recording = rec.finalize()
    counted = replace(recording, steps=_Counted(recording.steps))
    _Counted.looked[0] = 0
    with overriding(counted, Override(steps - 1, "done")) as plan:
        again = TraceRecorder(input="q")
        for i in range(steps):
            again.run_step(f"A{i % 4}", lambda text: text + ".", f"turn {i}")
    assert plan.tally.applied and plan.tally.diverged is None
    assert again.finalize().final_output == "done"
    assert _Counted.looked[0] <= 2 * steps  # was once per recorded step per call: 160,000
