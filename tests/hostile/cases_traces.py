"""The corpus's hostile stored inputs read by `blame analyze`, `diff`, `explain`, `test`, `gate`
and `history`: OTLP exports whose spans say less than they seem to, files an import reads only in
part, a baseline that says two things of one test, a run record that says it is another."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from tests.hostile.harness import AGENTS, FAILING, Case, native, trace_test

CHECKS = "checks:\n  - {type: contains, value: Paris}\n"


def _messages(text: str) -> dict[str, Any]:
    content = [{"role": "assistant", "parts": [{"type": "text", "content": text}]}]
    return {"key": "gen_ai.output.messages", "value": {"stringValue": json.dumps(content)}}


TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"


def _agent(
    span_id: str, name: str, end: int, *attrs: dict[str, Any], trace_id: str = TRACE_ID
) -> dict[str, Any]:
    return {
        "traceId": trace_id,
        "spanId": span_id,
        "parentSpanId": "0000000000000001",
        "name": f"invoke_agent {name}",
        "startTimeUnixNano": str(end - 1000),
        "endTimeUnixNano": str(end),
        "attributes": [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "invoke_agent"}},
            {"key": "gen_ai.agent.name", "value": {"stringValue": name}},
            *attrs,
        ],
    }


def otlp(*writer: dict[str, Any], trace_id: str = TRACE_ID) -> str:
    """A run whose Researcher says Paris and whose Writer, the last agent, records `writer`."""
    root = {
        "traceId": trace_id,
        "spanId": "0000000000000001",
        "name": "trip",
        "startTimeUnixNano": "1000",
        "endTimeUnixNano": "9000",
    }
    said = _messages("It is in Paris.")
    researcher = _agent("0000000000000002", "Researcher", 3000, said, trace_id=trace_id)
    spans = [
        root,
        researcher,
        _agent("0000000000000003", "Writer", 5000, *writer, trace_id=trace_id),
    ]
    return json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]})


def _entry(passes: int) -> dict[str, Any]:
    """Test `t` of FAILING in a baseline: its check passed (1) or was a known failure (0)."""
    check = {"name": "contains:Rome", "runs": 1, "failures": 1 - passes}
    return {
        "name": "t",
        "runs": 1,
        "passes": passes,
        "checks": [{**check, "categories": ["missing content"], "culprits": ["Writer"]}],
    }


RERUN = json.dumps([json.loads(otlp()), json.loads(otlp(_messages("Rome."), trace_id="b" * 32))])
"""Two runs, their span ids counted from 1 in each: the later one answers Rome. Read as
duplicates of the first run's spans, it was dropped, and the file passed on the first's Paris."""


def _chat_of_a_group() -> str:
    """AG2's own spans of a group chat: the conversation span records every message of the
    chat as its output, the manager's span none; the Writer's last message answers Rome."""
    chat = [
        {"role": "user", "parts": [{"type": "text", "content": "Where is the Louvre?"}]},
        {"role": "assistant", "parts": [{"type": "text", "content": "It is in Paris."}]},
        {"role": "assistant", "parts": [{"type": "text", "content": "It is in Rome."}]},
    ]
    root = {
        "traceId": TRACE_ID,
        "spanId": "0000000000000001",
        "name": "conversation User",
        "startTimeUnixNano": "1000",
        "endTimeUnixNano": "9000",
        "attributes": [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "conversation"}},
            {"key": "gen_ai.output.messages", "value": {"stringValue": json.dumps(chat)}},
        ],
    }
    manager = {**_agent("0000000000000002", "chat_manager", 8000), "startTimeUnixNano": "1500"}
    researcher = _agent("0000000000000003", "Researcher", 3000, _messages("It is in Paris."))
    writer = _agent("0000000000000004", "Writer", 5000, _messages("It is in Rome."))
    for agent in (researcher, writer):
        agent["parentSpanId"] = manager["spanId"]
    spans = [root, manager, researcher, writer]
    return json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]})


TWICE = json.dumps({"baseline_version": 1, "tests": [_entry(1), _entry(0)]})
"""Test `t` passing, then `t` again as a known failure: the gate took the last."""

ROW: dict[str, Any] = {
    "TraceId": "t1",
    "SpanId": "w",
    "SpanName": "invoke_agent Writer",
    "Timestamp": "yesterday",
    "Duration": 1000,
    "SpanAttributes": {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "Writer"},
}
"""A span store's row whose start time is no time: its place in the order is a guess."""


def _spans_of(export: str) -> list[dict[str, Any]]:
    spans: list[dict[str, Any]] = json.loads(export)["resourceSpans"][0]["scopeSpans"][0]["spans"]
    return spans


