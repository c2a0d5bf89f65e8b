"""Content there in another form (blame/engine/spellings.py): a date written out."""

from __future__ import annotations

import re
from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.rules import switched_off
from blame.engine.spellings import (
    as_clocked,
    as_dated,
    as_timed,
    clock_unit,
    in_figures,
    same_date,
    same_duration,
    swapped_date,
)
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect
from blame.testing import make_check, patches_for, run_check

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


@pytest.mark.parametrize(
    ("value", "text", "found"),
    [
        ("3:04", "took 3:04.", True),
        ("3:04", "took 3h 04m", True),
        ("3:04", "3 hours 4 minutes", True),
        ("3:04", "3 hrs. and 04 mins", True),
        ("3:04", "3 min 4 s", True),  # minutes and seconds: both are read
        ("3:04", "03:04", True),
        ("3:04", "13:04", False),  # part of a longer figure
        ("3:04", "3:045", False),
        ("3:04", "3:04:11", False),
        ("3:04", "3h 40m", False),
        ("3:04", "3:04pm", False),
        ("3:04", "at 3:04 p.m.", False),  # a time of day
        ("3:04", "at 3:04 AM", False),
        ("3:04", "3:04 mid-race", True),
        ("2:31.9", "2 mins 31.9 secs", True),
        ("2:31.9", "2:31.95", False),
        ("2:31.9", "2 h 31.9 m", False),  # a fraction of a second, not of a minute
        ("1:02:03", "1h 2m 3s", True),
        ("1:02:03", "1:02:03", True),
        ("2:04.5", "2 min 4.5 s", True),  # a part's leading zero, with a fraction
        ("2:04.5", "2 min 04.5 s", True),
        ("1:02:03.5", "1h 2m 3x5s", False),  # the fraction's point is a point
    ],
)
def test_a_duration_is_found_written_with_units(value: str, text: str, found: bool) -> None:
    pattern = as_timed(value)
    assert pattern is not None
    assert (re.search(pattern, text) is not None) is found


@pytest.mark.parametrize("value", ["3", "3:4", "3:60", "2024-05-01", "3h 04m", "", "a:bc"])
def test_only_a_clock_is_a_duration(value: str) -> None:
    assert as_timed(value) is None


@pytest.mark.parametrize(
    ("value", "unit", "text", "found"),
    [
        ("151.9", "seconds", "women 2:31.9 (2022)", True),
        ("163.4", "seconds", "2 min 43.4 s", True),
        ("184", "minutes", "took 3h 04m", True),
        ("3725", "seconds", "1:02:05", True),
        ("125.0", "seconds", "2:05", True),  # a zero fraction is no figure of its own
        ("151.9", "seconds", "2:31.8", False),
        ("184", "seconds", "3:04", True),
        ("151", "seconds", "2h 31m", False),  # seconds are read as minutes and seconds only
        ("184", "minutes", "3 min 4 s", False),  # minutes as hours and minutes only
        ("151.90", "seconds", "2:31.9", True),  # a fraction's trailing zero
    ],
)
def test_a_number_of_seconds_is_found_written_as_a_clock(
    value: str, unit: str, text: str, found: bool
) -> None:
    pattern = as_clocked(value, unit)
    assert pattern is not None
    assert (re.search(pattern, text) is not None) is found


@pytest.mark.parametrize(
    ("value", "unit"),
    [("59", "seconds"), ("-120", "seconds"), ("1.5e3", "seconds"), ("12345678", "seconds"),
     ("abc", "seconds"), ("151.9", "minutes")],
)  # fmt: skip
def test_a_number_under_a_minute_or_no_plain_number_is_no_clock(value: str, unit: str) -> None:
    assert as_clocked(value, unit) is None


@pytest.mark.parametrize(
    ("task", "unit"),
    [
        ("What is the record, in seconds?", "seconds"),
        ("How long did it take in total minutes?", "minutes"),
        ("How long was the peal? Answer as h:mm.", None),
        ("Give the time in seconds-per-km.", None),
    ],
)
def test_the_unit_a_task_asks_a_duration_in(task: str, unit: str | None) -> None:
    assert clock_unit(task) == unit


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


