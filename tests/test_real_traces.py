"""bench/real_traces.py and its corpus: the long family is made by the real system, labelled
at an LLM-call span, breaks a check, and is reported apart from the short family."""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.conftest import bench_script


@pytest.fixture(scope="module")
def bench() -> Iterator[ModuleType]:
    """bench/real_traces.py, imported as the script imports its corpus package."""
    with bench_script("real_traces") as module:
        yield module


def _spans(otlp: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        span
        for resource in otlp["resourceSpans"]
        for scope in resource["scopeSpans"]
        for span in scope["spans"]
    ]


def _kind(span: dict[str, Any]) -> str:
    attributes = {a["key"]: a["value"] for a in span.get("attributes", [])}
    return str(attributes.get("openinference.span.kind", {}).get("stringValue"))


def _long_case(number: int, fault: str) -> Any:
    pytest.importorskip("smolagents")
    pytest.importorskip("openinference.instrumentation.smolagents")
    from corpus.smolagents_long import run_case  # type: ignore[import-not-found]

    return run_case(number, fault)


@pytest.mark.smolagents
@pytest.mark.parametrize("number", [0, 1])
@pytest.mark.parametrize("which", range(8))
def test_a_long_run_is_labelled_at_a_middle_llm_span_and_breaks_a_check(
    bench: ModuleType, tmp_path: Path, which: int, number: int
) -> None:
    fault = bench.FAULTS[which]
    case = _long_case(number, fault)
    assert case.family == "long" and case.name == f"smolagents/long/{fault}/{number:02d}"
    spans = sorted(_spans(case.otlp), key=lambda s: int(s["startTimeUnixNano"]))
    llm = [s["spanId"] for s in spans if _kind(s) == "LLM"]
    assert len(llm) >= 7
    assert case.label_spans and set(case.label_spans) <= set(llm)
    assert case.label_agent in {"manager", "search_agent"}
    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    trace = bench.import_trace(case, tmp_path)
    result = evaluate_trace(
        trace, parse_checks(case.checks, source=case.name), threshold=1.0, name=case.name
    )
    assert any(not outcome.passed for outcome in result.checks)
    if fault not in ("wrong_format", "premature_final_answer"):
        # the wrong decision is not the run's last model call: later calls restate it
        assert llm.index(case.label_spans[0]) < len(llm) - 2


@pytest.mark.smolagents
def test_long_runs_hold_tool_errors_the_agent_recovered_from(bench: ModuleType) -> None:
    case = _long_case(1, "looping")
    errors = [s for s in _spans(case.otlp) if _kind(s) == "TOOL" and s["status"].get("code") == 2]
    assert len(errors) == 1 and "429" in errors[0]["status"]["message"]
    assert case.checks[-1] == {"type": "tool_called", "tool": "web_search", "max": 2}
    refused = _long_case(3, "ignored_tool_error")
    messages = [s["status"].get("message", "") for s in _spans(refused.otlp) if _kind(s) == "TOOL"]
    assert sum("403" in m for m in messages) == 2 and sum("429" in m for m in messages) == 1


@pytest.mark.smolagents
def test_a_long_run_is_the_same_bytes_each_time(bench: ModuleType) -> None:
    first, second = _long_case(4, "wrong_format"), _long_case(4, "wrong_format")
    assert json.dumps(first.otlp) == json.dumps(second.otlp)
    assert first.label_spans == second.label_spans


def _outcome(bench: ModuleType, family: str, fault: str, hit: float) -> Any:
    from corpus.faults import Case  # type: ignore[import-not-found]

    case = Case(f"x/{family}/{fault}", "x", fault, {}, [], ("1",), "a", family=family)
    scores = {name: (hit, hit, 1.0) for name in bench.METHOD_NAMES}
    return bench.Outcome(case, scores, "")


def test_figures_are_reported_per_family(bench: ModuleType) -> None:
    outcomes = [
        _outcome(bench, "short", "looping", 1.0),
        _outcome(bench, "short", "looping", 1.0),
        _outcome(bench, "long", "looping", 1.0),
        _outcome(bench, "long", "wrong_format", 0.0),
    ]
    report = bench.report_json(outcomes)
    assert report["figures"]["blame"] == {"top1": 75.0, "top3": 75.0, "agent": 100.0}
    assert report["by_family"]["short"]["figures"]["blame"]["top1"] == 100.0
    assert report["by_family"]["long"]["figures"]["blame"]["top1"] == 50.0
    assert report["blame_by_fault"]["long/wrong_format"] == {
        "cases": 1,
        "top1": 0.0,
        "top3": 0.0,
        "agent": 100.0,
    }


