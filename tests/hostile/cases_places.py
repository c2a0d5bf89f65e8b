"""The corpus's places that cannot take an output: folders that are links to nothing, folders
no file can be made in (even by root), and a CI job summary that cannot be written."""

from __future__ import annotations

import os
from pathlib import Path

from tests.hostile.harness import AGENTS, FAILING, Case


def _link_to_nothing(project: Path) -> None:
    (project / "sub").symlink_to("nowhere")


def _pipe(project: Path) -> None:
    """A named pipe that no process reads: a plain open of it waits forever."""
    os.mkfifo(project / "summary.md")


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
}
"""Name -> case."""