def peal_written_with_units() -> Trace:
    """The manager asks its searcher to check the Guild's records; a snippet lists the
    Guild's peals of 2024; the page writes each peal's time with units, and the searcher
    reports the wrong row's (`2h 58m`, for the records of 2024); the manager's code writes
    it as h:mm."""
    task = "How long did the first peal on the rehung bells of St Wendreda's take? As h:mm."
    rec = TraceRecorder("t", input=task)
    asked = "Find the first peal on the rehung bells. Check the Guild's peal records."
    handed = rec.step("manager", task, f'<code>\nr = searcher(task="{asked}")\n</code>',
                      kind="llm")  # fmt: skip
    search = rec.step("searcher", asked, 'web_search("first peal rehung bells")', kind="llm",
                      parents=[handed])  # fmt: skip
    hits = "Peal records 2024: peals rung in the Guild's towers in 2024, with method and time."
    found = rec.tool("web_search", agent="searcher", args="first peal rehung bells",
                     output=hits, parents=[search])  # fmt: skip
    visit = rec.step("searcher", hits, "visit_webpage('peals/2024')", kind="llm",
                     parents=[found])  # fmt: skip
    page = (
        "| 2024-04-06 | Grandsire Triples | 2h 58m | |\n"
        "| 2024-03-16 | Plain Bob Major | 3h 04m | First peal since the rehanging |"
    )
    read = rec.tool("visit_webpage", agent="searcher", args="peals/2024", output=page,
                    parents=[visit])  # fmt: skip
    said = (
        "The first peal on the rehung bells took 2h 58m. According to the Guild's peal "
        "records for 2024, it was Grandsire Triples."
    )
    answered = rec.step("searcher", page, said, kind="llm", parents=[read])
    code = '<code>\nm = re.search(r"(\\d+)h (\\d+)m", r)\nprint(f"{m[1]}:{m[2]}")\n</code>'
    code += "\nExecution logs:\n2:58"
    wrote = rec.step("manager", said, code, kind="llm", parents=[answered])
    rec.tool("final_answer", agent="manager", args="2:58", output="2:58", parents=[wrote])
    return rec.finalize(final_output="2:58")


def test_a_duration_the_page_wrote_with_units_was_there_to_read() -> None:
    """`3h 04m` is the `3:04` asked for: the searcher had it and reported `2h 58m`. Before,
    `3:04` was never produced, and then the Guild the manager named (read beside the
    report's `2024`) was said to have turned the run."""
    suspects = blame(peal_written_with_units(), check("exact_match", value="3:04"))
    assert (suspects[0].agent, suspects[0].step_index) == ("searcher", 5)
    assert "had '3:04' available but output the wrong value '2:58'" in suspects[0].reason
    assert all("answered about" not in s.reason for s in suspects)


@pytest.mark.parametrize(
    ("text", "same"),
    [
        ("24/07/2024", True),
        ("07/24/2024", True),  # the month first: the same date all the same
        ("24.7.2024", True),
        ("24 July 2024", True),  # written out
        ("July 24, 2024", True),
        ("2024-07-24", False),  # the asked form itself
        ("25/07/2024", False),  # another day
        ("24/07/2023", False),  # another year
        ("24/07/24", False),  # a two-digit year: which century is not written
        ("On 24/07/2024", False),  # not the whole text
        ("2024-07-24 00:00:00", True),  # with its midnight, as Python prints a datetime
        ("2024-07-24T00:00:00Z", True),
        ("2024-07-24 00:00", True),
        ("2024-07-24 09:30:00", False),  # a time of the day: more than the date
        ("2024-07-25 00:00:00", False),
    ],
)
def test_a_date_written_another_way_is_found_whole(text: str, same: bool) -> None:
    assert same_date("2024-07-24", text) is same


@pytest.mark.parametrize(
    ("iso", "text", "same"),
    [
        ("2024-03-04", "03/04/2024", False),  # 3 April or 4 March: not written
        ("2024-03-04", "4 March 2024", True),
        ("2024-03-03", "03/03/2024", True),  # either order, one date
    ],
)
def test_a_date_whose_day_and_month_could_swap_is_no_form_of_it(
    iso: str, text: str, same: bool
) -> None:
    assert same_date(iso, text) is same


