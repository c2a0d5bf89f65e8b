"""The right figure rounded otherwise (blame/engine/rounding.py): unrounded or rounded too
far, pinned on the call that chose the form, and the patch it gets."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.rounding import is_unrounded
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect
from blame.testing import patches_for


def exact(value: str) -> Check:
    return Check(type="exact_match", name="exact_match", params={"value": value})


def blame(trace: Trace, value: str) -> tuple[Suspect, ...]:
    return attribute(exact(value), Evaluation(score=0.0, message="failed"), StepGraph(trace))


@pytest.mark.parametrize(
    ("longer", "shorter", "rounded"),
    [
        ("4.18", "4.2", True),
        ("4.25", "4.2", True),  # half to even, as code rounds
        ("4.25", "4.3", True),  # half up, as people round
        ("41.67", "42", True),
        ("-3.46", "-3.5", True),
        ("4.13", "4.2", False),
        ("4.2", "4.2", False),  # as many places: no rounding
        ("4.1", "4.18", False),  # fewer places
        ("1." + "1" * 100, "1.1", True),
        ("9" * 40 + ".5", "9" * 40, False),  # more digits than a decimal rounds: no figure
    ],
)
def test_a_figure_rounded(longer: str, shorter: str, rounded: bool) -> None:
    assert is_unrounded(longer, shorter) is rounded


def averaged_unrounded(answer: str) -> Trace:
    """A code agent averages five weights (`4.18`; one of them is `4.2`), then hands
    `answer` to `final_answer` where the task asks for one decimal place."""
    task = "What is the rams' average fleece weight in kg? Round to one decimal place."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("analyst", task, "<code>\nprint(fetch_json('/rams'))\n</code>", kind="llm")
    rows = rec.tool("fetch_json", agent="analyst", args="/rams", output="3.9 4.6 4.2 3.8 4.4",
                    parents=[ask])  # fmt: skip
    code = "<code>\navg = sum(w) / len(w)\nprint(avg)\n</code>\nExecution logs:\n4.18"
    mean = rec.step("analyst", "3.9 4.6 4.2 3.8 4.4", code, kind="llm", parents=[rows])
    last = rec.step("analyst", "4.18", "<code>\nfinal_answer(avg)\n</code>", kind="llm",
                    parents=[mean])  # fmt: skip
    done = rec.tool("final_answer", agent="analyst", args=answer, output=answer, parents=[last])
    rec.step("analyst", task, answer, parents=[last, done])
    return rec.finalize(final_output=answer)


@pytest.mark.parametrize(
    ("answer", "expected", "unrounded"),
    [
        ("4.18", "4.2", True),
        ("4.13", "4.2", False),
        ("4.1", "4.2", False),
        ("4.18", "4.20", False),  # as many places as the expected `4.20`: no rounding left out
    ],
)
def test_the_right_figure_unrounded_is_the_answerers_to_round(
    answer: str, expected: str, unrounded: bool
) -> None:
    """Before, the call that averaged was blamed for having `4.2` (a weight it read) and
    writing `4.18`: it computed the mean, and the call that answered never rounded it."""
    top = blame(averaged_unrounded(answer), expected)
    assert top
    assert (" unrounded; " in top[0].reason) is unrounded
    if unrounded:
        assert (top[0].agent, top[0].step_index) == ("analyst", 3)
        assert top[0].reason == (
            "the final output '4.18' is '4.2' unrounded; step 3 (analyst) wrote it with more "
            "decimal places than '4.2' has"
        )


def test_the_right_figure_unrounded_is_told_to_round() -> None:
    patches = patches_for(exact("4.2"), averaged_unrounded("4.18"))
    assert next((p.target, p.text) for p in patches) == (
        "analyst",
        '- Round your answer to 1 decimal place before you give it, as in "4.2".',
    )


def test_the_call_that_first_wrote_the_unrounded_figure_chose_its_form() -> None:
    """An analyst writes `Rounded: 1804.05`; the writer passes it on: the analyst chose
    two decimal places where the task wants a whole number, not the writer."""
    task = "How many people live per square kilometre? Whole number only."
    rec = TraceRecorder("t", input=task)
    calc = rec.tool("calculator", agent="Analyst", args="295504 / 163.8", output="1804.0537")
    said = rec.step("Analyst", "1804.0537", "295504 / 163.8 = 1804.0537. Rounded: 1804.05",
                    kind="llm", parents=[calc])  # fmt: skip
    wrote = rec.step("Writer", "Rounded: 1804.05", "Final Answer: 1804.05", kind="llm",
                     parents=[said])  # fmt: skip
    rec.step("Writer", task, "1804.05", parents=[wrote])
    top = blame(rec.finalize(final_output="1804.05"), "1804")[0]
    assert (top.agent, top.step_index) == ("Analyst", 1)
    assert top.reason == (
        "the final output '1804.05' is '1804' unrounded; step 1 (Analyst) wrote it with more "
        "decimal places than '1804' has"
    )


def rounded_in_code(code: str) -> Trace:
    """A code agent reads five suites' means and averages them (`-5.34`) with `code`, then
    hands `avg` to `final_answer` (`-5`), where the task asks for one decimal place."""
    task = "What was the suites' mean temperature in °C? One decimal place, number only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("analyst", task, "<code>\nprint(fetch_json('/suites'))\n</code>", kind="llm")
    means = "-5.8 -4.9 -6.3 -5.1 -4.6"
    rows = rec.tool("fetch_json", agent="analyst", args="/suites", output=means, parents=[ask])
    ran = rec.step("analyst", means, f"<code>\n{code}\n</code>", kind="llm", parents=[rows])
    last = rec.step("analyst", "avg", "<code>\nfinal_answer(str(avg))\n</code>", kind="llm",
                    parents=[ran])  # fmt: skip
    done = rec.tool("final_answer", agent="analyst", args="-5", output="-5", parents=[last])
    rec.step("analyst", task, "-5", parents=[last, done])
    return rec.finalize(final_output="-5")


@pytest.mark.parametrize(
    ("code", "rounder"),
    [
        ("avg = round(sum(means) / len(means))", 2),
        ("avg = int(sum(means) / len(means))", 2),
        ("avg = f'{sum(means) / len(means):.0f}'", 2),
        # no code rounded: a whole number near the figure is as often another figure
        ("avg = means[0] + 1", None),
        # code that kept the places the right figure has rounded nothing away
        ("avg = round(sum(means) / len(means), 2)", None),
        ("avg = f'{sum(means) / len(means):.2f}'", None),
    ],
)
def test_the_right_figure_rounded_too_far_is_the_rounding_codes(
    code: str, rounder: int | None
) -> None:
    """Before, the call that handed `avg` to `final_answer` was blamed for the wrong value
    `-5`; the call whose code rounded the mean to a whole number chose that form."""
    top = blame(rounded_in_code(code), "-5.3")[0]
    assert ("rounded to fewer decimal places" in top.reason) is (rounder is not None)
    if rounder is not None:
        assert (top.agent, top.step_index) == ("analyst", rounder)
        assert top.reason == (
            "the final output '-5' is '-5.3' rounded to fewer decimal places; step 2 (analyst) "
            "wrote code that rounds to fewer places than '-5.3' has"
        )


def test_a_per_cent_figure_is_told_its_places_in_digits() -> None:
    trace = averaged_unrounded("4.18%")
    patches = patches_for(exact("4.2%"), trace)
    assert next(p.text for p in patches) == (
        '- Round your answer to 1 decimal place before you give it, as in "4.2%".'
    )


def test_the_call_that_wrote_the_figure_rounded_too_far_chose_its_form() -> None:
    """Earlier code printed the mean to two places; the call that wrote `about -5` rounded
    it: before, the code's `:.2f` was blamed as if it had rounded the figure away."""
    task = "What was the suites' mean temperature in °C? One decimal place, number only."
    rec = TraceRecorder("t", input=task)
    means = "-5.8 -4.9 -6.3 -5.1 -4.6"
    rows = rec.tool("fetch_json", agent="analyst", args="/suites", output=means)
    code = "<code>\nprint(f'{sum(means) / 5:.2f}')\n</code>\nExecution logs:\n-5.34"
    ran = rec.step("analyst", means, code, kind="llm", parents=[rows])
    said = "The mean is about -5.\n<code>\nfinal_answer('-5')\n</code>"
    last = rec.step("analyst", "-5.34", said, kind="llm", parents=[ran])
    done = rec.tool("final_answer", agent="analyst", args="-5", output="-5", parents=[last])
    rec.step("analyst", task, "-5", parents=[last, done])
    top = blame(rec.finalize(final_output="-5"), "-5.3")[0]
    assert (top.agent, top.step_index) == ("analyst", 2)
    assert top.reason.endswith(
        "step 2 (analyst) wrote it with fewer decimal places than '-5.3' has"
    )


def test_a_figure_a_tool_gave_is_no_right_figure_unrounded() -> None:
    """A page's heaviest ram weighs `4.18` kg; the agent answered it for the mean (`4.2`):
    before, it was told to round, as if `4.18` were the mean unrounded."""
    task = "What is the rams' average fleece weight in kg? One decimal place."
    rec = TraceRecorder("t", input=task)
    page = "Heaviest ram: 4.18 kg. Flock weights: 3.9 4.6 4.2 3.8 4.4"
    rows = rec.tool("fetch_json", agent="analyst", args="/rams", output=page)
    last = rec.step("analyst", page, "The average is 4.18.", kind="llm", parents=[rows])
    rec.step("analyst", task, "4.18", parents=[last])
    top = blame(rec.finalize(final_output="4.18"), "4.2")
    assert all(" unrounded; " not in s.reason for s in top)
