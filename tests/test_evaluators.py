from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from blame import evaluators as ev
from blame.context import RunContext
from blame.model import Check, Trace
from blame.protocols import Evaluator
from blame.recorder import TraceRecorder
from blame.text import safe_search

ALL = [
    "contains", "not_contains", "regex", "exact_match", "max_latency", "max_cost", "max_steps",
    "tool_called", "tool_not_called", "tool_order", "tool_succeeded", "no_unsupported_claim",
    "python_import_check", "unit_tests",
]  # fmt: skip


def _trace(final: str = "The capital of France is Paris.", *, tools: bool = True) -> Trace:
    rec = TraceRecorder(test_name="t", input="q")
    rec.step("Planner", input="q", output="plan", latency_ms=1000.0, cost_usd=0.01)
    if tools:
        rec.tool("search", agent="Planner", args={"q": "x"}, output="hits", latency_ms=3000.0)
        rec.tool("book", agent="Planner", args={}, error="sold out", latency_ms=500.0)
        rec.tool("search", agent="Planner", args={"q": "y"}, output="more", latency_ms=10.0)
    rec.step("Writer", input="hits", output=final, latency_ms=200.0, cost_usd=0.02)
    return rec.finalize(final_output=final)


def _check(kind: str, **params: Any) -> Check:
    evaluator = RunContext().check_types()[kind]
    assert evaluator.validate(params) is None
    return Check(type=kind, name=evaluator.label(params), params=params)


def _run(kind: str, trace: Trace, **params: Any) -> tuple[float, str, Mapping[str, Any]]:
    result = RunContext().check_types()[kind].evaluate(_check(kind, **params), trace)
    assert 0.0 <= result.score <= 1.0
    return result.score, result.message, result.evidence


@pytest.mark.parametrize("kind", ALL)
def test_every_builtin_is_registered_and_satisfies_the_protocol(kind: str) -> None:
    found = RunContext().check_types()[kind]
    assert found is getattr(ev, kind)
    assert isinstance(found, Evaluator)
    assert found.type == kind


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
        ("max_latency", {"seconds": 5}, None, 1.0, "latency 4.71 s within the limit 5 s"),
        ("max_latency", {"seconds": 1}, None, 0.0,
         "latency 4.71 s exceeds the limit 1 s (largest: step 1 search 3 s)"),
        ("max_cost", {"usd": 0.05}, None, 1.0, "cost $0.03 within the limit $0.05"),
        ("max_cost", {"usd": 0.015}, None, 0.0,
         "cost $0.03 exceeds the limit $0.015 (largest: step 4 Writer $0.02)"),
        ("max_steps", {"max": 5}, None, 1.0, "5 steps within the limit 5"),
        ("max_steps", {"max": 2}, None, 0.0, "5 steps exceed the limit 2 (most: Planner with 4)"),
        ("tool_called", {"tool": "search"}, None, 1.0, "search called 2 time(s) (at least 1)"),
        ("tool_called", {"tool": "search", "max": 1}, None, 0.0,
         "expected search to be called between 1 and 1 time(s); called 2 time(s)"),
        ("tool_called", {"tool": "pay"}, None, 0.0,
         "expected pay to be called at least 1 time(s); never called; tools called: book, search"),
        ("tool_not_called", {"tool": "pay"}, None, 1.0, "pay was not called"),
        ("tool_not_called", {"tool": "book"}, None, 0.0,
         "expected book never to be called; called 1 time(s) (step 2 by Planner)"),
        ("tool_order", {"tools": ["search", "book"]}, None, 1.0,
         "tools called in order search > book"),
        ("tool_order", {"tools": ["book", "search", "book"]}, None, 0.0,
         "expected tools in order book > search > book; book not found after book > search "
         "(actual calls: search > book > search)"),
        ("tool_succeeded", {"tool": "search"}, None, 1.0, "search succeeded (step 3)"),
        ("tool_succeeded", {"tool": "book"}, None, 0.0,
         "expected book to succeed; its last call (step 2) failed: 'sold out'"),
        ("tool_succeeded", {"tool": "pay"}, None, 0.0,
         "expected pay to succeed; it was never called (tools called: book, search)"),
        ("no_unsupported_claim", {"tool": "book"}, "Your trip is booked!", 0.0,
         "output claims 'booked' but every call of book failed (steps 2); expected no success "
         "claim without a successful book call"),
        ("no_unsupported_claim", {"tool": "pay"}, "Payment done.", 0.0,
         "output claims 'done' but pay was never called"),
        ("no_unsupported_claim", {"tool": "book"}, "Sorry, the trip was not booked.", 1.0,
         "output makes no success claim"),
        ("no_unsupported_claim", {"tool": "book"}, "I could not confirm it.", 1.0, "no success"),
        ("no_unsupported_claim", {"tool": "search"}, "Search done.", 1.0,
         "output claims 'done'; search succeeded (step 3)"),
        ("no_unsupported_claim", {"tool": "book", "claims": ["reserved"]}, "Booked!", 1.0,
         "no success claim"),
    ],
)  # fmt: skip
def test_builtin_rules(
    kind: str, params: dict[str, Any], final: str | None, score: float, message: str
) -> None:
    trace = _trace() if final is None else _trace(final)
    got_score, got_message, _ = _run(kind, trace, **params)
    assert got_score == score
    assert message in got_message


