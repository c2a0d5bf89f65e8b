"""Offline CrewAI fixtures: scripted agents, a network guard and a private storage folder."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from blame_crewai.tracer import quiet_by_default

# Before the test modules import crewai: with its telemetry on, that import starts an
# OpenTelemetry export thread, and a process with a second thread never forks blame's
# supervised workers, so every supervision test collected afterwards was skipped. Runs
# under `blame test` import CrewAI inside blame's quiet environment already. It leaves the
# OpenTelemetry SDK on (its docstring says why): this process runs PydanticAI's tests too.
quiet_by_default()


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Refuse outbound connections and DNS in every CrewAI test, and check none was tried."""
    attempts: list[Any] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(args[1:] if args and isinstance(args[0], socket.socket) else args)
        raise OSError("network access is disabled in blame-crewai tests")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    yield attempts
    assert attempts == [], f"network access attempted: {attempts}"


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[Path]:
    """CrewAI's storage for one test; the test runs inside blame's CrewAI sandbox.

    So crews built by the test (CrewAI creates its database when a Crew is constructed) and
    a first import of crewai write there, not under the home directory.
    """
    from blame_crewai.tracer import crewai_sandbox

    path = tmp_path / "crewai-storage"
    with crewai_sandbox(path):
        yield path


@pytest.fixture
def make_agent(storage: Path) -> Callable[..., Any]:
    """`make_agent(role, script, tools=[...], allow_delegation=False)` on a ScriptedLLM."""
    from blame_crewai.fakes import ScriptedLLM
    from crewai import Agent

    def make(role: str, script: list[str], **options: Any) -> Any:
        options.setdefault("allow_delegation", False)
        return Agent(
            role=role,
            goal=f"Do the {role} work.",
            backstory=f"You are the {role}.",
            llm=ScriptedLLM(model=f"scripted-{role.lower()}", responses=script),
            verbose=False,
            **options,
        )

    return make


def action(tool: str, args: str, thought: str = "I need a tool.") -> str:
    """A scripted ReAct tool call."""
    return f"Thought: {thought}\nAction: {tool}\nAction Input: {args}"


def final(answer: str) -> str:
    """A scripted ReAct final answer."""
    return f"Thought: I know the answer.\nFinal Answer: {answer}"


@pytest.fixture
def react() -> tuple[Callable[..., str], Callable[[str], str]]:
    """(action, final): builders of scripted ReAct replies."""
    return action, final
