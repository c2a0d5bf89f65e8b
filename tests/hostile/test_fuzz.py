"""Hypothesis fuzzing of what reads untrusted input: the config loader, the trace readers
(native, OTLP, chat) and the command line.

Whatever the input, each either succeeds or raises a BlameError (one clear line, exit 2);
any other exception is a bug. Examples are derandomised, so a run is repeatable, and no
example database is written into the checkout.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from blame.cli import app
from blame.config import load_checks_file, load_config
from blame.errors import BlameError
from blame.importers import load_trace
from blame.model import Trace

FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

WORDS = st.sampled_from(
    [
        "",
        "x",
        "Paris",
        "agent:run",
        "..",
        "/",
        "a\x00b",
        "\x1b[2J",
        "\u202e",
        "-1",
        "1e300",
        "TODO",
        "(",
        "a{99999999}",
        "\ud800",
        "nan",
        "{}",
        "[]",
    ]
)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, WORDS, st.text(max_size=20))
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(WORDS, st.text(max_size=8)), inner, max_size=4),
    ),
    max_leaves=25,
)


def _shaped(keys: list[str], values: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Mappings using the format's own keys (so the fuzzing reaches past the first check)."""
    return st.dictionaries(st.sampled_from(keys), values, max_size=len(keys))


CHECK = _shaped(
    [
        "type",
        "value",
        "weight",
        "agent_name",
        "usd",
        "seconds",
        "max",
        "tool",
        "tools",
        "case_sensitive",
        "ignore_case",
        "min",
        "claims",
    ],
    st.one_of(
        JSON,
        st.sampled_from(
            [
                "contains",
                "not_contains",
                "regex",
                "exact_match",
                "max_cost",
                "max_latency",
                "max_steps",
                "tool_called",
                "tool_order",
            ]
        ),
    ),
)
TEST = _shaped(
    ["name", "input", "runs", "checks", "trace"],
    st.one_of(JSON, st.lists(CHECK, max_size=3)),
)
CONFIG = _shaped(
    ["agent", "agents", "tests", "settings"],
    st.one_of(
        JSON,
        st.lists(TEST, max_size=3),
        _shaped(
            ["fail_below_reward", "output_dir", "replay", "fixtures_dir", "timeout"],
            JSON,
        ),
        _shaped(["type", "entrypoint", "options"], JSON),
    ),
)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


def _yaml(value: Any) -> str:
    return yaml.safe_dump(value, allow_unicode=True)


@FUZZ
@given(st.one_of(CONFIG.map(_yaml), st.text(max_size=300)))
def test_config_loader_never_raises_anything_but_a_blame_error(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder), "blame.yaml", text)
        try:
            load_config(path)
        except BlameError as error:
            assert "\n" not in error.format()
        try:
            load_checks_file(path)
        except BlameError as error:
            assert "\n" not in error.format()


