"""blame_crewai.flows: a Flow method's own code, run for real between scripted crews."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blame.model import Check, Trace
from blame.runner import evaluate_trace

pytestmark = pytest.mark.crewai

Final = Callable[[str], str]
HANDS_ON = {
    "garbles": lambda raw: raw.split("is ")[1].split(".")[0] + " EUR",
    "cuts the price out": lambda raw: raw.split("is ")[1].rstrip("."),
    "passes the answer": lambda raw: raw,
}
"""What the Flow's code makes of the Pricer's answer (`The fare is X EUR.`) for the writer."""


def _crew(agent: Any, description: str) -> Any:
    from crewai import Crew, Process, Task

    task = Task(description=description, expected_output="An answer.", agent=agent)
    return Crew(agents=[agent], tasks=[task], process=Process.sequential, verbose=False)


def _fare_tool() -> Any:
    from crewai.tools import tool

    @tool("fare")
    def fare(route: str) -> str:
        """The fare of a route."""
        return f"{route}: 129.50 EUR"

    return fare


def _quote_flow(
    make_agent: Callable[..., Any],
    react: tuple[Callable[..., str], Final],
    pricer_says: str,
    how: str,
) -> Any:
    """A Flow: a Pricer's crew finds the fare (its tool says 129.50 EUR), the code `how` hands
    it on, a Quote Writer's crew writes the quote from it."""
    from crewai.flow.flow import Flow, listen, start
    from pydantic import BaseModel

    action, final = react
    script = [action("fare", json.dumps({"route": "Paris-Rome"})), final(pricer_says)]
    pricer = make_agent("Pricer", script, tools=[_fare_tool()])

    class Fare(BaseModel):
        price: str = ""

    class QuoteFlow(Flow[Fare]):
        @start()
        def research(self) -> str:
            raw = str(_crew(pricer, "Find the fare of Paris-Rome.").kickoff().raw)
            self.state.price = HANDS_ON[how](raw)
            return self.state.price

        @listen(research)
        def quote(self, price: str) -> str:
            writer = make_agent("Quote Writer", [final(f"Quote: fare {price}, no fees.")])
            return str(_crew(writer, f"Write a quote for a fare of {price}.").kickoff().raw)

    return QuoteFlow()


def _trace(flow: Any, storage: Path) -> Trace:
    from blame_crewai import trace_crew

    return trace_crew(flow, {}, test_name="t", storage_dir=storage)[1]


def _blame(trace: Trace, value: str) -> tuple[tuple[str, int | None], list[tuple[str, bool]]]:
    """(name, step) of the top suspect of a failed `contains` check of `value`, and the
    (target, is code) of its patches."""
    check = Check(type="contains", name="contains", params={"value": value})
    case = evaluate_trace(trace, [check], threshold=1.0, name="t")
    top = case.checks[0].blame[0]
    return (top.name, top.step_index), [(p.target, p.code) for p in case.patches]


def test_a_flow_method_whose_code_garbled_the_value_is_a_step_and_the_culprit(
    make_agent: Callable[..., Any], react: tuple[Callable[..., str], Final], storage: Path
) -> None:
    flow = _quote_flow(make_agent, react, "The fare is 129.50 EUR.", "garbles")

    trace = _trace(flow, storage)

    assert [(s.name, s.parents) for s in trace.steps] == [
        ("Pricer", ()),
        ("fare", ("s0",)),
        ("Pricer", ("s0", "s1")),
        ("flow method research", ("s2",)),
        ("Quote Writer", ("s3",)),
    ]
    method = trace.steps[3]
    assert (method.kind.value, method.agent, method.output) == ("agent", method.name, "129 EUR")
    assert "The fare is 129.50 EUR." in method.input
    assert method.metadata == {"flow_method": "research", "by_code": "flow method research"}
    # the Flow's code dropped the cents: its code changes, not the Quote Writer's prompt
    assert _blame(trace, "129.50 EUR") == (
        ("flow method research", 3),
        [("flow method research", True)],
    )


@pytest.mark.parametrize(
    ("how", "method_step"), [("cuts the price out", True), ("passes the answer", False)]
)
def test_a_value_the_flow_hands_on_unchanged_is_still_the_garbling_agents(
    make_agent: Callable[..., Any],
    react: tuple[Callable[..., str], Final],
    storage: Path,
    how: str,
    method_step: bool,
) -> None:
    # The Pricer misread its tool's 129.50 EUR; the code hands its answer on as it was, or
    # the price cut out of it: the Pricer is the culprit, its prompt the patch's.
    flow = _quote_flow(make_agent, react, "The fare is 12.95 EUR.", how)

    trace = _trace(flow, storage)

    names = [s.name for s in trace.steps]
    assert ("flow method research" in names) is method_step
    assert trace.steps[-1].parents == (f"s{len(names) - 2}",)  # fed by what it was handed
    assert _blame(trace, "129.50 EUR") == (("Pricer", 2), [("Pricer", False)])


