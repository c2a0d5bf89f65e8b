import pytest

from blame.model import Trace
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
