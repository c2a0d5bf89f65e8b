"""Budget rules (latency, cost, step count) and steps that raised."""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from operator import neg

from blame.engine.suspects import agent_at, at_step, how_it_failed, ranked
from blame.graph import StepGraph
from blame.model import Step, StepKind
from blame.results import Suspect


def largest(
    flow: StepGraph,
    measure: Callable[[Step], float | None],
    unit: str,
    what: str,
    among: Sequence[int] | None = None,
) -> tuple[Suspect, ...]:
    """The step contributing most to a budget (a tool step blames the tool), then the runner-up;
    only steps in `among` count when it is given."""
    if among is None:
        values = [measure(s) or 0.0 for s in flow.steps]
    else:
        counted = set(among)
        values = [measure(s) or 0.0 if s.index in counted else 0.0 for s in flow.steps]
    total = sum(values)
    if total <= 0:
        return ()
    top = heapq.nsmallest(2, zip(map(neg, values), itertools.count()))
    top = [(-v, i) for v, i in top]
    found = []
    for rank, (value, index) in enumerate(top):
        if value <= 0:
            break
        share = value / total
        found.append(
            at_step(
                flow,
                index,
                (0.5 + 0.5 * share) if rank == 0 else 0.5 * share,
                f"{flow.label(index)} took {value:g} {unit}, {share:.0%} of the run's {what} "
                f"of {total:g} {unit}",
            )
        )
    return ranked(found)


def latency(flow: StepGraph) -> tuple[Suspect, ...]:
    """max_latency: the slowest step of the slowest chain (a slow branch that ran alongside a
    slower one did not make the run late)."""
    chain = flow.slowest_chain
    # A chain's steps are distinct (each is a parent, so earlier, of the next): one as long
    # as the trace is every step, counted without a set of a million indexes.
    among = None if len(chain) == len(flow.steps) else chain
    return largest(flow, lambda s: s.latency_ms, "ms", "latency", among=among)


def cost(flow: StepGraph) -> tuple[Suspect, ...]:
    """max_cost: the most expensive step."""
    return largest(flow, lambda s: s.cost_usd, "USD", "cost")


def loop(flow: StepGraph) -> tuple[Suspect, ...]:
    """max_steps: the agent that looped, pinned where it first repeated; nobody when none did.

    Steps are counted per responsible agent (its own turns and the tools it called). Only an
    agent with two or more steps repeated itself; when every agent ran once the run had too
    many agents, not a loop, and no step is more to blame than another. A tool recorded
    without a calling agent (only tool steps carry its agent name) is blamed as the tool.
    A step that only records an error raised between steps (`Step.stopped_run`) is no step
    the run took, as `max_steps` counts them.
    """
    steps = flow.steps
    taken = {a: [i for i in mine if not steps[i].stopped_run] for a, mine in flow.by_agent.items()}
    counts = Counter({agent: len(mine) for agent, mine in taken.items() if mine})
    ranking = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
    if not ranking or ranking[0][1] < 2:
        return ()
    agent, count = ranking[0]
    if len(ranking) > 1 and ranking[1][1] == count:
        # A tie has no looping agent to name; the one that repeats its output wins it.
        repeats = {a: _repeats(flow, taken[a])[1] for a, c in ranking if c == count}
        best = max(repeats.values())
        agent = sorted(a for a, r in repeats.items() if r == best)[0]
    start, repeated = _repeats(flow, taken[agent])
    total = sum(counts.values())
    share = count / total
    only_tools = all(steps[i].kind is StepKind.TOOL for i in taken[agent])
    if repeated:
        detail = f", repeating the same output {repeated + 1} times from step {start}"
    elif flow.steps[start].kind is StepKind.TOOL and not only_tools:
        detail = f", calling tool {flow.steps[start].name} at step {start}"
    else:
        detail = f", first ran again at step {start}"
    confidence = 0.5 + 0.45 * share
    if only_tools:
        tool = flow.steps[start].name
        reason = f"tool {tool} ran {count} of the run's {total} steps{detail}"
        return (at_step(flow, start, confidence, reason),)
    reason = f"{agent} ran {count} of the run's {total} steps{detail}"
    return (agent_at(flow, start, confidence, reason),)


def _repeats(flow: StepGraph, own: Sequence[int]) -> tuple[int, int]:
    """(where the agent's loop starts, how many times its first repeated output came again).

    Called only for an agent with two or more steps. The loop starts at the first step whose
    output came again; the count is that output's alone (a turn and the tool it calls, each
    repeated once, are two outputs said twice, not one said three times). Without a repeated
    output the loop starts where the agent ran again: its second own turn, or, for an agent
    with one turn, its second step (a tool it called again).
    """
    mine = [flow.steps[i] for i in own]
    seen: Counter[tuple[str, str]] = Counter()
    first_seen: dict[tuple[str, str], int] = {}
    looped: tuple[str, str] | None = None
    for step in mine:
        key = (step.name, step.output)
        seen[key] += 1
        first_seen.setdefault(key, step.index)
        if looped is None and seen[key] == 2:
            looped = key
    if looped is not None:
        return first_seen[looped], seen[looped] - 1
    turns = [s.index for s in mine if s.kind is not StepKind.TOOL]
    return (turns[1] if len(turns) > 1 else mine[1].index), 0


def raised(flow: StepGraph) -> tuple[Suspect, ...]:
    """Steps that raised, upstream of the final output first, earliest first."""
    upstream = flow.upstream_of_final
    failed = [s.index for s in flow.steps if s.error]
    failed.sort(key=lambda i: (i not in upstream, i))
    return ranked(
        at_step(
            flow,
            index,
            0.9 if rank == 0 else 0.5,
            f"{flow.label(index)} {how_it_failed(flow, index)}",
        )
        for rank, index in enumerate(failed)
    )
