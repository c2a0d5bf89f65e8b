"""Shared fixtures: throwaway configs and agents written to real files."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

from tests.background import Background

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


def half(question):  # raises part-way, its partial trace on the error (as an adapter's does)
    from blame.errors import PartialRunError

    rec = TraceRecorder(test_name="half", input=question)
    rec.step("Planner", input=question, output="The capital is Paris.", cost_usd=0.01)
    rec.step("Writer", input="The capital is Paris.", error="ValueError: the model is down")
    raise PartialRunError(
        "Writer raised ValueError: the model is down",
        trace=rec.finalize(final_output="The capital is Paris."),
    )
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


# The static checks (tests marked `static`, parametrised by `command`) run in the background from
# the end of collection, and their tests, moved last, only collect the results: README's one
# command still runs them, but they are off its critical path. `-m "not static"` skips them.
_BACKGROUND = pytest.StashKey[Background]()


def _is_static(item: pytest.Item) -> bool:
    return item.get_closest_marker("static") is not None


def pytest_configure(config: pytest.Config) -> None:
    """Background commands run in the root folder, like the tests' own commands."""
    config.stash[_BACKGROUND] = Background(config.rootpath)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Static checks last: by the time they are reached their commands have finished."""
    items.sort(key=_is_static)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the selected static checks' commands, unless this is only a collection."""
    if session.config.option.collectonly:
        return
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        if _is_static(item) and callspec is not None:
            session.config.stash[_BACKGROUND].start(callspec.params["command"])


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A run stopped early (-x, Ctrl-C) leaves no static check running."""
    session.config.stash[_BACKGROUND].stop()


@pytest.fixture(scope="session")
def background(pytestconfig: pytest.Config) -> Background:
    """The commands started at the end of collection (a command nobody started starts now)."""
    return pytestconfig.stash[_BACKGROUND]


@contextmanager
def bench_script(name: str) -> Iterator[ModuleType]:
    """bench/NAME.py, imported as the script imports its neighbours (bench/ on the path)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "bench"))
