"""A sub-agent's own plan that restated its task without words the task gives
(blame/engine/replanned.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blame import TraceRecorder
from blame.engine.rules import switched_off
from blame.model import Trace
from blame.testing import make_check, run_check

TASK = "In the singalong package, what pitch tolerance in cents does duet mode use by default?"
HANDED = "Find the default pitch tolerance, in cents, that duet mode uses in the singalong package."
PLAN = (
    "## 1. Facts survey\n- The package: singalong.\n- Wanted: the default pitch tolerance, "
    "in cents.\n## 2. Plan\n1. Search the code for the default tolerance.\n2. Report it.\n"
    "<end_plan>"
)


def planned(
    plan: str = PLAN, handed: str = HANDED, search: str = "DEFAULT_TOLERANCE", task: str = TASK
) -> Trace:
    """The manager hands the code agent `handed`; the code agent plans (`plan`), searches
    the code for `search`, finds the general default (50) and reports it; the manager
    returns it. Duet mode's own tolerance (65) is never looked up."""
    rec = TraceRecorder("t", input=task)
    code = f'<code>\nreport = code_agent(task="{handed}")\n</code>'
    delegated = rec.step("manager", task, code, kind="llm")
    plans = rec.step("code_agent", handed, plan, kind="llm", parents=[delegated])
    asks = rec.step("code_agent", plan, f'search_code({{"pattern": "{search}"}})', kind="llm",
                    parents=[plans])  # fmt: skip
    found = rec.tool("search_code", agent="code_agent", args=search, parents=[asks],
                     output="src/singalong/scoring.py: DEFAULT_TOLERANCE_CENTS = 50")  # fmt: skip
    said = rec.step("code_agent", "DEFAULT_TOLERANCE_CENTS = 50", "The default is 50 cents.",
                    kind="llm", parents=[found])  # fmt: skip
    rec.step("manager", "The default is 50 cents.", "final_answer('50')", kind="llm",
             parents=[said])  # fmt: skip
    return rec.finalize(final_output="50")


CHECK = make_check("exact_match", value="65")


def test_a_plan_that_dropped_the_tasks_words_decided_what_was_looked_up() -> None:
    """Before, the call that searched for the general default was blamed; it followed its
    agent's plan, which had left `duet mode` out of the task it was handed."""
    top = run_check(CHECK, planned()).blame[0]
    assert (top.agent, top.step_index) == ("code_agent", 1)
    assert top.reason.startswith(
        "step 1 (code_agent) planned without the task's 'duet mode', which step 0 "
        "(manager) handed it; no later call of code_agent asked about it, and step 2 "
    )


@pytest.mark.parametrize(
    "trace",
    [
        planned(plan=PLAN.replace("the default pitch", "duet mode's pitch")),
        planned(search="duet mode tolerance"),  # a later call asked about it
        planned(plan="Thought: I search the code.", handed=HANDED),  # no plan: nothing dropped
    ],
    ids=["plan-kept-it", "asked-later", "no-plan"],
)
def test_a_plan_that_kept_the_words_or_a_call_that_asked_them_is_not_blamed(
    trace: Trace,
) -> None:
    assert all("planned without" not in s.reason for s in run_check(CHECK, trace).blame)


def test_an_agent_never_handed_the_words_had_no_plan_to_drop_them_from() -> None:
    """The manager left `duet mode` out: the delegation is asked about, not the plan."""
    handed = "Find the default pitch tolerance, in cents, in the singalong package."
    blamed = run_check(CHECK, planned(handed=handed)).blame
    assert all("planned without" not in s.reason for s in blamed)


def test_a_stray_word_a_plan_rewords_is_no_phrase_left_out() -> None:
    """A plan that writes `the default` for the task's `allow by default` reworded it.
    Before, the plan was blamed for leaving out `allow` (and, in a first draft, `many`)."""
    task = "How many cents of pitch tolerance does the singalong package allow by default?"
    handed = "Find how many cents of pitch tolerance the singalong package allows by default."
    blamed = run_check(CHECK, planned(handed=handed, task=task)).blame
    assert all("planned without" not in s.reason for s in blamed)


def test_the_answers_form_is_no_phrase_a_plan_must_keep() -> None:
    """Before, `plain integer` of `Answer as a plain integer.` was blamed as left out."""
    task, handed = f"{TASK} Answer as a plain integer.", f"{HANDED} Answer as a plain integer."
    plan = PLAN.replace("the default pitch", "duet mode's pitch")
    blamed = run_check(CHECK, planned(plan=plan, handed=handed, task=task)).blame
    assert all("planned without" not in s.reason for s in blamed)


