"""The blame engine's rules, one table row per rule, on traces built with TraceRecorder.

Several rows are cases where agentgrade-style "blame the last agent lacking it" is wrong:
a middle agent drops content, a handoff loses it, a tool injects content.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from blame import TraceRecorder
from blame.checks.legacy import served
from blame.engine import attribute, attribute_check
from blame.engine.suspects import decision
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect
from blame.testing import make_check, run_check

FAILED = Evaluation(score=0.0, message="failed")
REF = "ref=ZX-4471"


def check(type: str, agent_name: str | None = None, **params: Any) -> Check:
    return Check(type=type, name=type, agent_name=agent_name, params=params)


def blame(trace: Trace, chk: Check, evaluation: Evaluation = FAILED) -> tuple[Suspect, ...]:
    return attribute(chk, evaluation, StepGraph(trace))


# Traces -------------------------------------------------------------------------------------


def recased_mid() -> Trace:
    """The editor shouts the answer; the reviewer passes it on as it came."""
    rec = TraceRecorder("t", input="capital of France?")
    rec.step("Drafter", input="capital of France?", output="Paris is the capital.")
    rec.step("Editor", input="Paris is the capital.", output="PARIS IS THE CAPITAL.")
    rec.step("Reviewer", input="PARIS IS THE CAPITAL.", output="PARIS IS THE CAPITAL. Approved.")
    return rec.finalize()


def recased_from_the_start() -> Trace:
    """Nobody ever wrote the answer in the case the check wants."""
    rec = TraceRecorder("t", input="capital of France?")
    rec.step("Drafter", input="capital of France?", output="PARIS.")
    rec.step("Reviewer", input="PARIS.", output="PARIS. Approved.")
    return rec.finalize()


def middle_drops() -> Trace:
    rec = TraceRecorder("t", input=f"task {REF}")
    rec.step("Planner", input=f"task {REF}", output=f"plan: {REF}")
    rec.step("Coder", input=f"plan: {REF}", output="code without it")
    rec.step("Reviewer", input="code without it", output="looks good")
    return rec.finalize()


def last_drops() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input=f"task {REF}", output=f"plan: {REF}")
    rec.step("Coder", input=f"plan: {REF}", output=f"code {REF}")
    rec.step("Reviewer", input=f"code {REF}", output="looks good")
    return rec.finalize()


def misread_figure() -> Trace:
    """The tool writes the balance with a thousands separator; the clerk copies it wrong."""
    rec = TraceRecorder("t", input="balance of C-77?")
    first = rec.step("Clerk", input="balance of C-77?", output="Action: get_balance")
    tool = rec.tool(
        "get_balance", args='{"customer": "C-77"}', output="balance 1,284.50 EUR", parents=[first]
    )
    read = rec.step(
        "Clerk", input="get_balance: balance 1,284.50 EUR", output="owes 1,248.50", parents=[tool]
    )
    rec.step("Writer", input="owes 1,248.50", output='{"amount": 1248.5}', parents=[read])
    return rec.finalize()


def listed_digits() -> Trace:
    """The tool lists the digits 1,2,3; the clerk reports its own figure, never 123."""
    rec = TraceRecorder("t", input="code?")
    tool = rec.tool("lookup", agent="Clerk", args="{}", output="digits 1,2,3")
    rec.step("Clerk", input="digits 1,2,3", output="the code is 321", parents=[tool])
    return rec.finalize()


def operand_in_code() -> Trace:
    """The coder's code has 522250 as an operand and computes 500000, which the writer
    reports: the figure 522,250 was never stated."""
    rec = TraceRecorder("t", input="population of Lyon?")
    code = rec.step("Coder", output="lyon = 522250 - 22250\nprint(lyon)  # 500000")
    rec.step("Writer", input="500000", output="Lyon has 500000 people", parents=[code])
    return rec.finalize()


def tool_result_is_the_answer() -> Trace:
    """The agent calls the tool with the order; the tool's result, returned as the answer
    as it is (no LLM call), leaves the order out."""
    rec = TraceRecorder("t", input="refund ORD-4471")
    call = rec.step("Refunder", input="refund ORD-4471", output="Action: refund ORD-4471")
    tool = rec.tool("refund", args='{"order": "ORD-4471"}', output="Refund issued", parents=[call])
    rec.step("Refunder", input="Refund issued", output="Refund issued", parents=[tool])
    return rec.finalize()


def handoff_cut() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input=f"task {REF}", output=f"plan for the coder: {REF}")
    rec.step("Coder", input="plan for the coder: ", output="code")
    rec.step("Reviewer", input="code", output="looks good")
    return rec.finalize()


def handoff_fragment() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Booker", input="book", output=f"Booking {REF} attempted; status: pending.")
    rec.step("Responder", input="status: pending", output="Your booking is pending.")
    return rec.finalize()


def fan_in_drop() -> Trace:
    rec = TraceRecorder("t")
    plan = rec.step("Planner", input=f"task {REF}", output=f"for W1: a; for W2: {REF}")
    w1 = rec.step("W1", input="for W1: a", output="a done", parents=[plan])
    w2 = rec.step("W2", input=f"for W2: {REF}", output="b done", parents=[plan])
    rec.step("Merger", input="a done\nb done", output="merged", parents=[w1, w2])
    return rec.finalize()


def map_reduce(
    *, given_to: Sequence[int] = (1,), reduce_reads_plan: bool = True, bare: bool = False
) -> Trace:
    """Planner -> three parallel workers, each sent its own item (`given_to` also get REF),
    none keeping REF -> Reducer, which reads the workers' results and, through the shared
    state, the plan itself (as a LangGraph reduce node reading the whole state does)."""
    rec = TraceRecorder("t")
    plan = rec.step("Planner", input="task", output=f"items: a, b, c; {REF}")
    items = [(f"item a {REF}" if 0 in given_to else "item a"), "", ""]
    items[1] = f"item b {REF}" if 1 in given_to else "item b"
    items[2] = f"item c {REF}" if 2 in given_to else "item c"
    work = [
        rec.step("Worker", input=item, output=f"done {item[5]}", parents=[plan]) for item in items
    ]
    reads = f"done a\ndone b\ndone c\nplan: items: a, b, c; {REF}"
    rec.step(
        "Reducer",
        input=reads if reduce_reads_plan else "done a\ndone b\ndone c",
        output="3 done" if bare else "Summary:\n- done a\n- done b\n- done c",
        parents=[plan, *work] if reduce_reads_plan else work,
    )
    return rec.finalize()


def shared_state_chain() -> Trace:
    """Planner -> Coder (drops REF) -> Writer, which reads the plan too (a shared state)."""
    rec = TraceRecorder("t")
    plan = rec.step("Planner", input="task", output=f"plan {REF}")
    code = rec.step("Coder", input=f"plan {REF}", output="code", parents=[plan])
    rec.step("Writer", input=f"code\nplan {REF}", output="report", parents=[plan, code])
    return rec.finalize()


FAN_INS: Sequence[tuple[str, Callable[[], Trace], list[tuple[str, str, int]]]] = [
    (
        "the branch given the content dropped it: before the reduce step that had it as state",
        map_reduce,
        [("agent", "Worker", 2), ("agent", "Reducer", 4)],
    ),
    (
        "the reduce step wrote a bare answer of its own: still after the branch",
        lambda: map_reduce(bare=True),
        [("agent", "Worker", 2), ("agent", "Reducer", 4)],
    ),
    (
        "every branch was given it: the reduce step that had it keeps the blame",
        lambda: map_reduce(given_to=(0, 1, 2)),
        [
            ("agent", "Reducer", 4),
            ("agent", "Worker", 3),
            ("agent", "Worker", 2),
            ("agent", "Worker", 1),
        ],
    ),
    (
        "a reduce step that never had it: the branch, and no handoff to its siblings",
        lambda: map_reduce(reduce_reads_plan=False),
        [("agent", "Worker", 2)],
    ),
    (
        "no fan-out: the last step that had it",
        shared_state_chain,
        [("agent", "Writer", 2), ("agent", "Coder", 1)],
    ),
]


@pytest.mark.parametrize(
    ("build", "expected"), [r[1:] for r in FAN_INS], ids=[r[0] for r in FAN_INS]
)
def test_a_fan_out_that_gave_one_branch_the_content_blames_that_branch(
    build: Callable[[], Trace], expected: list[tuple[str, str, int]]
) -> None:
    suspects = blame(build(), check("contains", value=REF))
    losses = [(s.kind, s.name, s.step_index) for s in suspects if s.confidence >= 0.5]
    assert losses == expected


def test_a_wide_fan_out_is_read_once_not_once_per_branch(monkeypatch: pytest.MonkeyPatch) -> None:
    """3,001 branches given the content dropped it, one was not given it: each branch is a
    step that dropped it fed by the sender, and the sender's branches are listed a few
    times, not once per branch (the engine stays linear in the trace)."""
    from blame.graph import StepGraph

    rec = TraceRecorder("t")
    plan = rec.step("Planner", input="task", output=f"items; {REF}")
    work = [rec.step("Worker", input=f"item {REF}", output="done", parents=[plan])]
    work += [
        rec.step("Worker", input=f"item {i} {REF}", output=f"done {i}", parents=[plan])
        for i in range(3000)
    ]
    work.append(rec.step("Worker", input="item z", output="done z", parents=[plan]))
    rec.step("Reducer", input=f"done\nplan {REF}", output="all done", parents=[plan, *work])
    listed = [0]
    children = StepGraph.children

    def counted(self: StepGraph, index: int) -> Any:
        listed[0] += index == 0  # the fan-out's 3,002 branches, listed
        return children(self, index)

    monkeypatch.setattr(StepGraph, "children", counted)
    top = blame(rec.finalize(), check("contains", value=REF))[0]
    assert top.name == "Worker"  # a branch given it, before the reducer
    assert listed[0] <= 3


def transferred() -> Trace:
    """A supervisor looks the hotel up, hands the booking on with a handoff tool, and the
    researcher hands it back with one; nobody's tools are recorded."""
    rec = TraceRecorder("t", input="Book the Casa Azul hotel.")
    asked = rec.step("Supervisor", input="Book it.", output="call search_hotels")
    found = rec.tool("search_hotels", agent="Supervisor", args={"city": "Lisbon"}, output="Casa")
    sent = rec.step("Supervisor", input="Casa", output="call transfer", parents=[asked, found])
    there = rec.tool("transfer_to_researcher", agent="Supervisor", output="ok", parents=[sent])
    said = rec.step("Researcher", input="Book it.", output="I cannot book.", parents=[there])
    back = rec.tool("transfer_back_to_supervisor", agent="Researcher", output="ok", parents=[said])
    rec.step("Supervisor", input="I cannot book.", output="Here is Casa Azul.", parents=[back])
    return rec.finalize()


def routed(
    *, researcher: list[str] | None, booker_ran: bool = False, boss: list[str] | None = None
) -> Trace:
    """A supervisor hands the booking to the researcher (given `researcher` tools) and gets
    its answer back; with `booker_ran`, the booker (given book_hotel) also had a turn."""
    rec = TraceRecorder("t", input="Book the Casa Azul hotel.")

    def given(tools: list[str] | None) -> dict[str, Any]:
        return {} if tools is None else {"tools": tools}

    rec.step("Supervisor", input="Book it.", output="-> researcher", metadata=given(boss))
    rec.step("Researcher", input="Book it.", output="-> search", metadata=given(researcher))
    found = rec.tool(
        "search_hotels", agent="Researcher", args={"city": "Lisbon"}, output="Casa Azul"
    )
    said = rec.step(
        "Researcher",
        input="Casa Azul",
        output="I cannot book.",
        parents=[found],
        metadata=given(researcher),
    )
    last = said
    if booker_ran:
        last = rec.step(
            "Booker",
            input="Book it.",
            output="Hold on.",
            parents=[said],
            metadata={"tools": ["book_hotel"]},
        )
    rec.step(
        "Supervisor",
        input="I cannot book.",
        output="Here is Casa Azul.",
        parents=[last],
        metadata=given(boss),
    )
    return rec.finalize()


ROUTING: Sequence[tuple[str, Callable[[], Trace], tuple[str, str, int]]] = [
    (
        "handed to a worker given other tools, nobody had it: the handoff",
        lambda: routed(researcher=["search_hotels"], boss=[]),
        ("handoff", "Supervisor -> Researcher", 1),
    ),
    (
        "a supervisor that declares nothing is no worker: the same handoff",
        lambda: routed(researcher=["search_hotels"]),
        ("handoff", "Supervisor -> Researcher", 1),
    ),
    (
        "the agent given the tool ran and did not call it: that agent, no routing fault",
        lambda: routed(researcher=["search_hotels"], booker_ran=True, boss=[]),
        ("agent", "Booker", 4),
    ),
    (
        "no agent's tools recorded: the agent that uses tools",
        lambda: routed(researcher=None),
        ("agent", "Researcher", 2),
    ),
    (
        "handoff tools are routing, not tool use: the agent step that called a real tool",
        transferred,
        ("agent", "Supervisor", 0),
    ),
]


@pytest.mark.parametrize(
    ("build", "expected"), [r[1:] for r in ROUTING], ids=[r[0] for r in ROUTING]
)
def test_a_call_never_made_because_the_work_went_to_an_agent_without_the_tool(
    build: Callable[[], Trace], expected: tuple[str, str, int]
) -> None:
    top = blame(build(), check("tool_called", tool="book_hotel"))[0]
    assert (top.kind, top.name, top.step_index) == expected


def supervisor_drop() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Supervisor", input=f"task {REF}", output=f"to W1: {REF}")
    rec.step("W1", input=f"to W1: {REF}", output=f"W1 report {REF}")
    rec.step("Supervisor", input=f"W1 report {REF}", output=f"to W2: {REF}")
    rec.step("W2", input=f"to W2: {REF}", output="W2 report")
    rec.step("Supervisor", input="W2 report", output="final")
    return rec.finalize()


def tool_result_dropped() -> Trace:
    rec = TraceRecorder("t")
    ask = rec.step("Researcher", input="task", output="searching")
    hit = rec.tool("search", agent="Researcher", args={"q": "x"}, output=f"found {REF}")
    rec.step("Researcher", input=f"found {REF}", output="summary", parents=[ask, hit])
    rec.step("Writer", input="summary", output="report")
    return rec.finalize()


def never_produced() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="plan")
    rec.step("Writer", input="plan", output="report")
    return rec.finalize()


def raises() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input=f"task {REF}", output=f"plan {REF}")
    rec.step("Coder", input=f"plan {REF}", output="", error=RuntimeError("boom"))
    rec.step("Reviewer", input="", output="nothing to review")
    return rec.finalize()


def middle_introduces() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="plan")
    rec.step("Coder", input="plan", output="code with SECRET-KEY")
    rec.step("Reviewer", input="code with SECRET-KEY", output="ok: SECRET-KEY")
    return rec.finalize()


def tool_injects() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Researcher", input="task", output="searching")
    rec.tool("web", agent="Researcher", args={"q": "x"}, output="page with SECRET-KEY")
    rec.step("Researcher", input="page with SECRET-KEY", output="notes SECRET-KEY")
    rec.step("Writer", input="notes SECRET-KEY", output="report SECRET-KEY")
    return rec.finalize()


def remade_after_a_cut_handoff() -> Trace:
    """The intake noted the allergy; the copy handed to the chef left it out, and the chef
    put peanuts in the menu of its own accord."""
    rec = TraceRecorder("t")
    intake = rec.step("Intake", input="guest", output="vegetarian, allergy: peanuts")
    rec.step("Chef", input="vegetarian", output="satay with peanut sauce", parents=[intake])
    return rec.finalize()


def unrecorded_input_carrier() -> Trace:
    """The writer recorded no input: nothing says its copy lacked the key, so it came from
    the coder."""
    rec = TraceRecorder("t")
    coder = rec.step("Coder", input="task", output="code with SECRET-KEY")
    rec.step("Writer", input="", output="report SECRET-KEY", parents=[coder])
    return rec.finalize()


def from_input() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Reader", input="user pasted SECRET-KEY", output="read SECRET-KEY")
    rec.step("Writer", input="read SECRET-KEY", output="report SECRET-KEY")
    return rec.finalize()


def wrong_value() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Fetcher", input="task", output="total=42")
    rec.step("Calculator", input="total=42", output="total=41")
    rec.step("Writer", input="total=41", output="total=41")
    return rec.finalize("total=41")


def wrong_at_source() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Fetcher", input="task", output="total=41")
    rec.step("Writer", input="total=41", output="answer total=41")
    return rec.finalize("total=41")


def rendered_figure(task: str) -> Callable[[], Trace]:
    """A planner writes budget 30 into the state; a writer node renders it as '30 EUR'."""

    def build() -> Trace:
        rec = TraceRecorder("t", input=task)
        plan = rec.step("Planner", input=task, output="budget: 30")
        rec.step(
            "Writer", input=f"request: {task}\nbudget: 30", output="Within 30 EUR.", parents=[plan]
        )
        return rec.finalize()

    return build


def rounded_to_two_places() -> Trace:
    """A calculator gives 1715.3512658227849; the analyst writes 1715.35 where the task wants a
    whole number, and the final output repeats it."""
    rec = TraceRecorder("t", input="Population per km2? A whole number only.")
    asked, exact = "542051 / 316", "1715.3512658227849"
    ask = rec.step("Analyst", asked, f"calculator({asked!r})", kind="llm")
    calc = rec.tool("calculator", agent="Analyst", args=asked, output=exact, parents=[ask])
    said = rec.step("Analyst", exact, "Result: 1715.35", kind="llm", parents=[calc])
    rec.step("Supervisor", "Result: 1715.35", "1715.35", kind="llm", parents=[said])
    return rec.finalize()


def answered_from_memory() -> Trace:
    """The Researcher answers an order question from memory; the Writer only passes it on."""
    rec = TraceRecorder("t", input="Where is my order A-1042?")
    triage = rec.step("Triage", input="Where is my order A-1042?", output="topic: order")
    reply = rec.step("Researcher", input="topic: order", output="Your order is on its way.")
    rec.step(
        "Writer",
        input="Your order is on its way.",
        output="Hello! Your order is on its way.",
        parents=[reply, triage],
    )
    return rec.finalize()


def tools_trace() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input="task: please use lookup", output="plan")
    rec.step("Booker", input="plan", output="booking")
    rec.tool("book", agent="Booker", args={}, output="ok")
    rec.tool("delete_records", agent="Booker", args={}, output="deleted")
    rec.tool("lookup", agent="Booker", args={}, output="found")
    rec.tool("pay", agent="Booker", args={}, error="card declined")
    rec.step("Booker", input="card declined", output="Your trip is booked and paid.")
    return rec.finalize()


def budget_trace() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="plan", latency_ms=200, cost_usd=0.01)
    rec.tool("search", agent="Planner", output="r", latency_ms=9000, cost_usd=0.0)
    rec.step("Writer", input="r", output="draft", latency_ms=300, cost_usd=0.9)
    return rec.finalize()


def parallel_latency_trace() -> Trace:
    """plan -> x (4 s) and y (3 s) -> z (2 s) in parallel -> join: x is the slowest step, but
    y then z is the slower chain, the one that made the run late."""
    rec = TraceRecorder("t")
    plan = rec.step("Planner", input="task", output="plan", latency_ms=100)
    x = rec.step("Scout", input="plan", output="x", parents=[plan], latency_ms=4000)
    y = rec.tool("crawl", agent="Planner", output="y", parents=[plan], latency_ms=3000)
    z = rec.step("Summarizer", input="y", output="z", parents=[y], latency_ms=2000)
    rec.step("Writer", input="x z", output="draft", parents=[x, z], latency_ms=100)
    return rec.finalize()


def tool_loop_trace() -> Trace:
    """Pricer asks for the same lookup twice, gets the same answer twice, then gives up."""
    rec = TraceRecorder("t")
    rec.step("Pricer", input="task", output="call lookup(kettle)")
    rec.tool("lookup", args={"item": "kettle"}, output="kettle: 42 EUR")
    rec.step("Pricer", input="kettle: 42 EUR", output="call lookup(kettle)")
    rec.tool("lookup", args={"item": "kettle"}, output="kettle: 42 EUR")
    rec.step("Pricer", input="kettle: 42 EUR", output="I could not finish.")
    return rec.finalize()


def loop_trace() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="plan")
    rec.step("Critic", input="plan", output="review")
    for _ in range(5):
        rec.step("Reviser", input="fix", output="same draft")
    rec.step("Critic", input="same draft", output="final")
    return rec.finalize()


def rejected_call(
    task: str, error: str, fault: str | None = None, args: Any = None, plan: str = ""
) -> Callable[[], Trace]:
    """Booker calls `order` for 'toaster' (a value it wrote, or copied from Planner's `plan`)
    and the tool fails with `error`."""

    def build() -> Trace:
        rec = TraceRecorder("t", input=task)
        if plan:
            rec.step("Planner", input=task, output=plan)
        asked = f"{task}\n{plan}" if plan else task
        rec.step("Booker", input=asked, output='call order({"item": "toaster"})')
        metadata = {"fault": fault} if fault else None
        given = {"item": "toaster"} if args is None else args
        rec.tool("order", args=given, error=error, metadata=metadata)
        rec.step("Booker", input=error, output="Sorry, that failed.")
        return rec.finalize()

    return build


Row = tuple[str, Callable[[], Trace], Check, tuple[str, str, int | None]]

