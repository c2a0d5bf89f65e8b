"""Which step picked one of two values a tool gave (blame/engine/picked.py), through the
engine: the step after the tool that kept the wrong value, its plan just before it, or a
report that answered the task's question with the wrong value beside the right one."""

from __future__ import annotations

from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.rules import switched_off
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

FAILED = Evaluation(score=0.0, message="failed")


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, FAILED, StepGraph(trace))


def planned_then_answered(plan: str) -> Trace:
    """A page names both tied players; the manager's plan, then its answer."""
    rec = TraceRecorder("t", input="Who won the Vellmark Open? Full name only.")
    ask = rec.step("Manager", "task", "web_search('Vellmark Open winner')", kind="llm")
    both = "Ilse Varga and Tomas Reinholt tied on 7/9; Tomas Reinholt won on tiebreak."
    page = rec.tool("web_search", agent="Manager", args="Vellmark Open winner", output=both,
                    parents=[ask])  # fmt: skip
    planned = rec.step("Manager", both, plan, kind="llm", parents=[page])
    rec.step("Manager", f"{both}\n{plan}", 'final_answer("Ilse Varga")', kind="llm",
             parents=[planned])  # fmt: skip
    return rec.finalize(final_output="Ilse Varga")


_PICK = "names = re.findall(NAME, page)\nprint(names)\nwinner = names[0]\n"
"""Code that lists the names a page gives, then takes the first."""
_BOTH = "['Ilse Varga', 'Tomas Reinholt']"


@pytest.mark.parametrize(
    ("plan", "culprit"),
    [
        # the plan chose: a line of its own words has the wrong name alone
        ("## Facts\n- Ilse Varga and Tomas Reinholt tied.\n## Plan\n1. Return Ilse Varga.", 2),
        # it wrote the wrong name only beside the right one: the answer chose
        ("## Facts\n- Ilse Varga and Tomas Reinholt tied.\n## Plan\n1. Name the winner.", 3),
        # a plan without the name at all
        ("## Plan\n1. Name the winner.", 3),
        # its code printed both, then picked the wrong one out alone (`names[0]`)
        (f"<code>\n{_PICK}print(winner)\n</code>\nExecution logs:\n{_BOTH}\nIlse Varga", 2),
        # its code printed each alone: it picked neither
        (f"<code>\n{_PICK}\n</code>\nExecution logs:\nIlse Varga\nTomas Reinholt", 3),
        # its code printed a page whole, the wrong name alone on a line: it listed no choice
        (
            "<code>\nprint(visit_webpage(url))\n</code>\nExecution logs:\nIlse Varga\n"
            "Winner on tiebreak: Tomas Reinholt",
            3,
        ),
    ],
)
def test_the_call_that_chose_is_the_one_before_when_it_wrote_the_wrong_value_alone(
    plan: str, culprit: int
) -> None:
    top = blame(planned_then_answered(plan), check("exact_match", value="Tomas Reinholt"))[0]
    assert (top.agent, top.step_index) == ("Manager", culprit)


def snippet_then_report(said: str) -> Trace:
    """A search snippet gives the summit's altitude only; the page the searcher then reads
    gives the hut's beside it; the manager writes one of them, then answers with it."""
    rec = TraceRecorder("t", input="At what altitude does the Vardeck Hut stand? Number only.")
    ask = rec.step("Searcher", "task", "web_search('Vardeck Hut altitude')", kind="llm")
    snippet = "Vardeckspitze normal route: summit 2,964 m."
    hits = rec.tool("web_search", agent="Searcher", args="Vardeck Hut altitude",
                    output=snippet, parents=[ask])  # fmt: skip
    opens = rec.step("Searcher", snippet, f"{snippet} Opening the hut's page.", kind="llm",
                     parents=[hits])  # fmt: skip
    both = "The hut stands at 2,731 m below the Vardeckspitze (2,964 m)."
    page = rec.tool("visit_webpage", agent="Searcher", args="wiki/Vardeck_Hut", output=both,
                    parents=[opens])  # fmt: skip
    report = rec.step("Searcher", both, f"Two altitudes: {both}", kind="llm", parents=[page])
    chose = rec.step("Manager", f"Two altitudes: {both}", said, kind="llm", parents=[report])
    last = rec.step("Manager", f"Two altitudes: {both}\n{said}", "final_answer(str(altitude_m))",
                    kind="llm", parents=[chose])  # fmt: skip
    rec.tool("final_answer", agent="Manager", args="2964", output="2964", parents=[last])
    return rec.finalize(final_output="2964")


def test_a_call_that_had_both_values_chose_the_wrong_one_a_snippet_gave_first() -> None:
    """Before, the manager's last call was blamed for dropping the value its previous call
    had already replaced."""
    said = "The hut's is 2,964 m.\n<code>\naltitude_m = 2964\n</code>"
    top = blame(snippet_then_report(said), check("exact_match", value="2731"))[0]
    assert (top.agent, top.step_index) == ("Manager", 5)
    assert top.reason == (
        "step 5 (Manager) had '2731' available but output the wrong value '2964' that "
        "reached the final output"
    )


