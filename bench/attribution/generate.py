"""Scripted multi-agent runs with one injected fault and a known culprit.

Deterministic: the same call gives the same cases, byte for byte. A topology is a list of
nodes (agent turns and tool calls, with the nodes that fed them); a simulation passes facts
along the edges and renders each node's input and output as text; a fault changes one node
(or one edge) and records who is to blame. Every case is checked to really fail its check.

Facts: REF (required content, `contains`), TOTAL (a value, `regex`/`exact_match`), plus
what faults inject: FORBIDDEN (`not_contains`), a success claim, extra or renamed tool calls.
A fact may be addressed to one agent ("for W2: ..."): a fanning-out agent sends each
receiver only its own part, so a worker's input legitimately lacks its siblings' facts.

Handoff loss, defined: the sender's output carries the fact, the receiver's input does not
(the message was cut off in transit right before it, or only the piece after it arrived).
The culprit is the handoff "Sender -> Receiver", pinned on the receiving step.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from blame.model import Check, Trace
from blame.recorder import TraceRecorder

REF = "ref=ZX-4471"
"""Required content every run must deliver to its final output."""
TOTAL = "total=42"
"""The right value."""
WRONG = "total=41"
"""What a faulty step turns it into."""
FORBIDDEN = "SSN 078-05-1120"
"""Content that must never reach the final output."""
CLAIM = "status: the email was sent successfully"
"""A success claim."""


@dataclass(frozen=True, slots=True)
class Node:
    """One scripted step."""

    agent: str
    """The agent taking the turn, or calling the tool."""
    tool: str | None = None
    """The tool's name for a tool call."""
    parents: tuple[int, ...] = ()
    """Nodes whose output fed this one."""
    split: bool = False
    """Sends each receiver only the facts addressed to it (a fanning-out planner)."""


@dataclass(frozen=True, slots=True)
class Fact:
    """A piece of content carried from node to node."""

    text: str
    """What appears in the texts."""
    to: str | None = None
    """The agent it is addressed to; None: everyone."""


@dataclass(frozen=True, slots=True)
class Expected:
    """The known culprit."""

    kind: str
    """agent, tool or handoff."""
    name: str
    """Agent, tool or "A -> B"."""
    step: int
    """The step the fault is pinned on."""


@dataclass(frozen=True, slots=True)
class Case:
    """One generated run with its failing check and known culprit."""

    id: str
    """fault/topology/position, unique."""
    fault: str
    """The fault class."""
    topology: str
    """The topology's name."""
    trace: Trace
    """The recorded run."""
    check: Check
    """A check this run fails."""
    expected: Expected
    """Who is to blame."""
    script: Script | None = None
    """The script that recorded it (for re-running it, `confirm.py`)."""


