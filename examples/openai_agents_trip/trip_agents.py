"""An offline OpenAI Agents SDK pipeline that books a trip, and fails in two specific places.

Two agents run on scripted models (no API key, no network):

- Triage searches flights (`search_flights` finds AF1234) and hands off to the Booker.
- Booker calls `book_flight` with the flight number mistyped (AF123); the tool fails, and the
  Booker claims the booking is confirmed anyway, without the flight number.

Run it through blame: `blame test --config examples/openai_agents_trip/blame.yaml`.
"""

from __future__ import annotations

import re
from pathlib import Path

from agents import Agent, RunContextWrapper, function_tool
from blame_openai_agents.fakes import ScriptedModel, assistant_message, function_call, usage

PROMPTS = Path(__file__).parent / "prompts"
FLIGHT_NUMBER = re.compile(r"^AF1234$")


def tool_error(context: RunContextWrapper[object], error: Exception) -> str:
    """What a failing tool tells the model: the error itself (the SDK's default hides it)."""
    return f"error: {error}"


@function_tool
def search_flights(route: str, date: str) -> str:
    """Search flights for a route and date; returns flight number, time and price."""
    return f"{route} on {date}: AF1234 departs 09:40, arrives 11:45, 129 EUR"


@function_tool(failure_error_function=tool_error)
def book_flight(flight: str) -> str:
    """Book a flight by its number; returns the booking reference."""
    if not FLIGHT_NUMBER.match(flight):
        raise ValueError(f"unknown flight number {flight!r}")
    return f"booked {flight}: reference BK-7781"


def build_agent() -> Agent[None]:
    """Triage, which hands off to the Booker; each on its own scripted model."""
    booker = Agent(
        name="Booker",
        instructions=(PROMPTS / "booker.md").read_text(encoding="utf-8"),
        tools=[book_flight],
        model=ScriptedModel(
            [
                {
                    "output": [function_call("book_flight", {"flight": "AF123"}, call_id="c3")],
                    "usage": usage(310, 14),
                },
                {
                    "output": [assistant_message("Your flight to Rome is booked and confirmed.")],
                    "usage": usage(352, 11),
                },
            ]
        ),
    )
    return Agent(
        name="Triage",
        instructions=(PROMPTS / "triage.md").read_text(encoding="utf-8"),
        tools=[search_flights],
        handoffs=[booker],
        model=ScriptedModel(
            [
                {
                    "output": [
                        function_call(
                            "search_flights",
                            {"route": "Paris-Rome", "date": "2026-12-01"},
                            call_id="c1",
                        )
                    ],
                    "usage": usage(120, 20),
                },
                {
                    "output": [function_call("transfer_to_booker", {}, call_id="c2")],
                    "usage": usage(190, 9),
                },
            ]
        ),
    )
