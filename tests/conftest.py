"""Shared fixtures: throwaway configs and agents written to real files."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

AGENT_SOURCE = """
import time
from blame import TraceRecorder


def run(question):
    rec = TraceRecorder(test_name="run", input=question)
    first = rec.step("Planner", input=question, output="plan: answer with Paris")
    rec.tool("lookup", agent="Planner", args={"q": question}, output="Paris")
    answer = "Paris" if "capital" in question else "no idea"
    rec.step("Writer", input="Paris", output=answer, latency_ms=10.0)
    return answer, rec.finalize(final_output=answer)


def crash(question):
    raise ValueError("the model is down")


def hang(question):
    time.sleep(30)


def wrong(question):
    return 42


def bare(question):
    rec = TraceRecorder(test_name="x", input=question)
    rec.step("Solo", input=question, output="Paris")
    return rec.finalize()
"""


@pytest.fixture(autouse=True)
def _quiet_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests that check the import warning unset this themselves."""
    monkeypatch.setenv("BLAME_NO_WARN", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)


MakeConfig = Callable[..., Path]


@pytest.fixture
def make_config(tmp_path: Path) -> MakeConfig:
    """Write `text` (dedented) as blame.yaml beside a small agent module; returns its path."""

    def make(text: str, *, agent: str = AGENT_SOURCE, name: str = "blame.yaml") -> Path:
        (tmp_path / "agent.py").write_text(agent, encoding="utf-8")
        path = tmp_path / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return make


BASIC = """
agent: {type: python, entrypoint: agent:run}
tests:
  - name: capital
    input: What is the capital of France?
    checks:
      - {type: contains, value: Paris, weight: 2}
      - {type: tool_called, tool: lookup}
  - name: unknown
    input: Who are you?
    checks:
      - {type: contains, value: Paris}
"""