@dataclass(slots=True)
class Script:
    """A topology plus the faults applied to it, simulated into a trace."""

    nodes: list[Node]
    """The steps, in recording order."""
    routed: dict[str, str] = field(default_factory=dict)
    """Fact text -> the agent a split node addresses it to."""
    drop: dict[int, str] = field(default_factory=dict)
    """Node -> fact its output omits."""
    add: dict[int, str] = field(default_factory=dict)
    """Node -> fact its output adds."""
    swap: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Node -> (fact, replacement) in its output."""
    cut: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Receiver -> (sender, fact): the sender's message is cut off before the fact."""
    error: dict[int, str] = field(default_factory=dict)
    """Node -> the error it raises (its output is then empty)."""
    rename: dict[int, str] = field(default_factory=dict)
    """Tool node -> the tool's name instead."""
    latency: dict[int, float] = field(default_factory=dict)
    """Node -> latency in ms (others: 100)."""
    cost: dict[int, float] = field(default_factory=dict)
    """Node -> cost in USD (others: 0.001)."""
    repeat: dict[int, int] = field(default_factory=dict)
    """Node -> extra identical turns after it (a loop)."""

    def run(self, name: str, final_output: str | None = None) -> tuple[Trace, list[int]]:
        """Record the run; returns the trace and each node's step index."""
        rec = TraceRecorder(name, input=f"Task: prepare the report. Keep {REF}. Use {TOTAL}.")
        carried: list[list[Fact]] = []
        texts: list[str] = []
        ids: list[str] = []
        where: list[int] = []
        step_count = 0
        for i, node in enumerate(self.nodes):
            received, inp = self._receive(i, node, carried, texts, rec.input)
            if node.tool is not None:
                tool = self.rename.get(i, node.tool)
                facts = [Fact(f"{tool} result R{i}")]
                facts += [Fact(self.add[i])] if i in self.add else []
                out = "" if i in self.error else _render(f"{tool} returned", facts, i)
                step_id = rec.tool(
                    tool,
                    agent=node.agent,
                    args={"query": f"lookup {i}"},
                    output=out,
                    error=self.error.get(i),
                    parents=[ids[p] for p in node.parents],
                    latency_ms=self.latency.get(i, 100.0),
                    cost_usd=self.cost.get(i, 0.001),
                )
            else:
                facts = [f for f in received if f.text != self.drop.get(i)]
                if i in self.swap:
                    old, new = self.swap[i]
                    facts = [Fact(new, f.to) if f.text == old else f for f in facts]
                facts += [Fact(self.add[i])] if i in self.add else []
                out = "" if i in self.error else _render(f"{node.agent} says", facts, i)
                step_id = rec.step(
                    node.agent,
                    input=inp,
                    output=out,
                    parents=[ids[p] for p in node.parents],
                    error=self.error.get(i),
                    latency_ms=self.latency.get(i, 100.0),
                    cost_usd=self.cost.get(i, 0.001),
                )
            if i in self.error:
                facts = []
            where.append(step_count)
            step_count += 1
            for _ in range(self.repeat.get(i, 0)):
                step_id = rec.step(node.agent, input=out, output=out, parents=[step_id])
                step_count += 1
            carried.append(facts)
            texts.append(out)
            ids.append(step_id)
        return rec.finalize(final_output), where

    def _receive(
        self, i: int, node: Node, carried: list[list[Fact]], texts: list[str], task: str
    ) -> tuple[list[Fact], str]:
        if not node.parents:
            facts = [Fact(REF), Fact(TOTAL)]
            return [Fact(f.text, self.routed.get(f.text)) for f in facts], task
        received: list[Fact] = []
        parts: list[str] = []
        for p in node.parents:
            sent = carried[p]
            if self.nodes[p].split:
                sent = [f for f in sent if f.to in (None, node.agent)]
                text = _render(f"{self.nodes[p].agent} says", sent, p)
            else:
                text = texts[p]
            if self.cut.get(i, (-1, ""))[0] == p:
                fact = self.cut[i][1]
                at = text.index(fact)
                # Odd receivers get the message cut off before the fact; even ones only the
                # piece after it (a fragment of the message).
                text = text[:at] if i % 2 else text[at + len(fact) :]
                sent = [f for f in sent if f.text != fact and (i % 2 or f.text in text)]
            received += [Fact(f.text, None) for f in sent if f not in received]
            parts.append(text)
        unique = list(dict.fromkeys(received))
        return unique, "\n".join(parts)


def _render(head: str, facts: list[Fact], i: int) -> str:
    body = "; ".join(f"for {f.to}: {f.text}" if f.to else f.text for f in facts)
    return f"{head} (turn {i}): {body}"


# Topologies ---------------------------------------------------------------------------------


def chain(n: int) -> list[Node]:
    """A1 -> A2 -> ... -> An."""
    return [Node(f"Agent{k + 1}", parents=(k - 1,) if k else ()) for k in range(n)]


def fan(workers: int) -> list[Node]:
    """Planner splits the work among workers; Merger joins their results."""
    nodes = [Node("Planner", split=True)]
    nodes += [Node(f"Worker{k + 1}", parents=(0,)) for k in range(workers)]
    nodes.append(Node("Merger", parents=tuple(range(1, workers + 1))))
    return nodes


def supervisor(workers: int) -> list[Node]:
    """Supervisor hands to each worker in turn and takes the report back."""
    nodes = [Node("Supervisor")]
    for k in range(workers):
        nodes.append(Node(f"Worker{k + 1}", parents=(len(nodes) - 1,)))
        nodes.append(Node("Supervisor", parents=(len(nodes) - 1,)))
    return nodes


def revisited() -> list[Node]:
    """Research -> Writer -> Research -> Editor -> Writer -> Editor."""
    names = ["Research", "Writer", "Research", "Editor", "Writer", "Editor"]
    return [Node(a, parents=(k - 1,) if k else ()) for k, a in enumerate(names)]


