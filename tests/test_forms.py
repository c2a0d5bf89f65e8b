"""The right value written another way (blame/engine/forms.py): the call that chose the
form is blamed, not where the value came from."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.forms import written_otherwise
from blame.engine.matching import literal
from blame.graph import StepGraph
from blame.model import Trace


def handed_on(page: str, answer: str) -> Trace:
    """A call reads `page` and its next call hands `answer` on as the final output."""
    rec = TraceRecorder("t", input="What was it? Give the value only.")
    ask = rec.step("analyst", "task", "<code>\nprint(visit_webpage('p'))\n</code>", kind="llm")
    read = rec.tool("visit_webpage", agent="analyst", args="p", output=page, parents=[ask])
    last = rec.step("analyst", page, f"<code>\nfinal_answer({answer!r})\n</code>", kind="llm",
                    parents=[read])  # fmt: skip
    rec.tool("final_answer", agent="analyst", args=answer, output=answer, parents=[last])
    return rec.finalize(final_output=answer)


@pytest.mark.parametrize(
    ("right", "page", "answer", "said"),
    [
        ("1486", "reached 1,486 m", "1,486", "is '1486' written another way"),
        ("38.4", "| 1 | 00:38,4 |", "38,4", "is '38.4' written another way"),
        ("2024-07-24", "on 24/07/2024", "24/07/2024", "is the date '2024-07-24'"),
        ("1:08:42.7", "| 1 | 68:42.7 |", "68:42.7", "is the duration '1:08:42.7'"),
        ("1486", "reached 1,468 m", "1,468", None),  # another figure
        ("1:08:42.7", "| 1 | 68:42.8 |", "68:42.8", None),  # another length
    ],
)
def test_the_right_value_in_another_form(
    right: str, page: str, answer: str, said: str | None
) -> None:
    found = written_otherwise(StepGraph(handed_on(page, answer)), literal(right), answer)
    assert (found is None) is (said is None)
    if found is not None and said is not None:
        assert said in found.reason
        assert found.step_index == 2  # the call that handed the form on chose it


def printed_then_handed_on(code: str) -> Trace:
    """A call parses the page's date with `code` and prints it; the next call hands the
    variable on as the final output, as the interpreter printed it."""
    rec = TraceRecorder("t", input="On what date was it announced? Reply in YYYY-MM-DD format.")
    page = "Winners announced: Saturday 15th March 2025."
    ask = rec.step("analyst", "task", "<code>\nprint(visit_webpage('p'))\n</code>", kind="llm")
    read = rec.tool("visit_webpage", agent="analyst", args="p", output=page, parents=[ask])
    printed = f"<code>\n{code}\nprint(d)\n</code>\nExecution logs:\n2025-03-15 00:00:00\n"
    parsed = rec.step("analyst", page, printed, kind="llm", parents=[read])
    last = rec.step("analyst", printed, "<code>\nfinal_answer(str(d))\n</code>", kind="llm",
                    parents=[parsed])  # fmt: skip
    out = "2025-03-15 00:00:00"
    answer = rec.tool("final_answer", agent="analyst", args=out, output=out, parents=[last])
    rec.step("analyst", "task", out, parents=[ask, read, parsed, last, answer])  # the run
    return rec.finalize(final_output=out)


@pytest.mark.parametrize(
    ("code", "chose", "said"),
    [
        (
            'd = datetime.strptime("15 March 2025", "%d %B %Y")',
            3,
            "step 3 (analyst) wrote the final output in that form: it handed on what step 2 "
            "(analyst)'s code printed, unformatted",
        ),
        (  # `str()` of what it read made the input text, not the value handed on
            'd = datetime.strptime(str(raw), "%d %B %Y")',
            3,
            "step 3 (analyst) wrote the final output in that form: it handed on what step 2 "
            "(analyst)'s code printed, unformatted",
        ),
        (  # the code that assigned it chose the form
            'd = datetime.strptime("15 March 2025", "%d %B %Y").strftime("%Y-%m-%d 00:00:00")',
            2,
            "step 2 (analyst) first wrote it in that form",
        ),
    ],
)
def test_a_date_handed_on_as_python_printed_it_is_the_handing_calls_form(
    code: str, chose: int, said: str
) -> None:
    """Before, `2025-03-15 00:00:00` was no form of `2025-03-15`: the call whose code
    printed the parsed date was blamed for a wrong value while it had the right one."""
    trace = printed_then_handed_on(code)
    found = written_otherwise(StepGraph(trace), literal("2025-03-15"), trace.final_output)
    assert found is not None
    assert found.reason.startswith(
        "the final output '2025-03-15 00:00:00' is the date '2025-03-15' written another way"
    )
    assert (found.step_index, said in found.reason) == (chose, True)


def made_then_handed_on(task: str, page: str, code: str, handing: str, answer: str) -> Trace:
    """A call reads `page`, the next runs `code` (which assigns `answer` and prints it) and
    the one after hands `handing` on as the final output `answer`."""
    rec = TraceRecorder("t", input=task)
    ask = rec.step("analyst", "task", "<code>\nprint(read_file('p'))\n</code>", kind="llm")
    read = rec.tool("read_file", agent="analyst", args="p", output=page, parents=[ask])
    ran = f"<code>\n{code}\nprint(answer)\n</code>\nExecution logs:\n{answer}\n"
    made = rec.step("analyst", page, ran, kind="llm", parents=[read])
    last = rec.step("analyst", answer, f"<code>\nfinal_answer({handing})\n</code>",
                    kind="llm", parents=[made])  # fmt: skip
    out = rec.tool("final_answer", agent="analyst", args=answer, output=answer, parents=[last])
    rec.step("analyst", "task", answer, parents=[ask, read, made, last, out])  # the run
    return rec.finalize(final_output=answer)


@pytest.mark.parametrize(
    ("assigned", "handing", "chose", "said"),
    [
        ("answer = str(fix.total_seconds())", "answer", 2, "step 2 (analyst)'s code formatted it"),
        ("answer = fix.total_seconds()", "answer", 3, "step 3 (analyst) wrote the final output"),
        # the handing call made the rounded figure text itself: `41.8`, not `41.80`
        ("answer = round(fix.total_seconds(), 1)", "str(answer)", 3, "step 3 (analyst) wrote"),
    ],
)
def test_a_number_made_text_by_the_code_that_assigned_it_is_that_calls_form(
    assigned: str, handing: str, chose: int, said: str
) -> None:
    """`answer = str(fix.total_seconds())` wrote `300.0` for 300 seconds; the call that
    then handed `answer` on only passed the text along. Before, that handing call was
    blamed."""
    task = "How many seconds does it fix film for? Number only."
    page = "FILM_FIX = timedelta(minutes=5)"
    code = f"fix = timedelta(minutes=5)\n{assigned}"
    trace = made_then_handed_on(task, page, code, handing, "300.0")
    found = written_otherwise(StepGraph(trace), literal("300"), "300.0")
    assert found is not None
    assert (found.step_index, said in found.reason) == (chose, True)


def marked_then_handed_on(assigned: str, handing: str, answer: str) -> Trace:
    """A call reads the version off a report and `assigned` makes the answer; the next call
    hands `handing` on as the final output `answer`."""
    task = "Which release first added it? The version number only."
    page = "It was added in release 0.7.0 (tag v0.7.0)."
    return made_then_handed_on(task, page, f"version = '0.7.0'\n{assigned}", handing, answer)


@pytest.mark.parametrize(
    ("assigned", "handing", "answer", "chose", "said"),
    [
        # the code that made the answer added the mark
        ('answer = f"v{version}"', "answer", "v0.7.0", 2, "step 2 (analyst)'s code added 'v'"),
        # the handing call added it itself
        ("answer = version", 'f"v{answer}"', "v0.7.0", 3, "step 3 (analyst)'s code added 'v'"),
        ("answer = version", "answer + '.'", "0.7.0.", 3, "step 3 (analyst) wrote the final"),
        # no code added it: the call that wrote the final output chose the form
        ("answer = 'v0.7.0'", "answer", "v0.7.0", 3, "step 3 (analyst) wrote the final output"),
        # an f-string of the handing call's that is not what it handed on added nothing
        ('answer = f"v{version}"', 'answer)\nprint(f"Submitting version {answer}"', "v0.7.0",
         2, "step 2 (analyst)'s code added 'v'"),
        ('answer = version + "v"', "answer", "0.7.0v", None, ""),  # a letter after: no mark
        # more than a mark: another answer, not another form of this one
        ("answer = f'{version}-beta'", "answer", "0.7.0-beta", None, ""),
        ("answer = f'{version} (2023)'", "answer", "0.7.0 (2023)", None, ""),
        ("answer = f'{version}1'", "answer", "0.7.01", None, ""),
    ],
    ids=["assigned", "handed", "point", "copied", "another-f-string", "letter-after", "suffix",
         "year", "digit"],
)  # fmt: skip
def test_the_right_value_with_a_mark_added(
    assigned: str, handing: str, answer: str, chose: int | None, said: str
) -> None:
    """Before, `v0.7.0` for `0.7.0` was another value, first found in a page the search
    agent read, and the call that asked for the page was blamed."""
    trace = marked_then_handed_on(assigned, handing, answer)
    found = written_otherwise(StepGraph(trace), literal("0.7.0"), answer)
    assert (found is None) is (chose is None)
    if found is not None:
        assert found.reason.startswith(f"the final output '{answer}' is '0.7.0' with")
        assert (found.step_index, said in found.reason) == (chose, True)


@pytest.mark.parametrize(
    ("right", "answer", "marked"),
    [
        ("Ostrava", '"Ostrava"', True),  # quotes added
        ("Ostrava", "Ostrava.", True),  # the value's case as the check wrote it
        ("ostrava", "Ostrava.", True),
        ("http", "https", False),  # a letter added: another word
        ("user", "users", False),
        ("0.7.0", "0.7.0a", False),  # a pre-release, not the release
        ("0.7.0", "V0.7.0", True),
        ("release", "vrelease", False),  # a `v` marks a version, a figure's
        ("C", "C#", False),  # a sign names another value
        ("A", "A+", False),
        ("Ostrava", "(Ostrava)", True),
    ],
)
def test_a_mark_is_no_letter_or_figure(right: str, answer: str, marked: bool) -> None:
    """Before, `https` for `http` was read as `http` with a mark added, and before the
    second review `C#` for `C`."""
    task = "What is it? The value only."
    trace = made_then_handed_on(task, f"It is {right}.", f"answer = {answer!r}", "answer", answer)
    found = written_otherwise(StepGraph(trace), literal(right), answer)
    assert (found is not None and "added" in found.reason) is marked
    if found is not None and marked:
        assert found.reason.startswith(f"the final output '{answer}' is '{right}' with")


def test_hostile_f_strings_are_read_in_linear_time() -> None:
    hostile = 'f"' + "x" * 300 + "\n"
    trace = marked_then_handed_on(hostile * 3_000 + 'answer = f"v{version}"', "answer", "v0.7.0")
    found = written_otherwise(StepGraph(trace), literal("0.7.0"), "v0.7.0")
    assert found is not None


@pytest.mark.parametrize(
    ("right", "marked"),
    [("Ostrava", True), ("ostrava", False)],  # a case-sensitive check: `ostrava` is not there
)
def test_a_case_sensitive_value_is_marked_only_as_written(right: str, marked: bool) -> None:
    """Before the second review, a case-sensitive `Ostrava` was never found in `Ostrava.`,
    and `ostrava` was said to be there."""
    trace = made_then_handed_on("Where? The town only.", "It is Ostrava.", "answer = 'x'",
                                "answer", "Ostrava.")  # fmt: skip
    found = written_otherwise(StepGraph(trace), literal(right, case_sensitive=True), "Ostrava.")
    assert (found is not None and "added" in found.reason) is marked
