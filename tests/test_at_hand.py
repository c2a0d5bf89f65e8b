"""A step that had the right value at hand and output the wrong one."""

from __future__ import annotations

from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, Evaluation(score=0.0, message="failed"), StepGraph(trace))


def answered_past_a_failed_page(other: str, looked_on: bool = False, tool: str = "") -> Trace:
    """A code agent lists the parishes (another parish's `"cabinets": other` among them),
    then loops over two pages of a register: page 1 gives two ready cabinets, page 2
    answers 503; its next call reads the failure and answers 2 from page 1 (`looked_on`:
    it lists the parishes again first, and the call after that answers; `tool`: the
    failed call is of that other tool, no page of the listing)."""
    rec = TraceRecorder("t", input="How many rescue-ready defibrillators has Wexcombe?")
    listing = "<code>\nprint(fetch_json('/parishes'))\n</code>"
    ask = rec.step("analyst", "task", listing, kind="llm")
    parishes = f'[{{"code": "WXC", "cabinets": 9}}, {{"code": "ASH", "cabinets": {other}}}]'
    listed = rec.tool("fetch_json", agent="analyst", args="/parishes", output=parishes,
                      parents=[ask])  # fmt: skip
    loop = "<code>\nfor n in (1, 2):\n    items += fetch_json(f'/defibs?page={n}')\n</code>"
    looped = rec.step("analyst", parishes, loop, kind="llm", parents=[listed])
    ready = '{"items": [{"ready": true}, {"ready": true}]}'
    first = rec.tool("fetch_json", agent="analyst", args="/defibs?page=1", output=ready,
                     parents=[looped])  # fmt: skip
    second = rec.tool(tool or "fetch_json", agent="analyst", args="/defibs?page=2", output="",
                      error="RuntimeError: 503 Service Unavailable", parents=[looped])  # fmt: skip
    code = "<code>\nfinal_answer(str(len([i for i in items if i['ready']])))\n</code>"
    fed = [first, second]
    if looked_on:
        relisted = rec.step("analyst", "page 2 failed: 503", listing, kind="llm", parents=fed)
        fed = [rec.tool("fetch_json", agent="analyst", args="/parishes", output=parishes,
                        parents=[relisted])]  # fmt: skip
    last = rec.step("analyst", "page 2 failed: 503", code, kind="llm", parents=fed)
    answer = rec.tool("final_answer", agent="analyst", args="2", output="2", parents=[last])
    rec.step("analyst", "task", "2", parents=[ask, listed, looped, first, second, last, answer])
    return rec.finalize(final_output="2")


@pytest.mark.parametrize(
    ("right", "other", "looked_on", "reader"),
    [
        ("4", "4", False, True),
        ("9", "4", False, True),
        ("394", "394", False, False),  # three digits: no chance
        ("4", "4", True, False),  # the reader looked something else up: it answered nothing
    ],
)
@pytest.mark.parametrize("tool", ["", "opening_hours"])
def test_a_small_count_had_by_chance_comes_after_the_call_that_went_on_past_a_failure(
    right: str, other: str, looked_on: bool, reader: bool, tool: str
) -> None:
    """`"cabinets": 4` of another parish states no count of Wexcombe's ready ones: a figure
    of one or two digits is in most texts by chance. Before, the call that looped over the
    pages was blamed for having the right count and writing another, not the call that read
    page 2's 503 and answered from page 1."""
    trace = answered_past_a_failed_page(other, looked_on, tool)
    top = blame(trace, check("exact_match", value=right))[0]
    reader = reader and not tool  # a failure of another tool is no page of the listing
    assert ("read that step 4 (tool " in top.reason) is reader
    assert (top.step_index == 5) is reader


def test_an_error_read_past_is_not_looked_for_with_its_rule_off() -> None:
    from blame.engine.rules import switched_off

    with switched_off("error-went-on"):
        top = blame(answered_past_a_failed_page("4"), check("exact_match", value="4"))[0]
    assert "went on" not in top.reason


def decided_on(task: str, right: str, target: str, given: str = "") -> Trace:
    """A code agent reads a planning application's record, dates in ISO, keeps its target
    decision date for the date it was decided, then writes that date as the task asks
    (`given`: what the keeping call's recorded input holds, else the record)."""
    rec = TraceRecorder("t", input=task)
    ask = rec.step("analyst", task, "<code>\nrec = fetch_json('/application/88213')\n</code>",
                   kind="llm")  # fmt: skip
    record = f'{{"target_decision_date": "{target}", "decision": {{"decision_date": "{right}"}}}}'
    fetched = rec.tool("fetch_json", agent="analyst", args="/application/88213", output=record,
                       parents=[ask])  # fmt: skip
    given = given or record
    kept = rec.step("analyst", given, f"The council decided on {target}.\n<code>\n"
                    "decided = rec['target_decision_date']\n</code>", kind="llm",
                    parents=[fetched])  # fmt: skip
    written = "/".join(reversed(target.split("-")))
    code = "<code>\nfinal_answer(datetime.strptime(decided, '%Y-%m-%d').strftime('%d/%m/%Y'))"
    last = rec.step("analyst", f"{record}\nThe council decided on {target}.", f"{code}\n</code>",
                    kind="llm", parents=[kept])  # fmt: skip
    answer = rec.tool("final_answer", agent="analyst", args=written, output=written,
                      parents=[last])  # fmt: skip
    rec.step("analyst", task, written, parents=[ask, fetched, kept, last, answer])
    return rec.finalize(final_output=written)