RULES: Sequence[Row] = [
    ("middle agent drops", middle_drops, check("contains", value=REF), ("agent", "Coder", 1)),
    ("last agent drops", last_drops, check("contains", value=REF), ("agent", "Reviewer", 2)),
    (
        "handoff loses it in transit",
        handoff_cut,
        check("contains", value=REF),
        ("handoff", "Planner -> Coder", 1),
    ),
    (
        "handoff delivers only a fragment",
        handoff_fragment,
        check("contains", value=REF),
        ("handoff", "Booker -> Responder", 1),
    ),
    ("fan-in: one worker drops", fan_in_drop, check("contains", value=REF), ("agent", "W2", 2)),
    (
        "supervisor: second worker",
        supervisor_drop,
        check("contains", value=REF),
        ("agent", "W2", 3),
    ),
    (
        "tool result dropped by its caller",
        tool_result_dropped,
        check("contains", value=REF),
        ("agent", "Researcher", 2),
    ),
    ("never produced", never_produced, check("contains", value=REF), ("agent", "Writer", 1)),
    (
        "never produced: the step that wrote the answer the final output repeats",
        answered_from_memory,
        check("contains", value="shipped"),
        ("agent", "Researcher", 1),
    ),
    (
        "a call nobody made: the agent that answered without it",
        answered_from_memory,
        check("tool_called", tool="lookup_order"),
        ("agent", "Researcher", 1),
    ),
    (
        "never produced, agent_name",
        never_produced,
        check("contains", agent_name="Planner", value=REF),
        ("agent", "Planner", 0),
    ),
    ("a step raised", raises, check("contains", value=REF), ("agent", "Coder", 1)),
    (
        "middle agent introduces",
        middle_introduces,
        check("not_contains", value="SECRET-KEY"),
        ("agent", "Coder", 1),
    ),
    (
        "tool injects",
        tool_injects,
        check("not_contains", value="SECRET-KEY"),
        ("tool", "web", 1),
    ),
    (
        "forbidden, made anew by a step whose handed-over input lacked it",
        remade_after_a_cut_handoff,
        check("not_contains", value="peanut"),
        ("agent", "Chef", 1),
    ),
    (
        "forbidden, carried by a step that recorded no input",
        unrecorded_input_carrier,
        check("not_contains", value="SECRET-KEY"),
        ("agent", "Coder", 0),
    ),
    (
        "forbidden from the run's input",
        from_input,
        check("not_contains", value="SECRET-KEY"),
        ("agent", "Reader", 0),
    ),
    (
        "wrong value where the right one was available",
        wrong_value,
        check("exact_match", value="total=42"),
        ("agent", "Calculator", 1),
    ),
    (
        "wrong value at its source",
        wrong_at_source,
        check("exact_match", value="total=42"),
        ("agent", "Fetcher", 0),
    ),
    (
        "a wrong number where it was written, not inside a longer one",
        rounded_to_two_places,
        check("exact_match", value="1715"),
        ("agent", "Analyst", 2),
    ),
    (
        "regex lost",
        wrong_value,
        check("regex", value=r"total=4[2]\b"),
        ("agent", "Calculator", 1),
    ),
    (
        "forbidden tool",
        tools_trace,
        check("tool_not_called", tool="delete_records"),
        ("agent", "Booker", 3),
    ),
    (
        "missing tool call, asked for",
        tools_trace,
        check("tool_called", tool="lookup", min=2),
        ("agent", "Planner", 0),
    ),
    (
        "too many calls",
        tools_trace,
        check("tool_called", tool="book", min=0, max=0),
        ("agent", "Booker", 2),
    ),
    (
        "tool order broken",
        tools_trace,
        check("tool_order", tools=["lookup", "book"]),
        ("agent", "Booker", 2),
    ),
    ("tool failed", tools_trace, check("tool_succeeded", tool="pay"), ("tool", "pay", 5)),
    *[
        (
            f"tool failed: {why}",
            rejected_call(task, error, fault),
            check("tool_succeeded", tool="order"),
            culprit,
        )
        for why, task, error, fault, culprit in [
            (
                "rejected a made-up argument",
                "Order a kettle",
                "ValueError: unknown item 'toaster'",
                None,
                ("agent", "Booker", 0),
            ),
            (
                "said it found nothing",
                "Order a kettle",
                "item toaster not found",
                None,
                ("agent", "Booker", 0),
            ),
            (
                "rejected the task's value",
                "Order a toaster",
                "ValueError: unknown item 'toaster'",
                None,
                ("tool", "order", 1),
            ),
            (
                "service down, naming the value",
                "Order a kettle",
                "ConnectionError: shop down ordering toaster",
                None,
                ("tool", "order", 1),
            ),
            (
                "rejecting, without the value",
                "Order a kettle",
                "ValueError: out of stock",
                None,
                ("tool", "order", 1),
            ),
            (
                "a fault's rejection",
                "Order a kettle",
                "InjectedToolError: unknown item toaster",
                "error",
                ("tool", "order", 1),
            ),
        ]
    ],
    *[
        (
            f"tool failed: {why}",
            rejected_call(task, "ValueError: unknown item 'toaster'", plan="plan: item=toaster"),
            check("tool_succeeded", tool="order"),
            culprit,
        )
        for why, task, culprit in [
            (
                "rejected a value an upstream agent made up",
                "Order a kettle",
                ("agent", "Planner", 0),
            ),
            ("rejected the task's value, copied upstream", "Order a toaster", ("tool", "order", 2)),
        ]
    ],
    (
        "tool failed: arguments nested too deep to read",
        rejected_call("Order a kettle", "ValueError: invalid toaster", args="[" * 100_000),
        check("tool_succeeded", tool="order"),
        ("tool", "order", 1),
    ),
    (
        "unsupported success claim",
        tools_trace,
        check("no_unsupported_claim", tool="pay"),
        ("agent", "Booker", 6),
    ),
    *[
        (
            f"forbidden quantity: {why}",
            rendered_figure(task),
            check("not_contains", value="30 EUR"),
            culprit,
        )
        for why, task, culprit in [
            ("its figure made up upstream", "Rome, budget 300 EUR", ("agent", "Planner", 0)),
            ("its figure from the task", "Rome for 30 days, budget 300", ("agent", "Writer", 1)),
        ]
    ],
    ("slow tool", budget_trace, check("max_latency", seconds=5), ("tool", "search", 1)),
    (
        "slow step of the slowest chain",
        parallel_latency_trace,
        check("max_latency", seconds=5),
        ("tool", "crawl", 2),
    ),
    ("costly agent", budget_trace, check("max_cost", usd=0.5), ("agent", "Writer", 2)),
    ("loop", loop_trace, check("max_steps", max=5), ("agent", "Reviser", 2)),
    (
        "a tool's result returned as the answer dropped its argument",
        tool_result_is_the_answer,
        check("contains", value="ORD-4471"),
        ("tool", "refund", 1),
    ),
    ("case changed midway", recased_mid, check("contains", value="Paris"), ("agent", "Editor", 1)),
    (
        "wrong case is a wrong value",
        recased_mid,
        check("exact_match", value="Paris is the capital."),
        ("agent", "Editor", 1),
    ),
    (
        "forbidden only as written",
        recased_mid,
        check("not_contains", value="PARIS"),
        ("agent", "Editor", 1),
    ),
    (
        "forbidden in any case",
        recased_mid,
        check("not_contains", value="PARIS", case_sensitive=False),
        ("agent", "Drafter", 0),
    ),
    (
        "never in the case asked for",
        recased_from_the_start,
        check("contains", value="Paris"),
        ("agent", "Drafter", 0),
    ),
]


@pytest.mark.parametrize(
    ("build", "chk", "expected"), [r[1:] for r in RULES], ids=[r[0] for r in RULES]
)
def test_rule_names_the_culprit(
    build: Callable[[], Trace], chk: Check, expected: tuple[str, str, int | None]
) -> None:
    suspects = blame(build(), chk)
    assert suspects, "expected a suspect"
    top = suspects[0]
    assert (top.kind, top.name, top.step_index) == expected
    assert 0.0 <= top.confidence <= 1.0
    assert f"step {top.step_index}" in top.reason or (top.step_index is None)


def test_a_step_that_made_cut_content_anew_says_its_input_lacked_it() -> None:
    reason = blame(remade_after_a_cut_handoff(), check("not_contains", value="peanut"))[0].reason
    assert reason == (
        "step 1 (Chef) introduced 'peanut': its output has it and its input did not (step 0 "
        "(Intake) had output it; the copy this step received left it out)"
    )


AGENTGRADE_WRONG: Sequence[tuple[str, Callable[[], Trace], Check]] = [
    ("middle agent drops", middle_drops, check("contains", value=REF)),
    ("handoff loses it", handoff_cut, check("contains", value=REF)),
    ("tool injects", tool_injects, check("not_contains", value="SECRET-KEY")),
]


@pytest.mark.parametrize(
    ("build", "chk"), [r[1:] for r in AGENTGRADE_WRONG], ids=[r[0] for r in AGENTGRADE_WRONG]
)
def test_last_agent_lacking_it_is_not_the_answer(build: Callable[[], Trace], chk: Check) -> None:
    trace = build()
    last_agent = trace.steps[-1].agent
    top = blame(trace, chk)[0]
    assert (top.kind, top.name) != ("agent", last_agent)


REASONS: Sequence[tuple[str, Callable[[], Trace], Check, str]] = [
    ("handoff says cut off", handoff_cut, check("contains", value=REF), "cut off"),
    (
        "fragment says so",
        handoff_fragment,
        check("contains", value=REF),
        "only part of that message arrived",
    ),
    ("never produced says so", never_produced, check("contains", value=REF), "never produced"),
    (
        "a turn and its tool call, each said twice",
        tool_loop_trace,
        check("max_steps", max=3),
        "repeating the same output 2 times from step 0",
    ),
    ("raised says so", raises, check("contains", value=REF), "raised"),
    (
        "tool injection names the tool",
        tool_injects,
        check("not_contains", value="SECRET-KEY"),
        "tool web",
    ),
    (
        "claim names the failure",
        tools_trace,
        check("no_unsupported_claim", tool="pay"),
        "failed at step 5",
    ),
    ("wrong value names both", wrong_value, check("exact_match", value="total=42"), "'total=41'"),
    (
        "case change names both forms",
        recased_mid,
        check("contains", value="Paris"),
        "received 'Paris' from step 0 (Drafter) but wrote it as 'PARIS'; the check is "
        "case-sensitive",
    ),
    (
        "a figure the tool spelled its own way was produced, and misread",
        misread_figure,
        check("contains", value="1284.5"),
        "step 2 (Clerk) received '1,284.50' from step 1 (tool get_balance",
    ),
    (
        "digits a tool listed are no spelling of the number",
        listed_digits,
        check("contains", value="123"),
        "'123' was never produced",
    ),
    (
        "digits run together in code are no spelling of a figure the check groups",
        operand_in_code,
        check("contains", value="522,250"),
        "'522,250' was never produced",
    ),
    (
        "never in that case says so",
        recased_from_the_start,
        check("contains", value="Paris"),
        "wrote 'PARIS' where the case-sensitive check needs 'Paris'",
    ),
]


@pytest.mark.parametrize(
    ("build", "chk", "needle"), [r[1:] for r in REASONS], ids=[r[0] for r in REASONS]
)
def test_reason_names_the_evidence(build: Callable[[], Trace], chk: Check, needle: str) -> None:
    assert needle in blame(build(), chk)[0].reason


NO_BLAME: Sequence[tuple[str, Callable[[], Trace], Check, Evaluation]] = [
    ("passing check", middle_drops, check("contains", value=REF), Evaluation(1.0, "ok")),
    ("unknown type, no evidence", never_produced, check("custom_judge"), FAILED),
    ("invalid regex", never_produced, check("regex", value="(unclosed"), FAILED),
    ("no failed tool, no claim", tools_trace, check("tool_succeeded", tool="book"), FAILED),
    ("no latency recorded", never_produced, check("max_latency", seconds=1), FAILED),
    ("empty value", middle_drops, check("contains", value=""), FAILED),
]


@pytest.mark.parametrize(
    ("build", "chk", "evaluation"), [r[1:] for r in NO_BLAME], ids=[r[0] for r in NO_BLAME]
)
def test_no_evidence_no_suspect(
    build: Callable[[], Trace], chk: Check, evaluation: Evaluation
) -> None:
    assert blame(build(), chk, evaluation) == ()


def test_agent_name_that_never_appears_is_reported_not_used() -> None:
    suspects = blame(middle_drops(), check("contains", agent_name="Ghost", value=REF))
    assert suspects[0].name == "Coder"
    assert "'Ghost' never appears" in suspects[0].reason
    assert all(s.name != "Ghost" for s in suspects)


def test_agent_name_that_never_appears_with_nothing_inferred_is_a_stepless_suspect() -> None:
    suspects = blame(middle_drops(), check("custom_judge", agent_name="Ghost"))
    assert [(s.name, s.step_index) for s in suspects] == [("Ghost", None)]
    assert "never appears in this trace (agents: Planner, Coder, Reviewer)" in suspects[0].reason


def test_agent_name_overrides_inference_but_keeps_it_as_evidence() -> None:
    suspects = blame(middle_drops(), check("contains", agent_name="Reviewer", value=REF))
    assert (suspects[0].name, suspects[0].confidence) == ("Reviewer", 1.0)
    assert "inference had Coder at step 1" in suspects[0].reason
    assert suspects[1].name == "Coder"


class _Judge:
    type = "judge"

    def __init__(self, answer: Sequence[Suspect] | None) -> None:
        self.answer = answer

    def validate(self, params: Mapping[str, Any]) -> str | None:
        return None

    def label(self, params: Mapping[str, Any]) -> str:
        return "judge"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        return FAILED

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> Sequence[Suspect] | None:
        return self.answer


def test_plugin_attribution_wins() -> None:
    mine = Suspect("agent", "Planner", "Planner", 0, 0.7, "the judge says step 0")
    graph = StepGraph(middle_drops())
    assert attribute(check("judge"), FAILED, graph, served(_Judge([mine]))) == (mine,)


def test_plugin_returning_none_falls_back_to_the_generic_rule() -> None:
    """A check type that defers gets the generic rule (a step that raised), not another
    check type's rule, even under a built-in's name."""
    graph = StepGraph(middle_drops())
    assert attribute(check("contains", value=REF), FAILED, graph, served(_Judge(None))) == ()
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="plan")
    rec.step("Coder", input="plan", output="", error="ValueError: no")
    raised = StepGraph(rec.finalize(final_output=""))
    suspects = attribute(check("judge"), FAILED, raised, served(_Judge(None)))
    assert (suspects[0].name, suspects[0].step_index) == ("Coder", 1)


def test_evaluator_evidence_step_is_used_for_unknown_types() -> None:
    evaluation = Evaluation(0.0, "bad", evidence={"step_index": 1})
    suspects = blame(middle_drops(), check("custom_judge"), evaluation)
    assert (suspects[0].name, suspects[0].step_index) == ("Coder", 1)


def test_same_input_same_suspects() -> None:
    chk = check("contains", value=REF)
    assert blame(fan_in_drop(), chk) == blame(fan_in_drop(), chk)


def test_short_values_match_whole_words_only() -> None:
    rec = TraceRecorder("t")
    rec.step("A", input="task", output="answer 42")
    rec.step("B", input="answer 42", output="final 142")
    suspects = blame(rec.finalize(), check("contains", value="42"))
    assert (suspects[0].name, suspects[0].step_index) == ("B", 1)


def test_a_case_change_is_only_claimed_when_the_final_step_shows_it() -> None:
    """The final output chosen from elsewhere: no step to say "wrote it as" about."""
    rec = TraceRecorder("t")
    rec.step("Drafter", input="task", output="Paris is the capital.")
    rec.step("Reviewer", input="Paris is the capital.", output="approved")
    suspects = blame(rec.finalize(final_output="PARIS"), check("contains", value="Paris"))
    assert suspects and all("wrote it as" not in s.reason for s in suspects)


def test_regex_ignore_case_follows_the_check() -> None:
    rec = TraceRecorder("t")
    rec.step("Fetcher", input="task", output="TOTAL=42")
    rec.step("Writer", input="TOTAL=42", output="report")
    suspects = blame(rec.finalize(), check("regex", value=r"total=42", ignore_case=True))
    assert (suspects[0].name, suspects[0].step_index) == ("Writer", 1)


def test_a_negated_claim_is_no_claim() -> None:
    rec = TraceRecorder("t")
    rec.step("Booker", input="book it", output="booking")
    rec.tool("pay", agent="Booker", error="card declined")
    rec.step("Booker", input="card declined", output="The payment was not completed.")
    rec.step("Closer", input="x", output="Your trip is booked.")
    suspects = blame(rec.finalize(), check("no_unsupported_claim", tool="pay"))
    assert (suspects[0].name, suspects[0].step_index) == ("Closer", 3)


@pytest.mark.parametrize(
    ("kind", "blamed", "reason"),
    [
        ("no_unsupported_claim", ("Mailer", 2),
         "step 2 (Mailer) claimed 'sent' after send_email returned the error 'ERROR: SMTP "
         "relay refused' at step 1"),
        ("tool_succeeded", ("send_email", 1),
         "tool send_email returned an error at step 1 (called by Mailer): 'ERROR: SMTP relay "
         "refused'"),
    ],
)  # fmt: skip
def test_a_tool_error_given_as_its_reply_is_a_failure(
    kind: str, blamed: tuple[str, int], reason: str
) -> None:
    """A tool that answered "ERROR: ..." instead of raising backed the claim that followed it,
    and tool_succeeded found nothing to blame."""
    rec = TraceRecorder("t")
    rec.step("Mailer", input="mail the minutes", output="-> send_email")
    rec.tool("send_email", agent="Mailer", output="ERROR: SMTP relay refused")
    rec.step("Mailer", input="ERROR: SMTP relay refused", output="The minutes were sent.")
    suspects = blame(rec.finalize(), check(kind, tool="send_email"))
    assert (suspects[0].name, suspects[0].step_index) == blamed
    assert suspects[0].reason.startswith(reason), suspects[0].reason


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your trip is Booked.", ("Booked", 13)),
        ("BOOKING CONFIRMED!", ("CONFIRMED", 8)),
        ("Réservation confirmed", ("confirmed", 12)),
        ("It was not booked.", None),
        ("Your order has been placed.", ("placed", 20)),
        ("I transferred $50 to Bob.", ("transferred", 2)),
    ],
)
def test_a_claim_is_quoted_as_the_agent_wrote_it(text: str, found: tuple[str, int] | None) -> None:
    """A reason quoted 'booked' for an agent's "Booked": a quote must be the agent's words."""
    from blame.engine.claims import DEFAULT_CLAIMS, find_claim

    assert find_claim(text, DEFAULT_CLAIMS) == found


def test_a_claim_far_into_a_long_output_is_blamed() -> None:
    """The claim finder reads every character: a claim past 200,000 once found no culprit."""
    rec = TraceRecorder("t")
    rec.step("Booker", input="book it", output="booking")
    rec.tool("pay", agent="Booker", error="card declined")
    rec.step("Closer", input="card declined", output="x " * 150_000 + "Your trip is booked.")
    suspects = blame(rec.finalize(), check("no_unsupported_claim", tool="pay"))
    assert (suspects[0].name, suspects[0].step_index) == ("Closer", 2)


ANSWER_ORIGINS: Sequence[tuple[str, str, str, str, tuple[str, int], str]] = [
    (
        "a number in the answer",
        "How many stops?",
        "I count 12 stops.",
        "The answer is 12.",
        ("Researcher", 0),
        "the final answer '12' first appeared in step 0 (Researcher)",
    ),
    (
        "a bare answer: the whole output",
        "Who painted the Mona Lisa?",
        "It was painted by Leonardo da Pisa, I believe.",
        "Leonardo da Pisa",
        ("Researcher", 0),
        "the final answer 'Leonardo da Pisa' first appeared in step 0 (Researcher)",
    ),
    (
        "a bare answer the question gave is no answer of the run's own",
        "Was it Michelangelo or Raphael?",
        "It was Michelangelo.",
        "Michelangelo",
        ("Writer", 1),
        "step 1 (Writer) produced the final output without it",
    ),
    (
        "a bare single digit is too common to trace",
        "How many towers?",
        "Step 3: I count 3 towers.",
        "3",
        ("Writer", 1),
        "step 1 (Writer) produced the final output without it",
    ),
    (
        "a time of day is one value, not the number after its colon",
        "When does the flight leave?",
        "It leaves at 09:40 from gate 12.",
        "Flight AF1234 leaves at 09:40.",
        ("Researcher", 0),
        "the final answer '09:40' first appeared in step 0 (Researcher)",
    ),
    (
        "a date is one value",
        "When is the invoice due?",
        "Due on 2024-05-01, net 30.",
        "The invoice is due 2024-05-01.",
        ("Researcher", 0),
        "the final answer '2024-05-01' first appeared in step 0 (Researcher)",
    ),
    (
        "an output of several lines is no bare answer",
        "Who painted the Mona Lisa?",
        "Leonardo da Pisa.",
        "Leonardo da Pisa.\nSource: memory",
        ("Writer", 1),
        "step 1 (Writer) produced the final output without it",
    ),
]


@pytest.mark.parametrize(
    ("task", "found", "answer", "expected", "said"),
    [r[1:] for r in ANSWER_ORIGINS],
    ids=[r[0] for r in ANSWER_ORIGINS],
)
def test_never_produced_blames_where_the_wrong_answer_first_appeared(
    task: str, found: str, answer: str, expected: tuple[str, int], said: str
) -> None:
    rec = TraceRecorder("t", input=task)
    rec.step("Researcher", input=task, output=found)
    rec.step("Writer", input=found, output=answer)
    suspects = blame(rec.finalize(), check("contains", value="Leonardo da Vinci"))
    assert (suspects[0].name, suspects[0].step_index) == expected
    assert said in suspects[0].reason


def _chat(messages: list[dict[str, str]]) -> Trace:
    from blame.importers.chat import load_messages

    return load_messages(messages, test_name="chat")


def _after_a_failed_action(said: str) -> list[dict[str, str]]:
    """The coder's code fails; the checker says `said` and runs code that prints 38.5."""
    return [
        {"name": "Planner", "content": "Task: average the readings. Plan: write code."},
        {"name": "Coder", "content": "```python\nprint(load())\n```"},
        {"name": "Computer_terminal", "content": "exitcode: 1 (execution failed)\nNameError"},
        {"name": "Checker", "content": f"{said}\n```python\nprint(77 / 2)\n```"},
        {"name": "Computer_terminal", "content": "exitcode: 0 (execution succeeded)\n38.5"},
        {"name": "Planner", "content": "The answer is 38.5."},
    ]