def test_no_iso_date_is_written_another_way() -> None:
    assert not same_date("24 July 2024", "24/07/2024")
    assert not same_date("2024-02-30", "30/02/2024")


def dated(*, by_code: bool) -> Trace:
    """An API gives a walk's date as DD/MM/YYYY; the agent's last call hands it on as the
    final answer, where the task asks for YYYY-MM-DD. Or (`by_code`) the API gives the ISO
    date and a call's code formats it as DD/MM/YYYY, which the last call hands on."""
    task = "On what date was the walk with the highest count? Answer as YYYY-MM-DD."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("analyst", task, "<code>\nd = fetch_json('/walks')\n</code>", kind="llm")
    given = "2024-07-24" if by_code else "24/07/2024"
    api = rec.tool("fetch_json", agent="analyst", args="/walks", parents=[ask],
                   output=f'{{"walk_date": "{given}", "count": 63}}')  # fmt: skip
    last = rec.step("analyst", given, "<code>\nbest = d['walk_date']\n</code>", kind="llm",
                    parents=[api])  # fmt: skip
    if by_code:
        code = "<code>\nout = date(2024, 7, 24).strftime('%d/%m/%Y')\nprint(out)\n</code>"
        last = rec.step("analyst", given, f"{code}\nExecution logs:\n24/07/2024", kind="llm",
                        parents=[last])  # fmt: skip
    answer = rec.step("analyst", "24/07/2024", "<code>\nfinal_answer(out)\n</code>",
                      kind="llm", parents=[last])  # fmt: skip
    rec.tool("final_answer", agent="analyst", args="24/07/2024", output="24/07/2024",
             parents=[answer])  # fmt: skip
    return rec.finalize(final_output="24/07/2024")


@pytest.mark.parametrize(
    ("by_code", "culprit", "how"),
    [
        # the API's form, handed on unconverted: the call that wrote the final output
        (False, 3, "step 1 (tool fetch_json, called by analyst) gave it in that form"),
        # a call's code wrote the date so: that call chose the form
        (True, 3, "step 3 (analyst) first wrote it in that form"),
    ],
)
def test_a_date_written_another_way_is_the_form_chosen_by_who_wrote_it_so(
    by_code: bool, culprit: int, how: str
) -> None:
    """Before, the date's other form was no right value written another way: the API that
    first gave it, or the call that asked for it, was blamed."""
    top = blame(dated(by_code=by_code), check("exact_match", value="2024-07-24"))[0]
    assert top.step_index == culprit
    assert top.reason.startswith(
        "the final output '24/07/2024' is the date '2024-07-24' written another way; "
    )
    assert how in top.reason


def test_the_patch_for_a_date_written_another_way_asks_for_the_tasks_form() -> None:
    patches = patches_for(make_check("exact_match", value="2024-07-24"), dated(by_code=False))
    assert [(p.target, p.instructions) for p in patches] == [
        (
            "analyst",
            (
                'Write dates in the form the task asks for, as in "2024-07-24"; convert a date '
                "a source writes another way before you give it.",
            ),
        )
    ]


def timed_as_a_clock(plan: str) -> Trace:
    """The manager plans, a page gives the winning run's course time as `13:42`, and the
    manager answers with it where the task asks for seconds."""
    task = "What was the course time of the winning run? Give the time in seconds, as a number."
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", task, plan, kind="llm")
    asks = rec.step("manager", plan, "<code>\nprint(visit_webpage('trials/2023'))\n</code>",
                    kind="llm", parents=[planned])  # fmt: skip
    page = "Winner: Fiona Kerr with Nell, 98 points, course time 13:42."
    got = rec.tool("visit_webpage", agent="manager", args="trials/2023", output=page,
                   parents=[asks])  # fmt: skip
    answer = rec.step("manager", page, "<code>\nfinal_answer('13:42')\n</code>", kind="llm",
                      parents=[got])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="13:42", output="13:42", parents=[answer])
    return rec.finalize(final_output="13:42")


