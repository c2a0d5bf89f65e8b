"""blame_smolagents.adapter: the `smolagents` agent type, found through its entry point."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from blame.cli import app
from blame.context import RunContext
from blame.errors import AgentError, ConfigError
from blame.testing import assert_plugin
from tests.integrations.conftest import confirm_example, record_and_replay, recorded_fixtures

pytestmark = pytest.mark.smolagents

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "smolagents_research"

AGENT_MODULE = """
from smolagents import ToolCallingAgent
from smolagents.monitoring import LogLevel
from blame_smolagents.fakes import ScriptedModel, call


def build_agent():
    model = ScriptedModel(call("final_answer", answer="echoed"))
    return ToolCallingAgent(tools=[], model=model, name="Echo", verbosity_level=LogLevel.OFF)


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


def test_the_smolagents_type_is_registered_through_its_entry_point() -> None:
    from blame_smolagents.adapter import SmolagentsAdapter

    found = RunContext().adapter("smolagents")
    assert isinstance(found, SmolagentsAdapter)
    assert_plugin(found, "blame.adapters", "smolagents")


@pytest.mark.parametrize("entrypoint", ["echo_agent:build_agent", "echo_agent:agent_object"])
def test_load_returns_a_runner_that_traces_the_agent(project: Path, entrypoint: str) -> None:
    run = RunContext().adapter("smolagents").load(entrypoint, base_dir=project, options={})

    output, trace = run("hello there", "echo-test")

    assert output == "echoed"
    assert trace.test_name == "echo-test"
    assert [(s.kind.value, s.name, s.input) for s in trace.steps] == [
        ("agent", "Echo", "user: New task:\nhello there")
    ]


@pytest.mark.parametrize(
    ("entrypoint", "options", "expected"),
    [
        (
            "echo_agent:not_an_agent",
            {},
            "agent.entrypoint: echo_agent:not_an_agent is a int, not a MultiStepAgent or a "
            "function returning one; point at a smolagents agent or a zero-argument function "
            "that builds one",
        ),
        (
            "echo_agent:build_agent",
            {"max_steps": 3},
            "agent.options.max_steps: unknown option 'max_steps' for agent type smolagents; "
            "the smolagents agent type takes no options",
        ),
        (
            "echo_agent.py:build_agent",
            {},
            "agent.entrypoint: 'echo_agent.py:build_agent' names a file, not a module; write the "
            "module name without .py: `echo_agent:build_agent`",
        ),
        (
            "echo_agent:missing",
            {},
            "agent.entrypoint: module 'echo_agent' has no attribute 'missing'; define missing in "
            "echo_agent, or fix the name after the colon",
        ),
    ],
    ids=["not-an-agent", "unknown-option", "file-name", "missing-attribute"],
)
def test_bad_configuration_is_one_clear_config_error(
    project: Path, entrypoint: str, options: dict[str, Any], expected: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        RunContext().adapter("smolagents").load(entrypoint, base_dir=project, options=options)
    assert raised.value.format() == expected


def test_a_factory_that_returns_no_agent_is_an_agent_error(project: Path) -> None:
    run = (
        RunContext()
        .adapter("smolagents")
        .load("echo_agent:returns_text", base_dir=project, options={})
    )
    with pytest.raises(AgentError) as raised:
        run("hi", "t")
    assert raised.value.format() == (
        "agent.entrypoint: echo_agent:returns_text returned str, not a smolagents agent; "
        "the factory must return a MultiStepAgent"
    )


def test_a_wrong_entrypoint_exits_2_with_one_line(project: Path) -> None:
    (project / "blame.yaml").write_text(
        "agent: {type: smolagents, entrypoint: 'echo_agent:not_an_agent'}\n"
        "tests: [{name: t, input: hi, checks: [{type: contains, value: x}]}]\n",
        encoding="utf-8",
    )
    done = CliRunner().invoke(app, ["test", "--config", str(project / "blame.yaml")])
    assert done.exit_code == 2
    assert "is a int, not a MultiStepAgent or a function returning one" in done.output
    assert "Traceback" not in done.output


def _culprits(test: dict[str, Any]) -> dict[str, list[tuple[str, str, str, int]]]:
    return {
        check["name"]: [(b["kind"], b["name"], b["agent"], b["step_index"]) for b in check["blame"]]
        for check in test["checks"]
    }


def test_blame_test_names_the_example_culprits_and_replay_agrees(tmp_path: Path) -> None:
    config, results = record_and_replay(EXAMPLE, tmp_path)
    brief, search_down = results["tests"]
    assert _culprits(brief) == {
        # Researcher read the height in web_search's result and answered without it
        "contains:8,849 m": [
            ("agent", "Researcher", "Researcher", 3),
            ("agent", "Editor", "Editor", 7),  # it produced the final output
        ],
        "tool_succeeded:send_brief": [("tool", "send_brief", "Editor", 6)],
        "no_unsupported_claim:send_brief": [
            ("agent", "Editor", "Editor", 7),
            ("tool", "send_brief", "Editor", 6),
        ],
        "tool_called:web_search": [],
    }
    # the search fault: Researcher read the error and still reported the fact as found
    assert _culprits(search_down) == {
        "no_unsupported_claim:web_search": [
            ("agent", "Researcher", "Researcher", 3),
            ("tool", "web_search", "Researcher", 2),
        ]
    }
    assert [p["target"] for p in brief["patches"]] == ["Editor", "Researcher"]
    steps = recorded_fixtures(config)[brief["name"]]["steps"]
    assert [(s["kind"], s["name"], s["agent"], s["parents"]) for s in steps] == [
        ("agent", "Editor", "Editor", []),
        ("agent", "Researcher", "Researcher", ["s0"]),
        ("tool", "web_search", "Researcher", ["s1"]),
        ("agent", "Researcher", "Researcher", ["s1", "s2"]),
        ("tool", "Researcher", "Editor", ["s0", "s3"]),
        ("agent", "Editor", "Editor", ["s0", "s4"]),
        ("tool", "send_brief", "Editor", ["s5"]),
        ("agent", "Editor", "Editor", ["s5", "s6"]),
    ]


def test_confirm_says_confirmation_is_not_available_for_each_suspect(tmp_path: Path) -> None:
    judged = confirm_example(EXAMPLE, tmp_path)
    assert {verdict for _, verdict, _ in judged} == {"unavailable"}
    assert (
        "Researcher",
        "unavailable",
        "restore '8,849 m' into step 3's output (Researcher): confirmation is not available for "
        "smolagents (an agent's step is a model reply that smolagents parses into code or tool "
        "calls; it cannot re-run an agent from one reply with the earlier ones given)",
    ) in judged
    unavailable = [c for n, v, c in judged if "single-step counterfactual" not in c]
    assert all("confirmation is not available for smolagents" in c for c in unavailable)
