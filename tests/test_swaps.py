"""A wrong number computed from the wrong figure (blame/engine/swaps.py): the figure a
calculation took where its input had the one that gives the right answer."""

from __future__ import annotations

from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.rules import switched_off
from blame.engine.swaps import code_swap, swap
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

FAILED = Evaluation(score=0.0, message="failed")


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, FAILED, StepGraph(trace))


@pytest.mark.parametrize(
    ("operands", "result", "given", "right", "expected"),
    [
        # product: 216 km * 0.621371 where 612 km gives 380 miles
        (["216", "0.621371"], 134.216136, "612 km; its tributary 216 km", "380", ("216", "612")),
        # floor division is a product too: 2000 // 500 where 4000 gives 8
        (["2000"], 4.0, "adults: 4000 mg; children: 2000 mg", "8", ("2000", "4000")),
        # sum: 30 + 12 days where 31 gives 43
        (["30", "12"], 42.0, "April has 30 days, March has 31", "43", ("30", "31")),
        # decimals of the right answer are kept: 12.5 * 2 where 13.25 gives 26.5
        (["12.5"], 25.0, "13.25 or 12.5", "26.5", ("12.5", "13.25")),
        # no figure of the input gives the right answer
        (["216", "0.621371"], 134.216136, "612 km; its tributary 216 km", "500", None),
        # a one-digit figure is as often a list's numbering: not read
        (["20"], 40.0, "4. Never guess", "8", None),
        # the operand itself is no other figure
        (["216"], 134.2, "216", "134", None),
        # an operand the input does not have was no choice between its figures: a constant
        # the code wrote (before, 6.5 hours in its place gave 386 miles by chance)
        (["612", "0.621371"], 380.279052, "612 km long; a boat trip takes 6.5 hours", "386", None),
        # each operand in turn: 10 + 35 is no 45, 10 + 20 would be 30, 35 for the 20 gives it
        (["10", "20"], 30.0, "figures: 10, 20, 35", "45", ("20", "35")),
        ([], 5.0, "15", "20", None),
        (["216"], 134.2, "612", "not a number", None),
        # a difference is no product: 19 in the place of 28 gives 4 only by 6 x 19 / 28
        (["28", "22"], 6.0, "28 crews from 19 organisations", "4", None),
        # what a difference takes away grows to make it smaller: 24 in the place of 22
        (["28", "22"], 6.0, "28 crews; 22 in its notes, 24 on the page", "4", ("22", "24")),
        # a quotient's divisor grows to make it smaller: 2,208 in the place of 552
        (["1104", "552"], 2.0, "Orrin 1,104 m; 552 m or 2,208 m", "0.5", ("552", "2208")),
        # figures past a float's range, or a zero result, raise nothing (before, a divisor's
        # range overflowed)
        (["1" + "0" * 300, "10"], 1e299, "figures: 10 and 3", "0.00000000000000000001", None),
        (["0.25", "4"], 0.0, "0.25 and 4", "4", None),
        (["12", "3"], float("inf"), "12 and 3", "4", None),
    ],
)
def test_a_figure_that_in_an_operand_place_gives_the_right_answer(
    operands: list[str], result: float, given: str, right: str, expected: tuple[str, str] | None
) -> None:
    assert swap(operands, result, given, right) == expected


def test_a_figure_only_the_prompt_gave_is_no_candidate() -> None:
    """smolagents' system prompt has `5 + 3 + 1294.678` among its examples: in the place of
    1,104 it gives 1.5 by chance (1294.678 / 862 = 1.502), but no step handed it."""
    given = 'Task: "What is 5 + 3 + 1294.678?" ... Spans: Orrin 1,104 m, Kelderwick 862 m.'
    assert swap(["1104", "862"], 1104 / 862, given, "1.5") == ("1104", "1294.678")
    assert swap(["1104", "862"], 1104 / 862, given, "1.5", handed={"1104", "862"}) is None


CODE = "Thought: I convert.\n<code>\nkm = 216\nprint(km * 0.621371)\n</code>\nExecution logs:\n"


@pytest.mark.parametrize(
    ("output", "wrong", "expected"),
    [
        (CODE + "134.216136", "134", ("216", "612")),  # the precise result is the one computed
        (CODE + "134.216136", "135", None),  # the code printed another number
        (CODE, "134", None),  # printed nothing
        ("The river is 216 km long.", "134", None),  # wrote no code
        (CODE + "134.216136", "a lot", None),
    ],
)
def test_a_code_agent_computed_with_the_wrong_figure(
    output: str, wrong: str, expected: tuple[str, str] | None
) -> None:
    assert code_swap(output, "It is 612 km long; its tributary 216 km.", wrong, "380") == expected


