"""The built-in check types.

Each is a module-level object satisfying `blame.protocols.Evaluator`, registered through the
`blame.evaluators` entry-point group exactly like a plugin's. Scores are in [0, 1]; messages say
what was expected and what the run produced. `Evaluation.evidence` carries facts for the blame
engine, with these keys:

- content checks: `value` (contains, not_contains, exact_match) or `pattern` (regex);
  not_contains adds `position` (offset of the forbidden text in the final output);
  exact_match adds `actual`; regex adds `matched` when it matched.
- budgets: `total`, `limit`, `step_indexes` (the largest contributing steps, largest first;
  for max_steps the first steps past the limit), at most `EVIDENCE_LIMIT` of them.
- tool checks: `tool`, `step_indexes` (calls of the tool, in order), `failed_step_indexes`;
  tool_order adds `tools`, `missing` (first tool not found in order) and `matched`.
- no_unsupported_claim: `tool`, `claim` (the word), `position`, `step_indexes`,
  `failed_step_indexes`.
- python_import_check / unit_tests: `code_chars`, and `failures` for unit_tests.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from blame.model import Check, Evaluation, Step, StepKind, Trace
from blame.text import RegexTimeoutError, closest, pattern_error, safe_search, shorten
from blame.text import repr_quote as _quote

ParamCheck = Callable[[Any], str | None]
"""Returns None for a valid parameter value, else what is wrong."""


def _text(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return "must be text"
    return None if str(value) != "" else "must not be empty"


def _positive(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "must be a number"
    if not math.isfinite(value):  # a timeout of inf overflows the subprocess wait
        return "must be a finite number"
    return None if value > 0 else "must be greater than 0"


def _count(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return "must be a whole number"
    return None if value >= 0 else "must not be negative"


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _text_list(value: Any) -> str | None:
    if not isinstance(value, list) or not value:
        return "must be a non-empty list of names"
    if not all(isinstance(v, str) and v for v in value):
        return "must list non-empty strings"
    return None


def _code(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return "must be Python source text"
    return None


class _Builtin:
    """Parameter checking shared by the built-ins: required, optional, unknown keys."""

    type = ""
    required: Mapping[str, tuple[ParamCheck, str]] = {}
    """Parameter name -> (check, example) for parameters that must be given."""
    optional: Mapping[str, ParamCheck] = {}
    """Parameters that may be given."""

    def validate(self, params: Mapping[str, Any]) -> str | None:
        """None when valid, else what is wrong with which parameter and how to fix it."""
        known = [*self.required, *self.optional]
        for key in params:
            if key not in known:
                close = closest(str(key), known)
                suggestion = f"did you mean {close!r}? " if close else ""
                allowed = ", ".join(["weight", "agent_name", *known])
                return f"unknown parameter {key!r}; {suggestion}(allowed: {allowed})"
        for key, (check, example) in self.required.items():
            if key not in params or params[key] is None:
                return f"missing parameter {key!r}; write e.g. `{key}: {example}`"
            problem = check(params[key])
            if problem:
                return f"{key} {problem}, got {params[key]!r}; write e.g. `{key}: {example}`"
        for key, check in self.optional.items():
            if key in params:
                problem = check(params[key])
                if problem:
                    return f"{key} {problem}, got {params[key]!r}"
        return self._validate_more(params)

    def _validate_more(self, params: Mapping[str, Any]) -> str | None:
        return None

    label_key = ""
    """The parameter shown in the display name, if any."""

    def label(self, params: Mapping[str, Any]) -> str:
        """`type:main-parameter` (shortened), or just the type."""
        if not self.label_key:
            return self.type
        return f"{self.type}:{shorten(str(params.get(self.label_key, '')), 40)}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        raise NotImplementedError


def _output_excerpt(trace: Trace) -> str:
    return (
        f"final output: {_quote(trace.final_output)}"
        if trace.final_output
        else "final output is empty"
    )


def _pass_fail(ok: bool, message: str, **evidence: Any) -> Evaluation:
    return Evaluation(score=1.0 if ok else 0.0, message=message, evidence=evidence)


# -- content ---------------------------------------------------------------------------------


class Contains(_Builtin):
    """The final output contains `value` (case-sensitive unless `case_sensitive: false`)."""

    type = "contains"
    required = MappingProxyType({"value": (_text, "Paris")})
    optional = MappingProxyType({"case_sensitive": _flag})

    label_key = "value"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        value = str(check.params["value"])
        position = _find(value, trace.final_output, check.params.get("case_sensitive", True))
        if position >= 0:
            return _pass_fail(True, f"output contains {_quote(value)}", value=value)
        return _pass_fail(
            False,
            f"expected output to contain {_quote(value)}; {_output_excerpt(trace)}",
            value=value,
        )


class NotContains(Contains):
    """The final output does not contain `value`."""

    type = "not_contains"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        value = str(check.params["value"])
        position = _find(value, trace.final_output, check.params.get("case_sensitive", True))
        if position < 0:
            return _pass_fail(True, f"output does not contain {_quote(value)}", value=value)
        start = max(0, position - 30)
        context = trace.final_output[start : position + len(value) + 30]
        return _pass_fail(
            False,
            f"expected output not to contain {_quote(value)}; found at offset {position}: "
            f"{_quote(context)}",
            value=value,
            position=position,
        )


def _find(value: str, text: str, case_sensitive: bool) -> int:
    if case_sensitive:
        return text.find(value)
    return text.casefold().find(value.casefold())


class Regex(_Builtin):
    """The final output matches the regular expression `value` (time-limited, length-capped)."""

    type = "regex"
    required = MappingProxyType({"value": (_text, "'\\d{3}-\\d{4}'")})
    optional = MappingProxyType({"ignore_case": _flag})

    def _validate_more(self, params: Mapping[str, Any]) -> str | None:
        problem = pattern_error(str(params["value"]))
        return f"value is not a valid regular expression: {problem}" if problem else None

    label_key = "value"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        pattern = str(check.params["value"])
        try:
            found = safe_search(
                pattern, trace.final_output, ignore_case=check.params.get("ignore_case", False)
            )
        except RegexTimeoutError as error:
            return _pass_fail(False, f"{error}; treated as no match", pattern=pattern)
        if found is not None:
            return _pass_fail(
                True,
                f"output matches /{pattern}/ at {_quote(found.text, 40)}",
                pattern=pattern,
                matched=found.text,
            )
        return _pass_fail(
            False,
            f"expected output to match /{pattern}/; {_output_excerpt(trace)}",
            pattern=pattern,
        )


class ExactMatch(_Builtin):
    """The final output equals `value`, ignoring surrounding whitespace."""

    type = "exact_match"
    required = MappingProxyType({"value": (_text, "'42'")})
    optional = MappingProxyType({"case_sensitive": _flag})

    label_key = "value"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        expected = str(check.params["value"]).strip()
        actual = trace.final_output.strip()
        if check.params.get("case_sensitive", True):
            ok = actual == expected
        else:
            ok = actual.casefold() == expected.casefold()
        if ok:
            return _pass_fail(
                True, f"output equals {_quote(expected)}", value=expected, actual=actual
            )
        return _pass_fail(
            False,
            f"expected output {_quote(expected)}; got {_quote(actual)}",
            value=expected,
            actual=actual,
        )


# -- budgets ---------------------------------------------------------------------------------


EVIDENCE_LIMIT = 10
"""Step-index lists in evidence keep at most this many entries (the largest or first ones)."""


def _budget(
    trace: Trace,
    values: Sequence[tuple[int, float]],
    limit: float,
    what: str,
    unit: Callable[[float], str],
) -> Evaluation:
    import heapq

    total = sum(v for _, v in values)
    top = heapq.nsmallest(EVIDENCE_LIMIT, values, key=lambda item: (-item[1], item[0]))
    indexes = [i for i, v in top if v > 0]
    if not values:
        return _pass_fail(
            True,
            f"no {what} recorded; limit {unit(limit)}",
            total=0.0,
            limit=limit,
            step_indexes=[],
        )
    if total <= limit:
        return _pass_fail(
            True,
            f"{what} {unit(total)} within the limit {unit(limit)}",
            total=total,
            limit=limit,
            step_indexes=indexes,
        )
    largest = ""
    if indexes:
        step = trace.steps[indexes[0]]
        largest = f" (largest: step {step.index} {step.name} {unit(top[0][1])})"
    return _pass_fail(
        False,
        f"{what} {unit(total)} exceeds the limit {unit(limit)}{largest}",
        total=total,
        limit=limit,
        step_indexes=indexes,
    )


def _seconds(value: float) -> str:
    return f"{value:.3g} s"


def _usd(value: float) -> str:
    return f"${value:.4g}"


class MaxLatency(_Builtin):
    """The run's latency stays within `seconds`: its slowest chain of steps, so parallel
    branches count once (a sequential run's chain is all of its steps)."""

    type = "max_latency"
    required = MappingProxyType({"seconds": (_positive, "5")})

    def label(self, params: Mapping[str, Any]) -> str:
        return f"{self.type}:{params.get('seconds')}s"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        chain = [trace.steps[i] for i in trace.slowest_chain()]
        values = [(s.index, s.latency_ms / 1000.0) for s in chain if s.latency_ms is not None]
        return _budget(trace, values, float(check.params["seconds"]), "latency", _seconds)


class MaxCost(_Builtin):
    """The steps' summed cost stays within `usd`."""

    type = "max_cost"
    required = MappingProxyType({"usd": (_positive, "0.05")})

    def label(self, params: Mapping[str, Any]) -> str:
        return f"{self.type}:${params.get('usd')}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        values = [(s.index, s.cost_usd) for s in trace.steps if s.cost_usd is not None]
        return _budget(trace, values, float(check.params["usd"]), "cost", _usd)


class MaxSteps(_Builtin):
    """The run takes at most `max` steps."""

    type = "max_steps"
    required = MappingProxyType({"max": (_count, "20")})

    def label(self, params: Mapping[str, Any]) -> str:
        return f"{self.type}:{params.get('max')}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        limit = int(check.params["max"])
        count = len(trace.steps)
        if count <= limit:
            return _pass_fail(
                True,
                f"{count} steps within the limit {limit}",
                total=count,
                limit=limit,
                step_indexes=[],
            )
        from collections import Counter

        counts = Counter(step.agent for step in trace.steps)
        agent, most = min(counts.items(), key=lambda item: (-item[1], item[0]))
        return _pass_fail(
            False,
            f"{count} steps exceed the limit {limit} (most: {agent} with {most})",
            total=count,
            limit=limit,
            step_indexes=list(range(limit, min(count, limit + EVIDENCE_LIMIT))),
        )


# -- tools -----------------------------------------------------------------------------------


def _calls(trace: Trace, tool: str) -> list[Step]:
    return [s for s in trace.steps if s.kind is StepKind.TOOL and s.name == tool]


def _tool_facts(trace: Trace, tool: str) -> tuple[list[Step], dict[str, Any]]:
    """The tool's calls, and the evidence every tool check reports about them."""
    calls = _calls(trace, tool)
    return calls, {
        "tool": tool,
        "step_indexes": [s.index for s in calls],
        "failed_step_indexes": [s.index for s in calls if s.failed],
    }


def _tool_names(trace: Trace) -> list[str]:
    return sorted({s.name for s in trace.steps if s.kind is StepKind.TOOL})


def _called_list(trace: Trace) -> str:
    names = _tool_names(trace)
    return f"tools called: {', '.join(names)}" if names else "no tools were called"


class ToolCalled(_Builtin):
    """`tool` is called at least `min` (default 1) and at most `max` times."""

    type = "tool_called"
    required = MappingProxyType({"tool": (_text, "search")})
    optional = MappingProxyType({"min": _count, "max": _count})

    def _validate_more(self, params: Mapping[str, Any]) -> str | None:
        low, high = params.get("min", 1), params.get("max")
        if high is not None and high < low:
            return f"max ({high}) is less than min ({low})"
        return None

    label_key = "tool"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        tool = str(check.params["tool"])
        low = int(check.params.get("min", 1))
        high = check.params.get("max")
        calls, evidence = _tool_facts(trace, tool)
        wanted = f"at least {low}" if high is None else f"between {low} and {high}"
        ok = len(calls) >= low and (high is None or len(calls) <= int(high))
        if ok:
            return _pass_fail(True, f"{tool} called {len(calls)} time(s) ({wanted})", **evidence)
        actual = f"called {len(calls)} time(s)" if calls else f"never called; {_called_list(trace)}"
        return _pass_fail(
            False, f"expected {tool} to be called {wanted} time(s); {actual}", **evidence
        )


class ToolNotCalled(_Builtin):
    """`tool` is never called."""

    type = "tool_not_called"
    required = MappingProxyType({"tool": (_text, "delete_account")})

    label_key = "tool"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        tool = str(check.params["tool"])
        calls, evidence = _tool_facts(trace, tool)
        if not calls:
            return _pass_fail(True, f"{tool} was not called", **evidence)
        where = ", ".join(f"step {s.index} by {s.agent}" for s in calls[:5])
        return _pass_fail(
            False,
            f"expected {tool} never to be called; called {len(calls)} time(s) ({where})",
            **evidence,
        )


class ToolOrder(_Builtin):
    """The tool calls contain `tools` in this order (other calls may come between)."""

    type = "tool_order"
    required = MappingProxyType({"tools": (_text_list, "[search, book]")})

    def label(self, params: Mapping[str, Any]) -> str:
        tools = params.get("tools") or []
        return f"{self.type}:{'>'.join(str(t) for t in tools)}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        wanted = [str(t) for t in check.params["tools"]]
        matched: list[int] = []
        position = 0
        for step in trace.steps:
            if (
                position < len(wanted)
                and step.kind is StepKind.TOOL
                and step.name == wanted[position]
            ):
                matched.append(step.index)
                position += 1
        evidence: dict[str, Any] = {"tools": wanted, "matched": position, "step_indexes": matched}
        if position == len(wanted):
            return _pass_fail(True, f"tools called in order {' > '.join(wanted)}", **evidence)
        missing = wanted[position]
        evidence["missing"] = missing
        actual = [s.name for s in trace.steps if s.kind is StepKind.TOOL]
        sequence = (
            " > ".join(actual[:12]) + (" > ..." if len(actual) > 12 else "") if actual else "none"
        )
        return _pass_fail(
            False,
            f"expected tools in order {' > '.join(wanted)}; {missing} not found after "
            f"{' > '.join(wanted[:position]) or 'the start'} (actual calls: {sequence})",
            **evidence,
        )


class ToolSucceeded(_Builtin):
    """`tool` is called and its last call succeeds (earlier failed attempts are retries)."""

    type = "tool_succeeded"
    required = MappingProxyType({"tool": (_text, "book_flight")})

    label_key = "tool"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        tool = str(check.params["tool"])
        calls, evidence = _tool_facts(trace, tool)
        if not calls:
            return _pass_fail(
                False,
                f"expected {tool} to succeed; it was never called ({_called_list(trace)})",
                **evidence,
            )
        last = calls[-1]
        if not last.failed:
            return _pass_fail(True, f"{tool} succeeded (step {last.index})", **evidence)
        return _pass_fail(
            False,
            f"expected {tool} to succeed; its last call (step {last.index}) failed: "
            f"{_quote(last.error or '')}",
            **evidence,
        )


DEFAULT_CLAIMS = (
    "booked",
    "canceled",
    "cancelled",
    "charged",
    "completed",
    "confirmed",
    "created",
    "delivered",
    "done",
    "emailed",
    "ordered",
    "paid",
    "processed",
    "refunded",
    "reserved",
    "scheduled",
    "sent",
    "submitted",
    "successfully",
    "updated",
)
"""Words that claim an action succeeded."""
_NEGATION = re.compile(
    r"\b(?:not|never|no|unable|failed|cannot|could ?n[o']t|wasn't|isn't|hasn't|haven't|"
    r"didn't|won't|has not|have not)\b[\w\s,'-]{0,30}$",
    re.IGNORECASE,
)
_CLAIM_CAP = 200_000


class NoUnsupportedClaim(_Builtin):
    """The output does not claim success (confirmed, booked, sent...) unless `tool` succeeded."""

    type = "no_unsupported_claim"
    required = MappingProxyType({"tool": (_text, "book_flight")})
    optional = MappingProxyType({"claims": _text_list})

    label_key = "tool"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        tool = str(check.params["tool"])
        claims = [str(c) for c in check.params.get("claims", DEFAULT_CLAIMS)]
        calls = _calls(trace, tool)
        succeeded = [s.index for s in calls if not s.failed]
        evidence: dict[str, Any] = {
            "tool": tool,
            "step_indexes": [s.index for s in calls],
            "failed_step_indexes": [s.index for s in calls if s.failed],
        }
        found = find_claim(trace.final_output[:_CLAIM_CAP], claims)
        if found is None:
            return _pass_fail(True, "output makes no success claim", **evidence)
        word, position = found
        evidence.update(claim=word, position=position)
        if succeeded:
            return _pass_fail(
                True, f"output claims {word!r}; {tool} succeeded (step {succeeded[-1]})", **evidence
            )
        why = (
            f"every call of {tool} failed (steps {_join(evidence['failed_step_indexes'])})"
            if calls
            else f"{tool} was never called"
        )
        return _pass_fail(
            False,
            f"output claims {word!r} but {why}; expected no success claim without a "
            f"successful {tool} call",
            **evidence,
        )


def _join(indexes: Sequence[int]) -> str:
    return ", ".join(str(i) for i in indexes)


def find_claim(text: str, claims: Sequence[str]) -> tuple[str, int] | None:
    """The first success claim in `text` and its offset; negated claims ("not sent") skip."""
    words = "|".join(re.escape(c) for c in sorted(claims, key=lambda c: (-len(c), c)))
    for found in re.finditer(rf"\b(?:{words})\b", text, re.IGNORECASE):
        before = text[max(0, found.start() - 40) : found.start()]
        if _NEGATION.search(before):
            continue
        return found.group(0).lower(), found.start()
    return None


# -- code ------------------------------------------------------------------------------------

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


class PythonImportCheck(_Builtin):
    """The Python code in the final output compiles and imports (contained, time-limited)."""

    type = "python_import_check"
    optional = MappingProxyType({"timeout": _positive})

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        code = extract_python(trace.final_output)
        if not code.strip():
            return _pass_fail(
                False, "expected Python code in the output; it is empty", code_chars=0
            )
        problem = _syntax_problem(code)
        if problem is None:
            from blame.sandbox import try_import

            failed = try_import(code, float(check.params.get("timeout", 10)))
            problem = None if failed is None else f"import failed: {failed}"
        if problem is None:
            return _pass_fail(True, "the code compiles and imports", code_chars=len(code))
        return _pass_fail(
            False, f"expected importable Python code; {problem}", code_chars=len(code)
        )


def _test_names(source: str) -> list[str]:
    import ast

    tree = ast.parse(source)
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
    ]


