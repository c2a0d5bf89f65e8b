"""A batch of traces analysed in one process: every format, start times, unreadable traces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blame.batch import Job, analyse, read
from blame.config import parse_checks
from blame.errors import TraceError
from blame.recorder import TraceRecorder
from blame.sources import Unit
from tests.otlp_fixtures import Recorder, genai_two_agents, otlp_dict

CHECKS = parse_checks([{"type": "contains", "value": "Paris"}], source="test")
JOB = Job(checks=CHECKS, threshold=1.0, keep_results=True, keep_records=True)


def native_line(answer: str, started: object = None, *, raised: str | None = None) -> str:
    rec = TraceRecorder("recorded", input="Capital of France?")
    rec.step("Writer", input="Capital of France?", output=answer)
    data = rec.finalize(final_output=answer).to_dict()
    if started is not None:
        data["metadata"]["started_at"] = started
    if raised is not None:
        data["metadata"]["error"] = raised
    return json.dumps(data)


def test_each_format_is_read_and_named() -> None:
    rec = Recorder()
    genai_two_agents(rec)
    otlp = Unit(
        origin="x.jsonl:1 (trace t)", format="otlp", documents=(otlp_dict(rec.spans()),), name="t"
    )
    chat = Unit(
        origin="c.jsonl:1",
        format="chat",
        text=json.dumps([{"name": "Solo", "role": "assistant", "content": "Paris"}]),
        name="c:1",
    )
    native = Unit(origin="n.jsonl:3", format="native", text=native_line("Paris"), name="n:3")
    outcome = analyse([otlp, chat, native], JOB)
    assert [r.name for r in outcome.results] == ["t", "c:1", "recorded"]
    assert [r.passed for r in outcome.results] == [False, True, True]
    assert outcome.aggregate.traces == 3 and outcome.aggregate.failed == 1
    assert [json.loads(line)["origin"] for line in outcome.records] == [
        "x.jsonl:1 (trace t)",
        "c.jsonl:1",
        "n.jsonl:3",
    ]


@pytest.mark.parametrize(
    ("started", "expected"),
    [
        (1_767_571_200, 1_767_571_200.0),
        ("2026-01-05T00:00:00Z", 1_767_571_200.0),
        ("2026-01-05T00:00:00", 1_767_571_200.0),
        ("yesterday", None),
        (True, None),
    ],
)
def test_a_native_trace_is_dated_by_its_started_at(started: object, expected: float | None) -> None:
    unit = Unit(origin="n:1", format="native", text=native_line("Paris", started), name="n:1")
    assert read(unit, "auto")[1] == expected


def test_an_otlp_trace_is_dated_by_its_first_span() -> None:
    rec = Recorder()
    with rec.span("run", {"openinference.span.kind": "AGENT", "output.value": "Paris"}):
        pass
    unit = Unit(origin="o", format="otlp", documents=(otlp_dict(rec.spans()),), name="o")
    assert read(unit, "auto")[1] == 1_700_000_000.0


@pytest.mark.parametrize(
    ("unit", "message"),
    [
        (Unit(origin="a.jsonl:4", format="native", text="{not json", name="a:4"), "not valid JSON"),
        (Unit(origin="a.jsonl:5", format="otlp", name="a:5"), "truncated export"),
        (Unit(origin="a.jsonl:6", format="native", text='{"steps": 3}', name="a:6"), "schema"),
        (Unit(origin="gone.json", format="auto", path="gone.json", name="gone"), "no such file"),
    ],
)
def test_an_unreadable_trace_is_one_error_naming_where_it_was_read(
    unit: Unit, message: str, tmp_path: Path
) -> None:
    good = Unit(origin="g", format="native", text=native_line("Paris"), name="g")
    outcome = analyse([unit, good], JOB)
    (error,) = outcome.errors
    assert unit.origin.split(":")[0] in error and message in error
    assert outcome.aggregate.errored == 1 and outcome.aggregate.traces == 2
    assert outcome.results[1].passed


CHAT_LINE = json.dumps({"messages": [{"name": "Solo", "role": "assistant", "content": "Paris"}]})


@pytest.mark.parametrize(
    ("guessed", "format", "text", "read_as"),
    [
        ("chat", "auto", native_line("Paris"), "native"),  # a native line in a chat file
        ("native", "auto", CHAT_LINE, "chat"),  # a chat line in a native file
        ("chat", "auto", json.dumps([{"name": "A", "content": "Paris"}]), "chat"),
        ("native", "native", native_line("Paris"), "native"),
        ("chat", "chat", CHAT_LINE, "chat"),
    ],
)
def test_a_guessed_json_lines_format_reads_each_line_as_its_keys_show(
    guessed: str, format: str, text: str, read_as: str
) -> None:
    """A JSON Lines file's format is guessed from its first line: a native trace on a later
    line of a file guessed as chat was refused as 'a chat transcript object needs a message
    list', with no hint."""
    trace, _ = read(Unit(origin="m.jsonl:2", format=guessed, text=text, name="m:2"), format)
    assert trace.metadata.get("format", "native") == read_as


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            native_line("Paris"),
            "m.jsonl:2: (top level): a chat transcript object needs a message list; it holds "
            "`steps`, as a blame trace does: read it with `--format native`",
        ),
        (
            '{"turns": []}',
            "m.jsonl:2: (top level): a chat transcript object needs a message list; put the "
            "messages under one of: history, messages, chat_history",
        ),
    ],
)
def test_a_line_read_as_chat_keeps_its_hint(text: str, error: str) -> None:
    unit = Unit(origin="m.jsonl:2", format="chat", text=text, name="m:2")
    with pytest.raises(TraceError) as caught:
        read(unit, "chat")
    assert str(caught.value) == error


def test_a_contained_batch_gives_what_one_run_in_process_gives() -> None:
    """Traces analysed one by one in forked workers (plugin code runs) come back as they would
    from this process: the same results, records, errors and counts."""
    from dataclasses import replace

    units = [
        Unit(origin="n:1", format="native", text=native_line("Paris", 1_767_571_200), name="n:1"),
        Unit(origin="n:2", format="native", text=native_line("Lyon"), name="n:2"),
        Unit(origin="bad", format="native", text="{", name="bad"),
    ]
    here = analyse(units, JOB)
    contained = analyse(units, replace(JOB, contained=True, limit_s=30.0))
    assert contained.results == here.results and contained.records == here.records
    assert contained.errors == here.errors and len(here.errors) == 1
    assert contained.aggregate.to_dict() == here.aggregate.to_dict()


@pytest.mark.parametrize(
    ("raised", "passed", "error"),
    [
        ("RuntimeError: boom", False,
         "n:1: metadata.error: the recorded run raised part-way (RuntimeError: boom); its steps "
         "until then are evaluated only to show who; store a trace of a run that finished"),
        ("", True, None),
        (None, True, None),
    ],
)  # fmt: skip
def test_a_trace_of_a_run_that_raised_is_its_error_never_a_pass(
    raised: str | None, passed: bool, error: str | None
) -> None:
    """`blame analyze` passed the trace of a LangGraph run that raised after writing "Paris"
    (exit 0), where `blame test` of the same trace says the run raised."""
    unit = Unit(origin="n:1", format="native", text=native_line("Paris", raised=raised), name="n")
    (result,) = analyse([unit], JOB).results
    assert (result.passed, result.error) == (passed, error)
    assert result.checks[0].passed  # shown, to say who, never to pass it
