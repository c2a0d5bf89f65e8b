"""blame_crewai.adapter: the `crewai` agent type, found through its entry point, run for real."""

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
    confirm,
    record_and_replay,
    recorded_fixtures,
)

pytestmark = pytest.mark.crewai

UNKNOWN_FLIGHT = "tool_reported: unknown flight number '09:40 Paris-Rome'"
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "crewai_trip"

CREW_MODULE = """
from blame_crewai.fakes import ScriptedLLM
from crewai import Agent, Crew, Task
from crewai.flow.flow import Flow, listen, start


def build_crew():
    echo = Agent(
        role="Echo",
        goal="Repeat the request.",
        backstory="You repeat things.",
        llm=ScriptedLLM(model="echo", responses=["Thought: easy\\nFinal Answer: echoed"]),
        verbose=False,
    )
    task = Task(description="Repeat: {input}", expected_output="The request.", agent=echo)
    return Crew(agents=[echo], tasks=[task], verbose=False)


def build_topic_crew():
    crew = build_crew()
    crew.tasks[0].description = "Repeat: {topic} for {audience}"
    return crew


def build_memory_crew():
    from crewai.memory.unified_memory import Memory

    echo = build_crew().agents[0]
    task = Task(description="Repeat: {input}", expected_output="The request.", agent=echo)
    memory = Memory(
        embedder=lambda texts: [[1.0, 0.0, 0.0] for _ in texts],
        llm=ScriptedLLM(model="memory", responses=[]),
    )
    return Crew(agents=[echo], tasks=[task], memory=memory, verbose=False)


def build_crashing_crew():
    echo = build_crew().agents[0]
    writer = Agent(
        role="Writer",
        goal="Write it up.",
        backstory="You write.",
        llm=ScriptedLLM(model="down", responses=[]),
        max_retry_limit=0,
        verbose=False,
    )
    tasks = [
        Task(description="Repeat: {input}", expected_output="The request.", agent=echo),
        Task(description="Write it up.", expected_output="A text.", agent=writer),
    ]
    return Crew(agents=[echo, writer], tasks=tasks, verbose=False)


crew_object = build_crew()
not_a_crew = 42


def returns_text():
    return "no crew here"


class TripFlow(Flow):
    @start()
    def research(self):
        crew = build_crew()
        crew.agents[0].llm = ScriptedLLM(
            model="research", responses=["Thought: easy\\nFinal Answer: flight AF1234 at 09:40"]
        )
        return crew.kickoff(inputs={"input": self.state["input"]}).raw

    @listen(research)
    def write(self, facts):
        crew = build_crew()
        crew.agents[0].role = "Writer"
        crew.agents[0].llm = ScriptedLLM(
            model="write", responses=["Thought: easy\\nFinal Answer: a morning flight"]
        )
        return crew.kickoff(inputs={"input": facts}).raw
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder with a crew module, as blame.yaml's folder would be."""
    (tmp_path / "echo_crew.py").write_text(textwrap.dedent(CREW_MODULE), encoding="utf-8")
    return tmp_path


def test_the_crewai_type_is_registered_through_its_entry_point() -> None:
    from blame_crewai.adapter import CrewAIAdapter

    found = RunContext().adapter("crewai")
    assert isinstance(found, CrewAIAdapter)
    assert found.type == "crewai"
    assert_plugin(found, "blame.adapters", "crewai")


@pytest.mark.parametrize(
    ("entrypoint", "test_input", "in_prompt"),
    [
        ("echo_crew:build_crew", "hello there", "Repeat: hello there"),
        ("echo_crew:crew_object", "hello there", "Repeat: hello there"),
        (
            "echo_crew:build_topic_crew",
            {"topic": "tides", "audience": "sailors"},
            "Repeat: tides for sailors",
        ),
    ],
    ids=["factory-with-text", "crew-object", "factory-with-mapping"],
)
def test_load_returns_a_runner_that_traces_the_crew(
    project: Path, entrypoint: str, test_input: Any, in_prompt: str
) -> None:
    run = RunContext().adapter("crewai").load(entrypoint, base_dir=project, options={})

    output, trace = run(test_input, "echo-test")

    assert output == "echoed"
    assert trace.test_name == "echo-test"
    assert [(s.kind.value, s.name) for s in trace.steps] == [("agent", "Echo")]
    assert in_prompt in trace.steps[0].input
    assert (project / ".blame" / "crewai" / "latest_kickoff_task_outputs.db").is_file()


