from __future__ import annotations

from typing import Any

import pytest
from sample import run, trace

from blame import TraceRecorder
from blame.checks import content
from blame.model import Trace
from blame.testing import make_check, patches_for, run_check
from blame.text import safe_search


@pytest.mark.parametrize(
    ("kind", "params", "final", "score", "message"),
    [
        ("contains", {"value": "Paris"}, None, 1.0, "output contains 'Paris'"),
        ("contains", {"value": "paris"}, None, 0.0,
         "expected output to contain 'paris'; final output: 'The capital of France is Paris.'"),
        ("contains", {"value": "paris", "case_sensitive": False}, None, 1.0, "contains"),
        ("contains", {"value": 42}, "answer: 42", 1.0, "output contains '42'"),
        ("contains", {"value": "x"}, "", 0.0,
         "expected output to contain 'x'; final output is empty"),
        ("not_contains", {"value": "TODO"}, None, 1.0, "output does not contain 'TODO'"),
        ("not_contains", {"value": "Paris"}, None, 0.0,
         "expected output not to contain 'Paris'; found at offset 25: "
         "'The capital of France is Paris.'"),
        ("regex", {"value": r"\bParis\b"}, None, 1.0, "output matches /\\bParis\\b/ at 'Paris'"),
        ("regex", {"value": r"^\d+$"}, None, 0.0, "expected output to match /^\\d+$/"),
        ("regex", {"value": "PARIS", "ignore_case": True}, None, 1.0, "matches"),
        ("exact_match", {"value": "The capital of France is Paris."}, None, 1.0, "output equals"),
        ("exact_match", {"value": "Paris"}, None, 0.0,
         "expected output 'Paris'; got 'The capital of France is Paris.'"),
        ("exact_match", {"value": " paris ", "case_sensitive": False}, "PARIS\n", 1.0, "equals"),
    ],
)  # fmt: skip
def test_content_checks(
    kind: str, params: dict[str, Any], final: str | None, score: float, message: str
) -> None:
    got_score, got_message = run(kind, trace() if final is None else trace(final), **params)
    assert got_score == score
    assert message in got_message


def test_regex_check_that_times_out_is_an_error_not_a_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(content, "safe_search", _fast_timeout_search)
    found = content.regex.evaluate(make_check("regex", value=r"(?!(x+x+)+y)"), trace("x" * 5000))
    assert found.score == 0.0
    assert found.error is not None and "timed out" in found.error  # the status is its own field
    assert found.message == found.error  # not spelled into the message


@pytest.mark.parametrize("pattern", ["^a+$", r"^(?![\s\S]*TODO)"])
def test_regex_check_on_output_past_the_cap_errors_instead_of_passing(pattern: str) -> None:
    score, message = run("regex", trace("a" * 1_000_000 + " TODO"), value=pattern)
    assert score == 0.0
    assert "over the 1,000,000-char limit; the check cannot be decided" in message


def _fast_timeout_search(pattern: str, text: str, **kwargs: Any) -> Any:
    return safe_search(pattern, text, timeout=0.05, ignore_case=kwargs.get("ignore_case", False))


@pytest.mark.parametrize(
    ("right", "wrong", "parts"),
    [
        ("3017 m, 1998", "2710 m, 1998", ("3017", "2710")),
        ("Paris, France", "Lyon, France", ("Paris", "Lyon")),
        ("1998-03-14", "1998-04-14", ("03", "04")),
        ("12 km in 1,150 s", "12 km in 1,240 s", ("1,150", "1,240")),
        ("4.57", "4.12", None),  # one number: nothing around it is the same
        ("3017 km", "3017 ft", ("km", "ft")),
        ("3017 m", "3017 ft", None),  # a single character: too common to trace
        ("3017 m, 1998", "3017 m; 1998", None),  # a mark alone
        ("Paris, France", "paris, France", None),  # case only
        ("3017 m, 1998", "2710 m, 1999", None),  # nothing the same before or after
        ("3017 m, 1998", "3017 m, 1998 (GVP)", None),  # added, not changed
        ("A B", "A", None),
    ],
)
def test_the_one_part_a_compound_answer_got_wrong(
    right: str, wrong: str, parts: tuple[str, str] | None
) -> None:
    assert content._differing(right, wrong) == parts