def test_a_call_that_had_both_values_is_not_looked_for_with_the_rule_off() -> None:
    said = "The hut's is 2,964 m.\n<code>\naltitude_m = 2964\n</code>"
    with switched_off("had-both"):
        top = blame(snippet_then_report(said), check("exact_match", value="2731"))[0]
    assert "had '2731' available" not in top.reason


def replanned_in_a_run() -> Trace:
    """The searcher's run reports both counts; the manager's next call fails on its code,
    its updated plan takes the total for the count asked, and the call after it answers
    with the total. The manager's whole run (its agent span) is fed by the searcher's."""
    rec = TraceRecorder("t", input="How many vertical sundials does Dorset list? Number only.")
    found = "Dorset: horizontal 48, vertical 31, total 105"
    page = rec.tool("visit_webpage", agent="searcher", args="register/dorset", output=found)
    said = rec.step("searcher", found, f"final_answer('{found}')", kind="llm", parents=[page])
    run = rec.step("searcher", "Find Dorset's count.", found, kind="agent", parents=[said])
    failed = rec.step("manager", found, "<code>\nint(nums)\n</code>", kind="llm",
                      error="TypeError: int() argument", parents=[run])  # fmt: skip
    plan = (
        f"## 1. Updated facts survey\n- {found}\n## 2. Plan\n"
        "1. The register's figure is all its dials: take the county total, 105.\n<end_plan>"
    )
    planned = rec.step("manager", found, plan, kind="llm", parents=[failed])
    answered = rec.step("manager", plan, '<code>\nfinal_answer("105")\n</code>', kind="llm",
                        parents=[planned])  # fmt: skip
    rec.step("manager", "q", "105", kind="agent", parents=[run, failed, planned, answered])
    return rec.finalize(final_output="105")


def test_a_plan_that_decided_before_the_call_that_answered_in_an_agents_run() -> None:
    top = blame(replanned_in_a_run(), check("exact_match", value="31"))[0]
    assert top.step_index == 4  # the updated plan's `take the county total, 105`


TABLE = (
    "Women's gurning 2025, in order of appearance (scores out of 30):\n"
    "| Bev Hartley | Whitehaven | 21 |\n| Maureen Tolson | Thornhill | 27 |"
)


def reported_from_a_table(report: str) -> Trace:
    """The searcher reads a results table that lists both gurners and reports; the manager
    answers with the name its report gives first."""
    task = "Who won the women's gurning title at the 2025 Crab Fair? Reply with the name only."
    rec = TraceRecorder("t", input=task)
    asked = "Who won the women's gurning title at the 2025 Crab Fair?"
    handed = rec.step("manager", task, f'<code>\nr = searcher(task="{asked}")\n</code>',
                      kind="llm")  # fmt: skip
    opens = rec.step("searcher", asked, "visit_webpage('crabfair.example/results')",
                     kind="llm", parents=[handed])  # fmt: skip
    page = rec.tool("visit_webpage", agent="searcher", args="crabfair.example/results",
                    output=TABLE, parents=[opens])  # fmt: skip
    said = rec.step("searcher", TABLE, f"final_answer({report!r})", kind="llm", parents=[page])
    run = rec.step("searcher", asked, report, kind="agent", parents=[opens, said])
    answer = rec.step("manager", report, '<code>\nfinal_answer("Bev Hartley")\n</code>',
                      kind="llm", parents=[run])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="Bev Hartley", output="Bev Hartley",
             parents=[answer])  # fmt: skip
    return rec.finalize(final_output="Bev Hartley")


@pytest.mark.parametrize(
    ("report", "culprit"),
    [
        # it restated the question with the wrong name as the answer: the report chose
        (
            "Bev Hartley won the women's gurning title at the 2025 Crab Fair.\n"
            "The table lists Bev Hartley at the top, ahead of Maureen Tolson (27).",
            3,
        ),
        # it said less than the question asks: the reader chose
        ("Bev Hartley was leading the women's contest.\nMaureen Tolson scored 27.", 5),
        # rows of a list claim nothing
        ("- Bev Hartley: 21\n- Maureen Tolson: 27\nWinner of the women's gurning title.", 5),
        # a restatement that denies it, or names another year, is no answer with it
        (
            "Bev Hartley did not win the women's gurning title at the 2025 Crab Fair.\n"
            "Maureen Tolson scored 27.",
            5,
        ),
        (
            "Bev Hartley won the women's gurning title at the 2024 Crab Fair.\n"
            "In 2025 Maureen Tolson scored 27.",
            5,
        ),
        # the first line names the right one
        ("Maureen Tolson scored 27.\nBev Hartley won the women's gurning title.", 5),
    ],
)
def test_a_report_that_answered_the_question_with_the_wrong_value_beside_the_right_chose(
    report: str, culprit: int
) -> None:
    """Before, the manager that copied the report's answer was blamed."""
    top = blame(reported_from_a_table(report), check("exact_match", value="Maureen Tolson"))[0]
    assert top.step_index == culprit
    assert top.reason == (
        f"step {culprit} ({'searcher' if culprit == 3 else 'manager'}) had 'Maureen Tolson' "
        "available but output the wrong value 'Bev Hartley' that reached the final output"
    )