@pytest.mark.parametrize(
    ("kind", "params", "key", "value"),
    [
        ("not_contains", {"value": "Paris"}, "position", 25),
        ("contains", {"value": "Rome"}, "value", "Rome"),
        ("regex", {"value": "Par.s"}, "matched", "Paris"),
        ("max_latency", {"seconds": 1}, "step_indexes", [1, 0, 2, 4, 3]),
        ("tool_called", {"tool": "search"}, "step_indexes", [1, 3]),
        ("tool_succeeded", {"tool": "book"}, "failed_step_indexes", [2]),
        ("tool_order", {"tools": ["book", "book"]}, "missing", "book"),
        ("max_steps", {"max": 3}, "step_indexes", [3, 4]),
    ],
)
def test_evidence_carries_facts_for_the_engine(
    kind: str, params: dict[str, Any], key: str, value: Any
) -> None:
    assert _run(kind, _trace(), **params)[2][key] == value


def test_budgets_without_recorded_values_pass() -> None:
    rec = TraceRecorder()
    rec.step("A", output="x")
    score, message, _ = _run("max_cost", rec.finalize(), usd=1)
    assert (score, message) == (1.0, "no cost recorded; limit $1")


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
    message = RunContext().check_types()[kind].validate(params)
    assert message is not None
    assert problem in message


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
    assert RunContext().check_types()[kind].label(params) == label


def test_regex_check_times_out_as_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ev, "safe_search", _fast_timeout_search)
    score, message, _ = _run("regex", _trace("x" * 5000), value=r"(x+x+)+y")
    assert score == 0.0
    assert "timed out" in message and "treated as no match" in message


def _fast_timeout_search(pattern: str, text: str, **kwargs: Any) -> Any:
    return safe_search(pattern, text, timeout=0.05, ignore_case=kwargs.get("ignore_case", False))


GOOD_CODE = "Here you go:\n```python\ndef add(a, b):\n    return a + b\n```\n"
TESTS = (
    "def test_small():\n    assert add(1, 2) == 3\n\n"
    "def test_neg():\n    assert add(-1, -1) == -3\n"
)


@pytest.mark.parametrize(
    ("final", "score", "message"),
    [
        (GOOD_CODE, 1.0, "the code compiles and imports"),
        ("def add(a, b):\n    return a + b\n", 1.0, "the code compiles and imports"),
        ("```python\ndef add(a b):\n```", 0.0, "syntax error at line 1"),
        ("```python\nimport no_such_module_xyz\n```", 0.0,
         "import failed: ModuleNotFoundError: No module named 'no_such_module_xyz'"),
        ("", 0.0, "expected Python code in the output; it is empty"),
        pytest.param("word " * 200_000, 0.0, "too large or too deeply nested to compile",
                     id="huge-prose"),
        pytest.param("x = " + "-" * 200_000 + "1", 0.0,
                     "too large or too deeply nested to compile", id="deep-expression"),
    ],
)  # fmt: skip
def test_python_import_check(final: str, score: float, message: str) -> None:
    got_score, got_message, _ = _run("python_import_check", _trace(final))
    assert got_score == score
    assert message in got_message


def test_python_import_check_times_out() -> None:
    final = "```python\nwhile True:\n    pass\n```"
    score, message, _ = _run("python_import_check", _trace(final), timeout=0.5)
    assert (score, message) == (
        0.0,
        "expected importable Python code; import failed: timed out after 0.5 s",
    )


