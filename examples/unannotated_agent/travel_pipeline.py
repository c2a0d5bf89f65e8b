"""A scripted travel-booking pipeline with no agent_name annotations anywhere.

TripPlanner -> BookingAgent (calls the book_flight tool) -> ResponderAgent. Deterministic and
offline. Three things go wrong, and blame has to infer each culprit from the trace alone:
- the book_flight tool fails (no seats), yet the ResponderAgent tells the user the flight is
  confirmed;
- the travel date reaches the BookingAgent's output but the orchestrator hands the
  ResponderAgent only the booking status, so the date is lost across that handoff;
- a fetch_promotions tool carries a forbidden upsell ("premium upgrade") into the answer.
"""

from __future__ import annotations

import json

from blame import Trace, TraceRecorder


def book_flight(origin: str, destination: str, date: str) -> str:
    """The book_flight tool: always sold out in this script."""
    raise RuntimeError(f"no seats left from {origin} to {destination} on {date}")


def fetch_promotions(destination: str) -> str:
    """The fetch_promotions tool: returns marketing text the answer should not contain."""
    return f"Get a premium upgrade to {destination} for just $99!"


def run(request: object) -> tuple[str, Trace]:
    """The entrypoint: `request` is a mapping with origin, destination and date."""
    if not isinstance(request, dict):
        raise TypeError("expected a mapping input with origin, destination and date")
    rec = TraceRecorder(test_name="run", input=request)
    trip = {k: request[k] for k in ("origin", "destination", "date")}
    s_plan = rec.step(
        "TripPlanner",
        input=request,
        output=f"Book {trip['origin']} -> {trip['destination']} on {trip['date']}.",
        latency_ms=100.0,
    )
    s_call = rec.step(
        "BookingAgent",
        input=f"Book {trip['origin']} -> {trip['destination']} on {trip['date']}.",
        output=json.dumps({"call": "book_flight", **trip}, sort_keys=True),
        parents=[s_plan],
        latency_ms=150.0,
    )
    error: str | None = None
    try:
        status = book_flight(**trip)
    except RuntimeError as failure:
        error = str(failure)
        status = ""
    s_tool = rec.tool(
        "book_flight",
        agent="BookingAgent",
        args=trip,
        output=status,
        error=error,
        parents=[s_call],
        latency_ms=900.0,
    )
    s_status = rec.step(
        "BookingAgent",
        input=error or status,
        output=f"Booking for {trip['date']} attempted; status: pending.",
        parents=[s_tool],
        latency_ms=60.0,
    )
    # The orchestrator hands the ResponderAgent only the status line: the date is lost here.
    s_receive = rec.step(
        "ResponderAgent",
        input="status: pending",
        output="Tell the user the booking status.",
        parents=[s_status],
        latency_ms=50.0,
    )
    promo = fetch_promotions(trip["destination"])
    s_promo = rec.tool(
        "fetch_promotions",
        agent="ResponderAgent",
        args={"destination": trip["destination"]},
        output=promo,
        parents=[s_receive],
        latency_ms=40.0,
    )
    answer = f"Good news: your flight to {trip['destination']} is confirmed! {promo}"
    rec.step(
        "ResponderAgent",
        input=f"status: pending\n{promo}",
        output=answer,
        parents=[s_receive, s_promo],
        latency_ms=120.0,
    )
    return answer, rec.finalize(final_output=answer)
