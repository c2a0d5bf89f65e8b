"""A scripted Researcher -> Writer pipeline whose checks all pass (exit code 0).

Deterministic and offline: the agents are plain functions recorded with TraceRecorder.
"""

from __future__ import annotations

from blame import Trace, TraceRecorder

FACTS = {
    "France": "Paris",
    "Japan": "Tokyo",
}


def lookup_capital(country: str) -> str:
    """The lookup_capital tool."""
    return FACTS[country]


def run(question: str) -> tuple[str, Trace]:
    """The entrypoint blame calls: f(input) -> (final_output, Trace)."""
    rec = TraceRecorder(test_name="run", input=question)
    country = "Japan" if "Japan" in question else "France"
    s_research = rec.step(
        "ResearchAgent",
        input=question,
        output=f"Look up the capital of {country}.",
        latency_ms=80.0,
        cost_usd=0.001,
    )
    capital = lookup_capital(country)
    s_tool = rec.tool(
        "lookup_capital",
        agent="ResearchAgent",
        args={"country": country},
        output=capital,
        parents=[s_research],
        latency_ms=15.0,
    )
    answer = f"The capital of {country} is {capital}."
    rec.step(
        "WriterAgent",
        input=f"{country}: {capital}",
        output=answer,
        parents=[s_tool],
        latency_ms=90.0,
        cost_usd=0.001,
    )
    return answer, rec.finalize(final_output=answer)
