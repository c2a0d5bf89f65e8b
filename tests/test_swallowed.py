"""Errors no model read (blame/engine/swallowed.py): code that caught a tool's failure."""

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


def timed_out(reader: str, manager: str | None = None) -> Trace:
    """An analyst finds a mine's record (capacity 450000 t), asks for the year's output and
    the call times out; `reader` is what the call that read the error wrote; `manager`, when
    given, a manager's call after it that answers."""
    rec = TraceRecorder("t", input="How many tonnes did the Bräunberg mine produce in 2023?")
    ask = rec.step("Analyst", "task", "fetch_json('/sites?query=Bräunberg')", kind="llm")
    site = rec.tool("fetch_json", agent="Analyst", args="/sites?query=Bräunberg",
                    output="SM-208 Bräunberg Salt Mine\n450000\n610", parents=[ask])  # fmt: skip
    ask = rec.step("Analyst", "capacity 450000", "fetch_json('/sites/SM-208/production')",
                   kind="llm", parents=[site])  # fmt: skip
    lost = rec.tool("fetch_json", agent="Analyst", args="/sites/SM-208/production",
                    error="TimeoutError: production service timed out", parents=[ask])  # fmt: skip
    memory = "SM-208 Bräunberg Salt Mine\n450000\n610\nTimeoutError: production service timed out"
    said = rec.step("Analyst", memory, reader, kind="llm", parents=[lost])
    if manager is not None:
        rec.step("Manager", reader, manager, kind="llm", parents=[said])
    return rec.finalize(final_output="450000")


def test_the_call_that_read_the_error_and_answered_with_its_own_value_chose() -> None:
    """Its reason says it read the error and answered without what the call was to give
    (before, only that it first wrote the value; in a smolagents run, the call that asked
    for the site's record was blamed for the capacity the record gave)."""
    trace = timed_out(
        "It timed out; the mine runs at capacity, so 450,000 t. final_answer('450000')"
    )
    top = blame(trace, check("exact_match", value="387120"))[0]
    assert (top.agent, top.step_index) == ("Analyst", 4)
    assert top.reason == (
        "step 4 (Analyst) read the error 'TimeoutError: production service timed …' that "
        "step 3 (tool fetch_json, called by Analyst) raised and wrote the wrong value "
        "'450000' that reached the final output, without what the call was to give"
    )
    with switched_off("error-reader"):
        assert "read the error" not in blame(trace, check("exact_match", value="387120"))[0].reason


def test_a_reader_that_said_what_failed_and_handed_the_value_on_did_not_choose() -> None:
    """It reported the failure and the only figure it had; the manager answered with it."""
    report = "The production service timed out; the only figure I found is the capacity, 450,000 t."
    top = blame(
        timed_out(report, manager="final_answer('450000')"), check("exact_match", value="387120")
    )[0]
    assert "read the error" not in top.reason


def standings(report: str) -> Trace:
    """A search agent searches the `standings` (a word the task does not have), finds a
    mid-season snippet with 412, fails twice to open the page, and reports `report`; the
    manager answers 412."""
    task = "How many championship points did Ailsa Brennan finish the 2025 club championship with?"
    rec = TraceRecorder("t", input=task)
    asked = rec.step("manager", task, "search_agent(task='Final championship standings.')",
                     kind="llm")  # fmt: skip
    query = "web_search('club championship standings')"
    search = rec.step("search_agent", "Final championship standings.", query, kind="llm",
                      parents=[asked])  # fmt: skip
    snippet = "Standings after race 6 of 9: 1. Ailsa Brennan 412 pts"
    found = rec.tool("web_search", agent="search_agent", args="club championship standings",
                     output=snippet, parents=[search])  # fmt: skip
    opens = rec.step("search_agent", snippet, "visit_webpage('/standings')", kind="llm",
                     parents=[found])  # fmt: skip
    failed = rec.tool("visit_webpage", agent="search_agent", args="/standings", parents=[opens],
                      error="RuntimeError: 503 Server Error: Service Unavailable")  # fmt: skip
    said = rec.step("search_agent", "503 Server Error", report, kind="llm", parents=[failed])
    rec.step("manager", report, "final_answer('412')", kind="llm", parents=[said])
    return rec.finalize(final_output="412")


