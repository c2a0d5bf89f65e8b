"""Trace diff: alignment, the first divergence, and `blame diff` as a user runs it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from blame.cli import app
from blame.diff import LOOKAHEAD, align, diff_traces, excerpts, render_text
from blame.model import Trace
from blame.recorder import TraceRecorder
from blame.testing import Turn, agent, chain, tool

PLAN = agent("Planner", "find the capital of France", input="capital of France?")
SEARCH = tool("search", "Paris is the capital", agent="Planner")
WRITE = agent("Writer", "It is Paris.")


def _trace(*turns: Turn, final: str | None = None) -> Trace:
    trace = chain(*turns)
    return trace if final is None else replace(trace, final_output=final)


# (case, A, B, first divergence kind, A index, B index, counts)
PAIRS: list[tuple[str, Trace, Trace, str | None, int | None, int | None, dict[str, int]]] = [
    ("identical", _trace(PLAN, SEARCH, WRITE), _trace(PLAN, SEARCH, WRITE), None, None, None, {}),
    (
        "timing and cost are not differences",
        _trace(PLAN, SEARCH, WRITE),
        _trace(replace(PLAN, latency_ms=900.0, cost_usd=1.0), SEARCH, WRITE),
        None,
        None,
        None,
        {},
    ),
    (
        "another tool called",
        _trace(PLAN, SEARCH, WRITE),
        _trace(PLAN, tool("lookup", "Paris is the capital", agent="Planner"), WRITE),
        "tool_sequence",
        1,
        1,
        {"tool_sequence": 1},
    ),
    (
        "another agent at a step",
        _trace(PLAN, agent("Checker", "ok"), WRITE),
        _trace(PLAN, agent("Reviewer", "ok"), WRITE),
        "step_changed",
        1,
        1,
        {"step_changed": 1},
    ),
    (
        "a tool call vanished",
        _trace(PLAN, SEARCH, replace(WRITE, input="Paris")),
        _trace(PLAN, replace(WRITE, input="Paris")),
        "vanished",
        1,
        None,
        {"vanished": 1},
    ),
    (
        "a tool call appeared",
        _trace(PLAN, replace(WRITE, input="Paris")),
        _trace(PLAN, SEARCH, replace(WRITE, input="Paris")),
        "appeared",
        None,
        1,
        {"appeared": 1},
    ),
    (
        "different content handed over",
        _trace(PLAN, replace(WRITE, input="find the capital of France")),
        _trace(PLAN, replace(WRITE, input="find the capital")),
        "content",
        1,
        1,
        {"content": 1},
    ),
    (
        "a step's own output changed, then what the next one got",
        _trace(PLAN, SEARCH, WRITE),
        _trace(PLAN, tool("search", "no results", agent="Planner"), WRITE),
        "output",
        1,
        1,
        {"content": 1, "output": 1},
    ),
    (
        "a tool started failing",
        _trace(PLAN, SEARCH, WRITE),
        _trace(PLAN, replace(SEARCH, error="timeout"), WRITE),
        "error",
        1,
        1,
        {"error": 1},
    ),
    (
        "only the final output differs",
        _trace(PLAN, WRITE, final="It is Paris."),
        _trace(PLAN, WRITE, final="It is Lyon."),
        "final",
        None,
        None,
        {"final": 1},
    ),
    (
        "a loop ran fewer times",
        _trace(*[agent("Looper", "again", input="go")] * 5, replace(WRITE, input="done")),
        _trace(*[agent("Looper", "again", input="go")] * 3, replace(WRITE, input="done")),
        "vanished",
        3,
        None,
        {"vanished": 2},
    ),
    (
        "B is empty",
        _trace(PLAN, WRITE),
        Trace(test_name="empty", final_output="It is Paris."),
        "vanished",
        0,
        None,
        {"vanished": 2},
    ),
]


@pytest.mark.parametrize(
    ("a", "b", "kind", "a_index", "b_index", "counts"),
    [pair[1:] for pair in PAIRS],
    ids=[pair[0] for pair in PAIRS],
)
def test_first_divergence_of_trace_pairs(
    a: Trace,
    b: Trace,
    kind: str | None,
    a_index: int | None,
    b_index: int | None,
    counts: dict[str, int],
) -> None:
    result = diff_traces(a, b)
    assert result.counts == counts
    assert result.identical is (kind is None)
    first = result.first
    if kind is None:
        assert first is None
        return
    assert first is not None
    assert first.kind == kind
    assert (first.a.index if first.a else None) == a_index
    assert (first.b.index if first.b else None) == b_index


@pytest.mark.parametrize(
    ("a", "b", "pairs"),
    [
        ("XYZ", "XYZ", [(0, 0), (1, 1), (2, 2)]),
        ("XYZ", "XZ", [(0, 0), (1, None), (2, 1)]),
        ("XZ", "XYZ", [(0, 0), (None, 1), (1, 2)]),
        ("XYZ", "XWZ", [(0, 0), (1, 1), (2, 2)]),
        ("XY", "", [(0, None), (1, None)]),
        ("", "XY", [(None, 0), (None, 1)]),
        ("XAAAB", "XAB", [(0, 0), (1, 1), (2, None), (3, None), (4, 2)]),
    ],
)
def test_alignment_table(a: str, b: str, pairs: list[tuple[int | None, int | None]]) -> None:
    def sig(text: str) -> list[tuple[str, str, str]]:
        return [(ch, "agent", ch) for ch in text]

    assert align(sig(a), sig(b)) == pairs


def test_alignment_is_linear_and_complete_on_big_traces() -> None:
    """Every step of both sides appears once, in order, even past the look-ahead."""
    a = [(f"A{i % 7}", "agent", "x") for i in range(20_000)]
    b = a[:5000] + [("Z", "tool", "z")] * (LOOKAHEAD * 2) + a[5000:]
    pairs = align(a, b)
    assert [i for i, _ in pairs if i is not None] == list(range(len(a)))
    assert [j for _, j in pairs if j is not None] == list(range(len(b)))


def test_handoff_named_when_content_came_from_another_agent() -> None:
    a = _trace(PLAN, replace(WRITE, input="find the capital of France"))
    b = _trace(PLAN, replace(WRITE, input="find the capital"))
    first = diff_traces(a, b).first
    assert first is not None and first.handoff == "Planner -> Writer"
    assert "over the handoff Planner -> Writer" in first.describe()


@pytest.mark.parametrize(
    ("error_a", "error_b", "said"),
    [
        (None, "timeout", 'step 1 (tool search, called by Planner) failed only in B ("timeout")'),
        ("timeout", None, 'step 1 (tool search, called by Planner) failed only in A ("timeout")'),
        ("timeout", "HTTP 429", 'failed differently (A: "timeout", B: "HTTP 429")'),
    ],
)
def test_an_error_in_one_run_only_is_not_said_to_differ_from_an_empty_one(
    error_a: str | None, error_b: str | None, said: str
) -> None:
    a = _trace(PLAN, replace(SEARCH, error=error_a), WRITE)
    b = _trace(PLAN, replace(SEARCH, error=error_b), WRITE)
    first = diff_traces(a, b).first
    assert first is not None and first.kind == "error"
    assert said in first.describe()


def test_excerpts_show_the_text_around_the_first_difference() -> None:
    left, right = excerpts("x" * 100 + "Paris" + "y" * 100, "x" * 100 + "Lyon" + "y" * 100)
    assert left.startswith("…") and "Paris" in left and left.endswith("…")
    assert "Lyon" in right


def test_terminal_text_escapes_agent_names() -> None:
    a = _trace(agent("Evil\x1b[2J", "x", input="i"))
    b = _trace(agent("Evil\x1b[2J", "y", input="i"))
    text = render_text(diff_traces(a, b), "a.json", "b.json")
    assert "\x1b" not in text and "\\x1b" in text
    assert "first divergence: a different output" in text


def _recorded(search_result: str | None) -> Trace:
    """The same small recorder pipeline; `None` skips the search."""
    rec = TraceRecorder(test_name="trip", input="Where is the Louvre?")
    plan = rec.step("Planner", input="Where is the Louvre?", output="look it up")
    fed = plan
    if search_result is not None:
        fed = rec.tool("search", agent="Planner", args={"q": "Louvre"}, output=search_result)
    rec.step("Writer", input=search_result or "look it up", output="It is in Paris.", parents=[fed])
    return rec.finalize(final_output="It is in Paris.")


def _write(path: Path, trace: Trace) -> Path:
    path.write_text(trace.to_json(), encoding="utf-8")
    return path


def test_cli_identical_exits_0(tmp_path: Path) -> None:
    a = _write(tmp_path / "a.json", _recorded("Paris"))
    b = _write(tmp_path / "b.json", _recorded("Paris"))
    done = CliRunner().invoke(app, ["diff", str(a), str(b)])
    assert done.exit_code == 0, done.output
    assert "identical" in done.output


def test_cli_names_the_vanished_tool_call_and_exits_1(tmp_path: Path) -> None:
    a = _write(tmp_path / "pass.json", _recorded("The Louvre is in Paris"))
    b = _write(tmp_path / "fail.json", _recorded(None))
    done = CliRunner().invoke(app, ["diff", str(a), str(b)])
    assert done.exit_code == 1, done.output
    assert "first divergence: a step vanished" in done.output
    assert "step 1 (tool search, called by Planner) of A has no counterpart in B" in done.output
    shown = CliRunner().invoke(app, ["diff", str(a), str(b), "--json"])
    data = json.loads(shown.stdout)
    assert data["first"]["kind"] == "vanished" and data["first"]["a"]["name"] == "search"
    assert data["identical"] is False and data["counts"]["vanished"] == 1


def test_cli_reads_chat_transcripts_too(tmp_path: Path) -> None:
    def chat(answer: str) -> list[dict[str, Any]]:
        return [
            {"role": "user", "content": "2+2?"},
            {"role": "assistant", "name": "Solver", "content": "thinking"},
            {"role": "assistant", "name": "Checker", "content": answer},
        ]

    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(chat("4")), encoding="utf-8")
    b.write_text(json.dumps(chat("5")), encoding="utf-8")
    data = json.loads(CliRunner().invoke(app, ["diff", str(a), str(b), "--json"]).stdout)
    assert data["first"]["kind"] == "output" and data["first"]["b"]["agent"] == "Checker"


def test_cli_says_what_the_import_skipped(tmp_path: Path) -> None:
    from tests.hostile.cases_traces import otlp

    export = otlp()
    whole, partial = tmp_path / "whole.json", tmp_path / "partial.jsonl"
    whole.write_text(export, encoding="utf-8")
    partial.write_text(f"{export}\n{{broken\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["diff", str(whole), str(partial)])
    assert done.exit_code == 0, done.output  # identical as far as the import went, and said so
    assert f"blame: warning: {partial}: line 2: invalid JSON, skipped" in done.stderr


def test_cli_bad_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    a = _write(tmp_path / "a.json", _recorded("Paris"))
    done = CliRunner().invoke(app, ["diff", str(a), str(tmp_path / "missing.json")])
    assert done.exit_code == 2
    assert "missing.json: no such file" in done.output


def test_real_langgraph_pair_names_the_skipped_tool_call() -> None:
    pytest.importorskip("blame_langgraph")
    from blame_langgraph.fakes import ScriptedChatModel, tool_agent
    from blame_langgraph.tracer import trace_langgraph
    from langchain_core.messages import AIMessage, BaseMessage
    from langchain_core.tools import tool as lc_tool

    @lc_tool
    def search(query: str) -> str:
        """Search the web."""
        return f"results for {query}: Paris"

    def graph(use_tool: bool) -> Any:
        call = AIMessage(
            content="", tool_calls=[{"name": "search", "args": {"query": "x"}, "id": "c1"}]
        )
        script: list[BaseMessage] = (
            [call, AIMessage(content="Paris")] if use_tool else [AIMessage(content="Lyon")]
        )
        return tool_agent("researcher", ScriptedChatModel(responses=script), [search])

    question = {"messages": [("user", "Capital of France?")]}
    passing = trace_langgraph(graph(True), question)[1]
    again = trace_langgraph(graph(True), question)[1]
    failing = trace_langgraph(graph(False), question)[1]
    assert diff_traces(passing, again).identical
    result = diff_traces(passing, failing)
    first = result.first
    assert first is not None
    # The model answered at once instead of asking for the search: its call's output is the
    # first difference, and the tool call with the answer after it vanished.
    assert (first.kind, first.agent, first.b.index if first.b else None) == ("output", "agent", 0)
    assert result.counts == {"final": 1, "output": 1, "vanished": 2}
    text = render_text(result, "pass.json", "fail.json")
    assert "step 1 (tool search, called by agent) of A has no counterpart in B" in text


def test_the_handoff_named_is_the_feeder_whose_output_the_input_holds() -> None:
    rec = TraceRecorder(test_name="t", input="q")
    triage = rec.step("Triage", input="q", output="topic: order")
    research = rec.step("Researcher", input="topic: order", output="It shipped.", parents=[triage])
    rec.step("Writer", input="It shipped.", output="Hello", parents=[triage, research])
    a = rec.finalize(final_output="Hello")
    b = replace(a, steps=(*a.steps[:2], replace(a.steps[2], input="It did not ship.")))
    b = replace(b, steps=(b.steps[0], replace(b.steps[1], output="It did not ship."), b.steps[2]))
    first = diff_traces(a, b).first
    assert first is not None and first.kind == "output"  # the Researcher's output came first
    content = diff_traces(a, b).divergences[1]
    assert (content.kind, content.handoff) == ("content", "Researcher -> Writer")
