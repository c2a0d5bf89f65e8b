"""A delegation records whom its agent could pick, and a step handed to a coworker without
the tool it needed is blamed on the delegating agent (real CrewAI, scripted models)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.patches import suggest_patches
from blame.results import CheckResult, Evaluation

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
    roles: tuple[str, str] = ("Pricing Analyst", "Copywriter"),
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
        roles[0],
        [action("price_catalog", '{"sku": "SKU-7781"}'), final("It costs 349.00 EUR.")],
        tools=[_price_catalog()] if analyst_tools else [],
    )
    writer = make_agent(roles[1], [final("SKU-7781 is priced at 299.00 EUR.")])
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


def _blamed(trace: Trace) -> tuple[CheckResult, Check]:
    check = Check(type="contains", name="price", params={"value": "349.00"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    result = CheckResult("price", "contains", False, 0.0, 1.0, "missing", blame=suspects)
    return result, check


def test_a_step_handed_to_a_coworker_without_the_needed_tool_is_the_managers(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    trace = _quote_crew(make_agent, react, storage, "Copywriter")

    result, check = _blamed(trace)

    top, second = result.blame[:2]
    assert (top.agent, top.step_index) == ("Crew Manager", 0)
    assert "delegated the step to Copywriter, who had no tool for it, while Pricing " in (
        top.reason
    )
    assert "Analyst had 'price_catalog'" in top.reason
    assert (second.agent, second.step_index) == ("Copywriter", 1)
    (patch,) = suggest_patches([(check, result)], trace)
    assert patch.target == "Crew Manager"
    assert "goes to Pricing Analyst, not to Copywriter" in patch.text


@pytest.mark.parametrize(
    ("roles", "coworker"),
    [
        # roles as a crew's agents.yaml gives them (folded scalars end in a newline)
        (("Pricing Analyst\n", "Copywriter\n"), "Copywriter"),
        (("Pricing  Analyst", " Copywriter "), "copywriter"),
        # the coworker as models write it: CrewAI drops quotes and case, folds whitespace
        (("Pricing Analyst", "Copywriter"), '\\"Copywriter\\"'),
        (("Pricing Analyst", "Copywriter"), "COPYWRITER\\n"),
    ],
)
def test_roles_and_coworkers_are_matched_as_crewai_matches_them(
    make_agent: Callable[..., Any],
    react: tuple[Action, Final],
    storage: Path,
    roles: tuple[str, str],
    coworker: str,
) -> None:
    trace = _quote_crew(make_agent, react, storage, coworker, roles=roles)

    assert {s.agent for s in trace.steps} == {"Crew Manager", "Copywriter"}
    delegation = next(s for s in trace.steps if "delegation_to" in s.metadata)
    assert sorted(delegation.metadata["coworkers"]) == ["Copywriter", "Pricing Analyst"]
    result, check = _blamed(trace)
    assert (result.blame[0].agent, result.blame[0].step_index) == ("Crew Manager", 0)
    (patch,) = suggest_patches([(check, result)], trace)
    assert "goes to Pricing Analyst, not to Copywriter" in patch.text


def test_no_coworker_with_a_fitting_tool_leaves_the_guess_its_authors(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    trace = _quote_crew(make_agent, react, storage, "Copywriter", analyst_tools=False)

    result, _ = _blamed(trace)

    assert (result.blame[0].agent, result.blame[0].step_index) == ("Copywriter", 1)