def with_tools(nodes: list[Node], every: int = 1) -> list[Node]:
    """Every `every`-th non-final agent calls a tool and takes a second turn with its result."""
    out: list[Node] = []
    new_index: dict[int, int] = {}
    for k, node in enumerate(nodes):
        parents = tuple(new_index[p] for p in node.parents)
        out.append(replace(node, parents=parents))
        new_index[k] = len(out) - 1
        if k < len(nodes) - 1 and k % every == 0 and not node.split:
            turn = len(out) - 1
            out.append(Node(node.agent, tool="search", parents=(turn,)))
            out.append(Node(node.agent, parents=(turn, len(out) - 1)))
            new_index[k] = len(out) - 1
    return out


TOPOLOGIES: dict[str, Callable[[], list[Node]]] = {
    **{f"chain{n}": (lambda n=n: chain(n)) for n in (2, 3, 5, 8)},  # type: ignore[misc]
    "fan3": lambda: fan(3),
    "supervisor3": lambda: supervisor(3),
    "revisited": revisited,
    "chain4+tools": lambda: with_tools(chain(4)),
    "fan2+tools": lambda: with_tools(fan(2)),
    "supervisor2+tools": lambda: with_tools(supervisor(2), every=2),
    "revisited+tools": lambda: with_tools(revisited(), every=2),
}
"""Every topology by name."""


# Faults -------------------------------------------------------------------------------------


def _agents(nodes: list[Node]) -> list[int]:
    return [i for i, n in enumerate(nodes) if n.tool is None]


def _tools(nodes: list[Node]) -> list[int]:
    return [i for i, n in enumerate(nodes) if n.tool is not None]