@pytest.mark.smolagents
@pytest.mark.parametrize("number", [0, 1])
def test_a_goal_deviation_is_labelled_where_the_other_question_first_appears(
    bench: ModuleType, number: int
) -> None:
    """Even tasks: the plan is right and the delegation asks for the other attribute; odd
    tasks: the plan asks for it (and is the label), and the delegation follows it."""
    from corpus.faults import TASKS  # type: ignore[import-not-found]

    case = _long_case(number, "goal_deviation")
    spans = sorted(_spans(case.otlp), key=lambda s: int(s["startTimeUnixNano"]))
    plan, delegation = [s for s in spans if _kind(s) == "LLM"][:2]

    def output(span: dict[str, Any]) -> str:
        return json.dumps([a for a in span["attributes"] if a["key"] == "output.value"])

    other = TASKS[number].other_attribute
    assert (other in output(plan)) == bool(number)
    assert f"Find the {other}" in output(delegation)
    assert case.label_spans == ((plan if number else delegation)["spanId"],)


def _langgraph_long_case(number: int, fault: str) -> Any:
    pytest.importorskip("langgraph_supervisor")
    pytest.importorskip("openinference.instrumentation.langchain")
    from corpus.langgraph_long import run_case  # type: ignore[import-not-found]

    return run_case(number, fault)


LANGGRAPH_1 = "ignore:create_react_agent has been moved:DeprecationWarning"
"""langgraph-supervisor's agents are built as the system it stands for builds them."""


@pytest.mark.langgraph
@pytest.mark.filterwarnings(LANGGRAPH_1)
@pytest.mark.parametrize(
    ("number", "fault", "agent"),
    [
        (0, "misread_tool_output", "researcher"),
        (1, "misread_tool_output", "analyst"),
        (2, "misread_tool_output", "supervisor"),
        (2, "ignored_tool_error", "researcher"),
        (4, "goal_deviation", "supervisor"),
        (7, "premature_final_answer", "supervisor"),
        (5, "looping", "analyst"),
    ],
)
def test_a_supervisor_run_is_labelled_at_the_deciding_agents_llm_span_and_breaks_a_check(
    bench: ModuleType, tmp_path: Path, number: int, fault: str, agent: str
) -> None:
    case = _langgraph_long_case(number, fault)
    assert case.family == "langgraph_long" and case.name == f"langgraph/long/{fault}/{number:02d}"
    spans = sorted(_spans(case.otlp), key=lambda s: int(s["startTimeUnixNano"]))
    llm = [s["spanId"] for s in spans if _kind(s) == "LLM"]
    assert len(llm) >= 10 and case.notes["llm_calls"] == len(llm)
    assert case.label_spans and set(case.label_spans) <= set(llm)
    assert case.label_agent == agent
    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    trace = bench.import_trace(case, tmp_path)
    result = evaluate_trace(
        trace, parse_checks(case.checks, source=case.name), threshold=1.0, name=case.name
    )
    assert any(not outcome.passed for outcome in result.checks)


def _research_case(number: int, kind: str) -> Any:
    pytest.importorskip("smolagents")
    pytest.importorskip("openinference.instrumentation.smolagents")
    from corpus.smolagents_research import run_case  # type: ignore[import-not-found]

    return run_case(number, kind)


