"""Content there in another form (blame/engine/spellings.py): a date written out."""

from __future__ import annotations

import re
from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.spellings import as_dated
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

FAILED = Evaluation(score=0.0, message="failed")


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, FAILED, StepGraph(trace))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("launched on 2015-06-23.", True),
        ("on 23 June 2015", True),
        ("on 23rd of June, 2015", True),
        ("June 23, 2015", True),
        ("JUNE 23 2015", True),
        ("Jun. 23 2015", True),
        ("23 Jun 2015", True),
        ("on 13 June 2015", False),  # another day
        ("June 2, 2015", False),
        ("on 23 July 2015", False),
        ("2015-06-230", False),  # part of a longer figure
        ("12015-06-23", False),
        ("06/23/2015", False),  # which is the day is not written
    ],
)
def test_an_iso_date_is_found_written_out(text: str, found: bool) -> None:
    pattern = as_dated("2015-06-23")
    assert pattern is not None
    assert (re.search(pattern, text) is not None) is found


def test_a_year_before_1000_is_written_with_its_four_digits() -> None:
    pattern = as_dated("0999-06-23")
    assert pattern is not None and re.search(pattern, "on 0999-06-23")


@pytest.mark.parametrize(
    "value", ["2015-02-30", "2015-6-23", "23 June 2015", "20150623", "", "\uff12015-06-23"]
)
def test_only_a_valid_iso_date_has_written_out_forms(value: str) -> None:
    assert as_dated(value) is None


def test_may_is_a_month_of_three_letters() -> None:
    pattern = as_dated("2019-05-04")
    assert pattern is not None
    assert re.search(pattern, "4 May 2019") and re.search(pattern, "May 4th, 2019")


def from_memory(plan: str) -> Trace:
    """A plan states the launch date from memory; the next call's code formats it as asked."""
    rec = TraceRecorder("t", input="On what date was Tessel-3 launched? Answer as YYYY-MM-DD.")
    planned = rec.step("Manager", "On what date was Tessel-3 launched?", plan, kind="llm")
    code = (
        "<code>\nfrom datetime import date\nprint(date(2015, 6, 23).isoformat())\n</code>\n"
        "Execution logs:\n2015-06-23"
    )
    ran = rec.step("Manager", plan, code, kind="llm", parents=[planned])
    rec.step("Manager", code, "final_answer('2015-06-23')", kind="llm", parents=[ran])
    return rec.finalize(final_output="2015-06-23")


def test_a_date_first_written_out_is_where_the_wrong_date_came_from() -> None:
    """Before, the code that formatted it was blamed: `2015-06-23` first appeared there."""
    trace = from_memory("Facts: Tessel-3 went up on 23 June 2015. Plan: format it.")
    top = blame(trace, check("exact_match", value="2016-03-07"))[0]
    assert (top.agent, top.step_index) == ("Manager", 0)
    assert (
        "step 0 (Manager) first output the wrong value '2015-06-23' as '23 June 2015'" in top.reason
    )


def test_a_plan_without_the_date_leaves_it_with_the_code() -> None:
    top = blame(
        from_memory("Plan: format the launch date."), check("exact_match", value="2016-03-07")
    )[0]
    assert top.step_index == 1