CONVERSATIONS: Sequence[tuple[str, list[dict[str, str]], tuple[str, int]]] = [
    (
        "the first executed action",
        [
            {"name": "Planner", "content": "Task: count the stops. Plan: write code."},
            {"name": "Coder", "content": "```python\nprint(len(stops))\n```"},
            {"name": "Computer_terminal", "content": "exitcode: 0 (execution succeeded)\n12"},
            {"name": "Checker", "content": "The answer is 12."},
        ],
        ("Coder", 1),
    ),
    (
        "the code whose run first output the final answer, after an earlier action",
        _after_a_failed_action("Assume readings."),
        ("Checker", 3),
    ),
    (
        "a value first stated in a message, then run in code: the first action",
        _after_a_failed_action("It is 38.5."),
        ("Coder", 1),
    ),
    (
        "a worker first stated the final answer",
        [
            {"name": "Orchestrator", "content": "Please look up the stops."},
            {"name": "Surfer", "content": "The page lists 12 stops."},
            {"name": "Orchestrator", "content": "Thanks."},
            {"name": "Surfer", "content": "Anything else?"},
            {"name": "Orchestrator", "content": "FINAL ANSWER: 12"},
        ],
        ("Surfer", 1),
    ),
    (
        "a claim no tool output backs",
        [
            {"name": "Planner", "content": "Task: what does a pass cost? Plan: look it up."},
            {"name": "Pricer", "content": "A pass costs $95.50 per adult."},
            {"name": "Coder", "content": "No code needed."},
            {"name": "Computer_terminal", "content": "There is no code to execute."},
            {"name": "Checker", "content": "Confirmed: $95.50."},
        ],
        ("Pricer", 1),
    ),
    (
        "a list answer: where its first item appeared",
        [
            {"role": "human", "content": "Which shops open late?"},
            {"name": "Orchestrator", "content": "Plan: ask the surfer."},
            {"name": "Surfer", "content": "I searched for shops."},
            {"name": "Orchestrator", "content": "Open the first result."},
            {"name": "Surfer", "content": "I clicked 'Corner Bakery'."},
            {"name": "Orchestrator", "content": "Check the others."},
            {"name": "Surfer", "content": "The page lists Corner Bakery and Night Owl Books."},
            {"name": "Orchestrator", "content": "FINAL ANSWER: Night Owl Books, Corner Bakery"},
        ],
        ("Surfer", 4),
    ),
    (
        "an answer word inside a longer word is no appearance",
        [
            {"role": "human", "content": "Which word is missing?"},
            {"name": "Orchestrator", "content": "Plan: ask the surfer."},
            {"name": "Surfer", "content": "I pressed the button."},
            {"name": "Orchestrator", "content": "Read the page."},
            {"name": "Surfer", "content": "The page says: but not always."},
            {"name": "Orchestrator", "content": "FINAL ANSWER: but"},
        ],
        ("Surfer", 4),
    ),
    (
        "the first worker turn",
        [
            {"role": "human", "content": "How many stops?"},
            {"name": "Orchestrator", "content": "Plan: ask the surfer."},
            {"name": "Surfer", "content": "I clicked a link."},
            {"name": "Orchestrator", "content": "FINAL ANSWER: twelve"},
        ],
        ("Surfer", 2),
    ),
]


@pytest.mark.parametrize(
    ("messages", "expected"), [r[1:] for r in CONVERSATIONS], ids=[r[0] for r in CONVERSATIONS]
)
def test_conversation_signals_when_nobody_produced_it(
    messages: list[dict[str, str]], expected: tuple[str, int]
) -> None:
    suspects = blame(_chat(messages), check("contains", value="10"))
    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert all(s.confidence <= 0.5 for s in suspects)


@pytest.mark.parametrize(
    ("stated", "quoted"),
    [("$1,295.50", "$1,295.50"), ("$95.50", "$95.50"), ("Gullfoss", "Gullfoss")],
)
def test_an_unbacked_claim_is_quoted_as_it_was_stated(stated: str, quoted: str) -> None:
    """The claim was quoted by its compared form ('1295.5', 'gullfoss'), which a person does
    not find in the message that says $1,295.50."""
    messages = [
        {"name": "Planner", "content": "Task: what does the pass cost, and where? Look it up."},
        {"name": "Pricer", "content": f"The pass is {stated}."},
        {"name": "Coder", "content": "No code needed."},
        {"name": "Computer_terminal", "content": "There is no code to execute."},
        {"name": "Checker", "content": f"Confirmed: {stated}."},
    ]
    suspects = blame(_chat(messages), check("contains", value="10"))
    said = [s.reason for s in suspects if "which neither the task" in s.reason]
    assert said and f"step 1 (Pricer) stated '{quoted}', which neither" in said[0]


def test_the_code_that_computed_the_final_answer_is_named_with_its_run() -> None:
    suspects = blame(_chat(_after_a_failed_action("Assume.")), check("contains", value="10"))
    assert suspects[0].reason == (
        "'10' was never produced; step 4 (tool Computer_terminal, called by Checker) ran code "
        "that step 3 (Checker) wrote, and its output was the first to state the final answer "
        "'38.5' that the final output repeats"
    )
    assert [s.step_index for s in suspects[:2]] == [3, 1]  # then the first action


def test_in_a_conversation_a_message_that_does_not_repeat_a_value_has_not_lost_it() -> None:
    trace = _chat(
        [
            {"name": "Planner", "content": "The value is 10. Write code."},
            {"name": "Coder", "content": "```python\nprint(9)\n```"},
            {"name": "Computer_terminal", "content": "exitcode: 0 (execution succeeded)\n9"},
            {"name": "Checker", "content": "Done: 9"},
        ]
    )
    suspects = blame(trace, check("contains", value="10"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Coder", 1)
    assert "is missing from the final output" in suspects[0].reason


DROPPED = [
    {"role": "human", "content": "What is the population of Lyon?"},
    {"name": "Planner", "content": "WebSurfer, look up the population of Lyon."},
    {"name": "WebSurfer", "content": "Lyon had 522,250 inhabitants in 2021 (INSEE)."},
    {"name": "Writer", "content": "Lyon has about half a million inhabitants. TERMINATE"},
]
"""A worker found the value; the final speaker had it in view and left it out."""


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("522,250", ("Writer", 3)),  # found by the run, dropped by the final message
        ("2021", ("Writer", 3)),
        ("Lyon", None),  # the task gave it: no finding of the run's own
        ("had", None),  # too short to tell from chance: the chat's own signals decide
    ],
)
def test_in_a_conversation_a_value_a_worker_found_and_the_final_message_dropped(
    value: str, expected: tuple[str, int] | None
) -> None:
    messages = [dict(m) for m in DROPPED]
    if value == "Lyon":
        messages[3]["content"] = "It has about half a million inhabitants. TERMINATE"
    suspects = blame(_chat(messages), check("contains", value=value))
    if expected is None:
        assert suspects[0].confidence <= 0.5
        return
    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert suspects[0].reason == (
        f"step 3 (Writer) received '{value}' from step 2 (WebSurfer) in its input but its "
        "output dropped it"
    )


def test_the_trace_not_its_importer_says_every_step_sees_every_earlier_one() -> None:
    """The engine reads `shared_context`, whoever set it; the importer's name means nothing."""
    from dataclasses import replace

    trace = _chat(
        [
            {"name": "Planner", "content": "The value is 10. Write code."},
            {"name": "Coder", "content": "```python\nprint(9)\n```"},
            {"name": "Checker", "content": "Done: 9"},
        ]
    )
    assert trace.shared_context
    as_chat = blame(trace, check("contains", value="10"))
    relabelled = replace(trace, metadata={**trace.metadata, "format": "native"})
    assert blame(relabelled, check("contains", value="10")) == as_chat
    unshared = blame(replace(trace, shared_context=False), check("contains", value="10"))
    assert unshared != as_chat


# Catastrophic patterns and max_steps without a loop -----------------------------------------

CATASTROPHIC = "(a|aa)+b"
"""Backtracks exponentially on a run of 'a's with no 'b': every search of such a text times out."""


def slow_texts(steps: int, final: str) -> Trace:
    rec = TraceRecorder("t", input="task")
    for i in range(steps - 1):
        rec.step(f"A{i}", input="a" * 2000, output="a" * 2000)
    rec.step("Final", input="a" * 2000, output=final)
    return rec.finalize()


TIMED_OUT: Sequence[tuple[str, int, str]] = [
    ("final output times out", 3, "a" * 2000),
    ("a step times out, searched one by one", 3, "done"),
    ("a step times out, joined scan", 70, "done"),
    ("final output times out, joined scan", 70, "a" * 2000),
]


@pytest.mark.parametrize(
    ("steps", "final"), [r[1:] for r in TIMED_OUT], ids=[r[0] for r in TIMED_OUT]
)
def test_a_timed_out_pattern_is_searched_no_more_and_blames_nobody(
    monkeypatch: pytest.MonkeyPatch, steps: int, final: str
) -> None:
    """One time budget per pattern for the whole trace (not one limit per search), and a
    search that timed out proves nothing, so "never produced" would be a guess."""
    import blame.graph as flow_module

    monkeypatch.setattr(flow_module, "REGEX_BUDGET_S", 0.2, raising=False)
    searches: list[int] = []
    real = flow_module.safe_search

    def counted(*args: Any, **kwargs: Any) -> Any:
        searches.append(len(args[1]))
        return real(*args, **kwargs)

    monkeypatch.setattr(flow_module, "safe_search", counted)
    assert blame(slow_texts(steps, final), check("regex", value=CATASTROPHIC)) == ()
    assert len(searches) <= 2, f"searched {len(searches)} times after a timeout"


WHY_TIMED_OUT = (
    "unattributed: regex '(a|aa)+b' timed out searching the steps' texts, so where the match "
    "was lost is unknown; a simpler pattern (no nested repeats) can be traced"
)


def test_a_failure_nobody_is_blamed_for_after_a_timeout_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A regex whose search timed out on the steps' texts was reported as plain
    'unattributed', with nothing saying the time limit stopped the search."""
    import blame.graph as flow_module

    monkeypatch.setattr(flow_module, "REGEX_BUDGET_S", 0.2, raising=False)
    graph = StepGraph(slow_texts(3, "done"))
    slow, plain = check("regex", value=CATASTROPHIC), check("regex", value="ref=ZX")
    # the second check of the same pattern is not searched again, and told the same
    for chk, why in [(slow, WHY_TIMED_OUT), (plain, ""), (slow, WHY_TIMED_OUT)]:
        found, problem, said = attribute_check(chk, FAILED, graph, None, "the blame engine")
        assert (problem, said) == (None, why)
        assert bool(found) == (not why)


class _RegexReader(_Judge):
    """A check type whose own rule searches a pattern and reads the stops it met."""

    def __init__(self) -> None:
        super().__init__([])
        self.seen: tuple[str, ...] = ()

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> Sequence[Suspect] | None:
        mark = graph.regex_mark()
        for step in graph.steps:
            graph.search(CATASTROPHIC, step.output)
        self.seen = graph.regex_stops_since(mark)
        return []


def test_a_check_type_reading_the_regex_stops_leaves_the_engine_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading the stops used to clear them: the engine, reading after the check type's own
    rule had, found none and said nothing of the timeout."""
    import blame.graph as flow_module

    monkeypatch.setattr(flow_module, "REGEX_BUDGET_S", 0.2, raising=False)
    reader = _RegexReader()
    graph = StepGraph(slow_texts(3, "done"))
    said = attribute_check(check("judge"), FAILED, graph, served(reader), "tests.reader")
    assert said == ((), None, WHY_TIMED_OUT)
    assert reader.seen == (CATASTROPHIC,)