@pytest.mark.parametrize(
    ("plan", "culprit", "how"),
    [
        # the plan asked for the clock's form: it chose
        (
            "## Plan\n1. Read the results.\n2. Return the time in minutes and seconds (m:ss).",
            0,
            "step 0 (manager) asked for 'minutes and seconds'",
        ),
        # no call asked for it: the call that wrote the final output handed the page's on
        ("## Plan\n1. Read the results.\n2. Return the time.", 3, "step 3 (manager) wrote"),
        # a form written in code is no plan's asking
        ("<code>\nform = 'm:ss'\n</code>", 3, "step 3 (manager) wrote"),
        # a line that rules the form out, or tells what a page gives, asks for none
        ("## Plan\n1. Do not return minutes and seconds (m:ss).", 3, "step 3 (manager) wrote"),
        ("Times on the page are mm:ss.", 3, "step 3 (manager) wrote"),
    ],
)
def test_a_duration_written_as_a_clock_is_the_form_chosen_by_who_asked_for_it(
    plan: str, culprit: int, how: str
) -> None:
    """Before, the clock was no right value written another way: the page's time, first
    found on it, was blamed on the call that opened the page."""
    top = blame(timed_as_a_clock(plan), check("exact_match", value="822"))[0]
    assert top.step_index == culprit
    assert top.reason.startswith("the final output '13:42' is '822' written as a clock; ")
    assert how in top.reason


def test_the_patch_for_a_duration_written_as_a_clock_asks_for_the_unit() -> None:
    plan = "## Plan\n1. Read the results.\n2. Return the time in minutes and seconds (m:ss)."
    patches = patches_for(make_check("exact_match", value="822"), timed_as_a_clock(plan))
    assert [(p.target, p.instructions) for p in patches] == [
        (
            "manager",
            (
                "Give a duration in the unit the task asks for, as a plain number: convert "
                '"13:42" to it, as in "822".',
            ),
        )
    ]


@pytest.mark.parametrize(
    ("text", "right", "wrong", "found"),
    [
        ("R24-031 04/06/2024 4 lb 11 oz", "2024-06-04", "2024-04-06", "04/06/2024"),
        ("R24-031 04/06/2024 4 lb 11 oz", "2024-04-06", "2024-06-04", "04/06/2024"),
        ("caught 6.4.2024", "2024-06-04", "2024-04-06", "6.4.2024"),
        ("caught 04/06/2023", "2024-06-04", "2024-04-06", None),  # another year
        ("caught 04/06/2024", "2024-06-04", "2024-06-05", None),  # no swap
        ("caught 06/06/2024", "2024-06-06", "2024-06-06", None),  # day and month alike
        ("caught 04/06-2024", "2024-06-04", "2024-04-06", None),  # two separators: no date
        ("id 104/06/2024", "2024-06-04", "2024-04-06", None),  # inside a longer figure
        ("caught 04/06/2024", "4 June 2024", "2024-04-06", None),  # no ISO date
        ("A 04/06/2024, B 06/04/2024", "2024-06-04", "2024-04-06", None),  # both: two dates
    ],
)
def test_a_date_in_figures_read_with_day_and_month_swapped(
    text: str, right: str, wrong: str, found: str | None
) -> None:
    assert swapped_date(text, right, wrong) == found


def misread_date(printed: str) -> Trace:
    """An API lists catch returns with dates as DD/MM/YYYY (and each return's ISO time of
    entry); the agent's code prints the heaviest, and its next call writes the date as ISO
    with day and month swapped; the last call hands it on."""
    task = "On what date was the heaviest trout caught? Answer as YYYY-MM-DD."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("analyst", task, "<code>\nd = fetch_json('/returns')\n</code>", kind="llm")
    rows = '[{"date": "04/06/2024", "entered": "2024-06-04T19:40:00Z", "weight_g": 2126}]'
    api = rec.tool("fetch_json", agent="analyst", args="/returns", output=rows, parents=[ask])
    code = "<code>\nbest = max(d, key=weight)\nprint(best['date'])\n</code>"
    listed = rec.step("analyst", rows, f"{code}\nExecution logs:\n{printed}", kind="llm",
                      parents=[api])  # fmt: skip
    said = "Thought: caught 04/06/2024, i.e. 6 April.\n<code>\nday = '2024-04-06'\n</code>"
    wrote = rec.step("analyst", printed, said, kind="llm", parents=[listed])
    answer = rec.step("analyst", said, "<code>\nfinal_answer(day)\n</code>", kind="llm",
                      parents=[wrote])  # fmt: skip
    rec.tool("final_answer", agent="analyst", args="2024-04-06", output="2024-04-06",
             parents=[answer])  # fmt: skip
    return rec.finalize(final_output="2024-04-06")


