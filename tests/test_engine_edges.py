"""Values made on an edge: routing code that built a step's input (metadata `edge_input`)."""

from __future__ import annotations

import pytest

from blame.engine.edges import holding
from blame.model import EDGE_INPUT, Trace
from blame.recorder import TraceRecorder
from blame.testing import make_check, run_check


def _fanout(payload: str, finding: str, *, marked: bool = True, plan: str = "") -> Trace:
    """Planner writes the budget; routing code builds each analyst's input (`payload`, the
    same for both); the first analyst repeats its budget, the second writes `finding`; the
    writer joins the findings."""
    rec = TraceRecorder("trip", input="Rome on a budget of 300 EUR")
    planner = rec.step(
        "Planner", input="Rome on a budget of 300 EUR", output=f"budget: 300 EUR\nplan: {plan}"
    )
    found = []
    for topic, wrote in (("flights", f"Flights within {payload[8:]}"), ("hotels", finding)):
        given = f"{payload}\ntopic: {topic}"
        meta = {EDGE_INPUT: given} if marked else {}
        found.append(
            rec.step("Analyst", input=given, output=wrote, parents=[planner], metadata=meta)
        )
    joined = f"Flights within {payload[8:]}\n{finding}"
    rec.step("Writer", input=joined, output=joined, parents=found)
    return rec.finalize()


GARBLED = _fanout("budget: 30 EUR", "Hotels within 30 EUR")
KEPT = _fanout("budget: 300 EUR", "Hotels within 30 EUR")
UNMARKED = _fanout("budget: 30 EUR", "Hotels within 30 EUR", marked=False)
PLANNED = _fanout("budget: 30 EUR", "Hotels within 30 EUR", plan="cap it at 30 EUR")
EVIDENCE = "built step 1 (Analyst)'s input with 'budget: 30 EUR', and step 0 (Planner)'s output"


@pytest.mark.parametrize(
    ("trace", "check", "value", "top", "said"),
    [
        # the edge made the wrong value: the handoff, with the state's and the payload's lines
        (GARBLED, "not_contains", "30 EUR", ("handoff", "Planner -> Analyst", 1), EVIDENCE),
        (GARBLED, "not_contains", "30 EUR", ("handoff", "Planner -> Analyst", 1), "'budget: 300"),
        (
            GARBLED,
            "contains",
            "300 EUR",
            ("handoff", "Planner -> Analyst", 2),
            "built 'budget: 30 EUR' where it read 'budget: 300 EUR'",
        ),
        (GARBLED, "regex", "within 300 EUR", ("handoff", "Planner -> Analyst", 1), EVIDENCE),
        # the edge passed the value on unchanged: the analyst that garbled it
        (KEPT, "not_contains", "30 EUR", ("agent", "Analyst", 2), "introduced '30 EUR'"),
        # no mark: nothing says code built the input, as before
        (UNMARKED, "not_contains", "30 EUR", ("agent", "Analyst", 1), "from outside"),
        # the value was in the state the edge read: the planner made it
        (PLANNED, "not_contains", "30 EUR", ("agent", "Planner", 0), "introduced '30 EUR'"),
    ],
    ids=["forbidden", "state-line", "lost", "never-produced", "kept", "unmarked", "in-state"],
)
def test_a_value_made_on_an_edge_blames_the_edge(
    trace: Trace, check: str, value: str, top: tuple[str, str, int], said: str
) -> None:
    found = run_check(make_check(check, value=value), trace).blame
    assert (found[0].kind, found[0].name, found[0].step_index) == top
    assert said in found[0].reason


def test_the_edge_is_blamed_once_for_all_the_steps_it_fed() -> None:
    found = run_check(make_check("not_contains", value="30 EUR"), GARBLED).blame
    assert [(s.kind, s.step_index) for s in found] == [("handoff", 1)]


@pytest.mark.parametrize(
    ("value", "text", "has"),
    [
        ("30", "budget: 30 EUR", True),
        ("30", "budget: 300 EUR", False),
        ("1000", "total: 1,000", True),
        ("EUR", "budget: 30 eur", True),
    ],
)
def test_holding_reads_numbers_as_numbers(value: str, text: str, has: bool) -> None:
    assert holding(value)(text) is has
