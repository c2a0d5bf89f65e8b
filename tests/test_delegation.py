"""blame/engine/delegation.py: a step handed to a coworker without the tool it needed, while
another candidate had one, is the delegating agent's; without that evidence, the coworker's."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine.rules import switched_off
from blame.model import Trace
from tests.test_engine import blame, check

PRICER = {"price_catalog": "Look up the list price of a product SKU."}
EMAILER = {"email_customer": "Send a quote to the customer."}
MAILER = {"send_email": "Send an email message to a customer."}


def handed(
    *,
    copywriter: Mapping[str, str] | None = None,
    analyst: Mapping[str, str] | None = None,
    recorded: bool = True,
    called: str | None = None,
    kind: str = "agent",
    context: str = "",
) -> Trace:
    """A manager delegates a price lookup to the Copywriter (whose tool, `called`, may answer
    with 299.00); the Copywriter writes 299.00, which the manager repeats. `recorded`: the
    delegation's tool step records its candidates (`metadata.coworkers`); `context`: the
    background the manager passed with the task."""
    rec = TraceRecorder("t", input="Prepare a quote for SKU-7781.")
    ask = rec.step(
        "Manager",
        "Prepare a quote for SKU-7781.",
        "Delegate work to coworker: Copywriter",
        kind=kind,
    )
    fed = [ask]
    if called is not None:
        fed = [rec.tool(called, agent="Copywriter", args="SKU-7781", output="SKU-7781: 299.00 EUR")]
    said = rec.step(
        "Copywriter", "Find the list price of SKU-7781", "It costs 299.00 EUR.", parents=fed
    )
    coworkers: dict[str, Any] = {
        "Pricing Analyst": dict(analyst or {}),
        "Copywriter": dict(copywriter or {}),
    }
    metadata: dict[str, Any] = {"delegation_to": "Copywriter"}
    if recorded:
        metadata["coworkers"] = coworkers
    back = rec.tool(
        "Delegate work to coworker",
        agent="Manager",
        args=json.dumps(
            {
                "task": "Find the list price of SKU-7781",
                "context": context,
                "coworker": "Copywriter",
            }
        ),
        output="It costs 299.00 EUR.",
        parents=[ask, said],
        metadata=metadata,
    )
    rec.step("Manager", "It costs 299.00 EUR.", "Quote: 299.00 EUR.", parents=[ask, back])
    return rec.finalize()


CASES: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "another candidate had the fitting tool: the delegating step",
        lambda: handed(analyst=PRICER),
        ("Manager", 0),
        "step 0 (Manager) delegated the step to Copywriter, who had no tool for it, while "
        "Pricing Analyst had 'price_catalog'; step 1 (Copywriter) introduced '299.00'",
    ),
    (
        "the same when the trace records LLM calls",
        lambda: handed(analyst=PRICER, kind="llm"),
        ("Manager", 0),
        "while Pricing Analyst had 'price_catalog'",
    ),
    (
        "no candidate had a tool for it: the coworker's guess",
        lambda: handed(analyst=MAILER),
        ("Copywriter", 1),
        "first appeared in step 1 (Copywriter)",
    ),
    (
        "a tool that fits only the background passed with the task does not fit the step",
        lambda: handed(analyst=EMAILER, context="The customer asks for a quote."),
        ("Copywriter", 1),
        "first appeared in step 1 (Copywriter)",
    ),
    (
        "the coworker had a fitting tool itself: its own",
        lambda: handed(analyst=PRICER, copywriter=PRICER),
        ("Copywriter", 1),
        "first appeared in step 1 (Copywriter)",
    ),
    (
        "its tool gave the value: not made up",
        lambda: handed(analyst=PRICER, called="send_email"),
        ("Copywriter", 1),
        "first appeared in step 1 (tool send_email, called by Copywriter)",
    ),
    (
        "no candidates recorded (another framework, OTLP): the coworker's",
        lambda: handed(analyst=PRICER, recorded=False),
        ("Copywriter", 1),
        "first appeared in step 1 (Copywriter)",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "said"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_who_picked_a_coworker_without_the_needed_tool(
    build: Callable[[], Trace], expected: tuple[str, int], said: str
) -> None:
    suspects = blame(build(), check("contains", value="349.00"))

    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert said in suspects[0].reason


def test_switched_off_the_coworker_is_blamed() -> None:
    with switched_off("misdelegated"):
        suspects = blame(handed(analyst=PRICER), check("contains", value="349.00"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Copywriter", 1)