def test_the_call_that_read_a_date_with_day_and_month_swapped() -> None:
    """Before, the call that last held the ISO time of entry, which has the right date, was
    blamed for dropping it, and the one that swapped day and month came later."""
    top = blame(misread_date("04/06/2024"), check("exact_match", value="2024-06-04"))[0]
    assert (top.agent, top.step_index) == ("analyst", 3)
    assert top.reason == (
        "step 3 (analyst) read '04/06/2024' as '2024-04-06', day and month swapped: it is "
        "'2024-06-04'"
    )


def test_a_call_not_given_the_date_in_figures_read_nothing_swapped() -> None:
    top = blame(misread_date("2126"), check("exact_match", value="2024-06-04"))[0]
    assert "swapped" not in top.reason


def test_a_swapped_date_is_not_read_with_its_rule_off() -> None:
    with switched_off("day-month-swapped"):
        top = blame(misread_date("04/06/2024"), check("exact_match", value="2024-06-04"))[0]
    assert "swapped" not in top.reason


def test_the_patch_for_a_swapped_date_says_which_date_was_read_the_other_way() -> None:
    patches = patches_for(make_check("exact_match", value="2024-06-04"), misread_date("04/06/2024"))
    assert [(p.target, p.instructions) for p in patches] == [
        (
            "analyst",
            (
                "Before you rewrite a date in figures, check which number is the day by the "
                "format its source states (DD/MM/YYYY or MM/DD/YYYY): you read '04/06/2024' "
                "the other way round.",
            ),
        )
    ]


def code_run(task: str, looked_up: tuple[str, str, str], said: list[str], final: str) -> Trace:
    """A code agent's run: a call asks a tool (`looked_up`: its name, arguments and output),
    each of `said` is a next call's output, each having read all before it, and the last
    hands `final` to final_answer."""
    tool, args, output = looked_up
    rec = TraceRecorder("t", input=task)
    ask = rec.step("A", task, f"<code>\nr = {tool}({args!r})\n</code>", kind="llm")
    parent = rec.tool(tool, agent="A", args=args, output=output, parents=[ask])
    seen, made = f"{task}\n{output}", [ask, parent]
    for output_of_call in said:
        parent = rec.step("A", seen, output_of_call, kind="llm", parents=[parent])
        made.append(parent)
        seen += f"\n{output_of_call}"
    done = rec.tool("final_answer", agent="A", args=final, output=final, parents=[parent])
    rec.step("A", task, final, parents=[*made, done])
    return rec.finalize()


def handed_a_list(printed: str) -> Trace:
    """A code agent ranks a results table in code, then its next call hands the podium on
    to final_answer as it is; the final output is `printed`."""
    task = "Who came first, second and third? Give the surnames as Smith, Jones, Brown."
    table = "| Competitor | Stalks |\n| Ives | 48 ft |\n| Hart | 62 ft |\n| Bloom | 55 ft |"
    ranked = ("<code>\ntop3 = [r[0] for r in ranked[:3]]\nprint(top3)\n</code>\n"
              "Execution logs:\n['Hart', 'Bloom', 'Ives']")  # fmt: skip
    handed = "The podium is Hart, Bloom and Ives.\n<code>\nfinal_answer(top3)\n</code>"
    return code_run(task, ("visit_webpage", "nettles/2024", table), [ranked, handed], printed)


@pytest.mark.parametrize(
    ("printed", "handed"),
    [
        ("['Hart', 'Bloom', 'Ives']", True),
        ('["Hart", "Bloom", "Ives"]', True),
        # other items, or in another order: a wrong answer, not a form
        ("['Hart', 'Ives', 'Bloom']", False),
        ("['Hart', 'Bloom']", False),
        # not a list of quoted items alone
        ("['Hart', 'Bloom', 'Ives', 3]", False),
        # the words asked for with other marks: a form; in another order: another answer
        ("Hart; Bloom; Ives", True),
        ("Hart, Ives, Bloom", False),
    ],
)
def test_a_list_handed_on_where_text_was_asked_for(printed: str, handed: bool) -> None:
    """Before, the call whose code computed the list was blamed for a wrong value."""
    top = run_check(make_check("exact_match", value="Hart, Bloom, Ives"), handed_a_list(printed))
    assert ("handed it on as the final answer so" in top.blame[0].reason) is handed
    assert not handed or top.blame[0].step_index == 3