def _unlabelled_reruns() -> str:
    """Two runs with no trace ids, span ids counted from 1 in each, the later one ending in
    Rome: read as the first run's retry, the later run was dropped and the file passed."""
    runs = []
    for answer, shift in (("It is Paris.", 0), ("Rome.", 100_000)):
        spans = _spans_of(otlp(_messages(answer)))
        for span in spans:
            del span["traceId"]
            for key in ("startTimeUnixNano", "endTimeUnixNano"):
                span[key] = str(int(span[key]) + shift)
        runs.append(json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}))
    return "\n".join(runs) + "\n"


def _writer_fails_on_resend() -> str:
    """The Writer's span sent twice, the second time with status ERROR: kept the first."""
    spans = _spans_of(otlp())
    spans.append({**spans[2], "status": {"code": 2, "message": "the model call timed out"}})
    return json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]})


def _trace_moved_away(project: Path) -> None:
    """A folder of exported traces, one of them a link whose target was moved away."""
    (project / "traces").mkdir()
    (project / "traces" / "a.json").symlink_to(project / "archive" / "a.json")
    (project / "traces" / "b.json").write_text(otlp(), encoding="utf-8")


def _links_back(project: Path) -> None:
    """A folder of traces holding two links back to itself."""
    (project / "traces").mkdir()
    (project / "traces" / "run.json").write_text(native("Rome"), encoding="utf-8")
    (project / "traces" / "again").symlink_to(".")
    (project / "traces" / "up").symlink_to("..")


def _link_to_itself(project: Path) -> None:
    """A folder of traces, one of them a link to itself."""
    (project / "traces").mkdir()
    (project / "traces" / "run.json").write_text(native("Paris"), encoding="utf-8")
    (project / "traces" / "loop.json").symlink_to("loop.json")


def _giant_first_line(project: Path) -> None:
    """JSON Lines whose first trace is a line of 3 MB, the second one that says Paris."""
    with (project / "runs.jsonl").open("w", encoding="utf-8") as handle:
        handle.write(native("x" * 3_000_000) + "\n" + native("Paris") + "\n")


def _named(name: str, answer: str) -> str:
    """A line of blame's own traces, run `name`, answering `answer`."""
    trace = json.loads(native(answer))
    trace["test_name"] = name
    return json.dumps(trace)


def _record(seq: int) -> str:
    test = {"name": "t", "status": "pass", "runs": 1, "passes": 1, "failed": []}
    return json.dumps(
        {"record_version": 1, "seq": seq, "time": "2026-12-01T12:00:00Z", "tests": [test]}
    )


def _lines_of(export: str, **shape: Any) -> str:
    """`export` as one JSON line, its resource's fields replaced by `shape`."""
    document = json.loads(export)
    document["resourceSpans"][0] = {**document["resourceSpans"][0], **shape}
    return json.dumps(document) + "\n"


DEEP = "[" * 100_000 + "]" * 100_000
"""Valid JSON nested deeper than Python's parser goes, on every supported version (3.13's
parses 5,000 levels; 3.10 to 3.12 stop before)."""

OLD_SCOPES = _lines_of(
    otlp(_messages("Rome.")),
    scopeSpans=None,
    instrumentationLibrarySpans=[{"spans": _spans_of(otlp(_messages("Rome.")))}],
)
"""A run answering Rome, written by an exporter older than OTLP 0.15 (its scopes' old name)."""


