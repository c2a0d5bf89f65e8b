"""A constant in code that a call stated as a fact, where a tool gave another
(blame/engine/constants.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blame import TraceRecorder
from blame.engine.constants import _measured
from blame.engine.rules import switched_off
from blame.model import Check, Trace
from blame.testing import make_check, run_check

TASK = "How many pork pies per minute did the winner eat in the final? Round to one decimal."
PLAN = (
    "## 1. Facts survey\n### 1.1. Facts given in the task\n- The final lasts three minutes, "
    "the usual length.\n### 1.2. Facts to look up\n- How many pies the winner ate.\n"
    "## 2. Plan\n1. Ask search_agent.\n2. Divide by the minutes.\n<end_plan>"
)
REPORT = "Gareth Molloy ate 11 mini pork pies in the two-minute final."


def computed(
    *,
    plan: str = PLAN,
    report: str = REPORT,
    task: str = TASK,
    code: str = "rate = round(pies / 3, 1)",
    printed: str = "3.7",
    later: str = "",
) -> Trace:
    """The manager plans (`plan`), asks the search agent, whose page says `report`, then
    computes the rate with `code`, which prints `printed`, and answers it; a tool's output
    `later`, if any, comes after the computation."""
    rec = TraceRecorder("t", input=task)
    plans = rec.step("manager", task, plan, kind="llm")
    asks = rec.step(
        "manager", plan, '<code>\nreport = search_agent(task="How many pies?")\n</code>',
        kind="llm", parents=[plans],
    )  # fmt: skip
    reads = rec.step("search_agent", "How many pies?", "visit_webpage('/report')", kind="llm",
                     parents=[asks])  # fmt: skip
    page = rec.tool("visit_webpage", agent="search_agent", args="/report", output=report,
                    parents=[reads])  # fmt: skip
    said = rec.step("search_agent", report, "He ate 11 pies.", kind="llm", parents=[page])
    works = rec.step(
        "manager",
        "He ate 11 pies.",
        f"Thought: the rate.\n<code>\npies = 11\n{code}\nprint(rate)\n</code>\n"
        f"Execution logs:\n{printed}\nLast output from code snippet:\nNone",
        kind="llm",
        parents=[said],
    )
    if later:
        works = rec.tool("visit_webpage", agent="manager", args="/late", output=later,
                         parents=[works])  # fmt: skip
    rec.step("manager", printed, f"<code>\nfinal_answer('{printed}')\n</code>", kind="llm",
             parents=[works])  # fmt: skip
    return rec.finalize(final_output=printed)


CHECK = make_check("exact_match", value="5.5")


def test_the_call_that_stated_the_constant_made_it_up() -> None:
    """Before, the call whose code divided by 3 was blamed; the plan had stated the three
    minutes as given, and the report's two-minute final gives 5.5 in their place."""
    top = run_check(CHECK, computed()).blame[0]
    assert (top.agent, top.step_index) == ("manager", 0)
    assert top.reason == (
        "the wrong value '3.7' was computed by step 5 (manager)'s code with '3', which step 0 "
        "(manager) stated as 'three minutes' and the task does not; step 3 (tool "
        "visit_webpage, called by search_agent) gave 'two-minute', which in its place gives "
        "'5.5'"
    )


@pytest.mark.parametrize(
    ("trace", "check"),
    [
        (computed(), make_check("exact_match", value="6.0")),  # the tool's figure gives 5.5
        (computed(task=f"{TASK} The final lasts three minutes."), CHECK),  # the task said so
        (computed(plan=PLAN.replace("three minutes", "three rounds")), CHECK),  # another unit
        (computed(report=REPORT.replace("two-minute", "two-hour")), CHECK),
        (computed(plan=PLAN.replace("lasts three minutes", "is timed")), CHECK),  # not stated
        (computed(code="rate = round(pies / 3 * 1.0, 1)".replace("/ 3", "/ minutes")), CHECK),
        (computed(report="He ate 11 mini pork pies.", later=REPORT), CHECK),  # read after
    ],
    ids=[
        "no-swap-gives-it",
        "task-states-it",
        "other-unit",
        "tool-other-unit",
        "unstated",
        "no-constant",
        "tool-after-the-computation",
    ],
)
def test_without_all_the_evidence_the_plan_is_not_blamed(trace: Trace, check: Check) -> None:
    blamed = run_check(check, trace).blame
    assert all("stated as" not in s.reason for s in blamed)


@pytest.mark.parametrize(
    ("code", "printed", "right"),
    [
        ("rate = round(pies * 3, 1)", "33", "22"),  # a factor
        ("total = pies + 3", "14", "13"),  # a sum
        ("total = pies - 3", "8", "9"),  # a difference
    ],
)
def test_every_operator_is_read(code: str, printed: str, right: str) -> None:
    top = run_check(make_check("exact_match", value=right), computed(code=code, printed=printed))
    assert (top.blame[0].agent, top.blame[0].step_index) == ("manager", 0)