def composed(question: str, page: str, said: str, final: str) -> Trace:
    """A searcher opens `page` and reports `said` from it; the manager writes `final`, the
    whole answer, from the report."""
    rec = TraceRecorder("t", input=question)
    ask = rec.step("searcher", "task", "visit_webpage('the page')", kind="llm")
    read = rec.tool("visit_webpage", agent="searcher", args="the page", output=page,
                    parents=[ask])  # fmt: skip
    report = rec.step("searcher", page, said, kind="llm", parents=[read])
    rec.step("manager", said, final, kind="llm", parents=[report])
    return rec.finalize()


def composed_from_a_misread() -> Trace:
    """The searcher reads the relief for the summit elevation; the manager writes the whole
    answer from its report, the year right."""
    return composed(
        "Summit elevation and last eruption of Tarvek? As '<m> m, <year>'.",
        "| Summit Elevation | Relief |\n| 3017 m | 2710 m |\nLast eruption: 1998",
        "Summit elevation 2710 m; last eruption 1998.",
        "2710 m, 1998",
    )


def test_a_compound_answer_wrong_in_one_part_is_blamed_where_that_part_came_from() -> None:
    top = run_check(make_check("exact_match", value="3017 m, 1998"), composed_from_a_misread())
    assert (top.blame[0].agent, top.blame[0].step_index) == ("searcher", 2)
    assert top.blame[0].reason == (
        "step 2 (searcher) had '3017' available but output the wrong value '2710' that "
        "reached the final output"
    )
    assert top.blame[1].step_index == 3  # the call that wrote the whole comes next


def test_a_wrong_part_first_written_by_the_first_step_is_blamed_there() -> None:
    """Step 0 is a step like any other: before, its index read as no step, and the call that
    wrote the whole answer out was blamed for the year the first step made up."""
    rec = TraceRecorder(
        "t", input="Summit elevation and last eruption of Tarvek? As '<m> m, <year>'."
    )
    said = "Summit elevation 3017 m; last eruption 1999."
    report = rec.step("searcher", "task", said, kind="llm")
    rec.step("manager", said, "3017 m, 1999", kind="llm", parents=[report])
    top = run_check(make_check("exact_match", value="3017 m, 1998"), rec.finalize())
    assert [(s.agent, s.step_index) for s in top.blame[:2]] == [("searcher", 0), ("manager", 1)]


def path_misread(final: str) -> Trace:
    """The searcher reports the file a function is called from as the file defining it; the
    manager writes `final` from its report."""
    return composed(
        "Which function must change? Answer as path::function.",
        "| Called from | pkg/reader.py |\n| Defined in | pkg/types.py |",
        "Defined in: pkg/reader.py",
        final,
    )


@pytest.mark.parametrize(
    ("final", "blamed"),
    [
        ("pkg/reader.py::parse", ("searcher", 2)),  # the value, one part wrong
        ("The answer is pkg/reader.py::parse", ("manager", 3)),  # more than the value
    ],
)
def test_contains_traces_the_one_wrong_part_of_a_final_value(
    final: str, blamed: tuple[str, int]
) -> None:
    """Before, `contains` blamed the manager that wrote the path out, where `exact_match`
    already traced the wrong folder to the searcher that misread the page."""
    top = run_check(make_check("contains", value="pkg/types.py::parse"), path_misread(final))
    assert (top.blame[0].agent, top.blame[0].step_index) == blamed


