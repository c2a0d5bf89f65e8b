"""blame_openai_agents.adapter: the `openai-agents` agent type, found through its entry point."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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

pytestmark = pytest.mark.openai_agents

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "openai_agents_trip"

AGENT_MODULE = """
from agents import Agent
from blame_openai_agents.fakes import ScriptedModel, assistant_message


def build_agent():
    return Agent(name="Echo", model=ScriptedModel([[assistant_message("echoed")]]))


agent_object = build_agent()
not_an_agent = 42


def returns_text():
    return "no agent here"


def looping():
    from agents import function_tool
    from blame_openai_agents.fakes import function_call

    @function_tool
    def lookup(city: str) -> str:
        "Look a city up."
        return "no data"

    script = [[function_call("lookup", {"city": "Oslo"}, call_id=f"l{i}")] for i in range(3)]
    return Agent(name="Looper", tools=[lookup], model=ScriptedModel(script))
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder with an agent module, as blame.yaml's folder would be."""
    (tmp_path / "echo_agent.py").write_text(textwrap.dedent(AGENT_MODULE), encoding="utf-8")
    return tmp_path


def test_the_openai_agents_type_is_registered_through_its_entry_point() -> None:
    from blame_openai_agents.adapter import OpenAIAgentsAdapter

    found = RunContext().adapter("openai-agents")
    assert isinstance(found, OpenAIAgentsAdapter)
    assert_plugin(found, "blame.adapters", "openai-agents")


@pytest.mark.parametrize("entrypoint", ["echo_agent:build_agent", "echo_agent:agent_object"])
def test_load_returns_a_runner_that_traces_the_agent(project: Path, entrypoint: str) -> None:
    run = RunContext().adapter("openai-agents").load(entrypoint, base_dir=project, options={})

    output, trace = run("hello there", "echo-test")

    assert output == "echoed"
    assert trace.test_name == "echo-test"
    assert [(s.kind.value, s.name, s.input) for s in trace.steps] == [
        ("agent", "Echo", "user: hello there")
    ]


