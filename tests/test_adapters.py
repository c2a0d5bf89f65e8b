from __future__ import annotations

from pathlib import Path

import pytest

from blame.adapters import coerce_result, import_entrypoint, python_adapter
from blame.context import RunContext
from blame.errors import AgentError, ConfigError
from blame.model import Trace
from blame.protocols import AgentAdapter
from blame.recorder import TraceRecorder
from tests.conftest import AGENT_SOURCE


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "agent.py").write_text(AGENT_SOURCE, encoding="utf-8")
    return tmp_path


def test_python_adapter_is_registered() -> None:
    assert RunContext().adapters()["python"] is python_adapter
    assert isinstance(python_adapter, AgentAdapter)


def test_runs_entrypoint_relative_to_config_folder(folder: Path) -> None:
    run = python_adapter.load("agent:run", base_dir=folder, options={})
    final, trace = run("What is the capital of France?", "t")
    assert final == "Paris"
    assert [s.agent for s in trace.steps] == ["Planner", "Planner", "Writer"]


def test_bare_trace_is_accepted(folder: Path) -> None:
    final, trace = python_adapter.load("agent:bare", base_dir=folder, options={})("q", "t")
    assert (final, trace.steps[0].agent) == ("Paris", "Solo")


def test_wrong_return_type_names_the_entrypoint(folder: Path) -> None:
    run = python_adapter.load("agent:wrong", base_dir=folder, options={})
    with pytest.raises(AgentError) as caught:
        run("q", "t")
    assert str(caught.value) == (
        "entrypoint agent:wrong returned int; expected (final_output, Trace) or a Trace; "
        "record the run with blame.TraceRecorder and return rec.finalize(...)"
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [(None, "NoneType"), ("text", "str"), (("a", "b"), "a tuple of (str, str)")],
)
def test_coerce_result_rejects(value: object, shown: str) -> None:
    with pytest.raises(AgentError) as caught:
        coerce_result(value, "m:f")
    assert f"entrypoint m:f returned {shown}; expected" in str(caught.value)


def test_coerce_result_converts_output_to_text() -> None:
    rec = TraceRecorder()
    rec.step("A", output="x")
    trace = rec.finalize()
    assert coerce_result(({"a": 1}, trace), "m:f") == ('{"a": 1}', trace)
    assert isinstance(coerce_result(trace, "m:f")[1], Trace)


def test_missing_module_is_one_config_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        import_entrypoint("nowhere_module:run", tmp_path)
    assert str(caught.value) == (
        f"agent.entrypoint: cannot import module 'nowhere_module' (no nowhere_module.py in "
        f"{tmp_path}); fix the module part of `module:attr` (relative to blame.yaml)"
    )


@pytest.mark.parametrize(
    ("entrypoint", "fix"),
    [("pipeline.py:run", "pipeline:run"), ("agents/pipeline.py:run", "agents.pipeline:run")],
)
def test_file_name_as_module_gets_the_module_form(
    tmp_path: Path, entrypoint: str, fix: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        import_entrypoint(entrypoint, tmp_path)
    assert str(caught.value) == (
        f"agent.entrypoint: {entrypoint!r} names a file, not a module; "
        f"write the module name without .py: `{fix}`"
    )


def test_missing_attribute(folder: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        import_entrypoint("agent:nope", folder)
    assert str(caught.value) == (
        "agent.entrypoint: module 'agent' has no attribute 'nope'; "
        "define nope in agent, or fix the name after the colon"
    )


def test_module_that_raises_on_import(tmp_path: Path) -> None:
    (tmp_path / "broken_on_import.py").write_text("raise RuntimeError('no key')\n")
    with pytest.raises(AgentError, match="importing 'broken_on_import' raised RuntimeError: no"):
        import_entrypoint("broken_on_import:run", tmp_path)


def test_missing_dependency_of_user_module(tmp_path: Path) -> None:
    (tmp_path / "needs_dep.py").write_text("import not_installed_dep_xyz\n")
    with pytest.raises(AgentError, match="install 'not_installed_dep_xyz'"):
        import_entrypoint("needs_dep:run", tmp_path)


def test_not_callable(tmp_path: Path) -> None:
    (tmp_path / "constant_mod.py").write_text("run = 3\n")
    with pytest.raises(ConfigError, match="constant_mod:run is a int, not a function"):
        python_adapter.load("constant_mod:run", base_dir=tmp_path, options={})


def test_same_module_name_in_two_folders_runs_the_local_one(tmp_path: Path) -> None:
    for name, answer in (("one", "first"), ("two", "second")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "same_name_agent.py").write_text(
            f"def answer():\n    return {answer!r}\n"
        )
    assert import_entrypoint("same_name_agent:answer", tmp_path / "one")() == "first"
    assert import_entrypoint("same_name_agent:answer", tmp_path / "two")() == "second"


def test_import_warning_is_one_line_and_silenceable(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("BLAME_NO_WARN")
    import_entrypoint("agent:run", folder)
    assert capsys.readouterr().err == (
        f"blame: importing user code: agent (from {folder}); set BLAME_NO_WARN=1 to hide\n"
    )
    monkeypatch.setenv("BLAME_NO_WARN", "1")
    import_entrypoint("agent:run", folder)
    assert capsys.readouterr().err == ""


class _Widget:
    """A framework object an entrypoint may name or build."""


@pytest.mark.parametrize(
    ("target", "error"),
    [
        (_Widget(), None),
        (_Widget, None),  # a factory: built
        (42, "m:w is a int, not a _Widget or a function returning one"),
        (lambda: "text", "m:w returned str, not an app._Widget"),
    ],
)
def test_built_from_takes_an_object_or_a_factory(target: object, error: str | None) -> None:
    from blame.adapters import built_from
    from blame.errors import BlameError

    if error is None:
        assert isinstance(built_from(target, "m:w", _Widget, "app._Widget"), _Widget)
    else:
        with pytest.raises(BlameError, match=error):
            built_from(target, "m:w", _Widget, "app._Widget")
    assert built_from(lambda: "never called", "m:w", _Widget, "x", check_only=True) is None


def test_an_entrypoint_module_that_is_a_link_loop_is_named(tmp_path: Path) -> None:
    """It said "cannot import module (no loop_entry.py in the folder)" beside loop_entry.py."""
    (tmp_path / "loop_entry.py").symlink_to("loop_entry.py")
    with pytest.raises(ConfigError) as caught:
        import_entrypoint("loop_entry:run", tmp_path)
    assert caught.value.field == "agent.entrypoint"
    assert "loop_entry.py is a link that leads back to itself" in str(caught.value)
