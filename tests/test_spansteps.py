"""blame.spansteps: the data flow of a tree of agent, model-call and tool spans, decided once."""

from __future__ import annotations

import pytest

from blame.errors import AgentError
from blame.model import StepKind
from blame.spansteps import AgentRunError, SpanRole, SpanSteps


def _run(events: list[tuple[str, ...]]) -> SpanSteps:
    """Replay events: ("open", id, parent, role, name) / ("model", id) / ("tool", id, name) /
    ("tool!", id, name) (a failed call) / ("failed", agent span id, error) /
    ("note", id, key, value)."""
    run = SpanSteps("t", "question")
    roles = {"A": SpanRole.AGENT, "M": SpanRole.MODEL, "T": SpanRole.TOOL, "O": SpanRole.OTHER}
    for event in events:
        if event[0] == "open":
            _, span, parent, role, name = event
            run.open(span, parent or None, roles[role], name)
        elif event[0] == "model":
            run.model_call(event[1], input=f"in {event[1]}", output=f"out {event[1]}")
        elif event[0] == "tool":
            run.tool_call(event[1], event[2], input="{}", output=f"result {event[1]}")
        elif event[0] == "tool!":
            run.tool_call(event[1], event[2], input="{}", error="down")
        elif event[0] == "failed":
            run.failed(event[1], event[2])
        else:
            run.note(event[1], event[2], event[3])
    return run


HANDOFF = [
    ("open", "a1", "", "A", "Triage"),
    ("open", "turn1", "a1", "O", ""),
    ("open", "m1", "turn1", "M", ""),
    ("model", "m1"),
    ("open", "t1", "turn1", "T", ""),
    ("tool", "t1", "search"),
    ("open", "t2", "turn1", "T", ""),
    ("tool", "t2", "weather"),
    ("open", "m2", "a1", "M", ""),
    ("model", "m2"),
    ("open", "h", "a1", "O", ""),
    ("note", "h", "handoff", "Triage -> Booker"),
    ("open", "a2", "", "A", "Booker"),
    ("open", "m3", "a2", "M", ""),
    ("model", "m3"),
]
NESTED = [
    ("open", "a1", "", "A", "Manager"),
    ("open", "m1", "a1", "M", ""),
    ("model", "m1"),
    ("open", "t1", "a1", "T", ""),
    ("open", "a2", "t1", "A", "Researcher"),
    ("open", "m2", "a2", "M", ""),
    ("model", "m2"),
    ("open", "t2", "a2", "T", ""),
    ("tool", "t2", "lookup"),
    ("open", "m3", "a2", "M", ""),
    ("model", "m3"),
    ("tool", "t1", "research"),
    ("open", "m4", "a1", "M", ""),
    ("model", "m4"),
]
# the inner agent's last reply is code that calls a tool for the answer
CODE_ANSWER = [*NESTED[:9], ("tool", "t1", "research")]
TOP_LEVEL_RUNS = [
    ("open", "a1", "", "A", "Writer"),
    ("open", "m1", "a1", "M", ""),
    ("model", "m1"),
    ("open", "a2", "unknown-parent", "A", "Editor"),
    ("open", "m2", "a2", "M", ""),
    ("model", "m2"),
]