@pytest.mark.parametrize(
    ("task", "right", "chose"),
    [
        ("On what date was it decided? Answer as DD/MM/YYYY.", "17/04/2025", True),
        ("On what date was it decided?", "17/04/2025", True),  # 17 is no month
        # 3 April or 4 March: which date the check names is not written
        ("On what date was it decided?", "03/04/2025", False),
    ],
)
def test_a_date_the_task_asks_in_figures_was_had_in_its_iso_form(
    task: str, right: str, chose: bool
) -> None:
    """`2025-04-17` in the API's record is the check's `17/04/2025`, as the task asks dates
    written. Before, the right date was never produced, and the call that wrote the final
    answer's code was blamed, not the call that kept the target decision date."""
    iso = "-".join(reversed(right.split("/")))
    top = blame(decided_on(task, iso, "2025-04-29"), check("exact_match", value=right))[0]
    assert top.step_index == 2  # it kept the target date: it chose
    said = f"had {right!r} (as {iso!r}) available but output the wrong value '29/04/2025' (as "
    assert (f"{said}'2025-04-29')" in top.reason) is chose


def test_a_date_had_only_from_the_step_before_is_quoted_as_that_step_wrote_it() -> None:
    """The keeping call's recorded input lacks the record; the tool call feeding it wrote
    the date `2025-04-17`, which its reason quotes."""
    task = "On what date was it decided? Answer as DD/MM/YYYY."
    trace = decided_on(task, "2025-04-17", "2025-04-29", given="Observation stored in rec.")
    top = blame(trace, check("exact_match", value="17/04/2025"))[0]
    assert "had '17/04/2025' (as '2025-04-17') available" in top.reason


def fetched_another_season(second: str, given: str = "") -> Trace:
    """A search agent fetches the task's 2026-27 term dates (provisional), then, having read
    them and `given`, fetches `second`'s and answers from them."""
    task = "On what date does the autumn term start in the 2026/27 school year? YYYY-MM-DD."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("searcher", f"{task}\n{given}", 'fetch({"year": "2026-27"})', kind="llm")
    first = rec.tool("fetch", agent="searcher", args="/term-dates?year=2026-27",
                     output="2026-27\nprovisional\nautumn 2026-09-03", parents=[ask])  # fmt: skip
    page = "2026-27\nprovisional\nautumn 2026-09-03"
    again = rec.step("searcher", f"{given}\n{page}", f'fetch({{"year": "{second}"}})',
                     kind="llm", parents=[first])  # fmt: skip
    other = f"{second}\nconfirmed\nautumn 2025-09-02"
    then = rec.tool("fetch", agent="searcher", args=f"/term-dates?year={second}", output=other,
                    parents=[again])  # fmt: skip
    rec.step("searcher", f"{page}\n{other}", "2025-09-02", kind="llm", parents=[then])
    return rec.finalize(final_output="2025-09-02")


@pytest.mark.parametrize(
    ("second", "given", "culprit", "said"),
    [
        # it had the task's season's date and fetched another season's: that choice turned it
        ("2025-26", "", 2, "for '2025-26' where the task asks about '2026/27'"),
        ("2025-26", "`year`: school year, e.g. `2025-26`", 2, "where the task asks about"),
        # the other season given as a fact: reading it was the answering call's choice
        ("2025-26", "The 2025-26 dates are confirmed.", 4, "had '2026-09-03' available"),
        # the task's own season asked again: the answering call chose
        ("2026-27", "", 4, "had '2026-09-03' available"),
    ],
    ids=["unprompted", "in-an-example", "given", "own-season"],
)
def test_a_call_that_had_the_right_value_and_looked_up_another_season(
    second: str, given: str, culprit: int, said: str
) -> None:
    """Before, the call that answered from the 2025-26 dates was blamed for choosing them,
    where the call that fetched them instead of the task's provisional ones turned the run."""
    top = blame(fetched_another_season(second, given), check("exact_match", value="2026-09-03"))
    assert (top[0].step_index, said in top[0].reason) == (culprit, True)
