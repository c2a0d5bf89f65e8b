"""Tool faults on real CrewAI tools: text tool calls (`CrewStructuredTool.invoke`, `ainvoke`)
and native function calling (`BaseTool.run`) meet the fault; other tools, and calls outside a
faulted run, run as written. The whole crew under a fault is the example's test
(`test_crewai_adapter`)."""

from __future__ import annotations

import asyncio

import pytest
from blame_crewai.faults import install
from crewai.tools import BaseTool

from blame.faults import Fault, InjectedToolError, activated


class Lookup(BaseTool):
    """A tool whose output the faults cut or replace."""

    name: str = "lookup"
    description: str = "Look an order up."

    def _run(self, order: str) -> str:
        return f"order {order}: refund approved"


class Other(BaseTool):
    """A tool no fault names."""

    name: str = "other"
    description: str = "Something else."

    def _run(self, order: str) -> str:
        return "untouched"


def test_every_way_crewai_calls_a_tool_meets_the_fault() -> None:
    install()
    install()  # once per process, however often asked
    structured = Lookup().to_structured_tool()
    with activated((Fault("lookup", "truncated", keep=5),)) as plan:
        assert structured.invoke({"order": "A-17"}) == "order"
        assert asyncio.run(structured.ainvoke({"order": "A-17"})) == "order"
        assert Lookup().run(order="A-17") == "order"
        assert Other().to_structured_tool().invoke({"order": "A-17"}) == "untouched"
    assert plan is not None and plan.fired == {"lookup": [1, 2, 3]}
    assert structured.invoke({"order": "A-17"}) == "order A-17: refund approved"


@pytest.mark.parametrize("calls", ["first", "every"])
def test_a_raising_fault_raises_on_the_calls_it_hits(calls: str) -> None:
    install()
    structured = Lookup().to_structured_tool()
    with activated((Fault("lookup", "error", calls=calls, message="503"),)):
        with pytest.raises(InjectedToolError, match="503"):
            structured.invoke({"order": "A-17"})
        if calls == "first":
            assert structured.invoke({"order": "A-17"}) == "order A-17: refund approved"
        else:
            with pytest.raises(InjectedToolError):
                structured.invoke({"order": "A-17"})
