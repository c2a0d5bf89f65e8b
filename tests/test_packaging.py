"""Every distribution claims exactly the Pythons that CI (.ci/run) tests, no more, no fewer,
and declares its license in the form builds accept without a deprecation warning."""

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
    "integrations/ag2",
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


@pytest.mark.parametrize("distribution", [*DISTRIBUTIONS, "examples/plugins/blame-wordcount"])
def test_the_license_is_an_spdx_string_for_a_setuptools_that_reads_it(distribution: str) -> None:
    """`license = { text = ... }` makes every `pip install` print a long deprecation warning
    (the table form is removed in 2027); the SPDX string needs setuptools 77 to build."""
    text = (ROOT / distribution / "pyproject.toml").read_text()
    assert re.search(r'^license = "MIT"$', text, re.M), "license is not the SPDX string"
    assert 'requires = ["setuptools>=77"]' in text
    assert "License ::" not in text  # a license classifier beside the SPDX string is an error
    files = re.findall(r"^license-files = \[(.*)\]$", text, re.M)
    if distribution in DISTRIBUTIONS:  # each ships the license text in its wheel and sdist
        assert files == ['"LICENSE"']
    for name in re.findall(r'"([^"]+)"', files[0] if files else ""):
        assert (ROOT / distribution / name).is_file(), name
