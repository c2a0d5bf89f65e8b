import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from blame.errors import TraceError
from blame.model import StepKind, Trace
from blame.recorder import TraceRecorder, to_text


def test_agentgrade_style_recording() -> None:
    rec = TraceRecorder(test_name="demo")
    first = rec.step(
        "Planner",
        input="task",
        output="plan",
        latency_ms=5,
        cost_usd=0.001,
        tokens=12,
        metadata={"model": "m"},
    )
    second = rec.step("Coder", input="plan", output="code")
    trace = rec.finalize(final_output="code")
    assert (first, second) == ("s0", "s1")
    assert isinstance(trace, Trace)
    assert trace.test_name == "demo"
    assert trace.final_output == "code"
    planner, coder = trace.steps
    assert planner.parents == ()
    assert coder.parents == ("s0",)  # omitted parents: the previous step
    assert (planner.latency_ms, planner.cost_usd, planner.tokens) == (5.0, 0.001, 12)
    assert planner.metadata == {"model": "m"}


def test_tools_belong_to_the_calling_agent() -> None:
    rec = TraceRecorder()
    rec.step("Booker", input="book", output="calling")
    explicit = rec.tool("book_flight", agent="Booker", args={"to": "LIS"}, output="ok")
    implicit = rec.tool("send_mail", args=["x"], error=RuntimeError("smtp down"))
    trace = rec.finalize()
    tool = trace.step(explicit)
    assert (tool.kind, tool.name, tool.agent, tool.input) == (
        StepKind.TOOL,
        "book_flight",
        "Booker",
        '{"to": "LIS"}',
    )
    failed = trace.step(implicit)
    assert failed.agent == "Booker"
    assert failed.error == "RuntimeError: smtp down"


def test_explicit_parents_build_fan_in() -> None:
    rec = TraceRecorder()
    root = rec.step("Lead", output="split")
    a = rec.step("A", output="a", parents=[root])
    b = rec.step("B", output="b", parents=[root])
    rec.step("Lead", output="a+b", parents=[a, b])
    trace = rec.finalize()
    assert [s.parents for s in trace.steps] == [(), ("s0",), ("s0",), ("s1", "s2")]


def test_one_parent_id_given_alone_is_that_parent() -> None:
    """`parents=root` (the id `step` returned) was read as its characters: "unknown parent
    step id 's'"."""
    rec = TraceRecorder()
    root = rec.step("Lead", output="split")
    rec.step("A", output="a", parents=root)
    assert rec.finalize().steps[1].parents == ("s0",)


def test_unknown_parent_is_a_clear_error() -> None:
    rec = TraceRecorder()
    with pytest.raises(TraceError, match="unknown parent step id 'nope'"):
        rec.step("A", parents=["nope"])


def test_empty_agent_name_is_rejected() -> None:
    with pytest.raises(TraceError, match="agent must be a non-empty string"):
        TraceRecorder().step("")


def test_finalize_freezes_the_recorder() -> None:
    rec = TraceRecorder()
    rec.step("A", output="x")
    assert rec.finalize() is rec.finalize()
    with pytest.raises(TraceError, match="already finalized"):
        rec.step("B")


def test_final_output_defaults_to_last_step_output() -> None:
    rec = TraceRecorder()
    rec.step("A", output={"answer": 42})
    assert rec.finalize().final_output == '{"answer": 42}'


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, ""),
        ("plain", "plain"),
        ({"b": 1, "a": [1, 2]}, '{"a": [1, 2], "b": 1}'),
        (3.5, "3.5"),
        ("ü", "ü"),
    ],
)
def test_to_text_is_deterministic(value: object, text: str) -> None:
    assert to_text(value) == text