@pytest.mark.smolagents
@pytest.mark.parametrize(("number", "kind"), [(0, "tool_error"), (0, "code_execution_error")])
def test_a_research_run_is_labelled_at_every_error_and_breaks_a_check(
    bench: ModuleType, tmp_path: Path, number: int, kind: str
) -> None:
    """Several labelled spans: the fatal error's and those of errors the run got over; a tool
    that failed is labelled at its TOOL span, every other error at an LLM-call span."""
    case = _research_case(number, kind)
    assert case.family == "research" and case.name == f"smolagents/research/{kind}/{number:02d}"
    spans = {s["spanId"]: s for s in _spans(case.otlp)}
    llm = [i for i, s in spans.items() if _kind(s) == "LLM"]
    assert 8 <= len(llm) <= 25
    kinds = sorted(_kind(spans[label]) for label in case.label_spans)
    failed_tool = any(
        _kind(spans[label]) == "TOOL" and spans[label]["status"].get("code") == 2
        for label in case.label_spans
    )
    assert len(kinds) >= 2 and set(kinds) <= {"LLM", "TOOL"}
    assert set(case.notes["recovered_spans"]) < set(case.label_spans)
    assert failed_tool == (kind == "tool_error")
    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    trace = bench.import_trace(case, tmp_path)
    result = evaluate_trace(
        trace, parse_checks(case.checks, source=case.name), threshold=1.0, name=case.name
    )
    assert not result.checks[0].passed


@pytest.mark.langgraph
@pytest.mark.filterwarnings(LANGGRAPH_1)
def test_a_supervisor_run_is_the_same_bytes_each_time(bench: ModuleType) -> None:
    """LangChain writes random message and run ids and LangGraph random checkpoint
    namespaces: the export numbers them in order, so a regenerated corpus is the same."""
    first = _langgraph_long_case(3, "ignored_tool_error")
    second = _langgraph_long_case(3, "ignored_tool_error")
    assert json.dumps(first.otlp) == json.dumps(second.otlp)
    assert "00000000-0000-4000-8000-000000000001" in json.dumps(first.otlp)
    messages = [s["status"].get("message", "") for s in _spans(first.otlp) if _kind(s) == "TOOL"]
    assert any("timed out" in m for m in messages)


def test_the_questions_of_the_supervisor_family_are_not_the_other_families(
    bench: ModuleType,
) -> None:
    pytest.importorskip("langgraph_supervisor")
    from corpus.faults import TASKS  # type: ignore[import-not-found]
    from corpus.langgraph_long import QUESTIONS, estimate, mistyped, transposed

    assert len(QUESTIONS) >= 10
    assert not {q.entity for q in QUESTIONS} & {t.entity for t in TASKS}
    assert (estimate("512"), estimate("18446"), estimate("5005")) == ("510", "18000", "5000")
    assert (transposed("1920"), transposed("300")) == ("1902", "303")
    assert (mistyped("273 km2"), mistyped("2.08 km2"), mistyped("53.2 km2")) == (
        "237",
        "2.80",
        "35.2",
    )


@pytest.mark.smolagents
def test_a_research_run_is_the_same_bytes_each_time() -> None:
    first, second = _research_case(3, "resource_abuse"), _research_case(3, "resource_abuse")
    assert json.dumps(first.otlp) == json.dumps(second.otlp)
    assert first.label_spans == second.label_spans and len(first.label_spans) >= 4


def test_the_fatal_error_figure_leaves_out_the_errors_a_run_got_over(bench: ModuleType) -> None:
    """A top pick on a recovered error's span counts for `blame`, not for the fatal figure."""
    from dataclasses import replace

    from corpus.faults import Case  # type: ignore[import-not-found]

    from blame import TraceRecorder

    rec = TraceRecorder(test_name="t")
    rec.step("lead", input="task", output="no code", kind="llm", metadata={"span_id": "a"})
    rec.step("lead", input="no code", output="41", kind="llm", metadata={"span_id": "b"})
    trace = rec.finalize(final_output="41")
    case = Case("x/research/k", "x", "k", {}, [], ("a", "b"), "lead", {"recovered_spans": ["a"]})
    assert bench.fatal_spans(case) == ("b",)
    on_recovered, on_fatal = [(0, "lead")], [(1, "lead")]
    assert bench._score(on_recovered, trace, case).top1
    fatal = replace(case, label_spans=bench.fatal_spans(case))
    assert not bench._score(on_recovered, trace, fatal).top1
    assert bench._score(on_fatal, trace, fatal).top1


def _crew_case(number: int, fault: str) -> Any:
    pytest.importorskip("crewai")
    pytest.importorskip("openinference.instrumentation.crewai")
    from corpus.crewai_long import run_case  # type: ignore[import-not-found]

    return run_case(number, fault)


