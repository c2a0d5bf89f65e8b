"""A delegation records whom its agent could pick, with their tools (real CrewAI, scripted
models)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from blame.model import Trace

Action = Callable[..., str]
Final = Callable[[str], str]
_TASK = '{"task": "Find the list price of SKU-7781", "context": "A quote.", "coworker": "%s"}'


def _price_catalog() -> Any:
    from crewai.tools import tool

    @tool("price_catalog")
    def price_catalog(sku: str) -> str:
        """Look up the list price of a product SKU."""
        return f"{sku}: list price 349.00 EUR"

    return price_catalog


def _quote_crew(
    make_agent: Callable[..., Any],
    react: tuple[Action, Final],
    storage: Path,
    coworker: str,
    analyst_tools: bool = True,
) -> Trace:
    """A manager hands the price lookup to `coworker`; the Copywriter, without tools, guesses
    299.00; the Pricing Analyst looks it up (349.00) when it has its price tool."""
    from blame_crewai import trace_crew
    from blame_crewai.fakes import ScriptedLLM
    from crewai import Crew, Process, Task

    action, final = react
    manager = ScriptedLLM(
        model="manager",
        responses=[
            action("Delegate work to coworker", _TASK % coworker),
            final("Quote for SKU-7781: 299.00 EUR."),
        ],
    )
    analyst = make_agent(
        "Pricing Analyst",
        [action("price_catalog", '{"sku": "SKU-7781"}'), final("It costs 349.00 EUR.")],
        tools=[_price_catalog()] if analyst_tools else [],
    )
    writer = make_agent("Copywriter", [final("SKU-7781 is priced at 299.00 EUR.")])
    task = Task(description="Prepare a price quote for {input}.", expected_output="A quote.")
    crew = Crew(
        agents=[analyst, writer],
        tasks=[task],
        process=Process.hierarchical,
        manager_llm=manager,
        verbose=False,
    )
    _, trace = trace_crew(crew, "SKU-7781", storage_dir=storage)
    return trace


def test_a_delegation_records_each_coworker_it_could_pick_with_its_tools(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    trace = _quote_crew(make_agent, react, storage, "Copywriter")

    delegation = next(s for s in trace.steps if "delegation_to" in s.metadata)
    assert delegation.agent == "Crew Manager"
    assert delegation.metadata["coworkers"] == {
        "Pricing Analyst": {"price_catalog": "Look up the list price of a product SKU."},
        "Copywriter": {},
    }
    assert all("coworkers" not in s.metadata for s in trace.steps if s is not delegation)
