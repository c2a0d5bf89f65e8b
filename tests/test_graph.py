import pytest

from blame.graph import Handoff, StepGraph
from blame.recorder import TraceRecorder


def _fan_out() -> StepGraph:
    rec = TraceRecorder()
    lead = rec.step("Lead", output="split task")  # 0
    a = rec.step("Researcher", output="facts", parents=[lead])  # 1
    tool = rec.tool("search", agent="Researcher", output="hits", parents=[a])  # 2
    a2 = rec.step("Researcher", output="facts+hits", parents=[a, tool])  # 3
    b = rec.step("Writer", output="draft", parents=[lead])  # 4
    rec.step("Lead", output="final draft", parents=[a2, b])  # 5
    return StepGraph(rec.finalize(final_output="final draft"))


def test_edges_follow_data_flow() -> None:
    graph = _fan_out()
    assert graph.parents(5) == [3, 4]
    assert graph.children(0) == [1, 4]
    assert graph.ancestors(5) == {0, 1, 2, 3, 4}
    assert graph.ancestors(4) == {0}


def test_handoffs_are_edges_between_different_agents() -> None:
    graph = _fan_out()
    assert graph.handoffs == (
        Handoff(sender=0, receiver=1, name="Lead -> Researcher"),
        Handoff(sender=0, receiver=4, name="Lead -> Writer"),
        Handoff(sender=3, receiver=5, name="Researcher -> Lead"),
        Handoff(sender=4, receiver=5, name="Writer -> Lead"),
    )


def test_a_tool_feeding_its_caller_is_no_handoff() -> None:
    graph = _fan_out()
    assert not graph.is_handoff(2, 3)
    assert graph.steps_of("Researcher") == [1, 2, 3]


def test_upstream_is_breadth_first_nearest_first() -> None:
    assert list(_fan_out().upstream(5)) == [4, 3, 0, 2, 1]


@pytest.mark.parametrize(
    ("record", "final_output", "expected"),
    [
        ([("A", "x"), ("B", "answer: 42"), ("C", "thanks")], "answer: 42", 1),
        ([("A", "x"), ("B", "y")], "not produced anywhere", 1),
        ([], "", None),
    ],
)
def test_final_step(record: list[tuple[str, str]], final_output: str, expected: int | None) -> None:
    rec = TraceRecorder()
    for agent, output in record:
        rec.step(agent, output=output)
    assert StepGraph(rec.finalize(final_output=final_output)).final_step == expected


def test_final_step_skips_tools() -> None:
    rec = TraceRecorder()
    rec.step("A", output="asks")
    rec.tool("calc", output="42")
    assert StepGraph(rec.finalize(final_output="42")).final_step == 0


def test_shortest_path() -> None:
    graph = _fan_out()
    assert graph.shortest_path(0, 5) == [0, 4, 5]
    assert graph.shortest_path(1, 5) == [1, 3, 5]
    assert graph.shortest_path(4, 1) is None


def test_linear_chain_of_many_steps() -> None:
    rec = TraceRecorder()
    for i in range(5000):
        rec.step(f"agent{i % 50}", output=str(i))
    graph = StepGraph(rec.finalize())
    assert len(graph) == 5000
    assert len(graph.handoffs) == 4999
    assert next(graph.upstream(4999)) == 4998