def test_each_pattern_has_its_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern that timed out does not starve another one on the same trace."""
    import blame.graph as flow_module

    monkeypatch.setattr(flow_module, "REGEX_BUDGET_S", 0.2, raising=False)
    rec = TraceRecorder("t", input="task")
    rec.step("Planner", input="a" * 2000, output=f"plan {REF}")
    rec.step("Coder", input=f"plan {REF}", output="a" * 2000)
    graph = StepGraph(rec.finalize())
    assert attribute(check("regex", value=CATASTROPHIC), FAILED, graph) == ()
    top = attribute(check("regex", value=r"ref=ZX-\d+"), FAILED, graph)[0]
    assert (top.kind, top.name, top.step_index) == ("agent", "Coder", 1)


def one_step_each() -> Trace:
    rec = TraceRecorder("t")
    for agent in ("Zed", "Alpha", "Mid"):
        rec.step(agent, input="x", output=f"{agent} out")
    return rec.finalize()


def tool_without_agent() -> Trace:
    rec = TraceRecorder("t")
    for i in range(4):
        rec.tool("search", args={"q": i}, output=f"r{i}")
    return rec.finalize()


def ran_twice() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="plan")
    rec.step("Writer", input="plan", output="draft 1")
    rec.step("Planner", input="draft 1", output="plan 2")
    return rec.finalize()


def one_turn_many_calls() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Critic", input="task", output="check it")
    rec.step("Researcher", input="check it", output="looking")
    for i in range(3):
        rec.tool("search", agent="Researcher", args={"q": i}, output=f"r{i}")
    return rec.finalize()


def stopped_by_the_framework() -> Trace:
    """An agent ran three times, then the framework raised between steps (a recursion limit),
    recorded as one more step of that agent."""
    rec = TraceRecorder("t")
    for i in range(3):
        rec.step("Looper", input="go", output=f"try {i}")
    rec.step("Looper", error="GraphRecursionError: limit 3", metadata={"run_error": True})
    return rec.finalize()


LOOPS: Sequence[tuple[str, Callable[[], Trace], tuple[str, str, str, int] | None, str]] = [
    ("every agent ran once: no loop", one_step_each, None, ""),
    (
        "a tool recorded without an agent is a tool",
        tool_without_agent,
        ("tool", "search", "search", 1),
        "tool search ran 4 of the run's 4 steps",
    ),
    (
        "an agent that ran again, pinned at its second turn",
        ran_twice,
        ("agent", "Planner", "Planner", 2),
        "first ran again at step 2",
    ),
    (
        "an error raised between steps is no step the agent took",
        stopped_by_the_framework,
        ("agent", "Looper", "Looper", 1),
        "Looper ran 3 of the run's 3 steps",
    ),
    (
        "one turn, repeated tool calls: the calling agent",
        one_turn_many_calls,
        ("agent", "Researcher", "Researcher", 2),
        "calling tool search at step 2",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "needle"), [r[1:] for r in LOOPS], ids=[r[0] for r in LOOPS]
)
def test_max_steps_blames_only_an_agent_that_repeated(
    build: Callable[[], Trace], expected: tuple[str, str, str, int] | None, needle: str
) -> None:
    suspects = blame(build(), check("max_steps", max=2))
    if expected is None:
        assert suspects == ()
        return
    top = suspects[0]
    assert (top.kind, top.name, top.agent, top.step_index) == expected
    assert needle in top.reason


# Pin the decision: traces that record LLM calls ----------------------------------------------


def delegated(
    *, search: str = "Lyon - population: 522,250", error: str | None = None, searches: int = 1
) -> Trace:
    """A manager's LLM call delegates to a searcher agent whose LLM calls use tools (the shape
    an OpenInference smolagents trace takes): LLM calls decide, agent spans contain them."""
    rec = TraceRecorder("t", input="population of Lyon?")
    ask = rec.step(
        "Manager", "population of Lyon?", "search_agent(task='Lyon population')", kind="llm"
    )
    last = ask
    calls = [ask]
    for _ in range(searches):
        decide = rec.step(
            "Searcher", "task: Lyon population", "web_search()", kind="llm", parents=[last]
        )
        last = rec.tool(
            "web_search",
            agent="Searcher",
            args="Lyon population",
            output="" if error else search,
            error=error,
            parents=[decide],
        )
        calls += [decide, last]
    answer = rec.step("Searcher", error or search, "final_answer()", kind="llm", parents=[last])
    echo = rec.tool(
        "final_answer",
        agent="Searcher",
        args="It is 500,000.",
        output="It is 500,000.",
        parents=[answer],
    )
    report = rec.step(
        "Searcher", "task: Lyon population", "It is 500,000.", parents=[*calls[1:], answer, echo]
    )
    final = rec.step(
        "Manager", "It is 500,000.", "final_answer('500,000')", kind="llm", parents=[report]
    )
    done = rec.tool(
        "final_answer", agent="Manager", args="500,000", output="500,000", parents=[final]
    )
    rec.step("Manager", "population of Lyon?", "500,000", parents=[ask, report, final, done])
    return rec.finalize()


def through_a_node() -> Trace:
    """A graph framework's tool node sits between the model's call and the tool (LangGraph
    under OpenInference): the tool's parent is that node, the node's parent the LLM call."""
    rec = TraceRecorder("t", input="population of Lyon?")
    ask = rec.step("agent", "population of Lyon?", "web_search('Marseille')", kind="llm")
    node = rec.step("tools", "web_search('Marseille')", "Marseille", parents=[ask])
    hit = rec.tool(
        "web_search", agent="researcher", args="Marseille", output="873,076", parents=[node]
    )
    rec.step("researcher", "873,076", "It is 873,076.", parents=[hit], kind="llm")
    return rec.finalize()


def nested_container() -> Trace:
    """A supervisor node nests its graph's agent node, which nests the LLM call (LangGraph
    under OpenInference): the outer span is fed by the worker, not by its LLM call, and only
    `metadata["within"]` (the enclosing span's step) says the call is inside it."""
    rec = TraceRecorder("t", input="population of Lyon?")
    found = rec.step("researcher", "Lyon?", "It is 522,250.", kind="llm")
    # an answer without a value of its own to trace: the loss rule finds the container
    vague = "About half a million.\nNo source."
    rec.step("supervisor", "It is 522,250.", vague, kind="llm", metadata={"within": "s2"})
    node = rec.step("supervisor", "It is 522,250.", vague, metadata={"within": "s3"})
    rec.step("supervisor", "It is 522,250.", vague, parents=[found, node])
    return rec.finalize()


def failed_action() -> Trace:
    """A CodeAgent's first call wrote code that raised (OTLP: the error of its failed `Step`
    chain, given to the call that chose the action); the next call answered from memory."""
    rec = TraceRecorder("t", input="population of Lyon?")
    wrote = rec.step(
        "manager",
        "population of Lyon?",
        "print(population_of_lyon)",
        kind="llm",
        error="InterpreterError: population_of_lyon is not defined",
        metadata={"failed_action": "Step 1"},
    )
    guess = rec.step("manager", "Error: not defined", "final_answer('500,000')", kind="llm")
    done = rec.tool("final_answer", agent="manager", args="500,000", output="500,000")
    rec.step("manager", "population of Lyon?", "500,000", parents=[wrote, guess, done])
    return rec.finalize()


def retried(*, again: str | None, plan: bool = False) -> Trace:
    """The search failed; the call that read the error searched again (`again`: the retry's
    error, None when it worked); a later call answered 500,000 from memory. With `plan`, the
    call that read the error only updated the agent's plan, and the next call searched again."""
    rec = TraceRecorder("t", input="population of Lyon?")
    ask = rec.step("Searcher", "population of Lyon?", "web_search('Lyon population')", kind="llm")
    failed = rec.tool("web_search", agent="Searcher", args="Lyon population", error="HTTP 503")
    if plan:
        failed = rec.step("Searcher", "HTTP 503", "Plan: search again.", kind="llm")
    retry = rec.step("Searcher", "HTTP 503", "web_search('Lyon')", kind="llm", parents=[failed])
    page = "" if again else "Lyon - area: 47.87 km2"
    hit = rec.tool("web_search", agent="Searcher", args="Lyon", output=page, error=again)
    answer = rec.step("Searcher", page or again or "", "It is 500,000.", kind="llm", parents=[hit])
    rec.step("Searcher", "population of Lyon?", "It is 500,000.", parents=[ask, retry, answer])
    return rec.finalize()


def answered_then_searched() -> Trace:
    """The search failed; the call that read the error answered 500,000 from memory (no tool);
    a later call searched for something else. That answer went on: no retry."""
    rec = TraceRecorder("t", input="population of Lyon?")
    ask = rec.step("Searcher", "population of Lyon?", "web_search('Lyon population')", kind="llm")
    failed = rec.tool("web_search", agent="Searcher", args="Lyon population", error="HTTP 503")
    guess = rec.step("Searcher", "HTTP 503", "Lyon has about 500,000 people.", kind="llm")
    other = rec.step("Searcher", "500,000", "web_search('Lyon mayor')", kind="llm", parents=[guess])
    mayor = rec.tool("web_search", agent="Searcher", args="Lyon mayor", output="Mayor: G. Doucet")
    done = rec.step("Searcher", "Mayor: G. Doucet", "It is 500,000.", kind="llm", parents=[mayor])
    rec.step(
        "Searcher", "population of Lyon?", "It is 500,000.", parents=[ask, failed, other, done]
    )
    return rec.finalize()


def stale_figure_then_error() -> Trace:
    """The planner gave an old figure; the search for the current one failed, and the call that
    read the error answered with the old figure: the error came after the answer first
    appeared, and it was still ignored."""
    rec = TraceRecorder("t", input="current population of Lyon?")
    plan = rec.step(
        "Planner", "current population of Lyon?",
        "The 2015 census said 500,000; fetch the current figure.", kind="llm",
    )  # fmt: skip
    ask = rec.step("Researcher", "fetch the current figure", "web_search('Lyon')", kind="llm",
                   parents=[plan])  # fmt: skip
    failed = rec.tool("web_search", agent="Researcher", args="Lyon", error="HTTP 503")
    rec.step("Researcher", "HTTP 503", "It is 500,000.", kind="llm", parents=[ask, failed])
    return rec.finalize()


DECISIONS: Sequence[tuple[str, Callable[[], Trace], Check, tuple[str, str, int], str]] = [
    (
        "an echoed answer is the LLM call's that wrote it",
        lambda: delegated(search="Lyon: no figure"),
        check("contains", value="522,250"),
        ("agent", "Searcher", 3),
        "step 3 (Searcher) is the LLM call that asked for it",
    ),
    (
        "an ignored tool error is the LLM call's that read it",
        lambda: delegated(error="HTTP 503"),
        check("contains", value="522,250"),
        ("agent", "Searcher", 3),
        "step 3 (Searcher) read the error 'HTTP 503'",
    ),
    (
        "a tool error the reader retried was not ignored",
        lambda: retried(again=None),
        check("contains", value="522,250"),
        ("agent", "Searcher", 4),
        "the final answer '500,000' first appeared in step 4 (Searcher)",
    ),
    (
        "a retry after a planning call was not ignored either",
        lambda: retried(again=None, plan=True),
        check("contains", value="522,250"),
        ("agent", "Searcher", 5),
        "the final answer '500,000' first appeared in step 5 (Searcher)",
    ),
    (
        "an answer after the error is no planning call: a later search is no retry",
        answered_then_searched,
        check("contains", value="522,250"),
        ("agent", "Searcher", 2),
        "read the error 'HTTP 503'",
    ),
    (
        "a tool error after the answer first appeared is still read and ignored",
        stale_figure_then_error,
        check("contains", value="522,250"),
        ("agent", "Researcher", 3),
        "read the error 'HTTP 503'",
    ),
    (
        "a retry that failed too: the call that read its error and went on",
        lambda: retried(again="HTTP 504"),
        check("contains", value="522,250"),
        ("agent", "Searcher", 4),
        "step 4 (Searcher) read the error 'HTTP 504' that step 3 (tool web_search, called by "
        "Searcher) raised and went on",
    ),
    (
        "a surplus call is the LLM call's that asked for it",
        lambda: delegated(searches=2),
        check("tool_called", tool="web_search", max=1),
        ("agent", "Searcher", 3),
        "step 3 (Searcher) is the LLM call that asked for it",
    ),
    (
        "a tool run by a framework node is the LLM call's behind the node",
        through_a_node,
        check("contains", value="522,250"),
        ("agent", "researcher", 0),
        "step 0 (agent) is the LLM call that asked for it",
    ),
    (
        "a container nesting further nodes is the LLM call's nested in it",
        nested_container,
        check("contains", value="522,250"),
        ("agent", "supervisor", 1),
        "step 1 (supervisor) is the last LLM call within step 3 (supervisor)",
    ),
    (
        "an action that failed is the LLM call's that chose it",
        failed_action,
        check("contains", value="522,250"),
        ("agent", "manager", 0),
        "step 0 (manager) chose an action that raised 'InterpreterError: population_of_lyon "
        "is…' (Step 1) upstream",
    ),
    (
        "the failed call itself stays the tool's",
        lambda: delegated(error="HTTP 503"),
        check("tool_succeeded", tool="web_search"),
        ("tool", "web_search", 2),
        "failed at step 2",
    ),
    (
        "a loop starts at an LLM call, not at the agent span",
        lambda: delegated(search="Lyon: no figure"),
        check("max_steps", max=1),
        ("agent", "Searcher", 3),
        "first ran again at step 3",
    ),
]


@pytest.mark.parametrize(
    ("build", "chk", "expected", "said"),
    [r[1:] for r in DECISIONS],
    ids=[r[0] for r in DECISIONS],
)
def test_where_llm_calls_are_recorded_the_call_that_decided_is_the_step(
    build: Callable[[], Trace], chk: Check, expected: tuple[str, str, int], said: str
) -> None:
    suspects = blame(build(), chk)
    top = suspects[0]
    assert (top.kind, top.name, top.step_index) == expected
    assert said in top.reason
    trace = build()
    assert all(
        s.step_index is None or trace.steps[s.step_index].kind.value in ("llm", "tool")
        for s in suspects
    )


@pytest.mark.parametrize(
    ("value", "key"),
    [
        ("42.195 km", ("42.195", "km")),
        ("42.195 kilometres", ("42.195", "km")),
        ("1,250 miles", ("1250", "mi")),
        ("95°F", ("95", "°f")),
        ("95 degrees Fahrenheit", ("95", "°f")),
        ("12 percent", ("12", "%")),
        ("89.90 EUR", ("89.9", "eur")),
        ("8,849\u00a0m", ("8849", "m")),
        ("42.195", None),
        ("42 in total", None),
        ("$120.00 per share", None),
        ("5 kmph", None),
    ],
)
def test_a_quantity_is_its_figure_and_its_unit_in_one_spelling(
    value: str, key: tuple[str, str] | None
) -> None:
    from blame.engine.quantities import quantity_key

    assert quantity_key(value) == key


@pytest.mark.parametrize(
    ("text", "units"),
    [
        ("The race is 42.195 kilometers long.", {"km"}),
        ("The race is 42.195km, or 42.195 km.", {"km"}),
        ("The race is 42.195 miles, not 42.195 km.", {"mi", "km"}),
        ("The race is 42.195.", set()),
        ("The race is 142.195 km.", set()),
    ],
)
def test_the_units_a_text_gives_a_figure(text: str, units: set[str]) -> None:
    from blame.engine.quantities import units_of

    assert units_of(text, "42.195") == units


@pytest.mark.parametrize(
    ("task", "units"),
    [
        ("How long did the final last? Give the duration in seconds, number only.", {"seconds"}),
        ("What was its height, in centimetres?", {"centimetres"}),
        ("How long did it take, in whole minutes?", {"minutes"}),
        ("How large is the park, in square kilometres?", {"square", "kilometres"}),
        ("Who won in 2024 in Leeds?", set()),
        ("How many riders took part in total?", set()),
    ],
)
def test_the_units_a_task_asks_its_answer_in(task: str, units: set[str]) -> None:
    from blame.engine.quantities import answer_units

    assert answer_units(task) == units


def converted(final: str) -> Trace:
    """A tool gave the distance in km; the Converter wrote the figure with miles, unconverted;
    the Writer repeated it."""
    rec = TraceRecorder("t", input="How long is a marathon in miles?")
    hit = rec.tool("lookup", agent="Researcher", args="marathon", output="It is 42.195 km long.")
    said = rec.step(
        "Researcher", "It is 42.195 km long.", "The marathon is 42.195 km.", parents=[hit]
    )
    unit = rec.step("Converter", "42.195 km", "The marathon is 42.195 miles.", parents=[said])
    rec.step("Writer", "42.195 miles", final, parents=[unit])
    return rec.finalize()


@pytest.mark.parametrize(
    ("final", "expected", "said"),
    [
        ("A marathon is 42.195 miles long.", ("Converter", 2),
         "the final answer '42.195 miles' first appeared in step 2 (Converter)"),
        ("A marathon is 42.195 kilometres long.", ("Researcher", 0),
         "the final answer '42.195' first appeared in step 0 (tool lookup"),
    ],
    ids=["the unit changed: the step that changed it", "the unit reworded: where it began"],
)  # fmt: skip
def test_a_final_answer_s_quantity_first_appeared_with_its_unit(
    final: str, expected: tuple[str, int], said: str
) -> None:
    """`42.195 km` made `42.195 miles` by a step that did not convert: the figure is the
    tool's, the wrong value the Converter's."""
    top = blame(converted(final), check("contains", value="26.2"))[0]
    assert (top.agent, top.step_index) == expected
    assert said in top.reason


def read_by_agent(reader: str, *, retry: bool = False, replied: bool = False) -> Trace:
    """A recorder's trace without LLM calls: the Researcher's search failed (with `retry`, a
    client retried it at once and got the page; with `replied`, it answered `Error: HTTP 503`
    instead of raising) and its next step, fed by the call, said `reader`; the Writer
    repeated it."""
    rec = TraceRecorder("t", input="capital of Australia?")
    ask = rec.step("Researcher", "capital of Australia?", 'search("capital of Australia")')
    failed = rec.tool(
        "search",
        agent="Researcher",
        args="capital",
        output="Error: HTTP 503" if replied else "",
        error=None if replied else "HTTP 503",
        parents=[ask],
    )
    if retry:
        failed = rec.tool(
            "search", agent="Researcher", args="capital", output="Sydney is the largest city.",
            parents=[failed],
        )  # fmt: skip
    said = rec.step("Researcher", "HTTP 503", reader, parents=[failed])
    rec.step("Writer", reader, "The capital of Australia is Sydney.", parents=[said])
    return rec.finalize()


AGENT_READERS: Sequence[tuple[str, Callable[[], Trace], tuple[str, str, int], str]] = [
    (
        "the agent step that read the error and went on",
        lambda: read_by_agent("My search confirmed the capital of Australia is Sydney."),
        ("agent", "Researcher", 2),
        "step 2 (Researcher) read the error 'HTTP 503' that step 1 (tool search, called by "
        "Researcher) raised and went on as if it had succeeded",
    ),
    (
        "an agent that said the call failed passed the failure on: the tool",
        lambda: read_by_agent("The search failed (HTTP 503); I could not check. Maybe Sydney."),
        ("tool", "search", 1),
        "step 1 (tool search, called by Researcher) raised 'HTTP 503'",
    ),
    (  # an error given as the tool's reply was read as a result (it said so before)
        "the agent step that read an error the tool returned and went on",
        lambda: read_by_agent("My search confirmed it is Sydney.", replied=True),
        ("agent", "Researcher", 2),
        "step 2 (Researcher) read the error 'Error: HTTP 503' that step 1 (tool search, called "
        "by Researcher) returned and went on as if it had succeeded",
    ),
    (
        "an agent that said the returned error passed the failure on: the tool",
        lambda: read_by_agent("The search failed (HTTP 503). Maybe Sydney.", replied=True),
        ("tool", "search", 1),
        "step 1 (tool search, called by Researcher) returned 'Error: HTTP 503'",
    ),
    (
        "a call the client retried at once was not ignored: where the answer came from",
        lambda: read_by_agent("The capital of Australia is Sydney.", retry=True),
        ("agent", "Researcher", 3),
        "the final answer 'The capital of Australia is Sydney' first appeared in step 3",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "said"),
    [r[1:] for r in AGENT_READERS],
    ids=[r[0] for r in AGENT_READERS],
)
def test_without_llm_calls_the_agent_step_that_read_a_tool_error_decided(
    build: Callable[[], Trace], expected: tuple[str, str, int], said: str
) -> None:
    """Recorder traces have no LLM calls: the caller's next step is the decision that read a
    tool's error (it was the tool, which only failed, whatever the agent did next)."""
    top = blame(build(), check("contains", value="Canberra"))[0]
    assert (top.kind, top.name, top.step_index) == expected
    assert said in top.reason


def test_the_failing_tool_is_the_runner_up_of_an_ignored_error() -> None:
    suspects = blame(delegated(error="HTTP 503"), check("contains", value="522,250"))
    assert (suspects[1].kind, suspects[1].name, suspects[1].step_index) == ("tool", "web_search", 2)


def test_a_tool_error_is_never_said_to_be_raised_by_its_caller() -> None:
    rec = TraceRecorder("t")
    ask = rec.step("Researcher", input=f"task {REF}", output=f"look up {REF}")
    hit = rec.tool("search", agent="Researcher", args=REF, error="timeout", parents=[ask])
    rec.step("Researcher", input="timeout", output="summary", parents=[hit])
    top = blame(rec.finalize(), check("contains", value=REF))[0]
    assert (top.name, top.step_index) == ("Researcher", 2)
    assert "no longer carries it; the tool raised 'timeout'" in top.reason
    assert "carries it and raised" not in top.reason


def test_ranked_suspects_are_distinct_locations() -> None:
    from blame.engine.suspects import ranked

    found = ranked(
        [
            Suspect("agent", "A", "A", 2, 0.9, "a"),
            Suspect("handoff", "B -> A", "A", 2, 0.8, "b"),
            Suspect("tool", "t", "A", 1, 0.5, "c"),
            Suspect("agent", "Ghost", "Ghost", None, 0.3, "d"),
            Suspect("agent", "Ghost", "Ghost", None, 0.2, "e"),
        ]
    )
    assert [(s.name, s.step_index) for s in found] == [("A", 2), ("t", 1), ("Ghost", None)]


# Runners-up: each a different place to look ------------------------------------------------


def carried_on(calls: int) -> Trace:
    """A searcher reports the figure; the manager's LLM calls, each reading the conversation
    so far, never repeat it: every call "had it and dropped it"."""
    rec = TraceRecorder("t", input="population of Lyon?")
    said = ["population of Lyon?"]
    report = rec.step("Searcher", said[0], "Lyon has 522,250 inhabitants.", kind="llm")
    said.append("Lyon has 522,250 inhabitants.")
    last = report
    for n in range(calls):
        output = f"{n}: population of Lyon?"
        last = rec.step("Manager", "\n".join(said), output, kind="llm", parents=[last])
        said.append(output)
    return rec.finalize()


def received_by_its_span() -> Trace:
    """The manager's LLM call read the figure and dropped it; the manager's agent span that
    holds the call records only the task as its input."""
    rec = TraceRecorder("t", input="population of Lyon?")
    report = rec.step("Searcher", "population of Lyon?", "Lyon - population: 522,250", kind="llm")
    call = rec.step("Manager", "Lyon - population: 522,250", "It is large.", kind="llm")
    rec.step("Manager", "population of Lyon?", "It is large.", parents=[report, call])
    return rec.finalize()


def received_twice() -> Trace:
    """A supervisor node receives the researcher's message without the figure, twice."""
    rec = TraceRecorder("t", input="population of Lyon?")
    found = rec.step("Researcher", "population of Lyon?", "Lyon - population: 522,250")
    first = rec.step("Supervisor", "research done", "check it", parents=[found])
    rec.step("Supervisor", "research done", "It is large.", parents=[found, first])
    return rec.finalize()


RUNNERS_UP: Sequence[tuple[str, Callable[[], Trace], list[tuple[str, str, int]]]] = [
    (
        "a drop carried on call after call: where it began and the last call, not each between",
        lambda: carried_on(4),
        [("agent", "Manager", 4), ("agent", "Manager", 1)],
    ),
    (
        "two calls in a row are both ends of the chain",
        lambda: carried_on(2),
        [("agent", "Manager", 2), ("agent", "Manager", 1)],
    ),
    (
        "an agent span holding a call already listed is no runner-up",
        received_by_its_span,
        [("agent", "Manager", 1)],
    ),
    (
        "the same handoff received again by the same agent is the same loss",
        received_twice,
        [("handoff", "Researcher -> Supervisor", 2)],
    ),
]


@pytest.mark.parametrize(
    ("build", "expected"), [r[1:] for r in RUNNERS_UP], ids=[r[0] for r in RUNNERS_UP]
)
def test_runners_up_are_different_places_to_look(
    build: Callable[[], Trace], expected: list[tuple[str, str, int]]
) -> None:
    suspects = blame(build(), check("contains", value="522,250"))
    assert [(s.kind, s.name, s.step_index) for s in suspects] == expected


def test_the_first_suspect_is_kept_even_when_it_encloses_nothing_new() -> None:
    from blame.engine.suspects import distinct

    flow = StepGraph(received_by_its_span())
    span = Suspect("agent", "Manager", "Manager", 2, 0.9, "the span")
    call = Suspect("agent", "Manager", "Manager", 1, 0.8, "the call")
    assert distinct(flow, [span, call]) == (span, call)
    assert distinct(flow, [call, span]) == (call,)


class _CountedSteps(tuple):  # type: ignore[type-arg]
    """A trace's steps that count how often one is looked up."""

    looked_up = 0

    def __getitem__(self, index: Any) -> Any:
        type(self).looked_up += 1
        return super().__getitem__(index)


def test_suspects_inside_one_deep_span_tree_walk_it_once() -> None:
    """50 LLM calls inside 2,000 nested agent spans: each suspect walked every span above it,
    with a list lookup per span (20 s for one check on a 40,000-span export); a walk now stops
    at the first span an earlier suspect's walk met."""
    from blame.engine.suspects import distinct

    rec = TraceRecorder("deep", input="q")
    outer: str | None = None
    for _ in range(2000):
        outer = rec.step("Agent", "q", "x", metadata={} if outer is None else {"within": outer})
    calls = [
        rec.step("Agent", "q", f"call {i}", kind="llm", metadata={"within": outer})
        for i in range(50)
    ]
    flow = StepGraph(rec.finalize())
    suspects = [Suspect("agent", "Agent", "Agent", int(call[1:]), 0.9, "a call") for call in calls]
    flow.steps = _CountedSteps(flow.steps)
    assert distinct(flow, suspects) == tuple(suspects)
    assert _CountedSteps.looked_up < 3 * len(flow.steps)


def test_an_agent_span_holding_llm_calls_is_never_the_step() -> None:
    suspects = blame(delegated(search="Lyon: no figure"), check("contains", value="522,250"))
    last = suspects[-1]
    assert (last.name, last.step_index) == ("Manager", 6)
    assert "step 6 (Manager) is the last LLM call within step 8 (Manager)" in last.reason


# Goal deviation: the drop followed from a decision that turned the run from the task -------


def asked(instruction: str, answer: str, *, llm: bool = True) -> Trace:
    """A manager's LLM call instructs a searcher; the search returns the required value under
    its key beside other facts; the searcher's LLM call answers the instruction."""
    rec = TraceRecorder("t", input="What is the population of Lyon?")
    kind = "llm" if llm else "agent"
    ask = rec.step("Manager", "What is the population of Lyon?", instruction, kind=kind)
    query = rec.step("Searcher", instruction, "web_search('Lyon')", kind=kind, parents=[ask])
    hit = rec.tool(
        "web_search",
        agent="Searcher",
        args="Lyon",
        output="Lyon - population: 522,250; area: 47.87 km2",
        parents=[query],
    )
    rec.step(
        "Searcher",
        f"{instruction} Lyon - population: 522,250; area: 47.87 km2",
        answer,
        kind=kind,
        parents=[hit],
    )
    return rec.finalize()


DEVIATIONS: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "an instruction that asks something else is the decision",
        lambda: asked("Find the area of Lyon.", "The area of Lyon is 47.87 km2."),
        ("Manager", 0),
        "answered about 'area' instead, which the task does not ask for; step 0 (Manager) "
        "introduced 'area'",
    ),
    (
        "an answer naming the asked key is a plain loss (a misread)",
        lambda: asked("Find the population of Lyon.", "The population of Lyon is 552,250."),
        ("Searcher", 3),
        "received '522,250'",
    ),
    (
        "a new word the step made up itself is its own: nobody earlier introduced it",
        lambda: asked("Find the population of Lyon.", "Lyon has a mild climate."),
        ("Searcher", 3),
        "received '522,250'",
    ),
    (
        "without LLM calls there is no decision to pin: the loss stays",
        lambda: asked("Find the area of Lyon.", "The area of Lyon is 47.87 km2.", llm=False),
        ("Searcher", 3),
        "received '522,250'",
    ),
]


def planned(
    instruction: str, plan: str = "Plan: ask the searcher, then check the figure it gives."
) -> Trace:
    """A verbose run: a plan (whose own words the final call also uses), an instruction, a
    page, a report; every call's input holds the conversation so far. The final call names no
    question, only the value: `final_answer('47.87 km2')`."""
    rec = TraceRecorder("t", input="What is the population of Lyon?")
    said = ["What is the population of Lyon?"]

    def call(agent: str, output: str, kind: str = "llm") -> int:
        index = rec.step(agent, "\n".join(said), output, kind=kind)
        said.append(output)
        return index

    call("Manager", plan)
    call("Manager", instruction)
    call("Searcher", "web_search('Lyon')")
    call("Searcher", "Lyon - population: 522,250; area: 47.87 km2", kind="tool")
    call("Searcher", "The value is 47.87 km2.")
    call("Manager", "Thought: I keep the figure.\nfinal_answer('47.87 km2')")
    return rec.finalize(final_output="47.87 km2")


DEVIATIONS = [
    *DEVIATIONS,
    (
        "the question answered is the label its value was listed under, not any new word",
        lambda: planned("Find the area of Lyon."),
        ("Manager", 1),
        "answered about 'area' instead, which the task does not ask for; step 1 (Manager) "
        "introduced 'area'",
    ),
    (
        "a plan that ruled the other question out did not ask it (before, it was blamed)",
        lambda: planned("Find the area of Lyon.", "Plan: the population, not the area."),
        ("Manager", 1),
        "step 1 (Manager) introduced 'area': its output asks for it; its input only ruled it "
        "out; the task lacks it",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "said"), [r[1:] for r in DEVIATIONS], ids=[r[0] for r in DEVIATIONS]
)
def test_a_drop_that_followed_an_instruction_off_the_goal_is_the_instructions(
    build: Callable[[], Trace], expected: tuple[str, int], said: str
) -> None:
    suspects = blame(build(), check("contains", value="522,250"))
    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert said in suspects[0].reason
    assert any("received '522,250'" in s.reason for s in suspects)  # the loss stays a suspect


def census(instruction: str, answer: str) -> Trace:
    """A manager instructs a searcher; the page lists the asked census figure and a later
    estimate, labelled in brackets; the searcher answers with the estimate."""
    question = "What was the population of Brenna at the 2011 census? Number only."
    rec = TraceRecorder("t", input=question)
    ask = rec.step("Manager", question, instruction, kind="llm")
    query = rec.step("Searcher", instruction, "web_search('Brenna')", kind="llm", parents=[ask])
    page = "Population (2011 census) 14,382; (2023 estimate) 15,910."
    hit = rec.tool(
        "web_search", agent="Searcher", args="Brenna population", output=page, parents=[query]
    )
    said = rec.step("Searcher", f"{instruction} {page}", answer, kind="llm", parents=[hit])
    rec.step("Manager", answer, "15910", kind="llm", parents=[said])
    return rec.finalize()


def reported_then_picked() -> Trace:
    """The searcher reports both figures in words of its own (`According to the page`); the
    manager picks the estimate: the searcher's words describe an answer, they ask nothing."""
    question = "What was the population of Kessel in the 2011 census? Number only."
    rec = TraceRecorder("t", input=question)
    ask = rec.step("Searcher", question, "web_search('Kessel population 2011 census')", kind="llm")
    page = "Kessel: 14,382 (2011 census); 15,020 (2021 estimate)"
    hit = rec.tool(
        "web_search", agent="Searcher", args="Kessel 2011 census", output=page, parents=[ask]
    )
    report = "According to the page, Kessel had 14,382 in the 2011 census and 15,020 in 2021."
    said = rec.step("Searcher", page, report, kind="llm", parents=[hit])
    rec.step(
        "Manager", report, "According to it, Kessel had 15020 people.", kind="llm", parents=[said]
    )
    return rec.finalize(final_output="15020")


