from typing import Any

import pytest

from blame.counterfactual import Counterfactual, NoCounterfactual, build
from blame.model import Trace
from blame.recorder import TraceRecorder
from blame.results import Suspect
from blame.testing import agent, chain, make_check, tool

TRACE = chain(
    agent("Planner", "ref=ZX-1 and total=42"),
    agent("Writer", "Total 42. REF=zx-1 DRAFT"),
    tool("book", "", agent="Writer", error="HTTP 503"),
    agent("Closer", "Booked and confirmed!"),
)


def _suspect(kind: str, name: str, step: int | None) -> Suspect:
    return Suspect(kind, name, name.split(" -> ")[-1], step, 0.9, "why")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("check", "suspect", "step", "output", "error", "change"),
    [
        (
            {"check_type": "contains", "value": "ref=ZX-1"},
            _suspect("agent", "Writer", 1),
            1,
            "Total 42. REF=zx-1 DRAFT".replace("REF=zx-1", "ref=ZX-1"),
            None,
            "restore 'ref=ZX-1' into step 1's output (Writer)",
        ),
        (
            {"check_type": "contains", "value": "total=42"},
            _suspect("handoff", "Planner -> Writer", 1),
            1,
            "Total 42. REF=zx-1 DRAFT\ntotal=42",
            None,
            "Planner -> Writer delivers 'total=42' into step 1's output (Writer)",
        ),
        (
            {"check_type": "exact_match", "value": "Booked."},
            _suspect("agent", "Closer", 3),
            3,
            "Booked.",
            None,
            "restore 'Booked.' into step 3's output (Closer)",
        ),
        (
            {"check_type": "regex", "value": "ref=[A-Z]+-\\d+"},
            _suspect("agent", "Writer", 1),
            1,
            "Total 42. ref=ZX-1 DRAFT",  # the text its input matched, written as it was there
            None,
            "restore 'ref=ZX-1' (matching /ref=[A-Z]+-\\d+/) into step 1's output (Writer)",
        ),
        (
            {"check_type": "not_contains", "value": "DRAFT"},
            _suspect("agent", "Writer", 1),
            1,
            "Total 42. REF=zx-1 ",
            None,
            "remove 'DRAFT' from step 1's output (Writer)",
        ),
        (
            {"check_type": "not_contains", "value": "draft", "case_sensitive": False},
            _suspect("agent", "Writer", 1),
            1,
            "Total 42. REF=zx-1 ",
            None,
            "remove 'draft' from step 1's output (Writer)",
        ),
        (
            {"check_type": "tool_succeeded", "tool": "book"},
            _suspect("tool", "book", 2),
            2,
            "book: ok",
            None,
            "book returns a stub success ('book: ok') at step 2",
        ),
        (
            {"check_type": "no_unsupported_claim", "tool": "book"},
            _suspect("agent", "Closer", 3),
            3,
            "book failed: HTTP 503",
            None,
            "step 3 (Closer) reports 'book failed: HTTP 503' instead of claiming success",
        ),
    ],
)
def test_the_counterfactual_of_each_failure(
    check: dict[str, Any],
    suspect: Suspect,
    step: int,
    output: str,
    error: str | None,
    change: str,
) -> None:
    found = build(make_check(**check), suspect, TRACE)
    assert isinstance(found, Counterfactual)
    assert (found.override.step_index, found.override.output) == (step, output)
    assert found.override.error == error
    assert found.change == change


def test_a_failing_tool_returns_its_declared_stub_success() -> None:
    stubs = {"book": "booked: BK-1", "other": "no"}
    found = build(make_check("tool_succeeded", tool="book"), _suspect("tool", "book", 2), TRACE,
                  stubs=stubs)  # fmt: skip
    assert isinstance(found, Counterfactual)
    assert (found.override.step_index, found.override.output, found.override.error) == (
        2,
        "booked: BK-1",
        None,
    )
    assert found.change == "book returns its declared stub success ('booked: BK-1') at step 2"
    assert found.hint == ""  # nothing to declare


def test_the_default_stub_says_where_to_declare_one() -> None:
    found = build(make_check("tool_succeeded", tool="book"), _suspect("tool", "book", 2), TRACE)
    assert isinstance(found, Counterfactual)
    assert found.hint == "; declare what it returns in tools.book.stub"


