"""A LangGraph fan-out/fan-in pipeline: planner -> Send to one analyst per topic -> writer.

The planner writes a plan and a topic list; a conditional edge sends each topic to the
`analyst` node in parallel (`Send`), carrying only the topic and the city; the analysts'
findings are gathered by a reducer, and the writer (which reads only the findings) writes the
report. Every model is a `RuleChatModel`: its reply is computed from the messages it is given,
so the parallel analysts get the same answers in any order, offline.

Scenarios (the city in the request):
- lisbon: everything works;
- rome: the request has a budget, which the planner writes into its plan, but the Send
  payloads carry only topic and city, so the budget never reaches the analysts;
- oslo: the food analyst promises a "guaranteed" table, which ends up in the report;
- paris: the writer leaves the hotel finding out of the report.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from typing import Annotated, Any, TypedDict

from blame_langgraph.fakes import RuleChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Send

TOPICS = ("flights", "hotels", "food")
"""What the planner asks an analyst to research, one analyst per topic."""

FINDINGS = {
    "lisbon": {
        "flights": "TAP direct flights, 180 EUR return",
        "hotels": "Casa Azul in Alfama, 95 EUR per night",
        "food": "Time Out Market for lunch",
    },
    "rome": {
        "flights": "ITA direct flights, 210 EUR return",
        "hotels": "Hotel Forum near the Colosseum, 240 EUR per night",
        "food": "Roscioli for carbonara",
    },
    "oslo": {
        "flights": "Norwegian direct flights, 150 EUR return",
        "hotels": "The Thief on the fjord, 260 EUR per night",
        "food": "Maaemo, a table is guaranteed on arrival",
    },
    "paris": {
        "flights": "Air France direct flights, 160 EUR return",
        "hotels": "Hotel Lumiere in the Marais, 180 EUR per night",
        "food": "Le Comptoir for dinner",
    },
}
"""What each analyst finds, by city and topic."""


class TripState(TypedDict, total=False):
    """The pipeline's state."""

    request: str
    plan: str
    city: str
    findings: Annotated[list[str], operator.add]
    report: str


class AnalystTask(TypedDict):
    """What a Send hands one analyst."""

    topic: str
    city: str


class WriterInput(TypedDict):
    """The writer only reads the findings."""

    findings: list[str]


def _last_text(messages: Sequence[BaseMessage]) -> str:
    return str(messages[-1].content)


def _plan_reply(messages: Sequence[BaseMessage]) -> str:
    request = _last_text(messages)
    city = next((c for c in FINDINGS if c in request.lower()), "lisbon")
    budget = re.search(r"budget of (\d+ EUR)", request)
    limit = f" within a budget of {budget.group(1)}" if budget else ""
    return f"City: {city.title()}. Research {', '.join(TOPICS)}{limit}."


def _analyst_reply(messages: Sequence[BaseMessage]) -> str:
    asked = re.search(r"Topic: (\w+)\. City: (\w+)\.", _last_text(messages))
    if asked is None:
        return "I need a topic and a city."
    topic, city = asked.group(1), asked.group(2).lower()
    return f"{topic.title()}: {FINDINGS[city][topic]}."


def _writer_reply(messages: Sequence[BaseMessage]) -> str:
    findings = [line for line in _last_text(messages).splitlines() if line.strip()]
    if any("Lumiere" in line for line in findings):
        findings = [line for line in findings if not line.startswith("Hotels:")]
    return "Trip report\n" + "\n".join(f"- {line}" for line in findings)


def build_graph() -> CompiledStateGraph[Any, Any, Any, Any]:
    """A fresh compiled graph (the models keep no state, so it may also be reused)."""
    planner_model = RuleChatModel(reply=_plan_reply, model_name="fake-planner")
    analyst_model = RuleChatModel(reply=_analyst_reply, model_name="fake-analyst")
    writer_model = RuleChatModel(reply=_writer_reply, model_name="fake-writer")

    def planner(state: TripState) -> dict[str, Any]:
        plan = str(planner_model.invoke([HumanMessage(state["request"])]).content)
        city = plan.removeprefix("City: ").split(".", 1)[0]
        return {"plan": plan, "city": city}

    def fan_out(state: TripState) -> list[Send]:
        return [Send("analyst", AnalystTask(topic=t, city=state["city"])) for t in TOPICS]

    def analyst(state: AnalystTask) -> dict[str, Any]:
        prompt = [
            SystemMessage("You research one topic of a trip."),
            HumanMessage(f"Topic: {state['topic']}. City: {state['city']}."),
        ]
        return {"findings": [str(analyst_model.invoke(prompt).content)]}

    def writer(state: WriterInput) -> dict[str, Any]:
        findings = "\n".join(sorted(state["findings"]))
        return {"report": str(writer_model.invoke([HumanMessage(findings)]).content)}

    graph = StateGraph(TripState)
    graph.add_node("planner", planner)
    graph.add_node("analyst", analyst, input_schema=AnalystTask)
    graph.add_node("writer", writer, input_schema=WriterInput)
    graph.add_edge(START, "planner")
    graph.add_conditional_edges("planner", fan_out, ["analyst"])
    graph.add_edge("analyst", "writer")
    graph.add_edge("writer", END)
    return graph.compile()


if __name__ == "__main__":
    from blame_langgraph import trace_langgraph

    report, trace = trace_langgraph(
        build_graph(), {"request": "A weekend in Rome on a budget of 300 EUR"}, output_key="report"
    )
    for step in trace.steps:
        print(f"{step.index:>2} {step.kind.value:<5} {step.name:<10} <- {list(step.parents)}")
    print(report)
