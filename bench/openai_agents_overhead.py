"""Overhead of tracing an OpenAI Agents SDK run with blame-openai-agents versus a plain run.

Runs the bundled example (Triage -> Booker by handoff, two tool calls, four model calls on
scripted models) many times both ways, interleaved so machine noise hits both alike, and prints
the median wall time per run and the overhead of `atrace_agent` over `Runner.run` of the same
freshly built agents with the same run configuration (the SDK's tracing is on in both: blame's
cost is its processor turning spans into steps). The figure is the median over pairs of samples
taken one right after the other, with a 95% confidence interval for that median and the middle
half of the pairs' figures. Building the agents is outside the timed region. Target: under 10%.

    python bench/openai_agents_overhead.py [--samples N] [--batch K] [--model-ms MS]

Two figures: with the scripted models answering instantly (the worst case: the SDK does almost
nothing, so span handling is all there is to measure), and with every model call waiting
`--model-ms` (default 20 ms, a fast real model), which is what a user sees.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.10
"""Overhead the adapter must stay under."""
INPUT = "Paris to Rome on 2026-12-01, window seat"


def _slow_models(delay_s: float) -> None:
    """Make every scripted model call wait `delay_s`, like a real model would."""
    from blame_openai_agents.fakes import ScriptedModel

    original = ScriptedModel.get_response

    async def get_response(self: Any, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(delay_s)
        return await original(self, *args, **kwargs)

    ScriptedModel.get_response = get_response  # type: ignore[method-assign]


def _time(run: Callable[[Any], Any], build: Callable[[], Any], batch: int) -> float:
    """Seconds per run of `batch` runs in a row, each on freshly built agents."""
    agents = [build() for _ in range(batch)]
    gc.collect()
    start = time.perf_counter()
    for agent in agents:
        asyncio.run(run(agent))
    return (time.perf_counter() - start) / batch


def measure(build: Callable[[], Any], samples: int, batch: int) -> tuple[float, float, list[float]]:
    """Median seconds per run (plain, traced) and the overhead of each pair of samples."""
    from agents import RunConfig, Runner
    from blame_openai_agents import atrace_agent

    config = RunConfig(workflow_name="blame: t", trace_include_sensitive_data=True)

    async def plain(agent: Any) -> None:
        await Runner.run(agent, INPUT, run_config=config)

    async def traced(agent: Any) -> None:
        await atrace_agent(agent, INPUT, test_name="t")

    for _ in range(3):  # warm up imports and caches
        _time(plain, build, 1)
        _time(traced, build, 1)
    plain_times: list[float] = []
    traced_times: list[float] = []
    for index in range(samples):  # alternate which goes first, so neither gets the warmer start
        if index % 2:
            traced_times.append(_time(traced, build, batch))
            plain_times.append(_time(plain, build, batch))
        else:
            plain_times.append(_time(plain, build, batch))
            traced_times.append(_time(traced, build, batch))
    ratios = [traced / plain - 1 for plain, traced in zip(plain_times, traced_times, strict=True)]
    return statistics.median(plain_times), statistics.median(traced_times), ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="timed samples per way")
    parser.add_argument("--batch", type=int, default=2, help="runs per sample, instant models")
    parser.add_argument("--model-ms", type=float, default=20.0, help="model latency, 2nd figure")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "bench"))
    sys.path.insert(0, str(ROOT / "examples" / "openai_agents_trip"))
    median_interval = importlib.import_module("langgraph_overhead").median_interval
    build = importlib.import_module("trip_agents").build_agent
    print(
        f"{'run':<28} {'model ms':>8} {'plain ms':>9} {'traced ms':>10} {'overhead':>9}"
        f" {'95% interval':>16} {'middle half of pairs':>21}"
    )
    worst = 0.0
    for model_ms, samples, batch in (
        (0.0, args.samples, args.batch),
        (args.model_ms, max(10, args.samples // 10), 1),
    ):
        if model_ms:
            _slow_models(model_ms / 1000)
        plain, traced, ratios = measure(build, samples, batch)
        overhead = statistics.median(ratios)
        ci_low, ci_high = median_interval(ratios)
        low, _, high = statistics.quantiles(ratios, n=4)
        worst = max(worst, overhead)
        print(
            f"{'Triage -> Booker (4 calls)':<28} {model_ms:>8.0f} {plain * 1000:>9.2f} "
            f"{traced * 1000:>10.2f} {overhead:>8.1%} {ci_low:>6.1%} .. {ci_high:<6.1%} "
            f"{low:>10.1%} .. {high:<7.1%}"
        )
    verdict = "within" if worst < TARGET else "ABOVE"
    print(f"worst overhead: {worst:.1%} ({verdict} the {TARGET:.0%} target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
