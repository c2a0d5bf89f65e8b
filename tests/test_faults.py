"""Tool faults: what each kind does, which calls it hits, the marks it leaves in the trace, the
config errors, and how the engine attributes a mishandled fault (a rule table)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from blame.config import load_config
from blame.errors import ConfigError
from blame.faults import (
    UNPARSEABLE,
    Fault,
    FaultPlan,
    InjectedTimeout,
    InjectedToolError,
    activated,
    active,
    faulted,
    live_trace,
    unreachable,
)
from blame.model import StepKind, Trace
from blame.recorder import TraceRecorder
from blame.runner import evaluate_trace
from blame.testing import make_check

LOOKUP = '{"order": "A-17", "refund": "approved"}'


def lookup(order_id: str) -> str:
    return LOOKUP


# -- what a fault does ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        (Fault("lookup", "empty"), ""),
        (Fault("lookup", "empty", value="[]"), "[]"),
        (Fault("lookup", "unparseable"), UNPARSEABLE),
        (Fault("lookup", "unparseable", value="<html>"), "<html>"),
        (Fault("lookup", "stale", value="refund pending (2019)"), "refund pending (2019)"),
        (Fault("lookup", "truncated"), LOOKUP[: len(LOOKUP) // 2]),
        (Fault("lookup", "truncated", keep=5), LOOKUP[:5]),
        (Fault("lookup", "truncated", keep=0), ""),
    ],
)
def test_a_data_fault_returns_its_payload(fault: Fault, expected: str) -> None:
    assert fault.apply(lookup, "A-17") == expected


@pytest.mark.parametrize(
    ("fault", "raised", "text"),
    [
        (Fault("lookup", "error"), InjectedToolError, "lookup failed: service unavailable"),
        (Fault("lookup", "error", message="503"), InjectedToolError, "503"),
        (Fault("lookup", "timeout"), InjectedTimeout, "lookup timed out"),
        (Fault("lookup", "timeout", message="no answer in 30 s"), TimeoutError, "no answer"),
    ],
)
def test_a_raising_fault_raises_without_calling_the_tool(
    fault: Fault, raised: type[Exception], text: str
) -> None:
    called: list[str] = []
    with pytest.raises(raised, match=text):
        fault.apply(called.append, "A-17")
    assert called == []


def test_only_a_truncated_fault_calls_the_real_tool() -> None:
    called: list[str] = []

    def tool(order_id: str) -> str:
        called.append(order_id)
        return "0123456789"

    for kind, value in (("empty", None), ("unparseable", None), ("stale", "old")):
        Fault("t", kind, value=value).apply(tool, "x")
    assert called == []
    assert Fault("t", "truncated").apply(tool, "x") == "01234"
    assert called == ["x"]


@pytest.mark.parametrize(
    ("fault", "expected", "awaited"),
    [
        (Fault("t", "truncated", keep=3), "012", ["x"]),
        (Fault("t", "stale", value="old"), "old", []),
        (Fault("t", "empty"), "", []),
        (Fault("t", "timeout"), InjectedTimeout, []),
    ],
)
def test_a_coroutine_tool_is_awaited_only_for_a_truncated_fault(
    fault: Fault, expected: str | type[Exception], awaited: list[str]
) -> None:
    called: list[str] = []

    async def tool(order_id: str) -> str:
        called.append(order_id)
        return "0123456789"

    if isinstance(expected, str):
        assert asyncio.run(fault.apply_async(tool, "x")) == expected
    else:
        with pytest.raises(expected):
            asyncio.run(fault.apply_async(tool, "x"))
    assert called == awaited


@pytest.mark.parametrize(("calls", "hit"), [("every", [1, 2, 3]), ("first", [1])])
def test_a_plan_hits_the_first_or_every_call_of_its_tool_only(calls: str, hit: list[int]) -> None:
    plan = FaultPlan((Fault("lookup", "empty", calls=calls),))
    got = [plan.next("lookup") is not None for _ in range(3)]
    assert [i + 1 for i, fired in enumerate(got) if fired] == hit
    assert plan.next("other") is None
    assert plan.fired == {"lookup": hit}


def test_a_plan_counts_calls_from_many_threads_exactly() -> None:
    plan = FaultPlan((Fault("lookup", "empty", calls="first"),))
    hits: list[bool] = []
    threads = [
        threading.Thread(target=lambda: hits.append(plan.next("lookup") is not None))
        for _ in range(16)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(hits) == [False] * 15 + [True]


def test_faults_are_active_only_inside_their_run_and_in_its_threads() -> None:
    seen: list[object] = []
    assert active() is None
    with activated((Fault("lookup", "error"),)) as plan:
        assert active() is plan
        import contextvars

        thread = threading.Thread(
            target=contextvars.copy_context().run, args=(lambda: seen.append(active()),)
        )
        thread.start()
        thread.join()
    assert seen == [plan]
    assert active() is None
    with activated(()) as none:
        assert none is None and active() is None


# -- the marks a fault leaves -----------------------------------------------------------------


def test_the_recorder_marks_the_calls_a_fault_hit() -> None:
    def run() -> Trace:
        rec = TraceRecorder("t")
        rec.step("Researcher", output="look up A-17")
        first = rec.call_tool("lookup", lookup, "A-17", agent="Researcher")
        second = rec.call_tool("lookup", lookup, order_id="A-17", agent="Researcher")
        rec.step("Writer", output=f"{first!r} {second!r}")
        return rec.finalize()

    trace = live_trace((Fault("lookup", "stale", calls="first", value="old"),), run)
    tools = [s for s in trace.steps if s.kind is StepKind.TOOL]
    assert [(s.input, s.output, faulted(s)) for s in tools] == [
        ("A-17", "old", "stale"),
        ('{"order_id": "A-17"}', LOOKUP, None),
    ]
    assert trace.metadata["faults"] == [
        {"calls": "first", "fault": "stale", "fired": 1, "tool": "lookup"}
    ]


def test_a_framework_trace_is_marked_by_error_for_raising_faults_and_by_call_for_data() -> None:
    """CrewAI calls a failing tool again within one step, so calls and steps differ in number:
    a raising fault marks the steps that carry its error, a data fault the n-th step."""
    plan = FaultPlan((Fault("book", "timeout"), Fault("search", "empty", calls="first")))
    for tool in ("book", "book", "book", "book", "search", "search"):
        plan.next(tool)
    rec = TraceRecorder("t")
    rec.step("Agent", output="go")
    rec.tool("search", output="")
    rec.tool("book", error=InjectedTimeout("book timed out"))
    rec.tool("book", error=InjectedTimeout("book timed out"))
    rec.tool("search", output="hits")
    rec.tool("book", error="sold out")  # a real failure, not the fault's
    marked = plan.mark(rec.finalize())
    assert [(s.name, faulted(s)) for s in marked.steps if s.kind is StepKind.TOOL] == [
        ("search", "empty"),
        ("book", "timeout"),
        ("book", "timeout"),
        ("search", None),
        ("book", None),
    ]


def test_a_raising_fault_the_framework_reworded_marks_the_failed_steps_of_its_calls() -> None:
    """PydanticAI tells the model a tool timed out in words of its own, and a capability may
    turn an error into a result, so no step carries the fault's error: the n-th step of the
    tool is the n-th call."""
    plan = FaultPlan((Fault("lookup", "timeout", calls="first"),))
    plan.next("lookup"), plan.next("lookup")
    rec = TraceRecorder("t")
    rec.step("Agent", output="go")
    rec.tool("lookup", error="ToolRetryError: Timed out after 2.0 seconds.")
    rec.tool("lookup", output="order A-17")
    marked = plan.mark(rec.finalize())
    assert [faulted(s) for s in marked.steps] == [None, "timeout", None]
    recovered = FaultPlan((Fault("lookup", "error"),))
    recovered.next("lookup")
    rec = TraceRecorder("t")
    rec.tool("lookup", output="lookup unavailable, try later")
    assert faulted(recovered.mark(rec.finalize()).steps[0]) == "error"


def test_a_failing_call_through_the_recorder_is_recorded_and_raised_again() -> None:
    rec = TraceRecorder("t")
    faults = (Fault("lookup", "error", message="503"),)
    with activated(faults), pytest.raises(InjectedToolError, match="503"):
        rec.call_tool("lookup", lookup, "A-17", agent="Researcher")
    step = rec.finalize().steps[0]
    assert (step.error, faulted(step), rec.last_id) == ("InjectedToolError: 503", "error", step.id)


def test_a_re_runnable_tool_step_meets_the_fault_too() -> None:
    """`rec.run_tool` (re-runnable under `blame confirm`) is a tool call a fault can hit."""
    rec = TraceRecorder("t")
    with activated((Fault("lookup", "stale", value="old"),)):
        got = rec.run_tool("lookup", lookup, "A-17", agent="Researcher")
    step = rec.finalize().steps[0]
    assert (got, step.output, faulted(step)) == ("old", "old", "stale")


# -- config -----------------------------------------------------------------------------------


def _config(tmp_path: Path, faults: str, *, trace: bool = False) -> Path:
    (tmp_path / "agent.py").write_text("def run(x):\n    return x\n", encoding="utf-8")
    source = "trace: t.json" if trace else "input: hi"
    (tmp_path / "blame.yaml").write_text(
        "agent: {type: python, entrypoint: agent:run}\n"
        f"tests:\n  - name: a\n    {source}\n    faults: {faults}\n"
        "    checks: [{type: contains, value: x}]\n",
        encoding="utf-8",
    )
    return tmp_path / "blame.yaml"


def test_faults_load_into_the_test(tmp_path: Path) -> None:
    config = load_config(
        _config(
            tmp_path,
            "[{tool: a, fault: error}, {tool: b, fault: truncated, keep: 3, calls: first}]",
        )
    )
    assert config.tests[0].faults == (
        Fault("a", "error"),
        Fault("b", "truncated", calls="first", keep=3),
    )


@pytest.mark.parametrize(
    ("faults", "field", "problem"),
    [
        ("{tool: a}", "faults", "must be a list"),
        ("[a]", "faults[0]", "must be a mapping"),
        ("[{fault: error}]", "faults[0].tool", "is missing"),
        ("[{tool: a, fault: explode}]", "faults[0].fault", "unknown fault 'explode'"),
        ("[{tool: a}]", "faults[0].fault", "is missing"),
        ("[{tool: a, fault: error, calls: second}]", "faults[0].calls", "must be first or every"),
        ("[{tool: a, fault: error, on: first}]", "faults[0].on", "unknown key 'on'"),
        ("[{tool: a, fault: stale}]", "faults[0].value", "is missing"),
        ("[{tool: a, fault: error, value: x}]", "faults[0].value", "returns no payload"),
        ("[{tool: a, fault: empty, message: x}]", "faults[0].message", "only error and timeout"),
        ("[{tool: a, fault: empty, keep: 3}]", "faults[0].keep", "only a truncated fault"),
        ("[{tool: a, fault: truncated, keep: -1}]", "faults[0].keep", "whole number"),
        (
            "[{tool: a, fault: error}, {tool: a, fault: empty}]",
            "faults[1].tool",
            "already has a fault",
        ),
    ],
)
def test_a_bad_fault_is_one_error_naming_file_and_field(
    tmp_path: Path, faults: str, field: str, problem: str
) -> None:
    path = _config(tmp_path, faults)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    error = caught.value
    assert (error.file, error.field) == (str(path), f"tests[0] ('a').{field}")
    assert problem in error.message
    assert "\n" not in error.format()


def test_a_stored_trace_cannot_be_faulted(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="a stored trace cannot be faulted"):
        load_config(_config(tmp_path, "[{tool: a, fault: error}]", trace=True))


# -- the engine: who mishandled the fault (a rule table) --------------------------------------


def _claim_after_fault(rec: TraceRecorder) -> None:
    rec.step("Booker", output="book it")
    with contextlib.suppress(Exception):
        rec.call_tool("book", lookup, "A-17", agent="Booker")
    rec.step("Booker", input="book failed", output="Your room is booked.")


def _empty_read_as_success(rec: TraceRecorder) -> None:
    rec.step("Booker", output="book it")
    rec.call_tool("book", lookup, "A-17", agent="Booker")
    rec.step("Booker", input="(nothing)", output="All set: your room is booked.")


def _dropped_at_handoff(rec: TraceRecorder) -> None:
    rec.step("Booker", output="book it")
    with contextlib.suppress(Exception):
        rec.call_tool("book", lookup, "A-17", agent="Booker")
    rec.step("Booker", input="book failed", output="The booking failed: the service is down.")
    rec.step("Concierge", output="Your room is booked. Enjoy!")


def _retry_loop(rec: TraceRecorder) -> None:
    rec.step("Booker", output="book it")
    for _ in range(3):
        try:
            rec.call_tool("book", lookup, "A-17", agent="Booker")
        except TimeoutError:
            continue
    rec.step("Booker", output="The booking service did not answer.")


def _llm_reads_the_fault(rec: TraceRecorder) -> None:
    asked = rec.step("Booker", kind="llm", name="booker-llm", output="-> book")
    with contextlib.suppress(Exception):
        rec.call_tool("book", lookup, "A-17", agent="Booker", parents=[asked])
    rec.step("Booker", kind="llm", name="booker-llm", output="Booked: confirmation BK-1.")


def _no_fault_empty_result(rec: TraceRecorder) -> None:
    rec.step("Booker", output="book it")
    rec.call_tool("book", lambda _: "", "A-17", agent="Booker")
    rec.step("Booker", output="Your room is booked.")


CLAIM = ("no_unsupported_claim", {"tool": "book"})
RETRIES = ("tool_called", {"tool": "book", "max": 2})


@pytest.mark.parametrize(
    ("pipeline", "fault", "check", "culprit", "says"),
    [
        (_claim_after_fault, Fault("book", "error"), CLAIM, ("agent", "Booker", 2),
         "claimed 'booked' after book failed (injected error fault) at step 1"),
        (_empty_read_as_success, Fault("book", "empty"), CLAIM, ("agent", "Booker", 2),
         "after book returned an injected empty result at step 1"),
        (_dropped_at_handoff, Fault("book", "timeout"), CLAIM, ("agent", "Concierge", 3),
         "step 2 (Booker) read the fault's result without claiming success"),
        (_retry_loop, Fault("book", "timeout"), RETRIES, ("agent", "Booker", 3),
         "call 3 is step 3, a retry after book failed (injected timeout fault) at step 2"),
        (_llm_reads_the_fault, Fault("book", "error"), CLAIM, ("agent", "Booker", 2),
         "step 2 (Booker) claimed 'Booked' after book failed"),
        (_no_fault_empty_result, None, CLAIM, None, "book succeeded (step 1)"),
    ],
)  # fmt: skip
def test_the_step_that_decided_after_a_fault_is_blamed(
    pipeline: Callable[[TraceRecorder], None],
    fault: Fault | None,
    check: tuple[str, dict[str, Any]],
    culprit: tuple[str, str, int] | None,
    says: str,
) -> None:
    def run() -> Trace:
        rec = TraceRecorder("t")
        pipeline(rec)
        return rec.finalize()

    trace = live_trace((fault,) if fault else (), run)
    kind, params = check
    case = evaluate_trace(trace, [make_check(kind, **params)], threshold=1.0, name="t")
    (result,) = case.checks
    if culprit is None:
        assert result.passed and says in result.message
        return
    assert not result.passed
    top = result.blame[0]
    assert (top.kind, top.name, top.step_index) == culprit
    assert says in top.reason, top.reason


# -- end to end -------------------------------------------------------------------------------


def _blame(*args: str, cwd: Path) -> Any:
    import os
    import subprocess
    import sys

    env = {**os.environ, "BLAME_NO_WARN": "1"}
    return subprocess.run(
        [sys.executable, "-m", "blame", *args], capture_output=True, text=True, cwd=cwd,
        env=env, timeout=120, check=False,
    )  # fmt: skip


def test_the_example_names_who_mishandled_each_fault(tmp_path: Path) -> None:
    import json
    import shutil

    example = Path(__file__).resolve().parents[1] / "examples" / "tool_faults"
    shutil.copytree(example, tmp_path / "ex", ignore=shutil.ignore_patterns(".blame"))
    done = _blame("test", "--config", "blame.yaml", "--json", cwd=tmp_path / "ex")
    assert done.returncode == 1, done.stderr
    found = {
        (t["name"], c["name"]): (c["blame"][0]["name"], c["blame"][0]["step_index"])
        for t in json.loads(done.stdout)["tests"]
        for c in t["checks"]
        if not c["passed"]
    }
    assert found == {
        ("lookup-down", "no_unsupported_claim:lookup_order"): ("Writer", 3),
        ("lookup-slow", "tool_called:lookup_order"): ("Researcher", 3),
        ("lookup-empty", "no_unsupported_claim:lookup_order"): ("Researcher", 2),
    }


def test_a_bad_fault_stops_the_run_with_one_line_and_exit_2(tmp_path: Path) -> None:
    _config(tmp_path, "[{tool: a, fault: explode}]")
    done = _blame("test", "--config", "blame.yaml", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert "blame.yaml: tests[0] ('a').faults[0].fault: unknown fault 'explode'" in done.stderr
    assert "error, timeout, empty, truncated, unparseable, stale" in done.stderr


NOT_DECLARED = "the {} releases its pyproject.toml names"
"""What an error says of the range when the integration's metadata does not give one."""