def test_recording_from_threads_keeps_ids_unique() -> None:
    rec = TraceRecorder()

    def work(name: str) -> None:
        for _ in range(200):
            rec.step(name, output="x", parents=[])

    threads = [threading.Thread(target=work, args=(f"A{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    trace = rec.finalize()
    assert [s.index for s in trace.steps] == list(range(800))
    assert len({s.id for s in trace.steps}) == 800
    assert Trace.from_json(trace.to_json()) == trace


def _pipeline(calls: list[str]) -> Trace:
    """Three re-runnable steps and a tool; `calls` hears each function actually run."""

    def step(name: str, suffix: str):  # type: ignore[no-untyped-def]
        def fn(text: str) -> str:
            calls.append(name)
            return f"{text}{suffix}"

        return fn

    def failing(_: str) -> str:
        calls.append("lookup")
        raise LookupError("no such order")

    rec = TraceRecorder(input="q")
    a = rec.run_step("A", step("A", "+a"), "q")
    with contextlib.suppress(LookupError, RuntimeError):
        rec.run_tool("lookup", failing, a, agent="A")
    b = rec.run_step("B", step("B", "+b"), a)
    c = rec.run_step("C", step("C", "+c"), b)
    return rec.finalize(final_output=c)


def test_run_step_records_like_step_and_tool() -> None:
    calls: list[str] = []
    trace = _pipeline(calls)
    assert calls == ["A", "lookup", "B", "C"]
    assert [(s.kind, s.name, s.agent) for s in trace.steps] == [
        (StepKind.AGENT, "A", "A"),
        (StepKind.TOOL, "lookup", "A"),
        (StepKind.AGENT, "B", "B"),
        (StepKind.AGENT, "C", "C"),
    ]
    assert trace.steps[1].error == "LookupError: no such order"
    assert trace.final_output == "q+a+b+c"


def test_last_id_names_the_step_recorded_last() -> None:
    rec = TraceRecorder()
    assert rec.last_id is None
    rec.run_step("A", str.upper, "x")
    assert rec.last_id == "s0"


@pytest.mark.parametrize(
    ("target", "output", "error", "ran", "rerun", "final"),
    [
        (0, "Q", None, ["lookup", "B", "C"], 3, "Q+b+c"),  # the failing tool runs again
        (1, "order 7", None, ["B", "C"], 2, "q+a+b+c"),  # stub success: nothing raises
        (2, "X", None, ["C"], 1, "X+c"),
        (3, "done", None, [], 0, "done"),
    ],
)
def test_a_rerun_serves_upstream_and_recomputes_downstream(
    target: int, output: str, error: str | None, ran: list[str], rerun: int, final: str
) -> None:
    from blame.rerun import Override, overriding

    recording = _pipeline([])
    calls: list[str] = []
    with overriding(recording, Override(target, output, error)) as plan:
        trace = _pipeline(calls)
    assert calls == ran  # upstream never executed
    assert plan.tally.applied and plan.tally.diverged is None
    assert plan.tally.rerun == rerun
    assert trace.final_output == final
    assert trace.steps[target].output == output


def test_a_rerun_raises_a_recorded_error_again() -> None:
    from blame.rerun import Override, RecordedError, overriding

    recording = _pipeline([])
    rec = TraceRecorder()
    with overriding(recording, Override(3, "x")), pytest.raises(RecordedError, match="LookupError"):
        rec.run_step("A", str.upper, "q")
        rec.run_tool("lookup", str.upper, "q")


def test_a_rerun_that_diverges_runs_everything_and_says_where() -> None:
    from blame.rerun import Override, overriding

    recording = _pipeline([])
    rec = TraceRecorder()
    with overriding(recording, Override(2, "x")) as plan:
        rec.run_step("Z", str.upper, "q")  # not the recorded step 0
        rec.run_step("A", str.upper, "q")
    assert plan.tally.diverged == "step 0 is not 'Z' as recorded"
    assert not plan.tally.applied and plan.tally.rerun == 0
    assert rec.finalize().final_output == "Q"


def _parallel(calls: list[str]) -> Trace:
    """Plan, then A and B in threads (A starts first and finishes last), then a Writer."""
    rec = TraceRecorder(input="q")
    plan = rec.run_step("Plan", lambda q: f"{q}: look up a and b", "q")
    a_started, b_done = threading.Event(), threading.Event()

    def a(text: str) -> str:
        calls.append("A")
        a_started.set()
        b_done.wait(5)
        return "a=1"

    def b(text: str) -> str:
        calls.append("B")
        return "b=2"

    def run_b() -> str:
        a_started.wait(5)  # B's call starts after A's
        try:
            return rec.run_step("B", b, plan)
        finally:
            b_done.set()  # and ends before A's

    def run_a() -> str:
        try:
            return rec.run_step("A", a, plan)
        finally:
            a_started.set()  # also when A is served and `a` never runs

    with ThreadPoolExecutor(2) as pool:
        found_a, found_b = pool.submit(run_a), pool.submit(run_b)
        found = [found_a.result(), found_b.result()]
    final = rec.run_step("Writer", lambda notes: notes.upper(), "; ".join(found))
    return rec.finalize(final_output=final)


def test_steps_from_threads_are_numbered_as_their_calls_start() -> None:
    calls: list[str] = []
    trace = _parallel(calls)
    assert calls == ["A", "B"]  # B finished first
    assert [s.name for s in trace.steps] == ["Plan", "A", "B", "Writer"]
    assert [s.parents for s in trace.steps[1:3]] == [("s0",), ("s1",)]
    assert trace.final_output == "A=1; B=2"


@pytest.mark.parametrize(
    ("target", "output", "ran", "rerun", "final"),
    [
        (1, "a=9", ["B"], 2, "A=9; B=2"),  # B, numbered after A, runs again
        (2, "b=9", [], 1, "A=1; B=9"),  # A is served though it ended after B
        (3, "done", [], 0, "done"),
    ],
)
def test_a_rerun_from_a_threaded_step_serves_each_branch_its_own_output(
    target: int, output: str, ran: list[str], rerun: int, final: str
) -> None:
    from blame.rerun import Override, overriding

    recording = _parallel([])
    calls: list[str] = []
    with overriding(recording, Override(target, output)) as plan:
        trace = _parallel(calls)
    assert plan.tally.diverged is None and plan.tally.applied
    assert trace.final_output == final
    assert sorted(calls) == ran and plan.tally.rerun == rerun


def test_a_tool_run_in_a_pool_thread_meets_the_faults_of_its_run() -> None:
    from blame.faults import Fault, InjectedToolError, activated

    with activated((Fault("send", "error"),)) as plan:
        rec = TraceRecorder(input="q")
        with ThreadPoolExecutor(2) as pool:  # its workers do not see the run's context
            calls = [
                pool.submit(rec.run_tool, "send", str.upper, "a"),
                pool.submit(rec.call_tool, "send", str.upper, "b"),
            ]
            raised = [type(call.exception()) for call in calls]
    assert raised == [InjectedToolError, InjectedToolError]
    assert plan is not None and plan.fired == {"send": [1, 2]}
    assert [s.metadata for s in rec.finalize().steps] == [{"fault": "error"}] * 2