@pytest.mark.parametrize(
    ("events", "steps"),
    [
        (
            HANDOFF,
            [
                ("agent", "Triage", "Triage", ()),
                ("tool", "search", "Triage", ("s0",)),
                ("tool", "weather", "Triage", ("s0",)),
                ("agent", "Triage", "Triage", ("s0", "s1", "s2")),
                ("agent", "Booker", "Booker", ("s3",)),
            ],
        ),
        (
            NESTED,
            [
                ("agent", "Manager", "Manager", ()),
                ("agent", "Researcher", "Researcher", ("s0",)),
                ("tool", "lookup", "Researcher", ("s1",)),
                ("agent", "Researcher", "Researcher", ("s1", "s2")),
                ("tool", "research", "Manager", ("s0", "s3")),
                ("agent", "Manager", "Manager", ("s0", "s4")),
            ],
        ),
        (
            CODE_ANSWER,
            [
                ("agent", "Manager", "Manager", ()),
                ("agent", "Researcher", "Researcher", ("s0",)),
                ("tool", "lookup", "Researcher", ("s1",)),
                ("tool", "research", "Manager", ("s0", "s1", "s2")),
            ],
        ),
        (
            TOP_LEVEL_RUNS,
            [("agent", "Writer", "Writer", ()), ("agent", "Editor", "Editor", ("s0",))],
        ),
    ],
    ids=[
        "handoff-and-parallel-tools",
        "agent-inside-a-tool",
        "answer-computed-by-tools",
        "runs-one-after-another",
    ],
)
def test_steps_and_their_parents(events: list[tuple[str, ...]], steps: list[tuple]) -> None:
    run = _run(events)
    trace = run.build("done")
    assert [(s.kind.value, s.name, s.agent, s.parents) for s in trace.steps] == steps
    assert run.problems == []
    assert run.agents_seen
    assert trace.final_output == "done"
    assert trace.input == "question"


PARALLEL = [
    ("open", "a1", "", "A", "Desk"),
    ("open", "m1", "a1", "M", ""),
    ("model", "m1"),
    ("open", "t1", "a1", "T", ""),
    ("open", "t2", "a1", "T", ""),
]
"""A model call that asks for two tools run at once: `t1` opens first, then `t2`."""
THEN = [("open", "m2", "a1", "M", ""), ("model", "m2")]
"""The next model call, which reads the tools' results."""


@pytest.mark.parametrize(
    ("events", "steps"),
    [
        (
            [("tool", "t1", "lookup"), ("tool", "t2", "weather"), *THEN],
            ["Desk", "lookup s0", "weather s0", "Desk s0 s1 s2"],
        ),
        (  # the second call ends first (its thread got the core): the same steps
            [("tool", "t2", "weather"), ("tool", "t1", "lookup"), *THEN],
            ["Desk", "lookup s0", "weather s0", "Desk s0 s1 s2"],
        ),
        (  # the first never ends (hung): the model went on with the second's result
            [("tool", "t2", "weather"), *THEN],
            ["Desk", "weather s0", "Desk s0 s1"],
        ),
        (  # it ends after the next model call: added then, fed by the call that asked for it
            [("tool", "t2", "weather"), *THEN, ("tool", "t1", "lookup")],
            ["Desk", "weather s0", "Desk s0 s1", "lookup s2"],
        ),
        (  # both ended, then the run stopped before another model call
            [("tool", "t2", "weather"), ("tool", "t1", "lookup")],
            ["Desk", "lookup s0", "weather s0"],
        ),
    ],
    ids=["in-order", "second-ends-first", "first-hangs", "first-ends-late", "run-stops"],
)
def test_tools_run_at_once_are_steps_in_the_order_they_started(
    events: list[tuple[str, ...]], steps: list[str]
) -> None:
    trace = _run(PARALLEL + events).build("done")
    assert [" ".join((s.name, *s.parents)) for s in trace.steps] == steps


A_CALL = [("open", "a1", "", "A", "Coder"), ("open", "m1", "a1", "M", ""), ("model", "m1")]


@pytest.mark.parametrize(
    ("events", "errors"),
    [
        ([*A_CALL, ("failed", "a1", "NameError: x")], ["NameError: x"]),
        (
            [*A_CALL, ("open", "t1", "a1", "T", ""), ("tool!", "t1", "run"), ("failed", "a1", "E")],
            [None, "down"],
        ),
        (
            [
                *A_CALL,
                ("open", "t1", "a1", "T", ""),
                ("tool!", "t1", "run"),
                ("open", "m2", "a1", "M", ""),
                ("model", "m2"),
                ("failed", "a1", "ParseError: no code"),
            ],
            [None, "down", "ParseError: no code"],
        ),
        ([("open", "a1", "", "A", "Coder"), ("failed", "a1", "E")], []),
        ([*A_CALL, ("failed", "m1", "E"), ("failed", "nope", "E")], [None]),
    ],
    ids=["on-the-call", "a-tool-failed", "a-later-call", "no-call-yet", "not-an-agent-span"],
)
def test_a_failed_action_is_the_error_of_the_call_that_chose_it(
    events: list[tuple[str, ...]], errors: list[str | None]
) -> None:
    assert [s.error for s in _run(events).build("").steps] == errors