@pytest.mark.parametrize("entrypoint", ["echo_crew:TripFlow", "echo_crew:trip_flow"])
def test_a_flow_running_crews_is_traced_with_the_data_it_passes_between_them(
    project: Path, entrypoint: str
) -> None:
    module = project / "echo_crew.py"
    module.write_text(module.read_text() + "\ntrip_flow = TripFlow()\n", encoding="utf-8")
    run = RunContext().adapter("crewai").load(entrypoint, base_dir=project, options={})

    output, trace = run("Paris to Rome", "flow-test")

    assert output == "a morning flight"
    assert [(s.name, s.parents) for s in trace.steps] == [("Echo", ()), ("Writer", ("s0",))]
    assert "Repeat: flight AF1234 at 09:40" in trace.steps[1].input
    assert trace.metadata["flow"] == "TripFlow"


def test_a_run_never_reads_the_memories_an_earlier_run_saved(project: Path) -> None:
    # CrewAI's memory lives in its storage folder; shared between runs, the second run's prompt
    # carried the first run's answer ("Memories from past conversations"), text from outside
    # the trace, and a second `blame test` saw other prompts than the first.
    run = (
        RunContext()
        .adapter("crewai")
        .load("echo_crew:build_memory_crew", base_dir=project, options={})
    )

    prompts = [run("hello there", "memory-test")[1].steps[0].input for _ in range(2)]

    assert prompts[0] == prompts[1]
    assert "hello there" in prompts[1]
    assert "echoed" not in prompts[1]
    # each run's storage was a folder of its own, removed when the run ended
    assert [p.name for p in (project / ".blame" / "crewai").glob("run-*")] == []


def test_storage_dir_option_is_relative_to_the_config_folder(project: Path) -> None:
    run = (
        RunContext()
        .adapter("crewai")
        .load("echo_crew:build_crew", base_dir=project, options={"storage_dir": "state/crewai"})
    )
    run("hi", "t")
    assert (project / "state" / "crewai" / "latest_kickoff_task_outputs.db").is_file()


@pytest.mark.parametrize(
    ("entrypoint", "options", "expected"),
    [
        (
            "echo_crew:not_a_crew",
            {},
            "agent.entrypoint: echo_crew:not_a_crew is a int, not a Crew or a function returning "
            "one; point at a crewai.Crew or a zero-argument function that builds one",
        ),
        (
            "echo_crew:build_crew",
            {"memory": True},
            "agent.options.memory: unknown option 'memory' for agent type crewai; "
            "the crewai agent type takes `storage_dir` only",
        ),
        (
            "echo_crew:build_crew",
            {"storage_dir": 3},
            "agent.options.storage_dir: must be a non-empty path; "
            "write e.g. `storage_dir: .blame/crewai` (relative to blame.yaml)",
        ),
    ],
    ids=["not-a-crew", "unknown-option", "bad-storage-dir"],
)
def test_bad_configuration_is_one_clear_config_error(
    project: Path, entrypoint: str, options: dict[str, Any], expected: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        RunContext().adapter("crewai").load(entrypoint, base_dir=project, options=options)
    assert raised.value.format() == expected


def test_a_crew_that_raised_part_way_is_the_tests_error_never_a_pass(project: Path) -> None:
    """The Writer's model raised after the Echo answered: the test is an error (exit 2),
    its checks shown on the steps so far, the budget that held on them no pass."""
    from blame.config import load_config
    from blame.errors import ExitCode
    from blame.runner import exit_code, run_suite

    config = project / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            """
            agent: {type: crewai, entrypoint: "echo_crew:build_crashing_crew"}
            tests:
              - name: write
                input: hello
                checks: [{type: max_steps, max: 10}]
            """
        ),
        encoding="utf-8",
    )
    suite = run_suite(load_config(config))
    (test,) = suite.tests
    assert (test.passed, test.verdict, exit_code(suite)) == (False, "ERROR", ExitCode.ERROR)
    assert (test.error or "").startswith(
        "test 'write': crew kickoff failed in agent 'Writer' (step 1): RuntimeError: "
    )
    assert [(c.name, c.passed) for c in test.checks] == [("max_steps:10", True)]