@pytest.mark.parametrize(
    ("integration", "requirement", "release", "declared"),
    [
        # names compare as packaging compares them: case, `-`, `_` and `.` aside
        ("blame-agents", "PyYAML", f"fw {version('pyyaml')}", "pyyaml>=6.0"),
        ("Blame_Agents", "PYYAML", f"fw {version('pyyaml')}", "pyyaml>=6.0"),
        # a marker is not part of the range, nor an extra part of the name
        ("blame-agents", "types_pyyaml", f"fw {version('types-pyyaml')}", "types-PyYAML"),
        ("blame-agents", "dask", f"fw {version('dask')}", "dask[distributed]>=2024.8"),
        # a prefix of a required name is not that name
        ("blame-agents", "net", "fw", NOT_DECLARED.format("net")),
        # an integration imported from a source tree has no metadata to read
        ("blame-nowhere", "networkx", f"fw {version('networkx')}", NOT_DECLARED.format("networkx")),
    ],
    ids=["normalised", "normalised-integration", "marker", "extra", "prefix", "not-installed"],
)
def test_an_unreachable_hook_names_the_release_and_the_declared_range(
    integration: str, requirement: str, release: str, declared: str
) -> None:
    """The error an integration gives when a framework's tool hook moved: the installed release
    of what it requires (none named when that is not installed) and the range it declares."""
    error = unreachable(
        "fw", "Tool.call is missing", integration=integration, requirement=requirement
    )

    assert error.format() == (
        f"faults: tool faults cannot reach {release}'s function tools: Tool.call is missing; "
        f"{integration} supports {declared}: install a release in that range, or drop `faults:`"
    )