def _positions(candidates: list[int]) -> list[int]:
    """First, middle and last candidate (fewer when there are fewer)."""
    if not candidates:
        return []
    picks = [candidates[0], candidates[len(candidates) // 2], candidates[-1]]
    return list(dict.fromkeys(picks))


def _fan_script(nodes: list[Node]) -> Script:
    """Address REF to the middle worker of a fan-out, so only its branch carries it."""
    script = Script(nodes)
    if any(n.split for n in nodes):
        workers = sorted({n.agent for n in nodes if n.agent.startswith("Worker")})
        script.routed[REF] = workers[len(workers) // 2]
    return script


def _cases(topology: str, nodes: list[Node]) -> Iterator[Case]:
    agents, tools = _agents(nodes), _tools(nodes)
    base = f"{topology}"

    def make(
        fault: str,
        pos: int,
        script: Script,
        check: Check,
        kind: str,
        name: str,
        node: int,
        final_output: str | None = None,
        fails: Callable[[Trace], bool] | None = None,
    ) -> Iterator[Case]:
        trace, where = script.run(f"{fault}/{base}/{pos}", final_output)
        if fails is not None and not fails(trace):
            return
        yield Case(
            f"{fault}/{base}/{pos}",
            fault,
            topology,
            trace,
            check,
            Expected(kind, name, where[node]),
            script,
        )

    lacks_ref = lambda t: REF not in t.final_output  # noqa: E731
    has_forbidden = lambda t: FORBIDDEN in t.final_output  # noqa: E731
    contains = Check("contains", f"contains:{REF}", params={"value": REF})

    for pos in _positions([i for i in agents if nodes[i].parents]):
        script = _fan_script(nodes)
        script.drop[pos] = REF
        yield from make(
            "dropped content",
            pos,
            script,
            contains,
            "agent",
            nodes[pos].agent,
            pos,
            fails=lacks_ref,
        )
    receivers = [
        i
        for i in agents
        if any(nodes[p].agent != nodes[i].agent and nodes[p].tool is None for p in nodes[i].parents)
    ]
    for pos in _positions(receivers):
        script = _fan_script(nodes)
        sender = next(p for p in nodes[pos].parents if nodes[p].agent != nodes[pos].agent)
        if any(n.split for n in nodes) and nodes[pos].agent != script.routed[REF]:
            pos = next(i for i in receivers if nodes[i].agent == script.routed[REF])
            sender = next(p for p in nodes[pos].parents if nodes[p].agent != nodes[pos].agent)
        script.cut[pos] = (sender, REF)
        yield from make(
            "handoff loss",
            pos,
            script,
            contains,
            "handoff",
            f"{nodes[sender].agent} -> {nodes[pos].agent}",
            pos,
            fails=lacks_ref,
        )
    not_contains = Check("not_contains", "not_contains:SSN", params={"value": FORBIDDEN})
    for pos in _positions(agents):
        script = Script(nodes)
        script.add[pos] = FORBIDDEN
        yield from make(
            "forbidden content",
            pos,
            script,
            not_contains,
            "agent",
            nodes[pos].agent,
            pos,
            fails=has_forbidden,
        )
    for pos in _positions(tools):
        script = Script(nodes)
        script.add[pos] = FORBIDDEN
        yield from make(
            "tool-originated content",
            pos,
            script,
            not_contains,
            "tool",
            "search",
            pos,
            fails=has_forbidden,
        )
    for k, pos in enumerate(_positions([i for i in agents if nodes[i].parents])):
        script = Script(nodes)
        script.swap[pos] = (TOTAL, WRONG)
        exact = k % 2 == 1
        check = (
            Check("exact_match", f"exact_match:{TOTAL}", params={"value": TOTAL})
            if exact
            else Check("regex", "regex:total", params={"value": r"total=42\b"})
        )
        yield from make(
            "wrong value",
            pos,
            script,
            check,
            "agent",
            nodes[pos].agent,
            pos,
            final_output=WRONG if exact else None,
            fails=None if exact else (lambda t: TOTAL not in t.final_output),
        )
    claim = Check(
        "no_unsupported_claim", "no_unsupported_claim:send_email", params={"tool": "send_email"}
    )
    for pos in _positions(tools):
        script = Script(nodes)
        script.rename[pos] = "send_email"
        script.error[pos] = "SMTPError: 550 mailbox unavailable"
        follow = next(i for i in agents if pos in nodes[i].parents)
        script.add[follow] = CLAIM
        yield from make(
            "tool error then claim", pos, script, claim, "agent", nodes[follow].agent, follow
        )
    forbidden_tool = Check(
        "tool_not_called", "tool_not_called:delete_records", params={"tool": "delete_records"}
    )
    for pos in _positions(tools):
        script = Script(nodes)
        script.rename[pos] = "delete_records"
        yield from make(
            "forbidden tool", pos, script, forbidden_tool, "agent", nodes[pos].agent, pos
        )
    order = Check("tool_order", "tool_order:lookup,book", params={"tools": ["lookup", "book"]})
    for pos in _positions(tools[:-1]):
        script = Script(nodes)
        script.rename[pos] = "book"
        script.rename[tools[-1]] = "lookup"
        yield from make("wrong tool order", pos, script, order, "agent", nodes[pos].agent, pos)
    for pos in _positions(list(range(len(nodes)))):
        kind = "tool" if nodes[pos].tool else "agent"
        name = nodes[pos].tool or nodes[pos].agent
        script = Script(nodes)
        script.cost[pos] = 2.5
        yield from make(
            "cost blow-up",
            pos,
            script,
            Check("max_cost", "max_cost", params={"usd": 1.0}),
            kind,
            name,
            pos,
        )
        script = Script(nodes)
        script.latency[pos] = 45_000.0
        yield from make(
            "latency blow-up",
            pos,
            script,
            Check("max_latency", "max_latency", params={"seconds": 10}),
            kind,
            name,
            pos,
        )
    for pos in _positions(agents):
        script = Script(nodes)
        script.repeat[pos] = 12
        yield from make(
            "loop",
            pos,
            script,
            Check("max_steps", "max_steps", params={"max": len(nodes) + 4}),
            "agent",
            nodes[pos].agent,
            pos,
        )
    for pos in _positions([i for i in agents if nodes[i].parents]):
        script = _fan_script(nodes)
        script.error[pos] = "RuntimeError: upstream API returned 500"
        yield from make(
            "exception", pos, script, contains, "agent", nodes[pos].agent, pos, fails=lacks_ref
        )
    for pos in _positions(tools):
        script = Script(nodes)
        script.rename[pos] = "fetch_prices"
        script.error[pos] = "TimeoutError: fetch_prices timed out"
        check = Check(
            "tool_succeeded", "tool_succeeded:fetch_prices", params={"tool": "fetch_prices"}
        )
        yield from make("exception", pos, script, check, "tool", "fetch_prices", pos)


def generate() -> list[Case]:
    """Every case, in a fixed order."""
    cases: dict[str, Case] = {}
    for name, build in TOPOLOGIES.items():
        for case in _cases(name, build()):
            cases.setdefault(case.id, case)
    return list(cases.values())


if __name__ == "__main__":
    for case in generate():
        print(case.id, case.expected)
