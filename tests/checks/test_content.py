from __future__ import annotations

from typing import Any

import pytest
from sample import run, trace

from blame.checks import content
from blame.testing import make_check
from blame.text import safe_search


@pytest.mark.parametrize(
    ("kind", "params", "final", "score", "message"),
    [
        ("contains", {"value": "Paris"}, None, 1.0, "output contains 'Paris'"),
        ("contains", {"value": "paris"}, None, 0.0,
         "expected output to contain 'paris'; final output: 'The capital of France is Paris.'"),
        ("contains", {"value": "paris", "case_sensitive": False}, None, 1.0, "contains"),
        ("contains", {"value": 42}, "answer: 42", 1.0, "output contains '42'"),
        ("contains", {"value": "x"}, "", 0.0,
         "expected output to contain 'x'; final output is empty"),
        ("not_contains", {"value": "TODO"}, None, 1.0, "output does not contain 'TODO'"),
        ("not_contains", {"value": "Paris"}, None, 0.0,
         "expected output not to contain 'Paris'; found at offset 25: "
         "'The capital of France is Paris.'"),
        ("regex", {"value": r"\bParis\b"}, None, 1.0, "output matches /\\bParis\\b/ at 'Paris'"),
        ("regex", {"value": r"^\d+$"}, None, 0.0, "expected output to match /^\\d+$/"),
        ("regex", {"value": "PARIS", "ignore_case": True}, None, 1.0, "matches"),
        ("exact_match", {"value": "The capital of France is Paris."}, None, 1.0, "output equals"),
        ("exact_match", {"value": "Paris"}, None, 0.0,
         "expected output 'Paris'; got 'The capital of France is Paris.'"),
        ("exact_match", {"value": " paris ", "case_sensitive": False}, "PARIS\n", 1.0, "equals"),
    ],
)  # fmt: skip
def test_content_checks(
    kind: str, params: dict[str, Any], final: str | None, score: float, message: str
) -> None:
    got_score, got_message = run(kind, trace() if final is None else trace(final), **params)
    assert got_score == score
    assert message in got_message


def test_regex_check_that_times_out_is_an_error_not_a_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(content, "safe_search", _fast_timeout_search)
    found = content.regex.evaluate(make_check("regex", value=r"(?!(x+x+)+y)"), trace("x" * 5000))
    assert found.score == 0.0
    assert found.error is not None and "timed out" in found.error  # the status is its own field
    assert found.message == found.error  # not spelled into the message


@pytest.mark.parametrize("pattern", ["^a+$", r"^(?![\s\S]*TODO)"])
def test_regex_check_on_output_past_the_cap_errors_instead_of_passing(pattern: str) -> None:
    score, message = run("regex", trace("a" * 1_000_000 + " TODO"), value=pattern)
    assert score == 0.0
    assert "over the 1,000,000-char limit; the check cannot be decided" in message


def _fast_timeout_search(pattern: str, text: str, **kwargs: Any) -> Any:
    return safe_search(pattern, text, timeout=0.05, ignore_case=kwargs.get("ignore_case", False))
