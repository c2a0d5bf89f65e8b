"""A code name's value stated without reading its definition (blame/engine/definitions.py)."""

from __future__ import annotations

from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.rules import switched_off
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect
from blame.testing import make_check, patches_for

FAILED = Evaluation(score=0.0, message="failed")

SCALE = (
    "  7  from levain.constants import DEFAULT_HYDRATION\n"
    " 40  def scale_recipe(recipe, flour_g, hydration=None):\n"
    ' 41      """`hydration` is water as a fraction of flour (3/4 for 75 %)."""\n'
    " 42      if hydration is None:\n"
    " 43          hydration = DEFAULT_HYDRATION\n"
)


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, FAILED, StepGraph(trace))


def stated_unread(fact: str, constants: str | None = None) -> Trace:
    """A code agent reads the function, whose docstring's example says 75 %; its plan states
    `fact`; it answers 75. With `constants`, it read the constants file first."""
    task = "What hydration, in percent, does scale_recipe() use when given none? Number only."
    rec = TraceRecorder("t", input=task)
    last = rec.step("coder", task, 'read_file({"path": "levain/scale.py"})', kind="llm")
    if constants is not None:
        got = rec.tool("read_file", agent="coder", args="levain/constants.py", output=constants,
                       parents=[last])  # fmt: skip
        last = rec.step("coder", constants, 'read_file({"path": "levain/scale.py"})',
                        kind="llm", parents=[got])  # fmt: skip
    read = rec.tool("read_file", agent="coder", args="levain/scale.py", output=SCALE,
                    parents=[last])  # fmt: skip
    plan = rec.step("coder", SCALE, f"## Facts\n- {fact}\n## Plan\n1. Report it.", kind="llm",
                    parents=[read])  # fmt: skip
    answer = rec.step("coder", fact, 'final_answer("75")', kind="llm", parents=[plan])
    rec.tool("final_answer", agent="coder", args="75", output="75", parents=[answer])
    return rec.finalize(final_output="75")


@pytest.mark.parametrize(
    ("fact", "constants", "culprit"),
    [
        # the name's definition was never read: the plan that stated its value made it up
        ("DEFAULT_HYDRATION is 3/4, i.e. 75 %.", None, 2),
        # it read the definition (another value there): the plan misread, not unread
        ("DEFAULT_HYDRATION is 3/4, i.e. 75 %.", "DEFAULT_HYDRATION = Fraction(7, 10)\n", None),
        ("DEFAULT_HYDRATION is 3/4, i.e. 75 %.", "DEFAULT_HYDRATION: Fraction = F(7, 10)\n", None),
        # a definition in any form: a figure beside the name, or the name given a value
        ("DEFAULT_HYDRATION is 3/4, i.e. 75 %.", "levain:\n  DEFAULT_HYDRATION: 0.7\n", None),
        ("DEFAULT_HYDRATION is 3/4, i.e. 75 %.", "#define DEFAULT_HYDRATION 0.7\n", None),
        ("DEFAULT_HYDRATION is 3/4, i.e. 75 %.", "self.DEFAULT_HYDRATION = 0.7\n", None),
        (
            "DEFAULT_HYDRATION is 3/4, i.e. 75 %.",
            '{"content": "\\nDEFAULT_HYDRATION = F(7, 10)"}',
            None,
        ),
        # a parameter's name, or a name in an address or a path, is no constant's
        ("With flour_g given and no hydration, the recipe uses 75 %.", None, None),
        ("See https://example.org/DEFAULT_HYDRATION: 75 %.", None, None),
        # a name no tool ever showed, or no code name at all, is no claim about a definition
        ("HYDRATION_DEFAULT is 75 %.", None, None),
        ("The default is 75 %.", None, None),
    ],
)
def test_a_value_stated_for_a_code_name_no_read_file_defines_was_made_up(
    fact: str, constants: str | None, culprit: int | None
) -> None:
    """Before, the call that opened the file whose docstring held 75 was blamed for the value
    its tool returned."""
    top = blame(stated_unread(fact, constants), check("exact_match", value="70"))[0]
    unread = "which no tool's output before it defines" in top.reason
    assert unread is (culprit is not None)
    if culprit is not None:
        assert top.step_index == culprit
        assert top.reason == (
            "step 2 (coder) stated '75' as the value of 'DEFAULT_HYDRATION', which no tool's "
            "output before it defines (it read no `DEFAULT_HYDRATION = ...`); step 1 (tool "
            "read_file, called by coder) had '75' only on a line about something else"
        )


def test_a_value_stated_unread_is_not_looked_for_with_the_rule_off() -> None:
    with switched_off("unread-definition"):
        trace = stated_unread("DEFAULT_HYDRATION is 3/4, i.e. 75 %.")
        top = blame(trace, check("exact_match", value="70"))[0]
    assert "defines" not in top.reason


def test_the_patch_for_a_value_stated_unread_asks_to_read_the_definition() -> None:
    trace = stated_unread("DEFAULT_HYDRATION is 3/4, i.e. 75 %.")
    (patch,) = patches_for(make_check("exact_match", value="70"), trace)
    assert patch.target == "coder"
    assert patch.instructions == (
        "Read where a name is defined before you state its value: you stated the value of "
        '"DEFAULT_HYDRATION" without reading its definition; open the file that defines it.',
    )