def test_a_factory_that_returns_no_crew_is_an_agent_error(project: Path) -> None:
    run = (
        RunContext().adapter("crewai").load("echo_crew:returns_text", base_dir=project, options={})
    )
    with pytest.raises(AgentError) as raised:
        run("hi", "t")
    assert raised.value.format() == (
        "agent.entrypoint: echo_crew:returns_text returned str, not a crewai.Crew; "
        "the factory must return a Crew"
    )


def _culprits(
    results: dict[str, Any], name: str = "paris-rome"
) -> dict[str, list[tuple[str, str, str]]]:
    (test,) = [t for t in results["tests"] if t["name"] == name]
    return {
        check["name"]: [(b["kind"], b["name"], b["agent"]) for b in check["blame"]]
        for check in test["checks"]
    }


def test_blame_test_names_the_example_crews_culprits_and_replay_agrees(tmp_path: Path) -> None:
    config, results = record_and_replay(EXAMPLE, tmp_path)
    assert _culprits(results) == {
        "contains:AF1234": [
            ("agent", "Travel Agent", "Travel Agent"),
            # at the Booker's second turn; its first turn received the same message without
            # the content too, the same handoff, which the ranking lists once
            ("handoff", "Travel Agent -> Booker", "Booker"),
            # where the final answer's value ('129') first appeared: the flight search
            ("tool", "search_flights", "Researcher"),
        ],
        # book_flight rejected the flight number the Booker made up: the Booker's call first
        "tool_succeeded:book_flight": [
            ("agent", "Booker", "Booker"),
            ("tool", "book_flight", "Booker"),
        ],
        "no_unsupported_claim:book_flight": [
            ("agent", "Booker", "Booker"),
            ("tool", "book_flight", "Booker"),
        ],
        "tool_succeeded:search_flights": [],
        "tool_called:search_flights": [],
    }
    # The example's tool-fault test: book_flight times out (CrewAI calls it three times), and
    # the Booker, which read the timeouts, claims the booking anyway.
    assert _culprits(results, "booking-timeout") == {
        "no_unsupported_claim:book_flight": [
            ("agent", "Booker", "Booker"),
            ("tool", "book_flight", "Booker"),
        ],
    }
    test = next(t for t in results["tests"] if t["name"] == "paris-rome")
    assert [p["target"] for p in test["patches"]] == ["Booker", "Travel Agent"]
    # Confirmation says it is not available for crews (and never runs the crew again).
    assert_unavailable(
        confirm(config, "--replay"),
        (
            "Travel Agent",
            "restore 'AF1234' into step 10's output (Travel Agent): confirmation is not "
            "available for the crewai adapter (CrewAI cannot re-run from one task with the "
            "earlier outputs given)",
        ),
    )
    fixtures = recorded_fixtures(config)
    assert list(fixtures) == ["booking-timeout", "paris-rome"]
    faulted = fixtures["booking-timeout"]
    assert [
        (s["name"], s["error"], s["metadata"].get("fault"))
        for s in faulted["steps"]
        if s["name"] == "book_flight"
    ] == [("book_flight", "InjectedTimeout: book_flight timed out", "timeout")] * 3
    assert faulted["metadata"]["faults"] == [
        {"calls": "every", "fault": "timeout", "fired": 6, "tool": "book_flight"}
    ]
    steps = fixtures["paris-rome"]["steps"]
    assert [(s["kind"], s["name"], s["agent"], s["error"]) for s in steps] == [
        ("agent", "Researcher", "Researcher", None),
        ("tool", "search_flights", "Researcher", "tool_reported: flight search timed out"),
        ("agent", "Researcher", "Researcher", None),
        ("tool", "search_flights", "Researcher", None),
        ("agent", "Researcher", "Researcher", None),
        ("agent", "Travel Agent", "Travel Agent", None),
        ("agent", "Booker", "Booker", None),
        ("tool", "book_flight", "Booker", UNKNOWN_FLIGHT),
        ("agent", "Booker", "Booker", None),
        ("tool", "Delegate work to coworker", "Travel Agent", None),
        ("agent", "Travel Agent", "Travel Agent", None),
    ]
