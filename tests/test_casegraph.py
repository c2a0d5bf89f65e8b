from __future__ import annotations

import json

import pytest

from blame.casegraph import NODE_LIMIT, STEP_LIMIT, CaseGraph, build, marks
from blame.errors import TraceError
from blame.model import Trace
from blame.recorder import TraceRecorder
from blame.results import CaseResult, CheckResult, Suspect


def _pipeline() -> Trace:
    rec = TraceRecorder("t")
    plan = rec.step("Planner", input="task", output="plan: raise ValueError")  # 0
    code = rec.step("Coder", input="plan", output="def f(): pass", parents=[plan])  # 1
    rec.tool("run_tests", agent="Coder", output="ok", parents=[code])  # 2
    rec.step("Critic", input="def f(): pass", output="done", parents=[code, plan])  # 3
    return rec.finalize(final_output="done")


def _failed(*suspects: Suspect) -> CaseResult:
    checks = tuple(
        CheckResult(f"c{i}", "contains", False, 0.0, 1.0, "missing", (s,))
        for i, s in enumerate(suspects)
    )
    return CaseResult(name="t", passed=False, reward=0.0, threshold=0.75, checks=checks)


def test_a_short_trace_is_drawn_step_by_step() -> None:
    graph = build(_pipeline())
    assert graph.level == "step" and graph.steps == 4 and graph.omitted == 0
    assert [(n.id, n.name, n.agent, n.kind) for n in graph.nodes] == [
        (0, "Planner", "Planner", "agent"),
        (1, "Coder", "Coder", "agent"),
        (2, "run_tests", "Coder", "tool"),
        (3, "Critic", "Critic", "agent"),
    ]
    assert graph.edges == ((0, 1), (0, 3), (1, 2), (1, 3))


@pytest.mark.parametrize(
    ("suspect", "nodes", "edges"),
    [
        (Suspect("agent", "Coder", "Coder", 1, 0.9, "r"), {1}, set()),
        (Suspect("tool", "run_tests", "Coder", 2, 0.9, "r"), {2}, set()),
        (Suspect("agent", "Critic", "Critic", None, 0.9, "r"), {3}, set()),
        (Suspect("handoff", "Coder -> Critic", "Critic", 3, 0.9, "r"), set(), {(1, 3)}),
        (Suspect("handoff", "Planner -> Critic", "Critic", None, 0.9, "r"), set(), {(0, 3)}),
    ],
)
def test_marks_follow_the_top_suspect(
    suspect: Suspect, nodes: set[int], edges: set[tuple[int, int]]
) -> None:
    found = marks(build(_pipeline()), _failed(suspect))
    assert (set(found.nodes), set(found.edges)) == (nodes, edges)


def _long(agents: int, steps: int) -> Trace:
    rec = TraceRecorder("long")
    for i in range(steps):
        rec.step(f"Agent{i % agents}", input="x", output="y")
        if i % 10 == 0:
            rec.tool("search", agent=f"Agent{i % agents}", output="hits")
    return rec.finalize(final_output="y")


def test_a_long_trace_is_folded_to_agents_and_tools() -> None:
    trace = _long(agents=3, steps=STEP_LIMIT * 3)
    graph = build(trace)
    assert graph.level == "agent" and graph.steps == len(trace.steps)
    names = [(n.kind, n.name, n.agent) for n in graph.nodes]
    assert names == [
        ("agent", "Agent0", "Agent0"),
        ("tool", "search", "Agent0"),
        ("agent", "Agent1", "Agent1"),
        ("agent", "Agent2", "Agent2"),
        ("tool", "search", "Agent1"),
        ("tool", "search", "Agent2"),
    ]
    assert sum(n.steps for n in graph.nodes) == len(trace.steps)
    handoff = Suspect("handoff", "Agent0 -> Agent1", "Agent1", 200, 0.9, "r")
    culprit = Suspect("tool", "search", "Agent2", 5, 0.9, "r")
    found = marks(graph, _failed(handoff, culprit))
    assert set(found.edges) == {(0, 2), (1, 2)}  # from Agent0 and the tool it called
    assert set(found.nodes) == {5}


def test_many_agents_are_capped_keeping_the_culprit() -> None:
    trace = _long(agents=NODE_LIMIT * 2, steps=NODE_LIMIT * 2)
    last = f"Agent{NODE_LIMIT * 2 - 1}"
    graph = build(trace, [Suspect("agent", last, last, None, 0.9, "r")])
    assert len(graph.nodes) == NODE_LIMIT and graph.omitted > 0
    assert last in {n.agent for n in graph.nodes}
    kept = {n.id for n in graph.nodes}
    assert all(a in kept and b in kept for a, b in graph.edges)


def test_the_json_form_round_trips_and_bad_input_names_the_field() -> None:
    graph = build(_pipeline())
    data = json.loads(json.dumps(graph.to_dict()))
    assert CaseGraph.from_dict(data) == graph
    data["edges"].append([0, 99])
    with pytest.raises(TraceError, match="must be a pair of node ids") as caught:
        CaseGraph.from_dict(data, where="tests[0].graph")
    assert caught.value.field == "tests[0].graph.edges[4]"
    with pytest.raises(TraceError, match="must be 'step' or 'agent'"):
        CaseGraph.from_dict({**graph.to_dict(), "level": "tree"})


@pytest.mark.parametrize("end", [[], [0], {}, {"a": 1}, None, "0", 0.5, True, -1])
@pytest.mark.parametrize("side", [0, 1])
def test_an_edge_end_that_is_no_node_id_is_named_never_hashed(end: object, side: int) -> None:
    """A list or an object as an edge's end (a hand-edited latest.json) raised TypeError
    (unhashable), an internal error in `blame report`, `improve`, `gate` and `baseline`."""
    data = json.loads(json.dumps(build(_pipeline()).to_dict()))
    data["edges"][1][side] = end
    with pytest.raises(TraceError, match="must be a pair of node ids") as caught:
        CaseGraph.from_dict(data, where="tests[0].graph")
    assert caught.value.field == "tests[0].graph.edges[1]"