def test_switched_off_the_computing_call_is_blamed() -> None:
    with switched_off("constant-made-up"):
        top = run_check(CHECK, computed()).blame[0]
    assert "stated as" not in top.reason


def test_a_megabyte_of_figures_without_units_is_read() -> None:
    """Digits, spaces and hyphens, a megabyte of them: each start tried once."""
    assert next(_measured().finditer("1 1 1-" * 200_000), None) is None


@pytest.mark.parametrize(
    ("plan", "report", "code", "printed", "right"),
    [
        # a literal times zero: no division by it (before: ZeroDivisionError)
        (PLAN.replace("The final lasts three minutes", "Rest is 0 minutes"), REPORT,
         "rest = pies * 0\nrate = round(pies / 2, 1)", "0", "22"),
        # a numerator is no divisor: 3 / pies with 2 gives 0.18, not 0.41
        (PLAN, REPORT, "rate = round(3 / pies, 2)", "0.27", "0.41"),
        # an index is no subtraction
        (PLAN.replace("lasts three minutes", "is one round"), "the final, which had two rounds",
         "eaten = [9, pies]\nrate = round(eaten[-1] / 2, 1)", "5.5", "4.5"),
        # an exponent is no factor
        (PLAN, REPORT, "rate = round(pies ** 3, 1)", "1331", "887.3"),
        # a year inside a string computes nothing
        (PLAN.replace("The final lasts three minutes", "Use the 2023 results page"),
         "2022 results: 11 pies", 'data = visit_webpage("/results/2023")\ntotal = pies + 3', "14",
         "15"),
        # an integer result one off is not the right one
        (PLAN, REPORT.replace("two-minute", "one-minute"), "total = pies + 3", "14", "13"),
        # a function word is no unit: `3 and` is no measure
        ("Divide by 3 and round.", "won 2 and lost 1", "rate = round(pies / 3, 1)", "3.7", "5.5"),
        # the figure the tool gave is the constant itself
        (PLAN, REPORT.replace("two-minute", "three-minute"), "rate = round(pies / 3, 1)", "3.7",
         "3.7"),
    ],
    ids=["times-zero", "numerator", "index", "exponent", "string", "one-off", "function-word",
         "same-figure"],
)  # fmt: skip
def test_what_only_looks_like_a_stated_constant_is_not_blamed(
    plan: str, report: str, code: str, printed: str, right: str
) -> None:
    trace = computed(plan=plan, report=report, code=code, printed=printed)
    blamed = run_check(make_check("exact_match", value=right), trace).blame
    assert all("stated as" not in s.reason for s in blamed)


def test_a_numerator_is_read_as_one() -> None:
    """`3 / pies` with the report's 2 in place of the plan's 3 gives 0.18."""
    trace = computed(code="rate = round(3 / pies, 2)", printed="0.27")
    top = run_check(make_check("exact_match", value="0.18"), trace).blame[0]
    assert (top.agent, top.step_index) == ("manager", 0)


def test_the_computing_call_is_the_runner_up() -> None:
    blamed = run_check(CHECK, computed()).blame
    assert [(s.agent, s.step_index) for s in blamed[:2]] == [("manager", 0), ("manager", 5)]


@pytest.mark.parametrize(
    ("where", "blamed"),
    [
        ("plan", True),
        ("another-agent", False),  # the search agent said it: not the computing agent's call
        ("code-only", False),  # a comment in the plan's code is no statement
    ],
)
def test_only_the_computing_agents_own_words_state_a_constant(where: str, blamed: bool) -> None:
    plan = {
        "plan": PLAN,
        "another-agent": PLAN.replace("lasts three minutes", "is timed"),
        "code-only": PLAN.replace("lasts three minutes", "is timed")
        + "\n<code>\nminutes = 3  # three minutes\n</code>",
    }[where]
    trace = computed(plan=plan)
    if where == "another-agent":
        steps = list(trace.steps)
        steps[4] = replace(steps[4], output="He ate 11 pies; the final lasts three minutes.")
        trace = replace(trace, steps=tuple(steps))
    top = run_check(CHECK, trace).blame[0]
    assert ("stated as" in top.reason) is blamed


def test_many_stated_constants_and_figures_are_read_in_linear_time() -> None:
    """Before, each constant was tried against every figure of its unit: 4,000 of each took
    19 s. Only the first twenty stated constants are tried now, each figure once."""
    stated = " ".join(f"{n} minutes" for n in range(1, 4001))
    figures = " ".join(f"{n}-minute" for n in range(5000, 9000))
    code = "rate = pies" + "".join(f" / {n}" for n in range(1, 4001))
    trace = computed(plan=f"{PLAN}\n{stated}", report=figures, code=code, printed="3.7")
    assert run_check(make_check("exact_match", value="-5.5"), trace).blame