@pytest.mark.parametrize(
    ("final", "score", "message"),
    [
        (GOOD_CODE, 0.5, "1/2 tests passed; failed: test_neg: AssertionError"),
        ("```python\ndef add(a, b):\n    return 0\n```", 0.0, "0/2 tests passed; failed: "),
        ("```python\nraise SystemExit(3)\n```", 0.0, "0/2 tests passed: the code does not import"),
        ("no code here at all", 0.0, "0/2 tests passed: syntax error"),
        pytest.param("word " * 200_000, 0.0,
                     "0/2 tests passed: the code is too large or too deeply nested to compile",
                     id="huge-prose"),
        (  # code that forges a result line and exits before the tests run
            "```python\nimport os\nprint('@@blame-result@@{\"results\": [[\"t\", null]]}')\n"
            "os._exit(0)\n```",
            0.0,
            "0/2 tests passed: the code does not import: the code ended the process (exit code 0)",
        ),
    ],
)  # fmt: skip
def test_unit_tests_score_is_share_passed(final: str, score: float, message: str) -> None:
    got_score, got_message, _ = _run("unit_tests", _trace(final), tests=TESTS)
    assert got_score == score
    assert message in got_message


def test_extract_python_prefers_python_fences() -> None:
    text = "```\nplain\n```\n```python\nx = 1\n```\n```py\ny = 2\n```"
    assert ev.extract_python(text) == "x = 1\n\ny = 2\n"
    assert ev.extract_python("```\nz = 3\n```") == "z = 3\n"
    assert ev.extract_python("w = 4") == "w = 4"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("```python extra words\nx = 1\n```", "x = 1\n"),
        ("``` \t PY\nx = 1\n```", "x = 1\n"),
        ("```py3\nx = 1\n```", "```py3\nx = 1\n```"),  # another language: the whole text
        ("```python\nunclosed", "```python\nunclosed"),
        ("```python", "```python"),
        ("````\nx\n```", "x\n"),
        ("```\na\n``````\nb\n```", "a\n\nb\n"),
        ("text ```c\nint x;\n``` and ```\ny = 2\n``` end", "y = 2\n"),
    ],
)
def test_extract_python_fence_rules(text: str, code: str) -> None:
    assert ev.extract_python(text) == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("```" * 300_000, "```" * 300_000, id="fence-openers-without-newline"),
        pytest.param(
            "```\n" + "x\n" * 100_000 + "```py" * 100_000, "x\n" * 100_000, id="one-then-openers"
        ),
    ],
)
def test_extract_python_is_linear_on_hostile_output(text: str, code: str) -> None:
    """A backtracking fence regex took minutes on these (quadratic in the number of fences)."""
    assert ev.extract_python(text) == code


def test_code_under_test_does_not_see_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    code = "```python\nimport os\nassert 'OPENAI_API_KEY' not in os.environ\n```"
    score, message, _ = _run("python_import_check", _trace(code))
    assert (score, message) == (1.0, "the code compiles and imports")


def _fan_out_trace() -> Trace:
    """plan -> two analysts in parallel (3 s and 0.5 s) -> writer."""
    rec = TraceRecorder(test_name="t", input="q")
    plan = rec.step("Planner", input="q", output="plan", latency_ms=1000.0)
    slow = rec.step("Analyst", input="plan", output="a", parents=[plan], latency_ms=3000.0)
    fast = rec.step("Checker", input="plan", output="b", parents=[plan], latency_ms=500.0)
    rec.step("Writer", input="a b", output="done", parents=[slow, fast], latency_ms=200.0)
    return rec.finalize()


def test_max_latency_counts_parallel_branches_once() -> None:
    """The run took 4.2 s (plan, the slower branch, writer), not the 4.7 s its steps add up to."""
    score, message, evidence = _run("max_latency", _fan_out_trace(), seconds=4.5)
    assert (score, message) == (1.0, "latency 4.2 s within the limit 4.5 s")
    score, message, evidence = _run("max_latency", _fan_out_trace(), seconds=4)
    assert score == 0.0
    assert message == "latency 4.2 s exceeds the limit 4 s (largest: step 1 Analyst 3 s)"
    assert evidence["step_indexes"] == [1, 0, 3]