@pytest.mark.crewai
@pytest.mark.parametrize(
    ("number", "fault", "agent", "process"),
    [
        (0, "misread_tool_output", "Researcher", "sequential"),
        (1, "wrong_delegation", "Crew Manager", "hierarchical"),
        (5, "looping", "Analyst", "hierarchical"),
    ],
)
def test_a_crew_run_is_labelled_at_the_deciding_llm_span_and_breaks_a_check(
    bench: ModuleType, tmp_path: Path, number: int, fault: str, agent: str, process: str
) -> None:
    case = _crew_case(number, fault)
    assert case.family == "crewai_long" and case.notes["process"] == process
    spans = _spans(case.otlp)
    llm = [s["spanId"] for s in spans if _kind(s) == "LLM"]
    assert len(llm) == case.notes["llm_calls"] >= 9
    assert case.label_spans and set(case.label_spans) <= set(llm)
    assert case.label_agent == agent
    if process == "hierarchical":
        assert any(s["name"].startswith("Delegate work to coworker") for s in spans)
    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    trace = bench.import_trace(case, tmp_path)
    result = evaluate_trace(
        trace, parse_checks(case.checks, source=case.name), threshold=1.0, name=case.name
    )
    assert any(not outcome.passed for outcome in result.checks)


@pytest.mark.crewai
def test_a_crew_run_is_the_same_bytes_each_time() -> None:
    first, second = _crew_case(3, "ignored_tool_error"), _crew_case(3, "ignored_tool_error")
    assert json.dumps(first.otlp) == json.dumps(second.otlp)
    assert first.label_spans == second.label_spans
    errors = [s for s in _spans(first.otlp) if _kind(s) == "TOOL" and s["status"].get("code") == 2]
    assert any(
        "timed out" in s["status"]["message"] or "20 s" in s["status"]["message"] for s in errors
    )


def test_the_corpus_keeps_crewai_quiet_with_blame_crewai_s_own_variables(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    tracer = pytest.importorskip("blame_crewai.tracer")
    import corpus  # type: ignore[import-not-found]

    monkeypatch.setitem(tracer.QUIET_ENV, "BLAME_TEST_ADDED_QUIET", "yes")  # added later
    for name in tracer.QUIET_ENV:
        monkeypatch.delenv(name, raising=False)
    importlib.reload(corpus)
    expected = {**tracer.QUIET_ENV, tracer.SDK_SWITCH: None}  # the exporters need the SDK
    assert {name: os.environ.get(name) for name in tracer.QUIET_ENV} == expected


@pytest.mark.smolagents
@pytest.mark.parametrize(
    ("family", "runs"),
    [
        ("sweep", 20),
        ("blind", 16),
        ("fresh", 16),
        ("novel", 16),
        ("sealed", 16),
        ("veiled", 16),
        ("hidden", 16),
        ("masked", 16),
        ("cloaked", 16),
        ("shrouded", 16),
        ("eclipsed", 16),
        ("occulted", 16),
        ("obscured", 16),
        ("shaded", 16),
        ("dusky", 16),
        ("murky", 16),
        ("misty", 16),
        ("hazy", 16),
        ("foggy", 16),
        ("gloomy", 16),
        ("dim", 16),
        ("overcast", 16),
        ("smokey", 16),
        ("clouded", 16),
        ("misted", 16),
        ("hazed", 16),
        ("dusted", 16),
        ("smudged", 16),
        ("blurred", 16),
        ("fogged", 16),
    ],
)
def test_every_sweep_or_blind_run_is_labelled_at_llm_spans_and_breaks_a_check(
    bench: ModuleType, tmp_path: Path, family: str, runs: int
) -> None:
    pytest.importorskip("smolagents")
    pytest.importorskip("openinference.instrumentation.smolagents")
    module = importlib.import_module(f"corpus.smolagents_{family}")

    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    cases = list(module.cases())
    assert len(cases) == runs and {c.fault for c in cases} == set(bench.FAULTS)
    assert len({c.name for c in cases}) == runs
    for case in cases:
        llm = {s["spanId"] for s in _spans(case.otlp) if _kind(s) == "LLM"}
        assert case.family == family and case.label_spans and set(case.label_spans) <= llm
        trace = bench.import_trace(case, tmp_path)
        checks = parse_checks(case.checks, source=case.name)
        result = evaluate_trace(trace, checks, threshold=1.0, name=case.name)
        assert any(not outcome.passed for outcome in result.checks), case.name
