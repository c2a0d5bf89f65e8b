"""Steps from the span tree: which agent each step belongs to, and which step fed which.

A graph node inside another agent is that agent's inner step, named `outer/inner` (as
LangGraph subgraphs are elsewhere in blame); so is an agent span named only by its LangGraph
node (the `agent` node of a prebuilt ReAct agent run as a subgraph). A tool step belongs to
the nearest enclosing agent. A graph node that only runs tools (a LangGraph ToolNode) is no
agent: its tools belong to the agent that finished last before it started (whose output asked
for the calls), as in blame's LangGraph adapter. An agent span around graph nodes (the graph
itself, `invoke_agent LangGraph`) is a container, kept in the tree so the steps under it are
still attributed.

The span tree is the call hierarchy; data-flow edges (a step's `parents`) are inferred:
1. a step's nearest step descendants fed it (a tool's result fed the agent that called it);
2. steps under the same parent run in sequence: each is fed by the previous one (between
   agents this is the handoff `A -> B`; inside an agent, LLM call -> tool -> LLM call);
3. a step with no earlier sibling is fed by whatever fed its parent (the first LLM call of
   an agent sees what the agent received);
4. content: an agent step whose input contains the opening text (at least 24 characters) of
   an earlier agent's output, among the previous 32 agent steps, is fed by it (an
   orchestrator passing on a result from several steps back);
5. explicit links: `graph.node.parent_id` (the latest earlier step of that node), and a tool
   span's `gen_ai.tool.call.id` matched to the LLM step whose output requested it (GenAI
   `tool_call` parts, OpenInference `llm.output_messages.*.message.tool_calls.*`).
Only edges to earlier steps are kept, so the graph is acyclic and linear in size.

A failed container with no failed step inside (a smolagents `Step N` chain whose code raised)
gives its error to the last LLM call it holds itself: the call that chose the failed action.
A container that holds LLM calls and no other step (a smolagents CodeAgent's `Step N`, whose
code ran in no span of its own) gives its output, what the code printed, to that call too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from blame.importers.otlp.conventions import (
    Role,
    declared_tools,
    langgraph_node,
    span_content,
    span_cost,
    span_tokens,
)
from blame.importers.otlp.wire import MAX_ERROR_CHARS, ByTrace, Span, preorder
from blame.model import StepKind

CONTENT_MATCH_CHARS = 24
"""An output must share at least this many opening characters with an input to count as fed."""
CONTENT_MATCH_WINDOW = 32
"""How many earlier agent steps the content rule (4) looks at."""
FINGERPRINT_CHARS = 200
"""The opening characters of an output the content rule looks for."""


@dataclass(slots=True)
class Draft:
    """A step before it has its place in the order."""

    span: Span
    kind: StepKind
    name: str
    agent: str
    input: str
    output: str
    step_parent: int | None  # span pos of the nearest step ancestor
    top_agent: bool
    metadata: dict[str, Any]
    tokens: int | None
    cost: float | None
    runner: int | None = None  # span pos of the tool-running graph node it ran under
    error: str | None = None  # its span's error, or the failed action it chose (failed_actions)


def _below(
    spans: Sequence[Span], roots: Sequence[int], roles: Mapping[int, Role], kinds: set[str]
) -> dict[int, bool]:
    """For each span, whether some span strictly below it has one of these role kinds."""
    found: dict[int, bool] = {}
    for span in reversed(list(preorder(spans, roots))):
        found[span.pos] = any(roles[child].kind in kinds or found[child] for child in span.children)
    return found


def graph_wrappers(spans: Sequence[Span], roots: Sequence[int], roles: dict[int, Role]) -> None:
    """An "agent" span around graph nodes is the graph itself (a LangGraph run reported as
    `invoke_agent LangGraph`): its nodes are the agents, so it becomes a plain wrapper."""
    nodes_below = _below(spans, roots, roles, {"node"})
    for pos, role in list(roles.items()):
        if role.kind == "agent" and nodes_below[pos]:
            roles[pos] = Role("none", role.name, role.convention)


def _tool_runners(
    spans: Sequence[Span], roots: Sequence[int], roles: Mapping[int, Role]
) -> set[int]:
    """Graph nodes that only run tools (a LangGraph ToolNode): no agent step of their own."""
    tools_below = _below(spans, roots, roles, {"tool"})
    others_below = _below(spans, roots, roles, {"agent", "node", "llm"})
    return {
        pos
        for pos, role in roles.items()
        if role.kind == "node" and tools_below[pos] and not others_below[pos]
    }


def _graph_node_only(span: Span) -> bool:
    """An agent span named only by the LangGraph node it ran in (a prebuilt ReAct agent's
    `agent` node inside a subgraph): inside another agent it is that agent's inner step, as
    a subgraph's nodes are; an agent span that names itself (`agent.name`) stays an agent."""
    attrs = span.attrs
    explicit = ("gen_ai.agent.name", "agent.name", "traceloop.entity.name")
    return langgraph_node(attrs) is not None and not any(key in attrs for key in explicit)