def computed_from_a_misread_row() -> Trace:
    """The searcher writes the longest drop's 807 m as the total height; the manager
    computes the ratio to another falls' 57 m from its report, then returns it."""
    rec = TraceRecorder("t", input="How many times higher is Angel Falls than Horseshoe Falls?")
    ask = rec.step("searcher", "task", "visit_page('angel-falls')", kind="llm")
    page = "| Longest single drop | 807 m |\n| Total height | 979 m |"
    read = rec.tool("visit_page", agent="searcher", args="angel-falls", output=page,
                    parents=[ask])  # fmt: skip
    report = rec.step("searcher", page, "Total height: 807 m.", kind="llm", parents=[read])
    code = "<code>\nprint(round(807 / 57))\n</code>\nExecution logs:\n14"
    ratio = rec.step("manager", "Total height: 807 m.\nHorseshoe Falls: 57 m", code,
                     kind="llm", parents=[report])  # fmt: skip
    last = rec.step("manager", code, "<code>\nfinal_answer('14')\n</code>", kind="llm",
                    parents=[ratio])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="14", output="14", parents=[last])
    return rec.finalize(final_output="14")


@pytest.mark.parametrize("check_type", ["contains", "exact_match"])
def test_the_patch_for_a_misread_row_names_the_label_and_its_figure(check_type: str) -> None:
    """Before, the searcher was told to include `17`, the manager's ratio, which it never
    computes."""
    patches = patches_for(make_check(check_type, value="17"), computed_from_a_misread_row())
    assert [(p.target, p.text) for p in patches] == [
        (
            "searcher",
            '- Report each figure under the label its source gives it: you wrote "807" under '
            '"Total height", which the source gives "979".',
        )
    ]


def planned_without_the_year() -> Trace:
    """The manager's plan notes the year among its facts, but its steps and its delegation
    leave it out; the sub-agent answers with today's seats."""
    question = "How many seats did the Calloway Planetarium have in 1968?"
    rec = TraceRecorder("t", input=question)
    plan = "## 1. Facts\n- opened in 1968\n## 2. Plan\n1. Ask for the seats.\n<end_plan>"
    planned = rec.step("manager", question, plan, kind="llm")
    code = '<code>\nseats = search_agent(task="How many seats has the dome?")\n</code>'
    handed = rec.step("manager", f"{question}\n{plan}", code, kind="llm", parents=[planned])
    page = "The dome opened in 1968 with 280 seats; since 2009 it has 212 seats."
    read = rec.tool("visit_webpage", agent="search_agent", args="calloway", output=page,
                    parents=[handed])  # fmt: skip
    said = rec.step("search_agent", page, "The dome has 212 seats.", kind="llm", parents=[read])
    rec.step("manager", "212 seats", "212", kind="llm", parents=[said])
    return rec.finalize()


def test_the_patch_for_a_plan_that_left_out_the_tasks_year_names_the_year() -> None:
    """Before, the plan was told to keep to the question for words it added (`dome`), not
    for the year it left out."""
    patches = patches_for(make_check("exact_match", value="280"), planned_without_the_year())
    assert (patches[0].target, patches[0].text) == (
        "manager",
        '- Keep the task\'s "1968" in every step you plan and every task you hand on; you left '
        "it out of what you asked.",
    )


def test_a_text_check_names_no_misread_figure() -> None:
    """The misread row explains a wrong number, not a missing name: before, a `contains`
    check on a name told the searcher about its 807."""
    patches = patches_for(
        make_check("contains", value="Kerepakupai"), computed_from_a_misread_row()
    )
    assert all("under the label" not in p.text for p in patches)


def test_the_patch_for_one_wrong_part_names_that_part() -> None:
    patches = patches_for(
        make_check("exact_match", value="3017 m, 1998"), composed_from_a_misread()
    )
    assert [(p.target, p.text) for p in patches] == [
        ("searcher", '- Pass on "3017" exactly as you received it; never change or replace it.')
    ]


def test_a_duration_written_as_another_clock_has_no_wrong_part() -> None:
    """`68:42.7` is `1:08:42.7` as minutes past the hour: before, its `68` was traced as a
    wrong part to the page that wrote it, ahead of the call that wrote the final output."""
    trace = composed(
        "What was the winner's total time? As h:mm:ss.s.",
        "| 1 | Freya Lindgren | 68:42.7 |",
        "Freya Lindgren's total was 68:42.7.",
        "68:42.7",
    )
    top = run_check(make_check("exact_match", value="1:08:42.7"), trace).blame[0]
    assert top.reason.startswith("the final output '68:42.7' is the duration '1:08:42.7'")