def test_words_written_beside_a_wrong_value_asked_nothing() -> None:
    suspects = blame(reported_then_picked(), check("exact_match", value="14382"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Manager", 3)
    assert "had '14382' available" in suspects[0].reason
    assert all("introduced" not in s.reason for s in suspects)


@pytest.mark.parametrize(
    ("instruction", "answer", "expected", "said"),
    [
        (
            "Find the current population of Brenna.",
            "Brenna's current population is 15,910.",
            ("Manager", 0),
            "step 3 (Searcher) dropped '14382' and answered about 'current' instead, which the "
            "task does not ask for; step 0 (Manager) introduced 'current'",
        ),
        # asked the task's question: the searcher that picked the estimate chose
        (
            "Find the population of Brenna at the 2011 census.",
            "The population of Brenna is 15,910.",
            ("Searcher", 3),
            "had '14382' available but output the wrong value '15910'",
        ),
    ],
)
def test_a_wrong_value_picked_as_an_instruction_off_the_goal_asked_is_the_instructions(
    instruction: str, answer: str, expected: tuple[str, int], said: str
) -> None:
    suspects = blame(census(instruction, answer), check("exact_match", value="14382"))
    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert said in suspects[0].reason


def test_a_tool_that_output_the_wrong_value_it_was_given_is_its_callers() -> None:
    """`final_answer(f"{kg} kg per hive")`: the tool's arguments hold the right figure inside
    the wrong answer; the call that gave them chose, not the tool that echoed them."""
    question = "Average honey yield per hive in 2023, in kilograms? Without the unit."
    rec = TraceRecorder("t", input=question)
    ask = rec.step("Searcher", question, "web_search('honey yield 2023')", kind="llm")
    page = "2023: 23.46 kg per hive (312 colonies)."
    hit = rec.tool("web_search", agent="Searcher", args="honey yield", output=page, parents=[ask])
    code = 'kg = round(23.46, 1)\nfinal_answer(f"{kg} kg per hive")'
    wrote = rec.step("Searcher", page, code, kind="llm", parents=[hit])
    rec.tool("final_answer", agent="Searcher", args="23.5 kg per hive", output="23.5 kg per hive",
             parents=[wrote])  # fmt: skip
    suspects = blame(
        rec.finalize(final_output="23.5 kg per hive"), check("exact_match", value="23.5")
    )
    assert (suspects[0].kind, suspects[0].agent, suspects[0].step_index) == ("agent", "Searcher", 2)
    assert suspects[0].reason == (
        "step 2 (Searcher) called step 3 (tool final_answer, called by Searcher) with the wrong "
        "value '23.5 kg per hive' that reached the final output"
    )


# Substitution: the call that had the right value and wrote the wrong answer in its place -----


REPORTS = {
    "conclusion": "The page says 522,250; on a second look, the population of Lyon is 552,250.",
    "aside": "The population of Lyon is 552,250 (the page says 522,250).",
}
"""Reports that write both values: the right one worked out first, or given as an aside."""


def history(wrong_at: str, *, llm: bool = True) -> Trace:
    """Each LLM call's input holds the conversation so far (as real LLM spans record it): a
    searcher reads a page with the right value and reports; a manager checks, then answers.
    `wrong_at` names the call that first writes 552,250 (the others pass on what they got)."""
    rec = TraceRecorder("t", input="What is the population of Lyon?")
    kind = "llm" if llm else "agent"
    said: list[str] = ["What is the population of Lyon?"]

    def call(agent: str, output: str, parents: list[int]) -> int:
        index = rec.step(agent, "\n".join(said), output, kind=kind, parents=parents)
        said.append(output)
        return index

    ask = call("Searcher", "web_search('Lyon')", [])
    found = "Lyon - population: 522,250"
    page = rec.tool("web_search", agent="Searcher", args="Lyon", output=found, parents=[ask])
    said.append(found)
    value = "552,250" if wrong_at == "report" else "522,250"
    report = call("Searcher", REPORTS.get(wrong_at, f"The population of Lyon is {value}."), [page])
    value = "552,250" if wrong_at in ("report", "check", *REPORTS) else value
    checked = call("Manager", f"figure = '{value}'", [report])
    call("Manager", "552,250" if wrong_at != "nowhere" else "About half.\nNo source.", [checked])
    return rec.finalize()


SUBSTITUTIONS: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "the report that misread the page, not the later calls that repeat it",
        lambda: history("report"),
        ("Searcher", 2),
        "step 2 (Searcher) had '522,250' in its input and wrote '552,250', the answer the "
        "final output gives, which no step before it on the way there had",
    ),
    (
        "the manager's check that misread a right report",
        lambda: history("check"),
        ("Manager", 3),
        "step 3 (Manager) had '522,250' in its input and wrote '552,250'",
    ),
    (
        "the last call, when it wrote the wrong value: the loss says so",
        lambda: history("answer"),
        ("Manager", 4),
        "step 4 (Manager) received '522,250' from step 3 (Manager) in its input but its output "
        "dropped it",
    ),
    (
        "the report that wrote the right value, then concluded another",
        lambda: history("conclusion"),
        ("Searcher", 2),
        "step 2 (Searcher) had '522,250' in its input and wrote '522,250', then '552,250', the "
        "answer the final output gives",
    ),
    (
        "a report that ends on the right value kept it: the loss after it",
        lambda: history("aside"),
        ("Manager", 4),
        "step 4 (Manager) received '522,250' in its input but its output dropped it",
    ),
    (
        "steps without LLM calls read the same way",
        lambda: history("report", llm=False),
        ("Searcher", 2),
        "had '522,250' in its input and wrote '552,250'",
    ),
    (
        "an answer with no value of its own to trace is a plain loss",
        lambda: history("nowhere"),
        ("Manager", 4),
        "step 4 (Manager) received '522,250'",
    ),
]


@pytest.mark.parametrize("build", [lambda: history("report"), lambda: history("check")])
def test_the_loss_stays_a_suspect_after_the_substitution(build: Callable[[], Trace]) -> None:
    suspects = blame(build(), check("contains", value="522,250"))
    assert "had '522,250' in its input and wrote" in suspects[0].reason
    assert any("received '522,250'" in s.reason for s in suspects[1:])


def test_a_wrong_value_a_tool_returned_is_no_substitution() -> None:
    """The tool's output is where the wrong value began, and a tool is not judged by what its
    caller had: the loss rule decides, as before."""
    rec = TraceRecorder("t", input="What is the population of Lyon?")
    ask = rec.step("Searcher", "population of Lyon: 522,250?", "web_search('Lyon')", kind="llm")
    page = rec.tool(
        "web_search", agent="Searcher", args="Lyon 522,250", output="552,250", parents=[ask]
    )
    rec.step(
        "Searcher", "population of Lyon: 522,250? 552,250", "552,250", kind="llm", parents=[page]
    )
    suspects = blame(rec.finalize(), check("contains", value="522,250"))
    assert all("wrote '552,250'" not in s.reason for s in suspects)


def test_a_step_that_kept_the_required_content_swapped_nothing() -> None:
    """The calculator wrote the answer's value and kept the currency; the formatter dropped it:
    the formatter's loss is the only suspect, not a substitution by the calculator."""
    rec = TraceRecorder("t", input="Total cost of the order, in EUR?")
    calc = rec.step("Calculator", "items: 10 EUR, 32 EUR", "Total: **42** EUR", kind="llm")
    rec.step("Formatter", "Total: **42** EUR", "Total: **42**", kind="llm", parents=[calc])
    suspects = blame(rec.finalize(), check("contains", value="EUR"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Formatter", 1)
    assert all("wrote '42'" not in s.reason for s in suspects)


def test_a_handoff_that_lost_the_content_comes_before_a_substitution_upstream() -> None:
    """The analyst wrote the revenue and then the growth the final output gives; the handoff
    delivered only the growth. The writer never had the revenue, so nothing after the handoff
    carried the answer on while having it: the loss in transit is the first suspect, and the
    analyst's conclusion a place to look after it."""
    rec = TraceRecorder("t", input="Summarise ACME's quarter.")
    found = rec.step("Researcher", "ACME", "ACME Q3 revenue: 4.2M USD.", kind="llm")
    analysed = rec.step(
        "Analyst", "ACME Q3 revenue: 4.2M USD.", "Revenue 4.2M USD, growth 20%.", parents=[found]
    )
    rec.step("Writer", "growth 20%", "ACME grew 20% in Q3.", parents=[analysed])
    suspects = blame(rec.finalize(), check("contains", value="4.2M"))
    assert (suspects[0].kind, suspects[0].name, suspects[0].step_index) == (
        "handoff",
        "Analyst -> Writer",
        2,
    )
    later = [s for s in suspects[1:] if "wrote '4.2M', then '20" in s.reason]
    assert [(s.agent, s.step_index) for s in later] == [("Analyst", 1)]
    assert later[0].confidence < suspects[0].confidence


# An error after the final answer was written did not make it --------------------------------


def checked_after(*, error_at: str) -> Trace:
    """A searcher reports 500,000 from memory; the manager checks it in code (which raises at
    `error_at`: "check", after the report, or "search", before it) and answers 500,000."""
    rec = TraceRecorder("t", input="population of Lyon?")
    failed = {"error": "ValueError: could not convert", "metadata": {"failed_action": "Step 2"}}
    ask = rec.step(
        "Searcher",
        "population of Lyon?",
        "web_search('Lyon')",
        kind="llm",
        **(failed if error_at == "search" else {}),
    )
    report = rec.step("Searcher", "no result", "It is 500,000.", kind="llm", parents=[ask])
    check = rec.step(
        "manager",
        "It is 500,000.",
        "print(float('500,000'))",
        kind="llm",
        parents=[report],
        **(failed if error_at == "check" else {}),
    )
    rec.step("manager", "It is 500,000. ValueError", "500,000", kind="llm", parents=[check])
    return rec.finalize()


AFTER_THE_ANSWER: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "an error after the answer was written: where the answer first appeared",
        lambda: checked_after(error_at="check"),
        ("Searcher", 1),
        "the final answer '500,000' first appeared in step 1 (Searcher)",
    ),
    (
        "an error before it is still the first suspect",
        lambda: checked_after(error_at="search"),
        ("Searcher", 0),
        "step 0 (Searcher) chose an action that raised",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "said"),
    [r[1:] for r in [*SUBSTITUTIONS, *AFTER_THE_ANSWER]],
    ids=[r[0] for r in [*SUBSTITUTIONS, *AFTER_THE_ANSWER]],
)
def test_where_the_wrong_answer_began_comes_before_what_followed_it(
    build: Callable[[], Trace], expected: tuple[str, int], said: str
) -> None:
    """A substitution before the loss; an error after the answer was written is passed over."""
    suspects = blame(build(), check("contains", value="522,250"))
    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert said in suspects[0].reason


# A misspelt identifier: where the final output's misspelling began ---------------------------


def relayed(written: str, *, by: str = "Booker") -> Trace:
    """A coordinator hands flight AF1234 on 2026-12-01 to a booker (or a tool), whose reply
    gives `written`; the coordinator, who still has AF1234 in its task, repeats that reply."""
    rec = TraceRecorder("t", input="Book flight AF1234 on 2026-12-01.")
    ask = rec.step("Coordinator", "Book flight AF1234 on 2026-12-01.", "Booker: book AF1234")
    reply = f"Booked flight {written} on 2026-12-01."
    if by == "tool":
        done = rec.tool("book", agent="Coordinator", args="AF1234", output=reply, parents=[ask])
    else:
        done = rec.step("Booker", "book AF1234", reply, parents=[ask])
    rec.step(
        "Coordinator",
        f"Book flight AF1234 on 2026-12-01. {reply}",
        f"Done: booked {written} on 2026-12-01.",
        parents=[ask, done],
    )
    return rec.finalize()


def moved() -> Trace:
    """The task names the old flight AF1243 and the new AF1234; the planner restates both,
    the writer gives the old one."""
    task = "The passenger was moved from flight AF1243 to AF1234. Tell them their new flight."
    rec = TraceRecorder("t", input=task)
    plan = rec.step("Planner", task, "New flight AF1234 confirmed; the old booking AF1243 is void.")
    rec.step("Writer", "New flight AF1234 confirmed.", "Your flight is AF1243.", parents=[plan])
    return rec.finalize()


MISSPELT: Sequence[tuple[str, Callable[[], Trace], str, tuple[str, int], str]] = [
    (
        "characters reordered: the booker that wrote it, not the coordinator repeating it",
        lambda: relayed("AF1243"),
        "AF1234",
        ("Booker", 1),
        "step 1 (Booker) had 'AF1234' in its input and wrote 'AF1243', the answer the final "
        "output gives",
    ),
    (
        "one character changed",
        lambda: relayed("AF1284"),
        "AF1234",
        ("Booker", 1),
        "step 1 (Booker) had 'AF1234' in its input and wrote 'AF1284'",
    ),
    (
        "a tool's misspelling is no substitution: the loss decides",
        lambda: relayed("AF1243", by="tool"),
        "AF1234",
        ("Coordinator", 2),
        "step 2 (Coordinator) received 'AF1234'",
    ),
    (
        "a token the task has is no misspelling: the planner only restated it",
        moved,
        "AF1234",
        ("Writer", 1),
        "step 1 (Writer) received 'AF1234'",
    ),
    (
        "another identifier altogether is no misspelling: the loss decides",
        lambda: relayed("BA0977"),
        "AF1234",
        ("Coordinator", 2),
        "step 2 (Coordinator) received 'AF1234'",
    ),
]


@pytest.mark.parametrize(
    ("build", "value", "expected", "said"), [r[1:] for r in MISSPELT], ids=[r[0] for r in MISSPELT]
)
def test_a_misspelt_identifier_is_blamed_where_the_misspelling_began(
    build: Callable[[], Trace], value: str, expected: tuple[str, int], said: str
) -> None:
    suspects = blame(build(), check("contains", value=value))
    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert said in suspects[0].reason


def test_a_misspelling_after_text_that_folds_longer_is_quoted_as_written() -> None:
    """`ß` folds to `ss`: offsets in the folded output are one off in the original."""
    suspects = blame(
        relayed("Große AF1243"), check("contains", value="AF1234", case_sensitive=False)
    )
    assert "wrote 'af1243'" in suspects[0].reason.casefold()
    assert "'af1243', the answer" in suspects[0].reason.casefold()


# The call that delegated to an agent without tools ------------------------------------------


def given_no_tools(writer_tools: list[str] | None, researcher_tools: list[str] | None) -> Trace:
    """A manager's call gives the Writer a lookup; the Writer's call writes an area its input
    did not have; the manager passes it on. `None`: the agent's step declares no tools."""
    rec = TraceRecorder("t", input="What is the area of Lyon?")
    ask = rec.step("Manager", "What is the area of Lyon?", "Writer: give the area.", kind="llm")
    guess = rec.step(
        "Writer", "Give the area of Lyon.", "It is 52.3 km2.", kind="llm", parents=[ask]
    )
    said = rec.step(
        "Writer",
        "Give the area of Lyon.",
        "It is 52.3 km2.",
        parents=[ask, guess],
        metadata={} if writer_tools is None else {"tools": writer_tools},
    )
    rec.step(
        "Researcher",
        "Find the population of Lyon.",
        "Nothing asked.",
        parents=[ask],
        metadata={} if researcher_tools is None else {"tools": researcher_tools},
    )
    rec.step("Manager", "It is 52.3 km2.", "52.3 km2", kind="llm", parents=[said])
    return rec.finalize()


DELEGATED: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "an agent given no tools (others declare theirs): the call that delegated to it",
        lambda: given_no_tools(None, ["web_search"]),
        ("Manager", 0),
        "step 0 (Manager) handed Writer its task (its output fed Writer's calls), Writer was "
        "given no tools, and step 1 (Writer) introduced '52.3'",
    ),
    (
        "an empty list declared is no tools too",
        lambda: given_no_tools([], None),
        ("Manager", 0),
        "Writer was given no tools",
    ),
    (
        "an agent that had tools and did not use them: its own call",
        lambda: given_no_tools(["calculator"], ["web_search"]),
        ("Writer", 1),
        "the final answer '52.3' first appeared in step 1 (Writer)",
    ),
    (
        "no step says which tools agents have: not calling one proves nothing",
        lambda: given_no_tools(None, None),
        ("Writer", 1),
        "the final answer '52.3' first appeared in step 1 (Writer)",
    ),
]


# The call that took a figure from a search result's snippet -----------------------------------


def from_snippet(*, opened: bool = False, results: int = 2) -> Trace:
    """A searcher reads a result list whose profile snippet gives an old population, answers
    with it (or first opens the profile page), and an analyst divides it by the area."""
    rec = TraceRecorder("t", input="How many people live per km2 in Lyon (population / area)?")
    ask = rec.step("Searcher", "Lyon?", "web_search('Lyon population')", kind="llm")
    listed = [
        "[1] Lyon - profile\n    https://data.example.gov/lyon\n"
        "    Profile of Lyon: population about 500000 (older estimate).",
        "[2] Lyon - key figures\n    https://facts.example.info/lyon\n    Key figures.",
    ][:results]
    found = rec.tool(
        "web_search",
        agent="Searcher",
        args="Lyon population",
        output="\n".join(listed),
        parents=[ask],
    )
    last = rec.step("Searcher", "\n".join(listed), "It is 500000.", kind="llm", parents=[found])
    # the area from a page: the snippet's own (opened) or the other result's
    site = "data.example.gov" if opened else "facts.example.info"
    url = f'{{"url": "https://{site}/lyon"}}'
    pick = rec.step("Searcher", "It is 500000.", f"visit({url})", kind="llm", parents=[last])
    page = rec.tool("visit", agent="Searcher", args=url, output="area: 47.87 km2", parents=[pick])
    last = rec.step("Searcher", "area: 47.87 km2", "Area 47.87 km2.", kind="llm", parents=[page])
    calc = rec.step("Analyst", "500000, 47.87 km2", "calculator(500000 / 47.87)", kind="llm")
    quotient = rec.tool(
        "calculator", agent="Analyst", args="500000 / 47.87", output="10444.95", parents=[calc]
    )
    done = rec.step("Analyst", "10444.95", "Rounded: 10445", kind="llm", parents=[quotient, last])
    rec.step("Writer", "Rounded: 10445", "10445", kind="llm", parents=[done])
    return rec.finalize()


SNIPPETS: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "a figure from a result's snippet whose page nobody opened: the call that took it",
        lambda: from_snippet(),
        ("Searcher", 2),
        "step 1 (tool web_search, called by Searcher) gave in the snippet of a result, "
        "'https://data.example.gov/lyon', whose page no later tool call opened; step 2 "
        "(Searcher) took the figure from the snippet first",
    ),
    (
        "the page was opened afterwards: the snippet says nothing",
        lambda: from_snippet(opened=True),
        ("Analyst", 8),
        "the final answer '10445' first appeared in step 8 (Analyst)",
    ),
    (
        "one address only is a page, not a list of results",
        lambda: from_snippet(results=1),
        ("Analyst", 8),
        "the final answer '10445' first appeared in step 8 (Analyst)",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "said"),
    [r[1:] for r in [*DELEGATED, *SNIPPETS]],
    ids=[r[0] for r in [*DELEGATED, *SNIPPETS]],
)
def test_who_decided_where_a_figure_came_from_comes_before_who_wrote_it(
    build: Callable[[], Trace], expected: tuple[str, int], said: str
) -> None:
    """A value an agent without tools introduced could only be guessed: choosing that agent
    for the task was the delegating call's decision, the agent itself the runner-up. A
    snippet is a cut of a page, not the page: answering from it stopped looking early."""
    suspects = blame(build(), check("contains", value="10910"))
    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert said in suspects[0].reason
    if expected[0] == "Manager":
        assert (suspects[1].agent, suspects[1].step_index) == ("Writer", 1)


# The call that chose what the run looked up ---------------------------------------------------


def looked_up(query: str, place: str = "Marseille") -> Trace:
    """A searcher searches for `query`, opens a result about `place` and reports its figure;
    the task asks about Lyon."""
    rec = TraceRecorder("t", input="What is the population of Lyon?")
    ask = rec.step("Searcher", "population of Lyon?", f"web_search('{query}')", kind="llm")
    results = f"0. https://wiki.example.org/Lyon\n1. https://wiki.example.org/{place}"
    found = rec.tool("web_search", agent="Searcher", args=query, output=results, parents=[ask])
    url = f'{{"url": "https://wiki.example.org/{place}"}}'
    pick = rec.step("Searcher", results, f"visit({url})", kind="llm", parents=[found])
    page = rec.tool(
        "visit", agent="Searcher", args=url, output="population: 873,076", parents=[pick]
    )
    rec.step("Searcher", "population: 873,076", "It is 873,076.", kind="llm", parents=[page])
    return rec.finalize()


LOOKED_UP: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "a name the search was called for that an earlier call made up",
        lambda: looked_up("Marseille population"),
        ("Searcher", 0),
        "called for 'Marseille', which step 0 (Searcher) introduced: its output has it and "
        "neither its input nor the task did",
    ),
    (
        "a name the results offered: the call that picked it",
        lambda: looked_up("Lyon population"),
        ("Searcher", 2),
        "the final answer '873,076' first appeared in step 3 (tool visit",
    ),
]


# A computed answer: the call that fed the calculation a value of its own ----------------------


def computed(operand: str) -> Trace:
    """A researcher reads a page and reports the population as `operand`; the analyst divides
    it by the area with a calculator and answers with the rounded result."""
    rec = TraceRecorder("t", input="What is the population density of Reykjavik?")
    page = rec.tool("fetch_page", agent="researcher", args="stats", output="population: 139,875")
    report = rec.step(
        "researcher",
        "population: 139,875",
        f"The population is {operand}.",
        kind="llm",
        parents=[page],
    )
    number = operand.replace(",", "")
    ask = rec.step(
        "analyst",
        f"population {operand}, area 273 km2",
        f'calculator({{"expression": "{number} / 273"}})',
        kind="llm",
        parents=[report],
    )
    result = str(int(number) / 273)
    calc = rec.tool(
        "calculator", agent="analyst", args=f"{number} / 273", output=result, parents=[ask]
    )
    said = rec.step(
        "analyst", result, f"Rounded: {round(float(result))}", kind="llm", parents=[calc]
    )
    rec.step(
        "supervisor",
        str(round(float(result))),
        str(round(float(result))),
        kind="llm",
        parents=[said],
    )
    return rec.finalize()