TRACES: dict[str, Case] = {
    "otlp-last-agent-answers-nothing": Case(
        {"run.json": otlp(_messages("")), "checks.yaml": CHECKS},
        ("analyze", "run.json", "--checks", "checks.yaml"),
        1,  # the Researcher's "Paris" is not the run's answer
        "final output is empty",
    ),
    "otlp-second-trace-reusing-span-ids": Case(
        {"run.json": RERUN, "checks.yaml": CHECKS},
        ("analyze", "run.json", "--checks", "checks.yaml"),
        1,  # the later run answered Rome
        "run.json: the file holds 2 traces; imported together in time order",
    ),
    "otlp-conversation-span-recording-the-whole-chat": Case(
        {"run.json": _chat_of_a_group(), "checks.yaml": CHECKS},
        ("analyze", "run.json", "--checks", "checks.yaml"),
        1,  # the chat's last message answers Rome; Paris was an earlier message's
        "final output: 'It is in Rome.'",
    ),
    "diff-with-an-export-read-in-part": Case(
        {"whole.json": otlp(), "part.jsonl": f"{otlp()}\n{{broken\n"},
        ("diff", "whole.json", "part.jsonl"),
        0,  # identical as far as the import went, and said so
        "part.jsonl: line 2: invalid JSON, skipped",
    ),
    "test-of-an-export-read-in-part": Case(
        {"blame.yaml": trace_test("run.jsonl"), "run.jsonl": f"{otlp()}\n{{broken\n"},
        ("test",),
        0,  # Paris is in what was read; the PASS says it rests on part of the file
        "blame: warning: run.jsonl: line 2: invalid JSON, skipped",
    ),
    "gate-against-a-baseline-naming-a-test-twice": Case(
        {**AGENTS, "blame.yaml": FAILING, "blame-baseline.json": TWICE},
        ("gate",),
        2,
        "tests[1].name: test 't' is listed twice (also tests[0])",
        before=("test",),
    ),
    "history-record-claiming-another-run": Case(
        {
            ".blame/history/run-000001.json": _record(1),
            ".blame/history/run-000002.json": _record(1),  # listed as a second r1
        },
        ("history", "show", "r2"),
        2,
        "run-000002.json: not a history record (seq: 1, not 2)",
    ),
    "span-row-whose-time-is-no-time": Case(
        {
            "rows.jsonl": json.dumps(ROW) + "\n" + json.dumps({**ROW, "SpanId": "x"}) + "\n",
            "checks.yaml": CHECKS,
        },
        ("analyze", "rows.jsonl", "--checks", "checks.yaml"),
        1,
        "span w: start time 'yesterday' is not a time; imported without it",
    ),
    "analyze-the-project-folder-twice": Case(
        {"run.json": otlp(_messages("")), "checks.yaml": CHECKS},
        ("analyze", ".", "--checks", "checks.yaml"),
        1,  # the first run's .blame/results/latest.json is no trace: it erred the second
        "1 test: 0 passed, 1 failed, 0 errors",
        before=("analyze", ".", "--checks", "checks.yaml"),
    ),
    "analyze-jsonl-over-the-trace": Case(
        {"run.json": otlp(), "checks.yaml": CHECKS},
        ("analyze", "run.json", "--checks", "checks.yaml", "--jsonl", "run.json"),
        2,
        "run.json: is where this run writes its results, which would replace it",
    ),
    "otlp-two-runs-without-trace-ids": Case(
        {"runs.jsonl": _unlabelled_reruns(), "checks.yaml": CHECKS},
        ("analyze", "runs.jsonl", "--checks", "checks.yaml"),
        2,
        "spans: span 0000000000000001 appears twice with different content (they "
        "differ in: start, end); an exporter's retry repeats a span unchanged",
    ),
    "otlp-span-resent-with-an-error": Case(
        {"blame.yaml": trace_test("run.json"), "run.json": _writer_fails_on_resend()},
        ("test",),
        2,
        "span 0000000000000003 appears twice with different content (they differ in: error)",
    ),
    "analyze-a-folder-holding-a-trace-linked-to-nothing": Case(
        {"traces": _trace_moved_away, "checks.yaml": CHECKS},
        ("analyze", "traces", "--checks", "checks.yaml"),
        2,  # it was left out, and the folder passed on b.json alone
        "traces/a.json: no such file; check the path",
    ),
    "analyze-traces-named-like-a-numbered-repeat": Case(
        {
            "runs.jsonl": "\n".join(
                [_named("t", "Paris"), _named("t (2)", "Rome"), _named("t", "Paris")]
            ),
            "checks.yaml": CHECKS,
        },
        ("analyze", "runs.jsonl", "--checks", "checks.yaml"),
        1,  # the repeat of `t` was named `t (2)` too: a baseline saved from it was refused
        "PASS t (3)",
    ),
    "chat-tool-markers-left-empty": Case(
        {
            "chat.json": json.dumps(
                [
                    {"role": "user", "content": "Where is the Louvre?"},
                    {"name": "Coder", "content": "print(lookup('Louvre'))"},
                    {
                        "name": "code_executor",
                        "content": "exitcode: 0 (execution succeeded)\nParis",
                    },
                    {"name": "Coder", "content": "I could not find it."},
                    {"name": "code_executor", "content": "Paris TERMINATE"},
                ]
            ),
            "checks.yaml": CHECKS,
        },
        ("analyze", "chat.json", "--checks", "checks.yaml"),
        2,  # with no marker the executor's last output was the run's answer: it passed
        "chat.json: BLAME_CHAT_TOOL_MARKERS names no speaker, got ''",
        env={"BLAME_CHAT_TOOL_MARKERS": ""},
    ),
    "span-row-whose-cost-is-text": Case(
        {
            "rows.jsonl": json.dumps(
                {
                    **ROW,
                    "Timestamp": "2026-12-01 12:00:00",
                    "SpanAttributes": {**ROW["SpanAttributes"], "gen_ai.usage.cost": "5.0"},
                }
            )
            + "\n",
            "checks.yaml": "checks:\n  - {type: max_cost, usd: 1}\n",
        },
        ("analyze", "rows.jsonl", "--checks", "checks.yaml"),
        1,  # a span store keeps attributes as text: the $5 was "no cost recorded", and passed
        "cost $5 exceeds the limit $1",
    ),
    "otlp-cost-infinity-as-protobuf-spells-it": Case(
        {
            "run.json": otlp({"key": "gen_ai.usage.cost", "value": {"doubleValue": "Infinity"}}),
            "checks.yaml": "checks:\n  - {type: max_cost, usd: 1}\n",
        },
        ("analyze", "run.json", "--checks", "checks.yaml"),
        2,  # left out as no cost: max_cost passed
        "span 0000000000000003.cost_usd: must be a finite number of at least 0, got inf",
    ),
    "otlp-cost-int-value-of-1e400": Case(
        {
            "run.json": otlp({"key": "gen_ai.usage.cost", "value": {"intValue": "@"}}).replace(
                '"@"', "1e400"
            ),
            "checks.yaml": "checks:\n  - {type: max_cost, usd: 1}\n",
        },
        ("analyze", "run.json", "--checks", "checks.yaml"),
        2,  # the 'otlp' importer failed: OverflowError: cannot convert float infinity to integer
        "span 0000000000000003.cost_usd: must be a finite number of at least 0, got inf",
    ),
    "analyze-a-glob-through-links-back-to-its-folder": Case(
        {"traces": _links_back, "checks.yaml": CHECKS},
        ("analyze", "traces/**/*.json", "--checks", "checks.yaml"),
        1,  # glob went through the links until the path was too long: 2**40 paths, a hang
        "1 test: 0 passed, 1 failed",
    ),
    "analyze-a-folder-holding-a-link-to-itself": Case(
        {"traces": _link_to_itself, "checks.yaml": CHECKS},
        ("analyze", "traces", "--checks", "checks.yaml"),
        2,  # internal error: RuntimeError: Symlink loop from '.../traces/loop.json'
        "traces/loop.json: is a link that leads back to itself (a loop of links)",
    ),
    "analyze-json-lines-whose-first-line-is-over-the-size-limit": Case(
        {"runs": _giant_first_line, "checks.yaml": CHECKS},
        ("analyze", "runs.jsonl", "--checks", "checks.yaml"),
        2,  # read and parsed whole whatever the limit: a line of 100 MB took 400 MB
        "runs.jsonl:1: the line is over the 1 MiB limit of a trace",
        env={"BLAME_MAX_TRACE_MB": "1"},
    ),
    "analyze-pretty-printed-json-named-jsonl": Case(
        {"run.jsonl": json.dumps(json.loads(native("Rome")), indent=2), "checks.yaml": CHECKS},
        ("analyze", "run.jsonl", "--checks", "checks.yaml"),
        1,  # 14 errors, one per line: 'the line is not valid JSON'
        "1 test: 0 passed, 1 failed",
    ),
    "analyze-json-lines-of-valid-json-too-deep-to-read": Case(
        {
            "runs.jsonl": native("Paris").replace('"metadata": {}', f'"metadata": {DEEP}') + "\n",
            "checks.yaml": CHECKS,
        },
        ("analyze", "runs.jsonl", "--checks", "checks.yaml"),
        2,  # said to be 'the line is not valid JSON', which it was
        "runs.jsonl:1: the line is JSON nested too deeply to be a trace",
    ),
    "analyze-a-gzipped-export": Case(
        {
            "spans.jsonl": gzip.compress(f"{otlp()}\n{otlp()}\n".encode(), mtime=0),
            "checks.yaml": CHECKS,
        },
        ("analyze", "spans.jsonl", "--checks", "checks.yaml"),
        2,  # it was one error per 'line' of the compressed bytes
        "spans.jsonl: is gzip-compressed, not text; decompress it first",
    ),
    "otlp-lines-whose-resource-spans-is-text": Case(
        {"runs.jsonl": '{"resourceSpans": "Paris"}\n', "checks.yaml": CHECKS},
        ("analyze", "runs.jsonl", "--checks", "checks.yaml"),
        2,  # read as no span: 0 tests, and the run passed
        "runs.jsonl:1: resourceSpans: must be a list, got str",
    ),
    "otlp-lines-whose-spans-is-a-number": Case(
        {"runs.jsonl": _lines_of(otlp(), scopeSpans=[{"spans": 5}]), "checks.yaml": CHECKS},
        ("analyze", "runs.jsonl", "--checks", "checks.yaml"),
        2,  # TypeError: 'int' object is not iterable
        "runs.jsonl:1: resourceSpans[0].scopeSpans[0].spans: must be a list, got int",
    ),
    "otlp-lines-with-the-old-name-of-scope-spans": Case(
        {"runs.jsonl": OLD_SCOPES, "checks.yaml": CHECKS},
        ("analyze", "runs.jsonl", "--checks", "checks.yaml"),
        1,  # read as no span: 0 tests, and the run passed
        "1 test: 0 passed, 1 failed",
    ),
}
"""Name -> case."""