UNCHANGED = chain(
    agent("Planner", "ref=ZX-1 DRAFT confirmed"),
    agent("Writer", "draft"),  # drops the ref
    agent("Editor", "DRAFT done", input="draft"),  # never given the ref
    agent("Closer", "Booked!", input="Booked!"),  # passes on a claim it was given
)


@pytest.mark.parametrize(
    ("check", "suspect", "change"),
    [
        (
            {"check_type": "contains", "value": "ref=ZX-1"},
            _suspect("agent", "Editor", 2),
            "step 2 (Editor) was never given 'ref=ZX-1', so its output stays as it was",
        ),
        (
            {"check_type": "regex", "value": "ref=ZX-\\d"},
            _suspect("agent", "Editor", 2),
            "step 2 (Editor) was never given 'ref=ZX-1' (matching /ref=ZX-\\d/), so its output "
            "stays as it was",
        ),
        (
            {"check_type": "not_contains", "value": "DRAFT"},
            _suspect("agent", "Writer", 1),
            "step 1 (Writer) was given 'DRAFT': it did not introduce it, so its output stays "
            "as it was",
        ),
        (
            {"check_type": "no_unsupported_claim", "tool": "book"},
            _suspect("agent", "Closer", 3),
            "step 3 (Closer) was given the claim it passed on, so its output stays as it was",
        ),
    ],
)
def test_a_step_that_did_its_part_keeps_its_output(
    check: dict[str, Any], suspect: Suspect, change: str
) -> None:
    found = build(make_check(**check), suspect, UNCHANGED)
    assert isinstance(found, Counterfactual)
    step = UNCHANGED.steps[found.override.step_index]
    assert (found.override.output, found.override.error) == (step.output, step.error)
    assert found.change == change


def test_a_claim_made_in_a_conversation_that_held_other_claims_is_replaced() -> None:
    trace = chain(
        tool("transfer", "Successfully transferred", agent="Desk"),
        tool("book", "", agent="Desk", error="503"),
        agent("Desk", "Your room is booked.", input="Successfully transferred\nbook: 503"),
    )
    check = make_check("no_unsupported_claim", tool="book")
    found = build(check, _suspect("agent", "Desk", 2), trace)
    assert isinstance(found, Counterfactual) and found.override.output == "book failed: 503"


def _fed() -> Trace:
    """Booker's steps 1, 2 and 3 are each fed by step 0, which produced BK-7."""
    rec = TraceRecorder(input="book")
    booked = rec.step("Booker", input="book", output="booked: BK-7")
    rec.step("Booker", input="what to book", output="handing back", parents=[booked])
    rec.step("Desk", input="booked", output="thanks", parents=[booked])  # never arrived
    rec.step("Closer", output="done", parents=[booked])  # no input recorded
    return rec.finalize()


@pytest.mark.parametrize(
    ("suspect", "change"),
    [
        (
            _suspect("agent", "Booker", 1),
            "restore 'BK-7' into step 1's output (Booker)",
        ),
        (
            _suspect("agent", "Desk", 2),
            "step 2 (Desk) was never given 'BK-7', so its output stays as it was",
        ),
        (
            _suspect("handoff", "Booker -> Desk", 2),
            "Booker -> Desk delivers 'BK-7' into step 2's output (Desk)",
        ),
        (
            _suspect("agent", "Closer", 3),
            "restore 'BK-7' into step 3's output (Closer)",
        ),
    ],
)
def test_a_step_fed_the_value_by_its_own_agent_was_given_it(suspect: Suspect, change: str) -> None:
    """As the engine reads the graph ("step 1 was fed 'BK-7' by step 0"): an edge from a step
    of the same agent is a feed, though the step's recorded input lacks the value; one from
    another agent whose value the input lacks is a handoff that lost it."""
    found = build(make_check("contains", value="BK-7"), suspect, _fed())
    assert isinstance(found, Counterfactual) and found.change == change


def test_a_value_never_produced_is_the_final_agents_to_write() -> None:
    found = build(make_check("contains", value="ref=9"), _suspect("agent", "Closer", 3), UNCHANGED)
    assert isinstance(found, Counterfactual)
    assert found.override.output == "Booked!\nref=9"