def test_a_computed_answer_is_the_call_that_introduced_an_operand_not_the_rounding() -> None:
    top = blame(computed("193,875"), check("contains", value="512"))[0]
    assert (top.agent, top.step_index) == ("researcher", 1)
    assert "the final answer '710' was computed by step 3 (tool calculator" in top.reason
    assert "from '193875', which step 1 (researcher) introduced" in top.reason


def test_a_computed_answer_from_looked_up_operands_keeps_its_first_appearance() -> None:
    """The operands came from the page: nothing was made up before the calculation, and the
    rounding call is where the answer (here changed to '513') first appeared."""
    trace = computed("139,875")
    top = blame(trace, check("contains", value="513"))[0]
    assert top.agent == "analyst" and "computed by" not in top.reason


def invoice(subtotal: str) -> Trace:
    """A researcher reads an invoice (`1,250.00` and `100.00`) and reports the subtotal as
    `subtotal`; an analyst computes the total with a calculator from the whole figures."""
    rec = TraceRecorder("t", input="Total of invoice INV-7?")
    ask = rec.step("Researcher", "Total of invoice INV-7?", "I will fetch invoice INV-7.")
    page = rec.tool(
        "fetch_invoice",
        agent="Researcher",
        args={"id": "INV-7"},
        output="INV-7 subtotal: 1,250.00 USD; tax: 100.00 USD",
        parents=[ask],
    )
    report = f"Invoice INV-7: subtotal {subtotal}, tax 100.00."
    read = rec.step("Researcher", "INV-7 subtotal: 1,250.00 USD; tax: 100.00 USD", report,
                    parents=[page])  # fmt: skip
    whole = subtotal.replace(",", "").removesuffix(".00")
    plan = rec.step("Analyst", report, f"calling calculator({whole} + 100)", parents=[read])
    total = str(int(whole) + 100)
    calc = rec.tool(
        "calculator", agent="Analyst", args={"expression": f"{whole} + 100"}, output=total,
        parents=[plan],
    )  # fmt: skip
    said = rec.step("Analyst", total, f"The total is {total}.00 USD.", parents=[calc])
    answer = f"Total due for INV-7: {total}.00 USD."
    rec.step("Writer", f"The total is {total}.00 USD.", answer, parents=[said])
    return rec.finalize(final_output=answer)


def test_a_figure_written_with_decimals_is_the_same_figure_as_a_whole_number() -> None:
    """The analyst computed with `100`, the `100.00` its input had, and `1520`, the
    `1,520.00` the researcher wrote from a page that says `1,250.00`: the researcher's
    misreading decided, and no reason says that the analyst made up the tax."""
    top = blame(invoice("1,520.00"), check("contains", value="1350"))[0]
    assert (top.agent, top.step_index) == ("Researcher", 2)
    assert "from '1520', which step 2 (Researcher) introduced" in top.reason


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("1,250.00", "1250"),
        ("100.00", "100"),
        ("100", "100"),  # no decimal point: its zeros are the number's
        ("2.50", "2.5"),
        ("0.0", "0"),
        ("$1,200.10", "1200.1"),
        ("45%", "45"),
        ("\u22123.500", "-3.5"),
        ("0.05", "0.05"),
    ],
)
def test_a_figure_is_compared_by_value(written: str, value: str) -> None:
    from blame.engine.figures import norm, numbers

    assert norm(written) == value
    assert numbers(f"the figure is {written} today") == {value}


def code_agent(
    report: str, picked: str, *, searched: str = "overview", closer: str = "632"
) -> Trace:
    """A manager that runs its own code (a code agent) asks a web agent for two heights; the
    web agent reports the first as `report` after a search that gave `searched`, and the
    second from a page that lists two figures; the manager computes with `picked` for the
    second and its step shows the code and what it printed."""
    rec = TraceRecorder(
        "t",
        input="How many metres taller is Burj Khalifa than Shanghai Tower (architectural height)?",
    )
    ask = rec.step("manager", "task", "Ask web_agent for both heights.", kind="llm")
    found = rec.tool(
        "web_search",
        agent="web_agent",
        args="Burj Khalifa height",
        output=f"1. [Burj Khalifa](https://a.example/burj) {searched}",
        parents=[ask],
    )
    first = rec.step(
        "web_agent",
        f"1. [Burj Khalifa] {searched}",
        f"Height: {report} m",
        kind="llm",
        parents=[found],
    )
    page = rec.tool(
        "visit_page",
        agent="web_agent",
        args="https://a.example/shanghai",
        output="| Top floor | 583 m |\n| Architectural height | 632 m |",
        parents=[first],
    )
    second = rec.step(
        "web_agent",
        "| Top floor | 583 m | Architectural height | 632 m |",
        f"Architectural height: {closer} m. The page also lists Top floor: 583 m.",
        kind="llm",
        parents=[page],
    )
    result = int(report) - int(picked)
    code = (
        f"Thought: I compute.\n<code>\nburj = {report}\nshanghai = {picked}\n"
        f"print(burj - shanghai)\n</code>\nExecution logs:\n{result}"
    )
    ran = rec.step(
        "manager",
        f"Height: {report} m. Architectural height: 632 m.",
        code,
        kind="llm",
        parents=[second],
    )
    rec.step("manager", str(result), f"final_answer('{result}')", kind="llm", parents=[ran])
    return rec.finalize(final_output=str(result))  # fmt: skip


def test_a_code_agent_computed_answer_is_the_call_that_introduced_an_operand() -> None:
    """830 was in no search result: the web agent's call made it up, and the manager's code
    computed the wrong answer from it."""
    top = blame(code_agent("830", "632"), check("contains", value="196"))[0]
    assert (top.agent, top.step_index) == ("web_agent", 2)
    assert "the final answer '198' was computed by step 5 (manager) from '830'" in top.reason
    assert "which step 2 (web_agent) introduced" in top.reason


@pytest.mark.parametrize("closer", ["632", "632.0", "632.00"])
def test_a_code_agent_that_took_the_wrong_row_of_a_faithful_report_is_the_culprit(
    closer: str,
) -> None:
    """The web agent reported both rows with their labels; the manager's code took the top
    floor for the architectural height: the manager's call took that figure. The figure beside
    it is quoted as the web agent wrote it (it was quoted by value, '632', which a person does
    not find in a report that says 632.0)."""
    trace = code_agent("828", "583", searched="height 828 m", closer=closer)
    top = blame(trace, check("contains", value="196"))[0]
    assert (top.agent, top.step_index) == ("manager", 5)
    assert (
        "step 5 (manager) took that figure, which step 4 (web_agent) had written beside "
        f"'{closer}'" in top.reason
    )


def test_without_the_rule_a_code_agent_computation_is_where_the_answer_appeared() -> None:
    from blame.engine.rules import switched_off

    with switched_off("operand-code"):
        top = blame(code_agent("830", "632"), check("contains", value="196"))[0]
    assert "computed by" not in top.reason


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ("a\n<code>\nx = 1\n</code>\nlogs: 2", ("\nx = 1\n", "a\n\nlogs: 2")),
        ("```py\nx = 1\n```\n2", ("py\nx = 1\n", "\n2")),
        ("```a``` mid <code>b</code> end", ("a\nb", " mid  end")),
        ("<code>x = 1</code>", None),  # nothing after the code: nothing it printed
        ("<code>x = 1", None),  # never closed
        ("no code at all", None),
        ("<code>" * 1000 + "x", None),  # fences left open are passed once, not rescanned
    ],
)
def test_what_a_code_agent_ran_and_what_it_printed(
    output: str, expected: tuple[str, str] | None
) -> None:
    from blame.engine.interpreter import ran_code

    assert ran_code(output) == expected