@pytest.mark.parametrize(
    ("handed", "form"),
    [
        ("Margaret Ellery", True),  # the name the other way round at the task's comma
        ("Ellery Margaret", True),
        ("Margaret Ellery-Pugh", False),
        ("Hywel Pugh", False),
    ],
)
def test_a_name_handed_on_in_another_order_is_a_form(handed: str, form: bool) -> None:
    """Before, the call that read the name off the report was blamed for a wrong value."""
    task = "Who judged Best in Show? Answer as 'Surname, Forename'."
    report = "Best in Show was judged by Margaret Ellery."
    handing = f"<code>\nfinal_answer({handed!r})\n</code>"
    trace = code_run(task, ("search", "judge", report), [handing], handed)
    top = run_check(make_check("exact_match", value="Ellery, Margaret"), trace)
    assert ("in another form" in top.blame[0].reason) is form


def test_a_form_code_wrote_first_was_chosen_by_that_call() -> None:
    """The code that joined module and function with a colon chose the form; the call that
    then returned the variable only handed it on."""
    task = "Which function computes the bisques? Answer as a dotted path, package.module.name."
    report = "bisques_given is defined in src/hoopstats/handicap.py."
    joined = "hoopstats.handicap:bisques_given"
    join = (f'<code>\nresult = f"{{module}}:bisques_given"\nprint(result)\n</code>\n'
            f"Execution logs:\n{joined}")  # fmt: skip
    hand = "<code>\nfinal_answer(result)\n</code>"
    trace = code_run(task, ("search_code", "bisques", report), [join, hand], joined)
    check = make_check("exact_match", value="hoopstats.handicap.bisques_given")
    top = run_check(check, trace)
    assert top.blame[0].step_index == 2
    assert "first wrote it in that form" in top.blame[0].reason


@pytest.mark.parametrize(
    ("right", "handed"),
    [
        ("1.234", "1,234"),  # figures: another number, read as thousands
        ("2024-05-02", "2024/05/02"),  # a date's figures: the date rules read it
        ("Hart, Bloom", "Bloom, Hart"),  # two names swapped round a comma: another answer
    ],
)
def test_figures_and_a_list_swapped_are_no_form_of_the_words(right: str, handed: str) -> None:
    task = "Answer with the value only."
    trace = code_run(task, ("search", "it", f"The value: {handed}."), [
        f"<code>\nfinal_answer({handed!r})\n</code>"], handed)  # fmt: skip
    top = run_check(make_check("exact_match", value=right), trace)
    assert all("in another form" not in s.reason for s in top.blame)


@pytest.mark.parametrize(
    ("value", "text", "same"),
    [
        ("1:08:42.7", "68:42.7", True),  # minutes past the hour, as a results table writes
        ("68:42.7", "1:08:42.7", True),
        ("1:08:42", "68:42", True),  # minutes past the hour
        ("1:08:42.70", "1:08:42.7", True),  # the same clock, padded otherwise
        ("2:30", "150:00", False),  # two parts each: an hour too many as well as the same
        ("1:08", "68:00", False),
        ("0:45:00", "45:00", False),  # under an hour, no minutes past the hour
        ("1:08:42.7", "1:08:42.7", False),  # the same text: no other form
        ("1:08:42.7", "68:42.8", False),  # another length
        ("1:08:42.7", "4122.7", False),  # seconds are `written_as_clock`'s
        ("1:08:42.7", "about 68:42.7", False),  # not whole
        ("1:08:42.7", "2024-09-22", False),
    ],
)
def test_a_duration_written_as_another_clock_is_the_same_length(
    value: str, text: str, same: bool
) -> None:
    assert same_duration(value, text) is same


