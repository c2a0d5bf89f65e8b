"""Goal deviation (blame/engine/drift.py): what a call asked for, without what it ruled out."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.drift import _answering, _asking, asked_for
from blame.engine.figures import words
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("wanted: its main span, not its total length", {"wanted", "main", "span"}),
        ("the area, never the population.", {"area"}),
        ("Use the census rather than the estimate; it is older", {"census", "older"}),
        ("Find the founding year instead of the first concert", {"find", "founding", "year"}),
        ("Find the population without the suburbs", {"find", "population"}),
        ("Nothing ruled out here", {"nothing", "ruled", "here"}),
        ("NOT the metro area: the city", {"city"}),
    ],
)
def test_a_negation_rules_out_the_rest_of_its_clause(text: str, asked: set[str]) -> None:
    assert words(asked_for(text)) == asked


def misread_previous_year() -> Trace:
    """A code agent asks for the whole record, then takes last year's total, listed under the
    same words the task asks with, for this year's. Its tool's output is recorded as bare
    values; the call that read it saw the JSON, labels and all."""
    rec = TraceRecorder("t", input="How many passengers in total did Varn Airport handle in 2023?")
    ask = rec.step(
        "analyst", "task", "Print the whole record.\nprint(fetch_json('/VRH/2023'))", kind="llm"
    )
    page = rec.tool(
        "fetch_json",
        agent="analyst",
        args="/VRH/2023",
        output="2023\n4812336\n2022\n4681220",
        parents=[ask],
    )
    shown = (
        'Print the whole record.\nObservation:\n{"year": 2023, "passengers_total": 4812336,\n'
        ' "previous_year": {"year": 2022, "passengers_total": 4681220}}'
    )
    misread = rec.step(
        "analyst",
        shown,
        "The record gives 4,681,220 passengers in total.\nfinal_answer(str(4681220))",
        kind="llm",
        parents=[page],
    )
    rec.tool("final_answer", agent="analyst", args="4681220", output="4681220", parents=[misread])
    return rec.finalize()


def test_a_value_read_under_the_words_the_task_asks_with_is_misread_not_asked_otherwise() -> None:
    trace = misread_previous_year()
    check = Check(type="exact_match", name="exact_match", params={"value": "4812336"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert suspects[0].step_index == 2
    assert "had '4812336' available" in suspects[0].reason
    assert all("answered about" not in s.reason for s in suspects)


@pytest.mark.parametrize(
    ("output", "asked"),
    [
        # a code agent's names are no question; the task it hands an agent is
        (
            '<code>\nreport = search_agent(task="Find the current population")\n</code>',
            {"find", "current", "population"},
        ),
        # a tool call's arguments ask a tool, not the run, about something
        ('Looking.\nweb_search({"query": "final round results"})', {"looking"}),
        ("Plan: take the latest census.", {"plan", "take", "latest", "census"}),
        # what the code printed is no question either
        ("<code>\nprint(total)\n</code>\nExecution logs:\nrecord found", set()),
    ],
)
def test_what_a_calls_output_asks_in_words(output: str, asked: set[str]) -> None:
    assert words(_asking(output)) == asked


def manager_misread(task: str, asked: str, said: str, *, report: str, wrote: str) -> Trace:
    """A manager hands the search to a sub-agent (`asked`: its first call's prose, then the
    code that keeps what it returns in `report`); the sub-agent's `report` gives two values
    and the manager writes the wrong one, `wrote` (`said`: the call that chose it)."""
    rec = TraceRecorder("t", input=task)
    code = '<code>\nreport = search_agent(task="Find it.")\n</code>'
    ask = rec.step("manager", "task", f"{asked}{code}", kind="llm")
    sub = rec.step("search_agent", "Find it.", report, kind="llm", parents=[ask])
    chose = rec.step("manager", f"{code}\n{report}", said, kind="llm", parents=[sub])
    last = rec.step("manager", f"{report}\n{said}", "<code>\nfinal_answer(str(figure))\n</code>",
                    kind="llm", parents=[chose])  # fmt: skip
    rec.tool("final_answer", agent="manager", args=wrote, output=wrote, parents=[last])
    return rec.finalize(final_output=wrote)


def misread_a_report(said: str) -> Trace:
    """The report gives the hut's altitude beside the summit's; the manager writes the
    summit's."""
    return manager_misread(
        "At what altitude does the Vardeck Hut stand? Number only.",
        "",
        said,
        report="The hut stands at 2,731 m below the summit (2,964 m).",
        wrote="2964",
    )


