"""Overhead of tracing a LangGraph run with blame-langgraph versus a plain `graph.stream`.

Runs each bundled LangGraph example (supervisor with subgraphs and tools; Send fan-out/fan-in)
many times both ways, interleaved so machine noise hits both alike, and prints the median wall
time per run and the overhead of `trace_langgraph` over `list(graph.stream(input))` of the same
freshly built graph. A sample times `--batch` runs in a row (one run of a small graph takes a
few milliseconds, and a thread switch or a collection moves it by 10-20%); the figure is the
median over pairs of samples taken one right after the other (a slow drift of the machine's
speed hits both samples of a pair alike), with a 95% confidence interval for that median (from
the order statistics of the pairs, no assumption about their spread) and the middle half of
the pairs' figures to show the noise. Small batches make many pairs close together in time,
which is what narrows the interval on a machine shared with others. Graph building is outside
the timed region. Target: under 10%.

    python bench/langgraph_overhead.py [--samples N] [--batch K] [--model-ms MS]

Three figures per graph: with the fake models answering instantly (the worst case: the graph
does almost nothing, so LangGraph's cost of emitting the task events and the tracer's cost of
turning them into steps are all there is to measure); the same with `prices` given, which turns
on `call_usage` (a callback handler that hears every model call, so LangChain dispatches every
runnable of the run through it); and with every model call waiting `--model-ms` (default 20 ms,
a fast real model), which is what a user sees.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.10
"""Overhead the adapter must stay under."""


def _examples() -> list[tuple[str, Callable[[], Any], dict[str, Any]]]:
    for folder in ("langgraph_supervisor", "langgraph_fanout"):
        sys.path.insert(0, str(ROOT / "examples" / folder))
    supervisor = importlib.import_module("travel_desk").build_graph
    fanout = importlib.import_module("trip_research").build_graph

    return [
        (
            "supervisor (subgraphs, tools, handoffs)",
            supervisor,
            {"messages": [("user", "Book a hotel in Lisbon for 2 nights.")]},
        ),
        ("fan-out (Send x3, fan-in)", fanout, {"request": "A weekend in Lisbon"}),
    ]


def _slow_models(delay_s: float) -> None:
    """Make every fake model call wait `delay_s`, like a real model would."""
    from blame_langgraph.fakes import RuleChatModel, ScriptedChatModel

    for cls in (ScriptedChatModel, RuleChatModel):
        original = cls._generate

        def _generate(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            time.sleep(delay_s)
            return _original(self, *args, **kwargs)

        cls._generate = _generate  # type: ignore[method-assign]


def _time(run: Callable[[Any], Any], build: Callable[[], Any], batch: int) -> float:
    """Seconds per run of `batch` runs in a row, each on a freshly built graph."""
    graphs = [build() for _ in range(batch)]
    gc.collect()
    start = time.perf_counter()
    for graph in graphs:
        run(graph)
    return (time.perf_counter() - start) / batch


PRICES = {"*": {"input": 2.5, "output": 10.0}}
"""Any prices: with them the tracer counts every model call's tokens (`call_usage`)."""


def measure(
    build: Callable[[], Any],
    state: dict[str, Any],
    samples: int,
    batch: int,
    options: dict[str, Any] | None = None,
) -> tuple[float, float, list[float]]:
    """Median seconds per run (plain graph.stream, trace_langgraph with `options`) and the
    overhead of each pair of samples taken one right after the other."""
    from blame_langgraph import trace_langgraph

    def plain(graph: Any) -> None:
        for _ in graph.stream(state):
            pass

    def traced(graph: Any) -> None:
        trace_langgraph(graph, state, **(options or {}))

    for _ in range(3):  # warm up imports, thread pools and caches
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


def median_interval(values: list[float]) -> tuple[float, float]:
    """A 95% confidence interval for the median: the order statistics n/2 -+ 0.98 sqrt(n)
    (the normal approximation of the binomial, fine from about 20 values on)."""
    ordered = sorted(values)
    n = len(ordered)
    k = max(0, math.floor(n / 2 - 0.98 * math.sqrt(n)))
    return ordered[k], ordered[min(n - 1, n - 1 - k)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--samples", type=int, default=300, help="timed samples per way (default 300)"
    )
    parser.add_argument(
        "--batch", type=int, default=2, help="runs per sample with instant models (default 2)"
    )
    parser.add_argument(
        "--model-ms", type=float, default=20.0, help="model latency of the second figure"
    )
    args = parser.parse_args(argv)
    examples = _examples()
    print(
        f"{'graph':<42} {'model ms':>8} {'stream ms':>10} {'traced ms':>10} {'overhead':>9}"
        f" {'95% interval':>16} {'middle half of pairs':>21}"
    )
    plan: list[tuple[str, float, int, int, dict[str, Any]]] = [
        ("", 0.0, args.samples, args.batch, {}),
        (" + prices", 0.0, args.samples, args.batch, {"prices": PRICES}),
        ("", args.model_ms, max(10, args.samples // 10), 1, {}),
    ]
    for suffix, model_ms, samples, batch, options in plan:
        if model_ms:
            _slow_models(model_ms / 1000)
        worst = 0.0
        for name, build, state in examples:
            plain, traced, ratios = measure(build, state, samples, batch, options)
            overhead = statistics.median(ratios)
            ci_low, ci_high = median_interval(ratios)
            low, _, high = statistics.quantiles(ratios, n=4)
            worst = max(worst, overhead)
            label = name.split(" (")[0] + suffix if suffix else name
            print(
                f"{label:<42} {model_ms:>8.0f} {plain * 1000:>10.2f} {traced * 1000:>10.2f} "
                f"{overhead:>8.1%} {ci_low:>6.1%} .. {ci_high:<6.1%} {low:>10.1%} .. {high:<7.1%}"
            )
        verdict = "within" if worst < TARGET else "ABOVE"
        print(
            f"worst overhead at {model_ms:.0f} ms per model call{suffix}: {worst:.1%} "
            f"({verdict} the {TARGET:.0%} target)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
