"""Which period a lookup answered for (blame/engine/periods.py)."""

from __future__ import annotations

from datetime import date

import pytest

from blame import TraceRecorder
from blame.engine.periods import stated_dates
from blame.engine.rules import switched_off
from blame.model import Trace
from blame.testing import make_check, run_check


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("in the week beginning Monday 31 March 2025?", [date(2025, 3, 31)]),
        ("on the 1st of June, 2024", [date(2024, 6, 1)]),
        ("on March 31, 2025 and on 2025-04-02", [date(2025, 3, 31), date(2025, 4, 2)]),
        ("on 31 February 2025", []),  # no such day
        ("in March 2025", []),  # a month names no day
        ("booked 2025-03-24T09:30", [date(2025, 3, 24)]),
    ],
)
def test_the_dates_a_text_states(text: str, dates: list[date]) -> None:
    assert stated_dates(text) == dates


TASK = (
    "For how many hours in total was the Main Hall booked in the week beginning Monday "
    "31 March 2025? Number only."
)


def bookings(listing: str, task: str = TASK) -> Trace:
    """A code agent works out an ISO week with `%U` (a week early), fetches that week's
    bookings (`listing`) and adds up their hours."""
    rec = TraceRecorder("t", input=task)
    week = rec.step("A", task, '<code>\nweek = date(2025, 3, 31).strftime("%Y-W%U")\n'
                    'print(fetch_json(f"/bookings?week={week}"))\n</code>', kind="llm")  # fmt: skip
    got = rec.tool("fetch_json", agent="A", args="/bookings?week=2025-W13", output=listing,
                   parents=[week])  # fmt: skip
    add = rec.step("A", f"{task}\n{listing}", "<code>\ntotal = sum(hours(b) for b in d)\n"
                   "print(total)\n</code>\nExecution logs:\n13", kind="llm",
                   parents=[got])  # fmt: skip
    hand = rec.step("A", f"{task}\n13", "<code>\nfinal_answer(total)\n</code>", kind="llm",
                    parents=[add])  # fmt: skip
    done = rec.tool("final_answer", agent="A", args="13", output="13", parents=[hand])
    rec.step("A", task, "13", parents=[week, got, add, hand, done])
    return rec.finalize()


WEEK_13 = (
    '{"week": "2025-W13", "from": "2025-03-24", "to": "2025-03-30", "bookings": '
    '[{"start": "2025-03-24T09:30", "hours": 1.5}, {"start": "2025-03-28T19:00", "hours": 3}]}'
)


@pytest.mark.parametrize(
    ("listing", "blamed", "task"),
    [
        # the week before the task's: the call that chose the week looked up another period
        (WEEK_13, True, TASK),
        # a listing round the task's day answered for its period
        (WEEK_13.replace("2025-03-30", "2025-04-06"), False, TASK),
        # the task's day stated in the listing, written out: the period was the task's
        (
            WEEK_13.replace('"bookings"', '"note": "from Monday 31 March 2025", "bookings"'),
            False,
            TASK,
        ),
        # the task's own week, booked from its Tuesday: within a week after the day
        (
            '{"bookings": [{"start": "2025-04-01T09:30"}, {"start": "2025-04-04T19:00"}]}',
            False,
            TASK,
        ),
        # a date in an example of the answer's form names no day asked about
        (
            WEEK_13,
            False,
            "How many hours was the hall booked? Dates as YYYY-MM-DD, e.g. 2025-04-07.",
        ),
    ],
    ids=["week-before", "spans-the-day", "states-the-day", "its-own-week", "example-date"],
)
def test_a_lookup_that_listed_another_period(listing: str, blamed: bool, task: str) -> None:
    """Before, the call that handed on the sum was blamed as if it had written it."""
    top = run_check(make_check("exact_match", value="20"), bookings(listing, task))
    assert ("a period without the task's" in top.blame[0].reason) is blamed
    assert not blamed or top.blame[0].step_index == 0


def test_another_period_is_not_read_with_its_rule_off() -> None:
    with switched_off("period-argument"):
        top = run_check(make_check("exact_match", value="20"), bookings(WEEK_13))
    assert all("a period without" not in s.reason for s in top.blame)
