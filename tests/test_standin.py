"""blame/engine/standin.py: a value of the required one's form written in its place, and a
tool called with a garbled copy of the task's value, each blamed where it was written."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation

FAILED = Evaluation(score=0.0, message="failed")


def relay(task: str, tool_output: str, reader: str, writer: str) -> Trace:
    """Asker -> tool -> Reader -> Writer, every step given the conversation so far."""
    rec = TraceRecorder("t", input=task)
    ask = rec.step("Reader", input=task, output="-> lookup {}")
    looked = rec.tool("lookup", args="{}", output=tool_output, parents=[ask])
    said = rec.step("Reader", input=f"{task}\n{tool_output}", output=reader, parents=[looked])
    rec.step("Writer", input=f"{task}\n{tool_output}\n{reader}", output=writer, parents=[said])
    return rec.finalize(final_output=writer)


def top(trace: Trace, kind: str, value: str) -> tuple[str, int | None]:
    check = Check(type=kind, name=kind, params={"value": value, "case_sensitive": True})
    first = attribute(check, FAILED, StepGraph(trace))[0]
    return first.agent, first.step_index


@pytest.mark.parametrize(
    ("task", "tool_output", "reader", "writer", "value", "culprit"),
    [
        # a code of the required one's form in its place: where it was written
        ("Gate of AF12?", "AF12: gate B12", "It is B21.", "Gate B21 at 14:05.\nBye.", "B12", 2),
        # a capitalised name in a sentence
        ("Rain tomorrow?", "Lille: rain", "Forecast: Lyon: sun", "So: Lyon: sun\nBye.", "Lille", 2),
        # a name only because a sentence starts with it: no stand-in, the loss is the writer's
        ("Rain tomorrow?", "Lille: rain", "Sunny. Lyon", "Sunny.\nLyon is dry.", "Lille", 3),
        # another code altogether (a booking reference, say) is no stand-in: the loss decides
        ("Gate of AF12?", "AF12: gate B12", "It is C47.", "Gate C47 at 14:05.\nBye.", "B12", 3),
        # the other value was the task's own: no stand-in
        ("B21 or B12?", "AF12: gate B12", "It is B21.", "Go to gate B21.\nBye.", "B12", 3),
        # a value of another form (a phrase) in its place: the loss is the writer's
        ("Gate of AF12?", "AF12: gate B12", "It is gate B.", "Go to gate B.\nBye.", "B12", 3),
    ],
)
def test_a_value_of_the_required_form_in_its_place_is_where_it_was_written(
    task: str, tool_output: str, reader: str, writer: str, value: str, culprit: int
) -> None:
    trace = relay(task, tool_output, reader, writer)
    assert top(trace, "contains", value)[1] == culprit


def test_of_two_names_in_its_place_the_one_written_nearest_the_loss_is_blamed() -> None:
    """The planner brought in Bob, a colleague to ask, while the city was in its input; the
    reader wrote Lyon for the tool's Lille. Both names are in the final output: Lyon, written
    nearest the loss, took Lille's place."""
    task = "Rain in Lille tomorrow?"
    rec = TraceRecorder("t", input=task)
    plan = rec.step("Planner", input=task, output="Ask Bob about the weather.")
    looked = rec.tool("lookup", args="{}", output="Lille: rain", parents=[plan])
    said = rec.step("Reader", input=f"{task}\nLille: rain", output="Lyon: sun", parents=[looked])
    final = "So Bob says: Lyon: sun\nBye."
    rec.step("Writer", input=f"{task}\nLille: rain\nLyon: sun", output=final, parents=[said])
    assert top(rec.finalize(final_output=final), "contains", "Lille") == ("Reader", 2)


def asked(task: str, argument: str, output: str) -> Trace:
    """Agent calls find(id=argument), then answers with the tool's output."""
    rec = TraceRecorder("t", input=task)
    call = rec.step("Agent", input=task, output=f"-> find {{'id': '{argument}'}}")
    found = rec.tool("find", args=f'{{"id": "{argument}"}}', output=output, parents=[call])
    rec.step("Agent", input=f"{task}\n{output}", output=output, parents=[found])
    return rec.finalize(final_output=output)


