import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blame.graph import Handoff, StepGraph, whole_word_in
from blame.model import Step, StepKind, Trace
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


def test_parents_are_unique_and_sorted_while_parent_indexes_keep_the_record() -> None:
    rec = TraceRecorder()
    a = rec.step("A", output="a")
    b = rec.step("B", output="b", parents=[])
    rec.step("C", output="c", parents=[b, a, b])
    graph = StepGraph(rec.finalize())
    assert graph.parents(2) == [0, 1]
    assert graph.parent_indexes[2] == [1, 0, 1]
    assert graph.children(1) == [2]
    assert [(h.sender, h.receiver) for h in graph.handoffs] == [(0, 2), (1, 2)]


def test_networkx_is_built_on_first_access_and_matches_the_lists() -> None:
    graph = _fan_out()
    assert "nx" not in graph.__dict__
    built = graph.nx
    assert graph.nx is built
    assert sorted(built.edges) == sorted(
        (p, c) for c in range(len(graph)) for p in graph.parents(c)
    )
    assert sorted(built.nodes) == list(range(len(graph)))


def test_building_the_graph_does_not_import_networkx() -> None:
    """`blame test` pays for networkx only when something asks for `.nx`."""
    import subprocess
    import sys

    code = (
        "import sys; from blame.recorder import TraceRecorder; from blame.graph import StepGraph;"
        "r = TraceRecorder(); r.step('A', output='x'); r.step('B', output='y');"
        "g = StepGraph(r.finalize(final_output='y')); g.handoffs; list(g.upstream(1));"
        "g.ancestors(1); g.children(0); g.slowest_chain;"
        "print('networkx' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_graph_shares_the_traces_parent_lists() -> None:
    """Evaluators and the engine read the same per-trace analyses, computed once."""
    graph = _fan_out()
    assert graph.parent_indexes is graph.trace.parent_indexes()
    assert graph.trace.slowest_chain() is graph.trace.slowest_chain()


def test_parent_lists_of_an_unchecked_trace_skip_unknown_ids() -> None:
    from blame.model import parent_indexes

    steps = (
        Step(id="a", index=0, kind=StepKind.AGENT, name="A", agent="A"),
        Step(id="b", index=1, kind=StepKind.AGENT, name="B", agent="B", parents=("x", "a")),
    )
    assert parent_indexes(steps) == [[], [0]]


def test_slowest_chain_is_the_traces_and_computed_once() -> None:
    rec = TraceRecorder()
    plan = rec.step("Plan", output="p", latency_ms=1)
    slow = rec.step("X", output="x", parents=[plan], latency_ms=30)
    fast = rec.step("Y", output="y", parents=[plan], latency_ms=5)
    rec.step("Join", output="j", parents=[slow, fast], latency_ms=1)
    trace = rec.finalize()
    graph = StepGraph(trace)
    assert graph.slowest_chain == trace.slowest_chain() == (0, 1, 3)
    assert graph.slowest_chain is graph.slowest_chain


def test_upstream_of_final_is_the_final_step_and_its_ancestors() -> None:
    graph = _fan_out()
    assert graph.final_step == 5
    assert graph.upstream_of_final == frozenset(range(6))
    assert graph.final_output == "final draft"


# Property-based: the integer lists agree with networkx and with the trace -------------------


@st.composite
def graphs(draw: st.DrawFn) -> StepGraph:
    """Random DAGs in recording order: a few agents, repeated and unordered parents."""
    size = draw(st.integers(min_value=0, max_value=14))
    steps = []
    for index in range(size):
        parents = draw(st.lists(st.integers(0, index - 1), max_size=3)) if index else []
        agent = draw(st.sampled_from(["A", "B", "C"]))
        steps.append(
            Step(
                id=f"s{index}",
                index=index,
                kind=draw(st.sampled_from(StepKind)),
                name=agent,
                agent=agent,
                output=draw(st.sampled_from(["", "x", "answer"])),
                parents=tuple(f"s{p}" for p in parents),
                latency_ms=draw(st.none() | st.integers(0, 50).map(float)),
            )
        )
    return StepGraph(Trace(test_name="t", steps=tuple(steps), final_output="answer"))


@settings(deadline=None, max_examples=60)  # a shared, loaded machine: no per-example deadline
@given(graphs())
def test_structure_matches_networkx(graph: StepGraph) -> None:
    import networkx as nx

    for index in range(len(graph)):
        assert graph.parents(index) == sorted(graph.nx.predecessors(index))
        assert graph.children(index) == sorted(graph.nx.successors(index))
        assert graph.ancestors(index) == nx.ancestors(graph.nx, index)
        assert graph.descendants(index) == nx.descendants(graph.nx, index)
    edges = sorted((v, u) for u, v in graph.nx.edges if graph.is_handoff(u, v))
    assert [(h.receiver, h.sender) for h in graph.handoffs] == edges


@settings(deadline=None, max_examples=60)  # a shared, loaded machine: no per-example deadline
@given(graphs())
def test_upstream_is_breadth_first(graph: StepGraph) -> None:
    """Nearest ancestors first: distances never decrease along the walk."""
    import networkx as nx

    for index in range(len(graph)):
        distance = nx.single_source_shortest_path_length(graph.nx.reverse(copy=False), index)
        walked = list(graph.upstream(index))
        assert sorted(walked) == sorted(graph.ancestors(index))
        assert [distance[i] for i in walked] == sorted(distance[i] for i in walked)


@settings(deadline=None, max_examples=60)  # a shared, loaded machine: no per-example deadline
@given(graphs())
def test_slowest_chain_is_a_path_of_the_longest_latency(graph: StepGraph) -> None:
    steps = graph.steps
    chain = graph.slowest_chain
    assert chain == graph.trace.slowest_chain()
    if not steps:
        assert chain == ()
        return
    assert all(a in graph.parents(b) for a, b in itertools.pairwise(chain))
    longest: list[float] = []
    for index, step in enumerate(steps):
        before = max((longest[p] for p in graph.parents(index)), default=0.0)
        longest.append(before + (step.latency_ms or 0.0))
    assert sum(steps[i].latency_ms or 0.0 for i in chain) == max(longest)


@settings(deadline=None, max_examples=60)  # a shared, loaded machine: no per-example deadline
@given(graphs())
def test_upstream_of_final_is_the_final_step_and_all_it_was_fed(graph: StepGraph) -> None:
    final = graph.final_step
    if not graph.steps:
        assert final is None and graph.upstream_of_final == frozenset()
        return
    assert final is not None
    assert graph.upstream_of_final == {final} | graph.ancestors(final)


@pytest.mark.parametrize(
    ("within", "expected"),
    [
        # an LLM call in a node in a container: both hold it
        ({"s0": "s1", "s1": "s2"}, {1: 0, 2: 0}),
        # a node of another agent between them stops the chain
        ({"s0": "s3", "s3": "s2"}, {}),
        # an enclosing step recorded before what it holds is no span tree: ignored
        ({"s1": "s0"}, {}),
        # no containment recorded
        ({}, {}),
    ],
)
def test_inner_calls_follow_the_enclosing_steps_of_one_agent(
    within: dict[str, str], expected: dict[int, int]
) -> None:
    rec = TraceRecorder("t")
    rec.step("A", "q", "x", kind="llm", metadata=_within(within, "s0"))
    rec.step("A", "q", "x", metadata=_within(within, "s1"))
    rec.step("A", "q", "x", metadata=_within(within, "s2"))
    rec.step("B", "q", "x", metadata=_within(within, "s3"))
    assert StepGraph(rec.finalize()).inner_calls == expected


def _within(within: dict[str, str], step: str) -> dict[str, str]:
    return {"within": within[step]} if step in within else {}


@pytest.mark.parametrize(
    ("needle", "among", "expected"),
    [
        ("paris", range(4), 1),  # folded: "Paris" matches
        ("PARIS", range(4), 1),  # the needle is folded too
        ("paris", [3, 2, 1], 3),  # the first of `among`, in its order
        ("par", range(4), None),  # whole words only: "Paris" does not hold the word "par"
        ("lyon", range(4), None),
        ("straße", range(4), 2),  # casefold, not lower: "STRASSE" folds to "strasse"
    ],
)
def test_first_folded_hit_agrees_with_the_index_and_copies_no_texts(
    needle: str, among: range | list[int], expected: int | None
) -> None:
    rec = TraceRecorder("t", input="q")
    for text in ("nothing here", "Paris, France", "STRASSE 5", "paris again"):
        rec.step("A", "q", text)
    scanned = StepGraph(rec.finalize())
    assert scanned.first_folded_hit(needle, among, "out") == expected
    assert "out" not in scanned._folds  # the scan kept no folded copy of the outputs
    indexed = StepGraph(scanned.trace)
    indexed.folded("out")
    assert indexed.first_folded_hit(needle, among, "out") == expected


def test_hit_sets_hold_the_steps_own_indexes() -> None:
    """Past the interpreter's cached small ints, a hit is the step's own index object."""
    rec = TraceRecorder(test_name="t", input="q")
    for i in range(300):
        rec.step(f"A{i % 2}", input="q", output=f"out {i} KEY" if i % 2 else f"out {i}")
    graph = StepGraph(rec.finalize(final_output="done"))
    hits = graph.literal_hits("key", True, "out")
    assert len(hits) == 150
    by_value = {h: h for h in hits}
    assert all(by_value[s.index] is s.index for s in graph.steps if s.index in hits)


def test_regex_stops_are_read_without_taking_them_from_another_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading the stops cleared them, so a rule that asked for them inside a check's
    attribution left the engine none to explain the check's empty suspects with."""
    import blame.graph as graph_module

    monkeypatch.setattr(graph_module, "REGEX_BUDGET_S", 0.2)
    slow = "(a|aa)+b"
    graph = StepGraph(TraceRecorder("t", input="q").finalize(final_output="done"))
    outer = graph.regex_mark()  # the engine's, around a check
    assert graph.search(slow, "a" * 2000) is None  # times out
    inner = graph.regex_mark()  # a rule's, inside the same check
    for _ in range(1000):  # refused at once: the pattern spent its budget
        assert graph.search(slow, "ab") is None
    assert graph.search("x+y", "xxy") is not None
    assert graph.regex_stops_since(inner) == (slow,)
    assert graph.regex_stops_since(outer) == (slow,)  # the inner reader took nothing
    assert graph.regex_stops_since(inner) == (slow,)  # nor did the outer one
    assert graph.regex_stops_since(graph.regex_mark()) == ()
    assert len(graph._regex_stops) == 2  # one entry per pattern and mark, not per search


@pytest.mark.parametrize(
    ("needle", "haystack", "found"),
    [
        ("12", "in 12 days", True),
        ("12", "in 2012", False),
        ("12", "12", True),
        ("12", "(12)", True),
        ("12", "x12_", False),  # a letter before: inside a longer token
        ("12", "_12_", True),  # underscores are no letters or digits
        ("12", "١٢ 12٣", False),  # Arabic-Indic digits are digits
        # past the places looked at one by one, the rest is searched in one pass
        ("12", "2012 " * 40 + "12.", True),
        ("12", "2012 " * 40, False),
        ("aa", "a" * 10_000 + " aa", True),
        ("aa", "a" * 10_000, False),
        ("aa", "b" + "a" * 10_000 + " xaa", False),
    ],
)
def test_whole_word_in_needs_no_letter_or_digit_on_either_side(
    needle: str, haystack: str, found: bool
) -> None:
    assert whole_word_in(needle, haystack) is found
