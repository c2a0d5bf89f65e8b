from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blame import checks
from blame.checks import budget, code, content, tools
from blame.checks.base import Builtin
from blame.context import RunContext
from blame.errors import ConfigError
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.protocols import CheckType
from blame.results import Evaluation

FAMILIES = {
    **dict.fromkeys(["contains", "not_contains", "regex", "exact_match"], content),
    **dict.fromkeys(["max_latency", "max_cost", "max_steps"], budget),
    **dict.fromkeys(
        ["tool_called", "tool_not_called", "tool_order", "tool_succeeded", "no_unsupported_claim"],
        tools,
    ),
    **dict.fromkeys(["python_import_check", "unit_tests"], code),
}


@pytest.mark.parametrize("kind", sorted(FAMILIES))
def test_every_builtin_is_registered_and_satisfies_the_protocol(kind: str) -> None:
    found = checks.lookup(RunContext(), kind)
    assert found is getattr(FAMILIES[kind], kind)
    assert isinstance(found, CheckType)
    assert found.type == kind


@pytest.mark.parametrize(
    ("kind", "params", "problem"),
    [
        ("contains", {}, "missing parameter 'value'; write e.g. `value: Paris`"),
        ("contains", {"value": ""}, "value must not be empty, got ''"),
        ("contains", {"value": ["a"]}, "value must be text, got ['a']"),
        (
            "contains",
            {"value": "a", "case_sensitive": "no"},
            "case_sensitive must be true or false",
        ),
        ("regex", {"value": "(a"}, "value is not a valid regular expression: missing )"),
        ("max_latency", {"seconds": 0}, "seconds must be greater than 0, got 0"),
        ("max_latency", {"seconds": "5s"}, "seconds must be a number, got '5s'"),
        ("max_cost", {"dollars": 1}, "unknown parameter 'dollars'"),
        ("max_steps", {"max": 1.5}, "max must be a whole number, got 1.5"),
        ("tool_called", {"tool": "t", "min": -1}, "min must not be negative"),
        ("tool_order", {"tools": []}, "tools must be a non-empty list of names"),
        ("tool_order", {"tools": "a,b"}, "tools must be a non-empty list of names"),
        ("no_unsupported_claim", {"tool": "t", "claims": [1]}, "claims must list non-empty"),
        ("unit_tests", {"tests": "def test_x(:"}, "tests has a syntax error at line 1"),
        ("python_import_check", {"timeout": -2}, "timeout must be greater than 0"),
        ("python_import_check", {"timeout": float("inf")}, "timeout must be a finite number"),
        ("unit_tests", {"tests": "def test_a(): pass", "timeout": float("inf")},
         "timeout must be a finite number"),
        ("max_cost", {"usd": float("inf")}, "usd must be a finite number, got inf"),
    ],
)  # fmt: skip
def test_validation_says_what_is_wrong(kind: str, params: dict[str, Any], problem: str) -> None:
    with pytest.raises(ConfigError) as raised:
        checks.lookup(RunContext(), kind).bind(params, base_dir=Path("."))
    assert problem in raised.value.message


@pytest.mark.parametrize(
    ("kind", "params", "label"),
    [
        ("contains", {"value": "Paris"}, "contains:Paris"),
        ("contains", {"value": "x" * 100}, "contains:" + "x" * 39 + "…"),
        ("max_latency", {"seconds": 5}, "max_latency:5s"),
        ("max_cost", {"usd": 0.05}, "max_cost:$0.05"),
        ("tool_order", {"tools": ["a", "b"]}, "tool_order:a>b"),
        ("python_import_check", {}, "python_import_check"),
        ("unit_tests", {"tests": "def test_a(): pass\ndef test_b(): pass"}, "unit_tests:2 tests"),
    ],
)
def test_labels(kind: str, params: dict[str, Any], label: str) -> None:
    assert checks.lookup(RunContext(), kind).label(params) == label


@pytest.mark.parametrize("kind", sorted(FAMILIES))
def test_every_builtin_attributes_through_its_engine_rule(kind: str) -> None:
    """No built-in repeats `attribute`: each names its engine rule and what the rule reads."""
    found = getattr(FAMILIES[kind], kind)
    assert type(found).attribute is Builtin.attribute
    assert callable(found.rule)
    assert found.rule.__module__.startswith(("blame.engine.", "blame.checks."))


def test_a_type_without_a_rule_says_so_when_asked_to_attribute() -> None:
    class Bare(Builtin[None]):
        type = "bare"

    trace = Trace(test_name="t", steps=(), final_output="")
    with pytest.raises(NotImplementedError, match="check type bare has no attribution rule"):
        Bare().attribute(
            Check(type="bare", name="bare"), Evaluation(score=0.0, message=""), StepGraph(trace)
        )
