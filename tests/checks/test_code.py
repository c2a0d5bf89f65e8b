from __future__ import annotations

import pytest
from sample import run, trace

from blame.checks.code import extract_python

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
    got_score, got_message = run("python_import_check", trace(final))
    assert got_score == score
    assert message in got_message


def test_python_import_check_times_out() -> None:
    final = "```python\nwhile True:\n    pass\n```"
    score, message = run("python_import_check", trace(final), timeout=0.5)
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
    got_score, got_message = run("unit_tests", trace(final), tests=TESTS)
    assert got_score == score
    assert message in got_message


def test_extract_python_prefers_python_fences() -> None:
    text = "```\nplain\n```\n```python\nx = 1\n```\n```py\ny = 2\n```"
    assert extract_python(text) == "x = 1\n\ny = 2\n"
    assert extract_python("```\nz = 3\n```") == "z = 3\n"
    assert extract_python("w = 4") == "w = 4"


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
    assert extract_python(text) == code


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
    assert extract_python(text) == code


def test_code_under_test_does_not_see_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    code = "```python\nimport os\nassert 'OPENAI_API_KEY' not in os.environ\n```"
    score, message = run("python_import_check", trace(code))
    assert (score, message) == (1.0, "the code compiles and imports")