def step_drafts(
    spans: Sequence[Span], roots: Sequence[int], roles: Mapping[int, Role]
) -> dict[int, Draft]:
    """Steps for the spans that are steps, attributed top-down through the tree."""
    drafts: dict[int, Draft] = {}
    # per span: (enclosing agent, enclosing agent step name, nearest step ancestor, tool runner)
    Context = tuple[str | None, str | None, int | None, int | None]
    context: dict[int, Context] = {}
    root_names = [spans[r].name for r in roots if spans[r].name]
    runners = _tool_runners(spans, roots, roles)
    for span in preorder(spans, roots):
        parent_ctx: Context = (
            context[span.parent] if span.parent is not None else (None, None, None, None)
        )
        agent, agent_step, step_parent, runner = parent_ctx
        role = roles[span.pos]
        kind: StepKind | None = None
        name = role.name
        top_agent = False
        if role.kind == "agent" and not (agent is not None and _graph_node_only(span)):
            kind, agent_of, top_agent = StepKind.AGENT, name, agent is None
            agent, agent_step = name, name
        elif role.kind == "node" and span.pos in runners:
            runner = span.pos if agent is None else runner
        elif role.kind in ("node", "agent"):
            kind = StepKind.AGENT
            if agent is None:
                agent_of, top_agent = name, True
                agent, agent_step = name, name
            else:
                name = f"{agent_step}/{name}"
                agent_of, agent_step = agent, name
        elif role.kind in ("tool", "llm"):
            kind = StepKind.TOOL if role.kind == "tool" else StepKind.LLM
            hint = span.attrs.get("gen_ai.agent.name") or span.attrs.get("agent.name")
            node = langgraph_node(span.attrs)
            agent_of = str(
                agent
                or hint
                or (node if runner is None else None)
                or (root_names[0] if root_names and runner is None else None)
                or span.service
                or name
            )
        if kind is not None:
            tin, tout, call_ids = span_content(span, role.kind)
            metadata: dict[str, Any] = {
                "span_id": span.span_id,
                "span_name": span.name,
                "convention": role.convention,
            }
            if span.trace_id:
                metadata["trace_id"] = span.trace_id
            call_id = span.attrs.get("gen_ai.tool.call.id", span.attrs.get("tool_call.id"))
            if call_id:
                metadata["tool_call_id"] = str(call_id)
            if call_ids:
                metadata["requested_tool_calls"] = call_ids
            tools = declared_tools(span.attrs) if kind is StepKind.AGENT else None
            if tools is not None:
                metadata["tools"] = tools
            for key in ("graph.node.id", "graph.node.parent_id"):
                if key in span.attrs:
                    metadata[key] = str(span.attrs[key])
            if runner is not None and agent is None:
                metadata["tool_node"] = roles[runner].name
            drafts[span.pos] = Draft(
                span=span,
                kind=kind,
                name=name,
                agent=agent_of,
                input=tin,
                output=tout,
                step_parent=step_parent,
                top_agent=top_agent,
                metadata=metadata,
                tokens=span_tokens(span.attrs),
                cost=span_cost(span.attrs),
                runner=runner if agent is None else None,
                error=span.error,
            )
            step_parent = span.pos
        context[span.pos] = (agent, agent_step, step_parent, runner)
    _attribute_tool_runs(spans, roles, drafts)
    _failed_actions(spans, roots, drafts)
    _action_outputs(spans, roots, drafts)
    return drafts


FAILED_ACTION = "failed_action"
"""Metadata of an LLM call that carries the error of the action it chose: the failed span's
name (the call itself returned; reasons say its action raised)."""
RECOVERED = "agent.step_recovery"
"""The event OpenInference's smolagents instrumentor puts on a step whose tool call failed
and that the agent went on from (status OK): the error is still the step's."""


