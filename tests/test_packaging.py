"""Every distribution claims exactly the Pythons that CI (.ci/run) tests, no more, no fewer,
and declares its license in the form builds accept without a deprecation warning."""

from __future__ import annotations

import re

import pytest

from tests.distributions import ROOT, distributions, examples, name

DISTRIBUTIONS = [name(folder) for folder in distributions()]
"""Every distribution of the repository, found by folder (the core is `.`)."""


def test_every_distribution_is_found() -> None:
    """A sanity check of the discovery the tests here are parametrised with."""
    assert DISTRIBUTIONS == [
        ".",
        "integrations/ag2",
        "integrations/crewai",
        "integrations/langgraph",
        "integrations/openai-agents",
        "integrations/pydantic-ai",
        "integrations/smolagents",
        "plugins/jsonschema",
    ]
    assert [name(folder) for folder in examples()] == ["examples/plugins/blame-wordcount"]


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


@pytest.mark.parametrize("distribution", [*DISTRIBUTIONS, *map(name, examples())])
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
    for listed in re.findall(r'"([^"]+)"', files[0] if files else ""):
        assert (ROOT / distribution / listed).is_file(), listed


@pytest.mark.parametrize("distribution", DISTRIBUTIONS)
def test_ci_installs_every_distribution(distribution: str) -> None:
    """.ci/run (and README's command, which tests/test_docs.py keeps the same) installs each,
    editable, so the whole suite tests each one."""
    found = re.search(r"^PACKAGES=\(([^)]*)\)", (ROOT / ".ci" / "run").read_text(), re.M)
    assert found is not None, ".ci/run names no PACKAGES=(...) to install"
    installed = {
        word.strip('"').split("[")[0].removeprefix("./") for word in found.group(1).split()
    }
    assert distribution in installed, f".ci/run does not install {distribution}"
