"""ruff and mypy --strict hold for every distribution, enforced where CI looks: the test suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = [
    "blame",
    "integrations/langgraph/src/blame_langgraph",
    "integrations/crewai/src/blame_crewai",
    "plugins/jsonschema/src/blame_jsonschema",
]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    "command", [("ruff", "check", "."), ("ruff", "format", "--check", ".")], ids=" ".join
)
def test_ruff(command: tuple[str, ...]) -> None:
    done = _run(*command)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_on_every_distribution() -> None:
    done = _run("mypy", "--strict", *PACKAGES)
    assert done.returncode == 0, done.stdout + done.stderr