def test_words_handed_to_another_agent_were_not_handed_to_this_one() -> None:
    """Before, the manager's task for `web_agent` counted as handed to the code agent."""
    rec = TraceRecorder("t", input=f"{TASK} Check the singalong release notes too.")
    code = (
        f'<code>\nreport = code_agent(task="{HANDED}")\n'
        'notes = web_agent(task="Find the singalong release notes.")\n</code>'
    )
    plan = PLAN.replace("the default pitch", "duet mode's pitch")
    delegated = rec.step("manager", TASK, code, kind="llm")
    plans = rec.step("code_agent", HANDED, plan, kind="llm", parents=[delegated])
    asks = rec.step("code_agent", plan, 'search_code({"pattern": "DEFAULT"})', kind="llm",
                    parents=[plans])  # fmt: skip
    found = rec.tool("search_code", agent="code_agent", args="DEFAULT", parents=[asks],
                     output="DEFAULT_TOLERANCE_CENTS = 50")  # fmt: skip
    said = rec.step("code_agent", "50", "The default is 50 cents.", kind="llm", parents=[found])
    rec.step("manager", "50", "final_answer('50')", kind="llm", parents=[said])
    blamed = run_check(CHECK, rec.finalize(final_output="50")).blame
    assert all("release notes" not in s.reason for s in blamed)


def test_a_phrase_a_tool_gave_was_read() -> None:
    """The code search's result names duet mode: the plan left nothing out that the agent
    did not then read."""
    trace = planned(search="DEFAULT_TOLERANCE")
    steps = list(trace.steps)
    steps[3] = replace(steps[3], output=f"{steps[3].output}\n# duet mode: see DUET_CENTS")
    blamed = run_check(CHECK, replace(trace, steps=tuple(steps))).blame
    assert all("planned without" not in s.reason for s in blamed)


def test_the_phrase_is_quoted_as_the_task_writes_it() -> None:
    top = run_check(CHECK, planned()).blame[0]
    assert "'duet mode'" in top.reason and "'duet mode' " not in TASK.replace("duet mode", "")


def test_a_dropped_word_is_not_read_with_its_rule_off() -> None:
    with switched_off("plan-dropped"):
        top = run_check(CHECK, planned()).blame[0]
    assert "planned without" not in top.reason


CRAB_TASK = (
    "How heavy was the heaviest crab in the junior (under-12) section of the Saltwick "
    "Crabbing Competition? Grams, number only."
)
CRAB_HANDED = (
    "Find the weight of the heaviest crab in the junior (under-12) section of the Saltwick "
    "Crabbing Competition."
)
CRAB_PLAN = (
    "## 1. Facts survey\n- The Saltwick Crabbing Competition.\n- Wanted: the heaviest crab's "
    "weight.\n## 2. Plan\n1. Open the results.\n2. Report the heaviest crab.\n<end_plan>"
)
RESULTS = (
    "| Heaviest crab | Open (12 and over) | 212 g |\n| Heaviest crab | Junior (under 12) | 168 g |"
)


def read_both(plan: str = CRAB_PLAN, report: str = "The heaviest crab weighed 212 g.") -> Trace:
    """The code agent plans (`plan`), opens the results, which give the open section's 212 g
    beside the junior section's 168 g, and reports `report`; the manager returns 212."""
    rec = TraceRecorder("t", input=CRAB_TASK)
    code = f'<code>\ncrab = search_agent(task="{CRAB_HANDED}")\n</code>'
    delegated = rec.step("manager", CRAB_TASK, code, kind="llm")
    plans = rec.step("search_agent", CRAB_HANDED, plan, kind="llm", parents=[delegated])
    asks = rec.step("search_agent", plan, "visit_webpage('/crabbing/results')", kind="llm",
                    parents=[plans])  # fmt: skip
    page = rec.tool("visit_webpage", agent="search_agent", args="/crabbing/results",
                    parents=[asks], output=RESULTS)  # fmt: skip
    said = rec.step("search_agent", RESULTS, report, kind="llm", parents=[page])
    rec.step("manager", report, "final_answer('212')", kind="llm", parents=[said])
    return rec.finalize(final_output="212")


CRAB_CHECK = make_check("exact_match", value="168")


def test_a_call_that_read_both_values_answered_the_question_its_plan_left() -> None:
    """The results page gave the junior row beside the open one; the call that read both
    answered the plan's question, which had left `junior (under-12)` out. Before, that call
    was blamed for having 168 at hand; its plan decided what it looked for."""
    top = run_check(CRAB_CHECK, read_both()).blame[0]
    assert (top.agent, top.step_index) == ("search_agent", 1)
    assert "planned without the task's 'junior (under-12)'" in top.reason
    assert "had '168' available" in top.reason


