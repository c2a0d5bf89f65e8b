"""Overhead of blame's OpenAI Agents SDK, PydanticAI, smolagents and AG2 adapters over plain runs.

Runs each bundled example many times both ways, interleaved so machine noise hits both alike,
and prints the median wall time per run and the overhead of the adapter's `atrace_agent` over
the framework's own run of the same freshly built agents:

- OpenAI Agents SDK (`examples/openai_agents_trip`: Triage -> Booker by handoff, two tool calls,
  four model calls): `Runner.run` with the same run configuration (the SDK's tracing is on both
  ways, so blame's cost is its processor turning spans into steps). The SDK's default processor,
  which queues traces for OpenAI's backend, is removed first: blame's runs skip it, so leaving
  it would charge the plain runs for an upload blame never makes;
- PydanticAI (`examples/pydantic_ai_support`: Support delegating to Billing inside a tool, three
  tool calls, five model calls): `agent.run` without instrumentation, PydanticAI's default (so
  blame's cost is the instrumentation it turns on and its span processor);
- smolagents (`examples/smolagents_research`: Editor, a CodeAgent, delegating from its code to
  its managed Researcher, a ToolCallingAgent; two tool calls, five model calls): `agent.run`
  (smolagents' console output off both ways, as the example sets it), so blame's cost is its
  wrappers and turning calls into steps. Once blame has traced a run, the class methods it wraps
  (`MultiStepAgent.run`, `Tool.__call__`...) stay wrapped and pass straight through outside a
  traced run, so the plain figure includes those pass-throughs;
- AG2 (`examples/ag2_groupchat`: a group chat of four agents, two function calls, five model
  calls, eight messages): `initiate_chat` with AG2's output discarded (blame discards it too),
  so blame's cost is its hooks, its event stream and turning messages into steps.

The figure is the median over pairs of samples taken one right after the other, with a 95%
confidence interval for that median and the middle half of the pairs' figures. Building the
agents is outside the timed region. Target: under 10% at a fast real model's latency.

    python bench/adapter_overhead.py [--samples N] [--batch K] [--model-ms MS] [--only NAME]

Two figures per framework: with the scripted models answering instantly (the worst case: the
framework does almost nothing, so span handling is all there is to measure), and with every
model call waiting `--model-ms` (default 20 ms, a fast real model), which is what a user sees.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.10
"""Overhead the adapters must stay under at a real model's latency."""


@dataclass(frozen=True, slots=True)
class Framework:
    """One framework's example, run plainly and traced."""

    name: str
    """Shown in the table."""
    build: Callable[[], Any]
    """Builds fresh agents for one run."""
    plain: Callable[[Any], Awaitable[Any]]
    """The framework's own run."""
    traced: Callable[[Any], Awaitable[Any]]
    """The same run under blame's adapter."""
    slow: Callable[[float], None]
    """Makes every model call wait that many seconds."""