def river(
    report: str = "The Vessna is 612 km long; its tributary, the Olka, is 216 km long.",
) -> Trace:
    """A manager's code converts the tributary's length, which a sub-agent's report gave
    beside the river's: the report was faithful, the manager's call took the wrong figure."""
    rec = TraceRecorder("t", input="How long is the river Vessna in miles? Number only.")
    ask = rec.step("manager", "task", "Ask search_agent for the length in km.", kind="llm")
    said = rec.step("search_agent", "Length of the Vessna?", report, kind="llm", parents=[ask])
    ran = rec.step("manager", report, CODE + "134.216136", kind="llm", parents=[said])
    rec.step("manager", "134.216136", "final_answer('134')", kind="llm", parents=[ran])
    return rec.finalize(final_output="134")


def test_the_call_that_computed_with_the_wrong_figure_is_the_culprit() -> None:
    """Before, the sub-agent was blamed for introducing 216, which it reported faithfully
    beside 612: the call that took 216 for the river's length is the one that decided."""
    top = blame(river(), check("exact_match", value="380"))[0]
    assert (top.agent, top.step_index) == ("manager", 2)
    assert top.reason == (
        "'134' was computed by step 2 (manager) from '216', while its input had '612', which "
        "in its place gives '380'"
    )


def test_without_the_rule_the_calculation_is_not_read_for_a_swapped_figure() -> None:
    with switched_off("operand-swapped"):
        top = blame(river(), check("exact_match", value="380"))[0]
    assert "in its place gives" not in top.reason


def test_no_figure_of_the_input_giving_the_right_answer_leaves_the_other_rules() -> None:
    trace = river("The Vessna's tributary, the Olka, is 216 km long.")
    top = blame(trace, check("exact_match", value="380"))[0]
    assert "in its place gives" not in top.reason


def crews() -> Trace:
    """The manager's first code writes last year's crews from memory; its next code
    subtracts them from the 28 of this year's report, which also counts 19 organisations."""
    rec = TraceRecorder("t", input="How many more crews raced in 2024 than in 2023? Number only.")
    first = rec.step("manager", "task", "<code>\ncrews_2023 = 22\n</code>", kind="llm")
    report = "28 crews from 19 organisations raced in 2024."
    said = rec.step("search_agent", "Crews in 2024?", report, kind="llm", parents=[first])
    code = "<code>\ncrews_2024 = 28\nprint(crews_2024 - crews_2023)\n</code>"
    ran = rec.step("manager", report, f"{code}\nExecution logs:\n6", kind="llm", parents=[said])
    rec.step("manager", "6", "final_answer('6')", kind="llm", parents=[ran])
    return rec.finalize(final_output="6")


def test_figures_earlier_code_left_tell_a_difference_from_a_product() -> None:
    """Before, 19 in the place of 28 'gave 4' (6 x 19 / 28): the code took a difference, so
    the call that made up last year's 22 is the one to blame."""
    top = blame(crews(), check("exact_match", value="4"))[0]
    assert "in its place gives" not in top.reason
    assert (top.agent, top.step_index) == ("manager", 0)


def _never() -> list[str]:
    raise AssertionError("the figures earlier code left were read though no operand was a choice")


@pytest.mark.parametrize(
    ("operands", "result", "given", "right", "expected"),
    [
        (["216", "0.621371"], 134.216, "a report with no figure of the sum", "380", None),
        (["216", "0.621371"], 134.216, "", "380", None),
    ],
)
def test_what_earlier_code_left_is_read_only_when_an_operand_was_chosen(
    operands: list[str], result: float, given: str, right: str, expected: object
) -> None:
    """Reading what earlier code left walks the agent's earlier calls: a calculation none of
    whose operands is a figure of its input has no swap, and pays nothing for it."""
    assert swap(operands, result, given, right, left=_never) == expected


def test_what_earlier_code_left_tells_the_form_once_an_operand_was_chosen() -> None:
    """`28 - crews_2023` = 6 with the 22 earlier code left: a difference, so 26 in the place of
    the chosen 28 gives the right 4."""
    found = swap(["28"], 6.0, "28 crews, 26 crews", "4", left=lambda: ["22"])
    assert found == ("28", "26")