NONE = "no single-step counterfactual: "
STRUCTURE = "which changes which steps run, not one step's output"


@pytest.mark.parametrize(
    ("check", "suspect", "why"),
    [
        (
            {"check_type": "contains", "value": "x"},
            _suspect("agent", "Writer", None),
            "the suspect is not pinned on a step",
        ),
        (
            {"check_type": "contains", "value": "x"},
            _suspect("agent", "Writer", 9),
            "the suspect is not pinned on a step",
        ),
        (
            {"check_type": "regex", "value": "order #\\d+"},
            _suspect("agent", "Writer", 1),
            NONE + "no text matching the regex was given to step 1 or produced before it, and "
            "blame would have to invent one; check for the expected text with contains or "
            "exact_match to have the suspects put to the test",
        ),
        (
            {"check_type": "tool_called", "tool": "search"},
            _suspect("agent", "Writer", 1),
            NONE + f"passing tool_called would add a call of search to the run, {STRUCTURE}",
        ),
        (
            {"check_type": "tool_called", "tool": "book", "min": 0, "max": 0},
            _suspect("agent", "Writer", 1),
            NONE + f"passing tool_called would take calls of book out of the run, {STRUCTURE}",
        ),
        (
            {"check_type": "tool_not_called", "tool": "book"},
            _suspect("agent", "Writer", 1),
            NONE + f"passing tool_not_called would take the call of book out of the run, "
            f"{STRUCTURE}",
        ),
        (
            {"check_type": "tool_order", "tools": ["book", "search"]},
            _suspect("agent", "Writer", 1),
            NONE + f"passing tool_order would reorder the run's tool calls, {STRUCTURE}",
        ),
        (
            {"check_type": "tool_succeeded", "tool": "search"},
            _suspect("agent", "Writer", 1),
            NONE + "search was never called, and passing would add a call of it to the run, "
            f"{STRUCTURE}",
        ),
        (
            {"check_type": "no_unsupported_claim", "tool": "book"},
            _suspect("tool", "book", 2),
            NONE + "step 2 (book) is not the claim: a stub success for it would make the claim "
            "true rather than show who made it; the claiming step gets the counterfactual (the "
            "tool's error instead of the claim)",
        ),
        (
            {"check_type": "max_latency", "seconds": 1},
            _suspect("agent", "Writer", 1),
            NONE + "max_latency is a budget, and a step's time is measured, not written in its "
            "output, so no change of an output lowers it; cut the time of the step blamed and "
            "run the test again",
        ),
        (
            {"check_type": "max_cost", "usd": 0.01},
            _suspect("agent", "Writer", 1),
            NONE + "max_cost is a budget, and a step's cost is measured, not written in its "
            "output, so no change of an output lowers it; cut the cost of the step blamed and "
            "run the test again",
        ),
        (
            {"check_type": "max_steps", "max": 1},
            _suspect("agent", "Writer", 1),
            NONE
            + f"max_steps is a budget, and passing would cut steps out of the run, {STRUCTURE}",
        ),
        (
            {"check_type": "python_import_check"},
            _suspect("agent", "Writer", 1),
            NONE + "python_import_check judges code by running it, and passing would take "
            "working code, which blame does not write; try a prompt patch with "
            "`blame improve --verify`",
        ),
        (
            {"check_type": "unit_tests", "tests": "def test_a(): pass"},
            _suspect("agent", "Writer", 1),
            NONE + "unit_tests judges code by running it, and passing would take working code, "
            "which blame does not write; try a prompt patch with `blame improve --verify`",
        ),
        (
            {"check_type": "json_schema", "schema": {"type": "object"}},
            _suspect("agent", "Writer", 1),
            NONE + "json_schema is not a built-in check type, and blame builds counterfactuals "
            "only for contains, exact_match, not_contains, regex, tool_succeeded, "
            "no_unsupported_claim",
        ),
    ],
)
def test_failures_without_a_single_step_counterfactual(
    check: dict[str, Any], suspect: Suspect, why: str
) -> None:
    assert build(make_check(**check), suspect, TRACE) == NoCounterfactual(why)