@pytest.mark.parametrize(
    ("task", "argument", "check", "culprit"),
    [
        ("Where is order 7731?", "7713", "not_contains", ("Agent", 0)),  # two swapped
        ("Where is order 7731?", "7781", "not_contains", ("Agent", 0)),  # one changed
        ("Where is order 7731?", "7713", "contains", ("Agent", 0)),
        ("Where is order 7731?", "1234", "not_contains", ("Agent", 1)),  # no copy: the tool
        ("Where is order 7731?", "7731", "not_contains", ("Agent", 1)),  # the task's own
        ("Where is order 773?", "737", "not_contains", ("Agent", 1)),  # too short to tell
    ],
)
def test_a_tool_called_with_a_garbled_copy_of_the_tasks_value_blames_the_call(
    task: str, argument: str, check: str, culprit: tuple[str, int]
) -> None:
    value = "awaiting payment" if check == "not_contains" else "shipped"
    trace = asked(task, argument, "order status: awaiting payment")
    assert top(trace, check, value) == culprit


@pytest.mark.parametrize(
    ("task", "argument", "culprit"),
    [
        ("What did ACME close at?", "ACMX", ("Agent", 0)),  # a code the task does not have
        ("How much is 250 GBP in EUR?", "250 USD", ("Agent", 0)),  # another currency
        ("What is twice 522,250?", "522", ("Agent", 0)),  # a figure cut short
        ("What did ACME close at?", "ACME", ("Agent", 1)),  # the task's own: the tool's
        ("How much is 250 GBP in EUR?", "250.0 GBP", ("Agent", 1)),  # the same figure
        ("What did ACME close at?", "acme stock price", ("Agent", 1)),  # words name nothing
        ("What is twice 522,250?", "2", ("Agent", 1)),  # one digit: too short to tell
    ],
)
def test_a_wrong_answer_from_a_tool_called_with_a_made_up_value_blames_the_call(
    task: str, argument: str, culprit: tuple[str, int]
) -> None:
    """Without LLM-call steps, the answer the tool gave is the call's when the call made up
    a figure or code: the tool answered faithfully what it was asked."""
    trace = asked(task, argument, "the answer is 12.05")
    assert top(trace, "contains", "131.40") == culprit


@pytest.mark.parametrize(
    ("plan", "reader_sees_plan", "culprit"),
    [
        # the planner made B21 up without the gate; the reader had both and took the plan's
        ("Plan: send the traveller to gate B21.", True, ("Planner", 0)),
        # the reader never saw the plan: it wrote B21 on its own, the loss is its
        ("Plan: send the traveller to gate B21.", False, ("Reader", 2)),
        # a plan without a value of the gate's form: the loss is the reader's
        ("Plan: look the gate up.", True, ("Reader", 2)),
    ],
)
def test_a_value_made_up_upstream_and_taken_in_the_required_ones_place_is_its_authors(
    plan: str, reader_sees_plan: bool, culprit: tuple[str, int]
) -> None:
    task = "Gate of AF12?"
    rec = TraceRecorder("t", input=task)
    planned = rec.step("Planner", input=task, output=plan)
    looked = rec.tool("lookup", args="{}", output="AF12: gate B12", parents=[planned])
    seen = f"{task}\n{plan}\n" if reader_sees_plan else f"{task}\n"
    parents = [planned, looked] if reader_sees_plan else [looked]
    rec.step("Reader", input=f"{seen}AF12: gate B12", output="Go to gate B21.", parents=parents)
    assert top(rec.finalize(final_output="Go to gate B21."), "contains", "B12") == culprit


def test_a_loss_that_did_not_write_the_made_up_value_does_not_pin_it_upstream() -> None:
    """The researcher had both names and wrote neither: the planner's Marcus reached the
    final output another way, and "the researcher wrote Marcus" would be untrue."""
    task = "Who approved the budget? Report the approver."
    rec = TraceRecorder("t", input=task)
    plan = rec.step("Planner", input=task, output="Plan: ask Marcus about the budget approval.")
    records = "Plan: ask Marcus about the budget approval.\nRecords: budget approved by Helena."
    read = rec.step("Researcher", input=records, output="Checked the records.", parents=[plan])
    final = "The budget was approved by Marcus."
    given = "Plan: ask Marcus about the budget approval.\nChecked the records."
    rec.step("Writer", input=given, output=final, parents=[plan, read])
    assert top(rec.finalize(final_output=final), "contains", "Helena") == ("Researcher", 1)


