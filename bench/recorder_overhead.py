"""Recorder overhead: what one `TraceRecorder.step` / `.tool` call costs, and `finalize`.

Small enough to leave on in production code? Compare the per-step figure with an LLM call
(hundreds of milliseconds).

    python bench/recorder_overhead.py [--steps 100000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from blame.recorder import TraceRecorder


def per_call(steps: int, kind: str) -> tuple[float, float]:
    """Best of 3: (microseconds per call, milliseconds for finalize)."""
    best_call, best_final = float("inf"), float("inf")
    text = "x" * 200
    args = {"query": "capital of France", "limit": 3}
    for _ in range(3):
        rec = TraceRecorder(test_name="bench", input="question")
        start = time.perf_counter()
        if kind == "step":
            for i in range(steps):
                rec.step(f"Agent{i % 7}", input=text, output=text, latency_ms=1.0)
        elif kind == "tool":
            for i in range(steps):
                rec.tool("search", agent=f"Agent{i % 7}", args=args, output=text)
        else:  # explicit parents, as in a fan-in
            first = rec.step("Root", input=text, output=text)
            for i in range(steps - 1):
                rec.step(f"Agent{i % 7}", input=text, output=text, parents=[first])
        middle = time.perf_counter()
        rec.finalize(final_output=text)
        end = time.perf_counter()
        best_call = min(best_call, (middle - start) / steps * 1e6)
        best_final = min(best_final, (end - middle) * 1e3)
    return best_call, best_final


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=100_000)
    args = parser.parse_args()
    print(f"{args.steps} calls each, best of 3")
    for kind, label in (
        ("step", "rec.step(agent, input=str, output=str)"),
        ("tool", "rec.tool(name, args=dict, output=str)"),
        ("parents", "rec.step(..., parents=[id])"),
    ):
        micro, final = per_call(args.steps, kind)
        print(f"{label:<42} {micro:6.2f} us/call   finalize {final:6.2f} ms")


if __name__ == "__main__":
    main()