@pytest.mark.parametrize(
    ("report", "aside"),
    [
        # the answer opens with the failure, the figure an aside after it: the manager chose
        ("Not found: the standings page returned 503 twice.\nA June snippet had 412 pts.", True),
        ("### Outcome:\nI could not open the standings. The only figure I saw: 412 pts.", True),
        # the figure stated first, or in the sentence that says what failed, or no failure
        ("Ailsa has 412 pts. The standings page returned 503 twice.", False),
        ("The page returned 503 once; I retried and it gives 412 pts.", False),
        ("No errors on the page: Ailsa has 412 pts.", False),
        (
            "<code>\ntry:\n    x = 1\nexcept Exception as e:\n    print(f'Error: {e}')\n"
            "final_answer('412 pts')\n</code>",
            False,
        ),  # a code string is no answer
    ],
)
def test_a_value_handed_on_as_an_aside_to_a_failure_is_its_readers_choice(
    report: str, aside: bool
) -> None:
    """Before, the search agent that reported the failure was blamed for the 412 it gave
    only after it (in a smolagents run, the manager's search for `standings`, a word the
    task does not have): the reader that answered with it as a finding chose it."""
    trace = standings(report)
    top = blame(trace, check("exact_match", value="468"))[0]
    assert ((top.agent, top.step_index) == ("manager", 6)) is aside
    assert ("only after it; step 6 (manager) answered with it as a finding" in top.reason) is aside
    if aside:
        with switched_off("failure-aside"):
            without = blame(trace, check("exact_match", value="468"))[0]
        assert (without.agent, without.step_index) == ("search_agent", 5)


def test_a_reader_that_answered_with_an_aside_to_a_failure_is_told_to_ask_again() -> None:
    """Before, its patch was to output exactly the right answer, which tells a model nothing."""
    report = "Not found: the standings page returned 503 twice.\nA June snippet had 412 pts."
    patches = patches_for(make_check("exact_match", value="468"), standings(report))
    assert [(p.target, p.text) for p in patches] == [
        (
            "manager",
            "- When an agent reports that it failed or found nothing, never answer with a "
            "figure it gives only beside that failure: ask again, or say there is no answer.",
        )
    ]


def test_the_call_that_answered_in_place_of_a_failed_call_is_told_to_retry_or_say_so() -> None:
    trace = timed_out(
        "It timed out; the mine runs at capacity, so 450,000 t. final_answer('450000')"
    )
    check = make_check("exact_match", value="387120")
    assert [(p.target, p.text) for p in patches_for(check, trace)] == [
        (
            "Analyst",
            "- When fetch_json fails, retry it or say that you have no answer; never answer "
            "with a value of your own in place of what it was to give.",
        )
    ]


def compared_seasons() -> Trace:
    """A code step fetches 2023 and 2024 in one loop, to compare them; 2024's call times out
    and the code prints the error; the next call answers with the latest season it has,
    2023's, through `final_answer`."""
    rec = TraceRecorder("t", input="How many litres of syrup in the 2024 season? Number only.")
    code = (
        "<code>\nfor season in (2023, 2024):\n    try:\n        prod[season] = fetch(season)\n"
        "    except Exception as e:\n        print(season, 'error:', e)\n</code>"
    )
    asked = rec.step("analyst", "task", code, kind="llm")
    old = rec.tool("fetch_json", agent="analyst", args="/production?season=2023",
                   output='{"syrup_l": 4120}', parents=[asked])  # fmt: skip
    new = rec.tool("fetch_json", agent="analyst", args="/production?season=2024",
                   error="RuntimeError: 504 Gateway Timeout", parents=[old])  # fmt: skip
    seen = "2023 4120 L syrup\n2024 error: 504 Gateway Timeout"
    answer = "The latest season's figure.\n<code>\nfinal_answer(str(prod[max(prod)]))\n</code>"
    reader = rec.step("analyst", seen, answer, kind="llm", parents=[old, new])
    rec.tool("final_answer", agent="analyst", args="4120", output="4120", parents=[reader])
    return rec.finalize(final_output="4120")