@pytest.mark.parametrize(
    ("entrypoint", "options", "expected"),
    [
        (
            "echo_agent:not_an_agent",
            {},
            "agent.entrypoint: echo_agent:not_an_agent is a int, not an Agent or a function "
            "returning one; point at an agents.Agent or a zero-argument function that builds one",
        ),
        (
            "echo_agent:build_agent",
            {"memory": True},
            "agent.options.memory: unknown option 'memory' for agent type openai-agents; "
            "the openai-agents agent type takes `max_turns` only",
        ),
        (
            "echo_agent:build_agent",
            {"max_turns": 0},
            "agent.options.max_turns: must be a positive integer, got 0; "
            "write e.g. `max_turns: 10`",
        ),
    ],
    ids=["not-an-agent", "unknown-option", "bad-max-turns"],
)
def test_bad_configuration_is_one_clear_config_error(
    project: Path, entrypoint: str, options: dict[str, Any], expected: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        RunContext().adapter("openai-agents").load(entrypoint, base_dir=project, options=options)
    assert raised.value.format() == expected


def test_a_factory_that_returns_no_agent_is_an_agent_error(project: Path) -> None:
    adapter = RunContext().adapter("openai-agents")
    run = adapter.load("echo_agent:returns_text", base_dir=project, options={"max_turns": 3})
    with pytest.raises(AgentError) as raised:
        run("hi", "t")
    assert raised.value.format() == (
        "agent.entrypoint: echo_agent:returns_text returned str, not an agents.Agent; "
        "the factory must return an Agent"
    )


def test_a_run_stopped_by_its_turn_limit_is_the_tests_error_with_the_blame(
    project: Path,
) -> None:
    """The SDK raises MaxTurnsExceeded between steps: the test is an error (exit 2; it failed
    with exit 1, and with checks the steps so far satisfy it passed), its steps so far are
    evaluated for the report, and the call that began the loop the limit stopped is blamed
    (before, the limit itself: the loop's consequence, not its decision)."""
    from typer.testing import CliRunner

    from blame.cli import app

    (project / "blame.yaml").write_text(
        textwrap.dedent(
            """
            agent: {type: openai-agents, entrypoint: "echo_agent:looping", options: {max_turns: 2}}
            tests:
              - name: loop
                input: "Weather in Oslo?"
                checks: [{type: contains, value: "sunny"}, {type: max_steps, max: 4}]
            """
        ),
        encoding="utf-8",
    )
    done = CliRunner().invoke(app, ["test", "-c", str(project / "blame.yaml")])
    assert done.exit_code == 2, done.output
    assert (
        "ERROR loop  reward 0.50 / threshold 0.75\n"
        "  error: test 'loop': the agent run failed in agent 'Looper' (step 4): "
        "MaxTurnsExceeded: Max turns (2) exceeded\n" in done.output
    )
    # two turns and their two calls; the limit's own step is no step the run took
    assert "[pass] max_steps:4 (weight 1): 4 steps within the limit 4" in done.output
    assert (
        "contains:sunny [missing content]: Looper (agent), step 2, confidence 0.70: 'sunny' "
        "was never produced; step 3 repeated the call of step 1 with the same arguments after "
        "step 2 (Looper) had its result in its input: the loop began there" in done.output
    )


def _culprits(
    results: dict[str, Any], name: str = "paris-rome"
) -> dict[str, list[tuple[str, str, str, int]]]:
    (test,) = [t for t in results["tests"] if t["name"] == name]
    return {
        check["name"]: [(b["kind"], b["name"], b["agent"], b["step_index"]) for b in check["blame"]]
        for check in test["checks"]
    }


def test_blame_test_names_the_example_culprits_and_replay_agrees(tmp_path: Path) -> None:
    config, results = record_and_replay(EXAMPLE, tmp_path)
    assert _culprits(results) == {
        "contains:AF1234": [
            ("agent", "Booker", "Booker", 5),  # its answer left out the flight it was given
            ("agent", "Booker", "Booker", 3),  # runner-up: the call that mistyped it
            ("agent", "Triage", "Triage", 2),  # and the handoff call, whose output lacks it
        ],
        "tool_succeeded:book_flight": [("tool", "book_flight", "Booker", 4)],
        "no_unsupported_claim:book_flight": [
            ("agent", "Booker", "Booker", 5),
            ("tool", "book_flight", "Booker", 4),
        ],
        "tool_called:search_flights": [],
    }
    # The example's tool-fault test: book_flight times out, and the Booker's model call that
    # read the timeout claims the booking anyway.
    assert _culprits(results, "booking-timeout") == {
        "no_unsupported_claim:book_flight": [
            ("agent", "Booker", "Booker", 5),
            ("tool", "book_flight", "Booker", 4),
        ],
    }
    fixtures = recorded_fixtures(config)
    assert list(fixtures) == ["booking-timeout", "paris-rome"]
    faulted = fixtures["booking-timeout"]
    assert tool_rows(faulted) == [
        ("search_flights", "Paris-Rome on 2026-12-01: AF1234 departs 09:40, arrives 11:45, 129 EUR",
         None, None),
        ("book_flight", "error: book_flight timed out",
         "Error running tool (non-fatal): book_flight timed out", "timeout"),
    ]  # fmt: skip
    assert faulted["metadata"]["faults"] == [
        {"calls": "every", "fault": "timeout", "fired": 1, "tool": "book_flight"}
    ]
    steps = fixtures["paris-rome"]["steps"]
    assert [(s["kind"], s["name"], s["agent"], s["parents"]) for s in steps] == [
        ("agent", "Triage", "Triage", []),
        ("tool", "search_flights", "Triage", ["s0"]),
        ("agent", "Triage", "Triage", ["s0", "s1"]),
        ("agent", "Booker", "Booker", ["s2"]),
        ("tool", "book_flight", "Booker", ["s3"]),
        ("agent", "Booker", "Booker", ["s3", "s4"]),
    ]


def test_blame_test_on_the_example_prints_nothing_on_stderr(tmp_path: Path) -> None:
    """Bug: the SDK's default exporter queued blame's runs and, on exit, warned
    "OPENAI_API_KEY is not set, skipping trace export" (with a key it would upload them).
    The warning comes when the process ends, so the command runs in a process of its own."""
    example = tmp_path / "openai_agents_trip"
    shutil.copytree(EXAMPLE, example, ignore=shutil.ignore_patterns(".blame", "__pycache__"))
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test", "--config", str(example / "blame.yaml")],
        env={**env, "BLAME_NO_WARN": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert "failed: paris-rome" in done.stdout
    assert done.stderr == ""


def test_confirmation_says_it_is_not_available_for_openai_agents(tmp_path: Path) -> None:
    assert_unavailable(
        confirm_example(EXAMPLE, tmp_path, "-k", "paris-rome"),
        (
            "Booker",
            "restore 'AF1234' into step 5's output (Booker): confirmation is not available for "
            "openai-agents (blame does not re-run an Agents SDK run from one model call with the "
            "earlier ones given)",
        ),
    )
