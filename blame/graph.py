"""The step graph: who fed whom, as a networkx DiGraph over step indexes.

Nodes are step indexes (recording order). An edge u -> v means u's output fed v. An edge
between steps of different agents is a handoff named `"Sender -> Receiver"`; a tool step
belongs to the agent that called it, so a tool feeding its own caller is no handoff.
Everything here is linear in steps + edges so the engine stays linear in trace size.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from blame.model import Step, StepKind, Trace

if TYPE_CHECKING:
    import networkx as nx


@dataclass(frozen=True, slots=True)
class Handoff:
    """Data passing from one agent to another along one edge."""

    sender: int
    """Index of the step whose output was passed on."""
    receiver: int
    """Index of the step that received it."""
    name: str
    """`"Sender -> Receiver"` by agent names."""


class StepGraph:
    """Data flow between the steps of one trace."""

    def __init__(self, trace: Trace) -> None:
        import networkx as nx

        self.trace = trace
        self.steps: tuple[Step, ...] = trace.steps
        index_of = {step.id: step.index for step in self.steps}
        graph: nx.DiGraph[int] = nx.DiGraph()
        graph.add_nodes_from(range(len(self.steps)))
        graph.add_edges_from(
            (index_of[parent], step.index) for step in self.steps for parent in step.parents
        )
        self.nx: nx.DiGraph[int] = graph

    def __len__(self) -> int:
        return len(self.steps)

    def parents(self, index: int) -> list[int]:
        """Steps whose output fed this one, in recording order."""
        return sorted(self.nx.predecessors(index))

    def children(self, index: int) -> list[int]:
        """Steps this one's output fed, in recording order."""
        return sorted(self.nx.successors(index))

    def ancestors(self, index: int) -> set[int]:
        """Every step whose output reached this one, directly or not."""
        import networkx as nx

        return set(nx.ancestors(self.nx, index))

    def upstream(self, index: int) -> Iterator[int]:
        """Ancestors breadth-first from `index`, nearest first (ties by later index first)."""
        seen = {index}
        queue = deque([index])
        while queue:
            current = queue.popleft()
            for parent in sorted(self.nx.predecessors(current), reverse=True):
                if parent not in seen:
                    seen.add(parent)
                    queue.append(parent)
                    yield parent

    def is_handoff(self, sender: int, receiver: int) -> bool:
        """An edge between steps of different agents."""
        return self.steps[sender].agent != self.steps[receiver].agent

    def handoff_name(self, sender: int, receiver: int) -> str:
        """`"Sender -> Receiver"`."""
        return f"{self.steps[sender].agent} -> {self.steps[receiver].agent}"

    @cached_property
    def handoffs(self) -> tuple[Handoff, ...]:
        """Every handoff edge, ordered by receiving step, then sending step."""
        found = [
            Handoff(sender=u, receiver=v, name=self.handoff_name(u, v))
            for u, v in self.nx.edges
            if self.is_handoff(u, v)
        ]
        found.sort(key=lambda h: (h.receiver, h.sender))
        return tuple(found)

    @cached_property
    def final_step(self) -> int | None:
        """The step that produced the final output.

        The last non-tool step whose output contains the final output; else the last agent
        step; else the last step. None for an empty trace.
        """
        if not self.steps:
            return None
        final = self.trace.final_output.strip()
        last_agent: int | None = None
        for step in reversed(self.steps):
            if step.kind in (StepKind.TOOL, StepKind.HUMAN):
                continue
            if last_agent is None and step.kind is StepKind.AGENT:
                last_agent = step.index
            if final and final in step.output:
                return step.index
        return last_agent if last_agent is not None else self.steps[-1].index

    def steps_of(self, agent: str) -> list[int]:
        """Indexes of every step the agent is responsible for, in order."""
        return [step.index for step in self.steps if step.agent == agent]

    def shortest_path(self, source: int, target: int) -> list[int] | None:
        """Step indexes along the shortest data-flow path, or None if none exists."""
        import networkx as nx

        try:
            return list(nx.shortest_path(self.nx, source, target))
        except nx.NetworkXNoPath:
            return None