def formatted_without_hours(formatted: bool) -> Trace:
    """A results table gives a rider's total as minutes past the hour (`68:42.7`); a code
    agent adds the stage times up and, if `formatted`, writes the sum as m:ss.s itself, then
    hands the variable on."""
    task = "What was the winner's total time? Give it as h:mm:ss.s."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("researcher", task, "<code>\nprint(visit_webpage('results'))\n</code>",
                   kind="llm")  # fmt: skip
    page = rec.tool("visit_webpage", agent="researcher", args="results", parents=[ask],
                    output="| 1 | Freya Lindgren | 9:48.3 | 58:54.4 | 68:42.7 |")  # fmt: skip
    made = 'f"{int(secs // 60)}:{secs % 60:04.1f}"' if formatted else '"68:42.7"'
    code = f"<code>\nsecs = 4122.7\ntotal = {made}\n</code>"
    added = rec.step("researcher", "68:42.7", code, kind="llm", parents=[page])
    last = rec.step("researcher", "total", "<code>\nfinal_answer(total)\n</code>", kind="llm",
                    parents=[added])  # fmt: skip
    answer = rec.tool("final_answer", agent="researcher", args="68:42.7", output="68:42.7",
                      parents=[last])  # fmt: skip
    rec.step("researcher", task, "68:42.7", parents=[ask, page, added, last, answer])  # the run
    return rec.finalize(final_output="68:42.7")


@pytest.mark.parametrize(("formatted", "culprit"), [(True, 2), (False, 3)])
def test_a_duration_written_as_another_clock_is_the_form_its_code_chose(
    formatted: bool, culprit: int
) -> None:
    """Before, `68:42.7` was no form of `1:08:42.7`: its `68` was read as a wrong part, and
    the call that opened the results table was blamed. The call whose code formatted the
    variable handed on chose the form; without such code, the call that handed it on."""
    top = blame(formatted_without_hours(formatted), check("exact_match", value="1:08:42.7"))[0]
    assert top.step_index == culprit
    assert top.reason.startswith(
        "the final output '68:42.7' is the duration '1:08:42.7' written another way; "
    )


def test_the_patch_for_a_duration_written_as_another_clock_asks_for_the_tasks_form() -> None:
    patches = patches_for(
        make_check("exact_match", value="1:08:42.7"), formatted_without_hours(True)
    )
    assert [(p.target, p.instructions) for p in patches] == [
        (
            "researcher",
            (
                'Write a duration in the clock form the task asks for, as in "1:08:42.7"; '
                "convert a time a source writes in another form (minutes past the hour, or "
                "hours and minutes) before you give it.",
            ),
        )
    ]


@pytest.mark.parametrize(
    ("value", "task", "iso"),
    [
        ("17/04/2025", "Answer as DD/MM/YYYY.", "2025-04-17"),
        ("17.04.2025", "Give it as dd.mm.yyyy", "2025-04-17"),
        ("04/17/2025", "Answer as MM/DD/YYYY.", "2025-04-17"),
        ("03/04/2025", "Answer as DD/MM/YYYY.", "2025-04-03"),
        ("03/04/2025", "Answer as MM/DD/YYYY.", "2025-03-04"),
        ("17/04/2025", "On what date?", "2025-04-17"),  # 17 is no month
        ("03/04/2025", "On what date?", None),  # 3 April or 4 March: not written
        ("17/04/2025", "Answer as MM/DD/YYYY.", None),  # no seventeenth month
        ("31/02/2025", "Answer as DD/MM/YYYY.", None),  # no such day
        ("2025-04-17", "Answer as DD/MM/YYYY.", None),  # ISO already
        ("17/04/2025 or so", "Answer as DD/MM/YYYY.", None),
        ("17/04-2025", "Answer as DD/MM/YYYY.", None),  # two separators: no one date
        ("17-04-2025", "Answer as DD-MM-YYYY.", "2025-04-17"),
        # a task naming both orders asks neither: the value alone decides
        ("04/03/2025", "The register writes DD/MM/YYYY. Answer as MM/DD/YYYY.", None),
        ("17/04/2025", "The register writes DD/MM/YYYY. Answer as MM/DD/YYYY.", "2025-04-17"),
    ],
)
def test_a_date_in_figures_is_an_iso_date_where_its_order_is_known(
    value: str, task: str, iso: str | None
) -> None:
    assert in_figures(value, task) == iso