def _openai_agents() -> Framework:
    from agents import RunConfig, Runner
    from agents.tracing import set_trace_processors
    from blame_openai_agents import atrace_agent
    from blame_openai_agents.fakes import ScriptedModel

    set_trace_processors([])  # no upload either way; blame adds its processor when it first runs

    sys.path.insert(0, str(ROOT / "examples" / "openai_agents_trip"))
    build = importlib.import_module("trip_agents").build_agent
    prompt = "Paris to Rome on 2026-12-01, window seat"
    config = RunConfig(workflow_name="blame: t", trace_include_sensitive_data=True)

    async def plain(agent: Any) -> Any:
        return await Runner.run(agent, prompt, run_config=config)

    async def traced(agent: Any) -> Any:
        return await atrace_agent(agent, prompt, test_name="t")

    def slow(delay_s: float) -> None:
        original = ScriptedModel.get_response

        async def get_response(self: Any, *args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(delay_s)
            return await original(self, *args, **kwargs)

        ScriptedModel.get_response = get_response  # type: ignore[method-assign]

    return Framework("OpenAI Agents SDK", build, plain, traced, slow)


def _pydantic_ai() -> Framework:
    from blame_pydantic_ai import atrace_agent
    from pydantic_ai.models.function import FunctionModel

    sys.path.insert(0, str(ROOT / "examples" / "pydantic_ai_support"))
    build = importlib.import_module("support_agents").build_agent
    prompt = "Please refund my order 5521."

    async def plain(agent: Any) -> Any:
        return await agent.run(prompt)

    async def traced(agent: Any) -> Any:
        return await atrace_agent(agent, prompt, test_name="t")

    def slow(delay_s: float) -> None:
        original = FunctionModel.request

        async def request(self: Any, *args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(delay_s)
            return await original(self, *args, **kwargs)

        FunctionModel.request = request  # type: ignore[method-assign]

    return Framework("PydanticAI", build, plain, traced, slow)


def _ag2() -> Framework:
    from autogen.io.base import IOStream
    from blame_ag2 import trace_group_chat
    from blame_ag2.fakes import ScriptedClient

    sys.path.insert(0, str(ROOT / "examples" / "ag2_groupchat"))
    build = importlib.import_module("refund_chat").build_chat
    prompt = "Please refund my order 5521 and tell me the amount."

    class Discard:
        """AG2's output stream, dropped: no console in either way."""

        def print(self, *objects: Any, **kwargs: Any) -> None:
            """Nothing shown."""

        def send(self, message: Any) -> None:
            """Nothing shown."""

        def input(self, prompt: str = "", *, password: bool = False) -> str:
            """No human turns in the example."""
            return ""

    async def plain(manager: Any) -> Any:
        with IOStream.set_default(Discard()):
            user = manager.groupchat.agents[0]
            return user.initiate_chat(manager, message=prompt, clear_history=True, silent=True)

    async def traced(manager: Any) -> Any:
        return trace_group_chat(manager, prompt, test_name="t")

    def slow(delay_s: float) -> None:
        original = ScriptedClient.create

        def create(self: Any, *args: Any, **kwargs: Any) -> Any:
            time.sleep(delay_s)
            return original(self, *args, **kwargs)

        ScriptedClient.create = create  # type: ignore[method-assign]

    return Framework("AG2", build, plain, traced, slow)


def _smolagents() -> Framework:
    from blame_smolagents import trace_agent

    sys.path.insert(0, str(ROOT / "examples" / "smolagents_research"))
    build_team = importlib.import_module("research_team").build_team
    prompt = "Write a brief on the height of Mount Everest and send it."
    delay = [0.0]

    async def plain(agent: Any) -> Any:
        return agent.run(prompt)

    async def traced(agent: Any) -> Any:
        return trace_agent(agent, prompt, test_name="t")

    def slow(delay_s: float) -> None:
        delay[0] = delay_s  # the example's scripted models sleep that long per call

    return Framework("smolagents", lambda: build_team(delay[0]), plain, traced, slow)


FRAMEWORKS = {
    "ag2": _ag2,
    "openai-agents": _openai_agents,
    "pydantic-ai": _pydantic_ai,
    "smolagents": _smolagents,
}


def _time(run: Callable[[Any], Awaitable[Any]], build: Callable[[], Any], batch: int) -> float:
    """Seconds per run of `batch` runs in a row, each on freshly built agents."""
    agents = [build() for _ in range(batch)]
    gc.collect()
    start = perf_counter()
    for agent in agents:
        asyncio.run(run(agent))
    return (perf_counter() - start) / batch


def measure(framework: Framework, samples: int, batch: int) -> tuple[float, float, list[float]]:
    """Median seconds per run (plain, traced) and the overhead of each pair of samples."""
    for _ in range(3):  # warm up imports and caches
        _time(framework.plain, framework.build, 1)
        _time(framework.traced, framework.build, 1)
    plain_times: list[float] = []
    traced_times: list[float] = []
    for index in range(samples):  # alternate which goes first, so neither gets the warmer start
        ways = [(framework.plain, plain_times), (framework.traced, traced_times)]
        for run, times in ways[:: -1 if index % 2 else 1]:
            times.append(_time(run, framework.build, batch))
    ratios = [traced / plain - 1 for plain, traced in zip(plain_times, traced_times, strict=True)]
    return statistics.median(plain_times), statistics.median(traced_times), ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="timed samples per way")
    parser.add_argument("--batch", type=int, default=2, help="runs per sample, instant models")
    parser.add_argument("--model-ms", type=float, default=20.0, help="model latency, 2nd figure")
    parser.add_argument("--only", choices=sorted(FRAMEWORKS), help="one framework only")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "bench"))
    median_interval = importlib.import_module("langgraph_overhead").median_interval
    print(
        f"{'framework':<20} {'model ms':>8} {'plain ms':>9} {'traced ms':>10} {'overhead':>9}"
        f" {'95% interval':>16} {'middle half of pairs':>21}"
    )
    worst = 0.0
    for key in [args.only] if args.only else sorted(FRAMEWORKS):
        framework = FRAMEWORKS[key]()
        for model_ms, samples, batch in (
            (0.0, args.samples, args.batch),
            (args.model_ms, max(10, args.samples // 10), 1),
        ):
            if model_ms:
                framework.slow(model_ms / 1000)
            plain, traced, ratios = measure(framework, samples, batch)
            overhead = statistics.median(ratios)
            ci_low, ci_high = median_interval(ratios)
            low, _, high = statistics.quantiles(ratios, n=4)
            if model_ms:
                worst = max(worst, overhead)
            print(
                f"{framework.name:<20} {model_ms:>8.0f} {plain * 1000:>9.2f} "
                f"{traced * 1000:>10.2f} {overhead:>8.1%} {ci_low:>6.1%} .. {ci_high:<6.1%} "
                f"{low:>10.1%} .. {high:<7.1%}"
            )
    verdict = "within" if worst < TARGET else "ABOVE"
    print(
        f"worst overhead at {args.model_ms:.0f} ms per model call: {worst:.1%} "
        f"({verdict} the {TARGET:.0%} target)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