def test_a_computed_answer_reads_each_earlier_step_once_whatever_the_operands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A calculator fed 400 numbers after 2,000 steps: each earlier output was scanned for
    numbers once per operand (800,000 scans; 20 s at 20,000 steps), now once."""
    from blame.engine import operands

    rec = TraceRecorder(test_name="many", input="how much?")
    for i in range(2000):
        rec.step("A", input="x", output=f"step {i} says {i * 7}.25")
    rec.tool("calc", agent="A", args=" ".join(f"{i}.5" for i in range(1000, 1400)), output="7.5")
    rec.step("A", input="7.5", output="The answer is 7.5")
    trace = rec.finalize(final_output="The answer is 7.5")
    scans = counting(monkeypatch, operands, "numbers")
    top = blame(trace, check("contains", value="zebra"))[0]
    assert "the final answer '7.5' first appeared in step 2000 (tool calc" in top.reason
    assert scans[0] < 2 * len(trace.steps)


def test_a_retry_asked_for_through_the_agent_node_is_no_ignored_error() -> None:
    """LangGraph: the LLM call that read a tool's error feeds its agent node, which runs the
    tool again; the retry is seen through the node, and the error was not ignored: the call
    that made the figure up comes first."""
    rec = TraceRecorder("t", input="population of Lyon?")
    ask = rec.step("researcher", "Lyon?", "web_search('Lyon population')", kind="llm")
    node = rec.step("researcher", "web_search", "Lyon population", parents=[ask])
    failed = rec.tool(
        "web_search", agent="researcher", args="Lyon population", error="429", parents=[node]
    )
    again = rec.step(
        "researcher", "429", "web_search('Lyon population')", kind="llm", parents=[failed]
    )
    node = rec.step("researcher", "web_search", "Lyon population", parents=[again])
    found = rec.tool(
        "web_search",
        agent="researcher",
        args="Lyon population",
        output="Lyon: city page, no figures",
        parents=[node],
    )
    read = rec.step(
        "researcher", "Lyon: city page, no figures", "It is 552,250.", kind="llm", parents=[found]
    )
    rec.step("supervisor", "It is 552,250.", "552,250", kind="llm", parents=[read])
    top = blame(rec.finalize(), check("contains", value="522,250"))[0]
    assert (top.agent, top.step_index) == ("researcher", 6)
    assert "went on as if" not in top.reason


# A loop: the first call that repeated one whose result it already had ------------------------


def looped(
    *calls: tuple[str, str | None],
    keeps: bool = True,
    named: bool = False,
    kind: str = "llm",
    shows: bool = True,
) -> Trace:
    """A searcher's LLM calls each ask for one search; `calls` are (arguments, error) in order.
    Each call's input holds the conversation so far (every earlier result) when `keeps`, else
    only the task. `named`: the framework adds a line with the tool's name to each result,
    which the calls never see (LangGraph's tool messages). `kind="agent"`: the deciding steps
    are agent steps (a trace without LLM calls, LangGraph's model nodes), which name the call
    they make when `shows`."""
    rec = TraceRecorder("t", input="population of Lyon?")
    seen = "population of Lyon?"
    last = None
    for args, error in calls:
        decide = rec.step(
            "Searcher",
            seen if keeps else "population of Lyon?",
            f"web_search({args!r})" if shows else "Searching.",
            kind=kind,
            parents=[last] if last is not None else None,
        )
        result = "" if error else f"Results for {args.strip()}: Lyon - population: 522,250"
        last = rec.tool(
            "web_search",
            agent="Searcher",
            args=args,
            output=f"{result}\nweb_search" if named and result else result,
            error=error,
            parents=[decide],
        )
        seen += f"\n{error or result}"
    rec.step("Searcher", seen, "522,250", kind=kind, parents=[last] if last else None)
    return rec.finalize()


REPEATS: list[tuple[str, Callable[[], Trace], int, tuple[str, int], str]] = [
    (
        "the first repeat after the result was in, not the call over the budget",
        lambda: looped(
            ("Lyon population", None), ("Lyon population", None), ("Lyon population", None)
        ),
        2,
        ("Searcher", 2),
        "step 3 repeated the call of step 1 with the same arguments after step 2 (Searcher) "
        "had its result in its input: the loop began there",
    ),
    (
        "a retry after an error is no repeat: the loop begins after it",
        lambda: looped(
            ("Lyon population", "HTTP 429"),
            ("Lyon population", None),
            ("Lyon population", None),
            ("Lyon population", None),
        ),
        3,
        ("Searcher", 4),
        "step 5 repeated the call of step 3",
    ),
    (
        "the same arguments in another case or spacing are the same call",
        lambda: looped(
            ("Lyon population", None), (" lyon  Population", None), ("Lyon population", None)
        ),
        2,
        ("Searcher", 2),
        "step 3 repeated the call of step 1",
    ),
    (
        "JSON arguments in another key order are the same call",
        lambda: looped(
            ('{"query": "Lyon population", "limit": 5}', None),
            ('{"limit": 5,  "query": "lyon population"}', None),
            ('{"query": "Lyon population", "limit": 5}', None),
        ),
        2,
        ("Searcher", 2),
        "step 3 repeated the call of step 1",
    ),
    (
        "a result is known by its first line: a framework may add lines of its own",
        lambda: looped(
            ("Lyon population", None),
            ("Lyon population", None),
            ("Lyon population", None),
            named=True,
        ),
        2,
        ("Searcher", 2),
        "step 3 repeated the call of step 1",
    ),
    (
        "a call whose input never had the earlier result is no loop: the surplus call",
        lambda: looped(
            ("Lyon population", None),
            ("Lyon population", None),
            ("Lyon population", None),
            keeps=False,
        ),
        2,
        ("Searcher", 4),
        "call 3 is step 5",
    ),
    (
        "a reworded call that asks again for all the earlier one asked is a repeat",
        lambda: looped(
            ("Lyon population", None), ("population of Lyon", None), ("Lyon area", None)
        ),
        2,
        ("Searcher", 2),
        "step 3 repeated the call of step 1 with the words of its arguments again "
        "('population of Lyon') after step 2 (Searcher) had its result in its input",
    ),
    (
        "a page reloaded with a parameter is a repeat",
        lambda: looped(
            ("https://stats.example/lyon", None),
            ("https://stats.example/lyon?print=1", None),
            ("Lyon area", None),
        ),
        2,
        ("Searcher", 2),
        "step 3 repeated the call of step 1",
    ),
    (
        "a narrower call asks for less than the earlier one: no repeat, the surplus call",
        lambda: looped(("Lyon population 2020", None), ("Lyon population", None), ("Lyon", None)),
        2,
        ("Searcher", 4),
        "call 3 is step 5",
    ),
    (
        "other arguments are no repeat: the surplus call",
        lambda: looped(("Lyon population", None), ("Lyon area", None), ("Lyon mayor", None)),
        2,
        ("Searcher", 4),
        "call 3 is step 5",
    ),
    (
        "without LLM calls, the agent step that named the call stands for it",
        lambda: looped(*[("Lyon population", None)] * 3, kind="agent"),
        2,
        ("Searcher", 2),
        "step 3 repeated the call of step 1 with the same arguments after step 2 (Searcher) "
        "had its result in its input: the loop began there",
    ),
    (
        "without LLM calls, agent steps that name no call: the surplus call's own step",
        lambda: looped(*[("Lyon population", None)] * 3, kind="agent", shows=False),
        2,
        ("Searcher", 5),
        "call 3 is step 5",
    ),
]


@pytest.mark.parametrize(
    ("build", "most", "expected", "said"), [r[1:] for r in REPEATS], ids=[r[0] for r in REPEATS]
)
def test_a_loop_is_the_first_call_that_repeated_one_whose_result_it_had(
    build: Callable[[], Trace], most: int, expected: tuple[str, int], said: str
) -> None:
    top = blame(build(), check("tool_called", tool="web_search", max=most))[0]
    assert (top.agent, top.step_index) == expected
    assert said in top.reason


# A computed answer from a looked-up figure: who chose what was looked up, or read ------------

TASK = "What is the population density of Reykjavik? Divide its population by 273 (km2)."


def looked_up_figure(
    asked: str, url: str, page: str, report: str, *, filler: int = 0, task: str = TASK
) -> Trace:
    """The supervisor asks for `asked`; the researcher's LLM call opens `url`, reads `page` and
    reports `report`; the analyst divides the figure reported by 273 with a calculator and the
    supervisor answers with the rounded result. `filler` LLM calls come first."""
    rec = TraceRecorder("t", input=task)
    for _ in range(filler):
        rec.step("supervisor", task, "Thinking it over.", kind="llm")
    ask = rec.step("supervisor", task, f"Researcher: find the {asked} of Reykjavik.", kind="llm")
    seen = f"{task}\nResearcher: find the {asked} of Reykjavik."
    fetch = rec.step("researcher", seen, f'fetch_page("{url}")', kind="llm", parents=[ask])
    opened = rec.tool("fetch_page", agent="researcher", args=url, output=page, parents=[fetch])
    said = rec.step("researcher", f"{seen}\n{page}", report, kind="llm", parents=[opened])
    figure = re.findall(r"\d[\d,]*", report)[-1].replace(",", "")
    asks = rec.step("analyst", report, f'calculator("{figure} / 273")', kind="llm", parents=[said])
    result = str(int(figure) / 273)
    calc = rec.tool(
        "calculator", agent="analyst", args=f"{figure} / 273", output=result, parents=[asks]
    )
    answer = str(round(float(result)))
    done = rec.step("analyst", result, f"Rounded: {answer}", kind="llm", parents=[calc])
    rec.step("supervisor", f"Rounded: {answer}", answer, kind="llm", parents=[done])
    return rec.finalize()


def searched_another_castle() -> Trace:
    """The first call searches for another castle's name; the next opens the page the search
    found, whose address also has `Wikipedia`, a word only the search results brought in."""
    task = "In which year did construction of Falkenrode Castle begin?"
    rec = TraceRecorder("t", input=task)
    query = "Falkenrath Castle construction"
    ask = rec.step("researcher", task, f'web_search("{query}")', kind="llm")
    url = "https://en.wikipedia.org/wiki/Falkenrath_Castle"
    found = f"[Falkenrath Castle - Wikipedia]({url})"
    hits = rec.tool("web_search", agent="researcher", args=query, output=found, parents=[ask])
    opens = rec.step(
        "researcher", f"{task}\n{found}", f'visit_webpage("{url}")', kind="llm", parents=[hits]
    )
    page = "# Falkenrath Castle\nFrom Wikipedia. Falkenrath Castle was begun in 1187."
    read = rec.tool("visit_webpage", agent="researcher", args=url, output=page, parents=[opens])
    rec.step("researcher", page, "1187", kind="llm", parents=[read])
    return rec.finalize()


STATS = "https://stats.example.org/profiles/reykjavik"
TABLE = (
    "Reykjavik - statistical profile\n| population | 139,875 |\n"
    "| metropolitan population | 233,034 |"
)
LOOKUPS: list[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "a label with another form of the task's word is the closer row",
        lambda: looked_up_figure(
            "metropolitan area",
            STATS,
            "| populations counted | 139,875 |\n| metropolitan area | 233,034 |",
            "The metropolitan area has 233,034.",
        ),
        ("supervisor", 0),
        "lists as '233,034' under 'metropolitan area', with 'area', a word neither the task "
        "nor the labels of the page's other figures have, beside a label more of the task's "
        "words; step 0 (supervisor) asked for it first",
    ),
    (
        "the call that asked for another figure than the task's",
        lambda: looked_up_figure(
            "metropolitan population", STATS, TABLE, "The metropolitan population is 233,034."
        ),
        ("supervisor", 0),
        "from '233034', which step 2 (tool fetch_page, called by researcher) lists as "
        "'233,034' under 'metropolitan population', with 'metropolitan', a word neither the "
        "task nor the labels of the page's other figures have, beside a label more of the "
        "task's words; step 0 (supervisor) asked for it first",
    ),
    (
        "the call that read another figure than the one asked for",
        lambda: looked_up_figure(
            "population", STATS, TABLE, "The metropolitan population is the one to use: 233,034."
        ),
        ("researcher", 3),
        "step 3 (researcher) took that figure first",
    ),
    (
        "the call that opened a page about something the task does not name",
        lambda: looked_up_figure(
            "population",
            "https://stats.example.org/profiles/akureyri",
            "Akureyri - statistical profile\n| population | 19,642 |",
            "The population of Reykjavik is 19,642.",
        ),
        ("researcher", 1),
        "called for 'akureyri' that the task does not name; step 1 (researcher) named it "
        "first: its output has it and its input did not",
    ),
    (
        "the earlier call that named it, when the call that opened it only followed",
        lambda: looked_up_figure(
            "population of Akureyri, the nearest city",
            "https://stats.example.org/profiles/akureyri",
            "Akureyri - statistical profile\n| population | 19,642 |",
            "The population of Akureyri is 19,642.",
        ),
        ("supervisor", 0),
        "step 0 (supervisor) named it first",
    ),
    (
        "a label's short words count: 'tip' in 'height to tip'",
        lambda: looked_up_figure(
            "roof height",
            STATS,
            "Tower\n| height to tip | 828,000 cm |\n| roof height | 739,000 cm |",
            "The roof height is 739,000 cm.",
            task="How high is the tip of the Reykjavik tower? Divide it by 273.",
        ),
        ("supervisor", 0),
        "lists as '739,000' under 'roof height', with 'roof'",
    ),
    (
        "a short odd word is found where it was first written too",
        lambda: looked_up_figure(
            "top height",
            STATS,
            "Tower\n| roof height | 739,000 cm |\n| top height | 828,000 cm |",
            "The top height is 828,000 cm.",
            task="How tall is the roof of the Reykjavik tower? Divide it by 273.",
        ),
        ("supervisor", 0),
        "lists as '828,000' under 'top height', with 'top'",
    ),
    *(
        (
            f"a heading is no name the page is about: {heading.split(chr(10))[0]!r}",
            lambda heading=heading, url=url: looked_up_figure(
                "population",
                f"https://stats.example.org/reykjavik/{url}",
                f"{heading}\n| population | 19,642 |\n| area | 273 km2 |",
                "The population of Reykjavik is 19,642.",
            ),
            ("analyst", 6),
            "first appeared in step 6 (analyst)",
        )
        for heading, url in (
            ("SUMMARY", "summary"),
            ("REYKJAVIK - KEY NOTES", "notes"),
            ("NOTES: figures of the last census", "notes"),
            ("## Summary", "summary"),
            ("### Notes\nFrom the last census.", "notes"),
        )
    ),
    *(
        (
            f"a name in capitals in the page's text is still a name: {page.split(chr(10))[0]!r}",
            lambda page=page: looked_up_figure(
                "population",
                "https://stats.example.org/profiles/akureyri",
                f"{page}\n| population | 19,642 |",
                "The population of Reykjavik is 19,642.",
            ),
            ("researcher", 1),
            "called for 'akureyri' that the task does not name",
        )
        for page in (
            "Figures for AKUREYRI, north Iceland",
            "# AKUREYRI\nAkureyri - statistical profile",
        )
    ),
    (
        "a figure under an odd label, with no figure there closer to the task: no lookup rule",
        lambda: looked_up_figure(
            "population",
            STATS,
            "Reykjavik factsheet\n- residents: 139,875\n- last reviewed: March 2025",
            "The population of Reykjavik is 139,875.",
        ),
        ("analyst", 6),
        "first appeared in step 6 (analyst)",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "said", "right"),
    [(*r[1:], "522,250") for r in LOOKED_UP] + [(*r[1:], "9999") for r in LOOKUPS],
    ids=[r[0] for r in (*LOOKED_UP, *LOOKUPS)],
)
def test_a_wrong_lookup_is_the_call_that_chose_what_was_looked_up(
    build: Callable[[], Trace], expected: tuple[str, int], said: str, right: str
) -> None:
    top = blame(build(), check("contains", value=right))[0]
    assert (top.agent, top.step_index) == expected
    assert said in top.reason


def test_a_wrong_value_looked_up_is_the_call_that_searched_another_name() -> None:
    """Not the call that opened what the search found."""
    top = blame(searched_another_castle(), check("exact_match", value="1213"))[0]
    assert (top.agent, top.step_index) == ("researcher", 0)
    # a site's name in the address (`en.wikipedia.org`) says where, not what, it was read
    assert top.reason.endswith(
        "called for 'falkenrath' that the task does not name; step 0 (researcher) named it "
        "first: its output has it and its input did not"
    )


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Count the calls of `module.name` (a text scan): the one-item list holds the count."""
    scans = [0]
    scan = getattr(module, name)

    def counted(text: str) -> set[str]:
        scans[0] += 1
        return scan(text)  # type: ignore[no-any-return]

    monkeypatch.setattr(module, name, counted)
    return scans


def test_a_looked_up_operand_reads_each_earlier_step_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The call that first wrote the odd word is looked for in one pass, not one per step."""
    from blame.engine import operands

    trace = looked_up_figure(
        "population", STATS, TABLE, "The metropolitan population is 233,034.", filler=3000
    )
    scans = counting(monkeypatch, operands, "terms")
    top = blame(trace, check("contains", value="9999"))[0]
    assert (top.agent, top.step_index) == ("researcher", 3003)
    assert scans[0] < 2 * len(trace.steps)


def test_looked_up_operands_from_one_page_read_the_page_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A calculator fed 400 figures of one page: the page's labels were read again for each
    operand (160,000 label scans; 20 s at 1,600 operands), now once."""
    from blame.engine import operands

    figures = [f"{1000 + i}.5" for i in range(400)]
    page = " | ".join(f"label{i} widget | {figure}" for i, figure in enumerate(figures))
    rec = TraceRecorder(test_name="many", input="how much is the total?")
    rec.step("A", input="how much?", output="search('widgets')", kind="llm")
    rec.tool("search", agent="A", args="widgets", output=page)
    rec.step("A", input=page, output="calc(" + " + ".join(figures) + ")", kind="llm")
    rec.tool("calc", agent="A", args=" + ".join(figures), output="7.5")
    rec.step("A", input="7.5", output="The answer is 7.5", kind="llm")
    trace = rec.finalize(final_output="The answer is 7.5")
    scans = counting(monkeypatch, operands, "terms")
    top = blame(trace, check("contains", value="zebra"))[0]
    assert "the final answer '7.5' first appeared in step 3 (tool calc" in top.reason
    assert scans[0] < 2 * len(figures) + 2 * len(trace.steps)


def test_tool_arguments_nested_too_deep_are_compared_as_text() -> None:
    """Agent-written arguments that look like JSON nested deeper than Python's parser goes
    raised RecursionError out of the loop rule: the check errored instead of blaming."""
    rec = TraceRecorder(test_name="deep", input="q?")
    for _ in range(4):
        rec.step("A", input="q? result", output="call", kind="llm")
        rec.tool("search", agent="A", args="[" * 100_000, output="result")
    rec.step("A", input="x", output="done", kind="llm")
    trace = rec.finalize(final_output="done")
    top = blame(trace, check("tool_called", tool="search", max=2))[0]
    assert "A called search 4 times (at most 2 allowed)" in top.reason


def test_with_confidence_and_case_blind_make_what_replace_makes() -> None:
    # Both build the copy field by field: a field added to either class must be added there.
    from dataclasses import fields, replace

    from blame.engine.content import with_confidence
    from blame.engine.matching import Matcher, case_blind

    assert [f.name for f in fields(Suspect)] == [
        "kind", "name", "agent", "step_index", "confidence", "reason", "sender", "receiver",
        "confirmation",
    ]  # fmt: skip
    for suspect in (
        Suspect("agent", "Planner", "Planner", 3, 0.9, "step 3 dropped it"),
        Suspect("handoff", "Planner -> Writer", "Writer", 4, 0.8, "lost in the handoff"),
        Suspect("tool", "search", "Planner", None, 0.7, "it failed", "a", "b"),
    ):
        made = with_confidence(suspect, 0.2)
        assert made == replace(suspect, confidence=0.2)
        assert repr(made) == repr(replace(suspect, confidence=0.2))
    assert [f.name for f in fields(Matcher)] == [
        "shown", "needle", "pattern", "ignore_case", "whole_word", "case_sensitive",
    ]  # fmt: skip
    matcher = Matcher(shown="'CODE'", needle="CODE", whole_word=True, case_sensitive=True)
    expected = replace(matcher, needle="code", case_sensitive=False)
    assert case_blind(matcher) == expected
    assert repr(case_blind(matcher)) == repr(expected)


def test_a_tool_fed_by_another_tool_of_one_code_block_was_asked_for_by_that_code() -> None:
    """A code agent's step runs two tools in turn (the second fed by the first): the LLM call
    that wrote the code decided both; a tool chain with no call behind it keeps its step."""
    rec = TraceRecorder("t", input="Convert 250 EUR to USD.")
    wrote = rec.step(
        "Analyst", "Convert 250 EUR.", "fetch_json(...); final_answer(...)", kind="llm"
    )
    fetched = rec.tool("fetch_json", agent="Analyst", args="/rates", output="0.92", parents=[wrote])
    rec.tool("final_answer", agent="Analyst", args="230", output="230", parents=[fetched])
    rec.tool("final_answer", agent="Writer", args="230", output="230", parents=[fetched])
    flow = StepGraph(rec.finalize())
    assert [decision(flow, i) for i in (1, 2, 3)] == [0, 0, 3]


def test_a_tool_a_managers_code_called_after_a_sub_agent_run_was_the_managers() -> None:
    """A manager's code runs its sub-agent, then hands the joined answer to `final_answer`;
    the tool step sits after the sub-agent's run: the manager's call asked for it, not the
    sub-agent's last call (before, the sub-agent was blamed for the manager's format)."""
    rec = TraceRecorder("t", input="Opening years of the three tunnels?")
    code = rec.step("Manager", "task", "for t in tunnels: search_agent(t)\nfinal_answer(...)",
                    kind="llm")  # fmt: skip
    asked = rec.step("Searcher", "Aldmoor Tunnel", "web_search('Aldmoor')", kind="llm",
                     parents=[code])  # fmt: skip
    found = rec.tool("web_search", agent="Searcher", args="Aldmoor", output="opened 1906",
                     parents=[asked])  # fmt: skip
    said = rec.step("Searcher", "opened 1906", "final_answer('1906')", kind="llm", parents=[found])
    run = rec.step("Searcher", "Aldmoor Tunnel", "1906", parents=[code, asked, found, said])
    rec.tool("final_answer", agent="Manager", args="Aldmoor: 1906", output="Aldmoor: 1906",
             parents=[run])  # fmt: skip
    assert decision(StepGraph(rec.finalize()), 5) == 0


@pytest.mark.parametrize(
    ("caller", "said", "pinned"),
    [
        ("Agent", '-> book_room {"room": "Room 4"}', 0),  # the node that showed the call
        ("Agent", "call book_room", 0),
        ("Agent", "Checking the room first.", 1),  # names no tool: the tool step keeps it
        ("Agent", "-> book_rooms {}", 1),  # another tool's name
        ("Other", '-> book_room {"room": "Room 4"}', 1),  # another agent's step
    ],
)
def test_without_llm_calls_a_tool_was_asked_for_by_the_agent_step_that_named_it(
    caller: str, said: str, pinned: int
) -> None:
    """In a trace without LLM-call steps (LangGraph's model nodes, the recorder), the agent
    step that fed a tool and shows the call made the decision the tool carried out."""
    rec = TraceRecorder("t", input="Book Room 4 if it is free.")
    asked = rec.step(caller, input="Book Room 4 if it is free.", output=said)
    rec.tool("book_room", agent="Agent", args={"room": "Room 4"}, output="booked", parents=[asked])
    assert decision(StepGraph(rec.finalize()), 1) == pinned


def test_a_tool_called_out_of_order_blames_the_model_node_that_called_it() -> None:
    """A ReAct agent books before it checks: the model node's step that asked for the
    booking broke the order, not the tool step that carried it out."""
    rec = TraceRecorder("t", input="Book Room 4 if it is free.")
    first = rec.step("agent", input="Book Room 4 if it is free.", output="-> book_room {}")
    booked = rec.tool("book_room", agent="agent", output="booked R-5521", parents=[first])
    then = rec.step("agent", input="booked", output="-> check_availability {}", parents=[booked])
    free = rec.tool("check_availability", agent="agent", output="free", parents=[then])
    rec.step("agent", input="free", output="Booked: R-5521.", parents=[free])
    top = blame(rec.finalize(), check("tool_order", tools=["check_availability", "book_room"]))[0]
    assert (top.kind, top.agent, top.step_index) == ("agent", "agent", 0)
    assert "step 0 (agent) is the step that asked for it" in top.reason


def prompted(prompt: str) -> Trace:
    """A code agent whose every call's input opens with its instructions (a system prompt);
    its code subtracts two rates it fetched and answers 0."""
    task = "By how many points did Hungary's VAT rate exceed Denmark's? Number only."
    rec = TraceRecorder("t", input=task)
    head = f"{prompt}\nTask: {task}"
    plan = "## 1. Facts\n- two rates\n## 2. Plan\n1. Fetch both rates.\n2. Subtract."
    planned = rec.step("Analyst", head, plan, kind="llm")
    asked = rec.step(
        "Analyst",
        f"{head}\n{plan}",
        "<code>\nfetch_json('/vat')\n</code>",
        kind="llm",
        parents=[planned],
    )
    got = rec.tool(
        "fetch_json", agent="Analyst", args="/vat", output="DK 25.0; HU 25.0", parents=[asked]
    )
    rec.step(
        "Analyst",
        f"{head}\nDK 25.0; HU 25.0 (call_2)",
        "final_answer('0')",
        kind="llm",
        parents=[got],
    )
    return rec.finalize(final_output="0")


@pytest.mark.parametrize(
    "prompt",
    [
        "Rules:\n1. Think first.\n2. Never guess.",  # a numbered rule
        "Example: I will read the first 2 pages.",  # a figure in an example
    ],
)
def test_a_figure_only_the_instructions_have_was_never_received(prompt: str) -> None:
    """Before, the last call was said to have "received '2' in its input" and dropped it: the
    2 of a prompt's rule or example, the plan's `## 2. Plan`, the `call_2` of a tool call's
    id. None of them is the answer."""
    suspects = blame(prompted(prompt), check("exact_match", value="2"))
    assert suspects
    assert not any("received '2'" in s.reason for s in suspects)


def test_a_figure_one_call_was_handed_was_received() -> None:
    """A reader's one call was given a retrieved passage no recorded step returned: that
    cannot be told from instructions, so the reader received the value and dropped it."""
    rec = TraceRecorder("t", input="Where is Acme based? One city.")
    read = rec.step(
        "reader", "Passage: Acme's headquarters are in Lyon.", "based in France", kind="llm"
    )
    rec.step("writer", "based in France", "Paris", kind="llm", parents=[read])
    top = blame(rec.finalize(final_output="Paris"), check("contains", value="Lyon"))[0]
    assert (top.agent, top.step_index) == ("reader", 0)
    assert "received 'Lyon' in its input but its output dropped it" in top.reason


def filtered_in_code(first: str) -> Trace:
    """A code agent reads accessions whose record also gives their count, filters them in
    code, then hands the filtered list's length on as the answer."""
    rec = TraceRecorder("t", input="How many of the seed vault's accessions are viable?")
    ask = rec.step("analyst", "task", first, kind="llm")
    rows = '{"count": 7, "accessions": [{"viable": "yes"}, {"viable": "no"}]}'
    page = rec.tool("fetch_json", agent="analyst", args="/accessions", output=rows,
                    parents=[ask])  # fmt: skip
    code = '<code>\nviable = [a for a in data["accessions"] if a["viable"]]\n</code>'
    chose = rec.step("analyst", rows, f"I keep the viable ones.\n{code}", kind="llm",
                     parents=[page])  # fmt: skip
    last = rec.step("analyst", rows, "<code>\nfinal_answer(str(len(viable)))\n</code>",
                    kind="llm", parents=[chose])  # fmt: skip
    answer = rec.tool("final_answer", agent="analyst", args="7", output="7", parents=[last])
    rec.step("analyst", "task", "7", parents=[ask, page, chose, last, answer])  # the run
    return rec.finalize(final_output="7")


def test_a_figure_code_computed_is_the_computing_calls_not_a_page_that_had_it_first() -> None:
    """Before, the call that fetched the page with `"count": 7` was blamed for the 7 the
    filter later computed."""
    top = blame(filtered_in_code("<code>\ndata = fetch_json('/accessions')\n</code>"),
                check("exact_match", value="4"))[0]  # fmt: skip
    assert (top.agent, top.step_index) == ("analyst", 2)
    assert top.reason == (
        "step 2 (analyst) computed 'viable' in its code, which step 3 (analyst) handed on as "
        "the final answer; '4' was never produced"
    )


def answered_from_the_task(plan: str) -> Trace:
    """The task quotes an old atlas's figure and asks for the register's; the manager's plan
    writes the facts down, then the next call answers with the task's own figure."""
    task = "An old atlas gives the crater's diameter as 41 km. What does the register give?"
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", task, plan, kind="llm")
    answer = rec.step("manager", f"{task}\n{plan}", 'final_answer("41")', kind="llm",
                      parents=[planned])  # fmt: skip
    tool = rec.tool("final_answer", agent="manager", args="41", output="41", parents=[answer])
    rec.step("manager", task, "41", parents=[planned, answer, tool])  # the run
    return rec.finalize(final_output="41")


@pytest.mark.parametrize(
    ("plan", "culprit", "said"),
    [
        # the plan only wrote the task's figure down: the call that answered with it chose
        (
            "## Facts\n- 41 km in the old atlas\n## Plan\n1. Look the register up.",
            1,
            "step 1 (manager) answered with '41', which the task itself states",
        ),
        # a plan that never wrote it: the call that answered with it is where it appeared
        ("## Plan\n1. Look the register up.", 1, ""),
    ],
)
def test_a_wrong_value_the_task_states_is_chosen_by_the_call_that_answered_with_it(
    plan: str, culprit: int, said: str
) -> None:
    top = blame(answered_from_the_task(plan), check("exact_match", value="38.6"))[0]
    assert (top.agent, top.step_index) == ("manager", culprit)
    assert said in top.reason


@pytest.mark.parametrize(
    "scale", ["(0-5)", "(0\u20135)", "on a scale of 0 to 5", "out of 5", "(0 \u2013 5)"]
)
def test_a_bound_of_the_tasks_scale_is_no_value_the_task_states(scale: str) -> None:
    """A task asking for a rating `(0-5)` states no 5; before, the call that answered with
    the record's hygiene score 5 was blamed for taking the task's value, not the call that
    read the record's rating 3 and took the score instead."""
    task = f"What is the food hygiene rating {scale} of The Codfather? Reply with the rating only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("analyst", task, "<code>\nshop = fetch_json('/shop')\n</code>", kind="llm")
    record = '{"rating_value": "3", "scores": {"hygiene": 5, "structural": 10}}'
    page = rec.tool("fetch_json", agent="analyst", args="/shop", output=record, parents=[ask])
    chose = rec.step("analyst", record, "Its hygiene score is 5, so that is its rating.",
                     kind="llm", parents=[page])  # fmt: skip
    last = rec.step("analyst", "5", "<code>\nfinal_answer('5')\n</code>", kind="llm",
                    parents=[chose])  # fmt: skip
    answer = rec.tool("final_answer", agent="analyst", args="5", output="5", parents=[last])
    rec.step("analyst", task, "5", parents=[ask, page, chose, last, answer])  # the run
    top = blame(rec.finalize(final_output="5"), check("exact_match", value="3"))[0]
    assert (top.agent, top.step_index) == ("analyst", 2)
    assert top.reason.startswith("step 2 (analyst) had '3' available")


def test_a_number_inside_another_is_no_right_value_a_step_had() -> None:
    """`4.6` in a prompt's example `1294.678` is no 4.6 the call had; before, the call was
    blamed for writing a wrong rating while it had the right one."""
    rec = TraceRecorder("t", input="What is the Loch Fane Oyster Bar's rating? Number only.")
    prompt = "Example: 5 + 3 + 1294.678 = 1302.678\nTask: What is the bar's rating?"
    ask = rec.step("A", prompt, "The rating is 3.9.", kind="llm")
    rec.tool("final_answer", agent="A", args="3.9", output="3.9", parents=[ask])
    check = Check(type="exact_match", name="exact_match", params={"value": "4.6"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(rec.finalize()))
    assert suspects
    assert all("had '4.6' available" not in s.reason for s in suspects)


def cut_from_the_report(cut: str) -> Trace:
    """A searcher reports the apogee as a page groups it (`1,486 m`); the manager's code cuts
    the figure out of the report and returns it as `cut`."""
    rec = TraceRecorder("t", input="What apogee did the flight reach, in metres? Whole number.")
    ask = rec.step("searcher", "apogee?", "visit_webpage('round-up')", kind="llm")
    page = rec.tool("visit_webpage", agent="searcher", args="round-up",
                    output="Marsh Harrier reached 1,486 m (4,875 ft).", parents=[ask])  # fmt: skip
    report = "The apogee of Marsh Harrier was 1,486 m."
    said = rec.step("searcher", "1,486 m", report, kind="llm", parents=[page])
    code = '<code>\nfinal_answer(report.split("apogee of ")[1].split(" m")[0])\n</code>'
    last = rec.step("manager", report, code, kind="llm", parents=[said])
    answer = rec.tool("final_answer", agent="manager", args=cut, output=cut, parents=[last])
    rec.step("manager", "task", cut, parents=[last, answer])
    return rec.finalize(final_output=cut)


@pytest.mark.parametrize("cut", ["1,486", "1486.0"])
def test_the_right_figure_written_another_way_is_the_final_writers_form(cut: str) -> None:
    """Before, the searcher that opened the page was blamed, as if the page had the wrong
    value: it had the right one, grouped."""
    top = blame(cut_from_the_report(cut), check("exact_match", value="1486"))[0]
    assert (top.agent, top.step_index) == ("manager", 3)
    assert top.reason == (
        f"the final output '{cut}' is '1486' written another way; step 3 (manager) wrote the "
        "final output in that form"
    )


def test_another_figure_is_no_other_form() -> None:
    top = blame(cut_from_the_report("1,468"), check("exact_match", value="1486"))[0]
    assert "written another way" not in top.reason


def timed_with_a_decimal_comma(answer: str) -> Trace:
    """A results page prints times as its scoring software does (`00:38,4`); the agent's
    code takes the seconds part, and its next call hands it on as `answer`."""
    rec = TraceRecorder("t", input="What was the winning time, in seconds (e.g. 12.3)?")
    ask = rec.step("researcher", "task", "<code>\nprint(visit_webpage('results'))\n</code>",
                   kind="llm")  # fmt: skip
    page = rec.tool("visit_webpage", agent="researcher", args="results", parents=[ask],
                    output="| 1 | Mr Tumnus | 0 | 00:38,4 |\nTimes are mm:ss,t.")  # fmt: skip
    code = '<code>\nseconds = "00:38,4".split(":")[1]\nprint(seconds)\n</code>'
    cut = rec.step("researcher", "00:38,4", f"{code}\nExecution logs:\n38,4", kind="llm",
                   parents=[page])  # fmt: skip
    last = rec.step("researcher", "38,4", "<code>\nfinal_answer(seconds)\n</code>", kind="llm",
                    parents=[cut])  # fmt: skip
    rec.tool("final_answer", agent="researcher", args=answer, output=answer, parents=[last])
    return rec.finalize(final_output=answer)


@pytest.mark.parametrize(
    ("answer", "other_form"),
    [
        ("38,4", True),  # the decimal point written as a comma
        ("38,40", True),
        ("38,5", False),  # another figure
        ("3,840", False),  # a group of thousands: 3840, no other form of 38.4
    ],
)
def test_a_decimal_comma_is_the_right_figure_written_another_way(
    answer: str, other_form: bool
) -> None:
    """Before, `38,4` was read as 384, another figure, and the call that read the error of a
    dead link before it was blamed."""
    top = blame(timed_with_a_decimal_comma(answer), check("exact_match", value="38.4"))[0]
    assert ("written another way" in top.reason) is other_form


def picked_in_code(printed: str = "") -> Trace:
    """A code agent reads the ticket list (the early-bird price first), picks the first row
    whose name starts as asked in code, then formats that row's price as the answer. With
    `printed`, the picking call saw only what earlier code printed, not the list itself."""
    rec = TraceRecorder("t", input="What is the full adult season ticket price? Two decimals.")
    ask = rec.step("analyst", "task", "<code>\nprint(fetch_json('/tickets'))\n</code>", kind="llm")
    rows = (
        '{"products": [{"name": "Adult season (early bird)", "price": "95.00"}, '
        '{"name": "Adult season", "price": "120.00"}]}'
    )
    page = rec.tool("fetch_json", agent="analyst", args="/tickets", output=rows, parents=[ask])
    code = (
        '<code>\nadult = [p for p in data["products"] if p["name"].startswith("Adult season")]'
        '[0]\nprint(adult["price"])\n</code>'
    )
    chose = rec.step("analyst", printed or rows, code, kind="llm", parents=[page])
    last = rec.step("analyst", f"{rows}\n95.00", "<code>\nfinal_answer(adult['price'])\n</code>",
                    kind="llm", parents=[chose])  # fmt: skip
    answer = rec.tool("final_answer", agent="analyst", args="95.00", output="95.00",
                      parents=[last])  # fmt: skip
    rec.step("analyst", "task", "95.00", parents=[ask, page, chose, last, answer])  # the run
    return rec.finalize(final_output="95.00")


@pytest.mark.parametrize("printed", ["", "2 products: Adult season (early bird), Adult season"])
def test_the_call_whose_code_picked_the_wrong_row_chose_not_the_one_that_handed_it_on(
    printed: str,
) -> None:
    """Before, the last call (which only handed `adult` on) was said to have had 120.00
    and output 95.00; the call whose filter took the first row chose, also where it saw
    only the rows' names its earlier code printed: its code read the list the tool gave."""
    top = blame(picked_in_code(printed), check("exact_match", value="120.00"))[0]
    assert (top.agent, top.step_index) == ("analyst", 2)
    assert "step 2 (analyst) computed 'adult' in its code" in top.reason


def maximum_of_a_report(report: str) -> Trace:
    """A searcher reports the throws it read (`report`); the manager's code takes the
    largest figure of the report, and its next call hands it on."""
    task = "How far did the winning throw of the final go, in metres?"
    rec = TraceRecorder("t", input=task)
    asked = rec.step("search_agent", "throws", 'visit_webpage("results")', kind="llm")
    page = rec.tool("visit_webpage", agent="search_agent", args="results",
                    output="Qualifying: 42.10 m, 40.88 m. Final: 39.85 m, 38.47 m.",
                    parents=[asked])  # fmt: skip
    said = rec.step("search_agent", "throws", report, kind="llm", parents=[page])
    code = (
        '<code>\nthrows = [float(d) for d in re.findall(r"(\\d+\\.\\d+) m", report)]\n'
        "winning = max(throws)\nprint(winning)\n</code>\nExecution logs:\n42.1"
    )
    worked = rec.step("manager", report, code, kind="llm", parents=[said])
    last = rec.step("manager", f"{report}\n42.1", '<code>\nfinal_answer(f"{winning:.2f}")\n</code>',
                    kind="llm", parents=[worked])  # fmt: skip
    answer = rec.tool("final_answer", agent="manager", args="42.10", output="42.10",
                      parents=[last])  # fmt: skip
    rec.step("manager", task, "42.10", parents=[said, worked, last, answer])  # the run
    return rec.finalize(final_output="42.10")


@pytest.mark.parametrize(
    ("report", "culprit"),
    [
        # the report gave the final's throw beside the qualifying one: the code chose
        ("Qualifying: 42.10 m, 40.88 m. Final: 39.85 m, 38.47 m.", ("manager", 3)),
        # the report gave only the wrong throw: its code read what it was handed
        ("The final was won with 42.10 m; second 40.88 m.", ("search_agent", 2)),
    ],
)
def test_code_that_chose_among_the_figures_of_a_faithful_report_chose(
    report: str, culprit: tuple[str, int]
) -> None:
    """Before, the call that only handed `winning` on was blamed for having had 39.85: the
    report had 42.10 too, and a report was taken to have misled the code that read it, even
    where it gave the right figure beside the wrong one."""
    top = blame(maximum_of_a_report(report), check("exact_match", value="39.85"))[0]
    assert (top.agent, top.step_index) == culprit


def handed_by_name(task: str, answer: str) -> Trace:
    """A code agent fetches a connector's energy (the wrong connector: 96.41 kWh) into a
    variable; its next call hands the variable on, formatted to one decimal."""
    rec = TraceRecorder("t", input=task)
    code = '<code>\nenergy = json.loads(fetch_json("/energy?connector=1"))\n</code>'
    fetched = rec.step("analyst", task, code, kind="llm")
    rows = '{"connector": 1, "energy_kwh": 96.41}'
    tool = rec.tool("fetch_json", agent="analyst", args="/energy?connector=1", output=rows,
                    parents=[fetched])  # fmt: skip
    handing = "<code>\nfinal_answer(f\"{energy['energy_kwh']:.1f}\")\n</code>"
    last = rec.step("analyst", rows, handing, kind="llm", parents=[tool])
    answered = rec.tool("final_answer", agent="analyst", args=answer, output=answer,
                        parents=[last])  # fmt: skip
    rec.step("analyst", task, answer, parents=[fetched, tool, last, answered])  # the run
    return rec.finalize(final_output=answer)


@pytest.mark.parametrize(
    ("task", "culprit"),
    [
        # the figure the fetch returned, rounded as asked: the call that fetched it chose
        ("How much energy did the CCS connector deliver? Round to one decimal.", 0),
        # not asked to round: 96.4 is another figure, which the handing call wrote
        ("How much energy did the CCS connector deliver, in kWh?", 2),
    ],
)
def test_a_figure_rounded_as_asked_came_from_the_tool_that_returned_it(
    task: str, culprit: int
) -> None:
    """Before, the call that handed `energy` on was blamed, as if it had written 96.4 itself:
    no step stated 96.4, only the fetch's 96.41, which the task's rounding makes 96.4."""
    top = blame(handed_by_name(task, "96.4"), check("exact_match", value="1834.6"))[0]
    assert (top.agent, top.step_index) == ("analyst", culprit)
    if culprit == 0:
        assert "returned the wrong value '96.4' as '96.41'" in top.reason


def converted_in_code(report: str) -> Trace:
    """The manager's search agent reads the wrong climb's record and reports it as m:ss.d;
    the manager's code converts it to seconds, as the task asks."""
    task = "What is the women's record at the Rake Lane hill climb, in seconds? One decimal."
    rec = TraceRecorder("t", input=task)
    asked = rec.step("search_agent", "Rake Lane record", 'web_search("Rake Lane record")',
                     kind="llm")  # fmt: skip
    found = rec.tool("web_search", agent="search_agent", args="Rake Lane record",
                     output=f"Records: {report} (2022)", parents=[asked])  # fmt: skip
    said = rec.step("search_agent", report, f"The record is {report}.", kind="llm",
                    parents=[found])  # fmt: skip
    code = (
        '<code>\nminutes, seconds = r.split(" is ")[1].split(":")\n'
        "secs = int(minutes) * 60 + float(seconds[:-1])\nprint(secs)\n</code>\n"
        "Execution logs:\n151.9"
    )
    worked = rec.step("manager", f"The record is {report}.", code, kind="llm", parents=[said])
    last = rec.step("manager", "secs", '<code>\nfinal_answer(f"{secs:.1f}")\n</code>',
                    kind="llm", parents=[worked])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="151.9", output="151.9", parents=[last])
    return rec.finalize(final_output="151.9")


@pytest.mark.parametrize("report", ["2:31.9", "2 min 31.9 s"])
def test_code_that_converted_a_figure_it_was_handed_to_seconds_computed_nothing(
    report: str,
) -> None:
    """`2:31.9` is the 151.9 seconds the final output gives: the search that found it, not
    the manager's conversion, is where the wrong value came from. Before, the figure was
    read as never handed on and the manager's code was said to have computed it."""
    top = blame(converted_in_code(report), check("exact_match", value="163.4"))[0]
    assert top.agent == "search_agent"
    assert "computed 'secs'" not in top.reason


def made_up_beside_a_stray_right_value() -> Trace:
    """The manager states a founding year from memory; its code subtracts it from the year
    the search agent found. The right answer's figure is in its input only by chance (a
    prompt's example)."""
    task = "How many years after it was founded did the kite festival move to the beach?"
    prompt = "Example: 'Guangzhou has a population of 15 million.'\n" + task
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", prompt, "<code>\nfounded = 1984\nmoved = ask('move')\n</code>",
                       kind="llm")  # fmt: skip
    said = rec.step("search_agent", "move", "It moved to the beach in 2003.", kind="llm",
                    parents=[planned])  # fmt: skip
    worked = rec.step("manager", f"{prompt}\nIt moved to the beach in 2003.",
                      "<code>\ngap = 2003 - founded\nprint(gap)\n</code>\nExecution logs:\n19",
                      kind="llm", parents=[said])  # fmt: skip
    last = rec.step("manager", "19", "<code>\nfinal_answer(str(gap))\n</code>", kind="llm",
                    parents=[worked])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="19", output="19", parents=[last])
    return rec.finalize(final_output="19")


