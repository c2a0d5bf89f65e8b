"""Engine time on a 100,000-step trace with one failed check of each built-in kind.

Run: `python bench/attribution/speed.py [STEPS]`. Prints the time to build the StepGraph
(not the engine's) and the engine's time for all checks together; the target is under 1 s.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.recorder import TraceRecorder
from blame.results import Evaluation

FAILED = Evaluation(score=0.0, message="failed")

CHECKS = (
    Check("contains", "contains", params={"value": "ref=ZX-4471"}),
    Check("not_contains", "not_contains", params={"value": "SSN 078-05-1120"}),
    Check("regex", "regex", params={"value": r"total=42\b"}),
    Check("exact_match", "exact_match", params={"value": "total=42"}),
    Check("max_latency", "max_latency", params={"seconds": 1}),
    Check("max_cost", "max_cost", params={"usd": 0.01}),
    Check("max_steps", "max_steps", params={"max": 10}),
    Check("tool_called", "tool_called", params={"tool": "book", "min": 1}),
    Check("tool_not_called", "tool_not_called", params={"tool": "delete_records"}),
    Check("tool_order", "tool_order", params={"tools": ["lookup", "book"]}),
    Check("tool_succeeded", "tool_succeeded", params={"tool": "send_email"}),
    Check("no_unsupported_claim", "no_unsupported_claim", params={"tool": "send_email"}),
)
"""One failing check of each built-in kind."""


def big_trace(steps: int) -> Trace:
    """A long run of five agents taking turns, each calling a tool every other turn."""
    rec = TraceRecorder("speed", input="ref=ZX-4471 total=42")
    agents = [f"Agent{k}" for k in range(5)]
    carried = "ref=ZX-4471 total=42"
    previous: str | None = None
    last_agent: str | None = None
    for i in range(steps):
        agent = agents[(i // 2) % len(agents)]
        if i % 2 and i != steps - 1:
            tool = "lookup" if i > steps // 2 else "search"
            tool = "delete_records" if i == steps // 3 | 1 else tool
            error = "SMTP 550" if i == steps // 4 | 1 else None
            previous = rec.tool(
                "send_email" if error else tool,
                agent=agent,
                args={"q": i},
                output=f"result {i}",
                error=error,
                latency_ms=9000.0 if i == steps // 5 | 1 else 10.0,
                cost_usd=0.0001,
            )
            continue
        if i == steps // 2:
            carried = carried.replace("ref=ZX-4471 ", "").replace("total=42", "total=41")
        if i == 3 * steps // 4:
            carried += " SSN 078-05-1120"
        if i == steps - 1:
            carried += " the email was sent"
        feeds = [p for p in dict.fromkeys((last_agent, previous)) if p is not None]
        previous = last_agent = rec.step(
            agent,
            input=f"turn {i}: {carried}",
            output=f"{agent} turn {i}: {carried}",
            parents=feeds,
            latency_ms=20.0,
            cost_usd=0.5 if i == steps // 8 * 2 else 0.0001,
        )
    return rec.finalize()


def main(argv: list[str]) -> int:
    steps = int(argv[0]) if argv else 100_000
    trace = big_trace(steps)
    started = time.perf_counter()
    graph = StepGraph(trace)
    built = time.perf_counter() - started
    started, cpu = time.perf_counter(), time.process_time()
    results = [attribute(check, FAILED, graph) for check in CHECKS]
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    for check, suspects in zip(CHECKS, results, strict=True):
        top = suspects[0] if suspects else None
        shown = f"{top.kind} {top.name} @ step {top.step_index}" if top else "unattributed"
        print(f"  {check.type:22} {shown}")
    print(f"{steps} steps: StepGraph built in {built:.2f} s (not engine time)")
    print(
        f"engine: {len(CHECKS)} failed checks attributed in {elapsed:.3f} s wall, "
        f"{cpu:.3f} s CPU (target < 1 s)"
    )
    return 0 if elapsed < 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
