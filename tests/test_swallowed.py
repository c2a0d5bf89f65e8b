"""Errors no model read (blame/engine/swallowed.py): code that caught a tool's failure."""

from __future__ import annotations

from typing import Any

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.rules import switched_off
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

FAILED = Evaluation(score=0.0, message="failed")
ERROR = "RuntimeError: API error 503: service temporarily unavailable"
CAUGHT = (
    "I fetch Hungary's rate; if the API fails I use 25.\n<code>\ntry:\n"
    "    hu = fetch_json('/vat/HU')['rate']\nexcept Exception:\n    hu = 25.0\nprint(hu)\n</code>"
)


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, FAILED, StepGraph(trace))


def fallback(code: str = CAUGHT, seen: str = "Execution logs:\n25.0", error: str = ERROR) -> Trace:
    """A code agent's call asks for Denmark's rate, then Hungary's in code that may catch the
    failure; the next call reads what the code printed (`seen`) and answers."""
    rec = TraceRecorder(
        "t", input="By how many points did Hungary's VAT exceed Denmark's? Number only."
    )
    first = rec.step("Analyst", "task", "<code>\ndk = fetch_json('/vat/DK')\n</code>", kind="llm")
    dk = rec.tool(
        "fetch_json", agent="Analyst", args="/vat/DK", output='{"rate": 25.0}', parents=[first]
    )
    wrote = rec.step("Analyst", '{"rate": 25.0}', code, kind="llm", parents=[dk])
    hu = rec.tool("fetch_json", agent="Analyst", args="/vat/HU", error=error, parents=[wrote])
    rec.step("Analyst", seen, "final_answer('0')", kind="llm", parents=[hu])
    return rec.finalize(final_output="0")


def test_the_call_whose_code_caught_the_failure_is_the_culprit() -> None:
    """Before, the last call was blamed for answering '0': it never saw the error."""
    top = blame(fallback(), check("exact_match", value="2"))[0]
    assert (top.agent, top.step_index) == ("Analyst", 2)
    assert top.reason == (
        "step 3 (tool fetch_json, called by Analyst) raised 'RuntimeError: API error 503: "
        "service te…', and no LLM call read it: the code step 2 (Analyst) wrote called "
        "fetch_json and went on without it; the wrong value '0' reached the final output"
    )


def test_a_failure_a_model_read_is_that_models_to_handle() -> None:
    """The next call's input shows the error: it read it and went on (rule `error-reader`)."""
    trace = fallback(seen="Execution logs:\nError: API error 503: service temporarily unavailable")
    top = blame(trace, check("exact_match", value="2"))[0]
    assert "no LLM call read it" not in top.reason


def test_a_caller_that_wrote_no_code_did_not_catch_anything() -> None:
    """A framework that hides a tool's error from the model is no call's code."""
    trace = fallback("fetch_json('/vat/HU')", "Observation: none")
    top = blame(trace, check("exact_match", value="2"))[0]
    assert "no LLM call read it" not in top.reason


def test_without_the_rule_the_swallowed_failure_is_not_read() -> None:
    with switched_off("error-swallowed"):
        top = blame(fallback(), check("exact_match", value="2"))[0]
    assert "no LLM call read it" not in top.reason


def test_code_without_an_except_caught_nothing() -> None:
    """Before, a call whose code had no `except` was said to have caught the failure."""
    code = "I fetch Hungary's rate.\n<code>\nhu = fetch_json('/vat/HU')['rate']\n</code>"
    top = blame(fallback(code, "Observation: none"), check("exact_match", value="2"))[0]
    assert "no LLM call read it" not in top.reason


def test_a_traceback_is_read_by_its_last_line() -> None:
    """Frameworks show a model the error's last line, not `Traceback (most recent call
    last)`: a call whose input has that line read the error (before, it was said no call
    read it)."""
    traceback = f'Traceback (most recent call last):\n  File "x.py", line 1\n{ERROR}'
    seen = "Error: API error 503: service temporarily unavailable"
    top = blame(fallback(seen=seen, error=traceback), check("exact_match", value="2"))[0]
    assert "no LLM call read it" not in top.reason