def test_methods_returning_nothing_a_route_or_a_constant_are_no_steps(
    make_agent: Callable[..., Any], react: tuple[Callable[..., str], Final], storage: Path
) -> None:
    from crewai.flow.flow import Flow, listen, router, start

    _, final = react
    pricer = make_agent("Pricer", [final("The fare is 129.50 EUR.")])
    writer = make_agent("Quote Writer", [final("Quote: fare 129.50 EUR.")])

    class Routed(Flow):  # type: ignore[type-arg]
        @start()
        def begin(self) -> str:
            return "Paris-Rome"  # a constant: no step wrote it

        @router(begin)
        def price(self) -> str:
            self.state["fare"] = str(_crew(pricer, "Find the fare.").kickoff().raw)
            return "priced"  # a route, not data

        @listen("priced")
        def note(self) -> None:
            self.state["noted"] = True

        @listen(note)
        def quote(self) -> str:
            return str(_crew(writer, f"Quote from: {self.state['fare']}").kickoff().raw)

    trace = _trace(Routed(), storage)

    assert [(s.name, s.parents) for s in trace.steps] == [("Pricer", ()), ("Quote Writer", ("s0",))]


@pytest.mark.parametrize("delays", [(0.4, 0.0), (0.0, 0.4)])
def test_methods_run_at_once_give_their_steps_in_launch_order_whichever_finishes_first(
    make_agent: Callable[..., Any],
    react: tuple[Callable[..., str], Final],
    storage: Path,
    delays: tuple[float, float],
) -> None:
    # Two listeners of one method run side by side, each a crew then code that keeps the
    # figure: their steps go listener by listener, and the writer reads both methods' results.
    import time

    from crewai.flow.flow import Flow, and_, listen, start

    _, final = react
    analysts = {
        company: make_agent(f"{company} Analyst", [final(f"The revenue of {company} is 12.5 M.")])
        for company in ("ACME", "GLOBEX")
    }
    writer = make_agent("Writer", [final("ACME 12.5 M, GLOBEX 12.5 M")])

    def research(company: str, delay: float) -> str:
        raw = str(_crew(analysts[company], f"The revenue of {company}").kickoff().raw)
        time.sleep(delay)
        return f"{company}: {raw.split('is ')[1].rstrip('.')}"

    class Revenues(Flow):  # type: ignore[type-arg]
        @start()
        def begin(self) -> str:
            return "go"

        @listen(begin)
        def acme(self) -> str:
            return research("ACME", delays[0])

        @listen(begin)
        def globex(self) -> str:
            return research("GLOBEX", delays[1])

        @listen(and_(acme, globex))
        def report(self) -> str:
            return str(_crew(writer, "Sum up: ACME: 12.5 M | GLOBEX: 12.5 M").kickoff().raw)

    trace = _trace(Revenues(), storage)

    assert [(s.name, s.parents, s.output) for s in trace.steps] == [
        ("ACME Analyst", (), "The revenue of ACME is 12.5 M."),
        ("flow method acme", ("s0",), "ACME: 12.5 M"),
        ("GLOBEX Analyst", (), "The revenue of GLOBEX is 12.5 M."),
        ("flow method globex", ("s2",), "GLOBEX: 12.5 M"),
        ("Writer", ("s1", "s3"), "ACME 12.5 M, GLOBEX 12.5 M"),
    ]


def test_a_method_that_only_writes_the_state_is_a_step_of_what_it_wrote(
    make_agent: Callable[..., Any], react: tuple[Callable[..., str], Final], storage: Path
) -> None:
    # The method returns None and writes the garbled fare into the state; a router reads it
    # and the Quote Writer's crew quotes it: the code dropped the cents, not the writer.
    from crewai.flow.flow import Flow, listen, router, start
    from pydantic import BaseModel

    _, final = react
    pricer = make_agent("Pricer", [final("The fare is 187.45 EUR.")])
    writer = make_agent("Quote Writer", [final("Quote: fare 187.00 EUR, no fees.")])

    class Fare(BaseModel):
        fare: str = ""
        checked: bool = False

    class StateFlow(Flow[Fare]):
        @start()
        def research(self) -> str:
            return str(_crew(pricer, "Find the fare of Paris-Rome.").kickoff().raw)

        @listen(research)
        def normalise(self, answer: str) -> None:
            self.state.fare = f"{int(float(answer.split('is ')[1].split(' ')[0]))}.00 EUR"
            self.state.checked = True  # a flag: no data flow

        @router(normalise)
        def pick(self) -> str:
            return "quote"

        @listen("quote")
        def write_quote(self) -> str:
            prompt = f"Write a quote for a fare of {self.state.fare}."
            return str(_crew(writer, prompt).kickoff().raw)

    trace = _trace(StateFlow(), storage)

    assert [(s.name, s.parents, s.output) for s in trace.steps] == [
        ("Pricer", (), "The fare is 187.45 EUR."),
        ("flow method normalise", ("s0",), "state.fare = 187.00 EUR"),
        ("Quote Writer", ("s1",), "Quote: fare 187.00 EUR, no fees."),
    ]
    assert _blame(trace, "187.45 EUR") == (
        ("flow method normalise", 1),
        [("flow method normalise", True)],
    )
