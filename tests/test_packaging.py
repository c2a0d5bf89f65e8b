"""Every distribution claims exactly the Pythons that CI (.ci/run) tests, no more, no fewer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTIONS = [
    ".",
    "integrations/langgraph",
    "integrations/crewai",
    "integrations/openai-agents",
    "integrations/pydantic-ai",
    "integrations/smolagents",
    "plugins/jsonschema",
]


def _tested() -> list[str]:
    found = re.search(r"^SUPPORTED=\(([^)]*)\)", (ROOT / ".ci" / "run").read_text(), re.M)
    assert found is not None, ".ci/run names no SUPPORTED=(...) versions"
    return found.group(1).split()


@pytest.mark.parametrize("distribution", DISTRIBUTIONS)
def test_classifiers_list_exactly_the_versions_ci_tests(distribution: str) -> None:
    text = (ROOT / distribution / "pyproject.toml").read_text()
    claimed = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', text)
    assert claimed == _tested()
    assert f'requires-python = ">={_tested()[0]}"' in text