def test_a_figure_from_a_made_up_operand_is_the_inventors_beside_a_stray_right_value() -> None:
    """Before, the call that computed the gap was said to have had 15 available (in a
    prompt's example) and chosen 19; the year no step was given was made up first."""
    top = blame(made_up_beside_a_stray_right_value(), check("exact_match", value="15"))[0]
    assert (top.agent, top.step_index) == ("manager", 0)
    assert "from '1984', which step 0 (manager) introduced" in top.reason


def selected_in_code(value: str) -> Trace:
    """A code agent fetches a farm's crops, its next call's code picks the raspberry row out
    of them, and the next hands on that row's `expected_open`, `value` as the JSON has it."""
    task = "On what date does the farm's raspberry season open in 2025? Answer as YYYY-MM-DD."
    crops = (
        f'{{"crops": [{{"crop": "Raspberry", "expected_open": "{value}", "status": "forecast"}}]}}'
    )
    rec = TraceRecorder("t", input=task)
    ask = rec.step(
        "A", task, '<code>\ndata = json.loads(fetch_json("/crops"))\n</code>', kind="llm"
    )
    got = rec.tool("fetch_json", agent="A", args="/crops", output=crops, parents=[ask])
    pick = rec.step("A", f"{task}\n{crops}", '<code>\nrasp = [c for c in data["crops"] if '
                    'c["crop"] == "Raspberry"][0]\nprint(rasp)\n</code>\nExecution logs:\n'
                    f"{{'crop': 'Raspberry', 'expected_open': '{value}'}}", kind="llm",
                    parents=[got])  # fmt: skip
    hand = rec.step("A", f"{task}\n{value}", '<code>\nfinal_answer(rasp["expected_open"])\n'
                    "</code>", kind="llm", parents=[pick])  # fmt: skip
    done = rec.tool("final_answer", agent="A", args=value, output=value, parents=[hand])
    rec.step("A", task, value, parents=[ask, got, pick, hand, done])
    return rec.finalize()


def test_a_date_code_picked_out_of_a_tools_json_was_not_computed_by_it() -> None:
    """Before, the call whose code picked the row was blamed for computing `rasp`."""
    top = run_check(make_check("exact_match", value="2025-07-05"), selected_in_code("2025-07-12"))
    assert all("computed 'rasp'" not in s.reason for s in top.blame)


def test_a_count_with_its_unit_that_code_worked_out_was_computed_by_it() -> None:
    """Code counted the viable accessions and the final call wrote the count with its unit;
    a record's `7 accessions` only matched it. The counting call computed it, unit or not."""
    task = "How many viable accessions does the seed bank hold? Answer as 'N accessions'."
    record = '{"accessions": [{"id": 1, "viable": true}], "note": "7 accessions listed"}'
    rec = TraceRecorder("t", input=task)
    ask = rec.step("A", task, '<code>\ndata = json.loads(fetch_json("/bank"))\n</code>',
                   kind="llm")  # fmt: skip
    got = rec.tool("fetch_json", agent="A", args="/bank", output=record, parents=[ask])
    count = rec.step("A", f"{task}\n{record}", '<code>\nviable = [a for a in data["accessions"]'
                     ' if a["viable"]]\nprint(len(viable))\n</code>\nExecution logs:\n7',
                     kind="llm", parents=[got])  # fmt: skip
    hand = rec.step("A", f"{task}\n7", '<code>\nfinal_answer(f"{len(viable)} accessions")\n'
                    "</code>", kind="llm", parents=[count])  # fmt: skip
    done = rec.tool("final_answer", agent="A", args="7 accessions", output="7 accessions",
                    parents=[hand])  # fmt: skip
    rec.step("A", task, "7 accessions", parents=[ask, got, count, hand, done])
    top = run_check(make_check("exact_match", value="9 accessions"), rec.finalize())
    assert top.blame[0].step_index == 2
    assert "computed 'viable'" in top.blame[0].reason


def stated_beside_a_listing(gutter: str) -> Trace:
    """A code agent reads a file (its lines numbered, `gutter` after each number), sees the
    check against a setting it never reads, and states the setting's value from nothing."""
    rec = TraceRecorder("t", input="How many rated rounds must a new player play? Number only.")
    ask = rec.step("coder", "task", "read_file('src/publish.py')", kind="llm")
    lines = ["import os", "", "from x import Settings", "", "", "", "", "", "def publish(p):",
             "    if p.rounds < settings.min_rounds:", "        return None"]  # fmt: skip
    listing = "\n".join(f"{n:4d}{gutter}{line}" for n, line in enumerate(lines, 1))
    read = rec.tool("read_file", agent="coder", args="src/publish.py", output=listing,
                    parents=[ask])  # fmt: skip
    said = "The minimum, settings.min_rounds, is 8 rated rounds."
    stated = rec.step("coder", listing, f"final_answer('{said}')", kind="llm", parents=[read])
    rec.step("manager", said, "8", kind="llm", parents=[stated])
    return rec.finalize(final_output="8")


@pytest.mark.parametrize("gutter", ["  ", "\t"])
def test_a_listings_line_numbers_state_no_figure(gutter: str) -> None:
    """Before, the listing's `   8  ` was taken for the wrong value's first appearance and
    its `   6  ` for the right one's, so the call that read the file was blamed; the call
    that stated the setting from nothing wrote the 8."""
    top = blame(stated_beside_a_listing(gutter), check("exact_match", value="6"))[0]
    assert (top.agent, top.step_index) == ("coder", 2)
    assert "step 2 (coder) first output the wrong value '8'" in top.reason


def answered_under_a_code_prompt() -> Trace:
    """A manager plans under its planning prompt, then acts under its code prompt, whose
    example adds `5 + 3 + 1294.678`; its search agent reports one year's score, and the
    manager answers from it."""
    task = "How many bottles did Netherby win in 2023 and 2024 combined? Number only."
    planning = "You are a world expert at making efficient plans to solve any task. " * 4
    acting = "You are an expert assistant who writes code. Example: 5 + 3 + 1294.678. " * 4
    rec = TraceRecorder("t", input=task)
    plan = "## 2. Plan\n1. Ask search_agent for 2024.\n2. Ask search_agent for 2023.\n<end_plan>"
    planned = rec.step("manager", f"{planning}\n{task}", plan, kind="llm")
    code = 'Thought: Step 1, the 2024 result.\n<code>\nr = search_agent(task="Find it.")\n</code>'
    handed = rec.step("manager", f"{acting}\n{task}\n{plan}", code, kind="llm", parents=[planned])
    page = rec.tool("visit_webpage", agent="search_agent", args="2024", output="Netherby 1",
                    parents=[handed])  # fmt: skip
    said = rec.step("search_agent", "Netherby 1", "Netherby won 1 bottle.", kind="llm",
                    parents=[page])  # fmt: skip
    answer = '<code>\nfinal_answer("1")\n</code>'
    rec.step("manager", f"{acting}\n{task}\n{plan}\nNetherby won 1 bottle.", answer, kind="llm",
             parents=[said])  # fmt: skip
    return rec.finalize(final_output="1")


def test_a_figure_of_the_code_prompts_example_was_never_available() -> None:
    """Before, the manager's calls were said to have had '3' (the `5 + 3` of their prompt's
    example, which its planning call's prompt lacks) and to have dropped it."""
    suspects = blame(answered_under_a_code_prompt(), check("exact_match", value="3"))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 4)
    assert "planned 2 lookups" in suspects[0].reason
    assert not any("had '3'" in s.reason or "received '3'" in s.reason for s in suspects)


def printed_under_a_code_prompt() -> Trace:
    """A manager plans under its planning prompt, then its call under the code prompt (whose
    example adds `5 + 3 + 1294.678`) only prints, and its next call answers `1` itself."""
    task = "How many bottles did Netherby win? Number only."
    planning = "You are a world expert at making efficient plans to solve any task. " * 4
    acting = "You are an expert assistant who writes code. Example: 5 + 3 + 1294.678. " * 4
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", f"{planning}\n{task}", "## 2. Plan\n1. Answer.", kind="llm")
    printed = rec.step("manager", f"{acting}\n{task}", "<code>\nprint('bottles')\n</code>",
                       kind="llm", parents=[planned])  # fmt: skip
    rec.step("manager", f"{acting}\n{task}\nbottles", "<code>\nfinal_answer('1')\n</code>",
             kind="llm", parents=[printed])  # fmt: skip
    return rec.finalize(final_output="1")


def test_a_call_given_only_its_prompts_figure_never_had_the_right_value() -> None:
    """Before, the answering call was said to have had '3' (its code prompt's example)
    available and to have output the wrong value in its place."""
    top = blame(printed_under_a_code_prompt(), check("exact_match", value="3"))[0]
    assert (top.agent, top.step_index) == ("manager", 2)
    assert top.reason.startswith("step 2 (manager) first output the wrong value '1'")


def test_a_steps_number_is_not_where_a_wrong_value_first_appeared() -> None:
    """Before, `Step 1` in the manager's thought was taken for the first `1` of the run, so
    the manager was said to have written the wrong value the search agent reported."""
    task = "How many bottles did Netherby win in 2024? Number only."
    rec = TraceRecorder("t", input=task)
    code = 'Thought: Step 1: the 2024 result.\n<code>\nr = search_agent(task="2024?")\n</code>'
    handed = rec.step("manager", task, code, kind="llm")
    page = rec.tool("visit_webpage", agent="search_agent", args="2024", parents=[handed],
                    output="Result: Upper Hallowby 2, Netherby 1.")  # fmt: skip
    said = rec.step("search_agent", "Upper Hallowby 2, Netherby 1.", "Netherby won 1.",
                    kind="llm", parents=[page])  # fmt: skip
    rec.step("manager", f"{code}\nNetherby won 1.", "<code>\nfinal_answer('1')\n</code>",
             kind="llm", parents=[handed, said])  # fmt: skip
    top = blame(rec.finalize(final_output="1"), check("exact_match", value="3"))[0]
    assert (top.agent, top.step_index) == ("search_agent", 1)
    assert "step 1 (tool visit_webpage, called by search_agent) first output" in top.reason


def section_dropped(handed: str) -> Trace:
    """The manager hands the search agent `handed`; the agent reads a results page with the
    open and the under-16 sections and reports the open winner, who the manager returns."""
    task = "Who won the Under-16 hornpipe at the 2024 championships? Give the full name."
    rec = TraceRecorder("t", input=task)
    delegated = rec.step("manager", task, f'<code>\nr = search_agent(task="{handed}")\n</code>',
                         kind="llm")  # fmt: skip
    ask = rec.step("search_agent", handed, "visit_webpage('results')", kind="llm",
                   parents=[delegated])  # fmt: skip
    page = (
        "## Hornpipe - Championship (open)\n1st Megan Hartley (Rochdale) 88\n\n"
        "## Hornpipe - Under 16\n1st Lucy Brennan (Todmorden) 84"
    )
    read = rec.tool("visit_webpage", agent="search_agent", args="results", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", f"{handed}\n{page}", "Megan Hartley won the hornpipe.",
                    kind="llm", parents=[read])  # fmt: skip
    last = rec.step("manager", "Megan Hartley won.", 'final_answer("Megan Hartley")', kind="llm",
                    parents=[said])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="Megan Hartley", output="Megan Hartley",
             parents=[last])  # fmt: skip
    return rec.finalize(final_output="Megan Hartley")


@pytest.mark.parametrize(
    ("handed", "culprit"),
    [
        # the delegation left the task's under-16 out: the agent answered what it was asked
        ("Find who won the hornpipe title at the 2024 championships.", ("manager", 0)),
        # told, the agent that dropped the under-16 winner misread
        ("Find who won the Under-16 hornpipe at the 2024 championships.", ("search_agent", 3)),
        # ...also where the delegation left another word out (before, `2024` was blamed)
        ("Find who won the Under-16 hornpipe.", ("search_agent", 3)),
    ],
)
def test_a_name_dropped_by_an_agent_never_told_what_narrows_it_points_to_the_delegation(
    handed: str, culprit: tuple[str, int]
) -> None:
    """Before, a `contains` check blamed the search agent for dropping Lucy Brennan, which
    only the task's `Under-16` (never handed to it) told from the open winner; the rule
    already read so for a wrong value (`exact_match`), not for missing content."""
    top = blame(section_dropped(handed), check("contains", value="Lucy Brennan"))[0]
    assert (top.agent, top.step_index) == culprit
    if culprit[0] == "manager":
        assert "answered without the task's 'under'" in top.reason


def test_a_count_in_a_time_of_day_was_not_at_hand() -> None:
    """`How many points`: a fete page's `from 14:00` is no score of 14. Before, the call
    that answered was blamed for having '14' available."""
    task = "How many points did the winning team score in the final? Number only."
    rec = TraceRecorder("t", input=task)
    asks = rec.step("researcher", task, "web_search('final score')", kind="llm")
    found = rec.tool(
        "web_search",
        agent="researcher",
        args="final score",
        output="Village fete: flonking from 14:00 on the playing field.",
        parents=[asks],
    )
    rec.step(
        "researcher",
        "Village fete: flonking from 14:00 on the playing field.",
        "The results do not give the final's score.",
        kind="llm",
        parents=[found],
    )
    suspects = blame(rec.finalize(), check("exact_match", value="14"))
    assert suspects and all("available" not in s.reason for s in suspects)