def _failed_actions(
    spans: Sequence[Span], roots: Sequence[int], drafts: Mapping[int, Draft]
) -> None:
    """A failed container that no step inside it failed: its error is the LLM call's that chose
    the action (a smolagents `Step N` chain whose code raised or whose reply did not parse).

    The call is the last LLM call the container holds itself (not one inside a nested agent
    or tool step): its reply is what the container ran. The live smolagents adapter reads a
    failed action the same way. One pass, innermost spans first.
    """
    failing: dict[int, bool] = {}  # a step at or below the span failed
    last_call: dict[int, int | None] = {}  # the last-ended LLM call it holds itself
    for span in reversed(list(preorder(spans, roots))):
        draft = drafts.get(span.pos)
        below = any(failing[child] for child in span.children)
        calls = [c for c in (last_call[child] for child in span.children) if c is not None]
        call = max(calls, key=lambda c: (spans[c].done or 0, c), default=None)
        if draft is not None:
            failing[span.pos] = below or draft.error is not None
            last_call[span.pos] = span.pos if draft.kind is StepKind.LLM else None
            continue
        error = span.error or _recovered(span)
        if error is not None and not below and call is not None:
            drafts[call].error = error
            drafts[call].metadata[FAILED_ACTION] = span.name or f"span {span.span_id}"
            below = True
        failing[span.pos], last_call[span.pos] = below, call


def _action_outputs(
    spans: Sequence[Span], roots: Sequence[int], drafts: Mapping[int, Draft]
) -> None:
    """A container that holds LLM calls and no other step: its output is what the action its
    last call chose produced (a smolagents CodeAgent's code, which runs in no span of its own,
    prints into the `Step N` chain's output). That output is added to the call's, which made
    it; content first seen in it is then the call's, not the next call's that read it."""
    last_call: dict[int, int | None] = {}  # the last-ended LLM call it holds itself
    others: dict[int, bool] = {}  # a step other than an LLM call is at or below it
    for span in reversed(list(preorder(spans, roots))):
        draft = drafts.get(span.pos)
        if draft is not None:
            last_call[span.pos] = span.pos if draft.kind is StepKind.LLM else None
            others[span.pos] = draft.kind is not StepKind.LLM or any(
                others[child] for child in span.children
            )
            continue
        calls = [c for c in (last_call[child] for child in span.children) if c is not None]
        call = max(calls, key=lambda c: (spans[c].done or 0, c), default=None)
        others[span.pos] = any(others[child] for child in span.children)
        last_call[span.pos] = call
        if call is None or others[span.pos] or span.error is not None:
            continue
        printed = span_content(span, "chain")[1]
        if printed and printed not in drafts[call].output:
            drafts[call].output = f"{drafts[call].output}\n{printed}".lstrip("\n")


def _recovered(span: Span) -> str | None:
    """The error a recovery event names (`Type: message`), if the span has one."""
    for name, attrs in span.events:
        if name == RECOVERED:
            kind, text = str(attrs.get("type") or ""), str(attrs.get("message") or "")
            joined = f"{kind}: {text}" if kind and text else kind or text
            return joined[:MAX_ERROR_CHARS] or "error"
    return None


def _attribute_tool_runs(
    spans: Sequence[Span], roles: Mapping[int, Role], drafts: Mapping[int, Draft]
) -> None:
    """A tool-running node's tools belong to the agent that finished last before it started.

    That agent's output asked for the calls (as a ReAct agent's model node does). A node that
    ran a single tool lends that tool its own output when the tool recorded none (a ToolNode
    turns a tool's exception into the message the agent then reads).
    """
    import bisect

    ends = sorted(
        (d.span.done or 0, d.span.pos)
        for d in drafts.values()
        if d.top_agent and d.kind is StepKind.AGENT
    )
    keys = [end for end, _ in ends]
    per_runner: dict[int, list[Draft]] = {}
    for draft in drafts.values():
        if draft.runner is not None:
            per_runner.setdefault(draft.runner, []).append(draft)
    for runner, tools in per_runner.items():
        node = spans[runner]
        start = node.start or 0
        at = bisect.bisect_right(keys, start)
        caller = drafts[ends[at - 1][1]].agent if at else roles[runner].name
        for draft in tools:
            draft.agent = caller
        if len(tools) == 1 and not tools[0].output:
            tools[0].output = span_content(node, "node")[1]


def self_measures(
    order: Sequence[Draft], index_of: Mapping[int, int]
) -> list[tuple[float | None, float | None]]:
    """(latency ms, cost USD) of each step without its child steps' share.

    A span's duration covers the spans nested in it, and a parent's cost often sums its
    children's: counted as they are, a 48 s run with a 40 s tool inside its agent looks like
    96 s and the agent looks slow. A step's latency is its time not covered by a child step
    (overlapping children counted once); its cost loses its children's cost when it is at
    least their sum (an aggregate), and is kept as recorded otherwise (its own).
    """
    children: list[list[int]] = [[] for _ in order]
    for i, draft in enumerate(order):
        if draft.step_parent is not None:
            children[index_of[draft.step_parent]].append(i)
    measures: list[tuple[float | None, float | None]] = []
    for i, draft in enumerate(order):
        start, end = draft.span.start, draft.span.end
        latency = None
        if start is not None and end is not None:
            covered = _covered(
                (max(start, order[c].span.start or start), min(end, order[c].span.end or start))
                for c in children[i]
            )
            latency = max(0, end - start - covered) / 1e6  # a span has no end before its start
        cost = draft.cost
        below = [c for c in (order[c].cost for c in children[i]) if c is not None]
        if cost is not None and below and cost >= sum(below):
            cost = round(cost - sum(below), 12)
        measures.append((latency, cost))
    return measures