def test_a_reader_of_an_error_whose_code_answered_with_another_calls_value_wrote_it() -> None:
    top = blame(compared_seasons(), check("exact_match", value="3565"))[0]
    assert (top.step_index, top.reason) == (
        3,
        "step 3 (analyst) read the error 'RuntimeError: 504 Gateway Timeout' that step 2 "
        "(tool fetch_json, called by analyst) raised and wrote the wrong value '4120' that "
        "reached the final output, without what the call was to give",
    )


def detoured(
    reader_said: str = "The register loaded; for the total I read the news article.",
    url: str = "https://echo.example/news/guild-story",
    writer_read_an_error: bool = False,
    came_back: bool = False,
) -> Trace:
    """A search snippet gives a 2019 count; the register page answers 503; the next call
    opens another page (`url`) instead; a later call answers with the snippet's count."""
    rec = TraceRecorder("t", input="How many thatchers are on the guild's register? Number only.")
    ask = rec.step("search_agent", "task", 'web_search("guild register thatchers")', kind="llm")
    hits = rec.tool("web_search", agent="search_agent", args="guild register thatchers",
                    output="Register: https://guild.example/register\n2019: 37 thatchers",
                    parents=[ask])  # fmt: skip
    opens = rec.step("search_agent", "results", "visit_webpage(register)", kind="llm",
                     parents=[hits])  # fmt: skip
    failed = rec.tool("visit_webpage", agent="search_agent", args="https://guild.example/register",
                      error="RuntimeError: 503 Server Error", parents=[opens])  # fmt: skip
    reader = rec.step("search_agent", "503 Server Error", f"{reader_said}\nvisit_webpage({url})",
                      kind="llm", parents=[failed])  # fmt: skip
    page = rec.tool("visit_webpage", agent="search_agent", args=url,
                    output="The guild counts 37 thatchers.", parents=[reader])  # fmt: skip
    if came_back:  # after the other page, the register again, its first page
        back = rec.step("search_agent", "article", "visit_webpage(register?page=1)", kind="llm",
                        parents=[page])  # fmt: skip
        page = rec.tool("visit_webpage", agent="search_agent",
                        args="https://guild.example/register?page=1",
                        output="Register, page 1 of 3.", parents=[back])  # fmt: skip
    if writer_read_an_error:
        page = rec.tool("visit_webpage", agent="search_agent", args="https://other.example/x",
                        error="RuntimeError: ReadTimeout", parents=[page])  # fmt: skip
    rec.step("search_agent", "The guild counts 37 thatchers.", "final_answer('37 thatchers')",
             kind="llm", parents=[page])  # fmt: skip
    return rec.finalize(final_output="37")


@pytest.mark.parametrize(
    ("trace", "went_on"),
    [
        (detoured(), True),
        # it said the page failed, in words or by its status: it went on knowingly
        (detoured("The register is down (503); I read the news article."), False),
        (detoured("The register page failed; I read the news article."), False),
        (detoured("Thought: Not there. I read the news article."), False),  # it denied
        # it came back to the register later: a retry, however late
        (detoured(url="https://guild.example/register?page=1"), False),
        (detoured(came_back=True), False),  # after another page
        # the call that answered read an error itself: that going on is judged
        (detoured(writer_read_an_error=True), False),
    ],
    ids=[
        "went-on",
        "said-503",
        "said-failed",
        "denied",
        "came-back",
        "came-back-later",
        "writer-error",
    ],
)
def test_a_call_that_read_an_error_and_went_elsewhere_without_a_word_decided(
    trace: Trace, went_on: bool
) -> None:
    top = blame(trace, check("exact_match", value="42"))[0]
    assert (top.step_index == 4 and "said nothing failed" in top.reason) is went_on


def test_going_on_from_an_error_is_not_read_with_its_rule_off() -> None:
    with switched_off("error-went-on"):
        top = blame(detoured(), check("exact_match", value="42"))[0]
    assert "said nothing failed" not in top.reason
