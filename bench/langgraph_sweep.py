"""Attribution on small LangGraph pipelines with planted faults, through blame's LangGraph adapter.

Usage: python bench/langgraph_sweep.py [--verbose] [--json]

Each pipeline (bench/corpus/langgraph_pipelines.py) is a real LangGraph graph on scripted
offline models -- a ReAct agent with tools, a plain StateGraph with conditional edges, Send
fan-out, a subgraph, a ToolNode behind a hand-written model node, a node with a retry policy,
langgraph-supervisor routing to workers -- with one planted fault and, for each check that
should fail, a label written before blame ran: the agent whose decision was wrong and the step
that made it. Each graph runs through the adapter `blame test` uses (`run_graph`), its trace is
evaluated with the real checks, and the top suspect of every failed check is scored: right
agent, right step. A check that passes, or a failed check nobody is blamed for, counts as a
miss on both.

Needs the LangGraph integration and langgraph-supervisor: `pip install -e ".[dev,bench]"
-e ./integrations/langgraph`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from corpus.langgraph_pipelines import PIPELINES, Label, Pipeline

from blame.model import Trace


@dataclass(frozen=True, slots=True)
class Scored:
    pipeline: str
    check: str
    failed: bool
    agent: bool
    step: bool
    blamed: str
    labelled: str


def run(pipeline: Pipeline) -> Trace:
    """The pipeline through the LangGraph adapter's run path."""
    from blame_langgraph.adapter import _Options, run_graph

    options = {"output_key": pipeline.output_key} if pipeline.output_key else {}
    graph = pipeline.build()
    return run_graph(
        graph, pipeline.input, test_name=pipeline.name, options=_Options.parse(options)
    )[1]


def label_step(trace: Trace, label: Label) -> int | None:
    """The index of the labelled step, or None when the trace has no such step."""
    found = [
        s.index
        for s in trace.steps
        if s.name == label.step and (label.input_has is None or label.input_has in s.input)
    ]
    return found[label.occurrence - 1] if len(found) >= label.occurrence else None


def score(pipeline: Pipeline) -> list[Scored]:
    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    trace = run(pipeline)
    checks = parse_checks(list(pipeline.checks), source=pipeline.name)
    result = evaluate_trace(trace, checks, threshold=1.0, name=pipeline.name)
    scored = []
    for outcome, label in zip(result.checks, pipeline.labels, strict=True):
        index = label_step(trace, label)
        if index is None:
            raise SystemExit(f"{pipeline.name}: no step {label} in the trace")
        labelled = f"{label.agent} @ {index}"
        if outcome.passed or not outcome.blame:
            why = "passed" if outcome.passed else "unattributed"
            scored.append(Scored(pipeline.name, outcome.name, False, False, False, why, labelled))
            continue
        top = outcome.blame[0]
        scored.append(
            Scored(
                pipeline.name,
                outcome.name,
                True,
                (top.agent or "").casefold() == label.agent.casefold(),
                top.step_index == index,
                f"{top.agent} @ {top.step_index} ({top.kind})",
                labelled,
            )
        )
    return scored


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print each check's suspect")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    rows = [row for pipeline in PIPELINES for row in score(pipeline)]
    agents = sum(r.agent for r in rows)
    steps = sum(r.step for r in rows)
    if args.json:
        print(json.dumps({"checks": len(rows), "agent": agents, "step": steps}, sort_keys=True))
        return 0
    print(f"{'pipeline':36} {'check':34} agent step  blamed / labelled")
    for r in rows:
        mark = {True: "yes", False: "NO"}
        line = f"{r.pipeline:36} {r.check[:34]:34} {mark[r.agent]:5} {mark[r.step]:5}"
        if args.verbose or not (r.agent and r.step):
            line += f" {r.blamed} / {r.labelled}"
        print(line)
    n = len(rows)
    print(
        f"\n{len(PIPELINES)} pipelines, {n} checks: right agent {agents}/{n} "
        f"({agents / n:.0%}), right step {steps}/{n} ({steps / n:.0%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
