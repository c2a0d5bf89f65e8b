"""An offline CrewAI crew that books a trip, and fails in three specific places.

Three agents run on scripted LLMs (no API key, no network):

- Researcher searches flights; `search_flights` times out once, the retry finds AF1234.
- Travel Agent delegates the booking to the Booker ("Delegate work to coworker") but leaves
  the flight number out of the delegation.
- Booker calls `book_flight` without a flight number; the tool fails, and the Booker
  claims the booking is confirmed anyway.

Run it through blame: `blame test --config examples/crewai_trip/blame.yaml`.
"""

from __future__ import annotations

import re
from pathlib import Path

from blame_crewai.fakes import ScriptedLLM
from crewai import Agent, Crew, Process, Task
from crewai.tools import BaseTool
from crewai.tools.tool_failure import ToolFailure
from pydantic import BaseModel, Field, PrivateAttr

PROMPTS = Path(__file__).parent / "prompts"
FLIGHT_NUMBER = re.compile(r"^[A-Z]{2}\d{3,4}$")


class SearchArgs(BaseModel):
    """Arguments of search_flights."""

    route: str = Field(description="Origin-destination, e.g. Paris-Rome")
    date: str = Field(default="", description="Travel date, YYYY-MM-DD")


class SearchFlights(BaseTool):
    """Flight search that times out on its first call (a flaky upstream service)."""

    name: str = "search_flights"
    description: str = "Search flights for a route and date; returns flight number, time, price."
    args_schema: type[BaseModel] = SearchArgs
    _calls: int = PrivateAttr(default=0)

    def _run(self, route: str, date: str = "") -> str | ToolFailure:
        self._calls += 1
        if self._calls == 1:
            return ToolFailure(message="flight search timed out", code="timeout", retryable=True)
        return f"{route} on {date}: AF1234 departs 09:40, arrives 11:45, 129 EUR"


class BookArgs(BaseModel):
    """Arguments of book_flight."""

    flight: str = Field(description="Flight number, e.g. AF1234")


class BookFlight(BaseTool):
    """Books a flight by its number."""

    name: str = "book_flight"
    description: str = "Book a seat on a flight, given its flight number."
    args_schema: type[BaseModel] = BookArgs

    def _run(self, flight: str) -> str | ToolFailure:
        if not FLIGHT_NUMBER.match(flight):
            return ToolFailure(message=f"unknown flight number {flight!r}", code="unknown_flight")
        return f"Booked {flight}; confirmation BK-{flight[-4:]}"


RESEARCHER = [
    "Thought: I need flights from Paris to Rome.\nAction: search_flights\n"
    'Action Input: {"route": "Paris-Rome"}',
    "Thought: The search timed out; retry with the travel date.\nAction: search_flights\n"
    'Action Input: {"route": "Paris-Rome", "date": "2026-12-01"}',
    "Thought: I found the best flight.\n"
    "Final Answer: Best option: AF1234 departs Paris 09:40, arrives Rome 11:45, 129 EUR.",
]
TRAVEL_AGENT = [
    "Thought: The researcher found AF1234 at 09:40 for 129 EUR; the Booker should book it.\n"
    "Action: Delegate work to coworker\n"
    'Action Input: {"task": "Book the 09:40 flight from Paris to Rome", '
    '"context": "The customer flies Paris to Rome on 2026-12-01 and wants a window seat.", '
    '"coworker": "Booker"}',
    "Thought: The Booker has booked it.\n"
    "Final Answer: Your trip is confirmed: Paris to Rome on 2026-12-01, departing 09:40, "
    "129 EUR.",
]
BOOKER = [
    "Thought: I will book the 09:40 flight.\nAction: book_flight\n"
    'Action Input: {"flight": "09:40 Paris-Rome"}',
    "Thought: Done.\nFinal Answer: The booking is confirmed for the 09:40 flight to Rome.",
]


def _agent(role: str, prompt: str, script: list[str], **extra: object) -> Agent:
    return Agent(
        role=role,
        goal=f"Do the {role}'s part of booking the customer's trip.",
        backstory=(PROMPTS / prompt).read_text(encoding="utf-8"),
        llm=ScriptedLLM(model=f"scripted-{prompt.removesuffix('.md')}", responses=script),
        verbose=False,
        **extra,
    )


def build_crew() -> Crew:
    """A fresh crew (fresh tools and scripts) for every run."""
    researcher = _agent(
        "Researcher", "researcher.md", RESEARCHER, tools=[SearchFlights()], allow_delegation=False
    )
    travel_agent = _agent("Travel Agent", "travel_agent.md", TRAVEL_AGENT, allow_delegation=True)
    booker = _agent("Booker", "booker.md", BOOKER, tools=[BookFlight()], allow_delegation=False)
    research = Task(
        description="Find the best flight for this request: {input}",
        expected_output="The best flight with its number, times and price.",
        agent=researcher,
    )
    booking = Task(
        description="Have the researcher's best flight booked and confirm the trip.",
        expected_output="A confirmation for the customer with the flight number.",
        agent=travel_agent,
        context=[research],
    )
    return Crew(
        agents=[researcher, travel_agent, booker],
        tasks=[research, booking],
        process=Process.sequential,
        verbose=False,
    )
