"""blame_pydantic_ai.adapter: the `pydantic-ai` agent type, found through its entry point."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from blame.context import RunContext
from blame.errors import AgentError, ConfigError
from blame.testing import assert_plugin
from tests.integrations.conftest import (
    assert_unavailable,
    confirm_example,
    record_and_replay,
    recorded_fixtures,
    tool_rows,
)

pytestmark = pytest.mark.pydantic_ai

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "pydantic_ai_support"

AGENT_MODULE = """
from pydantic_ai import Agent
from blame_pydantic_ai.fakes import scripted


def build_agent():
    return Agent(scripted("echoed"), name="Echo")


agent_object = build_agent()
not_an_agent = 42


def returns_text():
    return "no agent here"
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder with an agent module, as blame.yaml's folder would be."""
    (tmp_path / "echo_agent.py").write_text(textwrap.dedent(AGENT_MODULE), encoding="utf-8")
    return tmp_path


def test_the_pydantic_ai_type_is_registered_through_its_entry_point() -> None:
    from blame_pydantic_ai.adapter import PydanticAIAdapter

    found = RunContext().adapter("pydantic-ai")
    assert isinstance(found, PydanticAIAdapter)
    assert_plugin(found, "blame.adapters", "pydantic-ai")


def test_load_returns_a_runner_that_traces_the_agent(project: Path) -> None:
    run = (
        RunContext()
        .adapter("pydantic-ai")
        .load("echo_agent:build_agent", base_dir=project, options={})
    )

    output, trace = run("hello there", "echo-test")

    assert output == "echoed"
    assert trace.test_name == "echo-test"
    assert [(s.kind.value, s.name, s.input) for s in trace.steps] == [
        ("agent", "Echo", "user: hello there")
    ]


def test_an_agent_object_is_run_as_it_is(project: Path) -> None:
    adapter = RunContext().adapter("pydantic-ai")
    run = adapter.load("echo_agent:agent_object", base_dir=project, options={})
    assert run("hi", "t")[0] == "echoed"


@pytest.mark.parametrize(
    ("entrypoint", "options", "expected"),
    [
        (
            "echo_agent:not_an_agent",
            {},
            "agent.entrypoint: echo_agent:not_an_agent is a int, not an Agent or a function "
            "returning one; point at a pydantic_ai.Agent or a zero-argument function that builds "
            "one",
        ),
        (
            "echo_agent:build_agent",
            {"retries": 3},
            "agent.options.retries: unknown option 'retries' for agent type pydantic-ai; "
            "the pydantic-ai agent type takes no options",
        ),
    ],
    ids=["not-an-agent", "unknown-option"],
)
def test_bad_configuration_is_one_clear_config_error(
    project: Path, entrypoint: str, options: dict[str, Any], expected: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        RunContext().adapter("pydantic-ai").load(entrypoint, base_dir=project, options=options)
    assert raised.value.format() == expected


def test_a_factory_that_returns_no_agent_is_an_agent_error(project: Path) -> None:
    run = (
        RunContext()
        .adapter("pydantic-ai")
        .load("echo_agent:returns_text", base_dir=project, options={})
    )
    with pytest.raises(AgentError) as raised:
        run("hi", "t")
    assert raised.value.format() == (
        "agent.entrypoint: echo_agent:returns_text returned str, not a pydantic_ai.Agent; "
        "the factory must return an Agent"
    )


def test_blame_test_names_the_example_culprits_and_replay_agrees(tmp_path: Path) -> None:
    config, results = record_and_replay(EXAMPLE, tmp_path)
    assert _culprits(results, "refund-5521") == {
        # Billing read the amount in lookup_order's result and answered without it
        "contains:89.90 EUR": [
            ("agent", "Billing", "Billing", 3),
            ("agent", "Support", "Support", 7),  # it produced the final output
        ],
        "tool_succeeded:issue_refund": [("tool", "issue_refund", "Support", 6)],
        "no_unsupported_claim:issue_refund": [
            ("agent", "Support", "Support", 7),
            ("tool", "issue_refund", "Support", 6),
        ],
        "tool_called:lookup_order": [],
    }
    # The example's tool-fault test: issue_refund returns nothing, and Support's model call
    # that read the empty result claims the refund anyway.
    assert _culprits(results, "refund-empty-reply") == {
        "no_unsupported_claim:issue_refund": [
            ("agent", "Support", "Support", 7),
            ("tool", "issue_refund", "Support", 6),
        ],
    }
    fixtures = recorded_fixtures(config)
    assert list(fixtures) == ["refund-5521", "refund-empty-reply"]
    faulted = fixtures["refund-empty-reply"]
    assert tool_rows(faulted) == [
        ("lookup_order", "order 5521: 89.90 EUR, delivered 2026-11-20, refundable until 2026-12-20",
         None, None),
        ("ask_billing", "Order 5521 is refundable.", None, None),
        ("issue_refund", "", None, "empty"),
    ]  # fmt: skip
    assert faulted["metadata"]["faults"] == [
        {"calls": "every", "fault": "empty", "fired": 1, "tool": "issue_refund"}
    ]
    steps = fixtures["refund-5521"]["steps"]
    assert [(s["kind"], s["name"], s["agent"], s["parents"]) for s in steps] == [
        ("agent", "Support", "Support", []),
        ("agent", "Billing", "Billing", ["s0"]),
        ("tool", "lookup_order", "Billing", ["s1"]),
        ("agent", "Billing", "Billing", ["s1", "s2"]),
        ("tool", "ask_billing", "Support", ["s0", "s3"]),
        ("agent", "Support", "Support", ["s0", "s4"]),
        ("tool", "issue_refund", "Support", ["s5"]),
        ("agent", "Support", "Support", ["s5", "s6"]),
    ]


def _culprits(results: dict[str, Any], name: str) -> dict[str, list[tuple[str, str, str, int]]]:
    (test,) = [t for t in results["tests"] if t["name"] == name]
    return {
        check["name"]: [(b["kind"], b["name"], b["agent"], b["step_index"]) for b in check["blame"]]
        for check in test["checks"]
    }


def test_confirmation_says_it_is_not_available_for_pydantic_ai(tmp_path: Path) -> None:
    assert_unavailable(
        confirm_example(EXAMPLE, tmp_path, "-k", "refund-5521"),
        (
            "Billing",
            "restore '89.90 EUR' into step 3's output (Billing): confirmation is not available for "
            "pydantic-ai (blame does not re-run a PydanticAI agent from one model reply with the "
            "earlier ones given)",
        ),
    )