@pytest.mark.parametrize(
    ("plan", "report"),
    [
        (CRAB_PLAN.replace("heaviest crab's", "junior heaviest crab's"), None),
        (None, "The junior section's heaviest crab weighed 212 g."),
    ],
    ids=["plan-kept-it", "the-reader-named-it"],
)
def test_the_reader_that_had_both_chose_when_the_words_were_kept(
    plan: str | None, report: str | None
) -> None:
    trace = read_both(plan=plan or CRAB_PLAN, report=report or "The heaviest crab weighed 212 g.")
    top = run_check(CRAB_CHECK, trace).blame[0]
    assert (top.agent, top.step_index) == ("search_agent", 4)
    assert "had '168' available" in top.reason


@pytest.mark.parametrize(
    "results",
    [
        "| Junior 2025 | 168 g |\n| Junior 2024 | 212 g |",  # both rows junior: a year chose
        "| 2025 | 168 g |\n| 2024 | 212 g |",  # neither row names it
    ],
    ids=["both-rows", "neither-row"],
)
def test_a_dropped_phrase_that_does_not_tell_the_values_apart_chose_nothing(results: str) -> None:
    """Before, the plan was blamed whatever the rows said; the reader misread the year."""
    trace = read_both()
    steps = list(trace.steps)
    steps[3] = replace(steps[3], output=results)
    steps[4] = replace(steps[4], input=results)
    top = run_check(CRAB_CHECK, replace(trace, steps=tuple(steps))).blame[0]
    assert "planned without" not in top.reason


@pytest.mark.parametrize(
    ("task", "pair"),
    [
        ("the junior (under-12) section", "junior (under"),
        ("What distance (metres) did she throw?", None),  # a unit, no qualifier
        ("the men's final (see below)", None),
    ],
)
def test_a_parenthesis_after_a_word_pairs_only_when_a_figure_stands_in_it(
    task: str, pair: str | None
) -> None:
    from blame.engine.replanned import _pair

    found = [m[1] for m in _pair().finditer(task) if "(" in m[1]]
    assert found == ([] if pair is None else [pair])


def test_a_parenthesis_is_closed_in_the_quote_only_when_it_closes_soon() -> None:
    from blame.engine.replanned import _whole

    text = "the junior (under-12) section"
    assert _whole(text, 4, "junior (under") == "junior (under-12)"
    far = "the junior (under " + "x" * 40 + ") section"
    assert _whole(far, 4, "junior (under") == "junior (under"


CLI_TASK = (
    "In the singalong package, what pitch tolerance does the command-line tool use by default?"
)
CLI_HANDED = "Find the pitch tolerance that the singalong command-line tool uses by default."
CLI_PLAN = (
    "## 2. Plan\n1. Search the code for the default tolerance.\n2. Quote the line that sets "
    "it.\n<end_plan>"
)


@pytest.mark.parametrize(
    ("plan", "dropped"),
    [
        (CLI_PLAN, True),  # `line` alone, the line that sets it, is no command line
        (CLI_PLAN.replace("default tolerance", "command line tool's tolerance"), False),
        (CLI_PLAN.replace("default tolerance", "commandline tolerance"), False),
        (CLI_PLAN.replace("default tolerance", "command-line tolerance"), False),
        (CLI_PLAN.replace("default tolerance", "command\u2013line tolerance"), False),
        (CLI_PLAN.replace("default tolerance", "command_line tolerance"), False),
        (CLI_PLAN.replace("default tolerance", "command-lines tolerance"), False),
    ],
    ids=["parts-apart", "spaced", "joined", "hyphened", "en-dash", "underscore", "plural"],
)
def test_a_compound_is_kept_only_written_whole(plan: str, dropped: bool) -> None:
    """Before, the plan's `the line that sets it` kept the task's `command-line`: the
    call that searched for the general default was blamed, not the plan that left the
    command-line tool out."""
    blamed = run_check(CHECK, planned(plan=plan, handed=CLI_HANDED, task=CLI_TASK)).blame
    said = [s.reason for s in blamed if "planned without the task's 'command-line'" in s.reason]
    assert bool(said) is dropped
    if dropped:
        assert (blamed[0].agent, blamed[0].step_index) == ("code_agent", 1)


def test_a_later_call_that_asked_about_the_compound_in_code_kept_it() -> None:
    """`command_line` in a search's pattern names the compound: before, the review found
    the plan blamed with "no later call ... asked about it"."""
    trace = planned(plan=CLI_PLAN, handed=CLI_HANDED, task=CLI_TASK, search="command_line")
    assert all("planned without" not in s.reason for s in run_check(CHECK, trace).blame)