STEP = _shaped(
    [
        "id",
        "index",
        "kind",
        "name",
        "agent",
        "input",
        "output",
        "parents",
        "error",
        "latency_ms",
        "cost_usd",
        "tokens",
        "metadata",
    ],
    st.one_of(
        JSON,
        st.sampled_from(["agent", "tool", "llm", "s0", "s1"]),
        st.lists(WORDS, max_size=2),
    ),
)
NATIVE = st.builds(
    lambda steps, extra: {"schema_version": 1, "steps": steps, **extra},
    st.lists(STEP, max_size=4),
    _shaped(["test_name", "final_output", "input", "metadata"], JSON),
)
SPAN = _shaped(
    [
        "traceId",
        "spanId",
        "parentSpanId",
        "name",
        "kind",
        "startTimeUnixNano",
        "endTimeUnixNano",
        "attributes",
        "events",
        "links",
        "status",
    ],
    st.one_of(
        JSON,
        st.sampled_from(["0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", "1", "-5"]),
        st.lists(
            st.fixed_dictionaries(
                {
                    "key": st.sampled_from(
                        [
                            "gen_ai.agent.name",
                            "gen_ai.operation.name",
                            "openinference.span.kind",
                            "input.value",
                            "output.value",
                            "gen_ai.usage.input_tokens",
                        ]
                    ),
                    "value": st.dictionaries(
                        st.sampled_from(["stringValue", "intValue", "doubleValue", "arrayValue"]),
                        JSON,
                        max_size=1,
                    ),
                }
            ),
            max_size=4,
        ),
    ),
)
OTLP = st.builds(
    lambda spans: {"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]},
    st.lists(SPAN, max_size=4),
)
MESSAGE = _shaped(["role", "name", "content", "tool_calls"], st.one_of(JSON, WORDS))
CHAT = st.one_of(
    st.lists(MESSAGE, max_size=5),
    st.builds(lambda history: {"history": history}, st.lists(MESSAGE, max_size=5)),
)


@FUZZ
@given(
    st.one_of(
        st.tuples(st.just("native"), NATIVE),
        st.tuples(st.just("otlp"), OTLP),
        st.tuples(st.just("chat"), CHAT),
        st.tuples(st.sampled_from(["auto", "native", "otlp", "chat"]), JSON),
    )
)
def test_trace_readers_never_raise_anything_but_a_trace_error(
    case: tuple[str, Any],
) -> None:
    fmt, data = case
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder), "run.json", json.dumps(data))
        try:
            trace = load_trace(path, format=fmt)
        except BlameError as error:
            assert "\n" not in error.format()
            return
        assert isinstance(trace, Trace)
        for step in trace.steps:  # whatever was read obeys the rules every consumer relies on
            assert step.cost_usd is None or step.cost_usd >= 0
            assert step.latency_ms is None or step.latency_ms >= 0
            assert step.tokens is None or step.tokens >= 0


PROJECT = {
    "blame.yaml": "tests:\n  - {name: t, trace: run.json, checks: [{type: contains, value: P}]}\n",
    "checks.yaml": "checks: [{type: contains, value: P}]\n",
    "run.json": json.dumps(
        {
            "schema_version": 1,
            "test_name": "t",
            "final_output": "P",
            "steps": [{"id": "a", "index": 0, "kind": "agent", "name": "W", "output": "P"}],
        }
    ),
}
ARGS = st.sampled_from(
    [
        "test",
        "analyze",
        "report",
        "explain",
        "improve",
        "plugins",
        "--json",
        "--replay",
        "-k",
        "t",
        "-c",
        "blame.yaml",
        "checks.yaml",
        "run.json",
        "--checks",
        "--format",
        "md",
        "html",
        "json",
        "diff",
        "otlp",
        "-o",
        "out.md",
        "--suggest",
        "--apply",
        "--all",
        "x",
        "/dev/null",
        "\x1b[2J",
        "a\u202eb",
        "--output-dir",
        ".out",
        "-",
        "--",
        "--help",
    ]
)


@FUZZ
@given(st.lists(ARGS, min_size=1, max_size=6))
def test_the_command_line_exits_0_1_or_2_and_never_crashes(argv: list[str]) -> None:
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        for name, text in PROJECT.items():
            Path(folder, name).write_text(text)
        os.chdir(folder)
        try:
            result = CliRunner().invoke(app, argv)
        finally:
            os.chdir(here)
    assert result.exit_code in (0, 1, 2), (argv, result.output[-500:])
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), (argv, repr(result.exception))
    assert "Traceback" not in result.output


@pytest.mark.parametrize("depth", [10, 63])
def test_fuzzing_reaches_valid_configs_too(depth: int, tmp_path: Path) -> None:
    """A control: nesting within the limit and a plain config load, so the fuzzing above
    exercises the loader's success path as well as its errors."""
    nested: Any = "x"
    for _ in range(depth - 5):
        nested = [nested]
    text = _yaml(
        {
            "tests": [
                {
                    "name": "t",
                    "input": {"deep": nested},
                    "trace": "run.json",
                    "checks": [{"type": "contains", "value": "P"}],
                }
            ]
        }
    )
    assert load_config(_write(tmp_path, "blame.yaml", text)).tests[0].name == "t"
