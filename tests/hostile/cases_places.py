"""The corpus's places that cannot take an output: folders that are links to nothing, folders
no file can be made in (even by root), a CI job summary that cannot be written, and files the
user has (the config, the agent's code, a stored trace) that an output would replace."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tests.hostile.harness import AGENTS, FAILING, PROMPTS, Case, config, native, trace_test


def _link_to_nothing(project: Path) -> None:
    (project / "sub").symlink_to("nowhere")


def _pipe_named(name: str) -> Callable[[Path], None]:
    """A named pipe called `name` that no process reads or writes: opening it waits forever."""
    return lambda project: os.mkfifo(project / name)


_pipe = _pipe_named("summary.md")


def _loop_beside_the_agent(project: Path) -> None:
    """A link to itself beside the agent's code, named as a module could be."""
    (project / "cache").symlink_to("cache")


def _prompt_folder_with_a_loop(project: Path) -> None:
    """The Writer's prompt, and beside it a link to itself."""
    (project / "prompts").mkdir()
    (project / "prompts" / "writer.md").write_text("You write.\n", encoding="utf-8")
    (project / "prompts" / "loop.md").symlink_to("loop.md")


PLACES: dict[str, Case] = {
    "init-into-a-folder-linked-to-nothing": Case(
        {"sub": _link_to_nothing},
        ("init", "-c", "sub/blame.yaml"),
        2,
        "sub/blame.yaml: cannot write: the folder sub is a link to nowhere, which does not exist",
    ),
    "junit-xml-into-proc": Case(
        {**AGENTS, "blame.yaml": FAILING},
        ("test", "--junit-xml", "/proc/blame/j.xml"),
        2,
        "/proc/blame/j.xml: cannot write: no file can be made in /proc",
    ),
    "github-summary-in-a-missing-folder": Case(
        {**AGENTS, "blame.yaml": FAILING},
        ("test",),
        1,  # the suite's own exit code: a check failed
        "blame: warning: GITHUB_STEP_SUMMARY: cannot append the job summary",
        env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "/proc/blame/summary.md"},
    ),
    "github-summary-is-a-pipe-no-one-reads": Case(
        {**AGENTS, "blame.yaml": FAILING, "summary.md": _pipe},
        ("test",),
        1,  # the suite's own exit code: a check failed
        "it is a named pipe that no process reads",
        env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "summary.md"},
    ),
    "report-output-over-the-config": Case(
        {**AGENTS, "blame.yaml": FAILING},
        ("report", "-o", "blame.yaml"),
        2,  # it replaced blame.yaml with the Markdown report
        "blame.yaml: --output: is the config file; writing the output here would replace it",
        before=("test",),
    ),
    "baseline-saved-over-the-agent-code": Case(
        {**AGENTS, "blame.yaml": FAILING},
        ("baseline", "save", "-o", "pipeline.py"),
        2,  # it replaced the agent's code with the baseline's JSON
        "pipeline.py: --output: is code (.py); writing the output here would replace it",
        before=("test",),
    ),
    "junit-xml-over-a-stored-trace": Case(
        {"blame.yaml": trace_test("run.json"), "run.json": native("Paris")},
        ("test", "--junit-xml", "run.json"),
        2,  # the trace the test reads was replaced by the JUnit XML of reading it
        "run.json: --junit-xml: is the stored trace of test 't'",
    ),
    "a-link-to-itself-beside-the-agent": Case(
        {**AGENTS, "blame.yaml": config("fine"), "cache": _loop_beside_the_agent},
        ("test",),
        0,  # importing 'pipeline' raised OSError: [Errno 40] Too many levels of symbolic links
        "1 test: 1 passed",
    ),
    "improve-verify-copies-a-project-holding-a-link-to-itself": Case(
        {
            **AGENTS,
            "prompts": _prompt_folder_with_a_loop,
            "blame.yaml": FAILING + PROMPTS % "prompts/writer.md",
        },
        ("improve", "--verify", "--runs", "1"),
        0,  # internal error: RuntimeError: Symlink loop from '.../prompts/loop.md'
        "verified on t",
        before=("test",),
    ),
    "analyze-checks-from-a-pipe-no-one-writes": Case(
        {"run.json": native("Paris"), "checks.yaml": _pipe_named("checks.yaml")},
        ("analyze", "run.json", "--checks", "checks.yaml"),
        2,  # the hint said to pass the path of blame.yaml
        "checks.yaml: is a pipe, not a file; pass --checks FILE holding `checks: [",
    ),
}
"""Name -> case."""