class UnitTests(_Builtin):
    """`tests` (test_* functions) run against the output's code; score = share that pass."""

    type = "unit_tests"
    required = MappingProxyType({"tests": (_code, "'def test_add(): assert add(1, 2) == 3'")})
    optional = MappingProxyType({"timeout": _positive})

    def _validate_more(self, params: Mapping[str, Any]) -> str | None:
        try:
            names = _test_names(str(params["tests"]))
        except SyntaxError as error:
            return f"tests has a syntax error at line {error.lineno}: {error.msg}"
        if not names:
            return "tests defines no test_* function; write `def test_something(): assert ...`"
        return None

    def label(self, params: Mapping[str, Any]) -> str:
        try:
            count = len(_test_names(str(params.get("tests", ""))))
        except SyntaxError:
            count = 0
        return f"{self.type}:{count} tests"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        code = extract_python(trace.final_output)
        tests = str(check.params["tests"])
        names = _test_names(tests)
        problem = _syntax_problem(code)
        failures: list[str] = []
        passed = 0
        if problem is None:
            from blame.sandbox import run_tests

            run = run_tests(code, tests, names, float(check.params.get("timeout", 30)))
            problem = run.problem
            for name, failure in zip(names, run.failures, strict=False):
                if failure is None:
                    passed += 1
                else:
                    failures.append(f"{name}: {failure}")
        if problem is not None:
            return Evaluation(
                score=0.0,
                message=f"0/{len(names)} tests passed: {problem}",
                evidence={"code_chars": len(code), "failures": []},
            )
        score = passed / len(names) if names else 0.0
        detail = f"; failed: {'; '.join(failures[:3])}" if failures else ""
        return Evaluation(
            score=score,
            message=f"{passed}/{len(names)} tests passed{detail}",
            evidence={"code_chars": len(code), "failures": failures},
        )


contains = Contains()
not_contains = NotContains()
regex = Regex()
exact_match = ExactMatch()
max_latency = MaxLatency()
max_cost = MaxCost()
max_steps = MaxSteps()
tool_called = ToolCalled()
tool_not_called = ToolNotCalled()
tool_order = ToolOrder()
tool_succeeded = ToolSucceeded()
no_unsupported_claim = NoUnsupportedClaim()
python_import_check = PythonImportCheck()
unit_tests = UnitTests()