def test_a_name_in_code_asks_no_other_question() -> None:
    """Before, the first call was blamed for `report`, its variable's name, as if the run had
    answered about a report instead of the hut."""
    said = "The report quotes both; the hut's is 2,964 m.\n<code>\nfigure = 2964\n</code>"
    check = Check(type="exact_match", name="exact_match", params={"value": "2731"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(
        misread_a_report(said)))  # fmt: skip
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)


def misread_with() -> Trace:
    """A manager that said it would look with its search agent writes the count a report
    lists under `with` (the orchard's first planting) for today's."""
    return manager_misread(
        "How many apple varieties does Hollins Orchard grow today?",
        "I look it up with the search agent.\n",
        "The orchard grows 64 varieties.\n<code>\nfigure = 64\n</code>",
        report="Hollins Orchard was planted in 2011 with 64 varieties; it grows 58 varieties now.",
        wrote="64",
    )


def test_a_function_word_is_no_other_question() -> None:
    """Before, the first call was blamed for `with`, the word the wrong count was listed
    under, as if the run had answered about something the task never asked."""
    check = Check(type="exact_match", name="exact_match", params={"value": "58"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(misread_with()))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)


def misread_open_dates() -> Trace:
    """The manager writes last year's count for this year's; its words and the report's say
    `date` where the task says `dates`."""
    return manager_misread(
        "How many visitors came to Hollins Orchard on its open dates in 2023? Number only.",
        "I ask the search agent for the open date figures.\n",
        "The open date count is 3,980 visitors.\n<code>\nfigure = 3980\n</code>",
        report="Hollins Orchard open date counts: 2023 - 4,120 visitors; 2022 - 3,980 visitors.",
        wrote="3980",
    )


def test_a_word_the_task_names_in_another_form_is_no_other_question() -> None:
    """Before, the first call was blamed for `date`, as if the run had answered about
    something the task never asked, where the task asks about the orchard's open `dates`."""
    check = Check(type="exact_match", name="exact_match", params={"value": "4120"})
    suspects = attribute(
        check, Evaluation(score=0.0, message="failed"), StepGraph(misread_open_dates())
    )
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)


@pytest.mark.parametrize(
    ("output", "answering"),
    [
        ("Thought: I compute the ratio.\n<code>\nx = 2\n</code>", "<code>\nx = 2\n< >"),
        ("  thought : the result is clear.\nfinal_answer('12')", " ('12')"),
        (
            "Defined in: csvlite/reader.py (source: https://ex.net/parse-date)",
            "Defined in:   (source:  ",
        ),
        ("final_answer('parse_date in csvlite/types.py')", " ('  in  ')"),
        ("Its current population is 15,910.", "Its current population is 15,910."),
    ],
)
def test_what_a_call_answered_leaves_out_its_narration_and_names(
    output: str, answering: str
) -> None:
    assert _answering(output) == answering


def test_a_word_of_a_calls_narration_is_no_other_question() -> None:
    """Before, the manager's first call was blamed for `report`, a word of its own
    narration (`Thought: I report the figure.`), as if the run had answered about a report."""
    said = "Thought: I report the figure.\n<code>\nfigure = 2964\n</code>"
    trace = manager_misread(
        "At what altitude does the Vardeck Hut stand? Number only.",
        "I will report what it finds.\n",
        said,
        report="The hut stands at 2,731 m below the summit (2,964 m).",
        wrote="2964",
    )
    check = Check(type="exact_match", name="exact_match", params={"value": "2731"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)