def test_a_note_goes_on_the_next_model_call_only() -> None:
    events = [*HANDOFF, ("open", "m4", "a2", "M", ""), ("model", "m4")]
    trace = _run(events).build("")
    assert [dict(s.metadata) for s in trace.steps if s.kind is StepKind.AGENT] == [
        {},
        {},
        {"handoff": "Triage -> Booker"},
        {},
    ]


def test_model_and_tool_spans_outside_any_agent_are_problems_not_steps() -> None:
    run = _run([("open", "m", "", "M", ""), ("model", "m"), ("open", "t", "", "T", "")])
    run.tool_call("t", "x")
    run.note("t", "k", "v")  # a note with no agent to hold it is dropped quietly
    assert run.problems == [
        "a model call span outside any agent span",
        "a tool call span outside any agent span",
    ]
    assert run.build("").steps == ()
    assert not run.agents_seen


def test_a_run_error_names_the_step_that_failed_and_keeps_the_trace() -> None:
    run = _run(HANDOFF[:5])
    run.tool_call("t1", "search", error="timeout")
    trace = run.build("")

    error = AgentRunError(RuntimeError("boom"), trace)

    assert isinstance(error, AgentError)
    assert error.trace is trace
    assert error.format() == (
        "test 't': the agent run failed in tool 'search' (step 1): RuntimeError: boom"
    )


def test_a_run_error_names_the_step_whose_error_it_is_not_a_call_cancelled_after_it() -> None:
    """PydanticAI cancels a parallel tool call when another raises: the one that raised is named."""
    run = _run([*HANDOFF[:5], ("open", "t2", "turn1", "T", "")])
    run.tool_call("t1", "search", error="RuntimeError: search is down")
    run.tool_call("t2", "weather", error="CancelledError: ")
    trace = run.build("")

    error = AgentRunError(RuntimeError("search is down"), trace)

    assert error.format() == (
        "test 't': the agent run failed in tool 'search' (step 1): RuntimeError: search is down"
    )


def test_a_run_error_re_raised_by_the_tool_running_a_sub_agent_names_where_it_was_raised() -> None:
    """A PydanticAI tool running a sub-agent re-raises the sub-agent's tool error: the error
    was raised in the sub-agent's tool (step 2), not in the tool that ran the sub-agent."""
    run = _run(NESTED[:8])
    run.tool_call("t2", "lookup", error="InjectedToolError: lookup failed")
    run.tool_call("t1", "research", error="InjectedToolError: lookup failed")
    trace = run.build("")

    error = AgentRunError(RuntimeError("lookup failed"), trace)

    assert [(s.name, list(s.parents)) for s in trace.steps[2:]] == [
        ("lookup", ["s1"]),
        ("research", ["s0", "s1", "s2"]),
    ]
    assert error.format() == (
        "test 't': the agent run failed in tool 'lookup' (step 2): RuntimeError: lookup failed"
    )


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([], "test 't': nothing came; fix it"),
        (
            [("open", "a", "", "A", "X"), ("open", "m", "", "M", "")],
            "test 't': could not follow the run's spans: a model call span outside any agent span",
        ),
    ],
    ids=["no-agent-span", "a-misplaced-span"],
)
def test_finish_refuses_a_run_it_could_not_follow(
    events: list[tuple[str, ...]], message: str
) -> None:
    run = _run(events)
    if len(events) > 1:
        run.model_call("m", input="", output="")
    with pytest.raises(AgentError) as raised:
        run.finish("out", framework="f", unseen="nothing came", hint="fix it")
    assert raised.value.format() == message


def test_finish_names_the_framework() -> None:
    trace = _run(A_CALL).finish("out", framework="f", unseen="", hint="")
    assert (trace.final_output, trace.metadata, len(trace.steps)) == ("out", {"framework": "f"}, 1)
