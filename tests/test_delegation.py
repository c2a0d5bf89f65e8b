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
from blame.patches import suggest_patches
from blame.results import CheckResult
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


def lookup_handed(
    *,
    analyst_tools: Sequence[str] = ("calculator",),
    researcher_tools: Sequence[str] = ("web_search",),
    task: str = "Find the population of Ljubljana.",
    checked: bool = False,
    context: str = "",
    handing: str | None = None,
    computed_first: bool = False,
) -> Trace:
    """A manager's LLM call hands the Analyst (declared tools `analyst_tools`) `task`; the
    Analyst's one call answers 259,504 from memory; the Researcher (declared
    `researcher_tools`) looked up the area; the manager answers 259,504. `checked`: the
    Analyst's calculator gives 259504 back later, checking a sum; `context`: below the task
    in the Analyst's turn; `handing`: the manager call's output, when not the delegation
    (a crew's order hands the task on); `computed_first`: the Analyst's calculator gave
    259,504 before its call."""
    rec = TraceRecorder("t", input="How many people live in Ljubljana?")
    ask = rec.step(
        "Manager",
        "How many people live in Ljubljana?",
        f"Delegate: {task}" if handing is None else handing,
        kind="llm",
    )
    fed = [ask]
    if computed_first:
        fed.append(
            rec.tool("calculator", agent="Analyst", args="x", output="259,504", parents=[ask])
        )
    said = rec.step(
        "Analyst", task, "The population of Ljubljana is 259,504.", parents=fed, kind="llm"
    )
    turn = rec.step(
        "Analyst",
        f"{task}\n\nThis is the expected criteria for your final answer.{context}",
        "The population of Ljubljana is 259,504.",
        parents=[ask, said],
        metadata={"tools": list(analyst_tools)},
    )
    last = turn
    if checked:
        last = rec.tool("calculator", agent="Analyst", args="1584.27 * 163.8", output="259504.0")
    looked = rec.step("Researcher", "Find the area.", "web_search: Ljubljana area", kind="llm")
    found = rec.tool("web_search", agent="Researcher", args="Ljubljana area", output="163.8 km2")
    rec.step(
        "Researcher",
        "Find the area.",
        "163.8 km2",
        parents=[looked, found],
        metadata={"tools": list(researcher_tools)},
    )
    rec.step("Manager", "259,504", "Ljubljana has 259,504 people.", parents=[ask, last], kind="llm")
    return rec.finalize()


LOOKUP_CASES: Sequence[tuple[str, Callable[[], Trace], tuple[str, int], str]] = [
    (
        "a lookup handed to an agent whose tools cannot look anything up: the handing call",
        lambda: lookup_handed(),
        ("Manager", 0),
        "its task asked to find a fact, Analyst had no tool that looks anything up while "
        "Researcher had 'web_search', and step 1 (Analyst) introduced '259,504'",
    ),
    (
        "a model's name in the task is no figure handed",
        lambda: lookup_handed(task="Find the seating of the Boeing 777-300ER in 2024."),
        ("Manager", 0),
        "its task asked to find a fact",
    ),
    (
        "a year the engine reads as one anywhere (1500-2099) is no figure handed",
        lambda: lookup_handed(task="Find the population of Ljubljana in 1600."),
        ("Manager", 0),
        "its task asked to find a fact",
    ),
    (
        "a calculator giving the value back later, checking a sum, was not its source",
        lambda: lookup_handed(checked=True),
        ("Manager", 0),
        "its task asked to find a fact",
    ),
    (
        "the agent had a tool that looks things up: its own guess",
        lambda: lookup_handed(analyst_tools=("calculator", "fetchPage")),
        ("Analyst", 1),
        "first appeared in step 1 (Analyst)",
    ),
    (
        "no other agent had one: its own guess",
        lambda: lookup_handed(researcher_tools=("calculator",)),
        ("Analyst", 1),
        "first appeared in step 1 (Analyst)",
    ),
    (
        "a task that hands figures to work from is work, not a lookup",
        lambda: lookup_handed(task="Find the population from the 2,595 blocks of 100."),
        ("Analyst", 1),
        "first appeared in step 1 (Analyst)",
    ),
    (
        "figures in the context below the task: work, not a lookup",
        lambda: lookup_handed(context="\nPopulation: 295,504. Area: 163.8 km2."),
        ("Analyst", 1),
        "first appeared in step 1 (Analyst)",
    ),
    (
        "a call that wrote no such task handed nothing (a sequential crew's order did)",
        lambda: lookup_handed(handing="The area is 163.8 km2."),
        ("Analyst", 1),
        "first appeared in step 1 (Analyst)",
    ),
    (
        "its own calculator gave the value before its call: not guessed",
        lambda: lookup_handed(computed_first=True),
        ("Analyst", 1),
        "",
    ),
    *(
        (
            f"a tool named {tool!r} looks things up: its own",
            lambda tool=tool: lookup_handed(analyst_tools=("calculator", tool)),
            ("Analyst", 1),
            "first appeared in step 1 (Analyst)",
        )
        for tool in ("look_up_population", "PDFSearchTool", "Read website content", "get_city")
    ),
    (
        "a task that asks no lookup: its own",
        lambda: lookup_handed(task="Summarise the population of Ljubljana."),
        ("Analyst", 1),
        "first appeared in step 1 (Analyst)",
    ),
]


@pytest.mark.parametrize(
    ("build", "expected", "said"),
    [c[1:] for c in LOOKUP_CASES],
    ids=[c[0] for c in LOOKUP_CASES],
)
def test_who_handed_a_lookup_to_an_agent_that_cannot_look_up(
    build: Callable[[], Trace], expected: tuple[str, int], said: str
) -> None:
    suspects = blame(build(), check("contains", value="280,000"))

    assert (suspects[0].agent, suspects[0].step_index) == expected
    assert said in suspects[0].reason


def test_a_long_task_of_digits_and_hyphens_is_read_in_linear_time() -> None:
    from blame.engine.delegation import _asks_lookup

    assert not _asks_lookup("Find " + "1-" * 500_000)


@pytest.mark.parametrize(
    ("analyst_tools", "instruction"),
    [
        (
            ("calculator",),
            "Hand a task that asks to find a fact to a coworker with a tool that looks it up "
            "(Researcher has 'web_search'), not to Analyst, whose tools cannot look anything up.",
        ),
        (
            (),
            "Hand a task that needs a fact found or a figure worked out to a coworker given "
            "tools for it, not to Analyst, who has none.",
        ),
    ],
)
def test_the_handing_calls_patch_says_whom_such_tasks_go_to(
    analyst_tools: Sequence[str], instruction: str
) -> None:
    trace = lookup_handed(analyst_tools=analyst_tools)
    chk = check("contains", value="280,000")
    suspects = blame(trace, chk)
    failed = CheckResult(
        name=chk.name,
        type=chk.type,
        passed=False,
        score=0.0,
        weight=1.0,
        message="no 280,000",
        blame=suspects,
    )

    (patch,) = suggest_patches([(chk, failed)], trace)

    assert (patch.target, patch.instructions) == ("Manager", (instruction,))


def test_the_handing_patch_needs_the_reason_to_name_the_agent_handed_the_task() -> None:
    from blame.engine.delegation import handed_instruction

    trace = lookup_handed()
    assert handed_instruction(trace, 0, "step 0 (Manager) handed Analyst its task (its ...")
    assert handed_instruction(trace, 0, "step 0 (Manager) wrote the wrong value") is None
    assert handed_instruction(trace, 99, "step 0 (Manager) handed Analyst its task (...") is None
