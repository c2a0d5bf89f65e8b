"""The step graph a report draws for a failed test, kept in the results beside its checks.

Reports are rendered from the results JSON alone (`blame report` has no trace), so a failed
test carries a compact copy of its trace's graph: one node per step and an edge where a step's
output fed another. A trace longer than `STEP_LIMIT` steps is folded to one node per agent and
per tool (edges are the handoffs and calls between them), and at most `NODE_LIMIT` nodes are
kept, the culprits' first: a report stays readable and its size bounded, whatever the trace.
Building it is one pass over the steps and their parents.

Which nodes and edges are marked is not stored: `marks` reads it from the test's top suspects,
so the results say each fact once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from blame.fields import JSON, as_object, get_int, get_list, get_str
from blame.frozen import dataclass

if TYPE_CHECKING:
    from blame.model import Trace
    from blame.results import CaseResult, Suspect

STEP_LIMIT = 60
"""Longest trace drawn step by step; a longer one is drawn one node per agent and tool."""
NODE_LIMIT = 60
"""Most nodes a graph keeps (the culprits' always among them)."""

Level = Literal["step", "agent"]


@dataclass(frozen=True, slots=True)
class GraphNode:
    """One node: a step, or (folded) all steps of one agent or one tool."""

    id: int
    """Step level: the step's index. Agent level: the node's position, by first step."""
    name: str
    """The step's name (agent level: the agent's or the tool's name)."""
    agent: str
    """The agent the step belongs to (a tool's caller)."""
    kind: str
    """The step kind: agent, tool, llm or human."""
    steps: int = 1
    """How many steps of the trace the node stands for."""
    first: int = 0
    """The index of the first of those steps."""

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        return {
            "id": self.id,
            "name": self.name,
            "agent": self.agent,
            "kind": self.kind,
            "steps": self.steps,
            "first": self.first,
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str) -> GraphNode:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = as_object(data, where)
        return cls(
            id=_int(data, "id", where),
            name=get_str(data, "name", where, required=True),
            agent=get_str(data, "agent", where),
            kind=get_str(data, "kind", where, required=True),
            steps=_int(data, "steps", where),
            first=_int(data, "first", where),
        )


@dataclass(frozen=True, slots=True)
class CaseGraph:
    """A failed test's step graph, as its reports draw it."""

    level: Level
    """`step`: one node per step; `agent`: folded to one node per agent and tool."""
    nodes: tuple[GraphNode, ...]
    """The nodes kept, by id."""
    edges: tuple[tuple[int, int], ...]
    """(from id, to id): the first node's output fed the second; sorted, no duplicates."""
    steps: int
    """How many steps the trace has."""
    omitted: int = 0
    """Nodes left out past NODE_LIMIT."""

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        return {
            "level": self.level,
            "steps": self.steps,
            "omitted": self.omitted,
            "nodes": [node.to_dict() for node in self.nodes],
            "edges": [list(edge) for edge in self.edges],
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "graph") -> CaseGraph:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""

        data = as_object(data, where)
        level = get_str(data, "level", where, required=True)
        if level not in ("step", "agent"):
            raise JSON.error(f"{where}.level", f"must be 'step' or 'agent', got {level!r}")
        nodes = tuple(
            GraphNode.from_dict(item, where=f"{where}.nodes[{i}]")
            for i, item in enumerate(get_list(data, "nodes", where))
        )
        known = {node.id for node in nodes}
        edges = []
        for i, item in enumerate(get_list(data, "edges", where)):
            ok = isinstance(item, list) and len(item) == 2 and all(_is_id(v, known) for v in item)
            if not ok:
                raise JSON.error(f"{where}.edges[{i}]", "must be a pair of node ids", _REWRITE)
            edges.append((int(item[0]), int(item[1])))
        return cls(
            level="step" if level == "step" else "agent",
            nodes=nodes,
            edges=tuple(edges),
            steps=_int(data, "steps", where),
            omitted=_int(data, "omitted", where),
        )


_REWRITE = "run `blame test` to write fresh results"


def _is_id(value: Any, known: set[int]) -> bool:
    """Whether `value` is one of the node ids (a list or an object is none: never hashed)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in known


def _int(data: Mapping[str, Any], key: str, where: str) -> int:
    value = get_int(data, key, where, required=True)
    return 0 if value is None else value


def build(trace: Trace, culprits: Iterable[Suspect] = ()) -> CaseGraph:
    """The graph of `trace`, folded past STEP_LIMIT steps; `culprits` are kept past NODE_LIMIT."""
    steps = trace.steps
    if len(steps) <= STEP_LIMIT:
        index_of = {step.id: step.index for step in steps}
        # `_value_`: what `.value` returns, without the enum's property lookup per step
        nodes = [GraphNode(s.index, s.name, s.agent, s.kind._value_, 1, s.index) for s in steps]
        edges = {
            (index_of[parent], step.index)
            for step in steps
            for parent in step.parents
            if parent in index_of and index_of[parent] != step.index
        }
        return CaseGraph("step", tuple(nodes), tuple(sorted(edges)), len(steps))
    keys: dict[tuple[str, str, str], int] = {}  # (kind, name, agent) -> node id
    counts: list[int] = []
    firsts: list[int] = []
    of_step: list[int] = []
    for step in steps:
        kind = "tool" if step.kind == "tool" else "agent"
        key = (kind, step.name if kind == "tool" else step.agent, step.agent)
        node = keys.get(key)
        if node is None:
            node = keys[key] = len(counts)
            counts.append(0)
            firsts.append(step.index)
        counts[node] += 1
        of_step.append(node)
    feeders = trace.parent_indexes()  # the parents' positions, shared with the engine
    folded = {
        (of_step[parent], node)
        for node, parents in zip(of_step, feeders, strict=True)
        for parent in parents
        if of_step[parent] != node
    }
    all_nodes = [
        GraphNode(node, name, agent, kind, counts[node], firsts[node])
        for (kind, name, agent), node in keys.items()
    ]
    return _capped(all_nodes, folded, len(steps), culprits)


def _capped(
    nodes: Sequence[GraphNode],
    edges: set[tuple[int, int]],
    steps: int,
    culprits: Iterable[Suspect],
) -> CaseGraph:
    """At most NODE_LIMIT nodes: the culprits' first, then by first step."""
    omitted = max(0, len(nodes) - NODE_LIMIT)
    if omitted:
        wanted = {s.agent for s in culprits} | {s.sender or "" for s in culprits}
        chosen = [n for n in nodes if n.kind == "agent" and n.agent in wanted][:NODE_LIMIT]
        rest = [n for n in nodes if n not in chosen]
        chosen += rest[: NODE_LIMIT - len(chosen)]
        kept = {n.id for n in chosen}
        nodes = sorted(chosen, key=lambda n: n.id)
        edges = {(a, b) for a, b in edges if a in kept and b in kept}
    return CaseGraph("agent", tuple(nodes), tuple(sorted(edges)), steps, omitted)


@dataclass(frozen=True, slots=True)
class Marks:
    """What a report highlights: the culprits' nodes and the handoffs that lost something."""

    nodes: frozenset[int]
    """Node ids of culprit steps (agent level: culprit agents and tools)."""
    edges: frozenset[tuple[int, int]]
    """Edges of culprit handoffs."""


def marks(graph: CaseGraph, test: CaseResult) -> Marks:
    """The nodes and edges of the top suspect of each failed check."""
    suspects = [c.blame[0] for c in test.checks if not c.passed and c.blame]
    by_id = {node.id: node for node in graph.nodes}
    nodes: set[int] = set()
    edges: set[tuple[int, int]] = set()
    for suspect in suspects:
        if suspect.kind == "handoff":
            sender = suspect.sender or ""
            receiver = suspect.receiver or suspect.agent
            for a, b in graph.edges:
                if by_id[a].agent != sender or by_id[b].agent != receiver:
                    continue
                if graph.level == "agent" or suspect.step_index in (None, b):
                    edges.add((a, b))
            continue
        for node in graph.nodes:
            if _stands_for(node, suspect, graph.level):
                nodes.add(node.id)
    return Marks(frozenset(nodes), frozenset(edges))


def _stands_for(node: GraphNode, suspect: Suspect, level: Level) -> bool:
    """Whether `node` is (or holds) the suspect's step."""
    if level == "step" and suspect.step_index is not None:
        return node.id == suspect.step_index
    if suspect.kind == "tool":
        return node.kind == "tool" and node.name == suspect.name and node.agent == suspect.agent
    return node.kind != "tool" and node.agent == suspect.agent
