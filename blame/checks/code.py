"""Code check types: python_import_check and unit_tests, on the code in the final output.

The code runs contained (`blame.sandbox`: `try_import`, `run_tests`); a failure is attributed
to a step that raised, else to whoever wrote the output, and the patch asks for working code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from blame.checks.base import Builtin, code, pass_fail, positive
from blame.engine import budget
from blame.engine.provenance import never_produced
from blame.errors import ConfigError
from blame.frozen import dataclass
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

if TYPE_CHECKING:
    from blame.graph import StepGraph


@dataclass(frozen=True, slots=True)
class Run:
    """The parameters of python_import_check."""

    timeout: float = 10.0
    """Seconds the import may take."""


@dataclass(frozen=True, slots=True)
class Tests:
    """The parameters of unit_tests."""

    tests: str
    """Python source defining test_* functions."""
    names: tuple[str, ...]
    """The test_* functions it defines, in order."""
    timeout: float = 30.0
    """Seconds the tests may take."""


def _attribute(graph: StepGraph) -> tuple[Suspect, ...]:
    """A step that raised, else whoever wrote the output."""
    return budget.raised(graph) or never_produced(graph, "working code")


_FENCE_LANGUAGE = re.compile(r"[ \t]*([A-Za-z0-9_+-]*)")
_CODE_CAP = 5_000_000
"""Characters of output the code checks read; a longer output fails them, never cut and run."""


def extract_python(text: str) -> str:
    """The Python code in an answer: ```python fences, else any fences, else the whole text."""
    blocks = [(lang.lower(), body) for lang, body in _fenced_blocks(text)]
    python = [body for lang, body in blocks if lang in ("python", "py", "python3")]
    chosen = python or [body for lang, body in blocks if not lang]
    return "\n".join(chosen) if chosen else text


def _fenced_blocks(text: str) -> list[tuple[str, str]]:
    """(language, body) of each ``` fence, in one pass over untrusted text.

    A fence opens at ``` (its language is the first word after it, the rest of the line is
    ignored) and closes at the next ```. A backtracking regex for this is quadratic in the
    number of fences, which agent output can make minutes long.
    """
    blocks = []
    position = 0
    while (start := text.find("```", position)) >= 0:
        newline = text.find("\n", start + 3)
        close = text.find("```", newline + 1) if newline >= 0 else -1
        if close < 0:  # no later opener can find a newline and a close either
            break
        found = _FENCE_LANGUAGE.match(text, start + 3, newline)
        blocks.append((found.group(1) if found else "", text[newline + 1 : close]))
        position = close + 3
    return blocks


def _syntax_problem(code: str) -> str | None:
    if len(code) > _CODE_CAP:
        return f"the code is {len(code):,} characters, over the {_CODE_CAP:,} code checks read"
    try:
        compile(code, "solution.py", "exec")
    except SyntaxError as error:
        return f"syntax error at line {error.lineno}: {error.msg}"
    except ValueError as error:
        return f"cannot compile: {error}"
    except (MemoryError, RecursionError):  # CPython's parser gives up on long or deep input
        return "the code is too large or too deeply nested to compile"
    return None


class PythonImportCheck(Builtin[Run]):
    """The Python code in the final output compiles and imports (contained, time-limited)."""

    type = "python_import_check"
    optional = MappingProxyType({"timeout": positive})

    def make(self, params: Mapping[str, Any]) -> Run:
        return Run(float(params.get("timeout", 10)))

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the output's code compiles and imports."""
        source = extract_python(trace.final_output)
        if not source.strip():
            return pass_fail(False, "expected Python code in the output; it is empty")
        problem = _syntax_problem(source)
        if problem is None:
            from blame.sandbox import try_import

            failed = try_import(source, self.params(check).timeout)
            problem = None if failed is None else f"import failed: {failed}"
        if problem is None:
            return pass_fail(True, "the code compiles and imports")
        return pass_fail(False, f"expected importable Python code; {problem}")

    rule = staticmethod(_attribute)
    """A step that raised, else whoever wrote the output."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Ask for code that imports."""
        return "Return code that imports without errors: declare every import and name you use."


def _test_names(source: str) -> list[str]:
    import ast

    tree = ast.parse(source)
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
    ]


class UnitTests(Builtin[Tests]):
    """`tests` (test_* functions) run against the output's code; score = share that pass."""

    type = "unit_tests"
    required = MappingProxyType({"tests": (code, "'def test_add(): assert add(1, 2) == 3'")})
    optional = MappingProxyType({"timeout": positive})

    def make(self, params: Mapping[str, Any]) -> Tests:
        tests = str(params["tests"])
        try:
            names = _test_names(tests)
        except SyntaxError as error:
            raise ConfigError(
                f"tests has a syntax error at line {error.lineno}: {error.msg}"
            ) from None
        if not names:
            raise ConfigError(
                "tests defines no test_* function; write `def test_something(): assert ...`"
            )
        return Tests(tests, tuple(names), float(params.get("timeout", 30)))

    def label(self, params: Mapping[str, Any]) -> str:
        """`unit_tests:3 tests`."""
        try:
            found = len(_test_names(str(params.get("tests", ""))))
        except SyntaxError:
            found = 0
        return f"{self.type}:{found} tests"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Score the share of tests that pass; 0 when the code does not compile or import."""
        bound = self.params(check)
        source = extract_python(trace.final_output)
        names = list(bound.names)
        problem = _syntax_problem(source)
        failures: list[str] = []
        passed = 0
        if problem is None:
            from blame.sandbox import run_tests

            run = run_tests(source, bound.tests, names, bound.timeout)
            problem = run.problem
            for name, failure in zip(names, run.failures, strict=False):
                if failure is None:
                    passed += 1
                else:
                    failures.append(f"{name}: {failure}")
        if problem is not None:
            return Evaluation(score=0.0, message=f"0/{len(names)} tests passed: {problem}")
        score = passed / len(names) if names else 0.0
        detail = f"; failed: {'; '.join(failures[:3])}" if failures else ""
        return Evaluation(score=score, message=f"{passed}/{len(names)} tests passed{detail}")

    rule = staticmethod(_attribute)
    """A step that raised, else whoever wrote the output."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Ask for code that passes the tests."""
        return "Return code that passes the unit tests; check edge cases before you answer."


python_import_check = PythonImportCheck()
unit_tests = UnitTests()