def borrowing(task: str, source: str, told: str, argument: str, final: str) -> Trace:
    """Booker hears `told` (from a lookup tool, or from a Researcher agent when `source` is
    "agent"), calls book(value=argument) with the conversation so far, then answers `final`."""
    rec = TraceRecorder("t", input=task)
    if source == "agent":
        heard = rec.step("Researcher", input=task, output=told)
    else:
        ask = rec.step("Booker", input=task, output="-> lookup {}")
        heard = rec.tool("lookup", args="{}", output=told, parents=[ask])
    seen = f"{task}\n{told}"
    call = rec.step("Booker", input=seen, output=f"-> book {argument}", parents=[heard])
    args = f'{{"value": "{argument}"}}'
    done = rec.tool("book", args=args, output=f"booked {argument}", parents=[call])
    rec.step("Booker", input=f"{seen}\nbooked {argument}", output=final, parents=[done])
    return rec.finalize(final_output=final)


DATE = "Book Hotel Lido, check-in 2026-03-14."


@pytest.mark.parametrize(
    ("task", "source", "told", "argument", "final", "value", "culprit"),
    [
        # a date from a tool's result in the task's date's place: the call that used it
        (
            DATE,
            "tool",
            "Lido: free from 2026-03-16",
            "2026-03-16",
            "Booked 2026-03-16.",
            "2026-03-14",
            ("Booker", 2),
        ),
        # an id, another altogether (no garbled copy), from a tool's result
        (
            "Refund order ORD-4410.",
            "tool",
            "Latest: ORD-2231",
            "ORD-2231",
            "Refunded ORD-2231.",
            "ORD-4410",
            ("Booker", 2),
        ),
        # an amount
        (
            "Pay Alice 250.00 EUR.",
            "tool",
            "Last paid: 180.00 EUR",
            "180.00",
            "Paid 180.00 EUR.",
            "250.00",
            ("Booker", 2),
        ),
        # a name from another agent's message: that agent had the task's and wrote another
        # in its place (a stand-in), so it comes first, as a supervisor's garbled city does
        (
            "Send the contract to Marta.",
            "agent",
            "The account manager is Jonas.",
            "Jonas",
            "Sent it to Jonas.",
            "Marta",
            ("Researcher", 0),
        ),
        # an id from another agent's message: the same
        (
            "Refund order ORD-4410.",
            "agent",
            "The last order was ORD-2231.",
            "ORD-2231",
            "Refunded ORD-2231.",
            "ORD-4410",
            ("Researcher", 0),
        ),
        # the result spoke of the task's date and gave another for it: the loss decides
        (
            DATE,
            "tool",
            "Lido: 2026-03-14 full, free from 2026-03-16",
            "2026-03-16",
            "Booked 2026-03-16.",
            "2026-03-14",
            ("Booker", 4),
        ),
        # the call used the task's date: the answer that dropped it is to blame
        (
            DATE,
            "tool",
            "Lido: free from 2026-03-16",
            "2026-03-14",
            "Booked 2026-03-16.",
            "2026-03-14",
            ("Booker", 4),
        ),
        # a date found nowhere before the call: made up there, as the substitution says
        (
            DATE,
            "tool",
            "Lido: rooms free",
            "2026-05-29",
            "Booked 2026-05-29.",
            "2026-03-14",
            ("Booker", 2),
        ),
        # the final output does not give the borrowed value: the loss decides
        (
            DATE,
            "tool",
            "Lido: free from 2026-03-16",
            "2026-03-16",
            "Booked, see you then.",
            "2026-03-14",
            ("Booker", 4),
        ),
    ],
)
def test_a_tool_called_with_a_value_copied_from_elsewhere_blames_the_call(
    task: str,
    source: str,
    told: str,
    argument: str,
    final: str,
    value: str,
    culprit: tuple[str, int],
) -> None:
    assert top(borrowing(task, source, told, argument, final), "contains", value) == culprit
