"""blame.agentcall: what the agent raised or returned, as the test's trace or one clear error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blame.agentcall import call_agent, run_with_timeout
from blame.config import Config, load_config
from blame.errors import AgentError, BlameError, ConfigError, PartialRunError
from blame.model import Step, StepKind, Trace
from blame.recorder import TraceRecorder

CALLERS = {"thread": run_with_timeout, "worker": call_agent}


@pytest.fixture
def config(tmp_path: Path) -> Config:
    path = tmp_path / "blame.yaml"
    path.write_text(
        "agent: {type: http, url: 'http://127.0.0.1:9/run'}\n"
        "tests: [{name: t, input: hi, checks: [{type: contains, value: x}]}]\n",
        encoding="utf-8",
    )
    return load_config(path)


def _raising(error: BaseException) -> Any:
    def run(test_input: Any, test_name: str) -> Any:
        raise error

    return run


@pytest.mark.parametrize("caller", sorted(CALLERS))
@pytest.mark.parametrize(
    ("kind", "field", "named"),
    [
        # an adapter's run-time error about a field of `agent:` names the config file, as the
        # same field's error at load time does (issue 24: the http agent's agent.url errors)
        (AgentError, "agent.url", True),
        (AgentError, "agent.auth_env", True),
        (ConfigError, "agent.entrypoint", True),
        # about the run or another part of the config: as it was
        (AgentError, "test 't'", False),
        (AgentError, "agents.Writer", False),
    ],
    ids=["agent.url", "agent.auth_env", "agent.entrypoint", "test", "agents"],
)
def test_an_error_about_the_agent_block_names_the_config_file(
    config: Config, caller: str, kind: type[BlameError], field: str, named: bool
) -> None:
    raised = kind("POST http://127.0.0.1:9/run failed", field=field, hint="start it")
    with pytest.raises(BlameError) as caught:
        CALLERS[caller](_raising(raised), config.tests[0], config)
    error = caught.value
    assert (type(error), error.field, error.hint) == (kind, field, "start it")
    said = f"{field}: POST http://127.0.0.1:9/run failed; start it"
    assert error.format() == (f"{config.path}: {said}" if named else said)
    assert str(error) == error.format()


def test_an_error_that_names_its_file_keeps_it(config: Config) -> None:
    raised = AgentError("unreadable", file="other.json", field="agent.url")
    with pytest.raises(AgentError) as caught:
        run_with_timeout(_raising(raised), config.tests[0], config)
    assert caught.value.format() == "other.json: agent.url: unreadable"


def _half_trace(**broken: Any) -> Trace:
    rec = TraceRecorder(test_name="recorded as", input="hi")
    rec.step("Planner", input="hi", output="Paris")
    rec.step("Writer", input="Paris", error="ValueError: down")
    trace = rec.finalize(final_output="Paris")
    if not broken:
        return trace
    step = Step(id="s1", index=5, kind=StepKind.AGENT, name="Writer", agent="Writer")
    return Trace(test_name="t", steps=(step,), final_output="")  # index 5 of one step


@pytest.mark.parametrize("caller", sorted(CALLERS))
@pytest.mark.parametrize(
    ("trace", "field", "kept"),
    [
        (_half_trace(), None, True),  # named after the test, as a returned trace is
        (_half_trace(), "test 'other'", True),  # its own field kept
        # nothing ran: nothing to show
        (Trace(test_name="t", steps=(), final_output=""), None, False),
        # a partial trace that breaks the rules a returned one obeys: the error alone
        (_half_trace(broken=True), None, False),
    ],
    ids=["kept", "own-field", "no-steps", "invalid-trace"],
)
def test_a_run_that_raised_part_way_keeps_its_checked_partial_trace(
    config: Config, caller: str, trace: Trace, field: str | None, kept: bool
) -> None:
    raised = PartialRunError("Writer raised ValueError: down", trace=trace, field=field)
    with pytest.raises(AgentError) as caught:
        CALLERS[caller](_raising(raised), config.tests[0], config)
    error = caught.value
    assert error.message == "Writer raised ValueError: down"
    assert error.field == (field or "test 't'")
    assert isinstance(error, PartialRunError) is kept
    if isinstance(error, PartialRunError):
        assert (error.trace.test_name, len(error.trace.steps)) == ("t", 2)