def _covered(intervals: Iterable[tuple[int, int]]) -> int:
    """Total length of the union of [start, end) intervals."""
    total = 0
    reach: int | None = None
    for start, end in sorted(iv for iv in intervals if iv[1] > iv[0]):
        if reach is None or start > reach:
            total += end - start
            reach = end
        elif end > reach:
            total += end - reach
            reach = end
    return total


def infer_edges(order: Sequence[Draft], index_of: Mapping[int, int]) -> list[set[int]]:
    parents: list[set[int]] = [set() for _ in order]
    by_parent: dict[int | None, list[int]] = {}
    for i, draft in enumerate(order):
        by_parent.setdefault(draft.step_parent, []).append(i)

    def add(child: int, parent: int | None) -> None:
        if parent is not None and parent < child:
            parents[child].add(parent)

    previous: dict[int, int | None] = {}
    for siblings in by_parent.values():
        before: int | None = None
        for i in siblings:
            previous[i] = before
            before = i
    # 1. step descendants feed their step parent; 2. siblings in sequence
    for i, draft in enumerate(order):
        if draft.step_parent is not None:
            add(index_of[draft.step_parent], i)
        add(i, previous[i])
    # 3. the first child sees what fed its parent (memoised: deep chains stay linear)
    fed_by: dict[int, int | None] = {}

    def feeder(start: int) -> int | None:
        path: list[int] = []
        current: int | None = start
        found: int | None = None
        while current is not None:
            if current in fed_by:
                found = fed_by[current]
                break
            if previous[current] is not None:
                found = previous[current]
                fed_by[current] = found
                break
            path.append(current)
            up = order[current].step_parent
            current = index_of[up] if up is not None else None
        for visited in path:
            fed_by[visited] = found
        return found

    for i, draft in enumerate(order):
        if previous[i] is None and draft.step_parent is not None:
            add(i, feeder(index_of[draft.step_parent]))
    # 4. content: an agent's input opens with an earlier agent's output
    agents = [i for i, d in enumerate(order) if d.kind is StepKind.AGENT]
    fingerprints = {i: " ".join(order[i].output.split())[:FINGERPRINT_CHARS] for i in agents}
    for position, i in enumerate(agents):
        if not order[i].input:
            continue
        text = " ".join(order[i].input.split())
        for j in agents[max(0, position - CONTENT_MATCH_WINDOW) : position]:
            mark = fingerprints[j]
            if (
                CONTENT_MATCH_CHARS <= len(mark) <= len(text)
                and order[j].agent != order[i].agent
                and mark in text
            ):
                add(i, j)
    # 5. explicit links
    # (ids within the step's trace: another trace's node or call of the same id is not it)
    latest_node: ByTrace[int] = ByTrace()
    requested: ByTrace[int] = ByTrace()
    for i, draft in enumerate(order):
        trace = draft.span.trace_id
        parent_node = draft.metadata.get("graph.node.parent_id")
        if isinstance(parent_node, str):
            add(i, latest_node.get(trace, parent_node))
        call_id = draft.metadata.get("tool_call_id")
        if isinstance(call_id, str):
            add(i, requested.get(trace, call_id))
        node = draft.metadata.get("graph.node.id")
        if isinstance(node, str):
            latest_node.put(trace, node, i)
        for requested_id in draft.metadata.get("requested_tool_calls", []):
            requested.put(trace, str(requested_id), i)
    # 6. a tool's output feeds its caller's next LLM call, wherever the tool span sits (a
    # tool span inside the LLM call that asked for it feeds the call after that one)
    next_calls: dict[str, list[int]] = {}
    for i in range(len(order) - 1, -1, -1):
        draft = order[i]
        if draft.kind is StepKind.TOOL:
            after = [
                j for j in next_calls.get(draft.agent, ()) if order[j].span.pos != draft.step_parent
            ]
            if after:
                add(after[0], i)
        elif draft.kind is StepKind.LLM:
            next_calls[draft.agent] = [i, *next_calls.get(draft.agent, [])[:1]]
    return parents
